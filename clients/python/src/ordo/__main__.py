"""``python -m ordo ARGS…``: the engine the package carries, as the ``ordo`` command runs it
(the process becomes the engine; the same messages when the package carries none).
"""

from __future__ import annotations

import sys

from _ordo_launcher import bundled_engine, exec_engine

if __name__ == "__main__":
    exec_engine(bundled_engine(), sys.argv[1:])
