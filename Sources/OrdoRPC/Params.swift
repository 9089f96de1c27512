import OrdoJSON

#if canImport(Glibc)
  import Glibc
#endif

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
  /// The names this object may contain.
  private let names: ParamNames
  /// Bit i: name i is a member. Reading an absent parameter (most reads: methods have many
  /// optional parameters and requests set few) then costs a scan of the names' signatures,
  /// not a hash lookup in the object.
  private let present: UInt64
  /// Bit `ParamNames.bloomBit(signature)` set for each member's name: reading an absent
  /// parameter mostly costs its name's signature and one test (≈15 instructions, not a
  /// name lookup: a method reads every parameter it has, and requests set few).
  private let presentBloom: UInt64
  /// The first `Params.cacheSize` members met, with their name indices (a byte each in
  /// `cachedNames`, 0xFF for none): reading one of them makes no lookup at all.
  private var cached: (JSONValue.Child?, JSONValue.Child?, JSONValue.Child?, JSONValue.Child?) =
    (nil, nil, nil, nil)
  private var cachedNames: UInt32 = 0xFFFF_FFFF
  private static let cacheSize = 4

  /// - Parameters:
  ///   - object: the `params` object (or a nested object), nil when omitted.
  ///   - allowed: the names this object may contain.
  public init(_ object: JSONValue?, allowed: [String], pointer: String = "")
    throws(ResponseError)
  {
    try self.init(object, names: ParamNames(allowed), pointer: pointer)
  }

  /// - Parameters:
  ///   - object: the `params` object (or a nested object), nil when omitted.
  ///   - names: the names this object may contain.
  public init(_ object: JSONValue?, names: ParamNames, pointer: String = "")
    throws(ResponseError)
  {
    self.object = object
    self.pointer = pointer
    self.names = names
    var present: UInt64 = 0
    var presentBloom: UInt64 = 0
    var unknown: String?
    var cached: (JSONValue.Child?, JSONValue.Child?, JSONValue.Child?, JSONValue.Child?) =
      (nil, nil, nil, nil)
    var cachedNames: UInt32 = 0xFFFF_FFFF
    var count = 0
    object?.forEachMemberKey { key, child in
      guard let index = names.index(of: key) else {
        unknown = String(decoding: key, as: UTF8.self)
        return false
      }
      if index < 64 { present |= 1 << UInt64(index) }
      presentBloom |= ParamNames.bloomBit(of: key)
      if index < 0xFF && count < Self.cacheSize {
        switch count {
        case 0: cached.0 = child
        case 1: cached.1 = child
        case 2: cached.2 = child
        default: cached.3 = child
        }
        let shift = UInt32(8 * count)
        cachedNames = cachedNames & ~(0xFF << shift) | UInt32(index) << shift
        count += 1
      }
      return true
    }
    self.present = present
    self.presentBloom = presentBloom
    self.cached = cached
    self.cachedNames = cachedNames
    if let unknown {
      let allowed = names.names
      let expected =
        allowed.isEmpty ? "no parameters" : "one of: " + allowed.joined(separator: ", ")
      // The key as sent ("", "0", "a/b"), after the object's own place: dotted from the
      // path it read as the params themselves, an array index or an escape.
      let name = ResponseError.shown(unknown)
      let shown = pointer.isEmpty ? name : Self.dotted(pointer) + "." + name
      // Not one given as well (`{"delayMs": 5, "delay_ms": 5}` is no slip of delayMs).
      let suggestion = MethodTable.nearest(
        to: unknown, among: allowed.filter { object?.member($0) == nil })
      throw .invalidParams(
        path: pointer + "/" + JSONPointer.escape(unknown), expected: expected,
        message: "Unknown parameter \"\(shown)\" (expected \(expected))."
          + (suggestion.map { " Did you mean \"\($0)\"?" } ?? ""),
        suggestion: suggestion)
    }
  }

  /// The raw member, `null` included; nil when absent.
  public func member(_ name: ParamName) -> JSONValue? {
    guard let object else { return nil }
    guard let start = name.utf8Start else { return object.member(name.description) }
    let bytes = UnsafeBufferPointer(start: start, count: name.utf8Count)
    // Every member's name is in the filter (unknown names were refused): a miss is absent.
    if presentBloom & ParamNames.bloomBit(of: bytes) == 0 { return nil }
    guard let index = names.index(of: bytes) else { return object.member(utf8: bytes) }
    if index < 64 && present & (1 << UInt64(index)) == 0 { return nil }
    var slots = cachedNames
    for slot in 0..<Self.cacheSize {
      if slots & 0xFF == UInt32(index) {
        let child: JSONValue.Child?
        switch slot {
        case 0: child = cached.0
        case 1: child = cached.1
        case 2: child = cached.2
        default: child = cached.3
        }
        if let child { return object.value(of: child) }
      }
      slots >>= 8
    }
    return object.member(utf8: bytes)
  }

  /// The raw member, `null` included; nil when absent.
  @_disfavoredOverload
  public func member(_ name: String) -> JSONValue? {
    member(ParamName(name))
  }

  /// Whether the member is present (even as `null`).
  public func contains(_ name: ParamName) -> Bool {
    member(name) != nil
  }

  /// The member unless absent or `null`.
  private func value(_ name: ParamName) -> JSONValue? {
    guard let value = member(name), !value.isNull else { return nil }
    return value
  }

  public func path(_ name: ParamName) -> String {
    pointer + "/" + JSONPointer.escape(name.description)
  }

  /// -32602 for a member of this object.
  public func invalid(_ name: ParamName, expected: String) -> ResponseError {
    let path = path(name)
    return .invalidParams(
      path: path, expected: expected, message: "\(Self.dotted(path)) must be \(expected).")
  }

  /// -32602 for a required member that is absent.
  public func missing(_ name: ParamName, expected: String) -> ResponseError {
    let path = path(name)
    return .invalidParams(
      path: path, expected: expected,
      message: "\(Self.dotted(path)) is required (\(expected)).")
  }

  public func string(_ name: ParamName) throws(ResponseError) -> String? {
    guard let value = value(name) else { return nil }
    guard let text = value.string else { throw invalid(name, expected: "a string") }
    return text
  }

  public func requiredString(_ name: ParamName) throws(ResponseError) -> String {
    guard let text = try string(name) else { throw missing(name, expected: "a string") }
    return text
  }

  /// An id: a string of 1–256 characters.
  public func id(_ name: ParamName) throws(ResponseError) -> String? {
    guard let value = value(name) else { return nil }
    guard let length = value.stringScalarCount, length >= 1 && length <= 256,
      let text = value.string
    else { throw invalid(name, expected: "a string of 1 to 256 characters") }
    return text
  }

  public func requiredID(_ name: ParamName) throws(ResponseError) -> String {
    guard let text = try id(name) else {
      throw missing(name, expected: "a string of 1 to 256 characters")
    }
    return text
  }

  /// An integer within ±(2^53 − 1) (`1.0` counts as 1), further bounded by `range`.
  public func integer(_ name: ParamName, in range: ClosedRange<Int64>? = nil)
    throws(ResponseError) -> Int64?
  {
    guard let value = value(name) else { return nil }
    let bounds = range ?? (-Self.maxSafeInteger...Self.maxSafeInteger)
    // A range check, not abs(): abs(-2^63) traps.
    guard let number = value.exactInteger,
      (-Self.maxSafeInteger...Self.maxSafeInteger).contains(number), bounds.contains(number)
    else { throw invalid(name, expected: Self.describe(bounds)) }
    return number
  }

  public func requiredInteger(_ name: ParamName, in range: ClosedRange<Int64>? = nil)
    throws(ResponseError) -> Int64
  {
    guard let number = try integer(name, in: range) else {
      throw missing(
        name, expected: Self.describe(range ?? (-Self.maxSafeInteger...Self.maxSafeInteger)))
    }
    return number
  }

  /// A finite number, optionally at least `minimum`.
  public func number(_ name: ParamName, minimum: Double? = nil) throws(ResponseError) -> Double? {
    guard let value = value(name) else { return nil }
    let expected = minimum.map { "a number >= \(Self.format($0))" } ?? "a number"
    guard let number = value.number, number.isFinite else {
      throw invalid(name, expected: expected)
    }
    if let minimum, number < minimum { throw invalid(name, expected: expected) }
    return number
  }

  public func requiredNumber(_ name: ParamName, minimum: Double? = nil) throws(ResponseError)
    -> Double
  {
    guard let number = try number(name, minimum: minimum) else {
      throw missing(
        name, expected: minimum.map { "a number >= \(Self.format($0))" } ?? "a number")
    }
    return number
  }

  public func bool(_ name: ParamName) throws(ResponseError) -> Bool? {
    guard let value = value(name) else { return nil }
    guard let flag = value.bool else { throw invalid(name, expected: "true or false") }
    return flag
  }

  /// One of a fixed set of strings.
  public func choice(_ name: ParamName, from choices: [String]) throws(ResponseError) -> String? {
    guard let value = value(name) else { return nil }
    let expected = "one of " + choices.map { "\"\($0)\"" }.joined(separator: ", ")
    guard let text = value.string, choices.contains(text) else {
      throw invalid(name, expected: expected)
    }
    return text
  }

  /// A nested object, itself checked for unknown members.
  public func object(_ name: ParamName, allowed: [String]) throws(ResponseError) -> Params? {
    guard let value = value(name) else { return nil }
    guard value.kind == .object else { throw notAnObject(name, members: allowed) }
    return try Params(value, allowed: allowed, pointer: path(name))
  }

  /// A nested object, itself checked for unknown members (names laid out once, by the caller).
  public func object(_ name: ParamName, names: ParamNames) throws(ResponseError) -> Params? {
    guard let value = value(name) else { return nil }
    guard value.kind == .object else { throw notAnObject(name, members: names.names) }
    return try Params(value, names: names, pointer: path(name))
  }

  /// -32602 for a nested object given as another value: the message names its members, so
  /// that a caller who sent `"point": 5` learns what the object holds.
  private func notAnObject(_ name: ParamName, members: [String]) -> ResponseError {
    let path = path(name)
    return .invalidParams(
      path: path, expected: "an object",
      message:
        "\(Self.dotted(path)) must be an object (members: \(members.joined(separator: ", "))).")
  }

  /// An array of strings; with `ids`, each 1–256 characters; with `choices`, each one of
  /// them, at least one, and none twice (a set of choices).
  public func strings(_ name: ParamName, ids: Bool = false, choices: [String]? = nil)
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
      if choices != nil, result.contains(text) {
        throw .invalidParams(
          path: elementPath, expected: "a value not already in the list",
          message: "\(Self.dotted(elementPath)) repeats \"\(text)\".")
      }
      result.append(text)
    }
    if choices != nil, result.isEmpty {
      throw invalid(name, expected: "a non-empty array of " + elementExpected)
    }
    return result
  }

  /// `/frame/width` → `frame.width`, `/ids/2` → `ids[2]`, for messages.
  public static func dotted(_ pointer: String) -> String {
    var result = ""
    // By scalars: a `/` before a combining mark is one Character with it, not "/".
    let parts = pointer.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false)
    for scalars in parts.dropFirst() {
      let part = String(String.UnicodeScalarView(scalars))
      // An array index: ASCII digits only (`isNumber` holds for "½" and "٣" too).
      if !part.isEmpty, part.utf8.allSatisfy({ (0x30...0x39).contains($0) }), !result.isEmpty {
        result += "[\(part)]"
      } else {
        result += result.isEmpty ? part : "." + part
      }
    }
    return result.isEmpty ? "params" : result
  }

  /// Both bounds, always: "an integer >= 0" would be refused 2^53 with its own words.
  private static func describe(_ range: ClosedRange<Int64>) -> String {
    "an integer from \(range.lowerBound) to \(range.upperBound)"
  }

  private static func format(_ value: Double) -> String {
    value.rounded(.towardZero) == value && abs(value) < 1e15
      ? String(Int64(value)) : String(value)
  }
}

/// A parameter's name: a literal (the usual case: its bytes are at hand without making a
/// `String`) or a string. (`@unchecked Sendable`: the pointer is to immutable static memory.)
public struct ParamName: ExpressibleByStringLiteral, CustomStringConvertible, @unchecked Sendable {
  /// A literal's UTF-8 (static memory), nil for a name given as a `String`.
  let utf8Start: UnsafePointer<UInt8>?
  let utf8Count: Int
  private let text: String?

  public init(stringLiteral value: StaticString) {
    if value.hasPointerRepresentation {
      utf8Start = value.utf8Start
      utf8Count = value.utf8CodeUnitCount
      text = nil
    } else {
      utf8Start = nil
      utf8Count = 0
      text = value.description
    }
  }

  public init(_ text: String) {
    utf8Start = nil
    utf8Count = 0
    self.text = text
  }

  public var description: String {
    if let utf8Start {
      return String(
        decoding: UnsafeBufferPointer(start: utf8Start, count: utf8Count), as: UTF8.self)
    }
    return text ?? ""
  }
}

/// The parameter names a method (or a nested object) accepts, with their UTF-8 laid out once
/// so that checking a request's keys against them makes no `String`. (A class: a `Params`
/// holding it then costs one retain, not one per array.)
public final class ParamNames: Sendable {
  public let names: [String]
  /// Every name's UTF-8, one after the other.
  private let utf8: [UInt8]
  /// Per name: its signature (length and three of its bytes) in the low 32 bits, where its
  /// UTF-8 starts in the high 32. Signatures are compared before any byte.
  private let entries: [UInt64]
  /// Open addressing on the signature: position + 1 of a name, 0 for none. Finding a name is
  /// one probe or two, not a scan of every name: a method reads each of its parameters, so a
  /// scan made `alert.enqueue` (18 names) pay ≈2 900 instructions for its lookups.
  private let table: [UInt8]
  private let tableShift: UInt32

  public init(_ names: [String]) {
    precondition(names.count < 255, "at most 254 parameter names")
    self.names = names
    var utf8: [UInt8] = []
    var entries: [UInt64] = []
    for name in names {
      let bytes = Array(name.utf8)
      precondition(bytes.count <= Self.longestName, "a parameter name of over 255 bytes")
      let signature = bytes.withUnsafeBufferPointer(Self.signature)
      entries.append(UInt64(utf8.count) << 32 | UInt64(signature))
      utf8.append(contentsOf: bytes)
    }
    var bits: UInt32 = 3
    while 1 << bits < 2 * names.count { bits += 1 }
    var table = [UInt8](repeating: 0, count: 1 << bits)
    for (index, entry) in entries.enumerated() {
      var slot = Self.home(of: UInt32(truncatingIfNeeded: entry), shift: 32 - bits)
      while table[slot] != 0 { slot = (slot + 1) & (table.count - 1) }
      table[slot] = UInt8(index + 1)
    }
    self.utf8 = utf8
    self.entries = entries
    self.table = table
    self.tableShift = 32 - bits
  }

  /// The longest name, in UTF-8 bytes: a signature's low byte is the length.
  private static let longestName = 255

  @inline(__always)
  private static func signature(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let count = bytes.count
    guard count > 0 else { return 0 }
    return UInt32(truncatingIfNeeded: count & 0xFF) | UInt32(bytes[0]) << 8
      | UInt32(bytes[count / 2]) << 16 | UInt32(bytes[count - 1]) << 24
  }

  /// The bit of a 64-bit filter that a name with these UTF-8 bytes sets.
  @inline(__always)
  static func bloomBit(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    1 << UInt64((signature(bytes) &* 0x9E37_79B1) >> 26)
  }

  @inline(__always)
  private static func home(of signature: UInt32, shift: UInt32) -> Int {
    Int(truncatingIfNeeded: (signature &* 0x9E37_79B1) >> shift)
  }

  /// The position of the name whose UTF-8 is `key`, nil when it is not one of them.
  /// - Complexity: O(1) expected, plus the length of `key`.
  public func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
    // Longer than any name: its length would not fit its signature's byte (a key of 258
    // bytes could then match the signature of a 2-byte name, and be compared past its end).
    guard key.count <= Self.longestName else { return nil }
    let wanted = Self.signature(key)
    let mask = table.count - 1
    var slot = Self.home(of: wanted, shift: tableShift)
    while true {
      let found = Int(table[slot])
      if found == 0 { return nil }
      let entry = entries[found - 1]
      if UInt32(truncatingIfNeeded: entry) == wanted {
        let start = Int(truncatingIfNeeded: entry >> 32)
        // Equal signatures have equal lengths.
        let same = utf8.withUnsafeBufferPointer { stored in
          guard let base = stored.baseAddress, let bytes = key.baseAddress else { return true }
          return memcmp(base + start, bytes, key.count) == 0
        }
        if same { return found - 1 }
      }
      slot = (slot + 1) & mask
    }
  }
}
