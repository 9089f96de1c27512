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
    """One JSON text per ``\\n``-terminated line (``\\r\\n`` accepted, blank lines skipped).

    Each feed changes the framer in one step, at its end (``fed`` counts the feeds done): an
    exception a signal handler raises in the middle (a ``KeyboardInterrupt``) leaves it as it
    was before that feed, never half-way, so the caller may feed the same bytes again.
    """

    name = "ndjson"

    def __init__(self) -> None:
        #: The line begun and not ended yet, in the pieces it came in (none holds a newline).
        self._parts: list[bytes] = []
        #: Feeds done.
        self.fed = 0

    def encode(self, body: bytes) -> bytes:
        if b"\n" in body:
            raise ValueError("an NDJSON message must not contain a raw newline")
        return body + b"\n"

    def feed(self, data: bytes) -> list[bytes]:
        nl = data.find(b"\n")
        if nl < 0:
            parts = [*self._parts, data]
            self._parts, self.fed = parts, self.fed + 1
            return []
        last = data.rfind(b"\n")
        rest = data[last + 1 :]
        whole = b"".join([*self._parts, data[:last]]) if self._parts else data[:last]
        out = self._lines(whole)
        self._parts, self.fed = ([rest] if rest else []), self.fed + 1
        return out

    @staticmethod
    def _lines(whole: bytes) -> list[bytes]:
        """The lines of ``whole`` (lines ending in a newline, the last one's cut off), less
        a CR at their end, blank ones skipped."""
        out: list[bytes] = []
        for line in whole.split(b"\n"):
            if line.endswith(b"\r"):
                line = line[:-1]
            if line.strip():
                out.append(line)
        return out

    def feed_text(self, data: bytes) -> list[str | bytes]:
        """Like :meth:`feed`, but the complete lines of ``data`` are decoded from UTF-8 in
        one go and come as ``str``; a line begun in an earlier chunk, or lines that are not
        valid UTF-8, come as ``bytes`` (for the caller to decode and judge).
        """
        if not self._parts and data.find(b"\n") == len(data) - 1:  # one whole line, the usual
            try:
                line = data[:-1].decode("utf-8")
            except UnicodeDecodeError:
                return [*self.feed(data)]
            if line[-1:] == "\r":
                line = line[:-1]
            lines: list[str | bytes] = [line] if line.strip(_BLANK) else []
            self.fed += 1  # last: nothing that can be interrupted comes after it
            return lines
        nl = data.find(b"\n")
        if nl < 0:
            parts = [*self._parts, data]
            self._parts, self.fed = parts, self.fed + 1
            return []
        out: list[str | bytes] = []
        if self._parts:  # the line begun before ends here
            first = b"".join([*self._parts, data[:nl]])
            if first.endswith(b"\r"):
                first = first[:-1]
            if first.strip():
                out.append(first)
            data = data[nl + 1 :]
        last = data.rfind(b"\n")
        rest = data[last + 1 :]
        if last >= 0:
            try:
                text = data[:last].decode("utf-8")
            except UnicodeDecodeError:  # judged line by line by the caller
                out += self._lines(data[:last])
            else:
                for line in text.split("\n"):
                    if line[-1:] == "\r":
                        line = line[:-1]
                    if line.strip(_BLANK):
                        out.append(line)
        self._parts, self.fed = ([rest] if rest else []), self.fed + 1
        return out

    @property
    def buffered(self) -> int:
        return sum(len(part) for part in self._parts)


#: What ``bytes.strip()`` strips: a line of only these is blank.
_BLANK = " \t\n\r\x0b\x0c"


class LspFramer:
    """``Content-Length: N\\r\\n`` headers, a blank line, then N bytes.

    Changes in one step at the end of each feed, as :class:`NdjsonFramer` does.
    """

    name = "lsp"

    def __init__(self) -> None:
        #: What came after the last whole message, in the pieces it came in.
        self._parts: list[bytes] = []
        self._have = 0  # their length
        self._length: int | None = None  # body length once the headers are read
        #: Feeds done.
        self.fed = 0

    def encode(self, body: bytes) -> bytes:
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    def feed(self, data: bytes) -> list[bytes]:
        parts = [*self._parts, data]
        have = self._have + len(data)
        length = self._length
        out: list[bytes] = []
        if length is None or have >= length:  # a header or a body may be whole: look
            buf = b"".join(parts)
            pos = 0
            while True:
                if length is None:
                    end = buf.find(b"\r\n\r\n", pos)
                    if end < 0:
                        break
                    length = self._content_length(buf[pos:end])
                    pos = end + 4
                if len(buf) - pos < length:
                    break
                out.append(buf[pos : pos + length])
                pos += length
                length = None
            rest = buf[pos:]
            parts, have = ([rest] if rest else []), len(rest)
        self._parts, self._have, self._length, self.fed = parts, have, length, self.fed + 1
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
        return self._have


def make_framer(name: str) -> NdjsonFramer | LspFramer:
    if name == "ndjson":
        return NdjsonFramer()
    if name == "lsp":
        return LspFramer()
    raise ValueError(f"framing must be 'ndjson' or 'lsp', not {name!r}")
