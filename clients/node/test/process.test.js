// The engine as a process: death mid-call, timeouts, abort, close escalation, stderr,
// finding the binary. SIGSTOP freezes the engine so "mid-call" is deterministic.

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { EventEmitter, getEventListeners } from 'node:events';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';

import { Engine, EngineExitedError, TimeoutError, findEngineBinary } from '../index.js';
import { ProcessTransport } from '../src/node/transport.js';
import { BIN, spawnEngine } from './helpers.js';

/** Resolves after the event loop has had `ms` to deliver anything that was coming. */
const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));

test('an engine killed mid-call rejects every pending call with EngineExitedError', async () => {
  const engine = await spawnEngine();
  await engine.ping();
  engine.kill('SIGSTOP');
  const calls = [engine.ping(), engine.clock.advance({ ms: 5 }), engine.batch([{ method: 'clock.now' }])];
  const waiting = engine.waitFor('alert.show');
  await settle();
  assert.equal(engine.pendingCount, 3);
  engine.kill('SIGKILL');
  for (const call of [...calls, waiting]) {
    const err = await call.catch((e) => e);
    assert.ok(err instanceof EngineExitedError, String(err));
    assert.equal(err.signal, 'SIGKILL');
    assert.equal(err.exitCode, null);
    assert.match(err.message, /killed by SIGKILL/);
  }
  assert.deepEqual(engine.exitInfo, { exitCode: null, signal: 'SIGKILL' });
  assert.equal(engine.pendingCount, 0);
  // Later calls fail at once, never hang.
  await assert.rejects(engine.ping(), EngineExitedError);
  await assert.rejects(engine.notify('engine.ping'), EngineExitedError);
  await assert.rejects(engine.waitFor('alert.hide'), EngineExitedError);
  assert.deepEqual(await engine.close(), { exitCode: null, signal: 'SIGKILL' });
});

/**
 * Runs `body` with a wrapper script that leaves a process behind (`sleep 30`, its stdio as
 * `redirects` say, holding the others of the engine's pipes) and then execs the engine, as a
 * wrapper starting a log shipper would; that process is killed afterwards.
 */
async function withLeftBehind(redirects, body) {
  const dir = mkdtempSync(join(tmpdir(), 'ordo-left-'));
  const helper = join(dir, 'helper');
  try {
    const wrapper = join(dir, 'wrapper.sh');
    writeFileSync(wrapper, `#!/bin/sh\nsleep 30 ${redirects} &\necho $! > "${helper}"\nexec "${BIN}" "$@"\n`);
    chmodSync(wrapper, 0o755);
    await body(wrapper);
  } finally {
    if (existsSync(helper)) process.kill(Number(readFileSync(helper, 'utf8')), 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a killed engine fails its calls at once though another process holds its stderr', async () => {
  // A wrapper script leaves a process behind that keeps the engine's stderr open (a log
  // shipper): the child's 'close' waits for it, the end of stdout and the exit do not.
  await withLeftBehind('>/dev/null </dev/null', async (wrapper) => {
    const engine = await spawnEngine({ bin: wrapper });
    await engine.ping();
    engine.kill('SIGSTOP');
    const call = engine.ping().catch((e) => e);
    const waiting = engine.waitFor('alert.show').catch((e) => e);
    await settle();
    const started = Date.now();
    engine.kill('SIGKILL');
    for (const err of [await call, await waiting]) {
      assert.ok(err instanceof EngineExitedError, String(err));
      assert.equal(err.signal, 'SIGKILL');
    }
    assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
    assert.deepEqual(await engine.exited, { exitCode: null, signal: 'SIGKILL' });
    await assert.rejects(engine.ping(), EngineExitedError);
  });
});

test('a killed engine fails its calls soon though another process holds its stdout', async () => {
  // The engine's output does not end while another process holds the pipe: its exit, and
  // what it wrote read by then, decide.
  await withLeftBehind('2>/dev/null </dev/null', async (wrapper) => {
    const engine = await spawnEngine({ bin: wrapper });
    await engine.ping();
    engine.kill('SIGSTOP');
    const call = engine.ping().catch((e) => e);
    await settle();
    const started = Date.now();
    engine.kill('SIGKILL');
    const err = await call;
    assert.ok(err instanceof EngineExitedError, String(err));
    assert.equal(err.signal, 'SIGKILL');
    assert.ok(Date.now() - started < 4000, `took ${Date.now() - started} ms`);
  });
});

test('close() lets go of pipes a process the engine left behind still holds', async () => {
  // Else they keep this Node process alive until that process ends.
  await withLeftBehind('</dev/null', (wrapper) => {
    const script = `import { Engine } from ${JSON.stringify(new URL('../index.js', import.meta.url).href)};
const engine = await Engine.spawn({ bin: ${JSON.stringify(wrapper)}, clock: 'manual' });
await engine.ping();
console.log(JSON.stringify(await engine.close()));`;
    const started = Date.now();
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20000 });
    assert.deepEqual(JSON.parse(out), { exitCode: 0, signal: null });
    assert.ok(Date.now() - started < 10000, `the Node process lived ${Date.now() - started} ms`);
  });
});

test('an engine whose output ends while it still runs fails its calls, not only at its exit', async () => {
  // A stand-in for an engine that closes its stdout and lingers: it answers one request,
  // then closes stdout and sleeps. Calls must not wait for its exit.
  const dir = mkdtempSync(join(tmpdir(), 'ordo-closed-'));
  try {
    const fake = join(dir, 'fake.mjs');
    writeFileSync(
      fake,
      `#!${process.execPath}
import { closeSync } from 'node:fs';
import { createInterface } from 'node:readline';
const lines = createInterface({ input: process.stdin });
let answered = false;
lines.on('line', (line) => {
  if (answered) return;
  answered = true;
  const { id } = JSON.parse(line);
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, result: { pong: true, at: 0 } }) + '\\n', () => {
    closeSync(1);
    setTimeout(() => process.exit(0), 20000);
  });
});
`,
    );
    chmodSync(fake, 0o755);
    const engine = await spawnEngine({ bin: fake, timeout: 20000 });
    await engine.ping();
    const started = Date.now();
    const err = await engine.ping().catch((e) => e);
    const waited = Date.now() - started;
    assert.ok(err instanceof EngineExitedError, String(err));
    assert.equal(err.exitCode, null);
    assert.equal(err.signal, null);
    assert.match(err.message, /^the Ordo engine ended its output/);
    assert.ok(waited < 15000, `took ${waited} ms`);
    await assert.rejects(engine.waitFor('alert.show'), EngineExitedError);
    engine.kill('SIGKILL');
    assert.deepEqual(await engine.exited, { exitCode: null, signal: 'SIGKILL' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a relative engine path names a file in the working directory of its caller, whatever cwd the engine runs in', async () => {
  const path = relative(process.cwd(), BIN);
  const engine = await spawnEngine({ bin: path, cwd: tmpdir() });
  assert.equal(engine.bin, `${process.cwd()}/${path}`);
  assert.equal(realpathSync(engine.bin), realpathSync(BIN));
  assert.equal((await engine.ping()).pong, true);
  assert.deepEqual(await engine.close(), { exitCode: 0, signal: null });
});

test('a relative path through a link and up names what the kernel runs (the parent of the link\'s target)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ordo-link-'));
  const cwd = process.cwd();
  try {
    mkdirSync(join(dir, 'real', 'sub'), { recursive: true });
    symlinkSync(BIN, join(dir, 'real', 'ordo'));
    symlinkSync(join(dir, 'real', 'sub'), join(dir, 'link'));
    process.chdir(dir);
    assert.equal(findEngineBinary({ bin: 'link/../ordo' }), `${dir}/link/../ordo`);
    const engine = await spawnEngine({ bin: 'link/../ordo', cwd: tmpdir() });
    assert.equal((await engine.ping()).pong, true);
    assert.deepEqual(await engine.close(), { exitCode: 0, signal: null });
  } finally {
    process.chdir(cwd);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('EngineExitedError carries the exit code and the stderr tail', async () => {
  // A bad flag: the engine prints its usage on stderr and exits 2.
  const engine = await spawnEngine({ args: ['--no-such-flag'] });
  const stderr = [];
  engine.on('stderr', (text) => stderr.push(text));
  const err = await engine.ping().catch((e) => e);
  assert.ok(err instanceof EngineExitedError, String(err));
  assert.equal(err.exitCode, 2);
  assert.equal(err.signal, null);
  assert.match(err.stderr, /usage: ordo/);
  assert.match(err.message, /exited with code 2[\s\S]*usage: ordo/);
  assert.match(engine.stderrTail, /usage: ordo/);
  assert.match(stderr.join(''), /usage: ordo/);
});

test('a per-call timeout rejects with TimeoutError; the late answer is dropped and order kept', async () => {
  const engine = await spawnEngine();
  engine.kill('SIGSTOP');
  const started = Date.now();
  const err = await engine.clock.advance({ ms: 10 }, { timeout: 100 }).catch((e) => e);
  assert.ok(err instanceof TimeoutError, String(err));
  assert.equal(err.timeoutMs, 100);
  assert.match(err.message, /clock.advance timed out after 100 ms/);
  assert.ok(Date.now() - started >= 90);
  const protocolErrors = [];
  engine.on('protocolError', (e) => protocolErrors.push(e));
  engine.kill('SIGCONT');
  // The engine still applied the timed-out request; the next answers match their calls.
  assert.deepEqual(await engine.clock.now(), { now: 10, mode: 'manual' });
  assert.deepEqual(await engine.clock.advance({ ms: 1 }), { now: 11 });
  assert.deepEqual(protocolErrors, []);
  await engine.close();
});

test('the spawn timeout is the default for every call and for waitFor', async () => {
  const engine = await spawnEngine({ timeout: 80 });
  engine.kill('SIGSTOP');
  await assert.rejects(engine.ping(), TimeoutError);
  await assert.rejects(engine.waitFor('alert.idle'), /waiting for alert.idle timed out after 80 ms/);
  await assert.rejects(engine.batch([{ method: 'engine.ping' }]), TimeoutError);
  engine.kill('SIGCONT');
  assert.equal((await engine.ping(undefined, { timeout: 0 })).pong, true);
  await engine.close();
});

test('an AbortSignal stops waiting; an aborted signal sends nothing', async () => {
  const engine = await spawnEngine();
  engine.kill('SIGSTOP');
  const controller = new AbortController();
  const call = engine.clock.advance({ ms: 3 }, { signal: controller.signal });
  const wait = engine.waitFor('alert.show', { signal: controller.signal });
  await settle(); // written (an abort in the same tick sends nothing: see below)
  controller.abort();
  const err = await call.catch((e) => e);
  assert.equal(err.name, 'AbortError');
  assert.equal((await wait.catch((e) => e)).name, 'AbortError');
  const reason = new Error('user left');
  const again = new AbortController();
  again.abort(reason);
  assert.equal(await engine.clock.advance({ ms: 100 }, { signal: again.signal }).catch((e) => e), reason);
  engine.kill('SIGCONT');
  // The aborted request had been sent (+3); the pre-aborted one never was (+100).
  assert.deepEqual(await engine.clock.now(), { now: 3, mode: 'manual' });
  await engine.close();
});

test('close() escalates: shutdown times out, SIGTERM is not enough, SIGKILL ends it', async () => {
  const engine = await spawnEngine();
  engine.kill('SIGSTOP'); // a stopped process answers nothing and ignores SIGTERM until continued
  const started = Date.now();
  const info = await engine.close({ timeout: 100, killTimeout: 100 });
  assert.deepEqual(info, { exitCode: null, signal: 'SIGKILL' });
  assert.ok(Date.now() - started < 2000);
});

test('close() on a running engine ends it with status 0 and rejects later calls', async () => {
  const engine = await spawnEngine();
  assert.deepEqual(await engine.close(), { exitCode: 0, signal: null });
  const err = await engine.ping().catch((e) => e);
  assert.ok(err instanceof EngineExitedError);
  assert.equal(err.exitCode, 0);
  // Said to be the client's own close(), not the engine's doing.
  assert.equal(err.message, 'the Ordo engine exited with code 0 (close() was called)');
  assert.equal(err.closed, true);
  // An engine that exits on its own does not say so.
  const other = await spawnEngine();
  await other.notify('exit');
  const gone = await other.waitFor('alert.show', { timeout: 5000 }).catch((e) => e);
  assert.equal(gone.message, 'the Ordo engine exited with code 1'); // exit before shutdown
  assert.equal(gone.closed, false);
  await other.close();
});

test('a throwing event listener does not break the reader', () => {
  // In a child Node process: the listener's error surfaces as an uncaught exception there
  // (as with any EventEmitter), while calls keep resolving.
  const script = `
    import { Engine } from ${JSON.stringify(new URL('../index.js', import.meta.url).href)};
    const thrown = [];
    process.on('uncaughtException', (e) => thrown.push(e.message));
    const engine = await Engine.spawn({ bin: ${JSON.stringify(BIN)}, clock: 'manual', logLevel: 'debug', timeout: 5000 });
    engine.on('stderr', () => { throw new Error('listener bug'); });
    await engine.raw('not json').catch(() => {});
    await new Promise((r) => setTimeout(r, 50));
    const now = await engine.clock.now();
    await engine.close();
    console.log(JSON.stringify({ now, thrown: [...new Set(thrown)] }));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  const { now, thrown } = JSON.parse(out);
  assert.deepEqual(now, { now: 0, mode: 'manual' });
  assert.deepEqual(thrown, ['listener bug']);
});

test('findEngineBinary: option, ORDO_BIN, packaged engine, newest repository build, PATH, clear failure', () => {
  const root = mkdtempSync(join(tmpdir(), 'ordo-locate-'));
  try {
    const exe = (path, mtime) => {
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, '#!/bin/sh\n');
      chmodSync(path, 0o755);
      utimesSync(path, mtime, mtime);
      return path;
    };
    const deep = join(root, 'repo', 'clients', 'node', 'src', 'node');
    mkdirSync(deep, { recursive: true });
    const packaged = join(root, 'repo', 'clients', 'node', 'bin', 'ordo'); // absent for now
    const env = { PATH: '' };
    const find = (options) => findEngineBinary({ packaged, ...options });
    const given = exe(join(root, 'x', 'ordo'), 1000);
    const named = exe(join(root, 'y', 'ordo'), 1000);
    assert.equal(find({ bin: given, env: { ORDO_BIN: named } }), given);
    assert.equal(find({ env: { ORDO_BIN: named }, from: deep }), named);
    assert.equal(find({ env: { ORDO_BIN: 'ordo' }, from: deep }), 'ordo'); // a name, for PATH
    // A path that is no executable file is named as given (spawn said only ENOENT).
    assert.throws(
      () => find({ env: { ORDO_BIN: join(root, 'y', 'missing') }, from: deep }),
      /cannot find the Ordo engine: ORDO_BIN=".*missing" does not exist$/,
    );
    assert.throws(
      () => find({ bin: join(root, 'y'), env: {} }),
      /cannot find the Ordo engine: bin ".*y" is not a file$/,
    );
    // Each reason is named (it said "does not exist or is not an executable file" to all).
    symlinkSync(join(root, 'nowhere'), join(root, 'y', 'dangling'));
    assert.throws(() => find({ bin: join(root, 'y', 'dangling') }), / is a symbolic link to nothing$/);
    const unbit = exe(join(root, 'y', 'unbit'), 1000);
    chmodSync(unbit, 0o644);
    assert.throws(() => find({ bin: unbit }), / is not executable \(chmod \+x it\)$/);
    assert.throws(
      () => find({ bin: '~/bin/ordo' }),
      /bin "~\/bin\/ordo" does not exist \(a leading ~ is not expanded: use os\.homedir\(\)\)$/,
    );
    mkdirSync(dirname(packaged), { recursive: true });
    writeFileSync(packaged, '#!/bin/sh\n');
    assert.throws(
      () => find({ env, from: deep }),
      (err) => err.message.includes(`(${packaged}: is not executable (chmod +x it))`),
    );
    rmSync(packaged);
    assert.throws(
      () => find({ env, from: deep }),
      (err) => {
        assert.match(err.message, /cannot find the Ordo engine/);
        assert.ok(err.message.includes(`(${packaged}: absent: a source tree carries none)`), 'names the packaged engine');
        assert.ok(err.message.includes(join(root, 'repo', '.build', 'release', 'ordo')), 'names the builds');
        assert.match(err.message, /ORDO_BIN \(not set\)/);
        assert.match(err.message, /on PATH/);
        return true;
      },
    );
    const debug = exe(join(root, 'repo', '.build', 'debug', 'ordo'), 2000);
    assert.equal(find({ env, from: deep }), debug);
    const release = exe(join(root, 'repo', '.build', 'release', 'ordo'), 1000);
    assert.equal(find({ env, from: deep }), debug, 'the newer build wins');
    utimesSync(release, 3000, 3000);
    assert.equal(find({ env, from: deep }), release);
    const onPath = exe(join(root, 'bin', 'ordo'), 1000);
    assert.equal(find({ env: { PATH: join(root, 'bin') }, from: root }), onPath);
    // The engine the package carries comes before the repository's builds and PATH,
    // after an explicit path and ORDO_BIN; a non-executable file there is skipped.
    mkdirSync(join(packaged, '..'), { recursive: true });
    writeFileSync(packaged, 'not executable');
    assert.equal(find({ env, from: deep }), release);
    chmodSync(packaged, 0o755);
    assert.equal(find({ env: { PATH: join(root, 'bin') }, from: deep }), packaged);
    assert.equal(find({ env: { ORDO_BIN: named }, from: deep }), named);
    assert.equal(find({ bin: given, env }), given);
    // Relative paths are the caller's (the engine may run in another cwd); a name is a name.
    const fromCwd = (path) => relative(process.cwd(), path);
    assert.equal(find({ bin: `./${fromCwd(given)}`, env }), [process.cwd(), ...fromCwd(given).split('/')].join('/'));
    assert.equal(find({ env: { ORDO_BIN: fromCwd(named) }, from: deep }), [process.cwd(), ...fromCwd(named).split('/')].join('/'));
    assert.equal(find({ bin: 'ordo', env }), 'ordo');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

// Behaviours a mutation review of the client found no test pinning (each test below fails
// with the change it names).

/** A child process as ProcessTransport sees it: an emitter with three streams. */
function fakeChild() {
  return Object.assign(new EventEmitter(), { stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough() });
}

test('stdout and stderr ended and the process exited: the transport closes at once, not after a grace', async () => {
  const child = fakeChild();
  let closedWith;
  new ProcessTransport(child).start({ data() {}, close: (err) => (closedWith = err) });
  child.stdout.emit('end');
  child.stderr.emit('end');
  child.emit('exit', null, 'SIGKILL');
  await new Promise((r) => setImmediate(r));
  assert.ok(closedWith instanceof EngineExitedError, String(closedWith));
  assert.equal(closedWith.signal, 'SIGKILL');
});

/** A real engine process spawned here, and an Engine on it (the child is the test's to handle). */
async function engineOnItsChild() {
  const child = spawn(BIN, ['--clock', 'manual'], { stdio: ['pipe', 'pipe', 'pipe'] });
  await new Promise((resolve) => child.once('spawn', resolve));
  return { child, engine: new Engine(child, { bin: BIN, args: ['--clock', 'manual'], framing: 'ndjson' }) };
}

test("the child's 'error' events after the start (a signal not sent) do not end the program", async () => {
  // Nothing took them but Engine.spawn's start listener, which took the first one only.
  const { child, engine } = await engineOnItsChild();
  try {
    for (let i = 0; i < 2; i++) child.emit('error', Object.assign(new Error('kill EPERM'), { code: 'EPERM' }));
    assert.equal((await engine.ping()).pong, true);
    assert.deepEqual(await engine.close(), { exitCode: 0, signal: null });
  } finally {
    child.kill('SIGKILL'); // a failure above left it running, and the test runner waiting
  }
});

test('close() of an engine the system will not let it signal rejects, and a later close() tries again', { timeout: 20000 }, async () => {
  // Root may signal anything, so the refusal is Node's own for EPERM: 'error' during
  // kill(), which returns false. The engine, stopped, exits neither on exit nor on SIGTERM.
  const { child, engine } = await engineOnItsChild();
  const kill = child.kill;
  const tried = [];
  child.kill = function (signal) {
    tried.push(signal);
    this.emit('error', Object.assign(new Error('kill EPERM'), { code: 'EPERM', syscall: 'kill' }));
    return false;
  };
  try {
    assert.equal((await engine.ping()).pong, true);
    process.kill(child.pid, 'SIGSTOP');
    await assert.rejects(engine.close({ timeout: 100, killTimeout: 100 }), (err) => {
      assert.equal(err.code, 'EPERM');
      assert.match(err.message, new RegExp(`pid ${child.pid}.*could not be signalled.*may still be running`));
      return true;
    });
    // SIGTERM refused, the engine still had killTimeout to exit on its own.
    assert.deepEqual(tried, ['SIGTERM', 'SIGKILL']);
    child.kill = kill;
    // The first call's rejection is not every later call's answer: this one signals.
    assert.deepEqual(await engine.close({ timeout: 100, killTimeout: 100 }), { exitCode: null, signal: 'SIGKILL' });
  } finally {
    kill.call(child, 'SIGKILL'); // a failure above left it running (stopped), and the runner waiting
  }
});

test('stderrTail keeps the last stderrTailChars characters', async () => {
  const child = fakeChild();
  const transport = new ProcessTransport(child, { stderrTailChars: 10 });
  child.stderr.write('abcdefghijklmno');
  await new Promise((r) => setImmediate(r));
  assert.equal(transport.stderrTail, 'fghijklmno');
});

test('a waitFor that timed out removes its event and abort listeners', async () => {
  const engine = await spawnEngine();
  const controller = new AbortController();
  await assert.rejects(engine.waitFor('alert.show', { timeout: 20, signal: controller.signal }), TimeoutError);
  assert.equal(engine.listenerCount('alert.show'), 0);
  assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
  await engine.close();
});

/** A stand-in "engine" that answers nothing and ends on SIGTERM: its folder and path. */
function sleeper() {
  const dir = mkdtempSync(join(tmpdir(), 'ordo-sleeper-'));
  const bin = join(dir, 'sleeper.sh');
  writeFileSync(bin, '#!/bin/sh\nexec sleep 30\n');
  chmodSync(bin, 0o755);
  return { dir, bin };
}

test('close() sends SIGTERM before SIGKILL', async () => {
  const { dir, bin } = sleeper();
  const engine = await Engine.spawn({ bin });
  assert.deepEqual(await engine.close({ timeout: 100, killTimeout: 3000 }), { exitCode: null, signal: 'SIGTERM' });
  rmSync(dir, { recursive: true });
});

test('no timer of a settled call, a waitFor or close() is left armed after close()', () => {
  // Every timeout here is a minute: a timer left armed would keep Node running that long.
  const script = `import { Engine } from ${JSON.stringify(new URL('../index.js', import.meta.url).href)};
const engine = await Engine.spawn({ bin: ${JSON.stringify(BIN)}, clock: 'manual', timeout: 60000 });
await engine.ping();
const waiting = engine.waitFor('alert.idle', { timeout: 60000 });
engine.emit('alert.idle', {});
await waiting;
await engine.close({ timeout: 30000 });
await new Promise((r) => setImmediate(r));
console.log(JSON.stringify(process.getActiveResourcesInfo()));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 40000 });
  assert.deepEqual(JSON.parse(out).filter((kind) => kind === 'Timeout'), []);
});

/** `promise`, or 'pending' if it has not settled within `ms`. */
const within = (promise, ms) =>
  Promise.race([promise, new Promise((r) => setTimeout(r, ms, 'pending')).then((v) => v)]);

/** The process warnings emitted while `body` runs (and the ticks right after it). */
async function warningsDuring(body) {
  const warnings = [];
  const onWarning = (w) => warnings.push(`${w.name}: ${w.message}`);
  process.on('warning', onWarning);
  try {
    await body();
    await settle(20);
  } finally {
    process.off('warning', onWarning);
  }
  return warnings;
}

test('close({timeout: 0}) waits for nothing: an engine that answers nothing is signalled at once', async () => {
  // It waited for shutdown's answer without limit (0 was "no limit" there, "at once" for
  // the exit): a frozen engine kept close() pending for ever.
  const engine = await spawnEngine();
  // Its signal handlers set first: stopped before, SIGTERM's default action ended it.
  assert.equal((await engine.ping()).pong, true);
  engine.kill('SIGSTOP'); // answers nothing, and SIGTERM waits for SIGCONT: SIGKILL ends it
  const closing = engine.close({ timeout: 0, killTimeout: 100 });
  const info = await within(closing, 3000);
  if (info === 'pending') engine.kill('SIGKILL');
  assert.deepEqual(info, { exitCode: null, signal: 'SIGKILL' });
});

test('close({timeout: 0}) on a healthy engine still says shutdown and exit before it ends', async () => {
  const engine = await spawnEngine();
  assert.equal((await engine.ping()).pong, true); // running, its signal handlers set
  const info = await engine.close({ timeout: 0 });
  assert.ok(info.exitCode === 0 || info.signal === 'SIGTERM', JSON.stringify(info));
});

test('close({timeout: Infinity}) waits for the exit without limit, with no timer overflow', async () => {
  // Infinity went to setTimeout as is: a TimeoutOverflowWarning, and SIGTERM after 1 ms.
  const engine = await spawnEngine();
  let info;
  const warnings = await warningsDuring(async () => {
    info = await engine.close({ timeout: Infinity, killTimeout: Infinity });
  });
  assert.deepEqual(info, { exitCode: 0, signal: null });
  assert.deepEqual(warnings.filter((w) => w.startsWith('TimeoutOverflowWarning')), []);
  // A frozen engine is left alone for as long as it takes.
  const frozen = await spawnEngine();
  frozen.kill('SIGSTOP');
  const closing = frozen.close({ timeout: 2 ** 40, killTimeout: Infinity });
  assert.equal(await within(closing, 300), 'pending');
  frozen.kill('SIGCONT'); // it reads shutdown and exit, and ends as asked
  assert.deepEqual(await within(closing, 3000), { exitCode: 0, signal: null });
});

test('close() with a negative, NaN or non-number timeout is a RangeError and leaves the engine running', async () => {
  const engine = await spawnEngine();
  for (const options of [{ timeout: -1 }, { timeout: NaN }, { timeout: '100' }, { killTimeout: -5 }, { timeout: null }]) {
    await assert.rejects(engine.close(options), /^RangeError: close\(\): (timeout|killTimeout) must be a number of ms >= 0 \(0: at once, Infinity: no limit\)/, JSON.stringify(options));
  }
  assert.equal(engine.exitInfo, null);
  assert.equal((await engine.ping()).pong, true);
  assert.deepEqual(await engine.close(), { exitCode: 0, signal: null });
});

test('a waitFor sees its event though a listener registered before it throws', () => {
  // In a child Node process, as the listener's error is an uncaught exception there. The
  // throw stopped the emitter before it reached the waitFor, which then timed out.
  const script = `
    import { Engine } from ${JSON.stringify(new URL('../index.js', import.meta.url).href)};
    const thrown = [];
    process.on('uncaughtException', (e) => thrown.push(e.message));
    const engine = await Engine.spawn({ bin: ${JSON.stringify(BIN)}, clock: 'manual', timeout: 5000 });
    engine.on('alert.show', () => { throw new Error('listener bug'); });
    const shown = engine.waitFor('alert.show', { timeout: 1000 }).then((p) => p.alert.id, (e) => e.name);
    await engine.alerts.defineType({ type: 't', priority: 1 });
    await engine.alerts.enqueue({ type: 't', id: 'A' });
    const got = await shown;
    await engine.close();
    console.log(JSON.stringify({ got, thrown }));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.deepEqual(JSON.parse(out), { got: 'A', thrown: ['listener bug'] });
});

test('many calls and waitFors at once, sharing one AbortSignal, raise no listener-leak warning', async () => {
  // One abort listener per call and one event listener per waitFor: past 10, Node warned of
  // a "possible memory leak" for a plain use of the API.
  const engine = await spawnEngine();
  const controller = new AbortController();
  const signal = controller.signal;
  const warnings = await warningsDuring(async () => {
    const waits = [];
    for (let i = 0; i < 30; i++) {
      const wait = engine.waitFor('alert.show', (e) => e.alert.id === `A${i}`, { signal });
      waits.push(wait.then((e) => e.alert.id, (e) => e));
    }
    const pings = [];
    for (let i = 0; i < 30; i++) pings.push(engine.ping(undefined, { signal }));
    await Promise.all(pings);
    assert.equal(getEventListeners(signal, 'abort').length, 1); // the waitFors' and nothing more
    assert.equal(engine.listenerCount('alert.show'), 0); // waitFors are told by emit itself
    await engine.alerts.defineType({ type: 't', priority: 1 });
    for (let i = 0; i < 29; i++) {
      await engine.alerts.enqueue({ type: 't', id: `A${i}` });
      await engine.alerts.complete({ id: `A${i}` });
    }
    assert.deepEqual(await Promise.all(waits.slice(0, 29)), Array.from({ length: 29 }, (_, i) => `A${i}`));
    // The last one still waits; aborting the shared signal ends it.
    controller.abort();
    assert.equal((await waits[29]).name, 'AbortError');
  });
  assert.deepEqual(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning')), []);
  assert.equal(getEventListeners(signal, 'abort').length, 0);
  assert.equal(engine.listenerCount('alert.show'), 0);
  await engine.close();
});

test('a missing working directory is named as such, not as a missing engine', async () => {
  // spawn() says ENOENT for the binary's path when the cwd is what is missing.
  const cwd = join(tmpdir(), `ordo-no-such-dir-${process.pid}`);
  const err = await Engine.spawn({ bin: BIN, cwd }).catch((e) => e);
  assert.ok(err instanceof Error);
  assert.match(err.message, /working directory/);
  assert.ok(err.message.includes(cwd), err.message);
  assert.equal(err.cause?.code, 'ENOENT');
});

test('a call or batch aborted in the tick it was made is not sent; the order stays aligned', async () => {
  // It was written anyway at the end of the tick, and applied: the caller had its AbortError
  // before the client wrote anything.
  const engine = await spawnEngine();
  const before = (await engine.stats()).requests;
  const controller = new AbortController();
  const add = engine.layers.add({ id: 'A' }, { signal: controller.signal });
  const batch = engine.batch([{ method: 'layer.add', params: { id: 'B' } }, { method: 'clock.advance', params: { ms: 5 } }], { signal: controller.signal });
  const ping = engine.ping(); // written in the same write, answered
  controller.abort();
  assert.equal((await add.catch((e) => e)).name, 'AbortError');
  assert.equal((await batch.catch((e) => e)).name, 'AbortError');
  assert.equal((await ping).pong, true);
  assert.equal((await engine.stats()).requests, before + 2); // the ping and this stats only
  assert.equal((await engine.stats()).layers, 0);
  assert.deepEqual(await engine.clock.now(), { now: 0, mode: 'manual' });
  // A batch of notifications only, too (it resolved as sent, and was applied).
  const notes = new AbortController();
  const sent = engine.batch([{ method: 'layer.add', params: { id: 'N' }, notification: true }], { signal: notes.signal });
  const after = engine.ping();
  notes.abort();
  assert.equal((await sent.catch((e) => e)).name, 'AbortError');
  assert.equal((await after).pong, true);
  assert.equal((await engine.stats()).layers, 0);
  // And a raw text sent without waiting for an answer (its signal was not looked at).
  const raw = new AbortController();
  const text = '{"jsonrpc":"2.0","method":"layer.add","params":{"id":"R"}}';
  const written = engine.raw(text, { expectResponse: false, signal: raw.signal });
  raw.abort();
  assert.equal((await written.catch((e) => e)).name, 'AbortError');
  const already = engine.raw(text, { expectResponse: false, signal: raw.signal });
  assert.equal((await already.catch((e) => e)).name, 'AbortError');
  assert.equal((await engine.stats()).layers, 0);
  await engine.close();
});

test('a waitFor sees its event after removeAllListeners, and before a listener put first that throws', () => {
  // Its listener on the emitter was taken by removeAllListeners(name), or came after one put
  // first with prependListener: the waitFor saw nothing and timed out.
  const script = `
    import { Engine } from ${JSON.stringify(new URL('../index.js', import.meta.url).href)};
    const thrown = [];
    process.on('uncaughtException', (e) => thrown.push(e.message));
    const engine = await Engine.spawn({ bin: ${JSON.stringify(BIN)}, clock: 'manual', timeout: 5000 });
    await engine.alerts.defineType({ type: 't', priority: 1 });
    const got = [];
    let shown = engine.waitFor('alert.show', { timeout: 1000 });
    engine.removeAllListeners('alert.show');
    engine.removeAllListeners();
    await engine.alerts.enqueue({ type: 't', id: 'A' });
    got.push(await shown.then((p) => p.alert.id, (e) => e.name));
    await engine.alerts.complete({ id: 'A' });
    shown = engine.waitFor('alert.show', { timeout: 1000 });
    engine.prependListener('alert.show', () => { throw new Error('listener bug'); });
    await engine.alerts.enqueue({ type: 't', id: 'B' });
    got.push(await shown.then((p) => p.alert.id, (e) => e.name));
    const counts = [engine.listenerCount('alert.show'), engine.listenerCount('notification')];
    await engine.close();
    console.log(JSON.stringify({ got, thrown, counts }));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.deepEqual(JSON.parse(out), { got: ['A', 'B'], thrown: ['listener bug'], counts: [1, 0] });
});

test('close({timeout}) signals an engine that answers nothing after timeout ms in all, not twice that', async () => {
  // shutdown's answer was waited for `timeout` ms, then the exit another `timeout` ms.
  const { dir, bin } = sleeper();
  const engine = await Engine.spawn({ bin });
  const started = performance.now();
  assert.deepEqual(await engine.close({ timeout: 1500, killTimeout: 5000 }), { exitCode: null, signal: 'SIGTERM' });
  const took = performance.now() - started;
  // Twice would be 3 s; a loaded machine needs more slack than 600 ms gave it.
  assert.ok(took >= 1450 && took < 2700, `${took} ms`);
  rmSync(dir, { recursive: true });
});

test('a start the system refuses rejects with "cannot start the Ordo engine", naming why', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ordo-start-'));
  // A working directory that is a file: spawn() threw a bare "spawn ENOTDIR".
  const file = join(dir, 'file');
  writeFileSync(file, '');
  let err = await Engine.spawn({ bin: BIN, cwd: file }).catch((e) => e);
  assert.ok(err instanceof Error);
  assert.match(err.message, /^cannot start the Ordo engine .*: its working directory ".*file" is not a directory/);
  assert.equal(err.cause?.code, 'ENOTDIR');
  assert.equal(err.code, 'ENOTDIR'); // as on Node's own errors
  // A script whose interpreter is missing: spawn's ENOENT named only the script, which exists.
  const script = join(dir, 'script');
  writeFileSync(script, '#!/no/such/interpreter\n');
  chmodSync(script, 0o755);
  err = await Engine.spawn({ bin: script }).catch((e) => e);
  assert.match(err.message, /^cannot start the Ordo engine ".*script": .*ENOENT: the file exists, so what is missing is the interpreter its "#!" line names/);
  assert.equal(err.cause?.code, 'ENOENT');
  assert.equal(err.code, 'ENOENT');
  // A bare name is looked up on PATH, and the message says so.
  err = await Engine.spawn({ bin: 'ordo-no-such-engine' }).catch((e) => e);
  assert.match(err.message, /^cannot start the Ordo engine "ordo-no-such-engine": .*ENOENT \(a bare name: looked up on PATH\)$/);
  // Node's own checks of the options stay TypeErrors.
  await assert.rejects(Engine.spawn({ bin: BIN, args: ['a\0b'] }), (e) => e instanceof TypeError && !/cannot start/.test(e.message));
  rmSync(dir, { recursive: true });
});

test('stderrTail keeps the last characters after much more than the limit was written', async () => {
  const child = fakeChild();
  const transport = new ProcessTransport(child, { stderrTailChars: 10 });
  child.stderr.write('abcdefghijklmnopqrstuvwxyz');
  await new Promise((r) => setImmediate(r));
  child.stderr.write('0123');
  await new Promise((r) => setImmediate(r));
  assert.equal(transport.stderrTail, 'uvwxyz0123');
});

test('a write after close() ended stdin fails with an EngineExitedError saying close() was called', () => {
  const child = fakeChild();
  const transport = new ProcessTransport(child);
  transport.closing();
  transport.end();
  assert.throws(
    () => transport.write(new Uint8Array([0x7b])),
    (err) => err instanceof EngineExitedError && err.closed === true && /close\(\) was called/.test(err.message),
  );
});

test("findEngineBinary reads the packaged engine's os and cpu lists as npm does, negations included", () => {
  const root = mkdtempSync(join(tmpdir(), 'ordo-node-os-'));
  try {
    const packaged = join(root, 'pkg', 'bin', 'ordo');
    mkdirSync(dirname(packaged), { recursive: true });
    writeFileSync(packaged, '#!/bin/sh\n');
    chmodSync(packaged, 0o755);
    const other = process.platform === 'aix' ? 'sunos' : 'aix';
    const find = (manifest) => {
      writeFileSync(join(root, 'pkg', 'package.json'), JSON.stringify(manifest));
      try {
        return findEngineBinary({ packaged, env: { PATH: '' }, from: root });
      } catch (err) {
        return err.message.match(/skipped: built for (\S+),/)?.[1] ?? err.message;
      }
    };
    assert.equal(find({ os: [`!${other}`], cpu: [process.arch] }), packaged, 'only others excluded');
    assert.equal(find({ os: [`!${process.platform}`] }), `!${process.platform}-any`, 'this one excluded');
    // Neither named nor excluded, beside a name of another: not allowed (not every entry a negation).
    assert.equal(find({ os: ['!win32', other] }), `!win32|${other}-any`);
    assert.equal(find({ os: ['any'], cpu: [`!${process.arch}`] }), `any-!${process.arch}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
