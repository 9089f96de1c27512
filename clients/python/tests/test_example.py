"""The newcomer's first run: examples/room_page.py against the real engine."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "room_page.py"


def run_example(ordo_bin: str, *args: str) -> str:
    completed = subprocess.run(
        [sys.executable, str(EXAMPLE), "--ordo", ordo_bin, "--time-scale", "0.5", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(EXAMPLE.parents[1] / "src")},
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    return completed.stdout


@pytest.mark.parametrize("seed", [3])
def test_room_page_shows_a_b_c(ordo_bin: str, seed: int) -> None:
    out = run_example(ordo_bin, "--seed", str(seed))
    assert "all popups handled" in out
    assert "shown in order: A → B → C" in out
    assert "A (suspended)" in out  # A's button took the user to the wallet page
    assert " svg " not in out  # no picture unless asked for


def test_room_page_cancelled_b_does_not_show(ordo_bin: str) -> None:
    out = run_example(ordo_bin, "--seed", "5", "--scheduled-b", "--cancel-b")
    assert "cancelled ['B']" in out
    assert "shown in order: A → C" in out


def test_room_page_saves_the_layers_as_svg(ordo_bin: str, tmp_path: Path) -> None:
    picture = tmp_path / "room.svg"
    out = run_example(ordo_bin, "--seed", "3", "--layers-svg", str(picture))
    assert "shown in order: A → B → C" in out
    svg = "{http://www.w3.org/2000/svg}"
    groups = ET.parse(picture).getroot().iter(svg + "g")
    drawn = [g.get("data-layer") for g in groups if "layer" in g.get("class", "").split()]
    # Paint order of the framed, visible layers at the end (the wallet page is hidden).
    assert drawn == [
        "room",
        "video",
        "chat",
        "message1",
        "message2",
        "message3",
        "message4",
        "giftBar",
        "giftButton",
    ]
