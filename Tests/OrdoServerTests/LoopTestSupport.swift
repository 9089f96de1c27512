import OrdoRPC
import Testing

@testable import OrdoServer

#if canImport(Glibc)
  import Glibc
#endif

/// An unlinked file holding `bytes`, open for reading and writing at its start.
func temporaryFile(_ bytes: [UInt8]) -> Int32 {
  var template = Array("/tmp/ordo-test-XXXXXX".utf8CString)
  let descriptor = mkstemp(&template)
  unlink(template)
  _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  lseek(descriptor, 0, SEEK_SET)
  return descriptor
}

/// Runs `body` with the path of a state file in a new directory, both removed after it
/// (with SQLite's -wal and -shm files).
func withTemporaryState(_ body: (String) throws -> Void) throws {
  var template = Array("/tmp/ordo-state-XXXXXX".utf8CString)
  let directory = String(cString: try #require(mkdtemp(&template)))
  let state = directory + "/state.db"
  defer {
    for file in ["", "-wal", "-shm"] { unlink(state + file) }
    rmdir(directory)
  }
  try body(state)
}

/// A session on a system clock that only the test moves (`engine.clock.virtualNow`), from 0.
func sessionOnAVirtualSystemClock(maxMessageBytes: Int? = nil) throws -> Session {
  var configuration = EngineConfiguration()
  configuration.clock = .system
  configuration.virtualClockStartedWallAt = 0
  configuration.logLevel = .quiet
  if let maxMessageBytes { configuration.maxMessageBytes = maxMessageBytes }
  return Session(engine: try Engine(configuration: configuration))
}

/// What `runLoop` saw.
struct LoopRun {
  var status: Int32
  /// How many messages the session had handled.
  var handled: Int
  /// How many messages had been handled at each flush, in order.
  var handledAtFlushes: [Int]
  /// The lines written (the first 64 KiB).
  var written: [ArraySlice<UInt8>]
}

/// Runs `session`'s stdio loop over `lines` read from a file (always ready: the loop reads
/// ahead as far as it may) into another file. `afterInput` is called with the count of
/// messages handled after each.
func runLoop(
  _ session: Session, over lines: [String], afterInput: @escaping (Int) -> Void = { _ in }
) -> LoopRun {
  let inputFile = temporaryFile(Array((lines.joined(separator: "\n") + "\n").utf8))
  let outputFile = temporaryFile([])
  defer {
    close(inputFile)
    close(outputFile)
  }
  var handled = 0
  var handledAtFlushes: [Int] = []
  session.recordInput = { _, _, _, _ in
    handled += 1
    afterInput(handled)
  }
  session.afterFlush = { handledAtFlushes.append(handled) }
  var loop = StdioLoop(session: session, input: inputFile, output: outputFile)
  let status = loop.run()
  var output = [UInt8](repeating: 0, count: 1 << 16)
  let count = pread(outputFile, &output, output.count, 0)
  let written = output[0..<max(count, 0)].split(separator: UInt8(ascii: "\n"))
  return LoopRun(
    status: status, handled: handled, handledAtFlushes: handledAtFlushes, written: written)
}
