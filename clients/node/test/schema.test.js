// The client against schema/openrpc.json: fails when the schema has a method, event or
// error code the client lacks (or the client has one the schema dropped).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { ERROR_CLASSES, EVENTS, InvalidParams, METHODS } from '../index.js';
import { spawnEngine } from './helpers.js';

const schema = JSON.parse(readFileSync(new URL('../../../schema/openrpc.json', import.meta.url), 'utf8'));
const schemaMethods = schema.methods.map((m) => m.name);

function resolvePath(object, path) {
  return path.split('.').reduce((o, key) => o?.[key], object);
}

test('every schema method has a client wrapper, and the client has no stale ones', () => {
  const client = METHODS.map((m) => m.method);
  assert.deepEqual(
    schemaMethods.filter((name) => !client.includes(name)),
    [],
    'schema methods missing from src/common/methods.js (and index.d.ts)',
  );
  assert.deepEqual(client.filter((name) => !schemaMethods.includes(name)), [], 'client methods not in the schema');
  for (const m of schema.methods) {
    const entry = METHODS.find((e) => e.method === m.name);
    assert.equal(Boolean(entry.notification), Boolean(m['x-notification']), `${m.name}: notification flag`);
  }
});

test('every wrapper exists on an Engine and reaches its method on the real engine', async () => {
  const engine = await spawnEngine();
  for (const { method, path, notification } of METHODS) {
    const fn = resolvePath(engine, path);
    assert.equal(typeof fn, 'function', `engine.${path} for ${method}`);
    if (notification) continue;
    // An unknown parameter is refused by the method itself (a wrong name would be MethodNotFound).
    const err = await fn({ __probe: 1 }).then(
      () => assert.fail(`${method} accepted an unknown parameter`),
      (e) => e,
    );
    assert.ok(err instanceof InvalidParams, `${method}: ${err.name}: ${err.message}`);
    assert.equal(err.path, '/__probe', method);
    assert.equal(err.method, method);
  }
  await engine.close();
});

test('the engine serves every schema method (initialize.methods)', async () => {
  const engine = await spawnEngine();
  const { methods } = await engine.initialize();
  assert.deepEqual([...methods].sort(), [...schemaMethods].sort());
  await engine.close();
});

test('every schema event is known to the client', () => {
  const events = (schema['x-events'] ?? []).map((e) => e.name);
  assert.deepEqual([...EVENTS].sort(), [...events].sort());
});

test('every schema error has a class with its code and name', () => {
  for (const [name, error] of Object.entries(schema.components.errors)) {
    const Class = ERROR_CLASSES[error.code];
    assert.ok(Class, `no class for ${name} (${error.code})`);
    assert.equal(Class.name, name);
    assert.equal(Class.code, error.code);
  }
  assert.equal(Object.keys(ERROR_CLASSES).length, Object.keys(schema.components.errors).length);
});

test('index.d.ts types every schema method and event by name', () => {
  const dts = readFileSync(new URL('../index.d.ts', import.meta.url), 'utf8');
  const block = (name) => {
    const start = dts.indexOf(`export interface ${name} {`);
    assert.ok(start >= 0, `interface ${name}`);
    return dts.slice(start, dts.indexOf('\n}\n', start));
  };
  const methods = block('OrdoMethods');
  for (const name of schemaMethods) {
    assert.match(methods, new RegExp(`\\n  '?${name.replace('.', '\\.')}'?: \\{ params: \\w+; result: `), `OrdoMethods['${name}']`);
  }
  const events = block('OrdoEvents');
  for (const name of EVENTS) assert.ok(events.includes(`'${name}':`), `OrdoEvents['${name}']`);
  // Each wrapper is declared on Engine or its namespace interfaces.
  const namespaces = { clock: 'ClockMethods', layers: 'LayerMethods', alerts: 'AlertMethods', nav: 'NavMethods', events: 'EventMethods' };
  const engineClass = dts.slice(dts.indexOf('export declare class Engine {'));
  for (const { path } of METHODS) {
    const parts = path.split('.');
    const where = parts.length === 1 ? engineClass.slice(0, engineClass.indexOf('\n}\n')) : block(namespaces[parts[0]]);
    assert.match(where, new RegExp(`\\n  ${parts[parts.length - 1]}\\(`), `declaration of engine.${path}`);
  }
});
