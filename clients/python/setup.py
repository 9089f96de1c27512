"""Build hooks that pyproject.toml cannot express: the version and the wheel's platform.

* The version is the repository's VERSION file (the one place it is written; the engine
  embeds the same file). `make dist` copies it next to this file in its staging copies,
  and its sdist carries it (MANIFEST.in).
* `make dist` puts the static engine at ``src/ordo/_bin/ordo`` of a staging copy. When it
  is there, the wheel carries it, installs the ``ordo`` console script, and is tagged for
  the platform of that binary (read from its ELF header), not ``py3-none-any``. The console
  script is ``_ordo_launcher:main``, a top-level module that finds ``ordo/_bin/ordo`` without
  importing the client and execs it. A source install (``pip install ./clients/python``)
  has no ``_bin/ordo``: a pure wheel, no console script, and ``find_engine`` falls through
  to the repository's build or PATH.
"""

from __future__ import annotations

import os
import struct
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.bdist_wheel import bdist_wheel

HERE = Path(__file__).resolve().parent
BUNDLED = HERE / "src" / "ordo" / "_bin" / "ordo"

#: ELF e_machine values of the architectures a wheel may be tagged for.
ELF_MACHINES = {0x3E: "x86_64", 0xB7: "aarch64"}
PT_INTERP = 3  # a program header that names a dynamic loader


def read_version() -> str:
    """VERSION next to this file (make dist's staging copies, its sdist) or at the
    repository's root (a source install); else an unpacked sdist's PKG-INFO."""
    for candidate in (HERE / "VERSION", HERE.parent.parent / "VERSION"):
        if candidate.is_file():
            return candidate.read_text(encoding="utf-8").strip()
    info = HERE / "PKG-INFO"
    if info.is_file():
        for line in info.read_text(encoding="utf-8").splitlines():
            if line.startswith("Version: "):
                return line.removeprefix("Version: ").strip()
    raise RuntimeError(f"no VERSION file next to {HERE} or at the repository's root")


def platform_tag(binary: Path) -> str:
    """The wheel platform tag for a Linux ELF executable.

    A statically linked binary (no PT_INTERP: no dynamic loader, no shared libc) runs on
    any Linux of its architecture, whatever its C library, so the wheel carries one tag
    per C library pip tells apart: glibc's manylinux_2_17 under both its spellings (=
    manylinux2014; pip ≥ 19.3 installs it) and musl's musllinux_1_1 (Alpine and other musl
    1.1+ systems; pip ≥ 21.2), plus musllinux_1_2, which a musl 1.2 machine's pip accepts
    anyway but ``pip download --platform musllinux_1_2_<arch>`` (fetching for Alpine from
    another machine) asks for by that name alone. The compressed set (``a.b.c``) means "any
    of these". A dynamically linked one gets the plain ``linux_<arch>`` tag (installable
    locally, never a claim about other machines).
    """
    data = binary.read_bytes()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise RuntimeError(f"{binary}: not a 64-bit little-endian ELF file; add its tag here")
    (machine,) = struct.unpack_from("<H", data, 18)
    arch = ELF_MACHINES.get(machine)
    if arch is None:
        raise RuntimeError(f"{binary}: ELF machine {machine:#x} has no wheel tag here")
    (phoff,) = struct.unpack_from("<Q", data, 32)
    phentsize, phnum = struct.unpack_from("<HH", data, 54)
    types = (struct.unpack_from("<I", data, phoff + i * phentsize)[0] for i in range(phnum))
    if PT_INTERP in types:
        return f"linux_{arch}"
    return f"manylinux_2_17_{arch}.manylinux2014_{arch}.musllinux_1_1_{arch}.musllinux_1_2_{arch}"


class EngineDistribution(Distribution):  # type: ignore[misc]
    """Carries a native program: installed into platlib, at the wheel's root (``ordo/…``),
    and the wheel says ``Root-Is-Purelib: false``, as for a package with extension modules.
    """

    def has_ext_modules(self) -> bool:
        return True


class EngineWheel(bdist_wheel):  # type: ignore[misc]
    """A platform wheel (``py3-none-<platform>``) when the engine is bundled: the Python code
    runs on any Python 3, the binary on any Linux of its architecture.
    """

    def get_tag(self) -> tuple[str, str, str]:
        if not BUNDLED.is_file():
            return super().get_tag()  # type: ignore[no-any-return]
        return "py3", "none", platform_tag(BUNDLED)


def options() -> dict[str, object]:
    if not BUNDLED.is_file():
        return {}
    if not os.access(BUNDLED, os.X_OK):
        raise RuntimeError(f"{BUNDLED} is not executable")
    return {
        "distclass": EngineDistribution,
        # Not ordo._cli: a console script naming a module of the package imports the whole
        # client first (~100 ms) only to exec the engine; _ordo_launcher imports nothing.
        "entry_points": {"console_scripts": ["ordo = _ordo_launcher:main"]},
    }


setup(version=read_version(), cmdclass={"bdist_wheel": EngineWheel}, **options())
