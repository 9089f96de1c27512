import Testing

@testable import OrdoCore

@Suite struct TimerQueueTests {
  private func drain(_ timers: inout TimerQueue<String>, upTo now: Int64) -> [String] {
    var fired: [String] = []
    while let entry = timers.popDue(upTo: now) {
      fired.append("\(entry.key)@\(entry.due)")
      timers._checkInvariants()
    }
    return fired
  }

  @Test func firesInDueOrder() {
    var timers = TimerQueue<String>()
    timers.schedule("c", at: 30)
    timers.schedule("a", at: 10)
    timers.schedule("b", at: 20)
    #expect(timers.nextDue == 10)
    #expect(drain(&timers, upTo: 100) == ["a@10", "b@20", "c@30"])
    #expect(timers.isEmpty)
    #expect(timers.nextDue == nil)
  }

  @Test func equalDueTimesFireInSchedulingOrder() {
    var timers = TimerQueue<String>()
    for key in ["first", "second", "third", "fourth"] { timers.schedule(key, at: 5) }
    #expect(drain(&timers, upTo: 5) == ["first@5", "second@5", "third@5", "fourth@5"])
  }

  @Test func popDueLeavesTimersThatAreNotDueYet() {
    var timers = TimerQueue<String>()
    timers.schedule("soon", at: 10)
    timers.schedule("later", at: 11)
    #expect(drain(&timers, upTo: 10) == ["soon@10"])
    #expect(timers.count == 1)
    #expect(timers.nextDue == 11)
    #expect(timers.popDue(upTo: 10) == nil)
  }

  @Test func reschedulingMovesTheTimerAndCountsAsNew() {
    var timers = TimerQueue<String>()
    timers.schedule("moved", at: 5)
    timers.schedule("other", at: 7)
    timers.schedule("moved", at: 7)
    #expect(timers.count == 2)
    #expect(timers.due(of: "moved") == 7)
    #expect(drain(&timers, upTo: 10) == ["other@7", "moved@7"])
  }

  @Test func cancelRemovesOnlyThatKey() {
    var timers = TimerQueue<String>()
    timers.schedule("kept", at: 3)
    timers.schedule("dropped", at: 1)
    #expect(timers.cancel("dropped") == 1)
    #expect(timers.cancel("dropped") == nil)
    #expect(timers.due(of: "dropped") == nil)
    #expect(drain(&timers, upTo: 10) == ["kept@3"])
  }

  @Test func removeAllCancelsEverything() {
    var timers = TimerQueue<Int>()
    for key in 0..<50 { timers.schedule(key, at: Int64(key % 7)) }
    timers.removeAll()
    #expect(timers.isEmpty)
    #expect(timers.popDue(upTo: .max) == nil)
  }

  /// The naive model: an array of (key, due, seq), scanned linearly.
  @Test(arguments: 0..<6 as Range<UInt64>)
  func agreesWithAnArrayModel(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var timers = TimerQueue<Int>()
    var model: [(key: Int, due: Int64, seq: Int)] = []
    var seq = 0
    var now: Int64 = 0
    for _ in 0..<4_000 {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<5:
        let key = Int.random(in: 0..<60, using: &random)
        let due = now + Int64.random(in: 0...40, using: &random)
        seq += 1
        model.removeAll { $0.key == key }
        model.append((key, due, seq))
        timers.schedule(key, at: due)
      case 5..<7:
        let key = Int.random(in: 0..<60, using: &random)
        let expected = model.first { $0.key == key }?.due
        model.removeAll { $0.key == key }
        #expect(timers.cancel(key) == expected)
      default:
        now += Int64.random(in: 0...15, using: &random)
        while let entry = timers.popDue(upTo: now) {
          let best = model.indices.min {
            (model[$0].due, model[$0].seq) < (model[$1].due, model[$1].seq)
          }
          guard let best else {
            Issue.record("fired a timer the model does not have")
            return
          }
          #expect(entry.key == model[best].key)
          #expect(entry.due == model[best].due)
          model.remove(at: best)
          timers._checkInvariants()
        }
        #expect(model.allSatisfy { $0.due > now })
      }
      timers._checkInvariants()
      #expect(timers.count == model.count)
      #expect(timers.nextDue == model.map(\.due).min())
    }
  }
}
