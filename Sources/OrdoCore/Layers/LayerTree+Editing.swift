extension LayerTree {
  /// Adds a layer and returns it.
  ///
  /// `id` nil: a generated `layer-<n>`. `parent` nil: top level, or the sibling's parent with
  /// `.above`/`.below`, which adopt the sibling's sort and sit directly next to it.
  /// `placement` nil: sort 0. By sort, the layer goes above every sibling with sort <= its own
  /// (newest on top among equal sorts).
  /// - Complexity: O(log n), n the number of its new siblings (O(1) average id hashing).
  public mutating func add(
    id: String?, parent: LayerParent?, placement: LayerPlacement?, attributes: LayerAttributes
  ) throws(CoreError) -> Layer {
    if let id { try Self.checkNotReserved(id) }
    if let frame = attributes.frame { try Self.validate(frame) }
    let hash = id.map(IDIndex.hash)
    if let id, lookUp(id, hash: hash) != nil { throw .alreadyExists(.layer, id: id) }
    let destination = try destination(
      parent: parent, placement: placement, sort: 0, currentParent: Self.rootSlot, moving: nil)
    guard count < maxLayers else {
      throw .limitExceeded(.maxLayers, limit: maxLayers, value: count + 1)
    }
    let newID: String
    let newHash: UInt32
    if let id, let hash {
      noteChosenNumber(of: id)
      (newID, newHash) = (id, hash)
    } else {
      (newID, newHash) = generateID()
    }
    let slot = allocateSlot(
      id: newID, hash: newHash, parent: destination.parent, sort: destination.sort,
      attributes: attributes)
    let index = siblings.insert(
      slot, sort: destination.sort, into: Int(destination.parent), at: destination.position)
    return layer(at: slot, index: index, parentID: parentID(of: slot))
  }

  /// Removes the layer and its whole subtree; returns how many layers went.
  /// - Complexity: O(log n + s), n its siblings, s the size of its subtree.
  public mutating func remove(id: String) throws(CoreError) -> Int {
    let slot = try slot(of: id)
    siblings.remove(slot, from: Int(parents[Int(slot)]))
    return freeSubtree(rootedAt: slot)
  }

  /// Changes the given fields. A changed `sort` re-places the layer by the ordering rule (on
  /// top of its new equal sorts); an unchanged one leaves it where it is.
  /// - Complexity: O(log n), n the number of its siblings.
  public mutating func update(
    id: String, sort: Int64?, frame: FieldUpdate<Frame>, hidden: Bool?, interactive: Bool?,
    clips: Bool?, data: FieldUpdate<RawJSON>
  ) throws(CoreError) -> Layer {
    if case .set(let newFrame) = frame { try Self.validate(newFrame) }
    let slot = try slot(of: id)
    let row = Int(slot)
    var index: Int?
    if let sort, sort != sorts[row] {
      let parent = Int(parents[row])
      siblings.remove(slot, from: parent)
      sorts[row] = sort
      index = siblings.insert(slot, sort: sort, into: parent, at: .byRule)
    }
    let oldFrame = flags[row].contains(.framed) ? self.frame(at: row) : nil
    let newFrame: Frame?
    switch frame {
    case .keep: newFrame = oldFrame
    case .clear: newFrame = nil
    case .set(let given): newFrame = given
    }
    let newData: RawJSON?
    switch data {
    case .keep: newData = self.data(at: row)
    case .clear: newData = nil
    case .set(let given): newData = given
    }
    setDetail(frame: newFrame, data: newData, at: row)
    if let hidden { flags[row].set(.hidden, hidden) }
    if let interactive { flags[row].set(.interactive, interactive) }
    if let clips { flags[row].set(.clips, clips) }
    return layer(at: slot, index: index ?? siblings.index(of: slot), parentID: parentID(of: slot))
  }

  /// Moves the layer (with its subtree) and re-places it by the ordering rule.
  ///
  /// `parent` nil: the same parent (or the sibling's with `.above`/`.below`). `placement` nil:
  /// it keeps its sort and goes on top of its equal sorts. Under itself or a descendant:
  /// `invalidState(reason: "cycle")`.
  /// - Complexity: O(log n + log m + d): n its old and m its new siblings, d the new parent's
  ///   depth (the cycle check).
  public mutating func move(id: String, parent: LayerParent?, placement: LayerPlacement?)
    throws(CoreError) -> Layer
  {
    let slot = try slot(of: id)
    let row = Int(slot)
    // Read into locals first: with `sorts[row]` among its arguments, the call copied the
    // whole tree (25 references retained and released) to lend it as `self`.
    let (sort, currentParent) = (sorts[row], parents[row])
    let destination = try destination(
      parent: parent, placement: placement, sort: sort, currentParent: currentParent,
      moving: slot)
    siblings.remove(slot, from: Int(parents[row]))
    parents[row] = destination.parent
    sorts[row] = destination.sort
    let index = siblings.insert(
      slot, sort: destination.sort, into: Int(destination.parent), at: destination.position)
    return layer(at: slot, index: index, parentID: parentID(of: slot))
  }

  /// Makes the layer the topmost of its siblings; its sort becomes max(own, siblings' max).
  /// - Complexity: O(log n), n the number of its siblings.
  public mutating func bringToFront(id: String) throws(CoreError) -> Layer {
    let slot = try slot(of: id)
    let row = Int(slot)
    let parent = Int(parents[row])
    if let top = siblings.last(in: parent), siblings.item(at: top) != slot {
      let sort = max(sorts[row], siblings.sort(at: top))
      siblings.remove(slot, from: parent)
      sorts[row] = sort
      siblings.insert(slot, sort: sort, into: parent, at: .top)
    }
    return layer(at: slot, index: siblings.count(of: parent) - 1, parentID: parentID(of: slot))
  }

  /// Makes the layer the bottommost of its siblings; its sort becomes min(own, siblings' min).
  /// - Complexity: O(log n), n the number of its siblings.
  public mutating func sendToBack(id: String) throws(CoreError) -> Layer {
    let slot = try slot(of: id)
    let row = Int(slot)
    let parent = Int(parents[row])
    if let bottom = siblings.first(in: parent), siblings.item(at: bottom) != slot {
      let sort = min(sorts[row], siblings.sort(at: bottom))
      siblings.remove(slot, from: parent)
      sorts[row] = sort
      siblings.insert(slot, sort: sort, into: parent, at: .bottom)
    }
    return layer(at: slot, index: 0, parentID: parentID(of: slot))
  }

  /// Removes every child (with its subtree) of the layer, or every layer when `id` is nil;
  /// returns how many layers went. Generated ids keep counting up.
  /// - Complexity: O(s), s the number of layers removed (O(1) plus deallocation for nil).
  public mutating func clear(id: String?) throws(CoreError) -> Int {
    guard let id else {
      let removed = count
      let counter = nextGeneratedNumber
      removeAll()
      nextGeneratedNumber = counter
      return removed
    }
    let owner = try slot(of: id)
    var children: [Int32] = []
    siblings.removeAll(of: Int(owner)) { children.append($0) }
    var removed = 0
    for child in children { removed += freeSubtree(rootedAt: child) }
    return removed
  }

  /// Back to an empty tree, as freshly made with the same limits: generated ids start again
  /// from `layer-1` (the engine reset).
  /// - Complexity: O(1) plus deallocation.
  public mutating func removeAll() {
    self = LayerTree(
      maxLayers: maxLayers, maxTreeDepth: maxTreeDepth, leafCapacity: siblings.leafCapacity,
      innerCapacity: siblings.innerCapacity)
  }

  // MARK: - Helpers

  /// The prefix of a mounted alert's layer id (`"alert:" + id`).
  public static let alertPrefix = "alert:"

  /// Refuses an id of the alert layers' (`add` checks it first of all; a decoder of its
  /// params may check it before the frame).
  public static func checkNotReserved(_ id: String) throws(CoreError) {
    // Bytes, not characters: cheaper than `hasPrefix` (≈80 instructions per `layer.add` of an
    // id starting with "a"), and "alert:" followed by a combining mark is refused too, since
    // a mounted alert's layer may be called that.
    let reserved =
      id.utf8.withContiguousStorageIfAvailable { bytes in
        bytes.count >= 6 && bytes[0] == 0x61 && bytes[1] == 0x6C && bytes[2] == 0x65
          && bytes[3] == 0x72 && bytes[4] == 0x74 && bytes[5] == 0x3A  // "alert:"
      } ?? id.utf8.starts(with: alertPrefix.utf8)
    if reserved {
      throw .invalidParams(
        path: "/id", expected: "an id not starting with \"alert:\"",
        message: "Layer ids starting with \"alert:\" are reserved for alert layers.")
    }
  }

  /// Where a layer goes: its parent slot, its sort, its position among the siblings.
  struct Destination {
    var parent: Int32
    var sort: Int64
    var position: SiblingForest.Position
  }

  /// Resolves `parent` and `placement` into a destination, checking everything that can fail.
  /// `sort` and `currentParent` apply where the params leave them out; `moving` is the layer
  /// being moved (nil for an add).
  func destination(
    parent: LayerParent?, placement: LayerPlacement?, sort: Int64, currentParent: Int32,
    moving: Int32?
  ) throws(CoreError) -> Destination {
    var explicitParent: Int32?
    switch parent {
    case nil: explicitParent = nil
    case .topLevel: explicitParent = Self.rootSlot
    case .layer(let parentID): explicitParent = try slot(of: parentID)
    }
    let destination: Destination
    switch placement {
    case nil:
      destination = Destination(
        parent: explicitParent ?? currentParent, sort: sort, position: .byRule)
    case .sort(let newSort):
      destination = Destination(
        parent: explicitParent ?? currentParent, sort: newSort, position: .byRule)
    case .above(let neighbourID):
      destination = try neighbourDestination(
        neighbourID, above: true, explicitParent: explicitParent, moving: moving)
    case .below(let neighbourID):
      destination = try neighbourDestination(
        neighbourID, above: false, explicitParent: explicitParent, moving: moving)
    }
    // Staying under its parent cannot make a cycle: that parent is no descendant of its
    // own (the walk would cost O(depth) for a re-sort deep in a tree).
    if let moving, destination.parent != currentParent {
      var ancestor = destination.parent
      while ancestor != Self.rootSlot {
        if ancestor == moving {
          throw .invalidState(
            .cycle, state: nil,
            message: "A layer cannot be moved under itself or one of its descendants.")
        }
        ancestor = parents[Int(ancestor)]
      }
    }
    return destination
  }

  /// The destination directly above or below the layer `neighbourID`, with its sort.
  private func neighbourDestination(
    _ neighbourID: String, above: Bool, explicitParent: Int32?, moving: Int32?
  ) throws(CoreError) -> Destination {
    let neighbour = try slot(of: neighbourID)
    let word = above ? "above" : "below"
    if neighbour == moving {
      throw .invalidParams(
        path: "/\(word)", expected: "the id of another layer",
        message: "A layer cannot be placed \(word) itself.")
    }
    let neighbourParent = parents[Int(neighbour)]
    if let explicitParent, explicitParent != neighbourParent {
      throw .invalidParams(
        path: "/parent", expected: "the parent of the \"\(word)\" layer, or no parent",
        message: "parent must be the parent of \"\(neighbourID)\" (or be left out) with \(word).")
    }
    return Destination(
      parent: neighbourParent, sort: sorts[Int(neighbour)],
      position: above ? .above(neighbour) : .below(neighbour))
  }

  /// Frees `top` (already out of its parent's tree) and every layer under it; returns how many.
  mutating func freeSubtree(rootedAt top: Int32) -> Int {
    var pending: [Int32] = [top]
    var removed = 0
    while let slot = pending.popLast() {
      siblings.removeAll(of: Int(slot)) { pending.append($0) }
      freeSlot(slot)
      removed += 1
    }
    return removed
  }

  /// The next free `layer-<n>`, with its hash.
  private mutating func generateID() -> (id: String, hash: UInt32) {
    while true {
      let id = GeneratedID.make("layer-", Int64(nextGeneratedNumber))
      let hash = IDIndex.hash(id)
      nextGeneratedNumber += 1
      if nextGeneratedNumber > largestChosenNumber + 1 || lookUp(id, hash: hash) == nil {
        return (id, hash)
      }
    }
  }

  /// Remembers the number of a chosen id that looks generated (`layer-<digits>`).
  private mutating func noteChosenNumber(of id: String) {
    // Bytes, not `hasPrefix` (≈65 instructions a `layer.add`).
    guard id.utf8.prefix(6).elementsEqual("layer-".utf8) else { return }
    let digits = id.utf8.dropFirst(6)
    guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return }
    // Too many digits to be generated: nothing to remember.
    guard digits.count <= 18, let number = Int(Substring(digits)) else { return }
    largestChosenNumber = max(largestChosenNumber, number)
  }

  /// Refuses non-finite numbers and a negative size.
  static func validate(_ frame: Frame) throws(CoreError) {
    try requireFinite(frame.x, named: "x")
    try requireFinite(frame.y, named: "y")
    try requireSize(frame.width, named: "width")
    try requireSize(frame.height, named: "height")
  }

  private static func requireFinite(_ value: Double, named name: String) throws(CoreError) {
    if !value.isFinite {
      throw .invalidParams(
        path: "/frame/\(name)", expected: "a finite number",
        message: "frame.\(name) must be a finite number")
    }
  }

  private static func requireSize(_ value: Double, named name: String) throws(CoreError) {
    if !(value.isFinite && value >= 0) {
      throw .invalidParams(
        path: "/frame/\(name)", expected: "a number >= 0",
        message: "frame.\(name) must be a number >= 0")
    }
  }
}

extension LayerFlags {
  mutating func set(_ flag: LayerFlags, _ on: Bool) {
    if on { insert(flag) } else { remove(flag) }
  }
}
