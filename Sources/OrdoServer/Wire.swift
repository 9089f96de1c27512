import OrdoCoding
import OrdoCore
import OrdoJSON
import OrdoRPC

extension ScreenEvent: OutgoingEvent {
  public var method: StaticString {
    switch self {
    case .alertShow: return "alert.show"
    case .alertHide: return "alert.hide"
    case .alertUpdate: return "alert.update"
    case .alertIdle: return "alert.idle"
    case .alertChanged: return "alert.changed"
    }
  }

  public func writeParams(to writer: inout JSONWriter) {
    switch self {
    case .alertShow(let alert, let resumed, let at, let layer):
      writer.key("alert")
      alert.write(to: &writer)
      writer.key("resumed")
      writer.bool(resumed)
      writer.key("at")
      writer.int(at)
      if let layer {
        writer.key("layer")
        layer.write(to: &writer)
      }
    case .alertHide(let id, let queue, let reason, let at):
      writer.key("id")
      writer.string(id)
      writer.key("queue")
      writer.string(queue)
      writer.key("reason")
      writer.string(reason.rawValue)
      writer.key("at")
      writer.int(at)
    case .alertUpdate(let alert, let at):
      writer.key("alert")
      alert.write(to: &writer)
      writer.key("at")
      writer.int(at)
    case .alertIdle(let queue, let at):
      writer.key("queue")
      writer.string(queue)
      writer.key("at")
      writer.int(at)
    case .alertChanged(let id, let queue, let state, let previous, let reason, let at):
      writer.key("id")
      writer.string(id)
      writer.key("queue")
      writer.string(queue)
      writer.key("state")
      writer.string(state.rawValue)
      writer.key("previous")
      writer.string(previous.rawValue)
      writer.key("reason")
      writer.string(reason.rawValue)
      writer.key("at")
      writer.int(at)
    }
  }
}

extension ResponseError {
  /// The JSON-RPC error for a domain error (docs/protocol.md#errors), with the protocol's
  /// words added: the command-line flag behind a limit.
  init(_ error: CoreError) {
    switch error {
    case .invalidParams(let path, let expected, let message):
      self = .invalidParams(path: path, expected: expected, message: message)
    case .notFound(let kind, let id):
      self.init(
        code: .notFound, message: error.description,
        data: [("kind", .string(kind.rawValue)), ("id", .string(id))])
    case .alreadyExists(let kind, let id):
      self.init(
        code: .alreadyExists, message: error.description,
        data: [("kind", .string(kind.rawValue)), ("id", .string(id))])
    case .invalidState(let reason, let state, let message):
      self = .invalidState(reason: reason.rawValue, state: state?.rawValue, message: message)
    case .limitExceeded(let limit, let value, let reached):
      let flag =
        switch limit {
        case .maxLayers: "--max-layers"
        case .maxAlerts: "--max-alerts"
        case .maxTreeDepth: "--max-tree-depth"
        }
      self.init(
        code: .limitExceeded, message: "\(error.description) The limit is set by \(flag).",
        data: [
          ("name", .string(limit.rawValue)), ("limit", .int(value)), ("value", .int(reached)),
        ])
    }
  }
}

/// Runs a core operation, turning its `CoreError` into the JSON-RPC error.
func core<T>(_ body: () throws(CoreError) -> T) throws(ResponseError) -> T {
  do {
    return try body()
  } catch {
    throw ResponseError(error)
  }
}
