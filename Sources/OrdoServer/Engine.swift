import OrdoCore
import OrdoJSON
import OrdoRPC
import OrdoSchema

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

  public init() {}
}

/// The engine a session serves: the screen (layers, alerts, navigation), the clock, and the
/// counters `engine.stats` reports. Method handlers (one file per namespace) are its
/// extensions; the `Dispatcher` calls them.
///
/// - Important: single-threaded; only the session that owns it may call it.
public final class Engine: DispatchContext {
  public let configuration: EngineConfiguration
  let log: Log
  var clock: EngineClock
  var screen: Screen
  var requestCount = 0
  /// The session's framing, once its input decided it (`initialize` reports it).
  public internal(set) var framing: MessageFramer.Framing
  /// Whether alerts restored from durable state still wait for the first request.
  var holdingRestored = false

  /// `schema/openrpc.json` as embedded in the binary, parsed on first `rpc.discover`.
  private(set) lazy var openRPCDocument: JSONDocument? = {
    let bytes = UnsafeRawBufferPointer(start: ordo_openrpc_bytes(), count: ordo_openrpc_size())
    return try? JSONDocument.parse(bytes).get()
  }()

  public init(configuration: EngineConfiguration) {
    self.configuration = configuration
    log = Log(level: configuration.logLevel)
    clock = EngineClock(mode: configuration.clock, manualEpoch: configuration.epochMs)
    screen = Self.freshScreen(configuration, clock: clock)
    framing = configuration.framing ?? .ndjson
  }

  static func freshScreen(_ configuration: EngineConfiguration, clock: EngineClock) -> Screen {
    Screen(
      maxLayers: configuration.maxLayers, maxTreeDepth: configuration.maxTreeDepth,
      maxAlerts: configuration.maxAlerts, now: clock.now, startedWallAt: clock.startedWallAt)
  }

  // MARK: Time

  /// The engine time.
  var now: Int64 { screen.now }

  /// Brings the screen to the clock's time, firing what is due. With `advance(to:)` below,
  /// the only way engine time moves.
  public func syncToClock() {
    advance(to: clock.now)
  }

  /// Moves the screen to `time` (`clock.advance`, or the clock's time), firing every timer
  /// due by then at its own instant.
  func advance(to time: Int64) {
    screen.advance(to: time)
  }

  /// When the next timer is due on the system clock (nil on the manual clock, which only
  /// `clock.advance` moves).
  public var nextSystemTimer: Int64? {
    clock.mode == .system ? screen.nextDeadline : nil
  }

  /// The clock's time now (the loop's poll timeout is measured from it).
  public var clockNow: Int64 { clock.now }

  // MARK: DispatchContext

  public func countRequest() {
    requestCount += 1
  }

  public func didApplyCall() {
    guard holdingRestored else { return }
    holdingRestored = false
    screen.releaseRestored()
  }

  public func takeEvents() -> [ScreenEvent] {
    screen.drainEvents()
  }

  // MARK: Methods

  /// Every method, namespace by namespace, in the order `initialize` lists them.
  public static let methods: MethodTable<Engine> = {
    var table = MethodTable<Engine>()
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
