import OrdoCore
import OrdoJSON
import OrdoRPC

extension Server {
  /// `layer.*` (SPEC §3), bound to `LayerTree`.
  static let layerMethods: [(String, Method)] = [
    (
      "layer.add",
      Method(params: [
        "id", "parent", "sort", "above", "below", "frame", "hidden", "interactive", "clips",
        "data",
      ]) { server, params throws(ResponseError) in
        let placement = try Server.placement(params)
        let attributes = LayerAttributes(
          frame: try Server.frame(params) ?? nil,
          hidden: try params.bool("hidden") ?? false,
          interactive: try params.bool("interactive") ?? true,
          clips: try params.bool("clips") ?? false,
          data: Server.data(params) ?? nil)
        let id = try params.id("id")
        let parent = try Server.parent(params)
        let layer = try core { () throws(CoreError) in
          try server.screen.layers.add(
            id: id, parent: parent, placement: placement, attributes: attributes)
        }
        server.result.layer(layer)
      }
    ),
    (
      "layer.remove",
      Method(params: ["id"]) { server, params throws(ResponseError) in
        let id = try params.requiredID("id")
        let removed = try core { () throws(CoreError) in try server.screen.layers.remove(id: id) }
        server.writeCount("removed", removed)
      }
    ),
    (
      "layer.update",
      Method(params: ["id", "sort", "frame", "hidden", "interactive", "clips", "data"]) {
        server, params throws(ResponseError) in
        let id = try params.requiredID("id")
        let sort = try params.integer("sort")
        let frame: FieldUpdate<Frame> =
          switch try Server.frame(params) {
          case .none: .keep
          case .some(.none): .clear
          case .some(.some(let frame)): .set(frame)
          }
        let data: FieldUpdate<RawJSON> =
          switch Server.data(params) {
          case .none: .keep
          case .some(.none): .clear
          case .some(.some(let json)): .set(json)
          }
        let hidden = try params.bool("hidden")
        let interactive = try params.bool("interactive")
        let clips = try params.bool("clips")
        let layer = try core { () throws(CoreError) in
          try server.screen.layers.update(
            id: id, sort: sort, frame: frame, hidden: hidden, interactive: interactive,
            clips: clips, data: data)
        }
        server.result.layer(layer)
      }
    ),
    (
      "layer.move",
      Method(params: ["id", "parent", "sort", "above", "below"]) {
        server, params throws(ResponseError) in
        let id = try params.requiredID("id")
        let placement = try Server.placement(params)
        let parent = try Server.parent(params)
        let layer = try core { () throws(CoreError) in
          try server.screen.layers.move(id: id, parent: parent, placement: placement)
        }
        server.result.layer(layer)
      }
    ),
    (
      "layer.bringToFront",
      Method(params: ["id"]) { server, params throws(ResponseError) in
        let id = try params.requiredID("id")
        server.result.layer(
          try core { () throws(CoreError) in try server.screen.layers.bringToFront(id: id) })
      }
    ),
    (
      "layer.sendToBack",
      Method(params: ["id"]) { server, params throws(ResponseError) in
        let id = try params.requiredID("id")
        server.result.layer(
          try core { () throws(CoreError) in try server.screen.layers.sendToBack(id: id) })
      }
    ),
    (
      "layer.get",
      Method(params: ["id"]) { server, params throws(ResponseError) in
        let id = try params.requiredID("id")
        server.result.layer(
          try core { () throws(CoreError) in try server.screen.layers.get(id: id) })
      }
    ),
    (
      "layer.children",
      Method(params: ["id", "offset", "limit"]) { server, params throws(ResponseError) in
        let id = try params.id("id")
        let offset = try params.integer("offset", in: 0...Params.maxSafeInteger) ?? 0
        let limit = try params.integer("limit", in: 0...Params.maxSafeInteger)
        let page = try core { () throws(CoreError) in
          try server.screen.layers.children(
            of: id, offset: Int(offset), limit: limit.map { Int($0) })
        }
        server.result.beginObject()
        server.result.key("total")
        server.result.int(page.total)
        server.result.key("layers")
        server.result.beginArray()
        for layer in page.layers { server.result.layer(layer) }
        server.result.endArray()
        server.result.endObject()
      }
    ),
    (
      "layer.sortRange",
      Method(params: ["id"]) { server, params throws(ResponseError) in
        let id = try params.id("id")
        let range = try core { () throws(CoreError) in
          try server.screen.layers.sortRange(of: id)
        }
        server.result.beginObject()
        server.result.key("min")
        server.result.int(range.min)
        server.result.key("max")
        server.result.int(range.max)
        server.result.endObject()
      }
    ),
    (
      "layer.tree",
      Method(params: ["id", "depth"]) { server, params throws(ResponseError) in
        let id = try params.id("id")
        let depth = try params.integer("depth", in: 0...Params.maxSafeInteger)
        let entries = try core { () throws(CoreError) in
          try server.screen.layers.tree(of: id, depth: depth.map { Int($0) })
        }
        server.writeTree(entries, virtualRoot: id == nil)
      }
    ),
    (
      "layer.paintOrder",
      Method(params: ["id"]) { server, params throws(ResponseError) in
        let id = try params.id("id")
        let ids = try core { () throws(CoreError) in try server.screen.layers.paintOrder(of: id) }
        server.result.beginObject()
        server.result.key("ids")
        server.result.strings(ids)
        server.result.endObject()
      }
    ),
    (
      "layer.hitTest",
      Method(params: ["x", "y", "id"]) { server, params throws(ResponseError) in
        let x = try params.requiredNumber("x")
        let y = try params.requiredNumber("y")
        let id = try params.id("id")
        let path = try core { () throws(CoreError) in
          try server.screen.layers.hitTest(x: x, y: y, in: id)
        }
        server.result.beginObject()
        server.result.key("id")
        server.result.string(path.last)
        server.result.key("path")
        server.result.strings(path)
        server.result.endObject()
      }
    ),
    (
      "layer.clear",
      Method(params: ["id"]) { server, params throws(ResponseError) in
        let id = try params.id("id")
        let removed = try core { () throws(CoreError) in try server.screen.layers.clear(id: id) }
        server.writeCount("removed", removed)
      }
    ),
  ]

  /// `parent`: absent → nil, `null` → top level, an id → that layer.
  private static func parent(_ params: Params) throws(ResponseError) -> LayerParent? {
    guard let member = params.member("parent") else { return nil }
    if member.isNull { return .topLevel }
    return .layer(try params.requiredID("parent"))
  }

  /// `sort`, `above`, `below`: at most one of them.
  private static func placement(_ params: Params) throws(ResponseError) -> LayerPlacement? {
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

  /// `frame`: absent → nil, `null` → `.some(nil)`, an object → the frame.
  private static func frame(_ params: Params) throws(ResponseError) -> Frame?? {
    guard let member = params.member("frame") else { return nil }
    if member.isNull { return .some(nil) }
    guard
      let frame = try params.object("frame", allowed: ["x", "y", "width", "height"])
    else { throw params.invalid("frame", expected: "an object {x, y, width, height} or null") }
    return Frame(
      x: try frame.requiredNumber("x"), y: try frame.requiredNumber("y"),
      width: try frame.requiredNumber("width", minimum: 0),
      height: try frame.requiredNumber("height", minimum: 0))
  }

  /// `data`: absent → nil, `null` → `.some(nil)`, any other JSON → kept as compact text.
  static func data(_ params: Params, name: String = "data") -> RawJSON?? {
    guard let member = params.member(name) else { return nil }
    if member.isNull { return .some(nil) }
    return RawJSON(text: member.compactText)
  }

  func writeCount(_ name: StaticString, _ count: Int) {
    result.beginObject()
    result.key(name)
    result.int(count)
    result.endObject()
  }

  /// Nests the flat pre-order `entries` without recursion: `{id, sort, hidden, children}`.
  /// With `virtualRoot`, wraps them in `{id: null, children: […]}` (entries start at level 1).
  func writeTree(_ entries: [LayerTree.TreeEntry], virtualRoot: Bool) {
    var open = 0
    if virtualRoot {
      result.beginObject()
      result.key("id")
      result.null()
      result.key("children")
      result.beginArray()
      open = 1
    }
    for entry in entries {
      while open > entry.level {
        result.endArray()
        result.endObject()
        open -= 1
      }
      result.beginObject()
      result.key("id")
      result.string(entry.id)
      result.key("sort")
      result.int(entry.sort)
      result.key("hidden")
      result.bool(entry.hidden)
      result.key("children")
      result.beginArray()
      open += 1
    }
    while open > 0 {
      result.endArray()
      result.endObject()
      open -= 1
    }
  }
}
