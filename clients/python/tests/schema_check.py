"""Validating live traffic against ``schema/openrpc.json``.

A :class:`SchemaChecker` is an engine ``tap``: it sees every message sent and
received and validates it with ``jsonschema`` against the OpenRPC document
(``$ref`` resolved against the whole document):

* a request's ``params`` against the method's ``x-params-schema``; a request
  the schema refuses must be refused by the engine too (a deliberate bad
  request in a test is fine, an accepted one is a schema/engine mismatch);
* a result against the method's ``result.schema``;
* an error against ``#/components/schemas/ErrorObject`` (which ties each
  code to its ``data`` schema), and its code against the method's ``errors``;
* an event's ``params`` against its ``x-events`` entry's ``x-params-schema``.

Problems are collected (the tap runs on the reader thread) and asserted by
the fixture at teardown.
"""

from __future__ import annotations

import importlib.util
import json
import os
import threading
from pathlib import Path
from types import ModuleType
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

DOC_URI = "urn:ordo:openrpc"
#: Errors any method may return (docs/protocol.md#errors and the schema's info.description).
UNIVERSAL_ERRORS = {-32603, -32003, -32600, -32602}


def schema_path() -> Path:
    env = os.environ.get("ORDO_SCHEMA")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[3] / "schema" / "openrpc.json"


def load_checker() -> ModuleType:
    """schema/check_schema.py, the schema's own conventions checker (not a package: loaded
    from its file)."""
    path = Path(__file__).resolve().parents[3] / "schema" / "check_schema.py"
    spec = importlib.util.spec_from_file_location("check_schema", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_document() -> dict[str, Any]:
    with schema_path().open(encoding="utf-8") as f:
        doc: dict[str, Any] = json.load(f)
    return doc


class SchemaDocument:
    """Validators for every method and event of one OpenRPC document."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc
        resource = Resource.from_contents(doc, default_specification=DRAFT202012)
        self.registry: Registry[Any] = Registry().with_resource(DOC_URI, resource)
        self.methods: dict[str, dict[str, Any]] = {m["name"]: m for m in doc["methods"]}
        self.events: dict[str, dict[str, Any]] = {e["name"]: e for e in doc.get("x-events", [])}
        self._validators: dict[str, Draft202012Validator] = {}

    def validator(self, pointer: str) -> Draft202012Validator:
        """A validator for the subschema at JSON Pointer ``pointer`` of the document."""
        found = self._validators.get(pointer)
        if found is None:
            found = Draft202012Validator({"$ref": f"{DOC_URI}#{pointer}"}, registry=self.registry)
            self._validators[pointer] = found
        return found

    def errors(self, pointer: str, instance: Any) -> list[str]:
        return [
            f"{'/'.join(str(p) for p in e.absolute_path) or '(root)'}: {e.message}"
            for e in self.validator(pointer).iter_errors(instance)
        ]

    def params_pointer(self, method: str) -> str | None:
        entry = self.methods.get(method)
        if entry is None:
            return None
        ref = entry.get("x-params-schema", {}).get("$ref")
        if isinstance(ref, str) and ref.startswith("#"):
            return ref[1:]
        index = self.doc["methods"].index(entry)
        return f"/methods/{index}/x-params-schema"

    def result_pointer(self, method: str) -> str | None:
        entry = self.methods.get(method)
        if entry is None:
            return None
        return f"/methods/{self.doc['methods'].index(entry)}/result/schema"

    def event_pointer(self, name: str) -> str | None:
        entry = self.events.get(name)
        if entry is None:
            return None
        ref = entry.get("x-params-schema", {}).get("$ref")
        if isinstance(ref, str) and ref.startswith("#"):
            return ref[1:]
        return f"/x-events/{self.doc['x-events'].index(entry)}/x-params-schema"

    def allowed_errors(self, method: str) -> set[int]:
        entry = self.methods.get(method, {})
        codes = set(UNIVERSAL_ERRORS)
        for ref in entry.get("errors", []):
            name = ref.get("$ref", "").rsplit("/", 1)[-1]
            error = self.doc["components"]["errors"].get(name)
            if error is not None:
                codes.add(error["code"])
        return codes


class SchemaChecker:
    """An engine tap recording every schema violation in the traffic."""

    def __init__(self, schema: SchemaDocument) -> None:
        self.schema = schema
        self.problems: list[str] = []
        self.seen_methods: set[str] = set()
        self.seen_events: set[str] = set()
        self.checked = 0
        # Requests seen going out and messages coming in: a tap that sees requests but
        # never an answer is not checking what the engine says (see `verdict`).
        self.requested = 0
        self.received = 0
        self._lock = threading.Lock()
        # id -> (method, params valid per schema?)
        self._requests: dict[Any, tuple[str, bool, Any]] = {}

    def __call__(self, direction: str, message: Any) -> None:
        with self._lock:
            if direction == "send":
                self._outgoing(message)
            elif direction == "recv":
                self._incoming(message)
            elif direction == "send-raw":
                self._raw(message)

    def _problem(self, text: str) -> None:
        self.problems.append(text)

    def _outgoing(self, message: Any) -> None:
        for entry in message if isinstance(message, list) else [message]:
            method = entry["method"]
            params = entry.get("params", {})
            pointer = self.schema.params_pointer(method)
            valid = True
            if pointer is not None:
                self.checked += 1
                valid = not self.schema.errors(pointer, params)
            if "id" in entry:
                self.requested += 1
                self._requests[entry["id"]] = (method, valid, params)

    def verdict(self) -> list[str]:
        """Every violation seen, and one more if requests went out but no message came
        back through the tap: then nothing the engine wrote was checked."""
        problems = list(self.problems)
        if self.requested and not self.received:
            problems.append(
                f"{self.requested} requests sent, but the tap saw no message from the engine"
            )
        return problems

    def _raw(self, data: bytes) -> None:
        """Deliberately malformed traffic: not judged, but remember ids to match answers."""
        try:
            message = json.loads(data)
        except ValueError:
            return
        for entry in message if isinstance(message, list) else [message]:
            if isinstance(entry, dict) and isinstance(entry.get("method"), str) and "id" in entry:
                self._requests[entry["id"]] = (entry["method"], True, entry.get("params"))

    def _incoming(self, message: Any) -> None:
        self.received += 1
        for entry in message if isinstance(message, list) else [message]:
            if not isinstance(entry, dict):
                self._problem(f"received a non-object message {entry!r}")
                continue
            if "method" in entry and "id" not in entry:
                self._event(entry)
            else:
                self._response(entry)

    def _event(self, entry: dict[str, Any]) -> None:
        name = entry["method"]
        self.seen_events.add(name)
        pointer = self.schema.event_pointer(name)
        if pointer is None:
            self._problem(f"event {name!r} is not described in x-events")
            return
        self.checked += 1
        for error in self.schema.errors(pointer, entry.get("params")):
            self._problem(f"event {name}: {error}\n  params: {_short(entry.get('params'))}")

    def _response(self, entry: dict[str, Any]) -> None:
        if entry.get("jsonrpc") != "2.0" or ("result" in entry) == ("error" in entry):
            self._problem(f"malformed response envelope {_short(entry)}")
            if "result" not in entry and "error" not in entry:
                return  # nothing more to check (and no answer: its request stays open)
        rid = entry.get("id")
        request = self._requests.pop(rid, None) if rid is not None else None
        if "error" in entry:
            self.checked += 1
            for error in self.schema.errors("/components/schemas/ErrorObject", entry["error"]):
                self._problem(f"error object: {error}\n  response: {_short(entry)}")
            if request is not None:
                method = request[0]
                code = entry["error"].get("code")
                if method in self.schema.methods and code not in self.schema.allowed_errors(method):
                    self._problem(f"{method} returned error code {code}, not listed in its errors")
            return
        if request is None:
            self._problem(f"a result that answers no request: {_short(entry)}")
            return
        method, valid, params = request
        self.seen_methods.add(method)
        if not valid:
            self._problem(
                f"{method}: the engine accepted params the schema refuses: {_short(params)}\n  "
                + "\n  ".join(self.schema.errors(self.schema.params_pointer(method) or "", params))
            )
        pointer = self.schema.result_pointer(method)
        if pointer is None:
            return
        self.checked += 1
        for error in self.schema.errors(pointer, entry["result"]):
            self._problem(f"{method} result: {error}\n  result: {_short(entry['result'])}")


def _short(value: Any, limit: int = 400) -> str:
    text = json.dumps(value)
    return text if len(text) <= limit else text[:limit] + "…"
