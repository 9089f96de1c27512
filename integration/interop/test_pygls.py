"""pygls 2.x drives the engine: its JsonRPCClient (plain JSON-RPC) and its LanguageClient.

Both speak LSP framing (Content-Length headers) over the engine's pipes, and both send
``"params": null`` for a call made without parameters (LanguageClient only for methods
outside LSP: its typed ``shutdown``/``exit`` leave ``params`` out).
"""

from __future__ import annotations

import asyncio
import json
import os
from importlib.metadata import version
from typing import Any

import pytest
from lsprotocol import types
from pygls.client import JsonRPCClient
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams, JsonRpcServerError
from pygls.lsp.client import LanguageClient

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


class WireTap:
    """The client's writer, recording every frame the client writes."""

    def __init__(self, writer: Any) -> None:
        self.writer = writer
        self.frames: list[dict[str, Any]] = []

    def write(self, data: bytes) -> Any:
        self.frames.append(json.loads(data.split(b"\r\n\r\n", 1)[1]))
        return self.writer.write(data)

    def close(self) -> Any:
        return self.writer.close()

    def sent(self, method: str) -> list[dict[str, Any]]:
        return [frame for frame in self.frames if frame.get("method") == method]


class ExitRecorder(JsonRPCClient):
    """Keeps what pygls reports when the engine's process ends: status and stderr."""

    exit_code: int | None = None
    stderr = ""

    async def server_exit(self, server: asyncio.subprocess.Process) -> None:
        self.exit_code = server.returncode
        if server.stderr is not None:
            self.stderr = (await server.stderr.read()).decode()


class RecordingJsonRPCClient(ExitRecorder):
    pass


class RecordingLanguageClient(ExitRecorder, LanguageClient):
    pass


def listen_for_shows(client: JsonRPCClient) -> list[Any]:
    """Registers an `alert.show` handler with pygls; returns the list it appends to."""
    shows: list[Any] = []

    def on_show(params: Any) -> None:
        shows.append(params)

    client.feature("alert.show")(on_show)
    return shows


async def call(client: JsonRPCClient, method: str, params: Any = None) -> Any:
    """pygls's default call: without parameters it sends `"params": null`."""
    if params is None:
        request = client.protocol.send_request_async(method)
    else:
        request = client.protocol.send_request_async(method, params)
    return await asyncio.wait_for(request, CALL_TIMEOUT)


async def exercise(client: JsonRPCClient, shows: list[Any]) -> None:
    """The calls every client makes (see interop_support), checked as pygls returns them."""
    pong = await call(client, "engine.ping")
    assert pong.pong is True

    for layer_id, sort in LAYERS:
        added = await call(client, "layer.add", {"id": layer_id, "sort": sort})
        assert (added.id, added.sort) == (layer_id, sort)
    assert list((await call(client, "layer.paintOrder")).ids) == PAINT_ORDER

    enqueued = await call(client, "alert.enqueue", {"type": ALERT_TYPE, "id": ALERT_ID})
    assert enqueued.alert.id == ALERT_ID
    # Events come before the answer of the request that caused them.
    assert [show.alert.id for show in shows] == [ALERT_ID]
    assert shows[0].alert.state == "showing"

    with pytest.raises(JsonRpcServerError) as not_found:
        await call(client, "layer.get", {"id": MISSING_LAYER})
    assert not_found.value.code == NOT_FOUND
    assert not_found.value.data == NOT_FOUND_DATA

    with pytest.raises(JsonRpcInvalidParams) as bad:
        await call(client, "layer.add", BAD_PARAMS)
    assert bad.value.code == INVALID_PARAMS
    assert isinstance(bad.value, JsonRpcException)
    assert bad.value.data is not None
    assert bad.value.data["path"] == BAD_PARAM_PATH


async def finish(client: JsonRPCClient) -> None:
    await asyncio.wait_for(client.stop(), SESSION_TIMEOUT)


async def kill(client: JsonRPCClient) -> None:
    """After a failure: make sure no engine outlives the test."""
    server = client._server
    if server is not None and server.returncode is None:
        server.kill()
        await server.wait()


async def json_rpc_session(ordo_bin: str, log_level: str) -> RecordingJsonRPCClient:
    client = RecordingJsonRPCClient()
    shows = listen_for_shows(client)
    await client.start_io(ordo_bin, *LOG_LEVELS[log_level])
    tap = WireTap(client.protocol.writer)
    client.protocol.set_writer(tap)
    try:
        client.protocol.notify("initialized", {})
        client.protocol.notify("$/setTrace", {"value": "off"})
        await exercise(client, shows)
        client.protocol.notify("$/cancelRequest", {"id": "already-answered"})

        assert await call(client, "shutdown") is None
        client.protocol.notify("exit")
        await finish(client)
    finally:
        await kill(client)
    # The library's default for "no parameters": an explicit null, exit included.
    assert all("params" in f and f["params"] is None for f in tap.sent("engine.ping"))
    assert tap.sent("exit") == [{"method": "exit", "params": None, "jsonrpc": "2.0"}]
    return client


async def language_client_session(ordo_bin: str, log_level: str) -> RecordingLanguageClient:
    client = RecordingLanguageClient("ordo-interop", version("pygls"))
    shows = listen_for_shows(client)
    await client.start_io(ordo_bin, *LOG_LEVELS[log_level])
    tap = WireTap(client.protocol.writer)
    client.protocol.set_writer(tap)
    try:
        initialized = await asyncio.wait_for(
            client.initialize_async(
                types.InitializeParams(
                    capabilities=types.ClientCapabilities(),
                    process_id=os.getpid(),
                    client_info=types.ClientInfo(name="pygls", version=version("pygls")),
                    locale="en",
                    root_uri=None,
                    root_path=None,
                    workspace_folders=None,
                    trace=types.TraceValue.Off,
                    initialization_options={"clock": "manual"},
                )
            ),
            CALL_TIMEOUT,
        )
        assert initialized.server_info is not None
        assert initialized.server_info.name == "ordo"
        assert isinstance(initialized.capabilities, types.ServerCapabilities)
        client.initialized(types.InitializedParams())
        client.set_trace(types.SetTraceParams(value=types.TraceValue.Off))

        # Ordo's own option came through initializationOptions.
        assert (await call(client, "clock.now")).mode == "manual"
        await exercise(client, shows)
        client.cancel_request(types.CancelParams(id=tap.sent("engine.ping")[0]["id"]))

        await asyncio.wait_for(client.shutdown_async(None), CALL_TIMEOUT)
        client.exit(None)
        await finish(client)
    finally:
        await kill(client)
    assert all("params" in f and f["params"] is None for f in tap.sent("engine.ping"))
    return client


def test_json_rpc_client(ordo_bin: str, log_level: str) -> None:
    client = asyncio.run(json_rpc_session(ordo_bin, log_level))
    assert client.exit_code == 0
    check_log(client.stderr, log_level)


def test_language_client(ordo_bin: str, log_level: str) -> None:
    client = asyncio.run(language_client_session(ordo_bin, log_level))
    assert client.exit_code == 0
    check_log(client.stderr, log_level)
