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
}
