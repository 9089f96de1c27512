"""The JSON-RPC endpoint: request ids, pending requests, message classification.

It knows nothing of streams, threads or event loops: the engines give it
outgoing calls (it returns the JSON to write) and incoming messages (it says
which pending request each answers, or which event it is). A *slot* is
whatever the caller uses to wait for an answer (a threading or asyncio
object); the endpoint only stores and hands it back.
"""

from __future__ import annotations

import itertools
import math
import operator
import re
import threading
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, Union, cast

from ._call import Call
from ._call import outcome_of as outcome_of  # re-exported: its home before _call
from ._decode import dumps, parse
from ._json import JSON
from .events import Event, parse_event

S = TypeVar("S")
T = TypeVar("T")


@dataclass
class Answer(Generic[S]):
    """A response to one of our requests."""

    slot: S
    response: dict[str, Any]


@dataclass
class Notice:
    """An event (a notification from the engine)."""

    event: Event


@dataclass
class Stray:
    """A response that answers nothing we wait for (e.g. to ``send_raw``'s bytes)."""

    message: Any


@dataclass
class RawAnswer:
    """The answer to raw bytes written with a ``token`` (``raw()``); ``message`` None: the
    engine answered a later message first, so these bytes got no answer."""

    token: int
    message: Any


@dataclass
class Refused:
    """An ``id: null`` error that answers a notification of ours (``what``): the engine
    could not take it (too large, a batch over ``--max-batch``, …). Nobody waits for it."""

    what: str
    message: dict[str, Any]


Incoming = Union[Answer[S], Notice, Stray, RawAnswer, Refused]

#: A raw unit's token when nobody waits for its answer (``send_raw``): a Stray.
_NO_TOKEN = 0
#: Unsettled notifications kept at most (one that is not answered is never settled when
#: no request follows it); the oldest goes first.
MAX_NOTES = 10_000
#: Digits as "0", exponents as "e", everything else but "+" as a space: a number no double
#: holds has 300 digits, a 3-digit exponent, or 200 digits before an exponent (10^199 times
#: 10^99), which substring searches find in the translated text (a regular expression took
#: 35 ns a byte).
_DIGITS = bytes(
    ord("0") if chr(byte).isdigit() and byte < 128
    else ord("e") if byte in b"eE"
    else byte if byte == ord("+")
    else ord(" ")
    for byte in range(256)
)  # fmt: skip


def _may_hold_a_huge_number(body: bytes) -> bool:
    digits = body.translate(_DIGITS)
    return b"0" * 200 in digits or b"e000" in digits or b"e+000" in digits


class _Unit:
    """A written message other than request(s) of ours: notification(s) of ours, or raw
    bytes. ``certain``: the engine answers it whatever happens (it holds a request, or
    is not a valid notification); otherwise it is answered only when refused whole, with
    an ``id: null`` error (too large, over ``--max-batch``, unreadable)."""

    __slots__ = ("certain", "entries", "ids", "lone", "odd", "size", "token", "what")

    def __init__(
        self,
        *,
        size: int,
        entries: int | None,
        certain: bool = False,
        ids: tuple[Any, ...] = (),
        odd: bool = True,
        lone: bool = False,
        token: int = _NO_TOKEN,
        what: str | None = None,
    ) -> None:
        self.size = size  # bytes of the JSON text (what --max-message-bytes counts)
        self.entries = entries  # a batch's entry count, else None
        self.certain = certain
        self.ids = ids  # the ids of raw requests, as read back from the bytes
        self.odd = odd  # may be unreadable to the engine (a parse error is then its answer)
        self.lone = lone  # holds a lone surrogate escape, which engines before 0.2.4 refuse
        self.token = token  # raw(): who waits for the answer
        self.what = what  # ours: what it was, for the log


class _Lost:
    """What the unsettled messages dropped from the order (over ``MAX_NOTES`` of them,
    the oldest first) were, summed up: each may still be refused, and its refusal comes
    before any answer to a message still in the order. Told apart by what the refusal
    says (a ``too_large`` refusal's limit, a ``maxBatch`` one's entry count, an unreadable
    text), it fails no call; the first answer to a message still in the order settles them
    all. Each is counted by its whole description (size, entry count, whether the engine
    may not read it), and a refusal counts one whole description out: counted separately,
    a too large batch counted out by its ``too_large`` was still a batch, and took the
    ``maxBatch`` refusal of the caller's own batch after it, which then waited for its
    timeout. Raw bytes a ``raw()`` waits for are kept whole (one per waiter): told
    ``None`` then, or given their refusal."""

    __slots__ = ("described", "limit", "raws")

    def __init__(self) -> None:
        #: (size of the JSON text, a batch's entry count or None, odd): how many.
        self.described: dict[tuple[int, int | None, bool], int] = {}
        #: The engine's --max-message-bytes once a too_large refusal said it: a larger
        #: message is refused as too large, never for anything else.
        self.limit: int | None = None
        self.raws: list[_Unit] = []  # raw bytes with a waiter

    def add(self, unit: _Unit) -> None:
        if unit.token != _NO_TOKEN:
            self.raws.append(unit)
            return
        description = (unit.size, unit.entries, unit.odd)
        self.described[description] = self.described.get(description, 0) + 1

    def refusal(self, message: dict[str, Any]) -> Incoming[Any] | None:
        """What the ``id: null`` error ``message`` is when it refuses a lost message (which
        then counts as answered); None when it refuses none of them.

        Until a ``too_large`` refusal gives the limit, a message that fits another refusal
        may still be too large (refused as such, later): the smallest one that fits is
        taken (the message refused is no larger than the limit, so neither is it), the
        raw bytes a ``raw()`` waits for among them. Taken in turn, a ``-32600`` for a NUL
        in a key went to a larger message dropped after it, and that one's ``too_large``
        then to the caller's own call after them."""
        is_error, data = _error_data(message)
        if not is_error:
            return None
        known = None
        if data.get("reason") == "too_large":
            limit = _int_id(data.get("limit"))
            if limit is not None:
                self.limit = limit
        else:
            known = self.limit  # a larger message is refused as too large, for nothing else

        def fits(size: int, entries: int | None, odd: bool) -> bool:
            return (known is None or size <= known) and _describes(data, size, entries, odd)

        found = min((d for d in self.described if fits(*d)), default=None, key=_size)
        index = min(
            (i for i, raw in enumerate(self.raws) if fits(raw.size, raw.entries, raw.odd)),
            default=None,
            key=lambda i: self.raws[i].size,
        )
        if index is not None and (found is None or self.raws[index].size < found[0]):
            return RawAnswer(self.raws.pop(index).token, message)
        if found is None:
            return None
        left = self.described[found] - 1
        if left:
            self.described[found] = left
        else:
            del self.described[found]
        return Refused(LOST, message)


def _size(description: tuple[int, int | None, bool]) -> int:
    return description[0]


#: What a refused message dropped from the order is called in the log.
LOST = (
    f"message no longer tracked (the client tracks at most {MAX_NOTES} unanswered"
    " notifications, the oldest dropped first)"
)

#: A written message: the ids of our request(s) (a list: a request, or a batch holding
#: requests, whatever notifications it also holds), or a _Unit.
Written = Union["list[int]", _Unit]


def _valid_notification(value: JSON) -> bool:
    """Whether the parsed ``value`` (without an id) is a notification the engine takes
    without an answer, unless it refuses the whole message."""
    return (
        isinstance(value, dict)
        and value.get("jsonrpc") == "2.0"
        and isinstance(value.get("method"), str)
        and (value.get("params") is None or isinstance(value["params"], (dict, list)))
    )


def _int_id(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _same_id(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def _unreadable(body: bytes) -> bool:
    """Whether JSON that Python reads or wrote is still refused by the engine's parser: a
    NUL in a key, NaN or Infinity, a number no double holds, nesting deeper than it reads
    (a lone surrogate it reads as U+FFFD). Exact: blaming a harmless notification for the
    next request's parse error left that request waiting for an answer already given. The
    same characters inside strings pass the cheap tests, hence the closer looks after them,
    done by C loops (split, translate, regular expressions), not per token."""
    if b"\\u0000" in body and any(_NUL_ESCAPE.search(key) for key in _keys_with_nul(body)):
        return True
    odd = b"NaN" in body or b"Infinity" in body or _may_hold_a_huge_number(body)
    deep = body.count(b"[") + body.count(b"{") > _MAX_DEPTH - 48
    if not (odd or deep):
        return False
    bare = _without_strings(body)
    odd = odd and (b"NaN" in bare or b"Infinity" in bare or _may_hold_a_huge_number(bare))
    if odd and any(_not_a_double(scalar) for scalar in _ODD_SCALAR.findall(bare)):
        return True
    return deep and _deeper_than_parser_reads(bare)


def _keys_with_nul(body: bytes) -> list[bytes]:
    """The keys of ``body`` that hold the text ``\\u0000`` (an escape or not)."""
    if b'\\"' not in body:  # no escaped quote: only strings hold a backslash
        return _NUL_KEY.findall(body)
    return [key for key in _KEY.findall(body) if b"\\u0000" in key]


def _without_strings(body: bytes) -> bytes:
    """``body`` with each string (keys too) replaced by the scalar ``0``."""
    if b'\\"' not in body:  # no escaped quote: the quotes alone delimit the strings
        return b"0".join(body.split(b'"')[::2])
    return _STRING.sub(b"0", body)


#: A JSON string (the unrolled loop: linear, and fast on a long one).
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
#: A key holding ``\\u0000``, in text without escaped quotes.
_NUL_KEY = re.compile(rb'"[^"]*\\u0000[^"]*"(?=\s*:)')
#: A key: a string a colon follows.
_KEY = re.compile(_STRING.pattern + rb"(?=\s*:)")
#: ``\\u0000`` as an escape (not after an escaped backslash).
_NUL_ESCAPE = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000")
#: Outside strings: NaN, Infinity, a number with an exponent or of 300 digits (which
#: float() then judges).
_ODD_SCALAR = re.compile(rb"-?NaN|-?Infinity|-?[0-9][0-9.]*[eE][-+]?[0-9]+|-?[0-9]{300,}[0-9.]*")
#: The deepest the engine's parser reads, each value counting itself and what holds it.
_MAX_DEPTH = 2048
#: JSON's structure, a byte each: "(" opens, ")" closes; what is left is scalars.
_SHAPE = bytes.maketrans(b"[{]}", b"(())")
_SHAPE_DROP = b" \t\r\n,:"
_SCALARS = re.compile(rb"[^()]+")


def _deeper_than_parser_reads(bare: bytes) -> bool:
    """Whether ``bare`` (JSON with its strings replaced by scalars) holds a value deeper
    than the parser reads (each value counts itself and what holds it). Its shape, over
    "(", ")" and "s" (scalars), loses its innermost level a round (an empty container is a
    scalar where it stands; a container of scalars becomes one, a level up), which is quick
    on a shallow text however wide; what is left after 32 rounds is counted byte by byte."""
    shape = _SCALARS.sub(b"s", bare.translate(_SHAPE, _SHAPE_DROP)).replace(b"()", b"s")
    rounds = 0
    while len(shape) > 1 and rounds < 32:
        shape = _RUNS.sub(b"s", shape).replace(b"(s)", b"s")
        rounds += 1
    if len(shape) <= 1:
        return rounds + 1 > _MAX_DEPTH
    depths = itertools.accumulate(map(_STEP.__getitem__, shape))
    deepest: int = max(map(operator.add, depths, map(_INSIDE.__getitem__, shape)))
    return rounds + deepest > _MAX_DEPTH


_RUNS = re.compile(rb"s{2,}")
#: For each byte of a shape: how it moves the depth, and whether it is a value one deeper
#: than the depth there (a scalar).
_STEP = [1 if byte == ord("(") else -1 if byte == ord(")") else 0 for byte in range(256)]
_INSIDE = [1 if byte == ord("s") else 0 for byte in range(256)]


def _not_a_double(scalar: bytes) -> bool:
    """NaN, Infinity, or a number no double holds (jansson: "real number overflow")."""
    return b"N" in scalar or b"I" in scalar or math.isinf(float(scalar))


#: An escape in JSON text: ``\\uXXXX`` (its hex digits), or a backslash and the character
#: it escapes (``\\\\`` too, so an escaped backslash starts no escape).
_ESCAPE = re.compile(rb"\\(?:u([0-9a-fA-F]{4})|.)", re.DOTALL)


def _lone_surrogate(body: bytes) -> bool:
    """Whether the JSON text ``body`` holds a lone surrogate escape (``\\ud83d`` not
    followed by a low one, or a low one alone), as a cut emoji is written. The engine reads
    it as U+FFFD since 0.2.4; 0.2.0 to 0.2.3 refused the whole text with -32700."""
    if b"\\ud" not in body and b"\\uD" not in body:
        return False
    high_end = -1  # where the escape of a high surrogate waiting for its low one ends
    for escape in _ESCAPE.finditer(body):
        digits = escape.group(1)
        code = int(digits, 16) if digits is not None else -1
        if high_end >= 0:
            if escape.start() != high_end or not 0xDC00 <= code <= 0xDFFF:
                return True
            high_end = -1
        elif 0xD800 <= code <= 0xDBFF:
            high_end = escape.end()
        elif 0xDC00 <= code <= 0xDFFF:
            return True
    return high_end >= 0


def _lone_refusal(message: dict[str, Any]) -> bool:
    """Whether the ``id: null`` error ``message`` is a parse error of well-formed JSON text:
    how an engine before 0.2.4 refused a lone surrogate (-32700, ``invalid_json``)."""
    is_error, data = _error_data(message)
    if not is_error or message["error"].get("code") != -32700:
        return False
    return data.get("reason") == "invalid_json"


def _names_a_lone_surrogate(message: dict[str, Any]) -> bool:
    """Whether the parse error ``message`` (see :func:`_lone_refusal`) says a lone surrogate
    was what the parser refused: jansson's ``invalid Unicode '\\uD83D'``, which an engine
    since 0.2.4 never reports (it reads such an escape as U+FFFD and parses again). Then it
    is the refusal of a text holding one, even where a message after it (raw bytes, an
    unreadable notification) would also fit a parse error."""
    detail = _error_data(message)[1].get("detail")
    return isinstance(detail, str) and detail.startswith("invalid Unicode '\\u")


def _error_data(message: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
    error: JSON = message.get("error")
    if not isinstance(error, dict):
        return False, {}
    data: JSON = error.get("data")
    return True, data if isinstance(data, dict) else {}


def _may_answer(unit: _Unit, message: dict[str, Any]) -> bool:
    """Whether the ``id: null`` error ``message`` may be the refusal of ``unit`` (one
    that is answered only when refused), judged by what the error says."""
    is_error, data = _error_data(message)
    # A result: only a request gets one.
    return is_error and _describes(data, unit.size, unit.entries, unit.odd)


def _describes(data: dict[str, Any], size: int, entries: int | None, odd: bool) -> bool:
    """Whether an ``id: null`` error with ``data`` may refuse a message of ``size`` bytes
    (``entries``: a batch's entry count, else None; ``odd``: the engine cannot read it)."""
    if data.get("reason") == "too_large":
        limit = _int_id(data.get("limit"))
        return limit is None or size > limit
    if data.get("reason") == "out_of_memory":
        # The engine could not find the memory to parse it, and says its size.
        count = _int_id(data.get("bytes"))
        return count is None or count == size
    if data.get("name") == "maxBatch":
        # The engine reads a whole text (a NUL in a key) before counting its entries.
        value = _int_id(data.get("value"))
        return entries is not None and not odd and value in (None, entries)
    # A text the engine may not read (raw bytes that are no valid notification are
    # certain: any -32600 was once theirs, and raw() of a notification the engine took
    # returned the refusal of a message after it).
    return odd


class Endpoint(Generic[S]):
    """Ids, pending requests and the order of what was written. Thread-safe.

    The engine reads messages in order and answers them in that order, one answer per
    message that has one: a request, a batch holding requests, and any message it
    refuses whole, notifications included (too large to read, a batch over
    ``--max-batch``: an error with ``id: null``). The endpoint keeps what was written,
    in order and still unsettled, to tell what an answer answers:

    * an answer with an id answers the oldest written message holding that id; every
      message written before it is settled (a notification among them succeeded, or
      failed silently, as notifications do);
    * an ``id: null`` error answers the oldest unsettled message that can get one: the
      first one holding a request (or raw bytes sure to be answered), unless a
      notification before it is one the error describes (larger than the ``limit`` it
      gives, a batch of the ``value`` entries it gives, or one the engine may not parse).
      A notification's error is :class:`Refused`: logged, never raised on a call. A parse
      error (-32700 ``invalid_json``) met at a request of ours, which is JSON we wrote, is
      the refusal of the first notification before it holding a lone surrogate escape
      (engines before 0.2.4 refused those; later ones never answer so), and so is one
      whose ``detail`` names such an escape (jansson's ``invalid Unicode '\\uD83D'``) met
      at any message.
    * the notifications dropped from that order (over ``MAX_NOTES`` unanswered ones
      followed them) come before all of it: an ``id: null`` error one of them fits (see
      :class:`_Lost`) is theirs, until the next answer settles them.

    The answer to a request whose caller gave up (a timeout) is dropped.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._pending: dict[int, S] = {}
        self._units: deque[Written] = deque()
        #: The unsettled messages dropped from ``_units`` (None: none since the last answer).
        self._lost: _Lost | None = None
        #: Messages recorded as written so far (less those :meth:`unwrite` took back).
        self.appended = 0

    def request(self, call: Call[Any], slot: S) -> dict[str, Any]:
        """Register ``slot`` under a fresh id and return the request object."""
        if call.notification:
            return self.notification(call)
        return self.message(call, self.open(slot))

    def open(self, slot: S) -> int:
        """Register ``slot`` under a fresh id (the request is yet to be written)."""
        with self._lock:
            rid = next(self._ids)
            self._pending[rid] = slot
        return rid

    def open_written(self, slot: S) -> int:
        """:meth:`open` and :meth:`written` at once, for a single request written next."""
        with self._lock:
            rid = next(self._ids)
            self._pending[rid] = slot
            self._units.append([rid])
            self.appended += 1
        return rid

    @staticmethod
    def message(call: Call[Any], rid: int) -> dict[str, Any]:
        """The request object of ``call`` under id ``rid``."""
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": rid, "method": call.method}
        if call.params:
            message["params"] = call.params
        return message

    @staticmethod
    def notification(call: Call[Any]) -> dict[str, Any]:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": call.method}
        if call.params:
            message["params"] = call.params
        return message

    def written(self, message: dict[str, Any] | Sequence[JSON], body: bytes | None = None) -> None:
        """Record that ``message`` (a request, notification or batch of ours) is being
        written, as ``body`` (its JSON text; default: ``dumps(message)``).

        Call it in write order (under the transport's write lock).
        """
        if type(message) is dict:
            ids = [message["id"]] if "id" in message else []
        else:
            entries = (e.get("id") for e in message if isinstance(e, dict))
            ids = [i for i in map(_int_id, entries) if i]
        if ids:
            self.written_ids(ids)
            return
        if body is None:
            body = dumps(message)
        if type(message) is dict:
            self.written_notifications(f"notification {message.get('method')}", body, None)
        else:
            what = f"batch of {len(message)} notifications"
            self.written_notifications(what, body, len(message))

    def written_ids(self, ids: list[int]) -> None:
        """Like :meth:`written`, for a message holding the requests ``ids`` (not empty)."""
        with self._lock:
            self._units.append(ids)
            self.appended += 1

    def written_notifications(self, what: str, body: bytes, entries: int | None) -> None:
        """Like :meth:`written`, for a notification of ours (``entries``: a batch of
        notifications only): answered only if the engine refuses it."""
        unit = _Unit(
            size=len(body),
            entries=entries,
            odd=_unreadable(body),
            lone=_lone_surrogate(body),
            what=what,
        )
        self._append(unit)

    def written_raw(self, data: bytes | None = None, token: int = _NO_TOKEN) -> None:
        """Record that raw bytes (``data``: the JSON text, framing aside) are being written.
        Their answer is a :class:`RawAnswer` for ``token``, else a :class:`Stray`.
        """
        if data is None:
            self._append(_Unit(size=0, entries=None, certain=True, token=token))
            return
        size = len(data)
        try:
            value: JSON = parse(data.decode("utf-8"))  # as deep as the engine reads, too
        except ValueError:  # unreadable (UnicodeDecodeError too): a parse error answers it
            self._append(_Unit(size=size, entries=None, certain=True, token=token))
            return
        odd = _unreadable(data)
        lone = _lone_surrogate(data)
        if isinstance(value, dict):
            certain = "id" in value or not _valid_notification(value)  # else answered if refused
            ids: tuple[Any, ...] = (value["id"],) if "id" in value else ()
            unit = _Unit(
                size=size, entries=None, certain=certain, ids=ids, odd=odd, lone=lone, token=token
            )
        elif isinstance(value, list):
            batch: list[JSON] = value
            ids = tuple(e["id"] for e in batch if isinstance(e, dict) and "id" in e)
            certain = not value or bool(ids) or not all(map(_valid_notification, value))
            entries = len(value)
            unit = _Unit(
                size=size,
                entries=entries,
                certain=certain,
                ids=ids,
                odd=odd,
                lone=lone,
                token=token,
            )
        else:
            unit = _Unit(size=size, entries=None, certain=True, token=token)
        self._append(unit)

    def _append(self, unit: _Unit) -> None:
        with self._lock:
            units = self._units
            units.append(unit)
            self.appended += 1
            if len(units) > MAX_NOTES:  # notifications with no request after them
                head = units[0]
                if type(head) is _Unit and not head.certain:
                    units.popleft()
                    if self._lost is None:
                        self._lost = _Lost()
                    self._lost.add(head)

    def unwrite(self, mark: int, slot: S | None = None) -> None:
        """Take back what was recorded as written since :attr:`appended` was ``mark``, and
        the request of ``slot``: it was not written after all (the writer was interrupted).
        """
        with self._lock:
            units = self._units
            while self.appended > mark and units:
                unit = units.pop()
                self.appended -= 1
                if type(unit) is list:
                    for rid in unit:
                        self._pending.pop(rid, None)
            if slot is not None:
                for rid in [r for r, s in self._pending.items() if s is slot]:
                    del self._pending[rid]

    def forget(self, message: dict[str, Any]) -> S | None:
        """Stop waiting for the answer to ``message`` (a timeout); its late answer is dropped."""
        rid = _int_id(message.get("id"))
        return None if rid is None else self.forget_id(rid)

    def forget_id(self, rid: int) -> S | None:
        """:meth:`forget` by request id."""
        with self._lock:
            return self._pending.pop(rid, None)

    def drain(self) -> list[S]:
        """Every pending slot, removed (the engine is gone)."""
        with self._lock:
            slots = list(self._pending.values())
            self._pending.clear()
            self._units.clear()
            self._lost = None
            return slots

    @property
    def pending_count(self) -> int:
        with self._lock:
            return len(self._pending)

    def take(self, message: dict[str, Any]) -> S | None:
        """The common case of :meth:`receive`, quicker: the slot of the pending request the
        response ``message`` answers, when it is the oldest message written, taken. None
        for anything else, with nothing changed: then :meth:`receive` classifies it.
        """
        rid = message.get("id")
        if type(rid) is not int or ("result" not in message and "error" not in message):
            return None
        with self._lock:
            units = self._units
            if units and self._lost is None:
                head = units[0]
                if type(head) is list and len(head) == 1 and head[0] == rid:
                    slot = self._pending.pop(rid, None)
                    if slot is not None:
                        units.popleft()
                    return slot
        return None

    def take_batch(self, message: Sequence[JSON]) -> list[tuple[S, dict[str, Any]]] | None:
        """The common case of a batch answer, quicker: (slot, response) for each entry,
        taken, when every entry answers a pending request of the oldest message written.
        None otherwise, with nothing changed: then :meth:`receive` classifies it.
        """
        ids: list[int] = []
        for entry in message:
            if type(entry) is not dict:
                return None
            rid = entry.get("id")
            if type(rid) is not int or ("result" not in entry and "error" not in entry):
                return None
            ids.append(rid)
        if not ids:
            return None
        with self._lock:
            units = self._units
            head = units[0] if units and self._lost is None else None
            if type(head) is not list or ids[0] not in head:
                return None
            pending = self._pending
            for rid in ids:
                if rid not in pending:
                    return None
            units.popleft()
            # Every entry is an object (checked above): one cast, not a list of them.
            entries = cast("Sequence[dict[str, Any]]", message)
            return [(pending.pop(rid), entry) for rid, entry in zip(ids, entries)]

    def receive(self, message: JSON) -> list[Incoming[S]]:
        """Classify one incoming JSON value (a batch answer gives several items, a late
        answer to a call given up none)."""
        if isinstance(message, dict) and "method" in message and "id" not in message:
            name = message.get("method")
            if isinstance(name, str):
                return [Notice(parse_event(name, message.get("params")))]
        with self._lock:
            if isinstance(message, list):
                return self._receive_batch(message)
            if not isinstance(message, dict) or (
                "result" not in message and "error" not in message
            ):
                return [Stray(message)]
            rid = message.get("id")
            if rid is None:
                return self._unattributed(message)
            items: list[Incoming[S]] = []
            unit = self._settle_id(rid, items)
            if unit is None or type(unit) is list:
                slot = self._pending.pop(rid, None) if type(rid) is int else None
                if slot is not None:
                    items.append(Answer(slot, message))
                elif unit is None:
                    items.append(Stray(message))
                # else: the late answer to a call given up: dropped
                return items
            return items + self._answer(unit, message)

    def _receive_batch(self, message: list[JSON]) -> list[Incoming[S]]:
        items: list[Incoming[S]] = []
        unit: Written | None = None
        ids = [e.get("id") for e in message if isinstance(e, dict) and e.get("id") is not None]
        for rid in ids:  # the first id found names the batch this answers
            unit = self._settle_id(rid, items)
            if unit is not None:
                break
        if unit is None and not ids:  # only null ids: the oldest raw batch due an answer
            for index, written in enumerate(self._units):
                if isinstance(written, _Unit) and written.entries is not None and not written.what:
                    unit = self._settle_index(index, items)
                    break
                if isinstance(written, list) or written.certain:
                    break
        if unit is None:
            return [*items, Stray(message)]
        if type(unit) is list:
            pending = self._pending
            for entry in message:
                if not isinstance(entry, dict):
                    continue
                rid = entry.get("id")
                slot = pending.pop(rid, None) if type(rid) is int else None
                if slot is not None:
                    items.append(Answer(slot, entry))
            return items
        return items + self._answer(unit, message)

    def _settle_id(self, rid: Any, items: list[Incoming[S]]) -> Written | None:
        """The oldest written message holding ``rid``, removed with every older one (those
        got no answer; a raw one's waiter is told so in ``items``). None: no such message."""
        ours = type(rid) is int
        for index, unit in enumerate(self._units):
            if isinstance(unit, list):
                if ours and rid in unit:
                    return self._settle_index(index, items)
            elif any(_same_id(rid, i) for i in unit.ids):
                return self._settle_index(index, items)
        return None

    def _settle_index(self, index: int, items: list[Incoming[S]]) -> Written:
        units = self._units
        lost, self._lost = self._lost, None
        if lost is not None:  # answered before this one, or never
            items.extend(RawAnswer(raw.token, None) for raw in lost.raws)
        for _ in range(index):
            older = units.popleft()
            if isinstance(older, _Unit) and older.token != _NO_TOKEN:
                items.append(RawAnswer(older.token, None))
        return units.popleft()

    def _unattributed(self, message: dict[str, Any]) -> list[Incoming[S]]:
        """An answer with ``id: null``: see the class docstring."""
        lost = self._lost
        if lost is not None:  # refusals of the lost messages come first
            refusal = lost.refusal(message)
            if refusal is not None:
                return [refusal]
        units = self._units
        if not units:
            return [Stray(message)]
        chosen = 0  # none fits: the oldest (the engine answers in order)
        lone = None  # the first notification before it that holds a lone surrogate
        for index, unit in enumerate(units):
            if isinstance(unit, list) or unit.certain or _may_answer(unit, message):
                chosen = index
                # A parse error of JSON text we wrote can only be an older engine's refusal
                # of a lone surrogate: the notification's, written first, when one has one;
                # so is one that says so, whatever message after it would fit it too.
                if (
                    lone is not None
                    and _lone_refusal(message)
                    and (isinstance(unit, list) or _names_a_lone_surrogate(message))
                ):
                    chosen = lone
                break
            if lone is None and unit.lone:
                lone = index
        items: list[Incoming[S]] = []
        return items + self._answer(self._settle_index(chosen, items), message)

    def _answer(self, unit: Written, message: Any) -> list[Incoming[S]]:
        """What ``message``, the answer to the written ``unit``, is: an error object when
        ``unit`` is a list (the ids of our requests), else any value."""
        if isinstance(unit, list):  # an error for the whole message: every request gets it
            slots = (self._pending.pop(rid, None) for rid in unit)
            return [Answer(slot, message) for slot in slots if slot is not None]
        if unit.what is not None:
            return [Refused(unit.what, message)]
        if unit.token == _NO_TOKEN:
            return [Stray(message)]
        return [RawAnswer(unit.token, message)]
