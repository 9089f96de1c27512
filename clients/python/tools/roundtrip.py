#!/usr/bin/env python3
"""The blocking client's round trip: ``engine.ping()`` against a bare Python loop.

The bare loop writes the same JSON-RPC line to the same engine over a pipe and
reads the answer line (json.dumps, os.write, readline, json.loads). Each client
runs in its own process; rounds alternate so that a busy machine hurts both.
Reports the median wall time per call and the client process's CPU time per
call (steadier on a shared machine: it leaves out the engine and the scheduler).

    python tools/roundtrip.py --engine .build/release/ordo [--src OLD/src ...]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

WARM = 200
CLIENT = """
import sys, time
sys.path.insert(0, sys.argv[1])
from ordo import Engine
n, WARM = int(sys.argv[3]), int(sys.argv[4])
with Engine(sys.argv[2]) as engine:
    for _ in range(WARM):
        engine.ping()
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(n):
        engine.ping()
    print((time.perf_counter() - wall) / n * 1e6, (time.process_time() - cpu) / n * 1e6)
"""


def bare(engine: str, n: int) -> tuple[float, float]:
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    reader, fd = proc.stdout, proc.stdin.fileno()  # a buffered reader; unbuffered writes

    def one(rid: int) -> None:
        request = {"jsonrpc": "2.0", "id": rid, "method": "engine.ping"}
        os.write(fd, json.dumps(request, separators=(",", ":")).encode() + b"\n")
        answer = json.loads(reader.readline())
        assert answer["id"] == rid and answer["result"]["pong"] is True

    for rid in range(WARM):
        one(rid)
    wall, cpu = time.perf_counter(), time.process_time()
    for rid in range(WARM, WARM + n):
        one(rid)
    result = ((time.perf_counter() - wall) / n * 1e6, (time.process_time() - cpu) / n * 1e6)
    proc.stdin.close()
    proc.wait()
    return result


def client(src: str, engine: str, n: int) -> tuple[float, float]:
    argv = [sys.executable, "-c", CLIENT, src, engine, str(n), str(WARM)]
    wall, cpu = subprocess.run(argv, capture_output=True, text=True, check=True).stdout.split()
    return float(wall), float(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default=os.environ.get("ORDO_BIN"), required=False)
    parser.add_argument("--src", action="append", default=[], help="another client's src/")
    parser.add_argument("--calls", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    if not args.engine:
        parser.error("--engine (or ORDO_BIN) is required")
    sources = {"this": str(Path(__file__).resolve().parents[1] / "src")}
    sources.update({src: src for src in args.src})
    runs: dict[str, list[tuple[float, float]]] = {"bare": [], **{name: [] for name in sources}}
    for _ in range(args.rounds):
        runs["bare"].append(bare(args.engine, args.calls))
        for name, src in sources.items():
            runs[name].append(client(src, args.engine, args.calls))
    base_wall = statistics.median(w for w, _ in runs["bare"])
    base_cpu = statistics.median(c for _, c in runs["bare"])
    for name, samples in runs.items():
        wall = statistics.median(w for w, _ in samples)
        cpu = statistics.median(c for _, c in samples)
        print(
            f"{name:>10}: {wall:6.1f} us/call ({wall / base_wall:.2f}x bare), "
            f"client CPU {cpu:5.1f} us/call ({cpu / base_cpu:.2f}x)"
        )


if __name__ == "__main__":
    main()
