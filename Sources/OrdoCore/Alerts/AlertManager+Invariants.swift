extension AlertManager {
  /// Checks every index, list, heap position, timer and count against the alerts, and that
  /// the pump has nothing left to do (tests call it after every step; traps when broken).
  /// `includingShowHistory: false` skips rebuilding the show history to compare (O(shows),
  /// where the rest is O(alerts): a long randomized run checks it every few steps).
  /// - Complexity: O(n log n)
  public func _checkInvariants(includingShowHistory: Bool = true) {
    timers._checkInvariants()
    if let due = timers.nextDue, !holdingRestored {
      precondition(due > now, "a due timer did not fire")
    }
    precondition(dirty.isEmpty || holdingRestored, "a queue left unpumped")
    precondition(pumpedThisInstant.isEmpty, "an instant left undecided: alert.idle owed")
    checkSlots()
    if includingShowHistory { shows._checkInvariants() }
    var expected = AlertCounts()
    var expectedTimers = 0
    var activePerQueue = Array(repeating: 0, count: queues.count)
    var historyPerQueue = Array(repeating: 0, count: queues.count)
    for (row, record) in records.enumerated() where record.isLive {
      let slot = Int32(row)
      let alert = alerts[row]
      precondition(self.slot(of: alert.id) == slot, "record filed under another id")
      precondition(record.idHash == IDIndex.hash(alert.id), "id filed under another hash")
      precondition(queueIndex[alert.queue] == record.queue, "record in the wrong queue")
      precondition((record.endOrder != 0) == alert.state.isEnded, "end order out of step")
      precondition(alert.seq <= lastSeq && record.endOrder <= lastEndOrder, "a counter fell behind")
      expected[alert.state] += 1
      let queue = queues[record.queue]
      let rank = ShowRank(priority: alert.priority, seq: alert.seq)
      let waits = alert.state == .pending || alert.state == .suspended
      precondition(
        queue.waiting.rank(of: slot, scope: record.scopeName, positions: waitingPositions)
          == (waits ? rank : nil), "waiting index out of step")
      precondition(
        queue.preempting.rank(of: slot, scope: record.scopeName, positions: preemptingPositions)
          == (waits && record.preempt ? rank : nil), "preempting index out of step")
      if !waits {
        precondition(waitingPositions[row] == -1, "stale waiting position")
        precondition(preemptingPositions[row] == -1, "stale preempting position")
      }
      let displace = DisplaceRank(priority: alert.priority, showSeq: record.showSeq)
      precondition(
        queue.showing.rank(of: slot, positions: showingPositions)
          == (alert.state == .showing ? displace : nil), "showing index out of step")
      if alert.state != .showing {
        precondition(showingPositions[row] == -1, "stale showing position")
      }
      checkTimers(of: slot, counted: &expectedTimers)
      if alert.state.isEnded {
        precondition(alert.endedAt != nil && alert.endReason != nil, "ended without an end")
        precondition(
          record.typeName == -1 && record.keyName == -1 && record.scopeName == -1,
          "ended alert keeps its names")
        historyPerQueue[record.queue] += 1
      } else {
        activePerQueue[record.queue] += 1
        checkNames(of: slot)
      }
      if alert.state == .showing {
        precondition(alert.scope == nil || alert.scope == navigation.active, "shows off-page")
      }
      if alert.state == .scheduled {
        precondition(alert.readyAt.map { $0 > now } ?? false || holdingRestored, "overdue")
      }
    }
    precondition(expected == counts, "state counts out of step")
    checkLists()
    for (index, queue) in queues.enumerated() {
      checkQueue(queue, at: index, active: activePerQueue[index], history: historyPerQueue[index])
      if queue.gapUntil != nil { expectedTimers += 1 }
    }
    precondition(timers.count == expectedTimers, "stray timers")
  }

  /// Free slots hold no data or result and are out of every index; the id index names live
  /// slots only.
  private func checkSlots() {
    precondition(
      alerts.count == records.count && waitingPositions.count == records.count
        && preemptingPositions.count == records.count && showingPositions.count == records.count,
      "slot tables out of size")
    precondition(Set(freeSlots).count == freeSlots.count, "a slot freed twice")
    for slot in freeSlots {
      let record = records[Int(slot)]
      precondition(!record.isLive, "a free slot holds an alert")
      precondition(
        alerts[Int(slot)].data == nil && alerts[Int(slot)].result == nil,
        "a free slot keeps a payload")
      precondition(record.timers.isEmpty, "a free slot keeps timers")
      precondition(
        waitingPositions[Int(slot)] == -1 && preemptingPositions[Int(slot)] == -1
          && showingPositions[Int(slot)] == -1, "a free slot keeps a heap position")
    }
    precondition(
      idIndex.count + freeSlots.count == records.count, "id index and slots disagree in size")
    precondition(Set(idIndex.slots).count == idIndex.count, "a slot filed twice")
    if let defaultQueue {
      precondition(queueIndex["default"] == defaultQueue, "default queue out of step")
    } else {
      precondition(queueIndex["default"] == nil, "default queue not remembered")
    }
  }

  /// An active alert's names are numbered and it is on their lists.
  private func checkNames(of slot: Int32) {
    let (record, alert) = (records[Int(slot)], alerts[Int(slot)])
    precondition(typeNames.number(of: alert.type) == record.typeName, "type number out of step")
    let key = alert.key.flatMap { keyNames.number(of: $0) } ?? -1
    precondition(key == record.keyName, "key number out of step")
    let scope = alert.scope.flatMap { scopeNames.number(of: $0) } ?? -1
    precondition(scope == record.scopeName, "scope number out of step")
  }

  /// Every list holds exactly the active alerts with its queue, type, key or scope, linked
  /// both ways, in enqueue order.
  private func checkLists() {
    typeNames._checkInvariants()
    keyNames._checkInvariants()
    scopeNames._checkInvariants()
    var listed = 0
    for (index, queue) in queues.enumerated() {
      listed += checkList(queue.active, kind: .queue) { $0.queue == index }
    }
    precondition(listed == counts.active, "queue lists miss alerts")
    for (table, kind) in [(typeNames, ListKind.type), (keyNames, .key), (scopeNames, .scope)] {
      var total = 0
      for number in table.used {
        total += checkList(table.lists[Int(number)], kind: kind) { record in
          switch kind {
          case .type: return record.typeName == number
          case .key: return record.keyName == number
          default: return record.scopeName == number
          }
        }
      }
      if kind == .type { precondition(total == counts.active, "type lists miss alerts") }
    }
  }

  /// Walks a list both ways; returns its length.
  private func checkList(_ list: AlertList, kind: ListKind, belongs: (Record) -> Bool) -> Int {
    var count = 0
    var previous: Int32 = -1
    var slot = list.first
    while slot >= 0 {
      let record = records[Int(slot)]
      let alert = alerts[Int(slot)]
      precondition(record.isLive && !alert.state.isEnded, "an ended alert listed")
      precondition(belongs(record), "an alert on another's list")
      precondition(record[link: kind].previous == previous, "list links disagree")
      if previous >= 0 {
        precondition(alerts[Int(previous)].seq < alert.seq, "list out of order")
      }
      count += 1
      precondition(count <= records.count, "a list loops")
      previous = slot
      slot = record[link: kind].next
    }
    precondition(previous == list.last && count == list.count, "list ends out of step")
    return count
  }

  private func checkTimers(of slot: Int32, counted: inout Int) {
    let record = records[Int(slot)]
    let alert = alerts[Int(slot)]
    let readyDue = alert.state == .scheduled ? alert.readyAt : nil
    precondition(timers.due(of: .ready(slot)) == readyDue, "ready timer out of step")
    let waits = alert.state == .scheduled || alert.state == .pending
    let expireDue = waits ? alert.expiresAt : nil
    precondition(timers.due(of: .expire(slot)) == expireDue, "expiry timer out of step")
    var dismissDue: Int64?
    if alert.state == .showing, let durationMs = alert.durationMs, let shownAt = alert.shownAt {
      dismissDue = shownAt.addingClamped(durationMs)
    }
    precondition(timers.due(of: .dismiss(slot)) == dismissDue, "dismiss timer out of step")
    var set = TimerSet()
    if readyDue != nil { set.insert(.ready) }
    if expireDue != nil { set.insert(.expire) }
    if dismissDue != nil { set.insert(.dismiss) }
    precondition(record.timers == set, "timer flags out of step")
    counted += [readyDue, expireDue, dismissDue].compactMap { $0 }.count
  }

  private func checkQueue(_ queue: AlertQueue, at index: Int, active: Int, history: Int) {
    precondition(queueIndex[queue.name] == index, "queue index out of step")
    queue.waiting._checkInvariants(positions: waitingPositions)
    queue.preempting._checkInvariants(positions: preemptingPositions)
    queue.showing._checkInvariants(positions: showingPositions)
    precondition(!queue.isDirty || holdingRestored, "a queue flagged for a pump it had")
    precondition(queue.active.count == active, "queue's active list out of step")
    precondition(queue.historyCount == history, "history count out of step")
    queue.history._checkInvariants()
    precondition(
      queue.history.all.filter(isLive).count == history, "history log misses an alert")
    precondition(history <= queue.settings.historyLimit, "history over its limit")
    // Kept while restored alerts are held too: what falls due then ends silently, and a
    // queue it empties is never idle.
    precondition(queue.isBusy == (active > 0), "alert.idle owed or busy flag stale")
    guard !holdingRestored else { return }
    precondition(
      timers.due(of: .gapEnd(queue: index)) == queue.gapUntil, "gap timer out of step")
    guard queue.isOpen else { return }
    let activeScope = navigation.active.flatMap { scopeNames.number(of: $0) } ?? -1
    if queue.showing.count < queue.settings.maxConcurrent {
      precondition(queue.waiting.best(activeScope: activeScope) == nil, "pump left room")
    }
    if let preempting = queue.preempting.best(activeScope: activeScope),
      let lowest = queue.showing.min, queue.showing.count >= queue.settings.maxConcurrent
    {
      precondition(preempting.rank.priority <= lowest.rank.priority, "pump left a preemption")
    }
  }
}
