"""Invalid parameter values generated from schema/openrpc.json.

For every method and every parameter, `param_cases` derives values that the
parameter's schema refuses — each JSON type it does not accept, integers out of range
or fractional, strings empty / too long / outside an enum / matching a forbidden
pattern, arrays with a bad item / too few / duplicate items, objects with a mistyped,
missing or unknown member — together with the JSON Pointer the engine must report in
`error.data.path`. A method or parameter added to the schema is covered without
touching the tests.

Conventions of the contract (README, "Choices", and docs/protocol.md#values): `null` for
an optional top-level parameter means "absent" (the schema spells that out with
`anyOf [..., null]`, or NullableId), so it is never generated as a wrong value there.
Required parameters get the other required parameters from the schema's examples, so
the one under test is the only thing wrong.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

# One sample of each JSON type (the integer/number split follows JSON Schema: an
# integer-valued number is an "integer").
TYPE_SAMPLES: dict[str, list[Any]] = {
    "null": [None],
    "boolean": [True, False],
    "integer": [0, 7],
    "number": [1.5],
    "string": ["7"],
    "array": [[], ["x"]],
    "object": [{}, {"k": 1}],
}

UNKNOWN_MEMBER = "zzUnknownMember"


@dataclass
class Case:
    """One invalid value for one parameter: `params` must fail with `path`."""

    label: str
    params: dict[str, Any]
    path: str
    # Paths that are also correct (e.g. a duplicate array item may be reported at the
    # array or at the duplicate).
    also: tuple[str, ...] = field(default_factory=tuple)


def ignored_param(param: dict[str, Any]) -> bool:
    """LSP's InitializeParams members are accepted and ignored whatever they hold; only
    `initializationOptions` is read (for `clock`)."""
    return bool(param.get("x-lsp")) and param["name"] != "initializationOptions"


class Resolver:
    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document

    def deref(self, schema: dict[str, Any]) -> dict[str, Any]:
        seen = 0
        while "$ref" in schema:
            ref = schema["$ref"]
            assert ref.startswith("#/"), ref
            target: Any = self.document
            for part in ref[2:].split("/"):
                target = target[part]
            merged = dict(target)
            merged.update({k: v for k, v in schema.items() if k != "$ref"})
            schema = merged
            seen += 1
            assert seen < 50, f"$ref loop at {ref}"
        return schema

    def branches(self, schema: dict[str, Any]) -> list[dict[str, Any]]:
        """The alternatives of a schema, each with $ref and allOf resolved."""
        schema = self.deref(schema)
        if "anyOf" in schema or "oneOf" in schema:
            result = []
            for branch in schema.get("anyOf", []) + schema.get("oneOf", []):
                result.extend(self.branches(branch))
            return result
        if "allOf" in schema:
            merged: dict[str, Any] = {k: v for k, v in schema.items() if k != "allOf"}
            nots = []
            for part in schema["allOf"]:
                part = self.deref(part)
                if "not" in part:
                    nots.append(part["not"])
                    continue
                for sub in self.branches(part):
                    merged.update(sub)
            if nots:
                merged["x-nots"] = nots
            return [merged]
        return [schema]


def _types(branch: dict[str, Any]) -> set[str]:
    declared = branch.get("type")
    if declared is None:
        if "enum" in branch:
            return {_json_type(value) for value in branch["enum"]}
        if "properties" in branch:
            return {"object"}
        return set()  # "any JSON value"
    return set(declared) if isinstance(declared, list) else {declared}


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "integer" if value.is_integer() else "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def accepts_any(resolver: Resolver, schema: dict[str, Any]) -> bool:
    return any(not _types(branch) for branch in resolver.branches(schema))


def accepted_types(resolver: Resolver, schema: dict[str, Any]) -> set[str]:
    types: set[str] = set()
    for branch in resolver.branches(schema):
        types |= _types(branch)
    if "number" in types:
        types.add("integer")
    return types


def valid_sample(resolver: Resolver, schema: dict[str, Any]) -> Any:
    """Some value the schema accepts (used for siblings of the member under test)."""
    schema = resolver.deref(schema)
    if "default" in schema and schema["default"] is not None:
        return schema["default"]
    for branch in resolver.branches(schema):
        types = _types(branch)
        if not types:
            return {"any": "json"}
        if "enum" in branch:
            return branch["enum"][0]
        if "string" in types:
            return "sample-" + "s" * max(0, branch.get("minLength", 1) - 7)
        if "integer" in types or "number" in types:
            return max(branch.get("minimum", 0), 0) + 1
        if "boolean" in types:
            return True
        if "object" in types:
            return {
                name: valid_sample(resolver, sub)
                for name, sub in branch.get("properties", {}).items()
                if name in branch.get("required", [])
            }
        if "array" in types:
            items = branch.get("items")
            return [valid_sample(resolver, items)] if items else []
    return None


def invalid_values(
    resolver: Resolver, schema: dict[str, Any], path: str, *, null_ok: bool = False
) -> Iterator[tuple[str, Any, str, tuple[str, ...]]]:
    """(label, value, path, other acceptable paths) for values `schema` refuses."""
    if accepts_any(resolver, schema):
        return
    types = accepted_types(resolver, schema)
    if null_ok:
        types.add("null")
    for json_type, samples in TYPE_SAMPLES.items():
        if json_type in types:
            continue
        for sample in samples:
            yield f"{json_type}:{json.dumps(sample)}", sample, path, ()

    for branch in resolver.branches(schema):
        branch_types = _types(branch)
        if branch_types & {"integer", "number"}:
            integral = "number" not in branch_types
            minimum = branch.get("minimum")
            maximum = branch.get("maximum")
            if minimum is not None:
                yield f"below-minimum:{minimum - 1}", minimum - 1, path, ()
                if not integral:
                    yield f"below-minimum:{minimum - 0.5}", minimum - 0.5, path, ()
            if maximum is not None:
                yield f"above-maximum:{maximum + 1}", maximum + 1, path, ()
                yield "above-maximum:2^64", 2**64, path, ()
                yield "above-maximum:1e300", 1e300, path, ()
            if integral:
                yield "fraction:1.5", 1.5, path, ()
                yield "fraction:-0.25", -0.25, path, ()
                yield "fraction:1+2^-52", 1.0000000000000002, path, ()
        if "string" in branch_types:
            if "enum" in branch:
                yield "not-in-enum", "zz-not-a-listed-value", path, ()
                if str(branch["enum"][0]).upper() != branch["enum"][0]:
                    yield "enum-wrong-case", str(branch["enum"][0]).upper(), path, ()
            if branch.get("minLength", 0) >= 1:
                yield "empty-string", "", path, ()
            if "maxLength" in branch:
                n = branch["maxLength"] + 1
                yield f"too-long:{n}", "x" * n, path, ()
                yield f"too-long:{n}-code-points", "é" * n, path, ()
            for forbidden in branch.get("x-nots", []):
                pattern = forbidden.get("pattern", "")
                if pattern.startswith("^") and pattern[1:].replace(":", "").isalnum():
                    yield f"forbidden-prefix:{pattern}", pattern[1:] + "x", path, ()
        if "array" in branch_types:
            items = branch.get("items")
            if items is not None:
                for label, value, inner, also in invalid_values(resolver, items, path + "/0"):
                    yield f"item[{label}]", [value], inner, also
            if branch.get("minItems", 0) >= 1:
                yield "empty-array", [], path, ()
            if branch.get("uniqueItems") and items is not None:
                item = valid_sample(resolver, items)
                yield "duplicate-items", [item, item], path, (path + "/1",)
        if "object" in branch_types and "properties" in branch:
            properties = branch["properties"]
            required = set(branch.get("required", []))
            base = {name: valid_sample(resolver, properties[name]) for name in sorted(required)}
            for name, sub in properties.items():
                for label, value, inner, also in invalid_values(resolver, sub, f"{path}/{name}"):
                    bad = copy.deepcopy(base)
                    bad[name] = value
                    yield f".{name}[{label}]", bad, inner, also
            for name in sorted(required):
                missing = {k: v for k, v in base.items() if k != name}
                yield f"missing .{name}", missing, f"{path}/{name}", ()
            if branch.get("additionalProperties") is False:
                extra = copy.deepcopy(base)
                extra[UNKNOWN_MEMBER] = 1
                yield "unknown member", extra, f"{path}/{UNKNOWN_MEMBER}", ()


def baseline(method: dict[str, Any]) -> dict[str, Any]:
    """The required parameters, valid, taken from the method's examples."""
    required = [p["name"] for p in method.get("params", []) if p.get("required")]
    for example in method.get("examples", []):
        values = {p["name"]: p["value"] for p in example.get("params", [])}
        if all(name in values for name in required):
            return {name: values[name] for name in required}
    raise AssertionError(
        f"{method['name']}: no example gives every required parameter {required}; "
        "add one to schema/openrpc.json"
    )


def param_cases(document: dict[str, Any], method: dict[str, Any]) -> dict[str, list[Case]]:
    """Invalid cases per parameter name (plus the pseudo-parameter UNKNOWN_MEMBER)."""
    resolver = Resolver(document)
    base = baseline(method)
    cases: dict[str, list[Case]] = {}
    for param in method.get("params", []):
        if ignored_param(param):
            continue
        name = param["name"]
        required = bool(param.get("required"))
        found = []
        for label, value, path, also in invalid_values(
            resolver, param["schema"], f"/{name}", null_ok=not required
        ):
            params = dict(base)
            params[name] = value
            found.append(Case(f"{name}:{label}", params, path, also))
        if required:
            params = {k: v for k, v in base.items() if k != name}
            found.append(Case(f"{name}:missing", params, f"/{name}"))
        cases[name] = _dedupe(found)
    extra = dict(base)
    extra[UNKNOWN_MEMBER] = True
    cases[UNKNOWN_MEMBER] = [Case("unknown parameter", extra, f"/{UNKNOWN_MEMBER}")]
    return cases


def _dedupe(cases: list[Case]) -> list[Case]:
    seen: set[tuple[str, str]] = set()
    unique = []
    for case in cases:
        key = (json.dumps(case.params, sort_keys=True), case.path)
        if key not in seen:
            seen.add(key)
            unique.append(case)
    return unique
