import OrdoCoding
import OrdoCore
import OrdoJSON
import OrdoRPC
import OrdoSchema

/// The engine's version, reported by `initialize` and `--version`: the repository's VERSION
/// file, embedded at build time (Sources/OrdoSchema), without its surrounding whitespace.
public let ordoVersion: String = {
  let bytes = UnsafeBufferPointer(start: ordo_version_bytes(), count: ordo_version_size())
  var text = Substring(String(decoding: bytes, as: UTF8.self))
  while text.last?.isWhitespace == true { text.removeLast() }
  while text.first?.isWhitespace == true { text.removeFirst() }
  return String(text)
}()

/// `initialize`, `shutdown`, `exit`, `rpc.discover`, `engine.*`
/// (docs/protocol.md#lifecycle).
extension Engine {
  static func registerEngineMethods(in table: inout MethodTable) {
    table.add("initialize", InitializeParams.self) { engine, params throws(ResponseError) in
      try engine.initialize(params)
    }
    // The dispatcher applies their lifecycle effect once they ran.
    table.add("shutdown", NoParams.self) { _, _ in JSONNull() }
    table.add("exit", NoParams.self) { _, _ in JSONNull() }
    table.add("rpc.discover", NoParams.self) { engine, _ throws(ResponseError) in
      guard let document = engine.openRPCDocument else {
        throw .internalError("the embedded schema/openrpc.json is not valid JSON")
      }
      return document.value
    }
    table.add("engine.ping", NoParams.self) { engine, _ in Pong(at: engine.now) }
    table.add("engine.stats", NoParams.self) { engine, _ in
      engine.releaseRestored()  // a read, as in `query`
      return engine.stats
    }
    table.add("engine.reset", ResetParams.self) { engine, p throws(ResponseError) in
      try engine.reset(emptyingState: p.state)
      return JSONNull()
    }
  }

  struct InitializeParams: MethodParams {
    /// Members of LSP's `InitializeParams`, accepted and ignored so that an editor's own LSP
    /// client can start the engine.
    static let lspMembers = [
      "processId", "rootUri", "rootPath", "capabilities", "locale", "trace",
      "workspaceFolders", "workDoneToken", "initializationOptions",
    ]
    static let names = ["clientInfo", "clock"] + lspMembers
    var clientName: String?
    var clientVersion: String?
    var clock: ClockMode?

    init(_ params: Params) throws(ResponseError) {
      if let info = try params.object("clientInfo", allowed: ["name", "version"]) {
        // Any string, as LSP's `clientInfo.name` (an LSP client may send an empty one).
        let atMost256 = "a string of at most 256 characters"
        guard let name = try info.string("name") else {
          throw info.missing("name", expected: atMost256)
        }
        guard name.unicodeScalars.count <= 256 else {
          throw info.invalid("name", expected: atMost256)
        }
        clientName = name
        clientVersion = try info.string("version")
        if let clientVersion, clientVersion.unicodeScalars.count > 256 {
          throw info.invalid("version", expected: atMost256)
        }
      }
      // Ordo's own options may also come inside LSP's `initializationOptions`; a top-level
      // `clock` wins.
      var mode = try params.choice("clock", from: ["system", "manual"])
      // An empty array counts as omitted, as for `params`: Neovim encodes an empty Lua
      // table (`init_options = {}`) as `[]`.
      let options = params.member("initializationOptions")
      let emptyArray = options?.kind == .array && options?.count == 0
      if !emptyArray, let options = try params.object("initializationOptions", allowed: ["clock"]),
        let nested = try options.choice("clock", from: ["system", "manual"]), mode == nil
      {
        mode = nested
      }
      clock = mode.flatMap(ClockMode.init(rawValue:))
    }
  }

  struct InitializeResult: JSONWritable {
    let framing: String
    let clock: ClockMode

    func write(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.key("serverInfo")
      writer.beginObject()
      writer.key("name")
      writer.string("ordo")
      writer.key("version")
      writer.string(ordoVersion)
      writer.endObject()
      // LSP clients (Neovim, eglot, VS Code, pygls) require `capabilities`; Ordo offers none
      // of LSP's language features.
      writer.key("capabilities")
      writer.beginObject()
      writer.endObject()
      writer.key("protocolVersion")
      writer.string("1")
      writer.key("framing")
      writer.string(framing)
      writer.key("clock")
      writer.string(clock.rawValue)
      writer.key("methods")
      writer.strings(Engine.methodNames)
      writer.endObject()
    }
  }

  /// The system clock's times at the switches to it not recorded yet, which a trace records
  /// now (and forgets here).
  func takeUnrecordedSwitches() -> [Int64] {
    defer { unrecordedSwitches.removeAll() }
    return unrecordedSwitches
  }

  private func initialize(_ params: InitializeParams) throws(ResponseError) -> InitializeResult {
    if let name = params.clientName {
      log(.info, "client: \(name)" + (params.clientVersion.map { " \($0)" } ?? ""))
    }
    if let mode = params.clock, mode != clock.mode {
      guard !screen.hasTimers else {
        throw .invalidState(
          reason: "timers_exist",
          message:
            "The clock cannot change while timers are pending (scheduled alerts, expiries, "
            + "auto-hides, queue gaps): end them first (alert.cancel; a gap ends by itself; "
            + "engine.reset ends all, but with --state restores the persisted alerts'), or "
            + "choose the clock when starting the engine (--clock).")
      }
      let switchedAt = now
      // Wall-clock epochs and engine times lie within ±(2^53 - 1): no sum or difference here
      // overflows.
      let wallBefore = clock.startedWallAt + now
      clock.switchTo(mode)
      if mode == .system {
        // On the manual clock until now: no system timer can fall due on the way.
        if let virtual = clock.virtualNow, let recorded = replayedSwitches.popFirst() {
          clock.virtualNow = max(virtual, recorded)
        }
        if recordsClockSwitches { unrecordedSwitches.append(clock.now) }
      }
      screen.rebase(now: clock.now, startedWallAt: clock.startedWallAt)
      warnOfWallClockJump(from: wallBefore, to: mode)
      if screen.observesTimeline {
        observed += screen.takeObservations()
        observed.append(
          .clockSwitched(toManual: mode == .manual, at: switchedAt, resumesAt: clock.now))
      }
    }
    return InitializeResult(framing: framing.rawValue, clock: clock.mode)
  }

  /// A switch moves the wall clock to the other mode's (the manual clock's is `--epoch-ms` +
  /// its time, 1970 by default): the shows recorded so far keep their wall-clock times, so
  /// frequency limits then count them as that far in the past or the future
  /// (docs/protocol.md#clock). Said at warn, once per switch, when it is over a day and
  /// there are shows to count.
  private func warnOfWallClockJump(from wallBefore: Int64, to mode: ClockMode) {
    let jump = clock.startedWallAt + clock.now - wallBefore
    let shows = screen.showCount
    guard jump.magnitude > UInt64(Self.dayMs), shows > 0 else { return }
    let days = jump.magnitude / UInt64(Self.dayMs)
    log(
      .warn,
      "the switch to the \(mode.rawValue) clock moved the wall clock \(days) days "
        + (jump > 0 ? "ahead" : "back") + " (the manual clock's is --epoch-ms + its time): "
        + (shows == 1
          ? "the 1 show recorded so far now lies" : "the \(shows) shows recorded so far now lie")
        + (jump > 0 ? " that far in the past" : " that far in the future")
        + " for frequency limits")
  }

  struct Pong: JSONWritable {
    let at: Int64

    func write(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.key("pong")
      writer.bool(true)
      writer.key("at")
      writer.int(at)
      writer.endObject()
    }
  }

  struct ResetParams: MethodParams {
    static let names = ["state"]
    let state: Bool

    init(_ params: Params) throws(ResponseError) {
      state = try params.bool("state") ?? false
    }
  }

  /// `engine.stats`' `state`: the durable state file, when there is one.
  struct StateInfo: JSONWritable {
    let path: String
    let bytes: Int64
    let commits: Int

    func write(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.key("path")
      writer.string(path)
      writer.key("bytes")
      writer.int(bytes)
      writer.key("commits")
      writer.int(commits)
      writer.endObject()
    }
  }

  struct Stats: JSONWritable {
    let layers: Int
    let alerts: AlertCounts
    let requests: Int
    let uptimeMs: Int64
    let state: StateInfo?

    func write(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.key("layers")
      writer.int(layers)
      writer.key("alerts")
      writer.beginObject()
      writer.key("scheduled")
      writer.int(alerts.scheduled)
      writer.key("pending")
      writer.int(alerts.pending)
      writer.key("showing")
      writer.int(alerts.showing)
      writer.key("suspended")
      writer.int(alerts.suspended)
      writer.key("ended")
      writer.int(alerts.ended)
      writer.endObject()
      writer.key("requests")
      writer.int(requests)
      writer.key("uptimeMs")
      writer.int(uptimeMs)
      writer.key("state")
      writer.value(state)
      writer.endObject()
    }
  }

  /// `engine.stats`' result as one line of JSON, for the line SIGUSR1 asks for. Unlike the
  /// method it is no request of the shell's: restored alerts go on waiting for one.
  public var statsLine: String {
    var writer = JSONWriter()
    stats.write(to: &writer)
    return writer.text
  }

  private var stats: Stats {
    Stats(
      layers: screen.layers.count, alerts: screen.alertCounts, requests: requestCount,
      uptimeMs: clock.uptime, state: stateInfo)
  }

  /// `engine.reset`: a fresh engine, keeping only the clock mode (a manual clock goes back
  /// to 0); with durable state, as if the process restarted, and with `emptyingState` the
  /// state is emptied first.
  func reset(emptyingState: Bool) throws(ResponseError) {
    if store != nil {
      // The reload must see what the requests before this one changed.
      do {
        try commitDurableChanges()
      } catch {
        failedCommit = error
        throw .storage(error)
      }
      committedMidGroup = true
    }
    // A replay has no file: the file would hold what the screen holds (everything before
    // this request was committed), or nothing once emptied. Otherwise the file is emptied
    // and read before memory is touched: if either fails, nothing was changed.
    let state: DurableState? =
      configuration.replaysDurableState
      ? (emptyingState ? DurableState() : screen.alerts.durableState())
      : try reloadedDurableState(emptying: emptyingState)
    let observing = screen.observesTimeline
    var resetClock = clock
    resetClock.reset()
    // On the system clock the fresh screen starts at this message's time, not the clock's
    // now: the commit and reload above take time (an fsync), and the entries after the
    // reset in a batch must keep the batch's one instant, which is all a trace records.
    var fresh = Self.freshScreen(
      configuration, clock: resetClock, now: resetClock.mode == .system ? now : nil)
    fresh.observesTimeline = observing
    if let state {
      restore(state, into: &fresh)
      if let store {
        // The restore writes the restored alerts back (a showing one is suspended now).
        // Committed here, before memory is touched: if the file cannot take it, the reset
        // alone fails and changes nothing, while the requests before it, committed above,
        // keep their answers. (Left to the group's commit, its failure rolled memory back
        // to before those requests, which the file already held.)
        do {
          try store.commit(fresh.takeDurableChanges(), from: fresh.alerts)
        } catch {
          log(
            .error,
            "engine.reset: the state file failed (\(error.reason.rawValue)): \(error.detail)")
          throw .storage(error)
        }
      }
    }
    let resetAt = now
    if observing { observed += screen.takeObservations() }
    clock = resetClock
    screen = fresh
    if observing { observed.append(.reset(at: resetAt, resumesAt: screen.now)) }
    if state != nil {
      holdingRestored = true
      // The timeline draws what came back from the reset on, as it does after a start.
      if observing { observed += screen.list().map { .restored($0, at: screen.now) } }
    }
    // As after a start, restored alerts wait for the next request, not this one.
    keepsHoldingPastThisCall = holdingRestored
  }
}
