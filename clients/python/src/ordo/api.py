"""The typed method wrappers: one per method of ``schema/openrpc.json``, written once.

A wrapper is declared by its Python signature and ``@rpc(method, result)``;
its body only returns ``locals()`` (its arguments). The same classes serve
the blocking :class:`ordo.Engine`, the :class:`ordo.AsyncEngine` and the
batches: a wrapper builds a :class:`Call` and hands it to the ``_invoke`` of
the object it is called on, which returns the decoded result (blocking), a
coroutine (asyncio) or a :class:`Pending` (batch). The flavour parameter
(``Sync``, ``Async``, ``Batched``) tells type checkers which one.

Conventions: Python names are snake_case forms of the protocol's camelCase
(``delay_ms`` is sent as ``delayMs``). A parameter left at :data:`UNSET` is
not sent. ``None`` is sent as ``null``: for ``parent`` it means the top
level, for ``frame``/``data`` of ``layers.update`` it clears them; elsewhere
the engine treats ``null`` like an omitted parameter. Results with a single
member are unwrapped (``layers.remove`` returns the count).
"""

from __future__ import annotations

import inspect
from collections.abc import Coroutine, Mapping, Sequence
from types import MethodType
from typing import TYPE_CHECKING, Any, Callable, Generic, TypeVar, Union, cast, final, overload

from ._call import UNSET, Call, Pending, Unset
from ._decode import Decoder, camel, decoder, member, null, obj
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
    frame_to_json,
    tree_from_json,
)

try:
    from typing import ParamSpec
except ImportError:  # Python 3.9: only type checkers need a real ParamSpec
    ParamSpec = TypeVar  # type: ignore[misc, assignment]
if TYPE_CHECKING:
    from typing import Concatenate, Protocol

T = TypeVar("T")
P = ParamSpec("P")
#: What a wrapper's body returns: its arguments by Python name (``locals()``).
Params = dict[str, Any]


@final
class Sync:
    """Flavour: a wrapper returns the decoded result."""


@final
class Async:
    """Flavour: a wrapper returns a coroutine of the decoded result."""


@final
class Batched:
    """Flavour: a wrapper queues its call and returns a :class:`Pending`."""


F = TypeVar("F", Sync, Async, Batched)


class Surface(Generic[F]):
    """What wrappers are called on: an engine, a batch, or one of their namespaces."""

    _aio = False  # AsyncEngine: wrappers are coroutine functions

    def _invoke(self, call: Call[Any]) -> Any:
        raise NotImplementedError


def _frame(frame: FrameLike | None) -> Any:
    return None if frame is None else frame_to_json(frame)


def _json_of(value: Mount | ClientInfo | Mapping[str, Any]) -> Any:
    return value.to_json() if isinstance(value, (Mount, ClientInfo)) else dict(value)


def _strings(values: Sequence[str]) -> list[str]:
    if isinstance(values, str):
        raise TypeError("expected a sequence of strings, not a string")
    return [*values]


#: Parameters whose Python value is converted before it is sent (by Python name).
CONVERT: dict[str, Callable[[Any], Any]] = {
    "frame": _frame,
    "mount": _json_of,
    "client_info": _json_of,
    "ids": _strings,
    "states": _strings,
    "stack": _strings,
    "topics": _strings,
    "all": lambda flag: True if flag else UNSET,  # all=False: not sent
}


class Method(Generic[P, T]):
    """A wrapper: ``surface.name(...)`` sends ``method`` with the arguments as params.

    ``__ordo_method__`` names the JSON-RPC method (the schema-coverage test reads it).
    """

    def __init__(
        self,
        method: str,
        decode: Decoder[T],
        build: Callable[Concatenate[Any, P], Params],
        notification: bool = False,
    ) -> None:
        signature = inspect.signature(build)
        plan = [(n, camel(n), CONVERT.get(n)) for n in list(signature.parameters)[1:]]

        def params(args: Params) -> dict[str, Any]:
            out = {}
            for name, key, convert in plan:
                value = args[name]
                if value is not UNSET:
                    if convert is not None:
                        value = convert(value)
                        if value is UNSET:
                            continue
                    out[key] = value
            return out

        def call(self: Surface[Any], *args: Any, **kwargs: Any) -> Any:
            request = params(build(self, *args, **kwargs))
            return self._invoke(Call(method, request, decode, notification))

        async def call_async(self: Surface[Any], *args: Any, **kwargs: Any) -> Any:
            request = params(build(self, *args, **kwargs))
            return await self._invoke(Call(method, request, decode, notification))

        for fn in (call, call_async):
            fn.__name__, fn.__qualname__ = build.__name__, build.__qualname__
            fn.__doc__ = build.__doc__
            fn.__signature__ = signature  # type: ignore[union-attr]
        self._call, self._call_async = call, call_async
        self.__ordo_method__ = method
        self.__doc__ = build.__doc__

    @overload
    def __get__(self, surface: None, owner: type) -> Method[P, T]: ...
    @overload
    def __get__(self, surface: Surface[Sync], owner: type) -> Callable[P, T]: ...
    @overload
    def __get__(
        self, surface: Surface[Async], owner: type
    ) -> Callable[P, Coroutine[Any, Any, T]]: ...
    @overload
    def __get__(self, surface: Surface[Batched], owner: type) -> Callable[P, Pending[T]]: ...
    def __get__(self, surface: Surface[Any] | None, owner: type) -> Any:
        if surface is None:
            return self
        return MethodType(self._call_async if surface._aio else self._call, surface)


def rpc(
    method: str, result: type[T] | Decoder[T], *, notification: bool = False
) -> Callable[[Callable[Concatenate[Any, P], Params]], Method[P, T]]:
    """Declare a wrapper of ``method`` whose result decodes as ``result``."""
    decode = cast("Decoder[T]", decoder(result) if isinstance(result, type) else result)
    return lambda build: Method(method, decode, build, notification)


# Single-member results are unwrapped.
_removed: Decoder[int] = member("removed", int)
_now: Decoder[int] = member("now", int)
_ids: Decoder[tuple[str, ...]] = member("ids", tuple[str, ...])
_cancelled: Decoder[tuple[str, ...]] = member("cancelled", tuple[str, ...])
_alerts: Decoder[tuple[Alert, ...]] = member("alerts", tuple[Alert, ...])
_topics: Decoder[tuple[Topic, ...]] = member("topics", tuple[Topic, ...])
_document: Decoder[dict[str, Any]] = obj


class EngineAPI(Surface[F]):
    """Lifecycle and engine methods, available on the engine itself."""

    @rpc("initialize", InitializeResult)
    def initialize(
        self,
        *,
        client_info: ClientInfo | Mapping[str, str] | Unset = UNSET,
        clock: ClockMode | Unset = UNSET,
    ) -> Params:
        """Optional handshake; ``clock`` switches the clock mode (-32003 while timers exist)."""
        return locals()

    @rpc("shutdown", null)
    def shutdown(self) -> Params:
        """Afterwards every request but ``exit`` fails with InvalidState (reason ``shutdown``)."""
        return locals()

    @rpc("exit", null, notification=True)
    def exit(self) -> Params:
        """Notification: the engine exits (status 0 after ``shutdown``, else 1)."""
        return locals()

    @rpc("rpc.discover", _document)
    def discover(self) -> Params:
        """The engine's OpenRPC document (``rpc.discover``)."""
        return locals()

    @rpc("engine.ping", Ping)
    def ping(self) -> Params:
        """``{pong: true, at}``; no effect."""
        return locals()

    @rpc("engine.stats", Stats)
    def stats(self) -> Params:
        """Layer and alert counts, requests handled, uptime."""
        return locals()

    @rpc("engine.reset", null)
    def reset(self) -> Params:
        """Back to a fresh engine (keeps only the clock mode; the clock goes back to 0)."""
        return locals()


class Namespace(Surface[F]):
    """``engine.layers`` and the like: calls go to the owner's ``_invoke``."""

    def __init__(self, owner: Surface[F]) -> None:
        self._invoke = owner._invoke  # type: ignore[method-assign]
        self._aio = owner._aio


class ClockAPI(Namespace[F]):
    """``clock.*``: the engine clock (integer milliseconds)."""

    @rpc("clock.now", ClockNow)
    def now(self) -> Params:
        """The current engine time and the clock mode."""
        return locals()

    @rpc("clock.advance", _now)
    def advance(self, ms: int) -> Params:
        """Manual clock only: fire every timer due within ``ms``; returns the new time."""
        return locals()


class LayersAPI(Namespace[F]):
    """``layer.*``: the ordered-layer container."""

    @rpc("layer.add", Layer)
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
    ) -> Params:
        """Add a layer (above every sibling with sort <= its own; ``above``/``below`` a sibling)."""
        return locals()

    @rpc("layer.remove", _removed)
    def remove(self, id: str) -> Params:
        """Remove the layer and its subtree; returns how many layers went."""
        return locals()

    @rpc("layer.update", Layer)
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
    ) -> Params:
        """Change fields; ``frame=None``/``data=None`` clear them; a changed sort re-places it."""
        return locals()

    @rpc("layer.move", Layer)
    def move(
        self,
        id: str,
        *,
        parent: str | Unset | None = UNSET,
        sort: int | Unset = UNSET,
        above: str | Unset = UNSET,
        below: str | Unset = UNSET,
    ) -> Params:
        """Re-parent and/or re-place (``parent=None``: top level; UNSET: same parent)."""
        return locals()

    @rpc("layer.bringToFront", Layer)
    def bring_to_front(self, id: str) -> Params:
        """Topmost among its siblings; its sort becomes max(own, siblings' max)."""
        return locals()

    @rpc("layer.sendToBack", Layer)
    def send_to_back(self, id: str) -> Params:
        """Bottommost among its siblings; its sort becomes min(own, siblings' min)."""
        return locals()

    @rpc("layer.get", Layer)
    def get(self, id: str) -> Params:
        """The layer (NotFound when unknown)."""
        return locals()

    @rpc("layer.children", LayerPage)
    def children(
        self,
        id: str | Unset | None = UNSET,
        *,
        offset: int | Unset = UNSET,
        limit: int | Unset = UNSET,
    ) -> Params:
        """Children bottom to top (``id`` UNSET/None: the top level), sliced by offset/limit."""
        return locals()

    @rpc("layer.sortRange", SortRange)
    def sort_range(self, id: str | Unset | None = UNSET) -> Params:
        """Lowest and highest sort among the children (both None when there are none)."""
        return locals()

    @rpc("layer.tree", tree_from_json)
    def _tree(self, id: str | Unset | None = UNSET, *, depth: int | Unset = UNSET) -> Params:
        """The subtree of ``id`` (a TreeNode) or the whole top level (a TreeRoot)."""
        return locals()

    tree = cast("_TreeMethod", _tree)

    @rpc("layer.paintOrder", _ids)
    def paint_order(self, id: str | Unset | None = UNSET) -> Params:
        """Visible layer ids back to front (hit order is exactly the reverse)."""
        return locals()

    @rpc("layer.hitTest", HitTestResult)
    def hit_test(self, x: float, y: float, *, id: str | Unset | None = UNSET) -> Params:
        """The topmost hit layer at (x, y) and its path, or ``id=None, path=()``."""
        return locals()

    @rpc("layer.clear", _removed)
    def clear(self, id: str | Unset | None = UNSET) -> Params:
        """Remove every descendant of ``id`` (UNSET/None: every layer); returns the count."""
        return locals()


class AlertsAPI(Namespace[F]):
    """``alert.*``: the alert manager."""

    @rpc("alert.enqueue", EnqueueResult)
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
    ) -> Params:
        """Queue an alert; its ``alert.show`` (if it shows at once) arrives before this returns."""
        return locals()

    @rpc("alert.complete", Alert)
    def complete(self, id: str, *, result: Any = UNSET) -> Params:
        """The user closed a showing (or suspended) alert; it becomes done/completed."""
        return locals()

    @rpc("alert.cancel", _cancelled)
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
    ) -> Params:
        """Cancel the active alerts matching every given filter; returns their ids (seq order)."""
        return locals()

    @rpc("alert.pause", PauseState)
    def pause(self, queue: str | Unset = UNSET, *, reason: str | Unset = UNSET) -> Params:
        """Hold the queue for ``reason`` (nothing new shows; what shows stays)."""
        return locals()

    @rpc("alert.resume", PauseState)
    def resume(self, queue: str | Unset = UNSET, *, reason: str | Unset = UNSET) -> Params:
        """Release ``reason``; when none holds the queue, it shows again."""
        return locals()

    @rpc("alert.get", Alert)
    def get(self, id: str) -> Params:
        """The alert (ended ones while kept in history)."""
        return locals()

    @rpc("alert.list", _alerts)
    def list(
        self,
        *,
        queue: str | Unset = UNSET,
        states: Sequence[AlertState] | Unset = UNSET,
        type: str | Unset = UNSET,
        scope: str | Unset | None = UNSET,
    ) -> Params:
        """Showing, then pending/suspended in show order, then scheduled, then ended."""
        return locals()

    @rpc("alert.clear", _removed)
    def clear(self, queue: str | Unset = UNSET) -> Params:
        """Cancel every active alert and forget history; returns how many alerts were forgotten."""
        return locals()

    @rpc("alert.configure", QueueSettings)
    def configure(
        self,
        queue: str | Unset = UNSET,
        *,
        max_concurrent: int | Unset = UNSET,
        min_gap_ms: int | Unset = UNSET,
        history_limit: int | Unset = UNSET,
    ) -> Params:
        """Change (or, with no field, read) a queue's settings."""
        return locals()

    @rpc("alert.defineType", TypeDefaults)
    def define_type(
        self,
        type: str,
        *,
        priority: int | Unset | None = UNSET,
        scope: str | Unset | None = UNSET,
        duration_ms: int | Unset | None = UNSET,
        ttl_ms: int | Unset | None = UNSET,
        queue: str | Unset | None = UNSET,
    ) -> Params:
        """Replace the type's whole definition (fields not given become unset)."""
        return locals()


class NavAPI(Namespace[F]):
    """``nav.*``: which page (scope) is on screen."""

    @rpc("nav.push", NavState)
    def push(self, scope: str) -> Params:
        """Enter a page; alerts scoped to the page left are suspended."""
        return locals()

    @rpc("nav.pop", NavState)
    def pop(self) -> Params:
        """Leave the top page (InvalidState ``empty_stack`` when there is none)."""
        return locals()

    @rpc("nav.set", NavState)
    def set(self, stack: Sequence[str]) -> Params:
        """Replace the whole stack (bottom to top)."""
        return locals()

    @rpc("nav.get", NavState)
    def get(self) -> Params:
        """The stack and the active scope."""
        return locals()


class EventsAPI(Namespace[F]):
    """``events.*``: opt-in event topics (``alert.changed``)."""

    @rpc("events.subscribe", _topics)
    def subscribe(self, topics: Sequence[Topic]) -> Params:
        """Subscribe; returns every topic subscribed after the call."""
        return locals()

    @rpc("events.unsubscribe", _topics)
    def unsubscribe(self, topics: Sequence[Topic]) -> Params:
        """Unsubscribe; returns every topic still subscribed."""
        return locals()


if TYPE_CHECKING:
    # layer.tree's result type depends on its argument: overloads, per flavour.
    _Depth = Union[int, Unset]

    class _Tree(Protocol):
        @overload
        def __call__(self, id: str, *, depth: _Depth = ...) -> TreeNode: ...
        @overload
        def __call__(self, id: Unset | None = ..., *, depth: _Depth = ...) -> TreeRoot: ...

    class _AsyncTree(Protocol):
        @overload
        def __call__(self, id: str, *, depth: _Depth = ...) -> Coroutine[Any, Any, TreeNode]: ...
        @overload
        def __call__(
            self, id: Unset | None = ..., *, depth: _Depth = ...
        ) -> Coroutine[Any, Any, TreeRoot]: ...

    class _BatchTree(Protocol):
        @overload
        def __call__(self, id: str, *, depth: _Depth = ...) -> Pending[TreeNode]: ...
        @overload
        def __call__(self, id: Unset | None = ..., *, depth: _Depth = ...) -> Pending[TreeRoot]: ...

    class _TreeMethod(Protocol):
        @overload
        def __get__(self, surface: None, owner: type) -> _TreeMethod: ...
        @overload
        def __get__(self, surface: Surface[Sync], owner: type) -> _Tree: ...
        @overload
        def __get__(self, surface: Surface[Async], owner: type) -> _AsyncTree: ...
        @overload
        def __get__(self, surface: Surface[Batched], owner: type) -> _BatchTree: ...
