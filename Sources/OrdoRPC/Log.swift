import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Diagnostics on stderr; stdout carries protocol bytes only.
public struct Log: Sendable {
  public enum Level: Int, Comparable, Sendable, CaseIterable {
    /// Nothing at all: no `--log-level` names it (`ordo call` without one: each line's
    /// answer says what went wrong, so a log line would only repeat it).
    case quiet
    case error, warn, info, debug

    public init?(name: String) {
      switch name {
      case "error": self = .error
      case "warn": self = .warn
      case "info": self = .info
      case "debug": self = .debug
      default: return nil
      }
    }

    public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  public var level: Level

  public init(level: Level = .warn) {
    self.level = level
  }

  public func callAsFunction(_ level: Level, _ message: @autoclosure () -> String) {
    guard level <= self.level else { return }
    writeStandardError("ordo [\(level)] \(terminalSafe(message()))\n")
  }
}

/// Writes text to fd 2 directly (the C `stderr` global is not concurrency-safe to touch).
///
/// While the server runs, writes to a stderr pipe or socket do not wait (`StdioLoop`): a
/// client that never reads it must not stop the engine once the pipe is full. A line that finds the pipe full
/// is dropped whole, and the next line that gets through is preceded by how many were.
public func writeStandardError(_ text: String) {
  guard writeDroppedLogNotice() else {
    droppedLogLines.add(1, ordering: .relaxed)
    return
  }
  if !writeLine(text) { droppedLogLines.add(1, ordering: .relaxed) }
}

/// Says how many log lines were dropped since the last one written, if any (also when the
/// server stops: no later line may come, and it waits up to `waitMs` for room); false when
/// stderr is still full.
@discardableResult
public func writeDroppedLogNotice(waitMs: Int32 = 0) -> Bool {
  let dropped = droppedLogLines.load(ordering: .relaxed)
  guard dropped > 0 else { return true }
  let notice = "ordo [warn] \(dropped) log line(s) dropped: stderr was full (nothing read it)\n"
  guard writeLine(notice, waitMs: waitMs) else { return false }
  droppedLogLines.store(0, ordering: .relaxed)
  return true
}

/// Log lines dropped since the last one written.
private let droppedLogLines = Atomic<Int>(0)

/// The descriptors below 64 that `writeSome` writes with MSG_DONTWAIT, one bit each.
private let socketsWrittenWithoutWaiting = Atomic<UInt64>(0)

/// Makes `writeSome` write the socket `fd` (below 64) with MSG_DONTWAIT: a full socket
/// then takes none of a write instead of blocking it, and the socket's own flags (which it
/// may share with another process) stay as they are.
public func sendWithoutWaiting(to fd: Int32) {
  guard (0..<64).contains(fd) else { return }
  socketsWrittenWithoutWaiting.bitwiseOr(1 << UInt64(fd), ordering: .relaxed)
}

/// `write(2)`, or `send(2)` with MSG_DONTWAIT on a socket marked by `sendWithoutWaiting`
/// (EAGAIN when it is full).
public func writeSome(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  let marked =
    (0..<64).contains(fd)
    && socketsWrittenWithoutWaiting.load(ordering: .relaxed) & (1 << UInt64(fd)) != 0
  guard marked else { return write(fd, bytes, count) }
  return send(fd, bytes, count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL))
}

/// Writes one line to fd 2: false when a full non-blocking pipe took none of it within
/// `waitMs`. A line begun is finished (its reader is reading), waiting at most a second for
/// room.
private func writeLine(_ text: String, waitMs: Int32 = 0) -> Bool {
  var bytes = Array(text.utf8)[...]
  var started = false
  while !bytes.isEmpty {
    let count = bytes.withUnsafeBytes { writeSome(2, $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { continue }
    if count < 0 && errno == EAGAIN {
      var ready = pollfd(fd: 2, events: Int16(POLLOUT), revents: 0)
      guard poll(&ready, 1, started ? 1000 : waitMs) > 0 else {
        return started  // cut short rather than stall
      }
      continue
    }
    if count <= 0 { return true }  // closed or failing: nothing to count
    started = true
    bytes = bytes.dropFirst(count)
  }
  return true
}

/// Writes text to a descriptor, retrying short writes; returns the `errno` of a failed
/// write, 0 when all was written (diagnostics may ignore it). With `waitingIfFull`, a
/// non-blocking descriptor that is full is waited for (an answer must get through; a log
/// line may be dropped).
@discardableResult
public func writeAll(_ fd: Int32, _ text: String, waitingIfFull: Bool = false) -> Int32 {
  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { continue }
    if count < 0 && errno == EAGAIN && waitingIfFull {
      // A descriptor shared with a process that made it non-blocking: wait until it drains.
      var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
      _ = poll(&ready, 1, -1)
      continue
    }
    if count <= 0 { return count < 0 ? errno : EIO }
    bytes = bytes.dropFirst(count)
  }
  return 0
}

/// `text` with what a terminal would act on instead of showing written as `\uXXXX`: control
/// characters (C0 but line feed and tab, DEL, C1: an escape sequence could recolour, move
/// or retitle the terminal) and the bidirectional formatting characters (a U+202E override
/// would reorder what follows it). For text that may come from someone else (a trace, a
/// request's ids, a client's name) on its way to stderr or a person's terminal; inside a
/// JSON string the escape means the same character.
/// - Complexity: O(n).
public func terminalSafe(_ text: String) -> String {
  func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: false
    case 0..<0x20, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
  guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
  var safe = String.UnicodeScalarView()
  for scalar in text.unicodeScalars {
    guard isUnsafe(scalar) else {
      safe.append(scalar)
      continue
    }
    let hex = String(scalar.value, radix: 16)
    safe.append(
      contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
  }
  return String(safe)
}
