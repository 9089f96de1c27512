// Reads: `alert.get`, `alert.list`, stats.

extension AlertManager {
  /// `alert.get`: an active alert, or an ended one still in its queue's history.
  /// - Throws: `.notFound(kind: "alert", id:)`.
  /// - Complexity: O(1)
  public func alert(id: String) throws(CoreError) -> Alert {
    guard let record = records[id] else { throw .notFound(.alert, id: id) }
    return record.alert
  }

  /// `alert.list`: the alerts matching every filter given, showing ones first (in the order
  /// they started showing), then pending and suspended ones in the order they would show,
  /// then scheduled ones by `readyAt`, then ended ones, newest first.
  /// - Complexity: O(m log m) for the m alerts of the queue (or of the manager).
  public func list(_ filter: AlertListFilter = AlertListFilter()) -> [Alert] {
    let candidates: [Record]
    if let name = filter.queue {
      guard let queue = queueIndex[name] else { return [] }
      let active = queues[queue].activeIDs.compactMap { records[$0] }
      let ended = queues[queue].history.all.compactMap { entry -> Record? in
        guard let record = records[entry.id], record.alert.state.isEnded,
          record.endOrder == entry.endOrder
        else { return nil }
        return record
      }
      candidates = active + ended
    } else {
      candidates = Array(records.values)
    }
    let states = filter.states.map(Set.init)
    return
      candidates
      .filter { record in
        let alert = record.alert
        return (states?.contains(alert.state) ?? true)
          && (filter.type.map { $0 == alert.type } ?? true)
          && (filter.scope.map { $0 == alert.scope } ?? true)
      }
      .sorted(by: Self.presentationOrder)
      .map(\.alert)
  }

  /// Whether `lhs` comes before `rhs` in `alert.list`.
  static func presentationOrder(_ lhs: Record, _ rhs: Record) -> Bool {
    func group(_ state: AlertState) -> Int {
      switch state {
      case .showing: return 0
      case .pending, .suspended: return 1
      case .scheduled: return 2
      case .done, .cancelled, .expired: return 3
      }
    }
    let (left, right) = (lhs.alert, rhs.alert)
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
