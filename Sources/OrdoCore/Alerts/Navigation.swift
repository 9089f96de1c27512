/// The page stack the shell reports (`nav.*`); the top is the active scope.
public struct Navigation: Equatable, Sendable {
  /// Bottom → top.
  public private(set) var stack: [String] = []

  public init(stack: [String] = []) {
    self.stack = stack
  }

  /// The top of the stack; nil when it is empty. Alerts with this scope (or none) may show.
  public var active: String? { stack.last }

  mutating func push(_ scope: String) {
    stack.append(scope)
  }

  /// - Throws: `CoreError.invalidState(.emptyStack, …)` when there is nothing to pop.
  mutating func pop() throws(CoreError) {
    guard stack.popLast() != nil else {
      throw .invalidState(
        .emptyStack, state: nil, message: "The page stack is empty; there is no page to pop.")
    }
  }

  mutating func replace(with stack: [String]) {
    self.stack = stack
  }
}

/// The top of a page stack, as a timeline keeps it for `ordo report`: at most `keptPages`
/// pages (bottom → top) and how many are under them. A whole stack per page change made
/// observing a session quadratic in memory: a trace of 3 MB that builds a 10 000-page stack,
/// then pushes and pops a page on it 10 000 times, kept 30 000 copies of the stack (about 4 GB).
/// The report names no more pages than these (its stack text, its labels).
public struct PageStackTop: Equatable, Sendable, ExpressibleByArrayLiteral {
  /// The most pages kept, from the top.
  public static let keptPages = 32

  /// The top pages, bottom → top.
  public let pages: [String]
  /// How many pages are under `pages`.
  public let pagesBelow: Int

  /// The top of `stack` (bottom → top).
  /// - Complexity: O(`keptPages`).
  public init(_ stack: [String]) {
    pages = Array(stack.suffix(Self.keptPages))
    pagesBelow = stack.count - pages.count
  }

  public init(arrayLiteral pages: String...) {
    self.init(pages)
  }

  /// Whether the stack has no page.
  public var isEmpty: Bool { pages.isEmpty }
}
