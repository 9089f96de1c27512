import Testing

@testable import OrdoCore

/// `TimelineBuilder` fed by a real `Screen`, and `renderReportHTML` read back with a real
/// XML parser.
@Suite struct ReportTests {
  // MARK: - The timeline model

  @Test(arguments: [false, true])
  func theScenarioGivesEveryIntervalAndEnd(createdAfterItsChanges: Bool) throws {
    let session = try ReportScenario.record(createdAfterItsChanges: createdAfterItsChanges)
    let timeline = session.finish(at: 4000)
    #expect(timeline.tracks.map(\.id) == ReportScenario.expectedIntervals.map(\.id))
    for (track, expected) in zip(timeline.tracks, ReportScenario.expectedIntervals) {
      #expect(
        track.intervals
          == expected.intervals.map {
            Timeline.Interval(state: $0.0, start: $0.1, end: $0.2)
          }, "\(track.id)")
      let end = ReportScenario.expectedEnds[track.id]
      #expect(track.endReason == end?.0 && track.endedAt == end?.1, "\(track.id)")
    }
    #expect(timeline.tracks.map(\.type) == ["modal", "modal", "toast", "toast", "toast", "modal"])
    #expect(
      timeline.tracks.map(\.queue) == ["default", "default", "toast", "toast", "toast", "default"])
    #expect(timeline.tracks.allSatisfy { $0.priority == 0 })
    #expect(
      timeline.navigation == [
        .init(at: 0, stack: ["home"]), .init(at: 1500, stack: ["home", "room"]),
        .init(at: 2000, stack: ["home"]),
      ])
    #expect(timeline.start == 0 && timeline.end == 4000)
    #expect(timeline.queues == ["default", "toast"])
  }

  @Test func changesOfAnAlertNeverDescribedStillMakeATrack() {
    var builder = TimelineBuilder()
    builder.alertChanged(
      id: "restored", queue: "q", state: .showing, previous: .pending, reason: .shown, at: 10)
    var alert = Alert(
      id: "restored", queue: "q", type: "banner", priority: 4, state: .showing, seq: 1,
      createdAt: 0, shownCount: 1)
    builder.record(.alertShow(alert: alert, resumed: false, at: 10, layer: nil))
    // The clock moved back: the interval ends where it started.
    builder.alertChanged(
      id: "restored", queue: "q", state: .done, previous: .showing, reason: .completed, at: 5)
    // The id again, for a new alert.
    alert.readyAt = 40
    builder.alertCreated(alert, at: 30)
    builder.navigationChanged(stack: [], at: 31)
    builder.navigationChanged(stack: ["a"], at: 32)
    builder.navigationChanged(stack: ["a"], at: 33)
    let timeline = builder.finish(at: 20)
    #expect(timeline.tracks.count == 2)
    #expect(timeline.tracks[0].type == "banner" && timeline.tracks[0].priority == 4)
    #expect(
      timeline.tracks[0].intervals == [
        .init(state: .pending, start: 10, end: 10), .init(state: .showing, start: 10, end: 10),
      ])
    #expect(timeline.tracks[0].endReason == .completed && timeline.tracks[0].endedAt == 10)
    #expect(timeline.tracks[1].intervals == [.init(state: .scheduled, start: 30, end: 33)])
    #expect(timeline.tracks[1].endReason == nil)
    #expect(timeline.navigation == [.init(at: 32, stack: ["a"])])
    #expect(timeline.end == 33)
  }

  @Test func restoredAlertsStartInTheirState() {
    var builder = TimelineBuilder(start: 100)
    let alert = Alert(
      id: "kept", queue: "default", type: "t", priority: 1, state: .suspended, seq: 1,
      createdAt: -50, shownCount: 1)
    builder.alertRestored(alert, at: 100)
    builder.alertChanged(
      id: "kept", queue: "default", state: .showing, previous: .suspended, reason: .resumed,
      at: 150)
    let timeline = builder.finish(at: 200)
    #expect(
      timeline.tracks.first?.intervals == [
        .init(state: .suspended, start: 100, end: 150),
        .init(state: .showing, start: 150, end: 200),
      ])
  }

  /// Alert "late" of type "t", priority 2, as a restore files one whose TTL ran out at
  /// `endedAt` while no engine ran.
  private static func restoredExpired(endedAt: Int64) -> Alert {
    var alert = Alert(
      id: "late", queue: "q", type: "t", priority: 2, state: .expired, seq: 1, createdAt: -90,
      shownCount: 0)
    alert.endedAt = endedAt
    alert.endReason = .expired
    return alert
  }

  /// The state file holds active alerts only: an ended one restored expired while no engine
  /// ran. It gets a track with no interval, ended where it was loaded (the axis does not
  /// stretch back to its expiry), the expiry kept for its tooltip and its table row.
  @Test func anAlertRestoredExpiredEndsWhereItWasLoaded() throws {
    var builder = TimelineBuilder(start: 0)
    var alert = Self.restoredExpired(endedAt: -40)
    builder.alertRestored(alert, at: 0)
    builder.engineReset(at: 50, resumesAt: 0)
    alert.endedAt = -5
    builder.alertRestored(alert, at: 0)
    let timeline = builder.finish(at: 60)
    #expect(timeline.start == 0 && timeline.end == 110)  // 60 ms after the reset at 50
    let tracks = timeline.tracks
    #expect(tracks.map(\.intervals) == [[], []])
    #expect(tracks.map(\.endReason) == [.expired, .expired])
    #expect(tracks.map(\.endedAt) == [0, 50])
    #expect(tracks.map(\.expiredWhileDownAt) == [-40, 45])
    #expect(tracks.map(\.droppedAt) == [nil, nil])
    #expect(
      ReportPage.ending(of: tracks[1], cutOff: false)
        == "ended expired at 45 ms, while no engine ran (its TTL ran out; found expired when"
        + " the state file was loaded, at 50 ms)")
    #expect(timeline.window(from: 10, to: 60).tracks.map(\.endedAt) == [50])
  }

  /// The id of an alert restored expired is free again: an alert queued under it where the
  /// state file was loaded gets a track of its own, not the expired one's.
  @Test func anAlertQueuedUnderARestoredExpiredOnesIdGetsItsOwnTrack() {
    var builder = TimelineBuilder(start: 0)
    builder.alertRestored(Self.restoredExpired(endedAt: -40), at: 0)
    let queued = Alert(
      id: "late", queue: "q", type: "u", priority: 5, state: .pending, seq: 2, createdAt: 0,
      shownCount: 0)
    builder.alertCreated(queued, at: 0)
    let tracks = builder.finish(at: 10).tracks
    #expect(tracks.map(\.type) == ["t", "u"])
    #expect(tracks.map(\.priority) == [2, 5])
    #expect(tracks.map(\.endReason) == [.expired, nil])
    #expect(tracks.map(\.expiredWhileDownAt) == [-40, nil])
  }

  // MARK: - The page

  private func scenarioReport() throws -> (Timeline, LayerTree, String) {
    let session = try ReportScenario.record()
    let timeline = session.finish(at: 4000)
    let layers = session.screen.layers
    let (svg, drawn) = try layers.renderSVGAndDrawnLayers(ReportScenario.sampleOptions)
    #expect(svg == (try layers.renderSVG(ReportScenario.sampleOptions)))
    return (
      timeline, layers,
      renderReportHTML(timeline, layersSVG: svg, drawnLayers: drawn, title: "Session")
    )
  }

  /// Page changes close together: each label row holds labels that do not overlap, no line
  /// runs through another change's label (one crowded out of every row keeps its line and
  /// tooltip), a long stack keeps its top (the
  /// page on screen) and drops pages from the bottom, and a label near the right edge goes
  /// left of its line instead of off the page.
  @Test func navigationLabelsNeitherOverlapNorLeaveThePage() throws {
    var session = try RecordedSession(createdAfterItsChanges: false)
    try session.navigate(at: 0) { screen throws(CoreError) in
      _ = try screen.navPush(scope: "room")
    }
    for step in 1...8 {
      try session.navigate(at: Int64(step) * 10) { screen throws(CoreError) in
        _ = step % 2 == 1 ? try screen.navPush(scope: "page\(step)") : try screen.navPop()
      }
    }
    let long = ["a-very-long-page-name-number-one", "another-quite-long-page-name", "room"]
    try session.navigate(at: 10_000) { screen throws(CoreError) in
      _ = try screen.navSet(stack: long)
    }
    let page = try parseXML(
      renderReportHTML(session.finish(at: 10_020), layersSVG: "", title: "Pages"))
    let svg = try #require(page.elements(named: "svg", withClass: "timeline").first)
    let right = try #require(svg.number("width"))
    var rows: [Double: [ClosedRange<Double>]] = [:]
    let marks = try Self.navigationMarks(page)
    #expect(marks.lines.count == 10)
    for marker in page.elements(named: "g", withClass: "nav") {
      #expect(marker.child(named: "title")?.text.hasPrefix("navigation at ") == true)
    }
    for label in marks.labels {
      #expect(label.extent.lowerBound >= 0 && label.extent.upperBound <= right, "\(label.text)")
      #expect(
        rows[label.baseline, default: []].allSatisfy { !$0.overlaps(label.extent) },
        "\(label.text)")
      rows[label.baseline, default: []].append(label.extent)
    }
    expectNoLineCrossesALabel(marks)
    let texts = marks.labels.map(\.text)
    #expect(rows.count == 3)
    #expect(texts.count < marks.lines.count, "the changes 10 ms apart cannot all be labelled")
    #expect(texts.first == "room")
    #expect(texts.last == "\u{2026} > room")
    #expect(
      ReportPage.navigationLabel(PageStackTop(long), width: 470)
        == "a-very-long-page-name-number-one > another-quite-long-page-name > room")
    #expect(
      ReportPage.navigationLabel(PageStackTop(long), width: 400)
        == "\u{2026} > another-quite-long-page-name > room")
    #expect(
      ReportPage.navigationLabel(PageStackTop(long), width: 220) == "\u{2026} > room",
      "another-quite-long-page-name does not fit beside room in 220")
    #expect(
      ReportPage.navigationLabel(["x", "b", "c"], width: 1000) == "x > b > c")
    #expect(ReportPage.navigationLabel([String(repeating: "t", count: 80)], width: 220).count < 40)
    // A top page too long alone, with pages under it: they are dropped, and the label says so.
    let deep = ReportPage.navigationLabel(["home", String(repeating: "t", count: 80)], width: 220)
    #expect(deep.hasPrefix("\u{2026} > ttt") && deep.hasSuffix("\u{2026}"))
    // (`fitted` reserves one character for its ellipsis, which textWidth counts as two.)
    #expect(
      LayerPicture.textWidth(deep, fontSize: ReportPage.fontSize)
        <= 220 + LayerPicture.characterWidth * ReportPage.fontSize)
    #expect(
      !ReportPage.navigationLabel([String(repeating: "t", count: 80)], width: 220).hasPrefix(
        "\u{2026}"))
    #expect(ReportPage.navigationLabel([], width: 220) == "(empty)")
  }

  /// Page changes at one instant (the manual clock makes many) are one marker, labelled with
  /// the stack they left on screen, each in its tooltip in order; apart, the first took every
  /// row at its line and the stack on screen was in no label.
  @Test func pageChangesAtOneInstantAreOneMarkerLabelledWithTheLast() throws {
    var session = try RecordedSession(createdAfterItsChanges: false)
    for stack in [["aa"], ["bb"], ["cc"]] {
      try session.navigate(at: 0) { screen throws(CoreError) in
        _ = try screen.navSet(stack: stack)
      }
    }
    try session.navigate(at: 5_000) { screen throws(CoreError) in
      _ = try screen.navSet(stack: ["dd"])
    }
    let page = try parseXML(
      renderReportHTML(session.finish(at: 10_000), layersSVG: "", title: "Pages"))
    let marks = try Self.navigationMarks(page)
    #expect(marks.lines.count == 2)
    #expect(marks.labels.map(\.text) == ["cc", "dd"])
    let titles = page.elements(named: "g", withClass: "nav").map {
      $0.child(named: "title")?.text ?? ""
    }
    #expect(
      titles == [
        "navigation at 0 ms: stack aa, then bb, then cc (3 changes at this instant)",
        "navigation at 5000 ms: stack dd",
      ])
    expectNoLineCrossesALabel(marks)
  }

  /// A page written in pieces (`ordo report` writes its file so, never holding a page of
  /// hundreds of MB whole) is the same page, each piece closing an element past its size.
  @Test func aPageWrittenInPiecesIsTheSamePage() throws {
    var session = try RecordedSession(createdAfterItsChanges: false)
    for step in 0..<40 {
      try session.navigate(at: Int64(step) * 10) { screen throws(CoreError) in
        _ = try screen.navSet(stack: ["room", "page\(step)"])
      }
    }
    let timeline = session.finish(at: 1_000)
    let whole = renderReportHTML(timeline, layersSVG: "", title: "Pieces")
    var pieces: [String] = []
    writeReportHTML(timeline, layersSVG: "", title: "Pieces", pieceBytes: 2_000) {
      pieces.append($0)
    }
    #expect(pieces.joined() == whole)
    #expect(pieces.count > whole.utf8.count / 4_000)
    #expect(pieces.dropLast().allSatisfy { $0.utf8.count >= 2_000 && $0.hasSuffix(">") })
  }

  /// A deep stack's text (tooltips, the table) names its top 32 pages and how many are under
  /// them: each change held the whole stack, a report quadratic in a hostile trace's depth.
  @Test func aDeepStacksTextNamesItsTopPages() throws {
    #expect(ReportPage.stackText([]) == "(empty)")
    let pages = (0..<40).map { "p\($0)" }
    #expect(
      ReportPage.stackText(PageStackTop(Array(pages.prefix(32))))
        == pages.prefix(32).joined(separator: " > "))
    #expect(
      ReportPage.stackText(PageStackTop(Array(pages.prefix(33))))
        == "\u{2026} (1 page below) > " + pages[1..<33].joined(separator: " > "))
    var session = try RecordedSession(createdAfterItsChanges: false)
    try session.navigate(at: 0) { screen throws(CoreError) in _ = try screen.navSet(stack: pages) }
    let page = try parseXML(
      renderReportHTML(session.finish(at: 10), layersSVG: "", title: "Pages"))
    let top = "\u{2026} (8 pages below) > " + pages[8...].joined(separator: " > ")
    #expect(
      page.elements(named: "g", withClass: "nav").map { $0.child(named: "title")?.text }
        == ["navigation at 0 ms: stack " + top])
    #expect(page.elements(named: "td").map(\.text).contains(top))
  }

  /// What a page holds is counted as its timeline grows (`ordo report` stops at a limit): a
  /// row per track, each state interval, each page change with the pages its text names.
  @Test func theItemCountFollowsWhatThePageHolds() {
    var builder = TimelineBuilder(start: 0)
    let alert = Alert(
      id: "a", queue: "q", type: "t", priority: 0, state: .pending, seq: 1, createdAt: 0,
      shownCount: 0)
    builder.alertCreated(alert, at: 0)
    #expect(builder.itemCount == 1)
    builder.alertChanged(
      id: "a", queue: "q", state: .showing, previous: .pending, reason: .shown, at: 5)
    #expect(builder.itemCount == 2)
    builder.enqueueRefused(id: nil, type: "t", queue: "q", priority: 0, retryAt: nil, at: 6)
    #expect(builder.itemCount == 3)
    builder.navigationChanged(stack: ["home", "detail"], at: 7)
    builder.navigationChanged(stack: ["home", "detail"], at: 8)
    #expect(builder.itemCount == 6)
    // The showing interval ends, and the stack is empty again.
    builder.engineReset(at: 9, resumesAt: 9)
    #expect(builder.itemCount == 8)
    // An alert never seen: its row, and the interval it leaves.
    builder.alertChanged(
      id: "b", queue: "q", state: .showing, previous: .pending, reason: .shown, at: 10)
    #expect(builder.itemCount == 10)
    // Long names count once more per 64 bytes they write: 250 4-byte characters, 1 000 bytes.
    let long = String(repeating: "\u{1D11E}", count: 250)
    builder.alertChanged(
      id: long, queue: "q", state: .showing, previous: .pending, reason: .shown, at: 11)
    #expect(builder.itemCount == 10 + 16 + 16)
    builder.navigationChanged(stack: ["home", long], at: 12)
    #expect(builder.itemCount == 42 + 1 + 1 + 16)
  }

  /// What an observing manager keeps of each page change is the stack's top 32 pages and how
  /// many are under them: a copy of the whole stack per change made a 3 MB trace (a
  /// 10 000-page stack, then 10 000 pushes and pops on it) take about 4 GB to report.
  @Test func aPageChangeIsObservedAsTheStacksTop() throws {
    let pages = (0..<40).map { "p\($0)" }
    var screen = Screen(maxLayers: 10, maxTreeDepth: 4, maxAlerts: 10)
    screen.observesTimeline = true
    _ = try screen.navSet(stack: pages)
    _ = try screen.navPush(scope: "x")
    let observed = screen.takeObservations().compactMap { observation -> PageStackTop? in
      if case .navigation(let stack, at: _) = observation { return stack }
      return nil
    }
    let expected: [[String]] = [Array(pages[8...]), Array(pages[9...]) + ["x"]]
    #expect(observed.map { $0.pages } == expected)
    #expect(observed.map { $0.pagesBelow } == [8, 9])
    // A label wide enough for every page kept still says that pages are left out under them.
    #expect(
      ReportPage.navigationLabel(PageStackTop(pages), width: 10_000)
        == "\u{2026} > " + pages[8...].joined(separator: " > "))
    #expect(
      ReportPage.navigationLabel(PageStackTop(Array(pages[8...])), width: 10_000)
        == pages[8...].joined(separator: " > "))
    // A top page too long alone, over 32 kept pages and more under them.
    let long = String(repeating: "t", count: 80)
    #expect(
      ReportPage.navigationLabel(
        PageStackTop([String](repeating: "a", count: 33) + [long]), width: 220
      )
      .hasPrefix("\u{2026} > ttt"))
    // A change under the top pages that leaves as many pages reads as the marker before it,
    // and is none.
    var builder = TimelineBuilder(start: 0)
    builder.navigationChanged(stack: PageStackTop(pages), at: 1)
    builder.navigationChanged(stack: PageStackTop(["other"] + pages.dropFirst()), at: 2)
    builder.navigationChanged(stack: PageStackTop(pages + ["x"]), at: 3)
    #expect(builder.finish(at: 4).navigation.map(\.at) == [1, 3])
  }

  /// Page changes a label's width apart, so that a later change could be labelled in a row
  /// above an earlier one's label: its line down from there would run through that label, so
  /// it takes another row or none.
  @Test func navigationLinesRunThroughNoLabel() throws {
    var session = try RecordedSession(createdAfterItsChanges: false)
    for step in 0..<24 {
      try session.navigate(at: Int64(step) * 40) { screen throws(CoreError) in
        _ = try screen.navSet(stack: ["room", "page\(step % 5)"])
      }
    }
    let page = try parseXML(
      renderReportHTML(session.finish(at: 1000), layersSVG: "", title: "Pages"))
    let marks = try Self.navigationMarks(page)
    #expect(marks.lines.count == 24)
    #expect(Set(marks.labels.map(\.baseline)).count == 3, "every row is used")
    #expect(marks.labels.count < marks.lines.count, "not all can be labelled")
    expectNoLineCrossesALabel(marks)
  }

  /// The page changes' dashed lines (where each starts) and labels (text, horizontal extent,
  /// baseline), in the order the page holds them.
  struct NavigationMarks {
    var lines: [(x: Double, top: Double)] = []
    var labels: [(text: String, extent: ClosedRange<Double>, baseline: Double)] = []
  }

  static func navigationMarks(_ page: ParsedElement) throws -> NavigationMarks {
    var marks = NavigationMarks()
    for marker in page.elements(named: "g", withClass: "nav") {
      let line = try #require(marker.child(named: "line"))
      marks.lines.append((try #require(line.number("x1")), try #require(line.number("y1"))))
      guard let label = marker.child(named: "text") else { continue }
      let x = try #require(label.number("x"))
      let width = LayerPicture.textWidth(label.text, fontSize: ReportPage.fontSize)
      let extent = label.attributes["text-anchor"] == "end" ? (x - width)...x : x...(x + width)
      marks.labels.append((label.text, extent, try #require(label.number("y"))))
    }
    return marks
  }

  /// A label whose baseline is below a line's top is in a row the line runs through: it must
  /// not cover the line.
  private func expectNoLineCrossesALabel(_ marks: NavigationMarks) {
    for line in marks.lines {
      for label in marks.labels where label.baseline > line.top {
        #expect(!label.extent.contains(line.x), "a line at \(line.x) crosses \(label.extent)")
      }
    }
  }

  @Test func theReportIsWellFormedWithOneBarPerInterval() throws {
    let (timeline, layers, html) = try scenarioReport()
    #expect(html.hasPrefix("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\""))
    let page = try parseXML(html)
    #expect(page.name == "html")
    let bars = page.elements(withClass: "bar")
    #expect(bars.count == timeline.intervalCount)
    #expect(bars.count == 13)
    // In track order, each bar names its alert and state.
    let expected = (0..<2).flatMap { number in
      ReportScenario.expectedIntervals.filter { lane($0.id) == number }
    }.flatMap { track in track.intervals.map { (track.id, $0.0.rawValue) } }
    #expect(bars.map { $0.attributes["data-alert"] ?? "" } == expected.map(\.0))
    #expect(bars.map { $0.attributes["data-state"] ?? "" } == expected.map(\.1))
    for bar in bars {
      #expect(bar.classes.contains("state-\(bar.attributes["data-state"] ?? "")"))
      #expect((bar.number("width") ?? 0) >= 2)
      #expect(
        bar.child(named: "title")?.text.hasPrefix(bar.attributes["data-alert"] ?? "?") == true)
    }
    // Ends, navigation, lanes, legend, the layer picture.
    let ends = page.elements(named: "g", withClass: "end")
    #expect(
      Set(
        ends.map { "\($0.attributes["data-alert"] ?? "") \($0.child(named: "text")?.text ?? "")" })
        == [
          "welcome timeout", "promo completed", "toast1 timeout", "late expired", "gone cancelled",
        ])
    #expect(
      page.elements(named: "g", withClass: "nav").map { $0.child(named: "text")?.text } == [
        "home", "home > room", "home",
      ])
    // In the timeline; the strip pinned over it has them again (theRowLabelsAreRepeated…).
    let timelinePicture = try #require(page.elements(named: "svg", withClass: "timeline").first)
    #expect(
      timelinePicture.elements(named: "text", withClass: "lane-title").map(\.text) == [
        "queue default (3 alerts)", "queue toast (3 alerts)",
      ])
    #expect(page.elements(named: "span", withClass: "swatch").count == 10)
    let ticks = page.elements(named: "g", withClass: "tick").compactMap {
      $0.child(named: "text")?.text
    }
    #expect(ticks == ["0 ms", "500", "1000", "1500", "2000", "2500", "3000", "3500", "4000"])
    // The first label, whose unit's space the halo does not cover, has a ground under it.
    #expect(
      page.elements(named: "g", withClass: "tick").map {
        $0.elements(named: "rect", withClass: "tick-ground").count
      } == [1, 0, 0, 0, 0, 0, 0, 0, 0])
    let picture = try #require(page.elements(named: "svg", withClass: "ordo-layers").first)
    let framed = try layers.paintOrder(of: nil).filter { try layers.get(id: $0).frame != nil }
    #expect(picture.attributes["role"] == "img")
    let drawn = picture.elements(named: "g", withClass: "layer")
    #expect(drawn.map { $0.attributes["data-layer"] ?? "" } == framed)
    // Its tooltips, as text in a folded table under it, in the same order.
    let table = try #require(page.elements(named: "details", withClass: "layer-table").first)
    #expect(table.child(named: "summary")?.text == "The layers as a table (\(framed.count) rows)")
    let rows = table.elements(named: "tr").filter { $0.attributes["data-layer"] != nil }
    #expect(rows.map { $0.attributes["data-layer"] } == framed)
    // Each row, its id, parent, depth and facts: what the layer's tooltip says.
    #expect(
      rows.map { row in
        let cells = row.children.map(\.text)
        let place = cells[1] == "(top level)" ? "top level" : "in " + cells[1]
        return "\(cells[0]) \(cells[3]); depth \(cells[2]), \(place)"
      } == drawn.map { $0.child(named: "title")?.text ?? "" })
    #expect(rows.allSatisfy { $0.children.first?.attributes["scope"] == "row" })
    let levels = try framed.map { id in
      var level = 0
      var parent = try layers.get(id: id).parent
      while let above = parent {
        level += 1
        parent = try layers.get(id: above).parent
      }
      return String(level)
    }
    #expect(rows.map { $0.children.dropFirst(2).first?.text } == levels)
    // Its parent, said not drawn when it is a group (a layer without a frame).
    let parents = try framed.map { id -> String in
      guard let parent = try layers.get(id: id).parent else { return "(top level)" }
      return try layers.get(id: parent).frame == nil
        ? parent + " (not drawn: no frame)" : parent
    }
    #expect(rows.map { $0.children.dropFirst().first?.text } == parents)
  }

  /// The tooltips open on hover only: every fact they hold is also in a table a keyboard, a
  /// touch screen and a printout (the fold opened) reach, in the timeline's row order.
  @Test func theTableHoldsWhatTheTooltipsSay() throws {
    let (timeline, _, html) = try scenarioReport()
    let page = try parseXML(html)
    let table = try #require(page.elements(named: "details", withClass: "alert-table").first)
    #expect(table.child(named: "summary")?.text == "The timeline as a table (6 rows)")
    let rows = table.elements(named: "tr").filter { $0.attributes["data-alert"] != nil }
    let byLane = timeline.tracks.sorted { lane($0.id) < lane($1.id) }
    #expect(rows.map { $0.attributes["data-alert"] } == byLane.map(\.id))
    let cells = rows.map { row in row.children.map(\.text) }
    #expect(
      cells.first == [
        "welcome", "modal", "default", "0", "pending 0 to 0, showing 0 to 1000",
        "ended timeout at 1000 ms",
      ])
    #expect(
      cells.last == [
        "left", "toast", "toast", "0", "pending 3000 to 3000, showing 3000 to 4000",
        "still active at the end",
      ])
    let changes = try #require(
      page.elements(named: "details", withClass: "navigation-table").first)
    #expect(
      changes.elements(named: "tr").dropFirst().map { $0.children.map(\.text) } == [
        ["0", "home"], ["1500", "home > room"], ["2000", "home"],
      ])
    #expect(changes.elements(named: "caption").first?.text.isEmpty == false)
    // Each table in a box that scrolls sideways on a phone: a region named by the caption.
    for box in page.elements(named: "div", withClass: "table-scroll") {
      let caption = try #require(box.elements(named: "caption").first)
      #expect(box.attributes["aria-labelledby"] == caption.attributes["id"])
      #expect(box.attributes["role"] == "region" && box.attributes["tabindex"] == "0")
    }
    #expect(page.elements(named: "div", withClass: "table-scroll").count == 3)
    #expect(
      changes.elements(named: "tr").dropFirst().allSatisfy {
        $0.children.first?.name == "th" && $0.children.first?.attributes["scope"] == "row"
      })
    // To a screen reader the timeline is one image, its title its name (the tables say
    // what its shapes say), in a named region a keyboard can focus to scroll.
    let main = try #require(page.elements(named: "main").first)
    #expect(main.elements(named: "table").count == 3)
    let svg = try #require(page.elements(named: "svg", withClass: "timeline").first)
    #expect(svg.attributes["role"] == "img")
    #expect(svg.children.first?.name == "title")
    let regions = page.elements(named: "div", withClass: "scroll")
    #expect(regions.map { $0.attributes["aria-label"] } == ["Alert timeline", "Layers at the end"])
    #expect(regions.allSatisfy { $0.attributes["role"] == "region" })
    #expect(regions.allSatisfy { $0.attributes["tabindex"] == "0" })
    for (row, track) in zip(rows, byLane) {
      #expect(row.child(named: "th")?.attributes["scope"] == "row")
      // Each row's end, as its tooltip says it.
      #expect(ReportPage.describe(track).hasSuffix(", " + (row.children.last?.text ?? "?")))
    }
  }

  /// Scrolled sideways on a narrow screen, the bars kept no names: the row labels are drawn
  /// again in a strip that stays at the box's left edge (Chromium's test scrolls it). It
  /// holds each row's label at the picture's own place on a white ground, and each queue's
  /// band and title cut at its edge, and is a copy a screen reader skips and a printout
  /// leaves out.
  @Test func theRowLabelsAreRepeatedInAStripThatStaysInView() throws {
    let (_, _, html) = try scenarioReport()
    let page = try parseXML(html)
    let box = try #require(page.elements(named: "div", withClass: "timeline-box").first)
    #expect(box.children.map(\.name) == ["svg", "svg"])
    let svg = try #require(box.elements(named: "svg", withClass: "timeline").first)
    let strip = try #require(box.elements(named: "svg", withClass: "pinned-labels").first)
    #expect(strip.attributes["aria-hidden"] == "true")
    #expect(strip.number("width") == ReportPage.labelWidth)
    #expect(strip.attributes["preserveAspectRatio"] == "xMaxYMin slice")
    let top = ReportPage.plotTop
    #expect(strip.attributes["viewBox"]?.hasPrefix("0 \(Markup.number(top)) ") == true)
    #expect(strip.number("height").map { $0 + top } == svg.number("height"))
    // Its labels: the picture's, at the picture's coordinates, each on a white row.
    func placed(_ texts: [ParsedElement?]) -> [String] {
      texts.map { text in
        [text?.text, text?.attributes["x"], text?.attributes["y"], text?.attributes["text-anchor"]]
          .map { $0 ?? "" }.joined(separator: "|")
      }
    }
    let rows = svg.elements(named: "g", withClass: "row-label")
    #expect(rows.count == 6)
    let labels = strip.elements(named: "text", withClass: "pinned-row-label")
    #expect(placed(labels) == placed(rows.map { $0.child(named: "text") }))
    // Each lane's band and title as the picture's, the band as wide as the strip; then a
    // white ground under the lane's rows, from the band's foot to its last row.
    let grounds = strip.elements(named: "rect", withClass: "pinned-rows")
    let texts = [String](repeating: "text", count: 3)
    #expect(strip.children.map(\.name) == ["g", "rect"] + texts + ["g", "rect"] + texts)
    let pinnedLanes = strip.children.filter { $0.attributes["class"] == "pinned-lane" }
    #expect(pinnedLanes.count == 2)
    #expect(
      placed(pinnedLanes.map { $0.child(named: "text") })
        == placed(svg.elements(named: "text", withClass: "lane-title")))
    let bands = pinnedLanes.compactMap { $0.child(named: "rect") }
    let ownBands = svg.elements(named: "rect", withClass: "lane")
    #expect(bands.map { $0.attributes["class"] } == ["lane", "lane"])
    #expect(bands.map { $0.number("y") } == ownBands.map { $0.number("y") })
    #expect(bands.map { $0.number("height") } == ownBands.map { $0.number("height") })
    #expect(bands.allSatisfy { $0.number("x") == 0 && $0.number("width") == ReportPage.labelWidth })
    let lanes = ownBands.compactMap { $0.number("y") }
    let laneRows: [Double] = lanes.map { $0 + ReportPage.laneHeaderHeight }
    let expectedGrounds: [[Double?]] = laneRows.map {
      [0, $0 - 2, ReportPage.labelWidth, 3 * ReportPage.rowHeight + 2]  // from the band's foot
    }
    let drawnGrounds: [[Double?]] = grounds.map {
      [$0.number("x"), $0.number("y"), $0.number("width"), $0.number("height")]
    }
    #expect(drawnGrounds == expectedGrounds)
    var rowTops: [Double] = []
    for first in laneRows {
      for row in 0..<3 { rowTops.append(first + Double(row) * ReportPage.rowHeight) }
    }
    #expect(labels.map { $0.number("y") } == rowTops.map { $0 + 13 })
    // Nothing in it answers for an alert or has a tooltip (the pointer goes through it to
    // the picture's); half as wide on a phone; none in print, where the box is a block
    // again (the picture shrinks to the paper's width, which a grid's column sized to the
    // picture would not let it).
    #expect(strip.allElements.allSatisfy { $0.attributes["data-alert"] == nil })
    #expect(strip.elements(named: "title").isEmpty)
    #expect(ReportPage.styleSheet.contains("pointer-events:none"))
    // On a phone, the strip shows the titles' right half: their counts alone. Left out there.
    #expect(
      ReportPage.styleSheet.contains(
        "@media (max-width:600px){.timeline-box svg.pinned-labels{\nwidth:140px;margin-left:140px}"
          + "\n.pinned-lane{display:none}}"))
    #expect(
      ReportPage.styleSheet.contains(
        "svg.pinned-labels{display:none}.scroll.timeline-box{display:block}"))
    // No alert, no strip.
    let empty = try parseXML(
      renderReportHTML(
        TimelineBuilder().finish(at: 0), layersSVG: try LayerTree().renderSVG(RenderOptions()),
        title: "Nothing"))
    #expect(empty.elements(named: "svg", withClass: "pinned-labels").isEmpty)
  }

  /// Scheduled and suspended bars are striped as well as coloured (hatched; upright bars),
  /// so that the four states differ without colour; the legend's swatches have the same
  /// stripes; other states, and the ticks of instants, are plain.
  @Test func twoStatesAreStripedSoThatTheStatesDifferWithoutColour() throws {
    let (_, _, html) = try scenarioReport()
    let page = try parseXML(html)
    let svg = try #require(page.elements(named: "svg", withClass: "timeline").first)
    let patterns = svg.elements(named: "pattern")
    #expect(
      patterns.map { $0.attributes["id"] } == ["ordo-state-scheduled", "ordo-state-suspended"])
    #expect(patterns.map { $0.attributes["patternTransform"] } == ["rotate(45)", nil])
    let fills = patterns.map { $0.elements(named: "rect").map { $0.attributes["fill"] ?? "" } }
    #expect(fills == [["#9aa5b1", "#cdd2d8"], ["#8e6bbf", "#c7b5df"]])
    let sheet = ReportPage.styleSheet
    #expect(sheet.contains("rect.bar.state-scheduled{fill:url(#ordo-state-scheduled)}"))
    #expect(sheet.contains("rect.bar.state-suspended{fill:url(#ordo-state-suspended)}"))
    #expect(
      sheet.contains(
        ".swatch.state-suspended{background:repeating-linear-gradient(90deg,#8e6bbf 0 3px,"
          + "#c7b5df 3px 5px)}"))
    #expect(!sheet.contains("state-showing{fill:url") && !sheet.contains("state-pending{fill:url"))
    // The plain colour stays each state's own (the instants' ticks, the base of the stripes).
    #expect(sheet.contains(".state-suspended{fill:#8e6bbf;background:#8e6bbf}"))
    let striped = svg.elements(named: "rect", withClass: "bar").filter {
      ["scheduled", "suspended"].contains($0.attributes["data-state"])
    }
    #expect(!striped.isEmpty)
  }

  /// The layer picture is drawn no smaller than 0.8 of its size (a wider one scrolls in its
  /// box): its least width is set on it from its `width`, and the printout lifts it (the
  /// picture shrinks to the paper). An empty picture (0 by 0) has a least width of 0.
  @Test func theLayerPictureShrinksNoFurtherThanItsLeastScale() throws {
    let (_, _, html) = try scenarioReport()
    let page = try parseXML(html)
    let section = try #require(page.elements(named: "section", withClass: "layers").first)
    let svg = try #require(section.elements(named: "svg").first)
    let width = try #require(svg.number("width"))
    #expect(width > 100)
    let least = Markup.number((width * 0.8).rounded())
    #expect(svg.attributes["style"] == "--least-width:\(least)px")
    #expect(
      ReportPage.styleSheet.contains(
        "section.layers svg{max-width:100%;height:auto;min-width:var(--least-width,0)}"))
    #expect(ReportPage.styleSheet.contains("height:auto}section.layers svg{min-width:0}\n"))
    #expect(ReportPage.drawnWidth("<svg class=\"a\" stroke-width=\"3\" width=\"1936\">") == 1936)
    #expect(ReportPage.drawnWidth("<svg stroke-width=\"3\"><rect width=\"5\"/>") == nil)
    #expect(ReportPage.drawnWidth("<svg width=\"inf\">") == nil)
    // No more than a 4K screen's picture at 0.8: one huge layer made the page millions of
    // pixels tall.
    #expect(
      ReportPage.asImage("<svg width=\"10000016\" height=\"9\">").hasPrefix(
        "<svg role=\"img\" style=\"--least-width:3072px\" width=\"10000016\""))
    #expect(
      ReportPage.asImage("<svg width=\"3840\" height=\"9\">").contains("--least-width:3072px"))
    let empty = renderReportHTML(
      TimelineBuilder().finish(at: 0), layersSVG: try LayerTree().renderSVG(RenderOptions()),
      title: "Nothing")
    #expect(empty.contains("<svg role=\"img\" style=\"--least-width:0px\" "))
  }

  /// A refused enqueue's row says when its limit allows a show; a cut-off recording's alerts
  /// are "still active where the recording stops"; no alert, no table.
  @Test func theTableNamesRefusalsAndACutOffRecording() throws {
    var builder = Self.builderWithAlertA()
    builder.enqueueRefused(id: "", type: "t", queue: "q", priority: 2, retryAt: 70, at: 5)
    var timeline = builder.finish(at: 10)
    timeline.metadata.isCutOff = true
    let page = try parseXML(renderReportHTML(timeline, layersSVG: "", title: "t"))
    let rows = page.elements(named: "tr").filter { $0.attributes["data-alert"] != nil }
    #expect(
      rows.map { $0.children.map(\.text) } == [
        ["a", "t", "q", "0", "pending 0 to 10", "still active where the recording stops"],
        [
          "(no id)", "t", "q", "2", "",
          "refused by its frequency limit at 5 ms (never created); its limit allows a show from 70 ms",
        ],
      ])
    let empty = try parseXML(
      renderReportHTML(TimelineBuilder().finish(at: 0), layersSVG: "", title: "t"))
    #expect(empty.elements(named: "details").isEmpty)
  }

  private func lane(_ id: String) -> Int {
    ["welcome", "promo", "gone"].contains(id) ? 0 : 1
  }

  @Test func barsSitOnTheTimeAxis() throws {
    let (_, _, html) = try scenarioReport()
    let page = try parseXML(html)
    let bars = page.elements(withClass: "bar")
    let promo = bars.filter { $0.attributes["data-alert"] == "promo" }
    // 880 px for 4000 ms from x = 280: 0.22 px per ms.
    #expect(promo.map { $0.number("x") ?? -1 } == [280, 500, 610, 720])
    #expect(promo.map { $0.number("width") ?? -1 } == [220, 110, 110, 110])
    // A zero-length interval is still drawn, 2 px wide.
    let welcome = bars.filter { $0.attributes["data-alert"] == "welcome" }
    #expect(welcome.first?.number("width") == 2)
    // Rows of one lane do not overlap.
    let rows = Set(
      bars.filter { lane($0.attributes["data-alert"] ?? "") == 0 }.map {
        "\($0.attributes["data-alert"] ?? "") \($0.number("y") ?? 0)"
      })
    #expect(rows.count == 3)
  }

  @Test func hostileStringsAreInertText() throws {
    var builder = TimelineBuilder(
      metadata: Timeline.Metadata(ordoVersion: hostileStrings[0], arguments: hostileStrings))
    for (number, text) in hostileStrings.enumerated() {
      let alert = Alert(
        id: text, queue: hostileStrings[(number + 1) % hostileStrings.count], type: text,
        priority: 0, state: .pending, seq: Int64(number), createdAt: Int64(number * 10),
        shownCount: 0)
      builder.alertCreated(alert, at: Int64(number * 10))
      builder.alertChanged(
        id: text, queue: alert.queue, state: .showing, previous: .pending, reason: .shown,
        at: Int64(number * 10 + 5))
      builder.navigationChanged(stack: [text, "x"], at: Int64(number * 10 + 7))
    }
    var layers = LayerTree()
    for (number, id) in hostileStrings.enumerated() {
      try layers.add(id, sort: Int64(number), frame: square(Double(number), 0, 50))
    }
    let timeline = builder.finish(at: 200)
    let html = renderReportHTML(
      timeline, layersSVG: try layers.renderSVG(RenderOptions()), title: hostileStrings[1])
    let page = try parseXML(html)
    let bars = page.elements(withClass: "bar")
    #expect(bars.count == timeline.intervalCount)
    #expect(
      Set(bars.map { $0.attributes["data-alert"] ?? "" }) == Set(hostileStrings.map(xmlReadable)))
    #expect(page.elements(named: "title").first?.text == xmlReadable(hostileStrings[1]))
    #expect(page.elements(named: "h1").first?.text == xmlReadable(hostileStrings[1]))
    #expect(
      page.elements(named: "code").map(\.text)
        == hostileStrings.map { xmlReadable(Markup.isolated($0)) })
    #expect(
      Set(page.elements(named: "text", withClass: "lane-title").map(\.text))
        == Set(
          hostileStrings.map { "queue \(xmlReadable(Markup.isolated($0))) (1 alert)" }))
    for label in page.elements(named: "g", withClass: "row-label") {
      let raw = hostileStrings.first { xmlReadable($0) == label.attributes["data-alert"] }
      let id = xmlReadable(Markup.isolated(raw ?? "?"))
      #expect(label.child(named: "title")?.text.hasPrefix("alert \(id), type \(id)") == true)
    }
    // The table's cells too: each string isolated, as text.
    let tables = page.elements(named: "details").map { $0.elements(named: "tr").dropFirst() }
    #expect(tables.map(\.count) == [hostileStrings.count, hostileStrings.count])
    #expect(
      tables.last?.map { $0.children.last?.text }
        == hostileStrings.map {
          xmlReadable(Markup.isolated($0)) + " > x"
        })
    for row in page.elements(named: "tr") where row.attributes["data-alert"] != nil {
      let raw = hostileStrings.first { xmlReadable($0) == row.attributes["data-alert"] }
      let id = xmlReadable(Markup.isolated(raw ?? "?"))
      #expect(row.children.prefix(2).map(\.text) == [id, id])
    }
    expectInert(html, page)
  }

  /// No script, no handler, nothing fetched: whatever the strings were.
  private func expectInert(_ html: String, _ page: ParsedElement) {
    #expect(html.firstRange(of: /<\s*script/.ignoresCase()) == nil)
    #expect(attributeNames(in: html).allSatisfy { !$0.lowercased().hasPrefix("on") })
    // Every tag was read by the tokenizer above (none hides an attribute it could not parse).
    #expect(html.matches(of: /<[A-Za-z]/).count == attributeTagCount(html))
    let names = Set(page.allElements.map(\.name))
    let allowed: Set<String> = [
      "html", "head", "meta", "title", "style", "body", "main", "h1", "h2", "dl", "dt", "dd",
      "code", "section", "ul", "li", "span", "p", "div", "svg", "g", "rect", "line", "text",
      "defs", "clipPath", "pattern", "circle", "details", "summary", "table", "caption", "thead",
      "tbody",
      "tr", "th", "td",
    ]
    #expect(names.isSubset(of: allowed), "unexpected elements: \(names.subtracting(allowed))")
    for element in page.allElements {
      for (name, value) in element.attributes {
        #expect(!name.lowercased().hasPrefix("on"))
        #expect(!["href", "src", "xlink:href", "action", "srcset"].contains(name.lowercased()))
        #expect(!value.lowercased().contains("javascript:"))
      }
    }
    // The only URLs are namespace names.
    let urls = html.matches(of: /https?:\/\/[^"\s]*/).map { String($0.output) }
    #expect(
      Set(urls).isSubset(of: ["http://www.w3.org/1999/xhtml", "http://www.w3.org/2000/svg"]))
    // The policy forbids everything but the inline style sheet; default-src does not cover
    // base-uri and form-action.
    let policy = page.elements(named: "meta").compactMap { meta in
      meta.attributes["http-equiv"] == "Content-Security-Policy" ? meta.attributes["content"] : nil
    }
    #expect(
      policy == [
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
      ])
  }

  private func attributeTagCount(_ markup: String) -> Int {
    markup.matches(of: /<([A-Za-z][A-Za-z0-9:-]*)((?:\s+[^\s=\/>]+\s*=\s*"[^"]*")*)\s*\/?>/).count
  }

  @Test func theScenarioReportIsInertToo() throws {
    let (_, _, html) = try scenarioReport()
    expectInert(html, try parseXML(html))
  }

  /// An HTML parser takes `<span/>` for an open `<span>`: only void elements and SVG ones
  /// may close themselves, or the page would nest differently in a browser than in XML.
  @Test func onlyVoidAndSVGElementsCloseThemselves() throws {
    let (_, _, html) = try scenarioReport()
    let selfClosed = Set(
      html.matches(of: /<([A-Za-z][A-Za-z0-9:-]*)[^<>]*\/>/).map {
        String($0.output.1)
      })
    #expect(selfClosed.isSubset(of: ["meta", "rect", "line", "circle"]), "\(selfClosed)")
    #expect(selfClosed.contains("meta") && selfClosed.contains("rect"))
  }

  @Test func theSameTimelineGivesTheSameBytes() throws {
    let (_, _, first) = try scenarioReport()
    let (_, _, second) = try scenarioReport()
    #expect(first == second)
  }

  /// A show preempted in the instant it began is an interval of 0 ms: its bar (the least
  /// width) sat under the next one, drawn from the same place; a tick over the row keeps it
  /// in sight. The timeline's title counts a refused enqueue apart, as the summary does.
  @Test func anInstantIntervalGetsATickAndARefusalIsNoAlertInTheTitle() throws {
    var builder = Self.builderWithAlertA()
    builder.alertChanged(
      id: "a", queue: "q", state: .showing, previous: .pending, reason: .shown, at: 100)
    builder.alertChanged(
      id: "a", queue: "q", state: .suspended, previous: .showing, reason: .preempted, at: 100)
    builder.alertChanged(
      id: "a", queue: "q", state: .showing, previous: .suspended, reason: .resumed, at: 300)
    builder.alertChanged(
      id: "a", queue: "q", state: .done, previous: .showing, reason: .completed, at: 500)
    builder.enqueueRefused(id: "r", type: "t", queue: "q", priority: 0, retryAt: nil, at: 200)
    let page = try parseXML(renderReportHTML(builder.finish(at: 600), layersSVG: "", title: "t"))
    let ticks = page.elements(withClass: "instant")
    #expect(ticks.map { $0.attributes["data-state"] ?? "" } == ["showing"])
    #expect(ticks.first?.child(named: "title")?.text == "a: showing from 100 to 100 ms (0 ms)")
    // Its bar's twin: a screen reader meets the interval once.
    #expect(ticks.first?.attributes["aria-hidden"] == "true")
    let bars = page.elements(withClass: "bar")
    #expect(
      bars.map { $0.attributes["data-state"] ?? "" } == [
        "pending", "showing", "suspended", "showing",
      ])
    // Drawn after every bar of its row, at the instant's place.
    #expect(ticks.first?.number("x") == bars[1].number("x"))
    #expect(
      page.elements(named: "svg", withClass: "timeline").first?.child(named: "title")?.text
        == "Alert timeline: 1 alert, 1 enqueue refused by a limit, engine time 0 to 600 ms")
  }

  /// Hundreds of page changes: drawn over the bars, every one a line down the whole plot,
  /// they buried the axis and the bars under a hatch of dashes. They are drawn first (under
  /// the axis and the bars), and an unlabelled one within 4 px of the last line drawn down
  /// keeps its marker, tooltip and a line above the axis only.
  @Test func densePageChangesStayUnderTheBarsAndThinOut() throws {
    var builder = Self.builderWithAlertA()
    for step in 0..<2000 {
      builder.navigationChanged(
        stack: step % 2 == 0 ? ["home", "detail"] : ["home"], at: Int64(step))
    }
    let page = try parseXML(renderReportHTML(builder.finish(at: 2000), layersSVG: "", title: "t"))
    let svg = try #require(page.elements(named: "svg", withClass: "timeline").first)
    let bottom = try #require(svg.number("height"))
    let markers = svg.elements(named: "g", withClass: "nav")
    #expect(markers.count == 2000)
    #expect(
      markers.allSatisfy { $0.child(named: "title") != nil && $0.child(named: "line") != nil })
    let down = markers.compactMap { $0.child(named: "line") }.filter { $0.number("y2") == bottom }
    let xs = down.compactMap { $0.number("x1") }
    // 880 px of plot: a line every 4 px at most, and the labelled ones.
    #expect(xs.count < 880 / 4 + 10, "\(xs.count) lines down the plot")
    #expect(xs.count > 100)
    let unlabelled = markers.filter { $0.child(named: "text") == nil }.compactMap {
      $0.child(named: "line")?.number("x1")
    }
    #expect(!unlabelled.isEmpty)
    // Under everything else: the markers come before the axis, the lanes and the bars.
    let order = svg.allElements.map { $0.attributes["class"] ?? "" }
    let lastMarker = try #require(order.lastIndex(of: "nav"))
    #expect(order.firstIndex(of: "axis").map { $0 > lastMarker } == true)
    #expect(order.firstIndex { $0.hasPrefix("bar ") }.map { $0 > lastMarker } == true)
  }

  /// The summary counted the queue of an enqueue its limit refused, which creates no queue.
  @Test func theSummaryCountsOnlyQueuesAnAlertWasCreatedIn() throws {
    var builder = Self.builderWithAlertA()
    builder.enqueueRefused(id: "r", type: "t", queue: "default", priority: 0, retryAt: nil, at: 5)
    let html = renderReportHTML(builder.finish(at: 10), layersSVG: "", title: "t")
    #expect(html.contains(">1 in 1 queue, 1 enqueue refused by a limit,"))
  }

  // MARK: - A window of the session (ordo report --from, --to)

  /// "early" pending 0-100 then done; "across" pending 50-150, showing 150-400, completed;
  /// "edge" showing 100-100 (an instant) then timed out at 100; "late" refused at 350; "reset"
  /// pending 200-300, dropped by a reset at 300; page changes at 20, 120, 390.
  private static func windowTimeline() -> Timeline {
    func track(
      _ id: String, _ intervals: [(AlertState, Int64, Int64)], end: (EndReason, Int64)? = nil,
      dropped: Int64? = nil, refusal: Timeline.Refusal? = nil
    ) -> Timeline.Track {
      Timeline.Track(
        id: id, type: "t", queue: "q", priority: 0,
        intervals: intervals.map { Timeline.Interval(state: $0.0, start: $0.1, end: $0.2) },
        endReason: end?.0, endedAt: end?.1, droppedAt: dropped, refusal: refusal)
    }
    return Timeline(
      tracks: [
        track("early", [(.pending, 0, 100)], end: (.completed, 100)),
        track("across", [(.pending, 50, 150), (.showing, 150, 400)], end: (.completed, 400)),
        track("edge", [(.showing, 100, 100)], end: (.timeout, 100)),
        track("late", [], end: (.limited, 350), refusal: Timeline.Refusal(retryAt: nil)),
        track("reset", [(.pending, 200, 300)], dropped: 300),
      ],
      navigation: [
        Timeline.NavigationMarker(at: 20, stack: ["a"]),
        Timeline.NavigationMarker(at: 120, stack: ["b"]),
        Timeline.NavigationMarker(at: 390, stack: ["c"]),
      ],
      resets: [300], start: 0, end: 400, metadata: Timeline.Metadata(ordoVersion: "9"))
  }

  @Test func aWindowKeepsWhatReachesIntoIt() {
    let full = Self.windowTimeline()
    let window = full.window(from: 100, to: 320)
    #expect(window.start == 100 && window.end == 320)
    // "late" was refused after it. "early" ended at its first instant: kept for that end
    // (its interval, which ends there, is not in the window).
    #expect(window.tracks.map(\.id) == ["early", "across", "edge", "reset"])
    #expect(!full.tracks[0].intervals[0].isIn(100...320))
    // Kept whole: the facts stay true; a drawing cuts them at the edges.
    #expect(window.tracks == [full.tracks[0], full.tracks[1], full.tracks[2], full.tracks[4]])
    #expect(window.navigation.map(\.at) == [120])
    // Every reset, before the window too: they say how its times map to engine times.
    #expect(window.resets == [300])
    #expect(full.window(from: 350, to: 400).resets == [300])
    #expect(window.metadata.session == 0...400)
    #expect(window.metadata.stackAtWindowStart == ["a"])
    #expect(window.metadata.ordoVersion == "9")
    // A window of a window still names the session's axis, and the stack at its start.
    let inner = window.window(from: 150, to: 200)
    #expect(inner.metadata.session == 0...400 && inner.metadata.stackAtWindowStart == ["b"])
    #expect(window.window(from: 100, to: 110).metadata.stackAtWindowStart == ["a"])
    #expect(full.window(from: 0, to: 10).metadata.stackAtWindowStart == [])
  }

  /// Past 2^53 (an axis counts on across resets and clock switches) adding a tick's step of
  /// 1 ms to a Double changed nothing: the page was never finished.
  @Test func aWindowPast2To53GetsItsTicks() throws {
    let top: Int64 = 9_007_199_254_740_994
    let timeline = Timeline(resets: [9_007_199_254_740_991], start: 0, end: top)
    let html = renderReportHTML(
      timeline.window(from: 9_007_199_254_740_990, to: nil), layersSVG: "", title: "t")
    let ticks = try parseXML(html).elements(named: "g", withClass: "tick")
    #expect((1...5).contains(ticks.count))
  }

  @Test(arguments: [
    (Int64(10), Int64(20), 10...20, true), (10, 20, 20...30, false), (10, 20, 0...10, false),
    (10, 20, 15...15, true), (10, 10, 10...20, true), (10, 10, 0...10, true),
    (10, 10, 11...20, false), (0, 100, 40...60, true),
  ])
  func anIntervalIsInAWindowWhenItOverlapsItsInsideOrIsAnInstantInIt(
    start: Int64, end: Int64, window: ClosedRange<Int64>, isIn: Bool
  ) {
    #expect(Timeline.Interval(state: .showing, start: start, end: end).isIn(window) == isIn)
  }

  @Test(arguments: [
    (Int64?.some(0), Int64?.none, ["early", "across", "edge", "late", "reset"], 0, 400),
    (nil, 99, ["early", "across"], 0, 99),
    (350, nil, ["across", "late"], 350, 400),
    (400, 400, ["across"], 400, 400),
    (1000, nil, [], 1000, 1000),
  ])
  func aWindowWithAnOpenEndRunsToTheAxis(
    from: Int64?, to: Int64?, ids: [String], start: Int64, end: Int64
  ) {
    let window = Self.windowTimeline().window(from: from, to: to)
    #expect(window.tracks.map(\.id) == ids)
    #expect(window.start == start && window.end == end)
  }

  @Test func aWindowIsDrawnCutAtItsEdgesWithEndsOutsideItUndrawn() throws {
    let html = renderReportHTML(
      Self.windowTimeline().window(from: 100, to: 320), layersSVG: "", title: "t")
    let page = try parseXML(html)
    let bars = page.elements(withClass: "bar")
    // Every bar within the plot (from the label column's edge, plotWidth long): those of the
    // intervals in the window.
    let plot = ReportPage.labelWidth...(ReportPage.labelWidth + ReportPage.plotWidth)
    #expect(bars.count == 4)
    for bar in bars {
      let x = try #require(bar.number("x"))
      let width = try #require(bar.number("width"))
      #expect(plot.contains(x) && plot.contains(x + width), "\(bar.attributes)")
    }
    // The tooltips give the intervals as they were.
    #expect(html.contains("<title>across: showing from 150 to 400 ms (250 ms)</title>"))
    // across ends at 400, after the window: no end mark; early's at 100 and the reset's at
    // 300 are drawn.
    let ends = page.elements(withClass: "end").map { $0.attributes["data-alert"] ?? "" }
    #expect(ends == ["early", "edge", "reset"])
    #expect(html.contains("<td>ended completed at 400 ms</td>"))
    // The table keeps every interval, those before the window too.
    #expect(html.contains(#"<td class="states">pending 0 to 100</td>"#))
    // across's pending bar starts before the window and its showing one ends after it: a
    // notch at each cut; reset's pending one is whole.
    let cuts = page.elements(withClass: "cut").map {
      ($0.attributes["data-alert"] ?? "", $0.attributes["class"] ?? "")
    }
    #expect(cuts.map(\.0) == ["across", "across"])
    #expect(cuts.map(\.1) == ["cut cut-left", "cut cut-right"])
    // Ticks at round times on the axis, the first naming the unit.
    let ticks = page.elements(named: "g", withClass: "tick").compactMap {
      $0.child(named: "text")?.text
    }
    #expect(ticks.first == "100 ms" && ticks.last == "300")
    #expect(html.contains("the page stack at its start: a;"))
    #expect(
      html.contains(
        "100 to 320 ms of the session&apos;s 0 to 400 ms (ordo report --from, --to)"))
    // Without a window, no such line.
    let whole = renderReportHTML(Self.windowTimeline(), layersSVG: "", title: "t")
    #expect(!whole.contains("class=\"window\""))
  }

  /// A builder holding alert "a" (type "t", queue "q"), pending since 0.
  private static func builderWithAlertA() -> TimelineBuilder {
    var builder = TimelineBuilder()
    builder.alertCreated(
      Alert(
        id: "a", queue: "q", type: "t", priority: 0, state: .pending, seq: 1, createdAt: 0,
        shownCount: 0),
      at: 0)
    return builder
  }

  /// A session of many alerts: the time axis was a screen or more above the last rows. Rows
  /// (with their queues' titles) taller than `footerAxisAbove` repeat it under them, its
  /// labels under its line; shorter ones do not.
  @Test(arguments: [(28, false), (29, true)])
  func rowsTallerThanAScreenRepeatTheAxisUnderThem(alerts: Int, repeated: Bool) throws {
    var session = try RecordedSession(createdAfterItsChanges: false)
    for index in 0..<alerts {
      try session.enqueue(
        at: Int64(index) * 10, AlertEnqueueRequest(type: "toast", id: "a\(index)", durationMs: 5))
    }
    let page = try parseXML(
      renderReportHTML(session.finish(at: 1000), layersSVG: "", title: "Many"))
    let svg = try #require(page.elements(named: "svg", withClass: "timeline").first)
    let rowsBottom =
      ReportPage.plotTop + ReportPage.laneHeaderHeight + Double(alerts) * ReportPage.rowHeight + 6
    let height = rowsBottom + (repeated ? ReportPage.footerAxisHeight : 0)
    #expect(svg.number("height") == height)
    #expect(
      svg.elements(named: "line", withClass: "axis").map { $0.number("y1") }
        == (repeated ? [ReportPage.axisY, rowsBottom] : [ReportPage.axisY]))
    let ticks = svg.elements(named: "g", withClass: "tick")
    #expect(ticks.count == 6)
    for tick in ticks {
      #expect(tick.child(named: "line")?.number("y2") == rowsBottom)
      let labels = tick.elements(named: "text")
      #expect(labels.count == (repeated ? 2 : 1))
      #expect(Set(labels.map(\.text)).count == 1)
      #expect(labels.first.flatMap { $0.number("y") }.map { $0 < ReportPage.axisY } == true)
      if repeated {
        let y = try #require(labels.last?.number("y"))
        // Its baseline under the line by more than the font's ascent, in the picture.
        #expect(y - rowsBottom > ReportPage.fontSize * 0.8 && y < height)
      }
    }
  }

  @Test func anEmptySessionStillMakesAPage() throws {
    let html = renderReportHTML(
      TimelineBuilder().finish(at: 0), layersSVG: try LayerTree().renderSVG(RenderOptions()),
      title: "Nothing")
    let page = try parseXML(html)
    #expect(page.elements(withClass: "bar").isEmpty)
    #expect(
      page.elements(named: "p", withClass: "empty").map(\.text) == [
        "No alert in this session.",
        "Nothing to draw: no layer with a frame is visible at the end of the session.",
      ])
    // Not in a scrolling box, which was an empty frame on the page and a stop of the Tab key.
    let layers = try #require(page.elements(named: "section", withClass: "layers").first)
    #expect(layers.elements(withClass: "scroll").isEmpty)
    #expect(layers.elements(named: "svg", withClass: "ordo-layers").count == 1)
    // The one tick of a 0 ms session (a second, at 1 ms, named a time it never reached).
    #expect(
      page.elements(named: "g", withClass: "tick").map { $0.child(named: "text")?.text }
        == ["0 ms"])
  }

  @Test func anXMLDeclarationBeforeTheLayersIsDropped() throws {
    let html = renderReportHTML(
      TimelineBuilder().finish(at: 10),
      layersSVG:
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
      title: "t")
    #expect(!html.contains("<?xml"))
    #expect(try parseXML(html).elements(named: "svg").count == 2)
  }

  /// The axis' labels are in the largest unit the session spans 10 of.
  @Test(
    arguments: [
      (4000, ["0 ms", "500", "1000", "1500", "2000", "2500", "3000", "3500", "4000"]),
      (10_230, ["0 s", "2", "4", "6", "8", "10"]),
      (45 * 60_000, ["0 min", "10", "20", "30", "40"]),
      (30 * 86_400_000, ["0 d", "5", "10", "15", "20", "25", "30"]),
    ] as [(Int64, [String])])
  func ticksAreLabelledInAUnitTheSessionSpans(end: Int64, labels: [String]) throws {
    let session = try RecordedSession(createdAfterItsChanges: false)
    let page = try parseXML(
      renderReportHTML(session.finish(at: end), layersSVG: "", title: "Ticks"))
    let ticks = page.elements(named: "g", withClass: "tick").compactMap {
      $0.child(named: "text")?.text
    }
    #expect(ticks == labels)
  }

  @Test(
    arguments: [
      (0.1, 1), (1, 1), (3, 5), (12, 20), (70, 100), (1250, 2000), (5e17, 5e17),
    ] as [(Double, Double)])
  func tickStepsAreOneTwoOrFiveTimesAPowerOfTen(raw: Double, step: Double) {
    #expect(ReportPage.tickStep(raw) == step)
  }

  @Test(
    arguments: [
      (0, "1970-01-01T00:00:00.000Z"), (-1, "1969-12-31T23:59:59.999Z"),
      (951_782_400_000, "2000-02-29T00:00:00.000Z"),
      (1_700_000_000_123, "2023-11-14T22:13:20.123Z"),
      // Years outside 0000 to 9999 have a sign and six digits (ISO 8601's expanded form).
      (-62_167_219_200_000, "0000-01-01T00:00:00.000Z"),
      (-62_167_219_200_001, "-000001-12-31T23:59:59.999Z"),
      (253_402_300_800_000, "+010000-01-01T00:00:00.000Z"),
      (9_007_199_254_740_991, "+287396-10-12T08:59:00.991Z"),
    ] as [(Int64, String)])
  func wallClockStartsAreWrittenInUTC(ms: Int64, text: String) {
    #expect(ReportPage.utcTimestamp(ms) == text)
  }
}

extension ReportTests {
  /// A queue's name too long for its lane title is cut, so the count stays on the page, and
  /// given whole in the title's tooltip; a short one is left as it is, with no tooltip.
  @Test func aLongQueueNameIsCutInItsLaneTitle() throws {
    var builder = TimelineBuilder()
    let long = String(repeating: "q", count: 256)
    for (id, queue) in [("a", long), ("b", "short")] {
      builder.alertCreated(
        Alert(
          id: id, queue: queue, type: "t", priority: 0, state: .pending, seq: 1, createdAt: 0,
          shownCount: 0),
        at: 0)
    }
    let page = try parseXML(renderReportHTML(builder.finish(at: 10), layersSVG: "", title: "q"))
    let titles = page.elements(named: "text", withClass: "lane-title")
    let cut = try #require(titles.first { $0.child(named: "title") != nil })
    #expect(cut.child(named: "title")?.text == "queue " + long)
    #expect(cut.text.hasSuffix("\u{2026} (1 alert)"))
    #expect(cut.text.count < 200)
    #expect(
      titles.contains { $0.text == "queue short (1 alert)" && $0.child(named: "title") == nil })
    // The strip pinned over the timeline repeats the cut title, without its tooltip (the
    // pointer goes through the strip to the picture's).
    let strip = try #require(page.elements(named: "svg", withClass: "pinned-labels").first)
    let pinned = strip.elements(named: "text", withClass: "lane-title")
    #expect(pinned.map(\.text).contains(cut.text))
    #expect(strip.elements(named: "title").isEmpty)
  }
}
