import OrdoCore
import OrdoJSON
import OrdoRPC
import OrdoStore

/// The engine's durable state (docs/protocol.md#durable-state): restoring it at start and
/// on `engine.reset`, committing what changed, and the `-32005` error.
extension Engine {
  /// Loads `state` into the (fresh) screen; restored alerts wait for the first request.
  func restore(_ state: DurableState) {
    restore(state, into: &screen)
    holdingRestored = true
  }

  /// Loads `state` into `screen` (a fresh one), which tracks its durable changes when there
  /// is a file.
  func restore(_ state: DurableState, into screen: inout Screen) {
    screen.tracksDurableChanges = store != nil
    screen.restore(state)
    // Only a state file's: the state a trace's header holds was warned of when recorded.
    if store != nil {
      warnOfShowsAhead(state.shows, wallNow: screen.alerts.startedWallAt + screen.now)
    }
  }

  /// A day in milliseconds: how far the wall clock may move before the engine says so.
  static let dayMs: Int64 = 86_400_000

  /// Shows recorded more than a day after this engine's wall-clock time: a file written
  /// under the system clock and read under the manual one, whose wall clock is --epoch-ms +
  /// its time (1970 by default). Frequency limits count them as that far in the future, so
  /// a limit refuses for as long (docs/protocol.md#clock), which nothing else would explain.
  /// Said at warn when the file is loaded (the start, `engine.reset`).
  private func warnOfShowsAhead(_ shows: [ShowRecord], wallNow: Int64) {
    // Times are within ±(2^53 - 1): no difference overflows.
    let ahead = shows.filter { $0.wallAt - wallNow > Self.dayMs }
    guard let latest = ahead.lazy.map(\.wallAt).max() else { return }
    let days = (latest - wallNow) / Self.dayMs
    log(
      .warn,
      "the state file holds "
        + (ahead.count == 1 ? "1 show" : "\(ahead.count) shows")
        + " recorded over a day after this engine's wall-clock time, the latest \(days) day"
        + (days == 1 ? "" : "s") + " after (the manual clock's is --epoch-ms + its time):"
        + " frequency limits count " + (ahead.count == 1 ? "it" : "them")
        + " as that far in the future")
  }

  /// Writes what changed since the last commit; nothing to do without `--state`.
  func commitDurableChanges() throws(StoreWriteError) {
    guard let store else { return }
    if let failedCommit {
      self.failedCommit = nil
      throw failedCommit
    }
    let changes = screen.takeDurableChanges()
    try store.commit(changes, from: screen.alerts)
  }

  /// For `engine.reset`: the durable state as a restart would load it (nil without a
  /// file), emptied first when asked. What earlier requests changed was committed first.
  func reloadedDurableState(emptying: Bool) throws(ResponseError) -> DurableState? {
    guard let store else { return nil }
    // Whether the failure was in emptying the file (a write) or in reading it again.
    var writing = false
    do {
      // A restart would not find this file: neither read it nor empty it.
      try store.checkNotMoved()
      if emptying {
        writing = true
        try store.empty()
        // What an emptied file loads as; not read back, so that nothing can fail after
        // the file changed.
        return DurableState()
      }
      return try store.load()
    } catch let error as StoreWriteError {
      log(.error, "engine.reset: the state file failed (\(error.reason.rawValue)): \(error.detail)")
      throw .storage(error, reading: !writing)
    } catch let error as StoreOpenError {
      log(.error, "engine.reset could not read the state file: \(error.message)")
      let damaged = [.corrupt, .notOrdo, .newerVersion].contains(error.kind)
      throw .storage(
        StoreWriteError(reason: damaged ? .corrupt : .ioError, detail: error.message),
        reading: true)
    } catch {
      log(.error, "engine.reset could not read the state file: \(error)")
      throw .storage(StoreWriteError(reason: .ioError, detail: "\(error)"), reading: true)
    }
  }

  /// `engine.stats`' `state`.
  var stateInfo: StateInfo? {
    store.map { StateInfo(path: $0.path, bytes: $0.bytes, commits: $0.commits) }
  }

  /// What a session restores when a commit fails: everything a request could have changed.
  struct Snapshot {
    let screen: Screen
    let clock: EngineClock
    let holdingRestored: Bool
  }

  func snapshot() -> Snapshot {
    Snapshot(screen: screen, clock: clock, holdingRestored: holdingRestored)
  }

  func roll(backTo snapshot: Snapshot) {
    screen = snapshot.screen
    clock = snapshot.clock
    holdingRestored = snapshot.holdingRestored
    // The failed changes are forgotten with the memory that made them; the snapshot's own
    // pending changes (what a restore at start wrote back, not yet committed) stay, for
    // the next commit.
  }
}

extension ResponseError {
  /// -32005: the durable state could not be written (`reading`: read again, by
  /// `engine.reset`); the request changed nothing.
  static func storage(_ error: StoreWriteError, reading: Bool = false) -> ResponseError {
    let what =
      switch error.reason {
      case .diskFull: "the disk is full"
      case .ioError: "an I/O error"
      case .readOnly: "the file is read-only"
      case .corrupt: "the file is damaged"
      }
    return ResponseError(
      code: .storageError,
      message: "The durable state could not be \(reading ? "read" : "written") (\(what));"
        + " nothing was changed.",
      data: [("reason", .string(error.reason.rawValue)), ("detail", .string(error.detail))])
  }
}
