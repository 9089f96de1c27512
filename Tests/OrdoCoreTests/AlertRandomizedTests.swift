import Testing

@testable import OrdoCore

/// Thousands of random operations (time included) on a `Screen` and on the naive
/// `AlertReferenceModel`; after every step the results, errors, events, the listed alerts,
/// counts and the next deadline must agree, and the manager's invariants must hold.
@Suite struct AlertRandomizedTests {
  /// The error's case and identifying fields (messages are not compared).
  private static func shape(_ error: CoreError) -> String {
    switch error {
    case .invalidParams(let path, _, _): return "invalidParams \(path)"
    case .notFound(let kind, let id): return "notFound \(kind) \(id)"
    case .alreadyExists(let kind, let id): return "alreadyExists \(kind) \(id)"
    case .invalidState(let reason, let state, _):
      return "invalidState \(reason) \(state?.rawValue ?? "-")"
    case .limitExceeded(let name, let limit, let value): return "limit \(name) \(limit) \(value)"
    }
  }

  private static func outcome<Value>(_ body: () throws -> Value) -> String {
    do {
      return "ok \(try body())"
    } catch let error as CoreError {
      return shape(error)
    } catch {
      return "unexpected \(error)"
    }
  }

  private struct Run {
    var random: SeededGenerator
    var screen: Screen
    var model: AlertReferenceModel
    var now: Int64 = 0
    /// How often each kind of event happened, to show the run covers them all.
    var eventCounts: [String: Int] = [:]
    /// How many steps were compared.
    var comparisons = 0
    let scopes = ["home", "room", "shop"]
    let queueNames = ["default", "toast", "side"]
    let types = ["modal", "toast", "promo", "plain"]

    init(seed: UInt64) {
      random = SeededGenerator(seed: seed)
      screen = Screen(maxLayers: 1_000, maxTreeDepth: 16, maxAlerts: 30)
      model = AlertReferenceModel(maxAlerts: 30)
      for (queue, maxConcurrent) in [("toast", 3), ("side", 2)] {
        let configuration = AlertQueueConfiguration(queue: queue, maxConcurrent: maxConcurrent)
        _ = try? screen.configure(configuration, now: 0)
        _ = try? model.configure(configuration, now: 0)
      }
    }

    mutating func chance(_ percent: Int) -> Bool {
      Int.random(in: 0..<100, using: &random) < percent
    }
    mutating func pick<T>(_ values: [T]) -> T {
      random.pick(values)
    }
    mutating func small(_ range: ClosedRange<Int64>) -> Int64 {
      Int64.random(in: range, using: &random)
    }

    mutating func someID() -> String {
      let active = model.entries.map(\.alert.id)
      if !active.isEmpty && chance(80) { return pick(active) }
      return "x\(Int.random(in: 0..<8, using: &random))"
    }

    mutating func enqueueRequest() -> AlertEnqueueRequest {
      var request = AlertEnqueueRequest(type: pick(types))
      if chance(25) { request.id = "x\(Int.random(in: 0..<8, using: &random))" }
      if chance(40) { request.queue = pick(queueNames) }
      if chance(60) { request.priority = small(0...2) }
      if chance(30) { request.data = RawJSON(text: "\(small(0...9))") }
      if chance(40) { request.scope = pick(scopes) }
      if chance(35) {
        request.key = pick(["k1", "k2", "k3"])
        request.onDuplicate = pick(AlertDuplicatePolicy.allCases)
      }
      if chance(25) {
        request.delayMs = small(0...300)
      } else if chance(10) {
        request.at = now + small(-50...300)
      }
      if chance(2) {
        request.delayMs = 5
        request.at = 5
      }
      if chance(15) { request.ttlMs = small(0...600) }
      if chance(35) { request.durationMs = small(1...300) }
      request.preempt = chance(20)
      return request
    }

    mutating func cancelFilter() -> AlertCancelFilter {
      var filter = AlertCancelFilter()
      switch Int.random(in: 0..<14, using: &random) {
      case 0, 9, 10, 11: filter.id = someID()
      case 1, 12, 13: filter.ids = [someID(), someID()]
      case 2: filter.type = pick(types)
      case 3: filter.key = pick(["k1", "k2"])
      case 4: filter.scope = pick(scopes)
      case 5: filter.queue = pick(queueNames)
      case 6: filter.states = [pick([.pending, .scheduled, .showing, .suspended, .done])]
      case 7: filter.all = true
      default: break
      }
      if chance(20) { filter.queue = pick(queueNames) }
      // Showing alerts are read from the queues' showing heaps when they are the fewest.
      if filter.states == nil && chance(15) { filter.states = [.showing] }
      return filter
    }

    mutating func listFilter() -> AlertListFilter {
      var filter = AlertListFilter()
      if chance(40) { filter.queue = pick(queueNames + ["unused"]) }
      if chance(40) { filter.type = pick(types + ["unused"]) }
      if chance(40) { filter.scope = pick(scopes + ["unused"]) }
      if chance(40) {
        let states: [AlertState] = [
          .scheduled, .pending, .showing, .suspended, .done, .cancelled, .expired,
        ]
        filter.states = (0..<Int.random(in: 1...3, using: &random)).map { _ in pick(states) }
      }
      return filter
    }

    mutating func step() -> String {
      if chance(60) { now += small(0...40) }
      let now = self.now
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<36:
        let request = enqueueRequest()
        let real = outcome { try screen.enqueue(request, now: now) }
        let expected = outcome { try model.enqueue(request, now: now) }
        return compare("enqueue \(request)", real, expected)
      case 36..<48:
        let id = someID()
        let result = chance(50) ? RawJSON(text: "true") : nil
        let real = outcome { try screen.complete(id: id, result: result, now: now) }
        let expected = outcome { try model.complete(id: id, result: result, now: now) }
        return compare("complete \(id)", real, expected)
      case 48..<51:
        let filter = cancelFilter()
        let real = outcome { try screen.cancel(filter, now: now) }
        let expected = outcome { try model.cancel(filter, now: now) }
        return compare("cancel \(filter)", real, expected)
      case 51..<70:
        let target = now + small(0...250)
        self.now = target
        screen.advance(to: target)
        model.begin(target)
        return compare("advance \(target)", "", "")
      case 70..<74:
        let scope = pick(scopes)
        let real = outcome { try screen.navPush(scope: scope, now: now) }
        let expected = outcome { try model.navigate(model.stack + [scope], now: now) }
        return compare("push \(scope)", real, expected)
      case 74..<78:
        let real = outcome { try screen.navPop(now: now) }
        let popped = model.stack.isEmpty ? nil : Array(model.stack.dropLast())
        let expected = outcome { try model.navigate(popped, now: now) }
        return compare("pop", real, expected)
      case 78..<80:
        let stack = (0..<Int.random(in: 0...2, using: &random)).map { _ in pick(scopes) }
        let real = outcome { try screen.navSet(stack: stack, now: now) }
        let expected = outcome { try model.navigate(stack, now: now) }
        return compare("set \(stack)", real, expected)
      case 80..<85:
        var queue = chance(30) ? nil : pick(queueNames)
        var reason = chance(40) ? nil : pick(["video", "keyboard"])
        let holding = chance(40)
        let held = model.queues.flatMap { q in q.reasons.map { (q.settings.queue, $0) } }
        if !holding && !held.isEmpty && chance(80) {
          (queue, reason) = pick(held)
        }
        let real = outcome {
          holding
            ? try screen.pause(queue: queue, reason: reason, now: now)
            : try screen.resume(queue: queue, reason: reason, now: now)
        }
        let expected = outcome {
          model.pause(queue: queue, reason: reason, holding: holding, now: now)
        }
        return compare("pause \(holding) \(String(describing: queue))", real, expected)
      case 85..<91:
        var configuration = AlertQueueConfiguration(queue: chance(30) ? nil : pick(queueNames))
        if chance(60) { configuration.maxConcurrent = Int.random(in: 0...3, using: &random) }
        if chance(40) { configuration.minGapMs = small(0...80) }
        if chance(40) { configuration.historyLimit = Int.random(in: 0...5, using: &random) }
        let real = outcome { try screen.configure(configuration, now: now) }
        let expected = outcome { try model.configure(configuration, now: now) }
        return compare("configure \(configuration)", real, expected)
      case 91..<94:
        var definition = AlertTypeDefinition(type: pick(types))
        if chance(60) { definition.priority = small(0...4) }
        if chance(40) { definition.scope = pick(scopes) }
        if chance(30) { definition.durationMs = small(1...200) }
        if chance(30) { definition.ttlMs = small(0...300) }
        if chance(40) { definition.queue = pick(queueNames) }
        let real = outcome { try screen.defineType(definition, now: now) }
        let expected = outcome { model.defineType(definition, now: now) }
        return compare("define \(definition)", real, expected)
      case 94..<96 where chance(25):
        let queue = chance(50) ? nil : pick(queueNames)
        let real = outcome { try screen.clear(queue: queue, now: now) }
        let expected = outcome { model.clear(queue: queue, now: now) }
        return compare("clear \(String(describing: queue))", real, expected)
      case 96..<98:
        let subscribe = chance(50)
        _ =
          subscribe
          ? try? screen.subscribe(topics: ["alert.changed"])
          : try? screen.unsubscribe(topics: ["alert.changed"])
        model.subscribed = subscribe
        return compare("subscribe \(subscribe)", "", "")
      default:
        let id = someID()
        let real = outcome { try screen.alert(id: id) }
        let expected = outcome { () throws -> Alert in
          guard let index = model.index(of: id) else {
            throw CoreError.notFound(.alert, id: id)
          }
          return model.entries[index].alert
        }
        return compare("get \(id)", real, expected)
      }
    }

    /// Compares one step's outcome and the whole observable state; returns "" when equal.
    mutating func compare(_ operation: String, _ real: String, _ expected: String) -> String {
      // The show history is rebuilt and compared every 16th step, and after the last: it
      // grows with the run, and rebuilt at every step it was three quarters of this test's
      // time. (Its maps are kept step by step, so one put out of step stays so until a check.)
      comparisons += 1
      screen.alerts._checkInvariants(includingShowHistory: comparisons % 16 == 0)
      let realEvents = screen.drainEvents()
      for event in realEvents {
        switch event {
        case .alertShow(_, let resumed, _, _):
          eventCounts[resumed ? "show resumed" : "show", default: 0] += 1
        case .alertHide(_, _, let reason, _): eventCounts["hide \(reason)", default: 0] += 1
        case .alertIdle: eventCounts["idle", default: 0] += 1
        case .alertUpdate: eventCounts["update", default: 0] += 1
        case .alertChanged: eventCounts["changed", default: 0] += 1
        }
      }
      let expectedEvents = model.events
      model.events = []
      var problems: [String] = []
      if real != expected { problems.append("result\n  real  \(real)\n  model \(expected)") }
      if realEvents != expectedEvents {
        problems.append(
          "events\n  real  \(realEvents.map(AlertStage.describe))\n"
            + "  model \(expectedEvents.map(AlertStage.describe))")
      }
      let everything = screen.list()
      if everything != model.list() {
        problems.append(
          "list\n  real  \(everything.map(\.id))\n  model \(model.list().map(\.id))")
      }
      // A filtered list reads only the lists its filters name (the queue's, type's or
      // scope's, the histories): it must hold what the whole list holds that matches.
      let filter = listFilter()
      let filtered = screen.list(filter)
      let expectedFiltered = everything.filter { alert in
        (filter.queue.map { $0 == alert.queue } ?? true)
          && (filter.type.map { $0 == alert.type } ?? true)
          && (filter.scope.map { $0 == alert.scope } ?? true)
          && (filter.states.map { $0.contains(alert.state) } ?? true)
      }
      if filtered != expectedFiltered {
        problems.append(
          "list \(filter)\n  real  \(filtered.map(\.id))\n  whole \(expectedFiltered.map(\.id))")
      }
      if screen.alertCounts != model.counts { problems.append("counts") }
      if screen.nextDeadline != model.nextDeadline { problems.append("deadline") }
      if screen.nav.stack != model.stack { problems.append("navigation") }
      if screen.now != model.now { problems.append("clock") }
      guard !problems.isEmpty else { return "" }
      return "\(operation) at \(now):\n" + problems.joined(separator: "\n")
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func agreesWithTheReferenceModel(seed: UInt64) {
    var run = Run(seed: seed)
    var shown = 0
    for stepNumber in 0..<2_500 {
      let problem = run.step()
      if !problem.isEmpty {
        Issue.record("seed \(seed), step \(stepNumber): \(problem)")
        return
      }
      shown += run.model.entries.filter { $0.alert.state == .showing }.count
    }
    run.screen.alerts._checkInvariants()
    #expect(shown > 0, "the run never showed anything")
    #expect(run.model.timerSeq > 100, "the run exercised few timers")
    for kind in [
      "show", "show resumed", "hide preempted", "hide suspended", "hide timeout", "hide cancelled",
      "idle",
    ] {
      #expect(run.eventCounts[kind, default: 0] > 0, "the run never produced \(kind)")
    }
  }
}
