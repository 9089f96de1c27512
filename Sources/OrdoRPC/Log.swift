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
    // One line each: a client's text in a message (a method name, its client name) cannot
    // start a line that looks like the engine's own.
    writeStandardError("ordo [\(level)] \(terminalSafe(message(), keepingLineFeeds: false))\n")
  }
}

/// Writes text to fd 2 directly (the C `stderr` global is not concurrency-safe to touch).
///
/// While the server runs, writes to a stderr pipe or socket do not wait (`StdioLoop`): a
/// client that never reads it must not stop the engine once the pipe is full. A line that
/// finds the pipe full is dropped whole, and the next line that gets through is preceded
/// by how many were.
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

/// How `writeSome` writes a descriptor it must not wait on, though its flags say blocking
/// (they belong to a file description shared with another process, see `StdioLoop`).
public enum WriteWithoutWaiting: Sendable {
  /// A socket: `send` with MSG_DONTWAIT.
  case socket
  /// A pipe: `write` at most PIPE_BUF bytes once `poll` finds room. Room is at least one
  /// free page of the pipe, so such a write does not wait (unless another writer filled
  /// it in between).
  case pipe
}

/// The descriptors below 64 that `writeSome` writes with MSG_DONTWAIT, one bit each, and
/// those it writes in PIPE_BUF steps after a `poll`.
private let socketsWrittenWithoutWaiting = Atomic<UInt64>(0)
private let pipesWrittenWithoutWaiting = Atomic<UInt64>(0)

/// Makes `writeSome` write `fd` (below 64) without waiting, the way `kind` says: a full
/// descriptor then takes none of a write (EAGAIN) instead of blocking it, and its flags
/// stay as they are.
public func writeWithoutWaiting(_ fd: Int32, as kind: WriteWithoutWaiting) {
  guard (0..<64).contains(fd) else { return }
  switch kind {
  case .socket: socketsWrittenWithoutWaiting.bitwiseOr(1 << UInt64(fd), ordering: .relaxed)
  case .pipe: pipesWrittenWithoutWaiting.bitwiseOr(1 << UInt64(fd), ordering: .relaxed)
  }
}

/// `write(2)`, or for a descriptor marked by `writeWithoutWaiting` a write that does not
/// wait (-1 with EAGAIN when it is full).
public func writeSome(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  guard (0..<64).contains(fd) else { return write(fd, bytes, count) }
  let bit: UInt64 = 1 << UInt64(fd)
  if socketsWrittenWithoutWaiting.load(ordering: .relaxed) & bit != 0 {
    return send(fd, bytes, count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL))
  }
  if pipesWrittenWithoutWaiting.load(ordering: .relaxed) & bit != 0 {
    var room = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    let ready = poll(&room, 1, 0)
    guard ready > 0 else {
      if ready == 0 { errno = EAGAIN }
      return -1
    }
    // POLLERR or POLLHUP (no reader): the write reports it (EPIPE).
    return write(fd, bytes, min(count, Int(PIPE_BUF)))
  }
  return write(fd, bytes, count)
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
/// characters (C0 but tab and, when `keepingLineFeeds`, line feed; DEL; C1: an escape
/// sequence could recolour, move or retitle the terminal) and the bidirectional formatting
/// characters (a U+202E override would reorder what follows it). For text that may come
/// from someone else (a trace, a request's ids, a client's name) on its way to stderr or a
/// person's terminal; inside a JSON string the escape means the same character.
/// - Complexity: O(n).
public func terminalSafe(_ text: String, keepingLineFeeds: Bool = true) -> String {
  func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A: !keepingLineFeeds
    // U+2028 and U+2029 end a line for JavaScript and Python's splitlines(): never kept.
    case 0x2028, 0x2029: true
    case 0x09: false
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
