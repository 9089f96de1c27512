"""Fixtures of the command-line suite (see cli_support.py for the shell helpers).

Run (from the repository root, with the release engine built):

    ORDO_BIN=$PWD/.build/release/ordo .venv/bin/python -m pytest -q integration/cli

Without ORDO_BIN the suite uses .build/release/ordo of this checkout.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parents[1]))  # ordo_testing

from ordo_testing import engine_or_exit


@pytest.fixture(scope="session", autouse=True)
def ordo_bin() -> str:
    return engine_or_exit()
