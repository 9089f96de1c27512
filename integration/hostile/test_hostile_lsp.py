"""LSP framing under hostile input: broken headers answered with -32700 bad_header and
resynchronised on the next header, too-large bodies skipped, every answer framed."""

from __future__ import annotations

import time
from typing import Any

import pytest

from conftest import EngineFactory
from hostile_support import (
    READ_TIMEOUT,
    assert_error,
    assert_pong,
    lsp_frame,
    ping,
    req,
    run_raw,
)

PING = lsp_frame(ping("after"))


def lsp_answers(data: bytes, *args: str) -> list[Any]:
    """Runs data then a framed ping; the ping must be answered last, exit 0."""
    run = run_raw(data + PING, *args)
    assert run.rc == 0, (run.rc, run.err)
    messages = run.lsp_messages
    assert messages, "no output"
    assert_pong(messages[-1], "after")
    return messages[:-1]


def test_headers_case_insensitive_content_type_and_unknown_headers_ignored() -> None:
    body = ping(1)
    data = (
        lsp_frame(ping(0))
        + b"content-LENGTH: %d\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n"
        b"X-Whatever: 1\r\n\r\n"
        % len(body)
        + body
        + b"X-First: yes\r\nContent-Length:   %d  \r\n\r\n" % len(body)
        + body
        + b"\r\n\r\n\r\n"  # blank lines between messages
        + lsp_frame(ping(2))
    )
    assert [m["id"] for m in lsp_answers(data)] == [0, 1, 1, 2]


@pytest.mark.parametrize(
    "header",
    [
        b"Content-Type: application/json\r\n\r\n",  # no Content-Length
        b"X-Only: 1\r\n\r\n",
        b"Content-Length: abc\r\n\r\n",
        b"Content-Length: -1\r\n\r\n",
        b"Content-Length: +5\r\n\r\n",
        b"Content-Length: 1.5\r\n\r\n",
        b"Content-Length: 0x10\r\n\r\n",
        b"Content-Length:\r\n\r\n",
        b"Content-Length: 12 34\r\n\r\n",
        b"Content-Length: 5\r\nContent-Length: 6\r\n\r\n",  # conflicting
        b"garbage without a colon\r\n",
        b": no name\r\n",
        b"Bad Name: 1\r\n",
        b"X-Long: " + b"v" * 9000 + b"\r\n",
        b"X-" + b"n" * 20000 + b": 1\r\n",
        b"\xff\xfe: 1\r\n",
        b"Content-Length: 4\x00\r\n\r\n",
    ],
)
def test_bad_header_is_parse_error_then_resync(header: bytes) -> None:
    data = lsp_frame(ping(0)) + header + lsp_frame(ping(1))
    messages = lsp_answers(data)
    assert_pong(messages[0], 0)
    assert_error(messages[1], -32700, None, reason="bad_header")
    assert_pong(messages[-1], 1)
    assert len(messages) == 3, messages


def test_content_length_overflow_is_refused_either_way() -> None:
    data = (
        lsp_frame(ping(0))
        + b"Content-Length: 99999999999999999999999999999\r\n\r\n"
        + lsp_frame(ping(1))
    )
    messages = lsp_answers(data)
    assert messages[0]["id"] == 0 and messages[-1]["id"] == 1
    error = messages[1]["error"]
    assert (error["code"], error["data"]["reason"]) in (
        (-32700, "bad_header"),
        (-32600, "too_large"),
    )


def test_leading_zeros_in_content_length_count_for_nothing() -> None:
    body = ping(1)
    data = b"Content-Length: %016d\r\n\r\n" % len(body) + body
    assert [m["id"] for m in lsp_answers(data)] == [1]


def test_garbage_between_frames_resyncs_on_next_content_length() -> None:
    garbage = b"}{ garbage\r\nmore garbage\r\n\x00\x01\x02\r\n"
    messages = lsp_answers(lsp_frame(ping(0)) + garbage + lsp_frame(ping(1)))
    assert messages[0]["id"] == 0 and messages[-1]["id"] == 1
    for message in messages[1:-1]:
        assert_error(message, -32700, None, reason="bad_header")


@pytest.mark.parametrize("limit", [64, 1000])
def test_body_at_limit_served_over_limit_too_large_and_skipped(limit: int) -> None:
    def body_of(size: int, id: int) -> bytes:
        base = req("engine.ping", {}, id=id)
        pad = size - len(base)
        return base[:-1] + b" " * pad + b"}"  # whitespace padding keeps it valid JSON

    exact, over = body_of(limit, 1), body_of(limit + 1, 2)
    assert len(exact) == limit and len(over) == limit + 1
    messages = lsp_answers(lsp_frame(exact) + lsp_frame(over), "--max-message-bytes", str(limit))
    assert_pong(messages[0], 1)
    assert_error(messages[1], -32600, 2, reason="too_large", limit=limit)
    assert len(messages) == 2


def test_too_large_body_containing_fake_headers_is_skipped_whole() -> None:
    inner = lsp_frame(ping("smuggled")) * 10
    messages = lsp_answers(lsp_frame(ping(0)) + lsp_frame(inner), "--max-message-bytes", "100")
    assert [m["id"] for m in messages] == [0, None]
    assert_error(messages[1], -32600, None, reason="too_large", limit=100)


@pytest.mark.parametrize(
    ("body", "code", "reason"),
    [
        (b"", -32700, "truncated"),
        (b"{bad", -32700, "invalid_json"),
        (b'{"jsonrpc":"2.0","id":1', -32700, "truncated"),
        (b'"\xff"', -32700, "invalid_utf8"),
        (b'{"a":1}\x00', -32700, "nul_byte"),
        (b"[" * 5000, -32700, "too_deep"),
        (b"[]", -32600, "empty_batch"),
        (b"42", -32600, "not_an_object"),
    ],
)
def test_bad_bodies_answered_in_lsp_framing(body: bytes, code: int, reason: str) -> None:
    messages = lsp_answers(lsp_frame(body))
    assert len(messages) == 1
    assert_error(messages[0], code, None, reason=reason)


def test_body_shorter_than_declared_swallows_following_bytes_then_resyncs() -> None:
    # Declared 60, but the body is 18 bytes: the next frame's header and part of its body
    # become this body (invalid JSON); the rest of that frame is garbage (bad_header); the
    # reader resynchronises on a later "Content-Length:" and the final ping is served.
    short = b'{"jsonrpc":"2.0"} '
    data = b"Content-Length: 60\r\n\r\n" + short + lsp_frame(ping(1)) + lsp_frame(ping(2))
    messages = lsp_answers(data)
    assert_error(messages[0], -32700, None, reason="invalid_json")
    assert_error(messages[1], -32700, None, reason="bad_header")
    for message in messages[2:]:
        assert message.get("id") == 2 or message["error"]["code"] == -32700, message


def test_forced_lsp_framing_refuses_ndjson_then_resyncs() -> None:
    data = req("engine.ping", id=0) + b"\n" + lsp_frame(ping(1))
    messages = lsp_answers(data, "--framing", "lsp")
    assert_error(messages[0], -32700, None, reason="bad_header")
    assert_pong(messages[1], 1)


def test_forced_ndjson_framing_treats_headers_as_bad_json() -> None:
    data = lsp_frame(ping(1)) + b"\n"
    run = run_raw(data, "--framing", "ndjson")
    first, second = run.messages
    assert_error(first, -32700, None, reason="invalid_json")
    assert_pong(second, 1)


def test_auto_detection_skips_leading_blank_lines() -> None:
    assert [m["id"] for m in lsp_answers(b"\r\n\n  \r\n" + lsp_frame(ping(1)))] == [1]


def test_lsp_batch_and_notifications() -> None:
    batch = b"[" + req("engine.ping", id=1) + b',{"jsonrpc":"2.0","method":"engine.ping"},5]'
    only_notes = b'[{"jsonrpc":"2.0","method":"engine.ping"}]'
    messages = lsp_answers(lsp_frame(batch) + lsp_frame(only_notes))
    assert len(messages) == 1 and isinstance(messages[0], list) and len(messages[0]) == 2
    assert_pong(messages[0][0], 1)
    assert_error(messages[0][1], -32600, None, reason="not_an_object")


@pytest.mark.parametrize("framing", ["lsp", "ndjson"])
def test_a_message_over_the_limit_is_logged_when_its_skipping_begins(
    engine: EngineFactory, framing: str
) -> None:
    """A client that sent a wrong Content-Length (or an endless line) waits for an answer
    that comes only once that many bytes went by; nothing said so until then. A warning
    says it when the skipping begins; the answer still comes at the message's end."""
    live = engine("--framing", framing, "--max-message-bytes", "100")
    body = req("engine.ping", {"pad": "x" * 900}, id=7)
    head = (b"Content-Length: %d\r\n\r\n" % len(body)) if framing == "lsp" else b""
    live.write(head + body[:300])
    expected = (
        f"Content-Length is {len(body)} bytes, over --max-message-bytes 100, is being skipped"
        if framing == "lsp"
        else "a line longer than --max-message-bytes 100 is being skipped"
    ).encode()
    deadline = time.monotonic() + READ_TIMEOUT
    while expected not in live.stderr() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert expected in live.stderr()
    assert live.lines_available() == 0  # no answer yet: the message goes on
    live.write(body[300:] + (b"" if framing == "lsp" else b"\n"))
    reply = live.read_message_lsp() if framing == "lsp" else live.read_message()
    assert_error(reply, -32600, 7, reason="too_large", limit=100)
    assert live.stderr().count(b"is being skipped") == 1
