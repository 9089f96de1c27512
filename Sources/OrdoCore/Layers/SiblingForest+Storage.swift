/// Moving items and entries inside the pools, and allocating from them.
extension SiblingForest {
  // MARK: - Moving entries

  /// Opens a gap at `offset` of `leaf` and puts `item` there.
  mutating func putItem(_ item: Int32, sort: Int64, inLeaf leaf: Int, at offset: Int) {
    let start = Int(leaves[leaf].start)
    let count = Int(leaves[leaf].count)
    var index = start + count
    while index > start + offset {
      arenaItems[index] = arenaItems[index - 1]
      arenaSorts[index] = arenaSorts[index - 1]
      index -= 1
    }
    arenaItems[start + offset] = item
    arenaSorts[start + offset] = sort
    leaves[leaf].count = Int32(count + 1)
    itemLeaf[Int(item)] = Int32(leaf)
  }

  /// Moves `count` items from `source` at `sourceOffset` into `target` at `targetOffset`,
  /// closing the gap in `source` and opening one in `target`.
  mutating func transferItems(
    _ count: Int, from source: Int, at sourceOffset: Int, to target: Int, at targetOffset: Int
  ) {
    if count == 0 { return }
    let sourceStart = Int(leaves[source].start)
    let sourceCount = Int(leaves[source].count)
    let targetStart = Int(leaves[target].start)
    let targetCount = Int(leaves[target].count)
    var index = targetStart + targetCount - 1
    while index >= targetStart + targetOffset {
      arenaItems[index + count] = arenaItems[index]
      arenaSorts[index + count] = arenaSorts[index]
      index -= 1
    }
    for step in 0..<count {
      let item = arenaItems[sourceStart + sourceOffset + step]
      arenaItems[targetStart + targetOffset + step] = item
      arenaSorts[targetStart + targetOffset + step] = arenaSorts[sourceStart + sourceOffset + step]
      itemLeaf[Int(item)] = Int32(target)
    }
    for index in sourceStart + sourceOffset..<sourceStart + sourceCount - count {
      arenaItems[index] = arenaItems[index + count]
      arenaSorts[index] = arenaSorts[index + count]
    }
    leaves[source].count = Int32(sourceCount - count)
    leaves[target].count = Int32(targetCount + count)
  }

  /// Opens a gap at `index` of `inner` for `node` and records its size and smallest sort.
  mutating func insertEntry(_ node: Node, in inner: Int, at index: Int) {
    let base = inner * innerCapacity
    var entry = base + Int(innerCount[inner])
    while entry > base + index {
      innerChildren[entry] = innerChildren[entry - 1]
      innerSizes[entry] = innerSizes[entry - 1]
      innerMinSorts[entry] = innerMinSorts[entry - 1]
      entry -= 1
    }
    innerChildren[base + index] = rawIndex(node)
    innerSizes[base + index] = Int32(size(of: node))
    innerMinSorts[base + index] = minSort(of: node)
    innerCount[inner] += 1
    setParent(inner, position: index, of: node)
    renumberChildren(of: inner, from: index + 1)
  }

  mutating func removeEntry(in inner: Int, at index: Int) {
    let base = inner * innerCapacity
    let count = Int(innerCount[inner])
    for entry in base + index..<base + count - 1 {
      innerChildren[entry] = innerChildren[entry + 1]
      innerSizes[entry] = innerSizes[entry + 1]
      innerMinSorts[entry] = innerMinSorts[entry + 1]
    }
    innerCount[inner] = Int32(count - 1)
    renumberChildren(of: inner, from: index)
  }

  /// Rewrites the parent links of the children of `inner` from position `first` on.
  mutating func renumberChildren(of inner: Int, from first: Int) {
    let base = inner * innerCapacity
    let childrenAreLeaves = innerHeight[inner] == 1
    for position in first..<Int(innerCount[inner]) {
      let child = Int(innerChildren[base + position])
      if childrenAreLeaves {
        leaves[child].parent = Int32(inner)
        leaves[child].position = Int32(position)
      } else {
        innerParent[child] = Int32(inner)
        innerPosition[child] = Int32(position)
      }
    }
  }

  /// `transferItems` for the children of inner nodes of the same height.
  mutating func transferEntries(
    _ count: Int, from source: Int, at sourceOffset: Int, to target: Int, at targetOffset: Int
  ) {
    if count == 0 { return }
    let sourceBase = source * innerCapacity
    let sourceCount = Int(innerCount[source])
    let targetBase = target * innerCapacity
    let targetCount = Int(innerCount[target])
    var entry = targetBase + targetCount - 1
    while entry >= targetBase + targetOffset {
      innerChildren[entry + count] = innerChildren[entry]
      innerSizes[entry + count] = innerSizes[entry]
      innerMinSorts[entry + count] = innerMinSorts[entry]
      entry -= 1
    }
    for step in 0..<count {
      let from = sourceBase + sourceOffset + step
      let to = targetBase + targetOffset + step
      innerChildren[to] = innerChildren[from]
      innerSizes[to] = innerSizes[from]
      innerMinSorts[to] = innerMinSorts[from]
    }
    for entry in sourceBase + sourceOffset..<sourceBase + sourceCount - count {
      innerChildren[entry] = innerChildren[entry + count]
      innerSizes[entry] = innerSizes[entry + count]
      innerMinSorts[entry] = innerMinSorts[entry + count]
    }
    innerCount[source] = Int32(sourceCount - count)
    innerCount[target] = Int32(targetCount + count)
    renumberChildren(of: source, from: sourceOffset)
    renumberChildren(of: target, from: targetOffset)
  }

  // MARK: - Pools

  mutating func allocateChunk(sizeClass: Int) -> Int32 {
    if let start = freeChunks[sizeClass].popLast() { return start }
    let start = Int32(arenaItems.count)
    let capacity = leafCapacity(ofClass: sizeClass)
    arenaItems.append(contentsOf: repeatElement(-1, count: capacity))
    arenaSorts.append(contentsOf: repeatElement(0, count: capacity))
    return start
  }

  /// Moves `leaf`'s items into a chunk of another size class.
  mutating func resizeLeaf(_ leaf: Int, toClass newClass: Int) {
    let newStart = Int(allocateChunk(sizeClass: newClass))
    let oldStart = Int(leaves[leaf].start)
    for step in 0..<Int(leaves[leaf].count) {
      arenaItems[newStart + step] = arenaItems[oldStart + step]
      arenaSorts[newStart + step] = arenaSorts[oldStart + step]
    }
    freeChunks[Int(leaves[leaf].sizeClass)].append(Int32(oldStart))
    leaves[leaf].start = Int32(newStart)
    leaves[leaf].sizeClass = UInt8(newClass)
  }

  mutating func makeLeaf(sizeClass: Int) -> Int {
    let start = allocateChunk(sizeClass: sizeClass)
    if let leaf = freeLeaves.popLast() {
      let index = Int(leaf)
      leaves[index].start = start
      leaves[index].sizeClass = UInt8(sizeClass)
      return index
    }
    leaves.append(Leaf(start: start, sizeClass: UInt8(sizeClass)))
    return leaves.count - 1
  }

  mutating func freeLeaf(_ leaf: Int) {
    freeChunks[Int(leaves[leaf].sizeClass)].append(leaves[leaf].start)
    leaves[leaf].count = 0
    leaves[leaf].parent = -1
    leaves[leaf].next = -1
    leaves[leaf].previous = -1
    leaves[leaf].start = -1
    freeLeaves.append(Int32(leaf))
  }

  mutating func makeInner(height: Int) -> Int {
    if let inner = freeInners.popLast() {
      innerHeight[Int(inner)] = Int32(height)
      return Int(inner)
    }
    innerChildren.append(contentsOf: repeatElement(-1, count: innerCapacity))
    innerSizes.append(contentsOf: repeatElement(0, count: innerCapacity))
    innerMinSorts.append(contentsOf: repeatElement(0, count: innerCapacity))
    innerCount.append(0)
    innerParent.append(-1)
    innerPosition.append(0)
    innerHeight.append(Int32(height))
    return innerCount.count - 1
  }

  mutating func freeInner(_ inner: Int) {
    innerCount[inner] = 0
    innerParent[inner] = -1
    innerHeight[inner] = 0
    freeInners.append(Int32(inner))
  }
}
