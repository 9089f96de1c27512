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
