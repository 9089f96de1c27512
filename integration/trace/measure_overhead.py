"""What `--trace` costs: the same pipelined workloads with and without it, in the same run,
alternating, as ratios (traced / untraced) of wall time and of the engine's CPU time, and
the trace's size per 1 000 requests.

    ORDO_BIN=$PWD/.build/release/ordo .venv/bin/python integration/trace/measure_overhead.py

Workloads: 50 000 pipelined `engine.ping`; 20 000 pipelined `alert.enqueue` (manual clock,
distinct ids, so they queue up). Each round runs both variants; the figures are medians over
the rounds. Not a test (nothing asserts on timing); see the README's Performance section
for how the other figures are measured.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parents[2] / "clients" / "python" / "tests"))
sys.path.insert(2, str(Path(__file__).resolve().parents[1]))  # ordo_testing

from ordo_testing import engine_binary


def pings(count: int) -> bytes:
    return b"".join(b'{"jsonrpc":"2.0","id":%d,"method":"engine.ping"}\n' % n for n in range(count))


def enqueues(count: int) -> bytes:
    return b"".join(
        b'{"jsonrpc":"2.0","id":%d,"method":"alert.enqueue","params":{"type":"t","id":"a%d"}}\n'
        % (n, n)
        for n in range(count)
    )


def run(args: list[str], payload: bytes, count: int) -> tuple[float, float]:
    """Spawns the engine, pipes `payload` in, reads `count` answers; returns the wall time
    from the first byte written to the last answer read, and the engine's CPU time."""
    process = subprocess.Popen(
        [engine_binary(), *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert process.stdin is not None and process.stdout is not None
    stdin, fd = process.stdin, process.stdout.fileno()

    def write() -> None:
        stdin.write(payload)
        stdin.close()

    start = time.perf_counter()
    writer = threading.Thread(target=write)
    writer.start()
    lines = 0
    while lines < count:
        chunk = os.read(fd, 1 << 20)
        assert chunk, "the engine stopped early"
        lines += chunk.count(b"\n")
    wall = time.perf_counter() - start
    writer.join()
    _, status, usage = os.wait4(process.pid, 0)
    assert status == 0
    process.stdout.close()
    return wall, usage.ru_utime + usage.ru_stime


def measure(
    name: str, make: Callable[[int], bytes], count: int, extra: list[str], rounds: int
) -> dict[str, float]:
    payload = make(count)
    plain_wall: list[float] = []
    plain_cpu: list[float] = []
    traced_wall: list[float] = []
    traced_cpu: list[float] = []
    size = 0
    with tempfile.TemporaryDirectory(prefix="ordo-trace-overhead-") as folder:
        trace = Path(folder) / "overhead.trace"
        run(extra, payload, count)  # warm-up: page cache, binary
        for _ in range(rounds):
            wall, cpu = run(extra, payload, count)
            plain_wall.append(wall)
            plain_cpu.append(cpu)
            wall, cpu = run([*extra, "--trace", str(trace)], payload, count)
            traced_wall.append(wall)
            traced_cpu.append(cpu)
            size = trace.stat().st_size
            trace.unlink()
    result = {
        "requests": count,
        "untraced_wall_s": statistics.median(plain_wall),
        "traced_wall_s": statistics.median(traced_wall),
        "untraced_cpu_s": statistics.median(plain_cpu),
        "traced_cpu_s": statistics.median(traced_cpu),
        "trace_bytes": size,
    }
    result["wall_ratio"] = result["traced_wall_s"] / result["untraced_wall_s"]
    result["cpu_ratio"] = result["traced_cpu_s"] / result["untraced_cpu_s"]
    result["bytes_per_1000_requests"] = size / (count / 1000)
    print(
        f"{name:<28} wall {result['wall_ratio']:.2f}x "
        f"({result['untraced_wall_s'] * 1000:.0f} -> {result['traced_wall_s'] * 1000:.0f} ms)  "
        f"CPU {result['cpu_ratio']:.2f}x "
        f"({result['untraced_cpu_s'] * 1000:.0f} -> {result['traced_cpu_s'] * 1000:.0f} ms)  "
        f"trace {result['bytes_per_1000_requests'] / 1000:.1f} kB per 1 000 requests"
    )
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    options = parser.parse_args()
    results = {
        "engine.ping": measure("50 000 engine.ping", pings, 50_000, [], options.rounds),
        "alert.enqueue": measure(
            "20 000 alert.enqueue", enqueues, 20_000, ["--clock", "manual"], options.rounds
        ),
    }
    if options.json:
        options.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
