#if canImport(Glibc)
  import Glibc
#endif

/// Writes compact JSON text into a reusable byte buffer, without building a jansson tree.
///
/// Commas are placed automatically: a key or an array element written after a complete
/// value is preceded by one. Callers are responsible for balancing begin/end calls.
///
/// The buffer is a growable block written through a pointer (copied on write, so a writer
/// is still a value): a key or a small number costs a bounds check and a few stores, not a
/// generic `Array` append per byte. (`@unchecked Sendable`: the raw pointer is only written
/// through by the writer that uniquely owns the block, like an `Array`'s storage.)
public struct JSONWriter: @unchecked Sendable {
  /// Owns the block `base` points at; shared between copies until one of them writes.
  private var owner: JSONBytes
  /// `owner.base`, kept here so that writing touches no class property (each access to one
  /// is a dynamic exclusivity check).
  private var base: UnsafeMutablePointer<UInt8>
  private var used = 0
  private var capacity: Int
  private var needsComma = false

  public init(capacity: Int = 0) {
    owner = JSONBytes(capacity: capacity)
    base = owner.base
    self.capacity = owner.capacity
  }

  /// The bytes written so far (a copy).
  public var bytes: [UInt8] { withBytes(from: 0) { Array($0.bindMemory(to: UInt8.self)) } }

  /// The text written so far.
  public var text: String {
    withBytes(from: 0) { String(decoding: $0.bindMemory(to: UInt8.self), as: UTF8.self) }
  }

  public var isEmpty: Bool { used == 0 }

  public var count: Int { used }

  /// Gives back storage that one huge message grew past 8 MiB, starting over with
  /// `capacity` bytes (the content goes too: call it once the bytes were used).
  public mutating func shrinkIfHuge(to capacity: Int) {
    if self.capacity > 1 << 23 { self = JSONWriter(capacity: capacity) }
  }

  /// Empties the buffer, keeping its storage for the next message.
  public mutating func clear() {
    if !isKnownUniquelyReferenced(&owner) {
      owner = JSONBytes(capacity: capacity)
      base = owner.base
    }
    used = 0
    needsComma = false
  }

  /// Drops the first `count` bytes (written to the stream already).
  public mutating func removeFirst(_ count: Int) {
    precondition(count >= 0 && count <= used, "removeFirst beyond the end")
    _ = reserve(0)
    memmove(base, base + count, used - count)
    used -= count
  }

  /// Drops the last `count` bytes.
  public mutating func removeLast(_ count: Int) {
    precondition(count >= 0 && count <= used, "removeLast beyond the start")
    _ = reserve(0)
    used -= count
    needsComma = false
  }

  /// Calls `body` with the bytes from `offset` on.
  public func withBytes<R>(from offset: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    precondition(offset >= 0 && offset <= used, "offset beyond the end")
    return withExtendedLifetime(owner) {
      body(UnsafeRawBufferPointer(start: base + offset, count: used - offset))
    }
  }

  // MARK: Structure

  @inline(__always)
  private mutating func separate() {
    if needsComma { appendByte(UInt8(ascii: ",")) }
  }

  /// `byte`, after a comma when one is due: one reservation.
  @inline(__always)
  private mutating func appendAfterComma(_ byte: UInt8) {
    var target = reserve(2)
    if needsComma {
      target.pointee = UInt8(ascii: ",")
      target += 1
      used += 1
    }
    target.pointee = byte
    used += 1
  }

  /// A literal value written with its leading comma (`,true`), the comma dropped when none
  /// is due: one reservation.
  @inline(__always)
  private mutating func appendValue(_ withComma: StaticString) {
    let skip = needsComma ? 0 : 1
    let count = withComma.utf8CodeUnitCount - skip
    Self.copy(withComma.utf8Start + skip, to: reserve(count), count: count)
    used += count
    needsComma = true
  }

  public mutating func beginObject() {
    appendAfterComma(UInt8(ascii: "{"))
    needsComma = false
  }

  public mutating func endObject() {
    appendByte(UInt8(ascii: "}"))
    needsComma = true
  }

  public mutating func beginArray() {
    appendAfterComma(UInt8(ascii: "["))
    needsComma = false
  }

  public mutating func endArray() {
    appendByte(UInt8(ascii: "]"))
    needsComma = true
  }

  /// An object key given as a literal. It must need no escaping (no `"`, backslash or control
  /// character), as every key Ordo writes: checked in debug builds only, so a key costs one
  /// reservation and a copy (≈30 instructions; scanning it too took ≈70, and an alert has 21).
  public mutating func key(_ name: StaticString) {
    let count = name.utf8CodeUnitCount
    assert(
      !name.hasPointerRepresentation || Self.firstEscape(in: name.utf8Start, count: count) == count,
      "a literal key that needs escaping")
    guard name.hasPointerRepresentation else {
      separate()
      name.withUTF8Buffer { appendEscaped($0, comma: false) }
      appendByte(UInt8(ascii: ":"))
      needsComma = false
      return
    }
    // The usual case, in one reservation: `,"name":`.
    var target = reserve(count + 4)
    if needsComma {
      target.pointee = UInt8(ascii: ",")
      target += 1
    }
    target.pointee = UInt8(ascii: "\"")
    Self.copy(name.utf8Start, to: target + 1, count: count)
    target[count + 1] = UInt8(ascii: "\"")
    target[count + 2] = UInt8(ascii: ":")
    used += count + (needsComma ? 4 : 3)
    needsComma = false
  }

  /// A literal piece of JSON that opens a value without closing it, written as is: the start
  /// of an object up to a key, such as `{"jsonrpc":"2.0","id":` (an envelope's fixed start in
  /// one copy instead of five calls). A comma goes before it when one is due; what follows it
  /// gets none. It must be valid where it goes (checked by the tests that read what is written).
  public mutating func fragment(_ text: StaticString) {
    let count = text.utf8CodeUnitCount
    var target = reserve(count + 1)
    if needsComma {
      target.pointee = UInt8(ascii: ",")
      target += 1
      used += 1
    }
    Self.copy(text.utf8Start, to: target, count: count)
    used += count
    needsComma = false
  }

  /// An object key from data.
  @_disfavoredOverload
  public mutating func key(_ name: String) {
    string(name)
    appendByte(UInt8(ascii: ":"))
    needsComma = false
  }

  /// An object key given as UTF-8 bytes.
  public mutating func key(utf8 name: UnsafeBufferPointer<UInt8>) {
    string(utf8: name)
    appendByte(UInt8(ascii: ":"))
    needsComma = false
  }

  // MARK: Values

  /// A string given as a literal.
  public mutating func string(_ value: StaticString) {
    value.withUTF8Buffer { appendEscaped($0, comma: needsComma) }
    needsComma = true
  }

  @_disfavoredOverload
  public mutating func string(_ value: String) {
    var value = value
    value.withUTF8 { appendEscaped($0, comma: needsComma) }
    needsComma = true
  }

  /// A string given as UTF-8 bytes.
  public mutating func string(utf8 value: UnsafeBufferPointer<UInt8>) {
    appendEscaped(value, comma: needsComma)
    needsComma = true
  }

  @_disfavoredOverload
  public mutating func string(_ value: String?) {
    if let value { string(value) } else { null() }
  }

  public mutating func int(_ value: Int64) {
    appendDecimal(value, comma: needsComma)
    needsComma = true
  }

  public mutating func int(_ value: Int) {
    int(Int64(value))
  }

  public mutating func int(_ value: Int64?) {
    if let value { int(value) } else { null() }
  }

  /// A double: whole values within ±2^53 are written without a fraction (`10`, not `10.0`),
  /// others in the shortest form that reads back to the same double.
  public mutating func number(_ value: Double) {
    if value.rounded(.towardZero) == value, abs(value) <= 9_007_199_254_740_992,
      !(value == 0 && value.sign == .minus)
    {
      int(Int64(value))
      return
    }
    exactReal(value)
  }

  /// A double in the shortest form that reads back to the same double, keeping a fraction
  /// (`1.0` stays `1.0`): how a fractional request id is echoed.
  public mutating func exactReal(_ value: Double) {
    separate()
    var text = value.isFinite ? value.description : "null"
    text.withUTF8 { appendRaw($0) }
    needsComma = true
  }

  public mutating func bool(_ value: Bool) {
    value ? appendValue(",true") : appendValue(",false")
  }

  public mutating func null() {
    appendValue(",null")
  }

  /// Already-serialized compact JSON, inserted verbatim.
  public mutating func raw(_ json: String) {
    separate()
    var json = json
    json.withUTF8 { appendRaw($0) }
    needsComma = true
  }

  /// Already-serialized compact JSON bytes, inserted verbatim.
  public mutating func raw(bytes json: some Collection<UInt8>) {
    separate()
    appendCollection(json)
    needsComma = true
  }

  /// A parsed value, written compactly. Recursion depth is bounded by jansson's parse depth.
  public mutating func value(_ value: JSONValue) {
    switch value.kind {
    case .object:
      beginObject()
      value.forEachMemberBytes { name, member in
        key(utf8: name)
        self.value(member)
      }
      endObject()
    case .array:
      beginArray()
      for index in 0..<value.count {
        if let element = value.element(at: index) { self.value(element) }
      }
      endArray()
    case .string:
      _ = value.withStringBytes { string(utf8: $0) }
    case .integer:
      int(value.integer ?? 0)
    case .real:
      exactReal(value.number ?? 0)
    case .bool:
      bool(value.bool ?? false)
    case .null:
      null()
    }
  }

  /// Appends the whole buffer of another writer as one value.
  public mutating func append(_ other: JSONWriter) {
    separate()
    other.withBytes(from: 0) { appendRaw($0.bindMemory(to: UInt8.self)) }
    needsComma = true
  }

  /// Appends bytes that are not part of a JSON value (framing, newlines).
  public mutating func appendFraming(_ framing: some Collection<UInt8>) {
    appendCollection(framing)
    needsComma = false
  }

  /// Appends another writer's bytes as framing (a message body after its header).
  public mutating func appendFraming(_ body: JSONWriter) {
    body.withBytes(from: 0) { appendRaw($0.bindMemory(to: UInt8.self)) }
    needsComma = false
  }

  /// Appends one framing byte (the newline after an NDJSON message).
  public mutating func appendFraming(byte: UInt8) {
    appendByte(byte)
    needsComma = false
  }

  // MARK: Runs

  /// Writes a run of small values into room reserved once: the writes in `body` make no
  /// capacity or sharing check each (an alert, 21 members, in ≈1 800 instructions instead of
  /// ≈3 200). `maxCount` must bound what `body` writes (checked in debug builds); see
  /// `JSONRun` for what each write may take.
  public mutating func run(maxCount: Int, _ body: (inout JSONRun) -> Void) {
    let start = reserve(maxCount)
    var run = JSONRun(start: start, needsComma: needsComma)
    body(&run)
    let written = start.distance(to: run.next)
    assert(written <= maxCount, "a run wrote past its reservation")
    used += written
    needsComma = run.needsComma
  }

  // MARK: Bytes

  /// Room for `count` more bytes; returns where they go. Copies the buffer first if it is
  /// shared (value semantics), grows it geometrically if it is full.
  @inline(__always)
  private mutating func reserve(_ count: Int) -> UnsafeMutablePointer<UInt8> {
    if !isKnownUniquelyReferenced(&owner) || capacity - used < count { makeRoom(count) }
    return base + used
  }

  /// The slow path of `reserve`: copies a shared buffer, grows a full one.
  private mutating func makeRoom(_ count: Int) {
    if !isKnownUniquelyReferenced(&owner) {
      owner = owner.copy(used: used, minimumCapacity: used + count)
    } else if capacity - used < count {
      owner.grow(to: used + count)
    }
    base = owner.base
    capacity = owner.capacity
  }

  @inline(__always)
  private mutating func appendByte(_ byte: UInt8) {
    reserve(1).pointee = byte
    used += 1
  }

  private mutating func appendRaw(_ source: UnsafeBufferPointer<UInt8>) {
    guard let from = source.baseAddress, source.count > 0 else { return }
    Self.copy(from, to: reserve(source.count), count: source.count)
    used += source.count
  }

  /// `memcpy`, without its call for the short keys and values most of a message is made of:
  /// up to 16 bytes move as two (possibly overlapping) words.
  @inline(__always) @usableFromInline
  static func copy(
    _ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int
  ) {
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(target)
    if count >= 8 && count <= 16 {
      let head = from.loadUnaligned(as: UInt64.self)
      let tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      to.storeBytes(of: head, as: UInt64.self)
      to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
    } else if count >= 4 && count < 8 {
      let head = from.loadUnaligned(as: UInt32.self)
      let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
      to.storeBytes(of: head, as: UInt32.self)
      to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
    } else if count > 0 && count < 4 {
      target[0] = source[0]
      target[count / 2] = source[count / 2]
      target[count - 1] = source[count - 1]
    } else if count > 16 {
      target.update(from: source, count: count)
    }
  }

  private mutating func appendCollection(_ source: some Collection<UInt8>) {
    let done: Void? = source.withContiguousStorageIfAvailable { appendRaw($0) }
    if done == nil {
      let target = reserve(source.count)
      var offset = 0
      for byte in source {
        target[offset] = byte
        offset += 1
      }
      used += offset
    }
  }

  /// Bytes known to be valid JSON text as they are.
  @inline(__always)
  private mutating func appendVerbatim(_ text: StaticString) {
    let count = text.utf8CodeUnitCount
    Self.copy(text.utf8Start, to: reserve(count), count: count)
    used += count
  }

  /// The decimal digits of `value`, after a comma when `comma`.
  private mutating func appendDecimal(_ value: Int64, comma: Bool) {
    var target = reserve(21)  // ",-9223372036854775808"
    if comma {
      target.pointee = UInt8(ascii: ",")
      target += 1
      used += 1
    }
    used += Self.writeDecimal(value, to: target)
  }

  /// Writes the decimal digits of `value` at `target` (room for 20 bytes); returns how many.
  @inline(__always)
  static func writeDecimal(_ value: Int64, to target: UnsafeMutablePointer<UInt8>) -> Int {
    if value >= 0 && value < 10 {
      target.pointee = UInt8(ascii: "0") &+ UInt8(value)
      return 1
    }
    var digits = 0
    var magnitude = value.magnitude
    repeat {
      digits += 1
      magnitude /= 10
    } while magnitude > 0
    let length = digits + (value < 0 ? 1 : 0)
    if value < 0 { target.pointee = UInt8(ascii: "-") }
    magnitude = value.magnitude
    var index = length - 1
    repeat {
      target[index] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
      magnitude /= 10
      index -= 1
    } while magnitude > 0
    return length
  }

  private static let hexDigits: StaticString = "0123456789abcdef"

  /// Whether a byte must be escaped inside a JSON string: controls, `"` and `\`.
  @inline(__always)
  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// Where the first byte that must be escaped is in `count` bytes at `bytes`; `count` when
  /// there is none. Looks at 8 bytes per step (a key or a short id in one or two steps:
  /// about 20 instructions instead of 11 per byte).
  @inline(__always)
  static func firstEscape(in bytes: UnsafePointer<UInt8>, count: Int) -> Int {
    let raw = UnsafeRawPointer(bytes)
    var offset = 0
    while offset + 8 <= count {
      if wordNeedsEscape(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { break }
      offset += 8
    }
    if offset + 8 > count && offset < count {
      // The tail: the last 8 bytes when there are that many (overlapping checked ones), else
      // every byte in one word (overlapping halves, or three bytes padded with spaces).
      let word: UInt64
      if count >= 8 {
        word = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      } else if count >= 4 {
        word =
          UInt64(raw.loadUnaligned(as: UInt32.self))
          | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
      } else {
        word =
          0x2020_2020_2000_0000 | UInt64(bytes[0]) | UInt64(bytes[count / 2]) << 8
          | UInt64(bytes[count - 1]) << 16
      }
      if !wordNeedsEscape(word) { return count }
    }
    while offset < count && !needsEscape(bytes[offset]) { offset += 1 }
    return offset
  }

  /// Whether any of the 8 bytes of `word` is below 0x20, `"` or a backslash, exactly, for
  /// any byte values: the classic "has a zero byte" test on `word ^ "…"`, and its "has a
  /// byte below n" form.
  @inline(__always)
  private static func wordNeedsEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let control = (word &- 0x2020_2020_2020_2020) & ~word & highs
    let quote = word ^ 0x2222_2222_2222_2222
    let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
    let quotes = (quote &- ones) & ~quote & highs
    let backslashes = (backslash &- ones) & ~backslash & highs
    return control | quotes | backslashes != 0
  }

  /// A comma when `comma`, then `"` + the bytes, escaped + `"`.
  private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, comma: Bool) {
    let count = utf8.count
    guard let source = utf8.baseAddress, count > 0 else {
      comma ? appendVerbatim(",\"\"") : appendVerbatim("\"\"")
      return
    }
    if Self.firstEscape(in: source, count: count) == count {
      // The common case: one scan, one reservation, one copy.
      var target = reserve(count + 3)
      if comma {
        target.pointee = UInt8(ascii: ",")
        target += 1
        used += 1
      }
      target.pointee = UInt8(ascii: "\"")
      Self.copy(source, to: target + 1, count: count)
      target[count + 1] = UInt8(ascii: "\"")
      used += count + 2
      return
    }
    if comma { appendByte(UInt8(ascii: ",")) }
    // At most 6 bytes per input byte (`\u001f`), plus the quotes.
    let target = reserve(count * 6 + 2)
    var out = 0
    target[out] = UInt8(ascii: "\"")
    out += 1
    for index in 0..<count {
      let byte = source[index]
      guard Self.needsEscape(byte) else {
        target[out] = byte
        out += 1
        continue
      }
      target[out] = UInt8(ascii: "\\")
      switch byte {
      case UInt8(ascii: "\""): target[out + 1] = UInt8(ascii: "\"")
      case UInt8(ascii: "\\"): target[out + 1] = UInt8(ascii: "\\")
      case 0x0A: target[out + 1] = UInt8(ascii: "n")
      case 0x0D: target[out + 1] = UInt8(ascii: "r")
      case 0x09: target[out + 1] = UInt8(ascii: "t")
      case 0x08: target[out + 1] = UInt8(ascii: "b")
      case 0x0C: target[out + 1] = UInt8(ascii: "f")
      default:
        target[out + 1] = UInt8(ascii: "u")
        target[out + 2] = UInt8(ascii: "0")
        target[out + 3] = UInt8(ascii: "0")
        target[out + 4] = Self.hexDigits.utf8Start[Int(byte >> 4)]
        target[out + 5] = Self.hexDigits.utf8Start[Int(byte & 0xF)]
        out += 4
      }
      out += 2
    }
    target[out] = UInt8(ascii: "\"")
    used += out + 1
  }
}

/// The owner of a `JSONWriter`'s block: it frees it, and tells copies of a writer that they
/// share it.
final class JSONBytes: @unchecked Sendable {
  private(set) var base: UnsafeMutablePointer<UInt8>
  private(set) var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    guard let memory = malloc(self.capacity) else { fatalError("out of memory") }
    base = memory.assumingMemoryBound(to: UInt8.self)
  }

  deinit {
    free(base)
  }

  /// A copy holding the first `used` bytes, with room for `minimumCapacity`.
  func copy(used: Int, minimumCapacity: Int) -> JSONBytes {
    let copy = JSONBytes(capacity: max(capacity, minimumCapacity))
    copy.base.update(from: base, count: used)
    return copy
  }

  /// Reallocates to hold at least `minimum` bytes (at least doubling).
  func grow(to minimum: Int) {
    let newCapacity = max(minimum, capacity * 2)
    guard let memory = realloc(base, newCapacity) else { fatalError("out of memory") }
    base = memory.assumingMemoryBound(to: UInt8.self)
    capacity = newCapacity
  }
}

/// Writes into room a `JSONWriter.run` reserved, with the writer's comma rule. Room each
/// write takes at most: a fragment its length plus 1, a key its length plus 4, a string 6
/// bytes per UTF-8 byte plus 3, an integer 21, `null`, `true`, `false` 6, raw JSON its length
/// plus 1, `}` 1.
public struct JSONRun {
  // `@usableFromInline`: the run's writes are inlined into the encoders of other modules
  // (a key then costs about 10 instructions, not a call of 40).
  @usableFromInline var next: UnsafeMutablePointer<UInt8>
  @usableFromInline var needsComma: Bool

  fileprivate init(start: UnsafeMutablePointer<UInt8>, needsComma: Bool) {
    next = start
    self.needsComma = needsComma
  }

  /// At most the room a string of `count` UTF-8 bytes takes.
  public static func room(forString count: Int) -> Int { 6 * count + 3 }

  @inlinable @inline(__always)
  mutating func comma() {
    if needsComma {
      next.pointee = UInt8(ascii: ",")
      next += 1
    }
  }

  /// Literal JSON that opens a value without closing it, as `JSONWriter.fragment`.
  @inlinable @inline(__always)
  public mutating func fragment(_ text: StaticString) {
    comma()
    let count = text.utf8CodeUnitCount
    JSONWriter.copy(text.utf8Start, to: next, count: count)
    next += count
    needsComma = false
  }

  /// An object key given as a literal that needs no escaping, as `JSONWriter.key`.
  @inlinable @inline(__always)
  public mutating func key(_ name: StaticString) {
    comma()
    let count = name.utf8CodeUnitCount
    next.pointee = UInt8(ascii: "\"")
    JSONWriter.copy(name.utf8Start, to: next + 1, count: count)
    next[count + 1] = UInt8(ascii: "\"")
    next[count + 2] = UInt8(ascii: ":")
    next += count + 3
    needsComma = false
  }

  /// Closes an object.
  @inlinable
  public mutating func endObject() {
    next.pointee = UInt8(ascii: "}")
    next += 1
    needsComma = true
  }

  public mutating func string(_ value: String) {
    comma()
    var value = value
    value.withUTF8 { bytes in
      guard let source = bytes.baseAddress, !bytes.isEmpty else {
        next[0] = UInt8(ascii: "\"")
        next[1] = UInt8(ascii: "\"")
        next += 2
        return
      }
      let count = bytes.count
      next.pointee = UInt8(ascii: "\"")
      if JSONWriter.firstEscape(in: source, count: count) == count {
        JSONWriter.copy(source, to: next + 1, count: count)
        next += count + 1
      } else {
        next += 1
        for byte in bytes { appendEscaped(byte) }
      }
      next.pointee = UInt8(ascii: "\"")
      next += 1
    }
    needsComma = true
  }

  public mutating func string(_ value: String?) {
    if let value { string(value) } else { null() }
  }

  private static let hexDigits: StaticString = "0123456789abcdef"

  private mutating func appendEscaped(_ byte: UInt8) {
    let escape: UInt8
    switch byte {
    case UInt8(ascii: "\""): escape = UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): escape = UInt8(ascii: "\\")
    case 0x0A: escape = UInt8(ascii: "n")
    case 0x0D: escape = UInt8(ascii: "r")
    case 0x09: escape = UInt8(ascii: "t")
    case 0x08: escape = UInt8(ascii: "b")
    case 0x0C: escape = UInt8(ascii: "f")
    case 0..<0x20:
      next[0] = UInt8(ascii: "\\")
      next[1] = UInt8(ascii: "u")
      next[2] = UInt8(ascii: "0")
      next[3] = UInt8(ascii: "0")
      next[4] = Self.hexDigits.utf8Start[Int(byte >> 4)]
      next[5] = Self.hexDigits.utf8Start[Int(byte & 0xF)]
      next += 6
      return
    default:
      next.pointee = byte
      next += 1
      return
    }
    next[0] = UInt8(ascii: "\\")
    next[1] = escape
    next += 2
  }

  public mutating func int(_ value: Int64) {
    comma()
    next += JSONWriter.writeDecimal(value, to: next)
    needsComma = true
  }

  public mutating func int(_ value: Int64?) {
    if let value { int(value) } else { null() }
  }

  public mutating func int(_ value: Int) { int(Int64(value)) }

  public mutating func bool(_ value: Bool) {
    value ? literal("true") : literal("false")
  }

  public mutating func null() { literal("null") }

  private mutating func literal(_ text: StaticString) {
    comma()
    let count = text.utf8CodeUnitCount
    JSONWriter.copy(text.utf8Start, to: next, count: count)
    next += count
    needsComma = true
  }

  /// Already-serialized compact JSON, inserted verbatim.
  public mutating func raw(_ json: String) {
    comma()
    var json = json
    json.withUTF8 { bytes in
      if let source = bytes.baseAddress {
        next.update(from: source, count: bytes.count)
        next += bytes.count
      }
    }
    needsComma = true
  }
}
