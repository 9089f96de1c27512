import FuzzSupport
import OrdoJSON
import OrdoRPC
import OrdoServer

/// A session fed the input as a stream three times — whole, handling everything; in
/// input-chosen reads with a small output limit, so that it stops with messages framed
/// and parsed ahead, and more bytes arrive before they are handled; and a byte per read,
/// so that each message is handled before the next is parsed — must write the same bytes
/// and record the same inputs each time (the session parses runs of messages ahead of
/// handling them: what it answers must not depend on that).
@_cdecl("FuzzSession_main")
public func fuzzSessionMain(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> Int32 {
  JSONDocument.installArenaAllocator()
  return runFuzzer(argc: argc, argv: argv, target: fuzzSession)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSession(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data = pointer, size >= 4 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let framing = chosenFraming(bytes[0])
  let maxMessageBytes = 32 + Int(bytes[1]) * 8
  let outputLimit = 1 + Int(bytes[2]) * 32
  let seed = Int(bytes[3])
  let input = Array(bytes[4...])
  let whole = run([input], framing: framing, maxMessageBytes: maxMessageBytes, limit: .max)
  var reads: [[UInt8]] = []
  var offset = 0
  while offset < input.count {
    let end = min(input.count, offset + 1 + (reads.count * 7 + seed) % 97)
    reads.append(Array(input[offset..<end]))
    offset = end
  }
  let cut = run(reads, framing: framing, maxMessageBytes: maxMessageBytes, limit: outputLimit)
  precondition(whole.output == cut.output, "the answers depend on how the input was read")
  precondition(whole.inputs == cut.inputs, "the recorded inputs depend on how it was read")
  // A byte per read completes at most one message per read: each is parsed and handled
  // before the next is framed, as before runs of messages were parsed ahead.
  let bytewise = run(
    input.map { [$0] }, framing: framing, maxMessageBytes: maxMessageBytes, limit: .max)
  precondition(whole.output == bytewise.output, "parsing ahead changed the answers")
  precondition(whole.inputs == bytewise.inputs, "parsing ahead changed the recorded inputs")
  return 0
}

/// The inputs a session recorded (as a trace does).
private final class Recorded {
  var inputs: [[UInt8]] = []
}

/// What a fresh session on the manual clock writes for `reads`, stopping at `limit` bytes
/// owed; the client reads everything owed after every other read.
private func run(
  _ reads: [[UInt8]], framing: MessageFramer.Framing?, maxMessageBytes: Int, limit: Int
) -> (output: [UInt8], inputs: [[UInt8]]) {
  var configuration = EngineConfiguration()
  configuration.clock = .manual
  configuration.framing = framing
  configuration.maxMessageBytes = maxMessageBytes
  configuration.maxLayers = 1000
  configuration.maxAlerts = 1000
  configuration.logLevel = .error
  let session = Session(configuration: configuration)
  session.outputLimit = limit
  let recorded = Recorded()
  session.recordInput = { _, bytes, _, _ in
    if let bytes { recorded.inputs.append(Array(bytes)) }
  }
  var outbox = session.makeOutbox()
  var output: [UInt8] = []
  func read() {
    session.flush(&outbox)
    output += outbox.unwrittenBytes
    outbox.removeAll()
    while session.hasBufferedInput {
      session.receiveBuffered(into: &outbox)
      session.flush(&outbox)
      output += outbox.unwrittenBytes
      outbox.removeAll()
    }
  }
  for (number, bytes) in reads.enumerated() {
    bytes.withUnsafeBytes { session.receive($0, into: &outbox) }
    if number % 2 == 1 { read() }
  }
  read()
  session.finishInput()
  return (output, recorded.inputs)
}
