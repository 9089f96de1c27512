"""The engine runs on one thread, whatever it is asked to do.

`make release` builds it with -assume-single-threaded (non-atomic reference counting,
README "Two commands"), which is sound only while no second thread ever runs Swift code:
these tests fail if any feature starts one (SQLite's commits and checkpoints, the trace
file, the system clock's timer, the signal handler, layer.render).
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

from conftest import EngineFactory
from durable_support import EPOCH_MS


def threads(pid: int) -> list[str]:
    return sorted(os.listdir(f"/proc/{pid}/task"))


def test_every_feature_runs_on_the_engines_one_thread(
    state: Path, tmp_path: Path, engine: EngineFactory
) -> None:
    live = engine(state, "--trace", str(tmp_path / "session.trace"), clock="system")
    assert threads(live.pid) == [str(live.pid)]
    live.result("alert.configure", {"queue": "toasts", "maxConcurrent": 2})
    for i in range(50):
        live.result(
            "alert.enqueue",
            {
                "type": "toast",
                "id": f"t{i}",
                "queue": "toasts",
                "priority": i % 7,
                "persist": True,
                "durationMs": 60_000,  # a timer armed on the system clock
                "limit": {"max": 30, "windowMs": 86_400_000},
            },
        )
    live.result("layer.add", {"id": "page", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}})
    live.result("layer.render", {})
    live.result("alert.complete", {"id": "t0"})
    assert threads(live.pid) == [str(live.pid)]
    live.proc.send_signal(signal.SIGHUP)  # the handler's path, then the exit's last commit
    assert live.proc.wait(timeout=10) == 0


def test_a_restart_on_a_full_state_file_stays_on_one_thread(
    state: Path, engine: EngineFactory
) -> None:
    first = engine(state, epoch_ms=EPOCH_MS)
    for i in range(200):
        first.result("alert.enqueue", {"type": "rate", "id": f"r{i}", "persist": True})
    assert first.close() == 0
    second = engine(state, epoch_ms=EPOCH_MS + 1000)
    listed = second.result("alert.list", {})
    assert isinstance(listed, dict) and len(listed["alerts"]) == 200
    assert threads(second.pid) == [str(second.pid)]
