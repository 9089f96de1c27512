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

Decoding is on the path of every answer and event, so a dataclass's decoder is
generated as straight-line code (one type test per member, scalars checked
inline) and fills the new instance's ``__dict__`` directly rather than calling
the frozen dataclass's ``__init__`` (one ``object.__setattr__`` per field).
JSON text is parsed with the C scanner directly (:func:`parse`) and requests
are written from a template around the encoded params (:func:`request_json`).
"""

from __future__ import annotations

import dataclasses
import json
import json.decoder
import json.encoder
import math
import re
import sys
from typing import Any, Callable, Literal, TypeVar, cast, get_args, get_origin

from ._json import JSON
from .errors import ProtocolViolation

T = TypeVar("T")
Decoder = Callable[[Any], T]


_encoder = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False)
_ascii_encoder = json.JSONEncoder(separators=(",", ":"), allow_nan=False)
_decoder = json.JSONDecoder()
loads = _decoder.decode
_scan: Callable[[str, int], tuple[Any, int]] = _decoder.scan_once  # type: ignore[attr-defined]
_c_make_encoder = getattr(json.encoder, "c_make_encoder", None)
_c_encode_str = getattr(json.encoder, "c_encode_basestring", None)


def dumps(value: Any) -> bytes:
    """Compact UTF-8 JSON, refusing NaN/Infinity (not JSON). A string holding a lone
    surrogate (no UTF-8 for it) makes the whole text ASCII with escapes, as ``json.dumps``
    writes it: the engine reads such an escape as U+FFFD."""
    try:
        if _c_make_encoder is None or _c_encode_str is None:  # no C accelerator
            return _encoder.encode(value).encode("utf-8")
        # What JSONEncoder.encode does for these settings, without its per-call Python setup.
        encode = _c_make_encoder(
            {}, _encoder.default, _c_encode_str, None, ":", ",", False, False, False
        )
        return "".join(encode(value, 0)).encode("utf-8")
    except UnicodeEncodeError:
        return _ascii_encoder.encode(value).encode("ascii")


def parse(text: str) -> Any:
    """One JSON text (``loads``, minus the Python around the C scanner); ValueError if not.

    Text nested deeper than the recursion limit lets the scanner go (about 1 000 levels;
    the engine writes data up to 2 046 deep that any client sent, plus its message's
    levels) is read by :func:`parse_deep` instead of failing.
    """
    try:
        value, end = _scan(text, 0)
    except StopIteration:  # leading whitespace, or nothing: let loads judge
        return _loads(text)
    except RecursionError:
        return parse_deep(text)
    if end != len(text):  # trailing whitespace, or more after the value
        return _loads(text)
    return value


def _loads(text: str) -> Any:
    try:
        return loads(text)
    except RecursionError:  # deep text with whitespace around it
        return parse_deep(text)


_space = re.compile(r"[ \t\n\r]*")
_number = re.compile(r"(-?(?:0|[1-9][0-9]*))(\.[0-9]+)?([eE][-+]?[0-9]+)?")
#: json's string scanner (the C one where there is one): the string whose opening quote
#: ends before the index, and the index after its closing quote.
_scanstring: Callable[[str, int], tuple[str, int]] = json.decoder.scanstring  # type: ignore[attr-defined]
#: As ``loads`` reads them (NaN and Infinity too, which the engine refuses).
_literals = {
    "null": None,
    "true": True,
    "false": False,
    "NaN": math.nan,
    "Infinity": math.inf,
    "-Infinity": -math.inf,
}


def parse_deep(text: str) -> Any:
    """:func:`parse` without recursion: the same values, the open arrays and objects kept
    on a list. Slower than the C scanner; only text too deep for it comes here."""
    opened: list[list[Any] | dict[str, Any]] = []  # not closed yet, outermost first
    keys: list[str] = []  # for each open object, the key whose value comes next

    def skip(at: int) -> int:
        """Where the whitespace at ``at`` ends."""
        return _space.match(text, at).end()  # type: ignore[union-attr]

    def key(at: int) -> int:
        """Reads `"name" :` at `at`; returns where its value starts."""
        if text[at : at + 1] != '"':
            raise ValueError(f"expected a key at {at}")
        name, at = _scanstring(text, at + 1)
        at = skip(at)
        if text[at : at + 1] != ":":
            raise ValueError(f"expected ':' at {at}")
        keys.append(name)
        return skip(at + 1)

    at = skip(0)

    while True:
        first = text[at : at + 1]
        value: Any
        if first in ("[", "{"):
            container: Any = [] if first == "[" else {}
            at = skip(at + 1)
            if text[at : at + 1] != ("]" if first == "[" else "}"):
                opened.append(container)
                if first == "{":
                    at = key(at)
                continue
            value, at = container, at + 1
        elif first == '"':
            value, at = _scanstring(text, at + 1)
        elif (number := _number.match(text, at)) is not None:
            integer, fraction, exponent = number.groups()
            value = float(number.group()) if fraction or exponent else int(integer)
            at = number.end()
        else:
            # What follows a literal is judged with what follows any value.
            word = next((word for word in _literals if text.startswith(word, at)), None)
            if word is None:
                raise ValueError(f"expected a JSON value at {at}")
            value, at = _literals[word], at + len(word)
        # Place the value; close what ends after it.
        while True:
            at = skip(at)
            if not opened:
                if at != len(text):
                    raise ValueError(f"extra data at {at}")
                return value
            top = opened[-1]
            if isinstance(top, list):
                top.append(value)
            else:
                top[keys.pop()] = value
            separator = text[at : at + 1]
            if separator == ",":
                at = skip(at + 1)
                if isinstance(top, dict):
                    at = key(at)
                break
            if separator != ("]" if isinstance(top, list) else "}"):
                raise ValueError(f"expected ',' or a closing bracket at {at}")
            value, at = opened.pop(), at + 1


_methods: dict[str, bytes] = {}


def request_json(method: str, rid: int | None, params: Any) -> bytes:
    """``dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})``, with
    ``id`` left out when None and ``params`` when empty, from a template.
    """
    return envelope(method, rid, dumps(params) if params else None)


def envelope(method: str, rid: int | None, params: bytes | None) -> bytes:
    """:func:`request_json` around params already encoded (None: none)."""
    name = _methods.get(method)
    if name is None:
        name = dumps(method)
        if len(_methods) < 512:  # the schema's methods, and a few more
            _methods[method] = name
    if rid is None:
        head = b'{"jsonrpc":"2.0","method":%s' % name
    else:
        head = b'{"jsonrpc":"2.0","id":%d,"method":%s' % (rid, name)
    if params is not None:
        return b'%s,"params":%s}' % (head, params)
    return head + b"}"


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


def obj(value: JSON) -> dict[str, Any]:
    if type(value) is dict:
        return value
    raise _fail("an object", value)


def array(value: JSON) -> list[Any]:
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
        placeholder = _cache[tp] = lambda value: _cache[tp](value)  # for recursive types
        try:
            found = _cache[tp] = _build(tp)
        finally:  # interrupted (KeyboardInterrupt): no placeholder left calling itself
            if _cache[tp] is placeholder:
                del _cache[tp]
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


#: Scalars tested inline by generated decoders: the test that passes the value as is.
_INLINE: dict[Callable[[Any], Any], str] = {
    integer: "type({v}) is int",
    number: "type({v}) is float or type({v}) is int",
    string: "type({v}) is str",
    boolean: "type({v}) is bool",
    obj: "type({v}) is dict",
}


def _dataclass(cls: type[T]) -> Decoder[T]:
    # (field, member, decoder, required): a required member must be present and not null;
    # an optional one may be missing or null (None); a None decoder keeps the value as is.
    plan: list[tuple[str, str, Decoder[Any] | None, bool]] = []
    for f in dataclasses.fields(cast(Any, cls)):
        if not f.init:
            continue
        tp, nullable = _field_type(cls, f.type)
        if tp is Any:
            plan.append((f.name, camel(f.name), None, False))
        elif tp is None:
            plan.append((f.name, camel(f.name), null, False))
        else:
            plan.append((f.name, camel(f.name), decoder_of(tp), not nullable))
    if hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        return _dataclass_by_init(cls, [(key, item, req) for _, key, item, req in plan])
    return _generated(cls, plan)


def _generated(cls: type[T], plan: list[tuple[str, str, Decoder[Any] | None, bool]]) -> Decoder[T]:
    """The decoder of ``cls`` as straight-line code; the instance's ``__dict__`` is filled
    as ``__init__`` would fill it.
    """
    name = cls.__name__
    namespace: dict[str, Any] = {
        "cls": cls,
        "new": object.__new__,
        "ProtocolViolation": ProtocolViolation,
        "fail": _fail,
    }
    lines = [
        "def decode(value):",
        "    if type(value) is not dict:",
        f"        raise ProtocolViolation({name + ': expected an object, got '!r} + repr(value))",
        "    key = None",
        "    try:",
    ]
    members: list[str] = []
    for i, (field, key, item, required) in enumerate(plan):
        v = f"v{i}"
        members.append(f"{field!r}: {v}")
        lines.append(f"        key = {key!r}")
        namespace[f"d{i}"] = item
        inline = _INLINE.get(item) if item is not None else None
        call = f"{v} = d{i}({v})"
        if required:
            lines.append(f"        {v} = value[{key!r}]")
            lines.append(
                f"        if not ({inline.format(v=v)}): {call}" if inline else f"        {call}"
            )
        else:
            lines.append(f"        {v} = value.get({key!r})")
            if item is not None:
                test = f" and not ({inline.format(v=v)})" if inline else ""
                lines.append(f"        if {v} is not None{test}: {call}")
    for f in dataclasses.fields(cast(Any, cls)):
        # As __init__ does: a field with init=False is set only when it has a default
        # factory (a plain default is read from the class).
        if not f.init and f.default_factory is not dataclasses.MISSING:
            namespace[f"factory_{f.name}"] = f.default_factory
            members.append(f"{f.name!r}: factory_{f.name}()")
    lines += [
        "    except KeyError as missing:",
        f"        raise ProtocolViolation({name + ': missing member '!r}"
        " + f'{missing} in {value!r}') from None",
        "    except ProtocolViolation as exc:",
        f"        raise ProtocolViolation({name + '.'!r} + f'{{key}}: {{exc}}') from None",
        "    instance = new(cls)",
        f"    instance.__dict__.update({{{', '.join(members)}}})",
        "    return instance",
    ]
    exec("\n".join(lines), namespace)  # as dataclasses builds __init__
    decode: Decoder[T] = namespace["decode"]
    decode.__qualname__ = f"decoder({name})"
    return decode


def _dataclass_by_init(
    cls: type[T], plan: list[tuple[str, Decoder[Any] | None, bool]]
) -> Decoder[T]:
    """A dataclass with ``__post_init__`` or slots: decoded through its ``__init__``."""
    name = cls.__name__

    def decode(value: JSON) -> T:
        if type(value) is not dict:
            raise ProtocolViolation(f"{name}: expected an object, got {value!r}")
        args: list[Any] = []
        key = ""  # the member being decoded, for the message
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
