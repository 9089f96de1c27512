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
 * its stdout is delivered as chunks, and when the process has exited and its pipes are
 * closed the sink is closed with an EngineExitedError carrying the exit status and the
 * stderr tail.
 */
export class ProcessTransport {
  #child;
  #stderr;
  #onStderr;
  #onExit;

  /**
   * @param {import('node:child_process').ChildProcess} child spawned with stdio 'pipe'
   * @param {{stderrTailChars?: number, onStderr?: (text: string) => void,
   *          onExit?: (info: {exitCode: number | null, signal: string | null}) => void}} [options]
   */
  constructor(child, { stderrTailChars = 8192, onStderr = () => {}, onExit = () => {} } = {}) {
    this.#child = child;
    this.#stderr = new StderrTail(stderrTailChars);
    this.#onStderr = onStderr;
    this.#onExit = onExit;
    // Writing to a dead engine fails with EPIPE; the 'close' event reports the death.
    child.stdin.on('error', () => {});
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
      throw new EngineExitedError({ exitCode, signal, stderr: this.stderrTail });
    }
    stdin.write(bytes);
  }

  start(sink) {
    this.#child.stdout.on('data', (chunk) => sink.data(chunk));
    this.#child.on('close', (exitCode, signal) => {
      const info = { exitCode, signal };
      sink.close(new EngineExitedError({ ...info, stderr: this.stderrTail }));
      this.#onExit(info);
    });
  }

  /** Closes the engine's stdin (EOF: the engine flushes and exits 0). */
  end() {
    if (!this.#child.stdin.writableEnded) this.#child.stdin.end();
  }
}
