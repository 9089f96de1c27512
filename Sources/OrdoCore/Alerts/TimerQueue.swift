/// A key of a `TimerQueue`: it names its own place in a dense table, so that finding a key's
/// timer is an array read, not a hash lookup.
protocol TimerKey: Equatable {
  /// Distinct keys have distinct indexes; each is at least 0 and at most `Int32.max` (the
  /// alert manager's: four per alert slot, `AlertManager.Timer`).
  var timerIndex: Int { get }
  /// The key whose index is `timerIndex`.
  init(timerIndex: Int)
}

/// Timers ordered by due time (integer ms) and, for equal due times, by the order in which
/// they were scheduled. The engine's only timer facility: the alert manager keeps its
/// ready/expiry/dismiss/gap timers here, and a server asks `nextDue` for its poll timeout.
///
/// A key has at most one timer; scheduling a key that already has one moves it (and counts
/// as scheduling it anew for the tiebreak). The timers are a `SlotHeap` of key indexes with
/// its position table, both paged (`PagedArray`), so that with `--state` a commit group's
/// rollback copy of the timers costs the pages the group's timers touch, not every timer (a
/// dictionary from key to position was copied whole: 100 000 alerts with a TTL made every
/// enqueue with one copy all their timers).
struct TimerQueue<Key: TimerKey> {
  /// One scheduled timer.
  struct Entry: Equatable {
    let key: Key
    let due: Int64
    /// Scheduling order, the tiebreak among equal `due` times.
    let seq: Int64
  }

  /// A timer's place in the order: due time, then scheduling order (unique, so the order is
  /// total and timers fire the same whatever the heap's shape).
  struct Rank: Comparable {
    let due: Int64
    let seq: Int64

    static func < (lhs: Rank, rhs: Rank) -> Bool {
      (lhs.due, lhs.seq) < (rhs.due, rhs.seq)
    }
  }

  /// The timers, by key index.
  private var heap = SlotHeap<Rank>()
  /// Per key index: the position of its node in `heap`, -1 for none. Grows to the largest
  /// index scheduled.
  private var positions = PagedArray<Int32>()
  private var nextSeq: Int64 = 0

  init() {}

  /// The number of scheduled timers.
  /// - Complexity: O(1)
  var count: Int { heap.count }

  /// - Complexity: O(1)
  var isEmpty: Bool { heap.isEmpty }

  /// The due time of the earliest timer, nil when none is scheduled.
  /// - Complexity: O(1)
  var nextDue: Int64? { heap.min?.rank.due }

  /// The due time of `key`'s timer, nil when it has none.
  /// - Complexity: O(1)
  func due(of key: Key) -> Int64? {
    guard key.timerIndex < positions.count else { return nil }
    return heap.rank(of: Int32(key.timerIndex), positions: positions)?.due
  }

  /// Schedules `key` at `due`, replacing its current timer if it has one; it fires after every
  /// timer already scheduled for the same `due`.
  /// - Complexity: O(log n)
  mutating func schedule(_ key: Key, at due: Int64) {
    nextSeq += 1
    let index = key.timerIndex
    while positions.count <= index { positions.append(-1) }
    heap.upsert(Int32(index), rank: Rank(due: due, seq: nextSeq), positions: &positions)
  }

  /// Cancels `key`'s timer; returns its due time, nil when it had none.
  /// - Complexity: O(log n)
  @discardableResult
  mutating func cancel(_ key: Key) -> Int64? {
    guard key.timerIndex < positions.count else { return nil }
    return heap.remove(Int32(key.timerIndex), positions: &positions)?.due
  }

  /// Removes and returns the earliest timer if it is due at or before `now`, else nil. Call
  /// it in a loop to fire timers one at a time, in time order, acting between them.
  /// - Complexity: O(log n)
  mutating func popDue(upTo now: Int64) -> Entry? {
    guard let top = heap.min, top.rank.due <= now else { return nil }
    heap.remove(top.slot, positions: &positions)
    return Entry(key: Key(timerIndex: Int(top.slot)), due: top.rank.due, seq: top.rank.seq)
  }

  /// Cancels every timer.
  /// - Complexity: O(n / 256): the pages are freed
  mutating func removeAll() {
    heap = SlotHeap()
    positions.removeAll()
  }

  /// Checks the heap and its positions (tests only; traps when broken).
  /// - Complexity: O(n + the largest key index)
  func _checkInvariants() {
    heap._checkInvariants(positions: positions)
    for node in heap.nodes {
      precondition(node.rank.seq <= nextSeq, "timer from the future")
      precondition(Key(timerIndex: Int(node.slot)).timerIndex == Int(node.slot), "a bad key")
    }
    precondition(positions.count(where: { $0 >= 0 }) == heap.count, "a stale position")
  }
}

extension TimerQueue: Sendable where Key: Sendable {}
extension TimerQueue.Entry: Sendable where Key: Sendable {}
