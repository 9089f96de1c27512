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

  /// A timer that fires while the loop reads a flood of input ahead (notifications, which
  /// answer nothing) stops the reading: its events are written before the next read, not
  /// after up to 64 reads (4 MiB) more.
  @Test func aTimerThatFiresWhileInputFloodsInIsWrittenBeforeTheNextRead() throws {
    var configuration = EngineConfiguration()
    configuration.clock = .system
    configuration.virtualClockStartedWallAt = 0
    configuration.logLevel = .quiet
    let session = Session(engine: try Engine(configuration: configuration))
    let enqueue =
      #"{"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","durationMs":30}}"#
    let ping = #"{"jsonrpc":"2.0","method":"engine.ping"}"#
    let pingsPerRead = (64 << 10) / (ping.utf8.count + 1)
    let input = [enqueue] + Array(repeating: ping, count: pingsPerRead * 32)
    let inputFile = temporaryFile(Array((input.joined(separator: "\n") + "\n").utf8))
    let outputFile = temporaryFile([])
    defer {
      close(inputFile)
      close(outputFile)
    }
    var handled = 0
    var handledAtFlushes: [Int] = []
    let engine = session.engine  // (the session holds the closure: no cycle through it)
    session.recordInput = { _, _, _, _ in
      handled += 1
      // The auto-hide falls due in the middle of the first read.
      if handled == 100 { engine.clock.virtualNow = 50 }
    }
    session.afterFlush = { handledAtFlushes.append(handled) }
    var loop = StdioLoop(session: session, input: inputFile, output: outputFile)
    #expect(loop.run() == 0)
    #expect(handled == input.count)
    var output = [UInt8](repeating: 0, count: 1 << 16)
    let count = pread(outputFile, &output, output.count, 0)
    let written = output[0..<max(count, 0)].split(separator: UInt8(ascii: "\n"))
    #expect(written.count == 4, "the answer, alert.show, alert.hide, alert.idle")
    // Flushed by the end of the read in which the hide fired (the first), not 31 reads on.
    let flushAfterTheHide = try #require(handledAtFlushes.first { $0 > 100 })
    #expect(flushAfterTheHide <= pingsPerRead + 1, "\(handledAtFlushes)")
  }

  /// An unlinked file holding `bytes`, open for reading and writing at its start.
  private func temporaryFile(_ bytes: [UInt8]) -> Int32 {
    var template = Array("/tmp/ordo-test-XXXXXX".utf8CString)
    let descriptor = mkstemp(&template)
    unlink(template)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    lseek(descriptor, 0, SEEK_SET)
    return descriptor
  }
}
