"""State files written by older Ordos load in this one, unchanged in meaning.

An adopter who upgrades keeps their state file: "once per 30 days" must go on counting the
shows an older engine recorded, and its persisted alerts must come back as that engine
left them. fixtures/state-VERSION.db is what Ordo VERSION wrote in one fixed session
(fixtures/make_old_states.py, run against that version's binary; fixtures/README.md says
which commit), and fixtures/state-VERSION.json what that engine answered just before it
exited: its alert.list, alert.history, the queues' settings, its clock. Each test opens a
copy of a fixture with the engine under test (no old toolchain needed) and checks the
restored state against those answers and the session's known values, by the restore
rules of docs/protocol.md ("After a restart"): the ended alerts and the ones not persisted
are gone, a showing one is suspended, times are the same wall-clock instants.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from conftest import EngineFactory
from durable_support import DAY_MS, JSON, Engine, alert_ids, sqlite3

HOUR_MS = 3_600_000
FIXTURES = Path(__file__).resolve().parent / "fixtures"
VERSIONS = sorted(
    (path.stem.removeprefix("state-") for path in FIXTURES.glob("state-*.json")),
    key=lambda version: tuple(int(part) for part in version.split(".")),
)
ENDED = {"done", "cancelled", "expired"}
TIMES = ("createdAt", "readyAt", "expiresAt", "shownAt", "endedAt")

# The session's names (make_old_states.py): the type redefined in another spelling.
NFD_TYPE = "cre\u0300me"
NFC_TYPE = "cr\u00e8me"

# The alerts the session left persisted and not ended, in alert.list's order after a restart
# with "default" paused: pending and suspended by priority then seq, then scheduled by
# readyAt. my-banner showed (now suspended); alert-7 was pending but not persisted.
RESTORED_ORDER = [
    "alert-5",  # banner, deduped to priority 3, with a mount and data
    "alert-6",  # reminder, pending, its TTL an hour after 6500
    "my-banner",  # showing at the end: suspended
    "alert-11",  # banner in "side", scoped to a page never active
    "alert-12",  # tip "a", deferred by its cooldown to 2000 + 1 h
    "alert-8",  # reminder, scheduled a day after 6500
    "alert-9",  # banner, scheduled two days after 6500, preempting
    "alert-10",  # rateApp, deferred by its 30-day limit
]


def record_of(version: str) -> dict[str, JSON]:
    record: dict[str, JSON] = json.loads((FIXTURES / f"state-{version}.json").read_text())
    return record


@pytest.fixture(params=VERSIONS)
def old(request: pytest.FixtureRequest) -> dict[str, JSON]:
    """What one older Ordo answered at the end of the session that wrote its fixture."""
    version: str = request.param
    return record_of(version)


def start(engine: EngineFactory, tmp_path: Path, old: dict[str, JSON], later_ms: int = 0) -> Engine:
    """The engine under test on a copy of the old file, at the wall-clock instant the old
    engine exited (`later_ms` after it)."""
    return engine(copy_of(old, tmp_path), epoch_ms=old["epochMs"] + old["now"] + later_ms)


def copy_of(old: dict[str, JSON], tmp_path: Path) -> Path:
    """tmp_path/state.db, a copy of the old file (made once: the fixture is never opened)."""
    copy = tmp_path / "state.db"
    if not copy.exists():
        shutil.copyfile(FIXTURES / f"state-{old['version']}.db", copy)
    return copy


def shifted(value: dict[str, JSON], by: int, names: tuple[str, ...]) -> dict[str, JSON]:
    """`value` with its engine times in `names` moved by `by` (null stays null)."""
    return {
        name: member + by if name in names and member is not None else member
        for name, member in value.items()
    }


def as_restored(alert: dict[str, JSON], by: int) -> dict[str, JSON]:
    """An alert the old engine listed, as a restart restores it: its times in the new
    engine's time, and a showing one suspended."""
    restored = shifted(alert, by, TIMES)
    if restored["state"] == "showing":
        restored["state"] = "suspended"
    return restored


def expected_restored(old: dict[str, JSON], by: int) -> dict[str, dict[str, JSON]]:
    return {
        alert["id"]: as_restored(alert, by)
        for alert in old["list"]
        if alert["persist"] and alert["state"] not in ENDED
    }


def pause_default(new: Engine) -> list[dict[str, JSON]]:
    """The first request: holds "default", where the restored alerts that could show are;
    returns the events the restored alerts caused before its answer."""
    reply = new.call("alert.pause", {"queue": "default", "reason": "upgrade"})
    assert reply.result == {"paused": True, "reasons": ["upgrade"]}
    return reply.events


def assert_quiet(new: Engine) -> None:
    """A clean exit, and nothing in the log: no refusal, no warning about the file."""
    assert new.close() == 0
    assert "warn" not in new.stderr() and "error" not in new.stderr(), new.stderr()


def test_the_session_wrote_the_same_state_in_every_version() -> None:
    """The fixtures hold one state: a difference here is an older engine that answered the
    session otherwise, which the other tests would then misread."""
    first = record_of(VERSIONS[0])
    for version in VERSIONS:
        record = record_of(version)
        assert (FIXTURES / f"state-{version}.db").is_file()
        for member in ("now", "epochMs", "limited", "last", "list", "history", "queues"):
            assert record[member] == first[member], (version, member)
    assert [alert["id"] for alert in first["list"] if alert["state"] not in ENDED] == [
        "my-banner",
        "alert-7",
        "alert-5",
        "alert-6",
        "alert-11",
        "alert-12",
        "alert-8",
        "alert-9",
        "alert-10",
    ]


def test_alerts_history_and_settings_come_back(
    old: dict[str, JSON], engine: EngineFactory, tmp_path: Path
) -> None:
    now = old["now"]
    new = start(engine, tmp_path, old)
    # "default" paused, nothing restored can show: "side" holds a scoped alert and a
    # scheduled one.
    assert pause_default(new) == []
    listed = new.result("alert.list", {})["alerts"]
    assert alert_ids(listed) == RESTORED_ORDER
    # Every member as the old engine answered it, at the same wall-clock instants.
    expected = expected_restored(old, -now)
    assert {alert["id"]: alert for alert in listed} == expected
    # The values themselves, in the new engine's time (the old exit is at 0 now).
    banner = expected["my-banner"]
    assert (banner["state"], banner["shownAt"], banner["shownCount"]) == ("suspended", -60010, 1)
    assert banner["data"] == {"text": "hello", "n": [1, 2]} and banner["key"] == "b1"
    assert expected["alert-5"]["priority"] == 3 and expected["alert-5"]["data"] == {"v": 2}
    assert expected["alert-5"]["mount"] == {"parent": None, "sort": 2}
    assert expected["alert-6"]["expiresAt"] == 6500 + HOUR_MS - now
    assert expected["alert-8"]["readyAt"] == 6500 + DAY_MS - now
    assert expected["alert-8"]["expiresAt"] == 6500 + 7 * DAY_MS - now
    assert expected["alert-9"]["readyAt"] == 6500 + 2 * DAY_MS - now
    assert expected["alert-10"]["readyAt"] == 30 * DAY_MS - now
    assert expected["alert-11"]["scope"] == "settings"
    assert expected["alert-12"]["readyAt"] == 2000 + HOUR_MS - now

    # The show history: every show, newest first, at the same wall-clock time.
    shows = new.result("alert.history", {"limit": 1000})["shows"]
    assert shows == [shifted(show, -now, ("at",)) for show in old["history"]]
    assert [(show["id"], show["at"] + now) for show in shows] == [
        ("alert-13", 66500),
        ("my-banner", 6500),
        ("alert-4", 3500),
        ("alert-3", 2000),
        ("alert-2", 2000),
        ("alert-1", 0),
    ]
    # The queues' settings.
    for name, settings in old["queues"].items():
        assert new.result("alert.configure", {"queue": name}) == settings
    assert old["queues"]["default"] == {
        "queue": "default",
        "maxConcurrent": 1,
        "minGapMs": 250,
        "historyLimit": 40,
    }

    # Resumed, the queue shows by priority: alert-5 (3) first; the suspended banner (2)
    # comes back with resumed: true once the two better ones are gone and the gap ran.
    reply = new.call("alert.resume", {"queue": "default", "reason": "upgrade"})
    assert [(e["method"], e["params"]["alert"]["id"]) for e in reply.events] == [
        ("alert.show", "alert-5")
    ]
    assert reply.events[0]["params"]["resumed"] is False
    assert new.result("alert.cancel", {"ids": ["alert-5", "alert-6"]}) == {
        "cancelled": ["alert-5", "alert-6"]
    }
    events = new.call("clock.advance", {"ms": 250}).events
    assert [(e["method"], e["params"]["alert"]["id"]) for e in events] == [
        ("alert.show", "my-banner")
    ]
    assert events[0]["params"]["resumed"] is True
    assert events[0]["params"]["alert"]["data"] == {"text": "hello", "n": [1, 2]}
    assert_quiet(new)

    # Written back by the engine under test, the file loads again with the same alerts.
    again = engine(tmp_path / "state.db", epoch_ms=old["epochMs"] + now)
    assert pause_default(again) == []
    relisted = again.result("alert.list", {})["alerts"]
    assert alert_ids(relisted) == [i for i in RESTORED_ORDER if i not in ("alert-5", "alert-6")]
    # alert-5's show is recorded (my-banner's resumption is not).
    shows = again.result("alert.history", {"limit": 1000})["shows"]
    assert [show["id"] for show in shows[:3]] == ["alert-5", "alert-13", "my-banner"]
    assert len(shows) == len(old["history"]) + 1
    assert_quiet(again)


def test_counters_go_on(old: dict[str, JSON], engine: EngineFactory, tmp_path: Path) -> None:
    """A new enqueue gets the next generated id and seq after the old engine's last."""
    last = old["last"]
    assert (last["id"], last["seq"]) == ("alert-13", 14)
    new = start(engine, tmp_path, old)
    pause_default(new)
    made = new.result("alert.enqueue", {"type": "news", "queue": "bulk"})["alert"]
    assert (made["id"], made["seq"], made["state"]) == ("alert-14", 15, "showing")
    assert_quiet(new)


def test_frequency_limits_count_the_old_shows(
    old: dict[str, JSON], engine: EngineFactory, tmp_path: Path
) -> None:
    now = old["now"]
    new = start(engine, tmp_path, old)
    pause_default(new)
    # Once per 30 days: the show at 0 still counts (the old engine answered the same).
    refused = new.result("alert.enqueue", {"type": "rateApp"})
    assert refused == {"alert": None, "disposition": "limited", "retryAt": 30 * DAY_MS - now}
    assert old["limited"] == {"alert": None, "disposition": "limited", "retryAt": 30 * DAY_MS}
    # tip: per key, twice a day, an hour apart, deferred. "b" showed at 2000: its cooldown
    # defers it to 2000 + 1 h; a new key shows at once.
    b = new.result("alert.enqueue", {"type": "tip", "key": "b"})["alert"]
    assert (b["state"], b["readyAt"], b["queue"], b["priority"]) == (
        "scheduled",
        2000 + HOUR_MS - now,
        "side",
        1,
    )
    c = new.result("alert.enqueue", {"type": "tip", "key": "c"})["alert"]
    assert c["state"] == "showing"
    # A keyless tip is refused: the limit is per key.
    assert new.call("alert.enqueue", {"type": "tip"}).error["data"]["path"] == "/key"
    # The restored tip "a" (deferred by the old engine) shows when its cooldown ends; then
    # "a" has its two shows of the day (2000 and now), so the next waits for the day's end.
    events = new.call("clock.advance", {"ms": 2000 + HOUR_MS - now}).events
    shown = [(e["params"]["alert"]["id"], e["params"]["resumed"]) for e in events]
    assert ("alert-12", False) in shown
    new.result("alert.complete", {"id": "alert-12"})  # else the next "a" dedupes into it
    a = new.result("alert.enqueue", {"type": "tip", "key": "a"})["alert"]
    assert (a["state"], a["readyAt"]) == ("scheduled", 2000 + DAY_MS - now)
    assert_quiet(new)


def test_types_keep_their_defaults(
    old: dict[str, JSON], engine: EngineFactory, tmp_path: Path
) -> None:
    """An enqueue naming only the type gets what the old session defined."""
    new = start(engine, tmp_path, old)
    pause_default(new)

    def made(type: str) -> dict[str, JSON]:
        alert: dict[str, JSON] = new.result("alert.enqueue", {"type": type})["alert"]
        return alert

    reminder = made("reminder")
    assert (reminder["priority"], reminder["queue"], reminder["persist"]) == (3, "default", True)
    assert reminder["durationMs"] == 5000
    assert reminder["expiresAt"] == reminder["createdAt"] + 7 * DAY_MS
    banner = made("banner")
    assert (banner["priority"], banner["persist"], banner["durationMs"]) == (2, True, None)
    assert banner["expiresAt"] is None and banner["scope"] is None
    news = made("news")
    assert (news["priority"], news["persist"], news["durationMs"]) == (2, False, 2000)
    assert_quiet(new)


def test_a_type_redefined_in_another_spelling_keeps_its_last_definition(
    old: dict[str, JSON], engine: EngineFactory, tmp_path: Path
) -> None:
    """The session defined "cre\u0300me" (priority 7), then in a later commit "cr\u00e8me"
    (priority 8), one name to the engine. Ordo 0.2.10 and earlier filed the second under
    its own spelling: two rows. Every older engine restored such a file with the last row by
    bytes, the composed one, priority 8: the definition in force when the session ended
    (checked with 0.2.0, 0.2.5, 0.2.10, 0.2.20 and 0.2.25 on these files). 0.2.29's loader
    kept the first by bytes (the decomposed row, priority 7: the definition the user
    replaced), and its first commit deleted the other row, so the replacement was lost for
    good. Later versions file one row (priority 8), which loads as it should."""
    path = copy_of(old, tmp_path)
    twins = int(sqlite3(path, "SELECT count(*) FROM types WHERE type LIKE 'cr%'"))
    assert twins == (2 if old["version"] in ("0.2.0", "0.2.5", "0.2.10") else 1)
    new = start(engine, tmp_path, old)
    pause_default(new)
    for spelling in (NFD_TYPE, NFC_TYPE):
        alert: dict[str, Any] = new.result("alert.enqueue", {"type": spelling})["alert"]
        assert (alert["priority"], alert["queue"]) == (8, "side")
    assert_quiet(new)
    # The commits left one row (of two, the composed spelling's, which was loaded).
    rows = sqlite3(path, "SELECT hex(type) FROM types WHERE type LIKE 'cr%'").split()
    assert len(rows) == 1 and (twins == 1 or rows == [NFC_TYPE.encode().hex().upper()]), rows


def test_three_days_later(old: dict[str, JSON], engine: EngineFactory, tmp_path: Path) -> None:
    """The restart three days after the old exit: the hour-long TTL ran out while no engine
    ran (expired at its expiresAt, silently), tomorrow's and the two-day reminder are due,
    and the 30-day limit still counts the show of day 0."""
    now = old["now"]
    later = 3 * DAY_MS
    new = start(engine, tmp_path, old, later_ms=later)
    by = -now - later
    # "side" is not paused: tip "a" (due since 2000 + 1 h, its day's shows long past) shows.
    events = pause_default(new)
    assert [(e["method"], e["params"]["alert"]["id"]) for e in events] == [
        ("alert.show", "alert-12")
    ]
    assert events[0]["params"]["resumed"] is False
    listed = new.result("alert.list", {})["alerts"]
    restored = expected_restored(old, by)
    expired = {
        **restored["alert-6"],
        "state": "expired",
        "endedAt": restored["alert-6"]["expiresAt"],
        "endReason": "expired",
    }
    assert expired["endedAt"] == 6500 + HOUR_MS + by
    # The alerts due while no engine ran are pending; alert-12 shows.
    assert alert_ids(listed) == [
        "alert-12",
        "alert-9",
        "alert-5",
        "alert-8",
        "my-banner",
        "alert-11",
        "alert-10",
        "alert-6",
    ]
    got = {alert["id"]: alert for alert in listed}
    assert got["alert-6"] == expired
    assert got["alert-10"] == restored["alert-10"]
    for id in ("alert-8", "alert-9"):
        assert got[id] == {**restored[id], "state": "pending"}, id
    assert got["alert-12"]["state"] == "showing" and got["alert-12"]["shownAt"] == 0
    # Day 3 of 30: still limited.
    refused = new.result("alert.enqueue", {"type": "rateApp"})
    assert refused["retryAt"] == 30 * DAY_MS + by
    # Resumed, "default" shows the best: the two-day banner (priority 9).
    events = new.call("alert.resume", {"queue": "default", "reason": "upgrade"}).events
    assert [(e["method"], e["params"]["alert"]["id"]) for e in events] == [
        ("alert.show", "alert-9")
    ]
    assert_quiet(new)
