// The Node transport: a child process's stdin/stdout as the endpoint's byte pipe.

import { EngineExitedError } from '../common/errors.js';

/** Keeps the last `limit` characters of the engine's stderr. */
class StderrTail {
  #text = '';
  #limit;
  constructor(limit) {
    this.#limit = limit;
  }
  add(text) {
    this.#text += text;
    if (this.#text.length > 2 * this.#limit) this.#text = this.#text.slice(-this.#limit);
  }
  toString() {
    return this.#text.slice(-this.#limit);
  }
}

/**
 * Implements the endpoint's Transport over a spawned ChildProcess: writes go to its stdin,
 * its stdout is delivered as chunks, and once the engine can answer nothing more the sink is
 * closed with an EngineExitedError carrying the exit status and the stderr tail.
 *
 * "Nothing more" is the end of its stdout together with the exit of the process, not the
 * child's 'close' event: that waits for every pipe to close, and a process the engine left
 * behind (a wrapper script's log shipper holding stderr) can keep one open for ever. So:
 * stdout ended and the process exited: closed as soon as stderr ends (its tail), or
 * `STDERR_GRACE_MS` later; the process exited and stdout still open (held by another
 * process): closed `STDOUT_GRACE_MS` after the exit, what the engine wrote being read by
 * then; stdout ended and the process still running: closed `EXIT_GRACE_MS` later with no
 * exit status (as the Python clients do), the 'exit' callback following the real exit.
 */
export const STDERR_GRACE_MS = 500;
export const STDOUT_GRACE_MS = 1000;
export const EXIT_GRACE_MS = 5000;

export class ProcessTransport {
  #child;
  #stderr;
  /** Whether the client's close() began (see `closing()`). */
  #closing = false;
  #onStderr;
  #onExit;
  #onEnd;

  /**
   * @param {import('node:child_process').ChildProcess} child spawned with stdio 'pipe'
   * @param {{stderrTailChars?: number, onStderr?: (text: string) => void,
   *          onExit?: (info: {exitCode: number | null, signal: string | null}) => void,
   *          onEnd?: (error: EngineExitedError) => void}} [options] `onEnd`: the sink was
   *   closed (calls fail from now on); `onExit`: the process has ended, after `onEnd`.
   */
  constructor(child, { stderrTailChars = 8192, onStderr = () => {}, onExit = () => {}, onEnd = () => {} } = {}) {
    this.#child = child;
    this.#stderr = new StderrTail(stderrTailChars);
    this.#onStderr = onStderr;
    this.#onExit = onExit;
    this.#onEnd = onEnd;
    // Writing to a dead engine fails with EPIPE; the end of its output reports the death.
    child.stdin.on('error', () => {});
    // After the start, the child's own 'error' says a signal could not be sent (kill() then
    // returns false too); with no listener Node throws it, ending the program using us.
    child.on('error', () => {});
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text) => {
      this.#stderr.add(text);
      this.#onStderr(text);
    });
  }

  /** The last characters the engine wrote to stderr. */
  get stderrTail() {
    return this.#stderr.toString();
  }

  write(bytes) {
    const stdin = this.#child.stdin;
    if (stdin.destroyed || stdin.writableEnded) {
      // Closing (or closed): the engine is on its way out, as the README's error says.
      const { exitCode, signalCode: signal } = this.#child;
      throw new EngineExitedError({ exitCode, signal, stderr: this.stderrTail, closed: this.#closing });
    }
    stdin.write(bytes);
  }

  start(sink) {
    const child = this.#child;
    let stdoutEnded = false;
    let stderrEnded = false;
    let exit = null;
    let closed = false;
    let exitReported = false;
    let timer = null;
    const reportExit = () => {
      if (!closed || exit === null || exitReported) return;
      exitReported = true;
      this.#onExit(exit);
    };
    const close = () => {
      if (closed) return;
      closed = true;
      if (timer !== null) clearTimeout(timer);
      const error = new EngineExitedError({
        ...(exit ?? { exitCode: null, signal: null }),
        stderr: this.stderrTail,
        closed: this.#closing,
      });
      sink.close(error);
      this.#onEnd(error);
      reportExit();
    };
    const wait = (ms) => {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(close, ms);
    };
    const settle = () => {
      if (closed) {
        reportExit();
      } else if (stdoutEnded && exit !== null) {
        if (stderrEnded) close();
        else wait(STDERR_GRACE_MS);
      } else if (exit !== null) {
        wait(STDOUT_GRACE_MS);
      } else if (stdoutEnded) {
        wait(EXIT_GRACE_MS);
      }
    };
    child.stdout.on('data', (chunk) => sink.data(chunk));
    child.stdout.on('end', () => {
      stdoutEnded = true;
      settle();
    });
    child.stderr.on('end', () => {
      stderrEnded = true;
      settle();
    });
    child.on('exit', (exitCode, signal) => {
      exit = { exitCode, signal };
      settle();
    });
    // Every pipe closed and the process gone: nothing more can come.
    child.on('close', (exitCode, signal) => {
      exit ??= { exitCode, signal };
      stdoutEnded = stderrEnded = true;
      settle();
    });
  }

  /** Lets go of the engine's stdout and stderr (after its exit: nothing more will come). */
  release() {
    for (const stream of [this.#child.stdout, this.#child.stderr]) {
      if (!stream.destroyed) stream.destroy();
    }
  }

  /** Closes the engine's stdin (EOF: the engine flushes and exits 0). */
  end() {
    if (!this.#child.stdin.writableEnded) this.#child.stdin.end();
  }

  /** The client's close() began: the errors of calls from now on say so. */
  closing() {
    this.#closing = true;
  }
}
