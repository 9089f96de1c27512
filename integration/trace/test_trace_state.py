"""`--state` and `--trace` together: the trace's header carries the durable state as loaded
at start, and `ordo replay` starts from it (not from the file, which it never opens), so
what a restart restored shows the same in the replay.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

from ordo_testing import engine_binary

from conftest import EngineFactory
from trace_support import (
    Engine,
    assert_identical,
    method,
    read_trace,
    replay,
    replay_difference,
    request,
    wait_for,
)

EPOCH_1 = 1_000_000
EPOCH_2 = 1_100_000


def responses(live: Engine) -> list[Any]:
    """Closes stdin and returns every message the engine wrote."""
    status, rest = live.finish()
    assert status == 0
    return [json.loads(line) for line in rest.splitlines()]


def first_session(engine: EngineFactory, state: Path) -> None:
    """Persists a showing alert, a scheduled one, a type, a queue setting and a show."""
    live = engine("--state", str(state), "--clock", "manual", "--epoch-ms", str(EPOCH_1))
    live.call("alert.defineType", {"type": "reminder", "priority": 5, "persist": True})
    live.call("alert.configure", {"queue": "default", "historyLimit": 7})
    live.call("clock.advance", {"ms": 10})
    live.call("alert.enqueue", {"type": "reminder", "id": "r1", "data": {"n": 1}})
    live.call("alert.enqueue", {"type": "reminder", "id": "r2", "delayMs": 600_000})
    live.call("alert.enqueue", {"type": "reminder", "id": "plain", "persist": False})
    messages = responses(live)
    assert not [m for m in messages if "error" in m], messages


def remove_state(state: Path) -> None:
    for path in state.parent.glob(state.name + "*"):
        path.unlink()


def test_restored_alert_replays_from_the_header(engine: EngineFactory, tmp_path: Path) -> None:
    state = tmp_path / "ui.db"
    trace = tmp_path / "restart.trace"
    first_session(engine, state)
    live = engine(
        "--state", str(state), "--clock", "manual", "--epoch-ms", str(EPOCH_2),
        "--trace", str(trace),
    )  # fmt: skip
    live.call("alert.list")
    live.call("alert.history", {})
    live.call("engine.stats")
    messages = responses(live)

    # The restart restored r1 (it was showing: suspended, then resumed before the first call,
    # a read, read it) and r2 (scheduled, in wall-clock time), not the unpersisted alert.
    listed = next(m for m in messages if m.get("id") == 1)["result"]["alerts"]
    assert {a["id"]: a["state"] for a in listed} == {"r1": "showing", "r2": "scheduled"}
    resumed = next(m for m in messages if m.get("method") == "alert.show")["params"]
    assert (resumed["alert"]["id"], resumed["resumed"]) == ("r1", True)
    assert listed[0]["createdAt"] == EPOCH_1 + 10 - EPOCH_2  # negative: before this start

    header = read_trace(trace).header
    restored = header["state"]
    assert [a["alert"]["id"] for a in restored["alerts"]] == ["r1", "r2"]
    assert restored["alerts"][0]["alert"]["createdAt"] == EPOCH_1 + 10  # wall-clock time
    assert [t["type"] for t in restored["types"]] == ["reminder"]
    assert restored["queues"][0]["historyLimit"] == 7
    assert [s["id"] for s in restored["shows"]] == ["r1"]

    # The replay starts from the header, not from the file: remove the file first. It
    # must not create one either (the recorded args still say --state).
    remove_state(state)
    assert_identical(trace)
    assert not list(tmp_path.glob("ui.db*"))

    # Without the header's state, the replay starts empty: differences.
    lines = trace.read_bytes().split(b"\n")
    header.pop("state")
    lines[0] = json.dumps(header, separators=(",", ":")).encode()
    stripped = tmp_path / "stripped.trace"
    stripped.write_bytes(b"\n".join(lines))
    number, expected, got = replay_difference(stripped)
    assert number == 1 and '"r1"' in expected and '"r1"' not in got


def test_the_report_shows_an_alert_that_expired_while_no_engine_ran(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """A persisted alert whose TTL ran out between two runs comes back expired: alert.list
    says so, and the report gave it no row (it drew restored alerts that were active only),
    though "why did my popup not show?" is what it is opened for."""
    state = tmp_path / "ui.db"
    trace = tmp_path / "restart.trace"
    first = engine("--state", str(state), "--clock", "manual", "--epoch-ms", str(EPOCH_1))
    first.call("alert.defineType", {"type": "t", "persist": True})
    first.call(
        "alert.enqueue",
        {"type": "t", "id": "exp1", "queue": "q2", "ttlMs": 2000, "delayMs": 100_000},
    )
    assert not [m for m in responses(first) if "error" in m]
    # 10 s later in wall-clock time: exp1's TTL ran out 8 s before this start.
    live = engine(
        "--state", str(state), "--clock", "manual", "--epoch-ms", str(EPOCH_1 + 10_000),
        "--trace", str(trace),
    )  # fmt: skip
    live.call("alert.list", {"states": ["expired"]})
    listed = next(m for m in responses(live) if m.get("id") == 1)["result"]["alerts"]
    assert [(a["id"], a["endedAt"]) for a in listed] == [("exp1", -8000)]

    page = tmp_path / "r.html"
    subprocess.run([engine_binary(), "report", str(trace), "-o", str(page)], check=True, timeout=60)
    html = page.read_text()
    ending = "expired at -8000 ms, while no engine ran (its TTL ran out; found expired when"
    assert 'class="end end-expired" data-alert="exp1"' in html
    assert html.count(ending) >= 3, html  # end mark, row label tooltip, the table
    assert "<dd>1 in 1 queue," in html
    # The axis starts at the session's start, not 8 s before it.
    assert "engine time 0 to 0 ms" in html


def test_engine_reset_with_state_replays(engine: EngineFactory, tmp_path: Path) -> None:
    """engine.reset reloads the state file as if the process restarted; the replay has no
    file, and must reload the same: what the session had made durable by then."""
    state = tmp_path / "ui.db"
    trace = tmp_path / "reset.trace"
    first_session(engine, state)
    live = engine(
        "--state", str(state), "--clock", "manual", "--epoch-ms", str(EPOCH_2),
        "--trace", str(trace),
    )  # fmt: skip
    live.call("alert.enqueue", {"type": "reminder", "id": "r3", "delayMs": 50})
    live.call("alert.enqueue", {"type": "reminder", "id": "gone", "persist": False})
    live.call("alert.defineType", {"type": "later", "priority": 1, "persist": True})
    live.call("alert.forget", {"type": "nothing-matches"})
    live.call("alert.complete", {"id": "r1"})
    live.call("engine.reset")
    live.call("alert.list")
    live.call("clock.advance", {"ms": 100})
    live.call("alert.history", {})
    live.call("engine.reset", {"state": True})
    live.call("alert.list")
    live.call("alert.defineType", {"type": "x"})
    messages = responses(live)
    assert not [m for m in messages if "error" in m], messages
    after_reset = next(m for m in messages if m.get("id") == 7)["result"]["alerts"]
    assert [a["id"] for a in after_reset] == ["r3", "r2"]  # r1 ended, "gone" not persisted
    emptied = next(m for m in messages if m.get("id") == 11)["result"]["alerts"]
    assert emptied == []

    remove_state(state)
    assert_identical(trace)


def test_restored_scheduled_alert_fires_on_the_system_clock(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """A persisted scheduled alert restored by a system-clock restart becomes ready at its
    wall-clock time, during the session (on a machine that takes its 2 s to restart, at the
    first request); the replay fires it at the same engine time."""
    state = tmp_path / "ui.db"
    trace = tmp_path / "system.trace"
    live = engine("--state", str(state))
    live.call("alert.defineType", {"type": "reminder", "persist": True})
    live.call("alert.enqueue", {"type": "reminder", "id": "soon", "delayMs": 2000})
    responses(live)
    live = engine("--state", str(state), "--trace", str(trace))
    id = live.call("engine.ping")
    # Normally due after the ping's answer; on a machine slow enough to take the 2 s to
    # restart, due at once (still in the session, recorded and replayed the same way).
    show = wait_for(live, method("alert.show"), live.until_response(id))
    assert show["params"]["alert"]["id"] == "soon"
    id = live.call("alert.get", {"id": "soon"})
    live.until_response(id)
    responses(live)
    assert read_trace(trace).header["state"]["alerts"][0]["alert"]["id"] == "soon"
    remove_state(state)
    result = replay(trace)
    assert (result.status, result.stdout) == (0, "identical\n"), result.stdout + result.stderr


def test_a_tampered_state_file_is_refused_not_trusted(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """A state file edited to hold a counter Ordo never writes (2^63 - 1: the next enqueue
    would overflow) is refused at start with status 2; a trace header carrying such a state
    is refused by ordo replay the same way."""
    state = tmp_path / "ui.db"
    first_session(engine, state)
    with sqlite3.connect(state) as database:
        database.execute("UPDATE counters SET value = ? WHERE name = 'lastSeq'", (2**63 - 1,))
    database.close()
    live = engine("--state", str(state), "--trace", str(tmp_path / "never.trace"))
    status, rest = live.finish()
    assert (status, rest) == (2, b"")
    assert "did not write" in live.stderr() and "lastSeq" in live.stderr()
    assert not (tmp_path / "never.trace").exists()

    trace = tmp_path / "tampered.trace"
    good = tmp_path / "good.db"
    first_session(engine, good)
    live = engine("--state", str(good), "--clock", "manual", "--trace", str(trace))
    live.call("alert.list")
    assert live.finish()[0] == 0
    lines = trace.read_bytes().split(b"\n")
    header = json.loads(lines[0])
    header["state"]["counters"]["lastSeq"] = 2**63 - 1
    lines[0] = json.dumps(header).encode()
    trace.write_bytes(b"\n".join(lines))
    result = replay(trace)
    assert result.status == 2 and "lastSeq" in result.stderr, result.stderr


def test_a_header_state_the_loader_would_refuse_is_refused(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """A header's state is read as the state file's rows are: two alerts of one seq or one
    id, two queues of one name (spelled either way), or a key named twice, make ordo replay
    and ordo report exit 2 naming the row, where they replayed it (one of two alerts of one
    id dropped without a word). The unedited trace replays identical."""
    state = tmp_path / "ui.db"
    first_session(engine, state)
    live = engine("--state", str(state), "--clock", "manual", "--trace", str(tmp_path / "t"))
    live.call("alert.list")
    assert live.finish()[0] == 0
    assert_identical(tmp_path / "t")
    lines = (tmp_path / "t").read_bytes().split(b"\n")

    def edited(name: str, edit: Any) -> Path:
        header = json.loads(lines[0])
        edit(header["state"])
        path = tmp_path / name
        path.write_bytes(b"\n".join([json.dumps(header).encode(), *lines[1:]]))
        return path

    def same_seq(state: Any) -> None:
        state["alerts"][1]["alert"]["seq"] = state["alerts"][0]["alert"]["seq"]

    def same_id(state: Any) -> None:
        state["alerts"][1]["alert"]["id"] = state["alerts"][0]["alert"]["id"]

    def twin_queue(state: Any) -> None:
        state["queues"].append({**state["queues"][0], "queue": "cafe\u0301"})
        state["queues"][0]["queue"] = "caf\u00e9"

    assert [q["queue"] for q in json.loads(lines[0])["state"]["queues"]] == ["default"]
    cases = {
        edited("seq.trace", same_seq): "/state/alerts/1: an alert with the seq of another",
        edited("id.trace", same_id): "/state/alerts/1: an alert with the id of another",
        edited("queue.trace", twin_queue): "/state/queues/1: a queue with the name of another",
    }
    twice = tmp_path / "twice.trace"
    head = lines[0].replace(b'"state":"showing"', b'"state":"pending","state":"showing"', 1)
    assert head != lines[0]
    twice.write_bytes(b"\n".join([head, *lines[1:]]))
    cases[twice] = "its header names a key twice (duplicate object key near '\"state\"')"
    for trace, said in cases.items():
        result = replay(trace)
        assert (result.status, result.stdout) == (2, ""), (trace.name, result.stdout)
        assert said in result.stderr, (trace.name, result.stderr)
        page = tmp_path / "report.html"
        done = subprocess.run(
            [engine_binary(), "report", str(trace), "-o", str(page)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2 and said in done.stderr, (trace.name, done.stderr)
        assert not page.exists()


def recorded_reset_batch(engine: EngineFactory, tmp_path: Path) -> Path:
    """The trace of a --state session of one batch: an alert enqueued (and shown), then
    engine.reset, which commits and releases that output mid-batch, then a ping."""
    trace = tmp_path / "reset-batch.trace"
    live = engine("--state", str(tmp_path / "ui.db"), "--clock", "manual", "--trace", str(trace))
    batch = [
        {"jsonrpc": "2.0", "id": 1, "method": "alert.enqueue", "params": {"type": "x"}},
        {"jsonrpc": "2.0", "id": 2, "method": "engine.reset"},
        {"jsonrpc": "2.0", "id": 3, "method": "engine.ping"},
    ]
    live.send(json.dumps(batch).encode() + b"\n")
    status, _ = live.finish()
    assert status == 0
    return trace


def test_a_batch_whose_engine_reset_commits_records_its_input_first(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """With --state, engine.reset inside a batch releases what the entries before it sent;
    the batch is recorded before that output (it was recorded after, its alert.show first:
    an output before the input that caused it)."""
    trace = recorded_reset_batch(engine, tmp_path)
    records = read_trace(trace).records
    assert [r.dir for r in records] == ["in", "out", "out"]
    assert records[1].message["method"] == "alert.show"
    assert [m["id"] for m in records[2].message] == [1, 2, 3]
    assert_identical(trace)


def test_a_batch_keeps_its_instant_across_engine_reset_on_the_system_clock(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """A batch is one input at one instant, an engine.reset inside it included: its fresh
    engine starts at the batch's time, not at the clock's time after the reset's commit and
    reload (tens of ms here), which no trace records: replay found a difference."""
    trace = tmp_path / "reset-instant.trace"
    live = engine("--state", str(tmp_path / "ui.db"), "--trace", str(trace))
    batch: list[dict[str, Any]] = [
        {
            "jsonrpc": "2.0",
            "id": n,
            "method": "alert.enqueue",
            "params": {"type": "t", "persist": True},
        }
        for n in range(2000)
    ]
    batch += [
        {"jsonrpc": "2.0", "id": "before", "method": "engine.ping"},
        {"jsonrpc": "2.0", "id": "reset", "method": "engine.reset", "params": {"state": True}},
        {"jsonrpc": "2.0", "id": "after", "method": "clock.now"},
    ]
    live.send(json.dumps(batch).encode() + b"\n")
    status, _ = live.finish()
    assert status == 0
    answers = {m["id"]: m["result"] for m in read_trace(trace).records[-1].message}
    assert answers["after"]["now"] == answers["before"]["at"]
    assert_identical(trace)


def test_a_trace_of_an_ordo_before_0_2_1_keeps_its_misplaced_reset_output(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """Before 0.2.1 the output an engine.reset released inside a batch was recorded before
    the batch. Such a trace still replays: places are not compared in a trace that old."""
    trace = recorded_reset_batch(engine, tmp_path)
    header, batch_in, show, answers = trace.read_bytes().splitlines(keepends=True)
    assert b'"alert.show"' in show
    misplaced = [show, batch_in, answers]
    old = json.loads(header)
    for version, status_expected in (("0.2.0", 0), (old["ordo"], 1)):
        edited = tmp_path / f"as-{version}.trace"
        header_line = json.dumps({**old, "ordo": version}, separators=(",", ":")).encode()
        edited.write_bytes(header_line + b"\n" + b"".join(misplaced))
        assert replay(edited).status == status_expected, version


def nested_data_request(depth: int) -> bytes:
    """A persisted alert.enqueue whose data is `depth` deep as the parser counts (a string
    inside depth - 1 arrays, the string holding brackets a naive count would take)."""
    data = "[" * (depth - 1) + '"[{\\"]"' + "]" * (depth - 1)
    return (
        '{"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"deep",'
        f'"id":"d{depth}","persist":true,"delayMs":100000000,"data":{data}}}}}\n'
    ).encode()


def test_restored_data_as_deep_as_a_request_carries_replays(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """Data as deep as a request may carry (2046: the request and its params are two more
    levels, the parser reads 2048) sits three levels deeper in the header's state: past 2043
    the header carries it as text (dataText), which the replay and the report read back."""
    for depth in (2043, 2044, 2046):
        state = tmp_path / f"deep{depth}.db"
        trace = tmp_path / f"deep{depth}.trace"
        first = engine("--state", str(state), "--clock", "manual")
        first.send(nested_data_request(depth))
        status, written = first.finish()
        assert status == 0 and b'"result":{"alert":{"id":"d' in written, written[:300]
        live = engine("--state", str(state), "--clock", "manual", "--trace", str(trace))
        live.send(request("alert.get", {"id": f"d{depth}"}, id=2))
        status, written = live.finish()
        # Too deep for Python's json: compared as text.
        assert status == 0 and written.count(b"[") >= depth - 1, written[:300]
        header = trace.read_bytes().split(b"\n", 1)[0]
        assert (b'"dataText":' in header) == (depth > 2043), depth
        remove_state(state)
        assert_identical(trace)
        report = tmp_path / f"deep{depth}.html"
        done = subprocess.run(
            [engine_binary(), "report", str(trace), "-o", str(report)],
            capture_output=True, timeout=60,
        )  # fmt: skip
        assert done.returncode == 0 and f"d{depth}".encode() in report.read_bytes(), done.stderr
