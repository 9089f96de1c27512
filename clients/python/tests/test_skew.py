"""This client driving an older engine (``ORDO_BIN``, a PATH entry or a pinned binary can
name one): what differs is the engine's to decide, and nothing of it fails the wrong call.

``ORDO_OLD_BIN`` names an engine from 0.2.0 to 0.2.3 for the tests that need one; without
it they are skipped (``test_endpoint.py`` replays that engine's answers instead)."""

from __future__ import annotations

import os

import pytest

from ordo import Engine

OLD = os.environ.get("ORDO_OLD_BIN")


def test_a_lone_surrogate_in_a_notification_fails_no_call(ordo_bin: str) -> None:
    """The current engine reads a cut emoji as U+FFFD; the call after it gets its answer."""
    with Engine(ordo_bin, timeout=10.0) as engine:
        engine.notify("layer.add", {"id": "x\ud83d"})
        assert engine.layers.add("a").id == "a"
        assert engine.layers.paint_order() == ("x\ufffd", "a")


@pytest.mark.skipif(OLD is None, reason="ORDO_OLD_BIN (an engine 0.2.0 to 0.2.3) is not set")
def test_an_older_engines_refusal_of_a_lone_surrogate_fails_no_call() -> None:
    """0.2.0 to 0.2.3 refused such a notification with -32700 and id null: the call after it
    got that ParseError although the engine applied it. It is the notification's now."""
    assert OLD is not None
    with Engine(OLD, timeout=10.0) as engine:
        version = engine.initialize().server_info.version
        assert version in ("0.2.0", "0.2.1", "0.2.2", "0.2.3"), version
        engine.notify("layer.add", {"id": "x\ud83d"})
        assert engine.layers.add("a").id == "a"
        assert engine.layers.paint_order() == ("a",)
