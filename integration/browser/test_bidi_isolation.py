"""Right-to-left text in ids, queues and types, laid out by Chromium: each untrusted string
is a bidirectional isolate, so a U+202E RIGHT-TO-LEFT OVERRIDE (or plain Arabic) inside one
cannot reorder Ordo's own words around it. Without the isolates, "queue ‮q (1 alert)" read
"queue (trela 1) q", and the row "‮id1 · ‮bad" read "dab · 1di" (the type before the id).

The pictures are put inline into a page of the test's own with a script that asks Chromium
where it drew each character (``getStartPositionOfChar``); the report itself runs no script.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from browser_support import chromium_binary, frame, run_chromium
from engine_session import Session, write_report

OVERRIDE = "\u202e"
ARABIC = "\u0645\u0631\u062d\u0628\u0627"  # marhaba

# For each <text> of the pictures: its characters in logical order and where each was drawn.
MEASURE = """
<script>
const found = [];
for (const text of document.querySelectorAll('svg text')) {
  const content = text.textContent;
  const xs = [];
  for (let i = 0; i < content.length; i++) {
    try { xs.push(text.getStartPositionOfChar(i).x); } catch (e) { xs.push(null); }
  }
  found.push({content, xs});
}
document.getElementById('out').textContent = JSON.stringify(found);
</script>
"""


def svg_elements(markup: str) -> list[str]:
    return re.findall(r"<svg\b.*?</svg>", markup, flags=re.DOTALL)


def measured(tmp_path: Path, svgs: list[str]) -> list[dict[str, Any]]:
    page = tmp_path / "measure.html"
    page.write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>'
        + "".join(svgs)
        + '<pre id="out"></pre>'
        + MEASURE
        + "</body></html>",
        encoding="utf-8",
    )
    dom = run_chromium(chromium_binary(), tmp_path / "profile", "--dump-dom", page.as_uri()).stdout
    out = re.search(r'<pre id="out">(.*?)</pre>', dom, flags=re.DOTALL)
    assert out, dom[-2000:]
    texts: list[dict[str, Any]] = json.loads(out.group(1).replace("&amp;", "&"))
    return texts


def x_of(text: dict[str, Any], needle: str, start: int = 0) -> float:
    """Where the first character of ``needle`` (at or after ``start``) was drawn."""
    index = text["content"].index(needle, start)
    x = text["xs"][index]
    assert x is not None, text
    return float(x)


def drawn(texts: list[dict[str, Any]], pattern: str, times: int) -> list[dict[str, Any]]:
    """The texts matching ``pattern``, ``times`` of them: a report's row label and lane
    title are drawn twice, in the timeline and in the strip pinned over it when it scrolls."""
    matching = [t for t in texts if re.search(pattern, t["content"])]
    assert len(matching) == times, (pattern, [t["content"] for t in texts])
    return matching


def pictures(tmp_path: Path, trace: Path, svg: str) -> list[dict[str, Any]]:
    """The texts of ``svg`` (a layer.render answer) and of the report of ``trace``, measured."""
    report = tmp_path / "report.html"
    write_report(trace, report)
    return measured(tmp_path, [svg, *svg_elements(report.read_text(encoding="utf-8"))])


def assert_lane_title_in_order(texts: list[dict[str, Any]]) -> None:
    """The lane title of a queue "…q…" (drawn twice, as row labels are): its name stays
    between "queue" and its count."""
    for lane in drawn(texts, r"^queue .*q.* \(1 alert\)$", 2):
        assert x_of(lane, "queue") < x_of(lane, "q", 5) < x_of(lane, "(1 alert)")


def assert_row_in_order(row: dict[str, Any], id_chars: str, type_chars: str) -> None:
    """The row label "id · type": the id's characters left of the dot, the type's right."""
    dot, after = x_of(row, "·"), row["content"].index("·")
    assert max(x_of(row, c) for c in id_chars) < dot
    assert dot < min(x_of(row, c, after) for c in type_chars)


def layer_labels_in_order(texts: list[dict[str, Any]]) -> int:
    """Every layer label "…layer… (0)" keeps its sort after its id; how many there are."""
    labels = [t for t in texts if re.search(r"layer.*\(0\)$", t["content"])]
    for label in labels:
        assert max(x_of(label, c) for c in "layer") < x_of(label, "(0)")
    return len(labels)


def test_right_to_left_ids_do_not_reorder_the_words_around_them(tmp_path: Path) -> None:
    trace = tmp_path / "bidi.trace"
    with Session(trace) as session:
        session.call(
            "alert.enqueue",
            {"type": OVERRIDE + "bad", "id": OVERRIDE + "id1", "queue": OVERRIDE + "q"},
        )
        session.call("alert.enqueue", {"type": "t", "id": ARABIC, "queue": "plain"})
        session.call("layer.add", {"id": OVERRIDE + "layer", "frame": frame(0, 0, 300, 40)})
        session.call("layer.add", {"id": ARABIC, "frame": frame(0, 50, 300, 40)})
        svg = session.call("layer.render", {})["svg"]
    texts = pictures(tmp_path, trace, svg)

    assert_lane_title_in_order(texts)
    for row in drawn(texts, r"id1.*·.*bad", 2):
        assert_row_in_order(row, "id1", "bad")
    # An Arabic id is right-to-left by itself; the row still reads "id · type".
    for arabic_row in drawn(texts, ARABIC + r".*· t", 2):
        assert x_of(arabic_row, ARABIC[0]) < x_of(arabic_row, "·") < x_of(arabic_row, "t")
    # The layers' labels "id (sort)": the sort stays after the id, in both pictures.
    arabic_labels = [t for t in texts if re.search(ARABIC + r".*\(0\)$", t["content"])]
    assert layer_labels_in_order(texts) == len(arabic_labels) == 2  # render's, the report's
    for label in arabic_labels:
        assert x_of(label, ARABIC[0]) < x_of(label, "(0)")


def test_an_id_cannot_close_the_isolate_it_is_put_in(tmp_path: Path) -> None:
    """A U+2069 in the string would close Ordo's isolate early and let the override after
    it run over Ordo's words; it gets an isolate of its own to close instead."""
    escape = "\u2069" + OVERRIDE
    trace = tmp_path / "escape.trace"
    with Session(trace) as session:
        session.call("alert.enqueue", {"type": "t" + escape + "y", "id": "a" + escape + "b"})
        session.call("alert.enqueue", {"type": "t", "id": "c", "queue": escape + "q"})
        session.call("layer.add", {"id": escape + "layer", "frame": frame(0, 0, 300, 40)})
        svg = session.call("layer.render", {})["svg"]
    texts = pictures(tmp_path, trace, svg)

    assert_lane_title_in_order(texts)
    for row in drawn(texts, r"a.*b.*·.*t.*y", 2):
        assert_row_in_order(row, "ab", "ty")
    assert layer_labels_in_order(texts) == 2


def test_a_paragraph_separator_cannot_end_the_isolate_early(tmp_path: Path) -> None:
    """A paragraph separator (U+2029, U+0085, a line feed) ends every isolate, so the
    override after it ran over Ordo's words: the lane title read "queue q0 )trela 1( cba",
    the row "id0 0t · zyx". It is drawn as U+FFFD instead."""
    trace = tmp_path / "paragraph.trace"
    with Session(trace) as session:
        for n, separator in enumerate(["\u2029", "\u0085"]):
            escape = separator + OVERRIDE
            session.call(
                "alert.enqueue",
                {"type": f"t{n}" + escape + "y", "id": "a" + escape + "b", "queue": escape + "q"},
            )
            session.call("layer.add", {"id": escape + "layer", "frame": frame(0, 40 * n, 300, 40)})
            session.call("alert.complete", {"id": "a" + escape + "b"})
        svg = session.call("layer.render", {})["svg"]
    texts = pictures(tmp_path, trace, svg)

    for lane in drawn(texts, r"^queue .*q.* \(1 alert\)$", 4):
        assert x_of(lane, "queue") < x_of(lane, "q", 5) < x_of(lane, "(1 alert)")
    for row in drawn(texts, r"a.*b.*·.*t.*y", 4):
        assert_row_in_order(row, "ab", "ty")
    assert layer_labels_in_order(texts) == 4
    assert not [t for t in texts if "\u2029" in t["content"] or "\u0085" in t["content"]]
