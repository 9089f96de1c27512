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
