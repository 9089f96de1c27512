/// Arbitrary JSON the shell keeps with a layer or an alert (`data`, `result`), held as
/// compact JSON text. The core never looks inside; the RPC layer writes it back verbatim.
public struct RawJSON: Hashable, Sendable {
  /// Compact, valid JSON text (any JSON value, not only objects).
  public let text: String

  public init(text: String) {
    self.text = text
  }
}
