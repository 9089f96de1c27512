"""A consumer of ordo's public API as the README shows it: checked by pyright (strict) and
mypy (strict), never run (test_typing.py). Each assert_type is what an editor's language
server shows the user; a wrapper whose parameters or result a checker cannot see fails here.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import assert_type

import ordo
from ordo import (
    UNSET,
    Alert,
    AlertChanged,
    AlertHide,
    AlertShow,
    AsyncEngine,
    ClockNow,
    Engine,
    EngineExited,
    EnqueueResult,
    Event,
    Frame,
    FrequencyLimit,
    HitTestResult,
    InvalidParams,
    Layer,
    MethodNotFound,
    Mount,
    NotFound,
    OrdoError,
    OrdoException,
    OrdoTimeout,
    Pending,
    Stats,
    TreeNode,
    TreeRoot,
)


def first_look() -> None:
    with Engine(clock="manual") as engine:
        assert_type(engine, Engine)
        layer = engine.layers.add("screen", frame=(0, 0, 390, 844))
        assert_type(layer, Layer)
        engine.layers.add("content", parent="screen")
        engine.layers.add("toast", parent="screen", sort=100, frame=Frame(16, 60, 358, 48))
        engine.layers.add(frame={"x": 0, "y": 0, "width": 1, "height": 1})
        order = engine.layers.paint_order()
        assert_type(order, tuple[str, ...])
        hit = engine.layers.hit_test(20, 70)
        assert_type(hit, HitTestResult)
        print(hit.path, hit.id)
        engine.layers.move("toast", parent=None)
        engine.layers.update("toast", frame=None, data=None)
        removed = engine.layers.remove("content")
        assert_type(removed, int)
        tree = engine.layers.tree("screen", depth=2)
        assert_type(tree, TreeNode)
        root = engine.layers.tree()
        assert_type(root, TreeRoot)
        svg = engine.layers.render(point=(30, 70), width=195)
        assert_type(svg, str)

        engine.nav.set(["room"])
        for kind, priority in [("redPacket", 30), ("growthGift", 20), ("follow", 10)]:
            engine.alerts.define_type(kind, priority=priority, scope="room")
        result = engine.alerts.enqueue("redPacket", id="A", data={"amount": 8.88})
        assert_type(result, EnqueueResult)
        if result.alert is not None:
            print(result.alert.id, result.alert.ready_at)
        engine.alerts.enqueue("m", mount=Mount(sort=5, parent="screen"), on_duplicate="replace")
        show = engine.wait_for("alert.show")
        assert_type(show, AlertShow)
        print(show.alert.id, show.at, show.resumed)
        hide = engine.wait_for("alert.hide", lambda ev: ev.id == "A", timeout=5)
        assert_type(hide, AlertHide)
        anything = engine.wait_for("*")
        assert_type(anything, Event)
        now = engine.clock.advance(1500)
        assert_type(now, int)
        assert_type(engine.clock.now(), ClockNow)
        done = engine.alerts.complete("B")
        assert_type(done, Alert)
        cancelled = engine.alerts.cancel(ids=["A", "B"], states=["pending"])
        assert_type(cancelled, tuple[str, ...])
        alerts = engine.alerts.list(states=["showing"])
        assert_type(alerts, tuple[Alert, ...])
        print([a.id for a in alerts])

        off = engine.on("alert.show", lambda ev: print(ev.alert.id))
        off()
        engine.on("*", lambda ev: print(ev.name))
        engine.events.subscribe(["alert.changed"])
        engine.on("alert.changed", lambda ev: print(ev.state, ev.previous))
        for ev in engine.events(timeout=0):
            assert_type(ev, Event)
            if isinstance(ev, AlertChanged):
                print(ev.reason)
            print(ev.name)
        drained = engine.drain_events()
        assert_type(drained, list[Event])

        stats = engine.stats()
        assert_type(stats, Stats)
        if stats.state is not None:
            print(stats.state.path, stats.state.bytes)
        print(engine.initialize().server_info.version)
        assert_type(engine.with_timeout(0.5).alerts.enqueue("toast"), EnqueueResult)
        assert_type(engine.with_timeout(0.5).layers.tree("x"), TreeNode)

        with engine.batch() as batch:
            a = batch.layers.add("a", sort=2)
            ordering = batch.layers.paint_order()
            missing = batch.layers.get("nope")
            sub = batch.layers.tree("a")
        assert_type(a, Pending[Layer])
        assert_type(ordering, Pending[tuple[str, ...]])
        assert_type(sub, Pending[TreeNode])
        print(a.result().id, ordering.result(), missing.exception())

        raw = engine.call("layer.get", {"id": "a"})
        print(raw)
        engine.notify("engine.ping")
        print(engine.pid, engine.returncode, engine.running, engine.stderr_tail)
        assert_type(engine.close(), int | None)


class RoomEngine(Engine):
    """A program's own engine class keeps its type through `with`."""


class AsyncRoomEngine(AsyncEngine):
    pass


async def subclasses() -> None:
    with RoomEngine() as room:
        assert_type(room, RoomEngine)
    async with AsyncRoomEngine() as aroom:
        assert_type(aroom, AsyncRoomEngine)
    assert_type(await AsyncRoomEngine().start(), AsyncRoomEngine)


def limits() -> None:
    with Engine(clock="manual") as engine:
        engine.alerts.define_type("tip", limit=FrequencyLimit(max=1, window_ms=60_000))
        later = engine.alerts.enqueue("tip", id="T2", on_limit="defer")
        print(later.disposition, later.alert, later.retry_at)
        print([show.id for show in engine.alerts.history(type="tip")])
        assert_type(engine.alerts.forget(type="tip"), int)
        engine.alerts.enqueue("x", limit=None, key=UNSET)


def durable() -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = str(Path(directory) / "ui.db")
        with Engine(clock="manual", args=["--state", path]) as engine:
            engine.alerts.define_type("remind", persist=True)
            print(engine.alerts.get("tomorrow").state)


def errors() -> None:
    engine = Engine(binary=Path("./ordo"), timeout=None, tap=lambda d, m: print(d, m))
    try:
        engine.layers.get("nope")
    except NotFound as exc:
        assert_type(exc.kind, str | None)
        assert_type(exc.id, str | None)
        print(exc.code, exc.message, exc.data, exc.method)
    except InvalidParams as exc:
        assert_type(exc.path, str | None)
        print(exc.expected)
    except MethodNotFound as exc:
        print(exc.suggestion, exc.rpc_method)
    except OrdoError as exc:
        assert_type(exc.code, int)
    except EngineExited as exc:
        print(exc.returncode, exc.stderr_tail)
    except OrdoTimeout:
        pass
    except OrdoException:
        pass
    finally:
        engine.close()


async def main() -> None:
    async with AsyncEngine(clock="manual") as engine:
        assert_type(engine, AsyncEngine)
        engine.on("alert.show", lambda ev: print("show", ev.alert.id))

        async def on_hide(ev: AlertHide) -> None:
            print(ev.reason)

        engine.on("alert.hide", on_hide)
        fut = engine.alerts.enqueue("toast", duration_ms=2500)
        assert_type(fut, asyncio.Future[EnqueueResult])
        result = await fut
        assert_type(result, EnqueueResult)
        now = await engine.clock.advance(2500)
        assert_type(now, int)
        tree = await engine.layers.tree("a")
        assert_type(tree, TreeNode)
        async for ev in engine.events(timeout=0):
            assert_type(ev, Event)
            print(ev.name)
        pongs = await asyncio.gather(*[engine.ping() for _ in range(10)])
        print(pongs[0].at)
        show = await engine.wait_for("alert.show", timeout=1)
        assert_type(show, AlertShow)
        raw = await engine.call("engine.ping")
        print(raw)
        async with engine.batch() as batch:
            entry = batch.alerts.enqueue("x")
        assert_type(entry, Pending[EnqueueResult])
        print(await engine.with_timeout(0.5).ping())
    started = await AsyncEngine().start()
    assert_type(await started.close(), int | None)


def discovery() -> None:
    print(ordo.__version__, ordo.find_engine())
    asyncio.run(main())
