#!/usr/bin/env python3
"""Writes the seed corpora of the libFuzzer targets into Fuzz/corpus/<target>/.

FuzzDispatch: one JSON-RPC request per example in schema/openrpc.json (so every method
and its parameters are reachable from the first run), plus batches and oddities.
FuzzFraming: NDJSON and LSP streams (byte 0 picks the framing, byte 1 the size limit).
FuzzScreen: a few operation tapes.
"""
import hashlib
import json
import pathlib
import random

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
            request = {"jsonrpc": "2.0", "id": number, "method": method["name"], "params": params}
            write("FuzzDispatch", json.dumps(request, separators=(",", ":")).encode())
    write("FuzzDispatch", b'[{"jsonrpc":"2.0","id":1,"method":"engine.ping"},{"jsonrpc":"2.0","method":"x"}]')
    write("FuzzDispatch", b'{"jsonrpc":"2.0","id":1e2,"method":"clock.advance","params":{"ms":1.0}}')
    write("FuzzDispatch", b'#\x10{"type":"a","delayMs":5,"durationMs":3}')


def framing_seeds() -> None:
    ping = b'{"jsonrpc":"2.0","id":1,"method":"engine.ping"}'
    lsp = b"Content-Length: %d\r\n\r\n" % len(ping) + ping
    write("FuzzFraming", b"\x01\x10" + ping + b"\n\r\n  \n" + ping + b"\r\n")
    write("FuzzFraming", b"\x02\x40" + lsp + b"content-length: 2\r\nContent-Type: x\r\n\r\n{}" + lsp)
    write("FuzzFraming", b"\x00\x40" + lsp + b"Content-Length: zz\r\n\r\n{}" + lsp)
    write("FuzzFraming", b"\x00\x02" + b"x" * 300 + b"\n" + ping + b"\n")


def screen_seeds() -> None:
    rng = random.Random(7)
    for length in (16, 64, 256, 1024):
        write("FuzzScreen", bytes(rng.randrange(256) for _ in range(length)))


if __name__ == "__main__":
    dispatch_seeds()
    framing_seeds()
    screen_seeds()
