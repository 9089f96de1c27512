#if canImport(Glibc)
  import Glibc
#endif

/// Diagnostics on stderr; stdout carries protocol bytes only.
public struct Log: Sendable {
  public enum Level: Int, Comparable, Sendable, CaseIterable {
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
    writeStandardError("ordo [\(level)] \(message())\n")
  }
}

/// Writes text to fd 2 directly (the C `stderr` global is not concurrency-safe to touch).
public func writeStandardError(_ text: String) {
  writeAll(2, text)
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
