"""Helpers of the packaging suite: the artifacts of dist/ and a clean environment to run
installed commands in (no ORDO_BIN, no Swift toolchain or `ordo` on PATH, outside the
repository).
"""

from __future__ import annotations

import os
import platform
import struct
import subprocess
import tarfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
VERSION = (REPO / "VERSION").read_text(encoding="utf-8").strip()
ARCH = platform.machine()
PT_INTERP = 3
#: ELF e_machine → (the kernel's and wheels' name, npm's `cpu` / Node's process.arch).
ELF_MACHINES = {0x3E: ("x86_64", "x64"), 0xB7: ("aarch64", "arm64")}
NPM_CPU = dict(ELF_MACHINES.values())
#: The SPDX expression of a package that carries the engine (tools/dist.sh): Ordo's MIT and
#: the licences of what the static engine holds (THIRD_PARTY_NOTICES).
ENGINE_LICENSE = (
    "MIT AND LGPL-2.1-or-later AND blessing AND Apache-2.0 WITH Swift-exception"
    " AND GPL-3.0-or-later WITH GCC-exception-3.1"
)


@dataclass(frozen=True)
class Dist:
    folder: Path
    wheel: Path
    npm: Path
    tarball: Path
    checksum: Path
    sdist: Path

    @classmethod
    def find(cls, folder: Path) -> Dist | None:
        wheels = sorted(folder.glob("ordo_client-*.whl"))
        npm = folder / f"ordo-client-{VERSION}.tgz"
        tarball = folder / f"ordo-{VERSION}-linux-{ARCH}.tar.gz"
        checksum = folder / f"{tarball.name}.sha256"
        sdist = folder / f"ordo_client-{VERSION}.tar.gz"
        if len(wheels) != 1 or not all(p.is_file() for p in (npm, tarball, checksum, sdist)):
            return None
        return cls(folder, wheels[0], npm, tarball, checksum, sdist)

    @property
    def notices(self) -> bytes:
        """THIRD_PARTY_NOTICES as the engine's tarball carries it."""
        with tarfile.open(self.tarball) as tarball:
            member = tarball.extractfile(f"ordo-{VERSION}-linux-{ARCH}/THIRD_PARTY_NOTICES")
            assert member is not None
            return member.read()


@dataclass(frozen=True)
class Sandbox:
    root: Path
    path: str  # PATH without the Swift toolchain, `ordo` or the repository

    def env(self, *, prepend: Sequence[Path] = (), **extra: str) -> dict[str, str]:
        """The environment of a user's shell: no ORDO_BIN, and HOME in the sandbox."""
        env = {k: v for k, v in os.environ.items() if not k.startswith(("ORDO_", "VIRTUAL_ENV"))}
        env.pop("PYTHONPATH", None)
        env["PATH"] = os.pathsep.join([*map(str, prepend), self.path])
        env["HOME"] = str(self.root / "home")
        env.update(extra)
        return env

    def run(
        self,
        command: Sequence[str | Path],
        *,
        cwd: Path,
        env: Mapping[str, str],
        check: bool = True,
        timeout: float = 120,
    ) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [str(c) for c in command],
            cwd=cwd,
            env=dict(env),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        if check and done.returncode != 0:
            raise AssertionError(
                f"{command} exited {done.returncode}\n"
                f"stdout:\n{done.stdout}\nstderr:\n{done.stderr}"
            )
        return done


def elf_is_static(data: bytes) -> bool:
    """A 64-bit little-endian ELF executable with no PT_INTERP (no dynamic loader)."""
    assert data[:4] == b"\x7fELF" and data[4] == 2 and data[5] == 1, "not an ELF64 LE file"
    (phoff,) = struct.unpack_from("<Q", data, 32)
    phentsize, phnum = struct.unpack_from("<HH", data, 54)
    types = [struct.unpack_from("<I", data, phoff + i * phentsize)[0] for i in range(phnum)]
    return PT_INTERP not in types


def elf_arch(data: bytes) -> str:
    """The architecture of an ELF file, as the kernel (uname -m) and wheel tags spell it."""
    assert data[:4] == b"\x7fELF", "not an ELF file"
    (machine,) = struct.unpack_from("<H", data, 18)
    return ELF_MACHINES[machine][0]


def site_packages(venv: Path) -> Path:
    return next((venv / "lib").glob("python3*/site-packages"))
