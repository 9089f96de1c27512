"""The blocking client: :class:`Engine` runs ``ordo`` as a subprocess.

Threads: a *reader* turns stdout into messages (the endpoint classifies
them), a *dispatcher* runs event handlers and then completes the calls
answered after those events (so a call returns only after the handlers of
the events written before its answer ran), and a *stderr* thread keeps the
engine's last log lines for :class:`EngineExited`.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import subprocess
import threading
import time
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from functools import partial
from typing import (
    IO,
    Any,
    Callable,
    Literal,
    TypeVar,
    overload,
)

from . import _json
from ._call import Call
from .api import AlertsAPI, ClockAPI, EngineAPI, EventsAPI, LayersAPI, NavAPI
from .batch import Batch
from .discovery import PathLike, engine_command, find_engine
from .endpoint import Answer, Endpoint, Notice, Stray, outcome_of
from .errors import EngineExited, OrdoException, OrdoTimeout, ProtocolViolation
from .events import (
    AlertChanged,
    AlertHide,
    AlertIdle,
    AlertShow,
    AlertUpdate,
    Event,
)
from .streams import make_framer

T = TypeVar("T")
E = TypeVar("E")

log = logging.getLogger("ordo")
engine_log = logging.getLogger("ordo.engine")

#: ``tap(direction, message)``: ``"send"``/``"recv"`` with the JSON value, or
#: ``"send-raw"`` with the bytes of :meth:`Engine.send_raw`.
Tap = Callable[[str, Any], None]
Handler = Callable[[Any], object]
Predicate = Callable[[Any], bool]

_READ_SIZE = 1 << 16


def _any(value: Any) -> Any:
    return value


class _Slot:
    """Where a blocking call waits for its answer."""

    __slots__ = ("done", "error", "nested", "response")

    def __init__(self, nested: bool) -> None:
        self.done = threading.Event()
        self.response: dict[str, Any] | None = None
        self.error: BaseException | None = None
        self.nested = nested  # issued from an event handler: completed by the reader directly

    def answer(self, response: dict[str, Any]) -> None:
        self.response = response
        self.done.set()

    def fail(self, error: BaseException) -> None:
        self.error = error
        self.done.set()


class EventInbox:
    """Every event received and not yet consumed, oldest first (bounded)."""

    def __init__(self, maxlen: int) -> None:
        self._items: deque[Event] = deque(maxlen=maxlen)
        self._cond = threading.Condition()
        self._closed: EngineExited | None = None
        self.dropped = 0

    def put(self, event: Event) -> None:
        with self._cond:
            if self._items.maxlen is not None and len(self._items) == self._items.maxlen:
                self.dropped += 1
                if self.dropped == 1:
                    log.warning("event buffer full: dropping the oldest unconsumed events")
            self._items.append(event)
            self._cond.notify_all()

    def close(self, error: EngineExited) -> None:
        with self._cond:
            self._closed = error
            self._cond.notify_all()

    def take(self, match: Callable[[Event], bool], timeout: float | None) -> Event | None:
        """Remove and return the oldest matching event, waiting up to ``timeout``.

        Returns None on timeout, or when the engine is gone and nothing matches.
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while True:
                for i, event in enumerate(self._items):
                    if match(event):
                        del self._items[i]
                        return event
                if self._closed is not None:
                    return None
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    return None
                self._cond.wait(remaining)

    def drain(self) -> list[Event]:
        with self._cond:
            items = list(self._items)
            self._items.clear()
            return items

    @property
    def closed(self) -> EngineExited | None:
        return self._closed

    def __len__(self) -> int:
        with self._cond:
            return len(self._items)


def _matcher(name: str, predicate: Predicate | None) -> Callable[[Event], bool]:
    def match(event: Event) -> bool:
        return (name == "*" or event.name == name) and (predicate is None or predicate(event))

    return match


class Events(EventsAPI):
    """``engine.events``: ``subscribe``/``unsubscribe`` (``events.*`` methods) and, when
    called, an iterator over the events received (``for ev in engine.events(): …``).
    """

    def __init__(self, engine: Engine) -> None:
        super().__init__(engine)
        self._engine = engine

    def __call__(self, timeout: float | None = None) -> Iterator[Event]:
        """Yield events oldest first, consuming them. Stops when the engine is gone, or
        after ``timeout`` seconds without a new event (``timeout=0``: only those buffered).
        """
        inbox = self._engine._inbox
        while True:
            event = inbox.take(lambda _: True, timeout)
            if event is None:
                return
            yield event


class Engine(EngineAPI):
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
        self.layers = LayersAPI(self)
        self.alerts = AlertsAPI(self)
        self.nav = NavAPI(self)
        self.clock = ClockAPI(self)
        self.events = Events(self)

        self._tap = tap
        self._framer = make_framer(framing)
        self._endpoint: Endpoint[_Slot] = Endpoint()
        self._inbox = EventInbox(event_buffer)
        self._strays: queue.Queue[Any] = queue.Queue()
        self._handlers: dict[str, list[Handler]] = {}
        self._handlers_lock = threading.Lock()
        self._dispatch: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self._write_lock = threading.Lock()
        self._close_lock = threading.Lock()
        self._closed = False
        self._exited: EngineExited | None = None
        self._exited_event = threading.Event()
        self._stderr_tail: deque[str] = deque(maxlen=stderr_lines)

        self._proc = subprocess.Popen(
            self.command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=None if env is None else dict(env),
            cwd=cwd,
        )
        assert self._proc.stdin
        assert self._proc.stdout
        assert self._proc.stderr
        self._stdin: IO[bytes] = self._proc.stdin
        name = f"ordo-{self._proc.pid}"
        self._stderr_thread = threading.Thread(
            target=self._stderr_loop, args=(self._proc.stderr,), name=f"{name}-stderr", daemon=True
        )
        self._dispatcher = threading.Thread(
            target=self._dispatch_loop, name=f"{name}-dispatch", daemon=True
        )
        self._reader = threading.Thread(
            target=self._read_loop, args=(self._proc.stdout,), name=f"{name}-reader", daemon=True
        )
        self._stderr_thread.start()
        self._dispatcher.start()
        self._reader.start()

    # ------------------------------------------------------------------ lifecycle

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else ("exited" if self._exited else "running")
        return f"<Engine pid={self._proc.pid} {self.framing} {state}>"

    @property
    def pid(self) -> int:
        return self._proc.pid

    @property
    def returncode(self) -> int | None:
        """The exit status once the process ended (negative: killed by that signal)."""
        return self._proc.poll()

    @property
    def running(self) -> bool:
        return self._exited is None and self._proc.poll() is None

    @property
    def stderr_tail(self) -> str:
        """The last lines the engine wrote to stderr."""
        return "\n".join(self._stderr_tail)

    def close(self, timeout: float = 5.0) -> int | None:
        """``shutdown`` + ``exit``, then terminate and finally kill if the engine lingers.

        Idempotent; returns the exit status.
        """
        with self._close_lock:
            if self._closed:
                return self._proc.poll()
            self._closed = True
        if self._exited is None and self._proc.poll() is None:
            try:
                self.call("shutdown", timeout=timeout)
            except OrdoException:
                pass
            try:
                self.notify("exit")
            except OrdoException:
                pass
        try:
            self._stdin.close()
        except OSError:
            pass
        try:
            self._proc.wait(timeout)
        except subprocess.TimeoutExpired:
            log.warning("ordo (pid %d) ignored exit; terminating it", self._proc.pid)
            self._proc.terminate()
            try:
                self._proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        self._join_threads(timeout)
        return self._proc.returncode

    def kill(self) -> None:
        """SIGKILL the engine (calls in flight raise EngineExited)."""
        if self._proc.poll() is None:
            self._proc.kill()

    def _join_threads(self, timeout: float) -> None:
        current = threading.current_thread()
        for thread in (self._reader, self._stderr_thread):
            if thread is not current:
                thread.join(timeout)
        self._dispatch.put(None)
        if self._dispatcher is not current:
            self._dispatcher.join(timeout)
        for stream in (self._proc.stdout, self._proc.stderr):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass

    # ------------------------------------------------------------------ calls

    def _invoke(self, call: Call[T]) -> T:
        return self._perform(call, self.timeout)

    def call(
        self, method: str, params: Mapping[str, Any] | None = None, *, timeout: float | None = None
    ) -> Any:
        """Call any method by its JSON-RPC name; returns the raw JSON result."""
        call = Call(method, None if params is None else dict(params), _any)
        return self._perform(call, self.timeout if timeout is None else timeout)

    def notify(self, method: str, params: Mapping[str, Any] | None = None) -> None:
        """Send a notification (never answered)."""
        call = Call(method, None if params is None else dict(params), _any, notification=True)
        self._send(self._endpoint.notification(call))

    def _perform(self, call: Call[T], timeout: float | None) -> T:
        if call.notification:
            self._send(self._endpoint.notification(call))
            if call.method == "exit":
                self._await_exit(timeout)
            return call.decode(None)
        slot = _Slot(nested=threading.current_thread() is self._dispatcher)
        message = self._endpoint.request(call, slot)
        try:
            self._send(message)
        except BaseException:
            self._endpoint.forget(message)
            raise
        self._wait(slot, message, call.method, timeout)
        if slot.error is not None:
            raise slot.error
        return outcome_of(call, slot.response)

    def _wait(
        self, slot: _Slot, message: dict[str, Any], method: str, timeout: float | None
    ) -> None:
        if slot.done.wait(timeout):
            return
        if self._endpoint.forget(message) is not None:
            raise OrdoTimeout(f"{method}: no answer within {timeout} s")
        # Answered at the last moment: the dispatcher is completing it.
        if not slot.done.wait(1.0):
            raise OrdoTimeout(f"{method}: answered, but the event handlers did not finish")

    def _await_exit(self, timeout: float | None) -> None:
        try:
            self._proc.wait(timeout)
        except subprocess.TimeoutExpired:
            raise OrdoTimeout(f"exit: the engine did not exit within {timeout} s") from None
        self._exited_event.wait(timeout)

    def _send(self, message: Any) -> None:
        self._write(self._framer.encode(_json.dumps(message)), "send", message)

    def send_raw(self, data: bytes) -> None:
        """Write ``data`` as one framed message, unchecked (for testing the engine's error
        paths). Its answer, which matches no call, is read with :meth:`next_stray`.
        """
        framed = data + b"\n" if self.framing == "ndjson" else self._framer.encode(data)
        self._write(framed, "send-raw", data)

    def raw(self, data: bytes | Any, timeout: float | None = None) -> Any:
        """Send raw bytes (or any JSON value, serialized as is) and return the next answer
        that matches no call, e.g. ``{"jsonrpc": "2.0", "id": null, "error": …}``.
        """
        body = data if isinstance(data, bytes) else _json.dumps(data)
        self.send_raw(body)
        return self.next_stray(timeout)

    def next_stray(self, timeout: float | None = None) -> Any:
        """The next received message that answers no pending call."""
        wait = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + wait
        while True:
            try:
                return self._strays.get(timeout=min(0.05, max(0.0, deadline - time.monotonic())))
            except queue.Empty:
                if self._exited is not None:
                    raise self._exited from None
                if time.monotonic() >= deadline:
                    raise OrdoTimeout(f"no unmatched message within {wait} s") from None

    def _write(self, data: bytes, direction: str, message: Any) -> None:
        with self._write_lock:
            if self._exited is not None:
                raise self._exited
            if self._tap is not None:
                self._tap(direction, message)
            if direction == "send":
                self._endpoint.written(message)
            else:
                self._endpoint.written_raw()
            try:
                self._stdin.write(data)
                self._stdin.flush()
            except (BrokenPipeError, ValueError, OSError):
                pass
            else:
                return
        # The pipe is closed: the engine is gone. Report it as the reader sees it.
        self._exited_event.wait(5.0)
        raise self._exited or EngineExited(self._proc.poll(), self.stderr_tail, "stdin closed")

    # ------------------------------------------------------------------ batch

    def batch(self) -> SyncBatch:
        """Collect calls and send them as one JSON-RPC batch when the block ends.

        >>> with engine.batch() as b:
        ...     a = b.layers.add("a")
        ...     n = b.layers.sort_range()
        >>> a.result(), n.result()
        """
        return SyncBatch(self)

    def _send_batch(self, batch: Batch, timeout: float | None) -> None:
        nested = threading.current_thread() is self._dispatcher
        messages: list[dict[str, Any]] = []
        waits: list[tuple[Any, _Slot, dict[str, Any]]] = []
        for pending in batch.entries:
            if pending.call.notification:
                messages.append(self._endpoint.notification(pending.call))
                continue
            slot = _Slot(nested)
            message = self._endpoint.request(pending.call, slot)
            messages.append(message)
            waits.append((pending, slot, message))
        if not messages:
            return
        try:
            self._send(messages)
        except BaseException:
            for _, _, message in waits:
                self._endpoint.forget(message)
            raise
        for pending in batch.entries:
            if pending.call.notification:
                pending._set_result(pending.call.decode(None))
        deadline = None if timeout is None else time.monotonic() + timeout
        for pending, slot, message in waits:
            remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                self._wait(slot, message, pending.call.method, remaining)
            except OrdoTimeout as exc:
                pending._set_error(exc)
                continue
            if slot.error is not None:
                pending._set_error(slot.error)
            else:
                pending._settle(slot.response)

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

    def on(self, name: str, handler: Handler) -> Callable[[], None]:
        """Call ``handler(event)`` for each event ``name`` (``"*"``: every event).

        Handlers run in order on one dispatcher thread, before the answer of the
        call whose events they are is returned. They may call the engine
        (those calls do not wait for handlers). Returns a function that removes it.
        ``alert.changed`` is sent only after ``engine.events.subscribe(["alert.changed"])``.
        """
        with self._handlers_lock:
            self._handlers.setdefault(name, []).append(handler)

        def off() -> None:
            self.off(name, handler)

        return off

    def off(self, name: str, handler: Handler) -> None:
        """Remove a handler added with :meth:`on` (no error if absent)."""
        with self._handlers_lock:
            handlers = self._handlers.get(name, [])
            if handler in handlers:
                handlers.remove(handler)

    @overload
    def wait_for(
        self,
        name: Literal["alert.show"],
        predicate: Callable[[AlertShow], bool] | None = None,
        timeout: float | None = None,
    ) -> AlertShow: ...
    @overload
    def wait_for(
        self,
        name: Literal["alert.hide"],
        predicate: Callable[[AlertHide], bool] | None = None,
        timeout: float | None = None,
    ) -> AlertHide: ...
    @overload
    def wait_for(
        self,
        name: Literal["alert.update"],
        predicate: Callable[[AlertUpdate], bool] | None = None,
        timeout: float | None = None,
    ) -> AlertUpdate: ...
    @overload
    def wait_for(
        self,
        name: Literal["alert.idle"],
        predicate: Callable[[AlertIdle], bool] | None = None,
        timeout: float | None = None,
    ) -> AlertIdle: ...
    @overload
    def wait_for(
        self,
        name: Literal["alert.changed"],
        predicate: Callable[[AlertChanged], bool] | None = None,
        timeout: float | None = None,
    ) -> AlertChanged: ...
    @overload
    def wait_for(
        self,
        name: str,
        predicate: Callable[[Event], bool] | None = None,
        timeout: float | None = None,
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
        wait = self.timeout if timeout is None else timeout
        event = self._inbox.take(_matcher(name, predicate), wait)
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
        """How many received events are buffered, not yet consumed."""
        return len(self._inbox)

    def _run_handlers(self, event: Event) -> None:
        with self._handlers_lock:
            handlers = [*self._handlers.get(event.name, ()), *self._handlers.get("*", ())]
        for handler in handlers:
            try:
                handler(event)
            except Exception:
                log.exception("ordo event handler %r failed on %s", handler, event.name)

    # ------------------------------------------------------------------ threads

    def _read_loop(self, stdout: IO[bytes]) -> None:
        fd = stdout.fileno()
        detail = ""
        try:
            while True:
                try:
                    chunk = os.read(fd, _READ_SIZE)
                except OSError as exc:
                    detail = f"reading stdout failed: {exc}"
                    break
                if not chunk:
                    break
                for body in self._framer.feed(chunk):
                    self._receive(body)
        except ProtocolViolation as exc:
            detail = f"unreadable output: {exc}"
            log.error("ordo: %s; killing the engine", detail)
            self.kill()
        except Exception as exc:  # a bug here must not hang every caller
            detail = f"client reader failed: {exc!r}"
            log.exception("ordo reader thread failed")
            self.kill()
        finally:
            self._on_exit(detail)

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
                self._dispatch.put(partial(self._run_handlers, item.event))
            elif isinstance(item, Answer):
                slot, response = item.slot, item.response
                if slot.nested:
                    slot.answer(response)
                else:
                    self._dispatch.put(partial(slot.answer, response))
            elif isinstance(item, Stray):
                self._strays.put(item.message)

    def _on_exit(self, detail: str) -> None:
        try:
            returncode: int | None = self._proc.wait(5.0)
        except subprocess.TimeoutExpired:
            returncode = None
        self._stderr_thread.join(2.0)
        error = EngineExited(returncode, self.stderr_tail, detail)
        self._exited = error
        self._exited_event.set()
        for slot in self._endpoint.drain():
            slot.fail(error)
        self._inbox.close(error)

    def _dispatch_loop(self) -> None:
        while True:
            item = self._dispatch.get()
            if item is None:
                return
            item()

    def _stderr_loop(self, stderr: IO[bytes]) -> None:
        try:
            for line in iter(stderr.readline, b""):
                text = line.decode("utf-8", "replace").rstrip("\r\n")
                self._stderr_tail.append(text)
                engine_log.debug("%s", text)
        except (OSError, ValueError):
            pass


class SyncBatch(Batch):
    """``with engine.batch() as b:`` — sent as one array when the block ends."""

    def __init__(self, engine: Engine, timeout: float | None = None) -> None:
        super().__init__()
        self._engine = engine
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
        timeout = self._engine.timeout if self._timeout is None else self._timeout
        self._engine._send_batch(self, timeout)


__all__ = ["Engine", "EventInbox", "Events", "SyncBatch", "Tap"]
