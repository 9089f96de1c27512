import OrdoCore
import OrdoRPC

extension Server {
  /// `events.subscribe` / `events.unsubscribe`: opt-in event topics (`alert.changed`).
  static let eventsMethods: [(String, Method)] = [
    (
      "events.subscribe",
      Method(params: ["topics"]) { server, params throws(ResponseError) in
        let topics = try Server.topics(params)
        server.writeTopics(
          try core { () throws(CoreError) in try server.screen.subscribe(topics: topics) })
      }
    ),
    (
      "events.unsubscribe",
      Method(params: ["topics"]) { server, params throws(ResponseError) in
        let topics = try Server.topics(params)
        server.writeTopics(
          try core { () throws(CoreError) in try server.screen.unsubscribe(topics: topics) })
      }
    ),
  ]

  private static func topics(_ params: Params) throws(ResponseError) -> [String] {
    guard let topics = try params.strings("topics") else {
      throw params.missing("topics", expected: "an array of topic names, e.g. [\"alert.changed\"]")
    }
    return topics
  }

  private func writeTopics(_ topics: [String]) {
    result.beginObject()
    result.key("topics")
    result.strings(topics)
    result.endObject()
  }
}
