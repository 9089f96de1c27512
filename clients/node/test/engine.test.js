// The lifecycle and engine methods, both framings, batches and the generic call paths.

import assert from 'node:assert/strict';
import { on, once } from 'node:events';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { describe, test } from 'node:test';

import { spawn } from 'node:child_process';

import {
  Endpoint,
  Engine,
  EngineExitedError,
  InternalError,
  InvalidParams,
  InvalidState,
  MethodNotFound,
  ProcessTransport,
  TimeoutError,
} from '../index.js';
import { BIN, spawnEngine } from './helpers.js';

const schema = JSON.parse(readFileSync(new URL('../../../schema/openrpc.json', import.meta.url), 'utf8'));

for (const framing of ['ndjson', 'lsp']) {
  describe(`${framing} framing`, () => {
    test('initialize reports the framing, the clock and the methods', async () => {
      const engine = await spawnEngine({ framing });
      const init = await engine.initialize({ clientInfo: { name: 'ordo-node-test', version: '0' } });
      assert.equal(init.serverInfo.name, 'ordo');
      assert.equal(typeof init.serverInfo.version, 'string');
      assert.equal(init.protocolVersion, '1');
      assert.equal(init.framing, framing);
      assert.equal(init.clock, 'manual');
      assert.ok(init.methods.includes('engine.ping'));
      await engine.close();
    });

    test('ping, stats, clock, reset', async () => {
      const engine = await spawnEngine({ framing });
      assert.deepEqual(await engine.ping(), { pong: true, at: 0 });
      assert.deepEqual(await engine.clock.now(), { now: 0, mode: 'manual' });
      assert.deepEqual(await engine.clock.advance({ ms: 250 }), { now: 250 });
      assert.deepEqual(await engine.ping(), { pong: true, at: 250 });
      const stats = await engine.stats();
      assert.equal(stats.layers, 0);
      assert.deepEqual(stats.alerts, { scheduled: 0, pending: 0, showing: 0, suspended: 0, ended: 0 });
      assert.equal(stats.requests, 5);
      assert.equal(typeof stats.uptimeMs, 'number');
      assert.equal(await engine.reset(), null);
      assert.deepEqual(await engine.clock.now(), { now: 0, mode: 'manual' }, 'reset: a manual clock goes back to 0');
      await engine.close();
    });

    test('a large message round-trips (rpc.discover, ~the whole schema)', async () => {
      const engine = await spawnEngine({ framing });
      const doc = await engine.discover();
      assert.match(doc.openrpc, /^1\.3\.\d+$/);
      assert.equal(doc.info.title, 'Ordo');
      assert.ok(doc.methods.length >= 9);
      // A 4 MiB parameter through the engine's reader: an InvalidParams answer, not a hang.
      await assert.rejects(engine.ping({ pad: 'p'.repeat(4 * 1024 * 1024) }), InvalidParams);
      await engine.close();
    });

    test('non-ASCII text round-trips (LSP lengths count bytes)', async () => {
      const engine = await spawnEngine({ framing });
      const data = { title: '红包 🧧', note: 'é\u2028x\u0000y', list: ['ä', '😀'.repeat(1000)] };
      const layer = await engine.layers.add({ id: '红包🧧', data });
      assert.equal(layer.id, '红包🧧');
      assert.deepEqual(layer.data, data);
      assert.deepEqual((await engine.layers.get({ id: '红包🧧' })).data, data);
      await engine.close();
    });

    test('a batch: answers in entry order, errors in place, notifications unanswered', async () => {
      const engine = await spawnEngine({ framing });
      const settled = await engine.batch([
        { method: 'clock.advance', params: { ms: 5 } },
        { method: 'engine.ping', notification: true },
        { method: 'no.such' },
        { method: 'clock.now' },
      ]);
      assert.equal(settled.length, 4);
      assert.deepEqual(settled[0], { ok: true, result: { now: 5 } });
      assert.deepEqual(settled[1], { ok: true, result: undefined });
      assert.equal(settled[2].ok, false);
      assert.ok(settled[2].error instanceof MethodNotFound);
      assert.deepEqual(settled[2].error.data, { method: 'no.such' });
      assert.deepEqual(settled[3], { ok: true, result: { now: 5, mode: 'manual' } });
      // Only notifications: nothing is written back; the call resolves once sent.
      assert.deepEqual(await engine.batch([{ method: 'clock.advance', params: { ms: 1 }, notification: true }]), [
        { ok: true, result: undefined },
      ]);
      assert.deepEqual(await engine.clock.now(), { now: 6, mode: 'manual' });
      await engine.close();
    });
  });
}

test('auto framing: the engine detects LSP from the first bytes', async () => {
  const engine = await spawnEngine({ framing: 'lsp', args: ['--framing', 'auto'] });
  assert.deepEqual(engine.args.filter((a) => a === '--framing'), ['--framing']);
  assert.equal((await engine.initialize()).framing, 'lsp');
  await engine.close();
});

test('the system clock moves on its own; clock.advance is refused on it', async () => {
  const engine = await spawnEngine({ clock: 'system' });
  assert.equal((await engine.clock.now()).mode, 'system');
  const err = await engine.clock.advance({ ms: 1 }).catch((e) => e);
  assert.ok(err instanceof InvalidState);
  assert.equal(err.reason, 'system_clock');
  await engine.close();
});

test('initialize chooses the clock', async () => {
  const engine = await spawnEngine({ clock: undefined });
  assert.equal((await engine.initialize({ clock: 'manual' })).clock, 'manual');
  assert.deepEqual(await engine.clock.advance({ ms: 3 }), { now: 3 });
  await engine.close();
});

test('shutdown, then every request but exit is refused; exit after shutdown exits 0', async () => {
  const engine = await spawnEngine();
  assert.equal(await engine.shutdown(), null);
  const err = await engine.ping().catch((e) => e);
  assert.ok(err instanceof InvalidState, String(err));
  assert.equal(err.method, 'engine.ping');
  await engine.exit();
  assert.deepEqual(await engine.exited, { exitCode: 0, signal: null });
});

test('exit without shutdown exits 1 (the LSP rule)', async () => {
  const engine = await spawnEngine();
  await engine.exit();
  assert.deepEqual(await engine.exited, { exitCode: 1, signal: null });
});

test('batch entries after an exit never run: each holds the EngineExitedError of the exit', async () => {
  const engine = await spawnEngine({ timeout: 60_000 });
  const settled = await engine.batch([
    { method: 'engine.ping' },
    { method: 'exit', notification: true },
    { method: 'engine.ping' },
    { method: 'layer.add', params: { id: 'a' } },
  ]);
  assert.equal(settled[0].ok, true);
  assert.deepEqual(settled[1], { ok: true, result: undefined });
  for (const entry of settled.slice(2)) {
    assert.equal(entry.ok, false);
    assert.ok(entry.error instanceof EngineExitedError, String(entry.error));
    assert.equal(entry.error.exitCode, 1);
  }
  // The batch resolved after the exit: the engine's status is known, later calls fail at once.
  assert.deepEqual(engine.exitInfo, { exitCode: 1, signal: null });
  await assert.rejects(engine.ping(), EngineExitedError);
});

test('a batch entry that is no object is a TypeError, rejected (not thrown) before anything is written', async () => {
  // batch([null]) threw synchronously ("Cannot read properties of null") out of a method
  // that otherwise always returns a promise.
  const engine = await spawnEngine();
  const sent = [];
  engine.on('protocolError', (e) => sent.push(e));
  for (const entries of [[null], [{ method: 'engine.ping' }, null], [{ method: 'engine.ping' }, 5]]) {
    let result;
    assert.doesNotThrow(() => {
      result = engine.batch(entries);
    });
    await assert.rejects(result, (err) => err instanceof TypeError && /batch entry 1|batch entry 0/.test(err.message));
  }
  assert.deepEqual((await engine.stats()).requests, 1); // only this one reached the engine
  assert.deepEqual(sent, []);
  await engine.close();
});

test('a timeout that is negative, NaN or no number is refused before anything is written', async () => {
  await assert.rejects(spawnEngine({ timeout: -1 }), RangeError);
  await assert.rejects(spawnEngine({ timeout: Number.NaN }), RangeError);
  const engine = await spawnEngine();
  for (const timeout of [-1, Number.NaN, '5', null]) {
    await assert.rejects(engine.layers.add({ id: 'a' }, { timeout }), /timeout must be a number of ms >= 0/);
    await assert.rejects(engine.batch([{ method: 'engine.ping' }], { timeout }), RangeError);
    await assert.rejects(engine.waitFor('alert.show', { timeout }), RangeError);
  }
  assert.equal((await engine.stats()).layers, 0);
  // 0, Infinity and more than a timer holds wait without limit (a longer timer fired at once).
  for (const timeout of [0, Infinity, 2 ** 31, 1e12]) {
    assert.equal((await engine.layers.add({}, { timeout })).id.startsWith('layer-'), true);
  }
  await engine.close();
});

test('waitFor refuses a name that is no event (it would wait forever)', async () => {
  const engine = await spawnEngine();
  await assert.rejects(engine.waitFor('alert.shows'), {
    name: 'TypeError',
    message:
      'unknown event "alert.shows": the engine sends alert.show, alert.hide, alert.update, alert.idle, alert.changed (\'*\': any of them)',
  });
  const shown = engine.waitFor('alert.show', { timeout: 5000 });
  await engine.alerts.enqueue({ type: 'toast', id: 'a' });
  assert.equal((await shown).alert.id, 'a');
  await engine.close();
});

test('on() and its kin refuse a name that is neither an engine event nor one of the client (it would never be called)', async () => {
  const engine = await spawnEngine();
  const message =
    'unknown event "alert.shown": the engine sends alert.show, alert.hide, alert.update, alert.idle, ' +
    "alert.changed; the client emits notification, stderr, protocolError, exit ('notification': every engine event)";
  for (const add of ['on', 'addListener', 'once', 'prependListener', 'prependOnceListener']) {
    assert.throws(() => engine[add]('alert.shown', () => {}), { name: 'TypeError', message }, add);
    assert.throws(() => engine[add]('*', () => {}), TypeError, add);
  }
  assert.equal(engine.listenerCount('alert.show'), 0);
  // Every name that is emitted is taken, and symbols and EventEmitter's own.
  const seen = [];
  for (const name of ['alert.show', 'notification', 'stderr', 'protocolError', 'exit', 'newListener']) {
    engine.on(name, () => seen.push(name));
  }
  engine.once(Symbol('mine'), () => {});
  engine.on('error', () => {}); // EventEmitter's own (events.once and events.on listen to it)
  const exited = once(engine, 'exit');
  const shows = on(engine, 'alert.show');
  engine.prependListener('alert.show', () => seen.push('first'));
  await engine.alerts.enqueue({ type: 'toast', id: 'a' });
  assert.deepEqual(seen.slice(-3), ['first', 'alert.show', 'notification']);
  assert.equal((await shows.next()).value[0].alert.id, 'a');
  await shows.return();
  await engine.close();
  assert.equal(seen.at(-1), 'exit');
  assert.deepEqual(await exited, [{ exitCode: 0, signal: null }]);
});

test("waitFor('*') resolves with the next event of any name, as {name, params} (Python's wait_for('*'))", async () => {
  const engine = await spawnEngine();
  const any = engine.waitFor('*', { timeout: 5000 });
  const hidden = engine.waitFor('*', (e) => e.name === 'alert.hide' && e.params.id === 'a', { timeout: 5000 });
  await engine.alerts.enqueue({ type: 'toast', id: 'a' });
  const first = await any;
  assert.equal(first.name, 'alert.show');
  assert.equal(first.params.alert.id, 'a');
  await engine.alerts.cancel({ id: 'a' });
  assert.deepEqual(Object.keys(await hidden), ['name', 'params']);
  assert.equal((await hidden).params.reason, 'cancelled');
  assert.equal(engine.listenerCount('notification'), 0); // told by emit, as a named waitFor
  // Not an event name: the waiters of '*' are only told of events (no 'stderr', 'exit', …).
  const other = engine.waitFor('*', (e) => e.name !== 'alert.hide', { timeout: 50 });
  engine.emit('stderr', 'noise');
  await assert.rejects(other, {
    name: 'TimeoutError',
    message: /waiting for any event timed out after 50 ms/,
  });
  await engine.close();
});

test("waitFor('*') waiting while the engine writes stderr is told only of engine events", async () => {
  const engine = await spawnEngine();
  const any = engine.waitFor('*', { timeout: 5000 });
  const warned = once(engine, 'stderr');
  await engine.notify('layer.remove', { id: 'missing' }); // fails: the engine warns on stderr
  const [text] = await warned;
  assert.match(text, /layer\.remove/);
  await engine.alerts.enqueue({ type: 'toast', id: 'a' });
  const first = await any;
  assert.equal(first.name, 'alert.show');
  assert.equal(first.params.alert.id, 'a');
  await engine.close();
});

test('waitFor rejects with the error its predicate throws', async () => {
  const engine = await spawnEngine();
  const boom = new Error('predicate failed');
  const waiting = engine.waitFor('alert.show', () => {
    throw boom;
  });
  await engine.alerts.enqueue({ type: 'toast', id: 'a' });
  await assert.rejects(waiting, (err) => err === boom);
  await engine.close();
});

test('close() is shutdown + exit, is idempotent, and resolves with the exit status', async () => {
  const engine = await spawnEngine();
  const seen = [];
  engine.on('exit', (info) => seen.push(info));
  const [a, b] = await Promise.all([engine.close(), engine.close()]);
  assert.deepEqual(a, { exitCode: 0, signal: null });
  assert.equal(a, b);
  assert.deepEqual(seen, [{ exitCode: 0, signal: null }]);
  assert.deepEqual(await engine.close(), a);
});

test('request() and notify() reach any method by name', async () => {
  const engine = await spawnEngine();
  await engine.notify('clock.advance', { ms: 7 });
  assert.deepEqual(await engine.request('clock.now'), { now: 7, mode: 'manual' });
  const err = await engine.request('layer.ad', {}).catch((e) => e);
  assert.ok(err instanceof MethodNotFound);
  assert.equal(err.data.method, 'layer.ad');
  await engine.close();
});

test('params: omitted and [] are the same; a non-empty array is InvalidParams', async () => {
  const engine = await spawnEngine();
  assert.equal((await engine.raw('{"jsonrpc":"2.0","id":"a","method":"engine.ping","params":[]}')).pong, true);
  const err = await engine.raw('{"jsonrpc":"2.0","id":"b","method":"engine.ping","params":[1]}').catch((e) => e);
  assert.ok(err instanceof InvalidParams);
  await engine.close();
});

test('string and null ids from raw messages are answered and matched', async () => {
  const engine = await spawnEngine();
  assert.deepEqual(await engine.raw('{"jsonrpc":"2.0","id":"x-1","method":"clock.now"}'), { now: 0, mode: 'manual' });
  assert.deepEqual(await engine.raw('{"jsonrpc":"2.0","id":null,"method":"clock.now"}'), { now: 0, mode: 'manual' });
  const answers = await engine.raw('[{"jsonrpc":"2.0","id":"p","method":"engine.ping"},7]');
  assert.equal(answers.length, 2);
  assert.equal(answers[0].id, 'p');
  assert.equal(answers[1].error.code, -32600);
  // Calls made before, between and after raw messages still match their answers.
  const [p1, p2, p3] = await Promise.all([
    engine.clock.advance({ ms: 1 }),
    engine.raw('{"jsonrpc":"2.0","id":1,"method":"clock.now"}'),
    engine.clock.advance({ ms: 1 }),
  ]);
  assert.deepEqual([p1, p2, p3], [{ now: 1 }, { now: 1, mode: 'manual' }, { now: 2 }]);
  await engine.close();
});

test('a raw message that gets no answer resolves with undefined once a later call is answered', async () => {
  const engine = await spawnEngine();
  let settled = false;
  const silent = engine.raw('{"jsonrpc":"2.0","method":"clock.advance","params":{"ms":2}}');
  silent.finally(() => (settled = true));
  // Not before: until the engine answers a later message, the text may still be answered.
  await engine.raw('{"jsonrpc":"2.0","method":"clock.advance","params":{"ms":1}}', { expectResponse: false });
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(settled, false);
  assert.deepEqual(await engine.clock.now(), { now: 3, mode: 'manual' });
  assert.equal(await silent, undefined);
  // Two in a row, then a raw text that is answered: each gets its own outcome.
  const quiet = [
    engine.raw('{"jsonrpc":"2.0","method":"engine.ping"}'),
    engine.raw('{"jsonrpc":"2.0","method":"clock.advance","params":{"ms":1}}'),
  ];
  const answered = engine.raw('{"jsonrpc":"2.0","id":"x","method":"clock.now"}');
  assert.deepEqual(await Promise.all([...quiet, answered]), [undefined, undefined, { now: 4, mode: 'manual' }]);
  assert.equal(await engine.raw('{"jsonrpc":"2.0","method":"engine.ping"}', { expectResponse: false }), undefined);
  assert.equal(engine.pendingCount, 0);
  await engine.close();
});

test('under NDJSON raw() refuses a text of more than one line, writing nothing; under LSP it is one message', async () => {
  const two = '{"jsonrpc":"2.0","id":1,"method":"clock.advance","params":{"ms":5}}\n{"jsonrpc":"2.0","id":2,"method":"clock.now"}';
  const pretty = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'clock.now' }, null, 1);
  const one = '{"jsonrpc":"2.0","id":4,"method":"clock.now"}';
  // A blank line over the size limit is answered too (too_large): it counts as a line.
  const ndjson = await spawnEngine({ args: ['--max-message-bytes', '100'] });
  const seen = [];
  ndjson.on('protocolError', (e) => seen.push(e));
  for (const text of [two, pretty, `${one}\n${' '.repeat(200)}`, `\n${one}`, `${one}\n\n`]) {
    const err = await ndjson.raw(text).catch((e) => e);
    assert.ok(err instanceof TypeError, String(err));
    assert.match(err.message, /^raw\(\): under NDJSON framing a newline ends a message/);
    // The way out it names is one Engine has.
    assert.match(err.message, /raw\(text, \{expectResponse: false\}\)/);
    assert.equal(typeof ndjson.raw, 'function');
  }
  assert.deepEqual(await ndjson.clock.now(), { now: 0, mode: 'manual' }, 'nothing was written');
  for (const text of [`${one}\n`, `${one}\r\n`, one]) {
    assert.deepEqual(await ndjson.raw(text), { now: 0, mode: 'manual' });
  }
  assert.equal(ndjson.pendingCount, 0);
  assert.deepEqual(seen, []);
  await ndjson.close();
  const lsp = await spawnEngine({ framing: 'lsp' });
  assert.deepEqual(await lsp.raw(pretty), { now: 0, mode: 'manual' });
  await lsp.close();
});

test('a raw text the engine always answers but the client cannot match fails, not undefined', async () => {
  // The engine skips a byte-order mark at the start of its input and answers id "b";
  // JSON.parse does not, so the client cannot know the text's id.
  const engine = await spawnEngine();
  const seen = [];
  engine.on('protocolError', (e) => seen.push(e.message));
  const [bom, pong] = await Promise.all([
    engine.raw('\uFEFF{"jsonrpc":"2.0","id":"b","method":"engine.ping"}').catch((e) => e),
    engine.ping(),
  ]);
  assert.ok(bom instanceof InternalError, String(bom));
  assert.equal(pong.pong, true);
  assert.deepEqual(seen, ['an answer for unknown id "b"']);
  await engine.close();
});

test('many concurrent calls resolve with their own answers', async () => {
  const engine = await spawnEngine();
  const results = await Promise.all(Array.from({ length: 200 }, (_, i) => engine.clock.advance({ ms: 1 }).then((r) => [i, r.now])));
  for (const [i, now] of results) assert.equal(now, i + 1);
  await engine.close();
});

test('the engine bin comes from the options, else ORDO_BIN or the repository build', async () => {
  const engine = await Engine.spawn({ bin: BIN, timeout: 5000 });
  assert.equal(engine.bin, BIN);
  assert.ok(engine.pid > 0);
  await engine.close();
  await assert.rejects(Engine.spawn({ bin: '/nonexistent/ordo' }), /cannot find the Ordo engine: bin "\/nonexistent\/ordo" does not exist/);
  await assert.rejects(Engine.spawn({ framing: 'xml' }), TypeError);
});

test('a typed wrapper refuses params that are not an object, writing nothing', async () => {
  const engine = await spawnEngine({ clock: 'manual' });
  const refused = [
    [() => engine.clock.advance(5), /clock\.advance: params must be an object .* not number 5/],
    [() => engine.layers.add('x'), /not string "x"/],
    [() => engine.layers.add([{ id: 'x' }]), /not an array/],
    [() => engine.alerts.enqueue(new Map()), /not a Map/],
    [() => engine.layers.render(true), /not boolean true/],
    [() => engine.exit(5), /exit: params must be an object/],
  ];
  for (const [call, message] of refused) {
    await assert.rejects(call(), (err) => err instanceof TypeError && message.test(err.message));
  }
  await assert.rejects(engine.clock.advance(5n), /not bigint 5n/);
  await assert.rejects(engine.clock.advance(new Date(0)), /not a Date/);
  // Nothing reached the engine: its first request is this one; objects with no prototype,
  // from another realm or of a class, and left-out params are fine, and request() stays
  // unchecked.
  assert.equal((await engine.stats()).requests, 1);
  assert.deepEqual(await engine.clock.advance(Object.assign(Object.create(null), { ms: 1 })), { now: 1 });
  assert.deepEqual(await engine.clock.advance(vm.runInNewContext('({ms: 1})')), { now: 2 });
  class Step {
    constructor() {
      this.ms = 0;
    }
  }
  assert.deepEqual(await engine.clock.advance(new Step()), { now: 2 });
  assert.equal((await engine.clock.now(null)).now, 2);
  await assert.rejects(engine.request('clock.advance', 5), (err) => err.code === -32600 || err.code === -32602);
  await engine.close();
  await assert.rejects(Engine.spawn({ bin: BIN, clock: 'wall' }), /clock must be "system" or "manual", not "wall"/);
  for (const clock of [null, '']) {
    const fallback = await Engine.spawn({ bin: BIN, clock });
    assert.equal((await fallback.ping()).pong, true);
    await fallback.close();
  }
});

test('NaN or Infinity anywhere in params is a TypeError naming its path, writing nothing', async () => {
  // JSON.stringify sent them as null: `sort: NaN` read as left out (the call succeeded and
  // changed nothing), `frame.width: NaN` as "frame.width is required", `data.v` stored null.
  const engine = await spawnEngine();
  await engine.layers.add({ id: 'L', sort: 3, frame: { x: 0, y: 0, width: 10, height: 10 } });
  const refused = [
    [() => engine.layers.update({ id: 'L', sort: Number.NaN }), /^layer\.update: params \/sort is NaN, which JSON cannot carry/],
    [() => engine.layers.update({ id: 'L', sort: Infinity }), /params \/sort is Infinity/],
    [() => engine.layers.update({ id: 'L', frame: { x: 0, y: 0, width: Number.NaN, height: 1 } }), /params \/frame\/width is NaN/],
    [() => engine.layers.hitTest({ x: -Infinity, y: 0 }), /^layer\.hitTest: params \/x is -Infinity/],
    [() => engine.layers.update({ id: 'L', data: { 'a/b': [1, new Number(Number.NaN)] } }), /params \/data\/a~1b\/1 is NaN/],
    [() => engine.layers.update({ id: 'L', data: { v: { toJSON: () => Infinity } } }), /params \/data\/v is Infinity/],
    [() => engine.request('layer.update', { id: 'L', sort: Number.NaN }), /params \/sort is NaN/],
    [() => engine.notify('layer.update', { id: 'L', sort: Number.NaN }), /params \/sort is NaN/],
    [() => engine.batch([{ method: 'engine.ping' }, { method: 'layer.update', params: { id: 'L', sort: Number.NaN } }]), /params \/sort is NaN/],
    [() => engine.batch([{ method: 'layer.update', params: { id: 'L', sort: Infinity }, notification: true }]), /params \/sort is Infinity/],
    // A Number object of another realm, which instanceof Number misses.
    [() => engine.layers.update({ id: 'L', data: { v: vm.runInNewContext('new Number(NaN)') } }), /params \/data\/v is NaN/],
  ];
  const before = (await engine.stats()).requests;
  for (const [call, message] of refused) {
    await assert.rejects(call(), (err) => err instanceof TypeError && message.test(err.message), String(message));
  }
  assert.equal((await engine.stats()).requests, before + 1); // none of them reached the engine
  const layer = await engine.layers.get({ id: 'L' });
  assert.equal(layer.sort, 3);
  assert.equal(layer.data, undefined);
  // null, and numbers that are finite, go as they are.
  assert.deepEqual((await engine.layers.update({ id: 'L', data: { v: null, w: [1.5, -0, 1e300] } })).data, { v: null, w: [1.5, 0, 1e300] });
  await engine.close();
});

test('the OpenRPC document served by rpc.discover lists the methods of schema/openrpc.json', async () => {
  const engine = await spawnEngine();
  const served = (await engine.discover()).methods.map((m) => m.name).sort();
  assert.deepEqual(served, schema.methods.map((m) => m.name).sort());
  await engine.close();
});

test('on the system clock, timer events arrive on their own', async () => {
  const engine = await spawnEngine({ clock: 'system' });
  const shown = engine.waitFor('alert.show', (e) => e.alert.id === 'T');
  const hidden = engine.waitFor('alert.hide', (e) => e.id === 'T', { timeout: 3000 });
  const { alert } = await engine.alerts.enqueue({ type: 't', id: 'T', delayMs: 20, durationMs: 30 });
  assert.equal(alert.state, 'scheduled');
  const show = await shown;
  const hide = await hidden;
  assert.equal(hide.reason, 'timeout');
  assert.ok(show.at >= alert.createdAt + 20, `shown at ${show.at}`);
  assert.ok(hide.at >= show.at + 30, `hidden at ${hide.at}`);
  await engine.close();
});

test("each event is emitted under its own name first, then as 'notification'", async () => {
  const engine = await spawnEngine();
  const heard = [];
  engine.on('notification', (method) => heard.push(`notification ${method}`));
  engine.on('alert.show', () => heard.push('alert.show'));
  engine.on('alert.idle', () => heard.push('alert.idle'));
  await engine.alerts.enqueue({ type: 't', id: 'A', durationMs: 5 });
  await engine.clock.advance({ ms: 5 });
  assert.deepEqual(heard, [
    'alert.show',
    'notification alert.show',
    'notification alert.hide',
    'alert.idle',
    'notification alert.idle',
  ]);
  await engine.close();
});

test('waitFor(name, undefined, options) takes the options (they were dropped)', async () => {
  const engine = await spawnEngine();
  const started = Date.now();
  await assert.rejects(engine.waitFor('alert.show', undefined, { timeout: 50 }), TimeoutError);
  await assert.rejects(engine.waitFor('alert.show', { timeout: 50 }), TimeoutError);
  assert.ok(Date.now() - started < 2000, `took ${Date.now() - started} ms`);
  await engine.close();
});

test('SIGTERM: the engine flushes and exits 0', async () => {
  const engine = await spawnEngine();
  await engine.ping();
  engine.kill('SIGTERM');
  assert.deepEqual(await engine.exited, { exitCode: 0, signal: null });
});

/** An Endpoint over a real engine whose transport counts the writes it is given. */
function countingEndpoint() {
  const child = spawn(BIN, ['--clock', 'manual'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const transport = new ProcessTransport(child);
  const writes = [];
  const counting = {
    write: (bytes) => {
      writes.push(new TextDecoder().decode(bytes));
      transport.write(bytes);
    },
    start: (sink) => transport.start(sink),
  };
  return { endpoint: new Endpoint(counting, { timeout: 5000 }), transport, writes, child };
}

test('the calls of one tick go out as one write, in order, and each gets its own answer', async () => {
  const { endpoint, transport, writes, child } = countingEndpoint();
  const calls = [];
  for (let i = 0; i < 1000; i++) calls.push(endpoint.request('clock.advance', { ms: 1 }));
  const noted = endpoint.notify('events.subscribe', { topics: ['alert.changed'] });
  calls.push(endpoint.request('clock.now'));
  assert.equal(writes.length, 0, 'nothing is written before the tick ends');
  await noted;
  assert.equal(writes.length, 1);
  const lines = writes[0].split('\n');
  assert.equal(lines.length, 1003, '1 002 lines and the final newline');
  assert.deepEqual(JSON.parse(lines[1000]).method, 'events.subscribe');
  const answers = await Promise.all(calls);
  assert.deepEqual(answers.slice(0, 1000).map((a) => a.now), Array.from({ length: 1000 }, (_, i) => i + 1));
  assert.deepEqual(answers[1000], { now: 1000, mode: 'manual' });
  await endpoint.request('engine.ping');
  assert.equal(writes.length, 2, 'a call after an await: a write of its own');
  transport.end();
  await new Promise((resolve) => child.on('close', resolve));
});

test('when the write of a tick fails, every call and notification of that tick fails with it', async () => {
  const { endpoint, transport, child } = countingEndpoint();
  await endpoint.request('engine.ping');
  transport.end(); // stdin closed: the transport refuses to write
  const results = await Promise.allSettled([
    endpoint.request('engine.ping'),
    endpoint.notify('events.subscribe', { topics: ['alert.changed'] }),
    endpoint.batch([{ method: 'engine.ping' }, { method: 'clock.now' }]),
  ]);
  assert.deepEqual(results.map((r) => r.status), ['rejected', 'rejected', 'rejected']);
  // The engine's stdin is closed: it is on its way out, as every call then hears.
  for (const r of results) assert.ok(r.reason instanceof EngineExitedError, String(r.reason));
  assert.equal(endpoint.pendingCount, 0);
  await new Promise((resolve) => child.on('close', resolve));
});

test('clock and logLevel with the same flag in args are one flag; two different values are a TypeError', async () => {
  // Passed twice, the engine refused it (exit 2, "--clock is given twice").
  for (const args of [['--clock', 'manual'], ['--clock=manual']]) {
    const engine = await spawnEngine({ clock: 'manual', args });
    assert.equal((await engine.initialize()).clock, 'manual');
    assert.equal(engine.args.filter((a) => a === '--clock' || a === '--clock=manual').length, 1);
    await engine.close();
  }
  await assert.rejects(
    spawnEngine({ clock: 'manual', args: ['--clock', 'system'] }),
    (err) => err instanceof TypeError && /args say --clock system but clock is "manual"/.test(err.message),
  );
  // logLevel and a --log-level in args alike.
  const level = await spawnEngine({ logLevel: 'error', args: ['--log-level=error'] });
  assert.equal(level.args.filter((a) => a.startsWith('--log-level')).length, 1);
  assert.equal((await level.ping()).pong, true);
  await level.close();
  await assert.rejects(
    spawnEngine({ logLevel: 'error', args: ['--log-level', 'debug'] }),
    (err) => err instanceof TypeError && /args say --log-level debug but logLevel is "error"/.test(err.message),
  );
});

test('a --framing in args must be auto or the framing the client speaks', async () => {
  await assert.rejects(
    spawnEngine({ framing: 'ndjson', args: ['--framing', 'lsp'] }),
    (err) => err instanceof TypeError && /client speaks ndjson/.test(err.message),
  );
  await assert.rejects(spawnEngine({ args: ['--framing=lsp'] }), TypeError);
  const same = await spawnEngine({ framing: 'lsp', args: ['--framing', 'lsp'] });
  assert.equal((await same.initialize()).framing, 'lsp');
  await same.close();
});
