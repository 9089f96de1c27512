import Testing

@testable import OrdoCore

/// Every refusal, and that a refused call changes nothing.
@Suite struct LayerErrorTests {
  /// p(a(b(c)), d), q: a small tree to refuse things in.
  private func makeTree(maxLayers: Int = .max) throws -> LayerTree {
    var tree = LayerTree(maxLayers: maxLayers)
    try tree.add("p", frame: square(0, 0, 10))
    try tree.add("a", under: "p", sort: 1)
    try tree.add("b", under: "a", sort: 2)
    try tree.add("c", under: "b", sort: 3)
    try tree.add("d", under: "p", sort: 4)
    try tree.add("q", sort: 1)
    return tree
  }

  /// Runs `body`, which must throw, and checks that `tree` is the same afterwards.
  private func refused(
    _ tree: inout LayerTree, _ body: (inout LayerTree) throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> CoreError? {
    let before = try tree.everything()
    let count = tree.count
    var error: CoreError?
    do {
      try body(&tree)
    } catch let refusal as CoreError {
      error = refusal
    }
    #expect(error != nil, "the call did not throw", sourceLocation: sourceLocation)
    #expect(
      try tree.everything() == before, "a refused call changed the tree",
      sourceLocation: sourceLocation)
    #expect(tree.count == count, sourceLocation: sourceLocation)
    tree._checkInvariants()
    return error
  }

  @Test func unknownIdsAreNotFoundEverywhere() throws {
    var tree = try makeTree()
    let missing = CoreError.notFound(.layer, id: "nope")
    let calls: [(inout LayerTree) throws -> Void] = [
      { (tree: inout LayerTree) throws in _ = try tree.get(id: "nope") },
      { (tree: inout LayerTree) throws in _ = try tree.remove(id: "nope") },
      { (tree: inout LayerTree) throws in
        _ = try tree.update(
          id: "nope", sort: 1, frame: .keep, hidden: nil, interactive: nil, clips: nil,
          data: .keep)
      },
      { (tree: inout LayerTree) throws in _ = try tree.move(id: "nope", parent: nil, placement: nil)
      },
      { (tree: inout LayerTree) throws in
        _ = try tree.move(id: "a", parent: .layer("nope"), placement: nil)
      },
      { (tree: inout LayerTree) throws in
        _ = try tree.move(id: "a", parent: nil, placement: .above("nope"))
      },
      { (tree: inout LayerTree) throws in _ = try tree.bringToFront(id: "nope") },
      { (tree: inout LayerTree) throws in _ = try tree.sendToBack(id: "nope") },
      { (tree: inout LayerTree) throws in _ = try tree.children(of: "nope", offset: 0, limit: nil)
      },
      { (tree: inout LayerTree) throws in _ = try tree.sortRange(of: "nope") },
      { (tree: inout LayerTree) throws in _ = try tree.tree(of: "nope", depth: nil) },
      { (tree: inout LayerTree) throws in _ = try tree.paintOrder(of: "nope") },
      { (tree: inout LayerTree) throws in _ = try tree.hitTest(x: 0, y: 0, in: "nope") },
      { (tree: inout LayerTree) throws in _ = try tree.clear(id: "nope") },
      { (tree: inout LayerTree) throws in try tree.add("new", under: "nope") },
      { (tree: inout LayerTree) throws in
        _ = try tree.add(
          id: "new", parent: nil, placement: .below("nope"), attributes: LayerAttributes())
      },
    ]
    for call in calls {
      #expect(try refused(&tree, call) == missing)
    }
  }

  @Test func duplicateIdAlreadyExists() throws {
    var tree = try makeTree()
    let error = try refused(&tree) { (tree: inout LayerTree) throws in try tree.add("c") }
    #expect(error == .alreadyExists(.layer, id: "c"))
  }

  @Test func reservedAlertIdsAreRefused() throws {
    var tree = try makeTree()
    let error = try refused(&tree) { (tree: inout LayerTree) throws in try tree.add("alert:x") }
    #expect(invalidParamsPath(error) == "/id")
    if case .invalidParams(_, let expected, _)? = error {
      #expect(expected == "an id not starting with \"alert:\"")
    }
  }

  @Test func parentOtherThanTheSiblingsParentIsRefused() throws {
    var tree = try makeTree()
    var error = try refused(&tree) { (tree: inout LayerTree) throws in
      _ = try tree.add(
        id: "x", parent: .topLevel, placement: .above("a"), attributes: LayerAttributes())
    }
    #expect(invalidParamsPath(error) == "/parent")
    error = try refused(&tree) { (tree: inout LayerTree) throws in
      _ = try tree.move(id: "q", parent: .layer("a"), placement: .below("d"))
    }
    #expect(invalidParamsPath(error) == "/parent")
  }

  @Test func placingALayerNextToItselfIsRefused() throws {
    var tree = try makeTree()
    var error = try refused(&tree) { (tree: inout LayerTree) throws in
      _ = try tree.move(id: "d", parent: nil, placement: .above("d"))
    }
    #expect(invalidParamsPath(error) == "/above")
    error = try refused(&tree) { (tree: inout LayerTree) throws in
      _ = try tree.move(id: "d", parent: nil, placement: .below("d"))
    }
    #expect(invalidParamsPath(error) == "/below")
  }

  @Test func cycleRefusedAndNothingChanges() throws {
    var tree = try makeTree()
    let moves: [(LayerParent?, LayerPlacement?)] = [
      (.layer("a"), nil),
      (.layer("b"), .sort(9)),
      (.layer("c"), nil),
      (nil, .above("b")),
      (nil, .below("c")),
    ]
    for (parent, placement) in moves {
      let error = try refused(&tree) { (tree: inout LayerTree) throws in
        _ = try tree.move(id: "a", parent: parent, placement: placement)
      }
      guard case .invalidState(let reason, let state, _)? = error else {
        Issue.record("expected a cycle, got \(String(describing: error))")
        continue
      }
      #expect(reason == .cycle && state == nil)
    }
  }

  @Test func maxLayersIsEnforcedBeforeAnythingChanges() throws {
    var tree = try makeTree(maxLayers: 6)
    let error = try refused(&tree) { (tree: inout LayerTree) throws in try tree.add(nil, under: "p")
    }
    #expect(error == .limitExceeded(.maxLayers, limit: 6, value: 7))
    tree.maxLayers = 7
    // The refused add did not use up a generated id.
    #expect(try tree.add(nil).id == "layer-1")
  }

  @Test func addChecksTheIdThenThePlacementThenTheLimit() throws {
    // docs/protocol.md, layer.add: reserved id before frame; duplicate id, parent, sibling,
    // then maxLayers.
    var tree = try makeTree(maxLayers: 6)
    var error = try refused(&tree) { (tree: inout LayerTree) throws in
      try tree.add("alert:x", frame: Frame(x: .nan, y: 0, width: 1, height: 1))
    }
    #expect(invalidParamsPath(error) == "/id")
    error = try refused(&tree) { (tree: inout LayerTree) throws in
      try tree.add("c", under: "nope")
    }
    #expect(error == .alreadyExists(.layer, id: "c"))
    error = try refused(&tree) { (tree: inout LayerTree) throws in
      try tree.add("x", under: "nope")
    }
    #expect(error == .notFound(.layer, id: "nope"))
    error = try refused(&tree) { (tree: inout LayerTree) throws in
      _ = try tree.add(
        id: nil, parent: nil, placement: .above("nope"), attributes: LayerAttributes())
    }
    #expect(error == .notFound(.layer, id: "nope"))
    // A parent that does not exist comes before a sibling that does not either.
    error = try refused(&tree) { (tree: inout LayerTree) throws in
      _ = try tree.add(
        id: "x", parent: .layer("nope"), placement: .below("gone"),
        attributes: LayerAttributes())
    }
    #expect(error == .notFound(.layer, id: "nope"))
    // The tree is full: each refusal above came before the limit's.
    error = try refused(&tree) { (tree: inout LayerTree) throws in try tree.add("x") }
    #expect(error == .limitExceeded(.maxLayers, limit: 6, value: 7))
  }

  @Test func invalidFramesAreRefused() throws {
    var tree = try makeTree()
    let frames: [(Frame, String)] = [
      (Frame(x: 0, y: 0, width: -1, height: 1), "/frame/width"),
      (Frame(x: 0, y: 0, width: 1, height: -0.5), "/frame/height"),
      (Frame(x: .nan, y: 0, width: 1, height: 1), "/frame/x"),
      (Frame(x: 0, y: .infinity, width: 1, height: 1), "/frame/y"),
      (Frame(x: 0, y: 0, width: .infinity, height: 1), "/frame/width"),
    ]
    for (frame, path) in frames {
      var error = try refused(&tree) { (tree: inout LayerTree) throws in
        try tree.add("x", frame: frame)
      }
      #expect(invalidParamsPath(error) == path)
      error = try refused(&tree) { (tree: inout LayerTree) throws in
        _ = try tree.update(
          id: "a", sort: 99, frame: .set(frame), hidden: true, interactive: nil, clips: nil,
          data: .clear)
      }
      #expect(invalidParamsPath(error) == path)
    }
  }

  @Test func negativeOffsetLimitOrDepthIsRefused() throws {
    var tree = try makeTree()
    #expect(
      invalidParamsPath(
        try refused(&tree) { (tree: inout LayerTree) throws in
          _ = try tree.children(of: nil, offset: -1, limit: nil)
        }) == "/offset")
    #expect(
      invalidParamsPath(
        try refused(&tree) { (tree: inout LayerTree) throws in
          _ = try tree.children(of: nil, offset: 0, limit: -1)
        }) == "/limit")
    #expect(
      invalidParamsPath(
        try refused(&tree) { (tree: inout LayerTree) throws in _ = try tree.tree(of: nil, depth: -1)
        })
        == "/depth")
  }
}
