"""A pure-Python reference model of the alert manager, written from docs/protocol.md
(sections Clock, Alerts, Frequency limits, Durable state) alone, on the manual clock.

``AlertModel.call(method, params)`` returns ``(answer, events)``: ``answer`` is
``{"result": …}`` or ``{"error": {"code": …, "data": …}}`` (the message is not modelled),
``events`` the notifications the request causes, in order, as ``(method, params)``.
Names compare canonically (by NFC) and keep the spelling the docs say. Mounted alert
layers are modelled with a plain layer tree (``layer.add``/``layer.remove``/``layer.tree``,
no frames). ``--state`` is modelled by ``AlertModel(state=True)`` and ``restart(epoch)``
(a new process on the same file, which keeps only what the docs call durable, restored by
their rules; test_alerts_model_durable drives it), with ``--epoch-ms`` (``epoch``),
``--max-alerts``, ``engine.reset`` and the clock switch (``initialize {clock}``; the system
clock only as the middle of a manual -> system -> manual round trip, no request between).
Not modelled: ``--max-layers``, the system clock otherwise, failing commits, and parameter
validation beyond what the driver sends (well-formed requests; the -32602 cases it does
send are named in the handlers).
"""

from __future__ import annotations

import copy
import json
import unicodedata
from dataclasses import dataclass, field
from typing import Any

MAX = 2**53 - 1  # no time in a result lies beyond it
ACTIVE = ("scheduled", "pending", "showing", "suspended")
WAITING = ("scheduled", "pending")
FIELDS = (
    "id",
    "queue",
    "type",
    "priority",
    "state",
    "scope",
    "key",
    "data",
    "result",
    "seq",
    "createdAt",
    "readyAt",
    "expiresAt",
    "durationMs",
    "shownAt",
    "endedAt",
    "endReason",
    "shownCount",
    "mount",
    "persist",
)
TYPE_FIELDS = (
    "priority",
    "scope",
    "durationMs",
    "ttlMs",
    "queue",
    "persist",
    "limit",
    "cooldownMs",
    "onLimit",
)
Event = tuple[str, dict[str, Any]]
# After a restore, what releases the restored alerts (After a restart): not these...
UNRELEASING = ("initialize", "shutdown", "exit", "engine.reset")
# ...and these let them compete before they read.
READS = ("alert.get", "alert.list", "alert.history", "engine.stats", "nav.get", "layer.tree")


class Refused(Exception):
    """A request the model answers with an error."""

    def __init__(self, code: int, data: dict[str, Any]) -> None:
        super().__init__(code, data)
        self.code = code
        self.data = data


@dataclass
class Alert:
    fields: dict[str, Any]
    preempt: bool
    limit: dict[str, Any] | None
    cooldown: int
    on_limit: str
    hide_at: int | None = None  # auto-hide due time while showing
    shown_order: int = 0  # global order of the latest start of showing
    ended_order: int = 0  # global order of ending

    def __getitem__(self, name: str) -> Any:
        return self.fields[name]

    def __setitem__(self, name: str, value: Any) -> None:
        self.fields[name] = value

    def public(self) -> dict[str, Any]:
        return copy.deepcopy(self.fields)


@dataclass
class Queue:
    name: str
    max_concurrent: int = 1
    min_gap: int = 0
    history_limit: int = 1000
    gap_until: int = 0  # the queue shows nothing new while now < gap_until
    reasons: dict[str, str] = field(default_factory=dict)  # NFC -> first spelling
    history: list[str] = field(default_factory=list)  # ended ids (NFC), oldest first
    busy: bool = False
    configured: bool = False  # a configure set a member: durable with --state


@dataclass
class Show:
    id: str
    type: str
    key: str | None
    queue: str
    at: int  # engine time; recomputed from wall after a restart or a clock switch
    wall: int  # wall-clock time (epoch ms): engine time + the clock's startedWallAt


def n(name: str | None) -> str | None:
    """Names are the same when canonically equivalent: compared by their NFC forms."""
    return None if name is None else unicodedata.normalize("NFC", name)


def same(a: str | None, b: str | None) -> bool:
    return n(a) == n(b)


def compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=False)


class AlertModel:
    def __init__(self, epoch: int = 0, max_alerts: int | None = None, state: bool = False) -> None:
        self.epoch = epoch  # --epoch-ms: the manual clock's startedWallAt
        self.max_alerts = max_alerts  # --max-alerts
        self.state = state  # --state: durable state (see restart)
        self.mode = "manual"  # only a manual -> system -> manual round trip is driven
        self.frozen = False  # restored alerts wait for the first request (After a restart)
        self.restoring = False  # handling the request that releases them
        # The alerts the last restore read (with the epoch of their times) while no commit
        # has written back what it made of them ("what a start's restore wrote back waits
        # for the first commit that succeeds"): the file still holds them so.
        self.unwritten: list[tuple[Alert, int]] | None = None
        self.now = 0
        self.seq = 0
        self.order = 0  # shown/ended ordering counter
        self.generated: set[str] = set()
        self.next_gen = 1
        # Keyed by NFC name; each object keeps the spelling it was first given.
        self.alerts: dict[str, Alert] = {}  # active alerts and those kept in history
        self.queues: dict[str, Queue] = {}  # in order of first use
        self.types: dict[str, dict[str, Any]] = {}
        self.stack: list[str] = []
        self.subscribed = False
        self.shows: list[Show] = []  # oldest first
        # The layer tree (ASCII ids): parent and sort by id, children bottom -> top.
        self.layer_parent: dict[str, str | None] = {}
        self.layer_sort: dict[str, int] = {}
        self.layer_name: dict[str, str] = {}
        self.kids: dict[str | None, list[str]] = {None: []}
        self.events: list[Event] = []

    # ------------------------------------------------------------------ helpers

    def wall(self, t: int) -> int:
        """The wall-clock time of engine time ``t``, stored within +-(2^53 - 1)."""
        return max(-MAX, min(MAX, self.epoch + t))

    def engine_time(self, wall: int) -> int:
        return max(-MAX, min(MAX, wall - self.epoch))

    def shows_newest_first(self) -> list[Show]:
        """By wall-clock time, newest first; shows of one millisecond, the later first."""
        indexed = sorted(enumerate(self.shows), key=lambda e: (e[1].wall, e[0]))
        return [s for _, s in reversed(indexed)]

    def active_scope(self) -> str | None:
        return self.stack[-1] if self.stack else None

    def queue(self, name: str) -> Queue:
        if n(name) not in self.queues:
            self.queues[str(n(name))] = Queue(name)
        return self.queues[str(n(name))]

    def queue_spelling(self, name: str) -> str:
        q = self.queues.get(str(n(name)))
        return name if q is None else q.name

    def in_queue(self, name: str) -> list[Alert]:
        return [a for a in self.alerts.values() if same(a["queue"], name) and a["state"] in ACTIVE]

    def active(self) -> list[Alert]:
        return sorted(
            (a for a in self.alerts.values() if a["state"] in ACTIVE), key=lambda a: a["seq"]
        )

    def emit(self, method: str, params: dict[str, Any]) -> None:
        self.events.append((method, params))

    def change(self, alert: Alert, state: str, reason: str) -> None:
        previous = alert["state"]
        alert["state"] = state
        if self.subscribed:
            self.emit(
                "alert.changed",
                {
                    "id": alert["id"],
                    "queue": alert["queue"],
                    "state": state,
                    "previous": previous,
                    "reason": reason,
                    "at": self.now,
                },
            )

    def end(self, alert: Alert, state: str, reason: str, end_reason: str) -> None:
        was_showing = alert["state"] == "showing"
        self.change(alert, state, reason)
        self.unmount(alert)
        alert["endedAt"] = self.now
        alert["endReason"] = end_reason
        alert.hide_at = None
        self.order += 1
        alert.ended_order = self.order
        q = self.queue(alert["queue"])
        if was_showing:
            q.gap_until = max(q.gap_until, self.now + q.min_gap)
        q.history.append(str(n(alert["id"])))
        self.trim(q)

    def trim(self, q: Queue) -> None:
        while len(q.history) > q.history_limit:
            gone = q.history.pop(0)
            del self.alerts[gone]

    def hide(self, alert: Alert, reason: str) -> None:
        self.emit(
            "alert.hide",
            {"id": alert["id"], "queue": alert["queue"], "reason": reason, "at": self.now},
        )

    def eligible(self, alert: Alert) -> bool:
        scope = alert["scope"]
        return alert["state"] in ("pending", "suspended") and (
            scope is None or same(scope, self.active_scope())
        )

    # ------------------------------------------------------------------ limits

    def limit_retry(self, alert: Alert) -> tuple[bool, int | None]:
        """(allowed now, retryAt) for an alert's first show at ``self.now``."""
        limit, cooldown = alert.limit, alert.cooldown
        if limit is None and not cooldown:
            return True, None
        per_key = limit is not None and limit.get("per") == "key"
        shows = [
            s.at
            for s in self.shows
            if same(s.type, alert["type"]) and (not per_key or same(s.key, alert["key"]))
        ]
        shows.sort()
        allowed, retry, never = True, self.now, False
        if limit is not None:
            window = limit.get("windowMs")
            counting = [s for s in shows if window is None or self.now - s < window]
            if len(counting) >= limit["max"]:
                allowed = False
                if window is None or limit["max"] == 0:
                    never = True
                else:
                    retry = max(retry, counting[-limit["max"]] + window)
        if cooldown and shows and self.now - shows[-1] < cooldown:
            allowed = False
            retry = max(retry, shows[-1] + cooldown)
        if allowed:
            return True, None
        return False, None if never or retry > MAX else retry

    # ------------------------------------------------------------------ the pump

    def show(self, alert: Alert) -> None:
        resumed = alert["state"] == "suspended"
        self.change(alert, "showing", "resumed" if resumed else "shown")
        alert["shownAt"] = self.now
        alert["shownCount"] += 1
        duration = alert["durationMs"]
        alert.hide_at = None if duration is None else self.now + duration
        self.order += 1
        alert.shown_order = self.order
        if not resumed:
            self.shows.append(
                Show(
                    alert["id"],
                    alert["type"],
                    alert["key"],
                    alert["queue"],
                    self.now,
                    self.wall(self.now),
                )
            )
        event = {"alert": alert.public(), "resumed": resumed, "at": self.now}
        mount = alert["mount"]
        if mount is not None and (mount["parent"] is None or self.has_layer(mount["parent"])):
            event["layer"] = self.add_layer("alert:" + alert["id"], mount["parent"], mount["sort"])
        self.emit("alert.show", event)

    def admit(self, alert: Alert) -> bool:
        """The frequency check at an alert's turn to show: True when it may show."""
        if alert["state"] == "suspended":
            return True
        allowed, retry = self.limit_retry(alert)
        if allowed:
            return True
        if alert.on_limit == "defer" and retry is not None:
            alert["readyAt"] = retry
            self.change(alert, "scheduled", "deferred")
        else:
            self.end(alert, "cancelled", "limited", "limited")
        return False

    def pump_queue(self, q: Queue) -> None:
        if q.reasons or self.now < q.gap_until:
            return
        while True:
            alerts = self.in_queue(q.name)
            showing = [a for a in alerts if a["state"] == "showing"]
            candidates = sorted(
                (a for a in alerts if self.eligible(a)), key=lambda a: (-a["priority"], a["seq"])
            )
            if len(showing) < q.max_concurrent:
                if not candidates:
                    return
                best = candidates[0]
                if self.admit(best):
                    self.show(best)
                continue
            preempting = [a for a in candidates if a.preempt]
            if not preempting:
                return
            best = preempting[0]
            lowest = min(showing, key=lambda a: (a["priority"], -a.shown_order))
            if best["priority"] <= lowest["priority"]:
                return
            if not self.admit(best):
                continue
            self.change(lowest, "suspended", "preempted")
            self.unmount(lowest)
            lowest.hide_at = None
            self.hide(lowest, "preempted")
            self.show(best)

    def pump(self) -> None:
        for q in list(self.queues.values()):
            self.pump_queue(q)

    def expire(self) -> None:
        for alert in self.active():
            if (
                alert["state"] in WAITING
                and alert["expiresAt"] is not None
                and alert["expiresAt"] <= self.now
            ):
                self.end(alert, "expired", "expired", "expired")

    def idle(self) -> None:
        for q in self.queues.values():
            if q.busy and not self.in_queue(q.name):
                q.busy = False
                self.emit("alert.idle", {"queue": q.name, "at": self.now})

    def settle(self) -> None:
        """A request's decision after its own changes: pump, expiries, idle."""
        self.pump()
        self.expire()
        self.idle()

    # ------------------------------------------------------------------ time

    def next_due(self) -> int | None:
        times: list[int] = []
        for a in self.alerts.values():
            if a["state"] == "scheduled" and a["readyAt"] is not None:
                times.append(a["readyAt"])
            if a["state"] in WAITING and a["expiresAt"] is not None:
                times.append(a["expiresAt"])
            if a["state"] == "showing" and a.hide_at is not None:
                times.append(a.hide_at)
        times.extend(q.gap_until for q in self.queues.values())
        later = [t for t in times if t > self.now]
        return min(later) if later else None

    def instant(self, t: int) -> None:
        self.now = t
        for alert in self.active():
            if alert["state"] == "showing" and alert.hide_at == t:
                self.end(alert, "done", "timeout", "timeout")
                self.hide(alert, "timeout")
        for alert in self.active():
            if alert["state"] == "scheduled" and alert["readyAt"] == t:
                self.change(alert, "pending", "ready")
        self.settle()

    def advance(self, ms: int) -> dict[str, Any]:
        target = self.now + ms
        if target > MAX:
            raise Refused(-32602, {"path": "/ms", "expected": "?"})
        if self.restoring:  # sent first after a restore: they stay frozen during it
            self.catch_up(target)
            self.now = target
            self.settle()
            return {"now": self.now}
        while (t := self.next_due()) is not None and t <= target:
            self.instant(t)
        self.now = target
        return {"now": self.now}

    # ------------------------------------------------------------------ requests

    def call(self, method: str, params: dict[str, Any]) -> tuple[Any, list[Event]]:
        """Apply one request (or ``("batch", {"entries": [...]})``: each entry a request
        of its own, all events before the answers)."""
        if method == "batch":
            answers, events = [], []
            for entry in params["entries"]:
                answer, caused = self.call(*entry)
                answers.append(answer)
                events.extend(caused)
            return answers, events
        return self.request(method, params)

    def request(self, method: str, params: dict[str, Any]) -> tuple[dict[str, Any], list[Event]]:
        """Apply one request; a refused one changes nothing (each handler makes its
        checks before it changes anything)."""
        # Any message makes a commit group, which writes that back (an engine.reset's
        # included: it commits what came before it, then reads the file again).
        self.unwritten = None
        self.events = []
        releasing = self.frozen and method not in UNRELEASING
        saved = copy.deepcopy(self.__dict__) if releasing else None
        if releasing:
            self.frozen = False
            if method in READS:  # the restored alerts compete before it reads
                self.settle()
        self.restoring = releasing
        try:
            handler = getattr(self, "do_" + method.replace(".", "_"))
            result = handler(dict(params))
        except Refused as refused:
            self.restoring = False
            if saved is None:
                assert not self.events
                return {"error": {"code": refused.code, "data": refused.data}}, []
            # A failing first request applies nothing, but the restored alerts compete
            # before its error, as before a read.
            self.__dict__.update(saved)
            self.frozen = False
            self.events = []
            self.settle()
            events, self.events = self.events, []
            return {"error": {"code": refused.code, "data": refused.data}}, events
        self.restoring = False
        events, self.events = self.events, []
        return {"result": result}, events

    # ------------------------------------------------------------------ durable state

    def stored(self, t: int | None) -> int | None:
        """An engine time as the state file keeps it: wall-clock, clamped."""
        return None if t is None else self.wall(t)

    def restart(self, epoch: int) -> None:
        """A new process on the same state file (or a reset with --state), whose manual
        clock starts at 0 with ``--epoch-ms`` ``epoch``: what the docs call durable comes
        back (types, configured queues' settings, the show history, the id and seq
        counters, persisted alerts not ended, by the restore rules), the rest is gone."""
        assert self.state
        fresh = AlertModel(epoch, self.max_alerts, state=True)
        fresh.types = self.types
        fresh.shows = [
            Show(s.id, s.type, s.key, s.queue, fresh.engine_time(s.wall), s.wall)
            for s in self.shows
        ]
        fresh.seq = self.seq
        fresh.next_gen, fresh.generated = self.next_gen, self.generated
        fresh.order = self.order
        for name, q in self.queues.items():
            if q.configured:
                fresh.queues[name] = Queue(
                    q.name, q.max_concurrent, q.min_gap, q.history_limit, configured=True
                )
        # The file's alerts (each with the epoch of its times): persisted ones not ended,
        # or, while no commit has carried the last restore's write-back, what it restored.
        if self.unwritten is not None:
            held = self.unwritten
        else:
            held = [(a, self.epoch) for a in self.active() if a["persist"]]
        fresh.unwritten = []
        for alert, old_epoch in sorted(held, key=lambda e: e[0]["seq"]):
            fresh.convert(alert, old_epoch)
            fresh.unwritten.append((copy.deepcopy(alert), epoch))
            alert.hide_at = None
            if alert["state"] in ("showing", "suspended"):
                alert["state"] = "suspended"
            elif alert["state"] == "scheduled" and alert["readyAt"] <= 0:
                alert["state"] = "pending"
            fresh.alerts[str(n(alert["id"]))] = alert
            fresh.queue(alert["queue"]).busy = True
        fresh.catch_up(0)
        fresh.frozen = True
        self.__dict__.update(fresh.__dict__)

    def convert(self, alert: Alert, old_epoch: int) -> None:
        """An alert's times, held with the clock's origin at ``old_epoch``, to this clock's:
        through their wall-clock times, clamped as the state file stores them."""
        for name in ("createdAt", "readyAt", "expiresAt", "shownAt", "endedAt"):
            if alert[name] is not None:
                wall = max(-MAX, min(MAX, old_epoch + alert[name]))
                alert[name] = self.engine_time(wall)
        if alert["expiresAt"] == MAX and alert["state"] in ACTIVE:  # a TTL that never ends
            alert["expiresAt"] = None

    def catch_up(self, t: int) -> None:
        """Readiness and TTL ends due by ``t`` while restored alerts are frozen: applied
        silently, as of their own times; a queue they empty goes idle silently."""
        due = sorted(
            (a for a in self.active() if a["state"] in WAITING),
            key=lambda a: (a["expiresAt"] if a["expiresAt"] is not None else MAX, a["seq"]),
        )
        for alert in due:
            if alert["state"] == "scheduled" and alert["readyAt"] <= t:
                alert["state"] = "pending"
            if alert["expiresAt"] is not None and alert["expiresAt"] <= t:
                alert["state"] = "expired"
                alert["endedAt"] = alert["expiresAt"]
                alert["endReason"] = "expired"
                self.order += 1
                alert.ended_order = self.order
                q = self.queue(alert["queue"])
                q.history.append(str(n(alert["id"])))
                self.trim(q)
        for q in self.queues.values():
            q.busy = q.busy and bool(self.in_queue(q.name))

    def do_engine_reset(self, p: dict[str, Any]) -> None:
        if self.state and not p.get("state"):
            self.restart(self.epoch)
            self.unwritten = None  # it writes what it restores back in a commit of its own
        else:
            self.__dict__.update(AlertModel(self.epoch, self.max_alerts, self.state).__dict__)

    def timers(self) -> bool:
        return any(
            (a["state"] == "scheduled")
            or (a["state"] in WAITING and a["expiresAt"] is not None)
            or (a["state"] == "showing" and a.hide_at is not None)
            for a in self.active()
        ) or any(q.gap_until > self.now for q in self.queues.values())

    def do_initialize(self, p: dict[str, Any]) -> dict[str, Any]:
        """Only ``clock`` is modelled (the answer's other members are not compared)."""
        mode = p.get("clock") or self.mode
        if mode != self.mode:
            if self.timers():
                raise Refused(-32003, {"reason": "timers_exist"})
            self.mode = mode
            if mode == "manual":  # every time held keeps its wall-clock time
                self.now = 0
                for q in self.queues.values():  # no timer is set: every gap has ended
                    q.gap_until = 0
                for s in self.shows:  # a show's at is recomputed from its wallAt
                    s.at = self.engine_time(s.wall)
                for alert in self.alerts.values():  # as a restore converts them
                    self.convert(alert, self.epoch)
        return {"clock": self.mode}

    def do_clock_advance(self, p: dict[str, Any]) -> dict[str, Any]:
        return self.advance(p["ms"])

    def do_clock_now(self, p: dict[str, Any]) -> dict[str, Any]:
        self.settle()
        return {"now": self.now, "mode": "manual"}

    def do_events_subscribe(self, p: dict[str, Any]) -> dict[str, Any]:
        self.subscribed = self.subscribed or "alert.changed" in p["topics"]
        self.settle()
        return {"topics": ["alert.changed"] if self.subscribed else []}

    def do_events_unsubscribe(self, p: dict[str, Any]) -> dict[str, Any]:
        self.subscribed = self.subscribed and "alert.changed" not in p["topics"]
        self.settle()
        return {"topics": ["alert.changed"] if self.subscribed else []}

    def do_alert_defineType(self, p: dict[str, Any]) -> dict[str, Any]:
        definition = {"type": p["type"], **{f: p.get(f) for f in TYPE_FIELDS}}
        if definition["limit"] is not None:
            definition["limit"] = {
                "max": definition["limit"]["max"],
                "windowMs": definition["limit"].get("windowMs"),
                "per": definition["limit"].get("per"),
            }
        if n(p["type"]) in self.types:  # spelled as first given
            definition["type"] = self.types[str(n(p["type"]))]["type"]
        self.types[str(n(p["type"]))] = definition
        self.settle()
        return copy.deepcopy(definition)

    def do_alert_enqueue(self, p: dict[str, Any]) -> dict[str, Any]:
        typedef = self.types.get(str(n(p["type"])), {})

        def pick(name: str) -> Any:
            value = p.get(name)
            return typedef.get(name) if value is None else value

        # Params errors come first ("params (including /key for a per-key limit)").
        if p.get("delayMs") is not None and self.now + p["delayMs"] > MAX:
            raise Refused(-32602, {"path": "/delayMs", "expected": "?"})
        key = p.get("key")
        limit = p["limit"] if "limit" in p else typedef.get("limit")
        if limit is not None and limit.get("per") == "key" and key is None:
            raise Refused(-32602, {"path": "/key", "expected": "?"})
        mount = p.get("mount")
        if mount is not None:  # then mount.parent, even when dedupe or a limit will decide
            mount = {"parent": mount.get("parent"), "sort": mount["sort"]}
            if mount["parent"] is not None and not self.has_layer(mount["parent"]):
                raise Refused(-32001, {"kind": "layer", "id": mount["parent"]})
        queue_name = self.queue_spelling(pick("queue") or "default")
        on_dup = p.get("onDuplicate") or "replace"
        if key is not None and on_dup != "allow":
            matches = [
                a for a in self.active() if same(a["queue"], queue_name) and same(a["key"], key)
            ]
            if matches:
                return self.dedupe(matches[0], on_dup, p)
        aid = p.get("id")
        if (
            aid is not None
            and n(aid) in self.alerts
            and self.alerts[str(n(aid))]["state"] in ACTIVE
        ):
            raise Refused(-32002, {"kind": "alert", "id": aid})
        cooldown = pick("cooldownMs") or 0
        on_limit = pick("onLimit") or "drop"
        delay, at = p.get("delayMs"), p.get("at")
        ready_at: int | None = None
        if delay is not None:
            ready_at = self.now + delay
        elif at is not None:
            ready_at = max(at, self.now)
        probe = Alert({"type": p["type"], "key": key}, False, limit, cooldown, on_limit)
        saved_now = self.now
        self.now = ready_at if ready_at is not None else self.now
        allowed, retry = self.limit_retry(probe)
        self.now = saved_now
        if not allowed:
            if on_limit == "defer" and retry is not None:
                ready_at = retry
            else:
                self.settle()
                return {"alert": None, "disposition": "limited", "retryAt": retry}
        active = len(self.active())
        if self.max_alerts is not None and active >= self.max_alerts:
            raise Refused(
                -32004, {"name": "maxAlerts", "limit": self.max_alerts, "value": active + 1}
            )
        if aid is None:
            aid = self.generate_id()
        elif n(aid) in self.alerts:  # an ended alert in history: its entry is replaced
            old = self.alerts.pop(str(n(aid)))
            self.queue(old["queue"]).history.remove(str(n(aid)))
        self.seq += 1
        ttl = pick("ttlMs")
        fields = {
            "id": aid,
            "queue": queue_name,
            "type": p["type"],
            "priority": pick("priority") or 0,
            "state": "scheduled" if ready_at is not None and ready_at > self.now else "pending",
            "scope": pick("scope"),
            "key": key,
            "data": p.get("data"),
            "result": None,
            "seq": self.seq,
            "createdAt": self.now,
            "readyAt": ready_at,
            "expiresAt": None if ttl is None or self.now + ttl > MAX else self.now + ttl,
            "durationMs": pick("durationMs"),
            "shownAt": None,
            "endedAt": None,
            "endReason": None,
            "shownCount": 0,
            "mount": mount,
            "persist": bool(pick("persist")),
        }
        alert = Alert(fields, bool(p.get("preempt")), limit, cooldown, on_limit)
        self.alerts[str(n(aid))] = alert
        q = self.queue(queue_name)
        q.busy = True
        self.settle()
        return {"alert": alert.public(), "disposition": "queued"}

    def generate_id(self) -> str:
        known = set(self.alerts) | {str(n(s.id)) for s in self.shows} | self.generated
        while f"alert-{self.next_gen}" in known:
            self.next_gen += 1
        aid = f"alert-{self.next_gen}"
        self.generated.add(aid)
        self.next_gen += 1
        return aid

    def dedupe(self, alert: Alert, on_dup: str, p: dict[str, Any]) -> dict[str, Any]:
        if on_dup == "error":
            raise Refused(-32002, {"kind": "key", "id": p["key"]})
        if on_dup == "ignore":
            self.settle()
            return {"alert": alert.public(), "disposition": "ignored"}
        before = (alert["priority"], compact(alert["data"]))
        if p.get("priority") is not None:
            alert["priority"] = p["priority"]
        if "data" in p:
            alert["data"] = p["data"]
        if alert["state"] == "showing" and (alert["priority"], compact(alert["data"])) != before:
            self.emit("alert.update", {"alert": alert.public(), "at": self.now})
        self.settle()
        return {"alert": alert.public(), "disposition": "replaced"}

    def lookup(self, aid: str) -> Alert:
        if n(aid) not in self.alerts:
            raise Refused(-32001, {"kind": "alert", "id": aid})
        return self.alerts[str(n(aid))]

    def do_alert_get(self, p: dict[str, Any]) -> dict[str, Any]:
        alert = self.lookup(p["id"])
        self.settle()
        return alert.public()

    def do_alert_complete(self, p: dict[str, Any]) -> dict[str, Any]:
        alert = self.lookup(p["id"])
        if alert["state"] not in ("showing", "suspended"):
            raise Refused(-32003, {"reason": "not_showing", "state": alert["state"]})
        alert["result"] = p.get("result")
        self.end(alert, "done", "completed", "completed")
        self.settle()
        return alert.public()

    def matches(self, alert: Alert, p: dict[str, Any]) -> bool:
        if p.get("id") is not None and not same(alert["id"], p["id"]):
            return False
        if p.get("ids") is not None and n(alert["id"]) not in {n(i) for i in p["ids"]}:
            return False
        for name in ("type", "key", "scope", "queue"):
            if p.get(name) is not None and not same(alert[name], p[name]):
                return False
        return p.get("states") is None or alert["state"] in p["states"]

    def do_alert_cancel(self, p: dict[str, Any]) -> dict[str, Any]:
        states = p.get("states")
        if states is not None and (
            not states or len(set(states)) < len(states) or not set(states) <= set(ACTIVE)
        ):  # a non-empty set of states that have not ended
            raise Refused(-32602, {"path": "/states", "expected": "?"})
        filters = ("id", "ids", "type", "key", "scope", "queue", "states")
        if not any(p.get(f) is not None for f in filters) and p.get("all") is not True:
            raise Refused(-32602, {"path": "", "expected": "?"})
        cancelled = []
        for alert in self.active():
            if self.matches(alert, p):
                showing = alert["state"] == "showing"
                self.end(alert, "cancelled", "cancelled", "cancelled")
                if showing:
                    self.hide(alert, "cancelled")
                cancelled.append(alert["id"])
        self.settle()
        return {"cancelled": cancelled}

    def do_alert_clear(self, p: dict[str, Any]) -> dict[str, Any]:
        names = [str(n(p["queue"]))] if p.get("queue") is not None else list(self.queues)
        names = [name for name in names if name in self.queues]
        removed = sum(len(self.queues[name].history) for name in names)
        for alert in self.active():
            if n(alert["queue"]) in names:
                removed += 1
                showing = alert["state"] == "showing"
                self.end(alert, "cancelled", "cancelled", "cancelled")
                if showing:
                    self.hide(alert, "cancelled")
        for name in names:
            q = self.queues[name]
            for aid in q.history:
                del self.alerts[aid]
            q.history = []
        self.settle()
        return {"removed": removed}

    def list_order(self, alerts: list[Alert]) -> list[Alert]:
        showing = sorted(
            (a for a in alerts if a["state"] == "showing"), key=lambda a: a.shown_order
        )
        waiting = sorted(
            (a for a in alerts if a["state"] in ("pending", "suspended")),
            key=lambda a: (-a["priority"], a["seq"]),
        )
        scheduled = sorted(
            (a for a in alerts if a["state"] == "scheduled"), key=lambda a: (a["readyAt"], a["seq"])
        )
        ended = sorted(
            (a for a in alerts if a["state"] not in ACTIVE), key=lambda a: -a.ended_order
        )
        return showing + waiting + scheduled + ended

    def do_alert_list(self, p: dict[str, Any]) -> dict[str, Any]:
        states = p.get("states")
        if states is not None and (not states or len(set(states)) < len(states)):
            raise Refused(-32602, {"path": "/states", "expected": "?"})
        chosen = [a for a in self.alerts.values() if self.matches(a, p)]
        self.settle()
        return {"alerts": [a.public() for a in self.list_order(chosen)]}

    def settings(self, name: str) -> dict[str, Any]:
        q = self.queues.get(str(n(name)), Queue(name))
        return {
            "queue": q.name,
            "maxConcurrent": q.max_concurrent,
            "minGapMs": q.min_gap,
            "historyLimit": q.history_limit,
        }

    def do_alert_configure(self, p: dict[str, Any]) -> dict[str, Any]:
        name = p.get("queue") or "default"
        given = {
            k: p[k] for k in ("maxConcurrent", "minGapMs", "historyLimit") if p.get(k) is not None
        }
        if given:
            q = self.queue(name)
            q.max_concurrent = given.get("maxConcurrent", q.max_concurrent)
            q.min_gap = given.get("minGapMs", q.min_gap)
            q.history_limit = given.get("historyLimit", q.history_limit)
            q.configured = True
            self.trim(q)
        self.settle()
        return self.settings(name)

    def pause_state(self, name: str) -> dict[str, Any]:
        held = self.queues[str(n(name))].reasons if n(name) in self.queues else {}
        reasons = [held[r] for r in sorted(held)]
        return {"paused": bool(reasons), "reasons": reasons}

    def do_alert_pause(self, p: dict[str, Any]) -> dict[str, Any]:
        name = p.get("queue") or "default"
        reason = p.get("reason") or "default"
        self.queue(name).reasons.setdefault(str(n(reason)), reason)
        self.settle()
        return self.pause_state(name)

    def do_alert_resume(self, p: dict[str, Any]) -> dict[str, Any]:
        name = p.get("queue") or "default"
        if n(name) in self.queues:
            self.queues[str(n(name))].reasons.pop(str(n(p.get("reason") or "default")), None)
        self.settle()
        return self.pause_state(name)

    def set_stack(self, stack: list[str]) -> dict[str, Any]:
        old = self.active_scope()
        self.stack = stack
        new = self.active_scope()
        if not same(new, old):
            for q in self.queues.values():
                showing = [
                    a
                    for a in self.in_queue(q.name)
                    if a["state"] == "showing"
                    and a["scope"] is not None
                    and not same(a["scope"], new)
                ]
                for alert in sorted(showing, key=lambda a: a.shown_order):
                    self.change(alert, "suspended", "suspended")
                    self.unmount(alert)
                    alert.hide_at = None
                    self.hide(alert, "suspended")
        self.settle()
        return {"stack": list(self.stack), "active": self.active_scope()}

    def do_nav_push(self, p: dict[str, Any]) -> dict[str, Any]:
        return self.set_stack([*self.stack, p["scope"]])

    def do_nav_pop(self, p: dict[str, Any]) -> dict[str, Any]:
        if not self.stack:
            raise Refused(-32003, {"reason": "empty_stack"})
        return self.set_stack(self.stack[:-1])

    def do_nav_set(self, p: dict[str, Any]) -> dict[str, Any]:
        return self.set_stack(list(p["stack"]))

    def do_engine_ping(self, p: dict[str, Any]) -> dict[str, Any]:
        result = {"pong": True, "at": self.now}
        self.settle()
        return result

    def do_engine_stats(self, p: dict[str, Any]) -> dict[str, Any]:
        """Only ``layers`` and ``alerts`` are modelled (the rest describes the process)."""
        self.settle()
        counts = dict.fromkeys([*ACTIVE, "ended"], 0)
        for alert in self.alerts.values():
            counts[alert["state"] if alert["state"] in ACTIVE else "ended"] += 1
        return {"layers": len(self.layer_parent), "alerts": counts}

    def do_nav_get(self, p: dict[str, Any]) -> dict[str, Any]:
        self.settle()
        return {"stack": list(self.stack), "active": self.active_scope()}

    def do_alert_history(self, p: dict[str, Any]) -> dict[str, Any]:
        shows = [
            {
                "id": s.id,
                "type": s.type,
                "key": s.key,
                "queue": s.queue,
                "at": s.at,
                "wallAt": s.wall,
            }
            for s in self.shows_newest_first()
            if all(p.get(f) is None or same(getattr(s, f), p[f]) for f in ("type", "key", "queue"))
            and (p.get("sinceWallAt") is None or s.wall >= p["sinceWallAt"])
        ]
        limit = p.get("limit")
        self.settle()
        return {"shows": shows[: 100 if limit is None else limit]}

    def do_alert_forget(self, p: dict[str, Any]) -> dict[str, Any]:
        if p.get("type") is None and p.get("key") is None and p.get("all") is not True:
            raise Refused(-32602, {"path": "", "expected": "?"})
        kept = [
            s
            for s in self.shows
            if not all(p.get(f) is None or same(getattr(s, f), p[f]) for f in ("type", "key"))
        ]
        forgotten = len(self.shows) - len(kept)
        self.shows = kept
        self.settle()
        return {"forgotten": forgotten}

    # ------------------------------------------------------------------ layers
    # Layer ids compare canonically too: the tree is keyed by NFC, spelled as first given.

    def layer(self, lid: str) -> dict[str, Any]:
        key = str(n(lid))
        parent = self.layer_parent[key]
        return {
            "id": self.layer_name[key],
            "parent": None if parent is None else self.layer_name[parent],
            "sort": self.layer_sort[key],
            "index": self.kids[parent].index(key),
            "hidden": False,
            "interactive": True,
            "clips": False,
            "childCount": len(self.kids[key]),
        }

    def has_layer(self, lid: str) -> bool:
        return n(lid) in self.kids

    def add_layer(self, lid: str, parent: str | None, sort: int) -> dict[str, Any]:
        """By the ordering rule: above every sibling whose sort is <= its own."""
        key, parent = str(n(lid)), n(parent)
        siblings = self.kids[parent]
        siblings.insert(sum(1 for x in siblings if self.layer_sort[x] <= sort), key)
        self.layer_parent[key], self.layer_sort[key], self.kids[key] = parent, sort, []
        self.layer_name[key] = lid
        return self.layer(lid)

    def remove_layer(self, lid: str) -> int:
        key = str(n(lid))
        self.kids[self.layer_parent[key]].remove(key)
        gone, stack = 0, [key]
        while stack:
            top = stack.pop()
            stack.extend(self.kids.pop(top))
            del self.layer_parent[top], self.layer_sort[top], self.layer_name[top]
            gone += 1
        return gone

    def unmount(self, alert: Alert) -> None:
        """A mounted layer goes whenever its alert stops showing (if still there)."""
        if alert["mount"] is not None and self.has_layer("alert:" + alert["id"]):
            self.remove_layer("alert:" + alert["id"])

    def do_layer_add(self, p: dict[str, Any]) -> dict[str, Any]:
        lid, parent = p["id"], p.get("parent")
        if lid.startswith("alert:"):
            raise Refused(-32602, {"path": "/id", "expected": "?"})
        if self.has_layer(lid):
            raise Refused(-32002, {"kind": "layer", "id": lid})
        if parent is not None and not self.has_layer(parent):
            raise Refused(-32001, {"kind": "layer", "id": parent})
        layer = self.add_layer(lid, parent, p.get("sort", 0))
        self.settle()
        return layer

    def do_layer_remove(self, p: dict[str, Any]) -> dict[str, Any]:
        if not self.has_layer(p["id"]):
            raise Refused(-32001, {"kind": "layer", "id": p["id"]})
        removed = self.remove_layer(p["id"])
        self.settle()
        return {"removed": removed}

    def do_layer_tree(self, p: dict[str, Any]) -> dict[str, Any]:
        def node(lid: str) -> dict[str, Any]:
            children = [node(k) for k in self.kids[lid]]
            return {
                "id": self.layer_name[lid],
                "sort": self.layer_sort[lid],
                "hidden": False,
                "children": children,
            }

        self.settle()
        return {"id": None, "children": [node(k) for k in self.kids[None]]}
