/// A JSON-RPC error code (docs/protocol.md#transport): the protocol's own and Ordo's domain codes.
public struct ErrorCode: RawRepresentable, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let parseError = ErrorCode(rawValue: -32700)
  public static let invalidRequest = ErrorCode(rawValue: -32600)
  public static let methodNotFound = ErrorCode(rawValue: -32601)
  public static let invalidParams = ErrorCode(rawValue: -32602)
  public static let internalError = ErrorCode(rawValue: -32603)
  public static let notFound = ErrorCode(rawValue: -32001)
  public static let alreadyExists = ErrorCode(rawValue: -32002)
  public static let invalidState = ErrorCode(rawValue: -32003)
  public static let limitExceeded = ErrorCode(rawValue: -32004)
  public static let storageError = ErrorCode(rawValue: -32005)
}

/// One member value of `error.data`.
public enum ErrorDataValue: Equatable, Sendable {
  case string(String)
  case int(Int)
  case null
}

/// The `error` member of a response: code, a sentence a developer can act on, and data.
public struct ResponseError: Error, Equatable, Sendable {
  public var code: ErrorCode
  public var message: String
  /// `error.data` members in the order written.
  public var data: [(String, ErrorDataValue)]

  public init(code: ErrorCode, message: String, data: [(String, ErrorDataValue)] = []) {
    self.code = code
    self.message = message
    self.data = data
  }

  public static func == (lhs: ResponseError, rhs: ResponseError) -> Bool {
    lhs.code == rhs.code && lhs.message == rhs.message
      && lhs.data.map(\.0) == rhs.data.map(\.0) && lhs.data.map(\.1) == rhs.data.map(\.1)
  }

  /// The value of one `data` member, for tests and logs.
  public func dataValue(_ name: String) -> ErrorDataValue? {
    data.first { $0.0 == name }?.1
  }

  /// -32600 for JSON that Ordo cannot hold: an object key with `\u0000` in it.
  public static let nulInKey = ResponseError.invalidRequest(
    reason: "nul_in_key",
    message: "Invalid Request: an object key contains \\u0000, which Ordo cannot store.")

  /// -32600 for a message the engine could not find the memory to parse (a process memory
  /// limit): `bytes` long, it needs up to about 90 times that while it is parsed (a list of
  /// empty objects; about 35 for one of small numbers or strings).
  public static func outOfMemory(bytes: Int) -> ResponseError {
    ResponseError(
      code: .invalidRequest,
      message:
        "Invalid Request: the engine could not allocate the memory to parse this message of"
        + " \(bytes) bytes (parsing takes up to about 90 times its size); send less in one"
        + " message, or give the engine more memory.",
      data: [("reason", .string("out_of_memory")), ("bytes", .int(bytes))])
  }

  public static func parseError(reason: String, detail: String, position: Int) -> ResponseError {
    ResponseError(
      code: .parseError,
      message: "Parse error: the message is not valid JSON (\(detail)).",
      data: [
        ("reason", .string(reason)), ("detail", .string(detail)), ("position", .int(position)),
      ]
    )
  }

  public static func invalidRequest(reason: String, message: String) -> ResponseError {
    ResponseError(
      code: .invalidRequest, message: message, data: [("reason", .string(reason))])
  }

  public static func tooLarge(limit: Int) -> ResponseError {
    ResponseError(
      code: .invalidRequest,
      message:
        "Invalid Request: the message is larger than the limit of \(limit) bytes (set by"
        + " --max-message-bytes).",
      data: [("reason", .string("too_large")), ("limit", .int(limit))]
    )
  }

  /// A name the request gave, as a message quotes it: whole up to 64 characters (Unicode
  /// scalars), else its first 64 and "…". The `data` member that holds the name holds it
  /// whole; a message (and the log line that repeats it) stays short.
  public static func shown(_ name: String) -> String {
    let scalars = name.unicodeScalars
    guard scalars.count > 64 else { return name }
    return String(String.UnicodeScalarView(scalars.prefix(64))) + "…"
  }

  /// -32601; `suggestion`: a served method the name looks like a slip of.
  public static func methodNotFound(_ method: String, suggestion: String? = nil) -> ResponseError {
    guard let suggestion else {
      return ResponseError(
        code: .methodNotFound, message: "Method not found: \"\(shown(method))\".",
        data: [("method", .string(method))])
    }
    return ResponseError(
      code: .methodNotFound,
      message: "Method not found: \"\(shown(method))\". Did you mean \"\(suggestion)\"?",
      data: [("method", .string(method)), ("suggestion", .string(suggestion))])
  }

  /// -32602 with a JSON Pointer into `params` and what would have been accepted;
  /// `suggestion`: for an unknown key, the parameter it looks like a slip of.
  public static func invalidParams(
    path: String, expected: String, message: String, suggestion: String? = nil
  ) -> ResponseError {
    var data: [(String, ErrorDataValue)] = [
      ("path", .string(path)), ("expected", .string(expected)),
    ]
    if let suggestion { data.append(("suggestion", .string(suggestion))) }
    return ResponseError(code: .invalidParams, message: message, data: data)
  }

  public static func internalError(_ message: String) -> ResponseError {
    ResponseError(code: .internalError, message: "Internal error: \(message)")
  }

  public static func invalidState(reason: String, state: String? = nil, message: String)
    -> ResponseError
  {
    var data: [(String, ErrorDataValue)] = [("reason", .string(reason))]
    if let state { data.append(("state", .string(state))) }
    return ResponseError(code: .invalidState, message: message, data: data)
  }
}
