"""Traces that stop early: a crash leaves a file cut off mid-line, `--trace-max-bytes` ends
one with `{"truncated":true}`. Either way `ordo replay` replays the complete prefix and
finds it identical (outputs the replay makes past the last recorded line are not
differences); a file cut inside its header is no trace (status 2).
"""

from __future__ import annotations

import json
import resource
import signal
import subprocess
import time
from pathlib import Path

import pytest
import test_conformance as conformance
from ordo_testing import engine_binary

from conftest import EngineFactory
from trace_support import (
    assert_identical,
    method,
    read_trace,
    record_transcript,
    replay,
    wait_for,
)

SEED = conformance.CORPUS / "seed" / "advanced-every-arrival-order.io"


def test_cut_in_the_middle_of_every_line(tmp_path: Path) -> None:
    full = tmp_path / "full.trace"
    record_transcript(SEED, full)
    data = full.read_bytes()
    lines = data.split(b"\n")[:-1]
    assert len(lines) > 50
    cut = tmp_path / "cut.trace"
    offset = len(lines[0]) + 1
    for line in lines[1:]:
        for keep in (1, len(line) // 2, len(line)):  # a line cut anywhere but after its \n
            cut.write_bytes(data[: offset + keep])
            assert_identical(cut)
        offset += len(line) + 1


def test_cut_inside_the_header_is_no_trace(tmp_path: Path) -> None:
    """A header cut anywhere before its closing brace is no trace (exit 2)."""
    full = tmp_path / "full.trace"
    record_transcript(SEED, full)
    header = full.read_bytes().split(b"\n")[0]
    cut = tmp_path / "cut.trace"
    for keep in (0, 1, len(header) // 2, len(header) - 1):
        cut.write_bytes(header[:keep])
        result = replay(cut)
        assert result.status == 2 and result.stdout == ""
        assert "not an Ordo trace" in result.stderr
    # Whole, with only its newline gone: a trace of a session that read nothing.
    cut.write_bytes(header)
    assert_identical(cut)


def test_kill_9_while_idle_with_timers_pending(engine: EngineFactory, tmp_path: Path) -> None:
    """SIGKILL between wake-ups: everything the engine wrote (and flushed to the trace) is
    there; the timer that never fired is not replayed either."""
    trace = tmp_path / "killed.trace"
    live = engine("--trace", str(trace))
    live.call("events.subscribe", {"topics": ["alert.changed"]})
    live.call("alert.enqueue", {"type": "t", "id": "short", "durationMs": 60})
    id = live.call("alert.enqueue", {"type": "t", "id": "long", "durationMs": 600_000})
    # "long" shows once "short" hid: after long's answer, or before it when the engine was
    # paused 60 ms between the two enqueues.
    wait_for(live, method("alert.show", alert_id="long"), live.until_response(id))
    live.kill9()
    assert trace.read_bytes().endswith(b"\n")
    assert_identical(trace)


def test_kill_9_in_the_middle_of_a_stream(engine: EngineFactory, tmp_path: Path) -> None:
    """SIGKILL while pipelined requests pour in: the trace ends wherever the kill left it
    (often mid-line); its complete prefix replays identical."""
    trace = tmp_path / "killed.trace"
    live = engine("--trace", str(trace))
    live.call("alert.defineType", {"type": "t", "durationMs": 5})
    batch = b"".join(
        json.dumps(
            {"jsonrpc": "2.0", "id": n, "method": "alert.enqueue", "params": {"type": "t"}}
        ).encode()
        + b"\n"
        for n in range(2, 2002)
    )
    live.send(batch)
    first = live.line()
    assert first.startswith(b'{"jsonrpc":"2.0","id":1,')
    time.sleep(0.05)
    live.kill9()
    recorded = trace.read_bytes()
    assert recorded.count(b"\n") > 2
    assert_identical(trace)


@pytest.mark.parametrize("limit", [300, 700, 1500, 4000, 12_000])
def test_trace_max_bytes_ends_with_truncated(tmp_path: Path, limit: int) -> None:
    trace = tmp_path / "small.trace"
    bodies, _, status = record_transcript(SEED, trace, "--trace-max-bytes", str(limit))
    assert status == 0 and len(bodies) > 100  # the session itself went on to its end
    data = trace.read_bytes()
    assert data.endswith(b'\n{"truncated":true}\n')
    assert len(data) <= limit
    recorded = read_trace(trace)
    assert recorded.truncated
    assert len(recorded.outputs) < len(bodies)
    # `identical`, and a note on stderr: the replay compared only what was recorded.
    assert assert_identical(trace) == len(recorded.inputs)


def test_trace_max_bytes_is_never_exceeded_whatever_the_limit(tmp_path: Path) -> None:
    """Every limit across a few records' worth of bytes: the file, its truncation marker
    included, is never larger (a marker that did not count itself went 6 to 19 bytes over
    at some of them)."""
    pings = b"".join(
        b'{"jsonrpc":"2.0","id":%d,"method":"engine.ping"}\n' % number for number in range(60)
    )
    trace = tmp_path / "limited.trace"
    command = [engine_binary(), "--clock", "manual", "--trace", str(trace), "--trace-max-bytes"]
    sizes = []
    for limit in range(1900, 2300, 3):
        trace.unlink(missing_ok=True)
        subprocess.run(
            [*command, str(limit)],
            input=pings,
            capture_output=True,
            timeout=30,
            check=True,
        )
        data = trace.read_bytes()
        assert len(data) <= limit, (limit, len(data))
        assert data.endswith(b'\n{"truncated":true}\n')
        sizes.append(len(data))
    assert len(set(sizes)) > 5, "the limits cut the session at several records"


def test_trace_max_bytes_below_the_header(tmp_path: Path) -> None:
    """The header is written whatever the limit (a file without it is no trace); the
    first record then ends the recording."""
    trace = tmp_path / "tiny.trace"
    _, _, status = record_transcript(SEED, trace, "--trace-max-bytes", "1")
    assert status == 0
    lines = trace.read_bytes().split(b"\n")
    assert len(lines) == 3 and lines[2] == b""
    assert json.loads(lines[0])["args"][-2:] == ["--trace-max-bytes", "1"]
    assert lines[1] == b'{"truncated":true}'
    assert assert_identical(trace) == 0
    assert "the recording stops early (" in replay(trace).stderr
    assert ") before its first input: what the engine did" in replay(trace).stderr


def test_truncated_marker_ends_the_trace(tmp_path: Path) -> None:
    """Whatever follows `{"truncated":true}` is not read: the recording stopped there."""
    trace = tmp_path / "small.trace"
    record_transcript(SEED, trace, "--trace-max-bytes", "2000")
    with trace.open("ab") as handle:
        handle.write(b"this is not JSON\n")
    assert_identical(trace)


def _pings(count: int) -> bytes:
    return b"".join(
        json.dumps({"jsonrpc": "2.0", "id": n, "method": "engine.ping"}).encode() + b"\n"
        for n in range(count)
    )


def test_a_trace_that_cannot_be_written_is_said_on_stderr(tmp_path: Path) -> None:
    """A trace whose writes fail (a full disk, a file size limit) stops recording and says
    so once on stderr; the session is served to its end. It used to stop in silence: the
    user kept a trace that ends on a whole line, which replay then blamed on the engine."""
    trace = tmp_path / "limited.trace"
    full = subprocess.run(
        [engine_binary(), "--clock", "manual", "--trace", str(trace)],
        input=_pings(40), capture_output=True, check=True,
    )  # fmt: skip
    limit = len(b"".join(trace.read_bytes().splitlines(keepends=True)[:10]))

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG from write(), not a signal
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    cut = subprocess.run(
        [engine_binary(), "--clock", "manual", "--trace", str(trace)],
        input=_pings(40), capture_output=True, preexec_fn=limited, check=False,
    )  # fmt: skip
    assert cut.returncode == 0 and cut.stdout == full.stdout
    said = cut.stderr.decode().splitlines()
    assert said == [
        f"ordo [error] --trace {trace}: writing failed (File too large) after {limit} bytes:"
        " the recording stopped there; the session goes on unrecorded"
    ]
    assert trace.stat().st_size == limit


def test_a_trace_whose_header_cannot_be_written_is_refused() -> None:
    done = subprocess.run(
        [engine_binary(), "--trace", "/dev/full"], input=_pings(1), capture_output=True, check=False
    )
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr == b"ordo: cannot write the trace /dev/full: No space left on device\n"
