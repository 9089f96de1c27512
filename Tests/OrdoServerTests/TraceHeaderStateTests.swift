import OrdoCoding
import OrdoJSON
import Testing

@testable import OrdoCore
@testable import OrdoServer

/// A trace header's `state` is the durable state as the recording engine loaded it, so
/// `ordo replay` and `ordo report` refuse one a state file's loader would have refused
/// (docs/protocol.md#ordo-replay): rows that cannot stand together, and a key named twice.
@Suite struct TraceHeaderStateTests {
  /// The durable state of an engine with queues `A` and `B` configured and two persisted
  /// alerts, `a` (showing) and `b` (waiting), as the store loads it.
  static func state() throws -> DurableState {
    var manager = AlertManager()
    for queue in ["A", "B"] {
      _ = try manager.configure(AlertQueueConfiguration(queue: queue, maxConcurrent: 1))
    }
    for id in ["a", "b"] {
      _ = try manager.enqueue(AlertEnqueueRequest(type: "t", id: id, queue: "A", persist: true))
    }
    return manager.durableState()
  }

  /// A trace of one `engine.ping` whose header holds `state`, written as the recorder writes
  /// it; `edit` then changes the header's text.
  static func trace(_ state: DurableState, edit: (String) -> String = { $0 }) -> [UInt8] {
    var header = JSONWriter()
    header.fragment(#"{"ordo":"0.2.36","args":["--clock","manual"],"startedWallAt":0,"state":"#)
    state.write(to: &header, nestedIn: 1)
    header.endObject()
    let lines = [
      edit(header.text),
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
    let bytes = Self.trace(try Self.state())
    #expect(Self.refusal(bytes) == nil)
    let state = try #require(try Trace.parse(bytes, name: "t").header.state)
    #expect(state.queues.map(\.queue) == ["A", "B"])
    #expect(state.alerts.map(\.alert.id) == ["a", "b"])
  }

  @Test func twoAlertsOfOneSeqAreRefused() throws {
    var state = try Self.state()
    state.alerts[1].alert.seq = state.alerts[0].alert.seq
    #expect(
      Self.refusal(Self.trace(state))
        == "t is not an Ordo trace: its header's state is unreadable "
        + "(/state/alerts/1: an alert with the seq of another)")
  }

  @Test func twoAlertsOfOneIdAreRefusedSpelledEitherWay() throws {
    for (first, second) in [("a", "a"), ("\u{E9}", "e\u{301}")] {
      var state = try Self.state()
      (state.alerts[0].alert.id, state.alerts[1].alert.id) = (first, second)
      #expect(
        Self.refusal(Self.trace(state))
          == "t is not an Ordo trace: its header's state is unreadable "
          + "(/state/alerts/1: an alert with the id of another)")
    }
  }

  @Test func twoQueuesOfOneNameAreRefusedSpelledEitherWay() throws {
    for (first, second) in [("A", "A"), ("\u{E9}", "e\u{301}")] {
      var state = try Self.state()
      (state.queues[0].queue, state.queues[1].queue) = (first, second)
      #expect(
        Self.refusal(Self.trace(state))
          == "t is not an Ordo trace: its header's state is unreadable "
          + "(/state/queues/1: a queue with the name of another)")
    }
  }

  @Test func aKeyNamedTwiceIsRefused() throws {
    let bytes = Self.trace(try Self.state()) { header in
      let pending = header.firstRange(of: #""state":"pending""#)
      #expect(pending != nil)
      return pending.map {
        header.replacingCharacters(in: $0, with: #""state":"scheduled","state":"pending""#)
      } ?? header
    }
    let said = Self.refusal(bytes) ?? ""
    #expect(said.hasPrefix("t is not an Ordo trace: its header names a key twice (duplicate"))
    #expect(said.contains(#""state""#))
  }
}
