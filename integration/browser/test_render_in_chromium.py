"""The layer picture and the report of a real session, opened in a real browser (headless
Chromium).

Run (from the repository root; ``make test-browser`` does all of it):

    make release
    ORDO_BROWSER_STRICT=1 .venv/bin/python -m pytest -q integration/browser

The files come from the engine: a fixed session (browser_support.record_scenario) runs
through ``ordo --clock manual --trace`` on pipes; the picture is a ``layer.render`` answer
of that session and the page is ``ordo report`` on its trace. What they must show is
worked out from the session's messages (engine_session.wire_counts), not from the engine's
renderer. What is checked: the DOM Chromium builds has one ``bar`` element per state
interval (per state), one end mark per ended alert, one marker per page change, one layer
group per framed visible layer (so the page parses in a browser as it does as XML), the hit
path of the marked point, no script, a table row per timeline row and per page change; and
the screenshots are pictures (many colours, the state and hit colours present), not blank
pages, in the light and the dark colour scheme.
"""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from browser_support import (
    Image,
    Samples,
    chromium_binary,
    frame,
    hex_colour,
    read_png,
    record_scenario,
    run_chromium,
)
from engine_session import Session, write_report


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> Samples:
    return record_scenario(tmp_path_factory.mktemp("samples"))


@pytest.fixture(scope="module")
def chromium() -> str:
    return chromium_binary()


@pytest.fixture
def profile(tmp_path: Path) -> Path:
    return tmp_path / "profile"


def dump_dom(chromium: str, profile: Path, page: Path) -> str:
    return run_chromium(chromium, profile, "--dump-dom", page.as_uri()).stdout


def screenshot(
    chromium: str, profile: Path, page: Path, size: tuple[int, int], *flags: str
) -> Image:
    target = profile.parent / f"{page.stem}.png"
    run_chromium(
        chromium,
        profile,
        f"--screenshot={target}",
        f"--window-size={size[0]},{size[1]}",
        *flags,
        page.as_uri(),
    )
    image = read_png(target)
    assert (image.width, image.height) == size
    return image


def layer_groups(markup: str) -> list[str]:
    """The ``data-layer`` of every layer group, in document order."""
    return re.findall(r'<g class="layer depth-\d+[^"]*" data-layer="([^"]*)"', markup)


def test_the_scenario_has_every_kind_of_interval_and_end(samples: Samples) -> None:
    # Guards the scenario itself: the checks below would be weak on a thin session.
    expected = samples.expected
    assert set(expected.bars_by_state) == {"scheduled", "pending", "showing", "suspended"}
    assert expected.bars_by_state["suspended"] >= 2  # a page change and a preemption
    assert (
        expected.ends >= 5 and expected.navigation >= 3 and expected.queues == {"default", "toast"}
    )
    assert "sheet" not in expected.layers and "sheet-button" not in expected.layers
    assert "row3" in expected.layers and "toast-view" in expected.layers
    assert expected.refused == ["rate-us", None]


def test_report_dom_has_one_bar_per_interval(
    samples: Samples, chromium: str, profile: Path
) -> None:
    expected = samples.expected
    dom = dump_dom(chromium, profile, samples.html)
    bars = re.findall(r'<rect class="bar state-([a-z]+)"', dom)
    assert len(bars) == expected.bars
    assert Counter(bars) == expected.bars_by_state
    assert len(re.findall(r'<g class="end end-[a-z]+"', dom)) == expected.ends
    # Each refused enqueue: its own mark and row, named by the id asked for, else "(no id)".
    refused = re.findall(r'<g class="end end-limited refused" data-alert="([^"]*)"', dom)
    assert refused == [alert_id or "" for alert_id in expected.refused]
    assert "(no id) · rating</text>" in dom
    assert "queue toast (3 alerts, 2 refused)" in dom
    assert len(re.findall(r'<g class="nav"', dom)) == expected.navigation
    # A title per queue, twice: in the timeline and in the strip pinned over it.
    lanes = re.findall(r'<text class="lane-title"[^>]*>queue ([^ <]+) ', dom)
    assert sorted(lanes) == sorted([*expected.queues, *expected.queues])
    pinned = re.findall(
        r'<g class="pinned-lane">.*?<text class="lane-title"[^>]*>queue ([^ <]+) ', dom
    )
    assert sorted(pinned) == sorted(expected.queues)
    # The layer picture is inlined and parsed as SVG inside the page.
    assert layer_groups(dom) == expected.layers
    # The legend's swatches are empty: the browser nested nothing inside them.
    assert len(re.findall(r'<span class="swatch [^"]*"></span>', dom)) == 11
    assert "<script" not in dom.lower()
    # Folded under the timeline, a table row per row of the timeline (what its tooltips
    # say, for a keyboard or a touch screen), in the same order, and a row per page change.
    rows = re.findall(r'<tr data-alert="([^"]*)"><th scope="row">', dom)
    assert rows == re.findall(r'<g class="row-label" data-alert="([^"]*)"', dom)
    assert len(rows) == len(expected.refused) + len(
        set(re.findall(r'data-alert="([^"]+)" data-state', dom))
    )
    changes = re.search(r'<details class="navigation-table">(.*?)</details>', dom, re.DOTALL)
    assert changes and changes[1].count("<tr>") == expected.navigation + 1


def test_report_in_a_dark_colour_scheme(samples: Samples, chromium: str, profile: Path) -> None:
    """With the reader's dark scheme the page is dark and the timeline keeps its white
    background and its state colours."""
    light = Counter(screenshot(chromium, profile, samples.html, (1300, 900)).pixels)
    dark = Counter(
        screenshot(chromium, profile, samples.html, (1300, 900), "--force-dark-mode").pixels
    )
    page = hex_colour("#16181c")
    assert light[page] == 0
    assert dark[page] > sum(dark.values()) * 0.3, "the page is not dark"
    # The timeline's own background stays white: about as much white as on the light page
    # less the page's margins and text.
    assert dark[(255, 255, 255)] > sum(dark.values()) * 0.15
    for state, colour in state_colours(samples.html.read_text()).items():
        assert dark[hex_colour(colour)] >= 24, f"no {state} bar on the dark page"


def state_colours(html: str) -> dict[str, str]:
    """The fill of each state's bars, from the page's style sheet."""
    return dict(re.findall(r"\.state-([a-z]+)\{fill:(#[0-9a-f]{6})", html))


def test_report_screenshot_shows_the_timeline(
    samples: Samples, chromium: str, profile: Path
) -> None:
    colours = state_colours(samples.html.read_text())
    assert set(colours) == set(samples.expected.bars_by_state)
    image = screenshot(chromium, profile, samples.html, (1300, 900))
    counts = Counter(image.pixels)
    assert len(counts) >= 20, "the page looks blank"
    white = counts[(255, 255, 255)]
    assert white < len(image.pixels) * 0.95, "the page is almost all white"
    for state, colour in colours.items():
        # Every state's bars are drawn in its own colour (at least a 2 x 12 px bar).
        assert counts[hex_colour(colour)] >= 24, f"no {state} bar on screen"
    # Scheduled and suspended bars are striped too (the states differ without colour): the
    # stripes' colour, drawn nowhere else, is on screen (the scenario's bars of both are
    # hundreds of pixels long; the legend's swatches have about 60 such pixels each).
    stripes = dict(
        re.findall(
            r'<pattern id="ordo-state-([a-z]+)"[^>]*><rect [^>]*/>'
            r'<rect [^>]*fill="(#[0-9a-f]{6})"/></pattern>',
            samples.html.read_text(),
        )
    )
    assert set(stripes) == {"scheduled", "suspended"}
    for state, light in stripes.items():
        assert counts[hex_colour(light)] >= 200, f"the {state} bars are not striped"
    # The refused enqueues' marks are in the limited colour, which nothing else in this
    # session uses but the legend's two 3 x 12 px swatches (ended: limited, refused).
    limited = re.search(r"\.end-limited line\{stroke:(#[0-9a-f]{6})\}", samples.html.read_text())
    assert limited is not None
    # 120 here: the swatches' 72 and two dashed marks with their labels.
    assert counts[hex_colour(limited[1])] >= 100, "no refused enqueue marked on screen"


def measure(chromium: str, profile: Path, page: Path, script: str, width: int) -> Any:
    """What `script` (a measuring <script> that puts JSON in body's data-measured) finds in a
    copy of the report `page` without its policy (which forbids scripts), in a window
    `width` px wide."""
    markup = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*/>', "", page.read_text())
    measuring = profile.parent / f"{page.stem}-measured.html"
    measuring.write_text(markup.replace("</body>", script + "</body>"))
    dom = run_chromium(
        chromium, profile, f"--window-size={width},900", "--dump-dom", measuring.as_uri()
    ).stdout
    found = re.search(r'data-measured="([^"]*)"', dom)
    assert found is not None, "the measuring script did not run"
    return json.loads(html.unescape(found[1]))


#: Measures the timeline's labels before and after scrolling its box to the end; the result
#: goes into the DOM Chromium dumps. Appended to a copy of the report whose policy is
#: removed (the report itself runs no script).
MEASURE_PINNED_LABELS = """<script>
const box = document.querySelector('.timeline-box');
const strip = box.querySelector('svg.pinned-labels');
const own = [...box.querySelectorAll('svg.timeline .row-label text')];
const pinned = [...strip.querySelectorAll('text.pinned-row-label')];
const place = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right]; };
// What is on top near a label's end (its start may be cut off, in the strip).
const atEnd = (e) => {
  const r = e.getBoundingClientRect();
  return document.elementFromPoint(r.right - 3, (r.top + r.bottom) / 2);
};
const ownTitles = [...box.querySelectorAll('svg.timeline text.lane-title')];
const pinnedTitles = [...strip.querySelectorAll('text.lane-title')];
// What is on top just after a title's start (its end may be cut off, in the strip).
const atStart = (e) => {
  const r = e.getBoundingClientRect();
  return document.elementFromPoint(r.left + 3, (r.top + r.bottom) / 2);
};
// The pointer goes through the strip to the picture's own labels and their tooltips.
const before = {
  own: own.map(place), pinned: pinned.map(place),
  hover: own.map((e) => e.parentNode.contains(atEnd(e))),
  ownTitles: ownTitles.map(place), pinnedTitles: pinnedTitles.map(place),
};
box.scrollLeft = box.scrollWidth;
strip.style.pointerEvents = 'auto'; // it lets the pointer through: on here to see it on top
const edge = box.getBoundingClientRect().left + box.clientLeft;
const s = strip.getBoundingClientRect();
const after = pinned.map((text) => ({ place: place(text), shown: strip.contains(atEnd(text)) }));
const titlesAfter = pinnedTitles.map((text) => ({
  place: place(text), shown: strip.contains(atStart(text)),
}));
document.body.dataset.measured = JSON.stringify({
  before, after, edge, strip: [s.left, s.right], scrolled: box.scrollLeft,
  ownAfter: own.map(place), titlesAfter, ownTitlesAfter: ownTitles.map(place),
  texts: [own.map((e) => e.textContent), pinned.map((e) => e.textContent)],
  titles: [ownTitles.map((e) => e.textContent), pinnedTitles.map((e) => e.textContent)],
});
</script>"""


@pytest.mark.parametrize(("window", "strip"), [(375, 140), (800, 280)])
def test_the_row_labels_stay_in_view_when_the_timeline_scrolls(
    samples: Samples, chromium: str, profile: Path, window: int, strip: int
) -> None:
    """At a phone's width (or a large zoom) the timeline scrolls sideways in its box, and its
    row labels went with it: the bars had no names. A strip of the same labels stays at the
    box's left edge (on a phone, half as wide: their right half); unscrolled it covers the
    picture's own labels exactly. The queues' titles stay too (they scrolled away with the
    bars), except on a phone, where the strip would show only their counts."""
    measured = measure(chromium, profile, samples.html, MEASURE_PINNED_LABELS, window)
    own_texts, pinned_texts = measured["texts"]
    assert own_texts == pinned_texts and len(own_texts) == 9
    # Unscrolled: the same pixels, and hovering a label reaches the picture's own.
    assert all(measured["before"]["hover"])
    for own, pinned in zip(measured["before"]["own"], measured["before"]["pinned"], strict=True):
        assert own == pytest.approx(pinned, abs=0.01)
    # Scrolled to the end: the picture's labels are out of the box to the left; the strip is
    # at its edge (the padding covered too), each of its labels on top where it ends.
    edge = measured["edge"]
    assert measured["scrolled"] > 300
    assert all(right < edge for _, _, right in measured["ownAfter"])
    assert measured["strip"] == pytest.approx([edge, edge + strip], abs=0.01)
    for label, (_, top, right) in zip(measured["after"], measured["before"]["pinned"], strict=True):
        assert label["shown"], label
        assert label["place"][1] == pytest.approx(top, abs=0.01)
        # Moved left by the padding, and on a phone by the half of the strip cut off.
        assert label["place"][2] == pytest.approx(right - 4 - (280 - strip), abs=0.01)
    own_titles, pinned_titles = measured["titles"]
    assert len(own_titles) == 2 and own_titles == pinned_titles
    assert all(right < edge for _, _, right in measured["ownTitlesAfter"])
    if strip < 280:  # a phone: not drawn
        assert all(title["place"] == [0, 0, 0] for title in measured["titlesAfter"])
        assert measured["before"]["pinnedTitles"] == [[0, 0, 0]] * 2
        return
    for own, pinned in zip(
        measured["before"]["ownTitles"], measured["before"]["pinnedTitles"], strict=True
    ):
        assert own == pytest.approx(pinned, abs=0.01)
    for title, (left, top, _) in zip(
        measured["titlesAfter"], measured["before"]["pinnedTitles"], strict=True
    ):
        assert title["shown"], title
        assert title["place"][:2] == pytest.approx([left - 4, top], abs=0.01)


def test_a_window_of_the_report(samples: Samples, chromium: str, profile: Path) -> None:
    """``ordo report --from 2000 --to 3000`` of the scenario (record_scenario's script says
    what is on screen then): only the alerts in that second, every bar inside the plot, a
    notch where the window cuts one, ticks on the session's axis."""
    page = samples.html.with_name("window.html")
    write_report(samples.html.with_name("session.trace"), page, "--from", "2000", "--to", "3000")
    dom = dump_dom(chromium, profile, page)
    # welcome and toast1 ended by 1300, gone and the refusals came at 3100; late waits
    # scheduled from 0 (cut on the left), left was enqueued (pending in an instant) at 3000.
    rows = re.findall(r'<g class="row-label" data-alert="([^"]*)"', dom)
    assert sorted(rows) == ["late", "left", "promo", "urgent"]
    assert re.findall(r'<path class="cut cut-(left|right)" data-alert="([^"]*)"', dom) == [
        ("left", "late")
    ]
    plot = re.search(r'<line class="axis" x1="([0-9.]+)" y1="[0-9.]+" x2="([0-9.]+)"', dom)
    assert plot
    left, right = float(plot[1]), float(plot[2])
    for x, width in re.findall(
        r'<rect class="(?:bar|instant) [^"]*"[^>]* x="([0-9.]+)"'
        r'[^>]* width="([0-9.]+)"',
        dom,
    ):
        assert left <= float(x) and float(x) + float(width) <= right, (x, width)
    ticks = re.findall(r'<g class="tick">.*?<text[^>]*>([^<]*)</text>', dom)
    assert ticks[0] == "2000 ms" and ticks[-1] == "3000", ticks
    # The pop back to home at 2000 is in the window; the push to room before it is not, but
    # the stack it left is named.
    assert len(re.findall(r'<g class="nav"', dom)) == 1
    assert "the page stack at its start: home &gt; room;" in dom
    assert "<h1>Ordo report: session.trace, 2000 to 3000 ms</h1>" in dom


def test_layer_picture_dom_and_screenshot(samples: Samples, chromium: str, profile: Path) -> None:
    dom = dump_dom(chromium, profile, samples.svg)
    assert layer_groups(dom) == samples.expected.layers
    # The layers of layer.hitTest's path are the ones highlighted, the last one as the hit.
    on_path = re.findall(r'<g class="layer depth-\d+ hit-path[^"]*" data-layer="([^"]*)"', dom)
    assert on_path == [layer for layer in samples.hit_path if layer in samples.expected.layers]
    assert on_path and on_path[-1] == samples.hit_path[-1]
    hit = re.search(
        r'<g class="layer depth-\d+ hit-path hit" data-layer="[^"]*"[^>]*>.*?'
        r'<rect [^>]*stroke="(#[0-9a-f]{6})"',
        dom,
        re.DOTALL,
    )
    assert hit, dom[:2000]
    svg = samples.svg.read_text()
    size = re.match(r'<svg [^>]*width="(\d+)" height="(\d+)"', svg)
    assert size, svg[:200]
    image = screenshot(chromium, profile, samples.svg, (int(size[1]), int(size[2])))
    counts = Counter(image.pixels)
    assert len(counts) >= 10, "the picture looks blank"
    assert counts[(255, 255, 255)] < len(image.pixels) * 0.5
    # The hit path's outline is drawn in the hit colour.
    assert counts[hex_colour(hit[1])] >= 50


def report_of(directory: Path, *calls: tuple[str, dict[str, Any]]) -> Path:
    """``ordo report`` of a session that makes `calls` (method, params), in order."""
    trace = directory / "session.trace"
    with Session(trace) as session:
        for method, params in calls:
            session.call(method, params)
    page = directory / "session.html"
    write_report(trace, page)
    return page


def report_of_layers(directory: Path, *layers: dict[str, Any]) -> Path:
    """``ordo report`` of a session that only adds `layers` (layer.add's params)."""
    return report_of(directory, *(("layer.add", layer) for layer in layers))


MEASURE_LAYER_PICTURE = """<script>
const box = document.querySelector('section.layers .scroll');
const svg = box.querySelector('svg');
const label = svg.querySelector('g.layer text');
const drawn = svg.getBoundingClientRect().width;
const labelHeight = label.getBoundingClientRect().height;
// The page's column: the box's parent's content box.
const parent = box.parentElement.getBoundingClientRect();
const column = parent.right - parseFloat(getComputedStyle(box.parentElement).paddingRight);
const boxRight = box.getBoundingClientRect().right;
box.scrollLeft = box.scrollWidth;
document.body.dataset.measured = JSON.stringify({
  natural: Number(svg.getAttribute('width')), drawn, labelHeight,
  clientWidth: box.clientWidth, scrolled: box.scrollLeft,
  page: document.documentElement.scrollWidth, window: innerWidth,
  pageHeight: document.documentElement.scrollHeight, column, boxRight,
});
</script>"""


@pytest.mark.parametrize(("window", "scale"), [(1000, 0.8), (2100, 1.0)])
def test_a_wide_layer_picture_scrolls_rather_than_shrink_its_labels(
    tmp_path: Path, chromium: str, profile: Path, window: int, scale: float
) -> None:
    """A desktop's screen (1920 px wide) in a report read in a narrower window: the picture
    shrank to the page's width, its 11 px labels to about 5 px. It shrinks to 0.8 of its size
    at most (labels 8.8 px), and its box scrolls sideways for the rest; the page does not."""
    page = report_of_layers(
        tmp_path,
        {"id": "desktop", "frame": frame(0, 0, 1920, 1080)},
        {"id": "dialog", "parent": "desktop", "frame": frame(1500, 40, 400, 300)},
    )
    measured = measure(chromium, profile, page, MEASURE_LAYER_PICTURE, window)
    assert measured["window"] == window
    assert measured["natural"] > 1920
    assert measured["drawn"] == pytest.approx(measured["natural"] * scale, abs=1)
    # The label's box is its font's line: 11 px drawn at the scale, and no less than 0.8 of it.
    assert measured["labelHeight"] >= 0.8 * 11
    assert measured["page"] == window, "the page itself scrolls sideways"
    if scale < 1:
        assert measured["scrolled"] > 0 and measured["clientWidth"] < measured["drawn"]
    # The scrolling box, border and padding included, stays in the page's column.
    assert measured["boxRight"] <= measured["column"] + 0.5, measured


def test_a_huge_layer_does_not_make_the_page_millions_of_pixels_tall(
    tmp_path: Path, chromium: str, profile: Path
) -> None:
    """A 10 000 000-unit backdrop: the picture's least width stops at 3072 px (a 4K screen's
    at 0.8), or the page, the picture drawn at 0.8 of its size, was 8 000 000 px tall."""
    page = report_of_layers(
        tmp_path, {"id": "backdrop", "frame": frame(0, 0, 10_000_000, 10_000_000)}
    )
    measured = measure(chromium, profile, page, MEASURE_LAYER_PICTURE, 1000)
    assert measured["natural"] > 10_000_000
    assert measured["drawn"] == pytest.approx(3072, abs=1)
    assert measured["pageHeight"] < 6000


MEASURE_LAST_ROWS = """<script>
const svg = document.querySelector('svg.timeline');
const labels = [...svg.querySelectorAll('.row-label text')];
// Scrolled down to the timeline's end, as to read its last rows: which of the axis'
// labels (its ticks', top or bottom) are on screen then.
svg.scrollIntoView({block: 'end'});
const inView = (e) => {
  const r = e.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight && r.width > 0;
};
const ticks = [...svg.querySelectorAll('g.tick text')];
document.body.dataset.measured = JSON.stringify({
  rows: labels.length, scrolled: scrollY,
  shown: ticks.filter(inView).map((e) => e.textContent),
  lastRowShown: inView(labels[labels.length - 1]),
});
</script>"""


def test_the_last_rows_of_a_long_session_have_the_time_axis_in_view(
    tmp_path: Path, chromium: str, profile: Path
) -> None:
    """Eighty alerts: reading the last rows, the time axis (at the top only) was 1400 px up,
    off the screen; the axis is repeated under rows that tall, on screen with them."""
    page = report_of(
        tmp_path,
        *(
            call
            for index in range(80)
            for call in (
                ("clock.advance", {"ms": 50}),
                ("alert.enqueue", {"type": "toast", "id": f"a{index}", "durationMs": 300}),
            )
        ),
    )
    measured = measure(chromium, profile, page, MEASURE_LAST_ROWS, 1300)
    assert measured["rows"] == 80 and measured["lastRowShown"]
    assert measured["scrolled"] > 0, "the window showed the whole timeline"
    assert measured["shown"][:2] == ["0 ms", "500"] and measured["shown"][-1] == "4000"


MEASURE_FIRST_TICK = """<script>
const label = document.querySelector('svg.timeline g.tick text');
const r = label.getBoundingClientRect();
document.body.dataset.measured = JSON.stringify({
  text: label.textContent, box: [r.left, r.top, r.right, r.bottom],
});
</script>"""


def test_a_page_change_at_the_start_does_not_run_through_the_first_tick_label(
    tmp_path: Path, chromium: str, profile: Path
) -> None:
    """A page change at the axis' first instant (the README's picture has one): its dashed
    line ran through the first tick's label, "0 ms", in the space before the unit, where the
    labels' white halo has no glyph to be drawn around."""
    page = report_of(
        tmp_path,
        ("nav.push", {"scope": "home"}),
        ("alert.enqueue", {"type": "toast", "id": "a"}),
        ("clock.advance", {"ms": 1000}),
    )
    measured = measure(chromium, profile, page, MEASURE_FIRST_TICK, 1300)
    assert measured["text"] == "0 ms"
    image = screenshot(chromium, profile, page, (1300, 900))
    left, top, right, bottom = (round(value) for value in measured["box"])

    def blue(rows: range) -> int:
        """Pixels of the page-change line's blue (blended at its edges) in the label's columns."""
        return sum(
            1
            for y in rows
            for x in range(left, right)
            if (pixel := image.pixels[y * image.width + x])[2] > pixel[0] + 40
        )

    assert blue(range(top - 25, top - 2)) >= 5, "no page-change line above the label"
    assert blue(range(top, bottom)) == 0, "the page-change line runs through the label"
