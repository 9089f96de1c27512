"""AsyncEngine on uvloop's event loop: start, calls, events, batches, the engine dying,
close(), a bad working directory, a fork. The client uses only what any asyncio loop
offers (subprocess_exec, the transports' public methods), nothing of asyncio's own
implementation (its Process class, child watchers, private attributes).

uvloop's child holds extra copies of its stdio sockets (libuv does not close them), so an
engine that closes its stdout before it exits is seen to end only at its exit there: the
tests of that case stay on asyncio's own loop (test_async.py).
"""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Awaitable, Coroutine
from pathlib import Path
from typing import Any, Callable, TypeVar

import pytest

import ordo
from ordo import AlertShow, AsyncEngine, EngineExited

uvloop = pytest.importorskip("uvloop", reason="uvloop is not installed (requirements-dev.txt)")

T = TypeVar("T")


def on_uvloop(main: Callable[[], Coroutine[Any, Any, T]]) -> T:
    async def bounded() -> T:
        assert isinstance(asyncio.get_running_loop(), uvloop.Loop)
        return await asyncio.wait_for(main(), 30)

    result: T = uvloop.run(bounded())
    return result


def run(body: Callable[[AsyncEngine], Awaitable[T]], **kwargs: Any) -> T:
    async def main() -> T:
        async with AsyncEngine(clock="manual", **kwargs) as engine:
            return await body(engine)

    return on_uvloop(main)


def test_calls_events_and_batches(ordo_bin: str) -> None:
    async def body(engine: AsyncEngine) -> None:
        shown: list[str] = []
        engine.on("alert.show", lambda event: shown.append(event.alert.id))
        await engine.layers.add("screen", frame=(0, 0, 390, 844))
        await engine.alerts.enqueue("toast", id="a", duration_ms=100)
        show = await engine.wait_for("alert.show", timeout=5)
        assert isinstance(show, AlertShow) and show.alert.id == "a"
        assert shown == ["a"]
        pings = await asyncio.gather(*[engine.ping() for _ in range(500)])
        assert all(ping.pong for ping in pings)
        async with engine.batch() as batch:
            order = batch.layers.paint_order()
            missing = batch.layers.remove("missing")
        assert order.result() == ("screen",)
        assert isinstance(missing.exception(), ordo.NotFound)
        with pytest.raises(ordo.NotFound):
            await engine.layers.remove("missing")

    run(body, binary=ordo_bin)


def test_close_returns_the_exit_status(ordo_bin: str) -> None:
    async def main() -> tuple[int | None, int | None, bool]:
        engine = await AsyncEngine(ordo_bin, clock="manual").start()
        await engine.ping()
        status = await engine.close()
        return status, await engine.close(), engine.running

    assert on_uvloop(main) == (0, 0, False)


def test_the_engine_dying_fails_the_call_in_flight_and_every_later_one(ordo_bin: str) -> None:
    async def body(engine: AsyncEngine) -> tuple[int | None, int | None]:
        await engine.ping()
        paused = engine.call("engine.ping")  # sent; the engine is killed before it answers
        os.kill(engine.pid, signal.SIGSTOP)
        os.kill(engine.pid, signal.SIGKILL)
        with pytest.raises(EngineExited) as in_flight:
            await paused
        with pytest.raises(EngineExited) as later:
            await engine.ping()
        assert not engine.running
        return in_flight.value.returncode, later.value.returncode

    assert run(body, binary=ordo_bin) == (-9, -9)


def test_kill_then_close(ordo_bin: str) -> None:
    async def body(engine: AsyncEngine) -> int | None:
        engine.kill()
        with pytest.raises(EngineExited):
            await engine.wait_for("alert.show", timeout=5)
        return await engine.close()

    assert run(body, binary=ordo_bin) == -9


def test_a_working_directory_that_is_not_there(ordo_bin: str, tmp_path: Path) -> None:
    """uvloop's error names no file: the client told "cannot start the ordo engine …: [Errno
    2] No such file or directory", as if the binary were missing."""
    missing = tmp_path / "gone"

    async def main() -> None:
        with pytest.raises(ordo.EngineStartFailed, match="working directory") as info:
            await AsyncEngine(ordo_bin, cwd=missing).start()
        assert isinstance(info.value, FileNotFoundError)

    on_uvloop(main)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork (POSIX)")
def test_a_forked_child_cannot_use_the_engine(ordo_bin: str) -> None:
    """As on asyncio's loop (test_fork.py): the child's calls raise EngineForked, its
    close() does nothing, the parent's engine goes on."""
    from test_fork import async_outcomes, in_child

    loop = uvloop.new_event_loop()
    try:
        engine = AsyncEngine(ordo_bin, clock="manual", timeout=5)
        loop.run_until_complete(engine.start())

        def child() -> dict[str, Any]:
            async def on_a_new_loop() -> dict[str, str]:
                return await async_outcomes([("call", engine.ping), ("close", engine.close)])

            return uvloop.run(on_a_new_loop())  # type: ignore[no-any-return]

        assert in_child(child, lambda: None) == {"call": "EngineForked", "close": "returned None"}

        async def after() -> int | None:
            await asyncio.wait_for(engine.ping(), 5)
            return await engine.close()

        assert loop.run_until_complete(after()) == 0
    finally:
        loop.close()
