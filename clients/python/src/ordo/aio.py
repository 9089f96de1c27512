"""The asyncio client: :class:`AsyncEngine`, the same surface as :class:`ordo.Engine`.

The engine runs under a subprocess protocol (:class:`_Pipes`): what it writes
to stdout is fed to the core in the event loop's callback, as it arrives (any
chunk size, so no line-length limit applies), with no reader task in between:
a call is sent when its wrapper is called and returns a future, which the
answer resolves there with the decoded result (no coroutine or task per call:
1 000 gathered calls cost 1 000 futures), and the caller runs on the next turn
of the loop. Event handlers run inline, in order, before the answers that
follow their events complete (a coroutine handler is started as a task at that
point). The requests made in one turn of the loop (1 000 calls gathered, say) are
written together at the end of it, in order: one write(2) rather than one each;
a caller waits for the pipe only when its buffer is over the high-water mark.
Calls under the engine's default timeout share one timer (their deadlines come
in the order they were made). Everything else is the core shared with the
blocking engine (:mod:`ordo.core`).
"""

from __future__ import annotations

import asyncio
import inspect
import math
import os
import signal
import sys
import warnings
import weakref
from collections import deque
from collections.abc import AsyncIterator, Mapping
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any, Callable, Literal, Optional, TypeVar, Union, cast, overload

from ._call import Call
from ._decode import dumps, envelope
from .api import Async, EventsAPI
from .batch import Batch
from .core import (
    CLOSED,
    GOODBYE_WRITES,
    HELD_OPEN,
    NOTHING,
    STDERR_GRACE,
    STDOUT_GRACE,
    Core,
    Match,
    Plan,
    Predicate,
    Seconds,
    StderrLines,
    apart_from_the_terminal,
    call_timeout,
    log,
    pidfd,
    start_error,
    wait_timeout,
)
from .endpoint import Endpoint
from .errors import EngineExited, OrdoError, OrdoException, OrdoTimeout
from .events import AlertChanged, AlertHide, AlertIdle, AlertShow, AlertUpdate, Event
from .timed import Timed

if TYPE_CHECKING:
    from typing_extensions import Self

T = TypeVar("T")
#: How long a waiter that saw the output end waits for the exit status (s).
EXIT_WAIT = 10.0


class _Group:
    """The entries of a batch waiting for their answers: ``future`` is done with the last."""

    __slots__ = ("future", "left")

    def __init__(self, future: asyncio.Future[None]) -> None:
        self.future = future
        self.left = 0


class _Entry:
    """Where a batch entry's answer goes (no future of its own: one for the batch)."""

    __slots__ = ("error", "group", "response")

    def __init__(self, group: _Group) -> None:
        self.group = group
        self.response: dict[str, Any] | None = None
        self.error: BaseException | None = None
        group.left += 1

    def settle(self, response: dict[str, Any] | None, error: BaseException | None) -> None:
        if self.response is not None or self.error is not None:
            return
        self.response, self.error = response, error
        group = self.group
        group.left -= 1
        if group.left == 0 and not group.future.done():
            group.future.set_result(None)


class _Caller:
    """Where a single call's answer goes: its caller's future, settled with the decoded
    result (or the error) in the read callback."""

    __slots__ = ("decode", "future", "method", "nested", "timer")

    def __init__(
        self,
        future: asyncio.Future[Any],
        decode: Callable[[Any], Any],
        method: str,
        nested: bool = False,
    ) -> None:
        self.future = future
        self.decode = decode
        self.method = method
        self.timer: asyncio.TimerHandle | None = None  # a timeout other than the default
        self.nested = nested  # made by a coroutine handler: never given a handler's exception

    def settle(self, response: dict[str, Any]) -> None:
        if self.timer is not None:
            self.timer.cancel()
        future = self.future
        if future.done():  # cancelled by its caller
            return
        if "error" in response:
            future.set_exception(OrdoError.from_json(response["error"], self.method))
            return
        try:
            value = self.decode(response.get("result"))
        except Exception as exc:  # a result that does not decode fails this call only
            if isinstance(exc, StopIteration):  # a future refuses it as an exception
                exc = RuntimeError(f"{self.method}: decoding raised StopIteration")
            future.set_exception(exc)
        else:
            future.set_result(value)

    def fail(self, error: BaseException) -> None:
        if self.timer is not None:
            self.timer.cancel()
        if not self.future.done():
            self.future.set_exception(error)


#: Where a call's answer goes: its caller, or a batch entry.
Slot = Union[_Caller, _Entry]


class _Pipes(asyncio.SubprocessProtocol):
    """The engine's pipes as the event loop reports them. The loop holds the protocol until
    the process is gone, so it holds the engine only weakly (see _Leftovers): what the
    engine writes once that is collected is read and dropped."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine._weak
        self._loop = engine._loop
        self.stderr_lines = StderrLines(self._stderr_line)
        self.stdin_lost = False
        self.paused = False  # stdin's buffer is over the high-water mark
        self._drained: list[asyncio.Future[None]] = []
        self.stdout_done: asyncio.Future[None] = self._loop.create_future()
        self.stderr_done: asyncio.Future[None] = self._loop.create_future()
        # The process has ended. Not Process.wait(): before Python 3.12 that also waits for
        # every pipe to close, which a process the engine left behind may hold for ever.
        self.exited: asyncio.Future[None] = self._loop.create_future()

    def process_exited(self) -> None:
        if not self.exited.done():
            self.exited.set_result(None)

    def pipe_data_received(self, fd: int, data: bytes) -> None:
        if fd == 1:
            engine = self._engine()
            if engine is not None:
                engine._on_stdout(data)
        elif fd == 2:
            self.stderr_lines.feed(data)

    def _stderr_line(self, line: bytes) -> None:
        engine = self._engine()
        if engine is not None:
            engine._stderr_line(line)

    def pipe_connection_lost(self, fd: int, exc: Exception | None) -> None:
        if fd == 0:
            self.stdin_lost = True
            self._release()
        elif fd == 1:
            engine = self._engine()
            if engine is not None:
                engine._eof = True  # calls now wait for the exit to be reported
            if not self.stdout_done.done():
                self.stdout_done.set_result(None)
        elif fd == 2:
            self.stderr_lines.end()
            if not self.stderr_done.done():
                self.stderr_done.set_result(None)

    def pause_writing(self) -> None:
        self.paused = True

    def resume_writing(self) -> None:
        self.paused = False
        self._release()

    def _release(self) -> None:
        for waiter in self._drained:
            if not waiter.done():
                waiter.set_result(None)
        self._drained.clear()

    async def drain(self) -> None:
        """Until stdin's buffer is under the low-water mark (or the pipe is gone)."""
        while self.paused and not self.stdin_lost:
            waiter = self._loop.create_future()
            self._drained.append(waiter)
            await waiter


class _Process:
    """The engine's process as its transport reports it. Not asyncio.subprocess.Process,
    whose constructor is no public API (nor are the stream attributes it reads from the
    protocol): this works on any loop's transport (uvloop's)."""

    __slots__ = ("_transport", "pid")

    def __init__(self, transport: asyncio.SubprocessTransport) -> None:
        self._transport = transport
        self.pid: int = transport.get_pid()

    @property
    def returncode(self) -> int | None:
        """The exit status once the loop reaped the process (negative: killed by that
        signal)."""
        return self._transport.get_returncode()


class _Leftovers:
    """What an AsyncEngine leaves to end when it is collected without close() while its
    event loop goes on: its process and transport, and the calls still waiting. What the
    loop holds until the process is gone (its protocol, its timers, the task that waits for
    the end of the output) holds the engine only weakly, so such an engine is collected as
    any object is; then this ends the engine as close() would without waiting (its input's
    end: it exits, status 0, as after ``exit``; the loop reaps it and the finishing task
    closes the transport), fails the calls still waiting, and says so with a
    ``ResourceWarning``, as the standard library does for a file or a subprocess left open.
    Nothing once the loop is closed (its transports can no longer be closed) or at the
    interpreter's exit."""

    __slots__ = ("closed", "endpoint", "finisher", "loop", "pid", "transport")

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        transport: asyncio.SubprocessTransport,
        finisher: asyncio.Task[None],
        endpoint: Endpoint[Slot],
        pid: int,
    ) -> None:
        self.loop = loop
        self.transport = transport
        self.finisher = finisher
        self.endpoint = endpoint
        self.pid = pid
        self.closed = False  # close() finished: nothing is left

    def __call__(self) -> None:
        """weakref.finalize's: on whichever thread collected the engine."""
        if self.closed or sys.is_finalizing():
            return
        try:
            self.loop.call_soon_threadsafe(self._end)
        except RuntimeError:  # the loop is closed
            return
        # Last: with warnings made errors (pytest -W error), this raises.
        warnings.warn(
            f"ordo: an AsyncEngine (pid {self.pid}) was dropped without close(); its engine is"
            " told to exit (use `async with AsyncEngine(...)`, or await close() in a finally)",
            ResourceWarning,
            stacklevel=2,
        )

    def _end(self) -> None:
        """In the loop: the engine's input ends, the calls still waiting fail."""
        transport = self.transport
        stdin = transport.get_pipe_transport(0)
        try:
            if stdin is not None:
                stdin.close()
        except (OSError, RuntimeError):
            pass
        for slot in self.endpoint.drain():
            error = EngineExited(None, "", "the AsyncEngine was dropped without close()")
            if type(slot) is _Caller:
                slot.fail(error)
            else:
                cast(_Entry, slot).settle(None, error)
        if self.finisher.done():
            # The output ended before (the engine died, say): the finisher left the
            # transport open. Closing it kills an engine still running after that.
            transport.close()


def _check_deadlines(ref: weakref.ref[AsyncEngine]) -> None:
    """The shared timer's callback (not a method of the engine: see _Leftovers)."""
    engine = ref()
    if engine is not None:
        engine._check_deadlines()


def _expire(ref: weakref.ref[AsyncEngine], caller: _Caller, rid: int, timeout: float) -> None:
    """A call's own timer's callback (not a method of the engine: see _Leftovers)."""
    engine = ref()
    if engine is not None:
        engine._expire(caller, rid, timeout)


async def _finish(
    ref: weakref.ref[AsyncEngine],
    pipes: _Pipes,
    transport: asyncio.SubprocessTransport,
    exited_event: asyncio.Event,
    pidfd: int | None,
) -> None:
    """At the end of the output: fail every call and let waiters go. That is the end of
    the engine's stdout, or STDOUT_GRACE after its exit while another process holds that
    pipe open. It waits holding the engine only weakly (see _Leftovers); once that is
    collected, it closes the transport after the exit."""
    try:
        await asyncio.wait((pipes.stdout_done, pipes.exited), return_when=asyncio.FIRST_COMPLETED)
        if not pipes.stdout_done.done():
            try:
                await asyncio.wait_for(asyncio.shield(pipes.stdout_done), STDOUT_GRACE)
            except asyncio.TimeoutError:
                engine = ref()
                if engine is not None:
                    engine._eof = True
                    engine._detail = engine._detail or HELD_OPEN
                del engine
        try:
            await asyncio.wait_for(asyncio.shield(pipes.exited), 5.0)
        except asyncio.TimeoutError:
            pass
        try:
            # The stderr tail: a process the engine left behind may hold it open.
            await asyncio.wait_for(asyncio.shield(pipes.stderr_done), STDERR_GRACE)
        except (asyncio.TimeoutError, asyncio.CancelledError):
            pass
    finally:  # even when cancelled (close() gave up waiting): calls wait for this
        pipes.stderr_lines.end()  # a last line without its newline, stderr still held
        returncode = transport.get_returncode()
        engine = ref()
        if engine is not None:
            engine._gone(returncode, engine._detail)
            engine._pidfd = None
        else:  # dropped without close(): what close() closes
            # Also when cancelled before the exit was reported (asyncio.run() ending): left
            # open, the loop's end warned of an unclosed transport. Closing it kills an
            # engine still running (its input was closed: it was exiting).
            transport.close()
        if pidfd is not None:
            os.close(pidfd)
        exited_event.set()


class AsyncEvents(EventsAPI[Async]):
    """``engine.events``: ``await subscribe/unsubscribe(...)`` and, when called, an async
    iterator over the events received (``async for ev in engine.events(): …``).
    """

    def __init__(self, engine: AsyncEngine) -> None:
        super().__init__(engine)
        self._engine = engine

    def __call__(self, timeout: float | None = None) -> AsyncIterator[Event]:
        """Yield events oldest first, consuming them; stops when the engine is gone or
        after ``timeout`` seconds without a new event. A bad ``timeout`` is a ValueError
        here, not at the first step.
        """
        wait = wait_timeout(timeout)
        return self._iterate(wait)

    async def _iterate(self, wait: float | None) -> AsyncIterator[Event]:
        pick = self._engine._pick_event("*", None)
        while (event := await self._engine._until(pick, wait)) is not NOTHING:
            yield event


class AsyncEngine(Core[Async, Slot]):
    """An ``ordo`` engine subprocess driven from asyncio.

    >>> async with AsyncEngine(clock="manual") as engine:
    ...     await engine.layers.add("screen")

    Same parameters as :class:`ordo.Engine`. Use ``async with`` or
    ``await AsyncEngine(...).start()`` then ``await engine.close()``.
    """

    def _init_transport(self) -> None:
        self.events: AsyncEvents = AsyncEvents(self)
        self._guard = nullcontext()
        self._waiters: list[asyncio.Future[None]] = []
        self._handler_tasks: set[asyncio.Task[Any]] = set()
        self._proc: _Process | None = None
        # The engine's pidfd (Linux 5.3+), to signal it without reaping it (_signal).
        self._pidfd: int | None = None
        self._pipes: _Pipes | None = None
        self._stdin: asyncio.WriteTransport | None = None
        self._finisher: asyncio.Task[None] | None = None
        # One spawn and one close however many callers ask at once: each awaits the same.
        self._starting: asyncio.Task[None] | None = None
        self._start_waiters = 0  # callers of start() awaiting `_starting`
        self._closing: asyncio.Task[int | None] | None = None
        self._transport: asyncio.SubprocessTransport | None = None
        self._exited_event: asyncio.Event | None = None
        self._detail = ""  # why the output is no longer read, when the client decided it
        self._outbox: list[bytes] = []  # written at the end of this turn of the loop
        # (deadline, caller, id) of calls under one timeout, in call order; one timer for
        # the oldest. Calls with another timeout get a timer of their own.
        self._deadlines: deque[tuple[float, _Caller, int]] = deque()
        self._deadline_timeout = 0.0
        self._deadline_timer: asyncio.TimerHandle | None = None
        #: A KeyboardInterrupt or SystemExit a handler raised, raised once the chunk of
        #: output being handled is (from the read callback: out of the event loop).
        self._interrupt: BaseException | None = None
        # What the loop holds until the process is gone refers to the engine through this
        # (see _Leftovers), and what ends it when it is dropped without close().
        self._weak: weakref.ref[AsyncEngine] = weakref.ref(self)
        self._leftovers: _Leftovers | None = None

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> Self:
        """Spawn the engine (once: callers at the same time all get the one engine)."""
        if self._proc is not None:
            return self
        if self._starting is None:
            self._starting = asyncio.ensure_future(self._spawn())
        starting = self._starting
        self._start_waiters += 1
        try:
            await asyncio.shield(starting)
        except asyncio.CancelledError:
            # The last caller still waiting gave up: the spawn goes too (asyncio then kills
            # the new process), rather than leave an engine nobody will close. Others wait on.
            if self._start_waiters == 1 and not starting.done():
                starting.cancel()
            raise
        finally:
            self._start_waiters -= 1
            if starting.done() and self._proc is None:
                self._starting = None  # a failed or cancelled spawn may be tried again
        return self

    async def _spawn(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._exited_event = asyncio.Event()
        PIPE = asyncio.subprocess.PIPE
        try:
            transport, pipes = await self._loop.subprocess_exec(
                lambda: _Pipes(self),
                *self.command,
                stdin=PIPE,
                stdout=PIPE,
                stderr=PIPE,
                env=self._env,
                cwd=self._cwd,
                # As Engine's: Ctrl-C is the program's to handle. The standard loops pass
                # Popen's keywords on; others (uvloop) take only their own.
                **apart_from_the_terminal(isinstance(self._loop, asyncio.BaseEventLoop)),
            )
        except OSError as exc:  # a bad cwd, a binary the kernel cannot run
            raise start_error(exc, self.binary, self._cwd) from exc
        self._pipes = pipes
        self._transport = transport
        self._stdin = cast(Optional[asyncio.WriteTransport], transport.get_pipe_transport(0))
        self._proc = _Process(transport)
        self._pidfd = pidfd(self._proc.pid)
        self._finisher = asyncio.ensure_future(
            _finish(self._weak, pipes, transport, self._exited_event, self._pidfd)
        )
        self._leftovers = _Leftovers(
            self._loop, transport, self._finisher, self._endpoint, self._proc.pid
        )
        finalizer = weakref.finalize(self, self._leftovers)
        finalizer.atexit = False  # at exit the pipes close, which ends the engine as ever
        self._own()

    def _release_inherited(self) -> None:
        # Nothing through the transports or the loop (the child's copy of the parent's): an
        # asyncio transport closed here unregisters its pipes from the epoll instance the
        # child shares with the parent, whose loop then no longer sees the engine's output.
        # Their pipes are closed under them instead (that unregistering then fails, and is
        # ignored), where the loop gives them ("pipe": uvloop's transports do not).
        if self._leftovers is not None:
            self._leftovers.closed = True  # the child's finalizer must not end the engine
        transport = self._transport
        if transport is not None:
            for fd in (0, 1, 2):
                pipe_transport = transport.get_pipe_transport(fd)
                if pipe_transport is not None:
                    pipe = pipe_transport.get_extra_info("pipe")
                    if pipe is not None:
                        pipe.close()
        pidfd, self._pidfd = self._pidfd, None
        if pidfd is not None:
            os.close(pidfd)

    async def __aenter__(self) -> Self:
        return await self.start()

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    def _started(self) -> _Pipes:
        self._check_owner()
        if self._pipes is None:
            raise RuntimeError("the engine is not started: use `async with` or `await start()`")
        # Its futures and pipes belong to one event loop: a call from another thread (or
        # loop) would touch them unsynchronized and hand back a future nobody can await.
        try:
            here = asyncio.get_running_loop()
        except RuntimeError:
            here = None
        if here is not self._loop:
            raise RuntimeError(
                "AsyncEngine: called outside the event loop that started it (from another"
                " thread?): call it from that loop, e.g. with asyncio.run_coroutine_threadsafe"
            )
        return self._pipes

    @property
    def _process(self) -> _Process:
        if self._proc is None:
            raise RuntimeError("the engine is not started: use `async with` or `await start()`")
        return self._proc

    @property
    def pid(self) -> int:
        return self._process.pid

    @property
    def returncode(self) -> int | None:
        self._check_owner()  # the status the parent knew at the fork, maybe stale
        return self._process.returncode

    @property
    def running(self) -> bool:
        self._check_owner()
        return self._proc is not None and self._exited is None and self._proc.returncode is None

    async def close(self, timeout: float | None = 5.0) -> int | None:
        """``shutdown`` + ``exit``, then terminate and finally kill. Idempotent: every
        caller, at the same time or later, gets the exit status once the engine is gone.
        ``timeout`` as Engine.close's: 0 for no wait, ``None`` or ``math.inf`` for no limit,
        a ValueError for a negative, NaN or non-number one, before anything is done."""
        timeout = wait_timeout(timeout, "close's timeout")
        if self._forked():
            # A forked child's copy: the engine is the parent's, which goes on using it.
            # Nothing to end here (the fork hook closed the child's descriptors); closing the
            # transports would unregister the parent's pipes from the epoll instance the two
            # processes share.
            return None
        starting = self._starting
        if self._proc is None and starting is not None and not starting.done():
            try:  # a start under way: close the engine it brings, not leave it running
                await asyncio.shield(starting)
            except Exception:
                return None
        if self._proc is None:
            return None
        if self._closing is None:
            self._closed = True
            self._closing = asyncio.ensure_future(self._close(self._proc, timeout))
        status = await asyncio.shield(self._closing)
        self._raise_kept()
        return status

    async def _close(self, proc: _Process, timeout: float | None) -> int | None:
        try:
            return await self._say_goodbye(proc, timeout)
        except asyncio.CancelledError:
            # The loop is ending under close() (asyncio.run cancels every task, then waits
            # for them): the end of its input ends the engine as exit does, waited for as
            # close() would (SIGTERM, then SIGKILL, if it lingers), so that nothing is left
            # running or unreaped.
            self._end_input()
            await self._await_exit(proc, timeout)
            raise
        finally:
            # A pipe another process still holds (one the engine's wrapper left behind) keeps
            # the transport open, and the loop's end then complains of it: closed here.
            if self._transport is not None:
                self._transport.close()
            if self._leftovers is not None:
                self._leftovers.closed = True

    async def _say_goodbye(self, proc: _Process, timeout: float | None) -> int | None:
        """shutdown, exit, the end of the input; then SIGTERM and SIGKILL if it lingers."""
        if self._exited is None and proc.returncode is None:
            # Each write bounded by close's own timeout: an engine that reads nothing (a full
            # pipe) must not keep close() from escalating to SIGTERM and SIGKILL. With
            # timeout=0, shutdown goes as a notification (applied, not answered: nothing to
            # wait for; a call's own timeout must be over 0), and the two writes are still let
            # happen before the input ends.
            bound = timeout if timeout != 0 else GOODBYE_WRITES
            try:
                if timeout != 0:
                    # No limit is math.inf to a call (None there is its default timeout).
                    await self.call("shutdown", timeout=math.inf if timeout is None else timeout)
                else:
                    await asyncio.wait_for(self.notify("shutdown"), bound)
            except (OrdoException, asyncio.TimeoutError):
                pass
            try:
                await asyncio.wait_for(self.notify("exit"), bound)
            except (OrdoException, asyncio.TimeoutError):
                pass
        self._flush()
        self._end_input()
        await self._await_exit(proc, timeout)
        task = self._finisher
        if task is not None:
            try:
                await asyncio.wait_for(asyncio.shield(task), timeout)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                task.cancel()
        return proc.returncode

    async def _await_exit(self, proc: _Process, timeout: float | None) -> None:
        """After the end of its input: the engine's exit, with SIGTERM and then SIGKILL if it
        lingers."""
        exited = self._started().exited
        try:
            await asyncio.wait_for(asyncio.shield(exited), timeout)
        except asyncio.TimeoutError:
            if timeout == 0:  # asked not to wait: it had no time to exit, it ignored nothing
                log.debug("ordo (pid %d): close(timeout=0) terminates it", proc.pid)
            else:
                log.warning("ordo (pid %d) ignored exit; terminating it", proc.pid)
            self._signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(asyncio.shield(exited), timeout)
            except asyncio.TimeoutError:
                self._signal(signal.SIGKILL)
                await exited

    def _end_input(self) -> None:
        try:
            if self._stdin is not None:
                self._stdin.close()
        except (OSError, RuntimeError):
            pass

    def kill(self) -> None:
        """SIGKILL the engine (calls in flight raise EngineExited)."""
        self._check_owner()
        self._signal(signal.SIGKILL)

    def _signal(self, number: int) -> None:
        """Sends the engine signal ``number`` unless it is known to have exited. Not through
        the process object: its terminate() and kill() first poll the process, which reaps
        it when it has just exited, and asyncio's child watcher, finding it gone, then
        reports its exit status as 255 ("Unknown child process"). A pidfd names this
        process even after its pid is reaped and reused; without one, its pid (reaped only
        by that watcher, which then sets the return code)."""
        proc = self._proc
        if proc is None or proc.returncode is not None:
            return
        try:
            if self._pidfd is not None:
                signal.pidfd_send_signal(self._pidfd, number)
            else:
                os.kill(proc.pid, number)
        except ProcessLookupError:
            pass

    # ------------------------------------------------------------------ calls

    def _invoke(self, call: Call[T]) -> asyncio.Future[T]:
        return self._start(call, self.timeout)

    def with_timeout(self, timeout: float | None) -> Timed[Async]:
        """The typed methods, each call waiting ``timeout`` seconds (``None``: no limit)
        instead of the engine's ``timeout``: ``await engine.with_timeout(2).layers.add("x")``
        raises OrdoTimeout as the engine's own timeout does. Refused as the engine's own is
        (``ValueError``), before anything is written."""
        return Timed(self._start, call_timeout(timeout))

    async def call(
        self, method: str, params: Mapping[str, Any] | None = None, *, timeout: float | None = None
    ) -> Any:
        """Call any method by its JSON-RPC name; returns the raw JSON result."""
        call = self._raw_call(method, params)
        return await self._start(call, self.timeout if timeout is None else call_timeout(timeout))

    async def notify(self, method: str, params: Mapping[str, Any] | None = None) -> None:
        """Send a notification (never answered)."""
        await self._send(self._endpoint.notification(self._raw_call(method, params, True)))

    def _start(self, call: Call[T], timeout: float | None) -> asyncio.Future[T]:
        """Send ``call`` now (in this turn's write) and return the future of its decoded
        result: settled in the read callback (:meth:`_answered`), by the timeout, or when
        the engine is gone. No coroutine, so no task per call when many are gathered.
        """
        pipes = self._started()
        if call.notification:  # written now too, in order with the calls around it
            return self._notify_now(call, pipes, timeout)
        params = dumps(call.params) if call.params else None  # may fail: before any record
        loop = self._loop
        future: asyncio.Future[T] = loop.create_future()
        if self._exited is not None:
            future.set_exception(self._exited.again())
            return future
        if not self._writable():
            return cast("asyncio.Future[T]", asyncio.ensure_future(self._stdin_closed()))
        # A call of a coroutine handler, or of close(), gets no handler's exception.
        ours = bool(self._handler_tasks or self._closing) and not self._may_raise_kept()
        caller = _Caller(future, call.decode, call.method, ours)
        endpoint = self._endpoint
        if self._tap is None:
            rid = endpoint.open_written(caller)
        else:  # the tap sees the request before it counts as written
            rid = endpoint.open(caller)
            try:
                self._tap("send", endpoint.message(call, rid))
            except BaseException:  # the tap refused it: not sent, its id not waited for
                endpoint.forget_id(rid)
                raise
            endpoint.written_ids([rid])
        data = envelope(call.method, rid, params)
        outbox = self._outbox
        if not outbox:
            loop.call_soon(self._flush)
        outbox.append(data + b"\n" if self._ndjson else self._framer.encode(data))
        if timeout is not None:
            deadlines = self._deadlines
            if not deadlines and timeout != self._deadline_timeout and self._deadline_timer:
                # A new run with another timeout: the timer armed for the old one is too late.
                self._deadline_timer.cancel()
                self._deadline_timer = None
            if not deadlines or timeout == self._deadline_timeout:
                deadline = loop.time() + timeout
                deadlines.append((deadline, caller, rid))
                self._deadline_timeout = timeout
                if self._deadline_timer is None:
                    self._deadline_timer = loop.call_at(deadline, _check_deadlines, self._weak)
            else:
                caller.timer = loop.call_later(timeout, _expire, self._weak, caller, rid, timeout)
        if pipes.paused:  # the caller waits for the pipe as well
            return asyncio.ensure_future(self._drained(pipes, future))
        return future

    async def _drained(self, pipes: _Pipes, future: asyncio.Future[T]) -> T:
        """The caller waits for the pipe to drain, or for its answer, timeout or failure,
        whichever comes first (a paused pipe must not outlast the call's timeout)."""
        drain = asyncio.ensure_future(pipes.drain())
        try:
            await asyncio.wait((drain, future), return_when=asyncio.FIRST_COMPLETED)
        except BaseException:
            future.cancel()
            raise
        finally:
            drain.cancel()
        return await future

    def _notify_now(self, call: Call[T], pipes: _Pipes, timeout: float | None) -> asyncio.Future[T]:
        """A notification wrapper (``exit``): queued in this turn's write like a call; the
        future is done once written, for ``exit`` once the engine has exited."""
        message = self._endpoint.notification(call)
        try:
            queued = self._queue(self._encode(message), "send", message)
        except EngineExited as gone:
            failed: asyncio.Future[T] = self._loop.create_future()
            failed.set_exception(gone)
            return failed
        if not queued:
            return cast("asyncio.Future[T]", asyncio.ensure_future(self._stdin_closed()))
        return asyncio.ensure_future(self._notified(call, pipes, timeout))

    async def _notified(self, call: Call[T], pipes: _Pipes, timeout: float | None) -> T:
        if pipes.paused:
            await pipes.drain()
        if call.method == "exit":
            try:
                await asyncio.wait_for(asyncio.shield(pipes.exited), timeout)
            except asyncio.TimeoutError:
                raise OrdoTimeout(f"exit: the engine did not exit in {timeout} s") from None
        return call.decode(None)

    def _expire(self, caller: _Caller, rid: int, timeout: float) -> None:
        """The call's time is up: it fails with OrdoTimeout and its id is forgotten (a late
        answer is dropped). A call its caller cancelled keeps its id until the answer
        comes, which is then dropped, whatever timer it was under. Once the output ended,
        the exit, reported soon, fails it instead (EngineExited)."""
        if caller.future.done() or self._eof:  # at the end of the output: EngineExited soon
            return
        if self._endpoint.forget_id(rid) is not None:
            caller.future.set_exception(
                OrdoTimeout(f"{caller.method}: no answer within {timeout} s")
            )

    def _check_deadlines(self) -> None:
        """The shared timer: expire the calls whose deadline passed, re-arm for the next."""
        self._deadline_timer = None
        deadlines = self._deadlines
        now = self._loop.time()
        while deadlines:
            deadline, caller, rid = deadlines[0]
            if not caller.future.done():
                if deadline > now:
                    self._deadline_timer = self._loop.call_at(
                        deadline, _check_deadlines, self._weak
                    )
                    return
                self._expire(caller, rid, self._deadline_timeout)
            deadlines.popleft()

    def _writable(self) -> bool:
        pipe = self._stdin
        return not (
            pipe is None or self._pipes is None or self._pipes.stdin_lost or pipe.is_closing()
        )

    def _write_now(self, data: bytes) -> bool:
        """Queue ``data`` for the stdin pipe (written at the end of this turn of the loop);
        False when the pipe is closed.
        """
        if not self._writable():
            return False
        if not self._outbox:
            self._loop.call_soon(self._flush)
        self._outbox.append(data)
        return True

    def _flush(self) -> None:
        outbox = self._outbox
        if not outbox:
            return
        self._outbox = []
        pipe = self._stdin
        if pipe is None or self._pipes is None or self._pipes.stdin_lost or pipe.is_closing():
            return  # the engine is gone: its calls fail when its output ends
        pipe.write(outbox[0] if len(outbox) == 1 else b"".join(outbox))

    async def _stdin_closed(self) -> None:
        """The pipe is closed: the engine is gone. Report it as the reader sees it."""
        assert self._exited_event is not None
        try:
            await asyncio.wait_for(self._exited_event.wait(), 5.0)
        except asyncio.TimeoutError:
            pass
        proc = self._process
        if self._exited is not None:
            raise self._exited.again()
        raise EngineExited(proc.returncode, self.stderr_tail, "stdin closed")

    async def _send(self, message: Any) -> None:
        await self._write(self._encode(message), "send", message)

    async def send_raw(self, data: bytes) -> None:
        """Write ``data`` as one framed message, unchecked (see :meth:`raw`)."""
        await self._write(self._encode_raw(data), "send-raw", data)

    async def raw(self, data: bytes | Any, timeout: float | None = None) -> Any:
        """Send raw bytes (or a JSON value) and return the engine's answer to them (see
        :meth:`ordo.Engine.raw`)."""
        wait = self.timeout if timeout is None else call_timeout(timeout)
        body = data if isinstance(data, bytes) else dumps(data)
        self._check_one_message(body)
        token = self._raw_begin()
        found = NOTHING
        try:
            await self._write(self._encode_raw(body), "send-raw", body, token)
            found = await self._until(self._pick_raw(token), wait)
        finally:
            found = self._raw_end(token, found)
        return self._found(found, "answer", wait)

    async def next_stray(self, timeout: float | None = None) -> Any:
        """The next received message that answers no pending call."""
        wait = self.timeout if timeout is None else wait_timeout(timeout)
        return self._found(await self._until(self._pick_stray, wait), "unmatched message", wait)

    def _queue(self, data: bytes, direction: str, message: Any, token: int = 0) -> bool:
        """Record ``message`` and queue ``data`` for this turn's write; False when stdin is
        closed. Raises EngineExited for a request after the engine was closed and exited."""
        self._check_owner()
        proc = self._process
        if self._closed and direction == "send" and proc.returncode is not None:
            if self._exited is not None:
                raise self._exited.again()
            raise EngineExited(proc.returncode, self.stderr_tail, CLOSED)
        self._record(direction, message, data, token)
        return self._write_now(data)

    async def _write(self, data: bytes, direction: str, message: Any, token: int = 0) -> None:
        if not self._queue(data, direction, message, token):
            await self._stdin_closed()
        if self._pipes is not None and self._pipes.paused:
            # Bounded like a call: an engine that reads nothing must not hold a notification
            # (close()'s `exit` included) forever.
            try:
                await asyncio.wait_for(self._pipes.drain(), self.timeout)
            except asyncio.TimeoutError:
                raise OrdoTimeout(
                    f"the engine read none of its input for {self.timeout} s"
                ) from None

    # ------------------------------------------------------------------ batch

    def batch(self, *, timeout: float | None = None) -> AsyncBatch:
        """``async with engine.batch() as b:`` — one JSON-RPC batch, sent when the block ends.
        ``timeout`` as :meth:`ordo.Engine.batch`'s."""
        return AsyncBatch(self, timeout)

    async def _send_batch(self, batch: Batch, timeout: float | None) -> None:
        pipes = self._started()
        group = _Group(self._loop.create_future())
        plan = self._plan(batch, lambda: _Entry(group))
        if not plan.data:
            return
        written = False
        try:
            self._record_batch(plan)
            if not self._write_now(plan.data):
                await self._stdin_closed()
            written = True
            if pipes.paused:
                await pipes.drain()
        except BaseException as exc:
            if written and isinstance(exc, asyncio.CancelledError):
                # Queued for the pipe, so sent (the engine applies it) though cancelled
                # while the pipe drained: said as for a cancellation after the write below.
                if plan.waits:
                    self._settle_batch(batch, plan, self._cancelled_after_sending("cancelled"))
                else:
                    self._sent(batch)
                raise
            for _, _, rid in plan.waits:
                self._endpoint.forget_id(rid)
            raise
        if not plan.waits:
            self._sent(batch)
            return
        # One wait for the whole batch (the engine answers it as one array): until every
        # entry is answered or the time is up; then each entry is settled.
        if not group.future.done():
            try:
                await asyncio.wait([group.future], timeout=timeout)
                if not group.future.done() and self._eof:  # the exit is being reported
                    await asyncio.wait([group.future], timeout=EXIT_WAIT)
            except BaseException as exc:
                # Cancelled (asyncio.wait_for's timeout, say) after the batch was written:
                # the engine applies it, but its answers are not awaited. Each entry says so
                # (not "not sent yet"), as a cancelled future would: CancelledError.
                why = "cancelled" if isinstance(exc, asyncio.CancelledError) else repr(exc)
                self._settle_batch(batch, plan, self._cancelled_after_sending(why))
                raise
        self._settle_batch(batch, plan, lambda method: OrdoTimeout(f"{method}: no answer in time"))
        self._raise_kept()

    @staticmethod
    def _cancelled_after_sending(why: str) -> Callable[[str], BaseException]:
        """What each unanswered entry of a batch says when waiting for it stopped (``why``)
        after it was written: sent, applied, not awaited (as a cancelled future would)."""
        return lambda method: asyncio.CancelledError(
            f"{method}: the batch was sent (the engine applies it), but waiting for its answer"
            f" was {why}"
        )

    def _settle_batch(
        self, batch: Batch, plan: Plan[Slot], unanswered: Callable[[str], BaseException]
    ) -> None:
        """Settles every entry of a written batch: with its answer or error, else with
        ``unanswered(method)`` (its id forgotten: a late answer is dropped)."""
        for pending, entry, rid in plan.waits:
            assert isinstance(entry, _Entry)
            if entry.response is not None:
                pending._settle(entry.response)
            elif entry.error is not None:
                pending._set_error(entry.error)
            else:
                self._endpoint.forget_id(rid)
                pending._set_error(unanswered(pending.call.method))
        if len(plan.waits) < len(batch):
            first = plan.waits[0][1]
            assert isinstance(first, _Entry)
            if first.response is None and first.error is None:  # its notifications share it
                for pending in batch.entries:
                    if pending.call.notification:
                        pending._set_error(unanswered(pending.call.method))
                return
            error = first.error
            self._share_fate(batch, first.response, error if isinstance(error, Exception) else None)

    # ------------------------------------------------------------------ events

    @overload
    async def wait_for(
        self,
        name: Literal["alert.show"],
        predicate: Match[AlertShow] = None,
        timeout: Seconds = None,
    ) -> AlertShow: ...
    @overload
    async def wait_for(
        self,
        name: Literal["alert.hide"],
        predicate: Match[AlertHide] = None,
        timeout: Seconds = None,
    ) -> AlertHide: ...
    @overload
    async def wait_for(
        self,
        name: Literal["alert.update"],
        predicate: Match[AlertUpdate] = None,
        timeout: Seconds = None,
    ) -> AlertUpdate: ...
    @overload
    async def wait_for(
        self,
        name: Literal["alert.idle"],
        predicate: Match[AlertIdle] = None,
        timeout: Seconds = None,
    ) -> AlertIdle: ...
    @overload
    async def wait_for(
        self,
        name: Literal["alert.changed"],
        predicate: Match[AlertChanged] = None,
        timeout: Seconds = None,
    ) -> AlertChanged: ...
    @overload
    async def wait_for(
        self, name: str, predicate: Match[Event] = None, timeout: Seconds = None
    ) -> Event: ...

    async def wait_for(
        self, name: str, predicate: Predicate | None = None, timeout: float | None = None
    ) -> Event:
        """The oldest unconsumed event ``name`` matching ``predicate`` (see Engine.wait_for)."""
        wait = self.timeout if timeout is None else wait_timeout(timeout)
        found = await self._until(self._pick_event(name, predicate), wait)
        event: Event = self._found(found, f"{name} event", wait)
        return event

    async def _until(self, pick: Callable[[], Any], timeout: float | None) -> Any:
        """``pick()`` until it finds something, the engine is gone, or ``timeout`` passed."""
        self._check_owner()
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while True:
            # What a handler raised goes first, before anything is taken: raised after, it
            # lost the event or answer just taken.
            self._raise_kept()
            found = pick()
            if found is not NOTHING or self._exited is not None:
                return found
            remaining = None if deadline is None else deadline - loop.time()
            if remaining is not None and remaining <= 0:
                self._raise_kept()
                return NOTHING
            waiter: asyncio.Future[None] = loop.create_future()
            self._waiters.append(waiter)
            try:
                await asyncio.wait_for(waiter, remaining)
            except asyncio.TimeoutError:
                if self._eof and self._exited_event is not None:  # the exit is being reported
                    try:
                        await asyncio.wait_for(self._exited_event.wait(), EXIT_WAIT)
                    except asyncio.TimeoutError:
                        pass
                self._raise_kept()
                return NOTHING
            finally:
                if waiter in self._waiters:
                    self._waiters.remove(waiter)

    # ------------------------------------------------------------------ core hooks, tasks

    def _wake(self) -> None:
        for waiter in self._waiters:
            if not waiter.done():
                waiter.set_result(None)
        self._waiters.clear()

    def _answered(self, slot: Slot, response: dict[str, Any]) -> None:
        if type(slot) is _Caller:
            if self._kept is not None and not slot.nested and not slot.future.done():
                # What a handler of an event before this answer raised, for its caller.
                kept, self._kept = self._kept, None
                if kept is not None:  # pyright: ignore[reportUnnecessaryComparison]  (another thread may have taken it)
                    slot.fail(kept)
            slot.settle(response)
            deadlines = self._deadlines
            while deadlines and deadlines[0][1].future.done():
                deadlines.popleft()
        else:
            cast(_Entry, slot).settle(response, None)

    def _failed(self, slot: Slot, error: EngineExited) -> None:
        if type(slot) is _Caller:
            slot.fail(error)
        else:
            cast(_Entry, slot).settle(None, error)

    def _handle(self, event: Event) -> None:
        for handler in self._handlers_of(event.name):
            result = self._run(handler, event)
            if inspect.isawaitable(result):
                task = asyncio.ensure_future(result)
                self._handler_tasks.add(task)
                task.add_done_callback(self._handler_done)

    def _handler_done(self, task: asyncio.Task[Any]) -> None:
        self._handler_tasks.discard(task)
        if task.cancelled():
            return
        exc = task.exception()
        if isinstance(exc, Exception):
            log.error("ordo async event handler failed", exc_info=exc)
        elif exc is not None and not isinstance(exc, (KeyboardInterrupt, SystemExit)):
            # (Those two asyncio raised out of the event loop already.)
            self._keep(exc, f"async event handler {task!r}")

    def _keep(self, exc: BaseException, what: str) -> None:
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            # As from any asyncio callback: out of the event loop, once the output read with
            # the event is handled (_on_stdout). The first one; later ones are dropped.
            if self._interrupt is None:
                self._interrupt = exc
            return
        super()._keep(exc, what)

    def _may_raise_kept(self) -> bool:
        # Not in a coroutine handler nor close()'s goodbye (tasks of ours): it goes to the
        # caller it would have ended, or to close()'s caller.
        if not self._handler_tasks and self._closing is None:
            return True
        task = asyncio.current_task()
        return task is not self._closing and task not in self._handler_tasks

    def _on_stdout(self, chunk: bytes) -> None:
        """What the engine wrote, in the event loop's callback.

        A KeyboardInterrupt or SystemExit (a handler's, or a signal handler's) goes out of
        the event loop, as from any callback, but only once the rest of the chunk is handled:
        an answer read with it must not be lost if the program goes on.
        """
        if self._detail:  # after a protocol violation: discard until the end
            return
        fed = self._framer.fed
        try:
            try:
                self._feed(chunk)
            except Exception as exc:  # a bug here must not hang every caller
                self._detail = self._read_failed(exc)
            except BaseException:
                self._finish_feed(chunk, fed)
                raise
        finally:
            interrupt, self._interrupt = self._interrupt, None
        if interrupt is not None:
            raise interrupt


class AsyncBatch(Batch):
    """``async with engine.batch() as b:`` — sent as one array when the block ends."""

    def __init__(self, engine: AsyncEngine, timeout: float | None = None) -> None:
        super().__init__()
        self._engine = engine
        if timeout is not None:
            call_timeout(timeout)  # refused now, not when the block ends
        self._timeout = timeout

    async def __aenter__(self) -> AsyncBatch:
        return self

    async def __aexit__(self, exc_type: object, exc: object, tb: object) -> None:
        if exc_type is None and not self.sent:
            await self.send()

    async def send(self) -> None:
        if self.sent:
            raise RuntimeError("this batch was already sent")
        self.sent = True
        timeout = self._engine.timeout if self._timeout is None else call_timeout(self._timeout)
        await self._engine._send_batch(self, timeout)


__all__ = ["AsyncBatch", "AsyncEngine", "AsyncEvents"]
