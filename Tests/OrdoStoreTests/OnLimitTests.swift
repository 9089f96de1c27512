import Testing

@testable import OrdoCore

// What happens to an alert a limit forbids: `onLimit` drop or defer, at enqueue and at its
// turn to show; in memory and across restarts (see DurableStage).

@Suite("onLimit at enqueue") struct OnLimitAtEnqueueTests {
  /// A type "tip" at most once per 1 000 ms, shown at 0 and closed at 10.
  static func shownOnce(_ mode: StoreMode, onLimit: OnLimit? = nil) throws -> DurableStage {
    var stage = try DurableStage(mode)
    try stage.defineType(
      AlertTypeDefinition(
        type: "tip", limit: FrequencyLimit(max: 1, windowMs: 1000), onLimit: onLimit))
    let first = try stage.queued("tip", at: 0)
    try stage.complete(first, at: 10)
    _ = stage.events()
    return stage
  }

  @Test(arguments: StoreMode.allCases)
  func dropQueuesNothingAndUsesNoIdOrSeq(mode: StoreMode) throws {
    var stage = try Self.shownOnce(mode)
    #expect(try stage.enqueue("tip", at: 100) == limited(1000))
    #expect(try stage.enqueue("tip", id: "mine", at: 100) == limited(1000))
    #expect(stage.screen.alertCounts.active == 0)
    #expect(stage.alert("mine") == nil)
    #expect(stage.events() == [])
    let next = try stage.enqueue("other", at: 200)
    #expect(next.alert?.id == "alert-2" && next.alert?.seq == 2)
  }

  @Test(arguments: StoreMode.allCases)
  func deferQueuesItScheduledUntilRetryAt(mode: StoreMode) throws {
    var stage = try Self.shownOnce(mode, onLimit: .defer)
    let result = try stage.enqueue("tip", at: 100)
    #expect(result.disposition == .queued && result.retryAt == nil)
    #expect(result.alert?.state == .scheduled && result.alert?.readyAt == 1000)
    try stage.advance(to: 999)
    #expect(stage.state("alert-2") == .scheduled)
    try stage.advance(to: 1000)
    #expect(stage.events() == ["alert-2 scheduled>pending ready @1000", "show alert-2 @1000"])
    #expect(stage.history().map(\.at) == [1000, 0])
  }

  @Test(arguments: StoreMode.allCases)
  func theLimitIsAskedAtTheAlertsReadyAt(mode: StoreMode) throws {
    var stage = try Self.shownOnce(mode)
    try stage.configure(AlertQueueConfiguration(maxConcurrent: 10), at: 100)
    // Ready at 1 000, when the show at 0 no longer counts: queued as asked, not deferred.
    let later = try stage.enqueue("tip", at: 100) { $0.delayMs = 900 }
    #expect(later.disposition == .queued && later.alert?.readyAt == 1000)
    // Ready at 900: refused, whether by delayMs or by an absolute time.
    #expect(try stage.enqueue("tip", at: 100) { $0.delayMs = 800 } == limited(1000))
    #expect(try stage.enqueue("tip", at: 100) { $0.at = 900 } == limited(1000))
    let deferred = try stage.enqueue("tip", at: 100) {
      $0.at = 900
      $0.onLimit = .defer
    }
    #expect(deferred.alert?.state == .scheduled && deferred.alert?.readyAt == 1000)
  }

  @Test(arguments: StoreMode.allCases)
  func aDedupeMatchIsNeverLimited(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    try stage.defineType(AlertTypeDefinition(type: "tip", limit: FrequencyLimit(max: 1)))
    try stage.queued("tip", at: 0) { $0.key = "k" }
    let replaced = try stage.enqueue("tip", at: 10) {
      $0.key = "k"
      $0.onDuplicate = .replace
      $0.priority = 4
    }
    #expect(replaced.disposition == .replaced && replaced.alert?.priority == 4)
    let ignored = try stage.enqueue("tip", at: 20) {
      $0.key = "k"
      $0.onDuplicate = .ignore
    }
    #expect(ignored.disposition == .ignored)
    #expect(throws: CoreError.alreadyExists(.key, id: "k")) {
      try stage.enqueue("tip", at: 30) {
        $0.key = "k"
        $0.onDuplicate = .error
      }
    }
    #expect(
      try stage.enqueue("tip", at: 40) {
        $0.key = "k"
        $0.onDuplicate = .allow
      } == limited(nil))
  }

  @Test(arguments: StoreMode.allCases)
  func aDeferredAlertStillExpiresAtItsTTL(mode: StoreMode) throws {
    var stage = try Self.shownOnce(mode, onLimit: .defer)
    let result = try stage.enqueue("tip", at: 100) { $0.ttlMs = 400 }
    #expect(result.alert?.readyAt == 1000 && result.alert?.expiresAt == 500)
    try stage.advance(to: 2000)
    #expect(stage.events() == ["alert-2 scheduled>expired expired @500", "idle default @500"])
    #expect(stage.alert("alert-2")?.endReason == .expired)
    #expect(stage.alert("alert-2")?.endedAt == 500)
  }
}

@Suite("onLimit at the alert's turn to show") struct OnLimitAtItsTurnTests {
  /// A blocker showing from 0; "tip" alerts (at most once per 1 000 ms) and an "other"
  /// enqueued behind it at 5; the blocker closed at 10, the first tip at 20.
  static func run(_ mode: StoreMode, _ tip: AlertTypeDefinition) throws -> DurableStage {
    var stage = try DurableStage(mode)
    try stage.defineType(tip)
    let blocker = try stage.queued("block", at: 0)
    let first = try stage.queued("tip", at: 5)
    try stage.queued("tip", at: 5)
    try stage.queued("other", at: 5)
    try stage.complete(blocker, at: 10)
    try stage.complete(first, at: 20)
    return stage
  }

  @Test(arguments: StoreMode.allCases)
  func dropEndsItCancelledWithEndReasonLimited(mode: StoreMode) throws {
    var stage = try Self.run(
      mode, AlertTypeDefinition(type: "tip", limit: FrequencyLimit(max: 1, windowMs: 1000)))
    // No alert.hide (it never showed); the pump goes on with the next alert.
    #expect(
      stage.events() == [
        "show alert-1 @0", "show alert-2 @10", "alert-3 pending>cancelled limited @20",
        "show alert-4 @20",
      ])
    let dropped = stage.alert("alert-3")
    #expect(dropped?.state == .cancelled && dropped?.endReason == .limited)
    #expect(dropped?.endedAt == 20 && dropped?.shownCount == 0)
    #expect(stage.shownIDs() == ["alert-4", "alert-2", "alert-1"])
  }

  @Test(arguments: StoreMode.allCases)
  func deferSendsItBackToScheduledUntilRetryAt(mode: StoreMode) throws {
    var stage = try Self.run(
      mode,
      AlertTypeDefinition(
        type: "tip", limit: FrequencyLimit(max: 1, windowMs: 1000), onLimit: .defer))
    #expect(
      stage.events() == [
        "show alert-1 @0", "show alert-2 @10", "alert-3 pending>scheduled deferred @20",
        "show alert-4 @20",
      ])
    #expect(stage.state("alert-3") == .scheduled)
    #expect(stage.alert("alert-3")?.readyAt == 1010)
    try stage.complete("alert-4", at: 30)
    try stage.advance(to: 1009)
    #expect(stage.state("alert-3") == .scheduled)
    try stage.advance(to: 1010)
    #expect(stage.events() == ["alert-3 scheduled>pending ready @1010", "show alert-3 @1010"])
  }

  @Test(arguments: StoreMode.allCases)
  func deferWithNoRetryAtEndsItLimited(mode: StoreMode) throws {
    var stage = try Self.run(
      mode, AlertTypeDefinition(type: "tip", limit: FrequencyLimit(max: 1), onLimit: .defer))
    #expect(stage.events().contains("alert-3 pending>cancelled limited @20"))
    #expect(stage.alert("alert-3")?.endReason == .limited)
  }

  @Test(arguments: StoreMode.allCases)
  func anAlertKeepsTheLimitItGotAtEnqueue(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    try stage.defineType(
      AlertTypeDefinition(type: "tip", limit: FrequencyLimit(max: 1, windowMs: 1000)))
    let blocker = try stage.queued("block", at: 0)
    let waiting = try stage.queued("tip", at: 5)
    // "never again" now — but the waiting alert keeps what it got.
    try stage.defineType(AlertTypeDefinition(type: "tip", limit: FrequencyLimit(max: 0)), at: 6)
    #expect(try stage.enqueue("tip", at: 7) == limited(nil))
    try stage.complete(blocker, at: 10)
    #expect(stage.state(waiting) == .showing)
    // And the other way round: a tip enqueued under max 0 with its own limit.
    try stage.defineType(
      AlertTypeDefinition(type: "tip", limit: FrequencyLimit(max: 1, windowMs: 1000)), at: 20)
    #expect(try stage.enqueue("tip", at: 30) == limited(1010))
  }
}

@Suite("Resumed shows") struct ResumedShowTests {
  @Test(arguments: StoreMode.allCases)
  func aResumedShowIsNeitherCountedNorLimited(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    try stage.defineType(AlertTypeDefinition(type: "tip", limit: FrequencyLimit(max: 2)))
    try stage.defineType(AlertTypeDefinition(type: "urgent", priority: 10))
    let tip = try stage.queued("tip", at: 0)
    let urgent = try stage.queued("urgent", at: 10) { $0.preempt = true }
    try stage.complete(urgent, at: 20)
    #expect(
      stage.events() == [
        "show alert-1 @0", "hide alert-1 preempted @10", "show alert-2 @10",
        "show alert-1 resumed @20",
      ])
    #expect(stage.shownIDs(ShowHistoryFilter(type: "tip")) == ["alert-1"])
    // One counted show of two allowed: another tip may still come.
    let second = try stage.queued("tip", at: 30)
    try stage.complete(tip, at: 40)
    #expect(stage.state(second) == .showing)
    #expect(try stage.enqueue("tip", at: 50) == limited(nil))
    // A suspended alert resumes even when its limit is used up.
    let preempting = try stage.queued("urgent", at: 60) { $0.preempt = true }
    try stage.complete(preempting, at: 70)
    #expect(
      stage.events() == [
        "show alert-3 @40", "hide alert-3 preempted @60", "show alert-4 @60",
        "show alert-3 resumed @70",
      ])
    #expect(stage.history().map(\.id) == ["alert-4", "alert-3", "alert-2", "alert-1"])
  }
}
