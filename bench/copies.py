"""Fails when the release engine copies a whole engine state where it does not mean to.

Swift copies a value to lend it as `self` when a non-mutating method is called through a
class's stored property, when the call's own arguments read the same value, and when a
closure captures it (bench/README.md, "Hidden copies"). For the layer tree that is 272 bytes
and 25 references retained and released; for the screen, twice that. In the binary such a
copy is a call to the type's outlined copy, `$s8OrdoCore<type>VWOc` (or a jump to it, for a
tail call), or a call of the screen's `layers` or `alerts` getter, which returns a copy. This
lists every function that makes one for the screen, the layer tree or the alert manager, and
fails on any caller not in `ALLOWED`: the places that copy on purpose, off the request
paths.

Usage: python3 bench/copies.py BINARY (`make test-copies` runs it on the release build).
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterable

STATE_COPY = re.compile(
    r"\s(?:call|jmp)\s+[0-9a-f]+ <(\$s8OrdoCore(?:(?:6Screen|9LayerTree|12AlertManager)VWOc"
    r"|6ScreenV6(?:layers|alerts)\w*vg))>"
)
FUNCTION = re.compile(r"^[0-9a-f]+ <(.+)>:$")

# Callers that copy on purpose: (a fragment of the mangled name, why).
ALLOWED = (
    ("6EngineC5reset", "engine.reset keeps the durable part of the screen it replaces"),
    ("6EngineC20commitDurableChanges", "a commit hands the store the manager, once per group"),
    ("7SessionC9beginWork", "a durable group's snapshot, to roll back a failed commit"),
    ("7SessionC10startGroup", "the same snapshot, after engine.reset inside a batch"),
    ("7SessionC7receive", "the same snapshot (beginWork inlined)"),
    ("9StdioLoopV3run", "the same snapshot (beginWork inlined)"),
    ("6EngineC4roll", "a failed commit puts the group's snapshot back"),
    ("7SessionC5flush", "the same, roll(backTo:) inlined (only when a commit failed)"),
    ("6ScreenV6alerts", "the screen's `alerts` getter is a copy (its callers are not allowed)"),
    ("6ScreenV6layers", "the screen's `layers` getter is a copy (its callers are not allowed)"),
    ("6ReportO", "`ordo report` renders a copy"),
    ("6ReplayO", "`ordo replay` keeps copies to compare"),
    ("12AlertManagerV10checkQueue", "the invariant checks of the tests"),
)
# A caller that must be found: it copies on purpose, so finding none means the pattern no
# longer matches what the compiler emits (and the check would pass whatever happened).
SENTINEL = "6EngineC5reset"


def state_copies(disassembly: Iterable[str]) -> dict[str, set[str]]:
    """Every function that copies an engine state, with the copies it calls or jumps to."""
    callers: dict[str, set[str]] = {}
    function = None
    for line in disassembly:
        started = FUNCTION.match(line)
        if started:
            function = started.group(1)
            continue
        if function is None:
            continue
        copy = STATE_COPY.search(line)
        if copy:
            callers.setdefault(function, set()).add(copy.group(1))
    return callers


def why_allowed(caller: str) -> str | None:
    return next((why for fragment, why in ALLOWED if fragment in caller), None)


def problems(callers: dict[str, set[str]]) -> list[str]:
    """What is wrong with these copies: unexpected callers, or no sentinel."""
    found = [
        f"{caller} copies {', '.join(sorted(copies))}"
        for caller, copies in sorted(callers.items())
        if why_allowed(caller) is None
    ]
    if not any(SENTINEL in caller for caller in callers):
        found.append(
            f"no copy found in a caller matching {SENTINEL!r}, which copies on purpose: "
            "the pattern no longer matches this compiler's output (update bench/copies.py)"
        )
    return found


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    process = subprocess.Popen(
        ["objdump", "-d", "--no-show-raw-insn", argv[1]], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout
    callers = state_copies(process.stdout)
    if process.wait() != 0:
        print(f"copies: objdump failed on {argv[1]}", file=sys.stderr)
        return 2
    found = problems(callers)
    for problem in found:
        print(f"copies: {problem}", file=sys.stderr)
    if found:
        print(
            "copies: a whole engine state is copied outside the places that mean to; see "
            "bench/README.md, 'Hidden copies'",
            file=sys.stderr,
        )
        return 1
    allowed = sum(1 for caller in callers if why_allowed(caller))
    print(f"copies: no whole-state copies outside the {allowed} places that make them on purpose")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
