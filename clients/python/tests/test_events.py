"""Event delivery: handlers, wait_for, the iterator, ordering against answers."""

from __future__ import annotations

import logging
import os
import signal
import threading

import pytest

import ordo
from conftest import EngineFactory
from ordo import AlertShow, Engine
from ordo.events import UnknownEvent, parse_event
from timeline import brief, taken


def test_handlers_may_call_the_engine(engine: Engine) -> None:
    """A shell that closes each popup as soon as it shows: calls from inside handlers."""
    engine.alerts.pause()
    for name, priority in [("C", 1), ("A", 3), ("B", 2)]:
        engine.alerts.enqueue("x", id=name, priority=priority)
    shown: list[str] = []

    def close_at_once(event: AlertShow) -> None:
        shown.append(event.alert.id)
        engine.alerts.complete(event.alert.id)

    engine.on("alert.show", close_at_once)
    engine.alerts.resume()
    engine.wait_for("alert.idle", timeout=5)
    assert shown == ["A", "B", "C"]


def test_wait_for_with_a_predicate_leaves_other_events_buffered(engine: Engine) -> None:
    engine.alerts.configure(max_concurrent=3)
    for name in "XYZ":
        engine.alerts.enqueue("x", id=name)
    y = engine.wait_for("alert.show", lambda ev: ev.alert.id == "Y", timeout=0)
    assert y.alert.id == "Y"
    assert engine.pending_events == 2
    assert [brief(e)[1] for e in engine.events(timeout=0)] == ["X", "Z"]
    assert engine.pending_events == 0


def test_wait_for_times_out(engine: Engine) -> None:
    with pytest.raises(ordo.OrdoTimeout, match=r"alert\.show"):
        engine.wait_for("alert.show", timeout=0.05)


def test_wildcard_handler_and_off(engine: Engine) -> None:
    names: list[str] = []
    remove = engine.on("*", lambda ev: names.append(ev.name))
    engine.alerts.enqueue("x", id="A", duration_ms=1)
    engine.clock.advance(1)
    remove()
    engine.alerts.enqueue("x", id="B")
    assert names == ["alert.show", "alert.hide", "alert.idle"]


def test_an_events_own_handlers_run_before_the_wildcard_ones_each_in_the_order_added(
    engine: Engine,
) -> None:
    calls: list[str] = []
    engine.on("*", lambda ev: calls.append(f"*1 {ev.name}"))
    engine.on("alert.show", lambda ev: calls.append(f"show1 {ev.name}"))
    engine.on("*", lambda ev: calls.append(f"*2 {ev.name}"))
    engine.on("alert.show", lambda ev: calls.append(f"show2 {ev.name}"))
    engine.alerts.enqueue("x", id="A")
    assert calls == [
        "show1 alert.show",
        "show2 alert.show",
        "*1 alert.show",
        "*2 alert.show",
    ]


def test_a_failing_handler_is_logged_and_delivery_goes_on(
    engine: Engine, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(event: AlertShow) -> None:
        raise ValueError("handler bug")

    later: list[str] = []
    engine.on("alert.show", broken)
    engine.on("alert.show", lambda ev: later.append(ev.alert.id))
    with caplog.at_level(logging.ERROR, logger="ordo"):
        engine.alerts.enqueue("x", id="A")
    assert later == ["A"]
    assert "handler bug" in caplog.text


def test_system_clock_timers_fire_on_their_own(make_engine: EngineFactory) -> None:
    engine = make_engine(clock="system")
    engine.alerts.enqueue("toast", id="T", duration_ms=30)
    hide = engine.wait_for("alert.hide", timeout=5)
    assert (hide.id, hide.reason) == ("T", "timeout")
    assert hide.at >= 30


def test_wait_for_raises_when_the_engine_dies(make_engine: EngineFactory) -> None:
    engine = make_engine()
    threading.Timer(0.1, lambda: os.kill(engine.pid, signal.SIGKILL)).start()
    with pytest.raises(ordo.EngineExited):
        engine.wait_for("alert.show", timeout=5)
    assert list(engine.events(timeout=1)) == []


def test_iterator_ends_when_the_engine_exits(engine: Engine) -> None:
    engine.alerts.enqueue("x", id="A")
    engine.exit()
    assert [brief(e) for e in engine.events()] == [("show", "A", 0)]


def test_unknown_and_malformed_events_are_kept_raw() -> None:
    event = parse_event("alert.sparkle", {"at": 5, "x": 1})
    assert isinstance(event, UnknownEvent)
    assert (event.name, event.at, event.params) == ("alert.sparkle", 5, {"at": 5, "x": 1})
    bad = parse_event("alert.idle", {"queue": 5})
    assert isinstance(bad, UnknownEvent) and bad.name == "alert.idle"


def test_drain_events(engine: Engine) -> None:
    engine.alerts.enqueue("x", id="A")
    assert [brief(e) for e in engine.drain_events()] == [("show", "A", 0)]
    assert taken(engine) == []
