import OrdoJSON
import Testing

@Suite struct JSONWriterTests {
  @Test func commasAreAutomatic() {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("a")
    writer.int(1)
    writer.key("b")
    writer.beginArray()
    writer.string("x")
    writer.null()
    writer.beginObject()
    writer.endObject()
    writer.endArray()
    writer.key("c")
    writer.bool(false)
    writer.endObject()
    #expect(writer.text == #"{"a":1,"b":["x",null,{}],"c":false}"#)
  }

  @Test(arguments: [
    ("plain", #""plain""#), ("q\"b\\", #""q\"b\\""#), ("\n\r\t\u{8}\u{c}", #""\n\r\t\b\f""#),
    ("\u{0}\u{1f}", #""\u0000\u001f""#), ("é✓😀", "\"é✓😀\""),
  ])
  func stringsAreEscaped(input: String, expected: String) {
    var writer = JSONWriter()
    writer.string(input)
    #expect(writer.text == expected)
  }

  @Test(arguments: [
    (0.0, "0"), (10.0, "10"), (-3.0, "-3"), (0.5, "0.5"), (0.1, "0.1"), (1e300, "1e+300"),
  ])
  func numbersAreShortest(value: Double, expected: String) {
    var writer = JSONWriter()
    writer.number(value)
    #expect(writer.text == expected)
  }

  @Test(arguments: [Int64.min, -1, 0, 9, 10, 1234567890123, Int64.max])
  func integersRoundTrip(value: Int64) {
    var writer = JSONWriter()
    writer.int(value)
    #expect(writer.text == String(value))
  }

  @Test func parsedValuesAreRewrittenCompactly() throws {
    let text = #"{ "a" : [1, 2.5, "x\u0000y", true, null, {"b": {}}], "c": -0.0 }"#
    let document = try JSONDocument.parse(text).get()
    #expect(document.value.compactText == #"{"a":[1,2.5,"x\u0000y",true,null,{"b":{}}],"c":-0.0}"#)
  }

  @Test(arguments: ["", "plain", "a\"b\\c", "line\nbreak\t\u{1}", "é✓😀", "sixteen-bytes-ok"])
  func aRunWritesWhatSingleWritesWrite(text: String) {
    var single = JSONWriter()
    single.beginArray()
    single.int(1)
    single.beginObject()
    single.key("s")
    single.string(text)
    single.key("n")
    single.int(Int64.min)
    single.key("m")
    single.int(-12)
    single.key("z")
    single.null()
    single.key("b")
    single.bool(false)
    single.key("r")
    single.raw("[1,{}]")
    single.key("o")
    single.string(nil as String?)
    single.endObject()
    single.endArray()

    var runs = JSONWriter()
    runs.beginArray()
    runs.int(1)
    runs.run(maxCount: 200 + JSONRun.room(forString: text.utf8.count)) { run in
      run.fragment("{\"s\":")
      run.string(text)
      run.key("n")
      run.int(Int64.min)
      run.key("m")
      run.int(-12 as Int64)
      run.key("z")
      run.null()
      run.key("b")
      run.bool(false)
      run.key("r")
      run.raw("[1,{}]")
      run.key("o")
      run.string(nil as String?)
      run.endObject()
    }
    runs.endArray()
    #expect(runs.text == single.text)
  }
}
