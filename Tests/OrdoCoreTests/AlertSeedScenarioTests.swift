import Testing

@testable import OrdoCore

/// The seed's three scenarios (docs/protocol.md#alerts): popups A (red packet), B (growth gift), C (follow)
/// show A → B → C, one at a time, fed by network requests that return in any order.
@Suite struct AlertSeedScenarioTests {
  @Test func idealDataInOrderShowsInOrderAndWaitsWhileAway() throws {
    var stage = try AlertStage.seed()
    try stage.enqueue("redPacket", id: "A", now: 100)
    #expect(stage.events() == ["show A @100"])
    try stage.enqueue("growthGift", id: "B", now: 200)
    try stage.enqueue("follow", id: "C", now: 300)
    #expect(stage.events() == [])

    // A's button takes the user to another page: nav first, then complete (nothing flashes).
    try stage.navPush("redPacketDetail", now: 1_000)
    #expect(stage.events() == ["hide A suspended @1000"])
    try stage.complete("A", now: 1_000)
    #expect(stage.events() == [])
    #expect(stage.state("B") == .pending)

    try stage.navPop(now: 5_000)
    #expect(stage.events() == ["show B @5000"])
    try stage.complete("B", now: 6_000)
    #expect(stage.events() == ["show C @6000"])
    try stage.complete("C", now: 7_000)
    #expect(stage.events() == ["idle default @7000"])
  }

  @Test func idealCompletingBeforeNavigatingFlashesTheNextPopup() throws {
    var stage = try AlertStage.seed()
    try stage.enqueue("redPacket", id: "A", now: 100)
    try stage.enqueue("growthGift", id: "B", now: 200)
    _ = stage.events()
    try stage.complete("A", now: 1_000)
    try stage.navPush("redPacketDetail", now: 1_000)
    #expect(stage.events() == ["show B @1000", "hide B suspended @1000"])
    try stage.navPop(now: 2_000)
    #expect(stage.events() == ["show B resumed @2000"])
  }

  @Test func advancedHighestPriorityShowsNextWhateverArrivedFirst() throws {
    var stage = try AlertStage.seed()
    try stage.enqueue("growthGift", id: "B", now: 100)
    #expect(stage.events() == ["show B @100"])
    try stage.enqueue("follow", id: "C", now: 150)
    try stage.enqueue("redPacket", id: "A", now: 200)
    #expect(stage.events() == [], "a new alert never displaces what shows without preempt")

    try stage.complete("B", now: 900)
    #expect(stage.events() == ["show A @900"])
    try stage.navPush("wallet", now: 1_000)
    try stage.complete("A", now: 1_000)
    #expect(stage.events() == ["hide A suspended @1000"])
    try stage.navPop(now: 2_000)
    #expect(stage.events() == ["show C @2000"])
    try stage.complete("C", now: 2_500)
    #expect(stage.events() == ["idle default @2500"])
  }

  @Test func highEndScheduledPopupReadiedWhileAwayShowsOnReturn() throws {
    var stage = try AlertStage.seed()
    _ = try stage.screen.subscribe(topics: ["alert.changed"])
    try stage.enqueue("redPacket", id: "A", now: 100)
    try stage.enqueue("growthGift", id: "B", now: 150) { $0.at = 3_000 }
    #expect(stage.state("B") == .scheduled)
    #expect(stage.events() == ["A pending>showing shown @100", "show A @100"])

    try stage.navPush("profile", now: 1_000)
    try stage.complete("A", now: 1_000)
    #expect(
      stage.events() == [
        "A showing>suspended suspended @1000", "hide A suspended @1000",
        "A suspended>done completed @1000",
      ])

    stage.advance(to: 3_500)
    #expect(stage.events() == ["B scheduled>pending ready @3000"])
    #expect(stage.state("B") == .pending)

    try stage.navPop(now: 4_000)
    #expect(stage.events() == ["B pending>showing shown @4000", "show B @4000"])
  }

  @Test func highEndScheduledPopupCancelledWhileAwayDoesNotShowOnReturn() throws {
    var stage = try AlertStage.seed()
    try stage.enqueue("redPacket", id: "A", now: 100)
    try stage.enqueue("growthGift", id: "B", now: 150) { $0.delayMs = 2_850 }
    #expect(try stage.screen.alert(id: "B").readyAt == 3_000)
    try stage.navPush("profile", now: 1_000)
    try stage.complete("A", now: 1_000)
    stage.advance(to: 3_000)
    #expect(stage.events() == ["show A @100", "hide A suspended @1000"])

    // Something on the other page makes B unnecessary.
    #expect(try stage.cancel(AlertCancelFilter(type: "growthGift"), now: 3_500) == ["B"])
    #expect(stage.events() == ["idle default @3500"])
    try stage.navPop(now: 4_000)
    #expect(stage.events() == [])
    #expect(stage.state("B") == .cancelled)
  }

  @Test func highEndCancelledBeforeItIsReadyNeverShows() throws {
    var stage = try AlertStage.seed()
    try stage.enqueue("redPacket", id: "A", now: 100)
    try stage.enqueue("growthGift", id: "B", now: 150) { $0.at = 3_000 }
    try stage.navPush("profile", now: 1_000)
    try stage.complete("A", now: 1_000)
    #expect(try stage.cancel(AlertCancelFilter(id: "B"), now: 2_000) == ["B"])
    stage.advance(to: 5_000)
    try stage.navPop(now: 5_000)
    #expect(stage.events() == ["show A @100", "hide A suspended @1000", "idle default @2000"])
  }
}
