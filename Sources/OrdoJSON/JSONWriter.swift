/// Writes compact JSON text into a reusable byte buffer, without building a jansson tree.
///
/// Commas are placed automatically: a key or an array element written after a complete
/// value is preceded by one. Callers are responsible for balancing begin/end calls.
public struct JSONWriter: Sendable {
  public private(set) var bytes: [UInt8] = []
  private var needsComma = false

  public init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// The text written so far.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  public var isEmpty: Bool { bytes.isEmpty }

  /// Empties the buffer, keeping its storage for the next message.
  public mutating func clear() {
    bytes.removeAll(keepingCapacity: true)
    needsComma = false
  }

  private mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }

  public mutating func beginObject() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  public mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  public mutating func beginArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  public mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// An object key known at compile time to need no escaping.
  public mutating func key(_ name: StaticString) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    needsComma = false
  }

  /// An object key from data.
  public mutating func key(_ name: String) {
    string(name)
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  public mutating func string(_ value: String) {
    separate()
    var value = value
    value.withUTF8 { appendEscaped($0) }
    needsComma = true
  }

  /// A string given as UTF-8 bytes.
  public mutating func string(utf8 value: UnsafeBufferPointer<UInt8>) {
    separate()
    appendEscaped(value)
    needsComma = true
  }

  public mutating func string(_ value: String?) {
    if let value { string(value) } else { null() }
  }

  public mutating func int(_ value: Int64) {
    separate()
    appendDecimal(value)
    needsComma = true
  }

  public mutating func int(_ value: Int) {
    int(Int64(value))
  }

  public mutating func int(_ value: Int64?) {
    if let value { int(value) } else { null() }
  }

  /// A double: whole values within ±2^53 are written without a fraction (`10`, not `10.0`),
  /// others in the shortest form that reads back to the same double.
  public mutating func number(_ value: Double) {
    if value.rounded(.towardZero) == value, abs(value) <= 9_007_199_254_740_992,
      !(value == 0 && value.sign == .minus)
    {
      int(Int64(value))
      return
    }
    exactReal(value)
  }

  /// A double in the shortest form that reads back to the same double, keeping a fraction
  /// (`1.0` stays `1.0`): how a fractional request id is echoed.
  public mutating func exactReal(_ value: Double) {
    separate()
    let text = value.isFinite ? value.description : "null"
    bytes.append(contentsOf: text.utf8)
    needsComma = true
  }

  public mutating func bool(_ value: Bool) {
    separate()
    bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
    needsComma = true
  }

  public mutating func null() {
    separate()
    bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])  // null
    needsComma = true
  }

  /// Already-serialized compact JSON, inserted verbatim.
  public mutating func raw(_ json: String) {
    separate()
    var json = json
    json.withUTF8 { bytes.append(contentsOf: $0) }
    needsComma = true
  }

  /// Already-serialized compact JSON bytes, inserted verbatim.
  public mutating func raw(bytes json: some Collection<UInt8>) {
    separate()
    bytes.append(contentsOf: json)
    needsComma = true
  }

  /// A parsed value, written compactly. Recursion depth is bounded by jansson's parse depth.
  public mutating func value(_ value: JSONValue) {
    switch value.kind {
    case .object:
      beginObject()
      value.forEachMember { name, member in
        key(name)
        self.value(member)
      }
      endObject()
    case .array:
      beginArray()
      for index in 0..<value.count {
        if let element = value.element(at: index) { self.value(element) }
      }
      endArray()
    case .string:
      _ = value.withStringBytes { string(utf8: $0) }
    case .integer:
      int(value.integer ?? 0)
    case .real:
      exactReal(value.number ?? 0)
    case .bool:
      bool(value.bool ?? false)
    case .null:
      null()
    }
  }

  /// Appends the whole buffer of another writer as one value.
  public mutating func append(_ other: JSONWriter) {
    raw(bytes: other.bytes)
  }

  /// Appends bytes that are not part of a JSON value (framing, newlines).
  public mutating func appendFraming(_ framing: some Collection<UInt8>) {
    bytes.append(contentsOf: framing)
    needsComma = false
  }

  private mutating func appendDecimal(_ value: Int64) {
    if value >= 0 && value < 10 {
      bytes.append(UInt8(ascii: "0") &+ UInt8(value))
      return
    }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: enough for Int64.min
    var magnitude = value.magnitude
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[23 - count] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
      if value < 0 {
        buffer[23 - count] = UInt8(ascii: "-")
        count += 1
      }
      bytes.append(contentsOf: buffer[(24 - count)...])
    }
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
    bytes.append(UInt8(ascii: "\""))
    var start = 0
    for index in 0..<utf8.count {
      let byte = utf8[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
        continue
      }
      if start < index {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
      }
      start = index + 1
      bytes.append(UInt8(ascii: "\\"))
      switch byte {
      case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
      case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
      case 0x0A: bytes.append(UInt8(ascii: "n"))
      case 0x0D: bytes.append(UInt8(ascii: "r"))
      case 0x09: bytes.append(UInt8(ascii: "t"))
      case 0x08: bytes.append(UInt8(ascii: "b"))
      case 0x0C: bytes.append(UInt8(ascii: "f"))
      default:
        bytes.append(contentsOf: [
          UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
          Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)],
        ])
      }
    }
    if start < utf8.count {
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }
}

extension JSONWriter {
  /// Drops the first `count` bytes (written to the stream already).
  public mutating func removeFirst(_ count: Int) {
    bytes.removeFirst(count)
  }

  /// Calls `body` with the bytes from `offset` on.
  public func withBytes<R>(from offset: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[offset...])) }
  }

  public var count: Int { bytes.count }
}
