// The JSON-RPC 2.0 endpoint: request ids, pending calls, batches, notifications.
//
// Knows nothing of processes or streams: bytes come and go through a Transport, and the
// framing is one of ./framing.js. Imports nothing from Node.
//
// Matching answers. The engine reads messages in order and answers them in that order, one
// answer per message that has one: a request, a batch holding requests, and any message it
// refuses whole, notifications included (too large, a batch over --max-batch, unparsable,
// not a valid request: an error with `id: null`). So every written message joins `#order`,
// notifications too, and calls expecting an answer also `#outstanding` (by id):
//
// * an answer with an id answers the oldest written message holding that id; every message
//   written before it is settled: a notification among them succeeded (or failed silently,
//   as notifications do), a call among them never will be answered and is failed;
// * an answer with `id: null` answers the first message sure to be answered (a request, a
//   batch holding requests, a text that is not a valid request), unless a notification
//   written before it is one the error describes: larger than the `limit` of a too_large,
//   a batch of the `value` entries of a maxBatch, a text JSON.parse refuses for a -32700,
//   one the engine may not read (a NUL in a key, deep nesting) for another error.
//   Then it is that notification's failure, reported through `onProtocolError` and
//   rejecting no call. None fits: the oldest message's. A -32700 `invalid_json` met at a
//   call or batch of ours (JSON we wrote) is the refusal of the first notification before
//   it holding a lone surrogate escape (engines before 0.2.4 refused those; later ones
//   never answer so), and so is one whose detail names such an escape (jansson's
//   "invalid Unicode '\uD83D'") met at any message.
//
// A call that timed out or was aborted stays in the order, already settled, until its
// answer arrives (then dropped), so the order stays aligned. Notifications nothing answers
// are settled by the next answer; at most MAX_NOTES of them wait, the oldest dropped first
// (only notifications that may go unanswered; a call, or raw() waiting, is never dropped).
// A dropped one may still be refused, so it is summed up (a Lost: how many of each whole
// description, JSON text size, batch entry count, unparsable or unreadable) in the
// `lostBefore` of the next message kept in the order, where the engine's answer to it
// would come: an `id: null` error met there, before that message, that one of them fits
// (as the bullet above tells) is the refusal of a message no longer tracked, reported
// through `onProtocolError`, failing no call. An answer to that message, or to one after
// it, settles them. Nothing is summed up (and no answer looks) unless something was dropped.

import { framingFor, ndjsonTextDecoder } from './framing.js';
import {
  EngineExitedError,
  InternalError,
  OrdoError,
  TimeoutError,
  abortReason,
  errorFromResponse,
  whenAborted,
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
 * @property {AbortSignal} [signal] stops waiting when aborted. Aborted before the call or in its
 *   tick, nothing is sent; after that, the engine still applies the request: JSON-RPC has no
 *   cancellation.
 */

const textDecoder = new TextDecoder('utf-8', { fatal: true });
const resolved = Promise.resolve();

/** Unsettled notifications kept at most (one no request follows is never settled). */
export const MAX_NOTES = 10_000;

/** The longest delay `setTimeout` holds (2^31 − 1 ms, about 24.8 days): a longer one fires at once. */
const LONGEST_TIMER = 2 ** 31 - 1;

/**
 * A timeout option in ms, checked: 0 waits without limit, as does `Infinity` or anything
 * longer than a timer holds (it would fire at once); a negative number, NaN or a non-number
 * is a RangeError (a misread timeout must not turn into "forever" nor into "fail now").
 * @param {unknown} value
 * @param {string} [what]
 * @returns {number} ms, 0 for no limit
 */
export function timeoutMs(value, what = 'timeout') {
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
    throw new RangeError(`${what} must be a number of ms >= 0 (0: no limit), not ${String(value)}`);
  }
  return value > LONGEST_TIMER ? 0 : value;
}

/**
 * `endpoint[unsettledCount]`: how many written messages are not settled yet (notifications
 * included). For tests; not part of the API.
 */
export const unsettledCount = Symbol('ordo.unsettledCount');

export class Endpoint {
  #transport;
  #framing;
  /** Whether the framing is NDJSON (a line per message). */
  #ndjson;
  #decoder;
  #onNotification;
  #onProtocolError;
  #defaultTimeout;
  #nextId = 1;
  #nextKey = 1;
  /** @type {Map<number | string, object>} key → outstanding record, in send order */
  #outstanding = new Map();
  /** Batches answered up to an `exit` in them: `{record, settled}`, resolved at the end. */
  #settledAtExit = [];
  /** @type {(Outstanding | Note)[]} every written message in write order, from `#head` on
   * (those forgotten are settled) */
  #order = [];
  #head = 0;
  /** How many unforgotten messages in `#order` hold ids of their own (raw texts) */
  #foreignIds = 0;
  /** @type {Map<number, object>} id of a batch entry → its batch's record */
  #batchEntryIds = new Map();
  #closedError = null;
  /** @type {string[]} texts of this tick, not yet written */
  #outbox = [];
  #outboxWaiters = [];
  #outboxNotices = 0;
  /** Notifications written since the order was last rebuilt (see `#bound`). */
  #notesSinceRebuild = 0;

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
    this.#ndjson = framing === 'ndjson';
    this.#defaultTimeout = timeoutMs(options.timeout ?? 0);
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

  get [unsettledCount]() {
    let n = 0;
    for (let i = this.#head; i < this.#order.length; i++) if (this.#order[i] && !this.#order[i].forgotten) n++;
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

  /**
   * Sends a notification (no answer). Resolves once written. If the engine refuses it
   * (too large, unreadable, invalid: its one answer then, an error with `id: null`), that
   * error is reported through `onProtocolError`, not thrown.
   */
  notify(method, params) {
    if (this.#closedError) return Promise.reject(this.#closedError);
    let text;
    let valid;
    try {
      const json = paramsText(params, method);
      text = message(method, params, undefined, json);
      valid = validNote(method, json);
    } catch (err) {
      return Promise.reject(err);
    }
    const note = new Note('notification', typeof method === 'string' ? method : String(method));
    note.certain = !valid;
    note.size = utf8Length(text);
    note.odd = mayBeUnreadable(text);
    note.lone = holdsLoneSurrogate(text);
    return this.#writeNotice(text, note);
  }

  /**
   * Sends entries as one batch (one JSON array). Resolves with one settlement per entry, in
   * entry order: `{ok: true, result}` or `{ok: false, error}`; notification entries get
   * `{ok: true, result: undefined}`. A batch of only notifications resolves once written
   * (the engine's refusal of it is reported through `onProtocolError`, as a notification's).
   * The whole promise rejects only when the batch itself fails (the engine answers one
   * error for it, e.g. an empty batch or one over `--max-batch` or `--max-message-bytes`:
   * then no entry ran, notifications included), on timeout, abort or engine exit.
   * @param {ReadonlyArray<{method: string, params?: object, notification?: boolean}>} entries
   * @param {CallOptions} [options]
   */
  batch(entries, options) {
    options ??= {};
    if (!Array.isArray(entries)) return Promise.reject(new TypeError('batch needs an array'));
    // An entry is an object (`{method, params?, notification?}`): null threw at once, out of
    // a method that returns a promise.
    const bad = entries.findIndex((e) => e === null || typeof e !== 'object');
    if (bad !== -1) {
      return Promise.reject(
        new TypeError(`batch entry ${bad} must be an object {method, params?, notification?}, not ${String(entries[bad])}`),
      );
    }
    if (entries.length > 0 && entries.every((e) => e.notification)) {
      if (this.#closedError) return Promise.reject(this.#closedError);
      if (options.signal?.aborted) return Promise.reject(abortReason(options.signal));
      let text;
      let valid = true;
      try {
        const texts = entries.map((e) => {
          const json = paramsText(e.params, e.method);
          if (!validNote(e.method, json)) valid = false;
          return message(e.method, e.params, undefined, json);
        });
        text = `[${texts.join(',')}]`;
      } catch (err) {
        return Promise.reject(err);
      }
      const note = new Note('notifications', 'batch');
      note.certain = !valid; // an invalid entry is answered (an array)
      note.size = utf8Length(text);
      note.count = entries.length;
      note.odd = mayBeUnreadable(text);
      note.lone = holdsLoneSurrogate(text);
      return this.#writeNotice(text, note, options.signal).then(() =>
        entries.map(() => ({ ok: true, result: undefined })),
      );
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
   * foreign ids, …). Resolves with the engine's answer to it (by its id when it has one,
   * else by its place in the order), or at once when `expectResponse` is false.
   * @param {string} text
   * @param {CallOptions & {expectResponse?: boolean}} [options]
   */
  raw(text, options) {
    options ??= {};
    if (options.expectResponse === false) {
      // Its signal as a batch of notifications' (aborted by the tick's write, not sent).
      if (options.signal?.aborted) return Promise.reject(abortReason(options.signal));
      return this.notifyRaw(text, options.signal);
    }
    // Under NDJSON each line is a message (or, blank, one the engine may refuse as too
    // long), and raw() waits for the answer to one: one line, a final newline allowed.
    if (this.#ndjson && String(text).replace(/\n$/, '').includes('\n')) {
      return Promise.reject(
        new TypeError(
          'raw(): under NDJSON framing a newline ends a message, and raw() waits for the answer ' +
            'to one: give it one line (send several one by one, or without waiting: ' +
            'raw(text, {expectResponse: false}))',
        ),
      );
    }
    return this.#send('raw', 'raw', undefined, undefined, () => text, options);
  }

  /**
   * Writes `text` as one framed message and waits for nothing. An error the engine answers
   * it with is reported through `onProtocolError`; a result is dropped.
   */
  notifyRaw(text, signal) {
    if (this.#closedError) return Promise.reject(this.#closedError);
    text = String(text);
    const note = new Note('raw', 'raw');
    classifyRaw(text, note);
    return this.#writeNotice(text, note, signal);
  }

  #send(kind, method, params, entries, render, options) {
    if (this.#closedError) return Promise.reject(this.#closedError);
    const signal = options?.signal;
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    let timeout = this.#defaultTimeout;
    try {
      if (options?.timeout !== undefined) timeout = timeoutMs(options.timeout);
    } catch (err) {
      return Promise.reject(err);
    }
    const key = kind === 'call' ? this.#nextId++ : `${kind}#${this.#nextKey++}`;
    const record = new Outstanding(kind, key, method, entries);
    const promise = new Promise((resolve, reject) => {
      record.resolve = resolve;
      record.reject = reject;
    });
    let text;
    try {
      text = kind === 'call' ? message(method, params, key) : render(key, record);
      if (kind === 'raw') {
        text = String(text);
        classifyRaw(text, record);
      } else if (kind === 'batch') record.count = entries.length;
    } catch (err) {
      this.#forget(record);
      record.reject(err);
      return promise;
    }
    this.#outstanding.set(key, record);
    this.#order.push(record);
    if (record.foreignIds !== null) this.#foreignIds++;
    if (timeout > 0) record.timer = setTimeout(this.#timedOut, timeout, record, timeout);
    if (signal) record.stopWatching = whenAborted(signal, () => this.#settle(record, false, abortReason(signal)));
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

  /** Queues `text`, expecting no answer (`note`: what it is): resolves once written. */
  /** `signal`: a batch of notifications' or a raw text's (aborted before its tick's write, it
   * is not sent). */
  #writeNotice(text, note, signal) {
    return new Promise((resolve, reject) => {
      this.#order.push(note);
      if (note.foreignIds !== null) this.#foreignIds++;
      this.#notesSinceRebuild++;
      if (this.#order.length - this.#head > MAX_NOTES) this.#bound();
      this.#write(text, { resolve, reject, note, signal, dropped: false });
      this.#outboxNotices++;
    });
  }

  // No answer for a long while (notifications only, or one that nothing answers at the
  // head): drop the oldest notifications that the engine answers only when it refuses them,
  // summed up in the `lostBefore` of the next message kept (see the top of this file).
  #bound() {
    const oldest = this.#oldest();
    if (oldest instanceof Note && !oldest.certain) {
      this.#order[this.#head++] = undefined;
      const next = this.#oldest(); // there is one: the message just written, at least
      this.#forget(oldest);
      next.lostBefore = Lost.join(next.lostBefore, Lost.add(oldest.lostBefore, oldest));
      this.#compact();
      return;
    }
    // Something else waits at the head: rebuild now and then (amortized), without the
    // oldest notifications behind it (never the newest message: it takes what was dropped).
    // A rebuild keeps every call: with more than MAX_NOTES of them waiting it keeps more
    // than the limit, so the next one waits for half as many notifications as there are
    // other messages still waiting (else each notification rebuilt it all again: 30 000
    // calls and 30 000 notifications written in one loop took 13 s). Counted now, not at
    // the last rebuild: the calls it kept may have been answered since.
    const waiting = this.#order.length - this.#head;
    if (waiting <= MAX_NOTES + (MAX_NOTES >> 1)) return;
    if (this.#notesSinceRebuild < Math.max(MAX_NOTES >> 1, (waiting - this.#notesSinceRebuild) >> 1)) return;
    let excess = this.#order.length - this.#head - MAX_NOTES;
    const kept = [];
    let lost = null;
    const last = this.#order.length - 1;
    for (let i = this.#head; i <= last; i++) {
      const unit = this.#order[i];
      if (unit === undefined) continue;
      if (unit.forgotten) {
        lost = Lost.join(lost, unit.lostBefore); // unsent: what was dropped before it stays
        continue;
      }
      if (excess > 0 && i < last && unit instanceof Note && !unit.certain) {
        this.#forget(unit);
        lost = Lost.add(Lost.join(lost, unit.lostBefore), unit);
        excess--;
      } else {
        if (lost !== null) {
          unit.lostBefore = Lost.join(unit.lostBefore, lost);
          lost = null;
        }
        kept.push(unit);
      }
    }
    this.#order = kept;
    this.#head = 0;
    this.#notesSinceRebuild = 0;
  }

  #flush = () => {
    let texts = this.#outbox;
    const waiters = this.#outboxWaiters;
    const notices = this.#outboxNotices;
    if (texts.length === 0) return;
    this.#outboxNotices = 0;
    let error = this.#closedError;
    if (error === null) {
      // A call, or a batch of notifications, aborted in the tick it was made (before this
      // write) is not sent: nothing of it reached the engine, so nothing of it may be
      // applied. It leaves the order.
      const unsent = (waiter) =>
        waiter instanceof Outstanding ? waiter.settled : waiter.signal?.aborted === true;
      if (waiters.some(unsent)) {
        texts = texts.filter((_, i) => {
          const waiter = waiters[i];
          if (!unsent(waiter)) return true;
          if (waiter instanceof Outstanding) {
            this.#forget(waiter);
          } else {
            this.#forget(waiter.note);
            waiter.dropped = true;
            waiter.reject(abortReason(waiter.signal));
          }
          return false;
        });
      }
      try {
        if (texts.length > 0) this.#transport.write(this.#framing.encodeAll(texts));
      } catch (err) {
        error = err;
      }
    }
    this.#outbox.length = 0; // the arrays are reused: nothing below writes (settling is async)
    if (error !== null || notices !== 0) {
      for (const waiter of waiters) {
        if (waiter instanceof Outstanding) {
          if (error !== null) {
            this.#forget(waiter);
            this.#settle(waiter, false, error);
          }
        } else if (waiter.dropped) {
          continue;
        } else if (error !== null) {
          this.#forget(waiter.note);
          waiter.reject(error);
        } else waiter.resolve();
      }
    }
    waiters.length = 0;
  };

  #settle(record, ok, value) {
    if (record.settled) return;
    record.settled = true;
    if (record.timer !== null) clearTimeout(record.timer);
    if (record.stopWatching !== null) record.stopWatching();
    if (ok) record.resolve(value);
    else record.reject(value);
  }

  #forget(record) {
    if (record.forgotten) return;
    record.forgotten = true;
    if (record.foreignIds !== null) this.#foreignIds--;
    if (record instanceof Note) return;
    this.#outstanding.delete(record.key);
    if (record.ids) for (const id of record.ids) if (id !== null) this.#batchEntryIds.delete(id);
  }

  // The engine answers in order: once `record` is answered, every message written before it
  // is settled. A notification among them succeeded (or failed silently); a raw text still
  // waiting that is a notification had no answer (the engine took it: it resolves with
  // undefined, as Python's raw() returns None); a call or a raw text the engine always
  // answers that is still outstanding was not matched to its answer (a bug): fail those.
  // `before`: `record` stays (a message dropped just before it was refused).
  #takeThrough(record, before = false) {
    const order = this.#order;
    while (this.#head < order.length) {
      const earlier = order[this.#head];
      if (before && earlier === record) return;
      order[this.#head++] = undefined;
      if (earlier === record) break;
      if (earlier === undefined || earlier.forgotten) continue;
      this.#forget(earlier);
      if (earlier instanceof Note) continue;
      if (earlier.kind === 'raw' && !earlier.certain && !earlier.unparsable) {
        this.#settle(earlier, true, undefined);
        continue;
      }
      const err = new InternalError('the engine answered a later request, but not this one', -32603, {}, earlier.method);
      this.#settle(earlier, false, err);
    }
    this.#forget(record);
    this.#compact();
  }

  #compact() {
    const order = this.#order;
    if (this.#head === order.length) {
      order.length = 0;
      this.#head = 0;
    } else if (this.#head >= 1024 && this.#head * 2 >= order.length) {
      this.#order = order.slice(this.#head);
      this.#head = 0;
    }
  }

  // (Called only with an unforgotten message in the order: one that takes what was dropped
  // before a skipped message that was never sent.)
  #oldest() {
    const order = this.#order;
    let lost = null;
    while (this.#head < order.length && (order[this.#head] === undefined || order[this.#head].forgotten)) {
      lost = Lost.join(lost, order[this.#head]?.lostBefore ?? null);
      order[this.#head++] = undefined;
    }
    const oldest = order[this.#head];
    if (lost !== null) oldest.lostBefore = Lost.join(lost, oldest.lostBefore);
    return oldest;
  }

  /** The oldest unsettled message holding the answer id `id` (not null), or undefined. */
  #holding(id) {
    if (this.#foreignIds === 0) {
      // Only our own ids: numbers, found by map.
      if (typeof id !== 'number') return undefined;
      const record = this.#outstanding.get(id);
      return record?.kind === 'call' ? record : this.#batchEntryIds.get(id);
    }
    const order = this.#order;
    for (let i = this.#head; i < order.length; i++) {
      const unit = order[i];
      if (unit === undefined || unit.forgotten) continue;
      const holds =
        unit.kind === 'call' ? unit.key === id : unit.kind === 'batch' ? unit.ids.includes(id) : unit.foreignIds?.includes(id);
      if (holds) return unit;
    }
    return undefined;
  }

  /**
   * The message an answer with `id: null` answers (see the top of this file); LOST: one
   * dropped from the order (counted out of its Lost, and every message written before it
   * settled).
   */
  #answeredByNull(msg) {
    const order = this.#order;
    let oldest;
    let lone; // the first notification before it that holds a lone surrogate
    for (let i = this.#head; i < order.length; i++) {
      const unit = order[i];
      if (unit === undefined) continue;
      // (A message never sent, aborted in its tick, may hold some too.)
      const lost = unit.lostBefore;
      if (lost !== null && lost.refusedBy(msg)) {
        if (lost.total === 0) unit.lostBefore = null;
        this.#takeThrough(unit, true);
        return LOST;
      }
      if (unit.forgotten) continue;
      oldest ??= unit;
      if (unit.certain || describes(msg, unit)) {
        // A parse error of JSON text we wrote can only be an older engine's refusal of a
        // lone surrogate: the notification's, written first, when one holds one; so is one
        // that says so, whatever message after it would fit it too.
        const ours = unit.kind === 'call' || unit.kind === 'batch';
        if (lone === undefined || !refusesLoneSurrogate(msg)) return unit;
        return ours || namesLoneSurrogate(msg) ? lone : unit;
      }
      if (unit.lone) lone ??= unit;
    }
    return oldest;
  }

  /** The message a batch answer (an array) answers, or undefined. */
  #answeredByArray(answers) {
    let named = false;
    for (const a of answers) {
      if (a === null || typeof a !== 'object' || a.id === null || a.id === undefined) continue;
      named = true;
      const unit = this.#holding(a.id);
      if (unit !== undefined) return unit.kind === 'call' ? undefined : unit;
    }
    if (named) return undefined;
    // Only null ids: the first message sure to be answered, if it is an array.
    const order = this.#order;
    for (let i = this.#head; i < order.length; i++) {
      const unit = order[i];
      if (unit === undefined || unit.forgotten) continue;
      if (unit.certain || (unit.odd && unit.count !== null)) return unit.count === null ? undefined : unit;
    }
    return undefined;
  }

  /** Reports the error answer `error` to a written message nobody waits for (`note`). */
  #report(note, error) {
    const text = typeof error?.message === 'string' ? error.message : `error ${error?.code}`;
    const what =
      note.kind === 'notification'
        ? `the notification ${note.method}`
        : note.kind === 'notifications'
          ? `a batch of ${note.count} notifications`
          : 'a raw message';
    const wire = error !== null && typeof error === 'object' ? error : {};
    this.#onProtocolError(errorFromResponse({ ...wire, message: `the engine refused ${what}: ${text}` }, note.method));
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
    const id = msg.id;
    const record = id === null || id === undefined ? this.#answeredByNull(msg) : this.#holding(id);
    if (record === LOST) {
      const text = typeof msg.error.message === 'string' ? msg.error.message : `error ${msg.error.code}`;
      const message =
        `the engine refused a message this client no longer tracks (it tracks at most ` +
        `${MAX_NOTES} unanswered notifications, the oldest dropped first): ${text}`;
      this.#onProtocolError(errorFromResponse({ ...msg.error, message }));
      return;
    }
    if (record === undefined) {
      this.#onProtocolError(new Error(`an answer for unknown id ${JSON.stringify(id)}`));
      return;
    }
    this.#takeThrough(record);
    if (record instanceof Note) {
      if ('error' in msg) this.#report(record, msg.error);
    } else if ('error' in msg) this.#settle(record, false, errorFromResponse(msg.error, record.method));
    else if (record.kind === 'batch') {
      this.#settle(record, false, new OrdoError('the engine answered a batch with one result', -32603, {}, 'batch'));
    } else this.#settle(record, true, msg.result);
  }

  #receiveBatch(answers) {
    const record = this.#answeredByArray(answers);
    if (record === undefined) {
      this.#onProtocolError(new Error('a batch answer matching no batch'));
      return;
    }
    this.#takeThrough(record);
    if (record instanceof Note) {
      for (const a of answers) if (a !== null && typeof a === 'object' && 'error' in a) this.#report(record, a.error);
      return;
    }
    if (record.kind === 'raw') {
      this.#settle(record, true, answers);
      return;
    }
    const byId = new Map();
    const anonymous = [];
    let unanswered = false;
    for (const a of answers) {
      if (a && a.id !== null && a.id !== undefined) byId.set(a.id, a);
      else anonymous.push(a);
    }
    const settled = record.entries.map((entry, i) => {
      const id = record.ids[i];
      if (id === null) return { ok: true, result: undefined };
      const a = byId.get(id) ?? anonymous.shift();
      if (!a) {
        unanswered = true;
        return undefined;
      }
      if ('error' in a) return { ok: false, error: errorFromResponse(a.error, entry.method) };
      return { ok: true, result: a.result };
    });
    if (unanswered) {
      // Only an `exit` earlier in the batch leaves entries unanswered: they never ran, and
      // the engine is ending. The batch resolves when it has: those entries then hold the
      // EngineExitedError every call in flight gets (as Python's client raises for them).
      // Its timeout and signal still stand, should the exit not come.
      this.#settledAtExit.push({ record, settled });
      return;
    }
    this.#settle(record, true, settled);
  }

  #close(error) {
    if (this.#closedError) return;
    this.#decoder.end();
    this.#closedError = error ?? new EngineExitedError();
    const records = [...this.#outstanding.values()];
    this.#outstanding.clear();
    for (const unit of this.#order) if (unit !== undefined) unit.forgotten = true;
    this.#order = [];
    this.#head = 0;
    this.#foreignIds = 0;
    this.#batchEntryIds.clear();
    for (const record of records) this.#settle(record, false, this.#closedError);
    const closed = this.#closedError;
    for (const { record, settled } of this.#settledAtExit.splice(0)) {
      this.#settle(record, true, settled.map((entry) => entry ?? { ok: false, error: closed }));
    }
  }
}

/**
 * What every written message in the order carries: its `kind` and `method`, and what its
 * text is, to tell which `id: null` answer is its own (see Note).
 */
class Written {
  constructor(kind, method, certain) {
    this.kind = kind;
    this.method = method;
    /** The engine answers it whatever happens (it holds a request, or is no valid notification). */
    this.certain = certain;
    /** Bytes of its JSON text: what --max-message-bytes counts. */
    this.size = 0;
    /** A batch's entry count, else null. */
    this.count = null;
    /** The engine's parser may refuse it although it is JSON (an error is then its answer). */
    this.odd = false;
    /** JSON.parse refuses it: a -32700 is its answer. */
    this.unparsable = false;
    /** It holds a lone surrogate escape, which engines before 0.2.4 refused (-32700). */
    this.lone = false;
    /** The ids a raw text holds (strings and numbers), else null. */
    this.foreignIds = null;
    this.forgotten = false; // no longer in the order
    /** @type {Lost | null} the messages dropped from the order just before this one */
    this.lostBefore = null;
  }
}

/**
 * A call waiting for its answer (one shape for every kind: calls, batches, raw texts). A
 * call or batch of ours is always answered; a raw text's description is set from the text.
 */
class Outstanding extends Written {
  constructor(kind, key, method, entries) {
    super(kind, method, true);
    this.key = key;
    this.entries = entries;
    this.ids = undefined; // a batch's request ids, entry by entry (null: a notification)
    this.settled = false;
    this.resolve = null;
    this.reject = null;
    this.timer = null;
    this.stopWatching = null; // of its signal
  }
}

/**
 * A written message nobody waits for: a notification of ours (`kind` "notification", its
 * `method`), a batch of notifications ("notifications", method "batch"), a raw text
 * (notifyRaw: "raw", method "raw"). Answered only when the engine refuses it, unless
 * `certain`.
 */
class Note extends Written {
  constructor(kind, method) {
    super(kind, method, false);
  }
}

/**
 * Whether the `id: null` answer `msg` may be the refusal of `unit`, a message that is
 * answered only when refused, judged by what the error says.
 */
function describes(msg, unit) {
  const error = msg.error;
  if (error === null || typeof error !== 'object') return false; // a result: only a request gets one
  const data = error.data !== null && typeof error.data === 'object' ? error.data : {};
  if (data.reason === 'too_large') return !Number.isSafeInteger(data.limit) || unit.size > data.limit;
  // The engine could not find the memory to parse it, and says its size.
  if (data.reason === 'out_of_memory') return !Number.isSafeInteger(data.bytes) || unit.size === data.bytes;
  if (data.name === 'maxBatch') {
    // The engine reads a whole text (a NUL in a key) before counting its entries.
    return unit.count !== null && !unit.odd && (!Number.isSafeInteger(data.value) || unit.count === data.value);
  }
  if (unit.unparsable) return error.code === -32700;
  return unit.odd;
}

/**
 * Whether the `id: null` answer `msg` is a parse error of well-formed JSON text: how an
 * engine before 0.2.4 refused a lone surrogate (-32700, `invalid_json`).
 */
function refusesLoneSurrogate(msg) {
  const error = msg.error;
  if (error === null || typeof error !== 'object' || error.code !== -32700) return false;
  return error.data !== null && typeof error.data === 'object' && error.data.reason === 'invalid_json';
}

/**
 * Whether the parse error `msg` (see refusesLoneSurrogate) says a lone surrogate was what
 * the parser refused: jansson's `invalid Unicode '\\uD83D'`, which an engine since 0.2.4
 * never reports (it reads such an escape as U+FFFD and parses again). Then it is the
 * refusal of a text holding one, even where a message after it (a raw text, an unreadable
 * notification) would also fit a parse error.
 */
function namesLoneSurrogate(msg) {
  const detail = msg.error.data.detail;
  return typeof detail === 'string' && detail.startsWith("invalid Unicode '\\u");
}

/** An escape in JSON text: `\uXXXX` (its hex digits), or a backslash and what it escapes. */
const ESCAPE = /\\(?:u([0-9a-fA-F]{4})|[\s\S])/g;

/**
 * Whether the JSON `text` holds a lone surrogate escape (`\ud83d` not followed by a low
 * one, or a low one alone), as JSON.stringify writes a cut emoji. The engine reads it as
 * U+FFFD since 0.2.4; 0.2.0 to 0.2.3 refused the whole text with -32700.
 */
export function holdsLoneSurrogate(text) {
  if (!text.includes('\\ud') && !text.includes('\\uD')) return false;
  let highEnd = -1; // where the escape of a high surrogate waiting for its low one ends
  for (const escape of text.matchAll(ESCAPE)) {
    const code = escape[1] === undefined ? -1 : parseInt(escape[1], 16);
    if (highEnd >= 0) {
      if (escape.index !== highEnd || code < 0xdc00 || code > 0xdfff) return true;
      highEnd = -1;
    } else if (code >= 0xd800 && code <= 0xdbff) highEnd = escape.index + escape[0].length;
    else if (code >= 0xdc00 && code <= 0xdfff) return true;
  }
  return highEnd >= 0;
}

/** What #answeredByNull returns for the refusal of a message dropped from the order. */
const LOST = Symbol('lost');

/**
 * Messages dropped from the order (notifications the engine answers only when it refuses
 * them), summed up: each may still be refused, told apart by what the refusal says, as
 * `describes` tells a Note's. Kept in the `lostBefore` of the next message in the order.
 * A refusal counts one whole message out (the first whose description fits it); what is
 * left may still fit a refusal that is a later message's (an unreadable one may have been
 * read after all), until the answer to a later message settles them all.
 */
class Lost {
  /** How many (none left: no refusal is theirs). */
  total = 0;
  /**
   * Each whole description (size, a batch's entry count, unparsable, odd) → how many.
   * Counted separately, a too large batch counted out by its too_large was still a batch,
   * and took the maxBatch refusal of the caller's own batch after it (which then waited
   * for its timeout): a refusal counts one whole description out.
   * @type {Map<string, {size: number, count: number | null, unparsable: boolean, odd: boolean, n: number}>}
   */
  described = new Map();
  /**
   * The engine's --max-message-bytes once a too_large refusal said it (null: not yet): a
   * larger message is refused as too large, never for anything else.
   * @type {number | null}
   */
  limit = null;

  /** `lost` (null: none yet) and `unit` (a Note) summed up. */
  static add(lost, unit) {
    lost ??= new Lost();
    lost.total++;
    const unparsable = Boolean(unit.unparsable);
    const odd = !unparsable && Boolean(unit.odd);
    const key = `${unit.size},${unit.count},${unparsable ? 1 : 0},${odd ? 1 : 0}`;
    const known = lost.described.get(key);
    if (known !== undefined) known.n++;
    else lost.described.set(key, { size: unit.size, count: unit.count, unparsable, odd, n: 1 });
    return lost;
  }

  /** Both summed up (either may be null): the larger one, the smaller added to it. */
  static join(a, b) {
    if (a === null) return b;
    if (b === null) return a;
    if (a.described.size < b.described.size) [a, b] = [b, a];
    for (const [key, description] of b.described) {
      const known = a.described.get(key);
      if (known !== undefined) known.n += description.n;
      else a.described.set(key, { ...description });
    }
    a.total += b.total;
    a.limit ??= b.limit;
    return a;
  }

  /**
   * Whether the `id: null` answer `msg` refuses one of them: then counted out. Until a
   * too_large refusal gives the limit, one that fits another refusal may still be too large
   * (refused as such, later): the smallest that fits is taken (the one refused is no larger
   * than the limit, so neither is it). Taken in turn, a -32700 went to a larger unparsable
   * text dropped after the one it refused, whose too_large then failed the caller's own
   * call; a maxBatch refusal to a batch with a NUL in a key (the engine reads a text whole
   * before counting its entries, and refuses it for the key), whose refusal then failed the
   * call.
   */
  refusedBy(msg) {
    const error = msg.error;
    if (error === null || typeof error !== 'object') return false; // a result: only a request gets one
    const data = error.data !== null && typeof error.data === 'object' ? error.data : {};
    if (data.reason === 'too_large') {
      if (Number.isSafeInteger(data.limit) && data.limit >= 0) this.limit = data.limit;
      return this.#take((d) => describes(msg, d));
    }
    // A message larger than the limit is refused as too large, never for anything else.
    const fits = (d) => (this.limit === null || d.size <= this.limit) && describes(msg, d);
    if (error.code !== -32700) return this.#take(fits);
    // An unparsable text is refused by a -32700 only; one the parser refuses although it is
    // JSON by a -32700 or a -32600. A -32700 takes an unparsable one when one that is not
    // too large is known (the limit given, or none smaller among the others).
    const odd = (d) => fits(d) && d.odd;
    const unparsable = (d) => fits(d) && d.unparsable;
    const least = (which) => Math.min(...[...this.described.values()].filter(which).map((d) => d.size));
    const known = this.limit !== null || least(unparsable) <= least(odd);
    if (known && this.#take(unparsable)) return true;
    return this.#take(odd) || this.#take(unparsable);
  }

  /** Counts out the smallest description `fits`; whether there was one. */
  #take(fits) {
    let found = null;
    for (const [key, description] of this.described) {
      if (fits(description) && (found === null || description.size < found[1].size)) found = [key, description];
    }
    if (found === null) return false;
    const [key, description] = found;
    if (--description.n === 0) this.described.delete(key);
    this.total--;
    return true;
  }
}


/** Sets what a raw `text` is on `unit` (an Outstanding of kind "raw", or a Note). */
function classifyRaw(text, unit) {
  unit.certain = false;
  unit.size = utf8Length(text);
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    unit.unparsable = true; // answered with a parse error (or too_large)
    return;
  }
  unit.odd = mayBeUnreadable(text);
  unit.lone = holdsLoneSurrogate(text);
  const ids = [];
  const entry = (e) => {
    if (e === null || typeof e !== 'object' || Array.isArray(e)) {
      unit.certain = true; // answered: not a request object
      return;
    }
    if ('id' in e) {
      unit.certain = true;
      if (typeof e.id === 'string' || typeof e.id === 'number') ids.push(e.id);
    } else if (!validShape(e)) unit.certain = true;
  };
  if (Array.isArray(value)) {
    unit.count = value.length;
    if (value.length === 0) unit.certain = true; // an empty batch is answered
    for (const e of value) entry(e);
  } else entry(value);
  if (ids.length > 0) unit.foreignIds = ids;
}

/** Whether the parsed notification `e` is one the engine takes without an answer. */
function validShape(e) {
  return (
    e.jsonrpc === '2.0' &&
    typeof e.method === 'string' &&
    (!('params' in e) || e.params === null || typeof e.params === 'object')
  );
}

/** Whether a notification of ours (`method`, its params' JSON text) is valid. */
function validNote(method, json) {
  return typeof method === 'string' && (json === undefined || json[0] === '{' || json[0] === '[');
}

/**
 * Whether the engine refuses JSON text that JSON.parse reads or JSON.stringify wrote: an
 * escaped NUL in a key, a number no double holds (JSON.parse reads 1e400 as Infinity),
 * nesting deeper than its parser reads (a lone surrogate it reads as U+FFFD). Exact, not an
 * overestimate: blaming a notification the engine read for the next request's parse error
 * left that request waiting for an answer already given.
 */
export function mayBeUnreadable(text) {
  // A cheap test first: the same characters inside strings pass it too. (NaN and Infinity
  // never reach here as values: JSON.stringify writes null, and JSON.parse refuses them.)
  const maybe =
    text.includes('\\u0000') || HUGE_NUMBER.test(text) || (text.length > 4000 && openings(text) > 2000);
  return maybe && refusedByParser(text);
}

const HUGE_NUMBER = /\d{300}|[eE]\+?\d{3}|\d{200}[\d.]*[eE]/;
/** The deepest the engine's parser reads, each value counting itself and what holds it. */
const MAX_DEPTH = 2048;

function openings(text) {
  let open = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) open++;
  }
  return open;
}

function isSpace(c) {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** Whitespace, a comma or a colon: between JSON's tokens. */
function isSeparator(c) {
  return isSpace(c) || c === 0x2c || c === 0x3a;
}

/**
 * Whether the engine's parser refuses the JSON `text`, read once, character by character: a
 * NUL escape in a key, NaN or Infinity, a number no double holds, a value deeper than
 * MAX_DEPTH (a container counts at its own depth, anything inside it one deeper).
 */
function refusedByParser(text) {
  const n = text.length;
  let depth = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_DEPTH) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    } else if (c === 0x22) {
      let nul = false;
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) {
          if (text.startsWith('u0000', i + 1)) nul = true;
          i++; // the escaped character: an escaped backslash or quote ends nothing
        } else if (d === 0x22) break;
      }
      let next = i + 1;
      while (next < n && isSpace(text.charCodeAt(next))) next++;
      const isKey = text.charCodeAt(next) === 0x3a; // a colon follows
      if (isKey ? nul : depth >= MAX_DEPTH) return true;
    } else if (!isSeparator(c)) {
      // A scalar: a literal or a number, to the next separator or bracket.
      let end = i;
      let exponent = false;
      for (; end < n; end++) {
        const d = text.charCodeAt(end);
        if (isSeparator(d) || d === 0x5d || d === 0x7d) break;
        if (d === 0x65 || d === 0x45) exponent = true;
      }
      if (depth >= MAX_DEPTH) return true;
      const first = c === 0x2d ? text.charCodeAt(i + 1) : c;
      if (first === 0x4e || first === 0x49) return true; // NaN, Infinity
      const number = first >= 0x30 && first <= 0x39; // true and false hold an "e" too
      if (number && (exponent || end - i >= 300) && !Number.isFinite(Number(text.slice(i, end)))) {
        return true;
      }
      i = end - 1;
    }
  }
  return false;
}

/** The length of `text` in UTF-8 (a lone surrogate: the 3 bytes of U+FFFD, as TextEncoder writes). */
function utf8Length(text) {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 2; // 2 units, 4 bytes
        i++;
      } else n += 2;
    } else n += 2;
  }
  return n;
}

/** JSON text of the method names used so far (the schema's, and a few more). */
const methodTexts = new Map();

/**
 * The JSON text of `params` as a message holds it (undefined: left out). A NaN or ±Infinity
 * anywhere in them is a TypeError (naming `method` and its JSON Pointer): JSON has no such
 * number, and JSON.stringify would send null, which the engine reads as a member left out
 * (`{sort: NaN}` changed nothing and succeeded) or as a required one missing.
 */
function paramsText(params, method) {
  if (params === undefined || params === null) return undefined;
  const json = JSON.stringify(params);
  // JSON.stringify writes a non-finite number as null: look for one only then (the walk
  // reads getters and calls toJSON again: one that answers differently the second time is
  // judged by its second answer).
  if (json !== undefined && json.includes('null')) {
    const found = nonFinite(params, '', '');
    if (found !== undefined) {
      throw new TypeError(
        `${typeof method === 'string' ? method : 'params'}: params${found.path === '' ? '' : ` ${found.path}`} ` +
          `is ${found.value}, which JSON cannot carry (JSON.stringify would send null): nothing was sent`,
      );
    }
  }
  return json;
}

/** What JSON.stringify serializes for `value` held under `key` (its toJSON, a boxed primitive unboxed). */
function serialized(value, key) {
  if (value !== null && (typeof value === 'object' || typeof value === 'bigint') && typeof value.toJSON === 'function') {
    value = value.toJSON(key);
  }
  // A Number object of another realm (vm) too, which instanceof misses.
  const boxed =
    value instanceof Number ||
    (value !== null && typeof value === 'object' && Object.prototype.toString.call(value) === '[object Number]');
  return boxed ? Number(value) : value;
}

/**
 * The first NaN or ±Infinity JSON.stringify meets in `value`: `{path, value}`, `path` its
 * JSON Pointer (as the engine's InvalidParams gives one); else undefined.
 */
function nonFinite(value, key, path) {
  value = serialized(value, key);
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : { path, value };
  if (value === null || typeof value !== 'object') return undefined;
  const keys = Array.isArray(value) ? value.keys() : Object.keys(value);
  for (const k of keys) {
    const name = String(k);
    const found = nonFinite(value[k], name, `${path}/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

// The text of JSON.stringify({jsonrpc: '2.0', id, method, params}) (members left out as
// JSON.stringify leaves them out; params also when null), without building the object.
// `json`: paramsText(params), when already known.
function message(method, params, id, json) {
  let text = '{"jsonrpc":"2.0"';
  if (id !== undefined) text += `,"id":${Number.isSafeInteger(id) ? id : JSON.stringify(id)}`;
  let name = methodTexts.get(method);
  if (name === undefined) {
    name = JSON.stringify(method);
    if (typeof method === 'string' && methodTexts.size < 512) methodTexts.set(method, name);
  }
  if (name !== undefined) text += `,"method":${name}`;
  if (params !== undefined && params !== null) {
    json ??= paramsText(params, method);
    if (json !== undefined) text += `,"params":${json}`;
  }
  return `${text}}`;
}

function trim(body) {
  const text = typeof body === 'string' ? body.slice(0, 200) : new TextDecoder().decode(body.subarray(0, 200));
  return body.length > 200 ? `${text}…` : text;
}
