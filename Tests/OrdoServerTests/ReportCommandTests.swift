import Testing

@testable import OrdoServer

/// `ordo report` replays a trace and draws what the engine observed: across an
/// `engine.reset` too, which replaces the engine's screen.
@Suite struct ReportCommandTests {
  static func trace(_ requests: [String]) -> [UInt8] {
    var lines = [#"{"ordo":"0.1.0","args":["--clock","manual"],"startedWallAt":0}"#]
    for request in requests { lines.append(#"{"dir":"in","at":0,"msg":\#(request)}"#) }
    return Array((lines.joined(separator: "\n") + "\n").utf8)
  }

  @Test func alertsBeforeAndAfterAResetAreBothDrawn() throws {
    let trace = try Trace.parse(
      Self.trace([
        #"{"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"x"}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"nav.push","params":{"scope":"p"}}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"clock.advance","params":{"ms":100}}"#,
        #"{"jsonrpc":"2.0","id":4,"method":"engine.reset"}"#,
        #"{"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","id":"x"}}"#,
        #"{"jsonrpc":"2.0","id":6,"method":"clock.advance","params":{"ms":50}}"#,
      ]), name: "test")
    let page = try Report.html(for: trace, title: "reset")
    // x: pending → showing before the reset (cut there), and again after it.
    #expect(page.components(separatedBy: #"class="bar state-showing""#).count - 1 == 2)
    #expect(page.components(separatedBy: #"class="bar state-pending""#).count - 1 == 2)
    #expect(page.contains("2 in 1 queue"))
    #expect(!page.contains("<script"))
  }
}
