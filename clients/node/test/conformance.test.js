// Replays the language-neutral conformance corpus (conformance/<topic>/<case>.io, described
// in conformance/README.md) against the engine binary ($ORDO_BIN, else the repository's
// .build/{release,debug}/ordo) through raw pipes: a matcher and a driver, nothing of the
// client package. The same transcripts are replayed by the Swift and Python tests.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CORPUS = join(ROOT, 'conformance');
const READ_TIMEOUT = 10_000;

function engineBinary() {
  const candidates = [process.env.ORDO_BIN, join(ROOT, '.build/release/ordo'), join(ROOT, '.build/debug/ordo')];
  for (const path of candidates.filter(Boolean)) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {}
  }
  throw new Error('no engine binary: set ORDO_BIN');
}

/** Headers, sends (`>>` as written, `>>raw` exact bytes) and the `<<` messages after each. */
function parse(text) {
  const transcript = { args: [], framing: 'ndjson', exit: 0, steps: [] };
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    const where = `line ${index + 1}`;
    if (line.startsWith('## ')) {
      if (transcript.steps.length) throw new Error(`${where}: header after the first >>`);
      const [name, ...rest] = line.slice(3).split(':');
      const value = rest.join(':').trim();
      if (name === 'args') transcript.args = value.split(/\s+/).filter(Boolean);
      else if (name === 'framing') transcript.framing = value;
      else if (name === 'exit') transcript.exit = Number(value);
      else throw new Error(`${where}: unknown header ${name}`);
    } else if (line.startsWith('>>raw ')) {
      transcript.steps.push({ send: Buffer.from(JSON.parse(line.slice(6)), 'utf8'), expect: [], where });
    } else if (line.startsWith('>> ')) {
      JSON.parse(line.slice(3)); // it must be JSON, but is sent as written (1.0 stays 1.0)
      const body = Buffer.from(line.slice(3), 'utf8');
      const send =
        transcript.framing === 'lsp'
          ? Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body])
          : Buffer.concat([body, Buffer.from('\n')]);
      transcript.steps.push({ send, expect: [], where });
    } else if (line.startsWith('<< ')) {
      if (!transcript.steps.length) throw new Error(`${where}: << before any >>`);
      transcript.steps.at(-1).expect.push(JSON.parse(line.slice(3)));
    } else if (line.trim() && !line.startsWith('#')) {
      throw new Error(`${where}: not a transcript line`);
    }
  });
  return transcript;
}

const TYPES = {
  string: (v) => typeof v === 'string',
  integer: (v) => Number.isInteger(v),
  number: (v) => typeof v === 'number',
  boolean: (v) => typeof v === 'boolean',
  object: (v) => v !== null && typeof v === 'object' && !Array.isArray(v),
  array: (v) => Array.isArray(v),
  null: (v) => v === null,
};

/** Where `actual` differs from `expected` ("$any", "$any:<type>" wildcards), or null. */
function mismatch(expected, actual, path = '') {
  const at = path || '/';
  if (typeof expected === 'string' && expected.startsWith('$any')) {
    if (expected === '$any') return null;
    const kind = expected.startsWith('$any:') ? expected.slice(5) : '';
    // "$any:", "$anything", "$any:int": reserved, not "$any"
    if (!Object.hasOwn(TYPES, kind)) throw new Error(`${at}: unknown wildcard ${JSON.stringify(expected)}`);
    return TYPES[kind](actual) ? null : `${at}: expected any ${kind}, got ${JSON.stringify(actual)}`;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) return `${at}: expected ${expected.length} elements, got ${actual.length}`;
    for (let i = 0; i < expected.length; i++) {
      const found = mismatch(expected[i], actual[i], `${path}/${i}`);
      if (found) return found;
    }
    return null;
  }
  if (TYPES.object(expected) && TYPES.object(actual)) {
    const want = Object.keys(expected).sort();
    const got = Object.keys(actual).sort();
    if (want.join('\0') !== got.join('\0')) {
      return `${at}: members differ, expected [${want}], got [${got}]`;
    }
    for (const key of want) {
      const found = mismatch(expected[key], actual[key], `${path}/${key}`);
      if (found) return found;
    }
    return null;
  }
  return expected === actual ? null : `${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
}

/** The engine's stdout, message by message; every read has a deadline. */
class Output {
  constructor(stream, framing) {
    this.framing = framing;
    this.buffer = Buffer.alloc(0);
    this.eof = false;
    this.wake = () => {};
    stream.on('data', (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    stream.on('end', () => {
      this.eof = true;
      this.wake();
    });
  }

  take() {
    if (this.framing === 'lsp') {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return null;
      const header = this.buffer.subarray(0, end).toString('latin1');
      const match = /^content-length:\s*(\d+)$/i.exec(header);
      if (!match) throw new Error(`bad output header ${JSON.stringify(header)}`);
      const length = Number(match[1]);
      if (this.buffer.length < end + 4 + length) return null;
      const body = this.buffer.subarray(end + 4, end + 4 + length);
      this.buffer = this.buffer.subarray(end + 4 + length);
      return body;
    }
    const newline = this.buffer.indexOf('\n');
    if (newline < 0) return null;
    const body = this.buffer.subarray(0, newline);
    this.buffer = this.buffer.subarray(newline + 1);
    return body;
  }

  /** Resolves when `ready()` holds, or rejects after READ_TIMEOUT. */
  async until(ready, what) {
    const deadline = Date.now() + READ_TIMEOUT;
    while (!ready()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out after ${READ_TIMEOUT} ms waiting for ${what}`);
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  async message() {
    let body = null;
    await this.until(() => (body = this.take()) !== null || this.eof, 'a message');
    if (body === null) throw new Error(`stdout closed; unread bytes: ${this.buffer.subarray(0, 200)}`);
    return JSON.parse(body.toString('utf8'));
  }

  async rest() {
    await this.until(() => this.eof, 'the end of output');
    return this.buffer.toString('utf8');
  }
}

/** Replays `file`: a path under the corpus, or an absolute one. */
async function replay(file) {
  const transcript = parse(readFileSync(resolve(CORPUS, file), 'utf8'));
  const child = spawn(engineBinary(), transcript.args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? signal)));
  child.stdin.on('error', () => {}); // the engine may have exited; the missing answers fail
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const output = new Output(child.stdout, transcript.framing);
  try {
    for (const step of transcript.steps) {
      child.stdin.write(step.send);
      for (const [index, expected] of step.expect.entries()) {
        const actual = await output.message();
        const problem = mismatch(expected, actual);
        assert.equal(problem, null, `${file} ${step.where}, message ${index + 1}: ${problem}\n got: ${JSON.stringify(actual)}`);
      }
    }
    child.stdin.end();
    assert.equal(await output.rest(), '', `${file}: unexpected output at the end`);
    assert.equal(await exited, transcript.exit, `${file}: exit status`);
  } catch (error) {
    child.kill('SIGKILL');
    error.message += `\nengine stderr: ${stderr.slice(-2000)}`;
    throw error;
  }
}

const FILES = readdirSync(CORPUS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((dir) =>
    readdirSync(join(CORPUS, dir.name))
      .filter((name) => name.endsWith('.io'))
      .map((name) => `${dir.name}/${name}`),
  )
  .sort();

for (const file of FILES) {
  test(`conformance ${file}`, () => replay(file));
}

test('the corpus is there', () => {
  assert.ok(FILES.length >= 100, `only ${FILES.length} transcripts under ${CORPUS}`);
});

const PING = '{"jsonrpc":"2.0","id":1,"method":"engine.ping"}';
const PONG = '{"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}';

test('the driver fails a transcript the engine does not follow', async () => {
  // Every transcript of the corpus passes, which a driver that checked nothing would too.
  const dir = mkdtempSync(join(tmpdir(), 'ordo-conformance-'));
  const write = (name, lines) => {
    const headers = lines.filter((line) => line.startsWith('##'));
    const rest = lines.filter((line) => !line.startsWith('##'));
    const path = join(dir, name);
    writeFileSync(path, [...headers, '## args: --clock manual', ...rest].join('\n') + '\n');
    return path;
  };
  try {
    await replay(write('good.io', [`>> ${PING}`, `<< ${PONG}`]));
    const cases = [
      // What the engine writes differs from what the transcript expects.
      [[`>> ${PING}`, `<< ${PONG.replace('true', 'false')}`], /\/result\/pong/],
      // It writes a message the transcript does not expect.
      [[`>> ${PING}`], /unexpected output at the end/],
      // It writes fewer messages than expected (here: none, as exit ends it).
      [['>> {"jsonrpc":"2.0","method":"exit"}', `<< ${PONG}`], /stdout closed/],
      // It exits with another status.
      [['## exit: 1', `>> ${PING}`, `<< ${PONG}`], /exit status/],
      // LSP framing: the same message, framed, is expected framed.
      [['## framing: lsp', `>> ${PING}`, `<< ${PONG.replace(':0', ':1')}`], /\/result\/at/],
    ];
    for (const [index, [lines, says]] of cases.entries()) {
      await assert.rejects(replay(write(`bad-${index}.io`, lines)), says, `case ${index}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the matcher fails on differences', () => {
  assert.equal(mismatch({ a: [1, '$any'] }, { a: [1.0, null] }), null);
  assert.notEqual(mismatch({ a: 1 }, { a: 1, b: 2 }), null);
  assert.notEqual(mismatch({ a: 1 }, { a: true }), null);
  assert.notEqual(mismatch([1, 2], [2, 1]), null);
  assert.notEqual(mismatch('$any:integer', 1.5), null);
  assert.notEqual(mismatch('$any:string', null), null);
  assert.equal(mismatch('$any:object', { x: 1 }), null);
  for (const typo of ['$any:', '$anything', '$any:int', '$any:constructor']) {
    assert.throws(() => mismatch(typo, 1), /unknown wildcard/);
  }
});
