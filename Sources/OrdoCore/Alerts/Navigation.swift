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

  /// - Throws: `CoreError.invalidState(reason: "empty_stack", …)` when there is nothing to pop.
  mutating func pop() throws(CoreError) {
    guard stack.popLast() != nil else {
      throw .invalidState(
        reason: "empty_stack", state: nil, message: "nav.pop needs a non-empty page stack.")
    }
  }

  mutating func replace(with stack: [String]) {
    self.stack = stack
  }
}
