"""KeyboardInterrupt (any exception a signal handler raises) landing anywhere in a call of
the blocking Engine: the call raises it, and the engine still answers the next one.

An interrupt used to strand the write lock (between acquiring it and the ``try`` that
releases it) or the *reading* flag (between setting it and the ``try`` that clears it):
every later call then timed out, forever.
"""

from __future__ import annotations

import gc
import os
import random
import signal
import subprocess
import sys
import time
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Callable

import pytest

import ordo
from conftest import EngineFactory
from ordo import AlertShow, Engine

pytestmark = pytest.mark.skipif(
    not hasattr(signal, "setitimer"), reason="needs signal.setitimer (POSIX)"
)

ITERATIONS = 2500


def _call(engine: Engine, n: int) -> None:
    engine.layers.add(f"l{n}")


def _notify(engine: Engine, n: int) -> None:
    engine.notify("layer.add", {"id": f"n{n}"})


def _batch(engine: Engine, n: int) -> None:
    with engine.batch() as batch:
        batch.ping()
        batch.notify("layer.add", {"id": f"b{n}"})
        batch.layers.add(f"c{n}")


def _events(engine: Engine, n: int) -> None:
    engine.alerts.enqueue("toast", id=f"a{n}", queue=f"q{n}")  # a show, and its handler


def _raw(engine: Engine, n: int) -> None:
    engine.raw({"jsonrpc": "2.0", "id": f"r{n}", "method": "engine.ping"})


OPERATIONS: list[Callable[[Engine, int], None]] = [_call, _notify, _batch, _events, _raw]


class Alarms:
    """SIGALRM raising ``exception`` from its handler, at most once per arming (never outside
    :meth:`call`), with the garbage collector off meanwhile (a gc callback, hypothesis has
    one, would swallow an interrupt); everything restored on exit."""

    def __init__(self, exception: type[BaseException], seed: int) -> None:
        self.exception = exception
        self.rng = random.Random(seed)
        self._armed = False

    def _handler(self, signum: int, frame: FrameType | None) -> None:
        if self._armed:
            self._armed = False
            raise self.exception

    def __enter__(self) -> Alarms:
        self._previous = signal.signal(signal.SIGALRM, self._handler)
        gc.disable()
        return self

    def __exit__(self, *_: object) -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self._previous)
        gc.enable()

    def call(self, body: Callable[[], object], low: float, high: float) -> bool:
        """Runs ``body`` with the alarm set to a random moment in [low, high] seconds;
        whether the exception landed in it."""
        try:
            self._armed = True
            signal.setitimer(signal.ITIMER_REAL, self.rng.uniform(low, high))
            body()
        except self.exception:
            return True
        finally:
            self._armed = False
            signal.setitimer(signal.ITIMER_REAL, 0)
        return False


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_keyboard_interrupts_at_random_moments_never_wedge_the_engine(
    make_engine: EngineFactory,
) -> None:
    engine = make_engine(timeout=5.0, tap=None)  # the plain path: no tap
    shows: list[AlertShow] = []
    engine.on("alert.show", shows.append)  # answers then wait for the dispatcher too
    interrupted = 0
    started = time.monotonic()
    with Alarms(KeyboardInterrupt, seed=20250) as alarms:
        for n in range(ITERATIONS):
            operation = OPERATIONS[n % len(OPERATIONS)]
            interrupted += alarms.call(partial(operation, engine, n), 0.00001, 0.0003)
            # Whatever the interrupt hit, the engine answers the next call (a wedged
            # engine times out here).
            assert engine.call("engine.ping", timeout=5.0)["pong"], (n, operation)
            assert time.monotonic() - started < 240, f"too slow: {n} iterations"
    assert interrupted > ITERATIONS // 20, interrupted  # the interrupts did land in calls
    assert engine._writer is None
    assert engine.stats().layers > 0


class Deadline(Exception):
    """What a "deadline via signal.alarm" handler raises: an Exception, not a BaseException."""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_an_exception_a_signal_handler_raises_while_reading_leaves_the_engine_running(
    make_engine: EngineFactory,
) -> None:
    """An ordinary exception raised by a signal handler while the client parses a large
    answer is the caller's, raised from its call: it used to count as a bug of the reader,
    which killed the engine (SIGKILL) at the first one."""
    engine = make_engine(timeout=5.0, tap=None)
    engine.layers.add("big", data={"s": "x" * 200_000})
    raised = 0
    with Alarms(Deadline, seed=7) as alarms:
        # Until 50 deadlines landed in calls (how many of the calls they hit depends on the
        # machine's speed: a fixed count of calls, 300, fell short of 30 on a fast one).
        for _ in range(5000):
            raised += alarms.call(lambda: engine.layers.get("big"), 0.00005, 0.003)
            assert engine.running, "the engine was killed"
            if raised == 50:
                break
    assert raised == 50, raised  # the deadlines did land in calls
    assert engine.call("engine.ping", timeout=5.0)["pong"]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_interrupts_while_large_answers_are_read_cost_no_other_message(
    make_engine: EngineFactory, caplog: pytest.LogCaptureFixture
) -> None:
    """KeyboardInterrupts landing while a 200 KB answer is read (several reads) and split:
    they used to cut lines (logged as not JSON) and lose the answers read with them or just
    after (a later, uninterrupted call timed out). What a read brought is kept now, even
    when the interrupt comes just after the read returned, and framing changes in one step."""
    engine = make_engine(timeout=5.0, tap=None)
    engine.layers.add("big", data={"s": "x" * 200_000})
    interrupted = calls = 0
    with Alarms(KeyboardInterrupt, seed=1) as alarms:
        # Until 80 calls were interrupted (a loaded machine lands fewer per call: a fixed
        # 800 calls once got 77), and at least 800 calls.
        while calls < 800 or (interrupted <= 80 and calls < 8000):
            interrupted += alarms.call(lambda: engine.layers.get("big"), 0.00005, 0.003)
            assert engine.call("clock.now", timeout=5.0)["mode"] == "manual"
            calls += 1
    assert interrupted > 80, (interrupted, calls)
    assert not [r for r in caplog.records if "not JSON" in r.getMessage()]


# Each program makes Ctrl-C raise KeyboardInterrupt, as Python does in a terminal: started
# with SIGINT ignored (a CI job under nohup, a shell script's background job), Python leaves
# it ignored, and the engine it starts would ignore it too.
_SYNC_PROGRAM = """
import os, signal, time
signal.signal(signal.SIGINT, signal.default_int_handler)
from ordo import Engine
engine = Engine(os.environ["ORDO_BIN"], clock="manual", timeout=5)
engine.ping()
try:  # "ready" inside it: the test's Ctrl-C may land as soon as it is written
    print("ready", flush=True)
    time.sleep(30)
except KeyboardInterrupt:
    time.sleep(0.3)  # the engine had time to act on the signal
    try:
        print("ping", engine.ping().pong, flush=True)
    except Exception as exc:
        print("ping failed", type(exc).__name__, exc, flush=True)
    print("closed", engine.close(), flush=True)
"""

_ASYNC_PROGRAM = """
import asyncio, os, signal
signal.signal(signal.SIGINT, signal.default_int_handler)
from ordo import AsyncEngine
async def main():
    engine = await AsyncEngine(os.environ["ORDO_BIN"], clock="manual", timeout=5).start()
    await engine.ping()
    print("ready", flush=True)
    try:
        await asyncio.sleep(30)
    except asyncio.CancelledError:
        await asyncio.sleep(0.3)
        try:
            print("ping", (await engine.ping()).pong, flush=True)
        except Exception as exc:
            print("ping failed", type(exc).__name__, exc, flush=True)
        print("closed", await engine.close(), flush=True)
try:
    asyncio.run(main())
except KeyboardInterrupt:
    pass
"""


@pytest.mark.parametrize("program", [_SYNC_PROGRAM, _ASYNC_PROGRAM], ids=["sync", "async"])
def test_ctrl_c_to_the_programs_process_group_leaves_the_engine_to_the_program(
    ordo_bin: str, program: str
) -> None:
    """A terminal's Ctrl-C signals the whole job in front: the engine, in the program's
    process group, took the SIGINT as its end, and a KeyboardInterrupt handler that still
    used it (a graceful shutdown) failed with EngineExited. The engine runs in a process
    group of its own; it still ends with the program, its stdin closed."""
    source = str(Path(ordo.__file__).resolve().parents[1])
    env = {**os.environ, "ORDO_BIN": ordo_bin, "PYTHONPATH": source}
    job = subprocess.Popen(
        [sys.executable, "-c", program],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        start_new_session=True,  # the job a terminal would signal
    )
    try:
        assert job.stdout is not None
        assert job.stdout.readline() == b"ready\n"
        os.killpg(job.pid, signal.SIGINT)
        out, err = job.communicate(timeout=30)
    finally:
        if job.poll() is None:
            job.kill()
            job.wait()
    assert job.returncode == 0, err.decode()
    assert out.decode().splitlines() == ["ping True", "closed 0"], err.decode()


_STOPPED_PROGRAMS = {
    "sync": """
import os, time
from ordo import Engine
engine = Engine(os.environ["ORDO_BIN"], clock="manual", timeout=5)
engine.ping()
print(engine.pid, flush=True)
time.sleep(30)
""",
    "async": """
import asyncio, os
from ordo import AsyncEngine
async def main():
    engine = await AsyncEngine(os.environ["ORDO_BIN"], clock="manual", timeout=5).start()
    await engine.ping()
    print(engine.pid, flush=True)
    await asyncio.sleep(30)
asyncio.run(main())
""",
}


def _process_state(pid: int) -> str:
    """The kernel's one-letter state of ``pid`` ("T" stopped, "Z" ended, not yet reaped),
    or "gone"."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return "gone"
    return status.split("State:")[1].split()[0]


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
@pytest.mark.skipif(sys.version_info < (3, 11), reason="process_group needs Python 3.11")
@pytest.mark.parametrize("kind", sorted(_STOPPED_PROGRAMS))
def test_an_engine_stopped_when_its_program_dies_still_ends(ordo_bin: str, kind: str) -> None:
    """An engine stopped (SIGSTOP, a debugger) when its program was killed stayed stopped
    for good: in a session of its own the kernel sends it nothing. In a process group of
    its own in the program's session, it is sent SIGHUP and SIGCONT as its group is left
    orphaned, and ends."""
    source = str(Path(ordo.__file__).resolve().parents[1])
    env = {**os.environ, "ORDO_BIN": ordo_bin, "PYTHONPATH": source}
    program = subprocess.Popen(
        [sys.executable, "-c", _STOPPED_PROGRAMS[kind]], stdout=subprocess.PIPE, env=env
    )
    assert program.stdout is not None
    pid = int(program.stdout.readline())
    try:
        assert os.getsid(pid) == os.getsid(program.pid)
        assert os.getpgid(pid) == pid != os.getpgid(program.pid)
        os.kill(pid, signal.SIGSTOP)
        deadline = time.monotonic() + 5
        while _process_state(pid) != "T" and time.monotonic() < deadline:
            time.sleep(0.01)
        assert _process_state(pid) == "T"
        program.kill()
        program.wait()
        deadline = time.monotonic() + 10
        while _process_state(pid) not in ("Z", "gone") and time.monotonic() < deadline:
            time.sleep(0.02)
        assert _process_state(pid) in ("Z", "gone")
    finally:
        if program.poll() is None:
            program.kill()
            program.wait()
        if _process_state(pid) not in ("Z", "gone"):
            os.kill(pid, signal.SIGKILL)
