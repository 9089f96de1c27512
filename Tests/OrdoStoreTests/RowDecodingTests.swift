import OrdoCore
import OrdoJSON
import Testing

@testable import OrdoCoding

/// The decoders of durable rows and trace headers (`Domain+Decoding.swift`) at their
/// edges: what Ordo could have written is read, anything else is refused with the JSON
/// Pointer of the value at fault.
struct RowDecodingTests {
  /// The error reading `text` with `read`, nil when it was read.
  static func refusal(
    _ text: String, _ read: (ObjectReader) throws(DecodingError) -> Void
  ) throws -> DecodingError? {
    let document = try JSONDocument.parse(text).get()
    do throws(DecodingError) {
      try read(try ObjectReader(document.value, path: "/row"))
      return nil
    } catch {
      return error
    }
  }

  static func show(_ text: String) throws -> DecodingError? {
    try refusal(text) { reader throws(DecodingError) in _ = try ShowRecord(reading: reader) }
  }

  static func queue(_ text: String) throws -> DecodingError? {
    try refusal(text) { reader throws(DecodingError) in
      _ = try AlertQueueSettings(reading: reader)
    }
  }

  static func type(_ text: String) throws -> DecodingError? {
    try refusal(text) { reader throws(DecodingError) in
      _ = try AlertTypeDefinition(reading: reader)
    }
  }

  /// A name is 1 to 256 characters (Unicode scalars, not UTF-8 bytes), as a request's.
  @Test func aNameOf256CharactersIsReadAndOf257Refused() throws {
    let accented = String(repeating: "é", count: 256)
    #expect(
      try Self.show(#"{"id":"\#(accented)","type":"t","queue":"q","wallAt":0,"order":1}"#) == nil)
    let long = String(repeating: "a", count: 257)
    let refused = try Self.show(#"{"id":"\#(long)","type":"t","queue":"q","wallAt":0,"order":1}"#)
    #expect(refused?.path == "/row/id")
    #expect(refused?.message == "expected a string of 1 to 256 characters")
  }

  /// Integers out of the range a request could set are refused, named by their place.
  @Test(arguments: [
    (#"{"queue":"q","maxConcurrent":0,"minGapMs":0,"historyLimit":1}"#, "/row/maxConcurrent"),
    (#"{"queue":"q","maxConcurrent":1000001,"minGapMs":0,"historyLimit":1}"#, "/row/maxConcurrent"),
    (#"{"queue":"q","maxConcurrent":1,"minGapMs":-1,"historyLimit":1}"#, "/row/minGapMs"),
    (
      #"{"queue":"q","maxConcurrent":1,"minGapMs":0,"historyLimit":100000001}"#, "/row/historyLimit"
    ),
  ])
  func aQueueValueOutOfItsRangeIsRefused(text: String, path: String) throws {
    #expect(try Self.queue(text)?.path == path)
  }

  @Test func aQueueAtEachEdgeOfItsRangesIsRead() throws {
    #expect(
      try Self.queue(#"{"queue":"q","maxConcurrent":1,"minGapMs":0,"historyLimit":0}"#) == nil)
    #expect(
      try Self.queue(
        #"{"queue":"q","maxConcurrent":1000000,"minGapMs":9007199254740991,"historyLimit":100000000}"#
      )
        == nil)
  }

  /// Ordo writes members in one order; a row with them in another (edited by hand) is still
  /// read, as long as each is one Ordo writes.
  @Test func membersInAnotherOrderAreRead() throws {
    #expect(try Self.show(#"{"order":1,"wallAt":0,"queue":"q","type":"t","id":"a"}"#) == nil)
    #expect(
      try Self.queue(#"{"historyLimit":1,"queue":"q","minGapMs":0,"maxConcurrent":1}"#) == nil)
  }

  /// A member Ordo does not write is named by its JSON Pointer, `~` and `/` escaped.
  @Test func anUnknownMemberIsNamedByItsEscapedPointer() throws {
    let refused = try Self.show(
      #"{"id":"a","type":"t","queue":"q","a/b~":1,"wallAt":0,"order":1}"#)
    #expect(refused?.path == "/row/a~1b~0")
    #expect(refused?.message.hasPrefix("not a member Ordo writes here") == true)
  }
}

extension RowDecodingTests {
  /// What Ordo writes as null or false may be left out: a record holding only the alert's
  /// required members reads with every default (not persisted, no preemption, `drop`).
  @Test func aRecordWithOnlyRequiredMembersTakesTheDefaults() throws {
    let text = #"""
      {"alert":{"id":"a","queue":"q","type":"t","priority":0,"state":"pending","seq":1,
      "createdAt":0}}
      """#
    let document = try JSONDocument.parse(text).get()
    let record = try PersistedAlert(reading: try ObjectReader(document.value, path: "/row"))
    #expect(record.alert.persist == false)
    #expect(record.alert.shownCount == 0)
    #expect(record.preempt == false)
    #expect(record.onLimit == .drop)
    #expect(record.limit == nil)
    #expect(record.cooldownMs == nil)
  }
}
