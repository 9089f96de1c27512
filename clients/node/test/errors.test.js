// Every error class, each produced by the real engine (InternalError, which only an engine
// bug produces, and StorageError, which needs a failing disk, are checked through the
// code → class mapping).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  AlreadyExists,
  ERROR_CLASSES,
  InternalError,
  InvalidParams,
  InvalidRequest,
  InvalidState,
  LimitExceeded,
  MethodNotFound,
  NotFound,
  OrdoError,
  ParseError,
  StorageError,
  errorFromResponse,
} from '../index.js';
import { spawnEngine } from './helpers.js';

/** The error `promise` rejects with, checked to be a `Class` with `code`. */
async function failure(promise, Class, code) {
  const err = await promise.then(
    (value) => assert.fail(`expected ${Class.name}, got the result ${JSON.stringify(value)}`),
    (e) => e,
  );
  assert.ok(err instanceof Class, `expected ${Class.name}, got ${err?.name}: ${err?.message}`);
  assert.ok(err instanceof OrdoError);
  assert.equal(err.code, code);
  assert.equal(err.name, Class.name);
  assert.equal(typeof err.message, 'string');
  assert.ok(err.message.length > 0);
  return err;
}

test('ParseError (-32700): not JSON, and the stream continues', async () => {
  const engine = await spawnEngine();
  const err = await failure(engine.raw('{"jsonrpc": "2.0", "id": 1, "method": '), ParseError, -32700);
  assert.equal(typeof err.data.reason, 'string');
  assert.equal(err.reason, err.data.reason);
  const bad = await failure(engine.raw('{"a": tru}'), ParseError, -32700);
  assert.equal(bad.reason, 'invalid_json');
  assert.equal(bad.detail, bad.data.detail);
  assert.equal(typeof bad.detail, 'string');
  assert.equal(bad.position, bad.data.position);
  assert.equal(typeof bad.position, 'number');
  assert.deepEqual(await engine.clock.now(), { now: 0, mode: 'manual' });
  await engine.close();
});

test('ParseError: not blamed on a notification the engine read, whose text only looks unreadable', async () => {
  // The escape, the words or the brackets inside a string: the engine reads the
  // notification; the next request's parse error (nesting too deep) is that request's,
  // at once, not "answered a later request" or a timeout.
  let deep = [];
  for (let i = 0; i < 3000; i++) deep = [deep];
  const engine = await spawnEngine();
  const blamed = [];
  engine.on('protocolError', (err) => blamed.push(err.message));
  for (const [index, data] of ['a\u0000b', '['.repeat(5000), `${'1'.repeat(400)}`, { 'k\\u0000': 1 }].entries()) {
    await engine.notify('layer.add', { id: `n${index}`, data });
    await failure(engine.layers.add({ id: `d${index}`, data: deep }), ParseError, -32700);
    assert.deepEqual((await engine.layers.get({ id: `n${index}` })).data, data);
  }
  assert.deepEqual(blamed, []);
  // A NUL in a key is refused, and that error is the notification's.
  await engine.notify('layer.add', { id: 'k', data: { 'a\u0000': 1 } });
  await engine.ping();
  assert.equal(blamed.length, 1);
  assert.match(blamed[0], /nul_in_key|\\u0000/);
  await engine.close();
});

test('InvalidRequest (-32600): not a request, empty batch, too large', async () => {
  const engine = await spawnEngine({ args: ['--max-message-bytes', '2000'] });
  await failure(engine.raw('{"jsonrpc":"1.0","id":"v","method":"engine.ping"}'), InvalidRequest, -32600);
  await failure(engine.raw('42'), InvalidRequest, -32600);
  const empty = await failure(engine.batch([]), InvalidRequest, -32600);
  assert.equal(empty.method, 'batch');
  const big = await failure(engine.ping({ pad: 'x'.repeat(5000) }), InvalidRequest, -32600);
  assert.equal(big.reason, 'too_large');
  assert.equal(big.data.limit, 2000);
  assert.equal(big.limit, 2000);
  assert.deepEqual(await engine.ping(), { pong: true, at: 0 }, 'the next message is read normally');
  await engine.close();
});

test('MethodNotFound (-32601)', async () => {
  const engine = await spawnEngine();
  const err = await failure(engine.request('layer.ad', { id: 'x' }), MethodNotFound, -32601);
  assert.deepEqual(err.data, { method: 'layer.ad', suggestion: 'layer.add' });
  assert.equal(err.method, 'layer.ad');
  assert.equal(err.rpcMethod, 'layer.ad');
  assert.equal(err.suggestion, 'layer.add');
  assert.match(err.message, /Did you mean "layer\.add"\?/);
  const far = await failure(engine.request('layer.nothing'), MethodNotFound, -32601);
  assert.equal(far.suggestion, undefined);
  await engine.close();
});

test('InvalidParams (-32602): path and expected', async () => {
  const engine = await spawnEngine();
  const neg = await failure(engine.clock.advance({ ms: -1 }), InvalidParams, -32602);
  assert.equal(neg.path, '/ms');
  assert.equal(typeof neg.expected, 'string');
  assert.deepEqual(neg.data, { path: neg.path, expected: neg.expected });
  const missing = await failure(engine.clock.advance({}), InvalidParams, -32602);
  assert.equal(missing.path, '/ms');
  const unknown = await failure(engine.clock.advance({ ms: 1, mss: 2 }), InvalidParams, -32602);
  assert.equal(unknown.path, '/mss');
  assert.equal(unknown.suggestion, undefined, 'ms is given as well: no slip of it');
  const alone = await failure(engine.clock.advance({ mss: 2 }), InvalidParams, -32602);
  assert.equal(alone.path, '/mss');
  assert.equal(alone.suggestion, 'ms', 'an unknown key: the parameter it looks like a slip of');
  assert.match(alone.message, /Did you mean "ms"\?$/);
  assert.equal(neg.suggestion, undefined);
  const slip = await failure(engine.alerts.enqueue({ type: 't', delay_ms: 5 }), InvalidParams, -32602);
  assert.equal(slip.suggestion, 'delayMs');
  const frac = await failure(engine.clock.advance({ ms: 1.5 }), InvalidParams, -32602);
  assert.equal(frac.path, '/ms');
  assert.deepEqual(await engine.clock.advance({ ms: 1.0 }), { now: 1 }, '1.0 counts as the integer 1');
  const huge = await failure(engine.clock.advance({ ms: 2 ** 53 }), InvalidParams, -32602);
  assert.equal(huge.path, '/ms');
  await engine.close();
});

test('InvalidParams (-32602): a JSON Pointer into nested params', async () => {
  const engine = await spawnEngine();
  const deep = await failure(
    engine.layers.add({ id: 'l', frame: { x: 0, y: 0, width: -5, height: 1 } }),
    InvalidParams,
    -32602,
  );
  assert.equal(deep.path, '/frame/width');
  await engine.close();
});

test('InternalError (-32603) and unknown codes map to their classes', () => {
  const err = errorFromResponse({ code: -32603, message: 'bug', data: {} }, 'layer.add');
  assert.ok(err instanceof InternalError);
  assert.equal(err.code, -32603);
  assert.equal(err.method, 'layer.add');
  const other = errorFromResponse({ code: -31999, message: 'vendor', data: 1 });
  assert.equal(other.constructor, OrdoError);
  assert.equal(other.data, 1);
  for (const [code, Class] of Object.entries(ERROR_CLASSES)) {
    assert.equal(Class.code, Number(code));
    assert.ok(errorFromResponse({ code: Number(code), message: 'm' }) instanceof Class);
  }
});

test('StorageError (-32005) maps with its reason and detail', () => {
  const data = { reason: 'disk_full', detail: 'database or disk is full' };
  const err = errorFromResponse({ code: -32005, message: 'Storage error', data }, 'alert.enqueue');
  assert.ok(err instanceof StorageError);
  assert.ok(err instanceof OrdoError);
  assert.equal(err.name, 'StorageError');
  assert.equal(err.code, -32005);
  assert.equal(StorageError.code, -32005);
  assert.equal(ERROR_CLASSES[-32005], StorageError);
  assert.equal(err.message, 'Storage error');
  assert.equal(err.method, 'alert.enqueue');
  assert.deepEqual(err.data, data);
  assert.equal(err.reason, 'disk_full');
  assert.equal(err.detail, 'database or disk is full');
  // Without data (not what the engine sends, but the getters must not throw).
  const bare = errorFromResponse({ code: -32005, message: 'm' });
  assert.ok(bare instanceof StorageError);
  assert.equal(bare.reason, undefined);
  assert.equal(bare.detail, undefined);
});

test('NotFound (-32001): unknown layer and alert ids', async () => {
  const engine = await spawnEngine();
  const layer = await failure(engine.layers.get({ id: 'nope' }), NotFound, -32001);
  assert.deepEqual(layer.data, { kind: 'layer', id: 'nope' });
  assert.equal(layer.kind, 'layer');
  assert.equal(layer.id, 'nope');
  const alert = await failure(engine.alerts.get({ id: 'nope2' }), NotFound, -32001);
  assert.deepEqual(alert.data, { kind: 'alert', id: 'nope2' });
  assert.equal(alert.id, 'nope2');
  await engine.close();
});

test('AlreadyExists (-32002): duplicate layer id, alert id, dedupe key', async () => {
  const engine = await spawnEngine();
  await engine.layers.add({ id: 'a' });
  const layer = await failure(engine.layers.add({ id: 'a' }), AlreadyExists, -32002);
  assert.deepEqual(layer.data, { kind: 'layer', id: 'a' });
  await engine.alerts.enqueue({ type: 't', id: 'A' });
  const alert = await failure(engine.alerts.enqueue({ type: 't', id: 'A' }), AlreadyExists, -32002);
  assert.equal(alert.kind, 'alert');
  await engine.alerts.enqueue({ type: 't', id: 'K1', key: 'k' });
  const key = await failure(engine.alerts.enqueue({ type: 't', id: 'K2', key: 'k', onDuplicate: 'error' }), AlreadyExists, -32002);
  assert.equal(key.kind, 'key');
  assert.equal(key.id, 'k');
  assert.equal(alert.id, 'A');
  await engine.close();
});

test('InvalidState (-32003): after shutdown; clock.advance on the system clock', async () => {
  const engine = await spawnEngine();
  await engine.shutdown();
  const after = await failure(engine.ping(), InvalidState, -32003);
  assert.equal(typeof after.reason, 'string');
  await engine.exit();
  assert.equal((await engine.exited).exitCode, 0);
  const system = await spawnEngine({ clock: 'system' });
  const clock = await failure(system.clock.advance({ ms: 1 }), InvalidState, -32003);
  assert.equal(clock.reason, 'system_clock');
  await system.close();
});

test('InvalidState (-32003): a layer moved under its own descendant', async () => {
  const engine = await spawnEngine();
  await engine.layers.add({ id: 'p' });
  await engine.layers.add({ id: 'c', parent: 'p' });
  const cycle = await failure(engine.layers.move({ id: 'p', parent: 'c' }), InvalidState, -32003);
  assert.equal(cycle.reason, 'cycle');
  await engine.close();
});

test('InvalidState (-32003): popping an empty navigation stack', async () => {
  const engine = await spawnEngine();
  const pop = await failure(engine.nav.pop(), InvalidState, -32003);
  assert.equal(pop.reason, 'empty_stack');
  await engine.close();
});

test('InvalidState (-32003): completing an alert that is not showing', async () => {
  const engine = await spawnEngine();
  await engine.alerts.enqueue({ type: 't', id: 'A' });
  await engine.alerts.enqueue({ type: 't', id: 'B' });
  const err = await failure(engine.alerts.complete({ id: 'B' }), InvalidState, -32003);
  assert.equal(err.reason, 'not_showing');
  assert.equal(err.state, 'pending');
  await engine.close();
});

test('LimitExceeded (-32004): --max-batch', async () => {
  const engine = await spawnEngine({ args: ['--max-batch', '2'] });
  const err = await failure(
    engine.batch([{ method: 'engine.ping' }, { method: 'engine.ping' }, { method: 'engine.ping' }]),
    LimitExceeded,
    -32004,
  );
  assert.equal(err.limitName, 'maxBatch');
  assert.equal(err.name, 'LimitExceeded', 'name stays the class name');
  assert.equal(err.limit, 2);
  assert.equal(err.value, 3);
  await engine.close();
});

test('LimitExceeded (-32004): --max-layers and --max-alerts', async () => {
  const engine = await spawnEngine({ args: ['--max-layers', '2', '--max-alerts', '1'] });
  await engine.layers.add({ id: 'a' });
  await engine.layers.add({ id: 'b' });
  const layers = await failure(engine.layers.add({ id: 'c' }), LimitExceeded, -32004);
  assert.deepEqual(layers.data, { name: 'maxLayers', limit: 2, value: 3 });
  await engine.alerts.enqueue({ type: 't', id: 'A' });
  const alerts = await failure(engine.alerts.enqueue({ type: 't', id: 'B' }), LimitExceeded, -32004);
  assert.deepEqual(alerts.data, { name: 'maxAlerts', limit: 1, value: 2 });
  await engine.close();
});
