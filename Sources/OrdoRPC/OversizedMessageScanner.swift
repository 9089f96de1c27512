/// Reads the top level of a message too long to keep as its bytes go by, before the framer
/// drops them, for the message's answer: the raw text of its `id` member wherever it stands
/// (clients such as jsonrpcclient write it after `params`), and whether it is a
/// notification, which is never answered.
///
/// A pure state machine fed any split of the bytes; the verdict does not depend on the split.
/// A light scanner like `RawIDScanner`, not a validator: where the bytes stop being one JSON
/// object to it, it stops reading, and keeps what it found before. Memory stays bounded by
/// the longest id it keeps (`maxIDBytes`).
public struct OversizedMessageScanner {
  /// What the scan found, once the message ended.
  public struct Summary: Equatable, Sendable {
    /// The raw text of the last top-level `id` member's value that was read whole (nil: there
    /// was none, or it was longer than `maxIDBytes`).
    public var id: String?
    /// One well-formed object with a `method` member and no `id` member: a notification.
    /// False whenever that is not sure (a member name written with escapes, bytes that are
    /// not one object).
    public var isNotification: Bool

    public init(id: String?, isNotification: Bool) {
      self.id = id
      self.isNotification = isNotification
    }
  }

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
  /// The current member's name, when it is short and written without escapes.
  private var name: [UInt8] = []
  private var nameIsPlain = true
  private var capturingID = false
  private var idText: [UInt8] = []
  private var idTooLong = false
  private var lastID: String?
  private var sawID = false
  private var sawMethod = false
  /// A member name written with escapes: it may be `id` or `method`, unknown to this scanner.
  private var sawEscapedName = false

  public init() {}

  /// What the bytes fed so far say, the message having ended there.
  public var summary: Summary {
    var id = lastID
    let closed: Bool
    switch place {
    case .afterObject:
      closed = true
    case .scalar:
      // The message's end ends a number too, as whitespace would: the verdict must not
      // depend on whether the "\r" of an NDJSON line's "\r\n" was read with it.
      if capturingID { id = idTooLong ? nil : String(decoding: idText, as: UTF8.self) }
      closed = false
    default:
      closed = false
    }
    return Summary(id: id, isNotification: closed && sawMethod && !sawID && !sawEscapedName)
  }

  /// Reads the next bytes of the message.
  public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
    var index = 0
    let count = bytes.count
    while index < count {
      if case .stopped = place { return }
      // Long runs first: the bodies of strings (a large message is mostly one).
      if case .string = place, !capturingID, !escaped {
        index = Self.firstQuoteOrBackslash(in: bytes, from: index)
        if index == count { return }
      }
      let byte = bytes[index]
      if step(byte) { index += 1 }
    }
  }

  /// Takes one byte; false when it ended the value before it and must be read again.
  private mutating func step(_ byte: UInt8) -> Bool {
    let isWhitespace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    switch place {
    case .beforeObject:
      if isWhitespace { return true }
      place = byte == UInt8(ascii: "{") ? .beforeName(first: true) : .stopped
    case .beforeName(let first):
      if isWhitespace { return true }
      if byte == UInt8(ascii: "\"") {
        name.removeAll(keepingCapacity: true)
        nameIsPlain = true
        place = .name
      } else if first && byte == UInt8(ascii: "}") {
        place = .afterObject
      } else {
        place = .stopped
      }
    case .name:
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
        nameIsPlain = false
      } else if byte == UInt8(ascii: "\"") {
        if !nameIsPlain { sawEscapedName = true }
        place = .beforeColon
      } else if name.count < 8 {
        // Longer names are kept cut at 8 bytes: neither `id` nor `method` either way.
        name.append(byte)
      }
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
      if isWhitespace || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") {
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
    let isID = nameIsPlain && name == Self.idName
    if nameIsPlain && name == Self.methodName { sawMethod = true }
    if isID { sawID = true }
    capturingID = isID
    idText.removeAll(keepingCapacity: true)
    idTooLong = false
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
    if capturingID { lastID = idTooLong ? nil : String(decoding: idText, as: UTF8.self) }
    capturingID = false
    place = .afterValue
  }

  private static let idName = Array("id".utf8)
  private static let methodName = Array("method".utf8)

  /// The index of the first `"` or `\` at or after `from` (`bytes.count` when none): eight
  /// bytes per step, as `MessageFramer.firstNewline` finds a newline.
  static func firstQuoteOrBackslash(in bytes: UnsafeRawBufferPointer, from: Int) -> Int {
    let end = bytes.count
    var index = from
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    while index + 8 <= end {
      let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let quotes = word ^ (0x22 &* ones)  // a zero byte where a quote is
      let backslashes = word ^ (0x5C &* ones)
      let zeros = ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes) & highs
      if zeros != 0 { return index + zeros.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < end, bytes[index] != 0x22, bytes[index] != 0x5C { index += 1 }
    return index
  }
}
