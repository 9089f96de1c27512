"""The README's self-contained Python examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
RUNNABLE = [b for b in BLOCKS if "with Engine(" in b or "asyncio.run(main())" in b]


@pytest.mark.parametrize("block", RUNNABLE, ids=[f"block{i}" for i in range(len(RUNNABLE))])
def test_readme_example_runs(block: str, ordo_bin: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(block, str(README), "exec"), {})
    assert capsys.readouterr().out


def test_the_readme_has_its_runnable_examples() -> None:
    # Found by a pattern: had it stopped matching, the test above would run nothing.
    assert len(RUNNABLE) >= 5, BLOCKS
