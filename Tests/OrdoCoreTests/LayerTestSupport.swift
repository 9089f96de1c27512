import Testing

@testable import OrdoCore

/// A seeded SplitMix64 generator, so randomized tests replay exactly.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// One of `values` (not empty).
  mutating func pick<T>(_ values: [T]) -> T {
    values[Int.random(in: 0..<values.count, using: &self)]
  }
}

/// The error a call throws, nil when it succeeds.
func thrownError<Result>(_ body: () throws(CoreError) -> Result) -> CoreError? {
  do {
    _ = try body()
    return nil
  } catch {
    return error
  }
}

/// The JSON Pointer of an `invalidParams` error, nil for anything else.
func invalidParamsPath(_ error: CoreError?) -> String? {
  guard case .invalidParams(let path, _, _)? = error else { return nil }
  return path
}

extension LayerTree {
  /// `add` with test defaults: under `parent` (top level when nil) at `sort`.
  @discardableResult
  mutating func add(
    _ id: String?, under parent: String? = nil, sort: Int64 = 0, frame: Frame? = nil,
    hidden: Bool = false, interactive: Bool = true, clips: Bool = false
  ) throws(CoreError) -> Layer {
    try add(
      id: id, parent: parent.map { .layer($0) }, placement: .sort(sort),
      attributes: LayerAttributes(
        frame: frame, hidden: hidden, interactive: interactive, clips: clips))
  }

  /// The ids of the children of `parent` (top level when nil), bottom -> top.
  func childIDs(of parent: String?) throws(CoreError) -> [String] {
    try children(of: parent, offset: 0, limit: nil).layers.map(\.id)
  }

  /// Every layer, family by family: what must not change when a call throws.
  func everything() throws(CoreError) -> [Layer] {
    var layers: [Layer] = []
    var pending: [String?] = [nil]
    while let parent = pending.popLast() {
      let page = try children(of: parent, offset: 0, limit: nil).layers
      layers += page
      pending += page.map(\.id)
    }
    return layers
  }
}

/// A frame at (`x`, `y`) of size `size` x `size`.
func square(_ x: Double, _ y: Double, _ size: Double) -> Frame {
  Frame(x: x, y: y, width: size, height: size)
}
