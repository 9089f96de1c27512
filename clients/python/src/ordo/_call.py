"""Transport-agnostic pieces shared by the sync, asyncio and batch APIs."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Callable, Generic, TypeVar

from ._json import JSON
from .errors import BatchNotSent, OrdoError, OrdoException

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Unset(enum.Enum):
    """Type of :data:`UNSET`."""

    UNSET = "UNSET"

    def __repr__(self) -> str:
        return "UNSET"

    def __bool__(self) -> bool:
        return False


#: "Leave this parameter out of the request." Distinct from ``None``, which sends
#: ``null`` (e.g. ``layers.update("a", frame=None)`` clears the frame, while the
#: default ``frame=UNSET`` keeps it).
UNSET = Unset.UNSET


@dataclass(frozen=True)
class Call(Generic[T]):
    """One method call: what to send and how to decode its result."""

    method: str
    params: dict[str, Any] | None
    decode: Callable[[Any], T]
    notification: bool = False


def outcome_of(call: Call[T], response: JSON) -> T:
    """Decode a response for ``call``; raise the OrdoError subclass for an error."""
    if isinstance(response, dict) and "error" in response:
        raise OrdoError.from_json(response["error"], call.method)
    result = response.get("result") if isinstance(response, dict) else None
    return call.decode(result)


class Pending(Generic[T_co]):
    """The outcome of a batch entry, available once the batch was sent."""

    __slots__ = ("_done", "_error", "_value", "call")

    def __init__(self, call: Call[T_co]) -> None:
        self.call: Call[Any] = call
        self._done = False
        self._value: Any = None
        self._error: BaseException | None = None

    def done(self) -> bool:
        return self._done

    def result(self) -> T_co:
        """The decoded result; raises the entry's error (e.g. NotFound) if it failed."""
        if not self._done:
            raise BatchNotSent(f"{self.call.method}: the batch has not been sent yet")
        if self._error is not None:
            raise self._error
        value: T_co = self._value
        return value

    def exception(self) -> BaseException | None:
        if not self._done:
            raise BatchNotSent(f"{self.call.method}: the batch has not been sent yet")
        return self._error

    def _set_result(self, value: Any) -> None:
        self._value, self._done = value, True

    def _set_error(self, error: BaseException) -> None:
        self._error, self._done = error, True

    def _settle(self, response: Any) -> None:
        """Resolve from a raw response object."""
        try:
            self._set_result(outcome_of(self.call, response))
        except OrdoException as exc:
            self._set_error(exc)

    def __repr__(self) -> str:
        if not self._done:
            state = "unsent"
        elif self._error is not None:
            state = f"error={self._error!r}"
        else:
            state = f"result={self._value!r}"
        return f"<Pending {self.call.method} {state}>"
