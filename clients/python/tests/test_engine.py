"""Lifecycle and engine.* / clock.* methods, against the real binary."""

from __future__ import annotations

import asyncio
import gc
import logging
import math
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import warnings
import weakref
from collections.abc import Awaitable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Callable

import pytest

import ordo
from conftest import (
    EngineFactory,
    engine_leaving_a_pipe_held,
    fake_engine_closing_stdout,
    script,
)
from ordo import ClientInfo, Engine
from schema_check import SchemaDocument


def test_initialize_reports_server_framing_clock_and_methods(framed_engine: Engine) -> None:
    info = framed_engine.initialize(client_info=ClientInfo("pytest", "1.0"), clock="manual")
    assert info.server_info.name == "ordo"
    assert info.server_info.version
    assert info.protocol_version == "1"
    assert info.framing == framed_engine.framing
    assert info.clock == "manual"
    assert {"initialize", "shutdown", "exit", "rpc.discover", "engine.ping"} <= set(info.methods)


def test_initialize_lists_exactly_the_schema_methods_in_document_order(
    engine: Engine, schema: SchemaDocument
) -> None:
    assert list(engine.initialize().methods) == [m["name"] for m in schema.doc["methods"]]


def test_initialize_switches_to_the_manual_clock(make_engine: EngineFactory) -> None:
    engine = make_engine(clock="system")
    assert engine.initialize(clock="manual").clock == "manual"
    assert engine.clock.now() == ordo.ClockNow(now=0, mode="manual")
    assert engine.clock.advance(5) == 5


def test_ping_reports_the_engine_time(engine: Engine) -> None:
    assert engine.ping() == ordo.Ping(pong=True, at=0)
    engine.clock.advance(250)
    assert engine.ping().at == 250


def test_stats_counts_requests_and_starts_empty(engine: Engine) -> None:
    first = engine.stats()
    second = engine.stats()
    assert second.requests == first.requests + 1
    assert first.layers == 0
    assert first.alerts == ordo.AlertCounts(0, 0, 0, 0, 0)
    assert first.uptime_ms >= 0


def test_reset_goes_back_to_a_fresh_engine_keeping_the_clock_mode(engine: Engine) -> None:
    engine.clock.advance(1000)
    assert engine.reset() is None
    assert engine.clock.now() == ordo.ClockNow(now=0, mode="manual")


def test_discover_returns_the_schema_document(engine: Engine, schema: SchemaDocument) -> None:
    document = engine.discover()
    assert document["openrpc"].startswith("1.3.")
    assert document == schema.doc, "the binary embeds a different schema/openrpc.json"


def test_clock_now_and_advance(engine: Engine) -> None:
    assert engine.clock.now() == ordo.ClockNow(now=0, mode="manual")
    assert engine.clock.advance(0) == 0
    assert engine.clock.advance(1500) == 1500
    assert engine.clock.advance(1) == 1501
    assert engine.clock.now().now == 1501


def test_clock_advance_on_the_system_clock_is_an_invalid_state(
    make_engine: EngineFactory,
) -> None:
    engine = make_engine(clock="system")
    assert engine.clock.now().mode == "system"
    with pytest.raises(ordo.InvalidState) as caught:
        engine.clock.advance(10)
    assert caught.value.reason == "system_clock"
    assert caught.value.code == -32003
    assert caught.value.method == "clock.advance"


def test_after_shutdown_every_request_fails_and_exit_exits_zero(engine: Engine) -> None:
    assert engine.shutdown() is None
    with pytest.raises(ordo.InvalidState) as caught:
        engine.ping()
    assert caught.value.reason == "shut_down"
    engine.exit()
    assert engine.returncode == 0
    with pytest.raises(ordo.EngineExited) as gone:
        engine.ping()
    assert gone.value.returncode == 0


def test_exit_without_shutdown_exits_one(engine: Engine) -> None:
    engine.exit()
    assert engine.returncode == 1


def test_close_shuts_down_cleanly_and_is_idempotent(make_engine: EngineFactory) -> None:
    engine = make_engine()
    engine.ping()
    assert engine.close() == 0
    assert engine.close() == 0
    assert not engine.running
    # Said to be the client's own close() ("exited with status 0" alone read as the
    # engine's doing).
    with pytest.raises(ordo.EngineExited, match=r"status 0 \(close\(\) was called\)$"):
        engine.ping()
    # An engine that exits on its own (its exit notification) does not say so.
    other = make_engine()
    other.notify("exit")
    with pytest.raises(ordo.EngineExited) as caught:
        other.wait_for("alert.show", timeout=5)
    assert "close()" not in str(caught.value)


@pytest.mark.parametrize("timeout", [-1, math.nan, "5", True])
def test_close_with_a_bad_timeout_is_a_value_error_and_leaves_the_engine_running(
    make_engine: EngineFactory, timeout: object
) -> None:
    """A negative timeout killed the engine at once (SIGKILL, logged as "ignored exit"), a
    NaN failed deep inside close(); refused now before anything is done, so that a later
    close() still ends the engine cleanly."""
    engine = make_engine()
    engine.ping()
    with pytest.raises(ValueError, match="close's timeout must be a number of seconds >= 0"):
        engine.close(timeout=timeout)  # type: ignore[arg-type]
    assert engine.ping().pong is True
    assert engine.close() == 0


@pytest.mark.parametrize("timeout", [None, math.inf])
def test_close_without_a_limit_ends_the_engine_cleanly(
    make_engine: EngineFactory, timeout: float | None
) -> None:
    """math.inf raised OverflowError from inside close() and left the engine running, for
    good: close() had marked it closed."""
    engine = make_engine()
    engine.ping()
    assert engine.close(timeout=timeout) == 0
    assert not engine.running


def test_a_close_while_another_runs_waits_for_it(make_engine: EngineFactory) -> None:
    """The second close() returned poll() at once: None, the engine still running."""
    engine = make_engine()
    engine.ping()
    statuses: list[int | None] = []
    closers = [threading.Thread(target=lambda: statuses.append(engine.close())) for _ in range(3)]
    for closer in closers:
        closer.start()
    for closer in closers:
        closer.join(30)
    assert statuses == [0, 0, 0]


def test_a_close_from_the_tap_while_another_runs_does_not_stall_it(ordo_bin: str) -> None:
    """The tap runs on the reader thread, which the first close() needs to read the answer
    to its shutdown: a second close() there returns at once."""
    from_tap: list[int | None] = []
    closing = threading.Event()

    def tap(direction: str, message: object) -> None:
        if closing.is_set() and direction == "recv" and not from_tap:
            from_tap.append(engine.close())

    engine = Engine(ordo_bin, clock="manual", tap=tap)
    engine.ping()
    closing.set()
    started = time.monotonic()
    assert engine.close(timeout=2) == 0
    assert time.monotonic() - started < 1.5
    assert len(from_tap) == 1


@pytest.mark.parametrize("direction", ["recv", "send"])
def test_a_first_close_from_the_tap_ends_the_engine_at_once(ordo_bin: str, direction: str) -> None:
    """The tap runs on the thread that reads the answers ("recv") or that holds the write
    lock ("send"): a shutdown said from there waited for that thread, itself (5 and 10 s),
    and so did waiting for the exit of an engine with more output to write than the pipe
    holds (10 s, then SIGKILL). Its input closed, the engine ends on its own, with status
    0, once the tap returned; close() returns at once (None while the engine runs). A
    request the "send" tap saw is never written: its call gets EngineExited."""
    statuses: list[int | None] = []
    took: list[float] = []
    armed = threading.Event()

    def tap(seen: str, message: object) -> None:
        if armed.is_set() and seen == direction and not statuses:
            started = time.monotonic()
            statuses.append(engine.close())
            took.append(time.monotonic() - started)

    engine = Engine(ordo_bin, clock="manual", tap=tap)
    engine.ping()
    armed.set()
    if direction == "recv":
        # Four answers of 145 KB each behind the one whose tap closes the engine: more
        # than the pipe holds, so the engine still writes when its input ends.
        big = "".join(
            f'{{"jsonrpc":"2.0","id":{1000 + n},"method":"rpc.discover"}}\n' for n in range(4)
        )
        engine.send_raw(big.encode())
        deadline = time.monotonic() + 10
        while not statuses and time.monotonic() < deadline:
            time.sleep(0.01)
    else:
        with pytest.raises(ordo.EngineExited):
            engine.stats()
    assert statuses in ([None], [0])
    assert took[0] < 1.0
    assert engine.close() == 0  # a second close() waits for the first one's end
    assert engine.returncode == 0
    # Its threads (reader, dispatcher, stderr) end too, once the tap returned.
    mine = f"ordo-{engine.pid}-"
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(
        thread.name.startswith(mine) for thread in threading.enumerate()
    ):
        time.sleep(0.01)
    assert not [thread.name for thread in threading.enumerate() if thread.name.startswith(mine)]


def test_a_relative_engine_path_is_the_callers_whatever_cwd_the_engine_gets(
    ordo_bin: str,
) -> None:
    with Engine(os.path.relpath(ordo_bin), cwd="/", clock="manual") as engine:
        assert engine.ping().pong


def test_a_relative_path_through_a_link_and_up_is_the_one_the_kernel_runs(
    ordo_bin: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """link/../ordo is ordo beside the link's target, as exec resolves it, not ./ordo."""
    (tmp_path / "real" / "sub").mkdir(parents=True)
    (tmp_path / "real" / "ordo").symlink_to(ordo_bin)
    (tmp_path / "link").symlink_to(tmp_path / "real" / "sub")
    monkeypatch.chdir(tmp_path)
    assert not (tmp_path / "ordo").exists()
    with Engine("link/../ordo", cwd="/", clock="manual") as engine:
        assert engine.ping().pong


def test_context_manager_closes_the_engine(ordo_bin: str) -> None:
    with Engine(ordo_bin, clock="manual") as engine:
        engine.ping()
    assert engine.returncode == 0


def call_left_waiting(
    engine: Engine, call: Callable[[], object]
) -> tuple[threading.Thread, list[object]]:
    """Stops the engine (SIGSTOP), then makes ``call`` on a thread of its own: sent, and not
    answered while the engine stays stopped. Returns the thread and the list that gets what
    the call returned, or raised, once it ends."""
    os.kill(engine.pid, signal.SIGSTOP)
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(call())
        except BaseException as exc:
            outcome.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    deadline = time.monotonic() + 5
    while engine._endpoint.pending_count == 0 and thread.is_alive():
        assert time.monotonic() < deadline, "the call was never sent"
        time.sleep(0.005)
    return thread, outcome


def test_a_killed_engine_whose_stdout_another_process_holds_fails_its_calls_a_second_later(
    ordo_bin: str, tmp_path: Path
) -> None:
    """A process the engine left behind holds its stdout: a pending call waited for that
    process (here 60 s, so the call's own 20 s timeout), now for STDOUT_GRACE after the exit."""
    with engine_leaving_a_pipe_held(tmp_path, ordo_bin) as wrapper:
        engine = Engine(str(wrapper), clock="manual", timeout=20)
        try:
            assert engine.ping().pong
            thread, outcome = call_left_waiting(engine, engine.ping)
            os.kill(engine.pid, signal.SIGKILL)
            started = time.monotonic()
            thread.join(10)
            assert not thread.is_alive(), "the call waited for the process holding stdout"
            assert 0.9 < time.monotonic() - started < 5
            assert len(outcome) == 1 and isinstance(outcome[0], ordo.EngineExited), outcome
            assert outcome[0].returncode == -signal.SIGKILL
            assert "another process holds its output open" in str(outcome[0])
            with pytest.raises(ordo.EngineExited):
                engine.stats()
        finally:
            started = time.monotonic()
            engine.close()
        assert time.monotonic() - started < 3


def test_what_an_engine_wrote_before_exiting_is_read_though_another_process_holds_stdout(
    ordo_bin: str, tmp_path: Path
) -> None:
    """The exit and the last answers come together: the answers are read, then the output
    counts as ended (the process holding it never closes it)."""
    with engine_leaving_a_pipe_held(tmp_path, ordo_bin) as wrapper:  # noqa: SIM117 (3.9)
        with Engine(str(wrapper), clock="manual", timeout=20) as engine:
            engine.ping()
            thread, outcome = call_left_waiting(engine, engine.stats)  # waits in its stdin
            engine.send_raw(b'{"jsonrpc": "2.0", "method": "exit"}')  # exit, no shutdown: 1
            os.kill(engine.pid, signal.SIGCONT)
            thread.join(10)
            assert len(outcome) == 1 and isinstance(outcome[0], ordo.Stats), outcome
            started = time.monotonic()
            with pytest.raises(ordo.EngineExited) as caught:
                engine.ping()
            assert time.monotonic() - started < 5
            assert caught.value.returncode == 1
            assert "another process holds its output open" in str(caught.value)


def test_an_engine_whose_stderr_another_process_holds_closes_and_dies_at_once(
    ordo_bin: str, tmp_path: Path
) -> None:
    """A process the engine left behind holds its stderr: close() waited 7 s for it (and a
    killed engine's calls 2 s); the stderr tail now waits STDERR_GRACE at most."""
    with engine_leaving_a_pipe_held(tmp_path, ordo_bin, "stderr") as wrapper:
        engine = Engine(str(wrapper), clock="manual")
        engine.notify("no.such.method")  # logged at warn
        engine.ping()
        started = time.monotonic()
        assert engine.close() == 0
        assert time.monotonic() - started < 1.5
        assert 'notification "no.such.method" failed' in engine.stderr_tail  # read all the same

        engine = Engine(str(wrapper), clock="manual")
        try:
            engine.ping()
            engine.kill()
            started = time.monotonic()
            with pytest.raises(ordo.EngineExited) as caught:
                engine.ping()
            assert caught.value.returncode == -signal.SIGKILL
            assert time.monotonic() - started < 1.5
        finally:
            engine.close()


def test_close_does_not_wait_for_a_process_that_writes_to_stderr_without_pause(
    ordo_bin: str, tmp_path: Path
) -> None:
    """The stderr thread stopped only when stderr was empty for a moment: a process left
    behind writing to it without pause (and a slow log handler) made close() wait for ever."""
    relay = tmp_path / "relay.pid"
    wrapper = script(
        tmp_path / "wrapper-chatty.sh",
        f'yes "relay: tick" </dev/null >&2 &\necho $! > "{relay}"\nexec "{ordo_bin}" "$@"\n',
    )
    logger = logging.getLogger("ordo.engine")
    slow = logging.Handler()
    slow.emit = lambda record: time.sleep(0.0005)  # type: ignore[method-assign]
    logger.addHandler(slow)
    level = logger.level
    logger.setLevel(logging.DEBUG)
    try:
        engine = Engine(str(wrapper), clock="manual")
        engine.ping()
        started = time.monotonic()
        assert engine.close() == 0
        assert time.monotonic() - started < 3
    finally:
        logger.removeHandler(slow)
        logger.setLevel(level)
        if relay.exists():
            os.kill(int(relay.read_text()), signal.SIGKILL)


def test_close_kills_an_engine_that_does_not_answer(make_engine: EngineFactory) -> None:
    engine = make_engine(tap=None)  # never answered: nothing to check
    os.kill(engine.pid, signal.SIGSTOP)
    started = time.monotonic()
    rc = engine.close(timeout=0.3)
    assert rc is not None and rc < 0  # terminated / killed
    assert time.monotonic() - started < 5


def test_a_request_stuck_on_a_full_pipe_holds_no_other_call_nor_close(
    make_engine: EngineFactory,
) -> None:
    """An engine that reads nothing: a 2 MB request blocks its writer on the full pipe.
    Other threads' calls still time out, and close() still ends the engine."""
    engine = make_engine(timeout=0.5, tap=None)  # never answered: nothing to check
    os.kill(engine.pid, signal.SIGSTOP)
    stuck: list[BaseException] = []

    def write_big() -> None:
        try:
            engine.layers.add("big", data={"x": "y" * 2_000_000})
        except BaseException as error:  # kept for the assertion below
            stuck.append(error)

    writer = threading.Thread(target=write_big, daemon=True)
    writer.start()
    time.sleep(0.2)  # the writer is blocked in the write now
    started = time.monotonic()
    with pytest.raises(ordo.OrdoTimeout):
        engine.ping()
    assert time.monotonic() - started < 3
    started = time.monotonic()
    assert engine.close(timeout=0.5) == -signal.SIGKILL  # stopped: SIGTERM waits, SIGKILL not
    assert time.monotonic() - started < 5
    writer.join(5)
    assert not writer.is_alive()
    assert len(stuck) == 1 and isinstance(stuck[0], ordo.EngineExited)


def test_engine_killed_mid_call_raises_engine_exited(make_engine: EngineFactory) -> None:
    engine = make_engine()
    engine.ping()
    thread, outcome = call_left_waiting(engine, engine.ping)
    assert engine._endpoint.pending_count == 1
    os.kill(engine.pid, signal.SIGKILL)
    thread.join(5)
    assert not thread.is_alive(), "the call hung after the engine died"
    assert len(outcome) == 1 and isinstance(outcome[0], ordo.EngineExited)
    assert outcome[0].returncode == -signal.SIGKILL
    # Every later call fails at once, with the same explanation.
    with pytest.raises(ordo.EngineExited):
        engine.stats()


def test_stderr_read_after_the_stop_still_gives_what_the_pipe_holds() -> None:
    """stop() waits STDERR_GRACE for stderr's thread, then tells it to stop; a thread that
    had not run by then (a loaded machine) stopped at once, and the stderr tail lost the
    engine's last words (its usage line, say) though they were in the pipe."""
    from ordo.engine import _StderrReader

    read, write = os.pipe()
    lines: list[bytes] = []
    reader = _StderrReader(os.fdopen(read, "rb"), lines.append, "ordo-test-stderr")
    os.write(write, b"error: unknown flag --x\nusage: ordo [options]\n")
    os.write(reader._stop_write, b"x")  # told to stop (as stop() does) before it ever ran
    reader.thread.start()
    reader.thread.join(10)
    os.close(write)
    assert not reader.thread.is_alive()
    assert lines == [b"error: unknown flag --x", b"usage: ordo [options]"]


def test_engine_exited_carries_the_stderr_tail(ordo_bin: str) -> None:
    engine = Engine(ordo_bin, args=["--no-such-flag"], timeout=5)
    try:
        with pytest.raises(ordo.EngineExited) as caught:
            engine.ping()
        assert caught.value.returncode == 2
        assert "usage" in caught.value.stderr_tail
        assert "usage" in str(caught.value)
    finally:
        engine.close()


def test_a_call_times_out_and_later_calls_still_work(make_engine: EngineFactory) -> None:
    engine = make_engine()
    os.kill(engine.pid, signal.SIGSTOP)
    try:
        with pytest.raises(ordo.OrdoTimeout):
            engine.call("engine.ping", timeout=0.2)
    finally:
        os.kill(engine.pid, signal.SIGCONT)
    assert engine.ping().pong
    # The late answer to the timed-out call was read before ping's, and dropped.
    with pytest.raises(ordo.OrdoTimeout):
        engine.next_stray(timeout=0.2)
    assert engine._endpoint.pending_count == 0 and not engine._endpoint._units


def test_messages_larger_than_64_kib_in_both_framings(framed_engine: Engine) -> None:
    document = framed_engine.discover()  # ~170 KB on one line / in one frame
    assert len(str(document)) > 65536


def test_raw_call_by_name(engine: Engine) -> None:
    assert engine.call("engine.ping") == {"pong": True, "at": 0}
    assert engine.call("clock.advance", {"ms": 7}) == {"now": 7}


def test_engine_stderr_tail_collects_logs(make_engine: EngineFactory) -> None:
    engine = make_engine(args=["--log-level", "info"])
    engine.raw(b"{not json")
    deadline = time.monotonic() + 5
    while "Parse error" not in engine.stderr_tail and time.monotonic() < deadline:
        time.sleep(0.01)
    assert "Parse error" in engine.stderr_tail


def test_engine_log_lines_are_logged_at_their_own_level(
    make_engine: EngineFactory, caplog: pytest.LogCaptureFixture
) -> None:
    """A failed notification is the engine's warning: it went to ``ordo.engine`` at DEBUG,
    which Python's default logging never shows."""
    caplog.set_level(logging.DEBUG, logger="ordo.engine")
    engine = make_engine(args=["--log-level", "info"])
    engine.raw(b"{not json")
    engine.notify("alert.enqueue", {"type": "x", "delay_ms": 5})
    deadline = time.monotonic() + 5

    def logged() -> list[logging.LogRecord]:
        # (An earlier test's left-behind process may still be read for a moment.)
        return [r for r in caplog.records if r.getMessage().startswith("ordo [")]

    while len(logged()) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    levels = {record.getMessage().split("] ")[0]: record.levelno for record in logged()}
    assert levels == {"ordo [info": logging.INFO, "ordo [warn": logging.WARNING}, levels
    assert all(record.name == "ordo.engine" for record in logged())


@pytest.mark.parametrize(
    ("line", "level"),
    [
        ("ordo [error] the state file could not be written", logging.ERROR),
        ("ordo [warn] x", logging.WARNING),
        ("ordo [info] x", logging.INFO),
        ("ordo [debug] x", logging.DEBUG),
        # Every line at its own level: the engine, not the client, chooses it.
        ("ordo [warn] skipped a message larger than 1000 bytes", logging.WARNING),
        ("ordo [info] skipped a message larger than 1000 bytes", logging.INFO),
        # Not a log line: a refusal at start (EngineExited carries it), a wrapper's output.
        ("ordo: the state file s.db is in use by another engine", logging.INFO),
        ("ordo [loud] x", logging.INFO),
        ("relay: tick", logging.INFO),
    ],
)
def test_engine_line_level(line: str, level: int) -> None:
    assert ordo.core.engine_line_level(line) == level


def test_calls_from_many_threads_get_their_own_answers(engine: Engine) -> None:
    errors: list[BaseException] = []

    def worker(n: int) -> None:
        try:
            for i in range(40):
                layer = engine.layers.add(f"t{n}-{i}", sort=i)
                assert layer.id == f"t{n}-{i}" and layer.sort == i
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not errors
    assert engine.stats().layers == 8 * 40


def test_calls_are_answered_at_once_while_another_thread_waits_for_an_event(
    engine: Engine,
) -> None:
    """One thread waits for an event that does not come, reading the engine's output
    meanwhile; another thread's calls are answered from what it reads, at once (they used
    to wait for the read lock until the reader's wait ended).
    """
    latencies: list[float] = []

    def caller() -> None:
        time.sleep(0.1)  # the main thread is reading by now
        for _ in range(20):
            started = time.monotonic()
            assert engine.ping().pong
            latencies.append(time.monotonic() - started)

    thread = threading.Thread(target=caller)
    thread.start()
    with pytest.raises(ordo.OrdoTimeout):
        engine.wait_for("alert.show", timeout=3)
    thread.join(10)
    assert len(latencies) == 20
    assert max(latencies) < 1.5, latencies  # not the rest of the 3 s wait


def test_sigterm_exits_zero(make_engine: EngineFactory) -> None:
    engine = make_engine()
    engine.ping()
    os.kill(engine.pid, signal.SIGTERM)
    with pytest.raises(ordo.EngineExited) as caught:
        engine.wait_for("alert.show", timeout=5)
    assert caught.value.returncode == 0


def test_binary_discovery(ordo_bin: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert ordo.find_engine(ordo_bin) == ordo_bin
    monkeypatch.setenv("ORDO_BIN", ordo_bin)
    assert ordo.find_engine() == ordo_bin
    monkeypatch.setenv("ORDO_BIN", "/nonexistent/ordo")
    with pytest.raises(ordo.EngineNotFound):
        ordo.find_engine()
    with pytest.raises(ordo.EngineNotFound) as path:
        Engine("/nonexistent/ordo")
    assert "PATH" not in str(path.value)
    # A bare name is looked up on PATH, and the message says so.
    with pytest.raises(ordo.EngineNotFound, match="a bare name: looked up on PATH"):
        Engine("ordo-no-such-engine")
    # Without ORDO_BIN the lookup goes on to the repository's build and PATH: which of them
    # this checkout has varies, so test_discovery.py tests that order in a tree of its own.


def test_bad_constructor_arguments(ordo_bin: str) -> None:
    with pytest.raises(ValueError, match="framing"):
        Engine(ordo_bin, framing="xml")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="clock"):
        Engine(ordo_bin, clock="sundial")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Engine(ordo_bin, args="--max-layers 3")


def test_handlers_get_events_while_no_thread_calls(make_engine: EngineFactory) -> None:
    """Nobody waits on the engine: the reader thread still reads, handlers still run."""
    engine = make_engine(clock="system")
    hidden = threading.Event()
    engine.on("alert.hide", lambda ev: hidden.set())
    engine.alerts.enqueue("toast", id="T", duration_ms=30)
    assert hidden.wait(5), "an idle-time event never reached its handler"


def test_a_call_after_idling_is_not_starved_by_the_reader_thread(
    make_engine: EngineFactory,
) -> None:
    """Idle for a while, the reader thread holds the read lock; a slow tap keeps it busy
    past the grace period after each read. The call must still get its answer at once.
    """

    def slow_tap(direction: str, message: object) -> None:
        if direction == "recv":
            time.sleep(0.02)

    engine = make_engine(tap=slow_tap, timeout=3)
    for _ in range(5):
        time.sleep(0.05)  # idle: the reader thread takes over reading
        started = time.monotonic()
        assert engine.ping().pong
        assert time.monotonic() - started < 1.0


def test_a_framing_in_args_must_be_auto_or_the_clients(make_engine: EngineFactory) -> None:
    with pytest.raises(ValueError, match="client speaks ndjson"):
        make_engine(framing="ndjson", args=["--framing", "lsp"])
    with pytest.raises(ValueError, match="--framing lsp"):
        make_engine(args=["--framing=lsp"])
    for framing, args in (("lsp", ["--framing", "auto"]), ("lsp", ["--framing=lsp"])):
        engine = make_engine(framing=framing, args=args)
        assert engine.initialize().framing == "lsp"
    # Arguments need not be strings (a path to the state file, say).
    state = Path(tempfile.mkdtemp()) / "s.db"
    assert make_engine(args=["--state", state]).initialize().framing == "ndjson"


def test_a_clock_in_args_and_clock_given_are_one_flag(make_engine: EngineFactory) -> None:
    """clock= with a --clock in args passed the flag twice: the engine refused it (exit 2,
    "--clock is given twice"); now the same clock is passed once, and another is refused
    before anything starts."""
    for args in (["--clock", "manual"], ["--clock=manual"]):
        engine = make_engine(clock="manual", args=args)
        assert engine.initialize().clock == "manual"
        assert engine.command.count("--clock") + engine.command.count("--clock=manual") == 1
    assert make_engine(clock=None, args=["--clock", "manual"]).initialize().clock == "manual"
    with pytest.raises(ValueError, match="args say --clock system but clock='manual'"):
        make_engine(clock="manual", args=["--clock", "system"])


def test_calls_after_the_engine_died_each_get_a_fresh_error(make_engine: EngineFactory) -> None:
    """Raising one stored error again and again grew its traceback with every caller's
    frames, keeping them all alive."""
    engine = make_engine(tap=None)  # never answered: nothing to check
    os.kill(engine.pid, signal.SIGKILL)
    errors = []
    for _ in range(50):
        with pytest.raises(ordo.EngineExited) as caught:
            engine.ping()
        errors.append(caught.value)
    assert len({id(error) for error in errors}) == len(errors)
    depth = 0
    trace = errors[-1].__traceback__
    while trace is not None:
        depth, trace = depth + 1, trace.tb_next
    assert depth < 20
    assert all(error.returncode == -signal.SIGKILL for error in errors[1:])


def test_calls_waiting_when_the_engine_dies_each_get_their_own_error(
    make_engine: EngineFactory,
) -> None:
    """Every call in flight got the one stored error, so each waiter's raise added its
    frames to the same traceback."""
    engine = make_engine(timeout=10, tap=None)  # never answered: nothing to check
    os.kill(engine.pid, signal.SIGSTOP)  # the calls below wait: nothing answers them
    errors: list[BaseException] = []
    lock = threading.Lock()

    def call() -> None:
        try:
            engine.ping()
        except ordo.EngineExited as gone:
            with lock:
                errors.append(gone)

    callers = [threading.Thread(target=call) for _ in range(8)]
    for caller in callers:
        caller.start()
    time.sleep(0.3)  # every caller has written its ping and waits
    os.kill(engine.pid, signal.SIGKILL)
    for caller in callers:
        caller.join(10)
    assert len(errors) == 8
    assert len({id(error) for error in errors}) == 8


def test_the_end_of_the_output_fails_waiting_calls_with_engine_exited(tmp_path: Path) -> None:
    """A call or wait_for that found the output ended while the process lingered got
    OrdoTimeout ("no answer within 30 s", after 0.0 s) instead of EngineExited."""
    engine = Engine(fake_engine_closing_stdout(tmp_path, linger=2.0), timeout=30)
    outcomes: dict[str, BaseException] = {}

    def run(name: str, body: Callable[[], object]) -> None:
        try:
            body()
        except BaseException as exc:
            outcomes[name] = exc

    try:
        first = threading.Thread(target=run, args=("first", engine.ping))
        first.start()
        # Until the first call has read the end of the output (the process lingers): a
        # fixed 0.4 s was too short for the fake engine's start on a loaded machine.
        deadline = time.monotonic() + 10
        while not engine._eof:
            assert time.monotonic() < deadline, "the output never ended"
            time.sleep(0.01)
        others = [
            threading.Thread(target=run, args=("second", engine.ping)),
            threading.Thread(
                target=run, args=("wait_for", lambda: engine.wait_for("*", None, 0.1))
            ),
        ]
        for thread in others:
            thread.start()
        for thread in (first, *others):
            thread.join(20)
        assert set(outcomes) == {"first", "second", "wait_for"}
        for name, outcome in outcomes.items():
            assert isinstance(outcome, ordo.EngineExited), (name, outcome)
            assert outcome.returncode == 2, (name, outcome)
    finally:
        engine.close(timeout=1)


def test_close_inside_a_handler_does_not_wait_for_that_handler(make_engine: EngineFactory) -> None:
    """close() from a handler said shutdown from a thread of its own, whose answer then
    waited for the handlers, close()'s own included: it stalled until the timeout."""
    engine = make_engine(timeout=5)
    closed: list[object] = []

    def closer(event: ordo.AlertShow) -> None:
        started = time.monotonic()
        closed.append(engine.close())
        closed.append(time.monotonic() - started)

    engine.on("alert.show", closer)
    enqueued = engine.alerts.enqueue("toast", id="A")  # answered, after the handler ran
    assert enqueued.alert is not None and enqueued.alert.id == "A"
    status, took = closed
    assert status == 0
    assert isinstance(took, float) and took < 3, f"close() in a handler took {took:.1f} s"
    with pytest.raises(ordo.EngineExited):
        engine.ping()


# Behaviours a mutation review of the client found no test pinning (each test below fails
# with the change it names).


def test_close_sends_sigterm_before_sigkill(tmp_path: Path) -> None:
    sleeper = script(tmp_path / "sleeper", "exec sleep 30\n")  # answers nothing; SIGTERM ends it
    engine = Engine(str(sleeper), timeout=0.2)
    assert engine.close(timeout=0.3) == -signal.SIGTERM


def test_close_escalates_past_a_writer_stuck_on_a_full_pipe() -> None:
    """With no call timeout, a thread blocked writing to a stopped engine does not hold
    close() past its own timeout."""
    engine = Engine(clock="manual")
    engine.ping()
    os.kill(engine.pid, signal.SIGSTOP)

    def write_big() -> None:
        with pytest.raises(ordo.EngineExited):
            engine.layers.add("big", data={"x": "y" * 2_000_000})

    threading.Thread(target=write_big, daemon=True).start()
    time.sleep(0.2)
    status: list[int | None] = []
    closer = threading.Thread(target=lambda: status.append(engine.close(timeout=0.5)), daemon=True)
    closer.start()
    closer.join(10)
    if closer.is_alive():
        os.kill(engine.pid, signal.SIGKILL)
    assert status == [-signal.SIGKILL]


def test_raw_and_next_stray_honour_their_own_timeouts() -> None:
    with Engine(clock="manual", timeout=5) as engine:
        engine.ping()
        start = time.monotonic()
        with pytest.raises(ordo.OrdoTimeout):
            engine.next_stray(timeout=0.1)
        os.kill(engine.pid, signal.SIGSTOP)
        try:
            with pytest.raises(ordo.OrdoTimeout):
                engine.raw({"jsonrpc": "2.0", "id": "z", "method": "engine.ping"}, timeout=0.2)
        finally:
            os.kill(engine.pid, signal.SIGCONT)
        assert time.monotonic() - start < 2.5  # 0.3 s of their own, not 5 s twice


def test_with_timeout_gives_typed_calls_their_own_timeout() -> None:
    """with_timeout(s): the typed methods, each call waiting s seconds, not the engine's 30;
    a late answer is dropped, and the engine's own calls keep its timeout."""
    with Engine(clock="manual", timeout=30) as engine:
        quick = engine.with_timeout(0.2)
        assert quick.layers.add("a").id == "a"  # typed, through the engine
        assert quick.layers.paint_order() == ("a",)
        os.kill(engine.pid, signal.SIGSTOP)
        try:
            start = time.monotonic()
            with pytest.raises(ordo.OrdoTimeout):
                quick.layers.add("b")
            with pytest.raises(ordo.OrdoTimeout):
                quick.ping()
            assert time.monotonic() - start < 5  # 0.2 s twice, not 30
        finally:
            os.kill(engine.pid, signal.SIGCONT)
        # Both were applied; their late answers are dropped, the next call gets its own.
        assert engine.layers.paint_order() == ("a", "b")
        assert engine._endpoint.pending_count == 0
        assert engine.with_timeout(None).clock.now().now == 0
        for bad in (0, -1, math.nan, "1"):
            with pytest.raises(ValueError, match="timeout must be a number of seconds > 0"):
                engine.with_timeout(bad)  # type: ignore[arg-type]


def test_a_batch_timeout_is_for_the_whole_batch() -> None:
    with Engine(clock="manual", timeout=1.0) as engine:
        engine.ping()
        os.kill(engine.pid, signal.SIGSTOP)
        try:
            start = time.monotonic()
            with engine.batch() as batch:
                pings = [batch.ping() for _ in range(3)]
            assert time.monotonic() - start < 2.5  # one 1 s, not three
            for ping in pings:
                with pytest.raises(ordo.OrdoTimeout):
                    ping.result()
        finally:
            os.kill(engine.pid, signal.SIGCONT)


def test_close_stops_reading_a_stderr_a_left_behind_process_holds(
    tmp_path: Path, ordo_bin: str
) -> None:
    with engine_leaving_a_pipe_held(tmp_path, ordo_bin, "stderr") as wrapper:
        engine = Engine(str(wrapper), clock="manual")
        engine.ping()
        engine.close()
        assert not engine._stderr.thread.is_alive()  # the reader let go of the pipe


BAD_CALL_TIMEOUTS = [0, -1, float("nan"), True, "5"]


@pytest.mark.parametrize("timeout", BAD_CALL_TIMEOUTS, ids=repr)
def test_a_call_timeout_that_is_not_positive_is_refused_before_writing(
    engine: Engine, timeout: object
) -> None:
    """A call writes its request, then waits: with a timeout of 0 the engine applied it and
    the call said it failed. Such a timeout is refused first; nothing reaches the engine."""
    with pytest.raises(ValueError, match="timeout must be a number of seconds > 0"):
        engine.call("layer.add", {"id": "a"}, timeout=timeout)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="timeout must be"):
        engine.raw(
            {"jsonrpc": "2.0", "id": "r", "method": "layer.add", "params": {"id": "b"}},
            timeout=timeout,  # type: ignore[arg-type]
        )
    with pytest.raises(ValueError, match="timeout must be"):
        ordo.engine.SyncBatch(engine, timeout=timeout)  # type: ignore[arg-type]
    assert engine.stats().layers == 0
    assert engine.call("layer.add", {"id": "a"}, timeout=math.inf)["id"] == "a"


def test_an_engine_timeout_that_is_not_positive_is_refused_before_spawning(
    ordo_bin: str,
) -> None:
    for timeout in BAD_CALL_TIMEOUTS:
        with pytest.raises(ValueError, match="timeout must be a number of seconds > 0"):
            Engine(ordo_bin, timeout=timeout)  # type: ignore[arg-type]
    with Engine(ordo_bin, clock="manual", timeout=None) as engine:
        assert engine.timeout is None and engine.ping().pong


def test_calls_wait_30_s_by_default_and_then_raise(ordo_bin: str) -> None:
    """The README's default (30 s), for Engine and AsyncEngine; a call given no timeout
    waits for the engine's, read when it is made (here shortened, the engine stopped: with
    no default a stalled engine held its caller for ever)."""
    engine = Engine(ordo_bin, clock="manual")
    try:
        assert engine.timeout == 30.0
        assert engine.ping().pong
        os.kill(engine.pid, signal.SIGSTOP)
        engine.timeout = 0.3
        started = time.monotonic()
        with pytest.raises(ordo.OrdoTimeout):
            engine.ping()
        assert 0.3 <= time.monotonic() - started < 5
    finally:
        os.kill(engine.pid, signal.SIGKILL)
        engine.close(timeout=1)

    async def default() -> float | None:
        async with ordo.AsyncEngine(ordo_bin, clock="manual") as engine:
            return engine.timeout

    assert asyncio.run(default()) == 30.0


def test_waits_take_zero_but_not_a_negative_timeout(engine: Engine) -> None:
    """Waiting for what the engine sends already may look only at what arrived (0)."""
    engine.alerts.enqueue("toast", id="a")
    assert engine.wait_for("alert.show", timeout=0).alert.id == "a"
    with pytest.raises(ordo.OrdoTimeout):
        engine.wait_for("alert.show", timeout=0)
    assert list(engine.events(timeout=0)) == []
    for bad in (-1, float("nan")):
        with pytest.raises(ValueError, match="timeout must be a number of seconds >= 0"):
            engine.wait_for("alert.show", timeout=bad)
        with pytest.raises(ValueError, match="timeout must be a number of seconds >= 0"):
            engine.next_stray(timeout=bad)
        with pytest.raises(ValueError, match="timeout must be a number of seconds >= 0"):
            list(engine.events(timeout=bad))


def test_an_unknown_event_name_is_refused_not_waited_for(engine: Engine) -> None:
    """A misspelt event would never come: wait_for would wait its whole timeout, on() would
    never run its handler."""
    with pytest.raises(ValueError, match=r"unknown event 'alert\.shows': the engine sends"):
        engine.wait_for("alert.shows", timeout=30)
    with pytest.raises(ValueError, match=r"unknown event 'alert\.shown'"):
        engine.on("alert.shown", lambda event: None)
    engine.on("*", lambda event: None)()
    engine.alerts.enqueue("toast", id="a")
    assert engine.wait_for("*", timeout=0).name == "alert.show"


def test_batch_entries_after_an_exit_raise_engine_exited(make_engine: EngineFactory) -> None:
    """The engine runs a batch's entries in order and stops at its exit: the entries after it
    get no answer, and raise EngineExited with the exit status (1: no shutdown before)."""
    engine = make_engine()
    with engine.batch() as batch:
        before = batch.ping()
        batch.notify("exit")
        after = batch.ping()
    assert before.result().pong
    error = after.exception()
    assert isinstance(error, ordo.EngineExited) and error.returncode == 1, error
    with pytest.raises(ordo.EngineExited):
        engine.ping()


def test_a_batch_whose_wait_meets_the_end_before_it_is_reported_settles_each_entry(
    make_engine: EngineFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The thread that read the end of the output marks it, then waits for the exit status
    and stderr's tail before failing the pending calls. A batch's wait that looked in that
    window raised EngineExited out of the whole batch (the with block), not from the entries
    left (a CI run failed on it). The window is held open here: an event handler keeps
    the batch off the output while the reader thread reads the end, and stderr's tail takes
    a while."""
    engine = make_engine()
    stop = engine._stderr.stop

    def slow_stop(grace: float) -> None:
        time.sleep(0.5)
        stop(grace)

    monkeypatch.setattr(engine._stderr, "stop", slow_stop)
    engine.on("alert.show", lambda event: time.sleep(0.2))
    with engine.batch() as batch:
        shown = batch.alerts.enqueue("toast", id="a")
        batch.notify("exit")
        after = batch.ping()
    assert (alert := shown.result().alert) is not None and alert.state == "showing"
    error = after.exception()
    assert isinstance(error, ordo.EngineExited) and error.returncode == 1, error


def test_close_with_a_timeout_of_0_writes_shutdown_and_does_not_wait(ordo_bin: str) -> None:
    """close(timeout=0) said goodbye without waiting for the answer; once a call's timeout
    had to be over 0, the shutdown raised ValueError and exit was never sent."""
    sent: list[str] = []

    def tap(direction: str, message: object) -> None:
        if direction == "send" and isinstance(message, dict) and "method" in message:
            sent.append(message["method"])

    engine = Engine(ordo_bin, clock="manual", tap=tap)
    assert engine.ping().pong
    status = engine.close(timeout=0)
    assert status in (0, 1, -15, -9), status
    assert engine.close() == status
    assert sent == ["engine.ping", "shutdown", "exit"]


def test_async_close_never_reports_an_exit_status_of_its_own(ordo_bin: str) -> None:
    """close() signalled a lingering engine through the process object, whose terminate()
    and kill() poll the process first: an engine that had just exited was reaped there, and
    asyncio's child watcher then reported status 255 ("Unknown child process") in about one
    close(timeout=0) in a fresh process out of eight. Now the signal goes through a pidfd: 100
    in a row."""

    async def main() -> list[int | None]:
        statuses = []
        for _ in range(100):
            engine = await ordo.AsyncEngine(ordo_bin, clock="manual").start()
            assert (await engine.ping()).pong
            statuses.append(await engine.close(timeout=0))
        return statuses

    statuses = asyncio.run(asyncio.wait_for(main(), 60))
    assert set(statuses) <= {0, 1, -15, -9}, statuses


def test_async_close_with_a_timeout_of_0(ordo_bin: str) -> None:
    """As the synchronous close(timeout=0): shutdown and exit are written, without waiting
    for an answer (exit's write was cancelled before it ran)."""
    sent: list[str] = []

    def tap(direction: str, message: object) -> None:
        if direction == "send" and isinstance(message, dict) and "method" in message:
            sent.append(message["method"])

    async def main() -> None:
        engine = await ordo.AsyncEngine(ordo_bin, clock="manual", tap=tap).start()
        assert (await engine.ping()).pong
        status = await engine.close(timeout=0)
        assert status in (0, 1, -15, -9), status
        assert await engine.close() == status
        assert sent == ["engine.ping", "shutdown", "exit"]

    asyncio.run(asyncio.wait_for(main(), 30))


def test_huge_finite_timeouts_wait_as_long_as_needed(ordo_bin: str) -> None:
    """30 days, 1e10 s: OverflowError (poll() takes milliseconds as a C int, a thread's join
    at most threading.TIMEOUT_MAX), and close(timeout=1e10) left the engine running."""
    with Engine(ordo_bin, timeout=30 * 86400) as engine:  # the system clock
        for _ in range(3):
            assert engine.ping().pong
        assert engine.call("engine.ping", timeout=1e10)["pong"]
        engine.alerts.enqueue("toast", id="later", delay_ms=50)
        assert engine.wait_for("alert.show", timeout=30 * 86400).alert.id == "later"
        assert engine._endpoint.pending_count == 0
    engine = Engine(ordo_bin, clock="manual")
    assert engine.ping().pong
    assert engine.close(timeout=1e10) == 0
    assert not engine.running


class Deadline(Exception):
    """What a deadline set with signal.setitimer raises here, landing as a KeyboardInterrupt
    would (an Exception, not a BaseException, so pytest.raises can take it)."""


@contextmanager
def deadline_after(seconds: float) -> Iterator[None]:
    """Raises Deadline in the main thread `seconds` from now, unless the block ended first;
    SIGALRM's handler is put back after."""

    def expire(signum: int, frame: object) -> None:
        raise Deadline

    previous = signal.signal(signal.SIGALRM, expire)
    try:
        signal.setitimer(signal.ITIMER_REAL, seconds)
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_a_close_that_was_interrupted_is_done_by_the_next(ordo_bin: str) -> None:
    """The first close() marked the engine closed before it failed: a second one returned at
    once, None, and left the engine running."""
    engine = Engine(ordo_bin, clock="manual", timeout=5)
    assert engine.ping().pong
    os.kill(engine.pid, signal.SIGSTOP)  # it will not answer shutdown
    with deadline_after(0.3), pytest.raises(Deadline):
        engine.close(timeout=5)
    assert engine.running
    started = time.monotonic()
    assert engine.close(timeout=0.3) == -signal.SIGKILL  # stopped: SIGTERM waits, SIGKILL not
    assert not engine.running
    assert time.monotonic() - started < 5


def test_a_close_the_system_will_not_let_signal_raises_and_the_next_does_it(
    ordo_bin: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An engine the client may not signal (EPERM: root may signal anything, so Popen's
    terminate and kill refuse here as the system would): close() raises the PermissionError
    rather than wait for an exit no signal was sent for, and a later one does it all."""
    engine = Engine(ordo_bin, clock="manual", timeout=5)
    assert engine.ping().pong
    os.kill(engine.pid, signal.SIGSTOP)  # neither shutdown's answer nor the exit comes

    def refuse() -> None:
        raise PermissionError(1, "Operation not permitted")

    try:
        with monkeypatch.context() as patched:
            patched.setattr(engine._proc, "terminate", refuse)
            patched.setattr(engine._proc, "kill", refuse)
            with pytest.raises(PermissionError):
                engine.close(timeout=0.3)
            assert engine.running
        assert engine.close(timeout=0.3) == -signal.SIGKILL  # stopped: SIGTERM waits, not SIGKILL
        assert not engine.running
    finally:
        if engine.running:  # a failure above left it stopped
            os.kill(engine.pid, signal.SIGKILL)


def test_a_close_waiting_for_one_interrupted_does_it_itself(ordo_bin: str) -> None:
    """A second close() waits for the first; when the first was interrupted part way, the
    second returned None at once, the engine still running (the first's finally woke it)."""
    engine = Engine(ordo_bin, clock="manual", timeout=5)
    assert engine.ping().pong
    os.kill(engine.pid, signal.SIGSTOP)  # it will not answer shutdown
    second: list[int | None] = []
    waiting = threading.Thread(target=lambda: second.append(engine.close(timeout=0.3)))
    with deadline_after(0.5):
        threading.Timer(0.1, waiting.start).start()
        with pytest.raises(Deadline):
            engine.close(timeout=5)
    # The interrupted caller retries at once, as after a KeyboardInterrupt: whichever of the
    # two closes goes first, the other waits for it (the waiting one returned None when the
    # retry had marked the engine closed before it woke).
    assert engine.close(timeout=0.3) == -signal.SIGKILL  # stopped: SIGTERM waits, SIGKILL not
    waiting.join(10)
    assert second == [-signal.SIGKILL]
    assert not engine.running
    assert engine.close() == -signal.SIGKILL


def test_a_batch_interrupted_once_sent_says_it_was_sent(ordo_bin: str) -> None:
    """A KeyboardInterrupt (here a deadline's exception) while a sent batch waited left its
    entries unsettled: each said the batch had not been sent, though the engine applied it."""
    with Engine(ordo_bin, clock="manual", timeout=5) as engine:
        assert engine.ping().pong
        os.kill(engine.pid, signal.SIGSTOP)  # it will not answer the batch
        try:
            batch = engine.batch()
            add = batch.layers.add("x")
            note = batch.notify("layer.add", {"id": "y"})
            with deadline_after(0.3), pytest.raises(Deadline):
                batch.send()
        finally:
            os.kill(engine.pid, signal.SIGCONT)
        assert engine.layers.paint_order() == ("x", "y")  # it was sent, and applied
        for entry in (add, note):
            error = entry.exception()
            assert type(error) is ordo.OrdoException, error
            assert "was sent" in str(error) and "Deadline" in str(error)
        assert engine._endpoint.pending_count == 0


def test_close_with_a_timeout_of_0_warns_of_nothing(
    ordo_bin: str, caplog: pytest.LogCaptureFixture
) -> None:
    """close(timeout=0) waits for nothing: the engine had no time to exit, so it "ignored"
    no exit (a warning every time)."""
    statuses = []
    with caplog.at_level(logging.WARNING, logger="ordo"):
        for _ in range(3):
            engine = Engine(ordo_bin, clock="manual")
            assert engine.ping().pong
            statuses.append(engine.close(timeout=0))
            assert engine.close() == statuses[-1]
    assert set(statuses) <= {0, 1, -15, -9}, statuses
    assert caplog.records == []


def test_a_batch_takes_a_timeout_of_its_own(ordo_bin: str) -> None:
    with Engine(ordo_bin, clock="manual", timeout=10) as engine:
        assert engine.ping().pong
        with pytest.raises(ValueError, match="timeout must be a number of seconds > 0"):
            engine.batch(timeout=0)
        os.kill(engine.pid, signal.SIGSTOP)
        try:
            start = time.monotonic()
            with engine.batch(timeout=0.2) as batch:
                ping = batch.ping()
            assert time.monotonic() - start < 2.5  # its own 0.2 s, not the engine's 10 s
            assert isinstance(ping.exception(), ordo.OrdoTimeout)
        finally:
            os.kill(engine.pid, signal.SIGCONT)


@pytest.mark.parametrize(
    "case", ["no such directory", "a file as directory", "not a program", "no interpreter"]
)
def test_an_engine_that_cannot_start_is_an_engine_start_failure(
    tmp_path: Path, ordo_bin: str, case: str
) -> None:
    """They were a plain FileNotFoundError that read like a missing binary, a
    NotADirectoryError, an OSError (Exec format error): no OrdoException. They are now, and
    still the OSError subclass they were."""
    text = tmp_path / "text"
    text.write_text("not a program\n")
    script = tmp_path / "script"
    script.write_text("#!/nonexistent/interpreter\n")
    for path in (text, script):
        path.chmod(0o755)
    binary, cwd, kind, says, names = {
        "no such directory": (
            ordo_bin,
            tmp_path / "nowhere",
            FileNotFoundError,
            "working directory .* does not exist",
            tmp_path / "nowhere",
        ),
        "a file as directory": (
            ordo_bin,
            text,
            NotADirectoryError,
            "working directory .* is not a directory",
            text,
        ),
        "not a program": (str(text), None, OSError, "is not a program", text),
        "no interpreter": (str(script), None, FileNotFoundError, "interpreter", script),
    }[case]
    with pytest.raises(ordo.EngineStartFailed, match=says) as caught:
        Engine(binary, cwd=cwd)
    error = caught.value
    assert isinstance(error, ordo.OrdoException) and isinstance(error, kind)
    assert os.fsdecode(error.filename) == str(names)


def depth_of(value: object) -> int:
    """How many lists hold the innermost value of ``[[...[x]...]]`` (without recursion)."""
    depth = 0
    while isinstance(value, list):
        depth, value = depth + 1, value[0]
    return depth


def test_data_as_deep_as_the_engine_takes_is_read_back(make_engine: EngineFactory) -> None:
    """The engine takes data 2 046 levels deep (its parser's 2 048 with the request and its
    params) from any client; its answers and events nest that a few levels deeper, past
    what Python's C scanner reads. They are read (not a reader failure ending the engine)."""
    engine = make_engine(tap=None)  # the schema check's own parse would recurse
    data = "[" * 2045 + "7" + "]" * 2045
    sent = engine.raw(
        b'{"jsonrpc":"2.0","id":"deep","method":"alert.enqueue",'
        b'"params":{"type":"toast","id":"d","data":' + data.encode() + b"}}"
    )
    assert sent["id"] == "deep" and depth_of(sent["result"]["alert"]["data"]) == 2045
    shown = engine.wait_for("alert.show", timeout=5)
    assert depth_of(shown.alert.data) == 2045
    assert depth_of(engine.alerts.get("d").data) == 2045
    assert engine.ping().pong


@pytest.mark.parametrize("size", [0, -1, 2.5, True, None])
def test_an_event_buffer_that_keeps_no_event_is_refused(ordo_bin: str, size: object) -> None:
    """wait_for and events() take events from the buffer: one that keeps none would make
    them never see an event (0 was taken; -1 failed with deque's own words)."""
    with pytest.raises(ValueError, match=r"^event_buffer must be a whole number of events"):
        ordo.Engine(ordo_bin, event_buffer=size)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^event_buffer must be a whole number of events"):
        ordo.AsyncEngine(ordo_bin, event_buffer=size)  # type: ignore[arg-type]


def collected(ref: weakref.ref[ordo.Engine] | weakref.ref[ordo.AsyncEngine]) -> bool:
    """Whether the engine `ref` refers to is collected within 5 s of garbage collections (the
    reader thread lets go of it at most READER_RECHECK s at a time)."""
    deadline = time.monotonic() + 5
    while ref() is not None and time.monotonic() < deadline:
        gc.collect()
        time.sleep(0.02)
    return ref() is None


def completing(engine: ordo.Engine) -> Callable[[ordo.AlertShow], None]:
    """A handler that holds `engine` (a reference cycle, for the cyclic collector)."""

    def complete(event: ordo.AlertShow) -> None:
        engine.alerts.complete(event.alert.id)

    return complete


def client_threads(pid: int) -> list[str]:
    """The client's threads for the engine `pid` still running, after waiting up to 10 s for
    them to end."""
    deadline = time.monotonic() + 10
    while True:
        running = [t.name for t in threading.enumerate() if t.name.startswith(f"ordo-{pid}-")]
        if not running or time.monotonic() >= deadline:
            return running
        time.sleep(0.02)


@pytest.mark.parametrize("handler", [False, True])
def test_an_engine_dropped_without_close_is_collected_and_its_engine_ends(
    ordo_bin: str, handler: bool
) -> None:
    """Its reader and dispatcher threads referred to it, so it was never collected and said
    nothing; its engine and the client's three threads ran until the program ended. Now it
    is collected as any object (a handler referring to it too), a ResourceWarning says so,
    and its engine is told to exit as close() would, without waiting."""
    engine = ordo.Engine(ordo_bin, clock="manual")
    engine.layers.add("a")
    if handler:
        engine.on("alert.show", completing(engine))
    proc, pid = engine._proc, engine.pid
    ref = weakref.ref(engine)
    del engine
    with pytest.warns(ResourceWarning, match=rf"Engine \(pid {pid}\) was dropped without close"):
        assert collected(ref)
    assert proc.wait(10) == 0  # its input's end: as after exit
    assert client_threads(pid) == []


def test_a_closed_or_dead_engine_dropped_is_collected(ordo_bin: str) -> None:
    """Closed: collected without a warning. Killed but not closed: its pipes and dispatcher
    thread were held; collected, with the warning, the threads end."""
    closed = ordo.Engine(ordo_bin, clock="manual")
    closed.close()
    ref = weakref.ref(closed)
    del closed
    # Recorded, not raised: raised in the collector's callback it would only be reported.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert collected(ref)
    assert [str(w.message) for w in caught if w.category is ResourceWarning] == []
    dead = ordo.Engine(ordo_bin, clock="manual")
    pid = dead.pid
    dead.kill()
    with pytest.raises(ordo.EngineExited):
        dead.ping()
    ref = weakref.ref(dead)
    del dead
    with pytest.warns(ResourceWarning):
        assert collected(ref)
    assert client_threads(pid) == []


async def collected_soon(ref: weakref.ref[ordo.AsyncEngine]) -> bool:
    """Whether the AsyncEngine `ref` refers to is collected within 5 s of garbage collections,
    the event loop running in between."""
    deadline = time.monotonic() + 5
    while ref() is not None and time.monotonic() < deadline:
        gc.collect()
        await asyncio.sleep(0.02)
    return ref() is None


def resource_warnings(caught: list[warnings.WarningMessage]) -> list[str]:
    return [str(w.message) for w in caught if issubclass(w.category, ResourceWarning)]


def dropped_warning(pid: int) -> str:
    return (
        f"ordo: an AsyncEngine (pid {pid}) was dropped without close(); its engine is told to"
        " exit (use `async with AsyncEngine(...)`, or await close() in a finally)"
    )


class Completer:
    """Holds an AsyncEngine, and its bound method handles that engine's events: a
    reference cycle, for the cyclic collector."""

    def __init__(self, engine: ordo.AsyncEngine) -> None:
        self.engine = engine
        self.completed: list[Awaitable[object]] = []

    def on_show(self, event: ordo.AlertShow) -> None:
        self.completed.append(self.engine.alerts.complete(event.alert.id))


@pytest.mark.parametrize("handler", [False, True])
def test_an_async_engine_dropped_without_close_is_collected_and_its_engine_ends(
    ordo_bin: str, handler: bool
) -> None:
    """Its protocol, timers and finishing task on the event loop referred to it, so it was
    never collected and said nothing; its engine ran until the program ended. Now it is
    collected as any object (a handler referring to it too) while the loop goes on, a
    ResourceWarning says so, its engine is told to exit as close() would (status 0, reaped
    by the loop), its transport is closed, no task of it is left, and a call it left
    waiting fails rather than hangs."""

    async def start_and_drop() -> tuple[
        weakref.ref[ordo.AsyncEngine], asyncio.SubprocessTransport, asyncio.Future[ordo.Ping]
    ]:
        engine = await ordo.AsyncEngine(ordo_bin, clock="manual").start()
        await engine.layers.add("a")
        if handler:
            completer = Completer(engine)
            engine.on("alert.show", completer.on_show)
            await engine.alerts.enqueue("toast", id="T")
            await asyncio.gather(*completer.completed)
            assert len(completer.completed) == 1
            assert (await engine.alerts.get("T")).state == "done"
        os.kill(engine.pid, signal.SIGSTOP)  # a call left waiting for its answer
        waiting = asyncio.ensure_future(engine.ping())  # a future: no task holds the engine
        await asyncio.sleep(0.05)
        assert engine._transport is not None
        return weakref.ref(engine), engine._transport, waiting

    async def main() -> None:
        problems: list[dict[str, object]] = []
        asyncio.get_running_loop().set_exception_handler(lambda _, ctx: problems.append(ctx))
        tasks = asyncio.all_tasks()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            ref, transport, waiting = await start_and_drop()
            pid = transport.get_pid()
            try:
                assert await collected_soon(ref)
                assert resource_warnings(caught) == [dropped_warning(pid)]
                with pytest.raises(ordo.EngineExited, match="dropped without close"):
                    await asyncio.wait_for(waiting, 5)
            finally:
                os.kill(pid, signal.SIGCONT)
            deadline = time.monotonic() + 10
            while transport.get_returncode() is None and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
            assert transport.get_returncode() == 0  # its input's end: as after exit
            assert not os.path.exists(f"/proc/{pid}")  # reaped
            deadline = time.monotonic() + 10
            while asyncio.all_tasks() != tasks and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
            assert asyncio.all_tasks() == tasks
            del transport
            gc.collect()
            assert resource_warnings(caught) == [dropped_warning(pid)]  # no unclosed transport
        assert problems == []

    asyncio.run(asyncio.wait_for(main(), 30))


def test_a_closed_or_dead_async_engine_dropped_is_warned_of_unless_closed(
    ordo_bin: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Closed: collected, no warning. Killed but not closed: collected (the loop let go of
    it), with asyncio's "unclosed transport" warning only; now with the engine's, and its
    transport is closed. Dropped once its loop is closed: nothing of the client's (no
    warning, no exception in the finalizer)."""
    unraisable: list[object] = []
    monkeypatch.setattr("sys.unraisablehook", unraisable.append)

    async def dead() -> ordo.AsyncEngine:
        engine = await ordo.AsyncEngine(ordo_bin, clock="manual").start()
        engine.kill()
        with pytest.raises(ordo.EngineExited):
            await engine.ping()
        return engine

    async def main() -> None:
        closed = await ordo.AsyncEngine(ordo_bin, clock="manual").start()
        await closed.close()
        ref = weakref.ref(closed)
        del closed
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            assert await collected_soon(ref)
            engine = await dead()
            pid = engine.pid
            ref = weakref.ref(engine)
            del engine
            assert await collected_soon(ref)
            await asyncio.sleep(0.05)
            gc.collect()
        assert resource_warnings(caught) == [dropped_warning(pid)]

    asyncio.run(asyncio.wait_for(main(), 30))
    engine = asyncio.run(asyncio.wait_for(dead(), 30))  # its loop is closed
    ref = weakref.ref(engine)
    del engine
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert collected(ref)
    assert not [m for m in resource_warnings(caught) if "AsyncEngine" in m]
    assert unraisable == []


#: An AsyncEngine dropped as asyncio.run() ends: argv[1] the engine; prints its pid.
DROPPED_AS_RUN_ENDS = """
import asyncio, gc, sys
import ordo

async def main():
    engine = await ordo.AsyncEngine(sys.argv[1], clock="manual").start()
    print(engine.pid, flush=True)
    await engine.ping()
    del engine
    gc.collect()

asyncio.run(main())
"""


def test_an_async_engine_dropped_as_its_loop_ends_leaves_no_transport_open(
    ordo_bin: str,
) -> None:
    """Dropped in the last step of asyncio.run(): the task that waits for the engine's end
    is cancelled before the exit is reported, and it left the transport open (asyncio's
    "unclosed transport" warning at the loop's end). It closes it; the engine ends."""
    done = subprocess.run(
        [sys.executable, "-X", "dev", "-c", DROPPED_AS_RUN_ENDS, ordo_bin],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "was dropped without close()" in done.stderr
    assert "unclosed transport" not in done.stderr, done.stderr
    pid = int(done.stdout.split()[0])
    deadline = time.monotonic() + 10
    while os.path.exists(f"/proc/{pid}") and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not os.path.exists(f"/proc/{pid}")


def test_a_full_event_buffer_drops_the_oldest_events_and_warns_once(
    make_engine: EngineFactory, caplog: pytest.LogCaptureFixture
) -> None:
    engine = make_engine(event_buffer=2)
    with caplog.at_level(logging.WARNING, logger="ordo"):
        for i in range(5):  # each shows at once, in a queue of its own: an alert.show each
            engine.alerts.enqueue("toast", id=f"a{i}", queue=f"q{i}")
    assert engine.pending_events == 2
    assert [event.alert.id for event in engine.drain_events()] == ["a3", "a4"]  # type: ignore[union-attr]
    full = [r for r in caplog.records if "event buffer full" in r.getMessage()]
    assert len(full) == 1 and full[0].levelno == logging.WARNING


def test_output_that_breaks_the_framing_kills_the_engine_and_fails_the_call_at_once(
    tmp_path: Path, ordo_bin: str
) -> None:
    """A wrapper that prints a banner on stdout before it runs the engine, under LSP
    framing: unreadable output. The engine is killed (its answers could no longer be told
    apart) and the call fails at once, saying why, rather than waiting for its timeout."""
    banner = 'printf "starting ordo\\r\\n\\r\\n"'
    wrapper = script(tmp_path / "ordo-with-a-banner", f'{banner}\nexec "{ordo_bin}" "$@"\n')
    engine = ordo.Engine(str(wrapper), framing="lsp", clock="manual", timeout=10)
    try:
        started = time.monotonic()
        with pytest.raises(ordo.EngineExited, match="unreadable output") as caught:
            engine.ping()
        assert time.monotonic() - started < 5
        assert caught.value.returncode == -signal.SIGKILL
    finally:
        engine.close()


def test_exit_returns_once_the_client_reported_the_end(tmp_path: Path, ordo_bin: str) -> None:
    """exit() returns when the client has taken in the end of the engine, not only its exit:
    a wait after it says EngineExited, never "nothing yet". Here a process the wrapper left
    behind holds the output open, so the end counts only STDOUT_GRACE after the exit."""
    with engine_leaving_a_pipe_held(tmp_path, ordo_bin) as wrapper:
        engine = ordo.Engine(str(wrapper), clock="manual", timeout=10)
        try:
            engine.shutdown()
            engine.exit()
            assert not engine.running
            with pytest.raises(ordo.EngineExited) as caught:
                engine.next_stray(timeout=0)
            assert caught.value.returncode == 0
        finally:
            engine.close()
