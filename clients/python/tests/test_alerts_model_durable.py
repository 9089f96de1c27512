"""Differential test of what the alert manager keeps and loses: the engine with
``--state FILE`` (a real SQLite file in a temporary directory), restarted (after SIGKILL
or a clean shutdown) on the same file with another ``--epoch-ms``, against
alert_model.AlertModel, whose restore rules come from docs/protocol.md alone (Durable
state, After a restart, Time across restarts, engine.reset with --state). Also
``engine.reset`` (with and without ``--state``), ``--max-alerts`` and the clock switch
(``initialize {clock}``: manual -> system -> manual, refused while a timer is set).

The sequences are test_alerts_model's, with persisted alerts and types, plus restarts
(``("restart", {"kill", "epochMs"})``, not a request: the driver kills or closes the
engine and starts another on the file; the model keeps what the docs call durable),
resets and clock round trips. After each step the answers, the events and the visible
state (``alert.list {}``, ``alert.history`` whole, ``engine.stats``' counts, ``layer.tree``)
must agree, except right after a restart or a reset with ``--state``: the next request is
then the first one, which releases the restored alerts, and a look would be it. Nothing
answered may be lost: the engine is killed after its last answer, or with one request
(``inFlight``) written and not awaited, which must then be found applied whole or not at
all (the model follows both until the engine's answers tell them apart).

``ORDO_MODEL_SEEDS=a-b`` and ``ORDO_MODEL_STEPS=n`` run other seeds and lengths (the
default, 25 seeds of 60 steps for each test, takes some 10 s). Seeds 0-1700 passed,
up to 150 steps, on 6 Dec 2026.
"""

from __future__ import annotations

import copy
import json
import random
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

import ordo
from alert_model import AlertModel, Event
from model_driver import Op, Recorder, engine_call, model_steps, seed_range, shrink
from schema_check import SchemaChecker, SchemaDocument, load_document
from test_alerts_model import Generator, put

MAX = 2**53 - 1
EPOCH_MAX = MAX - 1_767_225_600_000  # rebased by at most that much
EPOCHS = [0, 1_767_225_600_000]  # 1970, and 2026-01-01
DELTAS = [0, 0, 1, 3, 10, 50, 1000, 259_200_000, -5, -100, -259_200_000]  # after the last now


class DurableGenerator(Generator):
    """test_alerts_model's requests, persisted half the time, with restarts, resets and
    clock round trips."""

    def __init__(self, seed: int, limits: bool, model: AlertModel, durable: bool) -> None:
        super().__init__(seed, limits, model)
        self.durable = durable
        self.after_restart = False

    def enqueue(self) -> Op:
        method, p = super().enqueue()
        put(p, "persist", True if self.rng.random() < 0.6 else None)
        return method, p

    def define_type(self) -> Op:
        method, p = super().define_type()
        put(p, "persist", self.rng.choice([True, False, None]))
        return method, p

    def single(self) -> Op:
        method, p = super().single()
        if method == "alert.history" and p.get("sinceWallAt") is not None:  # near the shows
            p["sinceWallAt"] += self.model.epoch + self.rng.choice([-100, -10, 0, 0, 10])
        return method, p

    def reset(self) -> Op:
        return "engine.reset", self.rng.choice([{}, {}, {"state": False}, {"state": True}])

    def next(self) -> Op:
        rng = self.rng
        if self.after_restart:
            self.after_restart = False
            r = rng.random()
            if r < 0.4:  # subscriptions are not durable
                return "events.subscribe", {"topics": ["alert.changed"]}
            if r < 0.6:  # other first requests: reads, and neither reads nor changes
                return rng.choice(
                    [
                        ("alert.list", {}),
                        ("alert.history", {}),
                        ("engine.stats", {}),
                        ("engine.ping", {}),
                        ("clock.now", {}),
                        ("alert.get", {"id": self.some_id()}),
                    ]
                )
        r = rng.random()
        if self.durable and r < 0.08:
            self.after_restart = True
            epoch = self.model.epoch + self.model.now + rng.choice(DELTAS)
            p: dict[str, Any] = {"kill": rng.random() < 0.6, "epochMs": min(epoch, EPOCH_MAX)}
            if p["kill"] and rng.random() < 0.4:  # killed with a request in flight
                p["inFlight"] = self.single()
            return "restart", p
        if r < 0.10:
            self.after_restart = True
            return self.reset()
        if r < 0.11:  # a reset inside a batch ends its commit group
            entries = [self.single(), self.reset(), self.single()]
            return "batch", {"entries": entries[rng.randint(0, 1) : rng.randint(2, 3)]}
        if r < 0.13:  # the clock switch, there and back (refused while a timer is set)
            return "batch", {
                "entries": [
                    ("initialize", {"clock": "system"}),
                    ("initialize", {"clock": "manual"}),
                ]
            }
        if r < 0.16:  # queue settings, read only
            return "alert.configure", {"queue": rng.choice(["default", "q\u00e9", "r"])}
        return super().next()


def generate(
    seed: int, steps: int, limits: bool, durable: bool, max_alerts: int | None
) -> list[Op]:
    model = AlertModel(0, max_alerts, state=durable)
    gen, ops = DurableGenerator(seed, limits, model, durable), []
    model.call("events.subscribe", {"topics": ["alert.changed"]})
    if limits:
        for name, on_limit in (("t1", "defer"), ("t2", "drop")):
            limit = {"max": gen.rng.choice([1, 2]), "windowMs": gen.rng.choice([5, 10, 20])}
            op: Op = (
                "alert.defineType",
                {"type": name, "limit": limit, "onLimit": on_limit, "persist": True},
            )
            model.call(*op)
            ops.append(op)
    for _ in range(steps):
        op = gen.next()
        answer, _ = model_call(model, op)
        if answer is not None:
            gen.learn(answer)
        ops.append(op)
    return ops


def model_call(model: AlertModel, op: Op) -> tuple[Any, list[Event]]:
    if op[0] == "restart":
        if "inFlight" in op[1]:  # here: taken as applied (see candidates)
            model.call(*op[1]["inFlight"])
        if not op[1]["kill"]:  # a clean exit writes back what the restore made
            model.unwritten = None
        model.restart(op[1]["epochMs"])
        return None, []
    return model.call(*op)


def candidates(model: AlertModel, op: Op) -> list[AlertModel]:
    """What the engine may hold after ``op``: a kill with a request in flight leaves it
    applied whole (committed) or not at all ("no request half-applied")."""
    if op[0] != "restart" or "inFlight" not in op[1]:
        model_call(model, op)
        return [model]
    untouched, applied = copy.deepcopy(model), model
    model_call(applied, op)
    model_call(untouched, ("restart", {k: v for k, v in op[1].items() if k != "inFlight"}))
    return [applied, untouched]


class Run:
    """One engine at a time on one state file (or none), restarted as the ops say."""

    def __init__(self, durable: bool, epoch: int, max_alerts: int | None) -> None:
        self.durable = durable
        self.max_alerts = max_alerts
        self.dir = Path(tempfile.mkdtemp(prefix="ordo-durable-"))
        self.recorder = Recorder(SchemaChecker(SchemaDocument(load_document())))
        self.engine = self.start(epoch)

    def start(self, epoch: int) -> ordo.Engine:
        args = ["--epoch-ms", str(epoch)]
        if self.durable:
            args += ["--state", str(self.dir / "state.db")]
        if self.max_alerts is not None:
            args += ["--max-alerts", str(self.max_alerts)]
        return ordo.Engine(clock="manual", args=args, tap=self.recorder, timeout=10)

    def restart(self, kill: bool, epoch: int, in_flight: Op | None = None) -> None:
        if in_flight is not None:
            method, params = in_flight
            if method == "batch":
                message: Any = [
                    {"jsonrpc": "2.0", "id": i, "method": m, "params": p}
                    for i, (m, p) in enumerate(params["entries"])
                ]
            else:
                message = {"jsonrpc": "2.0", "id": 0, "method": method, "params": params}
            self.recorder.checking = False
            self.engine.send_raw(json.dumps(message).encode())
            time.sleep(random.choice([0, 0, 0.0005, 0.002]))
        if kill:
            self.engine.kill()
        self.engine.close()
        self.engine = self.start(epoch)
        self.recorder.events.clear()
        self.recorder.checking = True

    def call(self, op: Op) -> tuple[Any, list[Event]]:
        if op[0] == "restart":
            self.restart(op[1]["kill"], op[1]["epochMs"], op[1].get("inFlight"))
            return None, []
        got = engine_call(self.engine, self.recorder, op)
        for entry in got[0] if isinstance(got[0], list) else [got[0]]:
            result = entry.get("result")
            if isinstance(result, dict) and "serverInfo" in result:  # initialize
                entry["result"] = {"clock": result["clock"]}
            if isinstance(result, dict) and "uptimeMs" in result:  # engine.stats
                entry["result"] = {"layers": result["layers"], "alerts": result["alerts"]}
        return got

    def close(self) -> None:
        self.engine.close()
        shutil.rmtree(self.dir, ignore_errors=True)


def unworded(answer: Any) -> None:
    for entry in answer if isinstance(answer, list) else [answer]:
        if entry is not None and "error" in entry and entry["error"]["code"] == -32602:
            entry["error"]["data"] = None  # the model does not word these


LOOKS: list[Op] = [
    ("alert.list", {}),
    ("alert.history", {"limit": 1_000_000}),
    ("engine.stats", {}),
]


def divergence(ops: list[Op], durable: bool, max_alerts: int | None, epoch: int) -> str | None:
    run = Run(durable, epoch, max_alerts)
    try:
        subscribe: Op = ("events.subscribe", {"topics": ["alert.changed"]})
        model = AlertModel(epoch, max_alerts, state=durable)
        run.call(subscribe)
        model.call(*subscribe)
        models = [model]  # more than one after a kill with a request in flight

        def agree(op: Op, got: Any) -> str | None:
            """Keeps the models that answer ``op`` as the engine did."""
            unworded(got[0])
            wants = []
            for m in models:
                want = m.call(*op)
                unworded(want[0])
                wants.append(want)
            models[:] = [m for m, want in zip(models, wants) if want == got]
            return None if models else f"\n engine {got}\n model  {wants[0]}"

        for step, op in enumerate(ops):
            if op[0] == "restart":
                run.call(op)
                models[:] = [c for m in models for c in candidates(m, op)]
                continue
            found = agree(op, run.call(op))
            if found is not None:
                return f"step {step} {op}:{found}"
            if models[0].frozen:  # the next request is the first one: no look now
                continue
            looks = list(LOOKS)
            if any(m.kids[None] or len(m.kids) > 1 for m in models) or op[0].startswith("layer."):
                looks.append(("layer.tree", {}))
            for look in looks:
                run.recorder.checking = False
                try:
                    seen = run.call(look)
                finally:
                    run.recorder.checking = True
                found = agree(look, seen)
                if found is not None:
                    return f"after step {step} {op}: {look[0]}{found}"
        problems = run.recorder.checker.verdict()
        if problems:
            return "schema: " + "\n".join(problems)
        return None
    finally:
        run.close()


def transcript(ops: list[Op]) -> str:
    lines = []
    for i, (method, params) in enumerate(ops, 1):
        if method == "batch":
            message: Any = [
                {"jsonrpc": "2.0", "id": f"{i}.{j}", "method": m, "params": p}
                for j, (m, p) in enumerate(params["entries"], 1)
            ]
        else:
            message = {"jsonrpc": "2.0", "id": i, "method": method, "params": params}
        lines.append(json.dumps(message, ensure_ascii=False))
    return "\n".join(lines)


def describe(ops: list[Op], durable: bool, max_alerts: int | None, epoch: int) -> str:
    flags = f"--clock manual --epoch-ms {epoch}"
    if durable:
        flags += " --state FILE"
    if max_alerts is not None:
        flags += f" --max-alerts {max_alerts}"
    lines, chunk = [f"ordo {flags}"], list[Op]()
    for op in ops:
        if op[0] == "restart":
            lines.append(transcript(chunk))
            chunk = []
            how = "SIGKILL" if op[1]["kill"] else "shutdown + exit"
            if "inFlight" in op[1]:
                lines.append(transcript([op[1]["inFlight"]]).replace('"id": 1', '"id": 0'))
                how += " at once after that (its answer not awaited)"
            lines.append(f"# {how}; ordo {flags.replace(str(epoch), str(op[1]['epochMs']))}")
        else:
            chunk.append(op)
    lines.append(transcript(chunk))
    return "\n".join(line for line in lines if line)


def check(seed: int, steps: int, limits: bool, durable: bool) -> None:
    rng = random.Random(seed)
    max_alerts = rng.choice([None, None, 2, 3, 5])
    epoch = rng.choice(EPOCHS)
    ops = generate(seed, steps, limits, durable, max_alerts)
    ops = [rebase(op, epoch) for op in ops]
    if divergence(ops, durable, max_alerts, epoch) is None:
        return
    small = shrink(
        ops, lambda candidate: divergence(candidate, durable, max_alerts, epoch) is not None
    )
    found = divergence(small, durable, max_alerts, epoch)
    pytest.fail(
        f"seed {seed}: {found}\n{describe(small, durable, max_alerts, epoch)}", pytrace=False
    )


def rebase(op: Op, epoch: int) -> Op:
    """The generator's restarts count from --epoch-ms 0."""
    if op[0] == "restart":
        return "restart", {**op[1], "epochMs": min(op[1]["epochMs"] + epoch, MAX)}
    if op[0] == "alert.history" and op[1].get("sinceWallAt") is not None:
        return op[0], {**op[1], "sinceWallAt": op[1]["sinceWallAt"] + epoch}
    return op


SEEDS = seed_range("0-24")
STEPS = model_steps(60)


@pytest.mark.parametrize("seed", SEEDS)
def test_durable_state_matches_the_model(seed: int) -> None:
    check(seed + 200_000, STEPS, limits=seed % 2 == 1, durable=True)


@pytest.mark.parametrize("seed", SEEDS)
def test_reset_max_alerts_and_clock_switch_match_the_model(seed: int) -> None:
    check(seed + 300_000, STEPS, limits=seed % 2 == 1, durable=False)
