import Foundation
import Testing

@testable import OrdoCore
@testable import OrdoStore

/// Edges of the SQLite store that the round-trip tests pass by: emptying the file, an id
/// given again in another spelling, the bookkeeping a commit does.
@Suite struct StoreEdgeTests {
  /// `engine.reset {state: true}`: every table emptied in one commit, counted as one.
  @Test func emptyingDeletesEveryRowAndCountsAsACommit() throws {
    let path = DurableStoreTests.temporaryPath("state.db")
    var manager = try DurableStoreTests.populatedManager()
    let store = try DurableStore(path: path, sync: .normal, waitMs: 0)
    try store.commit(manager.takeDurableChanges(), from: manager)
    #expect(try store.load().shows.isEmpty == false)
    try store.empty()
    #expect(store.commits == 2)
    #expect(try store.load() == DurableState())
    for table in ["counters", "types", "queues", "shows", "alerts"] {
      #expect(try store.connection.integer("SELECT count(*) FROM \(table)") == 0, "\(table)")
    }
  }

  /// An ended persisted alert whose id is given again, in one commit, in another but
  /// canonically equivalent spelling: the new alert is filed under its own spelling and
  /// the old row goes (left, the file held two alerts of one id and no longer loaded).
  @Test func anIdGivenAgainInAnotherSpellingReplacesTheOldRow() throws {
    let path = DurableStoreTests.temporaryPath("state.db")
    var manager = AlertManager(now: 0, startedWallAt: 1_000_000)
    manager.tracksDurableChanges = true
    let store = try DurableStore(path: path, sync: .normal, waitMs: 0)
    _ = try manager.enqueue(AlertEnqueueRequest(type: "t", id: "\u{E9}", persist: true))
    try store.commit(manager.takeDurableChanges(), from: manager)
    _ = try manager.cancel(AlertCancelFilter(id: "\u{E9}"))
    _ = try manager.enqueue(AlertEnqueueRequest(type: "t", id: "e\u{301}", persist: true))
    try store.commit(manager.takeDurableChanges(), from: manager)
    let loaded = try store.load()
    #expect(loaded.alerts.map { Array($0.alert.id.utf8) } == [Array("e\u{301}".utf8)])
    #expect(try store.connection.texts("SELECT hex(id) FROM alerts") == ["65CC81"])
  }

  /// Damage that reading the rows passes by (the shows' index, which `load()` never reads:
  /// it scans the table) is found by the check at open, and the file refused untouched
  /// rather than served until a commit walked into the damaged page.
  @Test func aDamagedIndexIsFoundAtOpen() throws {
    let path = DurableStoreTests.temporaryPath("state.db")
    var manager = try DurableStoreTests.populatedManager()
    let root: Int64
    do {
      let store = try DurableStore(path: path, sync: .normal, waitMs: 0)
      try store.commit(manager.takeDurableChanges(), from: manager)
      root = try #require(
        try store.connection.integer(
          "SELECT rootpage FROM sqlite_schema WHERE name = 'shows_by_type'"))
      #expect(try store.connection.integer("PRAGMA page_size") == 4096)
    }
    // Closed, the log was folded into the file: zero the index's page there.
    let file = try #require(FileHandle(forUpdatingAtPath: path))
    try file.seek(toOffset: UInt64(root - 1) * 4096)
    try file.write(contentsOf: Data(count: 4096))
    try file.close()
    let damaged = FileManager.default.contents(atPath: path)
    let error = #expect(throws: StoreOpenError.self) {
      try DurableStore(path: path, sync: .normal, waitMs: DurableStoreTests.reopenWaitMs)
    }
    #expect(error?.kind == .corrupt)
    #expect(error?.message.contains("is corrupt") == true, "\(String(describing: error))")
    #expect(FileManager.default.contents(atPath: path) == damaged)
  }

  /// A statement that fails inside a commit's transaction (refused, the transaction still
  /// open) is rolled back whole: nothing of the commit is in the file, and the next commit
  /// starts a transaction of its own and writes it all (left open, every later commit
  /// failed to begin one).
  @Test func aCommitWhoseStatementFailsIsRolledBackAndTheNextOneWrites() throws {
    var manager = try DurableStoreTests.populatedManager()
    let store = try DurableStore(
      path: DurableStoreTests.temporaryPath("state.db"), sync: .normal, waitMs: 0)
    try store.connection.execute(
      "CREATE TEMP TRIGGER refuse BEFORE INSERT ON main.counters"
        + " BEGIN SELECT RAISE(ABORT, 'refused'); END;")
    let changes = manager.takeDurableChanges()
    let error = #expect(throws: StoreWriteError.self) {
      try store.commit(changes, from: manager)
    }
    #expect(error?.detail.contains("refused") == true, "\(String(describing: error))")
    #expect(try store.connection.integer("SELECT count(*) FROM types") == 0)
    #expect(store.commits == 0)
    try store.connection.execute("DROP TRIGGER temp.refuse")
    try store.commit(changes, from: manager)
    #expect(store.commits == 1)
    #expect(try store.load() == manager.durableState())
  }

  /// A missing directory is named for a file to create in it, not for a path ending in "/"
  /// (a directory's, which no `mkdir -p` makes a file of) nor for a file right under "/"
  /// (whose directory exists).
  @Test func aMissingDirectoryIsNamedOnlyForAFileInIt() throws {
    let directory = (DurableStoreTests.temporaryPath("x") as NSString).deletingLastPathComponent
    let named = PathHint.missingDirectory(ofNewFile: directory + "/no/s.db", failedWith: ENOENT)
    #expect(named?.contains("its directory \(directory)/no does not exist") == true)
    #expect(named?.contains("mkdir -p it first") == true)
    #expect(PathHint.missingDirectory(ofNewFile: directory + "/no/sub/", failedWith: ENOENT) == nil)
    #expect(PathHint.missingDirectory(ofNewFile: directory + "/no/s.db", failedWith: EACCES) == nil)
    #expect(
      PathHint.missingDirectory(ofNewFile: "/ordo-\(UUID().uuidString)", failedWith: ENOENT) == nil)
  }
}
