"""What a screen reader or a keyboard gets from the report and the layer picture, as
Chromium exposes it: its accessibility tree and its focus, read through the DevTools
protocol (``chromium --remote-debugging-pipe``: NUL-terminated JSON on fds 3 and 4, so no
third-party package and no port).

Checked: the page's language, title, headings and landmark; the timeline and the layer
picture each one image named by its title, in a named, focusable region; the tables with
captions and column and row headers; the Tab key's order, each stop visibly focused; the
row labels pinned for scrolling hidden from screen readers (each row named once); no
shape that only repeats another's name for the eye (an interval's instant tick, a hit
path's outline) announced again; every bar named with its alert, state and times; and the
layer labels' contrast on the darkest stack of fills.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import subprocess
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import Any

import pytest

from browser_support import (
    CHROMIUM_FLAGS,
    CHROMIUM_TIMEOUT,
    Samples,
    chromium_binary,
    frame,
    read_png,
    record_scenario,
)
from engine_session import Session

#: The layer picture's label colour must keep this contrast on any stack of fills (WCAG AA
#: for normal text).
LEAST_CONTRAST = 4.5


class Chromium:
    """Headless Chromium driven over ``--remote-debugging-pipe``, one page at a time."""

    def __init__(self, binary: str, profile: Path) -> None:
        # Chromium reads commands on fd 3 and writes answers and events on fd 4.
        browser_reads, self._writer = os.pipe()
        self._reader, browser_writes = os.pipe()

        def on_fds_3_and_4() -> None:
            # Moved above 4 first: a pipe's end may itself be fd 3 or 4.
            ends = [fcntl.fcntl(end, fcntl.F_DUPFD, 10) for end in (browser_reads, browser_writes)]
            os.dup2(ends[0], 3)
            os.dup2(ends[1], 4)

        self._process = subprocess.Popen(
            [
                binary,
                *CHROMIUM_FLAGS,
                "--remote-debugging-pipe",
                f"--user-data-dir={profile}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            pass_fds=(3, 4),
            preexec_fn=on_fds_3_and_4,
        )
        os.close(browser_reads)
        os.close(browser_writes)
        self._next_id = 1
        self._buffer = b""
        self._session = ""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        attached = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})
        self._session = attached["sessionId"]

    def send(self, method: str, params: dict[str, Any] | None = None) -> Any:
        """Sends one command (to the page once attached) and returns its result."""
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if self._session:
            message["sessionId"] = self._session
        self._next_id += 1
        os.write(self._writer, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + CHROMIUM_TIMEOUT
        while time.monotonic() < deadline:
            while b"\0" not in self._buffer:
                chunk = os.read(self._reader, 1 << 16)
                if not chunk:
                    raise AssertionError(f"{method}: Chromium closed its pipe")
                self._buffer += chunk
            line, self._buffer = self._buffer.split(b"\0", 1)
            answer = json.loads(line)
            if answer.get("id") == message["id"]:
                assert "error" not in answer, f"{method}: {answer['error']}"
                return answer["result"]
        raise AssertionError(f"{method}: no answer within {CHROMIUM_TIMEOUT} s")

    def open(self, page: Path) -> None:
        """Loads ``page`` and waits until it is loaded."""
        self.send("Page.navigate", {"url": page.as_uri()})
        for _ in range(400):
            if self.evaluate("document.readyState") == "complete":
                return
            time.sleep(0.05)
        raise AssertionError(f"{page} did not load")

    def evaluate(self, expression: str) -> Any:
        return self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})[
            "result"
        ].get("value")

    def tree(self) -> AXNode:
        """The page's accessibility tree, ignored nodes left out (their children kept)."""
        nodes = self.send("Accessibility.getFullAXTree")["nodes"]
        return AXNode.build(nodes)

    def press_tab(self) -> None:
        for kind in ("rawKeyDown", "keyUp"):
            self.send(
                "Input.dispatchKeyEvent",
                {"type": kind, "key": "Tab", "code": "Tab", "windowsVirtualKeyCode": 9},
            )

    def close(self) -> None:
        os.close(self._writer)
        os.close(self._reader)
        self._process.kill()
        self._process.wait()

    def __enter__(self) -> Chromium:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


class AXNode:
    """One node of the accessibility tree as a screen reader's walk meets it."""

    def __init__(self, role: str, name: str, properties: dict[str, Any]) -> None:
        self.role = role
        self.name = name
        self.properties = properties
        self.children: list[AXNode] = []

    @staticmethod
    def build(nodes: list[dict[str, Any]]) -> AXNode:
        by_id = {node["nodeId"]: node for node in nodes}

        def kept(node: dict[str, Any]) -> list[AXNode]:
            children = [
                child
                for key in node.get("childIds", [])
                if key in by_id
                for child in kept(by_id[key])
            ]
            if node.get("ignored"):
                return children
            made = AXNode(
                node.get("role", {}).get("value", ""),
                node.get("name", {}).get("value", ""),
                {p["name"]: p["value"].get("value") for p in node.get("properties", [])},
            )
            made.children = children
            return [made]

        (root,) = kept(nodes[0])
        return root

    def walk(self) -> Iterator[AXNode]:
        yield self
        for child in self.children:
            yield from child.walk()

    def find(self, role: str) -> list[AXNode]:
        return [node for node in self.walk() if node.role == role]

    def text(self) -> str:
        """Every static text under this node, joined."""
        return "".join(node.name for node in self.walk() if node.role == "StaticText")


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> Samples:
    return record_scenario(tmp_path_factory.mktemp("samples"))


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Chromium]:
    with Chromium(chromium_binary(), tmp_path / "profile") as chromium:
        yield chromium


def test_the_report_has_a_language_title_headings_and_landmark(
    samples: Samples, browser: Chromium
) -> None:
    browser.open(samples.html)
    assert browser.evaluate("document.documentElement.lang") == "en"
    root = browser.tree()
    assert root.role == "RootWebArea"
    assert root.name == "Ordo report: session.trace"
    headings = [(node.properties["level"], node.name) for node in root.find("heading")]
    assert headings == [
        (1, "Ordo report: session.trace"),
        (2, "Timeline"),
        (2, "Layers at the end"),
    ]
    (main,) = root.find("main")
    assert len(list(main.walk())) > len(list(root.walk())) - 3  # everything is in it


def test_each_picture_is_one_named_image_in_a_named_focusable_region(
    samples: Samples, browser: Chromium
) -> None:
    browser.open(samples.html)
    root = browser.tree()
    regions = {node.name: node for node in root.find("region")}
    assert regions["Alert timeline"].properties.get("focusable") is True
    assert regions["Layers at the end"].properties.get("focusable") is True
    (timeline,) = regions["Alert timeline"].find("image")
    assert timeline.name.startswith("Alert timeline: 7 alerts, 2 enqueues refused by a limit")
    (layers,) = regions["Layers at the end"].find("image")
    assert layers.name == "Ordo layers: 9 drawn"


def test_every_bar_says_its_alert_state_and_times_once(samples: Samples, browser: Chromium) -> None:
    browser.open(samples.html)
    (timeline,) = [node for node in browser.tree().find("image") if node.name.startswith("Alert")]
    bars = [node.name for node in timeline.find("graphics-symbol")]
    intervals = sum(samples.expected.bars_by_state.values())
    # One name per interval: an instant's tick over its row repeats its bar for the eye.
    assert len(bars) == intervals, Counter(bars).most_common(3)
    assert len(set(bars)) == intervals
    for name in bars:
        alert, _, rest = name.partition(": ")
        state, _, times = rest.partition(" from ")
        assert alert and state in samples.expected.bars_by_state, name
        assert times.endswith(" ms)") and " to " in times, name
    # Each row named once: the labels pinned for scrolling are for the eye only.
    rows = [node.name for node in timeline.find("group") if node.name.startswith("alert ")]
    assert len(rows) == len(set(rows)) == 7
    assert timeline.text().count("welcome · modal") == 1


def test_the_tables_have_captions_and_headers(samples: Samples, browser: Chromium) -> None:
    browser.open(samples.html)
    browser.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    root = browser.tree()
    tables = root.find("table")
    assert [table.name.split(",")[0] for table in tables] == [
        "Each alert's state intervals and end",
        "Each change of the page stack",
        "Each drawn layer",
    ]
    for table in tables:
        assert table.find("columnheader"), table.name
        assert len(table.find("rowheader")) == len(table.find("row")) - 1, table.name
    alerts = tables[0]
    assert [node.name for node in alerts.find("columnheader")] == [
        "Alert",
        "Type",
        "Queue",
        "Priority",
        "States",
        "End",
    ]
    assert [node.name for node in alerts.find("rowheader")][:2] == ["welcome", "promo"]


def test_the_tab_key_visits_each_control_in_order_visibly(
    samples: Samples, browser: Chromium
) -> None:
    browser.open(samples.html)
    stops: list[list[Any]] = []
    for _ in range(6):
        browser.press_tab()
        stops.append(
            browser.evaluate(
                "(() => { const e = document.activeElement;"
                " return [e.tagName, e.getAttribute('aria-label') || e.textContent.slice(0, 20),"
                " e.matches(':focus-visible'), getComputedStyle(e).outlineStyle]; })()"
            )
        )
    assert [stop[:2] for stop in stops] == [
        ["DIV", "Alert timeline"],
        ["SUMMARY", "The timeline as a ta"],
        ["SUMMARY", "The page changes as "],
        ["DIV", "Layers at the end"],
        ["SUMMARY", "The layers as a tabl"],
        ["BODY", stops[5][1]],
    ]
    for stop in stops[:5]:
        assert stop[2] is True and stop[3] != "none", stop


def test_the_layer_picture_names_each_layer_once(samples: Samples, browser: Chromium) -> None:
    """The picture alone (``layer.render {point}``): its title names it, each drawn layer
    is a group named by its tooltip, and the hit path's dashed outlines, drawn on top for
    the eye, do not name the layers again."""
    browser.open(samples.svg)
    root = browser.tree()
    (picture,) = root.find("SvgRoot")
    assert picture.name.startswith("Ordo layers: 9 drawn; point (100, 120) hits row0")
    names = [node.name for node in picture.walk() if node.role in ("group", "graphics-symbol")]
    layers = [name for name in names if not name.startswith("point ")]
    assert [name.split(" ")[0] for name in layers] == samples.expected.layers
    assert [name for name in layers if "hit" in name] == [
        name for name in layers if name.split(" ")[0] in samples.hit_path
    ]


def relative_luminance(colour: tuple[int, int, int]) -> float:
    def linear(value: int) -> float:
        channel = value / 255
        return channel / 12.92 if channel <= 0.03928 else ((channel + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(value) for value in colour)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: tuple[int, int, int], second: tuple[int, int, int]) -> float:
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_layer_labels_keep_their_contrast_on_a_stack_of_fills(
    tmp_path: Path, browser: Chromium
) -> None:
    """Eight full-screen top-level layers (a screen and its sheets, dialogs and toast
    hosts), each filled in the darkest colour at 0.3: the top one's label sits on all
    eight fills."""
    with Session(tmp_path / "stack.trace") as session:
        for index in range(8):
            session.call("layer.add", {"id": f"sheet{index}", "frame": frame(0, 0, 200, 200)})
        svg = session.call("layer.render")["svg"]
    picture = tmp_path / "stack.svg"
    picture.write_text(svg, encoding="utf-8")
    browser.open(picture)
    box = browser.evaluate(
        "(() => { const t = document.querySelector('[data-layer=sheet7] text');"
        " const b = t.getBoundingClientRect();"
        " return [b.left, b.top, b.right, b.bottom, getComputedStyle(t).fill]; })()"
    )
    left, top, right, bottom, fill = box
    shot = tmp_path / "stack.png"
    shot.write_bytes(
        base64.b64decode(browser.send("Page.captureScreenshot", {"format": "png"})["data"])
    )
    image = read_png(shot)
    # The ground under the label: the commonest colour of its box (the glyphs are thin).
    ground, _ = Counter(
        image.pixels[y * image.width + x]
        for y in range(int(top), int(bottom))
        for x in range(int(left), int(right))
    ).most_common(1)[0]
    red, green, blue = (int(part) for part in fill[4:-1].split(","))
    assert contrast((red, green, blue), ground) >= LEAST_CONTRAST, (fill, ground)
