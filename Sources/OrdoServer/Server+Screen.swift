import OrdoCore
import OrdoJSON

// Temporary: the engine before the domain core is bound. Replaced by the Screen binding.
extension Server {
  var screenNextDeadline: Int64? { nil }
  func advanceScreen(to time: Int64) {}
  func writePendingEvents() {}
  func resetEngine() { clock.reset() }
  func writeStats() {
    result.beginObject()
    result.key("layers")
    result.int(0)
    result.key("alerts")
    result.beginObject()
    for state in ["scheduled", "pending", "showing", "suspended", "ended"] {
      result.key(state)
      result.int(0)
    }
    result.endObject()
    result.key("requests")
    result.int(requestCount)
    result.key("uptimeMs")
    result.int(clock.uptime)
    result.endObject()
  }
  static let layerMethods: [(String, Method)] = []
  static let alertMethods: [(String, Method)] = []
  static let navMethods: [(String, Method)] = []
  static let eventsMethods: [(String, Method)] = []
}
