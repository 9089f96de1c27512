import OrdoCoding
import OrdoCore
import OrdoJSON

extension Engine {
  /// Everything a client could observe of the engine's state, as JSON text: every layer
  /// with all its fields in tree order, every alert (history included), the navigation
  /// stack, the settings, types and pauses of the named queues and types, subscriptions,
  /// the clock, the next timer and the number of counted shows. Tests compare it before and after a failing request.
  func stateDump(queues: [String], types: [String]) -> String {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("layers")
    writer.beginArray()
    for entry in (try? screen.layers.tree(of: nil, depth: nil)) ?? [] {
      if let layer = try? screen.layers.get(id: entry.id) { layer.write(to: &writer) }
    }
    writer.endArray()
    writer.key("alerts")
    writer.beginArray()
    for alert in screen.list() { alert.write(to: &writer) }
    writer.endArray()
    writer.key("stack")
    writer.strings(screen.nav.stack)
    writer.key("queues")
    writer.beginArray()
    for queue in queues {
      let settings = screen.alerts.settings(queue: queue)
      let pause = screen.alerts.pauseState(queue: queue)
      writer.strings(
        [
          settings.queue, "\(settings.maxConcurrent)", "\(settings.minGapMs)",
          "\(settings.historyLimit)",
        ] + pause.reasons)
    }
    writer.endArray()
    writer.key("types")
    writer.beginArray()
    for type in types {
      if let definition = screen.alerts.definition(ofType: type) {
        definition.write(to: &writer)
      } else {
        writer.null()
      }
    }
    writer.endArray()
    writer.key("topics")
    writer.strings(screen.topics.sorted())
    writer.key("now")
    writer.int(clock.now)
    writer.key("deadline")
    writer.int(screen.nextDeadline)
    writer.key("shows")
    writer.int(screen.history(ShowHistoryFilter(limit: .max)).count)
    writer.endObject()
    return writer.text
  }
}
