/// A notification the engine sends the shell (docs/protocol.md#events), in the order it
/// happened. `at` is the engine time of the change: a timer's own instant when a timer
/// caused it.
public enum ScreenEvent: Equatable, Sendable {
  /// Display `alert` now; `resumed` when it was suspended; `layer`: its mounted layer when the
  /// alert has a `mount` (at top level if `mount.parent` was removed since the enqueue; nil
  /// only when the layer limit is reached).
  case alertShow(alert: Alert, resumed: Bool, at: Int64, layer: Layer?)
  /// Take alert `id` down now.
  case alertHide(id: String, queue: String, reason: HideReason, at: Int64)
  /// A showing alert's data or priority changed (dedupe `replace`).
  case alertUpdate(alert: Alert, at: Int64)
  /// `queue` went from busy to empty: nothing showing, suspended, pending or scheduled.
  case alertIdle(queue: String, at: Int64)
  /// Any state change (only while subscribed to `alert.changed`).
  case alertChanged(
    id: String, queue: String, state: AlertState, previous: AlertState, reason: ChangeReason,
    at: Int64)
}
