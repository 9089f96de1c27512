"""AsyncEngine: the same surface for asyncio, against the real binary."""

from __future__ import annotations

import asyncio
import gc
import logging
import math
import os
import signal
import subprocess
import sys
import time
from collections.abc import Awaitable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, TypeVar

import pytest

import ordo
from conftest import engine_leaving_a_pipe_held, fake_engine_closing_stdout, script
from ordo import AlertShow, AsyncEngine
from schema_check import SchemaChecker
from timeline import brief

T = TypeVar("T")


def run(body: Callable[[AsyncEngine], Awaitable[T]], **kwargs: object) -> T:
    async def main() -> T:
        async with AsyncEngine(**kwargs) as engine:  # type: ignore[arg-type]
            return await body(engine)

    return asyncio.run(asyncio.wait_for(main(), 30))


@pytest.mark.parametrize("framing", ["ndjson", "lsp"])
def test_methods_errors_and_events(framing: str, checker: SchemaChecker) -> None:
    async def body(engine: AsyncEngine) -> None:
        info = await engine.initialize()
        assert info.framing == framing
        assert await engine.ping() == ordo.Ping(True, 0)
        layer = await engine.layers.add("screen", frame=(0, 0, 100, 100))
        assert layer.frame == ordo.Frame(0, 0, 100, 100)
        with pytest.raises(ordo.NotFound):
            await engine.layers.get("nope")
        with pytest.raises(ordo.InvalidParams):
            await engine.clock.advance(-1)
        assert (await engine.nav.push("room")).active == "room"
        result = await engine.alerts.enqueue("toast", id="T", duration_ms=10, scope="room")
        assert result.alert is not None and result.alert.state == "showing"
        assert await engine.clock.advance(10) == 10
        events = [brief(e) async for e in engine.events(timeout=0)]
        assert events == [("show", "T", 0), ("hide", "T", "timeout", 10), ("idle", "default", 10)]
        assert len((await engine.discover())["methods"]) > 30  # > 64 KiB in one message
        assert await engine.events.subscribe(["alert.changed"]) == ("alert.changed",)
        stats = await engine.stats()
        assert stats.layers == 1
        await engine.reset()
        assert (await engine.clock.now()).now == 0

    run(body, clock="manual", framing=framing, tap=checker)


def test_handlers_run_before_the_answer_and_may_be_coroutines(checker: SchemaChecker) -> None:
    async def body(engine: AsyncEngine) -> list[str]:
        order: list[str] = []

        async def close_later(event: AlertShow) -> None:
            order.append("async " + event.alert.id)
            await engine.alerts.complete(event.alert.id)

        engine.on("alert.show", lambda ev: order.append("sync " + ev.alert.id))
        engine.on("alert.show", close_later)
        await engine.alerts.enqueue("x", id="A")
        order.append("answer")
        await engine.alerts.enqueue("x", id="B")
        await engine.wait_for("alert.idle", timeout=5)
        return order

    order = run(body, clock="manual", tap=checker)
    assert order[:3] == ["sync A", "async A", "answer"]
    assert order[3:] == ["sync B", "async B"]


def test_wait_for_predicate_and_timeout(checker: SchemaChecker) -> None:
    async def body(engine: AsyncEngine) -> None:
        await engine.alerts.configure(max_concurrent=2)
        await engine.alerts.enqueue("x", id="A")
        await engine.alerts.enqueue("x", id="B")
        b = await engine.wait_for("alert.show", lambda e: e.alert.id == "B", timeout=1)
        assert b.alert.id == "B"
        assert [brief(e) for e in engine.drain_events()] == [("show", "A", 0)]
        with pytest.raises(ordo.OrdoTimeout):
            await engine.wait_for("alert.show", timeout=0.05)

    run(body, clock="manual", tap=checker)


def test_batch(checker: SchemaChecker) -> None:
    async def body(engine: AsyncEngine) -> None:
        async with engine.batch() as batch:
            a = batch.layers.add("a")
            b = batch.layers.add("b", below="a")
            bad = batch.layers.remove("nope")
            order = batch.layers.paint_order()
        assert a.result().id == "a" and b.result().sort == 0
        assert isinstance(bad.exception(), ordo.NotFound)
        assert order.result() == ("b", "a")

    run(body, clock="manual", tap=checker)


def test_batch_is_not_sent_when_the_block_raises() -> None:
    """As with the sync client: a block that raises sends nothing, so half a batch never
    runs (the asyncio one sent what it held)."""

    async def body(engine: AsyncEngine) -> None:
        queued: list[ordo.Pending[ordo.Layer]] = []

        async def fill_then_fail() -> None:
            async with engine.batch() as batch:
                queued.append(batch.layers.add("a"))
                raise RuntimeError("boom")

        with pytest.raises(RuntimeError, match="boom"):
            await fill_then_fail()
        assert not queued[0].done()
        with pytest.raises(ordo.NotFound):
            await engine.layers.get("a")

    run(body, clock="manual")


def test_with_timeout_gives_typed_calls_their_own_timeout() -> None:
    async def body(engine: AsyncEngine) -> None:
        quick = engine.with_timeout(0.2)
        assert (await quick.layers.add("a")).id == "a"
        os.kill(engine.pid, signal.SIGSTOP)
        try:
            start = time.monotonic()
            with pytest.raises(ordo.OrdoTimeout):
                await quick.layers.add("b")
            assert time.monotonic() - start < 5  # 0.2 s, not the engine's 30
        finally:
            os.kill(engine.pid, signal.SIGCONT)
        assert await engine.layers.paint_order() == ("a", "b")
        assert engine._endpoint.pending_count == 0
        with pytest.raises(ValueError, match="timeout must be a number of seconds > 0"):
            engine.with_timeout(0)

    run(body, clock="manual", timeout=30)


def test_killed_mid_call_raises_engine_exited() -> None:
    async def body(engine: AsyncEngine) -> None:
        await engine.ping()
        os.kill(engine.pid, signal.SIGSTOP)
        call = asyncio.ensure_future(engine.ping())
        await asyncio.sleep(0.05)
        assert not call.done()
        os.kill(engine.pid, signal.SIGKILL)
        with pytest.raises(ordo.EngineExited) as caught:
            await asyncio.wait_for(call, 5)
        assert caught.value.returncode == -signal.SIGKILL
        with pytest.raises(ordo.EngineExited):
            await engine.stats()

    run(body, clock="manual")


def test_a_killed_engine_whose_stdout_another_process_holds_fails_its_calls_a_second_later(
    tmp_path: Path,
) -> None:
    """A process the engine left behind holds its stdout: a pending call waited for that
    process (60 s), now for STDOUT_GRACE after the exit."""

    async def body(engine: AsyncEngine) -> float:
        await engine.ping()
        os.kill(engine.pid, signal.SIGSTOP)
        call = asyncio.ensure_future(engine.ping())
        await asyncio.sleep(0.05)
        os.kill(engine.pid, signal.SIGKILL)
        started = time.monotonic()
        with pytest.raises(ordo.EngineExited) as caught:
            await asyncio.wait_for(call, 10)
        assert caught.value.returncode == -signal.SIGKILL
        assert "another process holds its output open" in str(caught.value)
        with pytest.raises(ordo.EngineExited):
            await engine.stats()
        return time.monotonic() - started

    with engine_leaving_a_pipe_held(tmp_path, ordo.find_engine()) as wrapper:
        assert 0.9 < run(body, binary=str(wrapper), clock="manual") < 5


def test_what_an_engine_wrote_before_exiting_is_read_though_another_process_holds_stdout(
    tmp_path: Path,
) -> None:
    async def body(engine: AsyncEngine) -> None:
        await engine.ping()
        os.kill(engine.pid, signal.SIGSTOP)  # both below wait in its stdin
        stats = asyncio.ensure_future(engine.stats())
        await engine.send_raw(b'{"jsonrpc": "2.0", "method": "exit"}')  # no shutdown: 1
        os.kill(engine.pid, signal.SIGCONT)
        assert isinstance(await asyncio.wait_for(stats, 10), ordo.Stats)
        with pytest.raises(ordo.EngineExited) as caught:
            await asyncio.wait_for(engine.ping(), 5)
        assert caught.value.returncode == 1

    with engine_leaving_a_pipe_held(tmp_path, ordo.find_engine()) as wrapper:
        run(body, binary=str(wrapper), clock="manual")


def test_an_engine_whose_stderr_another_process_holds_closes_and_dies_at_once(
    tmp_path: Path,
) -> None:
    """A process the engine left behind holds its stderr: the stderr tail waited 2 s for it,
    in close() and in the calls of a killed engine; STDERR_GRACE now."""

    async def body(engine: AsyncEngine) -> None:
        await engine.ping()
        engine.kill()
        started = time.monotonic()
        with pytest.raises(ordo.EngineExited) as caught:
            await engine.ping()
        assert caught.value.returncode == -signal.SIGKILL
        assert time.monotonic() - started < 1.5

    async def closing(engine: AsyncEngine) -> float:
        await engine.ping()
        started = time.monotonic()
        assert await engine.close() == 0
        return time.monotonic() - started

    with engine_leaving_a_pipe_held(tmp_path, ordo.find_engine(), "stderr") as wrapper:
        run(body, binary=str(wrapper), clock="manual")
        assert run(closing, binary=str(wrapper), clock="manual") < 1.5


def test_bad_flags_exit_with_the_stderr_tail() -> None:
    async def body(engine: AsyncEngine) -> None:
        with pytest.raises(ordo.EngineExited) as caught:
            await engine.ping()
        assert caught.value.returncode == 2
        assert "usage" in caught.value.stderr_tail

    run(body, args=["--bogus"])


def test_close_checks_its_timeout_first_and_takes_none_or_inf_as_no_limit() -> None:
    """As the sync close(): a bad timeout is a ValueError before anything is done, and no
    limit ends the engine cleanly (math.inf overflowed inside wait_for's arithmetic)."""

    async def main() -> None:
        for limit in (None, math.inf):
            engine = await AsyncEngine(clock="manual").start()
            for bad in (-1, math.nan, "5"):
                with pytest.raises(ValueError, match="close's timeout must be"):
                    await engine.close(timeout=bad)  # type: ignore[arg-type]
            assert (await engine.ping()).pong is True
            assert await engine.close(timeout=limit) == 0

    asyncio.run(asyncio.wait_for(main(), 30))


def test_close_shutdown_and_exit_codes() -> None:
    async def main() -> None:
        engine = await AsyncEngine(clock="manual").start()
        await engine.ping()
        assert await engine.close() == 0
        assert await engine.close() == 0
        # Said to be the client's own close(), not the engine's doing.
        with pytest.raises(ordo.EngineExited, match=r"status 0 \(close\(\) was called\)"):
            await engine.ping()
        other = await AsyncEngine().start()
        await other.shutdown()
        with pytest.raises(ordo.InvalidState):
            await other.ping()
        await other.exit()
        assert other.returncode == 0
        await other.close()

    asyncio.run(asyncio.wait_for(main(), 30))


def test_starts_and_closes_at_the_same_time_share_one_engine_and_one_status() -> None:
    """Two start()s at once spawned two engines (one never closed); a close() while another
    ran returned None at once, the engine still running."""

    async def main() -> None:
        before = set(children_of_this_process())  # what other tests left running
        engine = AsyncEngine(clock="manual")
        started = await asyncio.gather(engine.start(), engine.start(), engine.start())
        assert all(one is engine for one in started)
        await engine.ping()
        assert set(children_of_this_process()) - before == {engine.pid}
        first = asyncio.ensure_future(engine.close())
        await asyncio.sleep(0)
        assert await engine.close() == 0
        assert not engine.running
        assert await first == 0
        assert list(await asyncio.gather(engine.close(), engine.close())) == [0, 0]
        assert set(children_of_this_process()) - before == set()

    asyncio.run(asyncio.wait_for(main(), 30))


def test_a_cancelled_start_leaves_the_others_starting_and_a_close_during_start_closes() -> None:
    async def main() -> None:
        engine = AsyncEngine(clock="manual")
        first = asyncio.ensure_future(engine.start())
        second = asyncio.ensure_future(engine.start())
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        first.cancel()
        with pytest.raises(asyncio.CancelledError):
            await first
        assert await second is engine  # only the cancelled caller gave up
        assert (await engine.ping()).pong
        assert await engine.close() == 0

        before = set(children_of_this_process())
        other = AsyncEngine(clock="manual")
        starting = asyncio.ensure_future(other.start())
        await asyncio.sleep(0)
        assert await other.close() == 0  # the engine the start brought, closed
        await starting
        assert set(children_of_this_process()) - before == set()

    asyncio.run(asyncio.wait_for(main(), 30))


def children_of_this_process() -> list[int]:
    """The live (not zombie) children of this process, by pid."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == os.getpid() and fields[0] != "Z":
            pids.append(int(entry.name))
    return sorted(pids)


def test_a_relative_engine_path_is_the_callers_whatever_cwd_the_engine_gets() -> None:
    async def main() -> None:
        relative = os.path.relpath(ordo.find_engine())
        async with AsyncEngine(relative, cwd="/", clock="manual") as engine:
            assert (await engine.ping()).pong

    asyncio.run(asyncio.wait_for(main(), 30))


ABANDONED_STDERR = """
import asyncio, sys
import ordo

async def main():
    engine = await ordo.AsyncEngine(sys.argv[1], clock="manual").start()
    await engine.ping()
    engine.kill()
    try:
        await engine.ping()
    except ordo.EngineExited:
        pass
    print(await engine.close())

asyncio.run(main())
"""


def test_close_closes_the_pipes_a_process_left_behind_still_holds(tmp_path: Path) -> None:
    """A wrapper script leaves a process holding the engine's stderr: close() returned with
    the subprocess transport open, and the loop's end complained of it on stderr."""
    with engine_leaving_a_pipe_held(tmp_path, ordo.find_engine(), "stderr") as wrapper:
        done = subprocess.run(
            [sys.executable, "-c", ABANDONED_STDERR, str(wrapper)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "-9\n"
    assert done.stderr == ""


CANCELLED_CLOSE = """
import asyncio, sys
import ordo

async def main(delay, timeout):
    # -X dev's asyncio debug mode warns of any loop step over 0.1 s, which a loaded machine
    # makes; what the test looks for is the warnings of resources left open.
    asyncio.get_running_loop().slow_callback_duration = 3600
    engine = await ordo.AsyncEngine(sys.argv[1], clock="manual").start()
    await engine.ping()
    closing = asyncio.ensure_future(engine.close(timeout))
    await asyncio.sleep(delay)
    closing.cancel()
    return engine

runs, timeout = int(sys.argv[2]), float(sys.argv[3])
for step in range(runs):
    engine = asyncio.run(main(step / 2000, timeout))
    print(engine.returncode)
"""


def cancelled_closes(engine: str, runs: int, timeout: float) -> subprocess.CompletedProcess[str]:
    """CANCELLED_CLOSE's `runs` loops on `engine`, with close(timeout), under -X dev."""
    return subprocess.run(
        [sys.executable, "-X", "dev", "-c", CANCELLED_CLOSE, engine, str(runs), str(timeout)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_loop_ending_under_a_cancelled_close_waits_for_the_engines_exit() -> None:
    """asyncio.run cancels close()'s own task at its end: it left the transport open (the
    loop's end warned of it, under -X dev), or killed the engine; the end of its input now
    ends it, with status 0, and the transport is closed."""
    done = cancelled_closes(ordo.find_engine(), 15, 5)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "0\n" * 15
    assert done.stderr == ""


def test_the_loop_ending_under_a_cancelled_close_ends_a_lingering_engine(tmp_path: Path) -> None:
    """An engine (here a wrapper) that outlives close()'s timeout after the end of its input
    was killed by the transport's close and never reaped (the loop's end warned that it
    still ran): it gets SIGTERM, as from close(), and is waited for."""
    wrapper = script(tmp_path / "lingering", f'"{ordo.find_engine()}" "$@"\nsleep 5\n')
    done = cancelled_closes(str(wrapper), 2, 0.3)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "-15\n" * 2
    assert "ResourceWarning" not in done.stderr and "is closed" not in done.stderr
    assert done.stderr.count("ignored exit; terminating it") == 2


def test_timeout_then_recovery() -> None:
    async def body(engine: AsyncEngine) -> None:
        os.kill(engine.pid, signal.SIGSTOP)
        try:
            with pytest.raises(ordo.OrdoTimeout):
                await engine.call("engine.ping", timeout=0.1)
        finally:
            os.kill(engine.pid, signal.SIGCONT)
        assert (await engine.ping()).pong
        # The late answer to the timed-out call was read before ping's, and dropped.
        with pytest.raises(ordo.OrdoTimeout):
            await engine.next_stray(timeout=0.2)
        assert engine._endpoint.pending_count == 0 and not engine._endpoint._units

    run(body, clock="manual")


def test_raw_parse_error() -> None:
    async def body(engine: AsyncEngine) -> None:
        response = await engine.raw(b"{nope")
        assert isinstance(ordo.OrdoError.from_json(response["error"]), ordo.ParseError)

    run(body, framing="lsp")


def test_start_is_required() -> None:
    engine = AsyncEngine()
    with pytest.raises(RuntimeError, match="not started"):
        _ = engine.pid


def test_concurrent_calls_are_matched(checker: SchemaChecker) -> None:
    async def body(engine: AsyncEngine) -> None:
        layers = await asyncio.gather(*(engine.layers.add(f"n{i}", sort=i % 7) for i in range(200)))
        assert [layer.id for layer in layers] == [f"n{i}" for i in range(200)]
        assert (await engine.layers.children()).total == 200

    run(body, clock="manual", tap=checker)


def test_unreadable_requests_and_oversized_batches_fail_at_once() -> None:
    async def body(engine: AsyncEngine) -> None:
        with pytest.raises(ordo.InvalidRequest):
            await engine.layers.add("big", data="x" * 4096)
        async with engine.batch() as batch:
            entries = [batch.ping() for _ in range(3)]
        assert all(isinstance(e.exception(), ordo.LimitExceeded) for e in entries)
        assert (await engine.ping()).pong

    run(body, args=["--max-message-bytes", "1024", "--max-batch", "2"], timeout=3)


def test_default_timeout_calls_share_a_timer_and_other_timeouts_keep_theirs() -> None:
    async def body(engine: AsyncEngine) -> None:
        loop = asyncio.get_running_loop()
        await engine.ping()
        os.kill(engine.pid, signal.SIGSTOP)  # nothing is answered from here on
        try:
            patient = asyncio.ensure_future(engine.call("engine.ping", timeout=10))
            started = loop.time()
            gathered = await asyncio.gather(
                *(engine.ping() for _ in range(3)), return_exceptions=True
            )
            assert all(isinstance(r, ordo.OrdoTimeout) for r in gathered), gathered
            assert 0.2 <= loop.time() - started < 5
            # Under a 1.5 s default (0.2 s left a loaded machine no slack: a pause of the loop
            # past it expired both timers together).
            engine.timeout = 1.5
            first = asyncio.ensure_future(engine.ping())
            await asyncio.sleep(0)
            engine.timeout = 0.05  # a shorter default for the next call: a timer of its own
            started = loop.time()
            with pytest.raises(ordo.OrdoTimeout):
                await engine.ping()
            assert loop.time() - started < 1.4 and not first.done()
            with pytest.raises(ordo.OrdoTimeout):
                await first
            engine.timeout = 0.1
            async with engine.batch() as batch:
                entries = [batch.ping(), batch.clock.now()]
            assert all(isinstance(e.exception(), ordo.OrdoTimeout) for e in entries)
            assert not patient.done()
        finally:
            os.kill(engine.pid, signal.SIGCONT)
        assert (await patient)["pong"] is True  # the late answers before it are strays
        assert (await engine.ping()).pong
        assert engine._endpoint.pending_count == 0

    run(body, clock="manual", timeout=0.2)


def test_params_that_are_not_json_fail_before_anything_is_sent() -> None:
    async def body(engine: AsyncEngine) -> None:
        with pytest.raises(ValueError, match="JSON"):
            await engine.layers.add("a", data={"x": float("nan")})
        batch = engine.batch()
        batch.ping()
        batch.layers.add("b", data=float("inf"))
        with pytest.raises(ValueError, match="JSON"):
            await batch.send()
        assert engine._endpoint.pending_count == 0
        assert (await engine.ping()).pong
        assert (await engine.layers.children()).total == 0

    run(body, clock="manual")


def test_a_call_from_another_thread_is_refused_writing_nothing() -> None:
    """Its futures belong to the loop that started the engine: from another thread a call
    returned a future nobody could await, made on a loop it does not run on."""

    async def body(engine: AsyncEngine) -> None:
        def elsewhere() -> str:
            try:
                engine.ping()
            except RuntimeError as error:
                return str(error)
            return "no error"

        with ThreadPoolExecutor(1) as pool:
            said = await asyncio.get_running_loop().run_in_executor(pool, elsewhere)
        assert "outside the event loop that started it" in said
        assert (await engine.stats()).requests == 1  # nothing reached the engine

    run(body, clock="manual")


def test_a_call_is_sent_when_made_and_is_a_future_not_a_task(checker: SchemaChecker) -> None:
    async def body(engine: AsyncEngine) -> None:
        adding = engine.layers.add("early")  # never awaited before the next call
        assert isinstance(adding, asyncio.Future) and not isinstance(adding, asyncio.Task)
        assert await engine.layers.paint_order() == ("early",)
        assert adding.done() and adding.result().id == "early"
        # Many in flight: futures, answered in order, decoded, no task per call.
        tasks_before = len(asyncio.all_tasks())
        calls = [engine.layers.add(f"l{i}", sort=i % 7) for i in range(300)]
        assert len(asyncio.all_tasks()) == tasks_before
        added = await asyncio.gather(*calls)
        assert [layer.id for layer in added] == [f"l{i}" for i in range(300)]
        assert [layer.sort for layer in added[:8]] == [0, 1, 2, 3, 4, 5, 6, 0]
        # An error answer fails its own future only; the others still decode.
        mixed = await asyncio.gather(
            engine.layers.get("l1"),
            engine.layers.get("nope"),
            engine.ping(),
            return_exceptions=True,
        )
        assert isinstance(mixed[0], ordo.Layer) and mixed[0].id == "l1"
        assert isinstance(mixed[1], ordo.NotFound)
        assert mixed[2] == ordo.Ping(True, 0)

    run(body, clock="manual", tap=checker)


def test_a_cancelled_call_leaves_the_engine_usable() -> None:
    async def body(engine: AsyncEngine) -> None:
        await engine.ping()
        os.kill(engine.pid, signal.SIGSTOP)  # the answer cannot come before the cancel
        try:
            pending = engine.layers.add("x")
            other = engine.ping()
            await asyncio.sleep(0.02)
            pending.cancel()
        finally:
            os.kill(engine.pid, signal.SIGCONT)
        assert await other == ordo.Ping(True, 0)  # answered after the cancelled call's answer
        assert pending.cancelled()
        assert await engine.layers.paint_order() == ("x",)  # it was sent
        with pytest.raises(ordo.AlreadyExists):
            await engine.layers.add("x")
        assert (await engine.stats()).layers == 1

    run(body, clock="manual")


def test_a_call_of_a_stopped_engine_fails_without_hanging() -> None:
    async def body(engine: AsyncEngine) -> None:
        await engine.ping()
        engine.kill()
        await asyncio.sleep(0.1)
        with pytest.raises(ordo.EngineExited):
            await asyncio.wait_for(engine.ping(), 5)
        gathered = await asyncio.wait_for(
            asyncio.gather(engine.ping(), engine.stats(), return_exceptions=True), 5
        )
        assert all(isinstance(failure, ordo.EngineExited) for failure in gathered)

    run(body, clock="manual")


def test_a_call_with_another_timeout_is_not_held_by_the_earlier_timer() -> None:
    async def body(engine: AsyncEngine) -> float:
        await engine.ping()  # the shared timer was armed for this call's 5 s deadline
        os.kill(engine.pid, signal.SIGSTOP)
        loop = asyncio.get_running_loop()
        start = loop.time()
        try:
            with pytest.raises(ordo.OrdoTimeout):
                await engine.call("engine.ping", timeout=0.3)
        finally:
            os.kill(engine.pid, signal.SIGCONT)
        return loop.time() - start

    assert run(body, clock="manual", timeout=5.0) < 3.0


def test_a_timeout_ends_the_wait_for_a_paused_pipe() -> None:
    async def body(engine: AsyncEngine) -> float:
        await engine.ping()
        os.kill(engine.pid, signal.SIGSTOP)  # it reads nothing: the pipe fills and pauses
        loop = asyncio.get_running_loop()
        try:
            big = engine.layers.add("big", data={"x": "y" * 2_000_000})
            await asyncio.sleep(0.05)
            start = loop.time()
            with pytest.raises(ordo.OrdoTimeout):
                await asyncio.wait_for(engine.ping(), 5.0)
            waited = loop.time() - start
            with pytest.raises(ordo.OrdoTimeout):
                await big
        finally:
            os.kill(engine.pid, signal.SIGCONT)
        return waited

    assert run(body, clock="manual", timeout=0.5) < 3.0


def test_close_escalates_when_the_engine_reads_nothing() -> None:
    """A hung engine behind a full pipe: close() still ends it (SIGTERM, then SIGKILL)
    within its timeouts, and a notification fails with OrdoTimeout instead of hanging."""

    async def main() -> tuple[float, int | None]:
        engine = AsyncEngine(clock="manual", timeout=0.5)
        await engine.start()
        os.kill(engine.pid, signal.SIGSTOP)  # reads nothing from here on: the pipe fills
        with pytest.raises(ordo.OrdoTimeout):
            await engine.layers.add("big", data={"x": "y" * 2_000_000})
        with pytest.raises(ordo.OrdoTimeout):
            await engine.notify("engine.ping")
        loop = asyncio.get_running_loop()
        start = loop.time()
        status = await engine.close(timeout=0.5)
        return loop.time() - start, status

    waited, status = asyncio.run(asyncio.wait_for(main(), 30))
    assert status == -signal.SIGKILL  # a stopped process ignores SIGTERM until killed
    assert waited < 5.0


def test_exit_is_written_where_it_is_called() -> None:
    sent: list[str] = []

    def tap(direction: str, message: object) -> None:
        if direction == "send" and isinstance(message, dict):
            sent.append(message["method"])

    async def body(engine: AsyncEngine) -> list[object]:
        await engine.shutdown()
        return list(await asyncio.gather(engine.exit(), engine.ping(), return_exceptions=True))

    results = run(body, clock="manual", tap=tap)
    assert sent[-3:] == ["shutdown", "exit", "engine.ping"]
    assert results[0] is None and isinstance(results[1], ordo.EngineExited)


def test_the_end_of_the_output_fails_waiting_calls_with_engine_exited(tmp_path: Path) -> None:
    """A call whose timeout ran out while the engine, its output ended, had not exited yet
    got OrdoTimeout, not EngineExited."""
    # The timeouts run out after the output ended (the fake's start and one read: they took
    # over 0.3 s on a loaded machine) and before the exit.
    fake = fake_engine_closing_stdout(tmp_path, linger=3.0)

    async def main() -> None:
        engine = await AsyncEngine(fake, timeout=30).start()
        try:
            first = asyncio.ensure_future(engine.call("engine.ping", timeout=1.0))
            waiting = asyncio.ensure_future(engine.wait_for("*", timeout=1.0))
            for outcome in await asyncio.gather(first, waiting, return_exceptions=True):
                assert isinstance(outcome, ordo.EngineExited), outcome
                assert outcome.returncode == 2
        finally:
            await engine.close(timeout=1)

    asyncio.run(asyncio.wait_for(main(), 30))


# Behaviours a mutation review of the client found no test pinning (each test below fails
# with the change it names).


def test_the_shared_deadline_timer_fails_no_call_before_its_own_deadline() -> None:
    """Calls on the default timeout share one timer; when it fires for the first call it
    re-arms for the next deadline instead of failing every call at once."""

    async def body(engine: AsyncEngine) -> bool:
        await engine.ping()
        os.kill(engine.pid, signal.SIGSTOP)
        try:
            first = asyncio.ensure_future(engine.ping())
            await asyncio.sleep(1.0)
            second = asyncio.ensure_future(engine.ping())  # its deadline 1 s after the first's
            with pytest.raises(ordo.OrdoTimeout):
                await first
        finally:
            os.kill(engine.pid, signal.SIGCONT)
        return (await second).pong  # answered before its own deadline

    # 1 s apart: 0.3 s gave a loaded machine's pause after the first timeout too little.
    assert run(body, clock="manual", timeout=2.0)


def test_two_closes_at_once_send_one_shutdown_and_one_exit() -> None:
    sent: list[str] = []

    def tap(direction: str, message: object) -> None:
        if direction == "send" and isinstance(message, dict):
            sent.append(message["method"])

    async def main() -> list[int | None]:
        engine = await AsyncEngine(clock="manual", tap=tap).start()
        return list(await asyncio.gather(engine.close(), engine.close()))

    assert asyncio.run(asyncio.wait_for(main(), 30)) == [0, 0]
    assert sent.count("shutdown") == 1 and sent.count("exit") == 1, sent


def test_close_escalates_past_a_full_pipe_with_no_timeout_for_calls() -> None:
    """With no call timeout, close()'s own timeout still bounds writing exit."""

    async def main() -> int | None:
        engine = await AsyncEngine(clock="manual").start()
        os.kill(engine.pid, signal.SIGSTOP)  # reads nothing: the big request fills the pipe
        big = asyncio.ensure_future(engine.layers.add("big", data={"x": "y" * 2_000_000}))
        await asyncio.sleep(0.1)
        status = await engine.close(timeout=0.5)
        big.cancel()
        return status

    assert asyncio.run(asyncio.wait_for(main(), 10)) == -signal.SIGKILL


def test_a_batch_waiting_when_the_output_ends_fails_with_engine_exited(tmp_path: Path) -> None:
    fake = fake_engine_closing_stdout(tmp_path, linger=3.0)  # as above

    async def main() -> None:
        engine = await AsyncEngine(fake, timeout=1.0).start()
        try:
            async with engine.batch() as batch:
                ping = batch.call("engine.ping")
            with pytest.raises(ordo.EngineExited):
                ping.result()
        finally:
            await engine.close(timeout=1)

    asyncio.run(asyncio.wait_for(main(), 30))


def test_a_timed_out_batch_forgets_its_ids() -> None:
    async def body(engine: AsyncEngine) -> int:
        await engine.ping()
        os.kill(engine.pid, signal.SIGSTOP)
        try:
            async with engine.batch() as batch:
                ping = batch.call("engine.ping")
            with pytest.raises(ordo.OrdoTimeout):
                ping.result()
            return engine._endpoint.pending_count  # what still waits for an answer
        finally:
            os.kill(engine.pid, signal.SIGCONT)

    assert run(body, clock="manual", timeout=0.3) == 0


def test_raw_honours_its_own_timeout() -> None:
    async def body(engine: AsyncEngine) -> float:
        await engine.ping()
        os.kill(engine.pid, signal.SIGSTOP)
        loop = asyncio.get_running_loop()
        start = loop.time()
        try:
            with pytest.raises(ordo.OrdoTimeout):
                await engine.raw(
                    {"jsonrpc": "2.0", "id": "z", "method": "engine.ping"}, timeout=0.2
                )
        finally:
            os.kill(engine.pid, signal.SIGCONT)
        return loop.time() - start

    assert run(body, clock="manual", timeout=5.0) < 2.5  # its own 0.2 s, not the engine's 5 s


def test_the_only_start_cancelled_leaves_no_engine_running() -> None:
    async def main() -> set[int]:
        before = set(children_of_this_process())
        engine = AsyncEngine(clock="manual")
        task = asyncio.ensure_future(engine.start())
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await asyncio.sleep(0.5)
        return set(children_of_this_process()) - before

    assert asyncio.run(asyncio.wait_for(main(), 10)) == set()


def test_timeouts_and_event_names_are_checked_before_anything_is_written(
    checker: SchemaChecker,
) -> None:
    async def body(engine: AsyncEngine) -> None:
        for bad in (0, -1, float("nan")):
            with pytest.raises(ValueError, match="timeout must be a number of seconds > 0"):
                await engine.call("layer.add", {"id": "a"}, timeout=bad)
            with pytest.raises(ValueError, match="timeout must be a number of seconds > 0"):
                ordo.aio.AsyncBatch(engine, timeout=bad)
        with pytest.raises(ValueError, match="timeout must be a number of seconds >= 0"):
            await engine.wait_for("alert.show", timeout=-1)
        with pytest.raises(ValueError, match=r"unknown event 'alert\.shows'"):
            await engine.wait_for("alert.shows")
        assert (await engine.stats()).layers == 0
        await engine.alerts.enqueue("toast", id="a")
        assert (await engine.wait_for("alert.show", timeout=0)).alert.id == "a"

    run(body, clock="manual", tap=checker)


def test_async_batch_entries_after_an_exit_raise_engine_exited(checker: SchemaChecker) -> None:
    async def body(engine: AsyncEngine) -> None:
        async with engine.batch() as batch:
            before = batch.ping()
            batch.notify("exit")
            after = batch.ping()
        assert before.result().pong
        error = after.exception()
        assert isinstance(error, ordo.EngineExited) and error.returncode == 1, error

    run(body, clock="manual", tap=checker)


class Abort(BaseException):
    """What a test's handler raises to stop the test (as pytest.fail's Failed): no Exception."""


def test_a_base_exception_from_a_handler_is_raised_by_the_call_and_loses_no_answer() -> None:
    """It escaped the read callback: the answer read with the event was never handled, and
    its call timed out."""

    async def body(engine: AsyncEngine) -> None:
        shown: list[str] = []

        def fail_on_a(event: AlertShow) -> None:
            if event.alert.id == "A":
                raise Abort("unexpected popup A")

        engine.on("alert.show", fail_on_a)
        engine.on("alert.show", lambda ev: shown.append(ev.alert.id))  # still runs
        with pytest.raises(Abort, match="unexpected popup A"):
            await engine.alerts.enqueue("toast", id="A")
        assert shown == ["A"]
        assert (await engine.ping()).pong  # raised once
        await engine.alerts.complete("A")
        assert (await engine.alerts.enqueue("toast", id="B")).alert is not None
        assert shown == ["A", "B"]

    run(body, clock="manual", timeout=1)


def test_pytest_fail_in_a_coroutine_handler_is_raised_by_the_next_call() -> None:
    async def body(engine: AsyncEngine) -> None:
        async def fail(event: AlertShow) -> None:
            pytest.fail(f"unexpected popup {event.alert.id}")

        engine.on("alert.show", fail)
        await engine.alerts.enqueue("toast", id="A")  # answered before the handler ran
        with pytest.raises(pytest.fail.Exception, match="unexpected popup A"):
            await engine.ping()
        assert (await engine.ping()).pong

    run(body, clock="manual", timeout=1)


def test_a_keyboard_interrupt_from_a_handler_leaves_the_loop_and_loses_no_answer() -> None:
    """As from any asyncio callback, it goes out of the event loop (at once: no call has to
    come first); the rest of what was read is handled first, so the program may go on."""
    loop = asyncio.new_event_loop()
    try:
        engine = loop.run_until_complete(AsyncEngine(clock="manual", timeout=1).start())

        def interrupt(event: AlertShow) -> None:
            raise KeyboardInterrupt

        async def enqueue() -> asyncio.Future[ordo.EnqueueResult]:
            engine.on("alert.show", interrupt)
            return engine.alerts.enqueue("toast", id="A")

        answer = loop.run_until_complete(enqueue())
        with pytest.raises(KeyboardInterrupt):
            loop.run_until_complete(asyncio.sleep(5))
        result = loop.run_until_complete(asyncio.wait_for(answer, 5))
        assert result.alert is not None and result.alert.id == "A"
        assert loop.run_until_complete(engine.close()) == 0
    finally:
        loop.close()


@pytest.mark.parametrize("scenario", ["once", "added"])
def test_handlers_are_those_of_the_events_dispatch(scenario: str) -> None:
    """As the blocking engine's now: a handler that removes itself, or adds one, changes
    what the next events of the same read run."""

    async def body(engine: AsyncEngine) -> list[str]:
        calls: list[str] = []
        await engine.alerts.enqueue("toast", id="A", duration_ms=100)
        await engine.alerts.enqueue("toast", id="B", duration_ms=100)
        if scenario == "once":

            def once(event: ordo.AlertHide) -> None:
                remove()
                calls.append(event.id)

            remove = engine.on("alert.hide", once)
        else:

            def on_show(event: AlertShow) -> None:
                engine.on("alert.hide", lambda hide: calls.append(hide.id))

            engine.on("alert.show", on_show)  # B shows in the same read as A's hide
        await engine.clock.advance(1000)  # hides A, shows B, hides B
        return calls

    assert run(body, clock="manual") == (["A"] if scenario == "once" else ["B"])


def test_a_tap_that_refuses_a_request_leaves_no_call_waiting() -> None:
    """The call stayed registered: close() then failed its future, which nobody awaited
    ("Future exception was never retrieved")."""
    problems: list[dict[str, object]] = []

    def tap(direction: str, message: object) -> None:
        if (
            direction == "send"
            and isinstance(message, dict)
            and message["method"] == "engine.stats"
        ):
            raise RuntimeError("the tap says no")

    async def main() -> None:
        asyncio.get_running_loop().set_exception_handler(lambda _, ctx: problems.append(ctx))
        async with AsyncEngine(clock="manual", tap=tap) as engine:
            with pytest.raises(RuntimeError, match="the tap says no"):
                engine.stats()
            assert engine._endpoint.pending_count == 0
            assert (await engine.ping()).pong
        gc.collect()
        await asyncio.sleep(0)

    asyncio.run(asyncio.wait_for(main(), 30))
    assert problems == []


def expect_sent_but_not_awaited(engine: AsyncEngine, entries: Sequence[ordo.Pending[Any]]) -> None:
    """Each entry of a batch cancelled once written says it was sent (CancelledError), and
    no id is left waiting."""
    for entry in entries:
        error = entry.exception()
        assert isinstance(error, asyncio.CancelledError), error
        assert "was sent" in str(error)
    assert engine._endpoint.pending_count == 0


def test_a_batch_sent_then_cancelled_says_so_not_that_it_was_not_sent() -> None:
    async def body(engine: AsyncEngine) -> None:
        await engine.ping()
        os.kill(engine.pid, signal.SIGSTOP)
        try:
            batch = engine.batch()
            add = batch.layers.add("x")
            note = batch.notify("layer.add", {"id": "y"})
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(batch.send(), 0.2)
        finally:
            os.kill(engine.pid, signal.SIGCONT)
        assert await engine.layers.paint_order() == ("x", "y")  # it was sent, and applied
        expect_sent_but_not_awaited(engine, [add, note])

    run(body, clock="manual", timeout=5)


def test_a_batch_cancelled_while_the_pipe_drains_was_sent_all_the_same() -> None:
    """Written to a full pipe, a batch waits for it to drain: cancelled then, it is sent
    (the engine reads it when it runs again), and its entries said "not sent yet"."""

    async def body(engine: AsyncEngine) -> None:
        await engine.ping()
        os.kill(engine.pid, signal.SIGSTOP)
        try:
            filler = engine.batch()
            for number in range(1000):  # about 300 KB: more than the pipe holds
                filler.layers.add(f"a{number:04d}" + "x" * 200)
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(filler.send(), 0.2)
            assert engine._pipes is not None and engine._pipes.paused
            batch = engine.batch()
            adds = [batch.layers.add(f"b{number}") for number in range(5)]
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(batch.send(), 0.2)
        finally:
            os.kill(engine.pid, signal.SIGCONT)
        order = await engine.layers.paint_order()
        assert [layer for layer in order if layer.startswith("b")] == [f"b{n}" for n in range(5)]
        expect_sent_but_not_awaited(engine, adds)

    run(body, clock="manual", timeout=5)


def test_a_batch_takes_a_timeout_of_its_own() -> None:
    async def body(engine: AsyncEngine) -> float:
        await engine.ping()
        with pytest.raises(ValueError, match="timeout must be a number of seconds > 0"):
            engine.batch(timeout=0)
        os.kill(engine.pid, signal.SIGSTOP)
        loop = asyncio.get_running_loop()
        start = loop.time()
        try:
            async with engine.batch(timeout=0.2) as batch:
                ping = batch.ping()
        finally:
            os.kill(engine.pid, signal.SIGCONT)
        assert isinstance(ping.exception(), ordo.OrdoTimeout)
        return loop.time() - start

    assert run(body, clock="manual", timeout=10) < 2.5  # its own 0.2 s, not the engine's 10 s


def test_events_checks_its_timeout_when_called() -> None:
    async def body(engine: AsyncEngine) -> None:
        for bad in (float("nan"), -1):
            with pytest.raises(ValueError, match="timeout must be a number of seconds >= 0"):
                engine.events(timeout=bad)

    run(body, clock="manual")


def test_close_with_a_timeout_of_0_warns_of_nothing(caplog: pytest.LogCaptureFixture) -> None:
    """close(timeout=0) waits for nothing: the engine had no time to exit, so it "ignored"
    no exit (a warning every time)."""

    async def main() -> list[int | None]:
        statuses = []
        for _ in range(3):
            engine = await AsyncEngine(clock="manual").start()
            assert (await engine.ping()).pong
            statuses.append(await engine.close(timeout=0))
        return statuses

    with caplog.at_level(logging.WARNING, logger="ordo"):
        statuses = asyncio.run(asyncio.wait_for(main(), 30))
    assert set(statuses) <= {0, 1, -15, -9}, statuses
    assert caplog.records == []


def test_a_working_directory_that_is_not_there_is_an_engine_start_failure(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        with pytest.raises(ordo.EngineStartFailed, match="working directory") as caught:
            await AsyncEngine(cwd=tmp_path / "nowhere").start()
        assert isinstance(caught.value, FileNotFoundError)

    asyncio.run(asyncio.wait_for(main(), 30))


async def a_handler_fails_on_a_show(engine: AsyncEngine) -> None:
    """Shows alert A 20 ms from now (on the system clock) to a handler that raises pytest's
    Failed (a BaseException) and one after it, and returns once both ran: the exception is
    kept for the next wait or close."""
    ran = asyncio.Event()
    engine.on("alert.show", lambda ev: pytest.fail("shown while idle"))
    engine.on("alert.show", lambda ev: ran.set())  # runs after it
    await engine.alerts.enqueue("toast", id="A", delay_ms=20)
    await asyncio.wait_for(ran.wait(), 5)


def test_a_base_exception_raised_by_a_wait_leaves_it_the_event() -> None:
    """Raised after the wait took its event, it lost the event: it goes first now."""

    async def main() -> None:
        engine = await AsyncEngine(clock="system", timeout=5).start()
        try:
            await a_handler_fails_on_a_show(engine)
            with pytest.raises(pytest.fail.Exception, match="shown while idle"):
                await engine.wait_for("alert.show", timeout=5)
            assert (await engine.wait_for("alert.show", timeout=5)).alert.id == "A"
        finally:
            assert await engine.close() == 0

    asyncio.run(main())


def test_a_base_exception_no_call_got_is_raised_by_close_once_the_engine_is_closed() -> None:
    async def main() -> None:
        engine = await AsyncEngine(clock="system", timeout=5).start()
        await a_handler_fails_on_a_show(engine)
        with pytest.raises(pytest.fail.Exception, match="shown while idle"):
            await engine.close()  # (its own goodbye did not take it)
        assert not engine.running
        assert await engine.close() == 0

    asyncio.run(asyncio.wait_for(main(), 30))


def test_an_error_names_the_method_of_the_call_that_failed() -> None:
    async def body(engine: AsyncEngine) -> None:
        with pytest.raises(ordo.NotFound) as caught:
            await engine.layers.get("nowhere")
        assert caught.value.method == "layer.get"
        assert str(caught.value).startswith("layer.get: ")
        with pytest.raises(ordo.MethodNotFound) as unknown:
            await engine.call("no.such.method")
        assert unknown.value.method == "no.such.method"

    run(body, clock="manual")


def test_a_notification_after_close_with_no_wait_says_close_was_called() -> None:
    """close(timeout=0) returns before the end is reported: what is sent after it fails
    with EngineExited saying close() was called, not only how the engine ended."""

    async def main() -> None:
        engine = await AsyncEngine(clock="manual").start()
        await engine.close(timeout=0)
        with pytest.raises(ordo.EngineExited, match=r"close\(\) was called"):
            await engine.notify("engine.ping")

    asyncio.run(main())
