extension SiblingForest {
  /// Which pool entries the trees use; filled by `checkedItems`, finished by `checkPools`.
  struct Usage {
    var leaves: [Bool]
    var inners: [Bool]
    var arena: [Bool]
  }

  func makeUsage() -> Usage {
    Usage(
      leaves: Array(repeating: false, count: leaves.count),
      inners: Array(repeating: false, count: innerCount.count),
      arena: Array(repeating: false, count: arenaItems.count))
  }

  /// Checks `owner`'s tree deeply and returns its items bottom -> top with their sorts.
  /// - Complexity: O(n), n the number of `owner`'s children. Recursion is bounded by the
  ///   B+tree height.
  func checkedItems(of owner: Int, usage: inout Usage) -> [(item: Int32, sort: Int64)] {
    var items: [(item: Int32, sort: Int64)] = []
    guard let root = root(of: owner) else {
      precondition(childCounts[owner] == 0, "a childless owner has a count")
      return items
    }
    precondition(parent(of: root) == -1, "a root has a parent")
    var leaves: [Int] = []
    let size = checkNode(root, isRoot: true, usage: &usage, items: &items, leaves: &leaves)
    precondition(size == items.count && size == count(of: owner), "the child count is wrong")
    precondition(size > 0, "an empty tree has a root")
    for (position, leaf) in leaves.enumerated() {
      let previous = position > 0 ? Int32(leaves[position - 1]) : -1
      let next = position + 1 < leaves.count ? Int32(leaves[position + 1]) : -1
      precondition(self.leaves[leaf].previous == previous, "the leaf chain is broken (previous)")
      precondition(self.leaves[leaf].next == next, "the leaf chain is broken (next)")
    }
    for position in items.indices.dropFirst() {
      precondition(items[position - 1].sort <= items[position].sort, "sorts decrease")
    }
    return items
  }

  /// Checks one node and its subtree; returns its number of items.
  private func checkNode(
    _ node: Node, isRoot: Bool, usage: inout Usage, items: inout [(item: Int32, sort: Int64)],
    leaves: inout [Int]
  ) -> Int {
    switch node {
    case .leaf(let leaf):
      precondition(!usage.leaves[leaf], "a leaf is used twice")
      usage.leaves[leaf] = true
      let count = Int(self.leaves[leaf].count)
      let sizeClass = Int(self.leaves[leaf].sizeClass)
      precondition(count >= 1, "an empty leaf")
      precondition(count <= leafCapacity(ofClass: sizeClass), "an overfull leaf")
      precondition(isRoot || sizeClass == fullLeafClass, "a small non-root leaf")
      let start = Int(self.leaves[leaf].start)
      for index in start..<start + leafCapacity(ofClass: sizeClass) {
        precondition(!usage.arena[index], "arena chunks overlap")
        usage.arena[index] = true
      }
      for index in start..<start + count {
        let item = arenaItems[index]
        precondition(itemLeaf[Int(item)] == Int32(leaf), "an item's leaf is wrong")
        items.append((item, arenaSorts[index]))
      }
      leaves.append(leaf)
      return count
    case .inner(let inner):
      precondition(!usage.inners[inner], "an inner node is used twice")
      usage.inners[inner] = true
      let count = Int(innerCount[inner])
      precondition(count <= innerCapacity, "an overfull inner node")
      precondition(
        count >= (isRoot ? 2 : max(2, innerCapacity / 4)), "an underfull inner node")
      var total = 0
      for index in 0..<count {
        let child = self.child(index, of: inner)
        precondition(parent(of: child) == inner, "a child's parent link is wrong")
        precondition(position(of: child) == index, "a child's position is wrong")
        precondition(height(of: child) == Int(innerHeight[inner]) - 1, "uneven heights")
        let firstItem = items.count
        let size = checkNode(child, isRoot: false, usage: &usage, items: &items, leaves: &leaves)
        let entry = inner * innerCapacity + index
        precondition(Int(innerSizes[entry]) == size, "a subtree size is wrong")
        precondition(innerMinSorts[entry] == items[firstItem].sort, "a smallest sort is wrong")
        total += size
      }
      return total
    }
  }

  /// Checks that every pool entry is used by exactly one tree or is free, once.
  func checkPools(_ usage: Usage) {
    var leaves = usage.leaves
    for leaf in freeLeaves {
      precondition(!leaves[Int(leaf)], "a used leaf is free")
      leaves[Int(leaf)] = true
    }
    precondition(leaves.allSatisfy { $0 }, "a leaf is lost")
    var inners = usage.inners
    for inner in freeInners {
      precondition(!inners[Int(inner)], "a used inner node is free")
      inners[Int(inner)] = true
    }
    precondition(inners.allSatisfy { $0 }, "an inner node is lost")
    var arena = usage.arena
    for (sizeClass, starts) in freeChunks.enumerated() {
      for start in starts {
        for index in Int(start)..<Int(start) + leafCapacity(ofClass: sizeClass) {
          precondition(!arena[index], "a used arena chunk is free")
          arena[index] = true
        }
      }
    }
    precondition(arena.allSatisfy { $0 }, "an arena chunk is lost")
  }
}
