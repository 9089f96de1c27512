"""Event delivery: handlers, wait_for, the iterator, ordering against answers."""

from __future__ import annotations

import functools
import logging
import os
import signal
import sys
import threading
import time
from typing import Callable

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


class Abort(BaseException):
    """What a test's handler raises to stop the test (as pytest.fail's Failed): no Exception."""


def test_a_base_exception_from_a_handler_is_raised_by_the_call_and_delivery_goes_on(
    make_engine: EngineFactory, caplog: pytest.LogCaptureFixture
) -> None:
    """It killed the dispatcher thread: every later call then waited for it until its
    timeout and raised a wrong OrdoTimeout ("the event handlers did not finish")."""
    engine = make_engine(timeout=3)
    shown: list[str] = []

    def fail_on_a(event: AlertShow) -> None:
        if event.alert.id == "A":
            raise Abort(f"unexpected popup {event.alert.id}")

    def fail_again(event: AlertShow) -> None:
        if event.alert.id == "A":
            raise SystemExit("a second one, logged")

    engine.on("alert.show", fail_on_a)
    engine.on("alert.show", fail_again)
    engine.on("alert.show", lambda ev: shown.append(ev.alert.id))  # still runs
    engine.alerts.configure(max_concurrent=2)
    with caplog.at_level(logging.ERROR, logger="ordo"), pytest.raises(Abort, match="popup A"):
        engine.alerts.enqueue("x", id="A")
    assert "a second one, logged" in caplog.text
    assert shown == ["A"]
    started = time.monotonic()
    assert engine.ping().pong  # raised once; the dispatcher lives on
    engine.alerts.enqueue("x", id="B")
    assert shown == ["A", "B"]
    assert time.monotonic() - started < 2  # not the 3 s timeout


def _fail(event: AlertShow) -> None:
    pytest.fail(f"unexpected popup {event.alert.id}")


def _exit(event: AlertShow) -> None:
    sys.exit(f"unexpected popup {event.alert.id}")


def _interrupt(event: AlertShow) -> None:
    raise KeyboardInterrupt(f"unexpected popup {event.alert.id}")


@pytest.mark.parametrize(
    ("handler", "raised"),
    [(_fail, pytest.fail.Exception), (_exit, SystemExit), (_interrupt, KeyboardInterrupt)],
    ids=["pytest.fail", "sys.exit", "KeyboardInterrupt"],
)
def test_what_a_handler_raises_to_stop_the_program_stops_the_call_that_caused_the_event(
    engine: Engine, handler: Callable[[AlertShow], None], raised: type[BaseException]
) -> None:
    """On the dispatcher thread it stopped nothing but that thread; now the caller's."""
    engine.on("alert.show", handler)
    with pytest.raises(raised, match="unexpected popup A"):
        engine.alerts.enqueue("x", id="A")
    assert engine.layers.add("after").id == "after"


def test_a_base_exception_from_an_idle_handler_is_raised_by_the_next_wait(
    make_engine: EngineFactory,
) -> None:
    """A handler that ran while no call waited (the system clock showed the alert): kept for
    the next call or wait, which it ends, as it would have ended the caller's."""
    engine = make_engine(clock="system", timeout=5)
    ran = threading.Event()

    def fail(event: AlertShow) -> None:
        raise Abort("shown while idle")

    engine.on("alert.show", fail)
    engine.on("alert.show", lambda ev: ran.set())  # runs after it
    engine.alerts.enqueue("x", id="A", delay_ms=20)
    assert ran.wait(5)
    with pytest.raises(Abort, match="shown while idle"):
        engine.wait_for("alert.show", timeout=5)
    # Raised before the wait took anything: the event is still there to wait for.
    assert engine.wait_for("alert.show", timeout=5).alert.id == "A"
    assert engine.ping().pong


def test_a_once_handler_runs_once_though_the_next_events_came_in_the_same_read(
    engine: Engine,
) -> None:
    """Handlers were picked when an event was read, not when it was dispatched: a handler
    removing itself still ran for the events read with the first."""
    calls: list[str] = []

    def once(event: ordo.AlertHide) -> None:
        remove()
        calls.append(event.id)

    engine.alerts.enqueue("x", id="A", duration_ms=100)
    engine.alerts.enqueue("x", id="B", duration_ms=100)
    remove = engine.on("alert.hide", once)
    engine.clock.advance(1000)  # hides A, shows B, hides B: one answer's events
    assert calls == ["A"]


def test_a_handler_added_by_a_handler_gets_the_next_events_of_the_same_read(
    engine: Engine,
) -> None:
    seen: list[tuple[str, str]] = []

    def on_show(event: AlertShow) -> None:
        seen.append(("show", event.alert.id))
        if event.alert.id == "B":  # from now on, watch the hides
            engine.on("alert.hide", lambda hide: seen.append(("hide", hide.id)))

    engine.on("alert.show", on_show)
    engine.alerts.enqueue("x", id="A", duration_ms=100)
    engine.alerts.enqueue("x", id="B", duration_ms=100)
    engine.clock.advance(1000)  # hide A, show B, hide B, idle
    assert seen == [("show", "A"), ("show", "B"), ("hide", "B")]


def test_an_async_handler_is_refused_by_the_blocking_engine(engine: Engine) -> None:
    """It was taken, and never ran (a RuntimeWarning at most): the blocking engine has no
    event loop to run it in."""

    async def handler(event: AlertShow) -> None:
        pass

    class Handler:
        async def __call__(self, event: AlertShow) -> None:
            pass

    for refused in (handler, functools.partial(handler), Handler()):
        with pytest.raises(TypeError, match="AsyncEngine"):
            engine.on("alert.show", refused)
    with pytest.raises(TypeError, match="callable"):
        engine.on("alert.show", "not a function")  # type: ignore[call-overload]
    engine.alerts.enqueue("x", id="A")  # no handler: nothing to run, nothing to warn of


def test_events_checks_its_timeout_when_called(engine: Engine) -> None:
    for bad in (float("nan"), -1):
        with pytest.raises(ValueError, match="timeout must be a number of seconds >= 0"):
            engine.events(timeout=bad)


def test_a_base_exception_no_call_got_is_raised_by_close_once_the_engine_is_closed(
    make_engine: EngineFactory,
) -> None:
    engine = make_engine(clock="system", timeout=5)
    ran = threading.Event()
    engine.on("alert.show", lambda ev: pytest.fail("shown while idle"))
    engine.on("alert.show", lambda ev: ran.set())  # runs after it
    engine.alerts.enqueue("x", id="A", delay_ms=20)
    assert ran.wait(5)
    with pytest.raises(pytest.fail.Exception, match="shown while idle"):
        engine.close()  # (its own goodbye did not take it)
    assert not engine.running
    assert engine.close() == 0
