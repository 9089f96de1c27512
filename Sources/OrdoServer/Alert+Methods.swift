import OrdoCoding
import OrdoCore
import OrdoJSON
import OrdoRPC

/// `alert.*` (docs/protocol.md#alerts), bound to the screen's alert manager.
extension Engine {
  static func registerAlertMethods(in table: inout MethodTable) {
    table.add("alert.enqueue", AlertEnqueueRequest.self) { engine, p throws(ResponseError) in
      EnqueueResult(result: try core { () throws(CoreError) in try engine.screen.enqueue(p) })
    }
    table.add("alert.complete", CompleteParams.self) { engine, p throws(ResponseError) in
      try core { () throws(CoreError) in try engine.screen.complete(id: p.id, result: p.result) }
    }
    table.add("alert.cancel", AlertCancelFilter.self) { engine, p throws(ResponseError) in
      StringsResult(
        "cancelled", try core { () throws(CoreError) in try engine.screen.cancel(p) })
    }
    table.add("alert.pause", PauseParams.self) { engine, p throws(ResponseError) in
      PauseResult(
        state: try core { () throws(CoreError) in
          try engine.screen.pause(queue: p.queue, reason: p.reason)
        })
    }
    table.add("alert.resume", PauseParams.self) { engine, p throws(ResponseError) in
      PauseResult(
        state: try core { () throws(CoreError) in
          try engine.screen.resume(queue: p.queue, reason: p.reason)
        })
    }
    table.add("alert.get", AlertID.self) { engine, p throws(ResponseError) in
      try engine.query { (screen) throws(CoreError) in try screen.alert(id: p.id) }
    }
    table.add("alert.list", AlertListFilter.self) { engine, p throws(ResponseError) in
      AlertList(alerts: try engine.query { (screen) in screen.list(p) })
    }
    table.add("alert.clear", QueueParams.self) { engine, p throws(ResponseError) in
      CountResult(
        "removed", try core { () throws(CoreError) in try engine.screen.clear(queue: p.queue) })
    }
    table.add("alert.configure", AlertQueueConfiguration.self) {
      engine, p throws(ResponseError) in
      try core { () throws(CoreError) in try engine.screen.configure(p) }
    }
    table.add("alert.defineType", AlertTypeDefinition.self) {
      engine, p throws(ResponseError) in
      try core { () throws(CoreError) in try engine.screen.defineType(p) }
    }
    table.add("alert.history", ShowHistoryFilter.self) { engine, p throws(ResponseError) in
      ShowList(shows: try engine.query { (screen) in screen.history(p) })
    }
    table.add("alert.forget", ShowForgetFilter.self) { engine, p throws(ResponseError) in
      CountResult("forgotten", try core { () throws(CoreError) in try engine.screen.forget(p) })
    }
  }

  // MARK: Params

  struct AlertID: MethodParams {
    static let names = ["id"]
    let id: String
    init(_ params: Params) throws(ResponseError) { id = try params.requiredID("id") }
  }

  struct QueueParams: MethodParams {
    static let names = ["queue"]
    let queue: String?
    init(_ params: Params) throws(ResponseError) { queue = try params.id("queue") }
  }

  struct CompleteParams: MethodParams {
    static let names = ["id", "result"]
    let id: String
    let result: RawJSON?

    init(_ params: Params) throws(ResponseError) {
      id = try params.requiredID("id")
      result = Engine.data(params, name: "result") ?? nil
    }
  }

  struct PauseParams: MethodParams {
    static let names = ["queue", "reason"]
    let queue: String?
    let reason: String?

    init(_ params: Params) throws(ResponseError) {
      queue = try params.id("queue")
      reason = try params.id("reason")
    }
  }

  // The choices and nested names, made once (as arguments they were arrays built on every
  // request, read or not: ≈1 500 instructions per `alert.enqueue`).
  static let stateNames = AlertState.allCases.map(\.rawValue)
  /// The states `alert.cancel` may name.
  static let activeStateNames = AlertState.allCases.filter { !$0.isEnded }.map(\.rawValue)
  static let limitNames = ParamNames(["max", "windowMs", "per"])
  static let perNames = FrequencyLimit.Per.allCases.map(\.rawValue)
  static let onLimitNames = OnLimit.allCases.map(\.rawValue)
  static let duplicateNames = AlertDuplicatePolicy.allCases.map(\.rawValue)
  static let mountNames = ParamNames(["parent", "sort"])
  /// The length of a mounted alert's layer id beyond the alert's id.
  static let mountPrefixLength = LayerTree.alertPrefix.unicodeScalars.count

  /// `states`: a set of state names.
  static func states(_ params: Params, choices: [String] = stateNames) throws(ResponseError)
    -> [AlertState]?
  {
    try params.strings("states", choices: choices)?.compactMap(AlertState.init(rawValue:))
  }

  /// `limit`: an object `{max, windowMs?, per?}`; nil when absent or `null`.
  static func limit(_ params: Params) throws(ResponseError) -> FrequencyLimit? {
    guard let object = try params.object("limit", names: limitNames) else { return nil }
    let per = try object.choice("per", from: perNames)
    return FrequencyLimit(
      max: Int(try object.requiredInteger("max", in: 0...Params.maxSafeInteger)),
      windowMs: try object.integer("windowMs", in: 1...Params.maxSafeInteger),
      per: per.flatMap(FrequencyLimit.Per.init(rawValue:)))
  }

  static func onLimit(_ params: Params) throws(ResponseError) -> OnLimit? {
    try params.choice("onLimit", from: onLimitNames)
      .flatMap(OnLimit.init(rawValue:))
  }

  // MARK: Results

  struct EnqueueResult: JSONWritable {
    let result: AlertEnqueueResult

    func write(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.key("alert")
      writer.value(result.alert)
      writer.key("disposition")
      writer.string(result.disposition.rawValue)
      if result.disposition == .limited {
        writer.key("retryAt")
        writer.int(result.retryAt)
      }
      writer.endObject()
    }
  }

  struct AlertList: JSONWritable {
    let alerts: [Alert]

    func write(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.key("alerts")
      writer.beginArray()
      for alert in alerts { alert.write(to: &writer) }
      writer.endArray()
      writer.endObject()
    }
  }

  struct PauseResult: JSONWritable {
    let state: AlertPauseState

    func write(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.key("paused")
      writer.bool(state.paused)
      writer.key("reasons")
      writer.strings(state.reasons)
      writer.endObject()
    }
  }

  struct ShowList: JSONWritable {
    let shows: [ShowRecord]

    func write(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.key("shows")
      writer.beginArray()
      for show in shows {
        writer.beginObject()
        writer.key("id")
        writer.string(show.id)
        writer.key("type")
        writer.string(show.type)
        writer.key("key")
        writer.string(show.key)
        writer.key("queue")
        writer.string(show.queue)
        writer.key("at")
        writer.int(show.at)
        writer.key("wallAt")
        writer.int(show.wallAt)
        writer.endObject()
      }
      writer.endArray()
      writer.endObject()
    }
  }
}

extension AlertEnqueueRequest: MethodParams {
  public static let names = [
    "type", "id", "queue", "priority", "data", "scope", "key", "onDuplicate", "delayMs", "at",
    "ttlMs", "durationMs", "preempt", "mount", "persist", "limit", "cooldownMs", "onLimit",
  ]

  private static func mountedIDError(_ params: Params) -> ResponseError {
    params.invalid(
      "id",
      expected: "a string of 1 to \(256 - Engine.mountPrefixLength) characters with mount"
        + " (its layer's id is \"alert:\" + id)")
  }

  public init(_ params: Params) throws(ResponseError) {
    let policy = try params.choice("onDuplicate", from: Engine.duplicateNames)
    var mount: AlertMount?
    if let object = try params.object("mount", names: Engine.mountNames) {
      mount = AlertMount(parent: try object.id("parent"), sort: try object.requiredInteger("sort"))
    }
    let mounted = mount != nil
    // `limit: null` means unlimited here, replacing the type's limit.
    let limit: LimitOverride
    if let own = try Engine.limit(params) {
      limit = .limit(own)
    } else {
      limit = params.contains("limit") ? .unlimited : .inherit
    }
    // `data: null` is "none": a dedupe replace clears the data.
    var data: RawJSON?
    var clearsData = false
    switch Engine.data(params) {
    case .none: break
    case .some(.none): clearsData = true
    case .some(.some(let given)): data = given
    }
    let type = try params.requiredID("type")  // first, as before `id` was read here
    // A mounted alert's layer is "alert:" + id, and a layer id has at most 256 characters:
    // with mount, any bad id (257 characters too) gets the mounted bound in its message.
    let id: String?
    do {
      id = try params.id("id")
    } catch {
      throw mounted ? Self.mountedIDError(params) : error
    }
    if mounted, let id, id.unicodeScalars.count > 256 - Engine.mountPrefixLength {
      throw Self.mountedIDError(params)
    }
    self.init(
      type: type, id: id,
      queue: try params.id("queue"), priority: try params.integer("priority"),
      data: data, scope: try params.id("scope"), key: try params.id("key"),
      onDuplicate: policy.flatMap(AlertDuplicatePolicy.init(rawValue:)) ?? .replace,
      delayMs: try params.integer("delayMs", in: 0...Params.maxSafeInteger),
      at: try params.integer("at"),
      ttlMs: try params.integer("ttlMs", in: 0...Params.maxSafeInteger),
      durationMs: try params.integer("durationMs", in: 1...Params.maxSafeInteger),
      preempt: try params.bool("preempt") ?? false, mount: mount,
      persist: try params.bool("persist"), limit: limit,
      cooldownMs: try params.integer("cooldownMs", in: 0...Params.maxSafeInteger),
      onLimit: try Engine.onLimit(params), clearsData: clearsData)
  }
}

extension AlertCancelFilter: MethodParams {
  public static let names = ["id", "ids", "type", "key", "scope", "queue", "states", "all"]

  public init(_ params: Params) throws(ResponseError) {
    self.init(
      id: try params.id("id"), ids: try params.strings("ids", ids: true),
      type: try params.id("type"), key: try params.id("key"), scope: try params.id("scope"),
      queue: try params.id("queue"),
      states: try Engine.states(params, choices: Engine.activeStateNames),
      all: try params.bool("all") ?? false)
  }
}

extension AlertListFilter: MethodParams {
  public static let names = ["queue", "states", "type", "scope"]

  public init(_ params: Params) throws(ResponseError) {
    self.init(
      queue: try params.id("queue"), states: try Engine.states(params),
      type: try params.id("type"), scope: try params.id("scope"))
  }
}

extension AlertQueueConfiguration: MethodParams {
  public static let names = ["queue", "maxConcurrent", "minGapMs", "historyLimit"]

  public init(_ params: Params) throws(ResponseError) {
    self.init(
      queue: try params.id("queue"),
      maxConcurrent: try params.integer("maxConcurrent", in: 1...1_000_000).map { Int($0) },
      minGapMs: try params.integer("minGapMs", in: 0...Params.maxSafeInteger),
      historyLimit: try params.integer("historyLimit", in: 0...100_000_000).map { Int($0) })
  }
}

extension AlertTypeDefinition: MethodParams {
  public static let names = [
    "type", "priority", "scope", "durationMs", "ttlMs", "queue", "persist", "limit",
    "cooldownMs", "onLimit",
  ]

  public init(_ params: Params) throws(ResponseError) {
    self.init(
      type: try params.requiredID("type"), priority: try params.integer("priority"),
      scope: try params.id("scope"),
      durationMs: try params.integer("durationMs", in: 1...Params.maxSafeInteger),
      ttlMs: try params.integer("ttlMs", in: 0...Params.maxSafeInteger),
      queue: try params.id("queue"), persist: try params.bool("persist"),
      limit: try Engine.limit(params),
      cooldownMs: try params.integer("cooldownMs", in: 0...Params.maxSafeInteger),
      onLimit: try Engine.onLimit(params))
  }
}

extension ShowHistoryFilter: MethodParams {
  public static let names = ["type", "key", "queue", "sinceWallAt", "limit"]

  public init(_ params: Params) throws(ResponseError) {
    self.init(
      type: try params.id("type"), key: try params.id("key"), queue: try params.id("queue"),
      sinceWallAt: try params.integer("sinceWallAt"),
      limit: Int(try params.integer("limit", in: 0...1_000_000) ?? 100))
  }
}

extension ShowForgetFilter: MethodParams {
  public static let names = ["type", "key", "all"]

  public init(_ params: Params) throws(ResponseError) {
    self.init(
      type: try params.id("type"), key: try params.id("key"),
      all: try params.bool("all") ?? false)
  }
}
