"""The JSON-RPC endpoint in isolation: ids, answers, ordering, strays."""

from __future__ import annotations

import json
from typing import Any

from ordo import Call
from ordo.endpoint import Answer, Endpoint, Notice, Stray
from ordo.events import AlertIdle


def call(method: str = "engine.ping") -> Call[Any]:
    return Call(method, None, lambda v: v)


def error(rid: Any = None, code: int = -32600) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": rid, "error": {"code": code, "message": "x", "data": {}}}


def test_answers_match_their_requests() -> None:
    endpoint: Endpoint[str] = Endpoint()
    first = endpoint.request(call(), "one")
    second = endpoint.request(call("clock.now"), "two")
    endpoint.written(first)
    endpoint.written(second)
    assert first["id"] != second["id"] and "params" not in first
    reply = {"jsonrpc": "2.0", "id": second["id"], "result": 1}
    assert endpoint.receive(reply) == [Answer("two", reply)]
    assert endpoint.pending_count == 1


def test_notifications_become_events() -> None:
    endpoint: Endpoint[str] = Endpoint()
    message = {"jsonrpc": "2.0", "method": "alert.idle", "params": {"queue": "q", "at": 3}}
    assert endpoint.receive(message) == [Notice(AlertIdle(queue="q", at=3))]


def test_an_error_without_id_answers_the_oldest_unanswered_message() -> None:
    endpoint: Endpoint[str] = Endpoint()
    big = endpoint.request(call(), "big")
    batch = [endpoint.request(call(), "b1"), endpoint.request(call(), "b2")]
    endpoint.written(big)
    endpoint.written(batch)
    too_large = error()
    assert endpoint.receive(too_large) == [Answer("big", too_large)]
    over_limit = error(code=-32004)
    assert endpoint.receive(over_limit) == [Answer("b1", over_limit), Answer("b2", over_limit)]
    assert endpoint.pending_count == 0
    assert endpoint.receive(error()) == [Stray(error())]


def test_raw_messages_take_their_answers_as_strays() -> None:
    endpoint: Endpoint[str] = Endpoint()
    endpoint.written_raw()
    request = endpoint.request(call(), "mine")
    endpoint.written(request)
    parse_error = error(code=-32700)
    assert endpoint.receive(parse_error) == [Stray(parse_error)]
    reply = {"jsonrpc": "2.0", "id": request["id"], "result": None}
    assert endpoint.receive(reply) == [Answer("mine", reply)]


def test_an_answered_message_settles_older_raw_ones_that_got_no_answer() -> None:
    endpoint: Endpoint[str] = Endpoint()
    endpoint.written_raw()  # e.g. a raw notification: never answered
    request = endpoint.request(call(), "mine")
    endpoint.written(request)
    endpoint.receive({"jsonrpc": "2.0", "id": request["id"], "result": None})
    later = endpoint.request(call(), "later")
    endpoint.written(later)
    assert endpoint.receive(error()) == [Answer("later", error())]


def test_the_late_answer_of_a_forgotten_request_is_dropped() -> None:
    endpoint: Endpoint[str] = Endpoint()
    request = endpoint.request(call(), "slow")
    endpoint.written(request)
    assert endpoint.forget(request) == "slow"
    reply = {"jsonrpc": "2.0", "id": request["id"], "result": 1}
    assert endpoint.receive(reply) == []
    assert not endpoint._units


def test_batch_answers() -> None:
    endpoint: Endpoint[str] = Endpoint()
    batch = [endpoint.request(call(), "a"), endpoint.request(call(), "b")]
    endpoint.written(batch)
    answers = [
        {"jsonrpc": "2.0", "id": batch[0]["id"], "result": 1},
        {"jsonrpc": "2.0", "id": batch[1]["id"], "error": {"code": -32001, "message": "x"}},
    ]
    assert endpoint.receive(answers) == [Answer("a", answers[0]), Answer("b", answers[1])]
    assert endpoint.receive([{"jsonrpc": "2.0", "id": "zz", "result": 0}]) == [
        Stray([{"jsonrpc": "2.0", "id": "zz", "result": 0}])
    ]


def test_drain_returns_every_pending_slot() -> None:
    endpoint: Endpoint[str] = Endpoint()
    endpoint.request(call(), "x")
    endpoint.request(call(), "y")
    assert sorted(endpoint.drain()) == ["x", "y"]
    assert endpoint.pending_count == 0


def test_take_is_the_common_case_of_receive() -> None:
    endpoint: Endpoint[str] = Endpoint()
    first = endpoint.open_written("one")
    reply = {"jsonrpc": "2.0", "id": first, "result": 1}
    assert endpoint.take(reply) == "one"
    assert endpoint.pending_count == 0 and not endpoint._units
    endpoint.written_raw()
    second = endpoint.open_written("two")
    reply = {"jsonrpc": "2.0", "id": second, "result": 1}
    assert endpoint.take(reply) is None  # not the oldest message: receive() settles both
    assert endpoint.receive(reply) == [Answer("two", reply)]
    assert endpoint.pending_count == 0 and not endpoint._units
    unknown = {"jsonrpc": "2.0", "id": 99, "result": 1}
    assert endpoint.take(unknown) is None
    assert endpoint.take({"jsonrpc": "2.0", "id": None, "error": {}}) is None
    assert endpoint.receive(unknown) == [Stray(unknown)]


def test_take_batch_takes_all_or_nothing() -> None:
    endpoint: Endpoint[str] = Endpoint()
    a, b = endpoint.open("a"), endpoint.open("b")
    endpoint.written_ids([a, b])
    answers = [{"jsonrpc": "2.0", "id": i, "result": i} for i in (a, b)]
    partly_ours = [answers[0], {"jsonrpc": "2.0", "id": 77, "result": 0}]
    assert endpoint.take_batch(partly_ours) is None
    assert endpoint.take_batch([answers[0], "x"]) is None
    assert endpoint.take_batch([]) is None
    assert endpoint.pending_count == 2
    assert endpoint.take_batch(answers) == [("a", answers[0]), ("b", answers[1])]
    assert endpoint.pending_count == 0 and not endpoint._units


def _boundary_texts() -> list[bytes]:
    """Notifications on both sides of each thing the engine's parser refuses, and the same
    characters inside strings, where it reads them."""
    head = b'{"jsonrpc":"2.0","method":"engine.ping","params":{"data":'
    values = [
        b'"a\\u0000b"', b'{"a\\u0000b":1}', b'{"a\\\\\\u0000b":1}', b'{"k\\"\\\\u0000":1}',
        b"NaN", b"-Infinity", b'"NaN Infinity"', b'"x\\"NaN"', b"1e400", b"1E+400", b"1e-400",
        b"1" * 400, b'"' + b"1" * 400 + b'"', b"1" * 250 + b"e60", b"1" * 250 + b"e50",
        b"1e308", b"2e308", b'"' + b"[" * 3000 + b'"', b'"\\"' + b"[" * 3000 + b'"',
    ]  # fmt: skip
    for n in (2045, 2046, 2047):  # the message and its params are two levels more
        values += [
            b"[" * n + b"]" * n,
            b"[ " * n + b'"s"' + b" ]" * n,
            b'{"a\\"[":' * n + b"1" + b"}" * n,
            b"[" + b"[]," * 3000 + b"[" * (n - 1) + b"true" + b"]" * n,
            b"[" + b"[[],[],[]]," * 700 + b"[" * (n - 2) + b"[],[]" + b"]" * (n - 1),
        ]
    return [head + value + b"}}" for value in values]


def test_what_the_endpoint_takes_as_unreadable_is_what_the_engine_refuses(ordo_bin: str) -> None:
    """Each notification, then a ping: the engine answers the notification (an id-null
    error) exactly when the endpoint's test says it cannot read it. A notification taken as
    unreadable that is not is blamed for the next request's parse error; the reverse
    blames the request for the notification's."""
    import subprocess

    from ordo.endpoint import _unreadable

    texts = _boundary_texts()
    lines = b"".join(
        text + b'\n{"jsonrpc":"2.0","id":%d,"method":"engine.ping"}\n' % i
        for i, text in enumerate(texts)
    )
    done = subprocess.run([ordo_bin], input=lines, capture_output=True, timeout=60, check=True)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    by_ping: list[bool] = []
    pending = False
    for message in answers:
        if message.get("id") is None:
            pending = True
        else:
            by_ping.append(pending)
            pending = False
    assert len(by_ping) == len(texts)
    assert [_unreadable(text) for text in texts] == by_ping
    assert by_ping.count(True) >= 10 and by_ping.count(False) >= 10
