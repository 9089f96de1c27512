import Foundation
import Testing

@testable import OrdoCore

/// Writes the sample picture and report that tests/browser opens in Chromium, from the fixed
/// scenario of `ReportScenario`.
///
/// With `ORDO_RENDER_SAMPLES_DIR` set, it writes `sample.svg`, `sample.html` and
/// `expected.json` (what the browser must find) into that directory; without, it only checks
/// the samples. (Stand-in until `ordo report` and `layer.render` exist: the browser test will
/// then take its files from the engine.)
@Suite struct RenderSamplesTests {
  @Test func samplesForTheBrowser() throws {
    let session = try ReportScenario.record()
    let timeline = session.finish(at: 4000)
    let svg = try session.screen.layers.renderSVG(ReportScenario.sampleOptions)
    let html = renderReportHTML(timeline, layersSVG: svg, title: "Ordo sample session")
    let layers = try parseXML(svg).elements(named: "g", withClass: "layer").count
    let bars = try parseXML(html).elements(withClass: "bar").count
    #expect(bars == timeline.intervalCount && bars > 0 && layers > 0)

    guard let directory = ProcessInfo.processInfo.environment["ORDO_RENDER_SAMPLES_DIR"] else {
      return
    }
    let states = Dictionary(
      grouping: timeline.tracks.flatMap(\.intervals), by: \.state.rawValue
    ).mapValues(\.count)
    let expected: [String: Any] = [
      "bars": bars, "barsByState": states, "layers": layers,
      "ends": timeline.tracks.filter { $0.endReason != nil }.count,
      "navigation": timeline.navigation.count,
      "stateColours": Dictionary(
        uniqueKeysWithValues: ReportPage.stateColours.map { ($0.state.rawValue, $0.colour) }),
      "hitColour": LayerPicture.hitColour,
    ]
    let folder = URL(fileURLWithPath: directory, isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(svg.utf8).write(to: folder.appendingPathComponent("sample.svg"))
    try Data(html.utf8).write(to: folder.appendingPathComponent("sample.html"))
    try JSONSerialization.data(withJSONObject: expected, options: [.sortedKeys])
      .write(to: folder.appendingPathComponent("expected.json"))
  }
}
