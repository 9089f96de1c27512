"""Traces recorded by older Ordos, replayed and reported by this one: the way a bug report
from a user of an older release arrives.

fixtures/SESSION-VERSION.ndjson is the trace Ordo VERSION wrote in one fixed session of
fixtures/make_old_traces.py (run against that version's binary; fixtures/README.md says
which commit), and fixtures/answers-VERSION.json what the client read on stdout in each
(its lines' count and SHA-256: the trace holds the same messages in full). Three sessions:
`session` (layers, alerts of three queues, dedupe, limits, preemption, expiry, pages, a
pause, errors, a notification, a batch, a layer picture; manual clock, `--state`),
`restart` (a second session on the state file a first one left) and `system` (the system
clock, switched to manual and back).

docs/protocol.md ("ordo replay", "ordo report"): a trace of an older Ordo loads; its
replay compares every output, so a behaviour changed since is a difference; whoever reads
that difference is told that the trace is older and that it may be such a change, not a
bug, in both `ordo replay` (a note on stderr, after the verdict) and the report's page.
Everything a session of these versions did, other than the changes below, replays as it
was recorded.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import subprocess
import tempfile
from pathlib import Path

import pytest
from ordo_testing import engine_binary

from trace_support import REPLAY_TIMEOUT, replay

FIXTURES = Path(__file__).resolve().parent / "fixtures"
VERSIONS = sorted(
    (path.stem.removeprefix("answers-") for path in FIXTURES.glob("answers-*.json")),
    key=lambda version: tuple(int(part) for part in version.split(".")),
)
SESSIONS = ("session", "restart", "system")

# The first difference each replay finds, from a behaviour changed on purpose since: the
# layer picture's tooltips (each ends with its depth and parent since 0.2.30; in 0.2.10 and
# before, its clip ids had no tag), the first request after a restart (0.2.0 answered alert.list
# with the restored alerts still pending after it had sent their alert.show), the times
# of an alert of the system clock after a switch to the manual one (0.2.0 kept the system
# clock's numbers). No other version answers otherwise: those replays are identical.
FIRST_DIFFERENCE = {
    "session": "difference at output message 103 (line 162; after input message 58 on line 161):",
}
OLDEST_ONLY = {
    "restart": "difference at output message 3 (line 5; after input message 1 on line 2):",
    "system": "difference at output message 13 (line 23; after input message 9 on line 22):",
}


def expected_verdict(session: str, version: str) -> str | None:
    """The first line of the replay's verdict, None for `identical`."""
    if session in FIRST_DIFFERENCE:
        return FIRST_DIFFERENCE[session]
    return OLDEST_ONLY[session] if version == "0.2.0" else None


def current_version() -> str:
    done = subprocess.run(
        [engine_binary(), "--version"], capture_output=True, text=True, check=True, timeout=30
    )
    return done.stdout.split()[-1]


def version_note(recorded: str, replaying: str) -> str:
    return (
        f"the trace was recorded by Ordo {recorded} and replayed by Ordo {replaying}: a"
        " behaviour changed between those versions is a difference too, so this one may be"
        f" such a change rather than a bug (a replay with Ordo {recorded} shows whether the"
        " recording repeats there)"
    )


def trace_of(session: str, version: str) -> Path:
    return FIXTURES / f"{session}-{version}.ndjson"


def recorded_outputs(trace: Path) -> list[bytes]:
    """Each output record's `msg`, as its bytes in the trace (the message as written)."""
    outputs = []
    for line in trace.read_bytes().splitlines():
        match = re.match(rb'^\{"dir":"out","at":-?[0-9]+,"msg":(.*)\}$', line)
        if match:
            outputs.append(match[1])
    return outputs


def report_page(trace: Path) -> str:
    """`ordo report TRACE -o PAGE` (status 0, nothing on stderr): the page's text, as a
    reader sees it (tags dropped, entities read)."""
    with tempfile.TemporaryDirectory(prefix="ordo-old-report-") as scratch:
        page = Path(scratch) / "report.html"
        done = subprocess.run(
            [engine_binary(), "report", str(trace), "-o", str(page)],
            capture_output=True,
            text=True,
            timeout=REPLAY_TIMEOUT,
        )
        assert done.returncode == 0, done.stderr
        assert done.stderr == ""
        text = page.read_text(encoding="utf-8")
    text = re.sub(r"<(style|svg)\b.*?</\1>", " ", text, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text)))


@pytest.mark.parametrize("version", VERSIONS)
def test_each_trace_holds_what_its_engine_answered(version: str) -> None:
    """The fixtures themselves: each trace's outputs are, byte for byte and in order, what
    the client read from that engine; its header names that version."""
    answers = json.loads((FIXTURES / f"answers-{version}.json").read_text())
    assert answers["version"] == version
    for session in SESSIONS:
        trace = trace_of(session, version)
        header = json.loads(trace.read_bytes().splitlines()[0])
        assert header["ordo"] == version
        outputs = recorded_outputs(trace)
        read = answers["stdout"][session]
        assert len(outputs) == read["lines"], session
        digest = hashlib.sha256(b"".join(output + b"\n" for output in outputs)).hexdigest()
        assert digest == read["sha256"], session


@pytest.mark.parametrize("session", SESSIONS)
@pytest.mark.parametrize("version", VERSIONS)
def test_an_older_trace_replays_and_a_difference_says_the_versions(
    session: str, version: str
) -> None:
    """Every old trace loads (status 0 or 1, never refused); the replay repeats what the old
    engine did up to the first behaviour changed since; that difference is followed by a
    note on stderr naming both versions, and an identical replay says nothing more."""
    result = replay(trace_of(session, version))
    first = expected_verdict(session, version)
    if first is None:
        assert (result.status, result.stdout, result.stderr) == (0, "identical\n", "")
        return
    assert result.status == 1, result.stdout + result.stderr
    assert result.stdout.splitlines()[0] == first
    assert result.stderr == f"ordo replay: note: {version_note(version, current_version())}\n"


@pytest.mark.parametrize("version", VERSIONS)
def test_the_layer_picture_is_the_only_difference_of_the_session(version: str) -> None:
    """The long session differs only at its last output, the answer of layer.render (id 55),
    whose SVG's wording changed: everything before it, alerts and layers and errors and the
    batch, replays as the old engine answered it."""
    result = replay(trace_of("session", version))
    lines = result.stdout.splitlines()
    outputs = recorded_outputs(trace_of("session", version))
    assert len(outputs) == 103
    expected = lines[1].removeprefix("  expected: ")
    got = lines[2].removeprefix("  got:      ")
    assert expected.startswith('{"jsonrpc":"2.0","id":55,"result":{"svg":"<svg ')
    assert got.startswith('{"jsonrpc":"2.0","id":55,"result":{"svg":"<svg ')


@pytest.mark.parametrize("version", VERSIONS)
def test_the_report_of_an_older_trace_says_the_versions(version: str) -> None:
    """The page's red "Replay" line names the difference and says that the trace is older
    and the difference may be a behaviour change; a report of an identical replay has no
    such line."""
    text = report_page(trace_of("session", version))
    assert f"Ordo {version} Arguments" in text
    assert (
        "Replay differs from the recording"
        f" ({FIRST_DIFFERENCE['session'].removesuffix(':')}): the timeline shows what the Ordo"
        " that wrote this report did when replaying it, not what the recorded one did; ordo"
        f" replay prints the difference. Note: {version_note(version, current_version())}"
    ) in text
    if expected_verdict("restart", version) is None:
        assert "differs from the recording" not in report_page(trace_of("restart", version))


def test_a_difference_in_a_trace_of_this_version_has_no_version_note(tmp_path: Path) -> None:
    """The note is about versions: a trace whose header names this Ordo's version (here an
    old one relabelled, so that it differs) gets the difference alone, in replay and report."""
    own = current_version()
    source = trace_of("session", VERSIONS[-1]).read_bytes().splitlines(keepends=True)
    header = json.loads(source[0])
    header["ordo"] = own
    trace = tmp_path / "relabelled.ndjson"
    trace.write_bytes(
        json.dumps(header, separators=(",", ":")).encode() + b"\n" + b"".join(source[1:])
    )
    result = replay(trace)
    assert result.status == 1
    assert result.stdout.splitlines()[0] == FIRST_DIFFERENCE["session"]
    assert result.stderr == ""
    text = report_page(trace)
    assert "Replay differs from the recording" in text
    assert "Note:" not in text
