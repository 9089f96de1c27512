import OrdoCore
import OrdoJSON

// How the domain's values are written as JSON — on the wire, in the durable state's rows and
// in traces: each encoder exists once, here.

extension Layer: JSONWritable {
  /// `{id, parent, sort, index, frame?, hidden, interactive, clips, childCount, data?}`:
  /// `frame` and `data` are left out when not set. Written as one run (`JSONWriter.run`),
  /// but for the frame's numbers.
  public func write(to writer: inout JSONWriter) {
    let strings = id.utf8.count + (parent?.utf8.count ?? 0)
    writer.run(maxCount: 200 + 6 * strings) { run in
      run.fragment("{\"id\":")
      run.string(id)
      run.key("parent")
      run.string(parent)
      run.key("sort")
      run.int(sort)
      run.key("index")
      run.int(index)
    }
    if let frame {
      writer.key("frame")
      frame.write(to: &writer)
    }
    writer.run(maxCount: 120) { run in
      run.key("hidden")
      run.bool(hidden)
      run.key("interactive")
      run.bool(interactive)
      run.key("clips")
      run.bool(clips)
      run.key("childCount")
      run.int(childCount)
    }
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
  /// Every member always present, `null` where not set. Written as one run (`JSONWriter.run`):
  /// an alert is most of the bytes of an enqueue, a complete and a show.
  public func write(to writer: inout JSONWriter) {
    var strings = id.utf8.count + queue.utf8.count + type.utf8.count
    strings += (scope?.utf8.count ?? 0) + (key?.utf8.count ?? 0)
    strings += mount?.parent?.utf8.count ?? 0
    let raw = (data?.text.utf8.count ?? 0) + (result?.text.utf8.count ?? 0)
    // Keys and punctuation take under 300 bytes, 22 numbers or literals under 470.
    writer.run(maxCount: 800 + 6 * strings + raw) { run in
      run.fragment("{\"id\":")
      run.string(id)
      run.key("queue")
      run.string(queue)
      run.key("type")
      run.string(type)
      run.key("priority")
      run.int(priority)
      run.key("state")
      run.string(state.rawValue)
      run.key("scope")
      run.string(scope)
      run.key("key")
      run.string(key)
      run.key("data")
      if let data { run.raw(data.text) } else { run.null() }
      run.key("result")
      if let result { run.raw(result.text) } else { run.null() }
      run.key("seq")
      run.int(seq)
      run.key("createdAt")
      run.int(createdAt)
      run.key("readyAt")
      run.int(readyAt)
      run.key("expiresAt")
      run.int(expiresAt)
      run.key("durationMs")
      run.int(durationMs)
      run.key("shownAt")
      run.int(shownAt)
      run.key("endedAt")
      run.int(endedAt)
      run.key("endReason")
      if let endReason { run.string(endReason.rawValue) } else { run.null() }
      run.key("shownCount")
      run.int(shownCount)
      run.key("mount")
      if let mount {
        run.fragment("{\"parent\":")
        run.string(mount.parent)
        run.key("sort")
        run.int(mount.sort)
        run.endObject()
      } else {
        run.null()
      }
      run.key("persist")
      run.bool(persist)
      run.endObject()
    }
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
