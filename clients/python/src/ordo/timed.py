"""Typed calls with a timeout of their own: ``engine.with_timeout(seconds)``."""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from ._call import Call
from .api import EngineAPI, EventsAPI, F

T = TypeVar("T")


class Timed(EngineAPI[F]):
    """The typed methods of an engine (its namespaces too), each call waiting ``timeout``
    seconds for its answer instead of the engine's own ``timeout``. The calls go through the
    engine, in order with every other call; closing, events and batches stay on the engine.
    Cheap to make: ``engine.with_timeout(2).layers.add("x")`` in a hot loop is fine.
    """

    def __init__(self, perform: Callable[[Call[Any], float | None], Any], timeout: float | None):
        self.timeout = timeout
        self._perform = perform
        self._attach_namespaces()
        self.events: EventsAPI[F] = EventsAPI(self)

    def _invoke(self, call: Call[T]) -> Any:
        return self._perform(call, self.timeout)

    def __repr__(self) -> str:
        return f"<Timed calls, timeout={self.timeout}>"
