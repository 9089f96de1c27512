"""python-lsp-jsonrpc 1.1 (the JSON-RPC layer of python-lsp-server) drives the engine.

Its Endpoint sends through a JsonRpcStreamWriter and consumes what a JsonRpcStreamReader
reads, both on the engine's pipes (LSP framing). A call without parameters leaves
``params`` out. Server notifications go to the Endpoint's dispatcher: a mapping from
method name to handler (a plain dict here: the library's MethodDispatcher maps names to
``m_…`` attributes, and ``alert.show`` has a dot no attribute name can hold).
"""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from pylsp_jsonrpc.endpoint import Endpoint
from pylsp_jsonrpc.exceptions import (
    JsonRpcException,
    JsonRpcInvalidParams,
    JsonRpcServerError,
)
from pylsp_jsonrpc.streams import JsonRpcStreamReader, JsonRpcStreamWriter

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
)


class Session:
    """The engine as a subprocess, an Endpoint on its pipes, a reader thread."""

    def __init__(self, ordo_bin: str, *flags: str) -> None:
        self.process = subprocess.Popen(
            [ordo_bin, *flags],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self.writer = JsonRpcStreamWriter(self.process.stdin)
        self.reader = JsonRpcStreamReader(self.process.stdout)
        self.shows: list[dict[str, Any]] = []
        self.endpoint = Endpoint({"alert.show": self.shows.append}, self.writer.write)
        self.listener = threading.Thread(
            target=self.reader.listen, args=(self.endpoint.consume,), daemon=True
        )
        self.listener.start()

    def call(self, method: str, params: dict[str, Any] | None = None) -> Any:
        """The library's call: a Future; without parameters, `params` is left out."""
        future = (
            self.endpoint.request(method)
            if params is None
            else self.endpoint.request(method, params)
        )
        return future.result(timeout=CALL_TIMEOUT)

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
        self.endpoint.shutdown()


@pytest.fixture
def session(ordo_bin: str, log_level: str) -> Iterator[Session]:
    live = Session(ordo_bin, *LOG_LEVELS[log_level])
    yield live
    live.kill()


def test_endpoint_session(session: Session, log_level: str) -> None:
    session.endpoint.notify("initialized", {})
    session.endpoint.notify("$/setTrace", {"value": "off"})

    assert session.call("engine.ping")["pong"] is True

    for layer_id, sort in LAYERS:
        added = session.call("layer.add", {"id": layer_id, "sort": sort})
        assert (added["id"], added["sort"]) == (layer_id, sort)
    assert session.call("layer.paintOrder")["ids"] == PAINT_ORDER

    enqueued = session.call("alert.enqueue", {"type": ALERT_TYPE, "id": ALERT_ID})
    assert enqueued["alert"]["id"] == ALERT_ID
    # The notification came before the answer, through the Endpoint's dispatcher.
    assert [show["alert"]["id"] for show in session.shows] == [ALERT_ID]

    with pytest.raises(JsonRpcServerError) as not_found:
        session.call("layer.get", {"id": MISSING_LAYER})
    assert not_found.value.code == NOT_FOUND
    assert not_found.value.data == NOT_FOUND_DATA

    with pytest.raises(JsonRpcInvalidParams) as bad:
        session.call("layer.add", BAD_PARAMS)
    assert isinstance(bad.value, JsonRpcException)
    assert bad.value.code == INVALID_PARAMS
    assert bad.value.data["path"] == BAD_PARAM_PATH

    # The Endpoint sends $/cancelRequest itself when a pending Future is cancelled; Ordo
    # answers too fast for that to be reproducible, so the notification is sent directly.
    session.endpoint.notify("$/cancelRequest", {"id": "already-answered"})

    assert session.call("shutdown") is None
    session.endpoint.notify("exit")
    status, stderr = session.finish()
    assert status == 0
    check_log(stderr, log_level)
