"""Which message an answer belongs to, when it cannot say by its id.

The engine answers a message it refuses whole with ``id: null`` (too large to read, a
batch over ``--max-batch``), notifications included, and it answers messages in the
order it read them. A refused notification's error used to be given to the next request,
which then raised although it succeeded (its real answer became a stray); a late answer
to a call given up was kept for ever, and ``raw()`` returned such a stale answer
instead of the answer to the bytes it sent.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import ordo
from conftest import EngineFactory, script
from ordo import AsyncEngine
from ordo._decode import dumps
from ordo.endpoint import Answer, Endpoint, RawAnswer, Refused, Stray
from schema_check import SchemaChecker


def _too_large(limit: int) -> dict[str, Any]:
    data = {"reason": "too_large", "limit": limit}
    return {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "x", "data": data}}


def _max_batch(value: int) -> dict[str, Any]:
    data = {"name": "maxBatch", "limit": 2, "value": value}
    return {"jsonrpc": "2.0", "id": None, "error": {"code": -32004, "message": "x", "data": data}}


def _invalid() -> dict[str, Any]:
    error = {"code": -32600, "message": "an object key contains \\u0000"}
    return {"jsonrpc": "2.0", "id": None, "error": error}


def _notification(size: int) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "method": "layer.add", "params": {"id": "x" * size}}


# ---------------------------------------------------------------- the endpoint alone


def test_an_id_null_error_goes_to_the_notification_it_describes_not_to_a_request() -> None:
    endpoint: Endpoint[str] = Endpoint()
    endpoint.written(_notification(2000))  # too large for a limit of 1000
    rid = endpoint.open_written("call")
    refused = _too_large(1000)
    assert endpoint.receive(refused) == [Refused("notification layer.add", refused)]
    reply = {"jsonrpc": "2.0", "id": rid, "result": 1}
    assert endpoint.receive(reply) == [Answer("call", reply)]
    assert not endpoint._units and endpoint.pending_count == 0


def test_a_notification_that_fits_the_limit_leaves_the_error_to_the_request() -> None:
    endpoint: Endpoint[str] = Endpoint()
    endpoint.written(_notification(10))  # read and run (or failed silently)
    endpoint.open_written("big request")
    refused = _too_large(1000)
    assert endpoint.receive(refused) == [Answer("big request", refused)]
    assert not endpoint._units


def test_a_refused_batch_of_notifications_is_told_by_its_entry_count() -> None:
    endpoint: Endpoint[str] = Endpoint()
    endpoint.written([_notification(1)] * 2)  # within the limit: no answer
    endpoint.written([_notification(1)] * 3)
    rid = endpoint.open_written("call")
    refused = _max_batch(3)
    assert endpoint.receive(refused) == [Refused("batch of 3 notifications", refused)]
    reply = {"jsonrpc": "2.0", "id": rid, "result": 1}
    assert endpoint.receive(reply) == [Answer("call", reply)]


def test_an_answer_settles_every_notification_written_before_its_request() -> None:
    endpoint: Endpoint[str] = Endpoint()
    for _ in range(3):
        endpoint.written(_notification(1))
    rid = endpoint.open_written("call")
    endpoint.written(_notification(1))
    reply = {"jsonrpc": "2.0", "id": rid, "result": 1}
    assert endpoint.receive(reply) == [Answer("call", reply)]
    assert len(endpoint._units) == 1  # the notification written after it


def test_unsettled_notifications_are_bounded() -> None:
    endpoint: Endpoint[str] = Endpoint()
    for _ in range(25_000):
        endpoint.written_notifications("notification x", b"{}", None)
    assert len(endpoint._units) <= 10_001


def test_a_refusal_of_a_notification_dropped_from_the_order_fails_no_call() -> None:
    # Over MAX_NOTES unanswered notifications followed the refused one, which the endpoint
    # had dropped: its refusal went to the next call, which raised although it succeeded
    # (its own answer became a stray).
    max_notes = ordo.endpoint.MAX_NOTES
    cases: list[tuple[dict[str, Any] | list[dict[str, Any]], dict[str, Any]]] = [
        (_notification(2000), _too_large(1000)),
        ([_notification(1)] * 3, _max_batch(3)),
        ({"jsonrpc": "2.0", "method": "layer.add", "params": {"a\u0000": 1}}, _invalid()),
    ]
    for first, refused in cases:
        endpoint: Endpoint[str] = Endpoint()
        endpoint.written(first)
        for _ in range(max_notes):
            endpoint.written(_notification(1))
        rid = endpoint.open_written("call")
        [item] = endpoint.receive(refused)
        assert isinstance(item, Refused) and "no longer tracked" in item.what, item
        reply = {"jsonrpc": "2.0", "id": rid, "result": 1}
        assert endpoint.receive(reply) == [Answer("call", reply)]
        assert not endpoint._units and endpoint.pending_count == 0


def test_a_request_refused_after_dropped_notifications_still_fails() -> None:
    endpoint: Endpoint[str] = Endpoint()
    for _ in range(ordo.endpoint.MAX_NOTES + 1):
        endpoint.written(_notification(1))  # dropped: none of them is too large
    endpoint.open_written("big request")
    refused = _too_large(1000)
    assert endpoint.receive(refused) == [Answer("big request", refused)]


def test_raw_of_a_notification_dropped_from_the_order_gets_none_at_the_next_answer() -> None:
    endpoint: Endpoint[str] = Endpoint()
    endpoint.written_raw(b'{"jsonrpc": "2.0", "method": "x"}', token=1)
    for _ in range(ordo.endpoint.MAX_NOTES):
        endpoint.written(_notification(1))
    rid = endpoint.open_written("call")
    reply = {"jsonrpc": "2.0", "id": rid, "result": 1}
    assert endpoint.receive(reply) == [RawAnswer(1, None), Answer("call", reply)]


def _dropped_then_a_call(first: Any) -> Endpoint[str]:
    """An endpoint that dropped ``first`` from the order (MAX_NOTES notifications followed
    it), then wrote a call, "call"."""
    endpoint: Endpoint[str] = Endpoint()
    endpoint.written(first)
    for _ in range(ordo.endpoint.MAX_NOTES):
        endpoint.written(_notification(1))
    endpoint.open_written("call")
    return endpoint


def test_a_dropped_notification_takes_only_the_refusal_that_fits_it() -> None:
    # One refusal each, and only one that describes it: the next one (or one that does not
    # fit: not larger than the limit, another entry count, a result) is the call's.
    big = _notification(2000)
    odd = {"jsonrpc": "2.0", "method": "layer.add", "params": {"a\u0000": 1}}
    result = {"jsonrpc": "2.0", "id": None, "result": 1}
    for first, theirs, refusal in [
        (big, [_too_large(1000)], _too_large(1000)),
        (big, [], _too_large(len(dumps(big)))),  # its size is not over the limit
        ([_notification(1)] * 3, [_max_batch(3)], _max_batch(3)),
        ([_notification(1)] * 3, [], _max_batch(5)),
        (odd, [_invalid()], _invalid()),
        (odd, [], result),  # a result refuses nothing
        # One message takes one refusal, whatever else it was: a batch too large, refused as
        # such, took the maxBatch refusal of the caller's own batch after it as well (which
        # then waited for its timeout); one too large with a NUL in a key, a -32700 after.
        ([_notification(400)] * 3, [_too_large(1000)], _max_batch(3)),
        ({**big, "params": {"a\u0000": "x" * 2000}}, [_too_large(1000)], _invalid()),
    ]:
        endpoint = _dropped_then_a_call(first)
        for message in theirs:
            [item] = endpoint.receive(message)
            assert isinstance(item, Refused) and "no longer tracked" in item.what, item
        assert endpoint.receive(refusal) == [Answer("call", refusal)], (first, refusal)


def test_a_dropped_message_takes_the_refusal_it_gets_not_one_it_only_fits() -> None:
    # Before a too_large gives the limit, a NUL key's -32600 went to a larger message with a
    # NUL key dropped after the raw() it refused (too large: refused as such), and a
    # maxBatch to a batch of 3 with a NUL key (refused for the key, the engine reading a
    # text whole before counting it); the refusal that message got then failed the call.
    nul = {"jsonrpc": "2.0", "method": "layer.add", "params": {"a\u0000": 1}}
    big_nul = {**nul, "params": {"a\u0000": "x" * 2000}}
    odd_batch = [nul, _notification(1), _notification(1)]
    cases: list[tuple[Any, list[Any], list[dict[str, Any]], dict[str, Any]]] = [
        (nul, [big_nul], [_invalid(), _too_large(1000)], _too_large(1000)),
        (
            None,
            [odd_batch, [_notification(1)] * 3, odd_batch],
            [_invalid(), _max_batch(3), _invalid()],
            _invalid(),
        ),
    ]
    for raw, firsts, theirs, refusal in cases:
        endpoint: Endpoint[str] = Endpoint()
        if raw is not None:
            endpoint.written_raw(dumps(raw), token=1)
        for first in firsts:
            endpoint.written(first)
        for _ in range(ordo.endpoint.MAX_NOTES):
            endpoint.written(_notification(1))
        endpoint.open_written("call")
        items = [item for message in theirs for item in endpoint.receive(message)]
        lost = [i for i in items if isinstance(i, Refused) and "no longer tracked" in i.what]
        assert len(lost) == len(firsts), items
        if raw is not None:
            assert RawAnswer(1, theirs[0]) in items, items
        assert endpoint.receive(refusal) == [Answer("call", refusal)], firsts


def test_raw_of_a_notification_takes_no_refusal_of_a_message_after_it() -> None:
    # A raw text that is a valid notification is answered only when refused whole (too
    # large, unreadable): the -32600 of a notification with a NUL key after it was once
    # its (raw() returned it instead of None), a call's own such refusal too (the call then
    # waited for its timeout).
    nul = {"jsonrpc": "2.0", "method": "layer.add", "params": {"a\u0000": 1}}
    endpoint: Endpoint[str] = Endpoint()
    endpoint.written_raw(b'{"jsonrpc": "2.0", "method": "x"}', token=1)
    endpoint.written(nul)
    endpoint.open_written("call")
    assert endpoint.receive(_invalid()) == [
        RawAnswer(1, None),
        Refused("notification layer.add", _invalid()),
    ]
    endpoint.written_raw(b'{"jsonrpc": "2.0", "method": "x"}', token=2)
    endpoint.open_written("call 2")
    assert endpoint.receive(_invalid()) == [Answer("call", _invalid())]
    assert endpoint.receive(_invalid()) == [RawAnswer(2, None), Answer("call 2", _invalid())]
    # Raw bytes that are no valid notification are answered whatever happens.
    endpoint.written_raw(b'{"jsonrpc": "2.0", "method": 5}', token=3)
    assert endpoint.receive(_invalid()) == [RawAnswer(3, _invalid())]


def test_raw_of_a_notification_dropped_from_the_order_gets_its_refusal() -> None:
    endpoint: Endpoint[str] = Endpoint()
    endpoint.written_raw(dumps(_notification(2000)), token=1)
    for _ in range(ordo.endpoint.MAX_NOTES):
        endpoint.written(_notification(1))
    rid = endpoint.open_written("call")
    refused = _too_large(1000)
    assert endpoint.receive(refused) == [RawAnswer(1, refused)]  # its waiter, not the log
    reply = {"jsonrpc": "2.0", "id": rid, "result": 1}
    assert endpoint.receive(reply) == [Answer("call", reply)]


def test_an_answer_or_drain_settles_the_notifications_dropped_from_the_order() -> None:
    # Settled, they take no later refusal: that of a request written after is its own.
    refused = _too_large(1000)
    for settle in ["answer", "drain"]:
        endpoint = _dropped_then_a_call(_notification(2000))
        if settle == "answer":
            reply = {"jsonrpc": "2.0", "id": 1, "result": 1}
            assert endpoint.receive(reply) == [Answer("call", reply)]
        else:
            assert endpoint.drain() == ["call"]
        endpoint.open_written("big request")
        assert endpoint.receive(refused) == [Answer("big request", refused)], settle


def test_take_leaves_an_answer_to_receive_while_dropped_messages_are_unsettled() -> None:
    # What was written after the raw bytes was taken back (unwrite): the call is the oldest
    # message in the order, but the raw waiter dropped before it is told only by receive().
    for batch in [False, True]:
        endpoint: Endpoint[str] = Endpoint()
        endpoint.written_raw(b'{"jsonrpc": "2.0", "method": "x"}', token=1)
        mark = endpoint.appended
        for _ in range(ordo.endpoint.MAX_NOTES):
            endpoint.written(_notification(1))
        endpoint.unwrite(mark)
        assert not endpoint._units
        rid = endpoint.open("call")
        endpoint.written_ids([rid])
        reply = {"jsonrpc": "2.0", "id": rid, "result": 1}
        if batch:
            assert endpoint.take_batch([reply]) is None
            assert endpoint.receive([reply]) == [RawAnswer(1, None), Answer("call", reply)]
        else:
            assert endpoint.take(reply) is None
            assert endpoint.receive(reply) == [RawAnswer(1, None), Answer("call", reply)]


def test_raw_answers_go_to_their_waiter_by_id_or_in_turn() -> None:
    endpoint: Endpoint[str] = Endpoint()
    endpoint.written_raw(b'{"jsonrpc": "2.0", "method": "x"}', token=1)  # a notification
    endpoint.written_raw(b"{oops", token=2)
    endpoint.written_raw(b'{"jsonrpc": "2.0", "id": "r", "method": "engine.ping"}', token=3)
    parse_error = {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "x"}}
    # The notification got no answer: the first message sure to be answered gets it.
    assert endpoint.receive(parse_error) == [RawAnswer(1, None), RawAnswer(2, parse_error)]
    pong = {"jsonrpc": "2.0", "id": "r", "result": {"pong": True}}
    assert endpoint.receive(pong) == [RawAnswer(3, pong)]
    endpoint.written_raw(b"{oops")  # send_raw: nobody waits, a stray
    assert endpoint.receive(parse_error) == [Stray(parse_error)]
    assert not endpoint._units


def test_unwrite_takes_back_what_was_never_written() -> None:
    endpoint: Endpoint[str] = Endpoint()
    first = endpoint.open_written("first")
    mark = endpoint.appended
    endpoint.open_written("interrupted")
    endpoint.unwrite(mark, "interrupted")
    assert endpoint.pending_count == 1 and list(endpoint._units) == [[first]]
    slot = "registered, not recorded"
    endpoint.open(slot)
    endpoint.unwrite(endpoint.appended, slot)
    assert endpoint.pending_count == 1


# ---------------------------------------------------------------- against the engine


@pytest.mark.parametrize("framing", ["ndjson", "lsp"])
def test_a_refused_notification_fails_no_call(
    make_engine: EngineFactory, framing: str, caplog: pytest.LogCaptureFixture
) -> None:
    engine = make_engine(framing=framing, args=["--max-message-bytes", "1000"], timeout=5)
    with caplog.at_level(logging.WARNING, logger="ordo"):
        engine.notify("layer.add", {"id": "big", "data": "x" * 2000})  # -32600 too_large
        assert engine.layers.add("a").id == "a"
    assert engine.layers.paint_order() == ("a",)
    assert not engine._strays
    assert "refused a notification layer.add" in caplog.text


def test_a_refused_batch_of_notifications_fails_no_call(
    make_engine: EngineFactory, caplog: pytest.LogCaptureFixture
) -> None:
    engine = make_engine(args=["--max-batch", "2"], timeout=5)
    with caplog.at_level(logging.WARNING, logger="ordo"):
        with engine.batch() as batch:
            entries = [batch.notify("layer.add", {"id": f"n{i}"}) for i in range(3)]
        assert engine.ping().pong
    # Nothing answers a batch of notifications that the engine takes: they resolve when
    # written, and a refusal is logged.
    assert [entry.exception() for entry in entries] == [None, None, None]
    assert "refused a batch of 3 notifications" in caplog.text
    assert not engine._strays
    assert engine.layers.paint_order() == ()


def test_a_batch_refused_whole_fails_its_notifications_too(make_engine: EngineFactory) -> None:
    engine = make_engine(args=["--max-batch", "2"], timeout=5)
    with engine.batch() as batch:
        first = batch.ping()
        note = batch.notify("layer.add", {"id": "x"})
        last = batch.ping()
    for entry in (first, note, last):
        error = entry.exception()
        assert isinstance(error, ordo.LimitExceeded) and error.name == "maxBatch", entry
    assert engine.layers.paint_order() == ()
    with engine.batch() as batch:  # answered: its notification succeeded
        first = batch.ping()
        note = batch.notify("layer.add", {"id": "y"})
    assert note.exception() is None and note.result() is None
    assert engine.layers.paint_order() == ("y",)


def test_a_request_refused_after_a_notification_still_fails(make_engine: EngineFactory) -> None:
    engine = make_engine(args=["--max-message-bytes", "1024"], timeout=5)
    engine.notify("layer.add", {"id": "n"})
    started = time.monotonic()
    with pytest.raises(ordo.InvalidRequest) as caught:
        engine.layers.add("big", data="x" * 4096)
    assert caught.value.reason == "too_large"
    assert time.monotonic() - started < 3, "the error went to the notification"
    assert engine.layers.add("small").id == "small"
    assert engine.layers.paint_order() == ("n", "small")


def test_late_answers_are_dropped_and_raw_gets_its_own_answer(make_engine: EngineFactory) -> None:
    engine = make_engine(tap=None)  # no tap: 2 000 calls, quickly

    def timed_out(timeout: float) -> bool:
        """Whether a ping gave up before its answer (on a loaded machine the answer may
        already be there when the call first looks: then it is taken)."""
        try:
            engine.call("engine.ping", timeout=timeout)
        except ordo.OrdoTimeout:
            return True
        return False

    late = sum(timed_out(1e-9) for _ in range(3))
    assert engine.ping().pong
    response = engine.raw(b"{oops")
    assert response["id"] is None and response["error"]["code"] == -32700
    late += sum(timed_out(1e-9) for _ in range(2000))
    assert late > 1000, late
    assert engine.ping().pong
    assert not engine._strays  # was 2 003: every late answer, kept for ever
    assert engine._endpoint.pending_count == 0 and not engine._endpoint._units
    # By id, whatever came before it.
    timed_out(1e-9)
    pong = engine.raw({"jsonrpc": "2.0", "id": "mine", "method": "engine.ping"})
    assert pong["id"] == "mine" and pong["result"]["pong"] is True
    # send_raw's answers are strays, read with next_stray; raw() does not take them.
    engine.send_raw(b'{"jsonrpc": "2.0", "id": "other", "method": "engine.ping"}')
    assert engine.raw({"jsonrpc": "2.0", "id": 7, "method": "clock.now"})["result"]["now"] == 0
    assert engine.next_stray(timeout=5)["id"] == "other"


def test_async_attribution_and_late_answers() -> None:
    async def main() -> None:
        args = ["--max-message-bytes", "1000", "--max-batch", "2"]
        async with AsyncEngine(clock="manual", args=args, timeout=5) as engine:
            await engine.notify("layer.add", {"id": "big", "data": "x" * 2000})
            assert (await engine.layers.add("a")).id == "a"
            async with engine.batch() as batch:
                for i in range(3):
                    batch.notify("layer.add", {"id": f"n{i}"})
            assert (await engine.ping()).pong
            async with engine.batch() as batch:
                entries = [batch.ping(), batch.notify("layer.add", {"id": "x"}), batch.ping()]
            assert all(isinstance(e.exception(), ordo.LimitExceeded) for e in entries)
            assert await engine.layers.paint_order() == ("a",)
            # Stopped, the engine answers none of them in time; resumed, it answers all 200,
            # late: each late answer is dropped, none is taken as a stray.
            os.kill(engine.pid, signal.SIGSTOP)
            try:
                for _ in range(200):
                    with pytest.raises(ordo.OrdoTimeout):
                        await engine.call("engine.ping", timeout=0.001)
            finally:
                os.kill(engine.pid, signal.SIGCONT)
            assert (await engine.ping()).pong
            assert not engine._strays
            response = await engine.raw(b"{oops")
            assert response["id"] is None and response["error"]["code"] == -32700
            pong = await engine.raw({"jsonrpc": "2.0", "id": "mine", "method": "engine.ping"})
            assert pong["id"] == "mine"

    asyncio.run(asyncio.wait_for(main(), 60))


def test_async_refusals_of_notifications_dropped_from_the_order_fail_no_call(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The loop reads nothing while a task writes: over MAX_NOTES notifications after a
    refused one, then a call. The call raised the refusal although the engine applied it."""

    async def main() -> None:
        args = ["--max-message-bytes", "1000", "--max-batch", "2"]
        async with AsyncEngine(args=args, timeout=10) as engine:
            raw = asyncio.ensure_future(engine.raw({"jsonrpc": "2.0", "method": "x.y"}))
            await asyncio.sleep(0)
            await engine.notify("layer.add", {"id": "big", "data": "x" * 2000})
            async with engine.batch() as batch:
                for i in range(3):
                    batch.notify("layer.add", {"id": f"n{i}"})
            await engine.notify("layer.add", {"id": "nul", "data": {"a\u0000": 1}})
            for _ in range(ordo.endpoint.MAX_NOTES):
                await engine.notify("engine.ping")
            assert (await engine.layers.add("a")).id == "a"
            assert await raw is None
            assert await engine.layers.paint_order() == ("a",)
            assert not engine._strays

    with caplog.at_level(logging.WARNING, logger="ordo"):
        asyncio.run(asyncio.wait_for(main(), 60))
    assert caplog.text.count("refused a message no longer tracked") == 3, caplog.text


def test_async_a_dropped_message_takes_one_refusal_not_the_callers_own_after_it(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A dropped batch of 3 notifications, too large, is refused as too large only; the
    caller's own batch of 3 after it is refused for its entry count. The dropped batch took
    both refusals, and the caller's batch waited for its timeout."""

    async def main() -> None:
        args = ["--max-message-bytes", "1000", "--max-batch", "2"]
        async with AsyncEngine(args=args, timeout=10) as engine:
            async with engine.batch() as batch:
                for i in range(3):
                    batch.notify("layer.add", {"id": f"n{i}", "data": "x" * 400})
            for _ in range(ordo.endpoint.MAX_NOTES):
                await engine.notify("engine.ping")
            async with engine.batch() as batch:
                pings = [batch.ping() for _ in range(3)]
            for ping in pings:
                assert isinstance(ping.exception(), ordo.LimitExceeded), ping
            assert (await engine.ping()).pong

    with caplog.at_level(logging.WARNING, logger="ordo"):
        asyncio.run(asyncio.wait_for(main(), 60))
    assert caplog.text.count("refused a message no longer tracked") == 1, caplog.text


def test_raw_refuses_more_than_one_ndjson_line_and_writes_nothing(
    make_engine: EngineFactory,
) -> None:
    """Under NDJSON a newline ends a message (a blank line over the size limit is answered
    too_large) and raw() waits for one answer: more than one line is refused before
    writing; one final newline is not. Under LSP the same bytes are one message (a
    newline is JSON whitespace)."""
    two = b'{"jsonrpc":"2.0","id":1,"method":"clock.advance","params":{"ms":5}}\n' + (
        b'{"jsonrpc":"2.0","id":2,"method":"clock.now"}'
    )
    pretty = b'{"jsonrpc": "2.0",\n "id": 3,\n "method": "clock.now"}'
    one = b'{"jsonrpc":"2.0","id":4,"method":"clock.now"}'
    ndjson = make_engine(args=["--max-message-bytes", "100"])
    for text in (two, pretty, one + b"\n" + b" " * 200, b"\n" + one, one + b"\n\n"):
        with pytest.raises(ValueError, match=r"raw\(\): under NDJSON framing a newline ends"):
            ndjson.raw(text)
    assert ndjson.clock.now().now == 0, "nothing was written"
    for text in (one + b"\n", one + b"\r\n", one):
        answer = ndjson.raw(text)
        assert answer["id"] == 4 and answer["result"]["now"] == 0
    assert not ndjson._strays
    lsp = make_engine(framing="lsp")
    answer = lsp.raw(pretty)
    assert answer["id"] == 3 and answer["result"]["now"] == 0
    assert lsp.raw(two)["error"]["code"] == -32700, "one message holding two JSON texts"

    async def main() -> None:
        async with AsyncEngine(clock="manual") as engine:
            with pytest.raises(ValueError, match="give it one line"):
                await engine.raw(two)
            assert (await engine.clock.now()).now == 0

    asyncio.run(asyncio.wait_for(main(), 60))


def test_raw_of_a_notification_gets_none_once_a_later_message_is_answered(
    make_engine: EngineFactory,
) -> None:
    """raw() waits for the answer to its own bytes; a notification has none, which is
    known once the engine answers a message written after it."""
    # The tap runs just before the raw bytes are written, holding the writer's turn: the
    # ping cannot be written before them.
    written = threading.Event()

    def tap(direction: str, message: object) -> None:
        if direction == "send-raw":
            written.set()

    engine = make_engine(tap=tap)
    result: list[Any] = []
    waiting = threading.Thread(
        target=lambda: result.append(engine.raw({"jsonrpc": "2.0", "method": "x.y"}, timeout=10))
    )
    waiting.start()
    assert written.wait(10)  # a sleep here let a slow thread write after the ping
    assert engine.ping().pong
    waiting.join(10)
    assert result == [None]


def test_a_message_the_engine_has_no_memory_for_is_told_by_its_size(
    ordo_bin: str, checker: SchemaChecker, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Under a memory limit, a message too big to parse is refused with ``id: null`` when
    it is a notification or a batch, and its size: the notification's refusal is not the
    next call's (it was, before the client read the size), the batch's is the batch's."""
    limited = script(tmp_path / "limited.sh", f'ulimit -v 131072\nexec "{ordo_bin}" "$@"\n')
    big = [1] * 3_000_000  # 6 MB of JSON, over 200 MB to parse
    engine = ordo.Engine(
        str(limited), args=["--max-message-bytes", "100000000"], timeout=30, tap=checker
    )
    try:
        with caplog.at_level(logging.WARNING, logger="ordo"):
            engine.notify("layer.add", {"id": "big", "data": big})
            assert engine.layers.add("a").id == "a"
        assert "refused a notification layer.add" in caplog.text
        with engine.batch() as batch:
            first = batch.ping()
            second = batch.call("layer.add", {"id": "big", "data": big})
        for entry in (first, second):
            error = entry.exception()
            assert isinstance(error, ordo.InvalidRequest), entry
            assert error.reason == "out_of_memory" and error.data["bytes"] > 6_000_000
        assert engine.layers.paint_order() == ("a",)
        assert not engine._strays
    finally:
        engine.close()


def test_an_id_null_error_for_raw_bytes_sure_to_be_answered_is_theirs(engine: ordo.Engine) -> None:
    """Raw bytes that are JSON but no request nor notification (no method) are answered
    whatever happens: the engine's -32600 with id null is theirs (a stray), not the
    refusal of the call written after them."""
    engine.send_raw(b'{"jsonrpc": "2.0", "params": {}}')
    assert engine.ping().pong
    stray = engine.next_stray(timeout=5)
    assert stray["id"] is None and stray["error"]["code"] == -32600
