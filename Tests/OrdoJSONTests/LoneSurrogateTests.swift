import OrdoJSON
import Testing

/// Lone surrogate escapes read as U+FFFD (docs/protocol.md#transport).
@Suite struct LoneSurrogateTests {
  static func parse(_ text: String) -> Result<JSONDocument, JSONParseFailure> {
    JSONDocument.parse(text)
  }

  @Test(arguments: [
    (#"["\ud800"]"#, "\u{FFFD}"),
    (#"["\uDFAA"]"#, "\u{FFFD}"),
    (#"["a\ud800b"]"#, "a\u{FFFD}b"),
    (#"["\ud800\u0041"]"#, "\u{FFFD}A"),
    (#"["\ud800\n"]"#, "\u{FFFD}\n"),
    (#"["\ud800\ud800"]"#, "\u{FFFD}\u{FFFD}"),
    (#"["\udc00\ud800"]"#, "\u{FFFD}\u{FFFD}"),
    // A pair stays a pair, beside lone ones.
    (#"["\ud83d\ude00\ud83d"]"#, "\u{1F600}\u{FFFD}"),
    (#"["\ud83d\ud83d\ude00"]"#, "\u{FFFD}\u{1F600}"),
    // The last pair of all (U+10FFFF) too.
    (#"["\udbff\udfff\ud800"]"#, "\u{10FFFF}\u{FFFD}"),
    // An escaped backslash before `ud800` is no escape of a surrogate.
    (#"["\\ud800","\ud800"]"#, "\\ud800"),
  ])
  func loneSurrogateReadsAsReplacementCharacter(text: String, expected: String) throws {
    let document = try Self.parse(text).get()
    #expect(document.replacedLoneSurrogates)
    #expect(document.value.element(at: 0)?.string == expected)
  }

  @Test func keysAndNestedValuesToo() throws {
    let document = try Self.parse(#"{"\udfaa":{"k":["\udbff"]}}"#).get()
    #expect(document.value.member("\u{FFFD}")?.member("k")?.element(at: 0)?.string == "\u{FFFD}")
  }

  @Test func textWithoutOneIsReadAsBefore() throws {
    for text in [#"["\ud83d\ude00"]"#, #"["\\ud800"]"#, #"["ud800"]"#, "[1]"] {
      let document = try Self.parse(text).get()
      #expect(!document.replacedLoneSurrogates, "\(text)")
    }
  }

  @Test(arguments: [
    #"["\ud800\"]"#, #"["\ud800\u"]"#, #"["\ud800\u1x"]"#, #"["\uD834\uDd"]"#,
    #"["\ud800\ud800\x"]"#, #"["\ud800" oops]"#,
  ])
  func otherFaultsAreStillRefused(text: String) throws {
    guard case .failure(let failure) = Self.parse(text) else {
      Issue.record("\(text) was accepted")
      return
    }
    #expect(failure.reason == .invalidJSON || failure.reason == .truncated)
  }

  @Test func aFaultAfterOneIsReportedWhereItIs() throws {
    // The replacement keeps every byte where it was: the position is the sent text's.
    guard case .failure(let failure) = Self.parse(#"["\ud800", tru]"#) else {
      Issue.record("accepted")
      return
    }
    guard case .failure(let same) = Self.parse(#"["\u0041", tru]"#) else {
      Issue.record("accepted")
      return
    }
    #expect(failure.detail.contains("invalid token"))
    #expect(failure.position == same.position)
    #expect(failure.position > 9)
  }

  @Test func aNumberTooBigBesideOneIsStillRead() throws {
    let document = try Self.parse(#"["\ud800", 123456789012345678901234567890]"#).get()
    #expect(document.value.element(at: 0)?.string == "\u{FFFD}")
    #expect(document.value.element(at: 1)?.number == 123_456_789_012_345_678_901_234_567_890.0)
  }
}

/// A `\u0000` in an object key: JSON that jansson cannot hold, told apart from text that is
/// not JSON after that key (jansson stops reading at it).
@Suite struct NulKeyTests {
  @Test(arguments: [
    #"{"\u0000":1}"#, #"{"a":{"b\u0000":[1,{"\u0000":2}]},"id":"\ud800"}"#,
    #"{"k\u0000":"v\u0000","x":"\\u0000"}"#,
  ])
  func jsonWithOneIsNulInKey(text: String) {
    guard case .failure(let failure) = JSONDocument.parse(text) else {
      Issue.record("\(text) was accepted")
      return
    }
    #expect(failure.reason == .nulInKey)
  }

  @Test(arguments: [
    (#"{"\u0000":1,"id":12x3}"#, JSONParseFailure.Reason.invalidJSON),
    (#"{"\u0000":1,"id":1"#, .truncated),
    (#"{"\u0000":1,"x":"\ud800\u"}"#, .invalidJSON),
    (#"{"\u0000":1,"x":"\xff"}"#, .invalidJSON),
    (#"{"\u0000":[[[[1]]]]]}"#, .invalidJSON),
  ])
  func textThatIsNotJSONAfterOneIsThatFailure(text: String, reason: JSONParseFailure.Reason) {
    guard case .failure(let failure) = JSONDocument.parse(text) else {
      Issue.record("\(text) was accepted")
      return
    }
    #expect(failure.reason == reason, "\(text): \(failure)")
  }
}
