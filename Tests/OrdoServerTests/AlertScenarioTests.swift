import OrdoJSON
import Testing

/// The alert manager through the real binary: timers, batches, subscriptions, mounts,
/// errors and limits on the manual clock, and timers firing on their own on the system
/// clock. The seed's three scenarios are transcripts of the conformance corpus
/// (conformance/seed/), replayed by ConformanceTests.
@Suite struct AlertScenarioTests {
  /// A room page with the seed's three popups: A (red packet) before B (growth gift)
  /// before C (follow), each shown only on the room page.
  private func roomPage() throws -> EngineSession {
    let engine = try EngineSession()
    for (type, priority) in [("A", 30), ("B", 20), ("C", 10)] {
      try engine.result(
        "alert.defineType", #"{"type":"\#(type)","priority":\#(priority),"scope":"room"}"#)
    }
    try engine.result("nav.push", #"{"scope":"room"}"#)
    return engine
  }

  @Test func timersFireInTimeOrderEachAtItsOwnTime() throws {
    let engine = try EngineSession()
    try engine.result("alert.configure", #"{"queue":"toast","maxConcurrent":3}"#)
    try engine.result(
      "alert.enqueue", #"{"type":"t","id":"late","queue":"toast","durationMs":300}"#)
    try engine.result(
      "alert.enqueue", #"{"type":"t","id":"soon","queue":"toast","durationMs":100}"#)
    try engine.result("alert.enqueue", #"{"type":"t","id":"tie","queue":"toast","durationMs":100}"#)
    try engine.result(
      "alert.enqueue", #"{"type":"t","id":"next","queue":"toast","delayMs":150,"durationMs":100}"#)
    let advance = try engine.call("clock.advance", #"{"ms":1000}"#)
    #expect(
      advance.eventSummary == [
        "hide soon timeout@100", "hide tie timeout@100", "show t@150", "hide next timeout@250",
        "hide late timeout@300", "idle toast@300",
      ])
    #expect(advance.result?["now"]?.integer == 1000)
  }

  @Test func eventsComeBeforeTheResponseInABatch() throws {
    let engine = try EngineSession()
    engine.process.sendLine(
      #"[{"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"x","id":"x1"}},"#
        + #"{"jsonrpc":"2.0","id":2,"method":"alert.complete","params":{"id":"x1"}}]"#)
    let first = try engine.process.readMessage()
    let second = try engine.process.readMessage()
    let batch = try engine.process.readMessage()
    #expect(first["method"]?.string == "alert.show")
    #expect(second["method"]?.string == "alert.idle")
    #expect(batch.count == 2)
    #expect(batch[1]?["result"]?["state"]?.string == "done")
  }

  @Test func changedEventsOnlyAfterSubscribing() throws {
    let engine = try EngineSession()
    #expect(
      try engine.call("alert.enqueue", #"{"type":"x","id":"a"}"#).eventSummary == ["show x@0"])
    let topics = try engine.result("events.subscribe", #"{"topics":["alert.changed"]}"#)
    #expect(topics["topics"]?[0]?.string == "alert.changed")
    let summary = try engine.call("alert.complete", #"{"id":"a"}"#).eventSummary
    #expect(summary.first == "changed a showing->done@0")
    try engine.result("events.unsubscribe", #"{"topics":["alert.changed"]}"#)
    #expect(
      try engine.call("alert.enqueue", #"{"type":"x","id":"b"}"#).eventSummary == ["show x@0"])
    let unknown = try engine.call("events.subscribe", #"{"topics":["alert.show"]}"#)
    #expect(unknown.errorCode == -32602)
  }

  @Test func mountedAlertKeepsALayerWhileItShows() throws {
    let engine = try EngineSession()
    try engine.result("layer.add", #"{"id":"overlay","sort":100}"#)
    let show = try engine.call(
      "alert.enqueue", #"{"type":"x","id":"m","mount":{"parent":"overlay","sort":5}}"#)
    let layer = show.events.first?["params"]?["layer"]
    #expect(layer?["id"]?.string == "alert:m")
    #expect(layer?["parent"]?.string == "overlay")
    #expect(try engine.result("layer.get", #"{"id":"alert:m"}"#)["sort"]?.integer == 5)
    try engine.result("alert.complete", #"{"id":"m"}"#)
    #expect(try engine.call("layer.get", #"{"id":"alert:m"}"#).errorCode == -32001)
    let orphan = try engine.call(
      "alert.enqueue", #"{"type":"x","mount":{"parent":"nowhere","sort":1}}"#)
    #expect(orphan.errorCode == -32001)
    #expect(orphan.errorData?["kind"]?.string == "layer")
  }

  @Test func aMountedAlertsIdLeavesRoomForItsLayersPrefix() throws {
    let engine = try EngineSession()
    let longest = String(repeating: "é", count: 250)
    try engine.result("alert.enqueue", #"{"type":"x","id":"\#(longest)","mount":{"sort":1}}"#)
    // Its layer's id, "alert:" + id, is 256 characters: every layer method takes it.
    #expect(try engine.result("layer.get", #"{"id":"alert:\#(longest)"}"#)["sort"]?.integer == 1)
    try engine.result("layer.add", #"{"id":"kid","parent":"alert:\#(longest)"}"#)
    let tooLong = try engine.call(
      "alert.enqueue", #"{"type":"y","id":"\#(longest)é","mount":{"sort":1}}"#)
    #expect(tooLong.errorCode == -32602)
    #expect(tooLong.errorData?["path"]?.string == "/id")
    #expect(tooLong.errorData?["expected"]?.string?.hasPrefix("a string of 1 to 250") == true)
    // Without a mount, 256 characters remain the limit.
    try engine.result("alert.enqueue", #"{"type":"y","id":"\#(longest)éééééé"}"#)
  }

  @Test func cancelsStatesErrorNamesOnlyTheStatesItTakes() throws {
    let engine = try EngineSession()
    for states in [#"[]"#, #"["done"]"#] {
      let refused = try engine.call("alert.cancel", #"{"states":\#(states)}"#)
      #expect(refused.errorCode == -32602)
      let expected = try #require(refused.errorData?["expected"]?.string)
      #expect(expected.contains("suspended") && !expected.contains("done"), "\(expected)")
    }
  }

  @Test func aMountWhoseParentIsGoneAtShowTimeShowsWithoutALayer() throws {
    let engine = try EngineSession()
    try engine.result("layer.add", #"{"id":"screen"}"#)
    try engine.result("alert.enqueue", #"{"type":"a","id":"A"}"#)
    try engine.result(
      "alert.enqueue", #"{"type":"b","id":"B","mount":{"parent":"screen","sort":900}}"#)
    try engine.result(
      "alert.enqueue",
      #"{"type":"c","id":"C","queue":"later","delayMs":10,"mount":{"parent":"screen","sort":1}}"#)
    try engine.result("layer.remove", #"{"id":"screen"}"#)
    // B waited behind A; when it shows, its parent is gone: no layer, not one at the top.
    let shown = try engine.call("alert.complete", #"{"id":"A"}"#)
    let show = try #require(shown.events.first { $0["method"]?.string == "alert.show" })
    #expect(show["params"]?["alert"]?["id"]?.string == "B")
    #expect(show["params"]?["layer"] == nil || show["params"]?["layer"]?.isNull == true)
    // The same for one that becomes ready later.
    let ready = try engine.call("clock.advance", #"{"ms":10}"#)
    let later = try #require(ready.events.first { $0["method"]?.string == "alert.show" })
    #expect(later["params"]?["alert"]?["id"]?.string == "C")
    #expect(later["params"]?["layer"] == nil || later["params"]?["layer"]?.isNull == true)
    #expect(try engine.result("layer.children")["total"]?.integer == 0)
  }

  @Test func noResultHoldsATimeBeyondTwoToThe53() throws {
    let engine = try EngineSession()
    try engine.result("clock.advance", #"{"ms":10}"#)
    let most: Int64 = 9_007_199_254_740_991
    // A delay past the last time is refused, like clock.advance past it.
    let delayed = try engine.call("alert.enqueue", #"{"type":"t","delayMs":\#(most)}"#)
    #expect(delayed.errorCode == -32602 && delayed.errorData?["path"]?.string == "/delayMs")
    #expect(delayed.errorData?["expected"]?.string == "an integer from 0 to \(most - 10)")
    #expect(
      try engine.result("alert.enqueue", #"{"type":"t","delayMs":\#(most - 10)}"#)["alert"]?[
        "readyAt"]?.integer == most)
    // A TTL that would end after it never ends.
    let long = try engine.result("alert.enqueue", #"{"type":"u","queue":"q","ttlMs":\#(most)}"#)
    #expect(long["alert"]?["expiresAt"]?.isNull == true)
    // A cooldown that would allow the next show only after it never allows it.
    try engine.result("alert.defineType", #"{"type":"c","queue":"c","cooldownMs":\#(most)}"#)
    try engine.result("alert.enqueue", #"{"type":"c"}"#)
    let limited = try engine.result("alert.enqueue", #"{"type":"c","onLimit":"defer"}"#)
    #expect(limited["disposition"]?.string == "limited")
    #expect(limited["retryAt"]?.isNull == true)
    // Fractional durations say what would have been accepted (not ±2^53).
    let fractional = try engine.call("alert.enqueue", #"{"type":"t","ttlMs":1.5}"#)
    #expect(fractional.errorData?["expected"]?.string == "an integer from 0 to 9007199254740991")
    let duration = try engine.call("alert.enqueue", #"{"type":"t","durationMs":1.5}"#)
    #expect(duration.errorData?["expected"]?.string == "an integer from 1 to 9007199254740991")
    // 2^53 is refused in words that do not admit it ("an integer >= 0" did).
    let beyond = try engine.call("alert.enqueue", #"{"type":"t","ttlMs":9007199254740992}"#)
    #expect(beyond.errorData?["expected"]?.string == "an integer from 0 to 9007199254740991")
    #expect(
      beyond.response["error"]?["message"]?.string
        == "ttlMs must be an integer from 0 to 9007199254740991.")
  }

  @Test func aPerKeyLimitWithoutKeyIsRefusedBeforeTheMountsParentIsLookedFor() throws {
    let engine = try EngineSession()
    let own = try engine.call(
      "alert.enqueue",
      #"{"type":"t","limit":{"max":1,"per":"key"},"mount":{"parent":"zz","sort":0}}"#)
    #expect(own.errorCode == -32602 && own.errorData?["path"]?.string == "/key")
    try engine.result("alert.defineType", #"{"type":"K","limit":{"max":1,"per":"key"}}"#)
    let typed = try engine.call("alert.enqueue", #"{"type":"K","mount":{"parent":"zz","sort":0}}"#)
    #expect(typed.errorCode == -32602 && typed.errorData?["path"]?.string == "/key")
    let keyed = try engine.call(
      "alert.enqueue", #"{"type":"K","key":"k","mount":{"parent":"zz","sort":0}}"#)
    #expect(keyed.errorCode == -32001 && keyed.errorData?["kind"]?.string == "layer")
  }

  @Test func alertErrors() throws {
    let engine = try EngineSession()
    try engine.result("alert.enqueue", #"{"type":"x","id":"one","delayMs":10}"#)
    let complete = try engine.call("alert.complete", #"{"id":"one"}"#)
    #expect(complete.errorCode == -32003)
    #expect(complete.errorData?["state"]?.string == "scheduled")
    #expect(try engine.call("alert.get", #"{"id":"none"}"#).errorCode == -32001)
    #expect(try engine.call("alert.enqueue", #"{"type":"x","id":"one"}"#).errorCode == -32002)
    let both = try engine.call("alert.enqueue", #"{"type":"x","delayMs":1,"at":5}"#)
    #expect(both.errorCode == -32602)
    #expect(try engine.call("alert.cancel").errorCode == -32602)
    #expect(try engine.call("nav.pop").errorCode == -32003)
    let key = try engine.call("alert.enqueue", #"{"type":"x","key":"k","onDuplicate":"error"}"#)
    #expect(key.errorCode == nil)
    let duplicate = try engine.call(
      "alert.enqueue", #"{"type":"x","key":"k","onDuplicate":"error"}"#)
    #expect(duplicate.errorCode == -32002)
    #expect(duplicate.errorData?["kind"]?.string == "key")
  }

  @Test func maxAlertsIsEnforced() throws {
    let engine = try EngineSession(["--clock", "manual", "--max-alerts", "2"])
    try engine.result("alert.enqueue", #"{"type":"x"}"#)
    try engine.result("alert.enqueue", #"{"type":"x"}"#)
    let refused = try engine.call("alert.enqueue", #"{"type":"x"}"#)
    #expect(refused.errorCode == -32004)
    #expect(refused.errorData?["name"]?.string == "maxAlerts")
  }

  @Test func systemClockTimersFireWhileTheEngineWaits() throws {
    let engine = try EngineSession([])
    let shown = try engine.call("alert.enqueue", #"{"type":"toast","id":"t","durationMs":60}"#)
    #expect(shown.eventSummary.first?.hasPrefix("show toast") == true)
    // No more input: the hide must arrive on its own.
    let hide = try engine.process.readMessage(timeoutMs: 5000)
    #expect(hide["method"]?.string == "alert.hide")
    #expect(hide["params"]?["reason"]?.string == "timeout")
    let at = try #require(hide["params"]?["at"]?.integer)
    let shownAt = try #require(shown.events.first?["params"]?["at"]?.integer)
    #expect(at == shownAt + 60)
    let idle = try engine.process.readMessage(timeoutMs: 5000)
    #expect(idle["method"]?.string == "alert.idle")
  }

  @Test func resetForgetsEverythingButTheClockMode() throws {
    let engine = try roomPage()
    try engine.result("layer.add", #"{"id":"x"}"#)
    try engine.result("alert.enqueue", #"{"type":"A"}"#)
    try engine.result("clock.advance", #"{"ms":5}"#)
    try engine.result("engine.reset")
    let stats = try engine.result("engine.stats")
    #expect(stats["layers"]?.integer == 0)
    #expect(stats["alerts"]?["showing"]?.integer == 0)
    #expect(try engine.result("nav.get")["stack"]?.count == 0)
    #expect(try engine.result("clock.now")["now"]?.integer == 0)
    #expect(
      try engine.result("alert.enqueue", #"{"type":"A"}"#)["alert"]?["priority"]?.integer == 0)
  }
}
