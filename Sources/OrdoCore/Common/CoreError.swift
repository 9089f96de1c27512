/// A domain error, raised by the pure core and turned into a JSON-RPC error at the RPC
/// boundary, once (docs/protocol.md#errors). Messages here name domain things only; the
/// boundary adds what belongs to the protocol (method names, command-line flags).
public enum CoreError: Error, Equatable, Sendable {
  /// -32602. `path` is a JSON Pointer into `params` (e.g. `/frame/width`), `expected` says
  /// what would have been accepted, `message` is a sentence a developer can act on.
  case invalidParams(path: String, expected: String, message: String)
  /// -32001: no such layer or alert.
  case notFound(EntityKind, id: String)
  /// -32002: the id is taken (or, for `.key`, an active alert holds the dedupe key).
  case alreadyExists(EntityKind, id: String)
  /// -32003: the operation is not valid now; `state` is the alert's state where one applies.
  case invalidState(InvalidStateReason, state: AlertState?, message: String)
  /// -32004: `limit` is the configured value and `value` what the operation would have reached.
  case limitExceeded(CoreLimit, limit: Int, value: Int)
}

/// What a `notFound` / `alreadyExists` error is about.
public enum EntityKind: String, Sendable {
  case layer, alert
  /// An alert's dedupe key (`onDuplicate: "error"`).
  case key
}

/// Why an operation is not valid now.
public enum InvalidStateReason: String, Sendable {
  /// Moving a layer under itself or one of its descendants.
  case cycle
  /// Completing an alert that is not showing or suspended.
  case notShowing = "not_showing"
  /// Popping an empty page stack.
  case emptyStack = "empty_stack"
}

/// The configured limits the core enforces.
public enum CoreLimit: String, Sendable {
  case maxLayers, maxAlerts, maxTreeDepth
}

extension CoreError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .invalidParams(_, _, let message): return message
    case .notFound(let kind, let id): return "No \(kind.rawValue) with id \"\(id)\"."
    case .alreadyExists(let kind, let id):
      return kind == .key
        ? "An active alert with key \"\(id)\" already exists."
        : "\(kind.rawValue.first == "a" ? "An" : "A") \(kind.rawValue) with id \"\(id)\" already"
          + " exists."
    case .invalidState(_, _, let message): return message
    case .limitExceeded(let limit, let value, let reached):
      switch limit {
      case .maxLayers:
        return "The engine holds at most \(count(value, "layer")); this would make \(reached)."
      case .maxAlerts:
        return
          "At most \(count(value, "alert")) may be active at once; this would make \(reached)."
      case .maxTreeDepth:
        return
          "The tree would nest \(reached) levels, deeper than the limit of \(value); ask for"
          + " less depth or for a subtree by id."
      }
    }
  }

  private func count(_ number: Int, _ noun: String) -> String {
    number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
  }
}
