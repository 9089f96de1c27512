import OrdoJSON
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every file of JSONTestSuite's `test_parsing`, each as one LSP-framed message to one
/// engine: y_ files are never a parse error, n_ files always are, i_ files of lone surrogate
/// escapes are read, and the engine answers every one and is still alive after all of them.
@Suite struct JSONTestSuiteTests {
  static var corpus: String {
    SchemaAgreementTests.repositoryRoot + "/Tests/Fixtures/JSONTestSuite/test_parsing"
  }

  static func files() -> [String] {
    guard let directory = opendir(corpus) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        raw.bindMemory(to: CChar.self).baseAddress.map { String(cString: $0) } ?? ""
      }
      if name.hasSuffix(".json") { names.append(name) }
    }
    return names.sorted()
  }

  @Test func everyCorpusFileGetsTheRightKindOfAnswer() throws {
    let files = Self.files()
    #expect(files.count == 318)
    let engine = try EngineProcess(["--framing", "lsp"])
    for name in files {
      let body = try #require(readFileBytes(Self.corpus + "/" + name))
      engine.send(bytes: Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
      let answer = try engine.readFramedBody()
      let parsed = try JSONDocument.parse(answer).get().value
      let code = parsed["error"]?["code"]?.integer ?? parsed[0]?["error"]?["code"]?.integer
      if name.hasPrefix("y_") {
        #expect(code != -32700, "\(name) was refused as not JSON: \(answer)")
      } else if name.hasPrefix("n_") {
        #expect(code == -32700, "\(name) was not refused: \(answer)")
      } else if name.hasPrefix("i_"), name.contains("surrogate"), !name.contains("UTF8") {
        // Lone surrogate escapes read as U+FFFD (Ordo's choice); as UTF-8 bytes they are not
        // UTF-8 and stay refused.
        #expect(code != -32700, "\(name) was refused: \(answer)")
      }
    }
    let ping = #"{"jsonrpc":"2.0","id":"alive","method":"engine.ping"}"#
    engine.send("Content-Length: \(ping.utf8.count)\r\n\r\n" + ping)
    #expect(try engine.readFramedBody().contains(#""id":"alive""#))
  }
}
