import OrdoCore
import OrdoJSON
import OrdoRPC
import OrdoSchema

/// The engine behind the pipes: takes framed messages, runs methods, and appends
/// responses and events, in order, to `output`. No file descriptors: `StdioLoop` owns them.
///
/// - Important: single-threaded; only the loop that owns it may call it.
public final class Server {
  public struct Configuration: Equatable, Sendable {
    public var framing: MessageFramer.Framing? = nil
    public var clock: ClockMode = .system
    public var maxMessageBytes = 16 << 20
    public var maxLayers = 1_000_000_000
    public var maxAlerts = 1_000_000_000
    public var maxBatch = 10_000
    public var maxTreeDepth = 512
    public var logLevel = Log.Level.warn

    public init() {}
  }

  enum Lifecycle {
    case running, shutDown
  }

  public let configuration: Configuration
  let log: Log
  var clock: EngineClock
  var lifecycle = Lifecycle.running
  var requestCount = 0
  /// The framing responses are written in; set by the loop once the input decided it.
  public var framing: MessageFramer.Framing = .ndjson
  /// Set by `exit`: the process should flush and exit with this status.
  public private(set) var exitStatus: Int32?

  /// The four writers below, in one heap block the server owns. They are reached through
  /// addressors rather than stored as properties: every write to a class's stored property
  /// is a dynamic exclusivity check (`swift_beginAccess`), and a response is a few dozen
  /// writes. The server is single-threaded, so the checks bought nothing.
  private let writers: UnsafeMutablePointer<JSONWriter>

  /// Protocol bytes waiting to be written to stdout.
  public var output: JSONWriter {
    unsafeAddress { UnsafePointer(writers) }
    unsafeMutableAddress { writers }
  }
  /// One outgoing message being built (LSP framing needs its length before its bytes).
  private var message: JSONWriter {
    unsafeAddress { UnsafePointer(writers + 1) }
    unsafeMutableAddress { writers + 1 }
  }
  /// The `result` of the call being run; handlers write into it.
  var result: JSONWriter {
    unsafeAddress { UnsafePointer(writers + 2) }
    unsafeMutableAddress { writers + 2 }
  }
  /// Responses of the batch being run.
  private var batch: JSONWriter {
    unsafeAddress { UnsafePointer(writers + 3) }
    unsafeMutableAddress { writers + 3 }
  }
  /// The method table, by name (see `MethodIndex`).
  private let methodIndex: MethodIndex
  /// Each method's parameter names laid out for checking requests, made on its first call
  /// (not at start-up, which every spawn pays for).
  private var paramNames: [ParamNames?]

  /// `schema/openrpc.json` as embedded in the binary, parsed on first `rpc.discover`.
  private(set) lazy var openRPCDocument: JSONDocument? = {
    let bytes = UnsafeRawBufferPointer(
      start: ordo_openrpc_bytes(), count: ordo_openrpc_size())
    return try? JSONDocument.parse(bytes).get()
  }()
  /// Everything the shell asked the engine to hold: layers, alerts, navigation.
  var screen: Screen

  public init(configuration: Configuration) {
    self.configuration = configuration
    log = Log(level: configuration.logLevel)
    clock = EngineClock(mode: configuration.clock)
    screen = Screen(
      maxLayers: configuration.maxLayers, maxTreeDepth: configuration.maxTreeDepth,
      maxAlerts: configuration.maxAlerts, now: clock.now)
    framing = configuration.framing ?? .ndjson
    methodIndex = MethodIndex(Self.methodList)
    paramNames = Array(repeating: nil, count: Self.methodList.count)
    writers = .allocate(capacity: 4)
    writers.initialize(to: JSONWriter(capacity: 1 << 16))
    (writers + 1).initialize(to: JSONWriter(capacity: 1 << 12))
    (writers + 2).initialize(to: JSONWriter(capacity: 1 << 12))
    (writers + 3).initialize(to: JSONWriter())
  }

  deinit {
    writers.deinitialize(count: 4)
    writers.deallocate()
  }

  // MARK: Incoming

  /// Handles one framed message (a JSON text, or a batch).
  public func handle(_ bytes: UnsafeRawBufferPointer) {
    fireDueTimers()
    switch MessageClassifier.classify(bytes) {
    case .failure(let error):
      requestCount += 1
      log(.info, "refused a message: \(error.message)")
      writeResponse(id: .null, outcome: .failure(error), inBatch: false)
    case .single(let message):
      run(message, batch: false)
    case .batch(let messages):
      guard messages.count <= configuration.maxBatch else {
        requestCount += 1
        writeResponse(
          id: .null,
          outcome: .failure(
            ResponseError(
              code: .limitExceeded,
              message:
                "The batch has \(messages.count) entries; the limit is \(configuration.maxBatch).",
              data: [
                ("name", .string("maxBatch")), ("limit", .int(configuration.maxBatch)),
                ("value", .int(messages.count)),
              ])), inBatch: false)
        return
      }
      batch.clear()
      batch.beginArray()
      var answered = false
      for entry in messages where exitStatus == nil {
        answered = run(entry, batch: true) || answered
      }
      batch.endArray()
      if answered { writeFramed(batch) }
    }
  }

  /// Reports a message that was skipped for its size.
  public func refuseTooLarge(limit: Int) {
    requestCount += 1
    log(.warn, "skipped a message larger than \(limit) bytes")
    writeResponse(id: .null, outcome: .failure(.tooLarge(limit: limit)), inBatch: false)
  }

  /// Reports an LSP header block that could not be used.
  public func refuseBadHeader(_ reason: String) {
    requestCount += 1
    log(.warn, "bad LSP header: \(reason)")
    writeResponse(
      id: .null,
      outcome: .failure(
        ResponseError(
          code: .parseError, message: "Parse error: \(reason).",
          data: [("reason", .string("bad_header")), ("detail", .string(reason))])), inBatch: false)
  }

  private enum Outcome {
    case success
    case failure(ResponseError)
  }

  /// Runs one call; returns whether it produced a response (notifications do not).
  @discardableResult
  private func run(_ message: Message, batch inBatch: Bool) -> Bool {
    requestCount += 1
    switch message {
    case .invalid(let id, let error):
      writeResponse(id: id, outcome: .failure(error), inBatch: inBatch)
      return true
    case .call(let id, let method, let params):
      result.clear()
      let outcome: Outcome
      do {
        try call(method, params: params, isNotification: id == nil)
        outcome = .success
      } catch {
        outcome = .failure(error)
      }
      writePendingEvents()
      guard let id else {
        if case .failure(let error) = outcome {
          // LSP lets a server ignore `$/…` notifications it does not know, and `initialized`
          // needs no answer: editors send them all the time, so they are not warnings.
          let ignorable =
            error.code == .methodNotFound && (method.hasPrefix("$/") || method == "initialized")
          log(ignorable ? .debug : .warn, "notification \"\(method)\" failed: \(error.message)")
        }
        return false
      }
      writeResponse(id: id, outcome: outcome, inBatch: inBatch)
      return true
    }
  }

  private func call(_ name: String, params: RequestParams, isNotification: Bool)
    throws(ResponseError)
  {
    if lifecycle == .shutDown, name != "exit" {
      throw .invalidState(
        reason: "shut_down",
        message: "The engine is shut down; only \"exit\" is accepted now.")
    }
    guard let (slot, method) = methodIndex.method(named: name) else {
      throw .methodNotFound(name)
    }
    let object: JSONValue?
    switch params {
    case .none: object = nil
    case .byName(let value): object = value
    case .byPosition:
      throw .invalidParams(
        path: "", expected: "an object of named parameters",
        message: "params must be an object of named parameters, not an array.")
    }
    let names: ParamNames
    if let known = paramNames[slot] {
      names = known
    } else {
      names = ParamNames(method.params)
      paramNames[slot] = names
    }
    let reader = try Params(object, names: names)
    try method.run(self, reader)
  }

  // MARK: Outgoing

  /// Writes a response, or appends it to the batch being built.
  private func writeResponse(id: RequestID, outcome: Outcome, inBatch: Bool) {
    if inBatch {
      writeResponseBody(id: id, outcome: outcome, into: &batch)
    } else {
      emit { writer in self.writeResponseBody(id: id, outcome: outcome, into: &writer) }
    }
  }

  /// Writes one outgoing message built by `body` to `output` in the session's framing:
  /// NDJSON straight into the output (no intermediate copy); LSP through `message`, whose
  /// length the header needs first.
  private func emit(_ body: (inout JSONWriter) -> Void) {
    if framing == .ndjson {
      body(&output)
      output.appendFraming(byte: 0x0A)
    } else {
      message.clear()
      body(&message)
      writeFramed(message)
    }
  }

  private func writeResponseBody(id: RequestID, outcome: Outcome, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("jsonrpc")
    writer.string("2.0")
    writer.key("id")
    id.write(into: &writer)
    switch outcome {
    case .success:
      writer.key("result")
      if result.isEmpty { writer.null() } else { writer.append(result) }
    case .failure(let error):
      writer.key("error")
      error.write(into: &writer)
    }
    writer.endObject()
  }

  /// Writes an event notification: `{"jsonrpc":"2.0","method":…,"params":{…}}`.
  func writeEvent(_ method: StaticString, params: (inout JSONWriter) -> Void) {
    emit { writer in Self.writeEventBody(method, params: params, into: &writer) }
  }

  private static func writeEventBody(
    _ method: StaticString, params: (inout JSONWriter) -> Void, into writer: inout JSONWriter
  ) {
    writer.beginObject()
    writer.key("jsonrpc")
    writer.string("2.0")
    writer.key("method")
    writer.string(method)
    writer.key("params")
    writer.beginObject()
    params(&writer)
    writer.endObject()
    writer.endObject()
  }

  /// Appends one message to `output` in the session's framing.
  private func writeFramed(_ body: JSONWriter) {
    switch framing {
    case .ndjson:
      output.appendFraming(body)
      output.appendFraming(byte: 0x0A)
    case .lsp:
      output.appendFraming("Content-Length: \(body.count)\r\n\r\n".utf8)
      output.appendFraming(body)
    }
  }

  // MARK: Time

  /// The engine time at which the next timer is due, if any (system clock only).
  public var nextTimerDue: Int64? {
    clock.mode == .system ? screenNextDeadline : nil
  }

  /// Milliseconds from now until the next timer, for the loop's poll timeout.
  public var millisecondsUntilNextTimer: Int64? {
    nextTimerDue.map { max(0, $0 - clock.now) }
  }

  /// Fires timers that are due on the system clock, writing their events now.
  public func fireDueTimers() {
    guard let due = nextTimerDue, due <= clock.now else { return }
    advanceScreen(to: clock.now)
    writePendingEvents()
  }

  func requestExit(status: Int32) {
    exitStatus = status
  }
}

/// One entry of the method table.
struct Method: Sendable {
  /// The names its `params` may contain (checked before `run`, and against the schema).
  let params: [String]
  let run: @Sendable (Server, Params) throws(ResponseError) -> Void
}

/// The method table keyed by the UTF-8 of the names, in an open-addressed table with an
/// FNV-1a hash: finding a method costs a hash of its few bytes and one comparison, where a
/// `[String: Method]` costs a SipHash of the string.
struct MethodIndex {
  private let slots: [Int32]
  private let mask: Int
  private let names: [String]
  private let entries: [Method]

  init(_ methods: [(String, Method)]) {
    names = methods.map(\.0)
    entries = methods.map(\.1)
    var capacity = 16
    while capacity < methods.count * 4 { capacity *= 2 }
    mask = capacity - 1
    var slots = [Int32](repeating: -1, count: capacity)
    for (index, name) in names.enumerated() {
      var name = name
      var bucket = name.withUTF8(Self.hash) & mask
      while slots[bucket] >= 0 { bucket = (bucket + 1) & mask }
      slots[bucket] = Int32(index)
    }
    self.slots = slots
  }

  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return Int(truncatingIfNeeded: hash ^ (hash >> 29))
  }

  /// The method named `name` and its position in the table.
  func method(named name: String) -> (Int, Method)? {
    var utf8 = name
    var bucket = utf8.withUTF8(Self.hash) & mask
    while true {
      let slot = Int(slots[bucket])
      if slot < 0 { return nil }
      if names[slot] == name { return (slot, entries[slot]) }
      bucket = (bucket + 1) & mask
    }
  }
}
