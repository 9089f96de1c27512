import OrdoJSON

/// Reads the top level of a message too long to keep as its bytes go by, before the framer
/// drops them, for the id its too_large answer carries: the raw text of its `id` member
/// wherever it stands (clients such as jsonrpcclient write it after `params`).
///
/// A pure state machine fed any split of the bytes; the verdict does not depend on the split.
/// A light scanner like `RawIDScanner`, not a validator (the message is refused for its size
/// before anything parses it): where the bytes stop being one JSON object to it, it stops
/// reading and keeps the id it found before. Member names are compared as a parser reads
/// them, escapes decoded, so that the last `id` is the parser's. Memory stays bounded by
/// the longest id it keeps (`maxIDBytes`). Whitespace, long names, strings, numbers and
/// nested values are skipped in tight loops, so that skipping stays close to the speed of
/// reading.
public struct OversizedMessageScanner {
  /// An id longer than this is not kept (the message is then answered with `id: null`).
  public static let maxIDBytes = 4096

  private enum Place {
    /// Whitespace before the opening brace.
    case beforeObject
    /// After `{` (`first`) or a `,`: whitespace, then a member name's quote (or `}`).
    case beforeName(first: Bool)
    /// Inside a member name's quotes.
    case name
    case beforeColon
    case beforeValue
    /// Inside a member value's string (at the top level of the object).
    case string
    /// Inside a member value's object or array, `depth` brackets deep.
    case nested
    /// A number, `true`, `false` or `null`.
    case scalar
    case afterValue
    /// After the closing brace: only whitespace may follow.
    case afterObject
    /// The bytes are not one object to this scanner: nothing more is read.
    case stopped
  }

  private var place = Place.beforeObject
  /// The previous byte inside a string was a backslash.
  private var escaped = false
  private var depth = 0
  private var inNestedString = false
  /// The first 16 bytes of the current member's name, packed (little-endian), and its length
  /// in bytes as written: `id` spelled with every escape (`\u0069\u0064`) is 12 bytes.
  private var nameHead: (UInt64, UInt64) = (0, 0)
  private var nameLength = 0
  private var nameHasEscapes = false
  /// The value being read is an `id` member's, kept in `idText` while it fits.
  private var capturingID = false
  private var idText: [UInt8] = []
  private var idTooLong = false
  private var lastID: String?

  public init() {}

  /// The raw text of the last top-level `id` member's value read whole (nil: there was none,
  /// or it was longer than `maxIDBytes`), the message having ended where the bytes did.
  public var id: String? {
    // The message's end ends a number too, as whitespace would: the verdict must not depend
    // on whether the "\r" of an NDJSON line's "\r\n" was read with it.
    if case .scalar = place, capturingID { return capturedID }
    return lastID
  }

  /// The id kept, when it fits and is UTF-8 (a parser refuses a message that is not: a
  /// shorter one gets -32700 with `id: null`, and traces keep ids as text).
  private var capturedID: String? {
    idTooLong ? nil : String(validating: idText, as: UTF8.self)
  }

  /// Reads the next bytes of the message.
  public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
    var index = 0
    let count = bytes.count
    while index < count {
      if case .stopped = place { return }
      // The inside of a value, in tight loops (a large message is mostly that); not while
      // an id is being kept.
      if !capturingID || idTooLong {
        index = skipInside(bytes, from: index)
        if index == count { return }
      }
      if step(bytes[index]) { index += 1 }
    }
  }

  /// Skips what needs no `step`: whitespace between tokens, the rest of a long member name,
  /// the inside of the value being read, up to the byte that matters (left for `step`) or
  /// the end of `bytes`.
  @inline(__always)
  private mutating func skipInside(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
    let count = bytes.count
    var index = start
    switch place {
    case .beforeObject, .beforeName, .beforeColon, .beforeValue, .afterValue, .afterObject:
      while index < count, MessageFramer.isWhitespace(bytes[index]) { index += 1 }
    case .name where nameLength >= 16:
      // Too long to be `id`, however written: only its end matters.
      index = Self.skipStringBody(bytes, from: index, escaped: &escaped)
    case .scalar:
      while index < count, !Self.endsScalar(bytes[index]) { index += 1 }
    case .string:
      index = Self.skipStringBody(bytes, from: index, escaped: &escaped)
    case .nested:
      var depth = self.depth
      var inString = inNestedString
      var escaped = self.escaped
      defer { (self.depth, inNestedString, self.escaped) = (depth, inString, escaped) }
      while index < count {
        if inString {
          index = Self.skipStringBody(bytes, from: index, escaped: &escaped)
          guard index < count else { break }
          inString = false  // its closing quote
          index += 1
        } else {
          var byte = bytes[index]
          if !Self.isQuoteOrBracket(byte) {
            // Dense brackets (`[[[[…`) are read one by one; a run of anything else at once.
            index = Self.firstQuoteOrBracket(in: bytes, from: index + 1)
            guard index < count else { break }
            byte = bytes[index]
          }
          if byte == UInt8(ascii: "\"") {
            inString = true
          } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
            depth += 1
          } else if depth == 1 {
            break  // the closing bracket: `step` ends the value
          } else {
            depth -= 1
          }
          index += 1
        }
      }
    default:
      break
    }
    return index
  }

  /// Takes one byte; false when it ended the value before it and must be read again.
  @inline(__always)
  private mutating func step(_ byte: UInt8) -> Bool {
    let isWhitespace = MessageFramer.isWhitespace(byte)
    switch place {
    case .beforeObject:
      if isWhitespace { return true }
      place = byte == UInt8(ascii: "{") ? .beforeName(first: true) : .stopped
    case .beforeName(let first):
      if isWhitespace { return true }
      if byte == UInt8(ascii: "\"") {
        nameHead = (0, 0)
        nameLength = 0
        nameHasEscapes = false
        place = .name
      } else if first && byte == UInt8(ascii: "}") {
        place = .afterObject
      } else {
        place = .stopped
      }
    case .name:
      if !escaped && byte == UInt8(ascii: "\"") {
        place = .beforeColon
        return true
      }
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
        nameHasEscapes = true
      }
      if nameLength < 8 {
        nameHead.0 |= UInt64(byte) << (8 * nameLength)
      } else if nameLength < 16 {
        nameHead.1 |= UInt64(byte) << (8 * (nameLength - 8))
      }
      nameLength += 1
    case .beforeColon:
      if isWhitespace { return true }
      place = byte == UInt8(ascii: ":") ? .beforeValue : .stopped
    case .beforeValue:
      if isWhitespace { return true }
      beginValue(byte)
    case .string:
      keep(byte)
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        endValue()
      }
    case .nested:
      keep(byte)
      if inNestedString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inNestedString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inNestedString = true
      } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
        depth += 1
      } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
        depth -= 1
        if depth == 0 { endValue() }
      }
    case .scalar:
      if Self.endsScalar(byte) {
        endValue()
        return false
      }
      keep(byte)
    case .afterValue:
      if isWhitespace { return true }
      if byte == UInt8(ascii: ",") {
        place = .beforeName(first: false)
      } else if byte == UInt8(ascii: "}") {
        place = .afterObject
      } else {
        place = .stopped
      }
    case .afterObject:
      if !isWhitespace { place = .stopped }
    case .stopped:
      break
    }
    return true
  }

  /// At a member value's first byte.
  private mutating func beginValue(_ byte: UInt8) {
    capturingID = nameIsID
    if capturingID {
      idText.removeAll(keepingCapacity: true)
      idTooLong = false
    }
    keep(byte)
    switch byte {
    case UInt8(ascii: "\""):
      place = .string
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      depth = 1
      inNestedString = false
      place = .nested
    case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"):
      place = .stopped
    default:
      place = .scalar
    }
  }

  private mutating func keep(_ byte: UInt8) {
    guard capturingID, !idTooLong else { return }
    if idText.count == Self.maxIDBytes {
      idTooLong = true
      idText.removeAll()
    } else {
      idText.append(byte)
    }
  }

  private mutating func endValue() {
    if capturingID { lastID = capturedID }
    capturingID = false
    place = .afterValue
  }

  /// Whether the member name just read is `id`, as a parser reads it: written plainly, or
  /// with escapes (`"\u0069d"`, rare: decoded by the parser).
  private var nameIsID: Bool {
    if !nameHasEscapes { return nameLength == 2 && nameHead.0 == 0x6469 }  // "id"
    guard nameLength <= 12 else { return false }
    var quoted: [UInt8] = [UInt8(ascii: "\"")]
    for index in 0..<nameLength {
      let word = index < 8 ? nameHead.0 : nameHead.1
      quoted.append(UInt8(truncatingIfNeeded: word >> (8 * (index % 8))))
    }
    quoted.append(UInt8(ascii: "\""))
    let parsed = quoted.withUnsafeBytes { JSONDocument.parse($0) }
    guard case .success(let document) = parsed else { return false }
    return document.value.string == "id"
  }

  /// Whether `byte` ends a number or a literal: whitespace, `,` or `}`.
  private static func endsScalar(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || MessageFramer.isWhitespace(byte)
  }

  /// Skips a string's body from `start` to its closing quote (left unread) or the end of
  /// `bytes`, escapes included; `escaped`: the byte before was a backslash (kept across
  /// feeds).
  @inline(__always)
  private static func skipStringBody(
    _ bytes: UnsafeRawBufferPointer, from start: Int, escaped: inout Bool
  ) -> Int {
    let count = bytes.count
    var index = start
    while index < count {
      if escaped {
        escaped = false
        index += 1
        continue
      }
      // The byte at hand first: dense escapes (`\"\"…`) are read one by one.
      if bytes[index] != 0x22 && bytes[index] != 0x5C {
        index = firstQuoteOrBackslash(in: bytes, from: index + 1)
        guard index < count else { break }
      }
      if bytes[index] == 0x22 { break }  // the closing quote
      escaped = true
      index += 1
    }
    return index
  }

  /// The index of the first `"` or `\` at or after `from` (`bytes.count` when none): eight
  /// bytes per step, as `MessageFramer.firstNewline` finds a newline.
  static func firstQuoteOrBackslash(in bytes: UnsafeRawBufferPointer, from: Int) -> Int {
    let end = bytes.count
    var index = from
    while index + 8 <= end {
      let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let found = (zeroBytes(word ^ quotes) | zeroBytes(word ^ backslashes)) & highs
      if found != 0 { return index + found.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < end, bytes[index] != 0x22, bytes[index] != 0x5C { index += 1 }
    return index
  }

  /// The index of the first `"`, `{`, `}`, `[` or `]` at or after `from`.
  static func firstQuoteOrBracket(in bytes: UnsafeRawBufferPointer, from: Int) -> Int {
    let end = bytes.count
    var index = from
    while index + 8 <= end {
      let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      // With bit 5 set, `[` and `]` read as `{` and `}`, and only they do.
      let folded = word | (0x20 &* ones)
      let found =
        (zeroBytes(word ^ quotes) | zeroBytes(folded ^ (0x7B &* ones))
          | zeroBytes(folded ^ (0x7D &* ones))) & highs
      if found != 0 { return index + found.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < end, !isQuoteOrBracket(bytes[index]) { index += 1 }
    return index
  }

  @inline(__always)
  private static func isQuoteOrBracket(_ byte: UInt8) -> Bool {
    byte == 0x22 || byte | 0x20 == 0x7B || byte | 0x20 == 0x7D
  }

  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080
  private static let quotes: UInt64 = 0x22 &* ones
  private static let backslashes: UInt64 = 0x5C &* ones

  /// The high bit set in each byte of `x` that is zero, and maybe in bytes above one that
  /// is (a borrow): the lowest one set always marks a zero byte.
  @inline(__always)
  private static func zeroBytes(_ x: UInt64) -> UInt64 {
    (x &- ones) & ~x
  }
}
