"""The client against schema/openrpc.json: a wrapper for every method, with every param,
models matching the schema's objects, and the schema's own examples valid."""

from __future__ import annotations

import dataclasses
import inspect
import re
import typing
from typing import TYPE_CHECKING, Any, Optional

import pytest

import ordo
from conftest import EngineFactory
from ordo import api, models
from ordo.batch import Batch
from ordo.events import AlertChanged, AlertHide, AlertIdle, AlertShow, AlertUpdate
from schema_check import SchemaDocument, load_checker, schema_path

NAMESPACES = ("", "layers", "alerts", "nav", "clock", "events")


def wrappers(surface: object) -> dict[str, Any]:
    """JSON-RPC method name → bound wrapper, found through the ``@rpc`` marks."""
    found: dict[str, Any] = {}
    for namespace in NAMESPACES:
        target = getattr(surface, namespace) if namespace else surface
        for name in dir(type(target)):
            if name.startswith("_"):
                continue
            static = inspect.getattr_static(type(target), name)  # no property evaluated
            rpc = getattr(static, "__ordo_method__", None)
            if rpc is not None:
                assert rpc not in found, f"two wrappers for {rpc}"
                found[rpc] = getattr(target, name)
    return found


def camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def surfaces(ordo_bin: str) -> dict[str, object]:
    return {
        "Engine": ordo.Engine.__new__(ordo.Engine),
        "AsyncEngine": ordo.AsyncEngine(ordo_bin),
        "Batch": Batch(),
    }


def _attach_namespaces(engine: ordo.Engine) -> ordo.Engine:
    engine.layers = api.LayersAPI(engine)
    engine.alerts = api.AlertsAPI(engine)
    engine.nav = api.NavAPI(engine)
    engine.clock = api.ClockAPI(engine)
    engine.events = ordo.engine.Events(engine)
    return engine


@pytest.mark.parametrize("surface", ["Engine", "AsyncEngine", "Batch"])
def test_every_schema_method_has_a_wrapper(
    surface: str, schema: SchemaDocument, ordo_bin: str
) -> None:
    target = surfaces(ordo_bin)[surface]
    if isinstance(target, ordo.Engine):
        _attach_namespaces(target)
    have = wrappers(target)
    missing = sorted(set(schema.methods) - set(have))
    assert not missing, f"{surface} lacks wrappers for: {missing}"
    extra = sorted(set(have) - set(schema.methods))
    assert not extra, f"{surface} wraps methods the schema does not have: {extra}"


def test_wrapper_parameters_are_the_schema_params(schema: SchemaDocument, ordo_bin: str) -> None:
    engine = _attach_namespaces(ordo.Engine.__new__(ordo.Engine))
    for method, wrapper in wrappers(engine).items():
        signature = inspect.signature(wrapper)
        # The declarations' "-> None" is not what a call returns: help() shows none.
        assert signature.return_annotation is inspect.Signature.empty, method
        params = signature.parameters
        python = {camel(p) for p in params}
        # LSP-only params (initialize's processId, rootUri, ...): the engine ignores them.
        spec = [p for p in schema.methods[method].get("params", []) if not p.get("x-lsp")]
        declared = {p["name"] for p in spec}
        assert python == declared, (
            f"{method}: wrapper {sorted(python)} vs schema {sorted(declared)}"
        )
        for p in spec:
            default = params[_snake(p["name"])].default
            if p.get("required"):
                assert default is inspect.Parameter.empty, f"{method}.{p['name']} is required"
            else:
                assert default is not inspect.Parameter.empty, f"{method}.{p['name']} is optional"


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def test_every_event_has_a_class(schema: SchemaDocument) -> None:
    names = {
        next(f.default for f in dataclasses.fields(klass) if f.name == "name")
        for klass in (AlertShow, AlertHide, AlertUpdate, AlertIdle, AlertChanged)
    }
    assert names == set(schema.events) == set(ordo.events.EVENT_NAMES)


# Result/event objects of the schema and the dataclasses that hold them.
MODELS: dict[str, type] = {
    "Frame": models.Frame,
    "Layer": models.Layer,
    "TreeNode": models.TreeNode,
    "LayerPage": models.LayerPage,
    "SortRange": models.SortRange,
    "HitTestResult": models.HitTestResult,
    "Mount": models.Mount,
    "Alert": models.Alert,
    "EnqueueResult": models.EnqueueResult,
    "PauseState": models.PauseState,
    "QueueSettings": models.QueueSettings,
    "TypeDefaults": models.TypeDefaults,
    "NavState": models.NavState,
    "Ping": models.Ping,
    "Stats": models.Stats,
    "ClockNow": models.ClockNow,
    "InitializeResult": models.InitializeResult,
    "ClientInfo": models.ClientInfo,
    "FrequencyLimit": models.FrequencyLimit,
    "Show": models.ShowRecord,
    "StateInfo": models.StateInfo,
    "AlertShowEvent": AlertShow,
    "AlertHideEvent": AlertHide,
    "AlertUpdateEvent": AlertUpdate,
    "AlertIdleEvent": AlertIdle,
    "AlertChangedEvent": AlertChanged,
}


def _nullable(schema: SchemaDocument, node: dict[str, Any]) -> bool:
    if "$ref" in node:
        target = schema.doc
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        if _nullable(schema, target):
            return True
    kind = node.get("type")
    if kind == "null" or (isinstance(kind, list) and "null" in kind):
        return True
    if not kind and not any(k in node for k in ("$ref", "anyOf", "allOf", "const", "enum")):
        return True  # any JSON value
    return any(_nullable(schema, n) for n in node.get("anyOf", []))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_models_match_the_schema_objects(name: str, schema: SchemaDocument) -> None:
    definition = schema.doc["components"]["schemas"][name]
    klass = MODELS[name]
    # Annotations are strings (postponed evaluation): read them as written.
    annotations = {f.name: str(f.type) for f in dataclasses.fields(klass)}
    fields = {f.name for f in dataclasses.fields(klass) if f.init}
    properties = definition["properties"]
    required = set(definition.get("required", []))
    for prop, node in properties.items():
        field = _snake(prop)
        assert field in fields, f"{name}.{prop} has no field {field}"
        parts = {part.strip() for part in annotations[field].split("|")}
        optional = "None" in parts or parts == {"Any"}
        may_be_missing_or_null = prop not in required or _nullable(schema, node)
        assert optional == may_be_missing_or_null, (
            f"{name}.{prop}: field is {'optional' if optional else 'required'}, "
            f"schema says {'null/absent allowed' if may_be_missing_or_null else 'always set'}"
        )
    assert fields == {_snake(p) for p in properties}, f"{name}: fields differ from properties"


LITERALS = {
    "AlertState": models.AlertState,
    "ActiveAlertState": models.ActiveAlertState,
    "EndReason": models.EndReason,
    "Disposition": models.Disposition,
    "HideReason": models.HideReason,
    "ChangeReason": models.ChangeReason,
    "ClockMode": models.ClockMode,
    "Framing": models.Framing,
    "Topic": models.Topic,
    "OnLimit": models.OnLimit,
    "LimitPer": models.LimitPer,
}


@pytest.mark.parametrize("name", sorted(LITERALS))
def test_literal_types_match_the_schema_enums(name: str, schema: SchemaDocument) -> None:
    assert (
        list(typing.get_args(LITERALS[name])) == schema.doc["components"]["schemas"][name]["enum"]
    )


def test_the_engine_serves_exactly_the_schema_methods(
    make_engine: EngineFactory, schema: SchemaDocument
) -> None:
    served = set(make_engine().initialize().methods)
    assert sorted(set(schema.methods) - served) == [], "schema methods the engine lacks"
    assert sorted(served - set(schema.methods)) == [], "engine methods the schema lacks"


def test_schema_examples_validate(schema: SchemaDocument) -> None:
    problems: list[str] = []
    for index, method in enumerate(schema.doc["methods"]):
        params_pointer = schema.params_pointer(method["name"])
        for example in method.get("examples", []):
            params = {p["name"]: p["value"] for p in example.get("params", [])}
            if params_pointer:
                problems += [
                    f"{method['name']} example params: {e}"
                    for e in schema.errors(params_pointer, params)
                ]
            if "result" in example and method["name"] != "rpc.discover":
                value = example["result"]["value"]
                problems += [
                    f"{method['name']} example result: {e}"
                    for e in schema.errors(f"/methods/{index}/result/schema", value)
                ]
    for event in schema.doc.get("x-events", []):
        pointer = schema.event_pointer(event["name"])
        assert pointer
        for example in event.get("examples", []):
            params = {p["name"]: p["value"] for p in example.get("params", [])}
            problems += [f"{event['name']} example: {e}" for e in schema.errors(pointer, params)]
    for name, error in schema.doc["components"]["errors"].items():
        problems += [
            f"error {name}: {e}" for e in schema.errors("/components/schemas/ErrorObject", error)
        ]
    assert not problems, "\n".join(problems)


def test_the_schema_passes_its_own_checks(schema: SchemaDocument) -> None:
    """schema/check_schema.py (format, $refs, closed objects, open ones said open, params,
    examples under draft 7 and 2020-12) run as part of the suite, which nothing else runs."""
    check_schema = load_checker()
    problems: list[str] = check_schema.Checker(schema.doc).run()
    if schema_path().read_text(encoding="utf-8") != check_schema.formatted(schema.doc):
        problems.append(check_schema.NOT_FORMATTED)
    assert not problems, "\n".join(problems)


#: Answers the engine never gives, each of which the schema must refuse: (schema, instance).
WRONG_ANSWERS = [
    # -32003 system_clock always says state "system" (Sources/OrdoServer/Clock+Methods.swift).
    ("/components/schemas/InvalidStateData", {"reason": "system_clock"}),
    ("/components/schemas/InvalidStateData", {"reason": "system_clock", "state": "manual"}),
    ("/components/schemas/InvalidStateData", {"reason": "not_showing"}),
    ("/components/schemas/InvalidStateData", {"reason": "not_showing", "state": "showing!"}),
    ("/components/schemas/HitTestResult", {"id": None, "path": ["a"]}),
    ("/components/schemas/HitTestResult", {"id": "a", "path": []}),
    ("/components/schemas/Layer/properties/data", None),
]


@pytest.mark.parametrize(("pointer", "instance"), WRONG_ANSWERS)
def test_the_schema_refuses_wrong_answers(
    schema: SchemaDocument, pointer: str, instance: object
) -> None:
    assert schema.errors(pointer, instance), f"{pointer} accepts {instance!r}"


def test_open_objects_keep_unknown_members_in_generated_code(schema: SchemaDocument) -> None:
    """An object that takes members it does not name says ``additionalProperties: true``
    outright: code generators read its absence as "closed, drop the rest" (pydantic models of
    datamodel-code-generator lost everything of rpc.discover's answer but three members)."""
    schemas = schema.doc["components"]["schemas"]
    discover = schemas["DiscoverResult"]
    for name, node in [
        ("DiscoverResult", discover),
        ("DiscoverResult.info", discover["properties"]["info"]),
        ("DiscoverResult.methods[]", discover["properties"]["methods"]["items"]),
        ("ParseErrorData", schemas["ParseErrorData"]),
        ("InvalidRequestData", schemas["InvalidRequestData"]),
    ]:
        assert node.get("additionalProperties") is True, name
    assert not schema.errors("/components/schemas/ParseErrorData", {"reason": "x", "new": 1})


if TYPE_CHECKING:  # checked by mypy --strict: each flavour's wrappers keep their own types

    async def _wrapper_types(engine: ordo.Engine, other: ordo.AsyncEngine) -> None:
        from asyncio import Future

        from typing_extensions import assert_type

        assert_type(engine.layers.add("a"), models.Layer)
        assert_type(engine.layers.tree("a"), models.TreeNode)
        assert_type(engine.layers.tree(), models.TreeRoot)
        assert_type(engine.alerts.list(), tuple[models.Alert, ...])
        assert_type(engine.ping(), models.Ping)
        assert_type(engine.layers.render(), str)
        assert_type(engine.alerts.history(), tuple[models.ShowRecord, ...])
        assert_type(engine.alerts.forget(all=True), int)
        assert_type(engine.alerts.enqueue("x").alert, Optional[models.Alert])
        assert_type(await other.layers.render("a"), str)
        removing = assert_type(other.layers.remove("a"), Future[int])
        assert_type(await removing, int)
        assert_type(await other.layers.tree(depth=1), models.TreeRoot)
        assert_type(await other.clock.advance(5), int)
        assert_type(engine.with_timeout(2).layers.tree("a"), models.TreeNode)
        assert_type(engine.with_timeout(None).ping(), models.Ping)
        assert_type(other.with_timeout(2).layers.remove("a"), Future[int])
        assert_type(await other.with_timeout(2).layers.tree(), models.TreeRoot)
        with engine.batch() as batch:
            assert_type(batch.alerts.enqueue("x"), ordo.Pending[models.EnqueueResult])
            assert_type(batch.layers.tree("a"), ordo.Pending[models.TreeNode])
            assert_type(batch.alerts.forget(type="t"), ordo.Pending[int])
