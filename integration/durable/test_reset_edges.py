"""`engine.reset` with --state on a file that is no longer the one at its path: the reset
reads the file again as a restart would, and a restart would not find this one."""

from __future__ import annotations

from pathlib import Path

from conftest import EngineFactory


def test_a_reset_after_the_file_was_renamed_is_refused_and_changes_nothing(
    state: Path, engine: EngineFactory
) -> None:
    """docs/protocol.md (-32005): `engine.reset` reads the file again; a file renamed under
    the engine is `io_error`, said as "could not be read", and memory is kept."""
    live = engine(state)
    live.result("alert.defineType", {"type": "t"})
    live.result("layer.add", {"id": "kept"})
    state.rename(state.with_name("moved.db"))
    refused = live.call("engine.reset").error
    assert refused["code"] == -32005
    assert refused["data"]["reason"] == "io_error"
    assert "could not be read" in str(refused["message"])
    # Nothing was changed: the layer is still there.
    assert live.result("layer.get", {"id": "kept"})["id"] == "kept"
