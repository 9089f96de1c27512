/// The alert manager (docs/protocol.md#alerts): named queues of alerts, navigation, the pump
/// that decides what shows, frequency limits and the show history. Pure: no JSON, no I/O,
/// no clock; time moves only through `advance(to:)`.
///
/// A mutating call applies its change at the manager's time, then pumps once, then applies
/// what became due at that same instant (an expiry at `now`): the one-instant rule of
/// docs/protocol.md#one-instant-one-decision. It either throws having changed nothing, or
/// applies. Reads show the state as of the last call.
///
/// Choices where the protocol leaves room are listed in docs/protocol.md#alerts; the ones a
/// reader of this code needs: an alert id collides only with an *active* alert (an ended one
/// in history is replaced); generated ids are `alert-1`, `alert-2`, … skipping every id the
/// manager knows; `alert.changed` comes before the `alert.show`/`alert.hide` it explains and
/// `alert.idle` after the queue was pumped; queues are pumped in the order they were created.
public struct AlertManager: Sendable {
  /// A timer, keyed by the slot of its alert (or its queue's index).
  enum Timer: TimerKey, Sendable {
    case ready(Int32)
    case expire(Int32)
    case dismiss(Int32)
    case gapEnd(queue: Int)

    /// Four per slot: the slot's three timers, and the gap timer of the queue with the
    /// slot's number (queues are few; their timers take the fourth place of the first slots).
    /// At most `Int32.max`: 2^29 alert slots would take over 100 GB.
    var timerIndex: Int {
      switch self {
      case .ready(let slot): 4 * Int(slot)
      case .expire(let slot): 4 * Int(slot) + 1
      case .dismiss(let slot): 4 * Int(slot) + 2
      case .gapEnd(let queue): 4 * queue + 3
      }
    }

    init(timerIndex: Int) {
      let slot = Int32(timerIndex / 4)
      switch timerIndex % 4 {
      case 0: self = .ready(slot)
      case 1: self = .expire(slot)
      case 2: self = .dismiss(slot)
      default: self = .gapEnd(queue: timerIndex / 4)
      }
    }
  }

  /// What happens to the layers of mounted alerts, in order: the show at `events[index]`
  /// mounts one (the screen fills in the event's layer), an alert that stops showing takes
  /// its layer down.
  enum LayerChange: Equatable, Sendable {
    case mount(eventIndex: Int)
    case unmount(alertID: String)
  }

  /// The most alerts that may be active (not ended) at once.
  public let maxAlerts: Int
  /// The wall-clock epoch ms at engine time 0: `wallAt = startedWallAt + at`.
  public internal(set) var startedWallAt: Int64
  /// The manager's time: the latest time it was moved to.
  public internal(set) var now: Int64
  public internal(set) var navigation = Navigation()
  /// How many alerts are in each state.
  public internal(set) var counts = AlertCounts()
  /// Whether `alert.changed` events are produced (`events.subscribe`).
  public internal(set) var reportsStateChanges = false
  /// Whether changes to durable things are collected for `takeDurableChanges()`.
  public var tracksDurableChanges = false
  /// Whether every creation, state change and page change is collected for
  /// `takeObservations()` (`ordo report`), subscribed or not.
  public var observesTimeline = false

  /// Every alert kept (active, or ended in its queue's history), by slot, and what the
  /// manager keeps beside each; see AlertManager+Storage.swift.
  var alerts = PagedArray<Alert>()
  var records = PagedArray<Record>()
  var freeSlots: [Int32] = []
  /// Alert id -> slot (the ids are `alerts[slot].id`).
  var idIndex = IDIndex()
  /// Per slot: its position in its queue's waiting, preempting and showing heap (-1: none).
  var waitingPositions = PagedArray<Int32>()
  var preemptingPositions = PagedArray<Int32>()
  var showingPositions = PagedArray<Int32>()
  var typeNames = NameTable()
  var keyNames = NameTable()
  var scopeNames = NameTable()
  // Paged, as the tables above and for the same reason (a commit group's copy of the
  // engine): as arrays, each request that changed a queue copied every queue.
  var queues = PagedArray<AlertQueue>()
  var queueIndex = PagedMap<String, Int>()
  /// The index of queue "default" once it exists (most alerts go there: no hash to find it).
  var defaultQueue: Int?
  var timers = TimerQueue<Timer>()
  var shows = ShowHistory()
  var lastSeq: Int64 = 0
  var lastShowSeq: Int64 = 0
  var lastEndOrder: Int64 = 0
  var lastGeneratedID: Int64 = 0
  var lastShowOrder: Int64 = 0
  /// Set by `restore`: nothing is pumped until the first call after it (restored alerts must
  /// not show before the shell's first request was applied).
  var holdingRestored = false
  /// Queues (by index) whose alerts changed since the last pump (each also `isDirty`).
  var dirty: [Int] = []
  /// Queues (by index) pumped in the current instant: each that ends it empty after being
  /// busy gets its `alert.idle` once the instant is decided.
  var pumpedThisInstant: [Int] = []
  /// The events produced since the screen last took them, oldest first (shows with a mount
  /// have no layer yet), and the layer changes they ask for.
  var events: [ScreenEvent] = []
  var layerChanges: [LayerChange] = []
  var durable = DurableChanges()
  var observations: [TimelineObservation] = []
  /// The `seq` of the alert whose final state the current call returns (0: none), and that
  /// alert if history trimming forgot it during the call (a copy of one alert, not of every
  /// alert trimmed).
  var callSubject: Int64 = 0
  var forgottenSubject: Alert?

  /// The latest time a result may hold, 2^53 − 1 ms (what a JavaScript client reads
  /// exactly); the clock never goes past it (docs/protocol.md#clock).
  public static let latestTime: Int64 = 9_007_199_254_740_991

  /// The wall-clock time (epoch ms) of engine time `time`, within ±`latestTime`: a result
  /// and the state file hold no other (with `--epoch-ms` near the limit, the sum is beyond).
  func wallTime(of time: Int64) -> Int64 {
    Self.withinLatest(startedWallAt.addingClamped(time))
  }

  /// `time` within ±`latestTime` (an engine time from a file written with another epoch
  /// can be beyond what this clock expresses).
  static func withinLatest(_ time: Int64) -> Int64 {
    min(max(time, -latestTime), latestTime)
  }

  /// When a TTL of `ttlMs` from `time` runs out; nil, never, when that is after `latestTime`,
  /// which no clock reaches.
  static func expiry(at time: Int64, ttlMs: Int64) -> Int64? {
    let end = time.addingClamped(ttlMs)
    return end <= latestTime ? end : nil
  }

  public init(maxAlerts: Int = 1_000_000, now: Int64 = 0, startedWallAt: Int64 = 0) {
    self.maxAlerts = maxAlerts
    self.now = now
    self.startedWallAt = startedWallAt
  }

  /// The due time of the earliest timer (readiness, expiry, auto-dismiss, gap end); nil while
  /// restored alerts wait for the first call.
  /// - Complexity: O(1)
  public var nextDeadline: Int64? { holdingRestored ? nil : timers.nextDue }

  /// Whether any timer is set (restored ones included).
  public var hasTimers: Bool { !timers.isEmpty }

  // MARK: - Alerts

  /// `alert.enqueue`: queues a new alert, applies `onDuplicate` to the active alert of the
  /// same queue with the same key, or refuses it for its frequency limit.
  /// `mountParentExists` tells whether `mount.parent` (if given) names a layer.
  /// - Throws: `.invalidParams` (bad field, both `delayMs` and `at`, `limit.per: key` without
  ///   a key), `.notFound(.layer)` (`mount.parent`), `.alreadyExists` (active id, or key with
  ///   `.error`), `.limitExceeded(.maxAlerts)`.
  /// - Complexity: O(log n), plus O(k) for k active alerts with the same key.
  mutating func enqueue(_ request: AlertEnqueueRequest, mountParentExists: Bool = true)
    throws(CoreError) -> AlertEnqueueResult
  {
    beginChange()
    try Self.validate(request)
    if let delay = request.delayMs, now.addingClamped(delay) > Self.latestTime {
      throw .invalidParams(
        path: "/delayMs", expected: "an integer from 0 to \(Self.latestTime - now)",
        message: "delayMs must keep readyAt within 2^53 - 1: at most \(Self.latestTime - now) now.")
    }
    let typeName = typeNames.number(of: request.type)
    let definition = typeName.flatMap { typeNames.definitions[Int($0)] }
    let queueName = request.queue ?? definition?.queue ?? "default"
    let limit: FrequencyLimit? =
      switch request.limit {
      case .inherit: definition?.limit
      case .unlimited: nil
      case .limit(let own): own
      }
    if limit?.countsPerKey == true, request.key == nil {
      throw .invalidParams(
        path: "/key", expected: "a key, since the limit counts per key",
        message: "key is required: the alert's limit counts shows per key (per: \"key\").")
    }
    // Params first, `/key` included; then the mount's parent (docs/protocol.md#alert-methods).
    if let parent = request.mount?.parent, !mountParentExists {
      throw .notFound(.layer, id: parent)
    }

    if let key = request.key, request.onDuplicate != .allow,
      let existing = oldestActive(key: key, queue: queueName)
    {
      let disposition: AlertDisposition
      switch request.onDuplicate {
      case .error: throw .alreadyExists(.key, id: key)
      case .ignore, .allow: disposition = .ignored
      case .replace: disposition = .replaced
      }
      let seq = alerts[Int(existing)].seq
      callSubject = seq
      if disposition == .replaced {
        replace(
          existing, data: request.clearsData ? .some(nil) : request.data.map { .some($0) },
          priority: request.priority)
      }
      finishChange()
      // As it is after the pump (which a first request after a restart runs with the
      // restored alerts in: it may show this very alert).
      return AlertEnqueueResult(alert: finalState(of: existing, seq: seq), disposition: disposition)
    }

    // The slot of an ended alert with the id asked for (it is forgotten: ids of ended
    // alerts are free).
    var ended: Int32?
    let idHash = request.id.map(IDIndex.hash)
    if let id = request.id, let idHash, let known = slot(of: id, hash: idHash) {
      guard alerts[Int(known)].state.isEnded else { throw .alreadyExists(.alert, id: id) }
      ended = known
    }

    var readyAt: Int64?
    if let delay = request.delayMs {
      readyAt = now.addingClamped(delay)
    } else if let at = request.at {
      readyAt = max(at, now)
    }
    let cooldownMs = request.cooldownMs ?? definition?.cooldownMs
    let onLimit = request.onLimit ?? definition?.onLimit ?? .drop
    if limit != nil || (cooldownMs ?? 0) > 0 {
      let showAt = readyAt ?? now
      let allowedAt = ShowHistory.earliestShow(
        at: showAt, times: countedShows(type: request.type, key: request.key, limit: limit),
        limit: limit, cooldownMs: cooldownMs)
      if allowedAt != showAt {
        guard onLimit == .defer, let allowedAt else {
          if observesTimeline {
            observations.append(
              .refused(
                id: request.id, type: request.type, queue: queueName,
                priority: request.priority ?? definition?.priority ?? 0, retryAt: allowedAt,
                at: now))
          }
          finishChange()
          return AlertEnqueueResult(alert: nil, disposition: .limited, retryAt: allowedAt)
        }
        readyAt = allowedAt
      }
    }
    // Last: an alert its limit drops is never created, so it does not count against this.
    guard counts.active < maxAlerts else {
      throw .limitExceeded(.maxAlerts, limit: maxAlerts, value: counts.active + 1)
    }

    // A generated id's hash comes with it, as a chosen one's was taken above.
    let (id, hash) = if let id = request.id, let idHash { (id, idHash) } else { generateID() }
    if let ended { forget(slot: ended) }
    let queue = queueOrdinal(queueName)
    lastSeq += 1
    let seq = lastSeq
    callSubject = seq
    let state: AlertState = (readyAt ?? now) > now ? .scheduled : .pending
    let alert = Alert(
      id: id, queue: queues[queue].name, type: request.type,
      priority: request.priority ?? definition?.priority ?? 0, state: state,
      scope: request.scope ?? definition?.scope, key: request.key, data: request.data,
      result: nil, seq: seq, createdAt: now, readyAt: readyAt,
      expiresAt: (request.ttlMs ?? definition?.ttlMs).flatMap { Self.expiry(at: now, ttlMs: $0) },
      durationMs: request.durationMs ?? definition?.durationMs, shownAt: nil, endedAt: nil,
      endReason: nil, shownCount: 0, mount: request.mount,
      persist: request.persist ?? definition?.persist ?? false)
    if observesTimeline { observations.append(.created(alert, at: now)) }
    // The alert moves into its slot, so it is not read after this (a copy of it would
    // retain its seven references, and release them again).
    let slot = insert(
      consume alert,
      Record(
        queue: queue, preempt: request.preempt, limit: limit, cooldownMs: cooldownMs,
        onLimit: onLimit), typeName: typeName, idHash: hash)
    if tracksDurableChanges { durable.countersChanged = true }
    finishChange()
    return AlertEnqueueResult(alert: finalState(of: slot, seq: seq), disposition: .queued)
  }

  /// `alert.complete`: the user closed a showing or suspended alert; it becomes `done`
  /// (`endReason` `completed`) keeping `result`.
  /// - Throws: `.notFound` (unknown id), `.invalidState(.notShowing, state:)`.
  /// - Complexity: O(log n)
  mutating func complete(id: String, result: RawJSON?) throws(CoreError) -> Alert {
    beginChange()
    guard let slot = slot(of: id) else { throw .notFound(.alert, id: id) }
    let state = alerts[Int(slot)].state
    guard state == .showing || state == .suspended else {
      throw .invalidState(
        .notShowing, state: state,
        message: "Alert \"\(id)\" is \(state.rawValue); only a showing or suspended alert can be"
          + " completed.")
    }
    let seq = alerts[Int(slot)].seq
    callSubject = seq
    move(slot, to: .done, reason: .completed) { $0.result = result }
    finishChange()
    return finalState(of: slot, seq: seq)
  }

  /// `alert.cancel`: cancels every active alert matching all the given filters, in enqueue
  /// order; showing ones get `alert.hide {reason: "cancelled"}`. Unknown ids match nothing.
  /// - Throws: `.invalidParams` when no filter is given or `states` names an ended state.
  /// - Complexity: O(log n) for `id`; O(m log n) for m candidates of the most selective of
  ///   `ids`, `key`, `type`, `scope`, `queue` and `states: [showing]` (the showing alerts);
  ///   O(1) when no active alert is in `states`; else O(n log n) with only `states`/`all`.
  mutating func cancel(_ filter: AlertCancelFilter) throws(CoreError) -> [String] {
    beginChange()
    try Self.validate(filter)
    let matches = activeAlerts(matching: filter)
    let ids = matches.map { alerts[Int($0)].id }
    cancelInOrder(matches)
    finishChange()
    return ids
  }

  /// `alert.clear`: cancels every active alert of `queue` (nil: of every queue) and forgets
  /// its ended alerts; returns how many alerts were forgotten.
  /// - Complexity: O(m log m) for the m alerts of the queue(s).
  mutating func clear(queue: String?) throws(CoreError) -> Int {
    beginChange()
    if let queue { try Self.checkName(queue, path: "/queue") }
    let targets: [Int]
    if let queue {
      targets = queueIndex[queue].map { [$0] } ?? []
    } else {
      targets = Array(queues.indices)
    }
    var removed = 0
    var active: [Int32] = []
    for queue in targets {
      removed += queues[queue].active.count + queues[queue].historyCount
      // A local first: with `queues[queue]` among its arguments, the call copied the manager.
      let list = queues[queue].active
      active += slots(on: list, kind: .queue)
    }
    cancelInOrder(inSeqOrder(active))
    for queue in targets { forgetHistory(of: queue) }
    finishChange()
    return removed
  }

  // MARK: - Queues and types

  /// `alert.configure`: changes the given settings of `queue` (nil: `"default"`) and returns
  /// them all.
  /// - Throws: `.invalidParams` for `maxConcurrent` < 1 or a negative `minGapMs` /
  ///   `historyLimit`.
  /// - Complexity: O(1), plus O(t) for t ended alerts forgotten.
  mutating func configure(_ configuration: AlertQueueConfiguration) throws(CoreError)
    -> AlertQueueSettings
  {
    beginChange()
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
    guard
      configuration.maxConcurrent != nil || configuration.minGapMs != nil
        || configuration.historyLimit != nil
    else {
      // A read: it neither creates the queue (which would count as its first use) nor
      // makes it a configured, durable one.
      finishChange()
      return settings(queue: configuration.queue)
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
    queues[queue].isConfigured = true
    if tracksDurableChanges { durable.queues.insert(queues[queue].name) }
    markDirty(queue)
    finishChange()
    return queues[queue].settings
  }

  /// The settings of `queue` (nil: `"default"`), defaults for a queue never used.
  /// - Complexity: O(1)
  public func settings(queue: String?) -> AlertQueueSettings {
    let name = queue ?? "default"
    return queueIndex[name].map { queues[$0].settings } ?? AlertQueueSettings(queue: name)
  }

  /// `alert.defineType`: sets (replaces) the defaults of `definition.type`.
  /// - Throws: `.invalidParams` for a bad name or an out-of-range number.
  /// - Complexity: O(1)
  mutating func defineType(_ definition: AlertTypeDefinition) throws(CoreError)
    -> AlertTypeDefinition
  {
    beginChange()
    try Self.checkName(definition.type, path: "/type")
    if let scope = definition.scope { try Self.checkName(scope, path: "/scope") }
    if let queue = definition.queue { try Self.checkName(queue, path: "/queue") }
    if let durationMs = definition.durationMs, durationMs < 1 {
      throw Self.outOfRange("durationMs", minimum: 1)
    }
    if let ttlMs = definition.ttlMs, ttlMs < 0 { throw Self.outOfRange("ttlMs", minimum: 0) }
    try Self.validate(limit: definition.limit, cooldownMs: definition.cooldownMs)
    // A definition keeps the spelling it was first given (docs/protocol.md#values): a
    // redefinition in another, canonically equivalent spelling is filed under the first, in
    // the answer and in the state file (whose keys compare bytes: filed under both, a restart
    // loaded either definition). The first definition's own spelling, not the name table's:
    // that is an alert's when one of the type came first, and is forgotten when the name is
    // swept unused, so the answer depended on the sweep.
    var definition = definition
    if let number = typeNames.number(of: definition.type),
      let first = typeNames.definitions[Int(number)]
    {
      definition.type = first.type
    }
    typeNames.define(definition.type, as: definition)
    if tracksDurableChanges { durable.types.insert(definition.type) }
    finishChange()
    return definition
  }

  /// The defaults of `type`, nil when it was never defined.
  /// - Complexity: O(1)
  public func definition(ofType type: String) -> AlertTypeDefinition? {
    typeNames.number(of: type).flatMap { typeNames.definitions[Int($0)] }
  }

  /// `alert.pause`: holds `queue` (nil: `"default"`) for `reason` (nil: `"default"`); it shows
  /// nothing new while any reason holds it, and what shows stays.
  /// - Complexity: O(1), plus O(r log r) for the r reasons the answer lists, sorted.
  mutating func pause(queue: String?, reason: String?) throws(CoreError) -> AlertPauseState {
    try changePause(queue: queue, reason: reason) { $0.insert($1) }
  }

  /// `alert.resume`: releases `reason` (nil: `"default"`) on `queue` (nil: `"default"`); the
  /// queue shows again once no reason holds it. Releasing a reason not held does nothing, and
  /// resuming a queue never named creates none.
  /// - Complexity: O(1), plus the pump and O(r log r) for the r reasons the answer lists.
  mutating func resume(queue: String?, reason: String?) throws(CoreError) -> AlertPauseState {
    try changePause(queue: queue, reason: reason, creating: false) { $0.remove($1) }
  }

  /// The pause reasons of `queue` (nil: `"default"`).
  /// - Complexity: O(r log r) for r reasons.
  public func pauseState(queue: String?) -> AlertPauseState {
    let name = queue ?? "default"
    let reasons = queueIndex[name].map { queues[$0].pauseReasons.sorted() } ?? []
    return AlertPauseState(queue: name, reasons: reasons)
  }

  private mutating func changePause(
    queue: String?, reason: String?, creating: Bool = true,
    _ change: (inout Set<String>, String) -> Void
  ) throws(CoreError) -> AlertPauseState {
    beginChange()
    if let queue { try Self.checkName(queue, path: "/queue") }
    if let reason { try Self.checkName(reason, path: "/reason") }
    guard creating || queueIndex[queue ?? "default"] != nil else {
      finishChange()
      return pauseState(queue: queue)
    }
    let index = queueOrdinal(queue ?? "default")
    change(&queues[index].pauseReasons, reason ?? "default")
    markDirty(index)
    finishChange()
    return pauseState(queue: queue)
  }

  // MARK: - Show history

  /// `alert.forget`: erases the counted shows matching `filter`, so limits count from zero;
  /// returns how many were erased.
  /// - Throws: `.invalidParams` when no filter is given.
  /// - Complexity: O(h) for h shows recorded when none matches, else O(h log h) (the
  ///   history's indexes are rebuilt).
  mutating func forget(_ filter: ShowForgetFilter) throws(CoreError) -> Int {
    beginChange()
    guard filter.all || filter.type != nil || filter.key != nil else {
      throw .invalidParams(
        path: "", expected: "one of type, key, all",
        message: "Say which shows to forget: type, key, or all: true.")
    }
    if let type = filter.type { try Self.checkName(type, path: "/type") }
    if let key = filter.key { try Self.checkName(key, path: "/key") }
    let removed = shows.forget(filter)
    if tracksDurableChanges { durable.forgottenShows += removed }
    finishChange()
    return removed.count
  }

  /// `alert.history`: the counted shows matching `filter`, newest first.
  /// - Complexity: O(k) for the k newest shows it looks at to find `limit` matches, O(h)
  ///   at most; O(h + m log m) for m matches after the wall clock went back.
  public func history(_ filter: ShowHistoryFilter) -> [ShowRecord] {
    shows.query(filter)
  }

  // MARK: - Navigation

  /// `nav.push`: `scope` becomes the active page.
  /// - Complexity: O(a + s log n) for a alerts scoped to the page left or shown, s suspended
  ///   or shown.
  mutating func navPush(scope: String) throws(CoreError) -> Navigation {
    beginChange()
    try Self.checkName(scope, path: "/scope")
    let previous = navigation.active
    navigation.push(scope)
    navigationChanged(from: previous)
    observeNavigation()
    finishChange()
    return navigation
  }

  /// `nav.pop`: the page below the top becomes active.
  /// - Throws: `.invalidState(.emptyStack)`.
  /// - Complexity: O(a + s log n) for a alerts scoped to the page left or shown, s suspended
  ///   or shown.
  mutating func navPop() throws(CoreError) -> Navigation {
    beginChange()
    let previous = navigation.active
    try navigation.pop()
    navigationChanged(from: previous)
    observeNavigation()
    finishChange()
    return navigation
  }

  /// `nav.set`: replaces the whole stack (bottom → top).
  /// - Complexity: O(a + s log n + k) for a alerts scoped to the page left or shown, s
  ///   suspended, k scopes.
  mutating func navSet(stack: [String]) throws(CoreError) -> Navigation {
    beginChange()
    for (index, scope) in stack.enumerated() {
      try Self.checkName(scope, path: "/stack/\(index)")
    }
    let previous = navigation.active
    navigation.replace(with: stack)
    navigationChanged(from: previous)
    observeNavigation()
    finishChange()
    return navigation
  }

  // MARK: - Time

  /// Moves the manager to `time` (never backwards), deciding each instant at which something
  /// is due by the one-instant rule, in time order; every event carries its own instant.
  /// - Complexity: O(t log n) for t timers fired.
  mutating func advance(to time: Int64) {
    let target = max(time, now)
    while let due = timers.nextDue, due <= target {
      now = max(now, due)
      finishInstant()
    }
    now = target
  }

  /// Notes the page stack's top for the timeline, when observing.
  private mutating func observeNavigation() {
    if observesTimeline {
      observations.append(.navigation(PageStackTop(navigation.stack), at: now))
    }
  }

  /// Takes what `observesTimeline` collected since the last call, in order.
  public mutating func takeObservations() -> [TimelineObservation] {
    defer { observations.removeAll() }
    return observations
  }

  /// Moves the manager's clock to `now` — backwards too — with a new wall-clock origin (the
  /// engine clock changed mode). Only valid while no timer is set.
  ///
  /// Every time held keeps its wall-clock time (`startedWallAt + engine time`): the alerts'
  /// times and the show history are converted to the new origin, as a restore converts
  /// them, so frequency limits still count the same shows and a persisted alert is written
  /// back with the times it had (left in the old origin, a switch from the manual clock
  /// moved them decades). A show keeps its own `wallAt`, so its `at` is computed from that,
  /// as a restore does: converting the old `at`, clamped to ±(2^53 − 1), moved shows of an
  /// `--epoch-ms` near the limit decades on a switch there and back. An alert holds engine
  /// times only; those the old origin clamped stay clamped.
  /// - Complexity: O(n + h log h) for n alerts and h shows.
  mutating func rebase(now: Int64, startedWallAt: Int64) {
    precondition(timers.isEmpty, "rebased the clock with timers set")
    let (from, to) = (self.startedWallAt, startedWallAt)
    let moved = { (time: Int64) in
      Self.withinLatest(Self.withinLatest(from.addingClamped(time)).addingClamped(-to))
    }
    if from != to {
      for index in alerts.indices where records[index].isLive {
        alerts[index].convertTimes(moved)
      }
      shows = ShowHistory(
        shows.records.map { show in
          var show = show
          show.at = Self.withinLatest(show.wallAt.addingClamped(-to))
          return show
        })
    }
    self.now = now
    self.startedWallAt = startedWallAt
  }

  /// Lets the alerts restored from durable state compete, after the first request.
  /// - Complexity: O(q + s log n) for q queues and s alerts shown.
  mutating func releaseRestored() {
    guard holdingRestored else { return }
    finishChange()
  }

  // MARK: - Validation

  static func checkName(_ value: String, path: String) throws(CoreError) {
    // 1 to 256 UTF-8 bytes is 1 to 256 scalars (a scalar is 1 to 4 bytes), and the byte count
    // of a native string is stored: only longer names need their scalars counted.
    let bytes = value.utf8.count
    if bytes >= 1 && bytes <= 256 { return }
    let length = value.unicodeScalars.count
    guard length >= 1 && length <= 256 else {
      let field = path.split(separator: "/").joined(separator: ".")
      throw .invalidParams(
        path: path, expected: "a string of 1 to 256 characters",
        message: "\(field) must be a string of 1 to 256 characters.")
    }
  }

  static func outOfRange(_ field: String, minimum: Int64) -> CoreError {
    let path = "/" + field
    return .invalidParams(
      path: path, expected: "an integer >= \(minimum)",
      message: "\(field.split(separator: "/").joined(separator: ".")) must be an integer"
        + " >= \(minimum).")
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
    if case .limit(let limit) = request.limit {
      try validate(limit: limit, cooldownMs: nil)
    }
    try validate(limit: nil, cooldownMs: request.cooldownMs)
  }

  static func validate(limit: FrequencyLimit?, cooldownMs: Int64?) throws(CoreError) {
    if let limit {
      if limit.max < 0 { throw outOfRange("limit/max", minimum: 0) }
      if let window = limit.windowMs, window < 1 {
        throw outOfRange("limit/windowMs", minimum: 1)
      }
    }
    if let cooldownMs, cooldownMs < 0 { throw outOfRange("cooldownMs", minimum: 0) }
  }

  private static func validate(_ filter: AlertCancelFilter) throws(CoreError) {
    let given =
      filter.id != nil || filter.ids != nil || filter.type != nil || filter.key != nil
      || filter.scope != nil || filter.queue != nil || filter.states != nil || filter.all
    guard given else {
      throw .invalidParams(
        path: "", expected: "one of id, ids, type, key, scope, queue, states, all",
        message: "Say what to cancel: at least one filter (id, ids, type, key, scope, queue,"
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

  /// `self - other`, clamped to the Int64 range instead of overflowing.
  func subtractingClamped(_ other: Int64) -> Int64 {
    let (difference, overflow) = subtractingReportingOverflow(other)
    guard overflow else { return difference }
    return other < 0 ? .max : .min
  }
}
