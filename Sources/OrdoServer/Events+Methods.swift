import OrdoCoding
import OrdoCore
import OrdoJSON
import OrdoRPC

/// `events.subscribe` / `events.unsubscribe`: opt-in event topics (`alert.changed`).
extension Engine {
  static func registerEventsMethods(in table: inout MethodTable) {
    table.add("events.subscribe", TopicsParams.self) { engine, p throws(ResponseError) in
      StringsResult(
        "topics",
        try core { () throws(CoreError) in try engine.screen.subscribe(topics: p.topics) })
    }
    table.add("events.unsubscribe", TopicsParams.self) { engine, p throws(ResponseError) in
      StringsResult(
        "topics",
        try core { () throws(CoreError) in try engine.screen.unsubscribe(topics: p.topics) })
    }
  }

  struct TopicsParams: MethodParams {
    static let names = ["topics"]
    let topics: [String]

    init(_ params: Params) throws(ResponseError) {
      guard let topics = try params.strings("topics") else {
        throw params.missing(
          "topics", expected: "an array of topic names, e.g. [\"alert.changed\"]")
      }
      self.topics = topics
    }
  }
}
