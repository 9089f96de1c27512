"""The lock on a state file, as scripts meet it: a hook wrapped in `flock`, a call that
waits for another engine, and what the refusal says (docs/protocol.md, One engine per
file)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
from ordo_testing import engine_binary

from cli_support import TIMEOUT, sh


@pytest.mark.parametrize(
    "wrapped",
    [
        # flock(1) locks the file, then runs the command with the locked descriptor open.
        'flock "$DB" "$ORDO" --state "$DB" --state-wait-ms 5000 call engine.ping',
        # The same lock taken by the script's own shell.
        'exec 9>>"$DB"; flock 9; "$ORDO" --state "$DB" --state-wait-ms 5000 call engine.ping',
    ],
)
def test_a_call_inside_a_flock_of_its_own_state_file_is_refused_at_once(
    wrapped: str, tmp_path: Path
) -> None:
    """The lock the script holds is on a descriptor the call inherited: it lasts as long as
    the call runs, so no wait can end it. Refused at once, saying what to lock instead;
    not after --state-wait-ms as if another engine held the file."""
    db = tmp_path / "hook state.db"
    ran = sh(wrapped, cwd=tmp_path, env={"DB": str(db)})
    assert ran.status == 2
    assert ran.stdout == ""
    assert str(db) in ran.stderr
    assert "another Ordo engine" not in ran.stderr, ran.stderr
    assert "waited" not in ran.stderr, ran.stderr
    assert "inherited" in ran.stderr and f"flock {db}.lock" in ran.stderr, ran.stderr
    # The advice works: another file's lock holds calls together.
    ran = sh(
        'flock "$DB.lock" "$ORDO" --state "$DB" call engine.ping',
        cwd=tmp_path,
        env={"DB": str(db)},
    )
    assert ran.status == 0, ran.stderr
    assert ran.json()["pong"] is True


def _serve(db: Path) -> subprocess.Popen[bytes]:
    """An engine that holds `db` until its stdin closes (started once the file is there)."""
    server = subprocess.Popen(
        [engine_binary(), "--state", str(db)],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + TIMEOUT
    while not (db.exists() and db.stat().st_size > 0):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    return server


def _has_open(pid: int, path: Path) -> bool:
    """Whether process ``pid`` has ``path`` open."""
    try:
        links = [os.readlink(entry) for entry in Path(f"/proc/{pid}/fd").iterdir()]
    except OSError:  # it exited, or a descriptor closed while listed
        return False
    return str(path.resolve()) in links


def test_the_wait_for_a_state_file_in_use_counts_real_time(tmp_path: Path) -> None:
    """--state-wait-ms is a bound on the time a script waits (`timeout`, cron's schedule),
    not a number of polls: a waiter that got no processor for a while (a loaded machine;
    here, stopped) gives up as soon as it runs again once the time has passed."""
    db = tmp_path / "ui.db"
    server = _serve(db)
    try:
        waiter = subprocess.Popen(
            [engine_binary(), "--state", str(db), "--state-wait-ms", "4000", "call", "engine.ping"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        # In its wait once it has the file open (it opens it, then tries the lock).
        deadline = time.monotonic() + TIMEOUT
        while not _has_open(waiter.pid, db) and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.1)
        waiter.send_signal(signal.SIGSTOP)
        time.sleep(5)  # past the 4 s it may wait
        resumed = time.monotonic()
        waiter.send_signal(signal.SIGCONT)
        out, err = waiter.communicate(timeout=TIMEOUT)
        after = time.monotonic() - resumed
    finally:
        assert server.stdin is not None
        server.stdin.close()
        server.wait(timeout=TIMEOUT)
    assert waiter.returncode == 2
    assert out == b""
    assert b"in use" in err
    # One poll (20 ms) once it runs again; 3.5 s more when the wait counted polls.
    assert after < 2.0, (after, err)


def test_state_wait_ms_defaults_to_2000(tmp_path: Path) -> None:
    """Without --state-wait-ms a call on a state file another engine holds waits 2 s for it,
    then exits 2 saying how long it waited."""
    db = tmp_path / "ui.db"
    server = _serve(db)
    try:
        started = time.monotonic()
        ran = sh('"$ORDO" --state "$DB" call engine.ping', env={"DB": str(db)})
        waited = time.monotonic() - started
    finally:
        assert server.stdin is not None
        server.stdin.close()
        server.wait(timeout=TIMEOUT)
    assert (ran.status, ran.stdout) == (2, "")
    assert "in use by another Ordo engine" in ran.stderr
    assert "waited 2000 ms; see --state-wait-ms" in ran.stderr
    assert waited >= 1.9


def test_a_state_file_in_use_names_the_process_that_holds_it(tmp_path: Path) -> None:
    """Whoever must find the engine that keeps a hook waiting (one left running, a
    `flock` of the file with `-o`) is told its process id and name."""
    db = tmp_path / "ui.db"
    server = _serve(db)
    try:
        ran = sh('"$ORDO" --state "$DB" --state-wait-ms 100 call engine.ping', env={"DB": str(db)})
    finally:
        assert server.stdin is not None
        server.stdin.close()
        server.wait(timeout=TIMEOUT)
    assert ran.status == 2
    assert f"in use by another Ordo engine (process {server.pid}; waited 100 ms" in ran.stderr, (
        ran.stderr
    )

    # flock -o: the command runs without the descriptor, flock(1) itself holds the lock.
    ran = sh(
        """
        flock -o "$DB" sleep 30 > /dev/null 2>&1 &
        holder=$!
        inode=$(stat -c %i "$DB")
        for _ in $(seq 200); do grep -q ":$inode " /proc/locks && break; sleep 0.05; done
        "$ORDO" --state "$DB" --state-wait-ms 100 call engine.ping
        status=$?
        echo "holder=$holder" >&2
        pkill -P $holder  # the sleep: flock then exits
        wait $holder
        exit $status
        """,
        env={"DB": str(db)},
    )
    assert ran.status == 2
    holder = ran.stderr.rsplit("holder=", 1)[1].strip()
    assert f"is locked by flock (process {holder}; waited 100 ms" in ran.stderr, ran.stderr
    assert "another Ordo engine" not in ran.stderr


@pytest.mark.skipif(shutil.which("strace") is None, reason="needs strace to hold an open")
@pytest.mark.parametrize("link", [False, True], ids=["file", "dangling link"])
def test_a_start_refused_never_removes_a_file_another_engine_made_meanwhile(
    tmp_path: Path, link: bool
) -> None:
    """Hooks started at the same moment on a state file not made yet: one finds no file,
    another makes it and commits, and the first, refused for what the system lacks (here,
    descriptors), removed "the file it made" with the other's answered commit in it. The
    same through a symbolic link to a file not made yet: the `O_EXCL` that says who made
    it is tried where the link leads (on the link itself it fails whoever made the file)."""
    db = tmp_path / "ui.db"
    if link:
        db.symlink_to("target.db")
    ran = sh(
        """
        # B finds no file, then its open of the state file (its second, O_EXCL, through a
        # link) is held for 3 s (strace).
        ( ulimit -n 6
          exec strace -f -o /dev/null -P "$DB" -e trace=openat \\
            -e inject=openat:delay_enter=3000000:when=$WHEN \\
            "$ORDO" --state "$DB" call engine.ping ) > b.out 2> b.err &
        b=$!
        sleep 1
        # A makes the file meanwhile; its enqueue is answered, so committed.
        "$ORDO" --state "$DB" call alert.enqueue '{"type": "kept", "persist": true}' > /dev/null \\
          || exit 90
        wait $b
        echo "b=$?"
        cat b.err
        "$ORDO" --state "$DB" call alert.list
        """,
        cwd=tmp_path,
        env={"DB": str(db), "WHEN": "2" if link else "1"},
    )
    assert ran.status == 0, ran.stderr
    assert "b=2" in ran.stdout and "too many open files" in ran.stdout, ran.stdout
    alerts = json.loads(ran.lines[-1])["alerts"]
    assert [alert["type"] for alert in alerts] == ["kept"], ran.stdout


@pytest.mark.skipif(shutil.which("unshare") is None, reason="needs unshare for a mount")
def test_the_holder_is_named_on_an_overlay_of_layers_on_other_file_systems(
    tmp_path: Path,
) -> None:
    """/proc/locks gives the device of the file system the lock is on; `stat` of a file of
    an overlay whose layers lie on other file systems (a tmpfs lower layer, say) gives
    another: the holder was not found, and a `flock` was said to be "another Ordo
    engine". The mount's device (/proc/self/mountinfo) finds it."""
    ran = sh(
        """
        mkdir lower upper work merged
        unshare -rm sh -c '
          mount -t tmpfs lower lower && mount -t overlay overlay \\
            -o lowerdir=lower,upperdir=upper,workdir=work merged || exit 77
          touch merged/ui.db
          flock -o merged/ui.db sleep 30 > /dev/null 2>&1 &
          holder=$!
          inode=$(stat -c %i merged/ui.db)
          for _ in $(seq 200); do grep -q ":$inode " /proc/locks && break; sleep 0.05; done
          "$ORDO" --state merged/ui.db --state-wait-ms 100 call engine.ping
          status=$?
          echo "holder=$holder" >&2
          pkill -P $holder
          wait $holder
          exit $status'
        """,
        cwd=tmp_path,
    )
    if ran.status == 77 or "unshare" in ran.stderr:
        pytest.skip(f"no overlay mount here: {ran.stderr}")
    assert ran.status == 2, ran.stderr
    holder = ran.stderr.rsplit("holder=", 1)[1].strip()
    assert f"is locked by flock (process {holder}; waited 100 ms" in ran.stderr, ran.stderr
    assert "another Ordo engine" not in ran.stderr


@pytest.mark.skipif(shutil.which("unshare") is None, reason="needs unshare for a namespace")
def test_a_holder_out_of_sight_is_not_said_to_be_an_ordo_engine(tmp_path: Path) -> None:
    """/proc/locks lists no lock whose holder is out of the reader's sight (another PID
    namespace: a container sharing the volume, a sandboxed hook): with no holder found, a
    `flock` of the file was said to be "another Ordo engine"."""
    db = tmp_path / "ui.db"
    db.touch()
    ran = sh(
        """
        flock -o "$DB" sleep 30 > /dev/null 2>&1 &
        holder=$!
        inode=$(stat -c %i "$DB")
        for _ in $(seq 200); do grep -q ":$inode " /proc/locks && break; sleep 0.05; done
        unshare -rpf --mount-proc "$ORDO" --state "$DB" --state-wait-ms 100 call engine.ping
        status=$?
        pkill -P $holder
        wait $holder
        exit $status
        """,
        env={"DB": str(db)},
    )
    if "unshare" in ran.stderr:
        pytest.skip(f"no PID namespace here: {ran.stderr}")
    assert ran.status == 2, ran.stderr
    assert (
        f"the state file {db} is in use by another Ordo engine or a program that locks it"
        " (waited 100 ms" in ran.stderr
    ), ran.stderr
