import OrdoCore
import OrdoJSON
import OrdoRPC

/// The server's use of the domain core: time, events, reset, stats, and error mapping.
extension Server {
  /// When the screen's next timer is due, on either clock; nil after `shutdown` (timers stop).
  var screenNextDeadline: Int64? {
    guard lifecycle != .shutDown else { return nil }
    // Read in place: `screen.nextDeadline` on the stored property would copy the whole
    // `Screen` (every array in it retained and released) before asking, on every message.
    return Self.nextDeadline(of: &screen)
  }

  private static func nextDeadline(of screen: inout Screen) -> Int64? {
    screen.nextDeadline
  }

  /// Fires every timer due by `time`, each at its own due time.
  func advanceScreen(to time: Int64) {
    screen.advance(to: time)
  }

  /// Writes the events the last operation caused, oldest first.
  func writePendingEvents() {
    for event in screen.drainEvents() {
      writeEvent(event)
    }
  }

  func resetEngine() {
    clock.reset()
    screen.reset(now: clock.now)
  }

  func writeStats() {
    let counts = screen.alertCounts
    result.beginObject()
    result.key("layers")
    result.int(screen.layers.count)
    result.key("alerts")
    result.beginObject()
    result.key("scheduled")
    result.int(counts.scheduled)
    result.key("pending")
    result.int(counts.pending)
    result.key("showing")
    result.int(counts.showing)
    result.key("suspended")
    result.int(counts.suspended)
    result.key("ended")
    result.int(counts.ended)
    result.endObject()
    result.key("requests")
    result.int(requestCount)
    result.key("uptimeMs")
    result.int(clock.uptime)
    result.endObject()
  }

  /// The engine time for the request being served.
  var now: Int64 { clock.now }

  private func writeEvent(_ event: ScreenEvent) {
    switch event {
    case .alertShow(let alert, let resumed, let at, let layer):
      writeEvent("alert.show") { writer in
        writer.key("alert")
        writer.alert(alert)
        writer.key("resumed")
        writer.bool(resumed)
        writer.key("at")
        writer.int(at)
        if let layer {
          writer.key("layer")
          writer.layer(layer)
        }
      }
    case .alertHide(let id, let queue, let reason, let at):
      writeEvent("alert.hide") { writer in
        writer.key("id")
        writer.string(id)
        writer.key("queue")
        writer.string(queue)
        writer.key("reason")
        writer.string(reason)
        writer.key("at")
        writer.int(at)
      }
    case .alertUpdate(let alert, let at):
      writeEvent("alert.update") { writer in
        writer.key("alert")
        writer.alert(alert)
        writer.key("at")
        writer.int(at)
      }
    case .alertIdle(let queue, let at):
      writeEvent("alert.idle") { writer in
        writer.key("queue")
        writer.string(queue)
        writer.key("at")
        writer.int(at)
      }
    case .alertChanged(let id, let queue, let state, let previous, let reason, let at):
      writeEvent("alert.changed") { writer in
        writer.key("id")
        writer.string(id)
        writer.key("queue")
        writer.string(queue)
        writer.key("state")
        writer.string(state.rawValue)
        writer.key("previous")
        writer.string(previous.rawValue)
        if let reason {
          writer.key("reason")
          writer.string(reason)
        }
        writer.key("at")
        writer.int(at)
      }
    }
  }
}

/// Runs a core operation, turning its `CoreError` into the JSON-RPC error (SPEC §1 table).
func core<T>(_ body: () throws(CoreError) -> T) throws(ResponseError) -> T {
  do {
    return try body()
  } catch {
    throw ResponseError(error)
  }
}

extension ResponseError {
  init(_ error: CoreError) {
    switch error {
    case .invalidParams(let path, let expected, let message):
      self = .invalidParams(path: path, expected: expected, message: message)
    case .notFound(let kind, let id):
      self.init(
        code: .notFound, message: error.description,
        data: [("kind", .string(kind)), ("id", .string(id))])
    case .alreadyExists(let kind, let id):
      self.init(
        code: .alreadyExists, message: error.description,
        data: [("kind", .string(kind)), ("id", .string(id))])
    case .invalidState(let reason, let state, let message):
      self = .invalidState(reason: reason, state: state, message: message)
    case .limitExceeded(let name, let limit, let value):
      self.init(
        code: .limitExceeded, message: error.description,
        data: [("name", .string(name)), ("limit", .int(limit)), ("value", .int(value))])
    }
  }
}
