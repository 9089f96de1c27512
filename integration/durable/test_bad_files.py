"""State files the engine must not use: it exits 2 with a message naming the file and the
problem, and never overwrites or deletes the file. A 0-byte file, or a SQLite database with
nothing in it, counts as new."""

from __future__ import annotations

import json
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from conftest import EngineFactory
from durable_support import Run, call_as_nobody, call_once, run_engine, sqlite3


def refused(state: Path, *flags: str) -> Run:
    """Starts an engine on `state` (serving, then as a one-shot call): both must exit 2
    and leave the file byte for byte as it was, with no -wal or -shm beside it that was not
    there before (a refused WAL-mode file got an empty log and a 32 KiB index). Returns
    the serving run."""
    before = state.read_bytes()
    siblings = {suffix for suffix in ("-wal", "-shm") if Path(f"{state}{suffix}").exists()}
    serving = run_engine(
        "--state", str(state), *flags, input=b'{"jsonrpc":"2.0","id":1,"method":"engine.ping"}\n'
    )
    assert serving.rc == 2, f"exit {serving.rc}: {serving.err}"
    assert serving.out == "", "nothing may be answered on an unusable state file"
    assert str(state) in serving.err, f"the message must name the file: {serving.err!r}"
    one_shot = run_engine("--state", str(state), *flags, "call", "engine.ping")
    assert one_shot.rc == 2 and str(state) in one_shot.err, one_shot
    assert state.exists() and state.read_bytes() == before, "the file was changed"
    left = {suffix for suffix in ("-wal", "-shm") if Path(f"{state}{suffix}").exists()}
    assert left == siblings, f"files made beside the refused one: {left - siblings}"
    return serving


def populated(state: Path) -> None:
    """A real state file with some rows in it, cleanly closed (no -wal left)."""
    lines = [
        {"method": "alert.defineType", "params": {"type": "t", "priority": 2}},
        *(
            {
                "method": "alert.enqueue",
                "params": {"type": "t", "persist": True, "data": {"n": "x" * 300}},
            }
            for _ in range(40)
        ),
    ]
    data = "".join(json.dumps(line) + "\n" for line in lines).encode()
    run = run_engine("--state", str(state), "call", "-", input=data)
    assert run.rc == 0, run.err
    assert not Path(f"{state}-wal").exists()


def test_a_second_engine_waits_then_says_the_file_is_in_use(
    state: Path, engine: EngineFactory
) -> None:
    first = engine(state)
    first.result("alert.defineType", {"type": "t", "priority": 3})
    before = state.read_bytes()
    started = time.monotonic()
    second = run_engine("--state", str(state), "--state-wait-ms", "400", input=b"")
    waited = time.monotonic() - started
    assert second.rc == 2, second
    assert str(state) in second.err and "in use" in second.err, second.err
    assert waited >= 0.35, f"gave up after {waited:.2f} s, before --state-wait-ms"
    assert state.read_bytes() == before
    # The first engine is unharmed.
    assert first.result("alert.enqueue", {"type": "t"})["alert"]["priority"] == 3


def test_a_quick_restart_waits_for_the_old_engine_to_exit(
    state: Path, engine: EngineFactory
) -> None:
    old = engine(state)
    old.result("alert.defineType", {"type": "t", "priority": 0})
    # A chain of quick restarts: each new engine starts while the old one still runs, and
    # gets the file once the old one has exited (its last write, the checkpoint at close,
    # included) with everything the old one committed.
    for priority in range(1, 6):
        new = engine(state, "--state-wait-ms", "5000")
        time.sleep(0.2)  # the new one is waiting for the file now
        assert new.proc.poll() is None, new.stderr()
        assert old.close() == 0
        assert new.result("alert.enqueue", {"type": "t"})["alert"]["priority"] == priority - 1
        new.result("alert.defineType", {"type": "t", "priority": priority})
        old = new


def test_a_text_file_is_refused(state: Path) -> None:
    state.write_text("my shopping list: milk, eggs, bread\n" * 20)
    run = refused(state)
    assert "not a SQLite database" in run.err, run.err


def test_another_applications_database_is_refused(state: Path) -> None:
    sqlite3(state, "CREATE TABLE notes(body TEXT); INSERT INTO notes VALUES ('keep me');")
    run = refused(state)
    assert "not an Ordo state file" in run.err, run.err
    assert sqlite3(state, "SELECT body FROM notes").strip() == "keep me"


def another_programs_database(path: Path) -> None:
    """A WAL-mode database at `path` whose program was killed before checkpointing: its
    row ("keep me") is in the write-ahead log only."""
    script = (
        "import os, sqlite3, sys\n"
        "c = sqlite3.connect(sys.argv[1])\n"
        "c.execute('PRAGMA journal_mode=WAL'); c.execute('PRAGMA wal_autocheckpoint=0')\n"
        "c.execute('CREATE TABLE notes(body TEXT)')\n"
        "c.execute(\"INSERT INTO notes VALUES ('keep me')\"); c.commit()\n"
        "os._exit(0)\n"
    )
    subprocess.run([sys.executable, "-c", script, str(path)], check=True)


def test_another_applications_write_ahead_log_is_left_alone(state: Path) -> None:
    """A WAL-mode database whose program was killed before checkpointing: refusing it must
    not fold that program's log into its file, nor delete the log."""
    another_programs_database(state)
    wal = Path(f"{state}-wal")
    log = wal.read_bytes()
    assert len(log) > 0
    run = refused(state)
    assert "not an Ordo state file" in run.err, run.err
    assert wal.read_bytes() == log
    assert sqlite3(state, "SELECT body FROM notes").strip() == "keep me"


def test_another_applications_log_is_left_alone_through_a_symbolic_link(state: Path) -> None:
    """SQLite uses the log beside the file a link leads to: a check beside the link found
    none there, and closing as usual folded the other program's log into its file and
    removed it (the message said "left untouched")."""
    target = state.parent / "elsewhere" / "w.db"
    target.parent.mkdir()
    another_programs_database(target)
    wal = Path(f"{target}-wal")
    log, file = wal.read_bytes(), target.read_bytes()
    assert len(log) > 0
    state.symlink_to(target)
    run = run_engine("--state", str(state), "call", "engine.ping")
    assert run.rc == 2 and "not an Ordo state file" in run.err, run
    assert wal.read_bytes() == log and target.read_bytes() == file
    assert Path(f"{target}-shm").exists()  # the other program's index, as it was left
    assert sqlite3(target, "SELECT body FROM notes").strip() == "keep me"


def test_a_newer_ordos_file_is_refused(state: Path) -> None:
    populated(state)
    sqlite3(state, "PRAGMA user_version = 99")
    run = refused(state)
    assert "newer Ordo" in run.err and "99" in run.err, run.err


def test_a_file_with_two_hard_links_is_refused_under_either_name(state: Path) -> None:
    """SQLite names the write-ahead log after the path it opened: an engine killed with
    answers still in `a-wal` left them invisible through the other name, and a commit made
    through that name was later overwritten by the log (the review's reproduction). Either
    name is refused; a symbolic link is resolved to the file's own name, and works."""
    populated(state)
    other = state.with_name("other.db")
    other.hardlink_to(state)
    for name in (state, other):
        run = refused(name)
        assert "2 hard links" in run.err, run.err
    other.unlink()
    link = state.with_name("link.db")
    link.symlink_to(state)
    assert call_once(link, "alert.defineType", {"type": "s", "priority": 4})["priority"] == 4
    assert call_once(state, "alert.enqueue", {"type": "s"})["alert"]["priority"] == 4


def test_text_that_is_not_utf8_is_corrupt(state: Path) -> None:
    """Read with U+FFFD in place of the bad byte, the payload (or an id) changed, and was
    written back so at the next commit."""
    populated(state)
    sqlite3(state, "UPDATE alerts SET alert = replace(alert, 'xxx', 'x' || CAST(x'ff' AS TEXT))")
    run = refused(state)
    assert "corrupt" in run.err and "not UTF-8" in run.err, run.err


def test_the_refusal_is_one_line_with_the_files_control_characters_escaped(
    state: Path,
) -> None:
    """The message quotes the file (a row's text; SQLite's integrity check, whose entries
    span lines): one line on stderr, an escape sequence written as \\u001b, not run."""
    populated(state)
    sqlite3(
        state,
        "UPDATE alerts SET alert = char(27) || '[31m' || char(10) || 'x'"
        " WHERE rowid = (SELECT min(rowid) FROM alerts)",
    )
    run = refused(state)
    assert "holds a row Ordo did not write (/alerts/0: not JSON" in run.err, run.err
    assert "\\u001b" in run.err and "\x1b" not in run.err, run.err
    assert run.err.count("\n") == 1 and run.err.endswith("\n"), run.err


SETTINGS = '{"queue":"default","maxConcurrent":1,"minGapMs":0,"historyLimit":1000}'


@pytest.mark.parametrize(
    ("edit", "place"),
    [
        ("UPDATE types SET type = 'other'", "/types/0"),
        (f"INSERT INTO queues VALUES ('qq', 0, '{SETTINGS}')", "/queues/0"),
        ("UPDATE alerts SET id = 'zz' WHERE id = 'alert-1'", "/alerts/0"),
        ("UPDATE alerts SET seq = 999 WHERE id = 'alert-2'", "/alerts/39"),
    ],
    ids=["type", "queue", "alert-id", "alert-seq"],
)
def test_a_row_filed_under_another_key_is_corrupt(state: Path, edit: str, place: str) -> None:
    """Ordo files each row under the name (or id and seq) inside its JSON. Loaded, a row
    under another key was updated and deleted under the wrong one: a cancelled alert came
    back after a restart, a type's new definition was lost. The message names the row by
    its place (rows in the order they are read: types by name, alerts by seq)."""
    populated(state)
    sqlite3(state, edit)
    run = refused(state)
    assert f"holds a row Ordo did not write ({place}: " in run.err, run.err
    assert "filed under another" in run.err, run.err


@pytest.mark.parametrize(
    ("method", "params", "table", "column", "member", "what"),
    [
        ("alert.configure", {"maxConcurrent": 2}, "queues", "queue", "settings", "a queue"),
        ("alert.enqueue", {"type": "t", "persist": True}, "alerts", "id", "alert", "an alert"),
    ],
    ids=["queue", "alert"],
)
def test_two_rows_of_one_name_spelled_two_ways_are_corrupt(
    state: Path,
    method: str,
    params: dict[str, object],
    table: str,
    column: str,
    member: str,
    what: str,
) -> None:
    """ "é" and "e" with a combining accent are one name to the engine (as Swift compares
    them), which never writes both, but two keys to SQLite. Loaded, the restore kept the
    first and skipped the second, which stayed in the file for good (found by FuzzStore).
    (Types: see test_two_type_rows_of_one_name_from_an_older_ordo_load_the_first.)"""
    name = {"types": "type", "queues": "queue", "alerts": "id"}[table]
    lines = [
        {"method": method, "params": {**params, name: name_value}} for name_value in ("\u00e9", "x")
    ]
    data = "".join(json.dumps(line) + "\n" for line in lines).encode()
    run = run_engine("--state", str(state), "call", "-", input=data)
    assert run.rc == 0, run.err
    sqlite3(
        state,
        f"UPDATE {table} SET {column} = 'e' || char(769), {member} = "
        f'replace({member}, \'"{name}":"x"\', \'"{name}":"e\\u0301"\') '
        f"WHERE {column} = 'x'",
    )
    run = refused(state)
    refusal = "an alert with the id of another" if table == "alerts" else f"{what} with the name"
    assert f"(/{table}/1: {refusal}" in run.err, run.err


def test_two_type_rows_of_one_name_from_an_older_ordo_load_the_last(state: Path) -> None:
    """Ordo 0.2.10 and earlier filed a type redefined, in a later commit, in another
    canonically equivalent spelling under that spelling too: two rows, each consistent,
    which 0.2.11 to 0.2.28 loaded. The last read (by bytes) is loaded, the definition every
    earlier Ordo restored (0.2.29 loaded the first, so an upgrade brought an older one
    back), and the first commit deletes the other, rather than the engine refusing to start
    on the file."""
    lines = [
        {"method": "alert.defineType", "params": {"type": name, "priority": priority}}
        for name, priority in (("\u00e9", 1), ("x", 2))
    ]
    data = "".join(json.dumps(line) + "\n" for line in lines).encode()
    run = run_engine("--state", str(state), "call", "-", input=data)
    assert run.rc == 0, run.err
    sqlite3(
        state,
        "UPDATE types SET type = 'e' || char(769), definition = "
        'replace(definition, \'"type":"x"\', \'"type":"e\\u0301"\') WHERE type = \'x\'',
    )
    assert sqlite3(state, "SELECT count(*) FROM types").strip() == "2"
    run = run_engine("--state", str(state), "call", "alert.enqueue", '{"type": "e\\u0301"}')
    assert run.rc == 0, run.err
    assert json.loads(run.out)["alert"]["priority"] == 1  # é's row, after e + U+0301 by bytes
    assert sqlite3(state, "SELECT hex(type) FROM types").split() == ["C3A9"]


@pytest.mark.parametrize("ended", ["done", "cancelled", "expired"])
def test_an_alert_that_has_ended_is_corrupt(state: Path, ended: str) -> None:
    """Ordo deletes an alert's row when it ends. Loaded, the restore skipped one, and it
    stayed in the file for good (found by FuzzStore)."""
    populated(state)
    sqlite3(
        state,
        f'UPDATE alerts SET alert = replace(alert, \'"state":"pending"\', '
        f'\'"state":"{ended}"\') WHERE seq = 3',
    )
    run = refused(state)
    assert "(/alerts/2: an alert that has ended)" in run.err, run.err


def test_a_row_no_decoder_takes_is_corrupt_and_named_by_its_place(state: Path) -> None:
    """Rows read from columns (a show) are read back through the decoders, one at a time
    (not as one document of the whole state, which took about 5 KB per persisted alert):
    an empty id, which Ordo never writes, is refused, named by its place."""
    populated(state)
    sqlite3(state, "UPDATE shows SET id = ''")
    run = refused(state)
    assert "holds a row Ordo did not write (/shows/0/id:" in run.err, run.err


@pytest.mark.parametrize(
    ("edit", "place"),
    [
        ("UPDATE shows SET ord = -5", "/shows/0/order"),
        (
            "INSERT INTO queues VALUES ('default', 0, "
            + '\'{"queue":"default","maxConcurrent":0,"minGapMs":0,"historyLimit":1000}\')',
            "/queues/0/maxConcurrent",
        ),
        (
            "UPDATE types SET definition = "
            + "replace(definition, '\"durationMs\":null', '\"durationMs\":0')",
            "/types/0/durationMs",
        ),
        (
            'UPDATE alerts SET alert = replace(alert, \'"onLimit":"drop"\', \'"onLimit":"no"\')'
            + " WHERE seq = 3",
            "/alerts/2/onLimit",
        ),
        ("UPDATE alerts SET alert = '[]' WHERE seq = 2", "/alerts/1"),
        ("UPDATE types SET definition = '{'", "/types/0"),
    ],
    ids=[
        "show-order",
        "queue-maxConcurrent",
        "type-durationMs",
        "alert-onLimit",
        "alert-array",
        "type-not-json",
    ],
)
def test_a_value_out_of_its_range_is_corrupt(state: Path, edit: str, place: str) -> None:
    """A value no request could set (a negative show order, a queue that may show none at
    once, a type whose alerts end as they show) is a row Ordo did not write: loaded, a
    queue of maxConcurrent 0 kept its alerts pending for ever."""
    populated(state)
    sqlite3(state, edit)
    run = refused(state)
    assert f"holds a row Ordo did not write ({place}: " in run.err, run.err


@pytest.mark.parametrize(
    ("edit", "place", "says"),
    [
        (
            "UPDATE alerts SET alert = replace(alert, '\"preempt\":false', "
            + '\'"preempt":false,"evil":[1,2,3]\') WHERE seq = 3',
            "/alerts/2/evil",
            "not a member Ordo writes here (it writes alert, preempt, limit, cooldownMs, onLimit)",
        ),
        (
            "UPDATE alerts SET alert = replace(alert, '\"persist\":true', "
            + '\'"persist":true,"a/b~":0\') WHERE seq = 2',
            "/alerts/1/alert/a~1b~0",
            "not a member Ordo writes here (it writes id, queue, type,",
        ),
        (
            "UPDATE types SET definition = replace(definition, '}', ',\"bogus\":1}')",
            "/types/0/bogus",
            "not a member Ordo writes here",
        ),
        (
            "UPDATE alerts SET alert = replace(alert, '\"priority\":2', "
            + '\'"priority":null,"priority":7\') WHERE seq = 3',
            "/alerts/2",
            "a key twice (duplicate object key",
        ),
    ],
    ids=["alert-row-member", "alert-member-escaped", "type-member", "alert-key-twice"],
)
def test_a_member_ordo_does_not_write_or_a_key_twice_is_corrupt(
    state: Path, edit: str, place: str, says: str
) -> None:
    """Ordo writes each row's members, and no key twice: an extra member (loaded, it was
    dropped at the next commit) or a repeated key (jansson keeps the last: the row read as
    priority 7, not as either value Ordo could have written) is a row another program
    wrote. The message names the member by its JSON Pointer (`/` and `~` escaped)."""
    populated(state)
    sqlite3(state, edit)
    run = refused(state)
    assert f"holds a row Ordo did not write ({place}: {says}" in run.err, run.err


def test_a_member_left_out_reads_as_null(state: Path) -> None:
    """What Ordo writes as null may be left out (the reader takes both alike); a required
    member left out is refused as missing."""
    populated(state)
    sqlite3(state, 'UPDATE types SET definition = \'{"type":"t"}\'')
    assert call_once(state, "alert.enqueue", {"type": "t"})["alert"]["priority"] == 0
    sqlite3(state, "UPDATE types SET definition = '{\"priority\":3}'")
    run = refused(state)
    assert "holds a row Ordo did not write (/types/0/type: expected a string" in run.err, run.err


def test_a_key_spelled_another_way_is_corrupt_too(state: Path) -> None:
    """SQLite compares keys byte for byte: "é" written as e and a combining accent is
    another key, though Swift's == took the two spellings for equal."""
    run = run_engine(
        "--state", str(state), "call", "alert.enqueue", '{"type":"t","id":"\\u00e9","persist":true}'
    )
    assert run.rc == 0, run.err
    sqlite3(state, "UPDATE alerts SET id = 'e' || char(769)")
    run = refused(state)
    assert "filed under another" in run.err, run.err


@pytest.mark.parametrize("where", [0.3, 0.5, 0.8])
def test_a_corrupt_file_is_refused(state: Path, where: float) -> None:
    populated(state)
    data = bytearray(state.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    # The database's own pages (the file grows in chunks: the rest is room not used yet).
    pages = int.from_bytes(data[28:32], "big")
    assert pages >= 8, "the database should span several pages"
    # Overwrite a whole page in the middle with garbage.
    start = int(pages * where) * page
    data[start : start + page] = bytes((index * 37 + 11) % 256 for index in range(page))
    state.write_bytes(bytes(data))
    run = refused(state)
    assert "corrupt" in run.err, run.err


def test_a_sqlite_database_with_nothing_in_it_counts_as_new(state: Path) -> None:
    """What `sqlite3 FILE 'PRAGMA journal_mode=WAL'` leaves: a database with no tables and
    no application id holds nothing to lose."""
    sqlite3(state, "PRAGMA journal_mode=WAL;")
    assert state.stat().st_size > 0
    assert call_once(state, "alert.defineType", {"type": "t", "priority": 6})["priority"] == 6
    assert call_once(state, "alert.enqueue", {"type": "t"})["alert"]["priority"] == 6


def test_an_empty_file_counts_as_new(state: Path) -> None:
    state.write_bytes(b"")
    defined = call_once(state, "alert.defineType", {"type": "t", "priority": 6})
    assert defined["priority"] == 6
    assert state.stat().st_size > 0
    assert call_once(state, "alert.enqueue", {"type": "t"})["alert"]["priority"] == 6
    assert sqlite3(state, "PRAGMA integrity_check").strip() == "ok"


def test_a_socket_as_the_state_file_is_named_as_not_a_file(tmp_path: Path) -> None:
    """A socket cannot be opened at all: the engine said "No such device or address", where
    a pipe or a device is refused as not a regular file, with what to do instead."""
    path = tmp_path / "s.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listening:
        listening.bind(str(path))
        run = run_engine("--state", str(path), "call", "engine.ping")
    assert run.rc == 2
    assert f"cannot use the state file {path}: not a regular file" in run.err, run.err


@pytest.mark.parametrize("descriptors", [4, 5, 6])
def test_a_start_refused_for_want_of_descriptors_removes_the_file_it_made(
    tmp_path: Path, descriptors: int
) -> None:
    """Refused before it served (too few descriptors: at 4 SQLite cannot open the file the
    engine made and locked, at 5 and 6 its log), a start removes the file it made, and the
    log beside it: left there, the next start took the empty file for a state file."""
    state = tmp_path / "s.db"

    def few_descriptors() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, descriptors))

    run = run_engine("--state", str(state), "call", "engine.ping", preexec_fn=few_descriptors)
    assert run.rc == 2, run
    assert "too many open files" in run.err, run.err
    assert sorted(path.name for path in tmp_path.iterdir()) == []


def test_a_state_file_in_a_missing_directory_names_the_directory(tmp_path: Path) -> None:
    """The file is created when missing, its directory is not: the message was the system's
    "No such file or directory", naming the file; it names the directory to make now."""
    state = tmp_path / "not" / "yet" / "s.db"
    run = run_engine("--state", str(state), "call", "engine.ping")
    assert run.rc == 2, run
    assert (
        f"cannot open the state file {state}: its directory {state.parent} does not exist"
        in run.err
    ), run.err
    assert "mkdir -p" in run.err, run.err
    assert not (tmp_path / "not").exists()
    state.parent.mkdir(parents=True)
    assert call_once(state, "engine.ping")["pong"] is True


def test_a_dangling_link_into_a_missing_directory_names_that_directory(tmp_path: Path) -> None:
    """The file to create is the link's target (followed through a chain of links, relative
    ones from their own directory): the message named the link with the system's "No such
    file or directory"; it names the target's missing directory now."""
    (tmp_path / "links").mkdir()
    state = tmp_path / "links" / "s.db"
    state.symlink_to("middle.db")
    (tmp_path / "links" / "middle.db").symlink_to("../not/yet/s.db")
    target = f"{tmp_path}/links/../not/yet/s.db"
    run = run_engine("--state", str(state), "call", "engine.ping")
    assert run.rc == 2, run
    assert (
        f"cannot open the state file {state} (a symbolic link to {target}): its directory"
        f" {tmp_path}/links/../not/yet does not exist" in run.err
    ), run.err
    assert not (tmp_path / "not").exists()
    (tmp_path / "not" / "yet").mkdir(parents=True)
    assert call_once(state, "engine.ping")["pong"] is True
    assert (tmp_path / "not" / "yet" / "s.db").is_file()

    # A directory that is a dangling link: `mkdir -p` of the link fails (it exists); the
    # directory to make is its target.
    (tmp_path / "dl").symlink_to("nowhere")
    run = run_engine("--state", str(tmp_path / "dl" / "s.db"), "call", "engine.ping")
    assert run.rc == 2, run
    assert (
        f"its directory {tmp_path}/dl (a symbolic link to {tmp_path}/nowhere) does not exist"
        in run.err
    ), run.err
    (tmp_path / "nowhere").mkdir()
    assert call_once(tmp_path / "dl" / "s.db", "engine.ping")["pong"] is True


@pytest.mark.skipif(os.geteuid() != 0, reason="runs the engine as another user")
def test_a_state_file_in_a_directory_that_cannot_be_written_names_the_directory() -> None:
    """The file can be written but not its directory, where SQLite makes the write-ahead
    log: the message was SQLite's "attempt to write a readonly database"."""
    top = Path(tempfile.mkdtemp(prefix="ordo-ro-"))
    try:
        top.chmod(0o755)
        directory = top / "ro"
        directory.mkdir()
        state = directory / "s.db"
        assert call_once(state, "engine.ping")["pong"] is True  # an Ordo file, no log left
        os.chown(state, 65534, 65534)
        directory.chmod(0o555)
        done = call_as_nobody("--state", str(state), "call", "alert.list")
        assert done.returncode == 2, done
        assert f"cannot use the state file {state}: its directory cannot be written" in (
            done.stderr
        ), done.stderr
    finally:
        shutil.rmtree(top)
