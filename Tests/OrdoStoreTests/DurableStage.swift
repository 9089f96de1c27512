import Foundation
import Testing

@testable import OrdoCore
@testable import OrdoStore

/// Where a `DurableStage` keeps its state: in memory only, or in a SQLite file that every
/// step is committed to and restarted from.
enum StoreMode: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case memory, sqlite

  var testDescription: String { rawValue }
}

/// A screen under test for the frequency limits and the show history, run the same way in
/// both modes. In `.sqlite` mode every step is committed with `DurableStore.commit` and the
/// engine is *restarted*: a fresh screen at the same wall time, restored from `load()`, whose
/// engine time 0 is that wall time (so restored times are negative), released as the first
/// request would release it. A rule that holds in both modes survives restarts.
///
/// Tests speak in *test time*: milliseconds since `epoch`, the same in both modes; the stage
/// converts to and from the engine time of the current process. Every alert is enqueued with
/// `persist: true`, since only persisted alerts come back, and `onDuplicate: allow`, so that
/// keys are free to repeat (unless a test says otherwise).
///
/// Each restart is checked to be invisible: the same active alerts in the same states (those
/// that showed show again, resumed), the same show history at the same wall times, types,
/// queue settings and counters. Events read as short lines in test time ("show a @10",
/// "hide a cancelled @20"); of `alert.changed`, only the reasons `ready`, `deferred`,
/// `limited` and `expired` are kept (the others repeat a show, a hide or a call's result).
struct DurableStage {
  /// Wall-clock epoch ms of test time 0 (2026-01-01).
  static let epoch: Int64 = 1_767_225_600_000

  let mode: StoreMode
  private(set) var screen: Screen
  private var store: DurableStore?
  private let path: String
  private(set) var restarts = 0
  private var pendingEvents: [String] = []
  /// Every alert as last seen, in test time: a restarted engine forgets ended alerts.
  private var seen: [String: Alert] = [:]

  init(_ mode: StoreMode) throws {
    self.mode = mode
    path = DurableStoreTests.temporaryPath("state.db")
    screen = Self.freshScreen(startedWallAt: Self.epoch)
    if mode == .sqlite {
      store = try DurableStore(path: path, sync: .normal, waitMs: 0)
      screen.tracksDurableChanges = true
    }
    _ = try screen.subscribe(topics: ["alert.changed"])
  }

  private static func freshScreen(startedWallAt: Int64) -> Screen {
    Screen(
      maxLayers: 1000, maxTreeDepth: 64, maxAlerts: 10_000, now: 0, startedWallAt: startedWallAt)
  }

  // MARK: Time

  /// Test time of engine time 0 in the current process.
  var offset: Int64 { screen.alerts.startedWallAt - Self.epoch }
  /// The current test time.
  var now: Int64 { screen.now + offset }
  func engineTime(_ time: Int64) -> Int64 { time - offset }
  func testTime(_ time: Int64) -> Int64 { time + offset }

  // MARK: Steps

  /// A test asked for a time before the stage's: time only goes forward.
  struct TimeWentBack: Error {
    let from, to: Int64
  }

  /// Runs `body` at test time `time` (nil: now), checks the manager's invariants, records the
  /// events and the alerts, then in `.sqlite` mode commits and restarts. A step that throws
  /// is committed and restarted too (it must have changed nothing durable).
  private mutating func step<T>(at time: Int64?, _ body: (inout Screen) throws -> T) throws -> T {
    if let time {
      guard time >= now else { throw TimeWentBack(from: now, to: time) }
      screen.advance(to: engineTime(time))
    }
    let result = Result { try body(&screen) }
    screen.alerts._checkInvariants()
    pendingEvents += screen.drainEvents().compactMap(describe)
    for alert in screen.list() { seen[alert.id] = inTestTime(alert) }
    if mode == .sqlite { try commitAndRestart() }
    return try result.get()
  }

  mutating func defineType(_ definition: AlertTypeDefinition, at time: Int64? = nil) throws {
    _ = try step(at: time) { try $0.defineType(definition) }
  }

  mutating func configure(_ configuration: AlertQueueConfiguration, at time: Int64? = nil)
    throws
  {
    _ = try step(at: time) { try $0.configure(configuration) }
  }

  /// `alert.enqueue` at test time `time`; `readyAt` and `retryAt` come back in test time.
  @discardableResult
  mutating func enqueue(
    _ type: String, id: String? = nil, at time: Int64,
    _ adjust: (inout AlertEnqueueRequest) -> Void = { _ in }
  ) throws -> AlertEnqueueResult {
    var request = AlertEnqueueRequest(type: type, id: id, onDuplicate: .allow, persist: true)
    adjust(&request)
    // `request.at` is in test time: converted once the step has moved the clock.
    return try step(at: time) { screen in
      var request = request
      let shift = screen.alerts.startedWallAt - Self.epoch
      request.at = request.at.map { $0 - shift }
      var result = try screen.enqueue(request)
      result.retryAt = result.retryAt.map { $0 + shift }
      result.alert = result.alert.map { Self.shifted($0, by: shift) }
      return result
    }
  }

  /// `enqueue` that expects the alert to be queued; returns its id.
  @discardableResult
  mutating func queued(
    _ type: String, id: String? = nil, at time: Int64,
    _ adjust: (inout AlertEnqueueRequest) -> Void = { _ in }
  ) throws -> String {
    let result = try enqueue(type, id: id, at: time, adjust)
    #expect(result.disposition == .queued, "\(type) at \(time): \(result.disposition)")
    return result.alert?.id ?? "<not queued>"
  }

  mutating func complete(_ id: String, at time: Int64) throws {
    _ = try step(at: time) { try $0.complete(id: id, result: nil) }
  }

  mutating func cancel(_ filter: AlertCancelFilter, at time: Int64) throws {
    _ = try step(at: time) { try $0.cancel(filter) }
  }

  mutating func forget(_ filter: ShowForgetFilter, at time: Int64? = nil) throws -> Int {
    try step(at: time) { try $0.forget(filter) }
  }

  mutating func advance(to time: Int64) throws {
    _ = try step(at: time) { _ in () }
  }

  // MARK: Reading

  /// The events since the last call, oldest first.
  mutating func events() -> [String] {
    defer { pendingEvents.removeAll() }
    return pendingEvents
  }

  /// Alert `id` as last seen (ended ones too, which a restart forgets), in test time.
  func alert(_ id: String) -> Alert? { seen[id] }

  func state(_ id: String) -> AlertState? { seen[id]?.state }

  /// One counted show as `alert.history` gives it, with `at` in test time.
  struct Show: Equatable, CustomStringConvertible {
    var id: String
    var type: String
    var key: String?
    var queue: String
    var at: Int64

    var description: String { "\(id)@\(at)" }
  }

  /// `alert.history` (filters as given; `sinceWallAt` in test time), checking that each
  /// show's `wallAt` and engine time `at` agree.
  func history(_ filter: ShowHistoryFilter = ShowHistoryFilter(limit: 1_000_000)) -> [Show] {
    var filter = filter
    filter.sinceWallAt = filter.sinceWallAt.map { $0 + Self.epoch }
    let records = screen.history(filter)
    let startedWallAt = screen.alerts.startedWallAt
    let disagreeing = records.filter { $0.wallAt != startedWallAt + $0.at }
    #expect(disagreeing.isEmpty, "at and wallAt disagree")
    return records.map { record in
      Show(
        id: record.id, type: record.type, key: record.key, queue: record.queue,
        at: record.wallAt - Self.epoch)
    }
  }

  /// The ids shown, newest first.
  func shownIDs(_ filter: ShowHistoryFilter = ShowHistoryFilter(limit: 1_000_000)) -> [String] {
    history(filter).map(\.id)
  }

  // MARK: Restarting

  /// Commits what changed, closes the store, and starts a fresh screen on it at the same
  /// wall time; checks that the restart changed nothing the shell could see.
  private mutating func commitAndRestart() throws {
    guard store != nil else { return }
    try store?.commit(screen.takeDurableChanges(), from: screen.alerts)
    let before = Picture(of: self)
    let wallNow = screen.alerts.startedWallAt + screen.now
    store = nil  // closes the file and lets go of its lock
    // As a quick restart of the engine does, wait a little for the lock: another copy of
    // this stage (a test's temporary) may still hold the old store for a moment.
    let reopened = try DurableStore(path: path, sync: .normal, waitMs: 2000)
    var fresh = Self.freshScreen(startedWallAt: wallNow)
    fresh.tracksDurableChanges = true
    _ = try fresh.subscribe(topics: ["alert.changed"])
    fresh.restore(try reopened.load())
    #expect(fresh.drainEvents().isEmpty, "restoring emitted events")
    fresh.releaseRestored()
    fresh.alerts._checkInvariants()
    let released = fresh.drainEvents()
    try reopened.commit(fresh.takeDurableChanges(), from: fresh.alerts)
    store = reopened
    screen = fresh
    restarts += 1

    // Only what showed before shows again, resumed; nothing else happens.
    var resumed: [String] = []
    for event in released {
      switch event {
      case .alertShow(let alert, let wasResumed, let at, _):
        #expect(wasResumed && at == 0, "restart \(restarts): show \(alert.id) not a resumption")
        resumed.append(alert.id)
      case .alertChanged(_, _, .showing, .suspended, .resumed, _):
        break
      default:
        Issue.record("restart \(restarts): unexpected event \(event)")
      }
    }
    #expect(resumed.sorted() == before.showing, "restart \(restarts): resumed alerts")
    let after = Picture(of: self)
    #expect(after == before, "restart \(restarts) changed what the shell sees")
  }

  /// What a restart must keep, in wall-clock terms.
  private struct Picture: Equatable {
    struct Active: Equatable {
      var id, type, queue: String
      var key: String?
      var state: AlertState
      var priority, seq, createdAt: Int64
      var readyAt, expiresAt: Int64?
    }

    var active: [Active]
    var showing: [String]
    var shows: [Show]
    var types: [AlertTypeDefinition]
    var queues: [AlertQueueSettings]
    var counters: DurableCounters

    init(of stage: DurableStage) {
      let alerts = stage.screen.list().filter { !$0.state.isEnded }.map(stage.inTestTime)
      active = alerts.map {
        Active(
          id: $0.id, type: $0.type, queue: $0.queue, key: $0.key, state: $0.state,
          priority: $0.priority, seq: $0.seq, createdAt: $0.createdAt, readyAt: $0.readyAt,
          expiresAt: $0.expiresAt)
      }
      .sorted { $0.seq < $1.seq }
      showing = alerts.filter { $0.state == .showing }.map(\.id).sorted()
      shows = stage.history()
      types = stage.screen.alerts.allTypes
      queues = stage.screen.alerts.configuredQueueSettings
      counters = stage.screen.alerts.counters
    }
  }

  // MARK: Conversions

  func inTestTime(_ alert: Alert) -> Alert { Self.shifted(alert, by: offset) }

  static func shifted(_ alert: Alert, by shift: Int64) -> Alert {
    var alert = alert
    alert.createdAt += shift
    alert.readyAt = alert.readyAt.map { $0 + shift }
    alert.expiresAt = alert.expiresAt.map { $0 + shift }
    alert.shownAt = alert.shownAt.map { $0 + shift }
    alert.endedAt = alert.endedAt.map { $0 + shift }
    return alert
  }

  private func describe(_ event: ScreenEvent) -> String? {
    switch event {
    case .alertShow(let alert, let resumed, let at, _):
      return "show \(alert.id)\(resumed ? " resumed" : "") @\(testTime(at))"
    case .alertHide(let id, _, let reason, let at):
      return "hide \(id) \(reason.rawValue) @\(testTime(at))"
    case .alertUpdate(let alert, let at):
      return "update \(alert.id) @\(testTime(at))"
    case .alertIdle(let queue, let at):
      return "idle \(queue) @\(testTime(at))"
    case .alertChanged(let id, _, let state, let previous, let reason, let at):
      guard [.ready, .deferred, .limited, .expired].contains(reason) else { return nil }
      return "\(id) \(previous.rawValue)>\(state.rawValue) \(reason.rawValue) @\(testTime(at))"
    }
  }
}
