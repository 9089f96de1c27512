// Durable state against the real engine: engine.stats.state, Alert.persist, engine.reset
// {state}, and what comes back after a restart on the same `--state` file.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

import { recordTimeline, spawnEngine } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'ordo-node-state-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** A path for a new state file (not created: the engine creates it). */
function stateFile() {
  files += 1;
  return join(dir, `state-${files}.db`);
}

test('without --state: stats.state is null, persist is only reported, reset {state: true} is a plain reset', async () => {
  const engine = await spawnEngine();
  assert.equal((await engine.stats()).state, null);
  await engine.alerts.defineType({ type: 'keep', persist: true, priority: 4 });
  const { alert } = await engine.alerts.enqueue({ type: 'keep', id: 'K' });
  assert.equal(alert.persist, true);
  assert.equal((await engine.alerts.enqueue({ type: 'other', id: 'O' })).alert.persist, false);
  assert.equal((await engine.alerts.enqueue({ type: 'keep', id: 'P', persist: false })).alert.persist, false);
  assert.equal((await engine.alerts.history()).shows.length, 1);

  assert.equal(await engine.reset({ state: true }), null);
  assert.deepEqual((await engine.alerts.list()).alerts, []);
  assert.deepEqual((await engine.alerts.history()).shows, [], 'show history dropped');
  assert.equal((await engine.alerts.enqueue({ type: 'keep' })).alert.priority, 0, 'types dropped');
  assert.equal((await engine.stats()).state, null);
  assert.equal(await engine.reset({ state: null }), null);
  await assert.rejects(engine.reset({ state: 'yes' }), (e) => e.name === 'InvalidParams' && e.path === '/state');
  await engine.close();
});

test('with --state <file>: stats.state reports the file; types, show history and persisted alerts survive a restart', async () => {
  const file = stateFile();
  let engine = await spawnEngine({ args: ['--state', file] });
  const fresh = (await engine.stats()).state;
  assert.equal(fresh.path, file);
  assert.ok(Number.isInteger(fresh.bytes) && fresh.bytes > 0, `bytes ${fresh.bytes}`);
  assert.ok(Number.isInteger(fresh.commits) && fresh.commits >= 0);

  await engine.alerts.defineType({ type: 'remind', persist: true, priority: 3 });
  const shown = await engine.alerts.enqueue({ type: 'plain', id: 'P' }); // not persisted
  assert.deepEqual([shown.alert.state, shown.alert.persist], ['showing', false]);
  const later = await engine.alerts.enqueue({ type: 'remind', id: 'R', delayMs: 500 });
  assert.deepEqual([later.alert.state, later.alert.persist], ['scheduled', true]);
  const waiting = await engine.alerts.enqueue({ type: 'plain', id: 'Q', persist: true });
  assert.deepEqual([waiting.alert.state, waiting.alert.persist], ['pending', true]);
  const changed = (await engine.stats()).state;
  assert.equal(changed.path, file);
  assert.ok(changed.commits > fresh.commits, `commits ${fresh.commits} → ${changed.commits}`);
  await engine.close();

  engine = await spawnEngine({ args: ['--state', file] });
  const log = recordTimeline(engine);
  // The first request, a read, applies nothing: the restored alerts compete before it reads,
  // so Q (pending) shows, and the list says so.
  const listed = (await engine.alerts.list()).alerts.map((a) => [a.id, a.state, a.persist, a.readyAt]);
  assert.deepEqual(listed, [
    ['Q', 'showing', true, null],
    ['R', 'scheduled', true, 500],
  ]);
  assert.deepEqual(log, ['show Q @0']);
  assert.equal((await engine.alerts.get({ id: 'R' })).priority, 3);
  assert.deepEqual((await engine.alerts.history()).shows.map((s) => s.id), ['Q', 'P']);
  assert.equal((await engine.stats()).state.path, file);
  await engine.close();
});

test('engine.reset with --state reloads the durable state; reset {state: true} empties it', async () => {
  const file = stateFile();
  let engine = await spawnEngine({ args: ['--state', file] });
  await engine.alerts.defineType({ type: 'remind', persist: true });
  await engine.alerts.enqueue({ type: 'remind', id: 'R', delayMs: 500 });
  await engine.alerts.enqueue({ type: 'plain', id: 'P' });
  await engine.layers.add({ id: 'screen' });

  // A plain reset is "as if the process restarted": R comes back, P and the layer do not.
  assert.equal(await engine.reset(), null);
  assert.deepEqual((await engine.alerts.list()).alerts.map((a) => `${a.id}:${a.state}`), ['R:scheduled']);
  assert.equal((await engine.stats()).layers, 0);
  assert.equal((await engine.alerts.history()).shows.length, 1, 'P showed: the history is durable');

  assert.equal(await engine.reset({ state: true }), null);
  assert.deepEqual((await engine.alerts.list()).alerts, []);
  assert.deepEqual((await engine.alerts.history()).shows, []);
  assert.equal((await engine.alerts.enqueue({ type: 'remind', id: 'X' })).alert.persist, false, 'the type is gone');
  assert.notEqual((await engine.stats()).state, null);
  await engine.alerts.cancel({ all: true });
  await engine.close();

  engine = await spawnEngine({ args: ['--state', file] });
  assert.deepEqual((await engine.alerts.list()).alerts, []);
  assert.deepEqual((await engine.alerts.history()).shows.map((s) => s.id), ['X']);
  await engine.close();
});
