import CJansson
#if canImport(Glibc)
  import Glibc
#endif

/// A read-only view of one value inside a `JSONDocument`; it keeps the document alive.
public struct JSONValue {
  public enum Kind: Equatable, Sendable {
    case object, array, string, integer, real, bool, null
  }

  let document: JSONDocument
  let raw: OpaquePointer

  init(document: JSONDocument, raw: OpaquePointer) {
    self.document = document
    self.raw = raw
  }

  private var pointer: UnsafeMutablePointer<json_t> { UnsafeMutablePointer(raw) }

  public var kind: Kind {
    switch ordo_json_typeof(pointer) {
    case Int32(ORDO_JSON_OBJECT): return .object
    case Int32(ORDO_JSON_ARRAY): return .array
    case Int32(ORDO_JSON_STRING): return .string
    case Int32(ORDO_JSON_INTEGER): return .integer
    case Int32(ORDO_JSON_REAL): return .real
    case Int32(ORDO_JSON_TRUE), Int32(ORDO_JSON_FALSE): return .bool
    default: return .null
    }
  }

  public var isNull: Bool { kind == .null }

  /// The string's bytes decoded as UTF-8 (jansson has already validated them), or nil.
  public var string: String? {
    guard kind == .string, let chars = json_string_value(pointer) else { return nil }
    let count = json_string_length(pointer)
    return chars.withMemoryRebound(to: UInt8.self, capacity: count) {
      String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
    }
  }

  /// Calls `body` with the string's raw UTF-8 bytes, without making a Swift string.
  public func withStringBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
    guard kind == .string, let chars = json_string_value(pointer) else { return nil }
    let count = json_string_length(pointer)
    return chars.withMemoryRebound(to: UInt8.self, capacity: count) {
      body(UnsafeBufferPointer(start: $0, count: count))
    }
  }

  /// The value of a JSON integer, or nil (reals are not converted here; see `exactInteger`).
  public var integer: Int64? {
    kind == .integer ? Int64(json_integer_value(pointer)) : nil
  }

  /// Any JSON number as a double, or nil.
  public var number: Double? {
    switch kind {
    case .integer: return Double(json_integer_value(pointer))
    case .real: return json_real_value(pointer)
    default: return nil
    }
  }

  /// A number that is a whole value (`1.0` counts as 1) and fits an Int64 exactly, or nil.
  public var exactInteger: Int64? {
    switch kind {
    case .integer: return Int64(json_integer_value(pointer))
    case .real:
      let value = json_real_value(pointer)
      guard value.rounded(.towardZero) == value, abs(value) < 9.2e18 else { return nil }
      return Int64(value)
    default: return nil
    }
  }

  public var bool: Bool? {
    switch ordo_json_typeof(pointer) {
    case Int32(ORDO_JSON_TRUE): return true
    case Int32(ORDO_JSON_FALSE): return false
    default: return nil
    }
  }

  /// Elements of an array, or members of an object.
  public var count: Int {
    switch kind {
    case .array: return json_array_size(pointer)
    case .object: return json_object_size(pointer)
    default: return 0
    }
  }

  /// The array element at `index`, or nil.
  public func element(at index: Int) -> JSONValue? {
    guard kind == .array, let child = json_array_get(pointer, index) else { return nil }
    return JSONValue(document: document, raw: OpaquePointer(child))
  }

  /// The object member named `key`, or nil when absent (or when this is not an object).
  public func member(_ key: StaticString) -> JSONValue? {
    guard kind == .object else { return nil }
    let child = key.withUTF8Buffer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        json_object_getn(pointer, $0.baseAddress, $0.count)
      }
    }
    return child.map { JSONValue(document: document, raw: OpaquePointer($0)) }
  }

  /// The object member named `key`, or nil.
  @_disfavoredOverload
  public func member(_ key: String) -> JSONValue? {
    guard kind == .object else { return nil }
    var key = key
    let child = key.withUTF8 { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        json_object_getn(pointer, $0.baseAddress, $0.count)
      }
    }
    return child.map { JSONValue(document: document, raw: OpaquePointer($0)) }
  }

  /// The object member whose key has these UTF-8 bytes, or nil.
  public func member(utf8 key: UnsafeBufferPointer<UInt8>) -> JSONValue? {
    guard kind == .object else { return nil }
    let child = key.withMemoryRebound(to: CChar.self) {
      json_object_getn(pointer, $0.baseAddress, $0.count)
    }
    return child.map { JSONValue(document: document, raw: OpaquePointer($0)) }
  }

  /// Calls `body` for each object member in document order.
  public func forEachMember(_ body: (String, JSONValue) throws -> Void) rethrows {
    guard kind == .object else { return }
    var iterator = json_object_iter(pointer)
    while let current = iterator {
      let keyLength = json_object_iter_key_len(current)
      let key: String
      if let chars = json_object_iter_key(current) {
        key = chars.withMemoryRebound(to: UInt8.self, capacity: keyLength) {
          String(decoding: UnsafeBufferPointer(start: $0, count: keyLength), as: UTF8.self)
        }
      } else {
        key = ""
      }
      if let child = json_object_iter_value(current) {
        try body(key, JSONValue(document: document, raw: OpaquePointer(child)))
      }
      iterator = json_object_iter_next(pointer, current)
    }
  }

  /// Calls `body` for each object member in document order, with the key's UTF-8 bytes
  /// (valid only during the call) instead of a `String`.
  public func forEachMemberBytes(_ body: (UnsafeBufferPointer<UInt8>, JSONValue) throws -> Void)
    rethrows
  {
    guard kind == .object else { return }
    var iterator = json_object_iter(pointer)
    while let current = iterator {
      if let child = json_object_iter_value(current) {
        let keyLength = json_object_iter_key_len(current)
        let value = JSONValue(document: document, raw: OpaquePointer(child))
        if let chars = json_object_iter_key(current) {
          try chars.withMemoryRebound(to: UInt8.self, capacity: keyLength) {
            try body(UnsafeBufferPointer(start: $0, count: keyLength), value)
          }
        } else {
          try body(UnsafeBufferPointer(start: nil, count: 0), value)
        }
      }
      iterator = json_object_iter_next(pointer, current)
    }
  }

  /// A member of an object, as met while walking it; `value(of:)` reads it.
  public struct Child {
    let raw: OpaquePointer
  }

  /// Calls `body` with the UTF-8 bytes of each object member's key (valid only during the
  /// call) and the member, in document order; `body` returns false to stop.
  public func forEachMemberKey(_ body: (UnsafeBufferPointer<UInt8>, Child) throws -> Bool)
    rethrows
  {
    guard kind == .object else { return }
    var iterator = json_object_iter(pointer)
    while let current = iterator {
      let keyLength = json_object_iter_key_len(current)
      guard let child = json_object_iter_value(current) else { return }
      let key = json_object_iter_key(current).map {
        UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self)
      }
      guard
        try body(
          UnsafeBufferPointer(start: key, count: keyLength), Child(raw: OpaquePointer(child)))
      else { return }
      iterator = json_object_iter_next(pointer, current)
    }
  }

  /// A member met by `forEachMemberKey` on this value.
  public func value(of child: Child) -> JSONValue {
    JSONValue(document: document, raw: child.raw)
  }

  /// Whether this is a string with exactly the bytes of `text`.
  public func isString(_ text: StaticString) -> Bool {
    withStringBytes { bytes in
      guard bytes.count == text.utf8CodeUnitCount else { return false }
      guard let base = bytes.baseAddress else { return true }
      return memcmp(base, text.utf8Start, bytes.count) == 0
    } ?? false
  }

  /// The number of Unicode scalars of a string (jansson has validated its UTF-8: every
  /// byte that is not a continuation byte starts one), or nil when this is not a string.
  public var stringScalarCount: Int? {
    withStringBytes { bytes in
      var continuations = 0
      for byte in bytes where byte & 0xC0 == 0x80 { continuations += 1 }
      return bytes.count - continuations
    }
  }

  /// The value as compact JSON text.
  public var compactText: String {
    var writer = JSONWriter()
    writer.value(self)
    return writer.text
  }
}
