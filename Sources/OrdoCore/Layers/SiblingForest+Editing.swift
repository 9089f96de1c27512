extension SiblingForest {
  // MARK: - Inserting

  /// Puts `item` (not in any tree) with `sort` into `owner`'s children at `position` and
  /// returns its index there.
  ///
  /// The caller keeps the order sorted: `.bottom`/`.top` only with a sort <= the smallest /
  /// >= the largest, `.below`/`.above` only with the neighbour's sort.
  /// - Complexity: O(log n), n the number of `owner`'s children.
  @discardableResult
  mutating func insert(_ item: Int32, sort: Int64, into owner: Int, at position: Position) -> Int {
    childCounts[owner] += 1
    guard let root = root(of: owner) else {
      let leaf = makeLeaf(sizeClass: 0)
      setRoot(.leaf(leaf), of: owner)
      putItem(item, sort: sort, inLeaf: leaf, at: 0)
      return 0
    }
    let leaf: Int
    let offset: Int
    let index: Int
    switch position {
    case .byRule:
      (leaf, offset, index) = upperBound(of: sort, from: root)
    case .bottom:
      (leaf, offset, index) = (leftmostLeaf(from: root), 0, 0)
    case .top:
      leaf = rightmostLeaf(from: root)
      offset = Int(leaves[leaf].count)
      index = count(of: owner) - 1
    case .below(let neighbour):
      leaf = Int(itemLeaf[Int(neighbour)])
      offset = self.offset(of: neighbour, inLeaf: leaf)
      index = self.index(of: neighbour)
    case .above(let neighbour):
      leaf = Int(itemLeaf[Int(neighbour)])
      offset = self.offset(of: neighbour, inLeaf: leaf) + 1
      index = self.index(of: neighbour) + 1
    }
    insert(item, sort: sort, inLeaf: leaf, at: offset, owner: owner)
    return index
  }

  private mutating func insert(
    _ item: Int32, sort: Int64, inLeaf leaf: Int, at offset: Int, owner: Int
  ) {
    let count = Int(leaves[leaf].count)
    let sizeClass = Int(leaves[leaf].sizeClass)
    if count == leafCapacity(ofClass: sizeClass) && sizeClass < fullLeafClass {
      // Only a root leaf is below full class: grow it in place.
      resizeLeaf(leaf, toClass: Int(leaves[leaf].sizeClass) + 1)
    }
    if count < leafCapacity(ofClass: Int(leaves[leaf].sizeClass)) {
      putItem(item, sort: sort, inLeaf: leaf, at: offset)
      propagateInsertion(from: .leaf(leaf), split: nil, minChanged: offset == 0, owner: owner)
      return
    }
    let middle: Int
    if offset == count && leaves[leaf].next < 0 {
      middle = count
    } else if offset == 0 && leaves[leaf].previous < 0 {
      middle = 0
    } else {
      middle = count / 2
    }
    let right = makeLeaf(sizeClass: fullLeafClass)
    transferItems(count - middle, from: leaf, at: middle, to: right, at: 0)
    let next = leaves[leaf].next
    leaves[right].next = next
    leaves[right].previous = Int32(leaf)
    if next >= 0 { leaves[Int(next)].previous = Int32(right) }
    leaves[leaf].next = Int32(right)
    if offset < middle || middle == 0 {
      putItem(item, sort: sort, inLeaf: leaf, at: offset)
    } else {
      putItem(item, sort: sort, inLeaf: right, at: offset - middle)
    }
    propagateInsertion(from: .leaf(leaf), split: .leaf(right), minChanged: true, owner: owner)
  }

  /// Fixes sizes, smallest sorts and splits from `start` (one item grew under it, and it may
  /// have split off `split`, its new right neighbour) up to the root. `minChanged`: the first
  /// item under `start` may have changed.
  private mutating func propagateInsertion(
    from start: Node, split: Node?, minChanged: Bool, owner: Int
  ) {
    var node = start
    var sibling = split
    var minChanged = minChanged
    while true {
      let parent = self.parent(of: node)
      if parent < 0 {
        if let sibling {
          let root = makeInner(height: height(of: node) + 1)
          insertEntry(node, in: root, at: 0)
          insertEntry(sibling, in: root, at: 1)
          setRoot(.inner(root), of: owner)
        }
        return
      }
      let index = position(of: node)
      let entry = parent * innerCapacity + index
      if let newSibling = sibling {
        innerSizes[entry] = Int32(size(of: node))
        innerMinSorts[entry] = minSort(of: node)
        if Int(innerCount[parent]) < innerCapacity {
          insertEntry(newSibling, in: parent, at: index + 1)
          sibling = nil
        } else {
          let half = innerCapacity / 2
          let right = makeInner(height: Int(innerHeight[parent]))
          transferEntries(innerCapacity - half, from: parent, at: half, to: right, at: 0)
          if index < half {
            insertEntry(newSibling, in: parent, at: index + 1)
          } else {
            insertEntry(newSibling, in: right, at: index + 1 - half)
          }
          sibling = .inner(right)
        }
        minChanged = true
      } else {
        innerSizes[entry] += 1
        if minChanged { innerMinSorts[entry] = minSort(of: node) }
      }
      minChanged = minChanged && index == 0
      node = .inner(parent)
    }
  }

  // MARK: - Removing

  /// Takes `item` out of `owner`'s children.
  /// - Complexity: O(log n), n the number of `owner`'s children.
  mutating func remove(_ item: Int32, from owner: Int) {
    let leaf = Int(itemLeaf[Int(item)])
    let offset = self.offset(of: item, inLeaf: leaf)
    let start = Int(leaves[leaf].start)
    let count = Int(leaves[leaf].count)
    for index in start + offset..<start + count - 1 {
      arenaItems[index] = arenaItems[index + 1]
      arenaSorts[index] = arenaSorts[index + 1]
    }
    leaves[leaf].count = Int32(count - 1)
    itemLeaf[Int(item)] = -1
    childCounts[owner] -= 1
    var position = Int(leaves[leaf].position)
    var parent = Int(leaves[leaf].parent)
    while parent >= 0 {
      innerSizes[parent * innerCapacity + position] -= 1
      position = Int(innerPosition[parent])
      parent = Int(innerParent[parent])
    }
    restoreBalance(from: .leaf(leaf), owner: owner)
  }

  /// Merges or refills underfull nodes from `start` up, and fixes the smallest sorts.
  private mutating func restoreBalance(from start: Node, owner: Int) {
    var node = start
    while true {
      let parent = self.parent(of: node)
      if parent < 0 {
        settleRoot(node, owner: owner)
        return
      }
      if fill(of: node) >= minimumFill(of: node) {
        refreshMinSorts(from: node)
        return
      }
      let index = position(of: node)
      let leftIndex = index > 0 ? index - 1 : index
      let left = child(leftIndex, of: parent)
      let right = child(leftIndex + 1, of: parent)
      let leftFill = fill(of: left)
      let rightFill = fill(of: right)
      let leftEntry = parent * innerCapacity + leftIndex
      if leftFill + rightFill <= fullCapacity(of: left) {
        switch (left, right) {
        case (.leaf(let leftLeaf), .leaf(let rightLeaf)):
          transferItems(rightFill, from: rightLeaf, at: 0, to: leftLeaf, at: leftFill)
          let next = leaves[rightLeaf].next
          leaves[leftLeaf].next = next
          if next >= 0 { leaves[Int(next)].previous = Int32(leftLeaf) }
          freeLeaf(rightLeaf)
        case (.inner(let leftInner), .inner(let rightInner)):
          transferEntries(rightFill, from: rightInner, at: 0, to: leftInner, at: leftFill)
          freeInner(rightInner)
        default:
          preconditionFailure("siblings of different heights")
        }
        removeEntry(in: parent, at: leftIndex + 1)
        innerSizes[leftEntry] = Int32(size(of: left))
        innerMinSorts[leftEntry] = minSort(of: left)
        refreshMinSorts(from: .inner(parent))
        node = .inner(parent)
      } else {
        let leftTarget = (leftFill + rightFill) / 2
        switch (left, right) {
        case (.leaf(let leftLeaf), .leaf(let rightLeaf)):
          if leftFill > leftTarget {
            transferItems(
              leftFill - leftTarget, from: leftLeaf, at: leftTarget, to: rightLeaf, at: 0)
          } else {
            transferItems(
              leftTarget - leftFill, from: rightLeaf, at: 0, to: leftLeaf, at: leftFill)
          }
        case (.inner(let leftInner), .inner(let rightInner)):
          if leftFill > leftTarget {
            transferEntries(
              leftFill - leftTarget, from: leftInner, at: leftTarget, to: rightInner, at: 0)
          } else {
            transferEntries(
              leftTarget - leftFill, from: rightInner, at: 0, to: leftInner, at: leftFill)
          }
        default:
          preconditionFailure("siblings of different heights")
        }
        innerSizes[leftEntry] = Int32(size(of: left))
        innerMinSorts[leftEntry] = minSort(of: left)
        innerSizes[leftEntry + 1] = Int32(size(of: right))
        innerMinSorts[leftEntry + 1] = minSort(of: right)
        refreshMinSorts(from: .inner(parent))
        return
      }
    }
  }

  /// Frees an empty root, collapses a root with one child, shrinks a sparse root leaf.
  private mutating func settleRoot(_ root: Node, owner: Int) {
    var node = root
    while case .inner(let inner) = node, innerCount[inner] == 1 {
      let only = child(0, of: inner)
      setParent(-1, position: 0, of: only)
      freeInner(inner)
      setRoot(only, of: owner)
      node = only
    }
    guard case .leaf(let leaf) = node else { return }
    let count = Int(leaves[leaf].count)
    let sizeClass = Int(leaves[leaf].sizeClass)
    if count == 0 {
      freeLeaf(leaf)
      setRoot(nil, of: owner)
    } else if sizeClass > 0 && count <= leafCapacity(ofClass: sizeClass) / 4 {
      var newClass = 0
      while leafCapacity(ofClass: newClass) < 2 * count { newClass += 1 }
      resizeLeaf(leaf, toClass: newClass)
    }
  }

  /// Copies the smallest sort of `start` into its parent's entry, and on up while it changes.
  private mutating func refreshMinSorts(from start: Node) {
    var node = start
    var parent = self.parent(of: node)
    while parent >= 0 {
      let index = position(of: node)
      let sort = minSort(of: node)
      let entry = parent * innerCapacity + index
      if innerMinSorts[entry] == sort { return }
      innerMinSorts[entry] = sort
      if index != 0 { return }
      node = .inner(parent)
      parent = Int(innerParent[parent])
    }
  }

  private func minimumFill(of node: Node) -> Int {
    switch node {
    case .leaf: return max(1, leafCapacity / 4)
    case .inner: return max(2, innerCapacity / 4)
    }
  }

  private func fullCapacity(of node: Node) -> Int {
    switch node {
    case .leaf: return leafCapacity
    case .inner: return innerCapacity
    }
  }

  /// Forgets `owner`'s whole tree, calling `visit` with each item, bottom -> top.
  /// - Complexity: O(n), n the number of `owner`'s children.
  mutating func removeAll(of owner: Int, _ visit: (Int32) -> Void) {
    guard let root = root(of: owner) else { return }
    var leaf = leftmostLeaf(from: root)
    while leaf >= 0 {
      let start = Int(leaves[leaf].start)
      for index in start..<start + Int(leaves[leaf].count) {
        let item = arenaItems[index]
        itemLeaf[Int(item)] = -1
        visit(item)
      }
      let next = Int(leaves[leaf].next)
      freeLeaf(leaf)
      leaf = next
    }
    if case .inner(let top) = root {
      var pending = [top]
      while let inner = pending.popLast() {
        if innerHeight[inner] > 1 {
          let base = inner * innerCapacity
          for entry in base..<base + Int(innerCount[inner]) {
            pending.append(Int(innerChildren[entry]))
          }
        }
        freeInner(inner)
      }
    }
    setRoot(nil, of: owner)
    childCounts[owner] = 0
  }
}
