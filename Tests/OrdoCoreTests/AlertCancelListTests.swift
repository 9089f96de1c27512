import Testing

@testable import OrdoCore

/// `alert.cancel`, `alert.list`, `alert.get` with history, and `alert.clear`.
@Suite struct AlertCancelListTests {
  /// shown (showing), p1/p2 (pending), s1 (scheduled), all in "default"; t1 in "toast".
  private func populated() throws -> AlertStage {
    var stage = AlertStage()
    try stage.enqueue("modal", id: "shown", now: 0) { $0.key = "k" }
    try stage.enqueue("modal", id: "p1", now: 0) { $0.scope = "room" }
    try stage.enqueue("promo", id: "p2", now: 0) { $0.key = "k2" }
    try stage.enqueue("promo", id: "s1", now: 0) { $0.delayMs = 100 }
    try stage.enqueue("promo", id: "t1", now: 0) { $0.queue = "toast" }
    _ = stage.events()
    return stage
  }

  @Test func cancelByIdHidesAShowingAlert() throws {
    var stage = try populated()
    #expect(try stage.cancel(AlertCancelFilter(id: "shown"), now: 10) == ["shown"])
    #expect(stage.events() == ["hide shown cancelled @10", "show p2 @10"])
    let shown = try stage.screen.alert(id: "shown")
    #expect(shown.state == .cancelled && shown.endReason == .cancelled && shown.endedAt == 10)
  }

  @Test func cancelFiltersCombineWithAnd() throws {
    var stage = try populated()
    let cancelled = try stage.cancel(AlertCancelFilter(type: "promo", queue: "default"), now: 10)
    #expect(cancelled == ["p2", "s1"])
    #expect(stage.state("t1") == .showing)
    #expect(try stage.cancel(AlertCancelFilter(key: "k", scope: "room"), now: 10) == [])
  }

  @Test func cancelByShowingTakesWhatShowsInEveryQueueInSeqOrder() throws {
    var stage = try populated()
    try stage.enqueue("modal", id: "t2", now: 0) { $0.queue = "toast" }
    try stage.configure(AlertQueueConfiguration(queue: "toast", maxConcurrent: 2), now: 0)
    _ = stage.events()
    #expect(stage.state("t2") == .showing)
    // Narrowed by another filter, and not: read from the showing alerts either way.
    #expect(
      try stage.cancel(AlertCancelFilter(type: "modal", states: [.showing]), now: 10) == [
        "shown", "t2",
      ])
    #expect(
      try stage.cancel(AlertCancelFilter(states: [.showing, .showing]), now: 10) == ["p2", "t1"])
  }

  @Test func cancelByStatesNoAlertIsInMatchesNothing() throws {
    var stage = try populated()
    #expect(try stage.cancel(AlertCancelFilter(states: [.suspended]), now: 10) == [])
    #expect(try stage.cancel(AlertCancelFilter(type: "promo", states: [.suspended]), now: 10) == [])
    #expect(stage.events() == [])
    #expect(try stage.cancel(AlertCancelFilter(states: [.scheduled]), now: 10) == ["s1"])
  }

  @Test func cancelByStatesDropsTheQueueButKeepsWhatShows() throws {
    var stage = try populated()
    let cancelled = try stage.cancel(
      AlertCancelFilter(states: [.pending, .scheduled]), now: 10)
    #expect(cancelled == ["p1", "p2", "s1"])
    #expect(stage.state("shown") == .showing)
    #expect(stage.events() == [])
  }

  @Test func cancelAllAndByIds() throws {
    var stage = try populated()
    #expect(
      try stage.cancel(AlertCancelFilter(ids: ["p2", "nope", "p1", "p2"]), now: 5) == ["p1", "p2"])
    #expect(try stage.cancel(AlertCancelFilter(all: true), now: 10) == ["shown", "s1", "t1"])
    #expect(
      stage.events() == [
        "hide shown cancelled @10", "hide t1 cancelled @10", "idle default @10", "idle toast @10",
      ])
  }

  @Test func cancelOfUnknownOrEndedIdsCancelsNothing() throws {
    var stage = try populated()
    try stage.complete("shown", now: 5)
    #expect(try stage.cancel(AlertCancelFilter(id: "shown"), now: 6) == [])
    #expect(try stage.cancel(AlertCancelFilter(id: "neverSeen"), now: 6) == [])
  }

  @Test func cancelOfASuspendedAlertSendsNoHide() throws {
    var stage = AlertStage()
    try stage.navSet(["room"], now: 0)
    try stage.enqueue("t", id: "gift", now: 0) { $0.scope = "room" }
    try stage.navPush("away", now: 5)
    #expect(try stage.cancel(AlertCancelFilter(scope: "room"), now: 10) == ["gift"])
    #expect(stage.events() == ["show gift @0", "hide gift suspended @5", "idle default @10"])
  }

  @Test func cancelNeedsAFilterAndOnlyActiveStates() throws {
    var stage = try populated()
    let none = thrownError { () throws(CoreError) in try stage.cancel(AlertCancelFilter(), now: 0) }
    #expect(none.map { if case .invalidParams = $0 { true } else { false } } == true)
    let allFalse = thrownError { () throws(CoreError) in
      try stage.cancel(AlertCancelFilter(all: false), now: 0)
    }
    #expect(allFalse != nil)
    let ended = thrownError { () throws(CoreError) in
      try stage.cancel(AlertCancelFilter(states: [.pending, .done]), now: 0)
    }
    guard case .invalidParams(let path, _, _) = ended else {
      Issue.record("expected invalidParams, got \(String(describing: ended))")
      return
    }
    #expect(path == "/states/1")
  }

  @Test func listIsInPresentationOrder() throws {
    var stage = AlertStage()
    try stage.configure(AlertQueueConfiguration(maxConcurrent: 2))
    try stage.navSet(["room"], now: 0)
    try stage.enqueue("t", id: "showA", now: 0) { $0.priority = 1 }
    try stage.enqueue("t", id: "showB", now: 0)
    try stage.enqueue("t", id: "late2", now: 0) { $0.at = 900 }
    try stage.enqueue("t", id: "late1", now: 0) { $0.at = 500 }
    try stage.enqueue("t", id: "gone1", now: 0)
    try stage.enqueue("t", id: "gone2", now: 0)
    try stage.cancel(AlertCancelFilter(ids: ["gone2", "gone1"]), now: 1)
    try stage.enqueue("t", id: "lowWait", now: 2)
    try stage.enqueue("t", id: "highWait", now: 3) { $0.priority = 3 }
    try stage.enqueue("t", id: "roomWait", now: 4) {
      $0.priority = 2
      $0.scope = "room"
    }
    try stage.navPush("away", now: 5)
    #expect(stage.state("roomWait") == .pending)
    let ids = stage.screen.list().map(\.id)
    #expect(
      ids == [
        "showA", "showB", "highWait", "roomWait", "lowWait", "late1", "late2", "gone2", "gone1",
      ])
  }

  @Test func listOrdersSuspendedWithPendingByPriorityThenSeq() throws {
    var stage = AlertStage()
    try stage.navSet(["room"], now: 0)
    try stage.enqueue("t", id: "suspended", now: 0) {
      $0.scope = "room"
      $0.priority = 1
    }
    try stage.enqueue("t", id: "pendingHigh", now: 1) {
      $0.scope = "room"
      $0.priority = 2
    }
    try stage.enqueue("t", id: "pendingLow", now: 2) {
      $0.scope = "room"
      $0.priority = 1
    }
    try stage.navPush("away", now: 3)
    #expect(stage.screen.list().map(\.id) == ["pendingHigh", "suspended", "pendingLow"])
  }

  @Test func listFilters() throws {
    let stage = try populated()
    #expect(stage.screen.list(AlertListFilter(queue: "toast")).map(\.id) == ["t1"])
    #expect(stage.screen.list(AlertListFilter(queue: "none")) == [])
    #expect(stage.screen.list(AlertListFilter(states: [.scheduled])).map(\.id) == ["s1"])
    #expect(
      stage.screen.list(AlertListFilter(queue: "default", type: "promo")).map(\.id) == [
        "p2", "s1",
      ])
    #expect(stage.screen.list(AlertListFilter(scope: "room")).map(\.id) == ["p1"])
  }

  @Test func listByShowingReadsWhatShowsInEveryQueueInShowOrder() throws {
    var stage = try populated()
    try stage.configure(AlertQueueConfiguration(queue: "toast", maxConcurrent: 2), now: 0)
    try stage.enqueue("modal", id: "t2", now: 5) { $0.queue = "toast" }
    // Waiting alerts, so that the queue's and the type's lists are longer than what shows
    // (there, or in all): those lists are read only when they are the shorter.
    try stage.enqueue("promo", id: "t3", now: 5) { $0.queue = "toast" }
    try stage.enqueue("promo", id: "p3", now: 5)
    try stage.complete("shown", now: 6)
    _ = stage.events()
    #expect(stage.state("t3") == .pending && stage.state("p3") == .pending)
    // p2 (p1 waits for its page) began showing at 6, after t1 (0) and t2 (5).
    let showing = AlertListFilter(states: [.showing])
    #expect(stage.screen.list(showing).map(\.id) == ["t1", "t2", "p2"])
    #expect(
      stage.screen.list(AlertListFilter(queue: "toast", states: [.showing])).map(\.id) == [
        "t1", "t2",
      ])
    #expect(
      stage.screen.list(AlertListFilter(states: [.showing], type: "promo")).map(\.id) == [
        "t1", "p2",
      ])
    // With ended ones: the showing heaps, then the history, newest first.
    #expect(
      stage.screen.list(AlertListFilter(states: [.showing, .done])).map(\.id) == [
        "t1", "t2", "p2", "shown",
      ])
    #expect(stage.screen.list(AlertListFilter(queue: "none", states: [.showing])) == [])
  }

  @Test func listByStatesNoAlertIsInListsNothing() throws {
    var stage = try populated()
    #expect(stage.screen.list(AlertListFilter(states: [.suspended])) == [])
    #expect(stage.screen.list(AlertListFilter(states: [.done, .expired])) == [])
    try stage.complete("shown", now: 6)
    #expect(stage.screen.list(AlertListFilter(states: [.suspended, .done])).map(\.id) == ["shown"])
    #expect(stage.screen.list(AlertListFilter(states: [.cancelled])) == [])
  }

  @Test func getReturnsEndedAlertsWhileInHistory() throws {
    var stage = AlertStage()
    try stage.configure(AlertQueueConfiguration(historyLimit: 2))
    for index in 1...3 {
      try stage.enqueue("t", id: "a\(index)", now: 0)
      try stage.complete("a\(index)", result: RawJSON(text: "\(index)"), now: Int64(index))
    }
    #expect(
      thrownError { () throws(CoreError) in _ = try stage.screen.alert(id: "a1") }
        == .notFound(.alert, id: "a1"))
    let a3 = try stage.screen.alert(id: "a3")
    #expect(a3.state == .done && a3.endReason == .completed && a3.result == RawJSON(text: "3"))
    #expect(stage.screen.alertCounts.ended == 2)
    try stage.configure(AlertQueueConfiguration(historyLimit: 0))
    #expect(stage.state("a3") == nil)
    #expect(stage.screen.alertCounts.ended == 0)
  }

  @Test func completeWithoutHistoryStillReturnsTheEndedAlert() throws {
    var stage = AlertStage()
    try stage.configure(AlertQueueConfiguration(historyLimit: 0))
    try stage.enqueue("t", id: "a", now: 0) { $0.data = RawJSON(text: "{\"big\":true}") }
    let done = try stage.complete("a", result: RawJSON(text: "[1]"), now: 5)
    #expect(done.state == .done && done.endedAt == 5)
    #expect(done.endReason == .completed && done.result == RawJSON(text: "[1]"))
    #expect(done.data == RawJSON(text: "{\"big\":true}"))
    #expect(stage.state("a") == nil)
    // Its slot is free: the invariants include that a free slot keeps no data or result.
    stage.check()
    let reused = try stage.enqueue("t", id: "a", now: 6)
    #expect(reused.data == nil && reused.result == nil && reused.state == .showing)
    stage.check()
    try stage.complete("a", now: 6)
    let missed = try stage.enqueue("t", id: "b", now: 6) { $0.ttlMs = 0 }
    #expect(missed.state == .showing)
    let expired = try stage.enqueue("t", id: "c", now: 6) { $0.ttlMs = 0 }
    #expect(expired.state == .expired)
    #expect(stage.state("c") == nil)
  }

  @Test func clearCancelsEverythingAndForgetsHistory() throws {
    var stage = try populated()
    try stage.complete("shown", now: 5)
    _ = stage.events()
    _ = try stage.screen.pause(queue: nil, reason: "keep", now: 5)
    let removed = try stage.screen.clear(queue: "default", now: 10)
    stage.check()
    #expect(removed == 4)
    #expect(stage.events() == ["hide p2 cancelled @10", "idle default @10"])
    #expect(stage.screen.list(AlertListFilter(queue: "default")) == [])
    #expect(stage.state("t1") == .showing)
    #expect(stage.screen.alerts.pauseState(queue: nil).reasons == ["keep"])
    #expect(try stage.screen.clear(queue: nil, now: 20) == 1)
    #expect(stage.screen.list() == [])
    #expect(try stage.screen.clear(queue: "unknown", now: 20) == 0)
  }
}
