"""Collecting calls into one JSON-RPC batch (sent as a single array)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from ._call import Call, Pending
from ._decode import null
from .api import Batched, EngineAPI, EventsAPI

T = TypeVar("T")


def _any(value: Any) -> Any:
    return value


class Batch(EngineAPI[Batched]):
    """The same namespaced methods as an engine, but each one only queues its call
    and returns a :class:`Pending`; the whole batch is written as one JSON array
    when the ``with`` block ends (or on ``send()``). Results come back in request
    order; every event the batch caused is delivered before any result is set.
    """

    def __init__(self) -> None:
        self._attach_namespaces()
        self.events: EventsAPI[Batched] = EventsAPI(self)
        self._entries: list[Pending[Any]] = []
        self.sent = False

    def _invoke(self, call: Call[T]) -> Pending[T]:
        if self.sent:
            raise RuntimeError("this batch was already sent")
        pending = Pending(call)
        self._entries.append(pending)
        return pending

    def call(self, method: str, params: Mapping[str, Any] | None = None) -> Pending[Any]:
        """Queue a call by its JSON-RPC name (the result is left as raw JSON)."""
        return self._invoke(Call(method, None if params is None else dict(params), _any))

    def notify(self, method: str, params: Mapping[str, Any] | None = None) -> Pending[None]:
        """Queue a notification (no answer; its Pending resolves to None when sent)."""
        params = None if params is None else dict(params)
        return self._invoke(Call(method, params, null, notification=True))

    @property
    def entries(self) -> tuple[Pending[Any], ...]:
        return tuple(self._entries)

    def __len__(self) -> int:
        return len(self._entries)
