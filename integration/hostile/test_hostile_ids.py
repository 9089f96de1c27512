"""Ids of every type are echoed exactly: numbers byte for byte as received, strings
as the same string, null as null — in results, in every kind of error, in batches and
in LSP framing."""

from __future__ import annotations

import json

import pytest

from hostile_support import (
    assert_error,
    lsp_frame,
    ndjson,
    parse_lsp,
    ping,
    raw_id,
    run_raw,
)

NUMBER_IDS = [
    b"0",
    b"1",
    b"-1",
    b"-0",
    b"-0.0",
    b"0.0",
    b"1.0",
    b"1.50",
    b"0.1",
    b"1E+2",
    b"1e2",
    b"1E-2",
    b"-2.5e-3",
    b"1e-400",
    b"9007199254740991",
    b"9007199254740993",
    b"18446744073709551616",
    b"123456789012345678901234567890",
    b"-123456789012345678901234567890",
    b"123456789012345678901234567890.5e10",
    b"1.7976931348623157e308",
    b"3.141592653589793238462643383279",
]

STRING_IDS = [
    b'""',
    b'"a"',
    b'"1"',
    b'"null"',
    b'"\\u00e9\\n\\t\\"\\\\\\/\\b\\f\\r"',
    b'"\\ud83d\\ude00"',
    '"é😀 ünï"'.encode(),
    b'"\\u0000"',
    b'"\\u2028\\u2029"',
    b'"' + b"x" * 5000 + b'"',
    b'"{\\"jsonrpc\\":\\"2.0\\"}"',
]


def ping_with(raw: bytes, method: bytes = b"engine.ping", params: bytes = b"") -> bytes:
    return b'{"jsonrpc":"2.0","id":' + raw + b',"method":"' + method + b'"' + params + b"}"


def echoed(token: bytes, line: bytes) -> None:
    got = raw_id(line)
    if token.startswith(b'"'):
        assert json.loads(got) == json.loads(token), (token, got)
    else:
        assert got == token, f"number id not echoed byte for byte: sent {token!r}, got {got!r}"


@pytest.mark.parametrize(
    "token", NUMBER_IDS + STRING_IDS + [b"null"], ids=lambda t: t.decode()[:40]
)
def test_id_echoed_exactly_in_result_and_every_error(token: bytes) -> None:
    lines = [
        ping_with(token),
        ping_with(token, b"no.such"),
        ping_with(token, b"layer.get", b',"params":{"id":5}'),
        ping_with(token, b"layer.get", b',"params":{"id":"missing"}'),
        ping_with(token, b"engine.ping", b',"params":[1]'),
        b'{"jsonrpc":"1.0","id":' + token + b',"method":"engine.ping"}',
        b'{"jsonrpc":"2.0","id":' + token + b',"method":7}',
        # Whitespace around the token is not part of it.
        b'{ "jsonrpc" : "2.0" , "id" :  ' + token + b' \t, "method" : "engine.ping" }',
    ]
    run = run_raw(ndjson(*lines))
    out_lines = run.out.split(b"\n")[:-1]
    assert len(out_lines) == len(lines), run.out[:2000]
    for line in out_lines:
        echoed(token, line)
    messages = run.messages
    assert "result" in messages[0]
    expected_id = json.loads(token)
    assert_error(messages[1], -32601, expected_id)
    assert_error(messages[2], -32602, expected_id, path="/id")
    assert_error(messages[3], -32001, expected_id, kind="layer", id="missing")
    assert_error(messages[4], -32602, expected_id, path="")
    assert_error(messages[5], -32600, expected_id, reason="invalid_jsonrpc")
    assert_error(messages[6], -32600, expected_id, reason="invalid_method")
    assert "result" in messages[7]


def test_ids_echoed_exactly_inside_a_batch() -> None:
    tokens = NUMBER_IDS + STRING_IDS + [b"null"]
    batch = b"[" + b",".join(ping_with(t) for t in tokens) + b"]"
    run = run_raw(ndjson(batch))
    (answers,) = run.messages
    assert len(answers) == len(tokens)
    # Byte-level: the entries appear in order with the raw number tokens.
    position = 0
    for token, answer in zip(tokens, answers):
        if token.startswith(b'"'):
            assert answer["id"] == json.loads(token)
            continue
        needle = b'{"jsonrpc":"2.0","id":' + token + b","
        found = run.out.find(needle, position)
        assert found >= 0, f"number id {token!r} not echoed byte for byte in the batch"
        position = found + len(needle)


def test_ids_echoed_exactly_in_lsp_framing() -> None:
    tokens = NUMBER_IDS + STRING_IDS
    run = run_raw(b"".join(lsp_frame(ping_with(t)) for t in tokens))
    messages = parse_lsp(run.out)
    assert len(messages) == len(tokens)
    for token in tokens:
        if not token.startswith(b'"'):
            assert b'"id":' + token + b"," in run.out, token


@pytest.mark.parametrize("token", [b"1e400", b"-1e400"])
def test_unrepresentable_number_id_is_parse_error(token: bytes) -> None:
    run = run_raw(ndjson(ping_with(token), ping("after")))
    first, after = run.messages
    assert_error(first, -32700, None, reason="number_out_of_range")
    assert after["id"] == "after"


def test_null_id_is_a_request_not_a_notification() -> None:
    run = run_raw(ndjson(ping_with(b"null"), ping_with(b"null", b"no.such")))
    assert len(run.messages) == 2
    assert run.messages[0]["id"] is None and run.messages[0]["result"]["pong"] is True
    assert_error(run.messages[1], -32601, None)
