import OrdoJSON
import OrdoServer
#if canImport(Glibc)
  import Glibc
#endif

// The executable owns the process, so it may give jansson its arena allocator (process-wide).
JSONDocument.installArenaAllocator()
exit(OrdoCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))
