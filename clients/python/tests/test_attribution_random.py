"""Randomized differential test of answer attribution against the real engine.

Seeded runs of calls, notifications, batches and raw texts, many of them refused whole
(too large, a NUL in a key, a batch over ``--max-batch``: the engine answers those with
``id: null`` when it cannot read an id), written without waiting for their answers through
:class:`AsyncEngine`. Each outcome is predicted from the engine's documented rules
(docs/protocol.md, "Limits on input", "JSON-RPC 2.0", "Errors"), not from the client's
code: every call settles with its own predicted result or error, each refused notification
is logged once (logger ``ordo``), the answers to ``send_raw`` are strays, and the layers
are those the accepted messages added. Even seeds write more than ``MAX_NOTES``
notifications (``engine.ping``) after refused ones, so those are dropped from the
client's order and their refusals go through its summary of dropped messages.

Seeds 1, 4, 7, … use LSP framing, the others NDJSON. ``ORDO_RANDOM_SEEDS=N`` runs seeds
0..N-1 instead of the default ones; ``ORDO_RANDOM_STEPS=N`` sets the steps per seed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Any, Literal, Union

import pytest

import ordo
from ordo import AsyncEngine
from ordo.endpoint import MAX_NOTES

LIMIT = 1000  # --max-message-bytes
MAX_BATCH = 3  # --max-batch
ARGS = ["--max-message-bytes", str(LIMIT), "--max-batch", str(MAX_BATCH)]
STEPS = int(os.environ.get("ORDO_RANDOM_STEPS", "5000"))
SEEDS = (
    list(range(int(os.environ["ORDO_RANDOM_SEEDS"])))
    if os.environ.get("ORDO_RANDOM_SEEDS")
    else [0, 1, 2, 3, 4, 5]
)
#: Makes any message it is in larger than LIMIT; the small ones stay under 400 bytes.
PAD = "x" * (2 * LIMIT)
#: A key holding U+0000: the engine's parser cannot hold it (-32600 nul_in_key).
NUL_DATA = {"k\u0000": 1}


@dataclass(frozen=True)
class Ok:
    """A call's result: the layer it added; a notification entry's: None."""

    layer: str | None


@dataclass(frozen=True)
class Fails:
    """An error of this class, with this ``reason`` (-32600) or ``name`` (-32004)."""

    error: type[ordo.OrdoError]
    what: str


@dataclass(frozen=True)
class RawAnswer:
    """raw(): an answer with this id (None: ``id: null``) and code (None: a result that
    is the layer ``layer``)."""

    id: str | None
    code: int | None
    layer: str | None = None


Expected = Union[Ok, Fails, RawAnswer, None]  # None: raw() of a notification taken

TOO_LARGE = Fails(ordo.InvalidRequest, "too_large")
NUL_IN_KEY = Fails(ordo.InvalidRequest, "nul_in_key")
MAX_BATCH_EXCEEDED = Fails(ordo.LimitExceeded, "maxBatch")


def refusal(variants: list[str], batch: bool) -> Fails | None:
    """How the engine refuses a message whole, from what its entries hold (``variants``:
    "ok", "big", "nul"); None: it reads it. Too large first (refused before anything
    parses it), then a NUL in a key (the text is read whole before its entries are
    counted), then the entry count."""
    if "big" in variants:
        return TOO_LARGE
    if "nul" in variants:
        return NUL_IN_KEY
    if batch and len(variants) > MAX_BATCH:
        return MAX_BATCH_EXCEEDED
    return None


@dataclass
class Run:
    """What one seed wrote and what the engine's rules predict for it."""

    rng: random.Random
    engine: AsyncEngine
    serial: int = 0
    checks: list[tuple[str, Awaitable[Any] | Any, Expected]] = field(default_factory=list)
    layers: set[str] = field(default_factory=set)
    refused_notes: int = 0  # refusals to be logged
    refused_lost: int = 0  # of them, of notifications dropped from the client's order
    strays: int = 0  # answers to send_raw
    floods: int = 0

    def fresh(self, prefix: str) -> str:
        self.serial += 1
        return f"{prefix}{self.serial}"

    def variant(self, weights: tuple[int, int, int] = (6, 2, 2)) -> str:
        return self.rng.choices(["ok", "big", "nul"], weights)[0]

    @staticmethod
    def params(layer: str, variant: str) -> dict[str, Any]:
        params: dict[str, Any] = {"id": layer}
        if variant == "big":
            params["data"] = PAD
        elif variant == "nul":
            params["data"] = NUL_DATA
        return params

    # ------------------------------------------------------------------ steps

    def call(self) -> None:
        layer, variant = self.fresh("c"), self.variant()
        params = self.params(layer, variant)
        future = self.engine.layers.add(layer, data=params.get("data", ordo.UNSET))
        expected = refusal([variant], batch=False) or Ok(layer)
        self.checks.append((f"call {layer} ({variant})", future, expected))
        if isinstance(expected, Ok):
            self.layers.add(layer)

    async def notify(self, variant: str | None = None) -> None:
        layer = self.fresh("n")
        variant = variant or self.variant()
        await self.engine.notify("layer.add", self.params(layer, variant))
        if refusal([variant], batch=False) is None:
            self.layers.add(layer)
        else:
            self.refused_notes += 1

    async def batch(self) -> None:
        entries = [
            (self.rng.random() < 0.5, self.fresh("b"), self.variant((16, 1, 2)))
            for _ in range(self.rng.randint(1, MAX_BATCH + 2))
        ]
        refused = refusal([variant for _, _, variant in entries], batch=True)
        calls = any(notification is False for notification, _, _ in entries)
        if refused is not None and not calls:
            self.refused_notes += 1
        batch = self.engine.batch()
        pendings = []
        for notification, layer, variant in entries:
            params = self.params(layer, variant)
            if notification:
                pendings.append(batch.notify("layer.add", params))
            else:
                pendings.append(batch.call("layer.add", params))
            if refused is None:
                self.layers.add(layer)

        async def send() -> None:
            async with batch:
                pass

        # Written in the task's first step; its answers are awaited there.
        task = asyncio.ensure_future(send())
        await asyncio.sleep(0)
        self.checks.append((f"batch {[e[1] for e in entries]}", task, None))
        for (notification, layer, variant), pending in zip(entries, pendings):
            expected: Expected
            if refused is not None and (calls or not notification):
                expected = refused  # refused whole: its notifications fail too
            elif notification:
                expected = Ok(None)  # written, or answered with its batch
            else:
                expected = Ok(layer) if refused is None else refused
            self.checks.append((f"batch entry {layer} ({variant})", pending, expected))

    async def raw(self, kind: str | None = None) -> None:
        kind = kind or self.rng.choice(
            ["request", "big request", "unparsable", "note", "big note", "nul note", "notes"]
        )
        layer = self.fresh("r")
        message: Any = {"jsonrpc": "2.0", "method": "layer.add", "params": {"id": layer}}
        expected: Expected
        if kind == "request":
            message["id"] = layer
            expected = RawAnswer(layer, None, layer)
            self.layers.add(layer)
        elif kind == "big request":
            message["id"] = layer
            message["params"]["data"] = PAD
            expected = RawAnswer(layer, -32600)  # the id read as the bytes are skipped
        elif kind == "unparsable":
            message = '{"jsonrpc": "2.0", "method": "layer.add", oops'
            expected = RawAnswer(None, -32700)
        elif kind == "note":
            expected = None
            self.layers.add(layer)
        elif kind == "big note":
            message["params"]["data"] = PAD
            expected = RawAnswer(None, -32600)
        elif kind == "nul note":
            message["params"]["data"] = NUL_DATA
            expected = RawAnswer(None, -32600)
        else:  # a batch of notifications over --max-batch
            message = [message] * (MAX_BATCH + 1)
            expected = RawAnswer(None, -32004)
        body = (message if isinstance(message, str) else json.dumps(message)).encode()
        task = asyncio.ensure_future(self.engine.raw(body))
        await asyncio.sleep(0)  # written in the task's first step, before what follows
        self.checks.append((f"raw {kind} {layer}", task, expected))

    async def send_raw(self) -> None:
        layer = self.fresh("s")
        variant = self.rng.choice(["ok", "big", "nul"])
        message = {"jsonrpc": "2.0", "method": "layer.add", "params": self.params(layer, variant)}
        await self.engine.send_raw(json.dumps(message).encode())
        if variant == "ok":
            self.layers.add(layer)
        else:
            self.strays += 1

    async def flood(self) -> None:
        """Refused notifications, then more than MAX_NOTES small ones the engine takes (no
        answer), written in one turn of the loop: the refused ones are dropped from the
        client's order before their refusals are read."""
        self.floods += 1
        assert (await self.engine.ping()).pong  # everything before is answered: the head
        refused = self.rng.randint(1, 3)
        for _ in range(refused):
            if self.rng.random() < 0.3:
                layers = [self.fresh("f") for _ in range(MAX_BATCH + 1)]
                async with self.engine.batch() as batch:
                    for layer in layers:
                        batch.notify("layer.add", {"id": layer})
                self.refused_notes += 1
            else:
                await self.notify(self.rng.choice(["big", "nul"]))
        self.refused_lost += refused
        # A raw() waiting: never dropped, kept whole. Its task is let in (written) here; the
        # loop reads nothing more before the flood is recorded (a few KB since the ping's
        # answer: the pipe is not paused, so no notify() below waits for it to drain).
        if self.rng.random() < 0.5:
            await self.raw(self.rng.choice(["note", "big note"]))
        for _ in range(MAX_NOTES + refused + self.rng.randint(0, 50)):
            await self.engine.notify("engine.ping")
        self.call()

    async def step(self) -> None:
        roll = self.rng.random()
        if roll < 0.4:
            self.call()
        elif roll < 0.7:
            await self.notify()
        elif roll < 0.85:
            await self.batch()
        elif roll < 0.95:
            await self.raw()
        else:
            await self.send_raw()
        if self.rng.random() < 0.05:
            await asyncio.sleep(0)  # let the reader in now and then


def check(what: str, outcome: Any, expected: Expected) -> None:
    if isinstance(expected, Fails):
        assert isinstance(outcome, expected.error), f"{what}: {outcome!r}, not {expected}"
        got = getattr(outcome, "name" if expected.error is ordo.LimitExceeded else "reason")
        assert got == expected.what, f"{what}: {outcome!r}, not {expected}"
        return
    assert not isinstance(outcome, BaseException), f"{what}: {outcome!r}, not {expected}"
    if isinstance(expected, Ok):
        layer = getattr(outcome, "id", None) or (outcome or {}).get("id")
        assert layer == expected.layer, f"{what}: {outcome!r}, not {expected}"
    elif isinstance(expected, RawAnswer):
        assert isinstance(outcome, dict), f"{what}: {outcome!r}, not {expected}"
        assert outcome.get("id") == expected.id, f"{what}: {outcome!r}, not {expected}"
        if expected.code is None:
            assert outcome["result"]["id"] == expected.layer, f"{what}: {outcome!r}"
        else:
            assert outcome["error"]["code"] == expected.code, f"{what}: {outcome!r}"
    else:
        assert outcome is None, f"{what}: {outcome!r}, not the None of a notification"


async def run_seed(seed: int) -> Run:
    rng = random.Random(seed)
    framing: Literal["ndjson", "lsp"] = "lsp" if seed % 3 == 1 else "ndjson"
    async with AsyncEngine(clock="manual", framing=framing, args=ARGS, timeout=20) as engine:
        run = Run(rng, engine)
        # Even seeds: one or two floods, at random places.
        floods = rng.sample(range(STEPS), rng.randint(1, 2)) if seed % 2 == 0 else []
        for index in range(STEPS):
            if index in floods:
                await run.flood()
            await run.step()
        final = engine.layers.paint_order()  # written after everything: settles raw() of notes
        outcomes = []  # every outcome first: a failed check leaves no exception unretrieved
        for what, awaitable, _ in run.checks:
            if isinstance(awaitable, ordo.Pending):
                outcomes.append(awaitable.exception() or awaitable.result())
                continue
            try:
                outcomes.append(await asyncio.wait_for(asyncio.shield(awaitable), 30))
            except asyncio.TimeoutError:
                pytest.fail(f"seed {seed}: {what} never settled")
            except Exception as error:  # compared with the prediction
                outcomes.append(error)
        for (what, _, expected), outcome in zip(run.checks, outcomes):
            check(f"seed {seed}: {what}", outcome, expected)
        assert set(await final) == run.layers, f"seed {seed}: layers"
        # send_raw's refused notifications: their refusals are strays, and nothing else is.
        strays = [await engine.next_stray(timeout=5) for _ in range(run.strays)]
        assert all(s["id"] is None and s["error"]["code"] == -32600 for s in strays), strays
        assert not engine._strays, f"seed {seed}: unexpected strays {engine._strays}"
        assert engine._endpoint.pending_count == 0
        return run


@pytest.mark.parametrize("seed", SEEDS)
def test_random_messages_each_get_the_predicted_outcome(
    seed: int, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="ordo"):
        run = asyncio.run(asyncio.wait_for(run_seed(seed), 120))
    # The client's own warnings (the engine's stderr, on ordo.engine, says what it skipped;
    # asyncio's debug mode, python -X dev, logs slow steps on its own logger).
    messages = [r.getMessage() for r in caplog.records if r.name == "ordo"]
    refused = [m for m in messages if m.startswith("ordo refused a ")]
    others = [m for m in messages if not m.startswith("ordo refused a ")]
    assert not others, f"seed {seed}: {others[:5]}"
    assert len(refused) == run.refused_notes, f"seed {seed}: {len(refused)} refusals logged"
    lost = [m for m in refused if m.startswith("ordo refused a message no longer tracked")]
    assert len(lost) == run.refused_lost, f"seed {seed}: {len(lost)} of dropped messages"
    if seed % 2 == 0:  # these seeds exercise the summary of dropped messages
        assert run.floods > 0 and run.refused_lost > 0
