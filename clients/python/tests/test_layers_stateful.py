"""Hypothesis: the engine's layer container against a pure-Python model of
docs/protocol.md#layers."""

from __future__ import annotations

import atexit
from dataclasses import dataclass, field
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    consumes,
    invariant,
    precondition,
    rule,
)

import ordo
from schema_check import SchemaChecker, SchemaDocument, load_document

SORTS = st.integers(min_value=-3, max_value=3)  # few values: many ties
_shared: dict[str, Any] = {}


def shared_engine() -> tuple[ordo.Engine, SchemaChecker]:
    """One engine for all examples (reset between them), schema-checked."""
    if "engine" not in _shared:
        checker = SchemaChecker(SchemaDocument(load_document()))
        engine = ordo.Engine(clock="manual", tap=checker, timeout=10)
        atexit.register(engine.close)
        _shared.update(engine=engine, checker=checker)
    return _shared["engine"], _shared["checker"]


@dataclass
class Model:
    """The naive model: per parent, a list of children bottom → top."""

    parent: dict[str, str | None] = field(default_factory=dict)
    sort: dict[str, int] = field(default_factory=dict)
    hidden: dict[str, bool] = field(default_factory=dict)
    kids: dict[str | None, list[str]] = field(default_factory=lambda: {None: []})

    def place(self, lid: str, parent: str | None, sort: int) -> None:
        """Above every sibling with sort <= its own, below every greater one."""
        siblings = self.kids[parent]
        index = sum(1 for s in siblings if self.sort[s] <= sort)
        siblings.insert(index, lid)
        self.parent[lid], self.sort[lid] = parent, sort

    def add(self, lid: str, parent: str | None, sort: int) -> None:
        self.kids[lid] = []
        self.hidden[lid] = False
        self.place(lid, parent, sort)

    def detach(self, lid: str) -> None:
        self.kids[self.parent[lid]].remove(lid)

    def subtree(self, lid: str) -> list[str]:
        out, stack = [], [lid]
        while stack:
            top = stack.pop()
            out.append(top)
            stack.extend(self.kids[top])
        return out

    def remove(self, lid: str) -> int:
        gone = self.subtree(lid)
        self.detach(lid)
        for x in gone:
            del self.parent[x], self.sort[x], self.hidden[x], self.kids[x]
        return len(gone)

    def paint_order(self) -> list[str]:
        out: list[str] = []
        stack = list(reversed(self.kids[None]))
        while stack:
            top = stack.pop()
            if self.hidden[top]:
                continue
            out.append(top)
            stack.extend(reversed(self.kids[top]))
        return out


def tree_shape(engine: ordo.Engine) -> dict[str | None, list[tuple[str, int, bool]]]:
    shape: dict[str | None, list[tuple[str, int, bool]]] = {}
    root = engine.layers.tree()
    stack: list[tuple[str | None, tuple[ordo.TreeNode, ...]]] = [(None, root.children)]
    while stack:
        parent, children = stack.pop()
        shape[parent] = [(c.id, c.sort, c.hidden) for c in children]
        stack.extend((c.id, c.children) for c in children)
    return shape


class LayerContainer(RuleBasedStateMachine):
    layers = Bundle("layers")

    def __init__(self) -> None:
        super().__init__()
        self.engine, self.checker = shared_engine()
        self.engine.reset()
        self.model = Model()
        self.counter = 0

    def fresh_id(self) -> str:
        self.counter += 1
        return f"L{self.counter}"

    def parent_choice(self, data: st.DataObject) -> str | None:
        options: list[str | None] = [None, *self.model.parent]
        return data.draw(st.sampled_from(options), label="parent")

    @rule(target=layers, data=st.data(), sort=SORTS)
    def add(self, data: st.DataObject, sort: int) -> str:
        parent = self.parent_choice(data)
        lid = self.fresh_id()
        layer = self.engine.layers.add(lid, parent=parent, sort=sort)
        self.model.add(lid, parent, sort)
        assert (layer.parent, layer.sort) == (parent, sort)
        assert layer.index == self.model.kids[parent].index(lid)
        return lid

    @rule(target=layers, sort=SORTS)
    def add_with_generated_id(self, sort: int) -> str:
        layer = self.engine.layers.add(sort=sort)
        assert layer.id not in self.model.parent
        self.model.add(layer.id, None, sort)
        return layer.id

    @rule(target=layers, sibling=layers, above=st.booleans())
    def add_next_to(self, sibling: str, above: bool) -> str:
        if sibling not in self.model.parent:
            return sibling  # removed meanwhile: nothing to do
        lid = self.fresh_id()
        if above:
            layer = self.engine.layers.add(lid, above=sibling)
        else:
            layer = self.engine.layers.add(lid, below=sibling)
        parent, sort = self.model.parent[sibling], self.model.sort[sibling]
        siblings = self.model.kids[parent]
        self.model.kids[lid], self.model.hidden[lid] = [], False
        self.model.parent[lid], self.model.sort[lid] = parent, sort
        siblings.insert(siblings.index(sibling) + (1 if above else 0), lid)
        assert (layer.parent, layer.sort, layer.index) == (parent, sort, siblings.index(lid))
        return lid

    @rule(lid=consumes(layers))
    def remove(self, lid: str) -> None:
        if lid not in self.model.parent:
            return
        assert self.engine.layers.remove(lid) == self.model.remove(lid)

    @rule(lid=layers, sort=SORTS)
    def update_sort(self, lid: str, sort: int) -> None:
        if lid not in self.model.parent:
            return
        if sort != self.model.sort[lid]:
            parent = self.model.parent[lid]
            self.model.detach(lid)
            self.model.place(lid, parent, sort)
        assert self.engine.layers.update(lid, sort=sort).sort == sort

    @rule(lid=layers, hidden=st.booleans())
    def set_hidden(self, lid: str, hidden: bool) -> None:
        if lid not in self.model.parent:
            return
        self.model.hidden[lid] = hidden
        assert self.engine.layers.update(lid, hidden=hidden).hidden is hidden

    @rule(lid=layers, data=st.data(), keep_parent=st.booleans(), sort=st.none() | SORTS)
    def move(self, lid: str, data: st.DataObject, keep_parent: bool, sort: int | None) -> None:
        if lid not in self.model.parent:
            return
        parent = self.model.parent[lid] if keep_parent else self.parent_choice(data)
        new_sort = self.model.sort[lid] if sort is None else sort
        kwargs: dict[str, Any] = {} if sort is None else {"sort": sort}
        if parent is not None and parent in self.model.subtree(lid):
            with pytest.raises(ordo.InvalidState) as caught:
                self.engine.layers.move(lid, parent=parent, **kwargs)
            assert caught.value.reason == "cycle"
            return
        if keep_parent:
            layer = self.engine.layers.move(lid, **kwargs)
        else:
            layer = self.engine.layers.move(lid, parent=parent, **kwargs)
        self.model.detach(lid)
        self.model.place(lid, parent, new_sort)
        assert (layer.parent, layer.sort) == (parent, new_sort)

    @rule(lid=layers, sibling=layers, above=st.booleans())
    def move_next_to(self, lid: str, sibling: str, above: bool) -> None:
        if lid not in self.model.parent or sibling not in self.model.parent or lid == sibling:
            return
        parent = self.model.parent[sibling]
        if parent is not None and parent in self.model.subtree(lid):
            return  # a cycle: covered by `move`
        if above:
            self.engine.layers.move(lid, above=sibling)
        else:
            self.engine.layers.move(lid, below=sibling)
        self.model.detach(lid)
        siblings = self.model.kids[parent]
        siblings.insert(siblings.index(sibling) + (1 if above else 0), lid)
        self.model.parent[lid], self.model.sort[lid] = parent, self.model.sort[sibling]

    @rule(lid=layers)
    def bring_to_front(self, lid: str) -> None:
        if lid not in self.model.parent:
            return
        parent = self.model.parent[lid]
        sort = max(self.model.sort[s] for s in self.model.kids[parent])
        self.model.detach(lid)
        self.model.kids[parent].append(lid)
        self.model.sort[lid] = sort
        layer = self.engine.layers.bring_to_front(lid)
        assert (layer.sort, layer.index) == (sort, len(self.model.kids[parent]) - 1)

    @rule(lid=layers)
    def send_to_back(self, lid: str) -> None:
        if lid not in self.model.parent:
            return
        parent = self.model.parent[lid]
        sort = min(self.model.sort[s] for s in self.model.kids[parent])
        self.model.detach(lid)
        self.model.kids[parent].insert(0, lid)
        self.model.sort[lid] = sort
        layer = self.engine.layers.send_to_back(lid)
        assert (layer.sort, layer.index) == (sort, 0)

    @precondition(lambda self: len(self.model.parent) > 6)
    @rule(data=st.data())
    def clear(self, data: st.DataObject) -> None:
        target = self.parent_choice(data)
        if target is None:
            expected = len(self.model.parent)
            self.model = Model()
        else:
            expected = sum(self.model.remove(k) for k in list(self.model.kids[target]))
        assert self.engine.layers.clear(target) == expected

    @invariant()
    def same_tree(self) -> None:
        shape = tree_shape(self.engine)
        for parent, children in self.model.kids.items():
            expected = [(c, self.model.sort[c], self.model.hidden[c]) for c in children]
            assert shape.get(parent, []) == expected, f"children of {parent!r}"
        assert set(shape) - {None} == set(self.model.parent)

    @invariant()
    def same_paint_order(self) -> None:
        assert list(self.engine.layers.paint_order()) == self.model.paint_order()

    def teardown(self) -> None:
        problems = self.checker.verdict()
        assert not problems, "\n".join(problems)


LayerContainer.TestCase.settings = settings(
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestLayerContainer = LayerContainer.TestCase


# ---------------------------------------------------------------- hit testing


@dataclass(frozen=True)
class Spec:
    parent: int | None  # index of an earlier spec
    sort: int
    frame: tuple[int, int, int, int] | None
    hidden: bool
    interactive: bool
    clips: bool


specs = st.lists(
    st.builds(
        Spec,
        parent=st.none() | st.integers(min_value=0, max_value=30),
        sort=SORTS,
        frame=st.none()
        | st.tuples(st.integers(0, 20), st.integers(0, 20), st.integers(0, 20), st.integers(0, 20)),
        hidden=st.booleans(),
        interactive=st.booleans(),
        clips=st.booleans(),
    ),
    min_size=1,
    max_size=14,
)


def model_hit(model: Model, specs_by_id: dict[str, Spec], x: int, y: int) -> list[str]:
    """Hit testing as docs/protocol.md#paint-order-and-hit-testing states it, recursively
    (small trees)."""

    def inside(frame: tuple[int, int, int, int], px: int, py: int) -> bool:
        fx, fy, w, h = frame
        return fx <= px < fx + w and fy <= py < fy + h

    def visit(lid: str, px: int, py: int) -> list[str] | None:
        spec = specs_by_id[lid]
        if spec.hidden or not spec.interactive:
            return None
        if spec.frame is not None and spec.clips and not inside(spec.frame, px, py):
            return None
        cx, cy = (px - spec.frame[0], py - spec.frame[1]) if spec.frame else (px, py)
        for child in reversed(model.kids[lid]):
            found = visit(child, cx, cy)
            if found is not None:
                return [lid, *found]
        if spec.frame is not None and inside(spec.frame, px, py):
            return [lid]
        return None

    for top in reversed(model.kids[None]):
        found = visit(top, x, y)
        if found is not None:
            return found
    return []


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    layout=specs,
    points=st.lists(st.tuples(st.integers(-2, 45), st.integers(-2, 45)), min_size=5, max_size=5),
)
def test_hit_test_matches_the_model_and_reverses_paint_order(
    layout: list[Spec], points: list[tuple[int, int]]
) -> None:
    engine, checker = shared_engine()
    engine.reset()
    model = Model()
    by_id: dict[str, Spec] = {}
    with engine.batch() as batch:
        for i, spec in enumerate(layout):
            lid = f"h{i}"
            parent = f"h{spec.parent}" if spec.parent is not None and spec.parent < i else None
            batch.layers.add(
                lid,
                parent=parent,
                sort=spec.sort,
                frame=spec.frame,
                hidden=spec.hidden,
                interactive=spec.interactive,
                clips=spec.clips,
            )
            model.add(lid, parent, spec.sort)
            model.hidden[lid] = spec.hidden
            by_id[lid] = spec
    assert list(engine.layers.paint_order()) == model.paint_order()
    for x, y in points:
        expected = model_hit(model, by_id, x, y)
        hit = engine.layers.hit_test(x, y)
        assert list(hit.path) == expected, (x, y)
        assert hit.id == (expected[-1] if expected else None)
    problems = checker.verdict()
    assert not problems, "\n".join(problems)
