"""A trace edited by hand is not what the engine does: `ordo replay` finds the first
difference, names the output message's number, and shows what was expected and what came
(status 1); an edit that breaks a line's JSON is a malformed trace (status 2).
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from ordo_testing import engine_binary

from conftest import EngineFactory
from trace_support import (
    Trace,
    assert_identical,
    read_trace,
    replay,
    replay_difference,
    request,
)


def recorded_session(engine: EngineFactory, path: Path) -> Trace:
    """A manual-clock session with results full of digits; it replays identical."""
    live = engine("--clock", "manual", "--trace", str(path))
    live.call("alert.defineType", {"type": "A", "priority": 30, "durationMs": 500})
    live.call(
        "layer.add",
        {"id": "root", "sort": 7, "frame": {"x": 0, "y": 0, "width": 100, "height": 100}},
    )
    live.call("clock.advance", {"ms": 250})
    live.call("alert.enqueue", {"type": "A", "id": "a1"})
    live.call("clock.advance", {"ms": 1000})
    live.call("engine.ping")
    live.call("layer.get", {"id": "root"})
    status, _ = live.finish()
    assert status == 0
    assert_identical(path)
    return read_trace(path)


def edit_line(path: Path, number: int, old: bytes, new: bytes) -> None:
    """Replaces the first `old` in line `number` (1-based) of the file, one occurrence."""
    lines = path.read_bytes().split(b"\n")
    assert old in lines[number - 1], lines[number - 1]
    lines[number - 1] = lines[number - 1].replace(old, new, 1)
    path.write_bytes(b"\n".join(lines))


def line_of(trace: Trace, direction: str, contains: bytes) -> tuple[int, int]:
    """(line number in the file, 1-based number among the outputs) of the first record of
    `direction` containing `contains`."""
    outputs = 0
    for index, record in enumerate(trace.records):
        outputs += record.dir == "out"
        if record.dir == direction and contains in record.line:
            return index + 2, outputs
    raise AssertionError(f"no {direction} record with {contains!r}")


def test_one_digit_changed_in_an_output(engine: EngineFactory, tmp_path: Path) -> None:
    path = tmp_path / "session.trace"
    trace = recorded_session(engine, path)
    line, number = line_of(trace, "out", b'"result":{"now":1250}')
    edit_line(path, line, b'"now":1250', b'"now":1251')
    found, expected, got = replay_difference(path)
    assert found == number
    assert '"now":1251' in expected and '"now":1250' in got
    assert expected.replace("1251", "1250") == got


def test_each_output_edit_is_named_by_its_number(engine: EngineFactory, tmp_path: Path) -> None:
    """Every output record, a digit changed in turn: the difference is that message's."""
    original = tmp_path / "session.trace"
    trace = recorded_session(engine, original)
    edited = tmp_path / "edited.trace"
    checked = 0
    for index, record in enumerate(trace.outputs, 1):
        assert record.text is not None
        digit = re.search(rb'"(?:at|now|seq|sort|priority|shownCount)":([0-9])', record.text)
        if digit is None:
            continue
        start = len(record.line) - len(record.text) - 1 + digit.start(1)
        changed = b"%d" % ((int(digit[1]) + 1) % 10)
        line = record.line[:start] + changed + record.line[start + 1 :]
        edited.write_bytes(original.read_bytes().replace(record.line, line, 1))
        found, expected, got = replay_difference(edited)
        assert found == index, f"edit of output {index} reported as {found}"
        assert expected != got
        checked += 1
    assert checked >= 5


def test_an_edited_input_changes_the_outputs(engine: EngineFactory, tmp_path: Path) -> None:
    path = tmp_path / "session.trace"
    trace = recorded_session(engine, path)
    line, _ = line_of(trace, "in", b'"ms":250')
    edit_line(path, line, b'"ms":250', b'"ms":260')
    _, expected, got = replay_difference(path)
    assert '"now":250' in expected and '"now":260' in got


def test_an_input_edited_into_an_unknown_method(engine: EngineFactory, tmp_path: Path) -> None:
    path = tmp_path / "session.trace"
    trace = recorded_session(engine, path)
    line, _ = line_of(trace, "in", b'"method":"engine.ping"')
    edit_line(path, line, b'"engine.ping"', b'"engine.pong"')
    _, expected, got = replay_difference(path)
    assert '"pong":true' in expected and "-32601" in got


def test_an_edit_that_breaks_a_lines_json_is_malformed(
    engine: EngineFactory, tmp_path: Path
) -> None:
    path = tmp_path / "session.trace"
    trace = recorded_session(engine, path)
    line, _ = line_of(trace, "in", b'"method":"layer.add"')
    edit_line(path, line, b'"sort":7,', b'"sort":7,,')
    result = replay(path)
    assert result.status == 2 and result.stdout == ""
    assert f"line {line}" in result.stderr and "JSON" in result.stderr


def test_a_removed_output_is_a_difference(engine: EngineFactory, tmp_path: Path) -> None:
    path = tmp_path / "session.trace"
    trace = recorded_session(engine, path)
    last = trace.outputs[-1].line
    path.write_bytes(path.read_bytes().replace(last + b"\n", b""))
    found, expected, got = replay_difference(path)
    assert found == len(trace.outputs)
    assert expected.startswith("nothing") and '"sort":7' in got


def test_an_added_output_is_a_difference(engine: EngineFactory, tmp_path: Path) -> None:
    path = tmp_path / "session.trace"
    trace = recorded_session(engine, path)
    last = trace.outputs[-1].line
    path.write_bytes(path.read_bytes() + last + b"\n")
    found, expected, got = replay_difference(path)
    assert found == len(trace.outputs) + 1
    assert '"sort":7' in expected and got.startswith("nothing")


def test_only_engine_stats_fields_that_cannot_repeat_are_excluded(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """`uptimeMs` and `state` of an engine.stats result (alone or in a batch's answer) are
    not compared; the same names in a shell's `data` are."""
    path = tmp_path / "stats.trace"
    live = engine("--clock", "manual", "--trace", str(path))
    data = {"uptimeMs": 1, "requests": 2, "state": 3}
    live.call("layer.add", {"id": "a", "data": data})
    live.call("engine.stats")
    live.send(b'[{"jsonrpc":"2.0","id":"b","method":"engine.stats"}]\n')
    assert live.finish()[0] == 0
    assert_identical(path)
    trace = read_trace(path)

    edited = tmp_path / "edited.trace"
    original = path.read_bytes()
    stats = [r.line for r in trace.outputs if b'"uptimeMs"' in r.line and b'"layers"' in r.line]
    assert len(stats) == 2
    changed = original
    for line in stats:
        changed = changed.replace(
            line, re.sub(rb'"uptimeMs":[0-9]+', b'"uptimeMs":987654', line), 1
        )
        changed = changed.replace(b'"state":null', b'"state":{"path":"x"}')
    edited.write_bytes(changed)
    assert_identical(edited)

    layer = next(r.line for r in trace.outputs if b'"data":{"uptimeMs":1' in r.line)
    edited.write_bytes(original.replace(layer, layer.replace(b'"uptimeMs":1', b'"uptimeMs":5')))
    number, expected, got = replay_difference(edited)
    assert number == 1 and '"uptimeMs":5' in expected and '"uptimeMs":1' in got


def test_a_difference_prints_the_messages_as_recorded_and_as_written(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """An engine.stats answer was printed without uptimeMs and state (left out of the
    comparison), so the expected line was not what the trace holds."""
    path = tmp_path / "stats.trace"
    live = engine("--clock", "manual", "--trace", str(path))
    live.call("engine.stats")
    assert live.finish()[0] == 0
    stats = next(r.line for r in read_trace(path).outputs if b'"uptimeMs"' in r.line)
    recorded = stats[stats.index(b'"msg":') + 6 : -1].decode()
    edited = tmp_path / "edited.trace"
    edited.write_bytes(path.read_bytes().replace(b'"requests":1,', b'"requests":11,', 1))
    result = replay(edited)
    assert result.status == 1
    edited_text = recorded.replace('"requests":1,', '"requests":11,')
    assert f"  expected: {edited_text}\n" in result.stdout
    assert '"uptimeMs"' in result.stdout.split("got:")[1]
    assert "(not compared: engine.stats' uptimeMs and state" in result.stdout


def test_a_difference_in_a_huge_message_prints_an_excerpt_around_it(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """A 20 MB message was printed whole, twice."""
    path = tmp_path / "huge.trace"
    live = engine("--clock", "manual", "--trace", str(path))
    live.call("layer.add", {"id": "a", "data": "x" * 100_000 + "needle" + "y" * 100_000})
    assert live.finish()[0] == 0
    edited = tmp_path / "edited.trace"
    answer = next(r.line for r in read_trace(path).outputs if b"needle" in r.line)
    edited.write_bytes(path.read_bytes().replace(answer, answer.replace(b"needle", b"NEEDLE")))
    _, expected, got = replay_difference(edited)
    assert "NEEDLE" in expected and "needle" in got
    for line in (expected, got):
        assert line.startswith("…") and len(line) < 5000
        assert line.endswith("bytes in all)")


def test_a_long_difference_beside_an_uncompared_member_is_shown_where_it_is(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """Cut around the first difference of the raw messages, the window centred on
    uptimeMs (under --state, `state` always differs) and left the real one out."""
    path = tmp_path / "batch.trace"
    live = engine("--clock", "manual", "--trace", str(path))
    live.send(
        b'[{"jsonrpc":"2.0","id":1,"method":"engine.stats"},'
        + b'{"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"a","data":"'
        + b"m" * 6000
        + b'!"}}]\n'
    )
    assert live.finish()[0] == 0
    answer = next(r.line for r in read_trace(path).outputs if b'"uptimeMs"' in r.line)
    edited_answer = re.sub(rb'"uptimeMs":[0-9]+', b'"uptimeMs":987654', answer).replace(
        b'm!"', b'M!"'
    )
    edited = tmp_path / "edited.trace"
    edited.write_bytes(path.read_bytes().replace(answer, edited_answer))
    result = replay(edited)
    assert result.status == 1
    _, expected, got = replay_difference(edited)
    assert 'M!"' in expected and 'm!"' in got
    assert "uptimeMs" not in expected + got
    assert "shown without them)" in result.stdout


def test_blank_lines_in_a_trace_are_skipped(engine: EngineFactory, tmp_path: Path) -> None:
    """A trailing newline an editor or a mail added made the whole trace unreadable."""
    path = tmp_path / "blank.trace"
    recorded_session(engine, path)
    lines = path.read_bytes().split(b"\n")
    edited = tmp_path / "edited.trace"
    edited.write_bytes(b"\n".join([b"", lines[0], b"", *lines[1:4], b" \r", *lines[4:]]) + b"\n\n")
    assert_identical(edited)
    done = subprocess.run(
        [engine_binary(), "report", str(edited), "-o", str(tmp_path / "r.html")],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_a_whole_last_line_without_its_newline_is_kept(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """An editor that drops the final newline leaves the last record whole: it is replayed
    and compared, and the trace is not called cut off (it was dropped as a line cut
    mid-way, so an edit there went unseen). A line cut mid-way is still dropped."""
    path = tmp_path / "session.trace"
    recorded_session(engine, path)
    data = path.read_bytes()
    last = data.rstrip(b"\n").rsplit(b"\n", 1)[1]
    assert b'"dir":"out"' in last
    whole = tmp_path / "whole.trace"
    whole.write_bytes(data.rstrip(b"\n"))
    assert_identical(whole)
    report = tmp_path / "r.html"
    subprocess.run(
        [engine_binary(), "report", str(whole), "-o", str(report)], check=True, timeout=60
    )
    cut_report = tmp_path / "cut.html"
    whole.write_bytes(data[:-2])  # the last record's closing brace gone too
    assert_identical(whole)
    subprocess.run(
        [engine_binary(), "report", str(whole), "-o", str(cut_report)], check=True, timeout=60
    )
    assert "cut off" not in report.read_text(encoding="utf-8")
    assert "cut off" in cut_report.read_text(encoding="utf-8")
    edited = tmp_path / "edited.trace"
    edited.write_bytes(data.rstrip(b"\n").replace(last, last.replace(b'"jsonrpc"', b'"jsonRPC"')))
    assert replay(edited).status == 1
    # The report, built from the replay, says that it differs (and where).
    edited_report = tmp_path / "edited.html"
    subprocess.run(
        [engine_binary(), "report", str(edited), "-o", str(edited_report)], check=True, timeout=60
    )
    outputs = sum(1 for line in data.splitlines() if b'"dir":"out"' in line)
    assert (
        f'<dd class="cut-off">differs from the recording (difference at output message {outputs}'
        in edited_report.read_text(encoding="utf-8")
    )
    assert "differs from the recording" not in report.read_text(encoding="utf-8")


def test_a_byte_order_mark_before_the_header_is_skipped(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """A trace opened and saved again by a Windows editor starts with a UTF-8 BOM, which
    the engine's own input skips too: it was "not a JSON object"."""
    path = tmp_path / "session.trace"
    recorded_session(engine, path)
    marked = tmp_path / "bom.trace"
    marked.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert_identical(marked)


def test_pipelined_requests_are_recorded_each_before_its_answers(tmp_path: Path) -> None:
    """Several requests in one read: each input record is followed by what it caused, so a
    difference in the first answer is named after the first input."""
    path = tmp_path / "pipelined.trace"
    lines = (
        request("alert.enqueue", {"type": "t", "id": "a", "durationMs": 1000}, id=1)
        + request("clock.advance", {"ms": 1500}, id=2)
        + request("engine.ping", id=3)
    )
    done = subprocess.run(
        [engine_binary(), "--clock", "manual", "--trace", str(path)],
        input=lines,
        capture_output=True,
        timeout=30,
        check=True,
    )
    assert done.stdout.count(b"\n") == 6
    trace = read_trace(path)
    shapes = [(r.dir, r.at, r.message.get("id"), r.message.get("method")) for r in trace.records]
    assert shapes == [
        ("in", 0, 1, "alert.enqueue"),
        ("out", 0, None, "alert.show"),
        ("out", 0, 1, None),
        ("in", 0, 2, "clock.advance"),
        ("out", 0, None, "alert.hide"),
        ("out", 0, None, "alert.idle"),
        ("out", 0, 2, None),
        ("in", 1500, 3, "engine.ping"),
        ("out", 1500, 3, None),
    ]
    assert_identical(path)
    line, number = line_of(trace, "out", b'"result":{"now":1500}')
    edit_line(path, line, b'"now":1500', b'"now":1501')
    result = replay(path)
    assert result.status == 1
    first = result.stdout.splitlines()[0]
    # The message's number and its line; the input it follows, and that one's line.
    in_file = path.read_bytes().splitlines()
    requests = [n for n, text in enumerate(in_file, 1) if text.startswith(b'{"dir":"in"')]
    assert first == (
        f"difference at output message {number} "
        f"(line {line}; after input message 2 on line {requests[1]}):"
    )


def test_an_output_moved_past_a_later_input_is_a_difference(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """The replay checks where each output sits among the inputs, not only its text: an
    answer moved after the next request (every text unchanged) is a difference."""
    path = tmp_path / "moved.trace"
    recorded_session(engine, path)
    lines = path.read_bytes().splitlines(keepends=True)
    # The first answer (line 3) swapped with the second request (line 4).
    assert b'"dir":"out"' in lines[2] and b'"dir":"in"' in lines[3]
    lines[2], lines[3] = lines[3], lines[2]
    moved = tmp_path / "moved-edited.trace"
    moved.write_bytes(b"".join(lines))
    result = replay(moved)
    assert result.status == 1
    assert result.stdout.startswith(
        "difference at output message 1 (line 4): expected after input message 2 on line 3,"
        " got after input message 1 on line 2:"
    ), result.stdout


def test_a_numbers_spelling_is_compared_as_written(engine: EngineFactory, tmp_path: Path) -> None:
    """Ids are echoed byte for byte (`1.0e0` stays `1.0e0`): a recording whose answer says
    `1.0` is a difference, although both are the same number to a parser."""
    path = tmp_path / "spelling.trace"
    live = engine("--clock", "manual", "--trace", str(path))
    live.send(b'{"jsonrpc":"2.0","id":1.0e0,"method":"engine.ping"}\n')
    status, _ = live.finish()
    assert status == 0
    assert_identical(path)
    data = path.read_bytes()
    assert data.count(b'"id":1.0e0,"result"') == 1
    edited = tmp_path / "spelling-edited.trace"
    edited.write_bytes(data.replace(b'"id":1.0e0,"result"', b'"id":1.0,"result"'))
    number, expected, got = replay_difference(edited)
    assert number == 1 and '"id":1.0,' in expected and '"id":1.0e0,' in got


def test_a_canonically_equivalent_text_is_a_difference(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """Ids are echoed as written, byte for byte: a recording whose answer spells `é` as `e`
    and a combining accent (U+0065 U+0301) where the engine wrote U+00E9 is a difference,
    though the two are the same text to Unicode (the replay compared them as equal)."""
    path = tmp_path / "equivalent.trace"
    live = engine("--clock", "manual", "--trace", str(path))
    live.send('{"jsonrpc":"2.0","id":"caf\u00e9","method":"engine.ping"}\n'.encode())
    status, _ = live.finish()
    assert status == 0
    assert_identical(path)
    data = path.read_bytes()
    composed = '"id":"caf\u00e9","result"'.encode()
    assert data.count(composed) == 1
    edited = tmp_path / "equivalent-edited.trace"
    edited.write_bytes(data.replace(composed, '"id":"cafe\u0301","result"'.encode()))
    number, expected, got = replay_difference(edited)
    assert number == 1 and "cafe\u0301" in expected and "caf\u00e9" in got


def test_a_member_named_like_an_uncompared_one_in_data_is_compared_as_written(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """Only engine.stats' and initialize's results leave members out of the comparison: an
    alert whose data held a member named uptimeMs was rewritten for comparing, so 1.50
    edited in for 1.5 replayed identical (and a difference printed the uncompared note)."""
    path = tmp_path / "data.trace"
    live = engine("--clock", "manual", "--trace", str(path))
    live.call("alert.enqueue", {"type": "t", "id": "a", "data": {"uptimeMs": 1.5}})
    status, _ = live.finish()
    assert status == 0
    assert_identical(path)
    data = path.read_bytes()
    answer = b'"data":{"uptimeMs":1.5},"result"'
    assert data.count(answer) >= 1
    edited = tmp_path / "data-edited.trace"
    edited.write_bytes(data.replace(answer, b'"data":{"uptimeMs":1.50},"result"'))
    result = replay(edited)
    assert result.status == 1, result.stdout
    assert "1.50" in result.stdout and "not compared" not in result.stdout


def test_an_answer_beside_engine_stats_in_a_batch_is_compared_as_written(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """A batch's answer holding engine.stats' was rewritten whole for comparing: another
    answer in it, edited from 1.5 to 1.50, replayed identical."""
    path = tmp_path / "batch.trace"
    live = engine("--clock", "manual", "--trace", str(path))
    live.call("alert.enqueue", {"type": "t", "id": "a", "data": {"x": 1.5}})
    live.send(
        b'[{"jsonrpc":"2.0","id":"s","method":"engine.stats"},'
        b'{"jsonrpc":"2.0","id":"g","method":"alert.get","params":{"id":"a"}}]\n'
    )
    status, _ = live.finish()
    assert status == 0
    assert_identical(path)
    data = path.read_bytes()
    answer = b'"data":{"x":1.5},"result"'
    assert data.count(answer) == 3  # alert.show, the enqueue's answer, the batch's answer
    edited = tmp_path / "batch-edited.trace"
    edited.write_bytes(
        data[::-1].replace(answer[::-1], b'"data":{"x":1.50},"result"'[::-1], 1)[::-1]
    )
    result = replay(edited)
    assert result.status == 1, result.stdout
    assert "1.50" in result.stdout


def test_what_a_terminal_would_act_on_is_printed_escaped(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """A trace is someone else's file: an output edited to hold an 8-bit CSI (U+009B, an
    escape sequence's start) and a right-to-left override (U+202E) is printed with both as
    `\\uXXXX`, never as the raw characters a terminal would act on."""
    path = tmp_path / "session.trace"
    trace = recorded_session(engine, path)
    line, number = line_of(trace, "out", b'"result":{"now":1250}')
    edit_line(path, line, b'"now":1250', '"now":1250,"x":"\u009b2J\u202e"'.encode())
    result = replay(path)
    assert result.status == 1
    assert "\u009b" not in result.stdout and "\u202e" not in result.stdout
    found, expected, got = replay_difference(path)
    assert found == number
    assert expected.endswith('"x":"\\u009b2J\\u202e"}}') and "x" not in got


def test_a_trace_an_older_ordo_recorded_with_a_flag_twice_still_replays(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """Since 0.2.17 the command line refuses a flag given twice and a subcommand's name as a
    path; an older Ordo ran with them (last value wins) and recorded them in the header. Its
    trace replays as that Ordo read its arguments, not refused as "not an engine's"."""
    path = tmp_path / "older.trace"
    recorded_session(engine, path)
    lines = path.read_bytes().split(b"\n")
    header = json.loads(lines[0])
    header["args"] = ["--clock", "system", "--clock", "manual", "--trace", "report"]
    lines[0] = json.dumps(header, separators=(",", ":")).encode()
    path.write_bytes(b"\n".join(lines))
    assert assert_identical(path) is None
    header["args"] = ["--clock", "manual", "--state", "call"]
    lines[0] = json.dumps(header, separators=(",", ":")).encode()
    path.write_bytes(b"\n".join(lines))
    assert assert_identical(path) is None


def test_recorded_arguments_the_command_line_refuses_say_why(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """A header whose arguments the command line refuses (`--clock fast`) is refused with the
    command line's reason: it said they were "not an engine's", the message for a recorded
    subcommand, which hid the refused value."""
    path = tmp_path / "edited.trace"
    recorded_session(engine, path)
    lines = path.read_bytes().split(b"\n")
    header = json.loads(lines[0])
    for args, why in [
        (["--clock", "fast"], "--clock must be"),
        (["replay", "x.trace"], "not an engine's"),
        (["call", "engine.ping", "-h"], "(-h is read only right after `call`"),
        # On one line: a recorded argument's line feed is shown escaped.
        (["--clock", "fa\nst"], 'not "fa\\u000ast"'),
        (["replay", "a\nb"], "replay a\\u000ab"),
    ]:
        header["args"] = args
        lines[0] = json.dumps(header, separators=(",", ":")).encode()
        path.write_bytes(b"\n".join(lines))
        result = replay(path)
        assert result.status == 2 and result.stdout == "", result
        assert "recorded arguments" in result.stderr and why in result.stderr, result.stderr
        assert "\n\n" not in result.stderr and "usage" not in result.stderr, result.stderr
        assert "(ordo" not in result.stderr, "the reason, not the command's name"
        assert result.stderr.count("\n") == 1, result.stderr


def test_an_error_message_is_not_compared_its_code_and_data_are(
    engine: EngineFactory, tmp_path: Path
) -> None:
    """An error's message is wording for a person, which changes between versions (0.2.27
    reworded several): a bug report's trace from an older Ordo must not differ for it. Its
    code and data still count."""
    path = tmp_path / "session.trace"
    live = engine("--clock", "manual", "--trace", str(path))
    live.call("layer.get", {"id": "nope"})
    live.call("engine.ping")
    status, _ = live.finish()
    assert status == 0
    recorded = path.read_bytes()
    line, number = line_of(read_trace(path), "out", b'"code":-32001')
    edit_line(path, line, b'"message":"', b'"message":"Older words. ')
    assert replay(path).stdout == "identical\n"
    path.write_bytes(recorded)
    edit_line(path, line, b'"id":"nope"}', b'"id":"nops"}')
    result = replay(path)
    assert result.status == 1 and f"difference at output message {number}" in result.stdout
    assert "an error's message and data.suggestion" in result.stdout


def test_an_errors_suggestion_is_not_compared(engine: EngineFactory, tmp_path: Path) -> None:
    """ "Did you mean" is a hint for a person, as the message is: an older Ordo gave none
    for an unknown key or a method without its namespace, and its traces must not differ
    for it (nor for a suggestion reworded); the rest of the data still counts."""
    path = tmp_path / "session.trace"
    live = engine("--clock", "manual", "--trace", str(path))
    live.call("alert.enqueue", {"type": "t", "priorty": 5})
    live.call("ping")
    status, _ = live.finish()
    assert status == 0
    recorded = path.read_bytes()
    for code, suggestion in [(b'"code":-32602', b"priority"), (b'"code":-32601', b"engine.ping")]:
        line, _ = line_of(read_trace(path), "out", code)
        edit_line(path, line, b',"suggestion":"' + suggestion + b'"', b"")
    assert replay(path).stdout == "identical\n", "no suggestion recorded"
    path.write_bytes(recorded)
    line, number = line_of(read_trace(path), "out", b'"code":-32602')
    edit_line(path, line, b'"suggestion":"priority"', b'"suggestion":"type"')
    assert replay(path).stdout == "identical\n", "another suggestion recorded"
    edit_line(path, line, b'"path":"/priorty"', b'"path":"/prior"')
    result = replay(path)
    assert result.status == 1 and f"difference at output message {number}" in result.stdout
