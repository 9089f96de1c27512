/// JSON Pointers (RFC 6901), which name where a value is in a document in error messages:
/// `-32602`'s `path` and a durable row's place.
public enum JSONPointer {
  /// Escapes a member name for a JSON Pointer: `~` as `~0`, `/` as `~1`. By scalars, not
  /// characters: `/` followed by a combining accent is one `Character`, which is not "/".
  public static func escape(_ name: String) -> String {
    guard name.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") })
    else { return name }
    var escaped = String.UnicodeScalarView()
    for scalar in name.unicodeScalars {
      switch scalar {
      case "~": escaped.append(contentsOf: "~0".unicodeScalars)
      case "/": escaped.append(contentsOf: "~1".unicodeScalars)
      default: escaped.append(scalar)
      }
    }
    return String(escaped)
  }
}
