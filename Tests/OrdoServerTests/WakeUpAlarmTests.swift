import OrdoStore
import Testing

@testable import OrdoServer

#if canImport(Glibc)
  import Glibc
#endif

/// The alarm that wakes the loops for the next timer on the clock engine time follows (a
/// suspend is not testable here: these check that it rings, is polled without a timeout,
/// and stops when set off).
@Suite struct WakeUpAlarmTests {
  private func poll(_ entry: pollfd, timeoutMs: Int32) -> Int32 {
    var entries = [entry]
    return Glibc.poll(&entries, 1, timeoutMs)
  }

  @Test func itRingsWhenTheWaitIsOver() {
    let alarm = WakeUpAlarm()
    let start = RealTime.milliseconds()
    let wakeUp = alarm.set(inMilliseconds: 50)
    #expect(wakeUp.timeout == -1)
    guard let entry = wakeUp.entry else {
      Issue.record("no timerfd")
      return
    }
    #expect(poll(entry, timeoutMs: 10_000) == 1)
    #expect(RealTime.milliseconds() - start >= 50)
  }

  @Test func setAgainOrOffItDoesNotRing() {
    let alarm = WakeUpAlarm()
    guard let entry = alarm.set(inMilliseconds: 20).entry else {
      Issue.record("no timerfd")
      return
    }
    #expect(poll(entry, timeoutMs: 1_000) == 1)
    // Setting it again clears the expiry nobody read.
    #expect(alarm.set(inMilliseconds: 60_000).entry != nil)
    #expect(poll(entry, timeoutMs: 100) == 0)
    // Off: nothing to wait for, no timeout; due now: no wait.
    #expect(alarm.set(inMilliseconds: 20).entry != nil)
    let off = alarm.set(inMilliseconds: nil)
    #expect(off.entry == nil && off.timeout == -1)
    #expect(poll(entry, timeoutMs: 100) == 0)
    let now = alarm.set(inMilliseconds: 0)
    #expect(now.entry == nil && now.timeout == 0)
  }
}
