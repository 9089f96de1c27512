// Message framing for the Ordo protocol: NDJSON lines and LSP Content-Length frames.
//
// Pure byte state machines: they never touch a stream, a file handle or a Node API
// (only Uint8Array, TextEncoder), so tests feed them arbitrary splits directly.
//
// Decoders keep the bytes of an unfinished message as a list of chunk views plus a
// running length and join them once, when the message completes: feeding an
// N-byte message in k pieces costs O(N + k), never O(N * k).

const LF = 0x0a;
const CR = 0x0d;

/** Reported through `onError` when the incoming byte stream is not well framed. */
export class FramingError extends Error {
  /**
   * @param {string} message
   * @param {string} reason machine-readable: `bad_header`, `missing_length`, `too_large`, `truncated`
   */
  constructor(message, reason) {
    super(message);
    this.name = 'FramingError';
    this.reason = reason;
  }
}

/** Joins chunk views into one Uint8Array (no copy when there is a single view). */
function join(chunks, total) {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Set by NdjsonDecoder's static block: see ndjsonTextDecoder. */
let deliverText;

/**
 * Incremental NDJSON decoder: one message per `\n`-terminated line, `\r\n` accepted,
 * blank lines ignored.
 */
export class NdjsonDecoder {
  #chunks = [];
  #length = 0;
  #skipping = false;
  #maxMessageBytes;
  #onMessage;
  #onError;
  #text = false;

  static {
    deliverText = (decoder) => {
      decoder.#text = decoder.#maxMessageBytes === Infinity;
      return decoder;
    };
  }

  /**
   * @param {{onMessage: (body: Uint8Array) => void, onError?: (err: FramingError) => void,
   *          maxMessageBytes?: number}} handlers
   */
  constructor({ onMessage, onError = () => {}, maxMessageBytes = Infinity }) {
    this.#onMessage = onMessage;
    this.#onError = onError;
    this.#maxMessageBytes = maxMessageBytes;
  }

  /** Bytes held for the message in progress. */
  get bufferedBytes() {
    return this.#length;
  }

  /** Feeds the next bytes of the stream; complete messages are delivered synchronously, in order. */
  push(chunk) {
    if (this.#text) {
      this.#pushText(chunk);
      return;
    }
    this.#pushBytes(chunk, 0, chunk.length);
  }

  #pushBytes(chunk, start, stop) {
    while (start < stop) {
      let nl = chunk.indexOf(LF, start);
      if (nl >= stop) nl = -1;
      const end = nl === -1 ? stop : nl;
      if (!this.#skipping && end > start) {
        this.#chunks.push(chunk.subarray(start, end));
        this.#length += end - start;
        if (this.#length > this.#maxMessageBytes) {
          this.#chunks = [];
          this.#length = 0;
          this.#skipping = true;
          this.#onError(
            new FramingError(`a line is longer than ${this.#maxMessageBytes} bytes`, 'too_large'),
          );
        }
      }
      if (nl === -1) return;
      start = nl + 1;
      this.#finishLine();
    }
  }

  // Text mode: the complete lines of a chunk are decoded from UTF-8 in one go and delivered
  // as strings; a line begun in an earlier chunk, or a chunk that is not valid UTF-8, takes
  // the byte path (its lines are delivered as bytes, for the receiver to decode and judge).
  #pushText(chunk) {
    let start = 0;
    if (this.#length > 0 || this.#skipping) {
      const nl = chunk.indexOf(LF);
      if (nl === -1) {
        this.#pushBytes(chunk, 0, chunk.length);
        return;
      }
      this.#pushBytes(chunk, 0, nl + 1);
      start = nl + 1;
    }
    const last = chunk.lastIndexOf(LF);
    if (last >= start) {
      let text = null;
      try {
        text = fatalUtf8.decode(chunk.subarray(start, last));
      } catch {
        this.#pushBytes(chunk, start, last + 1);
      }
      if (text !== null) this.#deliverLines(text);
      start = last + 1;
    }
    if (start < chunk.length) this.#pushBytes(chunk, start, chunk.length);
  }

  #deliverLines(text) {
    let start = 0;
    for (;;) {
      const nl = text.indexOf('\n', start);
      let end = nl === -1 ? text.length : nl;
      if (end > start && text.charCodeAt(end - 1) === CR) end--;
      if (!isBlankText(text, start, end)) this.#onMessage(text.slice(start, end));
      if (nl === -1) return;
      start = nl + 1;
    }
  }

  /** Signals end of stream: a trailing line without `\n` is still delivered. */
  end() {
    this.#finishLine();
  }

  #finishLine() {
    const skipped = this.#skipping;
    let body = join(this.#chunks, this.#length);
    this.#chunks = [];
    this.#length = 0;
    this.#skipping = false;
    if (skipped) return;
    if (body.length > 0 && body[body.length - 1] === CR) body = body.subarray(0, body.length - 1);
    if (isBlank(body)) return;
    this.#onMessage(body);
  }
}

function isBlank(bytes) {
  for (const b of bytes) if (b !== 0x20 && b !== 0x09 && b !== CR) return false;
  return true;
}

function isBlankText(text, start, end) {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== CR) return false;
  }
  return true;
}

/**
 * An NdjsonDecoder for the endpoint: `onMessage` gets each line as a string when the bytes
 * it came in are valid UTF-8 (decoded once per chunk, not once per line), else as bytes.
 * Not exported by the package: its `onMessage` contract differs from NdjsonDecoder's.
 */
export function ndjsonTextDecoder(handlers) {
  return deliverText(new NdjsonDecoder(handlers));
}

const MAX_HEADER_LINE = 8192;

/**
 * Incremental LSP decoder: `Content-Length: N\r\n` (names case-insensitive, other
 * headers ignored), an empty line, then N bytes. A broken header is reported and the
 * decoder resynchronises on the next line that looks like a header.
 */
export class LspDecoder {
  #state = 'header'; // 'header' | 'body' | 'resync'
  #line = []; // bytes of the header line in progress (header lines are short)
  #lineTooLong = false;
  #contentLength = -1;
  #sawHeader = false;
  #chunks = [];
  #length = 0;
  #maxMessageBytes;
  #onMessage;
  #onError;

  /**
   * @param {{onMessage: (body: Uint8Array) => void, onError?: (err: FramingError) => void,
   *          maxMessageBytes?: number}} handlers
   */
  constructor({ onMessage, onError = () => {}, maxMessageBytes = Infinity }) {
    this.#onMessage = onMessage;
    this.#onError = onError;
    this.#maxMessageBytes = maxMessageBytes;
  }

  /** Bytes held for the message in progress. */
  get bufferedBytes() {
    return this.#length + this.#line.length;
  }

  /** Feeds the next bytes of the stream; complete messages are delivered synchronously, in order. */
  push(chunk) {
    let i = 0;
    while (i < chunk.length) {
      if (this.#state === 'body') {
        const take = Math.min(this.#contentLength - this.#length, chunk.length - i);
        if (take > 0) {
          this.#chunks.push(chunk.subarray(i, i + take));
          this.#length += take;
          i += take;
        }
        if (this.#length === this.#contentLength) {
          const body = join(this.#chunks, this.#length);
          this.#chunks = [];
          this.#length = 0;
          this.#reset();
          this.#onMessage(body);
        }
        continue;
      }
      // Header (or resync) state: collect one line at a time.
      const nl = chunk.indexOf(LF, i);
      const end = nl === -1 ? chunk.length : nl;
      if (!this.#lineTooLong) {
        for (let j = i; j < end; j++) this.#line.push(chunk[j]);
        if (this.#line.length > MAX_HEADER_LINE) {
          this.#line = [];
          this.#lineTooLong = true;
        }
      }
      if (nl === -1) return;
      i = nl + 1;
      const tooLong = this.#lineTooLong;
      let line = String.fromCharCode(...this.#line);
      this.#line = [];
      this.#lineTooLong = false;
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (tooLong) this.#fail('a header line is too long', 'bad_header');
      else this.#headerLine(line);
    }
  }

  /** Signals end of stream: an unfinished message is reported as `truncated`. */
  end() {
    if (this.#state === 'body' || this.#sawHeader || this.#line.length > 0) {
      this.#onError(new FramingError('the stream ended inside a message', 'truncated'));
    }
    this.#chunks = [];
    this.#length = 0;
    this.#line = [];
    this.#reset();
  }

  #reset() {
    this.#state = 'header';
    this.#contentLength = -1;
    this.#sawHeader = false;
  }

  #fail(message, reason) {
    this.#reset();
    this.#state = 'resync';
    this.#onError(new FramingError(message, reason));
  }

  #headerLine(line) {
    const colon = line.indexOf(':');
    const looksLikeHeader = colon > 0 && /^[A-Za-z0-9-]+$/.test(line.slice(0, colon));
    if (this.#state === 'resync') {
      if (!looksLikeHeader) return;
      this.#state = 'header';
    }
    if (line === '') {
      if (!this.#sawHeader) return; // blank lines between frames
      if (this.#contentLength < 0) {
        this.#fail('a frame has no Content-Length header', 'missing_length');
        return;
      }
      if (this.#contentLength > this.#maxMessageBytes) {
        this.#fail(`a frame of ${this.#contentLength} bytes is over the limit`, 'too_large');
        return;
      }
      if (this.#contentLength === 0) {
        this.#reset();
        this.#onMessage(new Uint8Array(0));
        return;
      }
      this.#state = 'body';
      return;
    }
    if (!looksLikeHeader) {
      this.#fail(`not a header line: ${JSON.stringify(line.slice(0, 80))}`, 'bad_header');
      return;
    }
    this.#sawHeader = true;
    if (line.slice(0, colon).toLowerCase() === 'content-length') {
      const value = line.slice(colon + 1).trim();
      if (!/^[0-9]{1,15}$/.test(value)) {
        this.#fail(`invalid Content-Length ${JSON.stringify(value)}`, 'bad_header');
        return;
      }
      this.#contentLength = Number(value);
    }
  }
}

const encoder = new TextEncoder();

/** Frames one JSON text as an NDJSON line. */
export function encodeNdjson(text) {
  return encoder.encode(text + '\n');
}

/** Frames one JSON text as an LSP message. */
export function encodeLsp(text) {
  const body = encoder.encode(text);
  const header = encoder.encode(`Content-Length: ${body.length}\r\n\r\n`);
  const out = new Uint8Array(header.length + body.length);
  out.set(header, 0);
  out.set(body, header.length);
  return out;
}

/** Frames several JSON texts as consecutive NDJSON lines (one encoding). */
function encodeAllNdjson(texts) {
  return encoder.encode(texts.length === 1 ? texts[0] + '\n' : texts.join('\n') + '\n');
}

/** Frames several JSON texts as consecutive LSP messages. */
function encodeAllLsp(texts) {
  if (texts.length === 1) return encodeLsp(texts[0]);
  const frames = texts.map(encodeLsp);
  return join(frames, frames.reduce((n, f) => n + f.length, 0));
}

/**
 * The framing named `framing` (`"ndjson"` or `"lsp"`): `{encode(text), encodeAll(texts),
 * createDecoder(handlers)}`.
 */
export function framingFor(framing) {
  switch (framing) {
    case 'ndjson':
      return {
        encode: encodeNdjson,
        encodeAll: encodeAllNdjson,
        createDecoder: (h) => new NdjsonDecoder(h),
      };
    case 'lsp':
      return { encode: encodeLsp, encodeAll: encodeAllLsp, createDecoder: (h) => new LspDecoder(h) };
    default:
      throw new TypeError(`framing must be "ndjson" or "lsp", not ${JSON.stringify(framing)}`);
  }
}
