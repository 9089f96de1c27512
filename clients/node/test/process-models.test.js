// The client under the process models and options a Node program may run it in.
// Each runs a real Node process on the real engine.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { spawnEngine } from './helpers.js';

test('30 000 calls and 30 000 notifications written in one loop take linear time', async () => {
  // Past MAX_NOTES unsettled messages, each notification rebuilt the whole order when more
  // than MAX_NOTES calls were waiting in it (nothing to drop): 13 s for this loop.
  const engine = await spawnEngine({ timeout: 60000 });
  const started = performance.now();
  const calls = [];
  for (let i = 0; i < 30000; i++) calls.push(engine.ping(), engine.notify('engine.ping'));
  const took = performance.now() - started;
  const results = await Promise.all(calls);
  assert.equal(results.filter((r) => r?.pong === true).length, 30000);
  assert.ok(took < 4000, `writing took ${Math.round(took)} ms`);
  await engine.close();
});
