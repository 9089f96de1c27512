"""Message framing: pure byte state machines, no I/O.

A framer turns a JSON body into the bytes to write (:meth:`encode`) and
splits whatever was read, in chunks of any size, back into bodies
(:meth:`feed`). The sync and asyncio engines share these; neither framer
ever waits for a line ending or buffers more than one message beyond what
was fed, so there is no line-length limit.
"""

from __future__ import annotations

from .errors import ProtocolViolation


class NdjsonFramer:
    """One JSON text per ``\\n``-terminated line (``\\r\\n`` accepted, blank lines skipped)."""

    name = "ndjson"

    def __init__(self) -> None:
        self._buf = bytearray()
        self._scanned = 0  # bytes of _buf already known to hold no newline

    def encode(self, body: bytes) -> bytes:
        if b"\n" in body:
            raise ValueError("an NDJSON message must not contain a raw newline")
        return body + b"\n"

    def feed(self, data: bytes) -> list[bytes]:
        if not self._buf and data.endswith(b"\n") and data.count(b"\n") == 1:
            line = data[:-2] if data.endswith(b"\r\n") else data[:-1]  # one whole line
            return [line] if line.strip() else []
        buf = self._buf
        buf += data
        out: list[bytes] = []
        start = 0
        while True:
            nl = buf.find(b"\n", max(start, self._scanned))
            if nl < 0:
                break
            line = bytes(buf[start:nl])
            if line.endswith(b"\r"):
                line = line[:-1]
            if line.strip():
                out.append(line)
            start = nl + 1
        del buf[:start]
        self._scanned = len(buf)
        return out

    def feed_text(self, data: bytes) -> list[str | bytes]:
        """Like :meth:`feed`, but the complete lines of ``data`` are decoded from UTF-8 in
        one go and come as ``str``; a line begun in an earlier chunk, or lines that are not
        valid UTF-8, come as ``bytes`` (for the caller to decode and judge).
        """
        if not self._buf and data.find(b"\n") == len(data) - 1:  # one whole line, the usual
            try:
                line = data[:-1].decode("utf-8")
            except UnicodeDecodeError:
                return [*self.feed(data)]
            if line[-1:] == "\r":
                line = line[:-1]
            return [line] if line.strip(_BLANK) else []
        out: list[str | bytes] = []
        if self._buf:
            nl = data.find(b"\n")
            if nl < 0:
                self._buf += data
                return out
            out += self.feed(data[: nl + 1])  # completes the line begun before
            data = data[nl + 1 :]
        last = data.rfind(b"\n")
        if last < 0:
            self._buf += data
            self._scanned = len(self._buf)
            return out
        try:
            text = data[:last].decode("utf-8")
        except UnicodeDecodeError:
            out += self.feed(data[: last + 1])
        else:
            for line in text.split("\n"):
                if line[-1:] == "\r":
                    line = line[:-1]
                if line.strip(_BLANK):
                    out.append(line)
        if last + 1 < len(data):
            self._buf += data[last + 1 :]
            self._scanned = len(self._buf)
        return out

    @property
    def buffered(self) -> int:
        return len(self._buf)


#: What ``bytes.strip()`` strips: a line of only these is blank.
_BLANK = " \t\n\r\x0b\x0c"


class LspFramer:
    """``Content-Length: N\\r\\n`` headers, a blank line, then N bytes."""

    name = "lsp"

    def __init__(self) -> None:
        self._buf = bytearray()
        self._length: int | None = None  # body length once the headers are read

    def encode(self, body: bytes) -> bytes:
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    def feed(self, data: bytes) -> list[bytes]:
        buf = self._buf
        buf += data
        out: list[bytes] = []
        while True:
            if self._length is None:
                end = buf.find(b"\r\n\r\n")
                if end < 0:
                    break
                self._length = self._content_length(bytes(buf[:end]))
                del buf[: end + 4]
            if len(buf) < self._length:
                break
            out.append(bytes(buf[: self._length]))
            del buf[: self._length]
            self._length = None
        return out

    @staticmethod
    def _content_length(header_block: bytes) -> int:
        length: int | None = None
        for line in header_block.split(b"\r\n"):
            name, sep, value = line.partition(b":")
            if not sep:
                raise ProtocolViolation(f"malformed LSP header line {line!r}")
            if name.strip().lower() == b"content-length":
                try:
                    length = int(value.strip())
                except ValueError:
                    raise ProtocolViolation(f"bad Content-Length {value!r}") from None
        if length is None or length < 0:
            raise ProtocolViolation(f"LSP headers without Content-Length: {header_block!r}")
        return length

    @property
    def buffered(self) -> int:
        return len(self._buf)


def make_framer(name: str) -> NdjsonFramer | LspFramer:
    if name == "ndjson":
        return NdjsonFramer()
    if name == "lsp":
        return LspFramer()
    raise ValueError(f"framing must be 'ndjson' or 'lsp', not {name!r}")
