/// A growable array kept in pages of 256 elements, each page its own copy-on-write buffer.
///
/// What it is for: with `--state`, every commit group starts with a copy of the engine's
/// state to roll back to (docs/protocol.md#when-a-commit-fails). Copying is free until the
/// first change; then a plain array copies all of its elements, so each group that changed
/// an alert paid for every alert held (1 ms a request at 20 000 alerts). Here a change
/// copies the list of pages (a reference each) and the one page it writes to.
///
/// Growing never moves what is stored (a new page is added), and with no copy alive an
/// element is changed in place, as in an array: one more load per access.
struct PagedArray<Element>: RandomAccessCollection, MutableCollection {
  static var pageShift: Int { 8 }
  static var pageSize: Int { 1 << pageShift }
  static var pageMask: Int { pageSize - 1 }

  private var pages: [[Element]] = []
  /// The number of elements.
  private(set) var count = 0

  init() {}

  init(repeating element: Element, count: Int) {
    var remaining = count
    while remaining > 0 {
      let size = Swift.min(remaining, Self.pageSize)
      pages.append(Array(repeating: element, count: size))
      remaining -= size
    }
    self.count = count
  }

  init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements { append(element) }
  }

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  subscript(position: Int) -> Element {
    get { pages[position &>> Self.pageShift][position & Self.pageMask] }
    _modify { yield &pages[position &>> Self.pageShift][position & Self.pageMask] }
  }

  /// How many elements fit in the pages there are, without adding one.
  var capacity: Int { pages.count << Self.pageShift }

  mutating func append(_ element: consuming Element) {
    if count & Self.pageMask == 0 {
      var page: [Element] = []
      // The first page grows as an array does: many arrays stay small (a heap per page
      // scope, the times of each key shown), and a whole page each would be 256 entries.
      if !pages.isEmpty { page.reserveCapacity(Self.pageSize) }
      page.append(element)
      pages.append(page)
    } else {
      pages[pages.count - 1].append(element)
    }
    count += 1
  }

  /// Inserts `element` before position `index` (at most `count`), moving those after it.
  /// - Complexity: O(count - index)
  mutating func insert(_ element: Element, at index: Int) {
    precondition(index >= 0 && index <= count, "index out of range")
    append(element)
    var position = count - 1
    while position > index {
      swapAt(position - 1, position)
      position -= 1
    }
  }

  /// Removes and returns the last element; there must be one.
  @discardableResult
  mutating func removeLast() -> Element {
    count -= 1
    let last = pages[pages.count - 1].removeLast()
    if pages[pages.count - 1].isEmpty { pages.removeLast() }
    return last
  }

  mutating func removeAll() {
    pages = []
    count = 0
  }

  /// The elements the pages' buffers have room for (tests only).
  var _reservedElements: Int { pages.reduce(0) { $0 + $1.capacity } }

  /// Whether page `page` of this array and of `other` is one buffer, shared (tests only).
  func _sharesPage(_ page: Int, with other: Self) -> Bool {
    pages[page].withUnsafeBufferPointer { mine in
      other.pages[page].withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
    }
  }
}

extension PagedArray: Sendable where Element: Sendable {}

extension PagedArray: ExpressibleByArrayLiteral {
  init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension PagedArray: Equatable where Element: Equatable {
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }
}
