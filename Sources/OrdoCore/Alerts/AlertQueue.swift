/// The order in which waiting alerts show: higher priority first, then smaller `seq`.
struct ShowRank: Comparable {
  let priority: Int64
  let seq: Int64

  static func < (lhs: ShowRank, rhs: ShowRank) -> Bool {
    lhs.priority != rhs.priority ? lhs.priority > rhs.priority : lhs.seq < rhs.seq
  }
}

/// The order in which showing alerts are displaced by preemption: lowest priority first, then
/// the most recently shown.
struct DisplaceRank: Comparable {
  let priority: Int64
  let showSeq: Int64

  static func < (lhs: DisplaceRank, rhs: DisplaceRank) -> Bool {
    lhs.priority != rhs.priority ? lhs.priority < rhs.priority : lhs.showSeq > rhs.showSeq
  }
}

/// Ended alerts of one queue, oldest first, for trimming to `historyLimit`.
///
/// An entry is live while the alert it names still has that `endOrder`; entries whose alert
/// was forgotten or whose id was reused are skipped lazily, so removing one is O(1).
struct HistoryLog {
  private var entries: [(id: String, endOrder: Int64)] = []
  private var head = 0

  var isEmpty: Bool { head == entries.count }

  mutating func append(id: String, endOrder: Int64) {
    entries.append((id, endOrder))
  }

  /// Removes and returns the oldest entry (live or not).
  mutating func popOldest() -> (id: String, endOrder: Int64)? {
    guard head < entries.count else { return nil }
    let oldest = entries[head]
    head += 1
    if head >= 64 && head * 2 >= entries.count {
      entries.removeFirst(head)
      head = 0
    }
    return oldest
  }

  var all: ArraySlice<(id: String, endOrder: Int64)> { entries[head...] }

  /// Entries stored, live or not.
  var storedCount: Int { entries.count - head }

  /// Drops the entries that are no longer live.
  /// - Complexity: O(n)
  mutating func removeAll(where isStale: (_ id: String, _ endOrder: Int64) -> Bool) {
    entries = entries[head...].filter { !isStale($0.id, $0.endOrder) }
    head = 0
  }

  mutating func removeAll() {
    entries.removeAll()
    head = 0
  }
}

/// Waiting (pending or suspended) alerts of one queue, in show order: those without a
/// scope in one heap, those with a scope in a heap per scope (an empty heap is removed).
struct WaitingAlerts {
  var unscoped = IndexedHeap<String, ShowRank>()
  var scoped: [String: IndexedHeap<String, ShowRank>] = [:]

  /// The best waiting alert that may show while `activeScope` is on screen.
  /// - Complexity: O(1)
  func best(activeScope: String?) -> (key: String, rank: ShowRank)? {
    let free = unscoped.min
    guard let activeScope, let local = scoped[activeScope]?.min else { return free }
    guard let free else { return local }
    return local.rank < free.rank ? local : free
  }

  /// - Complexity: O(1)
  func rank(of id: String, scope: String?) -> ShowRank? {
    scope.map { scoped[$0]?.rank(of: id) } ?? unscoped.rank(of: id)
  }

  /// - Complexity: O(log n)
  mutating func upsert(_ id: String, scope: String?, rank: ShowRank) {
    if let scope {
      scoped[scope, default: IndexedHeap()].upsert(id, rank: rank)
    } else {
      unscoped.upsert(id, rank: rank)
    }
  }

  /// - Complexity: O(log n)
  mutating func remove(_ id: String, scope: String?) {
    guard let scope else {
      unscoped.remove(id)
      return
    }
    scoped[scope]?.remove(id)
    if scoped[scope]?.isEmpty == true { scoped[scope] = nil }
  }

  func _checkInvariants() {
    unscoped._checkInvariants()
    for heap in scoped.values {
      precondition(!heap.isEmpty, "empty scope heap kept")
      heap._checkInvariants()
    }
  }
}

/// One named queue: its settings, its pause reasons and gap, and its alerts indexed for the
/// pump.
struct AlertQueue {
  let name: String
  var settings: AlertQueueSettings
  /// Whether its settings were configured (and so are durable), not just defaulted.
  var isConfigured = false
  var pauseReasons: Set<String> = []
  /// While set, the queue is in the `minGapMs` gap after an alert ended, until this time.
  var gapUntil: Int64?
  /// Every waiting alert.
  var waiting = WaitingAlerts()
  /// The waiting alerts enqueued with `preempt: true` (also in `waiting`): the pump asks
  /// them first whether to displace a showing alert, whatever else waits.
  var preempting = WaitingAlerts()
  var showing = IndexedHeap<String, DisplaceRank>()
  /// Alerts not yet ended.
  var activeIDs: Set<String> = []
  /// Set when the queue holds an active alert, cleared when `alert.idle` is emitted.
  var isBusy = false
  var history = HistoryLog()
  /// Live entries of `history`.
  var historyCount = 0

  init(name: String) {
    self.name = name
    self.settings = AlertQueueSettings(queue: name)
  }

  init(settings: AlertQueueSettings) {
    self.name = settings.queue
    self.settings = settings
  }

  /// Whether the queue may show something new now.
  var isOpen: Bool { pauseReasons.isEmpty && gapUntil == nil }

  /// - Complexity: O(log n)
  mutating func insertWaiting(_ id: String, scope: String?, rank: ShowRank, preempt: Bool) {
    waiting.upsert(id, scope: scope, rank: rank)
    if preempt { preempting.upsert(id, scope: scope, rank: rank) }
  }

  /// - Complexity: O(log n)
  mutating func removeWaiting(_ id: String, scope: String?, preempt: Bool) {
    waiting.remove(id, scope: scope)
    if preempt { preempting.remove(id, scope: scope) }
  }
}
