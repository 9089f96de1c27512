import OrdoRPC
import Testing

/// The framing state machine, fed whole, byte by byte and in odd splits.
@Suite struct MessageFramerTests {
  enum Seen: Equatable {
    case message(String)
    case tooLarge(Int)
    case badHeader
  }

  /// Feeds `input` in chunks of the given sizes (cycled) and collects every event.
  static func run(
    _ input: [UInt8], chunks: [Int], framing: MessageFramer.Framing? = nil, limit: Int = 1 << 20
  ) -> (events: [Seen], framer: MessageFramer) {
    var framer = MessageFramer(framing: framing, maxMessageBytes: limit)
    var events: [Seen] = []
    var offset = 0
    var chunkIndex = 0
    while offset < input.count {
      let size = max(1, chunks[chunkIndex % chunks.count])
      chunkIndex += 1
      let end = min(input.count, offset + size)
      framer.feed(Array(input[offset..<end]))
      offset = end
      while let event = framer.next() {
        switch event {
        case .message(let range):
          events.append(.message(String(decoding: framer.buffer[range], as: UTF8.self)))
        case .tooLarge(let limit, _): events.append(.tooLarge(limit))
        case .badHeader: events.append(.badHeader)
        }
      }
    }
    return (events, framer)
  }

  static let splits: [[Int]] = [[1], [2], [3], [7], [1, 5, 2], [64], [100_000]]

  /// The skipping of an over-long message is counted once, when it begins (the session logs
  /// it then: the answer comes only at the message's end), whatever the splits; with an LSP
  /// body, its declared length is kept. Messages within the limit count nothing.
  @Test(arguments: splits)
  func anOverLongMessageIsCountedOnceWhenItsSkippingBegins(chunks: [Int]) {
    let long = String(repeating: "x", count: 300)
    let lsp =
      "Content-Length: 2\r\n\r\n{}Content-Length: \(long.utf8.count)\r\n\r\n\(long)"
      + "Content-Length: 2\r\n\r\n{}"
    let (lspEvents, lspFramer) = Self.run(
      Array(lsp.utf8), chunks: chunks, framing: .lsp, limit: 100)
    #expect(lspEvents == [.message("{}"), .tooLarge(100), .message("{}")])
    #expect(lspFramer.skipsBegun == 1 && lspFramer.skippedLength == 300)
    let lines = "{}\n\(long)\n{}\n\(long)"  // the last line still going on
    let (events, framer) = Self.run(Array(lines.utf8), chunks: chunks, framing: .ndjson, limit: 100)
    #expect(events == [.message("{}"), .tooLarge(100), .message("{}")])
    // The first long line was seen whole in one read only with the largest split: it was
    // refused at once, with no skipping begun for it.
    #expect(framer.skipsBegun == (chunks == [100_000] ? 1 : 2) && framer.skippedLength == nil)
  }

  /// The ids the framer read of the over-long messages in `input`, fed in chunks of
  /// `chunks`.
  static func ids(
    _ input: String, chunks: [Int], framing: MessageFramer.Framing? = nil, limit: Int
  ) -> [String?] {
    var framer = MessageFramer(framing: framing, maxMessageBytes: limit)
    var ids: [String?] = []
    let bytes = Array(input.utf8)
    var offset = 0
    var chunkIndex = 0
    while offset < bytes.count {
      let end = min(bytes.count, offset + max(1, chunks[chunkIndex % chunks.count]))
      chunkIndex += 1
      framer.feed(Array(bytes[offset..<end]))
      offset = end
      while let event = framer.next() {
        if case .tooLarge(_, let id) = event { ids.append(id) }
      }
    }
    return ids
  }

  /// An over-long message's top level is read as its bytes go by, whatever the split, in an
  /// NDJSON line and in an LSP body: its id wherever it stands (after `params`, as
  /// jsonrpcclient writes it); it is reported when the message ends.
  @Test(arguments: splits)
  func theIDOfAnOverLongMessageIsReadInAnySplit(chunks: [Int]) {
    let params = "\"params\":{\"id\":9,\"data\":\"" + String(repeating: "x", count: 60) + "\"}"
    let cases: [(String, String?)] = [
      ("{\"id\":7,\"method\":\"m\",\(params)}", "7"),
      ("{\"method\":\"m\",\(params), \"id\" : \"r-1\" }", "\"r-1\""),
      ("{\"jsonrpc\":\"2.0\",\"method\":\"m\",\(params)}", nil),
      ("{\"method\":\"m\",\(params),\"id\":null}", "null"),
      // A number the message ends in is whole, whether the line's "\r" came with it or not
      // (found by the fuzzer).
      ("{\"method\":\"m\",\(params),\"id\":12", "12"),
    ]
    for (message, expected) in cases {
      let twoLines = message + "\r\n{}\n"
      #expect(Self.ids(twoLines, chunks: chunks, limit: 30) == [expected], "\(message)")
      let frames = Self.lsp(message) + Self.lsp("{}")
      #expect(Self.ids(frames, chunks: chunks, limit: 30) == [expected], "\(message)")
    }
    // An NDJSON line not yet ended is not reported: its id may still come.
    #expect(Self.ids("{\"method\":\"m\",\(params)", chunks: chunks, limit: 30).isEmpty)
  }

  static func lsp(_ body: String, header: String = "Content-Length") -> String {
    "\(header): \(body.utf8.count)\r\n\r\n\(body)"
  }

  @Test(arguments: splits)
  func ndjsonLinesInAnySplit(chunks: [Int]) {
    let input = "{\"a\":1}\n\r\n  \n{\"b\":\"x y\"}\r\n[1,2]\n"
    let (events, framer) = Self.run(Array(input.utf8), chunks: chunks)
    #expect(events == [.message("{\"a\":1}"), .message("{\"b\":\"x y\"}"), .message("[1,2]")])
    #expect(framer.framing == .ndjson)
  }

  @Test(arguments: splits)
  func lspFramesInAnySplit(chunks: [Int]) {
    let input =
      Self.lsp("{\"a\":1}") + "\r\n"
      + "content-length: 5\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n"
      + "X-Other: yes\r\n\r\n[1,2]" + Self.lsp("{\"multi\":\n\"line\"}")
    let (events, framer) = Self.run(Array(input.utf8), chunks: chunks)
    #expect(
      events == [.message("{\"a\":1}"), .message("[1,2]"), .message("{\"multi\":\n\"line\"}")])
    #expect(framer.framing == .lsp)
  }

  @Test func autoDetectionWaitsForEnoughBytes() {
    var framer = MessageFramer()
    framer.feed(Array("  \n Content-Len".utf8))
    let early = framer.next()
    #expect(early == nil)
    #expect(framer.framing == nil)
    framer.feed(Array("gth: 2\r\n\r\n{}".utf8))
    let message = framer.next()
    #expect(message != nil)
    #expect(framer.framing == .lsp)
  }

  /// A ":" with no name before it starts no header (`: 1` is no LSP header line).
  @Test(arguments: [
    "{}\n", "[]\n", "123\n", "true\n", "nonsense\n", "\"Content-Length: 3\"\n", ":x\n", ": 1\n",
  ])
  func autoDetectionPicksNDJSONForAnythingElse(text: String) {
    let (_, framer) = Self.run(Array(text.utf8), chunks: [1])
    #expect(framer.framing == .ndjson)
  }

  @Test(arguments: splits)
  func overLongLineIsReportedOnceAndSkipped(chunks: [Int]) {
    let long = String(repeating: "x", count: 50)
    let input = "{\"ok\":1}\n" + long + "\n{\"ok\":2}\n"
    let (events, _) = Self.run(Array(input.utf8), chunks: chunks, framing: .ndjson, limit: 20)
    #expect(events == [.message("{\"ok\":1}"), .tooLarge(20), .message("{\"ok\":2}")])
  }

  @Test func overLongLineIsNeverBufferedWhole() {
    var framer = MessageFramer(framing: .ndjson, maxMessageBytes: 1000)
    let chunk = [UInt8](repeating: UInt8(ascii: "y"), count: 4096)
    var reported = 0
    for _ in 0..<1000 {
      framer.feed(chunk)
      while let event = framer.next() {
        if case .tooLarge = event { reported += 1 }
      }
      #expect(framer.pendingByteCount <= 4096 + 1000)
    }
    #expect(reported == 0)  // reported when it ends
    framer.feed(Array("\n{}\n".utf8))
    var messages = 0
    while let event = framer.next() {
      if case .message = event { messages += 1 }
      if case .tooLarge = event { reported += 1 }
    }
    #expect(reported == 1)
    #expect(messages == 1)
  }

  @Test(arguments: splits)
  func overLongLSPBodyIsSkippedByCount(chunks: [Int]) {
    let body = "[" + String(repeating: "1,", count: 40) + "1]"
    let input = Self.lsp(body) + Self.lsp("{}")
    let (events, _) = Self.run(Array(input.utf8), chunks: chunks, framing: .lsp, limit: 10)
    #expect(events == [.tooLarge(10), .message("{}")])
  }

  /// The limit is inclusive: a body of exactly `maxMessageBytes` is served, one byte more is
  /// skipped (as with an NDJSON line).
  @Test(arguments: splits)
  func anLSPBodyOfExactlyTheLimitIsServed(chunks: [Int]) {
    let input = Self.lsp("{\"a\":1234}") + Self.lsp("{\"a\":12345}") + Self.lsp("{}")
    let (events, _) = Self.run(Array(input.utf8), chunks: chunks, framing: .lsp, limit: 10)
    #expect(events == [.message("{\"a\":1234}"), .tooLarge(10), .message("{}")])
  }

  @Test(arguments: splits)
  func brokenHeadersResynchroniseOnTheNextHeaderLine(chunks: [Int]) {
    let input =
      "Content-Length: nope\r\n\r\n{\"lost\":1}\r\n" + Self.lsp("{\"a\":1}")
      + "garbage without colon\r\n" + Self.lsp("{\"b\":2}")
      + "X-Only: 1\r\n\r\n{\"c\":3}\r\n" + Self.lsp("{\"d\":4}")
    let (events, _) = Self.run(Array(input.utf8), chunks: chunks, framing: .lsp)
    #expect(
      events == [
        .badHeader, .message("{\"a\":1}"), .badHeader, .message("{\"b\":2}"), .badHeader,
        .message("{\"d\":4}"),
      ])
  }

  /// The broken Content-Length is quoted (cut at 32 bytes): "not a byte count" alone read
  /// as wrong for a 16-digit number, which is one.
  @Test(arguments: [
    ("abc", "\"abc\""), (" 9999999999999999 ", "\"9999999999999999\""),
    (String(repeating: "7", count: 40), "\"" + String(repeating: "7", count: 32) + "…\""),
    // 32 bytes are shown whole, with no "…".
    (String(repeating: "7", count: 32), "\"" + String(repeating: "7", count: 32) + "\""),
    // "é" (2 bytes) across the cut: left out whole, not shown as U+FFFD.
    (
      String(repeating: "a", count: 31) + "\u{E9}x",
      "\"" + String(repeating: "a", count: 31) + "…\""
    ),
  ])
  func aBrokenContentLengthIsQuoted(value: String, quoted: String) {
    var framer = MessageFramer(framing: .lsp)
    framer.feed(Array("Content-Length:\(value)\r\n\r\n".utf8))
    var reasons: [String] = []
    while let event = framer.next() {
      if case .badHeader(let reason) = event { reasons.append(reason) }
    }
    #expect(
      reasons == [
        "the Content-Length header \(quoted) is not a byte count (decimal digits, at most 15 of"
          + " them leading zeros aside)"
      ])
  }

  @Test func overLongHeaderLineIsRefusedWithoutBuffering() {
    var framer = MessageFramer(framing: .lsp)
    var sawBadHeader = false
    for _ in 0..<100 {
      framer.feed([UInt8](repeating: UInt8(ascii: "H"), count: 4096))
      while let event = framer.next() {
        if case .badHeader = event { sawBadHeader = true }
      }
      #expect(framer.pendingByteCount <= 4096 + MessageFramer.maxHeaderLineBytes)
    }
    framer.feed(Array(("\r\n" + Self.lsp("{}")).utf8))
    var messages = 0
    while let event = framer.next() {
      if case .message = event { messages += 1 }
    }
    #expect(sawBadHeader)
    #expect(messages == 1)
  }

  /// Feeds `text`, takes every event, and tells whether `finish()` reports a partial message.
  private func finishReportsPartial(_ framing: MessageFramer.Framing, _ text: String) -> Bool {
    var framer = MessageFramer(framing: framing)
    framer.feed(Array(text.utf8))
    while framer.next() != nil {}
    return framer.finish()
  }

  @Test func finishReportsAPartialMessage() {
    #expect(finishReportsPartial(.ndjson, "{\"a\":"))
    #expect(!finishReportsPartial(.ndjson, "{}\n  "))
    #expect(finishReportsPartial(.lsp, "Content-Length: 10\r\n\r\n{}"))
    // A header line cut short after a whole message is a partial one; a blank line is not.
    var header = MessageFramer(framing: .lsp)
    header.feed(Array("Content-Length: 2\r\n\r\n{}Content-Len".utf8))
    let headerMessage = header.next()
    #expect(headerMessage == .message(21..<23))
    #expect(finishReportsPartial(.lsp, "Content-Length: 2\r\n\r\n{}Content-Len"))
    #expect(!finishReportsPartial(.lsp, "Content-Length: 2\r\n\r\n{}\r\n"))
  }

  /// A Content-Length value may have spaces and tabs on either side (RFC 7230's optional
  /// whitespace around a field value).
  @Test(arguments: splits)
  func aContentLengthMayHaveTabsAroundIt(chunks: [Int]) {
    let input =
      "Content-Length:\t2\r\n\r\n{}" + "Content-Length: 2\t\r\n\r\n[]"
      + "Content-Length:\t \t7 \t\r\n\r\n{\"a\":1}"
    let (events, _) = Self.run(Array(input.utf8), chunks: chunks, framing: .lsp)
    #expect(events == [.message("{}"), .message("[]"), .message("{\"a\":1}")])
  }

  @Test func manyMessagesInOneRead() {
    let input = String(repeating: "{\"x\":1}\n", count: 10_000)
    let (events, _) = Self.run(Array(input.utf8), chunks: [1 << 20])
    #expect(events.count == 10_000)
  }
}

/// Inputs the fuzzer found on which framing depended on how the input was split: whole and
/// chunked must give the same events.
@Suite struct MessageFramerRegressionTests {
  static let fuzzChunks = (0..<64).map { 1 + ($0 * 7) % 13 }

  @Test(arguments: [
    // A header-looking line after a broken one, then a header line without a colon.
    [
      0x00, 0x00, 0x00, 0x00, 0x00, 0x07, 0x0A, 0x2A, 0x5E, 0x60, 0x21, 0x21, 0x3A, 0x00, 0x00,
      0x00, 0x00, 0xBE, 0xF8, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x07, 0x0A, 0x2A,
      0x5E, 0x60, 0x0A,
    ] as [UInt8],
    // A long broken line whose dropped part hides a colon.
    [
      0x60, 0x21, 0x11, 0x00, 0x3A, 0x01, 0x0A, 0xA8, 0xDE, 0x21, 0x3A, 0x98, 0xBE, 0xFF, 0xFF,
      0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x0A, 0xFF, 0xFF, 0x22, 0xF8, 0x0A,
    ],
  ])
  func lspFramingDoesNotDependOnTheSplit(input: [UInt8]) {
    let whole = MessageFramerTests.run(input, chunks: [input.count], framing: .lsp, limit: 16)
    let chunked = MessageFramerTests.run(input, chunks: Self.fuzzChunks, framing: .lsp, limit: 16)
    #expect(whole.events == chunked.events)
  }
}

extension MessageFramerRegressionTests {
  @Test func longBlankLinesAndCRLFAtTheLimitDoNotDependOnTheSplit() {
    let input =
      Array(String(repeating: "\t", count: 60).utf8) + [0x0A]
      + Array(String(repeating: "x", count: 40).utf8) + [0x0D, 0x0A]
      + Array(String(repeating: "y", count: 41).utf8) + [0x0D, 0x0A]
    let whole = MessageFramerTests.run(input, chunks: [input.count], framing: .ndjson, limit: 40)
    let chunked = MessageFramerTests.run(
      input, chunks: Self.fuzzChunks, framing: .ndjson, limit: 40)
    #expect(whole.events == chunked.events)
    #expect(
      whole.events == [
        .tooLarge(40), .message(String(repeating: "x", count: 40)), .tooLarge(40),
      ])
  }
}

extension MessageFramerRegressionTests {
  @Test(arguments: [255, 256, 257])
  func autoDetectionOfALongTokenRunDoesNotDependOnTheSplit(length: Int) {
    let input = Array(String(repeating: "S", count: length).utf8) + Array(": 2\r\n\r\n{}\n".utf8)
    let whole = MessageFramerTests.run(input, chunks: [input.count])
    let chunked = MessageFramerTests.run(input, chunks: [length, 1])
    #expect(whole.events == chunked.events)
    #expect(whole.framer.framing == (length < 256 ? .lsp : .ndjson))
  }
}

extension MessageFramerRegressionTests {
  @Test func aLineStartingAHeaderWinsOverAContentLengthInside() {
    let input = Array("o:\n\ng:Content-Length:\n".utf8)
    let whole = MessageFramerTests.run(input, chunks: [input.count], limit: 272)
    for split in 1..<input.count {
      let chunked = MessageFramerTests.run(input, chunks: [split, input.count], limit: 272)
      #expect(whole.events == chunked.events, "split at \(split)")
    }
    // The block without a Content-Length; "g:" whose value holds "Content-Length:" (a
    // run-in, resumed at it); and that "Content-Length:" without a length.
    #expect(whole.events == [.badHeader, .badHeader, .badHeader])
  }
}

extension MessageFramerTests {
  @Test func finishReportsAPartialMessageWhileStillDetecting() {
    var framer = MessageFramer()
    framer.feed(Array("  Content-Len".utf8))
    let early = framer.next()
    #expect(early == nil)
    #expect(framer.framing == nil)
    let dropped = framer.finish()
    #expect(dropped)
  }

  /// Lines of every length from 0 to 40 (so the newline falls on each byte of a word and in
  /// the tail), with bytes that differ from `\n` in one bit or sit next to it, fed whole and
  /// byte by byte: each comes out as written.
  @Test(arguments: [1, 3, 4096])
  func newlinesAreFoundAtEveryOffset(chunk: Int) {
    let fillers: [UInt8] = [0x0B, 0x09, 0x8A, 0x0E, 0x2A, 0x1A, 0x4A, 0xFF]
    var input: [UInt8] = []
    var expected: [Seen] = []
    for length in 0...40 {
      let line = (0..<length).map { fillers[($0 + length) % fillers.count] }
      input += [UInt8(ascii: "x")] + line + [0x0A]
      expected.append(.message(String(decoding: [UInt8(ascii: "x")] + line, as: UTF8.self)))
    }
    let (events, _) = Self.run(input, chunks: [chunk], framing: .ndjson)
    #expect(events == expected)
  }
}

extension MessageFramerTests {
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// A byte order mark at the very start of the input is skipped, in every framing and
  /// every split (auto then still sees the header); anywhere later it is left in the message.
  @Test(arguments: splits)
  func aByteOrderMarkAtTheStartIsSkipped(chunks: [Int]) {
    let line =
      Self.byteOrderMark + Array("{\"a\":1}\n".utf8) + Self.byteOrderMark
      + Array("{\"b\":2}\n".utf8)
    for framing in [nil, MessageFramer.Framing.ndjson] {
      let (events, framer) = Self.run(line, chunks: chunks, framing: framing)
      #expect(framer.framing == .ndjson)
      #expect(events.first == .message("{\"a\":1}"))
      #expect(events.count == 2)
      #expect(events.last != .message("{\"b\":2}"))
    }
    let lsp = Self.byteOrderMark + Array(Self.lsp("{\"a\":1}").utf8)
    for framing in [nil, MessageFramer.Framing.lsp] {
      let (events, framer) = Self.run(lsp, chunks: chunks, framing: framing)
      #expect(framer.framing == .lsp)
      #expect(events == [.message("{\"a\":1}")])
    }
  }

  /// Bytes that begin like a mark and are not one stay where they are, whatever the split.
  @Test(arguments: [[0xEF], [0xEF, 0xBB], [0xEF, 0xBB, 0xBE], [0xEF, 0x7B]] as [[UInt8]])
  func aPartialByteOrderMarkIsNotSkipped(prefix: [UInt8]) {
    let input = prefix + Array("{}\n".utf8)
    for split in 1...input.count {
      let (events, _) = Self.run(input, chunks: [split, input.count], framing: .ndjson)
      let text = String(decoding: prefix + Array("{}".utf8), as: UTF8.self)
      #expect(events == [.message(text)], "split at \(split)")
    }
    var cut = MessageFramer(framing: .ndjson)
    cut.feed(Array(prefix.prefix(2)))
    let none = cut.next()
    #expect(none == nil)
    let dropped = cut.finish()
    #expect(dropped)
  }
}

extension MessageFramerTests {
  /// A Content-Length too small (a client counting characters, not bytes) leaves the rest of
  /// the body in front of the next header on its line; framing resumes at that header, so
  /// only the short message is lost, in every split.
  @Test(arguments: splits)
  func aBodyRunningIntoTheNextHeaderLosesOnlyItself(chunks: [Int]) {
    let short = "Content-Length: 7\r\n\r\n{\"é\":1}"  // 7 characters, 8 bytes
    let input = short + Self.lsp("{\"b\":2}") + Self.lsp("{\"c\":3}")
    let (events, _) = Self.run(Array(input.utf8), chunks: chunks, framing: .lsp)
    #expect(
      events == [.message("{\"é\":1"), .badHeader, .message("{\"b\":2}"), .message("{\"c\":3}")])
  }

  /// An unknown header is ignored whatever its name, one ending in "Content-Length" too
  /// (a proxy's X-Original-Content-Length); its value is never taken for the length.
  @Test(arguments: splits)
  func unknownHeadersEndingInContentLengthAreIgnored(chunks: [Int]) {
    let input =
      "Content-Length: 7\r\nX-Original-Content-Length: 5\r\n\r\n{\"a\":1}"
      + "X-Content-Length: 999\r\nContent-Length: 7\r\n\r\n{\"b\":2}" + Self.lsp("{\"c\":3}")
    let (events, _) = Self.run(Array(input.utf8), chunks: chunks, framing: .lsp)
    #expect(events == [.message("{\"a\":1}"), .message("{\"b\":2}"), .message("{\"c\":3}")])
  }

  /// A body short by more than a header line may hold leaves an over-long line before the
  /// next header: that header is still found, whether the line comes whole or in pieces.
  @Test(arguments: [[1 << 20], [4096], [8193, 1], [1000, 7]])
  func aBodyShortByMoreThanAHeaderLineStillLosesOnlyItself(chunks: [Int]) {
    let rest = String(repeating: "x", count: 9000) + "}"
    let input =
      "Content-Length: 2\r\n\r\n{\"" + rest + Self.lsp("{\"b\":2}") + Self.lsp("{\"c\":3}")
    let (events, _) = Self.run(Array(input.utf8), chunks: chunks, framing: .lsp)
    #expect(events == [.message("{\""), .badHeader, .message("{\"b\":2}"), .message("{\"c\":3}")])
  }

  /// The rest of a too-short body may begin like a header ("a:b"}" before the next
  /// Content-Length on its line): a header value holding "Content-Length:" is such a run-in,
  /// so only the short message is lost.
  @Test(arguments: splits)
  func aRunInTailThatLooksLikeAHeaderLosesOnlyItself(chunks: [Int]) {
    let input =
      "Content-Length: 11\r\n\r\n{\"u\":\"a:b\"}" + Self.lsp("{\"b\":2}") + Self.lsp("{\"c\":3}")
    let short = "Content-Length: 6\r\n\r\n{\"u\":\"a:b\"}" + Self.lsp("{\"b\":2}")
    let (events, _) = Self.run(Array(input.utf8), chunks: chunks, framing: .lsp)
    #expect(events == [.message("{\"u\":\"a:b\"}"), .message("{\"b\":2}"), .message("{\"c\":3}")])
    let (cut, _) = Self.run(Array(short.utf8), chunks: chunks, framing: .lsp)
    #expect(cut == [.message("{\"u\":\""), .badHeader, .message("{\"b\":2}")])
  }

  /// Content-Type is accepted and ignored whatever its value, one holding "Content-Length:"
  /// too (that rule is for the rest of a body that begins like an unknown header).
  @Test(arguments: splits)
  func aContentTypeHoldingContentLengthIsStillIgnored(chunks: [Int]) {
    let input =
      "Content-Type: text/x; note=Content-Length:5\r\nContent-Length: 7\r\n\r\n{\"a\":1}"
      + Self.lsp("{\"b\":2}")
    let (events, _) = Self.run(Array(input.utf8), chunks: chunks, framing: .lsp)
    #expect(events == [.message("{\"a\":1}"), .message("{\"b\":2}")])
  }

  /// A line of more name bytes than a header line may hold is no header, whether its ":"
  /// came with the rest or later (it was refused once more when it came whole).
  @Test func aNameLongerThanAHeaderLineIsNoHeaderInEverySplit() {
    let input =
      Array(("}\n" + String(repeating: "a", count: 8193) + ":\n").utf8)
      + Array(Self.lsp("{}").utf8)
    let whole = Self.run(input, chunks: [input.count], framing: .lsp).events
    #expect(whole == [.badHeader, .message("{}")])
    for split in [8195, 8194, 8196, 2, 4096] {
      #expect(Self.run(input, chunks: [split, input.count], framing: .lsp).events == whole)
    }
  }

  /// A header line of exactly the limit is read whether its "\r\n" comes in one read or is
  /// split between "\r" and "\n".
  @Test func aHeaderLineOfTheLimitDoesNotDependOnWhereItsCRLFIsSplit() {
    let name = "X-Pad: "
    let line =
      name + String(repeating: "p", count: MessageFramer.maxHeaderLineBytes - name.utf8.count)
    let input = Array((line + "\r\n" + Self.lsp("{}")).utf8)
    let crAt = line.utf8.count + 1
    for chunks in [[input.count], [crAt, input.count], [crAt - 1, 1, 1, input.count]] {
      let (events, _) = Self.run(input, chunks: chunks, framing: .lsp)
      #expect(events == [.message("{}")], "chunks \(chunks)")
    }
  }

  /// A bad Content-Length with no header after it on the line drops the line, as before.
  @Test func aBadLengthAloneOnItsLineStillResynchronises() {
    let input =
      "Content-Length: x\r\n\r\n{}" + "Content-Length: 3\r\nContent-Length: 4\r\n\r\n{}"
      + Self.lsp("{\"d\":4}")
    let (events, _) = Self.run(Array(input.utf8), chunks: [input.utf8.count], framing: .lsp)
    #expect(events == [.badHeader, .badHeader, .message("{\"d\":4}")])
  }
}
