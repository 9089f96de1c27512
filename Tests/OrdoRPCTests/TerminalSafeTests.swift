import Testing

@testable import OrdoRPC

@Suite struct TerminalSafeTests {
  @Test func controlAndBidiCharactersAreEscapedTheRestKept() {
    // ESC [31m recolours a terminal, U+009B is the 8-bit CSI, U+202E reorders what follows.
    #expect(terminalSafe("a\u{1B}[31mb") == #"a\u001b[31mb"#)
    #expect(terminalSafe("x\u{9B}2Jy\u{7F}") == #"x\u009b2Jy\u007f"#)
    #expect(terminalSafe("id \u{202E}cba\u{2066}\u{200F}") == #"id \u202ecba\u2066\u200f"#)
    #expect(terminalSafe("\u{0}\r") == #"\u0000\u000d"#)
    // Line feeds, tabs, accents, right-to-left letters and emoji are text.
    let text = "line\n\tcafé שלום 😀 \u{A0}"
    #expect(terminalSafe(text) == text)
    #expect(terminalSafe("") == "")
    // A log line stays one line: a client's name cannot start one that looks like ours.
    #expect(
      terminalSafe("x\nordo [error] forged\t", keepingLineFeeds: false)
        == #"x\u000aordo [error] forged"# + "\t")
    // The line and paragraph separators, which a reader's splitlines() breaks on, are
    // escaped even where line feeds are kept.
    #expect(terminalSafe("a\u{2028}b\u{2029}c") == #"a\u2028b\u2029c"#)
    #expect(
      terminalSafe("a\u{2028}b\u{2029}c", keepingLineFeeds: false) == #"a\u2028b\u2029c"#)
  }
}
