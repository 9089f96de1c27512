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
/// An entry is live while the slot it names still holds an ended alert with that `endOrder`;
/// entries whose alert was forgotten or whose slot was reused are skipped lazily, so removing
/// one is O(1).
///
/// Paged, as the alert manager's tables are (`PagedArray`): a commit group with `--state`
/// starts from a copy of the engine, and the first alert a group ended copied its queue's
/// whole log (a queue whose `historyLimit` keeps 500 000 ended alerts: 1.7 ms a request
/// instead of 0.6). Entries are appended to the tail, which becomes a page of its own once
/// full, and taken from the oldest page, which goes once all of it is taken.
struct HistoryLog {
  struct Entry {
    let slot: Int32
    let endOrder: Int64
    /// The alert's `seq`, so that trimming can tell the call's subject without reading the
    /// alert (by then usually out of the caches).
    let seq: Int64
  }

  private static var pageSize: Int { 256 }

  /// Full pages, oldest first (the first one taken from up to `head`).
  private var full: [[Entry]] = []
  /// The newest entries, fewer than a page (taken from up to `head` while `full` is empty).
  /// Apart from `full`, so that an append is one array's.
  private var tail: [Entry] = []
  /// Entries of the oldest page already taken.
  private var head = 0
  /// Entries stored, live or not.
  private(set) var storedCount = 0

  var isEmpty: Bool { storedCount == 0 }

  mutating func append(slot: Int32, endOrder: Int64, seq: Int64) {
    tail.append(Entry(slot: slot, endOrder: endOrder, seq: seq))
    storedCount += 1
    if tail.count == Self.pageSize {
      full.append(tail)
      // The first page grows as an array does (most queues keep a few ended alerts); the
      // next ones are a page each.
      tail = []
      tail.reserveCapacity(Self.pageSize)
    }
  }

  /// Removes and returns the oldest entry (live or not).
  mutating func popOldest() -> Entry? {
    guard storedCount > 0 else { return nil }
    storedCount -= 1
    let oldest: Entry
    if full.isEmpty {
      oldest = tail[head]
      head += 1
      if head == tail.count {
        tail.removeAll(keepingCapacity: true)
        head = 0
      }
    } else {
      oldest = full[0][head]
      head += 1
      if head == Self.pageSize {
        full.removeFirst()
        head = 0
      }
    }
    return oldest
  }

  /// The entries, oldest first.
  var all: some Sequence<Entry> { [full.joined(), [tail].joined()].joined().dropFirst(head) }

  /// Drops the entries that are no longer live.
  /// - Complexity: O(n)
  mutating func removeAll(where isStale: (Entry) -> Bool) {
    let kept = all.filter { !isStale($0) }
    removeAll()
    for entry in kept { append(slot: entry.slot, endOrder: entry.endOrder, seq: entry.seq) }
  }

  mutating func removeAll() {
    full.removeAll()
    tail.removeAll()
    head = 0
    storedCount = 0
  }

  /// Whether full page `page` of this log and of `other` is one buffer, shared (tests only).
  func _sharesPage(_ page: Int, with other: Self) -> Bool {
    full[page].withUnsafeBufferPointer { mine in
      other.full[page].withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
    }
  }

  /// Checks the pages' shape.
  func _checkInvariants() {
    precondition(full.allSatisfy { $0.count == Self.pageSize }, "a history page not full")
    precondition(tail.count < Self.pageSize, "a full history page left as the tail")
    precondition(full.count * Self.pageSize + tail.count - head == storedCount, "history count")
    precondition(head < (full.first?.count ?? max(tail.count, 1)), "history head past its page")
  }
}

/// Waiting (pending or suspended) alerts of one queue, in show order: those without a
/// scope in one heap, those with a scope in a heap per scope (by the scope's number; an empty
/// heap is removed). Paged, as the alert manager's tables (a commit group's copy of the
/// engine): a dictionary copied every scope's heap on each change.
struct WaitingAlerts {
  var unscoped = SlotHeap<ShowRank>()
  /// nil while no alert with a scope waits (most queues): a queue's field read through
  /// `PagedArray`'s getter is copied, and a map is three references to retain and release.
  private(set) var scoped: PagedMap<Int32, SlotHeap<ShowRank>>?

  /// The best waiting alert that may show while the scope numbered `activeScope` is on screen
  /// (-1: none, or one no alert has).
  /// - Complexity: O(1)
  func best(activeScope: Int32) -> SlotHeap<ShowRank>.Node? {
    let free = unscoped.min
    guard activeScope >= 0, let local = scoped?[activeScope]?.min else { return free }
    guard let free else { return local }
    return local.rank < free.rank ? local : free
  }

  /// - Complexity: O(1)
  func rank(of slot: Int32, scope: Int32, positions: PagedArray<Int32>) -> ShowRank? {
    scope >= 0
      ? scoped?[scope]?.rank(of: slot, positions: positions)
      : unscoped.rank(of: slot, positions: positions)
  }

  /// - Complexity: O(log n)
  mutating func upsert(
    _ slot: Int32, scope: Int32, rank: ShowRank, positions: inout PagedArray<Int32>
  ) {
    guard scope >= 0 else {
      unscoped.upsert(slot, rank: rank, positions: &positions)
      return
    }
    if scoped == nil { scoped = PagedMap() }
    scoped?.update(scope, adding: SlotHeap()) {
      $0.upsert(slot, rank: rank, positions: &positions)
    }
  }

  /// - Complexity: O(log n)
  mutating func remove(_ slot: Int32, scope: Int32, positions: inout PagedArray<Int32>) {
    guard scope >= 0 else {
      unscoped.remove(slot, positions: &positions)
      return
    }
    let emptied = scoped?.updateIfPresent(scope) { heap in
      heap.remove(slot, positions: &positions)
      return heap.isEmpty
    }
    guard emptied == true else { return }
    scoped?.removeValue(forKey: scope)
    if scoped?.count == 0 { scoped = nil }
  }

  /// Every slot waiting, in no particular order.
  var slots: [Int32] {
    unscoped.nodes.map(\.slot) + (scoped?.values.flatMap { $0.nodes.map(\.slot) } ?? [])
  }

  func _checkInvariants(positions: PagedArray<Int32>) {
    unscoped._checkInvariants(positions: positions)
    guard let scoped else { return }
    precondition(scoped.count > 0, "empty map of scope heaps kept")
    for heap in scoped.values {
      precondition(!heap.isEmpty, "empty scope heap kept")
      heap._checkInvariants(positions: positions)
    }
  }
}

/// The ends and length of a list of active alerts threaded through their records (a queue's,
/// a type's, a key's, a scope's), in the order they were added.
struct AlertList: Equatable {
  var first: Int32 = -1
  var last: Int32 = -1
  var count = 0
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
  var showing = SlotHeap<DisplaceRank>()
  /// Alerts not yet ended.
  var active = AlertList()
  /// Set when the queue holds an active alert, cleared when `alert.idle` is emitted.
  var isBusy = false
  /// Whether it waits in `AlertManager.dirty` for the next pump.
  var isDirty = false
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
}
