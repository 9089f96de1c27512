import Testing

@testable import OrdoCore

/// `LayerTree.renderSVG`: what `layer.render` draws, checked through a real XML parser.
@Suite struct RenderSVGTests {
  // MARK: - Random trees against the tree's own walks

  /// A random tree: groups and framed layers, hidden, non-interactive and clipping ones, on
  /// frames whose coordinates are multiples of 0.5 (exact in the SVG's 3 decimals).
  private func randomTree(seed: UInt64) throws -> (LayerTree, [String]) {
    var generator = SeededGenerator(seed: seed)
    var tree = LayerTree()
    var ids: [String] = []
    for number in 0..<70 {
      let id = "n\(number)"
      let parent =
        ids.isEmpty || Int.random(in: 0..<5, using: &generator) == 0
        ? nil : ids.randomElement(using: &generator)
      let frame: Frame? =
        Int.random(in: 0..<4, using: &generator) == 0
        ? nil
        : Frame(
          x: Double(Int.random(in: -40...120, using: &generator)) / 2,
          y: Double(Int.random(in: -40...120, using: &generator)) / 2,
          width: Double(Int.random(in: 0...160, using: &generator)) / 2,
          height: Double(Int.random(in: 0...160, using: &generator)) / 2)
      try tree.add(
        id, under: parent, sort: Int64.random(in: -2...3, using: &generator), frame: frame,
        hidden: Int.random(in: 0..<10, using: &generator) == 0,
        interactive: Int.random(in: 0..<8, using: &generator) != 0,
        clips: Int.random(in: 0..<3, using: &generator) == 0)
      ids.append(id)
      // Some reshaping, so the order is not just the order of creation.
      let moved = ids.randomElement(using: &generator)
      if Int.random(in: 0..<6, using: &generator) == 0, let moved {
        _ = thrownError { () throws(CoreError) in
          try tree.move(
            id: moved, parent: Bool.random(using: &generator) ? .topLevel : nil,
            placement: .sort(Int64.random(in: -2...3, using: &generator)))
        }
      }
    }
    return (tree, ids)
  }

  /// The frame of `id` in the coordinates of `root`'s parent (the top level when nil), by
  /// walking up the parents: the naive reading of the group rule.
  private func absoluteFrame(_ id: String, in tree: LayerTree, below root: String?) throws
    -> Frame?
  {
    let layer = try tree.get(id: id)
    guard var frame = layer.frame else { return nil }
    var current = layer
    while current.id != root, let parentID = current.parent {
      let parent = try tree.get(id: parentID)
      if let offset = parent.frame {
        frame.x += offset.x
        frame.y += offset.y
      }
      current = parent
    }
    return frame
  }

  /// The absolute clip of `id`'s drawing: the intersection of its framed clipping ancestors'
  /// frames within the drawn subtree, nil when none clips.
  private func expectedClip(_ id: String, in tree: LayerTree, below root: String?) throws
    -> Frame?
  {
    var clip: Frame?
    var current = try tree.get(id: id)
    while current.id != root, let parentID = current.parent {
      let parent = try tree.get(id: parentID)
      if parent.clips, let frame = try absoluteFrame(parent.id, in: tree, below: root) {
        clip = clip.map { intersect($0, frame) } ?? frame
      }
      current = parent
    }
    return clip
  }

  private func intersect(_ a: Frame, _ b: Frame) -> Frame {
    let left = max(a.x, b.x)
    let top = max(a.y, b.y)
    return Frame(
      x: left, y: top, width: max(0, min(a.x + a.width, b.x + b.width) - left),
      height: max(0, min(a.y + a.height, b.y + b.height) - top))
  }

  /// `url(#…)` of the document's clip number `number` (from 1, in the order of its defs).
  private func clipURL(_ document: ParsedElement, _ number: Int) -> String? {
    let clips = document.elements(named: "clipPath")
    guard clips.indices.contains(number - 1), let id = clips[number - 1].attributes["id"] else {
      return nil
    }
    return "url(#\(id))"
  }

  private func rectangle(_ element: ParsedElement?) -> Frame? {
    guard let element, let x = element.number("x"), let y = element.number("y"),
      let width = element.number("width"), let height = element.number("height")
    else { return nil }
    return Frame(x: x, y: y, width: width, height: height)
  }

  @Test(arguments: 1...12 as ClosedRange<UInt64>)
  func randomTreesDrawEveryFramedLayerInPaintOrderWithItsClip(seed: UInt64) throws {
    let (tree, ids) = try randomTree(seed: seed)
    var generator = SeededGenerator(seed: seed &* 31)
    for root in [nil] + Array(ids.shuffled(using: &generator).prefix(4)) {
      let svg = try tree.renderSVG(RenderOptions(id: root))
      let document = try parseXML(svg)
      #expect(document.name == "svg")
      let drawn = document.elements(named: "g", withClass: "layer")
      let expected = try tree.paintOrder(of: root).filter { try tree.get(id: $0).frame != nil }
      #expect(drawn.map { $0.attributes["data-layer"] ?? "?" } == expected)

      // One translation maps every absolute frame to its rectangle (scale 1 by default).
      var offset: (x: Double, y: Double)?
      let clipRects = Dictionary(
        document.elements(named: "clipPath").map {
          ("url(#\($0.attributes["id"] ?? ""))", rectangle($0.child(named: "rect")))
        }, uniquingKeysWith: { first, _ in first })
      for element in drawn {
        let id = element.attributes["data-layer"] ?? ""
        let frame = try #require(try absoluteFrame(id, in: tree, below: root))
        let rect = try #require(rectangle(element.child(named: "rect")))
        #expect(rect.width == frame.width && rect.height == frame.height)
        let shift = (rect.x - frame.x, rect.y - frame.y)
        if let offset {
          #expect(shift == offset, "layer \(id) is misplaced")
        } else {
          offset = shift
        }
        #expect(element.child(named: "title")?.text.hasPrefix("\(id) (sort ") == true)

        let clip = try expectedClip(id, in: tree, below: root)
        let reference = element.attributes["clip-path"]
        #expect((reference != nil) == (clip != nil), "clip of \(id)")
        if let clip, let reference, let offset {
          let drawnClip = try #require(clipRects[reference] ?? nil)
          #expect(drawnClip.x - clip.x == offset.x && drawnClip.y - clip.y == offset.y)
          #expect(drawnClip.width == clip.width && drawnClip.height == clip.height)
        }
      }
      // One clip path per framed clipping layer drawn.
      let clipping = try expected.filter { try tree.get(id: $0).clips }
      #expect(document.elements(named: "clipPath").count == clipping.count)
    }
  }

  @Test(arguments: 1...8 as ClosedRange<UInt64>)
  func theHitPathOfAPointIsHighlighted(seed: UInt64) throws {
    let (tree, ids) = try randomTree(seed: seed)
    var generator = SeededGenerator(seed: seed &+ 1000)
    var hits = 0
    for _ in 0..<25 {
      let root = Bool.random(using: &generator) ? nil : ids.randomElement(using: &generator)
      let point = RenderOptions.Point(
        x: Double(Int.random(in: -20...150, using: &generator)),
        y: Double(Int.random(in: -20...150, using: &generator)))
      let path = try tree.hitTest(x: point.x, y: point.y, in: root)
      let document = try parseXML(try tree.renderSVG(RenderOptions(id: root, point: point)))
      let painted = Set(try tree.paintOrder(of: root))
      let highlighted = document.elements(named: "g", withClass: "hit-path").compactMap {
        $0.attributes["data-layer"]
      }
      let framedOnPath = try path.filter {
        try painted.contains($0) && tree.get(id: $0).frame != nil
      }
      #expect(highlighted == framedOnPath)
      let hit = document.elements(named: "g", withClass: "hit").compactMap {
        $0.attributes["data-layer"]
      }
      #expect(hit == (path.last.map { [$0] } ?? []))
      if !path.isEmpty { hits += 1 }
      #expect(
        document.elements(named: "rect", withClass: "hit-outline").map {
          $0.attributes["data-layer"] ?? ""
        } == framedOnPath)
      // The point is marked where it is, in the same translation as the layers.
      let marker = try #require(document.elements(named: "g", withClass: "point").first)
      let circle = try #require(marker.child(named: "circle"))
      if let first = document.elements(named: "g", withClass: "layer").first,
        let id = first.attributes["data-layer"],
        let frame = try absoluteFrame(id, in: tree, below: root),
        let rect = rectangle(first.child(named: "rect"))
      {
        #expect(circle.number("cx") == point.x + rect.x - frame.x)
        #expect(circle.number("cy") == point.y + rect.y - frame.y)
      }
    }
    #expect(hits > 0, "no point hit anything: the test would prove nothing")
  }

  // MARK: - Placement rules

  @Test func groupsPassTheirParentsCoordinatesAndDoNotClip() throws {
    var tree = LayerTree()
    try tree.add("page", frame: Frame(x: 100, y: 50, width: 200, height: 100), clips: true)
    try tree.add("group", under: "page", clips: true)
    try tree.add("card", under: "group", frame: Frame(x: 10, y: 20, width: 30, height: 40))
    try tree.add("free", frame: Frame(x: 0, y: 0, width: 10, height: 10))
    let document = try parseXML(try tree.renderSVG(RenderOptions()))
    let layers = document.elements(named: "g", withClass: "layer")
    #expect(layers.map { $0.attributes["data-layer"] } == ["page", "card", "free"])
    // Bounds start at (0, 0) (the free layer); the margin is 8.
    let card = try #require(rectangle(layers[1].child(named: "rect")))
    #expect(card == Frame(x: 118, y: 78, width: 30, height: 40))
    // The card is clipped by the page (through the group), not by the group.
    #expect(layers[1].attributes["clip-path"] == clipURL(document, 1))
    #expect(document.elements(named: "clipPath").count == 1)
    #expect(layers[0].attributes["clip-path"] == nil)
  }

  @Test func nestedClipsIntersectAndClippedFramesBoundTheDrawing() throws {
    var tree = LayerTree()
    try tree.add("outer", frame: Frame(x: 0, y: 0, width: 100, height: 100), clips: true)
    try tree.add(
      "inner", under: "outer", frame: Frame(x: 50, y: 50, width: 100, height: 100), clips: true)
    try tree.add(
      "deep", under: "inner", frame: Frame(x: -100, y: 0, width: 500, height: 500))
    let document = try parseXML(try tree.renderSVG(RenderOptions()))
    let clips = document.elements(named: "clipPath").map { rectangle($0.child(named: "rect")) }
    #expect(
      clips == [
        Frame(x: 8, y: 8, width: 100, height: 100), Frame(x: 58, y: 58, width: 50, height: 50),
      ])
    // `deep` reaches far, but clipped it stays within (0, 0)-(100, 100).
    #expect(
      rectangle(document.elements(named: "rect", withClass: "bounds").first)
        == Frame(x: 8, y: 8, width: 100, height: 100))
    let deep = document.elements(named: "g", withClass: "layer").last
    #expect(deep?.attributes["clip-path"] == clipURL(document, 2))
  }

  @Test func aSubtreeIsDrawnInItsParentsCoordinatesIgnoringAncestors() throws {
    var tree = LayerTree()
    try tree.add("hiddenRoot", frame: Frame(x: 1000, y: 1000, width: 5, height: 5), hidden: true)
    try tree.add(
      "panel", under: "hiddenRoot", frame: Frame(x: 10, y: 10, width: 50, height: 50),
      clips: true)
    try tree.add("button", under: "panel", frame: Frame(x: 5, y: 5, width: 10, height: 10))
    #expect(try tree.renderSVG(RenderOptions()).contains("class=\"layer depth") == false)
    let document = try parseXML(
      try tree.renderSVG(RenderOptions(id: "panel", point: .init(x: 20, y: 20))))
    let layers = document.elements(named: "g", withClass: "layer")
    #expect(layers.map { $0.attributes["data-layer"] } == ["panel", "button"])
    #expect(rectangle(layers[0].child(named: "rect")) == Frame(x: 8, y: 8, width: 50, height: 50))
    #expect(rectangle(layers[1].child(named: "rect")) == Frame(x: 13, y: 13, width: 10, height: 10))
    // hitTest(in: "panel") gives the path from the top-level ancestor.
    #expect(try tree.hitTest(x: 20, y: 20, in: "panel") == ["hiddenRoot", "panel", "button"])
    #expect(document.elements(withClass: "hit").map { $0.attributes["data-layer"] } == ["button"])
    #expect(
      try tree.renderSVG(RenderOptions(id: "hiddenRoot")).contains("class=\"layer depth") == false)
    // The hit layer's outline is the widest, then the rest of its path's, then the others'.
    try tree.add("aside", under: "panel", frame: Frame(x: 30, y: 30, width: 10, height: 10))
    let widths = try parseXML(
      try tree.renderSVG(RenderOptions(id: "panel", point: .init(x: 20, y: 20)))
    ).elements(named: "g", withClass: "layer").map {
      ($0.attributes["data-layer"], $0.child(named: "rect")?.attributes["stroke-width"])
    }
    #expect(widths.map(\.0) == ["panel", "button", "aside"])
    #expect(widths.map(\.1) == ["2", "3", "1"])
  }

  // MARK: - Size

  @Test func widthAndHeightScaleTheVisibleBounds() throws {
    var tree = LayerTree()
    try tree.add("a", frame: Frame(x: 10, y: 10, width: 200, height: 100))
    // Both: the aspect ratio is kept, the drawing fits and is centred where room is left
    // (it was stretched to 100 × 100, distorting the layout).
    let both = try parseXML(try tree.renderSVG(RenderOptions(width: 100, height: 100)))
    #expect(
      rectangle(both.elements(withClass: "layer").first?.child(named: "rect"))
        == Frame(x: 8, y: 33, width: 100, height: 50))
    #expect(
      rectangle(both.elements(withClass: "bounds").first)
        == Frame(x: 8, y: 33, width: 100, height: 50))
    #expect(both.attributes["height"].flatMap(Double.init).map { $0 > 116 } == true)
    let wide = try parseXML(try tree.renderSVG(RenderOptions(width: 1000, height: 100)))
    #expect(
      rectangle(wide.elements(withClass: "layer").first?.child(named: "rect"))
        == Frame(x: 408, y: 8, width: 200, height: 100))
    let width = try parseXML(try tree.renderSVG(RenderOptions(width: 50)))
    #expect(
      rectangle(width.elements(withClass: "layer").first?.child(named: "rect"))
        == Frame(x: 8, y: 8, width: 50, height: 25))
    let height = try parseXML(try tree.renderSVG(RenderOptions(height: 50)))
    #expect(
      rectangle(height.elements(withClass: "layer").first?.child(named: "rect"))
        == Frame(x: 8, y: 8, width: 100, height: 50))
    // Neither: one unit per layer unit; the point widens the bounds.
    let plain = try parseXML(
      try tree.renderSVG(RenderOptions(point: .init(x: 0, y: 0), labels: false)))
    #expect(
      rectangle(plain.elements(withClass: "layer").first?.child(named: "rect"))
        == Frame(x: 18, y: 18, width: 200, height: 100))
    #expect(rectangle(plain.elements(withClass: "bounds").first)?.width == 210)
  }

  @Test func nothingToDrawIsAnEmptyDocumentOfTheSizeGiven() throws {
    var tree = LayerTree()
    try tree.add("group")
    let empty = try parseXML(try tree.renderSVG(RenderOptions()))
    #expect(empty.attributes["width"] == "0" && empty.attributes["height"] == "0")
    #expect(empty.children.map(\.name) == ["title"])
    let sized = try parseXML(try tree.renderSVG(RenderOptions(width: 300.5, height: 20)))
    #expect(sized.attributes["width"] == "300.5" && sized.attributes["height"] == "20")
  }

  @Test(arguments: [0, -1, 100_000.5, .infinity, .nan] as [Double])
  func sizesOutOfRangeAreRefused(size: Double) throws {
    let tree = LayerTree()
    #expect(
      invalidParamsPath(
        thrownError { () throws(CoreError) in
          try tree.renderSVG(RenderOptions(width: size))
        }) == "/width")
    #expect(
      invalidParamsPath(
        thrownError { () throws(CoreError) in
          try tree.renderSVG(RenderOptions(width: 10, height: size))
        }) == "/height")
  }

  @Test func badPointsAndUnknownIDsAreRefused() throws {
    var tree = LayerTree()
    try tree.add("a", frame: square(0, 0, 10))
    #expect(
      invalidParamsPath(
        thrownError { () throws(CoreError) in
          try tree.renderSVG(RenderOptions(point: .init(x: .nan, y: 0)))
        }) == "/point/x")
    #expect(
      invalidParamsPath(
        thrownError { () throws(CoreError) in
          try tree.renderSVG(RenderOptions(point: .init(x: 0, y: -.infinity)))
        }) == "/point/y")
    #expect(
      thrownError { () throws(CoreError) in try tree.renderSVG(RenderOptions(id: "nope")) }
        == .notFound(.layer, id: "nope"))
    #expect(try tree.renderSVG(RenderOptions(width: 100_000)).hasPrefix("<svg"))
  }

  // MARK: - Labels

  @Test func aClippedChildIsLabelledInItsVisiblePart() throws {
    var tree = LayerTree()
    try tree.add("root", sort: 0, frame: Frame(x: 10, y: 10, width: 200, height: 100), clips: true)
    // Sticks out of root's bottom right: only its top-left 50 × 50 shows.
    try tree.add("c1", under: "root", sort: 2, frame: Frame(x: 150, y: 50, width: 100, height: 100))
    let document = try parseXML(try tree.renderSVG(RenderOptions()))
    let clip = try #require(document.elements(named: "clipPath").first?.child(named: "rect"))
    func value(_ element: ParsedElement?, _ name: String) throws -> Double {
      try #require(element?.attributes[name].flatMap(Double.init))
    }
    let (top, bottom) = (try value(clip, "y"), try value(clip, "y") + value(clip, "height"))
    let right = try value(clip, "x") + value(clip, "width")
    let layer = try #require(
      document.elements(named: "g", withClass: "layer").first {
        $0.attributes["data-layer"] == "c1"
      })
    let label = try #require(layer.child(named: "text"))
    #expect(label.text == "c1 (2)")
    // Depth 1 labels the bottom edge: of the visible part, not of the whole frame.
    let baseline = try value(label, "y")
    #expect(baseline > top && baseline <= bottom)
    #expect(try value(label, "x") < right)
  }

  /// Siblings that share a corner (full-screen sheets, a dialog over them) get their labels
  /// one under the other, not printed over each other; a label moves only while the layer
  /// has room, and a thousand identical layers still get a picture.
  @Test func labelsThatWouldCoverEachOtherMoveALineInwards() throws {
    var tree = LayerTree()
    try tree.add("sheet", sort: 0, frame: Frame(x: 0, y: 0, width: 300, height: 200))
    try tree.add("dialog", sort: 1, frame: Frame(x: 0, y: 0, width: 300, height: 200))
    try tree.add("toast", sort: 2, frame: Frame(x: 4, y: 3, width: 200, height: 50))
    try tree.add("bar", sort: 3, frame: Frame(x: 0, y: 0, width: 300, height: 14))
    try tree.add("far", sort: 4, frame: Frame(x: 400, y: 0, width: 300, height: 200))
    let document = try parseXML(try tree.renderSVG(RenderOptions()))
    var boxes: [String: Frame] = [:]
    for layer in document.elements(named: "g", withClass: "layer") {
      let label = try #require(layer.child(named: "text"))
      let x = try #require(label.attributes["x"].flatMap(Double.init))
      let y = try #require(label.attributes["y"].flatMap(Double.init))
      let size = try #require(label.attributes["font-size"].flatMap(Double.init))
      let width = LayerPicture.textWidth(label.text, fontSize: size)
      boxes[try #require(layer.attributes["data-layer"])] = Frame(
        x: x, y: y - 0.95 * size, width: width, height: 1.25 * size)
    }
    let ids = ["sheet", "dialog", "toast", "far"]
    for (index, first) in ids.enumerated() {
      for second in ids[(index + 1)...] {
        let (one, other) = (try #require(boxes[first]), try #require(boxes[second]))
        #expect(!one.overlaps(other), "\(first) and \(second)")
      }
    }
    // The first label keeps its place; one on a layer far away is not moved; a layer with
    // no room for another line keeps its label at its edge, over the others.
    #expect(boxes["sheet"]?.y == boxes["far"]?.y)
    #expect(try #require(boxes["dialog"]?.y) > boxes["sheet"]?.y ?? 0)
    #expect(boxes["bar"]?.y == boxes["sheet"]?.y)

    // A label taller than its layer (a thin status bar) still takes its place.
    var thin = LayerTree()
    try thin.add("statusbar", sort: 0, frame: Frame(x: 0, y: 0, width: 300, height: 14))
    try thin.add("sheet", sort: 1, frame: Frame(x: 0, y: 0, width: 300, height: 200))
    let thinDocument = try parseXML(try thin.renderSVG(RenderOptions()))
    let thinBaselines = thinDocument.elements(named: "g", withClass: "layer").compactMap {
      $0.child(named: "text")?.attributes["y"].flatMap(Double.init)
    }
    #expect(thinBaselines.count == 2)
    #expect(thinBaselines.last.map { $0 > (thinBaselines.first ?? 0) + 10 } == true)

    var crowd = LayerTree()
    for number in 0..<1000 {
      try crowd.add("same\(number)", sort: 0, frame: Frame(x: 0, y: 0, width: 80, height: 60))
    }
    let crowded = try parseXML(try crowd.renderSVG(RenderOptions()))
    let baselines = Set(
      crowded.elements(named: "g", withClass: "layer").compactMap {
        $0.child(named: "text")?.attributes["y"]
      })
    // As many lines as fit in 60 units, then the rest at the top edge.
    #expect(baselines.count == 4)
  }

  @Test func labelsShrinkAreCutOrLeftOutButTooltipsStay() throws {
    var tree = LayerTree()
    try tree.add("roomy", sort: 7, frame: Frame(x: 0, y: 0, width: 300, height: 40))
    try tree.add("short", sort: 8, frame: Frame(x: 0, y: 50, width: 300, height: 9))
    try tree.add("a-long-identifier", sort: 9, frame: Frame(x: 0, y: 70, width: 40, height: 30))
    try tree.add("tiny", sort: 10, frame: Frame(x: 0, y: 110, width: 3, height: 3))
    let document = try parseXML(try tree.renderSVG(RenderOptions()))
    let layers = document.elements(named: "g", withClass: "layer")
    let labels = layers.map { $0.child(named: "text") }
    #expect(labels[0]?.text == "roomy (7)" && labels[0]?.attributes["font-size"] == "11")
    #expect(labels[1]?.attributes["font-size"] == "7")
    #expect(labels[2]?.text.hasSuffix("\u{2026}") == true)
    #expect(labels[2]?.text.hasPrefix("a-lo") == true)
    #expect(labels[3] == nil)
    #expect(
      layers.map { $0.child(named: "title")?.text.split(separator: " ").first } == [
        "roomy", "short", "a-long-identifier", "tiny",
      ])
    let unlabelled = try parseXML(try tree.renderSVG(RenderOptions(labels: false)))
    #expect(
      unlabelled.elements(named: "g", withClass: "layers").first?.elements(named: "text")
        .isEmpty == true)
    #expect(unlabelled.elements(named: "title").count == 5)
  }

  /// A column too narrow for a character and the ellipsis at the size its height allows still
  /// gets its first character, at the size at which both fit (it got none: the width never
  /// shrank the font); below the smallest size, none, its tooltip still there.
  @Test func aNarrowColumnIsLabelledWithItsFirstCharacterAtTheSizeThatFits() throws {
    var tree = LayerTree()
    try tree.add("narrow", sort: 0, frame: Frame(x: 0, y: 0, width: 16, height: 100))
    try tree.add("slim", sort: 1, frame: Frame(x: 20, y: 0, width: 12, height: 100))
    try tree.add("\u{5D0}\u{5D1}", sort: 2, frame: Frame(x: 40, y: 0, width: 20, height: 100))
    try tree.add("thin", sort: 3, frame: Frame(x: 70, y: 0, width: 9, height: 100))
    let document = try parseXML(try tree.renderSVG(RenderOptions()))
    let layers = document.elements(named: "g", withClass: "layer")
    let labels = layers.map { $0.child(named: "text") }
    #expect(labels[0]?.text == "n\u{2026}" && labels[0]?.attributes["font-size"] == "10")
    #expect(labels[1]?.text == "s\u{2026}" && labels[1]?.attributes["font-size"] == "6.667")
    // A right-to-left id: its isolate (no room) closed before the ellipsis, a wide letter.
    #expect(labels[2]?.text == "\u{2068}\u{5D0}\u{2069}\u{2026}")
    #expect(labels[3] == nil)
    #expect(layers[3].child(named: "title")?.text.hasPrefix("thin") == true)
  }

  /// A frame without width or height is a rectangle SVG does not draw at all: a line along
  /// it (a dot for neither) stands for it, so the layer counted as drawn can be seen and its
  /// tooltip reached; a frame with both gets no line.
  @Test func framesWithoutWidthOrHeightAreDrawnAsALine() throws {
    var tree = LayerTree()
    try tree.add("box", sort: 0, frame: Frame(x: 0, y: 0, width: 100, height: 100))
    try tree.add("bar", sort: 1, frame: Frame(x: 10, y: 20, width: 0, height: 30))
    try tree.add("rule", sort: 2, frame: Frame(x: 10, y: 60, width: 50, height: 0))
    try tree.add("point", sort: 3, frame: Frame(x: 70, y: 70, width: 0, height: 0))
    let document = try parseXML(try tree.renderSVG(RenderOptions()))
    let layers = document.elements(named: "g", withClass: "layer")
    #expect(layers.map { $0.attributes["data-layer"] ?? "" } == ["box", "bar", "rule", "point"])
    let lines = layers.map { layer in
      layer.child(named: "line").map { line in
        ["x1", "y1", "x2", "y2"].map { line.number($0) ?? .nan }
      }
    }
    let box = try #require(rectangle(layers[0].child(named: "rect")))
    // Every coordinate is shifted as the box's are (the drawing's margin).
    let (dx, dy) = (box.x, box.y)
    #expect(lines[0] == nil)
    #expect(lines[1] == [10 + dx, 20 + dy, 10 + dx, 50 + dy])
    #expect(lines[2] == [10 + dx, 60 + dy, 60 + dx, 60 + dy])
    #expect(lines[3] == [70 + dx, 70 + dy, 70 + dx, 70 + dy])
    #expect(layers[3].child(named: "line")?.attributes["stroke-linecap"] == "round")
    #expect(layers.allSatisfy { $0.child(named: "title") != nil })
  }

  @Test func depthsHaveTheirOwnColoursAndALegend() throws {
    var tree = LayerTree()
    var parent: String?
    for level in 0..<3 {
      try tree.add("l\(level)", under: parent, frame: square(1, 1, 100 - Double(level) * 10))
      parent = "l\(level)"
    }
    let document = try parseXML(try tree.renderSVG(RenderOptions(point: .init(x: 5, y: 5))))
    let fills = document.elements(named: "g", withClass: "layer").compactMap {
      $0.child(named: "rect")?.attributes["fill"]
    }
    #expect(Set(fills).count == 3)
    let legend = try #require(document.elements(named: "g", withClass: "legend").first)
    #expect(
      legend.elements(named: "rect", withClass: "swatch").compactMap { $0.attributes["fill"] }
        .prefix(3) == fills[...])
    #expect(legend.elements(named: "text").map(\.text).contains("hit path"))
  }

  // MARK: - Untrusted strings, bytes

  @Test func hostileIDsComeOutAsText() throws {
    var tree = LayerTree()
    for (number, id) in hostileStrings.enumerated() {
      try tree.add(id, sort: Int64(number), frame: square(Double(number) * 20, 0, 200))
    }
    let svg = try tree.renderSVG(RenderOptions(point: .init(x: 170, y: 5)))
    let document = try parseXML(svg)
    let layers = document.elements(named: "g", withClass: "layer")
    #expect(layers.map { $0.attributes["data-layer"] ?? "" } == hostileStrings.map(xmlReadable))
    for (layer, id) in zip(layers, hostileStrings) {
      // Set apart as a bidirectional isolate when not ASCII (Markup.isolated).
      let shown = xmlReadable(Markup.isolated(id))
      #expect(layer.child(named: "title")?.text.hasPrefix(shown + " (sort ") == true)
    }
    #expect(!svg.lowercased().contains("<script"))
    #expect(!svg.contains("<img"))
    #expect(attributeNames(in: svg).allSatisfy { !$0.lowercased().hasPrefix("on") })
    let elementNames = Set(document.allElements.map(\.name))
    #expect(
      elementNames.isSubset(of: [
        "svg", "title", "defs", "clipPath", "rect", "g", "text", "circle", "line",
      ]))
    // No reference leaves the document.
    #expect(!svg.contains("href") && !svg.contains("@import"))
    for value in document.allElements.flatMap(\.attributes.values) where value.contains("url(") {
      #expect(value.hasPrefix("url(#ordo-clip-"))
    }
  }

  /// Ids are global to an HTML page: two pictures inlined in one took each other's clips
  /// when both numbered theirs from 1.
  @Test func picturesWithOtherClipsNameThemApart() throws {
    var first = LayerTree()
    try first.add("page", frame: Frame(x: 0, y: 0, width: 100, height: 100), clips: true)
    try first.add("card", under: "page", frame: Frame(x: 50, y: 50, width: 100, height: 100))
    var second = LayerTree()
    try second.add("page", frame: Frame(x: 0, y: 0, width: 40, height: 40), clips: true)
    try second.add("card", under: "page", frame: Frame(x: 20, y: 20, width: 100, height: 100))
    let ids = try [first, second].map { tree in
      try parseXML(try tree.renderSVG(RenderOptions())).elements(named: "clipPath")
        .compactMap { $0.attributes["id"] }
    }
    #expect(ids[0].count == 1 && ids[1].count == 1)
    #expect(Set(ids[0]).isDisjoint(with: ids[1]))
    // The same tree at another size draws its clip elsewhere: another id too.
    let scaled = try parseXML(try first.renderSVG(RenderOptions(width: 50)))
    #expect(scaled.elements(named: "clipPath").first?.attributes["id"] != ids[0].first)
  }

  @Test func theSameTreeGivesTheSameBytes() throws {
    let (first, ids) = try randomTree(seed: 77)
    let (second, _) = try randomTree(seed: 77)
    let options = RenderOptions(point: .init(x: 30, y: 40), width: 333.3)
    let bytes = try first.renderSVG(options)
    #expect(try first.renderSVG(options) == bytes)
    #expect(try second.renderSVG(options) == bytes)
    #expect(
      try first.renderSVG(RenderOptions(id: ids[5])) == second.renderSVG(RenderOptions(id: ids[5])))
  }

  @Test(
    arguments: [
      (0, "0"), (-0.0, "0"), (1, "1"), (1.5, "1.5"), (0.1 + 0.2, "0.3"), (-3.125, "-3.125"),
      (2.0004, "2"), (999_999.9996, "1000000"), (1e15, "1000000000000000"), (1e16, "1e+16"),
      (-2.5e20, "-2.5e+20"),
      (.nan, "0"), (.infinity, "1.7976931348623157e+308"),
    ] as [(Double, String)])
  func numbersAreLocaleFreeAndTrimmed(value: Double, text: String) {
    #expect(Markup.number(value) == text)
  }

  @Test func escapingCoversMarkupAndCharactersXMLCannotCarry() {
    #expect(Markup.escape("plain text") == "plain text")
    #expect(
      Markup.escape("<a href=\"x\">'&'</a>")
        == "&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;")
    #expect(Markup.escape("t\tn\nr\r") == "t&#9;n&#10;r&#13;")
    #expect(
      Markup.escape("\u{0}\u{1F}\u{FFFE}\u{FFFF}\u{7F}") == "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{7F}"
    )
    #expect(Markup.exactNumber(0.1) == "0.1" && Markup.exactNumber(12) == "12")
  }

  @Test func extremeCoordinatesStillGiveValidXMLAndNumbers() throws {
    var tree = LayerTree()
    try tree.add("far-left", frame: Frame(x: -1.5e308, y: 0, width: 1e308, height: 10))
    try tree.add("far-right", frame: Frame(x: 1e308, y: 0, width: 1.7e308, height: 1e-300))
    try tree.add("child", under: "far-right", frame: Frame(x: 1e308, y: 1e308, width: 5, height: 5))
    for options in [
      RenderOptions(), RenderOptions(width: 500), RenderOptions(point: .init(x: 1e300, y: -1e300)),
    ] {
      let svg = try tree.renderSVG(options)
      let document = try parseXML(svg)
      #expect(document.elements(named: "g", withClass: "layer").count == 3)
      for element in document.allElements {
        for name in ["x", "y", "width", "height", "cx", "cy"] {
          guard let value = element.attributes[name] else { continue }
          #expect(Double(value)?.isFinite == true, "\(name)=\(value)")
        }
      }
    }
  }

  @Test func boundsTooSmallToScaleToTheSizeAskedAreDrawnAtScaleOne() throws {
    // 500 / 1e-307 is no finite number: the width or height asked was the other side's
    // 1.8e308 (the largest double), and the legend beyond it.
    var tree = LayerTree()
    try tree.add("speck", frame: Frame(x: 0, y: 0, width: 1e-307, height: 1e-307))
    for options in [
      RenderOptions(width: 500), RenderOptions(height: 500), RenderOptions(width: 500, height: 400),
    ] {
      let document = try parseXML(try tree.renderSVG(options))
      for element in document.allElements {
        for name in ["x", "y", "width", "height"] {
          guard let value = element.attributes[name] else { continue }
          #expect(Double(value).map { $0.isFinite && abs($0) < 1000 } == true, "\(name)=\(value)")
        }
      }
      #expect(document.attributes["width"] == (options.width == nil ? "178" : "516"))
    }
    // Finite over the width, the scale would make the height overflow.
    var needle = LayerTree()
    try needle.add("needle", frame: Frame(x: 0, y: 0, width: 1e-305, height: 10))
    let document = try parseXML(try needle.renderSVG(RenderOptions(width: 500)))
    #expect(document.attributes["width"] == "516")
    #expect(document.attributes["height"].flatMap(Double.init).map { $0 < 100 } == true)
  }

  @Test func clipsThatDoNotOverlapLeaveTheirSubtreeOutOfTheBounds() throws {
    // `inner` lies wholly outside `outer`'s clip, so nothing under it can be seen: `deep`,
    // though it touches the empty intersection of the two clips, does not widen the bounds.
    for vertical in [false, true] {
      func frame(_ along: Double, _ across: Double, _ length: Double, _ breadth: Double) -> Frame {
        vertical
          ? Frame(x: across, y: along, width: breadth, height: length)
          : Frame(x: along, y: across, width: length, height: breadth)
      }
      var tree = LayerTree()
      try tree.add("outer", frame: frame(0, 0, 10, 10), clips: true)
      try tree.add("inner", under: "outer", frame: frame(20, 0, 10, 10), clips: true)
      try tree.add("deep", under: "inner", frame: frame(0, 0, 10, 10))
      let document = try parseXML(try tree.renderSVG(RenderOptions()))
      #expect(
        rectangle(document.elements(named: "rect", withClass: "bounds").first)
          == Frame(x: 8, y: 8, width: 10, height: 10))
      // Every layer is still drawn, in paint order, with the (empty) clip that hides it.
      let layers = document.elements(named: "g", withClass: "layer")
      #expect(layers.map { $0.attributes["data-layer"] } == ["outer", "inner", "deep"])
      #expect(layers.last?.attributes["clip-path"] == clipURL(document, 2))
      let clip = document.elements(named: "clipPath").last.flatMap {
        rectangle($0.child(named: "rect"))
      }
      #expect(clip.map { $0.width * $0.height } == 0)
    }
  }

  @Test func boundsWiderThanADoublePlaceEveryLayerAtTheDrawingsStart() throws {
    // From x = -1e308 to 1e308 + 10: no double holds the width, so no position along x can
    // be placed; y is placed as usual (one unit per layer unit: no scale fits either).
    var tree = LayerTree()
    try tree.add("west", frame: Frame(x: -1e308, y: 0, width: 10, height: 10))
    try tree.add("east", frame: Frame(x: 1e308, y: 20, width: 10, height: 10))
    let largest = Double.greatestFiniteMagnitude
    for options in [
      RenderOptions(), RenderOptions(point: .init(x: 0, y: 5)), RenderOptions(width: 500),
      RenderOptions(height: 500), RenderOptions(width: 500, height: 400),
    ] {
      let document = try parseXML(try tree.renderSVG(options))
      let bounds = try #require(rectangle(document.elements(withClass: "bounds").first))
      let drawing = options.width ?? largest
      #expect(bounds.x == 8 && bounds.width == drawing, "\(options)")
      #expect(document.number("width") == (options.width.map { $0 + 16 } ?? largest))
      let height = options.height ?? 30
      #expect(bounds.height == 30 && bounds.y == 8 + (height - 30) / 2, "\(options)")
      let rects = try document.elements(named: "g", withClass: "layer").map {
        try #require(rectangle($0.child(named: "rect")))
      }
      #expect(rects.map(\.x) == [8, 8], "\(options)")
      #expect(rects.map(\.y) == [bounds.y, bounds.y + 20], "\(options)")
      #expect(rects.map(\.width) == [10, 10])
      if options.point != nil {
        let mark = try #require(document.elements(withClass: "point").first?.child(named: "circle"))
        #expect(mark.number("cx") == 8 && mark.number("cy") == bounds.y + 5)
      }
    }
  }

  // MARK: - Scale

  @Test func aChainOf100kLayersRendersWithoutRecursion() throws {
    let depth = 100_000
    var tree = LayerTree()
    var parent: String?
    for number in 0..<depth {
      let id = "d\(number)"
      // Every 10th layer is a group, every 3rd clips: nested clips 30 000 deep.
      let frame = number % 10 == 9 ? nil : Frame(x: 1, y: 1, width: 1e6, height: 1e6)
      try tree.add(id, under: parent, frame: frame, clips: number % 3 == 0)
      parent = id
    }
    let svg = try tree.renderSVG(
      RenderOptions(point: .init(x: 50_000, y: 50_000), width: 1000, labels: false))
    let framed = depth - depth / 10
    #expect(occurrences(of: "<g class=\"layer depth-", in: svg) == framed)
    let clipping = (0..<depth).filter { $0 % 3 == 0 && $0 % 10 != 9 }.count
    #expect(occurrences(of: "<clipPath ", in: svg) == clipping)
    #expect(occurrences(of: "data-layer=\"d99998\"", in: svg) == 1)
    let hit = try #require(try tree.hitTest(x: 50_000, y: 50_000, in: nil).last)
    #expect(occurrences(of: "data-layer=\"\(hit)\"", in: svg) == 2)  // Its shape, its outline.
    #expect(occurrences(of: " hit\" data-layer=", in: svg) == 1)
    #expect(occurrences(of: "data-layer=\"d99999\"", in: svg) == 0)  // A group.
    #expect(svg.hasSuffix("</svg>"))
  }
}

extension RenderSVGTests {
  /// The dashed outlines of the hit path are clipped as the layers' fills are: a child
  /// reaching past its clipping parent is outlined only where a tap can hit it.
  @Test func hitOutlinesAreClippedLikeTheirLayers() throws {
    var tree = LayerTree()
    try tree.add("A", frame: Frame(x: 0, y: 0, width: 100, height: 100), clips: true)
    try tree.add("C", under: "A", frame: Frame(x: 0, y: 0, width: 300, height: 100))
    try tree.add("B", frame: Frame(x: 150, y: 0, width: 100, height: 100))
    let document = try parseXML(
      try tree.renderSVG(RenderOptions(point: .init(x: 50, y: 50))))
    let outlines = document.elements(named: "rect", withClass: "hit-outline")
    #expect(outlines.map { $0.attributes["data-layer"] } == ["A", "C"])
    let layerC = try #require(
      document.elements(named: "g", withClass: "layer").first {
        $0.attributes["data-layer"] == "C"
      })
    #expect(layerC.attributes["clip-path"] == clipURL(document, 1))
    #expect(outlines.last?.attributes["clip-path"] == clipURL(document, 1))
    #expect(outlines.first?.attributes["clip-path"] == nil)  // A itself is not clipped
    // For the eye only: each layer's group already says it is on the hit path.
    let group = try #require(document.elements(named: "g", withClass: "hit-outlines").first)
    #expect(group.attributes["aria-hidden"] == "true")
    // Black labels keep 4.6:1 on any stack of the fills (#1a1a1a fell to 4.2:1).
    #expect(layerC.child(named: "text")?.attributes["fill"] == "#000000")
  }

  /// What the picture cannot show, the tooltip says: a layer that clips, and one that is
  /// not interactive (a point over it hits what is under it).
  @Test func tooltipsSayWhichLayersClipAndWhichAreNotHit() throws {
    var tree = LayerTree()
    try tree.add("P", frame: Frame(x: 0, y: 0, width: 100, height: 100), clips: true)
    try tree.add("NI", sort: 5, frame: Frame(x: 0, y: 0, width: 50, height: 50), interactive: false)
    try tree.add("badge", under: "NI", frame: Frame(x: 0, y: 0, width: 5, height: 5))
    try tree.add("group", sort: 6, interactive: false)
    try tree.add("inGroup", under: "group", frame: Frame(x: 60, y: 0, width: 5, height: 5))
    let document = try parseXML(try tree.renderSVG(RenderOptions(point: .init(x: 10, y: 10))))
    let tooltips = Dictionary(
      uniqueKeysWithValues: document.elements(named: "g", withClass: "layer").map {
        ($0.attributes["data-layer"] ?? "", $0.child(named: "title")?.text ?? "")
      })
    #expect(
      tooltips["P"]
        == "P (sort 0) frame {x: 0, y: 0, width: 100, height: 100}, clips its subtree,"
        + " hit by the point; depth 0, top level")
    #expect(
      tooltips["NI"]
        == "NI (sort 5) frame {x: 0, y: 0, width: 50, height: 50}, not interactive (neither it"
        + " nor its subtree is hit); depth 0, top level")
    // Its subtree, and that of a non-interactive group (which is not drawn), say why too.
    for id in ["badge", "inGroup"] {
      #expect(tooltips[id]?.contains(", not hit (under a non-interactive layer);") == true, "\(id)")
    }
  }

  /// A screen reader reads the layers one after another, without the nesting the colours
  /// show: each tooltip ends with the layer's depth and parent, drawn or not.
  @Test func tooltipsSayEachLayersDepthAndParent() throws {
    var tree = LayerTree()
    try tree.add("page", frame: Frame(x: 0, y: 0, width: 100, height: 100))
    try tree.add("card", under: "page", frame: Frame(x: 10, y: 10, width: 50, height: 50))
    try tree.add("group", under: "card")
    try tree.add("badge", under: "group", frame: Frame(x: 0, y: 0, width: 5, height: 5))
    func placements(_ options: RenderOptions) throws -> [String: String] {
      let document = try parseXML(try tree.renderSVG(options))
      return Dictionary(
        uniqueKeysWithValues: document.elements(named: "g", withClass: "layer").map {
          let title = $0.child(named: "title")?.text ?? ""
          return ($0.attributes["data-layer"] ?? "", String(title.split(separator: ";").last!))
        })
    }
    #expect(
      try placements(RenderOptions()) == [
        "page": " depth 0, top level", "card": " depth 1, in page",
        "badge": " depth 3, in group (not drawn: no frame)",
      ])
    // A subtree's picture: its first layer's parent is outside it.
    #expect(
      try placements(RenderOptions(id: "card")) == [
        "card": " depth 0, in page (not in this picture)",
        "badge": " depth 2, in group (not drawn: no frame)",
      ])
  }

  /// Ids that are not ASCII are set apart as bidirectional isolates in the text people read
  /// (labels, tooltips, the title), never in attributes that are data.
  @Test func idsThatAreNotASCIIAreIsolatedInTextOnly() throws {
    var tree = LayerTree()
    try tree.add("\u{202E}evil", frame: Frame(x: 0, y: 0, width: 300, height: 40))
    try tree.add("plain", frame: Frame(x: 0, y: 50, width: 300, height: 40))
    let svg = try tree.renderSVG(RenderOptions(point: .init(x: 10, y: 10)))
    let document = try parseXML(svg)
    let labels = document.elements(named: "text").map(\.text)
    #expect(labels.contains("\u{2068}\u{202E}evil\u{2069} (0)"))
    #expect(labels.contains("plain (0)"))
    #expect(svg.contains("data-layer=\"\u{202E}evil\""))
    #expect(svg.contains("hits \u{2068}\u{202E}evil\u{2069}, path \u{2068}\u{202E}evil\u{2069}"))
  }

  @Test func isolatesAreClosedBeforeTheEllipsisOfACutText() {
    #expect(Markup.isolated("abc") == "abc")
    #expect(Markup.isolated("é") == "\u{2068}é\u{2069}")
    #expect(Markup.cut("x \u{2068}\u{202E}ab") == "x \u{2068}\u{202E}ab\u{2069}\u{2026}")
    #expect(Markup.cut("\u{2068}a\u{2069} b") == "\u{2068}a\u{2069} b\u{2026}")
    // The string's own isolate controls stay inside: a closer that closes nothing of its own
    // gets an opener of its own, an opener left open its closer.
    #expect(Markup.isolated("\u{2069}\u{202E}q") == "\u{2068}\u{2068}\u{2069}\u{202E}q\u{2069}")
    #expect(Markup.isolated("\u{2067}é") == "\u{2068}\u{2067}é\u{2069}\u{2069}")
    #expect(
      Markup.isolated("\u{2066}é\u{2069}\u{2069}")
        == "\u{2068}\u{2068}\u{2066}é\u{2069}\u{2069}\u{2069}")
    // A paragraph separator would end every isolate and let the override after it out.
    for separator in ["\n", "\r", "\u{1C}", "\u{1D}", "\u{1E}", "\u{85}", "\u{2029}"] {
      #expect(
        Markup.isolated("q\(separator)\u{202E}a") == "\u{2068}q\u{FFFD}\u{202E}a\u{2069}",
        "\(separator.unicodeScalars.first!.value)")
    }
    #expect(Markup.isolated("q\u{2028}\u{202E}a") == "\u{2068}q\u{2028}\u{202E}a\u{2069}")
    #expect(Markup.isolated("q\na") == "q\na")  // ASCII: nothing to reorder
    let narrow = LayerPicture.textWidth("\u{2068}é\u{2069}", fontSize: 10)
    #expect(narrow == LayerPicture.textWidth("é", fontSize: 10))
  }
}
