import Testing

@testable import OrdoCore

/// Time (docs/protocol.md#timers): delays, expiry, auto-dismiss, and `advance` firing every timer
/// at its own due time.
@Suite struct AlertTimeTests {
  @Test func advanceFiresEachTimerAtItsOwnDueTime() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "a", now: 0) { $0.durationMs = 100 }
    try stage.enqueue("t", id: "b", now: 0) { $0.durationMs = 250 }
    try stage.enqueue("t", id: "c", now: 0) { $0.delayMs = 120 }
    stage.advance(to: 10_000)
    #expect(
      stage.events() == [
        "show a @0", "hide a timeout @100", "show b @100", "hide b timeout @350", "show c @350",
      ])
    #expect(stage.screen.now == 10_000)
    let a = try stage.screen.alert(id: "a")
    #expect(a.state == .done && a.endReason == .timeout && a.endedAt == 100)
  }

  @Test func timersDueAtTheSameMillisecondFireInSchedulingOrder() throws {
    var stage = AlertStage()
    try stage.configure(AlertQueueConfiguration(queue: "toast", maxConcurrent: 5))
    for id in ["x", "y", "z"] {
      try stage.enqueue("t", id: id, now: 0) {
        $0.queue = "toast"
        $0.durationMs = 100
      }
    }
    try stage.enqueue("t", id: "late", now: 50) {
      $0.queue = "toast"
      $0.delayMs = 50
    }
    stage.advance(to: 100)
    #expect(
      stage.events() == [
        "show x @0", "show y @0", "show z @0", "hide x timeout @100", "hide y timeout @100",
        "hide z timeout @100", "show late @100",
      ])
  }

  @Test func dismissAndReadinessAtTheSameMillisecondHandOverTheScreen() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "shown", now: 0) { $0.durationMs = 100 }
    try stage.enqueue("t", id: "next", now: 40) { $0.at = 100 }
    stage.advance(to: 100)
    #expect(stage.events() == ["show shown @0", "hide shown timeout @100", "show next @100"])
  }

  @Test func idleComesLastInTheInstantInQueueOrder() throws {
    var stage = AlertStage()
    _ = try stage.screen.pause(queue: "B", reason: nil, now: 0)  // B: the first queue used
    try stage.enqueue("t", id: "shown", now: 0) { $0.durationMs = 100 }
    try stage.enqueue("t", id: "waiting", now: 0) {
      $0.queue = "B"
      $0.ttlMs = 100
    }
    try stage.enqueue("t", id: "ready", now: 0) {
      $0.queue = "C"
      $0.delayMs = 100
      $0.durationMs = 50
    }
    #expect(stage.events() == ["show shown @0"])
    stage.advance(to: 100)
    // Auto-hide, readiness, the pump, the expiry; then both idles, B's (first used) first.
    #expect(
      stage.events() == [
        "hide shown timeout @100", "show ready @100", "idle B @100", "idle default @100",
      ])
    stage.advance(to: 150)
    #expect(stage.events() == ["hide ready timeout @150", "idle C @150"])
  }

  @Test func aQueueEmptiedAndRefilledInOneRequestIsNeverIdle() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "a", now: 0)
    try stage.enqueue("t", id: "b", now: 0) { $0.queue = "q2" }
    try stage.enqueue("t", id: "c", now: 0) { $0.queue = "q2" }
    _ = stage.events()
    #expect(try stage.cancel(AlertCancelFilter(ids: ["a", "b"]), now: 0) == ["a", "b"])
    // q2's next alert shows before the default queue's idle, and q2 sends none.
    #expect(
      stage.events() == [
        "hide a cancelled @0", "hide b cancelled @0", "show c @0", "idle default @0",
      ])
  }

  @Test func durationRestartsAtEachShow() throws {
    var stage = AlertStage()
    try stage.navSet(["room"], now: 0)
    try stage.enqueue("t", id: "toast", now: 0) {
      $0.scope = "room"
      $0.durationMs = 1_000
    }
    try stage.navPush("other", now: 600)
    stage.advance(to: 1_500)
    try stage.navPop(now: 2_000)
    #expect(stage.screen.nextDeadline == 3_000)
    stage.advance(to: 2_999)
    #expect(stage.state("toast") == .showing)
    stage.advance(to: 3_000)
    #expect(
      stage.events() == [
        "show toast @0", "hide toast suspended @600", "show toast resumed @2000",
        "hide toast timeout @3000", "idle default @3000",
      ])
  }

  @Test func pendingAndScheduledAlertsExpireButShowingAndSuspendedOnesDoNot() throws {
    var stage = AlertStage()
    try stage.navSet(["room"], now: 0)
    try stage.enqueue("t", id: "shown", now: 0) {
      $0.ttlMs = 100
      $0.scope = "room"
    }
    try stage.enqueue("t", id: "pending", now: 0) {
      $0.ttlMs = 100
      $0.scope = "room"
    }
    try stage.enqueue("t", id: "scheduled", now: 0) {
      $0.ttlMs = 100
      $0.delayMs = 500
    }
    try stage.navPush("away", now: 50)
    #expect(stage.state("shown") == .suspended)
    stage.advance(to: 1_000)
    #expect(stage.state("shown") == .suspended)
    #expect(stage.state("scheduled") == .expired)
    let pending = try stage.screen.alert(id: "pending")
    #expect(pending.state == .expired && pending.endReason == .expired && pending.endedAt == 100)
    #expect(stage.events() == ["show shown @0", "hide shown suspended @50"])
  }

  @Test func expiryIsCountedFromEnqueueNotFromReadiness() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "blocker", now: 0)
    let alert = try stage.enqueue("t", id: "late", now: 100) {
      $0.delayMs = 50
      $0.ttlMs = 80
    }
    #expect(alert.readyAt == 150 && alert.expiresAt == 180)
    stage.advance(to: 179)
    #expect(stage.state("late") == .pending)
    stage.advance(to: 180)
    #expect(stage.state("late") == .expired)
  }

  @Test func readyAtEqualToExpiresAtShowsWhenAPlaceIsFreeAndElseExpires() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "fits", now: 0) {
      $0.delayMs = 100
      $0.ttlMs = 100
    }
    stage.advance(to: 100)
    #expect(stage.state("fits") == .showing, "ready at 100, pumped, only then its TTL applies")
    try stage.enqueue("t", id: "late", now: 100) {
      $0.delayMs = 100
      $0.ttlMs = 100
    }
    stage.advance(to: 200)
    #expect(stage.state("late") == .expired, "the place was taken: it expires unshown")
    #expect(stage.events() == ["show fits @100"])
  }

  @Test func zeroTtlShowsNowOrNever() throws {
    var stage = AlertStage()
    let shown = try stage.enqueue("t", id: "now", now: 10) { $0.ttlMs = 0 }
    #expect(shown.state == .showing)
    let missed = try stage.enqueue("t", id: "missed", now: 10) { $0.ttlMs = 0 }
    #expect(missed.state == .expired)
    #expect(stage.events() == ["show now @10"])
  }

  @Test func zeroDelayAndPastAtAreReadyAtOnce() throws {
    var stage = AlertStage()
    stage.advance(to: 500)
    let zero = try stage.enqueue("t", now: 500) { $0.delayMs = 0 }
    let past = try stage.enqueue("t", now: 500) { $0.at = 20 }
    #expect(zero.state == .showing && zero.readyAt == 500)
    #expect(past.state == .pending && past.readyAt == 500)
  }

  @Test func scheduledAlertsBecomePendingAtReadyAt() throws {
    var stage = AlertStage()
    _ = try stage.screen.subscribe(topics: ["alert.changed"])
    try stage.enqueue("t", id: "later", now: 0) { $0.at = 250 }
    #expect(stage.screen.nextDeadline == 250)
    stage.advance(to: 249)
    #expect(stage.events() == [])
    stage.advance(to: 250)
    #expect(
      stage.events() == [
        "later scheduled>pending ready @250", "later pending>showing shown @250",
        "show later @250",
      ])
  }

  @Test func timersDueBeforeACallFireFirstAtTheirOwnTime() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "first", now: 0) { $0.durationMs = 100 }
    try stage.enqueue("t", id: "second", now: 300)
    #expect(
      stage.events() == [
        "show first @0", "hide first timeout @100", "idle default @100", "show second @300",
      ])
  }

  @Test func timeNeverGoesBackwards() throws {
    var stage = AlertStage()
    stage.advance(to: 1_000)
    let alert = try stage.enqueue("t", now: 10)
    #expect(alert.createdAt == 1_000)
    #expect(stage.screen.now == 1_000)
  }

  @Test func aGapEndingAsAnotherAlertAutoHidesLeavesTheQueueInTheNewGap() throws {
    var stage = AlertStage()
    try stage.configure(AlertQueueConfiguration(maxConcurrent: 2, minGapMs: 100))
    try stage.enqueue("t", id: "a", now: 0) { $0.durationMs = 200 }
    try stage.enqueue("t", id: "b", now: 0)
    try stage.complete("b", now: 100)
    try stage.enqueue("t", id: "c", now: 150)
    stage.advance(to: 299)
    #expect(stage.state("c") == .pending, "a's auto-hide at 200 starts a gap until 300")
    stage.advance(to: 300)
    #expect(
      stage.events() == ["show a @0", "show b @0", "hide a timeout @200", "show c @300"])
  }

  /// A TTL ending exactly at 2^53 − 1 ends then, since the clock reaches that time; only one
  /// ending after it never ends (`expiresAt` null; docs/protocol.md#alert-methods).
  @Test func aTTLEndingAtTheLatestTimeEndsThen() throws {
    var stage = AlertStage()
    let latest = AlertManager.latestTime
    try stage.enqueue("t", id: "shown", now: 10)
    let atTheEnd = try stage.enqueue("t", id: "atTheEnd", now: 10) { $0.ttlMs = latest - 10 }
    let after = try stage.enqueue("t", id: "after", now: 10) { $0.ttlMs = latest - 9 }
    #expect(atTheEnd.expiresAt == latest && after.expiresAt == nil)
    stage.advance(to: latest)
    #expect(stage.state("atTheEnd") == .expired && stage.state("after") == .pending)
  }
}
