"""schema/check_schema.py finds what it says it checks.

test_schema_coverage runs the checker on the real schema, which passes: that alone would
pass with a checker that checked nothing. Here each check is given a copy of the schema
broken in one place, and must report exactly that place.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Callable

import pytest

from schema_check import load_checker, load_document

check_schema = load_checker()
DOC = load_document()


def method(doc: dict[str, Any], name: str) -> dict[str, Any]:
    found: list[dict[str, Any]] = [m for m in doc["methods"] if m["name"] == name]
    assert len(found) == 1, name
    return found[0]


def problems(breaking: Callable[[dict[str, Any]], None]) -> list[str]:
    doc = copy.deepcopy(DOC)
    breaking(doc)
    found: list[str] = check_schema.Checker(doc).run()
    return found


def test_the_real_schema_has_no_problem() -> None:
    assert problems(lambda doc: None) == []


def _dangling_ref(doc: dict[str, Any]) -> None:
    method(doc, "layer.add")["result"]["schema"]["$ref"] = "#/components/schemas/NoSuchThing"


def _escaped_ref(doc: dict[str, Any]) -> None:
    doc["components"]["schemas"]["a/b~c"] = {"type": "integer"}
    method(doc, "layer.add")["result"]["schema"]["$ref"] = "#/components/schemas/a~1b~0c"


def _open_object(doc: dict[str, Any]) -> None:
    del doc["components"]["schemas"]["Layer"]["additionalProperties"]


def _open_object_not_said(doc: dict[str, Any]) -> None:
    del doc["components"]["schemas"]["ParseErrorData"]["additionalProperties"]


def _no_examples(doc: dict[str, Any]) -> None:
    method(doc, "engine.ping")["examples"] = []


def _no_result_member(doc: dict[str, Any]) -> None:
    del method(doc, "engine.ping")["result"]


def _param_not_listed(doc: dict[str, Any]) -> None:
    add = method(doc, "layer.add")
    add["params"] = [p for p in add["params"] if p["name"] != "frame"]


def _param_not_required(doc: dict[str, Any]) -> None:
    for param in method(doc, "layer.remove")["params"]:
        param["required"] = False


def _bad_example_params(doc: dict[str, Any]) -> None:
    method(doc, "layer.add")["examples"][0]["params"][0]["value"] = 7  # an id must be a string


def _bad_example_result(doc: dict[str, Any]) -> None:
    method(doc, "layer.add")["examples"][0]["result"]["value"]["sort"] = "zero"


def _example_without_result(doc: dict[str, Any]) -> None:
    del method(doc, "layer.add")["examples"][0]["result"]


def _event_without_schema(doc: dict[str, Any]) -> None:
    del doc["x-events"][0]["x-params-schema"]


def _bad_event_example(doc: dict[str, Any]) -> None:
    params = doc["x-events"][0]["examples"][0]["params"]
    [resumed] = [p for p in params if p["name"] == "resumed"]
    resumed["value"] = "yes"


def _error_without_data_schema(doc: dict[str, Any]) -> None:
    del doc["x-error-data"]["ParseError"]


def _duplicate_code(doc: dict[str, Any]) -> None:
    doc["components"]["errors"]["MethodNotFound"]["code"] = -32700


def _bad_error_data(doc: dict[str, Any]) -> None:
    doc["components"]["errors"]["ParseError"]["data"]["position"] = "seventeen"


def _initialize_missing_a_method(doc: dict[str, Any]) -> None:
    method(doc, "initialize")["examples"][0]["result"]["value"]["methods"].pop()


def _initialize_out_of_order(doc: dict[str, Any]) -> None:
    methods = method(doc, "initialize")["examples"][0]["result"]["value"]["methods"]
    methods[0], methods[1] = methods[1], methods[0]


def _schema_shaped_example_value(doc: dict[str, Any]) -> None:
    # A layer's data may be any JSON, one that looks like an open object schema too: an
    # example's value defines no schema, so it need not be closed.
    shaped = {"type": "object", "properties": {"a": {}}}
    method(doc, "layer.add")["examples"][0]["params"].append({"name": "data", "value": shaped})


def _both_drafts(where: str, what: str) -> list[str]:
    return [f"{where}: [draft 7] {what}", f"{where}: [2020-12] {what}"]


ADD_EXAMPLES = ["top-level screen", "toast above content", "badge directly above the toast"]
UNRESOLVABLE = "a $ref cannot be resolved (_WrappedReferencingError)"

#: How a copy of the schema is broken, and the start of each problem reported, in order.
CASES: list[tuple[Callable[[dict[str, Any]], None], list[str]]] = [
    (
        _dangling_ref,
        ["/methods/9/result/schema: $ref #/components/schemas/NoSuchThing does not resolve"]
        + [
            line
            for name in ADD_EXAMPLES
            for line in _both_drafts(f"method layer.add example {name!r} result", UNRESOLVABLE)
        ],
    ),
    # A ref to "a/b~c", escaped as JSON Pointer says, resolves: to an integer, which no
    # example's layer is.
    (
        _escaped_ref,
        [
            line
            for name in ADD_EXAMPLES
            for line in _both_drafts(f"method layer.add example {name!r} result", "(root): {")
        ],
    ),
    (_open_object, ["/components/schemas/Layer: object schema without additionalProperties"]),
    (
        _open_object_not_said,
        ["/components/schemas/ParseErrorData: open object without explicit additionalProperties"],
    ),
    (_no_examples, ["method engine.ping: no example"]),
    (_no_result_member, ["method engine.ping: no result"]),
    (
        _param_not_listed,
        [
            "method layer.add: params ['above', 'below', 'clips', 'data', 'hidden', 'id', "
            "'interactive', 'parent', 'sort'] differ from x-params-schema ['above', 'below', "
            "'clips', 'data', 'frame', "
        ],
    ),
    (_param_not_required, ["method layer.remove: required params [] differ from x-params-schema"]),
    (
        _bad_example_params,
        _both_drafts(
            "method layer.add example 'top-level screen' params",
            "id: 7 is not valid under any of the given schemas",
        ),
    ),
    (
        _bad_example_result,
        _both_drafts(
            "method layer.add example 'top-level screen' result",
            "sort: 'zero' is not of type 'integer'",
        ),
    ),
    (_example_without_result, ["method layer.add example 'top-level screen': no result"]),
    (_event_without_schema, ["event alert.show: no x-params-schema"]),
    (
        _bad_event_example,
        _both_drafts(
            "event alert.show example 'A after B closed'", "resumed: 'yes' is not of type 'boolean'"
        ),
    ),
    (
        _error_without_data_schema,
        ["x-error-data: names ['AlreadyExists', 'InternalError', 'InvalidParams', 'InvalidRe"],
    ),
    # MethodNotFound's example data (a method's name) now also checked as ParseError's.
    (
        _duplicate_code,
        [
            "components.errors: duplicate codes",
            *_both_drafts("error MethodNotFound", "data: 'reason' is a required property"),
        ],
    ),
    (
        _bad_error_data,
        _both_drafts("error ParseError data", "position: 'seventeen' is not of type 'integer'")
        + _both_drafts("error ParseError", "data/position: 'seventeen' is not of type 'integer'"),
    ),
    (
        _initialize_missing_a_method,
        ["initialize example 'manual clock for a test': methods differ from the document's"],
    ),
    (
        _initialize_out_of_order,
        ["initialize example 'manual clock for a test': methods differ from the document's"],
    ),
    (_schema_shaped_example_value, []),
]


@pytest.mark.parametrize(("breaking", "expected"), CASES, ids=[c[0].__name__ for c in CASES])
def test_each_check_reports_the_place_broken(
    breaking: Callable[[dict[str, Any]], None], expected: list[str]
) -> None:
    found = problems(breaking)
    assert len(found) == len(expected), found
    for line, start in zip(found, expected):
        assert line.startswith(start), (line, start)


def test_the_command_says_ok_or_lists_each_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(DOC, indent=2, ensure_ascii=True) + "\n", encoding="utf-8")
    assert check_schema.main(["check_schema.py", str(good)]) == 0
    assert capsys.readouterr().out == "ok\n"

    # Compact, or with its arrows and dashes written as themselves rather than escaped.
    for name, text in [
        ("compact.json", json.dumps(DOC)),
        ("unescaped.json", json.dumps(DOC, indent=2, ensure_ascii=False) + "\n"),
    ]:
        misformatted = tmp_path / name
        misformatted.write_text(text, encoding="utf-8")
        assert check_schema.main(["check_schema.py", str(misformatted)]) == 1
        assert capsys.readouterr().out == (
            f"{misformatted}: not formatted as json.dumps(doc, indent=2, ensure_ascii=True)"
            " + newline\n"
        )

    broken = copy.deepcopy(DOC)
    _no_examples(broken)
    _duplicate_code(broken)
    listed = tmp_path / "broken.json"
    listed.write_text(json.dumps(broken, indent=2, ensure_ascii=True) + "\n", encoding="utf-8")
    assert check_schema.main(["check_schema.py", str(listed)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "method engine.ping: no example",
        "components.errors: duplicate codes",
        *_both_drafts("error MethodNotFound", "data: 'reason' is a required property"),
    ]

    not_json = tmp_path / "not.json"
    not_json.write_text("{", encoding="utf-8")
    assert check_schema.main(["check_schema.py", str(not_json)]) == 1
    assert capsys.readouterr().out.startswith(f"{not_json}: not JSON: ")
