import Testing

@testable import OrdoCore

/// A builder told the window its timeline will be cut to keeps and counts only what can be
/// in it (`ordo report --from/--to` on a long session), and gives the same cut timeline.
struct TimelineWindowTests {
  /// One random session's calls, fed the same to every builder given: engine times only go
  /// forward on the axis (back only through a reset or a clock switch, which the builder
  /// shifts), alert ids come from a small pool so that they are used again, and an alert's
  /// changes may come before its creation in the same instant.
  private static func feed(
    _ builders: inout [TimelineBuilder], steps: Int, using random: inout SeededGenerator
  ) -> Int64 {
    let ids = ["a", "b", "c", "d", "e"]
    let states = AlertState.allCases
    let reasons: [ChangeReason] = [
      .ready, .shown, .resumed, .suspended, .preempted, .deferred, .completed, .timeout,
      .cancelled, .expired, .limited,
    ]
    var now: Int64 = 0
    func alert(_ id: String, _ state: AlertState, _ random: inout SeededGenerator) -> Alert {
      var alert = Alert(
        id: id, queue: random.pick(["q", "r"]), type: "t",
        priority: Int64.random(in: 0...3, using: &random), state: state, seq: 1, createdAt: now,
        shownCount: 0)
      alert.readyAt = Bool.random(using: &random) ? now + 5 : nil
      alert.endedAt = state.isEnded ? now - 3 : nil
      return alert
    }
    func apply(_ builders: inout [TimelineBuilder], _ call: (inout TimelineBuilder) -> Void) {
      for index in builders.indices { call(&builders[index]) }
    }
    for _ in 0..<steps {
      now += random.pick([0, 0, 1, 2, 7])
      let at = now
      let id = random.pick(ids)
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<25:
        let created = alert(id, .pending, &random)
        apply(&builders) { $0.alertCreated(created, at: at) }
      case 25..<65:
        let state = random.pick(states)
        let previous = random.pick(states)
        let reason = random.pick(reasons)
        let queue = random.pick(["q", "r"])
        apply(&builders) {
          $0.alertChanged(
            id: id, queue: queue, state: state, previous: previous, reason: reason, at: at)
        }
      case 65..<70:
        let retryAt: Int64? = Bool.random(using: &random) ? at + 10 : nil
        apply(&builders) {
          $0.enqueueRefused(id: id, type: "t", queue: "q", priority: 1, retryAt: retryAt, at: at)
        }
      case 70..<74:
        let restored = alert(id, random.pick(states), &random)
        apply(&builders) { $0.alertRestored(restored, at: at) }
      case 74..<80:
        let updated = alert(id, .showing, &random)
        apply(&builders) { $0.alertUpdated(updated, at: at) }
      case 80..<93:
        let pages = (0..<Int.random(in: 0...3, using: &random)).map { _ in
          random.pick(["home", "room", "x"])
        }
        apply(&builders) { $0.navigationChanged(stack: PageStackTop(pages), at: at) }
      case 93..<97:
        let resumesAt: Int64 = Bool.random(using: &random) ? 0 : at
        apply(&builders) { $0.engineReset(at: at, resumesAt: resumesAt) }
        now = resumesAt
      default:
        let resumesAt = Int64.random(in: 0...at, using: &random)
        let toManual = Bool.random(using: &random)
        apply(&builders) { $0.clockSwitched(toManual: toManual, at: at, resumesAt: resumesAt) }
        now = resumesAt
      }
    }
    return now + 4
  }

  @Test(arguments: 0..<40)
  func aBuilderToldTheWindowGivesTheSameWindow(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    // Ends inside, at the edges of and beyond the session's axis (about 0 to 12 000 ms).
    let ends: [Int64?] = [nil, 0, 3, 100, 700, 2_000, 5_000, 6_500, 20_000]
    var windows: [(from: Int64?, to: Int64?)] = []
    for _ in 0..<6 {
      let from = random.pick(ends)
      let to = random.pick(ends)
      if let from, let to, from > to { continue }
      windows.append((from, to))
    }
    var builders =
      [TimelineBuilder()] + windows.map { TimelineBuilder(keepingWindowFrom: $0.from, to: $0.to) }
    // Enough steps for some 3 000 tracks: those before a window are dropped past 1 024.
    let end = Self.feed(&builders, steps: 6_000, using: &random)
    let whole = builders[0].finish(at: end)
    #expect(whole.tracks.count > 2 * 1_024)
    for (index, window) in windows.enumerated() {
      let builder = builders[index + 1]
      #expect(
        builder.finish(at: end).window(from: window.from, to: window.to)
          == whole.window(from: window.from, to: window.to),
        "window \(window)")
      #expect(builder.itemCount <= builders[0].itemCount)
      if window.from == nil && window.to == nil {
        #expect(builder.itemCount == builders[0].itemCount)
      }
    }
  }

  @Test func whatStoppedBeforeTheWindowIsNeitherKeptNorCounted() {
    let window: (from: Int64, to: Int64) = (from: 100_000, to: 100_010)
    // The whole session's builder, and one told the window.
    var builders = [
      TimelineBuilder(), TimelineBuilder(keepingWindowFrom: window.from, to: window.to),
    ]
    // 20 001 alerts, each shown and completed in 5 ms, 10 ms apart, with a page change
    // each; the window holds the end of one and the whole of the next.
    for number in 0..<20_001 {
      let at = Int64(number) * 10 + 5
      let alert = Alert(
        id: "a\(number)", queue: "q", type: "t", priority: 0, state: .pending, seq: 1,
        createdAt: at, shownCount: 0)
      for index in builders.indices {
        builders[index].alertCreated(alert, at: at)
        builders[index].alertChanged(
          id: alert.id, queue: "q", state: .showing, previous: .pending, reason: .shown, at: at)
        builders[index].navigationChanged(
          stack: [number.isMultiple(of: 2) ? "home" : "room"], at: at)
        builders[index].alertChanged(
          id: alert.id, queue: "q", state: .done, previous: .showing, reason: .completed,
          at: at + 5)
      }
    }
    let end: Int64 = 200_020
    let whole = builders[0].finish(at: end)
    let kept = builders[1].finish(at: end)
    let cut = kept.window(from: window.from, to: window.to)
    #expect(cut == whole.window(from: window.from, to: window.to))
    #expect(cut.tracks.map(\.id) == ["a9999", "a10000"])
    // Each row counts 3 (the row, a pending instant, the showing), each page change 2 (the
    // change, its page): the two rows, the change before the window and the one in it.
    #expect(builders[1].itemCount == 2 * 3 + 2 * 2)
    #expect(builders[0].itemCount == 20_001 * 3 + 20_001 * 2)
    // Dropped as they went: never 1 024 held.
    #expect(kept.tracks.count < 1_024)
    #expect(kept.navigation.map(\.at) == [99_995, 100_005])
  }

  @Test func anAlertEndedBeforeItsCreationInOneInstantIsDescribedAfterADrop() {
    var builders = [TimelineBuilder(), TimelineBuilder(keepingWindowFrom: 1_000, to: nil)]
    let alert = Alert(
      id: "x", queue: "q", type: "t", priority: 2, state: .pending, seq: 1, createdAt: 10,
      shownCount: 0)
    for index in builders.indices {
      for number in 0..<1_023 {
        builders[index].enqueueRefused(
          id: "r\(number)", type: "t", queue: "q", priority: 0, retryAt: nil, at: 5)
      }
      // Its changes, then its creation, at 10: the 1 024th track, ended before the window,
      // whose end drops the tracks before the window; it is kept for its creation.
      builders[index].alertChanged(
        id: "x", queue: "q", state: .cancelled, previous: .pending, reason: .cancelled, at: 10)
      builders[index].alertCreated(alert, at: 10)
    }
    let whole = builders[0].finish(at: 2_000)
    let kept = builders[1].finish(at: 2_000)
    #expect(whole.window(from: 1_000, to: nil).tracks.isEmpty)
    #expect(kept.window(from: 1_000, to: nil) == whole.window(from: 1_000, to: nil))
    #expect(kept.tracks.map(\.id) == ["x"] && kept.tracks[0].type == "t")
    #expect(builders[1].itemCount == 0)
  }
}
