import OrdoJSON

/// A request id, echoed exactly: strings verbatim, integers as integers, fractions in the
/// shortest form that reads back to the same double (`1.0` stays `1.0`).
public enum RequestID: Equatable, Sendable {
  case string(String)
  case integer(Int64)
  case real(Double)
  case null

  public func write(into writer: inout JSONWriter) {
    switch self {
    case .string(let text): writer.string(text)
    case .integer(let number): writer.int(number)
    case .real(let number): writer.exactReal(number)
    case .null: writer.null()
    }
  }
}

/// `params` as sent: omitted (or `[]`), by name, or by position (refused with -32602).
public enum RequestParams {
  case none
  case byName(JSONValue)
  case byPosition
}

/// One JSON-RPC message after classification.
public enum Message {
  /// A call; `id == nil` makes it a notification (never answered).
  case call(id: RequestID?, method: String, params: RequestParams)
  /// JSON that is not a request: always answered with -32600 (`id` echoed where readable).
  case invalid(id: RequestID, error: ResponseError)
}

/// What one JSON text turned out to be.
public enum Incoming {
  case single(Message)
  case batch([Message])
  /// Answered with one error and `id: null`: parse errors and the empty batch.
  case failure(ResponseError)
}

/// Classifies JSON texts into JSON-RPC messages (SPEC §1).
public enum MessageClassifier {
  /// Parses and classifies one framed message.
  /// - Complexity: O(n) in its bytes.
  public static func classify(_ bytes: UnsafeRawBufferPointer) -> Incoming {
    switch JSONDocument.parse(bytes) {
    case .failure(let failure) where failure.reason == .nulInKey:
      // Valid JSON (a `\u0000` in a key), so not a parse error; no request has such a key.
      return .failure(
        .invalidRequest(
          reason: "nul_in_key",
          message: "Invalid Request: an object key contains \\u0000, which no request has."))
    case .failure(let failure):
      return .failure(
        .parseError(
          reason: failure.reason.rawValue, detail: failure.detail, position: failure.position))
    case .success(let document):
      return classify(document.value)
    }
  }

  /// Classifies a parsed JSON text.
  public static func classify(_ value: JSONValue) -> Incoming {
    guard value.kind == .array else { return .single(message(value)) }
    guard value.count > 0 else {
      return .failure(
        .invalidRequest(
          reason: "empty_batch", message: "Invalid Request: a batch must not be empty."))
    }
    var messages: [Message] = []
    messages.reserveCapacity(value.count)
    for index in 0..<value.count {
      guard let element = value.element(at: index) else { continue }
      messages.append(message(element))
    }
    return .batch(messages)
  }

  /// Classifies one request object (a top-level text or a batch entry).
  public static func message(_ value: JSONValue) -> Message {
    guard value.kind == .object else {
      return .invalid(
        id: .null,
        error: .invalidRequest(
          reason: "not_an_object",
          message: "Invalid Request: a request must be a JSON object, not \(describe(value))."))
    }
    let idMember = value.member("id")
    var id: RequestID? = nil
    if let idMember {
      switch idMember.kind {
      case .string: id = .string(idMember.string ?? "")
      case .integer: id = .integer(idMember.integer ?? 0)
      case .real: id = .real(idMember.number ?? 0)
      case .null: id = .null
      default:
        return .invalid(
          id: .null,
          error: .invalidRequest(
            reason: "invalid_id",
            message: "Invalid Request: \"id\" must be a string, a number or null."))
      }
    }
    let answerID = id ?? .null
    guard let version = value.member("jsonrpc"), version.string == "2.0" else {
      return .invalid(
        id: answerID,
        error: .invalidRequest(
          reason: "invalid_jsonrpc",
          message: "Invalid Request: \"jsonrpc\" must be the string \"2.0\"."))
    }
    guard let methodMember = value.member("method") else {
      return .invalid(
        id: answerID,
        error: .invalidRequest(
          reason: "missing_method", message: "Invalid Request: \"method\" is missing."))
    }
    guard let method = methodMember.string else {
      return .invalid(
        id: answerID,
        error: .invalidRequest(
          reason: "invalid_method", message: "Invalid Request: \"method\" must be a string."))
    }
    var params = RequestParams.none
    if let paramsMember = value.member("params") {
      switch paramsMember.kind {
      case .object: params = .byName(paramsMember)
      case .array: params = paramsMember.count == 0 ? .none : .byPosition
      default:
        return .invalid(
          id: answerID,
          error: .invalidRequest(
            reason: "invalid_params",
            message: "Invalid Request: \"params\" must be an object or an array."))
      }
    }
    return .call(id: id, method: method, params: params)
  }

  private static func describe(_ value: JSONValue) -> String {
    switch value.kind {
    case .object: return "an object"
    case .array: return "an array"
    case .string: return "a string"
    case .integer, .real: return "a number"
    case .bool: return "a boolean"
    case .null: return "null"
    }
  }
}
