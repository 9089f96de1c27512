import OrdoRPC
import Testing

/// The scanner that reads an over-long message's top level as its bytes go by.
@Suite struct OversizedMessageScannerTests {
  static func scan(_ text: String, splitEvery size: Int = .max) -> OversizedMessageScanner.Summary {
    var scanner = OversizedMessageScanner()
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let end = min(bytes.count, offset + size)
      bytes[offset..<end].withUnsafeBytes { scanner.feed($0) }
      offset = end
    }
    return scanner.summary
  }

  static let cases: [(String, String?, Bool)] = [
    // (message, the id's raw text, a notification)
    (#"{"id":1,"method":"m"}"#, "1", false),
    (#"{"method":"m","params":[1,{"id":2}],"id":-1.5e3}"#, "-1.5e3", false),
    (#" { "method" : "m" , "id" : "a\"}{b\\" } "#, #""a\"}{b\\""#, false),
    (#"{"id":{"x":1},"method":"m"}"#, #"{"x":1}"#, false),
    (#"{"id":1,"id":"second","method":"m"}"#, #""second""#, false),
    (#"{"id":null,"method":"m"}"#, "null", false),
    (#"{"jsonrpc":"2.0","method":"m","params":{"id":"nested","s":"}\"]"}}"#, nil, true),
    (#"{"jsonrpc":"2.0","method":"m"}"#, nil, true),
    (#"{"method":true}"#, nil, true),
    // Not sure to be a notification: no method, a name with escapes, not one object.
    (#"{"jsonrpc":"2.0","params":{}}"#, nil, false),
    (#"{"method":"m","\u0069d":5}"#, nil, false),
    (#"{"\u006dethod":"m"}"#, nil, false),
    (#"{"method":"m"} x"#, nil, false),
    (#"{"method":"m""#, nil, false),
    (#"{"method":"m",}"#, nil, false),
    (#"[{"id":1,"method":"m"}]"#, nil, false),
    ("\"text\"", nil, false),
    ("", nil, false),
    // The id read before the bytes stop being an object is kept.
    (#"{"id":4,"method":"m" "#, "4", false),
    (#"{"id":4 "method":"m"}"#, "4", false),
    (#"{"identity":3,"i":2,"method":"m"}"#, nil, true),
    (#"{"methods":1}"#, nil, false),
    // The end of the message ends a number as whitespace would.
    (#"{"method":"m","id":12"#, "12", false),
    (#"{"method":"m","id":12 "#, "12", false),
  ]

  @Test(arguments: [1, 2, 3, 7, 64, Int.max])
  func theSameVerdictInAnySplit(size: Int) {
    for (text, id, isNotification) in Self.cases {
      let summary = Self.scan(text, splitEvery: size)
      #expect(summary == .init(id: id, isNotification: isNotification), "\(text)")
    }
  }

  @Test func anIDLongerThanTheLimitIsNotKept() {
    let limit = OversizedMessageScanner.maxIDBytes
    let longest = "\"" + String(repeating: "i", count: limit - 2) + "\""
    #expect(Self.scan(#"{"method":"m","id":\#(longest)}"#).id == longest)
    let tooLong = "\"" + String(repeating: "i", count: limit - 1) + "\""
    #expect(Self.scan(#"{"method":"m","id":\#(tooLong)}"#) == .init(id: nil, isNotification: false))
    // A later id that fits is read.
    #expect(Self.scan(#"{"id":\#(tooLong),"method":"m","id":7}"#).id == "7")
  }

  /// Long strings are skipped eight bytes at a time: a quote or backslash at every offset
  /// of a word is still found.
  @Test func quotesAndBackslashesAtEveryOffsetOfAWord() {
    for offset in 0..<17 {
      let before = String(repeating: "a", count: offset)
      let text =
        #"{"method":"m","params":[""# + before + #"\"x"],"data":""# + before + #"\\","id":"#
        + "\(offset)}"
      #expect(Self.scan(text) == .init(id: "\(offset)", isNotification: false), "\(offset)")
    }
  }
}
