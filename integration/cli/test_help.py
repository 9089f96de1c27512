"""`ordo help`, `ordo help SUBCOMMAND`, `ordo SUBCOMMAND --help` and `ordo --help`: where
they print, how they exit, and that each carries an example that runs as printed."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from ordo_testing import REPO, engine_binary

from cli_support import ndjson, sh

SUBCOMMANDS = ["call", "replay", "report"]


def examples(text: str) -> list[str]:
    """The commands of a help text's `example:`/`examples:` section: backslash-continued
    lines joined, a trailing description (after two or more spaces) left out."""
    match = re.search(r"^examples?:\n((?:  .*\n)+)", text, re.M)
    assert match, f"no example section in:\n{text}"
    commands: list[str] = []
    pending = ""
    for raw in match[1].splitlines():
        line = pending + raw.strip()
        if line.endswith("\\"):
            pending = line[:-1] + " "
            continue
        pending = ""
        commands.append(re.split(r" {2,}", line)[0])
    return commands


def test_ordo_help_prints_the_usage_on_stdout_and_lists_every_subcommand() -> None:
    ran = sh('"$ORDO" help')
    assert ran.status == 0
    assert ran.stderr == ""
    for usage in [
        "ordo [flags] call METHOD [PARAMS]",
        "ordo [flags] call -",
        "ordo replay TRACE",
        "ordo report TRACE [-o FILE]",
        "ordo help [SUBCOMMAND]",
    ]:
        assert usage in ran.stdout
    assert "--events" in ran.stdout
    assert "`ordo help call|replay|report`" in ran.stdout
    assert examples(ran.stdout)


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_ordo_help_flag_prints_the_same_as_ordo_help(flag: str) -> None:
    ran = sh(f'"$ORDO" {flag}')
    assert ran.status == 0
    assert ran.stdout == sh('"$ORDO" help').stdout


def documented_defaults() -> dict[str, str]:
    """docs/protocol.md's flag table: each flag and its default, backticks dropped."""
    text = (REPO / "docs" / "protocol.md").read_text(encoding="utf-8")
    start = text.index("| flag | default | meaning |")
    rows = text[start:].split("\n\n", 1)[0].splitlines()[2:]
    defaults: dict[str, str] = {}
    for row in rows:
        flag, default = (cell.strip().strip("`") for cell in row.split(" | ")[:2])
        defaults[flag.lstrip("| `").split(" ")[0]] = default
    return defaults


def help_defaults(text: str) -> dict[str, str]:
    """The `ordo --help` flag list: each flag and the default its description (with its
    indented continuation lines) names, as "(default N)" or "WORD (default)"."""
    found: dict[str, str] = {}
    for flag, described in re.findall(r"^  (--[a-z-]+)(.*(?:\n {30,}.*)*)", text, re.M):
        named = re.search(r"\(default ([^\s;:)]+)", described) or re.search(
            r"([a-z]+) \(default\)", described
        )
        if named:
            found[flag] = named[1]
    return found


def test_the_help_gives_each_default_the_protocol_documents() -> None:
    """`ordo --help` takes its numbers from the engine's own defaults: so a default changed
    in the engine (the --max-alerts one can be seen only past a billion alerts) or in the
    documentation alone fails here."""
    documented = documented_defaults()
    printed = help_defaults(sh('"$ORDO" --help').stdout)
    with_defaults = {
        flag: value for flag, value in documented.items() if value not in ("none", "off")
    }
    assert len(with_defaults) >= 12
    assert printed == with_defaults


@pytest.mark.parametrize("name", SUBCOMMANDS)
def test_help_subcommand_and_subcommand_help_print_the_same_text(name: str) -> None:
    help_first = sh(f'"$ORDO" help {name}')
    help_after = sh(f'"$ORDO" {name} --help')
    assert help_first.status == help_after.status == 0
    assert help_first.stderr == help_after.stderr == ""
    assert help_first.stdout == help_after.stdout
    assert help_first.stdout.startswith(f"usage: ordo {'[flags] ' if name == 'call' else ''}{name}")
    assert all(command.startswith(("ordo ", "printf ")) for command in examples(help_first.stdout))
    assert help_first.stdout != sh('"$ORDO" help').stdout


def test_call_help_says_what_the_exit_statuses_are() -> None:
    text = sh('"$ORDO" call --help').stdout
    assert "exits\n1" in text or "exits 1" in text
    assert "exits 2" in text
    assert "Flags go before `call`" in text
    assert "--events" in text


@pytest.mark.parametrize("flag", ["--help", "-h", "help"])
def test_help_of_help_prints_the_usage(flag: str) -> None:
    ran = sh(f'"$ORDO" help {flag}')
    assert (ran.status, ran.stderr) == (0, "")
    assert ran.stdout == sh('"$ORDO" help').stdout


def test_help_of_two_subcommands_exits_2() -> None:
    ran = sh('"$ORDO" help call extra')
    assert (ran.status, ran.stdout) == (2, "")
    assert "give one SUBCOMMAND" in ran.stderr


@pytest.mark.parametrize("arguments", ["--version", "--help", "help call"])
@pytest.mark.parametrize("redirect", ["> /dev/full", ">&-"])
def test_a_text_stdout_cannot_take_exits_3(arguments: str, redirect: str) -> None:
    """As an answer of `call` that stdout cannot take: said on stderr, exit status 3 (once
    it was 0, so that a script saw nothing wrong)."""
    ran = sh(f'"$ORDO" {arguments} {redirect}')
    assert ran.status == 3
    assert "could not be written to stdout" in ran.stderr


def test_help_of_an_unknown_subcommand_exits_2() -> None:
    ran = sh('"$ORDO" help nope')
    assert ran.status == 2
    assert ran.stdout == ""
    assert 'no subcommand "nope"' in ran.stderr


def test_an_unknown_subcommand_exits_2_with_the_usage() -> None:
    ran = sh('"$ORDO" frobnicate')
    assert ran.status == 2
    assert ran.stdout == ""
    assert "usage: ordo" in ran.stderr


@pytest.mark.parametrize(
    "arguments", ["frobnicate", "--bogus", "--clock manaul", "help nope", "--max-batch 0"]
)
def test_a_misuse_says_what_is_wrong_above_the_synopsis_only(arguments: str) -> None:
    """The 30 lines of flags after the one line saying what was wrong pushed it off a small
    terminal: a misuse prints the synopsis and where the flags are listed."""
    ran = sh(f'"$ORDO" {arguments}')
    assert (ran.status, ran.stdout) == (2, "")
    first, blank, *rest = ran.stderr.splitlines()
    assert first.startswith("ordo") and blank == ""
    assert rest[0].startswith("usage: ordo [flags]")
    assert rest[-1] == "ordo --help lists the flags; ordo help SUBCOMMAND explains one."
    assert len(rest) < 12 and "--max-batch N" not in ran.stderr


@pytest.mark.parametrize(
    ("arguments", "usage"),
    [
        (
            "call engine.ping --foo",
            ["usage: ordo [flags] call METHOD [PARAMS]", "       ordo [flags] call -"],
        ),
        ("call", ["usage: ordo [flags] call METHOD [PARAMS]", "       ordo [flags] call -"]),
        ("replay a b", ["usage: ordo replay TRACE"]),
        ("report", ["usage: ordo report TRACE [-o FILE] [--from MS] [--to MS]"]),
    ],
)
def test_a_subcommands_misuse_says_what_is_wrong_above_its_usage_only(
    arguments: str, usage: list[str]
) -> None:
    """As for the command: a refused subcommand printed its whole help (20 lines for
    call) under the line saying what was wrong; now its usage and where the rest is."""
    ran = sh(f'"$ORDO" {arguments}')
    assert (ran.status, ran.stdout) == (2, "")
    name = arguments.split()[0]
    first, blank, *rest = ran.stderr.splitlines()
    assert first.startswith(f"ordo {name}: ") and blank == ""
    assert rest == [*usage, "", f"ordo help {name} explains it."], ran.stderr


@pytest.mark.parametrize(
    ("arguments", "complaint"),
    [
        ("replay -", "TRACE must be a file, not -"),
        ("report -", "TRACE must be a file, not -"),
        ("report t.trace -o a.html -o b.html", "-o is given twice: give it once"),
        ("report t.trace --from 1 --from 2", "--from is given twice: give it once"),
        ("report t.trace --to 1 --to 1", "--to is given twice: give it once"),
        ("report t.trace --from 7 --to 6", "--from 7 is after --to 6"),
        ("report t.trace --from", "--from needs a whole number of ms"),
        ("report t.trace --to -5", "--to needs a whole number of ms"),
        ("report t.trace --from +5", "--from needs a whole number of ms"),
        (
            "report t.trace --from 1.5",
            "--from needs a whole number of ms on the report's time axis, from 0 to"
            ' 9223372036854775807, not "1.5"',
        ),
        ("report t.trace --from -o x.html", 'not "-o"'),
        ("report t.trace --to=", 'not ""'),
        ("report t.trace --from=3 --from 4", "--from is given twice: give it once"),
        ("report t.trace --output=a.html -o b.html", "-o is given twice: give it once"),
        ("report t.trace --to 9223372036854775808", "from 0 to 9223372036854775807"),
    ],
)
def test_replay_and_report_refuse_stdin_and_two_outputs(arguments: str, complaint: str) -> None:
    """A trace is a file a bug report carries, and a page has one place: `-` and a second
    -o are refused before anything is read or written; so is a window that is not one."""
    ran = sh(f'"$ORDO" {arguments}')
    assert (ran.status, ran.stdout) == (2, "")
    assert complaint in ran.stderr and "usage: ordo" in ran.stderr


@pytest.fixture
def example_shell(tmp_path: Path) -> dict[str, str]:
    """`ordo` on PATH, and the session file the replay example records."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "ordo").symlink_to(engine_binary())
    (tmp_path / "session.ndjson").write_text(
        ndjson(
            {"jsonrpc": "2.0", "id": 1, "method": "alert.enqueue", "params": {"type": "gift"}},
            {"jsonrpc": "2.0", "id": 2, "method": "clock.advance", "params": {"ms": 100}},
        )
    )
    return {"PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}


@pytest.mark.parametrize("topic", ["", "call", "replay"])
def test_every_example_runs_as_printed(
    topic: str, example_shell: dict[str, str], tmp_path: Path
) -> None:
    for command in examples(sh(f'"$ORDO" help {topic}').stdout):
        ran = sh(command, cwd=tmp_path, env=example_shell)
        assert ran.status == 0, f"{command}\n{ran.stderr}"
        assert ran.stdout, command
        if command.startswith("ordo replay"):
            assert ran.stdout == "identical\n"


def test_the_report_example_runs_as_printed(example_shell: dict[str, str], tmp_path: Path) -> None:
    record, *_ = examples(sh('"$ORDO" help replay').stdout)
    assert sh(record, cwd=tmp_path, env=example_shell).status == 0
    whole, window = examples(sh('"$ORDO" help report').stdout)
    for command, page in ((whole, "bug.html"), (window, "minute.html")):
        ran = sh(command, cwd=tmp_path, env=example_shell)
        assert ran.status == 0, ran.stderr
        assert ran.stdout == f"{page}\n"
        assert (tmp_path / page).read_text().startswith("<!")
    # The same window written --from=MS --to=MS, and the page --output=FILE.
    same = sh(
        "ordo report bug.trace --from=60000 --to=90000 --output=same.html",
        cwd=tmp_path,
        env=example_shell,
    )
    assert (same.status, same.stdout) == (0, "same.html\n"), same.stderr
    assert (tmp_path / "same.html").read_text() == (tmp_path / "minute.html").read_text()
    # The session is 100 ms long: the minute after the first is empty, and says so.
    assert 'data-alert="' in (tmp_path / "bug.html").read_text()
    minute = (tmp_path / "minute.html").read_text()
    assert 'data-alert="' not in minute
    assert "60000 to 90000 ms of the session&apos;s 0 to 100 ms" in minute
    assert "No alert in this window of the session." in minute
