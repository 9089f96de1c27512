import Testing

@testable import OrdoCore

/// A timer key for the tests: a number that is its own index.
private struct Key: TimerKey, ExpressibleByIntegerLiteral, CustomStringConvertible {
  let number: Int
  init(_ number: Int) { self.number = number }
  init(integerLiteral number: Int) { self.number = number }
  init(timerIndex: Int) { self.number = timerIndex }
  var timerIndex: Int { number }
  var description: String { "\(number)" }
}

@Suite struct TimerQueueTests {
  private func drain(_ timers: inout TimerQueue<Key>, upTo now: Int64) -> [String] {
    var fired: [String] = []
    while let entry = timers.popDue(upTo: now) {
      fired.append("\(entry.key)@\(entry.due)")
      timers._checkInvariants()
    }
    return fired
  }

  @Test func theAlertManagersTimersAreTheirIndexes() {
    let timers: [AlertManager.Timer] = [
      .ready(0), .expire(0), .dismiss(0), .gapEnd(queue: 0), .ready(7), .expire(7),
      .dismiss(7), .gapEnd(queue: 7), .dismiss(Int32.max / 4),
    ]
    #expect(Set(timers.map(\.timerIndex)).count == timers.count)
    for timer in timers {
      #expect(AlertManager.Timer(timerIndex: timer.timerIndex) == timer)
    }
  }

  @Test func firesInDueOrder() {
    var timers = TimerQueue<Key>()
    timers.schedule(3, at: 30)
    timers.schedule(1, at: 10)
    timers.schedule(2, at: 20)
    #expect(timers.nextDue == 10)
    #expect(drain(&timers, upTo: 100) == ["1@10", "2@20", "3@30"])
    #expect(timers.isEmpty)
    #expect(timers.nextDue == nil)
  }

  @Test func equalDueTimesFireInSchedulingOrder() {
    var timers = TimerQueue<Key>()
    for key in [7, 2, 9, 0] { timers.schedule(Key(key), at: 5) }
    #expect(drain(&timers, upTo: 5) == ["7@5", "2@5", "9@5", "0@5"])
  }

  @Test func popDueLeavesTimersThatAreNotDueYet() {
    var timers = TimerQueue<Key>()
    timers.schedule(1, at: 10)
    timers.schedule(2, at: 11)
    #expect(drain(&timers, upTo: 10) == ["1@10"])
    #expect(timers.count == 1)
    #expect(timers.nextDue == 11)
    #expect(timers.popDue(upTo: 10) == nil)
  }

  @Test func reschedulingMovesTheTimerAndCountsAsNew() {
    var timers = TimerQueue<Key>()
    timers.schedule(1, at: 5)
    timers.schedule(2, at: 7)
    timers.schedule(1, at: 7)
    #expect(timers.count == 2)
    #expect(timers.due(of: 1) == 7)
    #expect(drain(&timers, upTo: 10) == ["2@7", "1@7"])
  }

  @Test func cancelRemovesOnlyThatKey() {
    var timers = TimerQueue<Key>()
    timers.schedule(1, at: 3)
    timers.schedule(2, at: 1)
    #expect(timers.cancel(2) == 1)
    #expect(timers.cancel(2) == nil)
    #expect(timers.due(of: 2) == nil)
    #expect(timers.cancel(500) == nil)  // beyond every index scheduled so far
    #expect(drain(&timers, upTo: 10) == ["1@3"])
  }

  @Test func removeAllCancelsEverything() {
    var timers = TimerQueue<Key>()
    for key in 0..<50 { timers.schedule(Key(key), at: Int64(key % 7)) }
    timers.removeAll()
    #expect(timers.isEmpty)
    #expect(timers.popDue(upTo: .max) == nil)
  }

  /// The naive model: an array of (key, due, seq), scanned linearly.
  @Test(arguments: 0..<6 as Range<UInt64>)
  func agreesWithAnArrayModel(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var timers = TimerQueue<Key>()
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
        timers.schedule(Key(key), at: due)
      case 5..<7:
        let key = Int.random(in: 0..<60, using: &random)
        let expected = model.first { $0.key == key }?.due
        model.removeAll { $0.key == key }
        #expect(timers.cancel(Key(key)) == expected)
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
          #expect(entry.key.number == model[best].key)
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

  /// A copy is the rollback point of a commit group: it must keep its timers whatever the
  /// original does after (the pages are shared until one side writes).
  @Test func aCopyKeepsItsTimersWhileTheOriginalChanges() {
    var timers = TimerQueue<Key>()
    for key in 0..<600 { timers.schedule(Key(key), at: Int64(key % 97)) }
    let copy = timers
    timers.schedule(5, at: 1_000)
    timers.cancel(7)
    let dueBy50 = (0..<600).filter { $0 % 97 <= 50 && $0 != 5 && $0 != 7 }.count
    #expect(drain(&timers, upTo: 50).count == dueBy50)
    copy._checkInvariants()
    timers._checkInvariants()
    #expect(timers.count == 600 - 1 - dueBy50)
    #expect(copy.count == 600)
    #expect(copy.due(of: 5) == 5)
    #expect(copy.due(of: 7) == 7)
    var restored = copy
    #expect(drain(&restored, upTo: .max).count == 600)
  }
}
