import OrdoCore
import OrdoJSON

/// How the domain's values are written on the wire (the schema's Layer and Alert objects).
extension JSONWriter {
  /// `{id, parent, sort, index, frame?, hidden, interactive, clips, childCount, data?}`:
  /// `frame` and `data` are left out when not set.
  mutating func layer(_ layer: Layer) {
    beginObject()
    key("id")
    string(layer.id)
    key("parent")
    string(layer.parent)
    key("sort")
    int(layer.sort)
    key("index")
    int(layer.index)
    if let frame = layer.frame {
      key("frame")
      self.frame(frame)
    }
    key("hidden")
    bool(layer.hidden)
    key("interactive")
    bool(layer.interactive)
    key("clips")
    bool(layer.clips)
    key("childCount")
    int(layer.childCount)
    if let data = layer.data {
      key("data")
      raw(data.text)
    }
    endObject()
  }

  mutating func frame(_ frame: Frame) {
    beginObject()
    key("x")
    number(frame.x)
    key("y")
    number(frame.y)
    key("width")
    number(frame.width)
    key("height")
    number(frame.height)
    endObject()
  }

  /// Every member always present, `null` where not set.
  mutating func alert(_ alert: Alert) {
    beginObject()
    key("id")
    string(alert.id)
    key("queue")
    string(alert.queue)
    key("type")
    string(alert.type)
    key("priority")
    int(alert.priority)
    key("state")
    string(alert.state.rawValue)
    key("scope")
    string(alert.scope)
    key("key")
    string(alert.key)
    key("data")
    rawOrNull(alert.data)
    key("result")
    rawOrNull(alert.result)
    key("seq")
    int(alert.seq)
    key("createdAt")
    int(alert.createdAt)
    key("readyAt")
    int(alert.readyAt)
    key("expiresAt")
    int(alert.expiresAt)
    key("durationMs")
    int(alert.durationMs)
    key("shownAt")
    int(alert.shownAt)
    key("endedAt")
    int(alert.endedAt)
    key("endReason")
    string(alert.endReason)
    key("shownCount")
    int(alert.shownCount)
    key("mount")
    if let mount = alert.mount {
      beginObject()
      key("parent")
      string(mount.parent)
      key("sort")
      int(mount.sort)
      endObject()
    } else {
      null()
    }
    endObject()
  }

  mutating func rawOrNull(_ json: RawJSON?) {
    if let json { raw(json.text) } else { null() }
  }

  mutating func strings(_ values: [String]) {
    beginArray()
    for value in values { string(value) }
    endArray()
  }
}
