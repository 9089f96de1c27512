import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// What wakes a `poll(2)` when the engine's next timer falls due.
///
/// poll's own timeout is counted on `CLOCK_MONOTONIC`, which stops while the machine sleeps:
/// a timer due during a laptop's suspend fired late by what was left of the wait (up to the
/// hour a poll waited at most). Engine time counts the suspend (`CLOCK_BOOTTIME`,
/// docs/protocol.md#time-across-restarts), and so does this alarm: a timerfd on that clock,
/// readable as soon as the machine wakes past the due time. Where no timerfd can be made (a
/// sandbox that forbids it), poll's timeout stands in.
final class WakeUpAlarm {
  /// The timerfd, made when a timer is first waited for (a process that never waits holds
  /// no descriptor for it; `ordo call -` opens its state file first); -1 when it could not
  /// be made.
  private var descriptor: Int32?
  /// Whether the timer may be set (so that a loop with no timers makes no call to disarm it).
  private var armed = false

  deinit {
    if let descriptor, descriptor >= 0 { close(descriptor) }
  }

  private var timer: Int32 {
    if let descriptor { return descriptor }
    let made = timerfd_create(CLOCK_BOOTTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
    descriptor = made
    return made
  }

  /// The longest wait a poll timeout stands in for (the next poll looks again).
  static let longestTimeout: Int32 = 3_600_000

  /// Sets the alarm `milliseconds` from now, or off (nil), and says how to poll: with the
  /// alarm's entry among the descriptors and no timeout, or (no timerfd, or nothing to wait
  /// for) with no entry and the wait as the timeout (-1: none).
  func set(inMilliseconds milliseconds: Int64?) -> (entry: pollfd?, timeout: Int32) {
    guard let milliseconds, milliseconds > 0 else {
      if armed { arm(0) }
      return (nil, milliseconds == nil ? -1 : 0)
    }
    guard timer >= 0, arm(milliseconds) else {
      return (nil, Int32(min(milliseconds, Int64(Self.longestTimeout))))
    }
    return (pollfd(fd: timer, events: Int16(POLLIN), revents: 0), -1)
  }

  /// Arms the timer once, `milliseconds` from now (0: disarmed). Setting it again also
  /// clears an expiry not yet read, so nothing has to read the descriptor.
  @discardableResult
  private func arm(_ milliseconds: Int64) -> Bool {
    var setting = itimerspec()
    setting.it_value.tv_sec = Int(milliseconds / 1000)
    setting.it_value.tv_nsec = Int(milliseconds % 1000) * 1_000_000
    armed = milliseconds > 0
    return timerfd_settime(timer, 0, &setting, nil) == 0
  }
}
