"""Exceptions: one class per JSON-RPC error code, plus client-side failures.

Every exception the client raises derives from :class:`OrdoException`.
Error *responses* from the engine are :class:`OrdoError` subclasses, chosen by
``error.code`` (an unknown code gives a plain :class:`OrdoError`).
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Generic, TypeVar, overload

from ._json import JSON

T = TypeVar("T")


class _Data(Generic[T]):
    """A read-only attribute of an error: ``data[key]`` when it has the expected type, else None."""

    def __init__(self, key: str, kind: Callable[[Any], bool]) -> None:
        self.key, self.kind = key, kind

    @overload
    def __get__(self, error: None, owner: type) -> _Data[T]: ...
    @overload
    def __get__(self, error: OrdoError, owner: type) -> T | None: ...
    def __get__(self, error: OrdoError | None, owner: type) -> _Data[T] | T | None:
        if error is None:
            return self
        data: JSON = error.data
        value = data.get(self.key) if isinstance(data, dict) else None
        return value if self.kind(value) else None


def _str(key: str) -> _Data[str]:
    return _Data(key, lambda v: isinstance(v, str))


def _int(key: str) -> _Data[int]:
    return _Data(key, lambda v: isinstance(v, int) and not isinstance(v, bool))


class OrdoException(Exception):
    """Base of everything this package raises."""


class OrdoError(OrdoException):
    """An error response from the engine: ``code``, ``message`` and ``data``.

    ``method`` is the JSON-RPC method of the request that failed (``None`` when
    the response could not be tied to a request, e.g. a parse error).
    """

    code: int = 0
    #: Subclasses by code, filled by ``__init_subclass__``.
    _by_code: ClassVar[dict[int, type[OrdoError]]] = {}

    def __init__(
        self,
        message: str,
        data: Any = None,
        *,
        code: int | None = None,
        method: str | None = None,
    ) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message
        self.data = data
        self.method = method

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "code" in cls.__dict__:
            OrdoError._by_code[cls.code] = cls

    def __str__(self) -> str:
        where = f"{self.method}: " if self.method else ""
        return f"{where}{self.message} [{self.code}]"

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(code={self.code}, message={self.message!r}, "
            f"data={self.data!r}, method={self.method!r})"
        )

    @classmethod
    def from_json(cls, error: Any, method: str | None = None) -> OrdoError:
        """Build the exception for a JSON-RPC ``error`` object."""
        parsed: JSON = error
        if not isinstance(parsed, dict):
            return OrdoError(f"malformed error object: {error!r}", error, code=0, method=method)
        code = parsed.get("code")
        message = parsed.get("message")
        if not isinstance(message, str):
            message = "(no message)"
        data = parsed.get("data")
        if not isinstance(code, int) or isinstance(code, bool):
            return OrdoError(message, data, code=0, method=method)
        klass = OrdoError._by_code.get(code)
        if klass is None:
            return OrdoError(message, data, code=code, method=method)
        return klass(message, data, method=method)


class ParseError(OrdoError):
    """-32700: the engine could not parse a message as JSON (``reason``, and ``detail`` and
    ``position`` where the parser gave them)."""

    code = -32700
    reason: _Data[str] = _str("reason")
    detail: _Data[str] = _str("detail")
    position: _Data[int] = _int("position")


class InvalidRequest(OrdoError):
    """-32600: JSON, but not a JSON-RPC request, or too large (``reason``, ``limit``), or
    more than the engine found the memory to parse (``reason`` ``out_of_memory``, the
    message's size in ``data["bytes"]``)."""

    code = -32600
    reason: _Data[str] = _str("reason")
    limit: _Data[int] = _int("limit")


class MethodNotFound(OrdoError):
    """-32601: the engine does not serve this method (``data.method``); ``suggestion``: the
    one it looks like a slip of, else None (``data.suggestion``)."""

    code = -32601
    rpc_method: _Data[str] = _str("method")
    suggestion: _Data[str] = _str("suggestion")


class InvalidParams(OrdoError):
    """-32602: a missing, unknown, mistyped or out-of-range parameter.

    ``path`` is a JSON Pointer into ``params`` (e.g. ``/frame/width``) and
    ``expected`` says what would have been accepted; ``suggestion``, for an unknown key,
    the parameter it looks like a slip of (``delayMs`` for ``delay_ms``), else None.
    """

    code = -32602
    path: _Data[str] = _str("path")
    expected: _Data[str] = _str("expected")
    suggestion: _Data[str] = _str("suggestion")


class InternalError(OrdoError):
    """-32603: a bug in the engine."""

    code = -32603


class NotFound(OrdoError):
    """-32001: no layer or alert with that id (``kind``, ``id``)."""

    code = -32001
    kind: _Data[str] = _str("kind")
    id: _Data[str] = _str("id")


class AlreadyExists(OrdoError):
    """-32002: duplicate layer/alert id or dedupe key (``kind``, ``id``)."""

    code = -32002
    kind: _Data[str] = _str("kind")
    id: _Data[str] = _str("id")


class InvalidState(OrdoError):
    """-32003: the operation is not valid now (``reason``, and ``state`` where given)."""

    code = -32003
    reason: _Data[str] = _str("reason")
    state: _Data[str] = _str("state")


class LimitExceeded(OrdoError):
    """-32004: a configured limit would be passed (``name``, ``limit``, ``value``)."""

    code = -32004
    name: _Data[str] = _str("name")
    limit: _Data[int] = _int("limit")
    value: _Data[int] = _int("value")


class StorageError(OrdoError):
    """-32005: the ``--state`` file could not be written (or, by ``engine.reset``, read again);
    the request changed nothing.

    ``reason``: ``disk_full``, ``io_error``, ``read_only`` or ``corrupt``; ``detail``:
    what the storage layer said. Every request of the same commit got this error.
    """

    code = -32005
    reason: _Data[str] = _str("reason")
    detail: _Data[str] = _str("detail")


class EngineExited(OrdoException):
    """The engine process is gone (it exited, crashed or was killed).

    Raised by a call in flight when the process dies, and by every call after.
    ``returncode`` is the exit status (negative: killed by that signal) and
    ``stderr_tail`` the last lines the engine wrote to stderr.
    """

    def __init__(self, returncode: int | None, stderr_tail: str = "", detail: str = "") -> None:
        self.returncode = returncode
        self.stderr_tail = stderr_tail
        self.detail = detail
        if returncode is None:
            status = "the engine is gone"
        elif returncode < 0:
            status = f"the engine was killed by signal {-returncode}"
        else:
            status = f"the engine exited with status {returncode}"
        text = status + (f" ({detail})" if detail else "")
        if stderr_tail:
            text += "\n--- engine stderr (tail) ---\n" + stderr_tail.rstrip("\n")
        super().__init__(text)

    def again(self) -> EngineExited:
        """A fresh copy, for raising once more: raising one object over and over would grow
        its traceback with every caller's frames (and keep them alive)."""
        return EngineExited(self.returncode, self.stderr_tail, self.detail)

    def __reduce__(self) -> tuple[Any, ...]:
        # For copy and pickle: ``args`` holds only the text, which __init__ does not take.
        args = (self.returncode, self.stderr_tail, self.detail)
        return (type(self), args, dict(self.__dict__))


class EngineForked(OrdoException, RuntimeError):
    """An engine used in a process forked from the one that started it (``os.fork``,
    ``multiprocessing``'s ``fork`` start method, a pre-forking server). Its pipes and its
    process belong to that process, whose client threads the fork did not copy: a call
    here would write into that process's session and read its answers. Raised before
    anything is written or read; start an engine of its own in this process.
    """


class OrdoTimeout(OrdoException, TimeoutError):
    """No answer (or no awaited event) within the timeout."""


class EngineNotFound(OrdoException, FileNotFoundError):
    """The ``ordo`` binary could not be located."""


class EngineStartFailed(OrdoException, OSError):
    """The engine was found but its process could not be started: the working directory
    (``cwd=``) does not exist or is not a directory, or the binary is not a program this
    system runs (a script without a ``#!`` line, a ``#!`` naming a missing interpreter, a
    binary for another machine), and the like.

    The message names what is wrong. It is an OSError with the ``errno``, ``strerror`` and
    ``filename`` (the directory or the binary) of the one starting the process raised, and
    an instance of the same OSError subclass too (``FileNotFoundError``,
    ``NotADirectoryError``, ``PermissionError``...): code that caught those still does.
    """

    message = ""

    def __str__(self) -> str:
        return self.message or OSError.__str__(self)

    def __reduce__(self) -> tuple[Any, ...]:
        # Its class may be one made for an errno (see start_failed): rebuilt from the errno.
        args = (self.message, self.errno, self.strerror, self.filename)
        return (start_failed, args, dict(self.__dict__))


#: EngineStartFailed combined with an OSError subclass, made once per subclass.
_START_FAILED: dict[type[OSError], type[EngineStartFailed]] = {}


def start_failed(
    message: str, errno: int | None, strerror: str | None, filename: Any = None
) -> EngineStartFailed:
    """An :class:`EngineStartFailed` saying ``message``, of the OSError subclass for
    ``errno`` as well (``FileNotFoundError`` for ENOENT...)."""
    if errno is None:
        error = EngineStartFailed(message)
    else:
        kind = type(OSError(errno, strerror))  # the subclass OSError picks for the errno
        klass = _START_FAILED.get(kind, EngineStartFailed)
        if kind is not OSError and kind not in _START_FAILED:
            klass = _START_FAILED[kind] = type(
                "EngineStartFailed",
                (EngineStartFailed, kind),
                {"__module__": __name__, "__doc__": EngineStartFailed.__doc__},
            )
        error = klass(errno, strerror) if filename is None else klass(errno, strerror, filename)
    error.message = message
    return error


class ProtocolViolation(OrdoException):
    """The engine sent something this client cannot understand (a bug somewhere)."""


class BatchNotSent(OrdoException):
    """A batch entry's result was read before its batch was sent."""
