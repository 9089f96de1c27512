"""Differential test: the engine's layer tree against layer_model.LayerModel, a reference
model written from docs/protocol.md alone (Layers, Values, Errors, engine.reset, and the
mounted alert layers), not from the engine's sources.

Random request sequences from fixed seeds go to both, one request or one batch at a
time; after each, the answers (result, or error code and data; of -32602 only the
``path``, where the docs name one; ``data`` members compared with ints and floats apart)
must agree, and so must the ``alert.show`` events' ``layer`` and ``resumed``. Then the
visible state: ``layer.tree`` (whole and per top-level layer), ``layer.paintOrder``,
every layer by ``layer.get``, ``engine.stats``' ``layers``, and hit tests at the corners,
edges and centre of every frame. Ids come from a small set, in canonically equivalent
spellings and with lone surrogate escapes; coordinates from a small range (plus a few
huge ones), so that ties, edges, empty frames, negative frames, nested clips, groups,
hidden and non-interactive layers meet often. Some requests are deliberately invalid,
one fault or several whose order the docs give. Two seeds in three run an engine with
``--max-layers 7 --max-tree-depth 3`` or ``--max-layers 2 --max-tree-depth 1``.

On a divergence the sequence is shrunk (greedy deletion) and printed as a JSON-RPC
transcript (NDJSON lines, with the engine's command line). ``ORDO_MODEL_SEEDS=a-b`` and
``ORDO_MODEL_STEPS=n`` run other seeds and lengths (the default, 40 seeds of 100 steps,
takes some 20 s), ``ORDO_MODEL_STATE_DIR=dir`` the engines with ``--state``,
``ORDO_MODEL_FRAMING=lsp`` in LSP framing.
"""

from __future__ import annotations

import atexit
import json
import os
import random
from typing import Any

import pytest

import model_driver
import ordo
from layer_model import Event, LayerModel, key
from model_driver import (
    Op,
    Recorder,
    grow,
    map_strings,
    model_steps,
    seed_range,
    shrink,
    single_or_batch,
)
from schema_check import SchemaChecker, SchemaDocument, load_document

# "\u00e9" and "e\u0301" spell one id: Generator.respell writes each "é" either way.
IDS = ["a", "b", "c", "d", "\u00e9", "f\u00e9", "layer-1", "layer-2", "layer-4", "s\ufffd"]
IDS += ["q\u0323\u0301", "\uac00", "\u00c5x", "\u03a9"]
# Canonically equivalent spellings (combining marks reordered, Hangul jamo, singletons):
# Generator.respell writes the first of each group as any of them.
SPELLINGS = [
    ["q\u0323\u0301", "q\u0301\u0323"],
    ["\uac00", "\u1100\u1161"],
    ["\u00c5", "A\u030a", "\u212b"],
    ["\u03a9", "\u2126"],
]
LONG = ["x" * 256, "x" * 255 + "\u00e9"]  # 256 code points; 257 once respelled
SORTS = [-1, 0, 0, 0, 1, 2, 1.0, -(2**53 - 1), 2**53 - 1]
COORDS = [-2, -1, 0, 0, 1, 1, 2, 3, 0.1, 0.2, 0.3, -0.0]
SIZES = [0, 1, 1, 2, 2, 3, 4]
POINTS = [-3, -2, -1, 0, 0, 1, 1, 2, 2, 3, 4, 5, 6, 0.5, 1.5, -0.5, 2.999, 0.3, 0.4, -0.0]
HUGE = [2.0**53, 1e17, -(2.0**53), 1e300]
DATA: list[Any] = [
    None,
    0,
    "s",
    [1, {"k": None}],
    {"n": 1.5, "m": 7, "f": 1.0},
    -0.0,
    0.1,
    1e300,
    2**63 - 1,
    -(2**63),
    {"big": 2**63, "n": 7, "l": [1, 2.5, True]},
    [-(2**63) - 1, 3],
    "a\u0000b",
    {"s\ud83d": "t\udc00"},
    {"k\u0000": 1},  # -32600 nul_in_key (alone; in a batch the batch is refused)
    {"": {"": []}},
]
Limits = tuple[int, int] | None  # --max-layers, --max-tree-depth
LIMITS: list[Limits] = [None, (7, 3), (2, 1)]  # by seed % 3


def flags(limits: Limits) -> list[str]:
    """The engine's flags; ``ORDO_MODEL_STATE_DIR`` adds ``--state`` (a file per engine:
    layers are not durable, so nothing changes)."""
    out = [] if limits is None else ["--max-layers", str(limits[0])]
    out += [] if limits is None else ["--max-tree-depth", str(limits[1])]
    state_dir = os.environ.get("ORDO_MODEL_STATE_DIR")
    if state_dir:
        name = "unlimited" if limits is None else f"{limits[0]}-{limits[1]}"
        out += ["--state", os.path.join(state_dir, f"layers-{name}.db")]
    return out


_shared: dict[Limits, tuple[ordo.Engine, Recorder]] = {}


def shared_engine(limits: Limits) -> tuple[ordo.Engine, Recorder]:
    if limits not in _shared:
        recorder = Recorder(SchemaChecker(SchemaDocument(load_document())))
        engine = ordo.Engine(clock="manual", tap=recorder, timeout=10, args=flags(limits))
        atexit.register(engine.close)
        _shared[limits] = (engine, recorder)
    return _shared[limits]


def new_model(limits: Limits) -> LayerModel:
    if limits is None:
        return LayerModel()
    return LayerModel(max_layers=limits[0], max_tree_depth=limits[1])


def engine_call(engine: ordo.Engine, recorder: Recorder, op: Op) -> tuple[Any, list[Event]]:
    answer, events = model_driver.engine_call(engine, recorder, op)
    # Of the alert side's events, the layer an alert.show carries.
    shown = [
        (m, {"layer": e.get("layer"), "resumed": e.get("resumed")})
        for m, e in events
        if m == "alert.show"
    ]
    return answer, shown


def typed(value: Any, data: bool = False) -> Any:
    """Within ``data``, ints and floats apart (``7`` is not ``7.0``, nor ``-0.0`` ``0.0``)."""
    if isinstance(value, dict):
        return {k: typed(v, data or k == "data") for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [typed(v, data) for v in value]
    if data and isinstance(value, float):
        return ("float", repr(value))
    if data and isinstance(value, int) and not isinstance(value, bool):
        return ("int", value)
    return value


def normalize(got: Any, want: Any) -> None:
    """-32602: only ``path`` is compared, and only where the model names one; of an alert
    method's result, only that there is one."""
    pairs = zip(got, want) if isinstance(got, list) and isinstance(want, list) else [(got, want)]
    for g, w in pairs:
        if not (isinstance(g, dict) and isinstance(w, dict)):
            continue
        if "result" in g and "result" in w and w["result"] is None:
            g["result"] = None
        ge, we = g.get("error"), w.get("error")
        if ge and we and ge["code"] == -32602 == we["code"]:
            path = ge["data"].get("path") if isinstance(ge.get("data"), dict) else ge.get("data")
            ge["data"] = {"path": path if we["data"]["path"] is not None else None}
        if ge and we and ge["code"] == -32601 == we["code"]:
            ge["data"] = {k: ge["data"][k] for k in ("method", "suggestion") if k in ge["data"]}


# ---------------------------------------------------------------- random requests


def maybe(rng: random.Random, values: list[Any], absent: float = 0.5) -> Any:
    return None if rng.random() < absent else rng.choice(values)


def put(params: dict[str, Any], name: str, value: Any) -> None:
    if value is not None:
        params[name] = value


class Generator:
    def __init__(self, seed: int, model: LayerModel) -> None:
        self.rng = random.Random(seed)
        self.model = model  # read only: to aim at existing layers
        self.seen = list(IDS)
        self.alerts = 0

    def some_id(self, fresh: float = 0.15) -> str:
        names = [layer.name for layer in self.model.layers.values()]
        if names and self.rng.random() > fresh:
            return self.rng.choice(names)
        return self.rng.choice(self.seen)

    def coord(self) -> Any:
        rng = self.rng
        if rng.random() < 0.02:
            return rng.choice(HUGE)
        value = rng.choice(COORDS)
        return value + 0.5 if rng.random() < 0.1 else value

    def frame(self) -> dict[str, Any] | None:
        rng = self.rng
        if rng.random() < 0.3:
            return None
        return {
            "x": self.coord(),
            "y": self.coord(),
            "width": rng.choice(SIZES) if rng.random() > 0.01 else 1,
            "height": rng.choice(SIZES),
        }

    def bad_frame(self) -> Any:
        rng = self.rng
        good = self.frame() or {"x": 0, "y": 0, "width": 1, "height": 1}
        r = rng.random()
        if r < 0.2:
            return rng.choice(["x", 1, [], True])
        name = rng.choice(["x", "y", "width", "height"])
        if r < 0.4:
            del good[name]
        elif r < 0.6:
            good[name] = rng.choice(["1", None, True, {}])
        elif r < 0.8:
            good[rng.choice(["width", "height"])] = rng.choice([-1, -0.5])
        else:
            good[rng.choice(["z", "X", "w/h", "~"])] = 1
        return good

    def bad_value(self, kind: str) -> Any:
        rng = self.rng
        if kind == "id":
            return rng.choice(["", 7, True, ["a"], "y" * 257, LONG[1]])
        if kind == "int":
            return rng.choice([0.5, "1", True, 2**53, -(2**53), [1]])
        if kind == "count":
            return rng.choice([-1, 0.5, "0", 2**53, False])
        if kind == "bool":
            return rng.choice([0, 1, "true", []])
        return rng.choice(["1", True, None, [0]])  # number

    def placement(self, p: dict[str, Any], move: bool) -> None:
        rng = self.rng
        r = rng.random()
        if r < 0.2:
            p["above"] = self.some_id()
        elif r < 0.35:
            p["below"] = self.some_id()
        elif r < 0.75 or not move:
            put(p, "sort", rng.choice(SORTS))
        if rng.random() < 0.03:  # combinations: -32602
            extra = rng.choice(["sort", "above", "below"])
            if extra not in p:
                p[extra] = rng.choice(SORTS) if extra == "sort" else self.some_id()
        r = rng.random()
        parent_often = 0.4 if move else 0.5
        if r < parent_often:
            p["parent"] = self.some_id(0.1)
        elif r < parent_often + 0.12:
            p["parent"] = None

    def faults(self, p: dict[str, Any], kinds: dict[str, str]) -> None:
        """Now and then an unknown member and/or a mistyped one."""
        rng = self.rng
        if rng.random() < 0.04:
            p[rng.choice(["ids", "Sort", "frame/x", "z~1", ""])] = 1
        if rng.random() < 0.06:
            name = rng.choice(sorted(kinds))
            kind = kinds[name]
            p[name] = self.bad_frame() if kind == "frame" else self.bad_value(kind)

    def add(self) -> Op:
        rng = self.rng
        p: dict[str, Any] = {}
        r = rng.random()
        if r < 0.6:
            free = [i for i in self.seen if key(i) not in self.model.layers]
            p["id"] = rng.choice(free) if free and rng.random() < 0.7 else rng.choice(self.seen)
        elif r < 0.63:
            p["id"] = rng.choice(LONG)
        elif r < 0.65:
            p["id"] = rng.choice(["alert:a", "alert:", "alert:layer-1"])
        elif r < 0.7:
            p["id"] = None
        self.placement(p, move=False)
        frame = self.frame()
        if frame is not None or rng.random() < 0.1:
            p["frame"] = frame
        put(p, "hidden", maybe(rng, [True, False, False], 0.8))
        put(p, "interactive", maybe(rng, [False, True], 0.8))
        put(p, "clips", maybe(rng, [True, True, False], 0.6))
        if rng.random() < 0.15:
            p["data"] = rng.choice(DATA)
        for name in ("hidden", "interactive", "clips", "sort", "above", "below"):
            if rng.random() < 0.03:
                p[name] = None  # null: left out
        self.faults(
            p,
            {
                "id": "id",
                "sort": "int",
                "above": "id",
                "below": "id",
                "frame": "frame",
                "hidden": "bool",
                "interactive": "bool",
                "clips": "bool",
                "parent": "id",
            },
        )
        return "layer.add", p

    def update(self) -> Op:
        rng = self.rng
        p: dict[str, Any] = {"id": self.some_id()}
        put(p, "sort", maybe(rng, SORTS, 0.6))
        if rng.random() < 0.35:
            p["frame"] = self.frame()
        put(p, "hidden", maybe(rng, [True, False], 0.75))
        put(p, "interactive", maybe(rng, [False, True], 0.8))
        put(p, "clips", maybe(rng, [True, False], 0.75))
        if rng.random() < 0.1:
            p["data"] = rng.choice(DATA)
        if rng.random() < 0.06:
            p = {"id": p["id"]}
        self.faults_single(p, {"sort": "int", "hidden": "bool", "clips": "bool", "frame": "frame"})
        return "layer.update", p

    def faults_single(self, p: dict[str, Any], kinds: dict[str, str]) -> None:
        """At most one mistyped member (the docs give no order among them), maybe with
        an unknown member (checked first) or an unknown id (checked last)."""
        rng = self.rng
        if rng.random() < 0.04:
            p[rng.choice(["ids", "Id", "x/y"])] = 1
        if rng.random() < 0.06:
            for name in [n for n in kinds if n in p]:
                del p[name]
            name = rng.choice(sorted(kinds))
            kind = kinds[name]
            p[name] = self.bad_frame() if kind == "frame" else self.bad_value(kind)

    def move(self) -> Op:
        p: dict[str, Any] = {"id": self.some_id()}
        self.placement(p, move=True)
        self.faults(p, {"id": "id", "sort": "int", "above": "id", "below": "id", "parent": "id"})
        return "layer.move", p

    def hit_test(self) -> Op:
        rng = self.rng

        def point() -> Any:
            if rng.random() < 0.02:
                return rng.choice(HUGE)
            return rng.choice(POINTS)

        p: dict[str, Any] = {"x": point(), "y": point()}
        if rng.random() < 0.25:
            p["id"] = self.some_id()
        framed = [k for k, layer in self.model.layers.items() if layer.frame is not None]
        if framed and rng.random() < 0.75:
            # at, on or next to the edges of a frame, in the coordinates of the test
            target = rng.choice(framed)
            scope = None
            if "id" in p and key(p["id"]) in self.model.ancestors(target):
                scope = self.model.layers[key(p["id"])]
            ox, oy = self.origin(target, None if scope is None else scope.parent)
            frame = self.model.layers[target].frame
            assert frame is not None
            for axis, size, o in (("x", "width", ox), ("y", "height", oy)):
                extent = float(frame[size])
                if rng.random() < 0.6:  # inside (when not empty)
                    at = rng.choice([0, extent / 2, max(extent - 0.5, 0)])
                else:  # on an edge, or just beyond
                    at = rng.choice([0, extent]) + rng.choice([0, 0, -0.25, 0.25, -1, 1])
                p[axis] = o + float(frame[axis]) + at
        if rng.random() < 0.03:
            name = rng.choice(["x", "y"])
            if rng.random() < 0.5:
                del p[name]
            else:
                p[name] = self.bad_value("number")
        return "layer.hitTest", p

    def scoped(self, method: str) -> Op:
        rng = self.rng
        p: dict[str, Any] = {}
        r = rng.random()
        if r < 0.6:
            p["id"] = self.some_id()
        elif r < 0.7:
            p["id"] = None
        if method == "layer.children":
            put(p, "offset", maybe(rng, [0, 1, 2, 5, 2**53 - 1], 0.6))
            put(p, "limit", maybe(rng, [0, 1, 2, 10], 0.6))
        if method == "layer.tree":
            put(p, "depth", maybe(rng, [0, 1, 2, 3, 4, 9, 2**53 - 1], 0.5))
        kinds = {"id": "id", "offset": "count", "limit": "count", "depth": "count"}
        self.faults_single(p, {k: v for k, v in kinds.items() if k in p or k == "id"})
        return method, p

    def render(self) -> Op:
        """layer.render: its checks only (the model draws nothing)."""
        rng = self.rng
        p: dict[str, Any] = {}
        put(p, "id", maybe(rng, [self.some_id()], 0.5))
        if rng.random() < 0.3:
            p["point"] = rng.choice(
                [{"x": 1, "y": 2}, None, {"x": 1}, {"x": 1, "y": "2"}, {"x": 0, "y": 0, "z": 1}, 3]
            )
        put(p, "width", maybe(rng, [1, 100_000, 0.5, 0, -1, 100_000.5, "1"], 0.6))
        put(p, "height", maybe(rng, [1, 7, 100_000], 0.8))
        put(p, "labels", maybe(rng, [True, False, None], 0.7))
        return "layer.render", p

    def alert(self) -> Op:
        """Alerts with a mounted layer: enqueued (one shows at a time, on page "p"),
        completed, suspended and resumed by page changes."""
        rng = self.rng
        model = self.model
        r = rng.random()
        if r < 0.35:
            self.alerts += 1
            mount: dict[str, Any] = {"sort": rng.choice(SORTS[:6])}
            if rng.random() < 0.7:
                mount["parent"] = self.some_id(0.1)
            aid = (
                f"m{self.alerts}"
                if rng.random() < 0.95
                else rng.choice(sorted(model.alerts) or ["m0"])
            )
            p: dict[str, Any] = {"type": "m", "id": aid, "scope": "p", "mount": mount}
            put(p, "durationMs", maybe(rng, [1, 1, 2, 5], 0.3))
            return "alert.enqueue", p
        if r < 0.55:
            return "clock.advance", {"ms": rng.choice([0, 1, 1, 2, 3, 5])}
        if r < 0.7:
            if model.showing is not None and rng.random() < 0.7:
                return "alert.complete", {"id": model.showing}
            alive = [a for a, alert in model.alerts.items() if alert["state"] != "done"]
            return "alert.complete", {"id": rng.choice([*alive, "m0"])}
        if r < 0.87:
            return "nav.push", {"scope": rng.choice(["p", "p", "q"])}
        if r < 0.97 and model.stack:
            return "nav.pop", {}
        return "nav.set", {"stack": rng.choice([[], ["p"], ["q"], ["p", "q"]])}

    def origin(self, k: str, upto: str | None) -> tuple[float, float]:
        """Where the coordinates of ``k``'s parent start, in those of layer ``upto``'s
        children (``None``: the top level), level by level as the engine moves a point."""
        x = y = 0.0
        chain = self.model.ancestors(k)[:-1]
        if upto is not None:
            chain = chain[chain.index(upto) + 1 :]
        for a in chain:
            frame = self.model.layers[a].frame
            if frame is not None:
                x, y = x + float(frame["x"]), y + float(frame["y"])
        return x, y

    def single(self) -> Op:
        rng = self.rng
        r = rng.random()
        if r < 0.30:
            op = self.add()
        elif r < 0.40:
            op = self.update()
        elif r < 0.52:
            op = self.move()
        elif r < 0.66:
            op = self.hit_test()
        elif r < 0.70:
            op = "layer.remove", {"id": self.some_id()}
        elif r < 0.74:
            op = rng.choice(["layer.bringToFront", "layer.sendToBack"]), {"id": self.some_id()}
        elif r < 0.75:
            op = "layer.get", {"id": self.some_id(0.3)}
        elif r < 0.84:
            op = self.alert()
        elif r < 0.90:
            method = rng.choice(
                [
                    "layer.children",
                    "layer.sortRange",
                    "layer.tree",
                    "layer.tree",
                    "layer.paintOrder",
                ]
            )
            op = self.scoped(method)
        elif r < 0.915:
            op = self.add()
        elif r < 0.93:
            op = self.render()
        elif r < 0.94:
            op = self.scoped("layer.clear") if rng.random() < 0.7 else ("layer.clear", {})
        elif r < 0.942:
            op = self.alert()
        elif r < 0.945:
            op = "engine.reset", rng.choice([{}, {"state": True}, {"state": None}])
        elif r < 0.97:
            method = rng.choice(["layer.get", "layer.remove", "layer.bringToFront"])
            op = method, rng.choice([{}, {"id": None}, {"id": 1}, {"id": ""}, {"id": "a", "x": 1}])
        else:
            op = rng.choice(["layer.ad", "Layer.Get", "layer.list"]), {}
        return op[0], self.respell(op[1])

    def next(self) -> Op:
        return single_or_batch(self.rng, self.single, 0.05)

    def respell(self, value: Any) -> Any:
        return map_strings(value, self.respell_text)

    def respell_text(self, text: str) -> str:
        if "\ufffd" in text:  # a lone surrogate escape is read as U+FFFD
            text = text.replace("\ufffd", self.rng.choice(["\ufffd", "\ud83d", "\udc00"]))
        for group in SPELLINGS:
            if group[0] in text:
                text = text.replace(group[0], self.rng.choice(group))
        return text.replace("\u00e9", "e\u0301") if self.rng.random() < 0.5 else text

    def learn(self, answer: Any) -> None:
        for entry in answer if isinstance(answer, list) else [answer]:
            result = entry.get("result")
            if (
                isinstance(result, dict)
                and "childCount" in result
                and result["id"] not in self.seen
            ):
                self.seen.append(result["id"])


def generate(seed: int, steps: int, limits: Limits) -> list[Op]:
    model = new_model(limits)
    gen, ops = Generator(seed, model), []
    if seed % 2:  # on the alerts' page from the start
        ops.append(("nav.push", {"scope": "p"}))
        model.call(*ops[0])
    return grow(ops, steps, gen, model.call)


# ---------------------------------------------------------------- comparison


def looks(model: LayerModel) -> list[Op]:
    """The requests that compare the state: the tree, paint order, every layer, and hit
    tests at the corners, edges and centre of every frame."""
    ops: list[Op] = [("layer.paintOrder", {}), ("engine.stats", {})]
    ops.append(("layer.tree", {}))
    ops += [("layer.tree", {"id": model.layers[k].name}) for k in model.top]
    ops += [("layer.get", {"id": layer.name}) for layer in model.layers.values()]
    points: set[tuple[float, float]] = set()
    for k, layer in model.layers.items():
        frame = layer.frame
        if frame is None:
            continue
        x = y = 0.0
        for a in model.ancestors(k)[:-1]:
            above = model.layers[a].frame
            if above is not None:
                x, y = x + float(above["x"]), y + float(above["y"])
        x0, y0 = x + float(frame["x"]), y + float(frame["y"])
        w, h = float(frame["width"]), float(frame["height"])
        for px in (x0 - 0.5, x0, x0 + w / 2, x0 + w - 0.5, x0 + w):
            for py in (y0 - 0.5, y0, y0 + h / 2, y0 + h - 0.5, y0 + h):
                points.add((px, py))
    ops += [("layer.hitTest", {"x": px, "y": py}) for px, py in sorted(points)[:80]]
    return ops


def divergence(ops: list[Op], limits: Limits) -> str | None:
    """Run ``ops`` on a fresh engine and a fresh model: the first difference, or None."""
    engine, recorder = shared_engine(limits)
    engine.reset()
    model = new_model(limits)
    for step, op in enumerate(ops):
        got = engine_call(engine, recorder, op)
        want = model.call(*op)
        normalize(got[0], want[0])
        if typed(got) != typed(want):
            return f"step {step} {op}:\n engine {got}\n model  {want}"
        recorder.checking = False
        try:
            state = looks(model)
            seen, _ = engine_call(engine, recorder, ("batch", {"entries": state}))
        finally:
            recorder.checking = True
        expected, _ = model.call("batch", {"entries": state})
        for entry in seen:
            result = entry.get("result")
            if isinstance(result, dict) and "uptimeMs" in result:
                entry["result"] = {"layers": result["layers"]}
        if typed(seen) != typed(expected):
            for look, s, e in zip(state, seen, expected):
                if typed(s) != typed(e):
                    return f"after step {step} {op}: {look}\n engine {s}\n model  {e}"
    return None


def transcript(ops: list[Op]) -> str:
    lines, n = [], 0
    for method, params in ops:
        entries = params["entries"] if method == "batch" else [(method, params)]
        messages = []
        for m, p in entries:
            n += 1
            messages.append({"jsonrpc": "2.0", "id": n, "method": m, "params": p})
        message: Any = messages if method == "batch" else messages[0]
        lines.append(json.dumps(message))
    return "\n".join(lines)


def check(seed: int, steps: int) -> None:
    limits = LIMITS[seed % len(LIMITS)]
    ops = generate(seed, steps, limits)
    if divergence(ops, limits) is None:
        return
    small = shrink(ops, lambda candidate: divergence(candidate, limits) is not None)
    command = " ".join(["ordo --clock manual", *flags(limits)])
    pytest.fail(
        f"seed {seed} ({command}): {divergence(small, limits)}\n{transcript(small)}",
        pytrace=False,
    )


SEEDS = seed_range("0-39")
STEPS = model_steps(100)


@pytest.mark.parametrize("seed", SEEDS)
def test_layer_tree_matches_the_model(seed: int) -> None:
    check(seed, STEPS)


def test_schema_of_all_traffic() -> None:
    """Every message the tests above exchanged matched the schema (run alone, it plays
    a seed of its own first)."""
    if None not in _shared:
        assert divergence(generate(0, 100, None), None) is None
    for _, recorder in _shared.values():
        problems = recorder.checker.verdict()
        assert not problems, "\n".join(problems)


# ---------------------------------------------------------------- documented examples


def add(lid: str, **params: Any) -> Op:
    return "layer.add", {"id": lid, **params}


def box(x: float, y: float, width: float, height: float) -> dict[str, float]:
    return {"x": x, "y": y, "width": width, "height": height}


FAR = 2.0**53
EXAMPLES: dict[str, list[Op]] = {
    "the ordering rule": [
        add("page", sort=0),
        add("toast", sort=10),
        add("banner", sort=0),
        add("badge", above="toast"),
        ("layer.update", {"id": "page", "sort": 10}),
        ("layer.children", {}),
    ],
    "move with no placement raises among equals": [
        add("a"),
        add("b"),
        add("c", sort=1),
        ("layer.move", {"id": "a"}),
        ("layer.update", {"id": "b", "sort": 0}),
        ("layer.children", {}),
    ],
    "bringToFront and sendToBack": [
        add("a", sort=5),
        add("b", sort=-3),
        add("c", sort=1),
        ("layer.bringToFront", {"id": "b"}),
        ("layer.sendToBack", {"id": "a"}),
        ("layer.bringToFront", {"id": "b"}),
        ("layer.children", {}),
    ],
    "generated ids skip the ids in use and are never reused": [
        add("layer-1"),
        ("layer.add", {}),
        ("layer.remove", {"id": "layer-2"}),
        ("layer.add", {"parent": "nowhere"}),  # fails: uses up nothing
        ("layer.add", {}),
        ("engine.reset", {}),
        ("layer.add", {}),
    ],
    "not UIKit's pointInside gate": [
        add("card", frame=box(0, 0, 10, 10)),
        add("badge", parent="card", frame=box(9, -2, 4, 4)),
        ("layer.hitTest", {"x": 11, "y": -1}),
        ("layer.update", {"id": "card", "clips": True}),
        ("layer.hitTest", {"x": 11, "y": -1}),
        ("layer.hitTest", {"x": 9.5, "y": 0}),
        ("layer.update", {"id": "card", "frame": None}),  # a group: clips nothing
        ("layer.hitTest", {"x": 11, "y": -1}),
    ],
    "hidden, non-interactive, empty frames": [
        add("back", frame=box(0, 0, 4, 4)),
        add("glass", frame=box(0, 0, 4, 4), interactive=False),
        add("ghost", frame=box(0, 0, 4, 4), hidden=True),
        add("line", frame=box(0, 0, 4, 0)),
        ("layer.hitTest", {"x": 0, "y": 0}),
        ("layer.hitTest", {"x": 4, "y": 3.5}),
        ("layer.paintOrder", {}),
        ("layer.hitTest", {"x": 1, "y": 1, "id": "ghost"}),
        ("layer.paintOrder", {"id": "ghost"}),
    ],
    "a group's children use its parent's coordinates": [
        add("panel", frame=box(10, 10, 10, 10)),
        add("group", parent="panel"),
        add("dot", parent="group", frame=box(1, 1, 1, 1)),
        ("layer.hitTest", {"x": 11, "y": 11}),
        ("layer.hitTest", {"x": 1, "y": 1, "id": "group"}),
        ("layer.hitTest", {"x": 1.5, "y": 1.5, "id": "dot"}),
    ],
    "x + width rounds to x: never hit": [
        add("far", frame=box(FAR, 0, 1, 1)),
        ("layer.hitTest", {"x": FAR, "y": 0}),
        ("layer.hitTest", {"x": FAR + 2, "y": 0}),
    ],
    "near 1e17 a scoped test gives the whole test's answer": [
        add("outer", frame=box(1e17, 0, 1e17, 10)),
        add("inner", parent="outer", frame=box(3, 0, 1, 1)),
        ("layer.hitTest", {"x": 1e17 + 16, "y": 0}),
        ("layer.hitTest", {"x": 1e17 + 16, "y": 0, "id": "outer"}),
        ("layer.hitTest", {"x": 16, "y": 0, "id": "inner"}),
        ("layer.hitTest", {"x": 1e17, "y": 0}),
    ],
    "tree depth": [
        add("a"),
        add("b", parent="a"),
        add("c", parent="b"),
        ("layer.tree", {"depth": 1}),
        ("layer.tree", {"id": "a", "depth": 0}),
        ("layer.tree", {"id": "b"}),
    ],
    "errors in the documented order": [
        add("a"),
        ("layer.add", {"id": 5, "frame": "x"}),
        ("layer.add", {"id": "alert:x", "sort": "x"}),
        ("layer.add", {"id": "b", "sort": 1, "above": "a", "frame": {"x": 0}}),
        ("layer.add", {"id": "b", "frame": {"q": 1, "x": "0"}, "hidden": 1}),
        ("layer.add", {"id": "a", "parent": "nowhere"}),
        ("layer.add", {"id": "b", "parent": "nowhere", "above": "gone"}),
        ("layer.add", {"id": "b", "parent": "a", "above": "gone"}),
        ("layer.add", {"id": "b", "parent": "a", "above": "a"}),
        ("layer.move", {"id": "gone", "parent": "nowhere"}),
        ("layer.move", {"id": "a", "parent": "nowhere", "above": "gone"}),
        ("layer.move", {"id": "a", "above": "a", "parent": "nowhere2"}),
        ("layer.move", {"id": "a", "parent": "a"}),
        ("layer.get", {"id": "gone", "x": 1}),
    ],
}


@pytest.mark.parametrize("name", EXAMPLES)
def test_documented_examples(name: str) -> None:
    found = divergence(EXAMPLES[name], None)
    assert found is None, found


def test_the_ordering_example_as_the_docs_draw_it() -> None:
    model = LayerModel()
    answers = [model.call(*op)[0] for op in EXAMPLES["the ordering rule"]]
    assert [layer["id"] for layer in answers[-1]["result"]["layers"]] == [
        "banner",
        "toast",
        "badge",
        "page",
    ]
    assert answers[3]["result"]["sort"] == 10
