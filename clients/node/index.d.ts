// Types for ordo-client, hand-written to match schema/openrpc.json.
//
// Interface names are the schema's component names (`Layer`, `Alert`, `LayerAddParams`, …);
// test/dts.test.js checks that every object schema's properties and required-ness match the
// interface of the same name. Self-contained: needs neither @types/node nor lib.dom.

// ---------------------------------------------------------------------------
// Scalars

/** An integer within ±(2^53−1). */
export type SafeInteger = number;
/** An integer >= 0. */
export type Count = number;
/**
 * A point of the engine clock, integer milliseconds (0 at engine start). Negative only for
 * a time before the clock's origin: restored from the durable state (`--state`), or held
 * across a clock switch (`initialize`'s `clock`).
 */
export type Time = number;
/** The engine clock's current time: a Time, never negative. */
export type Now = number;
/** Wall-clock time: integer milliseconds since the Unix epoch. */
export type WallTime = number;
/** A duration in milliseconds, >= 0. */
export type Milliseconds = number;
/** A duration in milliseconds, >= 1. */
export type PositiveMilliseconds = number;
/** A layer, alert, queue, type or scope id: 1–256 characters. */
export type Id = string;
export type NullableId = string | null;
/** A layer id a client may choose: an Id not starting with `alert:` (reserved for mounts). */
export type NewLayerId = Id;

// ---------------------------------------------------------------------------
// Layers

export interface Frame {
  x: number;
  y: number;
  /** >= 0 */
  width: number;
  /** >= 0 */
  height: number;
}

export interface Layer {
  id: Id;
  /** The parent layer's id; `null` at the top level. */
  parent: NullableId;
  sort: SafeInteger;
  /** Position among siblings, 0 = bottom (drawn first). */
  index: Count;
  /** Absent for a group. */
  frame?: Frame;
  hidden: boolean;
  interactive: boolean;
  clips: boolean;
  childCount: Count;
  /** The shell's JSON, as given; absent when none. */
  data?: unknown;
}

export interface TreeNode {
  id: Id;
  sort: SafeInteger;
  hidden: boolean;
  children: TreeNode[];
}

export interface TreeRoot {
  id: null;
  children: TreeNode[];
}

export interface Removed {
  removed: Count;
}

export interface LayerPage {
  total: Count;
  /** Bottom → top. */
  layers: Layer[];
}

export interface SortRange {
  min: SafeInteger | null;
  max: SafeInteger | null;
}

export interface PaintOrder {
  /** Back to front. */
  ids: Id[];
}

export interface HitTestResult {
  id: NullableId;
  /** From the top-level ancestor to the hit layer; empty when nothing is hit. */
  path: Id[];
}

/** A point, in the coordinates `layer.hitTest` uses. */
export interface Point {
  x: number;
  y: number;
}

/** A width or height of a rendering, in SVG user units: > 0 and <= 100 000. */
export type RenderSize = number;

export interface Rendering {
  /** A self-contained SVG document (valid XML), the same bytes for the same tree and params. */
  svg: string;
}

// ---------------------------------------------------------------------------
// Alerts

export type AlertState =
  | 'scheduled'
  | 'pending'
  | 'showing'
  | 'suspended'
  | 'done'
  | 'cancelled'
  | 'expired';
export type ActiveAlertState = 'scheduled' | 'pending' | 'showing' | 'suspended';
/** `limited`: a frequency limit stopped it at its turn to show (state `cancelled`). */
export type EndReason = 'completed' | 'timeout' | 'cancelled' | 'expired' | 'limited';

export interface Mount {
  parent: NullableId;
  sort: SafeInteger;
}

/** What a frequency limit (and a cooldown) counts: shows of the type, or of the type and key. */
export type LimitPer = 'type' | 'key';

/** What happens to an alert its limit forbids to show: `drop` it, or `defer` it until allowed. */
export type OnLimit = 'drop' | 'defer';

/**
 * A frequency limit as given in params: at most `max` counted shows within any `windowMs`
 * (omitted or `null`: ever), per type or (`per: "key"`) per type and key. `max: 0`: never.
 */
export interface FrequencyLimitSpec {
  max: Count;
  windowMs?: PositiveMilliseconds | null | undefined;
  /** Omitted or `null`: `"type"`. `"key"` needs the alert's `key`. */
  per?: LimitPer | null | undefined;
}

/** A frequency limit as the engine reports it: every member present, `null` where not given. */
export interface FrequencyLimit {
  max: Count;
  windowMs: PositiveMilliseconds | null;
  per: LimitPer | null;
}

export interface Alert {
  id: Id;
  queue: Id;
  type: Id;
  priority: SafeInteger;
  state: AlertState;
  scope: NullableId;
  key: NullableId;
  /** The client's JSON (`null` when none). */
  data: unknown;
  /** What `alert.complete` was given (`null` when none). */
  result: unknown;
  seq: SafeInteger;
  createdAt: Time;
  /**
   * When it becomes (or became) pending, for an alert enqueued with `delayMs` or `at` (even
   * one already due: then the enqueue time), or deferred by a frequency limit; else `null`.
   */
  readyAt: Time | null;
  expiresAt: Time | null;
  durationMs: PositiveMilliseconds | null;
  shownAt: Time | null;
  endedAt: Time | null;
  endReason: EndReason | null;
  shownCount: Count;
  mount: Mount | null;
  /** Kept in the durable state until it ends (with `--state`; without it, only reported). */
  persist: boolean;
}

/** `limited`: a frequency limit forbids it and nothing was queued. */
export type Disposition = 'queued' | 'replaced' | 'ignored' | 'limited';

/** The result of `alert.enqueue` as the schema states it; see EnqueueOutcome for a narrowing type. */
export interface EnqueueResult {
  /** The alert after the request; `null` only with disposition `limited`. */
  alert: Alert | null;
  disposition: Disposition;
  /**
   * Only with disposition `limited`: the earliest engine time the limit (and cooldown) would
   * let an alert of this type (or key) show, `null` if never.
   */
  retryAt?: Time | null;
}

/** EnqueueResult narrowed by `disposition`: test it to get the alert or `retryAt`. */
export type EnqueueOutcome =
  | { alert: Alert; disposition: 'queued' | 'replaced' | 'ignored'; retryAt?: never }
  | { alert: null; disposition: 'limited'; retryAt: Time | null };

export interface CancelResult {
  cancelled: Id[];
}

export interface PauseState {
  paused: boolean;
  reasons: Id[];
}

export interface AlertList {
  alerts: Alert[];
}

/** One counted show (an `alert.show` with `resumed: false`). */
export interface Show {
  id: Id;
  type: Id;
  key: NullableId;
  queue: Id;
  /** Engine time; negative for a show before the clock's origin (an earlier process, a clock switch). */
  at: Time;
  /** Wall-clock time of the show, epoch ms. */
  wallAt: WallTime;
}

export interface ShowHistory {
  /** Newest first. */
  shows: Show[];
}

export interface Forgotten {
  /** How many show-history entries were erased. */
  forgotten: Count;
}

export interface QueueSettings {
  queue: Id;
  maxConcurrent: SafeInteger;
  minGapMs: Milliseconds;
  historyLimit: Count;
}

export interface TypeDefaults {
  type: Id;
  priority: SafeInteger | null;
  scope: NullableId;
  durationMs: PositiveMilliseconds | null;
  ttlMs: Milliseconds | null;
  queue: NullableId;
  persist: boolean | null;
  limit: FrequencyLimit | null;
  cooldownMs: Milliseconds | null;
  onLimit: OnLimit | null;
}

export interface NavState {
  stack: Id[];
  /** The top of the stack, `null` when empty. */
  active: NullableId;
}

export type Topic = 'alert.changed';

export interface Topics {
  topics: Topic[];
}

// ---------------------------------------------------------------------------
// Engine

export type ClockMode = 'system' | 'manual';
export type Framing = 'ndjson' | 'lsp';

export interface ClientInfo {
  /** Any string of at most 256 characters (LSP's `clientInfo.name`; empty is accepted). */
  name: string;
  version?: string | null | undefined;
}

export interface InitializeResult {
  serverInfo: { name: 'ordo'; version: string };
  /** LSP's ServerCapabilities: always empty (present so that LSP clients accept the result). */
  capabilities: Record<string, never>;
  protocolVersion: '1';
  framing: Framing;
  clock: ClockMode;
  methods: string[];
}

/** The OpenRPC document (schema/openrpc.json). */
export interface DiscoverResult {
  openrpc: string;
  info: { title: string; version: string; [key: string]: unknown };
  methods: Array<{ name: string; [key: string]: unknown }>;
  [key: string]: unknown;
}

export interface Ping {
  pong: true;
  at: Now;
}

export interface Stats {
  layers: Count;
  alerts: {
    scheduled: Count;
    pending: Count;
    showing: Count;
    suspended: Count;
    ended: Count;
  };
  requests: Count;
  uptimeMs: Count;
  /** The durable state with `--state`, `null` without. */
  state: StateInfo | null;
}

/** The state file of `--state`. */
export interface StateInfo {
  /** The path given to `--state`, as given. */
  path: string;
  /** The database file plus its write-ahead log. */
  bytes: Count;
  /** Transactions committed since the process started. */
  commits: Count;
}

export interface ClockNow {
  now: Now;
  mode: ClockMode;
}

export interface ClockAdvanced {
  now: Now;
}

// ---------------------------------------------------------------------------
// Events (engine → client notifications)

export interface AlertShowEvent {
  /** `state` is `"showing"`. */
  alert: Alert;
  /** True when a suspended alert shows again. */
  resumed: boolean;
  at: Now;
  /**
   * The mounted layer, when the alert has `mount` and it could be mounted (left out when its
   * parent is gone or `--max-layers` is reached).
   */
  layer?: Layer;
}

export type HideReason = 'timeout' | 'cancelled' | 'preempted' | 'suspended';

export interface AlertHideEvent {
  id: Id;
  queue: Id;
  reason: HideReason;
  at: Now;
}

export interface AlertUpdateEvent {
  alert: Alert;
  at: Now;
}

export interface AlertIdleEvent {
  queue: Id;
  at: Now;
}

export type ChangeReason =
  | 'ready'
  | 'shown'
  | 'resumed'
  | 'suspended'
  | 'preempted'
  | 'completed'
  | 'timeout'
  | 'cancelled'
  | 'expired'
  /** A frequency limit ended it at its turn to show (→ cancelled). */
  | 'limited'
  /** A frequency limit with `onLimit: "defer"` sent it back (pending → scheduled). */
  | 'deferred';

export interface AlertChangedEvent {
  id: Id;
  queue: Id;
  state: AlertState;
  previous: AlertState;
  reason: ChangeReason;
  at: Now;
}

/** Engine notifications by name. */
export interface OrdoEvents {
  'alert.show': AlertShowEvent;
  'alert.hide': AlertHideEvent;
  'alert.update': AlertUpdateEvent;
  'alert.idle': AlertIdleEvent;
  'alert.changed': AlertChangedEvent;
}

// ---------------------------------------------------------------------------
// Error data (`error.data` per code)

export interface ParseErrorData {
  reason: string;
  /** What the JSON parser said. */
  detail?: string;
  /** Byte position of the problem. */
  position?: Count;
  [key: string]: unknown;
}

export interface InvalidRequestData {
  /**
   * e.g. `"too_large"` (then `limit` is set), `"empty_batch"`, `"out_of_memory"` (then
   * `bytes` is set).
   */
  reason: string;
  limit?: Count;
  /** With `"out_of_memory"`: the size of the message the engine had no memory to parse. */
  bytes?: Count;
  [key: string]: unknown;
}

export interface MethodNotFoundData {
  method: string;
  /** The method `method` looks like a slip of (same name in another case, the one method a bare name ends with, or the only one at an edit distance ≤ 2). */
  suggestion?: string;
}

export interface InvalidParamsData {
  /** JSON Pointer into `params`, e.g. `"/frame/width"`. */
  path: string;
  expected: string;
  /** For an unknown key, the parameter it looks like a slip of (`delayMs` for `delay_ms`). */
  suggestion?: string;
}

export interface InternalErrorData {}

export interface NotFoundData {
  kind: 'layer' | 'alert';
  id: Id;
}

export interface AlreadyExistsData {
  kind: 'layer' | 'alert' | 'key';
  id: Id;
}

export interface InvalidStateData {
  reason: 'shut_down' | 'cycle' | 'not_showing' | 'empty_stack' | 'system_clock' | 'timers_exist';
  state?: string;
}

export interface LimitExceededData {
  name: 'maxLayers' | 'maxAlerts' | 'maxTreeDepth' | 'maxBatch';
  limit: Count;
  value: Count;
}

export interface StorageErrorData {
  reason: 'disk_full' | 'io_error' | 'read_only' | 'corrupt';
  /** What the storage layer reported, for a human. */
  detail: string;
}

export interface ErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

// ---------------------------------------------------------------------------
// Params
//
// For an optional member, `null` means the same as leaving it out, except `parent`
// (`null` = top level), `frame` (`null` = no frame), `data` (`null` = none) and
// `alert.enqueue`'s `limit` (`null` = unlimited).

/** Params of a method that takes none. */
export type NoParams = Record<string, never>;

/**
 * The engine also accepts (and ignores) the members of LSP's InitializeParams, for editors'
 * LSP clients; this client does not send them, so they are not typed here.
 */
export interface InitializeParams {
  clientInfo?: ClientInfo | null | undefined;
  /**
   * Switching to the other clock while any timer is set → InvalidState (`timers_exist`);
   * restating the current one is fine.
   */
  clock?: ClockMode | null | undefined;
}
export type ShutdownParams = NoParams;
export type ExitParams = NoParams;
export type RpcDiscoverParams = NoParams;
export type EnginePingParams = NoParams;
export type EngineStatsParams = NoParams;
export interface EngineResetParams {
  /**
   * With `--state`: also empty the database, so nothing comes back (a plain reset reloads
   * it). Without `--state`: accepted, nothing more.
   */
  state?: boolean | null | undefined;
}
export type ClockNowParams = NoParams;

export interface ClockAdvanceParams {
  ms: Milliseconds;
}

export interface LayerAddParams {
  /** Omitted: the engine makes one. Must not start with `alert:`. */
  id?: Id | null | undefined;
  parent?: NullableId | undefined;
  /** Default 0. Not with `above`/`below`. */
  sort?: SafeInteger | null | undefined;
  /** A sibling id: go directly above it, with its sort. */
  above?: Id | null | undefined;
  /** A sibling id: go directly below it, with its sort. */
  below?: Id | null | undefined;
  frame?: Frame | null | undefined;
  hidden?: boolean | null | undefined;
  interactive?: boolean | null | undefined;
  clips?: boolean | null | undefined;
  data?: unknown;
}

export interface LayerRemoveParams {
  id: Id;
}

export interface LayerUpdateParams {
  id: Id;
  sort?: SafeInteger | null | undefined;
  /** `null` clears it (the layer becomes a group). */
  frame?: Frame | null | undefined;
  hidden?: boolean | null | undefined;
  interactive?: boolean | null | undefined;
  clips?: boolean | null | undefined;
  /** `null` clears it. */
  data?: unknown;
}

export interface LayerMoveParams {
  id: Id;
  /** Absent: same parent; `null`: top level. */
  parent?: NullableId | undefined;
  sort?: SafeInteger | null | undefined;
  above?: Id | null | undefined;
  below?: Id | null | undefined;
}

export interface LayerBringToFrontParams {
  id: Id;
}

export interface LayerSendToBackParams {
  id: Id;
}

export interface LayerGetParams {
  id: Id;
}

export interface LayerChildrenParams {
  /** Omitted or `null`: the top level. */
  id?: NullableId | undefined;
  offset?: Count | null | undefined;
  limit?: Count | null | undefined;
}

export interface LayerSortRangeParams {
  id?: NullableId | undefined;
}

export interface LayerTreeParams {
  id?: NullableId | undefined;
  /** 0: the node alone, 1: with its children, … */
  depth?: Count | null | undefined;
}

export interface LayerPaintOrderParams {
  id?: NullableId | undefined;
}

export interface LayerHitTestParams {
  x: number;
  y: number;
  id?: NullableId | undefined;
}

export interface LayerRenderParams {
  /** Subtree root; omitted or `null`: everything. */
  id?: NullableId | undefined;
  /** Highlight the hit-test path of this point and mark it. */
  point?: Point | null | undefined;
  /** Scale the drawing to this width (with `height`: fit both, keeping the aspect ratio). */
  width?: RenderSize | null | undefined;
  /** Scale the drawing to this height (with `width`: fit both, keeping the aspect ratio). */
  height?: RenderSize | null | undefined;
  /** Label each layer with its id and sort; default true. */
  labels?: boolean | null | undefined;
}

export interface LayerClearParams {
  id?: NullableId | undefined;
}

export interface AlertEnqueueParams {
  type: Id;
  id?: Id | null | undefined;
  queue?: Id | null | undefined;
  priority?: SafeInteger | null | undefined;
  /** On a dedupe replace, `null` clears the alert's data; left out, it is kept. */
  data?: unknown;
  scope?: NullableId | undefined;
  /** Dedupe key within the queue. */
  key?: NullableId | undefined;
  onDuplicate?: 'replace' | 'ignore' | 'error' | 'allow' | null | undefined;
  /** Not with `at`. */
  delayMs?: Milliseconds | null | undefined;
  /** Engine time to become ready; not with `delayMs`. */
  at?: SafeInteger | null | undefined;
  ttlMs?: Milliseconds | null | undefined;
  durationMs?: PositiveMilliseconds | null | undefined;
  preempt?: boolean | null | undefined;
  /** Its layer is `"alert:" + id`, so with a mount `id` has at most 250 characters. */
  mount?: { parent?: NullableId | undefined; sort: SafeInteger } | null | undefined;
  /** Keep it in the durable state until it ends. Default: the type's, else false. */
  persist?: boolean | null | undefined;
  /** Replaces the type's whole limit; `null`: unlimited. */
  limit?: FrequencyLimitSpec | null | undefined;
  /** At least this long between two counted shows (per type, or per key with `per: "key"`). */
  cooldownMs?: Milliseconds | null | undefined;
  /** Default: the type's, else `"drop"`. */
  onLimit?: OnLimit | null | undefined;
}

export interface AlertCompleteParams {
  id: Id;
  result?: unknown;
}

/** Filters combine with AND; at least one is required. */
export interface AlertCancelParams {
  id?: Id | null | undefined;
  ids?: Id[] | null | undefined;
  type?: Id | null | undefined;
  key?: Id | null | undefined;
  /** `null` is no filter (as if left out), not "alerts without a scope". */
  scope?: Id | null | undefined;
  queue?: Id | null | undefined;
  states?: ActiveAlertState[] | null | undefined;
  all?: boolean | null | undefined;
}

export interface AlertPauseParams {
  queue?: Id | null | undefined;
  reason?: Id | null | undefined;
}

export interface AlertResumeParams {
  queue?: Id | null | undefined;
  reason?: Id | null | undefined;
}

export interface AlertGetParams {
  id: Id;
}

export interface AlertListParams {
  queue?: Id | null | undefined;
  states?: AlertState[] | null | undefined;
  type?: Id | null | undefined;
  /** `null` is no filter (as if left out), not "alerts without a scope". */
  scope?: Id | null | undefined;
}

export interface AlertClearParams {
  queue?: Id | null | undefined;
}

export interface AlertConfigureParams {
  queue?: Id | null | undefined;
  /** 1 to 1 000 000. */
  maxConcurrent?: SafeInteger | null | undefined;
  minGapMs?: Milliseconds | null | undefined;
  /** 0 to 100 000 000. */
  historyLimit?: Count | null | undefined;
}

/** Replaces the type's whole definition: omitted or `null` members become unset. */
export interface AlertDefineTypeParams {
  type: Id;
  priority?: SafeInteger | null | undefined;
  scope?: NullableId | undefined;
  durationMs?: PositiveMilliseconds | null | undefined;
  ttlMs?: Milliseconds | null | undefined;
  queue?: NullableId | undefined;
  persist?: boolean | null | undefined;
  limit?: FrequencyLimitSpec | null | undefined;
  cooldownMs?: Milliseconds | null | undefined;
  onLimit?: OnLimit | null | undefined;
}

/** Filters combine with AND. */
export interface AlertHistoryParams {
  type?: Id | null | undefined;
  key?: Id | null | undefined;
  /** Where it showed. */
  queue?: Id | null | undefined;
  /** Shows with `wallAt` >= this. */
  sinceWallAt?: WallTime | null | undefined;
  /** Most entries returned, 0 to 1 000 000; default 100. */
  limit?: Count | null | undefined;
}

/** Filters combine with AND; at least one of `type`, `key`, `all: true`. */
export interface AlertForgetParams {
  type?: Id | null | undefined;
  key?: Id | null | undefined;
  all?: boolean | null | undefined;
}

export interface NavPushParams {
  scope: Id;
}
export type NavPopParams = NoParams;
export interface NavSetParams {
  stack: Id[];
}
export type NavGetParams = NoParams;

export interface EventsSubscribeParams {
  topics: Topic[];
}

export interface EventsUnsubscribeParams {
  topics: Topic[];
}

// ---------------------------------------------------------------------------
// Methods by name

export interface OrdoMethods {
  initialize: { params: InitializeParams; result: InitializeResult };
  shutdown: { params: ShutdownParams; result: null };
  exit: { params: ExitParams; result: void };
  'rpc.discover': { params: RpcDiscoverParams; result: DiscoverResult };
  'engine.ping': { params: EnginePingParams; result: Ping };
  'engine.stats': { params: EngineStatsParams; result: Stats };
  'engine.reset': { params: EngineResetParams; result: null };
  'clock.now': { params: ClockNowParams; result: ClockNow };
  'clock.advance': { params: ClockAdvanceParams; result: ClockAdvanced };
  'layer.add': { params: LayerAddParams; result: Layer };
  'layer.remove': { params: LayerRemoveParams; result: Removed };
  'layer.update': { params: LayerUpdateParams; result: Layer };
  'layer.move': { params: LayerMoveParams; result: Layer };
  'layer.bringToFront': { params: LayerBringToFrontParams; result: Layer };
  'layer.sendToBack': { params: LayerSendToBackParams; result: Layer };
  'layer.get': { params: LayerGetParams; result: Layer };
  'layer.children': { params: LayerChildrenParams; result: LayerPage };
  'layer.sortRange': { params: LayerSortRangeParams; result: SortRange };
  'layer.tree': { params: LayerTreeParams; result: TreeNode | TreeRoot };
  'layer.paintOrder': { params: LayerPaintOrderParams; result: PaintOrder };
  'layer.hitTest': { params: LayerHitTestParams; result: HitTestResult };
  'layer.render': { params: LayerRenderParams; result: Rendering };
  'layer.clear': { params: LayerClearParams; result: Removed };
  'alert.enqueue': { params: AlertEnqueueParams; result: EnqueueOutcome };
  'alert.complete': { params: AlertCompleteParams; result: Alert };
  'alert.cancel': { params: AlertCancelParams; result: CancelResult };
  'alert.pause': { params: AlertPauseParams; result: PauseState };
  'alert.resume': { params: AlertResumeParams; result: PauseState };
  'alert.get': { params: AlertGetParams; result: Alert };
  'alert.list': { params: AlertListParams; result: AlertList };
  'alert.clear': { params: AlertClearParams; result: Removed };
  'alert.configure': { params: AlertConfigureParams; result: QueueSettings };
  'alert.defineType': { params: AlertDefineTypeParams; result: TypeDefaults };
  'alert.history': { params: AlertHistoryParams; result: ShowHistory };
  'alert.forget': { params: AlertForgetParams; result: Forgotten };
  'nav.push': { params: NavPushParams; result: NavState };
  'nav.pop': { params: NavPopParams; result: NavState };
  'nav.set': { params: NavSetParams; result: NavState };
  'nav.get': { params: NavGetParams; result: NavState };
  'events.subscribe': { params: EventsSubscribeParams; result: Topics };
  'events.unsubscribe': { params: EventsUnsubscribeParams; result: Topics };
}

export type MethodName = keyof OrdoMethods;
export type EventName = keyof OrdoEvents;

/** What `waitFor('*')` resolves with: any event, its name with its params (test `name` to narrow). */
export type AnyEvent = { [K in EventName]: { name: K; params: OrdoEvents[K] } }[EventName];

// ---------------------------------------------------------------------------
// Client API

/** What `signal` needs: satisfied by the standard AbortSignal. */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

export interface CallOptions {
  /** ms to wait for the answer; 0, `Infinity` or over 2^31 − 1 = no limit; negative or NaN: a RangeError. Default: the spawn `timeout`. */
  timeout?: number | undefined;
  /**
   * Stop waiting when aborted. Aborted before the call or in its tick: nothing is sent.
   * Later, the engine still applies the request (JSON-RPC has no cancellation).
   */
  signal?: AbortSignalLike | undefined;
}

export type WaitOptions = CallOptions;

/** The options of `raw`. */
export interface RawOptions extends CallOptions {
  /** `false`: resolve once written; an error answered to it is emitted as `'protocolError'`. */
  expectResponse?: boolean | undefined;
}

export interface SpawnOptions {
  /**
   * The engine binary; default `$ORDO_BIN`, else the engine the package carries (`bin/ordo`,
   * in the tarball of `make dist`), else the repo's `.build/{release,debug}/ordo`, else `ordo` on PATH.
   * A path given here or in `$ORDO_BIN` that Node's permission model does not let this process
   * read (`--allow-fs-read`) is spawned unchecked.
   */
  bin?: string | undefined;
  /** Default `"ndjson"`; passed to the engine as `--framing`. */
  framing?: Framing | undefined;
  /** Passed as `--clock`; `"manual"` for deterministic tests. */
  clock?: ClockMode | undefined;
  /** Passed as `--log-level`. */
  logLevel?: 'error' | 'warn' | 'info' | 'debug' | undefined;
  /** More engine arguments (`--max-layers`, …). */
  args?: string[] | undefined;
  /** Default per-call and `waitFor` timeout in ms; 0 (the default), `Infinity` or over 2^31 − 1 = none; negative or NaN: a RangeError. */
  timeout?: number | undefined;
  env?: Record<string, string | undefined> | undefined;
  cwd?: string | undefined;
}

export interface CloseOptions {
  /**
   * ms from `close()` to SIGTERM, shared by `shutdown`'s answer and the exit. Default 2000. 0: no wait
   * (`shutdown` written as a notification, SIGTERM at once); `Infinity` or over 2^31 − 1: no
   * limit; negative or NaN: a RangeError.
   */
  timeout?: number | undefined;
  /** ms to wait after SIGTERM before SIGKILL. Default 2000; `Infinity`: no limit. */
  killTimeout?: number | undefined;
}

export interface ExitInfo {
  exitCode: number | null;
  signal: string | null;
}

export interface BatchEntry {
  method: string;
  params?: object | undefined;
  /** Send without an id: never answered. */
  notification?: boolean | undefined;
}

export type BatchSettled =
  | { ok: true; result: unknown }
  /** An entry after an `exit` in the batch never ran: the error of the engine's exit. */
  | { ok: false; error: OrdoError | EngineExitedError };

/** Listener arguments of the Engine's EventEmitter events. */
export type EngineEventMap = {
  [K in keyof OrdoEvents]: [params: OrdoEvents[K]];
} & {
  notification: [method: string, params: unknown];
  stderr: [text: string];
  /**
   * The engine wrote something unreadable or unexpected (an `Error`), or answered a
   * notification with an error: it refused it whole (too large, unreadable, invalid, a
   * batch of notifications over `--max-batch`). Such an error is the `OrdoError` subclass of
   * its code, `method` the notification's method (`"batch"`: a batch of notifications,
   * `"raw"`: a `raw(…, {expectResponse: false})` text); no call rejects with it.
   */
  protocolError: [error: Error];
  exit: [info: ExitInfo];
};

type Listener<K extends keyof EngineEventMap> = (...args: EngineEventMap[K]) => void;

export interface LayerMethods {
  add(params?: LayerAddParams, options?: CallOptions): Promise<Layer>;
  remove(params: LayerRemoveParams, options?: CallOptions): Promise<Removed>;
  update(params: LayerUpdateParams, options?: CallOptions): Promise<Layer>;
  move(params: LayerMoveParams, options?: CallOptions): Promise<Layer>;
  bringToFront(params: LayerBringToFrontParams, options?: CallOptions): Promise<Layer>;
  sendToBack(params: LayerSendToBackParams, options?: CallOptions): Promise<Layer>;
  get(params: LayerGetParams, options?: CallOptions): Promise<Layer>;
  children(params?: LayerChildrenParams, options?: CallOptions): Promise<LayerPage>;
  sortRange(params?: LayerSortRangeParams, options?: CallOptions): Promise<SortRange>;
  /** With an `id`: that layer and its subtree, a TreeNode. */
  tree(params: LayerTreeParams & { id: Id }, options?: CallOptions): Promise<TreeNode>;
  /** Without an `id` (or `null`): the top level, a TreeRoot (`id: null`). */
  tree(params?: LayerTreeParams & { id?: null | undefined }, options?: CallOptions): Promise<TreeRoot>;
  /** An `id` that may be `null`: either. */
  tree(params?: LayerTreeParams, options?: CallOptions): Promise<TreeNode | TreeRoot>;
  paintOrder(params?: LayerPaintOrderParams, options?: CallOptions): Promise<PaintOrder>;
  hitTest(params: LayerHitTestParams, options?: CallOptions): Promise<HitTestResult>;
  /** `layer.render`: resolves with the SVG text itself (`request('layer.render')` gives `{svg}`). */
  render(params?: LayerRenderParams, options?: CallOptions): Promise<string>;
  clear(params?: LayerClearParams, options?: CallOptions): Promise<Removed>;
}

export interface AlertMethods {
  enqueue(params: AlertEnqueueParams, options?: CallOptions): Promise<EnqueueOutcome>;
  complete(params: AlertCompleteParams, options?: CallOptions): Promise<Alert>;
  cancel(params: AlertCancelParams, options?: CallOptions): Promise<CancelResult>;
  pause(params?: AlertPauseParams, options?: CallOptions): Promise<PauseState>;
  resume(params?: AlertResumeParams, options?: CallOptions): Promise<PauseState>;
  get(params: AlertGetParams, options?: CallOptions): Promise<Alert>;
  list(params?: AlertListParams, options?: CallOptions): Promise<AlertList>;
  clear(params?: AlertClearParams, options?: CallOptions): Promise<Removed>;
  configure(params?: AlertConfigureParams, options?: CallOptions): Promise<QueueSettings>;
  defineType(params: AlertDefineTypeParams, options?: CallOptions): Promise<TypeDefaults>;
  /** The show history that frequency limits count, newest first. */
  history(params?: AlertHistoryParams, options?: CallOptions): Promise<ShowHistory>;
  /** Erases show history, so limits count from zero. */
  forget(params: AlertForgetParams, options?: CallOptions): Promise<Forgotten>;
}

export interface NavMethods {
  push(params: NavPushParams, options?: CallOptions): Promise<NavState>;
  pop(params?: NavPopParams, options?: CallOptions): Promise<NavState>;
  set(params: NavSetParams, options?: CallOptions): Promise<NavState>;
  get(params?: NavGetParams, options?: CallOptions): Promise<NavState>;
}

export interface ClockMethods {
  now(params?: ClockNowParams, options?: CallOptions): Promise<ClockNow>;
  advance(params: ClockAdvanceParams, options?: CallOptions): Promise<ClockAdvanced>;
}

export interface EventMethods {
  subscribe(params: EventsSubscribeParams, options?: CallOptions): Promise<Topics>;
  unsubscribe(params: EventsUnsubscribeParams, options?: CallOptions): Promise<Topics>;
}

/**
 * A running engine subprocess. At runtime a Node EventEmitter; its listener methods are
 * typed here with the engine's events. Every method that sends params (the wrappers,
 * `request`, `notify`, `batch`) rejects with a TypeError, writing nothing, when they hold
 * a NaN or ±Infinity, which JSON cannot carry (`JSON.stringify` would send null).
 */
export declare class Engine {
  /**
   * Starts the engine; resolves once the process runs. Rejects with an `Error` when the
   * binary is not found, or `cannot start the Ordo engine …` (`cause`: the system's error,
   * whose `code`, `ENOENT`, `EACCES`, …, it carries too) when the system refuses to run it, or
   * Node's permission model does (`ERR_ACCESS_DENIED`: no `--allow-child-process`); a `TypeError` or `RangeError` for a bad option.
   * The engine runs in a session of its own (`setsid`): signals sent to this program's process
   * group (a terminal's Ctrl-C) do not reach it; it ends when this process ends (its stdin closes).
   */
  static spawn(options?: SpawnOptions): Promise<Engine>;
  private constructor();

  readonly bin: string;
  readonly args: string[];
  readonly framing: Framing;
  readonly pid: number | undefined;
  /** Resolves when the process has ended. */
  readonly exited: Promise<ExitInfo>;
  readonly exitInfo: ExitInfo | null;
  readonly stderrTail: string;
  readonly pendingCount: number;

  initialize(params?: InitializeParams, options?: CallOptions): Promise<InitializeResult>;
  shutdown(params?: ShutdownParams, options?: CallOptions): Promise<null>;
  /** A notification: resolves once written. See `exited`. */
  exit(params?: ExitParams): Promise<void>;
  /** `rpc.discover`: the OpenRPC document. */
  discover(params?: RpcDiscoverParams, options?: CallOptions): Promise<DiscoverResult>;
  /** `engine.ping` */
  ping(params?: EnginePingParams, options?: CallOptions): Promise<Ping>;
  /** `engine.stats` */
  stats(params?: EngineStatsParams, options?: CallOptions): Promise<Stats>;
  /** `engine.reset`; `{state: true}` with `--state` also empties the database. */
  reset(params?: EngineResetParams, options?: CallOptions): Promise<null>;
  readonly clock: ClockMethods;
  readonly layers: LayerMethods;
  readonly alerts: AlertMethods;
  readonly nav: NavMethods;
  /** `events.subscribe` / `events.unsubscribe` (the listeners are `on`/`waitFor`). */
  readonly events: EventMethods;

  /** Any method by name: typed for the schema's methods, `unknown` for others. */
  request<M extends string>(
    method: M,
    params?: M extends MethodName ? OrdoMethods[M]['params'] : object,
    options?: CallOptions,
  ): Promise<M extends MethodName ? OrdoMethods[M]['result'] : unknown>;
  /**
   * Sends a notification; resolves once written. Nothing answers it unless the engine
   * refuses it whole: that error is emitted as `'protocolError'`, never thrown.
   */
  notify(method: string, params?: object): Promise<void>;
  /**
   * One JSON-RPC batch; one settlement per entry, in order. Rejects as a whole when the
   * engine refuses the batch (empty, over `--max-batch` or `--max-message-bytes`, or more
   * than it found the memory to parse, `out_of_memory`): no entry
   * ran, notifications included. A batch of notifications only resolves once written.
   */
  batch(entries: readonly BatchEntry[], options?: CallOptions): Promise<BatchSettled[]>;
  /**
   * Sends `text` framed but otherwise unchanged; resolves with the result answered to it (by
   * its id, else by its place in the engine's order; a batch: the whole answer array), or
   * rejects with the error class of an error answer; resolves with undefined once a message
   * written after it is answered and it was not (a notification). Testing aid. `expectResponse: false`:
   * resolves once written; an error answered to it is emitted as `'protocolError'`.
   */
  raw(text: string, options?: RawOptions): Promise<unknown>;

  /**
   * The params of the next `name` event matching `predicate`. Register before the cause.
   * Told by `emit` before any listener (no listener of yours can keep an event from it).
   */
  waitFor<K extends EventName>(
    name: K,
    predicate?: (params: OrdoEvents[K]) => boolean,
    options?: WaitOptions,
  ): Promise<OrdoEvents[K]>;
  waitFor<K extends EventName>(name: K, options?: WaitOptions): Promise<OrdoEvents[K]>;
  /**
   * `'*'`: the next of any of the events matching `predicate`, as `{name, params}` (Python's
   * `wait_for("*")`); `predicate` is given the same object.
   */
  waitFor(name: '*', predicate?: (event: AnyEvent) => boolean, options?: WaitOptions): Promise<AnyEvent>;
  waitFor(name: '*', options?: WaitOptions): Promise<AnyEvent>;

  /**
   * shutdown + exit + EOF, then SIGTERM, then SIGKILL. Called again (concurrently too): the
   * first call's promise, whose options hold. Rejects (an `Error` with the system's `code`,
   * EPERM say) when the engine has not exited and the system refused SIGKILL; a later call
   * tries again.
   */
  close(options?: CloseOptions): Promise<ExitInfo>;
  /** Signals the engine process (default SIGTERM); false when the signal was not sent. */
  kill(signal?: string | number): boolean;

  on<K extends keyof EngineEventMap>(event: K, listener: Listener<K>): this;
  once<K extends keyof EngineEventMap>(event: K, listener: Listener<K>): this;
  off<K extends keyof EngineEventMap>(event: K, listener: Listener<K>): this;
  addListener<K extends keyof EngineEventMap>(event: K, listener: Listener<K>): this;
  removeListener<K extends keyof EngineEventMap>(event: K, listener: Listener<K>): this;
  prependListener<K extends keyof EngineEventMap>(event: K, listener: Listener<K>): this;
  prependOnceListener<K extends keyof EngineEventMap>(event: K, listener: Listener<K>): this;
  removeAllListeners(event?: keyof EngineEventMap): this;
  listenerCount(event: keyof EngineEventMap): number;
  listeners<K extends keyof EngineEventMap>(event: K): Array<Listener<K>>;
  rawListeners<K extends keyof EngineEventMap>(event: K): Array<Listener<K>>;
  eventNames(): Array<keyof EngineEventMap>;
  /** Node warns of a possible leak past this many listeners of one event (default 10). */
  setMaxListeners(n: number): this;
  getMaxListeners(): number;
  emit<K extends keyof EngineEventMap>(event: K, ...args: EngineEventMap[K]): boolean;
}

// ---------------------------------------------------------------------------
// Errors

/** An error answered by the engine. */
export declare class OrdoError extends Error {
  constructor(message: string, code: number, data?: unknown, method?: string);
  readonly code: number;
  readonly data: unknown;
  /** The method of the failed request, when known. */
  readonly method: string | undefined;
}
/** -32700 */
export declare class ParseError extends OrdoError {
  static readonly code: -32700;
  readonly data: ParseErrorData;
  readonly reason: string | undefined;
  readonly detail: string | undefined;
  readonly position: number | undefined;
}
/** -32600 */
export declare class InvalidRequest extends OrdoError {
  static readonly code: -32600;
  readonly data: InvalidRequestData;
  readonly reason: string | undefined;
  /** The size limit in bytes, with `"too_large"`. */
  readonly limit: number | undefined;
}
/** -32601 */
export declare class MethodNotFound extends OrdoError {
  static readonly code: -32601;
  readonly data: MethodNotFoundData;
  /** `data.method`: the method the engine does not serve. */
  readonly rpcMethod: string | undefined;
  /** `data.suggestion`: the method `rpcMethod` looks like a slip of, if one. */
  readonly suggestion: string | undefined;
}
/** -32602 */
export declare class InvalidParams extends OrdoError {
  static readonly code: -32602;
  readonly data: InvalidParamsData;
  /** JSON Pointer into params. */
  readonly path: string | undefined;
  readonly expected: string | undefined;
  /** `data.suggestion`: for an unknown key, the parameter it looks like a slip of, if one. */
  readonly suggestion: string | undefined;
}
/** -32603 */
export declare class InternalError extends OrdoError {
  static readonly code: -32603;
  readonly data: InternalErrorData;
}
/** -32001 */
export declare class NotFound extends OrdoError {
  static readonly code: -32001;
  readonly data: NotFoundData;
  readonly kind: 'layer' | 'alert' | undefined;
  readonly id: Id | undefined;
}
/** -32002 */
export declare class AlreadyExists extends OrdoError {
  static readonly code: -32002;
  readonly data: AlreadyExistsData;
  readonly kind: 'layer' | 'alert' | 'key' | undefined;
  readonly id: Id | undefined;
}
/** -32003 */
export declare class InvalidState extends OrdoError {
  static readonly code: -32003;
  readonly data: InvalidStateData;
  readonly reason: string | undefined;
  readonly state: string | undefined;
}
/** -32004 */
export declare class LimitExceeded extends OrdoError {
  static readonly code: -32004;
  readonly data: LimitExceededData;
  /** `data.name` (not `name`, the class name as on every Error). */
  readonly limitName: LimitExceededData['name'] | undefined;
  readonly limit: number | undefined;
  readonly value: number | undefined;
}
/** -32005: the durable state could not be written (or, by `engine.reset`, read again); the
 * request changed nothing. */
export declare class StorageError extends OrdoError {
  static readonly code: -32005;
  readonly data: StorageErrorData;
  readonly reason: StorageErrorData['reason'] | undefined;
  readonly detail: string | undefined;
}

export declare const ERROR_CLASSES: Readonly<Record<number, typeof OrdoError>>;
export declare function errorFromResponse(error: ErrorObject, method?: string): OrdoError;

/** The engine ended before answering; every pending call rejects with it. */
export declare class EngineExitedError extends Error {
  constructor(info?: {
    exitCode?: number | null | undefined;
    signal?: string | null | undefined;
    stderr?: string | undefined;
    cause?: unknown;
    closed?: boolean | undefined;
  });
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** The tail of the engine's stderr. */
  readonly stderr: string;
  /** Whether the client's close() had begun (the message says so). */
  readonly closed: boolean;
}

/** A call or waitFor ran out of time. */
export declare class TimeoutError extends Error {
  constructor(what: string, timeoutMs: number);
  readonly timeoutMs: number;
}

// ---------------------------------------------------------------------------
// Lower level: framing, endpoint, transport (src/common imports nothing from Node)

export declare class FramingError extends Error {
  constructor(message: string, reason: string);
  readonly reason: string;
}

export interface DecoderHandlers {
  onMessage(body: Uint8Array): void;
  onError?: ((error: FramingError) => void) | undefined;
  maxMessageBytes?: number | undefined;
}

export interface MessageDecoder {
  readonly bufferedBytes: number;
  push(chunk: Uint8Array): void;
  end(): void;
}

export declare class NdjsonDecoder implements MessageDecoder {
  constructor(handlers: DecoderHandlers);
  readonly bufferedBytes: number;
  push(chunk: Uint8Array): void;
  end(): void;
}

export declare class LspDecoder implements MessageDecoder {
  constructor(handlers: DecoderHandlers);
  readonly bufferedBytes: number;
  push(chunk: Uint8Array): void;
  end(): void;
}

export declare function encodeNdjson(text: string): Uint8Array;
export declare function encodeLsp(text: string): Uint8Array;
export declare function framingFor(framing: Framing): {
  encode(text: string): Uint8Array;
  /** One or more texts framed one after the other, in one buffer (one write for them all). */
  encodeAll(texts: readonly string[]): Uint8Array;
  createDecoder(handlers: DecoderHandlers): MessageDecoder;
};

export interface TransportSink {
  data(chunk: Uint8Array): void;
  close(error: Error): void;
}

/** The byte pipe an Endpoint runs over. */
export interface Transport {
  write(bytes: Uint8Array): void;
  start(sink: TransportSink): void;
}

export interface EndpointOptions {
  framing?: Framing | undefined;
  timeout?: number | undefined;
  onNotification?: ((method: string, params: unknown) => void) | undefined;
  /**
   * Something the engine wrote that no call can be failed with: an unreadable or
   * unexpected message, or an error answering a notification (see `notify`).
   */
  onProtocolError?: ((error: Error) => void) | undefined;
}

export declare class Endpoint {
  constructor(transport: Transport, options?: EndpointOptions);
  readonly closedError: Error | null;
  readonly pendingCount: number;
  request(method: string, params?: object, options?: CallOptions): Promise<unknown>;
  /** Resolves once written; the engine's refusal of it goes to `onProtocolError`. */
  notify(method: string, params?: object): Promise<void>;
  batch(entries: readonly BatchEntry[], options?: CallOptions): Promise<BatchSettled[]>;
  raw(text: string, options?: RawOptions): Promise<unknown>;
  /**
   * Writes `text`, waits for nothing; an error answered to it goes to `onProtocolError`.
   * `signal` aborted before the write of its tick: not sent, rejects with the signal's reason.
   */
  notifyRaw(text: string, signal?: AbortSignalLike): Promise<void>;
}

export interface ProcessTransportOptions {
  /** How much of the engine's stderr `stderrTail` keeps (default 8192 characters). */
  stderrTailChars?: number | undefined;
  onStderr?: ((text: string) => void) | undefined;
  /** The process has ended (after `onEnd`). */
  onExit?: ((info: ExitInfo) => void) | undefined;
  /**
   * The engine can answer nothing more (its output ended and it exited, or a grace period
   * ran out): the sink was closed with `error`, and calls fail with it from now on.
   */
  onEnd?: ((error: EngineExitedError) => void) | undefined;
}

/** The Node transport over a child process (typed loosely: no @types/node needed). */
export declare class ProcessTransport implements Transport {
  constructor(child: unknown, options?: ProcessTransportOptions);
  readonly stderrTail: string;
  write(bytes: Uint8Array): void;
  start(sink: TransportSink): void;
  /** Lets go of the engine's stdout and stderr (after its exit: nothing more will come). */
  release(): void;
  /** Closes the engine's stdin (EOF: the engine flushes and exits 0). */
  end(): void;
  /** The client's close() began: the EngineExitedErrors from now on say so (`closed`). */
  closing(): void;
}

/**
 * The engine to run: `bin`, else `$ORDO_BIN`, else the engine the package carries (when the
 * package's `os` and `cpu` match this machine), else the repository's
 * `.build/{release,debug}/ordo` walking up from `from`, else `ordo` on PATH. Throws an
 * `Error` naming what was tried (and a carried engine built for another machine) when none
 * is found.
 */
export declare function findEngineBinary(options?: FindEngineBinaryOptions): string;

export interface FindEngineBinaryOptions {
  bin?: string | undefined;
  env?: Record<string, string | undefined> | undefined;
  /** Where the walk up for `.build/{release,debug}/ordo` starts (default: the directory of the client's own code). */
  from?: string | undefined;
  /** Where the package carries the engine (default: its `bin/ordo`). */
  packaged?: string | undefined;
}

export declare const METHODS: ReadonlyArray<{ method: string; path: string; notification?: boolean; unwrap?: string }>;
export declare const EVENTS: ReadonlyArray<EventName>;
