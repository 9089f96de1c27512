#if canImport(Glibc)
  import Glibc
#endif

/// The machine's clocks, as the engine reads them: the state file's waits
/// (`--state-wait-ms`) and the engine clock (its system mode, and the wall-clock date of its
/// start) read them here.
public enum RealTime {
  /// Milliseconds on `CLOCK_BOOTTIME`: real time, a suspend included (as engine time counts
  /// it), whether or not this process got a processor meanwhile.
  @inlinable
  public static func milliseconds() -> Int64 { milliseconds(on: CLOCK_BOOTTIME) }

  /// Milliseconds since the Unix epoch on `CLOCK_REALTIME`: the wall-clock date, which may
  /// jump (only read once, at start).
  @inlinable
  public static func wallMilliseconds() -> Int64 { milliseconds(on: CLOCK_REALTIME) }

  @inlinable
  static func milliseconds(on clock: clockid_t) -> Int64 {
    var spec = timespec()
    clock_gettime(clock, &spec)
    return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
  }
}
