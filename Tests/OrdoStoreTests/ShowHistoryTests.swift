import Testing

@testable import OrdoCore

// The show history (`alert.history`, `alert.forget`) and a randomized check of the limit
// rules against a brute-force model; in memory and across restarts (see DurableStage).

@Suite("alert.forget") struct ForgetTests {
  /// Shows recorded out of time order (after the wall clock went back) are built into a
  /// history whose per-type and per-key times are sorted, as one-by-one appends keep them;
  /// `alert.forget` rebuilds it that way (it appended each show, O(n) apiece out of order).
  @Test func aHistoryBuiltFromShowsOutOfTimeOrderKeepsEachTypesTimesSorted() {
    let times: [Int64] = [900, 100, 500, 300, 700, 200, 800]
    let records = times.enumerated().map { order, at in
      ShowRecord(
        id: "s\(order)", type: order % 2 == 0 ? "tip" : "news", key: order % 3 == 0 ? "k" : nil,
        queue: "default", at: at, wallAt: at, order: Int64(order + 1))
    }
    var appended = ShowHistory()
    for record in records { appended.append(record) }
    let built = ShowHistory(records)
    #expect(Array(built.records) == records)
    for (type, key) in [("tip", nil), ("news", nil), ("tip", "k"), ("news", "k")]
      as [(String, String?)]
    {
      #expect(built.times(type: type, key: key) == appended.times(type: type, key: key))
      #expect(
        built.times(type: type, key: key).sorted() == Array(built.times(type: type, key: key)))
    }
    #expect(built.times(type: "tip", key: nil) == [500, 700, 800, 900])
    var forgotten = built
    #expect(forgotten.forget(ShowForgetFilter(type: "news")) == [2, 4, 6])
    #expect(forgotten.times(type: "tip", key: nil) == [500, 700, 800, 900])
    #expect(forgotten.times(type: "tip", key: "k") == [800, 900])
    #expect(forgotten.times(type: "news", key: nil).isEmpty)
  }

  @Test(arguments: StoreMode.allCases)
  func forgottenShowsNoLongerCount(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    try stage.defineType(AlertTypeDefinition(type: "tip", limit: FrequencyLimit(max: 1)))
    let first = try stage.queued("tip", at: 0)
    try stage.complete(first, at: 10)
    #expect(try stage.enqueue("tip", at: 20) == limited(nil))
    #expect(try stage.forget(ShowForgetFilter(type: "tip"), at: 30) == 1)
    #expect(stage.history().isEmpty)
    try stage.queued("tip", at: 40)
    #expect(stage.history().map(\.at) == [40])
    #expect(try stage.forget(ShowForgetFilter(type: "tip"), at: 50) == 1)
    #expect(try stage.forget(ShowForgetFilter(type: "tip"), at: 50) == 0)
  }

  @Test(arguments: StoreMode.allCases)
  func filtersCombineWithAndAndOneIsRequired(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    try stage.configure(AlertQueueConfiguration(maxConcurrent: 100))
    try stage.queued("tip", at: 0) { $0.key = "k1" }
    try stage.queued("tip", at: 10) { $0.key = "k2" }
    try stage.queued("news", at: 20) { $0.key = "k1" }
    try stage.queued("news", at: 30)
    #expect(invalidParamsPath { _ = try stage.forget(ShowForgetFilter()) } == "")
    #expect(invalidParamsPath { _ = try stage.forget(ShowForgetFilter(all: false)) } == "")
    #expect(stage.history().count == 4)
    #expect(try stage.forget(ShowForgetFilter(type: "tip", key: "k1")) == 1)
    #expect(stage.shownIDs() == ["alert-4", "alert-3", "alert-2"])
    #expect(try stage.forget(ShowForgetFilter(key: "k1")) == 1)
    #expect(stage.shownIDs() == ["alert-4", "alert-2"])
    #expect(try stage.forget(ShowForgetFilter(type: "news", key: "k2")) == 0)
    #expect(try stage.forget(ShowForgetFilter(type: "news")) == 1)
    #expect(try stage.forget(ShowForgetFilter(all: true)) == 1)
    #expect(stage.history().isEmpty)
  }

  @Test(arguments: StoreMode.allCases)
  func aWaitingDeferredAlertKeepsItsReadyAt(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    try stage.defineType(
      AlertTypeDefinition(
        type: "tip", limit: FrequencyLimit(max: 1, windowMs: 1000), onLimit: .defer))
    let first = try stage.queued("tip", at: 0)
    try stage.complete(first, at: 10)
    let deferred = try stage.queued("tip", at: 100)
    #expect(stage.alert(deferred)?.readyAt == 1000)
    #expect(try stage.forget(ShowForgetFilter(all: true), at: 200) == 1)
    #expect(stage.alert(deferred)?.readyAt == 1000)
    // New enqueues count from zero.
    try stage.queued("tip", at: 300)
    try stage.advance(to: 999)
    #expect(stage.state(deferred) == .scheduled)
  }
}

@Suite("alert.history") struct HistoryTests {
  @Test(arguments: StoreMode.allCases)
  func newestFirstAndTheSameMillisecondInReverseOrder(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    try stage.configure(AlertQueueConfiguration(queue: "toast", maxConcurrent: 3))
    try stage.configure(AlertQueueConfiguration(maxConcurrent: 2))
    for _ in 0..<3 { try stage.queued("toast", at: 0) { $0.queue = "toast" } }
    try stage.queued("block", at: 5)
    try stage.queued("block", at: 5)
    try stage.queued("tip", at: 6)
    try stage.queued("tip", at: 6)
    try stage.cancel(AlertCancelFilter(type: "block"), at: 10)
    #expect(
      stage.history() == [
        .init(id: "alert-7", type: "tip", key: nil, queue: "default", at: 10),
        .init(id: "alert-6", type: "tip", key: nil, queue: "default", at: 10),
        .init(id: "alert-5", type: "block", key: nil, queue: "default", at: 5),
        .init(id: "alert-4", type: "block", key: nil, queue: "default", at: 5),
        .init(id: "alert-3", type: "toast", key: nil, queue: "toast", at: 0),
        .init(id: "alert-2", type: "toast", key: nil, queue: "toast", at: 0),
        .init(id: "alert-1", type: "toast", key: nil, queue: "toast", at: 0),
      ])
    // Every first show is recorded, whether its type has a limit or not; the default
    // limit is 100.
    #expect(stage.history(ShowHistoryFilter()).count == 7)
  }

  @Test(arguments: StoreMode.allCases)
  func filtersCombineWithAnd(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    try stage.configure(AlertQueueConfiguration(maxConcurrent: 100))
    try stage.configure(AlertQueueConfiguration(queue: "side", maxConcurrent: 100))
    let plan: [(type: String, key: String?, queue: String, at: Int64)] = [
      ("tip", "k1", "default", 0), ("tip", "k2", "side", 100), ("news", "k1", "default", 200),
      ("tip", "k1", "side", 300), ("news", nil, "side", 400), ("tip", nil, "default", 500),
    ]
    for show in plan {
      try stage.queued(show.type, at: show.at) {
        $0.key = show.key
        $0.queue = show.queue
      }
    }
    func ids(_ filter: ShowHistoryFilter) -> [String] {
      stage.shownIDs(filter).map { String($0.dropFirst("alert-".count)) }
    }
    #expect(ids(ShowHistoryFilter()) == ["6", "5", "4", "3", "2", "1"])
    #expect(ids(ShowHistoryFilter(type: "tip")) == ["6", "4", "2", "1"])
    #expect(ids(ShowHistoryFilter(key: "k1")) == ["4", "3", "1"])
    #expect(ids(ShowHistoryFilter(queue: "side")) == ["5", "4", "2"])
    #expect(ids(ShowHistoryFilter(type: "tip", key: "k1")) == ["4", "1"])
    #expect(ids(ShowHistoryFilter(type: "tip", queue: "side")) == ["4", "2"])
    #expect(ids(ShowHistoryFilter(type: "news", key: "k1", queue: "side")) == [])
    #expect(ids(ShowHistoryFilter(sinceWallAt: 300)) == ["6", "5", "4"])
    #expect(ids(ShowHistoryFilter(sinceWallAt: 301)) == ["6", "5"])
    #expect(ids(ShowHistoryFilter(type: "tip", sinceWallAt: 100)) == ["6", "4", "2"])
    #expect(ids(ShowHistoryFilter(limit: 2)) == ["6", "5"])
    #expect(ids(ShowHistoryFilter(type: "tip", limit: 0)) == [])
    #expect(ids(ShowHistoryFilter(key: "k1", limit: 2)) == ["4", "3"])
    let shows = stage.history()
    #expect(shows.map(\.at) == [500, 400, 300, 200, 100, 0])
    #expect(shows.map(\.queue) == ["default", "side", "side", "default", "side", "default"])
    try stage.advance(to: 600)
    if mode == .sqlite {
      // Shows before this process started have negative engine times.
      #expect(stage.restarts > 0)
      let raw = stage.screen.history(ShowHistoryFilter())
      #expect(raw.allSatisfy { $0.at < 0 })
      #expect(raw.map(\.wallAt) == shows.map { DurableStage.epoch + $0.at })
    }
  }

  @Test(arguments: StoreMode.allCases)
  func generatedIdsSkipEveryIdTheHistoryHolds(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    let mine = try stage.queued("tip", id: "alert-2", at: 0)
    try stage.complete(mine, at: 10)
    #expect(try stage.queued("tip", at: 20) == "alert-1")
    #expect(try stage.queued("tip", at: 30) == "alert-3")
    #expect(stage.shownIDs() == ["alert-1", "alert-2"])
  }

  /// Only ids spelled as the generator spells them are skipped: a shown `alert-02` or
  /// `alert-+3` is another id than `alert-2` or `alert-3`.
  @Test(arguments: StoreMode.allCases)
  func generatedIdsSkipOnlyTheirOwnSpelling(mode: StoreMode) throws {
    var stage = try DurableStage(mode)
    for (id, at) in [("alert-02", 0), ("alert-+3", 10), ("alert-4", 20)] as [(String, Int64)] {
      try stage.complete(try stage.queued("tip", id: id, at: at), at: at + 5)
    }
    #expect(try stage.queued("tip", at: 30) == "alert-1")
    #expect(try stage.queued("tip", at: 40) == "alert-2")
    #expect(try stage.queued("tip", at: 50) == "alert-3")
    #expect(try stage.queued("tip", at: 60) == "alert-5")
  }

  /// `alert.history` walks the records backwards and stops at `limit` while they are in its
  /// order, and sorts the matches once the wall clock went back; both give what sorting every
  /// match by (wallAt, order) descending gives.
  @Test(arguments: [false, true])
  func historyMatchesSortingEveryMatch(wallClockWentBack: Bool) {
    var generator = LimitModelTests.Generator(state: wallClockWentBack ? 7 : 3)
    var history = ShowHistory()
    var wallAt: Int64 = 1_000
    for order in 1...400 {
      // Mostly later, sometimes the same millisecond; back by up to 50 ms when allowed.
      let step = Int64.random(in: wallClockWentBack ? -50...20 : 0...20, using: &generator)
      wallAt += step
      history.append(
        ShowRecord(
          id: "s\(order)", type: ["tip", "news", "rate"].randomElement(using: &generator)!,
          key: ["k1", "k2", nil].randomElement(using: &generator)!,
          queue: ["default", "toast"].randomElement(using: &generator)!, at: wallAt,
          wallAt: wallAt, order: Int64(order)))
    }
    let wallAts = history.records.map(\.wallAt)
    let wallTimes = wallAts.min()! - 10...wallAts.max()! + 10
    #expect(wallClockWentBack == (wallAts != wallAts.sorted()))
    for _ in 0..<300 {
      let filter = ShowHistoryFilter(
        type: ["tip", "news", nil].randomElement(using: &generator)!,
        key: ["k1", nil].randomElement(using: &generator)!,
        queue: ["toast", nil].randomElement(using: &generator)!,
        sinceWallAt: Bool.random(using: &generator)
          ? Int64.random(in: wallTimes.lowerBound...wallTimes.upperBound, using: &generator)
          : nil,
        limit: [0, 1, 2, 5, 50, 1_000].randomElement(using: &generator)!)
      let expected = history.records.filter { record in
        (filter.type.map { $0 == record.type } ?? true)
          && (filter.key.map { $0 == record.key } ?? true)
          && (filter.queue.map { $0 == record.queue } ?? true)
          && (filter.sinceWallAt.map { record.wallAt >= $0 } ?? true)
      }.sorted { ($0.wallAt, $0.order) > ($1.wallAt, $1.order) }.prefix(filter.limit)
      #expect(history.query(filter) == Array(expected), "\(filter)")
    }
    // Rebuilt from its records (as alert.forget and restores do), it answers the same.
    let rebuilt = ShowHistory(Array(history.records))
    let everything = ShowHistoryFilter(limit: 1_000)
    #expect(rebuilt.query(everything) == history.query(everything))
  }

  @Test func generatedIDNumberReadsOnlyTheGeneratorsSpelling() {
    let numbers: [String: Int64?] = [
      "alert-1": 1, "alert-0": 0, "alert-9223372036854775807": .max, "alert--7": -7,
      "alert-9223372036854775808": nil, "alert-01": nil, "alert-+1": nil, "alert-": nil,
      "alert-1x": nil, "Alert-1": nil, "alert1": nil, "alert-１": nil, "q0": nil, "": nil,
    ]
    for (id, number) in numbers {
      #expect(AlertManager.generatedIDNumber(id) == number, "\(id)")
    }
  }
}

@Suite("Limits against a model") struct LimitModelTests {
  /// A small deterministic generator (SplitMix64), so a failure can be replayed.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// The earliest time ≥ `time` at which one more show is allowed, by brute force: the
  /// rules read literally, tried at `time` and at every instant a show leaves the window
  /// or a cooldown ends.
  static func earliestShow(
    at time: Int64, shows: [Int64], limit: FrequencyLimit?, cooldownMs: Int64
  ) -> Int64? {
    func allowed(_ t: Int64) -> Bool {
      if let limit {
        let counted = shows.filter { s in limit.windowMs.map { t - s < $0 } ?? true }.count
        if counted >= limit.max { return false }
      }
      if cooldownMs > 0, let last = shows.max(), t - last < cooldownMs { return false }
      return true
    }
    let candidates =
      [time]
      + shows.flatMap { [$0 + (limit?.windowMs ?? 0), $0 + cooldownMs] }.filter { $0 > time }
    return candidates.sorted().first(where: allowed)
  }

  @Test(arguments: StoreMode.allCases)
  func randomEnqueuesAgreeWithTheModel(mode: StoreMode) throws {
    var random = Generator(state: 0x0D0_2026)
    var stage = try DurableStage(mode)
    try stage.configure(AlertQueueConfiguration(maxConcurrent: 100_000))
    var definitions: [String: AlertTypeDefinition] = [:]
    for type in ["t0", "t1", "t2", "t3"] {
      let windowMs: Int64? =
        Bool.random(using: &random) ? Int64.random(in: 50...400, using: &random) : nil
      let limit: FrequencyLimit? =
        Int.random(in: 0..<5, using: &random) == 0
        ? nil
        : FrequencyLimit(
          max: Int.random(in: 0...3, using: &random), windowMs: windowMs,
          per: Bool.random(using: &random) ? .key : .type)
      let cooldown: Int64? =
        Bool.random(using: &random) ? Int64.random(in: 20...200, using: &random) : nil
      let definition = AlertTypeDefinition(type: type, limit: limit, cooldownMs: cooldown)
      definitions[type] = definition
      try stage.defineType(definition)
    }
    var model: [(id: String, type: String, key: String, at: Int64)] = []
    var time: Int64 = 0
    var limitedCount = 0
    var shownCount = 0
    for step in 0..<(mode == .memory ? 400 : 100) {
      time += Int64.random(in: 0...60, using: &random)
      let type = "t\(Int.random(in: 0..<4, using: &random))"
      let key = "k\(Int.random(in: 0..<2, using: &random))"
      if Int.random(in: 0..<25, using: &random) == 0 {
        let byKey = Bool.random(using: &random)
        let filter = byKey ? ShowForgetFilter(key: key) : ShowForgetFilter(type: type)
        let expected = model.filter { byKey ? $0.key == key : $0.type == type }.count
        #expect(try stage.forget(filter, at: time) == expected, "step \(step)")
        model.removeAll { byKey ? $0.key == key : $0.type == type }
        continue
      }
      let definition = definitions[type] ?? AlertTypeDefinition(type: type)
      let counted = model.filter {
        $0.type == type && (definition.limit?.per != .key || $0.key == key)
      }
      let expected = Self.earliestShow(
        at: time, shows: counted.map(\.at), limit: definition.limit,
        cooldownMs: definition.cooldownMs ?? 0)
      let result = try stage.enqueue(type, at: time) { $0.key = key }
      if expected == time {
        #expect(result.disposition == .queued, "step \(step) at \(time)")
        #expect(result.alert?.state == .showing, "step \(step) at \(time)")
        model.append((result.alert?.id ?? "?", type, key, time))
        shownCount += 1
      } else {
        #expect(result == limited(expected), "step \(step) at \(time)")
        limitedCount += 1
      }
    }
    #expect(limitedCount > 20, "the run should exercise the limits")
    #expect(shownCount > 20, "the run should show alerts")
    let history = stage.history()
    #expect(history.map(\.id) == model.reversed().map(\.id))
    #expect(history.map(\.at) == model.reversed().map(\.at))
  }
}
