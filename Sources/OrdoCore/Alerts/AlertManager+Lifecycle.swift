// The alert life cycle: state transitions with their indexes, timers and events, and the pump.

extension AlertManager {
  /// Starts a mutating call: brings the manager to `now`, firing due timers.
  mutating func beginCall(now: Int64) {
    forgottenThisCall.removeAll()
    advance(to: now)
  }

  /// Ends a mutating call: pumps the queues it touched, then fires the timers it made due.
  mutating func finishCall() {
    settle()
    advance(to: now)
  }

  /// `alert` as it is now, or as it was when history trimming forgot it during this call.
  func finalState(of alert: Alert) -> Alert {
    records[alert.id]?.alert ?? forgottenThisCall[alert.id] ?? alert
  }

  /// The index of queue `name`, creating the queue with default settings.
  mutating func queueOrdinal(_ name: String) -> Int {
    if let index = queueIndex[name] { return index }
    queues.append(AlertQueue(name: name))
    queueIndex[name] = queues.count - 1
    return queues.count - 1
  }

  /// The next unused `alert-N` id.
  mutating func generateID() -> String {
    while true {
      lastGeneratedID += 1
      let id = "alert-\(lastGeneratedID)"
      if records[id] == nil { return id }
    }
  }

  /// The oldest active alert of `queue` with `key`.
  /// - Complexity: O(k) for k active alerts with that key.
  func oldestActive(key: String, queue: String) -> Record? {
    (activeByKey[key] ?? []).lazy.compactMap { self.records[$0] }
      .filter { $0.alert.queue == queue }
      .min { $0.alert.seq < $1.alert.seq }
  }

  /// Adds a new active (scheduled or pending) alert with its indexes and timers.
  /// - Complexity: O(log n)
  mutating func insert(_ record: Record) {
    let alert = record.alert
    records[alert.id] = record
    counts[alert.state] += 1
    queues[record.queue].activeIDs.insert(alert.id)
    queues[record.queue].isBusy = true
    activeByType[alert.type, default: []].insert(alert.id)
    if let key = alert.key { activeByKey[key, default: []].insert(alert.id) }
    if let scope = alert.scope { activeByScope[scope, default: []].insert(alert.id) }
    if let expiresAt = alert.expiresAt { timers.schedule(.expire(alert.id), at: expiresAt) }
    if alert.state == .scheduled, let readyAt = alert.readyAt {
      timers.schedule(.ready(alert.id), at: readyAt)
    } else {
      queues[record.queue].insertWaiting(
        alert.id, scope: alert.scope, rank: ShowRank(priority: alert.priority, seq: alert.seq))
    }
    dirty.insert(record.queue)
  }

  /// Dedupe `replace`: updates `data` and `priority` where given; a showing alert gets
  /// `alert.update`.
  /// - Complexity: O(log n)
  mutating func replace(_ id: String, data: RawJSON?, priority: Int64?) {
    guard var record = records[id], data != nil || priority != nil else { return }
    if let data { record.alert.data = data }
    if let priority { record.alert.priority = priority }
    records[id] = record
    let alert = record.alert
    switch alert.state {
    case .pending, .suspended:
      queues[record.queue].insertWaiting(
        id, scope: alert.scope, rank: ShowRank(priority: alert.priority, seq: alert.seq))
    case .showing:
      queues[record.queue].showing.upsert(
        id, rank: DisplaceRank(priority: alert.priority, showSeq: record.showSeq))
      outputs.append(.event(.alertUpdate(alert: alert, at: now)))
    case .scheduled, .done, .cancelled, .expired:
      break
    }
    dirty.insert(record.queue)
  }

  /// Moves alert `id` to `newState`, keeping indexes, timers, counts and history in step, and
  /// emits `alert.changed` (when subscribed), `alert.show`, or `alert.hide` with
  /// `hideReason` when it leaves the screen. `reason` is the change's reason and, for an
  /// ended state, the `endReason`. Returns the alert as changed.
  /// - Complexity: O(log n)
  @discardableResult
  mutating func move(
    _ id: String, to newState: AlertState, reason: String, hide hideReason: String? = nil,
    update: (inout Alert) -> Void = { _ in }
  ) -> Alert? {
    guard var record = records[id] else { return nil }
    let queue = record.queue
    let previous = record.alert.state
    switch previous {
    case .scheduled: timers.cancel(.ready(id))
    case .pending, .suspended: queues[queue].removeWaiting(id, scope: record.alert.scope)
    case .showing:
      queues[queue].showing.remove(id)
      timers.cancel(.dismiss(id))
    case .done, .cancelled, .expired: break
    }

    record.alert.state = newState
    update(&record.alert)
    switch newState {
    case .scheduled:
      break
    case .pending, .suspended:
      queues[queue].insertWaiting(
        id, scope: record.alert.scope,
        rank: ShowRank(priority: record.alert.priority, seq: record.alert.seq))
    case .showing:
      lastShowSeq += 1
      record.showSeq = lastShowSeq
      record.alert.shownAt = now
      record.alert.shownCount += 1
      queues[queue].showing.upsert(
        id, rank: DisplaceRank(priority: record.alert.priority, showSeq: record.showSeq))
      timers.cancel(.expire(id))
      if let durationMs = record.alert.durationMs {
        timers.schedule(.dismiss(id), at: now.addingClamped(durationMs))
      }
    case .done, .cancelled, .expired:
      timers.cancel(.expire(id))
      record.alert.endedAt = now
      record.alert.endReason = reason
      lastEndOrder += 1
      record.endOrder = lastEndOrder
      removeFromActiveIndexes(record)
      queues[queue].history.append(id: id, endOrder: lastEndOrder)
      queues[queue].historyCount += 1
    }
    counts[previous] -= 1
    counts[newState] += 1
    records[id] = record

    let alert = record.alert
    if reportsStateChanges {
      outputs.append(
        .event(
          .alertChanged(
            id: id, queue: alert.queue, state: newState, previous: previous, reason: reason,
            at: now)))
    }
    if newState == .showing {
      outputs.append(
        .event(.alertShow(alert: alert, resumed: previous == .suspended, at: now, layer: nil)))
    }
    if previous == .showing {
      if let hideReason {
        outputs.append(.event(.alertHide(id: id, queue: alert.queue, reason: hideReason, at: now)))
      }
      if alert.mount != nil { outputs.append(.unmount(alertID: id)) }
      if newState.isEnded { startGap(queue) }
    }
    if newState.isEnded { trimHistory(of: queue) }
    dirty.insert(queue)
    return alert
  }

  private mutating func removeFromActiveIndexes(_ record: Record) {
    let alert = record.alert
    queues[record.queue].activeIDs.remove(alert.id)
    Self.remove(alert.id, from: &activeByType, at: alert.type)
    if let key = alert.key { Self.remove(alert.id, from: &activeByKey, at: key) }
    if let scope = alert.scope { Self.remove(alert.id, from: &activeByScope, at: scope) }
  }

  private static func remove(_ id: String, from index: inout [String: Set<String>], at key: String)
  {
    index[key]?.remove(id)
    if index[key]?.isEmpty == true { index[key] = nil }
  }

  private mutating func startGap(_ queue: Int) {
    let gap = queues[queue].settings.minGapMs
    guard gap > 0 else { return }
    let until = now.addingClamped(gap)
    let end = max(until, queues[queue].gapUntil ?? until)
    queues[queue].gapUntil = end
    timers.schedule(.gapEnd(queue: queue), at: end)
  }

  // MARK: - History

  private func isLive(_ id: String, endOrder: Int64) -> Bool {
    guard let record = records[id] else { return false }
    return record.alert.state.isEnded && record.endOrder == endOrder
  }

  /// Forgets the oldest ended alerts of `queue` beyond its `historyLimit`.
  /// - Complexity: amortized O(1) per alert ended.
  mutating func trimHistory(of queue: Int) {
    while queues[queue].historyCount > queues[queue].settings.historyLimit,
      let oldest = queues[queue].history.popOldest()
    {
      guard isLive(oldest.id, endOrder: oldest.endOrder), let record = records[oldest.id] else {
        continue
      }
      records[oldest.id] = nil
      counts.ended -= 1
      queues[queue].historyCount -= 1
      forgottenThisCall[oldest.id] = record.alert
    }
  }

  /// Forgets the ended alert `id`, if there is one, so that its id can be reused.
  mutating func forget(_ id: String) {
    guard let record = records[id], record.alert.state.isEnded else { return }
    records[id] = nil
    counts.ended -= 1
    let queue = record.queue
    queues[queue].historyCount -= 1
    if queues[queue].history.storedCount > 2 * queues[queue].historyCount + 32 {
      let records = self.records
      queues[queue].history.removeAll { id, endOrder in
        records[id].map { !$0.alert.state.isEnded || $0.endOrder != endOrder } ?? true
      }
    }
  }

  /// Forgets every ended alert of `queue`.
  mutating func forgetHistory(of queue: Int) {
    for entry in queues[queue].history.all where isLive(entry.id, endOrder: entry.endOrder) {
      records[entry.id] = nil
      counts.ended -= 1
    }
    queues[queue].history.removeAll()
    queues[queue].historyCount = 0
  }

  // MARK: - Cancelling

  /// The active alerts matching every filter given, in enqueue order.
  /// - Complexity: O(m log m) for the m candidates of the most selective of `id`, `ids`, `key`,
  ///   `type`, `scope`, `queue`; O(n log n) when only `states` or `all` is given.
  func activeAlerts(matching filter: AlertCancelFilter) -> [Alert] {
    let ids = filter.ids.map(Set.init)
    var sources: [Set<String>] = []
    if let id = filter.id { sources.append([id]) }
    if let ids { sources.append(ids) }
    if let key = filter.key { sources.append(activeByKey[key] ?? []) }
    if let type = filter.type { sources.append(activeByType[type] ?? []) }
    if let scope = filter.scope { sources.append(activeByScope[scope] ?? []) }
    if let queue = filter.queue {
      sources.append(queueIndex[queue].map { queues[$0].activeIDs } ?? [])
    }
    let candidates =
      sources.min { $0.count < $1.count }.map(Array.init)
      ?? queues.flatMap(\.activeIDs)
    let states = filter.states.map(Set.init)
    let matches = candidates.compactMap { id -> Alert? in
      guard let alert = records[id]?.alert, !alert.state.isEnded,
        filter.id.map({ $0 == alert.id }) ?? true,
        ids?.contains(alert.id) ?? true,
        filter.key.map({ $0 == alert.key }) ?? true,
        filter.type.map({ $0 == alert.type }) ?? true,
        filter.scope.map({ $0 == alert.scope }) ?? true,
        filter.queue.map({ $0 == alert.queue }) ?? true,
        states?.contains(alert.state) ?? true
      else { return nil }
      return alert
    }
    return matches.sorted { $0.seq < $1.seq }
  }

  /// Cancels `alerts` (active ones) in the given order.
  mutating func cancelInOrder(_ alerts: [Alert]) {
    for alert in alerts {
      move(alert.id, to: .cancelled, reason: "cancelled", hide: "cancelled")
    }
  }

  // MARK: - Time, navigation and the pump

  /// Applies one fired timer.
  mutating func fire(_ timer: Timer) {
    switch timer {
    case .ready(let id):
      guard records[id]?.alert.state == .scheduled else { return }
      move(id, to: .pending, reason: "ready")
    case .expire(let id):
      guard let state = records[id]?.alert.state, state == .scheduled || state == .pending
      else { return }
      move(id, to: .expired, reason: "expired")
    case .dismiss(let id):
      guard records[id]?.alert.state == .showing else { return }
      move(id, to: .done, reason: "timeout", hide: "timeout")
    case .gapEnd(let queue):
      queues[queue].gapUntil = nil
      dirty.insert(queue)
    }
  }

  /// After the active scope changed: suspends every showing alert whose scope is no longer
  /// active (per queue, in the order they were shown), and lets every queue pump.
  /// - Complexity: O(q + s log n) for q queues and s showing alerts.
  mutating func navigationChanged(from previous: String?) {
    let active = navigation.active
    guard active != previous else { return }
    for queue in queues.indices {
      let leaving = queues[queue].showing.keys.compactMap { records[$0] }
        .filter { $0.alert.scope != nil && $0.alert.scope != active }
        .sorted { $0.showSeq < $1.showSeq }
      for record in leaving {
        move(record.alert.id, to: .suspended, reason: "suspended", hide: "suspended")
      }
      dirty.insert(queue)
    }
  }

  /// Pumps every queue touched since the last pump, in the order the queues were created,
  /// then emits `alert.idle` for each that went from busy to empty.
  mutating func settle() {
    for queue in dirty.sorted() {
      pump(queue)
      if queues[queue].isBusy && queues[queue].activeIDs.isEmpty {
        queues[queue].isBusy = false
        outputs.append(.event(.alertIdle(queue: queues[queue].name, at: now)))
      }
    }
    dirty.removeAll()
  }

  /// Shows the queue's best eligible alerts until it is full (then lets a better preempting
  /// one displace the lowest-priority showing alert) or nothing is eligible.
  /// - Complexity: O(log n) per alert shown.
  mutating func pump(_ queue: Int) {
    guard queues[queue].pauseReasons.isEmpty, queues[queue].gapUntil == nil else { return }
    while let next = queues[queue].nextToShow(activeScope: navigation.active),
      let record = records[next.key]
    {
      let reason = record.alert.state == .suspended ? "resumed" : "shown"
      if queues[queue].showing.count < queues[queue].settings.maxConcurrent {
        move(next.key, to: .showing, reason: reason)
        continue
      }
      guard record.preempt, let lowest = queues[queue].showing.min,
        next.rank.priority > lowest.rank.priority
      else { return }
      move(lowest.key, to: .suspended, reason: "preempted", hide: "preempted")
      move(next.key, to: .showing, reason: reason)
    }
  }
}
