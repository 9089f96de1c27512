#!/usr/bin/env python3
"""The seed's room page: three popups that must show A → B → C, one at a time.

    A  red packet    (priority 30)
    B  growth gift   (priority 20)
    C  follow        (priority 10)

Each popup is fed by a "network request" whose reply arrives at a random
moment on its own thread. The user reads each popup for a moment and closes
it; A's button takes the user to the wallet page and back. Ordo decides what
shows when; this script only reports what the engine says and plays the user.

    python examples/room_page.py               # random arrival order
    python examples/room_page.py --seed 3      # a reproducible one
    python examples/room_page.py --scheduled-b # B is a scheduled popup (shows 1 s after its reply)
    python examples/room_page.py --scheduled-b --cancel-b
                                               # ...and the wallet page makes B unnecessary
    python examples/room_page.py --svg room.svg
                                               # also save the layers as the first popup shows
                                               # (or set ORDO_SVG=room.svg)

Needs the engine: pass --ordo PATH, set ORDO_BIN, or run inside the repository
after `swift build`.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import threading
import time
from pathlib import Path

import ordo
from ordo import AlertHide, AlertIdle, AlertShow

POPUPS = {
    "A": ("redPacket", "red packet", 30),
    "B": ("growthGift", "growth gift", 20),
    "C": ("follow", "follow", 10),
}
READ_TIME = 0.4  # seconds the user looks at a popup before closing it
WALLET_TIME = 0.8  # seconds spent on the wallet page
REPLY_TIMES = (0.1, 1.5)  # the network replies arrive within this window (seconds)
# The page's layers (id, parent, sort, frame); popups are mounted under "popups".
LAYERS = [
    ("screen", None, 0, (0, 0, 390, 844)),
    ("video", "screen", 0, (0, 0, 390, 300)),
    ("chat", "screen", 10, (0, 300, 390, 480)),
    ("giftBar", "screen", 20, (0, 780, 390, 64)),
    ("popups", "screen", 100, None),  # a group: it only orders what the alerts mount
]


class RoomPage:
    def __init__(self, engine: ordo.Engine, args: argparse.Namespace) -> None:
        self.engine = engine
        self.args = args
        self.rng = random.Random(args.seed)
        self.started = time.monotonic()
        self.print_lock = threading.Lock()
        self.arrived = 0
        self.shown: list[str] = []
        self.finished = threading.Event()
        self.svg_saved = False

    def say(self, who: str, text: str) -> None:
        with self.print_lock:
            elapsed = (time.monotonic() - self.started) * 1000
            print(f"{elapsed:7.0f} ms  {who:<8} {text}", flush=True)

    # -- setup -------------------------------------------------------------------

    def open(self) -> None:
        for layer_id, parent, sort, frame in LAYERS:
            self.engine.layers.add(layer_id, parent=parent, sort=sort, frame=frame)
        for _, (kind, _, priority) in POPUPS.items():
            # The fixed A → B → C order is just three priorities; scope: only on this page.
            self.engine.alerts.define_type(kind, priority=priority, scope="room")
        self.engine.nav.set(["room"])
        self.engine.on("alert.show", self.on_show)
        self.engine.on("alert.hide", self.on_hide)
        self.engine.on("alert.idle", self.on_idle)
        self.say("page", "room page opened; three requests sent")
        for name in POPUPS:
            delay = self.rng.uniform(*REPLY_TIMES) * self.args.time_scale
            threading.Thread(target=self.network_reply, args=(name, delay), daemon=True).start()

    # -- the network ---------------------------------------------------------------

    def network_reply(self, name: str, delay: float) -> None:
        time.sleep(delay)
        kind, label, _ = POPUPS[name]
        scheduled = name == "B" and self.args.scheduled_b
        result = self.engine.alerts.enqueue(
            kind,
            id=name,
            data={"label": label},
            mount=ordo.Mount(sort=0, parent="popups"),  # alert:<id> while it shows
            delay_ms=round(1000 * self.args.time_scale) if scheduled else ordo.UNSET,
        )
        alert = result.alert
        assert alert is not None  # None only when a frequency limit drops it (none here)
        note = f"scheduled (ready at {alert.ready_at} ms)" if scheduled else f"now {alert.state}"
        self.say("network", f"{name} ({label}) reply arrived → {note}")
        with self.print_lock:
            self.arrived += 1

    # -- the user ------------------------------------------------------------------

    def on_show(self, event: AlertShow) -> None:
        alert = event.alert
        again = " again (resumed)" if event.resumed else ""
        self.say("SHOW", f"{alert.id} {alert.data['label']}{again}")
        if alert.id not in self.shown:
            self.shown.append(alert.id)
        if event.layer is not None:  # the popup's card, drawn in its mounted layer
            card = (40, 260, 310, 240)
            self.engine.layers.add(f"card:{alert.id}", parent=event.layer.id, frame=card)
        if self.args.svg and not self.svg_saved:
            self.svg_saved = True
            Path(self.args.svg).write_text(self.engine.layers.render(), encoding="utf-8")
            self.say("svg", f"layers with {alert.id} on screen saved to {self.args.svg}")
        action = self.follow_a if alert.id == "A" else self.close
        threading.Timer(READ_TIME * self.args.time_scale, action, args=(alert.id,)).start()

    def close(self, alert_id: str) -> None:
        self.say("user", f"closes {alert_id}")
        self.engine.alerts.complete(alert_id, result="closed")

    def follow_a(self, alert_id: str) -> None:
        # Navigate first, then complete: nothing else flashes on screen meanwhile.
        self.say("user", f"taps {alert_id}'s button → wallet page")
        self.engine.nav.push("wallet")
        self.engine.alerts.complete(alert_id, result="opened wallet")
        threading.Timer(WALLET_TIME * self.args.time_scale, self.back_to_room).start()

    def back_to_room(self) -> None:
        if self.args.cancel_b:
            cancelled = self.engine.alerts.cancel(type="growthGift")
            self.say(
                "wallet",
                f"claimed the gift here: B is no longer needed → cancelled {list(cancelled)}",
            )
        self.say("user", "back → room page")
        self.engine.nav.pop()

    # -- the engine's other events -------------------------------------------------------

    def on_hide(self, event: AlertHide) -> None:
        self.say("hide", f"{event.id} ({event.reason})")

    def on_idle(self, event: AlertIdle) -> None:
        with self.print_lock:
            all_arrived = self.arrived == len(POPUPS)
        active = self.engine.alerts.list(states=["scheduled", "pending", "showing", "suspended"])
        if all_arrived and not active:
            self.say("idle", "all popups handled")
            self.finished.set()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=None, help="seed of the random arrivals")
    parser.add_argument("--scheduled-b", action="store_true", help="B is a scheduled popup")
    parser.add_argument("--cancel-b", action="store_true", help="the wallet page cancels B")
    parser.add_argument("--ordo", default=None, help="path of the ordo binary")
    parser.add_argument(
        "--svg",
        default=os.environ.get("ORDO_SVG"),
        metavar="PATH",
        help="save the layers as SVG when the first popup shows (default: $ORDO_SVG)",
    )
    parser.add_argument(
        "--time-scale", type=float, default=1.0, help="speed factor (0.5: twice as fast)"
    )
    args = parser.parse_args(argv)
    if args.seed is None:
        args.seed = random.randrange(1000)
    print(f"Ordo room page (seed {args.seed}); times since the page opened\n")
    # Also look for the repository's build from this file's location.
    binary = ordo.find_engine(args.ordo, search_from=[Path(__file__).parent])
    with ordo.Engine(binary) as engine:
        page = RoomPage(engine, args)
        page.open()
        if not page.finished.wait(20):
            print("timed out waiting for the popups", file=sys.stderr)
            return 1
        print("\nshown in order: " + " → ".join(page.shown))
        for alert in engine.alerts.list():
            print(
                f"  {alert.id}: {alert.state:<9} ({alert.end_reason}), shown {alert.shown_count}x"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
