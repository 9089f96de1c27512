"""The README's console transcripts (`$ ordo ...`, then `→` requests and `←` messages) are
what the engine writes: each request is sent in turn and the messages up to its answer
(its events, then the answer) are compared with the `←` lines after it.

`…` stands for elided text: inside a message it matches anything; a `←` block of only `…`,
or none at all, takes whatever the engine wrote for that request.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
from pathlib import Path
from typing import IO, Any

import pytest
from ordo_testing import REPO, engine_binary

FENCE = re.compile(r"```console\n(?P<body>.*?)```", re.S)
TIMEOUT = 30.0


def transcripts() -> list[str]:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    return [match["body"] for match in FENCE.finditer(readme) if "\n→ " in match["body"]]


def runs(body: str) -> list[tuple[list[str], list[tuple[str, list[str]]]]]:
    """Each `$` command's arguments and its (request, shown messages) exchanges."""
    found: list[tuple[list[str], list[tuple[str, list[str]]]]] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            command = shlex.split(line[2:], comments=True)
            assert command[0] in ("ordo", ".build/release/ordo"), line
            found.append((command[1:], []))
        elif line.startswith("→ "):
            found[-1][1].append((line[2:], []))
        elif line.startswith("← "):
            found[-1][1][-1][1].append(line[2:])
        else:
            raise AssertionError(
                f"a transcript line that is no command, request or message: {line}"
            )
    return found


def pattern(shown: str) -> re.Pattern[str]:
    return re.compile(".*?".join(re.escape(part) for part in shown.split("…")), re.S)


def _until_answer(output: IO[str], request: dict[str, Any]) -> list[str]:
    """The engine's lines up to and including the answer to `request`."""
    lines = []
    while True:
        line = output.readline()
        assert line, f"the engine wrote no answer to {request}"
        lines.append(line.rstrip("\n"))
        message = json.loads(line)
        if "id" in message and message["id"] == request.get("id"):
            return lines


def test_the_readme_has_its_transcripts() -> None:
    # The 30-second session, the seed's advanced scenario, the three runs of "once per 30 days".
    assert [len(runs(body)) for body in transcripts()] == [1, 1, 3]


@pytest.mark.parametrize("index", range(3))
def test_a_transcript_is_what_the_engine_writes(index: int, tmp_path: Path) -> None:
    for args, exchanges in runs(transcripts()[index]):
        engine = subprocess.Popen(
            [engine_binary(), *args],
            cwd=tmp_path,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert engine.stdin is not None and engine.stdout is not None
        try:
            for sent, shown in exchanges:
                engine.stdin.write(sent + "\n")
                engine.stdin.flush()
                written = _until_answer(engine.stdout, json.loads(sent))
                if shown in ([], ["…"]):
                    continue
                assert len(written) == len(shown), f"{sent}\nshown: {shown}\nwritten: {written}"
                for line, expected in zip(written, shown):
                    assert pattern(expected).fullmatch(line), (
                        f"{sent}\nshown:   {expected}\nwritten: {line}"
                    )
            engine.stdin.close()
            assert engine.wait(TIMEOUT) in (0, 1)
        finally:
            engine.kill()
            engine.wait(TIMEOUT)
