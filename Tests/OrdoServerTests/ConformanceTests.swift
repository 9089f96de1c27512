import OrdoJSON
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Replays the language-neutral conformance corpus (`conformance/<topic>/<case>.io`, described
/// in `conformance/README.md`) against the engine built with the tests, through real pipes.
/// The same transcripts are replayed by the Python and Node tests.
@Suite struct ConformanceTests {
  static var corpus: String { SchemaAgreementTests.repositoryRoot + "/conformance" }

  /// Every `<topic>/<case>.io` of the corpus, sorted.
  static let files: [String] = names(in: corpus).flatMap { topic in
    names(in: corpus + "/" + topic).filter { $0.hasSuffix(".io") }.map { topic + "/" + $0 }
  }

  private static func names(in path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        raw.bindMemory(to: CChar.self).baseAddress.map { String(cString: $0) } ?? ""
      }
      if !name.hasPrefix(".") { names.append(name) }
    }
    return names.sorted()
  }

  @Test func theCorpusIsThere() {
    #expect(Self.files.count >= 100, "transcripts under \(Self.corpus): \(Self.files.count)")
  }

  @Test(arguments: files) func transcript(_ file: String) throws {
    let transcript = try Transcript(file: file, text: readTextFile(Self.corpus + "/" + file))
    let problem = try Self.replay(transcript, file: file)
    #expect(problem == nil, "\(problem ?? "")")
  }

  /// Replays `transcript` against a fresh engine: the first way the engine did not follow
  /// it, or nil when it followed it all.
  static func replay(_ transcript: Transcript, file: String) throws -> String? {
    signal(SIGPIPE, SIG_IGN)  // a write to an engine that has exited must not kill the tests
    let engine = try EngineProcess(transcript.arguments)
    for step in transcript.steps {
      engine.send(bytes: step.bytes)
      for (index, expected) in step.expected.enumerated() {
        let actual =
          try transcript.lsp
          ? Transcript.json(engine.readFramedBody(), "output") : engine.readMessage()
        if let problem = mismatch(expected, actual) {
          return
            "\(file):\(step.line), message \(index + 1): \(problem)\n got: \(actual.compactText)"
        }
      }
    }
    engine.closeInput()
    let rest = try engine.readToEnd()
    guard rest.isEmpty else { return "\(file): unexpected output at the end: \(rest.prefix(300))" }
    let status = try engine.waitForExit()
    guard status == transcript.exitStatus else {
      return "\(file): exit status \(status), expected \(transcript.exitStatus)"
    }
    return nil
  }

  /// Every transcript of the corpus passes, which a driver that checked nothing would too:
  /// these the engine does not follow must each fail, saying why.
  @Test func theDriverFailsATranscriptTheEngineDoesNotFollow() throws {
    let ping = #">> {"jsonrpc":"2.0","id":1,"method":"engine.ping"}"#
    let pong = #"<< {"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}"#
    func replay(_ lines: [String]) throws -> String? {
      let headers = lines.filter { $0.hasPrefix("##") }
      let rest = lines.filter { !$0.hasPrefix("##") }
      let text = (headers + ["## args: --clock manual"] + rest).joined(separator: "\n") + "\n"
      return try Self.replay(Transcript(file: "t.io", text: text), file: "t.io")
    }
    #expect(try replay([ping, pong]) == nil)
    // What the engine writes differs from what the transcript expects.
    let differs = try replay([ping, #"<< {"jsonrpc":"2.0","id":1,"result":{"pong":false,"at":0}}"#])
    #expect(differs?.contains("/result/pong") == true, "\(differs ?? "nil")")
    // It writes a message the transcript does not expect.
    let unexpected = try replay([ping])
    #expect(unexpected?.contains("unexpected output at the end") == true, "\(unexpected ?? "nil")")
    // It writes fewer messages than expected (here: none, as exit ends it).
    #expect(throws: EngineProcess.Failure.self) {
      try replay([#">> {"jsonrpc":"2.0","method":"exit"}"#, pong])
    }
    // It exits with another status.
    let status = try replay(["## exit: 1", ping, pong])
    #expect(status == "t.io: exit status 0, expected 1")
    // LSP framing: the same message, framed, is expected framed.
    let framed = try replay([
      "## framing: lsp", ping, #"<< {"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":1}}"#,
    ])
    #expect(framed?.contains("/result/at") == true, "\(framed ?? "nil")")
  }

  @Test func theMatcherFailsOnDifferences() throws {
    func check(_ expected: String, _ actual: String) throws -> String? {
      mismatch(try Transcript.json(expected, "test"), try Transcript.json(actual, "test"))
    }
    #expect(try check(#"{"a":[1,"$any"]}"#, #"{"a":[1.0,null]}"#) == nil)
    #expect(try check(#"{"a":1}"#, #"{"a":1,"b":2}"#) != nil)
    #expect(try check(#"{"a":1}"#, #"{"a":true}"#) != nil)
    #expect(try check("[1,2]", "[2,1]") != nil)
    #expect(try check(#""$any:integer""#, "1.5") != nil)
    #expect(try check(#""$any:string""#, "null") != nil)
    #expect(try check(#""$any:object""#, #"{"x":1}"#) == nil)
    // Strings spelled like a wildcard but not one are mistakes in the transcript.
    for typo in [#""$any:""#, #""$anyx""#, #""$any:int""#, #""$any integer""#] {
      #expect(try check(typo, "1")?.contains("unknown wildcard") == true, "\(typo)")
    }
  }

  @Test func aHeaderAfterTheFirstSendIsAMistake() {
    let text =
      "## args: --clock manual\n>> {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"engine.ping\"}\n## exit: 1\n"
    #expect(throws: Transcript.Failure.self) { try Transcript(file: "t.io", text: text) }
  }
}

/// One `.io` file: engine flags, framing, exit status, and each send with the messages the
/// engine must write after it.
struct Transcript {
  struct Step {
    var bytes: [UInt8]
    var expected: [JSONValue] = []
    var line: Int
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  var arguments: [String] = []
  var lsp = false
  var exitStatus: Int32 = 0
  var steps: [Step] = []

  init(file: String, text: String?) throws {
    guard let text else { throw Failure(description: "cannot read \(file)") }
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let place = "\(file):\(index + 1)"
      if line.hasPrefix("## ") {
        guard steps.isEmpty else {
          throw Failure(description: "\(place): a header goes before the first >>")
        }
        let header = line.dropFirst(3)
        let name = header.prefix { $0 != ":" }
        let value = header.dropFirst(name.count + 1)
        switch name {
        case "args": arguments = value.split(separator: " ").map(String.init)
        case "framing": lsp = value.trimmingSpaces == "lsp"
        case "exit": exitStatus = Int32(value.trimmingSpaces) ?? -1
        default: throw Failure(description: "\(place): unknown header \(name)")
        }
      } else if line.hasPrefix(">>raw ") {
        let string = try Self.json(String(line.dropFirst(6)), place).string
        guard let string else { throw Failure(description: "\(place): >>raw needs a string") }
        steps.append(Step(bytes: Array(string.utf8), line: index + 1))
      } else if line.hasPrefix(">> ") {
        let text = String(line.dropFirst(3))
        _ = try Self.json(text, place)  // it must be JSON, but is sent as written
        let body = Array(text.utf8)
        let bytes = lsp ? Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body : body + [10]
        steps.append(Step(bytes: bytes, line: index + 1))
      } else if line.hasPrefix("<< ") {
        guard !steps.isEmpty else { throw Failure(description: "\(place): << before any >>") }
        steps[steps.count - 1].expected.append(try Self.json(String(line.dropFirst(3)), place))
      } else if !line.allSatisfy(\.isWhitespace) && !line.hasPrefix("#") {
        throw Failure(description: "\(place): not a transcript line")
      }
    }
  }

  static func json(_ text: String, _ place: String) throws -> JSONValue {
    switch JSONDocument.parse(text) {
    case .success(let document): return document.value
    case .failure(let failure):
      throw Failure(description: "\(place): not JSON (\(failure.reason)): \(text.prefix(200))")
    }
  }
}

/// Where `actual` differs from `expected`, or nil: objects need exactly the expected members,
/// arrays match element by element, numbers by value; `"$any"` matches any value and
/// `"$any:<type>"` any value of that type.
func mismatch(_ expected: JSONValue, _ actual: JSONValue, path: String = "") -> String? {
  let place = path.isEmpty ? "/" : path
  if let pattern = expected.string, pattern.hasPrefix("$any") {
    // "$any" or "$any:<type>"; any other string so spelled ("$any:", "$anyx") is a mistake.
    let type = pattern.hasPrefix("$any:") ? pattern.dropFirst(5) : ""
    let matches: Bool
    switch type {
    case "" where pattern == "$any": matches = true
    case "string": matches = actual.kind == .string
    case "integer": matches = actual.exactInteger != nil
    case "number": matches = actual.number != nil
    case "boolean": matches = actual.kind == .bool
    case "object": matches = actual.kind == .object
    case "array": matches = actual.kind == .array
    case "null": matches = actual.isNull
    default: return "\(place): unknown wildcard \(pattern)"
    }
    return matches ? nil : "\(place): expected any \(type), got \(actual.compactText)"
  }
  switch (expected.kind, actual.kind) {
  case (.object, .object):
    var wanted: [String] = []
    expected.forEachMember { key, _ in wanted.append(key) }
    var found: [String] = []
    actual.forEachMember { key, _ in found.append(key) }
    guard wanted.sorted() == found.sorted() else {
      return "\(place): members differ, expected \(wanted.sorted()), got \(found.sorted())"
    }
    for key in wanted {
      guard let want = expected.member(key), let got = actual.member(key) else { continue }
      if let problem = mismatch(want, got, path: path + "/" + key) { return problem }
    }
    return nil
  case (.array, .array):
    guard expected.count == actual.count else {
      return "\(place): expected \(expected.count) elements, got \(actual.count)"
    }
    for index in 0..<expected.count {
      guard let want = expected.element(at: index), let got = actual.element(at: index) else {
        continue
      }
      if let problem = mismatch(want, got, path: path + "/\(index)") { return problem }
    }
    return nil
  case (.integer, .integer):
    return expected.integer == actual.integer ? nil : differ(place, expected, actual)
  case (.integer, .real), (.real, .integer), (.real, .real):
    return expected.number == actual.number ? nil : differ(place, expected, actual)
  default:
    return expected.compactText == actual.compactText ? nil : differ(place, expected, actual)
  }
}

private func differ(_ place: String, _ expected: JSONValue, _ actual: JSONValue) -> String {
  "\(place): expected \(expected.compactText), got \(actual.compactText)"
}
