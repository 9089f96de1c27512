import Testing

@testable import OrdoRPC

/// The hint of a -32601: the method a name looks like a slip of.
@Suite struct MethodTableTests {
  static let table: MethodTable = {
    var table = MethodTable()
    for name in ["layer.add", "layer.get", "nav.pop", "nav.push", "alert.enqueue", "initialize"] {
      table.append(name, parameterNames: []) { _, _, _ throws(ResponseError) in }
    }
    return table
  }()

  @Test(arguments: [
    ("layer.ad", "layer.add"), ("Layer.Add", "layer.add"), ("LAYER.GET", "layer.get"),
    ("alert.enque", "alert.enqueue"), ("layer.adds", "layer.add"), ("lyer.ad", "layer.add"),
    // Without its namespace: the one method that ends so.
    ("enqueue", "alert.enqueue"), ("Add", "layer.add"), ("push", "nav.push"),
  ])
  func aSlipNamesTheMethod(name: String, suggestion: String) {
    #expect(Self.table.nearest(to: name) == suggestion)
  }

  @Test(arguments: [
    "nav.pu",  // nav.pop and nav.push, both at 2
    "layer.explode", "", "x", "initialized", "Initialized", "$/cancelRequest", "$/initialize",
    "initialised", "Initialised", "initialzed",  // slips of LSP's initialized, not initialize
    "initializes",  // as near to both: no telling which
    "pop.",
    "enqueue.x",
    String(repeating: "a", count: 65),
  ])
  func noneOrTwoAsNearNameNone(name: String) {
    #expect(Self.table.nearest(to: name) == nil)
  }

  /// An unknown key's hint (-32602): the parameter it looks like a slip of.
  @Test func aSlipOfAParameterNamesIt() {
    let names = ["type", "id", "priority", "delayMs", "ttlMs", "x", "y", "ms", "sort", "soft"]
    func nearest(_ key: String) -> String? { MethodTable.nearest(to: key, among: names) }
    #expect(nearest("delay_ms") == "delayMs")  // case, _ and - between words
    #expect(nearest("DELAY-MS") == "delayMs")
    #expect(nearest("Type") == "type")
    #expect(nearest("priorty") == "priority")  // 1 edit of 8
    #expect(nearest("mss") == "ms")  // 1 of 3
    #expect(nearest("idd") == "id")
    #expect(nearest("z") == nil)  // 1 edit of 1: x and y alike, and too far anyway
    #expect(nearest("w") == nil)
    #expect(nearest("soxt") == nil)  // sort and soft, both 1 edit
    #expect(nearest("foo") == nil)
    #expect(nearest("priorities") == nil)  // 3 edits
    #expect(nearest(String(repeating: "a", count: 65)) == nil)
    #expect(MethodTable.nearest(to: "a_b", among: ["ab", "a-b"]) == nil)  // two the same
  }

  @Test func editDistanceStopsPastItsBound() {
    func distance(_ a: String, _ b: String, _ bound: Int = 2) -> Int {
      MethodTable.editDistance(Array(a.utf8), Array(b.utf8), atMost: bound)
    }
    #expect(distance("kitten", "sitting", 5) == 3)
    #expect(distance("kitten", "sitting") == 3)  // past 2: 2 + 1
    #expect(distance("", "ab") == 2)
    #expect(distance("abc", "") == 3)
    #expect(distance("same", "same") == 0)
    #expect(distance("ab", "ba") == 2)
  }
}
