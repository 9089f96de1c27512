import Testing

@testable import OrdoCore

/// Edges of `layer.render`'s labels and titles that the other render tests left open
/// (each test here fails on a mutant of the renderer that they let through).
@Suite struct RenderLabelEdgeTests {
  /// The label baselines of the drawn layers, by id.
  private func baselines(_ tree: LayerTree) throws -> [String: Double] {
    let document = try parseXML(try tree.renderSVG(RenderOptions()))
    var found: [String: Double] = [:]
    for layer in document.elements(named: "g", withClass: "layer") {
      guard let label = layer.child(named: "text") else { continue }
      found[try #require(layer.attributes["data-layer"])] = label.number("y")
    }
    return found
  }

  @Test func layersAtOddDepthsAreLabelledAtTheirBottomEdge() throws {
    var tree = LayerTree()
    try tree.add("page", sort: 0, frame: Frame(x: 0, y: 0, width: 300, height: 200))
    try tree.add("sheet", under: "page", frame: Frame(x: 0, y: 0, width: 300, height: 200))
    try tree.add("button", under: "sheet", frame: Frame(x: 0, y: 0, width: 300, height: 200))
    let found = try baselines(tree)
    let page = try #require(found["page"])
    let sheet = try #require(found["sheet"])
    // Depth 0 at the top edge, depth 1 at the bottom one, depth 2 at the top again (moved a
    // line inwards, since the page's label is there).
    #expect(page < 30)
    #expect(sheet > 180)
    #expect(try #require(found["button"]) < 50)
  }

  @Test func aLabelMovesUpToSevenLinesInwardsThenStaysAtItsEdge() throws {
    var tree = LayerTree()
    for number in 0..<9 {
      try tree.add("s\(number)", sort: 0, frame: Frame(x: 0, y: 0, width: 300, height: 200))
    }
    let found = try baselines(tree)
    let first = try #require(found["s0"])
    let line = 1.25 * LayerPicture.fontSize
    for number in 1..<8 {
      let baseline = try #require(found["s\(number)"])
      #expect(abs(baseline - (first + Double(number) * line)) < 0.01, "s\(number)")
    }
    #expect(found["s8"] == first)
  }

  @Test func aLabelOfTheSmallestFontSizeIsDrawnAndOneBelowItIsNot() throws {
    var fits = LayerTree()
    // The label's size is the box's height less 2: exactly 6 here.
    try fits.add("bar", sort: 0, frame: Frame(x: 0, y: 0, width: 300, height: 8))
    let drawn = try parseXML(try fits.renderSVG(RenderOptions()))
    let label = try #require(drawn.elements(named: "text").first { $0.text.hasPrefix("bar") })
    #expect(label.number("font-size") == LayerPicture.smallestFontSize)
    var thin = LayerTree()
    try thin.add("bar", sort: 0, frame: Frame(x: 0, y: 0, width: 300, height: 7.9))
    let none = try parseXML(try thin.renderSVG(RenderOptions()))
    #expect(none.elements(named: "g", withClass: "layer").first?.child(named: "text") == nil)
  }

  @Test func aHitPathOfNineIsShortenedAndOneOfEightIsNot() {
    let eight = (0..<8).map { "l\($0)" }
    #expect(LayerPicture.shortPath(eight) == eight.joined(separator: " > "))
    let nine = (0..<9).map { "l\($0)" }
    #expect(LayerPicture.shortPath(nine) == "l0 > l1 > l2 > (3 more) > l6 > l7 > l8")
  }

  @Test func theTitlesIDIsABidirectionalIsolate() throws {
    var tree = LayerTree()
    let id = "\u{202E}rtl"
    try tree.add(id, sort: 0, frame: Frame(x: 0, y: 0, width: 100, height: 100))
    try tree.add("child", under: id, frame: Frame(x: 0, y: 0, width: 10, height: 10))
    let document = try parseXML(try tree.renderSVG(RenderOptions(id: "child")))
    let title = try #require(document.child(named: "title")?.text)
    #expect(title == "Ordo layers: 1 drawn under child")
    var outer = LayerTree()
    try outer.add(id, sort: 0, frame: Frame(x: 0, y: 0, width: 100, height: 100))
    let titled = try parseXML(try outer.renderSVG(RenderOptions(id: id)))
    let text = try #require(titled.child(named: "title")?.text)
    #expect(text == "Ordo layers: 1 drawn under \u{2068}\u{202E}rtl\u{2069}")
  }

  @Test func coordinatesFrom10To15AreWrittenExactlyWithoutOverflow() {
    // Rounded to thousandths, 9.5e15 would be over Int64's range: from 1e15 on a number is
    // written as `exactNumber` writes it.
    #expect(Markup.number(9.5e15) == "9.5e+15")
    #expect(Markup.number(-9.5e15) == "-9.5e+15")
  }
}
