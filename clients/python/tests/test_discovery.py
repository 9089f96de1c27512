"""Engine lookup order (explicit path, ORDO_BIN, the engine the package carries, the
repository's .build, PATH) and the ``ordo`` console script of the wheels that carry one.

The wheel itself, installed in a fresh virtualenv away from the repository, is tested by
integration/dist (make test-dist).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import ordo
from conftest import script
from ordo import discovery


def _exe(path: Path, mtime: float = 1000.0, body: str = "exit 0") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    script(path, f"{body}\n")
    os.utime(path, (mtime, mtime))
    return path


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No ORDO_BIN, an empty PATH, the working directory outside any repository, and the
    package's bundled engine pointed into ``tmp_path`` (absent until a test creates it).
    """
    monkeypatch.delenv("ORDO_BIN", raising=False)
    monkeypatch.setenv("PATH", "")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(discovery, "BUNDLED", tmp_path / "site" / "ordo" / "_bin" / "ordo")
    # The package itself lives in the repository, whose .build/ would be found first.
    monkeypatch.setattr(discovery, "__file__", str(tmp_path / "site" / "ordo" / "discovery.py"))
    return tmp_path


def test_nothing_found_names_what_was_tried(tree: Path) -> None:
    with pytest.raises(ordo.EngineNotFound) as caught:
        ordo.find_engine()
    message = str(caught.value)
    assert "ORDO_BIN (not set)" in message
    assert str(discovery.BUNDLED) in message
    assert f".build/{{release,debug}}/ordo in {tree}" in message
    assert "on PATH" in message


def test_messages_say_why_an_engine_is_not_used(tree: Path) -> None:
    """Absent, not a file, a link to nothing, or without its execute bits: each is named
    (the message said "does not exist or is not executable" to all of them). A file system
    mounted noexec is named too (integration/dist, on a real noexec mount)."""

    def refusal(name: str | Path | None = None) -> str:
        with pytest.raises(ordo.EngineNotFound) as caught:
            ordo.find_engine(name)
        return str(caught.value)

    assert f"({discovery.BUNDLED}: absent: a source install carries none)" in refusal()
    discovery.BUNDLED.parent.mkdir(parents=True)
    discovery.BUNDLED.write_text("#!/bin/sh\n", encoding="utf-8")
    discovery.BUNDLED.chmod(0o644)
    assert f"({discovery.BUNDLED}: is not executable (chmod +x it))" in refusal()
    assert refusal(tree / "missing") == f"ordo binary {str(tree / 'missing')!r} does not exist"
    assert refusal(tree).endswith("is not a file")
    (tree / "dangling").symlink_to(tree / "nowhere")
    assert refusal(tree / "dangling").endswith("is a symbolic link to nothing")
    assert refusal(discovery.BUNDLED).endswith("is not executable (chmod +x it)")
    assert refusal("ordo-nowhere").endswith("was not found (a bare name: looked up on PATH)")
    assert refusal("~/bin/ordo").endswith(
        "does not exist (a leading ~ is not expanded: os.path.expanduser() it)"
    )


def test_lookup_order(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    on_path = _exe(tree / "bin" / "ordo")
    monkeypatch.setenv("PATH", str(tree / "bin"))
    assert ordo.find_engine() == str(on_path)

    project = tree / "project"
    release = _exe(project / ".build" / "release" / "ordo", mtime=3000)
    debug = _exe(project / ".build" / "debug" / "ordo", mtime=2000)
    # Not from the working directory: a script run in somebody else's checkout would run
    # the binary they left there (so the one on PATH, last in the order, is found).
    monkeypatch.chdir(project / ".build" / "release")
    assert ordo.find_engine() == str(on_path)
    assert ordo.find_engine(search_from=[project / ".build"]) == str(release)
    os.utime(debug, (4000, 4000))
    assert ordo.find_engine(search_from=[project]) == str(debug), "the one built last"
    monkeypatch.chdir(tree)
    assert ordo.find_engine(search_from=[project]) == str(debug)
    # Walking up from the package finds the repository's build (the package's own tree).
    monkeypatch.setattr(discovery, "__file__", str(project / "src" / "ordo" / "discovery.py"))
    assert ordo.find_engine() == str(debug)
    monkeypatch.setattr(discovery, "__file__", str(tree / "site" / "ordo" / "discovery.py"))

    # The engine the package carries: before the builds and PATH, only when executable.
    discovery.BUNDLED.parent.mkdir(parents=True)
    discovery.BUNDLED.write_text("not a program", encoding="utf-8")
    assert ordo.find_engine(search_from=[project]) == str(debug)
    discovery.BUNDLED.chmod(0o755)
    assert discovery.bundled_engine() == str(discovery.BUNDLED)
    assert ordo.find_engine(search_from=[project]) == str(discovery.BUNDLED)

    # ORDO_BIN and an explicit path still win over it.
    monkeypatch.setenv("ORDO_BIN", str(release))
    assert ordo.find_engine() == str(release)
    assert ordo.find_engine(on_path) == str(on_path)


def test_relative_paths_are_the_callers_and_names_are_looked_up_on_path(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine may be started with another cwd, where a relative path would name another
    file (or none); a bare name is what starting it would look up on PATH."""
    mine = _exe(tree / "tools" / "ordo")
    assert ordo.find_engine("tools/ordo") == str(mine)
    assert ordo.find_engine(Path("./tools/ordo")) == str(mine)
    here = _exe(tree / "ordo-here")
    assert ordo.find_engine(Path("./ordo-here")) == str(here), "a Path is a path, not a name"
    monkeypatch.setenv("ORDO_BIN", "tools/ordo")
    assert ordo.find_engine() == str(mine)
    # A file named ordo in the working directory is not what Popen(["ordo"]) would run.
    _exe(tree / "ordo")
    with pytest.raises(ordo.EngineNotFound):
        ordo.find_engine("ordo")
    on_path = _exe(tree / "bin" / "ordo")
    monkeypatch.setenv("PATH", str(tree / "bin"))
    assert ordo.find_engine("ordo") == str(on_path)
    monkeypatch.setenv("ORDO_BIN", "ordo")
    assert ordo.find_engine() == str(on_path)
    monkeypatch.setenv("PATH", "bin")  # a relative PATH entry: made absolute too
    assert ordo.find_engine("ordo") == str(on_path)
    # Joined to the working directory as text: `link/..` is left for the kernel to resolve
    # through the link (the parent of its target), not dropped.
    (tree / "far" / "away").mkdir(parents=True)
    there = _exe(tree / "far" / "ordo")
    (tree / "link").symlink_to(tree / "far" / "away")
    assert ordo.find_engine("link/../ordo") == f"{tree}/link/../ordo"
    assert os.path.samefile(ordo.find_engine("link/../ordo"), there)


CLI = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from ordo import _cli, discovery
    discovery.BUNDLED = Path(sys.argv[1])
    sys.argv = ["ordo", *sys.argv[2:]]
    _cli.main()
    """
)


def test_console_script_execs_the_bundled_engine(tmp_path: Path) -> None:
    """Arguments as given, the engine's stdout and exit status, the same process."""
    fake = _exe(tmp_path / "ordo", body='echo "pid $$: $*"; exit 7')
    with subprocess.Popen(
        [sys.executable, "-c", CLI, str(fake), "--version", "two words"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        out, err = process.communicate(timeout=30)
    assert process.returncode == 7
    assert out == f"pid {process.pid}: --version two words\n"  # exec'd, not spawned
    assert err == ""


def test_console_script_without_an_engine(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-c", CLI, str(tmp_path / "absent"), "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 127
    assert "carries no engine" in run.stderr
