"""A real engine on real pipes, recording a trace, and what its wire says.

:class:`Session` runs ``ordo --clock manual --trace PATH`` and sends one request at a time
(NDJSON), keeping every request, result and event. :func:`wire_counts` then works out what
``ordo report`` must draw from those messages alone: it never reads the engine's SVG or
HTML, so a wrong renderer cannot agree with itself.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import tempfile
import threading
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO, Any

REPOSITORY = Path(__file__).resolve().parents[2]

# Generous: they only matter when the engine hangs, and then the test fails.
READ_TIMEOUT = 30.0
EXIT_TIMEOUT = 30.0

ENDED_STATES = frozenset({"done", "cancelled", "expired"})


def engine_binary() -> Path:
    """ORDO_BIN, else the release binary of this checkout (``make release``)."""
    path = Path(os.environ.get("ORDO_BIN") or REPOSITORY / ".build" / "release" / "ordo")
    if not (path.is_file() and os.access(path, os.X_OK)):
        raise RuntimeError(f"engine binary {path} not found: run `make release` or set ORDO_BIN")
    return path


class EngineError(AssertionError):
    """The engine answered a request with an error."""

    def __init__(self, method: str, error: dict[str, Any]) -> None:
        super().__init__(f"{method}: {error}")
        self.error = error


@dataclass
class Exchange:
    """One request and its answer, with the events written before the answer."""

    method: str
    params: dict[str, Any] | None
    result: Any
    events: list[dict[str, Any]]


class Session:
    """``ordo --clock manual --trace TRACE`` on pipes; use it as a context manager."""

    def __init__(self, trace: Path, *flags: str) -> None:
        self.trace = trace
        self.exchanges: list[Exchange] = []
        self._stderr: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 - closed in close()
        self._proc = subprocess.Popen(
            [str(engine_binary()), "--clock", "manual", "--trace", str(trace), *flags],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
        )
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._next_id = 1
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self._proc.stdout is not None
        for line in self._proc.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def call(self, method: str, params: dict[str, Any] | None = None) -> Any:
        """Sends one request and returns its result; raises EngineError for an error."""
        request: dict[str, Any] = {"jsonrpc": "2.0", "id": self._next_id, "method": method}
        if params is not None:
            request["params"] = params
        self._next_id += 1
        assert self._proc.stdin is not None
        self._proc.stdin.write(json.dumps(request).encode() + b"\n")
        self._proc.stdin.flush()
        events: list[dict[str, Any]] = []
        while True:
            try:
                line = self._lines.get(timeout=READ_TIMEOUT)
            except queue.Empty:
                raise AssertionError(f"{method}: no answer within {READ_TIMEOUT} s") from None
            if line is None:
                raise AssertionError(f"{method}: the engine closed stdout\n{self._stderr_text()}")
            message = json.loads(line)
            if "id" not in message:
                events.append(message)
                continue
            assert message["id"] == request["id"], message
            if "error" in message:
                raise EngineError(method, message["error"])
            self.exchanges.append(Exchange(method, params, message["result"], events))
            return message["result"]

    def close(self) -> None:
        """Closes stdin and checks that the engine flushed and exited 0 (trace complete)."""
        try:
            if self._proc.stdin is not None and not self._proc.stdin.closed:
                self._proc.stdin.close()
            code = self._proc.wait(timeout=EXIT_TIMEOUT)
            assert code == 0, f"the engine exited {code}\n{self._stderr_text()}"
        finally:
            if self._proc.poll() is None:
                self._proc.kill()
                self._proc.wait()
            self._stderr.close()

    def _stderr_text(self) -> str:
        self._stderr.seek(0)
        return self._stderr.read().decode("utf-8", "replace")[-4000:]

    def __enter__(self) -> Session:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if kind is None:
            self.close()
        else:
            self._proc.kill()
            self._proc.wait()
            self._stderr.close()


def write_report(trace: Path, output: Path, *window: str) -> None:
    """``ordo report TRACE -o OUTPUT [WINDOW...]``; checks that it exits 0 and names the
    file."""
    done = subprocess.run(
        [str(engine_binary()), "report", str(trace), "-o", str(output), *window],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, f"ordo report exited {done.returncode}: {done.stderr}"
    assert done.stdout == f"{output}\n", done.stdout
    assert output.is_file()


@dataclass
class WireCounts:
    """What the report of a session must show, worked out from the session's messages."""

    #: One bar per state interval: each alert's state at creation, then one per change
    #: into a state that is not an end.
    bars_by_state: Counter[str] = field(default_factory=Counter)
    #: Alerts that ended (done, cancelled, expired).
    ends: int = 0
    #: Changes of the page stack (it starts empty).
    navigation: int = 0
    #: The queues with at least one alert.
    queues: set[str] = field(default_factory=set)
    #: The layers drawn at the end: paint order, framed ones only.
    layers: list[str] = field(default_factory=list)
    #: Enqueues a frequency limit dropped (``disposition: "limited"``), by the id asked for
    #: (``None``: none given): no alert, but a mark of their own.
    refused: list[str | None] = field(default_factory=list)

    @property
    def bars(self) -> int:
        return sum(self.bars_by_state.values())


def wire_counts(session: Session) -> WireCounts:
    """Counts the alert intervals, ends and page changes of `session`'s wire, and asks it for
    the painted, framed layers (layer.paintOrder then layer.get for each).

    Each alert id must be used once (an id used again after its end would be a second row).
    """
    counts = WireCounts()
    created: dict[str, dict[str, Any]] = {}
    changes: dict[str, list[dict[str, Any]]] = {}
    stack: list[str] = []
    for exchange in session.exchanges:
        for event in exchange.events:
            if event["method"] == "alert.changed":
                changes.setdefault(event["params"]["id"], []).append(event["params"])
        if exchange.method == "alert.enqueue" and exchange.result["disposition"] == "limited":
            counts.refused.append((exchange.params or {}).get("id"))
        if exchange.method == "alert.enqueue" and exchange.result["disposition"] == "queued":
            alert = exchange.result["alert"]
            assert alert["id"] not in created, f"id {alert['id']} used twice"
            created[alert["id"]] = alert
        if exchange.method in ("nav.push", "nav.pop", "nav.set"):
            if exchange.result["stack"] != stack:
                counts.navigation += 1
            stack = exchange.result["stack"]
    assert set(changes) <= set(created), "a change of an alert never queued"
    for alert_id, alert in created.items():
        mine = changes.get(alert_id, [])
        # Its state at creation: the one its first change left, else the one it still has.
        counts.bars_by_state[mine[0]["previous"] if mine else alert["state"]] += 1
        counts.queues.add(alert["queue"])
        for index, change in enumerate(mine):
            if change["state"] in ENDED_STATES:
                assert index == len(mine) - 1, f"{alert_id} changed after it ended"
                counts.ends += 1
            else:
                counts.bars_by_state[change["state"]] += 1
    for layer_id in session.call("layer.paintOrder")["ids"]:
        if session.call("layer.get", {"id": layer_id}).get("frame") is not None:
            counts.layers.append(layer_id)
    return counts
