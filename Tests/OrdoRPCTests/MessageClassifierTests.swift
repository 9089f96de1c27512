import OrdoJSON
import OrdoRPC
import Testing

/// JSON-RPC message classification (docs/protocol.md#transport), without a process.
@Suite struct MessageClassifierTests {
  static func classify(_ text: String) -> Incoming {
    var copy = text
    return copy.withUTF8 { MessageClassifier.classify(UnsafeRawBufferPointer($0)) }
  }

  @Test func requestNotificationAndIDs() {
    guard
      case .single(.call(let id, let method, let params)) = Self.classify(
        #"{"jsonrpc":"2.0","id":"a","method":"m","params":{"x":1}}"#)
    else {
      Issue.record("not a call")
      return
    }
    #expect(id == .string("a"))
    #expect(method == "m")
    if case .byName(let value) = params {
      #expect(value.count == 1)
    } else {
      Issue.record("params not by name")
    }
    guard case .single(.call(let none, _, _)) = Self.classify(#"{"jsonrpc":"2.0","method":"m"}"#)
    else {
      Issue.record("not a notification")
      return
    }
    #expect(none == nil)
    guard
      case .single(.call(let null, _, _)) = Self.classify(
        #"{"jsonrpc":"2.0","id":null,"method":"m"}"#)
    else {
      Issue.record("null id is a request")
      return
    }
    #expect(null == .null)
  }

  @Test(arguments: [
    ("1.5", RequestID.number(text: "1.5")), ("1.0", .number(text: "1.0")), ("42", .integer(42)),
    ("1e2", .number(text: "1e2")), ("-0", .number(text: "-0")), ("0", .number(text: "0")),
    ("123456789012345678901234567890", .number(text: "123456789012345678901234567890")),
    ("-1.25E-3", .number(text: "-1.25E-3")),
  ])
  func numericIDs(text: String, expected: RequestID) {
    guard
      case .single(.call(let id, _, _)) = Self.classify(
        #"{"jsonrpc":"2.0","id":\#(text),"method":"m"}"#)
    else {
      Issue.record("not a call")
      return
    }
    #expect(id == expected)
    var writer = JSONWriter()
    id?.write(into: &writer)
    #expect(writer.text == text)
  }

  @Test func emptyArrayParamsCountAsOmittedAndOthersArePositional() {
    guard
      case .single(.call(_, _, .none)) = Self.classify(
        #"{"jsonrpc":"2.0","id":1,"method":"m","params":[]}"#)
    else {
      Issue.record("[] not omitted")
      return
    }
    guard
      case .single(.call(_, _, .byPosition)) = Self.classify(
        #"{"jsonrpc":"2.0","id":1,"method":"m","params":[1]}"#)
    else {
      Issue.record("[1] not positional")
      return
    }
  }

  @Test func emptyBatchAndParseErrorsAreFailures() {
    guard case .failure(let empty) = Self.classify("[]") else {
      Issue.record("[] accepted")
      return
    }
    #expect(empty.code == .invalidRequest)
    guard case .failure(let parse) = Self.classify("{") else {
      Issue.record("{ accepted")
      return
    }
    #expect(parse.code == .parseError)
    #expect(parse.dataValue("reason") == .string("truncated"))
  }

  @Test func bigIntegersAreStillJSON() {
    guard case .single(.invalid(_, let error)) = Self.classify("123456789012345678901234567890")
    else {
      Issue.record("a big integer was not read as JSON")
      return
    }
    #expect(error.code == .invalidRequest)
  }

  @Test func batchEntriesAreClassifiedInPlace() {
    guard
      case .batch(let messages) = Self.classify(
        #"[{"jsonrpc":"2.0","id":1,"method":"m"},5,{"jsonrpc":"2.0","method":"n"}]"#)
    else {
      Issue.record("not a batch")
      return
    }
    #expect(messages.count == 3)
    if case .invalid(let id, let error) = messages[1] {
      #expect(id == .null)
      #expect(error.code == .invalidRequest)
    } else {
      Issue.record("entry 1 should be invalid")
    }
  }
}

@Suite struct RawIDScannerTests {
  static func ids(_ text: String) -> [String?] {
    var copy = text
    return copy.withUTF8 { RawIDScanner.ids(in: UnsafeRawBufferPointer($0)) }
  }

  @Test func findsTopLevelIDsOnly() {
    #expect(Self.ids(#"{"a":{"id":1},"id" : 2e0 ,"b":"}\"id\":3"}"#) == ["2e0"])
    #expect(Self.ids(#"[{"id":1},5,{"x":[1,{"id":9}]},{"id":"s"}]"#) == ["1", nil, nil, #""s""#])
    #expect(Self.ids("  7 ") == [])
    #expect(Self.ids(#"{"id":1,"id":-0}"#) == ["-0"])
    // An escaped quote does not end a string before the id.
    #expect(Self.ids(#"{"s":"\"}","id":1e2}"#) == ["1e2"])
    #expect(Self.ids(#"[{"s":"a\\\"]","id":-0},{"id":1.0}]"#) == ["-0", "1.0"])
  }

  /// A number id after a string holding an escaped quote is still echoed as sent.
  @Test func aNumberIDAfterAnEscapedQuoteIsEchoedAsSent() {
    guard
      case .single(.call(let id, _, _)) = MessageClassifierTests.classify(
        #"{"jsonrpc":"2.0","method":"m","params":{"s":"\"}"},"id":1e2}"#)
    else {
      Issue.record("not a call")
      return
    }
    #expect(id == .number(text: "1e2"))
  }

  /// An empty object in a batch is passed over whole: the entries after it keep their ids'
  /// exact text (the scan used to stop at its `}`, and they were echoed as jansson read them:
  /// `1e2` as 100.0).
  @Test func entriesAfterAnEmptyObjectKeepTheirIDs() {
    #expect(Self.ids(#"[{},{"id":1e2},{ },{"id":-0}]"#) == [nil, "1e2", nil, "-0"])
  }

  @Test func membersOfAnObjectAtAnyDepth() {
    let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
    var text = #"{"jsonrpc":"2.0","id":1,"result":"# + deep + "}"
    let members = text.withUTF8 { RawIDScanner.members(ofObject: UnsafeRawBufferPointer($0)) }
    #expect(members?.map(\.key) == ["jsonrpc", "id", "result"])
    #expect(members?.last?.value.count == deep.utf8.count)
    var broken = #"{"result":[1,2}"#
    #expect(broken.withUTF8 { RawIDScanner.members(ofObject: UnsafeRawBufferPointer($0)) } == nil)
  }

  @Test func nulInKeyStillEchoesTheID() {
    guard
      case .single(.invalid(let id, let error)) = MessageClassifierTests.classify(
        #"{"jsonrpc":"2.0","id":17,"method":"m","params":{"data":{"k\u0000":1}}}"#)
    else {
      Issue.record("not refused as invalid")
      return
    }
    #expect(id == .number(text: "17"))
    #expect(error.code == .invalidRequest)
  }

  @Test func nulInKeyEchoesAStringIDAsWritten() {
    guard
      case .single(.invalid(let id, _)) = MessageClassifierTests.classify(
        #"{"jsonrpc":"2.0","id":"a\/b","method":"m","params":{"\u0000":1}}"#)
    else {
      Issue.record("not refused as invalid")
      return
    }
    #expect(id == .verbatimString(text: #""a\/b""#))
  }

  /// Found by FuzzDispatch: jansson stops at the first key holding `\u0000`, so the rest of
  /// the text was never checked, and an `id` scanned from it was written out as it stood
  /// (`"id":12x3` on stdout).
  @Test(arguments: [
    #"{"a\u0000":1,"id":12x3}"#, #"{"a\u0000":1,"id":"ab" "x"}"#, #"{"\u0000":1,"id":1"#,
    #"{"\u0000":1,"x":"\ud800\u"}"#,
  ])
  func nulInKeyOfATextThatIsNotJSONIsAParseError(text: String) {
    guard case .failure(let error) = MessageClassifierTests.classify(text) else {
      Issue.record("\(text) was not a parse error")
      return
    }
    #expect(error.code == .parseError)
  }

  @Test func aStringIDWithALoneSurrogateIsEchoedAsSent() {
    guard
      case .single(.call(let id, _, .byName(let params))) = MessageClassifierTests.classify(
        #"{"jsonrpc":"2.0","id":"\udc00x","method":"m","params":{"id":"\ud800"}}"#)
    else {
      Issue.record("not a call")
      return
    }
    #expect(id == .verbatimString(text: #""\udc00x""#))
    #expect(params.member("id")?.string == "\u{FFFD}")
    guard
      case .batch(let messages) = MessageClassifierTests.classify(
        #"[{"jsonrpc":"2.0","id":"\ud800","method":"m"},{"jsonrpc":"2.0","id":"b","method":"m"},"#
          + #"{"jsonrpc":"2.0","id":2,"method":"m"}]"#)
    else {
      Issue.record("not a batch")
      return
    }
    let ids: [RequestID?] = messages.map {
      if case .call(let id, _, _) = $0 { return id }
      return nil
    }
    #expect(
      ids == [.verbatimString(text: #""\ud800""#), .verbatimString(text: #""b""#), .integer(2)])
  }

  /// The raw id text echoed is that of the member jansson read, the last `id`, written
  /// plainly or with escapes (`"\u0069d"`): a number as written, a string with a lone
  /// surrogate as written. (Not seeing escaped names, the scanner gave the earlier member's
  /// text when both parsed to the same value: `1.50` for `1.5`, `"a\ud800"` for
  /// `"a\udc00"`.)
  @Test(arguments: [
    (#"{"jsonrpc":"2.0","method":"m","id":"B","\u0069d":0}"#, RequestID.number(text: "0")),
    (#"{"jsonrpc":"2.0","method":"m","id":"B","\u0069d":-0}"#, .number(text: "-0")),
    (#"{"jsonrpc":"2.0","method":"m","id":1.5,"\u0069d":2.5}"#, .number(text: "2.5")),
    (#"{"jsonrpc":"2.0","method":"m","id":1.50,"\u0069d":1.5}"#, .number(text: "1.5")),
    (#"{"jsonrpc":"2.0","method":"m","\u0069d":1.50,"id":1.5}"#, .number(text: "1.5")),
    (#"{"jsonrpc":"2.0","method":"m","id":1.50,"\u0061":1}"#, .number(text: "1.50")),
    (#"{"jsonrpc":"2.0","method":"m","\u0069\u0064":7e0}"#, .number(text: "7e0")),
    (
      #"{"jsonrpc":"2.0","method":"m","id":"A","\u0069d":"B\ud800"}"#,
      .verbatimString(text: #""B\ud800""#)
    ),
    (
      #"{"jsonrpc":"2.0","method":"m","id":"a\ud800","\u0069d":"a\udc00"}"#,
      .verbatimString(text: #""a\udc00""#)
    ),
    (#"{"jsonrpc":"2.0","method":"m","id":-0}"#, .number(text: "-0")),
  ])
  func theIDMemberTheParserKeepsIsEchoedAsWritten(text: String, expected: RequestID) {
    guard case .single(.call(let id, _, _)) = MessageClassifierTests.classify(text) else {
      Issue.record("not a call")
      return
    }
    #expect(id == expected)
  }

  @Test func aBatchWithANulKeyIsOneAnswerWithIDNull() {
    guard
      case .single(.invalid(let id, let error)) = MessageClassifierTests.classify(
        #"[{"jsonrpc":"2.0","method":"m","id":"s","a\u0000":1}]"#)
    else {
      Issue.record("not refused as invalid")
      return
    }
    #expect(id == .null)
    #expect(error.code == .invalidRequest)
  }

  @Test func aTooLargeMessagesStringIDWithALoneSurrogateIsEchoedAsSent() {
    #expect(MessageClassifier.id(rawText: #""q\ud83d""#) == .verbatimString(text: #""q\ud83d""#))
    #expect(MessageClassifier.id(rawText: #""q\u0041""#) == .string("qA"))
    #expect(MessageClassifier.id(rawText: "1e2") == .number(text: "1e2"))
    #expect(MessageClassifier.id(rawText: "null") == .null)
    for notAnID in ["true", "[1]", "{}", "\"open", "1 2"] {
      #expect(MessageClassifier.id(rawText: notAnID) == nil, "\(notAnID)")
    }
  }

  @Test func aStringIDIsParsedWithoutOne() {
    guard
      case .single(.call(let id, _, _)) = MessageClassifierTests.classify(
        #"{"jsonrpc":"2.0","id":"\u0041","method":"m"}"#)
    else {
      Issue.record("not a call")
      return
    }
    #expect(id == .string("A"))
  }
}
