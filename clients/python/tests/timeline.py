"""Compact views of engine events, for readable assertions."""

from __future__ import annotations

from ordo import AlertChanged, AlertHide, AlertIdle, AlertShow, AlertUpdate, Engine, Event


def brief(event: Event) -> tuple[object, ...]:
    if isinstance(event, AlertShow):
        return ("show", event.alert.id, event.at) + (("resumed",) if event.resumed else ())
    if isinstance(event, AlertHide):
        return ("hide", event.id, event.reason, event.at)
    if isinstance(event, AlertUpdate):
        return ("update", event.alert.id, event.at)
    if isinstance(event, AlertIdle):
        return ("idle", event.queue, event.at)
    if isinstance(event, AlertChanged):
        return ("changed", event.id, event.previous, event.state, event.reason, event.at)
    return ("unknown", event.name)


def taken(engine: Engine) -> list[tuple[object, ...]]:
    """Every buffered event, consumed, in brief form."""
    return [brief(e) for e in engine.drain_events()]
