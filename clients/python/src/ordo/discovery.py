"""Locating the ``ordo`` binary and building its command line."""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Union

from _ordo_launcher import on_noexec_mount

from .errors import EngineNotFound

PathLike = Union[str, "os.PathLike[str]"]

#: Build outputs looked for in every ancestor directory, in order of preference.
BUILD_OUTPUTS = (Path(".build/release/ordo"), Path(".build/debug/ordo"))

#: Where a wheel built by ``make dist`` carries the engine, inside this package.
BUNDLED = Path(__file__).resolve().parent / "_bin" / "ordo"


def _executable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def bundled_engine() -> str | None:
    """The engine this package was installed with (``ordo/_bin/ordo``), if it carries one."""
    return str(BUNDLED) if _executable(BUNDLED) else None


def _in_build_tree(start: Path) -> Path | None:
    """The newest ``.build/{release,debug}/ordo`` in ``start`` or its nearest such ancestor."""
    for directory in (start, *start.parents):
        found = [directory / rel for rel in BUILD_OUTPUTS if _executable(directory / rel)]
        if found:
            # Both exist: take the one built last (a stale release must not shadow a fresh debug).
            return max(found, key=lambda p: p.stat().st_mtime)
    return None


def find_engine(binary: PathLike | None = None, *, search_from: Sequence[PathLike] = ()) -> str:
    """Where the engine is, the first of:

    1. ``binary``, if given;
    2. ``$ORDO_BIN``, if set (either made an absolute path: a relative one, or a ``Path``,
       from the working directory; a bare name string looked up on ``PATH``);
    3. the engine this package carries (``ordo/_bin/ordo``, in the wheels of ``make dist``);
    4. the repository's ``.build/release/ordo`` or ``.build/debug/ordo`` (the one built
       last when both exist), searched upwards from this package, then from each of
       ``search_from``. Not from the working directory: a script run inside somebody
       else's checkout would run the binary they left there;
    5. ``ordo`` on ``PATH``.

    ``EngineNotFound`` names what was tried when none is there.
    """
    if binary is not None:
        found = _named(binary)
        if found is None:
            raise EngineNotFound(f"ordo binary {str(binary)!r} {_why_not_found(binary)}")
        return found
    env = os.environ.get("ORDO_BIN")
    if env:
        found = _named(env)
        if found is None:
            raise EngineNotFound(f"ORDO_BIN={env!r} {_why_not_found(env)}")
        return found
    bundled = bundled_engine()
    if bundled is not None:
        return bundled
    starts = [Path(__file__).resolve().parent]
    starts += [Path(p).resolve() for p in search_from]
    for start in starts:
        built = _in_build_tree(start)
        if built is not None:
            return str(built)
    on_path = shutil.which("ordo")
    if on_path:
        return on_path
    tried = [
        "ORDO_BIN (not set)",
        f"the engine this package carries ({BUNDLED}: {_why_not_carried()})",
        *(f".build/{{release,debug}}/ordo in {start} and its parents" for start in starts),
        f"ordo on PATH ({os.environ.get('PATH', '')!r})",
    ]
    raise EngineNotFound(
        "cannot find the ordo engine. Tried: "
        + "; ".join(tried)
        + ". Pass its path, set ORDO_BIN, install the ordo-client wheel that carries it, "
        "build it (make release) in the repository, or put `ordo` on PATH"
    )


def _named(name: PathLike) -> str | None:
    """The absolute path of the executable ``name`` names, or None: a path (a ``Path``, or
    a string with a ``/``), relative ones from the working directory of the caller, where it
    meant them (the engine may be started with another ``cwd``); a bare name, on ``PATH``
    (where starting it would look)."""
    if isinstance(name, str) and os.sep not in name:
        found = shutil.which(name)
        return None if found is None else _from_cwd(found)
    path = Path(name)
    return _from_cwd(os.fspath(path)) if _executable(path) else None


def _from_cwd(path: str) -> str:
    """``path`` made absolute against the working directory, with only ``.`` and empty
    segments dropped: the kernel resolves ``link/../ordo`` through the link when it runs
    it, and so does this path (``os.path.abspath`` would drop ``link/..`` as text and name
    another file)."""
    if os.path.isabs(path):
        return path
    segments = [segment for segment in path.split(os.sep) if segment not in ("", ".")]
    return os.sep.join([os.getcwd(), *segments])


def _flag_in(args: Sequence[str], flag: str) -> str | None:
    """The value of the last ``flag`` (``--framing``, ``--clock``) in ``args``, None when
    there is none."""
    value = None
    texts = [str(arg) for arg in args]  # paths are arguments too
    for index, text in enumerate(texts):
        if text == flag and index + 1 < len(texts):
            value = texts[index + 1]
        elif text.startswith(flag + "="):
            value = text[len(flag) + 1 :]
    return value


def _why_not_found(name: PathLike) -> str:
    """What is wrong with the engine ``name`` names, for EngineNotFound's message."""
    if isinstance(name, str) and os.sep not in name:
        return "was not found (a bare name: looked up on PATH)"
    return _why_unusable(Path(name))


def _why_not_carried() -> str:
    """Why the package's own engine is not used: a source install carries none."""
    why = _why_unusable(BUNDLED)
    return "absent: a source install carries none" if why == "does not exist" else why


def _why_unusable(path: Path) -> str:
    """Why ``path`` cannot be started: not there, not a file, or there but not executable,
    where a chmod helps only off a file system mounted ``noexec``."""
    if not os.path.lexists(path):
        if str(path).startswith("~"):  # a shell expands it; a path in a program is as typed
            return "does not exist (a leading ~ is not expanded: os.path.expanduser() it)"
        return "does not exist"
    if not path.exists():
        return "is a symbolic link to nothing"
    if not path.is_file():
        return "is not a file"
    if on_noexec_mount(os.fspath(path)):
        return "is on a file system mounted noexec, where no file can be run"
    return "is not executable (chmod +x it)"


def engine_command(
    binary: str,
    *,
    framing: str,
    clock: str | None,
    args: Sequence[str],
) -> list[str]:
    if framing not in ("ndjson", "lsp"):
        raise ValueError(f"framing must be 'ndjson' or 'lsp', not {framing!r}")
    if clock not in (None, "system", "manual"):
        raise ValueError(f"clock must be 'system', 'manual' or None, not {clock!r}")
    if isinstance(args, str):
        raise TypeError("args must be a sequence of strings, not a string")
    # The client must speak the engine's framing: a --framing in args may be "auto" (the
    # engine then follows the client's first bytes) or the same as ``framing``.
    given = _flag_in(args, "--framing")
    if given not in (None, "auto", framing):
        raise ValueError(
            f"args say --framing {given} but the client speaks {framing}: give framing={given!r}"
        )
    command = [binary] if given is not None else [binary, "--framing", framing]
    # clock= and a --clock in args: one flag (the engine refuses it twice), or a ValueError
    # when they disagree.
    in_args = _flag_in(args, "--clock")
    if clock is not None and in_args is not None and in_args != clock:
        raise ValueError(f"args say --clock {in_args} but clock={clock!r}: give one of them")
    if clock is not None and in_args is None:
        command += ["--clock", clock]
    return [*command, *args]
