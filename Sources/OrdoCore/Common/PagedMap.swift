/// A map whose storage is paged: its keys and values in `PagedArray`s, found through an
/// `IDIndex` of their positions (the hash bits of a key are its `hashValue`'s low 32).
///
/// What it is for, as `PagedArray`: with `--state`, every commit group starts with a copy of
/// the state to roll back to. A `Dictionary` changed after that copy copies every entry: the
/// show history's times by type and key made each group's first show cost O(keys shown)
/// (6 ms a show at 200 000 keys). Here a change copies the lists of pages (a reference per
/// 256 entries) and the pages it touches.
///
/// A removed key's place is taken by the last entry, so the entries stay dense (in no
/// particular order once a key was removed).
struct PagedMap<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private var keys = PagedArray<Key>()
  /// The values, in the order of their keys (`keys`).
  private(set) var values = PagedArray<Value>()
  private var index = IDIndex()

  init() {}

  /// The number of keys.
  var count: Int { keys.count }

  /// The value of `key`, nil when it has none.
  /// - Complexity: O(1) on average.
  subscript(key: Key) -> Value? {
    position(of: key, hash: Self.hash(key)).map { values[$0] }
  }

  /// Whether `key` has a value.
  /// - Complexity: O(1) on average.
  func contains(_ key: Key) -> Bool {
    position(of: key, hash: Self.hash(key)) != nil
  }

  /// Gives `key` the value `value` when it has none.
  /// - Complexity: O(1) amortized.
  mutating func addIfAbsent(_ key: Key, _ value: @autoclosure () -> Value) {
    update(key, adding: value()) { _ in }
  }

  /// Runs `body` on the value of `key` in place, giving `key` the value `initial` first when
  /// it has none.
  /// - Complexity: O(1) amortized, plus `body`'s.
  mutating func update<Result>(
    _ key: Key, adding initial: @autoclosure () -> Value, _ body: (inout Value) -> Result
  ) -> Result {
    let hash = Self.hash(key)
    guard let found = position(of: key, hash: hash) else {
      let added = keys.count
      keys.append(key)
      values.append(initial())
      index.insert(slot: Int32(added), hash: hash)
      return body(&values[added])
    }
    return body(&values[found])
  }

  /// Runs `body` on the value of `key` in place; nil, without calling it, when `key` has
  /// none.
  /// - Complexity: O(1) on average, plus `body`'s.
  mutating func updateIfPresent<Result>(_ key: Key, _ body: (inout Value) -> Result) -> Result? {
    guard let found = position(of: key, hash: Self.hash(key)) else { return nil }
    return body(&values[found])
  }

  /// Removes `key` and its value, when it has one, and returns the value; the last entry
  /// moves into its place.
  /// - Complexity: O(1) on average.
  @discardableResult
  mutating func removeValue(forKey key: Key) -> Value? {
    let hash = Self.hash(key)
    guard let found = position(of: key, hash: hash) else { return nil }
    index.remove(slot: Int32(found), hash: hash)
    let last = keys.count - 1
    if found != last {
      let lastHash = Self.hash(keys[last])
      index.remove(slot: Int32(last), hash: lastHash)
      index.insert(slot: Int32(found), hash: lastHash)
      keys.swapAt(found, last)
      values.swapAt(found, last)
    }
    keys.removeLast()
    return values.removeLast()
  }

  /// Replaces every value with `transform` of it.
  /// - Complexity: O(n) calls of `transform`.
  mutating func transformValues(_ transform: (Value) -> Value) {
    for position in values.indices { values[position] = transform(values[position]) }
  }

  /// The entries as a dictionary (invariant checks, tests).
  /// - Complexity: O(n)
  var dictionary: [Key: Value] {
    Dictionary(uniqueKeysWithValues: zip(keys, values))
  }

  private static func hash(_ key: Key) -> UInt32 {
    UInt32(truncatingIfNeeded: key.hashValue)
  }

  private func position(of key: Key, hash: UInt32) -> Int? {
    index.slot(hash: hash) { keys[Int($0)] == key }.map(Int.init)
  }
}
