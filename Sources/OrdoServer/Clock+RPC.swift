import OrdoRPC

extension Server {
  /// `clock.now`, `clock.advance` (SPEC §2).
  static let clockMethods: [(String, Method)] = [
    (
      "clock.now",
      Method(params: []) { server, _ in
        server.result.beginObject()
        server.result.key("now")
        server.result.int(server.clock.now)
        server.result.key("mode")
        server.result.string(server.clock.mode.rawValue)
        server.result.endObject()
      }
    ),
    ("clock.advance", Method(params: ["ms"], run: advance)),
  ]

  /// Moves the manual clock forward, firing every due timer at its own due time, in order.
  private static func advance(_ server: Server, _ params: Params) throws(ResponseError) {
    let ms = try params.requiredInteger("ms", in: 0...Params.maxSafeInteger)
    guard server.clock.mode == .manual else {
      throw .invalidState(
        reason: "system_clock", state: "system",
        message: "clock.advance needs the manual clock; start with --clock manual "
          + "or initialize {clock: \"manual\"}.")
    }
    let target = server.clock.now + ms
    guard target <= Params.maxSafeInteger else {
      throw params.invalid("ms", expected: "an integer that keeps the clock within 2^53 - 1")
    }
    server.advanceScreen(to: target)
    server.clock.set(manual: target)
    server.result.beginObject()
    server.result.key("now")
    server.result.int(target)
    server.result.endObject()
  }
}
