import FuzzSupport
import OrdoServer

#if canImport(Glibc)
  import Glibc
#endif

/// A trace is a file from a bug report: anything may be in it. Each input is written as a
/// trace file and given to `ordo replay` and `ordo report` (their whole paths: reading,
/// checking the header, replaying on a fresh engine, drawing the page). Any status is fine
/// (0, 1, 2); a crash, a sanitizer report or a hang is a finding.
nonisolated(unsafe) private var folder: String = {
  // The replay's verdicts go to stdout: out of the fuzzer's way.
  let null = open("/dev/null", O_WRONLY)
  if null >= 0 {
    dup2(null, 1)
    close(null)
  }
  return scratchFolder("ordo-fuzz-trace", removing: ["input.trace", "input.html"])
}()

@_cdecl("FuzzTrace_main")
public func fuzzTraceMain(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> Int32 {
  runFuzzer(argc: argc, argv: argv, target: fuzzTrace)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let trace = folder + "/input.trace"
  let page = folder + "/input.html"
  let descriptor = open(trace, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  guard descriptor >= 0 else { fatalError("cannot write \(trace)") }
  var written = 0
  while written < size, let pointer {
    let count = write(descriptor, pointer + written, size - written)
    guard count > 0 else { fatalError("cannot write \(trace)") }
    written += count
  }
  close(descriptor)
  let replayed = OrdoCommand.main(arguments: ["replay", trace])
  precondition((0...2).contains(replayed), "ordo replay exited \(replayed)")
  let reported = OrdoCommand.main(arguments: ["report", trace, "-o", page])
  precondition(reported == 0 || reported == 2, "ordo report exited \(reported)")
  return 0
}
