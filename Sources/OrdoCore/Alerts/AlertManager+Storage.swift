// How the manager stores alerts: records in slots (an array, freed slots reused) found by id
// once at the boundary; names (types, keys, scopes) numbered once; the indexes of active
// alerts as lists threaded through the records; heap positions in tables by slot.
//
// Inside a call everything is reached by slot number: a string is hashed only to find the
// alert, type, key or scope a request names (before: ≈20 string hashes and a copy of the
// whole record per state change; an enqueue + complete cycle cost ≈34 000 instructions in
// the manager, ≈14 500 now).

extension AlertManager {
  /// The lists an active alert is on.
  enum ListKind: Int {
    case queue = 0, type, key, scope
  }

  /// An alert's neighbours on one list (-1 at the ends).
  struct Link: Equatable, Sendable {
    var previous: Int32 = -1
    var next: Int32 = -1
  }

  /// What the manager keeps beside the alert in a slot (the alert itself is in `alerts`):
  /// plain values only, so that reading a field never copies strings.
  struct Record: Sendable {
    // First the fields that dropping the oldest entry of a history reads and writes, so that
    // they share a cache line (that record has usually left the caches).
    /// The order in which it ended (0 while active); names its live history entry.
    var endOrder: Int64 = 0
    /// The hash bits its id is filed under in `idIndex` (so that freeing the slot does not
    /// hash the id again).
    var idHash: UInt32 = 0
    /// Whether the slot holds an alert (free slots are kept for reuse).
    var isLive = true
    /// The index of its queue in `queues`.
    var queue: Int
    var preempt: Bool
    /// The limit, cooldown and `onLimit` it got at enqueue.
    var limit: FrequencyLimit?
    var cooldownMs: Int64?
    var onLimit: OnLimit
    /// The order of its latest show (the preemption tiebreak).
    var showSeq: Int64 = 0
    /// Its type's, key's and scope's numbers (-1: no key, no scope).
    var typeName: Int32 = -1
    var keyName: Int32 = -1
    var scopeName: Int32 = -1
    /// The timers it has set.
    var timers = TimerSet()
    /// Its neighbours on the queue, type, key and scope lists while active.
    var links = (Link(), Link(), Link(), Link())

    init(
      queue: Int, preempt: Bool, limit: FrequencyLimit?, cooldownMs: Int64?, onLimit: OnLimit
    ) {
      self.queue = queue
      self.preempt = preempt
      self.limit = limit
      self.cooldownMs = cooldownMs
      self.onLimit = onLimit
    }

    subscript(link kind: ListKind) -> Link {
      get {
        switch kind {
        case .queue: return links.0
        case .type: return links.1
        case .key: return links.2
        case .scope: return links.3
        }
      }
      set {
        switch kind {
        case .queue: links.0 = newValue
        case .type: links.1 = newValue
        case .key: links.2 = newValue
        case .scope: links.3 = newValue
        }
      }
    }
  }

  /// The timers an alert has set, so that changing state cancels only those (a cancel hashes
  /// the timer's key).
  struct TimerSet: OptionSet, Sendable {
    let rawValue: UInt8
    static let ready = TimerSet(rawValue: 1 << 0)
    static let expire = TimerSet(rawValue: 1 << 1)
    static let dismiss = TimerSet(rawValue: 1 << 2)
  }

  /// Names numbered from 0, each with the list of active alerts carrying it and, for types,
  /// the definition. A name nothing uses any more keeps its number until there are many such
  /// names (a queue that empties and fills again would otherwise drop and re-add its type on
  /// every alert); then they all go and their numbers are reused.
  ///
  /// Paged (`PagedArray`, and an `IDIndex` of the names' hashes rather than a dictionary): a
  /// commit group with `--state` starts from a copy of the engine, and a change then copied
  /// every name's row, so that enqueueing under 10 000 types, keys or scopes, one new one a
  /// request, took 4 times as long as under one.
  struct NameTable: Sendable {
    /// The numbers of the names in use, filed under their names' hashes.
    private var index = IDIndex()
    /// By number; "" for a free number.
    private(set) var names = PagedArray<String>()
    var lists = PagedArray<AlertList>()
    /// A type's definition (types only).
    var definitions = PagedArray<AlertTypeDefinition?>()
    /// Whether the number is in use (numbered a name), by number.
    private var numbered = PagedArray<Bool>()
    private var free = PagedArray<Int32>()
    /// The numbers that became unused since the last sweep (`didRelease`), each listed once
    /// (`listed`): the sweep looks at them, not at every number there ever was (after a burst
    /// of 200 000 keys, each sweep of a few dozen walked all 200 000).
    private var unusedSinceSweep = PagedArray<Int32>()
    private var listed = PagedArray<Bool>()
    /// Numbered names without alert or definition.
    private(set) var unusedCount = 0

    /// The number of `name`, nil when it has none.
    /// - Complexity: O(1) expected (a hash of the name).
    func number(of name: String) -> Int32? {
      number(of: name, hash: IDIndex.hash(name))
    }

    private func number(of name: String, hash: UInt32) -> Int32? {
      index.slot(hash: hash) { names[Int($0)] == name }
    }

    /// The number of `name`, given one when it has none.
    mutating func intern(_ name: String) -> Int32 {
      let hash = IDIndex.hash(name)
      if let number = number(of: name, hash: hash) { return number }
      let number: Int32
      if !free.isEmpty {
        number = free.removeLast()
        names[Int(number)] = name
        numbered[Int(number)] = true
      } else {
        number = Int32(names.count)
        names.append(name)
        lists.append(AlertList())
        definitions.append(nil)
        numbered.append(true)
        listed.append(false)
      }
      index.insert(slot: number, hash: hash)
      unusedCount += 1
      list(number)
      return number
    }

    /// Notes that `number` is unused, for the next sweep.
    private mutating func list(_ number: Int32) {
      guard !listed[Int(number)] else { return }
      listed[Int(number)] = true
      unusedSinceSweep.append(number)
    }

    private func isUnused(_ row: Int) -> Bool {
      lists[row].count == 0 && definitions[row] == nil
    }

    /// Call before giving `number` an alert or a definition.
    mutating func willUse(_ number: Int32) {
      if isUnused(Int(number)) { unusedCount -= 1 }
    }

    /// Call after `number` lost an alert or its definition: once unused names are many (more
    /// than 64 and than half of all), they all go.
    /// - Complexity: amortized O(1)
    mutating func didRelease(_ number: Int32) {
      guard isUnused(Int(number)) else { return }
      unusedCount += 1
      list(number)
      guard unusedCount > 64, unusedCount * 2 > index.count else { return }
      // Every unused name is listed: it was when numbered or when it last became unused.
      for number in unusedSinceSweep {
        let row = Int(number)
        listed[row] = false
        guard numbered[row], isUnused(row) else { continue }  // in use again
        index.remove(slot: number, hash: IDIndex.hash(names[row]))
        names[row] = ""
        numbered[row] = false
        free.append(number)
      }
      unusedSinceSweep.removeAll()
      unusedCount = 0
    }

    /// Sets the definition of type `name` (types only).
    mutating func define(_ name: String, as definition: AlertTypeDefinition) {
      let number = intern(name)
      willUse(number)
      definitions[Int(number)] = definition
    }

    /// The numbers in use.
    var used: [Int32] { names.indices.filter { numbered[$0] }.map { Int32($0) } }

    func _checkInvariants() {
      precondition(index.count + free.count == names.count, "name numbers out of step")
      precondition(
        lists.count == names.count && definitions.count == names.count
          && numbered.count == names.count && listed.count == names.count, "sizes")
      var unused = 0
      for row in names.indices where numbered[row] {
        precondition(number(of: names[row]) == Int32(row), "name filed under another number")
        if isUnused(row) {
          unused += 1
          precondition(listed[row], "unused name not listed for the sweep")
        }
      }
      precondition(
        unusedSinceSweep.count == listed.lazy.filter { $0 }.count
          && unusedSinceSweep.allSatisfy { listed[Int($0)] }, "sweep list out of step")
      precondition(unused == unusedCount, "unused names miscounted")
      precondition(used.count == index.count, "numbers in use miscounted")
      for number in free {
        let row = Int(number)
        precondition(!numbered[row], "free number in use")
        precondition(lists[row] == AlertList() && definitions[row] == nil, "free name in use")
      }
    }
  }

  // MARK: - Slots

  /// The slot of the alert (active or ended) with this id.
  /// - Complexity: O(1) expected (a hash of the id).
  func slot(of id: String) -> Int32? {
    slot(of: id, hash: IDIndex.hash(id))
  }

  /// The slot of the alert with this id, whose hash (`IDIndex.hash`) is `hash`.
  @inline(__always)
  func slot(of id: String, hash: UInt32) -> Int32? {
    idIndex.slot(hash: hash) { alerts[Int($0)].id == id }
  }

  /// Stores `alert` and its `record` in a free slot and files it under its id, whose hash is
  /// `idHash` when the caller has it already (hashing an id costs ≈200 instructions).
  mutating func allocate(_ alert: consuming Alert, _ record: Record, idHash: UInt32? = nil)
    -> Int32
  {
    let hash = idHash ?? IDIndex.hash(alert.id)
    let slot: Int32
    if let reused = freeSlots.popLast() {
      slot = reused
      alerts[Int(slot)] = alert
      records[Int(slot)] = record
    } else {
      // The tables grow a page at a time, moving nothing already stored (PagedArray).
      slot = Int32(records.count)
      alerts.append(alert)
      records.append(record)
      waitingPositions.append(-1)
      preemptingPositions.append(-1)
      showingPositions.append(-1)
    }
    records[Int(slot)].idHash = hash
    idIndex.insert(slot: slot, hash: hash)
    return slot
  }

  /// Frees the slot of an ended alert (out of every index already).
  ///
  /// The alert's `data` and `result` (any size) go now; the rest of it stays in the slot until
  /// the slot is reused, which overwrites it. Clearing the whole alert here would read all of
  /// its cache lines, and the alert freed is usually the oldest of a history, long out of the
  /// caches: that was a quarter of the memory traffic of an `alert.cancel`. What stays is
  /// bounded: names of at most 256 characters (none on the heap when short), and numbers.
  mutating func release(_ slot: Int32) {
    idIndex.remove(slot: slot, hash: records[Int(slot)].idHash)
    records[Int(slot)].isLive = false
    alerts[Int(slot)].data = nil
    alerts[Int(slot)].result = nil
    freeSlots.append(slot)
  }

  // MARK: - Lists

  /// Appends `slot` to a list whose ends are `list`.
  static func append(
    _ slot: Int32, kind: ListKind, to list: inout AlertList, records: inout PagedArray<Record>
  ) {
    records[Int(slot)][link: kind] = Link(previous: list.last, next: -1)
    if list.last >= 0 {
      records[Int(list.last)][link: kind].next = slot
    } else {
      list.first = slot
    }
    list.last = slot
    list.count += 1
  }

  /// Takes `slot` off a list whose ends are `list`.
  static func unlink(
    _ slot: Int32, kind: ListKind, from list: inout AlertList, records: inout PagedArray<Record>
  ) {
    let link = records[Int(slot)][link: kind]
    if link.previous >= 0 {
      records[Int(link.previous)][link: kind].next = link.next
    } else {
      list.first = link.next
    }
    if link.next >= 0 {
      records[Int(link.next)][link: kind].previous = link.previous
    } else {
      list.last = link.previous
    }
    list.count -= 1
    records[Int(slot)][link: kind] = Link()
  }

  /// The slots on a list, first to last.
  func slots(on list: AlertList, kind: ListKind) -> [Int32] {
    var slots: [Int32] = []
    slots.reserveCapacity(list.count)
    var slot = list.first
    while slot >= 0 {
      slots.append(slot)
      slot = records[Int(slot)][link: kind].next
    }
    return slots
  }

  /// The slots of the showing alerts (a few per queue, kept apart in each queue's `showing`
  /// heap) of the queue at `queue`, or of every queue, in no particular order.
  func showingSlots(of queue: Int?) -> [Int32] {
    var slots: [Int32] = []
    slots.reserveCapacity(queue.map { queues[$0].showing.nodes.count } ?? counts.showing)
    for index in queue.map({ [$0] }) ?? Array(queues.indices) {
      slots.append(contentsOf: queues[index].showing.nodes.lazy.map(\.slot))
    }
    return slots
  }

  /// Puts a new active alert on its queue's, type's, key's and scope's lists.
  mutating func addToActiveLists(_ slot: Int32) {
    let row = Int(slot)
    let (queue, typeName) = (records[row].queue, records[row].typeName)
    let (keyName, scopeName) = (records[row].keyName, records[row].scopeName)
    Self.append(slot, kind: .queue, to: &queues[queue].active, records: &records)
    typeNames.willUse(typeName)
    Self.append(slot, kind: .type, to: &typeNames.lists[Int(typeName)], records: &records)
    if keyName >= 0 {
      keyNames.willUse(keyName)
      Self.append(slot, kind: .key, to: &keyNames.lists[Int(keyName)], records: &records)
    }
    if scopeName >= 0 {
      scopeNames.willUse(scopeName)
      Self.append(
        slot, kind: .scope, to: &scopeNames.lists[Int(scopeName)], records: &records)
    }
  }

  /// Takes an alert that ended off every list, giving up names nothing uses any more.
  mutating func removeFromActiveLists(_ slot: Int32) {
    let row = Int(slot)
    let (queue, typeName) = (records[row].queue, records[row].typeName)
    let (keyName, scopeName) = (records[row].keyName, records[row].scopeName)
    Self.unlink(slot, kind: .queue, from: &queues[queue].active, records: &records)
    Self.unlink(slot, kind: .type, from: &typeNames.lists[Int(typeName)], records: &records)
    typeNames.didRelease(typeName)
    if keyName >= 0 {
      Self.unlink(slot, kind: .key, from: &keyNames.lists[Int(keyName)], records: &records)
      keyNames.didRelease(keyName)
    }
    if scopeName >= 0 {
      Self.unlink(
        slot, kind: .scope, from: &scopeNames.lists[Int(scopeName)], records: &records)
      scopeNames.didRelease(scopeName)
    }
    records[Int(slot)].typeName = -1
    records[Int(slot)].keyName = -1
    records[Int(slot)].scopeName = -1
  }

  // MARK: - Heaps and timers

  /// Files a pending or suspended alert among its queue's waiting alerts.
  /// - Complexity: O(log n)
  mutating func insertWaiting(_ slot: Int32) {
    let row = Int(slot)
    let (queue, scope) = (records[row].queue, records[row].scopeName)
    let rank = ShowRank(priority: alerts[row].priority, seq: alerts[row].seq)
    queues[queue].waiting.upsert(slot, scope: scope, rank: rank, positions: &waitingPositions)
    if records[row].preempt {
      queues[queue].preempting.upsert(
        slot, scope: scope, rank: rank, positions: &preemptingPositions)
    }
  }

  /// - Complexity: O(log n)
  mutating func removeWaiting(_ slot: Int32) {
    let queue = records[Int(slot)].queue
    let scope = records[Int(slot)].scopeName
    queues[queue].waiting.remove(slot, scope: scope, positions: &waitingPositions)
    if records[Int(slot)].preempt {
      queues[queue].preempting.remove(slot, scope: scope, positions: &preemptingPositions)
    }
  }

  /// Sets one of the alert's timers (`kind`: one of `.ready`, `.expire`, `.dismiss`).
  mutating func schedule(_ kind: TimerSet, of slot: Int32, at due: Int64) {
    timers.schedule(Self.timer(kind, of: slot), at: due)
    records[Int(slot)].timers.insert(kind)
  }

  /// Cancels one of the alert's timers, if it is set.
  mutating func cancelTimer(_ kind: TimerSet, of slot: Int32) {
    guard records[Int(slot)].timers.contains(kind) else { return }
    timers.cancel(Self.timer(kind, of: slot))
    records[Int(slot)].timers.remove(kind)
  }

  static func timer(_ kind: TimerSet, of slot: Int32) -> Timer {
    switch kind {
    case .ready: return .ready(slot)
    case .expire: return .expire(slot)
    default: return .dismiss(slot)
    }
  }
}
