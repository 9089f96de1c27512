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


def test_an_older_engines_refusal_of_a_lone_surrogate_is_the_notifications() -> None:
    """Engines 0.2.0 to 0.2.3 refused a text holding a lone surrogate escape (a cut emoji)
    with -32700 ``invalid_json`` and ``id: null``; 0.2.4 and later read it as U+FFFD. Driving
    such an engine, the refusal of a notification that held one failed the next call
    (ParseError) while the engine applied that call, whose answer was then dropped. A parse
    error cannot be the refusal of JSON text the client wrote: it is the notification's."""
    from ordo.endpoint import Refused

    endpoint: Endpoint[str] = Endpoint()
    note = endpoint.notification(Call("layer.add", {"id": "x\ud83d"}, lambda v: v))
    endpoint.written(note)
    request = endpoint.request(Call("layer.add", {"id": "a"}, lambda v: v), "a")
    endpoint.written(request)
    refusal = {
        "jsonrpc": "2.0",
        "id": None,
        "error": {
            "code": -32700,
            "message": "Parse error: the message is not valid JSON (invalid Unicode '\\uD83D').",
            "data": {"reason": "invalid_json"},
        },
    }
    assert endpoint.receive(refusal) == [Refused("notification layer.add", refusal)]
    reply = {"jsonrpc": "2.0", "id": request["id"], "result": {"id": "a"}}
    assert endpoint.receive(reply) == [Answer("a", reply)]
    # Without a lone surrogate before it, the parse error is the request's (a raw text's,
    # or a request of ours holding one itself, refused by such an engine).
    endpoint.written(endpoint.notification(call("engine.ping")))
    own = endpoint.request(Call("layer.add", {"id": "y\udc00"}, lambda v: v), "own")
    endpoint.written(own)
    assert endpoint.receive(refusal) == [Answer("own", refusal)]


def test_what_the_endpoint_takes_for_a_lone_surrogate() -> None:
    """A lone surrogate escape, not a pair's two escapes nor an escaped backslash's text."""
    from ordo.endpoint import Refused

    refusal = error(code=-32700)
    refusal["error"]["data"] = {"reason": "invalid_json"}

    def taken(note: bytes) -> bool:
        """Whether a parse error met at the request after the raw notification ``note`` is
        taken for the notification's (a raw text's answer nobody waits for: a Stray)."""
        endpoint: Endpoint[str] = Endpoint()
        endpoint.written_raw(note)
        endpoint.written(endpoint.request(call(), "next"))
        (item,) = endpoint.receive(refusal)
        assert item in (Stray(refusal), Answer("next", refusal))
        return item == Stray(refusal)

    def holds(value: str) -> bool:
        """The same for a notification of ours holding ``value``."""
        endpoint: Endpoint[str] = Endpoint()
        endpoint.written(endpoint.notification(Call("x", {"s": value}, lambda v: v)))
        endpoint.written(endpoint.request(call(), "next"))
        (item,) = endpoint.receive(refusal)
        assert item in (Refused("notification x", refusal), Answer("next", refusal))
        return item == Refused("notification x", refusal)

    assert holds("x\ud83d") and holds("\ude00") and holds("\ud83d\ud83d") and holds("\ude00\ud83d")
    assert not holds("\U0001f600") and not holds("plain") and not holds("\\ud83d")
    assert not holds("\\\ud83d\ude00")  # an escaped backslash, then a whole pair
    head = b'{"jsonrpc":"2.0","method":"x","params":'
    assert taken(head + b'{"s":"\\uD83D\\uDE00","t":"\\uDBFF"}}')
    assert not taken(head + b'{"s":"\\uD83D\\uDE00","t":"\\\\uDBFF"}}')
    assert taken(head + b'{"s":["\\ud83d","\\ude00"]}}')  # a pair split across two strings
    # Another parse error (too deep) is the request's, whatever the notification holds.
    refusal["error"]["data"] = {"reason": "too_deep"}
    assert not taken(head + b'{"s":"\\ud83d"}}')


def test_an_older_engines_refusal_that_names_a_lone_surrogate_is_the_notifications() -> None:
    """The same engine's refusal of a notification holding a lone surrogate, with a message
    after it that a parse error fits too (raw bytes that are not JSON, a text nested deeper
    than the parser reads): it went to that message, and that one's own parse error then
    to the next call (ParseError, although the engine applied the call). The refusal says
    what it refused (jansson's ``invalid Unicode '\\uD83D'``, which no engine since 0.2.4
    reports): it is the notification's."""
    from ordo.endpoint import Refused

    def refusal(detail: str) -> dict[str, Any]:
        data = {"reason": "invalid_json", "detail": detail, "position": 60}
        return {
            "jsonrpc": "2.0",
            "id": None,
            "error": {"code": -32700, "message": "", "data": data},
        }

    lone = refusal("invalid Unicode '\\uD83D' near '\"x\\ud83d\"'")
    deep = b'{"jsonrpc":"2.0","method":"engine.ping","params":{"x":' + b"[" * 3000 + b"]" * 3000
    for after, own in (
        (b"not json", refusal("invalid token near 'not'")),
        (deep + b"}}", refusal("maximum parsing depth reached near '['")),
    ):
        endpoint: Endpoint[str] = Endpoint()
        endpoint.written(endpoint.notification(Call("layer.add", {"id": "x\ud83d"}, lambda v: v)))
        endpoint.written_raw(after)
        request = endpoint.request(Call("layer.add", {"id": "a"}, lambda v: v), "a")
        endpoint.written(request)
        assert endpoint.receive(lone) == [Refused("notification layer.add", lone)]
        assert endpoint.receive(own) == [Stray(own)]
        reply = {"jsonrpc": "2.0", "id": request["id"], "result": {"id": "a"}}
        assert endpoint.receive(reply) == [Answer("a", reply)]
    # With the current engine such a notification is read; a parse error that says
    # something else is the raw text's, as before.
    endpoint = Endpoint()
    endpoint.written(endpoint.notification(Call("layer.add", {"id": "x\ud83d"}, lambda v: v)))
    endpoint.written_raw(b"not json")
    other = refusal("invalid token near 'not'")
    assert endpoint.receive(other) == [Stray(other)]
