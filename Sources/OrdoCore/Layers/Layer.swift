/// A layer's rectangle `{x, y, width, height}` in its parent's coordinates (docs/protocol.md#layers).
///
/// `LayerTree` refuses non-finite values and a negative `width` or `height`.
public struct Frame: Equatable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Whether the point lies in the half-open rectangle `[x, x+width) × [y, y+height)`.
  /// - Complexity: O(1).
  public func contains(x pointX: Double, y pointY: Double) -> Bool {
    pointX >= x && pointX < x + width && pointY >= y && pointY < y + height
  }
}

/// A snapshot of one layer, what the RPC layer returns (docs/protocol.md#the-layer-object).
///
/// `index` is the position among its siblings, 0 = bottom; `parent` is `nil` at top level.
/// `frame == nil` means the layer is a group.
public struct Layer: Equatable, Sendable {
  public let id: String
  public let parent: String?
  public let sort: Int64
  public let index: Int
  public let frame: Frame?
  public let hidden: Bool
  public let interactive: Bool
  public let clips: Bool
  public let childCount: Int
  public let data: RawJSON?

  public init(
    id: String, parent: String?, sort: Int64, index: Int, frame: Frame?, hidden: Bool,
    interactive: Bool, clips: Bool, childCount: Int, data: RawJSON?
  ) {
    self.id = id
    self.parent = parent
    self.sort = sort
    self.index = index
    self.frame = frame
    self.hidden = hidden
    self.interactive = interactive
    self.clips = clips
    self.childCount = childCount
    self.data = data
  }
}

/// Where a layer lives: at top level or under another layer. `nil` where the param is absent.
public enum LayerParent: Equatable, Sendable {
  case topLevel
  case layer(String)
}

/// How a layer is placed among its siblings: by `sort` (the ordering rule), or directly
/// above/below a sibling, adopting that sibling's sort.
public enum LayerPlacement: Equatable, Sendable {
  case sort(Int64)
  case above(String)
  case below(String)
}

/// A change to an optional field: leave it, clear it (JSON `null`), or set it.
public enum FieldUpdate<Value: Sendable & Equatable>: Equatable, Sendable {
  case keep
  case clear
  case set(Value)
}

/// The attributes of a new layer; the defaults are those of `layer.add`.
public struct LayerAttributes: Equatable, Sendable {
  public var frame: Frame?
  public var hidden: Bool
  public var interactive: Bool
  public var clips: Bool
  public var data: RawJSON?

  public init(
    frame: Frame? = nil, hidden: Bool = false, interactive: Bool = true, clips: Bool = false,
    data: RawJSON? = nil
  ) {
    self.frame = frame
    self.hidden = hidden
    self.interactive = interactive
    self.clips = clips
    self.data = data
  }
}
