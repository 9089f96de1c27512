import OrdoJSON

/// A method's parameters, decoded from the request's `params`.
public protocol MethodParams: SendableMetatype {
  /// The member names `params` may contain; any other is refused with -32602.
  static var names: [String] { get }
  init(_ params: Params) throws(ResponseError)
}

/// The parameters of a method that takes none.
public struct NoParams: MethodParams {
  public static let names: [String] = []
  public init(_ params: Params) {}
  public init() {}
}

/// The methods a `Dispatcher` serves: each a typed handler (decoded params in, a value that
/// writes itself out, or a `ResponseError`), registered once by name.
///
/// Not generic over the context (handlers cast it back): a generic dispatcher instantiated
/// from another module pays runtime metadata lookups on every message (≈1 400 instructions
/// per `engine.ping` under callgrind).
public struct MethodTable: Sendable {
  /// One registered method, its types erased. (A class: running one retains one object, not
  /// each of its members.)
  public final class Method: Sendable {
    public let name: String
    public let parameterNames: [String]
    let names: ParamNames
    /// Decodes the params, runs the handler and writes its result.
    let run: @Sendable (AnyObject, Params, inout JSONWriter) throws(ResponseError) -> Void

    init(
      name: String, parameterNames: [String], names: ParamNames,
      run: @escaping @Sendable (AnyObject, Params, inout JSONWriter) throws(ResponseError) -> Void
    ) {
      self.name = name
      self.parameterNames = parameterNames
      self.names = names
      self.run = run
    }
  }

  public private(set) var methods: [Method] = []
  /// The methods' names laid out for lookup by UTF-8 (no `String` hash per message).
  private var index = ParamNames([])

  public init() {}

  /// The names of the methods, in registration order.
  public var names: [String] { methods.map(\.name) }

  /// Registers `name` for contexts of type `Context`; the handler gets `P` decoded from
  /// `params` and returns the result.
  ///
  /// Inlinable so that the closure below is built, and specialized for `P` and `R`, in the
  /// module that registers: built here, it would be generic code run on every request,
  /// calling `P.init`, `R.write` and the copies and destroys of both through witness tables
  /// (about 1 000 instructions per `alert.enqueue` under callgrind).
  @inlinable
  public mutating func register<
    Context: AnyObject, P: MethodParams, R: JSONWritable & SendableMetatype
  >(
    _ name: String, context: Context.Type, _ params: P.Type,
    _ handler: @escaping @Sendable (Context, P) throws(ResponseError) -> R
  ) {
    append(name, parameterNames: P.names) { context, params, writer throws(ResponseError) in
      let result = try handler(unsafeDowncast(context, to: Context.self), try P(params))
      result.write(to: &writer)
    }
  }

  /// Adds a method whose `run` decodes, handles and writes.
  @usableFromInline
  mutating func append(
    _ name: String, parameterNames: [String],
    run: @escaping @Sendable (AnyObject, Params, inout JSONWriter) throws(ResponseError) -> Void
  ) {
    precondition(position(of: name) == nil, "method \(name) registered twice")
    methods.append(
      Method(
        name: name, parameterNames: parameterNames, names: ParamNames(parameterNames), run: run))
    index = ParamNames(methods.map(\.name))
  }

  /// LSP 3.17's notifications from a client to a server about documents, workspaces and
  /// progress, which an editor's LSP client sends whatever the server's `capabilities` say
  /// (lsp-mode's `textDocument/didOpen`, Eglot's and Neovim's
  /// `workspace/didChangeConfiguration`). Ordo has none of them: they fail with -32601,
  /// logged at `debug` only, like `$/…` (docs/protocol.md#json-rpc-20).
  public static let languageServerNotifications: Set<String> = [
    "textDocument/didOpen", "textDocument/didChange", "textDocument/willSave",
    "textDocument/didSave", "textDocument/didClose", "notebookDocument/didOpen",
    "notebookDocument/didChange", "notebookDocument/didSave", "notebookDocument/didClose",
    "workspace/didChangeConfiguration", "workspace/didChangeWatchedFiles",
    "workspace/didChangeWorkspaceFolders", "workspace/didCreateFiles",
    "workspace/didRenameFiles", "workspace/didDeleteFiles", "window/workDoneProgress/cancel",
  ]

  /// The one method `name` looks like a slip of, for a -32601's hint: the same name in
  /// another case (`Layer.Add`), or the only one at the least edit distance, at most 2
  /// (`layer.ad`, `alert.enque`); nil when none is, or two are as near. LSP's own names
  /// (`initialized` in any case, `$/…`) get none: they are another protocol's, not slips;
  /// nor do slips as near to `initialized` as to the method (`initialised`). Names longer
  /// than 64 bytes get none (the hint is for typing slips, and this costs their length
  /// squared).
  /// - Complexity: O(m × l²) for m methods of length l, on the error path only.
  public func nearest(to name: String) -> String? {
    let given = Array(name.utf8)
    let folded = name.lowercased()
    guard given.count <= 64, folded != "initialized", !name.hasPrefix("$/") else { return nil }
    if let same = methods.first(where: { $0.name.lowercased() == folded }) { return same.name }
    // A method named without its namespace (`enqueue`, `Ping`): the one that ends so.
    if !name.contains(".") {
      let ending = methods.filter { $0.name.lowercased().hasSuffix("." + folded) }
      if ending.count == 1 { return ending[0].name }
    }
    guard let (best, distance) = Self.onlyNearest(to: given, among: methods.lazy.map(\.name))
    else { return nil }
    // A slip of LSP's `initialized` notification (`initialised`) is not one of `initialize`:
    // calling that again is not what it meant.
    if Self.editDistance(given, Array("initialized".utf8), atMost: distance) <= distance {
      return nil
    }
    return best
  }

  /// The one of `names` at the least edit distance from `given`, at most 2, with that
  /// distance; nil when none is within 2 or two are as near. `accepts` (distance, the
  /// longer length in bytes) may turn a name down before it counts.
  private static func onlyNearest(
    to given: [UInt8], among names: some Sequence<String>,
    accepts: (Int, Int) -> Bool = { _, _ in true }
  ) -> (name: String, distance: Int)? {
    var best: String?
    var bestDistance = 3
    var tied = false
    for name in names {
      let bytes = Array(name.utf8)
      let distance = editDistance(given, bytes, atMost: 2)
      guard distance <= 2, accepts(distance, max(given.count, bytes.count)) else { continue }
      if distance < bestDistance {
        (best, bestDistance, tied) = (name, distance, false)
      } else if distance == bestDistance {
        tied = true
      }
    }
    guard let best, !tied else { return nil }
    return (best, bestDistance)
  }

  /// The Levenshtein distance of `a` and `b` (insertions, deletions, substitutions), or
  /// `atMost + 1` when it is greater than `atMost`.
  static func editDistance(_ a: [UInt8], _ b: [UInt8], atMost: Int) -> Int {
    if abs(a.count - b.count) > atMost { return atMost + 1 }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      var rowBest = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
        rowBest = min(rowBest, current[j])
      }
      // Every later row is at least this row's least.
      if rowBest > atMost { return atMost + 1 }
      swap(&previous, &current)
    }
    return min(previous[b.count], atMost + 1)
  }

  /// The one of `names` that the parameter `name` looks like a slip of, for an unknown
  /// key's hint: the same name in another case or with `_` or `-` between its words
  /// (`delay_ms`, `DelayMs` for `delayMs`), or the only one at the least edit distance, at
  /// most 2 and at most a third of the longer name (`priorty`; not `x` for `y`). nil when
  /// none is, two are as near, or the key is over 64 bytes.
  /// - Complexity: O(n × l²) for n names of length l, on the error path only.
  public static func nearest(to name: String, among names: [String]) -> String? {
    guard name.utf8.count <= 64 else { return nil }
    func folded(_ text: String) -> String {
      String(text.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" })
    }
    let key = folded(name)
    let same = names.filter { folded($0) == key }
    if !same.isEmpty { return same.count == 1 ? same[0] : nil }
    return onlyNearest(to: Array(name.utf8), among: names) { distance, longer in
      distance * 3 <= longer
    }?.name
  }

  /// The position of the method named `name`.
  /// - Complexity: O(1) expected, plus the length of the name.
  public func position(of name: String) -> Int? {
    var name = name
    return name.withUTF8 { index.index(of: $0) }
  }
}
