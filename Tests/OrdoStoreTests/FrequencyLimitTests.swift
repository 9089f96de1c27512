import Testing

@testable import OrdoCore

// The frequency-limit rules (docs/protocol.md#frequency-limits), each run against the
// in-memory manager and against the SQLite store with a restart after every step (see
// DurableStage). Times are test times (ms since DurableStage.epoch).

/// The `path` of a -32602, nil for any other error.
func invalidParamsPath(_ body: () throws -> Void) -> String? {
  do {
    try body()
  } catch let CoreError.invalidParams(path, _, _) {
    return path
  } catch {
    Issue.record("expected invalid params, got \(error)")
    return nil
  }
  Issue.record("expected invalid params, nothing was thrown")
  return nil
}

/// The result of an enqueue its limit refused (`onLimit: drop`, or never).
func limited(_ retryAt: Int64?) -> AlertEnqueueResult {
  AlertEnqueueResult(alert: nil, disposition: .limited, retryAt: retryAt)
}

@Suite("Limits per type") struct LimitPerTypeTests {
  @Test(arguments: StoreMode.allCases)
  func countsShowsOfTheTypeInEveryQueueWhateverTheKey(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    try stage.configure(AlertQueueConfiguration(queue: "toast", maxConcurrent: 5))
    try stage.defineType(AlertTypeDefinition(type: "tip", limit: FrequencyLimit(max: 2)))
    let first = try stage.queued("tip", at: 0)
    try stage.complete(first, at: 10)
    try stage.queued("tip", at: 20) {
      $0.queue = "toast"
      $0.key = "k1"
    }
    #expect(try stage.enqueue("tip", at: 30) { $0.key = "k2" } == limited(nil))
    #expect(try stage.enqueue("tip", at: 40) { $0.queue = "toast" } == limited(nil))
    // Another type is not counted against it; the refused ones used up no id.
    #expect(try stage.queued("news", at: 50) == "alert-3")
    #expect(
      stage.events() == [
        "show alert-1 @0", "idle default @10", "show alert-2 @20", "show alert-3 @50",
      ])
    #expect(stage.shownIDs() == ["alert-3", "alert-2", "alert-1"])
    #expect(stage.shownIDs(ShowHistoryFilter(type: "tip")) == ["alert-2", "alert-1"])
  }

  @Test(arguments: StoreMode.allCases)
  func aLimitDefinedLaterCountsTheShowsBeforeIt(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    try stage.configure(AlertQueueConfiguration(maxConcurrent: 10))
    try stage.queued("news", at: 0)
    try stage.queued("news", at: 100)
    try stage.defineType(
      AlertTypeDefinition(type: "news", limit: FrequencyLimit(max: 2, windowMs: 1000)), at: 200)
    #expect(try stage.enqueue("news", at: 300) == limited(1000))
    try stage.queued("news", at: 1000)
  }
}

@Suite("Limits per key") struct LimitPerKeyTests {
  @Test(arguments: StoreMode.allCases)
  func eachKeyIsCountedApart(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    try stage.configure(AlertQueueConfiguration(maxConcurrent: 10))
    try stage.defineType(
      AlertTypeDefinition(type: "badge", limit: FrequencyLimit(max: 1, windowMs: 1000, per: .key)))
    try stage.queued("badge", at: 0) { $0.key = "k1" }
    try stage.queued("badge", at: 10) { $0.key = "k2" }
    #expect(try stage.enqueue("badge", at: 20) { $0.key = "k1" } == limited(1000))
    #expect(try stage.enqueue("badge", at: 20) { $0.key = "k2" } == limited(1010))
    try stage.queued("badge", at: 20) { $0.key = "k3" }
    // The same key of another type is another count.
    try stage.defineType(
      AlertTypeDefinition(type: "other", limit: FrequencyLimit(max: 1, per: .key)), at: 30)
    try stage.queued("other", at: 30) { $0.key = "k1" }
    try stage.queued("badge", at: 1000) { $0.key = "k1" }
    #expect(stage.shownIDs(ShowHistoryFilter(type: "badge", key: "k1")) == ["alert-5", "alert-1"])
  }

  @Test(arguments: StoreMode.allCases)
  func anAlertWithoutAKeyUnderAPerKeyLimitIsInvalidAtKey(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    try stage.defineType(
      AlertTypeDefinition(type: "badge", limit: FrequencyLimit(max: 1, per: .key)))
    #expect(invalidParamsPath { try stage.enqueue("badge", at: 0) } == "/key")
    // The enqueue's own per-key limit on a type without one.
    #expect(
      invalidParamsPath {
        try stage.enqueue("plain", at: 0) { $0.limit = .limit(FrequencyLimit(max: 5, per: .key)) }
      } == "/key")
    // Checked before dedupe and before anything else is decided.
    #expect(
      invalidParamsPath {
        try stage.enqueue("badge", at: 0) {
          $0.onDuplicate = .ignore
          $0.delayMs = 10
        }
      } == "/key")
    // `limit: null` replaces the type's whole limit: no key needed, no limit.
    try stage.queued("badge", at: 10) { $0.limit = .unlimited }
    try stage.queued("badge", at: 20) {
      $0.limit = .unlimited
      $0.queue = "other"
    }
    #expect(stage.shownIDs() == ["alert-2", "alert-1"])
    #expect(stage.screen.alertCounts.active == 2)
  }
}

@Suite("Limits with a window") struct LimitWindowTests {
  @Test(arguments: StoreMode.allCases)
  func aShowCountsWhileLessThanTheWindowHasPassed(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    try stage.configure(AlertQueueConfiguration(maxConcurrent: 100))
    try stage.defineType(
      AlertTypeDefinition(type: "w", limit: FrequencyLimit(max: 2, windowMs: 1000)))
    try stage.queued("w", at: 0)
    try stage.queued("w", at: 100)
    // retryAt: the max-th (2nd) most recent show + windowMs.
    #expect(try stage.enqueue("w", at: 999) == limited(1000))
    // 1000 − 0 = 1000 is not < 1000: the show at 0 no longer counts.
    try stage.queued("w", at: 1000)
    #expect(try stage.enqueue("w", at: 1099) == limited(1100))
    try stage.queued("w", at: 1100)
    #expect(try stage.enqueue("w", at: 1100) == limited(2000))
    #expect(try stage.enqueue("w", at: 1999) == limited(2000))
    #expect(stage.history(ShowHistoryFilter(type: "w")).map(\.at) == [1100, 1000, 100, 0])
  }

  @Test(arguments: StoreMode.allCases)
  func retryAtIsTheMaxthMostRecentShowPlusTheWindow(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    try stage.configure(AlertQueueConfiguration(maxConcurrent: 100))
    try stage.defineType(
      AlertTypeDefinition(type: "w", limit: FrequencyLimit(max: 3, windowMs: 500)))
    for time: Int64 in [0, 50, 300] { try stage.queued("w", at: time) }
    // Shows 0, 50, 300 all count at 450; the 3rd most recent is 0.
    #expect(try stage.enqueue("w", at: 450) == limited(500))
    try stage.queued("w", at: 500)
    // Counted at 520: 50, 300, 500; the 3rd most recent is 50.
    #expect(try stage.enqueue("w", at: 520) == limited(550))
  }
}

@Suite("Cooldowns") struct CooldownTests {
  @Test(arguments: StoreMode.allCases)
  func aCooldownKeepsCountedShowsApart(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    try stage.configure(AlertQueueConfiguration(maxConcurrent: 100))
    try stage.defineType(AlertTypeDefinition(type: "c", cooldownMs: 500))
    try stage.queued("c", at: 0) { $0.key = "a" }
    #expect(try stage.enqueue("c", at: 499) { $0.key = "a" } == limited(500))
    // Without a per-key limit the cooldown counts the whole type.
    #expect(try stage.enqueue("c", at: 499) { $0.key = "b" } == limited(500))
    try stage.queued("c", at: 500) { $0.key = "b" }
    #expect(try stage.enqueue("c", at: 600) == limited(1000))
    // An enqueue's cooldownMs 0 means none.
    try stage.queued("c", at: 600) { $0.cooldownMs = 0 }
    #expect(try stage.enqueue("c", at: 700) == limited(1100))
  }

  @Test(arguments: StoreMode.allCases)
  func withALimitAndACooldownRetryAtIsTheLaterOfTheTwo(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    try stage.configure(AlertQueueConfiguration(maxConcurrent: 100))
    try stage.defineType(
      AlertTypeDefinition(
        type: "limitLater", limit: FrequencyLimit(max: 3, windowMs: 10_000), cooldownMs: 500))
    try stage.defineType(
      AlertTypeDefinition(
        type: "cooldownLater", limit: FrequencyLimit(max: 1, windowMs: 100), cooldownMs: 1000))
    for time: Int64 in [0, 500, 1000] { try stage.queued("limitLater", at: time) }
    try stage.queued("cooldownLater", at: 1000)
    // cooldownLater: the limit says 1 100, the cooldown 2 000.
    #expect(try stage.enqueue("cooldownLater", at: 1050) == limited(2000))
    // limitLater: the limit says 10 000, the cooldown 1 500.
    #expect(try stage.enqueue("limitLater", at: 1200) == limited(10_000))
    // Past the window, the cooldown alone still holds it.
    #expect(try stage.enqueue("cooldownLater", at: 1500) == limited(2000))
    try stage.queued("cooldownLater", at: 2000)
  }

  @Test(arguments: StoreMode.allCases)
  func underAPerKeyLimitTheCooldownCountsPerKey(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    try stage.configure(AlertQueueConfiguration(maxConcurrent: 100))
    try stage.defineType(
      AlertTypeDefinition(
        type: "k", limit: FrequencyLimit(max: 10, per: .key), cooldownMs: 500))
    try stage.queued("k", at: 0) { $0.key = "a" }
    try stage.queued("k", at: 100) { $0.key = "b" }
    #expect(try stage.enqueue("k", at: 200) { $0.key = "a" } == limited(500))
    #expect(try stage.enqueue("k", at: 200) { $0.key = "b" } == limited(600))
  }

  @Test(arguments: StoreMode.allCases)
  func anEnqueueOverridesTheTypesLimitCooldownAndOnLimitOneByOne(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    try stage.configure(AlertQueueConfiguration(maxConcurrent: 100))
    try stage.defineType(
      AlertTypeDefinition(
        type: "t", limit: FrequencyLimit(max: 1, windowMs: 1000), cooldownMs: 5000))
    try stage.queued("t", at: 0)
    // Only the cooldown replaced: the type's limit still counts.
    #expect(try stage.enqueue("t", at: 500) { $0.cooldownMs = 0 } == limited(1000))
    // Only the limit replaced: the type's cooldown still counts.
    #expect(try stage.enqueue("t", at: 500) { $0.limit = .unlimited } == limited(5000))
    // Only onLimit replaced: deferred to the later of the type's two.
    let deferred = try stage.enqueue("t", at: 500) { $0.onLimit = .defer }
    #expect(deferred.disposition == .queued)
    #expect(deferred.alert?.state == .scheduled && deferred.alert?.readyAt == 5000)
    try stage.queued("t", at: 600) {
      $0.limit = .unlimited
      $0.cooldownMs = 0
    }
  }
}

@Suite("max: 0") struct NeverTests {
  @Test(arguments: StoreMode.allCases)
  func maxZeroNeverShowsAndRetryAtIsNull(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    try stage.defineType(AlertTypeDefinition(type: "never", limit: FrequencyLimit(max: 0)))
    try stage.defineType(
      AlertTypeDefinition(
        type: "neverDefer", limit: FrequencyLimit(max: 0, windowMs: 1000), onLimit: .defer))
    #expect(try stage.enqueue("never", at: 0) == limited(nil))
    #expect(try stage.enqueue("never", at: 0) { $0.onLimit = .defer } == limited(nil))
    // A window does not help: never is never; defer with no retryAt drops.
    #expect(try stage.enqueue("neverDefer", at: 10) == limited(nil))
    #expect(try stage.enqueue("neverDefer", at: 5000) { $0.delayMs = 99_999 } == limited(nil))
    // An enqueue's own max 0 on a type without a limit.
    #expect(
      try stage.enqueue("plain", at: 5000) { $0.limit = .limit(FrequencyLimit(max: 0)) }
        == limited(nil))
    #expect(stage.history().isEmpty)
    #expect(stage.screen.alertCounts.active == 0)
    // Nothing used up an id or a seq.
    let next = try stage.enqueue("plain", at: 5000)
    #expect(next.alert?.id == "alert-1" && next.alert?.seq == 1)
  }
}
