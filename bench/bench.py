#!/usr/bin/env python3
"""Ordo's benchmark suite (`make bench`).

Every figure is a RATIO to a baseline measured in the same run on the same machine, so
the results survive a noisy, shared machine; the raw numbers are kept next to them in
bench/out/results.json. Rounds of paired measurements are interleaved and the median of
the per-round ratios is reported.

Two clocks are kept for every timed block: wall time (what a client sees) and the CPU
time the measured process itself consumed (from /proc/<pid>/schedstat or rusage: immune
to other work on the machine). Throughput ratios are reported by wall time, with the CPU
ratio beside them; growth ratios (tiny blocks, where a preemption would dominate) by CPU.

Usage: bench/bench.py [--engine PATH] [--quick] [--out DIR]
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parent.parent
F_SETPIPE_SZ = 1031
PIPE_BYTES = 1 << 20


# --------------------------------------------------------------------------- helpers


def median(values: Iterable[float]) -> float:
    return statistics.median(values)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[index]


def request(rid: Any, method: str, params: dict[str, Any] | None = None) -> bytes:
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": rid, "method": method}
    if params is not None:
        message["params"] = params
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


def ping_line(rid: Any) -> bytes:
    return request(rid, "engine.ping")


def cpu_ns(pid: int) -> int:
    """CPU time (user + system) the process has used, in ns (single-threaded engine)."""
    with open(f"/proc/{pid}/schedstat") as f:
        return int(f.read().split()[0])


def vm_hwm(pid: int) -> int:
    """Peak resident set size of the process, in bytes."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no VmHWM")


def widen_pipe(fd: int) -> None:
    try:
        import fcntl

        fcntl.fcntl(fd, F_SETPIPE_SZ, PIPE_BYTES)
    except OSError:
        pass


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


class Session:
    """One engine process driven through pipes. A timed block is written with one
    write(2) (on a thread when it does not fit in the pipe) and ends with a ping whose
    answer marks the end; the engine's CPU time is read before and after."""

    def __init__(self, argv: list[str]) -> None:
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            bufsize=0,
        )
        assert self.proc.stdin and self.proc.stdout
        self.infd = self.proc.stdin.fileno()
        self.outfd = self.proc.stdout.fileno()
        widen_pipe(self.infd)
        widen_pipe(self.outfd)
        self.marks = 0
        self.errors = 0
        self.lines = 0
        self.run(b"")  # started and answering

    @property
    def pid(self) -> int:
        return self.proc.pid

    def run(self, payload: bytes) -> tuple[float, float]:
        """Writes `payload` plus an end marker, waits for the marker's answer; returns
        (wall seconds, engine CPU seconds)."""
        self.marks += 1
        marker_id = f"end-{self.marks}"
        data = payload + ping_line(marker_id)
        needle = f'"id":"{marker_id}"'.encode()
        cpu0 = cpu_ns(self.pid)
        start = time.perf_counter()
        writer = None
        if len(data) <= PIPE_BYTES // 2:
            write_all(self.infd, data)
        else:
            writer = threading.Thread(target=write_all, args=(self.infd, data))
            writer.start()
        tail = b""
        while True:
            chunk = os.read(self.outfd, 1 << 20)
            if not chunk:
                raise RuntimeError("engine closed its output")
            self.lines += chunk.count(b"\n")
            self.errors += chunk.count(b'"error":')
            window = tail + chunk
            if needle in window:
                break
            tail = window[-len(needle) :]
        wall = time.perf_counter() - start
        cpu = (cpu_ns(self.pid) - cpu0) / 1e9
        if writer:
            writer.join()
        return wall, cpu

    def call(self, method: str, params: dict[str, Any] | None = None) -> Any:
        """Sends one request, returns its result (the output must be drained: no block
        in flight)."""
        self.marks += 1
        rid = f"call-{self.marks}"
        write_all(self.infd, request(rid, method, params))
        needle = f'"id":"{rid}"'.encode()
        pending = b""
        while True:
            chunk = os.read(self.outfd, 1 << 20)
            if not chunk:
                raise RuntimeError("engine closed its output")
            pending += chunk
            *complete, pending = pending.split(b"\n")
            for line in complete:
                if needle in line:
                    answer = json.loads(line)
                    if "error" in answer:
                        raise RuntimeError(f"{method}: {answer['error']}")
                    return answer["result"]

    def close(self) -> None:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.close()
        while os.read(self.outfd, 1 << 20):
            pass
        self.proc.wait()
        self.proc.stdout.close()
        if self.errors:
            raise RuntimeError(f"the engine answered {self.errors} request(s) with an error")


def process_state(pid: int) -> str:
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0]


def wait_until_blocked(pid: int) -> None:
    """Waits until the process sleeps (blocked reading its input): started up, idle."""
    deadline = time.monotonic() + 30
    while process_state(pid) != "S":
        if time.monotonic() > deadline:
            raise RuntimeError(f"process {pid} never went idle")
        time.sleep(0.001)


def fed_run(argv: list[str], setup: bytes, timed: bytes) -> tuple[float, float, int, int]:
    """Runs `argv` on pipes. Untimed: start-up, then `setup` followed by a marker ping whose
    answer is awaited (only with a setup: the C floor buffers its output until the end).
    Timed, from the moment the process sleeps waiting for input: `timed` is written, stdin
    closed, stdout drained to EOF, the process reaped. Returns (wall s, CPU s, output lines
    of the timed part, errors answered); the same harness for the engine and the floor."""
    proc = subprocess.Popen(
        argv,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        bufsize=0,
    )
    assert proc.stdin and proc.stdout
    infd, outfd = proc.stdin.fileno(), proc.stdout.fileno()
    widen_pipe(infd)
    widen_pipe(outfd)
    if setup:
        needle = b'"id":"setup-done"'
        data = setup + ping_line("setup-done")
        writer = threading.Thread(target=write_all, args=(infd, data))
        writer.start()
        tail = b""
        while True:
            chunk = os.read(outfd, 1 << 20)
            if not chunk:
                raise RuntimeError(f"{argv[0]} closed its output during the setup")
            if b'"error":' in tail + chunk:
                raise RuntimeError(f"{argv[0]} answered a setup request with an error")
            if needle in tail + chunk:
                break
            tail = (tail + chunk)[-64:]
        writer.join()
    wait_until_blocked(proc.pid)
    cpu0 = cpu_ns(proc.pid)
    start = time.perf_counter()

    def feed() -> None:
        write_all(infd, timed)
        assert proc.stdin
        proc.stdin.close()

    writer = threading.Thread(target=feed)
    writer.start()
    lines = errors = 0
    while True:
        chunk = os.read(outfd, 1 << 20)
        if not chunk:
            break
        lines += chunk.count(b"\n")
        errors += chunk.count(b'"error":')
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    writer.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    proc.stdout.close()
    if proc.returncode != 0:
        raise RuntimeError(f"{argv[0]} exited with {proc.returncode}")
    return wall, usage.ru_utime + usage.ru_stime - cpu0 / 1e9, lines, errors


def run_file(argv: list[str], path: Path) -> tuple[float, float, int]:
    """Runs `argv` with stdin from `path`, draining stdout; (wall s, CPU s, output lines)."""
    lines = 0
    with open(path, "rb") as source:
        start = time.perf_counter()
        proc = subprocess.Popen(
            argv, stdin=source, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        assert proc.stdout
        fd = proc.stdout.fileno()
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            lines += chunk.count(b"\n")
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        proc.stdout.close()
    if proc.returncode != 0:
        raise RuntimeError(f"{argv[0]} exited with {proc.returncode}")
    return wall, usage.ru_utime + usage.ru_stime, lines


# --------------------------------------------------------------------------- workloads


def ping_block(count: int, prefix: str = "p") -> bytes:
    return b"".join(ping_line(f"{prefix}{i}") for i in range(count))


def add_block(
    rng: random.Random, parent: str, ids: list[str], sort_range: int = 1_000_000
) -> bytes:
    return b"".join(
        request(
            i,
            "layer.add",
            {"id": layer, "parent": parent, "sort": rng.randrange(sort_range)},
        )
        for i, layer in enumerate(ids)
    )


def remove_block(ids: list[str]) -> bytes:
    return b"".join(request(i, "layer.remove", {"id": layer}) for i, layer in enumerate(ids))


def hit_screen() -> bytes:
    """A 1000 x 1000 screen, 100 clipping cells of 100 x 100, 10 buttons in each."""
    lines = [request(0, "layer.add", {"id": "screen", "frame": frame(0, 0, 1000, 1000)})]
    for cell in range(100):
        x, y = (cell % 10) * 100, (cell // 10) * 100
        lines.append(
            request(
                0,
                "layer.add",
                {
                    "id": f"c{cell}",
                    "parent": "screen",
                    "sort": cell,
                    "clips": True,
                    "frame": frame(x, y, 100, 100),
                },
            )
        )
        for button in range(10):
            lines.append(
                request(
                    0,
                    "layer.add",
                    {
                        "id": f"c{cell}-{button}",
                        "parent": f"c{cell}",
                        "sort": button,
                        "frame": frame(button * 8, button * 8, 20, 20),
                    },
                )
            )
    return b"".join(lines)


def frame(x: float, y: float, w: float, h: float) -> dict[str, float]:
    return {"x": x, "y": y, "width": w, "height": h}


def cycle_block(cycles: int, prefix: str = "q") -> bytes:
    """`cycles` alert cycles: enqueue an alert (it shows at once), complete it."""
    return b"".join(
        request(2 * i, "alert.enqueue", {"type": "toast", "id": f"{prefix}{i}"})
        + request(2 * i + 1, "alert.complete", {"id": f"{prefix}{i}"})
        for i in range(cycles)
    )


# The methods measured line for line against the C floor: name -> (untimed setup, timed
# lines). Every timed block has exactly `n` request lines, each answered without an error.
METHODS = [
    "engine.ping",
    "layer.add",
    "layer.move",
    "layer.hitTest",
    "alert.enqueue",
    "alert.complete",
    "alert.cancel",
    "nav.push/nav.pop",
    "alert cycle",
]


def method_workload(name: str, n: int, seed: int) -> tuple[bytes, bytes]:
    rng = random.Random(seed)

    def enqueues() -> bytes:
        return b"".join(
            request(i, "alert.enqueue", {"type": "toast", "id": f"q{i}"}) for i in range(n)
        )

    if name == "engine.ping":
        return b"", ping_block(n)
    if name == "layer.add":
        return request(0, "layer.add", {"id": "p"}), add_block(
            rng, "p", [f"a{i}" for i in range(n)]
        )
    if name == "layer.move":
        family = 5_000
        setup = b"".join(
            [
                request(0, "layer.add", {"id": "m0"}),
                request(0, "layer.add", {"id": "m1"}),
            ]
            + [
                request(
                    0,
                    "layer.add",
                    {
                        "id": f"x{i}",
                        "parent": f"m{i % 2}",
                        "sort": rng.randrange(1_000_000),
                    },
                )
                for i in range(2 * family)
            ]
        )
        moves = b"".join(
            request(
                i,
                "layer.move",
                {
                    "id": f"x{rng.randrange(2 * family)}",
                    "parent": f"m{rng.randrange(2)}",
                    "sort": rng.randrange(1_000_000),
                },
            )
            for i in range(n)
        )
        return setup, moves
    if name == "layer.hitTest":
        hits = b"".join(
            request(
                i,
                "layer.hitTest",
                {
                    "x": round(rng.uniform(0, 1000), 2),
                    "y": round(rng.uniform(0, 1000), 2),
                },
            )
            for i in range(n)
        )
        return hit_screen(), hits
    if name == "alert.enqueue":
        # One queue: the first shows, the rest wait.
        return b"", enqueues()
    if name == "alert.complete":
        # Every alert shows at once (room for all), then each is completed.
        configure = request(0, "alert.configure", {"maxConcurrent": n})
        return configure + enqueues(), b"".join(
            request(i, "alert.complete", {"id": f"q{i}"}) for i in range(n)
        )
    if name == "alert.cancel":
        # One showing, the rest waiting; cancelled by id in random order.
        order = list(range(n))
        rng.shuffle(order)
        return enqueues(), b"".join(
            request(i, "alert.cancel", {"id": f"q{a}"}) for i, a in enumerate(order)
        )
    if name == "nav.push/nav.pop":
        return b"", b"".join(
            request(i, "nav.push", {"scope": f"page{i % 7}"})
            if i % 2 == 0
            else request(i, "nav.pop")
            for i in range(n)
        )
    if name == "alert cycle":
        return b"", cycle_block(n // 2)
    raise ValueError(name)


class Bench:
    def __init__(self, engine: Path, floor: Path, out: Path, quick: bool) -> None:
        self.engine = str(engine)
        self.floor = str(floor)
        self.out = out
        self.quick = quick
        self.rounds = 3 if quick else 5
        self.ops = 50_000 if quick else 200_000
        self.rng = random.Random(8)
        self.results: dict[str, Any] = {}
        self.log_lines: list[str] = []

    def log(self, text: str) -> None:
        print(text, flush=True)

    # ---------------------------------------------------------------- ping vs C floor

    def ping_vs_floor(self) -> None:
        lines = 200_000
        path = self.out / "ping-200k.ndjson"
        if not path.exists() or path.stat().st_size == 0:
            path.write_bytes(ping_block(lines, prefix=""))
        ratios_wall, ratios_cpu, raw = [], [], []
        for round_ in range(self.rounds + 2):
            order = [("floor", self.floor), ("ordo", self.engine)]
            if round_ % 2:
                order.reverse()
            times = {}
            for name, binary in order:
                wall, cpu, count = run_file([binary], path)
                if count != lines:
                    raise RuntimeError(f"{name} answered {count} of {lines} pings")
                times[name] = (wall, cpu)
            raw.append(times)
            ratios_wall.append(times["floor"][0] / times["ordo"][0])
            ratios_cpu.append(times["floor"][1] / times["ordo"][1])
        self.results["ping_vs_floor"] = {
            "description": "pipelined engine.ping throughput / C floor throughput, "
            "200k lines from a file on stdin, stdout drained through a pipe",
            "ratio": median(ratios_wall),
            "ratio_cpu": median(ratios_cpu),
            "target": ">= 1.0",
            "ok": median(ratios_wall) >= 1.0,
            "ordo_per_s": lines / median(t["ordo"][0] for t in raw),
            "floor_per_s": lines / median(t["floor"][0] for t in raw),
            "rounds": [{k: {"wall_s": v[0], "cpu_s": v[1]} for k, v in t.items()} for t in raw],
        }
        r = self.results["ping_vs_floor"]
        self.log(f"  ping vs C floor: {r['ratio']:.2f}x wall, {r['ratio_cpu']:.2f}x CPU")

    # ---------------------------------------------------------------- methods vs C floor

    def methods_vs_floor(self) -> None:
        """Each method's timed lines, fed to the engine and to the C floor through the same
        harness (`fed_run`); then instructions per message of both under callgrind."""
        n = 20_000 if self.quick else 50_000
        work = {name: method_workload(name, n, seed=20 + i) for i, name in enumerate(METHODS)}
        raw: dict[str, list[dict[str, tuple[float, float]]]] = {name: [] for name in METHODS}
        # Each run is a fraction of a second, and on a shared machine one round's ratio can
        # land anywhere from 0.7 to 1.4 (a run of 2 Dec 2026): more rounds than elsewhere,
        # so that the median does not move with one slow neighbour.
        for round_ in range(2 * self.rounds + 1):
            names = METHODS if round_ % 2 == 0 else METHODS[::-1]
            for name in names:
                setup, timed = work[name]
                pair = [
                    ("floor", [self.floor], b""),
                    ("ordo", [self.engine, "--clock", "manual"], setup),
                ]
                if round_ % 2:
                    pair.reverse()
                times = {}
                for who, argv, setup_bytes in pair:
                    wall, cpu, lines, errors = fed_run(argv, setup_bytes, timed)
                    if errors or lines < n or (who == "floor" and lines != n):
                        raise RuntimeError(f"{who} on {name}: {lines} lines, {errors} errors")
                    times[who] = (wall, cpu)
                raw[name].append(times)
        instructions = self.method_instructions()
        out: dict[str, Any] = {}
        for name in METHODS:
            rounds = raw[name]
            ratio = median([t["floor"][0] / t["ordo"][0] for t in rounds])
            ratio_cpu = median([t["floor"][1] / t["ordo"][1] for t in rounds])
            entry: dict[str, Any] = {
                "ratio": ratio,
                "ratio_cpu": ratio_cpu,
                "ordo_per_s": n / median([t["ordo"][0] for t in rounds]),
                "floor_per_s": n / median([t["floor"][0] for t in rounds]),
                "rounds": [
                    {k: {"wall_s": v[0], "cpu_s": v[1]} for k, v in t.items()} for t in rounds
                ],
            }
            if name != "alert cycle":
                entry["target"] = ">= 1.0"
                entry["ok"] = ratio >= 1.0
            entry.update(instructions.get(name, {}))
            out[name] = entry
            ins = ""
            if "ordo_instructions" in entry:
                ins = (
                    f"; instructions/message {entry['ordo_instructions']:,.0f} vs "
                    f"{entry['floor_instructions']:,.0f}; misses/message "
                    f"(L1i, L1d, beyond L2) {misses(entry, 'ordo')} vs "
                    f"{misses(entry, 'floor')}"
                )
            self.log(
                f"  {name:<17} {ratio:.2f}x floor (CPU {ratio_cpu:.2f}x), "
                f"{entry['ordo_per_s']:,.0f}/s vs {entry['floor_per_s']:,.0f}/s{ins}"
            )
        self.results["methods_vs_floor"] = {
            "description": f"{n} request lines per method, the same bytes fed to ordo "
            "(--clock manual, after an untimed setup) and to the C floor through the same "
            "pipes, timed from the idle process to its exit; ratio = ordo lines/s over floor "
            "lines/s. Instructions: callgrind, per timed line (setup and start-up subtracted)",
            "lines": n,
            "methods": out,
        }

    def callgrind(
        self, argv: list[str], data: bytes, name: str, caches: bool = False
    ) -> dict[str, int]:
        """The events callgrind counts for `argv` reading `data` on stdin: `Ir`
        (instructions) and, with `caches`, the misses of the simulated caches (`I1mr`,
        `D1mr`, `D1mw`, `DLmr`, `DLmw`: L1i, L1d read and write, beyond-L2 read and write)."""
        path = self.out / f"callgrind-{name}.ndjson"
        path.write_bytes(data)
        simulate = ["--cache-sim=yes", *SIMULATED_CACHES] if caches else []
        with open(path, "rb") as source:
            done = subprocess.run(
                [
                    "valgrind",
                    "--tool=callgrind",
                    "--callgrind-out-file=/dev/null",
                    *simulate,
                    *argv,
                ],
                check=False,
                stdin=source,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
        path.unlink()
        events = callgrind_events(done.stderr)
        if "Ir" not in events:
            raise RuntimeError(f"callgrind gave no count for {name}: {done.stderr[-500:]}")
        return events

    def stripped_engine(self) -> str:
        """A copy of the engine without debug info (valgrind cannot read Swift's); the
        instructions are the same."""
        stripped = self.out / "ordo-nodebug"
        shutil.copyfile(self.engine, stripped)
        os.chmod(stripped, 0o755)
        subprocess.run(["strip", "--strip-debug", str(stripped)], check=True)
        return str(stripped)

    def method_instructions(self) -> dict[str, dict[str, float]]:
        """Per method and per timed line, of ordo (its run with the setup alone subtracted)
        and of the floor (its run on empty input subtracted): instructions, and misses of
        simulated caches of this machine's sizes (L1i, L1d, and accesses beyond the L2).
        The instructions say how much work each does; the misses say where it may wait for
        code or data (bench/README.md says which of them were found to cost time: the data
        beyond the L2, not the L1i misses)."""
        if not shutil.which("valgrind"):
            return {}
        lines = 10_000
        ordo = [self.stripped_engine(), "--clock", "manual"]
        floor_idle = self.callgrind([self.floor], b"", "floor-idle", caches=True)
        measures = {
            "instructions": ["Ir"],
            "l1i_misses": ["I1mr"],
            "l1d_misses": ["D1mr", "D1mw"],
            "l2_misses": ["DLmr", "DLmw"],
        }
        counts: dict[str, dict[str, float]] = {}
        for i, name in enumerate(METHODS):
            setup, timed = method_workload(name, lines, seed=40 + i)
            slug = name.replace("/", "-")
            base = self.callgrind(ordo, setup, f"{slug}-setup", caches=True)
            full = self.callgrind(ordo, setup + timed, slug, caches=True)
            floor = self.callgrind([self.floor], timed, f"{slug}-floor", caches=True)
            entry: dict[str, float] = {}
            for who, run, idle in (("ordo", full, base), ("floor", floor, floor_idle)):
                for measure, events in measures.items():
                    spent = sum(run[e] - idle[e] for e in events)
                    entry[f"{who}_{measure}"] = spent / lines
            entry["instruction_ratio"] = entry["floor_instructions"] / entry["ordo_instructions"]
            counts[name] = entry
        return counts

    # ---------------------------------------------------------------- durable state, trace

    def durable(self) -> None:
        """The alert cycle, pipelined, with `--state FILE --sync full` against in memory."""
        cycles = 10_000 if self.quick else 25_000
        block = cycle_block(cycles)
        requests = 2 * cycles + 1  # the marker ping is in the block's last commit group
        raw: list[dict[str, Any]] = []
        for round_ in range(self.rounds):
            order = ["memory", "state"] if round_ % 2 == 0 else ["state", "memory"]
            times: dict[str, Any] = {}
            for mode in order:
                state = self.out / "bench-state.db"
                for leftover in self.out.glob("bench-state.db*"):
                    leftover.unlink()
                argv = [self.engine, "--clock", "manual"]
                if mode == "state":
                    argv += ["--state", str(state), "--sync", "full"]
                session = Session(argv)
                before = session.call("engine.stats") if mode == "state" else None
                wall, cpu = session.run(block)
                entry: dict[str, Any] = {"wall_s": wall, "cpu_s": cpu}
                if before is not None:
                    after = session.call("engine.stats")
                    entry["commits"] = after["state"]["commits"] - before["state"]["commits"]
                session.close()
                times[mode] = entry
            raw.append(times)
        for leftover in self.out.glob("bench-state.db*"):
            leftover.unlink()
        ratio = median([t["memory"]["wall_s"] / t["state"]["wall_s"] for t in raw])
        commits = median([t["state"]["commits"] for t in raw])
        state_wall = median([t["state"]["wall_s"] for t in raw])
        self.results["durable"] = {
            "description": f"{cycles} pipelined alert cycles (enqueue + complete) in one "
            "write, fresh engine per block: with --state FILE --sync full (a fresh file) "
            "against in memory; ratio = cycles/s with the state over cycles/s without",
            "ratio": ratio,
            "ratio_cpu": median([t["memory"]["cpu_s"] / t["state"]["cpu_s"] for t in raw]),
            "target": ">= 0.5",
            "ok": ratio >= 0.5,
            "commits_per_s": commits / state_wall,
            "requests_per_commit": requests / commits,
            "cycles_per_s": cycles / state_wall,
            "rounds": raw,
        }
        r = self.results["durable"]
        self.log(
            f"  alert cycle with --state: {r['ratio']:.2f}x in memory "
            f"(CPU {r['ratio_cpu']:.2f}x); {r['commits_per_s']:,.0f} commits/s, "
            f"{r['requests_per_commit']:.0f} requests per commit"
        )
        self.durable_start()

    def durable_start(self) -> None:
        """Peak memory of a start on a state file holding many persisted alerts, per alert,
        beside the memory the same alerts take when enqueued."""
        alerts = 10_000 if self.quick else 50_000
        state = self.out / "bench-start.db"
        for leftover in self.out.glob("bench-start.db*"):
            leftover.unlink()
        fill = request(0, "alert.configure", {"maxConcurrent": 1}) + b"".join(
            request(i + 1, "alert.enqueue", {"type": "t", "persist": True, "data": {"n": i}})
            for i in range(alerts)
        )
        idle = Session([self.engine, "--clock", "manual"])
        idle.run(ping_block(10))
        idle_hwm = vm_hwm(idle.pid)
        idle.close()
        writer = Session([self.engine, "--clock", "manual", "--state", str(state)])
        writer.run(fill)
        enqueued_hwm = vm_hwm(writer.pid)
        writer.close()
        started = time.monotonic()
        reader = Session([self.engine, "--clock", "manual", "--state", str(state)])
        reader.run(ping_block(1))
        start_s = time.monotonic() - started
        start_hwm = vm_hwm(reader.pid)
        reader.close()
        for leftover in self.out.glob("bench-start.db*"):
            leftover.unlink()
        per_alert = (start_hwm - idle_hwm) / alerts
        enqueued = (enqueued_hwm - idle_hwm) / alerts
        self.results["durable_start"] = {
            "description": f"a start on a state file of {alerts:,} persisted alerts: "
            "(VmHWM after its first answer - VmHWM of an idle engine) / alerts, beside the "
            "same for the engine that enqueued them",
            "bytes_per_alert": per_alert,
            "enqueued_bytes_per_alert": enqueued,
            "ratio": per_alert / enqueued,
            "target": "<= 2",
            "ok": per_alert <= 2 * enqueued,
            "start_s": start_s,
        }
        self.log(
            f"  start on {alerts:,} persisted alerts: {per_alert:,.0f} bytes/alert at peak "
            f"({enqueued:,.0f} when enqueued), {start_s:.2f} s"
        )

    def trace(self) -> None:
        """Pings and alert cycles with `--trace FILE` against without."""
        n = 20_000 if self.quick else 50_000
        blocks = {"engine.ping": ping_block(n), "alert cycle": cycle_block(n // 2)}
        out: dict[str, Any] = {}
        for name, block in blocks.items():
            raw: list[dict[str, Any]] = []
            for round_ in range(self.rounds):
                order = ["plain", "traced"] if round_ % 2 == 0 else ["traced", "plain"]
                times: dict[str, Any] = {}
                for mode in order:
                    trace = self.out / "bench.trace"
                    trace.unlink(missing_ok=True)
                    argv = [self.engine, "--clock", "manual"]
                    if mode == "traced":
                        argv += ["--trace", str(trace)]
                    session = Session(argv)
                    wall, cpu = session.run(block)
                    session.close()
                    times[mode] = {"wall_s": wall, "cpu_s": cpu}
                    if mode == "traced":
                        # requests: the block, its marker, the start-up marker
                        times[mode]["bytes_per_1000"] = trace.stat().st_size / (n + 2) * 1000
                        times[mode]["replay_cpu_s"] = self.replay_cpu(trace)
                        trace.unlink()
                raw.append(times)
            ratio = median([t["plain"]["wall_s"] / t["traced"]["wall_s"] for t in raw])
            out[name] = {
                "ratio": ratio,
                "ratio_cpu": median([t["plain"]["cpu_s"] / t["traced"]["cpu_s"] for t in raw]),
                "bytes_per_1000_requests": median([t["traced"]["bytes_per_1000"] for t in raw]),
                "replay_ratio_cpu": median(
                    [t["traced"]["replay_cpu_s"] / t["traced"]["cpu_s"] for t in raw]
                ),
                "rounds": raw,
            }
            r = out[name]
            self.log(
                f"  {name:<12} with --trace: {r['ratio']:.2f}x without (CPU "
                f"{r['ratio_cpu']:.2f}x); {r['bytes_per_1000_requests'] / 1024:,.0f} KiB "
                f"of trace per 1 000 requests; ordo replay {r['replay_ratio_cpu']:.2f}x the "
                "session's CPU"
            )
        self.results["trace"] = {
            "description": f"{n} pipelined requests in one write, fresh engine per block, "
            "with --trace FILE against without; ratio = requests/s traced over untraced; "
            "replay_ratio_cpu = CPU time of `ordo replay` of the trace (start-up and reading "
            "included; it must say identical) over the traced session's",
            "workloads": out,
        }

    def replay_cpu(self, trace: Path) -> float:
        """CPU seconds of `ordo replay TRACE`, which must find the replay identical."""
        before = os.times()
        done = subprocess.run([self.engine, "replay", str(trace)], capture_output=True, check=False)
        after = os.times()
        if done.returncode != 0 or done.stdout != b"identical\n":
            raise RuntimeError(f"ordo replay of the bench's trace: {done.stdout[:300]!r}")
        return (after.children_user - before.children_user) + (
            after.children_system - before.children_system
        )

    # ---------------------------------------------------------------- op throughput

    def op_throughput(self) -> None:
        n = self.ops
        names = [
            "engine.ping",
            "layer.add",
            "layer.move",
            "layer.hitTest",
            "alert cycle",
        ]
        raw: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
        for round_ in range(self.rounds):
            # (name, untimed setup, timed block): the same workloads as against the C floor
            workloads = [(name, *method_workload(name, n, seed=round_)) for name in names]
            if round_ % 2:
                workloads.reverse()
            for name, setup, block in workloads:
                session = Session([self.engine, "--clock", "manual"])
                session.run(setup)
                raw[name].append(session.run(block))
                session.close()
        ping = raw["engine.ping"]
        out: dict[str, Any] = {}
        for name in names:
            count = n // 2 if name == "alert cycle" else n
            wall_ratios = [
                (count / t[0]) / (n / p[0]) for t, p in zip(raw[name], ping, strict=True)
            ]
            cpu_ratios = [(count / t[1]) / (n / p[1]) for t, p in zip(raw[name], ping, strict=True)]
            out[name] = {
                "per_s": count / median([t[0] for t in raw[name]]),
                "per_s_cpu": count / median([t[1] for t in raw[name]]),
                "ratio_to_ping": median(wall_ratios),
                "ratio_to_ping_cpu": median(cpu_ratios),
                "rounds": [{"wall_s": t[0], "cpu_s": t[1]} for t in raw[name]],
            }
        out["layer.add"]["target"] = ">= 0.8"
        out["layer.add"]["ok"] = out["layer.add"]["ratio_to_ping"] >= 0.8
        out["alert cycle"]["target"] = ">= 0.5"
        out["alert cycle"]["ok"] = out["alert cycle"]["ratio_to_ping"] >= 0.5
        out["alert cycle"]["note"] = (
            "one cycle = alert.enqueue + alert.complete (2 requests, 2 events); "
            "ratio = cycles/s over pings/s"
        )
        self.results["throughput"] = {
            "description": f"{n} pipelined requests per block through pipes, fresh engine "
            "(--clock manual) per block; ratio = ops/s over engine.ping/s in the same round",
            "ops": out,
        }
        for name in names:
            r = out[name]
            self.log(
                f"  {name:<14} {r['per_s']:>10,.0f}/s  {r['ratio_to_ping']:.2f}x ping "
                f"({r['ratio_to_ping_cpu']:.2f}x by CPU)"
            )

    # ---------------------------------------------------------------- growth + RSS

    def repeat_blocks(
        self,
        session: Session,
        reps: int,
        make: Callable[[int], tuple[bytes, bytes]],
        block: int,
    ) -> list[tuple[float, float]]:
        """Per-op (wall, CPU) of `reps` timed blocks, each followed by an untimed undo;
        the time of an empty block (the marker alone) is subtracted."""
        samples = []
        for rep in range(reps):
            timed, undo = make(rep)
            empty = session.run(b"")
            wall, cpu = session.run(timed)
            samples.append(((wall - empty[0]) / block, (cpu - empty[1]) / block))
            session.run(undo)
        return samples

    @staticmethod
    def rounds_of(
        make: Callable[[int], tuple[bytes, bytes]], rep: int
    ) -> Callable[[int], tuple[bytes, bytes]]:
        """`make` for `repeat_blocks`, which runs one block: that of round `rep`."""
        return lambda _: make(rep)

    def interleaved_blocks(
        self,
        small: Session,
        large: Session,
        reps: int,
        make: Callable[[int], tuple[bytes, bytes]],
        block: int,
    ) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
        """`repeat_blocks` on two engines in turn, one block each per round (which goes
        first alternates), so that both sizes are measured under the same load."""
        at_small: list[tuple[float, float]] = []
        at_large: list[tuple[float, float]] = []
        for rep in range(reps):
            pair = [(small, at_small), (large, at_large)]
            if rep % 2:
                pair.reverse()
            for session, samples in pair:
                samples += self.repeat_blocks(session, 1, self.rounds_of(make, rep), block)
        return at_small, at_large

    def layer_growth(self) -> None:
        small, large = 10_000, 1_000_000
        block = 2_000
        reps = 9 if self.quick else 15
        rng = random.Random(10)
        sessions = []
        for size in (small, large):
            session = Session([self.engine, "--clock", "manual"])
            session.run(ping_block(10))
            if size == large:
                idle_hwm = vm_hwm(session.pid)
            session.run(request(0, "layer.add", {"id": "p"}))
            if size == large:
                grow_wall, grow_cpu = session.run(
                    add_block(rng, "p", [f"l{i}" for i in range(size)])
                )
                full_hwm = vm_hwm(session.pid)
            else:
                session.run(add_block(rng, "p", [f"l{i}" for i in range(size)]))
            sessions.append(session)

        def make(rep: int) -> tuple[bytes, bytes]:
            ids = [f"g{rep}-{i}" for i in range(block)]
            return add_block(rng, "p", ids), remove_block(ids)

        at_small, at_large = self.interleaved_blocks(sessions[0], sessions[1], reps, make, block)
        for session in sessions:
            session.close()
        layers = large + 1
        cpu_ratio = median([b[1] / a[1] for a, b in zip(at_small, at_large, strict=True)])
        wall_ratio = median([b[0] / a[0] for a, b in zip(at_small, at_large, strict=True)])
        self.results["layer_add_growth"] = {
            "description": f"marginal CPU cost per layer.add of a pipelined block of {block} into "
            f"one parent at {large:,} siblings / at {small:,} (two engines, a block on each in "
            f"turn, median of {reps} rounds' ratios; each block undone by layer.remove, "
            "empty-block time subtracted)",
            "ratio": cpu_ratio,
            "ratio_wall": wall_ratio,
            "target": "<= 1.3",
            "ok": cpu_ratio <= 1.3,
            "small_us": {
                "cpu": median([s[1] for s in at_small]) * 1e6,
                "wall": median([s[0] for s in at_small]) * 1e6,
            },
            "large_us": {
                "cpu": median([s[1] for s in at_large]) * 1e6,
                "wall": median([s[0] for s in at_large]) * 1e6,
            },
            "grow_to_1m": {"wall_s": grow_wall, "cpu_s": grow_cpu},
        }
        per_layer = (full_hwm - idle_hwm) / layers
        self.results["rss_per_layer"] = {
            "description": (
                "(VmHWM with 1M layers under one parent - VmHWM of the idle engine) / 1M"
            ),
            "bytes": per_layer,
            "target": "<= 120",
            "ok": per_layer <= 120,
            "idle_hwm_bytes": idle_hwm,
            "hwm_1m_bytes": full_hwm,
        }
        r = self.results["layer_add_growth"]
        self.log(
            f"  layer.add growth 1M/10k: {r['ratio']:.2f}x CPU ({r['ratio_wall']:.2f}x wall); "
            f"{r['small_us']['cpu']:.2f} -> {r['large_us']['cpu']:.2f} us"
        )
        self.log(f"  peak RSS: {per_layer:.0f} bytes/layer (idle {idle_hwm / 2**20:.1f} MiB)")

    def alert_growth(self) -> None:
        small, large = 1_000, 100_000
        block = 500
        reps = 9 if self.quick else 15
        rng = random.Random(11)
        sessions = [Session([self.engine, "--clock", "manual"]) for _ in range(2)]

        def enqueue(ids: list[str]) -> bytes:
            return b"".join(
                request(
                    i,
                    "alert.enqueue",
                    {"type": "t", "id": a, "priority": rng.randrange(100)},
                )
                for i, a in enumerate(ids)
            )

        for session, size in zip(sessions, (small, large), strict=True):
            session.run(enqueue([f"s{i}" for i in range(size)]))  # s0 shows, the rest wait

        def make(rep: int) -> tuple[bytes, bytes]:
            ids = [f"g{rep}-{i}" for i in range(block)]
            return enqueue(ids), request(0, "alert.cancel", {"ids": ids})

        at_small, at_large = self.interleaved_blocks(sessions[0], sessions[1], reps, make, block)
        for session in sessions:
            session.close()
        cpu_ratio = median([b[1] / a[1] for a, b in zip(at_small, at_large, strict=True)])
        self.results["alert_enqueue_growth"] = {
            "description": f"marginal CPU cost per alert.enqueue of a block of {block} at "
            f"{large:,} queued / at {small:,} (two engines, a block on each in turn, median of "
            f"{reps} rounds' ratios; each block undone by alert.cancel, empty-block time "
            "subtracted)",
            "ratio": cpu_ratio,
            "ratio_wall": median([b[0] / a[0] for a, b in zip(at_small, at_large, strict=True)]),
            "target": "<= 1.3",
            "ok": cpu_ratio <= 1.3,
            "small_us": {
                "cpu": median([s[1] for s in at_small]) * 1e6,
                "wall": median([s[0] for s in at_small]) * 1e6,
            },
            "large_us": {
                "cpu": median([s[1] for s in at_large]) * 1e6,
                "wall": median([s[0] for s in at_large]) * 1e6,
            },
        }
        r = self.results["alert_enqueue_growth"]
        self.log(
            f"  alert.enqueue growth 100k/1k: {r['ratio']:.2f}x CPU ({r['ratio_wall']:.2f}x wall)"
        )

    # ---------------------------------------------------------------- latency

    def latency(self) -> None:
        n = 1_000 if self.quick else 3_000
        warm = 200
        line = ping_line(1)

        def pipe_latency(argv: list[str]) -> list[float]:
            proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                bufsize=0,
            )
            assert proc.stdin and proc.stdout
            reader = io.BufferedReader(cast(io.RawIOBase, proc.stdout))
            fd = proc.stdin.fileno()
            samples = []
            for i in range(warm + n):
                start = time.perf_counter_ns()
                os.write(fd, line)
                reader.readline()
                if i >= warm:
                    samples.append((time.perf_counter_ns() - start) / 1e3)
            proc.stdin.close()
            proc.wait()
            return samples

        def client_latency() -> list[float]:
            try:
                from ordo import Engine
            except ImportError:  # not installed: use the repository's copy
                sys.path.insert(0, str(ROOT / "clients" / "python" / "src"))
                from ordo import Engine

            samples = []
            with Engine(self.engine) as engine:
                for i in range(warm + n):
                    start = time.perf_counter_ns()
                    engine.ping()
                    if i >= warm:
                        samples.append((time.perf_counter_ns() - start) / 1e3)
            return samples

        runs: dict[str, list[float]] = {"echo": [], "ordo_pipe": [], "ordo_client": []}
        for _ in range(3):
            runs["echo"] += pipe_latency(["cat"])
            runs["ordo_pipe"] += pipe_latency([self.engine])
            runs["ordo_client"] += client_latency()
        stats = {
            k: {"p50_us": percentile(v, 50), "p99_us": percentile(v, 99), "n": len(v)}
            for k, v in runs.items()
        }
        echo = stats["echo"]
        self.results["latency"] = {
            "description": "one request at a time: Python writes a ping line and waits for the "
            "answer. Baseline: the same loop against `cat` (bare pipe echo); ordo_pipe: the "
            "same loop against ordo; ordo_client: ordo.Engine.ping() of the Python client",
            "client_p50_ratio": stats["ordo_client"]["p50_us"] / echo["p50_us"],
            "client_p99_ratio": stats["ordo_client"]["p99_us"] / echo["p99_us"],
            "pipe_p50_ratio": stats["ordo_pipe"]["p50_us"] / echo["p50_us"],
            "pipe_p99_ratio": stats["ordo_pipe"]["p99_us"] / echo["p99_us"],
            "raw": stats,
        }
        self.log(
            f"  latency p50/p99: client {stats['ordo_client']['p50_us']:.0f}/"
            f"{stats['ordo_client']['p99_us']:.0f} us, "
            f"ordo pipe {stats['ordo_pipe']['p50_us']:.0f}/{stats['ordo_pipe']['p99_us']:.0f} us, "
            f"echo {echo['p50_us']:.0f}/{echo['p99_us']:.0f} us"
        )

    # ---------------------------------------------------------------- instructions

    def clients(self) -> None:
        """The client figures (bench/clients.py, its own results in bench/out/clients.json)."""
        done = subprocess.run(
            [
                sys.executable,
                str(ROOT / "bench" / "clients.py"),
                "--engine",
                self.engine,
                "--out",
                str(self.out),
            ],
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"bench/clients.py exited with {done.returncode}")
        path = self.out / "clients.json"
        self.results["clients"] = json.loads(path.read_text()) if path.exists() else {}

    def instructions(self) -> None:
        """Instructions per message under callgrind: exact and repeatable, unlike time on a
        shared machine. The engine's debug info is stripped first (valgrind cannot read
        Swift's), which changes no instruction."""
        if not shutil.which("valgrind"):
            self.results["instructions"] = {"skipped": "valgrind not installed"}
            self.log("  skipped: valgrind not installed")
            return
        lines = 20_000
        stripped = self.stripped_engine()
        rng = random.Random(12)
        inputs = {
            "ping": ping_block(lines, prefix=""),
            "layer.add": request(0, "layer.add", {"id": "p"})
            + add_block(rng, "p", [f"a{i}" for i in range(lines)]),
        }
        counts: dict[str, float] = {}

        def count(argv: list[str], data: bytes, name: str) -> float:
            return self.callgrind(argv, data, name)["Ir"] / lines

        counts["floor ping"] = count([self.floor], inputs["ping"], "floor-ping")
        counts["ordo ping"] = count([stripped], inputs["ping"], "ping")
        counts["ordo layer.add"] = count([stripped], inputs["layer.add"], "add")
        self.results["instructions"] = {
            "description": f"instructions per message under callgrind, {lines} pipelined "
            "messages (start-up included, spread over them)",
            "per_message": counts,
            "ping_ratio_to_floor": counts["floor ping"] / counts["ordo ping"],
            "add_ratio_to_ping": counts["ordo ping"] / counts["ordo layer.add"],
            # no regression: the counts of the previous round of work, plus 1%
            "targets": {"ordo ping": "<= 16800", "ordo layer.add": "<= 37600"},
            "ok": counts["ordo ping"] <= 16_800 and counts["ordo layer.add"] <= 37_600,
        }
        self.log(
            f"  per message: C floor ping {counts['floor ping']:,.0f}, ordo ping "
            f"{counts['ordo ping']:,.0f}, ordo layer.add {counts['ordo layer.add']:,.0f}"
        )

    # ---------------------------------------------------------------- spawn

    def spawn(self) -> None:
        reps = 60 if self.quick else 200
        line = ping_line(1)

        def once(binary: str) -> float:
            start = time.perf_counter()
            proc = subprocess.Popen(
                [binary],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                bufsize=0,
            )
            assert proc.stdin and proc.stdout
            os.write(proc.stdin.fileno(), line)
            proc.stdin.close()
            out = proc.stdout.read()
            proc.wait()
            wall = time.perf_counter() - start
            proc.stdout.close()
            if b'"pong":true' not in out or proc.returncode != 0:
                raise RuntimeError(f"{binary}: no pong, status {proc.returncode}")
            return wall

        times: dict[str, list[float]] = {"ordo": [], "floor": []}
        for i in range(reps):
            pair = [("ordo", self.engine), ("floor", self.floor)]
            if i % 2:
                pair.reverse()
            for name, binary in pair:
                times[name].append(once(binary))
        ordo, floor = median(times["ordo"]), median(times["floor"])
        self.results["spawn_ping_exit"] = {
            "description": f"spawn + one engine.ping + EOF + exit, wall time, median of {reps}, "
            "from Python's subprocess; ratio = ordo / C floor",
            "ratio": ordo / floor,
            "target": "<= 3.0",
            "ok": ordo / floor <= 3.0,
            "ordo_ms": ordo * 1e3,
            "floor_ms": floor * 1e3,
        }
        self.log(f"  spawn+ping+exit: ordo {ordo * 1e3:.2f} ms, C floor {floor * 1e3:.2f} ms")


# --------------------------------------------------------------------------- main


def machine() -> dict[str, Any]:
    info: dict[str, Any] = {
        "platform": platform.platform(),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "loadavg_start": os.getloadavg(),
    }
    try:
        with open("/proc/cpuinfo") as f:
            models = [line.split(":", 1)[1].strip() for line in f if line.startswith("model name")]
        info["cpu"] = models[0] if models else platform.processor()
        with open("/proc/meminfo") as f:
            info["memory_kib"] = int(f.readline().split()[1])
    except OSError:
        pass
    for name, argv in [
        ("jansson", ["pkg-config", "--modversion", "jansson"]),
        ("cc", ["cc", "--version"]),
        ("swift", ["swift", "--version"]),
    ]:
        try:
            info[name] = subprocess.run(
                argv, check=False, capture_output=True, text=True
            ).stdout.splitlines()[0]
        except (OSError, IndexError):
            pass
    return info


def build_floor(out: Path) -> Path:
    source = Path(__file__).resolve().parent / "jansson_echo.c"
    binary = out / "jansson_echo"
    flags = subprocess.run(
        ["pkg-config", "--cflags", "--libs", "jansson"],
        check=False,
        capture_output=True,
        text=True,
    ).stdout.split() or ["-ljansson"]
    if not binary.exists() or binary.stat().st_mtime < source.stat().st_mtime:
        subprocess.run(["cc", "-O2", "-o", str(binary), str(source), *flags], check=True)
    return binary


def callgrind_events(report: str) -> dict[str, int]:
    """The totals of callgrind's closing report on stderr: its `Events :` line names them,
    its `Collected :` line gives them in the same order (empty if either is missing)."""
    names: list[str] = []
    for line in report.splitlines():
        if found := re.search(r"\bEvents\s*:(.*)", line):
            names = found[1].split()
        elif (found := re.search(r"\bCollected\s*:(.*)", line)) and names:
            values = [int(v.replace(",", "")) for v in found[1].split()]
            return dict(zip(names, values, strict=True))
    return {}


# The caches callgrind simulates (size, ways, line): this machine's per-core L1i, L1d and L2,
# fixed so that the counts do not depend on what valgrind detects on a VM. Its "LL" is the L2
# here, so an LL miss is an access that goes beyond the L2 (to the shared L3 or memory).
SIMULATED_CACHES = ("--I1=32768,8,64", "--D1=32768,8,64", "--LL=1048576,16,64")


def misses(entry: dict[str, Any], who: str) -> str:
    """`who`'s simulated cache misses per line in `entry` (methods_vs_floor): L1i, L1d,
    beyond the L2."""
    return " / ".join(
        f"{entry[f'{who}_{m}']:,.1f}" for m in ("l1i_misses", "l1d_misses", "l2_misses")
    )


def table(results: dict[str, Any]) -> str:
    """Every figure measured, against its target (steps not run are left out)."""
    rows: list[tuple[str, str, str, str]] = []

    def status(ok: bool | None) -> str:
        return "-" if ok is None else ("ok" if ok else "MISSED")

    if "ping_vs_floor" in results:
        r = results["ping_vs_floor"]
        rows.append(
            (
                "engine.ping throughput / C floor (from a file)",
                f"{r['ratio']:.2f}x  (CPU {r['ratio_cpu']:.2f}x)",
                ">= 1.0x",
                status(r["ok"]),
            )
        )
    if "methods_vs_floor" in results:
        for name, m in results["methods_vs_floor"]["methods"].items():
            ins = ""
            if "ordo_instructions" in m:
                ins = (
                    f"; {m['ordo_instructions'] / 1000:.1f}k vs "
                    f"{m['floor_instructions'] / 1000:.1f}k instr/line"
                )
            rows.append(
                (
                    f"{name} / C floor, same lines",
                    f"{m['ratio']:.2f}x  (CPU {m['ratio_cpu']:.2f}x{ins})",
                    ">= 1.0x" if "target" in m else "-",
                    status(m.get("ok")),
                )
            )
            if "ordo_l1i_misses" in m:
                rows.append(
                    (
                        "  misses/line: L1i / L1d / beyond L2",
                        f"{misses(m, 'ordo')} vs {misses(m, 'floor')}",
                        "-",
                        "-",
                    )
                )
    if "throughput" in results:
        ops = results["throughput"]["ops"]
        # The same ratio for the C floor on the same lines (parse + canned reply, no work),
        # from its instruction counts (exact; its timings on a busy machine are not): what
        # jansson alone allows, since a longer line costs more to parse than a ping.
        floors = results.get("methods_vs_floor", {}).get("methods", {})
        for name in ["layer.add", "layer.move", "layer.hitTest", "alert cycle"]:
            o = ops[name]
            bound = ""
            ping = floors.get("engine.ping", {}).get("floor_instructions")
            line = floors.get(name, {}).get("floor_instructions")
            if ping and line:
                per_op = line * (2 if name == "alert cycle" else 1)
                bound = f"; the C floor's own, by instructions: {ping / per_op:.2f}x"
            rows.append(
                (
                    f"{name} throughput / ping",
                    f"{o['ratio_to_ping']:.2f}x  (CPU {o['ratio_to_ping_cpu']:.2f}x{bound})",
                    o["target"] + "x" if "target" in o else "-",
                    status(o.get("ok")),
                )
            )
    if "durable" in results:
        d = results["durable"]
        rows.append(
            (
                "alert cycle --state (sync full) / in memory",
                f"{d['ratio']:.2f}x  (CPU {d['ratio_cpu']:.2f}x)",
                ">= 0.5x",
                status(d["ok"]),
            )
        )
        rows.append(
            (
                "  commits/s, requests per commit",
                f"{d['commits_per_s']:,.0f}/s, {d['requests_per_commit']:.0f}",
                "-",
                "-",
            )
        )
    if "durable_start" in results:
        d = results["durable_start"]
        rows.append(
            (
                "start on persisted alerts: peak / enqueued",
                f"{d['ratio']:.2f}x  ({d['bytes_per_alert']:,.0f} vs "
                f"{d['enqueued_bytes_per_alert']:,.0f} bytes/alert, {d['start_s']:.2f} s)",
                "<= 2x",
                status(d["ok"]),
            )
        )
    if "trace" in results:
        for name, t in results["trace"]["workloads"].items():
            rows.append(
                (
                    f"{name} with --trace / without",
                    f"{t['ratio']:.2f}x  ({t['bytes_per_1000_requests'] / 1024:,.0f} KiB per"
                    + " 1 000 requests)",
                    "-",
                    "-",
                )
            )
            if "replay_ratio_cpu" in t:
                rows.append(
                    (
                        "  ordo replay of it / the session (CPU)",
                        f"{t['replay_ratio_cpu']:.2f}x",
                        "-",
                        "-",
                    )
                )
    if "layer_add_growth" in results:
        g = results["layer_add_growth"]
        rows.append(
            (
                "layer.add cost at 1M / at 10k",
                f"{g['ratio']:.2f}x  (wall {g['ratio_wall']:.2f}x)",
                "<= 1.3x",
                status(g["ok"]),
            )
        )
        m = results["rss_per_layer"]
        rows.append(
            (
                "peak RSS per layer (1M layers)",
                f"{m['bytes']:.0f} bytes",
                "<= 120",
                status(m["ok"]),
            )
        )
    if "alert_enqueue_growth" in results:
        a = results["alert_enqueue_growth"]
        rows.append(
            (
                "alert.enqueue cost at 100k / at 1k",
                f"{a['ratio']:.2f}x  (wall {a['ratio_wall']:.2f}x)",
                "<= 1.3x",
                status(a["ok"]),
            )
        )
    if "latency" in results:
        lat = results["latency"]
        rows.append(
            (
                "client round trip p50 / pipe echo",
                f"{lat['client_p50_ratio']:.2f}x",
                "-",
                "-",
            )
        )
        rows.append(
            (
                "client round trip p99 / pipe echo",
                f"{lat['client_p99_ratio']:.2f}x",
                "-",
                "-",
            )
        )
        rows.append(
            (
                "raw-pipe round trip p50 / pipe echo",
                f"{lat['pipe_p50_ratio']:.2f}x",
                "-",
                "-",
            )
        )
    if "spawn_ping_exit" in results:
        sp = results["spawn_ping_exit"]
        rows.append(
            (
                "spawn+ping+exit / C floor",
                f"{sp['ratio']:.2f}x  ({sp['ordo_ms']:.2f} vs {sp['floor_ms']:.2f} ms)",
                "<= 3.0x",
                status(sp["ok"]),
            )
        )
    i = results.get("instructions", {})
    if "per_message" in i:
        counts = i["per_message"]
        rows.append(
            (
                "instructions per engine.ping (start-up incl.)",
                f"{counts['ordo ping']:,.0f}  (C floor {counts['floor ping']:,.0f})",
                "<= 16,800",
                status(counts["ordo ping"] <= 16_800),
            )
        )
        rows.append(
            (
                "instructions per layer.add (start-up incl.)",
                f"{counts['ordo layer.add']:,.0f}",
                "<= 37,600",
                status(counts["ordo layer.add"] <= 37_600),
            )
        )
    header = ("figure", "value", "target", "")
    widths = [max(len(row[i]) for row in [*rows, header]) for i in range(4)]
    lines = []
    for row in [header, *rows]:
        lines.append("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip())
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default=str(ROOT / ".build" / "release" / "ordo"))
    parser.add_argument("--out", default=str(ROOT / "bench" / "out"))
    parser.add_argument("--quick", action="store_true", help="fewer rounds and smaller blocks")
    parser.add_argument(
        "--only",
        help="comma-separated subset: ping,ops,floor,durable,trace,growth,alerts,latency,spawn,"
        "instructions",
    )
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    engine = Path(args.engine)
    if not engine.exists():
        print(f"bench: no engine at {engine}; run `make release` first", file=sys.stderr)
        return 2
    if not shutil.which("cc"):
        print("bench: a C compiler (cc) is needed for the C floor", file=sys.stderr)
        return 2
    floor = build_floor(out)
    bench = Bench(engine, floor, out, args.quick)
    info = machine()
    try:  # what the engine loads at start-up matters to spawn time
        linked = subprocess.run(["ldd", str(engine)], check=False, capture_output=True, text=True)
        text = (linked.stdout + linked.stderr).strip()
        info["engine_libraries"] = (
            ["none (static executable)"]
            if "not a dynamic executable" in text
            else [line.split()[0] for line in text.splitlines()]
        )
    except OSError:
        pass
    started = time.monotonic()
    steps = [
        ("ping", "ping vs C floor", bench.ping_vs_floor),
        ("ops", "throughput per method", bench.op_throughput),
        ("floor", "each method / C floor, on the same lines", bench.methods_vs_floor),
        ("durable", "alert cycle with durable state", bench.durable),
        ("trace", "trace overhead", bench.trace),
        ("growth", "layer.add growth and memory", bench.layer_growth),
        ("alerts", "alert.enqueue growth", bench.alert_growth),
        ("latency", "round-trip latency", bench.latency),
        ("spawn", "spawn + ping + exit", bench.spawn),
        ("instructions", "instruction counts (callgrind)", bench.instructions),
        ("clients", "Python and Node clients / bare loops", bench.clients),
    ]
    only = set(args.only.split(",")) if args.only else None
    for key, title, step in steps:
        if only and key not in only:
            continue
        print(f"== {title}", flush=True)
        step()
    results = {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "engine": str(engine),
        "machine": info | {"loadavg_end": os.getloadavg()},
        "seconds": time.monotonic() - started,
        **bench.results,
    }
    (out / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    print()
    print(table(bench.results))
    print(f"\nbench: {results['seconds']:.0f} s; results in {out / 'results.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
