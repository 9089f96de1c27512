"""The batch API: every wrapper queues a call and returns its Pending result.

GENERATED from api.py by tools/gen_api.py: do not edit by hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar, overload

from ._call import UNSET, Call, Pending, Unset, build_params, rpc
from ._params import client_info_json, frame_json, mount_json, strings_json
from .models import (
    ActiveAlertState,
    Alert,
    AlertState,
    ClientInfo,
    ClockMode,
    ClockNow,
    EnqueueResult,
    FrameLike,
    HitTestResult,
    InitializeResult,
    Layer,
    LayerPage,
    Mount,
    NavState,
    OnDuplicate,
    PauseState,
    Ping,
    QueueSettings,
    SortRange,
    Stats,
    Topic,
    TreeNode,
    TreeRoot,
    TypeDefaults,
    alerts_from_json,
    cancelled_from_json,
    document_from_json,
    ids_from_json,
    now_from_json,
    null_from_json,
    removed_from_json,
    topics_from_json,
    tree_from_json,
)

T = TypeVar("T")


class BatchInvoker(Protocol):
    def _invoke(self, call: Call[T]) -> Pending[T]: ...


class BatchEngineAPI:
    """Lifecycle and engine methods, available on the engine itself."""

    def _invoke(self, call: Call[T]) -> Pending[T]:
        raise NotImplementedError

    @rpc("initialize")
    def initialize(
        self,
        *,
        client_info: ClientInfo | Mapping[str, str] | Unset = UNSET,
        clock: ClockMode | Unset = UNSET,
    ) -> Pending[InitializeResult]:
        """Optional handshake; ``clock`` switches the clock mode (-32003 while timers exist)."""
        params = build_params({"clientInfo": client_info_json(client_info), "clock": clock})
        return self._invoke(Call("initialize", params, InitializeResult.from_json))

    @rpc("shutdown")
    def shutdown(self) -> Pending[None]:
        """Afterwards every request but ``exit`` fails with InvalidState (reason ``shutdown``)."""
        return self._invoke(Call("shutdown", None, null_from_json))

    @rpc("exit")
    def exit(self) -> Pending[None]:
        """Notification: the engine exits (status 0 after ``shutdown``, else 1)."""
        return self._invoke(Call("exit", None, null_from_json, notification=True))

    @rpc("rpc.discover")
    def discover(self) -> Pending[dict[str, Any]]:
        """The engine's OpenRPC document (``rpc.discover``)."""
        return self._invoke(Call("rpc.discover", None, document_from_json))

    @rpc("engine.ping")
    def ping(self) -> Pending[Ping]:
        """``{pong: true, at}``; no effect."""
        return self._invoke(Call("engine.ping", None, Ping.from_json))

    @rpc("engine.stats")
    def stats(self) -> Pending[Stats]:
        """Layer and alert counts, requests handled, uptime."""
        return self._invoke(Call("engine.stats", None, Stats.from_json))

    @rpc("engine.reset")
    def reset(self) -> Pending[None]:
        """Back to a fresh engine (keeps only the clock mode; the clock goes back to 0)."""
        return self._invoke(Call("engine.reset", None, null_from_json))


class _BatchNamespaceAPI:
    def __init__(self, invoker: BatchInvoker) -> None:
        self._invoker = invoker

    def _invoke(self, call: Call[T]) -> Pending[T]:
        return self._invoker._invoke(call)


class BatchClockAPI(_BatchNamespaceAPI):
    """``clock.*``: the engine clock (integer milliseconds)."""

    @rpc("clock.now")
    def now(self) -> Pending[ClockNow]:
        """The current engine time and the clock mode."""
        return self._invoke(Call("clock.now", None, ClockNow.from_json))

    @rpc("clock.advance")
    def advance(self, ms: int) -> Pending[int]:
        """Manual clock only: fire every timer due within ``ms``; returns the new time."""
        return self._invoke(Call("clock.advance", {"ms": ms}, now_from_json))


class BatchLayersAPI(_BatchNamespaceAPI):
    """``layer.*``: the ordered-layer container."""

    @rpc("layer.add")
    def add(
        self,
        id: str | Unset = UNSET,
        *,
        parent: str | Unset | None = UNSET,
        sort: int | Unset = UNSET,
        above: str | Unset = UNSET,
        below: str | Unset = UNSET,
        frame: FrameLike | Unset | None = UNSET,
        hidden: bool | Unset = UNSET,
        interactive: bool | Unset = UNSET,
        clips: bool | Unset = UNSET,
        data: Any = UNSET,
    ) -> Pending[Layer]:
        """Add a layer (above every sibling with sort <= its own; ``above``/``below`` a sibling)."""
        params = build_params(
            {
                "id": id,
                "parent": parent,
                "sort": sort,
                "above": above,
                "below": below,
                "frame": frame_json(frame),
                "hidden": hidden,
                "interactive": interactive,
                "clips": clips,
                "data": data,
            }
        )
        return self._invoke(Call("layer.add", params, Layer.from_json))

    @rpc("layer.remove")
    def remove(self, id: str) -> Pending[int]:
        """Remove the layer and its subtree; returns how many layers went."""
        return self._invoke(Call("layer.remove", {"id": id}, removed_from_json))

    @rpc("layer.update")
    def update(
        self,
        id: str,
        *,
        sort: int | Unset = UNSET,
        frame: FrameLike | Unset | None = UNSET,
        hidden: bool | Unset = UNSET,
        interactive: bool | Unset = UNSET,
        clips: bool | Unset = UNSET,
        data: Any = UNSET,
    ) -> Pending[Layer]:
        """Change fields; ``frame=None``/``data=None`` clear them; a changed sort re-places it."""
        params = build_params(
            {
                "id": id,
                "sort": sort,
                "frame": frame_json(frame),
                "hidden": hidden,
                "interactive": interactive,
                "clips": clips,
                "data": data,
            }
        )
        return self._invoke(Call("layer.update", params, Layer.from_json))

    @rpc("layer.move")
    def move(
        self,
        id: str,
        *,
        parent: str | Unset | None = UNSET,
        sort: int | Unset = UNSET,
        above: str | Unset = UNSET,
        below: str | Unset = UNSET,
    ) -> Pending[Layer]:
        """Re-parent and/or re-place (``parent=None``: top level; UNSET: same parent)."""
        params = build_params(
            {"id": id, "parent": parent, "sort": sort, "above": above, "below": below}
        )
        return self._invoke(Call("layer.move", params, Layer.from_json))

    @rpc("layer.bringToFront")
    def bring_to_front(self, id: str) -> Pending[Layer]:
        """Topmost among its siblings; its sort becomes max(own, siblings' max)."""
        return self._invoke(Call("layer.bringToFront", {"id": id}, Layer.from_json))

    @rpc("layer.sendToBack")
    def send_to_back(self, id: str) -> Pending[Layer]:
        """Bottommost among its siblings; its sort becomes min(own, siblings' min)."""
        return self._invoke(Call("layer.sendToBack", {"id": id}, Layer.from_json))

    @rpc("layer.get")
    def get(self, id: str) -> Pending[Layer]:
        """The layer (NotFound when unknown)."""
        return self._invoke(Call("layer.get", {"id": id}, Layer.from_json))

    @rpc("layer.children")
    def children(
        self,
        id: str | Unset | None = UNSET,
        *,
        offset: int | Unset = UNSET,
        limit: int | Unset = UNSET,
    ) -> Pending[LayerPage]:
        """Children bottom to top (``id`` UNSET/None: the top level), sliced by offset/limit."""
        params = build_params({"id": id, "offset": offset, "limit": limit})
        return self._invoke(Call("layer.children", params, LayerPage.from_json))

    @rpc("layer.sortRange")
    def sort_range(self, id: str | Unset | None = UNSET) -> Pending[SortRange]:
        """Lowest and highest sort among the children (both None when there are none)."""
        return self._invoke(Call("layer.sortRange", build_params({"id": id}), SortRange.from_json))

    @overload
    def tree(self, id: str, *, depth: int | Unset = UNSET) -> Pending[TreeNode]: ...

    @overload
    def tree(self, id: Unset | None = UNSET, *, depth: int | Unset = UNSET) -> Pending[TreeRoot]: ...

    @rpc("layer.tree")
    def tree(
        self, id: str | Unset | None = UNSET, *, depth: int | Unset = UNSET
    ) -> Pending[TreeNode | TreeRoot]:
        """The subtree of ``id`` (a TreeNode) or the whole top level (a TreeRoot)."""
        params = build_params({"id": id, "depth": depth})
        return self._invoke(Call("layer.tree", params, tree_from_json))

    @rpc("layer.paintOrder")
    def paint_order(self, id: str | Unset | None = UNSET) -> Pending[tuple[str, ...]]:
        """Visible layer ids back to front (hit order is exactly the reverse)."""
        return self._invoke(Call("layer.paintOrder", build_params({"id": id}), ids_from_json))

    @rpc("layer.hitTest")
    def hit_test(self, x: float, y: float, *, id: str | Unset | None = UNSET) -> Pending[HitTestResult]:
        """The topmost hit layer at (x, y) and its path, or ``id=None, path=()``."""
        params = build_params({"x": x, "y": y, "id": id})
        return self._invoke(Call("layer.hitTest", params, HitTestResult.from_json))

    @rpc("layer.clear")
    def clear(self, id: str | Unset | None = UNSET) -> Pending[int]:
        """Remove every descendant of ``id`` (UNSET/None: every layer); returns the count."""
        return self._invoke(Call("layer.clear", build_params({"id": id}), removed_from_json))


class BatchAlertsAPI(_BatchNamespaceAPI):
    """``alert.*``: the alert manager."""

    @rpc("alert.enqueue")
    def enqueue(
        self,
        type: str,
        *,
        id: str | Unset = UNSET,
        queue: str | Unset = UNSET,
        priority: int | Unset = UNSET,
        data: Any = UNSET,
        scope: str | Unset | None = UNSET,
        key: str | Unset | None = UNSET,
        on_duplicate: OnDuplicate | Unset = UNSET,
        delay_ms: int | Unset = UNSET,
        at: int | Unset = UNSET,
        ttl_ms: int | Unset | None = UNSET,
        duration_ms: int | Unset | None = UNSET,
        preempt: bool | Unset = UNSET,
        mount: Mount | Mapping[str, Any] | Unset = UNSET,
    ) -> Pending[EnqueueResult]:
        """Queue an alert; its ``alert.show`` (if it shows at once) arrives before this returns."""
        params = build_params(
            {
                "type": type,
                "id": id,
                "queue": queue,
                "priority": priority,
                "data": data,
                "scope": scope,
                "key": key,
                "onDuplicate": on_duplicate,
                "delayMs": delay_ms,
                "at": at,
                "ttlMs": ttl_ms,
                "durationMs": duration_ms,
                "preempt": preempt,
                "mount": mount_json(mount),
            }
        )
        return self._invoke(Call("alert.enqueue", params, EnqueueResult.from_json))

    @rpc("alert.complete")
    def complete(self, id: str, *, result: Any = UNSET) -> Pending[Alert]:
        """The user closed a showing (or suspended) alert; it becomes done/completed."""
        params = build_params({"id": id, "result": result})
        return self._invoke(Call("alert.complete", params, Alert.from_json))

    @rpc("alert.cancel")
    def cancel(
        self,
        id: str | Unset = UNSET,
        *,
        ids: Sequence[str] | Unset = UNSET,
        type: str | Unset = UNSET,
        key: str | Unset = UNSET,
        scope: str | Unset | None = UNSET,
        queue: str | Unset = UNSET,
        states: Sequence[ActiveAlertState] | Unset = UNSET,
        all: bool = False,
    ) -> Pending[tuple[str, ...]]:
        """Cancel the active alerts matching every given filter; returns their ids (seq order)."""
        params = build_params(
            {
                "id": id,
                "ids": strings_json(ids),
                "type": type,
                "key": key,
                "scope": scope,
                "queue": queue,
                "states": strings_json(states),
                "all": True if all else UNSET,
            }
        )
        return self._invoke(Call("alert.cancel", params, cancelled_from_json))

    @rpc("alert.pause")
    def pause(self, queue: str | Unset = UNSET, *, reason: str | Unset = UNSET) -> Pending[PauseState]:
        """Hold the queue for ``reason`` (nothing new shows; what shows stays)."""
        params = build_params({"queue": queue, "reason": reason})
        return self._invoke(Call("alert.pause", params, PauseState.from_json))

    @rpc("alert.resume")
    def resume(self, queue: str | Unset = UNSET, *, reason: str | Unset = UNSET) -> Pending[PauseState]:
        """Release ``reason``; when none holds the queue, it shows again."""
        params = build_params({"queue": queue, "reason": reason})
        return self._invoke(Call("alert.resume", params, PauseState.from_json))

    @rpc("alert.get")
    def get(self, id: str) -> Pending[Alert]:
        """The alert (ended ones while kept in history)."""
        return self._invoke(Call("alert.get", {"id": id}, Alert.from_json))

    @rpc("alert.list")
    def list(
        self,
        *,
        queue: str | Unset = UNSET,
        states: Sequence[AlertState] | Unset = UNSET,
        type: str | Unset = UNSET,
        scope: str | Unset | None = UNSET,
    ) -> Pending[tuple[Alert, ...]]:
        """Showing, then pending/suspended in show order, then scheduled, then ended."""
        params = build_params(
            {"queue": queue, "states": strings_json(states), "type": type, "scope": scope}
        )
        return self._invoke(Call("alert.list", params, alerts_from_json))

    @rpc("alert.clear")
    def clear(self, queue: str | Unset = UNSET) -> Pending[int]:
        """Cancel every active alert and forget history; returns how many alerts were forgotten."""
        return self._invoke(Call("alert.clear", build_params({"queue": queue}), removed_from_json))

    @rpc("alert.configure")
    def configure(
        self,
        queue: str | Unset = UNSET,
        *,
        max_concurrent: int | Unset = UNSET,
        min_gap_ms: int | Unset = UNSET,
        history_limit: int | Unset = UNSET,
    ) -> Pending[QueueSettings]:
        """Change (or, with no field, read) a queue's settings."""
        params = build_params(
            {
                "queue": queue,
                "maxConcurrent": max_concurrent,
                "minGapMs": min_gap_ms,
                "historyLimit": history_limit,
            }
        )
        return self._invoke(Call("alert.configure", params, QueueSettings.from_json))

    @rpc("alert.defineType")
    def define_type(
        self,
        type: str,
        *,
        priority: int | Unset | None = UNSET,
        scope: str | Unset | None = UNSET,
        duration_ms: int | Unset | None = UNSET,
        ttl_ms: int | Unset | None = UNSET,
        queue: str | Unset | None = UNSET,
    ) -> Pending[TypeDefaults]:
        """Replace the type's whole definition (fields not given become unset)."""
        params = build_params(
            {
                "type": type,
                "priority": priority,
                "scope": scope,
                "durationMs": duration_ms,
                "ttlMs": ttl_ms,
                "queue": queue,
            }
        )
        return self._invoke(Call("alert.defineType", params, TypeDefaults.from_json))


class BatchNavAPI(_BatchNamespaceAPI):
    """``nav.*``: which page (scope) is on screen."""

    @rpc("nav.push")
    def push(self, scope: str) -> Pending[NavState]:
        """Enter a page; alerts scoped to the page left are suspended."""
        return self._invoke(Call("nav.push", {"scope": scope}, NavState.from_json))

    @rpc("nav.pop")
    def pop(self) -> Pending[NavState]:
        """Leave the top page (InvalidState ``empty_stack`` when there is none)."""
        return self._invoke(Call("nav.pop", None, NavState.from_json))

    @rpc("nav.set")
    def set(self, stack: Sequence[str]) -> Pending[NavState]:
        """Replace the whole stack (bottom to top)."""
        return self._invoke(Call("nav.set", {"stack": strings_json(stack)}, NavState.from_json))

    @rpc("nav.get")
    def get(self) -> Pending[NavState]:
        """The stack and the active scope."""
        return self._invoke(Call("nav.get", None, NavState.from_json))


class BatchEventsAPI(_BatchNamespaceAPI):
    """``events.*``: opt-in event topics (``alert.changed``)."""

    @rpc("events.subscribe")
    def subscribe(self, topics: Sequence[Topic]) -> Pending[tuple[Topic, ...]]:
        """Subscribe; returns every topic subscribed after the call."""
        params = {"topics": strings_json(topics)}
        return self._invoke(Call("events.subscribe", params, topics_from_json))

    @rpc("events.unsubscribe")
    def unsubscribe(self, topics: Sequence[Topic]) -> Pending[tuple[Topic, ...]]:
        """Unsubscribe; returns every topic still subscribed."""
        params = {"topics": strings_json(topics)}
        return self._invoke(Call("events.unsubscribe", params, topics_from_json))
