import Testing

@testable import OrdoCore

/// Which alert shows, and when (docs/protocol.md#the-pump): priority, seq, scopes, queues,
/// preemption, pauses and gaps.
@Suite struct AlertPumpTests {
  @Test func highestPriorityShowsFirstAndEqualPrioritiesInEnqueueOrder() throws {
    var stage = AlertStage()
    try stage.enqueue("blocker", id: "blocker", now: 0) { $0.priority = 100 }
    for (id, priority) in [("low", 1), ("highFirst", 5), ("mid", 3), ("highSecond", 5)] {
      try stage.enqueue("t", id: id, now: 10) { $0.priority = Int64(priority) }
    }
    for (index, id) in ["blocker", "highFirst", "highSecond", "mid", "low"].enumerated() {
      try stage.complete(id, now: Int64(100 * (index + 1)))
    }
    #expect(
      stage.events() == [
        "show blocker @0", "show highFirst @100", "show highSecond @200", "show mid @300",
        "show low @400", "idle default @500",
      ])
  }

  @Test func typeDefaultsApplyWhereTheRequestOmitsThem() throws {
    var stage = AlertStage()
    try stage.defineType(
      AlertTypeDefinition(
        type: "toast", priority: 7, scope: "feed", durationMs: 50, ttlMs: 90, queue: "toasts"))
    let toast = try stage.enqueue("toast", now: 10)
    #expect(toast.queue == "toasts")
    #expect(toast.priority == 7)
    #expect(toast.scope == "feed")
    #expect(toast.durationMs == 50)
    #expect(toast.expiresAt == 100)
    let custom = try stage.enqueue("toast", now: 10) {
      $0.queue = "other"
      $0.priority = 1
      $0.scope = "home"
      $0.durationMs = 5
      $0.ttlMs = 5
    }
    #expect(custom.queue == "other" && custom.priority == 1 && custom.scope == "home")
    #expect(custom.durationMs == 5 && custom.expiresAt == 15)
    let plain = try stage.enqueue("undefined", now: 10)
    #expect(plain.queue == "default" && plain.priority == 0 && plain.scope == nil)
    #expect(plain.durationMs == nil && plain.expiresAt == nil)
  }

  @Test func scopedAlertWaitsForItsPageAndUnscopedShowsAnywhere() throws {
    var stage = AlertStage()
    try stage.navSet(["home"], now: 0)
    try stage.enqueue("t", id: "roomOnly", now: 10) {
      $0.scope = "room"
      $0.priority = 9
    }
    try stage.enqueue("t", id: "anywhere", now: 20)
    #expect(stage.events() == ["show anywhere @20"])
    try stage.complete("anywhere", now: 30)
    try stage.navPush("room", now: 40)
    #expect(stage.events() == ["show roomOnly @40"])
  }

  @Test func scopedAlertCannotShowWithAnEmptyPageStack() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "scoped", now: 0) { $0.scope = "room" }
    #expect(stage.events() == [])
    try stage.navPush("room", now: 5)
    #expect(stage.events() == ["show scoped @5"])
  }

  @Test func leavingThePageSuspendsAndReturningResumes() throws {
    var stage = AlertStage()
    try stage.navSet(["room"], now: 0)
    try stage.enqueue("t", id: "gift", now: 10) { $0.scope = "room" }
    try stage.enqueue("t", id: "banner", now: 10)
    try stage.configure(AlertQueueConfiguration(queue: "default", maxConcurrent: 2), now: 10)
    try stage.navPush("shop", now: 100)
    #expect(stage.state("gift") == .suspended)
    #expect(stage.state("banner") == .showing, "an unscoped alert stays on every page")
    try stage.navPop(now: 200)
    #expect(
      stage.events() == [
        "show gift @10", "show banner @10", "hide gift suspended @100", "show gift resumed @200",
      ])
    let gift = try stage.screen.alert(id: "gift")
    #expect(gift.shownCount == 2)
    #expect(gift.shownAt == 200)
  }

  /// A page change pumps only the queues holding alerts of the page left or shown (it
  /// pumped every queue): those change, in queue order, and the others stay as they are.
  @Test func aPageChangeReachesTheQueuesOfItsScopesOnly() throws {
    var stage = AlertStage()
    try stage.navSet(["room"], now: 0)
    for queue in ["idle1", "idle2", "idle3"] {
      try stage.enqueue("t", id: "done-\(queue)", now: 0) { $0.queue = queue }
      try stage.complete("done-\(queue)", now: 0)
    }
    try stage.enqueue("t", id: "a", now: 10) {
      $0.queue = "qa"
      $0.scope = "room"
    }
    try stage.enqueue("t", id: "b", now: 10) { $0.queue = "qb" }
    try stage.enqueue("t", id: "c", now: 10) {
      $0.queue = "qc"
      $0.scope = "room"
    }
    try stage.enqueue("t", id: "shopOnly", now: 10) {
      $0.queue = "qb"
      $0.scope = "shop"
      $0.priority = 5
    }
    _ = stage.events()
    try stage.navPush("shop", now: 100)
    #expect(stage.events() == ["hide a suspended @100", "hide c suspended @100"])
    #expect(stage.state("b") == .showing && stage.state("shopOnly") == .pending)
    try stage.complete("b", now: 150)
    #expect(stage.events() == ["show shopOnly @150"])
    try stage.navPop(now: 200)
    #expect(
      stage.events() == [
        "hide shopOnly suspended @200", "show a resumed @200", "show c resumed @200",
      ])
  }

  @Test func pushingTheSamePageAgainKeepsItsAlertsShowing() throws {
    var stage = AlertStage()
    try stage.navSet(["room"], now: 0)
    try stage.enqueue("t", id: "gift", now: 10) { $0.scope = "room" }
    try stage.navPush("room", now: 20)
    try stage.navSet(["home", "room"], now: 30)
    #expect(stage.events() == ["show gift @10"])
  }

  @Test func whileAwayOtherPagesAlertsAndUnscopedOnesShowThenTheSuspendedOneWins() throws {
    var stage = AlertStage()
    try stage.navSet(["room"], now: 0)
    try stage.enqueue("t", id: "roomGift", now: 0) {
      $0.scope = "room"
      $0.priority = 1
    }
    try stage.enqueue("t", id: "generic", now: 5)
    try stage.navPush("shop", now: 10)
    #expect(
      stage.events() == ["show roomGift @0", "hide roomGift suspended @10", "show generic @10"])
    try stage.navPop(now: 20)
    #expect(stage.events() == [], "what shows is not displaced by a returning alert")
    try stage.complete("generic", now: 30)
    #expect(stage.events() == ["show roomGift resumed @30"])
  }

  @Test func queuesAreIndependent() throws {
    var stage = AlertStage()
    try stage.configure(AlertQueueConfiguration(queue: "toast", maxConcurrent: 3))
    try stage.enqueue("modal", id: "m1", now: 0)
    try stage.enqueue("modal", id: "m2", now: 0)
    for index in 1...4 {
      try stage.enqueue("toast", id: "t\(index)", now: 0) { $0.queue = "toast" }
    }
    #expect(stage.events() == ["show m1 @0", "show t1 @0", "show t2 @0", "show t3 @0"])
    try stage.complete("t2", now: 10)
    #expect(stage.events() == ["show t4 @10"])
    #expect(stage.state("m2") == .pending)
  }

  @Test func raisingMaxConcurrentShowsMoreAndLoweringItHidesNothing() throws {
    var stage = AlertStage()
    for index in 1...3 { try stage.enqueue("t", id: "a\(index)", now: 0) }
    try stage.configure(AlertQueueConfiguration(maxConcurrent: 3), now: 10)
    #expect(stage.events() == ["show a1 @0", "show a2 @10", "show a3 @10"])
    try stage.enqueue("t", id: "a4", now: 20)
    try stage.configure(AlertQueueConfiguration(maxConcurrent: 1), now: 20)
    try stage.complete("a1", now: 30)
    try stage.complete("a2", now: 30)
    #expect(stage.events() == [])
    try stage.complete("a3", now: 40)
    #expect(stage.events() == ["show a4 @40"])
  }

  @Test func preemptingAlertDisplacesTheLowerShowingOneWhichResumesAfter() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "survey", now: 0) { $0.priority = 1 }
    try stage.enqueue("t", id: "waiting", now: 5) { $0.priority = 2 }
    try stage.enqueue("t", id: "urgent", now: 10) {
      $0.priority = 5
      $0.preempt = true
    }
    #expect(stage.events() == ["show survey @0", "hide survey preempted @10", "show urgent @10"])
    #expect(stage.state("survey") == .suspended)
    try stage.complete("urgent", now: 20)
    try stage.complete("waiting", now: 30)
    #expect(stage.events() == ["show waiting @20", "show survey resumed @30"])
  }

  @Test func preemptNeedsAStrictlyGreaterPriority() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "shown", now: 0) { $0.priority = 5 }
    try stage.enqueue("t", id: "equal", now: 10) {
      $0.priority = 5
      $0.preempt = true
    }
    #expect(stage.events() == ["show shown @0"])
  }

  @Test func preemptDisplacesTheMostRecentlyShownAmongTheLowest() throws {
    var stage = AlertStage()
    try stage.configure(AlertQueueConfiguration(maxConcurrent: 3))
    try stage.enqueue("t", id: "older", now: 0) { $0.priority = 1 }
    try stage.enqueue("t", id: "newer", now: 10) { $0.priority = 1 }
    try stage.enqueue("t", id: "high", now: 20) { $0.priority = 4 }
    try stage.enqueue("t", id: "urgent", now: 30) {
      $0.priority = 2
      $0.preempt = true
    }
    #expect(
      stage.events() == [
        "show older @0", "show newer @10", "show high @20", "hide newer preempted @30",
        "show urgent @30",
      ])
  }

  @Test func scheduledPreemptingAlertPreemptsWhenItBecomesReady() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "shown", now: 0)
    try stage.enqueue("t", id: "alarm", now: 0) {
      $0.priority = 9
      $0.preempt = true
      $0.delayMs = 500
    }
    stage.advance(to: 1_000)
    #expect(stage.events() == ["show shown @0", "hide shown preempted @500", "show alarm @500"])
  }

  @Test func preemptionWaitsWhilePaused() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "shown", now: 0)
    _ = try stage.screen.pause(queue: nil, reason: nil, now: 5)
    try stage.enqueue("t", id: "urgent", now: 10) {
      $0.priority = 9
      $0.preempt = true
    }
    #expect(stage.events() == ["show shown @0"])
    _ = try stage.screen.resume(queue: nil, reason: nil, now: 20)
    #expect(stage.events() == ["hide shown preempted @20", "show urgent @20"])
  }

  @Test func pauseHoldsWhileAnyReasonRemainsAndKeepsWhatShows() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "first", now: 0)
    var pause = try stage.screen.pause(queue: nil, reason: "video", now: 10)
    pause = try stage.screen.pause(queue: "default", reason: "keyboard", now: 10)
    #expect(pause == AlertPauseState(queue: "default", reasons: ["keyboard", "video"]))
    #expect(pause.paused)
    try stage.enqueue("t", id: "second", now: 20)
    try stage.complete("first", now: 30)
    #expect(stage.events() == ["show first @0"], "what shows stays; nothing new shows")
    pause = try stage.screen.resume(queue: nil, reason: "video", now: 40)
    #expect(pause.reasons == ["keyboard"])
    #expect(stage.events() == [])
    pause = try stage.screen.resume(queue: nil, reason: "unknown", now: 45)
    #expect(pause.reasons == ["keyboard"])
    pause = try stage.screen.resume(queue: nil, reason: "keyboard", now: 50)
    #expect(!pause.paused)
    #expect(stage.events() == ["show second @50"])
  }

  @Test func defaultPauseReasonIsDefault() throws {
    var stage = AlertStage()
    let pause = try stage.screen.pause(queue: "q", reason: nil, now: 0)
    #expect(pause.reasons == ["default"])
    #expect(try stage.screen.resume(queue: "q", reason: nil, now: 0).paused == false)
  }

  @Test func resumingAQueueNeverNamedCreatesNone() throws {
    var stage = AlertStage()
    let before = stage.screen.alerts.queues.count
    for name in (0..<100).map({ "never\($0)" }) {
      let state = try stage.screen.resume(queue: name, reason: "video", now: 0)
      #expect(state.queue == name && !state.paused && state.reasons.isEmpty)
    }
    #expect(stage.screen.alerts.queues.count == before)
    // A named queue still resumes, and pausing a new name still creates (and holds) it.
    _ = try stage.screen.pause(queue: "later", reason: nil, now: 0)
    #expect(stage.screen.alerts.queues.count == before + 1)
    #expect(try stage.screen.resume(queue: "later", reason: nil, now: 0).paused == false)
  }

  @Test func minGapDelaysTheNextShowAfterAnAlertEnds() throws {
    var stage = AlertStage()
    try stage.configure(AlertQueueConfiguration(minGapMs: 500))
    try stage.enqueue("t", id: "first", now: 0)
    try stage.enqueue("t", id: "second", now: 0)
    try stage.complete("first", now: 100)
    #expect(stage.screen.nextDeadline == 600)
    stage.advance(to: 599)
    #expect(stage.events() == ["show first @0"])
    stage.advance(to: 2_000)
    #expect(stage.events() == ["show second @600"])
  }

  @Test func minGapAlsoFollowsTimeoutsAndCancellations() throws {
    var stage = AlertStage()
    try stage.configure(AlertQueueConfiguration(minGapMs: 100))
    try stage.enqueue("t", id: "timed", now: 0) { $0.durationMs = 50 }
    try stage.enqueue("t", id: "cancelled", now: 0)
    try stage.enqueue("t", id: "last", now: 0)
    stage.advance(to: 150)
    try stage.cancel(AlertCancelFilter(id: "cancelled"), now: 200)
    stage.advance(to: 1_000)
    #expect(
      stage.events() == [
        "show timed @0", "hide timed timeout @50", "show cancelled @150",
        "hide cancelled cancelled @200", "show last @300",
      ])
  }

  @Test func endingASuspendedOrWaitingAlertStartsNoGap() throws {
    var stage = AlertStage()
    try stage.navSet(["room"], now: 0)
    try stage.configure(AlertQueueConfiguration(minGapMs: 1_000))
    try stage.enqueue("t", id: "roomAlert", now: 0) { $0.scope = "room" }
    try stage.enqueue("t", id: "waiting", now: 0) { $0.scope = "room" }
    try stage.navPush("other", now: 10)
    try stage.complete("roomAlert", now: 20)
    try stage.cancel(AlertCancelFilter(id: "waiting"), now: 25)
    try stage.enqueue("t", id: "next", now: 30)
    #expect(
      stage.events() == [
        "show roomAlert @0", "hide roomAlert suspended @10", "idle default @25",
        "show next @30",
      ])
  }
}
