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
  ])
  func aSlipNamesTheMethod(name: String, suggestion: String) {
    #expect(Self.table.nearest(to: name) == suggestion)
  }

  @Test(arguments: [
    "nav.pu",  // nav.pop and nav.push, both at 2
    "layer.explode", "", "x", "initialized", "Initialized", "$/cancelRequest", "$/initialize",
    "initialised", "Initialised", "initialzed",  // slips of LSP's initialized, not initialize
    "initializes",  // as near to both: no telling which
    String(repeating: "a", count: 65),
  ])
  func noneOrTwoAsNearNameNone(name: String) {
    #expect(Self.table.nearest(to: name) == nil)
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
