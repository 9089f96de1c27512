// Error classes: one per JSON-RPC error code of schema/openrpc.json (`components.errors`),
// plus the client-side failures (engine exited, timeout). Converted from wire error objects
// once, at the endpoint boundary, by `errorFromResponse`.

/** An error answered by the engine: `code`, `message` and `data` as on the wire. */
export class OrdoError extends Error {
  /**
   * @param {string} message
   * @param {number} code
   * @param {unknown} [data]
   * @param {string} [method] the method of the failed request, when known
   */
  constructor(message, code, data, method) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.data = data;
    this.method = method;
  }
}

/** -32700: the engine could not parse what it was sent as JSON. */
export class ParseError extends OrdoError {
  static code = -32700;
  /** `data.reason`, e.g. `"invalid_json"`, `"truncated"`, `"bad_header"`. */
  get reason() {
    return this.data?.reason;
  }
  /** `data.detail`: what the JSON parser said, when it said something. */
  get detail() {
    return this.data?.detail;
  }
  /** `data.position`: the byte offset of the problem, when known. */
  get position() {
    return this.data?.position;
  }
}

/** -32600: JSON, but not a valid request (or a message over the size limit). */
export class InvalidRequest extends OrdoError {
  static code = -32600;
  /** `data.reason`, e.g. `"too_large"`. */
  get reason() {
    return this.data?.reason;
  }
  /** `data.limit`: the size limit in bytes, with `"too_large"`. */
  get limit() {
    return this.data?.limit;
  }
}

/** -32601: no such method. */
export class MethodNotFound extends OrdoError {
  static code = -32601;
  /** `data.method`: the method the engine does not serve. */
  get rpcMethod() {
    return this.data?.method;
  }
  /** `data.suggestion`: the method `rpcMethod` looks like a slip of, if one. */
  get suggestion() {
    return this.data?.suggestion;
  }
}

/** -32602: a parameter is missing, unknown, mistyped or out of range. */
export class InvalidParams extends OrdoError {
  static code = -32602;
  /** JSON Pointer into `params` of the offending field, e.g. `"/frame/width"`. */
  get path() {
    return this.data?.path;
  }
  /** What the engine expected there, e.g. `"a number >= 0"`. */
  get expected() {
    return this.data?.expected;
  }
  /** `data.suggestion`: for an unknown key, the parameter it looks like a slip of, if one. */
  get suggestion() {
    return this.data?.suggestion;
  }
}

/** -32603: a bug in the engine. */
export class InternalError extends OrdoError {
  static code = -32603;
}

/** -32001: no layer or alert with that id. */
export class NotFound extends OrdoError {
  static code = -32001;
  /** `"layer"` or `"alert"`. */
  get kind() {
    return this.data?.kind;
  }
  /** `data.id`: the id that was not found. */
  get id() {
    return this.data?.id;
  }
}

/** -32002: duplicate layer or alert id, or duplicate dedupe key. */
export class AlreadyExists extends OrdoError {
  static code = -32002;
  /** `"layer"`, `"alert"` or `"key"`. */
  get kind() {
    return this.data?.kind;
  }
  /** `data.id`: the id (or dedupe key) that exists already. */
  get id() {
    return this.data?.id;
  }
}

/** -32003: the operation is not valid now (after shutdown, cycle, not showing, …). */
export class InvalidState extends OrdoError {
  static code = -32003;
  /** `data.reason`, e.g. `"not_showing"`. */
  get reason() {
    return this.data?.reason;
  }
  /** `data.state`, when the engine gave one. */
  get state() {
    return this.data?.state;
  }
}

/** -32004: a configured limit would be passed. */
export class LimitExceeded extends OrdoError {
  static code = -32004;
  /**
   * `data.name`: which limit (`"maxLayers"`, `"maxAlerts"`, `"maxTreeDepth"`, `"maxBatch"`);
   * not `name`, which is the class name as on every Error.
   */
  get limitName() {
    return this.data?.name;
  }
  get limit() {
    return this.data?.limit;
  }
  get value() {
    return this.data?.value;
  }
}

/**
 * -32005: the durable state (`--state`) could not be written (or, by `engine.reset`, read
 * again). The request changed nothing, in memory or on disk; the engine keeps running.
 */
export class StorageError extends OrdoError {
  static code = -32005;
  /** `data.reason`: `"disk_full"`, `"io_error"`, `"read_only"` or `"corrupt"`. */
  get reason() {
    return this.data?.reason;
  }
  /** `data.detail`: what the storage layer reported, for a human. */
  get detail() {
    return this.data?.detail;
  }
}

/** Every error class by its code. */
export const ERROR_CLASSES = Object.freeze({
  [-32700]: ParseError,
  [-32600]: InvalidRequest,
  [-32601]: MethodNotFound,
  [-32602]: InvalidParams,
  [-32603]: InternalError,
  [-32001]: NotFound,
  [-32002]: AlreadyExists,
  [-32003]: InvalidState,
  [-32004]: LimitExceeded,
  [-32005]: StorageError,
});

/**
 * The error instance for a wire error object `{code, message, data}`: the class of its
 * code, or `OrdoError` itself for a code this client does not know.
 */
export function errorFromResponse(error, method) {
  const code = typeof error?.code === 'number' ? error.code : -32603;
  const message = typeof error?.message === 'string' ? error.message : `error ${code}`;
  const Class = ERROR_CLASSES[code] ?? OrdoError;
  return new Class(message, code, error?.data, method);
}

/** The engine process ended (or its pipes closed) before answering. */
export class EngineExitedError extends Error {
  /**
   * @param {{exitCode?: number | null, signal?: string | null, stderr?: string, cause?: unknown,
   *          closed?: boolean}} info `closed`: after the client's own close() (said in the
   *   message: "exited with code 0" alone read as the engine's doing)
   */
  constructor({ exitCode = null, signal = null, stderr = '', cause, closed = false } = {}) {
    const how = signal
      ? `was killed by ${signal}`
      : exitCode === null
        ? 'ended its output'
        : `exited with code ${exitCode}`;
    const why = closed ? ' (close() was called)' : '';
    const tail = stderr.trim() ? `\n--- engine stderr (tail) ---\n${stderr.trimEnd()}` : '';
    super(`the Ordo engine ${how}${why}${tail}`, cause === undefined ? undefined : { cause });
    this.name = 'EngineExitedError';
    this.exitCode = exitCode;
    this.signal = signal;
    this.stderr = stderr;
    this.closed = closed;
  }
}

/** A call (or `waitFor`) did not complete within its timeout. */
export class TimeoutError extends Error {
  /**
   * @param {string} what the method or event waited for
   * @param {number} timeoutMs
   */
  constructor(what, timeoutMs) {
    super(`${what} timed out after ${timeoutMs} ms`);
    this.name = 'TimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

/** The reason an aborted call rejects with: `signal.reason`, or a standard AbortError. */
export function abortReason(signal) {
  if (signal.reason !== undefined) return signal.reason;
  const err = new Error('the operation was aborted');
  err.name = 'AbortError';
  return err;
}

/** signal → `{callbacks, listener}`: the one 'abort' listener there, and whom it tells. */
const abortWatchers = new WeakMap();

/**
 * Calls `callback` once `signal` aborts; returns the function that stops watching. However
 * many calls and `waitFor`s share a signal, it holds one 'abort' listener of ours (one per
 * call made Node warn of a possible EventTarget memory leak past 10), removed with the last.
 * @param {AbortSignal} signal
 * @param {() => void} callback
 * @returns {() => void}
 */
export function whenAborted(signal, callback) {
  let watch = abortWatchers.get(signal);
  if (watch === undefined) {
    const callbacks = new Set();
    const listener = () => {
      abortWatchers.delete(signal);
      for (const call of [...callbacks]) call();
      callbacks.clear();
    };
    watch = { callbacks, listener };
    abortWatchers.set(signal, watch);
    signal.addEventListener('abort', listener, { once: true });
  }
  const { callbacks, listener } = watch;
  callbacks.add(callback);
  return () => {
    if (!callbacks.delete(callback) || callbacks.size > 0) return;
    if (abortWatchers.get(signal) === watch) abortWatchers.delete(signal);
    signal.removeEventListener('abort', listener);
  };
}
