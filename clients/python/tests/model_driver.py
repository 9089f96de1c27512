"""What the differential tests of the reference models (test_alerts_model.py,
test_alerts_model_durable.py, test_layers_model.py) share: a tap that records the events
and checks every message against the schema, and one request or batch sent to the real
engine, answered as the models answer (``{"result": …}`` or ``{"error": {code, data}}``)."""

from __future__ import annotations

import contextlib
import os
import random
from collections.abc import Callable
from typing import Any, Protocol

import ordo
from schema_check import SchemaChecker

#: A request: its method and params (``("batch", {"entries": [...]})`` for a batch).
Op = tuple[str, dict[str, Any]]
#: A notification: its method and params.
Event = tuple[str, dict[str, Any]]


class Recorder:
    """An engine tap: schema checks, and the events received, in order."""

    def __init__(self, checker: SchemaChecker) -> None:
        self.checker = checker
        self.checking = True  # off for the state comparisons: their shapes are seen anyway
        self.events: list[Event] = []

    def __call__(self, direction: str, message: Any) -> None:
        if self.checking:
            self.checker(direction, message)
        if direction == "recv" and isinstance(message, dict) and "id" not in message:
            self.events.append((message["method"], message.get("params", {})))


def answer_of(pending: ordo.Pending[Any]) -> dict[str, Any]:
    error = pending.exception()
    if isinstance(error, ordo.OrdoError):
        return {"error": {"code": error.code, "data": error.data}}
    assert error is None, error
    return {"result": pending.result()}


def engine_call(engine: ordo.Engine, recorder: Recorder, op: Op) -> tuple[Any, list[Event]]:
    """One request, or one JSON-RPC batch for ``("batch", {"entries": [...]})``: its answer
    and the events it caused."""
    method, params = op
    recorder.events.clear()
    entries = params["entries"] if method == "batch" else [op]
    with engine.batch() if method == "batch" else contextlib.nullcontext() as batch:
        if batch is None:
            try:
                answer: Any = {"result": engine.call(method, params)}
            except ordo.OrdoError as error:
                answer = {"error": {"code": error.code, "data": error.data}}
        else:
            pendings = [batch.call(m, p) for m, p in entries]
    if batch is not None:
        answer = [answer_of(pending) for pending in pendings]
    events, recorder.events = recorder.events, []
    engine.drain_events()  # the client's own buffer: unused here
    return answer, events


def seed_range(default: str) -> range:
    """The seeds to play: ``ORDO_MODEL_SEEDS`` (``a-b`` or ``a``), else ``default``."""
    spec = os.environ.get("ORDO_MODEL_SEEDS", default)
    low, _, high = spec.partition("-")
    return range(int(low), int(high or low) + 1)


def model_steps(default: int) -> int:
    """The requests per seed: ``ORDO_MODEL_STEPS``, else ``default``."""
    return int(os.environ.get("ORDO_MODEL_STEPS", str(default)))


def single_or_batch(rng: random.Random, single: Callable[[], Op], chance: float) -> Op:
    """One request from ``single``, or now and then (``chance``) a batch of 2 to 4."""
    if rng.random() < chance:
        return "batch", {"entries": [single() for _ in range(rng.randint(2, 4))]}
    return single()


def map_strings(value: Any, spell: Callable[[str], str]) -> Any:
    """``value`` with ``spell`` applied to every string in it (in lists and object values,
    in order), for the generators' respellings."""
    if isinstance(value, str):
        return spell(value)
    if isinstance(value, list):
        return [map_strings(v, spell) for v in value]
    if isinstance(value, dict):
        return {k: map_strings(v, spell) for k, v in value.items()}
    return value


def shrink(ops: list[Op], diverges: Callable[[list[Op]], bool]) -> list[Op]:
    """Greedy deletion of single requests, from the last, while the sequence still
    ``diverges``: the short repro a failure prints."""
    i = len(ops) - 1
    while i >= 0:
        candidate = ops[:i] + ops[i + 1 :]
        if diverges(candidate):
            ops = candidate
        i -= 1
    return ops


class RequestSource(Protocol):
    """A generator of random requests that learns from the model's answers (the ids it made
    feed later requests)."""

    def next(self) -> Op: ...

    def learn(self, answer: Any) -> None: ...


def grow(
    ops: list[Op], steps: int, generator: RequestSource, call: Callable[..., tuple[Any, Any]]
) -> list[Op]:
    """``ops`` and ``steps`` more requests, each answered by the model's ``call`` first."""
    for _ in range(steps):
        op = generator.next()
        answer, _ = call(*op)
        generator.learn(answer)
        ops.append(op)
    return ops
