import Testing

@testable import OrdoCore

@Suite struct SlotHeapTests {
  /// Random inserts, re-ranks and removals from anywhere, checked against a dictionary: the
  /// minimum, every slot's rank and the heap's invariants after each step, and the order in
  /// which draining the heap gives the slots back.
  @Test(arguments: [1, 2, 3])
  func matchesAModelUnderRandomEdits(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    let slots = 300
    var heap = SlotHeap<Int>()
    var positions = PagedArray<Int32>(repeating: -1, count: slots)
    var model: [Int32: Int] = [:]
    for _ in 0..<6_000 {
      let slot = Int32.random(in: 0..<Int32(slots), using: &generator)
      if Int.random(in: 0..<3, using: &generator) == 0 {
        #expect(heap.remove(slot, positions: &positions) == model.removeValue(forKey: slot))
      } else {
        // Few distinct ranks, so that equal ranks sit on every level.
        let rank = Int.random(in: 0..<40, using: &generator)
        heap.upsert(slot, rank: rank, positions: &positions)
        model[slot] = rank
      }
      heap._checkInvariants(positions: positions)
      #expect(heap.count == model.count)
      #expect(heap.min?.rank == model.values.min())
      #expect(heap.rank(of: slot, positions: positions) == model[slot])
    }
    var drained: [Int] = []
    while let top = heap.min {
      #expect(heap.remove(top.slot, positions: &positions) == top.rank)
      drained.append(top.rank)
    }
    #expect(drained == model.values.sorted())
  }
}
