"""This client driving an older engine (``ORDO_BIN``, a PATH entry or a pinned binary can
name one): what differs is the engine's to decide, and nothing of it fails the wrong call.

``test_endpoint.py`` replays the answers of an engine from 0.2.0 to 0.2.3, which refused a
lone surrogate escape (a 0.2.0 engine built from history was checked by hand the same
way)."""

from __future__ import annotations

from ordo import Engine


def test_a_lone_surrogate_in_a_notification_fails_no_call(ordo_bin: str) -> None:
    """The current engine reads a cut emoji as U+FFFD; the call after it gets its answer."""
    with Engine(ordo_bin, timeout=10.0) as engine:
        engine.notify("layer.add", {"id": "x\ud83d"})
        assert engine.layers.add("a").id == "a"
        assert engine.layers.paint_order() == ("x\ufffd", "a")
