"""What outlives the process, through restarts of the real engine on one state file.

Engines run with the manual clock, whose wall-clock time at 0 is `--epoch-ms`: a restart
"three days later" is a new engine with a larger `--epoch-ms`.
"""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path
from typing import Any

from conftest import EngineFactory
from durable_support import DAY_MS, EPOCH_MS, JSON, alert_ids, call_once, run_engine, sqlite3

HOUR_MS = 3_600_000


def by_id(alerts: list[dict[str, JSON]]) -> dict[str, dict[str, JSON]]:
    return {alert["id"]: alert for alert in alerts}


def shows_of(events: list[dict[str, JSON]]) -> list[tuple[str, bool]]:
    """The alert.show events as (id, resumed)."""
    return [
        (event["params"]["alert"]["id"], event["params"]["resumed"])
        for event in events
        if event["method"] == "alert.show"
    ]


def test_types_and_queue_settings_come_back(state: Path, engine: EngineFactory) -> None:
    first = engine(state, epoch_ms=EPOCH_MS)
    definition = {
        "type": "rate",
        "priority": 5,
        "persist": True,
        "ttlMs": 9000,
        "queue": "modal",
        "limit": {"max": 2, "windowMs": 1000, "per": "key"},
        "cooldownMs": 50,
        "onLimit": "defer",
    }
    defined = first.result("alert.defineType", definition)
    settings = first.result(
        "alert.configure",
        {"queue": "modal", "maxConcurrent": 2, "minGapMs": 100, "historyLimit": 5},
    )
    assert first.close() == 0

    second = engine(state, epoch_ms=EPOCH_MS + 3 * DAY_MS)
    # alert.configure with only a queue changes nothing and answers every setting.
    assert second.result("alert.configure", {"queue": "modal"}) == settings
    # Redefining answers the definition as given: the same as the first time.
    assert second.result("alert.defineType", definition) == defined
    assert second.close() == 0

    third = engine(state, epoch_ms=EPOCH_MS + 6 * DAY_MS)
    # An enqueue that names only the type and a key gets every default of the type.
    alert = third.result("alert.enqueue", {"type": "rate", "key": "k"})["alert"]
    assert alert["queue"] == "modal" and alert["priority"] == 5 and alert["persist"] is True
    assert alert["state"] == "showing"
    assert alert["expiresAt"] == alert["createdAt"] + 9000
    # Its limit counts per key (a keyless alert is refused at /key) ...
    refused = third.call("alert.enqueue", {"type": "rate"}).error
    assert refused["code"] == -32602 and refused["data"]["path"] == "/key"
    # ... and its cooldown with onLimit defer holds the same key back 50 ms.
    deferred = third.result("alert.enqueue", {"type": "rate", "key": "k", "onDuplicate": "allow"})
    assert deferred["disposition"] == "queued"
    assert deferred["alert"]["state"] == "scheduled" and deferred["alert"]["readyAt"] == 50
    # Another queue's settings were never configured: defaults.
    assert third.result("alert.configure", {"queue": "other"})["maxConcurrent"] == 1


def test_show_history_keeps_wall_clock_times(state: Path, engine: EngineFactory) -> None:
    first = engine(state, epoch_ms=EPOCH_MS)
    first.result("alert.configure", {"maxConcurrent": 10})
    first.result("alert.configure", {"queue": "side", "maxConcurrent": 10})
    for key in ("a", "b"):
        first.result("alert.enqueue", {"type": "tip", "key": key})
    first.result("clock.advance", {"ms": 5000})
    first.result("alert.enqueue", {"type": "news", "queue": "side"})
    before = first.result("alert.history")["shows"]
    assert [show["wallAt"] for show in before] == [EPOCH_MS + 5000, EPOCH_MS, EPOCH_MS]
    assert [show["at"] for show in before] == [5000, 0, 0]
    assert first.close() == 0

    later = EPOCH_MS + 3 * DAY_MS
    second = engine(state, epoch_ms=later)
    shows = second.result("alert.history")["shows"]
    # The same shows, newest first (the same millisecond in reverse order), at negative
    # engine times: before this process started.
    assert shows == [dict(show, at=show["wallAt"] - later) for show in before]
    assert [show["id"] for show in shows] == ["alert-3", "alert-2", "alert-1"]
    assert shows[0]["at"] == -(3 * DAY_MS - 5000)
    assert second.result("alert.history", {"type": "tip"})["shows"] == shows[1:]
    assert second.result("alert.history", {"queue": "side"})["shows"] == shows[:1]
    assert second.result("alert.history", {"key": "a"})["shows"] == shows[2:]
    assert second.result("alert.history", {"sinceWallAt": EPOCH_MS + 1})["shows"] == shows[:1]
    assert second.result("alert.history", {"limit": 2})["shows"] == shows[:2]
    # The one-shot call reads the same file (after this engine let go of it).
    assert second.close() == 0
    assert call_once(state, "alert.history", {"key": "b"})["shows"][0]["wallAt"] == EPOCH_MS


def test_generated_ids_never_repeat_an_id_in_the_file(state: Path, engine: EngineFactory) -> None:
    first = engine(state, epoch_ms=EPOCH_MS)
    assert first.result("alert.enqueue", {"type": "t"})["alert"]["id"] == "alert-1"
    assert first.result("alert.enqueue", {"type": "t"})["alert"]["id"] == "alert-2"
    # An id of the generated shape chosen by the shell, persisted and shown.
    first.result("alert.enqueue", {"type": "t", "id": "alert-4", "persist": True})
    first.result("alert.cancel", {"ids": ["alert-1", "alert-2"]})
    assert first.result("alert.get", {"id": "alert-4"})["state"] == "showing"
    first.result("alert.complete", {"id": "alert-4"})
    last_seq = first.result("alert.enqueue", {"type": "t"})["alert"]["seq"]
    assert first.close() == 0

    # alert-3 was generated last; alert-4 is in the show history: neither comes again,
    # though no alert of the old process is left.
    second = engine(state, epoch_ms=EPOCH_MS + DAY_MS)
    assert second.result("alert.list") == {"alerts": []}
    fresh = [second.result("alert.enqueue", {"type": "t"})["alert"] for _ in range(2)]
    assert [alert["id"] for alert in fresh] == ["alert-5", "alert-6"]
    assert [alert["seq"] for alert in fresh] == [last_seq + 1, last_seq + 2]
    assert second.close() == 0
    # The same through one-shot calls, each a process of its own.
    assert call_once(state, "alert.enqueue", {"type": "t"})["alert"]["id"] == "alert-7"
    assert call_once(state, "alert.enqueue", {"type": "t"})["alert"]["id"] == "alert-8"


def test_persisted_alerts_come_back_by_the_restore_rules(
    state: Path, engine: EngineFactory
) -> None:
    first = engine(state, epoch_ms=EPOCH_MS)

    def enqueue(id: str, **fields: Any) -> dict[str, JSON]:
        params = {"type": "t", "id": id, "persist": True, **fields}
        result: dict[str, JSON] = first.result("alert.enqueue", params)["alert"]
        return result

    assert enqueue("shown")["state"] == "showing"
    assert enqueue("waiting")["state"] == "pending"
    assert enqueue("tomorrow", delayMs=DAY_MS)["state"] == "scheduled"
    assert enqueue("soon", delayMs=HOUR_MS)["state"] == "scheduled"
    assert enqueue("shortLived", ttlMs=60_000)["expiresAt"] == 60_000
    assert enqueue("scheduledTTL", delayMs=1000, ttlMs=30_000)["state"] == "scheduled"
    first.result("alert.enqueue", {"type": "t", "id": "ordinary"})
    assert first.close() == 0

    restart = EPOCH_MS + 2 * HOUR_MS
    second = engine(state, epoch_ms=restart)
    # The first request holds the queue: nothing restored shows, and nothing is sent for
    # what fell due or expired while the engine was down.
    first_reply = second.call("alert.pause", {})
    assert first_reply.events == []
    alerts = by_id(second.result("alert.list")["alerts"])
    assert set(alerts) == {"shown", "waiting", "tomorrow", "soon", "shortLived", "scheduledTTL"}
    shift = EPOCH_MS - restart  # engine time 0 of the first process, in the second's time
    assert alerts["shown"]["state"] == "suspended"
    assert alerts["shown"]["shownCount"] == 1
    assert alerts["waiting"]["state"] == "pending"
    # A scheduled alert keeps its wall-clock readyAt, in engine time of this process.
    assert alerts["tomorrow"]["state"] == "scheduled"
    assert alerts["tomorrow"]["readyAt"] == DAY_MS + shift
    # Already due: pending, with its readyAt in the past.
    assert alerts["soon"]["state"] == "pending"
    assert alerts["soon"]["readyAt"] == HOUR_MS + shift
    # TTL ran out while down: expired at its expiresAt, silently.
    for id, expires in (("shortLived", 60_000), ("scheduledTTL", 30_000)):
        assert alerts[id]["state"] == "expired"
        assert alerts[id]["endReason"] == "expired"
        assert alerts[id]["endedAt"] == alerts[id]["expiresAt"] == expires + shift
    assert all(alert["createdAt"] == shift for alert in alerts.values())
    assert all(alert["persist"] is True for alert in alerts.values())
    # Not persisted: gone.
    assert second.call("alert.get", {"id": "ordinary"}).error["code"] == -32001
    # Releasing the queue: the suspended alert comes first, as a resumption.
    resumed = second.call("alert.resume", {})
    assert shows_of(resumed.events) == [("shown", True)]
    assert second.result("alert.get", {"id": "shown"})["shownCount"] == 2
    second.result("alert.complete", {"id": "shown"})
    assert second.result("alert.get", {"id": "waiting"})["state"] == "showing"
    assert second.close() == 0

    # Ended alerts leave the file; the others come back again.
    third = engine(state, epoch_ms=restart + HOUR_MS)
    assert sorted(alert_ids(third.result("alert.list")["alerts"])) == [
        "soon",
        "tomorrow",
        "waiting",
    ]


def test_alerts_that_expired_while_down_are_history_in_the_order_they_ended(
    state: Path, engine: EngineFactory
) -> None:
    """They were filed in enqueue order: `alert.list` (most recently ended first) read B
    before A, and a history limit of 1 kept the one that ended first."""
    first = engine(state, epoch_ms=EPOCH_MS)
    first.result("alert.configure", {"historyLimit": 1})
    first.result("alert.enqueue", {"type": "t", "id": "S", "persist": True})
    for id, ttl in (("A", 500), ("B", 300), ("C", 400)):
        params = {"type": "t", "id": id, "persist": True, "ttlMs": ttl}
        assert first.result("alert.enqueue", params)["alert"]["state"] == "pending"
    assert first.close() == 0

    second = engine(state, epoch_ms=EPOCH_MS + 1000)
    listed = second.result("alert.list")["alerts"]
    assert [(a["id"], a["state"]) for a in listed] == [("S", "showing"), ("A", "expired")]
    assert listed[1]["endedAt"] == -500


def test_a_queue_that_a_frozen_expiry_empties_goes_idle_silently(
    state: Path, engine: EngineFactory
) -> None:
    """Until the first request, restored alerts are frozen and what falls due applies
    silently: an alert.idle for the queue came once that request was applied, stamped
    with its time instead of the expiry's (and an alert that expired while the engine was
    down sends none)."""
    first = engine(state, epoch_ms=EPOCH_MS)
    waiting = {"type": "t", "id": "T", "persist": True, "ttlMs": 400, "queue": "q3", "scope": "p"}
    assert first.result("alert.enqueue", waiting)["alert"]["state"] == "pending"
    assert first.close() == 0

    second = engine(state, epoch_ms=EPOCH_MS)
    advanced = second.call("clock.advance", {"ms": 1000})
    assert advanced.events == []
    expired = second.result("alert.get", {"id": "T"})
    assert (expired["state"], expired["endedAt"]) == ("expired", 400)
    # The queue is idle, and busy again with a new alert: its idle then comes as usual.
    shown = second.call("alert.enqueue", {"type": "t", "id": "U", "queue": "q3"})
    assert shows_of(shown.events) == [("U", False)]
    done = second.call("alert.complete", {"id": "U"})
    assert done.event_methods() == ["alert.idle"]


def test_configured_queues_pump_in_the_order_they_were_first_used_across_restarts(
    state: Path, engine: EngineFactory
) -> None:
    """A queue's stored position was its index in the process that configured it, never
    rewritten: yy (index 1, after the unconfigured zz) and xx (index 1 of the next
    process) tied, and the restart put xx first by name."""
    first = engine(state, epoch_ms=EPOCH_MS)
    first.result("alert.enqueue", {"type": "t", "queue": "zz"})
    first.result("alert.configure", {"queue": "yy", "maxConcurrent": 2})
    assert first.close() == 0
    second = engine(state, epoch_ms=EPOCH_MS)
    second.result("alert.configure", {"queue": "xx", "maxConcurrent": 2})
    assert second.close() == 0

    third = engine(state, epoch_ms=EPOCH_MS)
    for id, queue in (("X", "xx"), ("Y", "yy")):
        third.result("alert.enqueue", {"type": "t", "id": id, "queue": queue, "scope": "p"})
    assert shows_of(third.call("nav.push", {"scope": "p"}).events) == [("Y", False), ("X", False)]


def test_a_configure_that_only_reads_configures_nothing(state: Path, engine: EngineFactory) -> None:
    """alert.configure with no member to change reads: once it made the queue a configured,
    durable one, which after a restart pumped before a queue used earlier."""
    first = engine(state, epoch_ms=EPOCH_MS)
    settings = first.result("alert.configure", {"queue": "qb"})
    assert settings == {"queue": "qb", "maxConcurrent": 1, "minGapMs": 0, "historyLimit": 1000}
    assert first.result("alert.configure")["queue"] == "default"
    assert first.close() == 0
    assert sqlite3(state, "SELECT count(*) FROM queues").strip() == "0"

    second = engine(state, epoch_ms=EPOCH_MS)
    for id, queue in (("a", "qa"), ("b", "qb")):
        second.result("alert.enqueue", {"type": "t", "id": id, "queue": queue, "scope": "s"})
    assert shows_of(second.call("nav.push", {"scope": "s"}).events) == [("a", False), ("b", False)]


def test_non_durable_things_do_not_come_back(state: Path, engine: EngineFactory) -> None:
    first = engine(state, epoch_ms=EPOCH_MS)
    first.result("events.subscribe", {"topics": ["alert.changed"]})
    first.result("layer.add", {"id": "root", "sort": 1})
    first.result("nav.push", {"scope": "room"})
    first.result("alert.pause", {"reason": "modal"})
    first.result("alert.enqueue", {"type": "t", "id": "ordinary"})
    first.result("alert.enqueue", {"type": "t", "id": "kept", "persist": True})
    assert first.result("alert.get", {"id": "kept"})["state"] == "pending"
    assert first.close() == 0

    second = engine(state, epoch_ms=EPOCH_MS)
    stats = second.call("engine.stats")
    assert stats.result["layers"] == 0
    # No pause holds the queue, no subscription asks for alert.changed: the persisted
    # alert shows, with nothing else.
    assert stats.event_methods() == ["alert.show"]
    assert shows_of(stats.events) == [("kept", False)]
    assert second.result("nav.get") == {"stack": [], "active": None}
    assert second.call("alert.get", {"id": "ordinary"}).error["code"] == -32001
    assert second.call("layer.get", {"id": "root"}).error["code"] == -32001
    assert second.result("alert.pause", {"reason": "other"})["reasons"] == ["other"]


def test_a_running_gap_does_not_outlive_the_process(state: Path, engine: EngineFactory) -> None:
    """minGapMs is a durable setting, the gap it starts is not (docs/protocol.md#the-state-file):
    a persisted alert waiting on a ten-minute gap shows at the first request of an engine
    started a minute later, while the same engine kept running would have held it."""
    ten_minutes = 600_000
    first = engine(state, epoch_ms=EPOCH_MS)
    first.result("alert.configure", {"queue": "q", "minGapMs": ten_minutes})
    first.result("alert.enqueue", {"type": "t", "queue": "q", "id": "a", "persist": True})
    first.result("alert.enqueue", {"type": "t", "queue": "q", "id": "b", "persist": True})
    first.result("alert.complete", {"id": "a"})
    first.result("clock.advance", {"ms": 60_000})
    assert first.result("alert.get", {"id": "b"})["state"] == "pending"  # in the gap
    assert first.close() == 0

    second = engine(state, epoch_ms=EPOCH_MS + 60_000)
    listed = second.call("alert.list", {"queue": "q"})
    assert shows_of(listed.events) == [("b", False)]
    assert listed.result["alerts"][0]["shownAt"] == 0
    assert second.result("alert.configure", {"queue": "q"})["minGapMs"] == ten_minutes
    # The setting still applies to gaps this process starts.
    second.result("alert.enqueue", {"type": "t", "queue": "q", "id": "c"})
    second.result("alert.complete", {"id": "b"})
    assert second.call("clock.advance", {"ms": ten_minutes - 1}).events == []
    assert shows_of(second.call("clock.advance", {"ms": 1}).events) == [("c", False)]


def test_a_date_set_back_between_runs_leaves_what_was_written_ahead(
    state: Path, engine: EngineFactory
) -> None:
    """An engine that ran while the date was 10 days ahead, then a start with the right date
    (docs/protocol.md#time-across-restarts): its "tomorrow" comes 11 days later, its show
    keeps "once per 30 days" refusing for 40 days (retryAt, and a deferred alert, say so),
    the start says why, and 41 days on from then a show is allowed again."""
    thirty_days = 30 * DAY_MS
    ahead = engine(state, epoch_ms=EPOCH_MS + 10 * DAY_MS)
    ahead.result(
        "alert.defineType",
        {"type": "rateApp", "persist": True, "limit": {"max": 1, "windowMs": thirty_days}},
    )
    ahead.result("alert.enqueue", {"type": "rateApp", "id": "rated"})
    ahead.result("alert.complete", {"id": "rated"})
    ahead.result(
        "alert.enqueue", {"type": "t", "id": "tomorrow", "delayMs": DAY_MS, "persist": True}
    )
    assert ahead.close() == 0

    now = engine(state, epoch_ms=EPOCH_MS)
    assert now.result("alert.get", {"id": "tomorrow"})["readyAt"] == 11 * DAY_MS
    assert now.result("alert.history", {"type": "rateApp"})["shows"][0]["at"] == 10 * DAY_MS
    assert now.result("alert.enqueue", {"type": "rateApp"}) == {
        "alert": None,
        "disposition": "limited",
        "retryAt": 40 * DAY_MS,
    }
    deferred = now.result("alert.enqueue", {"type": "rateApp", "id": "d", "onLimit": "defer"})
    assert deferred["alert"]["readyAt"] == 40 * DAY_MS
    now.result("alert.cancel", {"id": "d"})
    assert now.close() == 0
    assert "the latest 10 days after" in now.stderr(), now.stderr()

    later = engine(state, epoch_ms=EPOCH_MS + 40 * DAY_MS)
    later.result("alert.cancel", {"id": "tomorrow"})
    assert later.result("alert.enqueue", {"type": "rateApp"})["disposition"] == "queued"
    assert later.close() == 0


def test_nothing_restored_happens_before_the_first_request(
    state: Path, engine: EngineFactory
) -> None:
    first = engine(state, epoch_ms=EPOCH_MS)
    first.result("alert.enqueue", {"type": "t", "id": "a", "persist": True})
    first.result("alert.enqueue", {"type": "t", "id": "b", "persist": True})
    assert first.close() == 0

    second = engine(state, epoch_ms=EPOCH_MS + DAY_MS)
    assert second.pending_output(0.5) == []
    reply = second.call("engine.ping")
    # The events the restored alerts cause come before the first request's response.
    assert reply.event_methods() == ["alert.show"]
    assert shows_of(reply.events) == [("a", True)]
    assert reply.result["pong"] is True


def _catches(pid: int, signum: int) -> bool:
    """Whether process `pid` has a handler for `signum` (Linux: /proc/PID/status SigCgt)."""
    with open(f"/proc/{pid}/status", encoding="ascii") as handle:
        for line in handle:
            if line.startswith("SigCgt:"):
                return bool(int(line.split()[1], 16) >> (signum - 1) & 1)
    return False


def test_sigusr1_is_no_request_restored_alerts_go_on_waiting(
    state: Path, engine: EngineFactory
) -> None:
    """SIGUSR1 logs engine.stats; unlike the method, it is not the shell's first request:
    the restored alert neither shows nor is counted shown before that request."""
    first = engine(state, epoch_ms=EPOCH_MS)
    first.result("alert.enqueue", {"type": "t", "id": "a", "persist": True})
    assert first.close() == 0

    second = engine(state, epoch_ms=EPOCH_MS + DAY_MS)
    # Sent before the engine catches it, SIGUSR1's default ends the process (it was sent
    # at once, and killed the engine in about half the runs): wait for its handler, which
    # the engine sets once the state is loaded, before the loop reads its first message.
    deadline = time.monotonic() + 10
    while not _catches(second.pid, signal.SIGUSR1) and time.monotonic() < deadline:
        assert second.proc.poll() is None, second.stderr()
        time.sleep(0.01)
    second.proc.send_signal(signal.SIGUSR1)
    deadline = time.monotonic() + 10
    while "engine.stats (SIGUSR1)" not in second.stderr() and time.monotonic() < deadline:
        time.sleep(0.02)
    line = second.stderr().split("engine.stats (SIGUSR1): ", 1)[1].splitlines()[0]
    logged = json.loads(line)
    # Shown when the first engine ended: restored suspended, until the first request.
    assert (logged["requests"], logged["alerts"]["showing"], logged["alerts"]["suspended"]) == (
        0,
        0,
        1,
    )
    assert second.pending_output(0.3) == []
    reply = second.call("engine.ping")
    assert shows_of(reply.events) == [("a", True)]


def test_a_first_request_that_reads_answers_after_the_restored_alerts_compete(
    state: Path, engine: EngineFactory
) -> None:
    first = engine(state, epoch_ms=EPOCH_MS)
    mounted = {"type": "t", "id": "shown", "persist": True, "mount": {"sort": 5}}
    first.result("alert.enqueue", mounted)
    first.result("alert.enqueue", {"type": "t", "id": "waiting", "persist": True})
    assert first.close() == 0

    # A read applies nothing: the restored alerts compete before it reads, so its answer
    # agrees with the alert.show sent before it.
    second = engine(state, epoch_ms=EPOCH_MS + DAY_MS)
    listed = second.call("alert.list")
    assert shows_of(listed.events) == [("shown", True)]
    states = {a["id"]: (a["state"], a["shownCount"]) for a in listed.result["alerts"]}
    assert states == {"shown": ("showing", 2), "waiting": ("pending", 0)}
    assert second.close() == 0

    third = engine(state, epoch_ms=EPOCH_MS + 2 * DAY_MS)
    stats = third.call("engine.stats")
    assert shows_of(stats.events) == [("shown", True)]
    assert stats.result["alerts"]["showing"] == 1 and stats.result["alerts"]["suspended"] == 0
    assert stats.result["layers"] == 1
    # engine.reset restores again; the read after it is the request they wait for.
    assert third.result("engine.reset") is None
    children = third.call("layer.children")
    assert shows_of(children.events) == [("shown", True)]
    assert [layer["id"] for layer in children.result["layers"]] == ["alert:shown"]
    assert third.result("alert.get", {"id": "shown"})["state"] == "showing"


def test_an_ignored_duplicate_as_the_first_request_answers_after_the_restored_alerts_compete(
    state: Path, engine: EngineFactory
) -> None:
    first = engine(state, epoch_ms=EPOCH_MS)
    first.result("alert.enqueue", {"type": "t", "id": "a", "key": "k", "persist": True})
    assert first.close() == 0

    # The restored alert shows again while this request is applied; the alert it returns
    # (the duplicate it ignored) is that alert as the event shows it, not as restored.
    second = engine(state, epoch_ms=EPOCH_MS + DAY_MS)
    reply = second.call("alert.enqueue", {"type": "t", "key": "k", "onDuplicate": "ignore"})
    assert shows_of(reply.events) == [("a", True)]
    assert reply.result["disposition"] == "ignored"
    assert (reply.result["alert"]["id"], reply.result["alert"]["state"]) == ("a", "showing")
    assert second.close() == 0


def test_cancel_all_as_the_first_request_shows_nothing(state: Path, engine: EngineFactory) -> None:
    first = engine(state, epoch_ms=EPOCH_MS)
    first.result("alert.enqueue", {"type": "t", "id": "a", "persist": True})
    first.result("alert.enqueue", {"type": "t", "id": "b", "persist": True, "delayMs": 10})
    assert first.close() == 0

    second = engine(state, epoch_ms=EPOCH_MS + DAY_MS)
    reply = second.call("alert.cancel", {"all": True})
    assert reply.result == {"cancelled": ["a", "b"]}
    assert "alert.show" not in reply.event_methods()
    assert "alert.hide" not in reply.event_methods()
    assert second.pending_output(0.3) == []
    states = {alert["id"]: alert["state"] for alert in second.result("alert.list")["alerts"]}
    assert states == {"a": "cancelled", "b": "cancelled"}
    assert second.close() == 0
    third = engine(state, epoch_ms=EPOCH_MS + 2 * DAY_MS)
    assert third.result("alert.list") == {"alerts": []}


def test_the_lsp_handshake_does_not_release_restored_alerts(
    state: Path, engine: EngineFactory
) -> None:
    """LSP allows no notification before the answer to `initialize`: an editor's LSP client
    starting the engine got the restored alert's alert.show first. The handshake
    (`initialize`, `initialized`, `$/...`) leaves them waiting, and so do the notifications
    an editor's client sends of its own (Eglot's `workspace/didChangeConfiguration` on
    connecting, which showed the alert and spent its limit); a shell on such a client can
    still cancel them first."""
    first = engine(state, epoch_ms=EPOCH_MS)
    first.result("alert.enqueue", {"type": "t", "id": "a", "persist": True})
    assert first.close() == 0

    # Last the cancel, which ends the alert for good.
    for then in ("ping", "refused-initialize-then-unknown-request", "cancel"):
        live = engine(state, epoch_ms=EPOCH_MS + DAY_MS)
        hello = live.call("initialize", {"processId": None, "capabilities": {}})
        assert hello.events == [] and hello.result["serverInfo"]["name"] == "ordo"
        notes = [
            ("initialized", {}),
            ("$/setTrace", {"value": "off"}),
            ("workspace/didChangeConfiguration", {"settings": None}),
            ("textDocument/didOpen", {"textDocument": {"uri": "file:///x", "text": ""}}),
        ]
        live.send(
            b"".join(
                json.dumps({"jsonrpc": "2.0", "method": method, "params": params}).encode() + b"\n"
                for method, params in notes
            )
        )
        assert live.pending_output(0.3) == []
        if then == "cancel":
            reply = live.call("alert.cancel", {"all": True})
            assert reply.result == {"cancelled": ["a"]}
            assert "alert.show" not in reply.event_methods()
        elif then == "ping":
            reply = live.call("engine.ping")
            assert shows_of(reply.events) == [("a", True)]
        else:
            # A refused initialize holds them too; `$/...` sent as a request fails like
            # any unknown method, and releases them.
            refused = live.call("initialize", {"clientInfo": {"name": 5}})
            assert refused.error["code"] == -32602 and refused.events == []
            unknown = live.call("$/unknown")
            assert unknown.error["code"] == -32601
            assert shows_of(unknown.events) == [("a", True)]
        assert live.close() == 0


def test_a_restored_timer_keeps_the_clock_mode_initialize_asks_for(
    state: Path, engine: EngineFactory
) -> None:
    """Restored timers count as timers: an editor asking for the manual clock in `initialize`
    on a state file that holds a scheduled alert is refused, and the error no longer
    advises engine.reset alone (which restores the alert again): it says so and names
    --clock, which works."""
    first = engine(state, clock="system")
    first.result("alert.enqueue", {"type": "t", "id": "a", "delayMs": 3_600_000, "persist": True})
    assert first.close() == 0

    second = engine(state, clock="system")
    refused = second.call("initialize", {"initializationOptions": {"clock": "manual"}})
    assert refused.error["code"] == -32003
    assert refused.error["data"]["reason"] == "timers_exist"
    assert "--clock" in refused.error["message"]
    assert "with --state restores the persisted alerts'" in refused.error["message"]
    second.result("engine.reset")
    again = second.call("initialize", {"initializationOptions": {"clock": "manual"}})
    assert again.error["data"]["reason"] == "timers_exist", "the reset restored the alert"
    assert second.close() == 0

    third = engine(state, clock="manual")
    hello = third.result("initialize", {"initializationOptions": {"clock": "manual"}})
    assert hello["clock"] == "manual"
    [alert] = third.result("alert.list")["alerts"]
    assert (alert["id"], alert["state"]) == ("a", "scheduled")
    assert third.close() == 0


def test_a_clock_switch_that_moves_the_wall_clock_says_so(
    state: Path, engine: EngineFactory
) -> None:
    """The manual clock's wall time is --epoch-ms + its time (1970 by default): a switch
    from the system clock moves the wall clock back decades, and the shows already recorded
    then lie decades ahead for frequency limits (a once-per-30-days type refuses for
    decades). Ordo keeps their wall-clock times, as documented, and says so on stderr;
    with --epoch-ms at the real date, or no show recorded, it says nothing."""
    first = engine(state, clock="system")
    month = 30 * DAY_MS
    first.result(
        "alert.defineType", {"type": "r", "limit": {"max": 1, "windowMs": month}, "persist": True}
    )
    first.result("alert.enqueue", {"type": "r", "id": "a"})
    first.result("alert.complete", {"id": "a"})
    assert first.close() == 0
    assert "moved the wall clock" not in first.stderr()

    second = engine(state, clock="system")
    second.result("initialize", {"clock": "manual"})
    refused = second.result("alert.enqueue", {"type": "r", "id": "b"})
    assert refused["disposition"] == "limited" and refused["retryAt"] > 10**12
    assert second.close() == 0
    warning = [line for line in second.stderr().splitlines() if "moved the wall clock" in line]
    assert len(warning) == 1 and "[warn]" in warning[0], second.stderr()
    assert "switch to the manual clock" in warning[0] and "back" in warning[0]
    assert "the 1 show recorded so far now lies that far in the future" in warning[0]

    # With no show recorded there is nothing to count: nothing to say.
    empty = engine(None, clock="system")
    empty.result("initialize", {"clock": "manual"})
    assert empty.close() == 0
    assert "moved the wall clock" not in empty.stderr()

    # With --epoch-ms at about the real date the switch moves the wall clock by less than a
    # day: nothing to say.
    now_ms = int(time.time() * 1000)
    third = engine(state, "--epoch-ms", str(now_ms), clock="system")
    third.result("initialize", {"clock": "manual"})
    assert third.close() == 0
    assert "moved the wall clock" not in third.stderr()


def test_a_start_on_shows_recorded_ahead_of_its_wall_clock_says_so(
    state: Path, engine: EngineFactory, tmp_path: Path
) -> None:
    """The same trap without a switch: a file written under the system clock, started on
    under the manual clock (a test run on the real file, say), holds shows decades ahead of
    its wall clock, and a once-per-30-days type refuses for decades with nothing to say why.
    The start says so, counting the shows over a day ahead (not one an hour ahead), and so
    does an engine.reset that loads the file again; a start whose wall clock is past the
    shows says nothing, nor does a replay of a trace whose header holds such shows (its
    session said it)."""
    first = engine(state, clock="system")
    first.result("alert.defineType", {"type": "r", "limit": {"max": 1}, "persist": True})
    for id in ("a", "b"):
        first.result("alert.enqueue", {"type": "t", "id": id})
        first.result("alert.complete", {"id": id})
    assert first.close() == 0
    assert "days after this engine's wall-clock time" not in first.stderr()

    manual = engine(state, clock="manual")
    queued = manual.result("alert.enqueue", {"type": "r", "id": "c"})
    assert queued["disposition"] == "queued"  # r was never shown: its limit counts none
    manual.result("engine.reset")
    assert manual.close() == 0
    warnings = [line for line in manual.stderr().splitlines() if "days after" in line]
    assert len(warnings) == 2 and all("[warn]" in line for line in warnings), manual.stderr()
    assert "the state file holds 2 shows recorded over a day after " in warnings[0]
    assert "frequency limits count them as that far in the future" in warnings[0]

    # A show 3 days earlier (the manual clock's wall clock set back), then a start an hour
    # before that: a and b (the system clock) are 3 days and an hour ahead (counted), the
    # new one an hour ahead (not counted).
    now_ms = int(time.time() * 1000)
    back = engine(state, "--epoch-ms", str(now_ms - 3 * DAY_MS), clock="manual")
    back.result("alert.cancel", {"all": True})  # c, persisted by its type, came back
    back.result("alert.enqueue", {"type": "t", "id": "d"})
    back.result("alert.complete", {"id": "d"})
    assert back.close() == 0
    trace = tmp_path / "t.trace"
    start = now_ms - 3 * DAY_MS - HOUR_MS
    traced = engine(state, "--epoch-ms", str(start), "--trace", str(trace), clock="manual")
    traced.result("engine.ping")
    assert traced.close() == 0
    warnings = [line for line in traced.stderr().splitlines() if "days after" in line]
    assert len(warnings) == 1, traced.stderr()
    assert (
        "the state file holds 2 shows recorded over a day after this engine's wall-clock time,"
        " the latest 3 days after (the manual clock's is --epoch-ms + its time): frequency"
        " limits count them as that far in the future"
    ) in warnings[0]
    # Its trace's header holds the shows: replaying it says nothing of them.
    replayed = run_engine("replay", str(trace), clock=None)
    assert replayed.rc == 0, replayed.err
    assert "days after" not in replayed.err

    # The manual clock at about the real date, or the system clock: nothing to say.
    for args, clock in (
        (["--epoch-ms", str(now_ms)], "manual"),
        ([], "system"),
    ):
        later = engine(state, *args, clock=clock)
        later.result("engine.ping")
        assert later.close() == 0
        assert "days after" not in later.stderr(), later.stderr()


def test_exit_does_not_release_restored_alerts(state: Path, engine: EngineFactory) -> None:
    """An engine told only `exit` after a restart showed the restored alerts as it ended: a
    show no one saw, recorded in the show history, used up a once-only limit. `exit` (as a
    notification or a request, alone or in a batch) leaves them waiting for the next
    start, and so does a `shutdown` before it (an editor that connects and quits), and the
    requests a shut-down engine refuses between them."""
    first = engine(state, epoch_ms=EPOCH_MS)
    first.result("alert.defineType", {"type": "once", "limit": {"max": 1}, "persist": True})
    first.result("alert.enqueue", {"type": "once", "id": "a", "delayMs": 10})
    assert first.close() == 0

    shutdown = b'{"jsonrpc":"2.0","id":0,"method":"shutdown"}\n'
    exits = [
        b'{"jsonrpc":"2.0","method":"exit"}\n',
        b'{"jsonrpc":"2.0","id":1,"method":"exit"}\n',
        b'[{"jsonrpc":"2.0","method":"exit"}]\n',
        # An editor that connects and quits: shutdown then exit, apart or in one batch.
        shutdown + b'{"jsonrpc":"2.0","method":"exit"}\n',
        b'[{"jsonrpc":"2.0","method":"shutdown"},{"jsonrpc":"2.0","method":"exit"}]\n',
        # Messages after shutdown are refused (-32003) and release nothing either: they
        # showed the alerts after the answer that promised no more events.
        shutdown
        + b'{"jsonrpc":"2.0","id":2,"method":"alert.list"}\n'
        + b'{"jsonrpc":"2.0","method":"alert.cancel","params":{"id":"zz"}}\n'
        + b'{"jsonrpc":"2.0","id":3,"method":"nope"}\n{"jsonrpc":"2.0","method":"exit"}\n',
        b'[{"jsonrpc":"2.0","id":0,"method":"shutdown"},{"jsonrpc":"2.0","id":1,"method":"nope"}]'
        b'\n{"jsonrpc":"2.0","method":"exit"}\n',
    ]
    for message in exits:
        live = engine(state, epoch_ms=EPOCH_MS + DAY_MS)
        live.send(message)
        assert live.close() == (0 if b"shutdown" in message else 1)
        # A request's answer (null) at most: no event.
        assert all("method" not in output for output in live.pending_output(0)), message

    last = engine(state, epoch_ms=EPOCH_MS + 2 * DAY_MS)
    # Its first show is now (a read lets restored alerts compete first), not resumed.
    reply = last.call("alert.history")
    assert shows_of(reply.events) == [("a", False)]
    shows = [(show["id"], show["wallAt"]) for show in reply.result["shows"]]
    assert shows == [("a", EPOCH_MS + 2 * DAY_MS)]
    assert last.close() == 0


def test_a_refused_exit_releases_restored_alerts(state: Path, engine: EngineFactory) -> None:
    """An `exit` with a member it does not take is refused and the engine runs on: it fails
    like any request, and lets restored alerts compete before its error."""
    first = engine(state, epoch_ms=EPOCH_MS)
    first.result("alert.enqueue", {"type": "t", "id": "a", "persist": True})
    assert first.close() == 0
    second = engine(state, epoch_ms=EPOCH_MS + DAY_MS)
    reply = second.call("exit", {"x": 1})
    assert reply.error["code"] == -32602
    assert shows_of(reply.events) == [("a", True)]
    assert second.close() == 0


def test_on_the_system_clock_restored_timers_wait_for_the_first_request(
    state: Path, engine: EngineFactory
) -> None:
    first = engine(state, clock="system")
    started = time.monotonic()
    first.result("alert.enqueue", {"type": "t", "id": "soon", "persist": True, "delayMs": 4000})
    assert first.close() == 0
    # 4 s: a loaded machine's commit, exit and start took more than the 1.5 s of a 2 s delay.
    assert time.monotonic() - started < 3.5, "the machine is too slow for this test's timing"

    second = engine(state, clock="system")
    # The alert falls due 4 s after the first start; nothing is sent until a request.
    quiet = max(0.3, 4.6 - (time.monotonic() - started))
    assert second.pending_output(quiet) == []
    reply = second.call("engine.ping")
    assert shows_of(reply.events) == [("soon", False)]


def test_engine_reset_reloads_and_only_state_true_empties(
    state: Path, engine: EngineFactory
) -> None:
    live = engine(state, epoch_ms=EPOCH_MS)
    live.result(
        "alert.defineType",
        {"type": "rate", "priority": 7, "persist": True, "limit": {"max": 1}},
    )
    live.result("alert.enqueue", {"type": "rate", "id": "r1"})
    live.result("alert.enqueue", {"type": "plain", "id": "p1"})
    live.result("layer.add", {"id": "root", "sort": 0})
    live.result("clock.advance", {"ms": 1000})

    assert live.result("engine.reset") is None
    # As if the process restarted: the clock back at 0, the durable state reloaded.
    after = live.call("engine.stats")
    assert shows_of(after.events) == [("r1", True)]
    assert after.result["layers"] == 0
    assert live.result("clock.now")["now"] == 0
    assert live.call("alert.get", {"id": "p1"}).error["code"] == -32001
    assert [show["id"] for show in live.result("alert.history")["shows"]] == ["r1"]
    assert live.result("alert.enqueue", {"type": "rate"}) == {
        "alert": None,
        "disposition": "limited",
        "retryAt": None,
    }
    # A plain reset, again: nothing lost.
    assert live.result("engine.reset", {"state": False}) is None
    assert [show["id"] for show in live.result("alert.history")["shows"]] == ["r1"]

    # state: true empties the file: types, history, counters, persisted alerts.
    assert live.result("engine.reset", {"state": True}) is None
    assert live.result("alert.history") == {"shows": []}
    assert live.call("alert.get", {"id": "r1"}).error["code"] == -32001
    fresh = live.result("alert.enqueue", {"type": "rate"})["alert"]
    assert fresh["id"] == "alert-1" and fresh["seq"] == 1
    assert fresh["priority"] == 0 and fresh["persist"] is False
    assert live.close() == 0

    again = engine(state, epoch_ms=EPOCH_MS)
    assert again.result("alert.list") == {"alerts": []}
    assert [show["id"] for show in again.result("alert.history")["shows"]] == ["alert-1"]


def test_a_reset_that_cannot_read_the_file_says_read_and_changes_nothing(
    state: Path, engine: EngineFactory
) -> None:
    """A row another program wrote under a running engine: engine.reset, reading the file
    again, refuses it (-32005 corrupt: a row Ordo did not write) and keeps what it had.
    The message said the state "could not be written": nothing was written; it was read.
    Likewise a reset of a file renamed under the engine (io_error, read)."""
    live = engine(state)
    live.result("alert.defineType", {"type": "rate", "priority": 3})
    live.result("layer.add", {"id": "kept"})
    sqlite3(state, "INSERT INTO types VALUES ('zz', '{\"type\":5}')")
    failed = live.call("engine.reset")
    assert failed.error["code"] == -32005, failed
    assert failed.error["data"]["reason"] == "corrupt"
    assert failed.error["message"] == (
        "The durable state could not be read (the file is damaged); nothing was changed."
    )
    assert "Ordo did not write" in failed.error["data"]["detail"]
    assert live.result("layer.get", {"id": "kept"})["id"] == "kept"
    assert live.result("alert.enqueue", {"type": "rate"})["alert"]["priority"] == 3
    state.rename(state.with_name("moved.db"))
    moved = live.call("engine.reset")
    assert moved.error["code"] == -32005 and moved.error["data"]["reason"] == "io_error"
    assert moved.error["message"] == (
        "The durable state could not be read (an I/O error); nothing was changed."
    ), moved.error
    assert live.result("layer.get", {"id": "kept"})["id"] == "kept"


def test_engine_stats_reports_the_state_file(state: Path, engine: EngineFactory) -> None:
    live = engine(state)

    def file_bytes() -> int:
        wal = Path(f"{state}-wal")
        return os.path.getsize(state) + (os.path.getsize(wal) if wal.exists() else 0)

    start = live.result("engine.stats")["state"]
    assert start["path"] == str(state)
    assert start["bytes"] == file_bytes() > 0
    live.result("alert.defineType", {"type": "t", "priority": 1})
    defined = live.result("engine.stats")["state"]
    assert defined["commits"] == start["commits"] + 1
    assert defined["bytes"] == file_bytes()
    # Requests that change nothing durable commit nothing.
    live.result("engine.ping")
    live.result("alert.list")
    live.result("layer.add", {"id": "root", "sort": 0})
    assert live.result("engine.stats")["state"]["commits"] == defined["commits"]
    live.result("alert.enqueue", {"type": "t", "persist": True})
    assert live.result("engine.stats")["state"]["commits"] == defined["commits"] + 1

    without = engine(None)
    assert without.result("engine.stats")["state"] is None


def test_a_log_one_big_group_grew_is_cut_back_after_its_checkpoint(
    state: Path, engine: EngineFactory
) -> None:
    """Two batches of 6 000 persisted enqueues, then one cancel of them all, write more than
    10 MB of log; once a checkpoint folded it in, the next commit cuts it back to 4 MiB
    (SQLite kept it at its largest until exit)."""
    wal = Path(f"{state}-wal")
    live = engine(state)
    data = {"text": "x" * 400}
    params = {"type": "t", "persist": True, "delayMs": DAY_MS, "data": data}
    for _ in range(2):
        _, replies = live.batch([("alert.enqueue", params)] * 6_000)
        assert all(isinstance(reply, dict) and "result" in reply for reply in replies)
    live.result("alert.cancel", {"all": True})
    assert wal.stat().st_size > 10_000_000
    live.result("alert.enqueue", {"type": "t", "persist": True})
    assert wal.stat().st_size <= 4 << 20
    assert live.close() == 0
    active = {"states": ["scheduled", "pending", "showing", "suspended"]}
    assert alert_ids(call_once(state, "alert.list", active)["alerts"]) == ["alert-12001"]


def test_once_per_30_days_across_restarts(state: Path, engine: EngineFactory) -> None:
    thirty_days = 30 * DAY_MS
    day0 = engine(state, epoch_ms=EPOCH_MS)
    defined = day0.result(
        "alert.defineType",
        {
            "type": "rateApp",
            "priority": 5,
            "persist": True,
            "limit": {"max": 1, "windowMs": thirty_days},
        },
    )
    assert defined["limit"] == {"max": 1, "windowMs": thirty_days, "per": None}
    shown = day0.call("alert.enqueue", {"type": "rateApp"})
    assert shows_of(shown.events) == [("alert-1", False)]
    assert shown.result["alert"]["persist"] is True
    day0.result("alert.complete", {"id": "alert-1", "result": {"stars": 5}})
    assert day0.close() == 0

    ten_days = EPOCH_MS + 10 * DAY_MS
    day10 = engine(state, epoch_ms=ten_days)
    assert day10.result("alert.history", {"type": "rateApp"}) == {
        "shows": [
            {
                "id": "alert-1",
                "type": "rateApp",
                "key": None,
                "queue": "default",
                "at": -864_000_000,
                "wallAt": EPOCH_MS,
            }
        ]
    }
    assert day10.result("alert.enqueue", {"type": "rateApp"}) == {
        "alert": None,
        "disposition": "limited",
        "retryAt": 1_728_000_000,
    }
    deferred = day10.result("alert.enqueue", {"type": "rateApp", "onLimit": "defer"})
    assert deferred["disposition"] == "queued"
    assert deferred["alert"]["id"] == "alert-2"
    assert deferred["alert"]["state"] == "scheduled"
    assert deferred["alert"]["readyAt"] == 1_728_000_000
    assert day10.close() == 0

    # Day 29: still waiting, one day to go.
    day29 = engine(state, epoch_ms=EPOCH_MS + 29 * DAY_MS)
    waiting = day29.call("alert.get", {"id": "alert-2"})
    assert waiting.events == []
    assert waiting.result["state"] == "scheduled" and waiting.result["readyAt"] == DAY_MS
    assert day29.result("alert.enqueue", {"type": "rateApp"})["retryAt"] == DAY_MS
    day29.result("clock.advance", {"ms": DAY_MS - 1})
    assert day29.result("alert.get", {"id": "alert-2"})["state"] == "scheduled"
    assert day29.close() == 0

    # Day 31: it fell due while the engine was down; it shows at the first request, and the
    # month starts over from that show.
    day31 = engine(state, epoch_ms=EPOCH_MS + 31 * DAY_MS)
    first = day31.call("engine.ping")
    assert shows_of(first.events) == [("alert-2", False)]
    assert [show["at"] for show in day31.result("alert.history")["shows"]] == [0, -31 * DAY_MS]
    assert day31.result("alert.enqueue", {"type": "rateApp"})["retryAt"] == thirty_days
    # "Never again".
    day31.result("alert.complete", {"id": "alert-2"})
    day31.result("alert.defineType", {"type": "rateApp", "persist": True, "limit": {"max": 0}})
    assert day31.close() == 0
    for days in (32, 400):
        later = engine(state, epoch_ms=EPOCH_MS + days * DAY_MS)
        assert later.result("alert.enqueue", {"type": "rateApp"})["retryAt"] is None
        assert later.close() == 0


COMPOSED, DECOMPOSED = "caf\u00e9", "cafe\u0301"  # one name to the engine, two to SQLite


def hex_of(text: str) -> str:
    """A key's bytes as SQLite's hex() spells them."""
    return text.encode().hex().upper()


def test_an_alert_id_given_again_in_another_spelling_is_filed_under_it(
    state: Path, engine: EngineFactory
) -> None:
    """The id of an ended alert, given again decomposed in the commit that ended it, names
    a new alert: its row was written under the old, composed key, and the next start
    refused the file ("an alert filed under another id"), whether the old alert was
    committed in that group or before it."""
    for across_commits in (False, True):
        state.unlink(missing_ok=True)
        first = engine(state, epoch_ms=EPOCH_MS)
        first.result("alert.enqueue", {"type": "t", "id": COMPOSED, "persist": True})
        if across_commits:
            assert first.close() == 0
            first = engine(state, epoch_ms=EPOCH_MS)
        # One commit group (a batch): the id was noted composed, the new alert decomposed.
        _, (cancelled, again) = first.batch(
            [
                ("alert.cancel", {"id": DECOMPOSED}),
                ("alert.enqueue", {"type": "t", "id": DECOMPOSED, "persist": True}),
            ]
        )
        assert cancelled["result"] == {"cancelled": [COMPOSED]}
        assert again["result"]["alert"]["id"] == DECOMPOSED
        assert first.close() == 0
        assert sqlite3(state, "SELECT hex(id) FROM alerts").split() == [hex_of(DECOMPOSED)]

        second = engine(state, epoch_ms=EPOCH_MS)
        listed = second.result("alert.list")["alerts"]
        assert [alert["id"] for alert in listed] == [DECOMPOSED]
        assert second.result("alert.cancel", {"id": COMPOSED}) == {"cancelled": [DECOMPOSED]}
        assert second.close() == 0
        assert sqlite3(state, "SELECT count(*) FROM alerts").strip() == "0"


def test_a_type_redefined_in_another_spelling_keeps_its_first(
    state: Path, engine: EngineFactory
) -> None:
    """A name keeps the spelling it was first given: a redefinition spelled decomposed was
    filed in a second row beside the composed one, and a restart loaded either one."""
    first = engine(state, epoch_ms=EPOCH_MS)
    first.result("alert.defineType", {"type": COMPOSED, "priority": 1})
    assert first.close() == 0
    second = engine(state, epoch_ms=EPOCH_MS)
    redefined = second.result("alert.defineType", {"type": DECOMPOSED, "priority": 2})
    assert redefined["type"] == COMPOSED
    assert second.close() == 0
    assert sqlite3(state, "SELECT hex(type) FROM types").split() == [hex_of(COMPOSED)]
    third = engine(state, epoch_ms=EPOCH_MS)
    shown = third.result("alert.enqueue", {"type": DECOMPOSED})
    assert (shown["alert"]["type"], shown["alert"]["priority"]) == (DECOMPOSED, 2)
    assert third.close() == 0
