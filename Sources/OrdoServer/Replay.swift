import CLinux
import OrdoCoding
import OrdoCore
import OrdoJSON
import OrdoRPC

#if canImport(Glibc)
  import Glibc
#endif

/// A trace read back (docs/protocol.md#tracing). Traces come from other people's machines:
/// everything here treats the file as untrusted, and anything unexpected is a `TraceError`.
struct Trace {
  struct Header {
    var version: String
    /// The MAJOR.MINOR.PATCH `version` starts with (`versionNumbers`).
    var versionNumbers: [Int]
    var arguments: [String]
    var startedWallAt: Int64
    var state: DurableState?
  }

  enum Input {
    /// The message's bytes: in the trace's bytes when its line was taken unparsed (not
    /// copied: nearly all of a long session's inputs).
    case message(ArraySlice<UInt8>)
    /// The limit, and the raw text of the id the scan of the message read (`idText`; in
    /// traces before 0.2.6, read from its first bytes, `head64`).
    case tooLarge(Int, id: String?)
    case badHeader(String)
  }

  enum Record {
    case input(at: Int64, Input)
    /// A message the engine wrote: its JSON text (in the trace's bytes, not copied).
    case output(at: Int64, ArraySlice<UInt8>)
    /// The next input switches to the system clock, whose time is then `at` (one of its
    /// record's `systemAt`, or of a `moreSystemAt` record after it).
    case switchToSystem(at: Int64)
  }

  var header: Header
  var records: [Record]
  /// The framing the session used (the first input record's `framing`; NDJSON when absent).
  var framing: MessageFramer.Framing = .ndjson
  /// The recording stopped early: `{"truncated":true}`, or a last line cut off mid-way.
  var isCutOff: Bool
  /// The last line is whole but no newline ends it: an editor dropped it, or (rarely) the
  /// recording stopped right there, so outputs past it are no difference either.
  var endsWithoutNewline = false

  /// The name messages give the trace (its path).
  var name = ""

  /// "line L" of output record `index` (0-based).
  func lineOf(output index: Int) -> String {
    index < outputLines.count ? "line \(outputLines[index])" : "line ?"
  }

  /// Where an output follows `count` inputs: "after input message M on line K", or
  /// "before any input".
  func place(afterInputs count: Int) -> String {
    guard count > 0 else { return "before any input" }
    let line = count <= inputLines.count ? " on line \(inputLines[count - 1])" : ""
    return "after input message \(count)" + line
  }
  /// The recorded outputs, in order, each with the number of inputs recorded before it (the
  /// messages slices of the trace's bytes, not copies).
  var recordedOutputs: [(text: ArraySlice<UInt8>, afterInput: Int)] {
    var outputs: [(text: ArraySlice<UInt8>, afterInput: Int)] = []
    outputs.reserveCapacity(outputLines.count)
    var inputs = 0
    for record in records {
      switch record {
      case .input: inputs += 1
      case .output(_, let text): outputs.append((text, inputs))
      case .switchToSystem: break
      }
    }
    return outputs
  }

  /// The version this Ordo replays it with, when the trace was recorded by an older one
  /// (its MAJOR.MINOR.PATCH precedes this one's), else nil: a behaviour changed between the
  /// two reads as a difference too, and whoever reads one must be told it may be that.
  var olderThanReplaying: String? {
    guard let own = Trace.versionNumbers(ordoVersion),
      header.versionNumbers.lexicographicallyPrecedes(own)
    else { return nil }
    return ordoVersion
  }

  /// Whether an output's place among the inputs is compared too: not in a trace of an Ordo
  /// before 0.2.1, which recorded the output an `engine.reset` released inside a batch
  /// before the batch.
  var comparesPlaces: Bool {
    !header.versionNumbers.lexicographicallyPrecedes([0, 2, 1])
  }

  /// The line (1-based, blank lines counted) of each input and each output record, in
  /// order: a difference names where to look in the file.
  var inputLines: [Int32] = []
  var outputLines: [Int32] = []
  /// Lines read without parsing them (`asRecorded`), in file order, for `confirms(_:)`:
  /// the messages of a long session are nearly all of its trace.
  var unparsedLines: [UnparsedLine] = []
  /// The trace's bytes, kept to read the unparsed lines (or the whole trace) as JSON.
  var source: [UInt8] = []

  /// A record whose line was not parsed: which input or output it is. Its line is found
  /// again from its message, a slice of `source` the line ends one byte after, and its
  /// number is in `inputLines` or `outputLines` (16 bytes a line; with the line's range and
  /// number it took 40, where a trace of pings has a line per 80 bytes).
  struct UnparsedLine {
    var isInput: Bool
    /// Its place among the inputs, or among the outputs (0: the first).
    var index: Int
  }

  var inputCount: Int { records.count { if case .input = $0 { true } else { false } } }
}

struct TraceError: Error, CustomStringConvertible {
  let description: String
}

extension Trace {
  /// The engine times of a `systemAt` or `moreSystemAt` array, nil when it is not one.
  private static func switchTimes(_ value: JSONValue) -> [Int64]? {
    guard value.kind == .array, value.count > 0 else { return nil }
    var times: [Int64] = []
    for index in 0..<value.count {
      guard let time = value.element(at: index)?.exactInteger,
        (0...Params.maxSafeInteger).contains(time)
      else { return nil }
      times.append(time)
    }
    return times
  }

  /// Reads the trace at `path`.
  static func load(path: String) throws(TraceError) -> Trace {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw TraceError(description: "cannot read \(path): \(OrdoCommand.reason(errno, for: path))")
    }
    defer { close(descriptor) }
    // Not reserved from the file's size: a sparse file of a terabyte would ask for it before
    // its first bytes are refused.
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var headerChecked = false
    var headerScan = HeaderScan()
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        throw TraceError(description: "cannot read \(path): \(String(cString: strerror(errno)))")
      }
      if count == 0 { break }
      bytes += chunk[0..<count]
      if !headerChecked {
        headerChecked = try checkHeader(bytes, name: path, scan: &headerScan)
        // A file's size is known once it is seen to be a trace.
        if headerChecked { try checkSize(fileSize(descriptor) ?? bytes.count, name: path) }
      } else if bytes.count > readLimit {
        try checkSize(bytes.count, name: path)
      }
    }
    return try parse(bytes, name: path)
  }

  /// Half the machine's memory: a trace is read whole, and replaying one takes about twice
  /// its size again, so a larger one cannot be replayed; read on, it was held until the
  /// kernel ended the process (a header, then a hole of a terabyte in a sparse file).
  static let readLimit: Int = {
    let pages = sysconf(Int32(_SC_PHYS_PAGES))
    let pageSize = sysconf(Int32(_SC_PAGESIZE))
    guard pages > 0, pageSize > 0 else { return Int.max }
    return pages.multipliedReportingOverflow(by: pageSize).overflow ? Int.max : pages * pageSize / 2
  }()

  private static func checkSize(_ size: Int, name: String) throws(TraceError) {
    guard size > readLimit else { return }
    throw TraceError(
      description: "\(name) is \(size) bytes or more, over half this machine's memory "
        + "(\(readLimit) bytes): a trace is read whole, so this one cannot be replayed or "
        + "reported; use a copy of it cut after any whole line (head -n)")
  }

  /// The size of the regular file open as `descriptor`, nil for anything else (a pipe).
  private static func fileSize(_ descriptor: Int32) -> Int? {
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(status.st_size)
  }

  /// Refuses what is not a trace before it is read whole (a device such as /dev/zero or
  /// /dev/urandom never ends): the first byte that is not white space must open a JSON
  /// object, and the first line, once complete, must be a header. Returns whether the header
  /// was checked.
  /// `scan`: how far the calls before read `bytes` (which only grows between them), so
  /// that each goes on from there: scanned from the start after every chunk read, a header
  /// of 47 MB (a state of 80 000 alerts) took 12 s to find its end.
  private static func checkHeader(
    _ bytes: [UInt8], name: String, scan: inout HeaderScan
  ) throws(TraceError) -> Bool {
    if bytes.starts(with: [0x1F, 0x8B]) {
      throw TraceError(
        description: "\(name) is not an Ordo trace: it is gzip-compressed (gunzip it first)")
    }
    let text = withoutByteOrderMark(bytes)
    // Before the first byte that is not white space, every byte read was.
    let scanned = max(scan.scanned, text.startIndex)
    if !scan.opened {
      let opening = text[scanned...].first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }
      if let opening, opening != UInt8(ascii: "{") {
        throw TraceError(
          description: "\(name) is not an Ordo trace: its first line is not a JSON object")
      }
      scan.opened = opening != nil
    }
    // The first line that is not blank, once complete.
    var start = max(scan.lineStart, text.startIndex)
    var from = scanned
    while let newline = text[from...].firstIndex(of: 0x0A) {
      if !isBlank(text[start..<newline]) {
        _ = try parseHeader(Array(text[start..<newline]), name: name)
        return true
      }
      start = newline + 1
      from = start
    }
    scan.lineStart = start
    scan.scanned = text.endIndex
    return false
  }

  /// How far `checkHeader` has read the bytes of a trace coming in.
  struct HeaderScan {
    /// Where the line being read starts (every line before it is blank).
    var lineStart = 0
    /// The bytes before this hold no line feed past `lineStart`.
    var scanned = 0
    /// Whether the first byte that is not white space was seen (a `{`).
    var opened = false
  }

  /// `bytes` without a UTF-8 byte order mark at the start (a Windows editor's, when a trace
  /// was opened and saved again), which no recording writes.
  private static func withoutByteOrderMark(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
    let mark = MessageFramer.byteOrderMark
    return bytes.starts(with: mark) ? bytes.dropFirst(mark.count) : bytes[...]
  }

  /// Whether a line parses as a JSON object: then it is whole, since no prefix of an
  /// object's text cut short is an object itself.
  private static func isWholeObject(_ line: some Collection<UInt8>) -> Bool {
    let text = Array(line)
    guard case .success(let document) = text.withUnsafeBytes({ JSONDocument.parse($0) })
    else { return false }
    return document.value.kind == .object
  }

  /// The pieces of `text` between line feeds, as `split(separator: 0x0A,
  /// omittingEmptySubsequences: false)` cuts them (a closure per byte: memchr here).
  static func lines(of text: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
    Array(LinePieces(text))
  }

  /// The pieces of a text between line feeds, as `lines(of:)` cuts them, found one at a
  /// time: a trace's lines are not held all at once (32 bytes a line, where a file of blank
  /// lines has one per byte).
  struct LinePieces: Sequence, IteratorProtocol {
    let text: ArraySlice<UInt8>
    /// Where the next piece starts; nil once the last has been given.
    private var start: Int?

    init(_ text: ArraySlice<UInt8>) {
      self.text = text
      start = text.startIndex
    }

    mutating func next() -> ArraySlice<UInt8>? {
      guard let from = start else { return nil }
      let rest = text[from...]
      let end = rest.withUnsafeBytes { buffer -> Int? in
        guard let base = buffer.baseAddress, let found = memchr(base, 0x0A, buffer.count)
        else { return nil }
        return from + base.distance(to: UnsafeRawPointer(found))
      }
      guard let end else {
        start = nil
        return rest
      }
      start = end + 1
      return text[from..<end]
    }
  }

  /// Whether `one` and `other` hold the same bytes.
  static func sameBytes(_ one: [UInt8], _ other: ArraySlice<UInt8>) -> Bool {
    guard one.count == other.count else { return false }
    return one.withUnsafeBytes { left in
      other.withUnsafeBytes { right in
        guard let left = left.baseAddress, let right = right.baseAddress else { return true }
        return memcmp(left, right, one.count) == 0
      }
    }
  }

  /// Whether a line holds only spaces, tabs and carriage returns (or nothing).
  static func isBlank(_ line: some Collection<UInt8>) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }

  /// Parses a trace's bytes; `name` is used in messages.
  ///
  /// An input or output line in the recorder's own shape (`asRecorded`) is taken without
  /// parsing it, and `Replay.run` confirms it afterwards: an output by the engine writing
  /// the same bytes (what the engine writes is JSON, which FuzzDispatch checks), an input by
  /// the engine's parse of its message (the same `JSONDocument.parse`), or else by reading
  /// the line as JSON then. Where that reading would have said anything else, or when this
  /// parse fails, the trace is read again with every line parsed (`readsEveryLine`), so the
  /// outcome is always that reading's: the shortcut only saves jansson parsing the trace's
  /// lines.
  static func parse(
    _ bytes: [UInt8], name: String, readsEveryLine: Bool = false
  ) throws(TraceError) -> Trace {
    if readsEveryLine { return try parseLines(bytes, name: name, readsEveryLine: true) }
    do {
      return try parseLines(bytes, name: name, readsEveryLine: false)
    } catch {
      // The first problem as a parse of every line meets it (an earlier output taken
      // unparsed may be one), or none (it may read as a record that ends the trace).
      return try parseLines(bytes, name: name, readsEveryLine: true)
    }
  }

  private static func parseLines(
    _ bytes: [UInt8], name: String, readsEveryLine: Bool
  ) throws(TraceError) -> Trace {
    let text = withoutByteOrderMark(bytes)
    // The last piece: after the last line feed, or the whole text without one.
    let lastStart = text.lastIndex(of: 0x0A).map { $0 + 1 } ?? text.startIndex
    let last = text[lastStart...]
    // The text whose pieces are the trace's lines: without the last piece when it is no line
    // (nil: there is no line at all).
    var body: ArraySlice<UInt8>? = text
    var cutOff = false
    var endsWithoutNewline = false
    if last.isEmpty {
      body = lastStart > text.startIndex ? text[..<(lastStart - 1)] : nil
    } else if !isBlank(last), isWholeObject(last) {
      endsWithoutNewline = true
    } else if !isBlank(last) {
      // No final newline: the process died while writing this line. (A whole last line
      // whose newline an editor dropped is kept.)
      body = lastStart > text.startIndex ? text[..<(lastStart - 1)] : nil
      cutOff = true
    }
    var lines = body.map(LinePieces.init)
    // Blank lines before the header, as anywhere (a newline an editor or a mail added).
    var headerIndex = 0
    var headerLine: ArraySlice<UInt8>?
    while let line = lines?.next() {
      if !isBlank(line) {
        headerLine = line
        break
      }
      headerIndex += 1
    }
    guard let headerLine else {
      throw TraceError(
        description: bytes.isEmpty
          ? "\(name) is not an Ordo trace: it is empty"
          : cutOff
            ? "\(name) is not an Ordo trace: its header line is cut off (no newline ends it)"
            : "\(name) is not an Ordo trace: it holds only blank lines")
    }
    let header = try parseHeader(Array(headerLine), name: name)
    var records: [Record] = []
    var framing: MessageFramer.Framing?
    var inputs = 0
    var outputs = 0
    var unparsed: [UnparsedLine] = []
    var inputLines: [Int32] = []
    var outputLines: [Int32] = []
    // A line is at most one record (and a few switches): reserved once, these never hold
    // both an old and a doubled copy while they grow (what is not used is never touched).
    // A record's line is longer than 16 bytes, so a file of blank lines reserves little.
    let lineCount = min(
      (body.map { LinePieces($0).count { _ in true } } ?? 0) - headerIndex, bytes.count / 16)
    records.reserveCapacity(lineCount)
    if !readsEveryLine { unparsed.reserveCapacity(lineCount) }
    inputLines.reserveCapacity(lineCount)
    outputLines.reserveCapacity(lineCount)
    // Where the last input is in `records`, and the switches `moreSystemAt` lines put before
    // inputs, by those indexes: inserted in one pass at the end (inserting each at once
    // scanned back to the input and shifted what follows it, quadratic in a trace of many).
    var lastInput: Int?
    var switchesBefore: [Int: [Record]] = [:]
    var number = headerIndex + 1
    lines: while let line = lines?.next() {
      number += 1
      if !readsEveryLine, let taken = asRecorded(line) {
        unparsed.append(
          UnparsedLine(isInput: taken.isInput, index: taken.isInput ? inputs : outputs))
        if taken.isInput {
          // No `framing` member: the session's is NDJSON, as when the line is parsed.
          if framing == nil { framing = .ndjson }
          lastInput = records.count
          records.append(.input(at: taken.at, .message(line[taken.message])))
          inputLines.append(Int32(clamping: number))
          inputs += 1
        } else {
          records.append(.output(at: taken.at, line[taken.message]))
          outputLines.append(Int32(clamping: number))
          outputs += 1
        }
        continue
      }
      // A blank line (a trailing newline an editor or a mail added) holds no record.
      if isBlank(line) { continue }
      let fail = failure(name, line: number)
      let (reading, chosen) = try readRecord(Array(line), readsFraming: framing == nil, fail: fail)
      // As soon as the first input record says it, a refused one too.
      if let chosen { framing = chosen }
      switch reading {
      case .truncated:
        cutOff = true
        break lines
      case .skipped:
        continue
      case .moreSystemAt(let times):
        // The switches of the last input made after it was recorded: they go before it,
        // after those of earlier lines.
        guard let input = lastInput else { throw fail(moreSystemAtProblem) }
        switchesBefore[input, default: []].append(contentsOf: times.map { .switchToSystem(at: $0) })
      case .record(let record, let switches):
        records.append(contentsOf: switches.map { .switchToSystem(at: $0) })
        if case .input = record { lastInput = records.count }
        records.append(record)
        if case .output = record {
          outputLines.append(Int32(clamping: number))
          outputs += 1
        } else {
          inputLines.append(Int32(clamping: number))
          inputs += 1
        }
      }
    }
    if !switchesBefore.isEmpty {
      var merged: [Record] = []
      merged.reserveCapacity(records.count + switchesBefore.values.reduce(0) { $0 + $1.count })
      for (index, record) in records.enumerated() {
        if let switches = switchesBefore[index] { merged += switches }
        merged.append(record)
      }
      records = merged
    }
    var trace = Trace(
      header: header, records: records, framing: framing ?? .ndjson, isCutOff: cutOff,
      endsWithoutNewline: endsWithoutNewline)
    trace.name = name
    trace.inputLines = inputLines
    trace.outputLines = outputLines
    trace.unparsedLines = unparsed
    if !unparsed.isEmpty { trace.source = bytes }
    return trace
  }

  private static func failure(_ name: String, line number: Int) -> (String) -> TraceError {
    { problem in TraceError(description: "\(name), line \(number): \(problem)") }
  }

  private static let moreSystemAtProblem =
    "\"moreSystemAt\" must follow an input, as an array of engine times, 0 to 2^53-1"

  /// What one record line says, read as JSON.
  enum LineReading {
    /// `{"truncated":true}`: the recording stopped here.
    case truncated
    /// A line `ordo call -` refused before the engine saw it: nothing to replay.
    case skipped
    /// Switches to the system clock that go before the last input.
    case moreSystemAt([Int64])
    /// A record, after the switches its input made (`systemAt`).
    case record(Record, switches: [Int64])
  }

  /// Reads one record line as JSON, and the session's framing when `readsFraming` and the
  /// line is an input (the first input record says it, whatever else it is; later ones'
  /// `framing` is not read).
  static func readRecord(
    _ text: [UInt8], readsFraming: Bool, fail: (String) -> TraceError
  ) throws(TraceError) -> (LineReading, framing: MessageFramer.Framing?) {
    var parsed = text.withUnsafeBytes { JSONDocument.parse($0) }
    var messageUnparsed = false
    if case .failure(let failure) = parsed, failure.reason == .tooDeep,
      let range = rawMember("msg", in: text)
    {
      messageUnparsed = true
      // A record is one level deeper than its message, which may be as deep as JSON here
      // goes: read the record with its message left out (the message is kept as bytes).
      let envelope = text[..<range.lowerBound] + Array("null".utf8) + text[range.upperBound...]
      parsed = envelope.withUnsafeBytes { JSONDocument.parse($0) }
    }
    let document: JSONDocument
    switch parsed {
    case .success(let parsed): document = parsed
    case .failure(let failure): throw fail("not JSON (\(failure.detail))")
    }
    guard document.value.kind == .object else { throw fail("not a JSON object") }
    let value = document.value
    if value.member("truncated")?.bool == true { return (.truncated, nil) }
    guard let direction = value.member("dir")?.string, direction == "in" || direction == "out"
    else { throw fail("\"dir\" must be \"in\" or \"out\"") }
    // Engine time is never negative (and `abs` of the smallest Int64 would trap).
    guard let at = value.member("at")?.exactInteger, (0...Params.maxSafeInteger).contains(at)
    else { throw fail("\"at\" must be an integer engine time, 0 to 2^53-1") }
    var framing: MessageFramer.Framing?
    if direction == "in", readsFraming {
      // The first input record says how the session's input was framed.
      if let recorded = value.member("framing") {
        guard let name = recorded.string, let chosen = MessageFramer.Framing(rawValue: name)
        else { throw fail("\"framing\" must be \"ndjson\" or \"lsp\"") }
        framing = chosen
      } else {
        framing = .ndjson
      }
    }
    if let refused = value.member("refused") {
      guard direction == "in", refused.kind == .object else {
        throw fail("\"refused\" is an input's error object")
      }
      return (.skipped, framing)
    }
    if let more = value.member("moreSystemAt") {
      guard direction == "in", let times = Self.switchTimes(more) else {
        throw fail(moreSystemAtProblem)
      }
      return (.moreSystemAt(times), framing)
    }
    var switches: [Int64] = []
    if let systemAt = value.member("systemAt") {
      guard direction == "in", let times = Self.switchTimes(systemAt) else {
        throw fail("\"systemAt\" must be an input's array of engine times, 0 to 2^53-1")
      }
      switches = times
    }
    let record: Record
    if value.member("msg") != nil {
      guard let range = rawMember("msg", in: text), !range.isEmpty else {
        throw fail("unreadable \"msg\"")
      }
      let message = Array(text[range])
      // An input kept as `msg` was JSON the engine could read (else it is kept as raw64).
      if direction == "in", messageUnparsed,
        case .failure(let failure) = message.withUnsafeBytes({ JSONDocument.parse($0) })
      {
        throw fail("an input's \"msg\" is not JSON (\(failure.detail))")
      }
      // The engine writes objects (a batch's answer: an array) and nothing else.
      guard
        direction == "in" || message[0] == UInt8(ascii: "{") || message[0] == UInt8(ascii: "[")
      else { throw fail("an output's \"msg\" must be a JSON object or array") }
      record =
        direction == "in" ? .input(at: at, .message(message[...])) : .output(at: at, message[...])
    } else if let raw64 = value.member("raw64") {
      guard let text = raw64.string, let decoded = Base64.decode(text) else {
        throw fail("\"raw64\" must be base64")
      }
      guard direction == "in" else { throw fail("an output is always JSON") }
      record = .input(at: at, .message(decoded[...]))
    } else if let size = value.member("tooLarge")?.exactInteger, size > 0, direction == "in" {
      var id: String?
      if let head64 = value.member("head64") {
        // Recorded before 0.2.6: the id was read from the message's first bytes only.
        guard let text = head64.string, let decoded = Base64.decode(text),
          decoded.count <= MessageFramer.headBytes
        else {
          throw fail("\"head64\" must be base64 of at most \(MessageFramer.headBytes) bytes")
        }
        id = decoded.withUnsafeBytes { RawIDScanner.id(inHead: $0) }
      }
      if let idText = value.member("idText") {
        // As the scan reads it: the value's text without whitespace around it.
        guard let text = idText.string, let first = text.utf8.first, let last = text.utf8.last,
          text.utf8.count <= OversizedMessageScanner.maxIDBytes,
          !MessageFramer.isWhitespace(first), !MessageFramer.isWhitespace(last)
        else {
          throw fail(
            "\"idText\" must be an id's JSON text of at most "
              + "\(OversizedMessageScanner.maxIDBytes) bytes, without whitespace around it")
        }
        id = text
      }
      record = .input(at: at, .tooLarge(Int(size), id: id))
    } else if let reason = value.member("badHeader")?.string, direction == "in" {
      record = .input(at: at, .badHeader(reason))
    } else {
      throw fail("a record needs \"msg\", \"raw64\", \"tooLarge\" or \"badHeader\"")
    }
    return (.record(record, switches: switches), framing)
  }

  /// The shapes the recorder writes messages in: `{"dir":"out","at":N,"msg":M}`, and
  /// `{"dir":"in","at":N,"msg":M}` for every input but the first (which says the framing).
  private static let outputPrefix = Array(#"{"dir":"out","at":"#.utf8)
  private static let inputPrefix = Array(#"{"dir":"in","at":"#.utf8)
  private static let messageKey = Array(#","msg":"#.utf8)

  /// A message line exactly as the recorder writes it, with an `at` of canonical digits (at
  /// most 2^53-1) and a message that starts and ends as an object or array does: whether it
  /// is an input, its time and its message's bytes, read without parsing. Nil for any other
  /// line, which is parsed.
  static func asRecorded(
    _ line: ArraySlice<UInt8>
  ) -> (isInput: Bool, at: Int64, message: Range<Int>)? {
    let isInput: Bool
    if line.starts(with: outputPrefix) {
      isInput = false
    } else if line.starts(with: inputPrefix) {
      isInput = true
    } else {
      return nil
    }
    var index = line.startIndex + (isInput ? inputPrefix : outputPrefix).count
    var at: Int64 = 0
    let digitsStart = index
    while index < line.endIndex, index - digitsStart < 16,
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[index])
    {
      at = at * 10 + Int64(line[index] - UInt8(ascii: "0"))
      index += 1
    }
    let digits = index - digitsStart
    guard digits > 0, digits == 1 || line[digitsStart] != UInt8(ascii: "0"),
      at <= Params.maxSafeInteger, line[index...].starts(with: messageKey),
      line.last == UInt8(ascii: "}")
    else { return nil }
    let message = (index + messageKey.count)..<(line.endIndex - 1)
    guard message.count >= 2, let first = line[message].first, let last = line[message].last,
      first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
      last == UInt8(ascii: "}") || last == UInt8(ascii: "]")
    else { return nil }
    return (isInput, at, message)
  }

  /// Whether every line taken unparsed reads, as JSON, as what it was taken for: an output's
  /// bytes are what the engine wrote, or an input's message is what the engine's parse read as
  /// JSON (so the line is the record it looks like), or `readRecord` of its line says so.
  /// False when one reads as anything else or not at all.
  func confirms(_ run: Replay.Run) -> Bool {
    var pending = unparsedLines[...]
    var inputs = 0
    var outputs = 0
    for record in records {
      guard let unparsed = pending.first else { break }
      let at: Int64
      let isInput: Bool
      let index: Int
      switch record {
      case .switchToSystem: continue
      case .input(let inputAt, _):
        (at, isInput, index) = (inputAt, true, inputs)
        inputs += 1
      case .output(let outputAt, _):
        (at, isInput, index) = (outputAt, false, outputs)
        outputs += 1
      }
      guard unparsed.isInput == isInput, unparsed.index == index else { continue }
      pending.removeFirst()
      let message: ArraySlice<UInt8>
      switch record {
      case .input(_, .message(let bytes)):
        if index < run.inputsReadAsJSON.count, run.inputsReadAsJSON[index] { continue }
        message = bytes
      case .output(_, let bytes):
        if run.wroteRecordedBytes(index) { continue }
        message = bytes
      default: return false
      }
      // Read as every line is when parsed (the first input's framing too, which a shape
      // without one gives as NDJSON: a `framing` member anywhere must say the same).
      let number = (isInput ? inputLines : outputLines)[index]
      let fail = Self.failure(name, line: Int(number))
      guard
        case (.record(let read, let switches), let framing)? =
          try? Self.readRecord(Array(line(around: message)), readsFraming: true, fail: fail),
        switches.isEmpty, framing == nil || framing == .ndjson
      else { return false }
      switch (read, record) {
      case (.input(let readAt, .message(let one)), .input(_, .message(let other))):
        if readAt != at || one != other { return false }
      case (.output(let readAt, let one), .output(_, let other)):
        if readAt != at || one != other { return false }
      default: return false
      }
    }
    return pending.isEmpty
  }

  /// The line of `source` an unparsed record's message was taken from: it ends with the
  /// `}` after the message and starts after the line feed before it (the header's, at
  /// least).
  private func line(around message: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var start = message.startIndex
    while start > source.startIndex, source[start - 1] != 0x0A { start -= 1 }
    return source[start...message.endIndex]
  }

  /// The MAJOR.MINOR.PATCH that `version` starts with, as numbers (what follows, after a `.`,
  /// `+` or `-`, is not compared: `0.2.0+build.5`, `0.2.0.1`); nil for anything else.
  static func versionNumbers(_ version: String) -> [Int]? {
    var numbers: [Int] = []
    var rest = Substring(version)
    while numbers.count < 3 {
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty, digits.count <= 9, let number = Int(digits) else { return nil }
      numbers.append(number)
      rest = rest.dropFirst(digits.count)
      if numbers.count < 3 {
        guard rest.first == "." else { return nil }
        rest = rest.dropFirst()
      }
    }
    guard rest.isEmpty || [".", "+", "-"].contains(rest.first) else { return nil }
    return numbers
  }

  private static func parseHeader(_ line: [UInt8], name: String) throws(TraceError) -> Header {
    func fail(_ problem: String) -> TraceError {
      TraceError(description: "\(name) is not an Ordo trace: \(problem)")
    }
    // A key twice is refused, as in a state file's rows: only Ordo writes a header, and
    // jansson keeps the last of the two (an alert whose "state" was edited in twice was
    // restored with the second).
    var failure: JSONParseFailure?
    let document = line.withUnsafeBytes {
      JSONDocument.parse($0, failure: &failure, rejectingDuplicateKeys: true)
    }
    if let failure, failure.isDuplicateKey {
      throw fail("its header names a key twice (\(failure.detail))")
    }
    guard let document, document.value.kind == .object else {
      throw fail("its first line is not a JSON object")
    }
    let value = document.value
    guard let version = value.member("ordo")?.string else {
      throw fail("its header has no \"ordo\" version")
    }
    guard let recorded = Self.versionNumbers(version) else {
      throw fail("its header's \"ordo\" version is not MAJOR.MINOR.PATCH")
    }
    // A newer Ordo may behave differently: its changes would read as differences, and its
    // records may mean what this one cannot know.
    if let own = Self.versionNumbers(ordoVersion), own.lexicographicallyPrecedes(recorded) {
      throw TraceError(
        description: "\(name) was recorded by Ordo \(version), newer than this one "
          + "(\(ordoVersion)); use that version or a later one")
    }
    guard let arguments = value.member("args"), arguments.kind == .array else {
      throw fail("its header has no \"args\" array")
    }
    var strings: [String] = []
    for index in 0..<arguments.count {
      guard let text = arguments.element(at: index)?.string else {
        throw fail("its header's \"args\" must be strings")
      }
      strings.append(text)
    }
    guard let startedValue = value.member("startedWallAt") else {
      throw fail("its header has no \"startedWallAt\"")
    }
    guard let started = startedValue.exactInteger,
      (-Params.maxSafeInteger...Params.maxSafeInteger).contains(started)
    else {
      throw fail("its header's \"startedWallAt\" must be an integer epoch ms within ±(2^53-1)")
    }
    var state: DurableState?
    if let recorded = value.member("state"), !recorded.isNull {
      do {
        state = try DurableState(reading: try ObjectReader(recorded, path: "/state"))
      } catch {
        throw fail("its header's state is unreadable (\(error))")
      }
    }
    return Header(
      version: version, versionNumbers: recorded, arguments: strings, startedWallAt: started,
      state: state)
  }

  /// The bytes of the value of top-level member `key` of the JSON object `text` (valid JSON).
  static func rawMember(_ key: String, in text: [UInt8]) -> Range<Int>? {
    let wanted = Array("\"\(key)\"".utf8)
    var depth = 0
    var strings = JSONStringTracker()
    var stringStart = 0
    var expectingKey = false
    for (index, byte) in text.enumerated() {
      let wasInString = strings.inString
      if strings.feed(byte) {
        if !wasInString {
          stringStart = index
        } else if !strings.inString, depth == 1, expectingKey,
          Array(text[stringStart...index]) == wanted
        {
          // Skip to the colon, then whitespace: the value starts there.
          var start = index + 1
          while start < text.count && text[start] != UInt8(ascii: ":") { start += 1 }
          start += 1
          while start < text.count && (text[start] == 0x20 || text[start] == 0x09) { start += 1 }
          return start..<valueEnd(from: start, in: text)
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        expectingKey = byte == UInt8(ascii: "{") && depth == 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
      case UInt8(ascii: ","):
        if depth == 1 { expectingKey = true }
      case UInt8(ascii: ":"):
        if depth == 1 { expectingKey = false }
      default: break
      }
    }
    return nil
  }

  /// The bytes of each element of the top-level JSON array `text` (valid JSON).
  static func rawElements(of text: [UInt8]) -> [Range<Int>] {
    func skipSpace(_ index: Int) -> Int {
      var index = index
      while index < text.count, MessageFramer.isWhitespace(text[index]) { index += 1 }
      return index
    }
    guard let open = text.firstIndex(of: UInt8(ascii: "[")) else { return [] }
    var elements: [Range<Int>] = []
    var start = skipSpace(open + 1)
    while start < text.count, text[start] != UInt8(ascii: "]") {
      let end = valueEnd(from: start, in: text)
      elements.append(start..<end)
      start = skipSpace(end)
      if start < text.count, text[start] == UInt8(ascii: ",") { start = skipSpace(start + 1) }
    }
    return elements
  }

  /// Where the JSON value starting at `start` ends (exclusive), trailing whitespace trimmed.
  private static func valueEnd(from start: Int, in text: [UInt8]) -> Int {
    var depth = 0
    var strings = JSONStringTracker()
    for index in start..<text.count {
      let byte = text[index]
      if strings.feed(byte) { continue }
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth == 0 { return trimmed(start, index, text) }
        depth -= 1
      case UInt8(ascii: ","):
        if depth == 0 { return trimmed(start, index, text) }
      default: break
      }
    }
    return trimmed(start, text.count, text)
  }

  private static func trimmed(_ start: Int, _ end: Int, _ text: [UInt8]) -> Int {
    var end = end
    while end > start && (text[end - 1] == 0x20 || text[end - 1] == 0x09) { end -= 1 }
    return end
  }
}

/// `ordo replay TRACE`: re-runs a recorded session on a fresh in-memory engine with the
/// recorded flags, on a virtual clock, and compares every output with the recording.
enum Replay {
  /// What a replay produced.
  struct Run {
    /// The trace replayed (read again with every line parsed when `confirms` said no).
    let trace: Trace
    let session: Session
    /// Every message the engine wrote, in order, with the number of inputs applied before;
    /// kept only when asked (`keepsOutputs`, for tests). Each is compared with the recorded
    /// one as it is written, and dropped: held until the end, the answers of a few inputs
    /// (pushes on a deep page stack, each answered with the whole stack) took hundreds of
    /// MB for a trace of hundreds of KB.
    var outputs: [(text: [UInt8], afterInput: Int)] = []
    /// The trace's outputs, each compared with what the engine wrote in its place.
    let recorded: [(text: ArraySlice<UInt8>, afterInput: Int)]
    /// How many messages the engine wrote.
    var outputCount = 0
    /// The first difference from the recording among them, as `verdict` says it.
    var difference: String?
    /// The indexes of the recorded outputs the engine wrote other bytes for
    /// (`Trace.confirms`).
    var differingOutputs: Set<Int> = []
    /// The first message the engine wrote beyond the recorded ones, and its place.
    var firstExtra: (text: [UInt8], afterInput: Int)?
    /// Per input: whether the engine handled it and its parse read JSON (`Trace.confirms`).
    var inputsReadAsJSON: [Bool] = []

    /// Whether the engine wrote the bytes recorded as output `index`.
    func wroteRecordedBytes(_ index: Int) -> Bool {
      index < outputCount && !differingOutputs.contains(index)
    }
  }

  /// The configuration the trace was recorded with, for an in-memory replay.
  static func configuration(of trace: Trace) throws(TraceError) -> EngineConfiguration {
    var configuration: EngineConfiguration
    switch OrdoCommand.parse(trace.header.arguments, recorded: true) {
    case .serve(let recorded): configuration = recorded
    case .call(let recorded, _, _, _): configuration = recorded
    case .refused(_, let reason, _):
      // Why the command line refuses them: "not an engine's" alone hid a refused value
      // (`--clock fast`) behind a wrong cause. On one line: a recorded argument may hold a
      // line feed.
      throw TraceError(
        description: terminalSafe(
          "the trace's recorded arguments are refused (\(reason)): "
            + trace.header.arguments.joined(separator: " "), keepingLineFeeds: false))
    default:
      throw TraceError(
        description: terminalSafe(
          "the trace's recorded arguments are not an engine's: "
            + trace.header.arguments.joined(separator: " "), keepingLineFeeds: false))
    }
    configuration.statePath = nil
    configuration.tracePath = nil
    configuration.virtualClockStartedWallAt = trace.header.startedWallAt
    configuration.replaysDurableState = trace.header.state != nil
    configuration.logLevel = .error
    return configuration
  }

  /// Replays `trace`; `prepare` may adjust the engine before the first input (the report
  /// observes its timeline). When outputs taken unparsed are not confirmed
  /// (`Trace.confirms`), or the replay fails, the trace is read again with every line parsed
  /// and replayed again: `prepare` is then called a second time, with that trace.
  /// `keepsOutputs`: keep every message the engine wrote in `Run.outputs` (tests).
  /// `observe` is called after each input is applied and the messages it made compared, with
  /// the number of inputs applied, and once more after the timers that fired after the last
  /// input (the report takes the engine's observations as they come); what it throws ends
  /// the replay.
  static func run(
    _ trace: Trace, keepsOutputs: Bool = false, prepare: (Engine, Trace) -> Void = { _, _ in },
    observe: (Engine, Int) throws(TraceError) -> Void = { _, _ in }
  ) throws(TraceError) -> Run {
    func replay(_ trace: Trace) throws(TraceError) -> Run {
      try Replay.replay(trace, keepsOutputs: keepsOutputs, prepare: prepare, observe: observe)
    }
    guard !trace.unparsedLines.isEmpty else { return try replay(trace) }
    do {
      let run = try replay(trace)
      if trace.confirms(run) { return run }
    } catch {
      // A line's problem comes before the replay's, as when every line is parsed first.
    }
    return try replay(Trace.parse(trace.source, name: trace.name, readsEveryLine: true))
  }

  private static func replay(
    _ trace: Trace, keepsOutputs: Bool, prepare: (Engine, Trace) -> Void,
    observe: (Engine, Int) throws(TraceError) -> Void
  ) throws(TraceError) -> Run {
    let configuration = try configuration(of: trace)
    let engine: Engine
    do {
      engine = try Engine(configuration: configuration, state: trace.header.state)
    } catch {
      throw TraceError(description: "the trace's state cannot be loaded: \(error.message)")
    }
    // `initialize` reports the framing the input chose; the replay feeds whole messages.
    engine.framing = trace.framing
    prepare(engine, trace)
    var run = Run(trace: trace, session: Session(engine: engine), recorded: trace.recordedOutputs)
    var outbox = run.session.makeOutbox()
    outbox.framing = .ndjson
    var inputs = 0
    /// The time of the last record: the latest on the clock the session ended on (what an
    /// input sends after a clock switch is stamped with the new clock's time), so the final
    /// catch-up's.
    var lastAt: Int64 = 0
    /// The recorded times of the switches to the system clock the next input makes.
    var switches: [Int64] = []
    let expected = run.recorded
    let comparesPlaces = trace.comparesPlaces
    func collect() {
      run.session.flush(&outbox)
      for line in Trace.lines(of: outbox.unwrittenBytes[...]) where !line.isEmpty {
        let text = Array(line)
        let index = run.outputCount
        run.outputCount += 1
        if keepsOutputs { run.outputs.append((text, inputs)) }
        guard index < expected.count else {
          if run.firstExtra == nil { run.firstExtra = (text, inputs) }
          continue
        }
        let recorded = expected[index]
        let same = Trace.sameBytes(text, recorded.text)
        if !same { run.differingOutputs.insert(index) }
        if run.difference == nil {
          run.difference = difference(
            at: index, got: text, afterInput: inputs, sameBytes: same, recorded: recorded,
            comparesPlaces: comparesPlaces, in: trace)
        }
      }
      outbox.removeAll()
    }
    for record in trace.records {
      switch record {
      case .switchToSystem(let at):
        switches.append(at)
      case .output(let at, _):
        lastAt = at
      case .input(let at, let input):
        lastAt = at
        guard run.session.exitStatus == nil else {
          run.inputsReadAsJSON.append(false)
          continue
        }
        run.session.advanceVirtualClock(to: at, into: &outbox)
        // What the timers due by then did was written before this input, as recorded.
        collect()
        engine.replayedSwitches = switches[...]
        switches.removeAll()
        switch input {
        case .message(let bytes):
          bytes.withUnsafeBytes { _ = run.session.handle($0, into: &outbox) }
          run.inputsReadAsJSON.append(run.session.lastMessageWasJSON)
        case .tooLarge(let limit, let id):
          run.session.refuseTooLarge(limit: limit, id: id, into: &outbox)
          run.inputsReadAsJSON.append(false)
        case .badHeader(let reason):
          run.session.refuseBadHeader(reason, into: &outbox)
          run.inputsReadAsJSON.append(false)
        }
        inputs += 1
        collect()
        engine.replayedSwitches = []
        try observe(engine, inputs)
      }
    }
    // Timers that fired after the last input, while the recording went on.
    if run.session.exitStatus == nil {
      run.session.advanceVirtualClock(to: lastAt, into: &outbox)
      collect()
    }
    try observe(engine, inputs)
    return run
  }

  /// A recorded answer that is a failed commit's error (-32005), as the engine writes it.
  static let storageFailure = #""error":{"code":-32005"#

  /// Said under a difference whose recorded message is a failed commit's error: a replay
  /// writes no state file, so nothing makes its commit fail.
  static let storageFailureNote =
    "  (the recorded answer is -32005, a commit of the state file that failed; a replay"
    + " writes no file, so the same request succeeds there)\n"

  /// Said under a difference whose messages hold members that are not compared.
  static let uncomparedNote =
    "  (not compared: engine.stats' uptimeMs and state, initialize's serverInfo.version, an"
    + " error's message and data.suggestion)\n"

  /// How many leading Unicode scalars `one` and `other` share.
  static func firstDifference(_ one: String, _ other: String) -> Int {
    zip(one.unicodeScalars, other.unicodeScalars).prefix { $0 == $1 }.count
  }

  /// Longer messages are cut when a difference prints them.
  static let excerptLimit = 4096

  /// A message as a difference prints it: control characters escaped, and one over 4 096
  /// characters cut to about 2 000 either side of `position` (a scalar offset), marked "…"
  /// with its length: a 20 MB message is not printed whole.
  static func excerpt(_ text: String, around position: Int = 0) -> String {
    let scalars = Array(text.unicodeScalars)
    let limit = excerptLimit
    guard scalars.count > limit else { return terminalSafe(text, keepingLineFeeds: false) }
    let start = max(0, min(position - limit / 2, scalars.count - limit))
    let end = min(scalars.count, start + limit)
    var cut = String.UnicodeScalarView()
    cut.append(contentsOf: scalars[start..<end])
    return (start > 0 ? "…" : "") + terminalSafe(String(cut), keepingLineFeeds: false)
      + (end < scalars.count ? "…" : "") + " (\(text.utf8.count) bytes in all)"
  }

  /// The text of `message` with what cannot repeat left out: `uptimeMs`, and the durable
  /// state's file statistics (`state`), in `engine.stats` results; the engine's version in
  /// `initialize` results (`serverInfo.version`: replaying a bug report's trace on a newer
  /// Ordo is what a replay is for); an error's `message` (its wording, for a person, may
  /// change between versions: its `code` and `data` are compared).
  ///
  /// Any other message is compared as written, byte for byte: a number's spelling (`1e3`,
  /// `1.0`) and an id beyond 64 bits are what the engine must echo, and a parser would
  /// make `1.0e0` and `1.0` the same.
  ///
  /// Bytes, compared as bytes: a `String`'s `==` takes canonically equivalent texts as equal
  /// (`é` as one scalar or as `e` and an accent), and its `contains` searches by characters,
  /// which made the replay of a long trace take 14 times the session.
  static func comparable(_ message: [UInt8]) -> [UInt8] {
    guard
      contains(message, "\"uptimeMs\"") || contains(message, "\"serverInfo\"")
        || contains(message, "\"error\""),
      case .success(let document) = message.withUnsafeBytes({ JSONDocument.parse($0) }),
      holdsUncompared(document.value)
    else { return message }
    if document.value.kind == .array {
      // A batch's answer: each answer as written, but those that hold what is not compared.
      var kept: [UInt8] = []
      var position = 0
      for element in Trace.rawElements(of: message) {
        kept += message[position..<element.lowerBound]
        kept += comparable(Array(message[element]))
        position = element.upperBound
      }
      return kept + message[position...]
    }
    // Rewritten, numbers take the writer's spelling: only for the messages that hold what
    // is not compared (a shell's `data` may hold a member named `uptimeMs`, and its `1.50`
    // must still differ from `1.5`).
    var writer = JSONWriter()
    writeComparable(document.value, into: &writer, role: .message)
    return writer.bytes
  }

  /// Whether `message` (or, for a batch's answer, one of its answers) is an error response
  /// or a response whose `result` is `engine.stats`' or `initialize`'s.
  private static func holdsUncompared(_ message: JSONValue) -> Bool {
    if message.kind == .array {
      return (0..<message.count).contains { message.element(at: $0).map(holdsUncompared) ?? false }
    }
    if message.member("error")?.kind == .object { return true }
    guard let result = message.member("result") else { return false }
    return isStats(result) || isInitialize(result)
  }

  /// Whether a response's `result` is `engine.stats`'.
  private static func isStats(_ result: JSONValue) -> Bool {
    result.kind == .object && result.member("uptimeMs") != nil && result.member("requests") != nil
  }

  /// Whether a response's `result` is `initialize`'s.
  private static func isInitialize(_ result: JSONValue) -> Bool {
    result.kind == .object && result.member("serverInfo") != nil
      && result.member("protocolVersion") != nil
  }

  /// Whether `bytes` holds `text`'s UTF-8 anywhere.
  private static func contains(_ bytes: [UInt8], _ text: StaticString) -> Bool {
    bytes.withUnsafeBytes { haystack in
      memmem(haystack.baseAddress, haystack.count, text.utf8Start, text.utf8CodeUnitCount) != nil
    }
  }

  /// Where a value sits: only a response's `result` can be `engine.stats`' (a shell's `data`
  /// may hold members of any name).
  private enum Role {
    /// A message (one answer of a batch's).
    case message
    case result, serverInfo, error, errorData, other
  }

  private static func writeComparable(
    _ value: JSONValue, into writer: inout JSONWriter, role: Role
  ) {
    switch value.kind {
    case .object:
      let isStats = role == .result && isStats(value)
      let isInitialize = role == .result && isInitialize(value)
      writer.beginObject()
      value.forEachMember { key, member in
        if isStats && (key == "uptimeMs" || key == "state") { return }
        if role == .serverInfo && key == "version" { return }
        if role == .error && key == "message" { return }
        // A hint for a person as the message is (-32601's and -32602's "did you mean"),
        // which a newer Ordo may give where an older one gave none.
        if role == .errorData && key == "suggestion" { return }
        writer.key(key)
        let inner: Role
        switch (role, key) {
        case (.message, "result"): inner = .result
        case (.message, "error"): inner = .error
        case (.error, "data"): inner = .errorData
        case (_, "serverInfo") where isInitialize: inner = .serverInfo
        default: inner = .other
        }
        writeComparable(member, into: &writer, role: inner)
      }
      writer.endObject()
    case .array:
      writer.beginArray()
      for index in 0..<value.count {
        guard let element = value.element(at: index) else { continue }
        // (A batch's answer never comes here: `comparable` takes its answers one by one.)
        writeComparable(element, into: &writer, role: .other)
      }
      writer.endArray()
    default:
      writer.value(value)
    }
  }

  static func main(tracePath: String) -> Int32 {
    // The verdict is a script's answer: one stdout cannot take is said on stderr, exit 3
    // (as `call` and `--version` do), never lost behind a status 0 or a SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    let run: Run
    do {
      run = try Replay.run(Trace.load(path: tracePath))
    } catch {
      writeAll(2, "ordo replay: \(terminalSafe(error.description))\n")
      return 2
    }
    let (text, status) = verdict(run)
    if run.trace.isCutOff {
      // `identical` alone read as "the whole session checked" (the report says it in red).
      let inputs = run.trace.records.count { if case .input = $0 { true } else { false } }
      writeAll(
        2,
        "ordo replay: note: the recording stops early (its --trace-max-bytes, a write that"
          + " failed, or an engine killed mid-line) "
          + (inputs == 0 ? "before its first input" : "after input message \(inputs)")
          + ": what the engine did after that is not in the trace, nor compared\n")
    }
    let failure = writeAll(1, text, waitingIfFull: true)
    guard failure == 0 else {
      writeAll(
        2,
        "ordo replay: the verdict could not be written to stdout (\(String(cString: strerror(failure))))"
          + "\n")
      return 3
    }
    // After the difference it is about.
    if status != 0, let replaying = run.trace.olderThanReplaying {
      // A difference read as a bug where it may be what a newer Ordo does on purpose.
      let note = Timeline.Metadata.versionDifferenceNote(
        recorded: run.trace.header.version, replaying: replaying)
      writeAll(2, "ordo replay: note: \(terminalSafe(note))\n")
    }
    return status
  }

  /// The same output after another input: a difference too.
  private static func misplaced(
    _ index: Int, _ recorded: (text: ArraySlice<UInt8>, afterInput: Int), _ afterInput: Int,
    in trace: Trace
  ) -> (text: String, status: Int32) {
    (
      "difference at output message \(index + 1) (\(trace.lineOf(output: index))): expected "
        + "\(trace.place(afterInputs: recorded.afterInput)), got "
        + "\(trace.place(afterInputs: afterInput)):\n"
        + "  \(excerpt(String(decoding: recorded.text, as: UTF8.self)))\n", 1
    )
  }

  /// "difference at output message N (line L; after input message M on line K)": the
  /// numbers count messages, the lines (blank ones included) find them in the file.
  private static func differenceAt(
    _ index: Int, _ afterInput: Int, recorded: Bool = true, in trace: Trace
  ) -> String {
    let line = recorded ? trace.lineOf(output: index) + "; " : ""
    return
      "difference at output message \(index + 1) (\(line)\(trace.place(afterInputs: afterInput))):\n"
  }

  /// The difference output `index` (written after `afterInput` inputs) makes with the
  /// recorded one, nil when there is none: other content, or the same in another place.
  private static func difference(
    at index: Int, got text: [UInt8], afterInput: Int, sameBytes: Bool,
    recorded: (text: ArraySlice<UInt8>, afterInput: Int), comparesPlaces: Bool,
    in trace: Trace
  ) -> String? {
    // Equal bytes compare equal: most outputs, and no parse or search for them.
    if !sameBytes {
      let want = comparable(Array(recorded.text))
      let got = comparable(text)
      if got != want {
        // Printed as recorded and as written (what `grep` finds in the trace), not as
        // compared.
        var shown = (
          want: String(decoding: recorded.text, as: UTF8.self),
          got: String(decoding: text, as: UTF8.self)
        )
        var note = ""
        if !Trace.sameBytes(want, recorded.text) || got != text {
          note = uncomparedNote
          // Cut, the raw messages' window could centre on a member not compared (`state`
          // always differs under `--state`) and leave the difference out.
          if max(shown.want.unicodeScalars.count, shown.got.unicodeScalars.count) > excerptLimit {
            shown = (String(decoding: want, as: UTF8.self), String(decoding: got, as: UTF8.self))
            note = uncomparedNote.dropLast(2) + "; shown without them)\n"
          }
        }
        let from = firstDifference(shown.want, shown.got)
        if recorded.text.firstRange(of: Self.storageFailure.utf8) != nil {
          note += storageFailureNote
        }
        return differenceAt(index, recorded.afterInput, in: trace)
          + "  expected: \(excerpt(shown.want, around: from))\n"
          + "  got:      \(excerpt(shown.got, around: from))\n" + note
      }
    }
    // The same message in another place (an event written after a later request, or before
    // the request that caused it) is a difference too.
    if comparesPlaces, afterInput != recorded.afterInput {
      return misplaced(index, recorded, afterInput, in: trace).text
    }
    return nil
  }

  /// What replaying `trace` found: "identical" (0) or its first difference (1).
  static func verdict(_ run: Run) -> (text: String, status: Int32) {
    let trace = run.trace
    if let difference = run.difference { return (difference, 1) }
    let expected = run.recorded
    if run.outputCount < expected.count {
      let recorded = expected[run.outputCount]
      return (
        differenceAt(run.outputCount, recorded.afterInput, in: trace)
          + "  expected: \(excerpt(String(decoding: recorded.text, as: UTF8.self)))\n"
          + "  got:      nothing (the replay wrote only \(run.outputCount))\n", 1
      )
    }
    if let extra = run.firstExtra, !trace.isCutOff, !trace.endsWithoutNewline {
      return (
        differenceAt(expected.count, extra.afterInput, recorded: false, in: trace)
          + "  expected: nothing (the trace recorded \(expected.count))\n"
          + "  got:      \(excerpt(String(decoding: extra.text, as: UTF8.self)))\n", 1
      )
    }
    return ("identical\n", 0)
  }
}
