import CJansson
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Why a byte buffer is not a JSON text, as jansson (or the pre-checks around it) saw it.
public struct JSONParseFailure: Error, Equatable, Sendable {
  public enum Reason: String, Sendable {
    /// Not JSON at all (syntax).
    case invalidJSON = "invalid_json"
    /// Bytes that are not UTF-8.
    case invalidUTF8 = "invalid_utf8"
    /// A raw NUL byte (0x00) outside any string escape.
    case nulByte = "nul_byte"
    /// The text stops before the value is complete.
    case truncated = "truncated"
    /// Arrays/objects nested deeper than jansson's limit.
    case tooDeep = "too_deep"
    /// A number jansson cannot hold (a real overflowing a double).
    case numberOutOfRange = "number_out_of_range"
    /// Valid JSON that jansson cannot represent: `\u0000` inside an object key.
    case nulInKey = "nul_in_key"
    /// The memory to parse it could not be had (a process memory limit, `ulimit -v`).
    case outOfMemory = "out_of_memory"
  }

  public let reason: Reason
  /// jansson's own text, for logs and `error.data.detail`.
  public let detail: String
  /// Byte offset of the problem in the input.
  public let position: Int

  /// Whether the text was refused for an object naming a key twice (only when parsed
  /// `rejectingDuplicateKeys`; jansson names the key: "duplicate object key near '"id"'").
  public var isDuplicateKey: Bool { detail.hasPrefix("duplicate object key") }

  /// A parse the memory could not be had for (made once: not on the path of every parse).
  static let outOfMemory = JSONParseFailure(
    reason: .outOfMemory, detail: "out of memory", position: 0)
}

/// The owner of one parsed jansson tree. Values read from it (`JSONValue`) keep it alive.
///
/// When the process opted in (`installArenaAllocator()`, which the `ordo` executable does),
/// the tree lives in an arena of its own (see `ParseArena`): parsing makes one or two
/// allocations instead of one per value, and releasing the document frees the arena's blocks
/// without walking the tree. Otherwise it is an ordinary jansson tree, decref'd here.
public final class JSONDocument {
  let root: OpaquePointer
  /// The first of the arena blocks holding the tree (chained through their first word); nil
  /// for a tree jansson allocated itself.
  let arena: UnsafeMutableRawPointer?
  /// Whether the text held lone surrogate escapes, read as U+FFFD: its strings then differ
  /// from what was sent (a request's string `id` is echoed from the text instead).
  public private(set) var replacedLoneSurrogates = false

  private init(root: OpaquePointer, arena: UnsafeMutableRawPointer?) {
    self.root = root
    self.arena = arena
  }

  deinit {
    if let arena {
      // Every value of the tree lives in the arena: no json_decref, no tree walk.
      ParseArena.release(arena)
    } else {
      ordo_json_decref(UnsafeMutablePointer(root))
    }
  }

  /// Makes every later parse allocate from an arena: ~2 100 fewer instructions per
  /// `engine.ping` (a quarter of the parse). jansson's allocator hooks are process-wide, so
  /// only the owner of the process may call this — the `ordo` executable does, first thing;
  /// a library embedding Ordo must not unless it owns every jansson use in its process.
  /// Idempotent.
  public static func installArenaAllocator() {
    ParseArena.install()
  }

  /// The top-level value.
  public var value: JSONValue { JSONValue(document: self, raw: root) }

  /// The deepest nesting the parser reads, counted as `depth(of:)` counts: jansson's
  /// `JSON_PARSER_MAX_DEPTH`, fixed when the library is built (a test checks it against the
  /// library linked). Text Ordo writes to read back later must fit it.
  public static let maxDepth = 2048

  /// How deep the valid JSON `text` is as the parser counts it: each value counts itself and
  /// the arrays and objects around it (1 for `7` or `[]`, 2 for `[7]` or `{"a":[]}`).
  /// - Complexity: O(n) in the byte count.
  public static func depth(of text: String) -> Int {
    var deepest = 0
    var depth = 0
    var strings = JSONStringTracker()
    for byte in text.utf8 {
      let opensAString = !strings.inString
      if strings.feed(byte) {
        // A string (or a key, which sits as deep as its value) one level inside.
        if opensAString { deepest = max(deepest, depth + 1) }
        continue
      }
      switch byte {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        deepest = max(deepest, depth)
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: " "), 0x09, 0x0A, 0x0D: break
      default: deepest = max(deepest, depth + 1)  // a number or a literal one level inside
      }
    }
    return deepest
  }

  /// Parses one JSON text (any value at the top level, `\u0000` allowed inside strings).
  ///
  /// A raw NUL byte is refused before jansson sees it: jansson stops at one and would
  /// accept `123` followed by garbage. Integers outside jansson's 64-bit range are read as
  /// reals rather than refused, since they are valid JSON, and a lone surrogate escape
  /// (`"\ud800"`) reads as U+FFFD.
  /// - Complexity: O(n) in the byte count.
  public static func parse(_ bytes: UnsafeRawBufferPointer) -> Result<
    JSONDocument, JSONParseFailure
  > {
    var failure: JSONParseFailure?
    if let document = parse(bytes, failure: &failure) { return .success(document) }
    return .failure(
      failure ?? JSONParseFailure(reason: .invalidJSON, detail: "", position: 0))
  }

  /// `parse(_:)` without a `Result` around the document (a message's parse pays no copy of
  /// one): the document, or nil with `failure` set.
  ///
  /// A lone surrogate escape reads as U+FFFD (`LoneSurrogates`); the document then says so
  /// (`replacedLoneSurrogates`). Text without one pays nothing for this: the copy is made
  /// only after jansson refused the text for such an escape.
  /// - Complexity: O(n) in the byte count.
  public static func parse(
    _ bytes: UnsafeRawBufferPointer, failure: inout JSONParseFailure?,
    rejectingDuplicateKeys: Bool = false
  ) -> JSONDocument? {
    let flags = ORDO_JSON_DECODE_FLAGS | (rejectingDuplicateKeys ? ORDO_JSON_REJECT_DUPLICATES : 0)
    if let document = parseAsIs(bytes, flags: flags, failure: &failure) { return document }
    guard let refused = failure, LoneSurrogates.mayHaveCaused(refused),
      let replaced = LoneSurrogates.replaced(in: bytes)
    else {
      if failure?.reason == .nulInKey {
        checkAroundNulKeys(
          bytes, rejectingDuplicateKeys: rejectingDuplicateKeys, failure: &failure)
      }
      return nil
    }
    failure = nil
    let document = replaced.withUnsafeBytes { parseAsIs($0, flags: flags, failure: &failure) }
    if let document {
      document.replacedLoneSurrogates = true
      return document
    }
    if failure?.reason == .nulInKey {
      replaced.withUnsafeBytes {
        checkAroundNulKeys(
          $0, rejectingDuplicateKeys: rejectingDuplicateKeys, failure: &failure)
      }
    }
    return nil
  }

  /// jansson stops at the first object key holding `\u0000` (`nulInKey`), so the rest of the
  /// text was never read: it is JSON only if a copy with every `\u0000` escape as `\u0001`
  /// (the same length, so positions stay) parses. When it does not, `failure` becomes that
  /// copy's failure: the text is not JSON, whatever its keys hold.
  private static func checkAroundNulKeys(
    _ bytes: UnsafeRawBufferPointer, rejectingDuplicateKeys: Bool,
    failure: inout JSONParseFailure?
  ) {
    var stand = Array(bytes)
    let nul = Array("u0000".utf8)
    var index = 0
    while index + 6 <= stand.count {
      guard stand[index] == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      if stand[(index + 1)..<(index + 6)].elementsEqual(nul) {
        stand[index + 5] = UInt8(ascii: "1")
      }
      index += 2  // past the escaped character (an escaped backslash starts no escape)
    }
    var standFailure: JSONParseFailure?
    if stand.withUnsafeBytes({
      parse($0, failure: &standFailure, rejectingDuplicateKeys: rejectingDuplicateKeys)
    }) == nil {
      failure = standFailure
    }
  }

  /// `parse(_:failure:)` of the text as it is (a lone surrogate escape refused).
  private static func parseAsIs(
    _ bytes: UnsafeRawBufferPointer, flags: Int, failure: inout JSONParseFailure?
  ) -> JSONDocument? {
    guard let base = bytes.baseAddress, bytes.count > 0 else {
      failure = JSONParseFailure(reason: .truncated, detail: "empty input", position: 0)
      return nil
    }
    if let nul = memchr(base, 0, bytes.count) {
      failure = JSONParseFailure(
        reason: .nulByte, detail: "raw NUL byte in input", position: base.distance(to: nul))
      return nil
    }
    let chars = base.assumingMemoryBound(to: CChar.self)
    guard ParseArena.isInstalled else {
      return parseWithMalloc(chars, bytes.count, flags: flags, failure: &failure)
    }
    var error = json_error_t()
    guard var arena = ParseArena(expectedBytes: bytes.count) else {
      failure = .outOfMemory
      return nil
    }
    if let root = arena.load(chars, bytes.count, flags, &error) {
      return JSONDocument(root: OpaquePointer(root), arena: arena.first)
    }
    if arena.exhausted {
      ParseArena.release(arena.first)
      failure = .outOfMemory
      return nil
    }
    let first = Self.failure(from: &error)
    if first.reason == .numberOutOfRange {
      // An integer too big for json_int_t is still JSON: retry reading integers as reals,
      // in a fresh arena (the first attempt's tree, kept, made the retry need twice the
      // memory: one such integer at the end of a large message was out_of_memory).
      ParseArena.release(arena.first)
      guard var retry = ParseArena(expectedBytes: bytes.count) else {
        failure = .outOfMemory
        return nil
      }
      var retryError = json_error_t()
      if let root = retry.load(
        chars, bytes.count, flags | ORDO_JSON_DECODE_INT_AS_REAL, &retryError)
      {
        return JSONDocument(root: OpaquePointer(root), arena: retry.first)
      }
      ParseArena.release(retry.first)
      failure = retry.exhausted ? .outOfMemory : Self.failure(from: &retryError)
      return nil
    }
    ParseArena.release(arena.first)
    failure = first
    return nil
  }

  /// `parse` with jansson's own allocator (no arena installed).
  private static func parseWithMalloc(
    _ chars: UnsafePointer<CChar>, _ count: Int, flags: Int, failure: inout JSONParseFailure?
  ) -> JSONDocument? {
    var error = json_error_t()
    if let root = json_loadb(chars, count, flags, &error) {
      return JSONDocument(root: OpaquePointer(root), arena: nil)
    }
    let first = Self.failure(from: &error)
    guard first.reason == .numberOutOfRange else {
      failure = first
      return nil
    }
    var retryError = json_error_t()
    if let root = json_loadb(chars, count, flags | ORDO_JSON_DECODE_INT_AS_REAL, &retryError) {
      return JSONDocument(root: OpaquePointer(root), arena: nil)
    }
    failure = Self.failure(from: &retryError)
    return nil
  }

  /// Parses the UTF-8 bytes of a Swift string (tests, the embedded schema).
  public static func parse(_ text: String) -> Result<JSONDocument, JSONParseFailure> {
    var copy = text
    return copy.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
  }

  /// `parse(_:)` refusing an object that names a key twice (jansson otherwise keeps the
  /// last): for text only Ordo writes, such as durable rows, where a repeat means another
  /// writer.
  public static func parseRejectingDuplicateKeys(_ text: String) -> Result<
    JSONDocument, JSONParseFailure
  > {
    var copy = text
    var failure: JSONParseFailure?
    let document = copy.withUTF8 {
      parse(UnsafeRawBufferPointer($0), failure: &failure, rejectingDuplicateKeys: true)
    }
    if let document { return .success(document) }
    return .failure(failure ?? JSONParseFailure(reason: .invalidJSON, detail: "", position: 0))
  }

  private static func failure(from error: inout json_error_t) -> JSONParseFailure {
    let code = ordo_json_error_code(&error)
    let text = withUnsafePointer(to: &error) { String(cString: ordo_json_error_text($0)) }
    let reason: JSONParseFailure.Reason
    switch code {
    case Int32(ORDO_JSON_ERROR_STACK_OVERFLOW): reason = .tooDeep
    case Int32(ORDO_JSON_ERROR_INVALID_UTF8): reason = .invalidUTF8
    case Int32(ORDO_JSON_ERROR_PREMATURE_END): reason = .truncated
    case Int32(ORDO_JSON_ERROR_NULL_CHARACTER): reason = .nulByte
    case Int32(ORDO_JSON_ERROR_NULL_BYTE_IN_KEY): reason = .nulInKey
    case Int32(ORDO_JSON_ERROR_NUMERIC_OVERFLOW): reason = .numberOutOfRange
    case Int32(ORDO_JSON_ERROR_OUT_OF_MEMORY): reason = .outOfMemory
    default: reason = .invalidJSON
    }
    return JSONParseFailure(reason: reason, detail: text, position: Int(error.position))
  }
}

/// The memory one parse allocates from: jansson's allocator hooks bump a pointer through
/// blocks owned by the document being parsed, and jansson's frees of such memory do
/// nothing (the blocks go when the document does).
///
/// jansson's hooks are process-wide, so parses take a lock while their arena is the current
/// one; every allocation jansson makes happens inside a parse (Ordo reads trees, it never
/// builds or dumps them with jansson), and anything allocated outside one falls back to
/// `malloc`, tagged so that the free hook tells the two apart.
struct ParseArena {
  /// Every allocation is preceded by this many bytes: a tag, padded to keep 16-byte alignment.
  static let header = 16
  static let arenaTag: UInt64 = 0x4F52_444F_4152_454E  // "ORDOAREN"
  static let mallocTag: UInt64 = 0x4F52_444F_4D41_4C4C  // "ORDOMALL"
  /// The size of an ordinary first block; up to `spareCapacity` such blocks are kept for the
  /// next parses.
  static let standardBlock = 4096

  /// The first block. Every block starts with a link to the next one (nil at the end) and
  /// its own size, in the `header` bytes before its first allocation.
  let first: UnsafeMutableRawPointer
  private var next: UnsafeMutableRawPointer
  private var end: UnsafeMutableRawPointer
  /// The size of the block being filled; the next one is twice as large.
  private var blockSize: Int
  /// Whether an allocation failed: jansson does not always say so (an array or object
  /// that cannot grow fails the parse with no error text), so the arena does.
  private(set) var exhausted = false

  /// A fresh arena sized for a text of `expectedBytes`; nil when its first block cannot be
  /// had (a process memory limit).
  init?(expectedBytes: Int) {
    // Small requests fit the standard block; larger texts start with a block in proportion
    // (capped: later blocks double, so waste stays under half of what is used).
    let size =
      expectedBytes <= 200
      ? Self.standardBlock : min(max(Self.standardBlock, expectedBytes * 8), 1 << 20)
    guard let block = Self.takeBlock(size: size) else { return nil }
    first = block
    next = first + Self.header
    end = first + size
    blockSize = size
  }

  /// `json_loadb` with this arena as the allocator (`install()` must have been called).
  mutating func load(
    _ chars: UnsafePointer<CChar>, _ count: Int, _ flags: Int, _ error: inout json_error_t
  ) -> UnsafeMutablePointer<json_t>? {
    pthread_mutex_lock(Self.lock)
    defer { pthread_mutex_unlock(Self.lock) }
    return withUnsafeMutablePointer(to: &self) { arena in
      Self.current = arena
      defer { Self.current = nil }
      return json_loadb(chars, count, flags, &error)
    }
  }

  /// Frees the blocks chained from `first`.
  static func release(_ first: UnsafeMutableRawPointer) {
    var block: UnsafeMutableRawPointer? = first
    while let current = block {
      block = current.load(as: UnsafeMutableRawPointer?.self)
      if current == first, current.load(fromByteOffset: 8, as: Int.self) == standardBlock {
        pthread_mutex_lock(lock)
        let spares = Self.spares
        if spares.pointee.count < spareCapacity {
          spares.pointee.blocks[spares.pointee.count] = current
          spares.pointee.count += 1
          pthread_mutex_unlock(lock)
          continue
        }
        pthread_mutex_unlock(lock)
      }
      free(current)
    }
  }

  private static func takeBlock(size: Int) -> UnsafeMutableRawPointer? {
    if size == standardBlock {
      pthread_mutex_lock(lock)
      var reused: UnsafeMutableRawPointer?
      let spares = Self.spares
      if spares.pointee.count > 0 {
        spares.pointee.count -= 1
        reused = spares.pointee.blocks[spares.pointee.count]
      }
      pthread_mutex_unlock(lock)
      if let reused {
        reused.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
        return reused
      }
    }
    guard let block = malloc(size) else { return nil }
    block.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
    block.storeBytes(of: size, toByteOffset: 8, as: Int.self)
    return block
  }

  /// Memory for jansson; nil when the system has no more (jansson then fails the parse with
  /// its out-of-memory error, which the engine answers, and the blocks go with the arena).
  private mutating func allocate(_ size: Int) -> UnsafeMutableRawPointer? {
    let total = (size + Self.header + 15) & ~15
    if next.distance(to: end) < total {
      let size = max(2 * blockSize, total + Self.header)
      guard let fresh = malloc(size) else {
        exhausted = true
        return nil
      }
      blockSize = size
      // Chain the new block right after the first, so `release` finds it.
      fresh.storeBytes(
        of: first.load(as: UnsafeMutableRawPointer?.self), as: UnsafeMutableRawPointer?.self)
      fresh.storeBytes(of: blockSize, toByteOffset: 8, as: Int.self)
      first.storeBytes(of: fresh, as: UnsafeMutableRawPointer?.self)
      next = fresh + Self.header
      end = fresh + blockSize
    }
    let memory = next
    next += total
    memory.storeBytes(of: Self.arenaTag, as: UInt64.self)
    return memory + Self.header
  }

  // MARK: jansson's hooks

  nonisolated(unsafe) private static var current: UnsafeMutablePointer<ParseArena>?
  /// Standard-size blocks kept for the next parses, the last released on top: a session
  /// holds a run of parses at once (up to 16, each with its block); the rest is headroom.
  static let spareCapacity = 64
  /// Behind a pointer: static `var`s pay a dynamic exclusivity check at every access, and
  /// a class reference a retain (the lock orders these).
  struct SpareBlocks {
    var count = 0
    let blocks = UnsafeMutablePointer<UnsafeMutableRawPointer>.allocate(capacity: spareCapacity)
  }
  nonisolated(unsafe) private static let spares: UnsafeMutablePointer<SpareBlocks> = {
    let spares = UnsafeMutablePointer<SpareBlocks>.allocate(capacity: 1)
    spares.initialize(to: SpareBlocks())
    return spares
  }()

  /// The standard-size block the next small parse takes, if any (tests).
  static var spareBlock: UnsafeMutableRawPointer? {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    let spares = spares.pointee
    return spares.count > 0 ? spares.blocks[spares.count - 1] : nil
  }

  /// The blocks chained from `first` (tests).
  static func blockCount(from first: UnsafeMutableRawPointer) -> Int {
    var count = 0
    var block: UnsafeMutableRawPointer? = first
    while let current = block {
      count += 1
      block = current.load(as: UnsafeMutableRawPointer?.self)
    }
    return count
  }
  nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
    let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(lock, nil)
    return lock
  }()

  /// Whether jansson's allocator hooks point here (`install()`). Read on every parse, from
  /// any thread (the test process parses on many while one installs): an acquiring load,
  /// a plain load on x86, that sees the hooks set before the flag.
  static var isInstalled: Bool { installed.load(ordering: .acquiring) }
  private static let installed = Atomic<Bool>(false)

  /// Points jansson's allocator at the arena (once).
  static func install() {
    _ = hooksInstalled
    installed.store(true, ordering: .releasing)
  }

  private static let hooksInstalled: Bool = {
    json_set_alloc_funcs(
      { size in
        if let arena = ParseArena.current { return arena.pointee.allocate(size) }
        guard let memory = malloc(size + ParseArena.header) else { return nil }
        memory.storeBytes(of: ParseArena.mallocTag, as: UInt64.self)
        return memory + ParseArena.header
      },
      { pointer in
        guard let pointer else { return }
        let memory = pointer - ParseArena.header
        if memory.load(as: UInt64.self) == ParseArena.mallocTag { free(memory) }
      })
    return true
  }()
}
