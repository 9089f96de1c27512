"""The schema-checking tap (schema_check.SchemaChecker) finds what it says it checks.

Most client tests run their engines through this tap and pass when it reports nothing, so
a tap that checked nothing would pass them all. Here it is given traffic the schema
refuses, a message at a time, and must name each problem; and a real engine's traffic,
which it must both check and accept.
"""

from __future__ import annotations

from typing import Any

import pytest

import ordo
from schema_check import SchemaChecker, SchemaDocument

LAYER = {
    "id": "a",
    "parent": None,
    "sort": 0,
    "index": 0,
    "frame": {"x": 0, "y": 0, "width": 10, "height": 10},
    "hidden": False,
    "interactive": True,
    "clips": False,
    "childCount": 0,
}


def request(rid: int, method: str, params: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": rid, "method": method, "params": params}


def result(rid: Any, value: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": rid, "result": value}


def error(rid: Any, code: int, data: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": rid, "error": {"code": code, "message": "m", "data": data}}


def fed(schema: SchemaDocument, *traffic: tuple[str, Any]) -> SchemaChecker:
    tap = SchemaChecker(schema)
    for direction, message in traffic:
        tap(direction, message)
    return tap


def test_traffic_the_schema_describes_gives_no_problem(schema: SchemaDocument) -> None:
    tap = fed(
        schema,
        ("send", request(1, "layer.add", {"id": "a"})),
        ("recv", result(1, LAYER)),
        ("send", request(2, "layer.remove", {"id": "nope"})),
        ("recv", error(2, -32001, {"kind": "layer", "id": "nope"})),
        ("recv", {"jsonrpc": "2.0", "method": "alert.idle", "params": {"queue": "q", "at": 5}}),
    )
    assert tap.verdict() == []
    # Two params, a result, an error and an event: each one checked.
    assert tap.checked == 5
    assert tap.seen_methods == {"layer.add"} and tap.seen_events == {"alert.idle"}


@pytest.mark.parametrize(
    ("traffic", "starts"),
    [
        (  # a result the method's result schema refuses
            [
                ("send", request(1, "layer.add", {"id": "a"})),
                ("recv", result(1, LAYER | {"sort": "0"})),
            ],
            ["layer.add result: sort: '0' is not of type 'integer'"],
        ),
        (  # params the schema refuses, which the engine answered with a result
            [("send", request(1, "layer.add", {"id": 5})), ("recv", result(1, LAYER))],
            ['layer.add: the engine accepted params the schema refuses: {"id": 5}'],
        ),
        (  # an error code the method does not list (layer.add never answers -32601)
            [
                ("send", request(1, "layer.add", {"id": "a"})),
                ("recv", error(1, -32601, {"method": "layer.add"})),
            ],
            ["layer.add returned error code -32601, not listed in its errors"],
        ),
        (  # an error object whose data its code's schema refuses
            [
                ("send", request(1, "layer.remove", {"id": "a"})),
                ("recv", error(1, -32001, {"kind": "popup", "id": "a"})),
            ],
            ["error object: "],
        ),
        (  # an event the schema does not describe
            [("recv", {"jsonrpc": "2.0", "method": "alert.shown", "params": {}})],
            ["event 'alert.shown' is not described in x-events"],
        ),
        (  # a described event with params its schema refuses
            [("recv", {"jsonrpc": "2.0", "method": "alert.idle", "params": {"queue": 1, "at": 5}})],
            ["event alert.idle: queue: 1 is not of type 'string'"],
        ),
        (  # a result for no request sent
            [("recv", result(9, {"pong": True, "at": 0}))],
            ["a result that answers no request: "],
        ),
        (  # a response with both members, or neither
            [
                ("send", request(1, "engine.ping", {})),
                (
                    "recv",
                    error(1, -32003, {"reason": "shut_down"}) | {"result": {"pong": True, "at": 0}},
                ),
            ],
            ["malformed response envelope "],
        ),
        (
            [("send", request(1, "engine.ping", {})), ("recv", {"jsonrpc": "2.0", "id": 1})],
            ["malformed response envelope "],
        ),
        (  # a batch answer holding something that is not an object
            [
                ("send", [request(1, "engine.ping", {})]),
                ("recv", [result(1, {"pong": 1, "at": 0}), 7]),
            ],
            [
                "engine.ping result: pong: True was expected",
                "received a non-object message 7",
            ],
        ),
    ],
)
def test_each_kind_of_violation_is_named(
    schema: SchemaDocument, traffic: list[tuple[str, Any]], starts: list[str]
) -> None:
    problems = fed(schema, *traffic).verdict()
    assert len(problems) == len(starts), problems
    for problem, start in zip(problems, starts):
        assert problem.startswith(start), (problem, start)


def test_requests_with_nothing_received_are_a_problem(schema: SchemaDocument) -> None:
    # A tap that is never given what the engine writes checks nothing of it.
    tap = fed(
        schema, ("send", request(1, "engine.ping", {})), ("send", request(2, "engine.ping", {}))
    )
    assert tap.verdict() == ["2 requests sent, but the tap saw no message from the engine"]
    assert fed(schema, ("send", {"jsonrpc": "2.0", "method": "exit"})).verdict() == []


def test_raw_requests_are_not_judged_but_their_answers_are_matched(
    schema: SchemaDocument,
) -> None:
    tap = fed(
        schema,
        ("send-raw", b'{"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":5}}'),
        ("send-raw", b"not json"),
        ("recv", error(3, -32602, {"path": "/id", "expected": "a string"})),
    )
    assert tap.verdict() == []
    # Its answer is checked as layer.add's: a result of the wrong shape is named.
    tap = fed(
        schema,
        ("send-raw", b'{"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":"a"}}'),
        ("recv", result(3, LAYER | {"sort": "0"})),
    )
    [problem] = tap.verdict()
    assert problem.startswith("layer.add result: sort: '0' is not of type 'integer'")


def test_a_real_engines_traffic_is_checked_and_accepted(
    ordo_bin: str, schema: SchemaDocument
) -> None:
    tap = SchemaChecker(schema)
    with ordo.Engine(ordo_bin, clock="manual", timeout=10, tap=tap) as engine:
        engine.layers.add("a")
        with pytest.raises(ordo.NotFound):
            engine.layers.remove("nope")
        engine.events.subscribe(["alert.changed"])
        engine.alerts.enqueue(type="t", id="x")
    assert tap.verdict() == []
    assert tap.seen_methods >= {"layer.add", "alert.enqueue"}
    assert tap.seen_events >= {"alert.show", "alert.changed"}
    assert tap.checked >= 8
