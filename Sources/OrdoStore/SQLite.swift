import CSQLite

#if canImport(Glibc)
  import Glibc
#endif

/// A failed SQLite call: its result code and message, and the OS error behind it, if any.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The extended result code.
  public let code: Int32
  public let message: String
  /// The `errno` of the system call that failed (`sqlite3_system_errno`), 0 if none.
  public var systemErrno: Int32 = 0

  /// The primary result code (`SQLITE_FULL`, `SQLITE_IOERR`, …).
  public var primary: Int32 { code & 0xFF }

  public var description: String {
    let cause = systemErrno == 0 ? "" : ": \(String(cString: strerror(systemErrno)))"
    return "\(message) (SQLite code \(code)\(cause))"
  }
}

/// One SQLite connection: the only owner of its `sqlite3*`, closed in `deinit`. Every call
/// into SQLite goes through this type and `SQLiteStatement`.
final class SQLiteConnection {
  private let handle: OpaquePointer
  /// A descriptor to close once the database is closed (the lock that keeps other engines
  /// out must outlast the connection's last write: the checkpoint at close).
  var closesAfterwards: Int32 = -1
  /// The milliseconds `setBusyTimeout` allows, and when the current wait began.
  private var busyWaitMs: Int64 = 0
  private var busyWaitStarted: Int64 = 0
  /// The sleeps between tries for a lock, in milliseconds: SQLite's own steps (its
  /// `sqliteDefaultBusyCallback`).
  private static let lockWaitSteps: [Int64] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]

  /// Opens (creating when missing) the database at `path`.
  init(path: String) throws(SQLiteError) {
    var opened: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let status = sqlite3_open_v2(path, &opened, flags, nil)
    guard status == SQLITE_OK, let opened else {
      let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      let systemErrno = opened.map { sqlite3_system_errno($0) } ?? 0
      if let opened { sqlite3_close_v2(opened) }
      throw SQLiteError(code: status, message: message, systemErrno: systemErrno)
    }
    handle = opened
    sqlite3_extended_result_codes(handle, 1)
  }

  /// How long a statement waits for a lock another connection holds before it fails with
  /// `SQLITE_BUSY` (0: it does not wait). Counted in real time (`CLOCK_BOOTTIME`) from the
  /// statement's first refusal: SQLite's own busy timeout adds up the sleeps it asked for,
  /// so a process that got no processor for a while (a loaded machine, a stop) went on
  /// waiting for all of them once it ran again.
  func setBusyTimeout(milliseconds: Int) {
    busyWaitMs = Int64(max(0, milliseconds))
    let context = Unmanaged.passUnretained(self).toOpaque()
    sqlite3_busy_handler(
      handle,
      { context, tries in
        guard let context else { return 0 }
        let connection = Unmanaged<SQLiteConnection>.fromOpaque(context).takeUnretainedValue()
        return connection.waitForLock(tries: tries) ? 1 : 0
      }, context)
  }

  /// SQLite's busy handler: sleeps a little (SQLite's own steps, 1 ms growing to 100 ms, cut
  /// to the time left) and says whether to try again.
  private func waitForLock(tries: Int32) -> Bool {
    let now = RealTime.milliseconds()
    if tries == 0 { busyWaitStarted = now }
    let left = busyWaitMs - (now - busyWaitStarted)
    guard left > 0 else { return false }
    let steps = Self.lockWaitSteps
    let step = steps[min(Int(tries), steps.count - 1)]
    usleep(UInt32(min(step, left)) * 1000)
    return true
  }

  /// Whether the database file was deleted, renamed or replaced since it was opened (the
  /// connection would go on writing to a file no one can open again).
  var fileHasMoved: Bool {
    var moved: Int32 = 0
    let status = sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved)
    return status == SQLITE_OK && moved != 0
  }

  /// The write-ahead log's path, as SQLite names it: beside the database's own name, links
  /// resolved (not beside the name it was opened by).
  var logPath: String {
    String(cString: sqlite3_filename_wal(sqlite3_db_filename(handle, "main")))
  }

  /// The shared-memory file's path (the write-ahead log's index), beside the log.
  var sharedMemoryPath: String {
    String(cString: sqlite3_db_filename(handle, "main")) + "-shm"
  }

  /// Makes closing leave the files as they are: no checkpoint of another program's
  /// write-ahead log into its database, which would rewrite a file Ordo refused.
  func closeWithoutCheckpoint() {
    _ = ordo_sqlite3_no_checkpoint_on_close(handle)
  }

  deinit {
    sqlite3_close_v2(handle)
    if closesAfterwards >= 0 { close(closesAfterwards) }
  }

  /// The error of `status`. SQLite does not always keep the `errno` of a failed write
  /// (`sqlite3_system_errno` is 0 when a COMMIT's WAL write fails), so `errno` is read too:
  /// the calls below clear it first, so it names a system call of the failed one.
  private func error(_ status: Int32) -> SQLiteError {
    let recorded = sqlite3_system_errno(handle)
    return SQLiteError(
      code: status, message: String(cString: sqlite3_errmsg(handle)),
      systemErrno: recorded != 0 ? recorded : (status & 0xFF == SQLITE_IOERR ? errno : 0))
  }

  /// Runs one or more statements that return no rows.
  func execute(_ sql: String) throws(SQLiteError) {
    errno = 0
    let status = sqlite3_exec(handle, sql, nil, nil, nil)
    guard status == SQLITE_OK else { throw error(status) }
  }

  /// Prepares one statement.
  func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard status == SQLITE_OK, let statement else { throw error(status) }
    return SQLiteStatement(statement, connection: self)
  }

  /// The first column of the first row of `sql` as an integer (a pragma, a count).
  func integer(_ sql: String) throws(SQLiteError) -> Int64? {
    let statement = try prepare(sql)
    guard try statement.step() else { return nil }
    return statement.isNull(0) ? nil : statement.integer(0)
  }

  /// The first column of every row of `sql` as text.
  func texts(_ sql: String) throws(SQLiteError) -> [String] {
    let statement = try prepare(sql)
    var rows: [String] = []
    while try statement.step() { rows.append(try statement.text(0) ?? "") }
    return rows
  }

  fileprivate func check(_ status: Int32) throws(SQLiteError) {
    guard status == SQLITE_OK else { throw error(status) }
  }

  fileprivate func failure(_ status: Int32) -> SQLiteError { error(status) }
}

/// One prepared statement, finalized in `deinit`.
final class SQLiteStatement {
  private let handle: OpaquePointer
  /// Keeps the connection open while the statement lives.
  private let connection: SQLiteConnection

  fileprivate init(_ handle: OpaquePointer, connection: SQLiteConnection) {
    self.handle = handle
    self.connection = connection
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Clears bindings and rewinds, for the next use.
  func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  /// Binds `values` to the parameters `?1`, `?2`, ….
  func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let status: Int32
      switch value {
      case .null:
        status = sqlite3_bind_null(handle, index)
      case .integer(let number):
        status = sqlite3_bind_int64(handle, index, number)
      case .text(let text):
        var text = text
        status = text.withUTF8 { bytes in
          bytes.withMemoryRebound(to: CChar.self) {
            ordo_sqlite3_bind_text_copy(handle, index, $0.baseAddress, UInt64($0.count))
          }
        }
      }
      try connection.check(status)
    }
  }

  /// Steps once; true when a row is available.
  func step() throws(SQLiteError) -> Bool {
    errno = 0
    let status = sqlite3_step(handle)
    switch status {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw connection.failure(status)
    }
  }

  /// Binds `values`, runs to the end, and rewinds.
  func run(_ values: [SQLiteValue]) throws(SQLiteError) {
    defer { reset() }
    try bind(values)
    while try step() {}
  }

  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

  func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

  /// The column as text; nil when it is NULL.
  /// - Throws: `SQLITE_CORRUPT` when it is not UTF-8 (Ordo writes only UTF-8: read with
  ///   U+FFFD in place of the bad bytes, an id or a payload would change, and be written
  ///   back so).
  func text(_ column: Int32) throws(SQLiteError) -> String? {
    guard let text = sqlite3_column_text(handle, column) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, column))
    guard
      let string = String(validating: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    else {
      throw SQLiteError(code: SQLITE_CORRUPT, message: "a text value is not UTF-8")
    }
    return string
  }
}

/// A value bound to a statement parameter.
enum SQLiteValue {
  case null
  case integer(Int64)
  case text(String)

  static func optional(_ text: String?) -> SQLiteValue { text.map(SQLiteValue.text) ?? .null }
}
