// Frequency limits, cooldowns and the show history (alert.defineType / alert.enqueue's
// limit, cooldownMs and onLimit; alert.history; alert.forget) against the real engine on
// the manual clock.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { InvalidParams } from '../index.js';
import { recordTimeline, spawnEngine } from './helpers.js';

test('alert.defineType echoes persist, limit, cooldownMs and onLimit, every member present', async () => {
  const engine = await spawnEngine();
  assert.deepEqual(
    await engine.alerts.defineType({
      type: 'tip',
      persist: true,
      limit: { max: 3, windowMs: 60_000, per: 'key' },
      cooldownMs: 500,
      onLimit: 'defer',
    }),
    {
      type: 'tip',
      priority: null,
      scope: null,
      durationMs: null,
      ttlMs: null,
      queue: null,
      persist: true,
      limit: { max: 3, windowMs: 60_000, per: 'key' },
      cooldownMs: 500,
      onLimit: 'defer',
    },
  );
  // Replaces the whole definition: what is left out becomes unset.
  const plain = await engine.alerts.defineType({ type: 'tip', priority: 2 });
  assert.deepEqual([plain.persist, plain.limit, plain.cooldownMs, plain.onLimit], [null, null, null, null]);
  await assert.rejects(engine.alerts.defineType({ type: 'tip', onLimit: 'queue' }), (e) => e instanceof InvalidParams && e.path === '/onLimit');
  await assert.rejects(engine.alerts.defineType({ type: 'tip', limit: { windowMs: 10 } }), (e) => e instanceof InvalidParams && e.path === '/limit/max');
  await engine.close();
});

test('alert.defineType: inside an echoed limit, members not given are null', async () => {
  const engine = await spawnEngine();
  const { limit } = await engine.alerts.defineType({ type: 'rateApp', limit: { max: 1 } });
  assert.deepEqual(limit, { max: 1, windowMs: null, per: null });
  await engine.close();
});

test('a type with limit {max: 1}: the second enqueue is "limited" with retryAt, and nothing is queued', async () => {
  const engine = await spawnEngine();
  const log = recordTimeline(engine);
  await engine.alerts.defineType({ type: 'rate', limit: { max: 1, windowMs: 1000 } });
  const first = await engine.alerts.enqueue({ type: 'rate', id: 'A' });
  assert.equal(first.disposition, 'queued');
  assert.equal(first.alert.state, 'showing');
  assert.equal('retryAt' in first, false, 'retryAt only with "limited"');

  // The window counts A's show at 0, so the limit allows the next one at 0 + 1000.
  assert.deepEqual(await engine.alerts.enqueue({ type: 'rate', id: 'B' }), { alert: null, disposition: 'limited', retryAt: 1000 });
  // The enqueue's own limit replaces the type's: without a window it never allows another.
  assert.deepEqual(await engine.alerts.enqueue({ type: 'rate', limit: { max: 1 } }), { alert: null, disposition: 'limited', retryAt: null });
  // max 0: never show, even with no show counted.
  assert.deepEqual(await engine.alerts.enqueue({ type: 'fresh', limit: { max: 0 } }), { alert: null, disposition: 'limited', retryAt: null });
  // ... and limit null on the enqueue means unlimited.
  assert.equal((await engine.alerts.enqueue({ type: 'rate', id: 'U', limit: null })).disposition, 'queued');
  assert.deepEqual((await engine.alerts.list()).alerts.map((a) => a.id), ['A', 'U']);
  await assert.rejects(engine.alerts.get({ id: 'B' }), (e) => e.name === 'NotFound');

  await engine.alerts.complete({ id: 'A' });
  await engine.alerts.complete({ id: 'U' });
  await engine.clock.advance({ ms: 999 });
  assert.deepEqual(await engine.alerts.enqueue({ type: 'rate', id: 'C' }), { alert: null, disposition: 'limited', retryAt: 1000 });
  await engine.clock.advance({ ms: 1 });
  const c = await engine.alerts.enqueue({ type: 'rate', id: 'C' });
  assert.equal(c.disposition, 'queued');
  // A dropped alert used up no seq: A 1, U 2, C 3.
  assert.equal(c.alert.seq, 3);
  assert.deepEqual(log, ['show A @0', 'show U @0', 'idle default @0', 'show C @1000']);
  await engine.close();
});

test('per: "key" counts shows of the type with the same key, and needs a key', async () => {
  const engine = await spawnEngine();
  await engine.alerts.configure({ maxConcurrent: 5 });
  const limit = { max: 1, per: 'key' };
  const err = await engine.alerts.enqueue({ type: 'k', limit }).catch((e) => e);
  assert.ok(err instanceof InvalidParams, String(err));
  assert.equal(err.path, '/key');
  assert.equal((await engine.alerts.enqueue({ type: 'k', key: 'a', limit })).alert.state, 'showing');
  assert.equal((await engine.alerts.enqueue({ type: 'k', key: 'b', limit })).alert.state, 'showing');
  const again = await engine.alerts.enqueue({ type: 'k', key: 'a', limit, onDuplicate: 'allow' });
  assert.deepEqual(again, { alert: null, disposition: 'limited', retryAt: null });
  // Dedupe comes first: a replace of the showing one is never limited.
  assert.equal((await engine.alerts.enqueue({ type: 'k', key: 'a', limit, data: 2 })).disposition, 'replaced');
  await engine.close();
});

test('onLimit "defer" queues it scheduled at retryAt; cooldownMs spaces the counted shows', async () => {
  const engine = await spawnEngine();
  const log = recordTimeline(engine);
  await engine.alerts.defineType({ type: 'tip', cooldownMs: 500, onLimit: 'defer' });
  await engine.alerts.enqueue({ type: 'tip', id: 'T1' });
  await engine.alerts.complete({ id: 'T1' });
  const t2 = await engine.alerts.enqueue({ type: 'tip', id: 'T2' });
  assert.equal(t2.disposition, 'queued');
  assert.deepEqual([t2.alert.state, t2.alert.readyAt], ['scheduled', 500]);
  // The enqueue's onLimit overrides the type's.
  assert.deepEqual(await engine.alerts.enqueue({ type: 'tip', id: 'T3', onLimit: 'drop' }), { alert: null, disposition: 'limited', retryAt: 500 });
  await engine.clock.advance({ ms: 499 });
  assert.equal((await engine.alerts.get({ id: 'T2' })).state, 'scheduled');
  await engine.clock.advance({ ms: 1 });
  assert.equal((await engine.alerts.get({ id: 'T2' })).state, 'showing');
  // The cooldown now runs from T2's show at 500.
  assert.deepEqual(await engine.alerts.enqueue({ type: 'tip', onLimit: 'drop' }), { alert: null, disposition: 'limited', retryAt: 1000 });
  assert.deepEqual(log, ['show T1 @0', 'idle default @0', 'show T2 @500']);
  await engine.close();
});

test('a limit used up while alerts wait: "drop" ends one cancelled/limited, "defer" sends one back to scheduled', async () => {
  const engine = await spawnEngine();
  await engine.events.subscribe({ topics: ['alert.changed'] });
  const log = recordTimeline(engine);
  await engine.alerts.defineType({ type: 'rate', limit: { max: 1, windowMs: 1000 } });
  await engine.alerts.enqueue({ type: 'other', id: 'X' });
  // No show of "rate" counted yet: all three are queued, pending behind X.
  for (const [id, onLimit] of [['A', 'drop'], ['B', 'drop'], ['D', 'defer']]) {
    assert.equal((await engine.alerts.enqueue({ type: 'rate', id, onLimit })).disposition, 'queued');
  }
  await engine.alerts.complete({ id: 'X' });
  log.take();
  await engine.alerts.complete({ id: 'A' });
  assert.deepEqual(log.take(), [
    'changed A showing->done (completed) @0',
    'changed B pending->cancelled (limited) @0',
    'changed D pending->scheduled (deferred) @0',
  ]);
  const b = await engine.alerts.get({ id: 'B' });
  assert.deepEqual([b.state, b.endReason, b.endedAt, b.shownAt, b.shownCount], ['cancelled', 'limited', 0, null, 0]);
  const d = await engine.alerts.get({ id: 'D' });
  assert.deepEqual([d.state, d.readyAt], ['scheduled', 1000]);
  await engine.clock.advance({ ms: 1000 });
  assert.deepEqual(log.take(), ['changed D scheduled->pending (ready) @1000', 'changed D pending->showing (shown) @1000', 'show D @1000']);
  await engine.close();
});

test('alert.history: counted shows newest first, with wall-clock times; filters combine with AND', async () => {
  const epoch = 1_700_000_000_000;
  const engine = await spawnEngine({ args: ['--epoch-ms', String(epoch)] });
  await engine.alerts.configure({ queue: 'side', maxConcurrent: 5 });
  await engine.alerts.enqueue({ type: 'tip', id: 'T1', key: 'a' });
  await engine.clock.advance({ ms: 10 });
  await engine.alerts.complete({ id: 'T1' });
  await engine.alerts.enqueue({ type: 'tip', id: 'T2', key: 'b', queue: 'side' });
  await engine.alerts.enqueue({ type: 'news', id: 'N1', key: 'a', queue: 'side' });
  await engine.clock.advance({ ms: 10 });
  // A suspended alert that shows again does not count again (resumed: true).
  await engine.nav.set({ stack: ['home'] });
  await engine.alerts.enqueue({ type: 'news', id: 'N2', scope: 'home' });
  await engine.nav.set({ stack: ['other'] });
  await engine.nav.set({ stack: ['home'] });
  assert.equal((await engine.alerts.get({ id: 'N2' })).shownCount, 2);

  const { shows } = await engine.alerts.history();
  const show = (id, type, key, queue, at) => ({ id, type, key, queue, at, wallAt: epoch + at });
  // T2 and N1 showed in the same millisecond: the later one comes first.
  assert.deepEqual(shows, [
    show('N2', 'news', null, 'default', 20),
    show('N1', 'news', 'a', 'side', 10),
    show('T2', 'tip', 'b', 'side', 10),
    show('T1', 'tip', 'a', 'default', 0),
  ]);
  const ids = async (params) => (await engine.alerts.history(params)).shows.map((s) => s.id);
  assert.deepEqual(await ids({ type: 'tip' }), ['T2', 'T1']);
  assert.deepEqual(await ids({ key: 'a' }), ['N1', 'T1']);
  assert.deepEqual(await ids({ queue: 'side' }), ['N1', 'T2']);
  assert.deepEqual(await ids({ type: 'tip', queue: 'side' }), ['T2']);
  assert.deepEqual(await ids({ sinceWallAt: epoch + 10 }), ['N2', 'N1', 'T2']);
  assert.deepEqual(await ids({ limit: 2 }), ['N2', 'N1']);
  assert.deepEqual(await ids({ limit: 0 }), []);
  assert.deepEqual(await ids({ type: null, key: null, queue: null, sinceWallAt: null, limit: null }), ['N2', 'N1', 'T2', 'T1']);
  // alert.clear forgets ended alerts, not shows.
  await engine.alerts.clear();
  await engine.alerts.clear({ queue: 'side' });
  assert.equal((await engine.alerts.history()).shows.length, 4);
  await assert.rejects(engine.alerts.history({ limit: 1_000_001 }), (e) => e instanceof InvalidParams && e.path === '/limit');
  await engine.close();
});

test('alert.forget erases matching shows, so limits count from zero; it needs a filter', async () => {
  const engine = await spawnEngine();
  await engine.alerts.configure({ maxConcurrent: 10 });
  await engine.alerts.defineType({ type: 'tip', limit: { max: 1 } });
  await engine.alerts.enqueue({ type: 'tip', key: 'a' });
  await engine.alerts.enqueue({ type: 'news', key: 'a', onDuplicate: 'allow' }); // keys are per queue
  await engine.alerts.enqueue({ type: 'news', key: 'b' });
  await engine.alerts.enqueue({ type: 'other' });
  assert.equal((await engine.alerts.enqueue({ type: 'tip' })).disposition, 'limited');

  for (const params of [undefined, {}, { all: false }, { type: null, key: null, all: null }]) {
    const err = await engine.alerts.forget(params).catch((e) => e);
    assert.ok(err instanceof InvalidParams, `${JSON.stringify(params)}: ${err}`);
    assert.equal(err.path, '');
  }
  assert.deepEqual(await engine.alerts.forget({ type: 'news', key: 'a' }), { forgotten: 1 });
  assert.deepEqual(await engine.alerts.forget({ type: 'news', key: 'a' }), { forgotten: 0 });
  assert.deepEqual(await engine.alerts.forget({ type: 'tip' }), { forgotten: 1 });
  assert.deepEqual((await engine.alerts.history()).shows.map((s) => `${s.type}/${s.key}`), ['other/null', 'news/b']);
  // The tip's show is forgotten: its limit allows one again.
  assert.equal((await engine.alerts.enqueue({ type: 'tip' })).disposition, 'queued');
  assert.deepEqual(await engine.alerts.forget({ all: true }), { forgotten: 3 });
  assert.deepEqual(await engine.alerts.history(), { shows: [] });
  await engine.close();
});
