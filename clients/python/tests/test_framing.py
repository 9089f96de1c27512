"""The framers as pure byte state machines (any split), and both framings live."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ordo
from ordo.errors import ProtocolViolation
from ordo.streams import LspFramer, NdjsonFramer, make_framer
from timeline import taken

BODIES = [b'{"a":1}', b'{"jsonrpc":"2.0","id":1,"result":{"s":"\\u00e9 \xc3\xa9"}}', b"[]", b"{}"]


def feed_in_pieces(framer: NdjsonFramer | LspFramer, data: bytes, cuts: list[int]) -> list[bytes]:
    out: list[bytes] = []
    last = 0
    for cut in [*sorted(set(cuts)), len(data)]:
        out += framer.feed(data[last:cut])
        last = cut
    return out


@given(cuts=st.lists(st.integers(min_value=0, max_value=200)))
def test_ndjson_any_split(cuts: list[int]) -> None:
    stream = b"".join(b + b"\n" for b in BODIES)
    assert feed_in_pieces(NdjsonFramer(), stream, [c % len(stream) for c in cuts]) == BODIES


@given(cuts=st.lists(st.integers(min_value=0, max_value=300)))
def test_lsp_any_split(cuts: list[int]) -> None:
    framer = LspFramer()
    stream = b"".join(framer.encode(b) for b in BODIES)
    assert feed_in_pieces(LspFramer(), stream, [c % len(stream) for c in cuts]) == BODIES


def test_ndjson_one_byte_at_a_time_crlf_and_blank_lines() -> None:
    framer = NdjsonFramer()
    out: list[bytes] = []
    for byte in b'\n{"a":1}\r\n\r\n  \n{"b":2}\n{"c"':
        out += framer.feed(bytes([byte]))
    assert out == [b'{"a":1}', b'{"b":2}']
    assert framer.buffered == 4


def test_ndjson_many_messages_in_one_read() -> None:
    assert NdjsonFramer().feed(b"1\n2\n3\n") == [b"1", b"2", b"3"]


def test_ndjson_refuses_to_encode_a_raw_newline() -> None:
    with pytest.raises(ValueError, match="newline"):
        NdjsonFramer().encode(b"{\n}")


def test_lsp_headers_are_case_insensitive_and_extra_headers_ignored() -> None:
    framer = LspFramer()
    data = (
        b"content-length: 7\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n"
        b'X-Other: 1\r\n\r\n{"a":1}Content-Length: 2\r\n\r\n{}'
    )
    assert framer.feed(data) == [b'{"a":1}', b"{}"]


def test_lsp_length_counts_bytes_not_characters() -> None:
    body = json.dumps({"s": "ééé"}, ensure_ascii=False).encode()
    framed = LspFramer().encode(body)
    assert framed.startswith(b"Content-Length: %d\r\n\r\n" % len(body))
    assert LspFramer().feed(framed) == [body]


def test_lsp_without_content_length_is_a_protocol_violation() -> None:
    with pytest.raises(ProtocolViolation):
        LspFramer().feed(b"Content-Type: x\r\n\r\n{}")


def test_large_body_in_small_chunks() -> None:
    body = b'{"x":"' + b"a" * 1_000_000 + b'"}'
    for framer in (NdjsonFramer(), LspFramer()):
        data = framer.encode(body)
        out: list[bytes] = []
        for i in range(0, len(data), 4096):
            out += framer.feed(data[i : i + 4096])
        assert out == [body]


def test_make_framer() -> None:
    assert isinstance(make_framer("ndjson"), NdjsonFramer)
    assert isinstance(make_framer("lsp"), LspFramer)
    with pytest.raises(ValueError, match="framing"):
        make_framer("xml")


def test_both_framings_drive_the_engine_the_same_way(framed_engine: ordo.Engine) -> None:
    engine = framed_engine
    assert engine.initialize().framing == engine.framing
    engine.layers.add("screen", frame=(0, 0, 10, 10))
    engine.alerts.enqueue("toast", id="T", duration_ms=5)
    with engine.batch() as batch:
        ping = batch.ping()
        now = batch.clock.advance(5)
    assert ping.result().pong and now.result() == 5
    assert taken(engine) == [
        ("show", "T", 0),
        ("hide", "T", "timeout", 5),
        ("idle", "default", 5),
    ]
    error = ordo.OrdoError.from_json(engine.raw(b"{oops")["error"])
    assert isinstance(error, ordo.ParseError)
    assert engine.layers.get("screen").frame == ordo.Frame(0, 0, 10, 10)


@given(cuts=st.lists(st.integers(min_value=0, max_value=200)))
def test_ndjson_feed_text_gives_the_same_lines_as_text(cuts: list[int]) -> None:
    stream = b"\r\n".join(BODIES) + b"\n  \n" + b"\n".join(BODIES) + b"\n"
    framer = NdjsonFramer()
    out: list[str | bytes] = []
    last = 0
    for cut in [*sorted({c % len(stream) for c in cuts}), len(stream)]:
        out += framer.feed_text(stream[last:cut])
        last = cut
    lines = [line if isinstance(line, bytes) else line.encode() for line in out]
    assert lines == BODIES + BODIES
    assert framer.buffered == 0


def test_ndjson_feed_text_whole_lines_of_a_chunk_come_as_str() -> None:
    framer = NdjsonFramer()
    assert framer.feed_text(b'{"a":1}\n') == ['{"a":1}']
    assert framer.feed_text(b'{"a":1}\r\n \n{"b":"\xc3\xa9"}\n{"c"') == ['{"a":1}', '{"b":"é"}']
    assert framer.feed_text(b":3}\n") == [b'{"c":3}']  # begun in the chunk before: bytes


def test_ndjson_feed_text_lines_that_are_not_utf8_come_as_bytes() -> None:
    bad = b'{"s":"\xff\xfe"}'
    out = NdjsonFramer().feed_text(b'{"a":1}\n' + bad + b"\n")
    assert out == [b'{"a":1}', bad]  # the chunk's lines, by the byte path
    assert NdjsonFramer().feed_text(bad + b"\n") == [bad]


def test_ndjson_feed_text_skips_a_line_of_blanks_alone_in_its_chunk() -> None:
    """A line of only blanks is no message (feed() skips it too), also when it is the one
    whole line of a chunk, which feed_text reads on its quick path."""
    for chunk in (b" \t\n", b"\r\n", b" \x0c\r\n"):
        assert NdjsonFramer().feed_text(chunk) == [], chunk
    framer = NdjsonFramer()
    assert framer.feed_text(b'{"a":1}\n') == ['{"a":1}']
    assert framer.feed_text(b"   \n") == []
    assert framer.fed == 2 and framer.buffered == 0


@pytest.mark.parametrize("length", [b"-1", b"-8"])
def test_lsp_a_negative_content_length_is_a_protocol_violation(length: bytes) -> None:
    with pytest.raises(ProtocolViolation, match="Content-Length"):
        LspFramer().feed(b"Content-Length: " + length + b'\r\n\r\n{"a":1}')
