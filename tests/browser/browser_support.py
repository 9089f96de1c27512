"""Helpers of the browser suite: headless Chromium, the sample files, a small PNG reader.

The PNG reader needs only the standard library (zlib): 8-bit RGB and RGBA images, the
kinds Chromium's screenshots are.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]

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


def run_chromium(binary: str, profile: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """Runs headless Chromium with a throwaway profile; fails the test when it fails."""
    command = [
        binary,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        "--force-color-profile=srgb",
        "--no-first-run",
        f"--user-data-dir={profile}",
        *arguments,
    ]
    result = subprocess.run(
        command, capture_output=True, text=True, timeout=CHROMIUM_TIMEOUT, check=False
    )
    if result.returncode != 0:
        pytest.fail(f"{' '.join(command)} exited {result.returncode}:\n{result.stderr[-4000:]}")
    return result


@dataclass(frozen=True)
class Samples:
    """The files written by the Swift test RenderSamplesTests, and what they must show."""

    svg: Path
    html: Path
    expected: dict[str, Any]


def write_samples(directory: Path) -> Samples:
    """Has the Swift test suite write sample.svg, sample.html and expected.json.

    Stand-in until ``ordo report`` and ``layer.render`` exist: the files then come from
    the engine itself. The Swift tests must be built (``swift build --build-tests``).
    """
    swift = os.environ.get("SWIFT", "swift")
    result = subprocess.run(
        [swift, "test", "--skip-build", "--filter", "RenderSamples"],
        cwd=REPOSITORY,
        env={**os.environ, "ORDO_RENDER_SAMPLES_DIR": str(directory)},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if result.returncode != 0:
        pytest.fail(
            "the Swift sample writer failed (run `swift build --build-tests` first):\n"
            + result.stdout[-4000:]
            + result.stderr[-4000:]
        )
    samples = Samples(
        svg=directory / "sample.svg",
        html=directory / "sample.html",
        expected=json.loads((directory / "expected.json").read_text()),
    )
    assert samples.svg.is_file() and samples.html.is_file()
    return samples


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
