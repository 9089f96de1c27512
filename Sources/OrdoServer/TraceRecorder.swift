import OrdoCoding
import OrdoCore
import OrdoJSON
import OrdoRPC
import OrdoStore

#if canImport(Glibc)
  import Glibc
#endif

/// `--trace PATH` (docs/protocol.md#tracing): a header line, then every message read and
/// written as one JSON object per line — `{dir, at, msg}` with the message's JSON text
/// embedded verbatim (CR and LF turned into spaces), `{dir, at, raw64}` for bytes that were
/// not JSON, `{dir, at, tooLarge}` for a message skipped for its size, `{dir, at,
/// badHeader}` for an LSP header that could not be used. Lines are written at every flush, so
/// a crash leaves a readable prefix; past `--trace-max-bytes` a last `{"truncated":true}`
/// ends the recording (the header is always written, even when it alone is over the limit).
final class TraceRecorder {
  private let descriptor: Int32
  private let maxBytes: Int
  private var written = 0
  /// The lines recorded since the last flush, not yet written.
  private var pending: [UInt8] = []
  /// Where in `pending` each output line is (a failed commit takes them back).
  private var pendingOutputs: [Range<Int>] = []
  /// The record being written (one buffer for all of them).
  private var scratch = JSONWriter(capacity: 1 << 12)
  /// A message whose CR and LF become spaces (one buffer for all of them).
  private var flattened: [UInt8] = []
  private static let truncatedLine = Array(#"{"truncated":true}"#.utf8) + [0x0A]
  private var framing: MessageFramer.Framing?
  private var wroteFirstInput = false
  private var stopped = false
  private let path: String
  /// Why writing failed; said on stderr once the header is written (before, `start` throws).
  private var failure: String?
  private var started = false

  private init(descriptor: Int32, maxBytes: Int, path: String) {
    self.descriptor = descriptor
    self.maxBytes = maxBytes
    self.path = path
  }

  deinit {
    close(descriptor)
  }

  struct OpenError: Error, CustomStringConvertible {
    let description: String
    /// What to say after the path instead, when the trace's directory does not exist
    /// (`PathHint.missingDirectory(ofNewFile:failedWith:)`).
    var missingDirectory: String? = nil
  }

  /// Creates (truncating) the trace at `path`, writes its header and hooks it to `session`.
  /// The trace stays locked (`flock`) while the engine writes it: another engine given the
  /// same path (two editor windows with one configured trace) is refused, where it emptied
  /// the file under the first, which went on writing at its own offset (NULs, then lines
  /// no replay reads).
  static func start(path: String, session: Session, arguments: [String]) throws(OpenError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      let code = errno
      throw OpenError(
        description: OrdoCommand.reason(code, for: path),
        missingDirectory: PathHint.missingDirectory(ofNewFile: path, failedWith: code))
    }
    // A regular file only: a device or a pipe (/dev/null) is neither emptied nor locked.
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, ftruncate(descriptor, 0) == 0 else {
        let reason =
          errno == EWOULDBLOCK
          ? "another Ordo engine is writing it; give each engine its own trace"
          : String(cString: strerror(errno))
        close(descriptor)
        throw OpenError(description: reason)
      }
    }
    let recorder = TraceRecorder(
      descriptor: descriptor, maxBytes: session.engine.configuration.traceMaxBytes, path: path)
    var header = JSONWriter()
    header.beginObject()
    header.key("ordo")
    header.string(ordoVersion)
    header.key("args")
    header.strings(arguments)
    // The real-time clock at start, whatever the clock mode: a replay of a session that
    // switches to the system clock needs it (the manual clock's epoch is in the args).
    header.key("startedWallAt")
    header.int(session.engine.clock.systemStartedWallAt)
    if let state = session.engine.loadedState, session.engine.store != nil {
      header.key("state")
      state.write(to: &header, nestedIn: 1)
    }
    header.endObject()
    // The header is written whatever the limit: a file without it is no trace at all.
    recorder.pending = header.bytes + [0x0A]
    recorder.writePending()
    if let failure = recorder.failure { throw OpenError(description: failure) }
    recorder.started = true
    session.engine.recordsClockSwitches = true
    session.recordInput = { [recorder, unowned session] event, bytes, at, isJSON in
      recorder.recordInput(
        event, bytes: bytes, at: at, isJSON: isJSON, framing: session.framing,
        switchesToSystem: session.engine.takeUnrecordedSwitches())
    }
    session.recordSwitchesAfterEarlyInput = { [recorder, unowned session] at in
      recorder.recordSwitches(session.engine.takeUnrecordedSwitches(), after: at)
    }
    session.recordOutput = { [recorder] bytes, at in recorder.record(.output, bytes, at: at) }
    session.discardRecordedOutputs = { [recorder] in recorder.discardPendingOutputs() }
    session.recordRefusedLine = { [recorder, unowned session] line, isJSON, error in
      recorder.recordRefused(line, isJSON: isJSON, error: error, at: session.engine.now)
      recorder.writePending()
    }
    session.afterFlush = { [recorder] in recorder.writePending() }
  }

  /// Records an input; `switchesToSystem`: the system clock's time at each switch to it the
  /// message made (`systemAt`, for the replay).
  private func recordInput(
    _ event: MessageFramer.Event, bytes: UnsafeRawBufferPointer?, at: Int64, isJSON: Bool,
    framing: MessageFramer.Framing?, switchesToSystem: [Int64]
  ) {
    switch event {
    case .message:
      guard let bytes else { return }
      record(.input, bytes, at: at, isJSON: isJSON, framing: framing) { writer in
        guard !switchesToSystem.isEmpty else { return }
        writer.key("systemAt")
        writer.ints(switchesToSystem)
      }
    case .tooLarge(let limit, let id):
      line(.input, at: at, framing: framing) { writer in
        writer.key("tooLarge")
        writer.int(limit)
        // The last top-level id member the scan read (the answer carries it when it is a
        // string, a number or null; the replay reads it again).
        if let id {
          writer.key("idText")
          writer.string(id)
        }
      }
    case .badHeader(let reason):
      line(.input, at: at, framing: framing) { writer in
        writer.key("badHeader")
        writer.string(reason)
      }
    }
  }

  /// Records the switches to the system clock that the input recorded last (at `at`, before
  /// it was handled whole) made after that: `{dir: "in", at, moreSystemAt}`.
  private func recordSwitches(_ switches: [Int64], after at: Int64) {
    guard !switches.isEmpty else { return }
    line(.input, at: at, framing: nil) { writer in
      writer.key("moreSystemAt")
      writer.ints(switches)
    }
  }

  /// Records a line `ordo call -` refused before the engine saw it: `{dir: "in", at,
  /// refused: error, msg | raw64}` (replay skips it: the engine never had it).
  private func recordRefused(
    _ line: UnsafeRawBufferPointer, isJSON: Bool, error: String, at: Int64
  ) {
    record(.input, line, at: at, isJSON: isJSON, framing: .ndjson) { writer in
      writer.key("refused")
      writer.raw(bytes: Array(error.utf8))
    }
  }

  /// Records one message: verbatim when it is JSON (outputs always are; for an input the
  /// dispatcher's parse said), as base64 when not.
  private func record(
    _ direction: Direction, _ bytes: UnsafeRawBufferPointer, at: Int64, isJSON: Bool = true,
    framing: MessageFramer.Framing? = nil, before: (inout JSONWriter) -> Void = { _ in }
  ) {
    guard !stopped else { return }
    line(direction, at: at, framing: framing) { writer in
      before(&writer)
      if isJSON {
        writer.key("msg")
        // Inside JSON, CR and LF can only be whitespace between tokens. (Whole buffers, not a
        // lazy map: JSONWriter's generic append would take that byte by byte, unspecialized.)
        if bytes.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
          flattened.removeAll(keepingCapacity: true)
          flattened.append(contentsOf: bytes)
          for index in flattened.indices where flattened[index] == 0x0A || flattened[index] == 0x0D
          {
            flattened[index] = 0x20
          }
          writer.raw(bytes: flattened)
        } else {
          writer.raw(bytes: bytes)
        }
      } else {
        writer.key("raw64")
        writer.string(Base64.encode(bytes))
      }
    }
  }

  private enum Direction {
    case input, output
  }

  private func line(
    _ direction: Direction, at: Int64, framing: MessageFramer.Framing?,
    _ body: (inout JSONWriter) -> Void
  ) {
    guard !stopped else { return }
    scratch.clear()
    scratch.beginObject()
    scratch.key("dir")
    scratch.string(direction == .input ? "in" : "out")
    scratch.key("at")
    scratch.int(at)
    if direction == .input, !wroteFirstInput {
      wroteFirstInput = true
      scratch.key("framing")
      scratch.string((framing ?? .ndjson).rawValue)
    }
    body(&scratch)
    scratch.endObject()
    let start = pending.count
    scratch.withBytes(from: 0) { append(line: $0) }
    if direction == .output, !stopped { pendingOutputs.append(start..<pending.count) }
  }

  /// Forgets the output lines not yet written (their messages were dropped unwritten); a
  /// `{"truncated":true}` after them stays.
  private func discardPendingOutputs() {
    guard !pendingOutputs.isEmpty else { return }
    var kept: [UInt8] = []
    var next = 0
    for range in pendingOutputs {
      kept += pending[next..<range.lowerBound]
      next = range.upperBound
    }
    kept += pending[next...]
    pending = kept
    pendingOutputs.removeAll()
  }

  private func append(line: UnsafeRawBufferPointer) {
    guard !stopped else { return }
    let truncated = Self.truncatedLine
    if written + pending.count + line.count + 1 + truncated.count > maxBytes {
      pending += truncated
      stopped = true
      return
    }
    pending.append(contentsOf: line)
    pending.append(0x0A)
  }

  /// Writes the lines recorded since the last call. A write error stops the recording, said
  /// once at level error: the session goes on, and the trace holds what was written before
  /// (it may end on a whole line, with no mark: a replay then finds the outputs missing).
  func writePending() {
    var offset = 0
    while offset < pending.count {
      let count = pending[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        let reason = count < 0 ? String(cString: strerror(errno)) : "nothing written"
        stopped = true
        failure = reason
        if started {
          // Whatever the log level (`ordo call` writes no log lines by default): the user
          // asked for this recording, and believes it whole.
          writeStandardError(
            "ordo [error] "
              + terminalSafe(
                "--trace \(path): writing failed (\(reason)) after \(written + offset) bytes:"
                  + " the recording stopped there; the session goes on unrecorded",
                keepingLineFeeds: false) + "\n")
        }
        break
      }
      offset += count
    }
    written += offset
    pending.removeAll(keepingCapacity: true)
    pendingOutputs.removeAll(keepingCapacity: true)
  }
}

/// RFC 4648 base64, for bytes a trace cannot embed as JSON.
enum Base64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  static func encode(_ bytes: some Collection<UInt8>) -> String {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var iterator = bytes.makeIterator()
    while let first = iterator.next() {
      let second = iterator.next()
      let third = iterator.next()
      let value = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
      output.append(alphabet[Int(value >> 18 & 63)])
      output.append(alphabet[Int(value >> 12 & 63)])
      output.append(second == nil ? UInt8(ascii: "=") : alphabet[Int(value >> 6 & 63)])
      output.append(third == nil ? UInt8(ascii: "=") : alphabet[Int(value & 63)])
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The bytes of `text`, nil when it is not base64.
  static func decode(_ text: String) -> [UInt8]? {
    var values: [UInt8] = []
    var padding = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: "=") {
        padding += 1
        continue
      }
      guard padding == 0, let index = alphabet.firstIndex(of: byte) else { return nil }
      values.append(UInt8(index))
    }
    guard (values.count + padding) % 4 == 0, padding <= 2 else { return nil }
    var output: [UInt8] = []
    var index = 0
    while index + 1 < values.count {
      let chunk = values[index..<min(index + 4, values.count)]
      var value: UInt32 = 0
      for (offset, sextet) in chunk.enumerated() { value |= UInt32(sextet) << (18 - 6 * offset) }
      output.append(UInt8(value >> 16 & 0xFF))
      if chunk.count > 2 { output.append(UInt8(value >> 8 & 0xFF)) }
      if chunk.count > 3 { output.append(UInt8(value & 0xFF)) }
      index += 4
    }
    return output
  }
}
