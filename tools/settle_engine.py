"""Make a stripped engine's bytes depend on its code alone, not on where it was built.

Two release builds of one commit with one toolchain differ in two places only:

* `.swift_modhash`: the compiler's hash of each LLVM module, which it reads back to skip
  unchanged modules in an incremental build. The modules' names hold the build folder, so a
  checkout at another path hashes differently. Nothing reads the section at run time: its
  bytes are zeroed.
* the GNU build-id note, which the linker computes over the whole file, hash included: it is
  recomputed as the SHA-1 of the file with the hash zeroed and the note's own bytes zeroed,
  so it still names these exact bytes (debuggers and crash reporters match on it).

Usage: settle_engine.py ENGINE (rewritten in place). ELF64, little-endian (x86-64, AArch64).
"""

from __future__ import annotations

import hashlib
import struct
import sys

_NOTE_HEADER = 12  # namesz, descsz, type: three 32-bit words
_GNU = b"GNU\0"
_NT_GNU_BUILD_ID = 3


def _sections(image: bytes) -> dict[str, tuple[int, int]]:
    """Each section's name -> (file offset, size)."""
    if image[:4] != b"\x7fELF" or image[4] != 2 or image[5] != 1:
        raise ValueError("not a little-endian ELF64 file")
    shoff = struct.unpack_from("<Q", image, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", image, 0x3A)
    headers = []
    for index in range(shnum):
        name, _kind, _flags, _addr, offset, size = struct.unpack_from(
            "<IIQQQQ", image, shoff + index * shentsize
        )
        headers.append((name, offset, size))
    names_at = headers[shstrndx][1]
    sections = {}
    for name, offset, size in headers:
        end = image.index(b"\0", names_at + name)
        sections[image[names_at + name : end].decode()] = (offset, size)
    return sections


def settle(image: bytearray) -> bytes:
    """Zeroes the module hashes, recomputes the build-id in `image`; returns the new id."""
    sections = _sections(bytes(image))
    if ".swift_modhash" in sections:
        offset, size = sections[".swift_modhash"]
        image[offset : offset + size] = bytes(size)
    if ".note.gnu.build-id" not in sections:
        raise ValueError("no .note.gnu.build-id section")
    offset, _size = sections[".note.gnu.build-id"]
    namesz, descsz, kind = struct.unpack_from("<III", image, offset)
    name = bytes(image[offset + _NOTE_HEADER : offset + _NOTE_HEADER + namesz])
    if name != _GNU or kind != _NT_GNU_BUILD_ID or not 0 < descsz <= 20:
        raise ValueError("the build-id note is not a GNU build-id of at most 20 bytes")
    desc = offset + _NOTE_HEADER + (namesz + 3) // 4 * 4
    image[desc : desc + descsz] = bytes(descsz)
    build_id = hashlib.sha1(image).digest()[:descsz]
    image[desc : desc + descsz] = build_id
    return build_id


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: settle_engine.py ENGINE", file=sys.stderr)
        return 2
    with open(argv[1], "rb") as file:
        image = bytearray(file.read())
    try:
        settle(image)
    except ValueError as error:
        print(f"settle_engine.py: {argv[1]}: {error}", file=sys.stderr)
        return 1
    with open(argv[1], "r+b") as file:
        file.write(image)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
