import Testing

@testable import OrdoCore

/// A screen under test: every call checks the alert manager's invariants afterwards, and
/// events read as short lines ("show A @100", "hide A suspended @200").
struct AlertStage {
  var screen: Screen

  init(maxAlerts: Int = 10_000) {
    screen = Screen(maxLayers: 10_000, maxTreeDepth: 64, maxAlerts: maxAlerts)
  }

  /// The seed's set-up: types A (red packet) > B (growth gift) > C (follow), all scoped to
  /// the live room, and the user in the room.
  static func seed() throws -> AlertStage {
    var stage = AlertStage()
    for (type, priority) in [("redPacket", 3), ("growthGift", 2), ("follow", 1)]
      as [(String, Int64)]
    {
      try stage.defineType(AlertTypeDefinition(type: type, priority: priority, scope: "room"))
    }
    try stage.navSet(["room"], now: 0)
    #expect(stage.events() == [])
    return stage
  }

  func check() { screen.alerts._checkInvariants() }

  mutating func events() -> [String] { screen.drainEvents().map(Self.describe) }

  @discardableResult
  mutating func enqueue(
    _ type: String, id: String? = nil, now: Int64,
    _ adjust: (inout AlertEnqueueRequest) -> Void = { _ in }
  ) throws(CoreError) -> Alert {
    let result = try enqueueRequest(type, id: id, now: now, adjust)
    guard let alert = result.alert else {
      Issue.record("\(type) was not queued: \(result.disposition)")
      throw .invalidParams(path: "", expected: "", message: "not queued")
    }
    return alert
  }

  mutating func enqueueRequest(
    _ type: String, id: String? = nil, now: Int64,
    _ adjust: (inout AlertEnqueueRequest) -> Void = { _ in }
  ) throws(CoreError) -> AlertEnqueueResult {
    var request = AlertEnqueueRequest(type: type, id: id)
    adjust(&request)
    defer { check() }
    return try screen.enqueue(request, now: now)
  }

  @discardableResult
  mutating func complete(_ id: String, result: RawJSON? = nil, now: Int64) throws(CoreError)
    -> Alert
  {
    defer { check() }
    return try screen.complete(id: id, result: result, now: now)
  }

  @discardableResult
  mutating func cancel(_ filter: AlertCancelFilter, now: Int64) throws(CoreError) -> [String] {
    defer { check() }
    return try screen.cancel(filter, now: now)
  }

  mutating func advance(to now: Int64) {
    screen.advance(to: now)
    check()
  }

  mutating func navPush(_ scope: String, now: Int64) throws(CoreError) {
    defer { check() }
    _ = try screen.navPush(scope: scope, now: now)
  }

  mutating func navPop(now: Int64) throws(CoreError) {
    defer { check() }
    _ = try screen.navPop(now: now)
  }

  mutating func navSet(_ stack: [String], now: Int64) throws(CoreError) {
    defer { check() }
    _ = try screen.navSet(stack: stack, now: now)
  }

  mutating func configure(_ configuration: AlertQueueConfiguration, now: Int64 = 0)
    throws(CoreError)
  {
    defer { check() }
    _ = try screen.configure(configuration, now: now)
  }

  mutating func defineType(_ definition: AlertTypeDefinition, now: Int64 = 0) throws(CoreError) {
    defer { check() }
    _ = try screen.defineType(definition, now: now)
  }

  func state(_ id: String) -> AlertState? { try? screen.alert(id: id).state }

  static func describe(_ event: ScreenEvent) -> String {
    switch event {
    case .alertShow(let alert, let resumed, let at, let layer):
      let layerNote = layer.map { " layer \($0.id)" } ?? ""
      return "show \(alert.id)\(resumed ? " resumed" : "") @\(at)\(layerNote)"
    case .alertHide(let id, _, let reason, let at):
      return "hide \(id) \(reason.rawValue) @\(at)"
    case .alertUpdate(let alert, let at):
      return "update \(alert.id) @\(at)"
    case .alertIdle(let queue, let at):
      return "idle \(queue) @\(at)"
    case .alertChanged(let id, _, let state, let previous, let reason, let at):
      return "\(id) \(previous.rawValue)>\(state.rawValue) \(reason.rawValue) @\(at)"
    }
  }
}

/// "At time `now`, do this": the tests' shorthand for moving the screen's time (the one way
/// time moves) and then making the call.
extension Screen {
  mutating func enqueue(_ request: AlertEnqueueRequest, now: Int64) throws(CoreError)
    -> AlertEnqueueResult
  {
    advance(to: now)
    return try enqueue(request)
  }

  mutating func complete(id: String, result: RawJSON?, now: Int64) throws(CoreError) -> Alert {
    advance(to: now)
    return try complete(id: id, result: result)
  }

  mutating func cancel(_ filter: AlertCancelFilter, now: Int64) throws(CoreError) -> [String] {
    advance(to: now)
    return try cancel(filter)
  }

  mutating func clear(queue: String?, now: Int64) throws(CoreError) -> Int {
    advance(to: now)
    return try clear(queue: queue)
  }

  mutating func pause(queue: String?, reason: String?, now: Int64) throws(CoreError)
    -> AlertPauseState
  {
    advance(to: now)
    return try pause(queue: queue, reason: reason)
  }

  mutating func resume(queue: String?, reason: String?, now: Int64) throws(CoreError)
    -> AlertPauseState
  {
    advance(to: now)
    return try resume(queue: queue, reason: reason)
  }

  mutating func configure(_ configuration: AlertQueueConfiguration, now: Int64)
    throws(CoreError) -> AlertQueueSettings
  {
    advance(to: now)
    return try configure(configuration)
  }

  mutating func defineType(_ definition: AlertTypeDefinition, now: Int64) throws(CoreError)
    -> AlertTypeDefinition
  {
    advance(to: now)
    return try defineType(definition)
  }

  mutating func navPush(scope: String, now: Int64) throws(CoreError) -> Navigation {
    advance(to: now)
    return try navPush(scope: scope)
  }

  mutating func navPop(now: Int64) throws(CoreError) -> Navigation {
    advance(to: now)
    return try navPop()
  }

  mutating func navSet(stack: [String], now: Int64) throws(CoreError) -> Navigation {
    advance(to: now)
    return try navSet(stack: stack)
  }
}
