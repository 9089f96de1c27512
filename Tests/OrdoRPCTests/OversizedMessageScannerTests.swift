import OrdoRPC
import Testing

/// The scanner that reads an over-long message's top-level id as its bytes go by.
@Suite struct OversizedMessageScannerTests {
  static func scan(_ text: String, splitEvery size: Int = .max) -> String? {
    var scanner = OversizedMessageScanner()
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let end = min(bytes.count, offset + size)
      bytes[offset..<end].withUnsafeBytes { scanner.feed($0) }
      offset = end
    }
    return scanner.id
  }

  /// (message, the id's raw text)
  static let cases: [(String, String?)] = [
    (#"{"id":1,"method":"m"}"#, "1"),
    (#"{"method":"m","params":[1,{"id":2}],"id":-1.5e3}"#, "-1.5e3"),
    (#" { "method" : "m" , "id" : "a\"}{b\\" } "#, #""a\"}{b\\""#),
    (#"{"id":{"x":1},"method":"m"}"#, #"{"x":1}"#),
    (#"{"id":1,"id":"second","method":"m"}"#, #""second""#),
    (#"{"id":null,"method":"m"}"#, "null"),
    (#"{"method":"m","params":{"id":"nested","s":"}\"]","a":[[{"id":3}]]},"id":"top"}"#, #""top""#),
    (#"{"jsonrpc":"2.0","method":"m"}"#, nil),
    (#"{"identity":3,"i":2,"method":"m"}"#, nil),
    // Names are read as a parser reads them: escapes decoded, the last id wins.
    (#"{"method":"m","\u0069d":5}"#, "5"),
    (#"{"id":1,"\u0069\u0064":2,"method":"m"}"#, "2"),
    (#"{"id":1,"i\u0064x":2,"\u0069":3,"\"id":4}"#, "1"),
    (#"{"a-name-longer-than-sixteen-bytes\"\\":1,   "id"  :  6  ,  "b":2}"#, "6"),
    // Not one object: nothing is read.
    (#"[{"id":1,"method":"m"}]"#, nil),
    ("\"text\"", nil),
    ("", nil),
    // The id read before the bytes stop being an object is kept.
    (#"{"id":4,"method":"m" "#, "4"),
    (#"{"id":4 "method":"m"}"#, "4"),
    (#"{"method":"m",,"id":4}"#, nil),
    // A value cannot begin with a bracket that closes or a separator: the scan stops there.
    (#"{"method":],"id":4}"#, nil),
    (#"{"method":},"id":4}"#, nil),
    // The end of the message ends a number as whitespace would.
    (#"{"method":"m","id":12"#, "12"),
    (#"{"method":"m","id":12 "#, "12"),
    (#"{"method":"m","id":"12"#, nil),
  ]

  @Test(arguments: [1, 2, 3, 7, 64, Int.max])
  func theSameIDInAnySplit(size: Int) {
    for (text, id) in Self.cases {
      #expect(Self.scan(text, splitEvery: size) == id, "\(text)")
    }
  }

  /// An id that is not UTF-8 is not kept: a parser refuses the message (a shorter one gets
  /// -32700 with `id: null`), and the id would come back as U+FFFD, not as sent.
  @Test func anIDThatIsNotUTF8IsNotKept() {
    for bytes in [[0xFF], [0xC3], [0xED, 0xA0, 0x80]] as [[UInt8]] {
      var scanner = OversizedMessageScanner()
      let message = Array(#"{"method":"m","id":"a"#.utf8) + bytes + Array(#"b","x":1}"#.utf8)
      message.withUnsafeBytes { scanner.feed($0) }
      #expect(scanner.id == nil, "\(bytes)")
    }
    var scanner = OversizedMessageScanner()
    Array(#"{"id":"é✓"}"#.utf8).withUnsafeBytes { scanner.feed($0) }
    #expect(scanner.id == #""é✓""#)
  }

  @Test func anIDLongerThanTheLimitIsNotKept() {
    let limit = OversizedMessageScanner.maxIDBytes
    let longest = "\"" + String(repeating: "i", count: limit - 2) + "\""
    #expect(Self.scan(#"{"method":"m","id":\#(longest)}"#) == longest)
    let tooLong = "\"" + String(repeating: "i", count: limit - 1) + "\""
    #expect(Self.scan(#"{"method":"m","id":\#(tooLong)}"#) == nil)
    // A later id that fits is read.
    #expect(Self.scan(#"{"id":\#(tooLong),"method":"m","id":7}"#) == "7")
  }

  /// Strings, nested values and numbers are skipped eight bytes at a time: a byte that
  /// matters at every offset of a word is still found.
  @Test func whatMattersIsFoundAtEveryOffsetOfAWord() {
    for offset in 0..<17 {
      let before = String(repeating: "a", count: offset)
      let digits = String(repeating: "1", count: offset + 1)
      // A nested string with an escaped quote, brackets inside a nested string, a number,
      // an escaped backslash at the end of a top-level string: each after `offset` bytes.
      let params =
        #"["a"# + before + #"\"x"# + before + #"",{""# + before + #"":[1,{"q":""#
        + before + #"]"}]}]"#
      let text =
        #"{"method":"m","params":"# + params + #","n":"# + digits + #","data":""# + before
        + #"\\","id":"# + "\(offset)}"
      #expect(Self.scan(text) == "\(offset)", "\(text)")
      for size in [1, 5, 8, 9] {
        #expect(Self.scan(text, splitEvery: size) == "\(offset)", "\(text) in \(size)s")
      }
    }
  }
}
