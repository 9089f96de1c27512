// alert.*, nav.* and events.* against the real engine on the manual clock (docs/protocol.md#alerts).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { AlreadyExists, InvalidParams, InvalidState, NotFound } from '../index.js';
import { recordTimeline, spawnEngine } from './helpers.js';

test('alert.enqueue: the alert object; alert.show is emitted before the response resolves', async () => {
  const engine = await spawnEngine();
  const order = [];
  engine.on('alert.show', (e) => order.push(`show ${e.alert.id}`));
  const res = await engine.alerts.enqueue({ type: 'redPacket', id: 'A', data: { amount: 5 } });
  order.push('enqueue resolved');
  assert.deepEqual(order, ['show A', 'enqueue resolved']);
  assert.equal(res.disposition, 'queued');
  const a = res.alert;
  assert.deepEqual(
    { id: a.id, queue: a.queue, type: a.type, priority: a.priority, scope: a.scope, key: a.key, data: a.data, seq: a.seq, createdAt: a.createdAt },
    { id: 'A', queue: 'default', type: 'redPacket', priority: 0, scope: null, key: null, data: { amount: 5 }, seq: 1, createdAt: 0 },
  );
  // The response reflects the state after the request: it showed at once.
  assert.equal((await engine.alerts.get({ id: 'A' })).state, 'showing');
  const generated = (await engine.alerts.enqueue({ type: 'redPacket' })).alert;
  assert.equal(typeof generated.id, 'string');
  assert.equal(generated.state, 'pending');
  assert.equal(generated.seq, 2);
  await engine.close();
});

test('show → complete → next shows → idle, with result kept', async () => {
  const engine = await spawnEngine();
  const log = recordTimeline(engine);
  await engine.alerts.enqueue({ type: 't', id: 'A' });
  await engine.alerts.enqueue({ type: 't', id: 'B' });
  await engine.clock.advance({ ms: 10 });
  const done = await engine.alerts.complete({ id: 'A', result: { button: 'ok' } });
  assert.deepEqual([done.state, done.endReason, done.endedAt, done.result, done.shownAt, done.shownCount], ['done', 'completed', 10, { button: 'ok' }, 0, 1]);
  const idle = engine.waitFor('alert.idle', (e) => e.queue === 'default');
  await engine.alerts.complete({ id: 'B' });
  assert.deepEqual(await idle, { queue: 'default', at: 10 });
  assert.deepEqual(log, ['show A @0', 'show B @10', 'idle default @10']);
  await assert.rejects(engine.alerts.complete({ id: 'A' }), (e) => e instanceof InvalidState && e.state === 'done');
  await assert.rejects(engine.alerts.complete({ id: 'ghost' }), NotFound);
  await engine.close();
});

test('priority decides the next show (ties: enqueue order); without preempt nothing is displaced', async () => {
  const engine = await spawnEngine();
  const log = recordTimeline(engine);
  await engine.alerts.enqueue({ type: 't', id: 'low', priority: 1 });
  await engine.alerts.enqueue({ type: 't', id: 'mid1', priority: 5 });
  await engine.alerts.enqueue({ type: 't', id: 'high', priority: 9 });
  await engine.alerts.enqueue({ type: 't', id: 'mid2', priority: 5 });
  const listed = (await engine.alerts.list()).alerts.map((a) => `${a.id}:${a.state}`);
  assert.deepEqual(listed, ['low:showing', 'high:pending', 'mid1:pending', 'mid2:pending']);
  for (const id of ['low', 'high', 'mid1', 'mid2']) await engine.alerts.complete({ id });
  assert.deepEqual(log, ['show low @0', 'show high @0', 'show mid1 @0', 'show mid2 @0', 'idle default @0']);
  await engine.close();
});

test('preempt: a strictly higher priority displaces the lowest showing one, which resumes later', async () => {
  const engine = await spawnEngine();
  const log = recordTimeline(engine);
  await engine.alerts.enqueue({ type: 't', id: 'low', priority: 1 });
  await engine.alerts.enqueue({ type: 't', id: 'same', priority: 1, preempt: true });
  await engine.alerts.enqueue({ type: 't', id: 'urgent', priority: 10, preempt: true });
  assert.equal((await engine.alerts.get({ id: 'low' })).state, 'suspended');
  await engine.alerts.complete({ id: 'urgent' });
  assert.deepEqual(log.take(), ['show low @0', 'hide low preempted @0', 'show urgent @0', 'show low resumed @0']);
  const low = await engine.alerts.get({ id: 'low' });
  assert.deepEqual([low.state, low.shownCount], ['showing', 2]);
  await engine.close();
});

test('scopes and navigation: suspended on leaving the page, resumed on return', async () => {
  const engine = await spawnEngine();
  const log = recordTimeline(engine);
  assert.deepEqual(await engine.nav.get(), { stack: [], active: null });
  await engine.alerts.enqueue({ type: 't', id: 'H', scope: 'home' });
  await engine.alerts.enqueue({ type: 't', id: 'G' }); // unscoped: shows on any page, after H
  assert.deepEqual(log.take(), ['show G @0'], 'H waits for its page');
  await engine.alerts.complete({ id: 'G' });
  assert.deepEqual(await engine.nav.set({ stack: ['home'] }), { stack: ['home'], active: 'home' });
  assert.deepEqual(await engine.nav.push({ scope: 'wallet' }), { stack: ['home', 'wallet'], active: 'wallet' });
  assert.equal((await engine.alerts.get({ id: 'H' })).state, 'suspended');
  await engine.clock.advance({ ms: 30 });
  assert.deepEqual(await engine.nav.pop(), { stack: ['home'], active: 'home' });
  assert.deepEqual(log.take(), ['show H @0', 'hide H suspended @0', 'show H resumed @30']);
  // The recommended order when a popup's button navigates: nav.push, then alert.complete.
  await engine.nav.push({ scope: 'detail' });
  const done = await engine.alerts.complete({ id: 'H' });
  assert.equal(done.state, 'done');
  assert.deepEqual(log.take(), ['hide H suspended @30', 'idle default @30']);
  await assert.rejects(engine.nav.push({ scope: '' }), InvalidParams);
  await engine.close();
});

test('timers on the manual clock: delayMs/at, ttlMs, durationMs, each at its own time', async () => {
  const engine = await spawnEngine();
  const log = recordTimeline(engine);
  const d = (await engine.alerts.enqueue({ type: 't', id: 'D', delayMs: 100, durationMs: 50 })).alert;
  assert.deepEqual([d.state, d.readyAt, d.durationMs], ['scheduled', 100, 50]);
  const at = (await engine.alerts.enqueue({ type: 't', id: 'T', at: 120, durationMs: 10 })).alert;
  assert.deepEqual([at.state, at.readyAt], ['scheduled', 120]);
  const x = (await engine.alerts.enqueue({ type: 't', id: 'X', delayMs: 500, ttlMs: 300 })).alert;
  assert.equal(x.expiresAt, 300);
  await assert.rejects(engine.alerts.enqueue({ type: 't', delayMs: 1, at: 1 }), InvalidParams);
  assert.deepEqual(await engine.clock.advance({ ms: 1000 }), { now: 1000 });
  assert.deepEqual(log, [
    'show D @100',
    'hide D timeout @150',
    'show T @150',
    'hide T timeout @160',
    'idle default @300',
  ]);
  const expired = await engine.alerts.get({ id: 'X' });
  assert.deepEqual([expired.state, expired.endReason, expired.endedAt, expired.shownAt], ['expired', 'expired', 300, null]);
  const timedOut = await engine.alerts.get({ id: 'D' });
  assert.deepEqual([timedOut.state, timedOut.endReason, timedOut.endedAt], ['done', 'timeout', 150]);
  await engine.close();
});

test('durationMs restarts at each show; a suspended alert does not expire', async () => {
  const engine = await spawnEngine();
  const log = recordTimeline(engine);
  await engine.nav.set({ stack: ['home'] });
  await engine.alerts.enqueue({ type: 't', id: 'A', scope: 'home', durationMs: 100, ttlMs: 50 });
  await engine.clock.advance({ ms: 60 });
  await engine.nav.push({ scope: 'other' });
  await engine.clock.advance({ ms: 100 });
  await engine.nav.pop();
  await engine.clock.advance({ ms: 99 });
  assert.equal((await engine.alerts.get({ id: 'A' })).state, 'showing');
  await engine.clock.advance({ ms: 1 });
  assert.deepEqual(log, ['show A @0', 'hide A suspended @60', 'show A resumed @160', 'hide A timeout @260', 'idle default @260']);
  await engine.close();
});

test('dedupe keys: replace (with alert.update when showing), ignore, error, allow', async () => {
  const engine = await spawnEngine();
  const log = recordTimeline(engine);
  const first = await engine.alerts.enqueue({ type: 't', id: 'K', key: 'gift', data: { v: 1 } });
  const replaced = await engine.alerts.enqueue({ type: 't', id: 'K2', key: 'gift', data: { v: 2 }, priority: 3 });
  assert.equal(replaced.disposition, 'replaced');
  assert.equal(replaced.alert.id, 'K');
  assert.deepEqual([replaced.alert.data, replaced.alert.priority], [{ v: 2 }, 3]);
  const ignored = await engine.alerts.enqueue({ type: 't', key: 'gift', data: { v: 3 }, onDuplicate: 'ignore' });
  assert.deepEqual([ignored.disposition, ignored.alert.id, ignored.alert.data], ['ignored', 'K', { v: 2 }]);
  await assert.rejects(engine.alerts.enqueue({ type: 't', key: 'gift', onDuplicate: 'error' }), AlreadyExists);
  const allowed = await engine.alerts.enqueue({ type: 't', id: 'K3', key: 'gift', onDuplicate: 'allow' });
  assert.equal(allowed.disposition, 'queued');
  assert.equal(first.alert.key, 'gift');
  assert.deepEqual(log, ['show K @0', 'update K @0']);
  const other = await engine.alerts.enqueue({ type: 't', key: 'gift', queue: 'toast' });
  assert.equal(other.disposition, 'queued', 'keys are per queue');
  await engine.close();
});

test('alert.cancel: filters combine with AND; showing ones get alert.hide cancelled', async () => {
  const engine = await spawnEngine();
  const log = recordTimeline(engine);
  await engine.alerts.enqueue({ type: 'a', id: 'S' }); // shows
  await engine.alerts.enqueue({ type: 'a', id: 'P1' });
  await engine.alerts.enqueue({ type: 'b', id: 'P2', key: 'k' });
  await engine.alerts.enqueue({ type: 'b', id: 'L', delayMs: 100 });
  await engine.alerts.enqueue({ type: 'b', id: 'Q', queue: 'toast', scope: 'x' });
  await assert.rejects(engine.alerts.cancel({}), InvalidParams);
  assert.deepEqual(await engine.alerts.cancel({ type: 'b', states: ['scheduled'] }), { cancelled: ['L'] });
  assert.deepEqual(await engine.alerts.cancel({ key: 'k' }), { cancelled: ['P2'] });
  assert.deepEqual(await engine.alerts.cancel({ scope: 'x', queue: 'toast' }), { cancelled: ['Q'] });
  assert.deepEqual(await engine.alerts.cancel({ id: 'ghost' }), { cancelled: [] });
  assert.deepEqual((await engine.alerts.cancel({ states: ['pending', 'scheduled'], all: true })).cancelled, ['P1']);
  assert.equal((await engine.alerts.get({ id: 'S' })).state, 'showing', 'states narrowed the cancel');
  assert.deepEqual(await engine.alerts.cancel({ ids: ['S', 'P1'] }), { cancelled: ['S'] });
  const s = await engine.alerts.get({ id: 'S' });
  assert.deepEqual([s.state, s.endReason], ['cancelled', 'cancelled']);
  assert.deepEqual(log, ['show S @0', 'idle toast @0', 'hide S cancelled @0', 'idle default @0']);
  await engine.close();
});

test('alert.pause / alert.resume: reasons hold a queue; what shows stays', async () => {
  const engine = await spawnEngine();
  const log = recordTimeline(engine);
  await engine.alerts.enqueue({ type: 't', id: 'A' });
  assert.deepEqual(await engine.alerts.pause(), { paused: true, reasons: ['default'] });
  assert.deepEqual(await engine.alerts.pause({ reason: 'video' }), { paused: true, reasons: ['default', 'video'] });
  await engine.alerts.enqueue({ type: 't', id: 'B' });
  await engine.alerts.complete({ id: 'A' });
  assert.equal((await engine.alerts.get({ id: 'B' })).state, 'pending');
  assert.deepEqual(await engine.alerts.resume(), { paused: true, reasons: ['video'] });
  assert.deepEqual(await engine.alerts.resume({ reason: 'video' }), { paused: false, reasons: [] });
  assert.deepEqual(log, ['show A @0', 'show B @0']);
  assert.deepEqual(await engine.alerts.pause({ queue: 'toast' }), { paused: true, reasons: ['default'] });
  await engine.close();
});

test('alert.configure: maxConcurrent and minGapMs per queue; alert.defineType defaults', async () => {
  const engine = await spawnEngine();
  const log = recordTimeline(engine);
  assert.deepEqual(await engine.alerts.configure({ queue: 'toast', maxConcurrent: 2, minGapMs: 100 }), {
    queue: 'toast',
    maxConcurrent: 2,
    minGapMs: 100,
    historyLimit: 1000,
  });
  assert.deepEqual(await engine.alerts.configure(), { queue: 'default', maxConcurrent: 1, minGapMs: 0, historyLimit: 1000 });
  assert.deepEqual(await engine.alerts.defineType({ type: 'toast', queue: 'toast', durationMs: 1000 }), {
    type: 'toast',
    priority: null,
    scope: null,
    durationMs: 1000,
    ttlMs: null,
    queue: 'toast',
    persist: null,
    limit: null,
    cooldownMs: null,
    onLimit: null,
  });
  for (const id of ['t1', 't2', 't3']) {
    const { alert } = await engine.alerts.enqueue({ type: 'toast', id });
    assert.deepEqual([alert.queue, alert.durationMs], ['toast', 1000]);
  }
  await engine.alerts.enqueue({ type: 'modal', id: 'M' }); // default queue: independent
  await engine.clock.advance({ ms: 1100 });
  assert.deepEqual(log, ['show t1 @0', 'show t2 @0', 'show M @0', 'hide t1 timeout @1000', 'hide t2 timeout @1000', 'show t3 @1100']);
  await assert.rejects(engine.alerts.configure({ maxConcurrent: 0 }), InvalidParams);
  await engine.close();
});

test('alert.list order and filters; alert.get of ended alerts; alert.clear', async () => {
  const engine = await spawnEngine();
  await engine.alerts.enqueue({ type: 't', id: 'E' });
  await engine.alerts.complete({ id: 'E' });
  await engine.alerts.enqueue({ type: 't', id: 'S' });
  await engine.alerts.enqueue({ type: 'u', id: 'P', priority: 2 });
  await engine.alerts.enqueue({ type: 't', id: 'L2', delayMs: 200 });
  await engine.alerts.enqueue({ type: 't', id: 'L1', delayMs: 100 });
  const ids = async (params) => (await engine.alerts.list(params)).alerts.map((a) => a.id);
  assert.deepEqual(await ids(), ['S', 'P', 'L1', 'L2', 'E']);
  assert.deepEqual(await ids({ states: ['scheduled'] }), ['L1', 'L2']);
  assert.deepEqual(await ids({ type: 'u' }), ['P']);
  assert.deepEqual(await ids({ queue: 'other' }), []);
  assert.equal((await engine.alerts.get({ id: 'E' })).state, 'done');
  const stats = await engine.stats();
  assert.deepEqual(stats.alerts, { scheduled: 2, pending: 1, showing: 1, suspended: 0, ended: 1 });
  assert.deepEqual(await engine.alerts.clear(), { removed: 5 });
  await assert.rejects(engine.alerts.get({ id: 'E' }), NotFound, 'clear forgets history');
  assert.deepEqual(await ids(), []);
  await engine.close();
});

test('mount: a layer "alert:<id>" exists while the alert shows', async () => {
  const engine = await spawnEngine();
  await engine.layers.add({ id: 'overlay' });
  const shown = engine.waitFor('alert.show');
  await engine.alerts.enqueue({ type: 't', id: 'A', mount: { parent: 'overlay', sort: 50 } });
  const event = await shown;
  assert.equal(event.layer.id, 'alert:A');
  assert.equal(event.layer.parent, 'overlay');
  assert.equal(event.layer.sort, 50);
  assert.equal((await engine.layers.get({ id: 'alert:A' })).parent, 'overlay');
  await assert.rejects(engine.layers.add({ id: 'alert:B' }), InvalidParams);
  await engine.alerts.complete({ id: 'A' });
  await assert.rejects(engine.layers.get({ id: 'alert:A' }), NotFound);
  await engine.close();
});

test('events.subscribe: alert.changed for every state change, until unsubscribed', async () => {
  const engine = await spawnEngine();
  const log = recordTimeline(engine);
  assert.deepEqual(await engine.events.subscribe({ topics: ['alert.changed'] }), { topics: ['alert.changed'] });
  await engine.alerts.enqueue({ type: 't', id: 'A', delayMs: 10 });
  await engine.clock.advance({ ms: 10 });
  await engine.alerts.complete({ id: 'A' });
  const changes = log.filter((l) => l.startsWith('changed'));
  assert.deepEqual(changes, [
    'changed A scheduled->pending (ready) @10',
    'changed A pending->showing (shown) @10',
    'changed A showing->done (completed) @10',
  ]);
  assert.deepEqual(await engine.events.unsubscribe({ topics: ['alert.changed'] }), { topics: [] });
  log.take();
  await engine.alerts.enqueue({ type: 't', id: 'B' });
  assert.deepEqual(log, ['show B @10']);
  await assert.rejects(engine.events.subscribe({ topics: ['alert.everything'] }), InvalidParams);
  await engine.close();
});

test('events written before a batch response are emitted before the batch resolves', async () => {
  const engine = await spawnEngine();
  const log = recordTimeline(engine);
  const settled = await engine.batch([
    { method: 'alert.enqueue', params: { type: 't', id: 'A' } },
    { method: 'alert.complete', params: { id: 'A' } },
  ]);
  log.mark('batch resolved');
  assert.ok(settled.every((s) => s.ok));
  assert.deepEqual(log, ['show A @0', 'idle default @0', 'batch resolved']);
  await engine.close();
});

test('engine.reset forgets alerts, types, queues, navigation and subscriptions', async () => {
  const engine = await spawnEngine();
  await engine.alerts.defineType({ type: 't', priority: 7 });
  await engine.alerts.configure({ maxConcurrent: 3 });
  await engine.nav.push({ scope: 'home' });
  await engine.events.subscribe({ topics: ['alert.changed'] });
  await engine.layers.add({ id: 'x' });
  await engine.alerts.enqueue({ type: 't', id: 'A' });
  await engine.clock.advance({ ms: 50 });
  assert.equal(await engine.reset(), null);
  assert.deepEqual(await engine.nav.get(), { stack: [], active: null });
  assert.deepEqual((await engine.alerts.configure()).maxConcurrent, 1);
  assert.deepEqual((await engine.clock.now()).now, 0);
  assert.equal((await engine.stats()).layers, 0);
  const log = recordTimeline(engine);
  const { alert } = await engine.alerts.enqueue({ type: 't', id: 'A' });
  assert.equal(alert.priority, 0, 'type defaults forgotten');
  assert.deepEqual(log, ['show A @0'], 'no alert.changed: subscriptions forgotten');
  await engine.close();
});

test('initialize cannot change the clock once a timer exists', async () => {
  const engine = await spawnEngine();
  await engine.alerts.enqueue({ type: 't', delayMs: 10 });
  const err = await engine.initialize({ clock: 'system' }).catch((e) => e);
  assert.ok(err instanceof InvalidState, String(err));
  assert.equal(err.reason, 'timers_exist');
  await engine.close();
});

test('alert.enqueue: null params mean omitted; ttlMs 0 is "show now or never"', async () => {
  const engine = await spawnEngine();
  const { alert } = await engine.alerts.enqueue({
    type: 't', id: null, queue: null, priority: null, delayMs: null, at: null, preempt: null, mount: null, onDuplicate: null,
  });
  assert.deepEqual([alert.queue, alert.priority, alert.state, alert.mount], ['default', 0, 'showing', null]);
  const now = (await engine.alerts.enqueue({ type: 't', id: 'never', ttlMs: 0 })).alert;
  assert.equal(now.state, 'expired', 'the queue is busy, so it never shows');
  await engine.alerts.complete({ id: alert.id });
  const shown = (await engine.alerts.enqueue({ type: 't', id: 'now', ttlMs: 0 })).alert;
  assert.equal(shown.state, 'showing');
  await engine.close();
});

test('alert.changed comes just before the show/hide it causes, with its reason', async () => {
  const engine = await spawnEngine();
  const log = recordTimeline(engine);
  await engine.events.subscribe({ topics: ['alert.changed'] });
  await engine.nav.set({ stack: ['home'] });
  await engine.alerts.enqueue({ type: 't', id: 'A', scope: 'home', priority: 1 });
  await engine.alerts.enqueue({ type: 't', id: 'P', priority: 5, preempt: true });
  await engine.alerts.complete({ id: 'P' });
  await engine.nav.push({ scope: 'x' });
  await engine.nav.pop();
  await engine.alerts.enqueue({ type: 't', id: 'X', ttlMs: 10 });
  await engine.clock.advance({ ms: 20 });
  await engine.alerts.cancel({ id: 'A' });
  await engine.alerts.enqueue({ type: 't', id: 'D', durationMs: 5 });
  await engine.clock.advance({ ms: 5 });
  assert.deepEqual(log, [
    'changed A pending->showing (shown) @0',
    'show A @0',
    'changed A showing->suspended (preempted) @0',
    'hide A preempted @0',
    'changed P pending->showing (shown) @0',
    'show P @0',
    'changed P showing->done (completed) @0',
    'changed A suspended->showing (resumed) @0',
    'show A resumed @0',
    'changed A showing->suspended (suspended) @0',
    'hide A suspended @0',
    'changed A suspended->showing (resumed) @0',
    'show A resumed @0',
    'changed X pending->expired (expired) @10',
    'changed A showing->cancelled (cancelled) @20',
    'hide A cancelled @20',
    'idle default @20',
    'changed D pending->showing (shown) @20',
    'show D @20',
    'changed D showing->done (timeout) @25',
    'hide D timeout @25',
    'idle default @25',
  ]);
  await engine.close();
});
