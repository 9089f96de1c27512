import OrdoJSON
import OrdoRPC

#if canImport(Glibc)
  import Glibc
#endif

/// `ordo call` (docs/protocol.md#one-shot-calls): requests built from the command line or
/// read as NDJSON from stdin, run in order on one session, each committed before the next,
/// with results (and, with `--events`, events) printed for a shell.
struct OneShotCall {
  /// One request to run, or a line of stdin that was not one (its error object, printed as is).
  enum Line {
    case request([UInt8])
    /// A line refused before the engine saw it: the error object printed, the line, and
    /// whether it was JSON (a trace keeps it as `msg` or `raw64`).
    case refused(String, line: [UInt8], isJSON: Bool)
  }

  let events: Bool

  /// The request for `METHOD [PARAMS]`; nil, after a message on stderr, when PARAMS is not a
  /// JSON object.
  func request(method: String, params: String?) -> Line? {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("jsonrpc")
    writer.string("2.0")
    writer.key("id")
    writer.int(1)
    writer.key("method")
    writer.string(method)
    if var params {
      // `"$(cat FILE)"` of a file a Windows editor saved starts with a byte order mark:
      // skipped there, as `call -` and the server skip one at the start of their input.
      let mark = MessageFramer.byteOrderMark
      if params.utf8.starts(with: mark) {
        params = String(decoding: params.utf8.dropFirst(mark.count), as: UTF8.self)
      }
      // An empty argument is most likely a shell variable that was meant to hold PARAMS.
      if params.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
        writeAll(2, "ordo call: PARAMS is empty: omit it for no params, or give '{}'\n")
        return nil
      }
      switch JSONDocument.parse(params) {
      case .failure(let failure) where failure.reason == .nulInKey:
        writeAll(
          2, "ordo call: PARAMS has an object key holding \\u0000, which Ordo cannot store\n")
        return nil
      case .failure(let failure) where failure.reason == .outOfMemory:
        writeAll(
          2,
          "ordo call: PARAMS (\(params.utf8.count) bytes) could not be parsed: the memory it"
            + " takes could not be had\n")
        return nil
      case .failure(let failure):
        // An object's keys are strings: PARAMS without a double quote that is not JSON was
        // most likely written unquoted, `{"id":"a"}` reaching us as `{id:a}`.
        let unquoted = params.contains("{") && params.contains(":") && !params.contains("\"")
        writeAll(
          2,
          Self.pointing(at: failure, in: params)
            + (unquoted
              ? "PARAMS has no double quotes: did the shell take them? Put it in single"
                + " quotes: '{\"id\": \"a\"}'\n" : ""))
        return nil
      case .success(let document):
        guard document.value.kind == .object else {
          writeAll(2, "ordo call: PARAMS must be a JSON object, e.g. '{\"id\":\"a\"}'\n")
          return nil
        }
        writer.key("params")
        writer.value(document.value)
      }
    }
    writer.endObject()
    return .request(writer.bytes)
  }

  /// The message for PARAMS that is not JSON: the problem, its line and column, and the
  /// line itself (cut to a window around the problem) with a caret under it.
  ///
  /// jansson's `position` counts the bytes read up to the end of the offending token, which
  /// its `detail` quotes (`… near 'xyz'`): the caret goes under the token's first byte, or
  /// just past the end for `near end of file`.
  static func pointing(at failure: JSONParseFailure, in params: String) -> String {
    let bytes = Array(params.utf8)
    var offset = min(max(failure.position, 0), bytes.count)
    if failure.reason != .nulByte, !failure.detail.hasSuffix("near end of file") {
      if let near = failure.detail.firstRange(of: " near '"), failure.detail.hasSuffix("'") {
        let token = failure.detail[near.upperBound...].dropLast()
        offset = max(offset - token.utf8.count, 0)
      } else if offset > 0 {
        offset -= 1
      }
    }
    // Never inside a UTF-8 sequence.
    while offset > 0, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
    let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    let lineEnd = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
    let lineNumber = bytes[..<lineStart].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    var before = Array(String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars)
    var after = Array(String(decoding: bytes[offset..<lineEnd], as: UTF8.self).unicodeScalars)
    let column = before.count + 1
    if before.last == "\r" { before.removeLast() }
    if after.last == "\r" { after.removeLast() }
    // Long lines: about 36 characters either side of the caret.
    let window = 36
    var head = ""
    var tail = ""
    if before.count > window {
      before = Array(before.suffix(window - 1))
      head = "…"
    }
    if after.count > window {
      after = Array(after.prefix(window - 1))
      tail = "…"
    }
    // Control characters (an escape sequence in a commit message a hook passes on) are
    // shown escaped, as \u001b, not sent to the terminal; tabs stay tabs, under the line
    // too, so that the caret lines up.
    func shown(_ scalar: Unicode.Scalar) -> String {
      scalar == "\t" ? "\t" : terminalSafe(String(scalar), keepingLineFeeds: false)
    }
    func text(_ scalars: [Unicode.Scalar]) -> String { scalars.map(shown).joined() }
    // The columns a terminal gives: none to combining marks and format characters (ZERO
    // WIDTH JOINER, …) shown as themselves, two to wide ones (CJK, Hangul, emoji).
    func pad(_ scalar: Unicode.Scalar) -> String {
      if scalar == "\t" { return "\t" }
      let width = shown(scalar).unicodeScalars.count  // 6 for one shown escaped, \uXXXX
      guard width == 1 else { return String(repeating: " ", count: width) }
      switch scalar.properties.generalCategory {
      // (SOFT HYPHEN, a format character, is drawn: one column.)
      case .nonspacingMark, .enclosingMark,
        .format where scalar != "\u{AD}":
        return ""
      default: return Self.isWide(scalar) ? "  " : " "
      }
    }
    let padding = (head.isEmpty ? "" : " ") + before.map(pad).joined()
    let place =
      lineNumber == 1 && lineEnd == bytes.count
      ? "column \(column)" : "line \(lineNumber), column \(column)"
    let detail = terminalSafe(failure.detail, keepingLineFeeds: false)
    return "ordo call: PARAMS is not valid JSON: \(detail), at \(place):\n"
      + "  \(head)\(text(before))\(text(after))\(tail)\n  \(padding)^\n"
  }

  /// Whether a terminal draws `scalar` two columns wide: East Asian Wide or Fullwidth in
  /// Unicode's EastAsianWidth.txt (CJK, Hangul, fullwidth forms, emoji, …).
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    guard value >= 0x1100 else { return false }
    // The last range starting at or below `value`.
    var low = 0
    var high = wideRanges.count
    while low < high {
      let middle = (low + high) / 2
      if wideRanges[middle].lowerBound <= value { low = middle + 1 } else { high = middle }
    }
    return low > 0 && wideRanges[low - 1].contains(value)
  }

  // Unicode 18.0.0: tools/wide_ranges.py prints it.
  static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
    0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2630...0x2637, 0x2648...0x2653,
    0x267F...0x267F, 0x268A...0x268F, 0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB,
    0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
    0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705,
    0x270A...0x270B, 0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755,
    0x2757...0x2757, 0x2795...0x2797, 0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C,
    0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5,
    0x2FF0...0x303E, 0x3041...0x3096, 0x3099...0x30FF, 0x3105...0x312F, 0x3131...0x318E,
    0x3190...0x31E5, 0x31EF...0x321E, 0x3220...0x3247, 0x3250...0xA48C, 0xA490...0xA4C6,
    0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE52,
    0xFE54...0xFE66, 0xFE68...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
    0x16FF0...0x16FF6, 0x17000...0x18CDA, 0x18CFF...0x18D20, 0x18D80...0x18DF2, 0x18E00...0x19191,
    0x191A0...0x191D2, 0x1AFF0...0x1AFF3, 0x1AFF5...0x1AFFB, 0x1AFFD...0x1AFFE, 0x1B000...0x1B128,
    0x1B132...0x1B132, 0x1B150...0x1B152, 0x1B155...0x1B155, 0x1B164...0x1B168, 0x1B170...0x1B2FB,
    0x1D300...0x1D356, 0x1D360...0x1D376, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E,
    0x1F191...0x1F19A, 0x1F1AE...0x1F1AE, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248,
    0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
    0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4,
    0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E,
    0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F,
    0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D9, 0x1F6DC...0x1F6DF,
    0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7DA...0x1F7DA, 0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0,
    0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FA7C, 0x1FA80...0x1FAC6,
    0x1FAC8...0x1FAC8, 0x1FACC...0x1FADD, 0x1FADF...0x1FAEB, 0x1FAEF...0x1FAFA, 0x20000...0x2FFFD,
    0x30000...0x3FFFD,
  ]

  /// `call -`: reads NDJSON requests from `descriptor` as they come and runs each complete
  /// line before reading on (a producer that never ends, or one that waits for each answer,
  /// is served line by line; memory holds one line, and a line over `--max-message-bytes` is
  /// refused without being kept whole). Stops at the end of input, after `exit`, or when
  /// stdout could not take an answer; returns the exit status.
  ///
  /// The session (with `--state`, the state file and its lock) starts with the first line,
  /// or at the end of an input that had none: a stage of a pipeline that waits for its input
  /// must not hold the file another stage, before it, is still using.
  func runLines(from descriptor: Int32, maxMessageBytes: Int, startSession: () -> Session?)
    -> Int32
  {
    var printer: Printer?
    /// Starts the session unless it was; false when it cannot start (it said why).
    func start() -> Bool {
      if printer != nil { return true }
      guard let session = startSession() else { return false }
      printer = Printer(session: session, events: events, echoEachLine: true)
      return true
    }
    var framer = MessageFramer(framing: .ndjson, maxMessageBytes: maxMessageBytes)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var number = 0
    var ended = false
    let alarm = WakeUpAlarm()
    /// Waits for stdin or the next timer, whichever comes first, firing what fell due; true
    /// when stdin is ready.
    func waitForInput() -> Bool {
      let wakeUp = alarm.set(inMilliseconds: printer?.session.millisecondsUntilNextTimer)
      var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
      if let entry = wakeUp.entry { fds.append(entry) }
      let polled = poll(&fds, nfds_t(fds.count), wakeUp.timeout)
      printer?.fireDueTimers()
      return polled > 0 && fds[0].revents != 0
    }
    while printer?.goesOn ?? true, !ended {
      // Waiting for the next line, the system clock's timers fire when due, as in the
      // server: not only when a later line comes, or never if none does.
      if printer?.session.millisecondsUntilNextTimer != nil, !waitForInput() {
        continue  // a timer was due (or a signal came): look again
      }
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK {
          // A non-blocking stdin (shared with a process that made it so) is waited for.
          _ = waitForInput()
          continue
        }
        let reason = String(cString: strerror(errno))
        writeAll(2, "ordo call: stdin could not be read (\(reason)); no line after it ran\n")
        return max(printer?.finish() ?? 0, 2)
      }
      if count == 0 {
        // A last line without its newline is still a line.
        framer.feed([0x0A])
        ended = true
      } else {
        chunk.withUnsafeBytes { framer.feed(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
      }
      while printer?.goesOn ?? true, let event = framer.next() {
        guard start() else { return 2 }
        number += 1
        switch event {
        case .message(let range):
          printer?.run(Self.request(line: Array(framer.buffer[range]), id: number))
        case .tooLarge(let limit, _):
          printer?.refuseTooLarge(limit: limit)
        case .badHeader:
          break  // LSP only
        }
      }
    }
    guard start(), var printer else { return 2 }
    // What fell due while the last lines ran (not what is still to come) takes effect.
    if printer.goesOn { printer.fireDueTimers() }
    return printer.finish()
  }

  /// `{"method", "params"?}` (jsonrpc and id optional) as a request with id `id`.
  private static func request(line: [UInt8], id: Int) -> Line {
    func refused(_ error: ResponseError, isJSON: Bool = true) -> Line {
      .refused(errorObject(error), line: line, isJSON: isJSON)
    }
    let parsed = line.withUnsafeBytes { JSONDocument.parse($0) }
    let document: JSONDocument
    switch parsed {
    case .success(let parsed): document = parsed
    case .failure(let failure) where failure.reason == .nulInKey:
      // JSON that cannot be held: refused as the server refuses it.
      return refused(.nulInKey)
    case .failure(let failure) where failure.reason == .outOfMemory:
      // Refused as the server refuses it; not known to be JSON (the trace keeps its bytes).
      return refused(.outOfMemory(bytes: line.count), isJSON: false)
    case .failure(let failure):
      return refused(
        .parseError(
          reason: failure.reason.rawValue, detail: failure.detail, position: failure.position),
        isJSON: false)
    }
    let value = document.value
    // The server's reasons for the same faults (a batch is no line's business either).
    guard value.kind == .object else {
      return refused(
        .invalidRequest(
          reason: "not_an_object",
          message: "Invalid Request: each line must be one request object"
            + (value.kind == .array ? " (no batches)." : ", not another JSON value.")))
    }
    guard let method = value.member("method")?.string else {
      let missing = value.member("method") == nil
      return refused(
        .invalidRequest(
          reason: missing ? "missing_method" : "invalid_method",
          message: missing
            ? "Invalid Request: \"method\" is missing."
            : "Invalid Request: \"method\" must be a string."))
    }
    // A hand-written line is where typos happen: "param" must not run the method without
    // its params, and a wrong "jsonrpc" or "id" is refused as the server refuses it.
    var refusal: ResponseError?
    value.forEachMember { key, member in
      guard refusal == nil else { return }
      switch key {
      case "method", "params": break
      case "jsonrpc":
        if !member.isString("2.0") {
          refusal = .invalidRequest(
            reason: "invalid_jsonrpc",
            message: "Invalid Request: \"jsonrpc\" must be the string \"2.0\".")
        }
      case "id":
        if ![.string, .integer, .real, .null].contains(member.kind) {
          refusal = .invalidRequest(
            reason: "invalid_id",
            message: "Invalid Request: \"id\" must be a string, a number or null.")
        }
      default:
        refusal = .invalidRequest(
          reason: "unknown_member",
          message:
            "Invalid Request: unknown member \"\(key)\" (a line has \"method\", \"params\", "
            + "\"jsonrpc\" and \"id\").")
      }
    }
    if let refusal { return refused(refusal) }
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("jsonrpc")
    writer.string("2.0")
    writer.key("id")
    writer.int(id)
    writer.key("method")
    writer.string(method)
    if let params = value.member("params") {
      writer.key("params")
      writer.value(params)
    }
    writer.endObject()
    return .request(writer.bytes)
  }

  private static func errorObject(_ error: ResponseError) -> String {
    var writer = JSONWriter()
    error.write(into: &writer)
    return writer.text
  }

  /// `call METHOD [PARAMS]`: runs `line` and returns the exit status. `paramsBytes`: the
  /// length of PARAMS as given, held to `--max-message-bytes` as a line of `call -` is.
  func run(_ line: Line, paramsBytes: Int, on session: Session) -> Int32 {
    var printer = Printer(session: session, events: events, echoEachLine: false)
    let limit = session.engine.configuration.maxMessageBytes
    if paramsBytes > limit {
      printer.refuseTooLarge(limit: limit)
    } else {
      printer.run(line)
    }
    return printer.finish()
  }
}

/// Runs lines on one session and prints their answers for a shell. With `echoEachLine`
/// (`call -`) every answer is one compact line; otherwise the one result is indented on a
/// terminal and an error's message also goes to stderr.
private struct Printer {
  let session: Session
  let events: Bool
  let echoEachLine: Bool
  let pretty: Bool
  var outbox: Outbox
  var failed = false
  /// The errno of the first answer stdout could not take; nothing runs after it. The
  /// answer is what a script called for: a closed stdout, a pipe whose reader left or a
  /// full disk fails the call.
  var writeFailure: Int32 = 0

  init(session: Session, events: Bool, echoEachLine: Bool) {
    self.session = session
    self.events = events
    self.echoEachLine = echoEachLine
    pretty = !echoEachLine && isatty(1) == 1
    outbox = session.makeOutbox()
    outbox.framing = .ndjson
  }

  /// Whether another line may run: stdout took every answer, and no `exit` ended the engine.
  var goesOn: Bool { writeFailure == 0 && session.exitStatus == nil }

  /// The exit status, once the lines are done: 1 if any failed, or `exit` came without
  /// `shutdown` (the server's status for it); 3, said on stderr, if stdout could not take
  /// an answer; else 0.
  func finish() -> Int32 {
    if writeFailure != 0 {
      let reason = String(cString: strerror(writeFailure))
      writeAll(2, "ordo call: the answer could not be written to stdout (\(reason))\n")
      return 3
    }
    let exitedFailing = (session.exitStatus ?? 0) != 0
    if exitedFailing && !failed && !echoEachLine {
      // `call exit`: status 1 with `null` on stdout, which says nothing of why.
      writeAll(2, "ordo call: exit without shutdown before it: status 1, as the server's\n")
    }
    return failed || exitedFailing ? 1 : 0
  }

  private mutating func print(_ text: some Collection<UInt8>) {
    if writeFailure == 0 {
      writeFailure = writeAll(1, String(decoding: text, as: UTF8.self) + "\n", waitingIfFull: true)
    }
  }

  mutating func run(_ line: OneShotCall.Line) {
    switch line {
    case .refused(let error, let text, let isJSON):
      text.withUnsafeBytes { session.recordRefusedLine?($0, isJSON, error) }
      failed = true
      print(error.utf8)
    case .request(let request):
      request.withUnsafeBytes { _ = session.handle($0, into: &outbox) }
      printOutput()
    }
  }

  /// Fires the timers due now; with `--events`, prints their events.
  mutating func fireDueTimers() {
    session.fireDueTimers(into: &outbox)
    printOutput()
  }

  /// A line over `--max-message-bytes`, refused as the server refuses it.
  mutating func refuseTooLarge(limit: Int) {
    // `call -` numbers its lines itself: the answer is printed without an id.
    session.refuseTooLarge(limit: limit, id: nil, into: &outbox)
    printOutput()
  }

  /// Prints what the engine wrote: events (with `--events`), then the result or the error.
  /// The engine's answers are scanned, not parsed again: an answer nests deeper than the
  /// request that caused it, and may be deeper than a parser's limit.
  private mutating func printOutput() {
    session.flush(&outbox)
    let output = outbox.unwrittenBytes
    outbox.removeAll()
    for message in output.split(separator: 0x0A) {
      message.withUnsafeBytes { bytes in
        guard let members = RawIDScanner.members(ofObject: bytes) else { return }
        func value(_ key: String) -> UnsafeRawBufferPointer? {
          members.last { $0.key == key }.map { UnsafeRawBufferPointer(rebasing: bytes[$0.value]) }
        }
        if value("method") != nil {
          if events { print(bytes) }
        } else if let result = value("result") {
          if pretty { print(JSONPretty.format(result).utf8) } else { print(result) }
        } else if let error = value("error") {
          failed = true
          if !echoEachLine, let text = Self.message(ofError: error) {
            OrdoCommand.complain(text, as: "ordo call")
          }
          if pretty { print(JSONPretty.format(error).utf8) } else { print(error) }
        }
      }
    }
  }

  /// The `message` of an error object the engine wrote.
  private static func message(ofError error: UnsafeRawBufferPointer) -> String? {
    guard let members = RawIDScanner.members(ofObject: error),
      let message = members.last(where: { $0.key == "message" }),
      case .success(let document) = JSONDocument.parse(
        UnsafeRawBufferPointer(rebasing: error[message.value]))
    else { return nil }
    return document.value.string
  }
}
