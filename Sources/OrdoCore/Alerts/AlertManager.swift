/// The alert manager of SPEC §4: named queues of alerts, navigation, and the pump that decides
/// what shows. Pure: no JSON, no I/O, no clock; every call is told `now` (engine ms).
///
/// Time. Each mutating call first brings the manager to `now`, firing every timer due by then
/// in time order, each at its own due time, pumping after each (that is the passage of time,
/// not the call); then it validates and either throws having changed nothing else, or applies,
/// pumps, and fires the timers its own change made due at `now` (e.g. `ttlMs: 0`). A `now`
/// earlier than the manager's time counts as the manager's time. Reads (`alert(id:)`, `list`,
/// …) show the state as of the last call: a server calls `advance(to:)` before serving one.
/// Timers due at the same ms fire in scheduling order; `enqueue` schedules expiry before
/// readiness, so an alert whose `readyAt` equals its `expiresAt` expires unshown.
///
/// Choices where SPEC §4 is silent (what a demanding UI developer would expect):
/// - Ids. An alert id collides only with an *active* alert (`.alreadyExists`); enqueueing the
///   id of an ended alert still in history replaces that history entry. Generated ids are
///   `alert-1`, `alert-2`, … skipping every id the manager knows.
/// - Event order within one change: `alert.changed` (when subscribed) comes first, then the
///   `alert.show` / `alert.hide` it causes; `alert.idle` comes after the queue was pumped.
///   `alert.changed` is not sent for creation (`previous` would not exist): `enqueue` returns
///   the new alert. Reasons: `ready`, `shown`, `resumed`, `suspended`, `preempted`,
///   `completed`, `timeout`, `cancelled`, `expired`.
/// - Completing a showing alert sends no `alert.hide` (the shell closed it itself).
/// - `shownAt` is the start of the latest show; `durationMs` restarts there. Once shown, an
///   alert never expires, so its expiry timer is dropped at its first show.
/// - Preemption is a property of the alert, checked by the pump: when a queue is full, its
///   next alert (the best eligible one) displaces the lowest-priority showing alert if it was
///   enqueued with `preempt: true` and its priority is strictly greater. So a preempting
///   alert that is scheduled, or scoped to another page, preempts when it becomes eligible;
///   it never jumps over a better waiting alert. A paused queue or one in its gap preempts
///   nothing. Dedupe `replace` does not change an alert's `preempt` flag.
/// - `minGapMs` counts from the moment a *showing* alert ends (completed, timeout, cancelled);
///   ending a suspended or waiting alert starts no gap, nor does suspension or preemption.
///   Changing `minGapMs` leaves a running gap as it is.
/// - Lowering `maxConcurrent` below what shows hides nothing; the queue just shows nothing new
///   until it is below the limit. Lowering `historyLimit` forgets the oldest ended alerts now.
/// - `configure`, `pause` and `resume` without `queue` act on `"default"`; any of them, like
///   `enqueue`, creates the queue with default settings. Omitted `configure` fields keep
///   their values. `defineType` replaces the type's whole definition.
/// - `delayMs: 0` or an `at` not in the future makes the alert pending at once (an `at` in
///   the past gives `readyAt` = the enqueue time). `ttlMs: 0` means "show now or never".
///   `durationMs` must be ≥ 1; `delayMs` and `ttlMs` ≥ 0.
/// - `Screen.enqueue` checks that `mount.parent` exists even when dedupe finds an alert.
/// - A type's `scope` cannot be cleared per alert (an omitted or nil scope takes the type's).
/// - Dedupe with several active alerts of that key and queue (made with `allow`) acts on the
///   oldest. `replace` updates `priority` only when the request gives one (not from the type).
/// - `cancel` never fails on ids it does not know (history is bounded, so "unknown" and "long
///   ended" look alike); `states` may only name active states. Matches are cancelled in
///   enqueue order. `clear` cancels in enqueue order too, then forgets the queue's ended
///   alerts; `removed` counts every alert forgotten (active + history). Pauses, gaps and
///   settings survive `clear`.
/// - `list` orders showing alerts by when they (last) started showing, waiting ones by
///   priority then `seq` (across queues as within one), scheduled ones by `readyAt` then
///   `seq`, ended ones newest first.
/// - Queues are pumped in the order they were created (first used), so events of several
///   queues caused by one change come in that order. A page change lets every queue pump:
///   O(q) for q queues, which are expected to be few.
/// - Ids, queue names, types, scopes, keys and pause reasons are 1–256 Unicode scalars.
public struct AlertManager: Sendable {
  enum Timer: Hashable, Sendable {
    case ready(String)
    case expire(String)
    case dismiss(String)
    case gapEnd(queue: Int)
  }

  /// What a call produced, in order: events, and the layers of mounted alerts to take down.
  enum Output: Equatable, Sendable {
    case event(ScreenEvent)
    case unmount(alertID: String)
  }

  struct Record: Sendable {
    var alert: Alert
    /// The index of its queue in `queues`.
    let queue: Int
    var preempt: Bool
    /// The order of its latest show (the preemption tiebreak).
    var showSeq: Int64 = 0
    /// The order in which it ended; names its live history entry.
    var endOrder: Int64 = 0
  }

  /// The most alerts that may be active (not ended) at once.
  public let maxAlerts: Int
  /// The manager's time: the latest `now` it was told.
  public internal(set) var now: Int64
  public internal(set) var navigation = Navigation()
  /// How many alerts are in each state.
  public internal(set) var counts = AlertCounts()
  /// Whether `alert.changed` events are produced (`events.subscribe`).
  public internal(set) var reportsStateChanges = false

  var records: [String: Record] = [:]
  var queues: [AlertQueue] = []
  var queueIndex: [String: Int] = [:]
  var types: [String: AlertTypeDefinition] = [:]
  var timers = TimerQueue<Timer>()
  var activeByKey: [String: Set<String>] = [:]
  var activeByType: [String: Set<String>] = [:]
  var activeByScope: [String: Set<String>] = [:]
  var lastSeq: Int64 = 0
  var lastShowSeq: Int64 = 0
  var lastEndOrder: Int64 = 0
  var lastGeneratedID = 0
  /// Queues (by index) whose alerts changed since the last pump.
  var dirty: Set<Int> = []
  var outputs: [Output] = []
  /// Alerts forgotten by history trimming during the current call, so it can still return
  /// their final state.
  var forgottenThisCall: [String: Alert] = [:]

  public init(maxAlerts: Int = 1_000_000, now: Int64 = 0) {
    self.maxAlerts = maxAlerts
    self.now = now
  }

  /// The due time of the earliest timer (readiness, expiry, auto-dismiss, gap end).
  /// - Complexity: O(1)
  public var nextDeadline: Int64? { timers.nextDue }

  /// Takes the outputs produced since the last drain.
  mutating func drainOutputs() -> [Output] {
    defer { outputs.removeAll(keepingCapacity: true) }
    return outputs
  }

  // MARK: - Alerts

  /// `alert.enqueue`: queues a new alert, or applies `onDuplicate` to the active alert of the
  /// same queue with the same key.
  /// - Throws: `.invalidParams` (bad field, both `delayMs` and `at`), `.alreadyExists` (active
  ///   id, or key with `.error`), `.limitExceeded` (`maxAlerts`).
  /// - Complexity: O(log n), plus O(k) for k active alerts with the same key.
  mutating func enqueue(_ request: AlertEnqueueRequest, now: Int64) throws(CoreError)
    -> AlertEnqueueResult
  {
    beginCall(now: now)
    try Self.validate(request)
    let definition = types[request.type]
    let queueName = request.queue ?? definition?.queue ?? "default"

    if let key = request.key, request.onDuplicate != .allow,
      let existing = oldestActive(key: key, queue: queueName)
    {
      switch request.onDuplicate {
      case .error: throw .alreadyExists(kind: "key", id: key)
      case .ignore, .allow:
        return AlertEnqueueResult(alert: existing.alert, disposition: .ignored)
      case .replace:
        replace(existing.alert.id, data: request.data, priority: request.priority)
        finishCall()
        return AlertEnqueueResult(alert: finalState(of: existing.alert), disposition: .replaced)
      }
    }

    if let id = request.id, let known = records[id], !known.alert.state.isEnded {
      throw .alreadyExists(kind: "alert", id: id)
    }
    guard counts.active < maxAlerts else {
      throw .limitExceeded(name: "maxAlerts", limit: maxAlerts, value: counts.active + 1)
    }

    let id = request.id ?? generateID()
    forget(id)
    let queue = queueOrdinal(queueName)
    lastSeq += 1
    var readyAt: Int64?
    if let delay = request.delayMs {
      readyAt = self.now.addingClamped(delay)
    } else if let at = request.at {
      readyAt = max(at, self.now)
    }
    let state: AlertState = (readyAt ?? self.now) > self.now ? .scheduled : .pending
    let alert = Alert(
      id: id, queue: queueName, type: request.type,
      priority: request.priority ?? definition?.priority ?? 0, state: state,
      scope: request.scope ?? definition?.scope, key: request.key, data: request.data,
      result: nil, seq: lastSeq, createdAt: self.now, readyAt: readyAt,
      expiresAt: (request.ttlMs ?? definition?.ttlMs).map { self.now.addingClamped($0) },
      durationMs: request.durationMs ?? definition?.durationMs, shownAt: nil, endedAt: nil,
      endReason: nil, shownCount: 0, mount: request.mount)
    insert(Record(alert: alert, queue: queue, preempt: request.preempt))
    finishCall()
    return AlertEnqueueResult(alert: finalState(of: alert), disposition: .queued)
  }

  /// `alert.complete`: the user closed a showing or suspended alert; it becomes `done`
  /// (`endReason` `completed`) keeping `result`.
  /// - Throws: `.notFound` (unknown id), `.invalidState(reason: "not_showing", state:)`.
  /// - Complexity: O(log n)
  mutating func complete(id: String, result: RawJSON?, now: Int64) throws(CoreError) -> Alert {
    beginCall(now: now)
    guard let record = records[id] else { throw .notFound(kind: "alert", id: id) }
    let state = record.alert.state
    guard state == .showing || state == .suspended else {
      throw .invalidState(
        reason: "not_showing", state: state.rawValue,
        message: "Alert \"\(id)\" is \(state.rawValue); only a showing or suspended alert can be"
          + " completed.")
    }
    let completed = move(id, to: .done, reason: "completed") { $0.result = result }
    finishCall()
    return completed ?? record.alert
  }

  /// `alert.cancel`: cancels every active alert matching all the given filters, in enqueue
  /// order; showing ones get `alert.hide {reason: "cancelled"}`. Unknown ids match nothing.
  /// - Throws: `.invalidParams` when no filter is given or `states` names an ended state.
  /// - Complexity: O(log n) for `id`; O(m log n) for m candidates of the most selective of
  ///   `ids`, `key`, `type`, `scope`, `queue`; O(n log n) with only `states`/`all`.
  mutating func cancel(_ filter: AlertCancelFilter, now: Int64) throws(CoreError) -> [String] {
    beginCall(now: now)
    try Self.validate(filter)
    let matches = activeAlerts(matching: filter)
    cancelInOrder(matches)
    finishCall()
    return matches.map(\.id)
  }

  /// `alert.clear`: cancels every active alert of `queue` (nil: of every queue) and forgets
  /// its history; returns how many alerts were forgotten.
  /// - Complexity: O(m log m) for the m alerts of the queue(s).
  mutating func clear(queue: String?, now: Int64) throws(CoreError) -> Int {
    beginCall(now: now)
    if let queue { try Self.checkName(queue, path: "/queue") }
    let targets: [Int]
    if let queue {
      targets = queueIndex[queue].map { [$0] } ?? []
    } else {
      targets = Array(queues.indices)
    }
    var removed = 0
    var active: [Alert] = []
    for queue in targets {
      removed += queues[queue].activeIDs.count + queues[queue].historyCount
      active += queues[queue].activeIDs.compactMap { records[$0]?.alert }
    }
    cancelInOrder(active.sorted { $0.seq < $1.seq })
    for queue in targets { forgetHistory(of: queue) }
    finishCall()
    return removed
  }

  // MARK: - Queues and types

  /// `alert.configure`: changes the given settings of `queue` (nil: `"default"`) and returns
  /// them all.
  /// - Throws: `.invalidParams` for `maxConcurrent` < 1 or a negative `minGapMs` /
  ///   `historyLimit`.
  /// - Complexity: O(1), plus O(t) for t ended alerts forgotten.
  mutating func configure(_ configuration: AlertQueueConfiguration, now: Int64)
    throws(CoreError) -> AlertQueueSettings
  {
    beginCall(now: now)
    if let name = configuration.queue { try Self.checkName(name, path: "/queue") }
    if let maxConcurrent = configuration.maxConcurrent, maxConcurrent < 1 {
      throw Self.outOfRange("maxConcurrent", minimum: 1)
    }
    if let minGapMs = configuration.minGapMs, minGapMs < 0 {
      throw Self.outOfRange("minGapMs", minimum: 0)
    }
    if let historyLimit = configuration.historyLimit, historyLimit < 0 {
      throw Self.outOfRange("historyLimit", minimum: 0)
    }
    let queue = queueOrdinal(configuration.queue ?? "default")
    if let maxConcurrent = configuration.maxConcurrent {
      queues[queue].settings.maxConcurrent = maxConcurrent
    }
    if let minGapMs = configuration.minGapMs { queues[queue].settings.minGapMs = minGapMs }
    if let historyLimit = configuration.historyLimit {
      queues[queue].settings.historyLimit = historyLimit
      trimHistory(of: queue)
    }
    dirty.insert(queue)
    finishCall()
    return queues[queue].settings
  }

  /// The settings of `queue` (nil: `"default"`), defaults for a queue never used.
  /// - Complexity: O(1)
  public func settings(queue: String?) -> AlertQueueSettings {
    let name = queue ?? "default"
    return queueIndex[name].map { queues[$0].settings } ?? AlertQueueSettings(queue: name)
  }

  /// `alert.defineType`: sets (replaces) the defaults of `definition.type`.
  /// - Throws: `.invalidParams` for a bad name, `durationMs` < 1 or a negative `ttlMs`.
  /// - Complexity: O(1)
  mutating func defineType(_ definition: AlertTypeDefinition, now: Int64) throws(CoreError)
    -> AlertTypeDefinition
  {
    beginCall(now: now)
    try Self.checkName(definition.type, path: "/type")
    if let scope = definition.scope { try Self.checkName(scope, path: "/scope") }
    if let queue = definition.queue { try Self.checkName(queue, path: "/queue") }
    if let durationMs = definition.durationMs, durationMs < 1 {
      throw Self.outOfRange("durationMs", minimum: 1)
    }
    if let ttlMs = definition.ttlMs, ttlMs < 0 { throw Self.outOfRange("ttlMs", minimum: 0) }
    types[definition.type] = definition
    finishCall()
    return definition
  }

  /// The defaults of `type`, nil when it was never defined.
  /// - Complexity: O(1)
  public func definition(ofType type: String) -> AlertTypeDefinition? { types[type] }

  /// `alert.pause`: holds `queue` (nil: `"default"`) for `reason` (nil: `"default"`); it shows
  /// nothing new while any reason holds it, and what shows stays.
  /// - Complexity: O(1)
  mutating func pause(queue: String?, reason: String?, now: Int64) throws(CoreError)
    -> AlertPauseState
  {
    try changePause(queue: queue, reason: reason, now: now) { $0.insert($1) }
  }

  /// `alert.resume`: releases `reason` (nil: `"default"`) on `queue` (nil: `"default"`); the
  /// queue shows again once no reason holds it. Releasing a reason not held does nothing.
  /// - Complexity: O(1), plus the pump.
  mutating func resume(queue: String?, reason: String?, now: Int64) throws(CoreError)
    -> AlertPauseState
  {
    try changePause(queue: queue, reason: reason, now: now) { $0.remove($1) }
  }

  /// The pause reasons of `queue` (nil: `"default"`).
  /// - Complexity: O(r log r) for r reasons.
  public func pauseState(queue: String?) -> AlertPauseState {
    let name = queue ?? "default"
    let reasons = queueIndex[name].map { queues[$0].pauseReasons.sorted() } ?? []
    return AlertPauseState(queue: name, reasons: reasons)
  }

  private mutating func changePause(
    queue: String?, reason: String?, now: Int64,
    _ change: (inout Set<String>, String) -> Void
  ) throws(CoreError) -> AlertPauseState {
    beginCall(now: now)
    if let queue { try Self.checkName(queue, path: "/queue") }
    if let reason { try Self.checkName(reason, path: "/reason") }
    let index = queueOrdinal(queue ?? "default")
    change(&queues[index].pauseReasons, reason ?? "default")
    dirty.insert(index)
    finishCall()
    return pauseState(queue: queue)
  }

  // MARK: - Navigation

  /// `nav.push`: `scope` becomes the active page.
  /// - Complexity: O(q + s log n) for q queues and s showing alerts suspended.
  mutating func navPush(scope: String, now: Int64) throws(CoreError) -> Navigation {
    beginCall(now: now)
    try Self.checkName(scope, path: "/scope")
    let previous = navigation.active
    navigation.push(scope)
    navigationChanged(from: previous)
    finishCall()
    return navigation
  }

  /// `nav.pop`: the page below the top becomes active.
  /// - Throws: `.invalidState(reason: "empty_stack")`.
  /// - Complexity: O(q + s log n) for q queues and s showing alerts suspended.
  mutating func navPop(now: Int64) throws(CoreError) -> Navigation {
    beginCall(now: now)
    let previous = navigation.active
    try navigation.pop()
    navigationChanged(from: previous)
    finishCall()
    return navigation
  }

  /// `nav.set`: replaces the whole stack (bottom → top).
  /// - Complexity: O(q + s log n + k) for q queues, s alerts suspended, k scopes.
  mutating func navSet(stack: [String], now: Int64) throws(CoreError) -> Navigation {
    beginCall(now: now)
    for (index, scope) in stack.enumerated() {
      try Self.checkName(scope, path: "/stack/\(index)")
    }
    let previous = navigation.active
    navigation.replace(with: stack)
    navigationChanged(from: previous)
    finishCall()
    return navigation
  }

  // MARK: - Time and subscriptions

  /// Moves the manager to `now`, firing every due timer in time order, each at its own due
  /// time, and pumping after each.
  /// - Complexity: O(t log n) for t timers fired.
  mutating func advance(to now: Int64) {
    let target = max(now, self.now)
    while let timer = timers.popDue(upTo: target) {
      self.now = max(self.now, timer.due)
      fire(timer.key)
      settle()
    }
    self.now = target
  }

  // MARK: - Validation

  static func checkName(_ value: String, path: String) throws(CoreError) {
    let length = value.unicodeScalars.count
    guard length >= 1 && length <= 256 else {
      let field = path.split(separator: "/").joined(separator: ".")
      throw .invalidParams(
        path: path, expected: "a string of 1 to 256 characters",
        message: "\(field) must be a string of 1 to 256 characters.")
    }
  }

  static func outOfRange(_ field: String, minimum: Int64) -> CoreError {
    .invalidParams(
      path: "/" + field, expected: "an integer >= \(minimum)",
      message: "\(field) must be an integer >= \(minimum).")
  }

  static func validate(_ request: AlertEnqueueRequest) throws(CoreError) {
    try checkName(request.type, path: "/type")
    if let id = request.id { try checkName(id, path: "/id") }
    if let queue = request.queue { try checkName(queue, path: "/queue") }
    if let scope = request.scope { try checkName(scope, path: "/scope") }
    if let key = request.key { try checkName(key, path: "/key") }
    if let parent = request.mount?.parent { try checkName(parent, path: "/mount/parent") }
    if request.delayMs != nil && request.at != nil {
      throw .invalidParams(
        path: "/at", expected: "at most one of delayMs and at",
        message: "Give delayMs or at, not both.")
    }
    if let delayMs = request.delayMs, delayMs < 0 { throw outOfRange("delayMs", minimum: 0) }
    if let ttlMs = request.ttlMs, ttlMs < 0 { throw outOfRange("ttlMs", minimum: 0) }
    if let durationMs = request.durationMs, durationMs < 1 {
      throw outOfRange("durationMs", minimum: 1)
    }
  }

  private static func validate(_ filter: AlertCancelFilter) throws(CoreError) {
    let given =
      filter.id != nil || filter.ids != nil || filter.type != nil || filter.key != nil
      || filter.scope != nil || filter.queue != nil || filter.states != nil || filter.all
    guard given else {
      throw .invalidParams(
        path: "", expected: "one of id, ids, type, key, scope, queue, states, all",
        message: "alert.cancel needs at least one filter (id, ids, type, key, scope, queue,"
          + " states or all: true).")
    }
    for (index, state) in (filter.states ?? []).enumerated() where state.isEnded {
      throw .invalidParams(
        path: "/states/\(index)", expected: "one of scheduled, pending, showing, suspended",
        message: "states may only name scheduled, pending, showing or suspended.")
    }
  }
}

extension Int64 {
  /// `self + other`, clamped to the Int64 range instead of overflowing.
  func addingClamped(_ other: Int64) -> Int64 {
    let (sum, overflow) = addingReportingOverflow(other)
    guard overflow else { return sum }
    return other > 0 ? .max : .min
  }
}
