"""Typed readers for the engine's JSON results (raise ProtocolViolation on a mismatch)."""

from __future__ import annotations

import json
from typing import Any, TypeVar

from .errors import ProtocolViolation

S = TypeVar("S", bound=str)


def dumps(value: Any) -> bytes:
    """Compact UTF-8 JSON, refusing NaN/Infinity (not JSON)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode(
        "utf-8"
    )


def obj(value: Any, what: str = "result") -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ProtocolViolation(f"{what}: expected an object, got {value!r}")
    return value


def arr(value: Any, what: str = "result") -> list[Any]:
    if not isinstance(value, list):
        raise ProtocolViolation(f"{what}: expected an array, got {value!r}")
    return value


def _field(d: dict[str, Any], key: str) -> Any:
    if key not in d:
        raise ProtocolViolation(f"missing field {key!r} in {d!r}")
    return d[key]


def string(d: dict[str, Any], key: str) -> str:
    value = _field(d, key)
    if not isinstance(value, str):
        raise ProtocolViolation(f"{key}: expected a string, got {value!r}")
    return value


def opt_string(d: dict[str, Any], key: str) -> str | None:
    value = d.get(key)
    if value is not None and not isinstance(value, str):
        raise ProtocolViolation(f"{key}: expected a string or null, got {value!r}")
    return value


def integer(d: dict[str, Any], key: str) -> int:
    value = _field(d, key)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolViolation(f"{key}: expected an integer, got {value!r}")
    return value


def opt_integer(d: dict[str, Any], key: str) -> int | None:
    if d.get(key) is None:
        return None
    return integer(d, key)


def number(d: dict[str, Any], key: str) -> float:
    value = _field(d, key)
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise ProtocolViolation(f"{key}: expected a number, got {value!r}")
    return value


def boolean(d: dict[str, Any], key: str) -> bool:
    value = _field(d, key)
    if not isinstance(value, bool):
        raise ProtocolViolation(f"{key}: expected a boolean, got {value!r}")
    return value


def strings(d: dict[str, Any], key: str) -> tuple[str, ...]:
    items = arr(_field(d, key), key)
    for item in items:
        if not isinstance(item, str):
            raise ProtocolViolation(f"{key}: expected strings, got {item!r}")
    return tuple(items)


def enum(value: Any, key: str) -> str:
    """An enumerated string. Values unknown to this client version are passed through
    (a newer engine may add some); the test suite checks the wire against the schema.
    """
    if not isinstance(value, str):
        raise ProtocolViolation(f"{key}: expected a string, got {value!r}")
    return value
