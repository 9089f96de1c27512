import CLinux
import OrdoRPC
import OrdoStore

#if canImport(Glibc)
  import Glibc
#endif

/// The command line: `ordo [flags] [SUBCOMMAND …]`. Parses it, then serves stdin/stdout, or
/// runs a subcommand (`call`, `replay`, `report`, `help`).
public enum OrdoCommand {
  /// What a flag left out means: the help's numbers are these, so that it cannot say
  /// another default than the engine takes.
  private static let defaults = EngineConfiguration()

  static let usage = """
    usage: ordo [flags]                     serve JSON-RPC 2.0 on stdin/stdout
           ordo [flags] call METHOD [PARAMS] one request, from a shell script or hook
           ordo [flags] call -               NDJSON requests from stdin, one result each
           ordo replay TRACE                 re-run a recorded session, compare outputs
           ordo report TRACE [-o FILE] [--from MS] [--to MS]
                                             an HTML timeline of a recorded session
           ordo help [SUBCOMMAND]            this, or a subcommand's help

    Ordo keeps a UI's layers and popups in order. It speaks JSON-RPC 2.0 on stdin/stdout
    (NDJSON lines or LSP Content-Length frames); logs go to stderr.

    flags:
      --framing auto|ndjson|lsp   message framing (default auto: LSP when the input starts
                                  with a header, else NDJSON)
      --clock system|manual       engine clock (default system; manual moves only by
                                  clock.advance)
      --epoch-ms N                the manual clock's wall-clock time at 0, epoch ms (default \(defaults.epochMs))
      --state PATH                keep types, queue settings, show history, persisted
                                  alerts and the alert id and seq counters in a SQLite
                                  file (created when missing)
      --sync full|normal          full (default) survives power loss, normal process crashes
      --state-wait-ms N           wait this long for another engine to release the state
                                  file, or another program's lock on it (default \(defaults.stateWaitMs))
      --trace PATH                record every message in and out, for replay and report
      --trace-max-bytes N         stop recording past this size (default \(defaults.traceMaxBytes))
      --max-message-bytes N       longest accepted message (default \(defaults.maxMessageBytes))
      --max-layers N              most layers at once (default \(defaults.maxLayers))
      --max-alerts N              most active alerts at once (default \(defaults.maxAlerts))
      --max-batch N               most entries in one batch (default \(defaults.maxBatch))
      --max-tree-depth N          deepest layer.tree answer (default \(defaults.maxTreeDepth))
      --log-level LEVEL           error, warn (default), info or debug, on stderr
      --events                    with call: print the events the call caused
      --version, --help

    examples:
      ordo --clock manual < session.ndjson     serve a scripted session, manual clock
      ordo --state ui.db call alert.history    one request from a shell script

    The rules are in docs/protocol.md; `ordo help call|replay|report` explains each.

    """

  static let callHelp = """
    usage: ordo [flags] call METHOD [PARAMS]
           ordo [flags] call -

    Runs one request on a fresh engine (with --state, on the durable state) and exits.
    PARAMS is a JSON object; omitted means no params. The result goes to stdout as JSON
    (indented on a terminal, compact otherwise). With --events (before `call`), each event
    the call caused is printed first, one compact line each.

    A JSON-RPC error prints its message on stderr and the error object on stdout, and exits
    1. PARAMS that is not a JSON object exits 2. Flags go before `call`. An answer stdout
    cannot take (a reader that left, a full disk) exits 3: the request still ran; with
    stdout closed from the start, it exits 3 and nothing runs. The engine's log lines are
    not written unless --log-level (before `call`) asks for them.

    `call -` reads NDJSON requests {"method", "params"?} (jsonrpc and id optional) from
    stdin and runs each as soon as it is read, in one engine, printing one compact result
    or error object per line; it exits 1 if any failed (3, and no later line runs, if
    stdout fails). `exit` ends it: no later line runs, exit status 1 without `shutdown`.
    Timers fire when due while it waits for a line (with --events, their events print then).

    example:
      ordo --state ui.db call alert.history '{"type":"rate","limit":1}'
      printf '%s\\n' '{"method":"layer.add","params":{"id":"a"}}' \\
        '{"method":"layer.paintOrder"}' | ordo call -

    """

  static let replayHelp = """
    usage: ordo replay TRACE

    Re-runs a session recorded with --trace on a fresh in-memory engine, with the recorded
    flags (less --trace and --state: it starts from the durable state the trace recorded),
    on a virtual clock: every input at its recorded time, timers at their due times in
    between. Compares every output with the recording: prints `identical` and exits 0, or
    the first difference (message number, expected, got) and exits 1. A malformed trace
    exits 2; a verdict stdout cannot take, 3. Replay writes no files.

    example:
      ordo --trace bug.trace --clock manual < session.ndjson
      ordo replay bug.trace

    """

  /// What a misuse prints after its message: the synopsis, not the 30 lines of flags, which
  /// pushed the one line that says what was wrong off a small terminal (and filled the
  /// clients' messages of an engine that exited).
  static let shortUsage =
    usage.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
    .joined(separator: "\n")
    + "\n\nordo --help lists the flags; ordo help SUBCOMMAND explains one.\n"

  /// What a subcommand's refusal shows after the reason: the usage lines of its `help`
  /// and where the rest is (the whole text, 20 lines for `call`, buried the reason).
  static func shortHelp(_ help: String, of subcommand: String) -> String {
    help.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
      .joined(separator: "\n") + "\n\nordo help \(subcommand) explains it.\n"
  }

  static let reportHelp = """
    usage: ordo report TRACE [-o FILE] [--from MS] [--to MS]

    Writes one self-contained HTML page (default TRACE.html): a timeline of every alert
    (a lane per queue, a bar per state interval, end reasons marked), navigation changes on
    the same time axis, and the final layer tree. It replays the trace to build it. The
    page has no scripts and loads nothing from the network. Prints the page's path. A
    malformed trace, or a page that cannot be written whole (left empty), exits 2; a path
    stdout cannot take, 3.

      -o, --output FILE   where to write the page (default TRACE.html)
      --from MS, --to MS  only this part of the session: ms on the report's time axis
                          (its ticks, tooltips and tables give them), either end open;
                          the alerts and page changes outside it are left out

    example:
      ordo report bug.trace -o bug.html
      ordo report bug.trace --from 60000 --to 90000 -o minute.html

    """

  public enum Invocation: Equatable {
    /// Serve stdin/stdout.
    case serve(EngineConfiguration)
    /// `call METHOD [PARAMS]`, or `call -` (`method` nil).
    case call(EngineConfiguration, method: String?, params: String?, events: Bool)
    case replay(trace: String)
    /// `report TRACE [-o FILE] [--from MS] [--to MS]`: `window` nil without --from and --to.
    case report(trace: String, output: String?, window: ReportWindow?)
    case exit(Int32, stdout: String, stderr: String)
    /// Arguments refused (exit status 2): `reason` as sent (unescaped), said on stderr after
    /// `command` (`ordo`, `ordo call`, …), then `help`. `ordo replay` quotes the reason when
    /// a trace's recorded arguments are refused.
    case refused(command: String, reason: String, help: String)

    /// Whether it parses messages (a request, a trace's lines), which takes the stack
    /// `neededStackBytes` stands for; a usage text or the version does not.
    var readsMessages: Bool {
      switch self {
      case .serve, .call, .replay, .report: true
      case .exit, .refused: false
      }
    }
  }

  /// The process's arguments (without the program name), as `arguments(count:values:)` reads
  /// them from the argv the C library passed at start (`CommandLine`'s where it passes none).
  public static func processArguments() -> [String]? {
    var count: Int32 = 0
    guard let values = ordo_process_arguments(&count) else {
      return arguments(count: CommandLine.argc, values: CommandLine.unsafeArgv)
    }
    return arguments(count: count, values: values)
  }

  /// The process's arguments (without the program name) as strings; nil, after a message on
  /// stderr, when one is not UTF-8. (`CommandLine.arguments` would replace such bytes with
  /// U+FFFD: `ordo call layer.add` would then add a layer whose id the shell never sent, and a
  /// `--state` path would name another file.)
  public static func arguments(
    count: Int32, values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
  ) -> [String]? {
    var arguments: [String] = []
    for index in 1..<Int(max(count, 1)) {
      guard let raw = values[index] else { continue }
      let bytes = UnsafeBufferPointer(start: raw, count: strlen(raw)).map { UInt8(bitPattern: $0) }
      if let offset = firstInvalidUTF8(in: bytes) {
        writeAll(
          2,
          "ordo: argument \(index) is not valid UTF-8 (byte \(offset + 1) of \(bytes.count));"
            + " Ordo reads its arguments, PARAMS included, as UTF-8\n")
        return nil
      }
      arguments.append(String(decoding: bytes, as: UTF8.self))
    }
    return arguments
  }

  /// The offset of the first byte of `bytes` that does not start a valid UTF-8 sequence; nil
  /// when they are all UTF-8.
  static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  /// Parses the arguments (without the program name).
  /// - Parameter recorded: the arguments of a trace's header, which an older Ordo recorded:
  ///   read as that Ordo read them (a flag given twice: the last; any path), so that its
  ///   traces still replay.
  public static func parse(_ arguments: [String], recorded: Bool = false) -> Invocation {
    var configuration = EngineConfiguration()
    var events = false
    var logLevelGiven = false
    var given: Set<String> = []
    var remaining = arguments[...]
    func refuse(_ message: String, help: String = shortUsage) -> Invocation {
      .refused(command: "ordo", reason: message, help: help)
    }
    while let argument = remaining.popFirst() {
      guard startsWithDash(argument) else {
        // `call` answers every failure on stdout (and says it on stderr itself): the engine's
        // log would repeat it where a script or cron job wants nothing, unless asked for.
        if argument == "call", !logLevelGiven { configuration.logLevel = .quiet }
        return subcommand(
          argument, Array(remaining), configuration: configuration, events: events,
          flagsGiven: remaining.count + 1 < arguments.count)
      }
      var name = argument
      var value: String?
      // By scalars: `=` before a combining mark is one `Character` with it, not "=".
      let scalars = argument.unicodeScalars
      if let equals = scalars.firstIndex(of: "="), argument.utf8.starts(with: "--".utf8) {
        name = String(scalars[..<equals])
        value = String(scalars[scalars.index(after: equals)...])
      }
      if value != nil, ["--help", "--version", "--events"].contains(name) {
        return refuse("\(name) takes no value")
      }
      // Each flag once: the last of two silently won (`--state a.db --state b.db` kept its
      // state in b.db alone).
      if !given.insert(name == "-h" ? "--help" : name).inserted, !recorded {
        return refuse("\(name) is given twice: give it once")
      }
      switch name {
      case "--help", "-h", "--version":
        // Alone: with flags or a subcommand after it, it printed and exited 0 without running
        // anything (`ordo --version call layer.add …`), as a stray `-h` after `call` must not.
        guard arguments.count == 1 else {
          return refuse("\(name) goes alone: with other arguments it would run none of them")
        }
        return name == "--version"
          ? .exit(0, stdout: "ordo \(ordoVersion)\n", stderr: "")
          : .exit(0, stdout: usage, stderr: "")
      case "--events":
        events = true
      default:
        guard flagsWithValues.contains(name) else {
          return refuse("unknown argument \"\(argument)\"")
        }
        guard let flagValue = value ?? remaining.popFirst() else {
          return refuse("\(name) needs a value")
        }
        if let problem = apply(name, flagValue, to: &configuration, recorded: recorded) {
          return refuse(problem)
        }
        if name == "--log-level" { logLevelGiven = true }
      }
    }
    if events { return refuse("--events only goes with call") }
    return .serve(configuration)
  }

  static let subcommands: Set<String> = ["call", "replay", "report", "help"]

  static let flagsWithValues: Set<String> = [
    "--framing", "--clock", "--max-message-bytes", "--max-layers", "--max-alerts",
    "--max-batch", "--max-tree-depth", "--log-level", "--state", "--sync", "--state-wait-ms",
    "--epoch-ms", "--trace", "--trace-max-bytes",
  ]

  /// Sets flag `name` to `given`; returns what is wrong with it, if anything.
  private static func apply(
    _ name: String, _ given: String, to configuration: inout EngineConfiguration,
    recorded: Bool = false
  )
    -> String?
  {
    switch name {
    case "--framing":
      switch given {
      case "auto": configuration.framing = nil
      case "ndjson": configuration.framing = .ndjson
      case "lsp": configuration.framing = .lsp
      default: return "--framing must be auto, ndjson or lsp, not \"\(given)\""
      }
    case "--clock":
      guard let clock = ClockMode(rawValue: given) else {
        return "--clock must be system or manual, not \"\(given)\""
      }
      configuration.clock = clock
    case "--log-level":
      guard let level = Log.Level(name: given) else {
        return "--log-level must be error, warn, info or debug, not \"\(given)\""
      }
      configuration.logLevel = level
    case "--sync":
      guard let sync = SyncMode(rawValue: given) else {
        return "--sync must be full or normal, not \"\(given)\""
      }
      configuration.sync = sync
    case "--state", "--trace":
      guard !given.isEmpty else { return "\(name) needs a file path" }
      if let problem = flagAsPath(name, given) { return problem }
      // `ordo --state $EMPTY call engine.ping` took `call` for the file, then refused
      // "engine.ping" as an unknown subcommand; with no more arguments it served, its state
      // in a file named call.
      if subcommands.contains(given), !recorded {
        return "\(name) needs a file path, not the subcommand \"\(given)\" (write ./\(given)"
          + " for a file of that name)"
      }
      if name == "--state" {
        configuration.statePath = given
      } else {
        configuration.tracePath = given
      }
    case "--epoch-ms":
      guard let number = Int64(given),
        (-9_007_199_254_740_991...9_007_199_254_740_991).contains(number)
      else {
        return "--epoch-ms must be a whole number of milliseconds from -9007199254740991 to"
          + " 9007199254740991 (2^53 - 1), not \"\(given)\""
      }
      configuration.epochMs = number
    case "--state-wait-ms":
      guard let number = Int(given), number >= 0 else {
        return "--state-wait-ms must be a whole number from 0 to \(Int.max), not \"\(given)\""
      }
      configuration.stateWaitMs = number
    default:
      // Sizes are added to byte counts: bounded far from overflow (1 TiB).
      let isSize = name == "--max-message-bytes" || name == "--trace-max-bytes"
      guard let number = Int(given), number >= 1 else {
        let most = isSize ? "1099511627776 (1 TiB)" : "\(Int.max)"
        return "\(name) must be a whole number from 1 to \(most), not \"\(given)\""
      }
      if isSize, number > 1 << 40 {
        return "\(name) must be at most 1099511627776 (1 TiB), not \"\(given)\""
      }
      switch name {
      case "--max-message-bytes": configuration.maxMessageBytes = number
      case "--max-layers": configuration.maxLayers = number
      case "--max-alerts": configuration.maxAlerts = number
      case "--max-batch": configuration.maxBatch = number
      case "--trace-max-bytes": configuration.traceMaxBytes = number
      default: configuration.maxTreeDepth = number
      }
    }
    return nil
  }

  private static func subcommand(
    _ name: String, _ arguments: [String], configuration: EngineConfiguration, events: Bool,
    flagsGiven: Bool
  ) -> Invocation {
    func refuse(_ message: String, help: String) -> Invocation {
      .refused(command: "ordo \(name)", reason: message, help: shortHelp(help, of: name))
    }
    let help: String
    switch name {
    case "call": help = callHelp
    case "replay": help = replayHelp
    case "report": help = reportHelp
    case "help":
      guard let topic = arguments.first else { return .exit(0, stdout: usage, stderr: "") }
      guard arguments.count == 1 else {
        return .refused(command: "ordo help", reason: "give one SUBCOMMAND", help: shortUsage)
      }
      switch topic {
      case "--help", "-h", "help": return .exit(0, stdout: usage, stderr: "")
      case "call": return .exit(0, stdout: callHelp, stderr: "")
      case "replay": return .exit(0, stdout: replayHelp, stderr: "")
      case "report": return .exit(0, stdout: reportHelp, stderr: "")
      default:
        return .refused(
          command: "ordo help", reason: "no subcommand \"\(topic)\"", help: shortUsage)
      }
    default:
      return .refused(command: "ordo", reason: "unknown subcommand \"\(name)\"", help: shortUsage)
    }
    // `ordo SUBCOMMAND --help`; anywhere else it is an argument (refused as a flag after
    // `call`, or the value of `report -o`): a script's stray `-h` must not print the usage
    // and succeed without running anything.
    if ["--help", "-h"].contains(arguments.first ?? "") {
      return .exit(0, stdout: help, stderr: "")
    }
    if events && name != "call" { return refuse("--events only goes with call", help: help) }
    if flagsGiven && name != "call" {
      // Silently ignored, `--clock manual replay` would look like it replayed differently.
      return refuse("takes no engine flags: the trace's recorded ones are used", help: help)
    }
    switch name {
    case "call":
      guard let method = arguments.first else { return refuse("give a METHOD, or -", help: help) }
      // `-` alone is stdin; no METHOD or PARAMS object starts with a dash.
      if let flag = arguments.first(where: { startsWithDash($0) && $0 != "-" }) {
        // `--` (the end of options, to many commands) is not needed: nothing after `call`
        // is read as a flag.
        guard flag != "--" else {
          return refuse("-- is not needed: give `call METHOD [PARAMS]`", help: help)
        }
        // Help and the version go alone, not before `call`: say where they are read.
        if ["-h", "--help"].contains(flag) {
          return refuse("\(flag) is read only right after `call`: `ordo call --help`", help: help)
        }
        if flag == "--version" {
          return refuse("--version goes alone: `ordo --version`", help: help)
        }
        return refuse("\(flag): flags go before `call`", help: help)
      }
      if configuration.framing == .lsp {
        return refuse("--framing lsp does not go with call: its lines are NDJSON", help: help)
      }
      if method == "-" {
        guard arguments.count == 1 else { return refuse("`call -` takes no PARAMS", help: help) }
        return .call(configuration, method: nil, params: nil, events: events)
      }
      guard arguments.count <= 2 else {
        // Most often PARAMS unquoted, or with a variable holding a space: the shell split it.
        return refuse(
          "too many arguments: give METHOD and one PARAMS object, quoted as one argument"
            + " ('{\"id\": \"a b\"}')", help: help)
      }
      if arguments.count == 2, arguments[1] == "-" {
        return refuse(
          "PARAMS is not read from stdin: give it as an argument (\"$(cat FILE)\" for a"
            + " file's), or send requests, one a line, to `ordo call -`", help: help)
      }
      return .call(
        configuration, method: method, params: arguments.count == 2 ? arguments[1] : nil,
        events: events)
    case "replay":
      guard arguments.count == 1 else { return refuse("give one TRACE file", help: help) }
      // Not stdin: a trace is read whole before anything runs, from a file a bug report
      // carries.
      if arguments[0] == "-" { return refuse("TRACE must be a file, not -", help: help) }
      return .replay(trace: arguments[0])
    default:
      var trace: String?
      var output: String?
      var window: ReportWindow?
      // `--from=MS`, `--to=MS` and `--output=FILE` too, as the engine's flags are taken.
      var rest = arguments.flatMap { argument -> [String] in
        for name in ["--from", "--to", "--output"] where argument.hasPrefix(name + "=") {
          return [name, String(argument.dropFirst(name.count + 1))]
        }
        return [argument]
      }[...]
      while let argument = rest.popFirst() {
        if argument == "--from" || argument == "--to" {
          let isFrom = argument == "--from"
          let given = rest.popFirst()
          guard let given, let ms = Self.axisTime(given) else {
            return refuse(
              "\(argument) needs a whole number of ms on the report's time axis, from 0 to"
                + " \(Int64.max)" + (given.map { ", not \"\($0)\"" } ?? ""), help: help)
          }
          var chosen = window ?? ReportWindow()
          if (isFrom ? chosen.from : chosen.to) != nil {
            return refuse("\(argument) is given twice: give it once", help: help)
          }
          if isFrom { chosen.from = ms } else { chosen.to = ms }
          if let from = chosen.from, let to = chosen.to, from > to {
            return refuse("--from \(from) is after --to \(to)", help: help)
          }
          window = chosen
        } else if argument == "-o" || argument == "--output" {
          guard let file = rest.popFirst() else { return refuse("-o needs a file", help: help) }
          if let problem = flagAsPath("-o", file) { return refuse(problem, help: help) }
          // Two places for one page: a slip, not a choice the last one should win.
          if output != nil { return refuse("-o is given twice: give it once", help: help) }
          output = file
        } else if trace == nil, !startsWithDash(argument) {
          trace = argument
        } else if argument == "-" {
          return refuse("TRACE must be a file, not -", help: help)
        } else {
          return refuse("unexpected argument \"\(argument)\"", help: help)
        }
      }
      guard let trace else { return refuse("give a TRACE file", help: help) }
      return .report(trace: trace, output: output, window: window)
    }
  }

  /// A time on the report's axis: digits only (no sign). (Up to Int64's: an axis that
  /// counts on across resets and clock switches goes past the 2^53 - 1 an engine time
  /// stays within.)
  static func axisTime(_ given: String) -> Int64? {
    guard !given.isEmpty, given.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      return nil
    }
    return Int64(given)
  }

  /// Opens /dev/null on each of descriptors 0–2 that is closed, and returns which were.
  /// Left closed, the next `open` would get one: the state file's lock or the trace would
  /// become "stdout", and the answers would be written over it.
  static func fillClosedStandardDescriptors() -> Set<Int32> {
    var closed: Set<Int32> = []
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      closed.insert(descriptor)
      // The lowest free descriptor: this one, since the lower ones are open by now.
      let opened = open("/dev/null", O_RDWR | O_CLOEXEC)
      if opened >= 0 && opened != descriptor { close(opened) }
    }
    return closed
  }

  /// The stack the engine needs. jansson parses a message recursively, and Ordo writes an
  /// alert's data back the same way: at the deepest nesting parsed (2048 levels), with
  /// `--state` and `--trace`, and for `replay`, `report` and `call`, 192 KiB was enough and
  /// 160 KiB was not (`ulimit -s 160`: such a message killed the process with SIGSEGV).
  static let neededStackBytes: rlim_t = 256 << 10

  /// The stack the engine asks for: `neededStackBytes` with a margin.
  static let wantedStackBytes: rlim_t = 1 << 20

  /// Raises the stack's soft limit to `wantedStackBytes` (or its hard limit) when it is
  /// lower: the main thread's stack grows up to the limit in force when it grows, so this
  /// holds from now on (Ordo starts no thread). Returns the limit when it stays below
  /// `neededStackBytes` (`ulimit -s 128` sets the hard limit too).
  static func raiseStackLimit() -> rlim_t? {
    let resource = __rlimit_resource_t(RLIMIT_STACK.rawValue)
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0, limit.rlim_cur < wantedStackBytes else { return nil }
    let raised = rlimit(rlim_cur: min(wantedStackBytes, limit.rlim_max), rlim_max: limit.rlim_max)
    if raised.rlim_cur > limit.rlim_cur,
      withUnsafePointer(to: raised, { setrlimit(resource, $0) }) == 0
    {
      limit = raised
    }
    return limit.rlim_cur < neededStackBytes ? limit.rlim_cur : nil
  }

  /// Runs the command line as a process; returns the exit status.
  public static func main(arguments: [String]) -> Int32 {
    // A disk-size limit must fail a write (and a commit), not kill the process.
    signal(SIGXFSZ, SIG_IGN)
    let stdoutWasClosed = fillClosedStandardDescriptors().contains(1)
    let invocation = parse(arguments)
    if invocation.readsMessages, let limit = raiseStackLimit() {
      complain(
        "the stack limit (ulimit -s) is \(limit >> 10) KiB and may not be raised; Ordo needs"
          + " \(neededStackBytes >> 10) KiB (for a message nested as deep as it parses)")
      return 2
    }
    switch invocation {
    case .refused(let command, let reason, let help):
      writeAll(2, refusalText(command: command, reason: reason, help: help))
      return 2
    case .exit(let status, let out, let err):
      // (A stdout closed from the start is /dev/null now, which takes anything.)
      let failure =
        out.isEmpty ? 0 : stdoutWasClosed ? EBADF : writeAll(1, out, waitingIfFull: true)
      writeAll(2, err)
      // As for an answer of `call`: a help or version text stdout could not take is 3.
      if failure != 0 {
        let reason = String(cString: strerror(failure))
        writeAll(2, "ordo: the output could not be written to stdout (\(reason))\n")
        return status == 0 ? 3 : status
      }
      return status
    case .serve(let configuration):
      // No answer could reach anyone: exit as when the client leaves (docs/protocol.md).
      if stdoutWasClosed { return 0 }
      guard let session = startSession(configuration) else { return 2 }
      var loop = StdioLoop(session: session)
      let status = loop.run()
      session.engine.leaveScreenToProcessExit()
      return status
    case .call(var configuration, let method, let params, let events):
      if stdoutWasClosed {
        writeAll(2, "ordo call: stdout is closed, so no answer could be printed; nothing ran\n")
        return 3
      }
      configuration.framing = .ndjson
      // A reader that left must fail a write (exit status 3), not kill the process.
      signal(SIGPIPE, SIG_IGN)
      let call = OneShotCall(events: events)
      guard let method else {
        if sameRegularFile(0, 1) {
          // `ordo call - < f >> f` reads its own answers back as requests, without end.
          writeAll(2, "ordo call: stdin and stdout are the same file; nothing ran\n")
          return 2
        }
        return call.runLines(from: 0, maxMessageBytes: configuration.maxMessageBytes) {
          startSession(configuration)
        }
      }
      guard let line = call.request(method: method, params: params) else { return 2 }
      guard let session = startSession(configuration) else { return 2 }
      return call.run(line, paramsBytes: params?.utf8.count ?? 0, on: session)
    case .replay(let trace):
      if stdoutWasClosed {
        writeAll(2, "ordo replay: stdout is closed, so no verdict could be printed; nothing ran\n")
        return 3
      }
      return Replay.main(tracePath: trace)
    case .report(let trace, let output, let window):
      return Report.main(
        tracePath: trace, outputPath: output ?? trace + ".html", window: window,
        stdoutWasClosed: stdoutWasClosed)
    }
  }

  /// Whether `argument` starts with a dash: its first byte, as a shell and `getopt` see it
  /// (`hasPrefix("-")` compares Characters: a dash and a combining mark after it are one,
  /// which is not "-").
  static func startsWithDash(_ argument: String) -> Bool {
    argument.utf8.first == UInt8(ascii: "-")
  }

  /// What is wrong with `given` as the file of flag `name`, when it starts with a dash: it
  /// is more likely the next flag, taken as a value (`--state $EMPTY --events`), than a file
  /// name (`./-x` names one).
  static func flagAsPath(_ name: String, _ given: String) -> String? {
    guard startsWithDash(given) else { return nil }
    return "\(name) needs a file path, not \"\(given)\" (write ./\(given) for a file of that name)"
  }

  /// Which file a descriptor or a path names (its device and inode), and whether it is a
  /// regular file. nil when it cannot be read (a closed descriptor, a missing path).
  struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64
    let isRegular: Bool

    init?(descriptor: Int32) {
      var status = stat()
      guard fstat(descriptor, &status) == 0 else { return nil }
      self.init(status)
    }

    init?(path: String) {
      var status = stat()
      guard stat(path, &status) == 0 else { return nil }
      self.init(status)
    }

    private init(_ status: stat) {
      device = UInt64(status.st_dev)
      inode = UInt64(status.st_ino)
      isRegular = status.st_mode & S_IFMT == S_IFREG
    }
  }

  /// Whether descriptors `one` and `other` are the same regular file.
  static func sameRegularFile(_ one: Int32, _ other: Int32) -> Bool {
    guard let first = FileIdentity(descriptor: one), first.isRegular else { return false }
    return first == FileIdentity(descriptor: other)
  }

  /// `path` with its links and `.`/`..` resolved; a missing last component is kept as
  /// given under its resolved directory. nil when the directory cannot be resolved.
  static func resolved(_ path: String) -> String? {
    if let full = realpath(path, nil) {
      defer { free(full) }
      return String(cString: full)
    }
    // By scalars: a `/` before a combining mark is one `Character` with it, not "/".
    let scalars = path.unicodeScalars
    let slash = scalars.lastIndex(of: "/")
    let directory = slash.map { String(scalars[..<$0]) } ?? "."
    let name = slash.map { String(scalars[scalars.index(after: $0)...]) } ?? path
    guard let full = realpath(directory.isEmpty ? "/" : directory, nil) else { return nil }
    defer { free(full) }
    let base = String(cString: full)
    return (base == "/" ? "" : base) + "/" + name
  }

  /// Whether descriptor `descriptor` is a regular file and `path` names it (by any link).
  static func isRegularFile(_ descriptor: Int32, at path: String) -> Bool {
    guard let open = FileIdentity(descriptor: descriptor), open.isRegular else { return false }
    return open == FileIdentity(path: path)
  }

  /// Whether both paths name one existing file (links and other spellings included).
  static func sameFile(_ one: String, _ other: String) -> Bool {
    guard let first = FileIdentity(path: one) else { return false }
    return first == FileIdentity(path: other)
  }

  /// The system's reason for failing on `path` (`strerror(code)`), with advice when it was
  /// not found and starts with an unexpanded `~` (`PathHint.unexpandedTilde`).
  static func reason(_ code: Int32, for path: String) -> String {
    let reason = String(cString: strerror(code))
    guard code == ENOENT, let hint = PathHint.unexpandedTilde(path) else { return reason }
    return "\(reason); \(hint)"
  }

  /// Says `message` on stderr on one line after `command`'s name, a control character in it
  /// shown escaped: it may quote a path or an argument, or the state file (SQLite's
  /// integrity check spans lines; a damaged row's text may hold an escape sequence).
  static func complain(_ message: String, as command: String = "ordo") {
    writeAll(2, "\(command): \(terminalSafe(message, keepingLineFeeds: false))\n")
  }

  /// What a refusal says on stderr: the command and reason (which quotes the arguments: on
  /// one line, a control character in it shown escaped), then `help`.
  private static func refusalText(command: String, reason: String, help: String) -> String {
    terminalSafe("\(command): \(reason)", keepingLineFeeds: false) + "\n\n" + help
  }

  /// Says on stderr why the state file cannot be used.
  private static func refuse(_ error: StoreOpenError) {
    complain(error.message)
  }

  /// An engine and its session on `configuration`: the state file opened and loaded, the
  /// trace started. nil (after saying why on stderr) when one cannot be used.
  static func startSession(_ configuration: EngineConfiguration) -> Session? {
    var store: DurableStore?
    if let path = configuration.statePath {
      do {
        store = try DurableStore(
          path: path, sync: configuration.sync, waitMs: configuration.stateWaitMs)
      } catch {
        refuse(error)
        return nil
      }
    }
    let engine: Engine
    do {
      engine = try Engine(configuration: configuration, store: store)
    } catch {
      refuse(error)
      return nil
    }
    let session = Session(engine: engine)
    if let path = configuration.tracePath {
      // The trace is created truncated: over the state file (or its write-ahead log) it
      // would erase what the engine just loaded and goes on answering as kept.
      // SQLite keeps its -wal, -shm and -journal beside the state file's real path (through
      // a link), and they may not exist yet: compared by name as well as by file.
      if let statePath = configuration.statePath,
        case (let trace, let state) = (resolved(path), resolved(statePath)),
        let file = ["", "-wal", "-shm", "-journal"].first(where: { suffix in
          sameFile(path, statePath + suffix) || trace == state.map { $0 + suffix }
        })
      {
        let which = file.isEmpty ? "the state file" : "the state file's \(file) file"
        complain("--trace \(path) is \(which); give the trace another path")
        return nil
      }
      // Nor over the engine's stdin (`ordo --trace in.nd < in.nd`: emptied before it is
      // read, or read back as requests under `call -`), its stdout (`> out` with the trace
      // there: answers and records overwrite each other) or its stderr (`2> log` with the
      // trace there: log lines overwrite its header).
      if let stream = [(0, "stdin"), (1, "stdout"), (2, "stderr")].first(where: {
        isRegularFile($0.0, at: path)
      }) {
        complain("--trace \(path) is the engine's \(stream.1); give the trace another path")
        return nil
      }
      do {
        try TraceRecorder.start(
          path: path, session: session, arguments: processArguments() ?? [])
      } catch {
        complain("cannot write the trace \(path)\(error.missingDirectory ?? ": \(error)")")
        return nil
      }
    }
    return session
  }
}
