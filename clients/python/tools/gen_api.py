#!/usr/bin/env python3
"""Generate ``ordo/_async_api.py`` and ``ordo/_batch_api.py`` from ``ordo/api.py``.

The blocking API is written once, by hand; the asyncio flavour (``async def``
+ ``await``) and the batch flavour (every result wrapped in ``Pending[...]``)
are mechanical rewrites of it, in the spirit of httpcore's unasync script.

    python tools/gen_api.py          # rewrite the generated files
    python tools/gen_api.py --check  # exit 1 if they are stale
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "ordo"
SOURCE = PACKAGE / "api.py"
TARGETS = {"async": PACKAGE / "_async_api.py", "batch": PACKAGE / "_batch_api.py"}

_DOCSTRING = re.compile(r'\A""".*?"""\n', re.S)
_CLASS_NAMES = re.compile(
    r"\b(_?)(Engine|Namespace|Clock|Layers|Alerts|Nav|Events)API\b|\bInvoker\b"
)
_DEF = re.compile(r"^(\s*)def (?!__init__\b)")
_RETURNS = re.compile(r"^(\s*(?:def \w+\(.*)?\)) -> (.+?):( \.\.\.)?$")
_INVOKE = re.compile(r"\breturn self\.(_invoker\.)?_invoke\(")


def _header(flavour: str) -> str:
    what = {
        "async": "The asyncio API: every wrapper is a coroutine.",
        "batch": "The batch API: every wrapper queues a call and returns its Pending result.",
    }[flavour]
    return f'"""{what}\n\nGENERATED from api.py by tools/gen_api.py: do not edit by hand.\n"""\n'


def _rename(prefix: str, match: re.Match[str]) -> str:
    if match.group(2) is None:
        return prefix + "Invoker"
    return f"{match.group(1)}{prefix}{match.group(2)}API"


def generate(flavour: str, source: str) -> str:
    prefix = {"async": "Async", "batch": "Batch"}[flavour]
    body = _DOCSTRING.sub("", source, count=1)
    out: list[str] = []
    for line in body.splitlines():
        line = _CLASS_NAMES.sub(lambda m: _rename(prefix, m), line)
        if flavour == "async":
            line = _DEF.sub(r"\1async def ", line)
            line = _INVOKE.sub(r"return await self.\1_invoke(", line)
        else:
            if "def __init__" not in line:
                line = _RETURNS.sub(r"\1 -> Pending[\2]:\3", line)
            if line.startswith("from ._call import"):
                line = line.replace("Call,", "Call, Pending,")
        out.append(line)
    return _header(flavour) + "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    source = SOURCE.read_text(encoding="utf-8")
    stale = []
    for flavour, path in TARGETS.items():
        text = generate(flavour, source)
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        if current != text:
            stale.append(path)
            if "--check" not in argv:
                path.write_text(text, encoding="utf-8")
    if "--check" in argv and stale:
        print("stale: " + ", ".join(str(p) for p in stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
