/// A binary min-heap of alert slots, each with a rank, that can find, re-rank and remove any
/// slot in O(log n). Where each slot sits is kept in a position table the caller owns and
/// passes in: one table serves every heap of a kind (every queue's waiting alerts, say), since
/// an alert is in at most one heap of each kind. Finding a slot is then an array read, not a
/// hash of a key (the heaps once kept a dictionary from id to position: a string hash per
/// lookup and per swap, ≈1 500 instructions per alert shown).
///
/// The smallest rank is at the top; equal ranks are left in no particular order, so callers
/// that need a total order put a tiebreak (a sequence number) into `Rank`.
///
/// Each node has up to four children, not two: a slot removed from the middle of a large heap
/// (an alert cancelled while it waits) makes the last node sink to the bottom, and four
/// children per level halve the levels it passes, each of which is a cache miss once the heap
/// outgrows the caches; a node's four children share one or two cache lines.
struct SlotHeap<Rank: Comparable> {
  /// Children per node.
  private static var arity: Int { 4 }

  struct Node {
    let slot: Int32
    var rank: Rank
  }

  private(set) var nodes = PagedArray<Node>()

  var count: Int { nodes.count }
  var isEmpty: Bool { nodes.isEmpty }

  /// The slot with the smallest rank.
  /// - Complexity: O(1)
  var min: Node? { nodes.first }

  /// The position of `slot` in this heap, nil when it is not in it.
  @inline(__always)
  private func position(of slot: Int32, in positions: PagedArray<Int32>) -> Int? {
    let position = Int(positions[Int(slot)])
    guard position >= 0, position < nodes.count, nodes[position].slot == slot else { return nil }
    return position
  }

  /// - Complexity: O(1)
  func contains(_ slot: Int32, positions: PagedArray<Int32>) -> Bool {
    position(of: slot, in: positions) != nil
  }

  /// - Complexity: O(1)
  func rank(of slot: Int32, positions: PagedArray<Int32>) -> Rank? {
    position(of: slot, in: positions).map { nodes[$0].rank }
  }

  /// Inserts `slot`, or gives it `rank` when it is already here.
  /// - Complexity: O(log n)
  mutating func upsert(_ slot: Int32, rank: Rank, positions: inout PagedArray<Int32>) {
    if let position = position(of: slot, in: positions) {
      let old = nodes[position].rank
      nodes[position].rank = rank
      if rank < old {
        siftUp(position, positions: &positions)
      } else {
        siftDown(position, positions: &positions)
      }
    } else {
      nodes.append(Node(slot: slot, rank: rank))
      positions[Int(slot)] = Int32(nodes.count - 1)
      siftUp(nodes.count - 1, positions: &positions)
    }
  }

  /// Removes `slot`; returns its rank, or nil when it was not here.
  /// - Complexity: O(log n)
  @discardableResult
  mutating func remove(_ slot: Int32, positions: inout PagedArray<Int32>) -> Rank? {
    guard let position = position(of: slot, in: positions) else { return nil }
    let removed = nodes[position]
    positions[Int(slot)] = -1
    let last = nodes.removeLast()
    if position < nodes.count {
      nodes[position] = last
      positions[Int(last.slot)] = Int32(position)
      if last.rank < removed.rank {
        siftUp(position, positions: &positions)
      } else {
        siftDown(position, positions: &positions)
      }
    }
    return removed.rank
  }

  private mutating func siftUp(_ start: Int, positions: inout PagedArray<Int32>) {
    var child = start
    let moving = nodes[child]
    while child > 0 {
      let parent = (child - 1) / Self.arity
      guard moving.rank < nodes[parent].rank else { break }
      nodes[child] = nodes[parent]
      positions[Int(nodes[child].slot)] = Int32(child)
      child = parent
    }
    nodes[child] = moving
    positions[Int(moving.slot)] = Int32(child)
  }

  private mutating func siftDown(_ start: Int, positions: inout PagedArray<Int32>) {
    var parent = start
    let moving = nodes[parent]
    while true {
      let first = Self.arity * parent + 1
      guard first < nodes.count else { break }
      var smaller = first
      for child in first + 1..<Swift.min(first + Self.arity, nodes.count)
      where nodes[child].rank < nodes[smaller].rank {
        smaller = child
      }
      guard nodes[smaller].rank < moving.rank else { break }
      nodes[parent] = nodes[smaller]
      positions[Int(nodes[parent].slot)] = Int32(parent)
      parent = smaller
    }
    nodes[parent] = moving
    positions[Int(moving.slot)] = Int32(parent)
  }

  /// Checks the heap order and that `positions` points at every node (tests only).
  /// - Complexity: O(n)
  func _checkInvariants(positions: PagedArray<Int32>) {
    for (index, node) in nodes.enumerated() {
      precondition(positions[Int(node.slot)] == Int32(index), "position table out of step")
      if index > 0 {
        precondition(
          !(node.rank < nodes[(index - 1) / Self.arity].rank), "heap order broken")
      }
    }
  }
}

extension SlotHeap: Sendable where Rank: Sendable {}
extension SlotHeap.Node: Sendable where Rank: Sendable {}
