// The JSON-RPC 2.0 endpoint: request ids, pending calls, batches, notifications.
//
// Knows nothing of processes or streams: bytes come and go through a Transport, and the
// framing is one of ./framing.js. Imports nothing from Node.
//
// Matching answers. The engine answers in the order it reads requests, so every call that
// expects an answer joins `#outstanding` (by id) and `#order` (in send order). An answer
// whose id is ours settles that call; an answer with `id: null` (the engine could not read
// the id: unparsable or over-long message, empty batch, …) belongs to the oldest
// outstanding call. A call that timed out or was aborted stays outstanding, already
// settled, until its answer arrives, so the order stays aligned. When a call is answered,
// any call sent before it that is still outstanding never will be, and is failed.

import { framingFor, ndjsonTextDecoder } from './framing.js';
import {
  EngineExitedError,
  InternalError,
  OrdoError,
  TimeoutError,
  abortReason,
  errorFromResponse,
} from './errors.js';

/**
 * The byte pipe to the engine: the one interface a platform must provide.
 * @typedef {object} Transport
 * @property {(bytes: Uint8Array) => void} write Sends bytes to the engine, in order.
 * @property {(sink: TransportSink) => void} start Starts delivering the engine's bytes; called once.
 *
 * @typedef {object} TransportSink
 * @property {(chunk: Uint8Array) => void} data Bytes from the engine, in order.
 * @property {(error: Error) => void} close The engine is gone; `error` rejects every pending call.
 */

/**
 * @typedef {object} CallOptions
 * @property {number} [timeout] ms to wait for the answer (0: forever); the endpoint default otherwise.
 * @property {AbortSignal} [signal] stops waiting when aborted. The engine still applies a request
 *   it already received: JSON-RPC has no cancellation.
 */

const textDecoder = new TextDecoder('utf-8', { fatal: true });
const resolved = Promise.resolve();

export class Endpoint {
  #transport;
  #framing;
  #decoder;
  #onNotification;
  #onProtocolError;
  #defaultTimeout;
  #nextId = 1;
  #nextKey = 1;
  /** @type {Map<number | string, object>} key → outstanding record, in send order */
  #outstanding = new Map();
  /** @type {Outstanding[]} the outstanding records in send order, from `#head` on (others forgotten) */
  #order = [];
  #head = 0;
  /** @type {Map<number, object>} id of a batch entry → its batch's record */
  #batchEntryIds = new Map();
  #closedError = null;
  /** @type {string[]} texts of this tick, not yet written */
  #outbox = [];
  #outboxWaiters = [];
  #outboxNotices = 0;

  /**
   * @param {Transport} transport
   * @param {{framing?: 'ndjson' | 'lsp', timeout?: number,
   *          onNotification?: (method: string, params: unknown) => void,
   *          onProtocolError?: (error: Error) => void}} [options]
   */
  constructor(transport, options = {}) {
    this.#transport = transport;
    const framing = options.framing ?? 'ndjson';
    this.#framing = framingFor(framing);
    this.#defaultTimeout = options.timeout ?? 0;
    this.#onNotification = options.onNotification ?? (() => {});
    this.#onProtocolError = options.onProtocolError ?? (() => {});
    const handlers = {
      onMessage: (body) => this.#receive(body),
      onError: (err) => this.#onProtocolError(err),
    };
    // NDJSON: lines arrive as text (one UTF-8 decoding per chunk), or as bytes.
    this.#decoder =
      framing === 'ndjson' ? ndjsonTextDecoder(handlers) : this.#framing.createDecoder(handlers);
    transport.start({
      data: (chunk) => this.#decoder.push(chunk),
      close: (error) => this.#close(error),
    });
  }

  /** The error every call rejects with once the engine is gone, else null. */
  get closedError() {
    return this.#closedError;
  }

  /** How many calls still wait for an answer. */
  get pendingCount() {
    let n = 0;
    for (const record of this.#outstanding.values()) if (!record.settled) n++;
    return n;
  }

  /**
   * Sends a request and resolves with its `result`; rejects with the OrdoError subclass of
   * the answer's code, a TimeoutError, the abort reason, or EngineExitedError.
   * @param {string} method
   * @param {object} [params] left out of the message when undefined or null
   * @param {CallOptions} [options]
   */
  request(method, params, options) {
    return this.#send('call', method, params, undefined, null, options);
  }

  /** Sends a notification (no answer). Resolves once written. */
  notify(method, params) {
    if (this.#closedError) return Promise.reject(this.#closedError);
    let text;
    try {
      text = message(method, params);
    } catch (err) {
      return Promise.reject(err);
    }
    return this.#writeNotice(text);
  }

  /**
   * Sends entries as one batch (one JSON array). Resolves with one settlement per entry, in
   * entry order: `{ok: true, result}` or `{ok: false, error}`; notification entries get
   * `{ok: true, result: undefined}`. A batch of only notifications resolves once written.
   * The whole promise rejects only when the batch itself fails (the engine answers one
   * error for it, e.g. an empty batch or one over `--max-batch`), on timeout, abort or
   * engine exit.
   * @param {ReadonlyArray<{method: string, params?: object, notification?: boolean}>} entries
   * @param {CallOptions} [options]
   */
  batch(entries, options) {
    options ??= {};
    if (!Array.isArray(entries)) return Promise.reject(new TypeError('batch needs an array'));
    if (entries.length > 0 && entries.every((e) => e.notification)) {
      if (this.#closedError) return Promise.reject(this.#closedError);
      if (options.signal?.aborted) return Promise.reject(abortReason(options.signal));
      let text;
      try {
        text = `[${entries.map((e) => message(e.method, e.params)).join(',')}]`;
      } catch (err) {
        return Promise.reject(err);
      }
      return this.#writeNotice(text).then(() => entries.map(() => ({ ok: true, result: undefined })));
    }
    return this.#send(
      'batch',
      'batch',
      undefined,
      entries,
      (_id, record) => {
        record.ids = entries.map((e) => (e.notification ? null : this.#nextId++));
        for (const id of record.ids) if (id !== null) this.#batchEntryIds.set(id, record);
        const texts = entries.map((e, i) => message(e.method, e.params, record.ids[i] ?? undefined));
        return `[${texts.join(',')}]`;
      },
      options,
    );
  }

  /**
   * Sends `text` as one framed message, as is (a testing and debugging aid: malformed JSON,
   * foreign ids, …). Resolves with the engine's answer to it (matched by order), or at once
   * when `expectResponse` is false.
   * @param {string} text
   * @param {CallOptions & {expectResponse?: boolean}} [options]
   */
  raw(text, options) {
    options ??= {};
    if (options.expectResponse === false) return this.notifyRaw(text);
    return this.#send('raw', 'raw', undefined, undefined, () => text, options);
  }

  /** Writes `text` as one framed message and expects nothing back. */
  notifyRaw(text) {
    if (this.#closedError) return Promise.reject(this.#closedError);
    return this.#writeNotice(String(text));
  }

  #send(kind, method, params, entries, render, options) {
    if (this.#closedError) return Promise.reject(this.#closedError);
    const signal = options?.signal;
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const timeout = options?.timeout ?? this.#defaultTimeout;
    const key = kind === 'call' ? this.#nextId++ : `${kind}#${this.#nextKey++}`;
    const record = new Outstanding(kind, key, method, entries);
    const promise = new Promise((resolve, reject) => {
      record.resolve = resolve;
      record.reject = reject;
    });
    let text;
    try {
      text = kind === 'call' ? message(method, params, key) : render(key, record);
    } catch (err) {
      this.#forget(record);
      record.reject(err);
      return promise;
    }
    this.#outstanding.set(key, record);
    this.#order.push(record);
    if (timeout > 0) record.timer = setTimeout(this.#timedOut, timeout, record, timeout);
    if (signal) {
      record.signal = signal;
      record.onAbort = () => this.#settle(record, false, abortReason(signal));
      signal.addEventListener('abort', record.onAbort, { once: true });
    }
    this.#write(text, record);
    return promise;
  }

  #timedOut = (record, timeout) => {
    record.timer = null;
    this.#settle(record, false, new TimeoutError(record.method, timeout));
  };

  // Writing. The messages of one tick (1 000 calls started in a loop, a call made when an
  // answer arrives, ...) are framed together and handed to the transport as one write when
  // the tick's synchronous code is done (a microtask): one encoding and one write(2) instead
  // of one per message. The order is kept. If the write fails, the calls in it fail.

  /** Queues `text`; `waiter` is the record of a call, or the resolvers of a notification. */
  #write(text, waiter) {
    if (this.#outbox.length === 0) resolved.then(this.#flush); // cheaper than queueMicrotask
    this.#outbox.push(text);
    this.#outboxWaiters.push(waiter);
  }

  /** Queues `text`, expecting no answer: resolves once written. */
  #writeNotice(text) {
    return new Promise((resolve, reject) => {
      this.#write(text, { resolve, reject });
      this.#outboxNotices++;
    });
  }

  #flush = () => {
    const texts = this.#outbox;
    const waiters = this.#outboxWaiters;
    const notices = this.#outboxNotices;
    if (texts.length === 0) return;
    this.#outboxNotices = 0;
    let error = this.#closedError;
    if (error === null) {
      try {
        this.#transport.write(this.#framing.encodeAll(texts));
      } catch (err) {
        error = err;
      }
    }
    texts.length = 0; // the arrays are reused: nothing below writes (settling is async)
    if (error !== null || notices !== 0) {
      for (const waiter of waiters) {
        if (waiter instanceof Outstanding) {
          if (error !== null) {
            this.#forget(waiter);
            this.#settle(waiter, false, error);
          }
        } else if (error !== null) waiter.reject(error);
        else waiter.resolve();
      }
    }
    waiters.length = 0;
  };

  #settle(record, ok, value) {
    if (record.settled) return;
    record.settled = true;
    if (record.timer !== null) clearTimeout(record.timer);
    if (record.signal !== null) record.signal.removeEventListener('abort', record.onAbort);
    if (ok) record.resolve(value);
    else record.reject(value);
  }

  #forget(record) {
    record.forgotten = true;
    this.#outstanding.delete(record.key);
    if (record.ids) for (const id of record.ids) if (id !== null) this.#batchEntryIds.delete(id);
  }

  // The engine answers in order: once `record` is answered, every call sent before it that
  // is still outstanding will never be (a raw notification, an engine bug). Fail those.
  #takeThrough(record) {
    const order = this.#order;
    while (this.#head < order.length) {
      const earlier = order[this.#head];
      order[this.#head++] = undefined;
      if (earlier === record) break;
      if (earlier.forgotten) continue;
      this.#forget(earlier);
      const err = new InternalError('the engine answered a later request, but not this one', -32603, {}, earlier.method);
      this.#settle(earlier, false, err);
    }
    this.#forget(record);
    if (this.#head === order.length) {
      order.length = 0;
      this.#head = 0;
    } else if (this.#head >= 1024 && this.#head * 2 >= order.length) {
      this.#order = order.slice(this.#head);
      this.#head = 0;
    }
  }

  #oldest() {
    const order = this.#order;
    while (this.#head < order.length && order[this.#head].forgotten) order[this.#head++] = undefined;
    return order[this.#head];
  }

  #receive(body) {
    let msg;
    try {
      msg = JSON.parse(typeof body === 'string' ? body : textDecoder.decode(body));
    } catch (err) {
      this.#onProtocolError(new Error(`the engine wrote a message that is not JSON: ${err.message}`));
      return;
    }
    if (Array.isArray(msg)) this.#receiveBatch(msg);
    else if (msg !== null && typeof msg === 'object' && typeof msg.method === 'string') {
      if ('id' in msg) {
        this.#onProtocolError(new Error(`the engine sent a request (${msg.method}); none expected`));
      } else {
        this.#onNotification(msg.method, msg.params);
      }
    } else if (msg !== null && typeof msg === 'object' && ('result' in msg || 'error' in msg)) {
      this.#receiveResponse(msg);
    } else {
      this.#onProtocolError(new Error(`the engine wrote an unexpected message: ${trim(body)}`));
    }
  }

  #receiveResponse(msg) {
    let record = this.#outstanding.get(msg.id);
    if (!record || record.kind !== 'call') {
      const batch = this.#batchEntryIds.get(msg.id);
      const oldest = this.#oldest();
      if (batch) record = batch;
      else if (oldest && (msg.id === null || oldest.kind === 'raw')) record = oldest;
      else {
        this.#onProtocolError(new Error(`an answer for unknown id ${JSON.stringify(msg.id)}`));
        return;
      }
    }
    this.#takeThrough(record);
    if ('error' in msg) this.#settle(record, false, errorFromResponse(msg.error, record.method));
    else if (record.kind === 'batch') {
      this.#settle(record, false, new OrdoError('the engine answered a batch with one result', -32603, {}, 'batch'));
    } else this.#settle(record, true, msg.result);
  }

  #receiveBatch(answers) {
    let record;
    for (const a of answers) {
      record = a && this.#batchEntryIds.get(a.id);
      if (record) break;
    }
    if (!record) {
      const oldest = this.#oldest();
      if (oldest && (oldest.kind === 'batch' || oldest.kind === 'raw')) record = oldest;
      else {
        this.#onProtocolError(new Error('a batch answer matching no batch'));
        return;
      }
    }
    this.#takeThrough(record);
    if (record.kind === 'raw') {
      this.#settle(record, true, answers);
      return;
    }
    const byId = new Map();
    const anonymous = [];
    for (const a of answers) {
      if (a && a.id !== null && a.id !== undefined) byId.set(a.id, a);
      else anonymous.push(a);
    }
    const settled = record.entries.map((entry, i) => {
      const id = record.ids[i];
      if (id === null) return { ok: true, result: undefined };
      const a = byId.get(id) ?? anonymous.shift();
      if (!a) {
        const err = new OrdoError('the engine did not answer this batch entry', -32603, {}, entry.method);
        return { ok: false, error: err };
      }
      if ('error' in a) return { ok: false, error: errorFromResponse(a.error, entry.method) };
      return { ok: true, result: a.result };
    });
    this.#settle(record, true, settled);
  }

  #close(error) {
    if (this.#closedError) return;
    this.#decoder.end();
    this.#closedError = error ?? new EngineExitedError();
    const records = [...this.#outstanding.values()];
    this.#outstanding.clear();
    this.#order = [];
    this.#head = 0;
    this.#batchEntryIds.clear();
    for (const record of records) this.#settle(record, false, this.#closedError);
  }
}

/** A call waiting for its answer (one shape for every kind: calls, batches, raw texts). */
class Outstanding {
  constructor(kind, key, method, entries) {
    this.kind = kind;
    this.key = key;
    this.method = method;
    this.entries = entries;
    this.ids = undefined; // a batch's request ids, entry by entry (null: a notification)
    this.settled = false;
    this.forgotten = false; // no longer outstanding
    this.resolve = null;
    this.reject = null;
    this.timer = null;
    this.signal = null;
    this.onAbort = null;
  }
}

/** JSON text of the method names used so far (the schema's, and a few more). */
const methodTexts = new Map();

// The text of JSON.stringify({jsonrpc: '2.0', id, method, params}) (members left out as
// JSON.stringify leaves them out; params also when null), without building the object.
function message(method, params, id) {
  let text = '{"jsonrpc":"2.0"';
  if (id !== undefined) text += `,"id":${Number.isSafeInteger(id) ? id : JSON.stringify(id)}`;
  let name = methodTexts.get(method);
  if (name === undefined) {
    name = JSON.stringify(method);
    if (typeof method === 'string' && methodTexts.size < 512) methodTexts.set(method, name);
  }
  if (name !== undefined) text += `,"method":${name}`;
  if (params !== undefined && params !== null) {
    const json = JSON.stringify(params);
    if (json !== undefined) text += `,"params":${json}`;
  }
  return `${text}}`;
}

function trim(body) {
  const text = typeof body === 'string' ? body.slice(0, 200) : new TextDecoder().decode(body.subarray(0, 200));
  return body.length > 200 ? `${text}…` : text;
}
