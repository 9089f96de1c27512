import Glibc

/// Which clock drives the engine's time (SPEC §2).
public enum ClockMode: String, Sendable {
  /// Monotonic milliseconds since the engine started; timers fire on their own.
  case system
  /// Starts at 0 and moves only by `clock.advance`.
  case manual
}

/// The engine clock: integer milliseconds, the only place the engine reads real time.
struct EngineClock {
  private(set) var mode: ClockMode
  private var manualNow: Int64 = 0
  private let origin: Int64

  init(mode: ClockMode) {
    self.mode = mode
    origin = Self.monotonicMilliseconds()
  }

  /// The current engine time.
  var now: Int64 {
    mode == .manual ? manualNow : Self.monotonicMilliseconds() - origin
  }

  /// Milliseconds since the process started, whatever the mode (for `uptimeMs`).
  var uptime: Int64 { Self.monotonicMilliseconds() - origin }

  /// Switches mode; a manual clock starts at 0.
  mutating func switchTo(_ mode: ClockMode) {
    self.mode = mode
    manualNow = 0
  }

  /// Moves a manual clock to `time`.
  mutating func set(manual time: Int64) {
    manualNow = time
  }

  /// Back to a fresh engine's time: a manual clock returns to 0.
  mutating func reset() {
    manualNow = 0
  }

  static func monotonicMilliseconds() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
  }
}
