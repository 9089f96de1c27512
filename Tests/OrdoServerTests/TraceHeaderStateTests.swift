import Testing

@testable import OrdoServer

/// A trace header's `state` is the durable state as the recording engine loaded it, so
/// `ordo replay` and `ordo report` refuse one a state file's loader would have refused
/// (docs/protocol.md#ordo-replay): rows that cannot stand together, and a key named twice.
@Suite struct TraceHeaderStateTests {
  static func alert(id: String, seq: Int, state: String = #""state":"pending""#) -> String {
    #"{"alert":{"id":"\#(id)","queue":"A","type":"t","priority":0,\#(state),"scope":null,"#
      + #""key":null,"data":null,"result":null,"seq":\#(seq),"createdAt":0,"readyAt":null,"#
      + #""expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"#
      + #""shownCount":0,"mount":null,"persist":true},"preempt":false,"limit":null,"#
      + #""cooldownMs":null,"onLimit":"drop"}"#
  }

  static func queue(_ name: String) -> String {
    #"{"queue":"\#(name)","maxConcurrent":1,"minGapMs":0,"historyLimit":1000}"#
  }

  /// A trace of one `alert.list` whose header holds `queues` and `alerts`.
  static func trace(queues: [String], alerts: [String]) -> [UInt8] {
    let state =
      #"{"types":[],"queues":[\#(queues.joined(separator: ","))],"shows":[],"#
      + #""alerts":[\#(alerts.joined(separator: ","))],"#
      + #""counters":{"lastSeq":9,"lastGeneratedID":0,"lastShowOrder":0}}"#
    let lines = [
      #"{"ordo":"0.2.36","args":["--clock","manual"],"startedWallAt":0,"state":\#(state)}"#,
      #"{"dir":"in","at":0,"framing":"ndjson","msg":{"jsonrpc":"2.0","id":1,"method":"engine.ping"}}"#,
    ]
    return Array((lines.joined(separator: "\n") + "\n").utf8)
  }

  /// The refusal of reading `bytes` as a trace, or nil when it is read.
  static func refusal(_ bytes: [UInt8]) -> String? {
    do {
      _ = try Trace.parse(bytes, name: "t")
      return nil
    } catch {
      return error.description
    }
  }

  @Test func aStateTheLoaderWouldReadIsRead() throws {
    let bytes = Self.trace(
      queues: [Self.queue("A"), Self.queue("B")],
      alerts: [Self.alert(id: "a", seq: 1), Self.alert(id: "b", seq: 2)])
    #expect(Self.refusal(bytes) == nil)
    let state = try #require(try Trace.parse(bytes, name: "t").header.state)
    #expect(state.queues.map(\.queue) == ["A", "B"])
    #expect(state.alerts.map(\.alert.id) == ["a", "b"])
  }

  @Test func twoAlertsOfOneSeqAreRefused() {
    let bytes = Self.trace(
      queues: [], alerts: [Self.alert(id: "a", seq: 1), Self.alert(id: "b", seq: 1)])
    #expect(
      Self.refusal(bytes)
        == "t is not an Ordo trace: its header's state is unreadable "
        + "(/state/alerts/1: an alert with the seq of another)")
  }

  @Test func twoAlertsOfOneIdAreRefusedSpelledEitherWay() {
    for (first, second) in [("a", "a"), ("\u{E9}", "e\u{301}")] {
      let bytes = Self.trace(
        queues: [], alerts: [Self.alert(id: first, seq: 1), Self.alert(id: second, seq: 2)])
      #expect(
        Self.refusal(bytes)
          == "t is not an Ordo trace: its header's state is unreadable "
          + "(/state/alerts/1: an alert with the id of another)")
    }
  }

  @Test func twoQueuesOfOneNameAreRefusedSpelledEitherWay() {
    for (first, second) in [("A", "A"), ("\u{E9}", "e\u{301}")] {
      let bytes = Self.trace(queues: [Self.queue(first), Self.queue(second)], alerts: [])
      #expect(
        Self.refusal(bytes)
          == "t is not an Ordo trace: its header's state is unreadable "
          + "(/state/queues/1: a queue with the name of another)")
    }
  }

  @Test func aKeyNamedTwiceIsRefused() {
    let twice = Self.alert(id: "b", seq: 2, state: #""state":"scheduled","state":"pending""#)
    let bytes = Self.trace(queues: [], alerts: [Self.alert(id: "a", seq: 1), twice])
    let said = Self.refusal(bytes) ?? ""
    #expect(said.hasPrefix("t is not an Ordo trace: its header names a key twice (duplicate"))
    #expect(said.contains(#""state""#))
  }
}
