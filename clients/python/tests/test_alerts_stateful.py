"""Hypothesis: random alert traffic keeps the pump's invariants (docs/protocol.md#the-pump).

No full model here: after every step the engine must agree with itself and
with the rules that hold at every instant — at most ``maxConcurrent``
showing per queue (lowering it hides nothing), nothing showing off its page,
a queue with room and an eligible alert is never left idle (no gaps are
configured), counts that add up — and all traffic must match the schema.
"""

from __future__ import annotations

import atexit
from typing import Any

import hypothesis.strategies as st
from hypothesis import HealthCheck, settings
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

import ordo
from schema_check import SchemaChecker, SchemaDocument, load_document

QUEUES = ["default", "toast"]
SCOPES = [None, "room", "shop"]
_shared: dict[str, Any] = {}


def shared_engine() -> tuple[ordo.Engine, SchemaChecker]:
    if "engine" not in _shared:
        checker = SchemaChecker(SchemaDocument(load_document()))
        engine = ordo.Engine(clock="manual", tap=checker, timeout=10)
        atexit.register(engine.close)
        _shared.update(engine=engine, checker=checker)
    return _shared["engine"], _shared["checker"]


class AlertTraffic(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.engine, self.checker = shared_engine()
        self.engine.reset()
        self.engine.drain_events()
        self.max_concurrent = {q: 1 for q in QUEUES}
        # Lowering maxConcurrent hides nothing: the bound on what shows shrinks as alerts end.
        self.cap = dict(self.max_concurrent)
        self.paused = {q: False for q in QUEUES}
        self.ids: list[str] = []

    @rule(
        queue=st.sampled_from(QUEUES),
        priority=st.integers(0, 3),
        scope=st.sampled_from(SCOPES),
        key=st.none() | st.sampled_from(["k1", "k2"]),
        on_duplicate=st.sampled_from(["replace", "ignore", "allow"]),
        delay=st.none() | st.integers(0, 300),
        ttl=st.none() | st.integers(0, 600),
        duration=st.none() | st.integers(1, 400),
        preempt=st.booleans(),
    )
    def enqueue(
        self,
        queue: str,
        priority: int,
        scope: str | None,
        key: str | None,
        on_duplicate: Any,
        delay: int | None,
        ttl: int | None,
        duration: int | None,
        preempt: bool,
    ) -> None:
        result = self.engine.alerts.enqueue(
            "t",
            queue=queue,
            priority=priority,
            scope=ordo.UNSET if scope is None else scope,
            key=ordo.UNSET if key is None else key,
            on_duplicate=on_duplicate,
            delay_ms=ordo.UNSET if delay is None else delay,
            ttl_ms=ordo.UNSET if ttl is None else ttl,
            duration_ms=ordo.UNSET if duration is None else duration,
            preempt=preempt,
        )
        if result.disposition == "queued":
            assert result.alert is not None
            self.ids.append(result.alert.id)

    @rule(data=st.data(), result=st.none() | st.integers())
    def complete(self, data: st.DataObject, result: int | None) -> None:
        if not self.ids:
            return
        alert_id = data.draw(st.sampled_from(self.ids))
        try:
            done = self.engine.alerts.complete(alert_id, result=result)
        except ordo.InvalidState as exc:
            assert exc.reason == "not_showing"
            assert exc.state not in ("showing", "suspended")
        except ordo.NotFound:
            pass
        else:
            assert (done.state, done.end_reason, done.result) == ("done", "completed", result)

    @rule(data=st.data(), by_queue=st.booleans())
    def cancel(self, data: st.DataObject, by_queue: bool) -> None:
        if by_queue:
            self.engine.alerts.cancel(queue=data.draw(st.sampled_from(QUEUES)))
        elif self.ids:
            self.engine.alerts.cancel(data.draw(st.sampled_from(self.ids)))

    @rule(queue=st.sampled_from(QUEUES), pause=st.booleans())
    def pause_or_resume(self, queue: str, pause: bool) -> None:
        state = self.engine.alerts.pause(queue) if pause else self.engine.alerts.resume(queue)
        self.paused[queue] = state.paused
        assert state.paused is pause

    @rule(queue=st.sampled_from(QUEUES), limit=st.integers(1, 3))
    def configure(self, queue: str, limit: int) -> None:
        assert self.engine.alerts.configure(queue, max_concurrent=limit).max_concurrent == limit
        showing = self.engine.alerts.list(queue=queue, states=["showing"])
        self.max_concurrent[queue] = limit
        self.cap[queue] = max(limit, len(showing))

    @rule(scope=st.sampled_from(["room", "shop"]))
    def push(self, scope: str) -> None:
        assert self.engine.nav.push(scope).active == scope

    @rule()
    def pop(self) -> None:
        try:
            self.engine.nav.pop()
        except ordo.InvalidState as exc:
            assert exc.reason == "empty_stack"

    @rule(ms=st.integers(0, 500))
    def advance(self, ms: int) -> None:
        self.engine.clock.advance(ms)

    @invariant()
    def pump_rules_hold(self) -> None:
        active = self.engine.nav.get().active
        alerts = self.engine.alerts.list()
        for queue in QUEUES:
            mine = [a for a in alerts if a.queue == queue]
            showing = [a for a in mine if a.state == "showing"]
            assert len(showing) <= self.cap[queue], queue
            self.cap[queue] = max(self.max_concurrent[queue], len(showing))
            for alert in showing:
                assert alert.scope in (None, active), (alert, active)
            eligible = [
                a for a in mine if a.state in ("pending", "suspended") and a.scope in (None, active)
            ]
            if not self.paused[queue] and len(showing) < self.max_concurrent[queue]:
                assert not eligible, f"{queue} has room but leaves {eligible[0].id} waiting"
        counts = self.engine.stats().alerts
        by_state = {
            s: sum(1 for a in alerts if a.state == s)
            for s in ("scheduled", "pending", "showing", "suspended")
        }
        assert (counts.scheduled, counts.pending, counts.showing, counts.suspended) == (
            by_state["scheduled"],
            by_state["pending"],
            by_state["showing"],
            by_state["suspended"],
        )

    @invariant()
    def events_are_coherent(self) -> None:
        for event in self.engine.drain_events():
            assert not isinstance(event, ordo.UnknownEvent), event

    def teardown(self) -> None:
        problems = self.checker.verdict()
        assert not problems, "\n".join(problems)


AlertTraffic.TestCase.settings = settings(
    stateful_step_count=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestAlertTraffic = AlertTraffic.TestCase
