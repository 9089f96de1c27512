"""The layer picture and the report, opened in a real browser (headless Chromium).

Run (from the repository root; ``make test-browser`` does all of it):

    swift build --build-tests
    ORDO_BROWSER_STRICT=1 .venv/bin/python -m pytest -q tests/browser

The files come from the Swift test RenderSamplesTests, which writes them when
ORDO_RENDER_SAMPLES_DIR is set (a fixed scenario: a few layers, alerts through the real
Screen). Once ``ordo report`` and ``layer.render`` exist, they will come from the engine.
What is checked: the DOM Chromium builds has one ``bar`` element per state interval and one
layer group per framed layer (so the page parses in a browser as it does as XML), no script
ran or exists, and the screenshots are pictures (many colours, the state and hit colours
present), not blank pages.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from browser_support import (
    Image,
    Samples,
    chromium_binary,
    hex_colour,
    read_png,
    run_chromium,
    write_samples,
)


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> Samples:
    return write_samples(tmp_path_factory.mktemp("samples"))


@pytest.fixture(scope="module")
def chromium() -> str:
    return chromium_binary()


@pytest.fixture
def profile(tmp_path: Path) -> Path:
    return tmp_path / "profile"


def dump_dom(chromium: str, profile: Path, page: Path) -> str:
    return run_chromium(chromium, profile, "--dump-dom", page.as_uri()).stdout


def screenshot(chromium: str, profile: Path, page: Path, size: tuple[int, int]) -> Image:
    target = profile.parent / f"{page.stem}.png"
    run_chromium(
        chromium,
        profile,
        f"--screenshot={target}",
        f"--window-size={size[0]},{size[1]}",
        page.as_uri(),
    )
    image = read_png(target)
    assert (image.width, image.height) == size
    return image


def test_report_dom_has_one_bar_per_interval(
    samples: Samples, chromium: str, profile: Path
) -> None:
    dom = dump_dom(chromium, profile, samples.html)
    bars = re.findall(r'<rect class="bar state-([a-z]+)"', dom)
    assert len(bars) == samples.expected["bars"]
    assert Counter(bars) == Counter(samples.expected["barsByState"])
    assert len(re.findall(r'<g class="end end-[a-z]+"', dom)) == samples.expected["ends"]
    assert len(re.findall(r'<g class="nav"', dom)) == samples.expected["navigation"]
    # The layer picture is inlined and parsed as SVG inside the page.
    assert len(re.findall(r'<g class="layer depth-\d+', dom)) == samples.expected["layers"]
    # The legend's swatches are empty: the browser nested nothing inside them.
    assert len(re.findall(r'<span class="swatch [^"]*"></span>', dom)) == 10
    assert "<script" not in dom.lower()


def test_report_screenshot_shows_the_timeline(
    samples: Samples, chromium: str, profile: Path
) -> None:
    image = screenshot(chromium, profile, samples.html, (1300, 900))
    counts = Counter(image.pixels)
    assert len(counts) >= 20, "the page looks blank"
    white = counts[(255, 255, 255)]
    assert white < len(image.pixels) * 0.95, "the page is almost all white"
    for state, colour in samples.expected["stateColours"].items():
        # Every state's bars are drawn in its own colour (at least a 2 x 12 px bar).
        assert counts[hex_colour(colour)] >= 24, f"no {state} bar on screen"


def test_layer_picture_dom_and_screenshot(samples: Samples, chromium: str, profile: Path) -> None:
    dom = dump_dom(chromium, profile, samples.svg)
    assert len(re.findall(r'<g class="layer depth-\d+', dom)) == samples.expected["layers"]
    svg = samples.svg.read_text()
    size = re.match(r'<svg [^>]*width="(\d+)" height="(\d+)"', svg)
    assert size, svg[:200]
    image = screenshot(chromium, profile, samples.svg, (int(size[1]), int(size[2])))
    counts = Counter(image.pixels)
    assert len(counts) >= 10, "the picture looks blank"
    assert counts[(255, 255, 255)] < len(image.pixels) * 0.5
    # The hit path's outline is drawn in the hit colour.
    assert counts[hex_colour(samples.expected["hitColour"])] >= 50
