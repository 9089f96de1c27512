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
    let candidates: [Int32]
    if let name = filter.queue {
      guard let queue = queueIndex[name] else { return [] }
      let active = slots(on: queues[queue].active, kind: .queue)
      let ended = queues[queue].history.all.filter(isLive).map(\.slot)
      candidates = active + ended
    } else {
      candidates = records.indices.filter { records[$0].isLive }.map { Int32($0) }
    }
    let states = filter.states.map(Set.init)
    return
      candidates
      .filter { slot in
        let alert = alerts[Int(slot)]
        return (states?.contains(alert.state) ?? true)
          && (filter.type.map { $0 == alert.type } ?? true)
          && (filter.scope.map { $0 == alert.scope } ?? true)
      }
      .sorted { presentationOrder($0, $1) }
      .map { alerts[Int($0)] }
  }

  /// Whether `lhs` comes before `rhs` in `alert.list`.
  func presentationOrder(_ lhsSlot: Int32, _ rhsSlot: Int32) -> Bool {
    let (lhs, rhs) = (records[Int(lhsSlot)], records[Int(rhsSlot)])
    func group(_ state: AlertState) -> Int {
      switch state {
      case .showing: return 0
      case .pending, .suspended: return 1
      case .scheduled: return 2
      case .done, .cancelled, .expired: return 3
      }
    }
    let (left, right) = (alerts[Int(lhsSlot)], alerts[Int(rhsSlot)])
    let (leftGroup, rightGroup) = (group(left.state), group(right.state))
    guard leftGroup == rightGroup else { return leftGroup < rightGroup }
    switch leftGroup {
    case 0:
      return lhs.showSeq < rhs.showSeq
    case 1:
      return ShowRank(priority: left.priority, seq: left.seq)
        < ShowRank(priority: right.priority, seq: right.seq)
    case 2:
      let (leftReady, rightReady) = (
        left.readyAt ?? left.createdAt, right.readyAt ?? right.createdAt
      )
      return leftReady != rightReady ? leftReady < rightReady : left.seq < right.seq
    default:
      return lhs.endOrder > rhs.endOrder
    }
  }
}
