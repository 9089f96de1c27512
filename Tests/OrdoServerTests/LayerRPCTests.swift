import OrdoJSON
import Testing

/// Every `layer.*` method and its errors, through the real binary.
@Suite struct LayerRPCTests {
  private func ids(_ value: JSONValue?) -> [String] {
    guard let value else { return [] }
    return (0..<value.count).compactMap { value[$0]?["id"]?.string ?? value[$0]?.string }
  }

  @Test func addPlacesBySortNewestOnTopAmongEquals() throws {
    let engine = try EngineSession()
    for (id, sort) in [("a", 5), ("b", 1), ("c", 5), ("d", 9), ("e", 5)] {
      try engine.result("layer.add", #"{"id":"\#(id)","sort":\#(sort)}"#)
    }
    let children = try engine.result("layer.children")
    #expect(children["total"]?.integer == 5)
    #expect(ids(children["layers"]) == ["b", "a", "c", "e", "d"])
    #expect(children["layers"]?[3]?["index"]?.integer == 3)
    let range = try engine.result("layer.sortRange")
    #expect(range["min"]?.integer == 1)
    #expect(range["max"]?.integer == 9)
  }

  @Test func aboveAndBelowAdoptTheSiblingSort() throws {
    let engine = try EngineSession()
    try engine.result("layer.add", #"{"id":"p"}"#)
    try engine.result("layer.add", #"{"id":"x","parent":"p","sort":3}"#)
    try engine.result("layer.add", #"{"id":"y","parent":"p","sort":3}"#)
    let above = try engine.result("layer.add", #"{"id":"n","above":"x"}"#)
    #expect(above["sort"]?.integer == 3)
    #expect(above["parent"]?.string == "p")
    #expect(above["index"]?.integer == 1)
    let below = try engine.result("layer.add", #"{"id":"m","below":"x"}"#)
    #expect(below["index"]?.integer == 0)
    #expect(
      ids(try engine.result("layer.children", #"{"id":"p"}"#)["layers"]) == ["m", "x", "n", "y"])
    let conflict = try engine.call("layer.add", #"{"above":"x","sort":1}"#)
    #expect(conflict.errorCode == -32602)
    #expect(conflict.errorData?["path"]?.string == "/sort")
    let both = try engine.call("layer.add", #"{"above":"x","below":"y"}"#)
    #expect(both.errorCode == -32602)
  }

  @Test func generatedIDsAndErrors() throws {
    let engine = try EngineSession()
    let generated = try engine.result("layer.add")
    #expect(generated["id"]?.string == "layer-1")
    let duplicate = try engine.call("layer.add", #"{"id":"layer-1"}"#)
    #expect(duplicate.errorCode == -32002)
    #expect(duplicate.errorData?["kind"]?.string == "layer")
    #expect(duplicate.errorData?["id"]?.string == "layer-1")
    let orphan = try engine.call("layer.add", #"{"parent":"ghost"}"#)
    #expect(orphan.errorCode == -32001)
    #expect(orphan.errorData?["id"]?.string == "ghost")
    let reserved = try engine.call("layer.add", #"{"id":"alert:x"}"#)
    #expect(reserved.errorCode == -32602)
    #expect(reserved.errorData?["path"]?.string == "/id")
    let badFrame = try engine.call(
      "layer.add", #"{"id":"f","frame":{"x":0,"y":0,"width":-1,"height":1}}"#)
    #expect(badFrame.errorCode == -32602)
    #expect(badFrame.errorData?["path"]?.string == "/frame/width")
    #expect(try engine.call("layer.get", #"{"id":"f"}"#).errorCode == -32001)
    let stats = try engine.result("engine.stats")
    #expect(stats["layers"]?.integer == 1)
  }

  @Test func aReservedIDIsRefusedBeforeTheFrameIsRead() throws {
    let engine = try EngineSession()
    for frame in [#"{"x":0,"y":0,"width":-1,"height":0}"#, #"{"x":0}"#] {
      let refused = try engine.call("layer.add", #"{"id":"alert:z","frame":\#(frame)}"#)
      #expect(refused.errorCode == -32602 && refused.errorData?["path"]?.string == "/id")
    }
    let bad = try engine.call("layer.add", #"{"id":"fine","frame":{"x":0}}"#)
    #expect(bad.errorData?["path"]?.string == "/frame/y")
  }

  @Test func updateChangesFieldsAndResortsOnlyOnAChangedSort() throws {
    let engine = try EngineSession()
    try engine.result("layer.add", #"{"id":"a","sort":1,"data":{"keep":true}}"#)
    try engine.result("layer.add", #"{"id":"b","sort":1}"#)
    let same = try engine.result("layer.update", #"{"id":"a","sort":1,"hidden":true}"#)
    #expect(same["index"]?.integer == 0)
    #expect(same["hidden"]?.bool == true)
    #expect(same["data"]?["keep"]?.bool == true)
    let framed = try engine.result(
      "layer.update", #"{"id":"a","frame":{"x":1,"y":2,"width":3,"height":4.5},"data":null}"#)
    #expect(framed["frame"]?["height"]?.number == 4.5)
    #expect(framed["data"] == nil)
    let cleared = try engine.result("layer.update", #"{"id":"a","frame":null,"sort":2}"#)
    #expect(cleared["frame"] == nil)
    #expect(cleared["index"]?.integer == 1)
  }

  @Test func moveReparentsAndRefusesCycles() throws {
    let engine = try EngineSession()
    try engine.result("layer.add", #"{"id":"a"}"#)
    try engine.result("layer.add", #"{"id":"b","parent":"a"}"#)
    try engine.result("layer.add", #"{"id":"c","parent":"b"}"#)
    let cycle = try engine.call("layer.move", #"{"id":"a","parent":"c"}"#)
    #expect(cycle.errorCode == -32003)
    #expect(cycle.errorData?["reason"]?.string == "cycle")
    let moved = try engine.result("layer.move", #"{"id":"c","parent":null,"sort":4}"#)
    #expect(moved["parent"]?.isNull == true)
    #expect(moved["sort"]?.integer == 4)
    #expect(try engine.result("layer.get", #"{"id":"b"}"#)["childCount"]?.integer == 0)
  }

  @Test func bringToFrontAndSendToBackAdjustTheSort() throws {
    let engine = try EngineSession()
    for (id, sort) in [("a", 1), ("b", 7), ("c", 3)] {
      try engine.result("layer.add", #"{"id":"\#(id)","sort":\#(sort)}"#)
    }
    let front = try engine.result("layer.bringToFront", #"{"id":"a"}"#)
    #expect(front["sort"]?.integer == 7)
    #expect(front["index"]?.integer == 2)
    let back = try engine.result("layer.sendToBack", #"{"id":"b"}"#)
    #expect(back["sort"]?.integer == 3)
    #expect(back["index"]?.integer == 0)
  }

  @Test func childrenPagesAndTreeNests() throws {
    let engine = try EngineSession()
    try engine.result("layer.add", #"{"id":"root"}"#)
    for index in 0..<10 {
      try engine.result("layer.add", #"{"id":"k\#(index)","parent":"root","sort":\#(index)}"#)
    }
    try engine.result("layer.add", #"{"id":"deep","parent":"k3"}"#)
    let page = try engine.result("layer.children", #"{"id":"root","offset":4,"limit":3}"#)
    #expect(page["total"]?.integer == 10)
    #expect(ids(page["layers"]) == ["k4", "k5", "k6"])
    let tree = try engine.result("layer.tree")
    #expect(tree["id"]?.isNull == true)
    #expect(tree["children"]?[0]?["children"]?[3]?["children"]?[0]?["id"]?.string == "deep")
    let shallow = try engine.result("layer.tree", #"{"id":"root","depth":1}"#)
    #expect(shallow["id"]?.string == "root")
    #expect(shallow["children"]?.count == 10)
    #expect(shallow["children"]?[3]?["children"]?.count == 0)
    let alone = try engine.result("layer.tree", #"{"id":"root","depth":0}"#)
    #expect(alone["children"]?.count == 0)
  }

  @Test func treeTooDeepIsLimitExceeded() throws {
    let engine = try EngineSession(["--clock", "manual", "--max-tree-depth", "4"])
    try engine.result("layer.add", #"{"id":"l0"}"#)
    for level in 1..<8 {
      try engine.result("layer.add", #"{"id":"l\#(level)","parent":"l\#(level - 1)"}"#)
    }
    let refused = try engine.call("layer.tree")
    #expect(refused.errorCode == -32004)
    #expect(refused.errorData?["name"]?.string == "maxTreeDepth")
    #expect(try engine.call("layer.tree", #"{"depth":2}"#).errorCode == nil)
  }

  @Test func paintOrderAndHitTestAgree() throws {
    let engine = try EngineSession()
    try engine.result("layer.add", #"{"id":"back","frame":{"x":0,"y":0,"width":100,"height":100}}"#)
    try engine.result(
      "layer.add", #"{"id":"card","sort":1,"frame":{"x":10,"y":10,"width":50,"height":50}}"#)
    try engine.result(
      "layer.add", #"{"id":"btn","parent":"card","frame":{"x":5,"y":5,"width":10,"height":10}}"#)
    try engine.result("layer.add", #"{"id":"ghost","sort":2,"hidden":true}"#)
    try engine.result(
      "layer.add",
      #"{"id":"glass","sort":3,"interactive":false,"frame":{"x":0,"y":0,"width":100,"height":100}}"#
    )
    #expect(ids(try engine.result("layer.paintOrder")["ids"]) == ["back", "card", "btn", "glass"])
    let onButton = try engine.result("layer.hitTest", #"{"x":16,"y":16}"#)
    #expect(onButton["id"]?.string == "btn")
    #expect(ids(onButton["path"]) == ["card", "btn"])
    let edge = try engine.result("layer.hitTest", #"{"x":25,"y":25}"#)
    #expect(edge["id"]?.string == "card")
    let outside = try engine.result("layer.hitTest", #"{"x":100,"y":100}"#)
    #expect(outside["id"]?.isNull == true)
    #expect(outside["path"]?.count == 0)
    let missing = try engine.call("layer.hitTest", #"{"x":1}"#)
    #expect(missing.errorData?["path"]?.string == "/y")
  }

  @Test func removeAndClearCountSubtrees() throws {
    let engine = try EngineSession()
    try engine.result("layer.add", #"{"id":"a"}"#)
    try engine.result("layer.add", #"{"id":"b","parent":"a"}"#)
    try engine.result("layer.add", #"{"id":"c","parent":"b"}"#)
    try engine.result("layer.add", #"{"id":"d"}"#)
    #expect(try engine.result("layer.clear", #"{"id":"b"}"#)["removed"]?.integer == 1)
    #expect(try engine.result("layer.remove", #"{"id":"a"}"#)["removed"]?.integer == 2)
    #expect(try engine.call("layer.remove", #"{"id":"a"}"#).errorCode == -32001)
    #expect(try engine.result("layer.clear")["removed"]?.integer == 1)
    #expect(try engine.result("engine.stats")["layers"]?.integer == 0)
  }

  @Test func maxLayersIsEnforced() throws {
    let engine = try EngineSession(["--clock", "manual", "--max-layers", "2"])
    try engine.result("layer.add")
    try engine.result("layer.add")
    let refused = try engine.call("layer.add")
    #expect(refused.errorCode == -32004)
    #expect(refused.errorData?["name"]?.string == "maxLayers")
    #expect(refused.errorData?["limit"]?.integer == 2)
    #expect(try engine.result("engine.stats")["layers"]?.integer == 2)
  }

  @Test func aDeepChainDoesNotOverflowTheStack() throws {
    // Generous: under AddressSanitizer (make sanitize) 100 000 adds take a while.
    let slow: Int32 = 300_000
    let engine = try EngineSession(["--clock", "manual", "--max-batch", "100000"])
    var batch = "["
    for level in 0..<100_000 {
      let parent = level == 0 ? "" : #","parent":"n\#(level - 1)""#
      if level > 0 { batch += "," }
      batch += #"{"jsonrpc":"2.0","method":"layer.add","params":{"id":"n\#(level)"\#(parent)}}"#
    }
    batch += "]"
    engine.process.send(batch + "\n")
    #expect(try engine.result("engine.stats", timeoutMs: slow)["layers"]?.integer == 100_000)
    #expect(try engine.result("layer.paintOrder", timeoutMs: slow)["ids"]?.count == 100_000)
    #expect(
      try engine.result("layer.hitTest", #"{"x":0,"y":0}"#, timeoutMs: slow)["id"]?.isNull == true)
    #expect(try engine.call("layer.tree", timeoutMs: slow).errorCode == -32004)
    #expect(
      try engine.result("layer.remove", #"{"id":"n0"}"#, timeoutMs: slow)["removed"]?.integer
        == 100_000)
  }
}
