// index.d.ts against the schema's components: every component has a type of the same name,
// object schemas have the same properties with the same required-ness, string enums the
// same members (params a method marks `"x-lsp": true` excepted). Catches the hand-written
// types drifting from schema/openrpc.json.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const schema = JSON.parse(readFileSync(new URL('../../../schema/openrpc.json', import.meta.url), 'utf8'));
const dts = readFileSync(new URL('../index.d.ts', import.meta.url), 'utf8');

/** The declarations without comments. */
function stripComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** `export interface Name {…}` → Map of top-level property name → optional? */
function interfaces(text) {
  const out = new Map();
  const re = /export interface (\w+)(?: extends [^{]+)? \{/g;
  for (let m; (m = re.exec(text)); ) {
    let depth = 1;
    let i = re.lastIndex;
    let line = '';
    const props = new Map();
    for (; i < text.length && depth > 0; i++) {
      const ch = text[i];
      if (ch === '\n') {
        const prop = /^\s*(?:readonly\s+)?'?([A-Za-z_$][\w.$]*)'?(\?)?:(.*)$/.exec(line);
        if (prop) props.set(prop[1], { optional: Boolean(prop[2]), type: prop[3].trim().replace(/;$/, '') });
        line = '';
        continue;
      }
      if (ch === '{' || ch === '(' || ch === '[' || ch === '<') depth++;
      if (ch === '}' || ch === ')' || ch === ']' || (ch === '>' && text[i - 1] !== '=')) depth--;
      if (depth === 1 || (depth === 2 && '{([<'.includes(ch))) line += ch;
    }
    out.set(m[1], props);
  }
  return out;
}

/** `export type Name = …;` → the right-hand side. */
function aliases(text) {
  const out = new Map();
  const re = /export type (\w+)(?:<[^>]*>)? =([^;]*);/g;
  for (let m; (m = re.exec(text)); ) out.set(m[1], m[2].trim());
  return out;
}

/** Does a property schema accept null (directly, through anyOf, or through a $ref)? */
function schemaAllowsNull(p) {
  if (p.$ref) return schemaAllowsNull(schema.components.schemas[p.$ref.split('/').pop()] ?? {});
  if (p.type === 'null' || (Array.isArray(p.type) && p.type.includes('null'))) return true;
  if (p.anyOf) return p.anyOf.some(schemaAllowsNull);
  return false;
}

/** Does a d.ts type text admit null? (one level of alias: NullableId) */
function typeAllowsNull(type) {
  return /(^|[^\w])null([^\w]|$)/.test(type) || /\bNullableId\b/.test(type) || type === 'unknown';
}

/**
 * Params component name → the names of its members marked `"x-lsp": true` on the method
 * (LSP's InitializeParams members, there for editors' LSP clients: ignored, but for
 * initializationOptions, whose `clock` the top-level `clock` covers): the client need not
 * type them, so they are left out of the comparison (schema/README.md, `x-lsp`).
 */
const lspParams = new Map();
for (const m of schema.methods) {
  const ref = m['x-params-schema']?.$ref;
  if (!ref) continue;
  const names = m.params.filter((p) => p['x-lsp'] === true).map((p) => p.name);
  lspParams.set(ref.split('/').pop(), new Set(names));
}

const ifaces = interfaces(stripComments(dts));
const types = aliases(stripComments(dts));

for (const [name, s] of Object.entries(schema.components.schemas)) {
  test(`index.d.ts: ${name}`, () => {
    assert.ok(ifaces.has(name) || types.has(name), `index.d.ts declares no type ${name}`);
    if (Array.isArray(s.enum) && s.enum.every((v) => typeof v === 'string')) {
      const members = [...types.get(name).matchAll(/'([^']*)'/g)].map((x) => x[1]);
      assert.deepEqual(members.sort(), [...s.enum].sort(), `${name} members`);
      return;
    }
    if (s.type !== 'object' || !s.properties) return;
    const required = new Set(s.required ?? []);
    const lsp = lspParams.get(name) ?? new Set();
    const schemaProps = Object.keys(s.properties).filter((key) => !lsp.has(key));
    if (!ifaces.has(name)) {
      const alias = types.get(name);
      if (schemaProps.length === 0) {
        const open = s.additionalProperties !== false;
        assert.equal(alias, open ? 'Record<string, unknown>' : 'NoParams', `${name} takes no params`);
        return;
      }
      assert.fail(`${name} should be an interface`);
    }
    const props = ifaces.get(name);
    const typed = [...props.keys()].filter((key) => !lsp.has(key));
    assert.deepEqual(typed.sort(), [...schemaProps].sort(), `${name} properties`);
    const problems = [];
    for (const key of schemaProps) {
      const { optional, type } = props.get(key);
      if (optional === required.has(key)) {
        problems.push(`${name}.${key} should be ${required.has(key) ? 'required' : 'optional'}`);
      }
      const p = s.properties[key];
      const anyJson = Object.keys(p).every((k) => k === 'description' || k === 'default');
      const anyButNull = p.not?.type === 'null' && !p.type && !p.$ref && !p.anyOf;
      if (anyJson || anyButNull) {
        if (type !== 'unknown') problems.push(`${name}.${key} is any JSON: unknown, not ${type}`);
      } else if (typeAllowsNull(type) !== schemaAllowsNull(p)) {
        problems.push(`${name}.${key}: null is ${schemaAllowsNull(p) ? '' : 'not '}allowed (d.ts: ${type})`);
      }
    }
    assert.deepEqual(problems, []);
  });
}

test('index.d.ts declares every EventEmitter method an Engine has at runtime', async () => {
  // An Engine is a Node EventEmitter: a method it has that the types leave out
  // (setMaxListeners, prependOnceListener, …) does not compile in TypeScript.
  const { EventEmitter } = await import('node:events');
  const start = dts.indexOf('export declare class Engine {');
  const body = stripComments(dts.slice(start, dts.indexOf('\n}\n', start)));
  const declared = new Set([...body.matchAll(/^\s*(\w+)(?:<[^>]*>)?\(/gm)].map((m) => m[1]));
  const emitter = Object.getOwnPropertyNames(EventEmitter.prototype).filter(
    (name) => name !== 'constructor' && typeof EventEmitter.prototype[name] === 'function',
  );
  assert.deepEqual(emitter.filter((name) => !declared.has(name)), []);
});

/** The schema components a method's params reach (through $ref, at any depth). */
function paramsComponents() {
  const found = new Set();
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/')) {
      const name = node.$ref.split('/').pop();
      if (found.has(name)) return;
      found.add(name);
      visit(schema.components.schemas[name]);
    }
    for (const value of Object.values(node)) visit(value);
  };
  for (const m of schema.methods) {
    visit(m['x-params-schema']);
    visit(m.params);
  }
  return found;
}

test('index.d.ts: every optional member of an input type accepts undefined', () => {
  // Under `exactOptionalPropertyTypes` a `?: T` member may be left out but not given as
  // `undefined`; the client leaves out members that are undefined (as JSON.stringify does),
  // so what a user passes says `?: T | undefined` (`unknown` holds undefined already).
  const inputs = new Set([...paramsComponents(), 'BatchEntry', 'DecoderHandlers']);
  for (const name of ifaces.keys()) if (/(Params|Options)$/.test(name)) inputs.add(name);
  const problems = [];
  for (const name of inputs) {
    const props = ifaces.get(name);
    if (props === undefined) continue; // an alias (NoParams, a scalar)
    for (const [key, { optional, type }] of props) {
      if (optional && type !== 'unknown' && !/(^|\|)\s*undefined\s*$/.test(type)) {
        problems.push(`${name}.${key}: ${type}`);
      }
    }
  }
  // Methods of an input interface written `name?(…)` are not members the parser sees.
  for (const name of inputs) {
    const start = dts.indexOf(`export interface ${name} `);
    if (start === -1) continue;
    const body = stripComments(dts.slice(start, dts.indexOf('\n}\n', start)));
    for (const m of body.matchAll(/^\s*(\w+)\?\(/gm)) problems.push(`${name}.${m[1]}?(…): write it as a member`);
  }
  assert.ok(inputs.has('LayerAddParams') && inputs.has('CallOptions') && inputs.has('FrequencyLimitSpec'));
  assert.deepEqual(problems, []);
});

/** `name(…)` declarations of `export declare class <cls>` → Map name → parameter count. */
function declaredMethods(cls) {
  const start = dts.indexOf(`export declare class ${cls} `);
  assert.notEqual(start, -1, `index.d.ts declares no class ${cls}`);
  const body = stripComments(dts.slice(start, dts.indexOf('\n}\n', start)));
  const out = new Map();
  for (const m of body.matchAll(/^\s*(\w+)(?:<[^>]*>)?\(/gm)) {
    let depth = 1;
    let commas = 0;
    let text = '';
    for (let i = m.index + m[0].length; depth > 0; i++) {
      const ch = body[i];
      if ('([{<'.includes(ch)) depth++;
      else if (')]}'.includes(ch) || (ch === '>' && body[i - 1] !== '=')) depth--;
      else if (ch === ',' && depth === 1) commas++;
      if (depth > 0) text += ch;
    }
    const count = text.trim() === '' ? 0 : commas + 1 - (/,\s*$/.test(text) ? 1 : 0);
    out.set(m[1], Math.max(out.get(m[1]) ?? 0, count));
  }
  return out;
}

test('index.d.ts declares the low-level API as it is at runtime', async () => {
  // Methods (and parameters) the runtime has that the types left out: notifyRaw's `signal`,
  // ProcessTransport's release() and `onEnd` option, framingFor's encodeAll.
  const client = await import('../index.js');
  const problems = [];
  for (const cls of ['Endpoint', 'ProcessTransport', 'NdjsonDecoder', 'LspDecoder']) {
    const declared = declaredMethods(cls);
    const proto = client[cls].prototype;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const fn = Object.getOwnPropertyDescriptor(proto, name).value;
      if (typeof fn !== 'function') continue;
      if (!declared.has(name)) problems.push(`${cls}.${name} is not declared`);
      else if (declared.get(name) < fn.length) problems.push(`${cls}.${name} declares ${declared.get(name)} of ${fn.length} parameters`);
    }
  }
  const start = dts.indexOf('export declare function framingFor(');
  const framingDecl = stripComments(dts.slice(start, dts.indexOf('};', start)));
  for (const key of Object.keys(client.framingFor('ndjson'))) {
    if (!new RegExp(`^\\s*${key}\\(`, 'm').test(framingDecl)) problems.push(`framingFor(…).${key} is not declared`);
  }
  const transportSource = readFileSync(new URL('../src/node/transport.js', import.meta.url), 'utf8');
  const pattern = /^\s*constructor\(child, \{([\s\S]*?)\} = \{\}\) \{$/m.exec(transportSource);
  assert.ok(pattern, 'ProcessTransport constructor(child, {…} = {}) in transport.js');
  const options = ifaces.get('ProcessTransportOptions');
  for (const name of pattern[1].split(',').map((part) => part.split('=')[0].trim())) {
    if (!options.has(name)) problems.push(`ProcessTransportOptions.${name} is not declared`);
  }
  assert.deepEqual(problems, []);
});
