import OrdoStore

/// Which clock drives the engine's time (docs/protocol.md#clock).
public enum ClockMode: String, Sendable {
  /// Milliseconds since the engine started, counting while the machine sleeps; timers fire on
  /// their own.
  case system
  /// Starts at 0 and moves only by `clock.advance`.
  case manual
}

/// The engine clock: integer milliseconds, and the only place the engine's time is read
/// (from `RealTime`'s clocks, which the state file's waits share).
struct EngineClock {
  private(set) var mode: ClockMode
  private var manualNow: Int64 = 0
  /// `CLOCK_BOOTTIME` at start: engine time on the system clock counts suspend, so a
  /// scheduled "tomorrow" is not late after a laptop sleeps.
  private let origin: Int64
  /// The wall-clock epoch ms at engine time 0 (`--epoch-ms` for the manual clock).
  private(set) var startedWallAt: Int64
  private let manualEpoch: Int64
  /// The system clock's `startedWallAt`: the real-time clock read once at start (a replay's:
  /// the recorded one), kept for every switch back to the system clock.
  let systemStartedWallAt: Int64
  /// When set (by `ordo replay`), the system clock reads this instead of the machine's.
  var virtualNow: Int64?
  /// How many times the mode has switched (so that what is sent after a switch is stamped
  /// with the new clock's time). (Plain fields only: the clock is copied with every commit
  /// group's snapshot.)
  private(set) var switchCount = 0

  /// A clock in `mode`; with `virtualStart` (a replay), the system clock is virtual, whatever
  /// mode the session starts in: it reads `virtualNow` (0 at first) and its engine time 0 is
  /// wall-clock `virtualStart`.
  init(mode: ClockMode, manualEpoch: Int64 = 0, virtualStart: Int64? = nil) {
    self.mode = mode
    self.manualEpoch = manualEpoch
    origin = RealTime.milliseconds()
    if let virtualStart {
      virtualNow = 0
      systemStartedWallAt = virtualStart
    } else {
      systemStartedWallAt = RealTime.wallMilliseconds()
    }
    startedWallAt = mode == .manual ? manualEpoch : systemStartedWallAt
  }

  /// The current engine time.
  var now: Int64 {
    if mode == .manual { return manualNow }
    return virtualNow ?? RealTime.milliseconds() - origin
  }

  /// Milliseconds since the process started, whatever the mode (for `uptimeMs`).
  var uptime: Int64 { RealTime.milliseconds() - origin }

  /// Switches mode; a manual clock starts at 0 at its epoch, a system clock is again the
  /// time since the process started.
  mutating func switchTo(_ mode: ClockMode) {
    self.mode = mode
    manualNow = 0
    startedWallAt = mode == .manual ? manualEpoch : systemStartedWallAt
    switchCount += 1
  }

  /// Moves a manual clock to `time`.
  mutating func set(manual time: Int64) {
    manualNow = time
  }

  /// Back to a fresh engine's time: a manual clock returns to 0.
  mutating func reset() {
    manualNow = 0
  }
}
