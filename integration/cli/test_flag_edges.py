"""Edges of the command line the other files leave open: the defaults docs/protocol.md's
flag table gives, observed with the flag left out, and the boundaries of the ranges a
flag or a subcommand's argument accepts."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cli_support import ndjson, sh


def request(id: int, method: str, params: dict[str, object] | None = None) -> dict[str, object]:
    message: dict[str, object] = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    return message


def test_max_batch_defaults_to_10000() -> None:
    """Without --max-batch a batch of 10 001 entries is one -32004 naming the limit 10 000
    (hostile/test_hostile_volume checks that 10 000 are served)."""
    batch = [request(number, "engine.ping") for number in range(10_001)]
    ran = sh('"$ORDO"', stdin=json.dumps(batch) + "\n")
    assert ran.status == 0, ran.stderr
    (refused,) = ran.json_lines()
    assert refused["id"] is None
    assert refused["error"]["code"] == -32004
    assert refused["error"]["data"] == {"name": "maxBatch", "limit": 10_000, "value": 10_001}


def test_a_report_window_may_be_one_instant(tmp_path: Path) -> None:
    """`--from` not after `--to`: equal ends are a window (one instant), not a refusal."""
    session = ndjson(
        request(1, "alert.enqueue", {"type": "gift"}),
        request(2, "clock.advance", {"ms": 100}),
    )
    recorded = sh('"$ORDO" --clock manual --trace t.trace', stdin=session, cwd=tmp_path)
    assert recorded.status == 0, recorded.stderr
    ran = sh('"$ORDO" report t.trace --from 50 --to 50 -o instant.html', cwd=tmp_path)
    assert (ran.status, ran.stdout) == (0, "instant.html\n"), ran.stderr
    assert (tmp_path / "instant.html").read_text().startswith("<!")


def test_max_tree_depth_defaults_to_512() -> None:
    """Without --max-tree-depth a layer.tree 512 levels deep is answered whole and one 513
    deep is -32004 naming the limit 512."""
    chain = [request(0, "layer.add", {"id": "l0"})] + [
        request(level, "layer.add", {"id": f"l{level}", "parent": f"l{level - 1}"})
        for level in range(1, 513)
    ]
    # From l0, the chain l0 … l512 nests 512 levels; from the root, one more.
    asks = [request(600, "layer.tree", {"id": "l0"}), request(601, "layer.tree")]
    ran = sh('"$ORDO"', stdin=json.dumps(chain) + "\n" + ndjson(*asks))
    assert ran.status == 0, ran.stderr
    added, served, last = ran.lines
    assert all("result" in answer for answer in json.loads(added))
    # Too deep for Python's json to parse: its start and end say it is the whole chain.
    assert served.startswith('{"jsonrpc":"2.0","id":600,"result":{"id":"l0",')
    assert '{"id":"l512","sort":0,"hidden":false,"children":[]}' in served
    refused = json.loads(last)
    assert refused["id"] == 601
    assert refused["error"]["code"] == -32004
    assert refused["error"]["data"] == {"name": "maxTreeDepth", "limit": 512, "value": 513}


def test_trace_max_bytes_defaults_to_256_mib(tmp_path: Path) -> None:
    """Without --trace-max-bytes a trace of a few MiB is recorded whole: no
    `{"truncated":true}` line, and it replays identical."""
    blob = "x" * (3 << 20)
    session = ndjson(
        request(1, "layer.add", {"id": "big", "data": {"blob": blob}}),
        request(2, "layer.get", {"id": "big"}),
        request(3, "engine.ping"),
    )
    ran = sh('"$ORDO" --clock manual --trace t.trace', stdin=session, cwd=tmp_path)
    assert ran.status == 0, ran.stderr
    assert len(ran.lines) == 3
    trace = (tmp_path / "t.trace").read_bytes()
    # The blob in, out as layer.add's answer and again as layer.get's: over 9 MiB.
    assert len(trace) > 3 * len(blob)
    assert b'{"truncated":true}' not in trace
    assert trace.endswith(b'"result":{"pong":true,"at":0}}}\n')
    replayed = sh('"$ORDO" replay t.trace', cwd=tmp_path)
    assert (replayed.status, replayed.stdout, replayed.stderr) == (0, "identical\n", "")


def test_report_writes_trace_dot_html_without_o(tmp_path: Path) -> None:
    """The page's default path is TRACE.html, beside the trace, and it is what is printed."""
    recorded = sh(
        '"$ORDO" --clock manual --trace bug.trace',
        stdin=ndjson(request(1, "alert.enqueue", {"type": "gift"})),
        cwd=tmp_path,
    )
    assert recorded.status == 0, recorded.stderr
    ran = sh('"$ORDO" report bug.trace', cwd=tmp_path)
    assert (ran.status, ran.stdout) == (0, "bug.trace.html\n"), ran.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == ["bug.trace", "bug.trace.html"]
    assert (tmp_path / "bug.trace.html").read_text().startswith("<!")


def sync_calls(tmp_path: Path, *flags: str) -> int:
    """How many fsync and fdatasync calls three commits to a new state file make."""
    db = tmp_path / "sync.db"
    for path in tmp_path.glob("sync.db*"):
        path.unlink()
    calls = tmp_path / "calls.txt"
    lines = ndjson(
        *(
            {"method": "alert.configure", "params": {"queue": "q", "maxConcurrent": n}}
            for n in (2, 3, 4)
        )
    )
    ran = sh(
        f'strace -f -qq -e trace=fsync,fdatasync -o "$OUT" "$ORDO" --state "$DB" {" ".join(flags)}'
        " call -",
        stdin=lines,
        env={"DB": str(db), "OUT": str(calls)},
    )
    assert ran.status == 0, ran.stderr
    return sum("sync(" in line for line in calls.read_text().splitlines())


@pytest.mark.skipif(shutil.which("strace") is None, reason="needs strace")
def test_sync_defaults_to_full(tmp_path: Path) -> None:
    """Without --sync each commit is made durable as --sync full makes it: the same fsyncs,
    more than --sync normal's (which leaves the log's to the checkpoint)."""
    if sh("strace -qq -o /dev/null true").status != 0:
        pytest.skip("strace cannot trace here")
    default = sync_calls(tmp_path)
    assert default == sync_calls(tmp_path, "--sync", "full")
    assert default > sync_calls(tmp_path, "--sync", "normal")


@pytest.mark.parametrize("subcommand", ["replay t.trace", "report t.trace"])
def test_events_before_another_subcommand_says_it_goes_with_call(subcommand: str) -> None:
    """`--events` is call's: before replay or report that is what the refusal says, not
    only that they take no engine flags."""
    ran = sh(f'"$ORDO" --events {subcommand}')
    assert (ran.status, ran.stdout) == (2, "")
    assert ran.stderr.startswith(f"ordo {subcommand.split()[0]}: --events only goes with call\n")


@pytest.mark.parametrize("flag", ["--state", "--trace"])
def test_an_empty_path_is_refused_as_no_path(flag: str, tmp_path: Path) -> None:
    """`--state=` (or `--state "$UNSET"` as the last flag) names no file: refused with the
    usage before anything is opened, not an open that fails on the empty name."""
    for arguments in (f"{flag}= call engine.ping", f'{flag} "" call engine.ping'):
        ran = sh(f'"$ORDO" {arguments}', cwd=tmp_path)
        assert (ran.status, ran.stdout) == (2, ""), arguments
        assert ran.stderr.startswith(f"ordo: {flag} needs a file path\n\nusage: ordo"), arguments
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("flag", "accepted"),
    [
        ("--clock", "system or manual"),
        ("--log-level", "error, warn, info or debug"),
        ("--sync", "full or normal"),
        ("--framing", "auto, ndjson or lsp"),
    ],
)
def test_a_flag_of_named_values_says_which_it_takes(flag: str, accepted: str) -> None:
    """A value a flag does not name is refused with the values it does, before the usage
    (`--sync x` and `--sync=x` alike), and nothing is served."""
    for spelled in (f"{flag} often", f"{flag}=often"):
        ran = sh(f'"$ORDO" {spelled} < /dev/null')
        assert (ran.status, ran.stdout) == (2, ""), spelled
        assert ran.stderr.startswith(f'ordo: {flag} must be {accepted}, not "often"\n\nusage:')
