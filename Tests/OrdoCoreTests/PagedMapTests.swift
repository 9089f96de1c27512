import Testing

@testable import OrdoCore

@Suite struct PagedMapTests {
  /// Random additions, in-place changes and removals, checked against a dictionary after
  /// each step; copies taken along the way (as a commit group's snapshot is) keep what they
  /// held.
  @Test(arguments: [1, 2, 3])
  func matchesADictionaryAndCopiesKeepTheirContents(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    var paged = PagedMap<String, [Int]>()
    var model: [String: [Int]] = [:]
    var copies: [(PagedMap<String, [Int]>, [String: [Int]])] = []
    for step in 0..<4_000 {
      // Few keys at first (changes in place), then mostly new ones (growth, rehashing).
      let key = "k\(Int.random(in: 0..<(step / 4 + 2), using: &generator))"
      paged.update(key, adding: []) { $0.append(step) }
      model[key, default: []].append(step)
      if step % 3 == 0 {
        // A key removed (present or not): the last entry moves into its place.
        let gone = "k\(Int.random(in: 0..<(step / 4 + 2), using: &generator))"
        #expect(paged.removeValue(forKey: gone) == model.removeValue(forKey: gone))
        #expect(paged[gone] == nil && !paged.contains(gone))
      }
      if step % 97 == 0 { copies.append((paged, model)) }
      #expect(paged.count == model.count)
      #expect(paged[key] == model[key])
    }
    #expect(paged.dictionary == model)
    #expect(paged.values.count == model.count)
    #expect(paged["absent"] == nil && !paged.contains("absent"))
    #expect(model.keys.allSatisfy(paged.contains))
    for (copy, contents) in copies { #expect(copy.dictionary == contents) }
  }

  @Test func transformValuesKeepsEveryKey() {
    var paged = PagedMap<Int64, Int>()
    for key in 0..<1_000 as Range<Int64> { paged.update(key, adding: 0) { $0 = Int(key) } }
    let snapshot = paged
    paged.transformValues { $0 * 2 }
    #expect(
      paged.dictionary == Dictionary(uniqueKeysWithValues: (0..<1_000).map { (Int64($0), $0 * 2) }))
    #expect(snapshot[999] == 999 && paged[999] == 1_998)
  }
}
