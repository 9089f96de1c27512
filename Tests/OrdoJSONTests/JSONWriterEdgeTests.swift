import OrdoJSON
import Testing

/// The writer's fast paths (8 bytes at a time, short copies, runs) against a byte-by-byte
/// reference, and its number forms at their edges.
@Suite struct JSONWriterEdgeTests {
  /// What RFC 8259 asks for, one byte at a time: `"`, `\` and controls escaped, the short
  /// forms where JSON has them, nothing else (a space is a space).
  static func reference(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{8}": out += "\\b"
      case "\u{c}": out += "\\f"
      case "\u{0}"..."\u{1f}":
        let hex = String(scalar.value, radix: 16)
        out += "\\u00" + String(repeating: "0", count: 2 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// Each byte that needs escaping, at each place of strings of 1 to 24 bytes (every tail
  /// the word-at-a-time scan takes: 1–3, 4–7, 8 and over), written by `string`, by a key
  /// from data and by a run, beside spaces and 0x7f that need none.
  @Test(arguments: ["\"", "\\", "\u{0}", "\u{1}", "\u{8}", "\u{c}", "\u{1f}", "\n"])
  func anEscapeAtAnyPlaceIsWrittenAsTheReferenceWritesIt(special: String) {
    for count in 1...24 {
      for place in 0..<count {
        let filler = Array("a \u{7f}bcdefghijklmnopqrstuvwxyz")
        var text = String(filler[0..<place]) + special
        text += String(filler[0..<(count - place - 1)])
        let expected = Self.reference(text)
        var writer = JSONWriter()
        writer.string(text)
        #expect(writer.text == expected, "string of \(count), escape at \(place)")
        var keyed = JSONWriter()
        keyed.beginObject()
        keyed.key(text)
        keyed.int(1)
        keyed.endObject()
        #expect(keyed.text == "{" + expected + ":1}", "key of \(count), escape at \(place)")
        var run = JSONWriter()
        run.run(maxCount: JSONRun.room(forString: text.utf8.count)) { $0.string(text) }
        #expect(run.text == expected, "run of \(count), escape at \(place)")
      }
    }
  }

  @Test(arguments: [
    (9_007_199_254_740_992.0, "9007199254740992"),
    (-9_007_199_254_740_992.0, "-9007199254740992"),
    (9_007_199_254_740_994.0, "9.007199254740994e+15"),
    (-0.0, "-0.0"),
    (1.5, "1.5"),
  ])
  func numbersAtTheEdgesOfTheIntegerForm(value: Double, expected: String) {
    var writer = JSONWriter()
    writer.number(value)
    #expect(writer.text == expected)
  }

  /// A parsed real keeps its fraction when written back (`1.0`, as a request id is echoed);
  /// an integer stays one.
  @Test func aParsedRealIsWrittenBackAsAReal() throws {
    let document = try JSONDocument.parse("[1.0,-2.0,1,1e2]").get()
    #expect(document.value.compactText == "[1.0,-2.0,1,100.0]")
  }

  /// Cut back to a place inside an array, the writer starts the next value without a comma,
  /// as after a fresh `[`.
  @Test func aValueAfterTruncationTakesNoComma() {
    var writer = JSONWriter()
    writer.beginArray()
    let start = writer.count
    writer.int(1)
    writer.truncate(to: start)
    writer.int(2)
    writer.endArray()
    #expect(writer.text == "[2]")
  }
}
