/// Splits a byte stream into JSON-RPC messages: NDJSON lines or LSP `Content-Length` frames.
///
/// A pure, incremental state machine: `feed(_:)` appends bytes as they arrive (any split),
/// `next()` yields what is complete. It never touches a file descriptor, so tests drive it
/// byte by byte. Memory stays bounded by `maxMessageBytes` plus one read: an over-long
/// message's bytes are dropped as they arrive, read only by an `OversizedMessageScanner`,
/// and it is reported once (`.tooLarge`) when it ends.
public struct MessageFramer {
  public enum Framing: String, Sendable {
    case ndjson, lsp
  }

  public enum Event: Equatable, Sendable {
    /// A complete message: `buffer[range]`, valid until the next `feed` (`next` and
    /// `feedKeepingRanges` move nothing).
    case message(Range<Int>)
    /// A message longer than the limit, whose bytes were skipped; `id`: the raw text of its
    /// top-level `id` member, read as they went by (`OversizedMessageScanner`).
    case tooLarge(limit: Int, id: String?)
    /// An LSP header block that cannot be used; the framer resynchronises on the next line
    /// that starts a header.
    case badHeader(String)
  }

  private enum State {
    /// `--framing auto` before the first non-blank byte decided.
    case detecting
    /// NDJSON: collecting a line.
    case line
    /// NDJSON: dropping the rest of an over-long line (read by `oversized`).
    case discardingLine
    /// LSP: reading header lines of one message.
    case headers(contentLength: Int?, sawHeader: Bool)
    /// LSP: waiting for a body of `length` bytes.
    case body(length: Int)
    /// LSP: dropping an over-long body (read by `oversized`).
    case skippingBody(remaining: Int)
    /// LSP: dropping lines until one starts a header (or "Content-Length:" appears);
    /// `discardingLine` when the current line's start was already dropped.
    case resynchronising(discardingLine: Bool)
  }

  /// Header lines longer than this are refused; they are never buffered whole.
  public static let maxHeaderLineBytes = 8192
  /// How much of an over-long message traces recorded before 0.2.6 kept, to read its `id`
  /// from (`head64`).
  public static let headBytes = 4096

  public let maxMessageBytes: Int
  /// Reads the over-long message being skipped.
  private var oversized = OversizedMessageScanner()
  /// How many over-long messages began to be skipped before they ended (answered only
  /// then): an LSP body whose `Content-Length` is over the limit, an NDJSON line longer than
  /// it with no newline yet. The session says so in its log when this changes: a client
  /// that sent a wrong length waits for an answer that comes only after that many bytes.
  public private(set) var skipsBegun = 0
  /// The `Content-Length` of the last LSP body skipped (nil: an NDJSON line).
  public private(set) var skippedLength: Int?
  /// The framing in use; nil while `auto` has not seen enough bytes to decide.
  public private(set) var framing: Framing?
  /// Bytes received and not yet consumed (from `start`).
  public private(set) var buffer: [UInt8] = []
  private var start = 0
  /// How far past `start` the current line has been searched for a newline already.
  private var scanned = 0
  private var state: State
  /// Nothing consumed yet: a UTF-8 byte order mark there is skipped.
  private var atStartOfInput = true

  public init(framing: Framing? = nil, maxMessageBytes: Int = 16 << 20) {
    self.framing = framing
    self.maxMessageBytes = maxMessageBytes
    switch framing {
    case nil: state = .detecting
    case .ndjson: state = .line
    case .lsp: state = .headers(contentLength: nil, sawHeader: false)
    }
  }

  /// Bytes buffered and not yet consumed.
  public var pendingByteCount: Int { buffer.count - start }

  /// Appends bytes read from the stream.
  /// - Complexity: amortized O(bytes.count).
  public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
    compact()
    buffer.append(contentsOf: bytes)
  }

  /// `feed` that keeps the ranges of messages already returned by `next` valid (no bytes
  /// consumed are dropped: the buffer only grows).
  public mutating func feedKeepingRanges(_ bytes: UnsafeRawBufferPointer) {
    buffer.append(contentsOf: bytes)
  }

  public mutating func feed(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { feed($0) }
  }

  /// The next complete event, or nil when more bytes are needed.
  public mutating func next() -> Event? {
    if atStartOfInput {
      guard skipByteOrderMark() else { return nil }
    }
    while true {
      switch state {
      case .detecting:
        guard detect() else { return nil }
      case .line:
        return nextLine()
      case .discardingLine:
        guard let newline = findNewline() else {
          skipOversized(through: buffer.count)
          return nil
        }
        skipOversized(through: newline)
        consume(through: newline)
        state = .line
        return .tooLarge(limit: maxMessageBytes, id: oversized.id)
      case .headers, .body, .skippingBody, .resynchronising:
        if let event = nextLSP() { return event }
        if case .needMore = lspProgress { return nil }
      }
    }
  }

  /// Called at end of input: drops any partial message and says whether there was one.
  public mutating func finish() -> Bool {
    let partial: Bool
    switch state {
    case .detecting: partial = start < buffer.count
    case .line: partial = !isBlank(start..<buffer.count)
    case .discardingLine, .body, .skippingBody: partial = true
    case .headers(let length, let sawHeader):
      partial = length != nil || sawHeader || start < buffer.count
    case .resynchronising: partial = start < buffer.count
    }
    buffer.removeAll()
    start = 0
    scanned = 0
    return partial
  }

  // MARK: Detection

  /// Skips a UTF-8 byte order mark (EF BB BF) at the very start of the input, as RFC 8259
  /// lets a parser do (Windows tools write one); false while the bytes so far could still
  /// be one. Anywhere else those bytes are not JSON.
  private mutating func skipByteOrderMark() -> Bool {
    let mark = Self.byteOrderMark
    let available = buffer.count - start
    for (offset, byte) in mark.enumerated() where offset < available {
      if buffer[start + offset] != byte {
        atStartOfInput = false
        return true
      }
    }
    guard available >= mark.count else { return false }
    start += mark.count
    atStartOfInput = false
    return true
  }

  /// The UTF-8 byte order mark, skipped at the start of the input (here and by `ordo call -`),
  /// of `ordo call`'s PARAMS and of a trace `ordo replay` reads.
  public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Decides the framing from the first non-blank bytes; false when more bytes are needed.
  private mutating func detect() -> Bool {
    while start < buffer.count, Self.isWhitespace(buffer[start]) { start += 1 }
    var index = start
    while index < buffer.count, Self.isTokenByte(buffer[index]), index - start < 256 {
      index += 1
    }
    // A header name is shorter than 256 bytes; a longer token run is not a header.
    let nameTooLong = index - start >= 256
    if !nameTooLong && index == buffer.count { return false }
    let isHeader = !nameTooLong && index > start && buffer[index] == UInt8(ascii: ":")
    framing = isHeader ? .lsp : .ndjson
    state = isHeader ? .headers(contentLength: nil, sawHeader: false) : .line
    scanned = 0
    return true
  }

  /// Starts skipping an over-long message, counted in `skipsBegun` (`length`: an LSP
  /// body's `Content-Length`; nil for an NDJSON line).
  private mutating func beginSkipping(length: Int?) {
    oversized = OversizedMessageScanner()
    skipsBegun += 1
    skippedLength = length
  }

  // MARK: NDJSON

  private mutating func nextLine() -> Event? {
    while true {
      guard let newline = findNewline() else {
        // One more byte than the limit may still be the `\r` of a `\r\n`.
        if buffer.count - start > maxMessageBytes + 1 {
          beginSkipping(length: nil)
          skipOversized(through: buffer.count)
          state = .discardingLine
        }
        return nil
      }
      var end = newline
      if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      let line = start..<end
      consume(through: newline)
      // Length first, blankness second: the verdict must not depend on how the line was
      // split into reads (a long blank line is refused like any other long line).
      if line.count > maxMessageBytes {
        oversized = OversizedMessageScanner()
        buffer.withUnsafeBytes { oversized.feed(UnsafeRawBufferPointer(rebasing: $0[line])) }
        return .tooLarge(limit: maxMessageBytes, id: oversized.id)
      }
      if isBlank(line) { continue }
      return .message(line)
    }
  }

  // MARK: LSP

  private enum LSPProgress { case needMore, continuing }
  private var lspProgress: LSPProgress = .continuing

  /// One step of LSP framing: an event, or nil with `lspProgress` telling whether to go on.
  private mutating func nextLSP() -> Event? {
    lspProgress = .continuing
    switch state {
    case .headers(let contentLength, let sawHeader):
      guard let newline = findNewline() else {
        // One byte more than the limit may be the line's "\r", whose "\n" has not come.
        if buffer.count - start > Self.maxHeaderLineBytes + 1 {
          // Never buffered whole: the rest of the line is searched for a "Content-Length:"
          // as it arrives (keeping a short tail), as `brokenHeaderLine` searches a whole
          // one, so the verdict does not depend on the split.
          start += 1
          scanned = 0
          state = .resynchronising(discardingLine: true)
          return .badHeader(Self.overLongHeaderLine)
        }
        lspProgress = .needMore
        return nil
      }
      var end = newline
      if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      let line = start..<end
      if line.count > Self.maxHeaderLineBytes {
        return brokenHeaderLine(
          line, through: newline, Self.overLongHeaderLine, resumingSays: Self.overLongHeaderLine)
      }
      if line.isEmpty || isBlank(line) {
        consume(through: newline)
        guard sawHeader else { return nil }  // blank lines between messages
        guard let length = contentLength else {
          state = .resynchronising(discardingLine: false)
          return .badHeader("the header block has no Content-Length")
        }
        if length > maxMessageBytes {
          // Answered once the whole body went by (its id may come last).
          beginSkipping(length: length)
          state = .skippingBody(remaining: length)
          return nil
        }
        state = .body(length: length)
        return nil
      }
      guard let colon = buffer[line].firstIndex(of: UInt8(ascii: ":")), colon > line.lowerBound,
        buffer[line.lowerBound..<colon].allSatisfy(Self.isTokenByte)
      else {
        return brokenHeaderLine(line, through: newline, "a header line is not \"Name: value\"")
      }
      let name = buffer[line.lowerBound..<colon]
      var length = contentLength
      if Self.equalsIgnoringCase(name, "content-length") {
        let text = buffer[(colon + 1)..<line.upperBound]
        guard let value = Self.parseLength(text) else {
          return brokenHeaderLine(
            line, through: newline,
            "the Content-Length header \(Self.quoted(text)) is not a byte count (decimal"
              + " digits, at most 15 of them leading zeros aside)")
        }
        guard contentLength == nil || contentLength == value else {
          return brokenHeaderLine(
            line, through: newline, "two Content-Length headers give different lengths")
        }
        length = value
      } else if !Self.equalsIgnoringCase(name, "content-type"),
        findContentLength(in: (colon + 1)..<line.upperBound) != nil
      {
        // "a:b"}Content-Length: 47": the rest of a body whose length was too small, that
        // happened to begin like a header, run into the next header. Content-Type, LSP's
        // other header, is taken as it is whatever its value; an unknown header's name may
        // hold "Content-Length" (it is ignored).
        return brokenHeaderLine(line, through: newline, "bytes before a header on its line")
      }
      consume(through: newline)
      state = .headers(contentLength: length, sawHeader: true)
      return nil
    case .body(let length):
      guard buffer.count - start >= length else {
        lspProgress = .needMore
        return nil
      }
      let body = start..<(start + length)
      start += length
      scanned = 0
      state = .headers(contentLength: nil, sawHeader: false)
      return .message(body)
    case .skippingBody(let remaining):
      let available = buffer.count - start
      if available >= remaining {
        skipOversized(through: start + remaining)
        state = .headers(contentLength: nil, sawHeader: false)
        return .tooLarge(limit: maxMessageBytes, id: oversized.id)
      }
      skipOversized(through: buffer.count)
      state = .skippingBody(remaining: remaining - available)
      lspProgress = .needMore
      return nil
    case .resynchronising(let discardingLine):
      // Resynchronise on a line that starts a header, or else on "Content-Length:" anywhere
      // (a body of unknown length usually runs into the next header without a newline).
      // Decisions are made in the same order whatever the read splits.
      let newline = findNewline()
      let lineEnd = newline ?? buffer.count
      if !discardingLine {
        switch headerStart(start..<lineEnd) {
        case .header:
          state = .headers(contentLength: nil, sawHeader: false)
          return nil
        case .undecided where newline == nil && lineEnd - start <= Self.maxHeaderLineBytes:
          lspProgress = .needMore
          return nil
        default:
          break
        }
      }
      if let header = findContentLength(in: start..<lineEnd) {
        start = header
        scanned = 0
        state = .headers(contentLength: nil, sawHeader: false)
        return nil
      }
      guard let newline else {
        // Keep only a tail that could still begin "Content-Length:"; the rest of this line
        // no longer starts at a line start.
        let keep = min(buffer.count - start, Self.contentLengthName.count - 1)
        if buffer.count - start > keep {
          start = buffer.count - keep
          scanned = 0
          state = .resynchronising(discardingLine: true)
        }
        lspProgress = .needMore
        return nil
      }
      consume(through: newline)
      state = .resynchronising(discardingLine: false)
      return nil
    default:
      return nil
    }
  }

  private static let contentLengthName = Array("content-length:".utf8)
  private static let overLongHeaderLine = "a header line is longer than \(maxHeaderLineBytes) bytes"

  /// A header line that is not one: when a "Content-Length:" starts later on it (a body
  /// whose length was too small runs into the next header without a newline), framing
  /// resumes there, so that next message is not lost; otherwise the line is dropped and
  /// framing resynchronises on a later one.
  private mutating func brokenHeaderLine(
    _ line: Range<Int>, through newline: Int, _ why: String,
    resumingSays resuming: String = "bytes before a header on its line"
  ) -> Event {
    if line.count > 1, let header = findContentLength(in: (line.lowerBound + 1)..<line.upperBound) {
      start = header
      scanned = 0
      state = .headers(contentLength: nil, sawHeader: false)
      return .badHeader(resuming)
    }
    consume(through: newline)
    state = .resynchronising(discardingLine: false)
    return .badHeader(why)
  }

  /// The offset of the first "Content-Length:" (any case) in `range`, or nil.
  private func findContentLength(in range: Range<Int>) -> Int? {
    let name = Self.contentLengthName
    guard range.count >= name.count else { return nil }
    var index = range.lowerBound
    while index + name.count <= range.upperBound {
      if buffer[index] | 0x20 == name[0] {
        var matched = 1
        while matched < name.count, buffer[index + matched] | 0x20 == name[matched] {
          matched += 1
        }
        if matched == name.count { return index }
      }
      index += 1
    }
    return nil
  }

  private enum HeaderStart { case header, notHeader, undecided }

  /// Whether bytes at a line start begin `Name:`; `undecided` while only name bytes came.
  /// A name longer than a header line may be is no header's, decided as soon as that many
  /// name bytes are there, so that the verdict does not depend on when the ":" arrives.
  private func headerStart(_ range: Range<Int>) -> HeaderStart {
    let end = min(range.upperBound, range.lowerBound + Self.maxHeaderLineBytes)
    var index = range.lowerBound
    while index < end, Self.isTokenByte(buffer[index]) { index += 1 }
    if index == range.upperBound { return .undecided }
    if index == end { return .notHeader }
    return index > range.lowerBound && buffer[index] == UInt8(ascii: ":") ? .header : .notHeader
  }

  // MARK: Buffer

  private mutating func findNewline() -> Int? {
    let from = start + scanned
    let found = buffer.withUnsafeBufferPointer { Self.firstNewline(in: $0, from: from) }
    if found == nil { scanned = buffer.count - start }
    return found
  }

  /// The index of the first `\n` at or after `from`: eight bytes per step (a byte-wise loop
  /// was ≈3 % of a `layer.add`), then byte by byte for the tail.
  static func firstNewline(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let end = bytes.count
    var index = from
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let newlines: UInt64 = 0x0A * ones
    while index + 8 <= end {
      let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      let x = word ^ newlines  // a zero byte where the newline is
      let zeros = (x &- ones) & ~x & highs
      if zeros != 0 { return index + zeros.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < end {
      if base[index] == 0x0A { return index }
      index += 1
    }
    return nil
  }

  /// Reads the over-long message's bytes up to `end` and drops them.
  private mutating func skipOversized(through end: Int) {
    let range = start..<end
    buffer.withUnsafeBytes { oversized.feed(UnsafeRawBufferPointer(rebasing: $0[range])) }
    start = end
    scanned = 0
  }

  private mutating func consume(through newline: Int) {
    start = newline + 1
    scanned = 0
  }

  private mutating func compact() {
    if start == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
    } else if start >= 65536 && start * 2 >= buffer.count {
      buffer.removeSubrange(0..<start)
      start = 0
    }
  }

  private func isBlank(_ range: Range<Int>) -> Bool {
    buffer[range].allSatisfy(Self.isWhitespace)
  }

  /// JSON's whitespace (the over-long message scanner's too, and a replayed trace's).
  public static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
  }

  /// RFC 7230 token characters, the ones header names are made of.
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "!"),
      UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
      UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "^"),
      UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }

  private static func equalsIgnoringCase(_ bytes: ArraySlice<UInt8>, _ name: StaticString)
    -> Bool
  {
    name.withUTF8Buffer { expected in
      bytes.count == expected.count
        && zip(bytes, expected).allSatisfy { ($0 | 0x20) == ($1 | 0x20) }
    }
  }

  /// A header's value as a message quotes it: without the spaces around it, its first 32
  /// bytes (then "…"; cut before a UTF-8 sequence that would not fit whole), in quotes.
  private static func quoted(_ bytes: ArraySlice<UInt8>) -> String {
    var value = bytes.drop { $0 == 0x20 || $0 == 0x09 }
    while let last = value.last, last == 0x20 || last == 0x09 { value.removeLast() }
    guard value.count > 32 else { return "\"" + String(decoding: value, as: UTF8.self) + "\"" }
    var end = value.startIndex + 32
    // Back over continuation bytes (10xxxxxx) to the start of the sequence the cut splits.
    while end > value.startIndex, value[end] & 0xC0 == 0x80 { end -= 1 }
    return "\"" + String(decoding: value[..<end], as: UTF8.self) + "…\""
  }

  /// A Content-Length value: optional spaces around decimal digits, nothing else. Leading
  /// zeros count for nothing; more than 15 digits after them is no byte count any message
  /// could have (a malformed header, resynchronised on, rather than a body to skip forever).
  private static func parseLength(_ bytes: ArraySlice<UInt8>) -> Int? {
    let trimmed = bytes.drop { $0 == 0x20 || $0 == 0x09 }
    var digits = trimmed[...]
    while let last = digits.last, last == 0x20 || last == 0x09 { digits.removeLast() }
    guard !digits.isEmpty,
      digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    let significant = digits.drop { $0 == UInt8(ascii: "0") }
    guard significant.count <= 15 else { return nil }
    var value = 0
    for byte in significant { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
    return value
  }
}
