"""Helpers of the durable-state suite: real engines on real pipes and real state files.

Every engine here is the real binary (ORDO_BIN) started with `--state`, spoken to in raw
NDJSON JSON-RPC; no client library sits in between. Waits are bounded (generous on a noisy
2-core machine) and nothing asserts on speed.
"""

from __future__ import annotations

import json
import queue
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ordo_testing import assert_no_crash, engine_binary

READ_TIMEOUT = 20.0
EXIT_TIMEOUT = 20.0

DAY_MS = 86_400_000
# 2026-01-01T00:00:00Z, the worked example's day 0.
EPOCH_MS = 1_767_225_600_000

JSON = Any


def request_line(method: str, params: JSON = None, id: JSON = 1) -> bytes:
    message: dict[str, JSON] = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


@dataclass
class Reply:
    """A response and the notifications (events) written before it."""

    message: dict[str, JSON]
    events: list[dict[str, JSON]] = field(default_factory=list)

    @property
    def result(self) -> JSON:
        assert "error" not in self.message, f"expected a result, got {self.message}"
        return self.message["result"]

    @property
    def error(self) -> dict[str, JSON]:
        assert "error" in self.message, f"expected an error, got {self.message}"
        error: dict[str, JSON] = self.message["error"]
        return error

    def event_methods(self) -> list[str]:
        return [event["method"] for event in self.events]


class Engine:
    """A live engine on a state file. A reader thread splits stdout into messages; stderr
    goes to a temporary file (a chatty engine can never block on it)."""

    def __init__(
        self,
        state: Path | str | None,
        *args: str,
        clock: str = "manual",
        epoch_ms: int | None = None,
        preexec_fn: Callable[[], None] | None = None,
    ) -> None:
        argv = [engine_binary(), "--clock", clock]
        if state is not None:
            argv += ["--state", str(state)]
        if epoch_ms is not None:
            argv += ["--epoch-ms", str(epoch_ms)]
        argv += list(args)
        self.argv = argv
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - closed in close()
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            bufsize=0,
            preexec_fn=preexec_fn,
        )
        self.pid = self.proc.pid
        self._messages: queue.Queue[dict[str, JSON] | list[JSON] | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._next_id = 0

    def _read(self) -> None:
        assert self.proc.stdout is not None
        try:
            for line in self.proc.stdout:
                if line.endswith(b"\n"):
                    self._messages.put(json.loads(line))
        except (OSError, ValueError):
            pass  # stdout closed under the reader by dispose()
        self._messages.put(None)

    def send(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def read_message(self, timeout: float = READ_TIMEOUT) -> dict[str, JSON] | list[JSON]:
        try:
            message = self._messages.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no message from the engine within {timeout} s") from None
        if message is None:
            raise AssertionError(f"the engine closed stdout; stderr:\n{self.stderr()}")
        return message

    def pending_output(self, wait: float) -> list[dict[str, JSON] | list[JSON]]:
        """Whatever the engine writes within `wait` seconds without being asked."""
        time.sleep(wait)
        found: list[dict[str, JSON] | list[JSON]] = []
        while True:
            try:
                message = self._messages.get_nowait()
            except queue.Empty:
                return found
            if message is not None:
                found.append(message)

    def call(self, method: str, params: JSON = None) -> Reply:
        """One request; the notifications written before its response come with it."""
        self._next_id += 1
        id = self._next_id
        self.send(request_line(method, params, id))
        events: list[dict[str, JSON]] = []
        while True:
            message = self.read_message()
            assert isinstance(message, dict), message
            if "id" not in message:
                events.append(message)
                continue
            assert message["id"] == id, f"response to another request: {message}"
            return Reply(message, events)

    def batch(self, calls: Sequence[tuple[str, JSON]]) -> tuple[list[dict[str, JSON]], list[JSON]]:
        """A JSON-RPC batch (one message); returns the events before it and its responses."""
        entries = []
        for method, params in calls:
            self._next_id += 1
            entry: dict[str, JSON] = {"jsonrpc": "2.0", "id": self._next_id, "method": method}
            if params is not None:
                entry["params"] = params
            entries.append(entry)
        self.send(json.dumps(entries).encode() + b"\n")
        events: list[dict[str, JSON]] = []
        while True:
            message = self.read_message()
            if isinstance(message, list):
                return events, message
            events.append(message)

    def result(self, method: str, params: JSON = None) -> JSON:
        return self.call(method, params).result

    def close(self, timeout: float = EXIT_TIMEOUT) -> int:
        """EOF on stdin, then the exit status (a clean exit commits nothing new)."""
        assert self.proc.stdin is not None
        if not self.proc.stdin.closed:
            try:
                self.proc.stdin.close()
            except BrokenPipeError:
                pass
        try:
            rc = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired as expired:
            self.proc.kill()
            raise AssertionError(f"engine did not exit within {timeout} s") from expired
        self._reader.join(timeout)
        assert_no_crash(self.stderr())
        return rc

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=EXIT_TIMEOUT)

    def stderr(self) -> str:
        self._stderr.seek(0)
        return self._stderr.read().decode("utf-8", "replace")

    def dispose(self) -> None:
        self.kill()
        self._reader.join(EXIT_TIMEOUT)
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        self._stderr.close()


@dataclass
class Run:
    rc: int
    out: str
    err: str


def run_engine(
    *args: str,
    input: bytes = b"",
    timeout: float = 60.0,
    clock: str | None = "manual",
    preexec_fn: Callable[[], None] | None = None,
) -> Run:
    """Runs the engine to its end with `input` on stdin (`preexec_fn` run in the child
    first, e.g. to set a resource limit)."""
    argv = [engine_binary(), *(["--clock", clock] if clock else []), *args]
    try:
        done = subprocess.run(
            argv, input=input, capture_output=True, timeout=timeout, preexec_fn=preexec_fn
        )
    except subprocess.TimeoutExpired as expired:
        raise AssertionError(f"engine did not finish within {timeout} s") from expired
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode >= 0, f"engine killed by signal {-done.returncode}: {err}"
    assert_no_crash(err)
    return Run(done.returncode, done.stdout.decode("utf-8", "replace"), err)


def call_once(state: Path, method: str, params: JSON = None, *flags: str) -> JSON:
    """`ordo --state … --clock manual [flags] call METHOD PARAMS`: the result."""
    args = ["--state", str(state), *flags, "call", method]
    if params is not None:
        args.append(json.dumps(params))
    run = run_engine(*args)
    assert run.rc == 0, f"ordo call {method} failed ({run.rc}): {run.err}"
    return json.loads(run.out)


def call_as_nobody(*args: str) -> subprocess.CompletedProcess[str]:
    """`ordo ARGS` run to its end as user and group 65534 (the caller must be root)."""
    return subprocess.run(
        [engine_binary(), *args],
        capture_output=True,
        text=True,
        timeout=60,
        user=65534,
        group=65534,
        extra_groups=[],
    )


def sqlite3(path: Path, sql: str) -> str:
    """Runs `sql` with Debian's sqlite3 command-line shell; its stdout."""
    done = subprocess.run(
        ["sqlite3", str(path), sql], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, f"sqlite3 {sql!r} failed: {done.stderr}"
    return done.stdout


def alert_ids(alerts: list[dict[str, JSON]]) -> list[str]:
    return [alert["id"] for alert in alerts]
