/// The whole engine state behind the RPC methods: the layer tree, the alert manager with its
/// navigation, and the event subscriptions. One method per RPC method; each mutating one
/// queues the events it causes, which the server takes with `drainEvents()` and writes before
/// the response.
///
/// Time moves only through `advance(to:)`; every other call happens at the screen's `now`.
///
/// Layers of showing alerts: an alert with a `mount` keeps layer `"alert:" + id` in `layers`
/// while it shows (mounted when it shows, unmounted when it stops showing), and its
/// `alert.show` event carries that layer.
public struct Screen: Sendable {
  /// The ordered-layer container. Layer methods are called on it directly.
  public var layers: LayerTree
  /// The alert manager (read-only from outside: change it through the methods below).
  public private(set) var alerts: AlertManager
  /// Subscribed event topics.
  public private(set) var topics: Set<String> = []

  /// The topics `subscribe` accepts; other events are always sent.
  public static let optionalTopics: Set<String> = ["alert.changed"]

  /// A fresh engine at time `now`, whose engine time 0 is wall-clock `startedWallAt`.
  public init(
    maxLayers: Int, maxTreeDepth: Int, maxAlerts: Int, now: Int64 = 0, startedWallAt: Int64 = 0
  ) {
    layers = LayerTree(maxLayers: maxLayers, maxTreeDepth: maxTreeDepth)
    alerts = AlertManager(maxAlerts: maxAlerts, now: now, startedWallAt: startedWallAt)
  }

  // MARK: - Time and events

  /// The engine time: the latest time the screen was moved to.
  public var now: Int64 { alerts.now }

  /// When the next timer is due (a poll timeout), nil when none is scheduled.
  /// - Complexity: O(1)
  public var nextDeadline: Int64? { alerts.nextDeadline }

  /// Whether any timer is set (restored alerts' included).
  public var hasTimers: Bool { alerts.hasTimers }

  /// Moves to `time`, deciding every instant at which something is due, in time order (events
  /// carry their instant). The only way the screen's time moves.
  /// - Complexity: O(t log n) for t timers fired.
  public mutating func advance(to time: Int64) {
    alerts.advance(to: time)
    flushAlertOutputs()
  }

  /// Moves the clock to `now` — backwards too — with a new wall-clock origin: the engine
  /// clock changed mode while no timer was set.
  public mutating func rebase(now: Int64, startedWallAt: Int64) {
    alerts.rebase(now: now, startedWallAt: startedWallAt)
  }

  /// Takes the events queued since the last drain, oldest first.
  /// - Complexity: O(1)
  public mutating func drainEvents() -> [ScreenEvent] {
    guard !alerts.events.isEmpty else { return [] }
    var drained: [ScreenEvent] = []
    swap(&drained, &alerts.events)
    return drained
  }

  /// Calls `body` with each event queued since the last call, oldest first, then forgets
  /// them, keeping their storage: no copy of an event (an alert, its strings) and no
  /// allocation per call, as `drainEvents()` makes.
  /// - Complexity: O(e) for e events.
  public mutating func takeEvents(_ body: (ScreenEvent) -> Void) {
    guard !alerts.events.isEmpty else { return }
    alerts.events.withUnsafeBufferPointer { events in
      for index in events.indices { body(events[index]) }
    }
    alerts.events.removeAll(keepingCapacity: true)
  }

  /// `events.subscribe`: adds `topics` (only `"alert.changed"` exists); returns them all.
  /// - Throws: `.invalidParams` for an unknown topic.
  /// - Complexity: O(t) for t topics.
  public mutating func subscribe(topics: [String]) throws(CoreError) -> [String] {
    try Self.checkTopics(topics)
    self.topics.formUnion(topics)
    alerts.reportsStateChanges = self.topics.contains("alert.changed")
    return self.topics.sorted()
  }

  /// `events.unsubscribe`: removes `topics`; returns those left.
  /// - Throws: `.invalidParams` for an unknown topic.
  /// - Complexity: O(t) for t topics.
  public mutating func unsubscribe(topics: [String]) throws(CoreError) -> [String] {
    try Self.checkTopics(topics)
    self.topics.subtract(topics)
    alerts.reportsStateChanges = self.topics.contains("alert.changed")
    return self.topics.sorted()
  }

  private static func checkTopics(_ topics: [String]) throws(CoreError) {
    for (index, topic) in topics.enumerated() where !optionalTopics.contains(topic) {
      throw .invalidParams(
        path: "/topics/\(index)", expected: "\"alert.changed\"",
        message: "The only topic to subscribe to is \"alert.changed\"; other events are"
          + " always sent.")
    }
  }

  /// `engine.stats`' `alerts`.
  /// - Complexity: O(1)
  public var alertCounts: AlertCounts { alerts.counts }

  /// The shows the frequency limits count, forgotten ones left out.
  /// - Complexity: O(1)
  public var showCount: Int { alerts.shows.count }

  // MARK: - Observing

  /// Whether the screen collects a timeline of every alert and page change (`ordo report`).
  public var observesTimeline: Bool {
    get { alerts.observesTimeline }
    set { alerts.observesTimeline = newValue }
  }

  /// What was observed since the last call, in order.
  public mutating func takeObservations() -> [TimelineObservation] {
    alerts.takeObservations()
  }

  // MARK: - Durable state

  /// Whether the alert manager collects durable changes (`takeDurableChanges()`).
  public var tracksDurableChanges: Bool {
    get { alerts.tracksDurableChanges }
    set { alerts.tracksDurableChanges = newValue }
  }

  /// The durable changes since the last call.
  public mutating func takeDurableChanges() -> DurableChanges {
    alerts.takeDurableChanges()
  }

  /// Loads durable state into a fresh screen; see `AlertManager.restore`.
  public mutating func restore(_ state: DurableState) {
    alerts.restore(state)
  }

  /// Lets restored alerts compete once the first request was applied.
  public mutating func releaseRestored() {
    alerts.releaseRestored()
    flushAlertOutputs()
  }

  // MARK: - Alerts

  /// `alert.enqueue`. See `AlertManager.enqueue`.
  /// - Complexity: O(log n), plus O(k) for k active alerts with the same key.
  public mutating func enqueue(_ request: AlertEnqueueRequest) throws(CoreError)
    -> AlertEnqueueResult
  {
    let parentExists = request.mount?.parent.map { layers.contains(id: $0) } ?? true
    defer { flushAlertOutputs() }
    return try alerts.enqueue(request, mountParentExists: parentExists)
  }

  /// `alert.complete`.
  /// - Throws: `.notFound`, `.invalidState(.notShowing, state:)`.
  /// - Complexity: O(log n)
  public mutating func complete(id: String, result: RawJSON?) throws(CoreError) -> Alert {
    defer { flushAlertOutputs() }
    return try alerts.complete(id: id, result: result)
  }

  /// `alert.cancel`: returns the ids cancelled, in enqueue order.
  /// - Throws: `.invalidParams` (no filter; an ended state in `states`).
  /// - Complexity: O(log n) by `id`; O(m log n) for m candidates otherwise.
  public mutating func cancel(_ filter: AlertCancelFilter) throws(CoreError) -> [String] {
    defer { flushAlertOutputs() }
    return try alerts.cancel(filter)
  }

  /// `alert.clear`: returns `removed`.
  /// - Complexity: O(m log m) for the m alerts of the queue(s).
  public mutating func clear(queue: String?) throws(CoreError) -> Int {
    defer { flushAlertOutputs() }
    return try alerts.clear(queue: queue)
  }

  /// `alert.pause`.
  /// - Complexity: O(r log r) for r reasons.
  public mutating func pause(queue: String?, reason: String?) throws(CoreError)
    -> AlertPauseState
  {
    defer { flushAlertOutputs() }
    return try alerts.pause(queue: queue, reason: reason)
  }

  /// `alert.resume`.
  /// - Complexity: O(r log r) for r reasons, plus the pump.
  public mutating func resume(queue: String?, reason: String?) throws(CoreError)
    -> AlertPauseState
  {
    defer { flushAlertOutputs() }
    return try alerts.resume(queue: queue, reason: reason)
  }

  /// `alert.configure`.
  /// - Complexity: O(1), plus O(t) for t ended alerts forgotten.
  public mutating func configure(_ configuration: AlertQueueConfiguration) throws(CoreError)
    -> AlertQueueSettings
  {
    defer { flushAlertOutputs() }
    return try alerts.configure(configuration)
  }

  /// `alert.defineType`.
  /// - Complexity: O(1)
  public mutating func defineType(_ definition: AlertTypeDefinition) throws(CoreError)
    -> AlertTypeDefinition
  {
    defer { flushAlertOutputs() }
    return try alerts.defineType(definition)
  }

  /// `alert.forget`: returns how many counted shows were erased.
  /// - Complexity: O(h) for h shows recorded.
  public mutating func forget(_ filter: ShowForgetFilter) throws(CoreError) -> Int {
    defer { flushAlertOutputs() }
    return try alerts.forget(filter)
  }

  /// `alert.history`.
  public func history(_ filter: ShowHistoryFilter) -> [ShowRecord] {
    alerts.history(filter)
  }

  /// `alert.get`.
  /// - Throws: `.notFound(.alert, id:)`.
  /// - Complexity: O(1)
  public func alert(id: String) throws(CoreError) -> Alert {
    try alerts.alert(id: id)
  }

  /// `alert.list`.
  /// - Complexity: O(m log m) for the m alerts considered.
  public func list(_ filter: AlertListFilter = AlertListFilter()) -> [Alert] {
    alerts.list(filter)
  }

  // MARK: - Navigation

  /// `nav.get`.
  public var nav: Navigation { alerts.navigation }

  /// `nav.push`.
  /// - Complexity: O(a + s log n) for a alerts scoped to the page left or shown, s suspended
  ///   or shown.
  public mutating func navPush(scope: String) throws(CoreError) -> Navigation {
    defer { flushAlertOutputs() }
    return try alerts.navPush(scope: scope)
  }

  /// `nav.pop`.
  /// - Throws: `.invalidState(.emptyStack)`.
  /// - Complexity: O(a + s log n) for a alerts scoped to the page left or shown, s suspended
  ///   or shown.
  public mutating func navPop() throws(CoreError) -> Navigation {
    defer { flushAlertOutputs() }
    return try alerts.navPop()
  }

  /// `nav.set`.
  /// - Complexity: O(q + s log n + k) for q queues, s alerts suspended, k scopes.
  public mutating func navSet(stack: [String]) throws(CoreError) -> Navigation {
    defer { flushAlertOutputs() }
    return try alerts.navSet(stack: stack)
  }

  // MARK: - Alert layers

  /// Applies the layer changes of the alert manager's latest events, in order: mounts the
  /// layer of each mounted alert that shows (its show event gets the layer) and unmounts it
  /// when it stops showing.
  private mutating func flushAlertOutputs() {
    guard !alerts.layerChanges.isEmpty else { return }
    for change in alerts.layerChanges {
      switch change {
      case .mount(let index):
        guard case .alertShow(let alert, let resumed, let at, _) = alerts.events[index],
          let mount = alert.mount
        else { continue }
        let layer = layers.mountAlertLayer(
          alertID: alert.id, parent: mount.parent, sort: mount.sort)
        alerts.events[index] = .alertShow(alert: alert, resumed: resumed, at: at, layer: layer)
      case .unmount(let alertID):
        layers.unmountAlertLayer(alertID: alertID)
      }
    }
    alerts.layerChanges.removeAll(keepingCapacity: true)
  }
}
