/// The ordered-layer container (docs/protocol.md#layers): a tree of layers whose siblings are
/// always ordered by `sort`, bottom -> top, newest on top among equal sorts. The rules and the
/// choices made where they leave room (error order, generated ids, groups, alert layers) are
/// in docs/protocol.md#layer-methods; what a reader of this code needs:
/// - A throwing call changes nothing, not even the id counter.
/// - Generated ids count up from `layer-1`, skipping ids in use; a number is never handed out
///   twice (only a fresh tree starts again from `layer-1`).
/// - Snapshots (`Layer`) are values: they do not follow later changes.
///
/// Storage: layers live in slots, struct-of-arrays indexed by `Int32` (freed slots are
/// reused); slot 0 is the virtual root, the parent of top-level layers. Ids map to slots
/// through `IDIndex`; each family's order is a counted B+tree in `SiblingForest`, so a
/// layer's index costs O(log n) and a family of a million is as usable as a family of ten.
/// Frames and data live apart, only for the layers that have them. About 90 bytes per layer
/// at a million layers. No walk recurses on the call stack, so a
/// 100 000-deep chain is fine.
public struct LayerTree: Sendable {
  /// One line of `tree(of:depth:)`: a layer and its nesting level (0 = the layer asked for).
  public struct TreeEntry: Equatable, Sendable {
    public let id: String
    public let sort: Int64
    public let hidden: Bool
    public let level: Int

    public init(id: String, sort: Int64, hidden: Bool, level: Int) {
      self.id = id
      self.sort = sort
      self.hidden = hidden
      self.level = level
    }
  }

  /// The most layers the tree holds (`--max-layers`); `add` beyond it throws `limitExceeded`.
  public var maxLayers: Int
  /// The deepest nesting `tree(of:depth:)` answers with.
  public var maxTreeDepth: Int

  /// The slot of the virtual root whose children are the top-level layers.
  static let rootSlot: Int32 = 0

  var ids: [String] = []
  var parents: [Int32] = []
  var sorts: [Int64] = []
  var flags: [LayerFlags] = []
  /// Where the slot's frame and data are in `details`, -1 when it has neither: most layers of
  /// a big tree have neither, and a frame and data in every slot cost 48 bytes a layer (with
  /// them apart, 1 000 000 layers under one parent peak at ≈92 bytes a layer, not ≈150).
  var detailIndex: [Int32] = []
  var details: [LayerDetail] = []
  var freeDetails: [Int32] = []
  var idIndex = IDIndex()
  var freeSlots: [Int32] = []
  var siblings: SiblingForest
  /// The number in the next generated id, `layer-<n>`.
  var nextGeneratedNumber = 1
  /// The largest `n` of any id `layer-<n>` a caller chose (0: none): generated ids above it
  /// cannot be in use, so making one needs no lookup.
  var largestChosenNumber = 0

  /// An empty tree.
  /// - Complexity: O(1).
  public init(maxLayers: Int = .max, maxTreeDepth: Int = 512) {
    // 32 x 32: measured the fastest of 16...128 at both 10k and 1M siblings.
    self.init(
      maxLayers: maxLayers, maxTreeDepth: maxTreeDepth, leafCapacity: 32, innerCapacity: 32)
  }

  /// An empty tree with the given B+tree node sizes (tests use tiny nodes to get deep trees).
  init(maxLayers: Int, maxTreeDepth: Int, leafCapacity: Int, innerCapacity: Int) {
    self.maxLayers = maxLayers
    self.maxTreeDepth = maxTreeDepth
    self.siblings = SiblingForest(leafCapacity: leafCapacity, innerCapacity: innerCapacity)
    let root = allocateSlot(
      id: "", hash: 0, parent: -1, sort: 0, attributes: LayerAttributes())
    precondition(root == Self.rootSlot)
    flags[Int(root)] = .live
  }

  /// The number of layers (alert layers included).
  /// - Complexity: O(1).
  public var count: Int { idIndex.count }

  /// Whether a layer with this id exists.
  /// - Complexity: O(1) on average.
  public func contains(id: String) -> Bool {
    lookUp(id) != nil
  }

  /// The layer with this id.
  /// - Complexity: O(log n), n the number of its siblings.
  public func get(id: String) throws(CoreError) -> Layer {
    layer(at: try slot(of: id))
  }

  // MARK: - Internals shared by the extensions

  func slot(of id: String) throws(CoreError) -> Int32 {
    guard let slot = lookUp(id) else { throw .notFound(.layer, id: id) }
    return slot
  }

  /// The slot of the layer with this id, nil when there is none.
  func lookUp(_ id: String, hash: UInt32? = nil) -> Int32? {
    idIndex.slot(of: id, hash: hash ?? IDIndex.hash(id), ids: ids)
  }

  /// The slot whose children an optional id names: `nil` is the top level.
  func container(of id: String?) throws(CoreError) -> Int32 {
    guard let id else { return Self.rootSlot }
    return try slot(of: id)
  }

  func layer(at slot: Int32) -> Layer {
    layer(at: slot, index: siblings.index(of: slot), parentID: parentID(of: slot))
  }

  func layer(at slot: Int32, index: Int, parentID: String?) -> Layer {
    let row = Int(slot)
    let flags = self.flags[row]
    return Layer(
      id: ids[row], parent: parentID, sort: sorts[row], index: index,
      frame: flags.contains(.framed) ? frame(at: row) : nil,
      hidden: flags.contains(.hidden), interactive: flags.contains(.interactive),
      clips: flags.contains(.clips), childCount: siblings.count(of: row), data: data(at: row))
  }

  /// The frame of the layer in `row`, which must have one (`flags` has `.framed`).
  @inline(__always)
  func frame(at row: Int) -> Frame {
    details[Int(detailIndex[row])].frame
  }

  /// The data of the layer in `row`.
  func data(at row: Int) -> RawJSON? {
    let index = detailIndex[row]
    return index < 0 ? nil : details[Int(index)].data
  }

  /// Gives the layer in `row` a frame (nil: none) and data, keeping a detail only while it
  /// has either.
  mutating func setDetail(frame: Frame?, data: RawJSON?, at row: Int) {
    if frame != nil { flags[row].insert(.framed) } else { flags[row].remove(.framed) }
    let index = detailIndex[row]
    guard frame != nil || data != nil else {
      if index >= 0 {
        details[Int(index)].data = nil
        freeDetails.append(index)
        detailIndex[row] = -1
      }
      return
    }
    let detail = LayerDetail(frame: frame ?? LayerDetail.noFrame, data: data)
    if index >= 0 {
      details[Int(index)] = detail
    } else if let reused = freeDetails.popLast() {
      details[Int(reused)] = detail
      detailIndex[row] = reused
    } else {
      details.append(detail)
      detailIndex[row] = Int32(details.count - 1)
    }
  }

  func parentID(of slot: Int32) -> String? {
    let parent = parents[Int(slot)]
    return parent == Self.rootSlot ? nil : ids[Int(parent)]
  }

  /// Stores a new layer (`parent` -1: the virtual root) and files its id under `hash`.
  mutating func allocateSlot(
    id: String, hash: UInt32, parent: Int32, sort: Int64, attributes: LayerAttributes
  ) -> Int32 {
    var flags: LayerFlags = .live
    if attributes.hidden { flags.insert(.hidden) }
    if attributes.interactive { flags.insert(.interactive) }
    if attributes.clips { flags.insert(.clips) }
    let slot: Int32
    if let reused = freeSlots.popLast() {
      slot = reused
      let row = Int(reused)
      ids[row] = id
      parents[row] = parent
      sorts[row] = sort
      self.flags[row] = flags
    } else {
      precondition(ids.count < Int(Int32.max), "LayerTree holds at most 2^31 - 1 layers")
      slot = Int32(ids.count)
      ids.append(id)
      parents.append(parent)
      sorts.append(sort)
      self.flags.append(flags)
      detailIndex.append(-1)
      siblings.appendSlot()
    }
    if attributes.frame != nil || attributes.data != nil {
      setDetail(frame: attributes.frame, data: attributes.data, at: Int(slot))
    }
    if parent >= 0 { idIndex.insert(slot: slot, hash: hash) }
    return slot
  }

  /// Forgets a slot's layer; the slot must already be out of its parent's tree and have no
  /// children tree.
  mutating func freeSlot(_ slot: Int32) {
    let row = Int(slot)
    idIndex.remove(slot: slot, hash: IDIndex.hash(ids[row]))
    ids[row] = ""
    parents[row] = -1
    setDetail(frame: nil, data: nil, at: row)
    flags[row] = []
    freeSlots.append(slot)
  }
}

/// The frame and data of a layer that has either.
struct LayerDetail: Sendable {
  /// Meaningful only where the layer's flags have `.framed`.
  var frame: Frame
  var data: RawJSON?

  static let noFrame = Frame(x: 0, y: 0, width: 0, height: 0)
}

/// Per-layer booleans, packed.
struct LayerFlags: OptionSet, Sendable {
  let rawValue: UInt8

  /// The slot holds a layer (or is the virtual root).
  static let live = LayerFlags(rawValue: 1 << 0)
  static let hidden = LayerFlags(rawValue: 1 << 1)
  static let interactive = LayerFlags(rawValue: 1 << 2)
  static let clips = LayerFlags(rawValue: 1 << 3)
  /// The layer has a frame (else it is a group).
  static let framed = LayerFlags(rawValue: 1 << 4)
}
