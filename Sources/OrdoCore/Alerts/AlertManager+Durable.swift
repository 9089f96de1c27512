// What outlives the process (docs/protocol.md#durable-state): the manager collects what
// changed for the server's store to write, exports persisted alerts in wall-clock time, and
// restores everything at start. The manager itself does no I/O.

/// The changes to durable things since the last `takeDurableChanges()`.
public struct DurableChanges: Equatable, Sendable {
  /// Types defined (or redefined).
  public var types: Set<String> = []
  /// Queues whose settings changed.
  public var queues: Set<String> = []
  /// Counted shows, in the order they happened.
  public var shows: [ShowRecord] = []
  /// The `order`s of the shows `alert.forget` erased.
  public var forgottenShows: [Int64] = []
  /// Persisted alerts created, changed or ended (`persistedAlert(id:)` tells which).
  public var alerts: Set<String> = []
  /// Whether the id, seq or show counters moved.
  public var countersChanged = false

  public init() {}

  public var isEmpty: Bool {
    types.isEmpty && queues.isEmpty && shows.isEmpty && forgottenShows.isEmpty && alerts.isEmpty
      && !countersChanged
  }
}

/// A persisted alert as stored: every time in `alert` (`createdAt`, `readyAt`, `expiresAt`,
/// `shownAt`, `endedAt`) is wall-clock epoch ms, not engine time.
public struct PersistedAlert: Equatable, Sendable {
  public var alert: Alert
  public var preempt: Bool
  public var limit: FrequencyLimit?
  public var cooldownMs: Int64?
  public var onLimit: OnLimit

  public init(
    alert: Alert, preempt: Bool, limit: FrequencyLimit?, cooldownMs: Int64?, onLimit: OnLimit
  ) {
    self.alert = alert
    self.preempt = preempt
    self.limit = limit
    self.cooldownMs = cooldownMs
    self.onLimit = onLimit
  }
}

/// The counters that keep ids, `seq` and show order from repeating across restarts.
public struct DurableCounters: Equatable, Sendable {
  public var lastSeq: Int64 = 0
  public var lastGeneratedID: Int64 = 0
  public var lastShowOrder: Int64 = 0

  public init(lastSeq: Int64 = 0, lastGeneratedID: Int64 = 0, lastShowOrder: Int64 = 0) {
    self.lastSeq = lastSeq
    self.lastGeneratedID = lastGeneratedID
    self.lastShowOrder = lastShowOrder
  }
}

/// Everything durable, as a store holds it.
public struct DurableState: Equatable, Sendable {
  public var types: [AlertTypeDefinition] = []
  /// In the order the queues were created.
  public var queues: [AlertQueueSettings] = []
  /// In the order they happened; `at` is recomputed from `wallAt` on restore.
  public var shows: [ShowRecord] = []
  public var alerts: [PersistedAlert] = []
  public var counters = DurableCounters()

  public init(
    types: [AlertTypeDefinition] = [], queues: [AlertQueueSettings] = [],
    shows: [ShowRecord] = [], alerts: [PersistedAlert] = [],
    counters: DurableCounters = DurableCounters()
  ) {
    self.types = types
    self.queues = queues
    self.shows = shows
    self.alerts = alerts
    self.counters = counters
  }
}

extension AlertManager {
  /// Takes the durable changes collected since the last call.
  /// - Complexity: O(1)
  public mutating func takeDurableChanges() -> DurableChanges {
    guard !durable.isEmpty else { return DurableChanges() }
    defer { durable = DurableChanges() }
    return durable
  }

  /// Notes that the alert in `slot` changed, when it is persisted. (It takes the slot, not
  /// the alert: an alert read out of the table to pass to a mutating method is copied whole.)
  mutating func noteDurable(slot: Int32) {
    let row = Int(slot)
    if tracksDurableChanges && alerts[row].persist { durable.alerts.insert(alerts[row].id) }
  }

  /// The counters as they are now.
  public var counters: DurableCounters {
    DurableCounters(
      lastSeq: lastSeq, lastGeneratedID: lastGeneratedID, lastShowOrder: lastShowOrder)
  }

  /// The settings of the queues `alert.configure` configured (the durable ones), in the
  /// order the queues were created.
  public var configuredQueueSettings: [AlertQueueSettings] {
    queues.filter(\.isConfigured).map(\.settings)
  }

  /// Every defined type, by name.
  public var allTypes: [AlertTypeDefinition] {
    typeNames.definitions.compactMap { $0 }.sorted { $0.type < $1.type }
  }

  /// The persisted, not-yet-ended alert `id` in wall-clock time; nil when there is none
  /// (unknown, not persisted, or ended: a store deletes it then).
  /// - Complexity: O(1)
  public func persistedAlert(id: String) -> PersistedAlert? {
    guard let slot = slot(of: id) else { return nil }
    let record = records[Int(slot)]
    guard alerts[Int(slot)].persist, !alerts[Int(slot)].state.isEnded else { return nil }
    var alert = alerts[Int(slot)]
    alert.convertTimes { wallTime(of: $0) }
    return PersistedAlert(
      alert: alert, preempt: record.preempt, limit: record.limit, cooldownMs: record.cooldownMs,
      onLimit: record.onLimit)
  }

  /// Everything durable the manager holds now (persisted alerts in wall-clock time).
  /// - Complexity: O(n + h) for n alerts and h shows.
  public func durableState() -> DurableState {
    let persisted = records.indices
      .filter { records[$0].isLive && alerts[$0].persist && !alerts[$0].state.isEnded }
      .map { alerts[$0] }
      .sorted { $0.seq < $1.seq }
      .compactMap { persistedAlert(id: $0.id) }
    return DurableState(
      types: allTypes, queues: configuredQueueSettings, shows: Array(shows.records),
      alerts: persisted, counters: counters)
  }

  /// Loads `state` into a fresh manager at its current time (docs/protocol.md#after-a-restart):
  /// scheduled alerts keep their wall-clock `readyAt` (already due: pending), pending ones
  /// stay pending, showing or suspended ones come back suspended, and one whose TTL ran out
  /// meanwhile is expired at its `expiresAt`. Nothing is shown and no event is produced:
  /// restored alerts compete only once the next call is made (or `releaseRestored()`).
  /// - Complexity: O(n log n + h) for n alerts and h shows.
  public mutating func restore(_ state: DurableState) {
    let startedWallAt = self.startedWallAt
    let engineTime = { (wall: Int64) in
      Self.withinLatest(wall.addingClamped(-startedWallAt))
    }
    for definition in state.types {
      typeNames.define(definition.type, as: definition)
    }
    for settings in state.queues {
      let queue = queueOrdinal(settings.queue)
      queues[queue].settings = settings
      queues[queue].isConfigured = true
    }
    var lastOrder = state.counters.lastShowOrder
    var restoredShows = Array(shows.records)
    for var show in Self.inOrder(state.shows, by: { $0.order < $1.order }) {
      show.at = engineTime(show.wallAt)
      restoredShows.append(show)
      lastOrder = max(lastOrder, show.order)
    }
    shows = ShowHistory(restoredShows)
    lastShowOrder = lastOrder
    lastGeneratedID = state.counters.lastGeneratedID
    lastSeq = state.counters.lastSeq
    // Expired while the engine was down: filed in the order they ended, as they would have
    // been had it run (the history is kept, and trimmed, in that order).
    var expired: [(alert: Alert, record: Record)] = []
    for persisted in Self.inOrder(state.alerts, by: { $0.alert.seq < $1.alert.seq }) {
      var alert = persisted.alert
      alert.convertTimes(engineTime)
      // A TTL ending past the latest time never ends, as at enqueue; here one ending at it
      // never ends either: converting clamps to the latest time, so it may have been later.
      alert.expiresAt = alert.expiresAt.flatMap { $0 < Self.latestTime ? $0 : nil }
      alert.endedAt = nil
      alert.endReason = nil
      alert.persist = true
      lastSeq = max(lastSeq, alert.seq)
      guard slot(of: alert.id) == nil else { continue }
      switch alert.state {
      case .showing, .suspended: alert.state = .suspended
      case .scheduled where (alert.readyAt ?? now) <= now: alert.state = .pending
      case .scheduled, .pending: break
      case .done, .cancelled, .expired: continue
      }
      let queue = queueOrdinal(alert.queue)
      let record = Record(
        queue: queue, preempt: persisted.preempt, limit: persisted.limit,
        cooldownMs: persisted.cooldownMs, onLimit: persisted.onLimit)
      if alert.state != .suspended, let expiresAt = alert.expiresAt, expiresAt <= now {
        if tracksDurableChanges { durable.alerts.insert(alert.id) }
        expired.append((alert, record))
      } else {
        // insert notes it for the durable state (its persist is set above), and takes the
        // alert: reading it after would copy it.
        insert(alert, record)
        holdingRestored = true
      }
    }
    expired.sort {
      ($0.alert.expiresAt ?? 0, $0.alert.seq) < ($1.alert.expiresAt ?? 0, $1.alert.seq)
    }
    for (alert, record) in expired { restoreExpired(alert, record, at: alert.expiresAt ?? now) }
    // Counters behind the rows, raised above (Ordo writes them with each enqueue and show; a
    // file changed by another program may hold less): written back at the first commit, or
    // once those alerts ended, a restart would give their seqs again.
    if tracksDurableChanges && counters != state.counters { durable.countersChanged = true }
    events.removeAll()
    layerChanges.removeAll()
  }

  /// `items` sorted by `areInIncreasingOrder`, and `items` themselves when they already are.
  /// The store reads shows and alerts in that order: sorting would copy every one of them at
  /// the start's peak of memory (a third of it, for alerts). The sort is stable, so either
  /// way items with equal keys keep the order given.
  private static func inOrder<Item>(
    _ items: [Item], by areInIncreasingOrder: (Item, Item) -> Bool
  ) -> [Item] {
    zip(items, items.dropFirst()).allSatisfy { areInIncreasingOrder($0, $1) }
      ? items : items.sorted(by: areInIncreasingOrder)
  }

  /// Files a restored alert whose TTL ran out while the engine was down as expired at
  /// `expiresAt`, silently.
  private mutating func restoreExpired(_ alert: Alert, _ record: Record, at expiresAt: Int64) {
    var (alert, record) = (alert, record)
    alert.state = .expired
    alert.endedAt = expiresAt
    alert.endReason = .expired
    lastEndOrder += 1
    record.endOrder = lastEndOrder
    let slot = allocate(alert, record)
    counts.ended += 1
    queues[record.queue].history.append(slot: slot, endOrder: lastEndOrder, seq: alert.seq)
    queues[record.queue].historyCount += 1
    trimHistory(of: record.queue)
  }
}

extension Alert {
  /// Converts each of the alert's times (created, ready, expires, shown, ended) with
  /// `convert`: to wall-clock time for the state file, back to engine time at a restore, or
  /// to a new origin at a clock switch.
  mutating func convertTimes(_ convert: (Int64) -> Int64) {
    createdAt = convert(createdAt)
    readyAt = readyAt.map(convert)
    expiresAt = expiresAt.map(convert)
    shownAt = shownAt.map(convert)
    endedAt = endedAt.map(convert)
  }
}
