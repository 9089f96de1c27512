#!/usr/bin/env python3
"""Writes the seed corpora of the libFuzzer targets into Fuzz/corpus/<target>/.

FuzzDispatch: one JSON-RPC request per example in schema/openrpc.json (so every method
and its parameters are reachable from the first run), plus batches and oddities.
FuzzFraming: NDJSON and LSP streams (byte 0 picks the framing, byte 1 the size limit).
FuzzScreen: a few operation tapes.
FuzzTrace: traces the engine records of a few short sessions (needs the engine built:
$ORDO_BIN, else .build/release/ordo).
FuzzStore: none written here; its seeds in the folder are named by what they change in
the state file (a few bytes each: the input picks edits of a template file), and its
findings are added there by hand.
"""

import hashlib
import json
import os
import pathlib
import random
import re
import subprocess
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "Fuzz" / "corpus"


def write(target: str, data: bytes) -> None:
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


def dispatch_seeds() -> None:
    schema = json.loads((ROOT / "schema" / "openrpc.json").read_text())
    for number, method in enumerate(schema["methods"]):
        for example in method.get("examples", []):
            params = {p["name"]: p["value"] for p in example.get("params", [])}
            request = {
                "jsonrpc": "2.0",
                "id": number,
                "method": method["name"],
                "params": params,
            }
            write("FuzzDispatch", json.dumps(request, separators=(",", ":")).encode())
    write(
        "FuzzDispatch",
        b'[{"jsonrpc":"2.0","id":1,"method":"engine.ping"},{"jsonrpc":"2.0","method":"x"}]',
    )
    write(
        "FuzzDispatch",
        b'{"jsonrpc":"2.0","id":1e2,"method":"clock.advance","params":{"ms":1.0}}',
    )
    write("FuzzDispatch", b'#\x10{"type":"a","delayMs":5,"durationMs":3}')


def framing_seeds() -> None:
    ping = b'{"jsonrpc":"2.0","id":1,"method":"engine.ping"}'
    lsp = b"Content-Length: %d\r\n\r\n" % len(ping) + ping
    write("FuzzFraming", b"\x01\x10" + ping + b"\n\r\n  \n" + ping + b"\r\n")
    write(
        "FuzzFraming",
        b"\x02\x40" + lsp + b"content-length: 2\r\nContent-Type: x\r\n\r\n{}" + lsp,
    )
    write("FuzzFraming", b"\x00\x40" + lsp + b"Content-Length: zz\r\n\r\n{}" + lsp)
    write("FuzzFraming", b"\x00\x02" + b"x" * 300 + b"\n" + ping + b"\n")


def session_seeds() -> None:
    """Streams of requests of every kind (byte 0 the framing, 1 the size limit, 2 the
    output limit, 3 the read sizes), as in a session."""
    lines = [
        request(
            1,
            "layer.add",
            {"id": "a", "frame": {"x": 0, "y": 0, "width": 9, "height": 9}},
        ),
        request(2, "alert.enqueue", {"type": "t", "durationMs": 5}),
        {"jsonrpc": "2.0", "method": "clock.advance", "params": {"ms": 3}},
        [request(3, "engine.ping"), request(4, "layer.paintOrder"), {"jsonrpc": "2.0"}],
        request(5, "nav.push", {"scope": "p"}),
        request(6, "alert.list"),
    ]
    texts = [json.dumps(line).encode() for line in lines] + [
        b'{"id":7,"meth',
        b"",
        b"[]",
    ]
    ndjson = b"".join(text + b"\n" for text in texts)
    lsp = b"".join(b"Content-Length: %d\r\n\r\n" % len(text) + text for text in texts)
    write("FuzzSession", b"\x01\x20\x00\x05" + ndjson)
    write("FuzzSession", b"\x02\x20\x03\x11" + lsp)
    write(
        "FuzzSession",
        b"\x00\x08\x01\x00" + ndjson * 3 + b'{"id":8,"method":"exit"}\n' + ndjson,
    )


def screen_seeds() -> None:
    rng = random.Random(7)
    for length in (16, 64, 256, 1024):
        write("FuzzScreen", bytes(rng.randrange(256) for _ in range(length)))


def request(number: int, method: str, params: object = None) -> dict[str, object]:
    message: dict[str, object] = {"jsonrpc": "2.0", "id": number, "method": method}
    if params is not None:
        message["params"] = params
    return message


TRACE_SESSIONS: list[tuple[list[str], list[bytes]]] = [
    # Layers and alerts on the manual clock: placement, timers, a page change, a limit.
    (
        ["--clock", "manual"],
        [
            json.dumps(m).encode()
            for m in [
                request(
                    1,
                    "layer.add",
                    {"id": "a", "frame": {"x": 0, "y": 0, "width": 9, "height": 9}},
                ),
                request(
                    2, "layer.add", {"id": "b", "parent": "a", "sort": 3, "clips": True}
                ),
                request(3, "alert.enqueue", {"type": "t", "id": "x", "durationMs": 50}),
                request(
                    4,
                    "alert.enqueue",
                    {"type": "t", "id": "y", "scope": "room", "ttlMs": 80},
                ),
                request(5, "nav.push", {"scope": "room"}),
                request(6, "clock.advance", {"ms": 100}),
                request(
                    7,
                    "alert.defineType",
                    {"type": "t", "limit": {"max": 1, "windowMs": 1000}},
                ),
                request(8, "alert.enqueue", {"type": "t", "onLimit": "defer"}),
                request(9, "layer.render", {"point": {"x": 1, "y": 1}}),
            ]
        ],
    ),
    # A batch, a switch to the system clock, bad JSON, an engine.reset, shutdown and exit.
    (
        ["--clock", "manual", "--max-batch", "4"],
        [
            json.dumps(
                [
                    request(1, "alert.enqueue", {"type": "a", "id": "p"}),
                    {"jsonrpc": "2.0"},
                ]
            ).encode(),
            json.dumps(request(2, "initialize", {"clock": "system"})).encode(),
            b'{"jsonrpc":"2.0","id":3,"method":',
            json.dumps(request(4, "engine.reset")).encode(),
            json.dumps(request(5, "shutdown")).encode(),
            json.dumps({"jsonrpc": "2.0", "method": "exit"}).encode(),
        ],
    ),
]


SWITCHED_TIMES = re.compile(rb'^(\{"dir":"(?:in|out)","at":)\d+')
SYSTEM_AT = re.compile(rb'"systemAt":(?:\d+|\[[\d,]*\])')


def reproducible(trace: bytes) -> bytes:
    """The trace with what differs from run to run made fixed, so that running this tool
    again writes the same seeds instead of near-duplicates: the header's start time and its
    `--trace` argument (a temporary path), and the system clock's readings after a switch to
    it (each set to 0: a session in which no time passed on that clock, which replays
    the same)."""
    header, *records = trace.split(b"\n")
    fields = json.loads(header)
    args = fields["args"]
    if "--trace" in args:
        at = args.index("--trace")
        del args[at : at + 2]
    fields["startedWallAt"] = 1_700_000_000_000
    lines = [json.dumps(fields, separators=(",", ":")).encode()]
    switched = False
    for record in records:
        if switched:
            record = SWITCHED_TIMES.sub(rb"\g<1>0", record)
        if SYSTEM_AT.search(record):
            record = SYSTEM_AT.sub(
                lambda m: b'"systemAt":' + (b"0" if m[0][-1:] != b"]" else zeros(m[0])),
                record,
            )
            switched = True
        lines.append(record)
    return b"\n".join(lines)


def zeros(member: bytes) -> bytes:
    """A `systemAt` array of as many zeros as `member` holds numbers."""
    return b"[" + b",".join(b"0" for _ in member.split(b",")) + b"]"


def trace_seeds() -> None:
    engine = os.environ.get("ORDO_BIN") or str(ROOT / ".build" / "release" / "ordo")
    if not pathlib.Path(engine).is_file():
        print(f"FuzzTrace seeds skipped: no engine at {engine}")
        return
    with tempfile.TemporaryDirectory() as folder:
        for number, (args, lines) in enumerate(TRACE_SESSIONS):
            trace = pathlib.Path(folder) / f"{number}.trace"
            subprocess.run(
                [engine, *args, "--trace", str(trace)],
                input=b"".join(line + b"\n" for line in lines),
                capture_output=True,
                timeout=30,
                check=False,  # a session may end with exit status 1 (exit without shutdown)
            )
            write("FuzzTrace", reproducible(trace.read_bytes()))
    # A header alone, and one from a newer Ordo.
    write(
        "FuzzTrace", b'{"ordo":"0.2.2","args":["--clock","manual"],"startedWallAt":0}\n'
    )
    write(
        "FuzzTrace",
        b'{"ordo":"9.0.0","args":[],"startedWallAt":0}\n{"truncated":true}\n',
    )


if __name__ == "__main__":
    dispatch_seeds()
    framing_seeds()
    session_seeds()
    screen_seeds()
    trace_seeds()
