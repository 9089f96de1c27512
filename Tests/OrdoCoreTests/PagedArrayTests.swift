import Testing

@testable import OrdoCore

@Suite struct PagedArrayTests {
  /// Random appends, writes, inserts and removals, checked against an array after each step;
  /// copies taken along the way (as a commit group's snapshot is) keep what they held.
  @Test(arguments: [1, 2, 3])
  func matchesAnArrayAndCopiesKeepTheirContents(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    var paged = PagedArray<String>()
    var model: [String] = []
    var copies: [(PagedArray<String>, [String])] = []
    for step in 0..<4_000 {
      switch Int.random(in: 0..<10, using: &generator) {
      case 0..<5:
        paged.append("a\(step)")
        model.append("a\(step)")
      case 5..<8 where !model.isEmpty:
        let index = Int.random(in: 0..<model.count, using: &generator)
        paged[index] = "w\(step)"
        model[index] = "w\(step)"
      case 8 where !model.isEmpty:
        #expect(paged.removeLast() == model.removeLast())
      case 9:
        let index = Int.random(in: 0...model.count, using: &generator)
        paged.insert("i\(step)", at: index)
        model.insert("i\(step)", at: index)
      default:
        break
      }
      if step % 97 == 0 { copies.append((paged, model)) }
      #expect(paged.count == model.count)
    }
    #expect(Array(paged) == model)
    #expect(paged.capacity >= paged.count && paged.capacity < paged.count + 256)
    for (copy, contents) in copies { #expect(Array(copy) == contents) }
  }

  @Test func aChangeAfterACopyCopiesOnlyItsPage() {
    var original = PagedArray<Int>(repeating: 7, count: 1_000)
    let snapshot = original
    original[300] = 1  // page 1
    #expect(snapshot[300] == 7 && original[300] == 1)
    #expect(original._sharesPage(0, with: snapshot))
    #expect(!original._sharesPage(1, with: snapshot))
    #expect(original._sharesPage(2, with: snapshot) && original._sharesPage(3, with: snapshot))
    // Growing moves nothing stored: the full pages stay shared.
    for value in 0..<600 { original.append(value) }
    #expect(original._sharesPage(0, with: snapshot) && original._sharesPage(2, with: snapshot))
    #expect(snapshot.count == 1_000 && original.count == 1_600)
  }

  /// Many paged arrays stay small (a heap per page scope, the show times of each key): the
  /// first page grows as an array does; the pages after it are reserved whole.
  @Test func aSmallArrayReservesNoWholePage() {
    var small = PagedArray<Int64>()
    for value in 0..<3 as Range<Int64> { small.append(value) }
    #expect(small._reservedElements < 16)
    var large = small
    for value in 3..<300 as Range<Int64> { large.append(value) }
    #expect(large._reservedElements >= 512 && large._reservedElements < 1024)
    #expect(PagedArray(repeating: 0 as Int64, count: 8)._reservedElements < 16)
  }

  @Test func initialisersAndEquality() {
    #expect(Array(PagedArray<Int>(repeating: 3, count: 0)).isEmpty)
    #expect(Array(PagedArray(repeating: 3, count: 513)) == Array(repeating: 3, count: 513))
    #expect(PagedArray(0..<700) == PagedArray(Array(0..<700)))
    #expect(PagedArray(0..<700) != PagedArray(0..<699))
    var shrinking = PagedArray(0..<257)
    shrinking.removeLast()
    #expect(shrinking.capacity == 256 && shrinking.last == 255)
  }
}
