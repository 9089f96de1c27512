import OrdoRPC
import OrdoServer
import Testing

/// `Session.receive` frames and parses a run of messages before handling them, and stops
/// handling where the output owed reaches `outputLimit`: what the session answers must not
/// depend on how the input was cut into reads, nor on where output stopped it.
@Suite struct SessionInputTests {
  /// Requests of every kind: answered, notifications, state changes, errors, a batch, a
  /// line that is not JSON, one that is too large.
  static let messages: [String] = (0..<60).map { index in
    switch index % 10 {
    case 0: #"{"jsonrpc":"2.0","id":\#(index),"method":"layer.add","params":{"id":"l\#(index)"}}"#
    case 1: #"{"jsonrpc":"2.0","method":"clock.advance","params":{"ms":5}}"#
    case 2: #"{"jsonrpc":"2.0","id":"s\#(index)","method":"layer.paintOrder"}"#
    case 3: #"{"jsonrpc":"2.0","id":\#(index),"method":"layer.add","params":{"id":"l0"}}"#
    case 4: #"[{"jsonrpc":"2.0","id":\#(index),"method":"engine.ping"},{"jsonrpc":"2.0"}]"#
    case 5: #"{"jsonrpc":"2.0","id":\#(index),"meth"#
    case 6: #"{"jsonrpc":"2.0","id":\#(index),"method":"alert.enqueue","params":{"type":"t"}}"#
    case 7:
      #"{"jsonrpc":"2.0","id":\#(index),"method":"engine.ping","params":{"x":""#
        + String(repeating: "y", count: 300) + #""}}"#
    case 8: #"{"jsonrpc":"2.0","id":\#(index),"method":"alert.list"}"#
    default: #"{"jsonrpc":"2.0","id":\#(index),"method":"clock.now"}"#
    }
  }

  static func session(_ framing: MessageFramer.Framing) -> Session {
    var configuration = EngineConfiguration()
    configuration.clock = .manual
    configuration.framing = framing
    configuration.maxMessageBytes = 300
    configuration.logLevel = .error
    return Session(configuration: configuration)
  }

  static func framed(_ message: String, _ framing: MessageFramer.Framing) -> [UInt8] {
    switch framing {
    case .ndjson: Array((message + "\n").utf8)
    case .lsp: Array("Content-Length: \(message.utf8.count)\r\n\r\n\(message)".utf8)
    }
  }

  /// The messages a session handled, as a trace records them.
  final class Recorded {
    var messages: [String] = []
  }

  /// Everything a session answers to `reads`, stopping at `limit` bytes owed; the client
  /// reads everything owed after every other read.
  static func answers(
    _ reads: [[UInt8]], _ framing: MessageFramer.Framing, limit: Int,
    recorded: Recorded = Recorded()
  ) -> [UInt8] {
    let session = session(framing)
    session.outputLimit = limit
    session.recordInput = { _, bytes, _, _ in
      if let bytes { recorded.messages.append(String(decoding: bytes, as: UTF8.self)) }
    }
    var outbox = session.makeOutbox()
    var output: [UInt8] = []
    func read() {
      session.flush(&outbox)
      output += outbox.unwrittenBytes
      outbox.removeAll()
    }
    for (number, bytes) in reads.enumerated() {
      bytes.withUnsafeBytes { session.receive($0, into: &outbox) }
      // Every other read comes while what was read before still waits (framed ahead, or in
      // the framer): the new bytes must not move the ones it refers to.
      if number % 2 == 1 {
        read()
        while session.hasBufferedInput {
          session.receiveBuffered(into: &outbox)
          read()
        }
      }
    }
    read()
    while session.hasBufferedInput {
      session.receiveBuffered(into: &outbox)
      read()
    }
    return output
  }

  /// `input` cut every `size` bytes.
  static func cut(_ input: [UInt8], every size: Int) -> [[UInt8]] {
    stride(from: 0, to: input.count, by: size).map {
      Array(input[$0..<min(input.count, $0 + size)])
    }
  }

  @Test(arguments: [MessageFramer.Framing.ndjson, .lsp])
  func answersDoNotDependOnReadsOrTheOutputLimit(framing: MessageFramer.Framing) {
    // Over 64 KiB in all, where the framer moves what it keeps to the front of its buffer.
    let messages = Array(repeating: Self.messages, count: 14).joined()
    let framed = messages.map { Self.framed($0, framing) }
    let input = Array(framed.joined())
    #expect(input.count > 1 << 16)
    let expected = Self.answers([input], framing, limit: .max)
    // One answer or more per message but the notifications (and not every batch entry).
    #expect(expected.count { $0 == UInt8(ascii: "}") } > messages.count)
    let ways: [(String, [[UInt8]])] =
      [1, 7, 64, 4096, 70000].map { ("reads of \($0) bytes", Self.cut(input, every: $0)) }
      + [1, 3, 40].map { count in
        (
          "reads of \(count) whole messages",
          stride(from: 0, to: framed.count, by: count).map {
            Array(framed[$0..<min(framed.count, $0 + count)].joined())
          }
        )
      }
    for (way, reads) in ways {
      for limit in [1, 200, 5000, Int.max] {
        let recorded = Recorded()
        let answers = Self.answers(reads, framing, limit: limit, recorded: recorded)
        // Each message's bytes as read (a trace records them): the framer's buffer kept them.
        #expect(
          recorded.messages == messages.filter { $0.utf8.count <= 300 },
          "\(way), output limit \(limit)")
        #expect(
          answers == expected,
          "\(way), output limit \(limit): \(String(decoding: answers, as: UTF8.self).prefix(400))"
        )
      }
    }
  }

  /// Handled one at a time (`Session.handle`, which `ordo call` uses), the messages get the
  /// same answers as read from a stream.
  @Test func aStreamAnswersAsMessagesHandledOneByOne() {
    let session = Self.session(.ndjson)
    var outbox = session.makeOutbox()
    var output: [UInt8] = []
    for message in Self.messages {
      // The too-large line is refused by the framer, before any message is handled.
      guard message.utf8.count <= 300 else { continue }
      var text = message
      text.withUTF8 { _ = session.handle(UnsafeRawBufferPointer($0), into: &outbox) }
      session.flush(&outbox)
      output += outbox.unwrittenBytes
      outbox.removeAll()
    }
    let input = Self.messages.filter { $0.utf8.count <= 300 }.flatMap { Self.framed($0, .ndjson) }
    #expect(output == Self.answers(Self.cut(input, every: 64), .ndjson, limit: 1))
  }
}
