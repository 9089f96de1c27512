/// The whole engine state behind the RPC methods: the layer tree, the alert manager with its
/// navigation, and the event subscriptions. One method per RPC method; each mutating one is
/// told `now` (engine ms) and queues the events it causes, which the server takes with
/// `drainEvents()` and writes before the response.
///
/// Layers of showing alerts: an alert with a `mount` keeps layer `"alert:" + id` in `layers`
/// while it shows (mounted when it shows, unmounted when it stops showing), and its
/// `alert.show` event carries that layer.
///
/// - Important: Before serving any request, a server calls `advance(to:)` with the clock's
///   time (mutating methods do it themselves; reads and `layers` do not), and after it writes
///   the events of `drainEvents()`.
public struct Screen: Sendable {
  /// The ordered-layer container (SPEC §3). Layer methods are called on it directly.
  public var layers: LayerTree
  /// The alert manager (read-only from outside: change it through the methods below).
  public private(set) var alerts: AlertManager
  /// Subscribed event topics.
  public private(set) var topics: Set<String> = []
  private var events: [ScreenEvent] = []

  /// The topics `subscribe` accepts; other events are always sent.
  public static let optionalTopics: Set<String> = ["alert.changed"]

  /// A fresh engine at time `now`.
  public init(maxLayers: Int, maxTreeDepth: Int, maxAlerts: Int, now: Int64 = 0) {
    layers = LayerTree(maxLayers: maxLayers, maxTreeDepth: maxTreeDepth)
    alerts = AlertManager(maxAlerts: maxAlerts, now: now)
  }

  // MARK: - Time and events

  /// The engine time: the latest `now` the screen was told.
  public var now: Int64 { alerts.now }

  /// When the next timer is due (a poll timeout), nil when none is scheduled.
  /// - Complexity: O(1)
  public var nextDeadline: Int64? { alerts.nextDeadline }

  /// Moves to `now`, firing every due timer in time order, each at its own due time (events
  /// carry that time), pumping after each. `clock.advance` and the system clock's timer loop.
  /// - Complexity: O(t log n) for t timers fired.
  public mutating func advance(to now: Int64) {
    alerts.advance(to: now)
    flushAlertOutputs()
  }

  /// Takes the events queued since the last drain, oldest first.
  /// - Complexity: O(1)
  public mutating func drainEvents() -> [ScreenEvent] {
    guard !events.isEmpty else { return [] }
    var drained: [ScreenEvent] = []
    swap(&drained, &events)
    return drained
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

  /// `engine.reset`: a fresh engine (layers, alerts, queue settings, types, navigation,
  /// subscriptions, history) at time `now` (0 for a manual clock, the clock's time for the
  /// system clock). Emits no event; events not yet drained stay.
  /// - Complexity: O(n)
  public mutating func reset(now: Int64) {
    layers.removeAll()
    alerts = AlertManager(maxAlerts: alerts.maxAlerts, now: now)
    topics = []
  }

  /// `engine.stats`' `alerts`.
  /// - Complexity: O(1)
  public var alertCounts: AlertCounts { alerts.counts }

  // MARK: - Alerts

  /// `alert.enqueue`. See `AlertManager` for the rules.
  /// - Throws: `.invalidParams`, `.notFound(kind: "layer")` for an unknown `mount.parent`,
  ///   `.alreadyExists` (alert id, or key with `onDuplicate: .error`), `.limitExceeded`.
  /// - Complexity: O(log n), plus O(k) for k active alerts with the same key.
  public mutating func enqueue(_ request: AlertEnqueueRequest, now: Int64) throws(CoreError)
    -> AlertEnqueueResult
  {
    advance(to: now)
    try AlertManager.validate(request)
    if let parent = request.mount?.parent, !layers.contains(id: parent) {
      throw .notFound(kind: "layer", id: parent)
    }
    defer { flushAlertOutputs() }
    return try alerts.enqueue(request, now: now)
  }

  /// `alert.complete`.
  /// - Throws: `.notFound`, `.invalidState(reason: "not_showing", state:)`.
  /// - Complexity: O(log n)
  public mutating func complete(id: String, result: RawJSON?, now: Int64) throws(CoreError)
    -> Alert
  {
    defer { flushAlertOutputs() }
    return try alerts.complete(id: id, result: result, now: now)
  }

  /// `alert.cancel`: returns the ids cancelled, in enqueue order.
  /// - Throws: `.invalidParams` (no filter; an ended state in `states`).
  /// - Complexity: O(log n) by `id`; O(m log n) for m candidates otherwise.
  public mutating func cancel(_ filter: AlertCancelFilter, now: Int64) throws(CoreError)
    -> [String]
  {
    defer { flushAlertOutputs() }
    return try alerts.cancel(filter, now: now)
  }

  /// `alert.clear`: returns `removed`.
  /// - Complexity: O(m log m) for the m alerts of the queue(s).
  public mutating func clear(queue: String?, now: Int64) throws(CoreError) -> Int {
    defer { flushAlertOutputs() }
    return try alerts.clear(queue: queue, now: now)
  }

  /// `alert.pause`.
  /// - Complexity: O(r log r) for r reasons.
  public mutating func pause(queue: String?, reason: String?, now: Int64) throws(CoreError)
    -> AlertPauseState
  {
    defer { flushAlertOutputs() }
    return try alerts.pause(queue: queue, reason: reason, now: now)
  }

  /// `alert.resume`.
  /// - Complexity: O(r log r) for r reasons, plus the pump.
  public mutating func resume(queue: String?, reason: String?, now: Int64) throws(CoreError)
    -> AlertPauseState
  {
    defer { flushAlertOutputs() }
    return try alerts.resume(queue: queue, reason: reason, now: now)
  }

  /// `alert.configure`.
  /// - Complexity: O(1), plus O(t) for t ended alerts forgotten.
  public mutating func configure(_ configuration: AlertQueueConfiguration, now: Int64)
    throws(CoreError) -> AlertQueueSettings
  {
    defer { flushAlertOutputs() }
    return try alerts.configure(configuration, now: now)
  }

  /// `alert.defineType`.
  /// - Complexity: O(1)
  public mutating func defineType(_ definition: AlertTypeDefinition, now: Int64)
    throws(CoreError) -> AlertTypeDefinition
  {
    defer { flushAlertOutputs() }
    return try alerts.defineType(definition, now: now)
  }

  /// `alert.get`.
  /// - Throws: `.notFound(kind: "alert", id:)`.
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
  /// - Complexity: O(q + s log n) for q queues and s alerts suspended.
  public mutating func navPush(scope: String, now: Int64) throws(CoreError) -> Navigation {
    defer { flushAlertOutputs() }
    return try alerts.navPush(scope: scope, now: now)
  }

  /// `nav.pop`.
  /// - Throws: `.invalidState(reason: "empty_stack")`.
  /// - Complexity: O(q + s log n) for q queues and s alerts suspended.
  public mutating func navPop(now: Int64) throws(CoreError) -> Navigation {
    defer { flushAlertOutputs() }
    return try alerts.navPop(now: now)
  }

  /// `nav.set`.
  /// - Complexity: O(q + s log n + k) for q queues, s alerts suspended, k scopes.
  public mutating func navSet(stack: [String], now: Int64) throws(CoreError) -> Navigation {
    defer { flushAlertOutputs() }
    return try alerts.navSet(stack: stack, now: now)
  }

  // MARK: - Alert layers

  /// Moves the alert manager's outputs into `events`, mounting the layer of each mounted
  /// alert that shows and unmounting it when it stops showing.
  private mutating func flushAlertOutputs() {
    for output in alerts.drainOutputs() {
      switch output {
      case .event(.alertShow(let alert, let resumed, let at, _)):
        let layer = alert.mount.flatMap { mount in
          layers.mountAlertLayer(alertID: alert.id, parent: mount.parent, sort: mount.sort)
        }
        events.append(.alertShow(alert: alert, resumed: resumed, at: at, layer: layer))
      case .event(let event):
        events.append(event)
      case .unmount(let alertID):
        layers.unmountAlertLayer(alertID: alertID)
      }
    }
  }
}
