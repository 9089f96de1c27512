import OrdoJSON
import Testing

@testable import OrdoServer

/// A request that fails leaves the engine's state exactly as it was: a long seeded run of
/// valid and invalid requests, with a full state dump compared around every failing one.
@Suite struct AtomicityTests {
  static let queues = ["default", "q1", "q2"]
  static let types = ["t0", "t1", "t2"]

  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// One random request: mostly plausible, often wrong in one way.
  static func request(_ random: inout Generator, id: Int) -> String {
    func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0..<options.count, using: &random)] }
    let layer = pick([
      "\"l0\"", "\"l1\"", "\"l2\"", "\"l3\"", "\"ghost\"", "\"alert:x\"", "5", "\"\"",
    ])
    let alert = pick(["\"a0\"", "\"a1\"", "\"a2\"", "\"nope\"", "7"])
    let sort = pick(["0", "3", "-2", "1.5", "9007199254740992", "\"x\""])
    let frame = pick([
      #"{"x":0,"y":0,"width":10,"height":10}"#, #"{"x":0,"y":0,"width":-1,"height":1}"#,
      #"{"x":0,"y":0,"width":5}"#, "null", #"{"x":0,"y":0,"width":1,"height":1,"z":1}"#,
    ])
    let queue = pick(["\"default\"", "\"q1\"", "\"q2\"", "3"])
    let type = pick(["\"t0\"", "\"t1\"", "\"t2\""])
    let scope = pick(["\"s0\"", "\"s1\"", "null", "[]"])
    let params: (String, String) = pick([
      ("layer.add", #"{"id":\#(layer),"sort":\#(sort),"frame":\#(frame)}"#),
      (
        "layer.add",
        #"{"id":\#(layer),"parent":\#(pick(["\"l0\"", "\"l1\"", "null", "\"ghost\""]))}"#
      ),
      ("layer.add", #"{"above":\#(layer),"sort":1}"#),
      ("layer.add", #"{"below":\#(layer)}"#),
      ("layer.remove", #"{"id":\#(layer)}"#),
      ("layer.update", #"{"id":\#(layer),"sort":\#(sort),"hidden":\#(pick(["true", "1"]))}"#),
      ("layer.update", #"{"id":\#(layer),"frame":\#(frame),"data":{"k":1}}"#),
      (
        "layer.move", #"{"id":\#(layer),"parent":\#(pick(["\"l0\"", "\"l1\"", "\"l2\"", "null"]))}"#
      ),
      ("layer.move", #"{"id":\#(layer),"above":\#(layer)}"#),
      ("layer.bringToFront", #"{"id":\#(layer)}"#),
      ("layer.sendToBack", #"{"id":\#(layer)}"#),
      ("layer.clear", #"{"id":\#(layer)}"#),
      ("layer.tree", #"{"depth":\#(pick(["0", "1", "-1", "\"x\""]))}"#),
      (
        "alert.enqueue",
        #"{"type":\#(type),"id":\#(alert),"queue":\#(queue),"priority":\#(sort),"scope":\#(scope)}"#
      ),
      (
        "alert.enqueue",
        #"{"type":\#(type),"key":"k","onDuplicate":\#(pick(["\"error\"", "\"ignore\"", "\"replace\"", "\"bogus\""]))}"#
      ),
      (
        "alert.enqueue",
        #"{"type":\#(type),"delayMs":\#(pick(["5", "-1", "\"x\""])),"at":\#(pick(["3", "null"])),"durationMs":\#(pick(["4", "0"]))}"#
      ),
      ("alert.enqueue", #"{"type":\#(type),"mount":{"parent":\#(layer),"sort":1}}"#),
      ("alert.complete", #"{"id":\#(alert),"result":{"ok":true}}"#),
      (
        "alert.cancel",
        #"{"id":\#(alert),"states":\#(pick(["[\"pending\"]", "[\"done\"]", "null"]))}"#
      ),
      ("alert.cancel", #"{}"#),
      ("alert.pause", #"{"queue":\#(queue),"reason":\#(pick(["\"r\"", "\"\"", "null"]))}"#),
      ("alert.resume", #"{"queue":\#(queue),"reason":\#(pick(["\"r\"", "7"]))}"#),
      (
        "alert.configure",
        #"{"queue":\#(queue),"maxConcurrent":\#(pick(["1", "2", "0"])),"minGapMs":\#(pick(["0", "3", "-3"]))}"#
      ),
      ("alert.defineType", #"{"type":\#(type),"priority":\#(sort),"scope":\#(scope)}"#),
      ("alert.clear", #"{"queue":\#(queue)}"#),
      ("nav.push", #"{"scope":\#(scope)}"#),
      ("nav.pop", "{}"),
      ("nav.set", #"{"stack":\#(pick(["[\"s0\"]", "[]", "[\"s0\",5]", "\"s0\""]))}"#),
      ("events.subscribe", #"{"topics":\#(pick(["[\"alert.changed\"]", "[\"alert.show\"]"]))}"#),
      ("clock.advance", #"{"ms":\#(pick(["1", "4", "-1", "0.5"]))}"#),
      ("initialize", #"{"clock":\#(pick(["\"manual\"", "\"sundial\""]))}"#),
      ("layer.get", #"{"id":\#(layer),"extra":1}"#),
    ])
    return #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(params.0)","params":\#(params.1)}"#
  }

  /// The first place two dumps differ, with some context.
  static func difference(_ before: String, _ after: String) -> String {
    let a = Array(before.utf8)
    let b = Array(after.utf8)
    var index = 0
    while index < min(a.count, b.count), a[index] == b[index] { index += 1 }
    let from = max(0, index - 60)
    return "before …\(String(decoding: a[from..<min(a.count, index + 60)], as: UTF8.self))… "
      + "after …\(String(decoding: b[from..<min(b.count, index + 60)], as: UTF8.self))…"
  }

  @Test(arguments: [1, 2, 3, 4])
  func failingRequestsChangeNothing(seed: UInt64) throws {
    var configuration = EngineConfiguration()
    configuration.clock = .manual
    configuration.maxLayers = 6
    configuration.maxAlerts = 5
    configuration.logLevel = .error
    let session = Session(configuration: configuration)
    let engine = session.engine
    var outbox = session.makeOutbox()
    var random = Generator(state: seed)
    var failures = 0
    var successes = 0
    for id in 0..<3000 {
      let before = engine.stateDump(queues: Self.queues, types: Self.types)
      var request = Self.request(&random, id: id)
      _ = request.withUTF8 { session.handle(UnsafeRawBufferPointer($0), into: &outbox) }
      let lines = String(decoding: outbox.unwrittenBytes, as: UTF8.self).split(separator: "\n")
      outbox.removeAll()
      let response = try #require(lines.last.map(String.init))
      let parsed = try JSONDocument.parse(response).get().value
      #expect(parsed["id"]?.integer == Int64(id), "\(response)")
      if let error = parsed["error"] {
        failures += 1
        #expect(error["code"]?.integer != -32603, "internal error for \(request)")
        #expect(lines.count == 1, "a failing request wrote events: \(lines)")
        let after = engine.stateDump(queues: Self.queues, types: Self.types)
        #expect(
          after == before,
          "\(request) failed with \(response) but changed the state: \(Self.difference(before, after))"
        )
      } else {
        successes += 1
      }
      engine.screen.layers._checkInvariants()
      engine.screen.alerts._checkInvariants()
    }
    // The run must exercise both outcomes substantially.
    #expect(failures > 500)
    #expect(successes > 500)
  }
}
