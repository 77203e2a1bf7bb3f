"""The schema's OpenAPI links (mafia_mod/api_links.py) name operations and parameters that exist,
and each runtime expression points at something the source's answer or request has, so that the
links cannot rot as operations change (issue 15: stateful fuzzing reaches the core logic)."""

import re

import pytest
import schemathesis

from mafia_mod.api import api
from mafia_mod.api_links import BODY_KINDS, PATH_KINDS, SOURCES

SCHEMA = api.get_openapi_schema()
COMPONENTS = SCHEMA["components"]["schemas"]
OPERATIONS = {
    operation["operationId"]: operation
    for methods in SCHEMA["paths"].values()
    for operation in methods.values()
}


def _links():
    for source_id, source in OPERATIONS.items():
        for status, response in source["responses"].items():
            for name, link in response.get("links", {}).items():
                yield pytest.param(source_id, status, link, id=f"{source_id}->{name}")


def _path_parameters(operation: dict) -> set[str]:
    return {p["name"] for p in operation.get("parameters", []) if p["in"] == "path"}


def _schema(schema: dict) -> dict:
    while "$ref" in schema:
        schema = COMPONENTS[schema["$ref"].rpartition("/")[2]]
    if "anyOf" in schema:
        return next(_schema(option) for option in schema["anyOf"] if option.get("type") != "null")
    return schema


def _body_schema(operation: dict) -> dict:
    content = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    return _schema(content.get("schema", {}))


def _resolves(schema: dict, pointer: str) -> bool:
    """Whether the JSON pointer ("*": each element of a list) names a place the schema has."""
    for step in pointer.strip("/").split("/"):
        schema = _schema(schema)
        if step == "*" and schema.get("type") == "array":
            schema = schema["items"]
        elif step in schema.get("properties", {}):
            schema = schema["properties"][step]
        else:
            return False
    return True


def _expressions(value):
    if isinstance(value, dict):
        for item in value.values():
            yield from _expressions(item)
    else:
        yield value


def _assert_expression_resolves(source: dict, status, expression: str) -> None:
    if match := re.fullmatch(r"\$request\.path\.(\w+)", expression):
        assert match[1] in _path_parameters(source), expression
    elif match := re.fullmatch(r"\$request\.body#(/.*)", expression):
        assert _resolves(_body_schema(source), match[1]), expression
    elif match := re.fullmatch(r"\$response\.body#(/.*)", expression):
        answer = source["responses"][status]["content"]["application/json"]["schema"]
        assert _resolves(answer, match[1]), expression
    else:
        pytest.fail(f"unexpected runtime expression {expression}")


@pytest.mark.parametrize(("source_id", "status", "link"), list(_links()))
def test_each_link_names_an_operation_its_parameters_and_what_the_answer_has(
    source_id, status, link
):
    assert 200 <= int(status) < 300
    target = OPERATIONS[link["operationId"]]
    parameters = set(link.get("parameters", {}))
    assert parameters <= _path_parameters(target)
    assert "game_id" in parameters or parameters == _path_parameters(target)
    assert set(link.get("requestBody", {})) <= set(_body_schema(target).get("properties", {}))
    for expression in _expressions(link.get("parameters", {}) | link.get("requestBody", {})):
        _assert_expression_resolves(OPERATIONS[source_id], status, expression)


def test_the_tables_name_operations_and_parameters_that_exist():
    path_parameters = set().union(*map(_path_parameters, OPERATIONS.values()))
    assert path_parameters <= set(PATH_KINDS), "a new path parameter needs its kind in PATH_KINDS"
    body_fields = set().union(
        *(_body_schema(operation).get("properties", {}) for operation in OPERATIONS.values())
    )
    assert set(BODY_KINDS) <= body_fields
    assert set(SOURCES) <= set(OPERATIONS)


@pytest.mark.parametrize(
    "source_id",
    ["game_create", "signup_create", "kill_report", "investigation_request", "thread_create"],
)
def test_the_objects_the_issue_names_lead_to_the_operations_that_take_their_ids(source_id):
    success = next(r for s, r in OPERATIONS[source_id]["responses"].items() if 200 <= int(s) < 300)
    id_parameters = {
        name
        for link in success["links"].values()
        for name, expression in link.get("parameters", {}).items()
        if expression == "$response.body#/id"
    }
    assert id_parameters


def test_a_sent_message_leads_to_replies_in_its_conversation():
    links = OPERATIONS["message_send"]["responses"][201]["links"]
    assert links["message_send"]["requestBody"] == {
        "conversation_id": "$response.body#/conversation_id"
    }


def test_schemathesis_builds_its_state_machine_from_the_links():
    machine = schemathesis.openapi.from_dict(SCHEMA).as_state_machine()
    assert "POST /api/v1/games -> 201" in machine.bundles


def test_the_fuzzers_tables_name_operations_that_exist():
    from fuzz.generation import BODY_IDS, MODERATORS_ONLY, PLAYERS_ONLY

    assert set(OPERATIONS) >= MODERATORS_ONLY | PLAYERS_ONLY
    assert not MODERATORS_ONLY & PLAYERS_ONLY
    body_fields = set().union(
        *(_body_schema(operation).get("properties", {}) for operation in OPERATIONS.values())
    )
    assert {field.removesuffix("[*]") for field in BODY_IDS} <= body_fields
