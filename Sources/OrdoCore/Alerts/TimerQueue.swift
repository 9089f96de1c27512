/// Timers keyed by any hashable value, ordered by due time (integer ms) and, for equal due
/// times, by the order in which they were scheduled. The engine's only timer facility: the
/// alert manager keeps its ready/expiry/dismiss/gap timers here, and a server asks
/// `nextDue` for its poll timeout.
///
/// An indexed binary min-heap: a key has at most one timer; scheduling a key that already
/// has one moves it (and counts as scheduling it anew for the tiebreak).
public struct TimerQueue<Key: Hashable> {
  /// One scheduled timer.
  public struct Entry {
    public let key: Key
    public let due: Int64
    /// Scheduling order, the tiebreak among equal `due` times.
    public let seq: Int64
  }

  struct Rank: Comparable {
    let due: Int64
    let seq: Int64

    static func < (lhs: Rank, rhs: Rank) -> Bool {
      (lhs.due, lhs.seq) < (rhs.due, rhs.seq)
    }
  }

  private var heap = IndexedHeap<Key, Rank>()
  private var nextSeq: Int64 = 0

  public init() {}

  /// The number of scheduled timers.
  /// - Complexity: O(1)
  public var count: Int { heap.count }

  /// - Complexity: O(1)
  public var isEmpty: Bool { heap.isEmpty }

  /// The due time of the earliest timer, nil when none is scheduled.
  /// - Complexity: O(1)
  public var nextDue: Int64? { heap.min?.rank.due }

  /// The due time of `key`'s timer, nil when it has none.
  /// - Complexity: O(1)
  public func due(of key: Key) -> Int64? { heap.rank(of: key)?.due }

  /// Schedules `key` at `due`, replacing its current timer if it has one; it fires after every
  /// timer already scheduled for the same `due`.
  /// - Complexity: O(log n)
  public mutating func schedule(_ key: Key, at due: Int64) {
    nextSeq += 1
    heap.upsert(key, rank: Rank(due: due, seq: nextSeq))
  }

  /// Cancels `key`'s timer; returns its due time, nil when it had none.
  /// - Complexity: O(log n)
  @discardableResult
  public mutating func cancel(_ key: Key) -> Int64? {
    heap.remove(key)?.due
  }

  /// Removes and returns the earliest timer if it is due at or before `now`, else nil. Call
  /// it in a loop to fire timers one at a time, in time order, acting between them.
  /// - Complexity: O(log n)
  public mutating func popDue(upTo now: Int64) -> Entry? {
    guard let top = heap.min, top.rank.due <= now else { return nil }
    heap.remove(top.key)
    return Entry(key: top.key, due: top.rank.due, seq: top.rank.seq)
  }

  /// Cancels every timer.
  /// - Complexity: O(n)
  public mutating func removeAll() {
    heap.removeAll()
  }

  /// Checks the heap and its key index (tests only; traps when broken).
  /// - Complexity: O(n)
  public func _checkInvariants() {
    heap._checkInvariants()
    if let top = heap.min { precondition(top.rank.seq <= nextSeq, "timer from the future") }
  }
}

extension TimerQueue: Sendable where Key: Sendable {}
extension TimerQueue.Entry: Equatable where Key: Equatable {}
extension TimerQueue.Entry: Sendable where Key: Sendable {}
