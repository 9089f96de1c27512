import OrdoJSON
import OrdoRPC
import Testing

@Suite struct ParamsTests {
  static func params(_ text: String, allowed: [String]) throws(ResponseError) -> Params {
    guard case .success(let document) = JSONDocument.parse(text) else {
      fatalError("test input must be JSON")
    }
    return try Params(document.value, allowed: allowed)
  }

  @Test func unknownMemberIsRefusedWithItsPointer() {
    #expect(throws: ResponseError.self) { try Self.params(#"{"a/b":1}"#, allowed: ["a"]) }
    do {
      _ = try Self.params(#"{"a/b":1}"#, allowed: ["a"])
    } catch {
      #expect(error.dataValue("path") == .string("/a~1b"))
    }
  }

  /// The message quotes the key as sent, after its object's place: `{"":1}` was named
  /// "params" (the dotted form of the pointer "/"), a key "0" in `frame` read as
  /// `frame[0]`, an index, and "a/b" as its escape `a~1b`. A long key is cut in the message
  /// (the path holds it whole).
  @Test(arguments: [
    ("", "", "/", "\"\""), ("", "a/b", "/a~1b", "\"a/b\""),
    ("/frame", "0", "/frame/0", "\"frame.0\""),
    ("/frame", "~x", "/frame/~0x", "\"frame.~x\""),
    (
      "", String(repeating: "k", count: 100), "/" + String(repeating: "k", count: 100),
      "\"" + String(repeating: "k", count: 64) + "…\""
    ),
  ])
  func anUnknownKeyIsQuotedAsSent(pointer: String, key: String, path: String, quoted: String) {
    guard case .success(let document) = JSONDocument.parse(#"{"\#(key)":1}"#) else {
      Issue.record("test input must be JSON")
      return
    }
    do {
      _ = try Params(document.value, allowed: ["x"], pointer: pointer)
      Issue.record("an unknown member was accepted")
    } catch {
      #expect(error.dataValue("path") == .string(path))
      #expect(error.message == "Unknown parameter \(quoted) (expected one of: x).")
    }
  }

  /// A method name is cut in the message at 64 scalars, whole in `data.method`.
  @Test func aLongMethodNameIsCutInTheMessageOnly() {
    let name = String(repeating: "m", count: 70)
    let error = ResponseError.methodNotFound(name)
    #expect(error.message == "Method not found: \"\(String(repeating: "m", count: 64))…\".")
    #expect(error.dataValue("method") == .string(name))
    #expect(ResponseError.methodNotFound("abc").message == "Method not found: \"abc\".")
    // Whole up to 64 scalars (docs/protocol.md: "whole up to 64"), cut from 65.
    let exact = String(repeating: "é", count: 64)
    #expect(ResponseError.shown(exact) == exact)
    #expect(ResponseError.shown(exact + "x") == exact + "…")
  }

  /// Escaped by scalars: a `/` or `~` followed by a combining accent (one `Character` with
  /// it) was left as it was, and the pointer named another path.
  @Test func aSlashOrTildeBeforeACombiningMarkIsEscaped() {
    #expect(JSONPointer.escape("a/\u{301}b~\u{301}") == "a~1\u{301}b~0\u{301}")
    #expect(JSONPointer.escape("caf\u{E9}") == "caf\u{E9}")
    do {
      _ = try Self.params(#"{"a/\#u{301}b":1}"#, allowed: ["a"])
      Issue.record("an unknown member was accepted")
    } catch {
      #expect(error.dataValue("path") == .string("/a~1\u{301}b"))
    }
  }

  /// A message names an array element `frame[2]`, and a member `frame.½`: "½" and "٣" are
  /// numbers to `Character.isNumber`, not indexes.
  @Test func onlyASCIIDigitsAreShownAsAnIndex() {
    #expect(Params.dotted("/ids/2") == "ids[2]")
    #expect(Params.dotted("/ids/0123456789") == "ids[0123456789]")
    #expect(Params.dotted("/frame/\u{BD}") == "frame.\u{BD}")
    #expect(Params.dotted("/frame/\u{663}") == "frame.\u{663}")
    // Split by scalars: "/" and a combining mark after it are one Character, no "/".
    #expect(Params.dotted("/\u{301}q") == "\u{301}q")
    #expect(Params.dotted("/frame/\u{301}z") == "frame.\u{301}z")
  }

  /// A required member left out, or null, is said to be required, not to be of a wrong
  /// type; the path and `expected` are the same either way.
  @Test(arguments: ["{}", #"{"name":null}"#])
  func aRequiredMemberLeftOutIsSaidToBeRequired(text: String) throws {
    let params = try Self.params(text, allowed: ["name"])
    do {
      _ = try params.requiredString("name")
      Issue.record("took no name")
    } catch {
      #expect(error.message == "name is required (a string).")
      #expect(error.dataValue("path") == .string("/name"))
      #expect(error.dataValue("expected") == .string("a string"))
    }
  }

  /// A name is found by a signature of its length and three bytes: a key 256 bytes longer
  /// than a name, with the same first, middle and last bytes, had the same signature, and
  /// was compared byte for byte past the end of the stored name.
  @Test func aKeyLongerThanAnyNameIsNoName() {
    let names = ParamNames(["x", "id"])
    for length in [258, 514, 256 + 1] {
      var key = [UInt8](repeating: UInt8(ascii: "d"), count: length)
      key[0] = UInt8(ascii: length == 257 ? "x" : "i")
      key.withUnsafeBufferPointer { #expect(names.index(of: $0) == nil) }
    }
    Array("id".utf8).withUnsafeBufferPointer { #expect(names.index(of: $0) == 1) }
    Array("x".utf8).withUnsafeBufferPointer { #expect(names.index(of: $0) == 0) }
    #expect(throws: ResponseError.self) {
      try Self.params(#"{"i\#(String(repeating: "d", count: 257))":1}"#, allowed: ["id"])
    }
  }

  @Test func integersAcceptWholeRealsAndRefuseUnsafeOnes() throws {
    let params = try Self.params(
      #"{"a":1.0,"b":9007199254740992,"c":-9007199254740991,"d":"1","e":-9223372036854775808}"#,
      allowed: ["a", "b", "c", "d", "e"])
    #expect(try params.integer("a") == 1)
    #expect(try params.integer("c") == -9_007_199_254_740_991)
    #expect(throws: ResponseError.self) { try params.integer("b") }
    #expect(throws: ResponseError.self) { try params.integer("d") }
    #expect(throws: ResponseError.self) { try params.integer("e") }
    #expect(try params.integer("missing") == nil)
  }

  @Test func idsAreOneTo256Characters() throws {
    let long = String(repeating: "é", count: 256)
    let params = try Self.params(
      #"{"ok":"\#(long)","empty":"","long":"\#(long)x"}"#, allowed: ["ok", "empty", "long"])
    #expect(try params.id("ok") == long)
    #expect(throws: ResponseError.self) { try params.id("empty") }
    #expect(throws: ResponseError.self) { try params.id("long") }
  }

  @Test func nestedObjectsReportNestedPaths() throws {
    let params = try Self.params(#"{"frame":{"x":1,"width":-1}}"#, allowed: ["frame"])
    let frame = try #require(try params.object("frame", allowed: ["x", "y", "width", "height"]))
    do {
      _ = try frame.number("width", minimum: 0)
      Issue.record("negative width accepted")
    } catch {
      #expect(error.dataValue("path") == .string("/frame/width"))
      #expect(error.message == "frame.width must be a number >= 0.")
    }
  }

  @Test func anObjectGivenAsAnotherValueNamesItsMembers() throws {
    let params = try Self.params(#"{"point":5,"limit":[1]}"#, allowed: ["point", "limit"])
    for (name, message) in [
      ("point", "point must be an object (members: x, y)."),
      ("limit", "limit must be an object (members: max, windowMs)."),
    ] {
      do {
        _ =
          try name == "point"
          ? params.object("point", allowed: ["x", "y"])
          : params.object("limit", names: ParamNames(["max", "windowMs"]))
        Issue.record("\(name) accepted")
      } catch {
        #expect(error.message == message)
        #expect(error.dataValue("expected") == .string("an object"))
        #expect(error.dataValue("path") == .string("/\(name)"))
      }
    }
  }

  @Test func nullReadsAsAbsentButIsVisibleAsAMember() throws {
    let params = try Self.params(#"{"parent":null}"#, allowed: ["parent"])
    #expect(try params.string("parent") == nil)
    #expect(params.member("parent")?.isNull == true)
    #expect(params.contains("parent"))
  }
}
