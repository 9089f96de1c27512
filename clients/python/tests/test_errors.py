"""Every error class, provoked against the real engine where the engine can produce it."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

import pytest

import ordo
from conftest import EngineFactory
from ordo import Engine, OrdoError
from schema_check import SchemaDocument


def _error_of(response: object) -> OrdoError:
    assert isinstance(response, dict) and "error" in response, response
    return OrdoError.from_json(response["error"])


def test_parse_error(framed_engine: Engine) -> None:
    response = framed_engine.raw(b'{"jsonrpc": "2.0", "id": 1, "method": ')
    assert response["id"] is None
    error = _error_of(response)
    assert isinstance(error, ordo.ParseError)
    assert error.code == -32700
    assert error.reason in ("invalid_json", "truncated")
    bad = _error_of(framed_engine.raw(b'{"a": tru}'))
    assert isinstance(bad, ordo.ParseError)
    assert (bad.reason, bad.detail, bad.position) == (
        "invalid_json",
        bad.data["detail"],
        bad.data["position"],
    )
    assert isinstance(bad.detail, str) and isinstance(bad.position, int)
    # The stream goes on.
    assert framed_engine.ping().pong


@pytest.mark.parametrize(
    "data",
    ["Infinity and beyond", "NaN", "a\u0000b", "[" * 3000, {"n\\u0000": 1}, "1" * 400],
    ids=["infinity", "nan", "nul", "brackets", "escaped-backslash-key", "digits"],
)
def test_a_parse_error_is_not_blamed_on_a_notification_the_engine_read(
    engine: Engine, data: object
) -> None:
    """A notification whose text only looks unreadable (the words, the escape or the
    brackets inside a string) is read by the engine: the next request's parse error (an
    integer no double holds) is that request's, raised at once, not left waiting for an
    answer already given (until its timeout, or for ever without one)."""
    engine.notify("layer.add", {"id": "n", "data": data})
    with pytest.raises(ordo.ParseError):
        engine.layers.add("h", data=10**400)
    assert engine.layers.get("n").data == data


def test_invalid_request(engine: Engine) -> None:
    response = engine.raw({"jsonrpc": "1.0", "id": "r1", "method": "engine.ping"})
    assert response["id"] == "r1"
    error = _error_of(response)
    assert isinstance(error, ordo.InvalidRequest)
    assert error.reason


def test_empty_batch_is_one_invalid_request(engine: Engine) -> None:
    error = _error_of(engine.raw(b"[]"))
    assert isinstance(error, ordo.InvalidRequest)
    assert error.reason == "empty_batch"


def test_too_large_is_an_invalid_request_and_the_stream_continues(
    make_engine: EngineFactory,
) -> None:
    engine = make_engine(args=["--max-message-bytes", "1024"])
    padding = "x" * 4096
    error = _error_of(
        engine.raw({"jsonrpc": "2.0", "id": "big", "method": "engine.ping", "params": padding})
    )
    assert isinstance(error, ordo.InvalidRequest)
    assert error.reason == "too_large"
    assert error.limit == 1024
    assert engine.ping().pong


def test_method_not_found(engine: Engine) -> None:
    with pytest.raises(ordo.MethodNotFound) as caught:
        engine.call("layer.ad")
    assert caught.value.rpc_method == "layer.ad"
    assert caught.value.method == "layer.ad"
    assert caught.value.code == -32601
    assert caught.value.suggestion == "layer.add"
    assert 'Did you mean "layer.add"?' in str(caught.value)
    with pytest.raises(ordo.MethodNotFound) as far:
        engine.call("layer.nothing")
    assert far.value.suggestion is None


def test_invalid_params_has_path_and_expected(engine: Engine) -> None:
    with pytest.raises(ordo.InvalidParams) as caught:
        engine.clock.advance(-1)
    assert caught.value.path == "/ms"
    assert caught.value.expected
    assert "ms" in caught.value.message
    assert caught.value.suggestion is None
    # An unknown key: the parameter it looks like a slip of, in data and the message.
    with pytest.raises(ordo.InvalidParams) as slip:
        engine.call("alert.enqueue", {"type": "t", "delay_ms": 5})
    assert slip.value.path == "/delay_ms"
    assert slip.value.suggestion == "delayMs"
    assert 'Did you mean "delayMs"?' in str(slip.value)


def test_unknown_member_is_invalid_params(engine: Engine) -> None:
    with pytest.raises(ordo.InvalidParams) as caught:
        engine.call("engine.ping", {"bogus": 1})
    assert caught.value.path == "/bogus"


def test_non_empty_positional_params_are_invalid(engine: Engine) -> None:
    error = _error_of(
        engine.raw({"jsonrpc": "2.0", "id": "p", "method": "engine.ping", "params": [1]})
    )
    assert isinstance(error, ordo.InvalidParams)


def test_not_found(engine: Engine) -> None:
    with pytest.raises(ordo.NotFound) as caught:
        engine.layers.get("nowhere")
    assert caught.value.kind == "layer"
    assert caught.value.id == "nowhere"


def test_already_exists(engine: Engine) -> None:
    engine.layers.add("a")
    with pytest.raises(ordo.AlreadyExists) as caught:
        engine.layers.add("a")
    assert caught.value.kind == "layer"
    assert caught.value.id == "a"


def test_invalid_state(engine: Engine) -> None:
    with pytest.raises(ordo.InvalidState) as caught:
        engine.nav.pop()
    assert caught.value.reason == "empty_stack"


def test_limit_exceeded(make_engine: EngineFactory) -> None:
    engine = make_engine(args=["--max-layers", "2"])
    engine.layers.add("a")
    engine.layers.add("b")
    with pytest.raises(ordo.LimitExceeded) as caught:
        engine.layers.add("c")
    assert caught.value.name == "maxLayers"
    assert caught.value.limit == 2
    assert caught.value.value == 3


def test_internal_error_class() -> None:
    # -32603 means a bug in the engine, which cannot be provoked on purpose:
    # check the mapping and that it is not confused with -32602 (python-lsp-jsonrpc's bug).
    error = OrdoError.from_json({"code": -32603, "message": "Internal error.", "data": {}})
    assert type(error) is ordo.InternalError
    assert ordo.InternalError.code == -32603
    assert ordo.InvalidParams.code == -32602


def test_one_class_per_schema_error(schema: SchemaDocument) -> None:
    for name, example in schema.doc["components"]["errors"].items():
        error = OrdoError.from_json(example)
        assert type(error).__name__ == name
        assert type(error) is getattr(ordo, name)
        assert isinstance(error, ordo.OrdoException)
        assert error.code == example["code"]
        assert error.data == example.get("data")


def test_unknown_error_code_is_a_plain_ordo_error() -> None:
    error = OrdoError.from_json({"code": -32099, "message": "Something new."})
    assert type(error) is OrdoError
    assert error.code == -32099
    assert "Something new." in str(error)


def test_client_errors_share_the_base_class() -> None:
    for klass in (ordo.EngineExited, ordo.OrdoTimeout, ordo.EngineNotFound, OrdoError):
        assert issubclass(klass, ordo.OrdoException)
    assert issubclass(ordo.OrdoTimeout, TimeoutError)


def _every_exception(tmp_path: Path) -> list[ordo.OrdoException]:
    try:
        ordo.Engine(cwd=tmp_path / "nowhere")
    except ordo.EngineStartFailed as failed:
        start_failed = failed
    return [
        ordo.OrdoException("base"),
        ordo.EngineExited(-9, "its last line", "its output ended"),
        ordo.EngineExited(None),
        ordo.OrdoTimeout("engine.ping: no answer within 1 s"),
        ordo.EngineForked("this Engine (engine pid 2) belongs to process 1, of which …"),
        ordo.EngineNotFound("cannot find the ordo engine"),
        start_failed,
        ordo.errors.start_failed("without an errno", None, None),
        ordo.ProtocolViolation("unreadable"),
        ordo.BatchNotSent("layer.add: the batch has not been sent yet"),
        OrdoError.from_json({"code": -32099, "message": "Something new.", "data": [1]}, "m"),
        *(
            OrdoError.from_json(
                {"code": klass.code, "message": "text", "data": {"id": "a"}}, "layer.get"
            )
            for klass in OrdoError._by_code.values()
        ),
    ]


def test_every_exception_survives_copy_and_pickle(tmp_path: Path) -> None:
    """EngineExited could not be copied or unpickled (its args hold only the text, which its
    __init__ does not take): a multiprocessing worker or pytest-xdist could not report it."""
    errors = _every_exception(tmp_path)

    def classes(klass: type[ordo.OrdoException]) -> set[type[ordo.OrdoException]]:
        return {klass}.union(*(classes(sub) for sub in klass.__subclasses__()))

    made = set(ordo.errors._START_FAILED.values())  # EngineStartFailed and an OSError's
    assert {type(error) for error in errors} >= classes(ordo.OrdoException) - made  # each one
    for error in errors:
        for clone in (copy.copy(error), pickle.loads(pickle.dumps(error))):
            assert type(clone) is type(error)
            assert (str(clone), repr(clone), clone.args) == (str(error), repr(error), error.args)
            assert clone.__dict__ == error.__dict__
            if isinstance(error, OSError):
                assert isinstance(clone, OSError)
                assert (clone.errno, clone.strerror, clone.filename) == (
                    error.errno,
                    error.strerror,
                    error.filename,
                )


def test_engine_exited_survives_copy_and_pickle() -> None:
    error = ordo.EngineExited(-9, "its last line", "its output ended")
    for clone in (copy.copy(error), pickle.loads(pickle.dumps(error))):
        assert (clone.returncode, clone.stderr_tail, clone.detail) == (
            -9,
            "its last line",
            "its output ended",
        )
        assert str(clone) == str(error)


def test_a_boolean_code_or_integer_member_counts_as_no_integer() -> None:
    """JSON's true is no error code (Python's bool is an int): a plain OrdoError of code 0,
    as any code that is not an integer; nor is it a limit."""
    error = OrdoError.from_json({"code": True, "message": "m"}, "engine.ping")
    assert type(error) is OrdoError and error.code == 0 and type(error.code) is int
    limited = OrdoError.from_json(
        {"code": -32004, "message": "m", "data": {"name": "x", "limit": True, "value": False}}
    )
    assert isinstance(limited, ordo.LimitExceeded)
    assert limited.name == "x" and limited.limit is None and limited.value is None
