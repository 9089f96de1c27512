import OrdoCore
import OrdoJSON

// How the domain's values are written as JSON — on the wire, in the durable state's rows and
// in traces: each encoder exists once, here.

extension Layer: JSONWritable {
  /// `{id, parent, sort, index, frame?, hidden, interactive, clips, childCount, data?}`:
  /// `frame` and `data` are left out when not set.
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("id")
    writer.string(id)
    writer.key("parent")
    writer.string(parent)
    writer.key("sort")
    writer.int(sort)
    writer.key("index")
    writer.int(index)
    if let frame {
      writer.key("frame")
      frame.write(to: &writer)
    }
    writer.key("hidden")
    writer.bool(hidden)
    writer.key("interactive")
    writer.bool(interactive)
    writer.key("clips")
    writer.bool(clips)
    writer.key("childCount")
    writer.int(childCount)
    if let data {
      writer.key("data")
      writer.raw(data.text)
    }
    writer.endObject()
  }
}

extension Frame: JSONWritable {
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("x")
    writer.number(x)
    writer.key("y")
    writer.number(y)
    writer.key("width")
    writer.number(width)
    writer.key("height")
    writer.number(height)
    writer.endObject()
  }
}

extension RawJSON: JSONWritable {
  public func write(to writer: inout JSONWriter) { writer.raw(text) }
}

extension Alert: JSONWritable {
  /// Every member always present, `null` where not set.
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("id")
    writer.string(id)
    writer.key("queue")
    writer.string(queue)
    writer.key("type")
    writer.string(type)
    writer.key("priority")
    writer.int(priority)
    writer.key("state")
    writer.string(state.rawValue)
    writer.key("scope")
    writer.string(scope)
    writer.key("key")
    writer.string(key)
    writer.key("data")
    writer.value(data)
    writer.key("result")
    writer.value(result)
    writer.key("seq")
    writer.int(seq)
    writer.key("createdAt")
    writer.int(createdAt)
    writer.key("readyAt")
    writer.int(readyAt)
    writer.key("expiresAt")
    writer.int(expiresAt)
    writer.key("durationMs")
    writer.int(durationMs)
    writer.key("shownAt")
    writer.int(shownAt)
    writer.key("endedAt")
    writer.int(endedAt)
    writer.key("endReason")
    writer.string(endReason?.rawValue)
    writer.key("shownCount")
    writer.int(shownCount)
    writer.key("mount")
    writer.value(mount)
    writer.key("persist")
    writer.bool(persist)
    writer.endObject()
  }
}

extension AlertMount: JSONWritable {
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("parent")
    writer.string(parent)
    writer.key("sort")
    writer.int(sort)
    writer.endObject()
  }
}

extension FrequencyLimit: JSONWritable {
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("max")
    writer.int(max)
    writer.key("windowMs")
    writer.int(windowMs)
    writer.key("per")
    writer.string(per?.rawValue)
    writer.endObject()
  }
}

extension AlertQueueSettings: JSONWritable {
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("queue")
    writer.string(queue)
    writer.key("maxConcurrent")
    writer.int(maxConcurrent)
    writer.key("minGapMs")
    writer.int(minGapMs)
    writer.key("historyLimit")
    writer.int(historyLimit)
    writer.endObject()
  }
}

extension AlertTypeDefinition: JSONWritable {
  /// The definition as stored: every member, `null` where not set.
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("type")
    writer.string(type)
    writer.key("priority")
    writer.int(priority)
    writer.key("scope")
    writer.string(scope)
    writer.key("durationMs")
    writer.int(durationMs)
    writer.key("ttlMs")
    writer.int(ttlMs)
    writer.key("queue")
    writer.string(queue)
    writer.key("persist")
    if let persist { writer.bool(persist) } else { writer.null() }
    writer.key("limit")
    writer.value(limit)
    writer.key("cooldownMs")
    writer.int(cooldownMs)
    writer.key("onLimit")
    writer.string(onLimit?.rawValue)
    writer.endObject()
  }
}

extension Navigation: JSONWritable {
  /// `{stack, active}`.
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("stack")
    writer.strings(stack)
    writer.key("active")
    writer.string(active)
    writer.endObject()
  }
}
