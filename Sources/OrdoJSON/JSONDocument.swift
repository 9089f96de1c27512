import CJansson

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
  }

  public let reason: Reason
  /// jansson's own text, for logs and `error.data.detail`.
  public let detail: String
  /// Byte offset of the problem in the input.
  public let position: Int
}

/// The owner of one parsed jansson tree: it holds the only reference to the root and
/// releases it in `deinit`. Values read from it (`JSONValue`) keep it alive.
public final class JSONDocument {
  let root: OpaquePointer

  private init(root: OpaquePointer) {
    self.root = root
  }

  deinit {
    ordo_json_decref(UnsafeMutablePointer(root))
  }

  /// The top-level value.
  public var value: JSONValue { JSONValue(document: self, raw: root) }

  /// Parses one JSON text (any value at the top level, `\u0000` allowed inside strings).
  ///
  /// A raw NUL byte is refused before jansson sees it: jansson stops at one and would
  /// accept `123` followed by garbage. Integers outside jansson's 64-bit range are read as
  /// reals rather than refused, since they are valid JSON.
  /// - Complexity: O(n) in the byte count.
  public static func parse(_ bytes: UnsafeRawBufferPointer) -> Result<
    JSONDocument, JSONParseFailure
  > {
    guard let base = bytes.baseAddress, bytes.count > 0 else {
      return .failure(JSONParseFailure(reason: .truncated, detail: "empty input", position: 0))
    }
    if let nul = bytes.firstIndex(of: 0) {
      return .failure(
        JSONParseFailure(reason: .nulByte, detail: "raw NUL byte in input", position: nul))
    }
    let chars = base.assumingMemoryBound(to: CChar.self)
    var error = json_error_t()
    if let root = json_loadb(chars, bytes.count, ORDO_JSON_DECODE_FLAGS, &error) {
      return .success(JSONDocument(root: OpaquePointer(root)))
    }
    let failure = Self.failure(from: &error)
    if failure.reason == .numberOutOfRange {
      // An integer too big for json_int_t is still JSON: retry reading integers as reals.
      var retryError = json_error_t()
      let flags = ORDO_JSON_DECODE_FLAGS | ORDO_JSON_DECODE_INT_AS_REAL
      if let root = json_loadb(chars, bytes.count, flags, &retryError) {
        return .success(JSONDocument(root: OpaquePointer(root)))
      }
      return .failure(Self.failure(from: &retryError))
    }
    return .failure(failure)
  }

  /// Parses the UTF-8 bytes of a Swift string (tests, the embedded schema).
  public static func parse(_ text: String) -> Result<JSONDocument, JSONParseFailure> {
    var copy = text
    return copy.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
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
    default: reason = .invalidJSON
    }
    return JSONParseFailure(reason: reason, detail: text, position: Int(error.position))
  }
}
