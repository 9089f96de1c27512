"""Every conformance transcript (conformance/<topic>/<case>.io), recorded with `--trace` and
replayed with `ordo replay`: identical, status 0.

The transcripts are driven as the conformance runner of the Python client drives them (its
parser and its stdout reader are reused): each `>>` is written, then as many messages as the
transcript lists are read before the next one. Whether the answers match the transcript is
that runner's business; here, the trace must hold exactly what crossed the pipes, and its
replay must reproduce every output.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

import pytest
import test_conformance as conformance
from ordo_testing import engine_binary

from trace_support import assert_identical, read_trace
from trace_support import record_transcript as record

FILES = conformance.FILES


def sent_messages(transcript: conformance.Transcript) -> list[bytes]:
    """The JSON text of every `>>` line (the `>>raw` ones are framed by the engine)."""
    texts = []
    for step in transcript.steps:
        if step.message is None:
            continue
        body = step.send
        if transcript.framing == "lsp":
            body = body[body.index(b"\r\n\r\n") + 4 :]
        texts.append(body.rstrip(b"\n"))
    return texts


def flat(text: bytes) -> bytes:
    """A message's text as a trace embeds it: CR and LF turned into spaces."""
    return text.replace(b"\r", b" ").replace(b"\n", b" ")


def test_the_corpus_is_there() -> None:
    # Found by a glob: had it matched nothing, the test below would record nothing.
    assert len(FILES) >= 100, conformance.CORPUS


@pytest.mark.parametrize("path", FILES, ids=[str(f.relative_to(conformance.CORPUS)) for f in FILES])
def test_transcript_recorded_and_replayed(path: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="ordo-trace-") as folder:
        trace_path = Path(folder) / "session.trace"
        bodies, transcript, status = record(path, trace_path)
        assert status == transcript.exit
        if not trace_path.exists():
            # A refused command line ends the process before anything is recorded.
            assert status == 2 and not bodies
            return
        trace = read_trace(trace_path)

        assert trace.header["args"] == [*transcript.args, "--trace", str(trace_path)]
        assert isinstance(trace.header["startedWallAt"], int)
        assert "state" not in trace.header

        # Outputs: exactly the bodies written to stdout, in order, byte for byte.
        assert [r.text for r in trace.outputs] == [flat(body) for body in bodies]
        # Inputs: each `>>` text verbatim, in order, among the recorded inputs (one over
        # --max-message-bytes as its size limit).
        recorded = iter(trace.inputs)
        for text in sent_messages(transcript):
            assert any(
                r.text == flat(text) or len(text) > r.value.get("tooLarge", len(text))
                for r in recorded
            ), f"not recorded: {text[:200]!r}"
        # The first input carries the framing the session used; no other input does.
        if trace.inputs:
            assert trace.inputs[0].framing == transcript.framing
            assert all(r.framing is None for r in trace.inputs[1:])
        assert_identical(trace_path)


def test_invalid_input_is_recorded_as_raw64_and_lsp_as_lsp() -> None:
    """What the parametrized test must cover is in the corpus: bytes that are not JSON
    (kept as raw64, base64 of exactly the bytes of the message) and LSP framing."""
    with tempfile.TemporaryDirectory(prefix="ordo-trace-") as folder:
        trace_path = Path(folder) / "session.trace"
        record(conformance.CORPUS / "framing" / "parse-error-continues.io", trace_path)
        raws = [r.raw for r in read_trace(trace_path).inputs if r.raw is not None]
        assert b"{oops}" in raws
        assert b'{"jsonrpc":"2.0","id":4,"method":"engine.ping"}\x00' in raws
        assert_identical(trace_path)

        record(conformance.CORPUS / "framing" / "lsp.io", trace_path)
        trace = read_trace(trace_path)
        assert trace.inputs[0].framing == "lsp"
        initialize = json.loads(trace.outputs[0].text or b"")
        assert initialize["result"]["framing"] == "lsp"
        assert_identical(trace_path)


def test_one_shot_calls_are_recorded_and_replay(tmp_path: Path) -> None:
    """`ordo --trace PATH call …` and `call -` record their session like the server does."""
    binary = engine_binary()
    trace = tmp_path / "call.trace"
    done = subprocess.run(
        [binary, "--trace", str(trace), "--events", "call", "alert.enqueue", '{"type":"t"}'],
        capture_output=True,
        timeout=20,
    )
    assert done.returncode == 0, done.stderr
    recorded = read_trace(trace)
    assert recorded.header["args"][-3:] == ["call", "alert.enqueue", '{"type":"t"}']
    assert [r.dir for r in recorded.records] == ["in", "out", "out"]
    assert_identical(trace)

    lines = b'{"method":"layer.add","params":{"id":"a"}}\n{"method":"layer.paintOrder"}\n'
    done = subprocess.run(
        [binary, "--trace", str(trace), "call", "-"], input=lines, capture_output=True, timeout=20
    )
    assert done.returncode == 0, done.stderr
    assert len(read_trace(trace).inputs) == 2
    assert_identical(trace)

    # Lines `call -` refuses itself are recorded with the error printed, and replay skips
    # them: the trace of a failed hook shows what failed.
    lines = b'not json\n{"method":"layer.add","param":{"id":"a"}}\n{"method":"engine.ping"}\n'
    done = subprocess.run(
        [binary, "--trace", str(trace), "call", "-"], input=lines, capture_output=True, timeout=20
    )
    assert done.returncode == 1
    printed = [json.loads(line) for line in done.stdout.splitlines()]
    recorded = read_trace(trace)
    refused = [r for r in recorded.inputs if "refused" in r.value]
    assert [r.value["refused"] for r in refused] == printed[:2]
    assert refused[0].raw == b"not json"
    assert refused[1].message == {"method": "layer.add", "param": {"id": "a"}}
    assert [r.message["method"] for r in recorded.inputs if "refused" not in r.value] == [
        "engine.ping"
    ]
    assert_identical(trace)
