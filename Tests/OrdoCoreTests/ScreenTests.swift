import Testing

@testable import OrdoCore

/// The composition: alert layers (`mount`), events, subscriptions, stats and reset.
@Suite struct ScreenTests {
  @Test func mountedAlertKeepsItsLayerOnlyWhileShowing() throws {
    var stage = AlertStage()
    try stage.navSet(["room"], now: 0)
    try stage.enqueue("t", id: "gift", now: 0) {
      $0.scope = "room"
      $0.mount = AlertMount(sort: 7)
    }
    #expect(stage.events() == ["show gift @0 layer alert:gift"])
    let layer = try stage.screen.layers.get(id: "alert:gift")
    #expect(layer.parent == nil && layer.sort == 7)

    try stage.navPush("away", now: 10)
    #expect(stage.screen.layers.count == 0)
    try stage.navPop(now: 20)
    #expect(
      stage.events() == ["hide gift suspended @10", "show gift resumed @20 layer alert:gift"])
    #expect(stage.screen.layers.count == 1)

    try stage.complete("gift", now: 30)
    #expect(stage.screen.layers.count == 0)
  }

  @Test func mountedLayerGoesUnderItsParentByTheOrderingRule() throws {
    var stage = AlertStage()
    _ = try stage.screen.layers.add(
      id: "overlay", parent: nil, placement: nil, attributes: LayerAttributes())
    for (id, sort) in [("below", 2), ("above", 9)] as [(String, Int64)] {
      _ = try stage.screen.layers.add(
        id: id, parent: .layer("overlay"), placement: .sort(sort), attributes: LayerAttributes())
    }
    try stage.enqueue("t", id: "gift", now: 0) { $0.mount = AlertMount(parent: "overlay", sort: 5) }
    guard case .alertShow(_, _, _, let layer) = stage.screen.drainEvents().first else {
      Issue.record("expected the show of gift")
      return
    }
    #expect(layer?.id == "alert:gift" && layer?.parent == "overlay")
    #expect(layer?.sort == 5 && layer?.index == 1)
    #expect(try stage.screen.layers.get(id: "overlay").childCount == 3)
    try stage.complete("gift", now: 1)
    #expect(try stage.screen.layers.get(id: "overlay").childCount == 2)
  }

  @Test func mountedLayerLeavesOnEveryWayOffScreen() throws {
    var stage = AlertStage()
    _ = try stage.screen.layers.add(
      id: "overlay", parent: nil, placement: nil, attributes: LayerAttributes())
    let mount = AlertMount(parent: "overlay", sort: 3)
    try stage.enqueue("t", id: "timed", now: 0) {
      $0.mount = mount
      $0.durationMs = 10
    }
    try stage.enqueue("t", id: "cancelled", now: 0) { $0.mount = mount }
    #expect(stage.screen.layers.count == 2)
    stage.advance(to: 10)
    #expect(!stage.screen.layers.contains(id: "alert:timed"))
    #expect(stage.screen.layers.contains(id: "alert:cancelled"))
    try stage.cancel(AlertCancelFilter(id: "cancelled"), now: 11)
    #expect(stage.screen.layers.count == 1)
    try stage.enqueue("t", id: "preempted", now: 12) { $0.mount = mount }
    try stage.enqueue("t", id: "urgent", now: 13) {
      $0.priority = 5
      $0.preempt = true
    }
    #expect(!stage.screen.layers.contains(id: "alert:preempted"))
    _ = try stage.screen.clear(queue: nil, now: 14)
    #expect(stage.screen.layers.count == 1)
    #expect(
      stage.events() == [
        "show timed @0 layer alert:timed", "hide timed timeout @10",
        "show cancelled @10 layer alert:cancelled", "hide cancelled cancelled @11",
        "idle default @11", "show preempted @12 layer alert:preempted",
        "hide preempted preempted @13", "show urgent @13", "hide urgent cancelled @14",
        "idle default @14",
      ])
  }

  @Test func removingTheParentWhileShowingIsHarmless() throws {
    var stage = AlertStage()
    _ = try stage.screen.layers.add(
      id: "overlay", parent: nil, placement: nil, attributes: LayerAttributes())
    try stage.enqueue("t", id: "gift", now: 0) { $0.mount = AlertMount(parent: "overlay", sort: 0) }
    try stage.enqueue("t", id: "next", now: 0) { $0.mount = AlertMount(parent: "overlay", sort: 0) }
    #expect(try stage.screen.layers.remove(id: "overlay") == 2)
    try stage.complete("gift", now: 5)
    guard case .alertShow(_, _, _, let layer) = stage.screen.drainEvents().last else {
      Issue.record("expected the show of next")
      return
    }
    #expect(layer == nil, "a gone parent means no layer (docs/protocol.md#alert-methods)")
    try stage.complete("next", now: 6)
    #expect(stage.screen.layers.count == 0)
  }

  @Test func alertWithoutMountMakesNoLayer() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "plain", now: 0)
    #expect(stage.events() == ["show plain @0"])
    #expect(stage.screen.layers.count == 0)
  }

  @Test func idleIsEmittedOncePerBusyToEmptyTransition() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "a", now: 0)
    try stage.enqueue("t", id: "b", now: 0)
    try stage.complete("a", now: 10)
    #expect(stage.events() == ["show a @0", "show b @10"])
    try stage.complete("b", now: 20)
    try stage.cancel(AlertCancelFilter(all: true), now: 30)
    _ = try stage.screen.clear(queue: nil, now: 40)
    stage.advance(to: 50)
    #expect(stage.events() == ["idle default @20"])
    try stage.enqueue("t", id: "c", now: 60) { $0.durationMs = 5 }
    stage.advance(to: 100)
    #expect(stage.events() == ["show c @60", "hide c timeout @65", "idle default @65"])
  }

  @Test func idleCountsScheduledAlertsAsBusy() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "now", now: 0)
    try stage.enqueue("t", id: "later", now: 0) { $0.delayMs = 100 }
    try stage.complete("now", now: 10)
    #expect(stage.events() == ["show now @0"])
    stage.advance(to: 100)
    try stage.complete("later", now: 110)
    #expect(stage.events() == ["show later @100", "idle default @110"])
  }

  @Test func stateChangesAreReportedOnlyWhileSubscribed() throws {
    var stage = AlertStage()
    try stage.enqueue("t", id: "quiet", now: 0)
    #expect(try stage.screen.subscribe(topics: ["alert.changed"]) == ["alert.changed"])
    try stage.complete("quiet", now: 5)
    #expect(
      stage.events() == ["show quiet @0", "quiet showing>done completed @5", "idle default @5"])
    #expect(try stage.screen.unsubscribe(topics: ["alert.changed"]) == [])
    try stage.enqueue("t", id: "again", now: 6)
    #expect(stage.events() == ["show again @6"])
  }

  @Test func preemptionReportsBothChanges() throws {
    var stage = AlertStage()
    _ = try stage.screen.subscribe(topics: ["alert.changed"])
    try stage.enqueue("t", id: "low", now: 0)
    _ = stage.events()
    try stage.enqueue("t", id: "high", now: 1) {
      $0.priority = 1
      $0.preempt = true
    }
    #expect(
      stage.events() == [
        "low showing>suspended preempted @1", "hide low preempted @1",
        "high pending>showing shown @1", "show high @1",
      ])
  }

  @Test func countsByState() throws {
    var stage = AlertStage()
    try stage.navSet(["room"], now: 0)
    try stage.enqueue("t", id: "s", now: 0) { $0.scope = "room" }
    try stage.enqueue("t", id: "p", now: 0)
    try stage.enqueue("t", id: "later", now: 0) { $0.delayMs = 5 }
    try stage.enqueue("t", id: "x", now: 0)
    try stage.cancel(AlertCancelFilter(id: "x"), now: 0)
    try stage.navPush("away", now: 0)
    var expected = AlertCounts()
    expected.scheduled = 1
    expected.showing = 1
    expected.suspended = 1
    expected.ended = 1
    #expect(stage.screen.alertCounts == expected)
  }
}
