import Testing

@testable import OrdoJSON

/// `JSONDocument.depth(of:)` counts as the parser does, and `maxDepth` is the linked
/// jansson's: text Ordo writes to read back (a trace header) is kept within it by them.
struct DepthTests {
  @Test(arguments: [
    ("7", 1), ("[]", 1), ("{}", 1), ("\"[{\"", 1), ("[7]", 2), (#"{"a":[]}"#, 2),
    (#"{"a":1}"#, 2), (#"[[],[[]],"]\"["]"#, 3), (#"{"k\\":"}","x":[{"y":null}]}"#, 4),
  ])
  func depthCountsEachValueAndWhatHoldsIt(text: String, depth: Int) {
    #expect(JSONDocument.depth(of: text) == depth)
  }

  @Test func maxDepthIsTheDeepestTheLinkedParserReads() {
    for (inner, extra) in [("", 0), ("1", 1), (#""s""#, 1), ("{}", 1)] {
      let arrays = JSONDocument.maxDepth - extra
      let fits =
        String(repeating: "[", count: arrays) + inner + String(repeating: "]", count: arrays)
      #expect(JSONDocument.depth(of: fits) == JSONDocument.maxDepth)
      #expect(throws: Never.self) { try JSONDocument.parse(fits).get() }
      let over = "[" + fits + "]"
      #expect(JSONDocument.depth(of: over) == JSONDocument.maxDepth + 1)
      #expect(throws: JSONParseFailure.self) { try JSONDocument.parse(over).get() }
    }
  }
}
