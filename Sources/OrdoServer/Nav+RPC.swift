import OrdoCore
import OrdoRPC

extension Server {
  /// `nav.*`: the page stack the shell reports (SPEC §4 "Navigation").
  static let navMethods: [(String, Method)] = [
    (
      "nav.push",
      Method(params: ["scope"]) { server, params throws(ResponseError) in
        let scope = try params.requiredID("scope")
        let now = server.now
        server.writeNavigation(
          try core { () throws(CoreError) in try server.screen.navPush(scope: scope, now: now) })
      }
    ),
    (
      "nav.pop",
      Method(params: []) { server, _ throws(ResponseError) in
        let now = server.now
        server.writeNavigation(
          try core { () throws(CoreError) in try server.screen.navPop(now: now) })
      }
    ),
    (
      "nav.set",
      Method(params: ["stack"]) { server, params throws(ResponseError) in
        guard let stack = try params.strings("stack", ids: true) else {
          throw params.missing("stack", expected: "an array of scope strings")
        }
        let now = server.now
        server.writeNavigation(
          try core { () throws(CoreError) in try server.screen.navSet(stack: stack, now: now) })
      }
    ),
    ("nav.get", Method(params: []) { server, _ in server.writeNavigation(server.screen.nav) }),
  ]

  func writeNavigation(_ navigation: Navigation) {
    result.beginObject()
    result.key("stack")
    result.strings(navigation.stack)
    result.key("active")
    result.string(navigation.active)
    result.endObject()
  }
}
