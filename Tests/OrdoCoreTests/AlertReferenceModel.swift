@testable import OrdoCore

/// A deliberately naive alert manager for the randomized tests: arrays and linear scans,
/// every queue pumped after every change, written from docs/protocol.md#alerts and the choices documented
/// on `AlertManager` rather than from its code. No layers (alerts have no `mount`).
struct AlertReferenceModel {
  struct Entry {
    var alert: Alert
    var preempt: Bool
    var showSeq: Int64 = 0
    var endOrder: Int64 = 0
  }

  struct Queue {
    var settings: AlertQueueSettings
    var reasons: Set<String> = []
    var gapUntil: Int64?
    var busy = false
  }

  enum TimerKind: Equatable {
    case ready(String)
    case expire(String)
    case dismiss(String)
    case gap(String)
  }

  struct Timer {
    var kind: TimerKind
    var due: Int64
    var seq: Int64
  }

  let maxAlerts: Int
  var now: Int64 = 0
  /// Every alert the model knows: active ones and ended ones in history.
  var entries: [Entry] = []
  /// In creation order.
  var queues: [Queue] = []
  var types: [String: AlertTypeDefinition] = [:]
  var stack: [String] = []
  var timers: [Timer] = []
  var timerSeq: Int64 = 0
  var seq: Int64 = 0
  var showSeq: Int64 = 0
  var endOrder: Int64 = 0
  var generated = 0
  var subscribed = false
  var events: [ScreenEvent] = []
  var forgotten: [String: Alert] = [:]

  init(maxAlerts: Int) {
    self.maxAlerts = maxAlerts
  }

  var active: String? { stack.last }
  var nextDeadline: Int64? { timers.map(\.due).min() }

  // MARK: helpers

  func index(of id: String) -> Int? { entries.firstIndex { $0.alert.id == id } }

  func queueNumber(_ name: String) -> Int? {
    queues.firstIndex { $0.settings.queue == name }
  }

  mutating func queueCreating(_ name: String) -> Int {
    if let number = queueNumber(name) { return number }
    queues.append(Queue(settings: AlertQueueSettings(queue: name)))
    return queues.count - 1
  }

  mutating func schedule(_ kind: TimerKind, at due: Int64) {
    timers.removeAll { $0.kind == kind }
    timerSeq += 1
    timers.append(Timer(kind: kind, due: due, seq: timerSeq))
  }

  mutating func unschedule(_ kind: TimerKind) {
    timers.removeAll { $0.kind == kind }
  }

  func isActive(_ entry: Entry) -> Bool { !entry.alert.state.isEnded }

  // MARK: transitions

  @discardableResult
  mutating func transition(
    _ id: String, to state: AlertState, reason: ChangeReason, hide: HideReason? = nil
  ) -> Alert? {
    guard let i = index(of: id) else { return nil }
    let previous = entries[i].alert.state
    if previous == .scheduled { unschedule(.ready(id)) }
    if previous == .showing { unschedule(.dismiss(id)) }
    entries[i].alert.state = state
    if state == .showing {
      showSeq += 1
      entries[i].showSeq = showSeq
      entries[i].alert.shownAt = now
      entries[i].alert.shownCount += 1
      unschedule(.expire(id))
      if let duration = entries[i].alert.durationMs { schedule(.dismiss(id), at: now + duration) }
    }
    if state.isEnded {
      unschedule(.expire(id))
      entries[i].alert.endedAt = now
      entries[i].alert.endReason = EndReason(reason)
      endOrder += 1
      entries[i].endOrder = endOrder
    }
    let alert = entries[i].alert
    if subscribed {
      events.append(
        .alertChanged(
          id: id, queue: alert.queue, state: state, previous: previous, reason: reason, at: now))
    }
    if state == .showing {
      events.append(.alertShow(alert: alert, resumed: previous == .suspended, at: now, layer: nil))
    }
    if previous == .showing {
      if let hide { events.append(.alertHide(id: id, queue: alert.queue, reason: hide, at: now)) }
      if state.isEnded, let q = queueNumber(alert.queue), queues[q].settings.minGapMs > 0 {
        let until = now + queues[q].settings.minGapMs
        queues[q].gapUntil = max(until, queues[q].gapUntil ?? until)
        schedule(.gap(alert.queue), at: queues[q].gapUntil ?? until)
      }
    }
    if state.isEnded { trimHistory(alert.queue) }
    return alert
  }

  mutating func trimHistory(_ queue: String) {
    guard let q = queueNumber(queue) else { return }
    while true {
      let ended = entries.indices.filter {
        entries[$0].alert.queue == queue && entries[$0].alert.state.isEnded
      }
      guard ended.count > queues[q].settings.historyLimit,
        let oldest = ended.min(by: { entries[$0].endOrder < entries[$1].endOrder })
      else { return }
      forgotten[entries[oldest].alert.id] = entries[oldest].alert
      entries.remove(at: oldest)
    }
  }

  static func showsBefore(_ lhs: Entry, _ rhs: Entry) -> Bool {
    if lhs.alert.priority != rhs.alert.priority { return lhs.alert.priority > rhs.alert.priority }
    return lhs.alert.seq < rhs.alert.seq
  }

  mutating func pumpAll() {
    for q in queues.indices {
      pump(q)
      let name = queues[q].settings.queue
      if queues[q].busy && !entries.contains(where: { $0.alert.queue == name && isActive($0) }) {
        queues[q].busy = false
        events.append(.alertIdle(queue: name, at: now))
      }
    }
  }

  /// Fill free places with the best eligible alerts; then, while full, the best eligible
  /// preempting alert displaces the lowest-priority showing one if strictly higher.
  mutating func pump(_ q: Int) {
    guard queues[q].reasons.isEmpty, queues[q].gapUntil == nil else { return }
    let name = queues[q].settings.queue
    func eligible(_ entry: Entry) -> Bool {
      entry.alert.queue == name
        && (entry.alert.state == .pending || entry.alert.state == .suspended)
        && (entry.alert.scope == nil || entry.alert.scope == active)
    }
    while true {
      let showing = entries.filter { $0.alert.queue == name && $0.alert.state == .showing }
      guard let best = entries.filter(eligible).min(by: Self.showsBefore) else { return }
      let reason: ChangeReason = best.alert.state == .suspended ? .resumed : .shown
      if showing.count < queues[q].settings.maxConcurrent {
        transition(best.alert.id, to: .showing, reason: reason)
        continue
      }
      let lowest = showing.min {
        $0.alert.priority != $1.alert.priority
          ? $0.alert.priority < $1.alert.priority : $0.showSeq > $1.showSeq
      }
      guard let urgent = entries.filter({ eligible($0) && $0.preempt }).min(by: Self.showsBefore),
        let lowest, urgent.alert.priority > lowest.alert.priority
      else { return }
      transition(lowest.alert.id, to: .suspended, reason: .preempted, hide: .preempted)
      transition(
        urgent.alert.id, to: .showing,
        reason: urgent.alert.state == .suspended ? .resumed : .shown)
    }
  }

  /// One instant: gap ends, auto-hides and readiness due now (each kind by seq), one pump,
  /// then expiries due now (by seq) on what still waits.
  mutating func instant() {
    let due = timers.filter { $0.due <= now }
    timers.removeAll { $0.due <= now }
    func ids(_ pick: (TimerKind) -> String?) -> [String] {
      due.compactMap { pick($0.kind) }.sorted { a, b in
        (index(of: a).map { entries[$0].alert.seq } ?? 0)
          < (index(of: b).map { entries[$0].alert.seq } ?? 0)
      }
    }
    // Gap ends first: an auto-hide at this instant starts the queue's next gap.
    for timer in due {
      if case .gap(let name) = timer.kind, let q = queueNumber(name) { queues[q].gapUntil = nil }
    }
    for id in ids({ if case .dismiss(let id) = $0 { id } else { nil } }) {
      if let i = index(of: id), entries[i].alert.state == .showing {
        transition(id, to: .done, reason: .timeout, hide: .timeout)
      }
    }
    for id in ids({ if case .ready(let id) = $0 { id } else { nil } }) {
      if let i = index(of: id), entries[i].alert.state == .scheduled {
        transition(id, to: .pending, reason: .ready)
      }
    }
    pumpAll()
    for id in ids({ if case .expire(let id) = $0 { id } else { nil } }) {
      if let i = index(of: id), [.scheduled, .pending].contains(entries[i].alert.state) {
        transition(id, to: .expired, reason: .expired)
      }
    }
    pumpAll()
  }

  mutating func advance(to target: Int64) {
    let target = max(target, now)
    while let next = timers.map(\.due).filter({ $0 <= target }).min() {
      now = max(now, next)
      instant()
    }
    now = target
  }

  mutating func begin(_ time: Int64) {
    forgotten = [:]
    advance(to: time)
  }

  mutating func finish() {
    pumpAll()
    while timers.contains(where: { $0.due <= now }) { instant() }
  }

  func final(_ alert: Alert) -> Alert {
    index(of: alert.id).map { entries[$0].alert } ?? forgotten[alert.id] ?? alert
  }

  // MARK: operations (same errors as the manager; messages are not compared)

  mutating func enqueue(_ request: AlertEnqueueRequest, now time: Int64) throws(CoreError)
    -> AlertEnqueueResult
  {
    begin(time)
    if request.delayMs != nil && request.at != nil {
      throw .invalidParams(path: "/at", expected: "", message: "")
    }
    let definition = types[request.type]
    let queue = request.queue ?? definition?.queue ?? "default"
    if let key = request.key, request.onDuplicate != .allow,
      let existing = entries.filter({
        $0.alert.key == key && $0.alert.queue == queue && isActive($0)
      })
      .min(by: { $0.alert.seq < $1.alert.seq })
    {
      switch request.onDuplicate {
      case .error: throw .alreadyExists(.key, id: key)
      case .ignore, .allow:
        finish()
        return AlertEnqueueResult(alert: existing.alert, disposition: .ignored)
      case .replace:
        if let i = index(of: existing.alert.id),
          (request.data != nil && request.data != entries[i].alert.data)
            || (request.priority != nil && request.priority != entries[i].alert.priority)
        {
          if let data = request.data { entries[i].alert.data = data }
          if let priority = request.priority { entries[i].alert.priority = priority }
          if entries[i].alert.state == .showing {
            events.append(.alertUpdate(alert: entries[i].alert, at: now))
          }
        }
        finish()
        return AlertEnqueueResult(alert: final(existing.alert), disposition: .replaced)
      }
    }
    if let id = request.id, let i = index(of: id), isActive(entries[i]) {
      throw .alreadyExists(.alert, id: id)
    }
    let activeCount = entries.filter(isActive).count
    guard activeCount < maxAlerts else {
      throw .limitExceeded(.maxAlerts, limit: maxAlerts, value: activeCount + 1)
    }
    var id = request.id ?? ""
    if request.id == nil {
      repeat {
        generated += 1
        id = "alert-\(generated)"
      } while index(of: id) != nil
    }
    entries.removeAll { $0.alert.id == id }
    let q = queueCreating(queue)
    seq += 1
    var readyAt: Int64?
    if let delay = request.delayMs { readyAt = now + delay }
    if let at = request.at { readyAt = max(at, now) }
    let alert = Alert(
      id: id, queue: queue, type: request.type,
      priority: request.priority ?? definition?.priority ?? 0,
      state: (readyAt ?? now) > now ? .scheduled : .pending,
      scope: request.scope ?? definition?.scope, key: request.key, data: request.data,
      result: nil, seq: seq, createdAt: now, readyAt: readyAt,
      expiresAt: (request.ttlMs ?? definition?.ttlMs).map { now + $0 },
      durationMs: request.durationMs ?? definition?.durationMs, shownAt: nil, endedAt: nil,
      endReason: nil, shownCount: 0, mount: nil)
    entries.append(Entry(alert: alert, preempt: request.preempt))
    queues[q].busy = true
    if let expiresAt = alert.expiresAt { schedule(.expire(id), at: expiresAt) }
    if alert.state == .scheduled, let readyAt { schedule(.ready(id), at: readyAt) }
    finish()
    return AlertEnqueueResult(alert: final(alert), disposition: .queued)
  }

  mutating func complete(id: String, result: RawJSON?, now time: Int64) throws(CoreError) -> Alert {
    begin(time)
    guard let i = index(of: id) else { throw .notFound(.alert, id: id) }
    let state = entries[i].alert.state
    guard state == .showing || state == .suspended else {
      throw .invalidState(.notShowing, state: state, message: "")
    }
    entries[i].alert.result = result
    let completed = transition(id, to: .done, reason: .completed)
    finish()
    return completed ?? entries[i].alert
  }

  func matches(_ alert: Alert, _ filter: AlertCancelFilter) -> Bool {
    !alert.state.isEnded
      && (filter.id == nil || filter.id == alert.id)
      && (filter.ids == nil || filter.ids?.contains(alert.id) == true)
      && (filter.type == nil || filter.type == alert.type)
      && (filter.key == nil || filter.key == alert.key)
      && (filter.scope == nil || filter.scope == alert.scope)
      && (filter.queue == nil || filter.queue == alert.queue)
      && (filter.states == nil || filter.states?.contains(alert.state) == true)
  }

  mutating func cancel(_ filter: AlertCancelFilter, now time: Int64) throws(CoreError) -> [String] {
    begin(time)
    let given =
      filter.id != nil || filter.ids != nil || filter.type != nil || filter.key != nil
      || filter.scope != nil || filter.queue != nil || filter.states != nil || filter.all
    guard given else { throw .invalidParams(path: "", expected: "", message: "") }
    if let states = filter.states, let bad = states.firstIndex(where: \.isEnded) {
      throw .invalidParams(path: "/states/\(bad)", expected: "", message: "")
    }
    let ids = entries.map(\.alert).filter { matches($0, filter) }.sorted { $0.seq < $1.seq }
      .map(\.id)
    for id in ids { transition(id, to: .cancelled, reason: .cancelled, hide: .cancelled) }
    finish()
    return ids
  }

  mutating func clear(queue: String?, now time: Int64) -> Int {
    begin(time)
    let inScope = { (alert: Alert) in queue == nil || alert.queue == queue }
    let removed = entries.filter { inScope($0.alert) }.count
    let ids = entries.map(\.alert).filter { inScope($0) && !$0.state.isEnded }
      .sorted { $0.seq < $1.seq }.map(\.id)
    for id in ids { transition(id, to: .cancelled, reason: .cancelled, hide: .cancelled) }
    entries.removeAll { inScope($0.alert) }
    finish()
    return removed
  }

  mutating func configure(_ configuration: AlertQueueConfiguration, now time: Int64)
    throws(CoreError) -> AlertQueueSettings
  {
    begin(time)
    if let maxConcurrent = configuration.maxConcurrent, maxConcurrent < 1 {
      throw .invalidParams(path: "/maxConcurrent", expected: "", message: "")
    }
    let q = queueCreating(configuration.queue ?? "default")
    if let maxConcurrent = configuration.maxConcurrent {
      queues[q].settings.maxConcurrent = maxConcurrent
    }
    if let gap = configuration.minGapMs { queues[q].settings.minGapMs = gap }
    if let limit = configuration.historyLimit {
      queues[q].settings.historyLimit = limit
      trimHistory(queues[q].settings.queue)
    }
    finish()
    return queues[q].settings
  }

  mutating func defineType(_ definition: AlertTypeDefinition, now time: Int64)
    -> AlertTypeDefinition
  {
    begin(time)
    types[definition.type] = definition
    finish()
    return definition
  }

  mutating func pause(queue: String?, reason: String?, holding: Bool, now time: Int64)
    -> AlertPauseState
  {
    begin(time)
    let q = queueCreating(queue ?? "default")
    if holding {
      queues[q].reasons.insert(reason ?? "default")
    } else {
      queues[q].reasons.remove(reason ?? "default")
    }
    finish()
    return AlertPauseState(queue: queue ?? "default", reasons: queues[q].reasons.sorted())
  }

  mutating func navigate(_ newStack: [String]?, now time: Int64) throws(CoreError) -> Navigation {
    begin(time)
    guard let newStack else {
      throw .invalidState(.emptyStack, state: nil, message: "")
    }
    let previous = active
    stack = newStack
    if active != previous {
      for queue in queues {
        let leaving = entries.filter {
          $0.alert.queue == queue.settings.queue && $0.alert.state == .showing
            && $0.alert.scope != nil && $0.alert.scope != active
        }.sorted { $0.showSeq < $1.showSeq }
        for entry in leaving {
          transition(entry.alert.id, to: .suspended, reason: .suspended, hide: .suspended)
        }
      }
    }
    finish()
    return Navigation(stack: stack)
  }

  func list() -> [Alert] {
    func key(_ entry: Entry) -> (Int, Int64, Int64) {
      let alert = entry.alert
      switch alert.state {
      case .showing: return (0, entry.showSeq, 0)
      case .pending, .suspended: return (1, -alert.priority, alert.seq)
      case .scheduled: return (2, alert.readyAt ?? 0, alert.seq)
      case .done, .cancelled, .expired: return (3, -entry.endOrder, 0)
      }
    }
    return entries.sorted { key($0) < key($1) }.map(\.alert)
  }

  var counts: AlertCounts {
    var counts = AlertCounts()
    for entry in entries { counts[entry.alert.state] += 1 }
    return counts
  }
}
