import CSQLite
import FuzzSupport
import OrdoCore
import OrdoJSON
import OrdoServer
import OrdoStore

#if canImport(Glibc)
  import Glibc
#endif

/// A state file a real engine wrote (types, configured queues, shows, persisted alerts in
/// each state, counters), its rows then changed through SQLite as the input says: a column
/// set to another value, a member of a row's JSON set, removed, added or given twice, a row
/// deleted or filed again under another key, a table's STRICT and NOT NULL dropped. Opened
/// and loaded as the engine's start does, the file is refused with a `StoreOpenError`
/// naming it (never a trap), or it loads; then the restored screen's invariants hold (also
/// after time runs on), the write-back the first commit makes gives a file that loads as
/// what the screen holds, and an engine on either state answers the same.
private let folder = scratchFolder(
  "ordo-fuzz-store",
  removing: ["template.db", "input.db", "input.db-wal", "input.db-shm", "input.db-journal"])

/// The wall-clock time the template's engine started at (its manual clock's `--epoch-ms`).
private let templateEpoch: Int64 = 1_700_000_000_000

/// The bytes of the template state file, written once by a real engine.
nonisolated(unsafe) private var templateBytes: [UInt8] = makeTemplate()

@_cdecl("FuzzStore_main")
public func fuzzStoreMain(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> Int32 {
  runFuzzer(argc: argc, argv: argv, target: fuzzStore)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStore(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data = pointer, size > 0 else { return 0 }
  var input = Input(bytes: UnsafeBufferPointer(start: data, count: size))
  let path = folder + "/input.db"
  for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
  writeFile(path, templateBytes)
  // How long after the template was written the engine starts (or before: a clock moved
  // back): due, expired and future alerts, shows ahead of the wall clock.
  let offsets: [Int64] = [0, 10_000, 3_600_000, 90_000_000, -86_400_000, 1 << 40]
  let epoch = templateEpoch + offsets[Int(input.byte()) % offsets.count]
  mutate(path, &input)
  // To look at a finding's file: FUZZ_STORE_KEEP=PATH gets a copy of it as mutated.
  if let keep = getenv("FUZZ_STORE_KEEP") { writeFile(String(cString: keep), readFile(path)) }
  check(path, epoch: epoch)
  return 0
}

// MARK: The property

private func configuration(epoch: Int64, statePath: String?) -> EngineConfiguration {
  var configuration = EngineConfiguration()
  configuration.clock = .manual
  configuration.epochMs = epoch
  configuration.framing = .ndjson
  configuration.logLevel = .error
  configuration.statePath = statePath
  configuration.sync = .normal
  configuration.stateWaitMs = 0
  return configuration
}

private func check(_ path: String, epoch: Int64) {
  let loaded: DurableState
  var screen = freshScreen(epoch: epoch)
  do throws(StoreOpenError) {
    let store = try DurableStore(path: path, sync: .normal, waitMs: 0)
    loaded = try store.load()
    // The engine's own start on the same file: its load, restore and warnings.
    _ = try Engine(configuration: configuration(epoch: epoch, statePath: path), store: store)
    // The write-back the engine's first commit makes: what the restore changed.
    screen.tracksDurableChanges = true
    screen.restore(loaded)
    checkInvariants(screen)
    do {
      try store.commit(screen.takeDurableChanges(), from: screen.alerts)
    } catch {
      failure("the write-back failed: \(error.reason) \(error.detail)")
    }
  } catch {
    require(
      error.kind == .corrupt && error.message.contains(path),
      "refused, but not as corrupt: \(error.kind) \(error.message)")
    return
  }
  let held = screen.alerts.durableState()
  let reloaded: DurableState
  do {
    reloaded = try DurableStore(path: path, sync: .normal, waitMs: 0).load()
  } catch {
    failure("the file the engine wrote back is refused: \(error.message)")
  }
  require(
    comparable(reloaded) == comparable(held),
    "the file written back does not load as what the engine held:\n\(reloaded)\n\(held)")
  var again = freshScreen(epoch: epoch)
  again.restore(reloaded)
  checkInvariants(again)
  require(
    comparable(again.alerts.durableState()) == comparable(held),
    "a second load restores another state")
  let first = answers(loaded, epoch: epoch)
  let second = answers(reloaded, epoch: epoch)
  if first != second {
    let (one, two) = (first.split(separator: "\n"), second.split(separator: "\n"))
    let line =
      zip(one, two).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(one.count, two.count)
    failure(
      "engines on the state and its write-back answer differently, from line \(line + 1):\n"
        + "\(one.dropFirst(line).first ?? "(none)")\n\(two.dropFirst(line).first ?? "(none)")")
  }
  // Time runs on over the restored alerts (readiness, expiry, frequency limits).
  screen.releaseRestored()
  checkInvariants(screen)
  screen.advance(to: 100_000_000)
  checkInvariants(screen)
}

private func freshScreen(epoch: Int64) -> Screen {
  Screen(maxLayers: 1_000_000, maxTreeDepth: 512, maxAlerts: 1_000_000, startedWallAt: epoch)
}

private func checkInvariants(_ screen: Screen) {
  screen.layers._checkInvariants()
  screen.alerts._checkInvariants()
}

/// `state` with what a load does not read (a show's engine time, recomputed at restore)
/// left out, and types in the file's order (by their bytes).
private func comparable(_ state: DurableState) -> DurableState {
  var state = state
  state.shows = state.shows.map { show in
    var show = show
    show.at = 0
    return show
  }
  state.types.sort { $0.type.utf8.lexicographicallyPrecedes($1.type.utf8) }
  return state
}

/// What an engine restored from `state` answers: lists, history, then time run on.
private func answers(_ state: DurableState, epoch: Int64) -> String {
  guard
    let engine = try? Engine(
      configuration: configuration(epoch: epoch, statePath: nil), state: state)
  else { failure("an engine without a file refused its state") }
  let session = Session(engine: engine)
  var outbox = session.makeOutbox()
  let active = #"["scheduled","pending","showing","suspended"]"#
  let requests = [
    // Active alerts only: those the restore expired are ended, kept in memory alone.
    #"{"jsonrpc":"2.0","id":1,"method":"alert.list","params":{"states":\#(active)}}"#,
    #"{"jsonrpc":"2.0","id":2,"method":"alert.history","params":{"limit":100000}}"#,
    #"{"jsonrpc":"2.0","id":3,"method":"clock.advance","params":{"ms":100000000}}"#,
    #"{"jsonrpc":"2.0","id":4,"method":"alert.list","params":{"states":\#(active)}}"#,
    // An id of its own: a generated one skips the ids of ended alerts the engine holds,
    // and one the restore expired is held by the first engine only (ended alerts are not
    // kept across a restart), so its `alert-N` may be given again by the second.
    #"{"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"rate","id":"fz","persist":true}}"#,
  ]
  for request in requests {
    let bytes = Array(request.utf8)
    bytes.withUnsafeBytes { _ = session.handle($0, into: &outbox) }
    session.flush(&outbox)
  }
  let text = String(decoding: outbox.unwrittenBytes, as: UTF8.self)
  require(!text.contains("-32603"), "internal error: \(text)")
  return text
}

// MARK: The template

private func makeTemplate() -> [UInt8] {
  JSONDocument.installArenaAllocator()
  let path = folder + "/template.db"
  do {
    let store = try DurableStore(path: path, sync: .normal, waitMs: 0)
    let engine = try Engine(
      configuration: configuration(epoch: templateEpoch, statePath: path), store: store)
    let session = Session(engine: engine)
    var outbox = session.makeOutbox()
    let requests = [
      #"alert.defineType","params":{"type":"rate","priority":5,"persist":true,"#
        + #""limit":{"max":1,"windowMs":30000},"onLimit":"defer"}"#,
      #"alert.defineType","params":{"type":"tip","priority":1,"durationMs":5000,"#
        + #""ttlMs":60000,"cooldownMs":1000}"#,
      #"alert.defineType","params":{"type":"\u00e9","queue":"modal","scope":"room","#
        + #""persist":true,"limit":{"max":2,"per":"key"}}"#,
      #"alert.configure","params":{"queue":"modal","maxConcurrent":2,"minGapMs":100}"#,
      #"alert.configure","params":{"queue":"toast","historyLimit":5}"#,
      #"alert.enqueue","params":{"type":"tip","id":"t1","key":"k"}"#,
      #"alert.complete","params":{"id":"t1"}"#,
      #"alert.enqueue","params":{"type":"rate","id":"r1","key":"k","#
        + #""data":{"n":[1,2.5,{"x":"y"}],"s":"\u2603"}}"#,
      #"alert.enqueue","params":{"type":"rate","id":"r2","key":"k"}"#,
      #"alert.enqueue","params":{"type":"tip","persist":true,"delayMs":86400000,"#
        + #""ttlMs":90000000}"#,
      #"alert.enqueue","params":{"type":"\u00e9","id":"e\u0301","key":"q","priority":3,"#
        + #""preempt":true}"#,
      #"alert.enqueue","params":{"type":"tip","queue":"toast","persist":true,"id":"p1"}"#,
      #"alert.enqueue","params":{"type":"tip","queue":"toast","persist":true,"id":"p2","#
        + #""mount":{"sort":2}}"#,
      #"clock.advance","params":{"ms":10000}"#,
      #"alert.enqueue","params":{"type":"rate","id":"r3","key":"q","delayMs":5000,"#
        + #""ttlMs":7000000}"#,
      #"alert.enqueue","params":{"type":"\u00e9","key":"q"}"#,
    ]
    for (index, request) in requests.enumerated() {
      var bytes = Array(#"{"jsonrpc":"2.0","id":\#(index),"method":""#.utf8) + Array(request.utf8)
      bytes += Array("}".utf8)
      bytes.withUnsafeBytes { _ = session.handle($0, into: &outbox) }
      session.flush(&outbox)
      let text = String(decoding: outbox.unwrittenBytes, as: UTF8.self)
      require(!text.contains(#""error""#), "the template's request failed: \(text)")
      outbox.removeAll()
    }
  } catch {
    fatalError("cannot make the template: \(error)")
  }
  // The engine closed the file (its log folded in).
  return readFile(path)
}

// MARK: Changing rows through SQLite

/// The tables, each with its key column first, then its other columns, and its JSON column.
private let tables: [(name: String, key: String, columns: [String], json: String?)] = [
  ("counters", "name", ["value"], nil),
  ("types", "type", ["definition"], "definition"),
  ("queues", "queue", ["position", "settings"], "settings"),
  ("shows", "ord", ["id", "type", "key", "queue", "wall_at"], nil),
  ("alerts", "id", ["seq", "alert"], "alert"),
]

/// Values as SQL: out of range, negative, NULL, text, blobs, odd Unicode.
private let sqlValues = [
  "NULL", "0", "-1", "1", "9223372036854775807", "-9223372036854775808", "9007199254740991",
  "9007199254740992", "-9007199254740991", "100000000", "1.5", "''", "'x'", "'e' || char(769)",
  "char(233)", "'a' || char(0) || 'b'", "char(128512)", "char(8238) || 'abc'", "x'00ff'",
  "CAST(x'ff' AS TEXT)", "'alert-1'", "printf('%.*c', 3000, 'x')", "'default'", "'modal'",
  "'{}'", "'[]'", "'r1'", "'rate'", "char(55296)", "'lastSeq'",
]

/// Values as JSON, for a member.
private let jsonValues = [
  "null", "0", "-1", "1", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
  "9007199254740991", "9007199254740992", "-9007199254740992", "1.5", "1e400", "-0", "true",
  "false", "\"\"", "\"x\"", "\"e\\u0301\"", "\"\\u00e9\"", "\"\\u0000\"", "\"\\ud800\"",
  "\"\\udfff\\ud800\"", "[]", "{}", "[1,2]", "{\"a\":1}", "\"default\"", "\"modal\"",
  "\"alert-1\"", "\"showing\"", "\"pending\"", "\"scheduled\"", "\"suspended\"", "\"done\"",
  "\"cancelled\"", "\"expired\"", "\"rate\"", "\"tip\"", "\"type\"", "\"key\"", "\"r1\"",
  "{\"max\":0}", "{\"max\":1,\"windowMs\":null,\"per\":\"key\"}", "{\"sort\":1}",
  "\"\\u202e\"", "100000000", "0.0",
]

/// Member names to add.
private let memberNames = [
  "evil", "priority", "id", "seq", "state", "type", "queue", "key", "data", "readyAt",
  "expiresAt", "shownAt", "limit", "persist", "Priority", "a/b~",
]

private func mutate(_ path: String, _ input: inout Input) {
  guard var database = Database(path: path) else { return }
  for _ in 0..<8 where !input.isEmpty {
    let table = tables[Int(input.byte()) % tables.count]
    let rows = database.integers("SELECT rowid FROM \(table.name) ORDER BY rowid")
    let row = rows.isEmpty ? nil : rows[Int(input.byte()) % rows.count]
    let rowFilter = "WHERE rowid = \(row ?? -1)"
    let allColumns = [table.key] + table.columns
    switch input.byte() % 10 {
    case 0, 1:
      // A column of a row set to a value, or to the same column of another row.
      let column = allColumns[Int(input.byte()) % allColumns.count]
      let value =
        input.flag() && !rows.isEmpty
        ? "(SELECT \(column) FROM \(table.name) WHERE rowid = \(rows[Int(input.byte()) % rows.count]))"
        : sqlValues[Int(input.byte()) % sqlValues.count]
      database.execute("UPDATE \(table.name) SET \(column) = \(value) \(rowFilter)")
    case 2, 3, 4:
      // A member of the row's JSON (at any depth) set to a value, or removed.
      guard let json = table.json, let row else { break }
      let paths = database.texts(
        "SELECT j.fullkey FROM \(table.name) AS t, json_tree(t.\(json)) AS j"
          + " WHERE t.rowid = \(row) AND j.fullkey <> '$'")
      guard !paths.isEmpty else { break }
      let member = quoted(paths[Int(input.byte()) % paths.count])
      let change =
        input.byte() % 4 == 0
        ? "json_remove(\(json), \(member))"
        : "json_set(\(json), \(member), json(\(quoted(jsonValues[Int(input.byte()) % jsonValues.count]))))"
      database.execute("UPDATE \(table.name) SET \(json) = \(change) \(rowFilter)")
    case 5:
      // A member added to an object of the row's JSON, or one given twice (as text: the
      // JSON functions never write a key twice).
      guard let json = table.json, let row else { break }
      let objects = database.texts(
        "SELECT j.fullkey FROM \(table.name) AS t, json_tree(t.\(json)) AS j"
          + " WHERE t.rowid = \(row) AND j.type = 'object'")
      guard !objects.isEmpty else { break }
      let object = objects[Int(input.byte()) % objects.count]
      let name = memberNames[Int(input.byte()) % memberNames.count]
      let value = jsonValues[Int(input.byte()) % jsonValues.count]
      if input.flag() {
        let member = quoted("\"\(name)\":")
        let twice = quoted("\"\(name)\":\(value),\"\(name)\":")
        database.execute(
          "UPDATE \(table.name) SET \(json) = replace(\(json), \(member), \(twice)) \(rowFilter)")
      } else {
        let member = quoted(object + ".\"" + name + "\"")
        database.execute(
          "UPDATE \(table.name) SET \(json) = json_set(\(json), \(member), json(\(quoted(value))))"
            + " \(rowFilter)")
      }
    case 6:
      database.execute("DELETE FROM \(table.name) \(rowFilter)")
    case 7:
      // The row again under another key.
      let key =
        switch input.byte() % 5 {
        case 0: table.key == "ord" ? "ord + 1000" : "\(table.key) || 'x'"
        case 1: "replace(\(table.key), char(233), 'e' || char(769))"
        case 2: "replace(\(table.key), 'e' || char(769), char(233))"
        case 3: "upper(\(table.key))"
        default: sqlValues[Int(input.byte()) % sqlValues.count]
        }
      database.execute(
        "INSERT INTO \(table.name) SELECT \(([key] + table.columns).joined(separator: ", "))"
          + " FROM \(table.name) \(rowFilter)")
    case 8:
      // The key and the JSON's own name (or an alert's seq) changed together: the row
      // stays filed under its name, and the restore sees the new one.
      guard let json = table.json, row != nil else { break }
      let (column, member) =
        switch table.name {
        case "types": ("type", "$.type")
        case "queues": ("queue", "$.queue")
        default: input.flag() ? ("id", "$.alert.id") : ("seq", "$.alert.seq")
        }
      let value: String
      switch input.byte() % 6 {
      case 0: value = column == "seq" ? "seq + 100" : "\(column) || 'x'"
      case 1: value = "replace(\(column), char(233), 'e' || char(769))"
      case 2: value = "replace(\(column), 'e' || char(769), char(233))"
      case 3 where !rows.isEmpty:
        value =
          "(SELECT \(column) FROM \(table.name) WHERE rowid = \(rows[Int(input.byte()) % rows.count]))"
      default: value = sqlValues[Int(input.byte()) % sqlValues.count]
      }
      database.execute(
        "UPDATE \(table.name) SET \(column) = \(value), \(json) = json_set(\(json), '\(member)',"
          + " \(value)) \(rowFilter)")
    default:
      // The table's STRICT and NOT NULL dropped, as another program may have made it: any
      // value in any column from then on.
      database.execute(
        "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = replace(replace(sql,"
          + " ') STRICT', ')'), 'NOT NULL', '') WHERE type = 'table' AND name = '\(table.name)';"
          + " PRAGMA writable_schema = OFF;")
      database = Database(path: path) ?? database
    }
  }
}

/// `text` as an SQL string literal.
private func quoted(_ text: String) -> String {
  "'" + text.replacingAll("'", with: "''") + "'"
}

extension String {
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}

/// A plain SQLite connection, as another program would open the file.
private final class Database {
  let handle: OpaquePointer

  init?(path: String) {
    var opened: OpaquePointer?
    guard sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let opened
    else {
      sqlite3_close_v2(opened)
      return nil
    }
    handle = opened
  }

  deinit { sqlite3_close_v2(handle) }

  /// Runs `sql`; a change SQLite refuses (a constraint, a type) is no change.
  func execute(_ sql: String) {
    _ = sqlite3_exec(handle, sql, nil, nil, nil)
  }

  func texts(_ sql: String) -> [String] {
    rows(sql) { statement in
      sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? ""
    }
  }

  func integers(_ sql: String) -> [Int64] {
    rows(sql) { sqlite3_column_int64($0, 0) }
  }

  private func rows<T>(_ sql: String, _ read: (OpaquePointer) -> T) -> [T] {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement
    else { return [] }
    defer { sqlite3_finalize(statement) }
    var values: [T] = []
    while sqlite3_step(statement) == SQLITE_ROW { values.append(read(statement)) }
    return values
  }
}

/// Says `message` on stderr and aborts (an optimized build's precondition says nothing).
private func require(_ holds: Bool, _ message: @autoclosure () -> String) {
  if !holds { failure(message()) }
}

private func failure(_ message: String) -> Never {
  let line = Array("FuzzStore: \(message)\n".utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  abort()
}

// MARK: Files and input

private func writeFile(_ path: String, _ bytes: [UInt8]) {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  guard descriptor >= 0 else { fatalError("cannot write \(path)") }
  var written = 0
  while written < bytes.count {
    let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { fatalError("cannot write \(path)") }
    written += count
  }
  close(descriptor)
}

private func readFile(_ path: String) -> [UInt8] {
  let descriptor = open(path, O_RDONLY)
  guard descriptor >= 0 else { fatalError("cannot read \(path)") }
  defer { close(descriptor) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { break }
    bytes += chunk[..<count]
  }
  return bytes
}

private struct Input {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  var isEmpty: Bool { index >= bytes.count }

  mutating func byte() -> UInt8 {
    defer { index += 1 }
    return index < bytes.count ? bytes[index] : 0
  }

  mutating func flag() -> Bool { byte() & 1 == 1 }
}
