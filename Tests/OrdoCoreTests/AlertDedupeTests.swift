import Testing

@testable import OrdoCore

/// Dedupe by `key` per queue among active alerts (`onDuplicate`).
@Suite struct AlertDedupeTests {
  private let oldData = RawJSON(text: "{\"n\":1}")
  private let newData = RawJSON(text: "{\"n\":2}")

  @Test func replaceUpdatesAPendingAlertsDataAndPriority() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "blocker", now: 0) { $0.priority = 9 }
    try stage.enqueue("t", id: "other", now: 0) { $0.priority = 2 }
    try stage.enqueue("t", id: "keyed", now: 0) {
      $0.key = "gift"
      $0.data = oldData
    }
    let result = try stage.enqueueRequest("t", id: "ignoredID", now: 10) {
      $0.key = "gift"
      $0.data = newData
      $0.priority = 5
    }
    #expect(result.disposition == .replaced)
    #expect(result.alert?.id == "keyed")
    #expect(result.alert?.data == newData && result.alert?.priority == 5)
    #expect(stage.state("ignoredID") == nil)
    try stage.complete("blocker", now: 20)
    #expect(stage.events() == ["show blocker @0", "show keyed @20"], "the raised priority counts")
  }

  @Test func replaceOfAShowingAlertEmitsUpdate() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "keyed", now: 0) { $0.key = "gift" }
    try stage.enqueue("t", now: 10) {
      $0.key = "gift"
      $0.data = newData
    }
    #expect(stage.events() == ["show keyed @0", "update keyed @10"])
    #expect(try stage.screen.alert(id: "keyed").data == newData)
  }

  @Test func replaceClearsTheDataWhenGivenNullAndKeepsItWhenLeftOut() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "keyed", now: 0) {
      $0.key = "gift"
      $0.data = oldData
    }
    let kept = try stage.enqueueRequest("t", now: 10) { $0.key = "gift" }
    #expect(kept.alert?.data == oldData)
    let cleared = try stage.enqueueRequest("t", now: 20) {
      $0.key = "gift"
      $0.clearsData = true
    }
    #expect(cleared.disposition == .replaced && cleared.alert?.data == nil)
    #expect(try stage.screen.alert(id: "keyed").data == nil)
    #expect(stage.events() == ["show keyed @0", "update keyed @20"])
  }

  @Test func replaceKeepsPriorityWhenNotGivenEvenIfTheTypeHasOne() throws {
    var stage = AlertStage()
    try stage.defineType(AlertTypeDefinition(type: "t", priority: 4))
    try stage.enqueue("t", id: "keyed", now: 0) {
      $0.key = "k"
      $0.priority = 1
    }
    let result = try stage.enqueueRequest("t", now: 0) { $0.key = "k" }
    #expect(result.alert?.priority == 1)
  }

  @Test func ignoreReturnsTheExistingAlertUnchanged() throws {
    var stage = AlertStage()
    let first = try stage.enqueue("t", id: "keyed", now: 0) {
      $0.key = "gift"
      $0.data = oldData
    }
    let result = try stage.enqueueRequest("t", now: 10) {
      $0.key = "gift"
      $0.data = newData
      $0.onDuplicate = .ignore
    }
    #expect(result.disposition == .ignored)
    #expect(result.alert == first)
    #expect(stage.events() == ["show keyed @0"])
  }

  @Test func errorRefusesAndChangesNothing() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "keyed", now: 0) { $0.key = "gift" }
    let before = stage.screen.list()
    let error = thrownError { () throws(CoreError) in
      try stage.enqueue("t", now: 0) {
        $0.key = "gift"
        $0.onDuplicate = .error
      }
    }
    #expect(error == .alreadyExists(.key, id: "gift"))
    #expect(stage.screen.list() == before)
  }

  @Test func allowQueuesAnotherAndLaterDedupeActsOnTheOldest() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "first", now: 0) { $0.key = "k" }
    let second = try stage.enqueueRequest("t", id: "second", now: 0) {
      $0.key = "k"
      $0.onDuplicate = .allow
    }
    #expect(second.disposition == .queued)
    try stage.complete("first", now: 5)
    let replaced = try stage.enqueueRequest("t", now: 6) {
      $0.key = "k"
      $0.data = newData
    }
    #expect(replaced.alert?.id == "second")
  }

  @Test func keysAreScopedToTheirQueue() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "modal", now: 0) { $0.key = "k" }
    let toast = try stage.enqueueRequest("t", id: "toast", now: 0) {
      $0.key = "k"
      $0.queue = "toasts"
      $0.onDuplicate = .error
    }
    #expect(toast.disposition == .queued)
  }

  @Test func endedAlertsDoNotDedupe() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "old", now: 0) { $0.key = "k" }
    try stage.complete("old", now: 1)
    let fresh = try stage.enqueueRequest("t", id: "new", now: 2) {
      $0.key = "k"
      $0.onDuplicate = .error
    }
    #expect(fresh.disposition == .queued)
  }
}
