import OrdoRPC
import Testing

@testable import OrdoServer

#if canImport(Glibc)
  import Glibc
#endif

/// Edges of the session and its loop that the other suites leave open (found by mutation
/// testing of Session, StdioLoop, WakeUpAlarm and EngineClock): when the loop writes while
/// input keeps coming (docs/protocol.md, "Ordo's choice on output"), timers after
/// `shutdown`, the commit group after an `engine.reset`, and a switch back to the manual
/// clock.
@Suite struct SessionIOEdgeTests {
  /// Runs the loop over `lines` read from a file (always ready: the loop reads on while
  /// it may) into another file; returns its exit status and how many messages had been
  /// handled at each flush.
  private func run(_ lines: [String]) throws -> (status: Int32, handledAtFlushes: [Int]) {
    var configuration = EngineConfiguration()
    configuration.clock = .manual
    configuration.logLevel = .quiet
    let run = runLoop(Session(engine: try Engine(configuration: configuration)), over: lines)
    #expect(run.handled == lines.count)
    return (run.status, run.handledAtFlushes)
  }

  /// Requests whose answers reach 256 KiB within a few reads: written then, not after up
  /// to 64 reads (4 MiB of input) more.
  @Test func outputIsWrittenOnceAQuarterMebibyteWaits() throws {
    let ping = #"{"jsonrpc":"2.0","id":1,"method":"engine.ping"}"#
    let pingsPerRead = (64 << 10) / (ping.utf8.count + 1)
    let (status, flushes) = try run(Array(repeating: ping, count: pingsPerRead * 40))
    #expect(status == 0)
    // Each answer (`{"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}`) is over 50
    // bytes: 256 KiB of them are owed after about 5 000 pings, within 5 reads.
    let first = try #require(flushes.first)
    #expect(first <= 6 * pingsPerRead, "\(flushes)")
  }

  /// A flood of notifications answers nothing, yet the loop still stops every 64 reads to
  /// write what is owed and look at signals and timers.
  @Test func aFloodOfNotificationsIsFlushedAtLeastEverySixtyFourReads() throws {
    let note = #"{"jsonrpc":"2.0","method":"engine.ping"}"#
    let notesPerRead = (64 << 10) / (note.utf8.count + 1)
    let count = notesPerRead * 70
    let (status, flushes) = try run(Array(repeating: note, count: count))
    #expect(status == 0)
    let first = try #require(flushes.first)
    #expect(first <= 65 * notesPerRead, "\(flushes)")
  }

  /// After `shutdown` the timers stop: one that falls due then neither fires nor wakes the
  /// loop over and over (a due timer it may not fire made every poll return at once).
  @Test func aTimerDueAfterShutdownNeitherFiresNorSpins() throws {
    let engine = try EngineSession(["--clock", "system"])
    let shown = try engine.call("alert.enqueue", #"{"type":"t","durationMs":100}"#)
    #expect(shown.eventSummary.first?.hasPrefix("show t") == true, "\(shown.eventSummary)")
    #expect(try engine.call("shutdown").response["result"]?.isNull == true)
    let before = try #require(engine.process.cpuTicks)
    usleep(1_000_000)
    let after = try #require(engine.process.cpuTicks)
    // Idle, it uses next to nothing; spinning, about 100 ticks a second.
    #expect(after - before < 30, "\(after - before) ticks in a second after shutdown")
    engine.process.closeInput()
    #expect(try engine.process.readToEnd() == "", "no alert.hide after shutdown")
    #expect(try engine.process.waitForExit() == 0)
  }

  /// With `--state`, the requests of one read are one commit group, also after an
  /// `engine.reset` (which commits what came before it and ends its own group): the
  /// requests after it are not committed one by one (docs/protocol.md#the-commit-promise).
  @Test func theRequestsOfOneReadAfterAResetAreOneCommit() throws {
    try withTemporaryState { state in
      let engine = try EngineSession(["--clock", "manual", "--state", state])
      try engine.result("engine.reset")
      let commits = try #require(engine.result("engine.stats")["state"]?["commits"]?.integer)
      let enqueue = { (id: String) in
        #"{"jsonrpc":"2.0","id":"\#(id)","method":"alert.enqueue","params":{"type":"t","id":"\#(id)","persist":true}}"#
      }
      // One write, read at once: both enqueues in one group, committed at its end.
      engine.process.send(enqueue("a") + "\n" + enqueue("b") + "\n")
      var answered = 0
      while answered < 2 {
        if try engine.process.readMessage()["result"] != nil { answered += 1 }
      }
      let after = try #require(engine.result("engine.stats")["state"]?["commits"]?.integer)
      #expect(after == commits + 1)
      engine.process.closeInput()
      #expect(try engine.process.waitForExit() == 0)
    }
  }

  /// Switching to the manual clock sets it to 0 (docs/protocol.md#clock), also when it ran
  /// manual before: the time it had then is not taken up again.
  @Test func aSwitchBackToTheManualClockStartsItAtZero() throws {
    let engine = try EngineSession(["--clock", "manual"])
    #expect(try engine.result("clock.advance", #"{"ms":500}"#)["now"]?.integer == 500)
    #expect(try engine.result("initialize", #"{"clock":"system"}"#)["clock"]?.string == "system")
    #expect(try engine.result("initialize", #"{"clock":"manual"}"#)["clock"]?.string == "manual")
    let now = try engine.result("clock.now")
    #expect(now["mode"]?.string == "manual")
    #expect(now["now"]?.integer == 0, "\(now.compactText)")
  }

  /// What a message sends after it switched the clock is stamped with the new clock's time
  /// (a trace records it so): `initialize {clock: "manual"}` at system time 5000 is
  /// answered at manual time 0.
  @Test func theAnswerToAClockSwitchIsStampedWithTheNewClocksTime() throws {
    let session = try sessionOnAVirtualSystemClock()
    session.engine.clock.virtualNow = 5000
    var stamps: [Int64] = []
    session.recordOutput = { _, at in stamps.append(at) }
    var outbox = session.makeOutbox()
    var ping = #"{"jsonrpc":"2.0","id":1,"method":"engine.ping"}"#
    ping.withUTF8 { _ = session.handle(UnsafeRawBufferPointer($0), into: &outbox) }
    var switched = #"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"clock":"manual"}}"#
    switched.withUTF8 { _ = session.handle(UnsafeRawBufferPointer($0), into: &outbox) }
    session.flush(&outbox)
    #expect(stamps == [5000, 0])
  }

  /// On the system clock an `engine.reset` starts the fresh screen at its message's instant,
  /// not at the clock's time when the reset runs: the commit and reload before it take time
  /// (an fsync), and what a batch does after the reset keeps the batch's one instant. The
  /// clock here moves 7 ms while the message is handled, as an fsync would.
  @Test func aResetOnTheSystemClockKeepsItsMessagesInstant() throws {
    let session = try sessionOnAVirtualSystemClock()
    session.engine.clock.virtualNow = 5000
    var outbox = session.makeOutbox()
    var ping = #"{"jsonrpc":"2.0","id":1,"method":"engine.ping"}"#
    ping.withUTF8 { _ = session.handle(UnsafeRawBufferPointer($0), into: &outbox) }
    #expect(session.engine.now == 5000)
    session.engine.clock.virtualNow = 5007
    try session.engine.reset(emptyingState: false)
    #expect(session.engine.now == 5000, "the reset's message came at 5000")
  }
}
