/// Lone UTF-16 surrogate escapes in JSON text (docs/protocol.md#transport).
///
/// RFC 8259's grammar allows any `\uXXXX` escape, and JavaScript's `JSON.stringify` and
/// Python's `json.dumps` write a string cut in the middle of a surrogate pair (a truncated
/// emoji) as `"\ud83d"`. jansson refuses such text, since a lone surrogate is no Unicode
/// scalar value; Ordo reads each one as U+FFFD instead, as WHATWG's decoders and Go's
/// `encoding/json` do, so that the message is still answered under its own id.
enum LoneSurrogates {
  /// A copy of `bytes` in which every lone surrogate escape inside a string (`\uD800` to
  /// `\uDFFF` not part of a high–low pair) is `\ufffd`: the same length, so positions in
  /// the text do not move. Nil when there is none.
  /// - Complexity: O(n) in the byte count.
  static func replaced(in bytes: UnsafeRawBufferPointer) -> [UInt8]? {
    var copy: [UInt8]?
    var inString = false
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard inString else {
        if byte == UInt8(ascii: "\"") { inString = true }
        index += 1
        continue
      }
      if byte == UInt8(ascii: "\"") {
        inString = false
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      guard let unit = escapedUnit(in: bytes, at: index) else {
        index += 2  // any other escape (or a broken one, which the parser refuses)
        continue
      }
      switch unit {
      case 0xD800...0xDBFF:
        if let next = escapedUnit(in: bytes, at: index + 6), (0xDC00...0xDFFF).contains(next) {
          index += 12  // a pair
          continue
        }
      case 0xDC00...0xDFFF:
        break
      default:
        index += 6
        continue
      }
      if copy == nil { copy = Array(bytes) }
      copy?.replaceSubrange((index + 2)..<(index + 6), with: "fffd".utf8)
      index += 6
    }
    return copy
  }

  /// The code unit of a `\uXXXX` escape starting at `index`, nil when there is none.
  private static func escapedUnit(in bytes: UnsafeRawBufferPointer, at index: Int) -> UInt16? {
    guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
      bytes[index + 1] == UInt8(ascii: "u")
    else { return nil }
    var unit: UInt16 = 0
    for offset in 2..<6 {
      let byte = bytes[index + offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      unit = unit << 4 | UInt16(digit)
    }
    return unit
  }

  /// Whether jansson's failure is one a lone surrogate escape causes.
  static func mayHaveCaused(_ failure: JSONParseFailure) -> Bool {
    failure.reason == .invalidJSON && failure.detail.hasPrefix("invalid Unicode '\\u")
  }
}
