#!/usr/bin/env node
// The seed's "advanced" scenario, driven through ordo-client on the manual clock.
//
// Three popups of a live room must show in the order A → B → C, one at a time:
//   A = red packet (priority 30), B = growth gift (20), C = follow (10).
// Each is fed by a network request that returns at an unknown moment. Here B's data
// arrives first and B shows; while B shows, C's and then A's data arrive and wait. When
// the user closes B, A shows (highest priority first, whatever arrived first), then C.
// A's button leads to the wallet page: C waits there and shows once the user is back.
//
// Run: node examples/advanced.js   (engine: $ORDO_BIN, or the repository's .build/…/ordo)

import { Engine } from '../index.js';

const engine = await Engine.spawn({ clock: 'manual', timeout: 5000 });
const pad = (t) => String(t).padStart(5);
const print = (at, text) => console.log(`${pad(at)} ms  ${text}`);

engine.on('alert.show', ({ alert, resumed, at }) => {
  print(at, `SHOW   ${alert.id} (${alert.type}, priority ${alert.priority})${resumed ? ' again' : ''}`);
});
engine.on('alert.hide', ({ id, reason, at }) => print(at, `HIDE   ${id} (${reason})`));
engine.on('alert.idle', ({ queue, at }) => print(at, `IDLE   queue "${queue}": all popups done`));

/** Moves the engine clock to `t` ms (timers due meanwhile fire in order). */
async function at(t) {
  const { now } = await engine.clock.now();
  if (t > now) await engine.clock.advance({ ms: t - now });
}
const note = async (text) => print((await engine.clock.now()).now, `       ${text}`);

try {
  // The fixed order is three type definitions; the popups belong to the room page.
  await engine.alerts.defineType({ type: 'redPacket', priority: 30, scope: 'room' });
  await engine.alerts.defineType({ type: 'growthGift', priority: 20, scope: 'room' });
  await engine.alerts.defineType({ type: 'follow', priority: 10, scope: 'room' });
  await engine.nav.set({ stack: ['room'] });

  await at(120);
  await note("B's data arrives");
  await engine.alerts.enqueue({ type: 'growthGift', id: 'B', data: { gift: '7-day VIP' } });

  await at(250);
  await note("C's data arrives (B is showing: C waits)");
  await engine.alerts.enqueue({ type: 'follow', id: 'C', data: { anchor: 'mia' } });

  await at(400);
  await note("A's data arrives (B is showing: A waits)");
  await engine.alerts.enqueue({ type: 'redPacket', id: 'A', data: { amount: 8.88 } });

  await at(1500);
  await note('user closes B');
  await engine.alerts.complete({ id: 'B', result: { button: 'close' } });

  await at(2300);
  await note("user taps A's button: go to the wallet page, then close A");
  await engine.nav.push({ scope: 'wallet' });
  await engine.alerts.complete({ id: 'A', result: { button: 'open' } });

  await at(4000);
  await note('user comes back to the room');
  await engine.nav.pop();

  await at(4600);
  await note('user closes C');
  await engine.alerts.complete({ id: 'C' });

  const order = (await engine.alerts.list({ states: ['done'] })).alerts
    .sort((x, y) => x.shownAt - y.shownAt)
    .map((a) => a.id);
  console.log(`shown in order: ${order.join(' → ')}`);
} finally {
  await engine.close();
}
