"""Fixtures of the packaging suite: dist/ as `make dist` left it, and a sandbox far from
the repository where a user without a Swift toolchain installs it.

Run (from the repository root): make test-dist — it runs make dist first, then
.venv/bin/python -m pytest -q integration/dist. Every test reuses that one dist/.
"""

from __future__ import annotations

import json
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


@pytest.fixture(scope="session")
def venv(dist: Dist, sandbox: Sandbox) -> Path:
    """A fresh virtualenv in the sandbox with the wheel installed, offline."""
    root = sandbox.root / "venv"
    base_python = getattr(sys, "_base_executable", sys.executable)
    sandbox.run([base_python, "-m", "venv", root], cwd=sandbox.root, env=sandbox.env())
    python = root / "bin" / "python"
    sandbox.run(
        [python, "-m", "pip", "install", "-q", "--no-index", "--no-cache-dir", dist.wheel],
        cwd=sandbox.root,
        env=sandbox.env(PIP_DISABLE_PIP_VERSION_CHECK="1"),
    )
    return root


@pytest.fixture(scope="session")
def npm_project(dist: Dist, sandbox: Sandbox) -> Path:
    """A fresh npm project in the sandbox with the tarball installed, offline, empty cache."""
    root = sandbox.root / "node-app"
    root.mkdir()
    (root / "package.json").write_text(
        json.dumps({"name": "app", "private": True, "type": "module"}), encoding="utf-8"
    )
    sandbox.run(
        ["npm", "install", "--offline", "--no-audit", "--no-fund", dist.npm],
        cwd=root,
        env=sandbox.env(npm_config_cache=str(sandbox.root / "npm-cache")),
    )
    return root
