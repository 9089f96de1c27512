#if canImport(Glibc)
  import Glibc
#endif

/// Real time as the engine counts it: the state file's waits (`--state-wait-ms`) and the
/// engine clock's system mode both read it here.
public enum RealTime {
  /// Milliseconds on `CLOCK_BOOTTIME`: real time, a suspend included (as engine time counts
  /// it), whether or not this process got a processor meanwhile.
  @inlinable
  public static func milliseconds() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_BOOTTIME, &spec)
    return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
  }
}
