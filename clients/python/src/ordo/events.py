"""Typed engine events (JSON-RPC notifications from the engine).

Every event has ``name`` (the notification's method) and ``at`` (engine time),
except :class:`UnknownEvent`, which carries any notification this client
does not know yet with its raw ``params``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Callable, Union

from ._decode import decoder
from ._json import JSON
from .errors import OrdoException
from .models import Alert, AlertState, ChangeReason, HideReason, Layer

log = logging.getLogger("ordo")


@dataclass(frozen=True)
class AlertShow:
    """``alert.show``: display this alert now (``resumed``: it was suspended)."""

    alert: Alert
    resumed: bool
    at: int
    layer: Layer | None = None
    name: str = field(default="alert.show", init=False)


@dataclass(frozen=True)
class AlertHide:
    """``alert.hide``: take it down now (``reason``: timeout, cancelled, preempted, suspended)."""

    id: str
    queue: str
    reason: HideReason
    at: int
    name: str = field(default="alert.hide", init=False)


@dataclass(frozen=True)
class AlertUpdate:
    """``alert.update``: a showing alert's data or priority changed (a dedupe replace)."""

    alert: Alert
    at: int
    name: str = field(default="alert.update", init=False)


@dataclass(frozen=True)
class AlertIdle:
    """``alert.idle``: the queue went from busy to empty."""

    queue: str
    at: int
    name: str = field(default="alert.idle", init=False)


@dataclass(frozen=True)
class AlertChanged:
    """``alert.changed`` (opt-in: ``events.subscribe(["alert.changed"])``): a state change."""

    id: str
    queue: str
    state: AlertState
    previous: AlertState
    reason: ChangeReason
    at: int
    name: str = field(default="alert.changed", init=False)


@dataclass(frozen=True)
class UnknownEvent:
    """A notification this client version has no class for."""

    name: str
    params: Any
    at: int | None = None


Event = Union[AlertShow, AlertHide, AlertUpdate, AlertIdle, AlertChanged, UnknownEvent]

EVENT_NAMES = ("alert.show", "alert.hide", "alert.update", "alert.idle", "alert.changed")


_CLASSES = dict(zip(EVENT_NAMES, (AlertShow, AlertHide, AlertUpdate, AlertIdle, AlertChanged)))


_DECODERS: dict[str, Callable[[Any], Event]] = {}


def parse_event(name: str, params: JSON) -> Event:
    """Turn a notification into its typed event (UnknownEvent when unknown or malformed)."""
    decode = _DECODERS.get(name)
    if decode is None and name in _CLASSES:
        decode = _DECODERS[name] = decoder(_CLASSES[name])
    if decode is not None:
        try:
            return decode(params)
        except OrdoException as exc:
            log.warning("malformed %s event %r: %s", name, params, exc)
    at = params.get("at") if isinstance(params, dict) else None
    return UnknownEvent(name=name, params=params, at=at if isinstance(at, int) else None)
