"""Checks schema/openrpc.json against its own conventions (see schema/README.md).

    python3 schema/check_schema.py [PATH]

Checks: the file parses and is formatted as ``json.dumps(doc, indent=2, ensure_ascii=True)``
plus a newline; every ``$ref`` resolves; every object schema is closed
(``additionalProperties: false``) unless listed in ``OPEN_OBJECTS``, and those say
``additionalProperties: true`` explicitly (code generators drop unnamed members without it);
every method has ``x-params-schema``, ``params`` (naming exactly the schema's properties,
``required`` alike), ``result``, ``errors`` and at least one example; every example's params
validate against the method's (or event's) ``x-params-schema`` and every example result
against the result schema, under JSON Schema draft 7 and 2020-12 both; each error's example
``data`` validates against its ``x-error-data`` schema; ``initialize``'s examples list every
method in document order. Needs ``jsonschema`` >= 4.18. Exits 1 with one line per problem,
else prints ``ok``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from jsonschema import Draft7Validator, Draft202012Validator
from referencing import Registry, Resource
from referencing.exceptions import Unresolvable
from referencing.jsonschema import DRAFT7, DRAFT202012

DOC_URI = "urn:ordo:openrpc"

#: Object schemas deliberately left open, with the reason.
OPEN_OBJECTS = {
    "/components/schemas/DiscoverResult": "an OpenRPC document, checked loosely",
    "/components/schemas/ParseErrorData": "error data may gain members",
    "/components/schemas/InvalidRequestData": "error data may gain members (`{reason, …}`)",
}

Json = Any


def walk(node: Json, pointer: str = "") -> Iterator[tuple[str, Json]]:
    """Every value of the document with its JSON Pointer."""
    yield pointer, node
    if isinstance(node, dict):
        for key, value in node.items():
            escaped = str(key).replace("~", "~0").replace("/", "~1")
            yield from walk(value, f"{pointer}/{escaped}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from walk(value, f"{pointer}/{index}")


def resolve(doc: Json, ref: str) -> bool:
    """Whether the local ``$ref`` ``ref`` (``#/…``) names a value of ``doc``."""
    if not ref.startswith("#"):
        return False
    node = doc
    for raw in ref[1:].split("/")[1:]:
        part = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return False
    return True


def is_definition(pointer: str) -> bool:
    """Whether ``pointer`` is a place that defines a schema: not an example value, an error's
    example, or a condition (``if``/``not``), whose objects only test members."""
    parts = pointer.split("/")
    if "examples" in parts or "if" in parts or "not" in parts:
        return False
    return not (len(parts) >= 3 and parts[1] == "components" and parts[2] == "errors")


class Checker:
    def __init__(self, doc: Json) -> None:
        self.doc = doc
        self.problems: list[str] = []
        self.validators: list[
            tuple[str, type[Draft7Validator] | type[Draft202012Validator], Registry[Any]]
        ] = [
            (
                "draft 7",
                Draft7Validator,
                Registry().with_resource(
                    DOC_URI, Resource.from_contents(doc, default_specification=DRAFT7)
                ),
            ),
            (
                "2020-12",
                Draft202012Validator,
                Registry().with_resource(
                    DOC_URI, Resource.from_contents(doc, default_specification=DRAFT202012)
                ),
            ),
        ]

    def problem(self, where: str, what: str) -> None:
        self.problems.append(f"{where}: {what}")

    def validate(self, where: str, schema: Json, instance: Json) -> None:
        """Validates ``instance`` against ``schema`` (local refs resolved in the document)."""
        wrapped = json.loads(json.dumps(schema).replace('"$ref": "#', f'"$ref": "{DOC_URI}#'))
        for draft, cls, registry in self.validators:
            try:
                errors = list(cls(wrapped, registry=registry).iter_errors(instance))
            except Unresolvable as unresolvable:
                kind = type(unresolvable).__name__
                self.problem(where, f"[{draft}] a $ref cannot be resolved ({kind})")
                continue
            for error in errors:
                path = "/".join(str(p) for p in error.absolute_path) or "(root)"
                self.problem(where, f"[{draft}] {path}: {error.message}")

    def check_refs(self) -> None:
        for pointer, node in walk(self.doc):
            ref = node.get("$ref") if isinstance(node, dict) else None
            if isinstance(ref, str) and not resolve(self.doc, ref):
                self.problem(pointer, f"$ref {ref} does not resolve")

    def check_closed_objects(self) -> None:
        for pointer, node in walk(self.doc):
            if not (isinstance(node, dict) and is_definition(pointer)):
                continue
            if pointer in OPEN_OBJECTS:
                # Left out, JSON Schema reads it as true, but code generators do not:
                # datamodel-code-generator's models drop the members they do not name.
                if node.get("additionalProperties") is not True:
                    self.problem(pointer, "open object without explicit additionalProperties: true")
                continue
            closed = node.get("additionalProperties") is False
            if node.get("type") == "object" and "properties" in node and not closed:
                self.problem(pointer, "object schema without additionalProperties: false")

    def check_methods(self) -> None:
        for method in self.doc["methods"]:
            name = method.get("name", "?")
            where = f"method {name}"
            for member in ("x-params-schema", "params", "result", "errors", "examples"):
                if member not in method:
                    self.problem(where, f"no {member}")
            if not method.get("examples"):
                self.problem(where, "no example")
            params_schema = method.get("x-params-schema", {})
            self.check_param_list(where, method.get("params", []), params_schema)
            result_schema = method.get("result", {}).get("schema", {})
            for example in method.get("examples", []):
                label = f"{where} example {example.get('name')!r}"
                given = {p["name"]: p["value"] for p in example.get("params", [])}
                self.validate(label + " params", params_schema, given)
                if "result" in example:
                    self.validate(label + " result", result_schema, example["result"]["value"])
                else:
                    self.problem(label, "no result")

    def check_param_list(self, where: str, params: list[Json], params_schema: Json) -> None:
        ref = params_schema.get("$ref", "")
        if not resolve(self.doc, ref):
            return
        target = self.doc
        for part in ref[1:].split("/")[1:]:
            target = target[part]
        declared = set(target.get("properties", {}))
        listed = {p["name"] for p in params}
        if declared != listed:
            self.problem(
                where, f"params {sorted(listed)} differ from x-params-schema {sorted(declared)}"
            )
        required = set(target.get("required", []))
        marked = {p["name"] for p in params if p.get("required")}
        if required != marked:
            self.problem(
                where,
                f"required params {sorted(marked)} differ from x-params-schema {sorted(required)}",
            )

    def check_events(self) -> None:
        for event in self.doc.get("x-events", []):
            where = f"event {event.get('name')}"
            schema = event.get("x-params-schema")
            if schema is None:
                self.problem(where, "no x-params-schema")
                continue
            self.check_param_list(where, event.get("params", []), schema)
            if not event.get("examples"):
                self.problem(where, "no example")
            for example in event.get("examples", []):
                given = {p["name"]: p["value"] for p in example.get("params", [])}
                self.validate(f"{where} example {example.get('name')!r}", schema, given)

    def check_errors(self) -> None:
        errors = self.doc["components"]["errors"]
        data_schemas = self.doc.get("x-error-data", {})
        if set(errors) != set(data_schemas):
            self.problem(
                "x-error-data",
                f"names {sorted(data_schemas)} differ from components.errors {sorted(errors)}",
            )
        codes = [e["code"] for e in errors.values()]
        if len(codes) != len(set(codes)):
            self.problem("components.errors", "duplicate codes")
        error_object = {"$ref": "#/components/schemas/ErrorObject"}
        for name, error in errors.items():
            if name in data_schemas and "data" in error:
                self.validate(f"error {name} data", data_schemas[name], error["data"])
                self.validate(f"error {name}", error_object, error)

    def check_initialize(self) -> None:
        names = [m["name"] for m in self.doc["methods"]]
        for method in self.doc["methods"]:
            if method["name"] != "initialize":
                continue
            for example in method.get("examples", []):
                listed = example.get("result", {}).get("value", {}).get("methods")
                if listed != names:
                    self.problem(
                        f"initialize example {example.get('name')!r}",
                        "methods differ from the document's",
                    )

    def run(self) -> list[str]:
        self.check_refs()
        self.check_closed_objects()
        self.check_methods()
        self.check_events()
        self.check_errors()
        self.check_initialize()
        return self.problems


#: What the file holds when ``doc`` is written as the project writes it.
NOT_FORMATTED = "not formatted as json.dumps(doc, indent=2, ensure_ascii=True) + newline"


def formatted(doc: Json) -> str:
    """The schema file's text for ``doc``: ``json.dumps(doc, indent=2, ensure_ascii=True)``
    and a newline."""
    return json.dumps(doc, indent=2, ensure_ascii=True) + "\n"


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent / "openrpc.json"
    text = path.read_text(encoding="utf-8")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as error:
        print(f"{path}: not JSON: {error}")
        return 1
    problems = Checker(doc).run()
    if text != formatted(doc):
        problems.insert(0, f"{path}: {NOT_FORMATTED}")
    for line in problems:
        print(line)
    if problems:
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
