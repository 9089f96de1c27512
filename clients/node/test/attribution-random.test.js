// Randomized differential test of answer attribution against the real engine.
//
// Seeded runs of calls, notifications, batches and raw texts, many of them refused whole
// (too large, a NUL in a key, a batch over --max-batch: the engine answers those with
// `id: null` when it cannot read an id), written without waiting for their answers. Each
// outcome is predicted from the engine's documented rules (docs/protocol.md, "Limits on
// input", "JSON-RPC 2.0", "Errors"), not from the client's code: every call settles with
// its own predicted result or error, each refused notification (and raw text written with
// `expectResponse: false`) is one 'protocolError', and the layers are those the accepted
// messages added. Even seeds write more than MAX_NOTES notifications (engine.ping) after
// refused ones, so those are dropped from the client's order and their refusals go through
// its summary of dropped messages ("no longer tracks").
//
// Seeds 1, 4, 7, … use LSP framing, the others NDJSON. ORDO_RANDOM_SEEDS=N runs seeds
// 0..N-1 instead of the default ones; ORDO_RANDOM_STEPS=N sets the steps per seed.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { InvalidRequest, LimitExceeded, OrdoError, ParseError } from '../index.js';
import { MAX_NOTES } from '../src/common/endpoint.js';
import { spawnEngine } from './helpers.js';
import { seededRandom } from './random.js';

const LIMIT = 1000; // --max-message-bytes
const MAX_BATCH = 3; // --max-batch
const ARGS = ['--max-message-bytes', String(LIMIT), '--max-batch', String(MAX_BATCH)];
const STEPS = Number(process.env.ORDO_RANDOM_STEPS || 5000);
const SEEDS = process.env.ORDO_RANDOM_SEEDS
  ? Array.from({ length: Number(process.env.ORDO_RANDOM_SEEDS) }, (_, i) => i)
  : [0, 1, 2, 3, 4, 5];
/** Makes any message it is in larger than LIMIT; the small ones stay under 400 bytes. */
const PAD = 'x'.repeat(2 * LIMIT);
/** A key holding U+0000: the engine's parser cannot hold it (-32600 nul_in_key). */
const NUL_DATA = { 'k\u0000': 1 };

const TOO_LARGE = { error: InvalidRequest, reason: 'too_large' };
const NUL_IN_KEY = { error: InvalidRequest, reason: 'nul_in_key' };
const MAX_BATCH_EXCEEDED = { error: LimitExceeded, name: 'maxBatch' };
const UNPARSABLE = { error: ParseError, reason: 'invalid_json' };

/**
 * How the engine refuses a message whole, from what its entries hold (`variants`: "ok",
 * "big", "nul"); null: it reads it. Too large first (refused before anything parses it),
 * then a NUL in a key (the text is read whole before its entries are counted), then the
 * entry count.
 */
function refusal(variants, batch) {
  if (variants.includes('big')) return TOO_LARGE;
  if (variants.includes('nul')) return NUL_IN_KEY;
  if (batch && variants.length > MAX_BATCH) return MAX_BATCH_EXCEEDED;
  return null;
}

function params(id, variant) {
  if (variant === 'big') return { id, data: PAD };
  if (variant === 'nul') return { id, data: NUL_DATA };
  return { id };
}

/** A promise's settlement, never rejecting (so no rejection goes unhandled meanwhile). */
const settle = (promise) =>
  promise.then(
    (value) => ({ ok: true, value }),
    (error) => ({ ok: false, error }),
  );

class Run {
  serial = 0;
  /** [what, settlement promise, expected]: expected {error, reason|name}, or {value: fn}. */
  checks = [];
  layers = new Set();
  refusedNotes = 0; // 'protocolError's to come
  refusedLost = 0; // of them, of notifications dropped from the client's order
  floods = 0;
  writes = [];

  constructor(seed, engine) {
    this.random = seededRandom(seed);
    this.engine = engine;
  }

  fresh(prefix) {
    return `${prefix}${++this.serial}`;
  }

  pick(items, weights = items.map(() => 1)) {
    let roll = this.random() * weights.reduce((a, b) => a + b, 0);
    for (let i = 0; i < items.length; i++) {
      roll -= weights[i];
      if (roll < 0) return items[i];
    }
    return items[items.length - 1];
  }

  variant(weights = [6, 2, 2]) {
    return this.pick(['ok', 'big', 'nul'], weights);
  }

  expect(what, promise, expected) {
    this.checks.push([what, settle(promise), expected]);
  }

  call() {
    const id = this.fresh('c');
    const variant = this.variant();
    const refused = refusal([variant], false);
    if (refused === null) this.layers.add(id);
    this.expect(`call ${id} (${variant})`, this.engine.layers.add(params(id, variant)), refused ?? { value: (l) => l.id === id });
  }

  notify(variant = this.variant()) {
    const id = this.fresh('n');
    if (refusal([variant], false) === null) this.layers.add(id);
    else this.refusedNotes++;
    this.writes.push(this.engine.notify('layer.add', params(id, variant)));
  }

  batch() {
    const count = 1 + Math.floor(this.random() * (MAX_BATCH + 2));
    const entries = Array.from({ length: count }, () => ({
      notification: this.random() < 0.5,
      id: this.fresh('b'),
      variant: this.variant([16, 1, 2]),
    }));
    const refused = refusal(
      entries.map((e) => e.variant),
      true,
    );
    const calls = entries.some((e) => !e.notification);
    if (refused === null) for (const e of entries) this.layers.add(e.id);
    else if (!calls) this.refusedNotes++;
    const sent = this.engine.batch(
      entries.map((e) => ({ method: 'layer.add', params: params(e.id, e.variant), notification: e.notification })),
    );
    const what = `batch ${entries.map((e) => `${e.id} (${e.notification ? 'note' : 'call'}, ${e.variant})`).join(' ')}`;
    const expected =
      refused !== null && calls
        ? refused // refused whole: rejects, its notifications unrun
        : {
            // notifications only: written (a refusal is a 'protocolError'); else each entry
            value: (results) =>
              results.length === entries.length &&
              results.every((r, i) =>
                entries[i].notification ? r.ok && r.result === undefined : r.ok && r.result.id === entries[i].id,
              ),
          };
    this.expect(what, sent, expected);
  }

  raw(kind = this.pick(['request', 'big request', 'unparsable', 'note', 'big note', 'nul note', 'notes', 'unwaited'])) {
    const id = this.fresh('r');
    const message = { jsonrpc: '2.0', method: 'layer.add', params: { id } };
    let text;
    let expected;
    if (kind === 'request') {
      text = JSON.stringify({ ...message, id });
      expected = { value: (l) => l.id === id };
      this.layers.add(id);
    } else if (kind === 'big request') {
      text = JSON.stringify({ ...message, id, params: { id, data: PAD } });
      expected = TOO_LARGE; // its id read as the bytes are skipped
    } else if (kind === 'unparsable') {
      text = '{"jsonrpc": "2.0", "method": "layer.add", oops';
      expected = UNPARSABLE;
    } else if (kind === 'note') {
      text = JSON.stringify(message);
      expected = { value: (v) => v === undefined };
      this.layers.add(id);
    } else if (kind === 'big note') {
      text = JSON.stringify({ ...message, params: { id, data: PAD } });
      expected = TOO_LARGE;
    } else if (kind === 'nul note') {
      text = JSON.stringify({ ...message, params: { id, data: NUL_DATA } });
      expected = NUL_IN_KEY;
    } else if (kind === 'notes') {
      text = JSON.stringify(Array.from({ length: MAX_BATCH + 1 }, () => message));
      expected = MAX_BATCH_EXCEEDED;
    } else {
      // Written without waiting: a refusal is a 'protocolError' (method "raw").
      const variant = this.variant([2, 1, 1]);
      text = JSON.stringify({ ...message, params: params(id, variant) });
      if (variant === 'ok') this.layers.add(id);
      else this.refusedNotes++;
      this.writes.push(this.engine.raw(text, { expectResponse: false }));
      return;
    }
    this.expect(`raw ${kind} ${id}`, this.engine.raw(text), expected);
  }

  /**
   * Refused notifications, then more than MAX_NOTES small ones the engine takes (no answer),
   * written synchronously: the refused ones are dropped from the client's order before their
   * refusals are read.
   */
  async flood() {
    this.floods++;
    assert.equal((await this.engine.ping()).pong, true); // everything before is answered
    const refused = 1 + Math.floor(this.random() * 3);
    for (let i = 0; i < refused; i++) {
      if (this.random() < 0.3) {
        const ids = Array.from({ length: MAX_BATCH + 1 }, () => this.fresh('f'));
        this.writes.push(this.engine.batch(ids.map((id) => ({ method: 'layer.add', params: { id }, notification: true }))));
        this.refusedNotes++;
      } else {
        this.notify(this.pick(['big', 'nul']));
      }
    }
    this.refusedLost += refused;
    if (this.random() < 0.5) this.raw(this.pick(['note', 'big note'])); // waiting: never dropped
    const pings = MAX_NOTES + refused + Math.floor(this.random() * 50);
    for (let i = 0; i < pings; i++) this.writes.push(this.engine.notify('engine.ping'));
    this.call();
  }

  async step() {
    const roll = this.random();
    if (roll < 0.4) this.call();
    else if (roll < 0.7) this.notify();
    else if (roll < 0.85) this.batch();
    else this.raw();
    if (this.random() < 0.05) await new Promise((resolve) => setImmediate(resolve)); // let the reader in
  }
}

function check(what, settled, expected) {
  if (expected.error !== undefined) {
    assert.ok(!settled.ok, `${what}: resolved ${JSON.stringify(settled.value)}`);
    const { error } = settled;
    assert.ok(error instanceof expected.error, `${what}: ${error}`);
    if (expected.reason !== undefined) assert.equal(error.data?.reason, expected.reason, `${what}: ${error}`);
    if (expected.name !== undefined) assert.equal(error.data?.name, expected.name, `${what}: ${error}`);
    return;
  }
  assert.ok(settled.ok, `${what}: rejected ${settled.error}`);
  assert.ok(expected.value(settled.value), `${what}: resolved ${JSON.stringify(settled.value)}`);
}

async function runSeed(seed) {
  const engine = await spawnEngine({ framing: seed % 3 === 1 ? 'lsp' : 'ndjson', args: ARGS, timeout: 20_000 });
  const seen = [];
  engine.on('protocolError', (err) => seen.push(err));
  const run = new Run(seed, engine);
  // Even seeds: one or two floods, at random places.
  const floods = new Set();
  if (seed % 2 === 0) {
    const count = 1 + Math.floor(run.random() * 2);
    while (floods.size < count) floods.add(Math.floor(run.random() * STEPS));
  }
  for (let index = 0; index < STEPS; index++) {
    if (floods.has(index)) await run.flood();
    await run.step();
  }
  const final = engine.layers.paintOrder(); // written after everything: settles raw() of notes
  for (const [what, settled, expected] of run.checks) check(`seed ${seed}: ${what}`, await settled, expected);
  await Promise.all(run.writes);
  assert.deepEqual(new Set((await final).ids), run.layers, `seed ${seed}: layers`);
  for (const err of seen) assert.ok(err instanceof OrdoError, `seed ${seed}: ${err}`);
  assert.equal(seen.length, run.refusedNotes, `seed ${seed}: ${seen.length} 'protocolError's`);
  const lost = seen.filter((err) => /no longer tracks/.test(err.message));
  assert.equal(lost.length, run.refusedLost, `seed ${seed}: refusals of dropped messages`);
  if (seed % 2 === 0) assert.ok(run.floods > 0 && run.refusedLost > 0);
  assert.equal(engine.pendingCount, 0);
  await engine.close();
}

describe('random calls, notifications, batches and raw texts, many refused: each gets its predicted outcome', () => {
  for (const seed of SEEDS) {
    test(`seed ${seed}`, { timeout: 120_000 }, () => runSeed(seed));
  }
});
