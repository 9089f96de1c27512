import OrdoRPC
import Testing

@testable import OrdoServer

/// Events caused by time go out as soon as the timer fires: also when the message that found
/// it due is answered without running (not JSON, not a request, too large). They waited for
/// the next valid request, or for ever (found by a white-box review; the trace path was
/// right, the wire was not).
@Suite struct TimerEventTests {
  /// A session on a system clock that only the test moves, taking messages of 200 bytes.
  private func session() throws -> Session {
    var configuration = EngineConfiguration()
    configuration.clock = .system
    configuration.virtualClockStartedWallAt = 0
    configuration.logLevel = .quiet
    configuration.maxMessageBytes = 200
    return Session(engine: try Engine(configuration: configuration))
  }

  private func lines(_ outbox: inout Outbox, of session: Session) -> [String] {
    session.flush(&outbox)
    let text = String(decoding: outbox.unwrittenBytes, as: UTF8.self)
    outbox.removeAll()
    return text.split(separator: "\n").map(String.init)
  }

  @Test(arguments: [
    "not json", #"{"jsonrpc":"1.0","id":2,"method":"engine.ping"}"#, "[]",
    #"{"jsonrpc":"2.0","id":2,"method":"engine.ping","params":{"pad":"\#(String(repeating: "x", count: 300))"}}"#,
  ])
  func anAutoHideIsSentBeforeTheAnswerToAMessageThatDoesNotRun(message: String) throws {
    let session = try session()
    var outbox = session.makeOutbox()
    outbox.framing = .ndjson
    let enqueue =
      #"{"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","durationMs":30}}"#
    Array((enqueue + "\n").utf8).withUnsafeBytes { session.receive($0, into: &outbox) }
    #expect(lines(&outbox, of: session).count == 2, "alert.show, the answer")
    session.engine.clock.virtualNow = 50
    Array((message + "\n").utf8).withUnsafeBytes { session.receive($0, into: &outbox) }
    let written = lines(&outbox, of: session)
    #expect(written.count == 3)
    #expect(written.first?.contains(#""method":"alert.hide""#) == true, "\(written)")
    #expect(written.dropFirst().first?.contains(#""method":"alert.idle""#) == true)
    #expect(written.last?.contains(#""error""#) == true)
  }
}
