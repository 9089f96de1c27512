// The client under the process models and options a Node program may run it in: worker
// threads, a Node child that dies with calls pending, signals sent to the program's process
// group, the permission model, strict unhandled rejections, frozen intrinsics, require().
// Each runs a real Node process on the real engine.

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
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

/** The state of process `pid` as ps gives it (`S`, `R`, `Z`, `T`, …), or `gone`. */
function processState(pid) {
  try {
    return execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim() || 'gone';
  } catch {
    return 'gone';
  }
}

/** Resolves once process `pid` no longer runs (exited: a zombie or gone), or rejects after `ms`. */
async function ended(pid, ms = 5000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const state = processState(pid);
    if (state === 'gone' || state.startsWith('Z')) return state;
    if (Date.now() > deadline) throw new Error(`the engine (pid ${pid}) still runs: ${state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('Ctrl-C sent to the program\'s process group leaves the engine to the program: its SIGINT handler still uses it', async () => {
  // A terminal signals the whole job in front; the engine, in the program's group, took the
  // SIGINT as its end, and the handler's call failed with EngineExitedError ("exited with
  // code 0"). Node's REPL, which handles Ctrl-C itself, lost its engine the same way.
  const result = await runNode(
    `const engine = await Engine.spawn({ clock: 'manual', timeout: 5000 });
await engine.ping();
process.on('SIGINT', async () => {
  await new Promise((r) => setTimeout(r, 300)); // the engine had time to act on it
  try {
    console.log('ping', JSON.stringify(await engine.ping()));
  } catch (err) {
    console.log('ping failed', err.name, err.message);
  }
  console.log('closed', JSON.stringify(await engine.close()));
});
console.log('ready', engine.pid);`,
    {
      group: true,
      onLine: (line, child) => {
        if (line.startsWith('ready')) process.kill(-child.pid, 'SIGINT');
      },
    },
  );
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^ping \{"pong":true/m);
  assert.match(result.stdout, /^closed \{"exitCode":0,"signal":null\}$/m);
});

test('a Node program that dies with calls pending leaves no engine running', async () => {
  // The engine, in a session of its own, is not reached by signals to the program's group:
  // it ends with its stdin, which closes with the program however it dies.
  const ends = {
    'process.exit()': 'process.exit(0);',
    "SIGTERM's default action": "process.kill(process.pid, 'SIGTERM');",
    'an uncaught exception': "setTimeout(() => { throw new Error('boom'); });",
    SIGKILL: "process.kill(process.pid, 'SIGKILL');",
  };
  for (const [how, end] of Object.entries(ends)) {
    let pid = null;
    const result = await runNode(
      `const engine = await Engine.spawn({ clock: 'manual' });
await engine.ping();
for (let i = 0; i < 1000; i++) engine.alerts.list().catch(() => {});
console.log(engine.pid);
${end}`,
      { onLine: (line) => (pid ??= Number(line)) },
    );
    assert.ok(pid > 0, `${how}: ${result.stderr}`);
    await ended(pid).catch((err) => assert.fail(`${how}: ${err.message}`));
  }
});

test('engines in worker threads and in the main thread at once; a worker terminated mid-call leaves no engine running', async () => {
  const result = await runNode(
    `import { Worker } from 'node:worker_threads';
const main = await Engine.spawn({ clock: 'manual', timeout: 10000 });
const body = \`
  import { parentPort } from 'node:worker_threads';
  import { Engine } from \${JSON.stringify(${JSON.stringify(INDEX)})};
  const engine = await Engine.spawn({ clock: 'manual', timeout: 10000 });
  const answers = await Promise.all(Array.from({ length: 500 }, () => engine.clock.advance({ ms: 1 })));
  if (process.env.STAY) {
    // A call that stays pending until the worker is terminated: the engine is stopped
    // until then (the main thread continues it; a SIGCONT sent here could be cut off by
    // the terminate, and in a session of its own a stopped engine would stay stopped).
    engine.kill('SIGSTOP');
    engine.ping().catch(() => {});
  }
  parentPort.postMessage({ pid: engine.pid, now: answers.at(-1).now });
  if (process.env.STAY) await new Promise(() => {});
  parentPort.postMessage({ closed: await engine.close() });
\`;
const run = (stay) => {
  const worker = new Worker(body, { eval: true, env: { ...process.env, STAY: stay ? '1' : '' } });
  const messages = [];
  worker.on('message', (m) => messages.push(m));
  return { worker, messages, exited: new Promise((r) => worker.on('exit', r)) };
};
const workers = [run(false), run(false), run(false)];
await Promise.all(workers.map((w) => w.exited));
const pings = await Promise.all([main.ping(), main.ping()]);
console.log(JSON.stringify({ workers: workers.map((w) => w.messages), main: pings.length }));
const stays = run(true);
await new Promise((r) => stays.worker.once('message', r));
await stays.worker.terminate();
process.kill(stays.messages[0].pid, 'SIGCONT'); // it reads the end of its input
// Its stdin closed with the worker: it ends; a zombie, which Node never collects while
// this program runs (nodejs/node#46569: the README says to close() it first).
const { execFileSync } = await import('node:child_process');
const state = () => { try { return execFileSync('ps', ['-o', 'stat=', '-p', String(stays.messages[0].pid)], { encoding: 'utf8' }).trim(); } catch { return 'gone'; } };
const deadline = Date.now() + 5000;
while (!/^(Z|gone)/.test(state()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
console.log(JSON.stringify({ terminated: state() }));
console.log(JSON.stringify({ main: await main.close() }));`,
  );
  assert.equal(result.code, 0, result.stderr);
  const lines = result.stdout.trim().split('\n').map((line) => JSON.parse(line));
  assert.equal(lines[0].workers.length, 3);
  for (const [first, second] of lines[0].workers) {
    assert.equal(first.now, 500);
    assert.deepEqual(second.closed, { exitCode: 0, signal: null });
  }
  assert.equal(lines[0].main, 2);
  assert.match(lines[1].terminated, /^(Z|gone)/, 'the engine of the terminated worker still runs');
  assert.deepEqual(lines[2].main, { exitCode: 0, signal: null });
});

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

test('no promise of the client rejects unhandled: death mid-call, close() twice and during calls, calls after close()', async () => {
  const result = await runNode(
    `const died = await Engine.spawn({ clock: 'manual' });
await died.ping();
died.kill('SIGSTOP');
const calls = [died.ping(), died.batch([{ method: 'engine.ping' }]), died.waitFor('alert.show'), died.notify('engine.ping')];
await new Promise((r) => setTimeout(r, 50));
died.kill('SIGKILL');
const settled = await Promise.allSettled(calls);
await Promise.all([died.close(), died.close()]);
const closing = await Engine.spawn({ clock: 'manual' });
const pending = Array.from({ length: 100 }, () => closing.ping());
const [first, second] = [closing.close(), closing.close({ timeout: 0 })];
const late = await Promise.allSettled([closing.ping(), closing.notify('engine.ping'), closing.waitFor('alert.show'), closing.raw('{}')]);
await first;
await second;
const answered = await Promise.allSettled(pending);
const after = await Promise.allSettled([closing.ping(), closing.close()]);
// Timers and microtasks the client left behind run before the process ends.
await new Promise((r) => setTimeout(r, 700));
console.log(JSON.stringify([settled, late, answered, after].map((all) => all.map((s) => s.status).join(' '))));`,
    { flags: ['--unhandled-rejections=strict', '--trace-warnings'] },
  );
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stderr, '');
  const [settled, late, answered, after] = JSON.parse(result.stdout);
  assert.equal(settled, 'rejected rejected rejected fulfilled');
  assert.equal(late, 'rejected fulfilled rejected rejected'); // a notification resolves once written
  assert.equal(answered, Array(100).fill('fulfilled').join(' '));
  assert.equal(after, 'rejected fulfilled');
});

test('under --frozen-intrinsics and --disallow-code-generation-from-strings the client works as usual', async () => {
  const script = `const engine = await Engine.spawn({ clock: 'manual', timeout: 5000 });
await engine.alerts.defineType({ type: 't', priority: 30, scope: 'room' });
await engine.nav.set({ stack: ['room'] });
const shown = engine.waitFor('alert.show');
await engine.alerts.enqueue({ type: 't', id: 'A' });
const controller = new AbortController();
const aborted = engine.ping(undefined, { signal: controller.signal }).catch((e) => e.name);
controller.abort();
const late = await engine.waitFor('alert.hide', { timeout: 50 }).catch((e) => e.name);
console.log(JSON.stringify([(await shown).alert.id, await aborted, late,
  (await engine.batch([{ method: 'engine.ping' }]))[0].ok, await engine.close()]));`;
  for (const flags of [['--frozen-intrinsics'], ['--disallow-code-generation-from-strings']]) {
    const result = await runNode(script, { flags });
    assert.equal(result.code, 0, `${flags}: ${result.stderr}`);
    assert.deepEqual(JSON.parse(result.stdout), ['A', 'AbortError', 'TimeoutError', true, { exitCode: 0, signal: null }], String(flags));
  }
});

test('require() of the package works where Node has require(esm); import() everywhere', async () => {
  const dir = new URL('..', import.meta.url).pathname;
  const script = `const ordo = require(${JSON.stringify(dir)});
(async () => {
  const engine = await ordo.Engine.spawn({ clock: 'manual' });
  console.log(JSON.stringify([(await engine.ping()).pong, await engine.close()]));
})();`;
  let out;
  try {
    out = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { ...process.env, ORDO_BIN: BIN }, stdio: 'pipe' });
  } catch (err) {
    // Node before 20.19 (22.12) has no require() of an ES module: README says import() there.
    if (/ERR_REQUIRE_ESM/.test(String(err.stderr))) return;
    throw err;
  }
  assert.deepEqual(JSON.parse(out), [true, { exitCode: 0, signal: null }]);
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
