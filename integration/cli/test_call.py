"""`ordo call METHOD [PARAMS]` and `ordo call -` from a real shell: what goes to stdout and
stderr, the exit statuses, pretty output on a terminal, events, bad PARAMS."""

from __future__ import annotations

import json
import os
import select
import subprocess
import time
import unicodedata
from pathlib import Path
from typing import IO, Any

import pytest
from ordo_testing import engine_binary

from cli_support import compact, ndjson, q, sh, sh_on_terminal
from unicodedata2 import category, east_asian_width

LAYER = {
    "id": "card",
    "sort": 3,
    "frame": {"x": 0, "y": 0, "width": 320, "height": 200},
    # Characters the indenter must leave alone inside strings.
    "data": {"title": 'a "quoted", {braced} [bracketed]: text\\', "tags": [], "meta": {}},
}


# --------------------------------------------------------------------------- results


def test_the_result_is_json_that_json_tool_accepts() -> None:
    ran = sh('"$ORDO" call engine.ping | python3 -m json.tool')
    assert ran.status == 0, ran.stderr
    assert json.loads(ran.stdout) == {"pong": True, "at": ran.json()["at"]}
    assert isinstance(ran.json()["at"], int)
    assert ran.stderr == ""


def test_a_result_is_one_compact_line_when_stdout_is_not_a_terminal(tmp_path: Path) -> None:
    ran = sh(f'"$ORDO" call layer.add {q(LAYER)} > out.json; cat out.json', cwd=tmp_path)
    assert ran.status == 0, ran.stderr
    result = json.loads(ran.stdout)
    assert result["id"] == "card"
    assert result["data"] == LAYER["data"]
    assert ran.stdout == compact(result) + "\n"


def test_a_result_is_indented_when_stdout_is_a_terminal() -> None:
    ran = sh_on_terminal(f'"$ORDO" call layer.add {q(LAYER)}')
    assert ran.status == 0, ran.stderr
    result = json.loads(ran.stdout)
    assert result["data"] == LAYER["data"]
    lines = ran.lines
    assert lines[0] == "{"
    assert lines[-1] == "}"
    assert '  "id": "card",' in lines
    assert '  "frame": {' in lines
    assert '    "width": 320,' in lines  # nested one level deeper
    assert '    "tags": [],' in lines  # empty containers stay on one line
    assert '    "meta": {}' in lines
    assert len(lines) > 10


def test_the_same_call_is_compact_through_a_pipe_and_indented_on_a_terminal() -> None:
    piped = sh('"$ORDO" call layer.tree')
    on_terminal = sh_on_terminal('"$ORDO" call layer.tree')
    assert piped.json() == on_terminal.json() == {"id": None, "children": []}
    assert piped.stdout == '{"id":null,"children":[]}\n'
    assert on_terminal.stdout == '{\n  "id": null,\n  "children": []\n}\n'


def test_params_omitted_means_no_params() -> None:
    ran = sh('"$ORDO" --clock manual call clock.now')
    assert ran.status == 0, ran.stderr
    assert ran.json() == {"now": 0, "mode": "manual"}


def test_numbers_and_strings_are_written_back_as_the_engine_spells_them() -> None:
    """The answer's text, byte for byte: -0.0 keeps its sign, a whole number up to 2^53 has
    no fraction, a large one an exponent; control characters in a string the request set
    come back as the short escapes JSON has, or \\u00XX."""
    frame = '{"x":-0.0,"y":9007199254740992,"width":1e300,"height":0.5}'
    ran = sh(f'"$ORDO" call layer.add \'{{"id":"a","frame":{frame}}}\'')
    assert ran.status == 0, ran.stderr
    assert '"frame":{"x":-0.0,"y":9007199254740992,"width":1e+300,"height":0.5}' in ran.stdout
    ran = sh('"$ORDO" call alert.enqueue \'{"type":"t\\f\\b\\t\\u001f","id":"x"}\'')
    assert ran.status == 0, ran.stderr
    assert '"type":"t\\f\\b\\t\\u001f"' in ran.stdout


# --------------------------------------------------------------------------- errors


def test_a_jsonrpc_error_goes_to_stderr_as_a_message_and_to_stdout_as_an_object() -> None:
    ran = sh(f'"$ORDO" call layer.get {q({"id": "nope"})}')
    assert ran.status == 1
    error = ran.json()
    assert error["code"] == -32001
    assert error["data"] == {"kind": "layer", "id": "nope"}
    assert set(error) == {"code", "message", "data"}
    assert ran.stderr == f"ordo call: {error['message']}\n"
    assert ran.lines == [compact(error)]


def test_an_error_message_on_stderr_shows_control_characters_escaped() -> None:
    """An id holding ESC [31m (or a U+202E override) is quoted in the error's message: on
    stderr, a terminal's, it is written as backslash-u escapes, not acted on; stdout keeps
    the JSON."""
    odd = "a\u001b[31m\u202e"
    ran = sh(f'"$ORDO" call layer.get {q({"id": odd})}')
    assert ran.status == 1
    assert ran.json()["data"]["id"] == odd
    assert "\u001b" not in ran.stderr and "\u202e" not in ran.stderr
    assert ran.stderr == 'ordo call: No layer with id "a\\u001b[31m\\u202e".\n'


@pytest.mark.parametrize(
    ("script", "code", "data"),
    [
        ('"$ORDO" call no.such.method', -32601, {"method": "no.such.method"}),
        (
            '"$ORDO" call layer.add \'{"id": "a", "sort": "high"}\'',
            -32602,
            {"path": "/sort"},
        ),
        ('"$ORDO" call alert.cancel', -32602, {}),
        ('"$ORDO" call clock.advance \'{"ms": 5}\'', -32003, {"reason": "system_clock"}),
    ],
)
def test_every_kind_of_jsonrpc_error_exits_1(script: str, code: int, data: dict[str, str]) -> None:
    ran = sh(script)
    assert ran.status == 1
    error = ran.json()
    assert error["code"] == code
    assert data.items() <= error["data"].items()
    assert ran.stderr == f"ordo call: {error['message']}\n"


def test_an_error_is_indented_on_a_terminal_and_its_message_still_goes_to_stderr() -> None:
    ran = sh_on_terminal(f'"$ORDO" call layer.get {q({"id": "nope"})}')
    assert ran.status == 1
    assert ran.lines[0] == "{"
    assert '  "code": -32001,' in ran.lines
    assert ran.json()["data"] == {"kind": "layer", "id": "nope"}
    assert ran.stderr == f"ordo call: {ran.json()['message']}\n"


# (PARAMS, where the caret must point, line, column)
BAD_PARAMS = [
    ('{"id": x}', "x}", 1, 8),
    ('{"id": xyz}', "xyz}", 1, 8),
    ('{"id": "a",}', "}", 1, 12),
    ('{"id" "a"}', '"a"}', 1, 7),
    ('{"id": "a"} trailing', "trailing", 1, 13),
    ('{"a": [1, 2,, 3]}', ", 3]}", 1, 13),
    ('{"id":', "", 1, 7),  # cut short: just past the end
    ('{"é": "ü", x}', "x}", 1, 12),  # columns count characters, not bytes
    ('{\n  "id": "a",\n\t"sort": oops\n}', "oops", 3, 10),
]


def test_unquoted_params_are_told_to_be_quoted() -> None:
    """`ordo call layer.add {"id":"a"}`: the shell takes the double quotes, and the engine
    is given {id:a}; the message pointed at `id` and left the reader to work out why."""
    ran = sh('"$ORDO" call layer.add {"id":"a"}')
    assert ran.status == 2 and ran.stdout == ""
    lines = ran.stderr.splitlines()
    assert lines[0].startswith("ordo call: PARAMS is not valid JSON: ")
    assert lines[1] == "  {id:a}"
    assert lines[3] == (
        "PARAMS has no double quotes: did the shell take them? Put it in single quotes:"
        ' \'{"id": "a"}\''
    )
    # JSON with its quotes that is still bad gets no such hint, nor a brace typo.
    for typo in ('{"id": }', "{", "{}}"):
        assert "no double quotes" not in sh('"$ORDO" call layer.add "$P"', env={"P": typo}).stderr


@pytest.mark.parametrize(("params", "at", "line", "column"), BAD_PARAMS)
def test_bad_json_params_points_at_the_position_and_exits_2(
    params: str, at: str, line: int, column: int
) -> None:
    ran = sh('"$ORDO" call layer.add "$P"', env={"P": params})
    assert ran.status == 2
    assert ran.stdout == ""
    message, shown, caret = ran.stderr.splitlines()
    assert message.startswith("ordo call: PARAMS is not valid JSON: ")
    place = f"line {line}, column {column}" if "\n" in params else f"column {column}"
    assert message.endswith(f", at {place}:")
    assert shown.startswith("  ") and caret.startswith("  ")
    assert shown[2:] == params.split("\n")[line - 1]
    assert caret.strip(" \t") == "^"
    where = len(caret) - 3  # the caret's index in the shown line
    assert shown[2 + where :] == at.split("\n")[0] or (at == "" and where == len(shown) - 2)
    assert caret[2 : where + 2].strip(" \t") == ""
    # Tabs are kept under the line, so the caret lines up on a terminal.
    assert [c == "\t" for c in caret[2 : 2 + where]] == [c == "\t" for c in shown[2 : 2 + where]]


def test_the_caret_gives_no_column_to_a_combining_mark() -> None:
    """A terminal draws e + U+0301 in one column: one space per code point put the caret a
    column right of the fault for each mark before it. The column counts code points."""
    ran = sh('"$ORDO" call layer.add "$P"', env={"P": '{"id":"e\u0301e\u0301e\u0301" x}'})
    assert ran.status == 2
    message, shown, caret = ran.stderr.splitlines()
    assert message.endswith(", at column 16:")
    columns = [c for c in shown[2:] if unicodedata.category(c) != "Mn"]
    assert caret[2:].strip(" ") == "^"
    assert columns[len(caret) - 3] == "x"


def test_the_caret_gives_two_columns_to_a_wide_character() -> None:
    """A terminal draws CJK characters two columns wide: one space each put the caret
    left of the fault, by one column per character before it."""
    ran = sh('"$ORDO" call layer.add "$P"', env={"P": '{"id":"弹窗优先级", x}'})
    assert ran.status == 2
    message, shown, caret = ran.stderr.splitlines()
    assert message.endswith(", at column 16:")
    columns = [
        c for c in shown[2:] for _ in range(2 if unicodedata.east_asian_width(c) == "W" else 1)
    ]
    assert caret[2:].strip(" ") == "^"
    assert columns[len(caret) - 3] == "x"


def test_the_caret_counts_columns_as_east_asian_width_does() -> None:
    """Every range of Wide and Fullwidth code points in the newest Unicode (unicodedata2),
    its ends and the code points just outside it: the caret gave the symbols a terminal
    draws wide outside the main CJK and emoji blocks (U+231A WATCH, U+2614 UMBRELLA, the
    Yijing hexagrams) one column."""
    wide = {c for c in range(0x110000) if east_asian_width(chr(c)) in ("W", "F")}
    ends = {c for c in wide if c - 1 not in wide or c + 1 not in wide}
    drawn = sorted(ends | {c - 1 for c in ends} | {c + 1 for c in ends})
    shown_alike = {"Mn", "Me", "Cf", "Cc", "Cs", "Co", "Cn", "Zl", "Zp"}
    characters = [
        chr(c) for c in drawn if 0x20 < c < 0x110000 and category(chr(c)) not in shown_alike
    ]
    assert len(characters) > 300
    for start in range(0, len(characters), 16):
        text = "".join(characters[start : start + 16])
        ran = sh('"$ORDO" call layer.add "$P"', env={"P": '{"id":"' + text + '" x}'})
        assert ran.status == 2
        _, shown, caret = ran.stderr.splitlines()
        columns = [
            c for c in shown[2:] for _ in range(2 if east_asian_width(c) in ("W", "F") else 1)
        ]
        assert caret[2:].strip(" ") == "^"
        assert columns[len(caret) - 3] == "x", text


def test_control_characters_in_bad_params_and_in_messages_are_shown_escaped() -> None:
    """From a hook's tag name or commit message: an escape sequence went to the terminal,
    and a line feed split the message over two lines (a script reading stderr by line)."""
    ran = sh('"$ORDO" call layer.add "$P"', env={"P": '{"a":1 \x1b[2J}'})
    assert ran.status == 2
    message, shown, caret = ran.stderr.splitlines()
    assert message.endswith("near '\\u001b', at column 8:")
    assert shown == '  {"a":1 \\u001b[2J}'
    assert caret == "         ^"
    assert "\x1b" not in ran.stderr
    ran = sh('"$ORDO" call "$M"', env={"M": "x\ny"})
    assert ran.status == 1
    assert ran.stderr == 'ordo call: Method not found: "x\\u000ay".\n'


def test_params_with_a_nul_in_a_key_say_so_and_exit_2() -> None:
    """JSON, but not JSON Ordo can hold: it said "PARAMS is not valid JSON"."""
    ran = sh('"$ORDO" call layer.add "$P"', env={"P": '{"id": "a", "k\\u0000": 1}'})
    assert (ran.status, ran.stdout) == (2, "")
    assert ran.stderr == (
        "ordo call: PARAMS has an object key holding \\u0000, which Ordo cannot store\n"
    )
    # Not JSON after such a key: the usual pointer at the fault.
    ran = sh('"$ORDO" call layer.add "$P"', env={"P": '{"k\\u0000": 1, x}'})
    assert ran.status == 2
    assert ran.stderr.startswith("ordo call: PARAMS is not valid JSON: ")


def test_params_with_a_lone_surrogate_read_it_as_replacement_character() -> None:
    ran = sh('"$ORDO" call layer.add "$P"', env={"P": '{"id": "a\\ud83d"}'})
    assert ran.status == 0, ran.stderr
    assert ran.json()["id"] == "a\ufffd"


@pytest.mark.parametrize("params", ["", " ", "\n\t", "\r\n"])
def test_empty_params_say_to_omit_them_and_exit_2(params: str) -> None:
    """A script's "$PARAMS" that came out empty: said plainly (once it was "not valid JSON:
    empty input" with a caret under nothing), and nothing runs."""
    ran = sh('"$ORDO" call layer.add "$P"', env={"P": params})
    assert (ran.status, ran.stdout) == (2, "")
    assert ran.stderr == "ordo call: PARAMS is empty: omit it for no params, or give '{}'\n"


def test_bad_params_in_a_long_line_are_shown_around_the_position() -> None:
    params = '{"data": "' + "a" * 200 + '", "id": nope, "sort": "' + "b" * 200 + '"}'
    ran = sh('"$ORDO" call layer.add "$P"', env={"P": params})
    assert ran.status == 2
    message, shown, caret = ran.stderr.splitlines()
    assert message.endswith(f", at column {params.index('nope') + 1}:")
    assert shown.startswith("  …") and shown.endswith("…")
    assert len(shown) < 90
    assert shown[len(caret) - 1 :].startswith("nope")


def test_params_that_are_not_utf8_exit_2_naming_the_byte(tmp_path: Path) -> None:
    # The shell passes bytes; decoding them with U+FFFD for the bad one would add a layer
    # whose id the script never sent (and write it to the state file).
    state = tmp_path / "ui.db"
    ran = subprocess.run(
        [engine_binary(), "--state", str(state), "call", "layer.add", b'{"id":"a\xffb"}'],
        capture_output=True,
        check=False,
    )
    assert ran.returncode == 2
    assert ran.stdout == b""
    assert ran.stderr.decode() == (
        "ordo: argument 5 is not valid UTF-8 (byte 9 of 12); Ordo reads its arguments,"
        " PARAMS included, as UTF-8\n"
    )
    assert not state.exists()
    # The same id in UTF-8 is fine.
    good = sh('"$ORDO" --clock manual call layer.add "$P"', env={"P": '{"id":"a\u00f1b"}'})
    assert good.status == 0 and json.loads(good.stdout)["id"] == "a\u00f1b"


@pytest.mark.parametrize("params", ["null", "[]", '"text"', "3"])
def test_params_that_are_json_but_not_an_object_exit_2(params: str) -> None:
    ran = sh('"$ORDO" call engine.ping "$P"', env={"P": params})
    assert ran.status == 2
    assert ran.stdout == ""
    assert "PARAMS must be a JSON object" in ran.stderr


@pytest.mark.parametrize(
    "arguments",
    [
        "call engine.ping --clock manual",
        "call engine.ping '{}' --log-level debug",
        "call engine.ping --state=x.db",
        "call --events engine.ping",
        "call - --clock manual",
        # A single dash too (once `-x` ran as a method, or was read as PARAMS).
        "call engine.ping -x",
        "call -x",
        # A dash and a combining mark are one Swift Character, which is no "-": the pair
        # ran as a method.
        "call -\u0301",
    ],
)
def test_flags_after_call_exit_2(arguments: str, tmp_path: Path) -> None:
    ran = sh(f'"$ORDO" {arguments}', cwd=tmp_path)
    assert ran.status == 2
    assert ran.stdout == ""
    assert "flags go before `call`" in ran.stderr
    assert "usage: ordo [flags] call METHOD [PARAMS]" in ran.stderr
    assert list(tmp_path.iterdir()) == []  # and nothing ran: no state file made


@pytest.mark.parametrize(
    ("arguments", "complaint"),
    [
        # Help only right after `call`: a stray -h in a script's PARAMS printed the usage
        # and exited 0, the request never run. It said "flags go before `call`", but there
        # `-h` is refused too (it goes alone): the message says where help is read.
        ('call alert.defineType \'{"type":"x"}\' --help', "--help is read only right after `call`"),
        ("call engine.ping -h", "-h is read only right after `call`: `ordo call --help`"),
        ("call - --help", "--help is read only right after `call`"),
        ("call engine.ping --version", "--version goes alone: `ordo --version`"),
    ],
)
def test_help_and_version_after_call_say_where_they_go(
    arguments: str, complaint: str, tmp_path: Path
) -> None:
    ran = sh(f'"$ORDO" {arguments}', cwd=tmp_path)
    assert ran.status == 2 and ran.stdout == ""
    assert complaint in ran.stderr, ran.stderr
    assert "flags go before" not in ran.stderr
    assert list(tmp_path.iterdir()) == []


def run_argv(arguments: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """The engine run with `arguments` as they are (no shell to quote them through)."""
    return subprocess.run(
        [engine_binary(), *arguments],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=30,
        check=False,
    )


@pytest.mark.parametrize(
    "arguments",
    [
        ["call", "-x\x1b[2J"],
        ["--clock", "m\x1b[2J", "call", "engine.ping"],
        ["c\nall"],
        ["--trace", "/no/such/dir/a\x1b[31m", "call", "engine.ping"],
        ["replay", "\u202eecart.t"],
        ["help", "x\x1b[31my"],
    ],
)
def test_refusals_show_control_characters_escaped(arguments: list[str], tmp_path: Path) -> None:
    """What the command line quotes back (a flag, a value, a subcommand, a path) is shown
    with its control and bidirectional characters escaped, on one line: an escape sequence
    in an argument reached the terminal raw."""
    ran = run_argv(arguments, tmp_path)
    assert ran.returncode == 2 and ran.stdout == "", ran
    first = ran.stderr.split("\n\n")[0]
    assert not any(
        (ord(c) < 0x20 and c != "\n") or 0x7F <= ord(c) <= 0x9F or c == "\u202e" for c in ran.stderr
    ), ran.stderr
    assert "\n" not in first.rstrip("\n"), first
    assert "\\u001b" in first or "\\u000a" in first or "\\u202e" in first, first


@pytest.mark.parametrize(
    ("arguments", "complaint"),
    [
        ("call", "give a METHOD, or -"),
        # The shell split PARAMS (unquoted, or a variable with a space in it): say to quote.
        ("call engine.ping '{}' '{}'", "too many arguments"),
        ("call layer.add '{\"id\":\"'a b'\"}'", "quoted as one argument"),
        # PARAMS from stdin, as some commands take `-`: it was "not valid JSON near '-'".
        ("call layer.add - < /dev/null", "PARAMS is not read from stdin"),
        # The end of options, to many commands: it was "--: flags go before `call`".
        ("call -- layer.add", "-- is not needed"),
        ("call - '{}'", "takes no PARAMS"),
        ("--events", "--events only goes with call"),
        ("--events=no call engine.ping", "--events takes no value"),
        # Its lines are NDJSON: once it was accepted and ignored.
        ("--framing lsp call engine.ping", "--framing lsp does not go with call"),
        # Ignored, they would look as if the replay or the report had used them.
        ("--clock manual replay t.trace", "takes no engine flags"),
        ("--state x.db report t.trace", "takes no engine flags"),
        # Added to byte counts, a size near 2^63 overflowed once a line spanned two reads.
        ("--max-message-bytes 9223372036854775807 call engine.ping", "at most 1099511627776"),
        # `--state $EMPTY --events`: once a state file named --events, the flag lost.
        ("--state --events call engine.ping", 'needs a file path, not "--events"'),
        ("--trace -x call engine.ping", "write ./-x for a file of that name"),
        # A dash before a combining mark (one Swift Character, no "-"): once a file.
        ("--state -\u0301x call engine.ping", "write ./-\u0301x for a file of that name"),
        ("--trace=-\u0301t call engine.ping", "write ./-\u0301t for a file of that name"),
        ("report t.trace -o -\u0301o", '-o needs a file path, not "-\u0301o"'),
        # Out of range, not "not a whole number".
        (
            "--max-layers 99999999999999999999 call engine.ping",
            "from 1 to 9223372036854775807",
        ),
        ("--epoch-ms 9007199254740992 call clock.now", "9007199254740991 (2^53 - 1)"),
        # SQLite said "disk I/O error".
        ("--state /dev/null call engine.ping", "/dev/null: not a regular file"),
        ("--max-message-bytes 0 call engine.ping", "from 1 to 1099511627776 (1 TiB)"),
        ("--max-message-bytes 1099511627777 call engine.ping", "at most 1099511627776"),
        ("--trace-max-bytes 1099511627777 call engine.ping", "at most 1099511627776"),
        ("--state-wait-ms -1 call engine.ping", "from 0 to 9223372036854775807"),
        # Help only first: `-h` here is -o's value (it printed the usage and exited 0).
        ("report t.trace -o -h", '-o needs a file path, not "-h"'),
        ("report t.trace --help", 'unexpected argument "--help"'),
        # --version and --help go alone: with more, they printed, exited 0 and ran nothing.
        ("--version call layer.add", "--version goes alone"),
        ("--clock manual --version", "--version goes alone"),
        ("--version --clock bogus", "--version goes alone"),
        ("-h --events", "-h goes alone"),
        # A flag twice: the last one silently won (state kept in b.db alone).
        ("--state a.db --state b.db call engine.ping", "--state is given twice"),
        ("--clock manual --clock=system call clock.now", "--clock is given twice"),
        ("--events --events call engine.ping", "--events is given twice"),
        # `--state $EMPTY call engine.ping`: `call` was the file, engine.ping a subcommand.
        ("--state call engine.ping", 'not the subcommand "call" (write ./call for a file'),
        ("--state call", 'not the subcommand "call"'),
        ("--trace=report call engine.ping", 'not the subcommand "report"'),
    ],
)
def test_other_misuses_exit_2(arguments: str, complaint: str, tmp_path: Path) -> None:
    ran = sh(f'"$ORDO" {arguments}', cwd=tmp_path)
    assert ran.status == 2
    assert ran.stdout == ""
    assert complaint in ran.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "flags",
    [
        "--max-message-bytes 1099511627776",
        "--trace-max-bytes 1099511627776",
        "--state-wait-ms 0",
        "--max-layers 1 --max-alerts 1 --max-batch 1 --max-tree-depth 1",
        "--max-layers 9223372036854775807",
        "--epoch-ms -9007199254740991 --clock manual",
    ],
)
def test_each_flag_takes_the_ends_of_its_range(flags: str, tmp_path: Path) -> None:
    ran = sh(f'"$ORDO" {flags} call engine.ping', cwd=tmp_path)
    assert (ran.status, ran.stderr) == (0, "")
    assert ran.json()["pong"] is True


# --------------------------------------------------------------------------- call -


def test_call_dash_refuses_to_read_the_file_it_writes(tmp_path: Path) -> None:
    """`call - < f >> f` read its own answers back as requests, until the disk was full."""
    lines = tmp_path / "lines.ndjson"
    lines.write_text('{"method": "engine.ping"}\n')
    ran = sh('timeout 10 "$ORDO" call - < lines.ndjson >> lines.ndjson', cwd=tmp_path)
    assert ran.status == 2
    assert ran.stderr == "ordo call: stdin and stdout are the same file; nothing ran\n"
    assert lines.read_text() == '{"method": "engine.ping"}\n'


def test_call_dash_runs_lines_in_order_in_one_engine_and_exits_1_if_one_failed() -> None:
    stdin = ndjson(
        {"method": "layer.add", "params": {"id": "a"}},
        {"method": "layer.get", "params": {"id": "nope"}},
        {"method": "layer.paintOrder"},
    )
    ran = sh('"$ORDO" call -', stdin=stdin)
    assert ran.status == 1
    assert len(ran.lines) == 3
    added, failed, order = ran.json_lines()
    assert added["id"] == "a"
    assert failed["code"] == -32001 and failed["data"] == {"kind": "layer", "id": "nope"}
    assert order == {"ids": ["a"]}  # the first line's layer: one engine for all lines
    assert ran.lines == [compact(value) for value in ran.json_lines()]


def test_call_dash_exits_0_when_every_line_succeeds_and_takes_jsonrpc_and_id() -> None:
    stdin = (
        '{"jsonrpc": "2.0", "id": 7, "method": "layer.add", "params": {"id": "a"}}\r\n'
        "\n"
        '   \n{"method": "layer.add", "params": {"id": "b", "sort": -1}}\n'
        '{"method": "layer.paintOrder", "params": []}\n'
    )
    ran = sh('"$ORDO" call -', stdin=stdin)
    assert ran.status == 0, ran.stderr
    assert [line.get("id") for line in ran.json_lines()[:2]] == ["a", "b"]
    assert ran.json_lines()[2] == {"ids": ["b", "a"]}
    assert ran.stderr == ""


def test_call_dash_reads_from_a_file_and_a_here_document(tmp_path: Path) -> None:
    (tmp_path / "requests.ndjson").write_text(
        ndjson({"method": "nav.push", "params": {"scope": "room"}}, {"method": "nav.get"})
    )
    from_file = sh('"$ORDO" call - < requests.ndjson', cwd=tmp_path)
    here = sh(
        """"$ORDO" call - <<'END'
{"method": "nav.push", "params": {"scope": "room"}}
{"method": "nav.get"}
END"""
    )
    assert from_file.stdout == here.stdout
    assert from_file.json_lines() == [{"stack": ["room"], "active": "room"}] * 2


def test_call_dash_skips_a_byte_order_mark_at_the_start_only(tmp_path: Path) -> None:
    """A file a Windows editor saved starts with EF BB BF; the mark is skipped there, and is
    not JSON anywhere else."""
    mark = "\ufeff"
    lines = ndjson({"method": "nav.push", "params": {"scope": "room"}}, {"method": "nav.get"})
    (tmp_path / "requests.ndjson").write_text(mark + lines + mark + lines, encoding="utf-8")
    ran = sh('"$ORDO" call - < requests.ndjson', cwd=tmp_path)
    assert ran.status == 1
    pushed, got, refused, got_again = ran.json_lines()
    assert pushed == got == {"stack": ["room"], "active": "room"}
    assert refused["code"] == -32700
    assert got_again == got  # the refused line ran nothing


@pytest.mark.parametrize(
    ("line", "code", "reason"),
    [
        ("not json", -32700, "invalid_json"),
        ("[1, 2]", -32600, "not_an_object"),
        ("42", -32600, "not_an_object"),
        ('[{"method": "engine.ping"}]', -32600, "not_an_object"),
        ('{"params": {}}', -32600, "missing_method"),
        ('{"method": 5}', -32600, "invalid_method"),
        ('{"method": "layer.add", "param": {"id": "x"}}', -32600, "unknown_member"),
        ('{"jsonrpc": "1.0", "method": "engine.ping"}', -32600, "invalid_jsonrpc"),
        ('{"id": {}, "method": "engine.ping"}', -32600, "invalid_id"),
        ('{"method": "layer.add", "params": "x"}', -32600, "invalid_params"),
        # JSON Ordo cannot hold, as the server answers it (it was -32700 here); and a
        # text that is not JSON after such a key is -32700 invalid_json.
        ('{"method": "layer.add", "params": {"k\\u0000": 1}}', -32600, "nul_in_key"),
        ('{"method": "layer.add", "params": {"k\\u0000": 1}} x', -32700, "invalid_json"),
    ],
)
def test_call_dash_answers_a_line_that_is_not_a_request_in_place(
    line: str, code: int, reason: str
) -> None:
    stdin = ndjson({"method": "layer.add", "params": {"id": "a"}}) + line + "\n"
    stdin += ndjson({"method": "layer.children"})
    ran = sh('"$ORDO" call -', stdin=stdin)
    assert ran.status == 1
    first, refused, children = ran.json_lines()
    assert first["id"] == "a"
    assert refused["code"] == code and refused["data"]["reason"] == reason
    assert children["total"] == 1  # the refused line ran nothing


def test_call_dash_takes_the_jsonrpc_members_a_request_may_carry() -> None:
    """`jsonrpc: "2.0"` and an id that is a string, a number or null are optional members
    a line may carry (copied from a JSON-RPC client): each runs its method."""
    lines: list[dict[str, Any]] = [
        {"jsonrpc": "2.0", "method": "layer.add", "params": {"id": "a"}},
        {"id": "x", "method": "layer.add", "params": {"id": "b"}},
        {"id": 7, "method": "layer.add", "params": {"id": "c"}},
        {"id": 1.5, "method": "layer.add", "params": {"id": "d"}},
        {"id": None, "method": "layer.children"},
    ]
    ran = sh('"$ORDO" call -', stdin=ndjson(*lines))
    assert ran.status == 0, ran.stdout
    *added, children = ran.json_lines()
    assert [layer["id"] for layer in added] == ["a", "b", "c", "d"]
    assert children["total"] == 4


def test_call_dash_with_nothing_on_stdin_prints_nothing_and_exits_0() -> None:
    ran = sh('"$ORDO" call - < /dev/null')
    assert (ran.status, ran.stdout, ran.stderr) == (0, "", "")


def test_call_dash_is_compact_even_on_a_terminal() -> None:
    ran = sh_on_terminal(
        """printf '%s\\n' '{"method":"layer.tree"}' '{"method":"engine.ping"}' |
        "$ORDO" --clock manual call -"""
    )
    assert ran.status == 0, ran.stderr
    assert ran.lines == ['{"id":null,"children":[]}', '{"pong":true,"at":0}']


# --------------------------------------------------------------------------- --events


def test_events_are_printed_only_with_events_and_before_the_result() -> None:
    params = q({"type": "gift", "id": "g1"})
    quiet = sh(f'"$ORDO" --clock manual call alert.enqueue {params}')
    loud = sh(f'"$ORDO" --clock manual --events call alert.enqueue {params}')
    assert quiet.status == loud.status == 0
    assert len(quiet.lines) == 1
    show, result = loud.json_lines()
    assert show["method"] == "alert.show"
    assert show["params"]["alert"]["id"] == "g1" and show["params"]["resumed"] is False
    assert result == quiet.json()
    assert result["disposition"] == "queued"
    assert loud.lines[0] == compact(show)


def test_a_read_on_a_state_file_shows_restored_alerts_unless_the_script_pauses_first(
    tmp_path: Path,
) -> None:
    """A call is a start like any other: once its request applied, a restored alert shows
    in the call's process and its show counts against the type's limit. A script's first
    line `alert.pause` leaves it waiting for the app (docs: one-shot calls)."""
    rate = {"type": "rate", "persist": True, "limit": {"max": 1}}
    pause = {"method": "alert.pause", "params": {"reason": "script"}}
    history = {"method": "alert.history", "params": {"type": "rate"}}
    # Each later start has its date past the alert's readyAt (as if the app ran next day).
    later = f'"$ORDO" --clock manual --epoch-ms {10**13} --events call -'
    for name, lines in (("read.db", [history]), ("paused.db", [pause, history])):
        state = tmp_path / name
        setup = ndjson(
            {"method": "alert.defineType", "params": rate},
            {"method": "alert.enqueue", "params": {"type": "rate", "id": "r", "delayMs": 10**9}},
        )
        assert sh(f'"$ORDO" --state "{state}" call -', stdin=setup).status == 0
        ran = sh(later.replace("call", f'--state "{state}" call'), stdin=ndjson(*lines))
        assert ran.status == 0, ran.stderr
        shown = [m["params"]["alert"]["id"] for m in ran.json_lines() if "method" in m]
        # What the next start finds, looked at without showing anything.
        looked = sh(later.replace("call", f'--state "{state}" call'), stdin=ndjson(pause, history))
        recorded = [show["id"] for show in looked.json_lines()[-1]["shows"]]
        assert (shown, recorded) == (([], []) if lines[0] is pause else (["r"], ["r"]))


def test_events_stay_one_compact_line_each_when_the_result_is_indented() -> None:
    ran = sh_on_terminal(
        f'"$ORDO" --clock manual --events call alert.enqueue {q({"type": "gift"})}'
    )
    assert ran.status == 0, ran.stderr
    event, *pretty = ran.lines
    assert json.loads(event)["method"] == "alert.show"
    assert pretty[0] == "{" and pretty[-1] == "}"
    assert json.loads("\n".join(pretty))["disposition"] == "queued"


def test_with_call_dash_each_requests_events_come_before_its_line() -> None:
    stdin = ndjson(
        {"method": "alert.enqueue", "params": {"type": "a", "id": "a", "durationMs": 100}},
        {"method": "alert.enqueue", "params": {"type": "b", "id": "b"}},
        {"method": "clock.advance", "params": {"ms": 150}},
        {"method": "alert.complete", "params": {"id": "b"}},
    )
    ran = sh('"$ORDO" --clock manual --events call -', stdin=stdin)
    assert ran.status == 0, ran.stderr
    kinds = [
        line.get("method", "result") + (f" {line['params'].get('at')}" if "method" in line else "")
        for line in ran.json_lines()
    ]
    assert kinds == [
        "alert.show 0",  # a shows at once
        "result",  # enqueue a
        "result",  # enqueue b: waits
        "alert.hide 100",  # a's duration ends at 100 ...
        "alert.show 100",  # ... and b shows at that instant
        "result",  # clock.advance
        "alert.idle 150",
        "result",  # alert.complete
    ]
    assert ran.json_lines()[-1]["endReason"] == "completed"


@pytest.mark.parametrize("redirect", ["> /dev/full", ">&-", "| head -c1 > /dev/null"])
def test_an_answer_stdout_cannot_take_exits_3(redirect: str) -> None:
    """A full disk, a closed stdout, a reader that left (the discovery document is larger
    than a pipe holds, so the write fails whatever the timing): exit 3, said on stderr."""
    ran = sh(f'"$ORDO" call rpc.discover {redirect}')
    assert ran.status == 3, ran.stderr
    # A stdout closed from the start is found before anything runs.
    assert "could not be written to stdout" in ran.stderr or "stdout is closed" in ran.stderr


def test_call_dash_stops_at_the_first_answer_stdout_cannot_take(tmp_path: Path) -> None:
    state = f'--state "{tmp_path}/s.db"'
    stdin = ndjson({"method": "alert.enqueue", "params": {"type": "t", "persist": True}}) * 3
    ran = sh(f'"$ORDO" {state} call - > /dev/full', stdin=stdin)
    assert ran.status == 3
    # The first line ran (and was committed); none after it did.
    listed = sh(f'"$ORDO" {state} call alert.list')
    assert [alert["id"] for alert in listed.json()["alerts"]] == ["alert-1"]


def test_a_closed_stdout_runs_nothing_and_never_touches_the_state_file(tmp_path: Path) -> None:
    """Left closed, descriptor 1 would be the next file opened (the state file's lock):
    the answer would be written over the database."""
    state = f'--state "{tmp_path}/ui.db"'
    kept = {"type": "t", "id": "keep", "persist": True}
    assert sh(f'"$ORDO" {state} call alert.enqueue {q(kept)}').status == 0
    before = (tmp_path / "ui.db").read_bytes()
    ran = sh(f'"$ORDO" {state} call alert.enqueue {q({"type": "t", "id": "lost"})} >&-')
    assert ran.status == 3 and "stdout is closed" in ran.stderr
    # The server, too, answers no one: it exits at once, as when its client leaves.
    # (Input from a here-string: the engine reads none, and a writer into a pipe would die
    # of SIGPIPE.)
    served = sh(
        f'"$ORDO" {state} >&- <<< {q({"jsonrpc": "2.0", "id": 1, "method": "engine.ping"})}'
    )
    assert served.status == 0
    assert (tmp_path / "ui.db").read_bytes() == before
    listed = sh(f'"$ORDO" {state} call alert.list')
    assert [alert["id"] for alert in listed.json()["alerts"]] == ["keep"]


def test_call_dash_waits_for_a_non_blocking_stdout_to_drain() -> None:
    """A stdout shared with a process that made it non-blocking: a full pipe is waited
    for, not taken for a failed write."""
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    lines = b'{"method":"rpc.discover"}\n' * 40
    with subprocess.Popen(
        [engine_binary(), "call", "-"],
        stdin=subprocess.PIPE,
        stdout=write_end,
        stderr=subprocess.PIPE,
    ) as proc:
        os.close(write_end)
        assert proc.stdin is not None and proc.stderr is not None
        proc.stdin.write(lines)
        proc.stdin.close()
        time.sleep(0.3)  # the pipe fills while nobody reads
        with os.fdopen(read_end, "rb") as reader:
            output = reader.read()
        assert proc.wait(timeout=30) == 0, proc.stderr.read()
    assert output.count(b"\n") == 40


def test_an_answer_nested_deeper_than_a_request_is_still_printed() -> None:
    """An answer nests a few levels deeper than its request: `data` that the engine takes
    at the parser's depth limit comes back deeper than that limit. It is printed all the
    same (once it was dropped, with exit status 0)."""
    deep = "[" * 2046 + "]" * 2046
    ran = sh(f'"$ORDO" call layer.add \'{{"id":"a","data":{deep}}}\'')
    assert ran.status == 0, ran.stderr
    # (Too deep for Python's json module to read back.)
    assert ran.stdout.startswith('{"id":"a",') and f'"data":{deep}' in ran.stdout
    stdin = (
        f'{{"method":"layer.add","params":{{"id":"a","data":{deep}}}}}\n'
        '{"method":"layer.children"}\n{"method":"layer.paintOrder"}\n'
    )
    ran = sh('"$ORDO" --events call -', stdin=stdin)
    assert ran.status == 0, ran.stderr
    added, children, painted = ran.lines
    assert added.startswith('{"id":"a",') and deep in added
    assert children.startswith('{"total":1,"layers":[{"id":"a",') and deep in children
    assert json.loads(painted) == {"ids": ["a"]}


def answer_within(stream: IO[bytes], seconds: float) -> Any:
    """The next line of `stream`, parsed; fails instead of waiting longer than `seconds`."""
    ready, _, _ = select.select([stream], [], [], seconds)
    assert ready, f"no answer within {seconds} s"
    return json.loads(stream.readline())


def test_call_dash_runs_each_line_as_it_arrives() -> None:
    """A coprocess writes a line and waits for its answer before writing the next."""
    with subprocess.Popen(
        [engine_binary(), "--clock", "manual", "call", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        for ms in (5, 7):
            proc.stdin.write(compact({"method": "clock.advance", "params": {"ms": ms}}).encode())
            proc.stdin.write(b"\n")
            proc.stdin.flush()
            assert answer_within(proc.stdout, 20)["now"] >= ms
        proc.stdin.write(b'{"method":"engine.ping"}')  # the last line, without a newline
        proc.stdin.close()
        assert answer_within(proc.stdout, 20) == {"pong": True, "at": 12}
        assert proc.wait(timeout=30) == 0


def test_call_dash_fires_system_clock_timers_while_it_waits_for_a_line(tmp_path: Path) -> None:
    """On the system clock, a timer falls due while `call -` waits for its next line: its
    events are printed then (with --events), not when a later line comes, and its change
    is in the state file even if no line comes after it (once it was lost at the end of
    input: the alert showed again at the next start)."""
    state = str(tmp_path / "s.db")
    with subprocess.Popen(
        [engine_binary(), "--state", state, "--events", "call", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        bufsize=0,  # unbuffered: lines left in a buffer would hide from select
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        enqueue = {"type": "t", "id": "a", "durationMs": 200, "persist": True}
        proc.stdin.write(compact({"method": "alert.enqueue", "params": enqueue}).encode())
        proc.stdin.write(b"\n")
        proc.stdin.flush()
        show = answer_within(proc.stdout, 20)
        assert show["method"] == "alert.show"
        assert answer_within(proc.stdout, 20)["alert"]["state"] == "showing"
        # Nothing more is written: the hide comes by itself, 200 ms after the show.
        hide = answer_within(proc.stdout, 20)
        assert hide["method"] == "alert.hide" and hide["params"]["reason"] == "timeout"
        assert hide["params"]["at"] - show["params"]["at"] >= 200
        assert answer_within(proc.stdout, 20)["method"] == "alert.idle"
        # Ended after the stdin closes: what the timer did was committed.
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0
    after = sh(f'"$ORDO" --state "{state}" --events call alert.list')
    assert after.status == 0, after.stderr
    assert after.json_lines() == [{"alerts": []}], "the alert neither showed again nor stayed"


def test_call_dash_serves_an_endless_producer_until_its_reader_leaves() -> None:
    ran = sh(
        """yes '{"method":"engine.ping"}' | timeout 20 "$ORDO" call - | head -n 2;"""
        ' echo "statuses ${PIPESTATUS[*]}"'
    )
    *answers, statuses = ran.lines
    assert [json.loads(line)["pong"] for line in answers] == [True, True]
    # yes dies of SIGPIPE (141), ordo exits 3 when its answer finds no reader, head 0.
    assert statuses.split()[2:] == ["3", "0"], ran.stderr


def test_call_dash_refuses_a_line_over_max_message_bytes_without_keeping_it() -> None:
    big = {"method": "layer.add", "params": {"id": "big", "data": "x" * 400_000}}
    ran = sh(
        '"$ORDO" --max-message-bytes 1000 call -',
        stdin=ndjson({"method": "engine.ping"}, big, {"method": "layer.children"}),
    )
    assert ran.status == 1
    pong, refused, children = ran.json_lines()
    assert pong["pong"] is True
    assert refused["code"] == -32600
    assert refused["data"] == {"reason": "too_large", "limit": 1000}
    assert children["layers"] == []
    # The refused line's error object says it all: no engine log line (a cron job mails
    # any stderr), unless --log-level asks for them.
    assert ran.stderr == ""
    # The engine logs a refusal its answer carries at info, not warn.
    warned = sh('"$ORDO" --max-message-bytes 1000 --log-level warn call -', stdin=ndjson(big))
    assert warned.status == 1 and warned.stderr == ""
    logged = sh(
        '"$ORDO" --max-message-bytes 1000 --log-level info call -',
        stdin=ndjson(big),
    )
    assert logged.stderr == "ordo [info] skipped a message larger than 1000 bytes\n"
    # The one request of `call METHOD PARAMS` has the same limit, and one message on stderr.
    small = {"id": "big", "data": "x" * 2000}
    single = sh(f'"$ORDO" --max-message-bytes 100 call layer.add {q(small)}')
    assert single.status == 1
    assert single.json()["data"]["reason"] == "too_large"
    assert single.stderr == f"ordo call: {single.json()['message']}\n"


def test_call_params_of_exactly_max_message_bytes_run_and_one_more_is_refused() -> None:
    """The limit on `call METHOD PARAMS` is on PARAMS as given: as many bytes as
    `--max-message-bytes` run, one more is refused as too large."""
    for size, refused in ((100, False), (101, True)):
        params = {"id": "x" * (size - 9)}
        assert len(compact(params).encode()) == size
        ran = sh(f'"$ORDO" --max-message-bytes 100 call layer.add {q(params)}')
        if refused:
            assert ran.status == 1, ran.stderr
            assert ran.json()["data"] == {"reason": "too_large", "limit": 100}
        else:
            assert ran.status == 0, ran.stderr
            assert ran.json()["id"] == params["id"]


def test_exit_in_call_dash_ends_the_call_with_the_servers_status() -> None:
    """`exit` ends the engine: later lines do not run. Its status is the server's: 1 without
    `shutdown` before it (so a script learns its last lines were not run), 0 after one."""
    later = {"method": "layer.add", "params": {"id": "never"}}
    ran = sh(
        '"$ORDO" call -',
        stdin=ndjson({"method": "engine.ping"}, {"method": "exit"}, later),
    )
    assert ran.status == 1
    assert len(ran.lines) == 2
    # `call -` says nothing on stderr for it, as for its failed lines (only `call exit` does).
    assert ran.stderr == ""
    ran = sh(
        '"$ORDO" call -',
        stdin=ndjson({"method": "shutdown"}, {"method": "exit"}, later),
    )
    assert ran.status == 0
    assert ran.lines == ["null", "null"]
    alone = sh('"$ORDO" call exit')
    assert alone.status == 1 and alone.lines == ["null"]
    assert alone.stderr == "ordo call: exit without shutdown before it: status 1, as the server's\n"
    assert sh('"$ORDO" call shutdown').stderr == ""


def test_stdin_that_cannot_be_read_is_an_error_not_an_empty_input(tmp_path: Path) -> None:
    ran = sh(f'"$ORDO" call - < "{tmp_path}"')
    assert ran.status == 2
    assert "stdin could not be read" in ran.stderr


def test_call_dash_waits_for_a_non_blocking_stdin() -> None:
    """A stdin shared with a process that made it non-blocking: no input yet is waited for,
    not taken for a failed read."""
    read_end, write_end = os.pipe()
    os.set_blocking(read_end, False)
    with subprocess.Popen(
        [engine_binary(), "--clock", "manual", "call", "-"],
        stdin=read_end,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as proc:
        os.close(read_end)
        assert proc.stdout is not None and proc.stderr is not None
        os.write(write_end, b'{"method":"engine.ping"}\n')
        assert answer_within(proc.stdout, 20)["pong"] is True
        time.sleep(0.3)  # the engine finds the pipe empty
        os.write(write_end, b'{"method":"layer.children"}\n')
        os.close(write_end)
        assert answer_within(proc.stdout, 20)["layers"] == []
        assert proc.wait(timeout=30) == 0, proc.stderr.read()


def test_two_call_dash_stages_of_a_pipeline_share_a_state_file(tmp_path: Path) -> None:
    """The second stage opens the state file only with its first line, after the first stage
    (still waiting for its own input) has let go of it."""
    state = f'--state "{tmp_path}/s.db"'
    enqueue = {"method": "alert.enqueue", "params": {"type": "t", "id": "a", "persist": True}}
    to_complete = (
        "python3 -c 'import json, sys\n"
        "for line in sys.stdin:\n"
        ' print(json.dumps({"method": "alert.complete",'
        ' "params": {"id": json.loads(line)["alert"]["id"]}}), flush=True)\''
    )
    ran = sh(
        f'(sleep 3; echo {q(enqueue)}) | "$ORDO" {state} call - | {to_complete}'
        f' | "$ORDO" {state} call -'
    )
    assert ran.status == 0, ran.stderr
    assert ran.json()["state"] == "done"


def test_call_dash_says_what_a_line_that_is_no_object_is(tmp_path: Path) -> None:
    """A line that is an array is a batch, which `call -` does not take; a line that is
    another JSON value was refused with the same "(no batches)", which it is not."""
    ran = sh("printf '%s\\n' '[1]' 42 '\"x\"' | \"$ORDO\" call -", cwd=tmp_path)
    assert ran.status == 1
    messages = [json.loads(line)["message"] for line in ran.stdout.splitlines()]
    assert messages == [
        "Invalid Request: each line must be one request object (no batches).",
        "Invalid Request: each line must be one request object, not another JSON value.",
        "Invalid Request: each line must be one request object, not another JSON value.",
    ]


def test_report_refusals_escape_control_characters(tmp_path: Path) -> None:
    """`report -o PATH` quoted its path raw (found after the command line's refusals were
    escaped; `ordo help TOPIC` too, above). It needs a trace to get that far."""
    recorded = run_argv(["--trace", "t.trace", "call", "engine.ping"], tmp_path)
    assert recorded.returncode == 0, recorded
    ran = run_argv(["report", "t.trace", "-o", "/no/such/dir/x\x1b[31my"], tmp_path)
    assert ran.returncode == 2, ran
    assert "\x1b" not in ran.stderr and "\\u001b" in ran.stderr, ran.stderr


def test_params_read_from_a_file_with_a_byte_order_mark_skip_it(tmp_path: Path) -> None:
    """`"$(cat FILE)"`, the way the refusal of `-` as PARAMS suggests, of a file a Windows
    editor saved: the mark was refused as an invalid token no one could see, where `call -`
    skips it in the same file. Only at the start."""
    mark = "\ufeff"
    (tmp_path / "params.json").write_text(mark + '{"scope": "room"}\n', encoding="utf-8")
    ran = sh('"$ORDO" call nav.push "$(cat params.json)"', cwd=tmp_path)
    assert ran.status == 0, ran.stderr
    assert ran.json() == {"stack": ["room"], "active": "room"}
    (tmp_path / "twice.json").write_text(mark + mark + '{"scope": "room"}', encoding="utf-8")
    ran = sh('"$ORDO" call nav.push "$(cat twice.json)"', cwd=tmp_path)
    assert ran.status == 2
    assert "PARAMS is not valid JSON" in ran.stderr
    (tmp_path / "only.json").write_text(mark, encoding="utf-8")
    ran = sh('"$ORDO" call nav.push "$(cat only.json)"', cwd=tmp_path)
    assert ran.status == 2
    assert "PARAMS is empty" in ran.stderr
