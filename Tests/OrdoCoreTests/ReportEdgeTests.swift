import Testing

@testable import OrdoCore

/// Edges of the report's window and time axis that the other report tests left open (each
/// test here fails on a mutant of the report code that they let through).
@Suite struct ReportEdgeTests {
  @Test func aPageChangeAtTheWindowsStartIsInItNotTheStackBeforeIt() {
    let timeline = Timeline(
      navigation: [
        Timeline.NavigationMarker(at: 20, stack: ["a"]),
        Timeline.NavigationMarker(at: 120, stack: ["a", "b"]),
      ],
      start: 0, end: 400)
    let window = timeline.window(from: 120, to: 200)
    #expect(window.navigation.map(\.at) == [120])
    // The stack at the window's start is the one the last change before it left.
    #expect(window.metadata.stackAtWindowStart == ["a"])
  }

  @Test func theAxisUnitIsTheLargestTheSessionSpansExactlyTenOf() {
    #expect(ReportPage.tickUnit(span: 9_999).name == "ms")
    #expect(ReportPage.tickUnit(span: 10_000).name == "s")
    #expect(ReportPage.tickUnit(span: 600_000).name == "min")
    #expect(ReportPage.tickUnit(span: 36_000_000).name == "h")
    #expect(ReportPage.tickUnit(span: 864_000_000).name == "d")
    #expect(ReportPage.tickUnit(span: 863_999_999).name == "h")
  }
}
