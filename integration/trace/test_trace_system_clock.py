"""The three popup scenarios of the seed on the SYSTEM clock with real timers, recorded and
replayed: durationMs auto-hides, delayMs schedules and ttlMs expiries fire on their own while
the client sleeps, and the replay's virtual clock reproduces each of those events at its due
time, in the same order relative to the requests.

The client never races a timer: after each step that starts one it waits for the event the
timer causes before sending anything else, so every such event was written at a wake-up of
the engine (no request was there to move time), whatever the load of the machine.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from conftest import EngineFactory
from trace_support import Engine, assert_identical, method, read_trace, wait_for

DURATION = 150
DELAY = 120
TTL = 100


def call(live: Engine, seen: list[Any], method_name: str, params: Any = None) -> Any:
    """A request; returns its result (events before it go to `seen`)."""
    id = live.call(method_name, params)
    messages = live.until_response(id)
    seen.extend(messages)
    response = messages[-1]
    assert "result" in response, response
    return response["result"]


def start(engine: EngineFactory, trace: Path) -> tuple[Engine, list[Any]]:
    live = engine("--trace", str(trace))
    seen: list[Any] = []
    assert call(live, seen, "clock.now")["mode"] == "system"
    call(live, seen, "events.subscribe", {"topics": ["alert.changed"]})
    for name, priority in (("redPacket", 30), ("growthGift", 20), ("follow", 10)):
        call(live, seen, "alert.defineType", {"type": name, "priority": priority, "scope": "room"})
    call(live, seen, "nav.set", {"stack": ["room"]})
    return live, seen


def finish(live: Engine, trace: Path) -> None:
    status, rest = live.finish()
    assert (status, rest) == (0, b"")
    recorded = read_trace(trace)
    # Timer events were recorded at wake-ups: output records later than the input before.
    last_input_at = None
    woke = 0
    for record in recorded.records:
        if record.dir == "in":
            last_input_at = record.at
        elif last_input_at is not None and record.at > last_input_at:
            woke += 1
    assert woke > 0, "no output was written at a timer's wake-up"
    assert_identical(trace)


def shown(seen: list[Any]) -> list[str]:
    return [m["params"]["alert"]["id"] for m in seen if method("alert.show")(m)]


def test_ideal_in_order_auto_hide_and_navigation(engine: EngineFactory, tmp_path: Path) -> None:
    """A, B, C arrive in order. A and C auto-hide after durationMs (a real timer); B takes
    the user to another page, and the rest continue, in order, after the user comes back."""
    trace = tmp_path / "ideal.trace"
    live, seen = start(engine, trace)
    call(live, seen, "alert.enqueue", {"type": "redPacket", "id": "A", "durationMs": DURATION})
    call(live, seen, "alert.enqueue", {"type": "growthGift", "id": "B"})
    call(live, seen, "alert.enqueue", {"type": "follow", "id": "C", "durationMs": DURATION})
    show_a = wait_for(live, method("alert.show", alert_id="A"), seen)
    hide_a = wait_for(live, method("alert.hide", id="A", reason="timeout"), seen)
    assert hide_a["params"]["at"] - show_a["params"]["at"] == DURATION
    wait_for(live, method("alert.show", alert_id="B"), seen)
    call(live, seen, "nav.push", {"scope": "wallet"})  # B's button: another page
    time.sleep(0.3)  # away: C may not show here (scope room), nothing fires
    call(live, seen, "nav.pop")
    wait_for(live, method("alert.show", alert_id="B", resumed=True), seen)
    call(live, seen, "alert.complete", {"id": "B"})
    show_c = wait_for(live, method("alert.show", alert_id="C"), seen)
    hide_c = wait_for(live, method("alert.hide", id="C", reason="timeout"), seen)
    assert hide_c["params"]["at"] - show_c["params"]["at"] == DURATION
    # After C's hide: on a machine slow enough to take A's 150 ms to send B, A hid with its
    # queue empty and an idle came then too.
    wait_for(live, method("alert.idle"), seen, after=hide_c)
    assert shown(seen) == ["A", "B", "B", "C"]  # B twice: shown, then resumed
    finish(live, trace)


def test_advanced_b_first_then_priority(engine: EngineFactory, tmp_path: Path) -> None:
    """B's data arrives first and B shows; C's and A's arrive while B shows and are kept;
    when the user closes B, A shows (highest priority) and auto-hides, then C."""
    trace = tmp_path / "advanced.trace"
    live, seen = start(engine, trace)
    call(live, seen, "alert.enqueue", {"type": "growthGift", "id": "B"})
    call(live, seen, "alert.enqueue", {"type": "follow", "id": "C", "durationMs": DURATION})
    call(live, seen, "alert.enqueue", {"type": "redPacket", "id": "A", "durationMs": DURATION})
    time.sleep(0.2)
    call(live, seen, "alert.complete", {"id": "B"})
    wait_for(live, method("alert.hide", id="A", reason="timeout"), seen)
    wait_for(live, method("alert.hide", id="C", reason="timeout"), seen)
    wait_for(live, method("alert.idle"), seen)
    assert shown(seen) == ["B", "A", "C"]
    hides = [m["params"]["at"] for m in seen if method("alert.hide")(m)]
    assert hides[1] - hides[0] == DURATION
    finish(live, trace)


def high_end(engine: EngineFactory, trace: Path, cancel: bool) -> list[Any]:
    live, seen = start(engine, trace)
    call(live, seen, "alert.enqueue", {"type": "redPacket", "id": "A"})
    scheduled = call(
        live, seen, "alert.enqueue", {"type": "growthGift", "id": "B", "delayMs": DELAY}
    )
    assert scheduled["alert"]["state"] == "scheduled"
    # C, kept while A shows, runs out of time while the client sleeps.
    call(live, seen, "alert.enqueue", {"type": "follow", "id": "C", "ttlMs": TTL})
    call(live, seen, "nav.push", {"scope": "wallet"})  # the user follows A
    ready = wait_for(live, method("alert.changed", id="B", reason="ready"), seen)
    assert ready["params"]["at"] == scheduled["alert"]["readyAt"]
    expired = wait_for(live, method("alert.changed", id="C", reason="expired"), seen)
    assert expired["params"]["state"] == "expired"
    call(live, seen, "alert.complete", {"id": "A"})
    if cancel:
        call(live, seen, "alert.cancel", {"id": "B"})  # something made B unnecessary
    call(live, seen, "nav.pop")
    call(live, seen, "engine.ping")
    finish(live, trace)
    return seen


def test_high_end_cancelled_while_away(engine: EngineFactory, tmp_path: Path) -> None:
    seen = high_end(engine, tmp_path / "high-end-cancel.trace", cancel=True)
    assert shown(seen) == ["A"]


def test_high_end_scheduled_shows_on_return(engine: EngineFactory, tmp_path: Path) -> None:
    seen = high_end(engine, tmp_path / "high-end.trace", cancel=False)
    assert shown(seen) == ["A", "B"]


def test_clock_switched_by_initialize_replays(engine: EngineFactory, tmp_path: Path) -> None:
    """System → manual → system: engine times and wall-clock times (the show history's
    wallAt) after the switch back replay exactly."""
    trace = tmp_path / "switch.trace"
    live = engine("--trace", str(trace))
    seen: list[Any] = []
    call(live, seen, "initialize", {"clock": "manual"})
    call(live, seen, "clock.advance", {"ms": 5000})
    call(live, seen, "alert.enqueue", {"type": "t", "id": "manual"})
    call(live, seen, "alert.complete", {"id": "manual"})
    time.sleep(0.05)
    call(live, seen, "initialize", {"clock": "system"})
    time.sleep(0.05)
    enqueued = call(live, seen, "alert.enqueue", {"type": "t", "id": "system", "durationMs": 50})
    wait_for(live, method("alert.hide", id="system", reason="timeout"), seen)
    shows = call(live, seen, "alert.history", {})["shows"]
    assert [show["id"] for show in shows] == ["system", "manual"]
    assert shows[0]["wallAt"] - shows[0]["at"] == read_trace(trace).header["startedWallAt"]
    assert enqueued["alert"]["createdAt"] >= 100
    finish(live, trace)


def test_manual_start_switched_to_system_replays_engine_times(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """Started on the manual clock, switched to the system clock: the replay's clock is
    virtual too, so engine times after the switch (createdAt, timers) replay exactly."""
    trace = tmp_path / "manual-to-system.trace"
    live = engine("--clock", "manual", "--trace", str(trace))
    seen: list[Any] = []
    call(live, seen, "clock.advance", {"ms": 100})
    call(live, seen, "initialize", {"clock": "system"})
    time.sleep(0.1)
    enqueued = call(live, seen, "alert.enqueue", {"type": "t", "id": "a", "durationMs": 80})
    hide = wait_for(live, method("alert.hide", id="a", reason="timeout"), seen)
    assert hide["params"]["at"] == enqueued["alert"]["createdAt"] + 80
    call(live, seen, "engine.ping")
    finish(live, trace)


def test_switch_to_system_in_a_batch_replays_at_the_recorded_instant(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """An alert enqueued in the batch that switches from the manual to the system clock is
    created at the system clock's time then, which the trace records on the input
    (`systemAt`): the replay switches at that instant, not at the virtual clock's last
    reading (0 here, since the session ran on the manual clock until then)."""
    trace = tmp_path / "switch-in-batch.trace"
    live = engine("--clock", "manual", "--trace", str(trace))
    seen: list[Any] = []
    call(live, seen, "clock.advance", {"ms": 7000})
    time.sleep(0.06)
    live.send(
        b'[{"jsonrpc":"2.0","id":"s","method":"initialize","params":{"clock":"system"}},'
        b'{"jsonrpc":"2.0","id":"e","method":"alert.enqueue",'
        b'"params":{"type":"t","id":"a","durationMs":40}}]\n'
    )
    hide = wait_for(live, method("alert.hide", id="a", reason="timeout"), seen)
    wait_for(live, method("alert.idle", queue="default"), seen)
    show = next(m for m in seen if method("alert.show", alert_id="a")(m))
    created = show["params"]["alert"]["createdAt"]
    assert created >= 60 and hide["params"]["at"] == created + 40
    switch = [r for r in read_trace(trace).inputs if r.system_at is not None]
    assert [r.at for r in switch] == [7000]
    assert switch[0].system_at is not None and len(switch[0].system_at) == 1
    assert created - 10 <= switch[0].system_at[0] <= created
    status, rest = live.finish()
    assert (status, rest) == (0, b"")
    assert_identical(trace)


def test_timers_set_after_a_switch_are_not_fired_by_the_old_clocks_times(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """Manual time 10^6, then the system clock (a few ms): the replay's last catch-up goes
    to the latest time recorded on the clock the session ends on, so a dismiss due after
    the recording ended does not fire in the replay (the manual 10^6 used to be taken)."""
    trace = tmp_path / "switch-catch-up.trace"
    live = engine("--clock", "manual", "--trace", str(trace))
    seen: list[Any] = []
    call(live, seen, "clock.advance", {"ms": 1_000_000})
    call(live, seen, "initialize", {"clock": "system"})
    call(live, seen, "alert.enqueue", {"type": "t", "id": "long", "durationMs": 600_000})
    status, rest = live.finish()
    assert (status, rest) == (0, b"")
    assert not any(method("alert.hide")(m) for m in seen)
    assert_identical(trace)


def test_several_switches_in_one_batch_each_replay_at_their_instant(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """A batch that switches to the system clock twice (manual in between) records both
    instants: each alert created after a switch gets the createdAt it had."""
    trace = tmp_path / "two-switches.trace"
    live = engine("--clock", "manual", "--max-batch", "10000", "--trace", str(trace))
    seen: list[Any] = []
    call(live, seen, "clock.advance", {"ms": 3000})
    time.sleep(0.03)
    entries = [
        {"jsonrpc": "2.0", "id": "s1", "method": "initialize", "params": {"clock": "system"}},
        {
            "jsonrpc": "2.0",
            "id": "a",
            "method": "alert.enqueue",
            "params": {"type": "t", "id": "a"},
        },
        {"jsonrpc": "2.0", "id": "m", "method": "initialize", "params": {"clock": "manual"}},
    ]
    # Layers enough that the second switch comes a few milliseconds after the first.
    entries += [
        {"jsonrpc": "2.0", "method": "layer.add", "params": {"id": f"l{n}"}} for n in range(4000)
    ]
    entries += [
        {"jsonrpc": "2.0", "id": "s2", "method": "initialize", "params": {"clock": "system"}},
        {
            "jsonrpc": "2.0",
            "id": "b",
            "method": "alert.enqueue",
            "params": {"type": "u", "id": "b"},
        },
    ]
    live.send(json.dumps(entries).encode() + b"\n")
    wait_for(live, lambda m: isinstance(m, list), seen)
    status, _ = live.finish()
    assert status == 0
    switches = [r.system_at for r in read_trace(trace).inputs if r.system_at is not None]
    assert len(switches) == 1 and switches[0] is not None and len(switches[0]) == 2
    assert switches[0][0] <= switches[0][1]
    assert_identical(trace)


def test_a_reset_before_a_switch_in_one_batch_records_the_switch_after_it(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """With --state, a batch whose engine.reset commits mid-message is recorded at the
    reset; a switch to the system clock later in the batch is recorded after it
    (`moreSystemAt`), not on the next input."""
    trace = tmp_path / "reset-switch.trace"
    state = tmp_path / "reset-switch.db"
    live = engine("--clock", "manual", "--state", str(state), "--trace", str(trace))
    seen: list[Any] = []
    call(live, seen, "clock.advance", {"ms": 5000})
    time.sleep(0.05)
    live.send(
        b'[{"jsonrpc":"2.0","id":"r","method":"engine.reset"},'
        b'{"jsonrpc":"2.0","id":"s","method":"initialize","params":{"clock":"system"}},'
        b'{"jsonrpc":"2.0","id":"e","method":"alert.enqueue","params":{"type":"t","id":"a"}}]\n'
    )
    wait_for(live, lambda m: isinstance(m, list), seen)
    listed = call(live, seen, "alert.list")["alerts"]
    assert [a["createdAt"] >= 50 for a in listed] == [True]
    status, _ = live.finish()
    assert status == 0
    recorded = read_trace(trace)
    batch = next(r for r in recorded.inputs if isinstance(r.message, list))
    assert batch.system_at is not None and len(batch.system_at) == 1
    assert all(r.system_at is None for r in recorded.inputs if r is not batch)
    assert_identical(trace)


def test_manual_start_switched_to_system_replays_wall_times(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """The header's startedWallAt is the real-time clock at start whatever the mode, so
    wall-clock times after a switch to the system clock replay too (the manual clock's
    --epoch-ms comes from the recorded arguments). The switch keeps the manual show's wall
    time (5000) and converts its engine time to the system clock's origin."""
    trace = tmp_path / "manual-to-system-wall.trace"
    live = engine("--clock", "manual", "--epoch-ms", "5000", "--trace", str(trace))
    seen: list[Any] = []
    call(live, seen, "alert.enqueue", {"type": "t", "id": "manual"})
    call(live, seen, "alert.complete", {"id": "manual"})
    call(live, seen, "initialize", {"clock": "system"})
    call(live, seen, "alert.enqueue", {"type": "t", "id": "system"})
    shows = call(live, seen, "alert.history", {})["shows"]
    started = read_trace(trace).header["startedWallAt"]
    assert [(s["id"], s["wallAt"] - s["at"]) for s in shows] == [
        ("system", started),
        ("manual", started),
    ]
    assert shows[1]["wallAt"] == 5000
    status, rest = live.finish()
    assert (status, rest) == (0, b"")
    assert_identical(trace)


def test_a_switch_recorded_before_the_replays_system_time_does_not_take_it_back(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """A `systemAt` earlier than the system time the replay has reached (only an edited trace
    can hold one: the recorded clock only moves on) is not followed back: the switch happens
    at the replay's own time, which never goes backwards."""
    trace = tmp_path / "early-switch.trace"
    live = engine("--trace", str(trace))
    seen: list[Any] = []
    time.sleep(0.05)
    pinged = call(live, seen, "engine.ping")["at"]
    call(live, seen, "initialize", {"clock": "manual"})
    time.sleep(0.02)
    live.send(
        b'[{"jsonrpc":"2.0","id":"s","method":"initialize","params":{"clock":"system"}},'
        b'{"jsonrpc":"2.0","id":"n","method":"clock.now"}]\n'
    )
    [_, now] = live.message()
    status, rest = live.finish()
    assert (status, rest) == (0, b"")
    switched = now["result"]["now"]
    assert pinged >= 20 and now["result"] == {"now": switched, "mode": "system"}
    assert switched >= pinged + 20
    assert_identical(trace)
    # The switch moved back before the ping, and clock.now's answer to the system time of
    # the last input on that clock (the switch to manual): the replay's clock stays there
    # through the switch back.
    inputs = read_trace(trace).inputs
    recorded = [r.system_at for r in inputs if r.system_at is not None]
    assert len(recorded) == 1 and recorded[0] is not None and len(recorded[0]) == 1
    last_system = inputs[-2].at  # initialize {clock: manual}, stamped on the system clock
    assert pinged <= last_system <= switched
    text = trace.read_bytes()
    for old, new in (
        (f'"systemAt":[{recorded[0][0]}]', '"systemAt":[1]'),
        (f'"now":{switched},', f'"now":{last_system},'),
    ):
        assert text.count(old.encode()) == 1, old
        text = text.replace(old.encode(), new.encode())
    trace.write_bytes(text)
    assert_identical(trace)
