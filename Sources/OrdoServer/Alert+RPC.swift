import OrdoCore
import OrdoJSON
import OrdoRPC

extension Server {
  /// `alert.*` (SPEC §4), bound to the screen's alert manager.
  static let alertMethods: [(String, Method)] = [
    (
      "alert.enqueue",
      Method(params: [
        "type", "id", "queue", "priority", "data", "scope", "key", "onDuplicate", "delayMs", "at",
        "ttlMs", "durationMs", "preempt", "mount",
      ]) { server, params throws(ResponseError) in
        let policy = try params.choice(
          "onDuplicate", from: AlertDuplicatePolicy.allCases.map(\.rawValue))
        var mount: AlertMount?
        if let object = try params.object("mount", allowed: ["parent", "sort"]) {
          mount = AlertMount(
            parent: try object.id("parent"), sort: try object.requiredInteger("sort"))
        }
        let request = AlertEnqueueRequest(
          type: try params.requiredID("type"), id: try params.id("id"),
          queue: try params.id("queue"), priority: try params.integer("priority"),
          data: Server.data(params) ?? nil, scope: try params.id("scope"),
          key: try params.id("key"),
          onDuplicate: policy.flatMap(AlertDuplicatePolicy.init(rawValue:)) ?? .replace,
          delayMs: try params.integer("delayMs"), at: try params.integer("at"),
          ttlMs: try params.integer("ttlMs"), durationMs: try params.integer("durationMs"),
          preempt: try params.bool("preempt") ?? false, mount: mount)
        let now = server.now
        let outcome = try core { () throws(CoreError) in
          try server.screen.enqueue(request, now: now)
        }
        server.result.beginObject()
        server.result.key("alert")
        server.result.alert(outcome.alert)
        server.result.key("disposition")
        server.result.string(outcome.disposition.rawValue)
        server.result.endObject()
      }
    ),
    (
      "alert.complete",
      Method(params: ["id", "result"]) { server, params throws(ResponseError) in
        let id = try params.requiredID("id")
        let result = Server.data(params, name: "result") ?? nil
        let now = server.now
        let alert = try core { () throws(CoreError) in
          try server.screen.complete(id: id, result: result, now: now)
        }
        server.result.alert(alert)
      }
    ),
    (
      "alert.cancel",
      Method(params: ["id", "ids", "type", "key", "scope", "queue", "states", "all"]) {
        server, params throws(ResponseError) in
        let filter = AlertCancelFilter(
          id: try params.id("id"), ids: try params.strings("ids", ids: true),
          type: try params.id("type"), key: try params.id("key"), scope: try params.id("scope"),
          queue: try params.id("queue"), states: try Server.states(params),
          all: try params.bool("all") ?? false)
        let now = server.now
        let cancelled = try core { () throws(CoreError) in
          try server.screen.cancel(filter, now: now)
        }
        server.result.beginObject()
        server.result.key("cancelled")
        server.result.strings(cancelled)
        server.result.endObject()
      }
    ),
    (
      "alert.pause",
      Method(params: ["queue", "reason"]) { server, params throws(ResponseError) in
        try server.pauseOrResume(params, pause: true)
      }
    ),
    (
      "alert.resume",
      Method(params: ["queue", "reason"]) { server, params throws(ResponseError) in
        try server.pauseOrResume(params, pause: false)
      }
    ),
    (
      "alert.get",
      Method(params: ["id"]) { server, params throws(ResponseError) in
        let id = try params.requiredID("id")
        server.result.alert(try core { () throws(CoreError) in try server.screen.alert(id: id) })
      }
    ),
    (
      "alert.list",
      Method(params: ["queue", "states", "type", "scope"]) {
        server, params throws(ResponseError) in
        let filter = AlertListFilter(
          queue: try params.id("queue"), states: try Server.states(params),
          type: try params.id("type"), scope: try params.id("scope"))
        let alerts = server.screen.list(filter)
        server.result.beginObject()
        server.result.key("alerts")
        server.result.beginArray()
        for alert in alerts { server.result.alert(alert) }
        server.result.endArray()
        server.result.endObject()
      }
    ),
    (
      "alert.clear",
      Method(params: ["queue"]) { server, params throws(ResponseError) in
        let queue = try params.id("queue")
        let now = server.now
        let removed = try core { () throws(CoreError) in
          try server.screen.clear(queue: queue, now: now)
        }
        server.writeCount("removed", removed)
      }
    ),
    (
      "alert.configure",
      Method(params: ["queue", "maxConcurrent", "minGapMs", "historyLimit"]) {
        server, params throws(ResponseError) in
        let configuration = AlertQueueConfiguration(
          queue: try params.id("queue"),
          maxConcurrent: try params.integer("maxConcurrent", in: 1...1_000_000).map { Int($0) },
          minGapMs: try params.integer("minGapMs", in: 0...Params.maxSafeInteger),
          historyLimit: try params.integer("historyLimit", in: 0...100_000_000).map { Int($0) })
        let now = server.now
        let settings = try core { () throws(CoreError) in
          try server.screen.configure(configuration, now: now)
        }
        server.result.beginObject()
        server.result.key("queue")
        server.result.string(settings.queue)
        server.result.key("maxConcurrent")
        server.result.int(settings.maxConcurrent)
        server.result.key("minGapMs")
        server.result.int(settings.minGapMs)
        server.result.key("historyLimit")
        server.result.int(settings.historyLimit)
        server.result.endObject()
      }
    ),
    (
      "alert.defineType",
      Method(params: ["type", "priority", "scope", "durationMs", "ttlMs", "queue"]) {
        server, params throws(ResponseError) in
        let definition = AlertTypeDefinition(
          type: try params.requiredID("type"), priority: try params.integer("priority"),
          scope: try params.id("scope"),
          durationMs: try params.integer("durationMs", in: 1...Params.maxSafeInteger),
          ttlMs: try params.integer("ttlMs", in: 0...Params.maxSafeInteger),
          queue: try params.id("queue"))
        let now = server.now
        let defined = try core { () throws(CoreError) in
          try server.screen.defineType(definition, now: now)
        }
        server.result.beginObject()
        server.result.key("type")
        server.result.string(defined.type)
        server.result.key("priority")
        server.result.int(defined.priority)
        server.result.key("scope")
        server.result.string(defined.scope)
        server.result.key("durationMs")
        server.result.int(defined.durationMs)
        server.result.key("ttlMs")
        server.result.int(defined.ttlMs)
        server.result.key("queue")
        server.result.string(defined.queue)
        server.result.endObject()
      }
    ),
  ]

  /// `states`: an array of state names.
  private static func states(_ params: Params) throws(ResponseError) -> [AlertState]? {
    try params.strings("states", choices: AlertState.allCases.map(\.rawValue))?
      .compactMap(AlertState.init(rawValue:))
  }

  private func pauseOrResume(_ params: Params, pause: Bool) throws(ResponseError) {
    let queue = try params.id("queue")
    let reason = try params.id("reason")
    let now = self.now
    let state = try core { () throws(CoreError) in
      pause
        ? try screen.pause(queue: queue, reason: reason, now: now)
        : try screen.resume(queue: queue, reason: reason, now: now)
    }
    result.beginObject()
    result.key("paused")
    result.bool(state.paused)
    result.key("reasons")
    result.strings(state.reasons)
    result.endObject()
  }
}
