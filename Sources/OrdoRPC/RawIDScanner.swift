import OrdoJSON

/// Finds the exact text of request ids in a message, for echoing numbers as sent (`1e2`,
/// `-0`, integers beyond 64 bits), which jansson's parsed values cannot reproduce, and for
/// reading an id out of a request jansson refuses (a `\u0000` inside an object key); and the
/// top-level members of an answer the engine wrote (`ordo call`), at any depth of nesting.
///
/// A light scanner, not a parser: it only needs bytes that are well-formed JSON around the
/// ids, and answers nil where it cannot tell. Keys written with escapes are decoded when
/// short enough to be `"id"`. Iterative, so deep nesting cannot exhaust the stack.
public enum RawIDScanner {
  /// The members of the top-level object in `bytes`, in order: each key's raw text between
  /// its quotes and the range of its value; nil when `bytes` is not one well-formed object.
  public static func members(ofObject bytes: UnsafeRawBufferPointer)
    -> [(key: String, value: Range<Int>)]?
  {
    var scanner = Scanner(bytes: bytes)
    scanner.skipWhitespace()
    guard scanner.peek == UInt8(ascii: "{") else { return nil }
    var members: [(key: String, value: Range<Int>)] = []
    let closed = scanner.scanObject { key, value in
      let text = UnsafeRawBufferPointer(
        rebasing: bytes[(key.lowerBound + 1)..<(key.upperBound - 1)])
      members.append((String(decoding: text, as: UTF8.self), value))
    }
    return closed ? members : nil
  }

  /// The raw `id` text of a top-level object (one element), or of each element of a
  /// top-level array (nil for elements without an `id` or that are not objects).
  public static func ids(in bytes: UnsafeRawBufferPointer) -> [String?] {
    var scanner = Scanner(bytes: bytes)
    scanner.skipWhitespace()
    switch scanner.peek {
    case UInt8(ascii: "{"):
      return [scanner.idOfObject()]
    case UInt8(ascii: "["):
      scanner.index += 1
      var ids: [String?] = []
      while true {
        scanner.skipWhitespace()
        guard let byte = scanner.peek, byte != UInt8(ascii: "]") else { return ids }
        if byte == UInt8(ascii: "{") {
          ids.append(scanner.idOfObject())
        } else {
          ids.append(nil)
          guard scanner.skipValue() else { return ids }
        }
        scanner.skipWhitespace()
        guard scanner.peek == UInt8(ascii: ",") else { return ids }
        scanner.index += 1
      }
    default:
      return []
    }
  }

  /// The raw text of the `id` member of a top-level object of which `bytes` are only the
  /// first bytes (a message too long to keep, as traces before 0.2.6 recorded it): nil when
  /// it is not among them whole (a value reaching their end may be cut short: `12` of
  /// `123`), or `bytes` do not start an object.
  public static func id(inHead bytes: UnsafeRawBufferPointer) -> String? {
    var scanner = Scanner(bytes: bytes)
    scanner.skipWhitespace()
    guard scanner.peek == UInt8(ascii: "{") else { return nil }
    var id: String?
    _ = scanner.scanObject { key, value in
      guard value.upperBound < bytes.count, Scanner.isID(key, in: bytes) else { return }
      id = String(decoding: bytes[value], as: UTF8.self)
    }
    return id
  }

  private struct Scanner {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
      while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        index += 1
      }
    }

    /// At `{`: scans the object and returns the raw text of its last `"id"` member.
    mutating func idOfObject() -> String? {
      var id: String?
      let bytes = self.bytes
      _ = scanObject { key, value in
        if Self.isID(key, in: bytes) { id = String(decoding: bytes[value], as: UTF8.self) }
      }
      return id
    }

    /// Whether the key at `key` (quotes included) is `"id"` as a parser reads it: written
    /// plainly, or with escapes (`"\u0069d"`, at most 12 bytes between the quotes; rare:
    /// decoded). The parser keeps the last `id` member: taking only the plainly written
    /// ones, `{"id":1.50,"\u0069d":1.5}` was echoed `1.50`, the member the parser dropped.
    static func isID(_ key: Range<Int>, in bytes: UnsafeRawBufferPointer) -> Bool {
      if key.count == 4 {
        return bytes[key.lowerBound + 1] == UInt8(ascii: "i")
          && bytes[key.lowerBound + 2] == UInt8(ascii: "d")
      }
      guard key.count <= 14, bytes[key].contains(UInt8(ascii: "\\")) else { return false }
      guard
        case .success(let name) = JSONDocument.parse(UnsafeRawBufferPointer(rebasing: bytes[key]))
      else { return false }
      return name.value.string == "id"
    }

    /// At `{`: scans the object, calling `body` with each member's key (quotes included)
    /// and value ranges; true when the object closed well-formed, false where the scan had
    /// to stop (the members before it were given).
    mutating func scanObject(_ body: (_ key: Range<Int>, _ value: Range<Int>) -> Void) -> Bool {
      index += 1
      skipWhitespace()
      if peek == UInt8(ascii: "}") {
        index += 1
        return true
      }
      while true {
        skipWhitespace()
        guard let byte = peek, byte == UInt8(ascii: "\"") else { return false }
        let keyStart = index
        guard skipString() else { return false }
        let key = keyStart..<index
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else { return false }
        index += 1
        skipWhitespace()
        let valueStart = index
        guard skipValue() else { return false }
        body(key, valueStart..<index)
        skipWhitespace()
        guard peek == UInt8(ascii: ",") else {
          guard peek == UInt8(ascii: "}") else { return false }
          index += 1
          return true
        }
        index += 1
      }
    }

    /// At `"`: moves past the closing quote; false if the string does not close.
    mutating func skipString() -> Bool {
      index += 1
      while let byte = peek {
        index += 1
        if byte == UInt8(ascii: "\\") {
          index += 1
        } else if byte == UInt8(ascii: "\"") {
          return true
        }
      }
      return false
    }

    /// Moves past one value of any kind; false if the input ends first.
    mutating func skipValue() -> Bool {
      guard let first = peek else { return false }
      if first == UInt8(ascii: "\"") { return skipString() }
      if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
        var depth = 0
        while let byte = peek {
          switch byte {
          case UInt8(ascii: "\""):
            guard skipString() else { return false }
            continue
          case UInt8(ascii: "{"), UInt8(ascii: "["):
            depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            if depth == 0 {
              index += 1
              return true
            }
          default:
            break
          }
          index += 1
        }
        return false
      }
      let start = index
      while let byte = peek, byte != UInt8(ascii: ","), byte != UInt8(ascii: "}"),
        byte != UInt8(ascii: "]"), byte != 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D
      {
        index += 1
      }
      return index > start
    }
  }
}
