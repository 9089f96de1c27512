import CLinux
import OrdoRPC

#if canImport(Glibc)
  import Glibc
#endif

/// Set from the SIGTERM/SIGINT/SIGHUP handler; read by the loop between polls.
nonisolated(unsafe) private var terminationSignal: sig_atomic_t = 0
/// Set from the SIGUSR1 handler, cleared when the loop has logged `engine.stats`.
nonisolated(unsafe) private var statsAsked: sig_atomic_t = 0
/// The write end of the self-pipe that wakes the loop's poll when a signal arrives.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The process's one loop: `poll(2)` over stdin, stdout and a signal self-pipe, with the next timer as the
/// timeout. Reads what is there, frames it, runs every complete message in order, and
/// writes the output when the input is drained (or the output is large), so pipelined
/// requests cost few syscalls. While output waits, reading goes on up to `highWater`
/// bytes of pending output, then stops until the client reads; the messages of a read
/// stop there too, the rest kept, read, until then: a client that does not read cannot
/// make the engine buffer without bound (one message's answer aside), nor block its reads
/// forever.
public struct StdioLoop {
  let session: Session
  /// The loop's output queue: what the session sent, waiting for stdout.
  var outbox: Outbox
  let input: Int32
  let output: Int32
  /// Pending output beyond which input is not read.
  let highWater = 8 << 20
  /// Pending output at which a write is made even though more input is waiting.
  let flushThreshold = 256 << 10
  /// Reads (of up to 64 KiB) after which pending output is written and signals and timers
  /// are looked at, even though more input is waiting.
  let maxReadsBetweenWrites = 64
  private var inputOpen = true
  /// The client closed stdin while reading was paused with input left unread.
  private var inputHungUpWithMore = false
  /// The `errno` of a write to stdout that failed other than by its reader leaving; 0 if none.
  private var outputFailure: Int32 = 0

  public init(session: Session, input: Int32 = 0, output: Int32 = 1) {
    self.session = session
    self.input = input
    self.output = output
    outbox = session.makeOutbox()
    session.outputLimit = highWater
  }

  private var log: Log { session.log }

  /// Runs until EOF, `exit`, a signal or a closed stdout; returns the exit status.
  public mutating func run() -> Int32 {
    let status = serve()
    // A stdout that failed while its reader was there (a full disk, a file size limit) lost
    // answers, which status 0 would hide: 3, as `call` says it.
    return outputFailure == 0 ? status : 3
  }

  private mutating func serve() -> Int32 {
    let signalPipe = makeSignalPipe()
    installSignalHandlers()
    avoidBlockingWrites(to: output)
    // Log lines are dropped, not waited for, when a client never reads stderr.
    if output != 2 { avoidBlockingWrites(to: 2) }
    defer {
      // Said before the process ends, while stderr still cannot stall it.
      writeDroppedLogNotice(waitMs: 1000)
    }
    var readBuffer = [UInt8](repeating: 0, count: 1 << 16)
    let alarm = WakeUpAlarm()

    while true {
      if let status = session.exitStatus {
        session.flush(&outbox)
        _ = flushBlocking()
        return status
      }
      if terminationSignal != 0 {
        log(.info, "signal \(terminationSignal): flushing and exiting")
        // As at the end of input: what fell due (while the process was stopped, say) is
        // applied and sent before the engine ends. (Not after `exit`, looked at first: no
        // timer fires after it, and its exit status stands.)
        session.fireDueTimers(into: &outbox)
        session.flush(&outbox)
        _ = flushBlocking()
        return 0
      }
      logStatsIfAsked()
      if !inputOpen { return finishAfterEndOfInput(signalPipe: signalPipe) }
      // Messages read before, left while the output owed was at the high water mark: handled
      // (in order, before anything is read) once the client has read some of it.
      if session.hasBufferedInput, outbox.pendingCount < highWater {
        session.fireDueTimers(into: &outbox)
        session.receiveBuffered(into: &outbox)
        session.flush(&outbox)
        if outbox.writableCount > 0, !writePending() { return 0 }
        continue
      }
      let pending = outbox.pendingCount

      var fds: [pollfd] = []
      if signalPipe >= 0 { fds.append(pollfd(fd: signalPipe, events: Int16(POLLIN), revents: 0)) }
      let readInput = inputOpen && pending < highWater
      if readInput {
        fds.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0))
      } else if inputOpen && !inputHungUpWithMore {
        // Not reading (too much owed), but told when the client closes stdin: with nothing
        // left unread, that is the end of input, and no timer may fire after it.
        fds.append(pollfd(fd: input, events: 0, revents: 0))
      }
      if outbox.writableCount > 0 {
        fds.append(pollfd(fd: output, events: Int16(POLLOUT), revents: 0))
      }
      let wakeUp = alarm.set(inMilliseconds: session.millisecondsUntilNextTimer)
      if let entry = wakeUp.entry { fds.append(entry) }
      let ready = poll(&fds, nfds_t(fds.count), wakeUp.timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        log(.error, "poll failed: errno \(errno)")
        return 1
      }
      session.fireDueTimers(into: &outbox)
      for fd in fds where fd.revents != 0 {
        if fd.fd == signalPipe {
          // The signal's flag is looked at outside this loop; emptied, the pipe wakes the
          // next poll only for the next signal (SIGUSR1 leaves the engine running).
          Self.drain(signalPipe)
        } else if fd.fd == wakeUp.entry?.fd {
          continue  // the timers are looked at outside this loop
        } else if fd.fd == input {
          guard readInput else {
            // A hang-up: read the end of input now if nothing is left before it; else it
            // comes when reading resumes (and the hang-up, reported at every poll, is not
            // asked for again until then).
            var unread: Int32 = 0
            if !session.hasBufferedInput, ioctl(input, UInt(FIONREAD), &unread) == 0,
              unread == 0
            {
              readAvailable(into: &readBuffer)
            } else {
              inputHungUpWithMore = true
            }
            continue
          }
          readAvailable(into: &readBuffer)
          // Pipelined input: keep reading while more is already waiting, then write once.
          // Bounded by reads too (and by a signal, or a timer due or fired while the input
          // was handled): a flood of input that answers nothing (notifications) must not
          // hold back what is owed meanwhile.
          var reads = 1
          while inputOpen, session.exitStatus == nil, outbox.pendingCount < flushThreshold,
            reads < maxReadsBetweenWrites, terminationSignal == 0, statsAsked == 0,
            !session.timerFiredSinceRelease, (session.millisecondsUntilNextTimer ?? 1) > 0,
            inputIsReady()
          {
            readAvailable(into: &readBuffer)
            reads += 1
          }
        }
      }
      session.flush(&outbox)
      if outbox.writableCount > 0, !writePending() { return 0 }
    }
  }

  /// End of input: what fell due by now takes effect, what is owed is written, the process
  /// ends with 0. No timer fires after it, however slowly the client reads (what it got once
  /// depended on how fast it read); a client that reads is waited for as long as it takes
  /// (`ordo < session | less`), and a signal then bounds the wait as it does anywhere.
  private mutating func finishAfterEndOfInput(signalPipe: Int32) -> Int32 {
    session.fireDueTimers(into: &outbox)
    session.flush(&outbox)
    while outbox.writableCount > 0 {
      var fds = [pollfd(fd: output, events: Int16(POLLOUT), revents: 0)]
      if signalPipe >= 0 { fds.append(pollfd(fd: signalPipe, events: Int16(POLLIN), revents: 0)) }
      let ready = poll(&fds, nfds_t(fds.count), -1)
      // Emptied before the flags are looked at: a signal that lands after the look writes
      // its byte after the emptying, and wakes the next poll (emptied after it, the byte of
      // a SIGTERM landing in between was lost, and the poll waited for the client).
      if fds.count > 1, fds[1].revents != 0 { Self.drain(signalPipe) }
      if terminationSignal != 0 {
        log(.info, "signal \(terminationSignal): flushing and exiting")
        _ = flushBlocking()
        return 0
      }
      logStatsIfAsked()
      if ready < 0 {
        if errno == EINTR { continue }
        log(.error, "poll failed: errno \(errno)")
        return 1
      }
      if fds[0].revents != 0, !writePending() { return 0 }
    }
    return 0
  }

  /// Reads once and runs every complete message.
  private mutating func readAvailable(into readBuffer: inout [UInt8]) {
    let count = readBuffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
    if count < 0 {
      if errno == EINTR || errno == EAGAIN { return }
      let reason = String(cString: strerror(errno))
      log(.warn, "stdin could not be read (\(reason)); treating it as the end of input")
    }
    guard count > 0 else {
      session.finishInput()
      inputOpen = false
      return
    }
    readBuffer.withUnsafeBytes {
      session.receive(UnsafeRawBufferPointer(rebasing: $0[0..<count]), into: &outbox)
    }
  }

  private func inputIsReady() -> Bool {
    var fd = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
    return poll(&fd, 1, 0) > 0
  }

  /// Writes what stdout takes now; false when stdout is gone (the client left).
  private mutating func writePending() -> Bool {
    while outbox.writableCount > 0 {
      var failure: Int32 = 0
      let count = outbox.write { bytes in
        let written = writeSome(output, bytes.baseAddress, bytes.count)
        if written < 0 { failure = errno }
        return written
      }
      if count < 0 {
        if failure == EINTR { continue }
        if failure == EAGAIN { break }
        if failure == EPIPE || failure == ECONNRESET || (failure == EIO && isHungUpTerminal(output))
        {
          log(.info, "stdout closed (errno \(failure)); exiting")
        } else {
          outputFailure = failure
          let reason = String(cString: strerror(failure))
          log(.error, "stdout could not be written (\(reason)); exiting, what it did not take lost")
        }
        return false
      }
    }
    return true
  }

  /// Whether `fd` is a terminal that hung up (its window closed, its ssh session gone, its
  /// pty's master closed), whose writes fail with EIO: its reader is gone as surely as a
  /// pipe's. A hung-up terminal answers the terminal query itself with EIO, where a file
  /// (whose EIO is a failing disk) answers ENOTTY.
  private func isHungUpTerminal(_ fd: Int32) -> Bool {
    isatty(fd) == 1 || errno == EIO
  }

  /// Writes everything pending, waiting for stdout as needed (at exit).
  private mutating func flushBlocking() -> Bool {
    while outbox.writableCount > 0 {
      var fd = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
      let ready = poll(&fd, 1, 5000)
      if ready < 0 && errno == EINTR { continue }  // another signal: keep flushing
      if ready <= 0 { return false }
      if !writePending() { return false }
    }
    return true
  }

  /// Reads what the signal handlers wrote into the self-pipe.
  private static func drain(_ pipe: Int32) {
    var bytes = (0 as UInt64, 0 as UInt64)
    while withUnsafeMutableBytes(of: &bytes, { read(pipe, $0.baseAddress, $0.count) }) > 0 {}
  }

  /// `kill -USR1`: what the engine holds, as `engine.stats` answers it, in one line on
  /// stderr whatever `--log-level` says (it was asked for), between two messages.
  private func logStatsIfAsked() {
    guard statsAsked != 0 else { return }
    statsAsked = 0
    let stats = terminalSafe(session.engine.statsLine, keepingLineFeeds: false)
    writeStandardError("ordo [info] engine.stats (SIGUSR1): \(stats)\n")
  }

  /// A pipe whose read end becomes readable when a signal the loop handles arrives, so a
  /// signal that lands between the flag check and `poll` still wakes the loop.
  private func makeSignalPipe() -> Int32 {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return -1 }
    for fd in ends {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    signalPipeWriteEnd = ends[1]
    return ends[0]
  }

  private func installSignalHandlers() {
    signal(SIGPIPE, SIG_IGN)
    // One handler: SIGUSR1 asks for the stats line, the others end the engine.
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { signal in
      if signal == SIGUSR1 { statsAsked = 1 } else { terminationSignal = signal }
      var byte: UInt8 = 1
      _ = write(signalPipeWriteEnd, &byte, 1)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    // SIGHUP too: the terminal or the session that started the engine went away; what is
    // owed (and a --trace file's last records) is still written, as for SIGTERM. A signal
    // the process inherited as ignored stays ignored, as `call -` keeps it: `nohup ordo`
    // must outlive its terminal, and a shell script's background job (SIGINT ignored)
    // the Ctrl-C meant for the job in front.
    for signal in [SIGTERM, SIGINT, SIGHUP] where ordo_signal_is_ignored(signal) == 0 {
      sigaction(signal, &action, nil)
    }
    // SIGUSR1, whose default ends the process (at any byte of an answer), asks for a status
    // line instead, as `dd` gives one; the engine goes on, so its system calls are restarted.
    var asking = action
    asking.sa_flags = SA_RESTART
    if ordo_signal_is_ignored(SIGUSR1) == 0 { sigaction(SIGUSR1, &asking, nil) }
    // A parent may have spawned us with these blocked (the mask is inherited).
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for signal in [SIGTERM, SIGINT, SIGHUP, SIGUSR1] { sigaddset(&unblocked, signal) }
    sigprocmask(SIG_UNBLOCK, &unblocked, nil)
  }

  /// Writes to `fd` that never wait, when it is a pipe or socket, so a client that stops
  /// reading cannot stall the loop; terminals and files stay blocking. The flags of the
  /// open file description behind `fd` are left alone: it may be shared with another
  /// process (a client that passes its own stderr on, a shell's stdout), which O_NONBLOCK
  /// set there would make lose its own writes, even after this process ended. A pipe is
  /// opened again through /proc, which gives a description of our own, made non-blocking
  /// and put in `fd`'s place; where that is refused (a pipe another user made: its mode is
  /// 0600), and for a socket, `writeSome` writes without waiting instead.
  private func avoidBlockingWrites(to fd: Int32) {
    var status = stat()
    guard fstat(fd, &status) == 0 else { return }
    switch status.st_mode & S_IFMT {
    case S_IFIFO:
      let own = open("/proc/self/fd/\(fd)", O_WRONLY | O_NONBLOCK | O_CLOEXEC)
      if own >= 0, dup2(own, fd) >= 0 {
        close(own)
        return
      }
      log(.debug, "fd \(fd): cannot open the pipe again (errno \(errno)); polled writes")
      if own >= 0 { close(own) }
      writeWithoutWaiting(fd, as: .pipe)
    case S_IFSOCK:
      writeWithoutWaiting(fd, as: .socket)
    default:
      return
    }
  }
}
