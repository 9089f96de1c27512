extension LayerTree {
  /// The path (top-level ancestor -> hit layer) of the layer hit at (`x`, `y`); `[]` when
  /// nothing is hit.
  ///
  /// Exactly the reverse of `paintOrder` among hittable layers: from the top sibling down,
  /// depth first, children before their parent. Hidden and non-interactive layers are skipped
  /// with their subtrees, so is a `clips` layer whose frame does not contain the point. A layer
  /// is hit when the point is in `[x, x+width) × [y, y+height)` of its frame; groups are never
  /// hit themselves, and children of a non-clipping layer are hit outside its frame. With `id`,
  /// only that subtree is tested and (`x`, `y`) are in the coordinates of `id`'s parent.
  /// - Complexity: O(s), s the size of the subtree visited.
  public func hitTest(x: Double, y: Double, in id: String?) throws(CoreError) -> [String] {
    let top = try container(of: id)
    var pending: [HitVisit] = []
    if id == nil {
      pending.append(
        HitVisit(
          slot: top, next: siblings.last(in: Int(top)), originX: 0, originY: 0, childOriginX: 0,
          childOriginY: 0))
    } else if let visit = hitVisit(top, originX: 0, originY: 0, x: x, y: y) {
      pending.append(visit)
    }
    while let visit = pending.last {
      if let cursor = visit.next {
        pending[pending.count - 1].next = siblings.previous(cursor)
        let child = siblings.item(at: cursor)
        if let childVisit = hitVisit(
          child, originX: visit.childOriginX, originY: visit.childOriginY, x: x, y: y)
        {
          pending.append(childVisit)
        }
        continue
      }
      pending.removeLast()
      let row = Int(visit.slot)
      if visit.slot != Self.rootSlot && flags[row].contains(.framed) {
        var frame = frame(at: row)
        frame.x += visit.originX
        frame.y += visit.originY
        if frame.contains(x: x, y: y) { return path(to: visit.slot) }
      }
    }
    return []
  }

  /// The visit of a layer whose parent space starts at (`originX`, `originY`), or nil when it
  /// is skipped with its subtree (hidden, non-interactive, or clipping the point away).
  private func hitVisit(_ slot: Int32, originX: Double, originY: Double, x: Double, y: Double)
    -> HitVisit?
  {
    let row = Int(slot)
    let flags = self.flags[row]
    if flags.contains(.hidden) || !flags.contains(.interactive) { return nil }
    var childOriginX = originX
    var childOriginY = originY
    if flags.contains(.framed) {
      var frame = frame(at: row)
      frame.x += originX
      frame.y += originY
      if flags.contains(.clips) && !frame.contains(x: x, y: y) { return nil }
      childOriginX = frame.x
      childOriginY = frame.y
    }
    return HitVisit(
      slot: slot, next: siblings.last(in: row), originX: originX, originY: originY,
      childOriginX: childOriginX, childOriginY: childOriginY)
  }
}

/// A layer being hit-tested: its children are tried from `next` down, then the layer itself.
private struct HitVisit {
  var slot: Int32
  /// The next child to try, going down; nil when all were tried.
  var next: SiblingForest.Cursor?
  /// The origin of the layer's parent space (its frame is relative to it).
  var originX: Double
  var originY: Double
  /// The origin its children's frames are relative to.
  var childOriginX: Double
  var childOriginY: Double
}
