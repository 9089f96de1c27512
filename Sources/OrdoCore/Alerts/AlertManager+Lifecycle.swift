// The alert life cycle: state transitions with their indexes, timers and events, the
// instants of time, and the pump.

extension AlertManager {
  /// Starts a mutating call.
  mutating func beginChange() {
    callSubject = 0
    forgottenSubject = nil
  }

  /// Ends a mutating call (docs/protocol.md#one-instant-one-decision): the call's own changes
  /// are in; pump once, then apply what is due at this same instant (expiries set by the
  /// call, such as `ttlMs: 0`). Also lets restored alerts compete from now on.
  mutating func finishChange() {
    holdingRestored = false
    settle()
    finishInstant()
  }

  /// Decides what is still due at `now` (a decision can set timers due at once, such as a
  /// show's zero gap), then sends `alert.idle`, last, for each queue the instant left empty,
  /// in queue order: a queue emptied and refilled within the instant was never idle.
  mutating func finishInstant() {
    while let due = timers.nextDue, due <= now { runInstant() }
    if holdingRestored {
      // Frozen after a restore (docs/protocol.md#after-a-restart): what fell due applied
      // silently, and a queue it emptied goes idle silently too, as one whose alerts
      // expired while the engine was down (restored as ended, it was never busy). Queues
      // do not pump meanwhile, so the ones it emptied are among the dirty ones.
      for queue in dirty where queues[queue].isBusy && queues[queue].active.count == 0 {
        queues[queue].isBusy = false
      }
      return
    }
    guard !pumpedThisInstant.isEmpty else { return }
    var previous = -1
    for queue in pumpedThisInstant.sorted() where queue != previous {
      previous = queue
      if queues[queue].isBusy && queues[queue].active.count == 0 {
        queues[queue].isBusy = false
        events.append(.alertIdle(queue: queues[queue].name, at: now))
      }
    }
    pumpedThisInstant.removeAll(keepingCapacity: true)
  }

  /// The call's subject (`callSubject`), the alert with sequence number `seq` in `slot`, as
  /// it is now: in its slot, or as history trimming forgot it during the call (then
  /// `forgottenSubject` keeps it). No other path frees the slot of the call's subject during
  /// the call; were one added, the slot's fields are the answer (its `data` and `result`
  /// cleared) rather than a crash. (It reads the slot once, at the end: taking a snapshot of
  /// the alert earlier, to fall back on, copied it whole on every call.)
  @inline(__always)
  func finalState(of slot: Int32, seq: Int64) -> Alert {
    let row = Int(slot)
    if records[row].isLive && alerts[row].seq == seq { return alerts[row] }
    if let forgottenSubject, forgottenSubject.seq == seq { return forgottenSubject }
    assertionFailure("the call's subject in slot \(slot) is gone")
    return alerts[row]
  }

  /// Queues `queue` for the next pump.
  mutating func markDirty(_ queue: Int) {
    guard !queues[queue].isDirty else { return }
    queues[queue].isDirty = true
    dirty.append(queue)
  }

  /// The index of queue `name`, creating the queue with default settings.
  mutating func queueOrdinal(_ name: String) -> Int {
    if let defaultQueue, name == "default" { return defaultQueue }
    if let index = queueIndex[name] { return index }
    queues.append(AlertQueue(name: name))
    queueIndex.addIfAbsent(name, queues.count - 1)
    if name == "default" { defaultQueue = queues.count - 1 }
    return queues.count - 1
  }

  /// The next unused `alert-N` id: not an alert the manager holds, nor one the show history
  /// names (with durable state, an ended alert is gone after a restart but its shows stay).
  mutating func generateID() -> (id: String, hash: UInt32) {
    while true {
      lastGeneratedID += 1
      let id = Self.generatedID(number: lastGeneratedID)
      let hash = IDIndex.hash(id)
      if slot(of: id, hash: hash) == nil && !shows.containsGeneratedID(number: lastGeneratedID) {
        return (id, hash)
      }
    }
  }

  /// The id generated as the `number`th: `alert-N`.
  static func generatedID(number: Int64) -> String { GeneratedID.make("alert-", number) }

  /// N when `id` is exactly `generatedID(number: N)`, nil for any other id (`alert-02`,
  /// `alert-+3` are not generated ids).
  static func generatedIDNumber(_ id: String) -> Int64? {
    let prefix = "alert-".utf8
    guard id.utf8.starts(with: prefix) else { return nil }
    let digits = id.utf8.dropFirst(prefix.count)
    guard let number = Int64(Substring(digits)), generatedID(number: number) == id
    else { return nil }
    return number
  }

  /// The oldest active alert of `queue` with `key`.
  ///
  /// Both the key's list and the queue's are in enqueue order (the invariants check it), so
  /// the first alert of either that is on the other is the oldest: the shorter list is
  /// walked. (Walking the key's whole list, across queues, made a key shared by many queues
  /// quadratic: 16 s for 40 000 enqueues, each to a queue of its own.)
  /// - Complexity: O(min(k, q)) for k active alerts with that key and q in that queue.
  func oldestActive(key: String, queue: String) -> Int32? {
    guard let number = keyNames.number(of: key), let queueNumber = queueIndex[queue] else {
      return nil
    }
    let byKey = keyNames.lists[Int(number)]
    let byQueue = queues[queueNumber].active
    let walksKey = byKey.count <= byQueue.count
    var slot = walksKey ? byKey.first : byQueue.first
    while slot >= 0 {
      let row = Int(slot)
      if walksKey ? records[row].queue == queueNumber : records[row].keyName == number {
        return slot
      }
      slot = records[row][link: walksKey ? .key : .queue].next
    }
    return nil
  }

  /// The times of the shows that count for an alert of `type` with `key` under `limit`
  /// (per key only when the limit says so).
  func countedShows(type: String, key: String?, limit: FrequencyLimit?) -> PagedArray<Int64> {
    shows.times(type: type, key: limit?.countsPerKey == true ? key : nil)
  }

  /// Adds a new active (scheduled or pending) alert with its indexes and timers; returns its
  /// slot. `typeName`: its type's number, and `idHash`: its id's hash, when known.
  /// - Complexity: O(log n)
  @discardableResult
  mutating func insert(
    _ alert: consuming Alert, _ record: Record, typeName: Int32? = nil, idHash: UInt32? = nil
  ) -> Int32 {
    // The alert moves into its slot (no copy of its references); what follows reads it there.
    let slot = allocate(alert, record, idHash: idHash)
    let row = Int(slot)
    let typeName = typeName ?? typeNames.intern(alerts[row].type)
    records[row].typeName = typeName
    if let key = alerts[row].key { records[row].keyName = keyNames.intern(key) }
    if let scope = alerts[row].scope { records[row].scopeName = scopeNames.intern(scope) }
    let state = alerts[row].state
    counts[state] += 1
    addToActiveLists(slot)
    queues[record.queue].isBusy = true
    // A suspended alert (restored: it has shown) never expires, and has no timer for it.
    if state != .suspended, let expiresAt = alerts[row].expiresAt {
      schedule(.expire, of: slot, at: expiresAt)
    }
    switch state {
    case .scheduled:
      if let readyAt = alerts[row].readyAt { schedule(.ready, of: slot, at: readyAt) }
    case .pending, .suspended:
      insertWaiting(slot)
    case .showing, .done, .cancelled, .expired:
      preconditionFailure("inserted an alert that is \(state)")
    }
    noteDurable(slot: slot)
    markDirty(record.queue)
    return slot
  }

  /// Dedupe `replace`: updates `data` and `priority` where given; a showing alert whose data
  /// or priority changed gets `alert.update` (a replace that changes nothing sends none).
  /// - Complexity: O(log n)
  mutating func replace(_ slot: Int32, data: RawJSON??, priority: Int64?) {
    // `data`: nil keeps it, `.some(nil)` clears it.
    let changed =
      (data.map { $0 != alerts[Int(slot)].data } ?? false)
      || (priority != nil && priority != alerts[Int(slot)].priority)
    guard changed else { return }
    if let data { alerts[Int(slot)].data = data }
    if let priority { alerts[Int(slot)].priority = priority }
    let record = records[Int(slot)]
    let alert = alerts[Int(slot)]
    switch alert.state {
    case .pending, .suspended:
      insertWaiting(slot)
    case .showing:
      queues[record.queue].showing.upsert(
        slot, rank: DisplaceRank(priority: alert.priority, showSeq: record.showSeq),
        positions: &showingPositions)
      events.append(.alertUpdate(alert: alert, at: now))
    case .scheduled, .done, .cancelled, .expired:
      break
    }
    if observesTimeline { observations.append(.updated(alert, at: now)) }
    noteDurable(slot: slot)
    markDirty(record.queue)
  }

  /// Moves the alert in `slot` to `newState`, keeping indexes, timers, counts, history and the
  /// show history in step, and emits `alert.changed` (when subscribed), the show, or
  /// `alert.hide` with `hideReason` when it leaves the screen. An ended state takes its
  /// `endReason` from `reason`.
  /// - Complexity: O(log n)
  mutating func move(
    _ slot: Int32, to newState: AlertState, reason: ChangeReason,
    hide hideReason: HideReason? = nil, update: (inout Alert) -> Void = { _ in }
  ) {
    let row = Int(slot)
    let queue = records[row].queue
    let previous = alerts[row].state
    switch previous {
    case .scheduled: cancelTimer(.ready, of: slot)
    case .pending, .suspended: removeWaiting(slot)
    case .showing:
      queues[queue].showing.remove(slot, positions: &showingPositions)
      cancelTimer(.dismiss, of: slot)
    case .done, .cancelled, .expired: break
    }

    alerts[row].state = newState
    update(&alerts[row])
    switch newState {
    case .scheduled:
      if let readyAt = alerts[row].readyAt { schedule(.ready, of: slot, at: readyAt) }
    case .pending, .suspended:
      insertWaiting(slot)
    case .showing:
      lastShowSeq += 1
      records[row].showSeq = lastShowSeq
      alerts[row].shownAt = now
      alerts[row].shownCount += 1
      queues[queue].showing.upsert(
        slot,
        rank: DisplaceRank(priority: alerts[row].priority, showSeq: lastShowSeq),
        positions: &showingPositions)
      cancelTimer(.expire, of: slot)
      if let durationMs = alerts[row].durationMs {
        schedule(.dismiss, of: slot, at: now.addingClamped(durationMs))
      }
      if previous != .suspended { recordShow(of: row) }
    case .done, .cancelled, .expired:
      cancelTimer(.expire, of: slot)
      alerts[row].endedAt = now
      alerts[row].endReason = EndReason(reason)
      lastEndOrder += 1
      records[row].endOrder = lastEndOrder
      removeFromActiveLists(slot)
      queues[queue].history.append(slot: slot, endOrder: lastEndOrder, seq: alerts[row].seq)
      queues[queue].historyCount += 1
    }
    counts[previous] -= 1
    counts[newState] += 1

    // Fields are read where they are needed, not copied out whole: a copy reads every cache
    // line of the alert, and a cancelled waiting alert needs few of them.
    if observesTimeline {
      observations.append(
        .changed(
          id: alerts[row].id, queue: alerts[row].queue, state: newState, previous: previous,
          reason: reason, at: now))
    }
    if reportsStateChanges {
      events.append(
        .alertChanged(
          id: alerts[row].id, queue: alerts[row].queue, state: newState, previous: previous,
          reason: reason, at: now))
    }
    if newState == .showing {
      events.append(
        .alertShow(alert: alerts[row], resumed: previous == .suspended, at: now, layer: nil))
      if alerts[row].mount != nil { layerChanges.append(.mount(eventIndex: events.count - 1)) }
    }
    if previous == .showing {
      if let hideReason {
        events.append(
          .alertHide(id: alerts[row].id, queue: alerts[row].queue, reason: hideReason, at: now))
      }
      if alerts[row].mount != nil { layerChanges.append(.unmount(alertID: alerts[row].id)) }
      if newState.isEnded { startGap(queue) }
    }
    // Before trimming, which may free this very alert's slot.
    noteDurable(slot: Int32(row))
    if newState.isEnded { trimHistory(of: queue) }
    markDirty(queue)
  }

  /// Counts the show alert `row` starts now (one that is not a resumption) for the frequency
  /// limits. (Given the row, not the alert: a copy of an alert copies all of its fields.)
  private mutating func recordShow(of row: Int) {
    lastShowOrder += 1
    let record = ShowRecord(
      id: alerts[row].id, type: alerts[row].type, key: alerts[row].key,
      queue: alerts[row].queue, at: now,
      wallAt: wallTime(of: now), order: lastShowOrder)
    shows.append(record)
    if tracksDurableChanges {
      durable.shows.append(record)
      durable.countersChanged = true
    }
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

  /// Whether the entry's slot still holds the ended alert it names. A record's `endOrder` is
  /// set when its alert ends (0 until then), and an alert never leaves an ended state, so the
  /// record alone tells; the alert, larger and usually out of the caches by the time its entry
  /// is the oldest, is not read.
  func isLive(_ entry: HistoryLog.Entry) -> Bool {
    Self.isLive(entry, in: records)
  }

  static func isLive(_ entry: HistoryLog.Entry, in records: PagedArray<Record>) -> Bool {
    let record = records[Int(entry.slot)]
    return record.isLive && record.endOrder == entry.endOrder
  }

  /// Forgets the oldest ended alerts of `queue` beyond its `historyLimit`.
  /// - Complexity: amortized O(1) per alert ended.
  mutating func trimHistory(of queue: Int) {
    while queues[queue].historyCount > queues[queue].settings.historyLimit,
      let oldest = queues[queue].history.popOldest()
    {
      guard isLive(oldest) else { continue }
      if oldest.seq == callSubject { forgottenSubject = alerts[Int(oldest.slot)] }
      release(oldest.slot)
      counts.ended -= 1
      queues[queue].historyCount -= 1
    }
  }

  /// Forgets the ended alert in `slot`, so that its id can be reused.
  mutating func forget(slot: Int32) {
    let queue = records[Int(slot)].queue
    release(slot)
    counts.ended -= 1
    queues[queue].historyCount -= 1
    if queues[queue].history.storedCount > 2 * queues[queue].historyCount + 32 {
      let records = self.records
      queues[queue].history.removeAll { !Self.isLive($0, in: records) }
    }
  }

  /// Forgets every ended alert of `queue`.
  mutating func forgetHistory(of queue: Int) {
    for entry in queues[queue].history.all where isLive(entry) {
      release(entry.slot)
      counts.ended -= 1
    }
    queues[queue].history.removeAll()
    queues[queue].historyCount = 0
  }

  // MARK: - Cancelling

  /// The slots of the active alerts matching every filter given, in enqueue order.
  /// - Complexity: O(m log m) for the m candidates of the most selective of `id`, `ids`, `key`,
  ///   `type`, `scope`, `queue`, and `states: ["showing"]` (the showing alerts); O(1) when no
  ///   active alert is in the `states` given; else O(n log n) when only `states` or `all` is
  ///   given.
  func activeAlerts(matching filter: AlertCancelFilter) -> [Int32] {
    if let id = filter.id, filter.ids == nil, filter.key == nil, filter.type == nil,
      filter.scope == nil, filter.queue == nil, filter.states == nil
    {
      // One id, the usual call: no candidate sets to build.
      guard let slot = slot(of: id), !alerts[Int(slot)].state.isEnded else { return [] }
      return [slot]
    }
    // The smallest source of candidates (a list and its kind, or ids).
    var best: (count: Int, list: AlertList, kind: ListKind)?
    func consider(_ list: AlertList?, kind: ListKind) {
      let list = list ?? AlertList()
      if best.map({ list.count < $0.count }) ?? true { best = (list.count, list, kind) }
    }
    var idSource: [String]?
    if let id = filter.id { idSource = [id] }
    if let ids = filter.ids, idSource.map({ ids.count < $0.count }) ?? true { idSource = ids }
    if let key = filter.key {
      consider(keyNames.number(of: key).map { keyNames.lists[Int($0)] }, kind: .key)
    }
    if let type = filter.type {
      consider(typeNames.number(of: type).map { typeNames.lists[Int($0)] }, kind: .type)
    }
    if let scope = filter.scope {
      consider(
        scopeNames.number(of: scope).map { scopeNames.lists[Int($0)] }, kind: .scope)
    }
    if let queue = filter.queue {
      consider(queueIndex[queue].map { queues[$0].active }, kind: .queue)
    }
    // The alerts in the states asked for are counted: none, and nothing matches; showing
    // ones (a few per queue) are read alone when fewer.
    var showingOnly = false
    if let states = filter.states {
      let inStates = Set(states).reduce(0) { $0 + counts[$1] }
      if inStates == 0 { return [] }
      showingOnly =
        states.allSatisfy({ $0 == .showing }) && (best.map({ inStates < $0.count }) ?? true)
        && (idSource.map({ inStates < $0.count }) ?? true)
    }
    var candidates: [Int32]
    if showingOnly {
      candidates = showingSlots(of: nil)
    } else if let idSource, best.map({ idSource.count <= $0.count }) ?? true {
      candidates = []
      var seen = Set<Int32>()
      for id in idSource {
        if let slot = slot(of: id), seen.insert(slot).inserted { candidates.append(slot) }
      }
    } else if let best {
      candidates = slots(on: best.list, kind: best.kind)
    } else {
      candidates = queues.flatMap { slots(on: $0.active, kind: .queue) }
    }
    let ids = filter.ids.map(Set.init)
    let states = filter.states.map(Set.init)
    // The closures read this array, field by field: capturing `self` copied the whole manager
    // (and `let alert = alerts[i]` every candidate alert).
    let alerts = self.alerts
    candidates.removeAll { slot in
      let row = Int(slot)
      let state = alerts[row].state
      let matches =
        !state.isEnded
        && filter.id.map({ $0 == alerts[row].id }) ?? true
        && ids?.contains(alerts[row].id) ?? true
        && filter.key.map({ $0 == alerts[row].key }) ?? true
        && filter.type.map({ $0 == alerts[row].type }) ?? true
        && filter.scope.map({ $0 == alerts[row].scope }) ?? true
        && filter.queue.map({ $0 == alerts[row].queue }) ?? true
        && states?.contains(state) ?? true
      return !matches
    }
    return inSeqOrder(candidates)
  }

  /// Cancels the active alerts in `slots`, in the given order.
  mutating func cancelInOrder(_ slots: [Int32]) {
    for slot in slots {
      move(slot, to: .cancelled, reason: .cancelled, hide: .cancelled)
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
    var dismissals: [Int32] = []
    var readiness: [Int32] = []
    var expiries: [Int32] = []
    while let timer = timers.popDue(upTo: now) {
      switch timer.key {
      case .ready(let slot):
        records[Int(slot)].timers.remove(.ready)
        readiness.append(slot)
      case .expire(let slot):
        records[Int(slot)].timers.remove(.expire)
        expiries.append(slot)
      case .dismiss(let slot):
        records[Int(slot)].timers.remove(.dismiss)
        dismissals.append(slot)
      case .gapEnd(let queue):
        queues[queue].gapUntil = nil
        markDirty(queue)
      }
    }
    for slot in inSeqOrder(dismissals) where alerts[Int(slot)].state == .showing {
      move(slot, to: .done, reason: .timeout, hide: .timeout)
    }
    for slot in inSeqOrder(readiness) where alerts[Int(slot)].state == .scheduled {
      move(slot, to: .pending, reason: .ready)
    }
    settle()
    for slot in inSeqOrder(expiries) {
      let state = alerts[Int(slot)].state
      guard state == .scheduled || state == .pending else { continue }
      move(slot, to: .expired, reason: .expired)
    }
    settle()
  }

  /// `slots` in enqueue order.
  func inSeqOrder(_ slots: [Int32]) -> [Int32] {
    guard slots.count > 1 else { return slots }
    // The comparison reads this array: capturing `self` copied the whole manager.
    let alerts = self.alerts
    return slots.sorted { alerts[Int($0)].seq < alerts[Int($1)].seq }
  }

  /// After the active scope changed: suspends every showing alert whose scope is no longer
  /// active (per queue, in the order they were shown), and lets the queues holding alerts of
  /// the scope left or the scope shown pump. No other alert can change: a scoped alert
  /// shows only while its scope is active, and an unscoped one does not depend on it.
  /// (Every queue used to pump: a session that used a queue per page paid for all of them,
  /// 1.2 ms per `nav.push` with 20 000 idle queues.) The alerts to suspend are the showing
  /// ones of the page left, found on its list: a scoped alert shows only while its page is
  /// active. (Scanning every showing alert of those queues cost O(s) with s unscoped ones
  /// showing: 0.7 ms per page change at 100 000.)
  /// - Complexity: O(a + l log l) for a alerts of those two scopes, l of them suspended.
  mutating func navigationChanged(from previous: String?) {
    let active = navigation.active
    guard active != previous else { return }
    var touched: Set<Int> = []
    var leavingByQueue: [Int: [Int32]] = [:]
    for scope in [previous, active] {
      guard let scope, let number = scopeNames.number(of: scope) else { continue }
      // Read first: an argument reading `self` made the call copy the whole manager.
      let list = scopeNames.lists[Int(number)]
      let isLeft = scope == previous
      for slot in slots(on: list, kind: .scope) {
        let queue = records[Int(slot)].queue
        touched.insert(queue)
        if isLeft && alerts[Int(slot)].state == .showing {
          leavingByQueue[queue, default: []].append(slot)
        }
      }
    }
    for queue in touched.sorted() {
      let leaving = (leavingByQueue[queue] ?? [])
        .sorted { records[Int($0)].showSeq < records[Int($1)].showSeq }
      for slot in leaving {
        move(slot, to: .suspended, reason: .suspended, hide: .suspended)
      }
      markDirty(queue)
    }
  }

  /// Pumps every queue touched since the last pump, in the order the queues were created
  /// (`finishInstant` sends the `alert.idle`s). Does nothing while restored alerts wait for
  /// the first call.
  mutating func settle() {
    guard !holdingRestored, !dirty.isEmpty else { return }
    // A pump changes alerts of its own queue only: nothing joins `dirty` meanwhile.
    for queue in dirty.count > 1 ? dirty.sorted() : dirty {
      pump(queue)
      if queues[queue].isBusy && queues[queue].active.count == 0 {
        pumpedThisInstant.append(queue)
      }
    }
    for queue in dirty { queues[queue].isDirty = false }
    dirty.removeAll(keepingCapacity: true)
  }

  /// The number of the active scope, -1 when there is none or no alert has that scope.
  private var activeScopeNumber: Int32 {
    navigation.active.flatMap { scopeNames.number(of: $0) } ?? -1
  }

  /// Fills the queue's free places with its best eligible alerts; then, while it is full, lets
  /// the best eligible *preempting* alert displace the lowest-priority showing one when its
  /// priority is strictly greater. An alert a frequency limit forbids is dropped or deferred
  /// at its turn and the next one is considered.
  /// - Complexity: O(log n) per alert shown, displaced or limited. Alerts deferred by one
  ///   limit share its `retryAt` and come back together: n of them cost O(n log n) per show.
  mutating func pump(_ queue: Int) {
    guard queues[queue].isOpen else { return }
    let hasScoped = queues[queue].waiting.scoped != nil
    let active = hasScoped ? activeScopeNumber : -1
    while queues[queue].showing.count < queues[queue].settings.maxConcurrent,
      let next = queues[queue].waiting.best(activeScope: active)
    {
      if mayShow(next.slot) { show(next.slot) }
    }
    while let next = queues[queue].preempting.best(activeScope: active),
      queues[queue].showing.count >= queues[queue].settings.maxConcurrent,
      let lowest = queues[queue].showing.min, next.rank.priority > lowest.rank.priority
    {
      guard mayShow(next.slot) else { continue }
      move(lowest.slot, to: .suspended, reason: .preempted, hide: .preempted)
      show(next.slot)
    }
  }

  private mutating func show(_ slot: Int32) {
    let resumed = alerts[Int(slot)].state == .suspended
    move(slot, to: .showing, reason: resumed ? .resumed : .shown)
  }

  /// Whether the waiting alert in `slot` may show now under its frequency limit. A
  /// resumption is not a new show and is always allowed. When the limit forbids it, the
  /// alert is dropped (cancelled, `limited`) or deferred to its `retryAt` (`scheduled`), and
  /// false returned.
  private mutating func mayShow(_ slot: Int32) -> Bool {
    let row = Int(slot)
    guard alerts[row].state == .pending,
      records[row].limit != nil || (records[row].cooldownMs ?? 0) > 0
    else { return true }
    let record = records[row]
    // Read into locals first: with `alerts[row]` among its arguments, the call copied the
    // whole manager to lend it as `self`.
    let (type, key) = (alerts[row].type, alerts[row].key)
    let allowedAt = ShowHistory.earliestShow(
      at: now, times: countedShows(type: type, key: key, limit: record.limit),
      limit: record.limit, cooldownMs: record.cooldownMs)
    guard allowedAt != now else { return true }
    if record.onLimit == .defer, let allowedAt {
      move(slot, to: .scheduled, reason: .deferred) { $0.readyAt = allowedAt }
    } else {
      move(slot, to: .cancelled, reason: .limited)
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
