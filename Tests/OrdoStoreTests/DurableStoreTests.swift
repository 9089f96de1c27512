import CSQLite
import Foundation
import Testing

@testable import OrdoCore
@testable import OrdoStore

/// The SQLite store on real files: what it writes comes back, bad files are refused and left
/// untouched, a second opener waits and gives up.
@Suite struct DurableStoreTests {
  /// How long a test's second open of a file waits for the first one's lock. A store
  /// closed just before may hold it a moment longer: a process another test spawns at that
  /// instant has a copy of the lock's descriptor until it execs (a flock belongs to the
  /// open file description). CI once failed so with no wait.
  static let reopenWaitMs = 2000

  static func temporaryPath(_ name: String) -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("ordo-store-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent(name).path
  }

  /// A manager with a type, a configured queue, two counted shows and a persisted alert.
  static func populatedManager() throws -> AlertManager {
    var manager = AlertManager(now: 0, startedWallAt: 1_000_000)
    manager.tracksDurableChanges = true
    _ = try manager.defineType(
      AlertTypeDefinition(
        type: "rate", priority: 5, persist: true,
        limit: FrequencyLimit(max: 1, windowMs: 30_000, per: .type), onLimit: .defer))
    _ = try manager.configure(AlertQueueConfiguration(queue: "modal", maxConcurrent: 2))
    _ = try manager.enqueue(AlertEnqueueRequest(type: "tip", id: "t1", key: "k"))
    _ = try manager.complete(id: "t1", result: nil)
    _ = try manager.enqueue(
      AlertEnqueueRequest(
        type: "later", id: "remind", data: RawJSON(text: #"{"a":[1,2]}"#),
        delayMs: 86_400_000, persist: true))
    return manager
  }

  @Test func whatIsCommittedComesBack() throws {
    let path = Self.temporaryPath("state.db")
    var manager = try Self.populatedManager()
    do {
      let store = try DurableStore(path: path, sync: .normal, waitMs: 0)
      try store.commit(manager.takeDurableChanges(), from: manager)
      #expect(store.commits == 1)
      #expect(store.bytes > 0)
    }
    let reopened = try DurableStore(path: path, sync: .full, waitMs: Self.reopenWaitMs)
    let state = try reopened.load()
    #expect(state == manager.durableState())
    #expect(state.types.map(\.type) == ["rate"])
    #expect(state.queues.map(\.queue) == ["modal"])
    #expect(state.shows.map(\.id) == ["t1"])
    #expect(state.shows.first?.wallAt == 1_000_000)
    #expect(state.alerts.map(\.alert.id) == ["remind"])
    let readyAt: Int64? = state.alerts.first?.alert.readyAt
    #expect(readyAt == 87_400_000)
    #expect(state.counters.lastSeq == 2)
  }

  /// A persisted alert that had shown comes back suspended, and a suspended alert never
  /// expires: restored, it has no expiry timer (one kept the clock from being switched,
  /// `timers_exist`, until its old expiry, and then did nothing).
  @Test func aRestoredSuspendedAlertHasNoExpiryTimer() throws {
    var manager = AlertManager(now: 0, startedWallAt: 1_000_000)
    _ = try manager.navPush(scope: "room")
    _ = try manager.enqueue(
      AlertEnqueueRequest(
        type: "t", id: "a", scope: "room", ttlMs: 2_592_000_000, persist: true))
    #expect(try manager.alert(id: "a").state == .showing)
    // Navigation is not durable: after the restart the room is not on top, so it waits.
    var restored = AlertManager(now: 0, startedWallAt: 1_000_000)
    restored.restore(manager.durableState())
    restored.releaseRestored()
    let alert = try restored.alert(id: "a")
    #expect(alert.state == .suspended)
    #expect(alert.expiresAt == 2_592_000_000)
    #expect(!restored.hasTimers)
    restored._checkInvariants()
  }

  /// Alerts are restored in `seq` order whatever order the state gives them (the store's is
  /// already that order, and is not sorted again): an id held twice (a hand-made state) keeps
  /// the alert with the lower `seq` either way.
  @Test func alertsAreRestoredInSeqOrderInAnyOrderGiven() throws {
    var manager = AlertManager(now: 0, startedWallAt: 1_000_000)
    for id in ["a", "b", "c"] {
      _ = try manager.enqueue(AlertEnqueueRequest(type: "t", id: id, persist: true))
    }
    let inOrder = manager.durableState()
    #expect(inOrder.alerts.map(\.alert.seq) == [1, 2, 3])
    var twin = try #require(inOrder.alerts.first)
    twin.alert.seq = 9
    twin.alert.priority = 50
    var restored: [[Alert]] = []
    for alerts in [inOrder.alerts + [twin], [twin] + inOrder.alerts.reversed()] {
      var state = inOrder
      state.alerts = alerts
      var fresh = AlertManager(now: 0, startedWallAt: 1_000_000)
      fresh.restore(state)
      fresh.releaseRestored()
      fresh._checkInvariants()
      #expect(try fresh.alert(id: "a").seq == 1)
      restored.append(fresh.list())
    }
    #expect(restored[0] == restored[1])
    #expect(restored[0].map(\.id) == ["a", "b", "c"])
  }

  /// A clock switch (`initialize {clock}`) changes the wall-clock origin: every time held
  /// keeps its wall-clock time, so a limit counts the same shows and a persisted alert is
  /// written back as it was (its times were left in the old origin: a switch from the manual
  /// clock, epoch 0, to the system clock moved them decades).
  @Test func aClockSwitchKeepsEveryTimesWallClockTime() throws {
    var manager = AlertManager(now: 0, startedWallAt: 1_000)
    _ = try manager.defineType(
      AlertTypeDefinition(type: "r", limit: FrequencyLimit(max: 1, windowMs: 3_600_000)))
    _ = try manager.enqueue(AlertEnqueueRequest(type: "r", id: "a", persist: true))
    let before = manager.durableState()
    manager.rebase(now: 500, startedWallAt: 1_000_000)
    let after = manager.durableState()
    #expect(after.alerts == before.alerts)
    #expect(after.shows.map(\.wallAt) == before.shows.map(\.wallAt))
    #expect(manager.history(ShowHistoryFilter()).map(\.at) == [-999_000])
    #expect(try manager.alert(id: "a").createdAt == -999_000)
    // Still within the hour of the show at wall 1 000: limited until wall 3 601 000.
    _ = try manager.complete(id: "a", result: nil)
    let again = try manager.enqueue(AlertEnqueueRequest(type: "r", id: "b"))
    #expect(again.disposition == .limited)
    let retryAt: Int64 = 3_600_000 - 999_000
    #expect(again.retryAt == retryAt)
  }

  /// With an epoch near −(2^53 − 1), a show's engine time in another origin is clamped; a
  /// switch there and back must still give it its own time (it moved by the real-time
  /// clock's reading, decades, and a limit counted it as recent).
  @Test func aClockSwitchThereAndBackGivesEveryShowItsOwnTime() throws {
    let latest = AlertManager.latestTime
    var manager = AlertManager(now: 0, startedWallAt: -latest)
    _ = try manager.defineType(
      AlertTypeDefinition(type: "r", limit: FrequencyLimit(max: 1, windowMs: 1_000)))
    _ = try manager.enqueue(AlertEnqueueRequest(type: "r", id: "a"))
    _ = try manager.complete(id: "a", result: nil)
    let systemWallAt: Int64 = 1_796_213_190_594
    manager.rebase(now: 0, startedWallAt: systemWallAt)
    manager.rebase(now: 0, startedWallAt: -latest)
    #expect(manager.history(ShowHistoryFilter()).map(\.at) == [0])
    #expect(manager.history(ShowHistoryFilter()).map(\.wallAt) == [-latest])
    manager.advance(to: 5_000)
    let again = try manager.enqueue(AlertEnqueueRequest(type: "r", id: "b"))
    #expect(again.disposition == .queued)
  }

  @Test func timesNearTheLimitStillLoadAndStayWithinIt() throws {
    let latest = AlertManager.latestTime
    let path = Self.temporaryPath("state.db")
    // A wall clock near 2^53 − 1, and a delay and a TTL the engine accepts: their wall-clock
    // times are past the limit, which the loader refuses (the engine locked itself out).
    var manager = AlertManager(now: 1_000, startedWallAt: latest - 10)
    manager.tracksDurableChanges = true
    _ = try manager.enqueue(AlertEnqueueRequest(type: "t", id: "shown", persist: true))
    _ = try manager.enqueue(
      AlertEnqueueRequest(
        type: "t", id: "parked", delayMs: latest - 2_000, ttlMs: latest - 1_000, persist: true))
    do {
      let store = try DurableStore(path: path, sync: .normal, waitMs: 0)
      try store.commit(manager.takeDurableChanges(), from: manager)
    }
    let state = try DurableStore(path: path, sync: .normal, waitMs: Self.reopenWaitMs).load()
    #expect(state.shows.map(\.wallAt) == [latest])
    let parked = try #require(state.alerts.first { $0.alert.id == "parked" }?.alert)
    #expect(parked.readyAt == latest && parked.createdAt == latest)
    // Restored by a process whose epoch is far back, every time stays within the limit, and
    // the TTL, which ends past it, never ends.
    var restored = AlertManager(now: 0, startedWallAt: -latest)
    restored.restore(state)
    restored.releaseRestored()
    let again = try restored.alert(id: "parked")
    #expect(again.readyAt == latest && again.createdAt == latest && again.expiresAt == nil)
    #expect(restored.shows.records.allSatisfy { abs($0.at) <= latest && abs($0.wallAt) <= latest })
  }

  @Test func endedPersistedAlertsAreDeletedAndForgottenShowsErased() throws {
    let path = Self.temporaryPath("state.db")
    var manager = try Self.populatedManager()
    let store = try DurableStore(path: path, sync: .normal, waitMs: 0)
    try store.commit(manager.takeDurableChanges(), from: manager)
    _ = try manager.cancel(AlertCancelFilter(id: "remind"))
    #expect(try manager.forget(ShowForgetFilter(type: "tip")) == 1)
    try store.commit(manager.takeDurableChanges(), from: manager)
    let state = try store.load()
    #expect(state.alerts.isEmpty)
    #expect(state.shows.isEmpty)
    #expect(state.types.count == 1)
  }

  @Test func anEmptyFileIsNewAndAForeignFileIsRefusedUntouched() throws {
    let empty = Self.temporaryPath("empty.db")
    #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
    #expect(try DurableStore(path: empty, sync: .normal, waitMs: 0).load() == DurableState())

    let text = Self.temporaryPath("notes.txt")
    let original = Data("these are my notes, not a database\n".utf8)
    #expect(FileManager.default.createFile(atPath: text, contents: original))
    let error = #expect(throws: StoreOpenError.self) {
      try DurableStore(path: text, sync: .normal, waitMs: 0)
    }
    #expect(error?.kind == .notOrdo)
    #expect(error?.message.contains(text) == true)
    #expect(FileManager.default.contents(atPath: text) == original)
  }

  @Test func anotherApplicationsDatabaseAndANewerOrdosAreRefused() throws {
    let foreign = Self.temporaryPath("foreign.db")
    try runSQLite(foreign, "CREATE TABLE t(x); INSERT INTO t VALUES (1);")
    #expect(
      (#expect(throws: StoreOpenError.self) {
        try DurableStore(path: foreign, sync: .normal, waitMs: 0)
      })?.kind == .notOrdo)

    let newer = Self.temporaryPath("newer.db")
    _ = try DurableStore(path: newer, sync: .normal, waitMs: 0)
    try runSQLite(newer, "PRAGMA user_version = 99;")
    let error = #expect(throws: StoreOpenError.self) {
      try DurableStore(path: newer, sync: .normal, waitMs: Self.reopenWaitMs)
    }
    #expect(error?.kind == .newerVersion)
    #expect(error?.message.contains("newer Ordo") == true)
  }

  @Test func aSecondOpenerWaitsThenGivesUp() throws {
    let path = Self.temporaryPath("state.db")
    let first = try DurableStore(path: path, sync: .normal, waitMs: 0)
    // It waited (a lower bound: the behaviour, not a speed), on a clock that only moves on.
    let clock = ContinuousClock()
    let started = clock.now
    let error = #expect(throws: StoreOpenError.self) {
      try DurableStore(path: path, sync: .normal, waitMs: 200)
    }
    #expect(error?.kind == .inUse)
    #expect(clock.now - started >= .milliseconds(190))
    _ = first
  }

  @Test func writeFailuresNameTheirReason() {
    func reason(_ code: Int32, errno: Int32 = 0) -> StoreWriteError.Reason {
      DurableStore.writeError(SQLiteError(code: code, message: "m", systemErrno: errno)).reason
    }
    let ioErrWrite = SQLITE_IOERR | (3 << 8)  // SQLITE_IOERR_WRITE
    #expect(reason(SQLITE_FULL) == .diskFull)
    #expect(reason(ioErrWrite, errno: EFBIG) == .diskFull)
    #expect(reason(ioErrWrite, errno: EDQUOT) == .diskFull)
    #expect(reason(SQLITE_READONLY) == .readOnly)
    // SQLite reports a file system remounted read-only, or an immutable file, as an I/O
    // error of the write, with the system's reason.
    #expect(reason(ioErrWrite, errno: EROFS) == .readOnly)
    #expect(reason(ioErrWrite, errno: EPERM) == .readOnly)
    #expect(reason(ioErrWrite, errno: EIO) == .ioError)
    #expect(reason(SQLITE_CORRUPT) == .corrupt)
  }

  @Test func corruptRowsAreReportedAsCorrupt() throws {
    let path = Self.temporaryPath("state.db")
    _ = try DurableStore(path: path, sync: .normal, waitMs: 0)
    try runSQLite(path, "INSERT INTO types VALUES ('x', 'not json');")
    let store = try DurableStore(path: path, sync: .normal, waitMs: Self.reopenWaitMs)
    #expect(
      (#expect(throws: StoreOpenError.self) { try store.load() })?.kind == .corrupt)
  }

  /// A file this engine made, then served from and committed to, stays when reading it
  /// again fails (`engine.reset` on a file damaged meanwhile): only a start refused before
  /// it served removes the file it made (the load that failed here deleted the session's
  /// every commit, while the refusal said the file was left untouched).
  @Test func aFileMadeAndServedFromStaysWhenReadingItAgainFails() throws {
    let path = Self.temporaryPath("state.db")
    var manager = try Self.populatedManager()
    let store = try DurableStore(path: path, sync: .normal, waitMs: 0)
    _ = try store.load()
    try store.commit(manager.takeDurableChanges(), from: manager)
    try runSQLite(path, "DROP TABLE shows;")
    #expect(throws: StoreOpenError.self) { try store.load() }
    #expect(FileManager.default.fileExists(atPath: path))
  }

  /// Two alerts of one seq, each filed under its own: Ordo never writes them, and restored
  /// they broke the order of their queue's list (found by Fuzz/FuzzStore).
  @Test func twoAlertsOfOneSeqAreCorrupt() throws {
    let path = Self.temporaryPath("state.db")
    var manager = AlertManager(now: 0, startedWallAt: 1_000_000)
    manager.tracksDurableChanges = true
    _ = try manager.enqueue(AlertEnqueueRequest(type: "t", id: "a", persist: true))
    _ = try manager.enqueue(AlertEnqueueRequest(type: "t", id: "b", persist: true))
    do {
      let store = try DurableStore(path: path, sync: .normal, waitMs: 0)
      try store.commit(manager.takeDurableChanges(), from: manager)
    }
    try runSQLite(
      path, "UPDATE alerts SET seq = 1, alert = json_set(alert, '$.alert.seq', 1) WHERE id = 'b';")
    let store = try DurableStore(path: path, sync: .normal, waitMs: Self.reopenWaitMs)
    let error = #expect(throws: StoreOpenError.self) { try store.load() }
    #expect(error?.kind == .corrupt)
    #expect(
      error?.message.contains("/alerts/1: an alert with the seq of another") == true,
      "\(String(describing: error))")
  }

  /// Two type rows whose names are one to the engine, each filed under its own spelling, as
  /// Ordo 0.2.10 and earlier wrote a type redefined in another, canonically equivalent
  /// spelling in a later commit (0.2.11 to 0.2.28 loaded such a file): the last, in the
  /// order read, is loaded, as every Ordo that wrote such rows restored them (0.2.29 loaded
  /// the first), and the first commit deletes the other, rather than the whole file refused
  /// as corrupt.
  @Test func twinTypeRowsOfAnOlderOrdoLoadTheLastAndTheCommitDeletesTheOther() throws {
    let path = Self.temporaryPath("state.db")
    var manager = AlertManager(now: 0, startedWallAt: 1_000_000)
    manager.tracksDurableChanges = true
    _ = try manager.defineType(AlertTypeDefinition(type: "\u{E9}", priority: 1))
    _ = try manager.defineType(AlertTypeDefinition(type: "x", priority: 2))
    do {
      let store = try DurableStore(path: path, sync: .normal, waitMs: 0)
      try store.commit(manager.takeDurableChanges(), from: manager)
    }
    try runSQLite(
      path,
      "UPDATE types SET type = 'e' || char(769),"
        + " definition = replace(definition, '\"type\":\"x\"', '\"type\":\"e\\u0301\"')"
        + " WHERE type = 'x';")
    let store = try DurableStore(path: path, sync: .normal, waitMs: Self.reopenWaitMs)
    let loaded = try store.load()
    // "e\u{301}" sorts (by bytes) before "\u{E9}", whose row is loaded.
    #expect(loaded.types.map { Array($0.type.utf8) } == [Array("\u{E9}".utf8)])
    #expect(loaded.types.map(\.priority) == [1])
    var restored = AlertManager(now: 0, startedWallAt: 1_000_000)
    restored.tracksDurableChanges = true
    restored.restore(loaded)
    try store.commit(restored.takeDurableChanges(), from: restored)
    #expect(store.commits == 1)
    // Read again, the file holds no twin: an empty commit has nothing to delete.
    let reloaded = try store.load()
    #expect(reloaded.types.map { Array($0.type.utf8) } == [Array("\u{E9}".utf8)])
    #expect(reloaded.types == loaded.types)
    try store.commit(DurableChanges(), from: restored)
    #expect(store.commits == 1)
  }

  /// Counters behind the file's alerts and shows (Ordo writes them with each enqueue and
  /// show; here their rows are gone): the restore takes the highest seq and show order, and
  /// the first commit writes them. The file kept the old ones, so once those alerts ended, a
  /// restart gave their seqs again (found by Fuzz/FuzzStore).
  @Test func countersBehindTheRestoredRowsAreWrittenBack() throws {
    let path = Self.temporaryPath("state.db")
    var manager = try Self.populatedManager()
    do {
      let store = try DurableStore(path: path, sync: .normal, waitMs: 0)
      try store.commit(manager.takeDurableChanges(), from: manager)
    }
    try runSQLite(path, "DELETE FROM counters;")
    let store = try DurableStore(path: path, sync: .normal, waitMs: Self.reopenWaitMs)
    var restored = AlertManager(now: 0, startedWallAt: 1_000_000)
    restored.tracksDurableChanges = true
    restored.restore(try store.load())
    try store.commit(restored.takeDurableChanges(), from: restored)
    #expect(try store.load().counters == manager.counters)
  }

  /// Text that is not UTF-8, in a JSON row or a plain column: corrupt (once it was read
  /// with U+FFFD in place of the bad byte, and written back so at the next commit).
  @Test(arguments: [
    "INSERT INTO types VALUES ('x', '{\"type\":\"x' || CAST(x'ff' AS TEXT) || '\"}');",
    "INSERT INTO shows VALUES (1, 'a' || CAST(x'ff' AS TEXT), 't', NULL, 'default', 0);",
    "INSERT INTO counters VALUES ('last' || CAST(x'c3' AS TEXT), 1);",
  ])
  func textThatIsNotUTF8IsCorrupt(insert: String) throws {
    let path = Self.temporaryPath("state.db")
    _ = try DurableStore(path: path, sync: .normal, waitMs: 0)
    try runSQLite(path, insert)
    let store = try DurableStore(path: path, sync: .normal, waitMs: Self.reopenWaitMs)
    let error = #expect(throws: StoreOpenError.self) { try store.load() }
    #expect(error?.kind == .corrupt)
    #expect(error?.message.contains("not UTF-8") == true, "\(String(describing: error))")
  }

  /// Runs `sql` with the sqlite3 command-line shell (Debian's `sqlite3`).
  func runSQLite(_ path: String, _ sql: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sqlite3", path, sql]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "sqlite3 \(sql)")
  }

  /// `--sync full` survives power loss (SQLite syncs the log at each commit), `normal` only
  /// process crashes: each opens its connection so, in write-ahead-log mode.
  @Test(arguments: [(SyncMode.full, 2 as Int64), (.normal, 1)])
  func theSyncModeIsTheConnectionsSynchronousSetting(mode: SyncMode, synchronous: Int64) throws {
    let store = try DurableStore(path: Self.temporaryPath("sync.db"), sync: mode, waitMs: 0)
    #expect(try store.connection.integer("PRAGMA synchronous") == synchronous)
    #expect(try store.connection.texts("PRAGMA journal_mode") == ["wal"])
  }
}
