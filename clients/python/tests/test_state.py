"""Durable state (``Engine(args=["--state", path])``), engine.reset, stats.state, StorageError."""

from __future__ import annotations

from pathlib import Path

import ordo
from conftest import EngineFactory
from ordo import FrequencyLimit, OrdoError
from timeline import taken

DAY = 86_400_000


def test_types_shows_and_persisted_alerts_survive_a_restart(
    make_engine: EngineFactory, tmp_path: Path
) -> None:
    path = str(tmp_path / "ordo.db")
    first = make_engine(args=["--state", path])
    first.alerts.define_type("rateApp", persist=True, limit=FrequencyLimit(1, 30 * DAY))
    shown = first.alerts.enqueue("rateApp", id="R")
    assert shown.alert is not None and shown.alert.persist and shown.alert.state == "showing"
    first.alerts.complete("R")
    remind = first.alerts.enqueue("remind", id="later", delay_ms=DAY, persist=True)
    assert remind.alert is not None and remind.alert.state == "scheduled"
    first.alerts.enqueue("plain", id="P", delay_ms=DAY)  # not persisted: gone after a restart
    state = first.stats().state
    assert state is not None and state.path == path and state.bytes > 0 and state.commits > 0
    assert first.close() == 0

    # Three days later (the manual clock's wall time at 0 is --epoch-ms).
    second = make_engine(args=["--state", path, "--epoch-ms", str(3 * DAY)])
    # The first request, a read, lets the restored alerts compete first: "later", due a day
    # after it was enqueued, shows now (newest first in the history).
    assert [(s.id, s.at, s.wall_at) for s in second.alerts.history()] == [
        ("later", 0, 3 * DAY),
        ("R", -3 * DAY, 0),
    ]
    again = second.alerts.enqueue("rateApp", id="R2")  # the type came back with its limit
    assert (again.disposition, again.retry_at) == ("limited", 27 * DAY)
    later = second.alerts.get("later")  # due a day after it was enqueued: pending now
    assert (later.state, later.persist, later.ready_at) == ("showing", True, -2 * DAY)
    assert taken(second) == [("show", "later", 0)]
    assert [a.id for a in second.alerts.list()] == ["later"]
    assert second.alerts.define_type("rateApp").persist is None  # redefined: durable as well
    assert second.close() == 0
    third = make_engine(args=["--state", path])
    assert third.alerts.enqueue("rateApp").disposition == "queued"


def test_reset_reloads_the_state_and_reset_state_empties_it(
    make_engine: EngineFactory, tmp_path: Path
) -> None:
    path = str(tmp_path / "ordo.db")
    engine = make_engine(args=["--state", path])
    engine.alerts.define_type("tip", priority=7)
    engine.alerts.enqueue("tip", id="T", persist=True)
    engine.alerts.enqueue("tip", id="gone")  # not persisted
    engine.layers.add("screen")
    taken(engine)
    engine.reset()  # as if restarted: the durable part comes back, T (showing) as suspended
    assert engine.stats().layers == 0
    assert taken(engine) == [("show", "T", 0, "resumed")]  # after the first request
    assert [(a.id, a.state) for a in engine.alerts.list()] == [("T", "showing")]
    assert engine.alerts.define_type("tip", priority=7).priority == 7
    assert [s.id for s in engine.alerts.history()] == ["T"]
    commits = engine.stats().state
    assert commits is not None and commits.commits > 0
    engine.reset(state=True)  # the database is emptied too
    assert engine.alerts.list() == ()
    assert engine.alerts.history() == ()
    after = engine.stats().state
    assert after is not None and after.path == path and after.commits > commits.commits
    assert engine.close() == 0
    reopened = make_engine(args=["--state", path])
    assert reopened.alerts.history() == () and reopened.alerts.list() == ()


def test_without_state_stats_state_is_none_and_reset_state_is_accepted(
    make_engine: EngineFactory,
) -> None:
    engine = make_engine()
    assert engine.stats().state is None
    engine.alerts.enqueue("tip")
    assert engine.reset(state=True) is None
    assert engine.alerts.history() == ()


def test_storage_error_maps_to_its_class() -> None:
    error = OrdoError.from_json(
        {
            "code": -32005,
            "message": "Storage error.",
            "data": {"reason": "disk_full", "detail": "database or disk is full"},
        },
        method="alert.enqueue",
    )
    assert type(error) is ordo.StorageError and isinstance(error, OrdoError)
    assert (error.code, error.reason) == (-32005, "disk_full")
    assert error.detail == "database or disk is full"
    assert str(error) == "alert.enqueue: Storage error. [-32005]"
    odd = OrdoError.from_json({"code": -32005, "message": "m", "data": {"reason": 3}})
    assert type(odd) is ordo.StorageError and odd.reason is None and odd.detail is None
