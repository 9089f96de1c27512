import OrdoJSON
import OrdoRPC
import OrdoSchema

/// The engine's version, reported by `initialize` and `--version`.
public let ordoVersion = "0.1.0"

extension Server {
  /// `initialize`, `shutdown`, `exit`, `rpc.discover`, `engine.*` (SPEC §1).
  static let engineMethods: [(String, Method)] = [
    ("initialize", Method(params: ["clientInfo", "clock"] + lspInitializeMembers, run: initialize)),
    ("shutdown", Method(params: [], run: { server, _ in server.lifecycle = .shutDown })),
    (
      "exit",
      Method(params: []) { server, _ in
        server.requestExit(status: server.lifecycle == .shutDown ? 0 : 1)
      }
    ),
    (
      "rpc.discover",
      Method(params: []) { server, _ throws(ResponseError) in
        guard let document = server.openRPCDocument else {
          throw .internalError("the embedded schema/openrpc.json is not valid JSON")
        }
        server.result.value(document.value)
      }
    ),
    (
      "engine.ping",
      Method(params: []) { server, _ in
        server.result.beginObject()
        server.result.key("pong")
        server.result.bool(true)
        server.result.key("at")
        server.result.int(server.clock.now)
        server.result.endObject()
      }
    ),
    ("engine.stats", Method(params: [], run: stats)),
    ("engine.reset", Method(params: [], run: { server, _ in server.resetEngine() })),
  ]

  /// Members of LSP's `InitializeParams`, accepted and ignored so that an editor's own LSP
  /// client can start the engine.
  static let lspInitializeMembers = [
    "processId", "rootUri", "rootPath", "capabilities", "locale", "trace", "workspaceFolders",
    "workDoneToken", "initializationOptions",
  ]

  private static func initialize(_ server: Server, _ params: Params) throws(ResponseError) {
    if let info = try params.object("clientInfo", allowed: ["name", "version"]) {
      let name = try info.requiredID("name")
      let version = try info.string("version")
      if let version, version.unicodeScalars.count > 256 {
        throw info.invalid("version", expected: "a string of at most 256 characters")
      }
      server.log(.info, "client: \(name) \(version ?? "")")
    }
    // Ordo's own options may also come inside LSP's `initializationOptions`; a top-level
    // `clock` wins.
    var mode = try params.choice("clock", from: ["system", "manual"])
    if let options = try params.object("initializationOptions", allowed: ["clock"]),
      let nested = try options.choice("clock", from: ["system", "manual"]), mode == nil
    {
      mode = nested
    }
    if let mode,
      let clock = ClockMode(rawValue: mode), clock != server.clock.mode
    {
      guard server.screenNextDeadline == nil else {
        throw .invalidState(
          reason: "timers_exist",
          message: "The clock cannot change while timers are pending; call engine.reset first.")
      }
      server.clock.switchTo(clock)
    }
    server.result.beginObject()
    server.result.key("serverInfo")
    server.result.beginObject()
    server.result.key("name")
    server.result.string("ordo")
    server.result.key("version")
    server.result.string(ordoVersion)
    server.result.endObject()
    // LSP clients (Neovim, eglot, VS Code, pygls) require `capabilities`; Ordo offers none of
    // LSP's language features.
    server.result.key("capabilities")
    server.result.beginObject()
    server.result.endObject()
    server.result.key("protocolVersion")
    server.result.string("1")
    server.result.key("framing")
    server.result.string(server.framing.rawValue)
    server.result.key("clock")
    server.result.string(server.clock.mode.rawValue)
    server.result.key("methods")
    server.result.beginArray()
    for name in methodNames { server.result.string(name) }
    server.result.endArray()
    server.result.endObject()
  }

  private static func stats(_ server: Server, _ params: Params) throws(ResponseError) {
    server.writeStats()
  }
}
