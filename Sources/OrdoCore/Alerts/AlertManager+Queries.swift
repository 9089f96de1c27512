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
  /// - Complexity: O(m log m) for the m alerts of the queue (or of the manager).
  public func list(_ filter: AlertListFilter = AlertListFilter()) -> [Alert] {
    // The closures read these arrays, field by field: capturing `self` copied the whole
    // manager for the sort, and comparing two alerts copied both.
    let (alerts, records) = (self.alerts, self.records)
    let candidates: [Int32]
    if let name = filter.queue {
      guard let queue = queueIndex[name] else { return [] }
      let active = slots(on: queues[queue].active, kind: .queue)
      let ended = queues[queue].history.all.filter { Self.isLive($0, in: records) }.map(\.slot)
      candidates = active + ended
    } else {
      candidates = records.indices.filter { records[$0].isLive }.map { Int32($0) }
    }
    let states = filter.states.map(Set.init)
    return
      candidates
      .filter { slot in
        let row = Int(slot)
        return (states?.contains(alerts[row].state) ?? true)
          && (filter.type.map { $0 == alerts[row].type } ?? true)
          && (filter.scope.map { $0 == alerts[row].scope } ?? true)
      }
      .sorted { Self.presentationOrder($0, $1, alerts: alerts, records: records) }
      .map { alerts[Int($0)] }
  }

  /// Whether `lhsSlot` comes before `rhsSlot` in `alert.list`.
  static func presentationOrder(
    _ lhsSlot: Int32, _ rhsSlot: Int32, alerts: [Alert], records: [Record]
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
