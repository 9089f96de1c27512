import OrdoJSON
import OrdoServer

#if canImport(Glibc)
  import Glibc
#endif

// The executable owns the process, so it may give jansson its arena allocator (process-wide).
JSONDocument.installArenaAllocator()

/// The command's exit status. (A function, not top-level code: what it holds is released
/// before `exit`, so LeakSanitizer on an optimized build finds nothing left unreachable.)
func run() -> Int32 {
  guard let arguments = OrdoCommand.processArguments() else { return 2 }
  return OrdoCommand.main(arguments: arguments)
}

exit(run())
