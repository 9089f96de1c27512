import OrdoCore
import OrdoJSON
import OrdoRPC
import OrdoStore

/// One engine served over one byte stream, without the I/O: bytes in (`receive`), framed
/// messages out into the caller's `Outbox`. It frames the input, moves engine time before
/// each message and when timers are due, dispatches, and commits durable changes before
/// anything they caused may be written (`flush`). `StdioLoop`, `ordo call` and `ordo replay`
/// drive it with their own I/O.
///
/// Commit groups (docs/protocol.md#durable-state): with `--state`, everything between two
/// flushes is one group — one transaction, committed before its answers and events are
/// released. A group whose commit fails is undone in memory (a snapshot taken at its start)
/// and each of its requests is answered with -32005 instead.
///
/// - Important: single-threaded; only its owner may call it.
public final class Session {
  public let engine: Engine
  // `@exclusivity(unchecked)`: the session is single-threaded, and the dynamic checks on
  // these (every access to a class's stored property) cost ≈400 instructions per ping.
  @exclusivity(unchecked) private var dispatcher: Dispatcher
  @exclusivity(unchecked) private var framer: MessageFramer
  @exclusivity(unchecked) private var framingDecided: Bool
  /// The open commit group: the state at its start and the answers it owes.
  private var group: (snapshot: Engine.Snapshot, lifecycle: Dispatcher.Lifecycle)?
  @exclusivity(unchecked) private var groupReplies: [Reply] = []
  /// After a failed commit of timer work, timers wait until then before trying again.
  private var retryTimersAt: Int64?
  /// A timer fired since output was last made writable: what it sent is owed now, and the
  /// loop stops reading ahead to write it.
  public private(set) var timerFiredSinceRelease = false
  /// Called with each message read (after framing and handling), the engine time it was
  /// handled at, and whether it was JSON; for tracing.
  @exclusivity(unchecked) public var recordInput:
    ((MessageFramer.Event, UnsafeRawBufferPointer?, Int64, Bool) -> Void)?
  /// Called with each message sent, in order with the inputs (for tracing): the messages a
  /// message caused come after it, those of timers before the message that found them due.
  public var recordOutput: ((UnsafeRawBufferPointer, Int64) -> Void)? {
    didSet { tracesOutput = recordOutput != nil }
  }
  /// Called after a message recorded before it was handled whole (a batch whose
  /// `engine.reset` committed mid-message), with its time: the clock switches it made after
  /// that are recorded apart (for tracing).
  public var recordSwitchesAfterEarlyInput: ((Int64) -> Void)?
  /// Called when a failed commit dropped the messages of its group (already recorded): the
  /// recording forgets them too, keeping the inputs; the -32005 answers are recorded next.
  public var discardRecordedOutputs: (() -> Void)?
  /// Called with a line `ordo call -` refused before the engine saw it, whether it was
  /// JSON, and the error object printed for it (for tracing).
  public var recordRefusedLine: ((UnsafeRawBufferPointer, Bool, String) -> Void)?
  /// Called at the end of every flush, for tracing.
  public var afterFlush: (() -> Void)?
  /// Whether `recordOutput` is set (read on every message: unchecked, as above).
  @exclusivity(unchecked) private var tracesOutput = false
  /// How many of the outbox's held messages `recordOutput` has seen.
  @exclusivity(unchecked) private var recordedHeld = 0
  /// While tracing, the message being handled and when, until its input is recorded: a
  /// batch whose `engine.reset` releases its first entries' output mid-message records the
  /// message first (its input must come before what it caused). Valid only during the
  /// handling (the bytes are the caller's).
  private var inputBeingHandled: (bytes: UnsafeRawBufferPointer, at: Int64)?

  public init(engine: Engine) {
    self.engine = engine
    let configuration = engine.configuration
    dispatcher = Dispatcher(
      methods: Engine.methods, maxBatch: configuration.maxBatch, log: engine.log)
    framer = MessageFramer(
      framing: configuration.framing, maxMessageBytes: configuration.maxMessageBytes)
    framingDecided = configuration.framing != nil
    engine.startsCommitGroup = { [unowned self] lifecycle, outbox in
      self.startGroup(lifecycle: lifecycle, outbox: &outbox)
    }
  }

  /// A session on a fresh in-memory engine.
  public convenience init(configuration: EngineConfiguration) {
    var inMemory = configuration
    inMemory.statePath = nil
    // An engine without a store or a state to load cannot fail to start.
    guard let engine = try? Engine(configuration: inMemory) else {
      preconditionFailure("an in-memory engine failed to start")
    }
    self.init(engine: engine)
  }

  /// A fresh outbox in the session's framing.
  public func makeOutbox() -> Outbox {
    var outbox = Outbox(framing: engine.framing)
    outbox.listsMessages = recordOutput != nil
    return outbox
  }

  public var log: Log { engine.log }

  /// Set by `exit`: the process should flush and exit with this status.
  public var exitStatus: Int32? { dispatcher.exitStatus }
  /// Whether the last message `handle` took parsed as JSON jansson can hold.
  public var lastMessageWasJSON: Bool { dispatcher.lastMessageWasJSON }

  /// The framing of the session: given, or decided by the input.
  public var framing: MessageFramer.Framing? { framer.framing }

  // MARK: Input

  /// Output owed (`Outbox.pendingCount`) at which `receive` stops handling messages, and
  /// leaves the rest of what it read for `receiveBuffered`: one read of cheap requests with
  /// large answers (64 KiB of `layer.paintOrder` over 100 000 layers) made the engine hold
  /// gigabytes for a client that did not read. No limit unless set (`ordo call -`, tests).
  public var outputLimit = Int.max
  /// Whether `receive` stopped at `outputLimit`: messages it read may wait in the framer
  /// (or framed and parsed ahead).
  public private(set) var hasBufferedInput = false
  // Messages are framed and parsed a few at a time before any of them is handled: parsing a
  // run of messages, then handling the run, keeps jansson's parser in the instruction cache
  // through the run, then the handlers (one after the other they evicted each other every
  // message: callgrind counted a quarter to a half fewer L1i misses per alert.enqueue,
  // alert.complete and layer.add line, nine in ten fewer per engine.ping). Parsing is pure
  // (it reads only the message's bytes), so what each message does and answers is the same.
  /// The events framed ahead, and at the same index each message's parse (moved out as it
  /// is handled; the events stay until the next run). In memory of their own: an array, or
  /// an enum holding both, copied and destroyed each message through value witnesses.
  private let aheadEvents = UnsafeMutablePointer<MessageFramer.Event>.allocate(
    capacity: aheadLimit)
  private let aheadParsed = UnsafeMutablePointer<Incoming>.allocate(capacity: aheadLimit)
  @exclusivity(unchecked) private var aheadCount = 0
  @exclusivity(unchecked) private var nextAhead = 0
  /// `framer.skipsBegun` when last logged (`logSkipBegun`).
  private var skipsLogged = 0
  /// At most this many messages ahead, and no more once they hold `aheadBytes`: a run of
  /// large messages is parsed one at a time, as without the run (parsed trees are several
  /// times the size of their text).
  static let aheadLimit = 16
  static let aheadBytes = 16 << 10

  /// Takes bytes read from the stream and handles every message they complete, up to
  /// `outputLimit` of output owed.
  public func receive(_ bytes: UnsafeRawBufferPointer, into outbox: inout Outbox) {
    if dispatcher.exitStatus != nil { discardAhead() }
    if nextAhead < aheadCount {
      // The events framed ahead are offsets into the buffer: no byte before them may be
      // dropped (appending may move the storage, which offsets do not mind).
      framer.feedKeepingRanges(bytes)
    } else {
      framer.feed(bytes)
    }
    receiveBuffered(into: &outbox)
  }

  /// Frames up to `aheadLimit` events into `aheadEvents`, and parses each message among
  /// them into `aheadParsed`.
  private func parseAhead() {
    discardAhead()
    var bytes = 0
    while aheadCount < Self.aheadLimit, bytes < Self.aheadBytes, let event = framer.next() {
      if case .message(let range) = event {
        bytes += range.count
        (aheadParsed + aheadCount).initialize(
          to: framer.buffer.withUnsafeBytes {
            MessageClassifier.classify(UnsafeRawBufferPointer(rebasing: $0[range]))
          })
      }
      (aheadEvents + aheadCount).initialize(to: event)
      aheadCount += 1
    }
    if framer.skipsBegun != skipsLogged { logSkipBegun() }
  }

  /// Says that an over-long message began to be skipped (answered when it has gone by).
  private func logSkipBegun() {
    let begun = framer.skipsBegun - skipsLogged
    skipsLogged = framer.skipsBegun
    let limit = framer.maxMessageBytes
    if begun > 1 {  // in one run of reads: the framer keeps the last one's length only
      log(
        .warn,
        "\(begun) messages over --max-message-bytes \(limit) are being skipped; each is"
          + " answered -32600 once it has gone by")
    } else if let length = framer.skippedLength {
      log(
        .warn,
        "a message whose Content-Length is \(length) bytes, over --max-message-bytes \(limit),"
          + " is being skipped; it is answered -32600 once its \(length) bytes have gone by")
    } else {
      log(
        .warn,
        "a line longer than --max-message-bytes \(limit) is being skipped; it is answered"
          + " -32600 at its newline")
    }
  }

  /// Drops the events framed ahead and the parses not handled (after `exit`, which handles
  /// nothing more).
  private func discardAhead() {
    for index in nextAhead..<aheadCount {
      if case .message = aheadEvents[index] { (aheadParsed + index).deinitialize(count: 1) }
    }
    aheadEvents.deinitialize(count: aheadCount)
    aheadCount = 0
    nextAhead = 0
  }

  deinit {
    discardAhead()
    aheadEvents.deallocate()
    aheadParsed.deallocate()
  }

  /// Handles the messages read before and left in the framer, up to `outputLimit` of
  /// output owed.
  public func receiveBuffered(into outbox: inout Outbox) {
    hasBufferedInput = false
    while dispatcher.exitStatus == nil {
      if outbox.pendingCount >= outputLimit {
        // Only when something is left: a read ending at its last message has none, and the
        // end of input after it is the end (no timer fires after it).
        hasBufferedInput = nextAhead < aheadCount || framer.pendingByteCount > 0
        return
      }
      if nextAhead == aheadCount {
        parseAhead()
        if aheadCount == 0 { return }
      }
      let index = nextAhead
      nextAhead += 1
      if !framingDecided, let framing = framer.framing {
        framingDecided = true
        engine.framing = framing
        outbox.framing = framing
      }
      beginWork(&outbox)
      switch aheadEvents[index] {
      case .message(let range):
        // Moved out of its slot, not copied (a copy retains and releases what it holds).
        groupReplies.append(handleFramed(range, (aheadParsed + index).move(), into: &outbox))
        recordOutputs(&outbox)
        endOfMessage(&outbox)
      case .tooLarge(let limit, let id):
        answerTooLarge(limit: limit, id: id, into: &outbox)
      case .badHeader(let reason):
        answerBadHeader(reason, into: &outbox)
      }
    }
  }

  /// Handles one whole message as if it had been framed from the stream (`ordo call`, tests).
  @discardableResult
  public func handle(_ message: UnsafeRawBufferPointer, into outbox: inout Outbox) -> Reply {
    beginWork(&outbox)
    let reply = handleRecorded(message, into: &outbox)
    groupReplies.append(reply)
    recordOutputs(&outbox)
    endOfMessage(&outbox)
    return reply
  }

  /// The answer to a message over `--max-message-bytes`, which was not kept: with its `id`
  /// (`rawID`: its text) when the scan of its top level read one, else with `id: null`.
  private func answerTooLarge(limit: Int, id rawID: String?, into outbox: inout Outbox) {
    recordInput?(.tooLarge(limit: limit, id: rawID), nil, engine.now, false)
    let id = rawID.flatMap(MessageClassifier.id(rawText:)) ?? .null
    dispatcher.refuseTooLarge(limit: limit, id: id, context: engine, outbox: &outbox)
    groupReplies.append(.single(id))
    recordOutputs(&outbox)
  }

  /// The answer to an LSP header that could not be used.
  private func answerBadHeader(_ reason: String, into outbox: inout Outbox) {
    recordInput?(.badHeader(reason), nil, engine.now, false)
    dispatcher.refuseBadHeader(reason, context: engine, outbox: &outbox)
    groupReplies.append(.single(.null))
    recordOutputs(&outbox)
  }

  /// Dispatches `message` and records it as read (tracing), before its output if part of
  /// that output is released while it is handled.
  private func handleRecorded(_ message: UnsafeRawBufferPointer, into outbox: inout Outbox)
    -> Reply
  {
    handleRecorded(message, MessageClassifier.classify(message), into: &outbox)
  }

  /// `handleRecorded` of the message at `range` in the framer's buffer, parsed before
  /// (`incoming`); its bytes are looked at only when recorded.
  private func handleFramed(
    _ range: Range<Int>, _ incoming: consuming Incoming, into outbox: inout Outbox
  ) -> Reply {
    guard recordInput != nil else {
      return dispatcher.handle(incoming, context: engine, outbox: &outbox)
    }
    // Taken out inside the closure: captured as is, it would be copied.
    var parsed: Incoming? = consume incoming
    return framer.buffer.withUnsafeBytes {
      handleRecorded(
        UnsafeRawBufferPointer(rebasing: $0[range]), parsed.take().unsafelyUnwrapped,
        into: &outbox)
    }
  }

  /// `handleRecorded` of a message parsed before (`incoming`).
  private func handleRecorded(
    _ message: UnsafeRawBufferPointer, _ incoming: consuming Incoming, into outbox: inout Outbox
  ) -> Reply {
    let at = engine.now
    guard let recordInput else {
      return dispatcher.handle(consume incoming, context: engine, outbox: &outbox)
    }
    inputBeingHandled = (message, at)
    let reply = dispatcher.handle(consume incoming, context: engine, outbox: &outbox)
    if inputBeingHandled != nil {
      inputBeingHandled = nil
      recordInput(.message(0..<message.count), message, at, dispatcher.lastMessageWasJSON)
    } else {
      recordSwitchesAfterEarlyInput?(at)
    }
    return reply
  }

  /// Inside a batch, after a request that committed the group itself (`engine.reset`):
  /// everything so far is final (released, its replies settled), and the rest of the batch
  /// is a new group, rolled back alone if its commit fails.
  private func startGroup(lifecycle: Dispatcher.Lifecycle, outbox: inout Outbox) {
    guard engine.store != nil else { return }
    if let (message, at) = inputBeingHandled {
      // A batch that reached `engine.reset` was JSON.
      inputBeingHandled = nil
      recordInput?(.message(0..<message.count), message, at, true)
    }
    release(&outbox)
    groupReplies.removeAll(keepingCapacity: true)
    group = (engine.snapshot(), lifecycle)
  }

  /// A request that committed the group itself (`engine.reset`) ends the group.
  private func endOfMessage(_ outbox: inout Outbox) {
    guard engine.committedMidGroup else { return }
    engine.committedMidGroup = false
    flush(&outbox)
  }

  /// The end of the input: drops a partial message (logged).
  public func finishInput() {
    // Only once what was read is handled (`hasBufferedInput` false) or never will be: the
    // messages framed ahead are offsets into the buffer this empties.
    precondition(nextAhead == aheadCount || dispatcher.exitStatus != nil, "messages left")
    if framer.finish() { log(.warn, "end of input inside a message; dropped it") }
  }

  /// Opens a commit group if none is open, then brings the engine to the clock's time,
  /// unless `shutdown` stopped the timers: a message after it (`exit`, or a request it
  /// refuses) must not fire what fell due since (docs/protocol.md#lifecycle).
  private func beginWork(_ outbox: inout Outbox) {
    if engine.store != nil, group == nil {
      group = (engine.snapshot(), dispatcher.lifecycle)
    }
    if dispatcher.lifecycle == .running, engine.syncToClock() { timerFiredSinceRelease = true }
    outbox.time = engine.now
    // What the timers due by now did is sent before the message that found them due. Also
    // when that message is answered without running (not JSON, not a request, too large):
    // left to go out with a method's events, it waited for the next valid request, or for
    // ever.
    engine.sendEvents(into: &outbox)
    if tracesOutput { recordOutputs(&outbox) }
  }

  // MARK: Time

  /// When the next timer is due on the system clock; nil when none is, on the manual clock,
  /// and after `shutdown` (timers stop).
  public var nextTimerDue: Int64? {
    guard dispatcher.lifecycle == .running, let due = engine.nextSystemTimer else { return nil }
    return max(due, retryTimersAt ?? due)
  }

  /// Milliseconds from now until the next timer, nil when none is set (the server's loop
  /// and `ordo call -` wait for it alike, with a `WakeUpAlarm`).
  public var millisecondsUntilNextTimer: Int64? {
    nextTimerDue.map { max(0, $0 - engine.clockNow) }
  }

  /// Fires the system-clock timers due now, sending their events.
  public func fireDueTimers(into outbox: inout Outbox) {
    guard let due = nextTimerDue, due <= engine.clockNow else { return }
    beginWork(&outbox)
    engine.sendEvents(into: &outbox)
  }

  /// Moves a virtual system clock to `time`, firing what is due as a wake-up would (replay).
  public func advanceVirtualClock(to time: Int64, into outbox: inout Outbox) {
    guard engine.clock.virtualNow != nil, time > engine.clock.now else { return }
    engine.clock.virtualNow = time
    fireDueTimers(into: &outbox)
  }

  /// Answers a message skipped for its size, as if the framer had reported it with the id
  /// text `id` (replay, and `ordo call -`, which frames its own input).
  public func refuseTooLarge(limit: Int, id: String?, into outbox: inout Outbox) {
    beginWork(&outbox)
    answerTooLarge(limit: limit, id: id, into: &outbox)
  }

  /// Answers an unusable LSP header, as if the framer had reported it (replay).
  public func refuseBadHeader(_ reason: String, into outbox: inout Outbox) {
    beginWork(&outbox)
    answerBadHeader(reason, into: &outbox)
  }

  // MARK: Output

  /// Commits the open group's durable changes, then makes everything sent so far writable.
  /// A commit that fails rolls the group back and answers its requests with -32005.
  public func flush(_ outbox: inout Outbox) {
    if let group {
      do {
        try engine.commitDurableChanges()
        retryTimersAt = nil
      } catch {
        log(.error, "commit failed (\(error.reason.rawValue)): \(error.detail)")
        engine.roll(backTo: group.snapshot)
        dispatcher.restore(lifecycle: group.lifecycle)
        outbox.dropHeld()
        if tracesOutput {
          discardRecordedOutputs?()
          recordedHeld = 0
        }
        Dispatcher.answer(groupReplies, with: .storage(error), outbox: &outbox)
        if groupReplies.isEmpty { retryTimersAt = engine.clockNow + 1000 }
      }
      self.group = nil
    }
    groupReplies.removeAll(keepingCapacity: true)
    release(&outbox)
  }

  /// Makes everything sent so far writable, recorded first when tracing.
  private func release(_ outbox: inout Outbox) {
    timerFiredSinceRelease = false
    recordOutputs(&outbox)
    recordedHeld = 0
    outbox.release()
    afterFlush?()
  }

  /// Records the messages sent since the last call (tracing only). (`inout` though it only
  /// reads: passed by value, the outbox's buffers were retained and released on every
  /// message, ≈160 instructions per ping, tracing or not.)
  private func recordOutputs(_ outbox: inout Outbox) {
    guard tracesOutput, let recordOutput else { return }
    while recordedHeld < outbox.heldMessages.count {
      let at = outbox.heldMessages[recordedHeld].at
      outbox.withHeldMessage(recordedHeld) { recordOutput($0, at) }
      recordedHeld += 1
    }
  }
}
