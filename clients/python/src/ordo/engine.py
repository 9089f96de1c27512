"""The blocking client: :class:`Engine` runs ``ordo`` as a subprocess.

Reading: whoever waits reads. A caller waiting for its answer (or for an event,
in ``wait_for``) reads the engine's stdout itself, one thread at a time (the
*leader*), and feeds the core, which completes every call answered in what was
read. The others sleep (*followers*, each on a lock of its own); after each read
the leader wakes them, and each finds its answer delivered or takes over reading. The
*reader* thread reads only when nobody has waited for ``GRACE`` seconds, so
events still reach their handlers when the program is idle, and sees the
engine exit. A thread handing answers to another costs two context switches,
so the common case, one caller, involves no other thread and no waiting.

When event handlers are due, a *dispatcher* thread runs them in order and
completes the answers read after their events (so a call returns only after
the handlers of the events written before its answer ran). A *stderr* thread
keeps the engine's last log lines for :class:`EngineExited`.
"""

from __future__ import annotations

import inspect
import math
import os
import select
import signal
import subprocess
import threading
import time
import warnings
import weakref
from _thread import LockType
from collections.abc import Iterator, Mapping
from functools import partial
from queue import SimpleQueue
from typing import IO, TYPE_CHECKING, Any, Callable, Literal, NoReturn, TypeVar, overload

from ._call import Call
from ._decode import dumps, envelope
from .api import EventsAPI, Sync
from .batch import Batch
from .core import (
    GOODBYE_WRITES,
    HELD_OPEN,
    NOTHING,
    READ_SIZE,
    STDERR_GRACE,
    STDOUT_GRACE,
    Core,
    Handler,
    Match,
    Plan,
    Predicate,
    Seconds,
    StderrLines,
    Tap,
    apart_from_the_terminal,
    call_timeout,
    log,
    pidfd,
    start_error,
    wait_timeout,
)
from .errors import EngineExited, OrdoError, OrdoException, OrdoTimeout
from .events import AlertChanged, AlertHide, AlertIdle, AlertShow, AlertUpdate, Event
from .timed import Timed

if TYPE_CHECKING:
    from typing_extensions import Self

T = TypeVar("T")
get_ident = threading.get_ident
#: The reader thread leaves reading to the threads that wait, and to those that waited
#: this recently (s): back-to-back calls then never find it reading.
GRACE = 0.005
#: A thread waiting on a condition looks again at least this often (s): a wake-up lost to
#: an interrupt (KeyboardInterrupt from a signal handler) costs a delay, never a hang.
RECHECK = 0.25
#: How long a waiter that saw the output end waits for the exit status (s).
EXIT_WAIT = 10.0
#: Reads of what stderr holds when its reader is told to stop (a pipe holds 64 KiB).
STDERR_DRAIN_READS = 16
#: The longest wait poll() takes (ms: a C int); a longer one is made of several.
POLL_MAX = 2**31 - 1
#: The reader thread waits for output this long at most (s) before it looks again (for the
#: engine's exit while another process holds its output open); it waits holding no
#: reference to the engine, so that an Engine dropped without close() can be collected
#: (see _Leftovers).
READER_RECHECK = 0.25


class _StderrReader:
    """Reads the engine's stderr on a thread of its own, line by line, until its end or until
    told to stop: after the exit, a process the engine left behind may hold stderr open, and
    write to it without pause. The thread owns its descriptors (stderr and the stop pipe):
    it closes them as it ends, so another thread never meets one closed, or reused."""

    def __init__(self, stream: IO[bytes], on_line: Callable[[bytes], None], name: str) -> None:
        self._stream = stream
        self._lines = StderrLines(on_line)
        self._stop_read, self._stop_write = os.pipe()
        self._lock = threading.Lock()
        self._ended = False
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)

    def stop(self, grace: float) -> None:
        """The rest of stderr, up to its end or ``grace`` s from now; returns when the thread
        ended, or ``grace`` s later still (a line's handler that blocks is not waited for)."""
        if self.thread is threading.current_thread():
            return
        self.thread.join(grace)
        with self._lock:
            if not self._ended:
                os.write(self._stop_write, b"x")
        self.thread.join(grace)

    def release_inherited(self) -> None:
        """In a forked child: closes the child's copies of the stop pipe (the thread, and
        whoever holds the lock, are the parent's). Closed already when the thread ended."""
        if not self._ended:
            self._ended = True
            os.close(self._stop_read)
            os.close(self._stop_write)

    def _run(self) -> None:
        fd = self._stream.fileno()
        poll = select.poll()
        poll.register(fd, select.POLLIN)
        poll.register(self._stop_read, select.POLLIN)
        try:
            while True:
                ready = {ready for ready, _ in poll.poll()}
                if self._stop_read in ready:  # first: a writer may never pause
                    # What the pipe holds already, though: a thread that ran late (a loaded
                    # machine) lost the engine's last words, which stop() waited for.
                    self._read_what_is_there(fd)
                    break
                chunk = os.read(fd, READ_SIZE)
                if not chunk:
                    break
                self._lines.feed(chunk)
        except OSError:
            pass
        finally:
            self._lines.end()
            with self._lock:
                self._ended = True
                os.close(self._stop_read)
                os.close(self._stop_write)
            self._stream.close()

    def _read_what_is_there(self, fd: int) -> None:
        """What can be read without waiting, up to STDERR_DRAIN_READS reads (a writer that
        never pauses is not followed)."""
        there = select.poll()
        there.register(fd, select.POLLIN)
        for _ in range(STDERR_DRAIN_READS):
            if not there.poll(0):
                return
            chunk = os.read(fd, READ_SIZE)
            if not chunk:
                return
            self._lines.feed(chunk)


def _sleeper() -> LockType:
    """A lock taken, for a thread to wait on until another one releases it."""
    sleeper = threading.Lock()
    sleeper.acquire()
    return sleeper


def _wake(sleepers: list[LockType]) -> None:
    """Holding the engine's ``_lock``: wake every sleeper."""
    for sleeper in sleepers:
        sleeper.release()
    sleepers.clear()


class _Slot:
    """Where a blocking call's answer goes. ``received``: read (stop reading for it);
    ``done``: ``response`` or ``error`` set (it may be received but queued behind event
    handlers for a while). Set by the thread that reads or the dispatcher; a waiter that
    does not read itself sleeps until woken after each change.
    """

    __slots__ = ("done", "error", "nested", "received", "response")

    def __init__(self, nested: bool) -> None:
        self.response: dict[str, Any] = {}
        self.error: BaseException | None = None
        self.nested = nested  # issued from an event handler: never queued behind handlers
        self.received = False
        self.done = False


class _Leftovers:
    """What an Engine leaves to end when it is collected without close(): its process (and
    pipes), its dispatcher's queue and its pidfd. The client's threads hold the engine only
    weakly between their steps, so such an engine is collected as any object is; then this
    ends the engine as close() would without waiting (its input's end: it exits, status 0,
    as after ``exit``), stops the dispatcher, reaps the process, and says so with a
    ``ResourceWarning``, as the standard library does for a file or a subprocess left open."""

    __slots__ = ("closed", "items", "pidfd", "proc")

    def __init__(self, proc: subprocess.Popen[bytes], items: SimpleQueue[Any]) -> None:
        self.proc = proc
        self.items = items
        self.pidfd: int | None = None  # owned by the engine's reader while it lives
        self.closed = False  # close() finished: nothing is left

    def __call__(self) -> None:
        if self.closed:
            return
        proc = self.proc
        try:
            proc.stdin.close()  # type: ignore[union-attr]
        except OSError:
            pass
        self.items.put(None)
        pidfd, self.pidfd = self.pidfd, None
        if pidfd is not None:
            os.close(pidfd)

        def reap() -> None:
            # Its output read and dropped to the end, or an engine with more to write than
            # the pipe holds would wait to write it, never exit, and be killed.
            output = proc.stdout.fileno()  # type: ignore[union-attr]
            ready = select.poll()
            ready.register(output, select.POLLIN)
            deadline = time.monotonic() + EXIT_WAIT
            try:
                while (left := deadline - time.monotonic()) > 0:
                    if ready.poll(left * 1000) and os.read(output, READ_SIZE) == b"":
                        break
            except OSError:  # read as far as it could be
                pass
            try:
                proc.wait(max(deadline - time.monotonic(), 0))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            proc.stdout.close()  # type: ignore[union-attr]

        try:
            threading.Thread(target=reap, name=f"ordo-{proc.pid}-reap", daemon=True).start()
        except RuntimeError:  # collected at interpreter shutdown: no new thread; it exits
            pass
        # Last: with warnings made errors (pytest -W error), this raises.
        warnings.warn(
            f"ordo: an Engine (pid {proc.pid}) was dropped without close(); its engine is told"
            " to exit (use `with Engine(...)`, or close() in a finally)",
            ResourceWarning,
            stacklevel=2,
        )


def _dispatch_loop(
    items: SimpleQueue[Callable[[], object] | None], ref: weakref.ref[Engine]
) -> None:
    """The dispatcher thread: runs the queued items in order until a None. It holds no
    reference to the engine while it waits (see _Leftovers)."""
    while (item := items.get()) is not None:
        try:
            item()
        except BaseException:  # a bug: the dispatcher must outlive it, or calls hang
            log.exception("ordo dispatcher failed")
        del item
        engine = ref()
        if engine is None:
            return
        engine._ran += 1
        del engine


def _read_loop(ref: weakref.ref[Engine]) -> None:
    """The reader thread: reads while nobody waits, until the output ends. It waits for
    output holding no reference to the engine, READER_RECHECK s at most, then takes the
    engine for one step (see _Leftovers)."""
    engine = ref()
    if engine is None:
        return
    output = select.poll()
    output.register(engine._stdout, select.POLLIN)
    # The exit too, while another process may hold the output open; no longer once the
    # reading step closed the pidfd (a closed descriptor is always "ready").
    pidfd = engine._pidfd
    if pidfd is not None:
        output.register(pidfd, select.POLLIN)
    del engine
    while True:
        output.poll(READER_RECHECK * 1000)
        engine = ref()
        if engine is None or not engine._read_step():
            return
        if pidfd is not None and engine._pidfd is None:
            output.unregister(pidfd)
            pidfd = None
        del engine


class Events(EventsAPI[Sync]):
    """``engine.events``: ``subscribe``/``unsubscribe`` (``events.*`` methods) and, when
    called, an iterator over the events received (``for ev in engine.events(): …``).
    """

    def __init__(self, engine: Engine) -> None:
        super().__init__(engine)
        self._engine = engine

    def __call__(self, timeout: float | None = None) -> Iterator[Event]:
        """Yield events oldest first, consuming them. Stops when the engine is gone, or
        after ``timeout`` seconds without a new event (``timeout=0``: only those buffered).
        A bad ``timeout`` is a ValueError here, not at the first ``next()``.
        """
        wait = wait_timeout(timeout)
        return self._iterate(wait)

    def _iterate(self, wait: float | None) -> Iterator[Event]:
        pick = self._engine._pick_event("*", None)
        while (event := self._engine._until(pick, wait)) is not NOTHING:
            yield event


class Engine(Core[Sync, _Slot]):
    """An ``ordo`` engine subprocess and its typed API.

    >>> with Engine(clock="manual") as engine:
    ...     engine.layers.add("screen", frame=(0, 0, 390, 844))

    ``binary``: path of the engine (default: see :func:`ordo.find_engine`).
    ``framing``: ``"ndjson"`` or ``"lsp"``. ``clock``: ``"system"``/``"manual"``
    (``None``: the engine's default, system). ``args``: extra flags, e.g.
    ``["--max-layers", "100"]``. ``timeout``: seconds a call may wait for its
    answer (:class:`OrdoTimeout`). ``tap``: called with every message sent
    and received (for logging or schema checks; it runs on the caller's and
    the reader's threads and must not block).
    """

    def _init_transport(self) -> None:
        self.events: Events = Events(self)
        self._guard = threading.RLock()  # reentrant: a wait_for predicate may drain_events()
        # _lock guards _reading, _waiters, _active, the writer and the sleepers. Safe from
        # KeyboardInterrupt (a signal handler's exception lands between any two calls of
        # the main thread): flags a thread must give back (_reading, _writer) are set in the
        # same `with self._lock:` block as the test that takes them, and given back in a
        # finally; a thread waits on a lock of its own (a *sleeper*, registered under _lock,
        # released to wake it), outside any `with` block, never on a threading.Condition,
        # whose wait can be interrupted with its lock released.
        self._lock = threading.Lock()
        self._sleepers: list[LockType] = []  # woken after each read, and by _complete
        self._write_sleepers: list[LockType] = []  # woken when the writer is done
        self._writer: int | None = None  # the thread writing to stdin
        self._reading = False  # a thread (the leader) is reading stdout
        self._reads = 0  # reads ended so far
        self._waiters = 0  # threads in _lead
        self._active = 0.0  # time.monotonic() when a thread last left _lead
        self._detail = ""  # why the output ended, when the client decided it
        self._dispatch: SimpleQueue[Callable[[], object] | None] = SimpleQueue()
        self._queued = 0  # dispatcher items queued (written by the reader only)
        self._ran = 0  # dispatcher items done (written by the dispatcher only)
        self._close_lock = threading.Lock()
        # Set when a close() is done; a new one replaces it when a close() was interrupted.
        self._closed_event = threading.Event()
        self._exited_event = threading.Event()
        try:
            # Popen[bytes] spelt out: pyright takes **apart_from_the_terminal() (a dict of Any)
            # for a text= or encoding= that may be there, and so Popen[str].
            self._proc = subprocess.Popen[bytes](
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=self._env,
                cwd=self._cwd,
                bufsize=0,
                # Out of this program's process group: a terminal's Ctrl-C ended the engine
                # under a KeyboardInterrupt handler that still used it.
                **apart_from_the_terminal(),
            )
        except OSError as exc:  # a bad cwd, a binary the kernel cannot run
            raise start_error(exc, self.binary, self._cwd) from exc
        assert self._proc.stdin and self._proc.stdout and self._proc.stderr
        self._stdin: IO[bytes] = self._proc.stdin
        self._stdout = self._proc.stdout.fileno()
        # Non-blocking: the answer is often there by the time a caller reads, and a read
        # that finds it saves the poll; a read that does not tells so at once.
        os.set_blocking(self._stdout, False)
        self._poll = select.poll()
        self._poll.register(self._stdout, select.POLLIN)
        # The exit, as the kernel reports it (a pidfd; None where there is none): the output
        # is then read for STDOUT_GRACE more at most. Opened before anything reaps the child.
        self._pidfd = pidfd(self._proc.pid)
        if self._pidfd is not None:
            self._poll.register(self._pidfd, select.POLLIN)
        #: When the output counts as ended though still open (STDOUT_GRACE after the exit).
        self._held_until: float | None = None
        #: Reads land here: zeros but for what a read brought and was not taken yet (see
        #: _read_once).
        self._readbuf = bytearray(READ_SIZE)
        name = f"ordo-{self._proc.pid}"
        stderr_line = weakref.WeakMethod(self._stderr_line)

        def on_stderr_line(line: bytes) -> None:
            if (method := stderr_line()) is not None:
                method(line)

        self._stderr = _StderrReader(self._proc.stderr, on_stderr_line, f"{name}-stderr")
        # Functions of a weak reference, not the engine's methods: a thread's target is kept
        # while it runs, and would keep an engine dropped without close() for ever.
        ref = weakref.ref(self)
        self._leftovers = _Leftovers(self._proc, self._dispatch)
        self._leftovers.pidfd = self._pidfd
        self._threads = [self._stderr.thread] + [
            threading.Thread(target=target, args=args, name=f"{name}-{role}", daemon=True)
            for role, target, args in (
                ("dispatch", _dispatch_loop, (self._dispatch, ref)),
                ("reader", _read_loop, (ref,)),
            )
        ]
        self._dispatcher, self._reader = self._threads[1:]
        for thread in self._threads:
            thread.start()
        # Threads whose calls never wait for handlers: the dispatcher (handlers call from
        # it), and close()'s own thread when a handler closes the engine.
        self._nested = {self._dispatcher.ident}
        self._farewells: set[int] = set()  # close()'s threads saying goodbye
        finalizer = weakref.finalize(self, self._leftovers)
        finalizer.atexit = False  # at exit the pipes close, which ends the engine as ever
        self._own()

    def _release_inherited(self) -> None:
        self._leftovers.closed = True  # the child's finalizer must not end the engine
        # Unbuffered (bufsize=0): closing stdin flushes nothing into the parent's session.
        for stream in (self._proc.stdin, self._proc.stdout, self._proc.stderr):
            if stream is not None:
                stream.close()
        pidfd, self._pidfd = self._pidfd, None
        self._leftovers.pidfd = None
        if pidfd is not None:
            os.close(pidfd)
        self._stderr.release_inherited()

    # ------------------------------------------------------------------ lifecycle

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def pid(self) -> int:
        return self._proc.pid

    @property
    def returncode(self) -> int | None:
        """The exit status once the process ended (negative: killed by that signal)."""
        self._check_owner()  # poll() would say 0: the child cannot wait for it
        return self._proc.poll()

    @property
    def running(self) -> bool:
        self._check_owner()
        return self._exited is None and self._proc.poll() is None

    def close(self, timeout: float | None = 5.0) -> int | None:
        """``shutdown`` + ``exit``, then terminate and finally kill if the engine lingers.

        Idempotent; returns the exit status. ``timeout``: seconds for each step, 0 for no
        wait, ``None`` (or ``math.inf``) for no limit; a negative, NaN or non-number one is a
        ValueError before anything is done (the engine keeps running: it was killed at
        once, or close() failed deep inside and left it running for good).
        """
        timeout = wait_timeout(timeout, "close's timeout")
        if self._forked():
            # A forked child's copy (its `with` block, atexit, cleanup code): the engine is
            # the parent's, which goes on using it. Nothing to end here (the fork hook closed
            # the child's descriptors), nor to wait for (the _close_lock may be held for good).
            return None
        while True:
            with self._close_lock:
                second = self._closed
                self._closed = True
                closed = self._closed_event
            if not second:
                break
            # Another caller is closing: its status, once the engine is gone; not on the
            # client's own threads (a handler, a tap), which the first close() may be
            # waiting for: they get the status at once, None while the engine runs.
            if threading.current_thread() in self._threads or self._in_tap:
                return self._proc.poll()
            closed.wait()
            with self._close_lock:
                if self._closed_event is closed:  # that close() finished
                    return self._proc.poll()
            # That close() was interrupted or failed part way (an interrupted one replaces
            # the event): this one waits for the next close() (its caller's retry, say) or
            # does it all.
        if self._in_tap:
            # No goodbye, and no wait: the tap runs on the thread that writes (holding the
            # write lock) or reads the answers (which shutdown's answer, and an engine still
            # writing output, wait for), so it would wait for itself. The end of its input
            # stops the engine as exit does (status 0, what it read committed first); the
            # rest is done in the background, once the tap returned.
            self._end_input()

            def finish() -> None:
                try:
                    self._await_exit(timeout)
                    self._leftovers.closed = True
                finally:
                    closed.set()

            threading.Thread(target=finish, name="ordo-closed", daemon=True).start()
            return self._proc.poll()
        try:
            self._say_goodbye(timeout)
            self._end_input()
            status = self._await_exit(timeout)
            self._leftovers.closed = True
        except BaseException:
            # Interrupted (KeyboardInterrupt) or failed part way: a later close() does it
            # again, rather than return at once and leave the engine running; one waiting
            # for this one wakes and does it itself.
            with self._close_lock:
                self._closed = False
                self._closed_event = threading.Event()
            raise
        finally:
            closed.set()
        self._raise_kept()
        return status

    def _end_input(self) -> None:
        try:
            self._stdin.close()
        except OSError:
            pass

    def _say_goodbye(self, timeout: float | None) -> None:
        if self._exited is None and self._proc.poll() is None:
            # From a handler: shutdown's answer must not wait for handlers, this one included.
            in_handler = get_ident() in self._nested

            def farewell() -> None:
                if in_handler:
                    self._nested.add(get_ident())
                self._farewells.add(get_ident())  # a handler's exception is close()'s to raise
                try:
                    self._say_farewell(timeout)
                finally:
                    self._nested.discard(get_ident())
                    self._farewells.discard(get_ident())

            # In a thread of its own, waited for at most twice the timeout: a request stuck
            # on a full pipe (an engine that reads nothing) holds the write lock, and close()
            # must still go on to SIGTERM and SIGKILL, which free that writer too.
            # With timeout=0 the two writes are still let happen before the input ends.
            saying = threading.Thread(target=farewell, name="ordo-close", daemon=True)
            saying.start()
            _join(
                saying, GOODBYE_WRITES if timeout == 0 else None if timeout is None else 2 * timeout
            )

    def _interrupted_after_sending(self, batch: Batch, plan: Plan[_Slot], why: str) -> None:
        """Settles each entry of a written batch that waiting for was interrupted (``why``):
        with its answer when it came, else as sent and not awaited (its id forgotten: a
        late answer is dropped)."""
        for pending, slot, rid in plan.waits:
            if pending.done():
                continue
            if slot.done:
                if slot.error is not None:
                    pending._set_error(slot.error)
                else:
                    pending._settle(slot.response)
                continue
            self._endpoint.forget_id(rid)
            pending._set_error(self._sent_not_awaited(pending.call.method, why))
        for pending in batch.entries:
            if pending.call.notification and not pending.done():
                pending._set_error(self._sent_not_awaited(pending.call.method, why))

    @staticmethod
    def _sent_not_awaited(method: str, why: str) -> OrdoException:
        return OrdoException(
            f"{method}: the batch was sent (the engine applies it), but waiting for its answer"
            f" was interrupted: {why}"
        )

    def _say_farewell(self, timeout: float | None) -> None:
        """shutdown, then exit, on close()'s goodbye thread; what the engine answers or
        whether it is still there does not matter."""
        for step in (
            # close(timeout=0) writes shutdown and does not wait for its answer: a
            # notification, which the engine applies and does not answer (a call's own
            # timeout must be over 0).
            # No limit is math.inf to a call (None there is its default timeout).
            partial(self.call, "shutdown", timeout=math.inf if timeout is None else timeout)
            if timeout != 0
            else partial(self.notify, "shutdown"),
            partial(self.notify, "exit"),
        ):
            try:
                step()
            except OrdoException:
                pass

    def _await_exit(self, timeout: float | None) -> int | None:
        """After the end of the input: the exit (SIGTERM, then SIGKILL, if the engine
        lingers), then the client's threads."""
        try:
            self._proc.wait(timeout)
        except subprocess.TimeoutExpired:
            if timeout == 0:  # asked not to wait: it had no time to exit, it ignored nothing
                log.debug("ordo (pid %d): close(timeout=0) terminates it", self._proc.pid)
            else:
                log.warning("ordo (pid %d) ignored exit; terminating it", self._proc.pid)
            self._proc.terminate()
            try:
                self._proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        self._stderr.stop(STDERR_GRACE)  # the engine is gone: stderr's reader too, soon
        # The reader, then the dispatcher once it ran the reader's last item.
        for thread in (self._reader, None, self._dispatcher):
            if thread is None:
                self._dispatch.put(None)  # after the reader's last item
            elif thread is not threading.current_thread():
                _join(thread, timeout)
        # Closed by whoever reads its end, once nobody can read it any more: closed while a
        # thread still reads it (in the grace after the exit), its number could be another
        # file's by the time that thread reads again.
        with self._lock:
            if self._exited_event.is_set():
                self._proc.stdout.close()  # type: ignore[union-attr]
        return self._proc.returncode

    def kill(self) -> None:
        """SIGKILL the engine (calls in flight raise EngineExited)."""
        self._check_owner()
        if self._proc.poll() is None:
            self._proc.kill()

    # ------------------------------------------------------------------ calls

    def _invoke(self, call: Call[T]) -> T:
        return self._perform(call, self.timeout)

    def with_timeout(self, timeout: float | None) -> Timed[Sync]:
        """The typed methods, each call waiting ``timeout`` seconds (``None``: no limit)
        instead of the engine's ``timeout``: ``engine.with_timeout(2).layers.add("x")``.
        Refused as the engine's own is (``ValueError``), before anything is written."""
        return Timed(self._perform, call_timeout(timeout))

    # The round trip of one call, the path every wrapper takes: register a slot under a
    # fresh id, write the request (from a template), read until it is answered (on this
    # thread unless another one reads), decode. See bench/README.md for what it costs.

    def call(
        self, method: str, params: Mapping[str, Any] | None = None, *, timeout: float | None = None
    ) -> Any:
        """Call any method by its JSON-RPC name; returns the raw JSON result."""
        return self._perform(
            self._raw_call(method, params),
            self.timeout if timeout is None else call_timeout(timeout),
        )

    def notify(self, method: str, params: Mapping[str, Any] | None = None) -> None:
        """Send a notification (never answered)."""
        self._send(self._endpoint.notification(self._raw_call(method, params, True)))

    def _perform(self, call: Call[T], timeout: float | None) -> T:
        self._check_owner()
        if call.notification:
            self._send(self._endpoint.notification(call))
            if call.method == "exit":
                try:
                    self._proc.wait(timeout)
                except subprocess.TimeoutExpired:
                    raise OrdoTimeout(f"exit: the engine did not exit in {timeout} s") from None
                _wait_event(self._exited_event, timeout)
            return call.decode(None)
        me = get_ident()
        slot = _Slot(me in self._nested)
        endpoint = self._endpoint
        rid = 0
        mark = -1  # while recorded but not yet written: what endpoint.appended was
        try:
            params = dumps(call.params) if call.params else None  # may fail: before any record
            self._claim(me, timeout, call.method)
            if self._exited is not None:
                raise self._exited.again()
            mark = endpoint.appended
            if self._tap is None:
                rid = endpoint.open_written(slot)  # in write order: as the writer
            else:  # the tap sees the request before it counts as written
                rid = endpoint.open(slot)
                self._tap("send", endpoint.message(call, rid))
                endpoint.written_ids([rid])
            data = envelope(call.method, rid, params)
            data = data + b"\n" if self._ndjson else self._framer.encode(data)
            mark = -1
            try:
                written = self._stdin.write(data)
                while written < len(data):  # a partial write (a signal)
                    written += self._stdin.write(data[written:])
            except (OSError, ValueError):
                written = -1
            self._writer = None  # written: others may write now
            if self._write_sleepers:
                self._next_writer()
            if written < 0:
                self._stdin_closed()
        except BaseException:
            if mark >= 0:  # interrupted before writing: as if never sent
                endpoint.unwrite(mark, slot)
            elif rid:
                endpoint.forget_id(rid)
            raise
        finally:
            if self._writer == me:  # inline: a call could be interrupted before it ran
                self._writer = None
                if self._write_sleepers:
                    self._next_writer()
        if not slot.done:
            self._wait(slot, rid, call.method, timeout)
        if self._kept is not None:
            self._raise_kept()
        if slot.error is not None:
            raise slot.error
        response = slot.response
        if "error" in response:
            raise OrdoError.from_json(response["error"], call.method)
        return call.decode(response.get("result"))

    def _wait(self, slot: _Slot, rid: int, method: str, timeout: float | None) -> None:
        deadline = None if timeout is None else time.monotonic() + timeout
        if not self._lead(None, deadline, slot):
            if self._endpoint.forget_id(rid) is not None:
                if self._exited is not None:
                    raise self._exited.again()
                if self._eof:
                    raise self._ended()
                raise OrdoTimeout(f"{method}: no answer within {timeout} s")
            deadline = None  # answered at the last moment
        if slot.done:
            return
        # Received, but queued behind event handlers, which the dispatcher runs first.
        deadline = None if deadline is None else deadline + 1.0
        while not slot.done:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise OrdoTimeout(f"{method}: answered, but the event handlers did not finish")
            sleeper = _sleeper()
            with self._lock:
                if slot.done:
                    break
                self._sleepers.append(sleeper)
            self._sleep(sleeper, left, self._sleepers)

    def _send(self, message: Any) -> None:
        self._write(self._encode(message), "send", message)

    def send_raw(self, data: bytes) -> None:
        """Write ``data`` as one framed message, unchecked (for testing the engine's error
        paths). Its answer, which matches no call, is read with :meth:`next_stray`.
        """
        self._write(self._encode_raw(data), "send-raw", data)

    def raw(self, data: bytes | Any, timeout: float | None = None) -> Any:
        """Send raw bytes (or any JSON value, serialized as is) and return the engine's
        answer to them, e.g. ``{"jsonrpc": "2.0", "id": null, "error": …}``: the answer
        with their id when they have one, else the one the engine wrote for them in turn.
        None when the engine answered a later message first (they had no answer: a
        notification); OrdoTimeout when nothing came within ``timeout``.
        """
        wait = self.timeout if timeout is None else call_timeout(timeout)
        body = data if isinstance(data, bytes) else dumps(data)
        self._check_one_message(body)
        token = self._raw_begin()
        found = NOTHING
        try:
            self._write(self._encode_raw(body), "send-raw", body, token)
            found = self._until(self._pick_raw(token), wait)
        finally:
            found = self._raw_end(token, found)
        return self._found(found, "answer", wait)

    def next_stray(self, timeout: float | None = None) -> Any:
        """The next received message that answers no pending call."""
        wait = self.timeout if timeout is None else wait_timeout(timeout)
        return self._found(self._until(self._pick_stray, wait), "unmatched message", wait)

    def _claim(self, me: int, timeout: float | None, what: str) -> None:
        """Become the thread writing to stdin (``_writer``), waiting at most ``timeout``: a
        writer blocked on a full pipe (an engine that reads nothing) must not hold the other
        threads' calls past theirs. The caller gives it back in a ``finally`` (whatever
        interrupts it) when ``_writer`` is ``me``, clearing it before calling anything.
        """
        with self._lock:  # the test and the take, with nothing that can raise between
            if self._writer is None:
                self._writer = me
                return
        deadline = None if timeout is None else time.monotonic() + max(0.0, timeout)
        while True:
            sleeper = _sleeper()
            with self._lock:
                if self._writer is None:  # pyright: ignore[reportUnnecessaryComparison]  (another thread may have cleared it)
                    self._writer = me
                    return
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    text = f"an earlier request was still being written after {timeout} s"
                    raise OrdoTimeout(f"{what}: {text}")
                self._write_sleepers.append(sleeper)
            # A writer done since the test above may have looked at _write_sleepers before
            # the append (it does so unlocked): look again before sleeping.
            writer_gone = self._writer is None  # pyright: ignore[reportUnnecessaryComparison]  (another thread may have cleared it)
            self._sleep(sleeper, 0.0 if writer_gone else left, self._write_sleepers)

    def _next_writer(self) -> None:
        """The writer is done: wake the threads waiting to write (one of them takes over)."""
        with self._lock:
            _wake(self._write_sleepers)

    def _sleep(self, sleeper: LockType, timeout: float | None, sleepers: list[LockType]) -> None:
        """Wait until ``sleeper`` is woken (released), ``timeout`` passes, or RECHECK s: a
        wake-up lost to an interrupt must not strand a thread. Called holding no lock."""
        try:
            sleeper.acquire(True, RECHECK if timeout is None else max(0.0, min(timeout, RECHECK)))
        finally:
            with self._lock:
                if sleeper in sleepers:
                    sleepers.remove(sleeper)

    def _write(self, data: bytes, direction: str, message: Any, token: int = 0) -> None:
        self._check_owner()
        me = get_ident()
        mark = -1
        try:
            self._claim(me, self.timeout, "write")
            mark = self._endpoint.appended
            self._record(direction, message, data, token)
            mark = -1
            try:
                written = self._stdin.write(data)
                while written < len(data):  # a partial write (a signal)
                    written += self._stdin.write(data[written:])
                return
            except (OSError, ValueError):
                pass
        except BaseException:
            if mark >= 0:  # interrupted before writing: as if never sent
                self._endpoint.unwrite(mark)
            raise
        finally:
            if self._writer == me:  # inline: a call could be interrupted before it ran
                self._writer = None
                if self._write_sleepers:
                    self._next_writer()
        self._stdin_closed()

    def _stdin_closed(self) -> NoReturn:
        """The pipe is closed: the engine is gone. Report it as the reader sees it."""
        self._exited_event.wait(5.0)
        if self._exited is not None:
            raise self._exited.again()
        raise EngineExited(self._proc.poll(), self.stderr_tail, "stdin closed")

    # ------------------------------------------------------------------ batch

    def batch(self, *, timeout: float | None = None) -> SyncBatch:
        """Collect calls and send them as one JSON-RPC batch when the block ends.

        ``timeout``: seconds the whole batch waits for its answers (default: the engine's);
        one that is not over 0 is a ValueError here, before anything is collected.

        >>> with engine.batch() as b:
        ...     a = b.layers.add("a")
        ...     n = b.layers.sort_range()
        >>> a.result(), n.result()
        """
        return SyncBatch(self, timeout)

    def _send_batch(self, batch: Batch, timeout: float | None) -> None:
        self._check_owner()
        me = get_ident()
        nested = me in self._nested
        plan = self._plan(batch, lambda: _Slot(nested))
        if not plan.data:
            return
        mark = -1
        try:
            self._claim(me, timeout, "batch")
            mark = self._endpoint.appended
            self._record_batch(plan)
            mark = -1
            try:
                self._stdin.write(plan.data)  # whole: a pipe in blocking mode
                failed = False
            except (OSError, ValueError):
                failed = True
            self._writer = None
            if self._write_sleepers:
                self._next_writer()
            if failed:
                self._stdin_closed()
        except BaseException:
            if mark >= 0:  # interrupted before writing: as if never sent
                self._endpoint.unwrite(mark)
            for _, _, rid in plan.waits:
                self._endpoint.forget_id(rid)
            raise
        finally:
            if self._writer == me:  # inline: a call could be interrupted before it ran
                self._writer = None
                if self._write_sleepers:
                    self._next_writer()
        if not plan.waits:
            self._sent(batch)
            return
        deadline = None if timeout is None else time.monotonic() + timeout
        try:
            for pending, slot, rid in plan.waits:
                if not slot.done:
                    remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
                    try:
                        self._wait(slot, rid, pending.call.method, remaining)
                    except (OrdoTimeout, EngineExited) as exc:
                        # EngineExited: the end was read, the calls not failed yet (this
                        # entry is no longer pending, so it is settled here; the later ones
                        # are failed by then, as _ended waited for that).
                        pending._set_error(exc)
                        continue
                if slot.error is not None:
                    pending._set_error(slot.error)
                else:
                    pending._settle(slot.response)
        except BaseException as exc:
            # Interrupted (a KeyboardInterrupt) after the batch was written: the engine
            # applies it, but its answers are not awaited. Each entry not yet settled says so
            # (not "not sent yet"), as the asyncio batch's do when cancelled.
            self._interrupted_after_sending(batch, plan, repr(exc))
            raise
        if len(plan.waits) < len(batch):
            first, slot, _ = plan.waits[0]
            answered = slot.done and slot.error is None
            error = slot.error if slot.error is not None else first._error
            self._share_fate(
                batch,
                slot.response if answered else None,
                error if isinstance(error, Exception) else None,
            )
        self._raise_kept()

    # ------------------------------------------------------------------ events

    @overload
    def wait_for(
        self,
        name: Literal["alert.show"],
        predicate: Match[AlertShow] = None,
        timeout: Seconds = None,
    ) -> AlertShow: ...
    @overload
    def wait_for(
        self,
        name: Literal["alert.hide"],
        predicate: Match[AlertHide] = None,
        timeout: Seconds = None,
    ) -> AlertHide: ...
    @overload
    def wait_for(
        self,
        name: Literal["alert.update"],
        predicate: Match[AlertUpdate] = None,
        timeout: Seconds = None,
    ) -> AlertUpdate: ...
    @overload
    def wait_for(
        self,
        name: Literal["alert.idle"],
        predicate: Match[AlertIdle] = None,
        timeout: Seconds = None,
    ) -> AlertIdle: ...
    @overload
    def wait_for(
        self,
        name: Literal["alert.changed"],
        predicate: Match[AlertChanged] = None,
        timeout: Seconds = None,
    ) -> AlertChanged: ...
    @overload
    def wait_for(
        self, name: str, predicate: Match[Event] = None, timeout: Seconds = None
    ) -> Event: ...

    def wait_for(
        self, name: str, predicate: Predicate | None = None, timeout: float | None = None
    ) -> Event:
        """The oldest unconsumed event ``name`` (``"*"``: any) matching ``predicate``,
        waiting up to ``timeout`` seconds (default: the engine's timeout) for it.

        Events already received count, so ``wait_for`` after the call that caused
        the event returns at once. The event is consumed; others stay buffered.
        Raises OrdoTimeout, or EngineExited when the engine is gone.
        """
        wait = self.timeout if timeout is None else wait_timeout(timeout)
        found = self._until(self._pick_event(name, predicate), wait)
        event: Event = self._found(found, f"{name} event", wait)
        return event

    def _until(self, pick: Callable[[], Any], timeout: float | None) -> Any:
        """``pick()`` until it finds something or the engine is gone (reading meanwhile);
        NOTHING after ``timeout`` seconds.
        """
        self._check_owner()
        found = NOTHING

        def ready() -> bool:  # called again after it found something: keep that
            nonlocal found
            if found is NOTHING:
                # What a handler raised goes first, before anything is taken: raised after,
                # it lost the event or answer just taken.
                if self._kept is not None and self._may_raise_kept():
                    return True
                with self._guard:
                    found = pick()
            return found is not NOTHING or self._exited is not None

        self._lead(ready, None if timeout is None else time.monotonic() + timeout)
        if found is NOTHING and self._eof and self._exited is None:
            self._exited_event.wait(EXIT_WAIT)  # the end is being reported: say it
        if found is NOTHING:
            self._raise_kept()
        return found

    def _ended(self) -> EngineExited:
        """The output ended: the error the thread that read its end is about to report,
        once it has the exit status (waited for briefly)."""
        self._exited_event.wait(EXIT_WAIT)
        if self._exited is not None:
            return self._exited.again()
        return EngineExited(self._proc.poll(), self.stderr_tail, "its output ended")

    def _lead(
        self, ready: Callable[[], bool] | None, deadline: float | None, slot: _Slot | None = None
    ) -> bool:
        """Until ``ready()`` (or ``slot.received``): read the engine's output on this thread
        when no other thread does (lead), else wait until the one that does has read
        (follow). False at ``deadline`` (monotonic) or at the end of the output. ``ready``
        runs unlocked (a wait_for predicate may call the engine); ``_reads`` tells whether
        a read ended since it looked.
        """
        lock = self._lock
        # entered: counted in _waiters; leading: set _reading. Each is set in the same
        # `with lock:` block as the change it records, and undone in the finally: an
        # interrupt (KeyboardInterrupt) anywhere leaves neither behind.
        entered = leading = False
        try:
            while True:
                seen = self._reads
                if slot.received if slot is not None else ready():  # type: ignore[misc]
                    return True
                sleeper = None
                with lock:
                    if not entered:
                        self._waiters += 1
                        entered = True
                    if self._eof:
                        return False
                    left = None if deadline is None else deadline - time.monotonic()
                    if left is not None and left <= 0:
                        return False
                    if self._reads != seen:
                        continue  # something was read meanwhile: look again
                    if self._reading:  # follow: sleep until the leader has read
                        sleeper = _sleeper()
                        self._sleepers.append(sleeper)
                    else:
                        self._reading = leading = True
                if sleeper is not None:
                    self._sleep(sleeper, left, self._sleepers)
                    continue
                self._read_once(left)
                with lock:
                    self._reading = leading = False
                    self._reads += 1
                    if slot is not None and slot.received:  # the usual end of a call
                        self._active = time.monotonic()
                        self._waiters -= 1
                        entered = False
                    if self._sleepers:
                        _wake(self._sleepers)
                if not entered:
                    return True
        finally:
            if entered or leading:
                with lock:
                    if leading:
                        self._reading = False
                        self._reads += 1
                    if entered:
                        self._waiters -= 1
                        self._active = time.monotonic()
                    if leading and self._sleepers:
                        _wake(self._sleepers)

    def _done_reading(self) -> None:
        with self._lock:
            self._reading = False
            self._reads += 1
            if self._sleepers:
                _wake(self._sleepers)

    def _read_once(self, timeout: float | None) -> None:
        """As the leader (the one thread reading): wait up to ``timeout`` s for output, feed it;
        at the end of the output, fail every call and let waiters go.

        An interrupt (a ``KeyboardInterrupt``, or what a signal handler raises) may land
        anywhere here, even just after a read returned, its count lost: what was read is
        kept all the same. Reads land in ``_readbuf``, which holds zeros but for what was read
        and not yet taken (the engine writes no NUL byte: its output is JSON text), and the
        framer changes in one step (``_feed``). What the interrupt cut short is finished
        before it is raised from the call, so that no other call or event loses its message.
        """
        buf = self._readbuf
        fed = self._framer.fed
        chunk: bytes | None = None
        try:
            count = self._read_into(buf)
            if count is None:
                if not self._wait_for_output(timeout):
                    return
                count = self._read_into(buf)
                if count is None and self._held_open():
                    self._detail = self._detail or HELD_OPEN
                    count = 0
                if count is None:  # readable, then not: nothing read
                    return
            if count:
                chunk = _take(buf, count)
        except BaseException:
            self._keep_what_was_read(buf, chunk, fed)
            raise
        if chunk is not None:
            if not self._detail:  # after a protocol violation: discard until the end
                try:
                    self._feed(chunk)
                except BaseException as exc:
                    if isinstance(exc, Exception) and not _raised_by_signal_handler(exc):
                        self._detail = self._read_failed(exc)  # must not hang every caller
                        return
                    self._finish_feed(chunk, fed)  # an interrupt, the caller's: see above
                    raise
            return
        self._eof = True  # waiters that see it wait for _exited_event, then EngineExited
        try:
            self._drop_pidfd()
            self._proc.wait(5.0)
            self._stderr.stop(STDERR_GRACE)  # the stderr tail
        except subprocess.TimeoutExpired:
            pass
        finally:  # whatever interrupts the waits above: report the end
            self._gone(self._proc.poll(), self._detail)
            with self._lock:
                self._exited_event.set()
                if self._closed:  # close() left stdout to this thread, which read it last
                    self._proc.stdout.close()  # type: ignore[union-attr]

    def _wait_for_output(self, timeout: float | None) -> bool:
        """Polls for output up to ``timeout`` s (None: no limit), and at most until the output
        counts as ended after the exit: True when there is some, or it so ended."""
        if self._held_until is not None:
            left = self._held_until - time.monotonic()
            if left <= 0:
                return True
            timeout = left if timeout is None else min(timeout, left)
        # poll() takes milliseconds as a C int: a longer wait is cut (the caller looks again).
        ready = self._poll.poll(None if timeout is None else min(max(timeout * 1000, 0), POLL_MAX))
        if any(fd == self._pidfd for fd, _ in ready):  # it exited: the grace starts
            self._held_until = time.monotonic() + STDOUT_GRACE
            self._drop_pidfd()
            return len(ready) > 1
        return bool(ready) or self._held_open()

    def _held_open(self) -> bool:
        """Whether the output counts as ended though still open: STDOUT_GRACE after the
        engine's exit, another process holding the pipe."""
        return self._held_until is not None and time.monotonic() >= self._held_until

    def _drop_pidfd(self) -> None:
        # Safe to run again after an interrupt anywhere in it (at worst the descriptor leaks).
        pidfd, self._pidfd = self._pidfd, None
        self._leftovers.pidfd = None
        if pidfd is not None:
            try:
                self._poll.unregister(pidfd)
            except KeyError:
                pass
            os.close(pidfd)

    def _read_into(self, buf: bytearray) -> int | None:
        """Reads what the engine wrote into ``buf``: the count (0 at the end of the output,
        or when reading failed), None when nothing is there yet."""
        try:
            return os.readv(self._stdout, [buf])
        except BlockingIOError:
            return None
        except OSError as exc:
            self._detail = self._detail or f"reading stdout failed: {exc}"
            return 0

    def _keep_what_was_read(self, buf: bytearray, chunk: bytes | None, fed: int) -> None:
        """After an interrupt in ``_read_once``: feeds what a read brought (still in ``buf``,
        or taken into ``chunk``) unless the framer took it."""
        count = buf.find(0)
        if count != 0:  # read, not taken: up to the first zero (or all of it)
            chunk = _take(buf, len(buf) if count < 0 else count)
        if chunk is not None and not self._detail:
            self._finish_feed(chunk, fed)

    # ------------------------------------------------------------------ core hooks, threads

    def _wake(self) -> None:
        pass  # waiters read themselves: they see what they read

    def _answered(self, slot: _Slot, response: dict[str, Any]) -> None:
        # On the reading thread; a follower waiting for it is woken after the read.
        slot.received = True
        if slot.nested or self._queued == self._ran:  # no handler due before it
            slot.response = response
            slot.done = True
        else:  # counted and queued with no call between (an interrupt would skew them)
            item = partial(self._complete, slot, response)
            self._queued += 1
            self._dispatch.put(item)

    def _complete(self, slot: _Slot, response: dict[str, Any]) -> None:
        """On the dispatcher, once the handlers of the events read before it ran."""
        with self._lock:
            slot.response = response
            slot.done = True
            if self._sleepers:
                _wake(self._sleepers)

    def _failed(self, slot: _Slot, error: EngineExited) -> None:
        slot.error = error
        slot.received = slot.done = True

    def _handlers_due(self, name: str) -> bool:
        # While handlers run, they may add one for this event: it is queued all the same,
        # and its handlers are looked up when it is dispatched.
        return self._queued != self._ran or super()._handlers_due(name)

    def _handle(self, event: Event) -> None:
        item = partial(self._run_all, event)
        self._queued += 1
        self._dispatch.put(item)

    def _run_all(self, event: Event) -> None:
        for handler in self._handlers_of(event.name):
            result = self._run(handler, event)
            if inspect.isawaitable(result):  # an async callable on() could not tell
                if inspect.iscoroutine(result):
                    result.close()  # never awaited: no RuntimeWarning at its collection
                log.error(
                    "ordo event handler %r returned an awaitable, which the blocking Engine "
                    "does not run (use AsyncEngine, or a plain function)",
                    handler,
                )

    def _check_handler(self, handler: Handler) -> None:
        super()._check_handler(handler)
        # An async def, a partial of one, or an object whose __call__ is one.
        if inspect.iscoroutinefunction(handler) or inspect.iscoroutinefunction(
            type(handler).__call__
        ):
            raise TypeError(
                f"the blocking Engine runs handlers on a thread, not in an event loop: "
                f"the coroutine function {handler!r} would never run (use AsyncEngine, or a "
                "plain function)"
            )

    def _may_raise_kept(self) -> bool:
        # Not in a handler (nor the tap): it goes to the caller it would have ended.
        me = get_ident()
        return me not in self._nested and me not in self._farewells and not self._in_tap

    def _idle(self) -> float:
        """0 while a thread waits (it reads), else the seconds since the last one left."""
        return 0.0 if self._waiters else time.monotonic() - self._active

    def _read_step(self) -> bool:
        """One step of the reader thread (_read_loop): False once the output ended."""
        if self._eof:
            return False
        idle = self._idle()
        if idle < GRACE:  # a thread waits, or just did: it reads
            time.sleep(GRACE - idle)
            return True
        with self._lock:
            if self._eof or self._reading or self._idle() < GRACE:
                return True
            self._reading = True
        try:
            self._read_once(0)  # _read_loop waited for output
        finally:
            self._done_reading()
        return True


class SyncBatch(Batch):
    """``with engine.batch() as b:`` — sent as one array when the block ends."""

    def __init__(self, engine: Engine, timeout: float | None = None) -> None:
        super().__init__()
        self._engine = engine
        if timeout is not None:
            call_timeout(timeout)  # refused now, not when the block ends
        self._timeout = timeout

    def __enter__(self) -> SyncBatch:
        return self

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if exc_type is None and not self.sent:
            self.send()

    def send(self) -> None:
        """Write the batch and wait for every answer (entry errors stay in their Pending)."""
        if self.sent:
            raise RuntimeError("this batch was already sent")
        self.sent = True
        timeout = self._engine.timeout if self._timeout is None else call_timeout(self._timeout)
        self._engine._send_batch(self, timeout)


__all__ = ["Engine", "Events", "SyncBatch", "Tap"]


def _raised_by_signal_handler(exc: BaseException) -> bool:
    """Whether ``exc`` was raised in a Python signal handler (a deadline set with
    ``signal.alarm``, say) that ran while the client read: the caller's exception, to be
    raised from its call, not a failure of the reader (which kills the engine).
    """
    handlers: set[object] = set()
    for number in signal.valid_signals():
        try:
            handler = signal.getsignal(number)
        except (OSError, ValueError):
            continue
        code = getattr(handler, "__code__", None)
        if code is not None:
            handlers.add(code)
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code in handlers:
            return True
        tb = tb.tb_next
    return False


def _join(thread: threading.Thread, timeout: float | None) -> None:
    """``thread.join(timeout)`` for any timeout: join() refuses one over
    ``threading.TIMEOUT_MAX`` (OverflowError), so a longer one waits in slices."""
    if timeout is None:
        thread.join()
        return
    deadline = time.monotonic() + timeout
    while thread.is_alive():
        left = deadline - time.monotonic()
        if left <= 0:
            return
        thread.join(min(left, threading.TIMEOUT_MAX))


def _wait_event(event: threading.Event, timeout: float | None) -> bool:
    """``event.wait(timeout)`` for any timeout (see :func:`_join`)."""
    if timeout is None:
        return event.wait()
    deadline = time.monotonic() + timeout
    while not event.is_set():
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        event.wait(min(left, threading.TIMEOUT_MAX))
    return True


#: Zeros to clear what was taken from ``Engine._readbuf`` with (a view: no copy to make).
_ZEROS = memoryview(bytes(READ_SIZE))


def _take(buf: bytearray, count: int) -> bytes:
    """The first ``count`` bytes of ``buf``, which are then zero again."""
    chunk = bytes(buf[:count])
    buf[:count] = _ZEROS[:count]
    return chunk
