"""An engine in a forked child (os.fork, multiprocessing's "fork" start method, a pre-forking
server that starts the engine before it forks its workers): the child inherits the
engine's pipes but none of the client's reading threads or tasks. Every call there raises
EngineForked before anything is written or read; close(), and dropping the engine, leave
the parent's engine alone; the child holds none of the engine's pipes; the parent's session
goes on as if there had been no fork.

Each child reports what it saw as JSON through a pipe and ends with os._exit (nothing of
pytest's runs in it).
"""

from __future__ import annotations

import asyncio
import copy
import gc
import json
import multiprocessing
import os
import pickle
import select
import signal
import stat
import threading
import time
import traceback
import warnings
from collections.abc import Awaitable, Callable
from multiprocessing.connection import Connection
from typing import Any

import pytest

from conftest import EngineFactory
from ordo import AsyncEngine, Engine, EngineForked

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork (POSIX)")

Report = dict[str, Any]


def _fork() -> int:
    # Python 3.12+ warns of a fork while threads run (the client's do): here it is the point.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return os.fork()


def _outcome(action: Callable[[], object]) -> str:
    """What ``action`` did, as the child reports it: the exception's class, or its result."""
    try:
        return f"returned {action()!r}"
    except BaseException as exc:  # KeyboardInterrupt too: the child must report, not die
        return type(exc).__name__


async def async_outcomes(actions: list[tuple[str, Callable[[], Awaitable[object]]]]) -> Report:
    """``_outcome`` of each named coroutine action, awaited in turn."""
    report = {}
    for name, action in actions:
        try:
            report[name] = f"returned {await action()!r}"
        except BaseException as exc:
            report[name] = type(exc).__name__
    return report


def in_child(child: Callable[[], Report], while_waiting: Callable[[], None]) -> Report:
    """Runs ``child`` in a forked process and returns its report; the parent runs
    ``while_waiting`` over and over meanwhile (its engine must not notice the child)."""
    read, write = os.pipe()
    pid = _fork()
    if pid == 0:  # the child: report, then leave at once, whatever happened
        status = 0
        try:
            os.close(read)
            try:
                seen = child()
            except BaseException:
                seen = {"crashed": traceback.format_exc()}
            os.write(write, json.dumps(seen).encode())
        except BaseException:
            status = 1
        finally:
            os._exit(status)
    os.close(write)
    chunks = []
    try:
        while_waiting()  # once at least: a quick child may have reported before the first look
        while True:
            while not select.select([read], [], [], 0)[0]:
                while_waiting()
            chunk = os.read(read, 65536)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(read)
        _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    report: Report = json.loads(b"".join(chunks))
    assert "crashed" not in report, report["crashed"]
    return report


def _pipe_inodes(pids: list[int]) -> list[int]:
    """The pipe inodes among ``/proc/<pid>/fd`` of each process (both ends of a pipe share
    one)."""
    inodes = []
    for pid in pids:
        folder = f"/proc/{pid}/fd"
        for name in os.listdir(folder):
            try:
                info = os.stat(f"{folder}/{name}")
            except OSError:  # closed meanwhile (listdir's own descriptor)
                continue
            if stat.S_ISFIFO(info.st_mode):
                inodes.append(info.st_ino)
    return inodes


def _engine_pipes(engine_pid: int) -> set[int]:
    """The inodes of the engine's stdin, stdout and stderr pipes, as the engine sees them."""
    inodes = set()
    for fd in (0, 1, 2):
        info = os.stat(f"/proc/{engine_pid}/fd/{fd}")
        assert stat.S_ISFIFO(info.st_mode)
        inodes.add(info.st_ino)
    return inodes


needs_proc = pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc")


def test_a_forked_child_cannot_use_the_engine_and_the_parent_keeps_it(
    make_engine: EngineFactory,
) -> None:
    """Before: the child's call wrote into the parent's session, and the child and the
    parent each read answers meant for the other (both timed out); the child's close()
    stopped the parent's stderr reader (they shared its stop pipe)."""
    engine = make_engine(clock="manual", timeout=5)
    engine.layers.add("before")
    pings = 0

    def ping() -> None:
        nonlocal pings
        engine.ping()
        pings += 1

    def child() -> Report:
        def batch() -> None:
            with engine.batch() as batch:
                batch.ping()

        report = {
            name: _outcome(action)
            for name, action in [
                ("call", lambda: engine.layers.add("from the child")),
                ("raw call", lambda: engine.call("engine.ping")),
                ("notify", lambda: engine.notify("engine.ping")),
                ("batch", batch),
                ("send_raw", lambda: engine.send_raw(b'{"jsonrpc":"2.0","method":"x"}')),
                ("wait_for", lambda: engine.wait_for("alert.show", timeout=0)),
                ("events", lambda: list(engine.events(timeout=0))),
                ("next_stray", lambda: engine.next_stray(timeout=0)),
                ("running", lambda: engine.running),
                ("kill", engine.kill),
                ("close", engine.close),
                ("close again", engine.close),
            ]
        }
        report["pid"] = _outcome(lambda: engine.pid)
        return report

    report = in_child(child, ping)
    forked = "EngineForked"
    assert report == {
        "call": forked,
        "raw call": forked,
        "notify": forked,
        "batch": forked,
        "send_raw": forked,
        "wait_for": forked,
        "events": forked,
        "next_stray": forked,
        "running": forked,
        "kill": forked,
        "close": "returned None",
        "close again": "returned None",
        "pid": f"returned {engine.pid}",
    }
    assert pings > 0
    assert engine.running
    assert engine._stderr.thread.is_alive()  # the child's close() left the parent's reader
    assert engine.layers.paint_order() == ("before",)
    assert engine.close() == 0


def test_the_error_says_whose_engine_it_is(make_engine: EngineFactory) -> None:
    engine = make_engine(clock="manual")

    def child() -> Report:
        try:
            engine.ping()
        except EngineForked as exc:
            return {"message": str(exc), "runtime": isinstance(exc, RuntimeError)}
        return {"message": None}

    report = in_child(child, lambda: None)
    assert report["runtime"]
    assert f"belongs to process {os.getpid()}" in report["message"]
    assert "start a new engine in this process" in report["message"]
    engine.ping()


class _Hung(Exception):
    """Raised in a child by a timer when an action blocked (a lock a parent thread held)."""


def _bounded(action: Callable[[], object], seconds: float = 2.0) -> str:
    """``_outcome``, with a timer that ends an action that blocks (reported as _Hung)."""

    def hung(signum: int, frame: object) -> None:
        raise _Hung

    signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return _outcome(action)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def test_a_lock_a_parent_thread_held_at_the_fork_does_not_block_the_child(
    make_engine: EngineFactory,
) -> None:
    """A parent thread inside a wait_for predicate holds the engine's guard at the fork (so
    does the reader while it buffers an event): it stays held in the child. Before: raw()
    took it before asking whose engine it was, and drain_events() took it unrefused; both
    blocked the child for good."""
    engine = make_engine(clock="manual", timeout=5)
    engine.alerts.enqueue("toast", id="a")
    inside, release = threading.Event(), threading.Event()

    def predicate(event: object) -> bool:
        inside.set()
        release.wait(10)
        return True

    waiter = threading.Thread(target=lambda: engine.wait_for("alert.show", predicate))
    waiter.start()
    try:
        assert inside.wait(5)

        def child() -> Report:
            ping = {"jsonrpc": "2.0", "id": 99, "method": "engine.ping"}
            return {
                "raw": _bounded(lambda: engine.raw(ping)),
                "drain_events": _bounded(engine.drain_events),
            }

        report = in_child(child, lambda: None)
    finally:
        release.set()
        waiter.join(10)
    assert report == {"raw": "EngineForked", "drain_events": "EngineForked"}
    engine.ping()


def test_an_engine_the_child_drops_is_not_ended(ordo_bin: str) -> None:
    """Before: the child's finalizer ended the input (its own copy) and read the parent's
    engine output to its end, for 10 s, dropping the parent's answers (its calls timed out).
    """
    holder = [Engine(ordo_bin, clock="manual", timeout=5)]  # the only reference
    pings = 0

    def ping() -> None:
        nonlocal pings
        holder[0].ping()
        pings += 1

    def child() -> Report:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            holder.clear()
            gc.collect()
            time.sleep(0.5)  # the parent calls meanwhile
        return {"warnings": [str(w.message) for w in caught if "ordo" in str(w.message)]}

    try:
        assert in_child(child, ping) == {"warnings": []}
        assert pings > 0
        holder[0].ping()
    finally:
        assert holder[0].close() == 0


@needs_proc
def test_the_child_holds_none_of_the_engines_pipes(make_engine: EngineFactory) -> None:
    """Before: the child kept a copy of each, its input's write end too, which kept the
    engine's input open after the parent closed it (the engine did not see its end)."""
    engine = make_engine(clock="manual")
    pipes = _engine_pipes(engine.pid)
    assert pipes & set(_pipe_inodes([os.getpid()]))

    def child() -> Report:
        return {"held": sorted(pipes & set(_pipe_inodes([os.getpid()])))}

    assert in_child(child, lambda: None) == {"held": []}
    engine.ping()


def _mp_child(connection: Connection) -> None:
    """multiprocessing's target: the engine is the module's (_MP_ENGINE), as an app's global."""
    assert _MP_ENGINE is not None
    engine = _MP_ENGINE
    connection.send([_outcome(engine.ping), _outcome(engine.close)])
    connection.close()


_MP_ENGINE: Engine | None = None


def test_multiprocessing_fork_start_method(make_engine: EngineFactory) -> None:
    global _MP_ENGINE
    _MP_ENGINE = engine = make_engine(clock="manual")
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            worker = context.Process(target=_mp_child, args=(sender,))
            worker.start()
        sender.close()
        assert receiver.poll(30)
        assert receiver.recv() == ["EngineForked", "returned None"]
        worker.join(30)
        assert worker.exitcode == 0
    finally:
        _MP_ENGINE = None
        receiver.close()
    engine.ping()
    assert engine.close() == 0


def test_a_forked_child_cannot_use_the_async_engine(ordo_bin: str) -> None:
    """The engine started on a loop the program drives itself (run_until_complete, as a
    pre-forking server's app may), the fork between two of its turns. Before: the child's
    call on that loop wrote into the parent's session; its close() there said goodbye to
    the parent's engine (which exited); its close() on a new loop closed the transports,
    unregistering the parent's pipes from the epoll instance both share (the parent's next
    call timed out); kill() killed it."""
    loop = asyncio.new_event_loop()
    try:
        engine = AsyncEngine(ordo_bin, clock="manual", timeout=5)
        loop.run_until_complete(engine.start())

        async def ping() -> None:
            await engine.ping()

        loop.run_until_complete(ping())

        def child() -> Report:
            async def on_a_new_loop() -> Report:
                async def batch() -> None:
                    async with engine.batch() as batch:
                        batch.ping()

                return await async_outcomes(
                    [
                        ("call", ping),
                        ("notify", lambda: engine.notify("engine.ping")),
                        ("batch", batch),
                        ("wait_for", lambda: engine.wait_for("alert.show", timeout=0.1)),
                        ("close", engine.close),
                    ]
                )

            report = asyncio.run(on_a_new_loop())
            # The loop the parent drives, copied by the fork (asyncio's loops are not meant
            # to run in a fork; a program may still try).
            report["old loop call"] = _outcome(lambda: loop.run_until_complete(ping()))
            report["old loop close"] = _outcome(lambda: loop.run_until_complete(engine.close()))
            report["kill"] = _outcome(engine.kill)
            report["returncode"] = _outcome(lambda: engine.returncode)
            return report

        forked = "EngineForked"
        assert in_child(child, lambda: time.sleep(0.01)) == {
            "call": forked,
            "notify": forked,
            "batch": forked,
            "wait_for": forked,
            "close": "returned None",
            "old loop call": forked,
            "old loop close": "returned None",
            "kill": forked,
            "returncode": forked,
        }

        async def after() -> int | None:
            await asyncio.wait_for(engine.ping(), 5)
            assert engine.running
            return await engine.close()

        assert loop.run_until_complete(after()) == 0
    finally:
        loop.close()


@needs_proc
def test_the_child_holds_none_of_the_async_engines_pipes(ordo_bin: str) -> None:
    loop = asyncio.new_event_loop()
    try:
        engine = AsyncEngine(ordo_bin, clock="manual")
        loop.run_until_complete(engine.start())
        pipes = _engine_pipes(engine.pid)
        assert pipes & set(_pipe_inodes([os.getpid()]))

        def child() -> Report:
            return {"held": sorted(pipes & set(_pipe_inodes([os.getpid()])))}

        assert in_child(child, lambda: None) == {"held": []}
        assert loop.run_until_complete(engine.close()) == 0
    finally:
        loop.close()


def test_a_child_may_start_an_engine_of_its_own(make_engine: EngineFactory) -> None:
    """The fix's other side: an engine the child starts after the fork is the child's."""
    parent_engine = make_engine(clock="manual")

    def child() -> Report:
        with Engine(parent_engine.binary, clock="manual") as engine:
            layer = engine.layers.add("mine").id
            status = engine.close()
        return {"layer": layer, "status": status, "parent's": _outcome(parent_engine.ping)}

    report = in_child(child, lambda: None)
    assert report == {"layer": "mine", "status": 0, "parent's": "EngineForked"}
    assert parent_engine.layers.paint_order() == ()


def test_an_engine_cannot_be_pickled_or_copied(make_engine: EngineFactory, ordo_bin: str) -> None:
    """For multiprocessing's spawn and forkserver start methods: the error said "cannot
    pickle '_thread._local' object"."""
    for engine in (make_engine(clock="manual"), AsyncEngine(ordo_bin)):
        for attempt in (pickle.dumps, copy.copy, copy.deepcopy):
            with pytest.raises(TypeError, match="start an engine in the process that needs one"):
                attempt(engine)
