import OrdoCore
import OrdoJSON
import OrdoRPC

// How the domain's values are written on the wire: each encoder exists once, here.

extension Layer: JSONWritable {
  /// `{id, parent, sort, index, frame?, hidden, interactive, clips, childCount, data?}`:
  /// `frame` and `data` are left out when not set.
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("id")
    writer.string(id)
    writer.key("parent")
    writer.string(parent)
    writer.key("sort")
    writer.int(sort)
    writer.key("index")
    writer.int(index)
    if let frame {
      writer.key("frame")
      frame.write(to: &writer)
    }
    writer.key("hidden")
    writer.bool(hidden)
    writer.key("interactive")
    writer.bool(interactive)
    writer.key("clips")
    writer.bool(clips)
    writer.key("childCount")
    writer.int(childCount)
    if let data {
      writer.key("data")
      writer.raw(data.text)
    }
    writer.endObject()
  }
}

extension Frame: JSONWritable {
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("x")
    writer.number(x)
    writer.key("y")
    writer.number(y)
    writer.key("width")
    writer.number(width)
    writer.key("height")
    writer.number(height)
    writer.endObject()
  }
}

extension RawJSON: JSONWritable {
  public func write(to writer: inout JSONWriter) { writer.raw(text) }
}

extension Alert: JSONWritable {
  /// Every member always present, `null` where not set.
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("id")
    writer.string(id)
    writer.key("queue")
    writer.string(queue)
    writer.key("type")
    writer.string(type)
    writer.key("priority")
    writer.int(priority)
    writer.key("state")
    writer.string(state.rawValue)
    writer.key("scope")
    writer.string(scope)
    writer.key("key")
    writer.string(key)
    writer.key("data")
    writer.value(data)
    writer.key("result")
    writer.value(result)
    writer.key("seq")
    writer.int(seq)
    writer.key("createdAt")
    writer.int(createdAt)
    writer.key("readyAt")
    writer.int(readyAt)
    writer.key("expiresAt")
    writer.int(expiresAt)
    writer.key("durationMs")
    writer.int(durationMs)
    writer.key("shownAt")
    writer.int(shownAt)
    writer.key("endedAt")
    writer.int(endedAt)
    writer.key("endReason")
    writer.string(endReason?.rawValue)
    writer.key("shownCount")
    writer.int(shownCount)
    writer.key("mount")
    writer.value(mount)
    writer.key("persist")
    writer.bool(persist)
    writer.endObject()
  }
}

extension AlertMount: JSONWritable {
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("parent")
    writer.string(parent)
    writer.key("sort")
    writer.int(sort)
    writer.endObject()
  }
}

extension FrequencyLimit: JSONWritable {
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("max")
    writer.int(max)
    writer.key("windowMs")
    writer.int(windowMs)
    writer.key("per")
    writer.string(per.rawValue)
    writer.endObject()
  }
}

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
        code: .limitExceeded, message: "\(error.description) (The limit is set by \(flag).)",
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
