// examples/advanced.js runs against the real engine and prints the seed's advanced timeline.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test } from 'node:test';

import { BIN } from './helpers.js';

test('examples/advanced.js: B shows first, then A (priority), then C after the detour', async () => {
  const script = fileURLToPath(new URL('../examples/advanced.js', import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, [script], {
    env: { ...process.env, ORDO_BIN: BIN },
    timeout: 20000,
  });
  const events = stdout
    .split('\n')
    .filter((line) => /(SHOW|HIDE|IDLE)/.test(line))
    .map((line) => line.replace(/\s+/g, ' ').trim());
  assert.deepEqual(events, [
    '120 ms SHOW B (growthGift, priority 20)',
    '1500 ms SHOW A (redPacket, priority 30)',
    '2300 ms HIDE A (suspended)',
    '4000 ms SHOW C (follow, priority 10)',
    '4600 ms IDLE queue "default": all popups done',
  ]);
  assert.match(stdout, /shown in order: B → A → C/);
});
