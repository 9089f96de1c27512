/// Every parent's children in z-order: one counted B+tree per parent, all of them sharing flat
/// node pools (struct of arrays, `Int32` links, free lists).
///
/// Items are layer slots, each stored with its `sort`; a tree's items run bottom -> top and
/// their sorts never decrease along it. Leaves hold items and are chained both ways; inner
/// nodes hold, per child, the child's subtree size (for ranks and positions) and its smallest
/// sort (for descending by sort). So placing, ranking and removing an item cost
/// O(log n) in its family's size, and walking from a position costs O(1) per item.
///
/// Memory: a tree whose root is a leaf keeps that leaf in the smallest size class
/// (2, 4, … `leafCapacity` items) that fits, so the many small families cost a few bytes;
/// every other leaf has full capacity. A full leaf splits in half, except at either end of the
/// whole sequence, where the full leaf stays full (in-order appends fill leaves completely).
/// A node that falls below a quarter full merges with, or borrows from, a neighbour. Every
/// node knows its parent and its position there, so walking up costs O(1) per level. Freed
/// nodes and leaf chunks are kept for reuse; the pools do not shrink.
///
/// Searches count matching keys over a whole node instead of bisecting it: the loads of a
/// cold node then go out together (one cache miss, not one per probe), which is what a
/// million-child family pays for.
///
/// Slots are indexed by `Int`; the owner of top-level items is whatever slot the caller uses
/// for its virtual root.
struct SiblingForest: Sendable {
  /// A tree node: leaves and inner nodes live in separate pools.
  enum Node: Equatable {
    case leaf(Int)
    case inner(Int)
  }

  /// A position in one tree's item sequence.
  struct Cursor: Equatable {
    var leaf: Int32
    var offset: Int32
  }

  /// Where `insert` puts an item.
  enum Position: Equatable {
    /// Above every item with sort <= its own, below every greater one.
    case byRule
    case bottom
    case top
    /// Directly below / above the given item (which must be in the same tree).
    case below(Int32)
    case above(Int32)
  }

  /// Items a full leaf holds; a power of two >= 2.
  let leafCapacity: Int
  /// Children an inner node holds; >= 4.
  let innerCapacity: Int
  /// The size class of full leaves: a leaf of class `c` holds `2 << c` items.
  let fullLeafClass: Int

  // Per slot (as owner, and as item).
  /// The root of the slot's children tree: -1 none, >= 0 a leaf, <= -2 inner node `-2 - raw`.
  var roots: [Int32] = []
  /// The leaf holding the slot in its parent's tree, -1 when it is in none.
  var itemLeaf: [Int32] = []
  /// How many children the slot has.
  var childCounts: [Int32] = []

  /// A leaf: where its items are and how it is linked. (One record per leaf, not an array per
  /// field: an insert at a random leaf of a million-child family then reads one cache line of
  /// it, not five.)
  struct Leaf: Sendable {
    /// Where its chunk starts in the item arena.
    var start: Int32
    var sizeClass: UInt8
    var count: Int32 = 0
    var parent: Int32 = -1
    /// The leaf's position among its parent's children.
    var position: Int32 = 0
    var next: Int32 = -1
    var previous: Int32 = -1
  }

  // Leaf pool.
  var leaves: [Leaf] = []
  var freeLeaves: [Int32] = []

  // Item arena: leaves are chunks of it; freed chunks are kept per size class.
  var arenaItems: [Int32] = []
  var arenaSorts: [Int64] = []
  var freeChunks: [[Int32]]

  // Inner pool; per-child arrays have a stride of `innerCapacity`.
  var innerChildren: [Int32] = []
  var innerSizes: [Int32] = []
  var innerMinSorts: [Int64] = []
  var innerCount: [Int32] = []
  var innerParent: [Int32] = []
  /// The inner node's position among its parent's children.
  var innerPosition: [Int32] = []
  /// 1 when the children are leaves.
  var innerHeight: [Int32] = []
  var freeInners: [Int32] = []

  init(leafCapacity: Int, innerCapacity: Int) {
    precondition(
      leafCapacity >= 2 && leafCapacity & (leafCapacity - 1) == 0,
      "leafCapacity must be a power of two >= 2")
    precondition(innerCapacity >= 4, "innerCapacity must be >= 4")
    self.leafCapacity = leafCapacity
    self.innerCapacity = innerCapacity
    self.fullLeafClass = leafCapacity.trailingZeroBitCount - 1
    self.freeChunks = Array(repeating: [], count: fullLeafClass + 1)
  }

  /// Makes room for one more slot (the caller's slot arrays grew by one).
  mutating func appendSlot() {
    roots.append(-1)
    itemLeaf.append(-1)
    childCounts.append(0)
  }

  /// The number of children of `owner`.
  func count(of owner: Int) -> Int {
    Int(childCounts[owner])
  }

  // MARK: - Node helpers

  func root(of owner: Int) -> Node? {
    let raw = Int(roots[owner])
    if raw == -1 { return nil }
    return raw >= 0 ? .leaf(raw) : .inner(-2 - raw)
  }

  mutating func setRoot(_ node: Node?, of owner: Int) {
    switch node {
    case nil: roots[owner] = -1
    case .leaf(let leaf): roots[owner] = Int32(leaf)
    case .inner(let inner): roots[owner] = Int32(-2 - inner)
    }
  }

  func rawIndex(_ node: Node) -> Int32 {
    switch node {
    case .leaf(let leaf): return Int32(leaf)
    case .inner(let inner): return Int32(inner)
    }
  }

  func parent(of node: Node) -> Int {
    switch node {
    case .leaf(let leaf): return Int(leaves[leaf].parent)
    case .inner(let inner): return Int(innerParent[inner])
    }
  }

  /// Links `node` as child number `position` of `parent` (-1: `node` is a root).
  mutating func setParent(_ parent: Int, position: Int, of node: Node) {
    switch node {
    case .leaf(let leaf):
      leaves[leaf].parent = Int32(parent)
      leaves[leaf].position = Int32(position)
    case .inner(let inner):
      innerParent[inner] = Int32(parent)
      innerPosition[inner] = Int32(position)
    }
  }

  func height(of node: Node) -> Int {
    switch node {
    case .leaf: return 0
    case .inner(let inner): return Int(innerHeight[inner])
    }
  }

  func child(_ index: Int, of inner: Int) -> Node {
    let raw = Int(innerChildren[inner * innerCapacity + index])
    return innerHeight[inner] == 1 ? .leaf(raw) : .inner(raw)
  }

  /// The position of `node` among its parent's children.
  func position(of node: Node) -> Int {
    switch node {
    case .leaf(let leaf): return Int(leaves[leaf].position)
    case .inner(let inner): return Int(innerPosition[inner])
    }
  }

  /// Entries used: items of a leaf, children of an inner node.
  func fill(of node: Node) -> Int {
    switch node {
    case .leaf(let leaf): return Int(leaves[leaf].count)
    case .inner(let inner): return Int(innerCount[inner])
    }
  }

  /// The number of items under `node`. O(innerCapacity) for an inner node.
  func size(of node: Node) -> Int {
    switch node {
    case .leaf(let leaf): return Int(leaves[leaf].count)
    case .inner(let inner):
      let base = inner * innerCapacity
      var total = 0
      for entry in base..<base + Int(innerCount[inner]) { total += Int(innerSizes[entry]) }
      return total
    }
  }

  /// The sort of the first item under `node`, which must not be empty.
  func minSort(of node: Node) -> Int64 {
    switch node {
    case .leaf(let leaf): return arenaSorts[Int(leaves[leaf].start)]
    case .inner(let inner): return innerMinSorts[inner * innerCapacity]
    }
  }

  func leafCapacity(ofClass sizeClass: Int) -> Int {
    2 << sizeClass
  }

  /// The offset of `item` in `leaf`. O(leafCapacity).
  func offset(of item: Int32, inLeaf leaf: Int) -> Int {
    let start = Int(leaves[leaf].start)
    var index = start
    while arenaItems[index] != item { index += 1 }
    return index - start
  }

  func leftmostLeaf(from root: Node) -> Int {
    var node = root
    while case .inner(let inner) = node { node = child(0, of: inner) }
    guard case .leaf(let leaf) = node else { preconditionFailure("unreachable") }
    return leaf
  }

  func rightmostLeaf(from root: Node) -> Int {
    var node = root
    while case .inner(let inner) = node { node = child(Int(innerCount[inner]) - 1, of: inner) }
    guard case .leaf(let leaf) = node else { preconditionFailure("unreachable") }
    return leaf
  }

  // MARK: - Queries

  /// The position of `item` among its siblings, 0 = bottom. O(log n).
  func index(of item: Int32) -> Int {
    let leaf = Int(itemLeaf[Int(item)])
    var rank = offset(of: item, inLeaf: leaf)
    var position = Int(leaves[leaf].position)
    var parent = Int(leaves[leaf].parent)
    while parent >= 0 {
      let base = parent * innerCapacity
      for entry in base..<base + position { rank += Int(innerSizes[entry]) }
      position = Int(innerPosition[parent])
      parent = Int(innerParent[parent])
    }
    return rank
  }

  /// The cursor at position `index` of `owner`'s children, nil past the end. O(log n).
  func cursor(at index: Int, in owner: Int) -> Cursor? {
    guard index >= 0, index < count(of: owner), var node = root(of: owner) else { return nil }
    var remaining = index
    while case .inner(let inner) = node {
      var entry = inner * innerCapacity
      while remaining >= Int(innerSizes[entry]) {
        remaining -= Int(innerSizes[entry])
        entry += 1
      }
      node = child(entry - inner * innerCapacity, of: inner)
    }
    guard case .leaf(let leaf) = node else { return nil }
    return Cursor(leaf: Int32(leaf), offset: Int32(remaining))
  }

  /// The bottom child of `owner`. O(log n).
  func first(in owner: Int) -> Cursor? {
    guard let root = root(of: owner) else { return nil }
    return Cursor(leaf: Int32(leftmostLeaf(from: root)), offset: 0)
  }

  /// The top child of `owner`. O(log n).
  func last(in owner: Int) -> Cursor? {
    guard let root = root(of: owner) else { return nil }
    let leaf = rightmostLeaf(from: root)
    return Cursor(leaf: Int32(leaf), offset: leaves[leaf].count - 1)
  }

  /// The cursor one above `cursor`. O(1).
  func next(_ cursor: Cursor) -> Cursor? {
    if cursor.offset + 1 < leaves[Int(cursor.leaf)].count {
      return Cursor(leaf: cursor.leaf, offset: cursor.offset + 1)
    }
    let next = leaves[Int(cursor.leaf)].next
    return next >= 0 ? Cursor(leaf: next, offset: 0) : nil
  }

  /// The cursor one below `cursor`. O(1).
  func previous(_ cursor: Cursor) -> Cursor? {
    if cursor.offset > 0 { return Cursor(leaf: cursor.leaf, offset: cursor.offset - 1) }
    let previous = leaves[Int(cursor.leaf)].previous
    return previous >= 0 ? Cursor(leaf: previous, offset: leaves[Int(previous)].count - 1) : nil
  }

  func item(at cursor: Cursor) -> Int32 {
    arenaItems[Int(leaves[Int(cursor.leaf)].start) + Int(cursor.offset)]
  }

  func sort(at cursor: Cursor) -> Int64 {
    arenaSorts[Int(leaves[Int(cursor.leaf)].start) + Int(cursor.offset)]
  }

  /// How many of the `count` sorts at `sorts` are <= `sort`, counted over the whole run so
  /// that the loads of a cold node go out together. (It does not vectorize: baseline x86-64
  /// has no 64-bit vector compare. LLVM compiles the count to a jump per sort; a branch-free
  /// form, a byte added per comparison, saved the mispredictions and no measurable time, since
  /// the leaf's loads are what a `layer.add` waits for.)
  @inline(__always)
  static func countNotAbove(_ sort: Int64, in sorts: UnsafePointer<Int64>, count: Int) -> Int {
    var total = 0
    for position in 0..<count {
      total &+= sorts[position] <= sort ? 1 : 0
    }
    return total
  }

  /// The leaf, offset and index where an item of `sort` goes by the ordering rule: after
  /// every item whose sort is <= `sort`. O(log n).
  func upperBound(of sort: Int64, from root: Node) -> (leaf: Int, offset: Int, index: Int) {
    var node = root
    var index = 0
    while case .inner(let inner) = node {
      // The last child whose smallest sort is <= `sort` (or the first child).
      let base = inner * innerCapacity
      let count = Int(innerCount[inner])
      precondition(count >= 1 && base + count <= innerMinSorts.count, "inner node out of range")
      let low = innerMinSorts.withUnsafeBufferPointer {
        Self.countNotAbove(sort, in: $0.baseAddress.unsafelyUnwrapped + base + 1, count: count - 1)
      }
      innerSizes.withUnsafeBufferPointer { sizes in
        for entry in base..<base + low { index &+= Int(sizes[entry]) }
      }
      node = child(low, of: inner)
    }
    guard case .leaf(let leaf) = node else { preconditionFailure("unreachable") }
    let start = Int(leaves[leaf].start)
    let count = Int(leaves[leaf].count)
    precondition(start >= 0 && start + count <= arenaSorts.count, "leaf out of range")
    let low = arenaSorts.withUnsafeBufferPointer {
      Self.countNotAbove(sort, in: $0.baseAddress.unsafelyUnwrapped + start, count: count)
    }
    return (leaf, low, index + low)
  }
}
