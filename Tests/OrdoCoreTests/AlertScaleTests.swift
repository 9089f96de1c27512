import Testing

@testable import OrdoCore

/// 100 000 queued alerts: enqueue, complete, cancel by id and the pump keep every invariant
/// at that size (a quadratic path would show as a suite taking minutes; how fast they are is
/// measured by `make bench`, not asserted here).
@Suite struct AlertScaleTests {
  @Test func hundredThousandQueuedAlertsKeepTheirInvariants() throws {
    let count = 100_000
    var screen = Screen(maxLayers: 1_000, maxTreeDepth: 16, maxAlerts: count + 10)
    _ = try screen.navSet(stack: ["room"], now: 0)
    for index in 0..<count {
      var request = AlertEnqueueRequest(type: "t", id: "a\(index)", priority: Int64(index % 97))
      if index % 3 == 0 { request.scope = "scope\(index % 50)" }
      if index % 5 == 0 { request.ttlMs = Int64(1_000_000 + index) }
      _ = try screen.enqueue(request, now: 0)
    }
    #expect(screen.alertCounts.pending == count - 1)
    for index in stride(from: 1, to: count, by: 100) {
      _ = try screen.cancel(AlertCancelFilter(id: "a\(index)"), now: 1)
    }
    var showing: [String] = []
    for step in 0..<2_000 {
      for event in screen.drainEvents() {
        switch event {
        case .alertShow(let alert, _, _, _): showing.append(alert.id)
        case .alertHide(let id, _, _, _): showing.removeAll { $0 == id }
        default: break
        }
      }
      if step % 500 == 0 { screen.alerts._checkInvariants() }
      guard let current = showing.popLast() else { break }
      _ = try screen.complete(id: current, result: nil, now: 2)
      if step % 10 == 0 { _ = try screen.navPush(scope: "scope\(step % 50)", now: 2) }
    }
    screen.alerts._checkInvariants()
    #expect(screen.alertCounts.ended == 1_000, "the default history limit")
    #expect(screen.alertCounts.active > count - 4_000)
  }

  /// A dedupe key shared by 20 000 queues, each enqueue to a queue of its own, and 20 000
  /// alerts of one key allowed in one queue: each dedupe finds the queue's oldest without
  /// walking the others (walking the key's list across queues was quadratic).
  @Test func aKeySharedByManyQueuesDedupesInEachQueue() throws {
    let count = 20_000
    var screen = Screen(maxLayers: 1_000, maxTreeDepth: 16, maxAlerts: 2 * count + 10)
    for index in 0..<count {
      let request = AlertEnqueueRequest(
        type: "t", id: "q\(index)", queue: "q\(index)", key: "welcome")
      #expect(try screen.enqueue(request, now: 0).disposition == .queued)
    }
    for index in 0..<count {
      var request = AlertEnqueueRequest(type: "t", id: "s\(index)", queue: "sync", key: "sync")
      request.onDuplicate = .allow
      _ = try screen.enqueue(request, now: 0)
    }
    // A replace in the last queue finds that queue's alert; one in sync finds its oldest.
    var again = AlertEnqueueRequest(type: "t", queue: "q\(count - 1)", key: "welcome")
    again.onDuplicate = .replace
    #expect(try screen.enqueue(again, now: 1).alert?.id == "q\(count - 1)")
    var sync = AlertEnqueueRequest(type: "t", queue: "sync", key: "sync")
    sync.onDuplicate = .replace
    #expect(try screen.enqueue(sync, now: 1).alert?.id == "s0")
    _ = try screen.cancel(AlertCancelFilter(id: "s0"), now: 1)
    #expect(try screen.enqueue(sync, now: 1).alert?.id == "s1")
    screen.alerts._checkInvariants()
  }
}

/// With `--state` each commit group starts from a copy of the engine (the copy to roll back
/// to). An enqueue under a new queue, type, dedupe key and scope after such a copy must copy
/// the pages it writes to, not every queue's or name's row: as arrays and dictionaries they
/// were all copied, each request O(queues + names) (20 000 enqueues, each under new names,
/// took 4 to 15 times as long as under one).
@Suite struct AlertCopyTests {
  @Test func anEnqueueUnderNewNamesAfterACopyLeavesTheOldPagesShared() throws {
    let count = 600  // rows on pages 0 and 1 (256 a page), the next ones on page 2
    var screen = Screen(maxLayers: 1_000, maxTreeDepth: 16, maxAlerts: count + 10)
    _ = try screen.navSet(stack: ["room"], now: 0)
    func request(_ index: Int) -> AlertEnqueueRequest {
      var request = AlertEnqueueRequest(
        type: "t\(index)", id: "a\(index)", queue: "q\(index)", key: "k\(index)")
      request.scope = "s\(index)"
      return request
    }
    for index in 0..<count { _ = try screen.enqueue(request(index), now: 0) }
    let copy = screen.alerts
    _ = try screen.enqueue(request(count), now: 0)
    let alerts = screen.alerts
    for page in 0..<2 {
      // Booleans: a failed expectation would print both tables whole.
      let queues = alerts.queues._sharesPage(page, with: copy.queues)
      #expect(queues, "queues' page \(page) copied")
      for (name, table, old) in [
        ("types", alerts.typeNames, copy.typeNames), ("keys", alerts.keyNames, copy.keyNames),
        ("scopes", alerts.scopeNames, copy.scopeNames),
      ] {
        let lists = table.lists._sharesPage(page, with: old.lists)
        let names = table.names._sharesPage(page, with: old.names)
        #expect(lists && names, "\(name)' page \(page) copied")
      }
    }
    // The copy is still what it was; the manager the change went to has it.
    #expect(copy.queues.count == count && alerts.queues.count == count + 1)
    #expect(copy.scopeNames.number(of: "s\(count)") == nil)
    #expect(alerts.scopeNames.number(of: "s\(count)") != nil)
    copy._checkInvariants()
    alerts._checkInvariants()
  }

  /// The queue's log of ended alerts (kept to `historyLimit`, up to 100 000 000) was one
  /// array: the first alert a commit group ended copied all of it.
  @Test func anAlertEndingAfterACopyLeavesItsQueuesOlderHistoryPagesShared() throws {
    var screen = Screen(maxLayers: 10, maxTreeDepth: 4, maxAlerts: 2_000)
    _ = try screen.configure(AlertQueueConfiguration(queue: "q", historyLimit: 10_000))
    func cycle(_ index: Int) throws {
      _ = try screen.enqueue(AlertEnqueueRequest(type: "t", id: "a\(index)", queue: "q"), now: 0)
      _ = try screen.complete(id: "a\(index)", result: nil)
    }
    for index in 0..<700 { try cycle(index) }  // two full pages (256 each), and a third begun
    let queue = try #require(screen.alerts.queueIndex["q"])
    let copy = screen.alerts
    try cycle(700)
    let history = screen.alerts.queues[queue].history
    let before = copy.queues[queue].history
    #expect(history.storedCount == 701 && before.storedCount == 700)
    // The newest page took the entry (copied); the two full ones are still shared.
    #expect(history._sharesPage(0, with: before) && history._sharesPage(1, with: before))
    #expect(Array(history.all.prefix(700).map(\.seq)) == Array(before.all.map(\.seq)))
    copy._checkInvariants()
    screen.alerts._checkInvariants()
  }
}

/// `HistoryLog` against an array: appends, takes from the front, filtering; pages stay
/// shaped (every page but the first and last full).
@Suite struct HistoryLogTests {
  /// Over several full pages: taken from part way into a page, then past page ends, with
  /// the tail becoming a page meanwhile.
  @Test func takesFromFullPagesInOrder() {
    var log = HistoryLog()
    var model: [Int64] = []
    var next: Int64 = 0
    func append(_ count: Int) {
      for _ in 0..<count {
        next += 1
        log.append(slot: 0, endOrder: next, seq: next)
        model.append(next)
      }
    }
    append(700)  // two full pages and a tail of 188
    for round in 0..<3 {
      for _ in 0..<(300 - 50 * round) {
        #expect(log.popOldest()?.seq == model.removeFirst())
      }
      log._checkInvariants()
      #expect(Array(log.all.map(\.seq)) == model && log.storedCount == model.count)
      append(130)
    }
    log.removeAll { $0.seq % 3 == 0 }
    model.removeAll { $0 % 3 == 0 }
    log._checkInvariants()
    #expect(Array(log.all.map(\.seq)) == model)
    while let entry = log.popOldest() { #expect(entry.seq == model.removeFirst()) }
    #expect(model.isEmpty && log.isEmpty)
  }

  @Test(arguments: [1, 2, 3])
  func behavesAsAFirstInFirstOutArray(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    var log = HistoryLog()
    var model: [Int64] = []
    var copies: [(HistoryLog, [Int64])] = []
    for step in 0..<20_000 {
      switch Int.random(in: 0..<100, using: &generator) {
      case 0..<55:
        let seq = Int64(step)
        log.append(slot: Int32(step % 1000), endOrder: seq, seq: seq)
        model.append(seq)
      case 55..<97:
        #expect(log.popOldest()?.seq == model.first)
        if !model.isEmpty { model.removeFirst() }
      case 97..<99:
        let modulus = Int64.random(in: 2...5, using: &generator)
        log.removeAll { $0.seq % modulus == 0 }
        model.removeAll { $0 % modulus == 0 }
      default:
        copies.append((log, model))  // a copy kept: later changes must not reach it
      }
      log._checkInvariants()
    }
    #expect(log.all.map(\.seq) == model && log.storedCount == model.count)
    for (copy, expected) in copies {
      copy._checkInvariants()
      #expect(copy.all.map(\.seq) == expected)
    }
  }
}
