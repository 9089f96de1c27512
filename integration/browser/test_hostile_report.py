"""A report of a hostile session, opened in headless Chromium: every id stays text.

Traces come from other people's machines. The session here is real (the engine records it
through pipes): its layer ids, alert ids, types, queues, scopes, keys, payloads and even the
trace's file name are markup meant to run. Chromium's ``--dump-dom`` gives the document as
the browser built it (after any script would have run): it must have no ``<script>``,
``<img>`` or other active element, no event-handler attribute, nothing changed by a payload,
and the hostile strings must be there as visible text and as exact attribute values.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

from browser_support import chromium_binary, frame, run_chromium
from engine_session import Session, write_report

SCRIPT = "<script>alert(1)</script>"
IMAGE = '"><img onerror=alert(1)>'
# Would leave a mark in the document if it ever ran.
MARKING = "<img src=x onerror=\"document.body.setAttribute('data-ran','1')\">"

ACTIVE_ELEMENTS = {"script", "img", "iframe", "object", "embed", "foreignobject", "a", "use"}
# Text in these elements is not drawn (tooltips, the tab's title, the style sheet).
UNDRAWN = {"title", "style", "head"}


@dataclass
class Document:
    """What a parsed DOM holds: elements, attributes, and the text a reader sees."""

    elements: list[str] = field(default_factory=list)
    attributes: list[tuple[str, str]] = field(default_factory=list)
    visible_text: list[str] = field(default_factory=list)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.document = Document()
        self._undrawn = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.document.elements.append(tag)
        self.document.attributes.extend((name, value or "") for name, value in attrs)
        if tag in UNDRAWN:
            self._undrawn += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.document.elements.append(tag)
        self.document.attributes.extend((name, value or "") for name, value in attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag in UNDRAWN:
            self._undrawn -= 1

    def handle_data(self, data: str) -> None:
        if self._undrawn == 0:
            self.document.visible_text.append(data)


def read_dom(dom: str) -> Document:
    reader = _Reader()
    reader.feed(dom)
    reader.close()
    return reader.document


@dataclass(frozen=True)
class HostileFiles:
    html: Path
    svg: Path
    alert_ids: set[str]
    layer_ids: set[str]


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> HostileFiles:
    directory = tmp_path_factory.mktemp("hostile")
    trace = directory / f"{IMAGE}.trace"
    with Session(trace) as session:
        session.call("events.subscribe", {"topics": ["alert.changed"]})
        add = session.call
        add("layer.add", {"id": SCRIPT, "frame": frame(0, 0, 400, 300), "data": MARKING})
        add("layer.add", {"id": IMAGE, "parent": SCRIPT, "frame": frame(10, 40, 380, 100)})
        add("layer.add", {"id": MARKING, "parent": SCRIPT, "frame": frame(10, 160, 380, 100)})
        session.call("nav.set", {"stack": [SCRIPT]})
        # Later, so that the first stack keeps a marker of its own (changes at one instant
        # are one marker, labelled with the last).
        session.call("clock.advance", {"ms": 50})
        session.call("nav.push", {"scope": IMAGE})
        enqueue = {"type": "t", "data": {"html": MARKING}}
        session.call(
            "alert.enqueue",
            {**enqueue, "id": SCRIPT, "queue": IMAGE, "scope": IMAGE, "durationMs": 100},
        )
        session.call(
            "alert.enqueue",
            {**enqueue, "id": IMAGE, "queue": SCRIPT, "key": MARKING},
        )
        session.call("alert.enqueue", {**enqueue, "id": "m", "type": MARKING, "queue": MARKING})
        session.call("clock.advance", {"ms": 500})
        assert session.call("alert.cancel", {"id": IMAGE}) == {"cancelled": [IMAGE]}
        svg = session.call("layer.render", {"point": {"x": 20, "y": 50}})["svg"]
    files = HostileFiles(
        html=directory / "report.html",
        svg=directory / "layers.svg",
        alert_ids={SCRIPT, IMAGE, "m"},
        layer_ids={SCRIPT, IMAGE, MARKING},
    )
    files.svg.write_text(svg, encoding="utf-8")
    write_report(trace, files.html)
    return files


@pytest.fixture(scope="module")
def chromium() -> str:
    return chromium_binary()


def dom_of(chromium: str, profile: Path, page: Path) -> Document:
    return read_dom(run_chromium(chromium, profile, "--dump-dom", page.as_uri()).stdout)


def values(document: Document, name: str) -> Iterator[str]:
    return (value for key, value in document.attributes if key == name)


def assert_inert(document: Document) -> None:
    assert document.elements, "Chromium built no document"
    active = ACTIVE_ELEMENTS.intersection(document.elements)
    assert not active, f"active elements in the page: {active}"
    handlers = [name for name, _ in document.attributes if name.startswith("on")]
    assert not handlers, f"event handler attributes: {handlers}"
    references = [name for name, _ in document.attributes if name in ("src", "href", "xlink:href")]
    assert not references, f"references outside the page: {references}"
    assert "data-ran" not in {name for name, _ in document.attributes}, "a payload ran"


def test_hostile_report_is_inert_and_shows_the_ids_as_text(
    hostile: HostileFiles, chromium: str, tmp_path: Path
) -> None:
    document = dom_of(chromium, tmp_path / "profile", hostile.html)
    assert_inert(document)
    # The timeline, its row labels pinned over it when it scrolls, the layer picture.
    assert document.elements.count("svg") == 3
    # Whole text nodes, outside tooltips and the tab's title.
    text = set(document.visible_text)
    assert f"Ordo report: {IMAGE}.trace" in text  # the heading: the trace's file name
    assert f"queue {IMAGE} (1 alert)" in text and f"queue {SCRIPT} (1 alert)" in text
    assert f"{SCRIPT} · t" in text  # the alert's row label
    assert SCRIPT in text  # the first page stack's marker
    assert f"{SCRIPT} (0)" in text and f"{IMAGE} (0)" in text  # the layers' labels
    # Attribute values come back exactly as recorded.
    assert set(values(document, "data-alert")) == hostile.alert_ids
    assert set(values(document, "data-layer")) == hostile.layer_ids


def test_hostile_layer_picture_is_inert_too(
    hostile: HostileFiles, chromium: str, tmp_path: Path
) -> None:
    document = dom_of(chromium, tmp_path / "profile", hostile.svg)
    assert_inert(document)
    text = set(document.visible_text)
    assert f"{SCRIPT} (0)" in text and f"{IMAGE} (0)" in text
    assert set(values(document, "data-layer")) == hostile.layer_ids
