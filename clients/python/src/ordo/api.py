"""The typed method wrappers: one per method of ``schema/openrpc.json``, written once.

A wrapper is declared by its Python signature, its docstring and
``@rpc(method, result)``; it has no body. The same classes serve the
blocking :class:`ordo.Engine`, the :class:`ordo.AsyncEngine` and the
batches: a wrapper builds a :class:`Call` from its arguments and hands it to
the ``_invoke`` of the object it is called on, which returns the decoded
result (blocking), an :class:`asyncio.Future` of it (asyncio: the request is
sent when the wrapper is called, not when it is awaited) or a
:class:`Pending` (batch). The flavour parameter (``Sync``, ``Async``,
``Batched``) tells type checkers which.

Conventions: Python names are snake_case forms of the protocol's camelCase
(``delay_ms`` is sent as ``delayMs``). A parameter left at :data:`UNSET` is
not sent. ``None`` is sent as ``null``: for ``parent`` it means the top
level, for ``frame``/``data`` of ``layers.update`` it clears them, for
``data`` of ``alerts.enqueue`` a dedupe replace clears the alert's data, for
``limit`` of ``alerts.enqueue`` it means unlimited; elsewhere the engine
treats ``null`` like an omitted parameter. Results with a single member are
unwrapped (``layers.remove`` returns the count).
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
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
    FrequencyLimit,
    HitTestResult,
    InitializeResult,
    Layer,
    LayerPage,
    Mount,
    NavState,
    OnDuplicate,
    OnLimit,
    PauseState,
    Ping,
    QueueSettings,
    ShowRecord,
    SortRange,
    Stats,
    Topic,
    TreeNode,
    TreeRoot,
    TypeDefaults,
    frame_to_json,
    point_to_json,
    tree_from_json,
)

if TYPE_CHECKING:
    # From typing_extensions (typeshed's, nothing to install): a type checker then sees a
    # ParamSpec whatever Python version it targets. One from a try/except import would be
    # `type[ParamSpec] | type[TypeVar]` to pyright, and every wrapper's parameters Unknown.
    from asyncio import Future
    from typing import Protocol

    from typing_extensions import Concatenate, ParamSpec
else:
    try:
        from typing import ParamSpec
    except ImportError:  # Python 3.9: only type checkers need a real ParamSpec
        ParamSpec = TypeVar

T = TypeVar("T")
P = ParamSpec("P")


@final
class Sync:
    """Flavour: a wrapper returns the decoded result."""


@final
class Async:
    """Flavour: a wrapper sends its request at once and returns an :class:`asyncio.Future`
    of the decoded result (no coroutine: ``asyncio.gather`` of many calls makes no task
    per call)."""


@final
class Batched:
    """Flavour: a wrapper queues its call and returns a :class:`Pending`."""


F = TypeVar("F", Sync, Async, Batched)


class Surface(Generic[F]):
    """What wrappers are called on: an engine, a batch, or one of their namespaces."""

    def _invoke(self, call: Call[Any]) -> Any:
        raise NotImplementedError


def _frame(frame: FrameLike | None) -> Any:
    return None if frame is None else frame_to_json(frame)


def _json_of(value: Mount | ClientInfo | FrequencyLimit | Mapping[str, Any] | int | None) -> Any:
    if isinstance(value, (Mount, ClientInfo, FrequencyLimit)):
        return value.to_json()
    return dict(value) if isinstance(value, Mapping) else value  # None, an int limit: as is


def _strings(values: Sequence[str]) -> list[str]:
    if isinstance(values, str):
        raise TypeError("expected a sequence of strings, not a string")
    return [*values]


#: Parameters whose Python value is converted before it is sent (by Python name).
CONVERT: dict[str, Callable[[Any], Any]] = {
    "frame": _frame,
    "mount": _json_of,
    "client_info": _json_of,
    "limit": _json_of,
    "point": lambda point: None if point is None else point_to_json(point),
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
        declaration: Callable[Concatenate[Any, P], None],
        notification: bool = False,
    ) -> None:
        signature = inspect.signature(declaration)
        names = list(signature.parameters)[1:]
        # Called without arguments, a declaration whose parameters all have defaults is fine.
        check = any(p.default is p.empty for p in list(signature.parameters.values())[1:])
        # name → (position, protocol name, conversion); params go out in declaration order.
        plan = {name: (i, camel(name), CONVERT.get(name)) for i, name in enumerate(names)}

        def request(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Call[T]:
            given = dict(zip(names, args), **kwargs)  # what is not given is not sent
            order = sorted(given, key=lambda name: plan[name][0]) if len(given) > 1 else given
            params: dict[str, Any] = {}
            for name in order:
                value = given[name]
                _, key, convert = plan[name]
                if value is not UNSET and convert is not None:
                    value = convert(value)
                if value is not UNSET:
                    params[key] = value
            return Call(method, params, decode, notification)

        # Called without arguments (ping, stats, ...): the same Call every time.
        bare = None if check else Call(method, {}, decode, notification)

        def call(self: Surface[Any], *args: Any, **kwargs: Any) -> Any:
            if args or kwargs or bare is None:
                declaration(self, *args, **kwargs)  # checks the arguments as Python would
                return self._invoke(request(args, kwargs))
            return self._invoke(bare)

        call.__name__, call.__qualname__ = declaration.__name__, declaration.__qualname__
        call.__doc__ = declaration.__doc__
        # The declaration's "-> None" is no result: what a call returns depends on the
        # surface (the decoded result, a Future, a Pending), which the type stubs spell.
        call.__signature__ = signature.replace(  # type: ignore[attr-defined]
            return_annotation=inspect.Signature.empty
        )
        self._call = call
        self.decode = decode
        self.__ordo_method__ = method
        self.__doc__ = declaration.__doc__

    @overload
    def __get__(self, surface: None, owner: type) -> Method[P, T]: ...
    @overload
    def __get__(self, surface: Surface[Sync], owner: type) -> Callable[P, T]: ...
    @overload
    def __get__(self, surface: Surface[Async], owner: type) -> Callable[P, Future[T]]: ...
    @overload
    def __get__(self, surface: Surface[Batched], owner: type) -> Callable[P, Pending[T]]: ...
    def __get__(self, surface: Surface[Any] | None, owner: type) -> Any:
        if surface is None:
            return self
        return MethodType(self._call, surface)


def rpc(
    method: str, result: type[T] | Decoder[T], *, notification: bool = False
) -> Callable[[Callable[Concatenate[Any, P], None]], Method[P, T]]:
    """Declare a wrapper of ``method`` whose result decodes as ``result``."""
    decode = cast("Decoder[T]", decoder(result) if isinstance(result, type) else result)
    return lambda declaration: Method(method, decode, declaration, notification)


# Single-member results are unwrapped.
_removed: Decoder[int] = member("removed", int)
_now: Decoder[int] = member("now", int)
_ids: Decoder[tuple[str, ...]] = member("ids", tuple[str, ...])
_cancelled: Decoder[tuple[str, ...]] = member("cancelled", tuple[str, ...])
_alerts: Decoder[tuple[Alert, ...]] = member("alerts", tuple[Alert, ...])
_shows: Decoder[tuple[ShowRecord, ...]] = member("shows", tuple[ShowRecord, ...])
_forgotten: Decoder[int] = member("forgotten", int)
_svg: Decoder[str] = member("svg", str)
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
    ) -> None:
        """Optional handshake; ``clock`` switches the clock mode (-32003 while timers exist)."""

    @rpc("shutdown", null)
    def shutdown(self) -> None:
        """Afterwards every request but ``exit`` fails with InvalidState (reason ``shut_down``)."""

    @rpc("exit", null, notification=True)
    def exit(self) -> None:
        """Notification: the engine exits (status 0 after ``shutdown``, else 1)."""

    @rpc("rpc.discover", _document)
    def discover(self) -> None:
        """The engine's OpenRPC document (``rpc.discover``)."""

    @rpc("engine.ping", Ping)
    def ping(self) -> None:
        """``{pong: true, at}``; no effect."""

    @rpc("engine.stats", Stats)
    def stats(self) -> None:
        """Layer and alert counts, requests handled, uptime, the ``--state`` file (or None)."""

    @rpc("engine.reset", null)
    def reset(self, *, state: bool | Unset = UNSET) -> None:
        """Back to a fresh engine (with ``--state``: as if restarted; ``state=True`` empties
        the file too). Keeps only the clock mode; a manual clock goes back to 0, the system
        clock runs on."""

    def _attach_namespaces(self) -> None:
        """Gives this surface ``layers``, ``alerts``, ``nav`` and ``clock``, whose calls go to its
        ``_invoke``. (``events`` is each owner's own: an engine's also reads its buffer.)"""
        self.layers: LayersAPI[F] = LayersAPI(self)
        self.alerts: AlertsAPI[F] = AlertsAPI(self)
        self.nav: NavAPI[F] = NavAPI(self)
        self.clock: ClockAPI[F] = ClockAPI(self)


class Namespace(Surface[F]):
    """``engine.layers`` and the like: calls go to the owner's ``_invoke``."""

    def __init__(self, owner: Surface[F]) -> None:
        self._invoke = owner._invoke  # type: ignore[method-assign]


class ClockAPI(Namespace[F]):
    """``clock.*``: the engine clock (integer milliseconds)."""

    @rpc("clock.now", ClockNow)
    def now(self) -> None:
        """The current engine time and the clock mode."""

    @rpc("clock.advance", _now)
    def advance(self, ms: int) -> None:
        """Manual clock only: fire every timer due within ``ms``; returns the new time."""


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
    ) -> None:
        """Add a layer (above every sibling with sort <= its own; ``above``/``below`` a sibling).

        With ``above``/``below`` it goes into the sibling's parent: leave ``parent`` UNSET
        (``None`` means the top level, refused when the sibling is nested).
        """

    @rpc("layer.remove", _removed)
    def remove(self, id: str) -> None:
        """Remove the layer and its subtree; returns how many layers went."""

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
    ) -> None:
        """Change fields; ``frame=None``/``data=None`` clear them; a changed sort re-places it."""

    @rpc("layer.move", Layer)
    def move(
        self,
        id: str,
        *,
        parent: str | Unset | None = UNSET,
        sort: int | Unset = UNSET,
        above: str | Unset = UNSET,
        below: str | Unset = UNSET,
    ) -> None:
        """Re-parent and/or re-place.

        ``parent=None``: top level; UNSET: the same parent, or with ``above``/``below`` the
        sibling's (a ``parent``, ``None`` included, other than the sibling's is refused).
        """

    @rpc("layer.bringToFront", Layer)
    def bring_to_front(self, id: str) -> None:
        """Topmost among its siblings; its sort becomes max(own, siblings' max)."""

    @rpc("layer.sendToBack", Layer)
    def send_to_back(self, id: str) -> None:
        """Bottommost among its siblings; its sort becomes min(own, siblings' min)."""

    @rpc("layer.get", Layer)
    def get(self, id: str) -> None:
        """The layer (NotFound when unknown)."""

    @rpc("layer.children", LayerPage)
    def children(
        self,
        id: str | Unset | None = UNSET,
        *,
        offset: int | Unset = UNSET,
        limit: int | Unset = UNSET,
    ) -> None:
        """Children bottom to top (``id`` UNSET/None: the top level), sliced by offset/limit."""

    @rpc("layer.sortRange", SortRange)
    def sort_range(self, id: str | Unset | None = UNSET) -> None:
        """Lowest and highest sort among the children (both None when there are none)."""

    @rpc("layer.tree", tree_from_json)
    def _tree(self, id: str | Unset | None = UNSET, *, depth: int | Unset = UNSET) -> None:
        """The subtree of ``id`` (a TreeNode) or the whole top level (a TreeRoot)."""

    tree: _TreeMethod = cast("_TreeMethod", _tree)

    @rpc("layer.paintOrder", _ids)
    def paint_order(self, id: str | Unset | None = UNSET) -> None:
        """Visible layer ids back to front (hit order is exactly the reverse)."""

    @rpc("layer.hitTest", HitTestResult)
    def hit_test(self, x: float, y: float, *, id: str | Unset | None = UNSET) -> None:
        """The topmost hit layer at (x, y) and its path, or ``id=None, path=()``."""

    @rpc("layer.render", _svg)
    def render(
        self,
        id: str | Unset | None = UNSET,
        *,
        point: tuple[float, float] | Mapping[str, float] | Unset | None = UNSET,
        width: float | Unset | None = UNSET,
        height: float | Unset | None = UNSET,
        labels: bool | Unset = UNSET,
    ) -> None:
        """The tree (or ``id``'s subtree) as SVG text; ``point``'s hit path highlighted."""

    @rpc("layer.clear", _removed)
    def clear(self, id: str | Unset | None = UNSET) -> None:
        """Remove every descendant of ``id`` (UNSET/None: every layer); returns the count."""


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
        persist: bool | Unset | None = UNSET,
        limit: FrequencyLimit | Mapping[str, Any] | Unset | None = UNSET,
        cooldown_ms: int | Unset | None = UNSET,
        on_limit: OnLimit | Unset | None = UNSET,
    ) -> None:
        """Queue an alert; its ``alert.show`` (if it shows at once) arrives before this returns.

        ``limit=None`` means unlimited (not the type's limit); a frequency limit may drop it
        (disposition ``limited``, ``alert`` None) or, with ``on_limit="defer"``, schedule it.
        With ``mount``, ``id`` has at most 250 characters (its layer is ``"alert:" + id``).
        On a dedupe replace, ``data=None`` clears the alert's data; leaving it out keeps it.
        """

    @rpc("alert.complete", Alert)
    def complete(self, id: str, *, result: Any = UNSET) -> None:
        """The user closed a showing (or suspended) alert; it becomes done/completed."""

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
    ) -> None:
        """Cancel the active alerts matching every given filter; returns their ids (seq order).

        ``scope`` selects the alerts of that page. ``scope=None`` is no filter (as if left
        out), not "the alerts without a scope": select those by queue, type or ids."""

    @rpc("alert.pause", PauseState)
    def pause(self, queue: str | Unset = UNSET, *, reason: str | Unset = UNSET) -> None:
        """Hold the queue for ``reason`` (nothing new shows; what shows stays)."""

    @rpc("alert.resume", PauseState)
    def resume(self, queue: str | Unset = UNSET, *, reason: str | Unset = UNSET) -> None:
        """Release ``reason``; when none holds the queue, it shows again."""

    @rpc("alert.get", Alert)
    def get(self, id: str) -> None:
        """The alert (ended ones while kept in history)."""

    @rpc("alert.list", _alerts)
    def list(
        self,
        *,
        queue: str | Unset = UNSET,
        states: Sequence[AlertState] | Unset = UNSET,
        type: str | Unset = UNSET,
        scope: str | Unset | None = UNSET,
    ) -> None:
        """Showing, then pending/suspended in show order, then scheduled, then ended.

        ``scope`` keeps the alerts of that page. ``scope=None`` is no filter (as if left
        out), not "the alerts without a scope": those are the answer's alerts whose
        ``scope`` is None."""

    @rpc("alert.clear", _removed)
    def clear(self, queue: str | Unset = UNSET) -> None:
        """Cancel every active alert and forget history; returns how many alerts were forgotten."""

    @rpc("alert.configure", QueueSettings)
    def configure(
        self,
        queue: str | Unset = UNSET,
        *,
        max_concurrent: int | Unset = UNSET,
        min_gap_ms: int | Unset = UNSET,
        history_limit: int | Unset = UNSET,
    ) -> None:
        """Change (or, with no field, read) a queue's settings: ``max_concurrent`` 1 to
        1 000 000, ``history_limit`` 0 to 100 000 000."""

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
        persist: bool | Unset | None = UNSET,
        limit: FrequencyLimit | Mapping[str, Any] | Unset | None = UNSET,
        cooldown_ms: int | Unset | None = UNSET,
        on_limit: OnLimit | Unset | None = UNSET,
    ) -> None:
        """Replace the type's whole definition (fields not given become unset)."""

    @rpc("alert.history", _shows)
    def history(
        self,
        *,
        type: str | Unset | None = UNSET,
        key: str | Unset | None = UNSET,
        queue: str | Unset | None = UNSET,
        since_wall_at: int | Unset | None = UNSET,
        limit: int | Unset | None = UNSET,
    ) -> None:
        """Counted shows (first shows), newest first; filters combine; ``limit`` default 100."""

    @rpc("alert.forget", _forgotten)
    def forget(
        self, *, type: str | Unset = UNSET, key: str | Unset = UNSET, all: bool = False
    ) -> None:
        """Erase matching show history (at least one filter) so limits count from zero."""


class NavAPI(Namespace[F]):
    """``nav.*``: which page (scope) is on screen."""

    @rpc("nav.push", NavState)
    def push(self, scope: str) -> None:
        """Enter a page; alerts scoped to the page left are suspended."""

    @rpc("nav.pop", NavState)
    def pop(self) -> None:
        """Leave the top page (InvalidState ``empty_stack`` when there is none)."""

    @rpc("nav.set", NavState)
    def set(self, stack: Sequence[str]) -> None:
        """Replace the whole stack (bottom to top)."""

    @rpc("nav.get", NavState)
    def get(self) -> None:
        """The stack and the active scope."""


class EventsAPI(Namespace[F]):
    """``events.*``: opt-in event topics (``alert.changed``)."""

    @rpc("events.subscribe", _topics)
    def subscribe(self, topics: Sequence[Topic]) -> None:
        """Subscribe; returns every topic subscribed after the call."""

    @rpc("events.unsubscribe", _topics)
    def unsubscribe(self, topics: Sequence[Topic]) -> None:
        """Unsubscribe; returns every topic still subscribed."""


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
        def __call__(self, id: str, *, depth: _Depth = ...) -> Future[TreeNode]: ...
        @overload
        def __call__(self, id: Unset | None = ..., *, depth: _Depth = ...) -> Future[TreeRoot]: ...

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
