import OrdoCore
import OrdoRPC
import OrdoStore

#if canImport(Glibc)
  import Glibc
#endif

/// `ordo report --from MS --to MS`: the part of the session's time axis to draw (nil: from
/// its start, or to its end).
public struct ReportWindow: Equatable, Sendable {
  public var from: Int64?
  public var to: Int64?

  public init(from: Int64? = nil, to: Int64? = nil) {
    self.from = from
    self.to = to
  }
}

/// `ordo report TRACE [-o FILE] [--from MS] [--to MS]` (docs/protocol.md#ordo-report):
/// replays the trace with the screen observing every alert and page change, and writes one
/// self-contained HTML page — the timeline and the final layer tree.
enum Report {
  /// The most a page may hold (`TimelineBuilder.itemCount`: state intervals, rows, page
  /// changes and the pages their stack texts name, weighed by the length of their names;
  /// about 400 bytes of page each, at most about 500; of a window, only what it can draw).
  /// An ordinary session reaches it at well over a million messages, when its page is
  /// already more than a browser opens in reasonable time; a trace whose few inputs ask for
  /// much (edited, or hostile) reaches it at once, and is refused as it gets there rather
  /// than make a page of gigabytes.
  static let maxItems = 1_000_000

  /// What a page is drawn from: the replay's timeline (cut to the window), the layers at
  /// the end and the page's title.
  struct Drawing {
    let timeline: Timeline
    let layersSVG: String
    let drawnLayers: [LayerTree.DrawnLayer]
    let title: String
  }

  /// The page for `trace`, of the part of its session in `window`.
  /// - Throws: as `drawing(for:title:window:)`.
  static func html(
    for trace: Trace, title: String, window: ReportWindow? = nil
  ) throws(TraceError) -> String {
    let drawing = try drawing(for: trace, title: title, window: window)
    return renderReportHTML(
      drawing.timeline, layersSVG: drawing.layersSVG, drawnLayers: drawing.drawnLayers,
      title: drawing.title)
  }

  /// What the page for `trace` is drawn from, of the part of its session in `window`.
  /// - Throws: a `TraceError` for a trace that cannot be replayed, or whose page would hold
  ///   more than `maxItems`.
  static func drawing(
    for trace: Trace, title: String, window: ReportWindow? = nil
  ) throws(TraceError) -> Drawing {
    func timelineBuilder(for trace: Trace) -> TimelineBuilder {
      TimelineBuilder(
        start: 0,
        metadata: Timeline.Metadata(
          ordoVersion: trace.header.version, arguments: trace.header.arguments,
          startedWallAt: trace.header.startedWallAt, isCutOff: trace.isCutOff),
        keepingWindowFrom: window?.from, to: window?.to)
    }
    var builder = timelineBuilder(for: trace)
    var replayed = trace
    let run = try Replay.run(
      trace,
      prepare: { engine, trace in
        // From the start again when the replay is run again.
        builder = timelineBuilder(for: trace)
        replayed = trace
        engine.screen.observesTimeline = true
        for alert in engine.screen.list() { builder.alertRestored(alert, at: engine.now) }
      },
      observe: { engine, inputs throws(TraceError) in
        // Taken as they come, so that what the engine observed is never held whole.
        // Those the engine took from the screen (before a reset or a clock switch) first.
        for observation in engine.observed { builder.take(observation) }
        for observation in engine.screen.takeObservations() { builder.take(observation) }
        engine.observed.removeAll(keepingCapacity: true)
        guard builder.itemCount <= maxItems else {
          throw TraceError(
            description: "\(trace.name): its page would hold more than \(maxItems) state"
              + " intervals, rows and page names (\(replayed.place(afterInputs: inputs))),"
              + " more than a browser opens; report part of it: a window (--from/--to), or a"
              + " copy of the trace cut after any whole line (head -n)")
        }
      })
    let engine = run.session.engine
    let (verdict, status) = Replay.verdict(run)
    if status != 0 {
      // Its first line, "difference at output message N (line L; after input message M on
      // line K):".
      var line = verdict.prefix { $0 != "\n" }
      if line.hasSuffix(":") { line = line.dropLast() }
      builder.metadata.replayDifference = String(line)
      builder.metadata.replayedByNewer = run.trace.olderThanReplaying
    }
    let drawn = try? engine.screen.layers.renderSVGAndDrawnLayers(RenderOptions())
    var timeline = builder.finish(at: engine.now)
    var title = title
    if let window {
      timeline = timeline.window(from: window.from, to: window.to)
      // A saved tab or a printout says it holds part of the session.
      title += ", \(timeline.start) to \(timeline.end) ms"
    }
    return Drawing(
      timeline: timeline, layersSVG: drawn?.svg ?? "", drawnLayers: drawn?.layers ?? [],
      title: title)
  }

  /// Says `message` on stderr on one line, a control character in it (from a path) shown
  /// escaped.
  private static func complain(_ message: String) {
    OrdoCommand.complain(message, as: "ordo report")
  }

  static func main(
    tracePath: String, outputPath: String, window: ReportWindow? = nil,
    stdoutWasClosed: Bool = false
  ) -> Int32 {
    // A reader that leaves (of the page, when -o names a pipe, or of the path on stdout)
    // must fail a write, said with its status, not kill the process.
    signal(SIGPIPE, SIG_IGN)
    // Writing the page over its own trace would destroy the bug report's evidence.
    if OrdoCommand.sameFile(tracePath, outputPath) {
      complain("\(outputPath) is the trace itself; give another -o FILE")
      return 2
    }
    let drawing: Drawing
    do {
      let trace = try Trace.load(path: tracePath)
      drawing = try Self.drawing(
        for: trace, title: "Ordo report: \(Markup.isolated(baseName(tracePath)))", window: window)
    } catch {
      writeAll(2, "ordo report: \(terminalSafe(error.description))\n")
      return 2
    }
    let descriptor = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      let code = errno
      let missing = PathHint.missingDirectory(ofNewFile: outputPath, failedWith: code)
      complain(
        "cannot write \(outputPath)\(missing ?? ": \(OrdoCommand.reason(code, for: outputPath))")")
      return 2
    }
    // Written as it is made, in pieces: held whole, a page took about twice its size in
    // memory (163 MB, 346 MB). After a failed write, the rest is not written.
    var failure: Int32 = 0
    writeReportHTML(
      drawing.timeline, layersSVG: drawing.layersSVG, drawnLayers: drawing.drawnLayers,
      title: drawing.title
    ) { piece in
      if failure == 0 { failure = writeAll(descriptor, piece, waitingIfFull: true) }
    }
    var status = stat()
    let isFile = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    // `-o /dev/stdout`: the page is stdout's output, and its path after it would be written
    // over the page's start (a fresh open of a file has its own offset).
    var standardOutput = stat()
    let pageIsStdout =
      !stdoutWasClosed && fstat(1, &standardOutput) == 0
      && standardOutput.st_dev == status.st_dev && standardOutput.st_ino == status.st_ino
    if failure != 0 {
      // A page cut short would open as if whole: a file is left empty (never removed: the
      // path may be a link, or another program's).
      if isFile { _ = ftruncate(descriptor, 0) }
      close(descriptor)
      complain(
        "cannot write \(outputPath): \(String(cString: strerror(failure)))"
          + (isFile ? " (left empty)" : ""))
      return 2
    }
    guard close(descriptor) == 0 || errno == EINTR else {
      complain("cannot write \(outputPath): \(String(cString: strerror(errno)))")
      return 2
    }
    if pageIsStdout { return 0 }
    // The page's path is what a script reads: stdout that cannot take it is exit 3, as for
    // `replay`'s verdict and `call`'s answer.
    let shown = stdoutWasClosed ? EBADF : writeAll(1, outputPath + "\n", waitingIfFull: true)
    guard shown == 0 else {
      complain(
        "wrote \(outputPath), but its path could not be written to stdout"
          + " (\(String(cString: strerror(shown))))")
      return 3
    }
    return 0
  }

  private static func baseName(_ path: String) -> String {
    // By scalars: a `/` before a combining mark is one `Character` with it, not "/".
    path.unicodeScalars.split(separator: "/").last.map { String(String.UnicodeScalarView($0)) }
      ?? path
  }
}

extension TimelineBuilder {
  /// Takes what an observing engine saw.
  fileprivate mutating func take(_ observation: TimelineObservation) {
    switch observation {
    case .created(let alert, let at): alertCreated(alert, at: at)
    case .refused(let id, let type, let queue, let priority, let retryAt, let at):
      enqueueRefused(id: id, type: type, queue: queue, priority: priority, retryAt: retryAt, at: at)
    case .changed(let id, let queue, let state, let previous, let reason, let at):
      alertChanged(id: id, queue: queue, state: state, previous: previous, reason: reason, at: at)
    case .navigation(let stack, let at): navigationChanged(stack: stack, at: at)
    case .reset(let at, let resumesAt): engineReset(at: at, resumesAt: resumesAt)
    case .clockSwitched(let toManual, let at, let resumesAt):
      clockSwitched(toManual: toManual, at: at, resumesAt: resumesAt)
    case .restored(let alert, let at): alertRestored(alert, at: at)
    case .updated(let alert, let at): alertUpdated(alert, at: at)
    }
  }
}
