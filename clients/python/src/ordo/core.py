"""The I/O-free core shared by :class:`ordo.Engine` and :class:`ordo.AsyncEngine`.

It holds everything but the transport: the command line, request ids and
pending calls (:class:`~ordo.endpoint.Endpoint`), the framing and JSON of
outgoing messages, the classification of incoming ones, the event buffer and
the handlers, batch building, and the decoding of results, events and errors.
An engine adds how bytes are written and read (threads, or asyncio tasks),
what a caller waits on (a lock, or a future: the *slot* ``S``) and where
handlers run, through the hooks at the end of :class:`Core`.

State that waiters look at (buffered events, strays, the exit) changes under
``self._guard`` and is followed by ``self._wake()``: for asyncio the guard is a
no-op and the wake resolves the waiters' futures; the blocking engine's
waiters read the output themselves, so its guard is a lock and its wake a no-op.
"""

from __future__ import annotations

import errno
import itertools
import logging
import math
import os
import sys
import threading
import weakref
from collections import deque
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any, Callable, Generic, Literal, NoReturn, Optional, TypeVar, overload

from ._call import Call, Pending
from ._decode import dumps, envelope, parse, request_json
from ._json import JSON
from .api import EngineAPI, F
from .batch import Batch
from .discovery import PathLike, engine_command, find_engine
from .endpoint import Answer, Endpoint, Notice, RawAnswer, Refused
from .errors import (
    EngineExited,
    EngineForked,
    EngineStartFailed,
    OrdoTimeout,
    ProtocolViolation,
    start_failed,
)
from .events import (
    EVENT_NAMES,
    AlertChanged,
    AlertHide,
    AlertIdle,
    AlertShow,
    AlertUpdate,
    Event,
    parse_event,
)
from .streams import NdjsonFramer, make_framer


def pidfd(pid: int) -> int | None:
    """A descriptor that names process ``pid`` (readable once it exits; signals sent through
    it reach that process even after its pid is reaped and reused), Linux 5.3+; else None."""
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


def apart_from_the_terminal(popen_keywords: bool = True) -> dict[str, Any]:
    """Popen's keywords that keep the engine out of the program's process group, whose
    terminal signals (Ctrl-C's SIGINT) are the program's to handle; the engine still ends
    with the program, its stdin closed. A process group of its own (Python 3.11+) rather
    than a session: in the program's session, an engine stopped (SIGSTOP, a debugger) when
    the program ends is sent SIGHUP and SIGCONT, as its group is then orphaned, and ends;
    in a session of its own it stayed stopped. Where Popen's keywords do not reach (an
    event loop of another kind, as uvloop's, refuses process_group), a session."""
    if popen_keywords and sys.version_info >= (3, 11):
        return {"process_group": 0}
    return {"start_new_session": True}


S = TypeVar("S")
log = logging.getLogger("ordo")
engine_log = logging.getLogger("ordo.engine")

#: ``tap(direction, message)``: ``"send"``/``"recv"`` with the JSON value, or
#: ``"send-raw"`` with the bytes of ``send_raw``.
Tap = Callable[[str, Any], None]
Handler = Callable[[Any], object]
Predicate = Callable[[Any], bool]
Off = Callable[[], None]
E = TypeVar("E")
#: wait_for's ``predicate`` and ``timeout``.
Match = Optional[Callable[[E], bool]]
Seconds = Optional[float]

#: The events the engine sends (docs/protocol.md#events); ``"*"`` stands for all of them.
KNOWN_EVENTS = frozenset(EVENT_NAMES)


def call_timeout(value: object, what: str = "timeout") -> float | None:
    """A timeout for something that writes a request and waits for its answer: ``None``
    (or ``math.inf``) for no limit, else seconds > 0. The request is written before the
    wait, so a timeout of 0 would report a request the engine applies as failed: it is
    refused before anything is written (ValueError), as are negative and NaN ones.
    """
    return _seconds(value, what, zero=False)


def wait_timeout(value: object, what: str = "timeout") -> float | None:
    """A timeout for waiting on what the engine already sends (events, strays): ``None``
    (or ``math.inf``) for no limit, else seconds >= 0, 0 looking only at what has arrived.
    """
    return _seconds(value, what, zero=True)


def _seconds(value: object, what: str, *, zero: bool) -> float | None:
    if value is None or value == math.inf:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not (value >= 0 if zero else value > 0)
    ):
        least = ">= 0" if zero else "> 0"
        raise ValueError(
            f"{what} must be a number of seconds {least}, or None for no limit: {value!r}"
        )
    return float(value)


#: EngineExited's detail for calls after close().
CLOSED = "close() was called"

#: The engine's log lines (``ordo [warn] …``) by their level's name.
ENGINE_LOG_LEVELS = {
    "error": logging.ERROR,
    "warn": logging.WARNING,
    "info": logging.INFO,
    "debug": logging.DEBUG,
}


def engine_line_level(text: str) -> int:
    """The ``logging`` level a line of the engine's stderr is logged at (on ``ordo.engine``):
    its own level for a log line (``ordo [warn] …``: WARNING; the engine logs a message it
    answered with an error at ``info``, since the answer says it), and INFO for anything
    else (a refusal at start, which ``EngineExited`` carries; a wrapper's output). All went
    out at DEBUG, so the engine's warnings that no answer carries (a notification that
    failed, a clock that disagrees with the state file) were not shown under Python's
    default logging."""
    if text.startswith("ordo ["):
        name, bracket, _ = text[len("ordo [") :].partition("] ")
        if bracket and name in ENGINE_LOG_LEVELS:
            return ENGINE_LOG_LEVELS[name]
    return logging.INFO


def event_name(name: str) -> str:
    """``name`` if it is an event the engine sends (or ``"*"``); a ValueError naming the
    events otherwise: a misspelt name would never match and wait or listen forever.
    """
    if name in KNOWN_EVENTS or name == "*":
        return name
    known = ", ".join(EVENT_NAMES)
    raise ValueError(f'unknown event {name!r}: the engine sends {known}, or "*" for all')


#: "Nothing found" for the pickers run by waiters (None may be a value).
NOTHING: Any = object()
READ_SIZE = 1 << 16
#: After the engine's exit, how long its output may stay open (s): a process it left behind
#: (a wrapper script's child) can hold the pipe for ever; what the engine wrote is read by
#: then. The Node client's STDOUT_GRACE_MS.
STDOUT_GRACE = 1.0
#: After the exit, how long stderr is read for the rest of its tail when it stays open (s),
#: as the Node client's STDERR_GRACE_MS.
STDERR_GRACE = 0.5
#: close(timeout=0): how long its shutdown and exit, written without waiting for an answer,
#: may take before the input ends (microseconds, unless the engine reads nothing) (s).
GOODBYE_WRITES = 0.25
#: Why the calls of an engine whose output stayed open after its exit failed.
HELD_OPEN = "another process holds its output open"


class StderrLines:
    """Cuts the engine's stderr, as it comes in chunks, into lines for ``on_line`` (without
    their newline), keeping a line not ended yet until its end comes, or ``end()``."""

    def __init__(self, on_line: Callable[[bytes], None]) -> None:
        self._on_line = on_line
        self._pieces: list[bytes] = []  # of the line not ended yet

    def feed(self, chunk: bytes) -> None:
        *lines, rest = chunk.split(b"\n")
        if lines:
            lines[0] = b"".join(self._pieces) + lines[0]
            self._pieces.clear()
            for line in lines:
                self._on_line(line)
        if rest:
            self._pieces.append(rest)

    def end(self) -> None:
        """Hands on what came after the last newline, as a line."""
        if self._pieces:
            self._on_line(b"".join(self._pieces))
            self._pieces.clear()


def start_error(exc: OSError, binary: str, cwd: PathLike | None) -> EngineStartFailed:
    """What starting the engine raised (``exc``, from ``subprocess``), as EngineStartFailed
    naming what is wrong: the working directory, or the binary (which exists: find_engine
    said so, so ENOENT there is the interpreter its ``#!`` line names)."""
    code = exc.errno
    # uvloop names no file: a working directory that cannot be entered is then the cause.
    unnamed = exc.filename is None and code in (errno.ENOENT, errno.ENOTDIR, errno.EACCES)
    if cwd is not None and (
        _same_path(exc.filename, cwd)
        if exc.filename is not None
        else unnamed and not (os.path.isdir(cwd) and os.access(cwd, os.X_OK))
    ):
        reason = {
            errno.ENOENT: "does not exist",
            errno.ENOTDIR: "is not a directory",
            errno.EACCES: "may not be entered (permission denied)",
        }.get(code or 0, f"cannot be entered ({exc.strerror})")
        where = f"its working directory (cwd) {os.fsdecode(cwd)!r}"
        message = f"cannot start the ordo engine: {where} {reason}"
    elif exc.filename is not None and _same_path(exc.filename, binary):
        reason = {
            errno.ENOEXEC: "is not a program this system can run (Exec format error): a script "
            "needs a #! line, a binary must be built for this machine",
            errno.ENOENT: "cannot be run: the interpreter its #! line names does not exist",
            errno.EACCES: "may not be run (permission denied)",
        }.get(code or 0, f"cannot be run ({exc.strerror})")
        message = f"cannot start the ordo engine: {binary!r} {reason}"
    else:
        message = f"cannot start the ordo engine {binary!r}: {exc}"
    return start_failed(message, code, exc.strerror, exc.filename)


def _same_path(a: Any, b: PathLike) -> bool:
    try:
        return os.fsdecode(a) == os.fsdecode(b)
    except TypeError:
        return False


def any_value(value: Any) -> Any:
    return value


class Plan(Generic[S]):
    """A batch ready to write: its bytes, its JSON text and, per request, (entry, slot, id)."""

    __slots__ = ("batch", "body", "data", "waits")

    def __init__(
        self, batch: Batch, data: bytes, body: bytes, waits: list[tuple[Pending[Any], S, int]]
    ) -> None:
        self.batch = batch
        self.data = data
        self.body = body
        self.waits = waits


#: The engines this process started, held weakly: a fork's child marks its copies of them
#: inherited (_after_fork_in_child).
_started_here: weakref.WeakSet[Core[Any, Any]] = weakref.WeakSet()


def _after_fork_in_child() -> None:
    """``os.register_at_fork``'s hook, in the child, the one thread left: every engine
    copied from the parent is marked inherited and lets go of the child's copies of its
    descriptors. It takes no lock (one a parent thread held at the fork stays held here)."""
    engines = list(_started_here)
    _started_here.clear()
    for engine in engines:
        engine._inherit()


if hasattr(os, "register_at_fork"):  # POSIX; Windows has no fork
    os.register_at_fork(after_in_child=_after_fork_in_child)


class Core(EngineAPI[F], Generic[F, S]):
    """What the blocking and the asyncio engine share; see the module docstring."""

    _guard: AbstractContextManager[Any]

    def __init__(
        self,
        binary: PathLike | None = None,
        *,
        framing: Literal["ndjson", "lsp"] = "ndjson",
        clock: Literal["system", "manual"] | None = None,
        args: Sequence[str] = (),
        timeout: float | None = 30.0,
        env: Mapping[str, str] | None = None,
        cwd: PathLike | None = None,
        tap: Tap | None = None,
        event_buffer: int = 10_000,
        stderr_lines: int = 200,
    ) -> None:
        # Checked for callers that are not type-checked: a bool or a float is refused.
        if (
            isinstance(event_buffer, bool)
            or not isinstance(event_buffer, int)  # pyright: ignore[reportUnnecessaryIsInstance]
            or event_buffer < 1
        ):
            # With none kept, wait_for and events() would never see an event.
            raise ValueError(
                "event_buffer must be a whole number of events, at least 1 (wait_for and"
                f" events() take them from the buffer), not {event_buffer!r}"
            )
        self.binary: str = find_engine(binary)
        self.framing = framing
        self.timeout: float | None = call_timeout(timeout)
        self.command: list[str] = engine_command(
            self.binary, framing=framing, clock=clock, args=args
        )
        self._attach_namespaces()
        # Which thread is inside the tap (it runs on whichever thread reads or writes): a
        # close() there must not wait for another close(), which may need that thread.
        self._tapping = threading.local()
        self._tap = None if tap is None else self._flagged(tap)
        self._framer = make_framer(framing)
        self._ndjson = isinstance(self._framer, NdjsonFramer)
        #: Bodies framed and not handled yet (all but after an interrupt cut a feed short).
        self._inbox: deque[str | bytes] = deque()
        self._endpoint: Endpoint[S] = Endpoint()
        self._events: deque[Event] = deque(maxlen=event_buffer)
        self._dropped = 0
        self._strays: deque[Any] = deque()
        # raw(): the tokens waited for, and their answers (None: the message got none).
        self._raw_tokens = itertools.count(1)
        self._raw_waiting: set[int] = set()
        self._raw_answers: dict[int, Any] = {}
        self._eof = False  # the engine's output ended (it is exiting)
        self._handlers: dict[str, list[Handler]] = {}  # replaced, never mutated: read unlocked
        self._handlers_lock = threading.Lock()
        #: What a handler raised that is no Exception (SystemExit, pytest's Failed...), to be
        #: raised from the next call, wait, batch or close() that returns (_raise_kept).
        self._kept: BaseException | None = None
        self._stderr_tail: deque[str] = deque(maxlen=stderr_lines)
        self._exited: EngineExited | None = None
        self._closed = False
        #: The process that started the engine (0: not started yet), and whether this one
        #: is a fork of it (set by _after_fork_in_child): then every call is refused.
        self._owner = 0
        self._inherited = False
        self._env = None if env is None else dict(env)
        self._cwd = cwd
        self._init_transport()

    def __repr__(self) -> str:
        state = "closed" if self._closed else ("exited" if self._exited else "running")
        pid = getattr(getattr(self, "_proc", None), "pid", None)
        return f"<{type(self).__name__} pid={pid} {self.framing} {state}>"

    # ------------------------------------------------------------------ fork

    def __reduce__(self) -> NoReturn:
        # Pickled, it would be sent to another process (multiprocessing's spawn or forkserver
        # start method, a pool's arguments): its pipes and process are this one's.
        raise TypeError(
            f"a {type(self).__name__} cannot be pickled or copied: its engine process and"
            " pipes belong to this process; start an engine in the process that needs one"
        )

    def _own(self) -> None:
        """Once the process is spawned: it belongs to this process (see _check_owner)."""
        self._owner = os.getpid()
        _started_here.add(self)

    def _forked(self) -> bool:
        """Whether this process is a fork of the one that started the engine. The flag the
        fork hook sets, and the pid for a fork the hook missed (one during the spawn)."""
        return self._inherited or (self._owner != 0 and self._owner != os.getpid())

    def _check_owner(self) -> None:
        """Refuses a call in a forked child: it would write into the parent's session, and
        take the parent's answers (the child has none of its reading threads or tasks). The
        pid too, for a fork the hook missed (one between the spawn and ``_own``'s adding the
        engine to ``_started_here``): ``os.getpid()`` is a fraction of a microsecond."""
        if self._forked():
            self._refuse_forked()

    def _refuse_forked(self) -> NoReturn:
        pid = getattr(getattr(self, "_proc", None), "pid", None)
        raise EngineForked(
            f"this {type(self).__name__} (engine pid {pid}) belongs to process {self._owner},"
            f" of which this process ({os.getpid()}) is a fork: its pipes are that process's"
            " session; start a new engine in this process after the fork"
        )

    def _inherit(self) -> None:
        """In a forked child (see _after_fork_in_child): refuse every call from now on, and
        close the child's copies of the engine's descriptors, so that the child can neither
        touch the parent's session nor keep the engine's input open once the parent closed
        it (the engine exits at its end)."""
        self._inherited = True
        try:
            self._release_inherited()
        except Exception:  # best effort: the flag alone keeps the parent's session safe
            log.debug("ordo: releasing an inherited engine's descriptors failed", exc_info=True)

    def _release_inherited(self) -> None:
        """Closes the child's copies of the descriptors, and disarms the finalizer that would
        end the engine when the child drops it. Touches nothing the parent's engine shares."""

    @property
    def stderr_tail(self) -> str:
        """The last lines the engine wrote to stderr."""
        return "\n".join(self._stderr_tail)

    def _stderr_line(self, line: bytes) -> None:
        text = line.decode("utf-8", "replace").rstrip("\r\n")
        self._stderr_tail.append(text)
        if text.strip():  # (a usage text's blank lines are kept in the tail only)
            engine_log.log(engine_line_level(text), "%s", text)

    # ------------------------------------------------------------------ outgoing

    def _encode(self, message: Any) -> bytes:
        return self._framer.encode(dumps(message))

    def _encode_raw(self, data: bytes) -> bytes:
        return data + b"\n" if self.framing == "ndjson" else self._framer.encode(data)

    def _check_one_message(self, data: bytes) -> None:
        """raw() waits for the answer to one message, and under NDJSON a newline ends one
        (a blank line too may be answered, refused as too long): bytes of more than one
        line (a final newline allowed) are refused before anything is written; send_raw
        writes them unchecked."""
        if self.framing != "ndjson":
            return
        if b"\n" in (data[:-1] if data.endswith(b"\n") else data):
            raise ValueError(
                "raw(): under NDJSON framing a newline ends a message, and raw() waits for "
                "the answer to one: give it one line (send several one by one, or write "
                "them with send_raw())"
            )

    def _flagged(self, tap: Tap) -> Tap:
        """``tap``, noting in ``_tapping`` the thread that runs it."""
        tapping = self._tapping

        def flagged(direction: str, message: Any) -> None:
            tapping.active = True
            try:
                tap(direction, message)
            finally:
                tapping.active = False

        return flagged

    @property
    def _in_tap(self) -> bool:
        return bool(getattr(self._tapping, "active", False))

    def _record(self, direction: str, message: Any, data: bytes, token: int = 0) -> None:
        """Before writing (under the transport's write lock, in write order): ``message``
        is a notification of ours (``"send"``), or the bytes of ``send_raw`` (``"send-raw"``,
        ``token``: the raw() call waiting for the answer); ``data``: what is written."""
        if self._exited is not None:
            raise self._exited.again()
        if self._tap is not None:
            self._tap(direction, message)
        if direction == "send":
            # The JSON text inside the frame: serialising the message a second time cost
            # each notification about 2 µs (of some 13 µs through a pipe).
            body = data[:-1] if self.framing == "ndjson" else data[data.index(b"\r\n\r\n") + 4 :]
            self._endpoint.written(message, body)
        else:
            self._endpoint.written_raw(message, token)

    def _plan(self, batch: Batch, slot: Callable[[], S]) -> Plan[S]:
        """The framed JSON array of a batch and, for each request, its entry, slot and id;
        each request's slot is registered.
        """
        bodies: list[bytes] = []
        waits: list[tuple[Pending[Any], S, int]] = []
        endpoint = self._endpoint
        try:
            for pending in batch._entries:
                call = pending.call
                if call.notification:
                    bodies.append(request_json(call.method, None, call.params))
                else:
                    params = dumps(call.params) if call.params else None
                    waiting = slot()
                    rid = endpoint.open(waiting)
                    waits.append((pending, waiting, rid))
                    bodies.append(envelope(call.method, rid, params))
        except BaseException:  # params that are not JSON: nothing was sent
            for _, _, rid in waits:
                endpoint.forget_id(rid)
            raise
        body = b"[%s]" % b",".join(bodies)
        data = body + b"\n" if self._ndjson else self._framer.encode(body)
        return Plan(batch, data if bodies else b"", body, waits)

    def _record_batch(self, plan: Plan[S]) -> None:
        """:meth:`_record` for a planned batch, written next."""
        if self._exited is not None:
            raise self._exited.again()
        if self._tap is not None:
            ids = {id(pending): rid for pending, _, rid in plan.waits}
            messages = [
                self._endpoint.notification(p.call)
                if p.call.notification
                else self._endpoint.message(p.call, ids[id(p)])
                for p in plan.batch._entries
            ]
            self._tap("send", messages)
        if plan.waits:
            self._endpoint.written_ids([rid for _, _, rid in plan.waits])
        else:
            entries = len(plan.batch._entries)
            what = f"batch of {entries} notifications"
            self._endpoint.written_notifications(what, plan.body, entries)

    @staticmethod
    def _sent(batch: Batch) -> None:
        """A batch of notifications only was written: they are done (nothing answers them;
        a refusal of the whole batch is logged, as any notification's)."""
        for pending in batch.entries:
            pending._set_result(pending.call.decode(None))

    @staticmethod
    def _share_fate(batch: Batch, response: dict[str, Any] | None, error: Exception | None) -> None:
        """The notifications of a batch holding requests share the batch's fate, known from
        the answer of its first request (``response``, or ``error`` when none came): done
        when the batch was answered, failed when the engine refused it whole (an error with
        ``id: null``: over ``--max-batch``, too large), or got no answer.
        """
        for pending in batch._entries:
            if not pending.call.notification:
                continue
            if response is None:
                if isinstance(error, EngineExited):
                    pending._set_error(error.again())
                else:
                    pending._set_error(OrdoTimeout(f"{pending.call.method}: no answer in time"))
            elif response.get("id") is None and "error" in response:
                pending._settle(response)
            else:
                pending._set_result(pending.call.decode(None))

    @staticmethod
    def _raw_call(method: str, params: Mapping[str, Any] | None, note: bool = False) -> Call[Any]:
        return Call(method, None if params is None else dict(params), any_value, note)

    # ------------------------------------------------------------------ incoming

    def _feed(self, chunk: bytes) -> None:
        """Bytes read from the engine's stdout, in order.

        The chunk is framed in one step (the framer changes at once, or not at all), its
        bodies queued in ``_inbox``, then each is taken from the queue and handled. So an
        exception a signal handler raises here (a ``KeyboardInterrupt``) cuts no line and
        drops nothing queued: at most the one body being handled. (``_finish_feed`` ends
        what it cut short.)
        """
        self._frame(chunk)
        self._handle_inbox()

    def _frame(self, chunk: bytes) -> None:
        """Frames ``chunk`` (in one step) and queues its bodies in ``_inbox``."""
        framer = self._framer
        self._inbox.extend(framer.feed_text(chunk) if self._ndjson else framer.feed(chunk))  # type: ignore[union-attr]

    def _finish_feed(self, chunk: bytes, fed: int) -> None:
        """After an interrupt in ``_feed(chunk)``, begun when the framer had done ``fed``
        feeds: frames the chunk if the interrupt came first, and handles what is queued."""
        if self._framer.fed == fed:
            self._frame(chunk)
        self._handle_inbox()

    def _handle_inbox(self) -> None:
        inbox = self._inbox
        endpoint = self._endpoint
        while inbox:
            body = inbox.popleft()
            try:
                message: JSON = parse(body if isinstance(body, str) else body.decode("utf-8"))
            except ValueError:  # UnicodeDecodeError too
                log.error("ordo wrote a message that is not JSON: %r", body[:200])
                continue
            if self._tap is not None:
                try:
                    self._tap("recv", message)
                except Exception:
                    log.exception("ordo tap failed")
            if type(message) is dict:  # the common cases first: an answer, an event
                slot = endpoint.take(message)
                if slot is not None:
                    self._answered(slot, message)
                    continue
                name = message.get("method")
                if type(name) is str and "id" not in message:
                    self._event(parse_event(name, message.get("params")))
                    continue
            elif type(message) is list:  # a batch's answers
                taken = endpoint.take_batch(message)
                if taken is not None:
                    for slot, response in taken:
                        self._answered(slot, response)
                    continue
            for item in endpoint.receive(message):
                if isinstance(item, Answer):
                    self._answered(item.slot, item.response)
                elif isinstance(item, Notice):
                    self._event(item.event)
                elif isinstance(item, RawAnswer):
                    with self._guard:
                        if item.token in self._raw_waiting:  # else raw() gave up: dropped
                            self._raw_answers[item.token] = item.message
                            self._wake()
                elif isinstance(item, Refused):
                    error: JSON = item.message.get("error")
                    text = error.get("message") if isinstance(error, dict) else error
                    log.warning("ordo refused a %s: %s", item.what, text)
                else:
                    with self._guard:
                        self._strays.append(item.message)
                        self._wake()

    def _event(self, event: Event) -> None:
        with self._guard:
            if len(self._events) == self._events.maxlen:
                self._dropped += 1
                if self._dropped == 1:
                    log.warning("event buffer full: dropping the oldest unconsumed events")
            self._events.append(event)
            self._wake()
        if self._handlers_due(event.name):
            self._handle(event)

    def _handlers_due(self, name: str) -> bool:
        """Whether event ``name`` must go to :meth:`_handle`: it has handlers now (the
        blocking engine adds: or handlers still run, which may add some)."""
        handlers: dict[str, list[Handler]] = self._handlers
        return bool(handlers.get(name) or handlers.get("*"))

    def _handlers_of(self, name: str) -> list[Handler]:
        """The handlers of event ``name``, its own then the ``"*"`` ones, as they are now: an
        event's handlers are those at its dispatch, so that a handler that adds or removes
        one (a "once" handler removing itself) changes what the next events run."""
        handlers: dict[str, list[Handler]] = self._handlers
        return [*handlers.get(name, ()), *handlers.get("*", ())]

    def _read_failed(self, exc: Exception) -> str:
        """The reader stops on a bug or unreadable output: kill the engine, say why."""
        if isinstance(exc, ProtocolViolation):
            detail = f"unreadable output: {exc}"
            log.error("ordo: %s; killing the engine", detail)
        else:
            detail = f"client reader failed: {exc!r}"
            log.error("ordo reader failed", exc_info=exc)
        self.kill()
        return detail

    def _gone(self, returncode: int | None, detail: str) -> None:
        """The engine's output ended: every pending and later call fails (after close(),
        saying so: "exited with status 0" alone read as the engine's doing)."""
        if not detail and self._closed:
            detail = CLOSED
        error = EngineExited(returncode, self.stderr_tail, detail)
        self._exited = error
        for slot in self._endpoint.drain():
            self._failed(slot, error.again())  # each waiter raises its own
        with self._guard:
            self._wake()

    # ------------------------------------------------------------------ events

    @overload
    def on(self, name: Literal["alert.show"], handler: Callable[[AlertShow], object]) -> Off: ...
    @overload
    def on(self, name: Literal["alert.hide"], handler: Callable[[AlertHide], object]) -> Off: ...
    @overload
    def on(
        self, name: Literal["alert.update"], handler: Callable[[AlertUpdate], object]
    ) -> Off: ...
    @overload
    def on(self, name: Literal["alert.idle"], handler: Callable[[AlertIdle], object]) -> Off: ...
    @overload
    def on(
        self, name: Literal["alert.changed"], handler: Callable[[AlertChanged], object]
    ) -> Off: ...
    @overload
    def on(self, name: str, handler: Callable[[Event], object]) -> Off: ...

    def on(self, name: str, handler: Handler) -> Off:
        """Call ``handler(event)`` for each event ``name`` (``"*"``: every event), in order,
        before the answer of the call whose events they are is returned. An event's own
        handlers run first, then the ``"*"`` ones, each in the order they were added. Returns a
        function that removes it. ``alert.changed`` is sent only after
        ``engine.events.subscribe(["alert.changed"])``.
        """
        event_name(name)
        self._check_handler(handler)
        with self._handlers_lock:
            self._handlers = {**self._handlers, name: [*self._handlers.get(name, ()), handler]}
        return lambda: self.off(name, handler)

    def off(self, name: str, handler: Handler) -> None:
        """Remove a handler added with :meth:`on` (no error if absent)."""
        with self._handlers_lock:
            handlers = [*self._handlers.get(name, ())]
            if handler in handlers:
                handlers.remove(handler)
                self._handlers = {**self._handlers, name: handlers}

    def _check_handler(self, handler: Handler) -> None:
        """Refuses (TypeError) a handler this engine cannot run."""
        if not callable(handler):
            raise TypeError(f"an event handler must be callable, not {handler!r}")

    def _run(self, handler: Handler, event: Event) -> object:
        """``handler(event)``. An Exception is logged and delivery goes on; anything else it
        raises (SystemExit, KeyboardInterrupt, pytest's ``Failed``) is kept for the caller:
        :meth:`_keep`."""
        try:
            return handler(event)
        except Exception:
            log.exception("ordo event handler %r failed on %s", handler, event.name)
        except BaseException as exc:
            self._keep(exc, f"event handler {handler!r} on {event.name}")
        return None

    def _keep(self, exc: BaseException, what: str) -> None:
        """A handler raised ``exc``, no Exception: kept, to be raised from the next call,
        wait, batch or close() that returns (:meth:`_raise_kept`), so that it ends what the
        program was doing rather than the thread or callback that read the event. Only the
        first is kept until then; later ones are logged."""
        with self._handlers_lock:
            if self._kept is None:
                self._kept = exc
                return
        log.error(
            "ordo %s raised while an earlier handler's was still to be raised", what, exc_info=exc
        )

    def _raise_kept(self) -> None:
        """Raise (once) what a handler raised that was no Exception (see :meth:`_keep`)."""
        if self._kept is None or not self._may_raise_kept():
            return
        with self._handlers_lock:
            kept, self._kept = self._kept, None
        if kept is not None:  # pyright: ignore[reportUnnecessaryComparison]  (another thread may have taken it)
            raise kept

    def _may_raise_kept(self) -> bool:
        """Whether this thread may get a kept handler exception (not a handler's own)."""
        return True

    def _pick_event(self, name: str, predicate: Predicate | None) -> Callable[[], Any]:
        """Run by a waiter under the guard: take the oldest matching event, or NOTHING."""
        event_name(name)

        def pick() -> Any:
            for i, event in enumerate(self._events):
                if (name == "*" or event.name == name) and (predicate is None or predicate(event)):
                    del self._events[i]
                    return event
            return NOTHING

        return pick

    def _pick_stray(self) -> Any:
        return self._strays.popleft() if self._strays else NOTHING

    def _pick_raw(self, token: int) -> Callable[[], Any]:
        return lambda: self._raw_answers.pop(token, NOTHING)

    def _raw_begin(self) -> int:
        """A token for raw(): its answer is kept for it until :meth:`_raw_end`. Refuses a
        forked child first: the guard may be held for good there (a parent thread held it
        at the fork)."""
        self._check_owner()
        token = next(self._raw_tokens)
        with self._guard:
            self._raw_waiting.add(token)
        return token

    def _raw_end(self, token: int, found: Any) -> Any:
        """raw() stops waiting: what it found, or the answer that came at the last moment."""
        with self._guard:
            self._raw_waiting.discard(token)
            late = self._raw_answers.pop(token, NOTHING)
        return late if found is NOTHING else found

    def _found(self, found: Any, what: str, wait: float | None) -> Any:
        """What a waiter found, or why not: EngineExited, else OrdoTimeout."""
        if found is not NOTHING:
            return found
        if self._exited is not None:
            raise self._exited.again()
        if self._eof:
            raise EngineExited(self.returncode, self.stderr_tail, "its output ended")
        raise OrdoTimeout(f"no {what} within {wait} s")

    def drain_events(self) -> list[Event]:
        """Every buffered event, oldest first, consumed."""
        self._check_owner()  # the parent's events; its guard may be held for good here
        with self._guard:
            items = list(self._events)
            self._events.clear()
            return items

    @property
    def pending_events(self) -> int:
        """How many received events are buffered, not yet consumed."""
        return len(self._events)

    # ------------------------------------------------------------------ transport hooks

    def _init_transport(self) -> None:
        """The end of ``__init__``: the engine's own state (the blocking one spawns now)."""
        raise NotImplementedError

    def _wake(self) -> None:
        """Waiters may find what they wait for now (called under ``_guard``)."""
        raise NotImplementedError

    def _answered(self, slot: S, response: dict[str, Any]) -> None:
        raise NotImplementedError

    def _failed(self, slot: S, error: EngineExited) -> None:
        raise NotImplementedError

    def _handle(self, event: Event) -> None:
        """Run the handlers of ``event`` (:meth:`_handlers_of`, when they run) before any later
        answer completes."""
        raise NotImplementedError

    def kill(self) -> None:
        raise NotImplementedError

    @property
    def returncode(self) -> int | None:
        raise NotImplementedError
