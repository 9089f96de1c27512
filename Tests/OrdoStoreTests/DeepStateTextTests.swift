import OrdoCore
import OrdoJSON
import Testing

@testable import OrdoCoding

/// A trace header holds each persisted alert's data and result five levels deep: those that
/// would then nest deeper than the parser reads are written as their text (`dataText`,
/// `resultText`) and read back as the same JSON.
struct DeepStateTextTests {
  /// JSON `depth` deep as the parser counts it.
  static func nested(_ depth: Int) -> RawJSON {
    let arrays = depth - 1
    return RawJSON(
      text: String(repeating: "[", count: arrays) + #""]\"""#
        + String(repeating: "]", count: arrays))
  }

  static func state(depth: Int) -> DurableState {
    let alert = Alert(
      id: "a", queue: "q", type: "t", priority: 0, state: .scheduled, data: nested(depth),
      result: nested(depth - 1), seq: 1, createdAt: 0, shownCount: 0, persist: true)
    return DurableState(alerts: [
      PersistedAlert(alert: alert, preempt: false, limit: nil, cooldownMs: nil, onLimit: .drop)
    ])
  }

  /// `{"state": ...}`, as the trace recorder writes its header.
  static func header(_ state: DurableState) -> String {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("state")
    state.write(to: &writer, nestedIn: 1)
    writer.endObject()
    return writer.text
  }

  static func read(_ header: String) throws -> DurableState {
    let document = try JSONDocument.parse(header).get()
    let state = try #require(document.value.member("state"))
    return try DurableState(reading: try ObjectReader(state, path: "/state"))
  }

  /// 2043 fits in place (header, state, alerts, the record and the alert hold it); 2046 is
  /// the deepest a request's params can carry.
  @Test(arguments: [2042, 2043, 2044, 2046])
  func deepDataAndResultComeBackFromAHeader(depth: Int) throws {
    let state = Self.state(depth: depth)
    let header = Self.header(state)
    #expect(header.contains(#""dataText":"#) == (depth > 2043))
    #expect(header.contains(#""resultText":"#) == (depth - 1 > 2043))
    #expect(JSONDocument.depth(of: header) <= JSONDocument.maxDepth)
    #expect(try Self.read(header) == state)
    // A store's row (a record on its own) keeps them in place.
    var row = JSONWriter()
    state.alerts[0].write(to: &row)
    #expect(!row.text.contains("Text\":"))
  }

  @Test func textBesideAValueOrNotJSONOrInARowIsRefused() throws {
    let header = Self.header(Self.state(depth: 2046))
    // A store's row never holds the texts: one there is not a row Ordo wrote.
    let document = try JSONDocument.parse(header).get()
    let record = try #require(document.value.member("state")?.member("alerts")?.element(at: 0))
    #expect {
      try PersistedAlert(reading: try ObjectReader(record, path: "/alerts/0"))
    } throws: { error in
      (error as? DecodingError)?.path == "/alerts/0/dataText"
    }
    let beside = header.replacingOccurrences(of: #""data":null"#, with: #""data":1"#)
    #expect(beside != header)
    #expect {
      try Self.read(beside)
    } throws: { error in
      (error as? DecodingError)?.path == "/state/alerts/0/dataText"
    }
    let broken = header.replacingOccurrences(of: #""dataText":"["#, with: #""dataText":"x["#)
    #expect(broken != header)
    #expect {
      try Self.read(broken)
    } throws: { error in
      (error as? DecodingError)?.description
        == "/state/alerts/0/dataText: expected the text of a JSON value"
    }
  }
}
