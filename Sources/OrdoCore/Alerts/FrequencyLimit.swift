/// "At most `max` shows within any `windowMs`" (docs/protocol.md#frequency-limits), counted
/// over alerts of one type in any queue, or of one type and one key.
public struct FrequencyLimit: Equatable, Sendable {
  /// Whose shows are counted together.
  public enum Per: String, CaseIterable, Sendable {
    case type, key
  }

  /// The most counted shows allowed within the window; 0 means never.
  public var max: Int
  /// The window, in ms (≥ 1); nil means ever.
  public var windowMs: Int64?
  /// nil (not given) counts per type.
  public var per: Per?

  /// Whether shows are counted per type and key.
  public var countsPerKey: Bool { per == .key }

  public init(max: Int, windowMs: Int64? = nil, per: Per? = nil) {
    self.max = max
    self.windowMs = windowMs
    self.per = per
  }
}

/// What happens to an alert that a limit (or cooldown) forbids to show.
public enum OnLimit: String, CaseIterable, Sendable {
  /// It is not queued (at enqueue), or it ends `cancelled` with `endReason: limited`.
  case drop
  /// It waits, `scheduled`, until the limit allows it (its `retryAt`).
  case `defer`
}

/// An enqueue's `limit`: omitted (the type's), `null` (unlimited), or a limit of its own.
public enum LimitOverride: Equatable, Sendable {
  case inherit
  case unlimited
  case limit(FrequencyLimit)
}

/// One counted show (`alert.show` with `resumed: false`), kept until `alert.forget`.
public struct ShowRecord: Equatable, Sendable {
  public var id: String
  public var type: String
  public var key: String?
  public var queue: String
  /// Engine time of the show (negative: before this process started).
  public var at: Int64
  /// Wall-clock epoch ms of the show.
  public var wallAt: Int64
  /// The order shows happened in, across restarts; names the record.
  public var order: Int64

  public init(
    id: String, type: String, key: String?, queue: String, at: Int64, wallAt: Int64,
    order: Int64
  ) {
    self.id = id
    self.type = type
    self.key = key
    self.queue = queue
    self.at = at
    self.wallAt = wallAt
    self.order = order
  }
}

/// The filters of `alert.history`, combined with AND.
public struct ShowHistoryFilter: Equatable, Sendable {
  public var type: String?
  public var key: String?
  public var queue: String?
  public var sinceWallAt: Int64?
  public var limit: Int

  public init(
    type: String? = nil, key: String? = nil, queue: String? = nil, sinceWallAt: Int64? = nil,
    limit: Int = 100
  ) {
    self.type = type
    self.key = key
    self.queue = queue
    self.sinceWallAt = sinceWallAt
    self.limit = limit
  }
}

/// The filters of `alert.forget`, combined with AND; `all` alone forgets everything.
public struct ShowForgetFilter: Equatable, Sendable {
  public var type: String?
  public var key: String?
  public var all: Bool

  public init(type: String? = nil, key: String? = nil, all: Bool = false) {
    self.type = type
    self.key = key
    self.all = all
  }
}

/// What an observing alert manager collects for a timeline (`ordo report`): everything that
/// happened to alerts and pages, whether the shell subscribed to it or not.
public enum TimelineObservation: Equatable, Sendable {
  /// A new alert was queued.
  case created(Alert, at: Int64)
  /// An enqueue its frequency limit dropped (`onLimit: drop`): no alert was created. `id` is
  /// the one asked for (nil: none was given, and none was generated); `retryAt` as answered.
  case refused(
    id: String?, type: String, queue: String, priority: Int64, retryAt: Int64?, at: Int64)
  case changed(
    id: String, queue: String, state: AlertState, previous: AlertState, reason: ChangeReason,
    at: Int64)
  /// The page stack changed; its top (`PageStackTop`: a whole stack per change made observing
  /// quadratic in memory).
  case navigation(PageStackTop, at: Int64)
  /// `engine.reset` at `at`: everything the engine held is gone (the next observations start
  /// afresh), and engine time goes on from `resumesAt`: 0 on the manual clock, which goes
  /// back; `at` on the system clock, which runs on.
  case reset(at: Int64, resumesAt: Int64)
  /// `initialize {clock}` switched the clock at engine time `at` (`toManual`: to the manual
  /// clock, else to the system clock); engine time goes on from `resumesAt` (0 on the manual
  /// clock, the time since the process started on the system clock). Nothing else changes.
  case clockSwitched(toManual: Bool, at: Int64, resumesAt: Int64)
  /// An alert loaded from the state file by `engine.reset` (as it is at `at`).
  case restored(Alert, at: Int64)
  /// A dedupe `replace` changed the alert's data or priority (waiting or showing).
  case updated(Alert, at: Int64)
}
