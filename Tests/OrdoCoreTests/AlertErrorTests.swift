import Testing

@testable import OrdoCore

/// Errors, ids and limits; a failing call changes nothing.
@Suite struct AlertErrorTests {
  /// Everything observable about the alert side of a screen.
  private struct Snapshot: Equatable {
    var alerts: [Alert]
    var counts: AlertCounts
    var navigation: Navigation
    var deadline: Int64?
    var settings: AlertQueueSettings
    var layers: Int

    init(_ screen: Screen) {
      alerts = screen.list()
      counts = screen.alertCounts
      navigation = screen.nav
      deadline = screen.nextDeadline
      settings = screen.alerts.settings(queue: nil)
      layers = screen.layers.count
    }
  }

  private func busyStage() throws -> AlertStage {
    var stage = AlertStage(maxAlerts: 4)
    try stage.navSet(["room"], now: 0)
    try stage.enqueue("t", id: "shown", now: 0) {
      $0.key = "k"
      $0.durationMs = 1_000
      $0.mount = AlertMount(sort: 1)
    }
    try stage.enqueue("t", id: "pending", now: 0) { $0.ttlMs = 500 }
    try stage.enqueue("t", id: "scheduled", now: 0) { $0.delayMs = 100 }
    _ = stage.events()
    return stage
  }

  private static let failingCalls: [(String, @Sendable (inout Screen) throws -> Void)] = [
    ("duplicate id", { _ = try $0.enqueue(AlertEnqueueRequest(type: "t", id: "pending"), now: 0) }),
    (
      "duplicate key with error",
      { _ = try $0.enqueue(AlertEnqueueRequest(type: "t", key: "k", onDuplicate: .error), now: 0) }
    ),
    (
      "delayMs and at",
      { _ = try $0.enqueue(AlertEnqueueRequest(type: "t", delayMs: 1, at: 5), now: 0) }
    ),
    ("negative delay", { _ = try $0.enqueue(AlertEnqueueRequest(type: "t", delayMs: -1), now: 0) }),
    ("negative ttl", { _ = try $0.enqueue(AlertEnqueueRequest(type: "t", ttlMs: -1), now: 0) }),
    (
      "zero duration", { _ = try $0.enqueue(AlertEnqueueRequest(type: "t", durationMs: 0), now: 0) }
    ),
    ("empty type", { _ = try $0.enqueue(AlertEnqueueRequest(type: ""), now: 0) }),
    (
      "long id",
      {
        _ = try $0.enqueue(
          AlertEnqueueRequest(type: "t", id: String(repeating: "x", count: 257)), now: 0)
      }
    ),
    (
      "unknown mount parent",
      {
        _ = try $0.enqueue(
          AlertEnqueueRequest(type: "t", mount: AlertMount(parent: "no", sort: 0)), now: 0)
      }
    ),
    ("complete pending", { _ = try $0.complete(id: "pending", result: nil, now: 0) }),
    ("complete scheduled", { _ = try $0.complete(id: "scheduled", result: nil, now: 0) }),
    ("complete unknown", { _ = try $0.complete(id: "ghost", result: nil, now: 0) }),
    ("cancel without filter", { _ = try $0.cancel(AlertCancelFilter(), now: 0) }),
    (
      "maxConcurrent 0", { _ = try $0.configure(AlertQueueConfiguration(maxConcurrent: 0), now: 0) }
    ),
    ("negative gap", { _ = try $0.configure(AlertQueueConfiguration(minGapMs: -5), now: 0) }),
    (
      "negative history",
      { _ = try $0.configure(AlertQueueConfiguration(historyLimit: -1), now: 0) }
    ),
    ("empty scope", { _ = try $0.navPush(scope: "", now: 0) }),
    ("empty scope in stack", { _ = try $0.navSet(stack: ["room", ""], now: 0) }),
    (
      "bad type definition",
      { _ = try $0.defineType(AlertTypeDefinition(type: "t", durationMs: 0), now: 0) }
    ),
    ("empty pause reason", { _ = try $0.pause(queue: nil, reason: "", now: 0) }),
    ("unknown topic", { _ = try $0.subscribe(topics: ["alert.show"]) }),
  ]

  private func failure(of call: (inout Screen) throws -> Void, on screen: inout Screen)
    -> CoreError?
  {
    do {
      try call(&screen)
      return nil
    } catch let error as CoreError {
      return error
    } catch {
      Issue.record("not a CoreError: \(error)")
      return nil
    }
  }

  @Test(arguments: failingCalls.indices)
  func failingCallChangesNothing(index: Int) throws {
    let (name, call) = Self.failingCalls[index]
    var stage = try busyStage()
    let before = Snapshot(stage.screen)
    let error = failure(of: call, on: &stage.screen)
    #expect(error != nil, "\(name) should fail")
    #expect(Snapshot(stage.screen) == before, "\(name) changed something")
    #expect(stage.events() == [], "\(name) emitted events")
    stage.check()
  }

  @Test func maxAlertsCountsActiveAlertsOnly() throws {
    var stage = try busyStage()
    try stage.enqueue("t", id: "fourth", now: 0)
    let error = thrownError { () throws(CoreError) in try stage.enqueue("t", id: "fifth", now: 0) }
    #expect(error == .limitExceeded(.maxAlerts, limit: 4, value: 5))
    let replaced = try stage.enqueueRequest("t", now: 0) { $0.key = "k" }
    #expect(replaced.disposition == .replaced, "dedupe adds no alert, so the limit does not apply")
    try stage.complete("shown", now: 1)
    try stage.enqueue("t", id: "fifth", now: 1)
  }

  @Test func aLimitThatDropsTheAlertIsCheckedBeforeMaxAlerts() throws {
    var stage = try busyStage()
    try stage.enqueue("t", id: "fourth", now: 0)
    // "shown" (type t) showed at 0: once per 10 s allows the next t at 10 000.
    let oncePer10s = LimitOverride.limit(FrequencyLimit(max: 1, windowMs: 10_000))
    // At --max-alerts: an alert its limit drops is never created, so the limit answers.
    let dropped = try stage.enqueueRequest("t", id: "fifth", now: 0) { $0.limit = oncePer10s }
    #expect(dropped.disposition == .limited && dropped.alert == nil && dropped.retryAt == 10_000)
    #expect(stage.state("fifth") == nil)
    // One its limit defers would be created: that one is over the cap.
    let error = thrownError { () throws(CoreError) in
      try stage.enqueue("t", id: "fifth", now: 0) {
        $0.limit = oncePer10s
        $0.onLimit = .defer
      }
    }
    #expect(error == .limitExceeded(.maxAlerts, limit: 4, value: 5))
    stage.check()
  }

  /// The core checks a limit's bounds itself (the server's reading checks them first, so
  /// only a direct caller, such as an app on the OrdoEngine library, meets these).
  @Test func aLimitOutOfRangeNamesItsMember() throws {
    var stage = try busyStage()
    let cases: [(LimitOverride, Int64?, CoreError)] = [
      (
        .limit(FrequencyLimit(max: -1, windowMs: 10)), nil,
        AlertManager.outOfRange("limit/max", minimum: 0)
      ),
      (
        .limit(FrequencyLimit(max: 1, windowMs: 0)), nil,
        AlertManager.outOfRange("limit/windowMs", minimum: 1)
      ),
      (.unlimited, -1, AlertManager.outOfRange("cooldownMs", minimum: 0)),
    ]
    for (limit, cooldownMs, expected) in cases {
      let error = thrownError { () throws(CoreError) in
        try stage.enqueue("t", id: "limited", now: 0) {
          $0.limit = limit
          $0.cooldownMs = cooldownMs
        }
      }
      #expect(error == expected)
    }
    #expect(
      AlertManager.outOfRange("limit/windowMs", minimum: 1).description.contains(
        "limit.windowMs must be an integer >= 1"))
    #expect(stage.state("limited") == nil)
  }

  @Test func messagesReadAsEnglish() {
    #expect(
      CoreError.alreadyExists(.alert, id: "a").description
        == "An alert with id \"a\" already exists.")
    #expect(
      CoreError.alreadyExists(.layer, id: "a").description
        == "A layer with id \"a\" already exists.")
    #expect(
      CoreError.limitExceeded(.maxAlerts, limit: 1, value: 2).description
        == "At most 1 alert may be active at once; this would make 2.")
    #expect(
      CoreError.limitExceeded(.maxLayers, limit: 3, value: 4).description
        == "The engine holds at most 3 layers; this would make 4.")
  }

  @Test func errorsCarryKindIdAndState() throws {
    var stage = try busyStage()
    #expect(
      thrownError { () throws(CoreError) in try stage.complete("ghost", now: 0) }
        == .notFound(.alert, id: "ghost"))
    #expect(
      thrownError { () throws(CoreError) in try stage.enqueue("t", id: "shown", now: 0) }
        == .alreadyExists(.alert, id: "shown"))
    guard
      case .invalidState(let reason, let state, _) = thrownError({ () throws(CoreError) in
        try stage.complete("pending", now: 0)
      })
    else {
      Issue.record("expected invalidState")
      return
    }
    #expect(reason == .notShowing && state == .pending)
    try stage.complete("shown", now: 0)
    guard
      case .invalidState(_, let ended, _) = thrownError({ () throws(CoreError) in
        try stage.complete("shown", now: 0)
      })
    else {
      Issue.record("expected invalidState")
      return
    }
    #expect(ended == .done)
    #expect(
      thrownError { () throws(CoreError) in
        try stage.enqueue("t", now: 0) { $0.mount = AlertMount(parent: "nowhere", sort: 0) }
      }
        == .notFound(.layer, id: "nowhere"))
  }

  @Test func popOnAnEmptyStackIsInvalidState() {
    var stage = AlertStage()
    guard
      case .invalidState(let reason, _, _) = thrownError({ () throws(CoreError) in
        try stage.navPop(now: 0)
      })
    else {
      Issue.record("expected invalidState")
      return
    }
    #expect(reason == .emptyStack)
  }

  @Test func generatedIdsSkipIdsInUse() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "alert-2", now: 0)
    let first = try stage.enqueue("t", now: 0)
    let second = try stage.enqueue("t", now: 0)
    #expect(first.id == "alert-1")
    #expect(second.id == "alert-3")
  }

  @Test func theIdOfAnEndedAlertCanBeReused() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "welcome", now: 0)
    try stage.complete("welcome", now: 1)
    let again = try stage.enqueue("t", id: "welcome", now: 2)
    #expect(again.state == .showing && again.createdAt == 2)
    #expect(stage.screen.alertCounts.ended == 0)
    for round in 0..<100 {
      try stage.complete("welcome", now: Int64(3 + round))
      try stage.enqueue("t", id: "welcome", now: Int64(3 + round))
    }
    #expect(stage.screen.list().count == 1)
  }

  @Test func namesAreLimitedTo256UnicodeScalars() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: String(repeating: "é", count: 256), now: 0)
    #expect(
      thrownError { () throws(CoreError) in try stage.enqueue("t", now: 0) { $0.key = "" } } != nil)
  }
}
