"""Every method through `ordo call`, on the manual and on the system clock.

A method whose subject is durable (alerts with `persist`, types, the show history) gets it
from earlier `ordo --state FILE call` processes on the same file, then runs as one
`ordo --state FILE call METHOD PARAMS`. Layers and navigation are not durable, so a method
that needs some runs as the last line of `ordo call -` after the lines that make them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

from cli_support import ndjson, q, sh

Request = tuple[str, dict[str, Any]]
Check = Callable[[Any, str], None]


@dataclass(frozen=True)
class Case:
    method: str
    params: dict[str, Any] | None
    check: Check
    # Run first, each in a process of its own on the same state file.
    earlier_processes: tuple[Request, ...] = ()
    # Run first on the same engine: the case then runs through `call -`.
    same_engine: tuple[Request, ...] = ()
    # The error code this case must give on the system clock instead (clock.advance).
    system_error: int | None = None
    # The exit status of `ordo call` when the case succeeds.
    status: int = 0


def equal(expected: Any) -> Check:
    def check(result: Any, clock: str) -> None:
        assert result == expected

    return check


def members(**expected: Any) -> Check:
    def check(result: Any, clock: str) -> None:
        assert {name: result[name] for name in expected} == expected

    return check


def rendered(result: Any, clock: str) -> None:
    # One framed layer drawn: the SVG parses and holds its group, with a11y title.
    svg = ElementTree.fromstring(result["svg"])
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    assert result["svg"].count('<g class="layer ') == 1


def initialized(result: Any, clock: str) -> None:
    assert result["serverInfo"]["name"] == "ordo"
    assert result["clock"] == clock
    assert result["framing"] == "ndjson"


def discovered(result: Any, clock: str) -> None:
    assert result["openrpc"].startswith("1.3")
    assert {"alert.enqueue", "layer.add", "engine.ping"} <= {m["name"] for m in result["methods"]}


def pong(result: Any, clock: str) -> None:
    assert result["pong"] is True
    assert result["at"] == 0 if clock == "manual" else result["at"] >= 0


def stats(result: Any, clock: str) -> None:
    assert result["layers"] == 0
    # The persisted alert, back from process 1 suspended: a read applies nothing, so the
    # restored alerts compete before it reads, and it shows again.
    assert (result["alerts"]["showing"], result["alerts"]["suspended"]) == (1, 0)
    assert result["state"]["path"].endswith("state.db")


def now(result: Any, clock: str) -> None:
    assert result["mode"] == clock
    assert result["now"] == 0 if clock == "manual" else result["now"] >= 0


def enqueued(result: Any, clock: str) -> None:
    assert result["disposition"] == "queued"
    alert = result["alert"]
    assert (alert["id"], alert["state"], alert["priority"]) == ("g1", "showing", 3)


def children_a_b(result: Any, clock: str) -> None:
    assert result["total"] == 2
    assert [layer["id"] for layer in result["layers"]] == ["a", "b"]  # bottom to top


def history(result: Any, clock: str) -> None:
    (show,) = result["shows"]
    assert (show["id"], show["type"], show["key"]) == ("h1", "tip", "k")
    assert show["at"] <= 0  # shown before this process started


def ended(state: str, reason: str) -> Check:
    def check(result: Any, clock: str) -> None:
        assert (result["id"], result["state"], result["endReason"]) == ("p1", state, reason)

    return check


def listed(result: Any, clock: str) -> None:
    assert [(a["id"], a["state"]) for a in result["alerts"]] == [
        # Restored as after any restart (p1 suspended); a read applies nothing, so they
        # compete before it reads: p1 shows again, p2 waits behind it.
        ("p1", "showing"),
        ("p2", "pending"),
    ]


FRAME = {"x": 0, "y": 0, "width": 10, "height": 10}
ADD_A: Request = ("layer.add", {"id": "a", "sort": 1, "frame": FRAME})
ADD_B: Request = ("layer.add", {"id": "b", "sort": 5})
PERSISTED: Request = ("alert.enqueue", {"type": "t", "id": "p1", "persist": True})

CASES = [
    Case("initialize", {"clientInfo": {"name": "sh"}}, initialized),
    Case("shutdown", None, equal(None)),
    # `exit` without `shutdown` before it: the server's status 1 (docs/protocol.md).
    Case("exit", None, equal(None), status=1),
    Case("rpc.discover", None, discovered),
    Case("engine.ping", None, pong),
    Case("engine.stats", None, stats, earlier_processes=(PERSISTED,)),
    Case("engine.reset", None, equal(None)),
    Case("clock.now", None, now),
    Case("clock.advance", {"ms": 250}, equal({"now": 250}), system_error=-32003),
    Case("layer.add", {"id": "a", "sort": 2}, members(id="a", sort=2, parent=None, index=0)),
    Case(
        "layer.remove",
        {"id": "a"},
        equal({"removed": 2}),
        same_engine=(ADD_A, ("layer.add", {"id": "a1", "parent": "a"})),
    ),
    Case(
        "layer.update",
        {"id": "a", "sort": 9, "hidden": True},
        members(id="a", sort=9, hidden=True, index=1),
        same_engine=(ADD_A, ADD_B),
    ),
    Case(
        "layer.move",
        {"id": "b", "parent": "a"},
        members(id="b", parent="a", index=0),
        same_engine=(ADD_A, ADD_B),
    ),
    Case(
        "layer.bringToFront",
        {"id": "a"},
        members(id="a", sort=5, index=1),
        same_engine=(ADD_A, ADD_B),
    ),
    Case(
        "layer.sendToBack",
        {"id": "b"},
        members(id="b", sort=1, index=0),
        same_engine=(ADD_A, ADD_B),
    ),
    Case("layer.get", {"id": "a"}, members(id="a", sort=1, frame=FRAME), same_engine=(ADD_A,)),
    Case(
        "layer.children",
        None,
        children_a_b,
        same_engine=(ADD_B, ADD_A),
    ),
    Case("layer.sortRange", None, equal({"min": 1, "max": 5}), same_engine=(ADD_A, ADD_B)),
    Case(
        "layer.tree",
        {"depth": 1},
        members(id=None, children=[{"id": "a", "sort": 1, "hidden": False, "children": []}]),
        same_engine=(ADD_A,),
    ),
    Case("layer.paintOrder", None, equal({"ids": ["a", "b"]}), same_engine=(ADD_A, ADD_B)),
    Case(
        "layer.hitTest", {"x": 5, "y": 5}, equal({"id": "a", "path": ["a"]}), same_engine=(ADD_A,)
    ),
    Case("layer.render", {"labels": False}, rendered, same_engine=(ADD_A,)),
    Case("layer.clear", None, equal({"removed": 2}), same_engine=(ADD_A, ADD_B)),
    Case(
        "alert.enqueue",
        {"type": "gift", "id": "g1", "priority": 3},
        enqueued,
    ),
    Case(
        "alert.complete",
        {"id": "p1", "result": {"ok": True}},
        ended("done", "completed"),
        earlier_processes=(PERSISTED,),
    ),
    Case(
        "alert.cancel",
        {"all": True},
        equal({"cancelled": ["p1", "p2"]}),
        earlier_processes=(
            PERSISTED,
            ("alert.enqueue", {"type": "t", "id": "p2", "persist": True}),
        ),
    ),
    Case("alert.pause", {"queue": "q"}, equal({"paused": True, "reasons": ["default"]})),
    Case(
        "alert.resume",
        {"queue": "q", "reason": "menu"},
        equal({"paused": True, "reasons": ["default"]}),
        same_engine=(
            ("alert.pause", {"queue": "q"}),
            ("alert.pause", {"queue": "q", "reason": "menu"}),
        ),
    ),
    Case(
        "alert.get",
        {"id": "p1"},
        members(id="p1", state="showing", persist=True),  # restored, shown again first
        earlier_processes=(PERSISTED,),
    ),
    Case(
        "alert.list",
        None,
        listed,
        earlier_processes=(
            PERSISTED,
            ("alert.enqueue", {"type": "t", "id": "p2", "persist": True}),
        ),
    ),
    Case("alert.clear", None, equal({"removed": 1}), earlier_processes=(PERSISTED,)),
    Case(
        "alert.configure",
        {"queue": "toasts", "maxConcurrent": 3},
        equal({"queue": "toasts", "maxConcurrent": 3, "minGapMs": 0, "historyLimit": 1000}),
    ),
    Case(
        "alert.defineType",
        {"type": "rate", "priority": 5, "limit": {"max": 1}},
        members(type="rate", priority=5, limit={"max": 1, "windowMs": None, "per": None}),
    ),
    Case(
        "alert.history",
        {"type": "tip"},
        history,
        earlier_processes=(("alert.enqueue", {"type": "tip", "id": "h1", "key": "k"}),),
    ),
    Case(
        "alert.forget",
        {"type": "tip"},
        equal({"forgotten": 1}),
        earlier_processes=(("alert.enqueue", {"type": "tip"}),),
    ),
    Case("nav.push", {"scope": "room"}, equal({"stack": ["room"], "active": "room"})),
    Case(
        "nav.pop",
        None,
        equal({"stack": ["room"], "active": "room"}),
        same_engine=(("nav.push", {"scope": "room"}), ("nav.push", {"scope": "gift"})),
    ),
    Case("nav.set", {"stack": ["a", "b"]}, equal({"stack": ["a", "b"], "active": "b"})),
    Case("nav.get", None, equal({"stack": [], "active": None})),
    Case("events.subscribe", {"topics": ["alert.changed"]}, equal({"topics": ["alert.changed"]})),
    Case(
        "events.unsubscribe",
        {"topics": ["alert.changed"]},
        equal({"topics": []}),
        same_engine=(("events.subscribe", {"topics": ["alert.changed"]}),),
    ),
]


def test_the_cases_cover_every_method_the_engine_lists() -> None:
    listed = sh('"$ORDO" call initialize').json()["methods"]
    assert [case.method for case in CASES] == listed


def test_the_cases_cover_every_namespace() -> None:
    namespaces = {case.method.split(".")[0] for case in CASES if "." in case.method}
    assert namespaces == {"rpc", "engine", "clock", "layer", "alert", "nav", "events"}


@pytest.mark.parametrize("clock", ["manual", "system"])
@pytest.mark.parametrize("case", CASES, ids=[case.method for case in CASES])
def test_every_method_works_through_ordo_call(case: Case, clock: str, tmp_path: Path) -> None:
    flags = f'--clock {clock} --state "{tmp_path}/state.db"'
    for method, params in case.earlier_processes:
        earlier = sh(f'"$ORDO" {flags} call {method} {q(params)} > /dev/null')
        assert earlier.status == 0, earlier.stderr
    if case.same_engine:
        requests = [{"method": m, "params": p} for m, p in case.same_engine]
        requests.append({"method": case.method, **({"params": case.params} if case.params else {})})
        ran = sh(f'"$ORDO" {flags} call -', stdin=ndjson(*requests))
        *setup, last = ran.lines
        assert len(setup) == len(case.same_engine)
        assert all("code" not in json.loads(line) for line in setup), setup
    else:
        argument = f" {q(case.params)}" if case.params is not None else ""
        ran = sh(f'"$ORDO" {flags} call {case.method}{argument}')
        (last,) = ran.lines
    answer = json.loads(last)
    if clock == "system" and case.system_error is not None:
        assert ran.status == 1
        assert answer["code"] == case.system_error
        return
    assert ran.status == case.status, ran.stdout + ran.stderr
    case.check(answer, clock)
