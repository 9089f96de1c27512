/// What happened to every alert of a session, on one time axis: the model `ordo report` draws.
///
/// Built by `TimelineBuilder` from the engine's state changes; times are engine times in ms.
public struct Timeline: Equatable, Sendable {
  /// A span of time an alert spent in one active state.
  public struct Interval: Equatable, Sendable {
    /// `scheduled`, `pending`, `showing` or `suspended`.
    public var state: AlertState
    public var start: Int64
    /// ≥ `start`; equal for a state left at the instant it was entered.
    public var end: Int64

    public init(state: AlertState, start: Int64, end: Int64) {
      self.state = state
      self.start = start
      self.end = end
    }

    /// Whether the interval is in `window`: it overlaps its inside, or it is an instant in
    /// it. (One that only touches an edge, ending where the window starts or starting where
    /// it ends, is not: it would be drawn as a zero-length tick there.)
    public func isIn(_ window: ClosedRange<Int64>) -> Bool {
      start == end
        ? window.contains(start) : start < window.upperBound && end > window.lowerBound
    }
  }

  /// One alert's life. An id used again after its alert ended gets a new track.
  public struct Track: Equatable, Sendable {
    public var id: String
    /// Nil when the builder never saw the alert itself, only its state changes.
    public var type: String?
    public var queue: String
    /// The latest priority seen; nil as for `type`.
    public var priority: Int64?
    /// In time order, back to back.
    public var intervals: [Interval]
    /// Nil while the alert had not ended when the timeline finished.
    public var endReason: EndReason?
    public var endedAt: Int64?
    /// When an `engine.reset` dropped it while it was active (it did not end: it was
    /// forgotten).
    public var droppedAt: Int64?
    /// Set for an enqueue its frequency limit dropped: no alert was created, so the track has
    /// no interval, only its end (`limited`, at the enqueue), and `id` is empty when the
    /// enqueue gave none.
    public var refusal: Refusal?
    /// Set for a persisted alert whose TTL ran out while no engine ran, found expired when
    /// the state file was loaded: the engine time it expired (before the session, or before
    /// the `engine.reset` that loaded it). The track has no interval; its end (`expired`,
    /// `endedAt`) is where it was loaded, so that the axis does not stretch back to it.
    public var expiredWhileDownAt: Int64?

    public init(
      id: String, type: String?, queue: String, priority: Int64?, intervals: [Interval],
      endReason: EndReason?, endedAt: Int64?, droppedAt: Int64? = nil, refusal: Refusal? = nil,
      expiredWhileDownAt: Int64? = nil
    ) {
      self.id = id
      self.type = type
      self.queue = queue
      self.priority = priority
      self.intervals = intervals
      self.endReason = endReason
      self.endedAt = endedAt
      self.droppedAt = droppedAt
      self.refusal = refusal
      self.expiredWhileDownAt = expiredWhileDownAt
    }
  }

  /// What the limit answered an enqueue it dropped.
  public struct Refusal: Equatable, Sendable {
    /// The earliest axis time the limit allows a show; nil: never.
    public var retryAt: Int64?

    public init(retryAt: Int64?) {
      self.retryAt = retryAt
    }
  }

  /// The page stack changed at `at` and became `stack` (its top).
  public struct NavigationMarker: Equatable, Sendable {
    public var at: Int64
    public var stack: PageStackTop

    public init(at: Int64, stack: PageStackTop) {
      self.at = at
      self.stack = stack
    }
  }

  /// A switch of the engine's clock, at axis time `at`.
  public struct ClockSwitch: Equatable, Sendable {
    public var at: Int64
    /// To the manual clock; else to the system clock.
    public var toManual: Bool

    public init(at: Int64, toManual: Bool) {
      self.at = at
      self.toManual = toManual
    }
  }

  /// Where the timeline comes from (the trace's header).
  public struct Metadata: Equatable, Sendable {
    /// The engine version that recorded the session.
    public var ordoVersion: String?
    /// Its command-line arguments.
    public var arguments: [String]
    /// The wall-clock time (ms since the Unix epoch) of engine time 0.
    public var startedWallAt: Int64?
    /// The recording stopped before the session did (`--trace-max-bytes`, or a last line cut
    /// off): the timeline ends where the recording does, not where the session did.
    public var isCutOff: Bool
    /// Where the replay the timeline comes from first differs from the recording (a newer
    /// Ordo may no longer do what the recorded one did), nil when it repeats it.
    public var replayDifference: String?
    /// With `replayDifference`, for a trace an older Ordo recorded: the version of the newer
    /// one that replayed it (the difference may be a behaviour changed between the two).
    public var replayedByNewer: String?
    /// Set when the timeline is a window of the session's (`window(from:to:)`): the
    /// session's whole axis.
    public var session: ClosedRange<Int64>?
    /// With `session`: the page stack when the window starts (the last change before it;
    /// empty when there was none, or no page).
    public var stackAtWindowStart: PageStackTop

    /// What `ordo replay` and the report say with a difference in the replay of a trace
    /// Ordo `recorded` wrote, replayed by a newer one, `replaying`: it may be a behaviour
    /// changed between the two, not a bug.
    public static func versionDifferenceNote(recorded: String, replaying: String) -> String {
      "the trace was recorded by Ordo \(recorded) and replayed by Ordo \(replaying): a"
        + " behaviour changed between those versions is a difference too, so this one may be"
        + " such a change rather than a bug (a replay with Ordo \(recorded) shows whether the"
        + " recording repeats there)"
    }

    public init(
      ordoVersion: String? = nil, arguments: [String] = [], startedWallAt: Int64? = nil,
      isCutOff: Bool = false, replayDifference: String? = nil, session: ClosedRange<Int64>? = nil,
      stackAtWindowStart: PageStackTop = []
    ) {
      self.ordoVersion = ordoVersion
      self.arguments = arguments
      self.startedWallAt = startedWallAt
      self.isCutOff = isCutOff
      self.replayDifference = replayDifference
      self.session = session
      self.stackAtWindowStart = stackAtWindowStart
    }
  }

  /// Every alert seen, in the order they first appeared.
  public var tracks: [Track]
  public var navigation: [NavigationMarker]
  /// Where each `engine.reset` is on the axis, in order.
  public var resets: [Int64]
  /// Where each clock switch (`initialize {clock}`) is on the axis, in order.
  public var clockSwitches: [ClockSwitch]
  /// The time axis: `start` ≤ every time in the timeline ≤ `end`.
  public var start: Int64
  public var end: Int64
  public var metadata: Metadata

  public init(
    tracks: [Track] = [], navigation: [NavigationMarker] = [], resets: [Int64] = [],
    clockSwitches: [ClockSwitch] = [], start: Int64 = 0, end: Int64 = 0,
    metadata: Metadata = Metadata()
  ) {
    self.tracks = tracks
    self.navigation = navigation
    self.resets = resets
    self.clockSwitches = clockSwitches
    self.start = start
    self.end = end
    self.metadata = metadata
  }

  /// The queues of the tracks, sorted, each once.
  /// - Complexity: O(t log t) for t tracks.
  public var queues: [String] {
    Array(Set(tracks.map(\.queue))).sorted()
  }

  /// The number of intervals of every track.
  /// - Complexity: O(t) for t tracks.
  public var intervalCount: Int {
    tracks.reduce(0) { $0 + $1.intervals.count }
  }

  /// The part of the timeline from `from` to `to` (axis times; nil: the timeline's own start
  /// or end), for a look at part of a long session: its axis is the window; a track is kept
  /// when one of its intervals is in the window (`Interval.isIn`) or its end (or refusal, or
  /// reset) is, with all its intervals and its end as they were (a drawing shows the ones in
  /// the window, cut at its edges); page changes are kept when in the window, and the stack
  /// the last change before it left is kept in `metadata`; every reset and clock switch is
  /// kept, since those before the window say how its axis times map to engine times.
  /// - Precondition: `from` ≤ `to` when both are given (one alone may be past the axis'
  ///   other end: the window is empty there).
  /// - Complexity: O(t + i + n) for t tracks, i intervals and n page changes.
  public func window(from: Int64?, to: Int64?) -> Timeline {
    // One end given beyond the other end of the axis: an empty window there.
    let upper = to ?? max(end, from ?? end)
    let lower = from ?? min(start, upper)
    precondition(lower <= upper, "a window from \(lower) to \(upper)")
    let range = lower...upper
    var tracks: [Track] = []
    for track in self.tracks {
      let stop = track.endedAt ?? track.droppedAt
      if track.intervals.contains(where: { $0.isIn(range) }) || stop.map(range.contains) == true {
        tracks.append(track)
      }
    }
    var metadata = metadata
    if metadata.session == nil {
      metadata.session = start...end
      metadata.stackAtWindowStart = []
    }
    if let before = navigation.last(where: { $0.at < lower }) {
      metadata.stackAtWindowStart = before.stack
    }
    return Timeline(
      tracks: tracks, navigation: navigation.filter { range.contains($0.at) }, resets: resets,
      clockSwitches: clockSwitches, start: lower, end: upper, metadata: metadata)
  }
}

/// Builds a `Timeline` from the engine's state changes, fed in the order they happened.
///
/// For each alert: `alertCreated` when `alert.enqueue` queued it (disposition `queued`), or
/// `alertRestored` for one loaded from the state file, then its `alert.changed` events
/// (`record(_:)` takes every `ScreenEvent` and keeps what it needs; the engine reports them
/// only while `alert.changed` is subscribed, so subscribe the screen that is replayed). Call
/// `navigationChanged` after each `nav.*` call, and `finish(at:)` at the end.
///
/// Tolerated: an alert's changes may come before its `alertCreated` when they happened in
/// the same call (the screen's events come out before the call returns its alert): a track
/// opened by a change at the instant of the creation is the created alert's. A change for an
/// alert never created nor restored opens a track whose type and priority are unknown until
/// an `alertShow` or `alertUpdate` event tells them. A time earlier than the state's start
/// (the clock moved back) ends the interval at its start.
///
/// The axis is the session's: an `engine.reset` on the manual clock sends engine time back to
/// 0, and what follows it is drawn after the reset, each time shifted by where the reset was
/// on the axis (`engineReset(at:resumesAt:)`); on the system clock, which runs on, nothing
/// is shifted. A clock switch sends engine time to 0 (to manual) or to the time since the
/// process started (to system), and what follows it is drawn on from where it was, the same
/// way (`clockSwitched(toManual:at:resumesAt:)`).
public struct TimelineBuilder: Sendable {
  private struct OpenTrack: Sendable {
    var track: Timeline.Track
    /// The current state, nil once ended.
    var state: AlertState?
    var since: Int64
    /// When the track was opened.
    var openedAt: Int64
    /// Whether `alertCreated` or `alertRestored` described it.
    var described: Bool
    /// What it counts in `itemCount`.
    var weight = 0
    /// Whether it stopped before the window drawn: it is not counted, and goes at the next
    /// `dropTracksBeforeTheWindow`.
    var isBeforeTheWindow = false

    /// When it ended, was dropped by a reset or refused; nil while active.
    var stop: Int64? { track.endedAt ?? track.droppedAt }
  }

  private var tracks: [OpenTrack] = []
  /// The latest track of each id.
  private var latest: [String: Int] = [:]
  private var navigation: [Timeline.NavigationMarker] = []
  private var resets: [Int64] = []
  private var clockSwitches: [Timeline.ClockSwitch] = []
  private var stack: PageStackTop = []
  private var start: Int64
  private var latestTime: Int64
  public var metadata: Timeline.Metadata
  /// How much the page drawn from the timeline holds so far, counted as it grows: each state
  /// interval, each track (a row) and each page change with the pages its stack text names,
  /// weighed by the length of the names they write (`weight`).
  /// `ordo report` stops at a limit: a trace whose few inputs ask for much (200 alerts showing
  /// in 200 queues, then 1 000 pushes and pops: 456 KB of inputs) made a 163 MB page.
  public private(set) var itemCount = 0
  /// Added to every engine time fed: the axis time of engine time 0 since the last reset.
  private var offset: Int64 = 0
  /// The part of the axis the timeline will be cut to (`Timeline.window(from:to:)`), nil
  /// at an open end: what cannot be in it is neither kept nor counted.
  private let windowFrom: Int64?
  private let windowTo: Int64?
  /// Tracks that stopped before the window, still held.
  private var tracksBeforeTheWindow = 0
  /// The fewest tracks held before any go: dropping fewer is not worth the pass.
  private static let tracksBeforeAnyDrop = 1024
  /// The track count at which those go (`dropTracksBeforeTheWindow`).
  private var nextDropAt = tracksBeforeAnyDrop

  /// A builder whose time axis starts at `start` (the engine time the session began), for
  /// a timeline that will be cut to the window from `from` to `to` (axis times, nil at an
  /// open end), if given: then it neither keeps nor counts in `itemCount` what cannot be in
  /// that window — tracks that stopped before it, tracks begun after it, page changes after
  /// it and those before it but the last — so that a window of a long session takes the
  /// memory and the count of what it draws. Cut to that window, its timeline is the one a
  /// builder without it gives, cut the same way.
  /// - Complexity: O(1).
  public init(
    start: Int64 = 0, metadata: Timeline.Metadata = Timeline.Metadata(),
    keepingWindowFrom from: Int64? = nil, to: Int64? = nil
  ) {
    self.start = start
    self.latestTime = start
    self.metadata = metadata
    self.windowFrom = from
    self.windowTo = to
  }

  /// A new alert was queued at `at`: its track starts `scheduled` when its `readyAt` is later,
  /// `pending` otherwise (whatever `alert.state` says now). Only `id`, `queue`, `type`,
  /// `priority` and `readyAt` are read.
  /// - Complexity: O(1) on average.
  public mutating func alertCreated(_ alert: Alert, at engineTime: Int64) {
    let at = onAxis(engineTime)
    note(at)
    guard !isAfterTheWindow(at) else { return forgetLatest(of: alert.id) }
    if let index = latest[alert.id], !tracks[index].described,
      tracks[index].openedAt == at, tracks[index].track.queue == alert.queue
    {
      tracks[index].described = true
      tracks[index].track.type = alert.type
      tracks[index].track.priority = alert.priority
      return
    }
    let state: AlertState = (alert.readyAt ?? engineTime) > engineTime ? .scheduled : .pending
    open(alert, state: state, at: at, described: true)
  }

  /// An enqueue its frequency limit dropped at `at` (`onLimit: drop`): a track of its own with
  /// no interval, ended `limited` at once. It takes no id's place: the id was never used.
  /// - Complexity: O(1) on average.
  public mutating func enqueueRefused(
    id: String?, type: String, queue: String, priority: Int64, retryAt: Int64?,
    at engineTime: Int64
  ) {
    let at = onAxis(engineTime)
    note(at)
    guard !isAfterTheWindow(at) else { return }
    tracks.append(
      OpenTrack(
        track: Timeline.Track(
          id: id ?? "", type: type, queue: queue, priority: priority, intervals: [],
          endReason: .limited, endedAt: at,
          refusal: Timeline.Refusal(retryAt: retryAt.map(onAxis))),
        state: nil, since: at, openedAt: at, described: true))
    count(Self.weight(id ?? "", type, queue), for: tracks.count - 1)
    stopped(tracks.count - 1)
    dropTracksBeforeTheWindow()
  }

  /// An alert loaded from the state file, as it is at `at`: its track starts in
  /// `alert.state`. An ended one (the state file holds active alerts only: its TTL ran out
  /// while no engine ran) gets a track with no interval, ended `expired` at `at`, the time
  /// it expired kept in `expiredWhileDownAt`.
  /// - Complexity: O(1) on average.
  public mutating func alertRestored(_ alert: Alert, at engineTime: Int64) {
    let at = onAxis(engineTime)
    note(at)
    guard !isAfterTheWindow(at) else { return forgetLatest(of: alert.id) }
    open(alert, state: alert.state, at: at, described: true)
    guard alert.state.isEnded else { return }
    let index = tracks.count - 1
    tracks[index].state = nil
    tracks[index].track.endReason = alert.endReason ?? Self.endReason(of: alert.state)
    tracks[index].track.endedAt = at
    tracks[index].track.expiredWhileDownAt = alert.endedAt.map(onAxis)
    stopped(index)
    dropTracksBeforeTheWindow()
  }

  /// An `alert.changed`: alert `id` went from `previous` to `state` at `at`.
  /// - Complexity: O(1) on average.
  public mutating func alertChanged(
    id: String, queue: String, state: AlertState, previous: AlertState, reason: ChangeReason,
    at engineTime: Int64
  ) {
    let at = onAxis(engineTime)
    note(at)
    let index: Int
    if let known = latest[id], tracks[known].state != nil {
      index = known
    } else {
      guard !isAfterTheWindow(at) else { return forgetLatest(of: id) }
      index = tracks.count
      latest[id] = index
      tracks.append(
        OpenTrack(
          track: Timeline.Track(
            id: id, type: nil, queue: queue, priority: nil, intervals: [], endReason: nil,
            endedAt: nil),
          state: previous.isEnded ? nil : previous, since: at, openedAt: at, described: false))
      count(Self.weight(id, queue), for: index)
    }
    close(index, at: at)
    if state.isEnded {
      tracks[index].state = nil
      tracks[index].track.endReason = EndReason(reason) ?? Self.endReason(of: state)
      tracks[index].track.endedAt = max(at, tracks[index].since)
      stopped(index)
      dropTracksBeforeTheWindow()
    } else {
      tracks[index].state = state
      tracks[index].since = max(at, tracks[index].since)
    }
  }

  /// Takes what a timeline needs from an engine event: `alertChanged` as above; `alertShow`
  /// and `alertUpdate` refresh the alert's type and priority. Other events say nothing new.
  /// - Complexity: O(1) on average.
  public mutating func record(_ event: ScreenEvent) {
    switch event {
    case .alertChanged(let id, let queue, let state, let previous, let reason, let at):
      alertChanged(id: id, queue: queue, state: state, previous: previous, reason: reason, at: at)
    case .alertShow(let alert, _, let at, _), .alertUpdate(let alert, let at):
      alertUpdated(alert, at: at)
    case .alertHide, .alertIdle:
      break
    }
  }

  /// `alert`, not ended, is as given since `at`: its type and priority are refreshed (a
  /// dedupe replace may have changed the priority, of a waiting alert too).
  /// - Complexity: O(1) on average.
  public mutating func alertUpdated(_ alert: Alert, at engineTime: Int64) {
    note(onAxis(engineTime))
    guard let index = latest[alert.id], tracks[index].state != nil else { return }
    tracks[index].track.type = alert.type
    tracks[index].track.priority = alert.priority
  }

  /// The page stack is `stack` since `at`; a marker only when it differs from the last one
  /// (the stack starts empty). Only its top is compared: a change under the top
  /// `PageStackTop.keptPages` pages that leaves as many pages would read as the marker
  /// before it, and is none.
  /// - Complexity: O(`PageStackTop.keptPages`).
  public mutating func navigationChanged(stack: PageStackTop, at engineTime: Int64) {
    let at = onAxis(engineTime)
    note(at)
    mark(stack: stack, at: at)
  }

  /// `engine.reset` at `at`, after which engine time goes on from `resumesAt` (0 on the
  /// manual clock, `at` on the system clock): every alert still active stops there, marked
  /// dropped (with no end reason: it did not end, it was forgotten), the page stack is empty
  /// again, and later times are drawn after the reset.
  /// - Complexity: O(i), i the number of alert ids seen since the last reset (a track still
  ///   active is the latest of its id: walking every track made a trace of many resets
  ///   quadratic).
  public mutating func engineReset(at engineTime: Int64, resumesAt: Int64) {
    let at = onAxis(engineTime)
    note(at)
    for index in latest.values.sorted() where tracks[index].state != nil {
      close(index, at: at)
      tracks[index].state = nil
      tracks[index].track.droppedAt = at
      stopped(index)
    }
    latest.removeAll()
    dropTracksBeforeTheWindow()
    mark(stack: [], at: at)
    resets.append(at)
    offset = at.subtractingClamped(resumesAt)
  }

  /// `initialize {clock}` switched the clock at `at`, after which engine time goes on from
  /// `resumesAt`: later times are drawn on from the switch, so that the axis neither goes
  /// back (what follows would be drawn over what came before it) nor jumps ahead. Alerts and
  /// pages are not touched.
  /// - Complexity: O(1).
  public mutating func clockSwitched(toManual: Bool, at engineTime: Int64, resumesAt: Int64) {
    let at = onAxis(engineTime)
    note(at)
    clockSwitches.append(Timeline.ClockSwitch(at: at, toManual: toManual))
    offset = at.subtractingClamped(resumesAt)
  }

  /// The timeline up to `at` (or the latest time fed, if later): alerts still active end
  /// their last interval there, without an end reason.
  /// - Complexity: O(n), n the number of intervals.
  public func finish(at engineTime: Int64) -> Timeline {
    let end = max(onAxis(engineTime), latestTime)
    var finished: [Timeline.Track] = []
    finished.reserveCapacity(tracks.count)
    for open in tracks {
      var track = open.track
      if let state = open.state {
        track.intervals.append(Timeline.Interval(state: state, start: open.since, end: end))
      }
      finished.append(track)
    }
    return Timeline(
      tracks: finished, navigation: navigation, resets: resets, clockSwitches: clockSwitches,
      start: start, end: end,
      metadata: metadata)
  }

  // MARK: - Internals

  /// The page stack is `stack` since axis time `at`: a marker when it differs from the last.
  private mutating func mark(stack: PageStackTop, at: Int64) {
    guard stack != self.stack else { return }
    self.stack = stack
    guard !isAfterTheWindow(at) else { return }
    // Of the changes before the window, only the last counts: it is the stack at its start.
    if let from = windowFrom, at < from, let last = navigation.last, last.at < from {
      itemCount -= Self.weight(of: last.stack)
      navigation.removeLast()
    }
    itemCount += Self.weight(of: stack)
    navigation.append(Timeline.NavigationMarker(at: at, stack: stack))
  }

  /// Whether what begins at axis time `at` is after the window: it cannot be in it.
  private func isAfterTheWindow(_ at: Int64) -> Bool {
    windowTo.map { at > $0 } ?? false
  }

  /// A track of `id` begun after the window is not kept; but, as when it is, the id's track
  /// before it (still active, if a creation opened the new one) is no longer found by the
  /// id: a reset does not drop it, nor does a change go to it.
  private mutating func forgetLatest(of id: String) {
    latest[id] = nil
  }

  /// Counts `weight` more for track `index`.
  private mutating func count(_ weight: Int, for index: Int) {
    tracks[index].weight += weight
    itemCount += weight
  }

  /// Track `index` has just stopped (ended, refused, dropped): one that stopped before the
  /// window is no longer counted, and goes with the others at the next drop. Not at once:
  /// an alert's changes may come before its creation in the same instant, which finds the
  /// track by its id then.
  private mutating func stopped(_ index: Int) {
    // Its last interval ends after its stop only if the axis went back (a reset's drop).
    guard let from = windowFrom, let stop = tracks[index].stop,
      max(stop, tracks[index].track.intervals.last?.end ?? stop) < from
    else { return }
    itemCount -= tracks[index].weight
    tracks[index].isBeforeTheWindow = true
    tracksBeforeTheWindow += 1
  }

  /// Forgets the tracks that stopped before the window, but those an alert's creation in
  /// the latest instant may still describe, once the tracks have doubled since the last
  /// time (O(1) amortized per track). Called where no track index is held.
  /// - Complexity: O(t + i), t tracks and i ids.
  private mutating func dropTracksBeforeTheWindow() {
    guard tracksBeforeTheWindow > 0, tracks.count >= nextDropAt else { return }
    var moved = [Int](repeating: -1, count: tracks.count)
    var kept: [OpenTrack] = []
    kept.reserveCapacity(tracks.count - tracksBeforeTheWindow)
    tracksBeforeTheWindow = 0
    for (index, open) in tracks.enumerated() {
      if open.isBeforeTheWindow {
        if open.described || open.openedAt < latestTime { continue }
        tracksBeforeTheWindow += 1
      }
      moved[index] = kept.count
      kept.append(open)
    }
    tracks = kept
    latest = latest.compactMapValues { moved[$0] >= 0 ? moved[$0] : nil }
    nextDropAt = max(Self.tracksBeforeAnyDrop, 2 * tracks.count)
  }

  /// Where engine time `time` is on the axis.
  private func onAxis(_ time: Int64) -> Int64 {
    time.addingClamped(offset)
  }

  private mutating func note(_ time: Int64) {
    start = min(start, time)
    latestTime = max(latestTime, time)
  }

  private mutating func open(_ alert: Alert, state: AlertState, at: Int64, described: Bool) {
    latest[alert.id] = tracks.count
    tracks.append(
      OpenTrack(
        track: Timeline.Track(
          id: alert.id, type: alert.type, queue: alert.queue, priority: alert.priority,
          intervals: [], endReason: nil, endedAt: nil),
        state: state, since: at, openedAt: at, described: described))
    count(Self.weight(alert.id, alert.type, alert.queue), for: tracks.count - 1)
  }

  /// Ends the current interval of track `index` at `at`.
  private mutating func close(_ index: Int, at: Int64) {
    guard let state = tracks[index].state else { return }
    let since = tracks[index].since
    count(Self.weight(tracks[index].track.id), for: index)
    tracks[index].track.intervals.append(
      Timeline.Interval(state: state, start: since, end: max(at, since)))
  }

  /// What an item that writes `names` counts in `itemCount`: one, and one more per 64 bytes
  /// of them (a bar writes its alert's id two to four times, a page change each name twice:
  /// ids of 250 4-byte characters made each interval 4.4 KB of page, against 400 bytes).
  private static func weight(_ names: String...) -> Int {
    1 + names.reduce(0) { $0 + $1.utf8.count } / 64
  }

  /// What a page change to `stack` counts: one, and its pages' names.
  private static func weight(of stack: PageStackTop) -> Int {
    1 + stack.pages.reduce(0) { $0 + weight($1) }
  }

  private static func endReason(of state: AlertState) -> EndReason? {
    switch state {
    case .done: return .completed
    case .cancelled: return .cancelled
    case .expired: return .expired
    case .scheduled, .pending, .showing, .suspended: return nil
    }
  }
}
