extension LayerTree {
  /// A page of the children of `id` (top level when nil), bottom -> top, and their total.
  /// - Complexity: O(log n + limit), n the number of children.
  public func children(of id: String?, offset: Int, limit: Int?) throws(CoreError) -> (
    total: Int, layers: [Layer]
  ) {
    guard offset >= 0 else {
      throw .invalidParams(
        path: "/offset", expected: "an integer >= 0", message: "offset must be an integer >= 0")
    }
    if let limit, limit < 0 {
      throw .invalidParams(
        path: "/limit", expected: "an integer >= 0", message: "limit must be an integer >= 0")
    }
    let owner = try container(of: id)
    let total = siblings.count(of: Int(owner))
    guard var cursor = siblings.cursor(at: offset, in: Int(owner)) else { return (total, []) }
    let wanted = min(total - offset, limit ?? Int.max)
    var layers: [Layer] = []
    layers.reserveCapacity(wanted)
    let parentID = owner == Self.rootSlot ? nil : ids[Int(owner)]
    for index in offset..<offset + wanted {
      layers.append(layer(at: siblings.item(at: cursor), index: index, parentID: parentID))
      guard let next = siblings.next(cursor) else { break }
      cursor = next
    }
    return (total, layers)
  }

  /// The smallest and largest sort among the children of `id` (top level when nil); both nil
  /// when there are none.
  /// - Complexity: O(log n), n the number of children.
  public func sortRange(of id: String?) throws(CoreError) -> (min: Int64?, max: Int64?) {
    let owner = Int(try container(of: id))
    guard let bottom = siblings.first(in: owner), let top = siblings.last(in: owner) else {
      return (nil, nil)
    }
    return (siblings.sort(at: bottom), siblings.sort(at: top))
  }

  /// The subtree of `id` in preorder, flat, with levels: `id` itself at level 0 and its
  /// children bottom -> top at level 1, and so on. With `id` nil, the top-level layers are at
  /// level 1 (the virtual root, level 0, is not listed). `depth` cuts off deeper levels.
  ///
  /// Throws `limitExceeded(name: "maxTreeDepth")` when the answer would reach a level deeper
  /// than `maxTreeDepth`; `value` is the deepest level it would reach.
  /// - Complexity: O(s), s the size of the subtree (all of it when the depth limit is hit).
  public func tree(of id: String?, depth: Int?) throws(CoreError) -> [TreeEntry] {
    if let depth, depth < 0 {
      throw .invalidParams(
        path: "/depth", expected: "an integer >= 0", message: "depth must be an integer >= 0")
    }
    let top = try container(of: id)
    let cutoff = depth ?? Int.max
    var entries: [TreeEntry] = []
    if id != nil { entries.append(treeEntry(top, level: 0)) }
    var deepest = 0
    var pending: [(cursor: SiblingForest.Cursor, level: Int)] = []
    if cutoff >= 1, let first = siblings.first(in: Int(top)) { pending.append((first, 1)) }
    while let current = pending.last {
      let (cursor, level) = current
      if let next = siblings.next(cursor) {
        pending[pending.count - 1].cursor = next
      } else {
        pending.removeLast()
      }
      let slot = siblings.item(at: cursor)
      if level > deepest {
        deepest = level
        if deepest > maxTreeDepth { entries = [] }
      }
      if deepest <= maxTreeDepth { entries.append(treeEntry(slot, level: level)) }
      if level < cutoff, let first = siblings.first(in: Int(slot)) {
        pending.append((first, level + 1))
      }
    }
    if deepest > maxTreeDepth {
      throw .limitExceeded(.maxTreeDepth, limit: maxTreeDepth, value: deepest)
    }
    return entries
  }

  private func treeEntry(_ slot: Int32, level: Int) -> TreeEntry {
    let row = Int(slot)
    return TreeEntry(
      id: ids[row], sort: sorts[row], hidden: flags[row].contains(.hidden), level: level)
  }

  /// The ids of the layers drawn, back to front: a parent before its children, siblings
  /// bottom -> top, hidden layers left out with their subtrees. With `id`: that subtree, the
  /// layer itself first (empty when it is hidden; its ancestors do not matter).
  /// - Complexity: O(s), s the size of the subtree.
  public func paintOrder(of id: String?) throws(CoreError) -> [String] {
    let top = try container(of: id)
    var painted: [String] = []
    if id != nil {
      if flags[Int(top)].contains(.hidden) { return [] }
      painted.append(ids[Int(top)])
    }
    var pending: [SiblingForest.Cursor] = []
    if let first = siblings.first(in: Int(top)) { pending.append(first) }
    while let cursor = pending.last {
      if let next = siblings.next(cursor) {
        pending[pending.count - 1] = next
      } else {
        pending.removeLast()
      }
      let slot = siblings.item(at: cursor)
      if flags[Int(slot)].contains(.hidden) { continue }
      painted.append(ids[Int(slot)])
      if let first = siblings.first(in: Int(slot)) { pending.append(first) }
    }
    return painted
  }

  /// The ids from the top-level ancestor down to `slot`.
  /// - Complexity: O(d), d the depth of `slot`.
  func path(to slot: Int32) -> [String] {
    var path: [String] = []
    path.reserveCapacity(8)
    var current = slot
    while current != Self.rootSlot {
      path.append(ids[Int(current)])
      current = parents[Int(current)]
    }
    path.reverse()
    return path
  }
}
