// Reads: `alert.get`, `alert.list`, stats.

extension AlertManager {
  /// `alert.get`: an active alert, or an ended one still in its queue's history.
  /// - Throws: `.notFound(kind: "alert", id:)`.
  /// - Complexity: O(1)
  public func alert(id: String) throws(CoreError) -> Alert {
    guard let slot = slot(of: id) else { throw .notFound(.alert, id: id) }
    return alerts[Int(slot)]
  }

  /// `alert.list`: the alerts matching every filter given, showing ones first (in the order
  /// they started showing), then pending and suspended ones in the order they would show,
  /// then scheduled ones by `readyAt`, then ended ones, newest first.
  ///
  /// Active alerts come from the shortest of the lists the filters name (the queue's, the
  /// type's or the scope's active alerts), or from every queue's, or from the showing ones
  /// alone when `states` asks for no other active state and they are fewer; ended ones from
  /// the history of the queue, or of every queue. A side (active or ended) that `states`
  /// excludes, or that holds no alert in the states asked for (counted), is left out.
  /// - Complexity: O(c + m log m): c candidates so read, m of them matching.
  public func list(_ filter: AlertListFilter = AlertListFilter()) -> [Alert] {
    // The closures read these arrays, field by field: capturing `self` copied the whole
    // manager for the sort, and comparing two alerts copied both.
    let (alerts, records) = (self.alerts, self.records)
    var queue: Int?
    if let name = filter.queue {
      guard let index = queueIndex[name] else { return [] }
      queue = index
    }
    let states = filter.states.map(Set.init)
    // The active states asked for, and how many alerts are in them (counted): none, and the
    // active side is left out at once.
    let activeStates = states?.filter { !$0.isEnded }
    let inActiveStates = activeStates?.reduce(0) { $0 + counts[$1] } ?? counts.active
    var candidates: [Int32] = []
    if inActiveStates > 0 {
      var best: (list: AlertList, kind: ListKind)?
      func consider(_ list: AlertList?, kind: ListKind) {
        let list = list ?? AlertList()  // a name never used: no active alert has it
        if best.map({ list.count < $0.list.count }) ?? true { best = (list, kind) }
      }
      if let queue { consider(queues[queue].active, kind: .queue) }
      if let type = filter.type {
        consider(typeNames.number(of: type).map { typeNames.lists[Int($0)] }, kind: .type)
      }
      if let scope = filter.scope {
        consider(scopeNames.number(of: scope).map { scopeNames.lists[Int($0)] }, kind: .scope)
      }
      let showingCount = queue.map { queues[$0].showing.nodes.count } ?? inActiveStates
      if activeStates == [.showing], best.map({ showingCount < $0.list.count }) ?? true {
        candidates = showingSlots(of: queue)
      } else {
        candidates =
          best.map { slots(on: $0.list, kind: $0.kind) }
          ?? queues.flatMap { slots(on: $0.active, kind: .queue) }
      }
    }
    if states?.contains(where: \.isEnded) ?? true, counts.ended > 0 {
      for index in queue.map({ [$0] }) ?? Array(queues.indices) {
        candidates += queues[index].history.all.lazy.filter { Self.isLive($0, in: records) }
          .map(\.slot)
      }
    }
    return
      candidates
      .filter { slot in
        let row = Int(slot)
        return (states?.contains(alerts[row].state) ?? true)
          && (queue.map { $0 == records[row].queue } ?? true)
          && (filter.type.map { $0 == alerts[row].type } ?? true)
          && (filter.scope.map { $0 == alerts[row].scope } ?? true)
      }
      .sorted { Self.presentationOrder($0, $1, alerts: alerts, records: records) }
      .map { alerts[Int($0)] }
  }

  /// Whether `lhsSlot` comes before `rhsSlot` in `alert.list`.
  static func presentationOrder(
    _ lhsSlot: Int32, _ rhsSlot: Int32, alerts: PagedArray<Alert>, records: PagedArray<Record>
  ) -> Bool {
    let (lhs, rhs) = (Int(lhsSlot), Int(rhsSlot))
    func group(_ state: AlertState) -> Int {
      switch state {
      case .showing: return 0
      case .pending, .suspended: return 1
      case .scheduled: return 2
      case .done, .cancelled, .expired: return 3
      }
    }
    let (leftGroup, rightGroup) = (group(alerts[lhs].state), group(alerts[rhs].state))
    guard leftGroup == rightGroup else { return leftGroup < rightGroup }
    switch leftGroup {
    case 0:
      return records[lhs].showSeq < records[rhs].showSeq
    case 1:
      return ShowRank(priority: alerts[lhs].priority, seq: alerts[lhs].seq)
        < ShowRank(priority: alerts[rhs].priority, seq: alerts[rhs].seq)
    case 2:
      let leftReady = alerts[lhs].readyAt ?? alerts[lhs].createdAt
      let rightReady = alerts[rhs].readyAt ?? alerts[rhs].createdAt
      return leftReady != rightReady
        ? leftReady < rightReady : alerts[lhs].seq < alerts[rhs].seq
    default:
      return records[lhs].endOrder > records[rhs].endOrder
    }
  }
}
