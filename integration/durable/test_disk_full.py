"""A commit that cannot be written: the engine runs under a small RLIMIT_FSIZE (it ignores
SIGXFSZ, so a write past the limit fails with EFBIG and SQLite reports the disk full).
Every request of the failed commit gets -32005, memory is rolled back, the engine keeps
serving; once the limit is raised on the running process, commits work again and a restart
sees exactly the changes that were answered."""

from __future__ import annotations

import contextlib
import json
import os
import platform
import resource
import shutil
import signal
import sqlite3 as sqlite
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from ordo_testing import cpu_seconds, engine_binary

from conftest import EngineFactory
from durable_support import (
    EPOCH_MS,
    JSON,
    Engine,
    alert_ids,
    call_as_nobody,
    call_once,
    request_line,
    run_engine,
    sqlite3,
)

LIMIT_BYTES = 256 * 1024
BLOB = "x" * 8000


def small_files(limit: int) -> Callable[[], None]:
    """For preexec_fn: files the engine writes may not grow past `limit` bytes (the hard
    limit stays unlimited, so the test may raise it again)."""

    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))

    return apply


def picture(live: Engine) -> tuple[JSON, JSON, JSON]:
    """What the shell can see: alerts, show history, and the counts engine.stats gives."""
    stats = live.result("engine.stats")
    counts = (stats["layers"], stats["alerts"], stats["state"]["path"], stats["state"]["commits"])
    return live.result("alert.list"), live.result("alert.history"), counts


def big_alert(id: str) -> dict[str, JSON]:
    return {"type": "t", "id": id, "persist": True, "data": {"blob": BLOB}}


def test_a_full_disk_fails_the_commit_and_rolls_memory_back(
    state: Path, engine: EngineFactory
) -> None:
    live = engine(state, epoch_ms=EPOCH_MS, preexec_fn=small_files(LIMIT_BYTES))
    live.result("alert.configure", {"maxConcurrent": 1000})
    committed: list[str] = []
    for number in range(200):
        before = picture(live)
        reply = live.call("alert.enqueue", big_alert(f"a{number}"))
        if "error" in reply.message:
            failed = f"a{number}"
            break
        assert reply.event_methods() == ["alert.show"]
        committed.append(f"a{number}")
    else:
        raise AssertionError(f"no commit failed under a {LIMIT_BYTES}-byte file size limit")
    assert len(committed) >= 3, "the first commits should fit"

    error = reply.error
    assert error["code"] == -32005, error
    assert error["data"]["reason"] == "disk_full", error
    # The detail names the system's reason (EFBIG here).
    assert "File too large" in error["data"]["detail"], error
    # None of its events were written, and memory is as before the request.
    assert reply.events == []
    assert picture(live) == before
    assert live.call("alert.get", {"id": failed}).error["code"] == -32001

    # The failed commit folded the write-ahead log into the file, emptying it: the next one
    # may fit again (test_a_failed_commit_folds_the_log_in_to_make_room). Here nothing grows.
    resource.prlimit(live.pid, resource.RLIMIT_FSIZE, (4096, resource.RLIM_INFINITY))
    # Everything read in one wake-up is one commit: a whole batch fails, the read-only
    # ping and the (not durable) layer included, and the layer is not there.
    events, responses = live.batch(
        [
            ("layer.add", {"id": "L", "sort": 0}),
            ("alert.enqueue", big_alert(failed)),
            ("engine.ping", None),
        ]
    )
    assert events == []
    assert [response["error"]["code"] for response in responses] == [-32005] * 3
    assert all(response["error"]["data"]["reason"] == "disk_full" for response in responses)
    assert live.call("layer.get", {"id": "L"}).error["code"] == -32001
    assert picture(live) == before
    assert live.result("engine.ping")["pong"] is True

    # Room again: the same request commits.
    resource.prlimit(
        live.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY)
    )
    retried = live.call("alert.enqueue", big_alert(failed))
    assert retried.result["disposition"] == "queued"
    assert retried.event_methods() == ["alert.show"]
    committed.append(failed)
    stats = live.result("engine.stats")["state"]
    assert stats["commits"] == before[2][3] + 1
    assert live.close() == 0

    # A restart sees exactly the answered changes.
    again = engine(state, epoch_ms=EPOCH_MS)
    alerts = again.result("alert.list")["alerts"]
    assert sorted(alert_ids(alerts)) == sorted(committed)
    assert all(alert["data"] == {"blob": BLOB} for alert in alerts)
    shows = again.result("alert.history", {"limit": 1000})["shows"]
    assert [show["id"] for show in shows] == list(reversed(committed))
    assert [alert["seq"] for alert in sorted(alerts, key=lambda a: a["seq"])] == list(
        range(1, len(committed) + 1)
    )


def test_a_failed_commit_folds_the_log_in_to_make_room(state: Path, engine: EngineFactory) -> None:
    """SQLite folds its write-ahead log into the file every 4 MB or so and then reuses it at
    its size: under a smaller limit (a quota, a nearly full disk) the log held the room,
    and every commit after the first failed one failed too, until the engine restarted.
    Now a commit that finds no room folds the log in and empties it: the request that
    failed stays failed (-32005, nothing changed), the next one fits. 60 enqueues of 1 KB
    under a 200 KiB limit: 11 answered before, each of the others -32005."""
    live = engine(state, epoch_ms=EPOCH_MS, preexec_fn=small_files(200 * 1024))
    outcomes: list[str] = []
    for number in range(60):
        params = {"type": "t", "id": f"a{number}", "persist": True, "data": "x" * 1000}
        reply = live.call("alert.enqueue", params)
        if "error" in reply.message:
            assert reply.error["data"]["reason"] == "disk_full", reply.error
            outcomes.append("full")
        else:
            outcomes.append("ok")
    answered = [f"a{n}" for n, outcome in enumerate(outcomes) if outcome == "ok"]
    assert "full" in outcomes, outcomes
    # After each failure the log was folded in: the next commit found room.
    assert "full,full" not in ",".join(outcomes), outcomes
    assert len(answered) >= 50, outcomes
    log = Path(f"{state}-wal")
    assert log.stat().st_size <= 200 * 1024
    assert live.close() == 0
    again = engine(state, epoch_ms=EPOCH_MS)
    assert sorted(alert_ids(again.result("alert.list")["alerts"])) == sorted(answered)


def test_a_reset_that_cannot_empty_the_file_changes_nothing(
    state: Path, engine: EngineFactory, tmp_path: Path
) -> None:
    # The trace goes to a pipe: the file size limit would cut a trace file short too.
    trace = tmp_path / "full.trace"
    os.mkfifo(trace)
    recorded: list[bytes] = []
    reader = threading.Thread(target=lambda: recorded.append(trace.read_bytes()))
    reader.start()
    live = engine(
        state, "--trace", str(trace), epoch_ms=EPOCH_MS, preexec_fn=small_files(LIMIT_BYTES)
    )
    live.result("alert.configure", {"maxConcurrent": 1000})
    live.result("layer.add", {"id": "root"})
    for number in range(200):
        reply = live.call("alert.enqueue", big_alert(f"a{number}"))
        if "error" in reply.message:
            break
    else:
        raise AssertionError(f"no commit failed under a {LIMIT_BYTES}-byte file size limit")
    before = picture(live)
    # The failed commit emptied the log into the file: nothing may grow from here.
    resource.prlimit(live.pid, resource.RLIMIT_FSIZE, (4096, resource.RLIM_INFINITY))

    # Emptying the file is a write too: it fails, and memory keeps everything.
    error = live.call("engine.reset", {"state": True}).error
    assert error["code"] == -32005 and error["data"]["reason"] == "disk_full", error
    # A write failed, not a read: the message says which.
    assert error["message"] == (
        "The durable state could not be written (the disk is full); nothing was changed."
    ), error
    assert picture(live) == before
    assert live.result("layer.get", {"id": "root"})["id"] == "root"
    assert live.close() == 0
    again = engine(state, epoch_ms=EPOCH_MS)
    assert alert_ids(again.result("alert.list")["alerts"]) == alert_ids(before[0]["alerts"])

    # The trace has each request followed by what was written for it: the failed enqueue's
    # alert.show was never written, so it is not recorded either.
    reader.join(timeout=30)
    records = [json.loads(line) for line in recorded[0].splitlines()[1:]]
    failed = next(
        index
        for index, record in enumerate(records)
        if record["dir"] == "in" and record["msg"]["id"] == reply.message["id"]
    )
    answer = records[failed + 1]
    assert answer["dir"] == "out" and answer["msg"]["id"] == reply.message["id"]
    assert answer["msg"]["error"]["code"] == -32005

    # A replay writes no file, so the failed enqueue succeeds there: the difference says why.
    copy = tmp_path / "full-copy.trace"
    copy.write_bytes(recorded[0])
    replayed = subprocess.run(
        [engine_binary(), "replay", str(copy)], capture_output=True, text=True, timeout=60
    )
    assert replayed.returncode == 1, replayed
    assert f'"id":{reply.message["id"]},"error":{{"code":-32005' in replayed.stdout
    assert "(the recorded answer is -32005, a commit of the state file that failed" in (
        replayed.stdout
    ), replayed.stdout


def test_a_batch_keeps_what_its_engine_reset_committed_when_a_later_commit_fails(
    state: Path, engine: EngineFactory
) -> None:
    """engine.reset commits what came before it: in a batch, those entries keep their
    answers when an entry after the reset fails to commit; only the later ones get -32005
    and are rolled back."""
    live = engine(state, epoch_ms=EPOCH_MS, preexec_fn=small_files(LIMIT_BYTES))
    events, responses = live.batch(
        [
            ("alert.enqueue", {"type": "t", "id": "A", "persist": True}),
            ("engine.reset", None),
            ("layer.add", {"id": "L"}),
            ("alert.enqueue", {"type": "t", "id": "B", "persist": True, "data": "x" * 400_000}),
        ]
    )
    assert responses[0]["result"]["alert"]["id"] == "A"
    assert responses[1]["result"] is None
    assert [r["error"]["code"] for r in responses[2:]] == [-32005, -32005]
    # A showed before the reset; the reset is silent; A, restored, shows again with the
    # next request that releases it, not with the failed ones.
    assert [e["method"] for e in events] == ["alert.show"]
    assert live.call("layer.get", {"id": "L"}).error["code"] == -32001
    assert live.call("alert.get", {"id": "B"}).error["code"] == -32001
    assert live.result("alert.get", {"id": "A"})["id"] == "A"
    assert live.close() == 0
    again = engine(state, epoch_ms=EPOCH_MS)
    assert alert_ids(again.result("alert.list")["alerts"]) == ["A"]


def test_a_reset_keeps_its_answer_when_a_request_read_with_it_fails_to_commit(
    state: Path, engine: EngineFactory
) -> None:
    """A lone engine.reset ends its commit group as it does in a batch: the requests read
    with it, after it, are a group of their own, and only they get -32005 when their
    commit fails; the reset, done and committed, keeps its answer.

    The three lines are one write of less than a pipe's 64 KiB, so that the engine reads
    them at once (a larger write reached it in parts, and a part read alone is a group of
    its own); the log is under 32 KiB after the reset, and B's 40 KB do not fit under the
    64 KiB limit."""
    live = engine(state, epoch_ms=EPOCH_MS, preexec_fn=small_files(64 * 1024))
    live.result("alert.enqueue", {"type": "t", "id": "A", "persist": True})
    big = {"type": "t", "id": "B", "persist": True, "data": "x" * 40_000}
    live.send(
        request_line("engine.reset", None, 101)
        + request_line("layer.add", {"id": "L"}, 102)
        + request_line("alert.enqueue", big, 103)
    )
    responses: list[dict[str, JSON]] = []
    while len(responses) < 3:
        message = live.read_message()
        assert isinstance(message, dict)
        if "id" in message:  # the events (A shows again after the reset) aside
            responses.append(message)
    assert [r["id"] for r in responses] == [101, 102, 103], responses
    assert responses[0]["result"] is None, responses[0]
    assert [r["error"]["code"] for r in responses[1:]] == [-32005, -32005]
    assert live.call("layer.get", {"id": "L"}).error["code"] == -32001
    assert live.call("alert.get", {"id": "B"}).error["code"] == -32001
    assert live.result("alert.get", {"id": "A"})["id"] == "A"
    assert live.close() == 0


def test_a_reset_whose_commit_of_its_batch_fails_leaves_no_failure_behind(
    state: Path, engine: EngineFactory
) -> None:
    """engine.reset first commits the entries of its batch before it; when that commit
    finds the disk full, the batch fails with -32005, and the failure ends with it: once
    there is room, the next request commits (the failure must not be thrown again)."""
    live = engine(state, epoch_ms=EPOCH_MS, preexec_fn=small_files(LIMIT_BYTES))
    _, responses = live.batch(
        [
            ("alert.enqueue", {"type": "t", "id": "B", "persist": True, "data": "x" * 400_000}),
            ("engine.reset", None),
        ]
    )
    assert [r["error"]["code"] for r in responses] == [-32005, -32005], responses
    resource.prlimit(live.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY,) * 2)
    assert live.result("alert.enqueue", {"type": "t", "id": "A", "persist": True})["alert"]
    assert live.result("alert.enqueue", {"type": "t", "id": "C", "persist": True})["alert"]
    assert live.close() == 0
    again = engine(state, epoch_ms=EPOCH_MS)
    assert alert_ids(again.result("alert.list")["alerts"]) == ["A", "C"]


def test_a_first_request_whose_commit_fails_leaves_the_restored_alerts_waiting(
    state: Path, engine: EngineFactory
) -> None:
    """The first request after a start lets the restored alerts compete; when its commit
    fails, the rollback holds them again, for the next request to release (the rollback
    restored the screen but not the engine's note that they wait: they never showed)."""
    first = engine(state, epoch_ms=EPOCH_MS)
    assert first.result("alert.enqueue", {"type": "t", "id": "r", "persist": True})
    assert first.close() == 0
    live = engine(state, epoch_ms=EPOCH_MS, preexec_fn=small_files(LIMIT_BYTES))
    big = {"type": "t", "id": "B", "persist": True, "data": "x" * 400_000}
    failed = live.call("alert.enqueue", big)
    assert failed.error["code"] == -32005, failed
    assert failed.events == []
    resource.prlimit(live.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY,) * 2)
    after = live.call("alert.get", {"id": "r"})
    assert after.result["state"] == "showing", after
    assert [event["params"]["alert"]["id"] for event in after.events] == ["r"], after.events
    assert live.close() == 0


@pytest.mark.parametrize("shape", ["lines", "batch"])
def test_a_reset_whose_write_back_fails_fails_alone(
    state: Path, engine: EngineFactory, shape: str
) -> None:
    """engine.reset commits the requests before it, reloads the file and writes the
    restored alerts back (showing ones come back suspended). When only that write-back
    finds the disk full, the reset alone gets -32005 and changes nothing; the request
    before it, already in the file, keeps its answer and stays in memory. (The group's
    rollback once undid that request in memory too, though the file kept it.)"""
    live = engine(state, epoch_ms=EPOCH_MS)
    for number in range(6):
        alert = big_alert(f"s{number}") | {"queue": f"q{number}"}
        assert live.result("alert.enqueue", alert)["alert"]["state"] == "showing"
    before = picture(live)
    # The write-ahead log only grows until the engine ends: room for the configure's few
    # pages, not for six 8 KB alerts written back.
    wal = Path(f"{state}-wal").stat().st_size
    resource.prlimit(live.pid, resource.RLIMIT_FSIZE, (wal + 16 * 1024, resource.RLIM_INFINITY))
    configure: tuple[str, JSON] = ("alert.configure", {"queue": "qq", "maxConcurrent": 2})
    reset: tuple[str, JSON] = ("engine.reset", None)
    if shape == "batch":
        events, responses = live.batch([configure, reset])
    else:
        live.send(request_line(*configure, 101) + request_line(*reset, 102))
        responses = [live.read_message(), live.read_message()]
        events = []
    assert events == []
    assert isinstance(responses[0], dict) and isinstance(responses[1], dict)
    assert responses[0]["result"] == {
        "queue": "qq",
        "maxConcurrent": 2,
        "minGapMs": 0,
        "historyLimit": 1000,
    }, responses[0]
    error = responses[1]["error"]
    assert error["code"] == -32005 and error["data"]["reason"] == "disk_full", error
    # Memory: the configure stands, the reset did not happen (the alerts still show).
    assert live.result("alert.configure", {"queue": "qq"})["maxConcurrent"] == 2
    assert picture(live)[0] == before[0]
    resource.prlimit(
        live.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY)
    )
    assert live.close() == 0
    again = engine(state, epoch_ms=EPOCH_MS)
    assert again.result("alert.configure", {"queue": "qq"})["maxConcurrent"] == 2
    assert sorted(alert_ids(again.result("alert.list")["alerts"])) == [
        f"s{number}" for number in range(6)
    ]


def test_a_failed_first_commit_keeps_what_the_restore_wrote_back(
    state: Path, engine: EngineFactory
) -> None:
    """What a start's restore changed (an alert expired while the engine was down) is
    committed with the first group. When that commit fails, the rollback kept memory as the
    restore left it but forgot those changes, so the file kept the expired alert's row for
    good; they are committed with the next group now."""
    first = engine(state, epoch_ms=EPOCH_MS)
    scheduled = {"type": "t", "id": "x", "persist": True, "delayMs": 60_000, "ttlMs": 50}
    assert first.result("alert.enqueue", scheduled)["alert"]["state"] == "scheduled"
    assert first.close() == 0
    assert sqlite3(state, "SELECT id FROM alerts").split() == ["x"]

    live = engine(state, epoch_ms=EPOCH_MS + 1000)  # x expired while the engine was down
    # Opened (SQLite sizes its shared-memory file at the first read, before the load), the
    # engine writes nothing more until its first commit: no room for the write-ahead log to
    # grow then, and that commit fails.
    shm = Path(f"{state}-shm")
    deadline = time.monotonic() + 10
    while not (shm.exists() and shm.stat().st_size >= 32768) and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.3)
    resource.prlimit(live.pid, resource.RLIMIT_FSIZE, (0, resource.RLIM_INFINITY))
    assert live.call("engine.ping").error["code"] == -32005
    resource.prlimit(
        live.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY)
    )
    assert live.result("alert.get", {"id": "x"})["state"] == "expired"
    assert live.result("engine.ping")["pong"] is True
    assert live.close() == 0
    assert sqlite3(state, "SELECT id FROM alerts").split() == []


def test_a_request_over_the_size_limit_in_a_failed_group_gets_the_storage_error(
    state: Path, engine: EngineFactory
) -> None:
    """A request skipped for its size belongs to the commit group of the read that held
    it: when that group's commit fails, its answer is -32005 too, as every request's of
    the group (it was never answered: the client waited for ever)."""
    live = engine(state, "--max-message-bytes", "300", epoch_ms=EPOCH_MS)
    assert live.result("engine.ping")["pong"] is True
    resource.prlimit(live.pid, resource.RLIMIT_FSIZE, (0, resource.RLIM_INFINITY))
    over = {"type": "t", "data": "x" * 400}
    live.send(
        request_line("alert.enqueue", {"type": "t", "persist": True}, id=2)
        + request_line("alert.enqueue", over, id=7)
    )
    answers = [live.read_message(), live.read_message()]
    assert [(a["id"], a["error"]["code"]) for a in answers if isinstance(a, dict)] == [
        (2, -32005),
        (7, -32005),
    ]
    resource.prlimit(
        live.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY)
    )
    assert live.result("alert.list") == {"alerts": []}
    assert live.close() == 0


@pytest.mark.parametrize("exit_id", [None, 3])
def test_an_exit_after_a_shutdown_whose_commit_failed_exits_1(
    state: Path, engine: EngineFactory, exit_id: int | None
) -> None:
    """A persisted enqueue too big for the disk, `shutdown` and `exit` in one write: one
    commit group. Its commit fails, so the enqueue and the shutdown get -32005 and are undone;
    `exit` still ends the process (the lines after it are never read), with status 1, since
    no shutdown stands (it was 0, as if the shutdown had happened). Sent as a request,
    `exit` is answered -32005 too, as every answer of the group is replaced."""
    live = engine(state, epoch_ms=EPOCH_MS, preexec_fn=small_files(LIMIT_BYTES))
    too_big = {**big_alert("A"), "data": "x" * 400_000}
    ending: dict[str, object] = {"jsonrpc": "2.0", "method": "exit"}
    if exit_id is not None:
        ending["id"] = exit_id
    lines = [
        {"jsonrpc": "2.0", "id": 1, "method": "alert.enqueue", "params": too_big},
        {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
        ending,
    ]
    live.send(b"".join(json.dumps(line).encode() + b"\n" for line in lines))
    for id in (1, 2) if exit_id is None else (1, 2, exit_id):
        answer = live.read_message()
        assert isinstance(answer, dict) and answer["id"] == id
        error = answer["error"]
        assert isinstance(error, dict) and error["code"] == -32005
    assert live.close() == 1
    again = engine(state, epoch_ms=EPOCH_MS)
    assert alert_ids(again.result("alert.list")["alerts"]) == []


def test_a_state_file_deleted_while_the_engine_runs_fails_every_commit(
    state: Path, engine: EngineFactory
) -> None:
    """Written to a deleted file, a change would be answered and lost at exit: instead each
    commit fails (-32005 io_error, naming the file), and the engine keeps serving."""
    live = engine(state, epoch_ms=EPOCH_MS)
    live.result("alert.enqueue", {"type": "t", "id": "before", "persist": True})
    state.unlink()
    failed = live.call("alert.enqueue", {"type": "t", "id": "after", "persist": True})
    assert failed.error["code"] == -32005 and failed.error["data"]["reason"] == "io_error"
    assert "deleted, renamed or replaced" in failed.error["data"]["detail"]
    assert live.call("alert.get", {"id": "after"}).error["code"] == -32001
    assert live.result("engine.ping")["pong"] is True
    # Emptying the file is a commit too, and a plain reset would reload a file no restart
    # finds: both fail, and memory keeps "before".
    for params in ({"state": True}, None):
        reset = live.call("engine.reset", params)
        assert reset.error["code"] == -32005 and reset.error["data"]["reason"] == "io_error"
    assert live.result("alert.get", {"id": "before"})["id"] == "before"
    assert live.close() == 0


def backup_with(path: Path, ids: list[str]) -> None:
    """A state file at `path` holding persisted alerts `ids` (written by `ordo call -`)."""
    lines = b"".join(
        request_line("alert.enqueue", {"type": "old", "id": id, "persist": True}, id=n)
        for n, id in enumerate(ids)
    )
    run = run_engine("--state", str(path), "call", "-", input=lines)
    assert run.rc == 0, run.err


@pytest.mark.parametrize("ending", ["exit", "SIGKILL"])
def test_a_backup_restored_over_the_state_file_while_the_engine_runs_is_what_loads_next(
    state: Path, engine: EngineFactory, ending: str
) -> None:
    """A backup copied over the state file (copy, then rename) while an engine runs: SQLite
    names the write-ahead log after the path, and neither folds a moved file's log in at
    exit nor removes it, so the old engine's log stayed beside the backup and the next
    start read its frames into it ("corrupt" with a larger backup; this session's alerts in
    place of the backup's with a small one, as here), after a clean exit or a crash. The
    engine now folds its log into the file it opened and removes the log's names when it
    finds the move, and the backup is what the next start loads."""
    backup = state.parent / "backup.db"
    backup_with(backup, ["b0", "b1", "b2"])
    live = engine(state, epoch_ms=EPOCH_MS)
    for number in range(20):
        live.result("alert.enqueue", {"type": "t", "id": f"a{number}", "persist": True})
    copy = state.parent / "copy.db"
    copy.write_bytes(backup.read_bytes())
    copy.rename(state)
    failed = live.call("alert.enqueue", {"type": "t", "id": "after", "persist": True})
    assert failed.error["data"]["reason"] == "io_error"
    assert "deleted, renamed or replaced" in failed.error["data"]["detail"]
    if ending == "exit":
        assert live.close() == 0
    else:
        live.kill()
    assert not Path(f"{state}-wal").exists()
    again = engine(state, epoch_ms=EPOCH_MS)
    assert alert_ids(again.result("alert.list")["alerts"]) == ["b0", "b1", "b2"]


@pytest.mark.parametrize("ending", ["exit", "SIGKILL"])
def test_a_state_file_renamed_while_the_engine_runs_keeps_every_commit_under_its_new_name(
    state: Path, engine: EngineFactory, ending: str
) -> None:
    """What the engine answered before the rename was in its log, named after the old path;
    a crash left it there and the renamed file without it. The log is folded into the file
    when the move is found (or at exit, with no request after it), and given up."""
    live = engine(state, epoch_ms=EPOCH_MS)
    for number in range(20):
        live.result("alert.enqueue", {"type": "t", "id": f"a{number}", "persist": True})
    renamed = state.parent / "renamed.db"
    state.rename(renamed)
    if ending == "exit":
        assert live.close() == 0  # found at exit: no request came after the rename
    else:
        failed = live.call("alert.enqueue", {"type": "t", "id": "after", "persist": True})
        assert failed.error["data"]["reason"] == "io_error"
        live.kill()
    assert sorted(path.name for path in state.parent.iterdir()) == ["renamed.db"]
    again = engine(renamed, epoch_ms=EPOCH_MS)
    assert alert_ids(again.result("alert.list")["alerts"]) == [f"a{n}" for n in range(20)]


def test_a_state_file_renamed_away_and_back_takes_commits_again_and_keeps_them(
    state: Path, engine: EngineFactory
) -> None:
    """Found moved, the file's log is folded in and its names removed; once the file is back
    under its name, commits go to a new log beside it (not the unlinked one, which no
    restart reads), and a crash keeps every answered one."""
    live = engine(state, epoch_ms=EPOCH_MS)
    live.result("alert.enqueue", {"type": "t", "id": "before", "persist": True})
    away = state.parent / "away.db"
    state.rename(away)
    failed = live.call("alert.enqueue", {"type": "t", "id": "lost", "persist": True})
    assert failed.error["data"]["reason"] == "io_error"
    away.rename(state)
    live.result("alert.enqueue", {"type": "t", "id": "back", "persist": True})
    assert Path(f"{state}-wal").exists()
    live.kill()
    again = engine(state, epoch_ms=EPOCH_MS)
    assert alert_ids(again.result("alert.list")["alerts"]) == ["before", "back"]


@pytest.mark.parametrize("replaced", [False, True])
def test_an_engine_is_refused_a_path_whose_log_another_engine_still_writes(
    state: Path, engine: EngineFactory, replaced: bool
) -> None:
    """With the first engine's file renamed away (or a backup put in its place), a second
    engine on the path locked the new file and opened the first one's log: it deleted it
    from under that engine (a new file; "disk I/O error", and the first engine's commits
    lost in a crash) or read its frames into the backup. It now waits --state-wait-ms and
    exits 2 saying the log is in use; the first engine's commits stay whole."""
    live = engine(state, epoch_ms=EPOCH_MS)
    for number in range(5):
        live.result("alert.enqueue", {"type": "t", "id": f"a{number}", "persist": True})
    renamed = state.parent / "renamed.db"
    state.rename(renamed)
    if replaced:
        backup_with(state.parent / "backup.db", ["b0"])
        (state.parent / "backup.db").rename(state)
    second = run_engine("--state", str(state), "--state-wait-ms", "100", "call", "alert.list")
    assert second.rc == 2, second.out
    assert "write-ahead log beside the state file" in second.err
    assert "is in use by a process that does not have this file open" in second.err
    assert Path(f"{state}-wal").exists()  # still the first engine's, not deleted
    assert state.exists() == replaced  # the path it created (empty) is not left behind
    failed = live.call("alert.enqueue", {"type": "t", "id": "after", "persist": True})
    assert failed.error["data"]["reason"] == "io_error"
    live.kill()
    kept = engine(renamed, epoch_ms=EPOCH_MS)
    assert alert_ids(kept.result("alert.list")["alerts"]) == [f"a{n}" for n in range(5)]
    assert kept.close() == 0
    if replaced:
        backup = engine(state, epoch_ms=EPOCH_MS)
        assert alert_ids(backup.result("alert.list")["alerts"]) == ["b0"]


def test_a_program_reading_the_state_file_itself_does_not_keep_an_engine_out(
    state: Path, engine: EngineFactory
) -> None:
    """A reader of the file at the path (a script's SQLite connection, the sqlite3 shell)
    holds the same lock on the log's index as a moved file's engine; it has this very file
    open, so an engine starts beside it, as before."""
    backup_with(state, ["b0"])
    reader = sqlite.connect(state)
    try:
        assert reader.execute("SELECT count(*) FROM alerts").fetchone() == (1,)
        assert Path(f"{state}-shm").exists()
        live = engine(state, epoch_ms=EPOCH_MS)
        assert alert_ids(live.result("alert.list")["alerts"]) == ["b0"]
        assert live.close() == 0
    finally:
        reader.close()


READER = """
import os, sqlite3, sys, time
path, stop = sys.argv[1], sys.argv[2]
opened, until = 0, time.monotonic() + 60
while not os.path.exists(stop) and time.monotonic() < until:
    # Opened and closed each time: each connection takes SQLite's locks for a moment as it
    # opens the file and reads the log's index (recovering it after an engine's crash).
    reader = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=0)
    try:
        reader.execute("SELECT count(*) FROM alerts").fetchone()
        opened += 1
    except sqlite3.OperationalError:
        pass  # the engine's own moment: the script's to handle
    finally:
        reader.close()
print(opened)
"""


def test_a_script_polling_the_state_file_keeps_no_engine_out(state: Path) -> None:
    """A script that reads the file over and over (a dashboard, a backup check): each of
    its connections holds SQLite's own locks for a moment as it opens the file and reads
    the log's index. The engine gave up at once on one such moment: a start refused as
    "in use by another program", or a request answered -32005 "database is locked". It
    waits for them (`--state-wait-ms`); every start and every commit succeeds."""
    call_once(state, "alert.defineType", {"type": "t", "persist": True})
    stop = state.parent / "stop"
    reader = subprocess.Popen(
        [sys.executable, "-c", READER, str(state), str(stop)], stdout=subprocess.PIPE, text=True
    )
    failures: list[str] = []
    try:
        for number in range(40):
            run = run_engine(
                "--state", str(state), "call", "alert.enqueue", json.dumps({"type": "t"})
            )
            if run.rc != 0:
                failures.append(f"start {number}: exit {run.rc}: {run.err.strip()}")
            elif "error" in json.loads(run.out):
                failures.append(f"start {number}: {run.out.strip()}")
    finally:
        stop.touch()
        out, _ = reader.communicate(timeout=60)
    assert failures == []
    assert int(out) > 40, "the script read the file all along"
    assert len(alert_ids(call_once(state, "alert.list")["alerts"])) == 40


def test_the_wait_for_another_programs_lock_counts_real_time(state: Path) -> None:
    """--state-wait-ms bounds the wait for another program's SQLite lock in real time, as
    it does the wait for another engine: SQLite's own busy timeout added up the sleeps it
    asked for, so a commit that got no processor for a while (a loaded machine; here,
    stopped) went on waiting for the rest once it ran again (3.5 s more of a 4 s wait)."""
    call_once(state, "alert.defineType", {"type": "t", "persist": True})
    holder = sqlite.connect(state, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")  # the write lock, held past the wait
        waiter = subprocess.Popen(
            [
                engine_binary(),
                *("--state", str(state), "--state-wait-ms", "4000", "call", "alert.enqueue"),
                json.dumps({"type": "t", "id": "late"}),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        # Its start reads the file (a writer does not block readers); then its commit waits,
        # asleep between tries (nanosleep or clock_nanosleep: 35 and 230 on x86-64, 101 and
        # 115 on arm64). Not seen asleep (another machine, a /proc that hides it), the stop
        # would come after the wait ended, and the test pass whatever the wait counts: it
        # fails instead.
        sleeps = {"x86_64": {"35", "230"}, "aarch64": {"101", "115"}}.get(platform.machine())
        assert sleeps is not None, f"the sleep syscalls of {platform.machine()} are not known"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and waiter.poll() is None:
            with contextlib.suppress(OSError, IndexError):
                if Path(f"/proc/{waiter.pid}/syscall").read_text().split()[0] in sleeps:
                    break
            time.sleep(0.01)
        else:
            pytest.fail("the engine was never seen waiting for the lock")
        time.sleep(0.2)
        waiter.send_signal(signal.SIGSTOP)
        assert waiter.poll() is None, "the engine ended its wait before it was stopped"
        time.sleep(5)  # past the 4 s it may wait
        resumed = time.monotonic()
        waiter.send_signal(signal.SIGCONT)
        out, _ = waiter.communicate(timeout=60)
        after = time.monotonic() - resumed
    finally:
        holder.close()
    assert waiter.returncode == 1
    assert json.loads(out)["data"] == {
        "reason": "io_error",
        "detail": "database is locked (SQLite code 5)",
    }
    # One step (at most 100 ms) once it runs again.
    assert after < 2.0, after
    assert alert_ids(call_once(state, "alert.list")["alerts"]) == []


@pytest.mark.skipif(os.geteuid() != 0, reason="runs the engine as another user")
def test_a_reader_the_engine_cannot_see_into_does_not_keep_it_out() -> None:
    """A reader of the file run by another user (root's sqlite3 shell, a backup job): the
    engine cannot list its open files, and took it for a moved file's engine, waiting and
    exiting 2 on a file nobody moved. Such a process is taken to have the file open."""
    top = Path(tempfile.mkdtemp(prefix="ordo-reader-"))
    try:
        top.chmod(0o777)
        state = top / "s.db"
        backup_with(state, ["b0"])
        for path in top.iterdir():
            os.chown(path, 65534, 65534)
        reader = sqlite.connect(state)  # this test's process: root
        try:
            assert reader.execute("SELECT count(*) FROM alerts").fetchone() == (1,)
            done = call_as_nobody(
                "--state", str(state), "--state-wait-ms", "100", "call", "alert.list"
            )
            assert done.returncode == 0, done.stderr
            assert [alert["id"] for alert in json.loads(done.stdout)["alerts"]] == ["b0"]
        finally:
            reader.close()
    finally:
        shutil.rmtree(top)


def test_a_timer_whose_commit_fails_is_tried_again_a_second_later(
    state: Path, engine: EngineFactory
) -> None:
    """What time alone changed is rolled back when its commit fails, and tried again a
    second later, not at every wake-up: a retry at once made the engine spin (a full core,
    a log line per try) while the file stayed unwritable."""
    live = engine(state, "--log-level", "error", clock="system")
    shown = live.call("alert.enqueue", {"type": "t", "persist": True, "durationMs": 300})
    assert shown.event_methods() == ["alert.show"]
    state.unlink()
    time.sleep(0.3 + 2.5)
    cpu = cpu_seconds(live.pid)
    tries = live.stderr().count("commit failed")
    assert 2 <= tries <= 4, live.stderr()[-2000:]
    assert cpu < 0.5, "half a second of CPU time while waiting"
    # Nothing was sent: the hide, rolled back at each try, never happened.
    assert live.pending_output(0) == []


def test_a_commit_that_works_ends_the_wait_a_failed_timer_commit_began(
    state: Path, engine: EngineFactory
) -> None:
    """The second's wait after a timer's failed commit lasts until a commit works: a
    request's commit that does lets the next timer fire when it is due, not a second after
    the failure."""
    live = engine(state, "--log-level", "error", clock="system")
    live.result("alert.configure", {"maxConcurrent": 2})
    started = time.monotonic()
    events, responses = live.batch(
        [
            ("alert.enqueue", {"type": "t", "id": "early", "persist": True, "durationMs": 200}),
            ("alert.enqueue", {"type": "t", "id": "late", "persist": True, "durationMs": 800}),
        ]
    )
    assert [event["method"] for event in events] == ["alert.show", "alert.show"], events
    assert [response["result"]["disposition"] for response in responses] == ["queued"] * 2
    # The file away from its name: the early alert's timeout cannot be committed. (A size
    # limit would stop the engine's log lines too: its stderr is a file here.)
    away = state.parent / "away.db"
    state.rename(away)
    while "commit failed" not in live.stderr():
        assert time.monotonic() - started < 0.7, "the early timeout's commit did not fail"
        time.sleep(0.01)
    away.rename(state)
    # The next request finds the early timeout due and commits it with its answer.
    reply = live.call("engine.ping")
    assert [event["params"]["id"] for event in reply.events] == ["early"], reply.events
    hidden = live.read_message(timeout=5)
    waited = time.monotonic() - started
    assert isinstance(hidden, dict) and hidden["method"] == "alert.hide", hidden
    assert hidden["params"]["id"] == "late", hidden
    # Due at 800 ms; the failure's retry time was at least 1 200 ms.
    assert waited < 1.1, f"the late timeout came {waited:.3f} s after the enqueue"
    assert live.stderr().count("commit failed") == 1, live.stderr()


def test_a_write_ahead_log_deleted_while_the_engine_runs_loses_nothing_in_a_crash(
    state: Path, engine: EngineFactory
) -> None:
    """The connection went on writing to the deleted log, which no restart reads: "before"
    and "after" were answered and lost at the next SIGKILL. The next commit now folds the
    deleted log into the file and starts a new one (logged at warn)."""
    live = engine(state, epoch_ms=EPOCH_MS)
    live.result("alert.enqueue", {"type": "t", "id": "before", "persist": True})
    wal = Path(f"{state}-wal")
    wal.unlink()
    live.result("alert.enqueue", {"type": "t", "id": "after", "persist": True})
    assert wal.exists()
    wal.unlink()  # again: the new log is watched too
    live.result("alert.enqueue", {"type": "t", "id": "last", "persist": True})
    live.kill()
    assert live.stderr().count(f"write-ahead log {state}-wal was deleted") == 2
    again = engine(state, epoch_ms=EPOCH_MS)
    assert alert_ids(again.result("alert.list")["alerts"]) == ["before", "after", "last"]


def test_a_write_ahead_log_cut_short_while_the_engine_runs_fails_commits_and_spares_the_file(
    state: Path, engine: EngineFactory
) -> None:
    """Truncated in place (`: > FILE-wal`, logrotate's copytruncate), the log lost every
    commit since the last checkpoint; SQLite went on answering commits written after the
    hole, which no restart reads, and at exit folded the log's zeros into the file, which
    then no longer opened ("not a SQLite database"). Now every commit from then on fails
    with -32005 (an alert's enqueue too: it moves the counters), requests that change
    nothing durable are served, and the file keeps its last checkpoint's state
    and opens again."""
    live = engine(state, epoch_ms=EPOCH_MS)
    for number in range(30):
        live.result("alert.enqueue", {"type": "t", "id": f"a{number}", "persist": True})
    wal = Path(f"{state}-wal")
    assert wal.stat().st_size > 0
    os.truncate(wal, 0)
    for attempt in ("after", "again"):
        refused = live.call("alert.enqueue", {"type": "t", "id": attempt, "persist": True})
        assert refused.error["code"] == -32005, refused
        assert refused.error["data"]["reason"] == "io_error"
        assert "was cut short while the engine ran" in refused.error["data"]["detail"]
    assert live.result("engine.ping")["pong"] is True
    assert live.result("layer.add", {"id": "card"})["id"] == "card"  # nothing durable
    assert live.close() == 0
    again = engine(state, epoch_ms=EPOCH_MS)
    # Nothing was checkpointed before the log was cut: the file holds none of the 30.
    assert again.result("alert.list")["alerts"] == []
    assert again.result("alert.enqueue", {"type": "t", "id": "new", "persist": True})
    assert again.close() == 0
    third = engine(state, epoch_ms=EPOCH_MS)
    assert alert_ids(third.result("alert.list")["alerts"]) == ["new"]


def test_a_log_another_program_checkpoints_whole_loses_nothing_and_commits_go_on(
    state: Path, engine: EngineFactory
) -> None:
    """`PRAGMA wal_checkpoint(TRUNCATE)` from another program (a backup or replication
    tool) copies every frame of the log into the file, then empties the log: the engine
    took the shrink for a log cut short and failed every commit from then on, though
    nothing was lost; so it did when that program wrote right after (Litestream writes its
    own table; here ANALYZE), which makes the log's index name a frame again. The log holds
    every frame its index names then; commits go on, and a crash after them loses none."""
    live = engine(state, epoch_ms=EPOCH_MS)
    expected: list[str] = []
    wal = Path(f"{state}-wal")
    for round_, sql in enumerate(
        ["PRAGMA wal_checkpoint(TRUNCATE);", "PRAGMA wal_checkpoint(TRUNCATE); ANALYZE;"]
    ):
        for number in range(20):
            expected.append(f"r{round_}-{number}")
            live.result("alert.enqueue", {"type": "t", "id": expected[-1], "persist": True})
        before = wal.stat().st_size
        busy = sqlite3(state, sql).split("|")[0]
        assert busy == "0", "the checkpoint was kept from finishing"
        assert wal.stat().st_size < before
        for attempt in ("after", "again"):
            expected.append(f"r{round_}-{attempt}")
            live.result("alert.enqueue", {"type": "t", "id": expected[-1], "persist": True})
    # Cut short in place after all that: still found.
    os.truncate(wal, 0)
    refused = live.call("alert.enqueue", {"type": "t", "id": "lost", "persist": True})
    assert refused.error["code"] == -32005, refused
    assert "was cut short while the engine ran" in refused.error["data"]["detail"]
    live.kill()
    again = engine(state, epoch_ms=EPOCH_MS)
    # The last round's two were in the log that was cut: the rest was checkpointed.
    assert alert_ids(again.result("alert.list")["alerts"]) == expected[:-2]


def log_index(state: Path) -> tuple[int, int]:
    """The last valid frame and the page size the log's index (`PATH-shm`) names (SQLite's
    WAL format: 32-bit and 16-bit words in the machine's byte order; page size 1 is 65 536)."""
    header = Path(f"{state}-shm").read_bytes()[:48]
    frames = struct.unpack_from("=I", header, 16)[0]
    page = struct.unpack_from("=H", header, 14)[0]
    return frames, 65_536 if page == 1 else page


@pytest.mark.parametrize("header", ["kept", "zeroed"])
def test_a_log_cut_to_the_frames_its_index_names_is_whole_only_with_its_header(
    state: Path, engine: EngineFactory, header: str
) -> None:
    """After another program's RESTART checkpoint the engine writes its log from the start
    again, leaving stale frames after the ones its index names. Cut back to those frames,
    the log lost nothing, and commits go on; with its header zeroed as well (the salts the
    index names gone), no restart would read any frame of it: a log cut short."""
    live = engine(state, epoch_ms=EPOCH_MS)
    for number in range(40):
        live.result("alert.enqueue", {"type": "t", "id": f"a{number}", "persist": True})
    assert sqlite3(state, "PRAGMA wal_checkpoint(RESTART);").split("|")[0] == "0"
    live.result("alert.enqueue", {"type": "t", "id": "b", "persist": True})
    frames, page = log_index(state)
    wal = Path(f"{state}-wal")
    needed = 32 + frames * (24 + page)
    assert 0 < needed < wal.stat().st_size, (frames, page, wal.stat().st_size)
    with wal.open("r+b") as log:
        log.truncate(needed)
        if header == "zeroed":
            log.write(bytes(32))
    answer = live.call("alert.enqueue", {"type": "t", "id": "c", "persist": True})
    expected = [f"a{number}" for number in range(40)] + ["b"]
    if header == "kept":
        assert "result" in answer.message, answer
        expected.append("c")
    else:
        assert answer.error["code"] == -32005, answer
        assert "was cut short while the engine ran" in answer.error["data"]["detail"]
        expected.remove("b")  # only in the log, whose header is gone
    live.kill()
    again = engine(state, epoch_ms=EPOCH_MS)
    assert alert_ids(again.result("alert.list")["alerts"]) == expected


def test_a_log_checkpointed_through_a_new_index_is_taken_for_cut_short(
    state: Path, engine: EngineFactory
) -> None:
    """With the log's index (`PATH-shm`) deleted, another program makes its own and
    checkpoints through it: the engine still writes by the index it mapped, past the end
    of the emptied log, where no restart reads (answered commits lost). The new index is
    not the engine's, so it is not trusted: the shrink is a log cut short, and commits
    fail rather than be lost."""
    live = engine(state, epoch_ms=EPOCH_MS)
    for number in range(10):
        live.result("alert.enqueue", {"type": "t", "id": f"a{number}", "persist": True})
    Path(f"{state}-shm").unlink()
    assert sqlite3(state, "PRAGMA wal_checkpoint(TRUNCATE);").split("|")[0] == "0"
    refused = live.call("alert.enqueue", {"type": "t", "id": "after", "persist": True})
    assert refused.error["code"] == -32005, refused
    live.kill()
    again = engine(state, epoch_ms=EPOCH_MS)
    assert alert_ids(again.result("alert.list")["alerts"]) == [f"a{n}" for n in range(10)]


def test_a_deleted_write_ahead_log_is_found_beside_the_state_files_own_name(
    tmp_path: Path, engine: EngineFactory
) -> None:
    """Through a symbolic link, SQLite keeps the log beside the file's own name: the check
    looked beside the link's name, found none, and never watched the log."""
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "s.db"
    link = tmp_path / "link.db"
    link.symlink_to(target)
    live = engine(link, epoch_ms=EPOCH_MS)
    live.result("alert.enqueue", {"type": "t", "id": "before", "persist": True})
    Path(f"{target}-wal").unlink()
    live.result("alert.enqueue", {"type": "t", "id": "after", "persist": True})
    live.kill()
    assert f"write-ahead log {target}-wal was deleted" in live.stderr()
    again = engine(link, epoch_ms=EPOCH_MS)
    assert alert_ids(again.result("alert.list")["alerts"]) == ["before", "after"]


def engine_with_a_deleted_log_and_no_room(state: Path, engine: EngineFactory) -> Engine:
    """40 persisted alerts, all still in the log; then no room for more than 8 KiB beyond
    the state file, and the log deleted."""
    live = engine(state, epoch_ms=EPOCH_MS)
    for number in range(40):
        live.result("alert.enqueue", big_alert(f"a{number}"))
    wal = Path(f"{state}-wal")
    assert wal.stat().st_size > 200_000 > state.stat().st_size  # still in the log
    resource.prlimit(
        live.pid, resource.RLIMIT_FSIZE, (state.stat().st_size + 8192, resource.RLIM_INFINITY)
    )
    wal.unlink()
    for attempt in ("x1", "x2"):
        failed = live.call("alert.enqueue", big_alert(attempt))
        assert failed.error["code"] == -32005, failed
        assert failed.error["data"]["reason"] == "disk_full", failed.error
        assert "there is no room to write what it held" in failed.error["data"]["detail"]
    return live


def test_a_deleted_log_that_cannot_be_folded_in_for_want_of_room_loses_nothing(
    state: Path, engine: EngineFactory
) -> None:
    """Leaving WAL mode closed the deleted log even when its checkpoint failed halfway: the
    state file was left damaged, and every later commit and the next start refused it.
    The room is now allocated before the checkpoint, which runs before leaving WAL mode."""
    live = engine_with_a_deleted_log_and_no_room(state, engine)
    resource.prlimit(live.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY,) * 2)
    live.result("alert.enqueue", big_alert("after"))
    live.kill()
    again = engine(state, epoch_ms=EPOCH_MS)
    ids = alert_ids(again.result("alert.list")["alerts"])
    assert ids == [f"a{number}" for number in range(40)] + ["after"]


@pytest.mark.parametrize("end", ["kill", "exit"])
def test_a_deleted_log_left_unfolded_for_want_of_room_leaves_the_file_whole(
    state: Path, engine: EngineFactory, end: str
) -> None:
    """A checkpoint that ran out of room stopped halfway, pages of the file rewritten and the
    rest only in the deleted log: after a crash, or the exit's own checkpoint, the file was
    damaged. Now nothing is written without the room; what the deleted log held is lost (a
    crash before a fold loses it, as documented), the file stays whole."""
    live = engine_with_a_deleted_log_and_no_room(state, engine)
    if end == "kill":
        live.kill()
    else:
        assert live.close() == 0
    assert sqlite3(state, "PRAGMA quick_check").strip() == "ok"
    again = engine(state, epoch_ms=EPOCH_MS)
    assert again.result("alert.list")["alerts"] == []


def test_a_trace_cut_by_its_limit_keeps_no_answer_a_failed_commit_dropped(
    state: Path, engine: EngineFactory, tmp_path: Path
) -> None:
    """The limit is reached inside a group whose commit then fails: the answers recorded
    before it were never sent (the client got -32005), so they leave the trace too."""
    trace = tmp_path / "cut.trace"
    live = engine(state, "--trace", str(trace), "--trace-max-bytes", "1500", epoch_ms=EPOCH_MS)
    assert live.result("engine.ping")["pong"] is True
    state.unlink()  # every commit fails from now on
    small = {"jsonrpc": "2.0", "id": 11, "method": "alert.enqueue", "params": {"type": "t"}}
    big = {"jsonrpc": "2.0", "id": 12, "method": "layer.add", "params": {"data": "x" * 2000}}
    live.send((json.dumps(small) + "\n" + json.dumps(big) + "\n").encode())
    answers = [live.read_message(), live.read_message()]
    assert [a["error"]["code"] for a in answers if isinstance(a, dict)] == [-32005, -32005]
    assert live.close() == 0
    lines = trace.read_bytes().splitlines()
    assert lines[-1] == b'{"truncated":true}'
    records = [json.loads(line) for line in lines[1:-1]]
    # The ping and its answer, then the enqueue alone: its alert.show and its answer were
    # recorded, then dropped with the failed commit.
    assert [(r["dir"], r["msg"].get("id")) for r in records] == [
        ("in", 1),
        ("out", 1),
        ("in", 11),
    ], records


def test_a_start_with_no_room_for_the_state_file_says_the_disk_is_full(
    state: Path, ordo_bin: str
) -> None:
    """SQLite calls the failed write of a new file's first page a "disk I/O error"; the
    engine says what it means, as a commit's -32005 would (reason disk_full)."""
    done = subprocess.run(
        [ordo_bin, "--state", str(state), "call", "engine.ping"],
        preexec_fn=small_files(1024),
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 2, done
    assert done.stdout == ""
    assert done.stderr.startswith(f"ordo: cannot use the state file {state}: the disk is full")
