import OrdoCore
import OrdoJSON

/// JSON that is not the shape a durable row or a trace promises.
public struct DecodingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A JSON Pointer to the offending value.
  public let path: String
  public let message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Reads the members of one JSON object, every failure naming its JSON Pointer.
public struct ObjectReader {
  public let value: JSONValue
  public let path: String

  public init(_ value: JSONValue, path: String = "") throws(DecodingError) {
    guard value.kind == .object else {
      throw DecodingError(path: path, message: "expected an object")
    }
    self.value = value
    self.path = path
  }

  private func fail(_ key: String, _ expected: String) -> DecodingError {
    DecodingError(path: path + "/" + key, message: "expected \(expected)")
  }

  /// The member, nil when absent or null.
  public func member(_ key: String) -> JSONValue? {
    guard let member = value.member(key), !member.isNull else { return nil }
    return member
  }

  public func string(_ key: String) throws(DecodingError) -> String? {
    guard let member = member(key) else { return nil }
    guard let text = member.string else { throw fail(key, "a string") }
    return text
  }

  public func requiredString(_ key: String) throws(DecodingError) -> String {
    guard let text = try string(key) else { throw fail(key, "a string") }
    return text
  }

  /// The protocol's integers: within ±(2^53 − 1).
  public static let safeIntegers: ClosedRange<Int64> =
    -9_007_199_254_740_991...9_007_199_254_740_991

  /// An integer within `range` (by default the protocol's ±(2^53 − 1)). Rows and traces come
  /// from files anyone can edit: a value the engine could never have written (a counter at
  /// 2^63 − 1, a negative queue limit) is refused here, not trusted into arithmetic.
  public func integer(_ key: String, in range: ClosedRange<Int64> = safeIntegers)
    throws(DecodingError) -> Int64?
  {
    guard let member = member(key) else { return nil }
    guard let number = member.exactInteger, range.contains(number) else {
      throw fail(key, "an integer from \(range.lowerBound) to \(range.upperBound)")
    }
    return number
  }

  public func requiredInteger(_ key: String, in range: ClosedRange<Int64> = safeIntegers)
    throws(DecodingError) -> Int64
  {
    guard let number = try integer(key, in: range) else { throw fail(key, "an integer") }
    return number
  }

  /// A name (id, type, queue, scope, key): 1 to 256 characters, as the protocol allows.
  public func name(_ key: String) throws(DecodingError) -> String? {
    guard let text = try string(key) else { return nil }
    guard (1...256).contains(text.unicodeScalars.count) else {
      throw fail(key, "a string of 1 to 256 characters")
    }
    return text
  }

  public func requiredName(_ key: String) throws(DecodingError) -> String {
    guard let text = try name(key) else { throw fail(key, "a string of 1 to 256 characters") }
    return text
  }

  public func bool(_ key: String) throws(DecodingError) -> Bool? {
    guard let member = member(key) else { return nil }
    guard let flag = member.bool else { throw fail(key, "true or false") }
    return flag
  }

  public func object(_ key: String) throws(DecodingError) -> ObjectReader? {
    guard let member = member(key) else { return nil }
    return try ObjectReader(member, path: path + "/" + key)
  }

  /// Each element of the array member `key` (absent: none), read by `body`.
  public func array<T>(_ key: String, _ body: (JSONValue, String) throws(DecodingError) -> T)
    throws(DecodingError) -> [T]
  {
    guard let member = member(key) else { return [] }
    guard member.kind == .array else { throw fail(key, "an array") }
    var items: [T] = []
    for index in 0..<member.count {
      guard let element = member.element(at: index) else { continue }
      items.append(try body(element, path + "/" + key + "/\(index)"))
    }
    return items
  }

  public func choice<T: RawRepresentable>(_ key: String, _: T.Type) throws(DecodingError) -> T?
  where T.RawValue == String {
    guard let text = try string(key) else { return nil }
    guard let value = T(rawValue: text) else { throw fail(key, "a known value, not \"\(text)\"") }
    return value
  }

  /// Any JSON kept verbatim (`data`, `result`).
  public func raw(_ key: String) -> RawJSON? {
    member(key).map { RawJSON(text: $0.compactText) }
  }

  /// Any JSON kept as its text in the string member `key` (too deep to be written in place).
  public func jsonText(_ key: String) throws(DecodingError) -> RawJSON? {
    guard let text = try string(key) else { return nil }
    guard case .success(let document) = JSONDocument.parse(text) else {
      throw fail(key, "the text of a JSON value")
    }
    return RawJSON(text: document.value.compactText)
  }
}

/// The members an object Ordo writes may have, in the order it writes them.
public struct MemberNames: Sendable {
  public let names: [String]
  private let utf8: [[UInt8]]

  public init(_ names: [String]) {
    self.names = names
    self.utf8 = names.map { Array($0.utf8) }
  }

  /// The position of the name whose UTF-8 is `key`, looked for from `start` on.
  func index(of key: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    utf8[start...].firstIndex { $0.elementsEqual(key) }
  }
}

extension ObjectReader {
  /// Refuses a member that is not one of `members`: a row or a trace's state holding one
  /// was not written by Ordo. Ordo writes them in their order, so each is found at the next
  /// place, one comparison; one out of order is looked for among them all.
  public func refuseMembers(other members: MemberNames) throws(DecodingError) {
    var next = 0
    var unknown: String?
    value.forEachMemberKey { key, _ in
      if let found = members.index(of: key, from: next) ?? members.index(of: key, from: 0) {
        next = found + 1
        return true
      }
      unknown = String(decoding: key, as: UTF8.self)
      return false
    }
    guard let unknown else { return }
    throw DecodingError(
      path: path + "/" + JSONPointer.escape(unknown),
      message: "not a member Ordo writes here (it writes "
        + members.names.joined(separator: ", ") + ")")
  }
}

/// The largest protocol integer (2^53 − 1), for the decoders' ranges.
private let safeMaxInteger: Int64 = 9_007_199_254_740_991

extension FrequencyLimit {
  static let members = MemberNames(["max", "windowMs", "per"])

  public init(reading reader: ObjectReader) throws(DecodingError) {
    try reader.refuseMembers(other: Self.members)
    self.init(
      max: Int(try reader.requiredInteger("max", in: 0...safeMaxInteger)),
      windowMs: try reader.integer("windowMs", in: 1...safeMaxInteger),
      per: try reader.choice("per", FrequencyLimit.Per.self))
  }
}

extension AlertTypeDefinition {
  static let members = MemberNames([
    "type", "priority", "scope", "durationMs", "ttlMs", "queue", "persist", "limit",
    "cooldownMs", "onLimit",
  ])

  public init(reading reader: ObjectReader) throws(DecodingError) {
    try reader.refuseMembers(other: Self.members)
    self.init(
      type: try reader.requiredName("type"), priority: try reader.integer("priority"),
      scope: try reader.name("scope"),
      durationMs: try reader.integer("durationMs", in: 1...safeMaxInteger),
      ttlMs: try reader.integer("ttlMs", in: 0...safeMaxInteger), queue: try reader.name("queue"),
      persist: try reader.bool("persist"),
      limit: try reader.object("limit").map { (limit) throws(DecodingError) in
        try FrequencyLimit(reading: limit)
      },
      cooldownMs: try reader.integer("cooldownMs", in: 0...safeMaxInteger),
      onLimit: try reader.choice("onLimit", OnLimit.self))
  }
}

extension AlertQueueSettings {
  static let members = MemberNames(["queue", "maxConcurrent", "minGapMs", "historyLimit"])

  public init(reading reader: ObjectReader) throws(DecodingError) {
    try reader.refuseMembers(other: Self.members)
    self.init(
      queue: try reader.requiredName("queue"),
      maxConcurrent: Int(try reader.requiredInteger("maxConcurrent", in: 1...1_000_000)),
      minGapMs: try reader.requiredInteger("minGapMs", in: 0...safeMaxInteger),
      historyLimit: Int(try reader.requiredInteger("historyLimit", in: 0...100_000_000)))
  }
}

extension Alert {
  static let members = MemberNames([
    "id", "queue", "type", "priority", "state", "scope", "key", "data", "result", "seq",
    "createdAt", "readyAt", "expiresAt", "durationMs", "shownAt", "endedAt", "endReason",
    "shownCount", "mount", "persist",
  ])
  static let mountMembers = MemberNames(["parent", "sort"])

  /// An alert as `Alert.write(to:)` writes it.
  public init(reading reader: ObjectReader) throws(DecodingError) {
    try reader.refuseMembers(other: Self.members)
    let mount = try reader.object("mount").map { (mount) throws(DecodingError) in
      try mount.refuseMembers(other: Self.mountMembers)
      return AlertMount(
        parent: try mount.name("parent"), sort: try mount.requiredInteger("sort"))
    }
    guard let state = try reader.choice("state", AlertState.self) else {
      throw DecodingError(path: reader.path + "/state", message: "expected a state")
    }
    self.init(
      id: try reader.requiredName("id"), queue: try reader.requiredName("queue"),
      type: try reader.requiredName("type"), priority: try reader.requiredInteger("priority"),
      state: state, scope: try reader.name("scope"), key: try reader.name("key"),
      data: reader.raw("data"), result: reader.raw("result"),
      seq: try reader.requiredInteger("seq", in: 0...safeMaxInteger),
      createdAt: try reader.requiredInteger("createdAt"),
      readyAt: try reader.integer("readyAt"), expiresAt: try reader.integer("expiresAt"),
      durationMs: try reader.integer("durationMs", in: 1...safeMaxInteger),
      shownAt: try reader.integer("shownAt"), endedAt: try reader.integer("endedAt"),
      endReason: try reader.choice("endReason", EndReason.self),
      shownCount: Int(try reader.integer("shownCount", in: 0...safeMaxInteger) ?? 0),
      mount: mount,
      persist: try reader.bool("persist") ?? false)
  }
}

extension PersistedAlert: JSONWritable {
  /// `{alert, preempt, limit, cooldownMs, onLimit}`; the alert's times are wall-clock ms.
  /// (A store's row: its data and result nest two levels deeper than on their own, as in
  /// the request that set them, so they always fit.)
  public func write(to writer: inout JSONWriter) {
    write(to: &writer, nestedIn: nil)
  }

  /// As `write(to:)`, inside `levels` arrays and objects of the text being written (a trace
  /// header's state): a `data` or `result` that would then nest deeper than the parser
  /// reads (docs/protocol.md#the-trace-file) is written as its JSON text in `dataText` or
  /// `resultText`, the alert's member null, so that the line can be read back. `levels`
  /// nil: a store's row, always in place.
  public func write(to writer: inout JSONWriter, nestedIn levels: Int?) {
    // Inside this object and the alert's.
    let deepest = levels.map { JSONDocument.maxDepth - $0 - 2 } ?? .max
    // Text shorter than the room left cannot nest past it.
    func tooDeep(_ json: RawJSON?) -> String? {
      json.flatMap {
        $0.text.utf8.count > deepest && JSONDocument.depth(of: $0.text) > deepest ? $0.text : nil
      }
    }
    let dataText = tooDeep(alert.data)
    let resultText = tooDeep(alert.result)
    var shallow = alert
    if dataText != nil { shallow.data = nil }
    if resultText != nil { shallow.result = nil }
    writer.beginObject()
    writer.key("alert")
    shallow.write(to: &writer)
    if let dataText {
      writer.key("dataText")
      writer.string(dataText)
    }
    if let resultText {
      writer.key("resultText")
      writer.string(resultText)
    }
    writer.key("preempt")
    writer.bool(preempt)
    writer.key("limit")
    writer.value(limit)
    writer.key("cooldownMs")
    writer.int(cooldownMs)
    writer.key("onLimit")
    writer.string(onLimit.rawValue)
    writer.endObject()
  }

  static let members = MemberNames(["alert", "preempt", "limit", "cooldownMs", "onLimit"])
  /// In a trace header's state (a store's row never has the two texts).
  static let headerMembers = MemberNames([
    "alert", "dataText", "resultText", "preempt", "limit", "cooldownMs", "onLimit",
  ])

  /// A record as `write(to:)` writes it (a store's row), or as `write(to:nestedIn:)` does
  /// (`inHeader`).
  public init(reading reader: ObjectReader, inHeader: Bool = false) throws(DecodingError) {
    try reader.refuseMembers(other: inHeader ? Self.headerMembers : Self.members)
    guard let alertReader = try reader.object("alert") else {
      throw DecodingError(path: reader.path + "/alert", message: "expected an object")
    }
    var alert = try Alert(reading: alertReader)
    // The alert's member, or the text in `<name>Text` in its place (the member null).
    func inPlace(of member: RawJSON?, _ name: String) throws(DecodingError) -> RawJSON? {
      guard let text = try reader.jsonText(name + "Text") else { return member }
      guard member == nil else {
        throw DecodingError(
          path: reader.path + "/\(name)Text", message: "alert/\(name) is not null")
      }
      return text
    }
    alert.data = try inPlace(of: alert.data, "data")
    alert.result = try inPlace(of: alert.result, "result")
    self.init(
      alert: alert, preempt: try reader.bool("preempt") ?? false,
      limit: try reader.object("limit").map { (limit) throws(DecodingError) in
        try FrequencyLimit(reading: limit)
      },
      cooldownMs: try reader.integer("cooldownMs", in: 0...safeMaxInteger),
      onLimit: try reader.choice("onLimit", OnLimit.self) ?? .drop)
  }
}

extension ShowRecord: JSONWritable {
  /// `{id, type, key, queue, wallAt, order}` (engine time is not durable).
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("id")
    writer.string(id)
    writer.key("type")
    writer.string(type)
    writer.key("key")
    writer.string(key)
    writer.key("queue")
    writer.string(queue)
    writer.key("wallAt")
    writer.int(wallAt)
    writer.key("order")
    writer.int(order)
    writer.endObject()
  }

  static let members = MemberNames(["id", "type", "key", "queue", "wallAt", "order"])

  public init(reading reader: ObjectReader) throws(DecodingError) {
    try reader.refuseMembers(other: Self.members)
    self.init(
      id: try reader.requiredName("id"), type: try reader.requiredName("type"),
      key: try reader.name("key"), queue: try reader.requiredName("queue"), at: 0,
      wallAt: try reader.requiredInteger("wallAt"),
      order: try reader.requiredInteger("order", in: 0...safeMaxInteger))
  }
}

extension DurableState: JSONWritable {
  /// `{types, queues, shows, alerts, counters}` (a trace header's `state`).
  public func write(to writer: inout JSONWriter) {
    write(to: &writer, nestedIn: 0)
  }

  /// As `write(to:)`, inside `levels` arrays and objects of the text being written: see
  /// `PersistedAlert.write(to:nestedIn:)`.
  public func write(to writer: inout JSONWriter, nestedIn levels: Int) {
    writer.beginObject()
    writer.key("types")
    writer.beginArray()
    for type in types { type.write(to: &writer) }
    writer.endArray()
    writer.key("queues")
    writer.beginArray()
    for queue in queues { queue.write(to: &writer) }
    writer.endArray()
    writer.key("shows")
    writer.beginArray()
    for show in shows { show.write(to: &writer) }
    writer.endArray()
    writer.key("alerts")
    writer.beginArray()
    // Inside this object and the array.
    for alert in alerts { alert.write(to: &writer, nestedIn: levels + 2) }
    writer.endArray()
    writer.key("counters")
    writer.beginObject()
    writer.key("lastSeq")
    writer.int(counters.lastSeq)
    writer.key("lastGeneratedID")
    writer.int(counters.lastGeneratedID)
    writer.key("lastShowOrder")
    writer.int(counters.lastShowOrder)
    writer.endObject()
    writer.endObject()
  }

  static let members = MemberNames(["types", "queues", "shows", "alerts", "counters"])
  static let counterMembers = MemberNames(["lastSeq", "lastGeneratedID", "lastShowOrder"])

  /// A state as `write(to:)` writes it (a trace header's `state`), refused where a state
  /// file's rows would be (`DurableRowsTogether`): two queues of one name, two alerts of one
  /// seq or id.
  public init(reading reader: ObjectReader) throws(DecodingError) {
    try reader.refuseMembers(other: Self.members)
    let counters = try reader.object("counters")
    try counters?.refuseMembers(other: Self.counterMembers)
    self.init(
      types: try reader.array("types") { (value, path) throws(DecodingError) in
        try AlertTypeDefinition(reading: try ObjectReader(value, path: path))
      },
      queues: try reader.array("queues") { (value, path) throws(DecodingError) in
        try AlertQueueSettings(reading: try ObjectReader(value, path: path))
      },
      shows: try reader.array("shows") { (value, path) throws(DecodingError) in
        try ShowRecord(reading: try ObjectReader(value, path: path))
      },
      alerts: try reader.array("alerts") { (value, path) throws(DecodingError) in
        try PersistedAlert(reading: try ObjectReader(value, path: path), inHeader: true)
      },
      counters: DurableCounters(
        lastSeq: try counters?.integer("lastSeq", in: 0...safeMaxInteger) ?? 0,
        lastGeneratedID: try counters?.integer("lastGeneratedID", in: 0...safeMaxInteger) ?? 0,
        lastShowOrder: try counters?.integer("lastShowOrder", in: 0...safeMaxInteger) ?? 0))
    var together = DurableRowsTogether()
    for (index, queue) in queues.enumerated() {
      try together.admit(queue, at: reader.path + "/queues/\(index)")
    }
    for (index, alert) in alerts.enumerated() {
      try together.admit(alert, at: reader.path + "/alerts/\(index)")
    }
  }
}

/// The rules that hold between the rows of a durable state, however it is read (a state
/// file's alert rows as the store reads them, a trace header's `state`): no two queues of
/// one name, no two alerts of one seq or one id, names compared as the engine compares them
/// (canonically: "é" and e with a combining accent are one). Ordo never writes such rows;
/// restored, one of two alerts of one id was dropped without a word, and two of one seq
/// broke the order of their queue's list, which is by seq. (The store refuses a queue's
/// twin as it files the rows by name, where a type's twin is passed over.)
public struct DurableRowsTogether {
  private var queueNames: Set<String> = []
  private var seqs: Set<Int64> = []
  private var alertIDs: Set<String> = []

  public init() {}

  /// Takes `queue`, refused (at `place`) when an earlier one has its name.
  public mutating func admit(_ queue: AlertQueueSettings, at place: String)
    throws(DecodingError)
  {
    guard queueNames.insert(queue.queue).inserted else {
      throw DecodingError(path: place, message: "a queue with the name of another")
    }
  }

  /// Takes `persisted`, refused (at `place`) when an earlier one has its seq or its id.
  public mutating func admit(_ persisted: PersistedAlert, at place: String)
    throws(DecodingError)
  {
    guard seqs.insert(persisted.alert.seq).inserted else {
      throw DecodingError(path: place, message: "an alert with the seq of another")
    }
    guard alertIDs.insert(persisted.alert.id).inserted else {
      throw DecodingError(path: place, message: "an alert with the id of another")
    }
  }
}
