"""The commit promise under `kill -9`.

A client pipelines a few thousand alert.enqueue / complete / cancel requests (with keys,
persisted and not, under frequency limits) to `ordo --state f.db --clock manual`, records
every response it reads, and SIGKILLs the engine at a random moment. Then:

* `sqlite3 f.db 'PRAGMA integrity_check'` says ok;
* a new engine on the file holds exactly the durable state after the first p requests of
  the stream, for some p with answered <= p <= sent: every answered change is there, and
  nothing else but whole requests that were sent (no request half-applied).

The client predicts every response with a small model of the rules (every queue shows
everything at once, so an alert is showing from its enqueue until it ends); the responses
it got must match, and the model gives the durable state after each prefix.

ORDO_CRASH_RUNS sets the number of kill points (default 100; `make soak` runs 1 000);
ORDO_CRASH_SEED replays one run.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from ordo_testing import engine_binary

from durable_support import EPOCH_MS, JSON, request_line, sqlite3

RUNS = int(os.environ.get("ORDO_CRASH_RUNS", "100"))
SEED = os.environ.get("ORDO_CRASH_SEED")
STREAM_LENGTH = 2500
KILL_DELAY = 0.01  # the kill comes up to this long after its chosen byte was written


@dataclass(frozen=True)
class Rule:
    """A type's frequency limit, cooldown and persist default."""

    max: int | None
    window_ms: int | None
    per_key: bool
    cooldown_ms: int
    persist: bool

    def definition(self, name: str) -> dict[str, JSON]:
        params: dict[str, JSON] = {"type": name, "persist": self.persist}
        if self.max is not None:
            limit: dict[str, JSON] = {"max": self.max, "per": "key" if self.per_key else "type"}
            if self.window_ms is not None:
                limit["windowMs"] = self.window_ms
            params["limit"] = limit
        if self.cooldown_ms:
            params["cooldownMs"] = self.cooldown_ms
        return params


RULES = {
    "tip": Rule(max=2, window_ms=None, per_key=True, cooldown_ms=0, persist=True),
    "news": Rule(max=3, window_ms=40, per_key=False, cooldown_ms=0, persist=True),
    "promo": Rule(max=None, window_ms=None, per_key=False, cooldown_ms=15, persist=True),
    "chat": Rule(max=4, window_ms=100, per_key=True, cooldown_ms=5, persist=False),
    "plain": Rule(max=None, window_ms=None, per_key=False, cooldown_ms=0, persist=False),
}
QUEUES = ("default", "side")
KEYS = ("k0", "k1", "k2", "k3", "k4")

SETUP: list[tuple[str, JSON]] = [
    *(("alert.configure", {"queue": queue, "maxConcurrent": 1_000_000}) for queue in QUEUES),
    *(("alert.defineType", rule.definition(name)) for name, rule in RULES.items()),
]


def earliest_show(now: int, times: list[int], rule: Rule) -> int | None:
    """The earliest time >= now at which the rule allows one more show, by brute force."""

    def allowed(t: int) -> bool:
        if rule.max is not None:
            window = rule.window_ms
            counted = sum(1 for s in times if window is None or t - s < window)
            if counted >= rule.max:
                return False
        return not (rule.cooldown_ms and times and t - max(times) < rule.cooldown_ms)

    candidates = {now}
    for s in times:
        for delay in (rule.window_ms or 0, rule.cooldown_ms):
            if s + delay > now:
                candidates.add(s + delay)
    return next((t for t in sorted(candidates) if allowed(t)), None)


@dataclass
class Live:
    id: str
    type: str
    key: str
    queue: str
    seq: int
    persist: bool


@dataclass
class Model:
    """The engine's alert rules for this stream, reduced to what it uses."""

    now: int = 0
    last_generated: int = 0
    last_seq: int = 0
    active: dict[str, Live] = field(default_factory=dict)
    # Counted shows, oldest first: (id, type, key, queue, at).
    shows: list[tuple[str, str, str, str, int]] = field(default_factory=list)

    def counted(self, type: str, key: str) -> list[int]:
        per_key = RULES[type].per_key
        return [at for (_, t, k, _, at) in self.shows if t == type and (not per_key or k == key)]

    def apply(self, method: str, params: dict[str, JSON]) -> JSON:
        """Applies one request; returns the result the engine must answer."""
        if method == "alert.enqueue":
            type, key, queue = params["type"], params["key"], params["queue"]
            allowed = earliest_show(self.now, self.counted(type, key), RULES[type])
            if allowed != self.now:
                return {"alert": None, "disposition": "limited", "retryAt": allowed}
            if "id" in params:
                id = params["id"]
            else:
                self.last_generated += 1
                id = f"alert-{self.last_generated}"
            self.last_seq += 1
            persist = params.get("persist", RULES[type].persist)
            self.active[id] = Live(id, type, key, queue, self.last_seq, persist)
            self.shows.append((id, type, key, queue, self.now))
            return {"id": id, "seq": self.last_seq, "state": "showing", "disposition": "queued"}
        if method == "alert.complete":
            del self.active[params["id"]]
            return {"id": params["id"], "state": "done"}
        if method == "alert.cancel":
            if "id" in params:
                matches = [params["id"]]
            else:
                matches = [a.id for a in self.active.values() if a.key == params["key"]]
                matches.sort(key=lambda id: self.active[id].seq)
            for id in matches:
                del self.active[id]
            return {"cancelled": matches}
        if method == "clock.advance":
            self.now += params["ms"]
            return {"now": self.now}
        if method == "alert.forget":
            kept = [show for show in self.shows if show[1] != params["type"]]
            forgotten = len(self.shows) - len(kept)
            self.shows = kept
            return {"forgotten": forgotten}
        raise AssertionError(method)

    def quick_key(self) -> tuple[int, int, int, int]:
        persisted = sum(1 for a in self.active.values() if a.persist)
        return (len(self.shows), persisted, self.last_generated, self.last_seq)

    def durable(self) -> Durable:
        return Durable(
            alerts=sorted(
                (a.id, a.seq, a.type, a.key, a.queue) for a in self.active.values() if a.persist
            ),
            shows=[(id, t, k, q, EPOCH_MS + at) for (id, t, k, q, at) in self.shows],
            last_generated=self.last_generated,
            last_seq=self.last_seq,
        )


@dataclass
class Durable:
    """What a restarted engine shows of the durable state."""

    alerts: list[tuple[str, int, str, str, str]]
    shows: list[tuple[str, str, str, str, int]]
    last_generated: int
    last_seq: int

    def quick_key(self) -> tuple[int, int, int, int]:
        return (len(self.shows), len(self.alerts), self.last_generated, self.last_seq)


def make_stream(rng: random.Random) -> list[tuple[str, dict[str, JSON]]]:
    """A stream of requests, each valid for the state the ones before it leave."""
    model = Model()
    stream: list[tuple[str, dict[str, JSON]]] = []
    while len(stream) < STREAM_LENGTH:
        roll = rng.random()
        method: str
        params: dict[str, JSON]
        if roll < 0.55 or not model.active:
            params = {
                "type": rng.choice(list(RULES)),
                "key": rng.choice(KEYS),
                "queue": rng.choice(QUEUES),
                "onDuplicate": "allow",
            }
            if rng.random() < 0.6:
                params["id"] = f"a{len(stream)}"
            if rng.random() < 0.2:
                params["persist"] = rng.random() < 0.5
            method = "alert.enqueue"
        elif roll < 0.72:
            method, params = "alert.complete", {"id": rng.choice(list(model.active))}
        elif roll < 0.82:
            method, params = "alert.cancel", {"id": rng.choice(list(model.active))}
        elif roll < 0.87:
            method, params = "alert.cancel", {"key": rng.choice(KEYS)}
        elif roll < 0.995:
            method, params = "clock.advance", {"ms": rng.randint(0, 12)}
        else:
            method, params = "alert.forget", {"type": rng.choice(list(RULES))}
        model.apply(method, params)
        stream.append((method, params))
    return stream


def check_answer(method: str, expected: JSON, message: dict[str, JSON]) -> None:
    assert "error" not in message, f"{method}: {message}"
    result = message["result"]
    if method == "alert.enqueue" and expected["disposition"] == "queued":
        alert = result["alert"]
        got = {"id": alert["id"], "seq": alert["seq"], "state": alert["state"]}
        assert {**got, "disposition": result["disposition"]} == expected, message
    elif method == "alert.complete":
        assert {"id": result["id"], "state": result["state"]} == expected, message
    else:
        assert result == expected, f"{method}: expected {expected}, got {result}"


@dataclass
class Outcome:
    answers: list[dict[str, JSON]]
    sent: int  # stream requests written whole to the engine's stdin


def set_up(state: Path) -> None:
    """The queues and types of the stream, committed by a one-shot engine of their own."""
    lines = b"".join(
        request_line(method, params, id=index) for index, (method, params) in enumerate(SETUP)
    )
    run = subprocess.run(
        [engine_binary(), "--clock", "manual", "--state", str(state), "call", "-"],
        input=lines,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def run_and_kill(
    state: Path, stream: list[tuple[str, dict[str, JSON]]], rng: random.Random
) -> Outcome:
    """Pipelines the stream and SIGKILLs the engine at a random moment.

    The stream goes out in chunks of random size with short random pauses, so that the
    engine keeps up and its progress follows the bytes written: the kill comes once a random
    number of bytes is written, after a random delay, and so lands anywhere in the stream —
    while the engine reads, applies, commits, or writes its answers. The output is read raw
    (parsed after the kill) so that the client keeps up with the engine's answers."""
    set_up(state)
    # The promise holds for process crashes with either sync mode.
    sync = rng.choice(("full", "normal"))
    engine = subprocess.Popen(
        [
            *(engine_binary(), "--clock", "manual", "--epoch-ms", str(EPOCH_MS)),
            *("--state", str(state), "--sync", sync),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        bufsize=0,
    )
    try:
        assert engine.stdin is not None and engine.stdout is not None
        data = b"".join(
            request_line(method, params, id=index) for index, (method, params) in enumerate(stream)
        )
        target = rng.randint(0, len(data))
        chunks = [rng.randint(256, 8192) for _ in range(len(data) // 256 + 1)]
        pauses = [rng.uniform(0, 0.0015) for _ in chunks]
        reached = threading.Event()
        written = [0]
        output = bytearray()
        stdin, stdout = engine.stdin.fileno(), engine.stdout.fileno()

        def write() -> None:
            view = memoryview(data)
            try:
                for chunk, pause in zip(chunks, pauses):
                    if written[0] >= target:
                        reached.set()
                    if written[0] >= len(data):
                        break
                    written[0] += os.write(stdin, view[written[0] : written[0] + chunk])
                    time.sleep(pause)
            except OSError:
                pass  # the engine is gone
            reached.set()

        def read() -> None:
            while chunk := os.read(stdout, 1 << 16):
                output.extend(chunk)

        reader = threading.Thread(target=read, daemon=True)
        writer = threading.Thread(target=write, daemon=True)
        reader.start()
        writer.start()
        assert reached.wait(60), "the writer is stuck"
        time.sleep(rng.uniform(0, KILL_DELAY))
        engine.send_signal(signal.SIGKILL)
        engine.wait(timeout=20)
        writer.join(20)
        reader.join(30)
        assert not reader.is_alive(), "the engine's output did not end"
        assert engine.returncode == -signal.SIGKILL, engine.communicate()[1]
        # A line cut by the kill is no answer.
        complete = bytes(output[: output.rfind(b"\n") + 1])
        messages = [json.loads(line) for line in complete.splitlines()]
        answers = [message for message in messages if "id" in message]
        sent = data[: written[0]].count(b"\n")
        return Outcome(answers, sent)
    finally:
        if engine.poll() is None:
            engine.kill()
            engine.wait()
        for pipe in (engine.stdin, engine.stdout, engine.stderr):
            if pipe is not None:
                pipe.close()


def read_back(state: Path) -> Durable:
    """A new engine on the file: its persisted alerts, show history and counters."""
    requests = [
        ("alert.list", {}),
        ("alert.history", {"limit": 1_000_000}),
        ("alert.enqueue", {"type": "probe", "queue": "probe"}),
    ]
    data = b"".join(request_line(m, p, id=i) for i, (m, p) in enumerate(requests))
    done = subprocess.run(
        [engine_binary(), "--clock", "manual", "--state", str(state)],
        input=data,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()
    messages = [json.loads(line) for line in done.stdout.splitlines()]
    replies = {message["id"]: message for message in messages if "id" in message}
    assert all("result" in reply for reply in replies.values()), replies
    alerts = replies[0]["result"]["alerts"]
    # Every restored alert was showing when the engine was killed (each queue shows all at
    # once): it came back suspended, and the first request (applying nothing) let it show
    # again, resumed, before its answer.
    first_answer = next(index for index, message in enumerate(messages) if "id" in message)
    resumed = [
        message["params"]["alert"]["id"]
        for message in messages[:first_answer]
        if message["method"] == "alert.show" and message["params"]["resumed"]
    ]
    assert sorted(resumed) == sorted(alert["id"] for alert in alerts), messages[:first_answer]
    assert all(alert["state"] == "showing" for alert in alerts), alerts
    shows = replies[1]["result"]["shows"]
    probe = replies[2]["result"]["alert"]
    generated = int(probe["id"].removeprefix("alert-"))
    return Durable(
        alerts=sorted((a["id"], a["seq"], a["type"], a["key"], a["queue"]) for a in alerts),
        shows=[(s["id"], s["type"], s["key"], s["queue"], s["wallAt"]) for s in reversed(shows)],
        last_generated=generated - 1,
        last_seq=probe["seq"] - 1,
    )


def seeds() -> list[int]:
    if SEED is not None:
        return [int(SEED)]
    return list(range(1, RUNS + 1))


@pytest.mark.parametrize("seed", seeds())
def test_a_kill_loses_nothing_answered_and_applies_nothing_by_halves(
    tmp_path: Path, seed: int
) -> None:
    rng = random.Random(seed)
    stream = make_stream(rng)
    state = tmp_path / "f.db"
    outcome = run_and_kill(state, stream, rng)

    # Every response read is the one the rules give, in order.
    model = Model()
    answered = len(outcome.answers)
    assert answered <= outcome.sent
    for index, message in enumerate(outcome.answers):
        assert message["id"] == index
        method, params = stream[index]
        check_answer(method, model.apply(method, params), message)

    assert sqlite3(state, "PRAGMA integrity_check").strip() == "ok"
    found = read_back(state)

    # The file holds the state after some prefix of the stream, no shorter than what was
    # answered and no longer than what was sent.
    matched: int | None = None
    for prefix in range(answered, outcome.sent + 1):
        if prefix > answered:
            method, params = stream[prefix - 1]
            model.apply(method, params)
        if model.quick_key() == found.quick_key() and model.durable() == found:
            matched = prefix
            break
    assert matched is not None, (
        f"seed {seed}: the file matches no prefix of the stream between {answered} answered "
        f"and {outcome.sent} sent requests; it holds {found.quick_key()} (shows, persisted "
        f"alerts, last generated id, last seq)"
    )
