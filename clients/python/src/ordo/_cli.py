"""The former target of the ``ordo`` console script, kept for anything that calls it.

The wheels of ``make dist`` now point the ``ordo`` command at the top-level
``_ordo_launcher`` module instead: a console script naming ``ordo._cli`` imports the whole
``ordo`` package first (~100 ms) just to ``os.execv`` the engine. This one runs the engine
``ordo.discovery`` knows (``ordo/_bin/ordo``) the same way.
"""

from __future__ import annotations

import sys
from typing import NoReturn

from _ordo_launcher import exec_engine

from . import discovery


def main() -> NoReturn:
    exec_engine(str(discovery.BUNDLED), sys.argv[1:])
