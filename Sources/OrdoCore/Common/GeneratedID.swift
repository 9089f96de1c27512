/// The ids the engine makes up for alerts and layers that name none (`alert-N`,
/// `layer-N`).
enum GeneratedID {
  /// `prefix` followed by `number` in decimal: `make("alert-", 12)` is `alert-12`.
  ///
  /// Written digit by digit into a string of its exact size, which up to 15 bytes (numbers
  /// below a billion) is held inline, with no allocation. Interpolation (`"alert-\(n)"`)
  /// cost about 1 000 instructions a time (callgrind: a description, an append, ten memcpy
  /// calls), on the path of every `alert.enqueue` and `layer.add` without an id.
  static func make(_ prefix: StaticString, _ number: Int64) -> String {
    guard number >= 0 else { return "\(prefix)\(number)" }  // never generated; still right
    var digits = 1
    var rest = number / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    let prefixCount = prefix.utf8CodeUnitCount
    let count = prefixCount + digits
    return String(unsafeUninitializedCapacity: count) { buffer in
      for index in 0..<prefixCount { buffer[index] = prefix.utf8Start[index] }
      var value = number
      var index = count
      while index > prefixCount {
        index -= 1
        buffer[index] = 0x30 &+ UInt8(truncatingIfNeeded: value % 10)
        value /= 10
      }
      return count
    }
  }
}
