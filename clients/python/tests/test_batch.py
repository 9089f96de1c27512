"""engine.batch(): one JSON-RPC batch, results in order, events first."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

import ordo
from conftest import EngineFactory
from ordo import Call, Engine
from ordo._call import Pending
from ordo._decode import decoder
from schema_check import SchemaChecker
from timeline import taken


def test_batch_is_sent_as_one_array_and_resolves_in_order(
    engine: Engine, checker: SchemaChecker
) -> None:
    sent: list[object] = []

    def tap(direction: str, message: object) -> None:
        if direction == "send":
            sent.append(message)
        checker(direction, message)

    engine._tap = tap
    with engine.batch() as batch:
        a = batch.layers.add("a", sort=2)
        b = batch.layers.add("b", sort=1)
        order = batch.layers.paint_order()
        missing = batch.layers.get("nope")
        raw = batch.call("engine.ping")
        assert not a.done()
        with pytest.raises(ordo.BatchNotSent):
            a.result()
    assert len(sent) == 1 and isinstance(sent[0], list) and len(sent[0]) == 5
    assert a.result().index == 0 and b.result().index == 0  # each as of its own step
    assert order.result() == ("b", "a")
    assert isinstance(missing.exception(), ordo.NotFound)
    with pytest.raises(ordo.NotFound):
        missing.result()
    assert raw.result() == {"pong": True, "at": 0}
    assert len(batch) == 5


def test_events_of_a_batch_arrive_before_its_results(engine: Engine) -> None:
    order: list[str] = []
    engine.on("alert.show", lambda ev: order.append("event " + ev.alert.id))
    with engine.batch() as batch:
        first = batch.alerts.enqueue("x", id="A")
        batch.alerts.enqueue("x", id="B")
        batch.alerts.complete("A")
    order.append("results")
    assert order == ["event A", "event B", "results"]
    alert = first.result().alert
    assert alert is not None and alert.state == "showing"  # as it was after its own pump
    assert taken(engine) == [("show", "A", 0), ("show", "B", 0)]


def test_empty_batch_sends_nothing(engine: Engine) -> None:
    with engine.batch() as batch:
        pass
    assert len(batch) == 0
    assert engine.ping().pong


def test_batch_of_notifications_only_gets_no_answer(engine: Engine) -> None:
    with engine.batch() as batch:
        note = batch.notify("engine.ping")
    assert note.result() is None
    assert engine.ping().pong  # the stream is in step: nothing stray was answered


def test_batch_is_not_sent_when_the_block_raises(engine: Engine) -> None:
    queued: list[ordo.Pending[ordo.Layer]] = []

    def fill_then_fail() -> None:
        with engine.batch() as batch:
            queued.append(batch.layers.add("a"))
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        fill_then_fail()
    assert not queued[0].done()
    with pytest.raises(ordo.NotFound):
        engine.layers.get("a")


def test_a_batch_is_sent_once(engine: Engine) -> None:
    batch = engine.batch()
    batch.ping()
    batch.send()
    with pytest.raises(RuntimeError):
        batch.send()
    with pytest.raises(RuntimeError):
        batch.ping()


def test_a_batch_over_max_batch_fails_every_entry_at_once(make_engine: EngineFactory) -> None:
    engine = make_engine(args=["--max-batch", "2"], timeout=5)
    started = time.monotonic()
    with engine.batch() as batch:
        entries = [batch.ping() for _ in range(3)]
    assert time.monotonic() - started < 2, "the batch waited for answers that never come"
    for entry in entries:
        error = entry.exception()
        assert isinstance(error, ordo.LimitExceeded)
        assert error.name == "maxBatch"
    assert engine.ping().pong


def test_a_request_too_large_to_read_fails_at_once(make_engine: EngineFactory) -> None:
    engine = make_engine(args=["--max-message-bytes", "1024"], timeout=5)
    started = time.monotonic()
    with pytest.raises(ordo.InvalidRequest) as caught:
        engine.layers.add("big", data="x" * 4096)
    assert time.monotonic() - started < 2
    assert caught.value.reason == "too_large"
    assert engine.layers.add("small").id == "small"


def test_params_that_are_not_json_fail_before_anything_is_sent(engine: Engine) -> None:
    with pytest.raises(ValueError, match="JSON"):
        engine.layers.add("a", data={"x": float("nan")})
    batch = engine.batch()
    batch.ping()
    batch.layers.add("b", data=float("inf"))
    with pytest.raises(ValueError, match="JSON"):
        batch.send()
    assert engine._endpoint.pending_count == 0
    assert engine.ping().pong
    assert engine.layers.children().total == 0


def test_a_notification_in_a_batch_is_done_though_a_request_beside_it_failed(
    engine: Engine,
) -> None:
    """A notification is never answered: it fails only with the whole batch (refused with
    id null), not when another entry's request gets an error."""
    with engine.batch() as batch:
        missing = batch.call("no.such.method")
        note = batch.notify("engine.ping")
    assert isinstance(missing.exception(), ordo.MethodNotFound)
    assert note.exception() is None
    assert note.result() is None


def test_a_notification_in_a_batch_fails_as_its_batch_when_the_engine_dies_unanswered(
    make_engine: EngineFactory,
) -> None:
    """The engine is killed before it answers the batch: its notification fails with the
    same EngineExited as the request beside it (not a timeout: nothing will ever come)."""
    engine = make_engine(timeout=10)
    assert engine.ping().pong
    os.kill(engine.pid, signal.SIGSTOP)  # reads nothing: the batch waits unanswered
    killer = threading.Timer(0.3, engine.kill)
    killer.start()
    try:
        started = time.monotonic()
        with engine.batch() as batch:
            request = batch.ping()
            note = batch.notify("engine.ping")
    finally:
        killer.join()
    assert time.monotonic() - started < 5
    assert isinstance(request.exception(), ordo.EngineExited)
    error = note.exception()
    assert isinstance(error, ordo.EngineExited), error
    assert error.returncode == -signal.SIGKILL


def test_a_result_that_does_not_decode_fails_its_entry_only() -> None:
    """A batch entry whose result is not what its method returns (an engine off its schema)
    holds the ProtocolViolation; it is not raised from the batch's send."""
    entry: Pending[ordo.Layer] = Pending(Call("layer.get", {"id": "a"}, decoder(ordo.Layer)))
    entry._settle({"jsonrpc": "2.0", "id": 1, "result": {"id": "a"}})
    assert entry.done()
    assert isinstance(entry.exception(), ordo.ProtocolViolation)
    with pytest.raises(ordo.ProtocolViolation, match="missing member"):
        entry.result()
