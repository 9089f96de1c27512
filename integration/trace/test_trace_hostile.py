"""Traces come from other people's machines: `ordo replay` treats them as untrusted input.
Malformed or hostile ones get a clear message on stderr and status 2 — never a crash, never
a hang — and a replay writes no file (each runs in an empty temporary directory that must
stay empty). A trace holds the session's messages and nothing else of the machine.
"""

from __future__ import annotations

import ast
import base64
import gzip
import json
import os
import random
import resource
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from ordo_testing import engine_binary

from conftest import EngineFactory
from trace_support import read_trace, replay, request, write_trace

HEADER: dict[str, Any] = {"ordo": "0.1.0", "args": ["--clock", "manual"], "startedWallAt": 0}
SYS = '"systemAt" must be an input\'s array of engine times'
IDTEXT = '"idText" must be an id\'s JSON text of at most 4096 bytes'
MORE = '"moreSystemAt" must follow an input'
# A startedWallAt that is there but unusable is said to be so, not missing.
WALL_AT = '"startedWallAt" must be an integer epoch ms within'

# This Ordo's version and the next patch and minor ones: every part of MAJOR.MINOR.PATCH
# is compared, not only the first two.
VERSION = (Path(__file__).resolve().parents[2] / "VERSION").read_text().strip()
MAJOR, MINOR, PATCH = (int(part) for part in VERSION.split("."))
NEXT_PATCH = f"{MAJOR}.{MINOR}.{PATCH + 1}"
NEXT_MINOR = f"{MAJOR}.{MINOR + 1}.0"

H = json.dumps(HEADER, separators=(",", ":")).encode()
PING = b'{"jsonrpc":"2.0","id":1,"method":"engine.ping"}'
PONG = b'{"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}'


def header_with(**members: Any) -> bytes:
    header = {**HEADER, **members}
    return json.dumps(header, separators=(",", ":")).encode()


def header_without(name: str) -> bytes:
    return json.dumps({k: v for k, v in HEADER.items() if k != name}).encode()


def record(body: bytes) -> bytes:
    return H + b"\n" + body + b"\n"


def deep(levels: int) -> bytes:
    return b"[" * levels + b"]" * levels


def queue(**members: Any) -> dict[str, Any]:
    return {"queue": "q", "maxConcurrent": 1, "minGapMs": 0, "historyLimit": 10, **members}


def limited(**members: Any) -> dict[str, Any]:
    return {"type": "t", "limit": {"max": 1, "windowMs": 1000, "per": "type", **members}}


def show(**members: Any) -> dict[str, Any]:
    fields = {"id": "a", "type": "t", "key": None, "queue": "default", "wallAt": 5, "order": 1}
    return {**fields, **members}


def persisted(**members: Any) -> dict[str, Any]:
    alert = {
        "id": "a", "queue": "default", "type": "t", "priority": 0, "state": "pending",
        "scope": None, "key": None, "data": None, "result": None, "seq": 1, "createdAt": 0,
        "readyAt": None, "expiresAt": None, "durationMs": None, "shownAt": None,
        "endedAt": None, "endReason": None, "shownCount": 0, "mount": None, "persist": True,
    }  # fmt: skip
    return {"alert": {**alert, **members}, "preempt": False, "limit": None, "onLimit": "drop"}


def state_with(**members: Any) -> bytes:
    """A trace whose header's state has `members`; the rest of the state is valid."""
    state = {"types": [], "queues": [], "shows": [], "alerts": [], "counters": {}, **members}
    return header_with(args=["--clock", "manual", "--state", "s.db"], state=state) + b"\n"


rng = random.Random(14)
GARBAGE = bytes(rng.randrange(256) for _ in range(4096))

# (name, trace bytes, a word the message must contain)
MALFORMED: list[tuple[str, bytes, str]] = [
    ("empty file", b"", "it is empty"),
    ("header cut, no newline", b'{"ordo":"0.2.0","args":[],"startedWallAt":0', "cut off"),
    ("only a newline", b"\n", "not an Ordo trace: it holds only blank lines"),
    ("only blank lines", b"\n \r\n\t\n  ", "it holds only blank lines"),
    ("gzip-compressed", gzip.compress(H + b"\n" + PING + b"\n"), "gzip-compressed (gunzip it"),
    ("binary garbage", GARBAGE, "not an Ordo trace"),
    ("binary garbage lines", GARBAGE.replace(b"\n", b"") + b"\n" + GARBAGE + b"\n", "Ordo"),
    ("header not JSON", b"hello world\n", "not an Ordo trace"),
    ("header an array", b"[1,2,3]\n", "not an Ordo trace"),
    ("header a string", b'"ordo"\n', "not an Ordo trace"),
    ("header invalid UTF-8", b'{"ordo":"\xff\xfe","args":[],"startedWallAt":0}\n', "Ordo trace"),
    ("header without ordo", header_without("ordo") + b"\n", '"ordo"'),
    ("header without args", header_without("args") + b"\n", '"args"'),
    ("header without startedWallAt", header_without("startedWallAt") + b"\n", 'no "startedWallAt"'),
    ("ordo not a string", header_with(ordo=1) + b"\n", '"ordo"'),
    ("ordo not a version", header_with(ordo="banana") + b"\n", "MAJOR.MINOR.PATCH"),
    ("ordo 1.2", header_with(ordo="1.2") + b"\n", "MAJOR.MINOR.PATCH"),
    ("ordo from a newer Ordo", header_with(ordo="99.0.0") + b"\n", "newer than this one"),
    ("ordo one patch newer", header_with(ordo=NEXT_PATCH) + b"\n", "newer than this one"),
    ("ordo one minor newer", header_with(ordo=NEXT_MINOR) + b"\n", "newer than this one"),
    ("args not an array", header_with(args="--clock manual") + b"\n", '"args"'),
    ("args of numbers", header_with(args=[1, 2]) + b"\n", '"args"'),
    ("args with null", header_with(args=[None]) + b"\n", '"args"'),
    ("startedWallAt a string", header_with(startedWallAt="0") + b"\n", WALL_AT),
    ("startedWallAt a fraction", header_with(startedWallAt=0.5) + b"\n", WALL_AT),
    ("startedWallAt beyond 2^53", header_with(startedWallAt=2**53) + b"\n", WALL_AT),
    ("startedWallAt 1e400", H.replace(b"At\":0", b"At\":1e400") + b"\n", "JSON"),
    ("startedWallAt 1e300", H.replace(b"At\":0", b"At\":1e300") + b"\n", WALL_AT),
    ("args: unknown flag", header_with(args=["--bogus"]) + b"\n", "--bogus"),
    ("args: bad flag value", header_with(args=["--clock", "sundial"]) + b"\n", "sundial"),
    ("args: flag without value", header_with(args=["--max-layers"]) + b"\n", "--max-layers"),
    ("args: replay", header_with(args=["replay", "/etc/passwd"]) + b"\n", "arguments"),
    ("args: report", header_with(args=["report", "x", "-o", "/tmp/x"]) + b"\n", "arguments"),
    ("args: --help", header_with(args=["--help"]) + b"\n", "arguments"),
    ("args: --version", header_with(args=["--version"]) + b"\n", "arguments"),
    ("args: help", header_with(args=["help"]) + b"\n", "arguments"),
    ("state a number", header_with(state=5) + b"\n", "state"),
    ("state with bad alerts", header_with(state={"alerts": 5}) + b"\n", "state"),
    ("state with a bad alert", header_with(state={"alerts": [{"alert": 1}]}) + b"\n", "state"),
    ("header deep", b'{"ordo":' + deep(100_000) + b"}\n", "not an Ordo trace"),
    ("startedWallAt 2^62", header_with(startedWallAt=2**62) + b"\n", "startedWallAt"),
    ("startedWallAt -2^63", header_with(startedWallAt=-(2**63)) + b"\n", "startedWallAt"),
    ("state counter 2^63-1", state_with(counters={"lastShowOrder": 2**63 - 1}), "lastShowOrder"),
    ("state counter -1", state_with(counters={"lastSeq": -1}), "lastSeq"),
    ("state queue limit -1", state_with(queues=[queue(historyLimit=-1)]), "historyLimit"),
    ("state maxConcurrent 0", state_with(queues=[queue(maxConcurrent=0)]), "maxConcurrent"),
    ("state queue name empty", state_with(queues=[queue(queue="")]), "/queues/0/queue"),
    ("state type name long", state_with(types=[{"type": "t" * 257}]), "/types/0/type"),
    ("state type duration 0", state_with(types=[{"type": "t", "durationMs": 0}]), "durationMs"),
    ("state limit window 0", state_with(types=[limited(windowMs=0)]), "windowMs"),
    ("state limit max -1", state_with(types=[limited(max=-1)]), "/limit/max"),
    ("state show order 2^63-1", state_with(shows=[show(order=2**63 - 1)]), "order"),
    ("state show wallAt -2^63", state_with(shows=[show(wallAt=-(2**63))]), "wallAt"),
    ("state alert seq -1", state_with(alerts=[persisted(seq=-1)]), "seq"),
    ("state alert id empty", state_with(alerts=[persisted(id="")]), "/alert/id"),
    ("state alert readyAt 2^62", state_with(alerts=[persisted(readyAt=2**62)]), "readyAt"),
    ("state alert shownCount -1", state_with(alerts=[persisted(shownCount=-1)]), "shownCount"),
    ("record an array", record(b"[1]"), "line 2"),
    ("record a number", record(b"7"), "line 2"),
    ("record not JSON", record(b"{dir:in}"), "line 2"),
    ("record invalid UTF-8", record(b'{"dir":"in","at":0,"msg":"\xc3\x28"}'), "line 2"),
    ("record deep", record(b'{"dir":"in","at":' + deep(100_000) + b"}"), "line 2"),
    ("record without dir", record(b'{"at":0,"msg":' + PING + b"}"), '"dir"'),
    ("dir sideways", record(b'{"dir":"up","at":0,"msg":' + PING + b"}"), '"dir"'),
    ("dir a number", record(b'{"dir":1,"at":0,"msg":' + PING + b"}"), '"dir"'),
    ("at missing", record(b'{"dir":"in","msg":' + PING + b"}"), '"at"'),
    ("at a string", record(b'{"dir":"in","at":"0","msg":' + PING + b"}"), '"at"'),
    ("at negative", record(b'{"dir":"in","at":-1,"msg":' + PING + b"}"), '"at"'),
    ("at -2^63", record(b'{"dir":"in","at":-9223372036854775808,"msg":' + PING + b"}"), '"at"'),
    ("at 2^63-1", record(b'{"dir":"in","at":9223372036854775807,"msg":' + PING + b"}"), '"at"'),
    ("at 2^53", record(b'{"dir":"in","at":9007199254740992,"msg":' + PING + b"}"), '"at"'),
    ("at too many digits", record(b'{"dir":"in","at":1' + b"0" * 400 + b',"msg":{}}'), "line 2"),
    ("at 1e400", record(b'{"dir":"in","at":1e400,"msg":' + PING + b"}"), "line 2"),
    ("at a fraction", record(b'{"dir":"in","at":0.5,"msg":' + PING + b"}"), '"at"'),
    ("at deep", record(b'{"dir":"in","at":' + deep(5000) + b',"msg":{}}'), "line 2"),
    ("no payload", record(b'{"dir":"in","at":0}'), "a record needs"),
    ("raw64 not base64", record(b'{"dir":"in","at":0,"raw64":"!!!!"}'), "raw64"),
    ("raw64 a number", record(b'{"dir":"in","at":0,"raw64":5}'), "raw64"),
    ("raw64 bad padding", record(b'{"dir":"in","at":0,"raw64":"A==="}'), "raw64"),
    ("raw64 padding inside", record(b'{"dir":"in","at":0,"raw64":"QQ==QQ=="}'), "raw64"),
    ("raw64 short", record(b'{"dir":"in","at":0,"raw64":"QUJ"}'), "raw64"),
    ("raw64 an output", record(b'{"dir":"out","at":0,"raw64":"QQ=="}'), "output"),
    ("tooLarge negative", record(b'{"dir":"in","at":0,"tooLarge":-1}'), "a record needs"),
    ("tooLarge zero", record(b'{"dir":"in","at":0,"tooLarge":0}'), "a record needs"),
    ("tooLarge a string", record(b'{"dir":"in","at":0,"tooLarge":"9"}'), "a record needs"),
    ("tooLarge 1e300", record(b'{"dir":"in","at":0,"tooLarge":1e300}'), "a record needs"),
    ("tooLarge an output", record(b'{"dir":"out","at":0,"tooLarge":9}'), "a record needs"),
    (
        "head64 not base64",
        record(b'{"dir":"in","at":0,"tooLarge":9,"head64":"!!"}'),
        '"head64" must be base64',
    ),
    (
        "head64 longer than 4 KiB",
        record(b'{"dir":"in","at":0,"tooLarge":9,"head64":"%s"}' % (b"QUFB" * 1366)),
        '"head64" must be base64',
    ),
    ("idText a number", record(b'{"dir":"in","at":0,"tooLarge":9,"idText":5}'), IDTEXT),
    ("idText empty", record(b'{"dir":"in","at":0,"tooLarge":9,"idText":""}'), IDTEXT),
    ("idText spaced", record(b'{"dir":"in","at":0,"tooLarge":9,"idText":" 7 "}'), IDTEXT),
    ("idText a tab after", record(b'{"dir":"in","at":0,"tooLarge":9,"idText":"7\\t"}'), IDTEXT),
    (
        "idText longer than 4 KiB",
        record(b'{"dir":"in","at":0,"tooLarge":9,"idText":"%s"}' % (b"7" * 4097)),
        IDTEXT,
    ),
    ("badHeader a number", record(b'{"dir":"in","at":0,"badHeader":9}'), "a record needs"),
    ("systemAt a number", record(b'{"dir":"in","at":0,"systemAt":5,"msg":' + PING + b"}"), SYS),
    ("systemAt empty", record(b'{"dir":"in","at":0,"systemAt":[],"msg":' + PING + b"}"), SYS),
    ("systemAt negative", record(b'{"dir":"in","at":0,"systemAt":[-1],"msg":{}}'), SYS),
    ("systemAt 2^53", record(b'{"dir":"in","at":0,"systemAt":[9007199254740992],"msg":{}}'), SYS),
    ("systemAt an output", record(b'{"dir":"out","at":0,"systemAt":[1],"msg":' + PONG + b"}"), SYS),
    ("moreSystemAt first", record(b'{"dir":"in","at":0,"moreSystemAt":[1]}'), MORE),
    ("moreSystemAt strings", record(b'{"dir":"in","at":0,"moreSystemAt":["1"]}'), MORE),
    ("framing unknown", record(b'{"dir":"in","at":0,"framing":"xml","msg":{}}'), "framing"),
    ("framing a number", record(b'{"dir":"in","at":0,"framing":1,"msg":{}}'), "framing"),
    ("output msg a string", record(b'{"dir":"out","at":0,"msg":"pong"}'), "object or array"),
    ("output msg a number", record(b'{"dir":"out","at":0,"msg":42}'), "object or array"),
    ("output msg null", record(b'{"dir":"out","at":0,"msg":null}'), "object or array"),
    ("output msg true", record(b'{"dir":"out","at":0,"msg":true}'), "object or array"),
    ("input msg too deep", record(b'{"dir":"in","at":0,"msg":' + deep(100_000) + b"}"), "not JSON"),
    ("input msg unbalanced", record(b'{"dir":"in","at":0,"msg":' + b"[" * 3000 + b"}"), "line 2"),
    ("second line bad", record(b'{"dir":"in","at":0,"msg":' + PING + b"}\n{}"), "line 3"),
    ("refused an output", record(b'{"dir":"out","at":0,"refused":{},"msg":{}}'), "refused"),
    ("refused a string", record(b'{"dir":"in","at":0,"refused":"x","msg":{}}'), "refused"),
    # Lines in the recorder's own shape are read unparsed and confirmed after the replay:
    # one that is not JSON is still said, and before any problem after it.
    ("recorder's output shape, not JSON", record(b'{"dir":"out","at":0,"msg":{"a":}}'), "line 2"),
    ("recorder's output shape, UTF-8", record(b'{"dir":"out","at":0,"msg":["\xc3("]}'), "line 2"),
    ("recorder's output shape, then bad", record(b'{"dir":"out","at":0,"msg":{,}}\n{}'), "line 2"),
    ("recorder's input shape, not JSON", record(b'{"dir":"in","at":0,"msg":{"a":}}'), "line 2"),
    ("recorder's input shape, UTF-8", record(b'{"dir":"in","at":0,"msg":["\xc3("]}'), "line 2"),
    (
        "recorder's output shape, bad args",
        header_with(args=["--bogus"]) + b'\n{"dir":"out","at":0,"msg":{,}}\n',
        "line 2",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("name", "data", "word"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_trace_exits_2(tmp_path: Path, name: str, data: bytes, word: str) -> None:
    trace = tmp_path / "hostile.trace"
    trace.write_bytes(data)
    result = replay(trace)
    assert result.status == 2, f"{name}: status {result.status}: {result.stdout}{result.stderr}"
    assert result.stdout == ""
    assert result.stderr.startswith("ordo replay: "), result.stderr
    assert result.stderr.endswith("\n") and len(result.stderr) < 2000, result.stderr
    assert word in result.stderr, result.stderr


def test_missing_file_and_directory(tmp_path: Path) -> None:
    for path in (tmp_path / "missing.trace", tmp_path):
        result = replay(path)
        assert result.status == 2 and result.stdout == ""
        assert result.stderr.startswith("ordo replay: cannot read"), result.stderr


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_an_endless_file_is_refused_before_it_is_read_whole(device: str, tmp_path: Path) -> None:
    # Both commands used to read such a file until memory ran out, and crash.
    result = replay(Path(device))
    assert result.status == 2, result.stderr
    assert f"{device} is not an Ordo trace" in result.stderr
    done = subprocess.run(
        [engine_binary(), "report", device, "-o", str(tmp_path / "r.html")],
        capture_output=True,
        timeout=20,
    )
    assert done.returncode == 2 and done.stdout == b"", done.stderr
    assert f"ordo report: {device} is not an Ordo trace".encode() in done.stderr
    assert os.listdir(tmp_path) == []


def test_a_huge_sparse_file_is_refused_by_its_first_bytes(tmp_path: Path) -> None:
    """A file of a terabyte that holds nothing (a hole): refused as a device of zeros is, by
    its first bytes. A reading that reserved the file's size first asked for the terabyte
    and died."""
    path = tmp_path / "hole.trace"
    with path.open("wb") as file:
        try:
            file.truncate(1 << 40)
        except OSError as error:  # a file system without files this large
            pytest.skip(f"no sparse file of 1 TiB here: {error}")
    for command in (["replay", str(path)], ["report", str(path), "-o", str(tmp_path / "r.html")]):
        done = subprocess.run([engine_binary(), *command], capture_output=True, timeout=20)
        assert done.returncode == 2 and done.stdout == b"", done.stderr
        assert f"{path} is not an Ordo trace".encode() in done.stderr, done.stderr
    assert not (tmp_path / "r.html").exists()


def test_a_trace_larger_than_half_the_memory_is_refused_before_it_is_read(
    tmp_path: Path,
) -> None:
    """A header, then a hole of a terabyte: the trace is read whole, so both commands read
    zeros until the kernel ended them. Its size is seen once its header is: refused, with
    what to do. (Under a 4 GiB address space, so that reading it fails fast.)"""
    path = tmp_path / "huge.trace"
    path.write_bytes(H + b"\n")
    try:
        os.truncate(path, 1 << 40)
    except OSError as error:  # a file system without files this large
        pytest.skip(f"no sparse file of 1 TiB here: {error}")

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))

    for command in (["replay", str(path)], ["report", str(path), "-o", str(tmp_path / "r.html")]):
        done = subprocess.run(
            [engine_binary(), *command], capture_output=True, timeout=60, preexec_fn=limited
        )
        said = done.stderr.decode()
        assert (done.returncode, done.stdout) == (2, b""), said
        assert said.startswith(f"ordo {command[0]}: {path} is 1099511627776 bytes or more, over")
        assert "half this machine's memory" in said and "(head -n)" in said, said
    assert not (tmp_path / "r.html").exists()


def replay_piped(pieces: Iterable[bytes], pause: float = 0.0) -> tuple[int, bytes, bytes]:
    """`ordo replay` of a trace read from a pipe, written in `pieces` (`pause` seconds
    apart); its status, stdout and stderr. A replay that refuses the trace and leaves
    before the last piece is no failure of the writing."""
    reader, writer = os.pipe()
    process = subprocess.Popen(
        [engine_binary(), "replay", f"/dev/fd/{reader}"],
        pass_fds=(reader,),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    os.close(reader)
    try:
        for piece in pieces:
            os.write(writer, piece)
            time.sleep(pause)
    except BrokenPipeError:
        pass
    os.close(writer)
    stdout, stderr = process.communicate(timeout=20)
    return process.returncode, stdout, stderr


@pytest.mark.parametrize("blank", [b"", b"\n \r\n\t\n   "])
def test_a_trace_read_from_a_pipe_still_replays(blank: bytes) -> None:
    # The header is checked as soon as its line has come: a pipe delivers it in pieces, each
    # read on from where the last ended (blank lines before it too).
    data = (
        blank + H + b'\n{"dir":"in","at":0,"msg":' + PING + b'}\n{"dir":"out","at":0,"msg":' + PONG
    )
    pieces = [data[start : start + 7] for start in range(0, len(data), 7)] + [b"}\n"]
    status, stdout, stderr = replay_piped(pieces)
    assert (status, stdout) == (0, b"identical\n"), stderr


def test_a_piped_trace_whose_first_byte_after_blank_pieces_is_no_object_is_refused() -> None:
    """The first byte that is not white space is checked when it comes, in whichever piece:
    the pieces before it were all blank."""
    status, stdout, stderr = replay_piped(
        (b"\n  ", b"\r\n", b"\t ", b"[1]\n", b" " * 1000), pause=0.05
    )
    assert (status, stdout) == (2, b""), stderr
    assert b"its first line is not a JSON object" in stderr, stderr


def test_an_older_ordo_s_version_in_initialize_is_no_difference(tmp_path: Path) -> None:
    """A trace recorded by an older Ordo replays on this one: its initialize answer's
    serverInfo.version is not compared (a replay on a newer Ordo is what bug reports are
    for); the rest of that answer is."""
    live = subprocess.run(
        [engine_binary(), "--clock", "manual", "--trace", str(tmp_path / "t.trace")],
        input=request("initialize", {}) + request("engine.ping", id=2),
        capture_output=True,
        timeout=30,
        check=True,
    )
    assert b'"version":"' in live.stdout
    recorded = (tmp_path / "t.trace").read_text()
    version = json.loads(recorded.splitlines()[0])["ordo"]
    older = recorded.replace(f'"{version}"', '"0.1.0"')
    assert older.count('"0.1.0"') == 2, "the header's version and serverInfo's"
    (tmp_path / "older.trace").write_text(older)
    assert replay(tmp_path / "older.trace").stdout == "identical\n"
    (tmp_path / "other.trace").write_text(older.replace('"name":"ordo"', '"name":"odro"'))
    other = replay(tmp_path / "other.trace")
    assert (other.status, other.stdout.startswith("difference at output message 1")) == (1, True)


def test_a_too_large_record_of_an_older_ordo_replays_as_it_answered(tmp_path: Path) -> None:
    """Before 0.2.6 a message over the limit was recorded with its first bytes (head64),
    and answered with the id they held, null for one after them or cut off by them; such
    a trace replays as recorded. Since, its id is read wherever it stands (idText)."""
    too_large = (
        b'"error":{"code":-32600,"message":"Invalid Request: the message is larger than'
        b' the limit of 100 bytes.","data":{"reason":"too_large","limit":100}}'
    )
    head_early = base64.b64encode(b'{"jsonrpc":"2.0","id":7,"method":"m","params":"' + b"x" * 54)
    head_late = base64.b64encode(b'{"jsonrpc":"2.0","method":"m","params":"' + b"x" * 61)
    # An id the head cuts off (12, then more digits): those versions took none.
    head_cut = base64.b64encode(b'{"jsonrpc":"2.0","id":12')
    older = b"\n".join([
        header_with(args=["--clock", "manual", "--max-message-bytes", "100"]),
        b'{"dir":"in","at":0,"framing":"ndjson","tooLarge":100,"head64":"%s"}' % head_early,
        b'{"dir":"out","at":0,"msg":{"jsonrpc":"2.0","id":7,%s}}' % too_large,
        b'{"dir":"in","at":0,"tooLarge":100,"head64":"%s"}' % head_late,
        b'{"dir":"out","at":0,"msg":{"jsonrpc":"2.0","id":null,%s}}' % too_large,
        b'{"dir":"in","at":0,"tooLarge":100,"head64":"%s"}' % head_cut,
        b'{"dir":"out","at":0,"msg":{"jsonrpc":"2.0","id":null,%s}}' % too_large,
        b'{"dir":"in","at":0,"tooLarge":100,"idText":"\\"late\\""}',
        b'{"dir":"out","at":0,"msg":{"jsonrpc":"2.0","id":"late",%s}}' % too_large,
        b'{"dir":"in","at":0,"msg":' + PING + b"}",
        b'{"dir":"out","at":0,"msg":' + PONG + b"}",
    ]) + b"\n"  # fmt: skip
    (tmp_path / "older.trace").write_bytes(older)
    result = replay(tmp_path / "older.trace")
    assert (result.status, result.stdout) == (0, "identical\n"), result.stderr


def test_over_long_messages_record_and_replay(tmp_path: Path) -> None:
    """Each over-long message's record holds the id its answer carried (idText), and the
    trace replays identical: an id after the params, one spelled with escapes, one not
    UTF-8 (not taken: a U+FFFD id 3 bytes per bad byte once made the trace unreplayable)."""
    pad = b'"pad":"' + b"p" * 200 + b'"'
    lines = [
        b'{"jsonrpc":"2.0","method":"engine.stats",' + pad + b',"id":"late"}',
        b'{"jsonrpc":"2.0","method":"engine.stats","id":1,' + pad + b',"\\u0069d":2}',
        b'{"jsonrpc":"2.0","method":"engine.stats","id":"' + b"\xff" * 2000 + b'",' + pad + b"}",
        b'[{"jsonrpc":"2.0","method":"engine.stats","id":3,' + pad + b"}]",
        request("engine.ping", id=4).rstrip(b"\n"),
    ]
    trace = tmp_path / "t.trace"
    live = subprocess.run(
        [engine_binary(), "--clock", "manual", "--max-message-bytes", "100", "--trace", str(trace)],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        timeout=30,
        check=True,
    )
    answers = [json.loads(line) for line in live.stdout.splitlines()]
    assert [a["id"] for a in answers] == ["late", 2, None, None, 4]
    ids = [r.value.get("idText") for r in read_trace(trace).inputs]
    assert ids == ['"late"', "2", None, None, None]
    result = replay(trace)
    assert (result.status, result.stdout) == (0, "identical\n"), result.stderr


# Hostile but well-formed: the replay runs them; it may find differences, never crashes.
EXTREME: list[tuple[str, bytes]] = [
    ("header only", H + b"\n"),
    ("state an empty object", header_with(state={}) + b"\n"),
    ("args from call", header_with(args=["call", "engine.ping"]) + b"\n"),
    ("args: --state and --trace of other files", header_with(
        args=["--state", "/nonexistent/dir/s.db", "--trace", "/nonexistent/t", "--sync", "normal"]
    ) + b"\n"),
    ("startedWallAt 2^53-1", header_with(startedWallAt=2**53 - 1, args=[]) + b"\n"
        + b'{"dir":"in","at":5,"msg":{"jsonrpc":"2.0","id":1,"method":"alert.enqueue",'
        + b'"params":{"type":"t"}}}\n'
        + b'{"dir":"in","at":6,"msg":{"jsonrpc":"2.0","id":2,"method":"alert.history"}}\n'),
    ("startedWallAt -(2^53-1)", header_with(startedWallAt=-(2**53 - 1), args=[]) + b"\n"
        + b'{"dir":"in","at":5,"msg":{"jsonrpc":"2.0","id":1,"method":"alert.enqueue",'
        + b'"params":{"type":"t","persist":true}}}\n'
        + b'{"dir":"in","at":6,"msg":{"jsonrpc":"2.0","id":2,"method":"alert.history"}}\n'),
    ("state at the limits", header_with(args=["--state", "s.db"], startedWallAt=-(2**53 - 1),
        state={
            "types": [{"type": "t" * 256, "priority": 2**53 - 1, "durationMs": 2**53 - 1,
                       "ttlMs": 2**53 - 1, "cooldownMs": 2**53 - 1,
                       "limit": {"max": 0, "windowMs": 2**53 - 1, "per": "key"}}],
            "queues": [queue(queue="default", maxConcurrent=1_000_000, minGapMs=2**53 - 1,
                             historyLimit=100_000_000)],
            "shows": [show(wallAt=2**53 - 1, order=2**53 - 1)],
            "alerts": [persisted(seq=2**53 - 1, createdAt=2**53 - 1, readyAt=-(2**53 - 1),
                                 expiresAt=2**53 - 1, durationMs=2**53 - 1,
                                 shownCount=2**53 - 1, state="showing")],
            "counters": {"lastSeq": 2**53 - 1, "lastGeneratedID": 2**53 - 1,
                         "lastShowOrder": 2**53 - 1}})
        + b"\n"
        + b"".join(
            b'{"dir":"in","at":%d,"msg":{"jsonrpc":"2.0","id":%d,"method":"%s","params":%s}}\n'
            % (at, n, method, params)
            for n, (at, method, params) in enumerate([
                (0, b"alert.list", b"{}"),
                (1, b"alert.enqueue", b'{"type":"' + b"t" * 256 + b'","key":"k"}'),
                (2, b"alert.enqueue", b'{"type":"u"}'),
                (9007199254740991, b"alert.history", b"{}"),
                (9007199254740991, b"engine.reset", b"{}"),
                (9007199254740991, b"alert.list", b"{}"),
            ]))),
    ("system clock at 2^53-1 with timers", header_with(args=[]) + b"\n"
        + b'{"dir":"in","at":0,"msg":{"jsonrpc":"2.0","id":1,"method":"alert.configure",'
        + b'"params":{"minGapMs":1}}}\n'
        + b"".join(
            b'{"dir":"in","at":0,"msg":{"jsonrpc":"2.0","id":%d,"method":"alert.enqueue",'
            b'"params":{"type":"t","durationMs":1}}}\n' % n for n in range(2, 300))
        + b'{"dir":"in","at":9007199254740991,"msg":' + PING + b"}\n"),
    ("a ping without its answer", record(b'{"dir":"in","at":0,"msg":' + PING + b"}")),
    ("an answer without its ping", record(b'{"dir":"out","at":0,"msg":' + PONG + b"}")),
    ("exit then more", H + b"\n"
        + b'{"dir":"in","at":0,"msg":{"jsonrpc":"2.0","method":"exit"}}\n'
        + b'{"dir":"in","at":0,"msg":' + PING + b"}\n"),
    ("input msg at the depth limit", record(b'{"dir":"in","at":0,"msg":' + deep(2048) + b"}")),
    ("duplicate members", record(b'{"dir":"in","dir":"out","at":0,"at":0,"msg":' + PONG + b"}")),
    ("input msg a string", record(b'{"dir":"in","at":0,"msg":"\\u0000<script>"}')),
    ("a raw64 of NUL bytes", record(b'{"dir":"in","at":0,"raw64":"AAAAAA=="}')),
    ("a huge raw64", record(b'{"dir":"in","at":0,"raw64":"' + b"QUJD" * 500_000 + b'"}')),
    ("many tooLarge", H + b"\n" + b'{"dir":"in","at":0,"tooLarge":9223372036854775807}\n' * 1000),
    ("a badHeader", record(b'{"dir":"in","at":0,"framing":"lsp","badHeader":"</script>"}')),
    ("CRLF lines", H + b"\r\n" + b'{"dir":"in","at":0,"msg":' + PING + b"}\r\n"
        + b'{"dir":"out","at":0,"msg":' + PONG + b"}\r\n"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "data"), EXTREME, ids=[m[0] for m in EXTREME])
def test_extreme_but_well_formed_trace_never_crashes(
    tmp_path: Path, name: str, data: bytes
) -> None:
    trace = tmp_path / "extreme.trace"
    trace.write_bytes(data)
    result = replay(trace)  # bounded in time; no file written; no crash on stderr
    assert result.status in (0, 1), f"{name}: {result.stdout}{result.stderr}"
    if result.status == 0:
        assert result.stdout == "identical\n"
    else:
        assert result.stdout.startswith("difference at output message "), result.stdout
    assert not Path("/nonexistent").exists()


def test_replay_command_line(tmp_path: Path) -> None:
    for args in ([], ["a", "b"]):
        done = subprocess.run(
            [engine_binary(), "replay", *args], capture_output=True, timeout=20, cwd=tmp_path
        )
        assert done.returncode == 2 and done.stdout == b""
        assert b"usage: ordo replay TRACE" in done.stderr
    assert os.listdir(tmp_path) == []


def test_a_report_is_never_written_over_its_own_trace(tmp_path: Path) -> None:
    trace = tmp_path / "bug.trace"
    trace.write_bytes(b'{"ordo":"0.2.0","args":[],"startedWallAt":0}\n')
    before = trace.read_bytes()
    for output in ["bug.trace", "./bug.trace", str(trace)]:
        done = subprocess.run(
            [engine_binary(), "report", "bug.trace", "-o", output],
            capture_output=True,
            timeout=20,
            cwd=tmp_path,
        )
        assert done.returncode == 2 and b"is the trace itself" in done.stderr
    assert trace.read_bytes() == before


def test_a_reports_title_names_the_traces_file_not_its_directory(tmp_path: Path) -> None:
    """The page's title is "Ordo report: NAME", NAME the trace's file name, whatever
    directories its path goes through."""
    folder = tmp_path / "sessions" / "today"
    folder.mkdir(parents=True)
    trace = folder / "bug.trace"
    trace.write_bytes(b'{"ordo":"0.2.0","args":[],"startedWallAt":0}\n')
    page = tmp_path / "page.html"
    done = subprocess.run(
        [engine_binary(), "report", str(trace), "-o", str(page)],
        capture_output=True,
        timeout=20,
    )
    assert done.returncode == 0, done.stderr
    assert "<title>Ordo report: bug.trace</title>" in page.read_text(encoding="utf-8")


def _run_limited(command: list[str], *, file_size: int | None = None, **kwargs: Any) -> Any:
    def limit() -> None:
        if file_size is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG from write(), not a signal
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, file_size))

    return subprocess.run(command, capture_output=True, timeout=20, preexec_fn=limit, **kwargs)


def test_replay_and_report_say_when_stdout_cannot_take_their_answer(tmp_path: Path) -> None:
    """A script's only signal is the exit status: a verdict or a page's path that stdout
    could not take (closed, full, a reader gone) is said on stderr with status 3, as for
    `call`; it was lost behind status 0."""
    trace = str(tmp_path / "t.trace")
    Path(trace).write_bytes(H + b"\n")
    ordo = engine_binary()
    closed = _run_limited(["sh", "-c", 'exec "$0" replay "$1" >&-', ordo, trace])
    assert closed.returncode == 3 and b"stdout is closed" in closed.stderr
    full = _run_limited(["sh", "-c", 'exec "$0" replay "$1" >/dev/full', ordo, trace])
    assert full.returncode == 3
    assert full.stderr == (
        b"ordo replay: the verdict could not be written to stdout (No space left on device)\n"
    )
    reader, writer = os.pipe()
    os.close(reader)  # the reader left before the verdict: EPIPE, not SIGPIPE
    try:
        gone = subprocess.run(
            [ordo, "replay", trace], stdout=writer, stderr=subprocess.PIPE, timeout=20
        )
    finally:
        os.close(writer)
    assert gone.returncode == 3
    assert gone.stderr == b"ordo replay: the verdict could not be written to stdout (Broken pipe)\n"
    page = str(tmp_path / "r.html")
    report = _run_limited(["sh", "-c", 'exec "$0" report "$1" -o "$2" >&-', ordo, trace, page])
    assert report.returncode == 3 and b"but its path could not be written" in report.stderr
    assert Path(page).read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_a_report_that_cannot_be_written_whole_is_left_empty(tmp_path: Path) -> None:
    """A page cut short by a full disk would open as if whole: exit 2, the file emptied
    (never removed: the path may be a link or a device). It was exit 0, the page cut."""
    trace = tmp_path / "t.trace"
    trace.write_bytes(H + b"\n")
    page = tmp_path / "r.html"
    done = _run_limited([engine_binary(), "report", str(trace), "-o", str(page)], file_size=1000)
    assert done.returncode == 2 and done.stdout == b""
    assert (
        done.stderr == f"ordo report: cannot write {page}: File too large (left empty)\n".encode()
    )
    assert page.read_bytes() == b""
    device = _run_limited([engine_binary(), "report", str(trace), "-o", "/dev/full"])
    assert device.returncode == 2
    assert device.stderr == b"ordo report: cannot write /dev/full: No space left on device\n"
    assert Path("/dev/full").is_char_device()


def test_a_report_to_stdout_or_a_pipe(tmp_path: Path) -> None:
    """`-o /dev/stdout` gives the page alone (its path, written after it, overwrote its
    start); a pipe whose reader leaves is exit 2 with its reason (SIGPIPE killed it)."""
    trace = tmp_path / "t.trace"
    frame = {"x": 0, "y": 0, "width": 10, "height": 10}
    adds = [
        request("layer.add", {"id": f"layer-{n}", "frame": frame}, n).strip() for n in range(2000)
    ]
    trace.write_bytes(H + b"\n" + b"".join(b'{"dir":"in","at":0,"msg":%s}\n' % add for add in adds))
    page = tmp_path / "page.html"
    with page.open("wb") as out:
        done = subprocess.run(
            [engine_binary(), "report", str(trace), "-o", "/dev/stdout"],
            stdout=out, stderr=subprocess.PIPE, timeout=60,
        )  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and text.rstrip().endswith("</html>")
    assert len(text) > 200_000  # more than a pipe buffer holds
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    engine = subprocess.Popen(
        [engine_binary(), "report", str(trace), "-o", str(fifo)], stderr=subprocess.PIPE
    )
    with fifo.open("rb") as reader:
        assert reader.read(10) == b"<!DOCTYPE "
    assert engine.wait(60) == 2
    assert engine.stderr is not None
    assert engine.stderr.read() == f"ordo report: cannot write {fifo}: Broken pipe\n".encode()


def test_a_failed_trace_write_is_said_under_call_too(tmp_path: Path) -> None:
    """call writes no log lines by default; a recording it asked for and lost is said."""
    trace = tmp_path / "call.trace"
    command = [engine_binary(), "--clock", "manual", "--trace", str(trace), "call", "engine.ping"]
    subprocess.run(command, capture_output=True, timeout=20, check=True)
    header = trace.read_bytes().index(b"\n") + 1 + 10  # the header, and part of a record

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (header, header))

    done = subprocess.run(command, capture_output=True, timeout=20, preexec_fn=limited)
    assert done.returncode == 0 and json.loads(done.stdout) == {"pong": True, "at": 0}
    assert done.stderr.startswith(b"ordo [error] --trace ")
    assert b"writing failed (File too large)" in done.stderr


def test_a_trace_holds_the_payloads_and_nothing_else(engine: EngineFactory, tmp_path: Path) -> None:
    """The header (version, the arguments, the start, no environment, no working
    directory), then the messages; the engine's logs stay on stderr. The file is the
    user's alone (mode 0600): it holds the shell's payloads."""
    marker = "cwd-marker-7731"
    workdir = tmp_path / marker
    workdir.mkdir()
    trace = tmp_path / "session.trace"
    os.environ["ORDO_SECRET_FOR_TEST"] = "env-marker-9917"
    try:
        live = engine("--log-level", "debug", "--trace", str(trace), cwd=workdir)
        live.send(request("layer.add", {"id": "payload-marker", "data": {"secret": "s3cr3t"}}))
        live.send(b"not json at all\n")
        live.send(request("engine.stats", id=2))
        status, _ = live.finish()
        logs = live.stderr()
    finally:
        del os.environ["ORDO_SECRET_FOR_TEST"]
    assert status == 0
    assert stat.S_IMODE(trace.stat().st_mode) == 0o600
    data = trace.read_bytes()
    assert b"env-marker-9917" not in data and marker.encode() not in data
    assert b"payload-marker" in data and b"s3cr3t" in data  # the payloads, as sent
    assert logs.strip(), "the debug log went somewhere else than stderr"
    for line in logs.splitlines():
        assert line.encode() not in data
    recorded = read_trace(trace)  # checks every line's members
    assert set(recorded.header) == {"ordo", "args", "startedWallAt"}
    assert recorded.header["args"] == ["--log-level", "debug", "--trace", str(trace)]
    assert (len(recorded.inputs), len(recorded.outputs)) == (3, 3)
    assert recorded.inputs[1].raw == b"not json at all"


def traced(tmp_path: Path, input: bytes, *flags: str) -> list[bytes]:
    """The lines of the trace of a session fed `input` (NDJSON unless it says otherwise)."""
    trace = tmp_path / "session.trace"
    subprocess.run(
        [engine_binary(), "--clock", "manual", "--trace", str(trace), *flags],
        input=input,
        capture_output=True,
        timeout=30,
        check=True,
    )
    return trace.read_bytes().split(b"\n")


def test_a_carriage_return_in_an_input_is_recorded_as_a_space(tmp_path: Path) -> None:
    """A trace is one record per line: a CR inside a message (whitespace JSON allows) is
    kept as a space, so that no editor or mail splits the record, and the session still
    replays identical."""
    lines = traced(tmp_path, b'{"jsonrpc":"2.0",\r"id":1,"method":"engine.ping"}\n')
    assert all(b"\r" not in line for line in lines)
    inputs = [line for line in lines if b'"dir":"in"' in line]
    assert len(inputs) == 1
    assert b'"msg":{"jsonrpc":"2.0", "id":1,"method":"engine.ping"}' in inputs[0]
    assert replay(tmp_path / "session.trace").stdout.strip() == "identical"


def test_only_the_first_input_record_says_the_framing(tmp_path: Path) -> None:
    records = [json.loads(line) for line in traced(tmp_path, PING + b"\n" + PING + b"\n")[1:-1]]
    inputs = [record for record in records if record["dir"] == "in"]
    assert len(inputs) == 2
    assert inputs[0]["framing"] == "ndjson"
    assert "framing" not in inputs[1]


def test_a_refused_first_input_says_the_framing(tmp_path: Path) -> None:
    # The first input record says the session's framing, also when `ordo call -` refused it
    # (a line the replay skips): later inputs' `framing` is not read.
    initialize = b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}'
    trace = tmp_path / "refused-first.trace"
    trace.write_bytes(
        H
        + b'\n{"dir":"in","at":0,"framing":"lsp","refused":{"code":-32700}}\n'
        + b'{"dir":"in","at":0,"msg":'
        + initialize
        + b"}\n"
    )
    result = replay(trace)
    assert result.status == 1, result.stdout + result.stderr
    assert '"framing":"lsp"' in result.stdout.split("got:")[1]
    trace.write_bytes(
        H
        + b'\n{"dir":"in","at":0,"framing":"ndjson","refused":{"code":-32700}}\n'
        + b'{"dir":"in","at":0,"framing":"bogus","msg":'
        + PING
        + b'}\n{"dir":"out","at":0,"msg":'
        + PONG
        + b"}\n"
    )
    result = replay(trace)
    assert (result.status, result.stdout) == (0, "identical\n"), result.stderr


def inputs_trace(path: Path, messages: Iterable[Any]) -> Path:
    """Writes a trace of `messages` as inputs at time 0, no output recorded (as an edited or
    hostile trace may be)."""
    records = ({"dir": "in", "at": 0, "msg": message} for message in messages)
    return write_trace(path, {**HEADER, "ordo": VERSION}, records)


# Starts the command in its arguments and writes its exit status and resource usage to the
# file named first. Run in a fresh interpreter: a child's peak memory (ru_maxrss) counts the
# memory of the process that started it, as it was then, and this one grows as tests run
# (272 MB at the end of this file).
MEASURER = """
import os, sys
pid = os.posix_spawn(sys.argv[2], sys.argv[2:], os.environ)
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as file:
    file.write(repr((os.waitstatus_to_exitcode(status), tuple(usage))))
"""


def run_measured(*args: str) -> tuple[int, str, str, Any]:
    """Runs the engine with `args`: its exit status, stdout, stderr and resource usage, whose
    ru_maxrss (KB) is its peak memory (or that of the small interpreter that started it, if
    more: about 10 MB). Its output goes to files, read after the exit."""
    with (
        tempfile.TemporaryFile() as out,
        tempfile.TemporaryFile() as err,
        tempfile.NamedTemporaryFile("r") as measured,
    ):
        subprocess.run(
            [sys.executable, "-c", MEASURER, measured.name, engine_binary(), *args],
            stdout=out,
            stderr=err,
            check=True,
        )
        status, usage = ast.literal_eval(measured.read())
        out.seek(0)
        err.seek(0)
        return status, out.read().decode(), err.read().decode(), resource.struct_rusage(usage)


def test_replay_holds_a_trace_of_small_messages_in_little_more_than_twice_its_size(
    tmp_path: Path,
) -> None:
    """A recorded session of 150 000 pings (a line per 80 bytes or so, the most lines per
    byte a trace has) replays in under 3 times the trace's size: the replay reads it whole,
    then holds a few words per line. Before 0.2.36 it copied every input message and kept
    each unparsed line's range and number, and its arrays grew by doubling: 3.9 times."""
    trace = tmp_path / "pings.trace"
    pings = "".join(
        json.dumps({"jsonrpc": "2.0", "id": n, "method": "engine.ping"}) + "\n"
        for n in range(150_000)
    )
    recorded = subprocess.run(
        [engine_binary(), "--clock", "manual", "--trace", str(trace)],
        input=pings.encode(),
        capture_output=True,
        check=True,
    )
    assert recorded.stdout.count(b"\n") == 150_000
    size_kb = trace.stat().st_size / 1024
    assert size_kb > 20_000  # about 25 MB
    status, said, err, usage = run_measured("replay", str(trace))
    assert (status, said) == (0, "identical\n"), err
    assert usage.ru_maxrss < 3 * size_kb, (usage.ru_maxrss, size_kb)


def test_a_trace_of_blank_lines_is_held_in_little_more_than_its_size(tmp_path: Path) -> None:
    """A header, then 20 MB of line feeds: a blank line holds no record, and the lines are
    found one at a time rather than held (32 bytes for each byte here: 0.2.35 took 2.2 GB
    for 50 MB of them)."""
    path = tmp_path / "blank.trace"
    path.write_bytes(H + b"\n" * 20_000_001)
    page = tmp_path / "r.html"
    for command, printed in (
        (["replay", str(path)], "identical\n"),
        (["report", str(path), "-o", str(page)], f"{page}\n"),
    ):
        status, said, err, usage = run_measured(*command)
        assert (status, said) == (0, printed), err
        assert usage.ru_maxrss < 3 * 20_000, usage  # KB: under 3 times the trace


def test_replay_does_not_hold_every_answer_a_trace_asks_for(tmp_path: Path) -> None:
    """A trace of few inputs can ask for large answers: an 800-page stack of 256-character
    names, then 800 pushes and pops, each answered with the whole stack (about 330 MB in
    all). The replay compares each answer as it is written and drops it; it held them all
    (334 MB of memory for a 555 KB trace)."""
    pages = [f"p{i}".ljust(256, "x") for i in range(800)]
    messages: list[dict[str, Any]] = [
        {"jsonrpc": "2.0", "id": 0, "method": "nav.set", "params": {"stack": pages}}
    ]
    for n in range(800):
        push = {"scope": "q".ljust(256, "y")}
        messages.append({"jsonrpc": "2.0", "id": 2 * n + 1, "method": "nav.push", "params": push})
        messages.append({"jsonrpc": "2.0", "id": 2 * n + 2, "method": "nav.pop"})
    trace = tmp_path / "deep.trace"
    inputs_trace(trace, messages)
    status, said, err, usage = run_measured("replay", str(trace))
    assert status == 1, err
    assert said.startswith("difference at output message 1 ("), said[:300]
    assert "expected: nothing (the trace recorded 0)" in said
    assert usage.ru_maxrss < 100_000, usage  # KB; the answers are about 330 MB


def test_report_keeps_the_top_of_each_page_stack_only(tmp_path: Path) -> None:
    """A report observed each page change with a copy of the whole stack: a trace of under
    1 MB that builds a 3 000-page stack, then pushes and pops a page on it 3 000 times, took 393 MB
    (about 4 GB at 10 000 pages). It keeps the top 32 pages its text names, and how many are
    under them. Only inputs are recorded (the stripped answers would hold each stack)."""
    depth = 3_000
    messages: list[dict[str, Any]] = [
        {"jsonrpc": "2.0", "id": n, "method": "nav.push", "params": {"scope": f"p{n}"}}
        for n in range(depth)
    ]
    for n in range(depth):
        messages.append(
            {"jsonrpc": "2.0", "id": depth + 2 * n, "method": "nav.push", "params": {"scope": "x"}}
        )
        messages.append({"jsonrpc": "2.0", "id": depth + 2 * n + 1, "method": "nav.pop"})
    trace, page = tmp_path / "deep.trace", tmp_path / "deep.html"
    inputs_trace(trace, messages)
    status, _, err, usage = run_measured("report", str(trace), "-o", str(page))
    assert status == 0, err
    html = page.read_text()
    top = " &gt; ".join(f"p{n}" for n in range(depth - 32, depth))
    assert f"\u2026 (2968 pages below) &gt; {top}</td>" in html
    top = " &gt; ".join(f"p{n}" for n in range(depth - 31, depth))
    assert f"\u2026 (2969 pages below) &gt; {top} &gt; x</td>" in html
    assert usage.ru_maxrss < 100_000, usage  # KB


def test_report_refuses_a_page_of_more_than_a_million_items(tmp_path: Path) -> None:
    """A few inputs can make a page of gigabytes: 1 000 alerts showing in 1 000 queues, then
    600 pushes and pops, each of which suspends and resumes every one of them (under 300 KB
    of inputs; 1.2 million state intervals, a page of about 500 MB, and each 1 000 more
    pushes and pops about 800 MB more). The report stops when the page would hold more than
    1 000 000 intervals, rows and page names, naming where."""
    messages: list[dict[str, Any]] = [
        {"jsonrpc": "2.0", "id": 0, "method": "nav.push", "params": {"scope": "home"}}
    ]
    for n in range(1_000):
        alert = {"type": "t", "id": f"a{n}", "queue": f"q{n}", "scope": "home"}
        messages.append({"jsonrpc": "2.0", "id": n + 1, "method": "alert.enqueue", "params": alert})
    for n in range(600):
        push = {"scope": "x"}
        messages.append(
            {"jsonrpc": "2.0", "id": 2 * n + 2_000, "method": "nav.push", "params": push}
        )
        messages.append({"jsonrpc": "2.0", "id": 2 * n + 2_001, "method": "nav.pop"})
    trace, page = tmp_path / "flapping.trace", tmp_path / "flapping.html"
    inputs_trace(trace, messages)
    status, _, err, usage = run_measured("report", str(trace), "-o", str(page))
    assert status == 2
    # 1 000 rows, their pending intervals and a page change, then 1 000 intervals and a page
    # change each push or pop: the 498th pop.
    assert err == (
        f"ordo report: {trace}: its page would hold more than 1000000 state intervals, rows"
        " and page names (after input message 1997 on line 1998), more than a browser opens;"
        " report part of it: a window (--from/--to), or a copy of the trace cut after any whole"
        " line (head -n)\n"
    )
    assert not page.exists()
    assert usage.ru_maxrss < 100_000, usage  # KB
    # Cut before that line (here after 149 pushes and pops), the trace is reported, its page
    # written as it is made: held whole, a page took about twice its size in memory (the
    # peak counts this process's own size when it started the engine, about 45 MB).
    inputs_trace(trace, messages[:1_299])
    status, said, err, usage = run_measured("report", str(trace), "-o", str(page))
    assert (status, said) == (0, f"{page}\n"), err
    assert usage.ru_maxrss * 1024 < page.stat().st_size, usage  # a 118 MB page
    assert page.read_text().count('class="bar state-suspended"') == 1_000 * 149


def test_a_window_of_a_long_session_is_counted_and_held_alone(tmp_path: Path) -> None:
    """80 000 alerts with 250-character ids, shown one at a time for 1 ms each, 1 000 a
    second: the whole session's page would hold more than a million items (an alert's row
    and its two intervals count 13) and is refused; a window of its last second or of its
    first two is reported, its page holding those alerts only, and the replay keeps no more
    than the window (what stopped before it is dropped as it goes, what begins after it is
    never kept): the window's count and memory, not the session's, which --from/--to
    counted before 0.2.35."""

    def messages() -> Iterator[Any]:
        for second in range(80):
            first = second * 1_001
            yield [
                {
                    "jsonrpc": "2.0",
                    "id": first + n,
                    "method": "alert.enqueue",
                    "params": {
                        "type": "t",
                        "id": f"a{second * 1_000 + n}".ljust(250, "x"),
                        "durationMs": 1,
                    },
                }
                for n in range(1_000)
            ]
            yield {
                "jsonrpc": "2.0",
                "id": first + 1_000,
                "method": "clock.advance",
                "params": {"ms": 1_000},
            }

    trace, page = tmp_path / "long.trace", tmp_path / "long.html"
    inputs_trace(trace, messages())
    status, _, err, whole = run_measured("report", str(trace), "-o", str(page))
    assert status == 2 and "its page would hold more than 1000000 state intervals" in err, err
    assert not page.exists()
    # Alert n shows from n to n + 1 ms: the window from 79 000 ms has the last second's
    # alerts and the end of the one before; the window to 1 999 ms the first 2 000 alerts.
    for window, shown, not_shown in (
        (["--from", "79000"], ["a78999x", "a79000x", "a79999x"], ["a78998x", "a0x"]),
        (["--to", "1999"], ["a0x", "a1999x"], ["a2000x", "a79999x"]),
    ):
        status, said, err, usage = run_measured("report", str(trace), "-o", str(page), *window)
        assert (status, said) == (0, f"{page}\n"), err
        html = page.read_text()
        assert all(id in html for id in shown), window
        assert not any(id in html for id in not_shown), window
        # About 100 MB (the trace's 27 MB are read whole) against the refused run's 160 MB
        # (148 MB with the tracks before the window kept).
        assert usage.ru_maxrss < 0.75 * whole.ru_maxrss, (usage, whole)
