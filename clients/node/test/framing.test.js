// Unit tests of the pure framing decoders: any split of the byte stream gives the same
// messages; errors are reported and the stream continues; large messages cost linear time.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  FramingError,
  LspDecoder,
  NdjsonDecoder,
  encodeLsp,
  encodeNdjson,
  framingFor,
} from '../index.js';
import { ndjsonTextDecoder } from '../src/common/framing.js';
import { seededRandom } from './random.js';

const enc = new TextEncoder();
const dec = new TextDecoder();

function concat(parts) {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Cuts `bytes` into pieces at random points (sometimes 0-length pieces). */
function randomSplit(bytes, random) {
  const pieces = [];
  let at = 0;
  while (at < bytes.length) {
    const n = Math.floor(random() * Math.min(40, bytes.length - at + 1));
    pieces.push(bytes.subarray(at, at + n));
    at += n;
  }
  return pieces;
}

function decodeAll(Decoder, pieces, options = {}) {
  const messages = [];
  const errors = [];
  const d = new Decoder({
    onMessage: (body) => messages.push(dec.decode(body)),
    onError: (err) => errors.push(err),
    ...options,
  });
  for (const p of pieces) d.push(p);
  d.end();
  return { messages, errors, decoder: d };
}

const TEXTS = [
  '{"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}',
  '{"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"红包 🧧"},"at":5}}',
  '[{"jsonrpc":"2.0","id":2,"result":null},{"jsonrpc":"2.0","id":3,"result":{"now":1}}]',
  '{"s":"' + 'x'.repeat(3000) + '"}',
  '{}',
];

describe('NDJSON decoder', () => {
  const stream = concat(TEXTS.map(encodeNdjson));

  test('one chunk holding many messages', () => {
    assert.deepEqual(decodeAll(NdjsonDecoder, [stream]).messages, TEXTS);
  });

  test('one byte at a time', () => {
    const pieces = Array.from(stream, (_, i) => stream.subarray(i, i + 1));
    assert.deepEqual(decodeAll(NdjsonDecoder, pieces).messages, TEXTS);
  });

  test('500 seeded random splits', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const { messages } = decodeAll(NdjsonDecoder, randomSplit(stream, seededRandom(seed)));
      assert.deepEqual(messages, TEXTS, `seed ${seed}`);
    }
  });

  test('CRLF accepted, blank lines ignored, a final line without newline delivered at end', () => {
    const input = enc.encode('\n\r\n{"a":1}\r\n   \n\n{"b":2}\n{"c":3}');
    assert.deepEqual(decodeAll(NdjsonDecoder, [input]).messages, ['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  test('a CR split from its LF', () => {
    const pieces = [enc.encode('{"a":1}\r'), enc.encode('\n{"b":2}\r'), enc.encode('\n')];
    assert.deepEqual(decodeAll(NdjsonDecoder, pieces).messages, ['{"a":1}', '{"b":2}']);
  });

  test('a multi-byte UTF-8 character split across chunks', () => {
    const bytes = encodeNdjson('{"s":"🧧"}');
    for (let cut = 1; cut < bytes.length; cut++) {
      const { messages } = decodeAll(NdjsonDecoder, [bytes.subarray(0, cut), bytes.subarray(cut)]);
      assert.deepEqual(messages, ['{"s":"🧧"}'], `cut at ${cut}`);
    }
  });

  test('an over-long line is reported, skipped without buffering, and the next is read', () => {
    const long = enc.encode('{"s":"' + 'y'.repeat(1000) + '"}\n');
    const pieces = [...randomSplit(long, seededRandom(7)), encodeNdjson('{"ok":true}')];
    const { messages, errors, decoder } = decodeAll(NdjsonDecoder, pieces, { maxMessageBytes: 100 });
    assert.deepEqual(messages, ['{"ok":true}']);
    assert.equal(errors.length, 1);
    assert.ok(errors[0] instanceof FramingError);
    assert.equal(errors[0].reason, 'too_large');
    assert.equal(decoder.bufferedBytes, 0);
  });

  test('the endpoint\'s text mode: same lines as strings, under 500 random splits', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const messages = [];
      const d = ndjsonTextDecoder({ onMessage: (body) => messages.push(body) });
      for (const p of randomSplit(stream, seededRandom(seed))) d.push(p);
      d.end();
      const texts = messages.map((m) => (typeof m === 'string' ? m : dec.decode(m)));
      assert.deepEqual(texts, TEXTS, `seed ${seed}`);
    }
    const whole = [];
    const d = ndjsonTextDecoder({ onMessage: (body) => whole.push(body) });
    d.push(concat([enc.encode('\n \r\n'), stream]));
    assert.deepEqual(whole, TEXTS, 'complete lines of one chunk: all strings, blank lines skipped');
  });

  test('text mode: a line that is not UTF-8 comes as bytes, the others of its chunk still arrive', () => {
    const bad = concat([enc.encode('{"s":"'), Uint8Array.of(0xff, 0xfe), enc.encode('"}')]);
    const chunk = concat([encodeNdjson('{"a":1}'), bad, enc.encode('\r\n'), encodeNdjson('{"b":2}')]);
    const messages = [];
    const d = ndjsonTextDecoder({ onMessage: (body) => messages.push(body) });
    d.push(chunk);
    assert.equal(messages.length, 3);
    assert.equal(dec.decode(messages[0]), '{"a":1}');
    assert.deepEqual([...messages[1]], [...bad]);
    assert.equal(dec.decode(messages[2]), '{"b":2}');
  });

  test('text mode: a CRLF line comes without its CR, as on the byte path', () => {
    const messages = [];
    const d = ndjsonTextDecoder({ onMessage: (body) => messages.push(body) });
    d.push(enc.encode('{"a":1}\r\n{"b":2}\r\n'));
    assert.deepEqual(messages, ['{"a":1}', '{"b":2}']);
  });

  test('maxMessageBytes is inclusive: a line of exactly that many bytes is delivered', () => {
    const at = decodeAll(NdjsonDecoder, [enc.encode('{"a":1}\n')], { maxMessageBytes: 7 });
    assert.deepEqual(at.messages, ['{"a":1}']);
    assert.deepEqual(at.errors, []);
    // One byte more is too_large; the next line is still read.
    const input = enc.encode('{"a":12}\n{"b":2}\n');
    const over = decodeAll(NdjsonDecoder, [input], { maxMessageBytes: 7 });
    assert.deepEqual(over.messages, ['{"b":2}']);
    assert.deepEqual(over.errors.map((e) => e.reason), ['too_large']);
  });

  test('bufferedBytes counts the unfinished message only', () => {
    const d = new NdjsonDecoder({ onMessage: () => {} });
    d.push(enc.encode('{"a":1}\n{"b"'));
    assert.equal(d.bufferedBytes, 4);
    d.push(enc.encode(':2}\n'));
    assert.equal(d.bufferedBytes, 0);
  });
});

describe('LSP decoder', () => {
  const stream = concat(TEXTS.map(encodeLsp));

  test('one chunk holding many messages', () => {
    assert.deepEqual(decodeAll(LspDecoder, [stream]).messages, TEXTS);
  });

  test('one byte at a time', () => {
    const pieces = Array.from(stream, (_, i) => stream.subarray(i, i + 1));
    assert.deepEqual(decodeAll(LspDecoder, pieces).messages, TEXTS);
  });

  test('500 seeded random splits', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const { messages, errors } = decodeAll(LspDecoder, randomSplit(stream, seededRandom(seed)));
      assert.deepEqual(messages, TEXTS, `seed ${seed}`);
      assert.deepEqual(errors, [], `seed ${seed}`);
    }
  });

  test('every two-piece split, including inside the header', () => {
    const bytes = encodeLsp(TEXTS[1]);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const { messages } = decodeAll(LspDecoder, [bytes.subarray(0, cut), bytes.subarray(cut)]);
      assert.deepEqual(messages, [TEXTS[1]], `cut at ${cut}`);
    }
  });

  test('header names are case-insensitive; Content-Type and unknown headers are ignored', () => {
    const body = '{"x":"é"}';
    const n = enc.encode(body).length;
    const input = enc.encode(
      `content-length: ${n}\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n` +
        `X-Whatever: 1\r\n\r\n${body}CONTENT-LENGTH:2\r\n\r\n{}`,
    );
    assert.deepEqual(decodeAll(LspDecoder, [input]).messages, [body, '{}']);
  });

  test('Content-Length: 0 gives an empty body', () => {
    const { messages } = decodeAll(LspDecoder, [enc.encode('Content-Length: 0\r\n\r\nContent-Length: 2\r\n\r\n{}')]);
    assert.deepEqual(messages, ['', '{}']);
  });

  test('Content-Length: 0 alone is delivered at once, with nothing left for end()', () => {
    const messages = [];
    const errors = [];
    const d = new LspDecoder({
      onMessage: (b) => messages.push(b),
      onError: (e) => errors.push(e),
    });
    d.push(enc.encode('Content-Length: 0\r\n\r\n'));
    assert.equal(messages.length, 1, 'delivered before any further byte arrives');
    assert.equal(messages[0].length, 0);
    d.end();
    assert.equal(messages.length, 1);
    assert.deepEqual(errors, []);
  });

  test('blank lines between frames are skipped, not read as a frame with no length', () => {
    const input = enc.encode('Content-Length: 2\r\n\r\n{}\r\nContent-Length: 2\r\n\r\n[]');
    for (let seed = 1; seed <= 20; seed++) {
      const { messages, errors } = decodeAll(LspDecoder, randomSplit(input, seededRandom(seed)));
      assert.deepEqual(messages, ['{}', '[]'], `seed ${seed}`);
      assert.deepEqual(errors, [], `seed ${seed}`);
    }
  });

  test('a broken header is reported and the decoder resynchronises on the next header', () => {
    const input = enc.encode(
      'Content-Length: abc\r\n\r\n{"lost":1}\r\nContent-Length: 2\r\n\r\n{}' +
        'garbage line\r\nContent-Length: 7\r\n\r\n{"a":1}' +
        'Content-Type: x\r\n\r\nContent-Length: 2\r\n\r\n[]',
    );
    for (let seed = 1; seed <= 50; seed++) {
      const { messages, errors } = decodeAll(LspDecoder, randomSplit(input, seededRandom(seed)));
      assert.deepEqual(messages, ['{}', '{"a":1}', '[]'], `seed ${seed}`);
      assert.deepEqual(
        errors.map((e) => e.reason),
        ['bad_header', 'bad_header', 'missing_length'],
        `seed ${seed}`,
      );
    }
  });

  test('end of stream inside a frame is reported as truncated', () => {
    const { messages, errors } = decodeAll(LspDecoder, [enc.encode('Content-Length: 10\r\n\r\n{"a"')]);
    assert.deepEqual(messages, []);
    assert.deepEqual(errors.map((e) => e.reason), ['truncated']);
  });

  test('end of stream inside an unfinished header line is reported as truncated', () => {
    const { messages, errors } = decodeAll(LspDecoder, [enc.encode('Content-Len')]);
    assert.deepEqual(messages, []);
    assert.deepEqual(errors.map((e) => e.reason), ['truncated']);
  });

  test('an over-limit Content-Length is refused', () => {
    const { errors } = decodeAll(LspDecoder, [enc.encode('Content-Length: 1000\r\n\r\n')], {
      maxMessageBytes: 100,
    });
    assert.deepEqual(errors.map((e) => e.reason), ['too_large']);
  });
  test('maxMessageBytes is inclusive: a frame of exactly that many bytes is delivered', () => {
    const at = decodeAll(LspDecoder, [encodeLsp('{"a":1}'), encodeLsp('{}')], { maxMessageBytes: 7 });
    assert.deepEqual(at.messages, ['{"a":1}', '{}']);
    assert.deepEqual(at.errors, []);
    const over = decodeAll(LspDecoder, [enc.encode('Content-Length: 8\r\n\r\n')], { maxMessageBytes: 7 });
    assert.deepEqual(over.errors.map((e) => e.reason), ['too_large']);
  });

  test('end of stream after a whole header line, before the blank line, is reported as truncated', () => {
    const { messages, errors } = decodeAll(LspDecoder, [enc.encode('Content-Length: 7\r\n')]);
    assert.deepEqual(messages, []);
    assert.deepEqual(errors.map((e) => e.reason), ['truncated']);
  });

});

describe('a large message in many chunks decodes whole, once', () => {
  // 8 MiB in 8192 chunks. (A decoder that re-concatenated its buffer on every chunk would
  // copy ~32 GiB and make this suite take minutes; speed itself is not asserted here.)
  const SIZE = 8 * 1024 * 1024;
  const text = '{"s":"' + 'z'.repeat(SIZE) + '"}';
  for (const [name, Decoder, encode] of [
    ['NDJSON', NdjsonDecoder, encodeNdjson],
    ['LSP', LspDecoder, encodeLsp],
  ]) {
    test(name, () => {
      const bytes = encode(text);
      let got = null;
      const d = new Decoder({ onMessage: (body) => (got = body) });
      for (let at = 0; at < bytes.length; at += 1024) {
        d.push(bytes.subarray(at, at + 1024));
        if (at + 1024 < bytes.length) assert.equal(got, null);
      }
      assert.equal(got.length, text.length);
      assert.equal(dec.decode(got.subarray(0, 8)), '{"s":"zz');
    });
  }
});

test('encoders and framingFor', () => {
  assert.equal(dec.decode(encodeNdjson('{"a":"é"}')), '{"a":"é"}\n');
  assert.equal(dec.decode(encodeLsp('{"a":"é"}')), 'Content-Length: 10\r\n\r\n{"a":"é"}');
  for (const framing of ['ndjson', 'lsp']) {
    const f = framingFor(framing);
    const got = [];
    const d = f.createDecoder({ onMessage: (b) => got.push(dec.decode(b)) });
    d.push(concat(TEXTS.map(f.encode)));
    assert.deepEqual(got, TEXTS);
  }
  assert.throws(() => framingFor('xml'), TypeError);
});
