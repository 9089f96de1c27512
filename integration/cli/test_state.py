"""`ordo --state FILE call`: each process starts from what the earlier ones committed, so
frequency limits hold across separate processes (a hook that runs once per checkout)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

from ordo_testing import engine_binary

from cli_support import ndjson, q, sh

DAY = 24 * 60 * 60 * 1000


def test_a_once_limit_holds_across_three_processes(tmp_path: Path) -> None:
    state = f'--state "{tmp_path}/ui.db"'
    defined = sh(
        f'"$ORDO" {state} call alert.defineType '
        + q({"type": "once", "limit": {"max": 1}, "persist": True})
    )
    assert defined.status == 0, defined.stderr
    assert defined.json()["limit"] == {"max": 1, "windowMs": None, "per": None}

    answers = []
    for _ in range(3):
        ran = sh(f'"$ORDO" {state} call alert.enqueue {q({"type": "once"})}')
        assert ran.status == 0, ran.stderr
        answers.append(ran.json())
    first, second, third = answers
    assert first["disposition"] == "queued"
    assert first["alert"]["state"] == "showing"
    assert first["alert"]["persist"] is True  # the type's default
    for later in (second, third):
        assert later == {"alert": None, "disposition": "limited", "retryAt": None}

    shows = sh(f'"$ORDO" {state} call alert.history').json()["shows"]
    assert [(show["id"], show["type"]) for show in shows] == [(first["alert"]["id"], "once")]


def test_the_change_is_committed_before_the_process_exits(tmp_path: Path) -> None:
    db = tmp_path / "ui.db"
    ran = sh(
        f'"$ORDO" --state "{db}" call alert.enqueue '
        + q({"type": "remind", "id": "r1", "persist": True, "delayMs": DAY})
    )
    assert ran.status == 0, ran.stderr
    assert ran.json()["alert"]["state"] == "scheduled"
    # The file alone, read by SQLite after the process is gone, holds the alert ...
    with sqlite3.connect(db) as connection:
        dump = "\n".join(connection.iterdump())
    assert "r1" in dump
    # ... and a later process sees it, still scheduled for tomorrow.
    later = sh(f'"$ORDO" --state "{db}" call alert.get {q({"id": "r1"})}')
    assert later.status == 0, later.stderr
    assert later.json()["state"] == "scheduled"
    assert later.json()["readyAt"] > DAY - 60_000


def test_a_daily_limit_across_processes_on_the_manual_clock(tmp_path: Path) -> None:
    """--epoch-ms starts each process at a chosen wall-clock time: "a day later"."""
    state = f'--clock manual --state "{tmp_path}/ui.db"'
    rate = {"type": "rate", "limit": {"max": 1, "windowMs": DAY}}
    assert sh(f'"$ORDO" {state} call alert.defineType {q(rate)}').status == 0

    def enqueue_at(wall_ms: int) -> dict[str, object]:
        ran = sh(f'"$ORDO" {state} --epoch-ms {wall_ms} call alert.enqueue {q({"type": "rate"})}')
        assert ran.status == 0, ran.stderr
        answer: dict[str, object] = ran.json()
        return answer

    assert enqueue_at(1_000_000)["disposition"] == "queued"
    an_hour_later = enqueue_at(1_000_000 + 3_600_000)
    assert an_hour_later["disposition"] == "limited"
    assert an_hour_later["retryAt"] == DAY - 3_600_000  # engine time of that process
    assert enqueue_at(1_000_000 + DAY)["disposition"] == "queued"


def test_restored_alerts_show_only_after_the_calls_request(tmp_path: Path) -> None:
    state = f'--clock manual --state "{tmp_path}/ui.db"'
    made = sh(f'"$ORDO" {state} call alert.enqueue {q({"type": "t", "id": "p", "persist": True})}')
    assert made.status == 0, made.stderr
    # Cancelling everything first: the restored alert never flashes on screen.
    cancelled = sh(f'"$ORDO" {state} --events call alert.cancel {q({"all": True})}')
    assert cancelled.status == 0, cancelled.stderr
    assert [line.get("method") for line in cancelled.json_lines()] == ["alert.idle", None]
    assert cancelled.json_lines()[-1] == {"cancelled": ["p"]}


def test_a_restored_alert_shows_again_before_the_first_answer(tmp_path: Path) -> None:
    state = f'--clock manual --state "{tmp_path}/ui.db"'
    made = sh(f'"$ORDO" {state} call alert.enqueue {q({"type": "t", "id": "p", "persist": True})}')
    assert made.status == 0, made.stderr
    ran = sh(f'"$ORDO" {state} --events call engine.ping')
    assert ran.status == 0, ran.stderr
    show, pong = ran.json_lines()
    assert show["method"] == "alert.show"
    assert (show["params"]["alert"]["id"], show["params"]["resumed"]) == ("p", True)
    assert pong == {"pong": True, "at": 0}


def test_state_commits_counts_each_transaction_emptying_the_file_included(
    tmp_path: Path,
) -> None:
    """`engine.stats`' `state.commits`: each line of `call -` is a commit group; one that
    changes nothing durable (a read, a plain reset, a layer) commits nothing, and
    `engine.reset {state: true}`, which empties the file, is one."""
    stats = {"method": "engine.stats"}
    lines = [
        stats,
        {"method": "alert.enqueue", "params": {"type": "t", "persist": True}},
        stats,
        {"method": "engine.reset", "params": {"state": True}},
        stats,
        {"method": "engine.reset"},
        {"method": "layer.add", "params": {"id": "x"}},
        stats,
    ]
    ran = sh(
        f'"$ORDO" --clock manual --state "{tmp_path}/c.db" call -',
        stdin="".join(json.dumps(line) + "\n" for line in lines),
    )
    assert ran.status == 0, ran.stdout
    answers = ran.json_lines()
    commits = [a["state"]["commits"] for a in answers if isinstance(a, dict) and "state" in a]
    assert commits == [0, 1, 2, 2]


def test_an_emptied_file_starts_the_next_process_at_the_first_id_and_seq(
    tmp_path: Path,
) -> None:
    """`engine.reset {state: true}` empties the counters with the rest: the next process
    numbers its alerts from alert-1 and seq 1, as on a new file (it went on from 3)."""
    state = f'--clock manual --state "{tmp_path}/e.db"'
    enqueue = {"method": "alert.enqueue", "params": {"type": "t", "persist": True}}
    reset = {"method": "engine.reset", "params": {"state": True}}
    lines = "".join(json.dumps(line) + "\n" for line in (enqueue, enqueue, reset))
    assert sh(f'"$ORDO" {state} call -', stdin=lines).status == 0
    ran = sh(f'"$ORDO" {state} call alert.enqueue {q({"type": "t"})}')
    assert ran.status == 0, ran.stderr
    alert = ran.json()["alert"]
    assert (alert["id"], alert["seq"]) == ("alert-1", 1)


def test_a_state_file_in_use_exits_2_naming_it(tmp_path: Path) -> None:
    db = tmp_path / "ui.db"
    ran = sh(
        f"""
        mkfifo input
        "$ORDO" --state "{db}" < input &
        server=$!
        exec 3> input   # the server runs until this closes
        for _ in $(seq 200); do [ -s "{db}" ] && break; sleep 0.05; done
        "$ORDO" --state "{db}" --state-wait-ms 100 call engine.ping
        status=$?
        exec 3>&-
        wait $server || exit 99
        exit $status
        """,
        cwd=tmp_path,
    )
    assert ran.status == 2
    assert ran.stdout == ""
    assert str(db) in ran.stderr and "in use" in ran.stderr


def test_a_trace_over_the_state_file_is_refused_and_the_file_kept(tmp_path: Path) -> None:
    """`--trace` creates its file truncated: given the state file (by any name, or its
    write-ahead log) it erased every durable record while the engine answered on."""
    db = tmp_path / "ui.db"
    state = f'--state "{db}"'
    assert sh(f'"$ORDO" {state} call alert.defineType {q({"type": "keep"})}').status == 0
    (tmp_path / "link.db").symlink_to(db)
    for trace in (db, tmp_path / "link.db", tmp_path / "ui.db-wal"):
        (tmp_path / "ui.db-wal").touch()
        ran = sh(f'"$ORDO" {state} --trace "{trace}" call engine.ping')
        assert ran.status == 2
        assert "give the trace another path" in ran.stderr
        assert ran.stdout == ""
    with sqlite3.connect(db) as connection:
        assert connection.execute("select count(*) from types").fetchone() == (1,)
    served = sh(
        f'"$ORDO" {state} --trace "{db}"', stdin='{"jsonrpc":"2.0","id":1,"method":"engine.ping"}\n'
    )
    assert served.status == 2 and served.stdout == ""
    assert sh(f'"$ORDO" {state} call alert.defineType {q({"type": "more"})}').status == 0


def test_a_trace_over_the_engines_stdin_stdout_or_stderr_is_refused_and_the_file_kept(
    tmp_path: Path,
) -> None:
    """`--trace` creates its file truncated: over stdin it emptied the requests before they
    were read (`call -` then read its own records back as requests, each nesting the one
    before, up to --trace-max-bytes: 268 MB from a 68-byte input); over stdout answers and
    records overwrote each other. Both are refused, by any name, before anything runs."""
    requests = '{"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"a"}}\n'
    (tmp_path / "in.nd").write_text(requests)
    (tmp_path / "link.nd").symlink_to(tmp_path / "in.nd")
    for script, stream in (
        ('"$ORDO" --trace in.nd call - < in.nd', "stdin"),
        ('"$ORDO" --trace link.nd < in.nd', "stdin"),
        ('"$ORDO" --trace out.nd call engine.ping > out.nd', "stdout"),
        ('"$ORDO" --trace out.nd < in.nd >> out.nd', "stdout"),
    ):
        ran = sh(script + "; echo status=$?", cwd=tmp_path)
        assert ran.stdout.endswith("status=2\n"), (script, ran)
        assert f"is the engine's {stream}; give the trace another path" in ran.stderr, script
        assert (tmp_path / "in.nd").read_text() == requests
    assert (tmp_path / "out.nd").read_text() == ""
    # Over stderr, log lines overwrote the header (the refusal goes there, as stderr does).
    ran = sh('"$ORDO" --trace err.nd call engine.ping 2> err.nd; echo status=$?', cwd=tmp_path)
    assert ran.stdout == "status=2\n", ran
    said = (tmp_path / "err.nd").read_text()
    assert "is the engine's stderr; give the trace another path" in said
    # Other files still take the trace, /dev/null among them (not a regular file).
    ran = sh('"$ORDO" --trace t.nd call - < in.nd && "$ORDO" replay t.nd', cwd=tmp_path)
    assert ran.status == 0 and ran.stdout.endswith("identical\n"), ran
    assert sh('"$ORDO" --trace /dev/null call engine.ping > /dev/null').status == 0


def test_a_trace_another_engine_is_writing_is_refused_and_kept_whole(tmp_path: Path) -> None:
    """Two engines given one --trace (two editor windows with one configured path): the
    second emptied the file while the first went on writing at its own offset, so the
    trace began with NUL bytes and no replay read it. The second is refused (exit 2, the
    file untouched) while the first writes; the first's trace replays identical, and the
    path is free again once it exits."""
    ping = '{"jsonrpc":"2.0","id":1,"method":"engine.ping"}\n'
    first = subprocess.Popen(
        [engine_binary(), "--trace", "t.nd"],
        cwd=tmp_path,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert first.stdin is not None and first.stdout is not None
    first.stdin.write(ping.encode())
    first.stdin.flush()
    assert json.loads(first.stdout.readline())["result"]["pong"] is True
    ran = sh('"$ORDO" --trace t.nd call layer.add \'{"id": "a"}\'; echo status=$?', cwd=tmp_path)
    assert ran.stdout == "status=2\n", ran
    assert "another Ordo engine is writing it; give each engine its own trace" in ran.stderr
    first.stdin.write(ping.replace('"id":1', '"id":2').encode())
    first.stdin.close()
    assert json.loads(first.stdout.readline())["id"] == 2
    assert first.wait(timeout=30) == 0
    replayed = sh('"$ORDO" replay t.nd', cwd=tmp_path)
    assert replayed.status == 0 and replayed.stdout.endswith("identical\n"), replayed
    assert sh('"$ORDO" --trace t.nd call engine.ping', cwd=tmp_path).status == 0


def test_a_trace_over_the_files_sqlite_keeps_beside_a_linked_state_file_is_refused(
    tmp_path: Path,
) -> None:
    """SQLite keeps the -wal, -shm and -journal beside the state file's real path, and they
    need not exist yet: a trace there is refused too (one on the live -wal lost committed
    changes at a crash; one on the -journal was deleted as a hot journal at the next start).
    A trace merely named like the state file is not refused."""
    (tmp_path / "real").mkdir()
    (tmp_path / "ui.db").symlink_to(tmp_path / "real" / "ui.db")
    state = f'--state "{tmp_path}/ui.db"'
    assert sh(f'"$ORDO" {state} call alert.defineType {q({"type": "keep"})}').status == 0
    for trace in ("real/ui.db-wal", "real/ui.db-journal", "real/../real/ui.db-shm"):
        ran = sh(f'"$ORDO" {state} --trace "{tmp_path}/{trace}" call engine.ping')
        assert ran.status == 2, trace
        assert "give the trace another path" in ran.stderr
    for trace in ("ui.db-trace", "ui.db-journal", "elsewhere.trace"):
        ran = sh(f'"$ORDO" {state} --trace "{tmp_path}/{trace}" call engine.ping')
        assert ran.status == 0, (trace, ran.stderr)
    listed = sh(f'"$ORDO" {state} call alert.defineType {q({"type": "more"})}')
    assert listed.status == 0


def test_a_commit_that_fails_is_answered_on_its_line_with_nothing_on_stderr(
    tmp_path: Path,
) -> None:
    """A full disk (a file-size limit) fails a commit: `call -` prints the -32005 error on
    that line, runs the next, and writes nothing on stderr; `call METHOD` says it once."""
    state = f'--state "{tmp_path}/ui.db"'
    assert sh(f'"$ORDO" {state} call engine.ping').status == 0
    big = {
        "method": "alert.enqueue",
        "params": {"type": "p", "persist": True, "data": "x" * 100_000},
    }
    lines = "\n".join([json.dumps(big), json.dumps({"method": "alert.list"})])
    ran = sh(f'ulimit -f 60; "$ORDO" {state} call -', stdin=lines + "\n")
    assert ran.status == 1
    failed, listed = ran.json_lines()
    assert failed["code"] == -32005 and failed["data"]["reason"] == "disk_full"
    assert listed == {"alerts": []}, "rolled back: the alert is not in memory either"
    assert ran.stderr == ""
    single = sh(f'ulimit -f 60; "$ORDO" {state} call alert.enqueue {q(big["params"])}')
    assert single.status == 1
    assert single.stderr == f"ordo call: {single.json()['message']}\n"


def test_a_flag_value_that_starts_with_a_combining_mark(tmp_path: Path) -> None:
    """`--state=VALUE` is cut at the `=` scalar: `=` followed by a combining mark is one
    Swift Character, which was no "=", and the flag was refused as an unknown argument."""
    name = "\u0301ui.db"
    ran = sh(f'"$ORDO" --state={name} call alert.defineType {q({"type": "keep"})}', cwd=tmp_path)
    assert ran.status == 0, ran.stderr
    assert (tmp_path / name).is_file()
    listed = sh(f'"$ORDO" --state "{tmp_path}/{name}" call alert.defineType {q({"type": "more"})}')
    assert listed.status == 0, listed.stderr
    with sqlite3.connect(tmp_path / name) as connection:
        assert connection.execute("select count(*) from types").fetchone() == (2,)


def test_a_path_with_an_unexpanded_tilde_is_named_as_such(tmp_path: Path) -> None:
    """A shell expands `~`, Ordo does not: a path in a program's argument list or a config
    file reaches it as typed. The state file's message said to `mkdir -p` its directory,
    which would make one named `~`; the others gave the system's "No such file or
    directory" alone. Each now says why (not where a directory named `~` exists)."""
    hint = "a leading ~ is expanded by a shell, not by Ordo (no shell read this path)"
    trace = tmp_path / "ok.trace"
    recorded = subprocess.run(
        [engine_binary(), "--trace", str(trace), "call", "engine.ping"], capture_output=True
    )
    assert recorded.returncode == 0, recorded
    for args, said in [
        (["--state", "~/x.db", "call", "engine.ping"], "cannot open the state file ~/x.db: its"),
        (["--state", "~who/s.db", "call", "engine.ping"], "its directory ~who does not exist; "),
        (["--trace", "~/x.trace", "call", "engine.ping"], "cannot write the trace ~/x.trace: "),
        (["replay", "~/x.trace"], "ordo replay: cannot read ~/x.trace: "),
        (["report", "~/x.trace"], "ordo report: cannot read ~/x.trace: "),
        (["report", str(trace), "-o", "~/r.html"], "ordo report: cannot write ~/r.html: "),
    ]:
        run = subprocess.run([engine_binary(), *args], capture_output=True, text=True, cwd=tmp_path)
        assert run.returncode == 2, (args, run)
        assert said in run.stderr and hint in run.stderr, (args, run.stderr)
        assert "mkdir" not in run.stderr, (args, run.stderr)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["ok.trace"]
    # Where a directory named `~` exists, the path is what it says: no hint.
    (tmp_path / "~").mkdir()
    run = subprocess.run(
        [engine_binary(), "--state", "~/sub/x.db", "call", "engine.ping"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert run.returncode == 2 and "mkdir -p it first" in run.stderr, run.stderr
    assert hint not in run.stderr, run.stderr


def _call_lines(state: Path, *lines: Any, events: bool = True) -> list[Any]:
    """`ordo --state STATE --clock manual [--events] call -` of `lines`: what it printed."""
    run = subprocess.run(
        [engine_binary(), "--state", str(state), "--clock", "manual"]
        + (["--events"] if events else [])
        + ["call", "-"],
        input=ndjson(*lines),
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run
    return [json.loads(line) for line in run.stdout.splitlines()]


def test_the_readmes_restart_advice_mounts_restored_popups_and_keeps_a_read_from_showing(
    tmp_path: Path,
) -> None:
    """README, "Two things to know at a restart": a persisted popup restored before its
    mount parent exists shows without a layer; made in the first request, the parent
    holds it. A script that only reads pauses the popups' queue first: nothing shows in
    its process, and the popup still waits for the app."""
    state = tmp_path / "ui.db"
    enqueue = {
        "method": "alert.enqueue",
        "params": {
            "type": "rate",
            "id": "R",
            "persist": True,
            "queue": "modal",
            "mount": {"parent": "popups", "sort": 1},
        },
    }
    first = _call_lines(
        state,
        {"method": "alert.pause", "params": {"queue": "modal"}},
        {"method": "layer.add", "params": {"id": "popups"}},
        enqueue,
    )
    assert [line.get("method") for line in first] == [None, None, None]

    # A read that pauses the queue first: nothing shows, nothing is counted.
    read = _call_lines(
        state,
        {"method": "alert.pause", "params": {"queue": "modal"}},
        {"method": "alert.history", "params": {}},
        {"method": "alert.get", "params": {"id": "R"}},
    )
    assert not any(line.get("method") == "alert.show" for line in read), read
    assert read[1]["shows"] == [] and read[2]["state"] == "pending", read

    # The app's screen built in another order: the popup shows without its layer.
    late = _call_lines(
        state,
        {"method": "layer.add", "params": {"id": "screen"}},
        {"method": "layer.add", "params": {"id": "popups"}},
        {"method": "layer.paintOrder", "params": {}},
    )
    shown = [line for line in late if line.get("method") == "alert.show"]
    assert len(shown) == 1 and "layer" not in shown[0]["params"], late
    assert "alert:R" not in json.dumps(late[-1]), late

    # Its parent made in the first request: the restored popup is mounted there.
    again = _call_lines(
        state,
        {"method": "layer.add", "params": {"id": "popups"}},
        {"method": "layer.paintOrder", "params": {}},
    )
    shown = [line for line in again if line.get("method") == "alert.show"]
    assert len(shown) == 1 and shown[0]["params"]["resumed"] is True, again
    assert shown[0]["params"]["layer"]["id"] == "alert:R", again
    assert shown[0]["params"]["layer"]["parent"] == "popups", again


def test_a_read_of_popups_waiting_in_several_queues_goes_to_a_copy(tmp_path: Path) -> None:
    """README: pausing as the first line holds one queue (restored alerts compete right
    after it); with popups waiting in two, the script reads a copy (SQLite's backup), and
    the app's file keeps them waiting, uncounted."""
    state = tmp_path / "ui.db"
    _call_lines(
        state,
        {"method": "alert.pause", "params": {"queue": "q1"}},
        {"method": "alert.pause", "params": {"queue": "q2"}},
        {
            "method": "alert.enqueue",
            "params": {"type": "t", "id": "a1", "queue": "q1", "persist": True},
        },
        {
            "method": "alert.enqueue",
            "params": {"type": "t", "id": "a2", "queue": "q2", "persist": True},
        },
    )
    original = tmp_path / "copy-of-original.db"
    backup = (
        "import sqlite3, sys; sqlite3.connect(sys.argv[1]).backup(sqlite3.connect(sys.argv[2]))"
    )
    subprocess.run([sys.executable, "-c", backup, str(state), str(original)], check=True)
    # The README's command, as printed, in the file's folder.
    subprocess.run(
        [
            "python3",
            "-c",
            'import sqlite3; sqlite3.connect("ui.db").backup(sqlite3.connect("peek.db"))',
        ],
        cwd=tmp_path,
        check=True,
    )
    peek = _call_lines(tmp_path / "peek.db", {"method": "alert.list", "params": {}})
    assert {a["id"] for a in peek[-1]["alerts"]} == {"a1", "a2"}
    # Pausing q1 first did not hold q2 (what the README warns of), on another copy.
    subprocess.run(
        [sys.executable, "-c", backup, str(original), str(tmp_path / "p2.db")], check=True
    )
    paused = _call_lines(
        tmp_path / "p2.db",
        {"method": "alert.pause", "params": {"queue": "q1"}},
        {"method": "alert.pause", "params": {"queue": "q2"}},
    )
    assert [e["params"]["alert"]["id"] for e in paused if e.get("method") == "alert.show"] == ["a2"]
    # The app's own file, read without an engine: both still waiting, no show counted.
    with sqlite3.connect(state) as db:
        assert db.execute("SELECT count(*) FROM shows").fetchone() == (0,)
        states = {
            json.loads(row[0])["alert"]["state"] for row in db.execute("SELECT alert FROM alerts")
        }
    assert states == {"pending"}


def test_a_file_to_create_in_a_missing_directory_names_it(tmp_path: Path) -> None:
    """`--trace` and `ordo report -o` said only the system's "No such file or directory"
    for a path in a directory that does not exist, or through a symbolic link into one;
    they say which directory, and to make it, as the state file's message does."""
    trace = tmp_path / "ok.trace"
    recorded = subprocess.run(
        [engine_binary(), "--trace", str(trace), "call", "engine.ping"], capture_output=True
    )
    assert recorded.returncode == 0, recorded
    (tmp_path / "link").symlink_to(tmp_path / "gone" / "x")
    advice = (
        "does not exist (the file is created when missing, not its directory: mkdir -p it first)"
    )
    for args, said in [
        (["--trace", "no/t.trace", "call", "engine.ping"], "cannot write the trace no/t.trace"),
        (["report", str(trace), "-o", "no/r.html"], "ordo report: cannot write no/r.html"),
        (["--state", "no/s.db", "call", "engine.ping"], "cannot open the state file no/s.db"),
    ]:
        run = subprocess.run([engine_binary(), *args], capture_output=True, text=True, cwd=tmp_path)
        assert run.returncode == 2, (args, run)
        assert f"{said}: its directory no {advice}" in run.stderr, (args, run.stderr)
        run = subprocess.run(
            [engine_binary(), *[arg.replace(said.split()[-1], "link") for arg in args]],
            capture_output=True,
            text=True,
            cwd=tmp_path,
        )
        assert run.returncode == 2, (args, run)
        target = tmp_path / "gone" / "x"
        assert f"link (a symbolic link to {target}): its directory {target.parent} {advice}" in (
            run.stderr
        ), (args, run.stderr)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["link", "ok.trace"]
    # No such advice where making a directory would not help: under a file (ENOTDIR), a
    # path ending in "/" (a directory is named), a directory that cannot be searched.
    (tmp_path / "file").write_text("")
    for path, reason in [("file/sub/t", "Not a directory"), ("nodir/", "")]:
        for args in (
            ["--trace", path, "call", "engine.ping"],
            ["report", str(trace), "-o", path],
            ["--state", path, "call", "engine.ping"],
        ):
            run = subprocess.run(
                [engine_binary(), *args], capture_output=True, text=True, cwd=tmp_path
            )
            assert run.returncode == 2, (args, run)
            assert "mkdir" not in run.stderr and reason in run.stderr, (args, run.stderr)
