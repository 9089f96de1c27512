/// What `LayerTree.renderSVG(_:)` draws and at what size (`layer.render`'s params).
public struct RenderOptions: Equatable, Sendable {
  /// A point in layer coordinates.
  public struct Point: Equatable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
      self.x = x
      self.y = y
    }
  }

  /// The largest `width` or `height` accepted.
  public static let maximumSize = 100_000.0

  /// Draw only this layer's subtree, in the coordinates of its parent; nil: every layer.
  public var id: String?
  /// Highlight the hit-test path of this point and mark it (in the coordinates of `id`'s
  /// parent, or the top level's).
  public var point: Point?
  /// The width the visible bounds are scaled to (> 0, ≤ `maximumSize`).
  public var width: Double?
  /// The height the visible bounds are scaled to (> 0, ≤ `maximumSize`).
  public var height: Double?
  /// Whether each layer is labelled with its id and sort (tooltips are always there).
  public var labels: Bool

  public init(
    id: String? = nil, point: Point? = nil, width: Double? = nil, height: Double? = nil,
    labels: Bool = true
  ) {
    self.id = id
    self.point = point
    self.width = width
    self.height = height
    self.labels = labels
  }

  /// Throws `invalidParams` for a size that is not a finite number in (0, `maximumSize`], or
  /// a point that is not finite.
  /// - Complexity: O(1).
  func validate() throws(CoreError) {
    for (name, size) in [("width", width), ("height", height)] {
      guard let size else { continue }
      guard size.isFinite, size > 0, size <= Self.maximumSize else {
        throw .invalidParams(
          path: "/" + name, expected: "a number > 0 and <= 100000",
          message: "\(name) must be a number greater than 0 and at most 100000.")
      }
    }
    if let point {
      for (name, coordinate) in [("x", point.x), ("y", point.y)] where !coordinate.isFinite {
        throw .invalidParams(
          path: "/point/" + name, expected: "a finite number",
          message: "point.\(name) must be a finite number.")
      }
    }
  }
}
