"""layer.*: every method and the ordering, paint and hit rules of docs/protocol.md#layers."""

from __future__ import annotations

import pytest

import ordo
from conftest import EngineFactory
from ordo import UNSET, Engine, Frame


def sorts(engine: Engine, parent: str | None = None) -> list[tuple[str, int]]:
    return [(layer.id, layer.sort) for layer in engine.layers.children(parent).layers]


def test_add_returns_the_layer_with_defaults(engine: Engine) -> None:
    layer = engine.layers.add("screen", frame=Frame(0, 0, 390, 844), data={"kind": "root"})
    assert layer == ordo.Layer(
        id="screen",
        parent=None,
        sort=0,
        index=0,
        hidden=False,
        interactive=True,
        clips=False,
        child_count=0,
        frame=Frame(0, 0, 390, 844),
        data={"kind": "root"},
    )
    assert engine.layers.get("screen") == layer
    assert not layer.is_group


def test_a_lone_surrogate_reads_as_replacement_character(engine: Engine) -> None:
    # A string cut inside a surrogate pair (text from a UTF-16 source): the engine reads
    # the lone half as U+FFFD, a pair stays a pair.
    layer = engine.layers.add(id="a\U0001f600\ud83d")
    assert layer.id == "a\U0001f600\ufffd"
    assert list(engine.layers.paint_order()) == ["a\U0001f600\ufffd"]


def test_add_without_id_generates_one(engine: Engine) -> None:
    first = engine.layers.add()
    second = engine.layers.add()
    assert first.id != second.id
    assert first.id.startswith("layer-")
    assert first.frame is None and first.is_group


def test_frame_accepts_tuples_and_mappings(engine: Engine) -> None:
    assert engine.layers.add("t", frame=(1, 2, 3, 4)).frame == Frame(1, 2, 3, 4)
    mapping = {"x": 5, "y": 6, "width": 7, "height": 8}
    assert engine.layers.add("m", frame=mapping).frame == Frame(5, 6, 7, 8)


def test_seed_order_equal_sorts_newest_on_top(engine: Engine) -> None:
    # The seed's addsubviewBysort: above every sibling with sort <= its own.
    for name, sort in [("a", 5), ("b", 1), ("c", 5), ("d", 3), ("e", 1), ("f", 9)]:
        engine.layers.add(name, sort=sort)
    assert sorts(engine) == [("b", 1), ("e", 1), ("d", 3), ("a", 5), ("c", 5), ("f", 9)]
    assert [x.index for x in engine.layers.children().layers] == [0, 1, 2, 3, 4, 5]


def test_above_and_below_adopt_the_sibling_sort(engine: Engine) -> None:
    engine.layers.add("root")
    engine.layers.add("content", parent="root", sort=0)
    engine.layers.add("toast", parent="root", sort=100)
    engine.layers.add("top", parent="root", sort=100)
    badge = engine.layers.add("badge", above="toast")
    assert (badge.parent, badge.sort) == ("root", 100)
    under = engine.layers.add("under", below="toast")
    assert under.sort == 100
    assert sorts(engine, "root") == [
        ("content", 0),
        ("under", 100),
        ("toast", 100),
        ("badge", 100),
        ("top", 100),
    ]


def test_add_refuses_contradictory_placement(engine: Engine) -> None:
    engine.layers.add("a")
    engine.layers.add("p")
    with pytest.raises(ordo.InvalidParams):
        engine.layers.add("x", above="a", sort=3)
    with pytest.raises(ordo.InvalidParams):
        engine.layers.add("x", above="a", below="a")
    with pytest.raises(ordo.InvalidParams) as caught:
        engine.layers.add("x", above="a", parent="p")
    assert caught.value.path == "/parent"
    with pytest.raises(ordo.NotFound):
        engine.layers.add("x", above="ghost")
    with pytest.raises(ordo.NotFound):
        engine.layers.add("x", parent="ghost")


def test_reserved_alert_ids_are_refused(engine: Engine) -> None:
    with pytest.raises(ordo.InvalidParams) as caught:
        engine.layers.add("alert:mine")
    assert caught.value.path == "/id"


def test_negative_frame_size_is_refused_with_a_path(engine: Engine) -> None:
    with pytest.raises(ordo.InvalidParams) as caught:
        engine.layers.add("x", frame=(0, 0, -1, 10))
    assert caught.value.path == "/frame/width"


def test_remove_takes_the_subtree(engine: Engine) -> None:
    engine.layers.add("a")
    engine.layers.add("b", parent="a")
    engine.layers.add("c", parent="b")
    engine.layers.add("d")
    assert engine.layers.remove("a") == 3
    assert [x.id for x in engine.layers.children().layers] == ["d"]
    with pytest.raises(ordo.NotFound):
        engine.layers.remove("a")


def test_update_changes_fields_and_none_clears(engine: Engine) -> None:
    engine.layers.add("a", frame=(0, 0, 10, 10), data=[1, 2])
    updated = engine.layers.update("a", hidden=True, interactive=False, clips=True)
    assert (updated.hidden, updated.interactive, updated.clips) == (True, False, True)
    assert updated.frame == Frame(0, 0, 10, 10) and updated.data == [1, 2]  # UNSET keeps
    cleared = engine.layers.update("a", frame=None, data=None)
    assert cleared.frame is None and cleared.data is None
    assert engine.layers.update("a") == cleared  # no field: a no-op


def test_update_sort_replaces_by_the_rule_unchanged_sort_stays(engine: Engine) -> None:
    for name in "abc":
        engine.layers.add(name, sort=1)
    engine.layers.update("a", sort=1)  # unchanged: stays at the bottom
    assert [x for x, _ in sorts(engine)] == ["a", "b", "c"]
    engine.layers.update("a", sort=2)
    engine.layers.update("a", sort=1)  # changed: above its equal sorts
    assert [x for x, _ in sorts(engine)] == ["b", "c", "a"]


def test_move_between_parents_and_to_top_level(engine: Engine) -> None:
    engine.layers.add("p")
    engine.layers.add("q")
    engine.layers.add("x", parent="p", sort=4)
    moved = engine.layers.move("x", parent="q")
    assert (moved.parent, moved.sort) == ("q", 4)
    assert engine.layers.move("x", sort=7).parent == "q"  # parent UNSET: same parent
    top = engine.layers.move("x", parent=None)  # None: top level
    assert top.parent is None and top.sort == 7
    assert engine.layers.get("p").child_count == 0


def test_move_next_to_a_sibling(engine: Engine) -> None:
    for name, sort in [("a", 1), ("b", 2), ("c", 3)]:
        engine.layers.add(name, sort=sort)
    assert engine.layers.move("c", below="a").sort == 1
    assert [x for x, _ in sorts(engine)] == ["c", "a", "b"]
    with pytest.raises(ordo.InvalidParams):
        engine.layers.move("a", above="a")


def test_move_under_own_descendant_is_a_cycle(engine: Engine) -> None:
    engine.layers.add("a")
    engine.layers.add("b", parent="a")
    with pytest.raises(ordo.InvalidState) as caught:
        engine.layers.move("a", parent="b")
    assert caught.value.reason == "cycle"
    with pytest.raises(ordo.InvalidState):
        engine.layers.move("a", parent="a")


def test_bring_to_front_and_send_to_back(engine: Engine) -> None:
    for name, sort in [("a", 1), ("b", 5), ("c", 5), ("d", 9)]:
        engine.layers.add(name, sort=sort)
    front = engine.layers.bring_to_front("a")
    assert (front.sort, front.index) == (9, 3)
    back = engine.layers.send_to_back("d")
    assert (back.sort, back.index) == (5, 0)
    assert sorts(engine) == [("d", 5), ("b", 5), ("c", 5), ("a", 9)]


def test_children_pages(engine: Engine) -> None:
    engine.layers.add("p")
    for i in range(5):
        engine.layers.add(f"c{i}", parent="p", sort=i)
    page = engine.layers.children("p", offset=1, limit=2)
    assert page.total == 5
    assert page.ids == ("c1", "c2")
    assert engine.layers.children("p", offset=10).layers == ()
    assert engine.layers.children(None).ids == ("p",)
    assert engine.layers.children().total == 1


def test_sort_range(engine: Engine) -> None:
    assert engine.layers.sort_range() == ordo.SortRange(None, None)
    engine.layers.add("p", sort=-3)
    engine.layers.add("q", sort=8)
    assert engine.layers.sort_range() == ordo.SortRange(-3, 8)
    assert engine.layers.sort_range("p") == ordo.SortRange(None, None)


def test_tree_with_depth(engine: Engine) -> None:
    engine.layers.add("a", sort=1)
    engine.layers.add("b", parent="a", hidden=True)
    engine.layers.add("c", parent="b")
    root = engine.layers.tree()
    assert isinstance(root, ordo.TreeRoot) and root.id is None
    (a,) = root.children
    assert a.id == "a" and a.sort == 1
    assert a.children[0].hidden is True
    assert a.children[0].children[0].id == "c"
    node = engine.layers.tree("a", depth=1)
    assert isinstance(node, ordo.TreeNode)
    assert node.children[0].id == "b" and node.children[0].children == ()
    assert engine.layers.tree("a", depth=0).children == ()


def test_deep_trees_are_refused_unless_truncated(make_engine: EngineFactory) -> None:
    engine = make_engine(args=["--max-tree-depth", "50"])
    parent: str | None = None
    with engine.batch() as batch:
        for i in range(60):
            batch.layers.add(f"n{i}", parent=parent)
            parent = f"n{i}"
    with pytest.raises(ordo.LimitExceeded) as caught:
        engine.layers.tree()
    assert caught.value.name == "maxTreeDepth"
    node = engine.layers.tree("n0", depth=10)
    depth = 0
    while node.children:
        node = node.children[0]
        depth += 1
    assert depth == 10


def test_paint_order_and_hit_test_agree(engine: Engine) -> None:
    engine.layers.add("screen", frame=(0, 0, 100, 100))
    engine.layers.add("content", parent="screen", frame=(0, 0, 100, 100))
    engine.layers.add("card", parent="content", frame=(10, 10, 50, 50), sort=1)
    engine.layers.add("toast", parent="screen", frame=(0, 0, 100, 20), sort=100)
    engine.layers.add("ghost", parent="screen", frame=(0, 0, 100, 100), sort=200, hidden=True)
    engine.layers.add("glass", parent="screen", frame=(0, 0, 100, 100), sort=300, interactive=False)
    assert engine.layers.paint_order() == ("screen", "content", "card", "toast", "glass")
    assert engine.layers.paint_order("content") == ("content", "card")
    assert engine.layers.hit_test(5, 5) == ordo.HitTestResult("toast", ("screen", "toast"))
    hit = engine.layers.hit_test(20, 30)
    assert hit.id == "card" and hit.path == ("screen", "content", "card")
    assert engine.layers.hit_test(500, 500) == ordo.HitTestResult(None, ())


def test_hit_test_children_use_parent_coordinates_and_clips(engine: Engine) -> None:
    engine.layers.add("box", frame=(100, 100, 10, 10))
    engine.layers.add("kid", parent="box", frame=(20, 0, 5, 5))  # outside box's frame
    assert engine.layers.hit_test(121, 101).id == "kid"  # non-clipping: still hit
    engine.layers.update("box", clips=True)
    assert engine.layers.hit_test(121, 101).id is None
    assert engine.layers.hit_test(100, 100).id == "box"
    assert engine.layers.hit_test(110, 100).id is None  # [x, x+width)


def test_groups_are_never_hit_but_their_children_are(engine: Engine) -> None:
    engine.layers.add("group")
    engine.layers.add("leaf", parent="group", frame=(0, 0, 10, 10))
    assert engine.layers.hit_test(1, 1) == ordo.HitTestResult("leaf", ("group", "leaf"))
    engine.layers.remove("leaf")
    assert engine.layers.hit_test(1, 1).id is None


def test_hit_test_within_a_subtree(engine: Engine) -> None:
    engine.layers.add("a", frame=(0, 0, 10, 10))
    engine.layers.add("b", frame=(0, 0, 10, 10), sort=1)
    assert engine.layers.hit_test(1, 1).id == "b"
    assert engine.layers.hit_test(1, 1, id="a") == ordo.HitTestResult("a", ("a",))


def test_clear(engine: Engine) -> None:
    engine.layers.add("a")
    engine.layers.add("b", parent="a")
    engine.layers.add("c", parent="a")
    assert engine.layers.clear("a") == 2
    assert engine.layers.get("a").child_count == 0
    engine.layers.add("d")
    assert engine.layers.clear() == 2
    assert engine.stats().layers == 0


def test_data_round_trips_any_json_even_large(framed_engine: Engine) -> None:
    big = {"blob": "é" * 300_000, "list": list(range(1000)), "nested": {"a": [None, True, 1.5]}}
    layer = framed_engine.layers.add("big", data=big)
    assert layer.data == big
    assert framed_engine.layers.get("big").data == big


def test_unset_is_not_none() -> None:
    assert UNSET is not None
    assert not UNSET
    assert repr(UNSET) == "UNSET"


@pytest.mark.parametrize(
    ("arguments", "error", "says"),
    [
        ({"frame": [0, 0, 10, 10]}, TypeError, "frame must be a Frame, an .* tuple or a mapping"),
        ({"frame": (0, 0, 10)}, ValueError, "frame must be an .* tuple of 4 numbers, not of 3"),
        ({"frame": (0, 0, 10, 10, 5)}, ValueError, "tuple of 4 numbers, not of 5"),
        ({"frame": "0 0 10 10"}, TypeError, "frame must be a Frame"),
    ],
)
def test_a_frame_of_another_shape_is_refused_naming_it_before_anything_is_sent(
    engine: Engine, arguments: dict[str, object], error: type[Exception], says: str
) -> None:
    """A list gave an obscure TypeError from dict(), a 3-tuple "not enough values to
    unpack"; the README says a Frame, an (x, y, width, height) tuple or a mapping."""
    with pytest.raises(error, match=says):
        engine.layers.add("a", **arguments)  # type: ignore[arg-type]
    engine.layers.add("b")
    with pytest.raises(error, match=says):
        engine.layers.update("b", **arguments)  # type: ignore[arg-type]
    assert engine.layers.paint_order() == ("b",)
    assert engine.layers.get("b").frame is None


@pytest.mark.parametrize(
    ("point", "error", "says"),
    [
        ((1, 2, 3), ValueError, r"point must be an \(x, y\) tuple of 2 numbers, not of 3"),
        ((1,), ValueError, "tuple of 2 numbers, not of 1"),
        ([1, 2], TypeError, r"point must be an \(x, y\) tuple or a mapping, not list"),
    ],
)
def test_a_point_of_another_shape_is_refused_naming_it(
    engine: Engine, point: object, error: type[Exception], says: str
) -> None:
    """(1, 2, 3) was sent as {x: 1, y: 2}; [1, 2] reached the engine."""
    with pytest.raises(error, match=says):
        engine.layers.render(point=point)  # type: ignore[arg-type]
    assert engine.layers.render(point=(1, 2)) == engine.layers.render(point={"x": 1, "y": 2})
