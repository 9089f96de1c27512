"""What an editor's type checker makes of the client (tests/typing, checked, never run).

A user's editor runs pyright (Pylance) or mypy, not the tests: a wrapper whose parameters a
checker cannot see gets no argument checking and an Unknown result there, while every test
still passes. So both checkers, strict, read tests/typing: consumer.py (the README's uses,
each result pinned with assert_type) must be clean, and rejected.py (ill-typed calls) must
be refused on exactly the lines whose comment says rejected. The package's own modules
must be clean under strict pyright too (mypy's strict run over src is make test-python's).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import mypy.api

TYPING = Path(__file__).resolve().parent / "typing"
# The venv's basedpyright (requirements-dev.txt): a pyright build whose Node.js comes
# from PyPI, so checking needs no download.
PYRIGHT = Path(sys.executable).parent / "basedpyright"


def rejected_lines() -> set[int]:
    lines = (TYPING / "rejected.py").read_text().splitlines()
    return {number for number, line in enumerate(lines, 1) if re.search(r"\S\s+# rejected", line)}


def pyright_report(project: Path) -> Any:
    """pyright's JSON report on ``project`` (its folder, with the settings found there)."""
    assert PYRIGHT.exists(), f"{PYRIGHT} is missing: pip install -r requirements-dev.txt"
    run = subprocess.run(
        [str(PYRIGHT), "--outputjson", "-p", str(project)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    return json.loads(run.stdout)


def pyright_errors() -> dict[str, set[int]]:
    """File name -> the lines pyright reports an error on."""
    report = pyright_report(TYPING)
    assert report["summary"]["filesAnalyzed"] == 2, report
    errors: dict[str, set[int]] = {"consumer.py": set(), "rejected.py": set()}
    for diagnostic in report["generalDiagnostics"]:
        if diagnostic["severity"] == "error":
            line = diagnostic["range"]["start"]["line"] + 1
            errors[Path(diagnostic["file"]).name].add(line)
    return errors


def test_rejected_marks_a_dozen_calls() -> None:
    assert len(rejected_lines()) == 12


def test_pyright_accepts_the_consumer_and_refuses_each_rejected_call() -> None:
    errors = pyright_errors()
    assert errors["consumer.py"] == set()
    assert errors["rejected.py"] == rejected_lines()


def test_pyright_strict_finds_nothing_in_the_clients_own_modules() -> None:
    # pyproject.toml's [tool.pyright]: src, strict, Python 3.9. A parsed message narrowed
    # by isinstance is a dict of unknowns unless typed ordo._json.JSON first.
    project = TYPING.parent.parent
    report = pyright_report(project)
    modules = len(list((project / "src" / "ordo").glob("*.py")))
    assert report["summary"]["filesAnalyzed"] == modules + 1, report  # + _ordo_launcher
    found = [
        f"{Path(d['file']).name}:{d['range']['start']['line'] + 1}: {d['message']}"
        for d in report["generalDiagnostics"]
        if d["severity"] in ("error", "warning")
    ]
    assert found == []


def test_mypy_refuses_each_rejected_call() -> None:
    # consumer.py is in the project's mypy files (make test-python checks it strict).
    stdout, _, _ = mypy.api.run(
        [
            "--strict",
            "--no-incremental",
            "--config-file",
            "",
            str(TYPING / "rejected.py"),
        ]
    )
    lines = {int(match) for match in re.findall(r"rejected\.py:(\d+): error:", stdout)}
    assert lines == rejected_lines(), stdout
