"""Fixtures of the trace suite: sessions recorded with `--trace` and replayed with
`ordo replay`, the real engine through real pipes.

Run (from the repository root, with the release engine built):

    ORDO_BIN=$PWD/.build/release/ordo .venv/bin/python -m pytest -q integration/trace

Without ORDO_BIN the suite uses .build/release/ordo of this checkout.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parents[1]))  # ordo_testing
# The Python client's conformance runner (its transcript parser and stdout reader).
sys.path.insert(1, str(Path(__file__).resolve().parents[2] / "clients" / "python" / "tests"))

from ordo_testing import engine_or_exit

from trace_support import Engine


@pytest.fixture(scope="session", autouse=True)
def ordo_bin() -> str:
    return engine_or_exit()


class EngineFactory(Protocol):
    def __call__(self, *args: str, cwd: Path | None = None) -> Engine: ...


@pytest.fixture
def engine() -> Iterator[EngineFactory]:
    """Starts engines; each is killed (if still running) and closed after the test."""
    made: list[Engine] = []

    def start(*args: str, cwd: Path | None = None) -> Engine:
        live = Engine(*args, cwd=cwd)
        made.append(live)
        return live

    yield start
    for live in made:
        live.close()
