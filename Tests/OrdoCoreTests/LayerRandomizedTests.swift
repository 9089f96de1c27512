import Testing

@testable import OrdoCore

/// The naive model: every family an array, bottom -> top, placed by scanning.
private struct NaiveLayers {
  /// Children per parent id; "" is the top level.
  var families: [String: [String]] = ["": []]
  var parentOf: [String: String] = [:]
  var sortOf: [String: Int64] = [:]
  /// Every id, in a deterministic order for random picks.
  var ids: [String] = []
  var nextNumber = 1
  var maxLayers = Int.max

  func placeByRule(_ sort: Int64, in family: String) -> Int {
    (families[family] ?? []).lastIndex { sortOf[$0, default: 0] <= sort }.map { $0 + 1 } ?? 0
  }

  mutating func insert(_ id: String, parent: String, sort: Int64, at index: Int) {
    families[parent, default: []].insert(id, at: index)
    families[id] = families[id] ?? []
    parentOf[id] = parent
    sortOf[id] = sort
    if !ids.contains(id) { ids.append(id) }
  }

  mutating func detach(_ id: String) {
    families[parentOf[id, default: ""], default: []].removeAll { $0 == id }
  }

  /// Removes `id` and its subtree (already detached); returns how many.
  mutating func forget(_ id: String) -> Int {
    var pending = [id]
    var removed = 0
    while let current = pending.popLast() {
      pending += families[current] ?? []
      families[current] = nil
      parentOf[current] = nil
      sortOf[current] = nil
      ids.removeAll { $0 == current }
      removed += 1
    }
    return removed
  }

  func isAncestor(_ ancestor: String, of id: String) -> Bool {
    var current = id
    while current != "" {
      if current == ancestor { return true }
      current = parentOf[current, default: ""]
    }
    return false
  }

  mutating func generateID() -> String {
    while true {
      let id = "layer-\(nextNumber)"
      nextNumber += 1
      if sortOf[id] == nil { return id }
    }
  }
}

/// Thousands of random operations against the naive model, compared after every step.
@Suite struct LayerRandomizedTests {
  /// (seed, leaf capacity, inner capacity): tiny nodes make deep B+trees from few layers.
  @Test(
    arguments: [
      (1, 2, 4), (2, 4, 4), (3, 8, 6), (4, 2, 5), (5, 64, 64), (6, 4, 8), (7, 2, 4), (8, 16, 4),
    ] as [(UInt64, Int, Int)])
  func randomOperationsMatchTheNaiveModel(seed: UInt64, leafCapacity: Int, innerCapacity: Int)
    throws
  {
    var generator = SeededGenerator(seed: seed)
    var tree = LayerTree(
      maxLayers: 260, maxTreeDepth: 512, leafCapacity: leafCapacity,
      innerCapacity: innerCapacity)
    var model = NaiveLayers()
    model.maxLayers = 260
    for step in 0..<3_000 {
      try randomStep(&tree, &model, &generator, step: step)
      tree._checkInvariants()
      try compare(tree, model, step: step)
    }
  }

  private func randomStep(
    _ tree: inout LayerTree, _ model: inout NaiveLayers, _ generator: inout SeededGenerator,
    step: Int
  ) throws {
    func someID() -> String {
      if model.ids.isEmpty || Int.random(in: 0..<40, using: &generator) == 0 { return "missing" }
      return model.ids.randomElement(using: &generator) ?? "missing"
    }
    func someSort() -> Int64 { Int64.random(in: -3...6, using: &generator) }
    func someParent() -> LayerParent? {
      switch Int.random(in: 0..<6, using: &generator) {
      case 0: return nil
      case 1, 2: return .topLevel
      default: return .layer(someID())
      }
    }
    func somePlacement() -> LayerPlacement? {
      switch Int.random(in: 0..<7, using: &generator) {
      case 0: return nil
      case 1: return .above(someID())
      case 2: return .below(someID())
      default: return .sort(someSort())
      }
    }
    let roll = Int.random(in: 0..<100, using: &generator)
    switch roll {
    case 0..<45:
      let id: String? =
        switch Int.random(in: 0..<10, using: &generator) {
        case 0, 1, 2: nil
        case 3: "alert:\(step)"
        case 4: "layer-\(Int.random(in: 1..<600, using: &generator))"
        default: "n\(Int.random(in: 0..<400, using: &generator))"
        }
      var parent = someParent()
      if Bool.random(using: &generator), case .layer = parent { parent = nil }
      let placement = somePlacement()
      try checkAdd(&tree, &model, id: id, parent: parent, placement: placement)
    case 45..<50:
      let id = someID()
      let result = thrownResult { () throws(CoreError) in try tree.remove(id: id) }
      if model.sortOf[id] == nil {
        #expect(result.error == .notFound(.layer, id: id))
      } else {
        model.detach(id)
        #expect(result.value == model.forget(id))
      }
    case 50..<65:
      let id = someID()
      let sort = Bool.random(using: &generator) ? model.sortOf[id] ?? 0 : someSort()
      let result = thrownResult { () throws(CoreError) in
        try tree.update(
          id: id, sort: sort, frame: .keep, hidden: nil, interactive: nil, clips: nil,
          data: .keep)
      }
      guard let old = model.sortOf[id] else {
        #expect(result.error == .notFound(.layer, id: id))
        return
      }
      let parent = model.parentOf[id, default: ""]
      if old != sort {
        model.detach(id)
        model.insert(id, parent: parent, sort: sort, at: model.placeByRule(sort, in: parent))
      }
      try expectLayer(result.value, id, model)
    case 65..<85:
      try checkMove(
        &tree, &model, id: someID(), parent: someParent(), placement: somePlacement())
    case 85..<92:
      try checkEnd(&tree, &model, id: someID(), front: true)
    case 92..<98:
      try checkEnd(&tree, &model, id: someID(), front: false)
    case 98:
      let alertID = "\(Int.random(in: 0..<5, using: &generator))"
      let parent: String? = Bool.random(using: &generator) ? someID() : nil
      let sort = someSort()
      let layer = tree.mountAlertLayer(alertID: alertID, parent: parent, sort: sort)
      let id = "alert:" + alertID
      if model.sortOf[id] != nil {
        model.detach(id)
        _ = model.forget(id)
      }
      // A parent that is gone mounts nothing, as does a full tree.
      let gone = parent.map { model.sortOf[$0] == nil } ?? false
      guard !gone, model.ids.count < model.maxLayers else {
        #expect(layer == nil)
        return
      }
      let family = parent ?? ""
      model.insert(id, parent: family, sort: sort, at: model.placeByRule(sort, in: family))
      try expectLayer(layer, id, model)
      if Bool.random(using: &generator) {
        tree.unmountAlertLayer(alertID: alertID)
        model.detach(id)
        _ = model.forget(id)
      }
    default:
      if Int.random(in: 0..<6, using: &generator) == 0 {
        let expected = model.ids.count
        for id in model.families[""] ?? [] { _ = model.forget(id) }
        model.families[""] = []
        #expect(try tree.clear(id: nil) == expected)
      } else if let id = model.ids.randomElement(using: &generator) {
        var removed = 0
        for child in model.families[id] ?? [] { removed += model.forget(child) }
        model.families[id] = []
        #expect(try tree.clear(id: id) == removed)
      }
    }
  }

  private func checkAdd(
    _ tree: inout LayerTree, _ model: inout NaiveLayers, id: String?, parent: LayerParent?,
    placement: LayerPlacement?
  ) throws {
    let result = thrownResult { () throws(CoreError) in
      try tree.add(id: id, parent: parent, placement: placement, attributes: LayerAttributes())
    }
    // The expected outcome, checked in the documented order.
    var expected: CoreError?
    var family = ""
    var sort: Int64 = 0
    var index = 0
    if let id, id.hasPrefix("alert:") {
      expected = .invalidParams(path: "/id", expected: "", message: "")
    } else if let id, model.sortOf[id] != nil {
      expected = .alreadyExists(.layer, id: id)
    } else if case .layer(let parentID) = parent, model.sortOf[parentID] == nil {
      expected = .notFound(.layer, id: parentID)
    } else {
      let explicit: String? =
        switch parent {
        case nil: nil
        case .topLevel: ""
        case .layer(let parentID): parentID
        }
      switch placement {
      case nil, .sort:
        if case .sort(let newSort) = placement { sort = newSort }
        family = explicit ?? ""
        index = model.placeByRule(sort, in: family)
      case .above(let neighbour), .below(let neighbour):
        if model.sortOf[neighbour] == nil {
          expected = .notFound(.layer, id: neighbour)
        } else if let explicit, explicit != model.parentOf[neighbour] {
          expected = .invalidParams(path: "/parent", expected: "", message: "")
        } else {
          family = model.parentOf[neighbour, default: ""]
          sort = model.sortOf[neighbour, default: 0]
          index = (model.families[family]?.firstIndex(of: neighbour) ?? 0)
          if case .above = placement { index += 1 }
        }
      }
      if expected == nil && model.ids.count >= model.maxLayers {
        expected = .limitExceeded(
          .maxLayers, limit: model.maxLayers, value: model.ids.count + 1)
      }
    }
    if let expected {
      expectSameError(result.error, expected)
      return
    }
    let newID = id ?? model.generateID()
    model.insert(newID, parent: family, sort: sort, at: index)
    try expectLayer(result.value, newID, model)
  }

  private func checkMove(
    _ tree: inout LayerTree, _ model: inout NaiveLayers, id: String, parent: LayerParent?,
    placement: LayerPlacement?
  ) throws {
    let result = thrownResult { () throws(CoreError) in
      try tree.move(id: id, parent: parent, placement: placement)
    }
    var expected: CoreError?
    var family = ""
    var sort: Int64 = 0
    var position: (neighbour: String, above: Bool)?
    if model.sortOf[id] == nil {
      expected = .notFound(.layer, id: id)
    } else if case .layer(let parentID) = parent, model.sortOf[parentID] == nil {
      expected = .notFound(.layer, id: parentID)
    } else {
      let explicit: String? =
        switch parent {
        case nil: nil
        case .topLevel: ""
        case .layer(let parentID): parentID
        }
      sort = model.sortOf[id, default: 0]
      family = explicit ?? model.parentOf[id, default: ""]
      switch placement {
      case nil: break
      case .sort(let newSort): sort = newSort
      case .above(let neighbour), .below(let neighbour):
        var above = false
        if case .above = placement { above = true }
        if model.sortOf[neighbour] == nil {
          expected = .notFound(.layer, id: neighbour)
        } else if neighbour == id {
          expected = .invalidParams(path: above ? "/above" : "/below", expected: "", message: "")
        } else if let explicit, explicit != model.parentOf[neighbour] {
          expected = .invalidParams(path: "/parent", expected: "", message: "")
        } else {
          family = model.parentOf[neighbour, default: ""]
          sort = model.sortOf[neighbour, default: 0]
          position = (neighbour, above)
        }
      }
      if expected == nil && model.isAncestor(id, of: family) {
        expected = .invalidState(.cycle, state: nil, message: "")
      }
    }
    if let expected {
      expectSameError(result.error, expected)
      return
    }
    model.detach(id)
    var index = model.placeByRule(sort, in: family)
    if let position {
      index = model.families[family]?.firstIndex(of: position.neighbour) ?? 0
      if position.above { index += 1 }
    }
    model.insert(id, parent: family, sort: sort, at: index)
    try expectLayer(result.value, id, model)
  }

  private func checkEnd(
    _ tree: inout LayerTree, _ model: inout NaiveLayers, id: String, front: Bool
  ) throws {
    let result = thrownResult { () throws(CoreError) in
      front ? try tree.bringToFront(id: id) : try tree.sendToBack(id: id)
    }
    guard let own = model.sortOf[id] else {
      #expect(result.error == .notFound(.layer, id: id))
      return
    }
    let family = model.parentOf[id, default: ""]
    let sorts = (model.families[family] ?? []).compactMap { model.sortOf[$0] }
    let sort = front ? max(own, sorts.max() ?? own) : min(own, sorts.min() ?? own)
    model.detach(id)
    let index = front ? model.families[family, default: []].count : 0
    model.insert(id, parent: family, sort: sort, at: index)
    try expectLayer(result.value, id, model)
  }

  /// Errors match in kind and in everything but prose (`invalidParams` by path).
  private func expectSameError(
    _ error: CoreError?, _ expected: CoreError, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    switch (error, expected) {
    case (.invalidParams(let path, _, _)?, .invalidParams(let expectedPath, _, _)):
      #expect(path == expectedPath, sourceLocation: sourceLocation)
    case (.invalidState(let reason, let state, _)?, .invalidState(let expectedReason, let s, _)):
      #expect(reason == expectedReason && state == s, sourceLocation: sourceLocation)
    default:
      #expect(error == expected, sourceLocation: sourceLocation)
    }
  }

  private func expectLayer(
    _ layer: Layer?, _ id: String, _ model: NaiveLayers,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let layer = try #require(layer, sourceLocation: sourceLocation)
    let parent = model.parentOf[id, default: ""]
    #expect(layer.id == id, sourceLocation: sourceLocation)
    #expect(layer.parent == (parent.isEmpty ? nil : parent), sourceLocation: sourceLocation)
    #expect(layer.sort == model.sortOf[id], sourceLocation: sourceLocation)
    #expect(
      layer.index == model.families[parent]?.firstIndex(of: id), sourceLocation: sourceLocation)
    #expect(layer.childCount == model.families[id]?.count, sourceLocation: sourceLocation)
  }

  /// Order, indices, child counts and sort ranges of every family.
  private func compare(_ tree: LayerTree, _ model: NaiveLayers, step: Int) throws {
    #expect(tree.count == model.ids.count, "step \(step)")
    for family in [""] + model.ids {
      let expected = model.families[family] ?? []
      let parent: String? = family.isEmpty ? nil : family
      let page = try tree.children(of: parent, offset: 0, limit: nil)
      #expect(page.total == expected.count, "step \(step)")
      #expect(page.layers.map(\.id) == expected, "step \(step), family \(family)")
      // One expectation per family, naming the first layer out of place (one per layer
      // was a third of this test's time).
      let misplaced = page.layers.enumerated().first { index, layer in
        layer.index != index || layer.parent != parent || layer.sort != model.sortOf[layer.id]
          || layer.childCount != model.families[layer.id]?.count
      }
      #expect(misplaced == nil, "step \(step): \(String(describing: misplaced?.element))")
      if expected.count >= 3 {
        let start = expected.count / 2
        let middle = try tree.children(of: parent, offset: start, limit: 2)
        let wanted: [String] = Array(expected[start..<min(start + 2, expected.count)])
        #expect(middle.layers.map(\.id) == wanted)
        #expect(middle.layers.first?.index == start)
      }
      let sorts = expected.compactMap { model.sortOf[$0] }
      let range = try tree.sortRange(of: parent)
      #expect(range.min == sorts.min() && range.max == sorts.max(), "step \(step)")
    }
    // A few random positions through `get` (ranks computed through the B+tree).
    for id in model.ids.prefix(8) {
      let layer = try tree.get(id: id)
      #expect(layer.index == model.families[model.parentOf[id, default: ""]]?.firstIndex(of: id))
    }
  }
}

/// The value or the error of a call.
private struct Outcome<Value> {
  var value: Value?
  var error: CoreError?
}

private func thrownResult<Value>(_ body: () throws(CoreError) -> Value) -> Outcome<Value> {
  do {
    return Outcome(value: try body(), error: nil)
  } catch {
    return Outcome(value: nil, error: error)
  }
}
