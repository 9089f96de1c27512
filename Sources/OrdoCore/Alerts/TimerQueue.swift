/// A key of a `TimerQueue`: it names its own place in a dense table, so that finding a key's
/// timer is an array read, not a hash lookup.
protocol TimerKey: Equatable {
  /// Distinct keys have distinct indexes; each is at least 0 and small enough to index an
  /// array (the alert manager's: four per alert slot, `AlertManager.Timer`).
  var timerIndex: Int { get }
}

/// Timers ordered by due time (integer ms) and, for equal due times, by the order in which
/// they were scheduled. The engine's only timer facility: the alert manager keeps its
/// ready/expiry/dismiss/gap timers here, and a server asks `nextDue` for its poll timeout.
///
/// An indexed binary min-heap: a key has at most one timer; scheduling a key that already
/// has one moves it (and counts as scheduling it anew for the tiebreak). The heap and the
/// position of each key's node are paged (`PagedArray`), so that with `--state` a commit
/// group's rollback copy of the timers costs the pages the group's timers touch, not every
/// timer (a dictionary from key to position was copied whole: 100 000 alerts with a TTL
/// made every enqueue with one copy all their timers).
struct TimerQueue<Key: TimerKey> {
  /// One scheduled timer.
  struct Entry: Equatable {
    let key: Key
    let due: Int64
    /// Scheduling order, the tiebreak among equal `due` times.
    let seq: Int64
  }

  /// The heap, smallest (due, seq) first.
  private var nodes = PagedArray<Entry>()
  /// Per `timerIndex`: the position of the key's node in `nodes`, -1 for none. Grows to the
  /// largest index scheduled.
  private var positions = PagedArray<Int32>()
  private var nextSeq: Int64 = 0

  init() {}

  /// The number of scheduled timers.
  /// - Complexity: O(1)
  var count: Int { nodes.count }

  /// - Complexity: O(1)
  var isEmpty: Bool { nodes.isEmpty }

  /// The due time of the earliest timer, nil when none is scheduled.
  /// - Complexity: O(1)
  var nextDue: Int64? { nodes.isEmpty ? nil : nodes[0].due }

  /// The due time of `key`'s timer, nil when it has none.
  /// - Complexity: O(1)
  func due(of key: Key) -> Int64? {
    guard let position = position(of: key) else { return nil }
    return nodes[position].due
  }

  /// Schedules `key` at `due`, replacing its current timer if it has one; it fires after every
  /// timer already scheduled for the same `due`.
  /// - Complexity: O(log n)
  mutating func schedule(_ key: Key, at due: Int64) {
    nextSeq += 1
    let entry = Entry(key: key, due: due, seq: nextSeq)
    if let position = position(of: key) {
      // The new seq is the largest, so an equal due time still moves it down.
      let earlier = due < nodes[position].due
      nodes[position] = entry
      if earlier { siftUp(position) } else { siftDown(position) }
    } else {
      let index = key.timerIndex
      while positions.count <= index { positions.append(-1) }
      nodes.append(entry)
      positions[index] = Int32(nodes.count - 1)
      siftUp(nodes.count - 1)
    }
  }

  /// Cancels `key`'s timer; returns its due time, nil when it had none.
  /// - Complexity: O(log n)
  @discardableResult
  mutating func cancel(_ key: Key) -> Int64? {
    guard let position = position(of: key) else { return nil }
    return remove(at: position).due
  }

  /// Removes and returns the earliest timer if it is due at or before `now`, else nil. Call
  /// it in a loop to fire timers one at a time, in time order, acting between them.
  /// - Complexity: O(log n)
  mutating func popDue(upTo now: Int64) -> Entry? {
    guard !nodes.isEmpty, nodes[0].due <= now else { return nil }
    return remove(at: 0)
  }

  /// Cancels every timer.
  /// - Complexity: O(n / 256): the pages are freed
  mutating func removeAll() {
    nodes.removeAll()
    positions.removeAll()
  }

  /// Checks the heap and its positions (tests only; traps when broken).
  /// - Complexity: O(n + the largest key index)
  func _checkInvariants() {
    for (position, node) in nodes.enumerated() {
      precondition(self.position(of: node.key) == position, "a key's position is wrong")
      precondition(node.seq <= nextSeq, "timer from the future")
      if position > 0 {
        precondition(!Self.before(node, nodes[(position - 1) / 2]), "heap order broken")
      }
    }
    precondition(positions.count(where: { $0 >= 0 }) == nodes.count, "a stale position")
  }

  // MARK: - The heap

  private func position(of key: Key) -> Int? {
    let index = key.timerIndex
    guard index < positions.count, positions[index] >= 0 else { return nil }
    return Int(positions[index])
  }

  private static func before(_ lhs: Entry, _ rhs: Entry) -> Bool {
    (lhs.due, lhs.seq) < (rhs.due, rhs.seq)
  }

  private mutating func remove(at position: Int) -> Entry {
    let removed = nodes[position]
    positions[removed.key.timerIndex] = -1
    let last = nodes.removeLast()
    if position < nodes.count {
      nodes[position] = last
      positions[last.key.timerIndex] = Int32(position)
      if Self.before(last, removed) { siftUp(position) } else { siftDown(position) }
    }
    return removed
  }

  private mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard Self.before(nodes[child], nodes[parent]) else { return }
      swapNodes(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      guard left < nodes.count else { return }
      let right = left + 1
      let smaller = right < nodes.count && Self.before(nodes[right], nodes[left]) ? right : left
      guard Self.before(nodes[smaller], nodes[parent]) else { return }
      swapNodes(smaller, parent)
      parent = smaller
    }
  }

  private mutating func swapNodes(_ first: Int, _ second: Int) {
    nodes.swapAt(first, second)
    positions[nodes[first].key.timerIndex] = Int32(first)
    positions[nodes[second].key.timerIndex] = Int32(second)
  }
}

extension TimerQueue: Sendable where Key: Sendable {}
extension TimerQueue.Entry: Sendable where Key: Sendable {}
