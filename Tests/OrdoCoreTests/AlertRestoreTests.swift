import Testing

@testable import OrdoCore

/// Restored alerts are frozen until the first request (docs/protocol.md#after-a-restart): what
/// falls due meanwhile applies silently, as it would have while the engine was down.
@Suite struct AlertRestoreTests {
  /// A screen restored from one whose queue `side` holds a persisted alert, ready at 100 and
  /// expiring at 600 (engine and wall-clock times alike), and whose default queue shows one.
  static func restored() throws -> AlertStage {
    var first = AlertStage()
    try first.enqueue("t", id: "shown", now: 0) { $0.persist = true }
    try first.enqueue("t", id: "short", now: 0) {
      $0.queue = "side"
      $0.delayMs = 100
      $0.ttlMs = 600
      $0.persist = true
    }
    // A fresh engine: no subscription (a restart, or engine.reset, drops them; the first
    // request, which could make one, ends the freeze).
    var stage = AlertStage()
    stage.screen.restore(first.screen.alerts.durableState())
    stage.check()
    return stage
  }

  @Test func anAlertExpiringBeforeTheFirstRequestEndsSilentlyAndItsQueueIsNeverIdle() throws {
    var stage = try Self.restored()
    // The system clock moving while the engine waits for its first request.
    stage.screen.advance(to: 1_000)
    stage.check()
    #expect(stage.events() == [])
    let short = try stage.screen.alert(id: "short")
    #expect(short.state == .expired && short.endedAt == 600)
    #expect(try stage.screen.alert(id: "shown").state == .suspended)
    // The first request lets the restored alerts compete: the suspended one shows again,
    // and `side`, which the expiry emptied while frozen, was never busy, so it is not idle.
    stage.screen.releaseRestored()
    stage.check()
    #expect(stage.events() == ["show shown resumed @1000"])
  }

  @Test func anAlertMadeReadyBeforeTheFirstRequestWaitsForIt() throws {
    var stage = try Self.restored()
    stage.screen.advance(to: 300)
    stage.check()
    #expect(stage.events() == [])
    #expect(try stage.screen.alert(id: "short").state == .pending)
    stage.screen.releaseRestored()
    stage.check()
    #expect(stage.events() == ["show shown resumed @300", "show short @300"])
  }
}
