"""SIGINT (Ctrl-C) while an AsyncEngine call waits for its answer: under asyncio.Runner
(asyncio.run's own handling: the main task is cancelled, KeyboardInterrupt raised from
run()), and on a loop run by hand with Python's default handler (KeyboardInterrupt raised
from the loop's wait). Either way the call was sent (the engine applies it), the next
call on the same loop gets its own answer, not the interrupted one's, and close() works.

The engine is stopped (SIGSTOP) while the signal comes, so that the call is surely still
waiting and the loop idle in its wait: a KeyboardInterrupt raised inside one of asyncio's
own callbacks (a transport's read) may lose what it was handling, which no client can
guard against (asyncio.Runner, asyncio.run since Python 3.11, never raises it there).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from typing import Any, TypeVar

import pytest

from ordo import AsyncEngine, Ping

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs POSIX signals")


@pytest.fixture
def default_sigint() -> Iterator[None]:
    """Python's own SIGINT handler (raise KeyboardInterrupt), whatever pytest set."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


T = TypeVar("T")


def later(call: Callable[[], Awaitable[T]]) -> Coroutine[Any, Any, T]:
    """A coroutine making ``call`` once it runs: AsyncEngine's wrappers send at once, which
    needs the loop running."""

    async def make() -> T:
        return await call()

    return make()


def _interrupt_soon(loop: asyncio.AbstractEventLoop) -> None:
    loop.call_later(0.05, os.kill, os.getpid(), signal.SIGINT)


@pytest.mark.skipif(sys.version_info < (3, 11), reason="asyncio.Runner: Python 3.11+")
@pytest.mark.usefixtures("default_sigint")
def test_ctrl_c_under_asyncio_runner(ordo_bin: str) -> None:
    with asyncio.Runner() as runner:
        engine = runner.run(AsyncEngine(ordo_bin, clock="manual", timeout=5).start())
        try:
            runner.run(later(lambda: engine.layers.add("before")))

            async def interrupted() -> None:
                _interrupt_soon(asyncio.get_running_loop())
                await engine.layers.add("x")

            os.kill(engine.pid, signal.SIGSTOP)
            try:
                with pytest.raises(KeyboardInterrupt):
                    runner.run(interrupted())
            finally:
                os.kill(engine.pid, signal.SIGCONT)
            # Its own answer (a tuple of ids), not the add's that was waited for (a Layer).
            assert runner.run(later(engine.layers.paint_order)) == ("before", "x")
            assert isinstance(runner.run(later(engine.ping)), Ping)
        finally:
            assert runner.run(engine.close()) == 0


@pytest.mark.usefixtures("default_sigint")
def test_ctrl_c_on_a_loop_run_by_hand(ordo_bin: str) -> None:
    loop = asyncio.new_event_loop()
    try:
        engine = AsyncEngine(ordo_bin, clock="manual", timeout=5)
        loop.run_until_complete(engine.start())
        os.kill(engine.pid, signal.SIGSTOP)
        waiting = loop.create_task(later(lambda: engine.layers.add("x")))
        try:
            _interrupt_soon(loop)
            with pytest.raises(KeyboardInterrupt):
                loop.run_until_complete(waiting)
        finally:
            os.kill(engine.pid, signal.SIGCONT)
        assert not waiting.done()  # the loop was left, not the task
        assert loop.run_until_complete(later(engine.layers.paint_order)) == ("x",)
        assert loop.run_until_complete(waiting).id == "x"  # its own answer, once it runs
        assert loop.run_until_complete(engine.close()) == 0
    finally:
        loop.close()
