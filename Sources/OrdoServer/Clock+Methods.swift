import OrdoJSON
import OrdoRPC

/// `clock.now`, `clock.advance` (docs/protocol.md#clock).
extension Engine {
  static func registerClockMethods(in table: inout MethodTable) {
    table.add("clock.now", NoParams.self) { engine, _ in
      ClockReading(now: engine.now, mode: engine.clock.mode)
    }
    table.add("clock.advance", AdvanceParams.self) { engine, params throws(ResponseError) in
      try engine.advanceManualClock(by: params.ms)
    }
  }

  struct AdvanceParams: MethodParams {
    static let names = ["ms"]
    let ms: Int64

    init(_ params: Params) throws(ResponseError) {
      ms = try params.requiredInteger("ms", in: 0...Params.maxSafeInteger)
    }
  }

  struct ClockReading: JSONWritable {
    let now: Int64
    let mode: ClockMode?

    func write(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.key("now")
      writer.int(now)
      if let mode {
        writer.key("mode")
        writer.string(mode.rawValue)
      }
      writer.endObject()
    }
  }

  /// Moves the manual clock forward, firing every due timer at its own instant, in order.
  private func advanceManualClock(by ms: Int64) throws(ResponseError) -> ClockReading {
    guard clock.mode == .manual else {
      throw .invalidState(
        reason: "system_clock", state: "system",
        message: "clock.advance needs the manual clock; start with --clock manual "
          + "or initialize {clock: \"manual\"}.")
    }
    let target = now + ms
    guard target <= Params.maxSafeInteger else {
      // The range left, as delayMs's refusal gives it.
      let most = Params.maxSafeInteger - now
      throw .invalidParams(
        path: "/ms", expected: "an integer from 0 to \(most)",
        message: "ms must keep the clock within 2^53 - 1: at most \(most) now.")
    }
    advance(to: target)
    clock.set(manual: target)
    return ClockReading(now: target, mode: nil)
  }
}
