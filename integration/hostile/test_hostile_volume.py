"""Huge inputs: large valid messages are served, over-long ones are refused without being
buffered (peak RSS stays bounded on a 1 GB line), floods and big batches stay in order,
and a client that stops reading cannot make the engine lose or garble output."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from ordo_testing import engine_binary

from hostile_support import (
    Engine,
    EngineFactory,
    assert_error,
    assert_pong,
    lsp_frame,
    ndjson,
    parse_lsp,
    ping,
    req,
    run_raw,
)

MiB = 1 << 20
DEFAULT_LIMIT = 16 * MiB
# Peak RSS allowed while a 1 GB message streams through (the limit buffer is 16 MiB).
RSS_CEILING_KB = 64 * 1024


def test_10mb_layer_data_accepted_and_returned_as_given(engine: EngineFactory) -> None:
    blob = 'ø€😀"\\\n' + "x" * (10 * MiB)
    data = {"blob": blob, "list": list(range(10_000)), "nested": {"a": [{"b": None}, True, -1.5]}}
    live = engine()
    line = req("layer.add", {"id": "big", "data": data}, id="big")
    assert 10 * MiB < len(line) < DEFAULT_LIMIT
    live.send(line)
    response = live.read_response()
    assert response["id"] == "big" and response["result"]["data"] == data
    got = live.request(req("layer.get", {"id": "big"}, id=2))
    assert got["result"]["data"] == data
    live.assert_serving()
    assert live.finish() == 0


def test_message_exactly_at_default_limit_served_one_over_refused() -> None:
    base = req("layer.add", {"id": "edge", "data": ""}, id=1)
    exact = base.replace(b'"data":""', b'"data":"' + b"e" * (DEFAULT_LIMIT - len(base)) + b'"')
    over = b" " + exact  # leading whitespace: still valid JSON, one byte too many
    assert len(exact) == DEFAULT_LIMIT
    run = run_raw(ndjson(exact, over, ping("after")), timeout=120)
    first, second, third = run.messages
    assert first["id"] == 1 and first["result"]["id"] == "edge"
    # Its id is read as its bytes are skipped: the answer carries it.
    assert_error(second, -32600, 1, reason="too_large", limit=DEFAULT_LIMIT)
    assert_pong(third, "after")


def _stream(live: Engine, head: bytes, total: int, tail: bytes) -> None:
    chunk = memoryview(b"a" * MiB)
    live.write(head)
    sent = 0
    while sent < total:
        live.write(chunk[: min(MiB, total - sent)])
        sent += MiB
    live.write(tail)


def test_1gb_ndjson_line_refused_with_bounded_memory(engine: EngineFactory) -> None:
    live = engine()
    head = b'{"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"data":"'
    _stream(live, head, 1 << 30, b'"}}\n' + ping("after") + b"\n")
    assert_error(live.read_message(), -32600, 1, reason="too_large", limit=DEFAULT_LIMIT)
    assert_pong(live.read_message(), "after")
    peak = live.peak_rss_kb()
    assert peak < RSS_CEILING_KB, f"peak RSS {peak} kB while a 1 GB line streamed through"
    assert live.finish() == 0


def test_1gb_lsp_body_refused_with_bounded_memory(engine: EngineFactory) -> None:
    live = engine()
    size = 1 << 30
    prefix = b'{"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"data":"'
    head = prefix + b"a" * (4096 - len(prefix))
    live.write(b"Content-Length: %d\r\n\r\n" % size + head)
    # Refused once the whole body went by (the id may have come last), with its id.
    _stream(live, b"", size - len(head) - 3, b'"}}' + lsp_frame(ping("after")))
    assert_error(live.read_message_lsp(), -32600, 1, reason="too_large", limit=DEFAULT_LIMIT)
    assert_pong(live.read_message_lsp(), "after")
    peak = live.peak_rss_kb()
    assert peak < RSS_CEILING_KB, f"peak RSS {peak} kB while a 1 GB body streamed through"
    assert live.finish() == 0


def test_huge_line_without_newline_then_eof(engine: EngineFactory) -> None:
    live = engine("--max-message-bytes", "1000")
    live.send(ping(1))
    _stream(live, b"{", 64 * MiB, b"")
    assert live.finish() == 0
    messages = [json.loads(line) for line in live.output().split(b"\n")[:-1]]
    assert_pong(messages[0], 1)
    # Over the limit, but cut by the end of input: a partial message, dropped (its id might
    # have come last), as any message the input ends in.
    assert len(messages) == 1


def test_flood_of_pipelined_requests_answered_in_order() -> None:
    count = 50_000
    lines = [req("engine.ping", id=i) if i % 7 else req("no.such", id=i) for i in range(count)]
    run = run_raw(ndjson(*lines), timeout=120)
    messages = run.messages
    assert [m["id"] for m in messages] == list(range(count))
    assert all(("error" in m) == (m["id"] % 7 == 0) for m in messages)


def test_max_size_batch_answered_whole_and_in_order() -> None:
    count = 10_000  # the default --max-batch
    entries = [req("layer.add", {"id": f"L{i}", "sort": i % 13}, id=i) for i in range(count)]
    run = run_raw(ndjson(b"[" + b",".join(entries) + b"]", ping("after")), timeout=120)
    batch, after = run.messages
    assert [m["id"] for m in batch] == list(range(count))
    assert all(m["result"]["id"] == f"L{i}" for i, m in enumerate(batch))
    assert_pong(after, "after")


def test_client_that_stops_reading_loses_nothing(engine: EngineFactory) -> None:
    """Output far beyond the pipe buffer while the client does not read: the engine
    must stop reading (backpressure), not drop or garble, and deliver everything once
    the client reads again."""
    live = engine(read=False)
    count = 120  # rpc.discover answers ~190 kB each: ~23 MB, beyond the 8 MB high water
    requests = ndjson(*[req("rpc.discover", id=i) for i in range(count)], ping("after"))
    errors: list[BaseException] = []

    def writer() -> None:
        try:
            live.write(requests)
            live.close_stdin()
        except BaseException as problem:
            errors.append(problem)

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    time.sleep(0.5)  # not reading: the engine must hold back, not fail
    assert live.proc.poll() is None, "engine exited while the client was merely slow"
    live.start_reader()
    assert live.wait(120) == 0
    thread.join(10)
    assert not errors, errors
    out = live.output()
    lines = out.split(b"\n")
    assert lines[-1] == b""
    messages = [json.loads(line) for line in lines[:-1]]
    assert [m["id"] for m in messages] == [*range(count), "after"]
    assert len({json.dumps(m["result"], sort_keys=True) for m in messages[:-1]}) == 1


def test_one_read_of_requests_with_large_answers_is_held_to_the_high_water(
    engine: EngineFactory,
) -> None:
    """1 200 rpc.discover lines fit in one 64 KiB read, and the engine handled every
    message of a read before writing: it held their 230 MB of answers for a client that
    did not read (about 3 GB for 1 000 layer.paintOrder lines over 100 000 layers). It now
    stops handling at the 8 MiB high water, keeps the rest of what it read, and goes on as
    the client reads: nothing lost, in order."""
    live = engine(read=False)
    count = 1200
    requests = ndjson(*[req("rpc.discover", id=i) for i in range(count)], ping("after"))
    assert len(requests) < 64 * 1024
    live.write(requests)
    live.close_stdin()
    time.sleep(1.0)  # not reading
    assert live.proc.poll() is None
    peak = live.peak_rss_kb()
    assert peak < RSS_CEILING_KB, f"peak RSS {peak} kB holding answers nobody read"
    live.start_reader()
    assert live.wait(120) == 0
    lines = live.output().split(b"\n")
    assert lines[-1] == b""
    assert [json.loads(line)["id"] for line in lines[:-1]] == [*range(count), "after"]


def test_lsp_output_of_a_large_answer_is_framed_exactly() -> None:
    run = run_raw(lsp_frame(req("rpc.discover", id=1)) + lsp_frame(ping(2)))
    discover, pong = parse_lsp(run.out)
    assert discover["result"]["openrpc"]
    assert_pong(pong, 2)


def test_params_with_200k_unknown_members_refused() -> None:
    members = b",".join(b'"k%d":%d' % (i, i) for i in range(200_000))
    line = b'{"jsonrpc":"2.0","id":1,"method":"engine.ping","params":{' + members + b"}}"
    run = run_raw(ndjson(line, ping("after")), timeout=120)
    first, after = run.messages
    assert_error(first, -32602, 1)
    assert first["error"]["data"]["path"].startswith("/k")
    assert_pong(after, "after")


def test_megabyte_method_name_and_id_echoed() -> None:
    name = "m" * MiB
    ident = "i" * MiB
    run = run_raw(ndjson(req(name, id=ident), ping("after")), timeout=120)
    first, after = run.messages
    assert_error(first, -32601, ident, method=name)
    assert_pong(after, "after")


def test_a_flood_of_notifications_holds_back_no_answer_nor_timer(tmp_path: Path) -> None:
    """Input that answers nothing (notifications), arriving without a pause for seconds (a
    writer process on a 1 MiB pipe that never runs dry): the answer and the timer events
    owed meanwhile are written while the flood goes on, not once it stops."""
    flood_seconds = 6.0
    script = tmp_path / "flood.py"
    script.write_text(
        "import os, sys, time\n"
        "start = time.monotonic()\n"
        'item = b\'{"a":1.5,"b":[1,2,3]}\'\n'
        'note = b\'{"jsonrpc":"2.0","method":"engine.ping","params":{"x":[\''
        " + b','.join([item] * 400) + b']}}\\n'\n"
        'os.write(1, b\'{"jsonrpc":"2.0","id":"e","method":"alert.enqueue",'
        '"params":{"type":"t","durationMs":200}}\\n\')\n'
        "while time.monotonic() - start < float(sys.argv[1]):\n"
        "    os.write(1, note * 50)\n"
    )
    read_end, write_end = os.pipe()
    with contextlib.suppress(OSError):
        fcntl.fcntl(write_end, 1031, 1 << 20)  # F_SETPIPE_SZ: the pipe never runs dry
    writer = subprocess.Popen([sys.executable, str(script), str(flood_seconds)], stdout=write_end)
    os.close(write_end)
    engine_proc = subprocess.Popen(
        [engine_binary(), "--log-level", "error"], stdin=read_end, stdout=subprocess.PIPE
    )
    os.close(read_end)
    started = time.monotonic()
    assert engine_proc.stdout is not None
    arrivals: dict[str, float] = {}
    for line in engine_proc.stdout:
        message = json.loads(line)
        name = message.get("method") or message.get("id")
        arrivals.setdefault(name, time.monotonic() - started)
        if "alert.hide" in arrivals:
            break
    writer.wait(flood_seconds + 30)
    engine_proc.stdout.close()
    engine_proc.wait(30)
    # The hide is due 200 ms in; it must come out long before the flood ends.
    assert max(arrivals["e"], arrivals["alert.hide"]) < flood_seconds / 2, arrivals
