"""alert.*, nav.* and events.*: every method and the pump rules of docs/protocol.md#alerts."""

from __future__ import annotations

import pytest

import ordo
from conftest import EngineFactory
from ordo import Engine, Mount
from timeline import taken


def test_enqueue_shows_at_once_and_the_event_precedes_the_answer(engine: Engine) -> None:
    seen: list[str] = []
    engine.on("alert.show", lambda ev: seen.append(ev.alert.id))
    result = engine.alerts.enqueue("gift", id="A", data={"n": 1})
    # The handler ran before enqueue returned, and the event is buffered.
    assert seen == ["A"]
    assert result.disposition == "queued"
    alert = result.alert
    assert alert is not None
    assert (alert.id, alert.state, alert.queue, alert.type, alert.priority) == (
        "A",
        "showing",
        "default",
        "gift",
        0,
    )
    assert alert.data == {"n": 1} and alert.shown_count == 1 and alert.seq == 1
    show = engine.wait_for("alert.show", timeout=0)
    assert show.alert == alert and show.resumed is False and show.at == 0


def test_one_at_a_time_then_priority_order(engine: Engine) -> None:
    engine.alerts.enqueue("b", id="B", priority=20)
    engine.alerts.enqueue("c", id="C", priority=10)
    engine.alerts.enqueue("a", id="A", priority=30)
    assert taken(engine) == [("show", "B", 0)]
    assert engine.alerts.get("A").state == "pending"
    engine.clock.advance(10)
    done = engine.alerts.complete("B", result={"clicked": True})
    assert (done.state, done.end_reason, done.result, done.ended_at) == (
        "done",
        "completed",
        {"clicked": True},
        10,
    )
    assert taken(engine) == [("show", "A", 10)]
    engine.alerts.complete("A")
    engine.alerts.complete("C")
    assert taken(engine) == [("show", "C", 10), ("idle", "default", 10)]


def test_complete_of_a_pending_alert_is_invalid_state_with_its_state(engine: Engine) -> None:
    engine.alerts.enqueue("x", id="X")
    engine.alerts.enqueue("y", id="Y")
    with pytest.raises(ordo.InvalidState) as caught:
        engine.alerts.complete("Y")
    assert caught.value.reason == "not_showing"
    assert caught.value.state == "pending"
    with pytest.raises(ordo.NotFound) as missing:
        engine.alerts.complete("nobody")
    assert missing.value.kind == "alert"


def test_duplicate_alert_id(engine: Engine) -> None:
    engine.alerts.enqueue("x", id="X")
    with pytest.raises(ordo.AlreadyExists) as caught:
        engine.alerts.enqueue("x", id="X")
    assert caught.value.kind == "alert"


def test_generated_alert_ids(engine: Engine) -> None:
    a = engine.alerts.enqueue("x").alert
    b = engine.alerts.enqueue("x").alert
    assert a is not None and b is not None
    assert a.id != b.id and a.id.startswith("alert-")


def test_define_type_supplies_defaults(engine: Engine) -> None:
    defaults = engine.alerts.define_type("redPacket", priority=30, scope="room", duration_ms=5000)
    assert defaults == ordo.TypeDefaults(
        type="redPacket", priority=30, scope="room", duration_ms=5000, ttl_ms=None, queue=None
    )
    alert = engine.alerts.enqueue("redPacket", id="A").alert
    assert alert is not None
    assert (alert.priority, alert.scope, alert.duration_ms) == (30, "room", 5000)
    # Redefining replaces the whole definition.
    assert engine.alerts.define_type("redPacket").priority is None
    again = engine.alerts.enqueue("redPacket", id="B").alert
    assert again is not None and again.priority == 0


def test_scoped_alerts_wait_for_their_page(engine: Engine) -> None:
    engine.alerts.enqueue("follow", id="F", scope="room")
    assert engine.alerts.get("F").state == "pending"
    state = engine.nav.push("room")
    assert state == ordo.NavState(stack=("room",), active="room")
    assert taken(engine) == [("show", "F", 0)]


def test_leaving_the_page_suspends_and_returning_resumes(engine: Engine) -> None:
    engine.nav.set(["room"])
    engine.alerts.enqueue("gift", id="G", scope="room")
    engine.clock.advance(5)
    engine.nav.push("shop")
    assert engine.alerts.get("G").state == "suspended"
    engine.clock.advance(5)
    engine.nav.pop()
    assert taken(engine) == [
        ("show", "G", 0),
        ("hide", "G", "suspended", 5),
        ("show", "G", 10, "resumed"),
    ]
    alert = engine.alerts.get("G")
    assert alert.shown_count == 2 and alert.seq == 1


def test_nav_methods(engine: Engine) -> None:
    assert engine.nav.get() == ordo.NavState((), None)
    engine.nav.push("a")
    engine.nav.push("b")
    assert engine.nav.get() == ordo.NavState(("a", "b"), "b")
    assert engine.nav.pop() == ordo.NavState(("a",), "a")
    assert engine.nav.set(["x", "y", "x"]) == ordo.NavState(("x", "y", "x"), "x")
    assert engine.nav.set([]).active is None
    with pytest.raises(ordo.InvalidState) as caught:
        engine.nav.pop()
    assert caught.value.reason == "empty_stack"


def test_scheduled_alert_becomes_pending_at_its_time(engine: Engine) -> None:
    engine.alerts.enqueue("busy", id="Busy")
    alert = engine.alerts.enqueue("later", id="L", delay_ms=1000).alert
    assert alert is not None
    assert (alert.state, alert.ready_at) == ("scheduled", 1000)
    engine.clock.advance(999)
    assert engine.alerts.get("L").state == "scheduled"
    engine.clock.advance(1)
    assert engine.alerts.get("L").state == "pending"
    engine.alerts.complete("Busy")
    assert taken(engine)[-1] == ("show", "L", 1000)


def test_at_schedules_on_the_engine_clock(engine: Engine) -> None:
    engine.alerts.enqueue("x", id="X", at=300)
    assert engine.clock.advance(1000) == 1000
    assert taken(engine) == [("show", "X", 300)]


def test_delay_and_at_together_are_invalid(engine: Engine) -> None:
    with pytest.raises(ordo.InvalidParams):
        engine.alerts.enqueue("x", delay_ms=1, at=5)


def test_ttl_expires_a_waiting_alert(engine: Engine) -> None:
    engine.alerts.enqueue("busy", id="Busy")
    alert = engine.alerts.enqueue("short", id="S", ttl_ms=500).alert
    assert alert is not None
    assert alert.expires_at == 500
    engine.clock.advance(500)
    expired = engine.alerts.get("S")
    assert (expired.state, expired.end_reason, expired.shown_count) == ("expired", "expired", 0)


def test_duration_auto_hides_with_timeout(engine: Engine) -> None:
    engine.alerts.enqueue("toast", id="T", duration_ms=2500)
    engine.clock.advance(2500)
    assert taken(engine) == [
        ("show", "T", 0),
        ("hide", "T", "timeout", 2500),
        ("idle", "default", 2500),
    ]
    alert = engine.alerts.get("T")
    assert (alert.state, alert.end_reason) == ("done", "timeout")


def test_timers_fire_in_time_order_each_at_its_own_time(engine: Engine) -> None:
    engine.alerts.configure("toast", max_concurrent=3)
    engine.alerts.enqueue("t", id="T1", queue="toast", duration_ms=300)
    engine.alerts.enqueue("t", id="T2", queue="toast", duration_ms=100, delay_ms=50)
    engine.alerts.enqueue("t", id="T3", queue="toast", duration_ms=10, delay_ms=500)
    engine.clock.advance(1000)
    assert taken(engine) == [
        ("show", "T1", 0),
        ("show", "T2", 50),
        ("hide", "T2", "timeout", 150),
        ("hide", "T1", "timeout", 300),
        ("show", "T3", 500),
        ("hide", "T3", "timeout", 510),
        ("idle", "toast", 510),
    ]


def test_configure_max_concurrent_and_min_gap(engine: Engine) -> None:
    settings = engine.alerts.configure()
    assert settings == ordo.QueueSettings("default", 1, 0, 1000)
    assert engine.alerts.configure(min_gap_ms=200).min_gap_ms == 200
    engine.alerts.enqueue("x", id="X")
    engine.alerts.enqueue("y", id="Y")
    engine.alerts.complete("X")
    engine.clock.advance(199)
    assert engine.alerts.get("Y").state == "pending"
    engine.clock.advance(1)
    assert engine.alerts.get("Y").state == "showing"
    engine.alerts.enqueue("z", id="Z")
    updated = engine.alerts.configure(max_concurrent=2)
    assert updated.max_concurrent == 2
    assert engine.alerts.get("Z").state == "showing"


def test_history_limit(engine: Engine) -> None:
    engine.alerts.configure(history_limit=1)
    for name in ("A", "B"):
        engine.alerts.enqueue("x", id=name)
        engine.alerts.complete(name)
    with pytest.raises(ordo.NotFound):
        engine.alerts.get("A")
    assert engine.alerts.get("B").state == "done"


def test_dedupe_by_key(engine: Engine) -> None:
    first = engine.alerts.enqueue("gift", id="G1", key="gift", data={"v": 1})
    assert first.disposition == "queued"
    taken(engine)
    replaced = engine.alerts.enqueue("gift", key="gift", data={"v": 2}, priority=5)
    assert replaced.disposition == "replaced" and replaced.alert is not None
    assert (replaced.alert.id, replaced.alert.data, replaced.alert.priority) == ("G1", {"v": 2}, 5)
    update = engine.wait_for("alert.update", timeout=0)
    assert update.alert.data == {"v": 2}
    ignored = engine.alerts.enqueue("gift", key="gift", data={"v": 3}, on_duplicate="ignore")
    assert ignored.disposition == "ignored" and ignored.alert is not None
    assert ignored.alert.data == {"v": 2}
    with pytest.raises(ordo.AlreadyExists) as caught:
        engine.alerts.enqueue("gift", key="gift", on_duplicate="error")
    assert caught.value.kind == "key" and caught.value.id == "gift"
    allowed = engine.alerts.enqueue("gift", key="gift", on_duplicate="allow")
    assert allowed.disposition == "queued" and allowed.alert is not None
    assert allowed.alert.id != "G1"


def test_preempt_displaces_a_lower_priority_alert(engine: Engine) -> None:
    engine.alerts.enqueue("low", id="L", priority=1)
    engine.alerts.enqueue("mid", id="M", priority=5)  # no preempt: waits
    engine.alerts.enqueue("high", id="H", priority=9, preempt=True)
    assert taken(engine) == [
        ("show", "L", 0),
        ("hide", "L", "preempted", 0),
        ("show", "H", 0),
    ]
    assert engine.alerts.get("L").state == "suspended"
    engine.alerts.complete("H")
    assert taken(engine) == [("show", "M", 0)]


def test_cancel_filters(engine: Engine) -> None:
    engine.alerts.enqueue("a", id="A1", scope=None)
    engine.alerts.enqueue("a", id="A2", key="k")
    engine.alerts.enqueue("b", id="B1", queue="other", delay_ms=100)
    engine.alerts.enqueue("b", id="B2", queue="other", delay_ms=100)
    with pytest.raises(ordo.InvalidParams) as caught:
        engine.alerts.cancel()
    assert caught.value.path == ""
    # None is no filter (as if left out), not "the alerts without a scope".
    with pytest.raises(ordo.InvalidParams) as caught:
        engine.alerts.cancel(scope=None)
    assert caught.value.path == ""
    assert engine.alerts.cancel(key="k") == ("A2",)
    assert engine.alerts.cancel(queue="other", states=["scheduled"], ids=["B2", "nope"]) == ("B2",)
    assert engine.alerts.cancel(type="b") == ("B1",)
    taken(engine)
    assert engine.alerts.cancel("A1") == ("A1",)
    assert taken(engine) == [("hide", "A1", "cancelled", 0), ("idle", "default", 0)]
    engine.alerts.enqueue("c", id="C1")
    engine.alerts.enqueue("c", id="C2", queue="q2")
    assert engine.alerts.cancel(all=True) == ("C1", "C2")
    assert engine.alerts.cancel(all=True) == ()


def test_pause_and_resume(engine: Engine) -> None:
    assert engine.alerts.pause() == ordo.PauseState(True, ("default",))
    # Reasons are reported sorted by code point.
    assert engine.alerts.pause(reason="call") == ordo.PauseState(True, ("call", "default"))
    engine.alerts.enqueue("x", id="X")
    assert engine.alerts.get("X").state == "pending"
    assert engine.alerts.resume() == ordo.PauseState(True, ("call",))
    assert engine.alerts.get("X").state == "pending"
    assert engine.alerts.resume(reason="call") == ordo.PauseState(False, ())
    assert engine.alerts.get("X").state == "showing"
    assert engine.alerts.pause("toast", reason="r").paused


def test_list_orders_showing_waiting_scheduled_ended(engine: Engine) -> None:
    engine.alerts.enqueue("x", id="S")
    engine.alerts.enqueue("x", id="Low", priority=1)
    engine.alerts.enqueue("x", id="High", priority=9)
    engine.alerts.enqueue("x", id="Later", delay_ms=50)
    engine.alerts.enqueue("x", id="Gone", queue="q", delay_ms=10)
    engine.alerts.cancel("Gone")
    assert [a.id for a in engine.alerts.list()] == ["S", "High", "Low", "Later", "Gone"]
    assert [a.id for a in engine.alerts.list(states=["pending"])] == ["High", "Low"]
    assert [a.id for a in engine.alerts.list(queue="q")] == ["Gone"]
    assert [a.id for a in engine.alerts.list(type="nope")] == []
    assert len(engine.alerts.list(scope=None)) == 5


def test_clear_forgets_everything(engine: Engine) -> None:
    engine.alerts.enqueue("x", id="A")
    engine.alerts.enqueue("x", id="B")
    engine.alerts.complete("A")
    taken(engine)
    assert engine.alerts.clear() == 2
    assert taken(engine) == [("hide", "B", "cancelled", 0), ("idle", "default", 0)]
    assert engine.alerts.list() == ()


def test_mount_keeps_a_layer_while_showing(engine: Engine) -> None:
    engine.layers.add("screen", frame=(0, 0, 390, 844))
    engine.alerts.enqueue("toast", id="T", mount=Mount(sort=900, parent="screen"), duration_ms=10)
    show = engine.wait_for("alert.show", timeout=0)
    assert show.layer is not None
    assert (show.layer.id, show.layer.parent, show.layer.sort) == ("alert:T", "screen", 900)
    assert engine.layers.get("alert:T").parent == "screen"
    assert show.alert.mount == Mount(sort=900, parent="screen")
    engine.clock.advance(10)
    with pytest.raises(ordo.NotFound):
        engine.layers.get("alert:T")


def test_mount_parent_must_exist(engine: Engine) -> None:
    with pytest.raises(ordo.NotFound):
        engine.alerts.enqueue("toast", mount={"parent": "ghost", "sort": 1})


def test_alert_changed_only_after_subscribe(engine: Engine) -> None:
    engine.alerts.enqueue("x", id="A")
    assert [e for e in taken(engine) if e[0] == "changed"] == []
    assert engine.events.subscribe(["alert.changed"]) == ("alert.changed",)
    engine.alerts.complete("A")
    engine.alerts.enqueue("x", id="B", delay_ms=5)
    engine.clock.advance(5)
    changes = [e for e in taken(engine) if e[0] == "changed"]
    # Not sent for a creation (alert.enqueue returns the new alert).
    assert changes == [
        ("changed", "A", "showing", "done", "completed", 0),
        ("changed", "B", "scheduled", "pending", "ready", 5),
        ("changed", "B", "pending", "showing", "shown", 5),
    ]
    assert engine.events.unsubscribe(["alert.changed"]) == ()
    engine.alerts.complete("B")
    assert [e for e in taken(engine) if e[0] == "changed"] == []


def test_unknown_topic_is_invalid_params(engine: Engine) -> None:
    with pytest.raises(ordo.InvalidParams) as caught:
        engine.call("events.subscribe", {"topics": ["alert.changed", "nope"]})
    assert caught.value.path == "/topics/1"


def test_max_alerts_limit(make_engine: EngineFactory) -> None:
    engine = make_engine(args=["--max-alerts", "1"])
    engine.alerts.enqueue("x", id="A")
    with pytest.raises(ordo.LimitExceeded) as caught:
        engine.alerts.enqueue("x", id="B")
    assert caught.value.name == "maxAlerts"


def test_stats_count_alerts_by_state(engine: Engine) -> None:
    engine.alerts.enqueue("x", id="A")
    engine.alerts.enqueue("x", id="B")
    engine.alerts.enqueue("x", id="C", delay_ms=10)
    engine.alerts.enqueue("x", id="D")
    engine.alerts.cancel("D")
    assert engine.stats().alerts == ordo.AlertCounts(
        scheduled=1, pending=1, showing=1, suspended=0, ended=1
    )


def test_clock_switch_refused_while_timers_exist(make_engine: EngineFactory) -> None:
    engine = make_engine()
    engine.alerts.enqueue("x", delay_ms=100)
    with pytest.raises(ordo.InvalidState) as caught:
        engine.initialize(clock="system")
    assert caught.value.reason == "timers_exist"
    assert engine.initialize(clock="manual").clock == "manual"


def test_a_string_where_a_list_of_strings_goes_is_refused_before_anything_is_sent(
    engine: Engine,
) -> None:
    """A string is a sequence of strings to Python: sent, "room" would be the stack of
    pages r, o, o, m. Refused (TypeError) before anything is written."""
    with pytest.raises(TypeError, match="not a string"):
        engine.nav.set("room")
    with pytest.raises(TypeError, match="not a string"):
        engine.alerts.cancel(ids="AB")
    assert engine.nav.get().stack == ()


def test_an_alert_is_active_in_every_state_but_ended(engine: Engine) -> None:
    engine.nav.set(["room"])
    engine.alerts.enqueue("gift", id="G", scope="room")
    assert engine.alerts.get("G").state == "showing" and engine.alerts.get("G").active
    engine.nav.push("shop")
    suspended = engine.alerts.get("G")
    assert suspended.state == "suspended" and suspended.active
    engine.alerts.cancel("G")
    ended = engine.alerts.get("G")
    assert ended.state == "cancelled" and not ended.active
