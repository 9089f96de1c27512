import OrdoJSON

/// Typed, path-aware access to a request's by-name `params`.
///
/// Creating one refuses members that are not in the method's parameter list (a typo must
/// not pass silently). Readers refuse wrong types with -32602 and a JSON Pointer `path`.
/// A member whose value is `null` reads as absent, except through `member(_:)`, which
/// the few parameters where `null` means something (`parent`, `frame`, `data`) use.
public struct Params {
  /// The largest integer a JavaScript client holds exactly: 2^53 − 1.
  public static let maxSafeInteger: Int64 = 9_007_199_254_740_991

  private let object: JSONValue?
  /// JSON Pointer of this object inside `params` ("" at the top).
  public let pointer: String

  /// - Parameters:
  ///   - object: the `params` object (or a nested object), nil when omitted.
  ///   - allowed: the names this object may contain.
  public init(_ object: JSONValue?, allowed: [String], pointer: String = "")
    throws(ResponseError)
  {
    self.object = object
    self.pointer = pointer
    guard let object else { return }
    var unknown: String?
    object.forEachMember { name, _ in
      if unknown == nil, !allowed.contains(name) { unknown = name }
    }
    if let unknown {
      let expected =
        allowed.isEmpty ? "no parameters" : "one of: " + allowed.joined(separator: ", ")
      throw .invalidParams(
        path: pointer + "/" + Self.escape(unknown), expected: expected,
        message: "Unknown parameter \"\(Self.dotted(pointer + "/" + Self.escape(unknown)))\""
          + " (expected \(expected)).")
    }
  }

  /// The raw member, `null` included; nil when absent.
  public func member(_ name: String) -> JSONValue? {
    object?.member(name)
  }

  /// Whether the member is present (even as `null`).
  public func contains(_ name: String) -> Bool {
    member(name) != nil
  }

  /// The member unless absent or `null`.
  private func value(_ name: String) -> JSONValue? {
    guard let value = member(name), !value.isNull else { return nil }
    return value
  }

  public func path(_ name: String) -> String { pointer + "/" + Self.escape(name) }

  /// -32602 for a member of this object.
  public func invalid(_ name: String, expected: String) -> ResponseError {
    let path = path(name)
    return .invalidParams(
      path: path, expected: expected, message: "\(Self.dotted(path)) must be \(expected).")
  }

  /// -32602 for a required member that is absent.
  public func missing(_ name: String, expected: String) -> ResponseError {
    let path = path(name)
    return .invalidParams(
      path: path, expected: expected,
      message: "\(Self.dotted(path)) is required (\(expected)).")
  }

  public func string(_ name: String) throws(ResponseError) -> String? {
    guard let value = value(name) else { return nil }
    guard let text = value.string else { throw invalid(name, expected: "a string") }
    return text
  }

  public func requiredString(_ name: String) throws(ResponseError) -> String {
    guard let text = try string(name) else { throw missing(name, expected: "a string") }
    return text
  }

  /// An id: a string of 1–256 characters.
  public func id(_ name: String) throws(ResponseError) -> String? {
    guard let value = value(name) else { return nil }
    let expected = "a string of 1 to 256 characters"
    guard let text = value.string else { throw invalid(name, expected: expected) }
    let length = text.unicodeScalars.count
    guard length >= 1 && length <= 256 else { throw invalid(name, expected: expected) }
    return text
  }

  public func requiredID(_ name: String) throws(ResponseError) -> String {
    guard let text = try id(name) else {
      throw missing(name, expected: "a string of 1 to 256 characters")
    }
    return text
  }

  /// An integer within ±(2^53 − 1) (`1.0` counts as 1), further bounded by `range`.
  public func integer(_ name: String, in range: ClosedRange<Int64>? = nil)
    throws(ResponseError) -> Int64?
  {
    guard let value = value(name) else { return nil }
    let bounds = range ?? (-Self.maxSafeInteger...Self.maxSafeInteger)
    let expected = Self.describe(bounds)
    guard let number = value.exactInteger, abs(number) <= Self.maxSafeInteger,
      bounds.contains(number)
    else { throw invalid(name, expected: expected) }
    return number
  }

  public func requiredInteger(_ name: String, in range: ClosedRange<Int64>? = nil)
    throws(ResponseError) -> Int64
  {
    guard let number = try integer(name, in: range) else {
      throw missing(
        name, expected: Self.describe(range ?? (-Self.maxSafeInteger...Self.maxSafeInteger)))
    }
    return number
  }

  /// A finite number, optionally at least `minimum`.
  public func number(_ name: String, minimum: Double? = nil) throws(ResponseError) -> Double? {
    guard let value = value(name) else { return nil }
    let expected = minimum.map { "a number >= \(Self.format($0))" } ?? "a number"
    guard let number = value.number, number.isFinite else {
      throw invalid(name, expected: expected)
    }
    if let minimum, number < minimum { throw invalid(name, expected: expected) }
    return number
  }

  public func requiredNumber(_ name: String, minimum: Double? = nil) throws(ResponseError)
    -> Double
  {
    guard let number = try number(name, minimum: minimum) else {
      throw missing(
        name, expected: minimum.map { "a number >= \(Self.format($0))" } ?? "a number")
    }
    return number
  }

  public func bool(_ name: String) throws(ResponseError) -> Bool? {
    guard let value = value(name) else { return nil }
    guard let flag = value.bool else { throw invalid(name, expected: "true or false") }
    return flag
  }

  /// One of a fixed set of strings.
  public func choice(_ name: String, from choices: [String]) throws(ResponseError) -> String? {
    guard let value = value(name) else { return nil }
    let expected = "one of " + choices.map { "\"\($0)\"" }.joined(separator: ", ")
    guard let text = value.string, choices.contains(text) else {
      throw invalid(name, expected: expected)
    }
    return text
  }

  /// A nested object, itself checked for unknown members.
  public func object(_ name: String, allowed: [String]) throws(ResponseError) -> Params? {
    guard let value = value(name) else { return nil }
    guard value.kind == .object else { throw invalid(name, expected: "an object") }
    return try Params(value, allowed: allowed, pointer: path(name))
  }

  /// An array of strings; with `ids`, each 1–256 characters.
  public func strings(_ name: String, ids: Bool = false, choices: [String]? = nil)
    throws(ResponseError) -> [String]?
  {
    guard let value = value(name) else { return nil }
    let elementExpected: String
    if let choices {
      elementExpected = "one of " + choices.map { "\"\($0)\"" }.joined(separator: ", ")
    } else {
      elementExpected = ids ? "a string of 1 to 256 characters" : "a string"
    }
    guard value.kind == .array else {
      throw invalid(name, expected: "an array of strings")
    }
    var result: [String] = []
    result.reserveCapacity(value.count)
    for index in 0..<value.count {
      let elementPath = path(name) + "/\(index)"
      guard let text = value.element(at: index)?.string,
        !ids || (1...256).contains(text.unicodeScalars.count),
        choices?.contains(text) ?? true
      else {
        throw .invalidParams(
          path: elementPath, expected: elementExpected,
          message: "\(Self.dotted(elementPath)) must be \(elementExpected).")
      }
      result.append(text)
    }
    return result
  }

  /// Escapes a member name for a JSON Pointer (RFC 6901).
  public static func escape(_ name: String) -> String {
    guard name.contains("~") || name.contains("/") else { return name }
    var escaped = ""
    for character in name {
      switch character {
      case "~": escaped += "~0"
      case "/": escaped += "~1"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// `/frame/width` → `frame.width`, `/ids/2` → `ids[2]`, for messages.
  public static func dotted(_ pointer: String) -> String {
    var result = ""
    for part in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
      if !part.isEmpty, part.allSatisfy(\.isNumber), !result.isEmpty {
        result += "[\(part)]"
      } else {
        result += result.isEmpty ? String(part) : "." + part
      }
    }
    return result.isEmpty ? "params" : result
  }

  private static func describe(_ range: ClosedRange<Int64>) -> String {
    switch (range.lowerBound == -maxSafeInteger, range.upperBound == maxSafeInteger) {
    case (true, true): return "an integer from -9007199254740991 to 9007199254740991"
    case (false, true): return "an integer >= \(range.lowerBound)"
    case (true, false): return "an integer <= \(range.upperBound)"
    case (false, false): return "an integer from \(range.lowerBound) to \(range.upperBound)"
    }
  }

  private static func format(_ value: Double) -> String {
    value.rounded(.towardZero) == value && abs(value) < 1e15
      ? String(Int64(value)) : String(value)
  }
}
