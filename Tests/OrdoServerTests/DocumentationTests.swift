import Foundation
import Testing

/// The repository stands on its own: every anchor of docs/protocol.md that the code, the
/// tests and the README cite is a heading there, and nothing cites a file outside it.
@Suite struct DocumentationTests {
  /// GitHub's anchor for a heading: lowercased, punctuation dropped, spaces to hyphens.
  static func anchor(_ heading: String) -> String {
    let kept = heading.lowercased().unicodeScalars.filter {
      CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
    }
    return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
  }

  /// The text files a reader of the repository meets: READMEs, docs, code and tests of the
  /// engine, both clients, the integration suites, tools, the benchmark and the examples
  /// (build outputs, caches and installed packages left out).
  static func sources() throws -> [String] {
    let root = SchemaAgreementTests.repositoryRoot
    var files: [String] = [root + "/README.md"]
    let kinds = [".swift", ".py", ".js", ".mjs", ".ts", ".md", ".sh", ".c", ".h", ".io"]
    let skipped = [".build", ".venv", "node_modules", "_cache", ".hypothesis", "__pycache__"]
    let folders = [
      "Sources", "Tests", "Fuzz/Sources", "clients", "integration", "tools", "bench", "examples",
      "docs", "conformance",
    ]
    for folder in folders {
      let walker = try #require(FileManager.default.enumerator(atPath: root + "/" + folder))
      for case let path as String in walker
      where kinds.contains(where: path.hasSuffix) && !skipped.contains(where: path.contains) {
        files.append(root + "/" + folder + "/" + path)
      }
    }
    return files
  }

  @Test func everyCitedAnchorIsAHeading() throws {
    let doc = try #require(readTextFile(SchemaAgreementTests.repositoryRoot + "/docs/protocol.md"))
    var anchors: Set<String> = []
    for line in doc.split(separator: "\n") where line.hasPrefix("#") {
      anchors.insert(Self.anchor(line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)))
    }
    #expect(anchors.contains("alerts") && anchors.contains("durable-state"))
    let pattern = try NSRegularExpression(pattern: #"docs/protocol\.md#([A-Za-z0-9_-]+)"#)
    var cited = 0
    for file in try Self.sources() {
      let text = try #require(readTextFile(file))
      let range = NSRange(text.startIndex..., in: text)
      for match in pattern.matches(in: text, range: range) {
        guard let found = Range(match.range(at: 1), in: text) else { continue }
        cited += 1
        #expect(anchors.contains(String(text[found])), "\(file) cites #\(text[found])")
      }
    }
    #expect(cited > 20)
  }

  @Test func nothingCitesTheContractOutsideTheRepository() throws {
    let outside = ["SPEC" + " §", "../" + "shared"]
    for file in try Self.sources() {
      let text = try #require(readTextFile(file))
      for citation in outside {
        #expect(!text.contains(citation), "\(file) cites \(citation)")
      }
    }
  }
}
