// The seed's three scenarios (SPEC §4, seeds/004_*.txt) on the manual clock.
//
// Three popups A (red packet), B (growth gift), C (follow) must show in the order
// A → B → C, one at a time, each fed by a network request that returns at an unknown
// moment (here: the test advances the clock and enqueues when "the data arrives"). They
// belong to the live room page ("room"); "wallet"/"gift" pages are where popups lead.
// A popup whose button navigates: the shell sends nav.push first (the popup is suspended:
// `hide … suspended`) and alert.complete second, so nothing else flashes on screen.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { recordTimeline, spawnEngine } from './helpers.js';

const TYPES = { A: 'redPacket', B: 'growthGift', C: 'follow' };

async function roomEngine() {
  const engine = await spawnEngine();
  // The fixed A → B → C order is three type definitions.
  await engine.alerts.defineType({ type: TYPES.A, priority: 30, scope: 'room' });
  await engine.alerts.defineType({ type: TYPES.B, priority: 20, scope: 'room' });
  await engine.alerts.defineType({ type: TYPES.C, priority: 10, scope: 'room' });
  await engine.nav.set({ stack: ['room'] });
  const log = recordTimeline(engine);
  /** Moves the clock to `t` ms. */
  const at = async (t) => {
    const { now } = await engine.clock.now();
    if (t > now) await engine.clock.advance({ ms: t - now });
  };
  /** The data of popup `name` arrived. */
  const arrive = (name, data = {}) => engine.alerts.enqueue({ type: TYPES[name], id: name, data });
  return { engine, log, at, arrive };
}

test('1. ideal: data in order, shown in order; after a detour the rest continue in order', async () => {
  const { engine, log, at, arrive } = await roomEngine();
  await at(100);
  await arrive('A');
  await at(200);
  await arrive('B');
  await at(300);
  await arrive('C');
  await at(400);
  await engine.alerts.complete({ id: 'A' }); // user closes A
  await at(500);
  // B's button takes the user to another page: nav.push first, then complete.
  await engine.nav.push({ scope: 'gift' });
  await engine.alerts.complete({ id: 'B', result: { button: 'open' } });
  await at(900);
  assert.equal((await engine.alerts.get({ id: 'C' })).state, 'pending', 'C waits while the user is away');
  await engine.nav.pop(); // back in the room
  await at(1000);
  await engine.alerts.complete({ id: 'C' });
  assert.deepEqual(log, ['show A @100', 'show B @400', 'hide B suspended @500', 'show C @900', 'idle default @1000']);
  await engine.close();
});

test('2. advanced: B first and shows; A and C arrive meanwhile; B closes → A (priority), then C', async () => {
  const { engine, log, at, arrive } = await roomEngine();
  await at(100);
  await arrive('B');
  await at(150);
  await arrive('C'); // C's data even arrives before A's
  await at(200);
  const a = (await arrive('A')).alert;
  assert.equal(a.state, 'pending', 'A does not displace B');
  await at(300);
  await engine.alerts.complete({ id: 'B' });
  // Navigation as in 1: A's button leads away; C waits until the user is back.
  await at(400);
  await engine.nav.push({ scope: 'wallet' });
  await engine.alerts.complete({ id: 'A' });
  await at(800);
  await engine.nav.pop();
  await at(900);
  await engine.alerts.complete({ id: 'C' });
  assert.deepEqual(log, ['show B @100', 'show A @300', 'hide A suspended @400', 'show C @800', 'idle default @900']);
  await engine.close();
});

test('2. advanced, every arrival order: the first shows, then the rest by priority', async () => {
  const orders = [['A', 'B', 'C'], ['A', 'C', 'B'], ['B', 'A', 'C'], ['B', 'C', 'A'], ['C', 'A', 'B'], ['C', 'B', 'A']];
  for (const order of orders) {
    const { engine, log, at, arrive } = await roomEngine();
    for (const [i, name] of order.entries()) {
      await at(100 * (i + 1));
      await arrive(name);
    }
    for (let i = 0; i < 3; i++) {
      const showing = (await engine.alerts.list({ states: ['showing'] })).alerts;
      assert.equal(showing.length, 1);
      await engine.alerts.complete({ id: showing[0].id });
    }
    const shown = log.filter((l) => l.startsWith('show')).map((l) => l.split(' ')[1]);
    const rest = ['A', 'B', 'C'].filter((n) => n !== order[0]);
    assert.deepEqual(shown, [order[0], ...rest], `arrival ${order.join('')}`);
    await engine.close();
  }
});

test('3. high end: B is scheduled, becomes ready while the user is away, shows on return', async () => {
  const { engine, log, at, arrive } = await roomEngine();
  await at(100);
  await arrive('A');
  const b = (await engine.alerts.enqueue({ type: TYPES.B, id: 'B', at: 1000 })).alert;
  assert.deepEqual([b.state, b.readyAt], ['scheduled', 1000]);
  await at(200);
  await engine.nav.push({ scope: 'wallet' }); // the user follows A to another page
  await engine.alerts.complete({ id: 'A' });
  await at(1200);
  assert.equal((await engine.alerts.get({ id: 'B' })).state, 'pending', 'ready, but its page is not on screen');
  await engine.nav.pop();
  await at(1300);
  await engine.alerts.complete({ id: 'B' });
  assert.deepEqual(log, ['show A @100', 'hide A suspended @200', 'show B @1200', 'idle default @1300']);
  await engine.close();
});

test('3. high end: something on the other page makes B unnecessary; B does not show on return', async () => {
  const { engine, log, at, arrive } = await roomEngine();
  await at(100);
  await arrive('A');
  await engine.alerts.enqueue({ type: TYPES.B, id: 'B', at: 1000 });
  await at(200);
  await engine.nav.push({ scope: 'wallet' });
  await engine.alerts.complete({ id: 'A' });
  await at(1100); // B became ready meanwhile
  // e.g. the user claimed the gift on the wallet page
  assert.deepEqual(await engine.alerts.cancel({ type: TYPES.B }), { cancelled: ['B'] });
  await at(1200);
  await engine.nav.pop();
  await at(2000);
  const b = await engine.alerts.get({ id: 'B' });
  assert.deepEqual([b.state, b.shownCount, b.endedAt], ['cancelled', 0, 1100]);
  assert.deepEqual(log, ['show A @100', 'hide A suspended @200', 'idle default @1100']);
  await engine.close();
});

test('3. high end, cancelled before it was even ready', async () => {
  const { engine, log, at, arrive } = await roomEngine();
  await at(100);
  await arrive('A');
  await engine.alerts.enqueue({ type: TYPES.B, id: 'B', at: 1000 });
  await engine.nav.push({ scope: 'wallet' });
  await engine.alerts.complete({ id: 'A' });
  await at(500);
  await engine.alerts.cancel({ id: 'B' });
  await engine.nav.pop();
  await at(2000);
  assert.deepEqual(log, ['show A @100', 'hide A suspended @100', 'idle default @500']);
  await engine.close();
});
