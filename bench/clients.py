#!/usr/bin/env python3
"""The client figures: the Python and Node clients against bare loops of their language.

Each figure compares a client with a *bare loop* of the same language that writes the
same JSON-RPC lines to the same engine over the same kind of pipe and reads the answers
(Python: json.dumps, os.write, a buffered readline, json.loads; asyncio: StreamWriter
write/drain, StreamReader.readline; Node: child_process pipes, split on newlines,
JSON.parse). Every measurement runs in a fresh process with a fresh engine; rounds are
interleaved (bare, client, then client, bare, ...) so that a busy machine hurts both, and
the median of the per-round ratios is reported, by wall time and by the CPU time of the
client's process (all its threads; steadier on a shared machine: it leaves out the engine
and the scheduler).

Figures (targets in brackets):
  py.sync.rtt      engine.ping() one at a time / bare loop            [wall <= 1.2x]
  py.async.rtt     await AsyncEngine.ping() one at a time / bare asyncio [wall <= 1.3x]
  py.sync.batch    a batch of 1 000 pings (engine.batch()): throughput / bare [>= 0.7x]
  py.async.gather  1 000 concurrent AsyncEngine.ping(): throughput / bare     [>= 0.7x]
  py.async.batch   an AsyncEngine batch of 1 000 pings: throughput / bare     [>= 0.7x]
  node.rtt         await engine.ping() one at a time / bare Node loop  [wall <= 1.2x]
  node.pipelined   1 000 engine.ping() promises in flight: throughput / bare  [>= 0.7x]
  py.gather.floor  asyncio alone: 1 000 gathered coroutines, each awaiting a future that a
                   loop callback resolves, no I/O: throughput / bare      [reported]

The pipelined bare loops write the 1 000 ping lines at once and read the 1 000 answers.
py.gather.floor is the most py.async.gather could reach: what asyncio's tasks cost.

    bench/clients.py [--engine PATH] [--rounds N] [--quick] [--out DIR] [--only py,node]
                     [--compare CHECKOUT]

``--compare`` also measures the clients of another checkout of the repository (e.g. a
``git worktree`` of main) in the same rounds. Results: a table on stdout and
bench/out/clients.json.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NODE_WORKER = Path(__file__).resolve().parent / "clients_node.mjs"
BLOCK = 1000  # calls in flight in the pipelined figures


# --------------------------------------------------------------------------- workers
#
# A worker is this script run as `clients.py --worker KIND ENGINE CALLS SRC`: it measures
# one thing in its own process and prints {"wall": s, "cpu": s, "ops": n} as JSON.


def _request(rid: int) -> bytes:
    message = {"jsonrpc": "2.0", "id": rid, "method": "engine.ping"}
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


def _check(answer: dict[str, Any], rid: int) -> None:
    if answer.get("id") != rid or answer["result"]["pong"] is not True:
        raise RuntimeError(f"unexpected answer {answer!r}")


def _clocks() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


def _since(start: tuple[float, float], ops: int) -> dict[str, float]:
    wall, cpu = _clocks()
    return {"wall": wall - start[0], "cpu": cpu - start[1], "ops": ops}


def _timed(step: Callable[[], object], warm: int, count: int, per: int = 1) -> dict[str, float]:
    """`warm` untimed calls of `step`, then `count` timed ones, figures per operation
    (`per` operations a call)."""
    for _ in range(warm):
        step()
    start = _clocks()
    for _ in range(count):
        step()
    return _since(start, count * per)


async def _timed_async(
    step: Callable[[], Awaitable[object]], warm: int, count: int, per: int = 1
) -> dict[str, float]:
    """`_timed` for a coroutine function."""
    for _ in range(warm):
        await step()
    start = _clocks()
    for _ in range(count):
        await step()
    return _since(start, count * per)


def _command(engine: str) -> list[str]:
    return [engine, "--framing", "ndjson"]  # what both clients start


def bare_rtt(engine: str, calls: int, warm: int) -> dict[str, float]:
    proc = subprocess.Popen(_command(engine), stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    reader, fd = proc.stdout, proc.stdin.fileno()  # a buffered reader; unbuffered writes

    def one(rid: int) -> None:
        request = {"jsonrpc": "2.0", "id": rid, "method": "engine.ping"}
        os.write(fd, json.dumps(request, separators=(",", ":")).encode() + b"\n")
        _check(json.loads(reader.readline()), rid)

    for rid in range(warm):
        one(rid)
    start = _clocks()
    for rid in range(warm, warm + calls):
        one(rid)
    result = _since(start, calls)
    proc.stdin.close()
    proc.wait()
    return result


def bare_pipelined(engine: str, blocks: int, warm: int) -> dict[str, float]:
    proc = subprocess.Popen(_command(engine), stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    reader, fd = proc.stdout, proc.stdin.fileno()
    next_id = 0

    def block() -> None:
        nonlocal next_id
        first = next_id
        next_id += BLOCK
        # 1 000 lines of ~55 bytes fit in the pipe: one write never waits for the engine.
        data = b"".join(
            json.dumps(
                {"jsonrpc": "2.0", "id": rid, "method": "engine.ping"}, separators=(",", ":")
            ).encode()
            + b"\n"
            for rid in range(first, next_id)
        )
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        for rid in range(first, next_id):
            _check(json.loads(reader.readline()), rid)

    result = _timed(block, warm, blocks, BLOCK)
    proc.stdin.close()
    proc.wait()
    return result


async def bare_async_rtt(engine: str, calls: int, warm: int) -> dict[str, float]:
    PIPE = asyncio.subprocess.PIPE
    proc = await asyncio.create_subprocess_exec(*_command(engine), stdin=PIPE, stdout=PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    writer, reader = proc.stdin, proc.stdout

    async def one(rid: int) -> None:
        request = {"jsonrpc": "2.0", "id": rid, "method": "engine.ping"}
        writer.write(json.dumps(request, separators=(",", ":")).encode() + b"\n")
        await writer.drain()
        _check(json.loads(await reader.readline()), rid)

    for rid in range(warm):
        await one(rid)
    start = _clocks()
    for rid in range(warm, warm + calls):
        await one(rid)
    result = _since(start, calls)
    writer.close()
    await proc.wait()
    return result


def client_rtt(engine: str, calls: int, warm: int) -> dict[str, float]:
    from ordo import Engine

    with Engine(engine) as client:
        return _timed(client.ping, warm, calls)


def client_batch(engine: str, blocks: int, warm: int) -> dict[str, float]:
    from ordo import Engine

    with Engine(engine) as client:

        def block() -> None:
            with client.batch() as batch:
                pending = [batch.ping() for _ in range(BLOCK)]
            for p in pending:
                if p.result().pong is not True:
                    raise RuntimeError("no pong")

        return _timed(block, warm, blocks, BLOCK)


async def client_async_rtt(engine: str, calls: int, warm: int) -> dict[str, float]:
    from ordo import AsyncEngine

    async with AsyncEngine(engine) as client:
        return await _timed_async(client.ping, warm, calls)


async def client_gather(engine: str, blocks: int, warm: int) -> dict[str, float]:
    from ordo import AsyncEngine

    async with AsyncEngine(engine) as client:

        async def block() -> None:
            for answer in await asyncio.gather(*[client.ping() for _ in range(BLOCK)]):
                if answer.pong is not True:
                    raise RuntimeError("no pong")

        return await _timed_async(block, warm, blocks, BLOCK)


async def client_async_batch(engine: str, blocks: int, warm: int) -> dict[str, float]:
    from ordo import AsyncEngine

    async with AsyncEngine(engine) as client:

        async def block() -> None:
            async with client.batch() as batch:
                pending = [batch.ping() for _ in range(BLOCK)]
            for p in pending:
                if p.result().pong is not True:
                    raise RuntimeError("no pong")

        return await _timed_async(block, warm, blocks, BLOCK)


async def gather_floor(engine: str, blocks: int, warm: int) -> dict[str, float]:
    del engine  # asyncio alone
    loop = asyncio.get_running_loop()

    async def block() -> None:
        futures: list[asyncio.Future[bool]] = []

        async def one() -> bool:
            future: asyncio.Future[bool] = loop.create_future()
            futures.append(future)
            return await future

        def answer() -> None:  # what a read of 1 000 answers does to their futures
            for future in futures:
                future.set_result(True)

        gathered = asyncio.gather(*[one() for _ in range(BLOCK)])
        loop.call_soon(loop.call_soon, answer)  # after every task has started
        if not all(await gathered):
            raise RuntimeError("no answer")

    return await _timed_async(block, warm, blocks, BLOCK)


PY_WORKERS: dict[str, Any] = {
    "py-bare-rtt": bare_rtt,
    "py-bare-async-rtt": bare_async_rtt,
    "py-bare-pipelined": bare_pipelined,
    "py-sync-rtt": client_rtt,
    "py-sync-batch": client_batch,
    "py-async-rtt": client_async_rtt,
    "py-async-gather": client_gather,
    "py-async-batch": client_async_batch,
    "py-gather-floor": gather_floor,
}


def worker(kind: str, engine: str, count: int, src: str) -> None:
    if src:
        sys.path.insert(0, src)
    run = PY_WORKERS[kind]
    warm = max(1, count // 4)
    if asyncio.iscoroutinefunction(run):
        result = asyncio.run(run(engine, count, warm))
    else:
        result = run(engine, count, warm)
    print(json.dumps(result))


# --------------------------------------------------------------------------- the figures


class Figure:
    """A client measurement and its bare baseline, with a target."""

    def __init__(
        self, name: str, title: str, bare: str, client: str, kind: str, target: float | None
    ) -> None:
        self.name, self.title = name, title
        self.bare, self.client = bare, client
        self.kind = kind  # "rtt": client/bare time (lower is better); "tput": bare/client
        self.target = target

    @property
    def of_client(self) -> bool:
        """Measures a client (not asyncio alone): measured for every checkout."""
        return not self.client.endswith("-floor")

    @property
    def target_text(self) -> str:
        if self.target is None:
            return "reported"
        return f"<= {self.target}x" if self.kind == "rtt" else f">= {self.target}x"

    def ratio(self, bare: float, client: float) -> float:
        return client / bare if self.kind == "rtt" else bare / client

    def ok(self, ratio: float) -> bool | None:
        if self.target is None:
            return None
        return ratio <= self.target if self.kind == "rtt" else ratio >= self.target


# name, title, bare loop, client, kind, target
_TABLE = [
    ("py.sync.rtt", "Python Engine.ping() round trip", "py-bare-rtt", "py-sync-rtt", "rtt", 1.2),
    ("py.async.rtt", "Python AsyncEngine.ping() round trip", "py-bare-async-rtt", "py-async-rtt",
     "rtt", 1.3),
    ("py.sync.batch", "Python batch of 1 000 (Engine)", "py-bare-pipelined", "py-sync-batch",
     "tput", 0.7),
    ("py.async.gather", "Python 1 000 concurrent AsyncEngine calls", "py-bare-pipelined",
     "py-async-gather", "tput", 0.7),
    ("py.async.batch", "Python batch of 1 000 (AsyncEngine)", "py-bare-pipelined",
     "py-async-batch", "tput", 0.7),
    ("node.rtt", "Node engine.ping() round trip", "node-bare-rtt", "node-rtt", "rtt", 1.2),
    ("node.pipelined", "Node 1 000 promises in flight", "node-bare-pipelined", "node-pipelined",
     "tput", 0.7),
    ("py.gather.floor", "asyncio alone: 1 000 gathered coroutines, no I/O", "py-bare-pipelined",
     "py-gather-floor", "tput", None),
]  # fmt: skip
FIGURES = [Figure(*row) for row in _TABLE]


class Runner:
    def __init__(self, engine: str, quick: bool, compare: Path | None) -> None:
        self.engine = engine
        # Per process: calls one at a time, and blocks of BLOCK calls; a quarter more
        # before the clocks start (Node's JIT needs longer to settle than CPython).
        scale = 0.25 if quick else 1.0
        self.counts = {
            "py-rtt": int(5000 * scale),
            "py-pipelined": int(20 * scale),
            "node-rtt": int(20000 * scale),
            "node-pipelined": int(50 * scale),
        }
        self.sources = {"": ROOT}
        if compare is not None:
            self.sources["compare"] = compare

    def count(self, kind: str) -> int:
        language = kind.split("-")[0]
        return self.counts[f"{language}-rtt" if kind.endswith("rtt") else f"{language}-pipelined"]

    def run(self, kind: str, checkout: Path) -> dict[str, float]:
        count = str(self.count(kind))
        if kind.startswith("node-"):
            client = checkout / "clients" / "node" / "index.js"
            argv = ["node", str(NODE_WORKER), kind, self.engine, count, str(client)]
        else:
            src = str(checkout / "clients" / "python" / "src")
            argv = [sys.executable, __file__, "--worker", kind, self.engine, count, src]
        done = subprocess.run(argv, check=False, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{kind} failed ({done.returncode}):\n{done.stderr}")
        result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
        return result


def quartiles(values: list[float]) -> tuple[float, float]:
    """The 25th and 75th percentiles (how much the rounds disagree)."""
    if len(values) < 2:
        return values[0], values[0]
    q = statistics.quantiles(values, n=4, method="inclusive")
    return q[0], q[2]


def per_op_us(sample: dict[str, float], clock: str) -> float:
    return sample[clock] / sample["ops"] * 1e6


def summarize(figure: Figure, samples: dict[str, list[dict[str, float]]], label: str) -> Any:
    bare, client = samples[figure.bare], samples[label]
    entry: dict[str, Any] = {
        "title": figure.title,
        "target": figure.target_text,
        "kind": "round trip: client time / bare time"
        if figure.kind == "rtt"
        else "throughput: client calls per second / bare",
    }
    for clock in ("wall", "cpu"):
        ratios = [
            figure.ratio(per_op_us(b, clock), per_op_us(c, clock))
            for b, c in zip(bare, client, strict=True)
        ]
        entry[f"ratio_{clock}"] = statistics.median(ratios)
        entry[f"ratio_{clock}_quartiles"] = quartiles(ratios)
        entry[f"ratios_{clock}"] = ratios
        entry[f"bare_{clock}_us"] = statistics.median(per_op_us(b, clock) for b in bare)
        entry[f"client_{clock}_us"] = statistics.median(per_op_us(c, clock) for c in client)
    entry["ok"] = figure.ok(entry["ratio_wall"])
    return entry


def machine() -> dict[str, Any]:
    from bench import machine as described  # bench.py's: platform, CPU, memory, toolchain

    info = described()
    try:
        info["node"] = subprocess.run(
            ["node", "--version"], capture_output=True, text=True, check=False
        ).stdout.strip()
    except OSError:
        pass
    return info


def table(figures: dict[str, Any]) -> str:
    rows = [("figure", "wall (quartiles)", "client CPU", "per call (client / bare)", "target", "")]
    for name, f in figures.items():
        low, high = f["ratio_wall_quartiles"]
        rows.append(
            (
                name,
                f"{f['ratio_wall']:.2f}x ({low:.2f}-{high:.2f})",
                f"{f['ratio_cpu']:.2f}x",
                (
                    f"{f['client_wall_us']:.1f} / {f['bare_wall_us']:.1f} us "
                    f"(CPU {f['client_cpu_us']:.1f} / {f['bare_cpu_us']:.1f})"
                ),
                f["target"],
                "-" if f["ok"] is None else ("ok" if f["ok"] else "MISSED"),
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default=str(ROOT / ".build" / "release" / "ordo"))
    parser.add_argument("--out", default=str(ROOT / "bench" / "out"))
    parser.add_argument("--rounds", type=int, default=None, help="default 11 (--quick: 3)")
    parser.add_argument("--quick", action="store_true", help="fewer rounds and calls")
    parser.add_argument("--only", help="comma-separated figure prefixes, e.g. py.sync,node")
    parser.add_argument("--compare", help="another checkout whose clients are measured too")
    parser.add_argument(
        "--worker", nargs=4, metavar=("KIND", "ENGINE", "COUNT", "SRC"), help=argparse.SUPPRESS
    )
    args = parser.parse_args()
    if args.worker:
        kind, engine, count, src = args.worker
        worker(kind, engine, int(count), src)
        return 0
    engine = str(Path(args.engine).resolve())
    if not Path(engine).exists():
        print(f"bench/clients.py: no engine at {engine}; run `make release`", file=sys.stderr)
        return 2
    rounds = args.rounds or (3 if args.quick else 11)
    compare = Path(args.compare).resolve() if args.compare else None
    runner = Runner(engine, args.quick, compare)
    prefixes = args.only.split(",") if args.only else None
    figures = [f for f in FIGURES if not prefixes or any(f.name.startswith(p) for p in prefixes)]
    # Every (checkout, kind) pair measured in each round; a bare loop once per round.
    jobs: list[tuple[str, str, Path]] = []  # (label, kind, checkout)
    for f in figures:
        if f.bare not in [j[0] for j in jobs]:
            jobs.append((f.bare, f.bare, ROOT))
        for tag, checkout in runner.sources.items():
            if tag and not f.of_client:
                continue
            jobs.append((f.client + (f"@{tag}" if tag else ""), f.client, checkout))
    samples: dict[str, list[dict[str, float]]] = {label: [] for label, _, _ in jobs}
    started = time.monotonic()
    info = machine()
    for r in range(rounds):
        order = jobs if r % 2 == 0 else jobs[::-1]
        for label, kind, checkout in order:
            samples[label].append(runner.run(kind, checkout))
        print(f"round {r + 1}/{rounds} done ({time.monotonic() - started:.0f} s)", flush=True)
    results: dict[str, Any] = {}
    for f in figures:
        results[f.name] = summarize(f, samples, f.client)
        if compare is not None and f.of_client:
            results[f"{f.name}@compare"] = summarize(f, samples, f"{f.client}@compare")
    report = {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "engine": engine,
        "compare": str(compare) if compare else None,
        "rounds": rounds,
        "counts": runner.counts,
        "block": BLOCK,
        "machine": {**info, "loadavg_end": os.getloadavg()},
        "seconds": time.monotonic() - started,
        "figures": results,
        "raw": samples,
    }
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "clients.json").write_text(json.dumps(report, indent=2) + "\n")
    print()
    print(table(results))
    print(f"\nbench/clients.py: {report['seconds']:.0f} s; results in {out / 'clients.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
