import OrdoCoding
import OrdoCore
import OrdoJSON
import OrdoRPC
import OrdoSchema
import OrdoStore

/// What an engine is started with: the command line's flags.
public struct EngineConfiguration: Equatable, Sendable {
  public var framing: MessageFramer.Framing? = nil
  public var clock: ClockMode = .system
  public var maxMessageBytes = 16 << 20
  public var maxLayers = 1_000_000_000
  public var maxAlerts = 1_000_000_000
  public var maxBatch = 10_000
  public var maxTreeDepth = 512
  public var logLevel = Log.Level.warn
  /// The manual clock's wall-clock epoch ms at engine time 0 (`--epoch-ms`).
  public var epochMs: Int64 = 0
  /// The durable state file (`--state`); nil keeps everything in memory.
  public var statePath: String? = nil
  public var sync = SyncMode.full
  /// How long to wait for another engine to let go of the state file.
  public var stateWaitMs = 2000
  /// Where to record the session (`--trace`).
  public var tracePath: String? = nil
  public var traceMaxBytes = 256 << 20
  /// Set by `ordo replay`: the system clock is virtual, and its engine time 0 is this
  /// wall-clock time (the recorded session's).
  public var virtualClockStartedWallAt: Int64? = nil
  /// Set by `ordo replay` for a session recorded with `--state`: there is no file, so
  /// `engine.reset` reloads what the file would hold, the durable part of the screen.
  public var replaysDurableState = false

  public init() {}
}

/// The screen of the engine whose process is exiting (`Engine.leaveScreenToProcessExit`):
/// a global, so that nothing frees it (Swift does not destroy globals at exit) and leak
/// checkers see it reachable.
nonisolated(unsafe) private var screenLeftToProcessExit: Screen?

/// The engine a session serves: the screen (layers, alerts, navigation), the clock, and the
/// counters `engine.stats` reports. Method handlers (one file per namespace) are its
/// extensions; the `Dispatcher` calls them.
///
/// - Important: single-threaded; only the session that owns it may call it.
public final class Engine: DispatchContext {
  public let configuration: EngineConfiguration
  let log: Log
  // `@exclusivity(unchecked)`: single-threaded; see `Session`.
  @exclusivity(unchecked) var clock: EngineClock
  /// The clock's `switchCount` when the outbox's time was last set for it (`sendEvents`).
  private var stampedSwitchCount = 0
  /// While tracing (`recordsClockSwitches`): the system clock's time at each switch to it
  /// not yet recorded. Nothing else in a trace says when a switch from the manual clock
  /// happened on the system clock.
  var recordsClockSwitches = false
  var unrecordedSwitches: [Int64] = []
  /// In a replay: the recorded times of the switches to the system clock that the input
  /// being replayed makes, in order; each switch moves the virtual clock to its time.
  var replayedSwitches: ArraySlice<Int64> = []
  @exclusivity(unchecked) var screen: Screen
  @exclusivity(unchecked) var requestCount = 0
  /// The session's framing, once its input decided it (`initialize` reports it).
  public internal(set) var framing: MessageFramer.Framing
  /// Whether alerts restored from durable state still wait for the first request.
  var holdingRestored = false
  /// Set by `engine.reset`: the reset itself is not the request restored alerts wait for.
  var keepsHoldingPastThisCall = false
  /// The durable state, with `--state`.
  let store: DurableStore?
  /// Set when a commit inside a request (`engine.reset`) failed: the session fails the
  /// whole group.
  var failedCommit: StoreWriteError?
  /// Set when a request committed the group so far (`engine.reset`).
  var committedMidGroup = false
  /// Set by the session: starts a new commit group inside a batch (`startCommitGroup`).
  var startsCommitGroup: ((Dispatcher.Lifecycle, inout Outbox) -> Void)?
  /// What an observing screen saw before an `engine.reset` replaced it (`ordo report`).
  var observed: [TimelineObservation] = []
  /// The durable state as loaded at start (a trace's header records it).
  public private(set) var loadedState: DurableState?

  /// `schema/openrpc.json` as embedded in the binary, parsed on first `rpc.discover`.
  private(set) lazy var openRPCDocument: JSONDocument? = {
    let bytes = UnsafeRawBufferPointer(start: ordo_openrpc_bytes(), count: ordo_openrpc_size())
    return try? JSONDocument.parse(bytes).get()
  }()

  /// An engine on `configuration`; with `store`, its durable state is loaded from it (the
  /// caller opened it: opening can fail, and the process then exits), or with `state`
  /// (a replay) from that.
  public init(
    configuration: EngineConfiguration, store: DurableStore? = nil, state: DurableState? = nil
  ) throws(StoreOpenError) {
    self.configuration = configuration
    log = Log(level: configuration.logLevel)
    clock = EngineClock(
      mode: configuration.clock, manualEpoch: configuration.epochMs,
      virtualStart: configuration.virtualClockStartedWallAt)
    screen = Self.freshScreen(configuration, clock: clock)
    framing = configuration.framing ?? .ndjson
    self.store = store
    if let store {
      let loaded = try store.load()
      loadedState = loaded
      restore(loaded)
    } else if let state {
      loadedState = state
      restore(state)
    }
    store?.onLogReattached = { [weak self] log in
      guard let self, let path = self.store?.path else { return }
      self.log(
        .warn,
        "the state file's write-ahead log \(log) was deleted (or replaced) while the engine"
          + " ran: what it held was written into \(path), and a new log started")
    }
  }

  /// Hands the screen to the end of the process, which is about to exit: its memory goes
  /// back to the kernel whole, instead of being freed node by node as the engine goes
  /// (every alert and layer read once more, mostly from memory: under callgrind, 4 of the
  /// 9.5 reads per request that missed every cache in a session of 20 000 `alert.enqueue`).
  /// The engine is left with an empty screen; its durable store and trace close as usual.
  func leaveScreenToProcessExit() {
    var left = Self.freshScreen(configuration, clock: clock)
    swap(&screen, &left)
    screenLeftToProcessExit = left
  }

  /// An empty screen at `now`, else at the clock's time.
  static func freshScreen(
    _ configuration: EngineConfiguration, clock: EngineClock, now: Int64? = nil
  ) -> Screen {
    Screen(
      maxLayers: configuration.maxLayers, maxTreeDepth: configuration.maxTreeDepth,
      maxAlerts: configuration.maxAlerts, now: now ?? clock.now,
      startedWallAt: clock.startedWallAt)
  }

  // MARK: Queries

  /// Runs a query on the screen, turning its `CoreError` into the JSON-RPC error. Query
  /// handlers go through here rather than call `engine.screen.…` directly: a non-mutating
  /// call on a class's stored property makes Swift copy the value first (the call could
  /// change the property under it): for the layer tree, 272 bytes and 25 references retained
  /// and released per request, 4 % of a `layer.hitTest`'s instructions. Lending the property
  /// `inout` passes its address instead, and `body` still only borrows it.
  func query<T>(_ body: (borrowing Screen) throws(CoreError) -> T) throws(ResponseError) -> T {
    // A read applies nothing, so "after the request has been applied" is before it reads:
    // released after it, the restored alerts made an `alert.list` sent first answer
    // "suspended" after the `alert.show` that had shown the alert again.
    releaseRestored()
    return try core { () throws(CoreError) in try Self.lend(&screen, to: body) }
  }

  /// Lets the alerts restored from durable state compete, once the request they wait for
  /// has been applied (docs/protocol.md#after-a-restart): after any call (`didApplyCall`),
  /// before a read-only one reads (`query`, `engine.stats`). Not during `engine.reset`
  /// itself, which restores them for the next request.
  func releaseRestored() {
    guard holdingRestored, !keepsHoldingPastThisCall else { return }
    holdingRestored = false
    screen.releaseRestored()
  }

  private static func lend<T, Failure: Error>(
    _ screen: inout Screen, to body: (borrowing Screen) throws(Failure) -> T
  ) throws(Failure) -> T {
    try body(screen)
  }

  // MARK: Time

  /// The engine time.
  var now: Int64 { screen.now }

  /// Brings the screen to the clock's time, firing what is due. With `advance(to:)` below,
  /// the only way engine time moves. Returns whether a timer was due (and fired).
  @discardableResult
  public func syncToClock() -> Bool {
    let now = clock.now
    let timerWasDue = nextSystemTimer.map { $0 <= now } ?? false
    advance(to: now)
    return timerWasDue
  }

  /// Moves the screen to `time` (`clock.advance`, or the clock's time), firing every timer
  /// due by then at its own instant.
  func advance(to time: Int64) {
    screen.advance(to: time)
  }

  /// When the next timer is due on the system clock (nil on the manual clock, which only
  /// `clock.advance` moves).
  public var nextSystemTimer: Int64? {
    guard clock.mode == .system else { return nil }
    // Lent, as `query` lends it: a read through the stored property copies the whole screen
    // unless the optimizer inlines all of it (bench/copies.py: make test-copies).
    return Self.lend(&screen) { screen in screen.nextDeadline }
  }

  /// The clock's time now (the loop's poll timeout is measured from it).
  public var clockNow: Int64 { clock.now }

  // MARK: DispatchContext

  public func countRequest() {
    requestCount += 1
  }

  public func didApplyCall() {
    if keepsHoldingPastThisCall {
      keepsHoldingPastThisCall = false
      return
    }
    releaseRestored()
  }

  public func sendEvents(into outbox: inout Outbox) {
    if clock.switchCount != stampedSwitchCount {
      // What the message sends from here on is stamped with the new clock's time (a trace
      // records it; see Replay.run's final catch-up).
      stampedSwitchCount = clock.switchCount
      outbox.time = now
    }
    screen.takeEvents { event in outbox.send { Dispatcher.writeEvent(event, into: &$0) } }
  }

  public var endedCommitGroup: Bool { committedMidGroup }

  public func startCommitGroup(lifecycle: Dispatcher.Lifecycle, outbox: inout Outbox) {
    committedMidGroup = false
    startsCommitGroup?(lifecycle, &outbox)
  }

  // MARK: Methods

  /// Every method, namespace by namespace, in the order `initialize` lists them.
  public static let methods: MethodTable = {
    var table = MethodTable()
    registerEngineMethods(in: &table)
    registerClockMethods(in: &table)
    registerLayerMethods(in: &table)
    registerAlertMethods(in: &table)
    registerNavMethods(in: &table)
    registerEventsMethods(in: &table)
    return table
  }()

  /// The names of every method the engine serves.
  public static var methodNames: [String] { methods.names }

  /// The parameter names each method accepts (checked against the schema by the tests).
  public static var methodParameters: [String: [String]] {
    Dictionary(uniqueKeysWithValues: methods.methods.map { ($0.name, $0.parameterNames) })
  }
}

extension MethodTable {
  /// Registers an engine method: `handler` gets the engine and the decoded params.
  mutating func add<P: MethodParams, R: JSONWritable & SendableMetatype>(
    _ name: String, _ params: P.Type,
    _ handler: @escaping @Sendable (Engine, P) throws(ResponseError) -> R
  ) {
    register(name, context: Engine.self, params, handler)
  }
}
