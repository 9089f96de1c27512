import OrdoCore
import OrdoJSON
import OrdoRPC

/// One engine served over one byte stream, without the I/O: bytes in (`receive`), framed
/// messages out into the caller's `Outbox`. It frames the input, moves engine time before
/// each message and when timers are due, and dispatches. `StdioLoop`, `ordo call` and
/// `ordo replay` drive it with their own I/O.
///
/// - Important: single-threaded; only its owner may call it.
public final class Session {
  public let engine: Engine
  private var dispatcher: Dispatcher<Engine>
  private var framer: MessageFramer
  private var framingDecided: Bool

  public init(configuration: EngineConfiguration) {
    engine = Engine(configuration: configuration)
    dispatcher = Dispatcher(
      methods: Engine.methods, maxBatch: configuration.maxBatch, log: engine.log)
    framer = MessageFramer(
      framing: configuration.framing, maxMessageBytes: configuration.maxMessageBytes)
    framingDecided = configuration.framing != nil
  }

  /// A fresh outbox in the session's framing.
  public func makeOutbox() -> Outbox {
    Outbox(framing: engine.framing)
  }

  public var log: Log { engine.log }

  /// Set by `exit`: the process should flush and exit with this status.
  public var exitStatus: Int32? { dispatcher.exitStatus }

  /// Bytes received and not yet framed into a message.
  public var pendingInputCount: Int { framer.pendingByteCount }

  // MARK: Input

  /// Takes bytes read from the stream and handles every message they complete.
  public func receive(_ bytes: UnsafeRawBufferPointer, into outbox: inout Outbox) {
    framer.feed(bytes)
    while dispatcher.exitStatus == nil, let event = framer.next() {
      if !framingDecided, let framing = framer.framing {
        framingDecided = true
        engine.framing = framing
        outbox.framing = framing
      }
      engine.syncToClock()
      outbox.time = engine.now
      switch event {
      case .message(let range):
        framer.buffer.withUnsafeBytes {
          dispatcher.handle(
            UnsafeRawBufferPointer(rebasing: $0[range]), context: engine, outbox: &outbox)
        }
      case .tooLarge(let limit):
        dispatcher.refuseTooLarge(limit: limit, context: engine, outbox: &outbox)
      case .badHeader(let reason):
        dispatcher.refuseBadHeader(reason, context: engine, outbox: &outbox)
      }
    }
  }

  /// Handles one whole message as if it had been framed from the stream (`ordo call`, tests).
  public func handle(_ message: UnsafeRawBufferPointer, into outbox: inout Outbox) {
    engine.syncToClock()
    outbox.time = engine.now
    dispatcher.handle(message, context: engine, outbox: &outbox)
  }

  /// The end of the input: drops a partial message (logged).
  public func finishInput() {
    if framer.finish() { log(.warn, "end of input inside a message; dropped it") }
  }

  // MARK: Time

  /// When the next timer is due on the system clock; nil when none is, on the manual clock,
  /// and after `shutdown` (timers stop).
  public var nextTimerDue: Int64? {
    dispatcher.lifecycle == .running ? engine.nextSystemTimer : nil
  }

  /// Milliseconds from now until the next timer, for a poll timeout.
  public var millisecondsUntilNextTimer: Int64? {
    nextTimerDue.map { max(0, $0 - engine.clockNow) }
  }

  /// Fires the system-clock timers due now, sending their events.
  public func fireDueTimers(into outbox: inout Outbox) {
    guard let due = nextTimerDue, due <= engine.clockNow else { return }
    engine.syncToClock()
    outbox.time = engine.now
    for event in engine.takeEvents() {
      outbox.send { Dispatcher<Engine>.writeEvent(event, into: &$0) }
    }
  }

  // MARK: Output

  /// Makes everything sent so far writable.
  public func flush(_ outbox: inout Outbox) {
    outbox.release()
  }
}
