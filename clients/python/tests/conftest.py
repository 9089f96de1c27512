"""Fixtures: the real engine binary, schema-checked engines, the schema document."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Callable, Literal

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.configuration import set_hypothesis_home_dir

import ordo
from schema_check import SchemaChecker, SchemaDocument, load_document

# Hypothesis' files go under clients/python (git-ignored), whatever the working directory.
set_hypothesis_home_dir(str(Path(__file__).resolve().parents[1] / ".hypothesis"))
# Deterministic by default (same examples every run, no .hypothesis/ database written);
# HYPOTHESIS_PROFILE=explore searches afresh each run.
# No deadline, no "too slow" check: one example a loaded machine paused (past the 200 ms
# default) failed the test.
for name, examples in (("deterministic", 50), ("explore", 1000)):
    settings.register_profile(
        name,
        derandomize=name == "deterministic",
        database=None,
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "deterministic"))


def script(path: Path, body: str, interpreter: str = "/bin/sh") -> Path:
    """``path``, made an executable script: ``#!interpreter``, then ``body``."""
    path.write_text(f"#!{interpreter}\n{body}", encoding="utf-8")
    path.chmod(0o755)
    return path


def fake_engine_closing_stdout(tmp_path: Path, linger: float) -> Path:
    """An engine that reads one request, closes its stdout, and exits (status 2) only
    ``linger`` seconds later (flushing state, say, or a child holding a pipe)."""
    return script(
        tmp_path / "ordo-closes-stdout-first",
        "import os, sys, time\n"
        "sys.stdin.buffer.readline()\n"
        "os.close(1)\n"
        f"time.sleep({linger})\n"
        "os._exit(2)\n",
        interpreter=sys.executable,
    )


@contextlib.contextmanager
def engine_leaving_a_pipe_held(
    tmp_path: Path, engine: str, pipe: Literal["stdout", "stderr"] = "stdout"
) -> Iterator[Path]:
    """A wrapper script that runs ``engine`` and leaves behind a process holding its stdout
    or its stderr (a log shipper, say), killed when the block ends."""
    helper_pid = tmp_path / "helper.pid"
    others = ">/dev/null" if pipe == "stderr" else "2>/dev/null"
    wrapper = script(
        tmp_path / f"wrapper-holding-{pipe}.sh",
        f'sleep 60 </dev/null {others} &\necho $! > "{helper_pid}"\nexec "{engine}" "$@"\n',
    )
    try:
        yield wrapper
    finally:
        if helper_pid.exists():
            os.kill(int(helper_pid.read_text()), signal.SIGKILL)


def _find_binary() -> str:
    # The lead rebuilds the engine now and then: tolerate a briefly missing binary.
    deadline = time.monotonic() + 60
    while True:
        try:
            return ordo.find_engine()
        except ordo.EngineNotFound:
            if time.monotonic() > deadline:
                raise
            time.sleep(1)


@pytest.fixture(scope="session")
def ordo_bin() -> str:
    path = _find_binary()
    os.environ.setdefault("ORDO_BIN", path)
    return path


@pytest.fixture(scope="session")
def schema() -> SchemaDocument:
    return SchemaDocument(load_document())


@pytest.fixture
def checker(schema: SchemaDocument) -> Iterator[SchemaChecker]:
    """A tap validating all traffic; the test fails at teardown on any violation."""
    check = SchemaChecker(schema)
    yield check
    problems = check.verdict()
    assert not problems, "schema violations:\n" + "\n".join(problems)


EngineFactory = Callable[..., ordo.Engine]


@pytest.fixture
def make_engine(ordo_bin: str, checker: SchemaChecker) -> Iterator[EngineFactory]:
    """Start schema-checked engines (manual clock unless told otherwise); all closed after."""
    engines: list[ordo.Engine] = []

    def make(**kwargs: Any) -> ordo.Engine:
        kwargs.setdefault("clock", "manual")
        kwargs.setdefault("timeout", 10.0)
        kwargs.setdefault("tap", checker)
        engine = ordo.Engine(ordo_bin, **kwargs)
        engines.append(engine)
        return engine

    yield make
    for engine in engines:
        engine.close()


@pytest.fixture
def engine(make_engine: EngineFactory) -> ordo.Engine:
    """A fresh engine on the manual clock, NDJSON framing, every message schema-checked."""
    return make_engine()


@pytest.fixture(params=["ndjson", "lsp"])
def framed_engine(request: pytest.FixtureRequest, make_engine: EngineFactory) -> ordo.Engine:
    """The same engine in both framings."""
    return make_engine(framing=request.param)


def repo_root() -> Path:
    return Path(__file__).resolve().parents[3]
