"""The OpenAPI schema says what the validation does: every text the schema allows is read (never
refused for its form), every one the API refuses for its form is one the schema does not allow, and
OPTIONS names the methods of the schema's path."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Annotated, Any

import jsonschema_rs
import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from spider.daily import days
from spider.daily.transfers import normalized
from spider.engine import SpiderError, parse_action, parse_card, parse_code
from spider.web import texts
from spider.web.app import create_app

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Any:
    return create_app(str(tmp_path_factory.mktemp("schema") / "db.sqlite3"), background=False)


@pytest.fixture(scope="module")
def client(app: Any) -> Any:
    with TestClient(app) as c:
        yield c


def _reads(read: Callable[[str], object]) -> Callable[[str], bool]:
    def reads(text: str) -> bool:
        try:
            return read(text) is not None
        except SpiderError:
            return False

    return reads


# Each rule's pattern, and the code that reads such texts: a text the pattern takes, it reads.
READERS = {
    "game_code": _reads(parse_code),
    "action": _reads(parse_action),
    "card": _reads(parse_card),
    "day": days.parse_day,
    "month": days.parse_month,
    "transfer_code": normalized,
}


def _allows(schema: dict[str, Any], value: Any) -> bool:
    """Whether a JSON schema takes ``value``, formats (a calendar day) included, as the schema's
    readers do: ECMA-262 regular expressions."""
    dialect = {"$schema": "https://json-schema.org/draft/2020-12/schema"}
    return bool(jsonschema_rs.validator_for(dialect | schema, validate_formats=True).is_valid(value))


@pytest.mark.parametrize("name", READERS)
@settings(max_examples=200, deadline=None, derandomize=True)
@given(data=st.data())
def test_a_text_the_schema_takes_is_read(name: str, data: st.DataObject) -> None:
    rule = texts.RULES[name]
    assert rule.regex is not None
    text = data.draw(st.from_regex(rule.regex, fullmatch=True))
    schema = TypeAdapter(Annotated[str, rule]).json_schema()
    if _allows(schema, text):  # a day on the calendar; a transfer code within its length
        assert READERS[name](text), text
        assert rule.holds(text), text
    else:
        assert not rule.holds(text), text


@settings(max_examples=300, deadline=None, derandomize=True)
@given(text=st.text(st.characters(codec="ascii"), max_size=20) | st.sampled_from(["deal", "UNDO", "3>7:2", "10s"]))
def test_python_and_the_schema_read_each_pattern_alike(text: str) -> None:
    for rule in texts.RULES.values():
        if rule.pattern is not None:
            schema = jsonschema_rs.validator_for({"type": "string", "pattern": f"^{rule.pattern}$"})
            assert schema.is_valid(text) == (re.fullmatch(rule.pattern, text) is not None), (rule.name, text)


def _property(app: Any, model: str, field: str) -> dict[str, Any]:
    schema = app.openapi()
    node: dict[str, Any] = schema["components"]["schemas"][model]["properties"][field]
    return next((s for s in node.get("anyOf", []) if s.get("type") != "null"), node)


def _parameter(app: Any, method: str, path: str, name: str) -> dict[str, Any]:
    parameters = app.openapi()["paths"][path][method]["parameters"]
    return dict(next(p["schema"] for p in parameters if p["name"] == name))


@pytest.mark.parametrize(
    ("path", "template", "name", "value", "reason"),
    [
        ("/api/codes/0", "/api/codes/{code}", "code", "0", "bad_code"),
        ("/api/codes/SP1-S2C-BAD!!", "/api/codes/{code}", "code", "SP1-S2C-BAD!!", "bad_code"),
        ("/api/daily/0", "/api/daily/{date}", "date", "0", "bad_date"),
        ("/api/daily/2026-02-30", "/api/daily/{date}", "date", "2026-02-30", "bad_date"),
        ("/api/daily/calendar/0000-01", "/api/daily/calendar/{month}", "month", "0000-01", "bad_date"),
        ("/api/daily/calendar/2026-13", "/api/daily/calendar/{month}", "month", "2026-13", "bad_date"),
    ],
)
def test_a_path_refused_for_its_form_is_one_the_schema_does_not_allow(
    app: Any, client: Any, path: str, template: str, name: str, value: str, reason: str
) -> None:
    r = client.get(path)
    assert r.status_code == 400 and r.json()["reason"] == reason, r.text
    assert not _allows(_parameter(app, "get", template, name), value)


@pytest.mark.parametrize(
    ("method", "route", "model", "field", "value", "reason"),
    [
        ("POST", "/api/games", "NewGame", "code", "", "bad_code"),
        ("POST", "/api/games", "NewGame", "code", " SP1-S2C-AAAAAAD", "bad_code"),
        ("POST", "/api/player/link", "LinkBody", "code", "", "bad_transfer"),
        ("POST", "/api/player/link", "LinkBody", "code", "0" * 39, "bad_transfer"),
        ("PUT", "/api/player/name", "NameBody", "name", "x" * 600, "bad_name"),
        ("PUT", "/api/player/name", "NameBody", "name", "", "bad_name"),
    ],
)
def test_a_body_text_refused_for_its_form_is_one_the_schema_does_not_allow(
    app: Any, client: Any, method: str, route: str, model: str, field: str, value: str, reason: str
) -> None:
    r = client.request(method, route, json={field: value})
    assert r.status_code == 400 and r.json()["reason"] == reason, r.text
    assert not _allows(_property(app, model, field), value)


def test_an_action_must_be_one_and_its_form_is_the_schemas(app: Any, client: Any) -> None:
    game = client.post("/api/games", json={"code": "SP1-S1C-AAAAAAD"}).json()["id"]
    components = app.openapi()["components"]
    body_schema = jsonschema_rs.validator_for({"$ref": "#/components/schemas/ActionBody", "components": components})
    for body, reason in [({"version": 0, "action": ""}, "bad_action"), ({"version": 0}, "bad_request")]:
        r = client.post(f"/api/games/{game}/actions", json=body)
        assert r.status_code == 400 and r.json()["reason"] == reason, r.text
        assert not body_schema.is_valid(body)
    for body in ({"version": 0, "action": "DEAL"}, {"version": 1, "best": {"column": 1, "count": 1}}):
        assert body_schema.is_valid(body)
        assert client.post(f"/api/games/{game}/actions", json=body).status_code in (200, 422), body
    assert client.get("/api/games/current").json()["version"] >= 1


def _example(parameter: dict[str, Any]) -> str:
    schema = parameter["schema"]
    if "enum" in schema:
        return str(schema["enum"][0])
    if "examples" in schema:
        return str(schema["examples"][0])
    return "0" if schema.get("type") == "integer" else "x"


def test_options_names_the_methods_of_the_schemas_path(app: Any, client: Any) -> None:
    for template, operations in app.openapi()["paths"].items():
        parameters = {p["name"]: p for op in operations.values() for p in op.get("parameters", []) if p["in"] == "path"}
        path = template.format(**{name: _example(p) for name, p in parameters.items()})
        r = client.options(path)
        assert r.status_code == 405 and r.json()["reason"] == "method_not_allowed", (path, r.text)
        allowed = set(r.headers["Allow"].split(", ")) - {"HEAD"}
        assert allowed == {method.upper() for method in operations}, (template, path, r.headers["Allow"])
    # one template, two kinds of path: a day's is GET's, a level's POST's, each a 405 for the other
    assert client.post(f"/api/daily/{days.today()}").headers["Allow"] == "GET, HEAD"
    assert client.get("/api/daily/spider-1-classic").headers["Allow"] == "POST"
    assert client.get("/api/daily/yesterday").json()["reason"] == "bad_date"  # neither: read as a day
    assert client.post("/api/daily/spider-2-relaxed").json()["reason"] == "not_found"  # a level without daily deals
