"""What ``make demo`` writes, opened in headless Chromium: the room page example recorded with
``--trace``, replayed, reported, and its layers drawn at the end (``--layers-svg``).

The session runs on the system clock (the example's threads play the network and the user),
so what must be shown is read from the trace: every alert queued, how each ended, every
page change; the layers come from the example's fixed page.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from browser_support import chromium_binary, run_chromium
from engine_session import REPOSITORY, engine_binary, write_report

EXAMPLE = REPOSITORY / "clients" / "python" / "examples" / "room_page.py"
# Painted and framed at the end: the wallet page is hidden again.
ROOM_LAYERS = [
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


@dataclass(frozen=True)
class Demo:
    trace: Path
    report: Path
    layers: Path
    console: str


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Demo:
    folder = tmp_path_factory.mktemp("demo")
    files = Demo(folder / "session.trace", folder / "report.html", folder / "layers.svg", "")
    done = subprocess.run(
        [
            sys.executable,
            str(EXAMPLE),
            "--ordo",
            str(engine_binary()),
            "--seed",
            "3",
            "--time-scale",
            "0.5",
            "--trace",
            str(files.trace),
            "--layers-svg",
            str(files.layers),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    write_report(files.trace, files.report)
    return Demo(files.trace, files.report, files.layers, done.stdout)


def recorded_messages(trace: Path, direction: str) -> list[dict[str, Any]]:
    lines = trace.read_text().splitlines()
    records = [json.loads(line) for line in lines[1:]]
    return [record["msg"] for record in records if record.get("dir") == direction]


def test_the_demo_replays_identically(demo: Demo) -> None:
    assert "shown in order: A → B → C" in demo.console
    header = json.loads(demo.trace.read_text().splitlines()[0])
    assert "--trace" in header["args"]
    done = subprocess.run(
        [str(engine_binary()), "replay", str(demo.trace)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, "identical\n"), done.stdout + done.stderr


def test_the_demo_report_shows_each_alert_and_page_change(demo: Demo, tmp_path: Path) -> None:
    written = recorded_messages(demo.trace, "out")
    queued = [
        message["result"]["alert"]["id"]
        for message in written
        if isinstance(message.get("result"), dict)
        and message["result"].get("disposition") == "queued"
    ]
    stacks = [
        message["result"]["stack"]
        for message in written
        if isinstance(message.get("result"), dict) and "active" in message["result"]
    ]
    changes = sum(1 for before, after in zip([[], *stacks], stacks) if before != after)
    assert sorted(queued) == ["A", "B", "C"] and changes == 3  # room, room > wallet, room
    dom = run_chromium(chromium_binary(), tmp_path / "p", "--dump-dom", demo.report.as_uri()).stdout
    rows = re.findall(r'<g class="row-label" data-alert="([^"]*)"', dom)
    assert sorted(rows) == sorted(queued)
    ends = re.findall(r'<g class="end end-([a-z]+)" data-alert="([^"]*)"', dom)
    assert sorted(ends) == [("completed", "A"), ("completed", "B"), ("completed", "C")]
    assert len(re.findall(r'<g class="nav"', dom)) == changes
    layers = re.findall(r'<g class="layer depth-\d+[^"]*" data-layer="([^"]*)"', dom)
    assert layers == ROOM_LAYERS


def test_the_demo_layer_picture_marks_the_gift_button(demo: Demo, tmp_path: Path) -> None:
    dom = run_chromium(chromium_binary(), tmp_path / "p", "--dump-dom", demo.layers.as_uri()).stdout
    layers = re.findall(r'<g class="layer depth-\d+[^"]*" data-layer="([^"]*)"', dom)
    assert layers == ROOM_LAYERS
    on_path = re.findall(r'<g class="layer depth-\d+ hit-path[^"]*" data-layer="([^"]*)"', dom)
    assert on_path == ["room", "giftBar", "giftButton"]
    # The example asks for a drawing 600 high: the phone's 844 scaled down.
    bounds = re.search(r'<rect class="bounds" [^>]*width="([\d.]+)" height="([\d.]+)"', dom)
    assert bounds, dom[:2000]
    assert float(bounds[2]) == 600 and abs(float(bounds[1]) - 390 * 600 / 844) < 0.01
