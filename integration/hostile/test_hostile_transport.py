"""Every error path of docs/protocol.md#transport in NDJSON framing, through the real binary
with raw bytes.

Each test feeds the hostile input followed by a ping and checks the exact error (code,
`id` echo, `data.reason` / `data.path` / `data.limit`) and that the ping is still
answered: the stream is never lost.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from hostile_support import (
    Engine,
    assert_error,
    assert_no_crash,
    assert_pong,
    load_schema,
    lsp_frame,
    ndjson,
    note,
    ping,
    req,
    run_raw,
)

PING = ping("after")


def answers(*lines: bytes, args: tuple[str, ...] = ()) -> list[Any]:
    """Runs the lines then a ping; checks the ping is the last answer and exit is 0."""
    run = run_raw(ndjson(*lines, PING), *args)
    assert run.rc == 0, (run.rc, run.err)
    messages = run.messages
    assert messages, "no output at all"
    assert_pong(messages[-1], "after")
    return messages[:-1]


def one_answer(line: bytes, args: tuple[str, ...] = ()) -> Any:
    messages = answers(line, args=args)
    assert len(messages) == 1, messages
    return messages[0]


# --------------------------------------------------------------------------- -32700


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (b"{bad", "invalid_json"),
        (b'{"jsonrpc":"2.0","id":1,"method":"engine.ping",}', "invalid_json"),
        (b'{"jsonrpc" "2.0"}', "invalid_json"),
        (b"{'jsonrpc':'2.0'}", "invalid_json"),
        (b'{"jsonrpc":"2.0","id":1,"method":"engine.ping"}}', "invalid_json"),
        (b'{"jsonrpc":"2.0","id":1,"method":"engine.ping"} {"x":1}', "invalid_json"),
        (b'{"jsonrpc":"2.0","id":01,"method":"engine.ping"}', "invalid_json"),
        (b'{"jsonrpc":"2.0","id":NaN,"method":"engine.ping"}', "invalid_json"),
        (b'{"jsonrpc":"2.0","id":Infinity,"method":"engine.ping"}', "invalid_json"),
        (b'{"jsonrpc":"2.0","id":1,"method":"engine.ping"/*c*/}', "invalid_json"),
        (b'{"jsonrpc":"2.0","id":1,"method":"engine\tping"}', "invalid_json"),
        (b"nul", "invalid_json"),
        (b"]", "invalid_json"),
        (b'"\\x41"', "invalid_json"),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_invalid_json_is_parse_error(raw: bytes, reason: str) -> None:
    assert_error(one_answer(raw), -32700, None, reason=reason)


@pytest.mark.parametrize(
    "raw",
    [
        b'{"jsonrpc":"2.0","id":7,"method":"engine.ping"',
        b'{"jsonrpc":"2.0","id":7,"method":"engine.pi',
        b'{"jsonrpc":"2.0","id":7,',
        b"[",
        b"[1,2",
        b'{"a":',
        b'"unterminated',
        b"tru",
        b"-",
        b"1e",
    ],
)
def test_truncated_json_is_parse_error_with_null_id(raw: bytes) -> None:
    # Even when an id was readable before the text broke off, a parse error has id null.
    error = assert_error(one_answer(raw), -32700, None)
    assert error["data"]["reason"] in ("truncated", "invalid_json"), error


def test_truncated_object_reason_is_truncated() -> None:
    assert_error(one_answer(b'{"jsonrpc":"2.0","id":7'), -32700, None, reason="truncated")
    assert_error(one_answer(b"[1,2"), -32700, None, reason="truncated")


@pytest.mark.parametrize(
    "raw",
    [
        b'{"jsonrpc":"2.0","id":1,"method":"engine.ping","params":{"\xff":1}}',
        b'{"jsonrpc":"2.0","id":1,"method":"\xc0\xaf"}',  # overlong "/"
        b'{"jsonrpc":"2.0","id":1,"method":"\xed\xa0\x80"}',  # UTF-8-encoded surrogate
        b'{"jsonrpc":"2.0","id":1,"method":"\xf4\x90\x80\x80"}',  # above U+10FFFF
        b'{"jsonrpc":"2.0","id":1,"method":"\xe2\x82"}',  # truncated sequence
        b'{"jsonrpc":"2.0","id":1,"method":"\x80"}',  # lone continuation byte
        b'{"jsonrpc":"2.0","id":"\xfe\xff","method":"engine.ping"}',
        b'"\xff"',
        b'{"jsonrpc":"2.0","id":1,"method":"\xf8\x88\x80\x80\x80"}',  # 5-byte form
    ],
)
def test_invalid_utf8_is_parse_error(raw: bytes) -> None:
    assert_error(one_answer(raw), -32700, None, reason="invalid_utf8")


@pytest.mark.parametrize(
    "raw",
    [
        b'{"jsonrpc":"2.0","id":1,"method":"engine.ping"}\x00',
        b'\x00{"jsonrpc":"2.0","id":1,"method":"engine.ping"}',
        b'{"jsonrpc":"2.0","id":1,"method":"engine.\x00ping"}',
        b'{"jsonrpc":"2.0","id":1,"method":"engine.ping","params":{"data":"a\x00b"}}',
        b'{"jsonrpc":"2.0",\x00"id":1,"method":"engine.ping"}',
        b"\x00",
        b"\x00" * 1000,
    ],
)
def test_raw_nul_byte_is_parse_error(raw: bytes) -> None:
    assert_error(one_answer(raw), -32700, None, reason="nul_byte")


def test_escaped_nul_in_a_value_is_fine_but_in_a_key_is_invalid_request() -> None:
    # \u0000 inside a string value is valid JSON: served like any other character.
    response = one_answer(req("layer.add", {"id": "a\u0000b"}, id=1))
    assert response["result"]["id"] == "a\u0000b", response
    # A member name with \u0000 cannot be stored: -32600 nul_in_key, id still echoed.
    raw = b'{"jsonrpc":"2.0","id":2,"method":"engine.ping","params":{"a\\u0000":1}}'
    assert_error(one_answer(raw), -32600, 2, reason="nul_in_key")


@pytest.mark.parametrize(
    ("raw", "id_text"),
    [
        (b'{"jsonrpc":"2.0","id":"s","method":"m","params":{"\\u0000":1}}', b'"s"'),
        (
            b'{"jsonrpc":"2.0","id":"s\\ud800","method":"m","params":{"\\u0000":1}}',
            b'"s\\ud800"',
        ),
        (b'{"\\u0000":1,"jsonrpc":"2.0","id":1e2,"method":"m"}', b"1e2"),
    ],
)
def test_nul_in_key_echoes_any_id(raw: bytes, id_text: bytes) -> None:
    # A string id too (it was null), as sent.
    line = run_raw(ndjson(raw, PING)).out.splitlines()[0]
    assert line.startswith(b'{"jsonrpc":"2.0","id":' + id_text + b","), line
    assert_error(json.loads(line), -32600, json.loads(id_text), reason="nul_in_key")


@pytest.mark.parametrize(
    "raw",
    [
        # Found by FuzzDispatch: jansson stops at the key, and the id scanned from the rest
        # was written out as it stood, so stdout carried `"id":12x3`, which is not JSON.
        b'{"a\\u0000":1,"id":12x3}',
        b'{"a\\u0000":1,"id":"ab" "x"}',
        b'{"jsonrpc":"2.0","id":1,"method":"m","params":{"\\u0000":1}',
        b'{"\\u0000":1,"x":"\\ud800\\u"}',
    ],
)
def test_nul_in_key_of_a_text_that_is_not_json_is_parse_error(raw: bytes) -> None:
    run = run_raw(ndjson(raw, PING))
    for line in run.out.splitlines():
        json.loads(line)  # every line written is JSON
    assert_error(run.messages[0], -32700, None)
    assert_pong(run.messages[1], "after")


def test_lone_surrogate_escape_reads_as_replacement_character() -> None:
    # What JSON.stringify and json.dumps write for a string cut inside a surrogate pair
    # (a truncated emoji): valid JSON text, read as U+FFFD, answered under its own id.
    got = answers(
        json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "layer.add",
                "params": {"id": "a\ud83d\ude00\ud83d"},
            }
        ).encode(),
        b'{"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"\\udc00"}}',
        req("layer.paintOrder", id=3),
    )
    assert [m["id"] for m in got] == [1, 2, 3], got
    assert got[0]["result"]["id"] == "a\U0001f600\ufffd", got
    assert got[1]["result"]["id"] == "\ufffd", got
    assert got[2]["result"]["ids"] == ["a\U0001f600\ufffd", "\ufffd"], got


def test_string_id_with_lone_surrogate_is_echoed_as_sent() -> None:
    # The parsed id is not the client's (U+FFFD in place of the surrogate): the answer
    # carries the id's text as it was sent, so the client finds its request.
    run = run_raw(
        ndjson(
            b'{"jsonrpc":"2.0","id":"\\udc00x","method":"engine.ping"}',
            b'[{"jsonrpc":"2.0","id":"\\ud800","method":"engine.ping"},'
            b'{"jsonrpc":"2.0","id":"b\\u0041","method":"engine.ping"}]',
            PING,
        )
    )
    assert run.rc == 0, (run.rc, run.err)
    lines = run.out.splitlines()
    assert lines[0].startswith(b'{"jsonrpc":"2.0","id":"\\udc00x","result":'), lines
    assert json.loads(lines[0])["id"] == "\udc00x"
    batch = json.loads(lines[1])
    assert [m["id"] for m in batch] == ["\ud800", "bA"], batch
    assert_pong(json.loads(lines[2]), "after")


@pytest.mark.parametrize(
    "raw",
    [
        b'{"jsonrpc":"2.0","id":1,"method":"engine.ping","x":"\\ud800\\u12"}',
        b'{"jsonrpc":"2.0","id":1,"method":"engine.ping","x":"\\ud800"',
        b'["\\ud800" oops]',
    ],
)
def test_lone_surrogate_beside_another_fault_is_still_parse_error(raw: bytes) -> None:
    error = assert_error(one_answer(raw), -32700, None)
    assert error["data"]["reason"] in ("invalid_json", "truncated"), error


@pytest.mark.parametrize(
    "raw",
    [
        b"[" * 10_000 + b"]" * 10_000,
        b'{"a":' * 10_000 + b"1" + b"}" * 10_000,
        b'{"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"data":'
        + b"[" * 10_000
        + b"]" * 10_000
        + b"}}",
        b"[" * 100_000,
    ],
    ids=["array-10000", "object-10000", "in-params-10000", "unclosed-100000"],
)
def test_too_deep_nesting_is_parse_error(raw: bytes) -> None:
    assert_error(one_answer(raw), -32700, None, reason="too_deep")


def test_nesting_within_the_limit_is_returned_as_given() -> None:
    depth = 400  # below jansson's limit (and Python's json recursion limit)
    data: Any = "leaf"
    for level in range(depth):
        data = [data] if level % 2 else {"k": data}
    response = one_answer(req("layer.add", {"id": "deep", "data": data}, id=1))
    assert response["result"]["data"] == data


@pytest.mark.parametrize("number", [b"1e400", b"-1e400", b"1" + b"0" * 400 + b".0"])
def test_number_out_of_range_is_parse_error(number: bytes) -> None:
    raw = b'{"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"data":' + number + b"}}"
    assert_error(one_answer(raw), -32700, None, reason="number_out_of_range")


# --------------------------------------------------------------------------- -32600


@pytest.mark.parametrize(
    "raw", [b"5", b"-1.5", b'"engine.ping"', b"true", b"false", b"null", b"1e2"]
)
def test_scalar_is_invalid_request(raw: bytes) -> None:
    assert_error(one_answer(raw), -32600, None, reason="not_an_object")


@pytest.mark.parametrize(
    ("raw", "id", "reason"),
    [
        (b"{}", None, "invalid_jsonrpc"),
        (b'{"id":4,"method":"engine.ping"}', 4, "invalid_jsonrpc"),
        (b'{"jsonrpc":"1.0","id":4,"method":"engine.ping"}', 4, "invalid_jsonrpc"),
        (b'{"jsonrpc":"2","id":4,"method":"engine.ping"}', 4, "invalid_jsonrpc"),
        (b'{"jsonrpc":"2.0 ","id":4,"method":"engine.ping"}', 4, "invalid_jsonrpc"),
        (b'{"jsonrpc":2.0,"id":4,"method":"engine.ping"}', 4, "invalid_jsonrpc"),
        (b'{"jsonrpc":null,"id":"s","method":"engine.ping"}', "s", "invalid_jsonrpc"),
        (b'{"jsonrpc":["2.0"],"id":4,"method":"engine.ping"}', 4, "invalid_jsonrpc"),
        (b'{"jsonrpc":"2.0","id":5}', 5, "missing_method"),
        (b'{"jsonrpc":"2.0","id":5,"params":{}}', 5, "missing_method"),
        (b'{"jsonrpc":"2.0","id":5,"method":5}', 5, "invalid_method"),
        (b'{"jsonrpc":"2.0","id":5,"method":null}', 5, "invalid_method"),
        (b'{"jsonrpc":"2.0","id":5,"method":true}', 5, "invalid_method"),
        (b'{"jsonrpc":"2.0","id":5,"method":["engine.ping"]}', 5, "invalid_method"),
        (b'{"jsonrpc":"2.0","id":5,"method":{"name":"engine.ping"}}', 5, "invalid_method"),
        (b'{"jsonrpc":"2.0","id":6,"method":"engine.ping","params":5}', 6, "invalid_params"),
        (b'{"jsonrpc":"2.0","id":6,"method":"engine.ping","params":"x"}', 6, "invalid_params"),
        (b'{"jsonrpc":"2.0","id":6,"method":"engine.ping","params":true}', 6, "invalid_params"),
        (b'{"jsonrpc":"2.0","id":6,"method":"engine.ping","params":1.5}', 6, "invalid_params"),
        (b'{"jsonrpc":"2.0","id":{},"method":"engine.ping"}', None, "invalid_id"),
        (b'{"jsonrpc":"2.0","id":{"a":1},"method":"engine.ping"}', None, "invalid_id"),
        (b'{"jsonrpc":"2.0","id":[1],"method":"engine.ping"}', None, "invalid_id"),
        (b'{"jsonrpc":"2.0","id":[],"method":"engine.ping"}', None, "invalid_id"),
        (b'{"jsonrpc":"2.0","id":true,"method":"engine.ping"}', None, "invalid_id"),
        (b'{"jsonrpc":"2.0","id":false,"method":"engine.ping"}', None, "invalid_id"),
        # Invalid and without an id: still answered (JSON-RPC 2.0 §5), with id null.
        (b'{"jsonrpc":"2.0","method":5}', None, "invalid_method"),
        (b'{"jsonrpc":"1.0","method":"engine.ping"}', None, "invalid_jsonrpc"),
        (b'{"jsonrpc":"2.0","method":"engine.ping","params":5}', None, "invalid_params"),
    ],
)
def test_not_a_request_is_invalid_request_with_id_echo(raw: bytes, id: Any, reason: str) -> None:
    assert_error(one_answer(raw), -32600, id, reason=reason)


def test_params_null_counts_as_omitted() -> None:
    # pygls and Emacs's jsonrpc.el send "params": null for a call without parameters.
    response = one_answer(b'{"jsonrpc":"2.0","id":6,"method":"engine.ping","params":null}')
    assert isinstance(response, dict)
    assert response["id"] == 6
    assert response["result"]["pong"] is True


@pytest.mark.parametrize("raw", [b"[]", b"[ ]", b" [\t] ", b"[\r]"])
def test_empty_batch_is_one_invalid_request(raw: bytes) -> None:
    response = one_answer(raw)
    assert isinstance(response, dict), "an empty batch is answered by one error, not an array"
    assert_error(response, -32600, None, reason="empty_batch")


def test_batch_of_notifications_writes_nothing() -> None:
    batch = (
        b"["
        + b",".join([note("engine.ping"), note("nope"), note("layer.add", {"sort": "x"})])
        + b"]"
    )
    assert answers(batch, batch) == []


def test_mixed_batch_answers_in_request_order() -> None:
    entries = [
        req("engine.ping", id=1),
        note("engine.ping"),
        b"5",
        req("nope", id="two"),
        b"[]",
        b'{"jsonrpc":"2.0","id":3}',
        req("layer.add", {"id": "L"}, id=4),
        note("nope"),
        req("layer.add", {"id": "L"}, id=5),
        req("layer.get", {"id": 7}, id=6),
        b'{"jsonrpc":"2.0","id":{},"method":"engine.ping"}',
        req("engine.ping", [1], id=7.5),
        req("layer.get", {"id": "L"}, id=None),
    ]
    batch = b"[" + b",".join(entries) + b"]"
    (response,) = answers(batch)
    assert isinstance(response, list) and len(response) == 11, response
    assert_pong(response[0], 1)
    assert_error(response[1], -32600, None, reason="not_an_object")
    assert_error(response[2], -32601, "two", method="nope")
    assert_error(response[3], -32600, None, reason="not_an_object")
    assert_error(response[4], -32600, 3, reason="missing_method")
    assert response[5] == {"jsonrpc": "2.0", "id": 4, "result": response[5]["result"]}
    assert response[5]["result"]["id"] == "L"
    assert_error(response[6], -32002, 5, kind="layer", id="L")
    assert_error(response[7], -32602, 6, path="/id")
    assert_error(response[8], -32600, None, reason="invalid_id")
    assert_error(response[9], -32602, 7.5, path="")
    assert response[10]["id"] is None and response[10]["result"]["id"] == "L"


def test_batch_of_only_invalid_entries_answers_each() -> None:
    (response,) = answers(b"[1, 2, 3]")
    assert isinstance(response, list) and len(response) == 3
    for entry in response:
        assert_error(entry, -32600, None, reason="not_an_object")


def test_one_entry_batch_is_answered_with_an_array() -> None:
    (response,) = answers(b"[" + req("engine.ping", id=1) + b"]")
    assert isinstance(response, list) and len(response) == 1
    assert_pong(response[0], 1)


def test_batch_with_a_parse_error_is_one_parse_error() -> None:
    raw = b"[" + req("engine.ping", id=1) + b",{bad]"
    response = one_answer(raw)
    assert isinstance(response, dict)
    assert_error(response, -32700, None, reason="invalid_json")


def test_batch_over_max_batch_is_one_limit_error() -> None:
    batch = b"[" + b",".join([req("engine.ping", id=i) for i in range(4)]) + b"]"
    response = one_answer(batch, args=("--max-batch", "3"))
    assert isinstance(response, dict), response
    assert_error(response, -32004, None, name="maxBatch", limit=3, value=4)
    batch = b"[" + b",".join([req("engine.ping", id=i) for i in range(3)]) + b"]"
    assert len(one_answer(batch, args=("--max-batch", "3"))) == 3


# --------------------------------------------------------------------------- -32601 / -32602


@pytest.mark.parametrize(
    "method",
    ["nope", "", "layer.ad", "LAYER.ADD", "layer.add ", "rpc.nope", "é😀", "engine.ping\u0000"],
)
def test_unknown_method(method: str) -> None:
    assert_error(one_answer(req(method, id=9)), -32601, 9, method=method)


def test_unknown_method_as_notification_is_only_logged() -> None:
    run = run_raw(ndjson(note("nope.nope"), PING))
    assert len(run.messages) == 1 and run.messages[0]["id"] == "after"
    assert b"nope.nope" in run.err, run.err


def test_failing_notification_is_never_answered_but_logged() -> None:
    run = run_raw(
        ndjson(note("layer.add", {"sort": "high"}), note("layer.get", {"id": "missing"}), PING)
    )
    assert [m["id"] for m in run.messages] == ["after"]
    assert b"layer.add" in run.err and b"layer.get" in run.err, run.err


@pytest.mark.parametrize("params", [[1], ["a"], [{}], [None], [[]]])
def test_positional_params_are_invalid_params(params: list[Any]) -> None:
    assert_error(one_answer(req("engine.ping", params, id=1)), -32602, 1, path="")


def test_empty_array_params_count_as_omitted() -> None:
    assert_pong(one_answer(req("engine.ping", [], id=1)), 1)
    assert_error(one_answer(req("layer.get", [], id=2)), -32602, 2, path="/id")


@pytest.mark.parametrize("name", ["x", "", "/", "~", "a/b", "a~b", "é"])
def test_unknown_member_path_is_an_escaped_json_pointer(name: str) -> None:
    pointer = "/" + name.replace("~", "~0").replace("/", "~1")
    assert_error(one_answer(req("engine.ping", {name: 1}, id=1)), -32602, 1, path=pointer)


# --------------------------------------------------------------------------- too large


@pytest.mark.parametrize("terminator", [b"\n", b"\r\n"])
def test_message_at_the_limit_is_served_one_byte_over_is_too_large(terminator: bytes) -> None:
    limit = 200
    base = req("layer.add", {"id": "x", "data": ""}, id=1)
    exact = base.replace(b'"data":""', b'"data":"' + b"a" * (limit - len(base)) + b'"')
    over = exact.replace(b'"id":"x"', b'"id":"xy"')
    assert len(exact) == limit and len(over) == limit + 1
    run = run_raw(
        exact + terminator + over + terminator + PING + b"\n", "--max-message-bytes", str(limit)
    )
    first, second, last = run.messages
    assert first["id"] == 1 and first["result"]["id"] == "x", first
    assert_error(second, -32600, 1, reason="too_large", limit=limit)
    assert_pong(last, "after")


def test_too_large_garbage_lines_many_in_a_row() -> None:
    lines = [b"x" * 101, b"{" * 5000, req("engine.ping", {"pad": "p" * 200}, id=1)]
    messages = answers(*lines, args=("--max-message-bytes", "100"))
    assert len(messages) == len(lines)
    # Not JSON (no id can be read): null; the request's id 1.
    for message, id in zip(messages, [None, None, 1]):
        assert_error(message, -32600, id, reason="too_large", limit=100)


PAD = "p" * 300

# An over-long request's answer carries its id wherever it stands in the top-level object,
# read as the skipped bytes went by; else id null. (line, the id expected)
TOO_LARGE_IDS = [
    (b'{"jsonrpc":"2.0","id":7,"method":"m","params":{"d":"%s"}}', 7),
    (b'{ "id" : "s\\u00e9\\"q" , "method":"m","params":{"d":"%s"}}', 's\u00e9"q'),
    (b'{"id":null,"method":"m","params":{"d":"%s"}}', None),
    (b'{"id":-2.5e3,"method":"m","params":{"d":"%s"}}', -2500.0),
    # A lone surrogate in it: the id as written (it was "q\ufffd"), so the client finds it.
    (b'{"id":"q\\ud83d","method":"m","params":{"d":"%s"}}', "q\ud83d"),
    # After the params (jsonrpcclient writes it last; Neovim's order varies by run), with an
    # "id" inside them that is not the request's.
    (b'{"jsonrpc":"2.0","method":"m","params":{"id":1,"d":"%s"},"id":8}', 8),
    # A notification's answer, too: the message is refused for its size before anything
    # tells what it is.
    (b'{"jsonrpc":"2.0","method":"m","params":{"d":"%s"}}', None),
    # Names are read as the parser reads them: escapes decoded, the last id wins.
    (b'{"jsonrpc":"2.0","id":4,"method":"m","params":{"d":"%s"},"\\u0069d":5}', 5),
    # An id that is not UTF-8 (the parser refuses the message): null.
    (b'{"jsonrpc":"2.0","id":"\xff","method":"m","params":{"d":"%s"}}', None),
    # Not an id: a boolean, an object; nor a batch's members, nor JSON at all.
    (b'{"id":true,"method":"m","params":{"d":"%s"}}', None),
    (b'{"id":{"a":1},"method":"m","params":{"d":"%s"}}', None),
    (b'[{"jsonrpc":"2.0","id":3,"method":"m","params":{"d":"%s"}}]', None),
    (b'{"id":12x3,"method":"m","params":{"d":"%s"}}', None),
    # A long number, read whole whatever the reads split: 12 of 1233… is not taken.
    (b'{"jsonrpc":"2.0","method":"m","params":{"p":""},"id":12%s}', int("12" + "3" * 55)),
]


@pytest.mark.parametrize("framing", ["ndjson", "lsp"])
@pytest.mark.parametrize(("line", "expected"), TOO_LARGE_IDS)
def test_too_large_is_answered_with_its_id_wherever_it_stands(
    framing: str, line: bytes, expected: Any
) -> None:
    limit = 100
    fill = PAD.encode() if b"12%s" not in line else b"3" * 55
    message = line % fill
    assert len(message) > limit
    if framing == "ndjson":
        (answer,) = answers(message, args=("--max-message-bytes", str(limit)))
    else:
        body = lsp_frame(message) + lsp_frame(PING)
        run = run_raw(body, "--max-message-bytes", str(limit))
        assert run.rc == 0, run.err
        answer, after = run.lsp_messages
        assert_pong(after, "after")
    assert_error(answer, -32600, expected, reason="too_large", limit=limit)


# --------------------------------------------------------------------------- lifecycle


def test_requests_after_shutdown_are_invalid_state() -> None:
    methods = [m["name"] for m in load_schema()["methods"] if m["name"] != "exit"]
    lines = [req("shutdown", id="s")]
    lines += [req(name, id=name) for name in methods]
    lines.append(b"[" + req("engine.ping", id="b1") + b"," + req("layer.add", id="b2") + b"]")
    lines.append(b"{bad")
    lines.append(b"5")
    run = run_raw(ndjson(*lines))
    assert run.rc == 0
    messages = run.messages
    assert messages[0] == {"jsonrpc": "2.0", "id": "s", "result": None}
    for name, message in zip(methods, messages[1:]):
        assert_error(message, -32003, name, reason="shut_down")
    batch = messages[len(methods) + 1]
    assert isinstance(batch, list) and len(batch) == 2
    assert_error(batch[0], -32003, "b1", reason="shut_down")
    assert_error(batch[1], -32003, "b2", reason="shut_down")
    assert_error(messages[-2], -32700, None, reason="invalid_json")
    assert_error(messages[-1], -32600, None, reason="not_an_object")


def test_unknown_method_after_shutdown_is_invalid_state() -> None:
    """docs/protocol.md#lifecycle: after shutdown *every* request but exit gets -32003."""
    run = run_raw(ndjson(req("shutdown", id=1), req("no.such.method", id=2)))
    assert_error(run.messages[1], -32003, 2, reason="shut_down")


def test_exit_after_shutdown_exits_0_and_reads_no_further() -> None:
    run = run_raw(ndjson(req("shutdown", id=1), note("exit"), req("engine.ping", id=2), b"{bad"))
    assert run.rc == 0
    assert run.messages == [{"jsonrpc": "2.0", "id": 1, "result": None}]


def test_no_timer_fires_after_shutdown_even_when_a_message_follows() -> None:
    """Timers stop at shutdown: what falls due afterwards stays silent, also when the next
    message (a refused request, then exit) makes the engine look at the clock."""
    live = Engine(manual=False)
    try:
        live.send(
            # 1 s: a loaded machine may pause the engine 100 ms between two of these.
            req("alert.enqueue", {"type": "t", "id": "later", "delayMs": 1000}, id=1),
            req("alert.enqueue", {"type": "t", "id": "now", "durationMs": 1000}, id=2),
            req("shutdown", id=3),
        )
        assert live.read_message()["id"] == 1
        assert live.read_message()["method"] == "alert.show"  # "now", at once
        assert live.read_message()["id"] == 2
        assert live.read_message() == {"jsonrpc": "2.0", "id": 3, "result": None}
        time.sleep(1.3)  # both timers fall due: "later" ready, "now" done
        live.send(req("engine.ping", id=4), note("exit"))
        assert_error(live.read_message(), -32003, 4, reason="shut_down")
        assert live.finish() == 0
        assert live.output().count(b"\n") == 5, live.output()
    finally:
        live.kill()


def test_exit_without_shutdown_exits_1() -> None:
    run = run_raw(ndjson(req("engine.ping", id=1), note("exit"), req("engine.ping", id=2)))
    assert run.rc == 1
    assert [m["id"] for m in run.messages] == [1]


def test_exit_with_bad_params_does_not_exit() -> None:
    run = run_raw(ndjson(note("exit", {"now": True}), req("exit", {"now": True}, id=1), PING))
    assert run.rc == 0
    assert_error(run.messages[0], -32602, 1, path="/now")
    assert_pong(run.messages[1], "after")


def test_shutdown_with_bad_params_does_not_shut_down() -> None:
    messages = answers(req("shutdown", {"force": 1}, id=1), note("shutdown", [1]))
    assert_error(messages[0], -32602, 1, path="/force")


@pytest.mark.parametrize("data", [b"", b"\n\n\r\n   \n", PING + b"\n"])
def test_eof_exits_0(data: bytes) -> None:
    run = run_raw(data)
    assert run.rc == 0
    assert len(run.messages) == (1 if data.startswith(PING) else 0)


@pytest.mark.parametrize(
    "argv",
    [
        ["--bogus"],
        ["--max-message-bytes"],
        ["--max-message-bytes", "abc"],
        ["--max-message-bytes", "0"],
        ["--max-message-bytes", "-1"],
        ["--max-message-bytes", "1.5"],
        ["--max-message-bytes", "99999999999999999999999999"],
        ["--framing", "xml"],
        ["--framing"],
        ["--clock", "sundial"],
        ["--log-level", "loud"],
        ["--max-layers", "x"],
        ["--max-alerts", ""],
        ["--max-batch", "-5"],
        ["--max-tree-depth", "many"],
        ["positional"],
        ["-"],
    ],
)
def test_bad_flags_print_usage_and_exit_2(argv: list[str]) -> None:
    run = run_raw(ndjson(PING), *argv, manual=False)
    assert run.rc == 2, (argv, run.rc, run.out, run.err)
    assert run.out == b"", "stdout carries protocol bytes only"
    assert b"usage" in run.err.lower(), run.err


@pytest.mark.parametrize("flag", ["--version", "--help"])
def test_version_and_help_exit_0_without_reading(flag: str) -> None:
    run = run_raw(b"{bad\n", flag, manual=False)
    assert run.rc == 0
    assert run.out.strip(), "prints something"
    assert b"Parse error" not in run.out
    assert_no_crash(run.err)


def test_stdout_is_protocol_only_even_at_debug_log_level() -> None:
    lines = [b"{bad", b"5", req("nope", id=1), note("nope"), req("engine.ping", id=2)]
    run = run_raw(ndjson(*lines), "--log-level", "debug")
    assert run.rc == 0
    assert [json.dumps(m["id"]) for m in run.messages] == ["null", "null", "1", "2"]
    assert run.err, "debug logging goes to stderr"
