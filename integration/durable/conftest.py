"""Fixtures of the durable-state suite (see durable_support.py for the engine helpers).

Run (from the repository root, with the release engine built):

    ORDO_BIN=$PWD/.build/release/ordo .venv/bin/python -m pytest -q integration/durable

Without ORDO_BIN the suite uses .build/release/ordo of this checkout. The crash test runs
ORDO_CRASH_RUNS kill points (default 100; `make soak` runs 1 000). The sqlite3 command-line
shell must be installed (`make durable-deps`).
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parents[1]))  # ordo_testing

from ordo_testing import default_signal_dispositions, engine_or_exit

from durable_support import Engine


class EngineFactory(Protocol):
    def __call__(self, state: Path | str | None, *args: str, **options: Any) -> Engine: ...


default_signal_dispositions()


@pytest.fixture(scope="session", autouse=True)
def ordo_bin() -> str:
    if shutil.which("sqlite3") is None:
        pytest.exit("the sqlite3 command-line shell is missing: make durable-deps", returncode=4)
    return engine_or_exit()


@pytest.fixture
def state(tmp_path: Path) -> Path:
    """A state file path in a fresh directory (the file does not exist yet)."""
    return tmp_path / "state.db"


@pytest.fixture
def engine() -> Iterator[EngineFactory]:
    """A factory of live engines; each one it made is killed (if alive) after the test."""
    made: list[Engine] = []

    def start(state: Path | str | None, *args: str, **options: Any) -> Engine:
        live = Engine(state, *args, **options)
        made.append(live)
        return live

    yield start
    for live in made:
        live.dispose()
