#if canImport(Glibc)
  import Glibc
#endif
import OrdoServer

exit(OrdoCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))
