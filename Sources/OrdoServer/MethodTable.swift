import OrdoRPC

extension Server {
  /// Every method, namespace by namespace, in the order `initialize` lists them.
  static let methodList: [(String, Method)] =
    engineMethods + clockMethods + layerMethods + alertMethods + navMethods + eventsMethods

  /// The names of every method the engine serves.
  public static var methodNames: [String] { methodList.map(\.0) }

  /// The parameter names each method accepts (checked against the schema by the tests).
  public static var methodParameters: [String: [String]] {
    Dictionary(uniqueKeysWithValues: methodList.map { ($0.0, $0.1.params) })
  }

  static func methodTable() -> [String: Method] {
    Dictionary(uniqueKeysWithValues: methodList)
  }
}
