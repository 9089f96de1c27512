"""Raw-pipe helpers for the hostile-input suite.

Everything here talks to the REAL engine binary through real pipes with raw bytes: no
client library sits in between, so nothing can sanitise what the tests send. Waits are
always bounded (generous on a noisy 2-core machine) and nothing asserts on timing.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ordo_testing import REPO, assert_no_crash, engine_binary

SCHEMA_PATH = REPO / "schema" / "openrpc.json"

# Generous bounds: they only matter when the engine hangs, and then the test fails.
READ_TIMEOUT = 20.0
EXIT_TIMEOUT = 20.0


def load_schema() -> dict[str, Any]:
    with open(SCHEMA_PATH, encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


# --------------------------------------------------------------------------- messages


def req(method: str, params: Any = None, id: Any = 1, *, omit_params: bool = False) -> bytes:
    """A compact JSON-RPC request (or a notification when id is ...)."""
    message: dict[str, Any] = {"jsonrpc": "2.0"}
    if id is not ...:
        message["id"] = id
    message["method"] = method
    if params is not None and not omit_params:
        message["params"] = params
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def note(method: str, params: Any = None) -> bytes:
    """A notification: no id member at all."""
    return req(method, params, id=...)


def ping(id: Any = "ping") -> bytes:
    return req("engine.ping", id=id)


def lsp_frame(body: bytes, extra_headers: bytes = b"") -> bytes:
    return b"Content-Length: %d\r\n" % len(body) + extra_headers + b"\r\n" + body


def ndjson(*lines: bytes) -> bytes:
    return b"".join(line + b"\n" for line in lines)


def parse_ndjson(out: bytes) -> list[Any]:
    """Strictly parses engine NDJSON output: complete lines only, each one JSON text."""
    if not out:
        return []
    assert out.endswith(b"\n"), f"output does not end with a complete line: {out[-200:]!r}"
    messages = []
    for line in out[:-1].split(b"\n"):
        assert line, "engine wrote an empty line"
        assert b"\r" not in line, f"engine wrote a CR in NDJSON output: {line[:200]!r}"
        messages.append(json.loads(line))
    return messages


_LSP_HEADER = re.compile(rb"Content-Length: (\d+)\r\n\r\n")


def parse_lsp(out: bytes) -> list[Any]:
    """Strictly parses engine LSP output: `Content-Length: N\\r\\n\\r\\n` + N bytes each."""
    messages = []
    position = 0
    while position < len(out):
        match = _LSP_HEADER.match(out, position)
        assert match, f"bad LSP frame at byte {position}: {out[position : position + 200]!r}"
        length = int(match.group(1))
        start = match.end()
        body = out[start : start + length]
        assert len(body) == length, f"truncated LSP body at byte {start}"
        messages.append(json.loads(body))
        position = start + length
    return messages


def raw_id(line: bytes) -> bytes:
    """The id token exactly as written on a response line (`"id":` is always second)."""
    prefix = b'{"jsonrpc":"2.0","id":'
    assert line.startswith(prefix), line[:200]
    rest = line[len(prefix) :]
    if rest.startswith(b'"'):
        index = 1
        while rest[index : index + 1] != b'"':
            index += 2 if rest[index : index + 1] == b"\\" else 1
        return rest[: index + 1]
    end = min(i for i in (rest.find(b","), rest.find(b"}")) if i >= 0)
    return rest[:end]


def assert_pong(message: Any, id: Any = "ping") -> None:
    assert message.get("id") == id and "error" not in message, message
    assert message["result"]["pong"] is True, message


def assert_error(message: Any, code: int, id_: Any = None, /, **data: Any) -> dict[str, Any]:
    """Checks an error response exactly: code, id echo, the given data members."""
    assert isinstance(message, dict), message
    assert message.get("jsonrpc") == "2.0", message
    assert "id" in message, message
    assert message["id"] == id_ and type(message["id"]) is type(id_), (
        f"id {message.get('id')!r} != {id_!r}: {message}"
    )
    assert "result" not in message, message
    error = message.get("error")
    assert isinstance(error, dict), message
    assert error.get("code") == code, f"expected code {code}, got {message}"
    assert isinstance(error.get("message"), str) and error["message"], message
    assert_developer_message(error["message"])
    for key, value in data.items():
        assert error.get("data", {}).get(key) == value, (
            f"error.data.{key}: expected {value!r}, got {message}"
        )
    result: dict[str, Any] = error
    return result


_INTERNAL_NAMES = ("Optional(", "Swift.", "json_t", "Int64", "UInt64", "Double(", "nil)")


def assert_developer_message(text: str) -> None:
    for name in _INTERNAL_NAMES:
        assert name not in text, f"error message leaks an internal name {name!r}: {text!r}"


# --------------------------------------------------------------------------- one-shot runs


@dataclass
class Run:
    rc: int
    out: bytes
    err: bytes

    @property
    def messages(self) -> list[Any]:
        return parse_ndjson(self.out)

    @property
    def lsp_messages(self) -> list[Any]:
        return parse_lsp(self.out)


def run_raw(data: bytes, *args: str, timeout: float = 60.0, manual: bool = True) -> Run:
    """Feeds `data` to a fresh engine, closes stdin, collects everything (bounded)."""
    argv = [engine_binary(), *(["--clock", "manual"] if manual else []), *args]
    try:
        done = subprocess.run(argv, input=data, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired as expired:
        raise AssertionError(f"engine did not finish within {timeout} s (hang?)") from expired
    assert done.returncode >= 0, f"engine killed by signal {-done.returncode}: {done.stderr!r}"
    assert_no_crash(done.stderr)
    return Run(done.returncode, done.stdout, done.stderr)


# --------------------------------------------------------------------------- live engines


class Engine:
    """A live engine on real pipes. A reader thread drains stdout so writes never
    deadlock; stderr goes to a temporary file so a chatty engine can never block on it."""

    def __init__(self, *args: str, manual: bool = True, read: bool = True) -> None:
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - closed in kill()
        argv = [engine_binary(), *(["--clock", "manual"] if manual else []), *args]
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            bufsize=0,
        )
        self.pid = self.proc.pid
        self._buffer = bytearray()
        self._consumed = 0
        self._eof = False
        self._cond = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        if read:
            self._reader.start()

    def start_reader(self) -> None:
        """Starts draining stdout (for engines made with read=False: a slow client)."""
        if not self._reader.is_alive() and self._reader.ident is None:
            self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while True:
            try:
                chunk = os.read(fd, 1 << 16)
            except OSError:
                chunk = b""
            with self._cond:
                if not chunk:
                    self._eof = True
                    self._cond.notify_all()
                    return
                self._buffer.extend(chunk)
                self._cond.notify_all()

    # writing

    def write(self, data: bytes | memoryview) -> None:
        assert self.proc.stdin is not None
        view = memoryview(data)
        fd = self.proc.stdin.fileno()
        while view:
            written = os.write(fd, view)
            view = view[written:]

    def send(self, *lines: bytes) -> None:
        self.write(ndjson(*lines))

    def close_stdin(self) -> None:
        assert self.proc.stdin is not None
        if not self.proc.stdin.closed:
            try:
                self.proc.stdin.close()
            except BrokenPipeError:
                pass

    # reading

    def output(self) -> bytes:
        with self._cond:
            return bytes(self._buffer)

    def wait_for(self, predicate: Any, timeout: float = READ_TIMEOUT, what: str = "output") -> None:
        deadline = time.monotonic() + timeout
        with self._cond:
            while not predicate(self._buffer):
                remaining = deadline - time.monotonic()
                if self._eof:
                    raise AssertionError(f"engine closed stdout while waiting for {what}")
                if remaining <= 0:
                    raise AssertionError(f"no {what} within {timeout} s (hang?)")
                self._cond.wait(remaining)

    def read_line(self, timeout: float = READ_TIMEOUT) -> bytes:
        self.wait_for(lambda b: b.find(b"\n", self._consumed) >= 0, timeout, "line")
        with self._cond:
            end = self._buffer.index(b"\n", self._consumed)
            line = bytes(self._buffer[self._consumed : end])
            self._consumed = end + 1
        return line

    def read_message(self, timeout: float = READ_TIMEOUT) -> Any:
        return json.loads(self.read_line(timeout))

    def read_message_lsp(self, timeout: float = READ_TIMEOUT) -> Any:
        """The next LSP-framed message."""

        def complete(buffer: bytearray) -> bool:
            match = _LSP_HEADER.match(buffer, self._consumed)
            return match is not None and len(buffer) >= match.end() + int(match.group(1))

        self.wait_for(complete, timeout, "LSP message")
        with self._cond:
            match = _LSP_HEADER.match(self._buffer, self._consumed)
            assert match is not None
            end = match.end() + int(match.group(1))
            body = bytes(self._buffer[match.end() : end])
            self._consumed = end
        return json.loads(body)

    def read_response(self, timeout: float = READ_TIMEOUT) -> Any:
        """The next response (or batch), skipping engine notifications (events)."""
        while True:
            message = self.read_message(timeout)
            if isinstance(message, list) or "id" in message:
                return message

    def request(self, line: bytes) -> Any:
        self.send(line)
        return self.read_response()

    def assert_serving(self, id: Any = "ping") -> None:
        assert_pong(self.request(ping(id)), id)

    def lines_available(self) -> int:
        with self._cond:
            return self._buffer.count(b"\n", self._consumed)

    # lifecycle

    def wait(self, timeout: float = EXIT_TIMEOUT) -> int:
        try:
            rc = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired as expired:
            raise AssertionError(f"engine did not exit within {timeout} s (hang?)") from expired
        if self._reader.ident is not None:
            self._reader.join(timeout)
        return rc

    def finish(self, timeout: float = EXIT_TIMEOUT) -> int:
        """Closes stdin (EOF) and waits for a clean exit."""
        self.close_stdin()
        return self.wait(timeout)

    def stderr(self) -> bytes:
        self._stderr.seek(0)
        return self._stderr.read()

    def signal(self, signum: int) -> None:
        self.proc.send_signal(signum)

    def peak_rss_kb(self) -> int:
        with open(f"/proc/{self.pid}/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        raise AssertionError("no VmHWM in /proc status")

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            try:
                self.proc.wait(timeout=EXIT_TIMEOUT)
            except subprocess.TimeoutExpired:
                pass
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        self._stderr.close()


def chunks(data: bytes, size: int) -> Iterable[bytes]:
    for start in range(0, len(data), size):
        yield data[start : start + size]


SIGNALS = {"SIGTERM": signal.SIGTERM, "SIGINT": signal.SIGINT, "SIGHUP": signal.SIGHUP}


EngineFactory = Callable[..., Engine]
