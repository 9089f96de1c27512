"""Differential test of `--state`: an engine that commits to a state file, and whose commits
fail now and then, answers exactly like an engine that keeps everything in memory.

A seeded random stream of requests, rich in names (dozens of queues, a hundred types, a
few hundred dedupe keys, a hundred scopes, each drawn from a window that slides over its
pool, so that names fall out of use, get swept from the alert manager's name tables, and
come back), and layer requests (the layer tree is not durable, but a failed commit rolls
it back with the rest), runs one request at a time against `ordo --state f.db`. Before about one
request in ten, the engine's RLIMIT_FSIZE is set to one byte on the live process, so that
the request's commit fails (-32005 `disk_full`: memory rolls back to the group's
copy-on-write copy), and is restored after the answer. A request that commits nothing
durable (a read, `nav.*`, a `clock.advance` that changes nothing) still succeeds then.

Then an in-memory engine (no `--state`) runs the same stream minus the requests that got
-32005, and every answer and every event (with `alert.changed` subscribed, every state
change of every alert) must be the same; a failed request wrote no event. At the end both
engines' snapshots must be the same, and the state engine, restarted on its file at the
same wall-clock instant, must bring back what the restore rules of docs/protocol.md say:
the persisted active alerts (showing and suspended ones suspended), the show history, the
queue settings, the id and seq counters, and the types.

ORDO_DIFF_SEED replays one seed; ORDO_DIFF_LENGTH sets the stream's length.
"""

from __future__ import annotations

import os
import random
import resource
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from conftest import EngineFactory
from durable_support import EPOCH_MS, JSON, Engine, Reply

SEED = os.environ.get("ORDO_DIFF_SEED")
STREAM_LENGTH = int(os.environ.get("ORDO_DIFF_LENGTH", "3000"))
FAIL_RATE = 0.1
BATCH_RATE = 0.05
LONG_RATE = 0.1  # of steps: a batch of three alerts in LONG

QUEUES = [f"q{n}" for n in range(40)]
# Queues used now and then: more than a page (256) of queues in all.
COLD_QUEUES = [f"c{n}" for n in range(600)]
# A queue whose ended alerts fill more than a page of its history log.
LONG = "long"
TYPES = [f"t{n}" for n in range(120)]
KEYS = [f"k{n}" for n in range(300)]
SCOPES = [f"s{n}" for n in range(120)]
# The types that get definitions (their names stay in use; the others are swept).
DEFINED = TYPES[::10]
ACTIVE = ("scheduled", "pending", "showing", "suspended")
# Members of an alert that hold engine times (restored ones come back shifted).
TIMES = ("createdAt", "readyAt", "expiresAt", "shownAt", "endedAt")

Params = dict[str, JSON]
Request = tuple[str, JSON]


@dataclass
class Generator:
    """Draws requests; what it knows of the alerts comes from the state engine's answers
    and events (the stream is then replayed as is, so this only steers it to mostly valid
    requests)."""

    rng: random.Random
    length: int
    step: int = 0
    states: dict[str, str] = field(default_factory=dict)
    stack_depth: int = 0

    def pick(self, pool: list[str], width: int) -> str:
        """A name from a window of `width` names that slides twice around the pool over the
        stream: names stop being used and come back much later."""
        base = self.step * 2 * len(pool) // self.length
        return pool[(base + self.rng.randrange(width)) % len(pool)]

    def queue(self) -> str:
        if self.rng.random() < 0.3:
            return self.pick(COLD_QUEUES, 200)
        return self.pick(QUEUES, 8)

    def ids_in(self, *states: str) -> list[str]:
        return [id for id, state in self.states.items() if state in states]

    def some_id(self) -> str:
        roll = self.rng.random()
        active = self.ids_in(*ACTIVE)
        if roll < 0.7 and active:
            return self.rng.choice(active)
        if roll < 0.9 and self.states:
            return self.rng.choice(list(self.states))
        return f"nope-{self.rng.randrange(50)}"  # never enqueued: unknown

    def rule(self, key: bool) -> Params:
        """Frequency-limit members, for defineType or an enqueue's override."""
        rng = self.rng
        params: Params = {}
        if rng.random() < 0.5:
            limit: Params = {"max": rng.choice((0, 1, 2, 3, 5))}
            if rng.random() < 0.7:
                limit["windowMs"] = rng.choice((10, 50, 200))
            if key and rng.random() < 0.5:
                limit["per"] = "key"
            params["limit"] = limit
        if rng.random() < 0.3:
            params["cooldownMs"] = rng.choice((0, 5, 30))
        if rng.random() < 0.4:
            params["onLimit"] = rng.choice(("drop", "defer"))
        return params

    def define(self, type: str) -> Params:
        rng = self.rng
        params: Params = {"type": type, **self.rule(key=False)}
        if rng.random() < 0.5:
            params["priority"] = rng.randrange(-2, 8)
        if rng.random() < 0.2:
            params["scope"] = self.pick(SCOPES, 12)
        if rng.random() < 0.2:
            params["durationMs"] = rng.choice((1, 7, 40))
        if rng.random() < 0.2:
            params["ttlMs"] = rng.choice((0, 5, 60))
        if rng.random() < 0.3:
            params["queue"] = self.queue()
        if rng.random() < 0.6:
            params["persist"] = rng.random() < 0.6
        return params

    def enqueue(self) -> Params:
        rng = self.rng
        type = self.pick(TYPES, 20) if rng.random() < 0.8 else rng.choice(DEFINED)
        params: Params = {"type": type}
        if rng.random() < 0.8:
            params["queue"] = self.queue()
        roll = rng.random()
        if roll < 0.25:
            params["id"] = f"x{self.step}"
        elif roll < 0.3 and self.states:
            params["id"] = rng.choice(list(self.states))  # an active one collides
        elif roll < 0.33:
            params["id"] = f"alert-{rng.randrange(1, 400)}"  # the generated form
        if rng.random() < 0.6:
            params["key"] = self.pick(KEYS, 40)
            params["onDuplicate"] = rng.choice(("replace", "replace", "ignore", "allow", "error"))
        if rng.random() < 0.35:
            params["scope"] = self.pick(SCOPES, 12)
        if rng.random() < 0.5:
            params["priority"] = rng.randrange(-2, 8)
        if rng.random() < 0.3:
            params["data"] = rng.choice(({"n": rng.randrange(5)}, None, "text", [1, 2]))
        if rng.random() < 0.15:
            params["delayMs"] = rng.choice((0, 3, 20, 100))
        elif rng.random() < 0.05:
            params["at"] = rng.randrange(0, 400)
        if rng.random() < 0.15:
            params["ttlMs"] = rng.choice((0, 4, 25, 150))
        if rng.random() < 0.15:
            params["durationMs"] = rng.choice((1, 9, 60))
        if rng.random() < 0.1:
            params["preempt"] = True
        if rng.random() < 0.7:
            params["persist"] = rng.random() < 0.6
        if rng.random() < 0.1:
            params["mount"] = {"parent": "root", "sort": rng.randrange(3)}
        if rng.random() < 0.1:
            params.update(self.rule(key="key" in params))
        return params

    def cancel(self) -> Params:
        rng = self.rng
        roll = rng.random()
        params: Params
        if roll < 0.35:
            params = {"id": self.some_id()}
        elif roll < 0.45:
            params = {"ids": [self.some_id() for _ in range(rng.randrange(0, 4))]}
        elif roll < 0.55:
            params = {"type": self.pick(TYPES, 20)}
        elif roll < 0.67:
            params = {"key": self.pick(KEYS, 40)}
        elif roll < 0.77:
            params = {"scope": self.pick(SCOPES, 12)}
        elif roll < 0.87:
            params = {"queue": self.queue()}
        elif roll < 0.97:
            params = {"states": rng.sample(ACTIVE, rng.randrange(1, 3))}
        else:
            params = {"all": True}
        if rng.random() < 0.15 and "states" not in params and "all" not in params:
            params["states"] = rng.sample(ACTIVE, rng.randrange(1, 3))
        return params

    def next(self) -> Request:
        rng = self.rng
        self.step += 1
        roll = rng.random()
        if roll < 0.44:
            return "alert.enqueue", self.enqueue()
        if roll < 0.53:
            closable = self.ids_in("showing", "suspended")
            id = rng.choice(closable) if closable and rng.random() < 0.85 else self.some_id()
            params: Params = {"id": id}
            if rng.random() < 0.3:
                params["result"] = {"ok": rng.random() < 0.5}
            return "alert.complete", params
        if roll < 0.585:
            return "alert.cancel", self.cancel()
        if roll < 0.60:
            return "nav.push", {"scope": self.pick(SCOPES, 12)}
        if roll < 0.63:
            return "nav.pop", {}
        if roll < 0.645:
            depth = rng.randrange(0, 4)
            return "nav.set", {"stack": [self.pick(SCOPES, 12) for _ in range(depth)]}
        if roll < 0.73:
            return "clock.advance", {"ms": rng.choice((0, 1, 2, 5, 10, 30, 120))}
        if roll < 0.76:
            params = {"queue": self.queue()}
            for member, values in (
                ("maxConcurrent", (1, 1, 2, 3, 5, 50)),
                ("minGapMs", (0, 0, 4, 15)),
                ("historyLimit", (0, 3, 20, 1000)),
            ):
                if rng.random() < 0.5:
                    params[member] = rng.choice(values)
            return "alert.configure", params
        if roll < 0.78:
            method = rng.choice(("alert.pause", "alert.resume"))
            return method, {"queue": self.queue(), "reason": rng.choice(("a", "b"))}
        if roll < 0.80:
            return "alert.defineType", self.define(rng.choice(DEFINED))
        if roll < 0.815:
            forget: Params = rng.choice(
                ({"type": self.pick(TYPES, 20)}, {"key": self.pick(KEYS, 40)}, {"key": "x"})
            )
            if rng.random() < 0.1:
                forget = {"all": True}
            return "alert.forget", forget
        if roll < 0.82:
            # Clearing every queue empties LONG's log too: only in the stream's first half.
            every = rng.random() < 0.1 and self.step < self.length // 2
            return "alert.clear", {} if every else {"queue": self.queue()}
        if roll < 0.85:
            return "alert.get", {"id": self.some_id()}
        if roll < 0.88:
            filters = rng.choice(
                (
                    {},
                    {"queue": self.queue()},
                    {"type": self.pick(TYPES, 20)},
                    {"scope": self.pick(SCOPES, 12)},
                    {"states": ["showing", "suspended"]},
                )
            )
            return "alert.list", filters
        if roll < 0.90:
            history = rng.choice(({}, {"type": self.pick(TYPES, 20)}, {"key": self.pick(KEYS, 40)}))
            return "alert.history", {**history, "limit": rng.choice((5, 100))}
        if roll < 0.91:
            return "engine.stats", None
        if roll < 0.92:
            return "nav.get", None
        if roll < 0.96:
            return self.layer()
        # One-shot names: many types, keys and scopes used once, so that the name tables
        # fill with unused names and sweep them; the alerts without a TTL wait on a page never
        # shown (until a cancel or clear), giving their queues many scoped heaps.
        once: Params = {
            "type": f"once{self.step}",
            "key": f"once{self.step}",
            "scope": f"once{self.step}",
            "queue": self.queue(),
            "persist": rng.random() < 0.5,
        }
        if rng.random() < 0.5:
            once["ttlMs"] = 0
        return "alert.enqueue", once

    def layer(self) -> Request:
        """A layer request: the layer tree is not durable, but a failed commit rolls it back
        with the rest (its copy is the whole tree), and mounted alerts' layers live in it."""
        rng = self.rng
        id = f"L{rng.randrange(40)}"
        roll = rng.random()
        if roll < 0.4:
            params: Params = {"id": id, "sort": rng.randrange(-3, 4)}
            if rng.random() < 0.6:
                params["parent"] = rng.choice(("root", f"L{rng.randrange(40)}"))
            if rng.random() < 0.3:
                params["frame"] = {"x": 0, "y": 0, "width": rng.randrange(1, 50), "height": 10}
            return "layer.add", params
        if roll < 0.55:
            return "layer.remove", {"id": id}
        if roll < 0.7:
            return "layer.move", {"id": id, "parent": rng.choice(("root", f"L{rng.randrange(40)}"))}
        if roll < 0.82:
            return "layer.update", {
                "id": id,
                "sort": rng.randrange(-3, 4),
                "hidden": rng.random() < 0.3,
            }
        if roll < 0.9:
            return rng.choice(("layer.bringToFront", "layer.sendToBack")), {"id": id}
        if roll < 0.95:
            return "layer.hitTest", {"x": rng.randrange(0, 50), "y": 5}
        return "layer.clear", {"id": id}

    def long(self) -> Request:
        """An alert in LONG, which keeps 1 000 ended alerts: it ends at once or soon, so that
        the queue's log of them runs over pages (256 each), copied with the groups that end
        one and rolled back with those that fail."""
        return "alert.enqueue", {"type": "zz-long", "queue": LONG, "ttlMs": self.rng.choice((0, 3))}

    def learn(self, calls: list[Request], reply: Reply) -> None:
        """Follows the alerts' states through the answers and their events."""
        for event in reply.events:
            if event["method"] == "alert.changed":
                self.states[event["params"]["id"]] = event["params"]["state"]
        for (method, _), message in zip(calls, answers(reply)):
            if "error" in message:
                continue
            result = message["result"]
            if method == "alert.enqueue" and result["alert"] is not None:
                self.states[result["alert"]["id"]] = result["alert"]["state"]
            elif method == "alert.complete":
                self.states[result["id"]] = result["state"]


def answers(reply: Reply) -> list[dict[str, JSON]]:
    """The responses of a request, or of a batch (kept as {"batch": [...]})."""
    batch: list[dict[str, JSON]] | None = reply.message.get("batch")
    return [reply.message] if batch is None else batch


def normalized(method: str, message: dict[str, JSON]) -> dict[str, JSON]:
    """The answer without what legitimately differs between the two engines."""
    # The JSON-RPC id: each engine's requests are numbered by its own client, and the
    # reference skips the failed requests.
    out = {name: value for name, value in message.items() if name != "id"}
    if method == "engine.stats" and "result" in out:
        stats = dict(out["result"])
        # `state` is {path, bytes, commits} with --state and null without (by definition);
        # `requests` counts every message handled, the failed ones included (they were
        # handled, then answered -32005), which the reference never got; `uptimeMs` is
        # real time since each process started.
        for member in ("state", "requests", "uptimeMs"):
            stats.pop(member, None)
        out["result"] = stats
    return out


@dataclass
class Step:
    """One request, or a batch of them (one message, so one commit group)."""

    calls: list[Request]
    batch: bool
    reply: Reply
    failed: bool

    def send(self, live: Engine) -> Reply:
        if not self.batch:
            method, params = self.calls[0]
            return live.call(method, params)
        events, responses = live.batch(self.calls)
        return Reply({"batch": responses}, events)

    def normalized(self, reply: Reply) -> list[dict[str, JSON]]:
        assert len(answers(reply)) == len(self.calls), reply.message
        return [
            normalized(method, message) for (method, _), message in zip(self.calls, answers(reply))
        ]


SETUP: list[Request] = [
    ("events.subscribe", {"topics": ["alert.changed"]}),
    ("layer.add", {"id": "root"}),
    ("alert.configure", {"queue": LONG, "historyLimit": 1000}),
]


def run_with_failures(live: Engine, rng: random.Random, length: int) -> list[Step]:
    """The random stream against the state engine, a commit failing now and then."""
    generator = Generator(rng, length)
    steps: list[Step] = []
    for request in SETUP:
        step = Step([request], batch=False, reply=Reply({}), failed=False)
        step.reply = step.send(live)
        steps.append(step)
    count = 0
    while count < length:
        # Mostly one request per commit group; now and then a batch of a few, so that a
        # group writes again to the pages its first request copied.
        size = rng.randrange(2, 5) if rng.random() < BATCH_RATE else 1
        calls = [generator.next() for _ in range(size)]
        if rng.random() < LONG_RATE:
            size = 3
            calls = [generator.long() for _ in range(size)]
        step = Step(calls, size > 1, Reply({}), False)
        count += size
        full = rng.random() < FAIL_RATE
        if full:
            resource.prlimit(live.pid, resource.RLIMIT_FSIZE, (1, resource.RLIM_INFINITY))
        step.reply = step.send(live)
        if full:
            resource.prlimit(
                live.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY)
            )
        codes = [message.get("error", {}).get("code") for message in answers(step.reply)]
        step.failed = -32005 in codes
        if step.failed:
            what = f"{step.calls}: {step.reply.message}"
            assert full, f"-32005 without a file size limit: {what}"
            # Every request of the group gets -32005, with none of their events.
            assert codes == [-32005] * size, what
            reasons = [message["error"]["data"]["reason"] for message in answers(step.reply)]
            assert reasons == ["disk_full"] * size, what
            assert step.reply.events == [], f"events of a failed commit: {what}"
        generator.learn(step.calls, step.reply)
        steps.append(step)
    # A page no alert belongs to: the scoped alerts showing are suspended for the restart.
    away = Step([("nav.push", {"scope": "zz-away"})], batch=False, reply=Reply({}), failed=False)
    away.reply = away.send(live)
    steps.append(away)
    return steps


def snapshot(live: Engine) -> dict[str, JSON]:
    """Everything the protocol lets a client read of the alerts and the page."""
    picture: dict[str, JSON] = {
        "list": live.result("alert.list", {}),
        "history": live.result("alert.history", {"limit": 1_000_000}),
        "nav": live.result("nav.get"),
        "now": live.result("clock.now"),
        "layers": live.result("layer.tree", {}),
        "paint": live.result("layer.paintOrder", {}),
        "stats": normalized("engine.stats", live.call("engine.stats").message),
    }
    for queue in ["default", LONG, *QUEUES, *COLD_QUEUES]:
        picture[f"queue {queue}"] = live.result("alert.configure", {"queue": queue})
        # Releasing a reason that holds no queue changes nothing and answers its reasons.
        picture[f"pause {queue}"] = live.result(
            "alert.resume", {"queue": queue, "reason": "never-held"}
        )
    return picture


def shifted(alert: dict[str, JSON], by: int) -> dict[str, JSON]:
    out = dict(alert)
    for member in TIMES:
        if out[member] is not None:
            out[member] += by
    return out


def check_restart(
    again: Engine, reference: Engine, final: dict[str, JSON], now: int, seed: int
) -> None:
    """The state engine restarted on its file at the same wall-clock instant (its engine
    time 0 is the reference's `now`) against what the reference holds."""
    # The first request releases the restored alerts; subscribing applies nothing, and
    # the alert.changed events of what they then do (resume, show, be limited) come before
    # its answer, with each alert's state as restored in `previous`.
    released = again.call("events.subscribe", {"topics": ["alert.changed"]})
    assert released.result == {"topics": ["alert.changed"]}
    restored_state: dict[str, str] = {}
    for event in released.events:
        if event["method"] == "alert.changed":
            restored_state.setdefault(event["params"]["id"], event["params"]["previous"])
        if event["method"] == "alert.show":
            # Nothing restored was showing: every show resumes or is a first show.
            assert event["params"]["at"] == 0, event

    # Persisted alerts that had not ended come back, with their ids, seq, data and times;
    # showing and suspended ones come back suspended; scheduled and pending ones as they were
    # (none fell due in between: no time passed).
    expected = {
        alert["id"]: alert
        for alert in final["list"]["alerts"]
        if alert["persist"] and alert["state"] in ACTIVE
    }
    listed = again.result("alert.list", {})["alerts"]
    got = {alert["id"]: alert for alert in listed if alert["id"] in expected}
    assert sorted(got) == sorted(expected), f"seed {seed}: restored ids differ"
    # Nothing else: ended alerts are not durable (nor is the layer, or the page).
    assert {alert["id"] for alert in listed} == set(expected), f"seed {seed}: extra alerts"
    # What the release may change (a resume, a first show, a limit at its turn).
    moving = ("state", "readyAt", "shownAt", "shownCount", "endedAt", "endReason")
    for id, before in expected.items():
        after = shifted(got[id], now)
        state = restored_state.get(id, after["state"])
        want = "suspended" if before["state"] in ("showing", "suspended") else before["state"]
        assert state == want, f"seed {seed}: {id} restored {state}, was {before['state']}"
        stable = [member for member in before if member not in moving]
        assert {m: after[m] for m in stable} == {m: before[m] for m in stable}, id
        if id not in restored_state:
            # Untouched since the restore: its readyAt and last show are the ones it had (a
            # restored alert is the same alert; its shows go on counting).
            kept = moving[1:]
            assert {m: after[m] for m in kept} == {m: before[m] for m in kept}, id

    # The show history comes back whole (wall-clock times, engine times shifted), under the
    # first shows the released alerts just made.
    fresh = [
        event["params"]["alert"]["id"]
        for event in released.events
        if event["method"] == "alert.show" and not event["params"]["resumed"]
    ]
    shows = again.result("alert.history", {"limit": 1_000_000})["shows"]
    assert [show["id"] for show in shows[: len(fresh)]] == list(reversed(fresh))
    old = [{**show, "at": show["at"] + now} for show in shows[len(fresh) :]]
    assert old == final["history"]["shows"], f"seed {seed}: the show history differs"

    # Queue settings are durable (pauses are not).
    for queue in ["default", LONG, *QUEUES, *COLD_QUEUES]:
        got_settings = again.result("alert.configure", {"queue": queue})
        assert got_settings == final[f"queue {queue}"], queue

    # The counters: the next generated id and seq are the same.
    probe: Params = {"type": "zz-probe", "queue": "zz-probe"}
    mine = again.result("alert.enqueue", probe)["alert"]
    theirs = reference.result("alert.enqueue", probe)["alert"]
    assert (mine["id"], mine["seq"]) == (theirs["id"], theirs["seq"]), (mine, theirs)

    # The types: with the show history forgotten on both sides, an alert of each defined
    # type, in a paused queue, gets the same defaults and the same limit decision.
    for live in (again, reference):
        live.result("alert.forget", {"all": True})
        live.result("alert.pause", {"queue": "zz-types"})
    for type in DEFINED:
        # A key of its own (a per-key limit needs one; a shared one would dedupe).
        params: Params = {"type": type, "queue": "zz-types", "key": f"zk-{type}"}
        mine_reply = again.call("alert.enqueue", params)
        theirs_reply = reference.call("alert.enqueue", params)
        mine_message = normalized("alert.enqueue", mine_reply.message)
        theirs_message = normalized("alert.enqueue", theirs_reply.message)
        if "result" in mine_message and mine_message["result"]["alert"] is not None:
            mine_message["result"]["alert"] = shifted(mine_message["result"]["alert"], now)
        assert mine_message == theirs_message, f"seed {seed}: type {type} differs"


def seeds() -> list[int]:
    if SEED is not None:
        return [int(SEED)]
    return [1, 2, 3, 4]


@pytest.mark.parametrize("seed", seeds())
def test_a_state_engine_whose_commits_fail_answers_like_one_in_memory(
    tmp_path: Path, engine: EngineFactory, seed: int
) -> None:
    rng = random.Random(seed)
    state = tmp_path / "f.db"
    durable = engine(state, "--sync", "normal", epoch_ms=EPOCH_MS)
    steps = run_with_failures(durable, rng, STREAM_LENGTH)
    failed = sum(len(step.calls) for step in steps if step.failed)
    assert failed >= STREAM_LENGTH * FAIL_RATE / 3, f"only {failed} commits failed"
    if STREAM_LENGTH >= 3000:
        # What the stream is for: more than a page of queues (256), and a history log of
        # more than a page in LONG.
        queues = {
            params["queue"]
            for step in steps
            for _, params in step.calls
            if isinstance(params, dict) and "queue" in params
        }
        assert len(queues) > 256, f"only {len(queues)} queues"
        history = durable.result(
            "alert.list", {"queue": LONG, "states": ["done", "cancelled", "expired"]}
        )
        assert len(history["alerts"]) > 256, f"{len(history['alerts'])} ended in {LONG}"

    reference = engine(None, epoch_ms=EPOCH_MS)
    kept = [step for step in steps if not step.failed]
    for index, step in enumerate(kept):
        reply = step.send(reference)
        where = f"seed {seed}, step {index} {step.calls}"
        assert step.normalized(reply) == step.normalized(step.reply), f"{where}: answers differ"
        assert reply.events == step.reply.events, f"{where}: the events differ"

    final = snapshot(reference)
    assert snapshot(durable) == final, f"seed {seed}: the snapshots differ"
    now = final["now"]["now"]
    assert durable.close() == 0

    again = engine(state, "--sync", "normal", epoch_ms=EPOCH_MS + now)
    check_restart(again, reference, final, now, seed)
