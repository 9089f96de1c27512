// The seed's advanced scenario through the installed npm tarball: Engine.spawn() with no
// `bin`. Copied into a fresh npm project outside the repository and run there by
// test_dist.py. B's data arrives first and B shows; A's and C's arrive while B shows and
// wait; when the user closes B, A shows (priority, not arrival), then C.

import { readFileSync } from 'node:fs';
import { Engine } from 'ordo-client';

const pkg = JSON.parse(readFileSync(new URL('./node_modules/ordo-client/package.json', import.meta.url), 'utf8'));
const engine = await Engine.spawn({ clock: 'manual', timeout: 10000 });
const shown = [];
engine.on('alert.show', ({ alert }) => shown.push(alert.id));
try {
  const info = await engine.initialize();
  await engine.alerts.defineType({ type: 'redPacket', priority: 30, scope: 'room' });
  await engine.alerts.defineType({ type: 'growthGift', priority: 20, scope: 'room' });
  await engine.alerts.defineType({ type: 'follow', priority: 10, scope: 'room' });
  await engine.nav.set({ stack: ['room'] });

  await engine.clock.advance({ ms: 120 });
  await engine.alerts.enqueue({ type: 'growthGift', id: 'B' });
  await engine.clock.advance({ ms: 130 });
  await engine.alerts.enqueue({ type: 'follow', id: 'C' });
  await engine.clock.advance({ ms: 150 });
  await engine.alerts.enqueue({ type: 'redPacket', id: 'A' });
  const waiting = (await engine.alerts.list({ states: ['pending'] })).alerts.map((a) => a.id).sort();

  await engine.clock.advance({ ms: 1100 });
  await engine.alerts.complete({ id: 'B' });
  await engine.clock.advance({ ms: 800 });
  await engine.alerts.complete({ id: 'A' });
  await engine.alerts.complete({ id: 'C' });

  console.log(
    JSON.stringify({
      bin: engine.bin,
      serverVersion: info.serverInfo.version,
      packageVersion: pkg.version,
      waitingWhileBShows: waiting,
      shown,
    }),
  );
} finally {
  await engine.close();
}
