"""The engine started under the operating system's limits (`ulimit`) or with odd standard
streams: it runs as asked or refuses with one line on stderr and exit status 2, never
ignores its arguments or crashes."""

from __future__ import annotations

import json
import os
import pty
import resource
import subprocess
from collections.abc import Callable
from pathlib import Path

from ordo_testing import assert_no_crash, engine_binary

from hostile_support import ping, req

# Deep enough that jansson (at most 2048 levels) still parses it, as a client may send.
DEEP = 2040


def limited(which: int, soft: int, hard: int) -> Callable[[], None]:
    """A `preexec_fn` that sets one resource limit in the child before it execs the engine."""

    def apply() -> None:
        resource.setrlimit(which, (soft, hard))

    return apply


def run(
    args: list[str], stdin: bytes, limit: Callable[[], None]
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [engine_binary(), *args],
        input=stdin,
        capture_output=True,
        preexec_fn=limit,
        timeout=20,
        check=False,
    )


def test_arguments_are_read_with_every_descriptor_in_use(tmp_path: Path) -> None:
    # With RLIMIT_NOFILE 3, descriptors 0-2 are all there is. Swift's runtime reads argv of a
    # static executable through /proc/self/maps, which could not be opened: the engine saw
    # no argument, and `--version` or `--state … call` served stdin in memory, exit 0.
    nofile = resource.RLIMIT_NOFILE
    version = run(["--version"], b"", limited(nofile, 3, 3))
    assert version.returncode == 0, version.stderr
    assert version.stdout.startswith(b"ordo "), version.stdout
    state = tmp_path / "s.db"
    call = run(["--state", str(state), "call", "engine.ping"], b"", limited(nofile, 3, 3))
    assert call.returncode == 2, (call.returncode, call.stdout, call.stderr)
    assert b"Too many open files" in call.stderr
    assert call.stdout == b""


def test_deepest_message_answered_under_a_small_soft_stack_limit() -> None:
    # `ulimit -Ss 128`: parsing (and writing back) an alert's data 2040 levels deep took
    # about 180 KiB of stack, and the engine died of SIGSEGV; it raises the soft limit.
    data = "[" * DEEP + "]" * DEEP
    enqueue = (
        b'{"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","data":'
        + data.encode()
        + b"}}"
    )
    stack = resource.RLIMIT_STACK
    hard = resource.getrlimit(stack)[1]
    done = run(
        ["--clock", "manual"], enqueue + b"\n" + ping() + b"\n", limited(stack, 128 << 10, hard)
    )
    assert_no_crash(done.stderr)
    assert done.returncode == 0, (done.returncode, done.stderr)
    # (Python's own json module cannot read an answer that deep.)
    *_, answer, pong = done.stdout.splitlines()
    assert answer.startswith(b'{"jsonrpc":"2.0","id":1,"result":{"alert":'), answer[:200]
    assert json.loads(pong)["result"]["pong"] is True


def test_stack_limit_that_cannot_be_raised_is_refused_at_start() -> None:
    stack = resource.RLIMIT_STACK
    refused = run(
        ["--clock", "manual"], req("engine.ping") + b"\n", limited(stack, 128 << 10, 128 << 10)
    )
    assert refused.returncode == 2, (refused.returncode, refused.stderr)
    assert refused.stdout == b""
    lines = refused.stderr.decode().splitlines()
    assert len(lines) == 1 and "ulimit -s" in lines[0], lines
    # What reads no message needs no such stack: the version, a usage text.
    version = run(["--version"], b"", limited(stack, 128 << 10, 128 << 10))
    assert (version.returncode, version.stderr) == (0, b""), version.stderr
    assert version.stdout.startswith(b"ordo "), version.stdout
    usage = run(["--no-such-flag"], b"", limited(stack, 128 << 10, 128 << 10))
    assert usage.returncode == 2 and b"ulimit" not in usage.stderr, usage.stderr


def test_stdin_a_directory_is_the_end_of_input_with_the_reason_logged(tmp_path: Path) -> None:
    directory = os.open(tmp_path, os.O_RDONLY)
    try:
        done = subprocess.run(
            [engine_binary()], stdin=directory, capture_output=True, timeout=20, check=False
        )
    finally:
        os.close(directory)
    assert done.returncode == 0, done.stderr
    assert done.stdout == b""
    assert done.stderr == (
        b"ordo [warn] stdin could not be read (Is a directory); treating it as the end of input\n"
    )


def test_state_file_short_of_descriptors_says_so(tmp_path: Path) -> None:
    # The state file takes four descriptors (the lock, the database, its write-ahead log
    # and shared memory): SQLite said only "unable to open database file". The file the
    # refused start made (empty, or the tables alone at 6) is not left behind for the next
    # start to take for its own, nor is the log it made; a file that was there stays (an
    # empty one may have been given the tables).
    kept = tmp_path / "kept.db"
    kept.write_bytes(b"")
    for nofile in (4, 5, 6):
        state = tmp_path / f"s{nofile}.db"
        limit = limited(resource.RLIMIT_NOFILE, nofile, nofile)
        for path in (state, kept):
            call = run(["--state", str(path), "call", "engine.ping"], b"", limit)
            assert call.returncode == 2, (nofile, call.returncode, call.stdout, call.stderr)
            assert b"too many open files" in call.stderr, (nofile, call.stderr)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.db"], nofile


def test_stdout_that_fails_is_said_with_exit_status_3() -> None:
    # A full disk (or `ulimit -f`) under stdout lost answers, yet the engine exited 0 with
    # nothing on stderr, as when its reader leaves.
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [engine_binary()],
            input=ping() + b"\n",
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=20,
            check=False,
        )
    assert done.returncode == 3, (done.returncode, done.stderr)
    assert b"stdout could not be written (No space left on device)" in done.stderr


def test_stdout_a_terminal_that_hung_up_is_a_reader_gone() -> None:
    # A terminal whose window closed (its pty master gone) fails each write with EIO: its
    # reader left, as a pipe's does, so the engine exits quietly, not with status 3 and an
    # error line (on that same dead terminal, often) as for a full disk.
    master, slave = pty.openpty()
    engine = subprocess.Popen(
        [engine_binary()], stdin=subprocess.PIPE, stdout=slave, stderr=subprocess.PIPE
    )
    os.close(slave)
    os.close(master)
    _, stderr = engine.communicate(ping() + b"\n", timeout=20)
    assert engine.returncode == 0, (engine.returncode, stderr)
    assert stderr == b""


def test_a_message_too_big_for_the_memory_limit_is_answered_and_the_engine_goes_on() -> None:
    # Parsing takes up to about 90 times a message's size: under `ulimit -v`, one of 6 MB
    # (3 million small numbers, over 200 MB to parse) ended the engine with "Fatal error:
    # out of memory" and no answer. It is answered -32600 out_of_memory (the request's id
    # echoed; a batch's answer has none), and the next message is served.
    numbers = ",".join(["1"] * 3_000_000)
    request = f'{{"jsonrpc":"2.0","id":7,"method":"engine.ping","params":{{"x":[{numbers}]}}}}'
    stdin = f"{request}\n[{request}]\n".encode() + ping() + b"\n"
    done = run(
        ["--max-message-bytes", "100000000"],
        stdin,
        limited(resource.RLIMIT_AS, 128 << 20, 128 << 20),
    )
    assert done.returncode == 0, done.stderr
    assert_no_crash(done.stderr)
    single, batch, pong = (json.loads(line) for line in done.stdout.splitlines())
    for answer, id in ((single, 7), (batch, None)):
        assert answer["id"] == id, answer
        assert answer["error"]["code"] == -32600, answer
        assert answer["error"]["data"]["reason"] == "out_of_memory", answer
    assert single["error"]["data"]["bytes"] == len(request)
    assert batch["error"]["data"]["bytes"] == len(request) + 2
    assert "could not allocate the memory to parse" in single["error"]["message"]
    assert "result" in pong, pong


def test_ordo_call_refuses_what_it_has_no_memory_to_parse_as_the_server_does() -> None:
    # `call -` answers a line it cannot find the memory to parse as the server does
    # (-32600 out_of_memory, not a parse error: the line may be JSON), and goes on; PARAMS
    # too large for the memory limit is said as such, where it said "Fatal error".
    numbers = ",".join(["1"] * 3_000_000)
    line = f'{{"method":"engine.ping","params":{{"x":[{numbers}]}}}}'
    stdin = f'{line}\n{{"method":"engine.ping"}}\n'.encode()
    done = run(["call", "-"], stdin, limited(resource.RLIMIT_AS, 128 << 20, 128 << 20))
    assert done.returncode == 1, done.stderr
    refused, pong = (json.loads(text) for text in done.stdout.splitlines())
    assert refused["code"] == -32600, refused
    assert refused["data"] == {"reason": "out_of_memory", "bytes": len(line)}
    assert pong["pong"] is True
    params = '{"x":[' + ",".join(["{}"] * 40_000) + "]}"
    done = run(
        ["call", "engine.ping", params], b"", limited(resource.RLIMIT_AS, 16 << 20, 16 << 20)
    )
    assert done.returncode == 2, done.stderr
    assert (
        done.stderr
        == (
            f"ordo call: PARAMS ({len(params)} bytes) could not be parsed: the memory it takes"
            " could not be had\n"
        ).encode()
    )


def test_a_large_message_with_an_integer_beyond_64_bits_needs_one_parse_of_memory() -> None:
    # An integer too big for 64 bits makes the parser read the message again, its integers
    # as reals. The retry once took memory on top of the first attempt's, kept: the same
    # message with that integer last (read whole before the first attempt failed) was
    # answered out_of_memory under a limit that one with it first (the first attempt
    # stopping early) fits, at twice the memory and more.
    numbers = ",".join(["1"] * 3_000_000)
    big = "99999999999999999999999"
    for params in (f'{{"y":{big},"x":[{numbers}]}}', f'{{"x":[{numbers}],"y":{big}}}'):
        request = f'{{"jsonrpc":"2.0","id":7,"method":"engine.ping","params":{params}}}'
        done = run(
            ["--max-message-bytes", "100000000"],
            request.encode() + b"\n",
            limited(resource.RLIMIT_AS, 400 << 20, 400 << 20),
        )
        assert done.returncode == 0, done.stderr
        assert_no_crash(done.stderr)
        answer = json.loads(done.stdout)
        # Parsed: engine.ping takes no parameters.
        assert answer["error"]["code"] == -32602, (params[:8], answer)
