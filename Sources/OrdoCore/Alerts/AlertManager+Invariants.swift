extension AlertManager {
  /// Checks every index, timer and count against the alerts, and that the pump has nothing
  /// left to do (tests call it after every step; traps when broken).
  /// - Complexity: O(n log n)
  public func _checkInvariants() {
    timers._checkInvariants()
    if let due = timers.nextDue, !holdingRestored {
      precondition(due > now, "a due timer did not fire")
    }
    var expected = AlertCounts()
    var expectedTimers = 0
    var activePerQueue = Array(repeating: 0, count: queues.count)
    var historyPerQueue = Array(repeating: 0, count: queues.count)
    for (id, record) in records {
      let alert = record.alert
      precondition(alert.id == id, "record filed under another id")
      precondition(queueIndex[alert.queue] == record.queue, "record in the wrong queue")
      expected[alert.state] += 1
      let queue = queues[record.queue]
      let rank = ShowRank(priority: alert.priority, seq: alert.seq)
      let waits = alert.state == .pending || alert.state == .suspended
      precondition(
        queue.waiting.rank(of: id, scope: alert.scope) == (waits ? rank : nil),
        "waiting index out of step")
      precondition(
        queue.preempting.rank(of: id, scope: alert.scope) == (waits && record.preempt ? rank : nil),
        "preempting index out of step")
      let displace = DisplaceRank(priority: alert.priority, showSeq: record.showSeq)
      precondition(
        queue.showing.rank(of: id) == (alert.state == .showing ? displace : nil),
        "showing index out of step")
      checkTimers(of: record, counted: &expectedTimers)
      if alert.state.isEnded {
        precondition(alert.endedAt != nil && alert.endReason != nil, "ended without an end")
        historyPerQueue[record.queue] += 1
      } else {
        activePerQueue[record.queue] += 1
        precondition(queue.activeIDs.contains(id), "active alert missing from its queue")
        precondition(activeByType[alert.type]?.contains(id) == true, "type index out of step")
        if let key = alert.key {
          precondition(activeByKey[key]?.contains(id) == true, "key index out of step")
        }
        if let scope = alert.scope {
          precondition(activeByScope[scope]?.contains(id) == true, "scope index out of step")
        }
      }
      if alert.state == .showing {
        precondition(alert.scope == nil || alert.scope == navigation.active, "shows off-page")
      }
      if alert.state == .scheduled {
        precondition(alert.readyAt.map { $0 > now } ?? false || holdingRestored, "overdue")
      }
    }
    precondition(expected == counts, "state counts out of step")
    for index in [activeByKey, activeByType, activeByScope] {
      precondition(index.values.allSatisfy { !$0.isEmpty }, "empty index entry kept")
      precondition(index.values.reduce(0) { $0 + $1.count } <= counts.active, "stale index")
    }
    for (index, queue) in queues.enumerated() {
      checkQueue(queue, at: index, active: activePerQueue[index], history: historyPerQueue[index])
      if queue.gapUntil != nil { expectedTimers += 1 }
    }
    precondition(timers.count == expectedTimers, "stray timers")
  }

  private func checkTimers(of record: Record, counted: inout Int) {
    let alert = record.alert
    let id = alert.id
    let readyDue = alert.state == .scheduled ? alert.readyAt : nil
    precondition(timers.due(of: .ready(id)) == readyDue, "ready timer out of step")
    let waits = alert.state == .scheduled || alert.state == .pending
    let expireDue = waits ? alert.expiresAt : nil
    precondition(timers.due(of: .expire(id)) == expireDue, "expiry timer out of step")
    var dismissDue: Int64?
    if alert.state == .showing, let durationMs = alert.durationMs, let shownAt = alert.shownAt {
      dismissDue = shownAt.addingClamped(durationMs)
    }
    precondition(timers.due(of: .dismiss(id)) == dismissDue, "dismiss timer out of step")
    counted += [readyDue, expireDue, dismissDue].compactMap { $0 }.count
  }

  private func checkQueue(_ queue: AlertQueue, at index: Int, active: Int, history: Int) {
    precondition(queueIndex[queue.name] == index, "queue index out of step")
    queue.waiting._checkInvariants()
    queue.preempting._checkInvariants()
    queue.showing._checkInvariants()
    precondition(queue.activeIDs.count == active, "queue's active set out of step")
    precondition(queue.historyCount == history, "history count out of step")
    precondition(history <= queue.settings.historyLimit, "history over its limit")
    guard !holdingRestored else { return }
    precondition(queue.isBusy == (active > 0), "alert.idle owed or busy flag stale")
    precondition(
      timers.due(of: .gapEnd(queue: index)) == queue.gapUntil, "gap timer out of step")
    guard queue.isOpen else { return }
    let active = navigation.active
    if queue.showing.count < queue.settings.maxConcurrent {
      precondition(queue.waiting.best(activeScope: active) == nil, "pump left room")
    }
    if let preempting = queue.preempting.best(activeScope: active),
      let lowest = queue.showing.min, queue.showing.count >= queue.settings.maxConcurrent
    {
      precondition(preempting.rank.priority <= lowest.rank.priority, "pump left a preemption")
    }
  }
}
