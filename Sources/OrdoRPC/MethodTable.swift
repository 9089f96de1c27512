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

  /// The position of the method named `name`.
  /// - Complexity: O(1) expected, plus the length of the name.
  public func position(of name: String) -> Int? {
    var name = name
    return name.withUTF8 { index.index(of: $0) }
  }
}
