"""The asyncio client: :class:`AsyncEngine`, the same surface as :class:`ordo.Engine`.

One reader task turns the engine's stdout into messages (read in chunks, so
no line-length limit applies); event handlers run inline in that task, in
order, before the answers that follow their events complete (a coroutine
handler is started as a task at that point).
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
from collections import deque
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import (
    Any,
    Callable,
    Literal,
    TypeVar,
    overload,
)

from . import _json
from ._async_api import (
    AsyncAlertsAPI,
    AsyncClockAPI,
    AsyncEngineAPI,
    AsyncEventsAPI,
    AsyncLayersAPI,
    AsyncNavAPI,
)
from ._call import Call
from .batch import Batch
from .discovery import PathLike, engine_command, find_engine
from .endpoint import Answer, Endpoint, Notice, Stray, outcome_of
from .engine import Tap
from .errors import EngineExited, OrdoException, OrdoTimeout, ProtocolViolation
from .events import AlertChanged, AlertHide, AlertIdle, AlertShow, AlertUpdate, Event
from .streams import make_framer

T = TypeVar("T")
log = logging.getLogger("ordo")
engine_log = logging.getLogger("ordo.engine")

_READ_SIZE = 1 << 16
#: StreamReader limit: only readline-style reads are bound by it, and this client
#: never uses them, but keep it large anyway.
STREAM_LIMIT = 1 << 26

AsyncHandler = Callable[[Any], object]
Predicate = Callable[[Any], bool]


def _any(value: Any) -> Any:
    return value


class AsyncEventInbox:
    """Every event received and not yet consumed, oldest first (bounded)."""

    def __init__(self, maxlen: int) -> None:
        self._items: deque[Event] = deque(maxlen=maxlen)
        self._waiters: list[asyncio.Future[None]] = []
        self._closed: EngineExited | None = None

    def _wake(self) -> None:
        for waiter in self._waiters:
            if not waiter.done():
                waiter.set_result(None)
        self._waiters.clear()

    def put(self, event: Event) -> None:
        self._items.append(event)
        self._wake()

    def close(self, error: EngineExited) -> None:
        self._closed = error
        self._wake()

    @property
    def closed(self) -> EngineExited | None:
        return self._closed

    def _pop(self, match: Callable[[Event], bool]) -> Event | None:
        for i, event in enumerate(self._items):
            if match(event):
                del self._items[i]
                return event
        return None

    async def take(self, match: Callable[[Event], bool], timeout: float | None) -> Event | None:
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while True:
            event = self._pop(match)
            if event is not None:
                return event
            if self._closed is not None:
                return None
            remaining = None if deadline is None else deadline - loop.time()
            if remaining is not None and remaining <= 0:
                return None
            waiter: asyncio.Future[None] = loop.create_future()
            self._waiters.append(waiter)
            try:
                await asyncio.wait_for(waiter, remaining)
            except asyncio.TimeoutError:
                return None
            finally:
                if waiter in self._waiters:
                    self._waiters.remove(waiter)

    def drain(self) -> list[Event]:
        items = list(self._items)
        self._items.clear()
        return items

    def __len__(self) -> int:
        return len(self._items)


class AsyncEvents(AsyncEventsAPI):
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
        while True:
            event = await self._engine._inbox.take(lambda _: True, timeout)
            if event is None:
                return
            yield event


class AsyncEngine(AsyncEngineAPI):
    """An ``ordo`` engine subprocess driven from asyncio.

    >>> async with AsyncEngine(clock="manual") as engine:
    ...     await engine.layers.add("screen")

    Same parameters as :class:`ordo.Engine`. Use ``async with`` or
    ``await AsyncEngine(...).start()`` then ``await engine.close()``.
    """

    def __init__(
        self,
        binary: PathLike | None = None,
        *,
        framing: Literal["ndjson", "lsp"] = "ndjson",
        clock: Literal["system", "manual"] | None = None,
        args: Sequence[str] = (),
        timeout: float = 30.0,
        env: Mapping[str, str] | None = None,
        cwd: PathLike | None = None,
        tap: Tap | None = None,
        event_buffer: int = 10_000,
        stderr_lines: int = 200,
    ) -> None:
        self.binary = find_engine(binary)
        self.framing = framing
        self.timeout = timeout
        self.command = engine_command(self.binary, framing=framing, clock=clock, args=args)
        self.layers = AsyncLayersAPI(self)
        self.alerts = AsyncAlertsAPI(self)
        self.nav = AsyncNavAPI(self)
        self.clock = AsyncClockAPI(self)
        self.events = AsyncEvents(self)

        self._env = None if env is None else dict(env)
        self._cwd = cwd
        self._tap = tap
        self._framer = make_framer(framing)
        self._endpoint: Endpoint[asyncio.Future[dict[str, Any]]] = Endpoint()
        self._inbox = AsyncEventInbox(event_buffer)
        self._strays: deque[Any] = deque()
        self._stray_waiters: list[asyncio.Future[None]] = []
        self._handlers: dict[str, list[AsyncHandler]] = {}
        self._handler_tasks: set[asyncio.Task[Any]] = set()
        self._stderr_tail: deque[str] = deque(maxlen=stderr_lines)
        self._proc: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None
        self._stderr_task: asyncio.Task[None] | None = None
        self._drain_lock: asyncio.Lock | None = None
        self._exited: EngineExited | None = None
        self._exited_event: asyncio.Event | None = None
        self._closed = False

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
        self._stderr_task = asyncio.ensure_future(self._stderr_loop())
        self._reader = asyncio.ensure_future(self._read_loop())
        return self

    async def __aenter__(self) -> AsyncEngine:
        return await self.start()

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    def __repr__(self) -> str:
        pid = self._proc.pid if self._proc else None
        state = "closed" if self._closed else ("exited" if self._exited else "running")
        return f"<AsyncEngine pid={pid} {self.framing} {state}>"

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

    @property
    def stderr_tail(self) -> str:
        return "\n".join(self._stderr_tail)

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
        for task in (self._reader, self._stderr_task):
            if task is not None:
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
        call = Call(method, None if params is None else dict(params), _any)
        return await self._perform(call, self.timeout if timeout is None else timeout)

    async def notify(self, method: str, params: Mapping[str, Any] | None = None) -> None:
        """Send a notification (never answered)."""
        call = Call(method, None if params is None else dict(params), _any, notification=True)
        await self._send(self._endpoint.notification(call))

    async def _perform(self, call: Call[T], timeout: float | None) -> T:
        if call.notification:
            await self._send(self._endpoint.notification(call))
            if call.method == "exit":
                try:
                    await asyncio.wait_for(self._process.wait(), timeout)
                except asyncio.TimeoutError:
                    raise OrdoTimeout(f"exit: the engine did not exit within {timeout} s") from None
            return call.decode(None)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
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
        await self._write(self._framer.encode(_json.dumps(message)), "send", message)

    async def send_raw(self, data: bytes) -> None:
        """Write ``data`` as one framed message, unchecked (see :meth:`raw`)."""
        framed = data + b"\n" if self.framing == "ndjson" else self._framer.encode(data)
        await self._write(framed, "send-raw", data)

    async def raw(self, data: bytes | Any, timeout: float | None = None) -> Any:
        """Send raw bytes (or a JSON value) and return the next answer matching no call."""
        body = data if isinstance(data, bytes) else _json.dumps(data)
        await self.send_raw(body)
        return await self.next_stray(timeout)

    async def next_stray(self, timeout: float | None = None) -> Any:
        """The next received message that answers no pending call."""
        wait = self.timeout if timeout is None else timeout
        loop = asyncio.get_running_loop()
        deadline = loop.time() + wait
        while not self._strays:
            if self._exited is not None:
                raise self._exited
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise OrdoTimeout(f"no unmatched message within {wait} s")
            waiter: asyncio.Future[None] = loop.create_future()
            self._stray_waiters.append(waiter)
            try:
                await asyncio.wait_for(waiter, remaining)
            except asyncio.TimeoutError:
                pass
            finally:
                if waiter in self._stray_waiters:
                    self._stray_waiters.remove(waiter)
        return self._strays.popleft()

    async def _write(self, data: bytes, direction: str, message: Any) -> None:
        proc = self._process
        if self._exited is not None:
            raise self._exited
        if self._closed and direction == "send" and proc.returncode is not None:
            raise EngineExited(proc.returncode, self.stderr_tail, "closed")
        if self._tap is not None:
            self._tap(direction, message)
        if direction == "send":
            self._endpoint.written(message)
        else:
            self._endpoint.written_raw()
        assert proc.stdin is not None
        assert self._drain_lock is not None
        try:
            proc.stdin.write(data)
            async with self._drain_lock:
                await proc.stdin.drain()
            return
        except (ConnectionError, OSError, RuntimeError, AssertionError):
            pass
        assert self._exited_event is not None
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
        messages: list[dict[str, Any]] = []
        waits = []
        for pending in batch.entries:
            if pending.call.notification:
                messages.append(self._endpoint.notification(pending.call))
                continue
            future: asyncio.Future[dict[str, Any]] = loop.create_future()
            message = self._endpoint.request(pending.call, future)
            messages.append(message)
            waits.append((pending, future, message))
        if not messages:
            return
        try:
            await self._send(messages)
        except BaseException:
            for _, _, message in waits:
                self._endpoint.forget(message)
            raise
        for pending in batch.entries:
            if pending.call.notification:
                pending._set_result(pending.call.decode(None))
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
    def on(
        self, name: Literal["alert.show"], handler: Callable[[AlertShow], object]
    ) -> Callable[[], None]: ...
    @overload
    def on(
        self, name: Literal["alert.hide"], handler: Callable[[AlertHide], object]
    ) -> Callable[[], None]: ...
    @overload
    def on(
        self, name: Literal["alert.update"], handler: Callable[[AlertUpdate], object]
    ) -> Callable[[], None]: ...
    @overload
    def on(
        self, name: Literal["alert.idle"], handler: Callable[[AlertIdle], object]
    ) -> Callable[[], None]: ...
    @overload
    def on(
        self, name: Literal["alert.changed"], handler: Callable[[AlertChanged], object]
    ) -> Callable[[], None]: ...
    @overload
    def on(self, name: str, handler: Callable[[Event], object]) -> Callable[[], None]: ...

    def on(self, name: str, handler: AsyncHandler) -> Callable[[], None]:
        """Call ``handler(event)`` for each event ``name`` (``"*"``: all). A plain function
        runs inline, before the answer that follows the event completes; a coroutine
        function is started as a task at that moment. Returns a remover.
        """
        self._handlers.setdefault(name, []).append(handler)

        def off() -> None:
            self.off(name, handler)

        return off

    def off(self, name: str, handler: AsyncHandler) -> None:
        handlers = self._handlers.get(name, [])
        if handler in handlers:
            handlers.remove(handler)

    @overload
    async def wait_for(
        self,
        name: Literal["alert.show"],
        predicate: Callable[[AlertShow], bool] | None = None,
        timeout: float | None = None,
    ) -> AlertShow: ...
    @overload
    async def wait_for(
        self,
        name: Literal["alert.hide"],
        predicate: Callable[[AlertHide], bool] | None = None,
        timeout: float | None = None,
    ) -> AlertHide: ...
    @overload
    async def wait_for(
        self,
        name: Literal["alert.update"],
        predicate: Callable[[AlertUpdate], bool] | None = None,
        timeout: float | None = None,
    ) -> AlertUpdate: ...
    @overload
    async def wait_for(
        self,
        name: Literal["alert.idle"],
        predicate: Callable[[AlertIdle], bool] | None = None,
        timeout: float | None = None,
    ) -> AlertIdle: ...
    @overload
    async def wait_for(
        self,
        name: Literal["alert.changed"],
        predicate: Callable[[AlertChanged], bool] | None = None,
        timeout: float | None = None,
    ) -> AlertChanged: ...
    @overload
    async def wait_for(
        self,
        name: str,
        predicate: Callable[[Event], bool] | None = None,
        timeout: float | None = None,
    ) -> Event: ...

    async def wait_for(
        self, name: str, predicate: Predicate | None = None, timeout: float | None = None
    ) -> Event:
        """The oldest unconsumed event ``name`` matching ``predicate`` (see Engine.wait_for)."""
        wait = self.timeout if timeout is None else timeout

        def match(event: Event) -> bool:
            return (name == "*" or event.name == name) and (predicate is None or predicate(event))

        event = await self._inbox.take(match, wait)
        if event is not None:
            return event
        if self._inbox.closed is not None:
            raise self._inbox.closed
        raise OrdoTimeout(f"no {name} event within {wait} s")

    def drain_events(self) -> list[Event]:
        """Every buffered event, oldest first, consumed."""
        return self._inbox.drain()

    @property
    def pending_events(self) -> int:
        return len(self._inbox)

    def _run_handlers(self, event: Event) -> None:
        handlers = [*self._handlers.get(event.name, ()), *self._handlers.get("*", ())]
        for handler in handlers:
            try:
                result = handler(event)
            except Exception:
                log.exception("ordo event handler %r failed on %s", handler, event.name)
                continue
            if inspect.isawaitable(result):
                task = asyncio.ensure_future(result)
                self._handler_tasks.add(task)
                task.add_done_callback(self._handler_done)

    def _handler_done(self, task: asyncio.Task[Any]) -> None:
        self._handler_tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("ordo async event handler failed", exc_info=task.exception())

    # ------------------------------------------------------------------ tasks

    async def _read_loop(self) -> None:
        stdout = self._process.stdout
        assert stdout is not None
        detail = ""
        try:
            while True:
                chunk = await stdout.read(_READ_SIZE)
                if not chunk:
                    break
                for body in self._framer.feed(chunk):
                    self._receive(body)
        except ProtocolViolation as exc:
            detail = f"unreadable output: {exc}"
            log.error("ordo: %s; killing the engine", detail)
            self.kill()
        except Exception as exc:
            detail = f"client reader failed: {exc!r}"
            log.exception("ordo reader task failed")
            self.kill()
        finally:
            await self._on_exit(detail)

    def _receive(self, body: bytes) -> None:
        try:
            message = json.loads(body)
        except ValueError:
            log.error("ordo wrote a message that is not JSON: %r", body[:200])
            return
        if self._tap is not None:
            try:
                self._tap("recv", message)
            except Exception:
                log.exception("ordo tap failed")
        for item in self._endpoint.receive(message):
            if isinstance(item, Notice):
                self._inbox.put(item.event)
                self._run_handlers(item.event)
            elif isinstance(item, Answer):
                if not item.slot.done():
                    item.slot.set_result(item.response)
            elif isinstance(item, Stray):
                self._strays.append(item.message)
                for waiter in self._stray_waiters:
                    if not waiter.done():
                        waiter.set_result(None)
                self._stray_waiters.clear()

    async def _on_exit(self, detail: str) -> None:
        proc = self._process
        returncode: int | None
        try:
            returncode = await asyncio.wait_for(proc.wait(), 5.0)
        except asyncio.TimeoutError:
            returncode = proc.returncode
        if self._stderr_task is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self._stderr_task), 2.0)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                pass
        error = EngineExited(returncode, self.stderr_tail, detail)
        self._exited = error
        assert self._exited_event is not None
        self._exited_event.set()
        for future in self._endpoint.drain():
            if not future.done():
                future.set_exception(error)
        self._inbox.close(error)
        for waiter in self._stray_waiters:
            if not waiter.done():
                waiter.set_result(None)

    async def _stderr_loop(self) -> None:
        stderr = self._process.stderr
        assert stderr is not None
        partial = b""
        try:
            while True:
                chunk = await stderr.read(_READ_SIZE)
                if not chunk:
                    break
                *lines, partial = (partial + chunk).split(b"\n")
                for line in lines:
                    self._log_stderr(line)
        except (OSError, ValueError):
            pass
        if partial:
            self._log_stderr(partial)

    def _log_stderr(self, line: bytes) -> None:
        text = line.decode("utf-8", "replace").rstrip("\r")
        self._stderr_tail.append(text)
        engine_log.debug("%s", text)


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
