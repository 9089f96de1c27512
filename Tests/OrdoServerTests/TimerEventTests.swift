import OrdoRPC
import Testing

@testable import OrdoServer

#if canImport(Glibc)
  import Glibc
#endif

/// Events caused by time go out as soon as the timer fires: also when the message that found
/// it due is answered without running (not JSON, not a request, too large). They waited for
/// the next valid request, or for ever (found by a white-box review; the trace path was
/// right, the wire was not).
@Suite struct TimerEventTests {
  /// A session on a system clock that only the test moves, taking messages of 200 bytes.
  private func session() throws -> Session {
    try sessionOnAVirtualSystemClock(maxMessageBytes: 200)
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

  /// A timer that fires while the loop reads a flood of input ahead (notifications, which
  /// answer nothing) stops the reading: its events are written before the next read, not
  /// after up to 64 reads (4 MiB) more.
  @Test func aTimerThatFiresWhileInputFloodsInIsWrittenBeforeTheNextRead() throws {
    let session = try sessionOnAVirtualSystemClock()
    let enqueue =
      #"{"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","durationMs":30}}"#
    let ping = #"{"jsonrpc":"2.0","method":"engine.ping"}"#
    let pingsPerRead = (64 << 10) / (ping.utf8.count + 1)
    let input = [enqueue] + Array(repeating: ping, count: pingsPerRead * 32)
    let engine = session.engine  // (the session holds the closure: no cycle through it)
    let run = runLoop(session, over: input) { handled in
      // The auto-hide falls due in the middle of the first read.
      if handled == 100 { engine.clock.virtualNow = 50 }
    }
    #expect(run.status == 0)
    #expect(run.handled == input.count)
    #expect(run.written.count == 4, "the answer, alert.show, alert.hide, alert.idle")
    // Flushed by the end of the read in which the hide fired (the first), not 31 reads on.
    let flushAfterTheHide = try #require(run.handledAtFlushes.first { $0 > 100 })
    #expect(flushAfterTheHide <= pingsPerRead + 1, "\(run.handledAtFlushes)")
    // That stops the reading ahead once, until the events are written: the other 31 reads go
    // in one go (and the end of input), not a write after each of them.
    #expect(run.handledAtFlushes.count <= 4, "\(run.handledAtFlushes)")
  }

}
