import FuzzSupport
import OrdoCore

/// Interprets the input as a sequence of layer, alert, navigation and clock operations on
/// one `Screen`. After each: the structures' own invariants hold; a throwing operation left
/// every observable part of the state exactly as before. Two more operations keep a copy
/// and go back to it: what the original did since never shows in the copy.
@_cdecl("FuzzScreen_main")
public func fuzzScreenMain(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> Int32 {
  runFuzzer(argc: argc, argv: argv, target: fuzzScreen)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScreen(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data = pointer, size > 0 else { return 0 }
  var input = Input(bytes: UnsafeBufferPointer(start: data, count: size))
  var screen = Screen(maxLayers: 64, maxTreeDepth: 8, maxAlerts: 32)
  var now: Int64 = 0
  // A copy kept across operations, as `--state` keeps a commit group's starting point: the
  // original's changes must not reach it (copy-on-write of shared pages), and going back
  // to it (a failed commit) must give a state that works on.
  var saved: (screen: Screen, snapshot: Snapshot, now: Int64)?
  while !input.isEmpty {
    switch input.byte() % 24 {
    case 0:
      saved = (screen, Snapshot(screen), now)
      continue
    case 1:
      if let (copy, snapshot, then) = saved {
        precondition(Snapshot(copy) == snapshot, "a change to the original reached its copy")
        screen = copy
        now = then
      }
      continue
    default:
      break
    }
    // A copy-on-write copy: cheap, and only looked at when the operation fails.
    let before = screen
    let threw: Bool
    do {
      try apply(&input, to: &screen, now: &now)
      threw = false
    } catch {
      threw = true
    }
    if threw {
      precondition(
        Snapshot(screen) == Snapshot(before), "a failing operation changed the state")
    }
    screen.layers._checkInvariants()
    screen.alerts._checkInvariants()
    checkListShortCuts(screen)
    _ = screen.drainEvents()
  }
  if let (copy, snapshot, _) = saved {
    precondition(Snapshot(copy) == snapshot, "a change to the original reached its copy")
    copy.alerts._checkInvariants()
  }
  return 0
}

/// `alert.list` with states reads the showing alerts alone, or leaves out a side no alert
/// is in: it must list what the whole list holds in those states, in its order.
private func checkListShortCuts(_ screen: Screen) {
  let whole = screen.list()
  var filters: [AlertListFilter] = [[.showing], [.showing, .done], [.suspended], [.expired]]
    .map { AlertListFilter(states: $0) }
  // By each queue and type listed too: the showing alerts are read only when fewer.
  for name in Set(whole.map(\.queue)) {
    filters.append(AlertListFilter(queue: name, states: [.showing]))
  }
  for name in Set(whole.map(\.type)) {
    filters.append(AlertListFilter(states: [.showing, .cancelled], type: name))
  }
  for filter in filters {
    let listed = screen.list(filter)
    let expected = whole.filter { alert in
      (filter.states?.contains(alert.state) ?? true)
        && (filter.queue.map { $0 == alert.queue } ?? true)
        && (filter.type.map { $0 == alert.type } ?? true)
    }
    precondition(listed == expected, "alert.list \(filter) differs from the whole list's")
  }
}

/// What a client can observe of the whole state.
private struct Snapshot: Equatable {
  let tree: [LayerTree.TreeEntry]
  let layers: [Layer]
  let alerts: [Alert]
  let stack: [String]
  let deadline: Int64?
  let shows: [ShowRecord]
  let queueSettings: [AlertQueueSettings]
  let types: [AlertTypeDefinition]

  init(_ screen: Screen) {
    let entries = (try? screen.layers.tree(of: nil, depth: nil)) ?? []
    tree = entries
    layers = entries.compactMap { try? screen.layers.get(id: $0.id) }
    alerts = screen.list()
    stack = screen.nav.stack
    deadline = screen.nextDeadline
    shows = screen.history(ShowHistoryFilter(limit: .max))
    queueSettings = screen.alerts.configuredQueueSettings
    types = screen.alerts.allTypes
  }
}

private struct Input {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  var isEmpty: Bool { index >= bytes.count }

  mutating func byte() -> UInt8 {
    defer { index += 1 }
    return index < bytes.count ? bytes[index] : 0
  }

  mutating func int(_ range: ClosedRange<Int64>) -> Int64 {
    range.lowerBound + Int64(byte()) % (range.upperBound - range.lowerBound + 1)
  }

  mutating func flag() -> Bool { byte() & 1 == 1 }

  mutating func layerID() -> String { "l\(byte() % 12)" }
  /// One of the first `common` names with `prefix` half the time, else one of 128 more:
  /// enough names to make the alert manager's name tables sweep unused ones (over 64).
  mutating func name(_ prefix: String, common: UInt8) -> String {
    let value = byte()
    return "\(prefix)\(value < 128 ? value % common : value)"
  }
  mutating func alertID() -> String { "a\(byte() % 10)" }
  mutating func optional<T>(_ make: (inout Input) -> T) -> T? {
    flag() ? make(&self) : nil
  }
}

private func apply(_ input: inout Input, to screen: inout Screen, now: inout Int64)
  throws(CoreError)
{
  switch input.byte() % 18 {
  case 0, 1:
    let placement: LayerPlacement? =
      switch input.byte() % 4 {
      case 0: nil
      case 1: .sort(input.int(-3...3))
      case 2: .above(input.layerID())
      default: .below(input.layerID())
      }
    let parent: LayerParent? =
      switch input.byte() % 3 {
      case 0: nil
      case 1: .topLevel
      default: .layer(input.layerID())
      }
    let frame =
      input.flag()
      ? Frame(
        x: Double(input.int(-5...20)), y: Double(input.int(-5...20)),
        width: Double(input.int(0...20)), height: Double(input.int(0...20))) : nil
    _ = try screen.layers.add(
      id: input.optional { $0.layerID() }, parent: parent, placement: placement,
      attributes: LayerAttributes(
        frame: frame, hidden: input.flag(), interactive: !input.flag(), clips: input.flag()))
  case 2:
    _ = try screen.layers.remove(id: input.layerID())
  case 3:
    _ = try screen.layers.update(
      id: input.layerID(), sort: input.optional { $0.int(-3...3) }, frame: .keep,
      hidden: input.optional { $0.flag() }, interactive: nil, clips: nil, data: .keep)
  case 4:
    let parent: LayerParent? =
      input.flag() ? nil : (input.flag() ? .topLevel : .layer(input.layerID()))
    let placement: LayerPlacement? =
      input.flag() ? nil : (input.flag() ? .sort(input.int(-3...3)) : .above(input.layerID()))
    _ = try screen.layers.move(id: input.layerID(), parent: parent, placement: placement)
  case 5:
    _ =
      input.flag()
      ? try screen.layers.bringToFront(id: input.layerID())
      : try screen.layers.sendToBack(id: input.layerID())
  case 6:
    _ = try screen.layers.hitTest(
      x: Double(input.int(-5...40)), y: Double(input.int(-5...40)),
      in: input.optional { $0.layerID() })
  case 7, 8:
    let request = AlertEnqueueRequest(
      type: input.name("t", common: 3), id: input.optional { $0.alertID() },
      queue: input.optional { $0.name("q", common: 2) }, priority: input.optional { $0.int(0...3) },
      scope: input.optional { $0.name("s", common: 2) },
      key: input.optional { $0.name("k", common: 2) },
      onDuplicate: AlertDuplicatePolicy.allCases[Int(input.byte()) % 4],
      delayMs: input.optional { $0.int(-1...30) }, ttlMs: input.optional { $0.int(-1...30) },
      durationMs: input.optional { $0.int(0...30) }, preempt: input.flag(),
      mount: input.optional { AlertMount(parent: $0.optional { $0.layerID() }, sort: 1) },
      limit: input.flag() ? .inherit : (input.flag() ? .unlimited : .limit(limit(&input))),
      cooldownMs: input.optional { $0.int(-1...30) },
      onLimit: input.optional { $0.flag() ? .drop : .defer })
    _ = try screen.enqueue(request)
  case 9:
    _ = try screen.complete(id: input.alertID(), result: nil)
  case 10:
    let filter = AlertCancelFilter(
      id: input.optional { $0.alertID() }, type: input.optional { $0.name("t", common: 3) },
      scope: input.optional { $0.name("s", common: 2) },
      states: input.optional { [AlertState.allCases[Int($0.byte()) % AlertState.allCases.count]] },
      all: input.flag())
    _ = try screen.cancel(filter)
  case 11:
    switch input.byte() % 3 {
    case 0: _ = try screen.navPush(scope: input.name("s", common: 2))
    case 1: _ = try screen.navPop()
    default: _ = try screen.navSet(stack: input.flag() ? [] : ["s0", "s1"])
    }
  case 12:
    now += input.int(0...40)
    screen.advance(to: now)
  case 13:
    _ =
      input.flag()
      ? try screen.pause(queue: nil, reason: "r\(input.byte() % 2)")
      : try screen.resume(queue: nil, reason: "r\(input.byte() % 2)")
  case 14:
    _ = try screen.configure(
      AlertQueueConfiguration(
        queue: input.name("q", common: 2), maxConcurrent: Int(input.int(0...3)),
        minGapMs: input.optional { $0.int(-1...10) }))
  case 15:
    _ = try screen.defineType(
      AlertTypeDefinition(
        type: input.name("t", common: 3), priority: input.optional { $0.int(0...3) },
        limit: input.optional { limit(&$0) }, cooldownMs: input.optional { $0.int(-1...30) },
        onLimit: input.optional { $0.flag() ? .drop : .defer }))
  case 16:
    _ = try screen.forget(
      ShowForgetFilter(
        type: input.optional { $0.name("t", common: 3) },
        key: input.optional { $0.name("k", common: 2) },
        all: input.flag()))
  default:
    _ = try screen.layers.clear(id: input.optional { $0.layerID() })
  }
}

private func limit(_ input: inout Input) -> FrequencyLimit {
  FrequencyLimit(
    max: Int(input.int(-1...2)), windowMs: input.optional { $0.int(-1...50) },
    per: input.optional { $0.flag() ? .type : .key })
}
