"""Make a stripped engine's bytes depend on its code alone, not on where it was built.

Two release builds of one commit with one toolchain differ in two places only:

* `.swift_modhash`: the compiler's hash of each LLVM module, which it reads back to skip
  unchanged modules in an incremental build. The modules' names hold the build folder, so a
  checkout at another path hashes differently. Nothing reads the section at run time: its
  bytes are zeroed.
* the GNU build-id note, which the linker computes over the whole file, hash included: it is
  recomputed as the SHA-1 of the file with the hash zeroed and the note's own bytes zeroed,
  so it still names these exact bytes (debuggers and crash reporters match on it). It is
  found in whichever note section holds it; a file with none is only zeroed.

Usage: settle_engine.py ENGINE (rewritten in place). ELF64, little-endian (x86-64, AArch64).
"""

from __future__ import annotations

import hashlib
import struct
import sys

_NOTE_HEADER = 12  # namesz, descsz, type: three 32-bit words
_GNU = b"GNU\0"
_NT_GNU_BUILD_ID = 3
_SHT_NOTE = 7
_SHT_NOBITS = 8  # no bytes in the file (.bss)


def _sections(image: bytes) -> list[tuple[str, int, int, int]]:
    """Each section's (name, type, file offset, size)."""
    if image[:4] != b"\x7fELF" or image[4] != 2 or image[5] != 1:
        raise ValueError("not a little-endian ELF64 file")
    shoff = struct.unpack_from("<Q", image, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", image, 0x3A)
    headers = []
    for index in range(shnum):
        name, kind, _flags, _addr, offset, size = struct.unpack_from(
            "<IIQQQQ", image, shoff + index * shentsize
        )
        headers.append((name, kind, offset, size))
    names_at = headers[shstrndx][2]
    sections = []
    for name, kind, offset, size in headers:
        end = image.index(b"\0", names_at + name)
        sections.append((image[names_at + name : end].decode(), kind, offset, size))
    return sections


def _build_ids(image: bytes, offset: int, size: int) -> list[tuple[int, int]]:
    """The (offset, size) of each GNU build-id's bytes among the notes at `offset`."""
    found = []
    at, end = offset, offset + size
    while at + _NOTE_HEADER <= end:
        namesz, descsz, kind = struct.unpack_from("<III", image, at)
        name_at = at + _NOTE_HEADER
        desc_at = name_at + (namesz + 3) // 4 * 4
        if image[name_at : name_at + namesz] == _GNU and kind == _NT_GNU_BUILD_ID:
            found.append((desc_at, descsz))
        at = desc_at + (descsz + 3) // 4 * 4
    return found


def settle(image: bytearray) -> bytes | None:
    """Zeroes the module hashes and recomputes the build-id in `image` (found in any note
    section, whatever its name); returns the new id, None when the file has none."""
    sections = _sections(bytes(image))
    ids = []
    for name, kind, offset, size in sections:
        if kind != _SHT_NOBITS and offset + size > len(image):
            raise ValueError(f"section {name} lies past the end of the file")
        if name == ".swift_modhash":
            image[offset : offset + size] = bytes(size)
        elif kind == _SHT_NOTE:
            ids += _build_ids(bytes(image), offset, size)
    if not ids:
        return None
    for at, size in ids:
        image[at : at + size] = bytes(size)
    digest = hashlib.sha1(image).digest()
    for at, size in ids:
        image[at : at + size] = (digest * (size // len(digest) + 1))[:size]
    return digest


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: settle_engine.py ENGINE", file=sys.stderr)
        return 2
    try:
        with open(argv[1], "rb") as file:
            image = bytearray(file.read())
        settle(image)
        with open(argv[1], "r+b") as file:
            file.write(image)
    except (OSError, ValueError, struct.error, IndexError, UnicodeDecodeError) as error:
        print(f"settle_engine.py: {argv[1]}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
