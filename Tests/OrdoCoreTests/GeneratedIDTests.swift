import Testing

@testable import OrdoCore

@Suite struct GeneratedIDTests {
  /// The digit-by-digit writer gives what interpolation gives, at every length (the inline
  /// strings up to 15 bytes and the allocated ones past it), and the two hash alike, as the
  /// id index needs.
  @Test func matchesInterpolationAtEveryLength() {
    var numbers: [Int64] = [0, 1, 9, 10, 99, 100, 999_999_999, 1_000_000_000, Int64.max, -1]
    var power: Int64 = 1
    for _ in 0..<18 {
      power *= 10
      numbers += [power - 1, power, power + 1]
    }
    for number in numbers {
      for (made, expected) in [
        (GeneratedID.make("alert-", number), "alert-\(number)"),
        (GeneratedID.make("layer-", number), "layer-\(number)"),
      ] {
        #expect(made == expected)
        #expect(made.utf8.count == expected.utf8.count)
        #expect(made.hashValue == expected.hashValue)
        #expect(Array(made.utf8) == Array(expected.utf8))
      }
    }
  }

  /// Generated ids round-trip through the parser of generated ids.
  @Test func generatedAlertIDsParseBack() {
    for number: Int64 in [1, 42, 1_000_000_000, Int64.max] {
      #expect(AlertManager.generatedIDNumber(AlertManager.generatedID(number: number)) == number)
    }
  }
}
