"""What every integration suite needs of the engine under test: where its binary is, and
whether its stderr shows a crash. Each suite's conftest puts this folder on `sys.path`."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

# What a crashing Swift process (or a sanitiser, or Python) leaves on stderr.
CRASH_MARKERS = (
    "Fatal error",
    "fatal error",
    "Program crashed",
    "Segmentation fault",
    "Illegal instruction",
    "Backtrace",
    "Traceback",
    "AddressSanitizer",
    "Assertion failed",
    "Precondition failed",
)


def engine_binary() -> str:
    """ORDO_BIN, else the release binary of this checkout (absolute)."""
    path = os.environ.get("ORDO_BIN") or str(REPO / ".build" / "release" / "ordo")
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise RuntimeError(
            f"engine binary {path!r} not found: build it with `make release` or set ORDO_BIN"
        )
    return os.path.abspath(path)


def engine_or_exit() -> str:
    """`engine_binary()`, or the whole pytest run stops (status 4) saying how to build it:
    for a suite's session fixture."""
    try:
        return engine_binary()
    except RuntimeError as problem:
        pytest.exit(str(problem), returncode=4)


def assert_no_crash(stderr: bytes | str, what: str = "engine") -> None:
    text = stderr.decode("utf-8", "replace") if isinstance(stderr, bytes) else stderr
    for marker in CRASH_MARKERS:
        assert marker not in text, (
            f"{what} stderr shows a crash ({marker!r}):\n{text[-3000:]}"
        )


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process `pid` has used so far."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def default_signal_dispositions() -> None:
    """Gives the engines this process starts SIGINT and SIGHUP at their defaults, as a
    parent that does not ignore them does. A test run under `nohup`, or as a shell
    script's background job, ignores them, and the engine keeps a signal it inherits as
    ignored (docs/protocol.md#lifecycle): tests that send them would then see no exit.
    (A Python handler, unlike an ignore, is reset to the default across exec.)"""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
