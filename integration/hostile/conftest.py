"""Fixtures of the hostile-input suite (see hostile_support.py for the raw-pipe helpers).

Run (from the repository root, with the release engine built):

    ORDO_BIN=$PWD/.build/release/ordo .venv/bin/python -m pytest -q integration/hostile

Without ORDO_BIN the suite uses .build/release/ordo of this checkout.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parents[1]))  # ordo_testing

from ordo_testing import default_signal_dispositions, engine_or_exit

from hostile_support import Engine, EngineFactory

default_signal_dispositions()


@pytest.fixture(scope="session", autouse=True)
def ordo_bin() -> str:
    return engine_or_exit()


@pytest.fixture
def engine() -> Iterator[EngineFactory]:
    """A factory of live engines; every engine it made is killed (if still alive) after the test."""
    made: list[Engine] = []

    def start(*args: str, manual: bool = True, read: bool = True) -> Engine:
        live = Engine(*args, manual=manual, read=read)
        made.append(live)
        return live

    yield start
    for live in made:
        live.kill()
