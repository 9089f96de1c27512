"""Fixtures of the interop suite: third-party clients drive the real engine.

Run (from the repository root, with the release engine built and `make interop-deps`):

    ORDO_BIN=$PWD/.build/release/ordo .venv/bin/python -m pytest -q integration/interop

Without ORDO_BIN the suite uses .build/release/ordo of this checkout.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parents[1]))  # ordo_testing

from ordo_testing import engine_or_exit

from interop_support import LOG_LEVELS, SESSION_TIMEOUT


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Nothing may hang: every test of this suite has a deadline."""
    here = Path(__file__).resolve().parent
    for item in items:
        if here in item.path.parents and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(SESSION_TIMEOUT * 2))


@pytest.fixture(scope="session")
def ordo_bin() -> str:
    return engine_or_exit()


@pytest.fixture(params=sorted(LOG_LEVELS))
def log_level(request: pytest.FixtureRequest) -> str:
    """Each session runs twice: at the engine's default log level and at debug."""
    level: str = request.param
    return level
