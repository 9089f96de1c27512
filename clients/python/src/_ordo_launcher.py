"""The ``ordo`` command of the wheels that carry the engine: it becomes that engine.

A top-level module, apart from the ``ordo`` package on purpose: the console script imports
only this and ``os.execv``s the binary, so ``ordo call …`` in a shell loop or a git hook
costs Python's start-up, not the client's imports (the ``ordo`` package is located with
the import system's finders, never imported). Like ruff's shim, the binary then replaces
the process: same pid, same stdin/stdout/stderr, the arguments as given, and the
engine's exit status and signals are the command's own.

``ordo._cli`` and ``python -m ordo`` (``ordo/__main__.py``) run the engine through
:func:`exec_engine` too, with the same messages when there is none to run.
"""

from __future__ import annotations

import os
import signal
import sys

TYPE_CHECKING = False  # not typing's: importing typing would double the command's cost
if TYPE_CHECKING:
    from typing import NoReturn

PACKAGE = "ordo"
#: Where a wheel of ``make dist`` carries the engine, inside the ``ordo`` package.
ENGINE = os.path.join("_bin", "ordo")


def _package_folders() -> list[str]:
    """The folders of the ``ordo`` package, as ``importlib.util.find_spec("ordo")`` would
    give them (``submodule_search_locations``), without importing the package: each finder
    of ``sys.meta_path`` is asked in turn, so every install scheme (virtualenv, ``--user``,
    ``--target`` on PYTHONPATH, ``--prefix``, an editable install's finder) is covered.
    ``importlib.util`` itself is not imported: it costs more than the search.
    """
    module = sys.modules.get(PACKAGE)  # python -m ordo: already imported
    spec = getattr(module, "__spec__", None)
    for finder in sys.meta_path if spec is None else ():
        find_spec = getattr(finder, "find_spec", None)
        if find_spec is not None:
            spec = find_spec(PACKAGE, None)
            if spec is not None:
                break
    return list(getattr(spec, "submodule_search_locations", None) or ())


def bundled_engine() -> str | None:
    """``ordo/_bin/ordo`` of the installed package, whether or not it is there (None: no
    ``ordo`` package at all)."""
    folders = _package_folders()
    for folder in folders:
        candidate = os.path.join(folder, ENGINE)
        if os.path.lexists(candidate):
            return candidate
    return os.path.join(folders[0], ENGINE) if folders else None


def _fail(status: int, message: str) -> NoReturn:
    print(f"ordo: {message}", file=sys.stderr)
    raise SystemExit(status)


def on_noexec_mount(path: str) -> bool:
    """Whether ``path`` is on a file system mounted ``noexec`` (a hardened /tmp or home),
    where no permission bit makes a program run."""
    try:
        return bool(os.statvfs(path).f_flag & os.ST_NOEXEC)
    except (OSError, AttributeError):  # AttributeError: no ST_NOEXEC on this platform
        return False


def _why_not_executable(engine: str) -> str:
    """Why ``access(X_OK)`` refuses a file that is there: lost permission bits (a copy that
    dropped them) or a file system mounted ``noexec``, where a chmod changes nothing (so
    the mount is asked first)."""
    if on_noexec_mount(engine):
        return (
            "the file system that holds it is mounted noexec: install the package on "
            "one that allows running programs, or set ORDO_BIN to an engine on one"
        )
    return "its permission bits were lost in the copy: reinstall the wheel, or chmod +x it"


def exec_engine(engine: str | None, args: list[str]) -> NoReturn:
    """Replace this process with ``engine args…``; say why not (exit 127: no engine, 126:
    one that cannot run), as a shell would."""
    if engine is None:
        _fail(127, "the ordo-client package is not importable from this Python (reinstall it)")
    if not os.path.isfile(engine):
        _fail(
            127,
            "this ordo-client install carries no engine (it is a source install), and "
            "this command runs only a carried one; the client (ordo.Engine) finds "
            "$ORDO_BIN, else the repository's .build/{release,debug}/ordo above an "
            "editable install, else ordo on PATH: run that engine itself (`$ORDO_BIN "
            "--version`, `.build/release/ordo --version`). Build one with `make release` "
            "or install the wheel from `make dist`",
        )
    if not os.access(engine, os.X_OK):
        _fail(126, f"{engine}: the engine is not executable ({_why_not_executable(engine)})")
    # Python starts with SIGPIPE and SIGXFSZ ignored, and an exec keeps ignored signals:
    # the engine would then get EPIPE where, run from a shell, a closed pipe ends it.
    for number in (signal.SIGPIPE, signal.SIGXFSZ):
        signal.signal(number, signal.SIG_DFL)
    try:
        os.execv(engine, [engine, *args])
    except OSError as error:
        _fail(
            126,
            f"cannot run {engine}: {error.strerror} (this machine is "
            f"{os.uname().sysname} {os.uname().machine}; is the wheel built for another?)",
        )


def main() -> NoReturn:
    """The console script: ``ordo ARGS…`` runs the engine the package carries."""
    exec_engine(bundled_engine(), sys.argv[1:])


if __name__ == "__main__":
    main()
