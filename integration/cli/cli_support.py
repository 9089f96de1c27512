"""Shell helpers for the command-line suite.

Every test runs the REAL engine binary from a real shell: `bash -c SCRIPT`, with `$ORDO`
naming the binary, so pipes, quoting, redirections and exit statuses are the ones a git
hook or a Makefile sees. Waits are bounded (generous on a noisy machine) and nothing
asserts on timing.
"""

from __future__ import annotations

import json
import os
import select
import shlex
import subprocess
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ordo_testing import engine_binary

# Only matters when something hangs, and then the test fails.
TIMEOUT = 60.0


@dataclass(frozen=True)
class Ran:
    """What a shell script did: its exit status and its two output streams."""

    status: int
    stdout: str
    stderr: str

    @property
    def lines(self) -> list[str]:
        return self.stdout.splitlines()

    def json_lines(self) -> list[Any]:
        """Every stdout line parsed as one JSON text (fails on anything else)."""
        return [json.loads(line) for line in self.lines]

    def json(self) -> Any:
        """stdout as one JSON text."""
        return json.loads(self.stdout)


def environment(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    env = {**os.environ, "ORDO": engine_binary(), "LC_ALL": "C.UTF-8"}
    if extra:
        env.update(extra)
    return env


def sh(
    script: str,
    *,
    stdin: str | None = None,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
) -> Ran:
    """Runs `script` with `bash -c` (pipefail on), stdout and stderr captured apart."""
    done = subprocess.run(
        ["bash", "-c", "set -o pipefail\n" + script],
        input=stdin if stdin is not None else "",
        capture_output=True,
        text=True,
        cwd=cwd,
        env=environment(env),
        timeout=TIMEOUT,
        check=False,
    )
    return Ran(done.returncode, done.stdout, done.stderr)


def sh_on_terminal(script: str, *, cwd: Path | None = None) -> Ran:
    """Runs `script` with `bash -c`, stdout a pseudo-terminal (as in an interactive shell),
    stderr a pipe. The terminal's CR LF line ends are read back as LF."""
    master, slave = os.openpty()
    try:
        process = subprocess.Popen(
            ["bash", "-c", script],
            stdin=subprocess.DEVNULL,
            stdout=slave,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=environment(),
        )
    finally:
        os.close(slave)
    output = bytearray()
    deadline = time.monotonic() + TIMEOUT
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.5)
            if not ready:
                if process.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: every writer of the terminal has closed it
                break
            if not chunk:
                break
            output += chunk
        assert process.stderr is not None
        stderr = process.stderr.read().decode()
        status = process.wait(timeout=TIMEOUT)
    finally:
        os.close(master)
        if process.poll() is None:
            process.kill()
    return Ran(status, output.decode().replace("\r\n", "\n"), stderr)


def q(value: Any) -> str:
    """`value` as compact JSON, quoted for the shell: one PARAMS argument."""
    return shlex.quote(compact(value))


def compact(value: Any) -> str:
    """`value` as compact JSON, as the engine writes it."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def ndjson(*requests: Mapping[str, Any]) -> str:
    """The stdin of `ordo call -`: one compact request per line."""
    return "".join(compact(dict(request)) + "\n" for request in requests)
