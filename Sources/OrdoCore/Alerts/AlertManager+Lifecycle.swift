// The alert life cycle: state transitions with their indexes, timers and events, the
// instants of time, and the pump.

extension AlertManager {
  /// Starts a mutating call.
  mutating func beginChange() {
    forgottenThisCall.removeAll()
  }

  /// Ends a mutating call (docs/protocol.md#one-instant-one-decision): the call's own changes
  /// are in; pump once, then apply what is due at this same instant (expiries set by the
  /// call, such as `ttlMs: 0`). Also lets restored alerts compete from now on.
  mutating func finishChange() {
    holdingRestored = false
    settle()
    while let due = timers.nextDue, due <= now { runInstant() }
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

  /// The next unused `alert-N` id: not an alert the manager holds, nor one the show history
  /// names (with durable state, an ended alert is gone after a restart but its shows stay).
  mutating func generateID() -> String {
    while true {
      lastGeneratedID += 1
      let id = "alert-\(lastGeneratedID)"
      if records[id] == nil && !shows.contains(id: id) { return id }
    }
  }

  /// The oldest active alert of `queue` with `key`.
  /// - Complexity: O(k) for k active alerts with that key.
  func oldestActive(key: String, queue: String) -> Record? {
    (activeByKey[key] ?? []).lazy.compactMap { self.records[$0] }
      .filter { $0.alert.queue == queue }
      .min { $0.alert.seq < $1.alert.seq }
  }

  /// The times of the shows that count for an alert of `type` with `key` under `limit`
  /// (per key only when the limit says so).
  func countedShows(type: String, key: String?, limit: FrequencyLimit?) -> [Int64] {
    shows.times(type: type, key: limit?.countsPerKey == true ? key : nil)
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
    switch alert.state {
    case .scheduled:
      if let readyAt = alert.readyAt { timers.schedule(.ready(alert.id), at: readyAt) }
    case .pending, .suspended:
      queues[record.queue].insertWaiting(
        alert.id, scope: alert.scope, rank: ShowRank(priority: alert.priority, seq: alert.seq),
        preempt: record.preempt)
    case .showing, .done, .cancelled, .expired:
      preconditionFailure("inserted an alert that is \(alert.state)")
    }
    noteDurable(alert)
    dirty.insert(record.queue)
  }

  /// Dedupe `replace`: updates `data` and `priority` where given; a showing alert whose data
  /// or priority changed gets `alert.update` (a replace that changes nothing sends none).
  /// - Complexity: O(log n)
  mutating func replace(_ id: String, data: RawJSON?, priority: Int64?) {
    guard var record = records[id] else { return }
    let changed =
      (data != nil && data != record.alert.data)
      || (priority != nil && priority != record.alert.priority)
    guard changed else { return }
    if let data { record.alert.data = data }
    if let priority { record.alert.priority = priority }
    records[id] = record
    let alert = record.alert
    switch alert.state {
    case .pending, .suspended:
      queues[record.queue].insertWaiting(
        id, scope: alert.scope, rank: ShowRank(priority: alert.priority, seq: alert.seq),
        preempt: record.preempt)
    case .showing:
      queues[record.queue].showing.upsert(
        id, rank: DisplaceRank(priority: alert.priority, showSeq: record.showSeq))
      outputs.append(.event(.alertUpdate(alert: alert, at: now)))
    case .scheduled, .done, .cancelled, .expired:
      break
    }
    noteDurable(alert)
    dirty.insert(record.queue)
  }

  /// Moves alert `id` to `newState`, keeping indexes, timers, counts, history and the show
  /// history in step, and emits `alert.changed` (when subscribed), the show, or
  /// `alert.hide` with `hideReason` when it leaves the screen. An ended state takes its
  /// `endReason` from `reason`. Returns the alert as changed.
  /// - Complexity: O(log n)
  @discardableResult
  mutating func move(
    _ id: String, to newState: AlertState, reason: ChangeReason, hide hideReason: HideReason? = nil,
    update: (inout Alert) -> Void = { _ in }
  ) -> Alert? {
    guard var record = records[id] else { return nil }
    let queue = record.queue
    let previous = record.alert.state
    switch previous {
    case .scheduled: timers.cancel(.ready(id))
    case .pending, .suspended:
      queues[queue].removeWaiting(id, scope: record.alert.scope, preempt: record.preempt)
    case .showing:
      queues[queue].showing.remove(id)
      timers.cancel(.dismiss(id))
    case .done, .cancelled, .expired: break
    }

    record.alert.state = newState
    update(&record.alert)
    switch newState {
    case .scheduled:
      if let readyAt = record.alert.readyAt { timers.schedule(.ready(id), at: readyAt) }
    case .pending, .suspended:
      queues[queue].insertWaiting(
        id, scope: record.alert.scope,
        rank: ShowRank(priority: record.alert.priority, seq: record.alert.seq),
        preempt: record.preempt)
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
      if previous != .suspended { recordShow(of: record.alert) }
    case .done, .cancelled, .expired:
      timers.cancel(.expire(id))
      record.alert.endedAt = now
      record.alert.endReason = EndReason(reason)
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
    if observesTimeline {
      observations.append(
        .changed(
          id: id, queue: alert.queue, state: newState, previous: previous, reason: reason,
          at: now))
    }
    if reportsStateChanges {
      outputs.append(
        .event(
          .alertChanged(
            id: id, queue: alert.queue, state: newState, previous: previous, reason: reason,
            at: now)))
    }
    if newState == .showing {
      outputs.append(.show(alert, resumed: previous == .suspended, at: now))
    }
    if previous == .showing {
      if let hideReason {
        outputs.append(.event(.alertHide(id: id, queue: alert.queue, reason: hideReason, at: now)))
      }
      if alert.mount != nil { outputs.append(.unmount(alertID: id)) }
      if newState.isEnded { startGap(queue) }
    }
    if newState.isEnded { trimHistory(of: queue) }
    noteDurable(alert)
    dirty.insert(queue)
    return alert
  }

  /// Counts a show (one that is not a resumption) for the frequency limits.
  private mutating func recordShow(of alert: Alert) {
    lastShowOrder += 1
    let record = ShowRecord(
      id: alert.id, type: alert.type, key: alert.key, queue: alert.queue, at: now,
      wallAt: startedWallAt.addingClamped(now), order: lastShowOrder)
    shows.append(record)
    if tracksDurableChanges {
      durable.shows.append(record)
      durable.countersChanged = true
    }
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

  // MARK: - History of ended alerts

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
      move(alert.id, to: .cancelled, reason: .cancelled, hide: .cancelled)
    }
  }

  // MARK: - Instants, navigation and the pump

  /// Decides the instant `now` (docs/protocol.md#one-instant-one-decision): every gap end,
  /// auto-hide and readiness due now takes effect (in that order, each kind in `seq` order,
  /// whatever order the timers were set in: an auto-hide now starts its queue's next gap),
  /// the queues pump once, then the expiries due now apply, in `seq` order, to what still
  /// waits.
  /// - Complexity: O(t log n) for the t timers due now, plus the pump.
  mutating func runInstant() {
    var dismissals: [String] = []
    var readiness: [String] = []
    var expiries: [String] = []
    while let timer = timers.popDue(upTo: now) {
      switch timer.key {
      case .ready(let id): readiness.append(id)
      case .expire(let id): expiries.append(id)
      case .dismiss(let id): dismissals.append(id)
      case .gapEnd(let queue):
        queues[queue].gapUntil = nil
        dirty.insert(queue)
      }
    }
    for id in inSeqOrder(dismissals) where records[id]?.alert.state == .showing {
      move(id, to: .done, reason: .timeout, hide: .timeout)
    }
    for id in inSeqOrder(readiness) where records[id]?.alert.state == .scheduled {
      move(id, to: .pending, reason: .ready)
    }
    settle()
    for id in inSeqOrder(expiries) {
      guard let state = records[id]?.alert.state, state == .scheduled || state == .pending
      else { continue }
      move(id, to: .expired, reason: .expired)
    }
    settle()
  }

  private func inSeqOrder(_ ids: [String]) -> [String] {
    guard ids.count > 1 else { return ids }
    return ids.sorted { (records[$0]?.alert.seq ?? 0) < (records[$1]?.alert.seq ?? 0) }
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
        move(record.alert.id, to: .suspended, reason: .suspended, hide: .suspended)
      }
      dirty.insert(queue)
    }
  }

  /// Pumps every queue touched since the last pump, in the order the queues were created,
  /// then emits `alert.idle` for each that went from busy to empty. Does nothing while
  /// restored alerts wait for the first call.
  mutating func settle() {
    guard !holdingRestored, !dirty.isEmpty else { return }
    for queue in dirty.sorted() {
      pump(queue)
      if queues[queue].isBusy && queues[queue].activeIDs.isEmpty {
        queues[queue].isBusy = false
        outputs.append(.event(.alertIdle(queue: queues[queue].name, at: now)))
      }
    }
    dirty.removeAll()
  }

  /// Fills the queue's free places with its best eligible alerts; then, while it is full, lets
  /// the best eligible *preempting* alert displace the lowest-priority showing one when its
  /// priority is strictly greater. An alert a frequency limit forbids is dropped or deferred
  /// at its turn and the next one is considered.
  /// - Complexity: O(log n) per alert shown, displaced or limited.
  mutating func pump(_ queue: Int) {
    guard queues[queue].isOpen else { return }
    let active = navigation.active
    while queues[queue].showing.count < queues[queue].settings.maxConcurrent,
      let next = queues[queue].waiting.best(activeScope: active)
    {
      if mayShow(next.key) { show(next.key) }
    }
    while let next = queues[queue].preempting.best(activeScope: active),
      queues[queue].showing.count >= queues[queue].settings.maxConcurrent,
      let lowest = queues[queue].showing.min, next.rank.priority > lowest.rank.priority
    {
      guard mayShow(next.key) else { continue }
      move(lowest.key, to: .suspended, reason: .preempted, hide: .preempted)
      show(next.key)
    }
  }

  private mutating func show(_ id: String) {
    let resumed = records[id]?.alert.state == .suspended
    move(id, to: .showing, reason: resumed ? .resumed : .shown)
  }

  /// Whether waiting alert `id` may show now under its frequency limit. A resumption is not a
  /// new show and is always allowed. When the limit forbids it, the alert is dropped
  /// (cancelled, `limited`) or deferred to its `retryAt` (`scheduled`), and false returned.
  private mutating func mayShow(_ id: String) -> Bool {
    guard let record = records[id], record.alert.state == .pending,
      record.limit != nil || (record.cooldownMs ?? 0) > 0
    else { return true }
    let allowedAt = ShowHistory.earliestShow(
      at: now,
      times: countedShows(type: record.alert.type, key: record.alert.key, limit: record.limit),
      limit: record.limit, cooldownMs: record.cooldownMs)
    guard allowedAt != now else { return true }
    if record.onLimit == .defer, let allowedAt {
      move(id, to: .scheduled, reason: .deferred) { $0.readyAt = allowedAt }
    } else {
      move(id, to: .cancelled, reason: .limited)
    }
    return false
  }
}

extension EndReason {
  /// The end reason of a change into an ended state.
  init?(_ reason: ChangeReason) {
    switch reason {
    case .completed: self = .completed
    case .timeout: self = .timeout
    case .cancelled: self = .cancelled
    case .expired: self = .expired
    case .limited: self = .limited
    case .ready, .shown, .resumed, .suspended, .preempted, .deferred: return nil
    }
  }
}
