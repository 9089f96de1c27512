"""A pure-Python reference model of the layer side of the engine, written from
docs/protocol.md alone (sections Layers, Values, Errors, JSON-RPC 2.0, engine.reset) and
the method descriptions of schema/openrpc.json.

``LayerModel.call(method, params)`` returns ``(answer, events)``: ``answer`` is
``{"result": …}`` or ``{"error": {"code": …, "data": …}}`` (the message is not modelled;
for -32602 ``data`` is ``{"path": …}`` alone, ``expected`` being wording, and the path is
``None`` where the docs name none: the combinations of ``sort``/``above``/``below`` and a
move next to the layer itself). ``("batch", {"entries": [...]})`` answers a list. Layer
methods cause no events (the docs name none), so ``events`` is always empty.

Modelled: ``layer.add``/``remove``/``update``/``move``/``bringToFront``/``sendToBack``/
``get``/``children``/``sortRange``/``tree``/``paintOrder``/``hitTest``/``clear``,
``engine.reset`` (without ``--state``), ``engine.stats``' ``layers``, ``--max-layers``,
``--max-tree-depth``, generated ids, canonical equivalence of ids (by NFC) with the
first spelling kept, lone surrogate escapes read as U+FFFD, ``data`` kept as jansson
reads it (a message holding an integer beyond 64 bits is read as doubles; a NUL in a
key is -32600), parameter checks in the documented order, and mounted alert layers for
a narrow alert side: alerts of one scope ``"p"`` in one queue, priority 0, enqueued
with ``mount`` and maybe ``durationMs`` (the manual clock's ``clock.advance``),
completed, suspended and resumed by ``nav.push``/``pop``/``set`` (a
fresh group each time they show, gone with its subtree when they stop showing; no layer
when its parent is gone or at ``--max-layers``). Of those alert methods only the
errors are modelled (a result is ``None``), of their events the ``layer`` and
``resumed`` of ``alert.show``. Not modelled: ``layer.render``'s picture (only its
errors), ``--state``.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable

MAX = 2**53 - 1
Event = tuple[str, dict[str, Any]]
Key = str  # an id in NFC: canonically equivalent spellings are one key


def sanitize(value: Any) -> Any:
    """A lone surrogate escape is read as U+FFFD (docs: Limits on input)."""
    if isinstance(value, str):
        return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in value)
    if isinstance(value, list):
        return [sanitize(v) for v in value]
    if isinstance(value, dict):
        return {sanitize(k): sanitize(v) for k, v in value.items()}
    return value


def holds_big_integer(value: Any) -> bool:
    """An integer outside the signed 64-bit range anywhere (docs: Values, ``data``)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return not -(2**63) <= value < 2**63
    if isinstance(value, list):
        return any(holds_big_integer(v) for v in value)
    if isinstance(value, dict):
        return any(holds_big_integer(v) for v in value.values())
    return False


def holds_nul_key(value: Any) -> bool:
    if isinstance(value, list):
        return any(holds_nul_key(v) for v in value)
    if isinstance(value, dict):
        return any("\x00" in k or holds_nul_key(v) for k, v in value.items())
    return False


def as_doubles(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return float(value)
    if isinstance(value, list):
        return [as_doubles(v) for v in value]
    if isinstance(value, dict):
        return {k: as_doubles(v) for k, v in value.items()}
    return value


def key(name: str) -> Key:
    return unicodedata.normalize("NFC", sanitize(name))


class Refused(Exception):
    def __init__(self, code: int, data: dict[str, Any]) -> None:
        super().__init__(code, data)
        self.code = code
        self.data = data


def bad(path: str | None) -> Refused:
    return Refused(-32602, {"path": path})


def pointer(name: str) -> str:
    return "/" + name.replace("~", "~0").replace("/", "~1")


@dataclass
class Layer:
    name: str  # the spelling first given
    parent: Key | None
    sort: int
    frame: dict[str, Any] | None = None
    hidden: bool = False
    interactive: bool = True
    clips: bool = False
    data: Any = None
    has_data: bool = False
    kids: list[Key] = field(default_factory=list)  # bottom → top


# What each method takes, in the order its members are checked (docs: the unknown
# member first, then each member's type and range in this order, then the state).
# kind: id (required Id), newid (optional, not alert:), ref (optional Id; null = absent),
# parent (optional Id or null = top level), int, count, bool, frame, number (required),
# any.
SPECS: dict[str, list[tuple[str, str]]] = {
    "layer.add": [
        ("id", "newid"),
        ("sort", "int"),
        ("above", "ref"),
        ("below", "ref"),
        ("frame", "frame"),
        ("hidden", "bool"),
        ("interactive", "bool"),
        ("clips", "bool"),
        ("parent", "parent"),
        ("data", "any"),
    ],
    "layer.remove": [("id", "id")],
    "layer.update": [
        ("id", "id"),
        ("sort", "int"),
        ("frame", "frame"),
        ("hidden", "bool"),
        ("interactive", "bool"),
        ("clips", "bool"),
        ("data", "any"),
    ],
    "layer.move": [
        ("id", "id"),
        ("sort", "int"),
        ("above", "ref"),
        ("below", "ref"),
        ("parent", "parent"),
    ],
    "layer.bringToFront": [("id", "id")],
    "layer.sendToBack": [("id", "id")],
    "layer.get": [("id", "id")],
    "layer.children": [("id", "parent"), ("offset", "count"), ("limit", "count")],
    "layer.sortRange": [("id", "parent")],
    "layer.tree": [("id", "parent"), ("depth", "count")],
    "layer.paintOrder": [("id", "parent")],
    "layer.hitTest": [("x", "number"), ("y", "number"), ("id", "parent")],
    "layer.clear": [("id", "parent")],
    "layer.render": [
        ("id", "parent"),
        ("point", "point"),
        ("width", "size"),
        ("height", "size"),
        ("labels", "bool"),
    ],
    "engine.reset": [("state", "bool")],
}
FRAME = ("x", "y", "width", "height")


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def is_integer(value: Any, low: int) -> bool:
    if not is_number(value):
        return False
    if isinstance(value, float) and not value.is_integer():
        return False
    return bool(low <= value <= MAX)


def is_id(value: Any) -> bool:
    return isinstance(value, str) and 1 <= len(value) <= 256


TYPES: dict[str, Callable[[Any], bool]] = {
    "int": lambda value: is_integer(value, -MAX),
    "count": lambda value: is_integer(value, 0),
    "bool": lambda value: isinstance(value, bool),
    "number": is_number,
    "size": lambda value: is_number(value) and 0 < value <= 100_000,
}


def check_frame(value: Any) -> dict[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise bad("/frame")
    for name in value:
        if name not in FRAME:
            raise bad("/frame" + pointer(name))
    for name in FRAME:
        member: Any = value.get(name)
        if not is_number(member) or (name in ("width", "height") and member < 0):
            raise bad(f"/frame/{name}")
    return {name: value[name] for name in FRAME}


def read_member(
    method: str, name: str, kind: str, params: dict[str, Any], out: dict[str, Any]
) -> None:
    present = name in params
    value = params.get(name)
    meaningful_null = kind in ("parent", "frame", "any") or (method, name) == ("layer.add", "id")
    if value is None and not (present and meaningful_null):
        if kind in ("id", "number"):
            raise bad(pointer(name))
        return
    if value is None:
        pass  # a null that means something: parent, frame, data, layer.add's id
    elif kind in ("id", "ref", "newid", "parent"):
        if not is_id(value):
            raise bad(pointer(name))
        if kind == "newid" and value.startswith("alert:"):
            raise bad("/id")
    elif kind == "point":
        if not isinstance(value, dict):
            raise bad("/point")
        for member in value:
            if member not in ("x", "y"):
                raise bad("/point" + pointer(member))
        for member in ("x", "y"):
            if not is_number(value.get(member)):
                raise bad(f"/point/{member}")
    elif kind in TYPES and not TYPES[kind](value):
        raise bad(pointer(name))
    elif kind == "frame":
        value = check_frame(value)
    if kind in ("int", "count") and isinstance(value, float):
        value = int(value)
    out[name] = value


def check_params(method: str, params: dict[str, Any]) -> dict[str, Any]:
    """The members as read (``None`` = left out), or a -32602 in the documented order."""
    spec = SPECS[method]
    names = [name for name, _ in spec]
    for name in params:
        if name not in names:
            raise bad(pointer(name))
    out: dict[str, Any] = {}
    for name, kind in spec:
        read_member(method, name, kind, params, out)
        if name == "below" and method in ("layer.add", "layer.move"):
            # the placement's combinations, right after its members' types
            sibling = out.get("above") is not None or out.get("below") is not None
            if out.get("sort") is not None and sibling:
                raise bad(None)
            if out.get("above") is not None and out.get("below") is not None:
                raise bad(None)
    # Members left out are absent from ``out``; a meaningful null is kept as None.
    return out


def inside(frame: dict[str, Any], px: float, py: float) -> bool:
    x, y = float(frame["x"]), float(frame["y"])
    return x <= px < x + float(frame["width"]) and y <= py < y + float(frame["height"])


class LayerModel:
    def __init__(self, max_layers: int = 1_000_000_000, max_tree_depth: int = 512) -> None:
        self.max_layers = max_layers
        self.max_tree_depth = max_tree_depth
        self.reset()

    def reset(self) -> None:
        self.layers: dict[Key, Layer] = {}
        self.top: list[Key] = []
        self.counter = 0
        # Mounted alerts (docs: Mounted alert layers), one default queue showing one at
        # a time, all of priority 0: id -> state, the ones waiting in order, mounts.
        self.alerts: dict[str, dict[str, Any]] = {}
        self.showing: str | None = None
        self.seq = 0
        self.stack: list[str] = []
        self.now = 0
        self.events: list[Event] = []

    # ------------------------------------------------------------ helpers

    def kids_of(self, parent: Key | None) -> list[Key]:
        return self.top if parent is None else self.layers[parent].kids

    def find(self, name: str) -> Key:
        k = key(name)
        if k not in self.layers:
            raise Refused(-32001, {"kind": "layer", "id": name})
        return k

    def place(self, k: Key, parent: Key | None, sort: int) -> None:
        """Above every sibling whose sort is <= its own, below every greater one."""
        siblings = self.kids_of(parent)
        at = len(siblings)
        for i, other in enumerate(siblings):
            if self.layers[other].sort > sort:
                at = i
                break
        siblings.insert(at, k)
        self.layers[k].parent = parent
        self.layers[k].sort = sort

    def place_next_to(self, k: Key, sibling: Key, above: bool) -> None:
        s = self.layers[sibling]
        siblings = self.kids_of(s.parent)
        at = siblings.index(sibling) + (1 if above else 0)
        siblings.insert(at, k)
        self.layers[k].parent = s.parent
        self.layers[k].sort = s.sort

    def detach(self, k: Key) -> None:
        self.kids_of(self.layers[k].parent).remove(k)

    def subtree(self, k: Key) -> list[Key]:
        out, todo = [], [k]
        while todo:
            at = todo.pop()
            out.append(at)
            todo.extend(self.layers[at].kids)
        return out

    def drop(self, k: Key) -> int:
        gone = self.subtree(k)
        for at in gone:
            del self.layers[at]
        return len(gone)

    def view(self, k: Key) -> dict[str, Any]:
        layer = self.layers[k]
        out: dict[str, Any] = {
            "id": layer.name,
            "parent": None if layer.parent is None else self.layers[layer.parent].name,
            "sort": layer.sort,
            "index": self.kids_of(layer.parent).index(k),
        }
        if layer.frame is not None:
            out["frame"] = dict(layer.frame)
        out.update(
            hidden=layer.hidden,
            interactive=layer.interactive,
            clips=layer.clips,
            childCount=len(layer.kids),
        )
        if layer.has_data:
            out["data"] = layer.data
        return out

    def ancestors(self, k: Key) -> list[Key]:
        """From the top-level ancestor down to ``k``, both included."""
        path: list[Key] = []
        at: Key | None = k
        while at is not None:
            path.append(at)
            at = self.layers[at].parent
        return path[::-1]

    def height(self, kids: list[Key]) -> int:
        """Levels below a node whose children are ``kids``."""
        best, todo = 0, [(k, 1) for k in kids]
        while todo:
            at, level = todo.pop()
            best = max(best, level)
            todo.extend((c, level + 1) for c in self.layers[at].kids)
        return best

    def node(self, k: Key, depth: int | None) -> dict[str, Any]:
        layer = self.layers[k]
        below = [] if depth == 0 else layer.kids
        nxt = None if depth is None else depth - 1
        return {
            "id": layer.name,
            "sort": layer.sort,
            "hidden": layer.hidden,
            "children": [self.node(c, nxt) for c in below],
        }

    def paint(self, k: Key, out: list[str]) -> None:
        layer = self.layers[k]
        if layer.hidden:
            return
        out.append(layer.name)
        for c in layer.kids:
            self.paint(c, out)

    def hit(self, k: Key, px: float, py: float) -> Key | None:
        layer = self.layers[k]
        if layer.hidden or not layer.interactive:
            return None
        frame = layer.frame
        if frame is not None and layer.clips and not inside(frame, px, py):
            return None
        cx, cy = (px, py) if frame is None else (px - float(frame["x"]), py - float(frame["y"]))
        for c in reversed(layer.kids):
            found = self.hit(c, cx, cy)
            if found is not None:
                return found
        if frame is not None and inside(frame, px, py):
            return k
        return None

    def next_id(self) -> tuple[str, int]:
        n = self.counter + 1
        while key(f"layer-{n}") in self.layers:
            n += 1
        return f"layer-{n}", n

    # ------------------------------------------------------------ requests

    def call(self, method: str, params: dict[str, Any]) -> tuple[Any, list[Event]]:
        """One message: a request, or ``("batch", {"entries": [(method, params), …]})``."""
        if method == "batch":
            if any(holds_nul_key(p) for _, p in params["entries"]):
                # one error for the whole batch (the Python client gives it to each entry)
                refused = {"error": {"code": -32600, "data": {"reason": "nul_in_key"}}}
                return [refused for _ in params["entries"]], []
            answers, events = [], []
            doubles = any(holds_big_integer(p) for _, p in params["entries"])
            for m, p in params["entries"]:
                answer, caused = self.request(m, p, doubles)
                answers.append(answer)
                events += caused
            return answers, events
        if holds_nul_key(params):
            return {"error": {"code": -32600, "data": {"reason": "nul_in_key"}}}, []
        return self.request(method, params, holds_big_integer(params))

    def request(
        self, method: str, params: dict[str, Any], doubles: bool
    ) -> tuple[Any, list[Event]]:
        self.events = []
        params = sanitize(params)
        if doubles and "data" in params:  # the whole message was read as doubles
            params = {**params, "data": as_doubles(params["data"])}
        try:
            return {"result": self.handle(method, params)}, self.events
        except Refused as refused:
            return {"error": {"code": refused.code, "data": refused.data}}, []

    def handle(self, method: str, params: dict[str, Any]) -> Any:
        if method == "engine.stats":
            return {"layers": len(self.layers)}
        if method == "alert.enqueue":
            return self.enqueue(params)
        if method == "alert.complete":
            return self.complete(params["id"])
        if method.startswith("nav."):
            return self.navigate(method, params)
        if method == "clock.advance":
            return self.advance(params["ms"])
        if method not in SPECS:
            data: dict[str, Any] = {"method": method}
            # a slip: another case, or the only method within 2 edits (docs, Errors)
            near = [m for m in SPECS if m.lower() == method.lower()]
            near = near or [m for m in SPECS if m.startswith(method) and len(m) - len(method) <= 2]
            if len(near) == 1:
                data["suggestion"] = near[0]
            raise Refused(-32601, data)
        p = check_params(method, params)
        handler = getattr(self, "do_" + method.replace(".", "_"))
        result: Any = handler(p)
        return result

    # ------------------------------------------------------------ mounted alerts

    def enqueue(self, p: dict[str, Any]) -> None:
        """``{type, id, scope: "p", mount: {parent?, sort}}`` only: one queue, one alert
        showing at a time, all of priority 0 and of one scope; the answer is not
        modelled, only the layers (docs: Mounted alert layers, Navigation)."""
        aid, mount = p["id"], p["mount"]
        name = mount.get("parent")
        if name is not None and not is_id(name):
            raise bad("/mount/parent")
        parent = None if name is None else self.find(name)
        if self.alerts.get(aid, {}).get("state") in ("pending", "showing", "suspended"):
            raise Refused(-32002, {"kind": "alert", "id": aid})
        self.seq += 1
        self.alerts[aid] = {
            "state": "pending",
            "seq": self.seq,
            "mount": (parent, mount["sort"]),
            "duration": p.get("durationMs"),
            "hide_at": None,
        }
        self.pump()

    def advance(self, ms: int) -> None:
        """The manual clock: a showing alert's ``durationMs`` runs out (``done``, its
        layer gone), and the next one shows at that millisecond (docs: Timers)."""
        target = self.now + ms
        while self.showing is not None:
            hide_at = self.alerts[self.showing]["hide_at"]
            if hide_at is None or hide_at > target:
                break
            self.now = hide_at
            self.unmount(self.showing)
            self.alerts[self.showing]["state"] = "done"
            self.showing = None
            self.pump()
        self.now = target

    def unmount(self, aid: str) -> None:
        k = key("alert:" + aid)
        if k in self.layers:
            self.detach(k)
            self.drop(k)

    def complete(self, aid: str) -> None:
        alert = self.alerts.get(aid)
        if alert is None:
            raise Refused(-32001, {"kind": "alert", "id": aid})
        if alert["state"] not in ("showing", "suspended"):
            raise Refused(-32003, {"reason": "not_showing", "state": alert["state"]})
        if alert["state"] == "showing":
            self.unmount(aid)
            self.showing = None
        alert["state"] = "done"
        self.pump()

    def navigate(self, method: str, p: dict[str, Any]) -> None:
        before = self.stack[-1] if self.stack else None
        if method == "nav.push":
            self.stack.append(p["scope"])
        elif method == "nav.pop":
            if not self.stack:
                raise Refused(-32003, {"reason": "empty_stack"})
            self.stack.pop()
        else:
            self.stack = list(p["stack"])
        active = self.stack[-1] if self.stack else None
        if active == before:
            return
        if self.showing is not None and active != "p":
            self.unmount(self.showing)
            self.alerts[self.showing]["state"] = "suspended"
            self.showing = None
        self.pump()

    def pump(self) -> None:
        if self.showing is not None or (self.stack[-1] if self.stack else None) != "p":
            return
        waiting = [
            (alert["seq"], aid)
            for aid, alert in self.alerts.items()
            if alert["state"] in ("pending", "suspended")
        ]
        if not waiting:
            return
        aid = min(waiting)[1]
        alert = self.alerts[aid]
        resumed = alert["state"] == "suspended"
        alert["state"] = "showing"
        duration = alert["duration"]
        alert["hide_at"] = None if duration is None else self.now + duration
        self.showing = aid
        parent, sort = alert["mount"]
        layer = None
        if (parent is None or parent in self.layers) and len(self.layers) < self.max_layers:
            k = key("alert:" + aid)
            self.layers[k] = Layer(name="alert:" + aid, parent=None, sort=0)
            self.place(k, parent, sort)
            layer = self.view(k)
        self.events.append(("alert.show", {"layer": layer, "resumed": resumed}))

    def do_engine_reset(self, p: dict[str, Any]) -> None:
        self.reset()

    def do_layer_add(self, p: dict[str, Any]) -> dict[str, Any]:
        name = p.get("id")
        number = None
        if name is None:
            name, number = self.next_id()
        k = key(name)
        if k in self.layers:
            raise Refused(-32002, {"kind": "layer", "id": name})
        parent_given = "parent" in p
        parent = None if p.get("parent") is None else self.find(p["parent"])
        sibling_name = p.get("above") or p.get("below")
        sibling = None if sibling_name is None else self.find(sibling_name)
        if sibling is not None and parent_given and self.layers[sibling].parent != parent:
            raise bad("/parent")
        if len(self.layers) >= self.max_layers:
            raise Refused(
                -32004,
                {"name": "maxLayers", "limit": self.max_layers, "value": len(self.layers) + 1},
            )
        if number is not None:
            self.counter = number
        frame = p.get("frame")
        layer = Layer(
            name=name,
            parent=None,
            sort=0,
            frame=frame,
            hidden=bool(p.get("hidden", False)),
            interactive=p.get("interactive") is not False,
            clips=bool(p.get("clips", False)),
        )
        if p.get("data") is not None:
            layer.data, layer.has_data = p["data"], True
        self.layers[k] = layer
        if sibling is not None:
            self.place_next_to(k, sibling, above=p.get("above") is not None)
        else:
            self.place(k, parent, p.get("sort", 0))
        return self.view(k)

    def do_layer_remove(self, p: dict[str, Any]) -> dict[str, Any]:
        k = self.find(p["id"])
        self.detach(k)
        return {"removed": self.drop(k)}

    def do_layer_update(self, p: dict[str, Any]) -> dict[str, Any]:
        k = self.find(p["id"])
        layer = self.layers[k]
        if "frame" in p:
            layer.frame = p["frame"]
        for flag in ("hidden", "interactive", "clips"):
            if flag in p:
                setattr(layer, flag, p[flag])
        if "data" in p:
            layer.data, layer.has_data = p["data"], p["data"] is not None
        if "sort" in p and p["sort"] != layer.sort:
            self.detach(k)
            self.place(k, layer.parent, p["sort"])
        return self.view(k)

    def do_layer_move(self, p: dict[str, Any]) -> dict[str, Any]:
        k = self.find(p["id"])
        parent_given = "parent" in p
        parent = None if p.get("parent") is None else self.find(p["parent"])
        sibling_name = p.get("above") or p.get("below")
        sibling = None if sibling_name is None else self.find(sibling_name)
        if sibling is not None:
            if sibling == k:
                raise bad(None)
            if parent_given and self.layers[sibling].parent != parent:
                raise bad("/parent")
            parent = self.layers[sibling].parent
        elif not parent_given:
            parent = self.layers[k].parent
        if parent is not None and k in self.ancestors(parent):
            raise Refused(-32003, {"reason": "cycle"})
        self.detach(k)
        if sibling is not None:
            self.place_next_to(k, sibling, above=p.get("above") is not None)
        else:
            self.place(k, parent, p.get("sort", self.layers[k].sort))
        return self.view(k)

    def do_layer_bringToFront(self, p: dict[str, Any]) -> dict[str, Any]:
        k = self.find(p["id"])
        layer = self.layers[k]
        siblings = self.kids_of(layer.parent)
        top = max(self.layers[s].sort for s in siblings)
        siblings.remove(k)
        siblings.append(k)
        layer.sort = max(layer.sort, top)
        return self.view(k)

    def do_layer_sendToBack(self, p: dict[str, Any]) -> dict[str, Any]:
        k = self.find(p["id"])
        layer = self.layers[k]
        siblings = self.kids_of(layer.parent)
        bottom = min(self.layers[s].sort for s in siblings)
        siblings.remove(k)
        siblings.insert(0, k)
        layer.sort = min(layer.sort, bottom)
        return self.view(k)

    def do_layer_get(self, p: dict[str, Any]) -> dict[str, Any]:
        return self.view(self.find(p["id"]))

    def parent_of_request(self, p: dict[str, Any]) -> Key | None:
        return None if p.get("id") is None else self.find(p["id"])

    def do_layer_children(self, p: dict[str, Any]) -> dict[str, Any]:
        kids = self.kids_of(self.parent_of_request(p))
        offset = p.get("offset", 0)
        limit = p.get("limit")
        chosen = kids[offset:] if limit is None else kids[offset : offset + limit]
        return {"total": len(kids), "layers": [self.view(c) for c in chosen]}

    def do_layer_sortRange(self, p: dict[str, Any]) -> dict[str, Any]:
        sorts = [self.layers[c].sort for c in self.kids_of(self.parent_of_request(p))]
        return {"min": min(sorts, default=None), "max": max(sorts, default=None)}

    def do_layer_tree(self, p: dict[str, Any]) -> dict[str, Any]:
        root = self.parent_of_request(p)
        depth = p.get("depth")
        reach = self.height(self.kids_of(root))
        if depth is not None:
            reach = min(reach, depth)
        if reach > self.max_tree_depth:
            raise Refused(
                -32004, {"name": "maxTreeDepth", "limit": self.max_tree_depth, "value": reach}
            )
        if root is not None:
            return self.node(root, depth)
        below = [] if depth == 0 else self.top
        nxt = None if depth is None else depth - 1
        return {"id": None, "children": [self.node(c, nxt) for c in below]}

    def do_layer_paintOrder(self, p: dict[str, Any]) -> dict[str, Any]:
        root = self.parent_of_request(p)
        out: list[str] = []
        for k in self.top if root is None else [root]:
            self.paint(k, out)
        return {"ids": out}

    def do_layer_hitTest(self, p: dict[str, Any]) -> dict[str, Any]:
        root = self.parent_of_request(p)
        px, py = float(p["x"]), float(p["y"])
        found = None
        for k in reversed(self.top) if root is None else [root]:
            found = self.hit(k, px, py)
            if found is not None:
                break
        if found is None:
            return {"id": None, "path": []}
        return {
            "id": self.layers[found].name,
            "path": [self.layers[a].name for a in self.ancestors(found)],
        }

    def do_layer_render(self, p: dict[str, Any]) -> None:
        """Only the checks: the picture is not modelled."""
        self.parent_of_request(p)

    def do_layer_clear(self, p: dict[str, Any]) -> dict[str, Any]:
        root = self.parent_of_request(p)
        kids = self.kids_of(root)
        removed = sum(self.drop(c) for c in list(kids))
        kids.clear()
        return {"removed": removed}
