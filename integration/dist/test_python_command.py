"""The wheel's `ordo` command and `python -m ordo`: each becomes the engine the wheel carries.

The command is a console script naming the top-level `_ordo_launcher`, which finds
`ordo/_bin/ordo` through the import system without importing the `ordo` package (the whole
client, ~100 ms) and execs it: what a shell script or git hook calls costs Python's
start-up. Both pass arguments, stdin, output, exit status and signals through exactly, in
a virtualenv and in a `pip install --target` folder on PYTHONPATH, and say why when there
is no engine to run.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from dist_support import VERSION, Dist, Sandbox, site_packages

#: Argument vectors whose results the engine and the command must share byte for byte:
#: success, a usage error, an error answer (exit 1), odd arguments, requests on stdin.
CASES: list[tuple[list[str], str]] = [
    (["--version"], ""),
    (["--no-such-flag"], ""),
    (["--clock", "manual", "call", "layer.get", '{"id": "é \\"x\\" \'y\' $HOME *"}'], ""),
    (["--clock", "manual", "call", "layer.add", '{"id": ""}'], ""),
    (["--clock", "manual", "call", ""], ""),
    (
        ["--clock", "manual", "--events", "call", "-"],
        '{"method": "layer.add", "params": {"id": "a", "sort": 2}}\n'
        '{"method": "alert.enqueue", "params": {"type": "tip"}}\n'
        '{"method": "layer.get", "params": {"id": "nope"}}\n',
    ),
]


def _run(
    command: Sequence[str | Path], stdin: str, env: Mapping[str, str], cwd: Path
) -> tuple[int, str, str]:
    done = subprocess.run(
        [str(c) for c in command],
        input=stdin,
        capture_output=True,
        text=True,
        env=dict(env),
        cwd=cwd,
        timeout=60,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr


@pytest.fixture(scope="module")
def env(venv: Path, sandbox: Sandbox) -> dict[str, str]:
    return sandbox.env(prepend=[venv / "bin"])


def test_ordo_command_does_not_import_the_client(
    venv: Path, sandbox: Sandbox, env: dict[str, str]
) -> None:
    """Python's own import profile of the command: the launcher, never `ordo` or `ordo.*`."""
    run = sandbox.run(
        ["ordo", "--version"], cwd=sandbox.root, env={**env, "PYTHONPROFILEIMPORTTIME": "1"}
    )
    assert run.stdout == f"ordo {VERSION}\n"
    imported = [
        line.rsplit("|", 1)[1].strip()
        for line in run.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    ]
    assert "_ordo_launcher" in imported, run.stderr  # the profile does cover the command
    assert [m for m in imported if m == "ordo" or m.startswith("ordo.")] == []
    # The same profile of `import ordo` does show the package: the check can fail.
    probe = sandbox.run(
        [venv / "bin/python", "-X", "importtime", "-c", "import ordo"], cwd=sandbox.root, env=env
    )
    assert "| ordo\n" in probe.stderr


@pytest.mark.parametrize(("args", "stdin"), CASES, ids=lambda case: repr(case)[:40])
def test_ordo_command_and_python_m_ordo_pass_everything_through(
    venv: Path, sandbox: Sandbox, env: dict[str, str], args: list[str], stdin: str
) -> None:
    engine = site_packages(venv) / "ordo" / "_bin" / "ordo"
    direct = _run([engine, *args], stdin, env, sandbox.root)
    assert _run(["ordo", *args], stdin, env, sandbox.root) == direct
    assert _run([venv / "bin/python", "-m", "ordo", *args], stdin, env, sandbox.root) == direct


def test_the_command_passes_error_exits_through(
    venv: Path, sandbox: Sandbox, env: dict[str, str]
) -> None:
    """The cases above do cover failing exits: a usage error and an error answer."""
    codes = {args[-1]: _run(["ordo", *args], stdin, env, sandbox.root)[0] for args, stdin in CASES}
    assert codes["--version"] == 0
    assert codes["--no-such-flag"] not in (0, 1)
    assert codes['{"id": "é \\"x\\" \'y\' $HOME *"}'] == 1


@pytest.mark.parametrize("how", ["ordo", "python -m ordo"])
def test_the_command_becomes_the_engine(
    venv: Path, sandbox: Sandbox, env: dict[str, str], how: str
) -> None:
    """Same process (exec, not a child): its /proc/PID/exe turns into the engine, a request
    on its stdin is answered, and SIGTERM reaches the engine, which exits 0 (a Python
    parent would die of it).
    """
    engine = (site_packages(venv) / "ordo" / "_bin" / "ordo").resolve()
    command = ["ordo"] if how == "ordo" else [str(venv / "bin/python"), "-m", "ordo"]
    with subprocess.Popen(
        [*command, "--clock", "manual"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=sandbox.root,
        text=True,
    ) as process:
        assert process.stdin is not None and process.stdout is not None
        deadline = time.monotonic() + 20
        while Path(f"/proc/{process.pid}/exe").resolve() != engine:
            assert time.monotonic() < deadline, "never became the engine"
            assert process.poll() is None, process.communicate()
            time.sleep(0.01)
        process.stdin.write('{"jsonrpc":"2.0","id":1,"method":"engine.ping"}\n')
        process.stdin.flush()
        answer = json.loads(process.stdout.readline())
        assert answer == {"jsonrpc": "2.0", "id": 1, "result": {"pong": True, "at": 0}}
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0


@pytest.mark.parametrize("how", ["ordo", "python -m ordo"])
def test_the_engine_gets_the_signal_dispositions_a_shell_gives(
    venv: Path, sandbox: Sandbox, env: dict[str, str], how: str
) -> None:
    """Python ignores SIGPIPE and SIGXFSZ, and an exec keeps that: `ordo help` into a closed
    pipe then exited 0 where the engine itself dies of SIGPIPE, as a shell pipeline expects."""
    engine = site_packages(venv) / "ordo" / "_bin" / "ordo"
    command = ["ordo"] if how == "ordo" else [str(venv / "bin/python"), "-m", "ordo"]

    def into_closed_pipe(argv: list[str]) -> int:
        # The read end is closed before the process starts: its first write meets no reader
        # whatever the timing (closed after the start, a fast engine wrote into the pipe's
        # buffer first and exited 0).
        read_end, write_end = os.pipe()
        os.close(read_end)
        try:
            with subprocess.Popen(
                [*argv, "help"], stdout=write_end, stderr=subprocess.DEVNULL, env=env
            ) as process:
                return process.wait(timeout=30)
        finally:
            os.close(write_end)

    assert into_closed_pipe([str(engine)]) == -signal.SIGPIPE
    assert into_closed_pipe(command) == -signal.SIGPIPE


@pytest.fixture(scope="module")
def target(dist: Dist, sandbox: Sandbox) -> tuple[Path, Path]:
    """The wheel installed with `pip install --target` for a bare Python (no site-packages
    of its own holding the client): (the target folder, that Python).
    """
    python_root = sandbox.root / "bare-venv"
    base_python = getattr(sys, "_base_executable", sys.executable)
    sandbox.run(
        [base_python, "-m", "venv", "--without-pip", python_root],
        cwd=sandbox.root,
        env=sandbox.env(),
    )
    folder = sandbox.root / "target"
    sandbox.run(
        [
            *(sys.executable, "-m", "pip", "--python", python_root / "bin/python", "install"),
            *("-q", "--no-deps", "--no-index", "--no-cache-dir", "--target", folder, dist.wheel),
        ],
        cwd=sandbox.root,
        env=sandbox.env(PIP_DISABLE_PIP_VERSION_CHECK="1"),
    )
    return folder, python_root / "bin/python"


def test_a_target_install_runs_and_finds_its_engine(
    target: tuple[Path, Path], sandbox: Sandbox
) -> None:
    folder, python = target
    env = sandbox.env(PYTHONPATH=str(folder))
    engine = folder / "ordo" / "_bin" / "ordo"
    script = folder / "bin" / "ordo"
    assert script.read_text(encoding="utf-8").startswith(f"#!{python}")
    version = sandbox.run([script, "--version"], cwd=sandbox.root, env=env)
    assert version.stdout == f"ordo {VERSION}\n"
    via_m = sandbox.run([python, "-m", "ordo", "--version"], cwd=sandbox.root, env=env)
    assert via_m.stdout == f"ordo {VERSION}\n"
    found = sandbox.run(
        [python, "-c", "import ordo; print(ordo.find_engine())"], cwd=sandbox.root, env=env
    )
    assert found.stdout == f"{engine}\n"


FIND_ENGINE = """
import ordo
try:
    print("found", ordo.find_engine())
except ordo.EngineNotFound as error:
    print(error)
"""

NODE_FIND_ENGINE = """
import { findEngineBinary } from 'PACKAGE/index.js';
try {
  console.log('found', findEngineBinary({ env: { PATH: '' } }));
} catch (error) {
  console.log(error.message);
}
"""
NODE_PATH = os.path.dirname(shutil.which("node") or "/usr/bin/node")


def test_an_engine_on_a_noexec_file_system_is_named_by_the_command_and_both_clients(
    target: tuple[Path, Path], npm_project: Path, sandbox: Sandbox
) -> None:
    """An engine that keeps its 0755 bits on a file system mounted noexec (a hardened /tmp or
    home) cannot run either: the message said its permission bits were lost and to chmod +x
    it, which changes nothing; it names the mount now. A real noexec tmpfs (root only)."""
    folder, python = target
    mount = sandbox.root / "noexec"
    mount.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a noexec tmpfs needs root")
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "noexec,size=64m", "tmpfs", str(mount)],
        capture_output=True,
        text=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"no tmpfs mount here: {mounted.stderr.strip()}")
    try:
        copied = mount / "target"
        shutil.copytree(folder, copied, symlinks=True)
        engine = copied / "ordo" / "_bin" / "ordo"
        assert engine.stat().st_mode & 0o777 == 0o755
        # Its bits lost as well: still the mount, where a chmod would change nothing.
        for mode in (0o755, 0o644):
            engine.chmod(mode)
            run = sandbox.run(
                [python, "-m", "ordo", "--version"],
                cwd=sandbox.root,
                env=sandbox.env(PYTHONPATH=str(copied)),
                check=False,
            )
            assert run.returncode == 126 and run.stdout == "", run
            assert f"ordo: {engine}: the engine is not executable" in run.stderr, run.stderr
            assert "mounted noexec" in run.stderr and "chmod" not in run.stderr, run.stderr
            # The client's lookup (ordo.Engine()) names the mount too, where it said
            # "absent or not executable".
            lookup = sandbox.run(
                [python, "-c", FIND_ENGINE],
                cwd=sandbox.root,
                env=sandbox.env(PYTHONPATH=str(copied), PATH=""),
            )
            assert f"({engine}: is on a file system mounted noexec" in lookup.stdout, lookup
        # The Node client's lookup, from its npm package copied there: the same.
        package = mount / "ordo-client"
        shutil.copytree(npm_project / "node_modules" / "ordo-client", package, symlinks=True)
        carried = package / "bin" / "ordo"
        assert carried.stat().st_mode & 0o111
        script = mount / "find.mjs"
        script.write_text(NODE_FIND_ENGINE.replace("PACKAGE", str(package)), encoding="utf-8")
        node = sandbox.run(["node", script], cwd=sandbox.root, env=sandbox.env(PATH=NODE_PATH))
        assert f"({carried}: is on a file system mounted noexec" in node.stdout, node
    finally:
        subprocess.run(["umount", str(mount)], check=True)


def test_the_command_says_why_it_cannot_run_the_engine(
    target: tuple[Path, Path], sandbox: Sandbox
) -> None:
    """Lost exec bit: 126 and how to fix it; a file that is no program for this machine:
    126 and the machine; no engine at all (a source install): 127. `python -m ordo` alike.
    Runs last on the target folder, which it breaks.
    """
    folder, python = target
    env = sandbox.env(PYTHONPATH=str(folder))
    engine = folder / "ordo" / "_bin" / "ordo"
    commands: list[list[str | Path]] = [
        [folder / "bin" / "ordo", "--version"],
        [python, "-m", "ordo", "--version"],
    ]

    def each() -> list[subprocess.CompletedProcess[str]]:
        return [sandbox.run(c, cwd=sandbox.root, env=env, check=False) for c in commands]

    engine.chmod(0o644)
    for run in each():
        assert run.returncode == 126 and run.stdout == ""
        assert f"ordo: {engine}: the engine is not executable" in run.stderr
        assert "chmod +x" in run.stderr

    engine.write_bytes(b"\x7fELF" + bytes(60))
    engine.chmod(0o755)
    for run in each():
        assert run.returncode == 126
        assert f"cannot run {engine}: Exec format error" in run.stderr
        assert os.uname().machine in run.stderr

    engine.unlink()
    for run in each():
        assert run.returncode == 127
        assert "carries no engine (it is a source install)" in run.stderr
        assert "runs only a carried one" in run.stderr and "$ORDO_BIN" in run.stderr
