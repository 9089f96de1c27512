import OrdoJSON
import Testing

/// docs/protocol.md#transport through the real binary: ids, batches, notifications, every error code.
@Suite struct ProtocolTests {
  private func ping(_ id: String) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"engine.ping"}"#
  }

  @Test(arguments: [
    #""abc""#, "7", "-12", "1.5", "1.0", "-0.25", "null", #""""#, "1e-7", "1E+2", "-0",
    "123456789012345678901234567890", "0",
  ])
  func idIsEchoedExactly(id: String) throws {
    let engine = try EngineProcess(["--clock", "manual"])
    let line = try { () throws -> String in
      engine.sendLine(ping(id))
      return try engine.readLine()
    }()
    #expect(line == #"{"jsonrpc":"2.0","id":\#(id),"result":{"pong":true,"at":0}}"#)
  }

  @Test func notificationsAreNeverAnsweredEvenWhenTheyFail() throws {
    let engine = try EngineProcess()
    engine.sendLine(#"{"jsonrpc":"2.0","method":"engine.ping"}"#)
    engine.sendLine(#"{"jsonrpc":"2.0","method":"no.such.method"}"#)
    engine.sendLine(#"{"jsonrpc":"2.0","method":"clock.advance","params":{"ms":"x"}}"#)
    let response = try engine.call(ping("1"))
    #expect(response["id"]?.integer == 1)
    #expect(response["result"]?["pong"]?.bool == true)
    engine.closeInput()
    #expect(try engine.readToEnd() == "")
    #expect(try engine.waitForExit() == 0)
    #expect(engine.stderrText.contains("no.such.method"))
  }

  @Test func emptyBatchIsOneInvalidRequest() throws {
    let engine = try EngineProcess()
    let response = try engine.call("[]")
    #expect(response.kind == .object)
    #expect(response["id"]?.isNull == true)
    #expect(response["error"]?["code"]?.integer == -32600)
    #expect(response["error"]?["data"]?["reason"]?.string == "empty_batch")
  }

  @Test func batchOfNotificationsWritesNothing() throws {
    let engine = try EngineProcess()
    engine.sendLine(
      #"[{"jsonrpc":"2.0","method":"engine.ping"},{"jsonrpc":"2.0","method":"nope"}]"#)
    let response = try engine.call(ping("2"))
    #expect(response["id"]?.integer == 2)
  }

  @Test func batchAnswersEachEntryInPlaceAndInOrder() throws {
    let engine = try EngineProcess()
    let batch = """
      [\(ping("1")),1,{"jsonrpc":"2.0","method":"engine.ping"},{"jsonrpc":"1.0","id":"v","method":"engine.ping"},\
      {"jsonrpc":"2.0","id":3,"method":"nope"},[],\(ping(#""last""#))]
      """
    let response = try engine.call(batch)
    #expect(response.kind == .array)
    #expect(response.count == 6)
    #expect(response[0]?["id"]?.integer == 1)
    #expect(response[0]?["result"]?["pong"]?.bool == true)
    #expect(response[1]?["error"]?["code"]?.integer == -32600)
    #expect(response[1]?["id"]?.isNull == true)
    #expect(response[2]?["error"]?["code"]?.integer == -32600)
    #expect(response[2]?["id"]?.string == "v")
    #expect(response[3]?["error"]?["code"]?.integer == -32601)
    #expect(response[3]?["error"]?["data"]?["method"]?.string == "nope")
    #expect(response[4]?["error"]?["code"]?.integer == -32600)
    #expect(response[5]?["id"]?.string == "last")
  }

  @Test(arguments: [
    ("1", "not_an_object", "null"),
    (#""text""#, "not_an_object", "null"),
    ("null", "not_an_object", "null"),
    (#"{"id":4,"method":"engine.ping"}"#, "invalid_jsonrpc", "4"),
    (#"{"jsonrpc":2.0,"id":5,"method":"engine.ping"}"#, "invalid_jsonrpc", "5"),
    (#"{"jsonrpc":"2.0","id":6}"#, "missing_method", "6"),
    (#"{"jsonrpc":"2.0","id":"s","method":7}"#, "invalid_method", #""s""#),
    (#"{"jsonrpc":"2.0","id":8,"method":"engine.ping","params":"x"}"#, "invalid_params", "8"),
    (#"{"jsonrpc":"2.0","id":8,"method":"engine.ping","params":3}"#, "invalid_params", "8"),
    (#"{"jsonrpc":"2.0","id":{"a":1},"method":"engine.ping"}"#, "invalid_id", "null"),
    (#"{"jsonrpc":"2.0","id":[1],"method":"engine.ping"}"#, "invalid_id", "null"),
    (#"{"jsonrpc":"2.0","id":true,"method":"engine.ping"}"#, "invalid_id", "null"),
    (
      #"{"jsonrpc":"2.0","method":"engine.ping","params":{"a\u0000b":1},"id":9}"#, "nul_in_key",
      "9"
    ),
  ])
  func notARequestIsInvalidRequest(text: String, reason: String, id: String) throws {
    let engine = try EngineProcess()
    let line = try { () throws -> String in
      engine.sendLine(text)
      return try engine.readLine()
    }()
    #expect(line.hasPrefix(#"{"jsonrpc":"2.0","id":\#(id),"error":{"code":-32600,"#))
    #expect(line.contains(#""reason":"\#(reason)""#))
    // The engine keeps serving.
    #expect(try engine.call(ping("10"))["id"]?.integer == 10)
  }

  @Test(arguments: [
    ("{", "truncated"),
    (#"{"jsonrpc":"2.0","id":1,"method":"engine.ping""#, "truncated"),
    ("nope", "invalid_json"),
    ("{'a':1}", "invalid_json"),
    ("[1,]", "invalid_json"),
    (String(repeating: "[", count: 3000) + String(repeating: "]", count: 3000), "too_deep"),
  ])
  func notJSONIsParseError(text: String, reason: String) throws {
    let engine = try EngineProcess()
    let response = try engine.call(text)
    #expect(response["id"]?.isNull == true)
    #expect(response["error"]?["code"]?.integer == -32700)
    #expect(response["error"]?["data"]?["reason"]?.string == reason)
    #expect(try engine.call(ping("11"))["id"]?.integer == 11)
  }

  static let undecodable: [([UInt8], String)] = {
    let request = Array(#"{"jsonrpc":"2.0","id":1,"method":"engine.ping"}"#.utf8)
    let head = Array(#"{"jsonrpc":"2.0","id":""#.utf8)
    let tail = Array(#"","method":"engine.ping"}"#.utf8)
    let badSequence: [UInt8] = [0xC3, 0x28]
    let badByte: [UInt8] = [0xFF]
    return [
      (Array("123".utf8) + [0], "nul_byte"),
      (request + [0], "nul_byte"),
      (head + badSequence + tail, "invalid_utf8"),
      (head + badByte + tail, "invalid_utf8"),
    ]
  }()

  @Test(arguments: undecodable)
  func rawNulAndInvalidUTF8AreParseErrors(bytes: [UInt8], reason: String) throws {
    let engine = try EngineProcess()
    engine.send(bytes: bytes + [0x0A])
    let response = try engine.readMessage()
    #expect(response["error"]?["code"]?.integer == -32700)
    #expect(response["error"]?["data"]?["reason"]?.string == reason)
    #expect(try engine.call(ping("12"))["id"]?.integer == 12)
  }

  /// A batch refused whole counts as one message in `engine.stats`, as an empty one does.
  @Test func aBatchRefusedWholeForANulKeyCountsAsOneMessage() throws {
    let engine = try EngineProcess(["--clock", "manual"])
    let refused = try engine.call(
      #"[{"jsonrpc":"2.0","id":1,"method":"engine.ping"},{"jsonrpc":"2.0","id":2,"#
        + #""method":"engine.ping","params":{"\u0000":1}},{"jsonrpc":"2.0","method":"x"}]"#)
    #expect(refused["error"]?["data"]?["reason"]?.string == "nul_in_key")
    let stats = try engine.call(#"{"jsonrpc":"2.0","id":3,"method":"engine.stats"}"#)
    #expect(stats["result"]?["requests"]?.integer == 2)
  }

  /// An integer parameter is judged as the double its number reads as.
  @Test func anIntegerIsJudgedAsTheDoubleItReadsAs() throws {
    let engine = try EngineProcess(["--clock", "manual"])
    for (written, read) in [("0.99999999999999999", 1), ("1e-400", 0), ("7.0", 7)] {
      let added = try engine.call(
        #"{"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"s\#(read)","#
          + #""sort":\#(written)}}"#)
      #expect(added["result"]?["sort"]?.integer == Int64(read), "\(written)")
    }
    let half = try engine.call(
      #"{"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"h","sort":0.5}}"#)
    #expect(half["error"]?["code"]?.integer == -32602)
  }

  @Test func escapedNulInsideAStringIsFine() throws {
    let engine = try EngineProcess()
    let response = try engine.call(
      #"{"jsonrpc":"2.0","id":"a\u0000b","method":"engine.ping"}"#)
    #expect(response["id"]?.string == "a\u{0}b")
    #expect(response["result"]?["pong"]?.bool == true)
  }

  @Test func emptyPositionalParamsCountAsOmitted() throws {
    let engine = try EngineProcess()
    let ok = try engine.call(#"{"jsonrpc":"2.0","id":1,"method":"engine.ping","params":[]}"#)
    #expect(ok["result"]?["pong"]?.bool == true)
    let refused = try engine.call(
      #"{"jsonrpc":"2.0","id":2,"method":"clock.advance","params":[5]}"#)
    #expect(refused["error"]?["code"]?.integer == -32602)
  }

  @Test func unknownAndMistypedParamsAreInvalidParamsWithAPointer() throws {
    let engine = try EngineProcess(["--clock", "manual"])
    let unknown = try engine.call(
      #"{"jsonrpc":"2.0","id":1,"method":"clock.advance","params":{"ms":1,"extra":2}}"#)
    #expect(unknown["error"]?["code"]?.integer == -32602)
    #expect(unknown["error"]?["data"]?["path"]?.string == "/extra")
    let mistyped = try engine.call(
      #"{"jsonrpc":"2.0","id":2,"method":"clock.advance","params":{"ms":"5"}}"#)
    #expect(mistyped["error"]?["data"]?["path"]?.string == "/ms")
    #expect(
      mistyped["error"]?["message"]?.string
        == "ms must be an integer from 0 to 9007199254740991.")
    let missing = try engine.call(
      #"{"jsonrpc":"2.0","id":3,"method":"clock.advance","params":{}}"#)
    #expect(missing["error"]?["data"]?["path"]?.string == "/ms")
    let fraction = try engine.call(
      #"{"jsonrpc":"2.0","id":4,"method":"clock.advance","params":{"ms":1.5}}"#)
    #expect(fraction["error"]?["code"]?.integer == -32602)
    let tooBig = try engine.call(
      #"{"jsonrpc":"2.0","id":5,"method":"clock.advance","params":{"ms":9007199254740992}}"#)
    #expect(tooBig["error"]?["code"]?.integer == -32602)
    let nested = try engine.call(
      #"{"jsonrpc":"2.0","id":6,"method":"initialize","params":{"clientInfo":{"name":"x","nme":1}}}"#
    )
    #expect(nested["error"]?["data"]?["path"]?.string == "/clientInfo/nme")
    // LSP's clientInfo.name is any string: an empty one is accepted, one over 256 is not.
    let unnamed = try engine.call(
      #"{"jsonrpc":"2.0","id":8,"method":"initialize","params":{"clientInfo":{"name":""}}}"#)
    #expect(unnamed["result"]?["serverInfo"]?["name"]?.string == "ordo")
    let long = String(repeating: "n", count: 257)
    let tooLong = try engine.call(
      #"{"jsonrpc":"2.0","id":9,"method":"initialize","params":{"clientInfo":{"name":""#
        + long + #""}}}"#)
    #expect(tooLong["error"]?["data"]?["path"]?.string == "/clientInfo/name")
    let whole = try engine.call(
      #"{"jsonrpc":"2.0","id":7,"method":"clock.advance","params":{"ms":2.0}}"#)
    #expect(whole["result"]?["now"]?.integer == 2)
    // In range on its own but past 2^53 - 1 from now: the refusal gives what is left.
    let past = try engine.call(
      #"{"jsonrpc":"2.0","id":10,"method":"clock.advance","params":{"ms":9007199254740990}}"#)
    #expect(past["error"]?["data"]?["expected"]?.string == "an integer from 0 to 9007199254740989")
    #expect(
      past["error"]?["message"]?.string
        == "ms must keep the clock within 2^53 - 1: at most 9007199254740989 now.")
    let most = try engine.call(
      #"{"jsonrpc":"2.0","id":11,"method":"clock.advance","params":{"ms":9007199254740989}}"#)
    #expect(most["result"]?["now"]?.integer == 9_007_199_254_740_991)
  }

  @Test func methodNotFoundNamesTheMethod() throws {
    let engine = try EngineProcess()
    let response = try engine.call(#"{"jsonrpc":"2.0","id":1,"method":"layer.explode"}"#)
    #expect(response["error"]?["code"]?.integer == -32601)
    #expect(response["error"]?["data"]?["method"]?.string == "layer.explode")
  }

  @Test func tooLargeMessageIsRefusedAndSkipped() throws {
    let engine = try EngineProcess(["--max-message-bytes", "100"])
    let padding = String(repeating: " ", count: 200)
    let response = try engine.call(#"{"jsonrpc":"2.0","id":1,\#(padding)"method":"engine.ping"}"#)
    #expect(response["error"]?["code"]?.integer == -32600)
    #expect(response["error"]?["data"]?["reason"]?.string == "too_large")
    #expect(response["error"]?["data"]?["limit"]?.integer == 100)
    #expect(try engine.call(ping("2"))["id"]?.integer == 2)
  }

  /// Its id is echoed only when the parser reads it as an id on its own.
  @Test func aTooLargeMessagesIDThatIsNoValidIDIsNull() throws {
    let engine = try EngineProcess(["--max-message-bytes", "100"])
    let padding = String(repeating: " ", count: 200)
    for (id, echoed) in [
      ("1e308", "1e308"), ("1e309", "null"), ("12abc", "null"), (#""a\qb""#, "null"),
    ] {
      engine.sendLine(#"{"jsonrpc":"2.0","id":\#(id),\#(padding)"method":"engine.ping"}"#)
      let line = try engine.readLine()
      #expect(line.hasPrefix(#"{"jsonrpc":"2.0","id":\#(echoed),"error":{"code":-32600"#), "\(id)")
    }
  }

  /// Its id is echoed wherever it stands in the top level (jsonrpcclient writes it last;
  /// Neovim's order changes from run to run), in both framings.
  @Test(arguments: [false, true])
  func aTooLargeMessageIsAnsweredWithItsIDWhereverItStands(lsp: Bool) throws {
    let engine = try EngineProcess(["--max-message-bytes", "100"])
    func send(_ body: String) {
      engine.send(lsp ? "Content-Length: \(body.utf8.count)\r\n\r\n\(body)" : body + "\n")
    }
    func read() throws -> JSONValue {
      guard lsp else { return try engine.readMessage() }
      guard case .success(let document) = JSONDocument.parse(try engine.readFramedBody()) else {
        throw EngineProcess.Failure.closed("an LSP answer that is JSON")
      }
      return document.value
    }
    let params = #""params":{"id":"inner","data":"\#(String(repeating: "x", count: 5000))"}"#
    send(#"{"jsonrpc": "2.0", "method": "layer.add", \#(params), "id": "late"}"#)
    let late = try read()
    #expect(late["id"]?.string == "late")
    #expect(late["error"]?["data"]?["reason"]?.string == "too_large")
    send(#"{"jsonrpc":"2.0","method":"engine.ping","id":3}"#)
    let next = try read()
    #expect(next["id"]?.integer == 3)
    #expect(next["result"]?["pong"]?.bool == true)
  }

  @Test func aHugeLineIsSkippedWithBoundedMemory() throws {
    let engine = try EngineProcess(["--max-message-bytes", "1024"])
    #expect(try engine.call(ping("1"))["id"]?.integer == 1)
    // Measured after start-up, so sanitizer builds with a larger footprint compare fairly.
    let baseline = try #require(engine.peakResidentKiB)
    let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
    for _ in 0..<64 { engine.send(bytes: chunk) }  // 64 MiB without a newline
    engine.send("\n")
    let response = try engine.readMessage()
    #expect(response["error"]?["data"]?["reason"]?.string == "too_large")
    #expect(try engine.call(ping("3"))["id"]?.integer == 3)
    let peak = try #require(engine.peakResidentKiB)
    #expect(
      peak - baseline < 16 * 1024,
      "peak RSS grew by \(peak - baseline) KiB while skipping a 64 MiB line")
  }

  @Test func responsesComeInRequestOrder() throws {
    let engine = try EngineProcess()
    var text = ""
    for id in 0..<2000 { text += ping("\(id)") + "\n" }
    engine.send(text)
    for id in 0..<2000 {
      #expect(try engine.readMessage()["id"]?.integer == Int64(id))
    }
  }

  @Test func blankLinesAndCRLFAreAccepted() throws {
    let engine = try EngineProcess(["--clock", "manual"])
    engine.send("\n\r\n  \n" + ping("1") + "\r\n")
    #expect(try engine.readLine() == #"{"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}"#)
    #expect(try engine.call(ping("2"))["id"]?.integer == 2)
  }

  @Test func lspFramingRoundTripsAndResynchronises() throws {
    let engine = try EngineProcess(["--clock", "manual"])
    let body = ping("1")
    engine.send(
      "content-length: \(body.utf8.count)\r\nContent-Type: application/json\r\n"
        + "X-Unknown: 1\r\n\r\n" + body)
    #expect(
      try engine.readFramedBody() == #"{"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}"#)
    engine.send("Content-Length: abc\r\n\r\n" + body)
    let refused = try engine.readFramedBody()
    #expect(refused.contains(#""code":-32700"#))
    #expect(refused.contains(#""reason":"bad_header""#))
    let next = ping("2")
    engine.send("Content-Length: \(next.utf8.count)\r\n\r\n" + next)
    #expect(try engine.readFramedBody().contains(#""id":2"#))
  }

  @Test func lspFramingIsKeptWhenForced() throws {
    let engine = try EngineProcess(["--framing", "lsp"])
    let body = ping("5")
    engine.send("Content-Length: \(body.utf8.count)\r\n\r\n" + body)
    #expect(try engine.readFramedBody().contains(#""id":5"#))
  }

  @Test func ndjsonForcedTreatsHeadersAsGarbage() throws {
    let engine = try EngineProcess(["--framing", "ndjson"])
    engine.sendLine("Content-Length: 5")
    let response = try engine.readMessage()
    #expect(response["error"]?["code"]?.integer == -32700)
  }
}

/// A client that stops reading must not stall the engine's reading (up to a bound).
@Suite struct BackpressureTests {
  @Test func engineKeepsReadingWhileTheClientDoesNotRead() throws {
    let engine = try EngineProcess()
    let line = Array(#"{"jsonrpc":"2.0","id":1,"method":"engine.ping"}"#.utf8) + [0x0A]
    var input: [UInt8] = []
    for _ in 0..<40_000 { input += line }  // ~2 MB in, ~2.5 MB out: far over a pipe's 64 KiB
    let taken = engine.sendWithoutBlocking(input, deadlineMs: 10_000)
    #expect(taken == input.count, "the engine stopped reading after \(taken) bytes")
    var answered = 0
    while answered < 40_000 {
      _ = try engine.readLine()
      answered += 1
    }
    #expect(answered == 40_000)
  }
}
