import OrdoCoding
import OrdoCore
import OrdoJSON
import OrdoRPC

/// `layer.*` (docs/protocol.md#layers), bound to `LayerTree`.
extension Engine {
  static func registerLayerMethods(in table: inout MethodTable) {
    table.add("layer.add", LayerAddParams.self) { engine, p throws(ResponseError) in
      try core { () throws(CoreError) in
        try engine.screen.layers.add(
          id: p.id, parent: p.parent, placement: p.placement, attributes: p.attributes)
      }
    }
    table.add("layer.remove", LayerID.self) { engine, p throws(ResponseError) in
      CountResult(
        "removed", try core { () throws(CoreError) in try engine.screen.layers.remove(id: p.id) })
    }
    table.add("layer.update", LayerUpdateParams.self) { engine, p throws(ResponseError) in
      try core { () throws(CoreError) in
        try engine.screen.layers.update(
          id: p.id, sort: p.sort, frame: p.frame, hidden: p.hidden, interactive: p.interactive,
          clips: p.clips, data: p.data)
      }
    }
    table.add("layer.move", LayerMoveParams.self) { engine, p throws(ResponseError) in
      try core { () throws(CoreError) in
        try engine.screen.layers.move(id: p.id, parent: p.parent, placement: p.placement)
      }
    }
    table.add("layer.bringToFront", LayerID.self) { engine, p throws(ResponseError) in
      try core { () throws(CoreError) in try engine.screen.layers.bringToFront(id: p.id) }
    }
    table.add("layer.sendToBack", LayerID.self) { engine, p throws(ResponseError) in
      try core { () throws(CoreError) in try engine.screen.layers.sendToBack(id: p.id) }
    }
    table.add("layer.get", LayerID.self) { engine, p throws(ResponseError) in
      try engine.query { (screen) throws(CoreError) in try screen.layers.get(id: p.id) }
    }
    table.add("layer.children", ChildrenParams.self) { engine, p throws(ResponseError) in
      ChildrenPage(
        page: try engine.query { (screen) throws(CoreError) in
          try screen.layers.children(of: p.id, offset: p.offset, limit: p.limit)
        })
    }
    table.add("layer.sortRange", OptionalLayerID.self) { engine, p throws(ResponseError) in
      SortRange(
        range: try engine.query { (screen) throws(CoreError) in
          try screen.layers.sortRange(of: p.id)
        })
    }
    table.add("layer.tree", TreeParams.self) { engine, p throws(ResponseError) in
      Tree(
        entries: try engine.query { (screen) throws(CoreError) in
          try screen.layers.tree(of: p.id, depth: p.depth)
        }, virtualRoot: p.id == nil)
    }
    table.add("layer.paintOrder", OptionalLayerID.self) { engine, p throws(ResponseError) in
      StringsResult(
        "ids",
        try engine.query { (screen) throws(CoreError) in try screen.layers.paintOrder(of: p.id) })
    }
    table.add("layer.hitTest", HitTestParams.self) { engine, p throws(ResponseError) in
      HitPath(
        path: try engine.query { (screen) throws(CoreError) in
          try screen.layers.hitTest(x: p.x, y: p.y, in: p.id)
        })
    }
    table.add("layer.render", RenderOptions.self) { engine, p throws(ResponseError) in
      SVGResult(
        svg: try engine.query { (screen) throws(CoreError) in try screen.layers.renderSVG(p) })
    }
    table.add("layer.clear", OptionalLayerID.self) { engine, p throws(ResponseError) in
      CountResult(
        "removed", try core { () throws(CoreError) in try engine.screen.layers.clear(id: p.id) })
    }
  }

  // MARK: Params

  /// `{id}`: one layer.
  struct LayerID: MethodParams {
    static let names = ["id"]
    let id: String
    init(_ params: Params) throws(ResponseError) { id = try params.requiredID("id") }
  }

  /// `{id?}`: a layer, or the top level.
  struct OptionalLayerID: MethodParams {
    static let names = ["id"]
    let id: String?
    init(_ params: Params) throws(ResponseError) { id = try params.id("id") }
  }

  struct LayerAddParams: MethodParams {
    static let names = [
      "id", "parent", "sort", "above", "below", "frame", "hidden", "interactive", "clips", "data",
    ]
    let id: String?
    let parent: LayerParent?
    let placement: LayerPlacement?
    let attributes: LayerAttributes

    init(_ params: Params) throws(ResponseError) {
      // A reserved id is refused before the frame is read (docs/protocol.md#layer-methods).
      id = try params.id("id")
      if let id { try core { () throws(CoreError) in try LayerTree.checkNotReserved(id) } }
      placement = try Engine.placement(params)
      attributes = LayerAttributes(
        frame: try Engine.frame(params) ?? nil,
        hidden: try params.bool("hidden") ?? false,
        interactive: try params.bool("interactive") ?? true,
        clips: try params.bool("clips") ?? false,
        data: Engine.data(params) ?? nil)
      parent = try Engine.parent(params)
    }
  }

  struct LayerUpdateParams: MethodParams {
    static let names = ["id", "sort", "frame", "hidden", "interactive", "clips", "data"]
    let id: String
    let sort: Int64?
    let frame: FieldUpdate<Frame>
    let data: FieldUpdate<RawJSON>
    let hidden: Bool?
    let interactive: Bool?
    let clips: Bool?

    init(_ params: Params) throws(ResponseError) {
      id = try params.requiredID("id")
      sort = try params.integer("sort")
      frame =
        switch try Engine.frame(params) {
        case .none: .keep
        case .some(.none): .clear
        case .some(.some(let frame)): .set(frame)
        }
      data =
        switch Engine.data(params) {
        case .none: .keep
        case .some(.none): .clear
        case .some(.some(let json)): .set(json)
        }
      hidden = try params.bool("hidden")
      interactive = try params.bool("interactive")
      clips = try params.bool("clips")
    }
  }

  struct LayerMoveParams: MethodParams {
    static let names = ["id", "parent", "sort", "above", "below"]
    let id: String
    let placement: LayerPlacement?
    let parent: LayerParent?

    init(_ params: Params) throws(ResponseError) {
      id = try params.requiredID("id")
      placement = try Engine.placement(params)
      parent = try Engine.parent(params)
    }
  }

  struct ChildrenParams: MethodParams {
    static let names = ["id", "offset", "limit"]
    let id: String?
    let offset: Int
    let limit: Int?

    init(_ params: Params) throws(ResponseError) {
      id = try params.id("id")
      offset = Int(try params.integer("offset", in: 0...Params.maxSafeInteger) ?? 0)
      limit = try params.integer("limit", in: 0...Params.maxSafeInteger).map { Int($0) }
    }
  }

  struct TreeParams: MethodParams {
    static let names = ["id", "depth"]
    let id: String?
    let depth: Int?

    init(_ params: Params) throws(ResponseError) {
      id = try params.id("id")
      depth = try params.integer("depth", in: 0...Params.maxSafeInteger).map { Int($0) }
    }
  }

  struct HitTestParams: MethodParams {
    static let names = ["x", "y", "id"]
    let x: Double
    let y: Double
    let id: String?

    init(_ params: Params) throws(ResponseError) {
      x = try params.requiredNumber("x")
      y = try params.requiredNumber("y")
      id = try params.id("id")
    }
  }

  /// `parent`: absent → nil, `null` → top level, an id → that layer.
  static func parent(_ params: Params) throws(ResponseError) -> LayerParent? {
    guard let member = params.member("parent") else { return nil }
    if member.isNull { return .topLevel }
    return .layer(try params.requiredID("parent"))
  }

  /// `sort`, `above`, `below`: at most one of them.
  static func placement(_ params: Params) throws(ResponseError) -> LayerPlacement? {
    let sort = try params.integer("sort")
    let above = try params.id("above")
    let below = try params.id("below")
    if above != nil && below != nil {
      throw params.invalid("below", expected: "absent when above is given")
    }
    if sort != nil && (above != nil || below != nil) {
      throw params.invalid("sort", expected: "absent when above or below is given")
    }
    if let above { return .above(above) }
    if let below { return .below(below) }
    return sort.map { .sort($0) }
  }

  /// A frame's members, laid out once.
  static let frameNames = ParamNames(["x", "y", "width", "height"])

  /// `frame`: absent → nil, `null` → `.some(nil)`, an object → the frame.
  static func frame(_ params: Params) throws(ResponseError) -> Frame?? {
    guard let member = params.member("frame") else { return nil }
    if member.isNull { return .some(nil) }
    guard let frame = try params.object("frame", names: frameNames) else {
      throw params.invalid("frame", expected: "an object {x, y, width, height} or null")
    }
    return Frame(
      x: try frame.requiredNumber("x"), y: try frame.requiredNumber("y"),
      width: try frame.requiredNumber("width", minimum: 0),
      height: try frame.requiredNumber("height", minimum: 0))
  }

  /// `data`: absent → nil, `null` → `.some(nil)`, any other JSON → kept as compact text.
  static func data(_ params: Params, name: ParamName = "data") -> RawJSON?? {
    guard let member = params.member(name) else { return nil }
    if member.isNull { return .some(nil) }
    return RawJSON(text: member.compactText)
  }

  // MARK: Results

  struct SVGResult: JSONWritable {
    let svg: String

    func write(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.key("svg")
      writer.string(svg)
      writer.endObject()
    }
  }

  struct ChildrenPage: JSONWritable {
    let page: (total: Int, layers: [Layer])

    func write(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.key("total")
      writer.int(page.total)
      writer.key("layers")
      writer.beginArray()
      for layer in page.layers { layer.write(to: &writer) }
      writer.endArray()
      writer.endObject()
    }
  }

  struct SortRange: JSONWritable {
    let range: (min: Int64?, max: Int64?)

    func write(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.key("min")
      writer.int(range.min)
      writer.key("max")
      writer.int(range.max)
      writer.endObject()
    }
  }

  struct HitPath: JSONWritable {
    let path: [String]

    func write(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.key("id")
      writer.string(path.last)
      writer.key("path")
      writer.strings(path)
      writer.endObject()
    }
  }

  /// Nests the flat pre-order `entries` without recursion: `{id, sort, hidden, children}`.
  /// With `virtualRoot`, wraps them in `{id: null, children: […]}` (entries start at level 1).
  struct Tree: JSONWritable {
    let entries: [LayerTree.TreeEntry]
    let virtualRoot: Bool

    func write(to writer: inout JSONWriter) {
      var open = 0
      if virtualRoot {
        writer.beginObject()
        writer.key("id")
        writer.null()
        writer.key("children")
        writer.beginArray()
        open = 1
      }
      for entry in entries {
        while open > entry.level {
          writer.endArray()
          writer.endObject()
          open -= 1
        }
        writer.beginObject()
        writer.key("id")
        writer.string(entry.id)
        writer.key("sort")
        writer.int(entry.sort)
        writer.key("hidden")
        writer.bool(entry.hidden)
        writer.key("children")
        writer.beginArray()
        open += 1
      }
      while open > 0 {
        writer.endArray()
        writer.endObject()
        open -= 1
      }
    }
  }
}

extension RenderOptions: MethodParams {
  public static let names = ["id", "point", "width", "height", "labels"]

  public init(_ params: Params) throws(ResponseError) {
    var point: Point?
    if let object = try params.object("point", allowed: ["x", "y"]) {
      point = Point(x: try object.requiredNumber("x"), y: try object.requiredNumber("y"))
    }
    self.init(
      id: try params.id("id"), point: point, width: try params.number("width"),
      height: try params.number("height"), labels: try params.bool("labels") ?? true)
  }
}
