import Testing

@testable import OrdoCore
@testable import OrdoStore

/// The engine commits the changes of many requests at once (all those read in one wake-up):
/// whatever the grouping, the file must hold what the manager holds.
@Suite("Commit groups") struct CommitGroupTests {
  /// The state as a file gives it back: show times are recomputed from `wallAt` on restore.
  static func normalized(_ state: DurableState) -> DurableState {
    var state = state
    for index in state.shows.indices { state.shows[index].at = 0 }
    return state
  }

  @Test func aShowRecordedAndForgottenInOneCommitStaysForgotten() throws {
    let store = try DurableStore(
      path: DurableStoreTests.temporaryPath("state.db"), sync: .normal, waitMs: 0)
    var screen = Screen(maxLayers: 10, maxTreeDepth: 8, maxAlerts: 100, startedWallAt: 5000)
    screen.tracksDurableChanges = true
    _ = try screen.enqueue(AlertEnqueueRequest(type: "tip", id: "a"))
    _ = try screen.enqueue(AlertEnqueueRequest(type: "news", id: "b", queue: "side"))
    #expect(try screen.forget(ShowForgetFilter(type: "tip")) == 1)
    try store.commit(screen.takeDurableChanges(), from: screen.alerts)
    #expect(try store.load().shows.map(\.id) == ["b"])
  }

  @Test(arguments: [1, 2, 3])
  func whateverTheGroupingTheFileHoldsWhatTheManagerHolds(seed: UInt64) throws {
    var random = LimitModelTests.Generator(state: seed)
    let store = try DurableStore(
      path: DurableStoreTests.temporaryPath("state.db"), sync: .normal, waitMs: 0)
    var screen = Screen(maxLayers: 10, maxTreeDepth: 8, maxAlerts: 1000, startedWallAt: 7000)
    screen.tracksDurableChanges = true
    _ = try screen.configure(AlertQueueConfiguration(queue: "side", maxConcurrent: 3))
    let types = ["tip", "news", "plain"]
    var commits = 0
    var sinceCommit = 0
    var groupSize = 1
    for _ in 0..<400 {
      let type = types.randomElement(using: &random) ?? "tip"
      let active = screen.list(
        AlertListFilter(states: [.scheduled, .pending, .showing, .suspended])
      ).map(\.id)
      let ended = { (id: String) in (try? screen.alert(id: id).state.isEnded) ?? true }
      switch Int.random(in: 0..<12, using: &random) {
      case 0..<5:
        var request = AlertEnqueueRequest(
          type: type, key: ["k1", "k2", nil].randomElement(using: &random) ?? nil,
          onDuplicate: .allow)
        request.queue = Bool.random(using: &random) ? "side" : nil
        request.persist = Bool.random(using: &random)
        if Int.random(in: 0..<4, using: &random) == 0 {
          request.delayMs = Int64.random(in: 1...300, using: &random)
        }
        if Bool.random(using: &random) {
          request.durationMs = Int64.random(in: 10...100, using: &random)
        }
        if Int.random(in: 0..<4, using: &random) == 0 {
          request.ttlMs = Int64.random(in: 0...300, using: &random)
        }
        _ = try screen.enqueue(request)
      case 5:
        let shown = screen.list(AlertListFilter(states: [.showing])).map(\.id)
        if let id = shown.randomElement(using: &random) {
          _ = try screen.complete(id: id, result: nil)
        }
      case 6:
        if let id = active.randomElement(using: &random), !ended(id) {
          _ = try screen.cancel(AlertCancelFilter(id: id))
        }
      case 7:
        _ = try screen.forget(ShowForgetFilter(type: type))
      case 8:
        _ = try screen.defineType(
          AlertTypeDefinition(
            type: type, priority: Int64.random(in: 0...3, using: &random),
            persist: Bool.random(using: &random),
            limit: FrequencyLimit(max: Int.random(in: 1...4, using: &random), windowMs: 200),
            onLimit: Bool.random(using: &random) ? .defer : .drop))
      case 9:
        _ = try screen.configure(
          AlertQueueConfiguration(
            queue: Bool.random(using: &random) ? "side" : "other",
            maxConcurrent: Int.random(in: 1...3, using: &random)))
      default:
        screen.advance(to: screen.now + Int64.random(in: 0...80, using: &random))
      }
      sinceCommit += 1
      if sinceCommit >= groupSize {
        try store.commit(screen.takeDurableChanges(), from: screen.alerts)
        commits += 1
        sinceCommit = 0
        groupSize = Int.random(in: 1...12, using: &random)
        let file = Self.normalized(try store.load())
        let memory = Self.normalized(screen.alerts.durableState())
        #expect(file == memory, "after commit \(commits)")
        if file != memory { return }
      }
    }
    #expect(commits > 50)
    #expect(screen.alerts.counters.lastShowOrder > 50)
  }
}
