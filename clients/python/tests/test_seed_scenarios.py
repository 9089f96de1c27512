"""The seed's three room-page scenarios (SPEC §4, seeds/004), on the manual clock.

Three popups must show A → B → C, one at a time: A red packet, B growth
gift, C follow. Each is fed by a network reply arriving at an unknown
moment; here the moments are chosen by advancing the manual clock, so each
timeline is exact.
"""

from __future__ import annotations

import random

import pytest

from ordo import Engine, SortRange
from timeline import taken


@pytest.fixture
def room(engine: Engine) -> Engine:
    """The room page: three alert types whose fixed order is their priority."""
    engine.alerts.define_type("redPacket", priority=30, scope="room")
    engine.alerts.define_type("growthGift", priority=20, scope="room")
    engine.alerts.define_type("follow", priority=10, scope="room")
    engine.nav.set(["room"])
    return engine


def at(engine: Engine, ms: int) -> None:
    """Move the clock to ``ms``."""
    now = engine.clock.now().now
    assert ms >= now
    engine.clock.advance(ms - now)


def test_ideal_in_order_with_a_trip_to_another_page(room: Engine) -> None:
    at(room, 100)
    room.alerts.enqueue("redPacket", id="A", data={"amount": 8.88})
    at(room, 200)
    room.alerts.enqueue("growthGift", id="B")
    at(room, 300)
    room.alerts.enqueue("follow", id="C")
    # A's button opens another page: navigate first, then complete (nothing flashes).
    at(room, 1000)
    room.nav.push("wallet")
    room.alerts.complete("A", result="opened wallet")
    at(room, 3000)
    room.nav.pop()
    at(room, 4000)
    room.alerts.complete("B")
    at(room, 5000)
    room.alerts.complete("C")
    assert taken(room) == [
        ("show", "A", 100),
        ("hide", "A", "suspended", 1000),
        ("show", "B", 3000),
        ("show", "C", 4000),
        ("idle", "default", 5000),
    ]
    assert [a.id for a in room.alerts.list(states=["done"])] == ["C", "B", "A"]


def test_advanced_b_first_then_a_before_c(room: Engine) -> None:
    at(room, 100)
    room.alerts.enqueue("growthGift", id="B")  # B's reply comes back first and shows
    at(room, 200)
    room.alerts.enqueue("follow", id="C")  # kept while B shows
    at(room, 300)
    room.alerts.enqueue("redPacket", id="A")  # kept too; no preempt
    at(room, 1000)
    room.alerts.complete("B")  # → A (highest priority), whatever arrived first
    at(room, 2000)
    room.nav.push("wallet")
    room.alerts.complete("A")
    at(room, 2500)
    room.nav.pop()
    at(room, 3000)
    room.alerts.complete("C")
    assert taken(room) == [
        ("show", "B", 100),
        ("show", "A", 1000),
        ("hide", "A", "suspended", 2000),
        ("show", "C", 2500),
        ("idle", "default", 3000),
    ]


def _high_end_until_return(room: Engine) -> None:
    at(room, 100)
    room.alerts.enqueue("redPacket", id="A")
    b = room.alerts.enqueue("growthGift", id="B", delay_ms=2000).alert  # a scheduled popup
    assert (b.state, b.ready_at) == ("scheduled", 2100)
    at(room, 500)
    room.nav.push("wallet")  # the user follows A to another page
    room.alerts.complete("A")
    at(room, 2500)  # B became ready meanwhile, but its page is not on screen
    assert room.alerts.get("B").state == "pending"


def test_high_end_scheduled_b_shows_on_return(room: Engine) -> None:
    _high_end_until_return(room)
    at(room, 3000)
    room.nav.pop()
    assert taken(room) == [
        ("show", "A", 100),
        ("hide", "A", "suspended", 500),
        ("show", "B", 3000),
    ]


def test_high_end_b_cancelled_on_the_other_page_does_not_show(room: Engine) -> None:
    _high_end_until_return(room)
    room.alerts.enqueue("follow", id="C")  # C's reply arrives while away
    assert room.alerts.cancel(type="growthGift") == ("B",)  # something made B unnecessary
    at(room, 3000)
    room.nav.pop()
    room.alerts.complete("C")
    assert taken(room) == [
        ("show", "A", 100),
        ("hide", "A", "suspended", 500),
        ("show", "C", 3000),
        ("idle", "default", 3000),
    ]
    assert room.alerts.get("B").state == "cancelled"


@pytest.mark.parametrize("seed", range(8))
def test_any_arrival_order_shows_a_then_b_then_c(room: Engine, seed: int) -> None:
    """Replies arrive in a random order at random moments while one popup shows:
    after the first, the rest always show by priority."""
    rng = random.Random(seed)
    arrivals = sorted(
        (
            (rng.randrange(1, 1000), name, kind)
            for name, kind in [("A", "redPacket"), ("B", "growthGift"), ("C", "follow")]
        ),
    )
    for t, name, kind in arrivals:
        at(room, t)
        room.alerts.enqueue(kind, id=name)
    shown = [arrivals[0][1]]
    for step in range(3):
        at(room, 1000 + 100 * step)
        room.alerts.complete(shown[-1])
        events = taken(room)
        shown += [str(e[1]) for e in events if e[0] == "show" and e[1] not in shown]
    assert shown[0] == arrivals[0][1]
    assert shown[1:] == [n for n in "ABC" if n != arrivals[0][1]]


def test_seed_000_random_sorts_keep_insertion_order_among_equals(engine: Engine) -> None:
    """The layer seed: 100 views with random sorts 0..99, added one by one."""
    rng = random.Random(0)
    sorts = [rng.randrange(100) for _ in range(100)]
    with engine.batch() as batch:
        for i, sort in enumerate(sorts):
            batch.layers.add(f"v{i}", sort=sort)
    expected = sorted(range(100), key=lambda i: sorts[i])  # stable: newest of equals on top
    page = engine.layers.children()
    assert [x.id for x in page.layers] == [f"v{i}" for i in expected]
    assert engine.layers.sort_range() == SortRange(min(sorts), max(sorts))
