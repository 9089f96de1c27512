import Testing

@testable import OrdoServer

/// `ordo replay` takes output lines in the recorder's own shape without parsing them, and
/// confirms them after the replay (`Trace.parse`). Whatever a trace holds, the outcome must be
/// the one of parsing every line: the same verdict, or the same error.
@Suite struct ReplayTests {
  static let header = #"{"ordo":"0.2.0","args":["--clock","manual"],"startedWallAt":0}"#

  static let requests = [
    #"{"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"a","data":{"n":[1,2.5,"é"]}}}"#,
    #"{"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"b","priority":3}}"#,
    #"{"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":"x","sort":7}}"#,
    #"[{"jsonrpc":"2.0","id":4,"method":"engine.ping"},{"jsonrpc":"2.0","id":5,"method":"alert.list"}]"#,
    #"{"jsonrpc":"2.0","id":6,"method":"alert.complete","params":{"id":"a","result":{"ok":true}}}"#,
    #"{"jsonrpc":"2.0","id":7,"method":"clock.advance","params":{"ms":25}}"#,
    #"{"jsonrpc":"2.0","id":8,"method":"layer.list"}"#,
  ]

  /// A trace of `requests` with the outputs this engine writes for them, each line in the
  /// recorder's shape.
  static func recordedTrace() throws -> [String] {
    var lines = [header]
    // The first input says the framing, as the recorder writes it.
    let inputs = requests.enumerated().map { number, request in
      number == 0
        ? #"{"dir":"in","at":0,"framing":"ndjson","msg":\#(request)}"#
        : #"{"dir":"in","at":0,"msg":\#(request)}"#
    }
    let run = try Replay.run(Trace.parse(bytes([header] + inputs), name: "t"), keepsOutputs: true)
    var next = 0
    for (number, input) in inputs.enumerated() {
      lines.append(input)
      while next < run.outputs.count, run.outputs[next].afterInput == number + 1 {
        lines.append(
          #"{"dir":"out","at":0,"msg":\#(String(decoding: run.outputs[next].text, as: UTF8.self))}"#
        )
        next += 1
      }
    }
    return lines
  }

  /// The verdict, or the error, of replaying `bytes`.
  static func outcome(_ bytes: [UInt8], readsEveryLine: Bool) -> String {
    do {
      let trace = try Trace.parse(bytes, name: "t", readsEveryLine: readsEveryLine)
      let verdict = Replay.verdict(try Replay.run(trace))
      return "\(verdict.status) \(verdict.text)"
    } catch {
      return "error \(error)"
    }
  }

  static func bytes(_ lines: [String]) -> [UInt8] {
    Array((lines.joined(separator: "\n") + "\n").utf8)
  }

  @Test func aRecordedTraceIsReadWithoutParsingItsOutputs() throws {
    let lines = try Self.recordedTrace()
    let trace = try Trace.parse(Self.bytes(lines), name: "t")
    let outputs = lines.count - 1 - Self.requests.count
    #expect(outputs >= Self.requests.count)
    // Every line but the header and the first input, which says the framing.
    #expect(trace.unparsedLines.count == lines.count - 2)
    #expect(trace.unparsedLines.count { $0.isInput } == Self.requests.count - 1)
    let run = try Replay.run(trace)
    #expect(trace.confirms(run))
    #expect(Replay.verdict(run).status == 0)
    #expect(Self.outcome(Self.bytes(lines), readsEveryLine: true) == "0 identical\n")
  }

  /// `moreSystemAt` lines put their switches before the last input, after its own
  /// (`systemAt`) and those of earlier such lines, whatever lines come between (they were
  /// inserted one line at a time, scanning back to the input: quadratic).
  @Test func moreSystemAtSwitchesGoBeforeTheLastInputInOrder() throws {
    let lines = [
      Self.header,
      #"{"dir":"in","at":0,"framing":"ndjson","msg":\#(Self.requests[0])}"#,
      #"{"dir":"in","at":0,"systemAt":[1,2],"msg":\#(Self.requests[1])}"#,
      #"{"dir":"out","at":0,"msg":{"jsonrpc":"2.0","id":2,"result":null}}"#,
      #"{"dir":"in","at":3,"moreSystemAt":[3]}"#,
      #"{"dir":"out","at":0,"msg":{"jsonrpc":"2.0","id":2,"result":null}}"#,
      #"{"dir":"in","at":4,"moreSystemAt":[4,5]}"#,
      #"{"dir":"in","at":0,"msg":\#(Self.requests[2])}"#,
      #"{"dir":"in","at":6,"moreSystemAt":[6]}"#,
    ]
    for readsEveryLine in [false, true] {
      let trace = try Trace.parse(Self.bytes(lines), name: "t", readsEveryLine: readsEveryLine)
      let shape = trace.records.map { record -> String in
        switch record {
        case .input: "in"
        case .output: "out"
        case .switchToSystem(let at): "s\(at)"
        }
      }
      #expect(shape == ["in", "s1", "s2", "s3", "s4", "s5", "in", "out", "out", "s6", "in"])
    }
    let orphan = [Self.header, #"{"dir":"in","at":3,"moreSystemAt":[3]}"#]
    #expect(
      Self.outcome(Self.bytes(orphan), readsEveryLine: false).contains("must follow an input"))
  }

  /// A difference whose recorded answer is a failed commit's -32005 says why it cannot
  /// repeat (a replay writes no state file); another difference does not.
  @Test func onlyAFailedCommitsAnswerGetsTheStorageNote() throws {
    let lines = try Self.recordedTrace()
    let answer = try #require(
      lines.firstIndex { $0.hasPrefix(#"{"dir":"out""#) && $0.contains(#""id":3,"#) })
    for (recorded, noted) in [
      (#"{"jsonrpc":"2.0","id":3,"result":null}"#, false),
      (#"{"jsonrpc":"2.0","id":3,"error":{"code":-32005,"message":"disk full"}}"#, true),
    ] {
      var edited = lines
      edited[answer] = #"{"dir":"out","at":0,"msg":\#(recorded)}"#
      let outcome = Self.outcome(Self.bytes(edited), readsEveryLine: false)
      #expect(outcome.hasPrefix("1 difference at output message"), "\(outcome)")
      #expect(
        outcome.contains("(the recorded answer is -32005, a commit of the state file") == noted,
        "\(outcome)")
    }
  }

  @Test func onlyTheRecordersOwnShapeIsTakenUnparsed() {
    func taken(_ line: String) -> Int64? {
      Trace.asRecorded(Array(line.utf8)[...]).map { $0.isInput ? -$0.at - 1 : $0.at }
    }
    #expect(taken(#"{"dir":"out","at":0,"msg":{}}"#) == 0)
    #expect(taken(#"{"dir":"out","at":9007199254740991,"msg":[{}]}"#) == 9_007_199_254_740_991)
    #expect(taken(#"{"dir":"out","at":9007199254740992,"msg":{}}"#) == nil)
    #expect(taken(#"{"dir":"out","at":12345678901234567,"msg":{}}"#) == nil)
    #expect(taken(#"{"dir":"out","at":01,"msg":{}}"#) == nil)
    #expect(taken(#"{"dir":"out","at":-1,"msg":{}}"#) == nil)
    #expect(taken(#"{"dir":"out","at":,"msg":{}}"#) == nil)
    #expect(taken(#"{"dir":"out","at":1.5,"msg":{}}"#) == nil)
    #expect(taken(#"{"dir":"out","at":1,"msg":"x"}"#) == nil)
    #expect(taken(#"{"dir":"out","at":1,"msg": {}}"#) == nil)
    #expect(taken(#"{"dir":"out","at":1,"msg":{}}"# + "\r") == nil)
    #expect(taken(#"{"dir":"out","at":1,"msg":{} }"#) == nil)
    #expect(taken(#"{"dir":"out","at":1,"msg":{}"#) == nil)
    #expect(taken(#"{"dir":"in","at":1,"msg":{}}"#) == -2)
    #expect(taken(#"{"dir":"in","at":0,"msg":[1]}"#) == -1)
    #expect(taken(#"{"dir":"in","at":1,"msg":"x"}"#) == nil)
    #expect(taken(#"{"dir":"in","at":1,"framing":"lsp","msg":{}}"#) == nil)
    #expect(taken(#"{"dir":"in","at":1,"msg":{},"framing":"lsp"}"#) == nil)
    #expect(taken(#"{"dir":"in","at":1,"msg":{},"framing":{}}"#) == -2)
    #expect(taken(#"{"at":1,"dir":"out","msg":{}}"#) == nil)
  }

  @Test func theFirstProblemIsSaidEvenInAnOutputTakenUnparsed() throws {
    var lines = try Self.recordedTrace()
    let output = try #require(lines.firstIndex { $0.hasPrefix(#"{"dir":"out""#) })
    lines[output] = #"{"dir":"out","at":0,"msg":{"jsonrpc":}}"#
    lines.append(#"{"dir":"up","at":0,"msg":{}}"#)
    let got = Self.outcome(Self.bytes(lines), readsEveryLine: false)
    #expect(got.hasPrefix("error t, line \(output + 1): not JSON"))
    #expect(got == Self.outcome(Self.bytes(lines), readsEveryLine: true))
  }

  /// Inputs in the recorder's shape that are not what they look like: each is replayed as
  /// parsing every line would.
  @Test func oddInputsReplayAsParsingEveryLineWould() {
    let ping = #"{"jsonrpc":"2.0","id":1,"method":"engine.ping"}"#
    let initialize = #"{"jsonrpc":"2.0","id":3,"method":"initialize","params":{}}"#
    let first = #"{"dir":"in","at":0,"msg":\#(ping)}"#
    let pong = #"{"dir":"out","at":0,"msg":{"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}}"#
    let deep = String(repeating: "[", count: 3000) + String(repeating: "]", count: 3000)
    let traces: [[String]] = [
      // No framing on the first input, then one on a later input (which is not read).
      [first, #"{"dir":"in","at":0,"framing":"lsp","msg":\#(ping)}"#],
      // (initialize answers with the session's framing)
      [first, pong, #"{"dir":"in","at":0,"framing":"lsp","msg":\#(initialize)}"#],
      [first, #"{"dir":"in","at":0,"framing":"xml","msg":\#(ping)}"#],
      [#"{"dir":"in","at":0,"msg":{},"framing":"lsp"}"#, first],
      [#"{"dir":"in","at":0,"msg":[],"framing":{}}"#, first],
      [first, #"{"dir":"in","at":0,"msg":[],"framing":[]}"#],
      [first, #"{"dir":"in","at":0,"msg":{"a":}}"#],
      [first, #"{"dir":"in","at":0,"msg":{},"dir":"out","msg":{}}"#],
      [first, #"{"dir":"in","at":0,"msg":{},"truncated":true}"#, #"{"dir":"up"}"#],
      [first, #"{"dir":"in","at":0,"msg":{"jsonrpc":"2.0","id":"\ud800","method":"x"}}"#],
      [
        first,
        #"{"dir":"in","at":0,"msg":{"jsonrpc":"2.0","id":2,"method":"engine.ping","#
          + #""params":{"a\u0000":1}}}"#,
      ],
      [first, #"{"dir":"in","at":0,"msg":\#(deep)}"#],
      [first, #"{"dir":"in","at":0,"msg":{"jsonrpc":"2.0","method":"exit"}}"#, first],
      [first, #"{"dir":"in","at":0,"msg":[\#(ping),\#(ping)]}"#],
      [first, #"{"dir":"in","at":0,"msg":{"jsonrpc":"2.0","id":1,"method":"engine.ping"} }"#],
    ]
    var outcomes: Set<String> = []
    for (number, lines) in traces.enumerated() {
      let bytes = Self.bytes([Self.header] + lines)
      let expected = Self.outcome(bytes, readsEveryLine: true)
      #expect(Self.outcome(bytes, readsEveryLine: false) == expected, "trace \(number)")
      outcomes.insert(String(expected.prefix(5)))
    }
    #expect(outcomes.contains("1 dif") && outcomes.contains("error"))
  }

  /// Outputs edited every way a person or a broken disk might: each outcome is the one of
  /// parsing every line, and the edits reach every kind of outcome.
  @Test func anEditedTraceReplaysAsParsingEveryLineWould() throws {
    let lines = try Self.recordedTrace()
    let outputLines = lines.indices.filter { lines[$0].hasPrefix(#"{"dir":"out""#) }
    var random = AtomicityTests.Generator(state: 43)
    let pieces: [[UInt8]] = [
      Array("{".utf8), Array("}".utf8), Array(",".utf8), Array("\"".utf8), Array(":".utf8),
      Array("0".utf8), Array("9".utf8), Array("\\".utf8), [0xFF], [0xC3], Array(" ".utf8),
      Array(#","dir":"in""#.utf8), Array(#","truncated":true"#.utf8),
      Array(#","msg":{"jsonrpc":"2.0","id":9,"method":"engine.ping"}"#.utf8),
      Array(#","systemAt":[1]"#.utf8), Array(#","refused":{}"#.utf8), Array("[".utf8),
    ]
    var kinds: Set<String> = []
    for round in 0..<400 {
      var edited = lines
      for _ in 0...(round % 3) {
        // Mostly outputs; an input now and then (always parsed: its problem comes after an
        // earlier output's).
        let target =
          random.next() % 4 == 0
          ? 1 + Int(random.next() % UInt64(lines.count - 1))
          : outputLines[Int(random.next() % UInt64(outputLines.count))]
        var line = Array(edited[target].utf8)
        let position = Int(random.next() % UInt64(line.count + 1))
        switch random.next() % 4 {
        case 0 where position < line.count: line.remove(at: position)
        case 1 where position < line.count:
          if (0x30...0x39).contains(line[position]) {
            line[position] = 0x30 + UInt8(random.next() % 10)
          } else {
            line.insert(contentsOf: pieces[Int(random.next() % UInt64(pieces.count))], at: position)
          }
        case 2:
          // Before the line's closing brace: a member more.
          line.insert(
            contentsOf: pieces[11 + Int(random.next() % 6)], at: max(0, line.count - 1))
        default:
          line.insert(contentsOf: pieces[Int(random.next() % UInt64(pieces.count))], at: position)
        }
        edited[target] = String(decoding: line, as: UTF8.self)
      }
      // String(decoding:) repaired invalid UTF-8: put the raw byte back in a few.
      var bytes = Self.bytes(edited)
      if round % 7 == 0, let at = bytes.firstIndex(of: 0xC3) {
        bytes[at] = 0xFF
      }
      let expected = Self.outcome(bytes, readsEveryLine: true)
      let got = Self.outcome(bytes, readsEveryLine: false)
      #expect(got == expected, "round \(round)")
      kinds.insert(String(expected.prefix(5)))
    }
    // Identical, a difference and a malformed trace were all reached.
    #expect(kinds.contains("0 ide") && kinds.contains("1 dif") && kinds.contains("error"))
  }
}
