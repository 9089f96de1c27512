"""Fixtures of the packaging suite: dist/ as `make dist` left it, and a sandbox far from
the repository where a user without a Swift toolchain installs it.

Run (from the repository root): make test-dist — it runs make dist first, then
.venv/bin/python -m pytest -q integration/dist. Every test reuses that one dist/.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from dist_support import REPO, Dist, Sandbox


@pytest.fixture(scope="session")
def dist() -> Dist:
    found = Dist.find(REPO / "dist")
    if found is None:
        pytest.exit("dist/ is missing or incomplete: run make dist (make test-dist does)", 4)
    return found


def _clean_path() -> str:
    """PATH without the Swift toolchain, without any `ordo`, and nothing in the repository."""
    kept = []
    for entry in os.environ.get("PATH", "").split(os.pathsep):
        folder = Path(entry)
        if not entry or not folder.is_dir() or folder.resolve().is_relative_to(REPO):
            continue
        if any((folder / name).exists() for name in ("swift", "swiftc", "ordo")):
            continue
        kept.append(entry)
    return os.pathsep.join(kept)


@pytest.fixture(scope="session")
def sandbox() -> Iterator[Sandbox]:
    root = Path(tempfile.mkdtemp(prefix="ordo-dist-")).resolve()
    try:
        yield Sandbox(root=root, path=_clean_path())
    finally:
        shutil.rmtree(root, ignore_errors=True)
