import OrdoJSON

#if canImport(Glibc)
  import Glibc
#endif

/// The real `ordo` binary as a child process, driven through real pipes.
final class EngineProcess {
  enum Failure: Error, CustomStringConvertible {
    case spawn(Int32)
    case timeout(String)
    case closed(String)

    var description: String {
      switch self {
      case .spawn(let code): return "posix_spawn failed: \(code)"
      case .timeout(let what): return "timed out waiting for \(what)"
      case .closed(let what): return "stdout closed while waiting for \(what)"
      }
    }
  }

  private static let spawnLock = SpawnLock()

  let pid: pid_t
  private(set) var stdinFD: Int32
  private(set) var stdoutFD: Int32
  let stderrFD: Int32
  private var pending: [UInt8] = []
  private(set) var stderrBytes: [UInt8] = []
  private var exitStatus: Int32?

  /// The engine binary built next to this test bundle.
  static var binaryPath: String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let exe =
      count > 0
      ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      : CommandLine.arguments[0]
    var directory = exe
    while let slash = directory.lastIndex(of: "/") {
      directory = String(directory[..<slash])
      if access(directory + "/ordo", X_OK) == 0 { return directory + "/ordo" }
    }
    return ".build/debug/ordo"
  }

  /// Starts the engine with `arguments`; stdout closed by the parent when `closeStdout`.
  init(_ arguments: [String] = [], closeStdout: Bool = false) throws {
    var input: [Int32] = [0, 0]
    var output: [Int32] = [0, 0]
    var errors: [Int32] = [0, 0]
    // Close-on-exec, and under one lock with the spawn, so engines spawned by tests running
    // in parallel never inherit each other's pipe ends (which would keep EOF from arriving).
    Self.spawnLock.lock()
    defer { Self.spawnLock.unlock() }
    _ = pipe(&input)
    _ = pipe(&output)
    _ = pipe(&errors)
    for fd in input + output + errors { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, input[0], 0)
    posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
    for fd in input + output + errors { posix_spawn_file_actions_addclose(&actions, fd) }
    defer { posix_spawn_file_actions_destroy(&actions) }
    let argv = ([Self.binaryPath] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    // SIGINT and SIGHUP at their defaults, as a parent that does not ignore them gives: a
    // test run under nohup or in a background job ignores them, and the engine keeps a
    // signal it inherits as ignored (the lifecycle tests send them).
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGHUP, SIGTERM] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
    var child: pid_t = 0
    let status = posix_spawn(&child, Self.binaryPath, &actions, &attributes, argv, environ)
    close(input[0])
    close(output[1])
    close(errors[1])
    guard status == 0 else { throw Failure.spawn(status) }
    pid = child
    stdinFD = input[1]
    stdoutFD = output[0]
    stderrFD = errors[0]
    _ = fcntl(stderrFD, F_SETFL, fcntl(stderrFD, F_GETFL) | O_NONBLOCK)
    if closeStdout {
      close(stdoutFD)
      stdoutFD = -1
    }
  }

  deinit {
    if exitStatus == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    // Each descriptor is closed once: a second close could hit another test's new pipe.
    if stdinFD >= 0 { close(stdinFD) }
    if stdoutFD >= 0 { close(stdoutFD) }
    close(stderrFD)
  }

  /// Writes raw bytes to the engine's stdin.
  func send(bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { write(stdinFD, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return }
      offset += count
    }
  }

  func send(_ text: String) {
    send(bytes: Array(text.utf8))
  }

  /// Sends one NDJSON line.
  func sendLine(_ json: String) {
    send(json + "\n")
  }

  func closeInput() {
    if stdinFD >= 0 { close(stdinFD) }
    stdinFD = -1
  }

  /// Reads more stdout; false at EOF.
  private func fill(timeoutMs: Int32, what: String) throws -> Bool {
    var fd = pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)
    let ready = poll(&fd, 1, timeoutMs)
    guard ready > 0 else { throw Failure.timeout(what) }
    var chunk = [UInt8](repeating: 0, count: 65536)
    let count = chunk.withUnsafeMutableBytes { read(stdoutFD, $0.baseAddress, $0.count) }
    drainStderr()
    if count <= 0 { return false }
    pending.append(contentsOf: chunk[0..<count])
    return true
  }

  /// The next NDJSON line written by the engine.
  func readLine(timeoutMs: Int32 = 10_000) throws -> String {
    while true {
      if let newline = pending.firstIndex(of: 0x0A) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        return line
      }
      guard try fill(timeoutMs: timeoutMs, what: "a line") else { throw Failure.closed("a line") }
    }
  }

  /// The next NDJSON message, parsed.
  func readMessage(timeoutMs: Int32 = 10_000) throws -> JSONValue {
    let line = try readLine(timeoutMs: timeoutMs)
    switch JSONDocument.parse(line) {
    case .success(let document): return document.value
    case .failure(let failure):
      throw Failure.closed("valid JSON, got \(line.prefix(200)): \(failure.reason)")
    }
  }

  /// The next LSP-framed message body.
  func readFramedBody(timeoutMs: Int32 = 10_000) throws -> String {
    while true {
      if let end = findHeaderEnd() {
        let header = String(decoding: pending[..<end], as: UTF8.self)
        let lengthText = header.split(separator: ":").last?.trimmingSpaces ?? ""
        if let length = Int(lengthText), pending.count >= end + 4 + length {
          let body = String(decoding: pending[(end + 4)..<(end + 4 + length)], as: UTF8.self)
          pending.removeSubrange(..<(end + 4 + length))
          return body
        }
      }
      guard try fill(timeoutMs: timeoutMs, what: "a frame") else {
        throw Failure.closed("a frame")
      }
    }
  }

  private func findHeaderEnd() -> Int? {
    guard pending.count >= 4 else { return nil }
    for index in 0...(pending.count - 4)
    where pending[index] == 13 && pending[index + 1] == 10 && pending[index + 2] == 13
      && pending[index + 3] == 10
    {
      return index
    }
    return nil
  }

  /// Sends a request line and returns the next message (which must be its response).
  func call(_ json: String) throws -> JSONValue {
    sendLine(json)
    return try readMessage()
  }

  /// Everything the engine writes until it closes stdout.
  func readToEnd(timeoutMs: Int32 = 10_000) throws -> String {
    while try fill(timeoutMs: timeoutMs, what: "end of output") {}
    defer { pending.removeAll() }
    return String(decoding: pending, as: UTF8.self)
  }

  /// Waits for the process to exit and returns its status (128 + n for a signal).
  func waitForExit(timeoutMs: Int = 10_000) throws -> Int32 {
    if let exitStatus { return exitStatus }
    var waited = 0
    while waited <= timeoutMs {
      var status: Int32 = 0
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid {
        drainStderr()
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        exitStatus = code
        return code
      }
      usleep(5_000)
      waited += 5
    }
    throw Failure.timeout("process exit")
  }

  func signal(_ number: Int32) {
    kill(pid, number)
  }

  /// What the engine wrote to stderr so far.
  var stderrText: String {
    drainStderr()
    return String(decoding: stderrBytes, as: UTF8.self)
  }

  private func drainStderr() {
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(stderrFD, $0.baseAddress, $0.count) }
      if count <= 0 { return }
      stderrBytes.append(contentsOf: chunk[0..<count])
    }
  }

  /// Peak resident memory of the child so far, in KiB (VmHWM), or nil.
  var peakResidentKiB: Int? {
    guard let file = fopen("/proc/\(pid)/status", "r") else { return nil }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 512)
    while fgets(&line, Int32(line.count), file) != nil {
      let text = String(
        decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if text.hasPrefix("VmHWM:") {
        return Int(text.dropFirst(6).filter(\.isNumber))
      }
    }
    return nil
  }

  /// CPU time the child has used so far, in clock ticks (user + system), or nil.
  var cpuTicks: Int? {
    guard let text = readTextFile("/proc/\(pid)/stat"),
      let close = text.lastIndex(of: ")")
    else { return nil }
    // After the command's `)`: state is field 3, utime 14 and stime 15.
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else {
      return nil
    }
    return user + system
  }
}

extension Substring {
  var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " || $0 == "\r" }.reversed())
  }
}

extension JSONValue {
  /// `value["error"]?["code"]` style access for assertions.
  subscript(key: String) -> JSONValue? { member(key) }
  subscript(index: Int) -> JSONValue? { element(at: index) }
}

/// Reads a whole file, or nil.
func readFileBytes(_ path: String) -> [UInt8]? {
  guard let file = fopen(path, "rb") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = fread(&chunk, 1, chunk.count, file)
    if count <= 0 { break }
    bytes.append(contentsOf: chunk[0..<count])
  }
  return bytes
}

/// Reads a whole file as UTF-8 text, or nil.
func readTextFile(_ path: String) -> String? {
  readFileBytes(path).map { String(decoding: $0, as: UTF8.self) }
}

/// A plain pthread mutex that serialises pipe creation and spawning.
final class SpawnLock: @unchecked Sendable {
  private var mutex = pthread_mutex_t()
  init() { pthread_mutex_init(&mutex, nil) }
  func lock() { pthread_mutex_lock(&mutex) }
  func unlock() { pthread_mutex_unlock(&mutex) }
}

/// A session with the engine that numbers requests and separates events from responses.
final class EngineSession {
  let process: EngineProcess
  private var nextID = 1

  init(_ arguments: [String] = ["--clock", "manual"]) throws {
    process = try EngineProcess(arguments)
  }

  /// What one request caused: the events written before its response, and the response.
  struct Exchange {
    let events: [JSONValue]
    let response: JSONValue

    var result: JSONValue? { response["result"] }
    var errorCode: Int64? { response["error"]?["code"]?.integer }
    var errorData: JSONValue? { response["error"]?["data"] }

    /// `method` of each event, with its most telling member, e.g. `alert.show A`.
    var eventSummary: [String] { events.map(EngineSession.summarize) }
  }

  /// Sends `method` with `params` (a JSON object text) and reads up to its response.
  @discardableResult
  func call(_ method: String, _ params: String = "{}", timeoutMs: Int32 = 10_000) throws
    -> Exchange
  {
    let id = nextID
    nextID += 1
    process.sendLine(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
    var events: [JSONValue] = []
    while true {
      let message = try process.readMessage(timeoutMs: timeoutMs)
      if message["id"]?.integer == Int64(id) { return Exchange(events: events, response: message) }
      events.append(message)
    }
  }

  /// The result of a call that must succeed.
  @discardableResult
  func result(_ method: String, _ params: String = "{}", timeoutMs: Int32 = 10_000) throws
    -> JSONValue
  {
    let exchange = try call(method, params, timeoutMs: timeoutMs)
    guard let result = exchange.result else {
      throw EngineProcess.Failure.closed(
        "a result for \(method), got \(exchange.response.compactText)")
    }
    return result
  }

  /// `alert.show <type>`, `alert.hide <id> <reason>`, … for comparing event sequences.
  static func summarize(_ event: JSONValue) -> String {
    let method = event["method"]?.string ?? "?"
    let params = event["params"]
    let at = params?["at"]?.integer.map { "@\($0)" } ?? ""
    switch method {
    case "alert.show":
      let resumed = params?["resumed"]?.bool == true ? " resumed" : ""
      return "show \(params?["alert"]?["type"]?.string ?? "?")\(resumed)\(at)"
    case "alert.hide":
      return "hide \(params?["id"]?.string ?? "?") \(params?["reason"]?.string ?? "?")\(at)"
    case "alert.update":
      return "update \(params?["alert"]?["id"]?.string ?? "?")\(at)"
    case "alert.idle":
      return "idle \(params?["queue"]?.string ?? "?")\(at)"
    case "alert.changed":
      return
        "changed \(params?["id"]?.string ?? "?") \(params?["previous"]?.string ?? "?")->\(params?["state"]?.string ?? "?")\(at)"
    default:
      return method
    }
  }
}

extension EngineProcess {
  /// Writes `bytes` without ever blocking; returns how many the engine took before
  /// `deadlineMs` passed.
  func sendWithoutBlocking(_ bytes: [UInt8], deadlineMs: Int) -> Int {
    _ = fcntl(stdinFD, F_SETFL, fcntl(stdinFD, F_GETFL) | O_NONBLOCK)
    defer { _ = fcntl(stdinFD, F_SETFL, fcntl(stdinFD, F_GETFL) & ~O_NONBLOCK) }
    var offset = 0
    var waited = 0
    while offset < bytes.count && waited < deadlineMs {
      let count = bytes[offset...].withUnsafeBytes { write(stdinFD, $0.baseAddress, $0.count) }
      if count > 0 {
        offset += count
      } else {
        usleep(1000)
        waited += 1
      }
    }
    return offset
  }
}
