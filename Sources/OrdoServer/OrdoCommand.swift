#if canImport(Glibc)
  import Glibc
#endif
import OrdoRPC

/// The command line: `ordo [flags]`. Parses flags, then runs the loop on stdin/stdout.
public enum OrdoCommand {
  static let usage = """
    usage: ordo [--framing auto|ndjson|lsp] [--clock system|manual]
                [--max-message-bytes N] [--max-layers N] [--max-alerts N]
                [--max-batch N] [--max-tree-depth N]
                [--log-level error|warn|info|debug] [--version] [--help]

    Ordo keeps a UI's layers and popups in order. It speaks JSON-RPC 2.0 on
    stdin/stdout (NDJSON lines or LSP Content-Length frames); logs go to stderr.

      --framing            message framing (default auto: LSP when the input starts
                           with a header, else NDJSON)
      --clock              engine clock (default system; manual moves only by
                           clock.advance)
      --max-message-bytes  longest accepted message (default 16777216)
      --max-layers         most layers at once (default 1000000000)
      --max-alerts         most active alerts at once (default 1000000000)
      --max-batch          most entries in one batch (default 10000)
      --max-tree-depth     deepest layer.tree answer (default 512)
      --log-level          stderr verbosity (default warn)

    """

  public enum Outcome: Equatable {
    case run(EngineConfiguration)
    case exit(Int32, stdout: String, stderr: String)
  }

  /// Parses the arguments (without the program name).
  public static func parse(_ arguments: [String]) -> Outcome {
    var configuration = EngineConfiguration()
    var remaining = arguments[...]
    func refuse(_ message: String) -> Outcome {
      .exit(2, stdout: "", stderr: "ordo: \(message)\n\n" + usage)
    }
    while let argument = remaining.popFirst() {
      var name = argument
      var value: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
      }
      switch name {
      case "--help", "-h":
        return .exit(0, stdout: usage, stderr: "")
      case "--version":
        return .exit(0, stdout: "ordo \(ordoVersion)\n", stderr: "")
      case "--framing", "--clock", "--max-message-bytes", "--max-layers", "--max-alerts",
        "--max-batch", "--max-tree-depth", "--log-level":
        guard let given = value ?? remaining.popFirst() else {
          return refuse("\(name) needs a value")
        }
        switch name {
        case "--framing":
          switch given {
          case "auto": configuration.framing = nil
          case "ndjson": configuration.framing = .ndjson
          case "lsp": configuration.framing = .lsp
          default: return refuse("--framing must be auto, ndjson or lsp, not \"\(given)\"")
          }
        case "--clock":
          guard let clock = ClockMode(rawValue: given) else {
            return refuse("--clock must be system or manual, not \"\(given)\"")
          }
          configuration.clock = clock
        case "--log-level":
          guard let level = Log.Level(name: given) else {
            return refuse("--log-level must be error, warn, info or debug, not \"\(given)\"")
          }
          configuration.logLevel = level
        default:
          guard let number = Int(given), number >= 1 else {
            return refuse("\(name) must be a whole number >= 1, not \"\(given)\"")
          }
          switch name {
          case "--max-message-bytes": configuration.maxMessageBytes = number
          case "--max-layers": configuration.maxLayers = number
          case "--max-alerts": configuration.maxAlerts = number
          case "--max-batch": configuration.maxBatch = number
          default: configuration.maxTreeDepth = number
          }
        }
      default:
        return refuse("unknown argument \"\(argument)\"")
      }
    }
    return .run(configuration)
  }

  /// Runs the engine as a process; returns the exit status.
  public static func main(arguments: [String]) -> Int32 {
    switch parse(arguments) {
    case .exit(let status, let out, let err):
      writeAll(1, out)
      writeAll(2, err)
      return status
    case .run(let configuration):
      var loop = StdioLoop(session: Session(configuration: configuration))
      return loop.run()
    }
  }
}
