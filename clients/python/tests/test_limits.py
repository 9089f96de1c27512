"""Frequency limits, cooldowns, the show history and alert.forget, against the real engine."""

from __future__ import annotations

import asyncio

import pytest

import ordo
from ordo import AsyncEngine, Engine, FrequencyLimit, ShowRecord
from schema_check import SchemaChecker
from timeline import taken


def show_and_close(engine: Engine, type: str, id: str, key: str | ordo.Unset = ordo.UNSET) -> None:
    result = engine.alerts.enqueue(type, id=id, key=key)
    assert result.alert is not None and result.alert.state == "showing", result
    engine.alerts.complete(id)


def test_a_limited_enqueue_is_dropped_with_its_retry_time(engine: Engine) -> None:
    defaults = engine.alerts.define_type("tip", limit=FrequencyLimit(max=1, window_ms=1000))
    assert defaults.limit == FrequencyLimit(max=1, window_ms=1000, per=None)
    assert (defaults.on_limit, defaults.cooldown_ms, defaults.persist) == (None, None, None)
    show_and_close(engine, "tip", "T1")
    engine.clock.advance(300)
    dropped = engine.alerts.enqueue("tip", id="T2")
    assert dropped == ordo.EnqueueResult(alert=None, disposition="limited", retry_at=1000)
    with pytest.raises(ordo.NotFound):
        engine.alerts.get("T2")  # nothing was queued
    engine.clock.advance(700)  # the show at 0 no longer counts at 1000
    shown = engine.alerts.enqueue("tip", id="T3")
    assert shown.disposition == "queued" and shown.retry_at is None
    assert shown.alert is not None and shown.alert.state == "showing"


def test_cooldown_and_a_never_limit(engine: Engine) -> None:
    engine.alerts.define_type("nudge", cooldown_ms=500)
    show_and_close(engine, "nudge", "N1")
    assert engine.alerts.enqueue("nudge").retry_at == 500
    engine.alerts.define_type("never", limit={"max": 0})
    never = engine.alerts.enqueue("never")
    assert (never.disposition, never.retry_at) == ("limited", None)


def test_limit_none_is_sent_as_null_and_means_unlimited(engine: Engine) -> None:
    sent: list[object] = []
    engine._tap = lambda direction, message: sent.append(message) if direction == "send" else None
    engine.alerts.define_type("rare", limit=FrequencyLimit(max=0))
    assert engine.alerts.enqueue("rare", id="R1").disposition == "limited"  # the type's limit
    unlimited = engine.alerts.enqueue("rare", id="R2", limit=None)
    assert unlimited.disposition == "queued" and unlimited.alert is not None
    assert unlimited.alert.state == "showing"
    params = [m["params"] for m in sent if isinstance(m, dict) and m["method"] == "alert.enqueue"]
    assert params == [{"type": "rare", "id": "R1"}, {"type": "rare", "id": "R2", "limit": None}]


def test_defer_schedules_the_alert_until_the_limit_allows_it(engine: Engine) -> None:
    engine.alerts.define_type("tip", limit=FrequencyLimit(1, 1000), on_limit="defer")
    show_and_close(engine, "tip", "T1")
    taken(engine)
    deferred = engine.alerts.enqueue("tip", id="T2", data={"n": 2})
    assert deferred.disposition == "queued" and deferred.retry_at is None
    assert deferred.alert is not None
    assert (deferred.alert.state, deferred.alert.ready_at) == ("scheduled", 1000)
    engine.clock.advance(999)
    assert taken(engine) == []
    engine.clock.advance(1)
    assert taken(engine) == [("show", "T2", 1000)]


def test_at_its_turn_a_limited_alert_is_cancelled_or_deferred(engine: Engine) -> None:
    engine.events.subscribe(["alert.changed"])
    engine.alerts.define_type("drop", limit=FrequencyLimit(1))
    engine.alerts.define_type("wait", limit=FrequencyLimit(1, 5000), on_limit="defer")
    for kind in ("drop", "wait"):
        engine.alerts.pause()  # both are queued while no show counts yet
        engine.alerts.enqueue(kind, id=f"{kind}1")
        engine.alerts.enqueue(kind, id=f"{kind}2")
        engine.alerts.resume()  # kind1 shows
        taken(engine)
        engine.alerts.complete(f"{kind}1")  # drop2/wait2's turn: the limit is used up now
        changes = [e[2:5] for e in taken(engine) if e[0] == "changed" and e[1] == f"{kind}2"]
        ended = ("pending", "cancelled", "limited")  # (previous, state, reason)
        assert changes == [ended if kind == "drop" else ("pending", "scheduled", "deferred")]
    dropped = engine.alerts.get("drop2")
    assert (dropped.state, dropped.end_reason, dropped.shown_count) == ("cancelled", "limited", 0)
    waiting = engine.alerts.get("wait2")
    assert (waiting.state, waiting.ready_at) == ("scheduled", 5000)


def test_a_per_key_limit_needs_a_key(engine: Engine) -> None:
    per_key = FrequencyLimit(max=1, per="key")
    with pytest.raises(ordo.InvalidParams) as caught:
        engine.alerts.enqueue("whatsNew", limit=per_key)
    assert caught.value.path == "/key"
    engine.alerts.define_type("whatsNew", limit=per_key)
    with pytest.raises(ordo.InvalidParams) as caught:
        engine.alerts.enqueue("whatsNew")  # the type's limit counts per key too
    assert caught.value.path == "/key"
    show_and_close(engine, "whatsNew", "v1", key="v2.4")
    assert engine.alerts.enqueue("whatsNew", key="v2.4").disposition == "limited"
    assert engine.alerts.enqueue("whatsNew", key="v2.5").disposition == "queued"


def test_history_lists_counted_shows_newest_first(engine: Engine) -> None:
    engine.alerts.define_type("tip", queue="toast")
    show_and_close(engine, "tip", "A", key="k1")
    engine.clock.advance(10)
    show_and_close(engine, "tip", "B", key="k2")
    engine.clock.advance(10)
    show_and_close(engine, "other", "C")
    shows = engine.alerts.history()
    assert [s.id for s in shows] == ["C", "B", "A"]
    assert shows[1] == ShowRecord(id="B", type="tip", key="k2", queue="toast", at=10, wall_at=10)
    assert [s.id for s in engine.alerts.history(type="tip")] == ["B", "A"]
    assert [s.id for s in engine.alerts.history(key="k1")] == ["A"]
    assert [s.id for s in engine.alerts.history(queue="default")] == ["C"]
    assert [s.id for s in engine.alerts.history(since_wall_at=10)] == ["C", "B"]
    assert [s.id for s in engine.alerts.history(limit=1)] == ["C"]
    engine.alerts.clear()  # forgets ended alerts, not shows
    assert len(engine.alerts.history()) == 3


def test_forget_erases_shows_so_limits_count_from_zero(engine: Engine) -> None:
    engine.alerts.define_type("tip", limit=FrequencyLimit(1), cooldown_ms=0)
    show_and_close(engine, "tip", "T1", key="a")
    show_and_close(engine, "other", "O1", key="a")
    assert engine.alerts.enqueue("tip").disposition == "limited"
    with pytest.raises(ordo.InvalidParams):
        engine.alerts.forget()  # at least one filter
    with pytest.raises(ordo.InvalidParams):
        engine.alerts.forget(all=False)  # all=False is not sent: still no filter
    assert engine.alerts.forget(type="tip", key="b") == 0  # filters combine with AND
    assert engine.alerts.forget(type="tip") == 1
    assert [s.id for s in engine.alerts.history()] == ["O1"]
    show_and_close(engine, "tip", "T2")
    assert engine.alerts.forget(all=True) == 2
    assert engine.alerts.history() == ()


def test_limits_history_and_render_in_the_async_and_batch_flavours(
    engine: Engine, checker: SchemaChecker
) -> None:
    async def body() -> None:
        async with AsyncEngine(clock="manual", tap=checker) as aio:
            await aio.alerts.define_type("tip", limit=FrequencyLimit(1))
            assert (await aio.alerts.enqueue("tip", id="A")).disposition == "queued"
            limited = await aio.alerts.enqueue("tip", id="B")
            assert (limited.alert, limited.disposition, limited.retry_at) == (None, "limited", None)
            assert [s.id for s in await aio.alerts.history()] == ["A"]
            assert await aio.alerts.forget(all=True) == 1
            await aio.layers.add("a", frame=(0, 0, 10, 10))
            assert (await aio.layers.render()).startswith("<svg")

    asyncio.run(asyncio.wait_for(body(), 30))
    engine.layers.add("a", frame=(0, 0, 10, 10))
    with engine.batch() as batch:
        batch.alerts.define_type("tip", limit=FrequencyLimit(1))
        first = batch.alerts.enqueue("tip", id="A")
        second = batch.alerts.enqueue("tip", id="B")
        history = batch.alerts.history(type="tip")
        svg = batch.layers.render("a", labels=False)
        forgotten = batch.alerts.forget(type="tip")
    assert first.result().disposition == "queued"
    assert second.result().disposition == "limited"
    assert [s.id for s in history.result()] == ["A"]
    assert svg.result() == engine.layers.render("a", labels=False)
    assert forgotten.result() == 1
