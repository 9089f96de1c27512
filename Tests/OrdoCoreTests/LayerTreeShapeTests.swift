import Testing

@testable import OrdoCore

/// `tree(of:depth:)` and the alert layers.
@Suite struct LayerTreeShapeTests {
  private func makeTree(maxTreeDepth: Int = 512) throws -> LayerTree {
    var tree = LayerTree(maxTreeDepth: maxTreeDepth)
    try tree.add("b", sort: 2)
    try tree.add("a", sort: 1)
    try tree.add("a1", under: "a")
    try tree.add("a1x", under: "a1", hidden: true)
    try tree.add("a2", under: "a", sort: 1)
    return tree
  }

  private func entry(_ id: String, _ sort: Int64, _ level: Int, hidden: Bool = false)
    -> LayerTree.TreeEntry
  {
    LayerTree.TreeEntry(id: id, sort: sort, hidden: hidden, level: level)
  }

  @Test func treeIsPreorderWithLevels() throws {
    let tree = try makeTree()
    #expect(
      try tree.tree(of: nil, depth: nil) == [
        entry("a", 1, 1), entry("a1", 0, 2), entry("a1x", 0, 3, hidden: true),
        entry("a2", 1, 2), entry("b", 2, 1),
      ])
    #expect(
      try tree.tree(of: "a", depth: nil) == [
        entry("a", 1, 0), entry("a1", 0, 1), entry("a1x", 0, 2, hidden: true), entry("a2", 1, 1),
      ])
  }

  @Test func treeDepthCutsOffDeeperLevels() throws {
    let tree = try makeTree()
    #expect(try tree.tree(of: "a", depth: 0) == [entry("a", 1, 0)])
    #expect(
      try tree.tree(of: "a", depth: 1) == [entry("a", 1, 0), entry("a1", 0, 1), entry("a2", 1, 1)])
    #expect(try tree.tree(of: nil, depth: 0) == [])
    #expect(try tree.tree(of: nil, depth: 1) == [entry("a", 1, 1), entry("b", 2, 1)])
  }

  @Test func treeDeeperThanTheLimitIsRefusedWithItsDepth() throws {
    let tree = try makeTree(maxTreeDepth: 2)
    #expect(
      thrownError { () throws(CoreError) in try tree.tree(of: nil, depth: nil) }
        == .limitExceeded(.maxTreeDepth, limit: 2, value: 3))
    #expect(try tree.tree(of: nil, depth: 2).count == 4)
    #expect(try tree.tree(of: "a", depth: nil).count == 4)
  }

  @Test func theRefusalGivesTheDeepestLevelNotJustTheFirstTooDeep() throws {
    // docs/protocol.md, layer.tree: `value` is the deepest level the answer would reach.
    var tree = LayerTree(maxTreeDepth: 2)
    try tree.add("l1")
    try tree.add("l2", under: "l1")
    try tree.add("l3", under: "l2")
    try tree.add("l4", under: "l3")
    try tree.add("l5", under: "l4")
    #expect(
      thrownError { () throws(CoreError) in try tree.tree(of: nil, depth: nil) }
        == .limitExceeded(.maxTreeDepth, limit: 2, value: 5))
    #expect(
      thrownError { () throws(CoreError) in try tree.tree(of: "l1", depth: nil) }
        == .limitExceeded(.maxTreeDepth, limit: 2, value: 4))
  }

  private func mount(_ tree: inout LayerTree, alertID: String, parent: String?, sort: Int64)
    -> Layer?
  {
    tree.mountAlertLayer(alertID: alertID, parent: parent, sort: sort)
  }

  @Test func alertLayerIsAGroupPlacedByTheOrderingRule() throws {
    var tree = try makeTree()
    let layer = try #require(mount(&tree, alertID: "x", parent: "a", sort: 1))
    #expect(layer.id == "alert:x" && layer.parent == "a" && layer.sort == 1)
    #expect(layer.index == 2 && layer.frame == nil && layer.interactive && !layer.hidden)
    #expect(try tree.childIDs(of: "a") == ["a1", "a2", "alert:x"])
    tree._checkInvariants()
  }

  @Test(arguments: [
    ("alert:x", true), ("alert:", true), ("alert:\u{301}x", true),
    ("alert", false), ("alerts:x", false), ("Alert:x", false), ("a", false), ("", false),
    ("an id much longer than fifteen bytes", false), ("alert: and much longer than that", true),
  ])
  func reservedIDsAreThoseWhoseBytesStartWithAlertColon(id: String, reserved: Bool) {
    let refused: Bool
    do {
      try LayerTree.checkNotReserved(id)
      refused = false
    } catch {
      refused =
        error
        == .invalidParams(
          path: "/id", expected: "an id not starting with \"alert:\"",
          message: "Layer ids starting with \"alert:\" are reserved for alert layers.")
    }
    #expect(refused == reserved)
  }

  @Test func noAlertLayerIsMountedWhenItsParentIsGone() throws {
    var tree = try makeTree()
    let before = tree.count
    #expect(mount(&tree, alertID: "x", parent: "gone", sort: 5) == nil)
    #expect(tree.count == before && !tree.contains(id: "alert:x"))
    let top = try #require(mount(&tree, alertID: "y", parent: nil, sort: 0))
    #expect(top.parent == nil && top.index == 0)
  }

  @Test func alertLayerOverMaxLayersIsNil() throws {
    var tree = try makeTree()
    tree.maxLayers = tree.count
    #expect(tree.mountAlertLayer(alertID: "x", parent: nil, sort: 0) == nil)
    #expect(!tree.contains(id: "alert:x"))
  }

  @Test func mountingAgainReplacesTheAlertLayer() throws {
    var tree = try makeTree()
    _ = tree.mountAlertLayer(alertID: "x", parent: "a", sort: 0)
    try tree.add("inside", under: "alert:x")
    let again = try #require(mount(&tree, alertID: "x", parent: nil, sort: 9))
    #expect(again.parent == nil && again.childCount == 0)
    #expect(!tree.contains(id: "inside"))
    tree._checkInvariants()
  }

  @Test func unmountRemovesTheSubtreeAndIsSilentWhenAbsent() throws {
    var tree = try makeTree()
    let count = tree.count
    _ = tree.mountAlertLayer(alertID: "x", parent: "b", sort: 0)
    try tree.add("inside", under: "alert:x")
    tree.unmountAlertLayer(alertID: "x")
    #expect(tree.count == count)
    tree.unmountAlertLayer(alertID: "x")
    tree.unmountAlertLayer(alertID: "never")
    #expect(tree.count == count)
    tree._checkInvariants()
  }
}
