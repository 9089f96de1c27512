/// Text and numbers as they go into the SVG and HTML that Ordo writes: every string from a
/// trace or a shell (ids, types, scopes, payloads) goes through `escape(_:)`, so it is shown as
/// text and never read as markup, and every number through `number(_:)`, so the bytes do not
/// depend on the locale or the platform.
public enum Markup {
  /// `text` made safe for XML and HTML character data and for quoted attribute values.
  ///
  /// `&`, `<`, `>`, `"` and `'` become entity references; tab, line feed and carriage return
  /// become character references (so attribute values and text keep them exactly); every
  /// other character XML 1.0 cannot carry (the C0 controls, U+FFFE, U+FFFF) becomes U+FFFD.
  /// - Complexity: O(n), n the length of `text`.
  public static func escape(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&apos;"
      case "\t": escaped += "&#9;"
      case "\n": escaped += "&#10;"
      case "\r": escaped += "&#13;"
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          escaped.unicodeScalars.append("\u{FFFD}")
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return escaped
  }

  /// `text` as a bidirectional isolate (between U+2068 FIRST STRONG ISOLATE and U+2069 POP
  /// DIRECTIONAL ISOLATE), for an untrusted string set among Ordo's own words: a right-to-left
  /// id, or one holding a U+202E RIGHT-TO-LEFT OVERRIDE, is then laid out on its own and
  /// cannot reorder the text around it ("queue ‮q (1 alert)" read "queue (trela 1) q").
  /// ASCII text cannot do that and is returned as it is. Not for attribute values that are
  /// data (`data-layer`), only for text people read.
  ///
  /// The string's own isolate controls cannot get out: each U+2069 in it that closes nothing
  /// of its own gets one more opening isolate in front (it closes that, not Ordo's), and the
  /// isolates it opens and leaves open are closed after it. Embeddings and overrides
  /// (U+202A to U+202E) end where their isolate does. A paragraph separator in it (line
  /// feed, carriage return, U+001C to U+001E, U+0085, U+2029) would end every isolate and
  /// let an override after it run over Ordo's words up to the next: each is U+FFFD.
  /// - Complexity: O(n), n the length of `text`.
  public static func isolated(_ text: String) -> String {
    guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
    var text = text
    if text.unicodeScalars.contains(where: isParagraphSeparator) {
      var scalars = String.UnicodeScalarView()
      for scalar in text.unicodeScalars {
        scalars.append(isParagraphSeparator(scalar) ? "\u{FFFD}" : scalar)
      }
      text = String(scalars)
    }
    let balance = isolates(in: text)
    return String(repeating: "\u{2068}", count: balance.unmatchedClosers + 1) + text
      + String(repeating: "\u{2069}", count: balance.open + 1)
  }

  /// Whether `scalar` has the bidirectional class B (it ends a paragraph, and with it every
  /// isolate, embedding and override).
  private static func isParagraphSeparator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x0D, 0x1C...0x1E, 0x85, 0x2029: true
    default: false
    }
  }

  /// `kept`, the start of a text cut short, with the isolates it opened and did not close
  /// closed, then an ellipsis (which so stays outside them).
  static func cut(_ kept: String) -> String {
    kept + String(repeating: "\u{2069}", count: isolates(in: kept).open) + "\u{2026}"
  }

  /// The isolates `text` opens (U+2066 to U+2068) and leaves open, and the closers
  /// (U+2069) in it that close none of its own.
  private static func isolates(in text: String) -> (open: Int, unmatchedClosers: Int) {
    var open = 0
    var unmatchedClosers = 0
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x2066...0x2068: open += 1
      case 0x2069 where open > 0: open -= 1
      case 0x2069: unmatchedClosers += 1
      default: break
      }
    }
    return (open, unmatchedClosers)
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x22, 0x26, 0x27, 0x3C, 0x3E, 0xFFFE, 0xFFFF: return true
    default: return false
    }
  }

  /// A coordinate or size for an attribute: rounded to 3 decimals, integers without a
  /// fraction, trailing zeros trimmed (`12`, `0.5`, `-3.125`). Magnitudes of 10^15 and more are
  /// written as `exactNumber` does (`1e+20`); NaN as `0` and infinities as the largest finite
  /// number, so the output is always a valid number.
  /// - Complexity: O(1).
  public static func number(_ value: Double) -> String {
    guard value.isFinite else {
      if value.isNaN { return "0" }
      return (value < 0 ? -Double.greatestFiniteMagnitude : .greatestFiniteMagnitude)
        .description
    }
    guard abs(value) < 1e15 else { return exactNumber(value) }
    let thousandths = Int64((value * 1000).rounded())
    if thousandths == 0 { return "0" }
    let magnitude = thousandths.magnitude
    var text = thousandths < 0 ? "-" : ""
    text += String(magnitude / 1000)
    var fraction = magnitude % 1000
    guard fraction != 0 else { return text }
    var digits = 3
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    let fractionText = String(fraction)
    text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    return text
  }

  /// A number exactly as given, for people to read (tooltips): the shortest text that reads
  /// back as the same `Double`, without a `.0` for integers (`0.1`, `12`, `1e+20`).
  /// - Complexity: O(1).
  public static func exactNumber(_ value: Double) -> String {
    guard value.isFinite else { return number(value) }
    if value == 0 { return "0" }
    let text = value.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
}

/// A string being built as XML: elements with attributes, escaped text.
///
/// Every attribute value and text goes through `Markup.escape`; names are the writer's own.
/// An attribute whose value is nil is left out.
struct MarkupWriter {
  /// What is written and not yet handed to `sink`.
  private(set) var output = ""
  /// Given the output in pieces of about `pieceBytes`, when set; what is left at the end
  /// stays in `output`.
  private let sink: ((String) -> Void)?
  private let pieceBytes: Int

  init(capacity: Int = 0) {
    output.reserveCapacity(capacity)
    sink = nil
    pieceBytes = .max
  }

  /// A writer that hands its output to `sink` as each element closes after `pieceBytes`
  /// bytes, so that a large page is never held whole.
  init(handingPiecesOf pieceBytes: Int, to sink: @escaping (String) -> Void) {
    output.reserveCapacity(pieceBytes + 65_536)
    self.sink = sink
    self.pieceBytes = pieceBytes
  }

  /// Raw markup, written as is: only for the writer's own fixed text.
  mutating func raw(_ markup: some StringProtocol) {
    output += markup
  }

  /// Escaped character data.
  mutating func text(_ text: String) {
    output += Markup.escape(text)
  }

  /// `<name a="v" …>`.
  mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String?> = [:]) {
    start(name, attributes)
    output += ">"
  }

  /// `<name a="v" … />`.
  mutating func empty(_ name: String, _ attributes: KeyValuePairs<String, String?> = [:]) {
    start(name, attributes)
    output += "/>"
  }

  /// `</name>`.
  mutating func close(_ name: String) {
    output += "</" + name + ">"
    if let sink, output.utf8.count >= pieceBytes {
      sink(output)
      output.removeAll(keepingCapacity: true)
    }
  }

  /// `<name …>text</name>`.
  mutating func element(
    _ name: String, _ attributes: KeyValuePairs<String, String?> = [:], text: String
  ) {
    open(name, attributes)
    self.text(text)
    close(name)
  }

  private mutating func start(_ name: String, _ attributes: KeyValuePairs<String, String?>) {
    output += "<" + name
    for case (let key, let value?) in attributes {
      output += " " + key + "=\"" + Markup.escape(value) + "\""
    }
  }
}
