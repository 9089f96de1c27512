/// Where an alert is in its life (docs/protocol.md#alerts).
public enum AlertState: String, CaseIterable, Sendable {
  /// Waiting for `readyAt`.
  case scheduled
  /// Ready, waiting for its turn.
  case pending
  /// On screen.
  case showing
  /// Was showing; taken off screen (page left, or preempted); competes to show again.
  case suspended
  /// Ended: completed by the user or timed out (`endReason` says which).
  case done
  /// Ended: cancelled.
  case cancelled
  /// Ended: its `ttlMs` ran out before it showed.
  case expired

  /// `done`, `cancelled` or `expired`.
  public var isEnded: Bool {
    switch self {
    case .scheduled, .pending, .showing, .suspended: return false
    case .done, .cancelled, .expired: return true
    }
  }
}

/// Why an alert ended (`endReason`).
public enum EndReason: String, CaseIterable, Sendable {
  /// The shell closed it (`alert.complete`); state `done`.
  case completed
  /// Its `durationMs` ran out on screen; state `done`.
  case timeout
  /// Cancelled (`alert.cancel`, `alert.clear`); state `cancelled`.
  case cancelled
  /// Its `ttlMs` ran out before it showed; state `expired`.
  case expired
  /// A frequency limit forbade it at its turn to show; state `cancelled`.
  case limited

  /// The ended state this reason leaves an alert in.
  public var state: AlertState {
    switch self {
    case .completed, .timeout: return .done
    case .cancelled, .limited: return .cancelled
    case .expired: return .expired
    }
  }
}

/// Why a showing alert is taken off screen (`alert.hide`'s `reason`).
public enum HideReason: String, Sendable {
  case timeout, cancelled, preempted, suspended
}

/// The reason of a state change (`alert.changed`'s `reason`).
public enum ChangeReason: String, Sendable {
  /// `scheduled` → `pending`: its `readyAt` came.
  case ready
  /// → `showing` for the first time since it waited.
  case shown
  /// `suspended` → `showing`.
  case resumed
  /// `showing` → `suspended`: its page was left.
  case suspended
  /// `showing` → `suspended`: a preempting alert took its place.
  case preempted
  /// → `scheduled` again: a frequency limit deferred it to its `retryAt`.
  case deferred
  case completed, timeout, cancelled, expired, limited
}

/// Where the layer of a showing alert goes: layer `"alert:" + id` under `parent` (nil: top
/// level) at `sort`.
public struct AlertMount: Equatable, Sendable {
  public var parent: String?
  public var sort: Int64

  public init(parent: String? = nil, sort: Int64) {
    self.parent = parent
    self.sort = sort
  }
}

/// An optional time or duration in 8 bytes, where `Int64?` takes 16 in an array of alerts
/// (9, padded): `Int64.min` stands for nil, a value no time or duration can have (they stay
/// within ±(2^53 − 1), docs/protocol.md#values).
@propertyWrapper
public struct PackedTime: Equatable, Sendable {
  private var bits: Int64

  @inline(__always) public init(wrappedValue: Int64?) {
    assert(wrappedValue != .min, "Int64.min stands for nil")
    bits = wrappedValue ?? .min
  }

  @inline(__always) public var wrappedValue: Int64? {
    get { bits == .min ? nil : bits }
    set {
      assert(newValue != .min, "Int64.min stands for nil")
      bits = newValue ?? .min
    }
  }
}

/// An alert as the shell sees it (docs/protocol.md#the-alert-object).
public struct Alert: Equatable, Sendable {
  // The order of the stored properties is their layout, chosen for the caches (with 50 000
  // alerts, each alert a request touches is usually a miss per cache line): `data` and
  // `result` first, since freeing a slot clears only them (AlertManager.release); then what
  // finding an alert by id and ending it read and write.
  public var data: RawJSON?
  public var result: RawJSON?
  public var id: String
  public var state: AlertState
  /// Why it ended, once ended.
  public var endReason: EndReason?
  /// Whether it outlives the process (docs/protocol.md#durable-state).
  public var persist: Bool = false
  /// Enqueue order, engine-wide; the tiebreak among equal priorities.
  public var seq: Int64
  @PackedTime public var endedAt: Int64?
  public var queue: String
  public var type: String
  public var priority: Int64
  public var scope: String?
  public var key: String?
  public var createdAt: Int64
  /// When it became (or becomes) ready; set only for alerts enqueued with `delayMs` or `at`.
  @PackedTime public var readyAt: Int64?
  @PackedTime public var expiresAt: Int64?
  @PackedTime public var durationMs: Int64?
  /// The start of its latest show.
  @PackedTime public var shownAt: Int64?
  public var shownCount: Int
  public var mount: AlertMount?

  public init(
    id: String, queue: String, type: String, priority: Int64, state: AlertState,
    scope: String? = nil, key: String? = nil, data: RawJSON? = nil, result: RawJSON? = nil,
    seq: Int64, createdAt: Int64, readyAt: Int64? = nil, expiresAt: Int64? = nil,
    durationMs: Int64? = nil, shownAt: Int64? = nil, endedAt: Int64? = nil,
    endReason: EndReason? = nil, shownCount: Int, mount: AlertMount? = nil,
    persist: Bool = false
  ) {
    self.id = id
    self.queue = queue
    self.type = type
    self.priority = priority
    self.state = state
    self.scope = scope
    self.key = key
    self.data = data
    self.result = result
    self.seq = seq
    self.createdAt = createdAt
    self.readyAt = readyAt
    self.expiresAt = expiresAt
    self.durationMs = durationMs
    self.shownAt = shownAt
    self.endedAt = endedAt
    self.endReason = endReason
    self.shownCount = shownCount
    self.mount = mount
    self.persist = persist
  }
}

/// What `onDuplicate` does when an active alert of the same queue has the same `key`.
public enum AlertDuplicatePolicy: String, CaseIterable, Sendable {
  /// Update that alert's `data` and `priority` where given, and return it.
  case replace
  /// Return that alert unchanged.
  case ignore
  /// Fail with `CoreError.alreadyExists(kind: "key", …)`.
  case error
  /// Queue another alert with the same key.
  case allow
}

/// What `enqueue` did.
public enum AlertDisposition: String, Sendable {
  case queued, replaced, ignored
  /// A frequency limit forbade it and it was not queued (`onLimit: drop`).
  case limited
}

/// The parameters of `alert.enqueue`; nil means the field was omitted.
public struct AlertEnqueueRequest: Equatable, Sendable {
  public var type: String
  public var id: String?
  public var queue: String?
  public var priority: Int64?
  public var data: RawJSON?
  public var scope: String?
  public var key: String?
  public var onDuplicate: AlertDuplicatePolicy
  public var delayMs: Int64?
  public var at: Int64?
  public var ttlMs: Int64?
  public var durationMs: Int64?
  public var preempt: Bool
  public var mount: AlertMount?
  /// nil: the type's (default false).
  public var persist: Bool?
  public var limit: LimitOverride
  /// nil: the type's; 0: none.
  public var cooldownMs: Int64?
  /// nil: the type's (default drop).
  public var onLimit: OnLimit?
  /// `data: null` was given: a dedupe `replace` clears the data (a new alert has none
  /// either way).
  public var clearsData = false

  @inlinable
  public init(
    type: String, id: String? = nil, queue: String? = nil, priority: Int64? = nil,
    data: RawJSON? = nil, scope: String? = nil, key: String? = nil,
    onDuplicate: AlertDuplicatePolicy = .replace, delayMs: Int64? = nil, at: Int64? = nil,
    ttlMs: Int64? = nil, durationMs: Int64? = nil, preempt: Bool = false,
    mount: AlertMount? = nil, persist: Bool? = nil, limit: LimitOverride = .inherit,
    cooldownMs: Int64? = nil, onLimit: OnLimit? = nil, clearsData: Bool = false
  ) {
    self.type = type
    self.id = id
    self.queue = queue
    self.priority = priority
    self.data = data
    self.scope = scope
    self.key = key
    self.onDuplicate = onDuplicate
    self.delayMs = delayMs
    self.at = at
    self.ttlMs = ttlMs
    self.durationMs = durationMs
    self.preempt = preempt
    self.mount = mount
    self.persist = persist
    self.limit = limit
    self.cooldownMs = cooldownMs
    self.onLimit = onLimit
    self.clearsData = clearsData
  }
}

/// The result of `alert.enqueue`.
public struct AlertEnqueueResult: Equatable, Sendable {
  /// nil only when `disposition` is `.limited`.
  public var alert: Alert?
  public var disposition: AlertDisposition
  /// With `.limited`: the earliest engine time the limit allows a show, nil for never.
  public var retryAt: Int64?

  public init(alert: Alert?, disposition: AlertDisposition, retryAt: Int64? = nil) {
    self.alert = alert
    self.disposition = disposition
    self.retryAt = retryAt
  }
}

/// The filters of `alert.cancel`, combined with AND; nil means omitted.
public struct AlertCancelFilter: Equatable, Sendable {
  public var id: String?
  public var ids: [String]?
  public var type: String?
  public var key: String?
  public var scope: String?
  public var queue: String?
  /// Active states only (`scheduled`, `pending`, `showing`, `suspended`).
  public var states: [AlertState]?
  /// `true` matches every active alert; `false` is the same as omitted.
  public var all: Bool

  public init(
    id: String? = nil, ids: [String]? = nil, type: String? = nil, key: String? = nil,
    scope: String? = nil, queue: String? = nil, states: [AlertState]? = nil, all: Bool = false
  ) {
    self.id = id
    self.ids = ids
    self.type = type
    self.key = key
    self.scope = scope
    self.queue = queue
    self.states = states
    self.all = all
  }
}

/// The filters of `alert.list`, combined with AND; nil means omitted.
public struct AlertListFilter: Equatable, Sendable {
  public var queue: String?
  public var states: [AlertState]?
  public var type: String?
  public var scope: String?

  public init(
    queue: String? = nil, states: [AlertState]? = nil, type: String? = nil,
    scope: String? = nil
  ) {
    self.queue = queue
    self.states = states
    self.type = type
    self.scope = scope
  }
}

/// A queue's settings (the result of `alert.configure`).
public struct AlertQueueSettings: Equatable, Sendable {
  public var queue: String
  /// How many alerts of the queue may show at once (≥ 1).
  public var maxConcurrent: Int
  /// After a showing alert ends, how long the queue waits before showing the next (≥ 0).
  public var minGapMs: Int64
  /// How many ended alerts the queue keeps for `alert.get` and `alert.list` (≥ 0).
  public var historyLimit: Int

  public init(queue: String, maxConcurrent: Int = 1, minGapMs: Int64 = 0, historyLimit: Int = 1000)
  {
    self.queue = queue
    self.maxConcurrent = maxConcurrent
    self.minGapMs = minGapMs
    self.historyLimit = historyLimit
  }
}

/// The parameters of `alert.configure`; nil fields leave the setting as it is.
public struct AlertQueueConfiguration: Equatable, Sendable {
  public var queue: String?
  public var maxConcurrent: Int?
  public var minGapMs: Int64?
  public var historyLimit: Int?

  public init(
    queue: String? = nil, maxConcurrent: Int? = nil, minGapMs: Int64? = nil,
    historyLimit: Int? = nil
  ) {
    self.queue = queue
    self.maxConcurrent = maxConcurrent
    self.minGapMs = minGapMs
    self.historyLimit = historyLimit
  }
}

/// A type's defaults (`alert.defineType` parameters and result), used by `enqueue` where it
/// omits a field.
public struct AlertTypeDefinition: Equatable, Sendable {
  public var type: String
  public var priority: Int64?
  public var scope: String?
  public var durationMs: Int64?
  public var ttlMs: Int64?
  public var queue: String?
  public var persist: Bool?
  public var limit: FrequencyLimit?
  public var cooldownMs: Int64?
  public var onLimit: OnLimit?

  public init(
    type: String, priority: Int64? = nil, scope: String? = nil, durationMs: Int64? = nil,
    ttlMs: Int64? = nil, queue: String? = nil, persist: Bool? = nil,
    limit: FrequencyLimit? = nil, cooldownMs: Int64? = nil, onLimit: OnLimit? = nil
  ) {
    self.type = type
    self.priority = priority
    self.scope = scope
    self.durationMs = durationMs
    self.ttlMs = ttlMs
    self.queue = queue
    self.persist = persist
    self.limit = limit
    self.cooldownMs = cooldownMs
    self.onLimit = onLimit
  }
}

/// A queue's pause state (the result of `alert.pause` and `alert.resume`).
public struct AlertPauseState: Equatable, Sendable {
  public var queue: String
  public var paused: Bool { !reasons.isEmpty }
  /// The reasons holding the queue, sorted.
  public var reasons: [String]
}

/// How many alerts are in each state (`engine.stats`' `alerts`); `ended` counts the ended
/// alerts still kept in history.
public struct AlertCounts: Equatable, Sendable {
  public var scheduled = 0
  public var pending = 0
  public var showing = 0
  public var suspended = 0
  public var ended = 0

  public init() {}

  /// Alerts not yet ended.
  public var active: Int { scheduled + pending + showing + suspended }

  subscript(state: AlertState) -> Int {
    get {
      switch state {
      case .scheduled: return scheduled
      case .pending: return pending
      case .showing: return showing
      case .suspended: return suspended
      case .done, .cancelled, .expired: return ended
      }
    }
    set {
      switch state {
      case .scheduled: scheduled = newValue
      case .pending: pending = newValue
      case .showing: showing = newValue
      case .suspended: suspended = newValue
      case .done, .cancelled, .expired: ended = newValue
      }
    }
  }
}
