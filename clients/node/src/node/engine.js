// Engine: the Ordo engine as a child process, driven through promise-based methods.

import { spawn as spawnProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { statSync } from 'node:fs';

import { Endpoint, timeoutMs } from '../common/endpoint.js';
import { TimeoutError, abortReason, whenAborted } from '../common/errors.js';
import { EVENTS, installMethods } from '../common/methods.js';
import { findEngineBinary, readable } from './locate.js';
import { ProcessTransport } from './transport.js';

/** The key of the `waitFor('*')`s in `#waiting` (no event name can be it). */
const ANY = Symbol('any event');

/** What the client itself emits, beside the engine's events. */
const CLIENT_EVENTS = ['notification', 'stderr', 'protocolError', 'exit'];

/**
 * `name` when a listener of it can be called: an engine event, one of the client's own,
 * EventEmitter's `newListener`, `removeListener` and `error` (which Node's `events.once`
 * and `events.on` listen to, and `captureRejections` emits), or a symbol. Else a
 * TypeError: a listener of a misspelt name (`'alert.shown'`, `'*'`) was never called,
 * without a word (as Python's `on()` refuses it, and `waitFor` here).
 */
function listenable(name) {
  if (typeof name !== 'string' || EVENTS.includes(name) || CLIENT_EVENTS.includes(name)) return name;
  if (name === 'newListener' || name === 'removeListener' || name === 'error') return name;
  throw new TypeError(
    `unknown event ${JSON.stringify(name)}: the engine sends ${EVENTS.join(', ')}; ` +
      `the client emits ${CLIENT_EVENTS.join(', ')} ('notification': every engine event)`,
  );
}

/**
 * A running engine. Create with `await Engine.spawn(options)`; end with `await engine.close()`.
 *
 * Methods: one per schema method, `(params?, {timeout, signal}?) → Promise<result>`, namespaced
 * (`engine.layers.add`, `engine.alerts.enqueue`, `engine.nav.push`, `engine.clock.advance`,
 * `engine.events.subscribe`, `engine.ping`, `engine.discover` for `rpc.discover`, …).
 *
 * Events (EventEmitter): each engine notification by its name (`'alert.show'`, …) with its
 * params; `'notification'` (method, params) for all of them; `'stderr'` (text);
 * `'protocolError'` (Error: an unreadable or unexpected message, or the OrdoError of a
 * notification the engine refused); `'exit'` ({exitCode, signal}). A notification the engine
 * writes before a response is emitted before that call's promise resolves.
 */
export class Engine extends EventEmitter {
  #child;
  #transport;
  #endpoint;
  #exitInfo = null;
  #exited;
  #closing = null;
  #defaultTimeout;
  /** `waitFor`s to reject when the engine can answer nothing more. */
  #endWaiters = new Set();
  /**
   * The `waitFor`s of each event name (a Set of callbacks). `emit` tells them of an event
   * before any listener: no listener can keep it from them (one that throws, even one put
   * first with prependListener; a removeAllListeners does not take them), and however many
   * wait, they add no listener (one each made Node warn of a possible leak past 10).
   */
  #waiting = new Map();

  /**
   * Starts the engine and resolves once the process runs.
   * @param {{bin?: string, framing?: 'ndjson' | 'lsp', clock?: 'system' | 'manual',
   *          logLevel?: string, args?: string[], timeout?: number, env?: object, cwd?: string}} [options]
   * @returns {Promise<Engine>}
   */
  static async spawn(options = {}) {
    const bin = findEngineBinary({ bin: options.bin });
    const framing = options.framing ?? 'ndjson';
    if (framing !== 'ndjson' && framing !== 'lsp') {
      throw new TypeError(`framing must be "ndjson" or "lsp", not ${JSON.stringify(framing)}`);
    }
    // Left out, null or '' is the engine's default, as for logLevel.
    if (options.clock && options.clock !== 'system' && options.clock !== 'manual') {
      throw new TypeError(`clock must be "system" or "manual", not ${JSON.stringify(options.clock)}`);
    }
    // Checked before the engine starts (a RangeError, as for a call's own timeout).
    const timeout = timeoutMs(options.timeout ?? 0);
    const extra = options.args ?? [];
    // The client must speak the engine's framing: `--framing` in args may be `auto` (the
    // engine then follows the client's first bytes) or the same as `framing`, nothing else.
    const given = flagIn(extra, '--framing');
    if (given !== undefined && given !== 'auto' && given !== framing) {
      throw new TypeError(
        `args say --framing ${given} but the client speaks ${framing}: give framing: "${given}"`,
      );
    }
    const args = given === undefined ? ['--framing', framing] : [];
    addFlag(args, extra, '--clock', 'clock', options.clock);
    addFlag(args, extra, '--log-level', 'logLevel', options.logLevel);
    args.push(...extra);
    // Its `code` the system error's too (ENOENT, EACCES, …), as Node's own errors carry it.
    const cannotStart = (err) => {
      const error = new Error(
        `cannot start the Ordo engine ${JSON.stringify(bin)}: ${whyNotStarted(err, bin, options.cwd)}`,
        { cause: err },
      );
      if (typeof err?.code === 'string') error.code = err.code;
      return error;
    };
    let child;
    try {
      child = spawnProcess(bin, args, {
        stdio: ['pipe', 'pipe', 'pipe'],
        // A session of its own (setsid): the signals a terminal sends this program's
        // process group (Ctrl-C's SIGINT, Ctrl-\'s SIGQUIT, SIGHUP) are this program's to
        // handle, and did end the engine under a SIGINT handler that still used it (as
        // under Node's REPL). The engine still ends with this process: its stdin closes.
        // (On Windows `detached` would give it a console window of its own instead.)
        detached: process.platform !== 'win32',
        env: options.env ?? process.env,
        cwd: options.cwd,
      });
    } catch (err) {
      // Most system errors come as an 'error' event; some (ENOTDIR, E2BIG, …) are thrown, as
      // is the permission model's refusal (ERR_ACCESS_DENIED, without --allow-child-process).
      // Node's own checks of the options (a TypeError) stay as they are.
      throw err?.syscall || err?.code === 'ERR_ACCESS_DENIED' ? cannotStart(err) : err;
    }
    await new Promise((resolve, reject) => {
      const failed = (err) => reject(cannotStart(err));
      child.once('spawn', () => {
        child.off('error', failed); // from here on, the transport's
        resolve();
      });
      child.once('error', failed);
    });
    return new Engine(child, { bin, args, framing, timeout });
  }

  /** Use Engine.spawn. */
  constructor(child, { bin, args, framing, timeout }) {
    super();
    this.#child = child;
    this.#defaultTimeout = timeout;
    /** The binary that runs. */
    this.bin = bin;
    /** The engine's command-line arguments. */
    this.args = args;
    /** `"ndjson"` or `"lsp"`. */
    this.framing = framing;
    let resolveExited;
    this.#exited = new Promise((resolve) => (resolveExited = resolve));
    this.#transport = new ProcessTransport(child, {
      onStderr: (text) => this.#emitSafely('stderr', text),
      onExit: (info) => {
        this.#exitInfo = info;
        resolveExited(info);
        this.#emitSafely('exit', info);
      },
      onEnd: () => {
        for (const end of [...this.#endWaiters]) end();
      },
    });
    this.#endpoint = new Endpoint(this.#transport, {
      framing,
      timeout,
      onNotification: (method, params) => {
        this.#emitSafely(method, params);
        this.#emitSafely('notification', method, params);
      },
      onProtocolError: (err) => this.#emitSafely('protocolError', err),
    });
    installMethods(
      this,
      (method, params, options) => this.request(method, params, options),
      (method, params) => this.notify(method, params),
    );
  }

  /** The engine's process id. */
  get pid() {
    return this.#child.pid;
  }

  /** Resolves with `{exitCode, signal}` when the engine process has ended. */
  get exited() {
    return this.#exited;
  }

  /** `{exitCode, signal}` once the process has ended, else null. */
  get exitInfo() {
    return this.#exitInfo;
  }

  /** The last characters the engine wrote to stderr. */
  get stderrTail() {
    return this.#transport.stderrTail;
  }

  /** Calls that still wait for an answer. */
  get pendingCount() {
    return this.#endpoint.pendingCount;
  }

  /** Calls any method by name. */
  request(method, params, options) {
    return this.#endpoint.request(method, params, options);
  }

  /** Sends a notification by name; its refusal by the engine is a 'protocolError' event. */
  notify(method, params) {
    return this.#endpoint.notify(method, params);
  }

  /** Sends several calls as one JSON-RPC batch; see Endpoint#batch. */
  batch(entries, options) {
    return this.#endpoint.batch(entries, options);
  }

  /** Sends `text` as one framed message, unchanged; resolves with its answer. Testing aid. */
  raw(text, options) {
    return this.#endpoint.raw(text, options);
  }

  /**
   * Resolves with the params of the next `name` event for which `predicate` is true;
   * `name` `'*'`: the next of any of the events, as `{name, params}` (which `predicate` is
   * given too). Rejects on timeout (option, else the spawn `timeout`), abort, or engine exit.
   * Register before the call that causes the event.
   * @param {string} name
   * @param {((params: any) => boolean) | {timeout?: number, signal?: AbortSignal}} [predicate]
   * @param {{timeout?: number, signal?: AbortSignal}} [options]
   */
  waitFor(name, predicate, options) {
    if (typeof predicate !== 'function') {
      // waitFor(name, options) or waitFor(name, undefined, options).
      if (predicate != null) options = predicate;
      predicate = () => true;
    }
    const { timeout: given, signal } = options ?? {};
    let timeout = this.#defaultTimeout;
    try {
      // A name that is no event would never come: it waited its whole timeout (or forever).
      if (name !== '*' && !EVENTS.includes(name)) {
        throw new TypeError(
          `unknown event ${JSON.stringify(name)}: the engine sends ${EVENTS.join(', ')} ('*': any of them)`,
        );
      }
      if (given !== undefined) timeout = timeoutMs(given);
    } catch (err) {
      return Promise.reject(err);
    }
    if (this.#endpoint.closedError) return Promise.reject(this.#endpoint.closedError);
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const key = name === '*' ? ANY : name;
    const what = name === '*' ? 'any event' : name;
    return new Promise((resolve, reject) => {
      let timer = null;
      let stopWatching = null;
      const finish = (ok, value) => {
        this.#stopWaiting(key, listener);
        this.#endWaiters.delete(onEnd);
        if (stopWatching !== null) stopWatching();
        if (timer !== null) clearTimeout(timer);
        (ok ? resolve : reject)(value);
      };
      const listener = (params) => {
        let match;
        try {
          match = predicate(params);
        } catch (err) {
          finish(false, err);
          return;
        }
        if (match) finish(true, params);
      };
      const onEnd = () => finish(false, this.#endpoint.closedError);
      this.#wait(key, listener);
      this.#endWaiters.add(onEnd);
      if (signal) stopWatching = whenAborted(signal, () => finish(false, abortReason(signal)));
      if (timeout > 0) timer = setTimeout(() => finish(false, new TimeoutError(`waiting for ${what}`, timeout)), timeout);
    });
  }

  // Listeners only of names that are emitted (see `listenable`); `once` adds through `on`.
  on(name, listener) {
    return super.on(listenable(name), listener);
  }

  addListener(name, listener) {
    return super.addListener(listenable(name), listener);
  }

  prependListener(name, listener) {
    return super.prependListener(listenable(name), listener);
  }

  prependOnceListener(name, listener) {
    return super.prependOnceListener(listenable(name), listener);
  }

  /**
   * EventEmitter's emit, the `waitFor`s of `name` told first, then, for one of the events,
   * the `waitFor('*')`s (see `#waiting`).
   */
  emit(name, ...args) {
    this.#tell(name, args[0]);
    if (this.#waiting.has(ANY) && EVENTS.includes(name)) this.#tell(ANY, { name, params: args[0] });
    return super.emit(name, ...args);
  }

  #tell(key, value) {
    const waiters = this.#waiting.get(key);
    if (waiters !== undefined) for (const waiter of [...waiters]) if (waiters.has(waiter)) waiter(value);
  }

  /** Adds a `waitFor`'s `listener` of the event `name` (`ANY`: of `'*'`; see `#waiting`). */
  #wait(name, listener) {
    let waiters = this.#waiting.get(name);
    if (waiters === undefined) this.#waiting.set(name, (waiters = new Set()));
    waiters.add(listener);
  }

  #stopWaiting(name, listener) {
    const waiters = this.#waiting.get(name);
    if (waiters !== undefined && waiters.delete(listener) && waiters.size === 0) this.#waiting.delete(name);
  }

  /**
   * Ends the engine: `shutdown`, `exit` and EOF; if it has not exited `timeout` ms after
   * close() (shutdown's answer and the exit share them), SIGTERM; after `killTimeout` more
   * ms, SIGKILL. Resolves with `{exitCode, signal}`; rejects when the engine has not exited
   * and the system refused SIGKILL (EPERM). Safe to call more than once, also concurrently:
   * every call gets the first one's promise (after a rejection, a later call starts again).
   * A `timeout` of 0 waits for nothing (`shutdown` is written as a notification, then
   * SIGTERM at once); `Infinity` (or over 2^31 − 1) waits without limit, as does a
   * `killTimeout` of `Infinity`; negative, NaN or no number: a RangeError.
   * @param {{timeout?: number, killTimeout?: number}} [options]
   */
  close({ timeout = 2000, killTimeout = 2000 } = {}) {
    try {
      timeout = closeWait(timeout, 'timeout');
      killTimeout = closeWait(killTimeout, 'killTimeout');
    } catch (err) {
      return Promise.reject(err);
    }
    this.#closing ??= this.#close(timeout, killTimeout).then(
      (info) => {
        // A process the engine left behind may still hold its pipes: ours go, so that they
        // keep this process alive no longer.
        this.#transport.release();
        return info;
      },
      (err) => {
        // The engine could not be signalled and runs on: a later close() tries again.
        this.#closing = null;
        throw err;
      },
    );
    return this.#closing;
  }

  async #close(timeout, killTimeout) {
    this.#transport.closing();
    if (this.#exitInfo) return this.#exitInfo;
    // `timeout` bounds shutdown's answer and the exit together: SIGTERM comes `timeout` ms
    // after close() at the latest (not once after shutdown timed out, then again).
    const deadline = performance.now() + timeout;
    if (timeout === 0) {
      // Nothing waited for (as Python's close(timeout=0)): shutdown as a notification, which
      // the engine applies without an answer. (As a call, its timeout 0 was "no limit": an
      // engine that answered nothing kept close() waiting for ever.)
      await this.notify('shutdown').catch(() => {});
    } else {
      try {
        await this.request('shutdown', undefined, { timeout: timeout === Infinity ? 0 : timeout });
      } catch {
        // Already shut down, dead, or not answering: exit and signals follow.
      }
    }
    await this.notify('exit').catch(() => {});
    this.#transport.end();
    if (await this.#exitWithin(Math.max(0, deadline - performance.now()))) return this.#exitInfo;
    // A signal the system refuses (EPERM: a process that changed its user, say) is not
    // waited for: once SIGTERM (sent or not) had `killTimeout` ms, a refused SIGKILL ends
    // close() with its error, where waiting for the exit would wait for ever.
    this.#signal('SIGTERM');
    if (await this.#exitWithin(killTimeout)) return this.#exitInfo;
    const refused = this.#signal('SIGKILL');
    if (refused) throw closeRefused(this.#child.pid, refused);
    return this.#exited;
  }

  /** Sends `signal` to the engine: the system's error when it refused to (not when the
   * engine had exited already). */
  #signal(signal) {
    if (this.#exitInfo) return null;
    let refused = null;
    // Node emits a refusal as the child's 'error', during kill().
    const onError = (err) => (refused = err);
    this.#child.on('error', onError);
    try {
      this.#child.kill(signal);
    } finally {
      this.#child.off('error', onError);
    }
    return refused;
  }

  /** Whether the engine exits within `ms` (Infinity: it waits for the exit). */
  #exitWithin(ms) {
    if (this.#exitInfo) return Promise.resolve(true);
    if (ms === Infinity) return this.#exited.then(() => true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.#exited.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** Sends a signal to the engine process (default SIGTERM). */
  kill(signal = 'SIGTERM') {
    return this.#child.kill(signal);
  }

  // A throwing listener must not break the reader loop: rethrow it outside, asynchronously.
  #emitSafely(name, ...args) {
    try {
      this.emit(name, ...args);
    } catch (err) {
      queueMicrotask(() => {
        throw err;
      });
    }
  }
}

export { EVENTS };

/**
 * A wait of close(), checked: ms, 0 for none (signal at once), Infinity for no limit (also
 * anything longer than a timer holds, 2^31 − 1 ms, which setTimeout would fire at once).
 */
function closeWait(value, what) {
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
    throw new RangeError(`close(): ${what} must be a number of ms >= 0 (0: at once, Infinity: no limit), not ${String(value)}`);
  }
  return value > 2 ** 31 - 1 ? Infinity : value;
}

/**
 * close()'s error when the engine, not exited, could not be signalled (`refused`: the
 * system's error, EPERM say): its `code` and `cause`, and the pid to end it by.
 */
function closeRefused(pid, refused) {
  const err = new Error(`close(): the engine (pid ${pid}) did not exit and could not be signalled (${refused.message}); it may still be running`, {
    cause: refused,
  });
  err.code = refused.code;
  return err;
}

/**
 * What a spawn failure `err` of `bin` in `cwd` means. spawn() says ENOENT with the binary's
 * path when it is the cwd that is missing, and ENOTDIR alone when it is a file.
 */
function whyNotStarted(err, bin, cwd) {
  if (err.code === 'ERR_ACCESS_DENIED') {
    return `Node's permission model does not let this process start one (run node with --allow-child-process) (${err.message})`;
  }
  // A cwd the permission model keeps from being looked at is not known to be missing.
  if (cwd != null && readable(String(cwd)) && !isDirectory(cwd)) {
    const named = JSON.stringify(String(cwd));
    if (err.code === 'ENOENT') return `its working directory ${named} does not exist (${err.message})`;
    if (err.code === 'ENOTDIR') return `its working directory ${named} is not a directory (${err.message})`;
  }
  if (err.code !== 'ENOENT') return err.message;
  if (!bin.includes('/')) return `${err.message} (a bare name: looked up on PATH)`;
  if (isFile(bin)) {
    return `${err.message}: the file exists, so what is missing is the interpreter its "#!" line names (or its ELF loader)`;
  }
  return err.message;
}

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isDirectory(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Adds `flag value` for the option `name` to `args`, unless `extra` (the caller's args) has
 * the flag too: the same value then goes once (the engine refuses a flag twice), another is a
 * TypeError. A falsy `value` adds nothing.
 */
function addFlag(args, extra, flag, name, value) {
  if (!value) return;
  const given = flagIn(extra, flag);
  if (given === undefined) {
    args.push(flag, value);
  } else if (given !== value) {
    throw new TypeError(`args say ${flag} ${given} but ${name} is ${JSON.stringify(value)}: give one of them`);
  }
}

/** The value of `flag` (`--framing`, `--clock`) in `args` (the last one), undefined when none. */
function flagIn(args, flag) {
  let value;
  args.forEach((arg, index) => {
    const text = String(arg);
    if (text === flag && index + 1 < args.length) value = String(args[index + 1]);
    else if (text.startsWith(`${flag}=`)) value = text.slice(flag.length + 1);
  });
  return value;
}
