/// Indents compact JSON text for people to read (`ordo call` on a terminal).
public enum JSONPretty {
  /// `compact` (as JSONWriter writes it) with one member or element per line, indented by
  /// two spaces; empty objects and arrays stay `{}` and `[]`.
  /// - Complexity: O(n) in the bytes.
  public static func format(_ compact: some Collection<UInt8>) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(compact.count * 2)
    var depth = 0
    var strings = JSONStringTracker()
    var previous: UInt8 = 0
    func newline() {
      output.append(0x0A)
      output.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }
    for byte in compact {
      defer { previous = byte }
      if strings.feed(byte) {
        output.append(byte)
        continue
      }
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        output.append(byte)
        newline()
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if previous == UInt8(ascii: "{") || previous == UInt8(ascii: "[") {
          // Empty: take back the line break written after the opening bracket.
          while output.last == 0x20 || output.last == 0x0A { output.removeLast() }
        } else {
          newline()
        }
        output.append(byte)
      case UInt8(ascii: ","):
        output.append(byte)
        newline()
      case UInt8(ascii: ":"):
        output.append(byte)
        output.append(0x20)
      default:
        output.append(byte)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}

/// Tells, byte by byte through valid JSON text, which bytes belong to a string literal:
/// what a scanner of structure (brackets, commas, colons) must skip.
public struct JSONStringTracker {
  /// Whether the last byte fed left the text inside a string literal.
  public private(set) var inString = false
  private var escaped = false

  public init() {}

  /// Feeds the next byte; true when it belongs to a string literal, its quotes included.
  public mutating func feed(_ byte: UInt8) -> Bool {
    if inString {
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        inString = false
      }
      return true
    }
    if byte == UInt8(ascii: "\"") {
      inString = true
      return true
    }
    return false
  }
}
