import OrdoJSON

#if canImport(Glibc)
  import Glibc
#endif

/// A request id, echoed exactly: strings verbatim, integers as integers, other numbers as
/// the very text they were sent as (`1e2`, `1.0`, `-0`, 30-digit integers).
public enum RequestID: Equatable, Sendable {
  case string(String)
  case integer(Int64)
  /// A number that is not a plain 64-bit integer; `text` is the JSON number as received.
  case number(text: String)
  /// A string as received, escapes and all (`"\ud800"`): the id of a message whose lone
  /// surrogate escapes were read as U+FFFD, so that the client still gets its own id back.
  case verbatimString(text: String)
  case null

  public func write(into writer: inout JSONWriter) {
    switch self {
    case .string(let text): writer.string(text)
    case .integer(let number): writer.int(number)
    case .number(let text), .verbatimString(let text): writer.raw(text)
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

/// Classifies JSON texts into JSON-RPC messages (docs/protocol.md#transport).
public enum MessageClassifier {
  /// Parses and classifies one framed message.
  /// - Complexity: O(n) in its bytes.
  public static func classify(_ bytes: UnsafeRawBufferPointer) -> Incoming {
    var parseFailure: JSONParseFailure?
    if let document = JSONDocument.parse(bytes, failure: &parseFailure) {
      return classify(
        document.value, source: bytes, stringIDsAsSent: document.replacedLoneSurrogates)
    }
    // A nil document always comes with its failure.
    let reason = parseFailure?.reason ?? .invalidJSON
    switch reason {
    case .nulInKey, .outOfMemory:
      // Valid JSON (a `\u0000` in a key) that jansson cannot hold: not a parse error
      // (JSONDocument checked that the rest is JSON); or a text the memory to parse could
      // not be had for, which may well be JSON. The id of a request object is still
      // echoed when it can be read from the raw text; a batch gets one answer, id null.
      let id = Self.isObject(bytes) ? RawIDScanner.ids(in: bytes).first?.flatMap(Self.rawID) : nil
      return .single(
        .invalid(
          id: id ?? .null,
          error: reason == .nulInKey ? .nulInKey : .outOfMemory(bytes: bytes.count)))
    default:
      return .failure(
        .parseError(
          reason: reason.rawValue, detail: parseFailure?.detail ?? "",
          position: parseFailure?.position ?? 0))
    }
  }

  /// Classifies a parsed JSON text; `source`, its bytes, lets numeric ids be echoed as sent,
  /// and string ids too with `stringIDsAsSent` (the parsed strings are not the ones sent).
  public static func classify(
    _ value: JSONValue, source: UnsafeRawBufferPointer? = nil, stringIDsAsSent: Bool = false
  ) -> Incoming {
    var rawIDs: [String?]?
    func exactID(_ index: Int) -> RequestID? {
      guard let source else { return nil }
      if rawIDs == nil { rawIDs = RawIDScanner.ids(in: source) }
      guard let rawIDs, index < rawIDs.count, let text = rawIDs[index] else { return nil }
      return rawID(text)
    }
    guard value.kind == .array else {
      return .single(
        message(value, exactID: { exactID(0) }, stringIDsAsSent: stringIDsAsSent))
    }
    guard value.count > 0 else {
      return .failure(
        .invalidRequest(
          reason: "empty_batch", message: "Invalid Request: a batch must not be empty."))
    }
    var messages: [Message] = []
    messages.reserveCapacity(value.count)
    for index in 0..<value.count {
      guard let element = value.element(at: index) else { continue }
      messages.append(
        message(element, exactID: { exactID(index) }, stringIDsAsSent: stringIDsAsSent))
    }
    return .batch(messages)
  }

  /// The id whose raw text is `text` (read by a scanner from a message over
  /// `--max-message-bytes`), when it is a string, a number or null.
  public static func id(rawText text: String) -> RequestID? {
    guard case .success(let document) = JSONDocument.parse(text) else { return nil }
    switch document.value.kind {
    case .string:
      // Read with U+FFFD for a lone surrogate: the client's id is the text as written.
      if document.replacedLoneSurrogates { return .verbatimString(text: text) }
      return document.value.string.map(RequestID.string)
    case .integer, .real: return .number(text: text)  // as sent, as other numeric ids
    case .null: return .null
    case .object, .array, .bool: return nil
    }
  }

  /// Whether a JSON text's first byte after whitespace opens an object.
  private static func isObject(_ bytes: UnsafeRawBufferPointer) -> Bool {
    bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
  }

  /// A raw id's text as a `RequestID`.
  private static func rawID(_ text: String) -> RequestID? {
    guard let first = text.utf8.first else { return nil }
    if first == UInt8(ascii: "\"") { return .verbatimString(text: text) }
    guard first == UInt8(ascii: "-") || (0x30...0x39).contains(first) else { return nil }
    return .number(text: text)
  }

  /// Classifies one request object (a top-level text or a batch entry). `exactID` gives
  /// the id's raw text when a number must be echoed as sent.
  public static func message(
    _ value: JSONValue, exactID: () -> RequestID? = { nil }, stringIDsAsSent: Bool = false
  ) -> Message {
    guard value.kind == .object else {
      return .invalid(
        id: .null,
        error: .invalidRequest(
          reason: "not_an_object",
          message: "Invalid Request: a request must be a JSON object, not \(describe(value))."))
    }
    // One walk over the members instead of a hash lookup per name (keys are unique). The
    // walk keeps bare children: a `JSONValue` holds its document, and making one per member
    // met cost two retains and releases each.
    var idChild: JSONValue.Child?
    var versionChild: JSONValue.Child?
    var methodChild: JSONValue.Child?
    var paramsChild: JSONValue.Child?
    value.forEachMemberKey { key, child in
      if Self.key(key, is: "id") {
        idChild = child
      } else if Self.key(key, is: "method") {
        methodChild = child
      } else if Self.key(key, is: "params") {
        paramsChild = child
      } else if Self.key(key, is: "jsonrpc") {
        versionChild = child
      }
      return true
    }
    let idMember = idChild.map(value.value(of:))
    let version = versionChild.map(value.value(of:))
    let methodMember = methodChild.map(value.value(of:))
    let paramsMember = paramsChild.map(value.value(of:))
    var id: RequestID? = nil
    if let idMember {
      switch idMember.kind {
      // The raw text found for `id` is echoed only when it is the member read here (the
      // scanner sees keys as written: a duplicate spelled `"\u0069d"` escapes it).
      case .string:
        let parsed = idMember.string ?? ""
        if stringIDsAsSent, case .verbatimString(let text)? = exactID(),
          case .success(let document) = JSONDocument.parse(text),
          document.value.string == parsed
        {
          id = .verbatimString(text: text)
        } else {
          id = .string(parsed)
        }
      case .integer:
        // `-0` parses as 0; anything else that jansson holds as an integer reads back as is.
        let number = idMember.integer ?? 0
        if number == 0, case .number(let text)? = exactID(), text == "-0" || text == "0" {
          id = .number(text: text)
        } else {
          id = .integer(number)
        }
      case .real:
        let number = idMember.number ?? 0
        if case .number(let text)? = exactID(), Double(text) == number {
          id = .number(text: text)
        } else {
          var writer = JSONWriter()
          writer.exactReal(number)
          id = .number(text: writer.text)
        }
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
    guard let version, version.isString("2.0") else {
      return .invalid(
        id: answerID,
        error: .invalidRequest(
          reason: "invalid_jsonrpc",
          message: "Invalid Request: \"jsonrpc\" must be the string \"2.0\"."))
    }
    guard let methodMember else {
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
    if let paramsMember {
      switch paramsMember.kind {
      case .object: params = .byName(paramsMember)
      case .array: params = paramsMember.count == 0 ? .none : .byPosition
      // pygls and Emacs's jsonrpc.el send `"params": null` for a call without parameters.
      case .null: params = .none
      default:
        return .invalid(
          id: answerID,
          error: .invalidRequest(
            reason: "invalid_params",
            message: "Invalid Request: \"params\" must be an object, an array or null."))
      }
    }
    return .call(id: id, method: method, params: params)
  }

  @inline(__always)
  private static func key(_ key: UnsafeBufferPointer<UInt8>, is name: StaticString) -> Bool {
    guard key.count == name.utf8CodeUnitCount, let base = key.baseAddress else { return false }
    return memcmp(base, name.utf8Start, key.count) == 0
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
