#!/usr/bin/env python3
"""The seed's room page: three popups, A → B → C by priority, shown one at a time.

The first reply to come shows at once (nothing else is on screen to wait for); the ones
that come while a popup shows wait, and show highest priority first, whatever order they
came in. So the order on screen is A → B → C only when A's reply comes first; with B's
first it is B, then A, then C (the seed's "advanced" scenario).

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
    python examples/room_page.py --trace s.trace --layers-svg layers.svg
                                               # record the session (ordo replay/report),
                                               # draw the layers at the end (layer.render)

Needs the engine: pass --ordo PATH, set ORDO_BIN, or run inside the repository
after `make release`.
"""

from __future__ import annotations

import argparse
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
GIFT_BUTTON = {"x": 334, "y": 804}  # a point on the gift button, marked in the layer picture


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

    def say(self, who: str, text: str) -> None:
        with self.print_lock:
            elapsed = (time.monotonic() - self.started) * 1000
            print(f"{elapsed:7.0f} ms  {who:<8} {text}", flush=True)

    # -- setup -------------------------------------------------------------------

    def open(self) -> None:
        self.build_layers()
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

    def build_layers(self) -> None:
        # The page's layers on a 390 x 844 phone: the chat list clips its messages, the
        # wallet page waits hidden on top.
        add = self.engine.layers.add
        add("room", frame=(0, 0, 390, 844))
        add("video", parent="room", frame=(0, 0, 390, 520))
        add("chat", parent="room", frame=(0, 520, 390, 244), clips=True)
        for n in range(4):
            add(f"message{n + 1}", parent="chat", frame=(8, 8 + 64 * n, 374, 56))
        add("giftBar", parent="room", sort=10, frame=(0, 764, 390, 80))
        add("giftButton", parent="giftBar", frame=(290, 12, 88, 56))
        add("wallet", sort=1, frame=(0, 0, 390, 844), hidden=True)

    # -- the network ---------------------------------------------------------------

    def network_reply(self, name: str, delay: float) -> None:
        time.sleep(delay)
        kind, label, _ = POPUPS[name]
        scheduled = name == "B" and self.args.scheduled_b
        # Said before the enqueue: a popup that shows at once is shown (on_show) before the
        # enqueue's answer arrives.
        self.say("network", f"{name} ({label}) reply arrived")
        result = self.engine.alerts.enqueue(
            kind,
            id=name,
            data={"label": label},
            delay_ms=round(1000 * self.args.time_scale) if scheduled else ordo.UNSET,
        )
        alert = result.alert
        assert alert is not None  # these popup types have no frequency limit
        if scheduled:
            self.say("queue", f"{name} scheduled (ready at {alert.ready_at} ms)")
        elif alert.state != "showing":
            self.say("queue", f"{name} waits ({alert.state})")
        with self.print_lock:
            self.arrived += 1

    # -- the user ------------------------------------------------------------------

    def on_show(self, event: AlertShow) -> None:
        alert = event.alert
        again = " again (resumed)" if event.resumed else ""
        self.say("SHOW", f"{alert.id} {alert.data['label']}{again}")
        if alert.id not in self.shown:
            self.shown.append(alert.id)
        action = self.follow_a if alert.id == "A" else self.close
        threading.Timer(READ_TIME * self.args.time_scale, action, args=(alert.id,)).start()

    def close(self, alert_id: str) -> None:
        self.say("user", f"closes {alert_id}")
        self.engine.alerts.complete(alert_id, result="closed")

    def follow_a(self, alert_id: str) -> None:
        # Navigate first, then complete: nothing else flashes on screen meanwhile.
        self.say("user", f"taps {alert_id}'s button → wallet page")
        self.engine.nav.push("wallet")
        self.engine.layers.update("wallet", hidden=False)
        self.engine.alerts.complete(alert_id, result="opened wallet")
        threading.Timer(WALLET_TIME * self.args.time_scale, self.back_to_room).start()

    def back_to_room(self) -> None:
        self.engine.layers.update("wallet", hidden=True)
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
        "--time-scale", type=float, default=1.0, help="speed factor (0.5: twice as fast)"
    )
    parser.add_argument("--trace", default=None, help="record the session to this file")
    parser.add_argument("--layers-svg", default=None, help="write the layers at the end here")
    args = parser.parse_args(argv)
    if args.seed is None:
        args.seed = random.randrange(1000)
    print(f"Ordo room page (seed {args.seed}); times since the page opened\n")
    # Also look for the repository's build from this file's location.
    binary = ordo.find_engine(args.ordo, search_from=[Path(__file__).parent])
    flags = ["--trace", args.trace] if args.trace else []
    with ordo.Engine(binary, args=flags) as engine:
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
        if args.layers_svg:
            picture = engine.call("layer.render", {"point": GIFT_BUTTON, "height": 600})
            Path(args.layers_svg).write_text(picture["svg"], encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
