"""Reading the engine's JSON into the client's types, driven by the types themselves.

``decoder(tp)`` builds once per type (then caches) a function that checks a
JSON value against ``tp`` and converts it: a dataclass from the object whose
members are the camelCase forms of its fields (``child_count`` ←
``childCount``), ``int``/``float``/``str``/``bool``, ``X | None`` fields,
``tuple[X, ...]``, ``Literal`` string enums (values unknown to this client pass
through: a newer engine may add some; the test suite checks the wire against
the schema), ``dict[str, Any]`` and ``Any`` (kept as is). A mismatch raises
:class:`ProtocolViolation`. Field annotations are read as written (the model
modules use postponed annotations), so ``X | None`` works on Python 3.9 too.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from typing import Any, Callable, Literal, TypeVar, cast, get_args, get_origin

from .errors import ProtocolViolation

T = TypeVar("T")
Decoder = Callable[[Any], T]


_encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode
loads = json.JSONDecoder().decode


def dumps(value: Any) -> bytes:
    """Compact UTF-8 JSON, refusing NaN/Infinity (not JSON)."""
    return _encode(value).encode("utf-8")


def camel(name: str) -> str:
    """``delay_ms`` → ``delayMs``: the protocol's name of a Python parameter or field."""
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def _fail(what: str, value: Any) -> ProtocolViolation:
    return ProtocolViolation(f"expected {what}, got {value!r}")


def integer(value: Any) -> int:
    if type(value) is int:
        return value
    if type(value) is float and value.is_integer():
        return int(value)
    raise _fail("an integer", value)


def number(value: Any) -> float:
    if type(value) is float or type(value) is int:
        return value
    raise _fail("a number", value)


def string(value: Any) -> str:
    if type(value) is str:
        return value
    raise _fail("a string", value)


def boolean(value: Any) -> bool:
    if type(value) is bool:
        return value
    raise _fail("a boolean", value)


def obj(value: Any) -> dict[str, Any]:
    if type(value) is dict:
        return value
    raise _fail("an object", value)


def array(value: Any) -> list[Any]:
    if type(value) is list:
        return value
    raise _fail("an array", value)


def null(value: Any) -> None:
    if value is not None:
        raise _fail("null", value)


def _any(value: Any) -> Any:
    return value


_cache: dict[Any, Decoder[Any]] = {
    int: integer,
    float: number,
    str: string,
    bool: boolean,
    Any: _any,
    type(None): null,
}


def decoder(tp: type[T]) -> Decoder[T]:
    """The decoder of ``tp`` (built on first use)."""
    return decoder_of(tp)


def decoder_of(tp: Any) -> Decoder[Any]:
    """Like :func:`decoder`, for type forms that are not classes (``tuple[str, ...]``)."""
    found = _cache.get(tp)
    if found is None:
        _cache[tp] = lambda value: _cache[tp](value)  # a placeholder for recursive types
        found = _cache[tp] = _build(tp)
    return found


def register(tp: type[T], decode: Decoder[T]) -> None:
    """Use ``decode`` for ``tp`` instead of the generic one."""
    _cache[tp] = decode


def member(key: str, tp: Any) -> Decoder[Any]:
    """A result ``{key: X}`` unwrapped to X (``{"removed": 3}`` → 3)."""
    item = decoder_of(tp)

    def decode(value: Any) -> Any:
        d = obj(value)
        if key not in d:
            raise ProtocolViolation(f"missing member {key!r} in {value!r}")
        return item(d[key])

    return decode


def _build(tp: Any) -> Decoder[Any]:
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return _dataclass(tp)
    origin, args = get_origin(tp), get_args(tp)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = decoder_of(args[0])
        return lambda value: tuple([item(x) for x in array(value)])
    if origin is Literal and all(type(a) is str for a in args):
        return string
    if origin is dict:
        return obj
    raise TypeError(f"no JSON decoder for {tp!r}")


def _field_type(cls: type, annotation: Any) -> tuple[Any, bool]:
    """The type of a field and whether it may be null (``X | None``)."""
    if not isinstance(annotation, str):
        return annotation, False
    parts = [part.strip() for part in annotation.split("|")]
    nullable = "None" in parts
    rest = [part for part in parts if part != "None"] or ["None"]
    if len(rest) != 1:
        raise TypeError(f"{cls.__name__}: cannot decode the union {annotation!r}")
    namespace = vars(sys.modules[cls.__module__])
    return eval(rest[0], namespace), nullable  # what typing.get_type_hints does


def _dataclass(cls: type[T]) -> Decoder[T]:
    # (member, decoder, required): a required member must be present and not null;
    # an optional one may be missing or null (None); a None decoder keeps the value as is.
    plan: list[tuple[str, Decoder[Any] | None, bool]] = []
    for f in dataclasses.fields(cast(Any, cls)):
        if not f.init:
            continue
        tp, nullable = _field_type(cls, f.type)
        if tp is Any:
            plan.append((camel(f.name), None, False))
        elif tp is None:
            plan.append((camel(f.name), null, False))
        else:
            plan.append((camel(f.name), decoder_of(tp), not nullable))
    name = cls.__name__

    def decode(value: Any) -> T:
        if type(value) is not dict:
            raise ProtocolViolation(f"{name}: expected an object, got {value!r}")
        args = []
        try:
            for key, item, required in plan:
                if required:
                    args.append(item(value[key]))  # type: ignore[misc]
                else:
                    found = value.get(key)
                    args.append(found if found is None or item is None else item(found))
        except KeyError as missing:
            raise ProtocolViolation(f"{name}: missing member {missing} in {value!r}") from None
        except ProtocolViolation as exc:
            raise ProtocolViolation(f"{name}.{key}: {exc}") from None
        return cls(*args)

    return decode
