"""The ``ordo`` console script of a wheel that carries the engine: it becomes that engine.

Like ruff's ``ruff`` shim, it replaces itself with the binary (``os.execv``): same pid,
same stdin/stdout, the arguments as given, and the engine's exit status and signals are
the command's own. Only wheels built by ``make dist`` (which carry ``ordo/_bin/ordo``)
install this script; a source install puts nothing named ``ordo`` on PATH.
"""

from __future__ import annotations

import os
import sys
from typing import NoReturn

from .discovery import bundled_engine


def main() -> NoReturn:
    engine = bundled_engine()
    if engine is None:
        print(
            "ordo: this ordo-client install carries no engine (it is a source install); "
            "build one with `make release` or install the wheel from `make dist`",
            file=sys.stderr,
        )
        raise SystemExit(127)
    os.execv(engine, [engine, *sys.argv[1:]])
