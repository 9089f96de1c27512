"""Calls a type checker must refuse: each line whose comment says rejected is an error to
pyright and to mypy (both strict), and no other line is (test_typing.py). Never run.
"""

from ordo import AlertHide, AsyncEngine, Engine


def bad(engine: Engine, aengine: AsyncEngine) -> None:
    engine.layers.add(sort="x")  # rejected
    engine.layers.add(frame=[0, 0, 1, 1])  # rejected
    engine.alerts.enqueue("x", on_duplicate="bogus")  # rejected
    engine.layers.remove()  # rejected
    engine.layers.hit_test(1, 2, 3)  # rejected
    engine.on("alert.show", lambda ev: ev.id)  # rejected: AlertShow has no id
    engine.on("alert.shwo", lambda ev: None)  # no static error (str overload): runtime ValueError
    engine.wait_for("alert.hide").alert  # rejected
    x: int = engine.layers.get("a")  # rejected
    y: int = aengine.ping()  # rejected
    engine.events.subscribe(["bogus"])  # rejected
    engine.layers.render(point=[1, 2])  # rejected

    def h(ev: AlertHide) -> None: ...

    engine.on("alert.show", h)  # rejected
