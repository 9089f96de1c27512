import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An element of a parsed XML document: what the render tests look at.
final class ParsedElement {
  let name: String
  let attributes: [String: String]
  var children: [ParsedElement] = []
  /// The element's own character data (not its descendants'), entities decoded.
  var text = ""

  init(name: String, attributes: [String: String]) {
    self.name = name
    self.attributes = attributes
  }

  /// The tokens of `class`.
  var classes: Set<String> {
    Set((attributes["class"] ?? "").split(separator: " ").map(String.init))
  }

  /// This element and every descendant, in document order (iterative: no deep recursion).
  var allElements: [ParsedElement] {
    var elements: [ParsedElement] = []
    var pending: [ParsedElement] = [self]
    while let element = pending.popLast() {
      elements.append(element)
      pending += element.children.reversed()
    }
    return elements
  }

  /// Descendants (and self) named `name` whose class has `token`, in document order.
  func elements(named name: String? = nil, withClass token: String? = nil) -> [ParsedElement] {
    allElements.filter { element in
      (name == nil || element.name == name) && (token.map { element.classes.contains($0) } ?? true)
    }
  }

  /// The first child named `name`.
  func child(named name: String) -> ParsedElement? {
    children.first { $0.name == name }
  }

  func number(_ attribute: String) -> Double? {
    attributes[attribute].flatMap(Double.init)
  }
}

/// Why a document is not well-formed XML.
struct XMLParseFailure: Error, CustomStringConvertible {
  let description: String
}

/// Parses `text` with Foundation's `XMLParser` (libxml2 underneath) into `ParsedElement`s;
/// throws when it is not well-formed.
func parseXML(_ text: String) throws -> ParsedElement {
  let builder = ParsedTreeBuilder()
  let parser = XMLParser(data: Data(text.utf8))
  parser.shouldProcessNamespaces = false
  parser.shouldResolveExternalEntities = false
  parser.delegate = builder
  guard parser.parse(), let root = builder.root else {
    throw XMLParseFailure(
      description: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "no root")"
        + " at line \(parser.lineNumber), column \(parser.columnNumber)")
  }
  return root
}

private final class ParsedTreeBuilder: NSObject, XMLParserDelegate {
  var root: ParsedElement?
  private var open: [ParsedElement] = []

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    let element = ParsedElement(name: elementName, attributes: attributes)
    if let parent = open.last {
      parent.children.append(element)
    } else {
      root = element
    }
    open.append(element)
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    open.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    open.last?.text += string
  }
}

/// Strings that would be markup if they were not escaped, and characters XML cannot carry.
let hostileStrings = [
  "<script>alert(1)</script>",
  "\"><img src=x onerror=alert(1)>",
  "' onmouseover='alert(1)",
  "a&b&amp;c&#60;",
  "]]><!-- -->",
  "tab\there\nline\r\ncr",
  "nul\u{0}bell\u{7}esc\u{1B}",
  "non-characters \u{FFFE}\u{FFFF}",
  "emoji 🧪 e\u{301} 漢字",
]

/// What `Markup.escape` promises the text reads back as: characters XML cannot carry become
/// U+FFFD.
func xmlReadable(_ text: String) -> String {
  var readable = ""
  for scalar in text.unicodeScalars {
    let value = scalar.value
    let allowed = value == 0x9 || value == 0xA || value == 0xD || (value >= 0x20 && value < 0xFFFE)
    readable.unicodeScalars.append(allowed || value > 0xFFFF ? scalar : "\u{FFFD}")
  }
  return readable
}

/// The names of every attribute of every tag in `markup`, read with a tokenizer that knows
/// quoted values (so text such as `onerror=` inside a value is not taken for an attribute).
func attributeNames(in markup: String) -> [String] {
  var names: [String] = []
  let tag = /<([A-Za-z][A-Za-z0-9:-]*)((?:\s+[^\s=\/>]+\s*=\s*"[^"]*")*)\s*\/?>/
  let attribute = /\s+([^\s=\/>]+)\s*=\s*"[^"]*"/
  for match in markup.matches(of: tag) {
    for found in match.output.2.matches(of: attribute) { names.append(String(found.output.1)) }
  }
  return names
}

/// How many times `needle` occurs in `text` (byte search: fast on documents of megabytes).
func occurrences(of needle: String, in text: String) -> Int {
  let pattern = Array(needle.utf8)
  guard let first = pattern.first else { return 0 }
  var count = 0
  var text = text
  text.makeContiguousUTF8()
  text.utf8.withContiguousStorageIfAvailable { bytes in
    var index = 0
    let last = bytes.count - pattern.count
    while index <= last {
      if bytes[index] == first && bytes[index..<index + pattern.count].elementsEqual(pattern) {
        count += 1
        index += pattern.count
      } else {
        index += 1
      }
    }
  }
  return count
}
