import Glibc
import OrdoServer

exit(OrdoCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))
