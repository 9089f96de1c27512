import OrdoJSON
import OrdoRPC
import Testing

/// The outgoing side: framing of what is sent, and the held / released / written stages.
@Suite struct OutboxTests {
  static func text(_ outbox: Outbox) -> String {
    String(decoding: outbox.unwrittenBytes, as: UTF8.self)
  }

  @Test func messagesAreFramedAsTheInputWas() {
    var lines = Outbox(framing: .ndjson)
    lines.send { $0.raw("{\"a\":1}") }
    lines.send { $0.raw("[]") }
    #expect(Self.text(lines) == "{\"a\":1}\n[]\n")
    var frames = Outbox(framing: .lsp)
    frames.send { $0.raw("{\"a\":1}") }
    frames.send { $0.raw("[]") }
    #expect(Self.text(frames) == "Content-Length: 7\r\n\r\n{\"a\":1}Content-Length: 2\r\n\r\n[]")
  }

  /// Sent bytes are held until released; only released ones are written. Held messages are
  /// listed (for a trace) until released or dropped, then listed no more.
  @Test(arguments: [MessageFramer.Framing.ndjson, .lsp])
  func onlyReleasedBytesAreWrittenAndHeldOnesAreListedUntilReleased(
    framing: MessageFramer.Framing
  ) {
    var outbox = Outbox(framing: framing)
    outbox.listsMessages = true
    outbox.send { $0.raw("{\"n\":1}") }
    #expect(outbox.hasHeld && outbox.writableCount == 0)
    #expect(outbox.heldMessages.count == 1)
    let first = outbox.withHeldMessage(0) { String(decoding: $0, as: UTF8.self) }
    #expect(first == "{\"n\":1}")
    outbox.release()
    #expect(!outbox.hasHeld && outbox.heldMessages.isEmpty)
    let released = outbox.pendingCount
    #expect(outbox.writableCount == released)
    outbox.send { $0.raw("{\"n\":2}") }
    #expect(outbox.heldMessages.count == 1)
    let second = outbox.withHeldMessage(0) { String(decoding: $0, as: UTF8.self) }
    #expect(second == "{\"n\":2}")
    outbox.dropHeld()
    #expect(outbox.heldMessages.isEmpty && outbox.pendingCount == released)
    var written: [UInt8] = []
    let count = outbox.write {
      written += $0
      return $0.count
    }
    #expect(count == released && outbox.pendingCount == 0)
    #expect(
      String(decoding: written, as: UTF8.self).hasSuffix(
        "{\"n\":1}" + (framing == .ndjson ? "\n" : "")))
  }

  /// Every error has `data`, `{}` when it has nothing to say (docs/protocol.md#errors:
  /// -32603's).
  @Test func anErrorWithoutDataStillWritesAnEmptyData() {
    var writer = JSONWriter()
    Dispatcher.writeError(.internalError("x"), id: .integer(7), into: &writer)
    #expect(
      writer.text
        == "{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32603,\"message\":\"Internal error: x\",\"data\":{}}}"
    )
  }
}
