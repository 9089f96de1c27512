import Testing

@testable import OrdoCore

/// Sizes that break naive implementations: correctness only, no timing.
@Suite struct LayerScaleTests {
  @Test func deepChainOf100kGoesThroughEveryWalk() throws {
    let depth = 100_000
    var tree = LayerTree()
    var parent: String?
    for number in 0..<depth {
      let id = "d\(number)"
      try tree.add(id, under: parent, frame: Frame(x: 1, y: 1, width: 1e9, height: 1e9))
      parent = id
    }
    tree._checkInvariants()
    #expect(tree.count == depth)
    #expect(
      thrownError { () throws(CoreError) in try tree.tree(of: nil, depth: nil) }
        == .limitExceeded(.maxTreeDepth, limit: 512, value: depth))
    #expect(
      thrownError { () throws(CoreError) in try tree.tree(of: "d10", depth: nil) }
        == .limitExceeded(.maxTreeDepth, limit: 512, value: depth - 11))
    #expect(try tree.tree(of: "d10", depth: 512).count == 513)
    let painted = try tree.paintOrder(of: nil)
    #expect(painted.count == depth && painted.first == "d0" && painted.last == "d99999")
    // Every frame starts 1 further in; the deepest one starts at (100000, 100000).
    let path = try tree.hitTest(x: 100_000.5, y: 100_000.5, in: nil)
    #expect(path.count == depth && path.last == "d99999")
    #expect(try tree.hitTest(x: 99_999.5, y: 99_999.5, in: nil).last == "d99998")
    #expect(
      thrownError { () throws(CoreError) in
        try tree.move(id: "d0", parent: .layer("d99999"), placement: nil)
      }
        == .invalidState(
          .cycle, state: nil,
          message: "A layer cannot be moved under itself or one of its descendants."))
    let moved = try tree.move(id: "d99999", parent: .topLevel, placement: .sort(1))
    #expect(moved.index == 1)
    #expect(try tree.remove(id: "d1") == depth - 2)
    #expect(tree.count == 2)
    tree._checkInvariants()
    try tree.add("again", under: "d0")
    #expect(try tree.clear(id: nil) == 3)
  }

  @Test func millionSiblingsSmoke() throws {
    let total = 1_000_000
    var tree = LayerTree()
    var generator = SeededGenerator(seed: 42)
    try tree.add("p")
    for _ in 0..<total {
      _ = try tree.add(
        id: nil, parent: .layer("p"),
        placement: .sort(Int64.random(in: 0..<1_000, using: &generator)),
        attributes: LayerAttributes())
    }
    #expect(tree.count == total + 1)
    #expect(try tree.get(id: "p").childCount == total)
    #expect(try tree.sortRange(of: "p") == (0, 999))
    for offset in [0, 1, 499_999, 999_990] {
      let page = try tree.children(of: "p", offset: offset, limit: 10)
      #expect(page.layers.map(\.index) == Array(offset..<min(offset + 10, total)))
      for (lower, upper) in zip(page.layers, page.layers.dropFirst()) {
        #expect(lower.sort <= upper.sort)
      }
      for layer in page.layers { #expect(try tree.get(id: layer.id).index == layer.index) }
    }
    let middle = try #require(tree.children(of: "p", offset: 500_000, limit: 1).layers.first)
    let front = try tree.bringToFront(id: middle.id)
    #expect(front.index == total - 1 && front.sort == 999)
    let back = try tree.sendToBack(id: "layer-7")
    #expect(back.index == 0 && back.sort == 0)
    let above = try tree.add(
      id: "above", parent: nil, placement: .above(middle.id), attributes: LayerAttributes())
    #expect(above.index == total && above.parent == "p")
    for number in stride(from: 10, to: 400_000, by: 4) {
      _ = try tree.remove(id: "layer-\(number)")
    }
    #expect(try tree.get(id: "p").childCount == total + 1 - 99_998)
    tree._checkInvariants()
    #expect(try tree.remove(id: "p") == total + 2 - 99_998)
    #expect(tree.count == 0)
  }
}
