import OrdoJSON
import Testing

/// Reading parsed values and refusing text at the edges the engine's answers depend on.
@Suite struct JSONValueEdgeTests {
  /// `isString` (how `"jsonrpc":"2.0"` is checked) holds for those bytes exactly: a string
  /// differing in its last byte, shorter or longer is another string.
  @Test func isStringComparesEveryByte() throws {
    let document = try JSONDocument.parse(#"["2.0","2.1","2.","2.00","3.0","",2]"#).get()
    let matches = (0..<document.value.count).map {
      document.value.element(at: $0)?.isString("2.0") == true
    }
    #expect(matches == [true, false, false, false, false, false, false])
    #expect(document.value.element(at: 5)?.isString("") == true)
  }

  /// No bytes at all (an LSP message of `Content-Length: 0`) is a text cut before its value:
  /// `truncated`, as docs/protocol.md names it, at position 0.
  @Test func emptyInputIsTruncated() {
    guard case .failure(let failure) = JSONDocument.parse("") else {
      Issue.record("took empty input")
      return
    }
    #expect(failure.reason == .truncated)
    #expect(failure.position == 0)
  }
}

/// `JSONPretty.format` (`ordo call` on a terminal), exactly.
@Suite struct JSONPrettyTests {
  @Test func prettyIndentsByTwoSpacesAndKeepsEmptyOnesShort() {
    let compact = #"{"a":[1,{}],"b":{"c":"x:,{[\"}"},"d":[]}"#
    let expected = """
      {
        "a": [
          1,
          {}
        ],
        "b": {
          "c": "x:,{[\\"}"
        },
        "d": []
      }
      """
    #expect(JSONPretty.format(Array(compact.utf8)) == expected)
  }
}
