"""Frozen dataclasses for everything the engine returns.

Field names are the snake_case forms of the protocol's camelCase members
(``childCount`` → ``child_count``). ``data``/``result`` members hold the
client's JSON exactly as given (``None`` where unset). The classes only
declare their fields: ``ordo._decode`` reads them from JSON by their type
hints (``Layer.from_json(value)`` does it by hand).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, Union

from ._decode import array, boolean, decoder, integer, obj, register, string

M = TypeVar("M", bound="Model")

AlertState = Literal["scheduled", "pending", "showing", "suspended", "done", "cancelled", "expired"]
ActiveAlertState = Literal["scheduled", "pending", "showing", "suspended"]
EndReason = Literal["completed", "timeout", "cancelled", "expired", "limited"]
Disposition = Literal["queued", "replaced", "ignored", "limited"]
OnDuplicate = Literal["replace", "ignore", "error", "allow"]
OnLimit = Literal["drop", "defer"]
LimitPer = Literal["type", "key"]
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
    "limited",
    "deferred",
]
ClockMode = Literal["system", "manual"]
Framing = Literal["ndjson", "lsp"]
Topic = Literal["alert.changed"]


class Model:
    """Base of the result classes."""

    @classmethod
    def from_json(cls: type[M], value: Any) -> M:
        """Decode the engine's JSON (ProtocolViolation when it does not fit)."""
        return decoder(cls)(value)


@dataclass(frozen=True)
class Frame(Model):
    """A rectangle in the parent's coordinates (contains x <= px < x+width, same for y)."""

    x: float
    y: float
    width: float
    height: float

    def to_json(self) -> dict[str, float]:
        return {"x": self.x, "y": self.y, "width": self.width, "height": self.height}

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.width and self.y <= py < self.y + self.height


#: What a ``frame=`` parameter accepts: a Frame, a mapping with x/y/width/height, or a 4-tuple.
FrameLike = Union[Frame, Mapping[str, float], tuple[float, float, float, float]]


def frame_to_json(frame: FrameLike) -> dict[str, float]:
    """The JSON of a ``frame=`` argument. Another type (a list, say) is a TypeError, a tuple
    of another length a ValueError, naming the parameter, before anything is sent; the
    members of a mapping, and the numbers, are the engine's to check."""
    if isinstance(frame, Frame):
        return frame.to_json()
    if isinstance(frame, tuple):
        if len(frame) != 4:
            raise ValueError(
                "frame must be an (x, y, width, height) tuple of 4 numbers, not of "
                f"{len(frame)}: {frame!r}"
            )
        x, y, width, height = frame
        return {"x": x, "y": y, "width": width, "height": height}
    if isinstance(frame, Mapping):  # pyright: ignore[reportUnnecessaryIsInstance]  (untyped callers)
        return dict(frame)
    raise TypeError(
        "frame must be a Frame, an (x, y, width, height) tuple or a mapping, "
        f"not {type(frame).__name__}: {frame!r}"
    )


def point_to_json(point: tuple[float, float] | Mapping[str, float]) -> dict[str, float]:
    """The JSON of a ``point=`` argument: an ``(x, y)`` tuple or a mapping, checked as
    :func:`frame_to_json` checks a frame."""
    if isinstance(point, tuple):
        if len(point) != 2:
            raise ValueError(
                f"point must be an (x, y) tuple of 2 numbers, not of {len(point)}: {point!r}"
            )
        return {"x": point[0], "y": point[1]}
    if isinstance(point, Mapping):  # pyright: ignore[reportUnnecessaryIsInstance]  (untyped callers)
        return dict(point)
    raise TypeError(
        f"point must be an (x, y) tuple or a mapping, not {type(point).__name__}: {point!r}"
    )


@dataclass(frozen=True)
class Layer(Model):
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


@dataclass(frozen=True)
class LayerPage(Model):
    """A slice of a layer's children (bottom → top) and how many there are in all."""

    total: int
    layers: tuple[Layer, ...]

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(layer.id for layer in self.layers)


@dataclass(frozen=True)
class SortRange(Model):
    """Lowest and highest ``sort`` among the children; both ``None`` when there are none."""

    min: int | None
    max: int | None


@dataclass(frozen=True)
class TreeNode(Model):
    """One layer of ``layer.tree``; children bottom → top."""

    id: str
    sort: int
    hidden: bool
    children: tuple[TreeNode, ...]


@dataclass(frozen=True)
class TreeRoot(Model):
    """The top level of ``layer.tree`` (called without ``id``): ``id`` is always ``None``."""

    children: tuple[TreeNode, ...]
    id: None = None


def _tree_node(value: Any) -> TreeNode:
    # Built without recursion: engine trees may be deeper than Python's stack.
    done: dict[int, TreeNode] = {}
    stack: list[tuple[dict[str, Any], bool]] = [(obj(value), False)]
    while stack:
        node, expanded = stack.pop()
        kids = [obj(k) for k in array(node.get("children"))]
        if not expanded:
            stack.append((node, True))
            stack.extend((k, False) for k in kids)
            continue
        children = tuple(done.pop(id(k)) for k in kids)
        item = TreeNode(
            string(node.get("id")), integer(node.get("sort")), boolean(node.get("hidden")), children
        )
        done[id(node)] = item
    return done[id(value)]


register(TreeNode, _tree_node)


def tree_from_json(value: Any) -> TreeNode | TreeRoot:
    return _tree_node(value) if obj(value).get("id") is not None else TreeRoot.from_json(value)


@dataclass(frozen=True)
class HitTestResult(Model):
    """The hit layer and its path from its top-level ancestor, or ``id=None, path=()``."""

    id: str | None
    path: tuple[str, ...]


@dataclass(frozen=True)
class Mount(Model):
    """Where the engine mounts the layer ``"alert:" + id`` while the alert shows."""

    sort: int
    parent: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"parent": self.parent, "sort": self.sort}


@dataclass(frozen=True)
class Alert(Model):
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
    persist: bool

    @property
    def active(self) -> bool:
        """Not ended (scheduled, pending, showing or suspended)."""
        return self.state in ("scheduled", "pending", "showing", "suspended")


@dataclass(frozen=True)
class EnqueueResult(Model):
    """The alert as it is after the enqueue (maybe already showing) and what happened.

    Disposition ``limited``: a frequency limit dropped it, ``alert`` is ``None`` and
    ``retry_at`` the earliest engine time the limit would allow (``None``: never).
    """

    alert: Alert | None
    disposition: Disposition
    retry_at: int | None = None


@dataclass(frozen=True)
class FrequencyLimit(Model):
    """At most ``max`` shows within any ``window_ms`` (``None``: ever), per type or per key."""

    max: int
    window_ms: int | None = None
    per: LimitPer | None = None

    def to_json(self) -> dict[str, Any]:
        return {"max": self.max, "windowMs": self.window_ms, "per": self.per}


@dataclass(frozen=True)
class ShowRecord(Model):
    """One counted show of ``alert.history`` (``at``: engine time; ``wall_at``: epoch ms)."""

    id: str
    type: str
    key: str | None
    queue: str
    at: int
    wall_at: int


@dataclass(frozen=True)
class PauseState(Model):
    """Whether a queue is paused and the reasons holding it (sorted)."""

    paused: bool
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class QueueSettings(Model):
    queue: str
    max_concurrent: int
    min_gap_ms: int
    history_limit: int


@dataclass(frozen=True)
class TypeDefaults(Model):
    """An alert type's defaults; ``None`` where not set."""

    type: str
    priority: int | None
    scope: str | None
    duration_ms: int | None
    ttl_ms: int | None
    queue: str | None
    persist: bool | None = None
    limit: FrequencyLimit | None = None
    cooldown_ms: int | None = None
    on_limit: OnLimit | None = None


@dataclass(frozen=True)
class NavState(Model):
    """The page stack (bottom → top) and the active scope (its top, ``None`` when empty)."""

    stack: tuple[str, ...]
    active: str | None


@dataclass(frozen=True)
class ServerInfo(Model):
    name: str
    version: str


@dataclass(frozen=True)
class InitializeResult(Model):
    server_info: ServerInfo
    protocol_version: str
    framing: Framing
    clock: ClockMode
    methods: tuple[str, ...]
    capabilities: dict[str, Any]


@dataclass(frozen=True)
class Ping(Model):
    pong: bool
    at: int


@dataclass(frozen=True)
class AlertCounts(Model):
    """Alerts per state over all queues; ``ended`` counts those still in history."""

    scheduled: int
    pending: int
    showing: int
    suspended: int
    ended: int


@dataclass(frozen=True)
class StateInfo(Model):
    """The ``--state`` file: its path as given, bytes on disk, commits since start."""

    path: str
    bytes: int
    commits: int


@dataclass(frozen=True)
class Stats(Model):
    layers: int
    alerts: AlertCounts
    requests: int
    uptime_ms: int
    state: StateInfo | None


@dataclass(frozen=True)
class ClockNow(Model):
    now: int
    mode: ClockMode


@dataclass(frozen=True)
class ClientInfo(Model):
    name: str
    version: str | None = None

    def to_json(self) -> dict[str, str]:
        out = {"name": self.name}
        if self.version is not None:
            out["version"] = self.version
        return out
