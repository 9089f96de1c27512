import Testing

@testable import OrdoCore

/// Paint order and hit testing.
@Suite struct LayerRenderingTests {
  @Test func paintOrderDrawsParentsBeforeChildrenAndSiblingsBottomToTop() throws {
    var tree = LayerTree()
    try tree.add("b", sort: 2)
    try tree.add("a", sort: 1)
    try tree.add("a2", under: "a", sort: 5)
    try tree.add("a1", under: "a", sort: 0)
    try tree.add("a1x", under: "a1")
    try tree.add("b1", under: "b")
    #expect(try tree.paintOrder(of: nil) == ["a", "a1", "a1x", "a2", "b", "b1"])
    #expect(try tree.paintOrder(of: "a") == ["a", "a1", "a1x", "a2"])
  }

  @Test func hiddenSubtreeOmitted() throws {
    var tree = LayerTree()
    try tree.add("a", sort: 1)
    try tree.add("h", sort: 2, hidden: true)
    try tree.add("h1", under: "h")
    try tree.add("c", sort: 3)
    try tree.add("a1", under: "a", hidden: true)
    #expect(try tree.paintOrder(of: nil) == ["a", "c"])
    #expect(try tree.paintOrder(of: "h").isEmpty)
    // Only the subtree counts: a hidden ancestor does not matter.
    #expect(try tree.paintOrder(of: "h1") == ["h1"])
  }

  @Test func topSiblingIsHitFirst() throws {
    var tree = LayerTree()
    try tree.add("under", sort: 1, frame: square(0, 0, 10))
    try tree.add("over", sort: 2, frame: square(5, 5, 10))
    #expect(try tree.hitTest(x: 7, y: 7, in: nil) == ["over"])
    #expect(try tree.hitTest(x: 2, y: 2, in: nil) == ["under"])
    #expect(try tree.hitTest(x: 50, y: 50, in: nil) == [])
  }

  @Test func childrenAreHitBeforeTheirParent() throws {
    var tree = LayerTree()
    try tree.add("p", frame: square(0, 0, 100))
    try tree.add("c", under: "p", frame: square(10, 10, 10))
    #expect(try tree.hitTest(x: 15, y: 15, in: nil) == ["p", "c"])
    #expect(try tree.hitTest(x: 50, y: 50, in: nil) == ["p"])
  }

  @Test func halfOpenFrames() throws {
    var tree = LayerTree()
    try tree.add("box", frame: square(0, 0, 10))
    try tree.add("line", frame: Frame(x: 20, y: 0, width: 0, height: 10))
    #expect(try tree.hitTest(x: 0, y: 0, in: nil) == ["box"])
    #expect(try tree.hitTest(x: 9.999, y: 9.999, in: nil) == ["box"])
    #expect(try tree.hitTest(x: 10, y: 5, in: nil) == [])
    #expect(try tree.hitTest(x: 5, y: 10, in: nil) == [])
    #expect(try tree.hitTest(x: -0.001, y: 5, in: nil) == [])
    #expect(try tree.hitTest(x: 20, y: 5, in: nil) == [])
  }

  @Test func parentRelativeCoordinates() throws {
    var tree = LayerTree()
    try tree.add("p", frame: Frame(x: 100, y: 50, width: 100, height: 100))
    try tree.add("c", under: "p", frame: square(10, 10, 20))
    try tree.add("g", under: "c", frame: square(1, 1, 2))
    #expect(try tree.hitTest(x: 115, y: 65, in: nil) == ["p", "c"])
    #expect(try tree.hitTest(x: 111.5, y: 61.5, in: nil) == ["p", "c", "g"])
    #expect(try tree.hitTest(x: 15, y: 15, in: nil) == [])
  }

  @Test func groupNeverHit() throws {
    var tree = LayerTree()
    try tree.add("group")
    try tree.add("child", under: "group", frame: square(0, 0, 5))
    #expect(try tree.hitTest(x: 50, y: 50, in: nil) == [])
    #expect(try tree.hitTest(x: 1, y: 1, in: nil) == ["group", "child"])
  }

  @Test func groupChildrenUseTheGroupsParentCoordinates() throws {
    var tree = LayerTree()
    try tree.add("p", frame: square(100, 100, 50))
    try tree.add("group", under: "p")
    try tree.add("c", under: "group", frame: square(10, 10, 5))
    #expect(try tree.hitTest(x: 112, y: 112, in: nil) == ["p", "group", "c"])
    #expect(try tree.hitTest(x: 12, y: 12, in: nil) == [])
  }

  @Test func clipsSkipsSubtree() throws {
    var tree = LayerTree()
    try tree.add("back", frame: square(0, 0, 100))
    try tree.add("clipper", sort: 1, frame: square(0, 0, 10), clips: true)
    try tree.add("outside", under: "clipper", frame: square(20, 20, 5))
    #expect(try tree.hitTest(x: 22, y: 22, in: nil) == ["back"])
    _ = try tree.update(
      id: "clipper", sort: nil, frame: .keep, hidden: nil, interactive: nil, clips: false,
      data: .keep)
    #expect(try tree.hitTest(x: 22, y: 22, in: nil) == ["clipper", "outside"])
  }

  @Test func aClipIsTestedInItsParentsCoordinates() throws {
    // The clip's frame is not at the origin, so testing the point in its children's
    // coordinates instead would clip away a point that is inside it.
    var tree = LayerTree()
    try tree.add("clipper", frame: square(10, 10, 10), clips: true)
    try tree.add("inside", under: "clipper", frame: square(0, 0, 10))
    #expect(try tree.hitTest(x: 15, y: 15, in: nil) == ["clipper", "inside"])
    #expect(try tree.hitTest(x: 5, y: 5, in: nil) == [])
    #expect(try tree.hitTest(x: 15, y: 15, in: "clipper") == ["clipper", "inside"])
  }

  @Test func childrenOfANonClippingLayerAreHitOutsideItsFrame() throws {
    var tree = LayerTree()
    try tree.add("small", frame: square(0, 0, 1))
    try tree.add("far", under: "small", frame: square(50, 50, 1))
    #expect(try tree.hitTest(x: 50.5, y: 50.5, in: nil) == ["small", "far"])
  }

  @Test func clipsOnAGroupClipsNothing() throws {
    var tree = LayerTree()
    try tree.add("group", clips: true)
    try tree.add("c", under: "group", frame: square(30, 30, 5))
    #expect(try tree.hitTest(x: 31, y: 31, in: nil) == ["group", "c"])
  }

  @Test func hiddenAndNonInteractiveSkipTheirSubtrees() throws {
    var tree = LayerTree()
    try tree.add("back", frame: square(0, 0, 100))
    try tree.add("hidden", sort: 1, frame: square(0, 0, 100), hidden: true)
    try tree.add("hiddenChild", under: "hidden", frame: square(0, 0, 100))
    try tree.add("inert", sort: 2, frame: square(0, 0, 100), interactive: false)
    try tree.add("inertChild", under: "inert", frame: square(0, 0, 100))
    #expect(try tree.hitTest(x: 5, y: 5, in: nil) == ["back"])
  }

  @Test func hitTestInsideASubtreeUsesItsParentsCoordinates() throws {
    var tree = LayerTree()
    try tree.add("p", frame: square(100, 100, 100), hidden: true)
    try tree.add("c", under: "p", frame: square(10, 10, 20))
    try tree.add("c1", under: "c", frame: square(0, 0, 5))
    try tree.add("cover", under: "p", sort: 9, frame: square(0, 0, 100))
    // Coordinates are in p's space; the covering sibling and p's hidden flag do not count;
    // the path still starts at the top level.
    #expect(try tree.hitTest(x: 11, y: 11, in: "c") == ["p", "c", "c1"])
    #expect(try tree.hitTest(x: 25, y: 25, in: "c") == ["p", "c"])
    #expect(try tree.hitTest(x: 111, y: 111, in: "c") == [])
    _ = try tree.update(
      id: "c", sort: nil, frame: .keep, hidden: true, interactive: nil, clips: nil, data: .keep)
    #expect(try tree.hitTest(x: 11, y: 11, in: "c") == [])
  }

  /// Children are tested with the point minus their parent's frame origin (docs/protocol.md),
  /// not with their frames moved by it: the two round differently at large coordinates, and
  /// only the first makes a test scoped to a layer agree with the whole test.
  @Test func childrenGetThePointMinusTheFrameOriginAtLargeCoordinates() throws {
    var tree = LayerTree()
    // 1e17 + 1 rounds to 1e17: moved to P's origin, C would be an empty frame.
    try tree.add("P", frame: Frame(x: 1e17, y: 0, width: 0, height: 10))
    try tree.add("C", under: "P", frame: Frame(x: 0, y: 0, width: 1, height: 10))
    #expect(try tree.hitTest(x: 1e17, y: 5, in: nil) == ["P", "C"])
    #expect(try tree.hitTest(x: 0, y: 5, in: "C") == ["P", "C"])
    // -1e17 + 1 == -1e17: D is empty in its own coordinates, so it is never hit, although
    // moved by Q's origin it would cover [0, 1).
    try tree.add("Q", frame: Frame(x: 1e17, y: 20, width: 0, height: 10))
    try tree.add("D", under: "Q", frame: Frame(x: -1e17, y: 0, width: 1, height: 10))
    #expect(try tree.hitTest(x: 0.5, y: 25, in: nil) == [])
    #expect(try tree.hitTest(x: -1e17, y: 5, in: "D") == [])
  }

  /// Random trees: the first hit is always the last layer in paint order whose frame (in
  /// top-level coordinates) contains the point.
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func hitOrderIsReverseOfPaintOrder(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    var tree = LayerTree()
    var absolute: [String: Frame?] = [:]
    var origins: [String: (Double, Double)] = [:]
    var ids: [String] = []
    for number in 0..<120 {
      let id = "l\(number)"
      let parent = Bool.random(using: &generator) ? ids.randomElement(using: &generator) : nil
      ids.append(id)
      let frame: Frame? =
        Int.random(in: 0..<4, using: &generator) == 0
        ? nil
        : Frame(
          x: Double(Int.random(in: -4...4, using: &generator)),
          y: Double(Int.random(in: -4...4, using: &generator)),
          width: Double(Int.random(in: 0...8, using: &generator)),
          height: Double(Int.random(in: 0...8, using: &generator)))
      let hidden = Int.random(in: 0..<10, using: &generator) == 0
      try tree.add(
        id, under: parent, sort: Int64.random(in: 0..<5, using: &generator), frame: frame,
        hidden: hidden)
      let origin = parent.flatMap { origins[$0] } ?? (0, 0)
      if let frame {
        let shifted = Frame(
          x: frame.x + origin.0, y: frame.y + origin.1, width: frame.width, height: frame.height)
        absolute[id] = shifted
        origins[id] = (shifted.x, shifted.y)
      } else {
        absolute[id] = .some(nil)
        origins[id] = origin
      }
    }
    let painted = try tree.paintOrder(of: nil)
    for x in -6...10 {
      for y in -6...10 {
        let point = (Double(x) + 0.5, Double(y) + 0.5)
        let expected = painted.last { id in
          (absolute[id] ?? nil)?.contains(x: point.0, y: point.1) ?? false
        }
        let path = try tree.hitTest(x: point.0, y: point.1, in: nil)
        #expect(path.last == expected)
        if let hit = path.last {
          var chain: [String] = []
          var current: String? = hit
          while let id = current {
            chain.append(id)
            current = try tree.get(id: id).parent
          }
          #expect(path == chain.reversed())
        }
      }
    }
  }
}
