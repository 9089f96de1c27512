"""Replays the language-neutral conformance corpus (conformance/<topic>/<case>.io, described in
conformance/README.md) against the engine binary ORDO_BIN, through raw pipes.

A matcher and a driver, nothing of the client package: the same transcripts are replayed
by the Swift and Node tests.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
CORPUS = ROOT / "conformance"
FILES = sorted(CORPUS.glob("*/*.io"))
READ_TIMEOUT = 10.0
TYPES: dict[str, Any] = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and v == int(v),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "null": lambda v: v is None,
}


@dataclass
class Step:
    send: bytes
    message: Any = None  # the JSON of a `>>` line (None for `>>raw`)
    expect: list[Any] = field(default_factory=list)
    line: int = 0


@dataclass
class Transcript:
    args: list[str] = field(default_factory=list)
    framing: str = "ndjson"
    exit: int = 0
    steps: list[Step] = field(default_factory=list)


def parse(path: Path) -> Transcript:
    """Reads a transcript: headers, >> / >>raw sends, << expectations, # comments."""
    transcript = Transcript()
    # Lines end at "\n" only: str.splitlines would also cut at U+2028, U+0085 and other
    # characters a JSON string may hold as they are.
    for number, line in enumerate(path.read_bytes().decode("utf-8").split("\n"), 1):
        if "\r" in line:
            raise ValueError(f"{path}:{number}: a \\r (send such bytes with >>raw)")
        if line.startswith("## "):
            if transcript.steps:
                raise ValueError(f"{path}:{number}: header after the first >>")
            name, _, value = line[3:].partition(":")
            if name == "args":
                transcript.args = value.split()
            elif name == "framing":
                transcript.framing = value.strip()
            elif name == "exit":
                transcript.exit = int(value)
            else:
                raise ValueError(f"{path}:{number}: unknown header {name!r}")
        elif line.startswith(">>raw "):
            text = json.loads(line[6:])
            transcript.steps.append(Step(text.encode("utf-8"), line=number))
        elif line.startswith(">> "):
            message = json.loads(line[3:])  # it must be JSON, but is sent as written (1.0 stays)
            body = line[3:].encode("utf-8")
            if transcript.framing == "lsp":
                body = f"Content-Length: {len(body)}\r\n\r\n".encode() + body
            else:
                body += b"\n"
            transcript.steps.append(Step(body, message, line=number))
        elif line.startswith("<< "):
            if not transcript.steps:
                raise ValueError(f"{path}:{number}: << before any >>")
            transcript.steps[-1].expect.append(json.loads(line[3:]))
        elif line.strip() and not line.startswith("#"):
            raise ValueError(f"{path}:{number}: not a transcript line: {line[:60]!r}")
    return transcript


def mismatch(expected: Any, actual: Any, path: str = "") -> str | None:
    """Where `actual` differs from `expected` ("$any", "$any:<type>" wildcards), or None."""
    if isinstance(expected, str) and expected.startswith("$any"):
        if expected == "$any":
            return None
        kind = expected[5:] if expected.startswith("$any:") else ""
        if kind not in TYPES:  # "$any:", "$anything", "$any:int": reserved, not "$any"
            raise ValueError(f"{path or '/'}: unknown wildcard {expected!r}")
        if TYPES[kind](actual):
            return None
        return f"{path or '/'}: expected any {kind}, got {json.dumps(actual)}"
    if isinstance(expected, dict) and isinstance(actual, dict):
        if expected.keys() != actual.keys():
            missing = sorted(expected.keys() - actual.keys())
            extra = sorted(actual.keys() - expected.keys())
            return f"{path or '/'}: members differ, missing {missing}, unexpected {extra}"
        for key, value in expected.items():
            found = mismatch(value, actual[key], f"{path}/{key}")
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            return f"{path or '/'}: expected {len(expected)} elements, got {len(actual)}"
        for index, (want, got) in enumerate(zip(expected, actual)):
            found = mismatch(want, got, f"{path}/{index}")
            if found:
                return found
        return None
    if TYPES["number"](expected) and TYPES["number"](actual):
        same = expected == actual
    else:
        same = type(expected) is type(actual) and expected == actual
    return None if same else f"{path or '/'}: expected {json.dumps(expected)}, got {actual!r}"


class Output:
    """The engine's stdout, read message by message with a deadline on each read."""

    def __init__(self, stream: IO[bytes], framing: str) -> None:
        self.fd = stream.fileno()
        self.framing = framing
        self.buffer = b""
        self.eof = False

    def _fill(self, deadline: float) -> None:
        remaining = deadline - time.monotonic()
        ready, _, _ = select.select([self.fd], [], [], max(remaining, 0))
        if not ready:
            raise TimeoutError(f"no output within {READ_TIMEOUT}s")
        chunk = os.read(self.fd, 65536)
        self.eof = not chunk
        self.buffer += chunk

    def _take(self) -> bytes | None:
        if self.framing == "lsp":
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return None
            header = self.buffer[:end].decode("ascii")
            assert header.lower().startswith("content-length:"), f"bad output header {header!r}"
            length = int(header.split(":", 1)[1])
            if len(self.buffer) < end + 4 + length:
                return None
            body, self.buffer = (
                self.buffer[end + 4 : end + 4 + length],
                self.buffer[end + 4 + length :],
            )
            return body
        newline = self.buffer.find(b"\n")
        if newline < 0:
            return None
        body, self.buffer = self.buffer[:newline], self.buffer[newline + 1 :]
        return body

    def message(self) -> Any:
        deadline = time.monotonic() + READ_TIMEOUT
        while (body := self._take()) is None:
            if self.eof:
                raise EOFError(f"stdout closed; unread bytes: {self.buffer[:200]!r}")
            self._fill(deadline)
        return json.loads(body)

    def rest(self) -> bytes:
        deadline = time.monotonic() + READ_TIMEOUT
        while not self.eof:
            self._fill(deadline)
        return self.buffer


def engine_binary() -> str:
    path = os.environ.get("ORDO_BIN") or str(ROOT / ".build" / "release" / "ordo")
    assert os.access(path, os.X_OK), f"no engine binary at {path} (set ORDO_BIN)"
    return path


def replay(path: Path) -> None:
    transcript = parse(path)
    with tempfile.TemporaryFile() as stderr:
        process = subprocess.Popen(
            [engine_binary(), *transcript.args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
        )
        assert process.stdin is not None and process.stdout is not None
        output = Output(process.stdout, transcript.framing)
        try:
            for step in transcript.steps:
                try:
                    process.stdin.write(step.send)
                    process.stdin.flush()
                except BrokenPipeError:
                    pass  # the engine has exited; what it should have written is checked below
                for index, expected in enumerate(step.expect):
                    where = f"{path.name}:{step.line}, message {index + 1} after this send"
                    actual = output.message()
                    problem = mismatch(expected, actual)
                    assert problem is None, f"{where}: {problem}\n got: {json.dumps(actual)}"
            try:
                process.stdin.close()
            except BrokenPipeError:
                pass
            extra = output.rest()
            assert extra == b"", f"{path.name}: unexpected output at the end: {extra[:300]!r}"
            status = process.wait(timeout=READ_TIMEOUT)
            assert status == transcript.exit, f"{path.name}: exit status {status}"
        except BaseException:
            process.kill()
            process.wait()
            stderr.seek(0)
            print("engine stderr:", stderr.read()[-2000:].decode("utf-8", "replace"))
            raise
        finally:
            process.stdout.close()  # else python -X dev warns of it (a ResourceWarning)


@pytest.mark.parametrize("path", FILES, ids=[str(f.relative_to(CORPUS)) for f in FILES])
def test_transcript(path: Path) -> None:
    replay(path)


def sent_methods(path: Path) -> set[str]:
    """Methods of every message a transcript sends (batch entries included)."""
    found: set[str] = set()
    for step in parse(path).steps:
        message = step.message
        for entry in message if isinstance(message, list) else [message]:
            if isinstance(entry, dict) and isinstance(entry.get("method"), str):
                found.add(entry["method"])
    return found


def received(path: Path) -> list[Any]:
    return [message for step in parse(path).steps for message in step.expect]


def test_every_schema_method_and_event_has_a_transcript() -> None:
    schema = json.loads((ROOT / "schema" / "openrpc.json").read_text(encoding="utf-8"))
    missing = []
    for method in schema["methods"]:
        name = method["name"]
        if not any(name in sent_methods(f) for f in CORPUS.glob(f"{name}/*.io")):
            missing.append(f"method {name}: no conformance/{name}/*.io sending it")
    for event in schema["x-events"]:
        name = event["name"]
        messages = [m for f in CORPUS.glob(f"{name}/*.io") for m in received(f)]
        if not any(isinstance(m, dict) and m.get("method") == name for m in messages):
            missing.append(f"event {name}: no conformance/{name}/*.io receiving it")
    assert not missing, "\n".join(missing)


def test_every_reachable_error_code_has_a_transcript() -> None:
    schema = json.loads((ROOT / "schema" / "openrpc.json").read_text(encoding="utf-8"))
    # -32603 is a bug in the engine: no input reaches it; -32005 needs a disk that fails
    # (integration/durable provokes it). See conformance/README.md.
    codes = {error["code"] for error in schema["components"]["errors"].values()} - {
        -32603,
        -32005,
    }
    seen = set()
    for path in FILES:
        for message in received(path):
            for entry in message if isinstance(message, list) else [message]:
                if isinstance(entry, dict) and isinstance(entry.get("error"), dict):
                    seen.add(entry["error"]["code"])
    assert codes <= seen, f"error codes with no transcript: {sorted(codes - seen)}"


def _expected_errors() -> Iterator[tuple[Path, dict[str, Any]]]:
    """Each error object a transcript expects (in answers and batch answers), with its file."""
    for path in FILES:
        for message in received(path):
            for entry in message if isinstance(message, list) else [message]:
                error = entry.get("error") if isinstance(entry, dict) else None
                if isinstance(error, dict):
                    yield path, error


def test_every_documented_reason_has_a_transcript() -> None:
    """Every `reason` of -32700, -32600 and -32003 and every `name` of -32004 the schema
    lists appears in some answer, but the four no transcript can provoke
    (conformance/README.md, Not covered here)."""
    schemas = json.loads((ROOT / "schema" / "openrpc.json").read_text(encoding="utf-8"))[
        "components"
    ]["schemas"]

    def listed(title: str) -> set[str]:
        description = schemas[title]["description"]
        known = description.split("Known reasons:", 1)[1]
        # Each reason is the backticked word at the start of a list item; what a
        # parenthesis says of one (`limit`, `id`, ...) is not a reason.
        depth, items, current = 0, [], ""
        for char in known:
            depth += {"(": 1, ")": -1}.get(char, 0)
            if char == "," and depth == 0:
                items.append(current)
                current = ""
            else:
                current += char
        items.append(current)
        return {item.split("`")[1] for item in items if "`" in item}

    wanted = {
        -32700: listed("ParseErrorData"),
        -32600: listed("InvalidRequestData"),
        -32003: set(schemas["InvalidStateData"]["properties"]["reason"]["enum"]),
        -32004: set(schemas["LimitExceededData"]["properties"]["name"]["enum"]),
    }
    assert "number_out_of_range" in wanted[-32700] and "nul_in_key" in wanted[-32600]
    uncovered = {
        (-32700, "invalid_utf8"),
        (-32700, "too_deep"),
        (-32600, "unknown_member"),
        (-32600, "out_of_memory"),
    }
    seen = set()
    for _, error in _expected_errors():
        data = error.get("data")
        if isinstance(data, dict):
            for member in ("reason", "name"):
                if isinstance(data.get(member), str):
                    seen.add((error["code"], data[member]))
    missing = {(code, reason) for code, reasons in wanted.items() for reason in reasons}
    missing -= seen | uncovered
    assert not missing, f"documented reasons with no transcript: {sorted(missing)}"
    assert not uncovered & seen, "covered now: take it out of README's Not covered here"


# The cases that write out Ordo's wording (an error's message, or the free text of its data)
# instead of "$any:string": conformance/README.md lists them, for an implementation of its own
# that words its errors otherwise.
WORDING = {
    "alert.enqueue/limit-before-max-alerts.io",
    "alert.enqueue/mount-id-length.io",
    "errors/invalid-params-suggestion.io",
    "errors/method-not-found.io",
}


def test_the_cases_that_compare_wording_are_the_listed_ones() -> None:
    found = set()
    for path, error in _expected_errors():
        data = error.get("data")
        texts = [error.get("message")]
        if isinstance(data, dict):
            texts += [data.get(member) for member in ("expected", "detail", "position")]
        if any(text is not None and not str(text).startswith("$any") for text in texts):
            found.add(str(path.relative_to(CORPUS)))
    readme = (CORPUS / "README.md").read_text(encoding="utf-8")
    assert found == WORDING, "update WORDING and conformance/README.md"
    assert all(f"`{name}`" in readme for name in WORDING), "list them in conformance/README.md"


PING = '{"jsonrpc":"2.0","id":1,"method":"engine.ping"}'
PONG = '{"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}'


def test_the_driver_passes_a_transcript_the_engine_follows(tmp_path: Path) -> None:
    # The transcripts below differ from this one in one place each.
    good = tmp_path / "good.io"
    good.write_text(f"## args: --clock manual\n>> {PING}\n<< {PONG}\n", encoding="utf-8")
    replay(good)


@pytest.mark.parametrize(
    ("lines", "failure", "says"),
    [
        # What the engine writes differs from what the transcript expects.
        ([f">> {PING}", f"<< {PONG.replace('true', 'false')}"], AssertionError, "/result/pong"),
        # It writes a message the transcript does not expect.
        ([f">> {PING}"], AssertionError, "unexpected output at the end"),
        # It writes fewer messages than expected (here: none, as exit ends it).
        (['>> {"jsonrpc":"2.0","method":"exit"}', f"<< {PONG}"], EOFError, "closed"),
        # It exits with another status.
        (["## exit: 1", f">> {PING}", f"<< {PONG}"], AssertionError, "exit status 0"),
        # LSP framing: the same message, framed, is expected framed.
        (
            ["## framing: lsp", f">> {PING}", f"<< {PONG.replace(':0', ':1')}"],
            AssertionError,
            "/result/at",
        ),
    ],
)
def test_the_driver_fails_a_transcript_the_engine_does_not_follow(
    tmp_path: Path, lines: list[str], failure: type[Exception], says: str
) -> None:
    # Every transcript of the corpus passes, which a driver that checked nothing would too.
    bad = tmp_path / "bad.io"
    headers = [line for line in lines if line.startswith("##")]
    rest = [line for line in lines if not line.startswith("##")]
    bad.write_text("\n".join([*headers, "## args: --clock manual", *rest]) + "\n", encoding="utf-8")
    with pytest.raises(failure, match=says):
        replay(bad)


def test_the_matcher_fails_on_differences() -> None:
    assert mismatch({"a": [1, "$any"]}, {"a": [1.0, None]}) is None
    assert mismatch({"a": 1}, {"a": 1, "b": 2}) is not None
    assert mismatch({"a": 1}, {"a": True}) is not None
    assert mismatch([1, 2], [2, 1]) is not None
    assert mismatch("$any:integer", 1.5) is not None
    assert mismatch("$any:string", None) is not None
    assert mismatch("$any:object", {"x": 1}) is None
    for typo in ("$any:", "$anything", "$any:int"):
        with pytest.raises(ValueError, match="unknown wildcard"):
            mismatch(typo, 1)
