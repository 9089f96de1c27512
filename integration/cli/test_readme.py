"""The README's "From a shell script" section: its commands run as printed and print what
their comments say; its hook excerpt is the example hook's own text."""

from __future__ import annotations

import os
import re
from pathlib import Path

from ordo_testing import REPO, engine_binary

from cli_support import sh

FENCE = re.compile(r"```sh\n(?P<code>.*?)```", re.S)


def snippets() -> list[str]:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    start = readme.index("## From a shell script")
    section = readme[start : readme.index("\n## ", start + 1)]
    return [match["code"] for match in FENCE.finditer(section)]


def commands(snippet: str) -> list[tuple[str, str]]:
    """(command, comment) pairs; a line ending in `|` or `\\` continues on the next."""
    pairs: list[tuple[str, str]] = []
    pending = ""
    for line in snippet.splitlines():
        code, _, comment = line.partition("  # ")
        code = pending + code.rstrip()
        if code.endswith(("|", "\\")):
            pending = code + "\n"
            continue
        pending = ""
        pairs.append((code, comment.strip()))
    return pairs


def test_the_section_has_its_two_snippets() -> None:
    assert len(snippets()) == 2


def test_the_commands_run_as_printed_and_print_what_their_comments_say(tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "ordo").symlink_to(engine_binary())
    env = {"PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    pairs = commands(snippets()[0])
    assert len(pairs) == 6
    for command, comment in pairs:
        ran = sh(command, cwd=tmp_path, env=env)
        expected_status = 1 if comment.startswith("exit 1") else 0
        assert ran.status == expected_status, f"{command}\n{ran.stderr}"
        if "→ " in comment:
            shown = comment.split("→ ", 1)[1].rstrip("…")
            assert shown in ran.stdout, f"{command}\n{ran.stdout}"


def test_the_hook_excerpt_is_the_example_hooks_own_text() -> None:
    hook = (REPO / "examples" / "whats-new-hook" / "post-merge").read_text(encoding="utf-8")
    excerpt = snippets()[1]
    assert excerpt.count("\n") > 8
    assert excerpt in hook
