// The client under the process models and options a Node program may run it in: Node's
// permission model. Each runs a real Node process on the real engine.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';

import { BIN, spawnEngine } from './helpers.js';

const INDEX = new URL('../index.js', import.meta.url).href;

/** Node's flag for its permission model: `--permission` from Node 22 on, before it the experimental one. */
const PERMISSION = process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission';

/**
 * Runs `script` (an ES module, the client imported as `Engine` and its kin) in a new Node
 * process with `flags`, the engine at $ORDO_BIN. Resolves with its `{code, signal, stdout,
 * stderr}`. `options.group`: its own process group, so that `onLine` may signal it as a
 * terminal signals the job in front; `onLine(line, child)`: each line it prints.
 */
function runNode(script, { flags = [], env = {}, group = false, onLine = () => {}, timeout = 30000 } = {}) {
  const source = `import * as ordo from ${JSON.stringify(INDEX)};\nconst { Engine } = ordo;\n${script}`;
  const child = spawn(process.execPath, [...flags, '--input-type=module', '-e', source], {
    env: { ...process.env, ORDO_BIN: BIN, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: group,
  });
  let stdout = '';
  let stderr = '';
  let pending = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (text) => {
    stdout += text;
    pending += text;
    let end;
    while ((end = pending.indexOf('\n')) !== -1) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      onLine(line, child);
    }
  });
  child.stderr.on('data', (text) => (stderr += text));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeout);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

test("under Node's permission model, an engine path the program may not read is spawned, not called missing", async () => {
  // --allow-fs-read names what the program may read; the engine's file need not be among
  // them to be run (--allow-child-process). The client's own check of the path said
  // "ORDO_BIN=… does not exist".
  const script = `const engine = await Engine.spawn({ clock: 'manual', timeout: 5000 });
console.log(JSON.stringify(await engine.ping()));
console.log(JSON.stringify(await engine.close()));`;
  const readable = new URL('..', import.meta.url).pathname; // the package, not the engine
  const result = await runNode(script, { flags: [PERMISSION, `--allow-fs-read=${readable}*`, '--allow-child-process'] });
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /"pong":true/);
  assert.match(result.stdout, /\{"exitCode":0,"signal":null\}/);
});

test("under Node's permission model without --allow-child-process, spawn rejects naming the flag", async () => {
  // Node's own "Access to this API has been restricted" named neither the engine nor the flag.
  const result = await runNode(
    `const err = await Engine.spawn({ clock: 'manual' }).catch((e) => e);
console.log(JSON.stringify({ message: err.message, code: err.code, cause: err.cause?.code }));`,
    { flags: [PERMISSION, '--allow-fs-read=*'] },
  );
  assert.equal(result.code, 0, result.stderr);
  const { message, code, cause } = JSON.parse(result.stdout);
  assert.match(message, /^cannot start the Ordo engine ".*": .*--allow-child-process/);
  assert.equal(code, 'ERR_ACCESS_DENIED');
  assert.equal(cause, 'ERR_ACCESS_DENIED');
});

test("under Node's permission model, the search for the engine names the paths it was not allowed to read", async () => {
  const result = await runNode(
    `const err = await Engine.spawn({}).catch((e) => e);
console.log(err.message);`,
    { flags: [PERMISSION, `--allow-fs-read=${new URL('..', import.meta.url).pathname}*`, '--allow-child-process'], env: { ORDO_BIN: '' } },
  );
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^cannot find the Ordo engine: .*Of these, not readable under Node's permission model \(--allow-fs-read/);
});

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
