import OrdoJSON
import OrdoServer

#if canImport(Glibc)
  import Glibc
#endif

// The executable owns the process, so it may give jansson its arena allocator (process-wide).
JSONDocument.installArenaAllocator()
guard let arguments = OrdoCommand.processArguments() else { exit(2) }
exit(OrdoCommand.main(arguments: arguments))
