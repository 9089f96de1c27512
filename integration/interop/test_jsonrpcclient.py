"""jsonrpcclient 4.x drives the engine over NDJSON lines (the engine's default framing).

jsonrpcclient only builds requests and parses responses; it has no transport and no
notion of a server notification. Here it is paired with newline-delimited JSON on the
engine's pipes: a reader thread hands each line that carries a ``method`` (a
notification) to a handler, and every other line to jsonrpcclient's ``parse_json``.
A call without parameters leaves ``params`` out.
"""

from __future__ import annotations

import json
import queue
import subprocess
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from jsonrpcclient import Error, Ok, notification, parse_json, request

from interop_support import (
    ALERT_ID,
    ALERT_TYPE,
    BAD_PARAM_PATH,
    BAD_PARAMS,
    CALL_TIMEOUT,
    INVALID_PARAMS,
    LAYERS,
    LOG_LEVELS,
    MISSING_LAYER,
    NOT_FOUND,
    NOT_FOUND_DATA,
    PAINT_ORDER,
    SESSION_TIMEOUT,
    check_log,
    log_lines,
    loud_lines,
)


class Session:
    """The engine as a subprocess, NDJSON lines both ways, a reader thread."""

    def __init__(self, ordo_bin: str, *flags: str) -> None:
        self.process = subprocess.Popen(
            [ordo_bin, *flags],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.answers: queue.Queue[str] = queue.Queue()
        self.shows: list[dict[str, Any]] = []
        self.listener = threading.Thread(target=self._listen, daemon=True)
        self.listener.start()

    def _listen(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            message = json.loads(line)
            if isinstance(message, dict) and "method" in message:
                self.on_notification(message["method"], message.get("params"))
            else:
                self.answers.put(line.decode())

    def on_notification(self, method: str, params: Any) -> None:
        if method == "alert.show":
            self.shows.append(params)

    def send(self, message: dict[str, Any] | list[dict[str, Any]]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message).encode() + b"\n")
        self.process.stdin.flush()

    def answer(self) -> Any:
        """The next response line, parsed by jsonrpcclient (Ok, Error, or a batch's list)."""
        return parse_json(self.answers.get(timeout=CALL_TIMEOUT))

    def call(self, method: str, params: dict[str, Any] | None = None) -> Ok | Error:
        message = request(method) if params is None else request(method, params)
        self.send(message)
        response = self.answer()
        assert isinstance(response, (Ok, Error))
        assert response.id == message["id"]
        return response

    def result(self, method: str, params: dict[str, Any] | None = None) -> Any:
        response = self.call(method, params)
        assert isinstance(response, Ok), response
        return response.result

    def shut_down(self) -> tuple[int, str]:
        """LSP's way out, `shutdown` (answered) then `exit`: (status, stderr)."""
        self.send(request("shutdown"))
        assert isinstance(self.answer(), Ok)
        self.send(notification("exit"))
        return self.finish()

    def finish(self) -> tuple[int, str]:
        """Waits for the engine to exit: (status, stderr)."""
        status = self.process.wait(timeout=SESSION_TIMEOUT)
        assert self.process.stderr is not None
        stderr = self.process.stderr.read().decode()
        self.listener.join(timeout=SESSION_TIMEOUT)
        return status, stderr

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=SESSION_TIMEOUT)
        for pipe in (self.process.stdin, self.process.stdout, self.process.stderr):
            if pipe is not None:
                pipe.close()


@pytest.fixture
def session(ordo_bin: str, log_level: str) -> Iterator[Session]:
    live = Session(ordo_bin, *LOG_LEVELS[log_level])
    yield live
    live.kill()


def test_ndjson_session(session: Session, log_level: str) -> None:
    # An empty options table as Neovim encodes it: `[]` counts as omitted (once -32602,
    # and Neovim's client never started).
    assert session.result("initialize", {"initializationOptions": []})["clock"] == "system"
    session.send(notification("initialized"))
    session.send(notification("$/setTrace", {"value": "off"}))

    assert session.result("engine.ping")["pong"] is True

    # jsonrpcclient parses a batch answer too: the layers go in one batch.
    batch = [request("layer.add", {"id": layer_id, "sort": sort}) for layer_id, sort in LAYERS]
    session.send(batch)
    added = list(session.answer())
    assert [response.id for response in added] == [message["id"] for message in batch]
    assert all(isinstance(response, Ok) for response in added)
    assert [response.result["id"] for response in added] == [name for name, _ in LAYERS]
    assert session.result("layer.paintOrder")["ids"] == PAINT_ORDER

    enqueued = session.result("alert.enqueue", {"type": ALERT_TYPE, "id": ALERT_ID})
    assert enqueued["alert"]["id"] == ALERT_ID
    assert [show["alert"]["id"] for show in session.shows] == [ALERT_ID]

    not_found = session.call("layer.get", {"id": MISSING_LAYER})
    assert isinstance(not_found, Error)
    assert (not_found.code, not_found.data) == (NOT_FOUND, NOT_FOUND_DATA)

    bad = session.call("layer.add", BAD_PARAMS)
    assert isinstance(bad, Error)
    assert bad.code == INVALID_PARAMS
    assert bad.data["path"] == BAD_PARAM_PATH

    session.send(notification("$/cancelRequest", {"id": not_found.id}))

    assert session.result("shutdown") is None
    # Still quiet after shutdown, when every method but exit fails first for being too
    # late (once logged at warn, which Neovim's LSP log records as errors).
    for method in ("$/cancelRequest", "$/setTrace", "initialized"):
        session.send(notification(method, {"id": 1} if method == "$/cancelRequest" else {}))
    session.send(notification("exit"))
    status, stderr = session.finish()
    assert status == 0
    check_log(stderr, log_level)


def test_log_check_sees_warnings(ordo_bin: str) -> None:
    """The log check can fail: an unknown notification is logged at warn, unless it is one
    of LSP's own (`$/…`, `initialized`, the document and workspace notifications)."""
    session = Session(ordo_bin)
    try:
        session.send(notification("textDocument/didOpen", {"textDocument": {}}))
        session.send(notification("textDocument/didOpn", {"textDocument": {}}))
        status, stderr = session.shut_down()
    finally:
        session.kill()
    assert status == 0
    assert [line for line in loud_lines(stderr) if "didOp" in line] == [
        '[warn] notification "textDocument/didOpn" failed: Method not found: "textDocument/didOpn".'
    ], stderr
    with pytest.raises(AssertionError, match="warnings"):
        check_log(stderr, "default")


def test_a_request_over_the_limit_gets_its_answer(ordo_bin: str) -> None:
    """jsonrpcclient writes the id after the params: a request over --max-message-bytes is
    still answered with its id (its bytes skipped, the top level read as they go by), so
    the caller is not left waiting."""
    session = Session(ordo_bin, "--max-message-bytes", "1000", "--log-level", "info")
    try:
        big = {"id": "big", "data": "x" * 5000}
        message = request("layer.add", big)
        assert json.dumps(message).endswith(f'"id": {message["id"]}}}')  # the id comes last
        session.send(message)
        refused = session.answer()
        assert isinstance(refused, Error), refused
        assert (refused.id, refused.code, refused.data) == (
            message["id"],
            -32600,
            {"reason": "too_large", "limit": 1000},
        )
        after = session.call("layer.paintOrder")  # the next answer is its own
        assert isinstance(after, Ok) and after.result["ids"] == []
        status, stderr = session.shut_down()
    finally:
        session.kill()
    assert status == 0
    # Logged at info: the answer told the client; an editor's log shows no warning for it.
    assert ("info", "skipped a message larger than 1000 bytes") in log_lines(stderr)
    assert loud_lines(stderr) == []
