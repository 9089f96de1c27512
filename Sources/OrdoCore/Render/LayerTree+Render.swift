extension LayerTree {
  /// The tree as one self-contained SVG document (`layer.render`).
  ///
  /// Framed layers are drawn in exactly `paintOrder(of: options.id)`'s order, each in its
  /// frame placed in absolute coordinates: a framed layer's children are offset by its frame's
  /// origin, a group's children use the group's own (its parent's) coordinates. A `clips` layer
  /// with a frame clips the drawing of its subtree to that frame (clips nest: each clip path is
  /// the intersection with the clips above it, and one with no area hides the subtree and
  /// leaves it out of the bounds); `clips` on a group does nothing. Hidden
  /// subtrees are left out. Each layer is a `<g class="layer depth-N" data-layer="id">` with a
  /// `<title>` (id, sort, frame), a rectangle whose colour says its depth, and, with
  /// `labels`, its id and sort as a label shrunk or cut to fit the part of the rectangle its
  /// clips leave visible (left out when it cannot fit), moved a line inwards while it would
  /// cover a label drawn before it. With `point`, the layers of
  /// `hitTest`'s path get a red outline (also redrawn dashed on top of everything) and the
  /// point is marked. A legend under the drawing explains the colours.
  ///
  /// Size: the visible bounds (every drawn frame as clipped, and the point) are scaled, with
  /// their aspect ratio, to fit `width` × `height` (centred on the axis with room left), or
  /// the one given; neither draws one unit per layer unit. The drawing sits in an 8-unit
  /// margin with the legend below it, so the document is that much larger. Nothing to draw
  /// gives an empty document of `width` × `height` (0 where not given). The text is valid XML
  /// with every string escaped (`Markup.escape`), there are no references outside the
  /// document, and the bytes depend only on the tree and the options.
  ///
  /// - Throws: `invalidParams` (`/width`, `/height`: not in (0, 100000]; `/point/x`,
  ///   `/point/y`: not finite), `notFound(.layer, id:)` for an unknown `id`.
  /// - Complexity: O(s), s the size of the subtree drawn (and O(d) memory for its depth d):
  ///   no recursion, so a 100 000-deep chain is fine.
  public func renderSVG(_ options: RenderOptions) throws(CoreError) -> String {
    var picture = LayerPicture(scene: try layerScene(options), options: options)
    return picture.draw()
  }

  /// One drawn layer of a picture as text: its nesting level below the picture's base (0: a
  /// child of the base) and what its tooltip says after its id (sort, frame, flags).
  public struct DrawnLayer: Equatable, Sendable {
    public let id: String
    /// Its parent's id (nil: the top level), and whether the picture draws that parent (a
    /// group, a layer without a frame, is not drawn).
    public let parent: String?
    public let parentIsDrawn: Bool
    public let level: Int
    public let facts: String
  }

  /// `renderSVG(options)`, and each layer it draws in paint order (bottom to top) as text:
  /// a page showing the picture lists them for a keyboard, a touch screen and a printout,
  /// which cannot open a tooltip (ordo report). One scene serves both; `layer.render`,
  /// which needs no list, calls `renderSVG`.
  /// - Complexity: as `renderSVG`.
  public func renderSVGAndDrawnLayers(_ options: RenderOptions) throws(CoreError) -> (
    svg: String, layers: [DrawnLayer]
  ) {
    let scene = try layerScene(options)
    var picture = LayerPicture(scene: scene, options: options)
    let layers = scene.shapes.map { shape in
      let parent: (id: String?, drawn: Bool) =
        switch shape.parent {
        case .none: (nil, true)
        case .layer(let id, let drawn): (id, drawn)
        case .outside(let id): (id, false)
        }
      return DrawnLayer(
        id: shape.id, parent: parent.id, parentIsDrawn: parent.drawn, level: shape.level,
        facts: LayerPicture.facts(shape))
    }
    return (picture.draw(), layers)
  }

  /// The scene `options` ask for, validated.
  private func layerScene(_ options: RenderOptions) throws(CoreError) -> LayerScene {
    try options.validate()
    let painted = try paintOrder(of: options.id)
    var hitPath: [String] = []
    if let point = options.point {
      hitPath = try hitTest(x: point.x, y: point.y, in: options.id)
    }
    var base = Self.rootSlot
    if let id = options.id { base = parents[Int(try slot(of: id))] }
    return layerScene(painted: painted, below: base, hitPath: hitPath)
  }

  /// The drawn layers of `painted` (a paint order whose first layer's parent is `base`) in
  /// absolute coordinates, with their clips.
  /// - Complexity: O(n) for n layers painted.
  private func layerScene(painted: [String], below base: Int32, hitPath: [String]) -> LayerScene {
    var scene = LayerScene(hitPath: hitPath)
    let onPath = Set(hitPath)
    // The ancestors of the layer being placed, from `base` down; `base` is never popped.
    var ancestors = [
      LayerScene.Ancestor(slot: base, originX: 0, originY: 0, clip: nil, level: -1)
    ]
    for id in painted {
      guard let slot = lookUp(id) else { continue }
      let row = Int(slot)
      while ancestors.count > 1, let last = ancestors.last, last.slot != parents[row] {
        ancestors.removeLast()
      }
      guard let parent = ancestors.last else { continue }
      var placed = LayerScene.Ancestor(
        slot: slot, originX: parent.originX, originY: parent.originY, clip: parent.clip,
        level: parent.level + 1,
        hittable: parent.hittable && flags[row].contains(.interactive))
      if flags[row].contains(.framed) {
        let own = frame(at: row)
        let frame = Frame(
          x: parent.originX + own.x, y: parent.originY + own.y, width: own.width,
          height: own.height)
        scene.shapes.append(
          LayerScene.Shape(
            id: id, sort: sorts[row], ownFrame: own, frame: frame, clip: parent.clip,
            level: placed.level, parent: placement(under: parent, isBase: ancestors.count == 1),
            onHitPath: onPath.contains(id),
            isHit: hitPath.last == id, clips: flags[row].contains(.clips),
            interactive: flags[row].contains(.interactive), underNonInteractive: !parent.hittable))
        placed.originX = frame.x
        placed.originY = frame.y
        placed.drawn = true
        if flags[row].contains(.clips) {
          let clip = parent.clip.map { scene.clips[$0].clamped(to: frame) } ?? frame
          scene.clips.append(clip)
          placed.clip = scene.clips.count - 1
        }
      }
      ancestors.append(placed)
    }
    return scene
  }

  /// Where a layer placed right under `parent` sits; `isBase`: `parent` is the walk's base.
  private func placement(under parent: LayerScene.Ancestor, isBase: Bool) -> LayerScene.Parent {
    guard parent.slot != Self.rootSlot else { return .none }
    let id = ids[Int(parent.slot)]
    return isBase ? .outside(id) : .layer(id, drawn: parent.drawn)
  }
}

/// What `renderSVG` draws, in absolute layer coordinates.
struct LayerScene {
  /// A layer on the walk's stack: where its children's frames start and what clips them.
  struct Ancestor {
    var slot: Int32
    var originX: Double
    var originY: Double
    /// Index into `clips`; nil: nothing clips.
    var clip: Int?
    /// 0 for the layers drawn first (top level, or the layer asked for).
    var level: Int
    /// Whether a layer under it can be hit: no ancestor below `base` is non-interactive.
    var hittable = true
    /// Whether it is drawn (framed, and not `base`).
    var drawn = false
  }

  /// Where a drawn layer sits, for its tooltip: a screen reader reads the picture's layers
  /// one after another, without the nesting the colours show.
  enum Parent {
    /// A layer at the top of the tree.
    case none
    /// `id`, drawn in the picture, or not (a group: it has no frame).
    case layer(String, drawn: Bool)
    /// `id`, outside the picture: the parent of the layer `layer.render {id}` asked for.
    case outside(String)
  }

  /// One framed layer, in paint order.
  struct Shape {
    var id: String
    var sort: Int64
    /// The frame as set, in its parent's coordinates (for the tooltip).
    var ownFrame: Frame
    /// The frame in absolute coordinates.
    var frame: Frame
    var clip: Int?
    var level: Int
    var parent: Parent
    var onHitPath: Bool
    /// The layer the point hits (the last of the path).
    var isHit: Bool
    /// Whether it clips its subtree, and whether hit testing can stop at it (for the
    /// tooltip: a point over a non-interactive layer hits what is under it).
    var clips = false
    var interactive = true
    /// Whether an ancestor (a group included) is not interactive, so it is not hit either.
    var underNonInteractive = false
  }

  var shapes: [Shape] = []
  /// Clip rectangles in absolute coordinates, each already cut by the clips above it.
  var clips: [Frame] = []
  var hitPath: [String]
}

extension Frame {
  /// The part of this frame inside `other`; an empty frame (at the nearest corner) when they
  /// do not overlap.
  func clamped(to other: Frame) -> Frame {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(x + width, other.x + other.width)
    let bottom = min(y + height, other.y + other.height)
    return Frame(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
  }

  /// Whether this frame and `other` share some area (edges alone do not count).
  func overlaps(_ other: Frame) -> Bool {
    x < other.x + other.width && other.x < x + width && y < other.y + other.height
      && other.y < y + height
  }

  /// Whether the frame covers some area (a width and a height above 0).
  var hasArea: Bool { width > 0 && height > 0 }

  /// Whether this frame and `other` share at least a point (edges included).
  func touches(_ other: Frame) -> Bool {
    x <= other.x + other.width && other.x <= x + width && y <= other.y + other.height
      && other.y <= y + height
  }
}

/// The SVG text of a `LayerScene`: layout (bounds, scale, margin) and drawing.
struct LayerPicture {
  /// Fill and outline per depth (depth modulo the count), as `#rrggbb`.
  static let depthColours: [(fill: String, stroke: String)] = [
    ("#4e79a7", "#2f4b69"), ("#f28e2b", "#9a5512"), ("#59a14f", "#33652c"),
    ("#76b7b2", "#3f7a75"), ("#edc948", "#927a17"), ("#b07aa1", "#6f4563"),
    ("#ff9da7", "#b5505c"), ("#9c755f", "#5f4436"),
  ]
  static let hitColour = "#d50000"
  static let margin = 8.0
  static let fontSize = 11.0
  static let smallestFontSize = 6.0
  /// The width of a character of the monospace font, in ems (wide characters count double).
  static let characterWidth = 0.6

  let scene: LayerScene
  let options: RenderOptions
  var writer = MarkupWriter()
  var labels = LabelSpace()
  /// What the clips' ids start with (`drawClips`).
  var clipPrefix = "ordo-clip-"

  init(scene: LayerScene, options: RenderOptions) {
    self.scene = scene
    self.options = options
    writer = MarkupWriter(capacity: 256 + scene.shapes.count * 320)
  }

  // MARK: - Layout

  /// The visible bounds: every drawn frame as clipped, and the point. Nil: nothing to draw.
  private func visibleBounds() -> Frame? {
    var bounds: (left: Double, top: Double, right: Double, bottom: Double)?
    func include(_ frame: Frame) {
      guard let current = bounds else {
        bounds = (frame.x, frame.y, frame.x + frame.width, frame.y + frame.height)
        return
      }
      bounds = (
        min(current.left, frame.x), min(current.top, frame.y),
        max(current.right, frame.x + frame.width), max(current.bottom, frame.y + frame.height)
      )
    }
    for shape in scene.shapes {
      guard let clip = shape.clip.map({ scene.clips[$0] }) else {
        include(shape.frame)
        continue
      }
      // A clip with no area (clips that do not overlap, or a clipping frame of width or
      // height 0) leaves nothing of its subtree to see.
      if clip.hasArea, shape.frame.touches(clip) { include(shape.frame.clamped(to: clip)) }
    }
    if let point = options.point { include(Frame(x: point.x, y: point.y, width: 0, height: 0)) }
    return bounds.map {
      Frame(x: $0.left, y: $0.top, width: $0.right - $0.left, height: $0.bottom - $0.top)
    }
  }

  /// Maps layer coordinates to the document's.
  struct Viewport {
    var bounds: Frame
    var scaleX: Double
    var scaleY: Double
    /// Where `bounds`' origin lands.
    var left: Double
    var top: Double
    /// The size of the drawing area.
    var width: Double
    var height: Double
    /// Whether positions along each axis can be placed. Bounds wider (or taller) than a
    /// double can hold, from frames near ±1.8e308, cannot: every position along that axis is
    /// the drawing's start, and the bounds span the whole drawing.
    var placesX: Bool
    var placesY: Bool

    /// One scale for both axes, so a picture of a layout is never distorted: the largest
    /// that fits the size asked (both `width` and `height`: the drawing is centred on the
    /// other axis); 1 when neither is given, or the bounds have no extent where one is (an
    /// extent so small that the size over it is no finite number counts as none), or when
    /// the scale would make the other extent overflow.
    init(bounds: Frame, width wanted: Double?, height wantedHeight: Double?) {
      self.bounds = bounds
      func scale(_ size: Double?, over extent: Double) -> Double? {
        guard let size, extent > 0 else { return nil }
        let scale = size / extent
        return scale.isFinite ? scale : nil
      }
      let fits = [scale(wanted, over: bounds.width), scale(wantedHeight, over: bounds.height)]
      var scale = fits.compactMap { $0 }.min() ?? 1
      // Finite over one extent may still overflow over the other (1e-305 wide, 10 high).
      if !(bounds.width * scale).isFinite || !(bounds.height * scale).isFinite { scale = 1 }
      scaleX = scale
      scaleY = scale
      let drawnWidth = bounds.width * scale
      let drawnHeight = bounds.height * scale
      placesX = drawnWidth.isFinite
      placesY = drawnHeight.isFinite
      width = wanted ?? (placesX ? drawnWidth : .greatestFiniteMagnitude)
      height = wantedHeight ?? (placesY ? drawnHeight : .greatestFiniteMagnitude)
      // A drawing with no extent on one axis is centred on it.
      left = LayerPicture.margin + (placesX ? (width - drawnWidth) / 2 : 0)
      top = LayerPicture.margin + (placesY ? (height - drawnHeight) / 2 : 0)
    }

    func x(_ value: Double) -> Double { placesX ? left + (value - bounds.x) * scaleX : left }
    func y(_ value: Double) -> Double { placesY ? top + (value - bounds.y) * scaleY : top }

    /// The visible bounds' rectangle in the document.
    var drawnBounds: Frame {
      Frame(
        x: left, y: top, width: placesX ? bounds.width * scaleX : width,
        height: placesY ? bounds.height * scaleY : height)
    }

    func map(_ frame: Frame) -> Frame {
      Frame(
        x: x(frame.x), y: y(frame.y), width: frame.width * scaleX, height: frame.height * scaleY)
    }
  }

  // MARK: - Drawing

  /// The title of a picture with nothing in it (no framed layer visible, no point).
  static let nothingToDrawTitle = "Ordo layers: nothing to draw"

  mutating func draw() -> String {
    guard let bounds = visibleBounds() else {
      let width = Markup.number(options.width ?? 0)
      let height = Markup.number(options.height ?? 0)
      writer.open(
        "svg",
        [
          "xmlns": "http://www.w3.org/2000/svg", "class": "ordo-layers", "width": width,
          "height": height, "viewBox": "0 0 \(width) \(height)",
        ])
      writer.element("title", text: Self.nothingToDrawTitle)
      writer.close("svg")
      return writer.output
    }
    let viewport = Viewport(bounds: bounds, width: options.width, height: options.height)
    let drawnBounds = viewport.drawnBounds
    let deepest = scene.shapes.reduce(0) { max($0, $1.level) }
    let legendTop = Self.margin + viewport.height + 10
    let legend = self.legend(top: legendTop, deepest: deepest)
    let documentWidth = max(viewport.width + 2 * Self.margin, legend.right)
    let documentHeight = legendTop + 14 + Self.margin
    let width = Markup.number(documentWidth)
    let height = Markup.number(documentHeight)
    writer.open(
      "svg",
      [
        "xmlns": "http://www.w3.org/2000/svg", "class": "ordo-layers", "width": width,
        "height": height, "viewBox": "0 0 \(width) \(height)", "font-family": "monospace",
        "font-size": Markup.number(Self.fontSize),
      ])
    writer.element("title", text: documentTitle())
    drawClips(viewport)
    writer.empty(
      "rect",
      [
        "class": "background", "x": "0", "y": "0", "width": width, "height": height,
        "fill": "#ffffff",
      ])
    writer.empty(
      "rect",
      [
        "class": "bounds", "x": Markup.number(drawnBounds.x),
        "y": Markup.number(drawnBounds.y), "width": Markup.number(drawnBounds.width),
        "height": Markup.number(drawnBounds.height), "fill": "#f7f7f7",
        "stroke": "#c8c8c8", "stroke-width": "0.5", "stroke-dasharray": "2 2",
      ])
    writer.open("g", ["class": "layers"])
    for shape in scene.shapes { drawLayer(shape, viewport) }
    writer.close("g")
    drawHitPath(viewport)
    writer.raw(legend.markup)
    writer.close("svg")
    return writer.output
  }

  private func documentTitle() -> String {
    var title = "Ordo layers: \(scene.shapes.count) drawn"
    if let id = options.id { title += " under \(Markup.isolated(id))" }
    if let point = options.point {
      title += "; point (\(Markup.exactNumber(point.x)), \(Markup.exactNumber(point.y)))"
      title +=
        scene.hitPath.last.map {
          " hits \(Markup.isolated($0)), path \(Self.shortPath(scene.hitPath))"
        }
        ?? " hits nothing"
    }
    return title
  }

  /// `a > b > c`, or for a long path its 3 first and 3 last ids around the number left out.
  static func shortPath(_ path: [String]) -> String {
    let path = path.map(Markup.isolated)
    guard path.count > 8 else { return path.joined(separator: " > ") }
    return (path.prefix(3) + ["(\(path.count - 6) more)"] + path.suffix(3))
      .joined(separator: " > ")
  }

  private mutating func drawClips(_ viewport: Viewport) {
    guard !scene.clips.isEmpty else { return }
    let mapped = scene.clips.map(viewport.map)
    // Ids are global to an HTML page: two pictures inlined in one page (numbered alike)
    // took each other's clips. The clips' own rectangles, as drawn, name them, so the bytes
    // still depend only on the tree and the options, and pictures that share ids share
    // their clips too.
    var hash: UInt32 = 2_166_136_261  // FNV-1a
    for frame in mapped {
      for value in [frame.x, frame.y, frame.width, frame.height] {
        var bits = value.bitPattern
        for _ in 0..<8 {
          hash = (hash ^ UInt32(truncatingIfNeeded: bits & 0xFF)) &* 16_777_619
          bits >>= 8
        }
      }
    }
    clipPrefix = "ordo-clip-" + String(hash, radix: 16) + "-"
    writer.open("defs")
    for (index, clip) in mapped.enumerated() {
      writer.open("clipPath", ["id": clipID(index)])
      writer.empty(
        "rect",
        [
          "x": Markup.number(clip.x), "y": Markup.number(clip.y),
          "width": Markup.number(clip.width), "height": Markup.number(clip.height),
        ])
      writer.close("clipPath")
    }
    writer.close("defs")
  }

  /// The id of clip `index` (`ordo-clip-TAG-N`, TAG from the clips' rectangles).
  func clipID(_ index: Int) -> String { clipPrefix + String(index + 1) }

  /// The `clip-path` of a shape: its clip's `url(#…)`, nil when nothing clips it.
  func clipPath(of shape: LayerScene.Shape) -> String? {
    shape.clip.map { "url(#\(clipID($0)))" }
  }

  private static func colours(level: Int) -> (fill: String, stroke: String) {
    depthColours[level % depthColours.count]
  }

  private mutating func drawLayer(_ shape: LayerScene.Shape, _ viewport: Viewport) {
    let mapped = viewport.map(shape.frame)
    let colours = Self.colours(level: shape.level)
    var classes = "layer depth-\(shape.level)"
    if shape.onHitPath { classes += " hit-path" }
    if shape.isHit { classes += " hit" }
    writer.open(
      "g",
      [
        "class": classes, "data-layer": shape.id,
        "clip-path": clipPath(of: shape),
      ])
    writer.element("title", text: Self.tooltip(shape))
    let width = Markup.number(mapped.width)
    let height = Markup.number(mapped.height)
    let stroke = shape.onHitPath ? Self.hitColour : colours.stroke
    writer.empty(
      "rect",
      [
        "x": Markup.number(mapped.x), "y": Markup.number(mapped.y), "width": width,
        "height": height, "fill": colours.fill, "fill-opacity": "0.3", "stroke": stroke,
        "stroke-width": shape.isHit ? "3" : shape.onHitPath ? "2" : "1",
      ])
    if width == "0" || height == "0" {
      // SVG draws no rectangle without width or height, not even its outline: the layer
      // would be counted as drawn yet show nothing, its tooltip out of reach. A line along
      // it (a dot when it has neither) shows where it is.
      writer.empty(
        "line",
        [
          "class": "empty-frame", "x1": Markup.number(mapped.x), "y1": Markup.number(mapped.y),
          "x2": Markup.number(mapped.x + mapped.width),
          "y2": Markup.number(mapped.y + mapped.height), "stroke": stroke, "stroke-width": "3",
          "stroke-linecap": "round",
        ])
    }
    // The label goes in the part of the frame its clips leave visible: placed in the whole
    // frame, a clipped child's label could be cut away while the child still shows.
    let visible = shape.clip.map { mapped.clamped(to: viewport.map(scene.clips[$0])) } ?? mapped
    if options.labels, let label = Self.label(for: shape, in: visible) {
      let baseline = placeLabel(label, in: visible, fromTop: shape.level % 2 == 0)
      // Black: on any stack of the fills, down to the darkest fill's own colour (eight
      // full-screen top-level layers), it keeps 4.6:1; #1a1a1a fell to 4.2:1 there.
      writer.element(
        "text",
        [
          "x": Markup.number(visible.x + 2), "y": Markup.number(baseline),
          "font-size": Markup.number(label.fontSize), "fill": "#000000",
        ], text: label.text)
    }
    writer.close("g")
  }

  /// The baseline of `label` in `visible`: at its top edge (`fromTop`) or bottom edge (odd
  /// depths, so a child that fills its parent does not hide the parent's), moved a line
  /// inwards, while there is room, until it covers no label placed before (siblings that
  /// share a corner, as full-screen sheets and dialogs do, would print one on the other).
  private mutating func placeLabel(
    _ label: (text: String, fontSize: Double), in visible: Frame, fromTop: Bool
  ) -> Double {
    let size = label.fontSize
    let step = fromTop ? 1.25 * size : -1.25 * size
    let first = fromTop ? visible.y + 1 + size : visible.y + visible.height - 0.3 * size - 1
    let width = Self.textWidth(label.text, fontSize: size)
    func box(_ baseline: Double) -> Frame {
      Frame(x: visible.x + 2, y: baseline - 0.95 * size, width: width, height: 1.25 * size)
    }
    var baseline = first
    for attempt in 0..<8 {
      let candidate = box(baseline)
      // The edge's place is taken even when the label is taller than the layer (it is drawn
      // there); a place further in only while the layer has room for it.
      let inside =
        candidate.y >= visible.y && candidate.y + candidate.height <= visible.y + visible.height
      if attempt > 0 && !inside { break }
      if labels.isFree(candidate) {
        labels.insert(candidate)
        return baseline
      }
      baseline += step
    }
    // Not kept: the boxes kept never overlap, so a cell holds few of them, however many
    // labels share one place.
    return first
  }

  /// The full description of a layer, for its `<title>`: its id, its facts, and its depth
  /// and parent (which the report's table gives in columns of their own).
  static func tooltip(_ shape: LayerScene.Shape) -> String {
    let place: String
    switch shape.parent {
    case .none: place = "top level"
    case .layer(let id, drawn: true): place = "in " + Markup.isolated(id)
    case .layer(let id, drawn: false): place = "in \(Markup.isolated(id)) (not drawn: no frame)"
    case .outside(let id): place = "in \(Markup.isolated(id)) (not in this picture)"
    }
    return Markup.isolated(shape.id) + " " + facts(shape) + "; depth \(shape.level), " + place
  }

  /// The tooltip after the id: sort, frame, flags.
  static func facts(_ shape: LayerScene.Shape) -> String {
    let frame = shape.ownFrame
    var text =
      "(sort \(shape.sort)) frame {x: \(Markup.exactNumber(frame.x)),"
      + " y: \(Markup.exactNumber(frame.y)), width: \(Markup.exactNumber(frame.width)),"
      + " height: \(Markup.exactNumber(frame.height))}"
    if shape.clips { text += ", clips its subtree" }
    if !shape.interactive {
      text += ", not interactive (neither it nor its subtree is hit)"
    } else if shape.underNonInteractive {
      text += ", not hit (under a non-interactive layer)"
    }
    if shape.isHit {
      text += ", hit by the point"
    } else if shape.onHitPath {
      text += ", on the hit path"
    }
    return text
  }

  /// The label `id (sort)` at the largest size up to `fontSize` that fits `box` in height, cut
  /// with an ellipsis to fit its width; in a box too narrow for one character and the
  /// ellipsis at that size, the first character at the size at which they fit; nil when
  /// that is below `smallestFontSize`.
  static func label(for shape: LayerScene.Shape, in box: Frame) -> (text: String, fontSize: Double)?
  {
    let fontSize = min(Self.fontSize, box.height - 2)
    guard fontSize >= smallestFontSize, box.width.isFinite, box.height.isFinite else {
      return nil
    }
    let room = box.width - 4
    let full = "\(Markup.isolated(shape.id)) (\(shape.sort))"
    if textWidth(full, fontSize: fontSize) <= room { return (full, fontSize) }
    if let cut = cut(full, at: fontSize, into: room) { return (cut, fontSize) }
    // Narrow (a 16-unit column): the height allowed a size the width does not. The first
    // visible character (direction controls take no room) and the ellipsis, in cells.
    var cells = characterWidth
    for character in full {
      cells += textWidth(character, fontSize: 1)
      if textWidth(character, fontSize: 1) > 0 { break }
    }
    let narrower = room / cells
    guard narrower >= smallestFontSize, let cut = cut(full, at: narrower, into: room) else {
      return nil
    }
    return (cut, narrower)
  }

  /// `text` cut to what fits `room` at `fontSize` with an ellipsis after it; nil when
  /// nothing does.
  private static func cut(_ text: String, at fontSize: Double, into room: Double) -> String? {
    var used = characterWidth * fontSize
    var kept = ""
    for character in text {
      let width = textWidth(character, fontSize: fontSize)
      if used + width > room { break }
      used += width
      kept.append(character)
    }
    return kept.contains { textWidth($0, fontSize: 1) > 0 } ? Markup.cut(kept) : nil
  }

  /// The estimated width of `text` in the monospace font: ASCII characters are one cell,
  /// direction controls (the isolates of `Markup.isolated` among them) none, others two.
  static func textWidth(_ text: some StringProtocol, fontSize: Double) -> Double {
    text.reduce(0) { $0 + textWidth($1, fontSize: fontSize) }
  }

  static func textWidth(_ character: Character, fontSize: Double) -> Double {
    if character.isASCII { return characterWidth * fontSize }
    // Direction controls (Markup.isolated's among them) take no room.
    if character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
      (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        || scalar.value == 0x200E || scalar.value == 0x200F
    {
      return 0
    }
    return 2 * characterWidth * fontSize
  }

  private mutating func drawHitPath(_ viewport: Viewport) {
    guard let point = options.point else { return }
    // The outlines repeat, for the eye, what each hit layer's group already says (its
    // tooltip, kept here for the pointer): a screen reader would name each layer twice.
    writer.open("g", ["class": "hit-outlines", "aria-hidden": "true"])
    for shape in scene.shapes where shape.onHitPath {
      let mapped = viewport.map(shape.frame)
      writer.open(
        "rect",
        [
          "class": "hit-outline", "data-layer": shape.id, "x": Markup.number(mapped.x),
          "y": Markup.number(mapped.y), "width": Markup.number(mapped.width),
          "height": Markup.number(mapped.height), "fill": "none", "stroke": Self.hitColour,
          "stroke-width": "1.5", "stroke-dasharray": "5 3",
          // Clipped as the layer's fill is: where a clipping ancestor cuts the layer off, a
          // tap hits what lies below, and the outline must not say otherwise.
          "clip-path": clipPath(of: shape),
        ])
      writer.element("title", text: Self.tooltip(shape))
      writer.close("rect")
    }
    writer.close("g")
    let x = viewport.x(point.x)
    let y = viewport.y(point.y)
    writer.open("g", ["class": "point"])
    var title = "point (\(Markup.exactNumber(point.x)), \(Markup.exactNumber(point.y)))"
    title +=
      scene.hitPath.last.map {
        ": hits \(Markup.isolated($0)), path \(Self.shortPath(scene.hitPath))"
      }
      ?? ": hits nothing"
    writer.element("title", text: title)
    writer.empty(
      "circle",
      [
        "cx": Markup.number(x), "cy": Markup.number(y), "r": "5", "fill": Self.hitColour,
        "fill-opacity": "0.25", "stroke": Self.hitColour, "stroke-width": "1.5",
      ])
    for (x1, y1, x2, y2) in [(x - 8, y, x + 8, y), (x, y - 8, x, y + 8)] {
      writer.empty(
        "line",
        [
          "x1": Markup.number(x1), "y1": Markup.number(y1), "x2": Markup.number(x2),
          "y2": Markup.number(y2), "stroke": Self.hitColour, "stroke-width": "1",
        ])
    }
    writer.close("g")
  }

  // MARK: - Legend

  /// The legend's markup, a row starting at `top`, and where its right end is.
  private func legend(top: Double, deepest: Int) -> (markup: String, right: Double) {
    let fontSize = 10.0
    let step = Self.characterWidth * fontSize
    let baseline = Markup.number(top + 10)
    var x = Self.margin
    var writer = MarkupWriter()
    writer.open("g", ["class": "legend", "font-size": Markup.number(fontSize)])
    func caption(_ writer: inout MarkupWriter, _ text: String, at x: inout Double) {
      writer.element("text", ["x": Markup.number(x), "y": baseline, "fill": "#333333"], text: text)
      x += Double(text.count) * step + 8
    }
    caption(&writer, "depth", at: &x)
    for level in 0..<min(deepest + 1, Self.depthColours.count) {
      let colours = Self.colours(level: level)
      writer.empty(
        "rect",
        [
          "class": "swatch depth-\(level)", "x": Markup.number(x), "y": Markup.number(top),
          "width": "12", "height": "12", "fill": colours.fill, "fill-opacity": "0.3",
          "stroke": colours.stroke,
        ])
      x += 14
      caption(&writer, String(level), at: &x)
    }
    if deepest >= Self.depthColours.count { caption(&writer, "(colours repeat)", at: &x) }
    if options.point != nil {
      writer.empty(
        "rect",
        [
          "class": "swatch hit-path", "x": Markup.number(x), "y": Markup.number(top),
          "width": "12", "height": "12", "fill": "none", "stroke": Self.hitColour,
          "stroke-width": "1.5", "stroke-dasharray": "5 3",
        ])
      x += 14
      caption(&writer, "hit path", at: &x)
      writer.empty(
        "circle",
        [
          "class": "swatch point", "cx": Markup.number(x + 6), "cy": Markup.number(top + 6),
          "r": "5", "fill": Self.hitColour, "fill-opacity": "0.25", "stroke": Self.hitColour,
        ])
      x += 14
      caption(&writer, "point", at: &x)
    }
    if options.labels { caption(&writer, "label: id (sort)", at: &x) }
    writer.close("g")
    return (writer.output, x)
  }
}

/// The boxes of the labels placed so far, filed by the cells of a grid they cover, so that
/// checking a new label against them is about constant time, whatever the picture holds.
struct LabelSpace {
  private static let cell = 64.0
  private struct Cell: Hashable {
    let x: Int
    let y: Int
  }
  private var cells: [Cell: [Frame]] = [:]

  /// The cells `box` covers; nil for a box too far out or too large to file (it is then
  /// neither checked nor kept: only its label's place is at stake).
  private static func cells(of box: Frame) -> (xs: ClosedRange<Int>, ys: ClosedRange<Int>)? {
    func range(_ low: Double, _ high: Double) -> ClosedRange<Int>? {
      let first = (low / cell).rounded(.down)
      let last = (high / cell).rounded(.down)
      guard first.isFinite, last.isFinite, abs(first) < 1e12, abs(last) < 1e12,
        last - first < 1024
      else { return nil }
      return Int(first)...Int(last)
    }
    guard let xs = range(box.x, box.x + box.width), let ys = range(box.y, box.y + box.height)
    else { return nil }
    return (xs, ys)
  }

  func isFree(_ box: Frame) -> Bool {
    guard let (xs, ys) = Self.cells(of: box) else { return true }
    for x in xs {
      for y in ys {
        if let placed = cells[Cell(x: x, y: y)], placed.contains(where: { $0.overlaps(box) }) {
          return false
        }
      }
    }
    return true
  }

  mutating func insert(_ box: Frame) {
    guard let (xs, ys) = Self.cells(of: box) else { return }
    for x in xs {
      for y in ys { cells[Cell(x: x, y: y), default: []].append(box) }
    }
  }
}
