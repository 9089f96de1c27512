"""Helpers of the trace suite: record sessions of the REAL engine with `--trace` through real
pipes, read the trace files back, and run `ordo replay` on them.

Every wait is bounded (generous on a noisy 2-core machine); a test fails rather than hangs.
"""

from __future__ import annotations

import base64
import json
import os
import re
import select
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import test_conformance as conformance
from ordo_testing import assert_no_crash, engine_binary

READ_TIMEOUT = 20.0
REPLAY_TIMEOUT = 60.0

# A record line as the engine writes it: `msg` (the message's text, verbatim) comes last.
RECORD = re.compile(rb'^\{"dir":"(in|out)","at":(-?[0-9]+)(,"framing":"(ndjson|lsp)")?,(.*)\}$')


# --------------------------------------------------------------------------- messages


def method(name: str, **params: Any) -> Callable[[Any], bool]:
    """Matches an event `name` whose params contain `params` (`alert_id`: its alert's id)."""

    def matches(message: Any) -> bool:
        if not isinstance(message, dict) or message.get("method") != name:
            return False
        got = message.get("params", {})
        for key, value in params.items():
            found = got.get(key) if key != "alert_id" else got.get("alert", {}).get("id")
            if found != value:
                return False
        return True

    return matches


def wait_for(
    live: Engine, predicate: Callable[[Any], bool], seen: list[Any], after: Any = None
) -> Any:
    """The message of `seen` (after the message `after`, when given) that matches, else
    reads messages (adding them to `seen`) until one does; every read has a deadline."""
    start = 0 if after is None else next(i for i, m in enumerate(seen) if m is after) + 1
    for message in seen[start:]:
        if predicate(message):
            return message
    while True:
        message = live.message()
        seen.append(message)
        if predicate(message):
            return message


def request(method: str, params: Any = None, id: int = 1) -> bytes:
    """A compact NDJSON request line."""
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


# --------------------------------------------------------------------------- live engines


class Engine:
    """One engine process with pipes on stdin/stdout; stderr goes to a temporary file."""

    def __init__(self, *args: str, cwd: Path | None = None, env: dict[str, str] | None = None):
        # Closed by close(), which the tests' fixture always calls.
        self.stderr_file = tempfile.TemporaryFile()  # noqa: SIM115
        self.process = subprocess.Popen(
            [engine_binary(), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr_file,
            cwd=cwd,
            env=env,
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self.stdin = self.process.stdin
        self.fd = self.process.stdout.fileno()
        self.buffer = b""
        self.eof = False
        self.next_id = 0

    def send(self, data: bytes) -> None:
        self.stdin.write(data)
        self.stdin.flush()

    def call(self, method: str, params: Any = None) -> int:
        """Sends a request with the next id; returns the id."""
        self.next_id += 1
        self.send(request(method, params, self.next_id))
        return self.next_id

    def _fill(self, deadline: float) -> None:
        ready, _, _ = select.select([self.fd], [], [], max(deadline - time.monotonic(), 0))
        if not ready:
            raise TimeoutError(f"no output within {READ_TIMEOUT}s")
        chunk = os.read(self.fd, 1 << 16)
        self.eof = not chunk
        self.buffer += chunk

    def line(self) -> bytes:
        """The next NDJSON line the engine writes (without its newline)."""
        deadline = time.monotonic() + READ_TIMEOUT
        while (newline := self.buffer.find(b"\n")) < 0:
            if self.eof:
                raise EOFError(f"stdout closed; unread: {self.buffer[:200]!r}")
            self._fill(deadline)
        body, self.buffer = self.buffer[:newline], self.buffer[newline + 1 :]
        return body

    def message(self) -> Any:
        return json.loads(self.line())

    def until_response(self, id: int) -> list[Any]:
        """Every message up to and including the response to `id`."""
        seen: list[Any] = []
        while True:
            message = self.message()
            seen.append(message)
            if isinstance(message, dict) and message.get("id") == id and "method" not in message:
                return seen

    def finish(self) -> tuple[int, bytes]:
        """Closes stdin, reads stdout to its end; returns the exit status and what was left."""
        try:
            self.stdin.close()
        except BrokenPipeError:
            pass
        deadline = time.monotonic() + READ_TIMEOUT
        while not self.eof:
            self._fill(deadline)
        return self.process.wait(timeout=READ_TIMEOUT), self.buffer

    def kill9(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=READ_TIMEOUT)

    def stderr(self) -> str:
        self.stderr_file.seek(0)
        return self.stderr_file.read().decode("utf-8", "replace")

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=READ_TIMEOUT)
        try:
            self.stdin.close()
        except BrokenPipeError:
            pass
        assert self.process.stdout is not None
        self.process.stdout.close()
        self.stderr_file.close()


# --------------------------------------------------------------------------- transcripts


class RecordingOutput(conformance.Output):
    """The conformance runner's stdout reader, keeping every message body it takes."""

    def __init__(self, stream: IO[bytes], framing: str) -> None:
        super().__init__(stream, framing)
        self.bodies: list[bytes] = []

    def _take(self) -> bytes | None:
        body = super()._take()
        if body is not None:
            self.bodies.append(body)
        return body


def record_transcript(
    path: Path, trace: Path, *extra: str
) -> tuple[list[bytes], conformance.Transcript, int]:
    """Runs conformance transcript `path` as the conformance runner does, with `--trace
    trace` and `extra` flags; returns every message body read from stdout, the transcript
    and the exit status."""
    transcript = conformance.parse(path)
    live = Engine(*transcript.args, "--trace", str(trace), *extra)
    try:
        assert live.process.stdout is not None
        output = RecordingOutput(live.process.stdout, transcript.framing)
        for step in transcript.steps:
            try:
                live.send(step.send)
            except BrokenPipeError:
                pass  # the engine has exited (exit, bad flag): what it wrote is read below
            for _ in step.expect:
                output.message()
        try:
            live.stdin.close()
        except BrokenPipeError:
            pass
        output.rest()
        while output._take() is not None:
            pass
        assert not output.buffer, f"a partial message at the end of stdout: {output.buffer!r}"
        return output.bodies, transcript, live.process.wait(timeout=20)
    finally:
        live.close()


# --------------------------------------------------------------------------- trace files


@dataclass
class Record:
    """One record line of a trace; `text` is the `msg` member's bytes as written (or None)."""

    dir: str
    at: int
    line: bytes
    value: dict[str, Any]
    text: bytes | None = None
    framing: str | None = None
    # An input that switched to the system clock: that clock's time at each switch
    # (`systemAt`; a `moreSystemAt` record adds those of the input before it).
    system_at: list[int] | None = None

    @property
    def message(self) -> Any:
        return self.value.get("msg")

    @property
    def raw(self) -> bytes | None:
        raw64 = self.value.get("raw64")
        return None if raw64 is None else base64.b64decode(raw64, validate=True)


@dataclass
class Trace:
    header: dict[str, Any]
    records: list[Record] = field(default_factory=list)
    truncated: bool = False

    @property
    def inputs(self) -> list[Record]:
        return [r for r in self.records if r.dir == "in"]

    @property
    def outputs(self) -> list[Record]:
        return [r for r in self.records if r.dir == "out"]


def read_trace(path: Path) -> Trace:
    """Parses a complete trace the engine wrote, checking every line's layout strictly."""
    data = path.read_bytes()
    assert data.endswith(b"\n"), "a trace the engine finished ends with a newline"
    lines = data[:-1].split(b"\n")
    header = json.loads(lines[0])
    assert set(header) <= {"ordo", "args", "startedWallAt", "state"}, header.keys()
    trace = Trace(header)
    for number, line in enumerate(lines[1:], 2):
        assert not trace.truncated, f"line {number} follows the truncated marker"
        if line == b'{"truncated":true}':
            trace.truncated = True
            continue
        match = RECORD.match(line)
        assert match, f"line {number} is not a record: {line[:200]!r}"
        value = json.loads(line)
        record = Record(match[1].decode(), int(match[2]), line, value, framing=value.get("framing"))
        rest = match[5]
        if rest.startswith(b'"moreSystemAt":'):
            assert record.dir == "in" and set(value) == {"dir", "at", "moreSystemAt"}, line
            times = value["moreSystemAt"]
            assert times and all(isinstance(t, int) and t >= 0 for t in times), line
            earlier = [r for r in trace.records if r.dir == "in" and r.value.get("msg")]
            assert earlier, f"line {number}: moreSystemAt before any input"
            earlier[-1].system_at = (earlier[-1].system_at or []) + times
            continue
        system_at = re.match(rb'"systemAt":\[([0-9]+(?:,[0-9]+)*)\],(?="msg":)', rest)
        if system_at:
            assert record.dir == "in", f"line {number}: systemAt on an output"
            record.system_at = [int(t) for t in system_at[1].split(b",")]
            rest = rest[system_at.end() :]
        if rest.startswith(b'"refused":'):
            # A line `ordo call -` refused itself: the error printed, then the line.
            assert record.dir == "in" and isinstance(value["refused"], dict)
            assert set(value) - {"dir", "at", "framing", "refused"} in ({"msg"}, {"raw64"})
            if "msg" in value:
                record.text = rest[rest.index(b',"msg":') + len(b',"msg":') :]
        elif rest.startswith(b'"msg":'):
            record.text = rest[len(b'"msg":') :]
            assert set(value) <= {"dir", "at", "framing", "systemAt", "msg"}
        else:
            assert set(value) - {"dir", "at", "framing"} in (
                {"raw64"},
                {"tooLarge"},  # no id read (and `ordo call -`, whose answers carry none)
                {"tooLarge", "idText"},  # the raw text of the id its answer carries
                {"badHeader"},
            ), f"line {number}: {value.keys()}"
            if "idText" in value:
                text = value["idText"]
                assert 0 < len(text.encode()) <= 4096 and text == text.strip(" \t\r\n"), line
        trace.records.append(record)
    return trace


# --------------------------------------------------------------------------- replay


@dataclass
class Replayed:
    status: int
    stdout: str
    stderr: str


def replay(trace: Path, *, expect_files: bool = False) -> Replayed:
    """`ordo replay TRACE`, run from an empty temporary directory that must stay empty, and
    with a deadline. The trace itself must be left unchanged. Never a crash."""
    before = trace.read_bytes() if trace.is_file() else None
    with tempfile.TemporaryDirectory(prefix="ordo-replay-cwd-") as cwd:
        done = subprocess.run(
            [engine_binary(), "replay", str(trace.resolve())],
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=REPLAY_TIMEOUT,
        )
        left = sorted(os.listdir(cwd))
    assert expect_files or not left, f"ordo replay wrote files: {left}"
    after = trace.read_bytes() if trace.is_file() else None
    assert before == after, "ordo replay changed the trace"
    stderr = done.stderr.decode("utf-8", "replace")
    assert_no_crash(stderr, "ordo replay")
    assert done.returncode in (0, 1, 2), f"status {done.returncode}: {stderr[-2000:]}"
    return Replayed(done.returncode, done.stdout.decode("utf-8", "replace"), stderr)


CUT_NOTE = re.compile(
    r"ordo replay: note: the recording stops early \(its --trace-max-bytes, a write that"
    r" failed, or an engine killed mid-line\) (?:after input message (\d+)|before its first"
    r" input): what the engine did after that is not in the trace, nor compared\n"
)


def cut_off(trace: Path) -> bool:
    """Whether the recording stopped early: a truncated marker, or a last line cut mid-way
    (not a whole JSON object; a whole one whose newline an editor dropped is kept)."""
    lines = trace.read_bytes().split(b"\n")
    if any(line.strip() == b'{"truncated":true}' for line in lines[1:]):
        return True
    last = lines[-1]
    if len(lines) < 2 or not last.strip():
        return False
    try:
        return not isinstance(json.loads(last), dict)
    except ValueError:
        return True


def assert_identical(trace: Path) -> int | None:
    """The replay is identical. Of a trace the recording cut off, it also says so on stderr:
    returns after which input message (None for a whole trace)."""
    result = replay(trace)
    assert (result.status, result.stdout) == (0, "identical\n"), (
        f"replay of {trace.name}: status {result.status}\n{result.stdout}{result.stderr}"
    )
    if not cut_off(trace):
        assert result.stderr == "", result.stderr
        return None
    note = CUT_NOTE.fullmatch(result.stderr)
    assert note, f"replay of {trace.name} (cut off): {result.stderr!r}"
    return int(note[1]) if note[1] else 0  # "before its first input"


def replay_difference(trace: Path) -> tuple[int, str, str]:
    """Replays a trace that must differ: returns the output message number, the expected
    and the got texts the replay printed."""
    result = replay(trace)
    assert result.status == 1, f"status {result.status}: {result.stdout}{result.stderr}"
    lines = result.stdout.splitlines()
    match = re.match(r"difference at output message (\d+)\b", lines[0])
    assert match, result.stdout
    expected = next(line for line in lines if line.strip().startswith("expected:"))
    got = next(line for line in lines if line.strip().startswith("got:"))
    return int(match[1]), expected.split(":", 1)[1].strip(), got.split(":", 1)[1].strip()


def write_trace(path: Path, header: dict[str, Any], records: Iterable[dict[str, Any]]) -> Path:
    """Writes a hand-made trace (one compact JSON object per line), each record as it comes
    (a generator makes a long trace without holding it)."""
    with path.open("w", encoding="utf-8") as file:
        file.write(json.dumps(header, separators=(",", ":")) + "\n")
        for record in records:
            file.write(json.dumps(record, separators=(",", ":")) + "\n")
    return path
