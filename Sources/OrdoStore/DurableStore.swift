import CSQLite
import OrdoCoding
import OrdoCore
import OrdoJSON

#if canImport(Glibc)
  import Glibc
#endif

/// Why a state file cannot be used (the engine exits 2 with `message`, which names the file).
public struct StoreOpenError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Kind: String, Sendable {
    /// Another engine holds the file.
    case inUse = "in_use"
    /// Not a SQLite database, or one that is not Ordo's.
    case notOrdo = "not_ordo"
    /// SQLite finds the database damaged, or its rows are not what Ordo wrote.
    case corrupt
    /// Written by a newer Ordo.
    case newerVersion = "newer_version"
    /// It cannot be opened or created at all.
    case unusable
  }

  public let kind: Kind
  public let message: String

  public var description: String { message }
}

/// Why a commit failed (`-32005`, docs/protocol.md#durable-state).
public struct StoreWriteError: Error, Equatable, Sendable {
  public enum Reason: String, Sendable {
    case diskFull = "disk_full"
    case ioError = "io_error"
    case readOnly = "read_only"
    case corrupt
  }

  public let reason: Reason
  public let detail: String

  public init(reason: Reason, detail: String) {
    self.reason = reason
    self.detail = detail
  }
}

/// How hard a commit waits for the disk: `full` survives power loss, `normal` only process
/// crashes (SQLite's `synchronous` in WAL mode).
public enum SyncMode: String, Sendable {
  case full, normal
}

/// The durable state in one SQLite file (docs/protocol.md#durable-state): types, queue
/// settings, the show history, counters and persisted alerts. It writes what the alert
/// manager reports changed, one transaction per commit; the engine holds it for its whole
/// life, and no other engine may open the file meanwhile.
///
/// - Important: single-threaded; its engine's session calls it.
public final class DurableStore {
  /// The schema version this Ordo writes (`PRAGMA user_version`).
  public static let schemaVersion: Int64 = 1
  /// The bytes of write-ahead log kept after a checkpoint (`PRAGMA journal_size_limit`):
  /// SQLite's default checkpoint threshold, 1000 pages of 4 KiB, and a little more.
  static let logSizeLimit = 4 << 20
  /// `PRAGMA application_id` of an Ordo state file: "ORDO".
  static let applicationID: Int64 = 0x4F52_444F

  public let path: String
  /// (Internal, not private: the tests read the pragmas it was opened with.)
  let connection: SQLiteConnection
  /// The descriptor holding the `flock` that keeps a second engine out; the connection
  /// closes it after itself.
  private let lockDescriptor: Int32
  /// Commits made since the store was opened.
  public private(set) var commits = 0

  /// Whether this engine made the file (there was none at the path) and the write-ahead log
  /// beside it: refused before it served, it removes them again.
  private let madeFile: Bool
  private let madeLog: Bool
  /// Whether a `load()` succeeded: from then on the file holds what the engine serves and
  /// commits, and a later load that fails (`engine.reset`) never removes it.
  private var loaded = false
  private var upsertType: SQLiteStatement
  private var deleteType: SQLiteStatement
  /// The keys of type rows the last `load()` passed over as twins of a type read after them
  /// (Ordo 0.2.10 and earlier filed a redefinition in another, canonically equivalent
  /// spelling under that spelling too): deleted by the next commit that succeeds.
  private var twinTypeKeys: [String] = []
  private var upsertQueue: SQLiteStatement
  private var insertShow: SQLiteStatement
  private var deleteShow: SQLiteStatement
  private var upsertAlert: SQLiteStatement
  private var deleteAlert: SQLiteStatement
  private var upsertCounter: SQLiteStatement

  /// Opens (creating when missing or empty) the state file at `path`, waiting up to
  /// `waitMs` for another engine to let go of it.
  public init(path: String, sync: SyncMode, waitMs: Int) throws(StoreOpenError) {
    self.path = path
    let claimed = try Self.claim(path, waitMs: waitMs)
    lockDescriptor = claimed.descriptor
    madeFile = claimed.made
    var madeLog = false
    do {
      connection = try SQLiteConnection(path: path)
      // Whether a write-ahead log was there before this engine: a WAL-mode file's first read
      // makes one (empty, with its 32 KiB index) when there is none. The log SQLite uses,
      // beside the file a symbolic link leads to (not beside the link).
      let logWasThere = access(connection.logPath, F_OK) == 0
      madeLog = !logWasThere
      self.madeLog = madeLog
      // Other programs' connections to the file hold SQLite's own locks for a moment: a
      // reader opening a log left by a crash, or folding the log in as the last connection
      // to close. Without a wait, one such moment refused the engine's start ("in use by
      // another program") or its commit (-32005).
      connection.setBusyTimeout(milliseconds: waitMs)
      do {
        try Self.prepareSchema(connection, path: path)
      } catch {
        // Refused (or unreadable): the file, and a write-ahead log found beside it, stay as
        // they are. A log this open made holds nothing: closed as usual, SQLite folds no
        // page in and removes it with its index (unless another connection uses them).
        if logWasThere { connection.closeWithoutCheckpoint() }
        throw error
      }
      // A log that one big group of commits grew (an alert.cancel {all} of 100 000 alerts
      // writes 54 MB) is cut back to 4 MiB once a checkpoint has folded it in, not kept at
      // its largest until exit.
      try connection.execute(
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=\(sync == .full ? "FULL" : "NORMAL");"
          + " PRAGMA journal_size_limit=\(Self.logSizeLimit);")
      upsertType = try connection.prepare(
        "INSERT INTO types(type, definition) VALUES (?1, ?2)"
          + " ON CONFLICT(type) DO UPDATE SET definition = excluded.definition")
      deleteType = try connection.prepare("DELETE FROM types WHERE type = ?1")
      upsertQueue = try connection.prepare(
        "INSERT INTO queues(queue, position, settings) VALUES (?1, ?2, ?3)"
          + " ON CONFLICT(queue) DO UPDATE SET position = excluded.position,"
          + " settings = excluded.settings")
      insertShow = try connection.prepare(
        "INSERT OR REPLACE INTO shows(ord, id, type, key, queue, wall_at)"
          + " VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
      deleteShow = try connection.prepare("DELETE FROM shows WHERE ord = ?1")
      upsertAlert = try connection.prepare(
        "INSERT INTO alerts(id, seq, alert) VALUES (?1, ?2, ?3)"
          + " ON CONFLICT(id) DO UPDATE SET seq = excluded.seq, alert = excluded.alert")
      deleteAlert = try connection.prepare("DELETE FROM alerts WHERE id = ?1")
      upsertCounter = try connection.prepare(
        "INSERT INTO counters(name, value) VALUES (?1, ?2)"
          + " ON CONFLICT(name) DO UPDATE SET value = excluded.value")
      // The lock goes with the connection, after it closed (and checkpointed): released
      // any earlier, a quick restart meets a database still busy and gives up.
      connection.closesAfterwards = lockDescriptor
    } catch let error as StoreOpenError {
      Self.removeMade(path, lockedBy: lockDescriptor, file: madeFile, log: madeLog)
      close(lockDescriptor)
      throw error
    } catch {
      Self.removeMade(path, lockedBy: lockDescriptor, file: madeFile, log: madeLog)
      close(lockDescriptor)
      throw Self.openError(error, path: path)
    }
  }

  /// Removes the file this engine made at `path` (`file`) for a start that was then
  /// refused (short of descriptors, say), and the log it made beside it (`log`) while that
  /// is empty, when the file is still the one `lock` holds: left there, the next start took
  /// the file for a state file of its own (empty, or with the tables alone). Nothing was
  /// answered from it. Done before the lock goes, so no other engine has it open.
  private static func removeMade(_ path: String, lockedBy lock: Int32, file: Bool, log: Bool) {
    var held = stat()
    guard file || log, fstat(lock, &held) == 0,
      fileStatus(path)?.identity == FileIdentity(held), let resolved = resolved(path)
    else { return }
    if file { unlink(resolved) }
    if log, fileStatus(resolved + "-wal")?.bytes == 0 { unlink(resolved + "-wal") }
  }

  deinit {
    // Closing, SQLite folds its log into the file. A deleted log folded where there is no
    // room stops halfway and leaves the file damaged: folded here first, with the room
    // allocated, or not at all (what it held is lost, the file stays whole). A log cut
    // short is never folded: its missing frames would be written into the file as zeros.
    // A moved file's log is folded in and its name given up instead (not made anew
    // beside the name, which is another file's now).
    if connection.fileHasMoved {
      _ = try? checkLogNotCutShort()  // a log cut short is given up unfolded
      releaseNamesOfMovedFile()
      return
    }
    do {
      try checkLogNotCutShort()
      try reattachLogIfMoved()
    } catch {
      connection.closeWithoutCheckpoint()
    }
  }

  /// Throws when the file was deleted, renamed or replaced while the engine ran, or its
  /// write-ahead log cut short.
  public func checkNotMoved() throws(StoreWriteError) {
    try checkLogNotCutShort()
    guard connection.fileHasMoved else { return }
    releaseNamesOfMovedFile()
    throw StoreWriteError(
      reason: .ioError,
      detail: "the state file \(path) was deleted, renamed or replaced while the engine ran;"
        + " restart the engine to use a state file again")
  }

  /// Once the state file was found deleted, renamed or replaced: SQLite neither folds the
  /// write-ahead log into a moved file at close nor removes the log, which is named after
  /// the path, not the file. Left there, it sat beside whatever file has the name now, and
  /// the next engine to open that file read this one's frames into it: a backup copied over
  /// the file opened as corrupt, or with this session's alerts in place of its own. So the
  /// log is folded into the file this engine opened (a renamed file keeps every commit;
  /// a deleted or replaced one takes them with it), and the log's and the shared-memory
  /// file's names are removed while the log there is still this engine's. Done once, when
  /// the move is first found (a crash after that leaves nothing beside the name) or at
  /// exit. A log that cannot be folded (no room, or cut short) is given up all the same:
  /// read into another file, it would damage it.
  private func releaseNamesOfMovedFile() {
    guard !releasedNames else { return }
    releasedNames = true
    guard let known = logFile, Self.fileStatus(logPath)?.identity == known else { return }
    if !logCutShort { _ = try? checkpointWholeLog() }
    unlink(logPath)
    unlink(connection.sharedMemoryPath)
  }

  /// Throws when the write-ahead log was cut short in place while the engine ran (`: >
  /// FILE-wal`, logrotate's copytruncate): SQLite never shrinks it (only the checkpoint
  /// `reattachLogIfMoved` makes does, which notes its size again). The commits since the
  /// last checkpoint are gone from the disk; SQLite would go on writing frames after the
  /// hole, which no restart reads, and folding the log in at exit wrote its zeros over the
  /// file's pages (the file no longer opened). From then on every commit fails, and the
  /// file keeps the state of its last checkpoint. A log that shrank yet holds every frame
  /// its index names lost nothing (`logHoldsIndexedFrames`): another program's `PRAGMA
  /// wal_checkpoint(TRUNCATE)` (a backup or replication tool's, which may write right
  /// after) empties it so, and so does SQLite's own cut back to `journal_size_limit` in a
  /// commit that then failed; its new size is noted instead.
  private func checkLogNotCutShort() throws(StoreWriteError) {
    if !logCutShort, let known = logFile, let log = Self.fileStatus(logPath),
      log.identity == known, log.bytes < logBytes
    {
      if let index = logIndexFile, logHoldsIndexedFrames(index: index, logBytes: log.bytes) {
        logBytes = log.bytes
      } else {
        logCutShort = true
      }
    }
    guard logCutShort else { return }
    throw StoreWriteError(
      reason: .ioError,
      detail: "the write-ahead log \(logPath) was cut short while the engine ran: the commits"
        + " it held since the last checkpoint are gone, and the state file keeps that"
        + " checkpoint's state; restart the engine to use a state file again")
  }

  /// Whether the write-ahead log (of `logBytes` bytes) still holds every frame its index
  /// names. The index is the shared-memory file SQLite maps (`PATH-shm`), trusted only while
  /// it is `index`, the one this connection mapped (deleted and made again by another
  /// program, it is another program's, and this connection still writes by its own). SQLite
  /// names the last valid frame there, and moves it back to 0 only once a checkpoint has
  /// copied every frame into the state file (RESTART, TRUNCATE): then nothing in the log is
  /// needed. Else the log must start with the header of the index's log (the same salts:
  /// a log started over has new ones, a zeroed one none) and be long enough for every
  /// frame the index names (32 bytes of header, then 24 bytes and a page each). SQLite's
  /// WAL format: the index's header is kept twice, 48 bytes each, in the machine's byte
  /// order (3007000 at 0, "initialized" at byte 12, the page size at 14 (1: 65 536), the
  /// last valid frame at 16, the log's salts at 32); copies that differ (a writer between
  /// them) or an index that cannot be read say no.
  private func logHoldsIndexedFrames(index known: FileIdentity, logBytes: Int64) -> Bool {
    guard let index = Self.readHead(connection.sharedMemoryPath, count: 96, of: known),
      index[0..<48].elementsEqual(index[48..<96])
    else { return false }
    func word(at offset: Int) -> UInt32 {
      index.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
    }
    guard word(at: 0) == 3_007_000, index[12] == 1 else { return false }
    let frames = Int64(word(at: 16))
    if frames == 0 { return true }
    let size = index.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 14, as: UInt16.self) }
    let pageBytes: Int64 = size == 1 ? 65_536 : Int64(size)
    guard logBytes >= 32 + frames * (24 + pageBytes),
      let header = Self.readHead(logPath, count: 32, of: logFile)
    else { return false }
    return header[16..<24].elementsEqual(index[32..<40])
  }

  /// The first `count` bytes of the file at `path`, when it is the file `identity` names
  /// and holds that many; nil otherwise.
  private static func readHead(_ path: String, count: Int, of identity: FileIdentity?)
    -> [UInt8]?
  {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, FileIdentity(status) == identity else { return nil }
    var bytes = [UInt8](repeating: 0, count: count)
    let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
    return read == count ? bytes : nil
  }

  /// Before writing: when the write-ahead log was deleted (or replaced) while the engine
  /// ran, the connection still writes to the file it opened, which no one can open again:
  /// what it holds (every commit since the last checkpoint) and every later commit would be
  /// lost in a crash. That file is checkpointed into the database whole (synced), then
  /// closed, and a new log is started under its name; `onLogReattached` is told.
  /// - Throws: when that fails. The room the checkpoint needs is allocated first, so a full
  ///   disk fails it before it writes a page; the log it could not fold stays open, for the
  ///   next commit (or the checkpoint at exit) to try again.
  private func reattachLogIfMoved() throws(StoreWriteError) {
    guard let known = logFile, Self.fileStatus(logPath)?.identity != known else { return }
    func failed(_ detail: String) -> StoreWriteError {
      StoreWriteError(
        reason: .ioError,
        detail: "the write-ahead log \(logPath) was deleted or replaced while the engine ran,"
          + " and \(detail)")
    }
    do {
      // A checkpoint that runs out of room stops halfway, pages of the file rewritten and
      // the rest only in the deleted log; SQLite's own size hint ignores a failure.
      let bytes =
        (try connection.integer("PRAGMA page_count") ?? 0)
        * (try connection.integer("PRAGMA page_size") ?? 0)
      let status = posix_fallocate(lockDescriptor, 0, off_t(bytes))
      // A file system that cannot allocate ahead (EINVAL, EOPNOTSUPP) goes without.
      guard status == 0 || status == EINVAL || status == EOPNOTSUPP else {
        throw StoreWriteError(
          reason: [ENOSPC, EDQUOT, EFBIG].contains(status) ? .diskFull : .ioError,
          detail: failed(
            "there is no room to write what it held into the state file: "
              + String(cString: strerror(status))
          ).detail)
      }
      // Not `journal_mode=DELETE` alone: it closes the log even when its checkpoint fails,
      // and the only copy of what the log held would go with it.
      guard try checkpointWholeLog() else {
        throw failed("what it held could not all be written into the state file")
      }
      try connection.execute("PRAGMA journal_mode=DELETE")
      try connection.execute("PRAGMA journal_mode=WAL")
      _ = try connection.integer("SELECT count(*) FROM counters")  // makes the new log
    } catch let error as StoreWriteError {
      throw error
    } catch {
      let written = Self.writeError(error)
      throw StoreWriteError(
        reason: written.reason, detail: failed("folding it in failed: \(written.detail)").detail)
    }
    logFile = nil  // the new log and its index, as at the first read
    noteLogFile()
    guard logFile != nil else { throw failed("a new one could not be started") }
    onLogReattached?(logPath)
  }

  /// Copies every frame of the write-ahead log into the database and empties the log;
  /// false when some could not be copied (a reader in the way).
  private func checkpointWholeLog() throws(SQLiteError) -> Bool {
    // The statement is finalized on return: a pending one keeps a transaction open.
    let statement = try connection.prepare("PRAGMA wal_checkpoint(TRUNCATE)")
    guard try statement.step() else { return false }
    return statement.integer(0) == 0 && statement.integer(1) == statement.integer(2)
  }

  /// Notes which file the write-ahead log is, once SQLite has made it, and its size.
  private func noteLogFile() {
    let log = Self.fileStatus(logPath)
    if logFile == nil {
      logFile = log?.identity
      logIndexFile = Self.fileStatus(connection.sharedMemoryPath)?.identity
    }
    logBytes = log?.bytes ?? 0
  }

  /// Where SQLite keeps the write-ahead log (beside the state file's own name).
  private var logPath: String { connection.logPath }

  /// The device and inode of the file at `path`, and its size; nil when there is none.
  private static func fileStatus(_ path: String) -> (identity: FileIdentity, bytes: Int64)? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return (FileIdentity(status), Int64(status.st_size))
  }

  struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    init(_ status: stat) {
      device = UInt64(status.st_dev)
      inode = UInt64(status.st_ino)
    }
  }

  /// `path` with every link resolved, as SQLite names the files beside it; nil when there
  /// is no file there.
  private static func resolved(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The write-ahead log the connection writes to, as it was when first seen (nil before
  /// SQLite made it): the file at its name must still be that one.
  private var logFile: FileIdentity?
  /// The log's size after the last write: it only grows, but for a checkpoint's emptying
  /// it (`checkLogNotCutShort`).
  private var logBytes: Int64 = 0
  /// The log's index (`PATH-shm`) as this connection mapped it, noted with `logFile`.
  private var logIndexFile: FileIdentity?
  /// Set once the log was found cut short: every later commit fails.
  private var logCutShort = false
  /// Set once the names of a moved file's log were given up (`releaseNamesOfMovedFile`).
  private var releasedNames = false

  /// Called with the log's path when a write-ahead log deleted while the engine ran was
  /// folded into the database and a new one started (for a log line).
  public var onLogReattached: ((String) -> Void)?

  /// The database and its write-ahead log, in bytes.
  public var bytes: Int64 {
    Self.fileSize(path) + Self.fileSize(logPath)
  }

  // MARK: Opening

  /// Opens (creating) the file at `path` and locks it (`flock`), waiting up to `waitMs` for
  /// another engine to let go of it, or of the write-ahead log beside it (`logInUse`);
  /// returns the locked descriptor, and whether this call made the file (there was none).
  private static func claim(_ path: String, waitMs: Int) throws(StoreOpenError) -> (
    descriptor: Int32, made: Bool
  ) {
    var before = stat()
    let existed = stat(path, &before) == 0
    let notRegular = StoreOpenError(
      kind: .unusable,
      message: "cannot use the state file \(path): not a regular file (a device, a pipe or"
        + " a socket); give the path of a file, or leave --state out to keep state in memory")
    // Whether this call made the file, from the open itself (`O_EXCL`), not from the
    // `stat` above: another engine started at the same moment may make it in between, and
    // a start refused later removes a file it made (with that engine's commits in it).
    var made = false
    var descriptor = open(path, O_RDWR | O_CLOEXEC)
    if descriptor < 0, errno == ENOENT {
      descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      made = descriptor >= 0
      if descriptor < 0, errno == EEXIST {
        // A symbolic link to a file that does not exist yet (`O_EXCL` does not follow it):
        // `O_EXCL` where the link leads, the file an open through the link would make; as
        // for a plain path, another engine may make it meanwhile. Or the file at `path`
        // made by another process meanwhile: opened, not made here.
        let target = PathHint.linkTarget(of: path)
        if target != path {
          descriptor = open(target, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
          made = descriptor >= 0
        }
        if descriptor < 0 { descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644) }
      }
    }
    guard descriptor >= 0 else {
      let code = errno
      let reason = String(cString: strerror(code))
      // A socket cannot be opened at all (ENXIO, "No such device or address").
      if existed, before.st_mode & S_IFMT == S_IFSOCK { throw notRegular }
      if let missing = PathHint.missingDirectory(ofNewFile: path, failedWith: code) {
        throw StoreOpenError(
          kind: .unusable, message: "cannot open the state file \(path)\(missing)")
      }
      throw StoreOpenError(
        kind: .unusable, message: "cannot open the state file \(path): \(reason)")
    }
    var status = stat()
    let known = fstat(descriptor, &status) == 0
    if known, status.st_mode & S_IFMT != S_IFREG {
      close(descriptor)
      throw notRegular
    }
    // SQLite names the write-ahead log after the path it opens: through another name of
    // the same file (a hard link), what this one committed but left in its log would be
    // missing, and a commit there later overwritten by that log.
    if known, status.st_nlink > 1 {
      close(descriptor)
      throw StoreOpenError(
        kind: .unusable,
        message: "the state file \(path) has \(status.st_nlink) hard links: SQLite keeps its"
          + " write-ahead log beside the name it was opened by, so every name would hold"
          + " another state; give the file one name (a symbolic link is fine)")
    }
    // The wait is counted in real time (a waiter that got no processor for a while, on a
    // loaded machine, gives up once the time has passed), not in polls.
    let started = RealTime.milliseconds()
    var waited = 0
    while true {
      let fileHeld = flock(descriptor, LOCK_EX | LOCK_NB) != 0
      let waitable = !fileHeld || errno == EWOULDBLOCK || errno == EINTR
      let logHeld = !fileHeld && logInUse(besideFileAt: path, file: status)
      if !fileHeld, !logHeld {
        // Still the file at `path`: another engine refused on the log may have removed the
        // empty file it created, and this one, locked meanwhile, would be no one's.
        if fileStatus(path)?.identity == FileIdentity(status) { return (descriptor, made) }
        close(descriptor)
        return try claim(path, waitMs: max(0, waitMs - waited))
      }
      // A lock this process inherited (`flock FILE command` around the call) lasts as long
      // as the call runs, since the call holds it too: no wait can end it.
      if fileHeld, waited == 0, let inherited = inheritedLock(on: status, besides: descriptor) {
        close(descriptor)
        throw StoreOpenError(
          kind: .inUse,
          message: "the state file \(path) is locked through descriptor \(inherited), which"
            + " this process inherited (a `flock \(path) command`, or a shell's `flock` of a"
            + " descriptor open on it, around the call): that lock lasts as long as the call"
            + " runs, so the call can never take the file; to hold calls together, lock"
            + " another file (flock \(path).lock …)")
      }
      guard waitable, waited < waitMs else {
        // Named while the descriptor is open: its mount's device is what /proc/locks says.
        let holder = fileHeld ? lockHolder(of: status, openAs: descriptor) : ""
        close(descriptor)
        // Refused, a file this call created is not left behind (empty, a later start
        // would take it for new and delete the log beside it).
        if logHeld, made, let resolved = resolved(path) { unlink(resolved) }
        throw StoreOpenError(
          kind: .inUse,
          message: fileHeld
            ? "the state file \(path) \(holder)waited \(waitMs) ms;"
              + " see --state-wait-ms)"
            : "the write-ahead log beside the state file \(path) is in use by a process"
              + " that does not have this file open: an engine whose state file was renamed,"
              + " deleted or replaced while it ran still writes it (waited \(waitMs) ms;"
              + " see --state-wait-ms)")
      }
      usleep(UInt32(max(1, min(20, waitMs - waited))) * 1000)
      let elapsed = RealTime.milliseconds() - started
      waited = elapsed < Int64(waitMs) ? max(waited + 1, Int(elapsed)) : waitMs
    }
  }

  /// A descriptor this process inherited (one without close-on-exec: every descriptor Ordo
  /// opens has it, so the others came across `exec`), other than `own`, open on `file` with
  /// a `flock` lock held through it (Linux lists a descriptor's locks in
  /// /proc/self/fdinfo); nil if none.
  private static func inheritedLock(on file: stat, besides own: Int32) -> Int32? {
    guard let names = names(inDirectory: "/proc/self/fd") else { return nil }
    // The listing's own descriptor is among them, closed by now (fcntl fails: -1 has the
    // close-on-exec bit, as the listing's had).
    let descriptors = names.compactMap { Int32($0) }.filter {
      $0 != own && fcntl($0, F_GETFD) & FD_CLOEXEC == 0
    }
    for descriptor in descriptors {
      var status = stat()
      guard fstat(descriptor, &status) == 0, FileIdentity(status) == FileIdentity(file),
        let info = smallFile("/proc/self/fdinfo/\(descriptor)")
      else { continue }
      if info.split(separator: "\n").contains(where: {
        $0.hasPrefix("lock:") && $0.contains(" FLOCK ")
      }) {
        return descriptor
      }
    }
    return nil
  }

  /// Who holds the `flock` lock on `file` (open as `descriptor`), as a refusal says it
  /// after "the state file PATH", up to an open parenthesis: whether it is an Ordo engine
  /// (by its name), and the process /proc/locks names.
  private static func lockHolder(of file: stat, openAs descriptor: Int32) -> String {
    // No holder found (/proc/locks unreadable, or not listing one out of this process's
    // sight: another PID namespace's): which program it is is not known.
    let unknown = "is in use by another Ordo engine or a program that locks it ("
    guard let locks = smallFile("/proc/locks") else { return unknown }
    // Linux's encoding of a device number (glibc's `major` and `minor`).
    let device = UInt64(file.st_dev)
    let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
    let minor = (device & 0xff) | ((device >> 12) & ~0xff)
    var devices = [(major, minor)]
    // /proc/locks names the file system's own device, which `stat` does not give on every
    // one (an overlay of layers on other file systems, a btrfs subvolume): the mount's.
    if let mounted = mountDevice(of: descriptor) { devices.append(mounted) }
    let inode = UInt64(file.st_ino)
    for line in locks.split(separator: "\n") {
      // `1: FLOCK  ADVISORY  WRITE 4242 fe:00:1524675 0 EOF` (a waiter's has `->`).
      let fields = line.split(separator: " ")
      guard fields.count >= 6, fields[1] == "FLOCK", let pid = Int32(fields[4]), pid > 0
      else { continue }
      let place = fields[5].split(separator: ":")
      guard place.count == 3, UInt64(place[2]) == inode,
        let high = UInt64(place[0], radix: 16), let low = UInt64(place[1], radix: 16),
        devices.contains(where: { $0 == (high, low) })
      else { continue }
      guard let comm = smallFile("/proc/\(pid)/comm") else {
        return "is in use by another Ordo engine or a program that locks it (process \(pid); "
      }
      let name = comm.hasSuffix("\n") ? String(comm.dropLast()) : comm
      return name.hasPrefix("ordo")
        ? "is in use by another Ordo engine (process \(pid); "
        : "is locked by \(name) (process \(pid); "
    }
    return unknown
  }

  /// The device (major, minor) of the file system `descriptor` is on, as /proc/self/mountinfo
  /// gives it for the mount /proc/self/fdinfo names; nil when they cannot be read.
  private static func mountDevice(of descriptor: Int32) -> (UInt64, UInt64)? {
    guard let info = smallFile("/proc/self/fdinfo/\(descriptor)"),
      let line = info.split(separator: "\n").first(where: { $0.hasPrefix("mnt_id:") }),
      let mount = line.split(whereSeparator: { $0 == ":" || $0 == "\t" || $0 == " " }).last,
      let mounts = smallFile("/proc/self/mountinfo")
    else { return nil }
    for entry in mounts.split(separator: "\n") {
      // `51 27 0:43 / /mnt rw,relatime - overlay overlay rw,…`: mount id, parent, device.
      let fields = entry.split(separator: " ", maxSplits: 3)
      guard fields.count == 4, fields[0] == mount else { continue }
      let numbers = fields[2].split(separator: ":")
      guard numbers.count == 2, let major = UInt64(numbers[0]), let minor = UInt64(numbers[1])
      else { return nil }
      return (major, minor)
    }
    return nil
  }

  /// The text of a small file (/proc's), up to 4 MiB (a busy machine's /proc/locks or
  /// mountinfo runs past 64 KiB); nil when it cannot be read.
  private static func smallFile(_ path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while bytes.count < 4 << 20 {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether a process that does not have `file` (the file at `path`) open has the
  /// write-ahead log beside it open: every SQLite connection holds a read lock on one byte
  /// of the log's shared-memory file (its "dead man switch", byte 128 on Unix) while it
  /// runs. With the file itself not locked (`claim`), that is an engine whose file was
  /// renamed or replaced while it ran: opened now, SQLite would read that engine's log into
  /// this file, or delete it from under it when this file is new. A process that has this
  /// very file open (the sqlite3 shell, a script reading it) shares the log rightly, and so
  /// is taken to do one whose open files cannot be read (another user's, under /proc's
  /// hidepid, in another PID namespace: `l_pid` 0): a refusal there kept readers' engines
  /// out of files nobody moved.
  /// (Only before this process opens a connection to the file: closing the descriptor
  /// below drops every lock this process holds on the shared-memory file.)
  private static func logInUse(besideFileAt path: String, file: stat) -> Bool {
    // SQLite names the log after the file's own name, links resolved.
    guard let resolved = resolved(path) else { return false }
    let descriptor = open(resolved + "-shm", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var region = flock()
    region.l_type = Int16(F_WRLCK)
    region.l_whence = Int16(SEEK_SET)
    region.l_start = 128
    region.l_len = 1
    guard fcntl(descriptor, F_GETLK, &region) == 0, region.l_type != Int16(F_UNLCK),
      region.l_pid > 0, let hasOpen = process(region.l_pid, hasOpen: file)
    else { return false }
    return !hasOpen
  }

  /// Whether process `pid` has a descriptor open on `file` (read from /proc); nil when its
  /// descriptors cannot be read.
  private static func process(_ pid: pid_t, hasOpen file: stat) -> Bool? {
    let directory = "/proc/\(pid)/fd"
    guard let names = names(inDirectory: directory) else { return nil }
    return names.contains { fileStatus("\(directory)/\($0)")?.identity == FileIdentity(file) }
  }

  /// The names in the directory at `path` (a /proc list of descriptors), "." and ".." left
  /// out; nil when it cannot be listed.
  private static func names(inDirectory path: String) -> [String]? {
    guard let listing = opendir(path) else { return nil }
    defer { closedir(listing) }
    var names: [String] = []
    while let entry = readdir(listing) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }

  /// Checks the file is new, or Ordo's and not newer; creates or migrates the tables.
  private static func prepareSchema(_ connection: SQLiteConnection, path: String) throws {
    let applicationID: Int64
    let version: Int64
    let tables: Int64
    do {
      applicationID = try connection.integer("PRAGMA application_id") ?? 0
      version = try connection.integer("PRAGMA user_version") ?? 0
      tables = try connection.integer("SELECT count(*) FROM sqlite_schema") ?? 0
    } catch {
      throw openError(error, path: path)
    }
    if applicationID == 0 && version == 0 && tables == 0 {
      try connection.execute(createSchema)
      return
    }
    guard applicationID == Self.applicationID else {
      throw StoreOpenError(
        kind: .notOrdo,
        message: "the state file \(path) is a SQLite database, but not an Ordo state file;"
          + " it was left untouched")
    }
    if version > schemaVersion {
      throw StoreOpenError(
        kind: .newerVersion,
        message: "the state file \(path) was written by a newer Ordo (schema version"
          + " \(version); this one knows up to \(schemaVersion)); it was left untouched")
    }
    let check = (try? connection.texts("PRAGMA quick_check")) ?? ["unreadable"]
    guard check == ["ok"] else {
      throw StoreOpenError(
        kind: .corrupt,
        // An entry of the check may span lines ("*** in database main ***\nOn tree page 15 …").
        message: "the state file \(path) is corrupt ("
          + check.prefix(3).map { $0.split(separator: "\n").joined(separator: " ") }
          .joined(separator: "; ") + "); it was left untouched")
    }
    var current = version
    for step in migrations where step.from == current {
      try connection.execute(
        "BEGIN IMMEDIATE; \(step.sql); PRAGMA user_version = \(current + 1); COMMIT;")
      current += 1
    }
  }

  /// The schema of version 1.
  static let createSchema = """
    BEGIN IMMEDIATE;
    PRAGMA application_id = \(applicationID);
    CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL) STRICT;
    CREATE TABLE types (type TEXT PRIMARY KEY, definition TEXT NOT NULL) STRICT;
    CREATE TABLE queues (
      queue TEXT PRIMARY KEY, position INTEGER NOT NULL, settings TEXT NOT NULL) STRICT;
    CREATE TABLE shows (
      ord INTEGER PRIMARY KEY, id TEXT NOT NULL, type TEXT NOT NULL, key TEXT,
      queue TEXT NOT NULL, wall_at INTEGER NOT NULL) STRICT;
    CREATE INDEX shows_by_type ON shows(type, key);
    CREATE TABLE alerts (id TEXT PRIMARY KEY, seq INTEGER NOT NULL, alert TEXT NOT NULL) STRICT;
    PRAGMA user_version = \(schemaVersion);
    COMMIT;
    """

  /// Steps from each older schema version to the next, applied in order at open. Version 1
  /// is the first; a later version adds its step here (`from: 1, sql: "ALTER TABLE …"`).
  static let migrations: [(from: Int64, sql: String)] = []

  private static func openError(_ error: any Error, path: String) -> StoreOpenError {
    if let error = error as? StoreOpenError { return error }
    if let error = error as? SQLiteError {
      switch error.primary {
      case SQLITE_NOTADB:
        return StoreOpenError(
          kind: .notOrdo,
          message: "the state file \(path) is not a SQLite database; it was left untouched")
      case SQLITE_CORRUPT:
        return StoreOpenError(
          kind: .corrupt,
          message: "the state file \(path) is corrupt (\(error.message)); it was left untouched")
      // The file can be written but its directory cannot: SQLite makes its write-ahead log
      // there ("attempt to write a readonly database" named neither).
      case SQLITE_READONLY where !directoryIsWritable(of: path),
        SQLITE_CANTOPEN where !directoryIsWritable(of: path):
        return StoreOpenError(
          kind: .unusable,
          message: "cannot use the state file \(path): its directory cannot be written, and"
            + " SQLite keeps its write-ahead log beside the file (\(error.message))")
      case SQLITE_BUSY, SQLITE_LOCKED:
        return StoreOpenError(
          kind: .inUse, message: "the state file \(path) is in use by another program")
      // SQLite calls a write that found no room (ENOSPC, a quota, a file size limit) at
      // start-up a "disk I/O error": say what a commit's -32005 would say.
      case _ where writeError(error).reason == .diskFull:
        return StoreOpenError(
          kind: .unusable,
          message: "cannot use the state file \(path): the disk is full (\(error.message))")
      // Every descriptor below RLIMIT_NOFILE in use (`ulimit -n 6`): SQLite says only
      // "unable to open database file" of the file it has open.
      case _ where error.systemErrno == EMFILE || error.systemErrno == ENFILE:
        return StoreOpenError(
          kind: .unusable,
          message: "cannot use the state file \(path): too many open files (\(error.message);"
            + " the state file takes four descriptors besides stdin, stdout and stderr)")
      default:
        return StoreOpenError(
          kind: .unusable, message: "cannot use the state file \(path): \(error.message)")
      }
    }
    return StoreOpenError(kind: .unusable, message: "cannot use the state file \(path): \(error)")
  }

  /// Whether this process may create files in the directory holding `path`'s file (links
  /// resolved, as SQLite resolves them).
  private static func directoryIsWritable(of path: String) -> Bool {
    guard let file = resolved(path) else { return true }
    let directory = file.lastIndex(of: "/").map { String(file[..<$0]) } ?? "."
    return access(directory.isEmpty ? "/" : directory, W_OK) == 0
  }

  private static func fileSize(_ path: String) -> Int64 {
    var status = stat()
    return stat(path, &status) == 0 ? Int64(status.st_size) : 0
  }

  // MARK: Reading

  /// Everything the file holds.
  /// - Throws: `.corrupt` when a row is not what Ordo writes.
  public func load() throws(StoreOpenError) -> DurableState {
    do {
      var state = DurableState()
      // Each row's key is the name inside its JSON (and an alert's seq column its seq), as
      // Ordo writes them: a row filed under another key would be updated and deleted under
      // the wrong one (a cancelled alert back after a restart, a type's new definition lost).
      let types = try keyedRows(
        "SELECT type, definition FROM types ORDER BY type", "/types", "a type",
        decode: AlertTypeDefinition.init(reading:), key: \.type, passingOverTwins: true)
      state.types = types.values
      state.queues = try keyedRows(
        "SELECT queue, settings FROM queues ORDER BY position, queue", "/queues", "a queue",
        decode: AlertQueueSettings.init(reading:), key: \.queue, passingOverTwins: false
      ).values
      twinTypeKeys = types.twins
      let shows = try connection.prepare(
        "SELECT ord, id, type, key, queue, wall_at FROM shows ORDER BY ord")
      while try shows.step() {
        state.shows.append(
          ShowRecord(
            id: try shows.text(1) ?? "", type: try shows.text(2) ?? "", key: try shows.text(3),
            queue: try shows.text(4) ?? "", at: 0, wallAt: shows.integer(5),
            order: shows.integer(0)))
      }
      let alerts = try connection.prepare("SELECT id, seq, alert FROM alerts ORDER BY seq")
      var together = DurableRowsTogether()
      while try alerts.step() {
        let place = "/alerts/\(state.alerts.count)"
        let persisted = try PersistedAlert(reading: try Self.object(try alerts.text(2), place))
        try Self.expect(
          Self.sameBytes(try alerts.text(0), persisted.alert.id)
            && alerts.integer(1) == persisted.alert.seq,
          place, "an alert filed under another id or seq")
        try together.admit(persisted, at: place)
        // Ordo deletes an alert's row when it ends: the restore skipped one, which then
        // stayed in the file for good.
        try Self.expect(!persisted.alert.state.isEnded, place, "an alert that has ended")
        state.alerts.append(persisted)
      }
      let counters = try connection.prepare("SELECT name, value FROM counters")
      while try counters.step() {
        let value = counters.integer(1)
        switch try counters.text(0) {
        case "lastSeq": state.counters.lastSeq = value
        case "lastGeneratedID": state.counters.lastGeneratedID = value
        case "lastShowOrder": state.counters.lastShowOrder = value
        default: break
        }
      }
      // Read back through the decoders, which refuse what Ordo never writes (a counter at
      // 2^63 - 1 would trap on the next enqueue; a show row with a NULL id, …). One value at
      // a time, each as the whole state's document holds it: that document parsed whole
      // took about 5 KB per persisted alert at its peak (a 200 000-alert file needed over
      // 1 GB to start).
      var written = JSONWriter()
      try Self.readBack(state.types, "/types", AlertTypeDefinition.init(reading:), &written)
      try Self.readBack(state.queues, "/queues", AlertQueueSettings.init(reading:), &written)
      try Self.readBack(state.shows, "/shows", ShowRecord.init(reading:), &written)
      try Self.readBack(
        state.alerts, "/alerts",
        { reader throws(DecodingError) in
          try PersistedAlert(reading: reader)
        }, &written)
      try Self.readBack(
        [DurableState(counters: state.counters)], "", DurableState.init(reading:), &written)
      noteLogFile()  // reading made it, if it was not there
      loaded = true
      return state
    } catch let error as DecodingError {
      throw StoreOpenError(
        kind: .corrupt,
        message: "the state file \(path) holds a row Ordo did not write (\(error));"
          + " it was left untouched")
    } catch {
      // Refused for what the system lacks (descriptors for the log, say: the tables made,
      // then the first read refused), a file this start made goes with it; not once the
      // engine served from it (`engine.reset` reads it again).
      if !loaded { Self.removeMade(path, lockedBy: lockDescriptor, file: madeFile, log: madeLog) }
      throw Self.openError(error, path: path)
    }
  }

  /// The values of a table of (key, JSON) rows, in the order `sql` reads them; each row's
  /// key must be its value's `key`, byte for byte (`what` says the row that is not). A
  /// refusal names the row by its place, `table` then its index in that order, as the
  /// state's document would hold it.
  /// `what`: the kind of row, "a type", for the refusals. A row whose name is one to the
  /// engine with a row read before it is refused, or with `passingOverTwins` taken in that
  /// row's place, whose key goes among the `twins` returned (types: see `twinTypeKeys`):
  /// the last in the order read wins, as it did in every Ordo that wrote such rows (their
  /// restore defined the types in that order, each twin redefining the one before).
  /// The place in a refusal is that of the row's name in the values read so far.
  private func keyedRows<Value>(
    _ sql: String, _ table: String, _ what: String,
    decode: (ObjectReader) throws(DecodingError) -> Value, key: (Value) -> String,
    passingOverTwins: Bool
  ) throws -> (values: [Value], twins: [String]) {
    var values: [Value] = []
    var twins: [String] = []
    // Where each name's value is (a `String` key hashes as `==` compares: canonically).
    var places: [String: Int] = [:]
    let rows = try connection.prepare(sql)
    while try rows.step() {
      let place = "\(table)/\(values.count)"
      let value = try decode(try Self.object(try rows.text(1), place))
      try Self.expect(
        Self.sameBytes(try rows.text(0), key(value)), place, "\(what) filed under another name")
      if let earlier = places[key(value)] {
        try Self.expect(passingOverTwins, place, "\(what) with the name of another")
        twins.append(key(values[earlier]))
        values[earlier] = value
        continue
      }
      places[key(value)] = values.count
      values.append(value)
    }
    return (values, twins)
  }

  /// Byte for byte, as SQLite compares keys (Swift's `==` takes canonically equivalent
  /// spellings, "é" and "e\u{301}", for equal). Two rows whose keys differ only so are one
  /// name to the engine, which never writes both (since 0.2.11): the loader refuses the
  /// second (names read are looked up as `==` compares), where the restore kept one and
  /// left the other in the file for good; of a type's, it keeps the last and the next
  /// commit deletes the others (`twinTypeKeys`).
  private static func sameBytes(_ key: String?, _ name: String) -> Bool {
    key.map { $0.utf8.elementsEqual(name.utf8) } ?? false
  }

  private static func expect(_ holds: Bool, _ place: String, _ what: String)
    throws(DecodingError)
  {
    guard holds else { throw DecodingError(path: place, message: what) }
  }

  /// Writes each of `values` as the state's document would hold it and decodes it again
  /// with `decode`; a refusal names the value by its place in that document (`path`, then
  /// its index; nothing for the document itself, `path` "").
  private static func readBack<Value: JSONWritable>(
    _ values: [Value], _ path: String, _ decode: (ObjectReader) throws(DecodingError) -> Value,
    _ writer: inout JSONWriter
  ) throws(DecodingError) {
    for (index, value) in values.enumerated() {
      writer.clear()
      value.write(to: &writer)
      do {
        _ = try decode(try object(writer.text))
      } catch {
        let place = path.isEmpty ? "" : "\(path)/\(index)"
        throw DecodingError(path: place + error.path, message: error.message)
      }
    }
  }

  /// The JSON object `text` holds, its members named under `place` (a row's place in the
  /// state's document; "" for a value read back whole, which `readBack` names itself).
  private static func object(_ text: String?, _ place: String = "") throws(DecodingError)
    -> ObjectReader
  {
    guard let text else { throw DecodingError(path: place, message: "NULL where JSON belongs") }
    // A key twice is refused: Ordo never writes one (jansson would keep the last).
    switch JSONDocument.parseRejectingDuplicateKeys(text) {
    case .success(let document): return try ObjectReader(document.value, path: place)
    case .failure(let failure):
      throw DecodingError(
        path: place,
        message: failure.isDuplicateKey
          ? "a key twice (\(failure.detail))" : "not JSON (\(failure.detail))")
    }
  }

  // MARK: Writing

  /// Writes `changes` in one transaction, reading the current values from `manager`.
  /// On failure nothing was written.
  public func commit(_ changes: DurableChanges, from manager: AlertManager)
    throws(StoreWriteError)
  {
    guard !changes.isEmpty || !twinTypeKeys.isEmpty else { return }
    // Written to a deleted (or replaced) file, a change would be answered and then lost.
    try checkNotMoved()
    try reattachLogIfMoved()
    do {
      try connection.execute("BEGIN IMMEDIATE")
      do {
        try write(changes, from: manager)
        try connection.execute("COMMIT")
      } catch {
        try? connection.execute("ROLLBACK")
        throw error
      }
      commits += 1
      twinTypeKeys.removeAll()
    } catch {
      throw writeFailure(error)
    }
    noteLogFile()
  }

  /// What a failed write throws; one that found no room first folds the log in.
  private func writeFailure(_ error: any Error) -> StoreWriteError {
    let failure = Self.writeError(error)
    if failure.reason == .diskFull { foldLogForRoom() }
    return failure
  }

  /// After a commit found no room: the write-ahead log only shrinks when it is folded into
  /// the state file whole (SQLite's own checkpoints, every 4 MB or so, reuse it at its
  /// size), so it may hold the room the next commit needs, on a full disk or under a small
  /// quota or file size limit. Folded in and emptied, the next commit tries again with that
  /// room; every commit failed before, until room was made from outside. A checkpoint that
  /// finds no room itself stops and leaves the log whole (the file keeps its last state).
  private func foldLogForRoom() {
    _ = try? checkpointWholeLog()
    noteLogFile()  // its new size, or a later commit would take it for a log cut short
  }

  private func write(_ changes: DurableChanges, from manager: AlertManager) throws(SQLiteError) {
    for key in twinTypeKeys { try deleteType.run([.text(key)]) }
    for type in changes.types.sorted() {
      guard let definition = manager.definition(ofType: type) else { continue }
      try upsertType.run([.text(type), .text(Self.json(definition))])
    }
    if !changes.queues.isEmpty {
      // Every configured queue at its place among them, so that positions stay distinct:
      // a queue's index in this process was one a queue of an earlier process held, and a
      // restart tied them (broken by name, out of the order they were first used).
      for (position, settings) in manager.configuredQueueSettings.enumerated() {
        try upsertQueue.run([
          .text(settings.queue), .integer(Int64(position)), .text(Self.json(settings)),
        ])
      }
    }
    // Shows first: a show recorded and forgotten within one commit must end up deleted.
    for show in changes.shows {
      try insertShow.run([
        .integer(show.order), .text(show.id), .text(show.type), .optional(show.key),
        .text(show.queue), .integer(show.wallAt),
      ])
    }
    for order in changes.forgottenShows { try deleteShow.run([.integer(order)]) }
    for id in changes.alerts.sorted() {
      if let alert = manager.persistedAlert(id: id) {
        // The id of an ended alert given again in another, canonically equivalent spelling
        // (one id to the engine) names a new alert, filed under its own spelling: the row
        // of the old one goes (a row whose key and alert disagree makes the file unloadable).
        if !Self.sameBytes(alert.alert.id, id) { try deleteAlert.run([.text(id)]) }
        try upsertAlert.run([
          .text(alert.alert.id), .integer(alert.alert.seq), .text(Self.json(alert)),
        ])
      } else {
        try deleteAlert.run([.text(id)])
      }
    }
    if changes.countersChanged {
      let counters = manager.counters
      try upsertCounter.run([.text("lastSeq"), .integer(counters.lastSeq)])
      try upsertCounter.run([.text("lastGeneratedID"), .integer(counters.lastGeneratedID)])
      try upsertCounter.run([.text("lastShowOrder"), .integer(counters.lastShowOrder)])
    }
  }

  /// Empties every table (`engine.reset {state: true}`), in one transaction.
  public func empty() throws(StoreWriteError) {
    try checkNotMoved()
    try reattachLogIfMoved()
    do {
      try connection.execute(
        "BEGIN IMMEDIATE; DELETE FROM counters; DELETE FROM types; DELETE FROM queues;"
          + " DELETE FROM shows; DELETE FROM alerts; COMMIT;")
      commits += 1
    } catch {
      try? connection.execute("ROLLBACK")
      throw writeFailure(error)
    }
    noteLogFile()
  }

  private static func json(_ value: some JSONWritable) -> String {
    var writer = JSONWriter()
    value.write(to: &writer)
    return writer.text
  }

  static func writeError(_ error: any Error) -> StoreWriteError {
    guard let error = error as? SQLiteError else {
      return StoreWriteError(reason: .ioError, detail: "\(error)")
    }
    let reason: StoreWriteError.Reason
    switch error.primary {
    case SQLITE_FULL: reason = .diskFull
    // SQLite reports only ENOSPC as full; a quota or a file size limit is as full.
    case SQLITE_IOERR where [ENOSPC, EDQUOT, EFBIG].contains(error.systemErrno):
      reason = .diskFull
    case SQLITE_READONLY: reason = .readOnly
    // A file system remounted read-only, or a file made immutable, fails the write itself.
    case SQLITE_IOERR where [EROFS, EPERM, EACCES].contains(error.systemErrno):
      reason = .readOnly
    case SQLITE_CORRUPT, SQLITE_NOTADB: reason = .corrupt
    default: reason = .ioError
    }
    return StoreWriteError(reason: reason, detail: error.description)
  }
}
