import OrdoJSON
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Process lifecycle through the real binary: exit codes, EOF, signals, a vanished client.
@Suite struct LifecycleTests {
  private let ping = #"{"jsonrpc":"2.0","id":1,"method":"engine.ping"}"#

  @Test func exitAfterShutdownIsZero() throws {
    let engine = try EngineProcess()
    let shutdown = try engine.call(#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#)
    #expect(shutdown["result"]?.isNull == true)
    let refused = try engine.call(#"{"jsonrpc":"2.0","id":2,"method":"engine.ping"}"#)
    #expect(refused["error"]?["code"]?.integer == -32003)
    #expect(refused["error"]?["data"]?["reason"]?.string == "shut_down")
    engine.sendLine(#"{"jsonrpc":"2.0","method":"exit"}"#)
    #expect(try engine.waitForExit() == 0)
  }

  @Test func exitWithoutShutdownIsOne() throws {
    let engine = try EngineProcess()
    engine.sendLine(#"{"jsonrpc":"2.0","method":"exit"}"#)
    #expect(try engine.waitForExit() == 1)
  }

  @Test func endOfInputFlushesAndExitsZero() throws {
    let engine = try EngineProcess()
    engine.send(String(repeating: ping + "\n", count: 500))
    engine.closeInput()
    let output = try engine.readToEnd()
    #expect(output.split(separator: "\n").count == 500)
    #expect(try engine.waitForExit() == 0)
  }

  @Test func endOfInputInsideAMessageDropsItAndExitsZero() throws {
    let engine = try EngineProcess()
    engine.send(ping + "\n" + #"{"jsonrpc":"2.0","id":2,"meth"#)
    engine.closeInput()
    let output = try engine.readToEnd()
    #expect(output.split(separator: "\n").count == 1)
    #expect(try engine.waitForExit() == 0)
    #expect(engine.stderrText.contains("dropped"))
  }

  @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
  func signalsExitCleanly(signal: Int32) throws {
    let engine = try EngineProcess()
    #expect(try engine.call(ping)["id"]?.integer == 1)
    engine.signal(signal)
    #expect(try engine.waitForExit() == 0)
  }

  /// A SIGTERM is an end of input: what fell due while the process was stopped is applied
  /// and sent before it ends (it was dropped, though an end of input sent it).
  @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
  func aSignalSendsWhatFellDueBeforeTheEngineEnds(signal: Int32) throws {
    let engine = try EngineProcess()
    let enqueue =
      #"{"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":"#
      + #"{"type":"t","delayMs":200,"durationMs":100}}"#
    #expect(try engine.call(enqueue)["id"]?.integer == 1)
    engine.signal(SIGSTOP)
    usleep(600_000)  // the show, the hide and the idle all fall due meanwhile
    engine.signal(signal)
    engine.signal(SIGCONT)
    let events = try (0..<3).map { _ in try engine.readMessage().member("method")?.string }
    #expect(events == ["alert.show", "alert.hide", "alert.idle"])
    #expect(try engine.readToEnd() == "")
    #expect(try engine.waitForExit() == 0)
  }

  @Test func closedStdoutEndsTheProcessQuietly() throws {
    let engine = try EngineProcess(closeStdout: true)
    engine.send(String(repeating: ping + "\n", count: 100))
    #expect(try engine.waitForExit() == 0)
    #expect(!engine.stderrText.contains("Fatal"))
  }

  @Test func versionAndHelpPrintAndExitZero() throws {
    let version = try EngineProcess(["--version"])
    #expect(try version.readToEnd().hasPrefix("ordo "))
    #expect(try version.waitForExit() == 0)
    let help = try EngineProcess(["--help"])
    #expect(try help.readToEnd().contains("usage: ordo"))
    #expect(try help.waitForExit() == 0)
  }

  @Test(arguments: [
    ["--bogus"], ["--framing", "xml"], ["--clock"], ["--max-layers", "0"], ["--log-level=loud"],
  ])
  func badFlagsPrintUsageAndExitTwo(arguments: [String]) throws {
    let engine = try EngineProcess(arguments)
    #expect(try engine.readToEnd() == "")
    #expect(try engine.waitForExit() == 2)
    #expect(engine.stderrText.contains("usage: ordo"))
  }

  @Test func logsGoToStderrOnly() throws {
    let engine = try EngineProcess(["--log-level", "debug"])
    engine.sendLine(
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"t"}}}"#)
    let response = try engine.readMessage()
    #expect(response["result"]?["serverInfo"]?["name"]?.string == "ordo")
    engine.closeInput()
    #expect(try engine.readToEnd() == "")
    #expect(try engine.waitForExit() == 0)
    // The name alone when no version is given (no trailing space).
    #expect(engine.stderrText.contains("client: t\n"))
  }

  @Test func initializeReportsFramingClockAndMethods() throws {
    let engine = try EngineProcess()
    let response = try engine.call(
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clock":"manual"}}"#)
    let result = try #require(response["result"])
    #expect(result["protocolVersion"]?.string == "1")
    #expect(result["framing"]?.string == "ndjson")
    #expect(result["clock"]?.string == "manual")
    let methods = try #require(result["methods"])
    let names = (0..<methods.count).compactMap { methods[$0]?.string }
    #expect(names.contains("engine.ping"))
    #expect(names.contains("rpc.discover"))
  }

  @Test func discoverReturnsTheEmbeddedSchema() throws {
    let engine = try EngineProcess()
    let response = try engine.call(#"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"#)
    #expect(response["result"]?["openrpc"]?.string?.hasPrefix("1.3") == true)
    #expect((response["result"]?["methods"]?.count ?? 0) > 0)
  }

  @Test func statsCountRequests() throws {
    let engine = try EngineProcess()
    _ = try engine.call(ping)
    _ = try engine.call(ping)
    let stats = try engine.call(#"{"jsonrpc":"2.0","id":3,"method":"engine.stats"}"#)
    #expect(stats["result"]?["requests"]?.integer == 3)
    #expect(stats["result"]?["alerts"]?["pending"]?.integer == 0)
    #expect((stats["result"]?["uptimeMs"]?.integer ?? -1) >= 0)
  }

  /// Restored alerts wait for the shell's first request, so that LSP's rule holds (no
  /// event before `initialize`'s answer): an editor's LSP client sends notifications of
  /// its own first (`workspace/didChangeConfiguration`), which release nothing; nor does
  /// `initialize`; the first request after it does.
  @Test func foreignNotificationsAndInitializeLeaveRestoredAlertsWaiting() throws {
    try withTemporaryState { state in
      let first = try EngineProcess(["--clock", "manual", "--state", state])
      first.sendLine(
        #"{"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"a","persist":true}}"#
      )
      #expect(try first.readMessage()["method"]?.string == "alert.show")
      #expect(try first.readMessage()["result"]?["alert"]?["state"]?.string == "showing")
      first.closeInput()
      #expect(try first.waitForExit() == 0)

      let second = try EngineProcess(["--clock", "manual", "--state", state])
      second.sendLine(#"{"jsonrpc":"2.0","method":"workspace/didChangeConfiguration","params":{}}"#)
      second.sendLine(#"{"jsonrpc":"2.0","method":"$/setTrace","params":{"value":"off"}}"#)
      let initialized = try second.call(
        #"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{}}"#)
      #expect(initialized["id"]?.integer == 2, "\(initialized)")
      #expect(initialized["result"]?["serverInfo"]?["name"]?.string == "ordo")
      second.sendLine(#"{"jsonrpc":"2.0","id":3,"method":"engine.ping"}"#)
      let shown = try second.readMessage()
      #expect(shown["method"]?.string == "alert.show", "\(shown)")
      #expect(shown["params"]?["alert"]?["id"]?.string == "a")
      #expect(try second.readMessage()["id"]?.integer == 3)
      second.closeInput()
      #expect(try second.waitForExit() == 0)
    }
  }
}
