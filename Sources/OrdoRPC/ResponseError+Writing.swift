import OrdoJSON

extension ResponseError {
  /// Writes `{"code":…,"message":…,"data":{…}}`.
  public func write(into writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("code")
    writer.int(code.rawValue)
    writer.key("message")
    writer.string(message)
    writer.key("data")
    writer.beginObject()
    for (name, value) in data {
      writer.key(name)
      switch value {
      case .string(let text): writer.string(text)
      case .int(let number): writer.int(number)
      case .null: writer.null()
      }
    }
    writer.endObject()
    writer.endObject()
  }
}
