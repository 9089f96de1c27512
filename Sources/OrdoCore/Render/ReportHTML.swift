/// The `ordo report` page: one self-contained HTML document (also well-formed XML) with the
/// session's metadata, the timeline of `timeline` and the layer picture `layersSVG`.
///
/// The timeline is an inline SVG: one lane per queue (sorted by name), one row per alert in
/// it (labelled with its id and type), one `<rect class="bar state-…" data-alert="…">` per
/// interval coloured by state (a zero-length one is drawn 2 px wide), each alert's end marked
/// with its end reason, navigation changes as dashed markers labelled with the stack (where
/// a label row has room: see `navigationMarker`), and a time axis from `timeline.start`
/// with ticks (in a unit the session spans: `tickUnit`). Every shape has a `<title>` tooltip,
/// and what the tooltips say is also in two tables folded under the timeline (`alertTable`,
/// `navigationTable`): a tooltip opens on hover only.
///
/// HTML parsers ignore `/>` except on void elements (`meta`) and inside SVG, so every other
/// element is closed explicitly: the page reads the same as HTML and as XML.
///
/// Untrusted input: every string of `timeline` and `title` is escaped (`Markup.escape`), and
/// the page has no `<script>` element, no event-handler attribute, no link or reference
/// outside itself, and a Content-Security-Policy that forbids scripts and fetches. `layersSVG`
/// is inlined as is (a leading XML declaration is dropped): pass what
/// `LayerTree.renderSVG(_:)` returned.
/// - Complexity: O(n + q log q + s), n the number of intervals and navigation changes, q the
///   number of tracks, s the length of `layersSVG`.
public func renderReportHTML(
  _ timeline: Timeline, layersSVG: String, drawnLayers: [LayerTree.DrawnLayer] = [],
  title: String
) -> String {
  var report = ReportPage(timeline: timeline)
  return report.html(layersSVG: layersSVG, drawnLayers: drawnLayers, title: title)
}

/// The same page as `renderReportHTML`, handed to `sink` in pieces of about `pieceBytes`
/// (the last one shorter), in order: a page of hundreds of MB is never held whole.
public func writeReportHTML(
  _ timeline: Timeline, layersSVG: String, drawnLayers: [LayerTree.DrawnLayer] = [],
  title: String, pieceBytes: Int = 1 << 20, to sink: @escaping (String) -> Void
) {
  var report = ReportPage(
    timeline: timeline, writer: MarkupWriter(handingPiecesOf: pieceBytes, to: sink))
  sink(report.html(layersSVG: layersSVG, drawnLayers: drawnLayers, title: title))
}

/// The report's layout and markup.
struct ReportPage {
  static let stateColours: [(state: AlertState, colour: String)] = [
    (.scheduled, "#9aa5b1"), (.pending, "#f2b134"), (.showing, "#2e9d5b"),
    (.suspended, "#8e6bbf"),
  ]
  /// The states whose bars are striped too, so that the four differ without colour (in
  /// greyscale, showing and suspended were 1.22:1 apart, scheduled and pending 1.36:1):
  /// waiting for its time, hatched; paused while covered, upright bars (a pause sign). The
  /// stripes are the state's colour halfway to white; the legend's swatches repeat them.
  static let stripedStates: [(state: AlertState, light: String, angle: Int)] = [
    (.scheduled, "#cdd2d8", 45), (.suspended, "#c7b5df", 0),
  ]
  /// The stripes' period and the light part of it (px), in the bars' patterns and the
  /// swatches' gradients alike.
  static let stripePeriod = 5
  static let stripeLight = 2
  static let endColours: [(reason: EndReason, colour: String)] = [
    (.completed, "#1b5e20"), (.timeout, "#9a5c00"), (.cancelled, "#c62828"),
    (.expired, "#616161"), (.limited, "#ad1457"),
  ]
  static let labelWidth = 280.0
  static let plotWidth = 880.0
  static let rightPadding = 110.0
  static let navigationRows = 3
  static let navigationRowHeight = 13.0
  /// The time axis' line, under the page changes' label rows.
  static let axisY = navigationRowHeight * Double(navigationRows) + 20
  /// Where the first lane starts.
  static let plotTop = axisY + 4
  /// Rows taller than this (px; 30 rows) repeat the time axis under them: reading the last
  /// rows of a long session, the axis at the top was a screen or more above.
  static let footerAxisAbove = 540.0
  /// The room the repeated axis' labels take under the rows (px).
  static let footerAxisHeight = 18.0
  /// The page width (CSS px) at or under which the pinned labels' strip is half as wide.
  static let pinnedNarrowBelow = 600.0
  /// The least distance between two page-change lines drawn down the plot (px).
  static let minimumLineGap = 4.0
  static let rowHeight = 18.0
  static let laneHeaderHeight = 20.0
  /// Room for a queue's name in its lane's title, leaving its count on the page.
  static let laneNameWidth = 900.0
  static let fontSize = 11.0

  let timeline: Timeline
  var writer: MarkupWriter

  init(timeline: Timeline) {
    self.init(
      timeline: timeline,
      writer: MarkupWriter(
        capacity: 4096 + timeline.intervalCount * 260 + timeline.tracks.count * 300))
  }

  init(timeline: Timeline, writer: MarkupWriter) {
    self.timeline = timeline
    self.writer = writer
  }

  /// The length of the time axis in ms (at least 1).
  private var span: Double {
    max(1, Double(timeline.end) - Double(timeline.start))
  }

  /// Where `time` is on the axis; a time before or after it (a window's interval that
  /// reaches out of it) at its edge.
  private func x(_ time: Int64) -> Double {
    let time = min(max(time, timeline.start), timeline.end)
    return Self.labelWidth + (Double(time) - Double(timeline.start)) / span * Self.plotWidth
  }

  // MARK: - Page

  mutating func html(layersSVG: String, drawnLayers: [LayerTree.DrawnLayer], title: String)
    -> String
  {
    writer.raw("<!DOCTYPE html>\n")
    writer.open("html", ["xmlns": "http://www.w3.org/1999/xhtml", "lang": "en"])
    writer.open("head")
    writer.empty("meta", ["charset": "utf-8"])
    // A phone lays the page out at the screen's width (it shrank a 980 px layout to fit).
    writer.empty("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"])
    writer.empty(
      "meta",
      [
        "http-equiv": "Content-Security-Policy",
        // base-uri and form-action are not covered by default-src.
        "content":
          "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
      ])
    writer.element("title", text: title)
    writer.open("style")
    writer.raw(Self.styleSheet)  // Fixed text without & < > or quotes: raw in HTML and XML alike.
    writer.close("style")
    writer.close("head")
    writer.raw("\n")
    writer.open("body")
    writer.open("main")
    writer.element("h1", text: title)
    metadata()
    writer.open("section", ["class": "timeline"])
    writer.element("h2", text: "Timeline")
    legend()
    if timeline.tracks.isEmpty {
      writer.element(
        "p", ["class": "empty"],
        text: timeline.metadata.session == nil
          ? "No alert in this session." : "No alert in this window of the session.")
    }
    // Focusable: a keyboard scrolls it (a region named, for a screen reader's list of them).
    writer.open(
      "div",
      [
        "class": "scroll timeline-box", "role": "region", "aria-label": "Alert timeline",
        "tabindex": "0",
      ])
    // Grouped once: the timeline and its table list the tracks in the same order.
    let lanes = self.lanes()
    timelineSVG(lanes)
    writer.close("div")
    alertTable(lanes)
    navigationTable()
    writer.close("section")
    writer.raw("\n")
    writer.open("section", ["class": "layers"])
    writer.element("h2", text: "Layers at the end")
    // An empty picture is 0 by 0: say so, or the section is a blank box; and put it in no
    // scrolling box (an empty frame on the page, and a stop of the Tab key).
    let empty = layersSVG.contains("<title>\(LayerPicture.nothingToDrawTitle)</title>")
    if empty {
      writer.element(
        "p", ["class": "empty"],
        text: "Nothing to draw: no layer with a frame is visible at the end of the session.")
    } else {
      writer.open(
        "div",
        ["class": "scroll", "role": "region", "aria-label": "Layers at the end", "tabindex": "0"])
    }
    writer.raw(Self.asImage(Self.withoutXMLDeclaration(layersSVG)))
    if !empty { writer.close("div") }
    layerTable(drawnLayers)
    writer.close("section")
    writer.close("main")
    writer.close("body")
    writer.close("html")
    writer.raw("\n")
    // What the writer has not handed on yet: the whole page when it hands on nothing.
    return writer.output
  }

  static let styleSheet = """
    body{font-family:system-ui,sans-serif;margin:16px 24px;color:#1a1a1a;background:#ffffff}
    h1{font-size:1.25rem;margin:0 0 8px}h2{font-size:1rem;margin:20px 0 6px}
    dl.meta{display:grid;grid-template-columns:max-content auto;gap:2px 12px;margin:0}
    dl.meta{font-size:0.8125rem}
    dl.meta dt{color:#555555}dl.meta dd{margin:0;min-width:0;overflow-wrap:anywhere}
    dl.meta dd.cut-off{color:#b00020;font-weight:bold}
    code{font-family:monospace;background:#f2f2f2;padding:0 3px}
    code.flag{white-space:nowrap}
    ul.legend{list-style:none;padding:0;margin:4px 0 8px;font-size:0.75rem}
    ul.legend li{display:inline-block;margin-right:14px}
    .swatch{display:inline-block;width:12px;height:12px;vertical-align:-2px;margin-right:4px}
    .scroll{overflow:auto;border:1px solid #dddddd;padding:4px;max-width:100%;box-sizing:border-box}
    svg text{font-family:monospace}
    .lane{fill:#eef1f5}.lane-title{font-weight:bold;fill:#333333}
    .row-label,.pinned-row-label{fill:#1a1a1a}.pinned-rows{fill:#ffffff}
    .scroll.timeline-box{display:grid}.timeline-box svg{grid-area:1/1}
    .timeline-box svg.pinned-labels{position:sticky;left:-4px;z-index:1;align-self:start;
    justify-self:start;pointer-events:none;margin-top:\(Markup.number(plotTop))px;background:none}
    @media (max-width:\(Markup.number(pinnedNarrowBelow))px){.timeline-box svg.pinned-labels{
    width:\(Markup.number(labelWidth / 2))px;margin-left:\(Markup.number(labelWidth / 2))px}
    .pinned-lane{display:none}}
    .tick line{stroke:#e3e3e3}.tick text{fill:#666666}
    .tick text{paint-order:stroke;stroke:#ffffff;stroke-width:3px;stroke-linejoin:round}
    .tick-ground{fill:#ffffff}
    .axis{stroke:#999999}
    .nav line{stroke:#5c6bc0;stroke-dasharray:4 3}.nav text{fill:#3949ab}
    .nav-swatch{border-left:2px dashed #5c6bc0;width:0;height:12px}
    .end-reset line{stroke:#616161;stroke-dasharray:2 2}.end-reset text{fill:#616161}
    .swatch.end-reset{background:#616161;width:3px}
    .refused line{stroke-dasharray:3 2}
    .swatch.refused{background:none;border-left:3px dashed #ad1457;width:0}
    .instant{stroke:#1a1a1a;stroke-width:0.75}.cut{fill:#ffffff;stroke:#1a1a1a;stroke-width:0.75}
    .bar{stroke:#555555;stroke-width:1}
    section.layers svg{max-width:100%;height:auto;min-width:var(--least-width,0)}
    @media print{:root{color-scheme:light}.scroll,.table-scroll{overflow:visible;border:0}
    svg.pinned-labels{display:none}.scroll.timeline-box{display:block}
    .scroll svg{max-width:100%;height:auto}section.layers svg{min-width:0}
    details::details-content{content-visibility:visible;display:block}
    .swatch{print-color-adjust:exact;-webkit-print-color-adjust:exact}}
    @media (forced-colors:active){svg,.swatch{forced-color-adjust:none}svg{background:#ffffff}}
    details{margin-top:8px;font-size:0.75rem}summary{cursor:pointer;padding:5px 0}
    table{border-collapse:collapse;margin-top:4px}caption{text-align:left;padding:2px 0}
    th,td{border:1px solid #cccccc;padding:2px 6px;text-align:left;vertical-align:top}
    tbody th,td.name,.navigation-table td{overflow-wrap:anywhere}
    .table-scroll{overflow-x:auto;max-width:100%}section.layers .scroll{width:fit-content}
    thead th{background:#eef1f5}td.states{max-width:60ch}
    :root{color-scheme:light dark}
    @media screen and (prefers-color-scheme:dark){body{color:#e6e6e6;background:#16181c}
    dl.meta dt{color:#b4b4b4}dl.meta dd.cut-off{color:#ff8a80}code{background:#2b2e34}
    .scroll{border-color:#45484e}.scroll svg{background:#ffffff}
    th,td{border-color:#45484e}thead th{background:#23262c}
    ul.legend{background:#ffffff;color:#1a1a1a;padding:2px 6px}}

    """ + stateRules + stripeRules + endRules

  private static var stateRules: String {
    stateColours.map { ".state-\($0.state.rawValue){fill:\($0.colour);background:\($0.colour)}\n" }
      .joined()
  }

  /// The colour of `state`'s bars (`stateColours` has every state).
  static func colour(of state: AlertState) -> String {
    guard let entry = stateColours.first(where: { $0.state == state }) else {
      preconditionFailure("no colour for the state \(state)")
    }
    return entry.colour
  }

  /// A striped state's bars are filled with its pattern (`statePatterns`), its swatch with
  /// the same stripes: the colour, then the light, across the bar.
  private static var stripeRules: String {
    let dark = stripePeriod - stripeLight
    return stripedStates.map { striped in
      let colour = colour(of: striped.state)
      let name = "state-\(striped.state.rawValue)"
      return "rect.bar.\(name){fill:url(#ordo-\(name))}.swatch.\(name){background:"
        + "repeating-linear-gradient(\(90 + striped.angle)deg,\(colour) 0 \(dark)px,"
        + "\(striped.light) \(dark)px \(stripePeriod)px)}\n"
    }.joined()
  }

  /// The striped states' patterns, in the timeline's `defs`.
  private mutating func statePatterns() {
    let period = String(Self.stripePeriod)
    writer.open("defs")
    for striped in Self.stripedStates {
      let colour = Self.colour(of: striped.state)
      writer.open(
        "pattern",
        [
          "id": "ordo-state-\(striped.state.rawValue)", "patternUnits": "userSpaceOnUse",
          "width": period, "height": period,
          "patternTransform": striped.angle == 0 ? nil : "rotate(\(striped.angle))",
        ])
      writer.empty("rect", ["width": period, "height": period, "fill": colour])
      writer.empty(
        "rect",
        [
          "x": String(Self.stripePeriod - Self.stripeLight), "width": String(Self.stripeLight),
          "height": period, "fill": striped.light,
        ])
      writer.close("pattern")
    }
    writer.close("defs")
  }

  private static var endRules: String {
    endColours.map {
      ".end-\($0.reason.rawValue) line{stroke:\($0.colour)}.end-\($0.reason.rawValue) text{fill:"
        + "\($0.colour)}.swatch.end-\($0.reason.rawValue){background:\($0.colour);width:3px}\n"
    }.joined()
  }

  /// `svg` (as layer.render writes it) as one image to a screen reader, named by its
  /// title, as the timeline is: the table under it says what its layers' tooltips say.
  /// Drawn no smaller than `layerPictureLeastScale` of its size (`--least-width`), up to
  /// `layerPictureLeastWidthLimit`: a narrower page (a phone, a desktop screen's picture in
  /// a laptop's window) scrolls it sideways rather than shrink its labels past reading; a
  /// picture wider than a 4K screen shrinks further, or one huge layer (a 10 000 000-unit
  /// backdrop) made the page millions of pixels tall.
  static func asImage(_ svg: Substring) -> String {
    guard svg.hasPrefix("<svg ") else { return String(svg) }
    var attributes = "<svg role=\"img\" "
    if let width = drawnWidth(svg) {
      let least = Markup.number(
        min(width * layerPictureLeastScale, layerPictureLeastWidthLimit).rounded())
      attributes += "style=\"--least-width:\(least)px\" "
    }
    return attributes + svg.dropFirst("<svg ".count)
  }

  /// The least scale the report draws the layer picture at (its labels, 11 px, stay at
  /// 8.8 px or more).
  static let layerPictureLeastScale = 0.8
  /// The most `--least-width` is (px): a 4K screen's picture at `layerPictureLeastScale`.
  static let layerPictureLeastWidthLimit = 3072.0

  /// The `width` attribute of `svg`'s start tag, in pixels.
  static func drawnWidth(_ svg: Substring) -> Double? {
    guard let tagEnd = svg.firstIndex(of: ">") else { return nil }
    let tag = svg[..<tagEnd]
    guard let start = tag.firstRange(of: " width=\"") else { return nil }
    guard let width = Double(tag[start.upperBound...].prefix { $0 != "\"" }), width.isFinite
    else { return nil }
    return width
  }

  static func withoutXMLDeclaration(_ svg: String) -> Substring {
    guard svg.hasPrefix("<?xml"), let end = svg.firstRange(of: "?>") else { return svg[...] }
    return svg[end.upperBound...].drop { $0.isWhitespace }
  }

  private mutating func metadata() {
    let meta = timeline.metadata
    writer.open("dl", ["class": "meta"])
    if let version = meta.ordoVersion {
      writer.element("dt", text: "Ordo")
      writer.element("dd", text: Markup.isolated(version))
    }
    if !meta.arguments.isEmpty {
      writer.element("dt", text: "Arguments")
      writer.open("dd")
      // Each isolated: a direction control in one argument would run on into the next.
      // A flag is not broken at its hyphens on a narrow screen; a long path may be.
      // Spaced: a line of arguments wraps between them, not past a phone's width.
      for (index, argument) in meta.arguments.enumerated() {
        if index > 0 { writer.raw(" ") }
        writer.element(
          "code", ["class": argument.hasPrefix("-") ? "flag" : nil],
          text: Markup.isolated(argument))
      }
      writer.close("dd")
    }
    if let wall = meta.startedWallAt {
      writer.element("dt", text: "Started")
      // The real-time clock whatever the clock mode: on the manual clock engine time 0 is
      // --epoch-ms instead, which the arguments above show.
      writer.element(
        "dd", text: "\(Self.utcTimestamp(wall)) (the real-time clock when the engine started)")
    }
    if meta.isCutOff {
      writer.element("dt", text: "Recording")
      writer.element(
        "dd", ["class": "cut-off"],
        text: "cut off before the session ended (its --trace-max-bytes, a write that failed,"
          + " or an engine killed mid-line): this report ends where the recording does; what the engine"
          + " did after that is unknown")
    }
    if let difference = meta.replayDifference {
      writer.element("dt", text: "Replay")
      writer.element(
        "dd", ["class": "cut-off"],
        text: "differs from the recording (\(difference)): the timeline shows what the Ordo"
          + " that wrote this report did when replaying it, not what the recorded one did;"
          + " ordo replay prints the difference"
          + (meta.replayedByNewer.map {
            ". Note: "
              + Timeline.Metadata.versionDifferenceNote(
                recorded: Markup.isolated(meta.ordoVersion ?? "?"), replaying: $0)
          } ?? ""))
    }
    writer.element("dt", text: "Time axis")
    var axis =
      "engine time \(timeline.start) to \(timeline.end) ms"
      + " (\(timeline.end.subtractingReportingOverflow(timeline.start).partialValue) ms)"
    // On the manual clock a reset sends engine time back to 0, and a clock switch sends it to
    // 0 or to the time since the process started; the axis goes on from each instead. Named
    // in the order they happened.
    let breaks =
      timeline.resets.map { (at: $0, text: "engine.reset at \($0) ms") }
      + timeline.clockSwitches.map {
        (
          at: $0.at,
          text: "the clock switched to \($0.toManual ? "manual" : "system") at \($0.at) ms"
        )
      }
    if !breaks.isEmpty {
      let ordered = breaks.enumerated().sorted {
        ($0.element.at, $0.offset) < ($1.element.at, $1.offset)
      }
      axis +=
        "; " + ordered.map(\.element.text).joined(separator: ", ")
        + (breaks.count == 1
          ? ", times after it counted on from there" : ", times after each counted on from it")
    }
    writer.element("dd", text: axis)
    if let session = meta.session {
      writer.element("dt", text: "Window")
      writer.element(
        "dd", ["class": "window"],
        text: "\(timeline.start) to \(timeline.end) ms of the session's \(session.lowerBound) to"
          + " \(session.upperBound) ms (ordo report --from, --to)"
          + (timeline.start > session.upperBound ? ", after the session's end" : "")
          + "; the page stack at its start: "
          + (meta.stackAtWindowStart.isEmpty
            ? "no page" : Self.stackText(meta.stackAtWindowStart))
          + "; the alerts and page changes outside it are left out, a bar it cuts has a notch"
          + " at the cut, and the layer tree below is the session's last")
    }
    writer.element("dt", text: "Alerts")
    // Queues an alert was created in: a refused enqueue creates none (its lane shows it).
    let queues = Set(timeline.tracks.lazy.filter { $0.refusal == nil }.map(\.queue)).count
    let refused = timeline.tracks.count { $0.refusal != nil }
    writer.element(
      "dd",
      text: "\(timeline.tracks.count - refused) in \(queues) queue\(queues == 1 ? "" : "s"),"
        + (refused == 0 ? "" : " \(Self.counted(refused, "enqueue")) refused by a limit,")
        + " \(Self.counted(timeline.intervalCount, "state interval")),"
        + " \(Self.counted(timeline.navigation.count, "navigation change"))")
    writer.close("dl")
  }

  private mutating func legend() {
    writer.open("ul", ["class": "legend"])
    for (state, _) in Self.stateColours {
      writer.open("li")
      writer.element("span", ["class": "swatch state-\(state.rawValue)"], text: "")
      writer.text(state.rawValue)
      writer.close("li")
    }
    for (reason, _) in Self.endColours {
      writer.open("li")
      writer.element("span", ["class": "swatch end-\(reason.rawValue)"], text: "")
      writer.text("ended: " + reason.rawValue)
      writer.close("li")
    }
    if timeline.tracks.contains(where: { $0.refusal != nil }) {
      writer.open("li")
      writer.element("span", ["class": "swatch refused"], text: "")
      writer.text("refused: an enqueue its frequency limit dropped (never created)")
      writer.close("li")
    }
    if !timeline.resets.isEmpty {
      writer.open("li")
      writer.element("span", ["class": "swatch end-reset"], text: "")
      writer.text("dropped by engine.reset")
      writer.close("li")
    }
    writer.open("li")
    writer.element("span", ["class": "swatch nav-swatch"], text: "")
    writer.text("navigation (page stack, bottom > top)")
    writer.close("li")
    writer.close("ul")
  }

  // MARK: - Timeline

  private mutating func timelineSVG(_ lanes: [Lane]) {
    let axisY = Self.axisY
    var rowsHeight = 0.0
    for lane in lanes {
      rowsHeight += Self.laneHeaderHeight + Double(lane.tracks.count) * Self.rowHeight
    }
    let plotTop = Self.plotTop
    let plotBottom = plotTop + rowsHeight + 6
    // Rows taller than a screen: the axis again under them (`footerAxisAbove`).
    let footerAxis = rowsHeight > Self.footerAxisAbove ? plotBottom : nil
    let bottom = plotBottom + (footerAxis == nil ? 0 : Self.footerAxisHeight)
    let width = Self.labelWidth + Self.plotWidth + Self.rightPadding
    writer.open(
      "svg",
      [
        // One image to a screen reader, named by its title: its hundreds of shapes, each
        // with a tooltip, are in the tables below as text.
        "xmlns": "http://www.w3.org/2000/svg", "class": "timeline", "role": "img",
        "width": Markup.number(width), "height": Markup.number(bottom),
        "viewBox": "0 0 \(Markup.number(width)) \(Markup.number(bottom))",
        "font-size": Markup.number(Self.fontSize),
      ])
    // As the summary and the lane titles count them: a refused enqueue made no alert.
    let refused = timeline.tracks.count { $0.refusal != nil }
    writer.element(
      "title",
      text: "Alert timeline: \(Self.counted(timeline.tracks.count - refused, "alert")),"
        + (refused == 0 ? "" : " \(Self.counted(refused, "enqueue")) refused by a limit,")
        + " engine time \(timeline.start) to \(timeline.end) ms")
    statePatterns()
    // Page changes first, under the axis and the bars: hundreds of them, drawn over, buried
    // the axis' labels and the bars under a hatch of dashes.
    navigationMarkers(right: width, bottom: plotBottom)
    ticks(top: axisY, bottom: plotBottom, footer: footerAxis)
    var y = plotTop
    for lane in lanes {
      laneHeader(lane, top: y, width: width)
      y += Self.laneHeaderHeight
      for track in lane.tracks {
        row(track, top: y)
        y += Self.rowHeight
      }
    }
    writer.close("svg")
    pinnedLabels(lanes, top: plotTop, bottom: plotBottom)
  }

  /// The row labels again, in a strip that stays at the scroll box's left edge (CSS sticky;
  /// -4 px: over the box's padding too, or bars showed through it) while the timeline
  /// scrolls under it on a narrow screen: scrolled, the bars had no names. Drawn over the
  /// picture's own labels, the same pixels, until it scrolls; hidden from a screen reader
  /// (a copy) and in print (nothing scrolls). The rows' labels on a white ground; each
  /// queue's band and title too, cut at the strip's edge (unscrolled, the picture's own
  /// title goes on from there). On a phone the strip is half as wide (the labels' right
  /// half, where it sits unscrolled: `pinnedNarrowBelow`), or it left the bars about 45 px;
  /// the titles' right half would be their count alone, so there they are left out and
  /// scroll away with the bars. No tooltips: the pointer goes through it to the picture's
  /// (they doubled the bytes the strip adds, a quarter of a page of thousands of alerts).
  private mutating func pinnedLabels(_ lanes: [Lane], top: Double, bottom: Double) {
    guard !lanes.isEmpty else { return }
    let width = Markup.number(Self.labelWidth)
    let height = Markup.number(bottom - top)
    writer.open(
      "svg",
      [
        "xmlns": "http://www.w3.org/2000/svg", "class": "pinned-labels", "aria-hidden": "true",
        "width": width, "height": height, "viewBox": "0 \(Markup.number(top)) \(width) \(height)",
        // Narrower (on a phone): the viewBox's right part, unscaled.
        "preserveAspectRatio": "xMaxYMin slice", "font-size": Markup.number(Self.fontSize),
      ])
    var y = top
    for lane in lanes {
      laneHeader(lane, top: y, width: Self.labelWidth, pinned: true)
      y += Self.laneHeaderHeight
      // One ground under the lane's rows (one per row added a tenth to a large page), from
      // the band's foot: scrolled, the ticks' lines showed in the 2 px between.
      writer.empty(
        "rect",
        [
          "class": "pinned-rows", "x": "0", "y": Markup.number(y - 2), "width": width,
          "height": Markup.number(Double(lane.tracks.count) * Self.rowHeight + 2),
        ])
      for track in lane.tracks {
        rowLabel(track, top: y, pinned: true)
        y += Self.rowHeight
      }
    }
    writer.close("svg")
  }

  /// A queue's band and title. `pinned`: in the pinned strip, as wide as it (clipped there:
  /// unscrolled, the picture's own title goes on where the strip ends, the same pixels) and
  /// with no tooltip (see `pinnedLabels`).
  private mutating func laneHeader(_ lane: Lane, top: Double, width: Double, pinned: Bool = false) {
    if pinned { writer.open("g", ["class": "pinned-lane"]) }
    writer.empty(
      "rect",
      [
        "class": "lane", "x": "0", "y": Markup.number(top), "width": Markup.number(width),
        "height": Markup.number(Self.laneHeaderHeight - 2),
      ])
    // A long queue name is cut to leave its count on the page; the whole name is in the
    // tooltip then.
    let name = Markup.isolated(lane.queue)
    let shown = Self.fitted(name, width: Self.laneNameWidth)
    writer.open("text", ["class": "lane-title", "x": "4", "y": Markup.number(top + 13)])
    if shown != name, !pinned { writer.element("title", text: "queue " + name) }
    let refused = lane.tracks.count { $0.refusal != nil }
    writer.text(
      "queue \(shown) (\(Self.counted(lane.tracks.count - refused, "alert"))"
        + (refused == 0 ? ")" : ", \(refused) refused)"))
    writer.close("text")
    if pinned { writer.close("g") }
  }

  /// Every page change's marker (`navigationMarker`).
  private mutating func navigationMarkers(right: Double, bottom: Double) {
    var labelRows = NavigationLabelRows(count: Self.navigationRows)
    var lastLine = -Double.infinity
    // Changes at one instant (common on the manual clock) are one marker: apart, the first
    // took the rows at its line and the others got no label, not even the stack left on
    // screen.
    var first = timeline.navigation.startIndex
    while first < timeline.navigation.endIndex {
      let at = timeline.navigation[first].at
      var end = first + 1
      while end < timeline.navigation.endIndex, timeline.navigation[end].at == at { end += 1 }
      navigationMarker(
        timeline.navigation[first..<end], rows: &labelRows, lastLine: &lastLine, right: right,
        bottom: bottom)
      first = end
    }
  }

  /// A queue's tracks, in timeline order.
  typealias Lane = (queue: String, tracks: [Timeline.Track])

  /// The tracks grouped by queue, queues sorted, tracks in timeline order.
  private func lanes() -> [Lane] {
    var byQueue: [String: [Timeline.Track]] = [:]
    for track in timeline.tracks { byQueue[track.queue, default: []].append(track) }
    return byQueue.keys.sorted().map { ($0, byQueue[$0] ?? []) }
  }

  /// The smallest of 1, 2, 5 × 10^k ms (at least 1) that is ≥ `raw`.
  static func tickStep(_ raw: Double) -> Double {
    var magnitude = 1.0
    while magnitude * 10 <= raw { magnitude *= 10 }
    for factor in [1.0, 2, 5, 10] where magnitude * factor >= raw { return magnitude * factor }
    return magnitude * 10
  }

  /// The unit of the time axis' labels: the largest of d, h, min and s that the axis spans
  /// 10 of, else ms (a 30-day session's ticks read `10 d`, not `864000000`).
  static func tickUnit(span: Double) -> (ms: Double, name: String) {
    let units: [(ms: Double, name: String)] = [
      (86_400_000, "d"), (3_600_000, "h"), (60_000, "min"), (1000, "s"),
    ]
    return units.first { span >= 10 * $0.ms } ?? (1, "ms")
  }

  /// The time axis: its line at `top` with the ticks' labels over it, each tick's line down
  /// to `bottom`; with a `footer`, a second line there with the labels under it.
  private mutating func ticks(top: Double, bottom: Double, footer: Double?) {
    let unit = Self.tickUnit(span: span)
    let step = Self.tickStep(span / unit.ms / 8) * unit.ms
    for y in [top, footer].compactMap({ $0 }) {
      writer.empty(
        "line",
        [
          "class": "axis", "x1": Markup.number(Self.labelWidth), "y1": Markup.number(y),
          "x2": Markup.number(Self.labelWidth + Self.plotWidth), "y2": Markup.number(y),
        ])
    }
    // The labels' baselines: over the axis, and under the footer's line.
    let labelYs = [top - 4, footer.map { $0 + Self.footerAxisHeight - 5 }].compactMap { $0 }
    // At the multiples of `step` on the axis itself (a window from 60 000 ms reads 60 s,
    // not 0), up to the axis' real end: a session of 0 ms is drawn over 1 ms (`span`), and
    // its tick at 1 read as a time the session reached. The first tick names the unit.
    // Counted, not summed: past 2^53 adding a step of 1 ms to a Double changes nothing.
    let start = Double(timeline.start)
    let firstValue = (start / step).rounded(.up) * step
    let count = max(0, min(100, Int(((Double(timeline.end) - firstValue) / step).rounded(.down))))
    for index in 0...count where firstValue + Double(index) * step <= Double(timeline.end) {
      let value = firstValue + Double(index) * step
      let first = index == 0
      let x = Self.labelWidth + (value - start) / span * Self.plotWidth
      writer.open("g", ["class": "tick"])
      writer.empty(
        "line",
        [
          "x1": Markup.number(x), "y1": Markup.number(top), "x2": Markup.number(x),
          "y2": Markup.number(bottom),
        ])
      let label = Markup.number(value / unit.ms) + (first ? " \(unit.name)" : "")
      for labelY in labelYs {
        // The halo hides a page-change line behind the glyphs, not behind the space before
        // the unit: a ground under the whole label (a change at the axis' start, common).
        if first {
          let width = LayerPicture.textWidth(label, fontSize: Self.fontSize) + 2
          writer.empty(
            "rect",
            [
              "class": "tick-ground", "x": Markup.number(x - width / 2),
              // The font's line: its ascent over the baseline, its descent under it.
              "y": Markup.number(labelY - Self.fontSize * 0.95), "width": Markup.number(width),
              "height": Markup.number(Self.fontSize * 1.2),
            ])
        }
        writer.element(
          "text",
          ["x": Markup.number(x), "y": Markup.number(labelY), "text-anchor": "middle"],
          text: label)
      }
      writer.close("g")
    }
  }

  /// `count` and `noun`, plural unless `count` is 1.
  static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// How a track's alert is named on the page: an enqueue refused without an id has none.
  static func name(of track: Timeline.Track) -> String {
    track.refusal != nil && track.id.isEmpty ? "(no id)" : Markup.isolated(track.id)
  }

  /// A track's label, its tooltip the whole story. `pinned`: in the pinned strip (another
  /// class, so that the picture's own are counted once, and no tooltip: see `pinnedLabels`).
  private mutating func rowLabel(_ track: Timeline.Track, top: Double, pinned: Bool) {
    let id = Self.name(of: track)
    let label = track.type.map { "\(id) · \(Markup.isolated($0))" } ?? id
    if !pinned {
      writer.open("g", ["class": "row-label", "data-alert": track.id])
      writer.element("title", text: Self.describe(track, cutOff: timeline.metadata.isCutOff))
    }
    writer.element(
      "text",
      [
        "class": pinned ? "pinned-row-label" : nil, "x": Markup.number(Self.labelWidth - 8),
        "y": Markup.number(top + 13), "text-anchor": "end",
      ], text: Self.fitted(label, width: Self.labelWidth - 16))
    if !pinned { writer.close("g") }
  }

  private mutating func row(_ track: Timeline.Track, top: Double) {
    rowLabel(track, top: top, pinned: false)
    let id = Self.name(of: track)
    var instants: [(interval: Timeline.Interval, title: String, left: Double)] = []
    // A window's track keeps its intervals outside it (for its tooltip and the table); only
    // those in it are drawn, cut at its edges.
    let axis = timeline.start...timeline.end
    for interval in track.intervals where interval.isIn(axis) {
      // At least 2 px wide, and so at most 2 px from the plot's right edge.
      let left = min(x(interval.start), Self.labelWidth + Self.plotWidth - 2)
      let duration = interval.end.subtractingReportingOverflow(interval.start).partialValue
      let title =
        "\(id): \(interval.state.rawValue) from \(interval.start) to"
        + " \(interval.end) ms (\(duration) ms)"
      writer.open(
        "rect",
        [
          "class": "bar state-\(interval.state.rawValue)", "data-alert": track.id,
          "data-state": interval.state.rawValue, "x": Markup.number(left),
          "y": Markup.number(top + 3), "width": Markup.number(max(2, x(interval.end) - left)),
          "height": Markup.number(Self.rowHeight - 6),
        ])
      writer.element("title", text: title)
      writer.close("rect")
      if x(interval.end) - left < 2 { instants.append((interval, title, left)) }
      if interval.start < axis.lowerBound { cutMark(of: track, at: left, top: top, left: true) }
      if interval.end > axis.upperBound {
        cutMark(of: track, at: x(interval.end), top: top, left: false)
      }
    }
    // An interval too short to draw (a show preempted in the instant it began) gets the
    // least width, which the next bar, drawn from the same place, covered: a tick over the
    // row, drawn after the bars, keeps it in sight.
    for (interval, title, left) in instants {
      writer.open(
        "rect",
        [
          "class": "instant state-\(interval.state.rawValue)", "data-alert": track.id,
          "data-state": interval.state.rawValue, "x": Markup.number(left),
          "y": Markup.number(top + 1), "width": "2", "height": Markup.number(Self.rowHeight - 2),
          // Its bar's twin for the eye (and the pointer: the same tooltip), not a second
          // interval for a screen reader.
          "aria-hidden": "true",
        ])
      writer.element("title", text: title)
      writer.close("rect")
    }
    // A window's track may end after the window (or, refused or dropped, before it): its
    // end is in its tooltip and the table, not drawn off the axis.
    if let stop = track.endedAt ?? track.droppedAt, !axis.contains(stop) {
      return
    } else if let refusal = track.refusal, let endedAt = track.endedAt {
      endMark(
        of: track, at: endedAt, top: top, kind: "limited refused", label: "refused: limited",
        title: "\(id): enqueue refused by its frequency limit at \(endedAt) ms"
          + Self.retry(refusal))
    } else if let reason = track.endReason, let endedAt = track.endedAt {
      endMark(
        of: track, at: endedAt, top: top, kind: reason.rawValue, label: reason.rawValue,
        title: "\(id) ended: " + Self.ended(reason, at: endedAt, track))
    } else if let droppedAt = track.droppedAt {
      endMark(
        of: track, at: droppedAt, top: top, kind: "reset", label: "engine.reset",
        title: "\(id) dropped by engine.reset at \(droppedAt) ms (it did not end)")
    }
  }

  /// How and when a track ended, for its end mark's tooltip and its table row: an alert
  /// that expired while no engine ran says so, and where it was found expired.
  static func ended(_ reason: EndReason, at endedAt: Int64, _ track: Timeline.Track) -> String {
    guard let expiredAt = track.expiredWhileDownAt else {
      return "\(reason.rawValue) at \(endedAt) ms"
    }
    return "\(reason.rawValue) at \(expiredAt) ms, while no engine ran (its TTL ran out;"
      + " found expired when the state file was loaded, at \(endedAt) ms)"
  }

  /// When a refused enqueue's limit would allow a show, for its tooltips.
  static func retry(_ refusal: Timeline.Refusal) -> String {
    refusal.retryAt.map { "; its limit allows a show from \($0) ms" }
      ?? "; its limit allows no show, ever"
  }

  /// The mark where a track stops: a line across its row and a label.
  private mutating func endMark(
    of track: Timeline.Track, at time: Int64, top: Double, kind: String, label: String,
    title: String
  ) {
    let at = x(time)
    writer.open("g", ["class": "end end-\(kind)", "data-alert": track.id])
    writer.element("title", text: title)
    writer.empty(
      "line",
      [
        "x1": Markup.number(at), "y1": Markup.number(top + 1), "x2": Markup.number(at),
        "y2": Markup.number(top + Self.rowHeight - 1), "stroke-width": "3",
      ])
    // Near the right edge, left of its line: right of it, the scroll box cut it.
    let room = Self.labelWidth + Self.plotWidth + Self.rightPadding - at - 8
    let leftOfLine = LayerPicture.textWidth(label, fontSize: Self.fontSize) > room
    writer.element(
      "text",
      [
        "x": Markup.number(leftOfLine ? at - 4 : at + 4), "y": Markup.number(top + 13),
        "text-anchor": leftOfLine ? "end" : "start",
      ], text: label)
    writer.close("g")
  }

  /// On a bar a window cut at its `left` or right edge (x `at`): a notch pointing out of
  /// the window, saying the state went on beyond it (its tooltip gives the whole interval).
  private mutating func cutMark(of track: Timeline.Track, at: Double, top: Double, left: Bool) {
    // As tall as the bar, 7 px deep: smaller, it was hard to see at a glance.
    let base = left ? at + 7 : at - 7
    let middle = top + Self.rowHeight / 2
    let half = Self.rowHeight / 2 - 3
    writer.empty(
      "path",
      [
        "class": left ? "cut cut-left" : "cut cut-right", "data-alert": track.id,
        "d": "M\(Markup.number(base)) \(Markup.number(middle - half))"
          + "L\(Markup.number(at)) \(Markup.number(middle))"
          + "L\(Markup.number(base)) \(Markup.number(middle + half))Z",
      ])
  }

  /// Everything known about a track, for its row's tooltip.
  static func describe(_ track: Timeline.Track, cutOff: Bool = false) -> String {
    var text =
      track.refusal == nil
      ? "alert \(Markup.isolated(track.id))"
      : track.id.isEmpty
        ? "enqueue without an id" : "enqueue of alert \(Markup.isolated(track.id))"
    if let type = track.type { text += ", type \(Markup.isolated(type))" }
    text += ", queue \(Markup.isolated(track.queue))"
    if let priority = track.priority { text += ", priority \(priority)" }
    return text + ", " + ending(of: track, cutOff: cutOff)
  }

  /// How a track stops, for its tooltip and its line in the table.
  static func ending(of track: Timeline.Track, cutOff: Bool) -> String {
    if let refusal = track.refusal, let endedAt = track.endedAt {
      "refused by its frequency limit at \(endedAt) ms (never created)" + retry(refusal)
    } else if let reason = track.endReason, let endedAt = track.endedAt {
      "ended " + ended(reason, at: endedAt, track)
    } else if let droppedAt = track.droppedAt {
      "dropped by engine.reset at \(droppedAt) ms"
    } else {
      cutOff ? "still active where the recording stops" : "still active at the end"
    }
  }

  /// A folded table (`kind`: its class and its caption's id): the summary, then the table
  /// in a box that scrolls sideways on a narrow screen (a named region a keyboard can
  /// focus), the caption, the column headings, and `body` writing the rows.
  private mutating func foldedTable(
    _ kind: String, summary: String, caption: String, headings: [String],
    body: (inout MarkupWriter) -> Void
  ) {
    writer.open("details", ["class": kind])
    writer.element("summary", text: summary)
    writer.open(
      "div",
      [
        "class": "table-scroll", "role": "region", "tabindex": "0",
        "aria-labelledby": kind + "-caption",
      ])
    writer.open("table")
    writer.element("caption", ["id": kind + "-caption"], text: caption)
    writer.open("thead")
    writer.open("tr")
    for heading in headings { writer.element("th", ["scope": "col"], text: heading) }
    writer.close("tr")
    writer.close("thead")
    writer.open("tbody")
    body(&writer)
    writer.close("tbody")
    writer.close("table")
    writer.close("div")
    writer.close("details")
  }

  /// Every track's facts as text, in the timeline's order, folded under the timeline: its
  /// tooltips open on hover only, which a keyboard, a touch screen and a printout cannot do
  /// (a printout has the tables once their fold is opened).
  private mutating func alertTable(_ lanes: [Lane]) {
    guard !timeline.tracks.isEmpty else { return }
    let cutOff = timeline.metadata.isCutOff
    foldedTable(
      "alert-table",
      summary: "The timeline as a table (\(Self.counted(timeline.tracks.count, "row")))",
      caption: "Each alert's state intervals and end, in ms on the timeline's axis (which counts"
        + " on across an engine.reset or a clock switch, as the tooltips do)",
      headings: ["Alert", "Type", "Queue", "Priority", "States", "End"]
    ) { writer in
      for lane in lanes {
        for track in lane.tracks {
          writer.open("tr", ["data-alert": track.id])
          writer.element("th", ["scope": "row"], text: Self.name(of: track))
          writer.element("td", ["class": "name"], text: track.type.map(Markup.isolated) ?? "")
          writer.element("td", ["class": "name"], text: Markup.isolated(track.queue))
          writer.element("td", text: track.priority.map(String.init) ?? "")
          writer.element(
            "td", ["class": "states"],
            text: track.intervals.map { "\($0.state.rawValue) \($0.start) to \($0.end)" }
              .joined(separator: ", "))
          writer.element("td", text: Self.ending(of: track, cutOff: cutOff))
          writer.close("tr")
        }
      }
    }
  }

  /// Every drawn layer's tooltip as text, folded under the picture, as `alertTable` gives
  /// the alerts', bottom to top, with its parent: one that is not drawn (a group) would
  /// otherwise leave the layer looking like a child of the row above it.
  private mutating func layerTable(_ layers: [LayerTree.DrawnLayer]) {
    guard !layers.isEmpty else { return }
    foldedTable(
      "layer-table", summary: "The layers as a table (\(Self.counted(layers.count, "row")))",
      caption: "Each drawn layer, bottom to top (paint order), with its parent, its depth (0:"
        + " top level) and what its tooltip says of its sort, frame and flags",
      headings: ["Layer", "Parent", "Depth", "Sort, frame and flags"]
    ) { writer in
      for layer in layers {
        writer.open("tr", ["data-layer": layer.id])
        writer.element("th", ["scope": "row"], text: Markup.isolated(layer.id))
        writer.element(
          "td", ["class": "name"],
          text: layer.parent.map {
            Markup.isolated($0) + (layer.parentIsDrawn ? "" : " (not drawn: no frame)")
          } ?? "(top level)")
        writer.element("td", text: String(layer.level))
        writer.element("td", text: layer.facts)
        writer.close("tr")
      }
    }
  }

  /// Every page change as text, as `alertTable` gives the alerts (the markers' tooltips
  /// open on hover only, and a crowded marker has no label).
  private mutating func navigationTable() {
    let changes = timeline.navigation
    guard !changes.isEmpty else { return }
    foldedTable(
      "navigation-table",
      summary: "The page changes as a table (\(Self.counted(changes.count, "row")))",
      caption: "Each change of the page stack, in ms on the timeline's axis",
      headings: ["At (ms on the axis)", "Stack, bottom > top"]
    ) { writer in
      for change in changes {
        writer.open("tr")
        writer.element("th", ["scope": "row"], text: String(change.at))
        writer.element("td", text: Self.stackText(change.stack))
        writer.close("tr")
      }
    }
  }

  /// A page stack as its marker's tooltip gives it: bottom > top, each name isolated; a stack
  /// deeper than `PageStackTop.keptPages` after how many pages it leaves out below them (a
  /// whole stack per change's tooltip and table row made a trace of a few hundred KB, a
  /// 400-page stack then 400 pushes and pops, a report of 168 MB).
  static func stackText(_ stack: PageStackTop) -> String {
    guard !stack.isEmpty else { return "(empty)" }
    let shown = stack.pages.map(Markup.isolated).joined(separator: " > ")
    let below = stack.pagesBelow
    return below > 0 ? "\u{2026} (\(counted(below, "page")) below) > " + shown : shown
  }

  /// The label rows above the plot: the extents of the labels in each, and the lines that
  /// cross each (a labelled change's line runs down from its label through the rows below).
  struct NavigationLabelRows {
    private var labels: [[ClosedRange<Double>]]
    private var lines: [[Double]]

    init(count: Int) {
      labels = Array(repeating: [], count: count)
      lines = Array(repeating: [], count: count)
    }

    /// The first row where a label over `extent` keeps three characters from every label
    /// (at one, two labels of a row read as one stack: "home home > detail") and one from
    /// every line, and whose line down from it at `x` crosses no label of the rows below;
    /// nil when there is none.
    func firstFree(for extent: ClosedRange<Double>, lineAt x: Double) -> Int? {
      let apart = (extent.lowerBound - 20)...(extent.upperBound + 20)
      let clear = (extent.lowerBound - 6)...(extent.upperBound + 6)
      return labels.indices.first { row in
        !labels[row].contains { $0.overlaps(apart) }
          && !lines[row].contains { clear.contains($0) }
          && !labels[(row + 1)...].contains { $0.contains { $0.contains(x) } }
      }
    }

    /// Takes `extent` in `row` and, for its line at `x`, the rows below.
    mutating func take(_ extent: ClosedRange<Double>, in row: Int, lineAt x: Double) {
      labels[row].append(extent)
      for below in (row + 1)..<lines.count { lines[below].append(x) }
    }
  }

  /// The page changes of one instant (`changes`, in order, at least one): a dashed line down
  /// the plot, each stack in its tooltip and, in the first of the label rows (`rows`) where
  /// it covers no other label or line and its line crosses no label, the stack the last one
  /// left as a label: right of the line, or left of it near the right edge (`right`). A
  /// change crowded out of every row has its line and tooltip only, the line starting under
  /// the rows; and when that line would fall within `minimumLineGap` of the last line drawn
  /// (`lastLine`), only its part above the axis is drawn (hundreds of changes made the plot
  /// one hatch of dashes).
  private mutating func navigationMarker(
    _ changes: ArraySlice<Timeline.NavigationMarker>, rows: inout NavigationLabelRows,
    lastLine: inout Double, right: Double, bottom: Double
  ) {
    let marker = changes[changes.endIndex - 1]
    let at = x(marker.at)
    let stacks = changes.map { Self.stackText($0.stack) }
    let label = Self.navigationLabel(marker.stack, width: 220)
    let width = LayerPicture.textWidth(label, fontSize: Self.fontSize)
    let onLeft = at + 3 + width > right - 2
    let extent = onLeft ? (at - 3 - width)...(at - 3) : (at + 3)...(at + 3 + width)
    let row = rows.firstFree(for: extent, lineAt: at)
    // An unlabelled change's line starts under the label rows, crossing no label.
    let lineTop = 12 + Double(row ?? (Self.navigationRows - 1)) * Self.navigationRowHeight + 2
    let crowded = row == nil && at - lastLine < Self.minimumLineGap
    if !crowded { lastLine = at }
    let lineBottom = crowded ? Self.axisY : bottom
    writer.open("g", ["class": "nav"])
    writer.element(
      "title",
      text: "navigation at \(marker.at) ms: stack "
        + (stacks.count == 1
          ? stacks[0]
          : stacks.joined(separator: ", then ") + " (\(stacks.count) changes at this instant)"))
    writer.empty(
      "line",
      [
        "x1": Markup.number(at), "y1": Markup.number(lineTop), "x2": Markup.number(at),
        "y2": Markup.number(lineBottom),
      ])
    if let row {
      rows.take(extent, in: row, lineAt: at)
      writer.element(
        "text",
        [
          "x": Markup.number(onLeft ? at - 3 : at + 3),
          "y": Markup.number(12 + Double(row) * Self.navigationRowHeight),
          "text-anchor": onLeft ? "end" : nil,
        ], text: label)
    }
    writer.close("g")
  }

  /// The stack `a > b > top` as a label of at most `width`: what does not fit goes from the
  /// bottom of the stack (`… > b > top`), since the top is the page on screen; a top page
  /// too long alone is cut at its end, after `… > ` when pages under it were dropped.
  static func navigationLabel(_ stack: PageStackTop, width: Double) -> String {
    guard let top = stack.pages.last else { return "(empty)" }
    let separator = " > "
    var kept = [Markup.isolated(top)]
    var used = LayerPicture.textWidth(kept[0], fontSize: fontSize)
    let ellipsis = LayerPicture.textWidth("\u{2026}" + separator, fontSize: fontSize)
    let isDeeper = stack.pagesBelow > 0
    if used > width {
      guard stack.pages.count > 1 || isDeeper else { return fitted(kept[0], width: width) }
      return "\u{2026}" + separator + fitted(kept[0], width: width - ellipsis)
    }
    for (index, page) in stack.pages.dropLast().enumerated().reversed() {
      let text = Markup.isolated(page)
      let added = LayerPicture.textWidth(text + separator, fontSize: fontSize)
      // The ellipsis is needed unless this page is the last one left to show.
      if used + added + (index > 0 || isDeeper ? ellipsis : 0) > width {
        return (["\u{2026}"] + kept.reversed()).joined(separator: separator)
      }
      used += added
      kept.append(text)
    }
    return ((isDeeper ? ["\u{2026}"] : []) + kept.reversed()).joined(separator: separator)
  }

  /// `text` cut with an ellipsis to fit `width` at the report's font size.
  static func fitted(_ text: String, width: Double) -> String {
    if LayerPicture.textWidth(text, fontSize: fontSize) <= width { return text }
    var used = LayerPicture.characterWidth * fontSize
    var kept = ""
    for character in text {
      used += LayerPicture.textWidth(character, fontSize: fontSize)
      if used > width { break }
      kept.append(character)
    }
    return Markup.cut(kept)
  }

  /// `ms` since the Unix epoch as `YYYY-MM-DDTHH:MM:SS.mmmZ` (proleptic Gregorian, UTC).
  static func utcTimestamp(_ ms: Int64) -> String {
    // Days to civil date: Howard Hinnant's days_from_civil, inverted.
    let (days, dayMs) = ms.quotientAndRemainder(dividingBy: 86_400_000)
    let (dayCount, msOfDay) = dayMs < 0 ? (days - 1, dayMs + 86_400_000) : (days, dayMs)
    let shifted = dayCount + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func padded(_ value: Int64, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    // ISO 8601's expanded years outside 0000 to 9999: a sign and six digits.
    let yearText =
      (0...9999).contains(year) ? padded(year, 4) : (year < 0 ? "-" : "+") + padded(abs(year), 6)
    return "\(yearText)-\(padded(month, 2))-\(padded(day, 2))T"
      + "\(padded(msOfDay / 3_600_000, 2)):\(padded(msOfDay / 60_000 % 60, 2)):"
      + "\(padded(msOfDay / 1000 % 60, 2)).\(padded(msOfDay % 1000, 3))Z"
  }
}
