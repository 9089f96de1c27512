"""Helpers of the browser suite: headless Chromium, the sample session, a small PNG reader.

The PNG reader needs only the standard library (zlib): 8-bit RGB and RGBA images, the
kinds Chromium's screenshots are.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import zlib
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pytest

from engine_session import Session, WireCounts, wire_counts, write_report

# A missing Chromium skips the suite, or fails it under ORDO_BROWSER_STRICT=1 (as
# ``make test-browser`` runs it, after installing Chromium).
STRICT = os.environ.get("ORDO_BROWSER_STRICT") == "1"

# A cold start of Chromium on a busy 2-core machine takes a few seconds.
CHROMIUM_TIMEOUT = 120


def chromium_binary() -> str:
    """The path of Chromium; skips the test when there is none (fails it when STRICT)."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    message = "Chromium is not installed (make browser-deps installs it)"
    if STRICT:
        pytest.fail(message)
    pytest.skip(message)


#: Every test's headless Chromium: no sandbox (root in CI) or GPU, no scrollbars, sRGB
#: colours (the pixels the tests read), no first-run pages.
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--hide-scrollbars",
    "--force-color-profile=srgb",
    "--no-first-run",
)


def run_chromium(binary: str, profile: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """Runs headless Chromium with a throwaway profile; fails the test when it fails."""
    command = [binary, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *arguments]
    result = subprocess.run(
        command, capture_output=True, text=True, timeout=CHROMIUM_TIMEOUT, check=False
    )
    if result.returncode != 0:
        pytest.fail(f"{' '.join(command)} exited {result.returncode}:\n{result.stderr[-4000:]}")
    return result


@dataclass(frozen=True)
class Samples:
    """A session's layer picture (``layer.render``) and report (``ordo report``), and what the
    session's wire says they must show."""

    svg: Path
    html: Path
    expected: WireCounts
    #: The ``layer.hitTest`` path of the point the picture marks.
    hit_path: list[str]


#: Where the picture marks a point: inside row0 of the clipping list.
POINT = {"x": 100, "y": 120}


def record_scenario(directory: Path) -> Samples:
    """Drives a fixed session through the engine and writes sample.svg and sample.html.

    Layers: a phone-sized screen with a header holding a group of badges, a clipping list
    whose last row sticks out, a hidden sheet with a child, and a top-level group the
    toasts mount under. Alerts: a modal queue (a durationMs timeout, a page change that
    suspends and resumes one, a preemption, a completion, a cancel by scope) and a toast
    queue of two (a delay and a timeout, an expiry, a mounted toast still showing at the
    end, two enqueues a frequency limit refused). The picture comes from ``layer.render
    {point}`` at the end of the session, the report from ``ordo report`` on its trace.
    """
    trace = directory / "session.trace"
    with Session(trace) as session:
        session.call("events.subscribe", {"topics": ["alert.changed"]})
        build_layers(session)
        session.call("alert.configure", {"queue": "toast", "maxConcurrent": 2})
        session.call("nav.set", {"stack": ["home"]})
        enqueue = partial(session.call, "alert.enqueue")
        enqueue({"type": "modal", "id": "welcome", "durationMs": 1000})
        enqueue(
            {
                "type": "modal",
                "id": "promo",
                "scope": "home",
                "priority": 5,
                "mount": {"parent": "screen", "sort": 100},
            }
        )
        enqueue(
            {
                "type": "toast",
                "id": "toast1",
                "queue": "toast",
                "scope": "home",
                "delayMs": 500,
                "durationMs": 800,
            }
        )
        enqueue({"type": "toast", "id": "late", "queue": "toast", "at": 5000, "ttlMs": 2700})
        advance_to(session, 1500)
        session.call("nav.push", {"scope": "room"})
        advance_to(session, 2000)
        session.call("nav.pop")
        advance_to(session, 2200)
        enqueue(
            {"type": "urgent", "id": "urgent", "priority": 50, "preempt": True, "durationMs": 300}
        )
        advance_to(session, 2600)
        session.call("alert.complete", {"id": "promo", "result": "ok"})
        advance_to(session, 3000)
        enqueue(
            {
                "type": "toast",
                "id": "left",
                "queue": "toast",
                "mount": {"parent": "overlay", "sort": 1},
            }
        )
        session.call(
            "layer.add",
            {"id": "toast-view", "parent": "alert:left", "frame": frame(20, 560, 320, 48)},
        )
        advance_to(session, 3100)
        enqueue({"type": "modal", "id": "gone", "scope": "room"})
        # A rating prompt its limit never allows, once with an id and once without: no
        # alert, but the report marks both on the toast lane.
        never = {"type": "rating", "queue": "toast", "limit": {"max": 0}}
        assert enqueue({**never, "id": "rate-us"})["disposition"] == "limited"
        assert enqueue(never)["disposition"] == "limited"
        advance_to(session, 3200)
        assert session.call("alert.cancel", {"scope": "room"}) == {"cancelled": ["gone"]}
        advance_to(session, 4000)
        hit_path = session.call("layer.hitTest", POINT)["path"]
        svg = session.call("layer.render", {"point": POINT})["svg"]
        expected = wire_counts(session)
    samples = Samples(
        svg=directory / "sample.svg",
        html=directory / "sample.html",
        expected=expected,
        hit_path=hit_path,
    )
    samples.svg.write_text(svg, encoding="utf-8")
    write_report(trace, samples.html)
    return samples


def frame(x: float, y: float, width: float, height: float) -> dict[str, float]:
    return {"x": x, "y": y, "width": width, "height": height}


def advance_to(session: Session, time: int) -> None:
    now = session.call("clock.now")["now"]
    assert now <= time, (now, time)
    session.call("clock.advance", {"ms": time - now})


def build_layers(session: Session) -> None:
    add = partial(session.call, "layer.add")
    add({"id": "screen", "frame": frame(0, 0, 360, 640)})
    add({"id": "header", "parent": "screen", "sort": 1, "frame": frame(0, 0, 360, 56)})
    add({"id": "badges", "parent": "header", "sort": 2})
    add({"id": "badge", "parent": "badges", "frame": frame(320, 12, 32, 32)})
    add({"id": "list", "parent": "screen", "frame": frame(0, 56, 360, 480), "clips": True})
    for row in range(4):
        add({"id": f"row{row}", "parent": "list", "frame": frame(8, row * 140 + 8, 344, 120)})
    add(
        {
            "id": "sheet",
            "parent": "screen",
            "sort": 5,
            "frame": frame(0, 300, 360, 340),
            "hidden": True,
        }
    )
    add({"id": "sheet-button", "parent": "sheet", "frame": frame(16, 16, 120, 40)})
    add({"id": "overlay", "sort": 10})


@dataclass(frozen=True)
class Image:
    """Decoded pixels, row by row, as (red, green, blue) tuples."""

    width: int
    height: int
    pixels: list[tuple[int, int, int]]


def _paeth(left: int, up: int, up_left: int) -> int:
    estimate = left + up - up_left
    distances = (abs(estimate - left), abs(estimate - up), abs(estimate - up_left))
    if distances[0] <= distances[1] and distances[0] <= distances[2]:
        return left
    return up if distances[1] <= distances[2] else up_left


def read_png(path: Path) -> Image:
    """Decodes a non-interlaced 8-bit RGB or RGBA PNG (alpha is dropped)."""
    data = path.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG file")
    offset = 8
    header: tuple[int, ...] = ()
    compressed = bytearray()
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        body = data[offset + 8 : offset + 8 + length]
        offset += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed += body
        elif kind == b"IEND":
            break
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or colour_type not in (2, 6) or interlace != 0:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour_type}")
    channels = 3 if colour_type == 2 else 4
    stride = width * channels
    raw = zlib.decompress(bytes(compressed))
    previous = bytearray(stride)
    pixels: list[tuple[int, int, int]] = []
    for row in range(height):
        start = row * (stride + 1)
        method = raw[start]
        line = bytearray(raw[start + 1 : start + 1 + stride])
        for index in range(stride):
            left = line[index - channels] if index >= channels else 0
            up = previous[index]
            up_left = previous[index - channels] if index >= channels else 0
            if method == 1:
                line[index] = (line[index] + left) & 0xFF
            elif method == 2:
                line[index] = (line[index] + up) & 0xFF
            elif method == 3:
                line[index] = (line[index] + (left + up) // 2) & 0xFF
            elif method == 4:
                line[index] = (line[index] + _paeth(left, up, up_left)) & 0xFF
        pixels.extend(
            (line[column], line[column + 1], line[column + 2])
            for column in range(0, stride, channels)
        )
        previous = line
    return Image(width=width, height=height, pixels=pixels)


def hex_colour(text: str) -> tuple[int, int, int]:
    """``#rrggbb`` as a tuple."""
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))
