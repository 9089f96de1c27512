import FuzzSupport
import OrdoJSON
import OrdoServer

/// One engine for the whole run (state carries over between inputs, as in a long session),
/// fed each input as a message; every byte it writes must be valid NDJSON JSON-RPC.
nonisolated(unsafe) private var session = makeSession()
nonisolated(unsafe) private var outbox = session.makeOutbox()
nonisolated(unsafe) private var inputs = 0

private func makeSession() -> Session {
  JSONDocument.installArenaAllocator()
  var configuration = EngineConfiguration()
  configuration.clock = .manual
  configuration.framing = .ndjson
  configuration.maxLayers = 10_000
  configuration.maxAlerts = 10_000
  configuration.logLevel = .error
  return Session(configuration: configuration)
}

@_cdecl("FuzzDispatch_main")
public func fuzzDispatchMain(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> Int32 {
  runFuzzer(argc: argc, argv: argv, target: fuzzDispatch)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDispatch(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data = pointer, size > 0 else { return 0 }
  inputs += 1
  if inputs % 5000 == 0 || session.exitStatus != nil {
    session = makeSession()
    outbox = session.makeOutbox()
  }
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  // Inputs starting with '#' name a method by index; the rest is its params.
  if size > 1, bytes[0] == UInt8(ascii: "#") {
    let names = Engine.methodNames
    let method = names[Int(bytes[1]) % names.count]
    let params = String(decoding: bytes[2...], as: UTF8.self)
    var request = Array(#"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":"#.utf8)
    request += Array(params.utf8) + Array("}".utf8)
    request.withUnsafeBytes { _ = session.handle($0, into: &outbox) }
  } else {
    session.handle(bytes, into: &outbox)
  }
  session.flush(&outbox)
  check(outbox.unwrittenBytes)
  outbox.removeAll()
  return 0
}

/// Every line is a JSON object with `"jsonrpc":"2.0"`, and a response or a notification.
private func check(_ bytes: [UInt8]) {
  var start = 0
  for index in bytes.indices where bytes[index] == 0x0A {
    let line = bytes[start..<index]
    start = index + 1
    let parsed = line.withUnsafeBytes { JSONDocument.parse($0) }
    guard case .success(let document) = parsed else {
      preconditionFailure("the engine wrote invalid JSON: \(String(decoding: line, as: UTF8.self))")
    }
    let value = document.value
    if value.kind == .array {
      precondition(value.count > 0, "an empty batch response")
      continue
    }
    precondition(value.member("jsonrpc")?.string == "2.0", "a message without jsonrpc 2.0")
    let isResponse = value.member("result") != nil || value.member("error") != nil
    precondition(isResponse || value.member("method") != nil, "neither response nor event")
    if let error = value.member("error") {
      let code = error.member("code")?.integer ?? 0
      precondition(code != -32603, "internal error: \(String(decoding: line, as: UTF8.self))")
    }
  }
  precondition(start == bytes.count, "output does not end with a newline")
}
