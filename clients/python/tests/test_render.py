"""layers.render: the layer tree as SVG text, read back with xml.etree."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import ordo
from ordo import Engine

SVG = "{http://www.w3.org/2000/svg}"


def layer_groups(svg: str) -> list[ET.Element]:
    """The ``<g class="layer …">`` elements, in document (= paint) order."""
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return [g for g in root.iter(SVG + "g") if "layer" in g.get("class", "").split()]


def build(engine: Engine) -> None:
    engine.layers.add("screen", frame=(0, 0, 390, 844))
    engine.layers.add("content", parent="screen")  # a group: draws nothing
    engine.layers.add("list", parent="content", frame=(0, 100, 390, 600))
    engine.layers.add("toast", parent="screen", sort=100, frame=(16, 60, 358, 48))
    engine.layers.add("hidden", parent="screen", sort=50, frame=(0, 0, 10, 10), hidden=True)
    engine.layers.add("under", parent="hidden", frame=(1, 1, 2, 2))  # left out with its parent
    engine.layers.add("<b>&", parent="screen", sort=-1, frame=(5, 5, 5, 5))  # escaped, not markup


def test_one_group_per_framed_visible_layer_in_paint_order(engine: Engine) -> None:
    build(engine)
    svg = engine.layers.render(labels=False)
    assert isinstance(svg, str)
    framed = {"screen", "list", "toast", "<b>&"}
    expected = [i for i in engine.layers.paint_order() if i in framed]
    assert expected == ["screen", "<b>&", "list", "toast"]
    groups = layer_groups(svg)
    assert [g.get("data-layer") for g in groups] == expected
    assert all(not list(g.iter(SVG + "text")) for g in groups)  # labels=False: no labels
    labels = {
        g.get("data-layer"): "".join(t.itertext())
        for g in layer_groups(engine.layers.render())
        for t in g.iter(SVG + "text")
    }
    for big in ("screen", "list", "toast"):  # (too small a layer may go unlabelled)
        assert labels[big].startswith(big), labels
    assert engine.layers.render(labels=False) == svg  # same tree, same bytes


def test_subtree_size_point_and_errors(engine: Engine) -> None:
    build(engine)
    sub = layer_groups(engine.layers.render("content"))
    assert [g.get("data-layer") for g in sub] == ["list"]
    half = {
        g.get("data-layer"): (rect.get("width"), rect.get("height"))
        for g in layer_groups(engine.layers.render(width=195))  # half size: 390 → 195
        for rect in g.iter(SVG + "rect")
    }
    assert (half["screen"], half["toast"]) == (("195", "422"), ("179", "24"))
    hit = engine.layers.render(point=(30, 70), labels=False)
    assert hit == engine.layers.render(point={"x": 30, "y": 70}, labels=False)
    assert hit != engine.layers.render(labels=False)  # the point and its path are marked
    ET.fromstring(hit)
    with pytest.raises(ordo.NotFound):
        engine.layers.render("nope")
    with pytest.raises(ordo.InvalidParams) as caught:
        engine.layers.render(width=0)
    assert caught.value.path == "/width"


def test_an_empty_tree_is_an_svg_without_layers(engine: Engine) -> None:
    assert layer_groups(engine.layers.render()) == []
