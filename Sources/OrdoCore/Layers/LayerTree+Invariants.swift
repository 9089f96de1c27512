extension LayerTree {
  /// Checks every internal invariant deeply, stopping with a precondition failure at the
  /// first one broken. Debug builds only (a no-op in release); tests call it after every step.
  /// - Complexity: O(n + pool sizes).
  public func _checkInvariants() {
    #if DEBUG
      let slots = ids.count
      let lengths = [
        parents.count, sorts.count, flags.count, detailIndex.count,
        siblings.roots.count, siblings.itemLeaf.count, siblings.childCounts.count,
      ]
      precondition(lengths.allSatisfy { $0 == slots }, "slot arrays differ in length")
      precondition(flags[Int(Self.rootSlot)] == .live, "the virtual root is not plain")
      precondition(parents[Int(Self.rootSlot)] == -1, "the virtual root has a parent")
      var free = Array(repeating: false, count: slots)
      for slot in freeSlots {
        let row = Int(slot)
        precondition(row != Int(Self.rootSlot) && !free[row], "a free slot is listed twice")
        free[row] = true
        precondition(!flags[row].contains(.live), "a free slot is live")
        precondition(
          siblings.roots[row] == -1 && siblings.itemLeaf[row] == -1, "a free slot is linked")
      }
      var detailUsed = Array(repeating: false, count: details.count)
      for index in freeDetails {
        precondition(!detailUsed[Int(index)], "a free detail is listed twice")
        detailUsed[Int(index)] = true
        precondition(details[Int(index)].data == nil, "a free detail keeps data")
      }
      for row in 0..<slots {
        let index = detailIndex[row]
        let needed = flags[row].contains(.framed) || (index >= 0 && details[Int(index)].data != nil)
        precondition((index >= 0) == needed, "a detail is missing or kept for nothing")
        if index >= 0 {
          precondition(!detailUsed[Int(index)], "a detail is shared or free")
          detailUsed[Int(index)] = true
        }
      }
      precondition(detailUsed.allSatisfy { $0 }, "a detail is lost")
      var live = 0
      for row in 0..<slots where !free[row] {
        precondition(flags[row].contains(.live), "a slot is neither live nor free")
        live += 1
        if row != Int(Self.rootSlot) {
          precondition(lookUp(ids[row]) == Int32(row), "the id index is wrong")
          precondition(!ids[row].isEmpty, "an empty id")
        }
      }
      precondition(live == count + 1, "the id index has the wrong size")
      precondition(idIndex.slots.count == count, "the id index counts wrong")
      // Walk down from the virtual root: every live layer is reached exactly once, so the
      // parent links have no cycle.
      var usage = siblings.makeUsage()
      var reached = Array(repeating: false, count: slots)
      reached[Int(Self.rootSlot)] = true
      var pending: [Int32] = [Self.rootSlot]
      var reachedCount = 1
      while let owner = pending.popLast() {
        for (item, sort) in siblings.checkedItems(of: Int(owner), usage: &usage) {
          let row = Int(item)
          precondition(!free[row] && !reached[row], "a child is free or reached twice")
          reached[row] = true
          reachedCount += 1
          precondition(parents[row] == owner, "a child's parent link is wrong")
          precondition(sorts[row] == sort, "a child's sort is stale")
          pending.append(item)
        }
      }
      precondition(reachedCount == live, "a layer is not reachable from the top level")
      siblings.checkPools(usage)
    #endif
  }
}
