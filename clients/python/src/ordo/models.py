"""Frozen dataclasses for everything the engine returns.

Field names are the snake_case forms of the protocol's camelCase members
(``childCount`` → ``child_count``). ``data``/``result`` members hold the
client's JSON exactly as given (``None`` where unset).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, Union, cast

from . import _json as j

AlertState = Literal["scheduled", "pending", "showing", "suspended", "done", "cancelled", "expired"]
ActiveAlertState = Literal["scheduled", "pending", "showing", "suspended"]
EndReason = Literal["completed", "timeout", "cancelled", "expired"]
Disposition = Literal["queued", "replaced", "ignored"]
OnDuplicate = Literal["replace", "ignore", "error", "allow"]
HideReason = Literal["timeout", "cancelled", "preempted", "suspended"]
ChangeReason = Literal[
    "ready",
    "shown",
    "resumed",
    "suspended",
    "preempted",
    "completed",
    "timeout",
    "cancelled",
    "expired",
]
ClockMode = Literal["system", "manual"]
Framing = Literal["ndjson", "lsp"]
Topic = Literal["alert.changed"]


@dataclass(frozen=True)
class Frame:
    """A rectangle in the parent's coordinates (contains x <= px < x+width, same for y)."""

    x: float
    y: float
    width: float
    height: float

    def to_json(self) -> dict[str, float]:
        return {"x": self.x, "y": self.y, "width": self.width, "height": self.height}

    @classmethod
    def from_json(cls, value: Any) -> Frame:
        d = j.obj(value, "frame")
        return cls(j.number(d, "x"), j.number(d, "y"), j.number(d, "width"), j.number(d, "height"))

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.width and self.y <= py < self.y + self.height


#: What a ``frame=`` parameter accepts: a Frame, a mapping with x/y/width/height, or a 4-tuple.
FrameLike = Union[Frame, Mapping[str, float], tuple[float, float, float, float]]


def frame_to_json(frame: FrameLike) -> dict[str, float]:
    if isinstance(frame, Frame):
        return frame.to_json()
    if isinstance(frame, tuple):
        x, y, width, height = frame
        return {"x": x, "y": y, "width": width, "height": height}
    return dict(frame)


@dataclass(frozen=True)
class Layer:
    """A layer: ``index`` is its position among its siblings, 0 = bottom."""

    id: str
    parent: str | None
    sort: int
    index: int
    hidden: bool
    interactive: bool
    clips: bool
    child_count: int
    frame: Frame | None = None
    data: Any = None

    @property
    def is_group(self) -> bool:
        """A layer without a frame draws nothing and is never hit itself."""
        return self.frame is None

    @classmethod
    def from_json(cls, value: Any) -> Layer:
        d = j.obj(value, "layer")
        frame = d.get("frame")
        return cls(
            id=j.string(d, "id"),
            parent=j.opt_string(d, "parent"),
            sort=j.integer(d, "sort"),
            index=j.integer(d, "index"),
            hidden=j.boolean(d, "hidden"),
            interactive=j.boolean(d, "interactive"),
            clips=j.boolean(d, "clips"),
            child_count=j.integer(d, "childCount"),
            frame=None if frame is None else Frame.from_json(frame),
            data=d.get("data"),
        )


@dataclass(frozen=True)
class LayerPage:
    """A slice of a layer's children (bottom → top) and how many there are in all."""

    total: int
    layers: tuple[Layer, ...]

    @classmethod
    def from_json(cls, value: Any) -> LayerPage:
        d = j.obj(value)
        layers = tuple(Layer.from_json(x) for x in j.arr(d.get("layers"), "layers"))
        return cls(total=j.integer(d, "total"), layers=layers)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(layer.id for layer in self.layers)


@dataclass(frozen=True)
class SortRange:
    """Lowest and highest ``sort`` among the children; both ``None`` when there are none."""

    min: int | None
    max: int | None

    @classmethod
    def from_json(cls, value: Any) -> SortRange:
        d = j.obj(value)
        return cls(min=j.opt_integer(d, "min"), max=j.opt_integer(d, "max"))


@dataclass(frozen=True)
class TreeNode:
    """One layer of ``layer.tree``; children bottom → top."""

    id: str
    sort: int
    hidden: bool
    children: tuple[TreeNode, ...]

    @classmethod
    def from_json(cls, value: Any) -> TreeNode:
        # Built without recursion: engine trees may be deeper than Python's stack.
        root = j.obj(value, "tree")
        done: dict[int, TreeNode] = {}
        stack: list[tuple[dict[str, Any], bool]] = [(root, False)]
        while stack:
            node, expanded = stack.pop()
            kids = [j.obj(k, "tree") for k in j.arr(node.get("children"), "children")]
            if not expanded:
                stack.append((node, True))
                stack.extend((k, False) for k in kids)
                continue
            done[id(node)] = cls(
                id=j.string(node, "id"),
                sort=j.integer(node, "sort"),
                hidden=j.boolean(node, "hidden"),
                children=tuple(done.pop(id(k)) for k in kids),
            )
        return done[id(root)]


@dataclass(frozen=True)
class TreeRoot:
    """The top level of ``layer.tree`` (called without ``id``): ``id`` is always ``None``."""

    children: tuple[TreeNode, ...]
    id: None = None

    @classmethod
    def from_json(cls, value: Any) -> TreeRoot:
        d = j.obj(value, "tree")
        return cls(children=tuple(TreeNode.from_json(k) for k in j.arr(d.get("children"))))


def tree_from_json(value: Any) -> TreeNode | TreeRoot:
    d = j.obj(value, "tree")
    return TreeRoot.from_json(d) if d.get("id") is None else TreeNode.from_json(d)


@dataclass(frozen=True)
class HitTestResult:
    """The hit layer and its path from the tested tree's root, or ``id=None, path=()``."""

    id: str | None
    path: tuple[str, ...]

    @classmethod
    def from_json(cls, value: Any) -> HitTestResult:
        d = j.obj(value)
        return cls(id=j.opt_string(d, "id"), path=j.strings(d, "path"))


@dataclass(frozen=True)
class Mount:
    """Where the engine mounts the layer ``"alert:" + id`` while the alert shows."""

    sort: int
    parent: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"parent": self.parent, "sort": self.sort}

    @classmethod
    def from_json(cls, value: Any) -> Mount:
        d = j.obj(value, "mount")
        return cls(sort=j.integer(d, "sort"), parent=j.opt_string(d, "parent"))


@dataclass(frozen=True)
class Alert:
    """An alert; every time is engine-clock milliseconds, ``None`` where not set."""

    id: str
    queue: str
    type: str
    priority: int
    state: AlertState
    scope: str | None
    key: str | None
    data: Any
    result: Any
    seq: int
    created_at: int
    ready_at: int | None
    expires_at: int | None
    duration_ms: int | None
    shown_at: int | None
    ended_at: int | None
    end_reason: EndReason | None
    shown_count: int
    mount: Mount | None

    @property
    def active(self) -> bool:
        """Not ended (scheduled, pending, showing or suspended)."""
        return self.state in ("scheduled", "pending", "showing", "suspended")

    @classmethod
    def from_json(cls, value: Any) -> Alert:
        d = j.obj(value, "alert")
        end_reason = d.get("endReason")
        mount = d.get("mount")
        return cls(
            id=j.string(d, "id"),
            queue=j.string(d, "queue"),
            type=j.string(d, "type"),
            priority=j.integer(d, "priority"),
            state=cast(AlertState, j.enum(d.get("state"), "state")),
            scope=j.opt_string(d, "scope"),
            key=j.opt_string(d, "key"),
            data=d.get("data"),
            result=d.get("result"),
            seq=j.integer(d, "seq"),
            created_at=j.integer(d, "createdAt"),
            ready_at=j.opt_integer(d, "readyAt"),
            expires_at=j.opt_integer(d, "expiresAt"),
            duration_ms=j.opt_integer(d, "durationMs"),
            shown_at=j.opt_integer(d, "shownAt"),
            ended_at=j.opt_integer(d, "endedAt"),
            end_reason=None
            if end_reason is None
            else cast(EndReason, j.enum(end_reason, "endReason")),
            shown_count=j.integer(d, "shownCount"),
            mount=None if mount is None else Mount.from_json(mount),
        )


def alerts_from_json(value: Any) -> tuple[Alert, ...]:
    d = j.obj(value)
    return tuple(Alert.from_json(a) for a in j.arr(d.get("alerts"), "alerts"))


@dataclass(frozen=True)
class EnqueueResult:
    """The alert as it is after the enqueue (maybe already showing) and what happened."""

    alert: Alert
    disposition: Disposition

    @classmethod
    def from_json(cls, value: Any) -> EnqueueResult:
        d = j.obj(value)
        return cls(
            alert=Alert.from_json(d.get("alert")),
            disposition=cast(Disposition, j.enum(d.get("disposition"), "disposition")),
        )


@dataclass(frozen=True)
class PauseState:
    """Whether a queue is paused and the reasons holding it (in the order first given)."""

    paused: bool
    reasons: tuple[str, ...]

    @classmethod
    def from_json(cls, value: Any) -> PauseState:
        d = j.obj(value)
        return cls(paused=j.boolean(d, "paused"), reasons=j.strings(d, "reasons"))


@dataclass(frozen=True)
class QueueSettings:
    queue: str
    max_concurrent: int
    min_gap_ms: int
    history_limit: int

    @classmethod
    def from_json(cls, value: Any) -> QueueSettings:
        d = j.obj(value)
        return cls(
            queue=j.string(d, "queue"),
            max_concurrent=j.integer(d, "maxConcurrent"),
            min_gap_ms=j.integer(d, "minGapMs"),
            history_limit=j.integer(d, "historyLimit"),
        )


@dataclass(frozen=True)
class TypeDefaults:
    """An alert type's defaults; ``None`` where not set."""

    type: str
    priority: int | None
    scope: str | None
    duration_ms: int | None
    ttl_ms: int | None
    queue: str | None

    @classmethod
    def from_json(cls, value: Any) -> TypeDefaults:
        d = j.obj(value)
        return cls(
            type=j.string(d, "type"),
            priority=j.opt_integer(d, "priority"),
            scope=j.opt_string(d, "scope"),
            duration_ms=j.opt_integer(d, "durationMs"),
            ttl_ms=j.opt_integer(d, "ttlMs"),
            queue=j.opt_string(d, "queue"),
        )


@dataclass(frozen=True)
class NavState:
    """The page stack (bottom → top) and the active scope (its top, ``None`` when empty)."""

    stack: tuple[str, ...]
    active: str | None

    @classmethod
    def from_json(cls, value: Any) -> NavState:
        d = j.obj(value)
        return cls(stack=j.strings(d, "stack"), active=j.opt_string(d, "active"))


@dataclass(frozen=True)
class ServerInfo:
    name: str
    version: str


@dataclass(frozen=True)
class InitializeResult:
    server_info: ServerInfo
    protocol_version: str
    framing: Framing
    clock: ClockMode
    methods: tuple[str, ...]

    @classmethod
    def from_json(cls, value: Any) -> InitializeResult:
        d = j.obj(value)
        info = j.obj(d.get("serverInfo"), "serverInfo")
        return cls(
            server_info=ServerInfo(name=j.string(info, "name"), version=j.string(info, "version")),
            protocol_version=j.string(d, "protocolVersion"),
            framing=cast(Framing, j.enum(d.get("framing"), "framing")),
            clock=cast(ClockMode, j.enum(d.get("clock"), "clock")),
            methods=j.strings(d, "methods"),
        )


@dataclass(frozen=True)
class Ping:
    pong: bool
    at: int

    @classmethod
    def from_json(cls, value: Any) -> Ping:
        d = j.obj(value)
        return cls(pong=j.boolean(d, "pong"), at=j.integer(d, "at"))


@dataclass(frozen=True)
class AlertCounts:
    """Alerts per state over all queues; ``ended`` counts those still in history."""

    scheduled: int
    pending: int
    showing: int
    suspended: int
    ended: int


@dataclass(frozen=True)
class Stats:
    layers: int
    alerts: AlertCounts
    requests: int
    uptime_ms: int

    @classmethod
    def from_json(cls, value: Any) -> Stats:
        d = j.obj(value)
        a = j.obj(d.get("alerts"), "alerts")
        return cls(
            layers=j.integer(d, "layers"),
            alerts=AlertCounts(
                scheduled=j.integer(a, "scheduled"),
                pending=j.integer(a, "pending"),
                showing=j.integer(a, "showing"),
                suspended=j.integer(a, "suspended"),
                ended=j.integer(a, "ended"),
            ),
            requests=j.integer(d, "requests"),
            uptime_ms=j.integer(d, "uptimeMs"),
        )


@dataclass(frozen=True)
class ClockNow:
    now: int
    mode: ClockMode

    @classmethod
    def from_json(cls, value: Any) -> ClockNow:
        d = j.obj(value)
        return cls(
            now=j.integer(d, "now"),
            mode=cast(ClockMode, j.enum(d.get("mode"), "mode")),
        )


@dataclass(frozen=True)
class ClientInfo:
    name: str
    version: str | None = None

    def to_json(self) -> dict[str, str]:
        out = {"name": self.name}
        if self.version is not None:
            out["version"] = self.version
        return out


# Single-member results are unwrapped by the API: these pick the member.


def removed_from_json(value: Any) -> int:
    return j.integer(j.obj(value), "removed")


def now_from_json(value: Any) -> int:
    return j.integer(j.obj(value), "now")


def ids_from_json(value: Any) -> tuple[str, ...]:
    return j.strings(j.obj(value), "ids")


def cancelled_from_json(value: Any) -> tuple[str, ...]:
    return j.strings(j.obj(value), "cancelled")


def topics_from_json(value: Any) -> tuple[Topic, ...]:
    topics = j.strings(j.obj(value), "topics")
    return tuple(cast(Topic, j.enum(t, "topics")) for t in topics)


def null_from_json(value: Any) -> None:
    if value is not None:
        from .errors import ProtocolViolation

        raise ProtocolViolation(f"expected null, got {value!r}")


def document_from_json(value: Any) -> dict[str, Any]:
    return j.obj(value, "rpc.discover")
