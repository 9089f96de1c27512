import Foundation
import OrdoJSON
import OrdoServer
import Testing

/// The engine clock (docs/protocol.md#clock) through the binary.
@Suite struct ClockTests {
  @Test func manualClockMovesOnlyByAdvance() throws {
    let engine = try EngineProcess(["--clock", "manual"])
    let now = try engine.call(#"{"jsonrpc":"2.0","id":1,"method":"clock.now"}"#)
    #expect(now["result"]?["now"]?.integer == 0)
    #expect(now["result"]?["mode"]?.string == "manual")
    let advanced = try engine.call(
      #"{"jsonrpc":"2.0","id":2,"method":"clock.advance","params":{"ms":250}}"#)
    #expect(advanced["result"]?["now"]?.integer == 250)
    let again = try engine.call(
      #"{"jsonrpc":"2.0","id":3,"method":"clock.advance","params":{"ms":0}}"#)
    #expect(again["result"]?["now"]?.integer == 250)
    let ping = try engine.call(#"{"jsonrpc":"2.0","id":4,"method":"engine.ping"}"#)
    #expect(ping["result"]?["at"]?.integer == 250)
    let reset = try engine.call(#"{"jsonrpc":"2.0","id":5,"method":"engine.reset"}"#)
    #expect(reset["result"]?.isNull == true)
    let after = try engine.call(#"{"jsonrpc":"2.0","id":6,"method":"clock.now"}"#)
    #expect(after["result"]?["now"]?.integer == 0)
    #expect(after["result"]?["mode"]?.string == "manual")
  }

  @Test func advanceOnTheSystemClockIsInvalidState() throws {
    let engine = try EngineProcess()
    let response = try engine.call(
      #"{"jsonrpc":"2.0","id":1,"method":"clock.advance","params":{"ms":5}}"#)
    #expect(response["error"]?["code"]?.integer == -32003)
    #expect(response["error"]?["data"]?["reason"]?.string == "system_clock")
    let now = try engine.call(#"{"jsonrpc":"2.0","id":2,"method":"clock.now"}"#)
    #expect(now["result"]?["mode"]?.string == "system")
  }

  @Test func initializeChoosesTheClock() throws {
    let engine = try EngineProcess()
    _ = try engine.call(
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clock":"manual"}}"#)
    let now = try engine.call(#"{"jsonrpc":"2.0","id":2,"method":"clock.now"}"#)
    #expect(now["result"]?["now"]?.integer == 0)
    #expect(now["result"]?["mode"]?.string == "manual")
    let bad = try engine.call(
      #"{"jsonrpc":"2.0","id":3,"method":"initialize","params":{"clock":"sundial"}}"#)
    #expect(bad["error"]?["data"]?["path"]?.string == "/clock")
  }

  @Test func systemClockIsMonotonicMilliseconds() throws {
    let engine = try EngineProcess()
    let first = try engine.call(#"{"jsonrpc":"2.0","id":1,"method":"clock.now"}"#)
    let second = try engine.call(#"{"jsonrpc":"2.0","id":2,"method":"clock.now"}"#)
    let a = try #require(first["result"]?["now"]?.integer)
    let b = try #require(second["result"]?["now"]?.integer)
    #expect(a >= 0 && b >= a)
  }
}

/// The server's method table and `schema/openrpc.json` describe the same methods.
@Suite struct SchemaAgreementTests {
  static var repositoryRoot: String {
    var path = #filePath
    for _ in 0..<3 {
      if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) }
    }
    return path
  }

  static func loadSchema() throws -> JSONValue {
    let path = repositoryRoot + "/schema/openrpc.json"
    let text = try #require(readTextFile(path), "cannot read \(path)")
    switch JSONDocument.parse(text) {
    case .success(let document): return document.value
    case .failure(let failure): throw failure
    }
  }

  /// (The engine's own version is the VERSION file, embedded when it is built; the clients'
  /// are checked against it by the dist suite.)
  @Test func theSchemaAndTheVersionFileShareOneVersion() throws {
    let schema = try Self.loadSchema()
    let file = try #require(readTextFile(Self.repositoryRoot + "/VERSION"))
    let version = file.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(schema["info"]?["version"]?.string == version)
  }

  @Test func everySchemaMethodIsServedAndEveryServedMethodIsInTheSchema() throws {
    let schema = try Self.loadSchema()
    let methods = try #require(schema["methods"])
    var schemaNames: [String] = []
    for index in 0..<methods.count {
      schemaNames.append(try #require(methods[index]?["name"]?.string))
    }
    #expect(Set(schemaNames).count == schemaNames.count, "duplicate method in the schema")
    #expect(Set(schemaNames) == Set(Engine.methodNames))
  }

  @Test func everyMethodAcceptsExactlyTheSchemaParams() throws {
    let schema = try Self.loadSchema()
    let methods = try #require(schema["methods"])
    for index in 0..<methods.count {
      let method = try #require(methods[index])
      let name = try #require(method["name"]?.string)
      let params = try #require(method["params"])
      let schemaParams = Set((0..<params.count).compactMap { params[$0]?["name"]?.string })
      let served = Set(Engine.methodParameters[name] ?? [])
      #expect(schemaParams == served, "\(name): schema \(schemaParams) vs server \(served)")
    }
  }

  @Test func discoverServesTheRepositoryDocument() throws {
    let schema = try Self.loadSchema()
    let engine = try EngineProcess()
    let response = try engine.call(#"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"#)
    let served = try #require(response["result"])
    #expect(served.compactText == schema.compactText)
  }
}
