import OrdoJSON

/// Outgoing messages, framed, waiting to be written: the encoding side of `MessageFramer`.
///
/// Bytes go through three stages: *held* (sent, not yet released: a durable change behind
/// them may still fail to commit, and then they are dropped), *released* (may be written),
/// and written (dropped from the buffer). Without anything to commit, `release()` follows
/// every batch of work.
public struct Outbox {
  /// The framing messages are written in; set once the input decided it.
  public var framing: MessageFramer.Framing
  /// Engine time stamped on the messages sent from now on (for `heldMessages`).
  public var time: Int64 = 0
  /// Whether the bodies of held messages are listed in `heldMessages` (tracing).
  public var listsMessages = false

  private var buffer = JSONWriter(capacity: 1 << 16)
  /// One LSP body being built (its header needs its length first).
  private var scratch = JSONWriter(capacity: 1 << 12)
  private var written = 0
  private var releasedEnd = 0
  /// The bodies sent and not yet released, with their time (when `listsMessages`).
  public private(set) var heldMessages: [(range: Range<Int>, at: Int64)] = []

  public init(framing: MessageFramer.Framing) {
    self.framing = framing
  }

  // MARK: Sending

  /// Sends one message whose body `body` writes.
  public mutating func send(_ body: (inout JSONWriter) -> Void) {
    switch framing {
    case .ndjson:
      let start = buffer.count
      body(&buffer)
      noteMessage(start..<buffer.count)
      buffer.appendFraming(byte: 0x0A)
    case .lsp:
      scratch.clear()
      body(&scratch)
      send(built: scratch)
    }
  }

  /// Sends one message whose body was built elsewhere (a batch response).
  public mutating func send(built body: JSONWriter) {
    switch framing {
    case .ndjson:
      let start = buffer.count
      buffer.appendFraming(body)
      noteMessage(start..<buffer.count)
      buffer.appendFraming(byte: 0x0A)
    case .lsp:
      buffer.appendFraming("Content-Length: \(body.count)\r\n\r\n".utf8)
      let start = buffer.count
      buffer.appendFraming(body)
      noteMessage(start..<buffer.count)
    }
  }

  private mutating func noteMessage(_ range: Range<Int>) {
    if listsMessages { heldMessages.append((range, time)) }
  }

  // MARK: Holding and releasing

  /// Where held bytes start: a mark to `dropHeld(from:)` back to.
  public var heldStart: Int { releasedEnd }

  /// Whether anything was sent and not released.
  public var hasHeld: Bool { buffer.count > releasedEnd }

  /// Releases everything sent so far for writing.
  public mutating func release() {
    releasedEnd = buffer.count
    heldMessages.removeAll(keepingCapacity: true)
  }

  /// Drops every held message (their changes were rolled back).
  public mutating func dropHeld() {
    buffer.truncate(to: releasedEnd)
    heldMessages.removeAll(keepingCapacity: true)
  }

  /// Calls `body` with the bytes of held message `index`.
  public func withHeldMessage<R>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    let range = heldMessages[index].range
    return buffer.withBytes(from: range.lowerBound) {
      body(UnsafeRawBufferPointer(rebasing: $0[0..<range.count]))
    }
  }

  // MARK: Writing

  /// Released bytes not yet written.
  public var writableCount: Int { releasedEnd - written }

  /// All bytes not yet written, held ones included (for deciding when to stop reading).
  public var pendingCount: Int { buffer.count - written }

  /// Calls `body` with the released bytes not yet written; it returns how many it wrote.
  public mutating func write(_ body: (UnsafeRawBufferPointer) -> Int) -> Int {
    let count = buffer.withBytes(from: written) {
      body(UnsafeRawBufferPointer(rebasing: $0[0..<(releasedEnd - written)]))
    }
    if count > 0 { didWrite(count) }
    return count
  }

  private mutating func didWrite(_ count: Int) {
    written += count
    if written == buffer.count {
      // A buffer grown for one huge answer goes back to its usual size once drained.
      buffer.shrinkIfHuge(to: 1 << 16)
      scratch.shrinkIfHuge(to: 1 << 12)
      buffer.clear()
      written = 0
      releasedEnd = 0
    } else if written > (1 << 20) && written > buffer.count / 2 {
      // Only once the written part is most of the buffer: moving the rest costs no more
      // than what was written since, so draining a huge answer stays linear.
      buffer.removeFirst(written)
      releasedEnd -= written
      heldMessages = heldMessages.map {
        (($0.range.lowerBound - written)..<($0.range.upperBound - written), $0.at)
      }
      written = 0
    }
  }

  /// Every byte not yet written, held ones included (tests and one-shot calls).
  public var unwrittenBytes: [UInt8] {
    buffer.withBytes(from: written) { Array($0.bindMemory(to: UInt8.self)) }
  }

  /// Forgets every unwritten byte (tests and one-shot calls read them first).
  public mutating func removeAll() {
    buffer.clear()
    written = 0
    releasedEnd = 0
    heldMessages.removeAll()
  }
}
