import Testing

@testable import OrdoCore

/// A screen whose every change goes into a `TimelineBuilder`, the way `ordo report` feeds one
/// while it replays a trace.
struct RecordedSession {
  var screen = Screen(maxLayers: 1_000, maxTreeDepth: 64, maxAlerts: 1_000)
  var builder: TimelineBuilder
  /// Whether `alertCreated` comes after the events of its enqueue (as they come out of the
  /// screen) rather than before them.
  let createdAfterItsChanges: Bool

  init(createdAfterItsChanges: Bool, metadata: Timeline.Metadata = Timeline.Metadata()) throws {
    self.createdAfterItsChanges = createdAfterItsChanges
    builder = TimelineBuilder(start: 0, metadata: metadata)
    _ = try screen.subscribe(topics: ["alert.changed"])
  }

  private mutating func drain() {
    for event in screen.drainEvents() { builder.record(event) }
  }

  mutating func advance(to time: Int64) {
    screen.advance(to: time)
    drain()
  }

  mutating func enqueue(at time: Int64, _ request: AlertEnqueueRequest) throws {
    advance(to: time)
    let result = try screen.enqueue(request)
    let created = result.disposition == .queued ? result.alert : nil
    if !createdAfterItsChanges, let created { builder.alertCreated(created, at: screen.now) }
    drain()
    if createdAfterItsChanges, let created { builder.alertCreated(created, at: screen.now) }
  }

  mutating func complete(at time: Int64, _ id: String) throws {
    advance(to: time)
    _ = try screen.complete(id: id, result: nil)
    drain()
  }

  mutating func cancel(at time: Int64, _ id: String) throws {
    advance(to: time)
    _ = try screen.cancel(AlertCancelFilter(id: id))
    drain()
  }

  mutating func navigate(at time: Int64, _ change: (inout Screen) throws(CoreError) -> Void)
    throws
  {
    advance(to: time)
    try change(&screen)
    drain()
    builder.navigationChanged(stack: PageStackTop(screen.nav.stack), at: screen.now)
  }

  func finish(at time: Int64) -> Timeline {
    builder.finish(at: time)
  }
}

/// A small session with every kind of interval and end: a modal queue (a timeout, a page
/// change that suspends and resumes, a completion, a cancellation) and a toast queue (a
/// delay, an expiry, an alert still showing at the end), with a few layers.
enum ReportScenario {
  static func record(createdAfterItsChanges: Bool = false) throws -> RecordedSession {
    var session = try RecordedSession(
      createdAfterItsChanges: createdAfterItsChanges,
      metadata: Timeline.Metadata(
        ordoVersion: "0.0.0-test", arguments: ["--clock", "manual", "--trace", "t.jsonl"],
        startedWallAt: 1_700_000_000_000))
    try buildLayers(&session.screen.layers)
    try session.navigate(at: 0) { screen throws(CoreError) in
      _ = try screen.navSet(stack: ["home"])
    }
    try session.enqueue(at: 0, AlertEnqueueRequest(type: "modal", id: "welcome", durationMs: 1000))
    try session.enqueue(
      at: 0,
      AlertEnqueueRequest(
        type: "modal", id: "promo", scope: "home", mount: AlertMount(parent: "page", sort: 100)))
    try session.enqueue(
      at: 0,
      AlertEnqueueRequest(
        type: "toast", id: "toast1", queue: "toast", delayMs: 500, durationMs: 800))
    try session.navigate(at: 1500) { screen throws(CoreError) in
      _ = try screen.navPush(scope: "room")
    }
    try session.navigate(at: 2000) { screen throws(CoreError) in _ = try screen.navPop() }
    try session.complete(at: 2500, "promo")
    try session.enqueue(
      at: 2600,
      AlertEnqueueRequest(type: "toast", id: "late", queue: "toast", at: 5000, ttlMs: 100))
    try session.enqueue(
      at: 3000,
      AlertEnqueueRequest(
        type: "toast", id: "left", queue: "toast", mount: AlertMount(parent: "page", sort: 200)))
    try session.enqueue(
      at: 3100, AlertEnqueueRequest(type: "modal", id: "gone", scope: "room"))
    try session.cancel(at: 3200, "gone")
    try session.screen.layers.add(
      "toast-view", under: "alert:left", frame: Frame(x: 20, y: 560, width: 320, height: 48))
    session.advance(to: 4000)
    return session
  }

  /// The intervals the scenario must produce, per alert: `(state, start, end)`.
  static let expectedIntervals: [(id: String, intervals: [(AlertState, Int64, Int64)])] = [
    ("welcome", [(.pending, 0, 0), (.showing, 0, 1000)]),
    (
      "promo",
      [
        (.pending, 0, 1000), (.showing, 1000, 1500), (.suspended, 1500, 2000),
        (.showing, 2000, 2500),
      ]
    ),
    ("toast1", [(.scheduled, 0, 500), (.pending, 500, 500), (.showing, 500, 1300)]),
    ("late", [(.scheduled, 2600, 2700)]),
    ("left", [(.pending, 3000, 3000), (.showing, 3000, 4000)]),
    ("gone", [(.pending, 3100, 3200)]),
  ]

  static let expectedEnds: [String: (EndReason, Int64)] = [
    "welcome": (.timeout, 1000), "promo": (.completed, 2500), "toast1": (.timeout, 1300),
    "late": (.expired, 2700), "gone": (.cancelled, 3200),
  ]

  /// A phone-sized page: a header, a clipping list with rows sticking out, a hidden sheet, a
  /// group of badges.
  static func buildLayers(_ layers: inout LayerTree) throws {
    try layers.add("page", frame: Frame(x: 0, y: 0, width: 360, height: 640))
    try layers.add(
      "header", under: "page", sort: 1, frame: Frame(x: 0, y: 0, width: 360, height: 56))
    try layers.add(
      "list", under: "page", frame: Frame(x: 0, y: 56, width: 360, height: 480), clips: true)
    for row in 0..<4 {
      try layers.add(
        "row\(row)", under: "list",
        frame: Frame(x: 8, y: Double(row) * 140 + 8, width: 344, height: 120))
    }
    try layers.add(
      "sheet", under: "page", sort: 5, frame: Frame(x: 0, y: 300, width: 360, height: 340),
      hidden: true)
    try layers.add("badges", under: "header", sort: 2)
    try layers.add(
      "badge", under: "badges", frame: Frame(x: 320, y: 12, width: 32, height: 32))
  }

  static let sampleOptions = RenderOptions(point: RenderOptions.Point(x: 100, y: 120))
}
