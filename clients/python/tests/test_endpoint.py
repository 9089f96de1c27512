"""The JSON-RPC endpoint in isolation: ids, answers, ordering, strays."""

from __future__ import annotations

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
