"""The stream under abuse: byte-by-byte input, garbage between requests, EOF at every
byte offset of a message, a client that closes stdout, SIGTERM/SIGINT mid-stream."""

from __future__ import annotations

import fcntl
import json
import os
import random
import signal
import socket
import subprocess
import threading
import time
from typing import Any

import pytest
from ordo_testing import cpu_seconds

from hostile_support import (
    SIGNALS,
    Engine,
    EngineFactory,
    assert_error,
    assert_no_crash,
    assert_pong,
    engine_binary,
    lsp_frame,
    ndjson,
    note,
    parse_lsp,
    parse_ndjson,
    ping,
    req,
    run_raw,
)

# A session with every kind of message: requests, a notification, a batch, errors.
SESSION = [
    req("initialize", {"clientInfo": {"name": "hostile"}}, id=0),
    req("layer.add", {"id": "root", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}, id=1),
    note("layer.add", {"id": "n1", "parent": "root"}),
    b"{bad",
    b"[" + req("layer.add", {"parent": "root", "sort": 5}, id=2) + b"," + req("nope", id=3) + b"]",
    req("alert.enqueue", {"type": "gift", "id": "é😀", "durationMs": 5}, id="four"),
    req("clock.advance", {"ms": 10}, id=5),
    req("layer.paintOrder", id=6),
    ping(7),
]


def _write_bytewise(live: Engine, data: bytes, pause_every: int = 0) -> None:
    for index in range(len(data)):
        live.write(data[index : index + 1])  # one write(2) per byte; pipes do not buffer
        if pause_every and index % pause_every == 0:
            time.sleep(0.0005)  # let the engine wake up mid-message now and then


@pytest.mark.parametrize("framing", ["ndjson", "crlf", "lsp"])
def test_byte_by_byte_input_gives_the_same_answers(engine: EngineFactory, framing: str) -> None:
    if framing == "lsp":
        data = b"".join(lsp_frame(line) for line in SESSION)
    else:
        data = b"".join(line + (b"\r\n" if framing == "crlf" else b"\n") for line in SESSION)
    reference = run_raw(data)
    assert reference.rc == 0
    live = engine()
    _write_bytewise(live, data, pause_every=7)
    assert live.finish() == 0
    assert live.output() == reference.out, "byte-by-byte input changed the answers"
    messages = parse_lsp(reference.out) if framing == "lsp" else parse_ndjson(reference.out)
    ids = [m["id"] if isinstance(m, dict) and "id" in m else "batch" for m in messages]
    assert ids[0] == 0 and ids[-1] == 7 and "batch" in ids
    assert_no_crash(live.stderr())


def test_every_split_point_of_a_session_gives_the_same_answers() -> None:
    """The session cut into two writes at every byte offset (real pipes, separate writes)."""
    data = ndjson(*SESSION[:3], ping("end"))
    reference = run_raw(data).out
    for cut in range(1, len(data)):
        live = Engine()
        try:
            live.write(data[:cut])
            time.sleep(0)  # yield; the engine may or may not read between the writes
            live.write(data[cut:])
            assert live.finish() == 0
            assert live.output() == reference, f"split at byte {cut} changed the answers"
        finally:
            live.kill()


def test_interleaved_garbage_lines(engine: EngineFactory) -> None:
    rng = random.Random(20240607)
    garbage: list[bytes] = [
        b"}{",
        b"null",
        b"[",
        b"\x00\x00",
        b"\xff\xfe\xfd",
        b"Content-Length: 10",
        b'{"jsonrpc":"2.0","id":',
        b"\x1b[31mred\x1b[0m",
        b"x" * 20_000,
        b"\r",
        b"   \t ",
    ]
    for _ in range(150):
        length = rng.randint(1, 300)
        garbage.append(bytes(rng.choice([b for b in range(256) if b != 10]) for _ in range(length)))
    live = engine()
    live.send(ping("first"))  # NDJSON is decided by the first message
    assert_pong(live.read_message(), "first")
    expected: list[Any] = []
    for index, junk in enumerate(garbage):
        live.send(junk, req("layer.add", {"id": f"L{index}"}, id=index))
        blank = not junk.strip(b" \t\r")
        expected.append(None if blank else "error")
        expected.append(index)
    live.send(ping("last"))
    expected.append("last")
    for want in (e for e in expected if e is not None):
        message = live.read_message()
        if want == "error":
            assert message["id"] is None, message
            assert message["error"]["code"] in (-32700, -32600), message
        elif want == "last":
            assert_pong(message, "last")
        else:
            assert message["id"] == want and message["result"]["id"] == f"L{want}", message
    assert live.finish() == 0
    assert_no_crash(live.stderr())


def _eof_cases(prefix: bytes, message: bytes, expected: bytes, *args: str) -> None:
    failures: list[tuple[Any, ...]] = []
    for offset in range(len(message)):
        run = run_raw(prefix + message[:offset], *args)
        if run.rc != 0 or run.out != expected:
            failures.append((offset, message[:offset], run.rc, run.out))
        elif offset > 0 and not run.err:
            failures.append((offset, message[:offset], "partial message not logged on stderr"))
    assert not failures, f"{len(failures)} bad offsets, first: {failures[:3]}"


def test_eof_at_every_byte_offset_ndjson() -> None:
    message = req("layer.add", {"id": "abc", "sort": 3, "data": {"k": [1, "é"]}}, id=42) + b"\n"
    assert len(message) > 60
    prefix = ndjson(ping(1))
    expected = run_raw(prefix).out
    assert_pong(json.loads(expected), 1)
    _eof_cases(prefix, message, expected)
    # And as the very first bytes of the stream (framing not decided yet).
    _eof_cases(b"", message, b"")
    # The complete line is answered.
    assert len(run_raw(prefix + message).messages) == 2


def test_eof_at_every_byte_offset_lsp() -> None:
    message = lsp_frame(req("layer.add", {"id": "abc", "sort": 3}, id=42), b"Content-Type: x\r\n")
    prefix = lsp_frame(ping(1))
    expected = run_raw(prefix).out
    assert_pong(parse_lsp(expected)[0], 1)
    _eof_cases(prefix, message, expected)
    _eof_cases(b"", message, b"", "--framing", "lsp")
    assert len(run_raw(prefix + message).lsp_messages) == 2


def test_partial_first_message_at_eof_is_logged_in_auto_framing() -> None:
    """docs/protocol.md#lifecycle: EOF in the middle of a message drops it *and logs it to
    stderr*, also when the stream ended before `--framing auto` could decide (e.g.
    `Content-Len`)."""
    _eof_cases(b"", req("engine.ping", id=1) + b"\n", b"")
    _eof_cases(b"", lsp_frame(req("engine.ping", id=1)), b"")


def test_eof_inside_a_batch_and_after_garbage() -> None:
    batch = b"[" + req("engine.ping", id=1) + b"," + req("engine.ping", id=2) + b"]"
    for cut in range(len(batch)):
        run = run_raw(b"{bad\n" + batch[:cut])
        assert run.rc == 0
        (message,) = run.messages
        assert_error(message, -32700, None, reason="invalid_json")


# --------------------------------------------------------------------------- stdout closed


def _spawn_with_stdout_pipe() -> tuple[subprocess.Popen[bytes], int]:
    read_end, write_end = os.pipe()
    proc = subprocess.Popen(
        [engine_binary(), "--clock", "manual"],
        stdin=subprocess.PIPE,
        stdout=write_end,
        stderr=subprocess.PIPE,
        bufsize=0,
    )
    os.close(write_end)
    return proc, read_end


def _finish_quietly(proc: subprocess.Popen[bytes]) -> None:
    try:
        rc = proc.wait(timeout=20)
    except subprocess.TimeoutExpired as expired:
        proc.kill()
        proc.wait()
        raise AssertionError("engine kept running after its stdout was closed") from expired
    assert proc.stderr is not None
    err = proc.stderr.read()
    assert rc == 0, f"exit status {rc} after the client closed stdout (SIGPIPE?): {err!r}"
    assert_no_crash(err)


def test_stdout_closed_while_engine_writes_exits_quietly() -> None:
    proc, read_end = _spawn_with_stdout_pipe()
    try:
        assert proc.stdin is not None
        # ~10 MB of answers: the engine is certainly mid-write when the pipe closes.
        proc.stdin.write(ndjson(*[req("rpc.discover", id=i) for i in range(50)]))
        first = os.read(read_end, 4096)
        assert first.startswith(b'{"jsonrpc":"2.0","id":0,')
        os.close(read_end)  # the client goes away; stdin stays open
        _finish_quietly(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_stdout_closed_before_any_output_exits_quietly() -> None:
    proc, read_end = _spawn_with_stdout_pipe()
    os.close(read_end)
    try:
        assert proc.stdin is not None
        try:
            for index in range(200):
                proc.stdin.write(ndjson(req("engine.ping", id=index)))
        except BrokenPipeError:
            pass  # the engine already left: fine
        _finish_quietly(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_stdout_closed_while_idle_does_not_spin() -> None:
    proc, read_end = _spawn_with_stdout_pipe()
    try:
        assert proc.stdin is not None
        proc.stdin.write(ndjson(ping(1)))
        assert os.read(read_end, 4096).startswith(b'{"jsonrpc":"2.0","id":1,')
        os.close(read_end)
        cpu_before = cpu_seconds(proc.pid)
        time.sleep(1.0)
        if proc.poll() is None:
            used = cpu_seconds(proc.pid) - cpu_before
            assert used < 0.2, f"engine used {used:.2f} s of CPU in 1 s while idle (spinning)"
            try:
                proc.stdin.write(ndjson(ping(2)))  # the next answer finds stdout gone
                proc.stdin.close()
            except BrokenPipeError:
                pass
        _finish_quietly(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


# --------------------------------------------------------------------------- signals


@pytest.mark.parametrize("name", list(SIGNALS))
@pytest.mark.parametrize("framing", ["ndjson", "lsp"])
def test_signal_mid_stream_exits_0_with_complete_answers(
    engine: EngineFactory, name: str, framing: str
) -> None:
    live = engine()
    stop = threading.Event()

    def frame(line: bytes) -> bytes:
        return lsp_frame(line) if framing == "lsp" else line + b"\n"

    def writer() -> None:
        index = 0
        try:
            while not stop.is_set():
                index += 1
                # A big answer (~190 kB) now and then, so the signal may land mid-write.
                big = frame(req("rpc.discover", id=index)) if index % 20 == 0 else b""
                live.write(big + frame(req("layer.add", id=-index)) + frame(b"{bad"))
        except OSError:
            pass  # the engine is gone

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    newline = b"\r\n\r\n" if framing == "lsp" else b"\n"
    live.wait_for(lambda buffer: buffer.count(newline) >= 30, what="30 answers")
    live.signal(SIGNALS[name])
    try:
        assert live.wait() == 0, f"{name} mid-stream: exit status {live.proc.returncode}"
    finally:
        stop.set()
        thread.join(10)
    out = live.output()
    messages = parse_lsp(out) if framing == "lsp" else parse_ndjson(out)
    assert len(messages) >= 30
    assert_no_crash(live.stderr())


@pytest.mark.parametrize("name", list(SIGNALS))
def test_signal_while_idle_exits_0_after_flushing(engine: EngineFactory, name: str) -> None:
    live = engine()
    live.assert_serving(1)
    live.write(b'{"jsonrpc":"2.0","id":2,"method":"engine.pi')  # a partial message pending
    live.signal(SIGNALS[name])
    assert live.wait() == 0
    assert [m["id"] for m in parse_ndjson(live.output())] == [1]
    assert_no_crash(live.stderr())


@pytest.mark.parametrize("name", list(SIGNALS))
def test_signal_while_client_is_slow_flushes_everything(engine: EngineFactory, name: str) -> None:
    """Pending output when the signal lands is delivered whole once the client reads."""
    live = engine(read=False)
    count = 20  # ~4 MB of answers, more than a pipe holds
    live.send(*[req("rpc.discover", id=i) for i in range(count)])
    time.sleep(0.3)
    live.signal(SIGNALS[name])
    time.sleep(0.2)
    live.start_reader()
    assert live.wait() == 0
    messages = parse_ndjson(live.output())
    ids = [m["id"] for m in messages]
    assert ids == list(range(len(ids))) and ids, ids[:5]
    assert_no_crash(live.stderr())


@pytest.mark.parametrize("discover", [20, 80], ids=["4MB-owed", "over-8MiB-owed"])
def test_end_of_input_fires_no_later_timer_while_the_client_reads_slowly(
    engine: EngineFactory, discover: int
) -> None:
    """End of input: what fell due by then takes effect, what is owed is written, the
    process ends. While a slow client read the owed answers, timers went on firing: an
    auto-hide due a second after the end of input reached a slow reader (alert.hide,
    alert.idle) and not a fast one. With over 8 MiB owed the engine reads nothing, and
    learns of the end from the hang-up of stdin. (Over 8 MiB from one message, a batch:
    separate messages after the high water wait, read but not handled, and like input not
    yet read they let timers fire until they are.)"""
    live = engine(manual=False, read=False)
    enqueue = req("alert.enqueue", {"type": "a", "durationMs": 1000}, id=0)
    discovers = [req("rpc.discover", id=i) for i in range(1, discover + 1)]
    if discover > 40:
        live.send(enqueue, b"[" + b",".join(discovers) + b"]")
    else:
        live.send(enqueue, *discovers)
    live.close_stdin()
    time.sleep(1.6)
    live.start_reader()
    assert live.wait() == 0
    messages = [
        entry
        for message in parse_ndjson(live.output())
        for entry in (message if isinstance(message, list) else [message])
    ]
    assert [m["method"] for m in messages if "method" in m] == ["alert.show"]
    assert [m["id"] for m in messages if "id" in m] == list(range(discover + 1))
    assert_no_crash(live.stderr())


def test_end_of_input_waits_for_a_slow_reader_and_drops_nothing(engine: EngineFactory) -> None:
    """`ordo < session | less`: what is owed at the end of input is written however long
    the reader takes to start (a 5 s limit once dropped the rest, status 0, nothing said);
    a signal then bounds the wait, as it does anywhere."""
    live = engine(read=False)
    live.send(*[req("rpc.discover", id=i) for i in range(20)])  # ~4 MB owed
    live.close_stdin()
    time.sleep(6)
    live.start_reader()
    assert live.wait() == 0
    assert [m["id"] for m in parse_ndjson(live.output())] == list(range(20))
    assert_no_crash(live.stderr())
    reading_nothing = engine(read=False)
    reading_nothing.send(*[req("rpc.discover", id=i) for i in range(20)])
    reading_nothing.close_stdin()
    time.sleep(0.3)
    reading_nothing.signal(SIGNALS["SIGTERM"])
    assert reading_nothing.wait(timeout=30) == 0


_STATS_LINE = b"ordo [info] engine.stats (SIGUSR1): "


def _stats_lines(stderr: bytes) -> list[Any]:
    """The engine.stats results SIGUSR1 asked for, each on its own stderr line."""
    return [
        json.loads(line.removeprefix(_STATS_LINE))
        for line in stderr.splitlines()
        if line.startswith(_STATS_LINE)
    ]


def test_sigusr1_logs_what_the_engine_holds_and_it_goes_on_serving(
    engine: EngineFactory,
) -> None:
    """SIGUSR1's default killed the engine; it asks for engine.stats on stderr instead,
    whatever --log-level says, and the engine idles afterwards (the self-pipe emptied)."""
    live = engine("--log-level", "error")
    for index in range(3):
        live.request(req("layer.add", {"id": f"l{index}"}, id=index))
    live.request(req("alert.enqueue", {"type": "t"}, id="a"))
    live.signal(signal.SIGUSR1)
    deadline = time.monotonic() + 10
    while not _stats_lines(live.stderr()) and time.monotonic() < deadline:
        time.sleep(0.02)
    cpu_before = cpu_seconds(live.pid)
    time.sleep(0.5)
    used = cpu_seconds(live.pid) - cpu_before
    assert used < 0.1, f"engine used {used:.2f} s of CPU in 0.5 s after SIGUSR1 (spinning)"
    answered = live.request(req("engine.stats", id="s"))["result"]
    [logged] = _stats_lines(live.stderr())
    # The line asked nothing of the shell: the request counter did not move for it.
    assert logged["requests"] == answered["requests"] - 1 == 4
    assert {**logged, "requests": 0, "uptimeMs": 0} == {
        **answered,
        "requests": 0,
        "uptimeMs": 0,
    }
    assert (logged["layers"], logged["alerts"]["showing"]) == (3, 1)
    assert live.stderr().count(b"\n") == 1, live.stderr()
    assert live.finish() == 0


def test_sigusr1_mid_stream_leaves_every_answer_whole(engine: EngineFactory) -> None:
    """Signals land while the engine reads and writes a stream of large answers: each is
    answered by one line between two messages, and no answer is cut."""
    live = engine()
    stop = threading.Event()

    def writer() -> None:
        index = 0
        try:
            while not stop.is_set():
                index += 1
                big = req("rpc.discover", id=index) + b"\n" if index % 20 == 0 else b""
                live.write(big + req("layer.add", {"id": f"l{index}"}, id=-index) + b"\n")
        except OSError:
            pass  # the engine is gone

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    try:
        live.wait_for(lambda buffer: buffer.count(b"\n") >= 30, what="30 answers")
        for _ in range(5):
            live.signal(signal.SIGUSR1)
            time.sleep(0.05)
        live.wait_for(lambda buffer: buffer.count(b"\n") >= 300, what="300 answers")
    finally:
        stop.set()
        thread.join(10)
    assert live.finish() == 0
    messages = parse_ndjson(live.output())
    assert all("result" in message for message in messages)
    lines = _stats_lines(live.stderr())
    # Signals sent while one is pending are one (POSIX does not queue them).
    assert 1 <= len(lines) <= 5, live.stderr()
    assert [entry["layers"] for entry in lines] == sorted(entry["layers"] for entry in lines)
    assert_no_crash(live.stderr())


@pytest.mark.parametrize("name", ["SIGHUP", "SIGINT", "SIGUSR1"])
def test_a_signal_inherited_as_ignored_stays_ignored(name: str) -> None:
    """`nohup ordo` must outlive its terminal (SIGHUP), a shell script's background job
    (started with SIGINT ignored) the Ctrl-C meant for the job in front, as `ordo call -`
    does: the server once put its own handler over what it inherited (SIGUSR1, which
    asks for a stats line, stays ignored too). SIGTERM still ends it, owed answers
    written."""
    number = getattr(signal, name)
    # A shell ignores it, then becomes the engine (exec keeps an ignore, not a handler).
    trap = f"trap '' {name.removeprefix('SIG')}; exec \"$0\" --clock manual"
    proc = subprocess.Popen(
        ["sh", "-c", trap, engine_binary()],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(req("engine.ping", id=1) + b"\n")
        proc.stdin.flush()
        assert json.loads(proc.stdout.readline())["id"] == 1
        proc.send_signal(number)
        proc.stdin.write(req("engine.ping", id=2) + b"\n")
        proc.stdin.flush()
        assert json.loads(proc.stdout.readline())["id"] == 2, f"{name} ended the engine"
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
    finally:
        proc.kill()
        proc.wait()


def test_a_second_signal_during_the_final_flush_drops_nothing(engine: EngineFactory) -> None:
    """A second SIGTERM while the answers owed at the first are still being written dropped
    them all at once; the flush goes on (its only bound is a reader that stops reading)."""
    live = engine(read=False)

    def bytes_read() -> int:
        with open(f"/proc/{live.proc.pid}/io") as io:
            return next(int(line.split()[1]) for line in io if line.startswith("rchar:"))

    # rchar counts every byte the process read, the runtime's own at start included: an
    # answered ping first says the engine runs (its signal handlers set), then the requests'
    # bytes are counted from there.
    live.write(ping("ready") + b"\n")
    assert live.proc.stdout is not None
    answer = b""
    while not answer.endswith(b"\n"):
        piece = os.read(live.proc.stdout.fileno(), 1 << 16)
        assert piece, "the engine closed stdout"
        answer += piece
    assert_pong(parse_ndjson(answer)[0], "ready")
    started = bytes_read()
    count = 20  # ~4 MB of answers, more than a pipe holds
    sent = b"".join(req("rpc.discover", id=i) + b"\n" for i in range(count))
    live.write(sent)
    deadline = time.monotonic() + 10
    while bytes_read() < started + len(sent):  # every request read: every answer is owed
        assert time.monotonic() < deadline, "the engine did not read its input"
        time.sleep(0.02)
    live.signal(SIGNALS["SIGTERM"])
    time.sleep(0.2)
    live.signal(SIGNALS["SIGTERM"])
    time.sleep(0.2)
    live.start_reader()
    assert live.wait() == 0
    assert [m["id"] for m in parse_ndjson(live.output())] == list(range(count))
    assert_no_crash(live.stderr())


def test_limit_sized_line_with_crlf_byte_by_byte(engine: EngineFactory) -> None:
    """A line of exactly --max-message-bytes whose `\\r\\n` arrives a byte at a time is
    served (the `\\r` is not counted); one byte more is refused."""
    base = req("engine.ping", {}, id=1)
    exact = base[:-1] + b" " * (100 - len(base)) + b"}"
    over = b" " + exact.replace(b'"id":1', b'"id":2')
    live = engine("--max-message-bytes", "100")
    _write_bytewise(live, exact + b"\r\n" + over + b"\r\n" + ping(3) + b"\r\n", pause_every=3)
    assert live.finish() == 0
    first, second, third = parse_ndjson(live.output())
    assert_pong(first, 1)
    assert_error(second, -32600, 2, reason="too_large", limit=100)
    assert_pong(third, 3)


def test_timers_fire_while_a_message_is_half_received(engine: EngineFactory) -> None:
    """A client that stops mid-message (slowloris) must not hold back timer events."""
    live = engine(manual=False)
    live.send(req("alert.enqueue", {"type": "toast", "durationMs": 30}, id=1))
    live.write(b'{"jsonrpc":"2.0","id":2,"meth')  # and nothing more for now
    seen: list[Any] = []
    while not seen or seen[-1] != "alert.hide":
        message = live.read_message()  # bounded: fails if the hide never comes
        seen.append(message.get("method", message.get("id")))
    assert seen == ["alert.show", 1, "alert.hide"], seen
    live.write(b'od":"engine.ping"}\n')
    assert_pong(live.read_response(), 2)
    assert live.finish() == 0


@pytest.mark.parametrize("shared", [False, True], ids=["stderr-own-pipe", "stderr-is-stdout"])
def test_a_client_that_never_reads_stderr_does_not_stop_the_engine(shared: bool) -> None:
    """Each failing notification logs a warning; a client that pipes stderr and never
    reads it (Node's spawn pipes it by default) once stopped the engine when the 64 KiB
    pipe filled: log lines that find it full are now dropped and counted."""
    proc = subprocess.Popen(
        [engine_binary(), "--clock", "manual"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT if shared else subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        # ~3 000 warnings of some 90 bytes: four times what the pipe holds.
        failing = b"".join(note("layer.remove", {"id": f"gone{i}"}) + b"\n" for i in range(3000))
        stdin = proc.stdin
        writer = threading.Thread(target=lambda: (stdin.write(failing), stdin.flush()))
        writer.start()
        writer.join(timeout=10)
        assert not writer.is_alive(), "the engine stopped reading its input"
        if shared:
            # The engine's answers share the pipe with its logs: drain it all as it comes.
            out, _ = proc.communicate(ping("after") + b"\n", timeout=10)
            lines = out.splitlines()
            assert_pong(json.loads(next(x for x in lines if x.startswith(b'{"jsonrpc"'))), "after")
            return
        proc.stdin.write(ping("after") + b"\n")
        proc.stdin.flush()
        answer: list[bytes] = []
        reader = threading.Thread(target=lambda: answer.append(proc.stdout.readline()))  # type: ignore[union-attr]
        reader.start()
        reader.join(timeout=10)
        assert answer, "no answer while stderr was full"
        assert_pong(json.loads(answer[0]), "after")
        _, err = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0
    # What was dropped is said once room came back (the final shutdown's line).
    assert b"log line(s) dropped: stderr was full" in err, err[-500:]
    assert err.count(b"layer.remove") < 3000


def _nonblocking(fd: int) -> bool:
    return bool(fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_NONBLOCK)


@pytest.mark.skipif(os.geteuid() != 0, reason="starts the engine as another user")
def test_pipes_another_user_made_are_not_waited_on_either() -> None:
    """The engine opens its stdout and stderr pipes again for a description of its own; a
    pipe another user made (mode 0600) refuses that. Left blocking, a client that read
    neither froze the engine: it hung on a full stderr and, stdout full, ignored SIGTERM.
    Such pipes are written after a poll, a page at a time."""
    proc = subprocess.Popen(
        [engine_binary(), "--clock", "manual"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        user=65534,
        group=65534,
        extra_groups=[],
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        # ~3 000 warnings on a stderr nobody reads: dropped, and the ping still answered.
        failing = b"".join(note("layer.remove", {"id": f"gone{i}"}) + b"\n" for i in range(3000))
        stdin = proc.stdin
        writer = threading.Thread(
            target=lambda: (stdin.write(failing + ping("after") + b"\n"), stdin.flush()),
            daemon=True,
        )
        writer.start()
        writer.join(timeout=10)
        assert not writer.is_alive(), "the engine stopped reading its input"
        answer: list[bytes] = []
        stdout = proc.stdout
        reader = threading.Thread(target=lambda: answer.append(stdout.readline()), daemon=True)
        reader.start()
        reader.join(timeout=10)
        assert answer, "no answer while stderr was full"
        assert_pong(json.loads(answer[0]), "after")
        # Now stdout full too (some 2 MB of answers nobody reads): SIGTERM still ends it.
        pings = b"".join(ping(i) + b"\n" for i in range(40_000))
        writer = threading.Thread(target=lambda: (stdin.write(pings), stdin.flush()), daemon=True)
        writer.start()
        writer.join(timeout=10)
        assert not writer.is_alive(), "the engine stopped reading its input"
        time.sleep(0.5)
        proc.send_signal(signal.SIGTERM)
        # It waits at most 5 s without progress for a client that does not read.
        assert proc.wait(timeout=15) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.parametrize("kind", ["pipe", "socketpair"])
def test_the_engine_leaves_the_flags_of_descriptors_it_shares_alone(kind: str) -> None:
    """A client that passes its own stderr (and stdout) on shares their open file
    descriptions with the engine: the engine once set O_NONBLOCK on them, so the client's
    own writes to its stderr failed with EAGAIN (Python dropped them silently), even after
    a SIGKILL. The engine now writes without waiting through a description of its own (a
    pipe opened again) or with MSG_DONTWAIT (a socket), and still drops log lines a full
    stderr cannot take instead of stopping."""
    if kind == "pipe":
        err_read, err_write = os.pipe()
        err_reader: Any = None
    else:
        err_reader, err_writer = socket.socketpair()
        err_read, err_write = err_reader.fileno(), err_writer.fileno()
    out_read, out_write = os.pipe()
    proc = subprocess.Popen(
        [engine_binary(), "--clock", "manual", "--log-level", "debug"],
        stdin=subprocess.PIPE,
        stdout=out_write,
        stderr=err_write,
    )
    assert proc.stdin is not None
    out = os.fdopen(out_read, "rb")
    try:
        proc.stdin.write(ping(1) + b"\n")
        proc.stdin.flush()
        assert_pong(json.loads(out.readline()), 1)
        assert not _nonblocking(err_write), "the engine made the client's stderr non-blocking"
        assert not _nonblocking(out_write), "the engine made the client's stdout non-blocking"
        # ~3 000 warnings, stderr never read: the engine drops what does not fit and goes on.
        failing = b"".join(note("layer.remove", {"id": f"gone{i}"}) + b"\n" for i in range(3000))
        proc.stdin.write(failing + ping("after") + b"\n")
        proc.stdin.flush()
        assert_pong(json.loads(out.readline()), "after")
        proc.kill()
        proc.wait()
        assert not _nonblocking(err_write) and not _nonblocking(out_write)
        # The client's own writes to its stderr block when full, as they did before it
        # started the engine: a write that cannot finish at once is not cut short.
        chunk = b"x" * 4097
        total = 100 * len(chunk)
        got = bytearray()

        def drain() -> None:
            time.sleep(0.2)
            while len(got) < total:
                data = os.read(err_read, 65536)
                if not data:
                    break
                got.extend(data)

        # Drop what the engine logged first, then count only the client's own bytes.
        os.set_blocking(err_read, False)
        try:
            while os.read(err_read, 65536):
                pass
        except BlockingIOError:
            pass
        os.set_blocking(err_read, True)
        reader = threading.Thread(target=drain)
        reader.start()
        for _ in range(100):
            view = memoryview(chunk)
            while view:  # a write a signal interrupts returns what it wrote
                view = view[os.write(err_write, view) :]
        reader.join(timeout=10)
        assert len(got) == total
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        out.close()
        for fd in (out_write, err_write, err_read):
            if kind == "pipe" or fd == out_write:
                os.close(fd)
        if err_reader is not None:
            err_reader.close()
            err_writer.close()
