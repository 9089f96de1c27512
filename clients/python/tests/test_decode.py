"""Results decoded from the models' type hints (ordo._decode), without an engine."""

from __future__ import annotations

import dataclasses
import inspect
import json
import math
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import given, settings

import ordo
from ordo import api, models
from schema_check import SchemaDocument

NAMESPACES = (api.EngineAPI, api.ClockAPI, api.LayersAPI, api.AlertsAPI, api.NavAPI, api.EventsAPI)


def decoders() -> dict[str, Any]:
    """JSON-RPC method → the decoder of its wrapper's result."""
    found = {}
    for namespace in NAMESPACES:
        for name in dir(namespace):
            wrapper = inspect.getattr_static(namespace, name)
            if isinstance(wrapper, api.Method):
                found[wrapper.__ordo_method__] = wrapper.decode
    return found


def test_every_result_example_of_the_schema_decodes(schema: SchemaDocument) -> None:
    decode = decoders()
    checked = 0
    for method in schema.doc["methods"]:
        for example in method.get("examples", []):
            if "result" in example:
                decode[method["name"]](example["result"]["value"])
                checked += 1
    assert checked >= len(schema.methods) // 2


def layer_json(**changes: Any) -> dict[str, Any]:
    layer = {"id": "a", "parent": None, "sort": 1, "index": 0, "hidden": False}
    layer.update(interactive=True, clips=False, childCount=0, frame=None, data=None)
    return {**layer, **changes}


def test_members_are_the_camel_case_fields_and_nested_models_decode() -> None:
    frame = {"x": 0, "y": 1.5, "width": 2, "height": 3}
    layer = models.Layer.from_json(layer_json(childCount=4, frame=frame, data={"k": [1]}))
    assert layer.child_count == 4 and layer.frame == models.Frame(0, 1.5, 2, 3)
    assert layer.data == {"k": [1]}
    assert models.Layer.from_json(layer_json(sort=2.0)).sort == 2  # integral float


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"childCount": None}, "childCount"),
        ({"sort": "1"}, "expected an integer"),
        ({"hidden": 0}, "expected a boolean"),
        ({"frame": {"x": 0}}, "Frame"),
        ({"id": None}, "Layer.id"),
    ],
)
def test_a_mismatch_is_a_protocol_violation(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ordo.ProtocolViolation, match=message):
        models.Layer.from_json(layer_json(**change))


def test_a_missing_member_is_a_protocol_violation() -> None:
    value = layer_json()
    del value["index"]
    with pytest.raises(ordo.ProtocolViolation, match="missing member 'index'"):
        models.Layer.from_json(value)


def test_enum_values_unknown_to_this_client_pass_through() -> None:
    mode: str = models.ClockNow.from_json({"now": 1, "mode": "sundial"}).mode
    assert mode == "sundial"
    with pytest.raises(ordo.ProtocolViolation):
        models.ClockNow.from_json({"now": 1, "mode": 3})


def test_trees_deeper_than_the_python_stack_decode() -> None:
    node: dict[str, Any] = {"id": "leaf", "sort": 0, "hidden": False, "children": []}
    for depth in range(5000):
        node = {"id": f"n{depth}", "sort": depth, "hidden": False, "children": [node]}
    tree = models.tree_from_json(node)
    assert isinstance(tree, models.TreeNode) and tree.id == "n4999"
    root = models.tree_from_json({"id": None, "children": [node["children"][0]]})
    assert isinstance(root, models.TreeRoot) and root.children[0].id == "n4998"


def test_parse_is_loads() -> None:
    from ordo._decode import loads, parse

    for text in ['{"a":[1,2.5,"x",null,true]}', " [1] ", "[1]  ", "0", '"s"', "Infinity"]:
        assert parse(text) == loads(text)
    for bad in ["", "   ", "[1] [2]", "{", "[1]x", "nope"]:
        with pytest.raises(json.JSONDecodeError):
            parse(bad)


@pytest.mark.parametrize(
    "params",
    [None, {}, {"id": 'é\u2028\n"', "sort": -3, "frame": {"x": 0.5, "y": 1e300}}, [1, [None]]],
)
@pytest.mark.parametrize("rid", [None, 1, 2**63])
def test_requests_from_the_template_are_what_dumps_writes(params: Any, rid: int | None) -> None:
    from ordo._decode import dumps, request_json

    message: dict[str, Any] = {"jsonrpc": "2.0"}
    if rid is not None:
        message["id"] = rid
    message["method"] = "layer.add"
    if params:
        message["params"] = params
    assert request_json("layer.add", rid, params) == dumps(message)
    with pytest.raises(ValueError, match="JSON compliant"):
        request_json("layer.add", rid, {"x": float("nan")})


def test_decoded_instances_are_what_init_builds() -> None:
    from ordo.events import AlertIdle, AlertShow, parse_event

    layer = models.Layer.from_json(layer_json(frame={"x": 0, "y": 0, "width": 1, "height": 2}))
    built = models.Layer("a", None, 1, 0, False, True, False, 0, models.Frame(0, 0, 1, 2), None)
    assert layer == built and vars(layer) == vars(built) and hash(layer) == hash(built)
    idle = parse_event("alert.idle", {"queue": "q", "at": 3})
    assert isinstance(idle, AlertIdle)
    assert vars(idle) == vars(AlertIdle(queue="q", at=3)) and idle.name == "alert.idle"
    with pytest.raises(AttributeError):  # still frozen
        idle.queue = "other"  # type: ignore[misc]
    malformed = parse_event("alert.show", {"alert": None, "resumed": False, "at": 1})
    assert isinstance(malformed, ordo.UnknownEvent) and malformed.at == 1
    assert isinstance(parse_event("alert.show", {"at": 1}), ordo.UnknownEvent)
    assert not isinstance(malformed, AlertShow)


def test_a_lone_surrogate_is_written_escaped() -> None:
    from ordo._decode import dumps

    # No UTF-8 holds it: the text falls back to ASCII with escapes, as json.dumps writes.
    assert dumps({"id": "é\ud83d"}) == b'{"id":"\\u00e9\\ud83d"}'
    assert dumps({"id": "é"}) == '{"id":"é"}'.encode()


@pytest.mark.parametrize("total", [True, False, 1.5, "1", None])
def test_an_integer_member_refuses_bools_fractions_and_other_types(total: Any) -> None:
    from ordo._decode import decoder

    # bool is a subclass of int, but JSON true is not a count; 1.5 is not an integer.
    with pytest.raises(ordo.ProtocolViolation, match=r"LayerPage\.total: expected an integer"):
        decoder(models.LayerPage)({"total": total, "layers": []})


def test_an_integral_float_is_an_integer() -> None:
    from ordo._decode import decoder, integer

    # The documented rule: an int, or a float with no fractional part (JSON 1.0), as an int.
    page = decoder(models.LayerPage)({"total": 1.0, "layers": []})
    assert page.total == 1 and type(page.total) is int
    assert integer(2.0) == 2 and type(integer(2.0)) is int
    for bad in [True, 1.5, float("inf"), float("nan")]:
        with pytest.raises(ordo.ProtocolViolation, match="expected an integer"):
            integer(bad)


@dataclasses.dataclass(frozen=True)
class _Checked:
    """Has __post_init__, so ordo._decode decodes it through __init__ (_dataclass_by_init)."""

    count: int
    text: str | None

    def __post_init__(self) -> None:
        if self.count < 0:
            raise ValueError("negative count")


def test_a_dataclass_with_post_init_takes_null_and_missing_optional_members() -> None:
    from ordo._decode import decoder

    decode = decoder(_Checked)
    assert decode({"count": 1, "text": None}) == _Checked(1, None)
    assert decode({"count": 1}) == _Checked(1, None)
    assert decode({"count": 2, "text": "x"}) == _Checked(2, "x")
    with pytest.raises(ordo.ProtocolViolation, match=r"_Checked\.text: expected a string"):
        decode({"count": 1, "text": 3})
    with pytest.raises(ordo.ProtocolViolation, match="missing member 'count'"):
        decode({"text": None})


def test_member_unwraps_and_a_missing_member_is_a_protocol_violation() -> None:
    from ordo._decode import member

    removed = member("removed", int)
    assert removed({"removed": 3}) == 3
    with pytest.raises(ordo.ProtocolViolation, match="missing member 'removed'"):
        removed({})
    with pytest.raises(ordo.ProtocolViolation, match="expected an object"):
        removed([])


def nested(text: str, depth: int) -> str:
    return "[" * depth + text + "]" * depth


def test_text_deeper_than_the_c_scanner_goes_is_read_without_recursion() -> None:
    from ordo._decode import loads, parse, parse_deep

    # The C scanner stops near 1 000; loads too, when whitespace is around the text.
    deep = nested('{"x":"]["}', 3000)
    for text in (deep, " \n" + deep + "\t "):
        value = parse(text)
        for _ in range(3000):
            assert isinstance(value, list) and len(value) == 1
            value = value[0]
        assert value == {"x": "]["}
    texts = [
        "0", "-0.5e3", "1E+2", '"a\\"]\\u00e9\\ud83d\\ude00"', "[]", "{}", " [ 1 , [ ] ] ",
        '{"a":null,"b":true,"c":false,"d":{"e":[1,{"f":"}"}]},"a":2}', '[[],[[]],"]\\"["]',
    ]  # fmt: skip
    for text in texts:
        assert parse_deep(text) == loads(text), text
        assert type(parse_deep(text)) is type(loads(text))
    assert math.isnan(parse_deep("NaN")) and parse_deep("[Infinity,-Infinity]") == loads(
        "[Infinity,-Infinity]"
    )
    for bad in ["", "[1,]", '{"a" 1}', "[1 2]", "nul", "[nulls]", "[", '{"a":1,}', "1 2", "{1:2}"]:
        with pytest.raises(ValueError, match=r"^(expected|extra data) "):
            parse_deep(bad)


_json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=30,
)


@given(value=_json_values, indent=st.sampled_from([None, 0, 2]), ascii=st.booleans())
@settings(max_examples=300, deadline=None)
def test_parse_deep_reads_what_loads_reads(value: Any, indent: int | None, ascii: bool) -> None:
    from ordo._decode import loads, parse_deep

    text = json.dumps(value, indent=indent, ensure_ascii=ascii)
    assert parse_deep(text) == loads(text)
    assert json.dumps(parse_deep(text)) == json.dumps(loads(text))  # 1 stays 1, 1.0 stays 1.0
