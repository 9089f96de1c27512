// The Node side of bench/clients.py: one measurement per process, printed as JSON
// {wall, cpu, ops} (seconds; cpu: this process's user + system time).
//
//   node bench/clients_node.mjs KIND ENGINE COUNT CLIENT_INDEX_JS
//
// KIND: node-bare-rtt, node-rtt (COUNT calls one at a time), node-bare-pipelined,
// node-pipelined (COUNT blocks of 1 000 calls in flight).

import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const BLOCK = 1000;
const [kind, engine, countText, clientPath] = process.argv.slice(2);
const count = Number(countText);
const warm = Math.max(1, Math.floor(count / 4));

function clocks() {
  const cpu = process.cpuUsage();
  return [performance.now(), cpu.user + cpu.system];
}

function since([wall, cpu], ops) {
  const [w, c] = clocks();
  return { wall: (w - wall) / 1e3, cpu: (c - cpu) / 1e6, ops };
}

function check(answer, id) {
  if (answer.id !== id || answer.result.pong !== true) {
    throw new Error(`unexpected answer ${JSON.stringify(answer)}`);
  }
}

// The bare loop: the engine on child_process pipes, answers split on newlines and parsed;
// `onAnswer` gets each parsed answer.
function bare() {
  const child = spawn(engine, ['--framing', 'ndjson'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let partial = '';
  const bareLoop = {
    child,
    onAnswer: null,
  };
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text) => {
    const lines = (partial + text).split('\n');
    partial = lines.pop();
    for (const line of lines) bareLoop.onAnswer(JSON.parse(line));
  });
  return bareLoop;
}

function line(id) {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'engine.ping' }) + '\n';
}

async function bareRtt() {
  const b = bare();
  let nextId = 0;
  const one = () =>
    new Promise((resolve) => {
      const id = nextId++;
      b.onAnswer = (answer) => {
        check(answer, id);
        resolve();
      };
      b.child.stdin.write(line(id));
    });
  for (let i = 0; i < warm; i++) await one();
  const start = clocks();
  for (let i = 0; i < count; i++) await one();
  const result = since(start, count);
  b.child.stdin.end();
  return result;
}

async function barePipelined() {
  const b = bare();
  let nextId = 0;
  const block = () =>
    new Promise((resolve) => {
      const first = nextId;
      nextId += BLOCK;
      let expected = first;
      b.onAnswer = (answer) => {
        check(answer, expected++);
        if (expected === nextId) resolve();
      };
      let text = '';
      for (let id = first; id < nextId; id++) text += line(id);
      b.child.stdin.write(text);
    });
  for (let i = 0; i < warm; i++) await block();
  const start = clocks();
  for (let i = 0; i < count; i++) await block();
  const result = since(start, count * BLOCK);
  b.child.stdin.end();
  return result;
}

async function client(body) {
  const { Engine } = await import(pathToFileURL(clientPath).href);
  const e = await Engine.spawn({ bin: engine });
  try {
    return await body(e);
  } finally {
    await e.close();
  }
}

async function clientRtt(e) {
  for (let i = 0; i < warm; i++) await e.ping();
  const start = clocks();
  for (let i = 0; i < count; i++) {
    if ((await e.ping()).pong !== true) throw new Error('no pong');
  }
  return since(start, count);
}

async function clientPipelined(e) {
  const block = async () => {
    const calls = [];
    for (let i = 0; i < BLOCK; i++) calls.push(e.ping());
    for (const answer of await Promise.all(calls)) {
      if (answer.pong !== true) throw new Error('no pong');
    }
  };
  for (let i = 0; i < warm; i++) await block();
  const start = clocks();
  for (let i = 0; i < count; i++) await block();
  return since(start, count * BLOCK);
}

const kinds = {
  'node-bare-rtt': bareRtt,
  'node-bare-pipelined': barePipelined,
  'node-rtt': () => client(clientRtt),
  'node-pipelined': () => client(clientPipelined),
};
console.log(JSON.stringify(await kinds[kind]()));
