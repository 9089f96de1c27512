/// A binary min-heap of unique keys, each with a rank, that can find, re-rank and remove any
/// key in O(log n): the heap keeps a key → slot index beside its array.
///
/// The smallest rank is at the top; equal ranks are left in no particular order, so callers
/// that need a total order put a tiebreak (a sequence number) into `Rank`.
struct IndexedHeap<Key: Hashable, Rank: Comparable> {
  private var nodes: [(key: Key, rank: Rank)] = []
  private var slots: [Key: Int] = [:]

  var count: Int { nodes.count }
  var isEmpty: Bool { nodes.isEmpty }

  /// The key with the smallest rank.
  /// - Complexity: O(1)
  var min: (key: Key, rank: Rank)? { nodes.first }

  /// Every key, in no particular order.
  var keys: Dictionary<Key, Int>.Keys { slots.keys }

  /// - Complexity: O(1)
  func contains(_ key: Key) -> Bool { slots[key] != nil }

  /// - Complexity: O(1)
  func rank(of key: Key) -> Rank? {
    guard let slot = slots[key] else { return nil }
    return nodes[slot].rank
  }

  /// Inserts `key`, or gives it `rank` when it is already there.
  /// - Complexity: O(log n)
  mutating func upsert(_ key: Key, rank: Rank) {
    if let slot = slots[key] {
      let old = nodes[slot].rank
      nodes[slot].rank = rank
      if rank < old { siftUp(slot) } else { siftDown(slot) }
    } else {
      nodes.append((key, rank))
      slots[key] = nodes.count - 1
      siftUp(nodes.count - 1)
    }
  }

  /// Removes `key`; returns its rank, or nil when it was not there.
  /// - Complexity: O(log n)
  @discardableResult
  mutating func remove(_ key: Key) -> Rank? {
    guard let slot = slots.removeValue(forKey: key) else { return nil }
    let removed = nodes[slot]
    let last = nodes.removeLast()
    if slot < nodes.count {
      nodes[slot] = last
      slots[last.key] = slot
      if last.rank < removed.rank { siftUp(slot) } else { siftDown(slot) }
    }
    return removed.rank
  }

  /// Removes and returns the key with the smallest rank.
  /// - Complexity: O(log n)
  mutating func popMin() -> (key: Key, rank: Rank)? {
    guard let top = nodes.first else { return nil }
    remove(top.key)
    return top
  }

  /// - Complexity: O(n)
  mutating func removeAll() {
    nodes.removeAll()
    slots.removeAll()
  }

  private mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard nodes[child].rank < nodes[parent].rank else { return }
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
      let smaller = right < nodes.count && nodes[right].rank < nodes[left].rank ? right : left
      guard nodes[smaller].rank < nodes[parent].rank else { return }
      swapNodes(smaller, parent)
      parent = smaller
    }
  }

  private mutating func swapNodes(_ first: Int, _ second: Int) {
    nodes.swapAt(first, second)
    slots[nodes[first].key] = first
    slots[nodes[second].key] = second
  }

  /// Checks the heap order and that the key index matches the array (tests only).
  /// - Complexity: O(n)
  func _checkInvariants() {
    precondition(slots.count == nodes.count, "key index and heap disagree in size")
    for (slot, node) in nodes.enumerated() {
      precondition(slots[node.key] == slot, "key index points to the wrong slot")
      if slot > 0 {
        precondition(!(node.rank < nodes[(slot - 1) / 2].rank), "heap order broken")
      }
    }
  }
}

extension IndexedHeap: Sendable where Key: Sendable, Rank: Sendable {}
