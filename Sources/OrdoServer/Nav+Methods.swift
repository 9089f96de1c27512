import OrdoCoding
import OrdoCore
import OrdoJSON
import OrdoRPC

/// `nav.*`: the page stack the shell reports (docs/protocol.md#navigation).
extension Engine {
  static func registerNavMethods(in table: inout MethodTable) {
    table.add("nav.push", ScopeParams.self) { engine, p throws(ResponseError) in
      try core { () throws(CoreError) in try engine.screen.navPush(scope: p.scope) }
    }
    table.add("nav.pop", NoParams.self) { engine, _ throws(ResponseError) in
      try core { () throws(CoreError) in try engine.screen.navPop() }
    }
    table.add("nav.set", StackParams.self) { engine, p throws(ResponseError) in
      try core { () throws(CoreError) in try engine.screen.navSet(stack: p.stack) }
    }
    table.add("nav.get", NoParams.self) { engine, _ throws(ResponseError) in
      try engine.query { (screen) in screen.nav }
    }
  }

  struct ScopeParams: MethodParams {
    static let names = ["scope"]
    let scope: String
    init(_ params: Params) throws(ResponseError) { scope = try params.requiredID("scope") }
  }

  struct StackParams: MethodParams {
    static let names = ["stack"]
    let stack: [String]

    init(_ params: Params) throws(ResponseError) {
      guard let stack = try params.strings("stack", ids: true) else {
        throw params.missing("stack", expected: "an array of scope strings")
      }
      self.stack = stack
    }
  }
}
