"""The JSON-RPC endpoint: request ids, pending requests, message classification.

It knows nothing of streams, threads or event loops: the engines give it
outgoing calls (it returns the JSON to write) and incoming messages (it says
which pending request each answers, or which event it is). A *slot* is
whatever the caller uses to wait for an answer (a threading or asyncio
object); the endpoint only stores and hands it back.
"""

from __future__ import annotations

import itertools
import threading
from collections import deque
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, Union

from ._call import Call, outcome_of  # noqa: F401  (its home before _call)
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
    """A response that answers no pending request (e.g. to a raw message; id null)."""

    message: Any


Incoming = Union[Answer[S], Notice, Stray]


_RAW = None  # a unit written by send_raw: its answer, if any, is a Stray


def _int_id(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class Endpoint(Generic[S]):
    """Ids, pending requests and the order of what was written. Thread-safe.

    The engine answers messages in the order it read them, one answer per
    message that expects one (a request, or a batch holding requests). So an
    answer it could not tie to an id (``id: null``: a message too large to
    read, or a batch over ``--max-batch``) belongs to the oldest unanswered
    message: the endpoint keeps the written *units* in order to find it.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._pending: dict[int, S] = {}
        # Request ids of each written message still unanswered, oldest first (_RAW: raw bytes).
        self._units: deque[list[int] | None] = deque()

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

    def written(self, message: Any) -> None:
        """Record that ``message`` (a request, notification or batch) is being written.

        Call it in write order (under the transport's write lock).
        """
        if type(message) is dict:  # one request: the common case
            ids = [message["id"]] if "id" in message else []
        else:
            entries = (e.get("id") for e in message if isinstance(e, dict))
            ids = [i for i in map(_int_id, entries) if i]
        if ids:
            with self._lock:
                self._units.append(ids)

    def written_ids(self, ids: list[int]) -> None:
        """Like :meth:`written`, for a message holding the requests ``ids`` (not empty)."""
        with self._lock:
            self._units.append(ids)

    def written_raw(self) -> None:
        """Record that raw bytes are being written (they may or may not get an answer)."""
        with self._lock:
            self._units.append(_RAW)

    def forget(self, message: dict[str, Any]) -> S | None:
        """Stop waiting for the answer to ``message`` (a timeout); its late answer is a Stray."""
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
            return slots

    @property
    def pending_count(self) -> int:
        with self._lock:
            return len(self._pending)

    def take(self, message: dict[str, Any]) -> S | None:
        """The common case of :meth:`receive`, quicker: the slot of the pending request the
        response ``message`` answers, taken. None for anything else, with nothing changed:
        then :meth:`receive` classifies it.
        """
        rid = message.get("id")
        if type(rid) is not int or ("result" not in message and "error" not in message):
            return None
        with self._lock:
            slot = self._pending.pop(rid, None)
            if slot is not None:
                units = self._units
                head = units[0] if units else None
                if head is not None and len(head) == 1 and head[0] == rid:
                    units.popleft()  # the oldest message, a single request
                else:
                    self._settle_unit(rid)
        return slot

    def take_batch(self, message: list[Any]) -> list[tuple[S, dict[str, Any]]] | None:
        """The common case of a batch answer, quicker: (slot, response) for each entry,
        taken, when every entry answers a pending request. None otherwise, with nothing
        changed: then :meth:`receive` classifies it.
        """
        ids = []
        for entry in message:
            rid = entry.get("id") if type(entry) is dict else None
            if type(rid) is not int or ("result" not in entry and "error" not in entry):
                return None
            ids.append(rid)
        if not ids:
            return None
        with self._lock:
            pending = self._pending
            for rid in ids:
                if rid not in pending:
                    return None
            taken = [(pending.pop(rid), entry) for rid, entry in zip(ids, message)]
            for rid in ids:  # as receive() does (the first id settles it)
                if self._settle_unit(rid):
                    break
        return taken

    def receive(self, message: Any) -> list[Incoming[S]]:
        """Classify one incoming JSON value (a batch answer gives several items)."""
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
            if type(rid) is int:
                self._settle_unit(rid)
                slot = self._pending.pop(rid, None)
                return [Stray(message) if slot is None else Answer(slot, message)]
            if message.get("id") is None and "error" in message:
                return self._unattributed_error(message)
            self._pop_raw_head()
            return [Stray(message)]

    def _receive_batch(self, message: list[Any]) -> list[Incoming[S]]:
        items: list[Incoming[S]] = []
        settled = False
        for entry in message:
            rid = _int_id(entry.get("id")) if isinstance(entry, dict) else None
            slot = None if rid is None else self._pending.pop(rid, None)
            if rid is not None and not settled:
                settled = self._settle_unit(rid)
            items.append(Stray(entry) if slot is None else Answer(slot, entry))
        if all(isinstance(i, Stray) for i in items):
            if not settled:
                self._pop_raw_head()
            return [Stray(message)]
        return items

    def _settle_unit(self, rid: int) -> bool:
        """The unit holding ``rid`` is answered: drop it and every older (raw) unit."""
        units = self._units
        if units and units[0] == [rid]:  # the oldest message, a single request
            units.popleft()
            return True
        for index, unit in enumerate(units):
            if unit is not _RAW and rid in unit:
                for _ in range(index + 1):
                    self._units.popleft()
                return True
        return False

    def _pop_raw_head(self) -> None:
        if self._units and self._units[0] is _RAW:
            self._units.popleft()

    def _unattributed_error(self, message: dict[str, Any]) -> list[Incoming[S]]:
        """An error with ``id: null`` answers the oldest unanswered unit."""
        if not self._units:
            return [Stray(message)]
        unit = self._units.popleft()
        if unit is _RAW:
            return [Stray(message)]
        slots = [self._pending.pop(rid) for rid in unit if rid in self._pending]
        if not slots:
            return [Stray(message)]
        return [Answer(slot, message) for slot in slots]
