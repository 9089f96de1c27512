/// A value that writes itself as one JSON value: a method's result, an event's params.
public protocol JSONWritable {
  func write(to writer: inout JSONWriter)
}

/// `null`, for methods whose result is nothing.
public struct JSONNull: JSONWritable, Sendable {
  public init() {}
  public func write(to writer: inout JSONWriter) { writer.null() }
}

/// An object with a single integer member, such as `{"removed": 3}`.
public struct CountResult: JSONWritable, Sendable {
  public let name: StaticString
  public let count: Int

  public init(_ name: StaticString, _ count: Int) {
    self.name = name
    self.count = count
  }

  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key(name)
    writer.int(count)
    writer.endObject()
  }
}

/// An object with a single member holding an array of strings, such as `{"ids": […]}`.
public struct StringsResult: JSONWritable, Sendable {
  public let name: StaticString
  public let values: [String]

  public init(_ name: StaticString, _ values: [String]) {
    self.name = name
    self.values = values
  }

  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key(name)
    writer.strings(values)
    writer.endObject()
  }
}

extension JSONWriter {
  /// `[…]` of strings.
  public mutating func strings(_ values: [String]) {
    beginArray()
    for value in values { string(value) }
    endArray()
  }

  /// `[…]` of integers.
  public mutating func ints(_ values: [Int64]) {
    beginArray()
    for value in values { int(value) }
    endArray()
  }

  /// A writable value, or `null`.
  public mutating func value(_ value: (some JSONWritable)?) {
    if let value { value.write(to: &self) } else { null() }
  }

  /// Drops everything after the first `count` bytes (an answer being replaced).
  public mutating func truncate(to count: Int) {
    precondition(count >= 0 && count <= self.count, "truncate beyond the end")
    removeLast(self.count - count)
  }
}

extension JSONValue: JSONWritable {
  /// Writes the value as compact JSON (a parsed document served as a result).
  public func write(to writer: inout JSONWriter) { writer.value(self) }
}
