/// A domain error, raised by the pure core and turned into a JSON-RPC error at the RPC
/// boundary, once (SPEC §1 error table).
public enum CoreError: Error, Equatable, Sendable {
  /// -32602. `path` is a JSON Pointer into `params` (e.g. `/frame/width`), `expected` says
  /// what would have been accepted, `message` is a sentence a developer can act on.
  case invalidParams(path: String, expected: String, message: String)
  /// -32001. `kind` is `"layer"` or `"alert"`.
  case notFound(kind: String, id: String)
  /// -32002. `kind` is `"layer"`, `"alert"` or `"key"` (dedupe with `onDuplicate: "error"`).
  case alreadyExists(kind: String, id: String)
  /// -32003. `reason` is a stable machine word (`"cycle"`, `"not_showing"`, …); `state` is
  /// the current state where one applies.
  case invalidState(reason: String, state: String?, message: String)
  /// -32004. `name` names the limit (`"maxLayers"`), `limit` is its configured value and
  /// `value` what the operation would have reached.
  case limitExceeded(name: String, limit: Int, value: Int)
}

extension CoreError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .invalidParams(_, _, let message): return message
    case .notFound(let kind, let id): return "No \(kind) with id \"\(id)\"."
    case .alreadyExists(let kind, let id):
      return kind == "key"
        ? "An active alert with key \"\(id)\" already exists."
        : "A \(kind) with id \"\(id)\" already exists."
    case .invalidState(_, _, let message): return message
    case .limitExceeded(let name, let limit, let value):
      switch name {
      case "maxLayers":
        return "The engine holds at most \(limit) layers (--max-layers); this would make \(value)."
      case "maxAlerts":
        return
          "At most \(limit) alerts may be active (--max-alerts); this would make \(value)."
      case "maxTreeDepth":
        return
          "The tree would nest \(value) levels, deeper than the limit of \(limit)"
          + " (--max-tree-depth); ask for less depth or for a subtree by id."
      default:
        return "The limit \(name) is \(limit); this would reach \(value)."
      }
    }
  }
}
