import Testing

@testable import OrdoJSON

/// `JSONDocument.parseRejectingDuplicateKeys`, for text only Ordo writes (durable rows): a key
/// twice at any depth is refused; `parse` keeps jansson's reading (the last one counts).
struct DuplicateKeyTests {
  @Test(arguments: [
    #"{"a":1,"a":2}"#,
    #"{"x":{"b":null,"b":null}}"#,
    #"[{"k":"v"},{"id":1,"n":[{"q":1,"q":1}]}]"#,
    #"{"\ud800":1,"\udbff":2,"\ud800":3}"#,
  ])
  func aKeyTwiceIsRefusedAndOtherwiseKeptLast(text: String) throws {
    guard case .failure(let failure) = JSONDocument.parseRejectingDuplicateKeys(text) else {
      Issue.record("took \(text)")
      return
    }
    #expect(failure.detail.hasPrefix("duplicate object key"), "\(failure.detail)")
    #expect(throws: Never.self) { try JSONDocument.parse(text).get() }
  }

  @Test func textWithoutARepeatedKeyReadsAsParseReadsIt() throws {
    let text =
      #"{"a":{"a":1},"b":[{"a":2},{"a":3}],"c":"\u0000","big":100000000000000000000}"#
    let strict = try JSONDocument.parseRejectingDuplicateKeys(text).get()
    let plain = try JSONDocument.parse(text).get()
    #expect(strict.value.compactText == plain.value.compactText)
    #expect(strict.value.member("b")?.element(at: 1)?.member("a")?.number == 3)
  }

  /// jansson refuses a key holding `\u0000` (the engine answers such a request -32602); the
  /// stand-in copy that checks the rest of the text rejects a repeat as well.
  @Test func aNulKeyTwiceIsRefused() {
    guard case .failure = JSONDocument.parseRejectingDuplicateKeys(#"{"\u0000":1,"\u0000":2}"#)
    else {
      Issue.record("took a NUL key twice")
      return
    }
  }

  @Test func notJSONIsStillNotJSON() {
    guard case .failure(let failure) = JSONDocument.parseRejectingDuplicateKeys(#"{"a":1,"a"#)
    else {
      Issue.record("took a cut text")
      return
    }
    #expect(failure.reason == .truncated)
  }
}
