import Testing

@testable import OrdoCore

@Suite struct LayerOrderingTests {
  @Test func equalSortsStackNewestOnTop() throws {
    var tree = LayerTree()
    for id in ["a", "b", "c"] { try tree.add(id, sort: 3) }
    #expect(try tree.childIDs(of: nil) == ["a", "b", "c"])
    let newest = try tree.add("d", sort: 3)
    #expect(newest.index == 3)
    #expect(try tree.get(id: "a").index == 0)
    tree._checkInvariants()
  }

  @Test func addGoesAboveSmallerOrEqualSortsAndBelowGreater() throws {
    var tree = LayerTree()
    try tree.add("five", sort: 5)
    try tree.add("one", sort: 1)
    try tree.add("three", sort: 3)
    let second5 = try tree.add("five-again", sort: 5)
    #expect(second5.index == 3)
    let two = try tree.add("two", sort: 2)
    #expect(two.index == 1)
    #expect(try tree.childIDs(of: nil) == ["one", "two", "three", "five", "five-again"])
    tree._checkInvariants()
  }

  @Test func seedScenarioRandomSortsEndSortedAndStable() throws {
    var tree = LayerTree()
    var generator = SeededGenerator(seed: 100)
    try tree.add("view")
    var added: [(id: String, sort: Int64)] = []
    for number in 0..<100 {
      let sort = Int64.random(in: 0..<100, using: &generator)
      try tree.add("v\(number)", under: "view", sort: sort)
      added.append(("v\(number)", sort))
      tree._checkInvariants()
    }
    // A stable sort of the arrival order is exactly the ordering rule.
    let expected = added.enumerated().sorted {
      ($0.element.sort, $0.offset) < ($1.element.sort, $1.offset)
    }.map(\.element.id)
    let layers = try tree.children(of: "view", offset: 0, limit: nil).layers
    #expect(layers.map(\.id) == expected)
    #expect(layers.map(\.index) == Array(0..<100))
    #expect(layers.allSatisfy { $0.parent == "view" })
  }

  @Test func missingPlacementMeansSortZero() throws {
    var tree = LayerTree()
    try tree.add("low", sort: -1)
    try tree.add("high", sort: 1)
    let layer = try tree.add(
      id: "zero", parent: nil, placement: nil, attributes: LayerAttributes())
    #expect(layer.sort == 0)
    #expect(layer.index == 1)
  }

  @Test func aboveAdoptsSiblingSort() throws {
    var tree = LayerTree()
    try tree.add("a", sort: 1)
    try tree.add("b", sort: 5)
    try tree.add("b2", sort: 5)
    try tree.add("c", sort: 9)
    let x = try tree.add(
      id: "x", parent: nil, placement: .above("b"), attributes: LayerAttributes())
    #expect(x.sort == 5)
    #expect(x.index == 2)
    #expect(try tree.childIDs(of: nil) == ["a", "b", "x", "b2", "c"])
    tree._checkInvariants()
  }

  @Test func belowAdoptsSiblingSort() throws {
    var tree = LayerTree()
    try tree.add("a", sort: 1)
    try tree.add("b", sort: 5)
    try tree.add("b2", sort: 5)
    let y = try tree.add(
      id: "y", parent: nil, placement: .below("b2"), attributes: LayerAttributes())
    #expect(y.sort == 5)
    #expect(try tree.childIDs(of: nil) == ["a", "b", "y", "b2"])
    let bottom = try tree.add(
      id: "bottom", parent: nil, placement: .below("a"), attributes: LayerAttributes())
    #expect(bottom.index == 0 && bottom.sort == 1)
    tree._checkInvariants()
  }

  @Test func aboveGoesIntoTheSiblingsParent() throws {
    var tree = LayerTree()
    try tree.add("p")
    try tree.add("child", under: "p", sort: 4)
    let implicit = try tree.add(
      id: "implicit", parent: nil, placement: .above("child"), attributes: LayerAttributes())
    #expect(implicit.parent == "p")
    let explicit = try tree.add(
      id: "explicit", parent: .layer("p"), placement: .below("child"),
      attributes: LayerAttributes())
    #expect(explicit.parent == "p")
    #expect(try tree.childIDs(of: "p") == ["explicit", "child", "implicit"])
    #expect(try tree.get(id: "p").childCount == 3)
  }

  @Test func updateWithUnchangedSortStaysPut() throws {
    var tree = LayerTree()
    for id in ["a", "b", "c"] { try tree.add(id, sort: 2) }
    let a = try tree.update(
      id: "a", sort: 2, frame: .keep, hidden: true, interactive: nil, clips: nil, data: .keep)
    #expect(a.index == 0 && a.hidden)
    #expect(try tree.childIDs(of: nil) == ["a", "b", "c"])
  }

  @Test func updateWithChangedSortReplacesOnTopOfEqualSorts() throws {
    var tree = LayerTree()
    try tree.add("a", sort: 1)
    try tree.add("b", sort: 2)
    try tree.add("c", sort: 2)
    let a = try tree.update(
      id: "a", sort: 2, frame: .keep, hidden: nil, interactive: nil, clips: nil, data: .keep)
    #expect(a.index == 2)
    let c = try tree.update(
      id: "c", sort: 0, frame: .keep, hidden: nil, interactive: nil, clips: nil, data: .keep)
    #expect(c.index == 0)
    #expect(try tree.childIDs(of: nil) == ["c", "b", "a"])
    tree._checkInvariants()
  }

  @Test func updateSetsAndClearsFields() throws {
    var tree = LayerTree()
    try tree.add("a", frame: square(1, 2, 3))
    let data = RawJSON(text: #"{"k":[1,2]}"#)
    var a = try tree.update(
      id: "a", sort: nil, frame: .clear, hidden: true, interactive: false, clips: true,
      data: .set(data))
    #expect(a.frame == nil && a.hidden && !a.interactive && a.clips && a.data == data)
    a = try tree.update(
      id: "a", sort: nil, frame: .set(square(4, 5, 6)), hidden: nil, interactive: nil,
      clips: nil, data: .keep)
    #expect(a.frame == square(4, 5, 6) && a.hidden && a.data == data)
    a = try tree.update(
      id: "a", sort: nil, frame: .keep, hidden: false, interactive: true, clips: false,
      data: .clear)
    #expect(a.frame == square(4, 5, 6) && !a.hidden && a.interactive && !a.clips && a.data == nil)
  }

  @Test func moveWithoutPlacementKeepsSortAndGoesOnTopOfEqualSorts() throws {
    var tree = LayerTree()
    for id in ["a", "b", "c"] { try tree.add(id, sort: 7) }
    try tree.add("top", sort: 8)
    let a = try tree.move(id: "a", parent: nil, placement: nil)
    #expect(a.sort == 7 && a.index == 2)
    #expect(try tree.childIDs(of: nil) == ["b", "c", "a", "top"])
  }

  @Test func moveToAnotherParentByTheOrderingRule() throws {
    var tree = LayerTree()
    try tree.add("p")
    try tree.add("q")
    try tree.add("x", under: "p", sort: 5)
    try tree.add("low", under: "q", sort: 1)
    try tree.add("high", under: "q", sort: 9)
    let x = try tree.move(id: "x", parent: .layer("q"), placement: nil)
    #expect(x.parent == "q" && x.index == 1 && x.sort == 5)
    #expect(try tree.get(id: "p").childCount == 0)
    let moved = try tree.move(id: "x", parent: .topLevel, placement: .sort(-3))
    #expect(moved.parent == nil && moved.index == 0 && moved.sort == -3)
    tree._checkInvariants()
  }

  @Test func moveNextToASiblingAdoptsItsSortAndParent() throws {
    var tree = LayerTree()
    try tree.add("p")
    try tree.add("a", under: "p", sort: 1)
    try tree.add("b", under: "p", sort: 2)
    try tree.add("x", sort: 50)
    let x = try tree.move(id: "x", parent: nil, placement: .below("b"))
    #expect(x.parent == "p" && x.sort == 2 && x.index == 1)
    let again = try tree.move(id: "x", parent: .layer("p"), placement: .above("b"))
    #expect(again.index == 2 && again.sort == 2)
    #expect(try tree.childIDs(of: "p") == ["a", "b", "x"])
    tree._checkInvariants()
  }

  @Test func bringToFrontTakesTheLargestSortAndTheTop() throws {
    var tree = LayerTree()
    try tree.add("a", sort: 1)
    try tree.add("b", sort: 7)
    try tree.add("b2", sort: 7)
    try tree.add("c", sort: 3)
    let a = try tree.bringToFront(id: "a")
    #expect(a.sort == 7 && a.index == 3)
    let b = try tree.bringToFront(id: "b")
    #expect(b.sort == 7 && b.index == 3)
    #expect(try tree.childIDs(of: nil) == ["c", "b2", "a", "b"])
    let again = try tree.bringToFront(id: "b")
    #expect(again == b)
    tree._checkInvariants()
  }

  @Test func sendToBackTakesTheSmallestSortAndTheBottom() throws {
    var tree = LayerTree()
    try tree.add("a", sort: 4)
    try tree.add("b", sort: 2)
    try tree.add("b2", sort: 2)
    let a = try tree.sendToBack(id: "a")
    #expect(a.sort == 2 && a.index == 0)
    let b2 = try tree.sendToBack(id: "b2")
    #expect(b2.sort == 2 && b2.index == 0)
    #expect(try tree.childIDs(of: nil) == ["b2", "a", "b"])
    tree._checkInvariants()
  }

  @Test func childrenPagesRunBottomToTop() throws {
    var tree = LayerTree()
    try tree.add("p")
    for number in 0..<10 { try tree.add("c\(number)", under: "p", sort: Int64(number)) }
    let page = try tree.children(of: "p", offset: 3, limit: 4)
    #expect(page.total == 10)
    #expect(page.layers.map(\.id) == ["c3", "c4", "c5", "c6"])
    #expect(page.layers.map(\.index) == [3, 4, 5, 6])
    #expect(try tree.children(of: "p", offset: 8, limit: 5).layers.map(\.id) == ["c8", "c9"])
    let past = try tree.children(of: "p", offset: 10, limit: nil)
    #expect(past.total == 10 && past.layers.isEmpty)
    #expect(try tree.children(of: "p", offset: 0, limit: 0).layers.isEmpty)
    #expect(try tree.children(of: nil, offset: 0, limit: nil).layers.map(\.id) == ["p"])
  }

  @Test func sortRangeIsNilWhenThereAreNoChildren() throws {
    var tree = LayerTree()
    #expect(try tree.sortRange(of: nil) == (nil, nil))
    try tree.add("p", sort: 3)
    #expect(try tree.sortRange(of: "p") == (nil, nil))
    try tree.add("a", under: "p", sort: -4)
    try tree.add("b", under: "p", sort: 12)
    try tree.add("c", under: "p", sort: 5)
    #expect(try tree.sortRange(of: "p") == (-4, 12))
    #expect(try tree.sortRange(of: nil) == (3, 3))
  }

  @Test func generatedIDsSkipIdsInUse() throws {
    var tree = LayerTree()
    try tree.add("layer-2")
    let ids = try (0..<3).map { _ throws(CoreError) in try tree.add(nil).id }
    #expect(ids == ["layer-1", "layer-3", "layer-4"])
  }

  @Test func generatedIDsSkipChosenLookalikesAheadOfTheCounter() throws {
    var tree = LayerTree()
    try tree.add("layer-3")
    try tree.add("layer-007")
    try tree.add("layer-99999999999999999999")
    let ids = try (0..<7).map { _ throws(CoreError) in try tree.add(nil).id }
    #expect(ids == ["layer-1", "layer-2", "layer-4", "layer-5", "layer-6", "layer-7", "layer-8"])
    try tree.add("layer-5x")
    _ = try tree.remove(id: "layer-3")
    #expect(try tree.add(nil).id == "layer-9")
  }

  @Test func generatedIDsSkipChosenLookalikesWhateverOrderTheyCameIn() throws {
    // A smaller chosen number after a larger one must not make the larger one look free.
    var tree = LayerTree()
    try tree.add("layer-5")
    try tree.add("layer-2")
    let ids = try (0..<4).map { _ throws(CoreError) in try tree.add(nil).id }
    #expect(ids == ["layer-1", "layer-3", "layer-4", "layer-6"])
    tree._checkInvariants()
  }

  @Test func aDeepFamilyKeepsTheOrderingRuleAndItsIndexesAndPages() throws {
    // Leaves of 2 and inner nodes of 4: 60 children make a B+tree of four levels, so adds,
    // indexes and pages cross every kind of node boundary.
    var tree = LayerTree(maxLayers: .max, maxTreeDepth: 512, leafCapacity: 2, innerCapacity: 4)
    try tree.add("p")
    var expected: [(id: String, sort: Int64)] = []
    for number in 0..<60 {
      let id = "c\(number)"
      let sort = Int64((number * 7) % 11) - Int64(number / 6)
      let index = expected.lastIndex { $0.sort <= sort }.map { $0 + 1 } ?? 0
      expected.insert((id, sort), at: index)
      #expect(try tree.add(id, under: "p", sort: sort).index == index)
    }
    let ids = expected.map(\.id)
    #expect(try tree.childIDs(of: "p") == ids)
    for offset in 0...ids.count {
      let page = try tree.children(of: "p", offset: offset, limit: 3)
      let wanted = offset..<min(offset + 3, ids.count)
      #expect(page.layers.map(\.id) == Array(ids[wanted]))
      #expect(page.layers.map(\.index) == Array(wanted))
    }
    tree._checkInvariants()
  }

  @Test func generatedIDsAreNotHandedOutTwice() throws {
    var tree = LayerTree()
    let first = try tree.add(nil)
    _ = try tree.remove(id: first.id)
    #expect(try tree.add(nil).id == "layer-2")
    _ = try tree.clear(id: nil)
    #expect(try tree.add(nil).id == "layer-3")
    tree.removeAll()
    #expect(try tree.add(nil).id == "layer-1")
  }

  @Test func removeTakesTheWholeSubtree() throws {
    var tree = LayerTree()
    try tree.add("a")
    try tree.add("b", under: "a")
    try tree.add("c", under: "b")
    try tree.add("d", under: "a", sort: 1)
    try tree.add("e")
    #expect(try tree.remove(id: "a") == 4)
    #expect(tree.count == 1)
    #expect(!tree.contains(id: "c"))
    #expect(try tree.childIDs(of: nil) == ["e"])
    tree._checkInvariants()
  }

  @Test func clearRemovesChildrenButKeepsTheLayer() throws {
    var tree = LayerTree()
    try tree.add("a")
    try tree.add("b", under: "a")
    try tree.add("c", under: "b")
    try tree.add("d", under: "a")
    #expect(try tree.clear(id: "a") == 3)
    #expect(try tree.get(id: "a").childCount == 0)
    #expect(tree.count == 1)
    tree._checkInvariants()
    try tree.add("e")
    #expect(try tree.clear(id: nil) == 2)
    #expect(tree.count == 0)
    tree._checkInvariants()
  }

  @Test func snapshotsCarryEveryField() throws {
    var tree = LayerTree()
    try tree.add("p", frame: square(0, 0, 100))
    let data = RawJSON(text: "[1,\"two\"]")
    let layer = try tree.add(
      id: "c", parent: .layer("p"), placement: .sort(4),
      attributes: LayerAttributes(
        frame: square(1, 2, 3), hidden: true, interactive: false, clips: true, data: data))
    #expect(
      layer
        == Layer(
          id: "c", parent: "p", sort: 4, index: 0, frame: square(1, 2, 3), hidden: true,
          interactive: false, clips: true, childCount: 0, data: data))
    #expect(try tree.get(id: "c") == layer)
    #expect(try tree.get(id: "p").childCount == 1)
  }
}
