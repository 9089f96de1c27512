/// Every counted show, oldest first, with the times of each type's (and each type and key's)
/// shows kept sorted so that a limit check is a binary search.
///
/// Kept until `alert.forget`; the durable store holds the same records.
struct ShowHistory: Sendable {
  private struct TypeKey: Hashable, Sendable {
    let type: String
    let key: String
  }

  /// In the order they happened.
  /// Paged, as are the times (`PagedArray`): with `--state`, recording a show after the
  /// commit group's copy of the state copies a page of each, not the whole history.
  /// The indexes below are paged maps, not dictionaries, for the same reason: a dictionary
  /// changed after that copy copied every type and key shown, at each group's first show.
  private(set) var records = PagedArray<ShowRecord>()
  private var timesByType = PagedMap<String, PagedArray<Int64>>()
  private var timesByTypeKey = PagedMap<TypeKey, PagedArray<Int64>>()
  /// The numbers N of the shown alerts whose id is `alert-N` as the manager generates it
  /// (`AlertManager.generatedIDNumber`),
  /// so that a generated id can skip the ids the history holds. Only those: hashing every
  /// shown id into a dictionary was over 40 % of the cost of recording a show, and its
  /// entries lived as long as the history.
  private var generatedIDsShown = PagedMap<Int64, Bool>()
  /// Whether each record is newer than the one before it by `alert.history`'s order (wall
  /// time, then `order`), so that newest first is the records backwards. False once the wall
  /// clock went back (a clock switch to manual, a state file written by a clock ahead).
  private var recordsNewestLast = true

  var count: Int { records.count }

  init() {}

  /// A history of `records`, in the order they happened, whatever their times: each type's
  /// (and type and key's) times are gathered, then sorted once. Appending them one by one
  /// cost O(n) each when the times were out of order (after the wall clock went back: a
  /// restore, a clock switch, `alert.forget`'s rebuild), so O(n²) in all.
  /// - Complexity: O(n log n)
  init(_ records: [ShowRecord]) {
    self.records = PagedArray(records)
    for record in records { file(record) { time, times in times.append(time) } }
    recordsNewestLast = zip(records, records.dropFirst()).allSatisfy { Self.isNewer($1, than: $0) }
    timesByType.transformValues { PagedArray($0.sorted()) }
    timesByTypeKey.transformValues { PagedArray($0.sorted()) }
  }

  /// Checks that the indexes are what the records give: each type's (and type and key's)
  /// times sorted (the limit checks search them), the generated ids, and the order flag
  /// `query` relies on (tests only).
  /// - Complexity: O(n log n)
  func _checkInvariants() {
    let rebuilt = ShowHistory(Array(records))
    precondition(timesByType.dictionary == rebuilt.timesByType.dictionary, "type times out of step")
    precondition(
      timesByTypeKey.dictionary == rebuilt.timesByTypeKey.dictionary,
      "type and key times out of step")
    precondition(
      generatedIDsShown.dictionary == rebuilt.generatedIDsShown.dictionary,
      "generated ids out of step")
    precondition(
      !recordsNewestLast || rebuilt.recordsNewestLast, "records said newest last, and are not")
  }

  /// Whether a show of the alert with generated id `alert-number` is recorded.
  /// - Complexity: O(1)
  func containsGeneratedID(number: Int64) -> Bool { generatedIDsShown.contains(number) }

  /// Adds a show that happened after every show already recorded.
  /// - Complexity: amortized O(1) when its time is the latest of its type's (and key's),
  ///   as it is unless the wall clock went back (a clock switch to manual, a state file
  ///   written by a clock ahead of this one); else O(n) to insert it among them.
  mutating func append(_ record: ShowRecord) {
    if let last = records.last, !Self.isNewer(record, than: last) { recordsNewestLast = false }
    records.append(record)
    file(record) { time, times in Self.insertSorted(time, into: &times) }
  }

  /// Files `record`'s generated id number, and its time with `place` among its type's times
  /// (and its type and key's).
  private mutating func file(_ record: ShowRecord, place: (Int64, inout PagedArray<Int64>) -> Void)
  {
    if let number = AlertManager.generatedIDNumber(record.id) {
      generatedIDsShown.addIfAbsent(number, true)
    }
    timesByType.update(record.type, adding: PagedArray()) { place(record.at, &$0) }
    if let key = record.key {
      timesByTypeKey.update(TypeKey(type: record.type, key: key), adding: PagedArray()) {
        place(record.at, &$0)
      }
    }
  }

  /// The engine times of the shows counted for `type` (with `key`, of that type and key),
  /// ascending.
  /// - Complexity: O(1)
  func times(type: String, key: String?) -> PagedArray<Int64> {
    guard let key else { return timesByType[type] ?? PagedArray() }
    return timesByTypeKey[TypeKey(type: type, key: key)] ?? PagedArray()
  }

  /// Removes the shows matching `filter`; returns their `order`s.
  /// - Complexity: O(n) when none matches (nothing is copied), else O(n log n)
  mutating func forget(_ filter: ShowForgetFilter) -> [Int64] {
    func matches(_ record: ShowRecord) -> Bool {
      (filter.type.map { $0 == record.type } ?? true)
        && (filter.key.map { $0 == record.key } ?? true)
    }
    guard let first = records.firstIndex(where: matches) else { return [] }
    var removed: [Int64] = []
    var kept = Array(records[..<first])
    kept.reserveCapacity(records.count)
    for record in records[first...] {
      if matches(record) { removed.append(record.order) } else { kept.append(record) }
    }
    self = ShowHistory(kept)
    return removed
  }

  /// The shows matching `filter`, newest first (by wall time, then the order they happened),
  /// at most `filter.limit` of them.
  /// - Complexity: O(n) at most, and O(k) when the records are in that order (the wall clock
  ///   never went back) and the newest k include `limit` matches; else (after the wall clock
  ///   went back) O(n + m log m) for m matches.
  func query(_ filter: ShowHistoryFilter) -> [ShowRecord] {
    guard filter.limit > 0 else { return [] }
    func matches(_ record: ShowRecord) -> Bool {
      (filter.type.map { $0 == record.type } ?? true)
        && (filter.key.map { $0 == record.key } ?? true)
        && (filter.queue.map { $0 == record.queue } ?? true)
        && (filter.sinceWallAt.map { record.wallAt >= $0 } ?? true)
    }
    guard recordsNewestLast else {
      let newestFirst = records.filter(matches).sorted { Self.isNewer($0, than: $1) }
      return Array(newestFirst.prefix(filter.limit))
    }
    var found: [ShowRecord] = []
    for record in records.reversed() {
      // Older records are older still by wall time: none can pass `sinceWallAt` any more.
      if let since = filter.sinceWallAt, record.wallAt < since { break }
      guard matches(record) else { continue }
      found.append(record)
      if found.count == filter.limit { break }
    }
    return found
  }

  /// `alert.history`'s order: the later wall time, then the later show.
  private static func isNewer(_ record: ShowRecord, than other: ShowRecord) -> Bool {
    record.wallAt != other.wallAt ? record.wallAt > other.wallAt : record.order > other.order
  }

  private static func insertSorted(_ time: Int64, into times: inout PagedArray<Int64>) {
    if let last = times.last, last > time {
      var low = 0
      var high = times.count
      while low < high {
        let middle = (low + high) / 2
        if times[middle] <= time { low = middle + 1 } else { high = middle }
      }
      times.insert(time, at: low)
    } else {
      times.append(time)
    }
  }
}

extension ShowHistory {
  /// The earliest engine time, not before `time`, at which `limit` and `cooldownMs` let one
  /// more show be counted, given earlier shows at `times` (ascending): `time` itself when
  /// they allow a show then, nil when they never will.
  /// - Complexity: O(log n)
  static func earliestShow(
    at time: Int64, times: PagedArray<Int64>, limit: FrequencyLimit?, cooldownMs: Int64?
  ) -> Int64? {
    var allowedAt = time
    if let limit {
      if limit.max <= 0 { return nil }
      let counted: Int
      if let window = limit.windowMs {
        // Shows at s count at `time` while time − s < window, i.e. s > time − window.
        let threshold = time.addingClamped(-window)
        counted = times.count - firstIndex(after: threshold, in: times)
      } else {
        counted = times.count
      }
      if counted >= limit.max {
        guard let window = limit.windowMs else { return nil }
        // The max-th most recent show must leave the window.
        allowedAt = max(allowedAt, times[times.count - limit.max].addingClamped(window))
      }
    }
    if let cooldownMs, cooldownMs > 0, let last = times.last {
      allowedAt = max(allowedAt, last.addingClamped(cooldownMs))
    }
    // A show allowed only after the latest time a clock can reach is never allowed.
    return allowedAt <= AlertManager.latestTime ? allowedAt : nil
  }

  /// The index of the first time strictly greater than `threshold`.
  private static func firstIndex(after threshold: Int64, in times: PagedArray<Int64>) -> Int {
    var low = 0
    var high = times.count
    while low < high {
      let middle = (low + high) / 2
      if times[middle] <= threshold { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
