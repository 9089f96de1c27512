import Testing

@testable import OrdoJSON

/// The parse arena (`JSONDocument.installArenaAllocator()`): blocks chain as a document
/// outgrows the first, a standard block is reused by the next parse, and an integer too big
/// for jansson is read again as a real, in the arena too.
///
/// The arena is process-wide once installed (the `ordo` executable installs it first thing);
/// these tests install it, which every other test tolerates (a document remembers how it was
/// allocated).
@Suite(.serialized) struct ParseArenaTests {
  init() {
    JSONDocument.installArenaAllocator()
  }

  @Test func aLargeDocumentChainsBlocksAndReadsBackWhole() throws {
    var text = "["
    for index in 0..<5_000 {
      text += index == 0 ? "" : ","
      text += #"{"id":"layer-\#(index)","sort":\#(index),"tags":["a","b"]}"#
    }
    text += "]"
    let document = try JSONDocument.parse(text).get()
    let first = try #require(document.arena)
    #expect(ParseArena.blockCount(from: first) > 1, "a 300 kB document outgrows one block")
    let value = document.value
    #expect(value.count == 5_000)
    #expect(value.element(at: 4_999)?.member("id")?.string == "layer-4999")
    #expect(value.element(at: 1_234)?.member("sort")?.integer == 1_234)
  }

  @Test func aStandardBlockIsReusedByTheNextParse() throws {
    // Other tests parse on other threads and may take the spare block in between: the
    // sequence must show the reuse at least once in a few tries.
    var reused = false
    for attempt in 0..<20 where !reused {
      var first: UnsafeMutableRawPointer?
      do {
        let document = try JSONDocument.parse(#"{"jsonrpc":"2.0","id":\#(attempt)}"#).get()
        first = document.arena
        #expect(document.value.member("id")?.integer == Int64(attempt))
      }
      let next = try JSONDocument.parse(#"{"jsonrpc":"2.0","id":"next"}"#).get()
      reused = next.arena == first
      #expect(next.value.member("id")?.string == "next")
    }
    #expect(reused, "a released standard block is taken by the next small parse")
  }

  /// The session keeps a run of messages parsed at once: their blocks all come back for
  /// the next run (up to `spareCapacity`), not only the last one released.
  @Test func blocksOfARunOfDocumentsAreReusedByTheNextRun() throws {
    // Other tests parse on other threads and may take spare blocks in between: most of the
    // run's blocks must come back in one of a few tries.
    var best = 0
    for attempt in 0..<20 where best < 12 {
      var run: [JSONDocument] = []
      for index in 0..<16 {
        run.append(try JSONDocument.parse(#"{"id":\#(attempt * 100 + index)}"#).get())
      }
      let blocks = Set(run.compactMap(\.arena))
      #expect(blocks.count == 16)
      run.removeAll()
      for index in 0..<16 {
        run.append(try JSONDocument.parse(#"{"id":"again \#(index)"}"#).get())
      }
      best = max(best, Set(run.compactMap(\.arena)).intersection(blocks).count)
      #expect(run[15].value.member("id")?.string == "again 15")
    }
    #expect(best >= 12, "the run's released blocks are taken by the next run's parses")
  }

  @Test func anIntegerBeyond64BitsIsRetriedAsAReal() throws {
    let document = try JSONDocument.parse(#"{"big":123456789012345678901234567890,"n":1}"#)
      .get()
    #expect(document.arena != nil)
    let big = try #require(document.value.member("big"))
    #expect(big.kind == .real)
    #expect(big.number == 123_456_789_012_345_678_901_234_567_890.0)
    #expect(document.value.member("n")?.number == 1)
  }

  @Test func invalidInputStillFailsWithItsReason() {
    guard case .failure(let failure) = JSONDocument.parse(#"{"a":"#) else {
      Issue.record("truncated JSON parsed")
      return
    }
    #expect(failure.reason == .truncated)
  }
}
