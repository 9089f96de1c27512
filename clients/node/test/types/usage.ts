// Type-level usage of ordo-client, checked with `tsc -p test/types` (strict, noEmit), and with
// exactOptionalPropertyTypes too (`tsc -p test/types/tsconfig.exact.json`, with exact.ts).
// Resolves 'ordo-client' through package.json "exports"/"types", so the packaging is checked too.
// Lines marked @ts-expect-error must fail to compile: they keep the types strict.

import {
  AlreadyExists,
  Endpoint,
  Engine,
  EngineExitedError,
  InvalidParams,
  InvalidRequest,
  InvalidState,
  LimitExceeded,
  LspDecoder,
  MethodNotFound,
  NotFound,
  OrdoError,
  ParseError,
  ProcessTransport,
  StorageError,
  TimeoutError,
  errorFromResponse,
  framingFor,
} from 'ordo-client';
import type {
  Alert,
  AlertShowEvent,
  AnyEvent,
  BatchSettled,
  EngineEventMap,
  EnqueueResult,
  ExitInfo,
  Layer,
  MessageDecoder,
  NavState,
  OrdoMethods,
  TreeNode,
  TreeRoot,
} from 'ordo-client';

async function main(): Promise<void> {
  const engine = await Engine.spawn({ clock: 'manual', framing: 'lsp', timeout: 5000, args: ['--max-layers', '10'] });

  const init = await engine.initialize({ clientInfo: { name: 'usage', version: '1' }, clock: 'manual' });
  const version: string = init.serverInfo.version;
  const methods: string[] = init.methods;
  const capabilities: Record<string, never> = init.capabilities;
  const pong: true = (await engine.ping()).pong;
  const stats = await engine.stats();
  const uptime: number = stats.uptimeMs;
  const commits: number | undefined = stats.state?.commits;
  const statePath: string | null = stats.state === null ? null : stats.state.path;
  const nothing: null = await engine.reset();
  await engine.reset({ state: true });
  const doc = await engine.discover();
  const docVersion: string = doc.openrpc;
  const now: number = (await engine.clock.advance({ ms: 100 })).now;
  const mode: 'system' | 'manual' = (await engine.clock.now()).mode;

  // Layers
  const screen: Layer = await engine.layers.add({ id: 'screen', frame: { x: 0, y: 0, width: 390, height: 844 } });
  const parent: string | null = screen.parent;
  await engine.layers.add({ parent: 'screen', above: 'x', data: { any: ['json'] } });
  await engine.layers.add();
  await engine.layers.update({ id: 'screen', frame: null, data: null, hidden: true });
  await engine.layers.move({ id: 'screen', parent: null, sort: 5 });
  await engine.layers.bringToFront({ id: 'screen' });
  await engine.layers.sendToBack({ id: 'screen' });
  const page = await engine.layers.children({ id: 'screen', offset: 0, limit: 10 });
  const total: number = page.total;
  const range = await engine.layers.sortRange();
  const max: number | null = range.max;
  const tree = await engine.layers.tree({ depth: 2 });
  const children = tree.children;
  // With an id: that layer's node; without (or null): the top level.
  const node: TreeNode = await engine.layers.tree({ id: 'screen', depth: 1 });
  const nodeSort: number = node.sort;
  const root: TreeRoot = await engine.layers.tree();
  const rootId: null = (await engine.layers.tree({ id: null })).id;
  const maybeRoot: string | null = Math.random() > 0.5 ? 'screen' : null;
  const either: TreeNode | TreeRoot = await engine.layers.tree({ id: maybeRoot });
  const ids: string[] = (await engine.layers.paintOrder()).ids;
  const hit = await engine.layers.hitTest({ x: 1, y: 2 });
  const hitId: string | null = hit.id;
  const svg: string = await engine.layers.render();
  await engine.layers.render({ id: 'screen', point: { x: 1, y: 2 }, width: 400, height: null, labels: false });
  const rendering: { svg: string } = await engine.request('layer.render', { width: 100 });
  const removed: number = (await engine.layers.remove({ id: 'screen' })).removed;
  await engine.layers.clear();

  // Alerts
  await engine.alerts.defineType({ type: 'redPacket', priority: 30, scope: 'home' });
  await engine.alerts.configure({ queue: 'toast', maxConcurrent: 3, minGapMs: 250 });
  const outcome = await engine.alerts.enqueue({
    type: 'redPacket',
    id: 'A',
    data: { amount: 5 },
    delayMs: 10,
    ttlMs: null,
    mount: { sort: 100 },
    persist: true,
    limit: { max: 1, windowMs: 86_400_000, per: 'key' },
    key: 'k',
    cooldownMs: 0,
    onLimit: 'defer',
  });
  if (outcome.disposition === 'limited') {
    const noAlert: null = outcome.alert;
    const retryAt: number | null = outcome.retryAt;
  } else {
    const state: Alert['state'] = outcome.alert.state;
    const persisted: boolean = outcome.alert.persist;
    const d: 'queued' | 'replaced' | 'ignored' = outcome.disposition;
  }
  const general: EnqueueResult = outcome;
  const defined = await engine.alerts.defineType({ type: 'tip', limit: { max: 3 }, cooldownMs: 1000, onLimit: 'drop', persist: null });
  const windowMs: number | null | undefined = defined.limit?.windowMs;
  const onLimit: 'drop' | 'defer' | null = defined.onLimit;
  const shows = (await engine.alerts.history({ type: 'tip', key: null, queue: 'default', sinceWallAt: 0, limit: 10 })).shows;
  const wallAt: number | undefined = shows[0]?.wallAt;
  const forgotten: number = (await engine.alerts.forget({ all: true })).forgotten;
  await engine.alerts.forget({ type: 'tip', key: 'k' });
  const done: Alert = await engine.alerts.complete({ id: 'A', result: { button: 'ok' } });
  const cancelled: string[] = (await engine.alerts.cancel({ states: ['pending', 'scheduled'], all: true })).cancelled;
  const paused: boolean = (await engine.alerts.pause({ reason: 'video' })).paused;
  await engine.alerts.resume();
  await engine.alerts.get({ id: 'A' });
  const list: Alert[] = (await engine.alerts.list({ states: ['showing'] })).alerts;
  await engine.alerts.clear({ queue: 'default' });

  // Navigation and subscriptions
  const nav: NavState = await engine.nav.push({ scope: 'wallet' });
  const active: string | null = nav.active;
  await engine.nav.pop();
  await engine.nav.set({ stack: ['home'] });
  await engine.nav.get();
  await engine.events.subscribe({ topics: ['alert.changed'] });
  await engine.events.unsubscribe({ topics: ['alert.changed'] });

  // Generic calls
  const layer: Layer = await engine.request('layer.get', { id: 'x' });
  const anything: unknown = await engine.request('vendor.custom', { a: 1 });
  const settled: BatchSettled[] = await engine.batch([{ method: 'engine.ping' }, { method: 'clock.now', notification: true }]);
  const neverRan: BatchSettled = { ok: false, error: new EngineExitedError({ exitCode: 1 }) };
  for (const s of [...settled, neverRan]) {
    if (s.ok) console.log(s.result);
    // An entry after an `exit` holds the exit's error, not an answer's.
    else if (s.error instanceof EngineExitedError) console.log(s.error.exitCode, s.error.signal);
    else console.log(s.error.code);
  }
  await engine.raw('{"jsonrpc":"2.0","id":"r","method":"engine.ping"}');
  await engine.raw('{oops', { expectResponse: false });
  // A notification the engine refuses: reported, not thrown.
  engine.on('protocolError', (err) => {
    if (err instanceof InvalidRequest && err.reason === 'too_large') console.log(err.method, err.limit);
  });
  type AddResult = OrdoMethods['layer.add']['result'];
  const added: AddResult = screen;

  // Events
  engine.on('alert.show', (e: AlertShowEvent) => console.log(e.alert.id, e.resumed, e.layer?.id));
  engine.on('alert.hide', (e) => console.log(e.reason === 'timeout'));
  engine.once('alert.idle', (e) => console.log(e.queue));
  engine.on('alert.changed', (e) => console.log(e.previous, e.reason));
  engine.on('notification', (method, params) => console.log(method, params));
  engine.setMaxListeners(50);
  const maxListeners: number = engine.getMaxListeners();
  engine.prependOnceListener('alert.idle', (e) => console.log(e.queue, maxListeners));
  const showListeners: Array<(e: AlertShowEvent) => void> = engine.listeners('alert.show');
  const names: Array<keyof EngineEventMap> = engine.eventNames();
  console.log(showListeners.length, names, engine.rawListeners('stderr').length);
  engine.on('exit', (info: ExitInfo) => console.log(info.exitCode, info.signal));
  engine.on('stderr', (text: string) => process_(text));
  const shown: AlertShowEvent = await engine.waitFor('alert.show', (e) => e.alert.id === 'B', { timeout: 100 });
  const hidden = await engine.waitFor('alert.hide', { timeout: 100 });
  const hideAt: number = hidden.at;
  const any: AnyEvent = await engine.waitFor('*', (e) => e.name !== 'alert.idle' || e.params.queue === 'toast', { timeout: 100 });
  if (any.name === 'alert.show') console.log(any.params.alert.id, any.params.resumed);
  else if (any.name === 'alert.hide') console.log(any.params.reason);
  const anyName: 'alert.show' | 'alert.hide' | 'alert.update' | 'alert.idle' | 'alert.changed' = (await engine.waitFor('*')).name;
  await engine.waitFor('*', { timeout: 100 });

  // Options
  const controller = new AbortController();
  await engine.ping(undefined, { timeout: 50, signal: controller.signal });
  await engine.layers.get({ id: 'x' }, { signal: new AbortController().signal, timeout: 0 });

  // Errors
  try {
    await engine.layers.add({ frame: { x: 0, y: 0, width: -1, height: 0 } });
  } catch (err) {
    if (err instanceof InvalidParams) {
      const path: string | undefined = err.path;
      const expected: string | undefined = err.expected;
      const code: number = err.code;
    } else if (err instanceof NotFound) {
      const kind: 'layer' | 'alert' | undefined = err.kind;
      const id: string | undefined = err.id;
    } else if (err instanceof LimitExceeded) {
      const which: 'maxLayers' | 'maxAlerts' | 'maxTreeDepth' | 'maxBatch' | undefined = err.limitName;
      const limit: number | undefined = err.limit;
    } else if (err instanceof ParseError) {
      const position: number | undefined = err.position;
      const detail: string | undefined = err.detail;
    } else if (err instanceof MethodNotFound) {
      const method: string | undefined = err.rpcMethod;
    } else if (err instanceof AlreadyExists || err instanceof InvalidState) {
      const data = err.data;
    } else if (err instanceof StorageError) {
      const reason: 'disk_full' | 'io_error' | 'read_only' | 'corrupt' | undefined = err.reason;
      const detail: string | undefined = err.detail;
    } else if (err instanceof EngineExitedError) {
      const tail: string = err.stderr;
      const code: number | null = err.exitCode;
    } else if (err instanceof TimeoutError) {
      const ms: number = err.timeoutMs;
    } else if (err instanceof OrdoError) {
      const data: unknown = err.data;
    }
  }
  const e: OrdoError = errorFromResponse({ code: -32001, message: 'x', data: { kind: 'layer', id: 'a' } });
  new LspDecoder({ onMessage: (body: Uint8Array) => body.length });

  // Lower level: an Endpoint over a ProcessTransport, as Engine builds them.
  const framing = framingFor('lsp');
  const bytes: Uint8Array = framing.encodeAll(['{"jsonrpc":"2.0","method":"exit"}', '{}']);
  const decoder: MessageDecoder = framing.createDecoder({ onMessage: () => {} });
  decoder.push(bytes);
  const transport: ProcessTransport = new ProcessTransport(null, {
    onEnd: (error) => console.log(error.stderr, error.exitCode),
    onExit: () => transport.release(),
  });
  new ProcessTransport(null, { onEnd: (error: EngineExitedError) => error.signal });
  const endpoint = new Endpoint(transport, { framing: 'lsp' });
  await endpoint.notifyRaw('{"jsonrpc":"2.0","method":"exit"}', new AbortController().signal);
  await endpoint.notifyRaw('{}');
  transport.end();

  const exit: ExitInfo = await engine.close({ timeout: 1000, killTimeout: 500 });
  const exited: ExitInfo = await engine.exited;

  // --- Must not compile ---
  // @ts-expect-error ms is required
  await engine.clock.advance({});
  // @ts-expect-error unknown parameter
  await engine.layers.add({ sortt: 1 });
  // @ts-expect-error frame.width must be a number
  await engine.layers.add({ frame: { x: 0, y: 0, width: '1', height: 0 } });
  // @ts-expect-error type is required
  await engine.alerts.enqueue({ id: 'A' });
  // @ts-expect-error not a state
  await engine.alerts.list({ states: ['gone'] });
  // @ts-expect-error not an event
  engine.on('alert.shown', () => {});
  // @ts-expect-error the hide event has no alert
  engine.on('alert.hide', (e) => e.alert);
  // @ts-expect-error the result of ping is not a layer
  const wrong: Layer = await engine.ping();
  // @ts-expect-error wrong params for a known method name
  await engine.request('layer.get', { idd: 'x' });
  // @ts-expect-error ping takes no params
  await engine.ping({ x: 1 });
  // @ts-expect-error the alert of an enqueue may be null (disposition "limited")
  (await engine.alerts.enqueue({ type: 't' })).alert.state;
  // @ts-expect-error not an onLimit
  await engine.alerts.enqueue({ type: 't', onLimit: 'queue' });
  // @ts-expect-error a limit needs max
  await engine.alerts.defineType({ type: 't', limit: { windowMs: 10 } });
  // @ts-expect-error forget needs a filter object
  await engine.alerts.forget();
  // @ts-expect-error render resolves with the SVG text, not {svg}
  const notText: { svg: string } = await engine.layers.render();
  // @ts-expect-error LSP members of initialize are not part of this client
  await engine.initialize({ processId: 1 });
  // @ts-expect-error the params of any event need the name tested first
  (await engine.waitFor('*')).params.alert;
  // @ts-expect-error waitFor('*') resolves with {name, params}, not an event's params
  const notParams: AlertShowEvent = await engine.waitFor('*');
  // @ts-expect-error the top level (no id) has no sort
  (await engine.layers.tree()).sort;
  // @ts-expect-error a layer's node is no TreeRoot: its id is a string
  const notRoot: TreeRoot = await engine.layers.tree({ id: 'screen' });
  // @ts-expect-error an id that may be null gives either shape
  const notNode: TreeNode = await engine.layers.tree({ id: maybeRoot });
  // @ts-expect-error encodeAll takes an array of texts
  framing.encodeAll('{}');
  // @ts-expect-error onEnd is given an EngineExitedError, not a string
  new ProcessTransport(null, { onEnd: (text: string) => text });
  // @ts-expect-error not a framing
  await Engine.spawn({ framing: 'xml' });
}

function process_(text: string): void {
  console.log(text);
}

void main;
