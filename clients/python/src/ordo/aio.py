"""The asyncio client: :class:`AsyncEngine`, the same surface as :class:`ordo.Engine`.

One reader task turns the engine's stdout into messages (read in chunks, so
no line-length limit applies); event handlers run inline in that task, in
order, before the answers that follow their events complete (a coroutine
handler is started as a task at that point). Everything else is the core
shared with the blocking engine (:mod:`ordo.core`).
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import AsyncIterator, Mapping
from contextlib import nullcontext
from typing import Any, Callable, Literal, TypeVar, overload

from ._call import Call
from ._decode import dumps
from .api import Async, EventsAPI
from .batch import Batch
from .core import NOTHING, READ_SIZE, Core, Handler, Match, Predicate, Seconds, log
from .endpoint import outcome_of
from .errors import EngineExited, OrdoException, OrdoTimeout
from .events import AlertChanged, AlertHide, AlertIdle, AlertShow, AlertUpdate, Event

T = TypeVar("T")
#: StreamReader limit: only readline-style reads are bound by it, and this client
#: never uses them, but keep it large anyway.
STREAM_LIMIT = 1 << 26
Slot = asyncio.Future[dict[str, Any]]


class AsyncEvents(EventsAPI[Async]):
    """``engine.events``: ``await subscribe/unsubscribe(...)`` and, when called, an async
    iterator over the events received (``async for ev in engine.events(): …``).
    """

    def __init__(self, engine: AsyncEngine) -> None:
        super().__init__(engine)
        self._engine = engine

    async def __call__(self, timeout: float | None = None) -> AsyncIterator[Event]:
        """Yield events oldest first, consuming them; stops when the engine is gone or
        after ``timeout`` seconds without a new event.
        """
        pick = self._engine._pick_event("*", None)
        while (event := await self._engine._until(pick, timeout)) is not NOTHING:
            yield event


class AsyncEngine(Core[Async, Slot]):
    """An ``ordo`` engine subprocess driven from asyncio.

    >>> async with AsyncEngine(clock="manual") as engine:
    ...     await engine.layers.add("screen")

    Same parameters as :class:`ordo.Engine`. Use ``async with`` or
    ``await AsyncEngine(...).start()`` then ``await engine.close()``.
    """

    _aio = True

    def _init_transport(self) -> None:
        self.events = AsyncEvents(self)
        self._guard = nullcontext()
        self._waiters: list[asyncio.Future[None]] = []
        self._handler_tasks: set[asyncio.Task[Any]] = set()
        self._proc: asyncio.subprocess.Process | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._drain_lock: asyncio.Lock | None = None
        self._exited_event: asyncio.Event | None = None

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> AsyncEngine:
        """Spawn the engine (once)."""
        if self._proc is not None:
            return self
        self._drain_lock = asyncio.Lock()
        self._exited_event = asyncio.Event()
        self._proc = await asyncio.create_subprocess_exec(
            *self.command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._env,
            cwd=self._cwd,
            limit=STREAM_LIMIT,
        )
        self._tasks = [
            asyncio.ensure_future(self._stderr_loop()),
            asyncio.ensure_future(self._read_loop()),
        ]
        return self

    async def __aenter__(self) -> AsyncEngine:
        return await self.start()

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def _process(self) -> asyncio.subprocess.Process:
        if self._proc is None:
            raise RuntimeError("the engine is not started: use `async with` or `await start()`")
        return self._proc

    @property
    def pid(self) -> int:
        return self._process.pid

    @property
    def returncode(self) -> int | None:
        return self._process.returncode

    @property
    def running(self) -> bool:
        return self._proc is not None and self._exited is None and self._proc.returncode is None

    async def close(self, timeout: float = 5.0) -> int | None:
        """``shutdown`` + ``exit``, then terminate and finally kill. Idempotent."""
        if self._proc is None or self._closed:
            return None if self._proc is None else self._proc.returncode
        self._closed = True
        proc = self._proc
        if self._exited is None and proc.returncode is None:
            try:
                await self.call("shutdown", timeout=timeout)
            except OrdoException:
                pass
            try:
                await self.notify("exit")
            except OrdoException:
                pass
        try:
            assert proc.stdin is not None
            proc.stdin.close()
        except (OSError, RuntimeError):
            pass
        try:
            await asyncio.wait_for(proc.wait(), timeout)
        except asyncio.TimeoutError:
            log.warning("ordo (pid %d) ignored exit; terminating it", proc.pid)
            proc.terminate()
            try:
                await asyncio.wait_for(proc.wait(), timeout)
            except asyncio.TimeoutError:
                proc.kill()
                await proc.wait()
        for task in self._tasks:
            try:
                await asyncio.wait_for(asyncio.shield(task), timeout)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                task.cancel()
        return proc.returncode

    def kill(self) -> None:
        """SIGKILL the engine (calls in flight raise EngineExited)."""
        if self._proc is not None and self._proc.returncode is None:
            try:
                self._proc.kill()
            except ProcessLookupError:
                pass

    # ------------------------------------------------------------------ calls

    async def _invoke(self, call: Call[T]) -> T:
        return await self._perform(call, self.timeout)

    async def call(
        self, method: str, params: Mapping[str, Any] | None = None, *, timeout: float | None = None
    ) -> Any:
        """Call any method by its JSON-RPC name; returns the raw JSON result."""
        call = self._raw_call(method, params)
        return await self._perform(call, self.timeout if timeout is None else timeout)

    async def notify(self, method: str, params: Mapping[str, Any] | None = None) -> None:
        """Send a notification (never answered)."""
        await self._send(self._endpoint.notification(self._raw_call(method, params, True)))

    async def _perform(self, call: Call[T], timeout: float | None) -> T:
        if call.notification:
            await self._send(self._endpoint.notification(call))
            if call.method == "exit":
                try:
                    await asyncio.wait_for(self._process.wait(), timeout)
                except asyncio.TimeoutError:
                    raise OrdoTimeout(f"exit: the engine did not exit in {timeout} s") from None
            return call.decode(None)
        future: Slot = asyncio.get_running_loop().create_future()
        message = self._endpoint.request(call, future)
        try:
            await self._send(message)
            response = await asyncio.wait_for(asyncio.shield(future), timeout)
        except asyncio.TimeoutError:
            self._endpoint.forget(message)
            raise OrdoTimeout(f"{call.method}: no answer within {timeout} s") from None
        except BaseException:
            self._endpoint.forget(message)
            raise
        return outcome_of(call, response)

    async def _send(self, message: Any) -> None:
        await self._write(self._encode(message), "send", message)

    async def send_raw(self, data: bytes) -> None:
        """Write ``data`` as one framed message, unchecked (see :meth:`raw`)."""
        await self._write(self._encode_raw(data), "send-raw", data)

    async def raw(self, data: bytes | Any, timeout: float | None = None) -> Any:
        """Send raw bytes (or a JSON value) and return the next answer matching no call."""
        await self.send_raw(data if isinstance(data, bytes) else dumps(data))
        return await self.next_stray(timeout)

    async def next_stray(self, timeout: float | None = None) -> Any:
        """The next received message that answers no pending call."""
        wait = self.timeout if timeout is None else timeout
        return self._found(await self._until(self._pick_stray, wait), "unmatched message", wait)

    async def _write(self, data: bytes, direction: str, message: Any) -> None:
        proc = self._process
        if self._closed and direction == "send" and proc.returncode is not None:
            raise self._exited or EngineExited(proc.returncode, self.stderr_tail, "closed")
        self._record(direction, message)
        assert proc.stdin is not None and self._drain_lock and self._exited_event
        try:
            proc.stdin.write(data)
            async with self._drain_lock:
                await proc.stdin.drain()
            return
        except (ConnectionError, OSError, RuntimeError, AssertionError):
            pass
        try:
            await asyncio.wait_for(self._exited_event.wait(), 5.0)
        except asyncio.TimeoutError:
            pass
        raise self._exited or EngineExited(proc.returncode, self.stderr_tail, "stdin closed")

    # ------------------------------------------------------------------ batch

    def batch(self) -> AsyncBatch:
        """``async with engine.batch() as b:`` — one JSON-RPC batch, sent when the block ends."""
        return AsyncBatch(self)

    async def _send_batch(self, batch: Batch, timeout: float | None) -> None:
        loop = asyncio.get_running_loop()
        messages, waits = self._plan(batch, loop.create_future)
        if not messages:
            return
        try:
            await self._send(messages)
        except BaseException:
            for _, _, message in waits:
                self._endpoint.forget(message)
            raise
        self._sent(batch)
        deadline = None if timeout is None else loop.time() + timeout
        for pending, future, message in waits:
            remaining = None if deadline is None else max(0.0, deadline - loop.time())
            try:
                response = await asyncio.wait_for(asyncio.shield(future), remaining)
            except asyncio.TimeoutError:
                self._endpoint.forget(message)
                pending._set_error(OrdoTimeout(f"{pending.call.method}: no answer in time"))
            except OrdoException as exc:
                pending._set_error(exc)
            else:
                pending._settle(response)

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
        wait = self.timeout if timeout is None else timeout
        found = await self._until(self._pick_event(name, predicate), wait)
        event: Event = self._found(found, f"{name} event", wait)
        return event

    async def _until(self, pick: Callable[[], Any], timeout: float | None) -> Any:
        """``pick()`` until it finds something, the engine is gone, or ``timeout`` passed."""
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while True:
            found = pick()
            if found is not NOTHING or self._exited is not None:
                return found
            remaining = None if deadline is None else deadline - loop.time()
            if remaining is not None and remaining <= 0:
                return NOTHING
            waiter: asyncio.Future[None] = loop.create_future()
            self._waiters.append(waiter)
            try:
                await asyncio.wait_for(waiter, remaining)
            except asyncio.TimeoutError:
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
        if not slot.done():
            slot.set_result(response)

    def _failed(self, slot: Slot, error: EngineExited) -> None:
        if not slot.done():
            slot.set_exception(error)

    def _handle(self, event: Event, handlers: list[Handler]) -> None:
        for handler in handlers:
            result = self._run(handler, event)
            if inspect.isawaitable(result):
                task = asyncio.ensure_future(result)
                self._handler_tasks.add(task)
                task.add_done_callback(self._handler_done)

    def _handler_done(self, task: asyncio.Task[Any]) -> None:
        self._handler_tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("ordo async event handler failed", exc_info=task.exception())

    async def _read_loop(self) -> None:
        proc = self._process
        assert proc.stdout is not None and self._exited_event is not None
        detail = ""
        try:
            while chunk := await proc.stdout.read(READ_SIZE):
                self._feed(chunk)
        except Exception as exc:
            detail = self._read_failed(exc)
        try:
            returncode: int | None = await asyncio.wait_for(proc.wait(), 5.0)
        except asyncio.TimeoutError:
            returncode = proc.returncode
        try:
            await asyncio.wait_for(asyncio.shield(self._tasks[0]), 2.0)  # the stderr tail
        except (asyncio.TimeoutError, asyncio.CancelledError):
            pass
        self._gone(returncode, detail)
        self._exited_event.set()

    async def _stderr_loop(self) -> None:
        stderr = self._process.stderr
        assert stderr is not None
        partial = b""
        try:
            while chunk := await stderr.read(READ_SIZE):
                *lines, partial = (partial + chunk).split(b"\n")
                for line in lines:
                    self._stderr_line(line)
        except (OSError, ValueError):
            pass
        if partial:
            self._stderr_line(partial)


class AsyncBatch(Batch):
    """``async with engine.batch() as b:`` — sent as one array when the block ends."""

    def __init__(self, engine: AsyncEngine, timeout: float | None = None) -> None:
        super().__init__()
        self._engine = engine
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
        timeout = self._engine.timeout if self._timeout is None else self._timeout
        await self._engine._send_batch(self, timeout)


__all__ = ["AsyncBatch", "AsyncEngine", "AsyncEvents"]
