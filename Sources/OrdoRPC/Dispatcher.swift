import OrdoJSON

/// A notification the engine sends on its own (`alert.show`, …).
public protocol OutgoingEvent {
  var method: StaticString { get }
  /// Writes the members of `params` (inside its braces).
  func writeParams(to writer: inout JSONWriter)
}

/// What the dispatcher needs from the engine it serves, besides the method table.
public protocol DispatchContext: AnyObject {
  /// Counts one message or batch entry received (`engine.stats`' `requests`).
  func countRequest()
  /// Called after each call was applied, before its events are sent.
  func didApplyCall()
  /// Sends the events caused since the last call, oldest first.
  func sendEvents(into outbox: inout Outbox)
  /// Whether the call just applied committed everything before it, ending the commit group
  /// (`engine.reset` with durable state).
  var endedCommitGroup: Bool { get }
  /// Inside a batch, after such a call with entries still to run: what was sent so far is
  /// final, and the rest of the batch is a new commit group.
  func startCommitGroup(lifecycle: Dispatcher.Lifecycle, outbox: inout Outbox)
}

/// The JSON-RPC 2.0 side of a session (docs/protocol.md#transport): classifies each framed
/// message, runs batches and notifications, gates everything after `shutdown`, looks up
/// methods, checks parameter names, and writes events and response envelopes, in order, to
/// an `Outbox`. Handlers never see ids, batches or bytes.
///
/// - Important: single-threaded; the session that owns it calls it.
/// What a handled message was answered with: the ids of its responses, so that a session
/// can answer them again differently (a commit that failed).
public enum Reply: Sendable {
  /// Nothing (notifications only).
  case none
  case single(RequestID)
  case batch([RequestID])
  /// A batch whose first entries were committed by one of them (`engine.reset` with durable
  /// state): their responses, final, and the ids of the responses after them.
  case partlyCommittedBatch(committed: [UInt8], rest: [RequestID])
}

public struct Dispatcher {
  public enum Lifecycle: Sendable {
    case running, shutDown
  }

  public private(set) var table: MethodTable
  public private(set) var lifecycle = Lifecycle.running
  /// Whether the last message `handle` took parsed as JSON that jansson can hold (a trace
  /// keeps such a message verbatim, and anything else as base64).
  public private(set) var lastMessageWasJSON = true
  /// Set by `exit`: the process should flush and exit with this status.
  public private(set) var exitStatus: Int32?
  /// The most entries a batch may have.
  public let maxBatch: Int
  public let log: Log
  /// The `result` of the call being run.
  private var result = JSONWriter(capacity: 1 << 12)
  /// The responses of the batch being run.
  private var batch = JSONWriter()

  /// Serves `methods`. The lifecycle effect of `shutdown` (everything but `exit` is refused
  /// afterwards) and `exit` (the process should end: status 0 after `shutdown`, else 1, the
  /// LSP rule) is applied here, after their handlers in `methods` ran.
  public init(methods: MethodTable, maxBatch: Int, log: Log) {
    self.table = methods
    self.maxBatch = maxBatch
    self.log = log
  }

  // MARK: Incoming

  /// Handles one framed message (a JSON text, or a batch).
  @discardableResult
  public mutating func handle(
    _ bytes: UnsafeRawBufferPointer, context: any DispatchContext, outbox: inout Outbox
  ) -> Reply {
    handle(MessageClassifier.classify(bytes), context: context, outbox: &outbox)
  }

  /// Handles one framed message parsed and classified before (`MessageClassifier.classify`).
  @discardableResult
  public mutating func handle(
    _ incoming: consuming Incoming, context: any DispatchContext, outbox: inout Outbox
  ) -> Reply {
    lastMessageWasJSON = true
    switch consume incoming {
    case .failure(let error):
      lastMessageWasJSON = error.code != .parseError
      context.countRequest()
      log(.info, "refused a message: \(error.message)")
      outbox.send { Self.writeError(error, id: .null, into: &$0) }
      return .single(.null)
    case .single(let message):
      if case .invalid(_, let error) = message {
        lastMessageWasJSON = error.dataValue("reason") != .string("nul_in_key")
      }
      guard let response = run(message, context: context, outbox: &outbox) else { return .none }
      outbox.send { response.write(into: &$0, result: result) }
      result.shrinkIfHuge(to: 1 << 12)
      return .single(response.id)
    case .batch(let messages):
      guard messages.count <= maxBatch else {
        context.countRequest()
        let error = ResponseError(
          code: .limitExceeded,
          message:
            "The batch has \(messages.count) entries; the limit is \(maxBatch) (set by"
            + " --max-batch).",
          data: [
            ("name", .string("maxBatch")), ("limit", .int(maxBatch)),
            ("value", .int(messages.count)),
          ])
        outbox.send { Self.writeError(error, id: .null, into: &$0) }
        return .single(.null)
      }
      var responses = batch
      batch = JSONWriter()
      responses.clear()
      responses.beginArray()
      var ids: [RequestID] = []
      // The responses before a commit point (their text after "["), and how many.
      var committed: (text: [UInt8], count: Int)?
      for (index, entry) in messages.enumerated() where exitStatus == nil {
        if let response = run(entry, context: context, outbox: &outbox) {
          response.write(into: &responses, result: result)
          ids.append(response.id)
        }
        if context.endedCommitGroup, index < messages.count - 1 {
          committed = (responses.withBytes(from: 1) { Array($0) }, ids.count)
          context.startCommitGroup(lifecycle: lifecycle, outbox: &outbox)
        }
      }
      responses.endArray()
      if !ids.isEmpty { outbox.send(built: responses) }
      // Kept for the next batch (the outbox has a copy).
      responses.shrinkIfHuge(to: 0)
      batch = responses
      result.shrinkIfHuge(to: 1 << 12)
      if let committed, committed.count > 0 {
        return .partlyCommittedBatch(
          committed: committed.text, rest: Array(ids[committed.count...]))
      }
      return ids.isEmpty ? .none : .batch(ids)
    }
  }

  /// Sends `error` again for every response of `replies` (in place of what they said).
  public static func answer(_ replies: [Reply], with error: ResponseError, outbox: inout Outbox) {
    for reply in replies {
      switch reply {
      case .none: break
      case .single(let id): outbox.send { writeError(error, id: id, into: &$0) }
      case .batch(let ids):
        outbox.send { writer in
          writer.beginArray()
          for id in ids { writeError(error, id: id, into: &writer) }
          writer.endArray()
        }
      case .partlyCommittedBatch(let committed, let rest):
        outbox.send { writer in
          writer.beginArray()
          writer.raw(bytes: committed)
          for id in rest { writeError(error, id: id, into: &writer) }
          writer.endArray()
        }
      }
    }
  }

  /// Puts the lifecycle back (a failed commit undid the `shutdown` that changed it). An
  /// `exit` of the undone group still ends the process (it is about the process, not the
  /// state, and the messages after it were not read), with the status the lifecycle now
  /// gives: 0 only after a `shutdown` that stands.
  public mutating func restore(lifecycle: Lifecycle) {
    self.lifecycle = lifecycle
    if exitStatus != nil { exitStatus = lifecycle == .shutDown ? 0 : 1 }
  }

  /// Answers a message that was skipped for its size; `id`: read as its bytes went by.
  public func refuseTooLarge(
    limit: Int, id: RequestID, context: any DispatchContext, outbox: inout Outbox
  ) {
    context.countRequest()
    log(.info, "skipped a message larger than \(limit) bytes")
    outbox.send { Self.writeError(.tooLarge(limit: limit), id: id, into: &$0) }
  }

  /// Answers an LSP header block that could not be used.
  public func refuseBadHeader(_ reason: String, context: any DispatchContext, outbox: inout Outbox)
  {
    context.countRequest()
    log(.info, "bad LSP header: \(reason)")
    let error = ResponseError(
      code: .parseError, message: "Parse error: \(reason).",
      data: [("reason", .string("bad_header")), ("detail", .string(reason))])
    outbox.send { Self.writeError(error, id: .null, into: &$0) }
  }

  /// A response to write once the call's events are out.
  private struct Response {
    let id: RequestID
    let error: ResponseError?

    func write(into writer: inout JSONWriter, result: JSONWriter) {
      guard let error else {
        writer.fragment("{\"jsonrpc\":\"2.0\",\"id\":")
        id.write(into: &writer)
        writer.key("result")
        writer.append(result)
        writer.endObject()
        return
      }
      Dispatcher.writeError(error, id: id, into: &writer)
    }
  }

  /// Runs one call and sends the events it caused; returns the response it owes (nil for a
  /// notification).
  private mutating func run(_ message: Message, context: any DispatchContext, outbox: inout Outbox)
    -> Response?
  {
    context.countRequest()
    switch message {
    case .invalid(let id, let error):
      return Response(id: id, error: error)
    case .call(let id, let method, let params):
      result.clear()
      var failure: ResponseError?
      do {
        try call(method, params: params, context: context)
      } catch {
        failure = error
      }
      // LSP lets a server ignore `$/…` notifications it does not know, and `initialized`
      // needs no answer: editors send them all the time, so they are not warnings (nor
      // after `shutdown`, when any method fails first for being too late). Nor are LSP's
      // document and workspace notifications, which editors send unasked.
      // (Asked of notifications alone: the generic `starts(with:)` cost a request ≈140
      // instructions.)
      let ignorable =
        id == nil
        && (method.utf8.starts(with: "$/".utf8) || method == "initialized"
          || MethodTable.languageServerNotifications.contains(method))
      // Neither those notifications nor `initialize` (answered or refused) let restored
      // alerts compete: LSP allows no event before the answer to `initialize`, and a shell
      // on an editor's LSP client must still be able to cancel old alerts first
      // (docs/protocol.md#after-a-restart). Nor a `shutdown` or an `exit` that is taken:
      // after them the engine only ends, so what they showed would be seen by no one, and
      // their shows would count against their limits (a refused one fails like any request,
      // and releases them). Nor a notification of a method the engine does not have: an
      // editor's LSP client sends its own (`workspace/didChangeConfiguration` on connecting,
      // `textDocument/did…`), which ask nothing of the engine and come before the shell's
      // first request. Nor anything after a `shutdown` (refused with -32003: it too would
      // show them to no one, after the answer that promised no more events).
      let foreign = id == nil && failure?.code == .methodNotFound
      // A `shutdown` taken has set the lifecycle, which also covers what follows it; an
      // `exit` may be taken before any `shutdown` (status 1).
      let ending = lifecycle == .shutDown || (failure == nil && method == "exit")
      if !ignorable, !foreign, !ending, method != "initialize" {
        context.didApplyCall()
      }
      context.sendEvents(into: &outbox)
      guard let id else {
        if let failure {
          log(ignorable ? .debug : .warn, "notification \"\(method)\" failed: \(failure.message)")
        }
        return nil
      }
      return Response(id: id, error: failure)
    }
  }

  private mutating func call(_ name: String, params: RequestParams, context: any DispatchContext)
    throws(ResponseError)
  {
    if lifecycle == .shutDown, name != "exit" {
      throw .invalidState(
        reason: "shut_down",
        message: "The engine is shut down; only \"exit\" is accepted now.")
    }
    guard let position = table.position(of: name) else {
      throw .methodNotFound(name, suggestion: table.nearest(to: name))
    }
    let object: JSONValue?
    switch params {
    case .none: object = nil
    case .byName(let value): object = value
    case .byPosition:
      throw .invalidParams(
        path: "", expected: "an object of named parameters",
        message: "params must be an object of named parameters, not an array.")
    }
    let method = table.methods[position]
    try method.run(context, try Params(object, names: method.names), &result)
    switch name {
    case "shutdown": lifecycle = .shutDown
    case "exit": exitStatus = lifecycle == .shutDown ? 0 : 1
    default: break
    }
  }

  // MARK: Outgoing

  public static func writeError(
    _ error: ResponseError, id: RequestID, into writer: inout JSONWriter
  ) {
    writer.beginObject()
    writer.key("jsonrpc")
    writer.string("2.0")
    writer.key("id")
    id.write(into: &writer)
    writer.key("error")
    error.write(into: &writer)
    writer.endObject()
  }

  /// `{"jsonrpc":"2.0","method":…,"params":{…}}`.
  public static func writeEvent(_ event: some OutgoingEvent, into writer: inout JSONWriter) {
    writer.fragment("{\"jsonrpc\":\"2.0\",\"method\":")
    writer.string(event.method)
    writer.key("params")
    writer.beginObject()
    event.writeParams(to: &writer)
    writer.endObject()
    writer.endObject()
  }
}
