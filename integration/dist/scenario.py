"""The seed's advanced scenario through the installed wheel: ``Engine()`` with no path.

Copied into a fresh virtualenv outside the repository and run there by test_dist.py. B's
data arrives first and B shows; A's and C's arrive while B shows and wait; when the user
closes B, A shows (priority, not arrival), then C. Prints one JSON object for the test.
"""

from __future__ import annotations

import json

import ordo
from ordo import Engine

with Engine(clock="manual", timeout=10) as engine:
    info = engine.initialize()
    for kind, priority in [("redPacket", 30), ("growthGift", 20), ("follow", 10)]:
        engine.alerts.define_type(kind, priority=priority, scope="room")
    engine.nav.set(["room"])
    shown: list[str] = []

    engine.clock.advance(120)
    engine.alerts.enqueue("growthGift", id="B")
    shown.append(engine.wait_for("alert.show").alert.id)
    engine.clock.advance(130)
    engine.alerts.enqueue("follow", id="C")
    engine.clock.advance(150)
    engine.alerts.enqueue("redPacket", id="A")
    waiting = sorted(a.id for a in engine.alerts.list(states=["pending"]))

    engine.clock.advance(1100)
    engine.alerts.complete("B")
    shown.append(engine.wait_for("alert.show").alert.id)
    engine.clock.advance(800)
    engine.alerts.complete("A")
    shown.append(engine.wait_for("alert.show").alert.id)
    engine.alerts.complete("C")
    engine.wait_for("alert.idle")

    print(
        json.dumps(
            {
                "binary": engine.binary,
                "server_version": info.server_info.version,
                "client_version": ordo.__version__,
                "waiting_while_B_shows": waiting,
                "shown": shown,
            }
        )
    )
