import OrdoCore
import Testing

@testable import OrdoServer

/// `ordo report` replays a trace and draws what the engine observed: across an
/// `engine.reset` too, which replaces the engine's screen.
@Suite struct ReportCommandTests {
  static func trace(_ requests: [String]) -> [UInt8] {
    var lines = [#"{"ordo":"0.1.0","args":["--clock","manual"],"startedWallAt":0}"#]
    for request in requests { lines.append(#"{"dir":"in","at":0,"msg":\#(request)}"#) }
    return Array((lines.joined(separator: "\n") + "\n").utf8)
  }

  @Test func alertsBeforeAndAfterAResetAreBothDrawn() throws {
    let trace = try Trace.parse(
      Self.trace([
        #"{"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"x"}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"nav.push","params":{"scope":"p"}}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"clock.advance","params":{"ms":100}}"#,
        #"{"jsonrpc":"2.0","id":4,"method":"engine.reset"}"#,
        #"{"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","id":"x"}}"#,
        #"{"jsonrpc":"2.0","id":6,"method":"clock.advance","params":{"ms":50}}"#,
      ]), name: "test")
    let page = try Report.html(for: trace, title: "reset")
    // x: pending → showing before the reset (cut there), and again after it.
    #expect(page.components(separatedBy: #"class="bar state-showing""#).count - 1 == 2)
    #expect(page.components(separatedBy: #"class="bar state-pending""#).count - 1 == 2)
    #expect(page.contains("2 in 1 queue"))
    #expect(!page.contains("<script"))
    // The manual clock went back to 0 at the reset; the axis goes on from 100 instead, so
    // the second x is not drawn over the first. The first was dropped, not ended.
    #expect(page.contains("<title>x: showing from 0 to 100 ms (100 ms)</title>"))
    #expect(page.contains("<title>x: showing from 100 to 150 ms (50 ms)</title>"))
    #expect(page.contains("<title>x dropped by engine.reset at 100 ms (it did not end)</title>"))
    // In the second x's tooltip and in its row of the table; the first's row says the reset.
    #expect(page.components(separatedBy: "still active at the end").count - 1 == 2)
    #expect(page.contains("<td>dropped by engine.reset at 100 ms</td>"))
    #expect(page.contains("engine.reset at 100 ms, times after it counted on from there"))
  }

  /// A batch that resets the engine between two enqueues is one input: what happened before
  /// the reset (taken from the screen it replaced) is drawn before it, and the alert
  /// enqueued after it is not dropped by it.
  @Test func anAlertEnqueuedAfterAResetInOneBatchIsNotDroppedByIt() throws {
    let trace = try Trace.parse(
      Self.trace([
        #"{"jsonrpc":"2.0","id":1,"method":"clock.advance","params":{"ms":100}}"#,
        #"[{"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"a"}},"#
          + #"{"jsonrpc":"2.0","id":3,"method":"engine.reset"},"#
          + #"{"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"b"}}]"#,
        #"{"jsonrpc":"2.0","id":5,"method":"clock.advance","params":{"ms":50}}"#,
      ]), name: "test")
    let page = try Report.html(for: trace, title: "batch")
    #expect(page.contains("<title>a dropped by engine.reset at 100 ms (it did not end)</title>"))
    #expect(page.contains("<title>b: showing from 100 to 150 ms (50 ms)</title>"))
    #expect(!page.contains("<title>b dropped"))
  }

  /// What the timers did after the last input, while the recording went on (the trace's
  /// last record is later), is on the page: the report takes the engine's observations after
  /// each input and once more after that catch-up.
  @Test func whatTimersDidAfterTheLastInputIsDrawn() throws {
    let lines = [
      #"{"ordo":"0.1.0","args":[],"startedWallAt":0}"#,
      #"{"dir":"in","at":0,"msg":{"jsonrpc":"2.0","id":1,"method":"alert.enqueue","#
        + #""params":{"type":"t","id":"late","durationMs":100}}}"#,
      #"{"dir":"out","at":150,"msg":{"jsonrpc":"2.0","id":1,"result":null}}"#,
    ]
    let trace = try Trace.parse(
      Array((lines.joined(separator: "\n") + "\n").utf8), name: "test")
    let page = try Report.html(for: trace, title: "late")
    #expect(page.contains("<title>late: showing from 0 to 100 ms (100 ms)</title>"))
    #expect(page.contains("<title>late ended: timeout at 100 ms</title>"))
  }

  @Test func aWindowLeavesOutWhatIsOutsideIt() throws {
    let trace = try Trace.parse(
      Self.trace([
        #"{"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"early"}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"clock.advance","params":{"ms":1000}}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"alert.complete","params":{"id":"early"}}"#,
        #"{"jsonrpc":"2.0","id":4,"method":"nav.push","params":{"scope":"home"}}"#,
        #"{"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","id":"mid"}}"#,
        #"{"jsonrpc":"2.0","id":6,"method":"clock.advance","params":{"ms":1000}}"#,
        #"{"jsonrpc":"2.0","id":7,"method":"alert.complete","params":{"id":"mid"}}"#,
        #"{"jsonrpc":"2.0","id":8,"method":"nav.push","params":{"scope":"cart"}}"#,
        #"{"jsonrpc":"2.0","id":9,"method":"clock.advance","params":{"ms":1000}}"#,
      ]), name: "test")
    let whole = try Report.html(for: trace, title: "whole")
    let page = try Report.html(
      for: trace, title: "window", window: ReportWindow(from: 1500, to: 2500))
    #expect(whole.contains("data-alert=\"early\"") && whole.contains("stack home</title>"))
    #expect(!page.contains("data-alert=\"early\"") && !page.contains("stack home</title>"))
    #expect(page.contains("<title>mid: showing from 1000 to 2000 ms (1000 ms)</title>"))
    #expect(page.contains("<title>navigation at 2000 ms: stack home &gt; cart</title>"))
    #expect(page.contains("engine time 1500 to 2500 ms"))
    #expect(page.contains("1500 to 2500 ms of the session&apos;s 0 to 3000 ms"))
    #expect(page.contains(">1 in 1 queue,"))
    #expect(page.contains("<h1>window, 1500 to 2500 ms</h1>"))
    #expect(page.contains("the page stack at its start: home;"))
    // mid's showing bar began at 1000, before the window: a notch at its left cut.
    #expect(page.contains(#"<path class="cut cut-left" data-alert="mid""#))
    let empty = try Report.html(
      for: trace, title: "after", window: ReportWindow(from: 5000, to: nil))
    #expect(empty.contains("No alert in this window of the session."))
    #expect(empty.contains("5000 to 5000 ms of the session&apos;s 0 to 3000 ms"))
    #expect(empty.contains("after the session&apos;s end"))
  }

  @Test func everyChangeOfTheStackIsAMarkerLabelledWithIt() throws {
    let trace = try Trace.parse(
      Self.trace([
        #"{"jsonrpc":"2.0","id":1,"method":"nav.push","params":{"scope":"home"}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"clock.advance","params":{"ms":10}}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"nav.set","params":{"stack":["shop","cart"]}}"#,
        #"{"jsonrpc":"2.0","id":4,"method":"clock.advance","params":{"ms":10}}"#,
        #"{"jsonrpc":"2.0","id":5,"method":"nav.push","params":{"scope":"pay"}}"#,
        #"{"jsonrpc":"2.0","id":6,"method":"clock.advance","params":{"ms":10}}"#,
        #"{"jsonrpc":"2.0","id":7,"method":"nav.pop"}"#,
      ]), name: "test")
    let page = try Report.html(for: trace, title: "navigation")
    let markers = page.components(separatedBy: "<title>navigation at ").dropFirst().map {
      $0.prefix { $0 != "<" }
    }
    #expect(
      markers == [
        "0 ms: stack home", "10 ms: stack shop &gt; cart", "20 ms: stack shop &gt; cart &gt; pay",
        "30 ms: stack shop &gt; cart",
      ])
  }

  @Test func whatFollowsAClockSwitchIsDrawnOnFromIt() throws {
    // Manual until 10 000, then the system clock at 1 ms since the start, then manual again
    // (back to 0): each switch would send the next times back; the axis goes on instead,
    // so "second", shown only after "first" ended, is not drawn over it, and an alert
    // showing across a switch keeps one interval.
    var lines = [#"{"ordo":"0.2.6","args":["--clock","manual"],"startedWallAt":0}"#]
    for (at, extra, request) in [
      (
        0, "",
        #"{"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"first"}}"#
      ),
      (0, "", #"{"jsonrpc":"2.0","id":2,"method":"clock.advance","params":{"ms":10000}}"#),
      (10_000, "", #"{"jsonrpc":"2.0","id":3,"method":"alert.complete","params":{"id":"first"}}"#),
      (
        10_000, #""systemAt":[1],"#,
        #"{"jsonrpc":"2.0","id":4,"method":"initialize","params":{"clock":"system"}}"#
      ),
      (
        1, "",
        #"{"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","id":"second"}}"#
      ),
      (1_003, "", #"{"jsonrpc":"2.0","id":6,"method":"initialize","params":{"clock":"manual"}}"#),
      (0, "", #"{"jsonrpc":"2.0","id":7,"method":"clock.advance","params":{"ms":500}}"#),
      (500, "", #"{"jsonrpc":"2.0","id":8,"method":"alert.complete","params":{"id":"second"}}"#),
    ] {
      lines.append(#"{"dir":"in","at":\#(at),\#(extra)"msg":\#(request)}"#)
    }
    let trace = try Trace.parse(Array((lines.joined(separator: "\n") + "\n").utf8), name: "t")
    let page = try Report.html(for: trace, title: "switches")
    #expect(page.contains("<title>first: showing from 0 to 10000 ms (10000 ms)</title>"))
    #expect(page.contains("<title>second: showing from 10000 to 11502 ms (1502 ms)</title>"))
    #expect(
      page.contains(
        "engine time 0 to 11502 ms (11502 ms); the clock switched to system at 10000 ms, the"
          + " clock switched to manual at 11002 ms, times after each counted on from it"))
  }

  @Test func theTimeAxisListsSwitchesAndResetsInTimeOrder() throws {
    // A clock switch at 1 ms, then a reset at 101 ms: listed as they happened, not the
    // switches first and the resets after them.
    var lines = [#"{"ordo":"0.2.12","args":[],"startedWallAt":0}"#]
    for (at, request) in [
      (1, #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clock":"manual"}}"#),
      (0, #"{"jsonrpc":"2.0","id":2,"method":"clock.advance","params":{"ms":100}}"#),
      (100, #"{"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"a"}}"#),
      (100, #"{"jsonrpc":"2.0","id":4,"method":"engine.reset"}"#),
      (0, #"{"jsonrpc":"2.0","id":5,"method":"clock.advance","params":{"ms":50}}"#),
    ] {
      lines.append(#"{"dir":"in","at":\#(at),"msg":\#(request)}"#)
    }
    let trace = try Trace.parse(Array((lines.joined(separator: "\n") + "\n").utf8), name: "t")
    let page = try Report.html(for: trace, title: "order")
    #expect(page.contains("the clock switched to manual at 1 ms, engine.reset at 101 ms"))
  }

  @Test func noQueueIsCountedInThePlural() throws {
    let trace = try Trace.parse(
      Self.trace([#"{"jsonrpc":"2.0","id":1,"method":"engine.ping"}"#]), name: "t")
    let page = try Report.html(for: trace, title: "none")
    #expect(page.contains(">0 in 0 queues, 0 state intervals"))
  }

  @Test func alertsAResetRestoresAreDrawnFromTheReset() throws {
    // With --state a reset restores persisted alerts: their tracks start at the reset, in
    // the state they came back in, as after a start (they began at their first change).
    var lines = [
      #"{"ordo":"0.2.0","args":["--clock","manual","--state","s.db"],"startedWallAt":0,"#
        + #""state":{"types":[],"queues":[],"shows":[],"alerts":[],"#
        + #""counters":{"lastSeq":0,"lastGeneratedID":0,"lastShowOrder":0}}}"#
    ]
    for request in [
      #"{"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"X","id":"p","delayMs":500,"priority":7,"persist":true}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"clock.advance","params":{"ms":100}}"#,
      #"{"jsonrpc":"2.0","id":3,"method":"engine.reset"}"#,
      #"{"jsonrpc":"2.0","id":4,"method":"engine.ping"}"#,
      #"{"jsonrpc":"2.0","id":5,"method":"clock.advance","params":{"ms":1000}}"#,
    ] {
      lines.append(#"{"dir":"in","at":0,"msg":\#(request)}"#)
    }
    let trace = try Trace.parse(Array((lines.joined(separator: "\n") + "\n").utf8), name: "t")
    let page = try Report.html(for: trace, title: "restored")
    #expect(page.contains("<title>p: scheduled from 0 to 100 ms (100 ms)</title>"))
    #expect(page.contains("<title>p: scheduled from 100 to 600 ms (500 ms)</title>"))
    #expect(page.contains("<title>p: showing from 600 to 1100 ms (500 ms)</title>"))
    #expect(page.components(separatedBy: "type X, queue default, priority 7").count - 1 == 2)
  }

  @Test func onTheSystemClockAResetShiftsNothing() throws {
    // Engine time runs on across a reset on the system clock: resumesAt is the reset's time.
    var builder = TimelineBuilder()
    builder.alertCreated(
      Alert(
        id: "a", queue: "q", type: "t", priority: 0, state: .pending, seq: 1, createdAt: 10,
        shownCount: 0), at: 10)
    builder.engineReset(at: 40, resumesAt: 40)
    builder.alertCreated(
      Alert(
        id: "a", queue: "q", type: "t", priority: 0, state: .pending, seq: 1, createdAt: 45,
        shownCount: 0), at: 45)
    let timeline = builder.finish(at: 60)
    #expect(timeline.resets == [40])
    #expect(
      timeline.tracks.map(\.intervals) == [
        [Timeline.Interval(state: .pending, start: 10, end: 40)],
        [Timeline.Interval(state: .pending, start: 45, end: 60)],
      ])
    #expect(timeline.tracks.map(\.droppedAt) == [40, nil])
    #expect((timeline.start, timeline.end) == (0, 60))
  }
}

extension ReportCommandTests {
  /// A dedupe replace that raises a waiting or showing alert's priority is in its tooltip:
  /// the report read the priority only from the alert's creation.
  @Test func aReplacedPriorityIsTheOneShown() throws {
    let trace = try Trace.parse(
      Self.trace([
        #"{"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"r","key":"k","durationMs":10}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"w","key":"j"}}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","key":"k","priority":9}}"#,
        #"{"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","key":"j","priority":4}}"#,
        #"{"jsonrpc":"2.0","id":5,"method":"clock.advance","params":{"ms":20}}"#,
      ]), name: "test")
    let page = try Report.html(for: trace, title: "replace")
    #expect(page.contains("<title>alert r, type t, queue default, priority 9, ended timeout"))
    #expect(page.contains("<title>alert w, type t, queue default, priority 4, "))
  }

  /// An enqueue its frequency limit dropped creates no alert, but the page still shows it on
  /// its queue's lane, at its time, with what the limit answered: "why did my popup not
  /// show?" is what a report is read for. A deferred one is an alert like any other.
  @Test func enqueuesALimitRefusedAreDrawnWhereTheyHappened() throws {
    let trace = try Trace.parse(
      Self.trace([
        #"{"jsonrpc":"2.0","id":1,"method":"alert.defineType","params":{"type":"tip","queue":"tips","limit":{"max":1,"windowMs":1000}}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"tip","id":"a","durationMs":10}}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"clock.advance","params":{"ms":100}}"#,
        #"{"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"tip","id":"b","priority":3}}"#,
        #"{"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"tip"}}"#,
        #"{"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"tip","id":"c","limit":{"max":0}}}"#,
        #"{"jsonrpc":"2.0","id":7,"method":"alert.enqueue","params":{"type":"tip","id":"d","onLimit":"defer"}}"#,
        #"{"jsonrpc":"2.0","id":8,"method":"clock.advance","params":{"ms":2000}}"#,
      ]), name: "test")
    let page = try Report.html(for: trace, title: "limited")
    #expect(
      page.contains(
        "<title>enqueue of alert b, type tip, queue tips, priority 3, refused by its frequency"
          + " limit at 100 ms (never created); its limit allows a show from 1000 ms</title>"))
    #expect(
      page.contains(
        "<title>b: enqueue refused by its frequency limit at 100 ms; its limit allows a show"
          + " from 1000 ms</title>"))
    #expect(page.contains("<title>enqueue without an id, type tip, queue tips, priority 0,"))
    #expect(page.contains(">(no id) · tip</text>"))
    #expect(
      page.contains(
        "c: enqueue refused by its frequency limit at 100 ms; its limit allows no show, ever"))
    #expect(page.components(separatedBy: #"class="end end-limited refused""#).count - 1 == 3)
    #expect(page.contains("queue tips (2 alerts, 3 refused)"))
    #expect(page.contains("2 in 1 queue, 3 enqueues refused by a limit,"))
    #expect(page.contains("refused: an enqueue its frequency limit dropped"))
    // The deferred one waits, then shows: bars, not a refusal.
    #expect(page.contains("<title>d: scheduled from 100 to 1000 ms (900 ms)</title>"))
    let plain = try Report.html(
      for: try Trace.parse(
        Self.trace([
          #"{"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"x"}}"#
        ]), name: "plain"), title: "plain")
    #expect(!plain.contains("refused by") && !plain.contains("end-limited refused"))
    #expect(plain.contains("queue default (1 alert)"))
  }

  /// A trace the recording cut off says so, and its unfinished alerts are active where the
  /// recording stops, not "at the end".
  @Test func aCutOffTraceIsFlagged() throws {
    var bytes = Self.trace([
      #"{"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"x"}}"#
    ])
    bytes += Array(#"{"truncated":true}"#.utf8) + [0x0A]
    let page = try Report.html(for: try Trace.parse(bytes, name: "cut"), title: "cut")
    #expect(page.contains(#"<dd class="cut-off">cut off before the session ended"#))
    #expect(page.contains("x, type t, queue default, priority 0, still active where the recording"))
    let whole = try Report.html(for: try Trace.parse(Self.trace([]), name: "whole"), title: "w")
    #expect(!whole.contains("cut-off\">"))
  }
}

/// A trace header's version: the MAJOR.MINOR.PATCH it starts with, as tools/dist.sh accepts
/// a VERSION (a suffix after `.`, `+` or `-` is not compared).
@Suite struct TraceVersionTests {
  @Test func theVersionsDistAcceptsAreRead() {
    #expect(Trace.versionNumbers("0.2.1") == [0, 2, 1])
    #expect(Trace.versionNumbers("0.2.0+build.5") == [0, 2, 0])
    #expect(Trace.versionNumbers("0.2.0.1") == [0, 2, 0])
    #expect(Trace.versionNumbers("1.10.3-rc.1") == [1, 10, 3])
  }

  @Test func anythingElseIsNotAVersion() {
    for text in ["banana", "1.2", "1..2", "1.2.x", "v1.2.3", "1.2.3x", "", "1.2.3 ", "٣.1.2"] {
      #expect(Trace.versionNumbers(text) == nil, "\(text)")
    }
  }
}
