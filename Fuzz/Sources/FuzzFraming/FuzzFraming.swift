import FuzzSupport
import OrdoRPC

/// Feeds the input to the framer twice — whole, and in chunks whose sizes come from the
/// input — and requires the same events both times, with bounded buffering.
@_cdecl("FuzzFraming_main")
public func fuzzFramingMain(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> Int32 {
  runFuzzer(argc: argc, argv: argv, target: fuzzFraming)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFraming(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data = pointer, size > 0 else { return 0 }
  guard size >= 2 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let framing = chosenFraming(bytes[0])
  let limit = 16 + Int(bytes[1]) * 4
  let input = Array(bytes[2...])
  let whole = run(input, framing: framing, limit: limit, chunk: { _ in input.count })
  let seed = Int(bytes[1])
  let chunked = run(
    input, framing: framing, limit: limit, chunk: { step in 1 + (step * 7 + seed) % 13 })
  precondition(whole == chunked, "framing depends on how the input was split")
  return 0
}

private enum Seen: Equatable {
  case message([UInt8])
  /// With the id its scan read: the same in any split.
  case tooLarge(String?)
  case badHeader
}

private func run(
  _ input: [UInt8], framing: MessageFramer.Framing?, limit: Int, chunk: (Int) -> Int
) -> [Seen] {
  var framer = MessageFramer(framing: framing, maxMessageBytes: limit)
  var seen: [Seen] = []
  var offset = 0
  var step = 0
  while offset < input.count {
    let end = min(input.count, offset + max(1, chunk(step)))
    step += 1
    framer.feed(Array(input[offset..<end]))
    let fed = end - offset
    offset = end
    while let event = framer.next() {
      switch event {
      case .message(let range):
        precondition(range.count <= limit, "a message over the limit was delivered")
        seen.append(.message(Array(framer.buffer[range])))
      case .tooLarge(_, let id):
        precondition(
          (id?.utf8.count ?? 0) <= OversizedMessageScanner.maxIDBytes,
          "an id longer than maxIDBytes")
        seen.append(.tooLarge(id))
      case .badHeader: seen.append(.badHeader)
      }
    }
    precondition(
      framer.pendingByteCount <= limit + fed + MessageFramer.maxHeaderLineBytes + 64,
      "the framer buffered \(framer.pendingByteCount) bytes")
  }
  _ = framer.finish()
  return seen
}
