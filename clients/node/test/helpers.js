// Shared test helpers. Every test drives the real engine binary: $ORDO_BIN, else the
// repository's .build/{release,debug}/ordo (see findEngineBinary).

import { after } from 'node:test';

import { Engine, findEngineBinary } from '../index.js';

export const BIN = findEngineBinary();

/** Per-call and waitFor timeout: a hang fails the test quickly instead of stalling the suite. */
export const CALL_TIMEOUT = 5000;

const live = new Set();

after(async () => {
  await Promise.all([...live].map((e) => e.close({ timeout: 500, killTimeout: 500 })));
});

/**
 * Spawns an engine on the manual clock (unless `clock` is given) that is closed when the
 * test file ends.
 * @param {Parameters<typeof Engine.spawn>[0]} [options]
 */
export async function spawnEngine(options = {}) {
  const engine = await Engine.spawn({ bin: BIN, clock: 'manual', timeout: CALL_TIMEOUT, ...options });
  live.add(engine);
  engine.exited.then(() => live.delete(engine));
  return engine;
}

/**
 * Records every engine notification and the given markers in arrival order, as compact
 * strings: `show A`, `hide B suspended`, `idle default`, … `log.mark(text)` adds a marker.
 */
export function recordTimeline(engine) {
  const log = [];
  engine.on('notification', (method, p) => {
    switch (method) {
      case 'alert.show':
        log.push(`show ${p.alert.id}${p.resumed ? ' resumed' : ''} @${p.at}`);
        break;
      case 'alert.hide':
        log.push(`hide ${p.id} ${p.reason} @${p.at}`);
        break;
      case 'alert.update':
        log.push(`update ${p.alert.id} @${p.at}`);
        break;
      case 'alert.idle':
        log.push(`idle ${p.queue} @${p.at}`);
        break;
      case 'alert.changed':
        log.push(`changed ${p.id} ${p.previous}->${p.state}${p.reason ? ` (${p.reason})` : ''} @${p.at}`);
        break;
      default:
        log.push(`${method}`);
    }
  });
  // Non-enumerable, so assert.deepEqual(log, [...]) compares the entries only.
  Object.defineProperty(log, 'mark', { value: (text) => log.push(text) });
  Object.defineProperty(log, 'take', { value: () => log.splice(0, log.length) });
  return log;
}

/** Ids of a layer page, bottom → top. */
export function idsOf(page) {
  return page.layers.map((l) => l.id);
}
