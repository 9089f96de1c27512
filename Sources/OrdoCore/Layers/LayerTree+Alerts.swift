extension LayerTree {
  /// Adds the group layer `"alert:" + alertID` under `parent` (top level when nil) by the
  /// ordering rule at `sort`, for the alert manager. A layer already mounted for this alert is
  /// unmounted first. Returns nil, mounting nothing, when `parent` is gone (the alert then
  /// shows without a layer: docs/protocol.md#alert-methods) or `maxLayers` is reached.
  /// - Complexity: O(log n), n the number of its siblings (plus the size of a replaced one).
  public mutating func mountAlertLayer(alertID: String, parent: String?, sort: Int64) -> Layer? {
    unmountAlertLayer(alertID: alertID)
    let owner: Int32
    if let parent {
      guard let found = lookUp(parent) else { return nil }
      owner = found
    } else {
      owner = Self.rootSlot
    }
    guard count < maxLayers else { return nil }
    let id = Self.alertPrefix + alertID
    let slot = allocateSlot(
      id: id, hash: IDIndex.hash(id), parent: owner, sort: sort,
      attributes: LayerAttributes())
    let index = siblings.insert(slot, sort: sort, into: Int(owner), at: .byRule)
    return layer(at: slot, index: index, parentID: parentID(of: slot))
  }

  /// Removes the layer `"alert:" + alertID` with its subtree; silent when it is not there.
  /// - Complexity: O(log n + s), n its siblings, s the size of its subtree.
  public mutating func unmountAlertLayer(alertID: String) {
    guard let slot = lookUp(Self.alertPrefix + alertID) else { return }
    siblings.remove(slot, from: Int(parents[Int(slot)]))
    _ = freeSubtree(rootedAt: slot)
  }
}
