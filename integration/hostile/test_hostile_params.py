"""Wrong values for EVERY parameter of EVERY method, driven from schema/openrpc.json.

Each (method, parameter) is one test. All of a method's cases run through one fresh
engine (pipelined on real pipes): first every case as a *notification* (which must
never be answered), then every case as a request (which must get -32602 with
`error.data.path` pointing at the offending member), then `engine.ping` (the engine
still serves), then the method's valid baseline (which must NOT be -32602, or the
cases would prove nothing).
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest

from hostile_schema import UNKNOWN_MEMBER, Case, baseline, ignored_param, param_cases
from hostile_support import (
    assert_developer_message,
    assert_pong,
    load_schema,
    note,
    req,
    run_raw,
)

DOCUMENT = load_schema()
METHODS = {method["name"]: method for method in DOCUMENT["methods"]}
CASES = {name: param_cases(DOCUMENT, method) for name, method in METHODS.items()}
PARAM_IDS = [(name, param) for name, per_param in CASES.items() for param in per_param]

# Sending these for real would end the session before the checks that follow.
NO_BASELINE = {"exit"}


@functools.cache
def method_run(name: str) -> dict[str, Any]:
    """Runs every case of `name` through one engine; returns responses by request id."""
    cases: list[tuple[str, Case]] = [
        (f"{name}#{index}", case)
        for index, case in enumerate(c for per in CASES[name].values() for c in per)
    ]
    required = [p["name"] for p in METHODS[name].get("params", []) if p.get("required")]
    extra: list[tuple[str, Any]] = [
        ("positional", [1]),
        ("positional-2", ["a", {"b": 2}]),
    ]
    if required:
        extra.append(("empty-array", []))
    lines = [note(name, case.params) for _, case in cases]
    lines += [note(name, params) for _, params in extra]
    lines += [req(name, case.params, id=key) for key, case in cases]
    lines += [req(name, params, id=key) for key, params in extra]
    lines.append(req("engine.ping", id="ping"))
    if name not in NO_BASELINE:
        lines.append(req(name, baseline(METHODS[name]), id="baseline"))
        lines.append(req(name, first_example(METHODS[name]), id="example"))
    run = run_raw(b"".join(line + b"\n" for line in lines))
    responses: dict[str, Any] = {}
    events = 0
    for message in run.messages:
        assert isinstance(message, dict), f"{name}: unexpected batch output {message}"
        if "id" not in message:
            events += 1
            continue
        key = message["id"]
        assert key not in responses, (
            f"{name}: two responses for id {key!r} (a notification answered?)"
        )
        responses[key] = message
    expected = len(cases) + len(extra) + 1 + 2 * (name not in NO_BASELINE)
    assert len(responses) == expected, (
        f"{name}: {len(responses)} responses for {expected} requests "
        f"(missing: {sorted(set(k for k, _ in cases) - set(responses))[:10]})"
    )
    return {"cases": cases, "responses": responses, "rc": run.rc, "events": events}


def first_example(method: dict[str, Any]) -> dict[str, Any]:
    examples = method.get("examples") or [{"params": []}]
    return {p["name"]: p["value"] for p in examples[0].get("params", [])}


def _check(name: str, key: str, case: Case, responses: dict[str, Any]) -> str | None:
    response = responses.get(key)
    request = json.dumps({"method": name, "params": case.params})[:300]
    if response is None:
        return f"{case.label}: no response to {request}"
    error = response.get("error")
    if not isinstance(error, dict) or error.get("code") != -32602:
        answer = json.dumps(response)[:300]
        return f"{case.label}: expected -32602 at {case.path}\n    → {request}\n    ← {answer}"
    data = error.get("data") or {}
    if data.get("path") != case.path and data.get("path") not in case.also:
        return (
            f"{case.label}: expected data.path {case.path!r}, got {data.get('path')!r}"
            f"\n    → {request}\n    ← {json.dumps(response)[:300]}"
        )
    if not (isinstance(data.get("expected"), str) and data["expected"]):
        return f"{case.label}: data.expected missing: {response}"
    try:
        assert_developer_message(error.get("message", ""))
    except AssertionError as problem:
        return f"{case.label}: {problem}"
    return None


@pytest.mark.parametrize(("method", "param"), PARAM_IDS, ids=[f"{m}:{p}" for m, p in PARAM_IDS])
def test_wrong_value_for_param_is_invalid_params(method: str, param: str) -> None:
    run = method_run(method)
    responses = run["responses"]
    wanted = {id(case) for case in CASES[method][param]}
    failures = [
        problem
        for key, case in run["cases"]
        if id(case) in wanted and (problem := _check(method, key, case, responses))
    ]
    assert_pong(responses["ping"], "ping")
    assert not failures, (
        f"{len(failures)} of {len(wanted)} cases of {method}.{param} failed:\n"
        + "\n".join(failures)
    )


@pytest.mark.parametrize("method", list(METHODS))
def test_positional_params_are_invalid_params(method: str) -> None:
    responses = method_run(method)["responses"]
    for key in ("positional", "positional-2"):
        error = responses[key].get("error") or {}
        assert error.get("code") == -32602, responses[key]
        assert error["data"]["path"] == "", responses[key]
        assert responses[key]["id"] == key


@pytest.mark.parametrize(
    "method",
    [name for name, m in METHODS.items() if any(p.get("required") for p in m.get("params", []))],
)
def test_empty_array_params_mean_omitted_so_required_param_is_missing(method: str) -> None:
    responses = method_run(method)["responses"]
    required = ["/" + p["name"] for p in METHODS[method]["params"] if p.get("required")]
    error = responses["empty-array"].get("error") or {}
    assert error.get("code") == -32602, responses["empty-array"]
    assert error["data"]["path"] in required, responses["empty-array"]


@pytest.mark.parametrize("method", [name for name in METHODS if name not in NO_BASELINE])
def test_baseline_from_examples_is_not_invalid_params(method: str) -> None:
    """The premise of the wrong-value tests: the required parameters taken from the
    examples are valid (the request may still fail for state reasons, e.g. -32001, or
    for a rule on the whole params object such as alert.cancel's "at least one filter",
    path ""), and so is the method's first example."""
    responses = method_run(method)["responses"]
    error = responses["baseline"].get("error") or {}
    assert error.get("code") != -32602 or error["data"]["path"] == "", responses["baseline"]
    error = responses["example"].get("error") or {}
    assert error.get("code") != -32602, responses["example"]


def test_every_method_and_param_is_covered() -> None:
    """Guards the generator itself: every declared param yields cases, and the schema's
    method list matches what the engine says it serves."""
    for name, method in METHODS.items():
        for param in method.get("params", []):
            schema = json.dumps(param["schema"])
            if "Any JSON value" in schema or ignored_param(param):
                continue
            assert CASES[name][param["name"]], (
                f"no invalid values generated for {name}.{param['name']}"
            )
        assert CASES[name][UNKNOWN_MEMBER]
    listing = run_raw(req("initialize", {}) + b"\n").messages[0]["result"]["methods"]
    assert sorted(listing) == sorted(METHODS), "initialize.methods and the schema's methods differ"


def test_generated_cases_are_invalid_by_json_schema() -> None:
    """Cross-checks the generator with an independent JSON Schema validator: every
    generated case violates the method's params schema, every baseline satisfies it."""
    jsonschema = pytest.importorskip("jsonschema")
    for name, method in METHODS.items():
        params = method.get("params", [])
        schema = {
            "type": "object",
            "properties": {p["name"]: p["schema"] for p in params},
            "required": [p["name"] for p in params if p.get("required")],
            "additionalProperties": False,
            "components": DOCUMENT["components"],
        }
        validator = jsonschema.Draft202012Validator(schema)
        assert validator.is_valid(baseline(method)), f"{name}: baseline {baseline(method)} invalid"
        for per_param in CASES[name].values():
            for case in per_param:
                assert not validator.is_valid(case.params), (
                    f"{name}: generated case {case.label} is valid by the schema: {case.params}"
                )


# Requests whose verdict hangs on more than one member (which may compete, or be the one
# filter), and on `null` standing for an omitted member, with the layers "C" and "S"
# existing: the engine's verdict and the method's whole-params schema must agree.
CROSS_MEMBER: list[tuple[str, dict[str, Any], bool]] = [
    ("layer.add", {"id": "n1", "above": "C", "sort": None}, True),
    ("layer.add", {"id": "n2", "above": "C", "below": None}, True),
    ("layer.add", {"id": "n3", "above": None, "below": "C"}, True),
    ("layer.add", {"id": "n4", "sort": 5, "above": None}, True),
    ("layer.add", {"id": "n5", "above": "C", "sort": 1}, False),
    ("layer.add", {"id": "n6", "above": "C", "below": "C"}, False),
    ("layer.move", {"id": "S", "above": "C", "sort": None}, True),
    ("layer.move", {"id": "S", "below": "C", "above": None}, True),
    ("layer.move", {"id": "S", "sort": 2, "below": None}, True),
    ("layer.move", {"id": "S", "below": "C", "sort": 2}, False),
    ("alert.enqueue", {"type": "t", "delayMs": 5, "at": None}, True),
    ("alert.enqueue", {"type": "t", "delayMs": None, "at": 7}, True),
    ("alert.enqueue", {"type": "t", "delayMs": 5, "at": 7}, False),
    # A mounted alert's id leaves room for its layer's "alert:" (256 in all).
    ("alert.enqueue", {"type": "t", "id": "m" * 250, "mount": {"sort": 0}}, True),
    ("alert.enqueue", {"type": "t", "id": "n" * 251, "mount": {"sort": 0}}, False),
    ("alert.enqueue", {"type": "t", "id": "o" * 251, "mount": None}, True),
    ("alert.enqueue", {"type": "t", "id": "p" * 256}, True),
    ("alert.cancel", {"all": False}, False),
    ("alert.cancel", {"id": None}, False),
    ("alert.cancel", {"ids": None, "all": None, "states": None}, False),
    ("alert.cancel", {"all": True}, True),
    ("alert.cancel", {"ids": []}, True),
    ("alert.cancel", {"queue": "q", "all": False}, True),
    ("alert.forget", {"all": False}, False),
    ("alert.forget", {"type": None, "key": "k"}, True),
    ("initialize", {"processId": "1", "rootUri": 1, "rootPath": True, "locale": 1}, True),
]


def test_cross_member_rules_agree_with_the_schema() -> None:
    """Where `null` means an omitted member and members compete (above/below/sort,
    delayMs/at) or must supply a filter (alert.cancel, alert.forget), a request the engine
    takes is valid by the method's `x-params-schema` and one it refuses (-32602) is not."""
    jsonschema = pytest.importorskip("jsonschema")
    setup = [
        req("layer.add", {"id": "C"}, id="setup-C"),
        req("layer.add", {"id": "S"}, id="setup-S"),
    ]
    lines = setup + [req(m, p, id=f"case-{i}") for i, (m, p, _) in enumerate(CROSS_MEMBER)]
    run = run_raw(b"".join(line + b"\n" for line in lines))
    answers = {m["id"]: m for m in run.messages if isinstance(m, dict) and "id" in m}
    problems = []
    for index, (name, params, taken) in enumerate(CROSS_MEMBER):
        answer = answers[f"case-{index}"]
        refused = answer.get("error", {}).get("code") == -32602
        schema = {**METHODS[name]["x-params-schema"], "components": DOCUMENT["components"]}
        valid = jsonschema.Draft202012Validator(schema).is_valid(params)
        if refused == taken or valid != taken:
            problems.append(f"{name} {params}: engine {answer}, schema valid: {valid}")
    assert not problems, "\n".join(problems)
