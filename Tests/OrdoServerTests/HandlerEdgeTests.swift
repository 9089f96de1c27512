import OrdoJSON
import Testing

/// Edges of the RPC method handlers (Sources/OrdoServer/*+Methods.swift) that no other test
/// pinned: bounds, defaults and fields of the answers, each through the real binary.
@Suite struct HandlerEdgeTests {
  /// `clientInfo.name` and `version` are strings of at most 256 characters (counted in
  /// Unicode scalars): 256 is accepted, 257 refused at the member's path.
  @Test func clientInfoNameAndVersionTakeExactly256Characters() throws {
    let engine = try EngineSession()
    let most = String(repeating: "é", count: 256)
    let over = String(repeating: "é", count: 257)
    for info in [#"{"name":"\#(most)"}"#, #"{"name":"n","version":"\#(most)"}"#] {
      let accepted = try engine.call("initialize", #"{"clientInfo":\#(info)}"#)
      #expect(accepted.result?["serverInfo"]?["name"]?.string == "ordo")
    }
    for (info, path) in [
      (#"{"name":"\#(over)"}"#, "/clientInfo/name"),
      (#"{"name":"n","version":"\#(over)"}"#, "/clientInfo/version"),
    ] {
      let refused = try engine.call("initialize", #"{"clientInfo":\#(info)}"#)
      #expect(refused.errorCode == -32602)
      #expect(refused.errorData?["path"]?.string == path)
    }
  }

  /// `alert.history`'s `limit` defaults to 100 (the newest 100 shows) and takes 0 to
  /// 1 000 000, both ends included.
  @Test func historyLimitDefaultsTo100AndTakesZero() throws {
    let engine = try EngineSession()
    try engine.result("alert.configure", #"{"maxConcurrent":1000}"#)
    for n in 1...101 {
      let shown = try engine.call("alert.enqueue", #"{"type":"t","id":"a\#(n)"}"#)
      #expect(shown.result?["alert"]?["state"]?.string == "showing")
    }
    let shows = try #require(try engine.result("alert.history")["shows"])
    #expect(shows.count == 100)
    #expect(shows[0]?["id"]?.string == "a101")
    #expect(shows[99]?["id"]?.string == "a2")
    #expect(try engine.result("alert.history", #"{"limit":0}"#)["shows"]?.count == 0)
    #expect(try engine.result("alert.history", #"{"limit":1000000}"#)["shows"]?.count == 101)
    let over = try engine.call("alert.history", #"{"limit":1000001}"#)
    #expect(over.errorCode == -32602)
    #expect(over.errorData?["path"]?.string == "/limit")
  }

  /// `layer.children`'s `offset` takes 0 (its default) explicitly, and `limit` 0 gives an
  /// empty slice with the full `total`.
  @Test func childrenTakeAnExplicitZeroOffsetAndLimit() throws {
    let engine = try EngineSession()
    try engine.result("layer.add", #"{"id":"a"}"#)
    try engine.result("layer.add", #"{"id":"b"}"#)
    let all = try engine.result("layer.children", #"{"offset":0}"#)
    #expect(all["total"]?.integer == 2)
    #expect(all["layers"]?[0]?["id"]?.string == "a")
    #expect(all["layers"]?[1]?["id"]?.string == "b")
    let none = try engine.result("layer.children", #"{"offset":0,"limit":0}"#)
    #expect(none["total"]?.integer == 2)
    #expect(none["layers"]?.count == 0)
  }

  /// `sort` may not come with `below` any more than with `above` (-32602 at `/sort`), in
  /// `layer.add` and `layer.move` alike.
  @Test func sortWithBelowIsRefusedAtSort() throws {
    let engine = try EngineSession()
    try engine.result("layer.add", #"{"id":"x","sort":3}"#)
    try engine.result("layer.add", #"{"id":"y"}"#)
    let add = try engine.call("layer.add", #"{"id":"n","below":"x","sort":1}"#)
    #expect(add.errorCode == -32602)
    #expect(add.errorData?["path"]?.string == "/sort")
    #expect(try engine.call("layer.get", #"{"id":"n"}"#).errorCode == -32001)
    let move = try engine.call("layer.move", #"{"id":"y","below":"x","sort":1}"#)
    #expect(move.errorCode == -32602)
    #expect(move.errorData?["path"]?.string == "/sort")
  }

  /// `delayMs: 0` is in range (0 to 2^53 - 1) and means "now": the alert is not scheduled
  /// but shows at once.
  @Test func delayZeroEnqueuesForNow() throws {
    let engine = try EngineSession()
    let now = try engine.call("alert.enqueue", #"{"type":"t","id":"a","delayMs":0}"#)
    #expect(now.result?["disposition"]?.string == "queued")
    #expect(now.result?["alert"]?["state"]?.string == "showing")
    #expect(now.eventSummary == ["show t@0"])
  }

  /// `cooldownMs` and `ttlMs` take 0 (the low end of 0 to 2^53 - 1) in `alert.enqueue` and
  /// `alert.defineType`: a zero cooldown allows the next show at once.
  @Test func zeroCooldownAndTTLAreInRange() throws {
    let engine = try EngineSession()
    let type = try engine.call("alert.defineType", #"{"type":"d","ttlMs":0,"cooldownMs":0}"#)
    #expect(type.result?["ttlMs"]?.integer == 0)
    #expect(type.result?["cooldownMs"]?.integer == 0)
    let first = try engine.call("alert.enqueue", #"{"type":"c","id":"a","cooldownMs":0}"#)
    #expect(first.result?["disposition"]?.string == "queued")
    try engine.result("alert.complete", #"{"id":"a"}"#)
    let second = try engine.call("alert.enqueue", #"{"type":"c","id":"b","cooldownMs":0}"#)
    #expect(second.result?["disposition"]?.string == "queued")
  }

  /// `layer.render`'s `labels` defaults to true: left out, the picture is the labelled one.
  @Test func renderLabelsByDefault() throws {
    let engine = try EngineSession()
    try engine.result("layer.add", #"{"id":"card","frame":{"x":0,"y":0,"width":50,"height":20}}"#)
    let plain = try engine.result("layer.render")["svg"]?.string
    let labelled = try engine.result("layer.render", #"{"labels":true}"#)["svg"]?.string
    let unlabelled = try engine.result("layer.render", #"{"labels":false}"#)["svg"]?.string
    #expect(plain != nil && plain == labelled)
    #expect(labelled != unlabelled)
  }

  /// `layer.move` checks its params in `layer.add`'s order: the placement before `parent`'s
  /// type, so with both wrong the error is at the placement.
  @Test func moveChecksThePlacementBeforeTheParentsType() throws {
    let engine = try EngineSession()
    try engine.result("layer.add", #"{"id":"a"}"#)
    for (params, path) in [
      (#"{"id":"a","parent":5,"sort":"x"}"#, "/sort"),
      (#"{"id":"a","parent":5,"above":"a","below":"a"}"#, "/below"),
    ] {
      let refused = try engine.call("layer.move", params)
      #expect(refused.errorCode == -32602)
      #expect(refused.errorData?["path"]?.string == path)
    }
  }
}
