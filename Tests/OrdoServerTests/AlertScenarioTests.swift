import OrdoJSON
import Testing

/// The seed's three scenarios (SPEC §4) through the real binary on the manual clock,
/// event by event, plus timers firing on their own on the system clock.
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

  private func enqueue(_ engine: EngineSession, _ type: String, extra: String = "")
    throws -> [String]
  {
    let exchange = try engine.call(
      "alert.enqueue", #"{"type":"\#(type)","id":"\#(type)"\#(extra)}"#)
    #expect(exchange.errorCode == nil, "\(exchange.response.compactText)")
    return exchange.eventSummary
  }

  private func complete(_ engine: EngineSession, _ id: String) throws -> [String] {
    let exchange = try engine.call("alert.complete", #"{"id":"\#(id)","result":{"ok":true}}"#)
    #expect(exchange.result?["state"]?.string == "done")
    #expect(exchange.result?["endReason"]?.string == "completed")
    return exchange.eventSummary
  }

  @Test func idealDataInOrderWithANavigationAway() throws {
    let engine = try roomPage()
    #expect(try enqueue(engine, "A") == ["show A@0"])
    try engine.result("clock.advance", #"{"ms":100}"#)
    // A's button opens another page: the shell pushes the page first, then completes A.
    #expect(
      try engine.call("nav.push", #"{"scope":"detail"}"#).eventSummary == ["hide A suspended@100"])
    // Nothing else has arrived yet, so the queue goes idle.
    #expect(try complete(engine, "A") == ["idle default@100"])
    #expect(try enqueue(engine, "B") == [])
    #expect(try enqueue(engine, "C") == [])
    try engine.result("clock.advance", #"{"ms":50}"#)
    #expect(try engine.call("nav.pop").eventSummary == ["show B@150"])
    #expect(try complete(engine, "B") == ["show C@150"])
    #expect(try complete(engine, "C") == ["idle default@150"])
  }

  @Test func advancedBFirstThenAThenC() throws {
    let engine = try roomPage()
    #expect(try enqueue(engine, "B") == ["show B@0"])
    try engine.result("clock.advance", #"{"ms":10}"#)
    #expect(try enqueue(engine, "C") == [])
    #expect(try enqueue(engine, "A") == [])
    let list = try engine.result("alert.list")["alerts"]
    let order = (0..<(list?.count ?? 0)).compactMap { list?[$0]?["id"]?.string }
    #expect(order == ["B", "A", "C"])
    try engine.result("clock.advance", #"{"ms":10}"#)
    #expect(try complete(engine, "B") == ["show A@20"])
    #expect(try complete(engine, "A") == ["show C@20"])
    #expect(try complete(engine, "C") == ["idle default@20"])
  }

  @Test func highEndScheduledBShowsOnReturn() throws {
    let engine = try roomPage()
    #expect(try enqueue(engine, "A") == ["show A@0"])
    let scheduled = try engine.result(
      "alert.enqueue", #"{"type":"B","id":"B","delayMs":1000}"#)
    #expect(scheduled["alert"]?["state"]?.string == "scheduled")
    #expect(scheduled["alert"]?["readyAt"]?.integer == 1000)
    #expect(
      try engine.call("nav.push", #"{"scope":"detail"}"#).eventSummary == ["hide A suspended@0"])
    #expect(try complete(engine, "A") == [])
    #expect(try engine.call("clock.advance", #"{"ms":1500}"#).eventSummary == [])
    #expect(try engine.result("alert.get", #"{"id":"B"}"#)["state"]?.string == "pending")
    #expect(try engine.call("nav.pop").eventSummary == ["show B@1500"])
  }

  @Test func highEndCancelledBDoesNotShowOnReturn() throws {
    let engine = try roomPage()
    #expect(try enqueue(engine, "A") == ["show A@0"])
    try engine.result("alert.enqueue", #"{"type":"B","id":"B","delayMs":1000}"#)
    try engine.result("nav.push", #"{"scope":"detail"}"#)
    #expect(try complete(engine, "A") == [])
    try engine.result("clock.advance", #"{"ms":1500}"#)
    // Something on the other page makes B unnecessary.
    let cancel = try engine.call("alert.cancel", #"{"type":"B"}"#)
    #expect(cancel.result?["cancelled"]?[0]?.string == "B")
    #expect(cancel.eventSummary == ["idle default@1500"])
    #expect(try engine.call("nav.pop").eventSummary == [])
    #expect(try engine.result("alert.get", #"{"id":"B"}"#)["state"]?.string == "cancelled")
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
