"""Hardening seen through the app in process, on the store under test: players stored only when
something is written for them, integers a client sends within bounds, strict request bodies, every
method of a path in a 405's Allow, the app's own 500 like any answer, and the headers of a player's
answers."""

from __future__ import annotations

import io
import json
import logging
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spider.logs import JsonFormatter
from spider.store import SQLiteStore, Store
from spider.web.app import create_app
from spider.web.http.security import CONTENT_SECURITY_POLICY
from spider.web.identity import current_player
from spider.web.models import MAX_INT
from tests.web.identity_routes import api_routes, depends_on, every_route

CODE = "SD1-S4-AAAAABD"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "db.sqlite3"), background=False)) as c:
        yield c


def stored_players(client: TestClient) -> int:
    """The rows of the players table, on either store (through its own connection)."""
    store: Store = client.app.state.context.store  # type: ignore[attr-defined]
    if isinstance(store, SQLiteStore):
        return int(store._db.execute("SELECT count(*) FROM players").fetchone()[0])
    with store._pool.connection() as conn:  # type: ignore[attr-defined]
        return int(conn.execute("SELECT count(*) FROM players").fetchone()[0])


def methods_by_path(client: TestClient) -> dict[str, set[str]]:
    """Each path of the route table (its template) and the methods its routes take."""
    taken: dict[str, set[str]] = defaultdict(set)
    for route in every_route(client.app.routes):  # type: ignore[attr-defined]
        methods = getattr(route, "methods", None)
        if methods:
            taken[route.path] |= methods  # type: ignore[attr-defined]
    return taken


def concrete(path: str) -> str:
    """A path of the template: an id no route spells out, a step number."""
    return re.sub(r"\{(\w+)\}", lambda m: "1" if m.group(1) == "step" else "no-such-thing", path)


# ----- players ------------------------------------------------------------------------------------


def test_cookie_less_reads_of_every_player_route_store_nobody_and_answer_as_for_a_new_player(
    client: TestClient,
) -> None:
    app = client.app  # type: ignore[attr-defined]
    reads = sorted({r.path for r in api_routes(app) if "GET" in r.methods and depends_on(r, current_player)})
    assert len(reads) >= 8  # the player, games, records, replays, statistics, history
    for _ in range(10):
        for path in reads:
            for method in ("GET", "HEAD"):
                r = client.request(method, concrete(path))
                refused = (400, 404) if "{date}" in path or "{month}" in path else (404,)  # not a date
                assert r.status_code in (200, *refused) and "set-cookie" not in r.headers, path
                assert r.headers["cache-control"] == "no-store"
            client.cookies.clear()
    assert stored_players(client) == 0
    player = client.get("/api/player").json()
    assert player["current"] is None and player["settings"]["sound"] is True
    assert client.get("/api/games/current").status_code == 404
    assert client.get("/api/history").json() == {"games": [], "total": 0, "offset": 0, "limit": 50}
    assert client.get("/api/stats").json() == {"levels": {}}
    assert stored_players(client) == 0


def test_a_write_that_stores_nothing_issues_no_player(client: TestClient) -> None:
    nothing = [
        client.delete("/api/history"),
        client.post("/api/games/no-such-game/actions", json={"version": 0, "action": "deal"}),
        client.post("/api/games/no-such-game/clock", json={"elapsed": 1.0}),
        client.post("/api/games/no-such-game/restart"),
        client.put("/api/player/settings", json={"sound": 0}),
        client.post("/api/games", json={"suits": 3}),
    ]
    assert [r.status_code for r in nothing] == [200, 404, 404, 404, 400, 400]
    assert all("set-cookie" not in r.headers for r in nothing)
    assert stored_players(client) == 0


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [("POST", "/api/games", {"code": CODE}), ("PUT", "/api/player/settings", {"sound": False})],
)
def test_a_write_that_stores_something_issues_one_player(
    client: TestClient, method: str, path: str, body: dict[str, Any]
) -> None:
    r = client.request(method, path, json=body)
    assert r.status_code in (200, 201) and r.headers["set-cookie"].startswith("spider_player=")
    assert stored_players(client) == 1
    again = client.request(method, path, json=body)  # the cookie is sent back: the same player
    assert "set-cookie" not in again.headers and stored_players(client) == 1


# ----- integers within bounds ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", f"/api/history?offset={2**63}", None),
        ("GET", f"/api/history?offset={MAX_INT + 1}", None),
        ("GET", f"/api/history?offset=-{2**63}", None),
        ("GET", f"/api/history?limit={2**64}", None),
        ("GET", f"/api/games/some-game/replay/{2**63}", None),
        ("POST", "/api/games/some-game/actions", {"version": 2**63, "action": "deal"}),
        ("POST", "/api/games/some-game/actions", {"version": 0, "best": {"column": 2**70, "count": 1}}),
        ("POST", "/api/games", {"suits": 2**64}),
        ("POST", "/api/games/some-game/clock", {"elapsed": 1e308}),
    ],
)
def test_an_integer_out_of_bounds_is_a_400_with_a_reason(
    client: TestClient, method: str, path: str, body: dict[str, Any] | None
) -> None:
    r = client.request(method, path, json=body)
    assert r.status_code == 400 and r.headers["content-type"] == "application/json"
    assert r.json()["reason"] in ("bad_request", "bad_suits") and r.json()["message"]


def test_the_largest_offset_allowed_is_an_empty_page(client: TestClient) -> None:
    client.post("/api/games", json={"code": CODE})
    r = client.get(f"/api/history?offset={MAX_INT}")
    assert r.status_code == 200 and r.json()["games"] == [] and r.json()["offset"] == MAX_INT


def _numbers_without_bounds(schema: Any, components: dict[str, Any], where: str) -> Iterator[str]:
    """Every integer or number in a schema (through references, unions and lists) that has no upper
    bound nor a list of values."""
    if isinstance(schema, dict):
        if "$ref" in schema:
            name = schema["$ref"].rsplit("/", 1)[1]
            yield from _numbers_without_bounds(components[name], components, f"{where}>{name}")
            return
        if schema.get("type") in ("integer", "number") and not (
            {"maximum", "exclusiveMaximum", "enum", "const"} & schema.keys()
        ):
            yield where
        for key, value in schema.items():
            if key in ("properties",):
                for name, field in value.items():
                    yield from _numbers_without_bounds(field, components, f"{where}.{name}")
            elif key in ("items", "anyOf", "oneOf", "allOf", "additionalProperties"):
                yield from _numbers_without_bounds(value, components, where)
    elif isinstance(schema, list):
        for item in schema:
            yield from _numbers_without_bounds(item, components, where)


def test_every_number_a_client_sends_has_an_upper_bound(client: TestClient) -> None:
    description = client.get("/openapi.json").json()
    components = description["components"]["schemas"]
    unbounded, seen = [], 0
    for path, operations in description["paths"].items():
        for method, operation in operations.items():
            for parameter in operation.get("parameters", []):
                seen += 1
                unbounded += _numbers_without_bounds(
                    parameter["schema"], components, f"{method} {path} {parameter['name']}"
                )
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            if body is not None:
                seen += 1
                unbounded += _numbers_without_bounds(body, components, f"{method} {path} body")
    assert seen > 10 and unbounded == []


# ----- strict bodies ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "settings",
    [{"sound": 0}, {"sound": "false"}, {"double_click": 1}, {"placement_help": None, "sound": 1}, {"lang": 1}],
)
def test_a_setting_of_the_wrong_type_is_refused_and_nothing_changes(client: TestClient, settings: dict) -> None:
    assert client.put("/api/player/settings", json={"sound": True, "double_click": True}).status_code == 200
    r = client.put("/api/player/settings", json=settings)
    assert r.status_code == 400 and r.json()["reason"] == "bad_request"
    field = next(name for name in settings if name != "placement_help")
    assert field in r.json()["params"]["field"]
    saved = client.get("/api/player").json()["settings"]
    assert (saved["sound"], saved["double_click"], saved["lang"]) == (True, True, None)


@pytest.mark.parametrize(
    "body",
    [
        {"version": "0", "action": "deal"},
        {"version": 0.0, "action": "deal"},
        {"version": True, "action": "deal"},
        {"version": 0, "action": 5},
        {"version": 0, "best": {"column": "1", "count": 1}},
        {"version": 0, "best": {"column": 1.0, "count": 1}},
        {"version": 0, "action": "deal", "elapsed": "3"},
    ],
)
def test_an_action_of_the_wrong_type_is_refused_and_nothing_changes(client: TestClient, body: dict) -> None:
    game = client.post("/api/games", json={"code": CODE}).json()
    r = client.post(f"/api/games/{game['id']}/actions", json=body)
    assert r.status_code == 400 and r.json()["reason"] == "bad_request"
    assert client.get(f"/api/games/{game['id']}").json()["version"] == 0


@pytest.mark.parametrize(
    "body",
    [
        {"suits": True},
        {"suits": 2.0},
        {"suits": "2"},
        {"winnable": 1},
        {"code": 5},
        {"deck": "AS"},
        {"actions": "deal"},
    ],
)
def test_a_new_game_of_the_wrong_type_is_refused_and_the_current_one_stays(client: TestClient, body: dict) -> None:
    game = client.post("/api/games", json={"code": CODE}).json()
    r = client.post("/api/games", json=body)
    assert r.status_code == 400 and r.json()["reason"] == "bad_request"
    assert client.get("/api/games/current").json()["id"] == game["id"]


def test_a_whole_number_is_a_number_of_seconds(client: TestClient) -> None:
    """JSON has one kind of number: 3 is as good as 3.0 where seconds are asked for."""
    game = client.post("/api/games", json={"code": CODE}).json()
    client.post(f"/api/games/{game['id']}/actions", json={"action": "deal", "version": 0})  # the clock starts
    assert client.post(f"/api/games/{game['id']}/clock", json={"elapsed": 3}).status_code == 204
    assert client.post(f"/api/games/{game['id']}/clock", json={"elapsed": "4"}).status_code == 400
    assert client.get(f"/api/games/{game['id']}").json()["elapsed"] == pytest.approx(3, abs=1)


# ----- 405 ----------------------------------------------------------------------------------------


def test_every_405_names_every_method_its_path_takes(client: TestClient) -> None:
    table = methods_by_path(client)
    assert {"GET", "DELETE"} <= table["/api/history"] and {"GET", "DELETE"} <= table["/api/solves/{job_id}"]
    by_path: dict[str, set[str]] = {}  # what a request reaches: templates that differ only in names
    for template, methods in table.items():  # (/api/daily/{date} and /api/daily/{level}) share it
        by_path.setdefault(concrete(template), set()).update(methods)
    for path, methods in by_path.items():
        for method in sorted({"GET", "POST", "PUT", "DELETE", "PATCH"} - methods):
            r = client.request(method, path)
            assert r.status_code == 405, (method, path)
            allowed = methods | ({"HEAD"} if "GET" in methods else set())
            assert set(r.headers["allow"].split(", ")) == allowed, (method, path)
            assert r.json()["reason"] == "method_not_allowed"


# ----- the app's own answers ----------------------------------------------------------------------


@pytest.fixture
def error_lines() -> Iterator[io.StringIO]:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter())
    logging.getLogger("spider.error").addHandler(handler)
    yield out
    logging.getLogger("spider.error").removeHandler(handler)


def test_a_fault_of_the_servers_is_a_500_like_every_other_answer(
    client: TestClient, error_lines: io.StringIO, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = client.app.state.context.store  # type: ignore[attr-defined]

    def broken(*_args: object) -> None:
        raise RuntimeError("a fault of the server's")

    monkeypatch.setattr(store, "finished_page", broken)
    r = client.get("/api/history", headers={"X-Request-ID": "trace-me"})
    assert r.status_code == 500 and r.headers["content-type"] == "application/json"
    assert r.json()["reason"] == "internal_error" and r.json()["message"]
    assert "a fault" not in r.text  # what went wrong is for the log, not the client
    assert r.headers["content-security-policy"] == CONTENT_SECURITY_POLICY and r.headers["x-request-id"] == "trace-me"
    [logged] = [json.loads(line) for line in error_lines.getvalue().splitlines()]
    assert logged["request_id"] == "trace-me" and "a fault of the server's" in logged["exception"]
    assert client.get("/api/health").status_code == 200


def test_every_kind_of_refusal_is_json_with_the_headers_and_the_request_id(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = client.post("/api/games", json={"code": CODE}).json()
    actions = f"/api/games/{game['id']}/actions"
    client.post(actions, json={"version": 0, "action": "deal"})
    answers = {
        400: client.post("/api/games", json={"suits": "2"}),
        404: client.get("/api/games/no-such-game"),
        405: client.patch("/api/history"),
        409: client.post(actions, json={"version": 0, "action": "deal"}),
        411: client.post("/api/games", content=b"{}", headers={"transfer-encoding": "chunked"}),
        413: client.post("/api/games", content=b"{}", headers={"content-length": str(10**9)}),
        422: client.post(actions, json={"version": 1, "action": "1>1"}),
    }
    from spider.store import StoreBusy

    def busy(*_args: object) -> None:
        raise StoreBusy()

    monkeypatch.setattr(client.app.state.context.store, "get_game", busy)  # type: ignore[attr-defined]
    answers[503] = client.get(f"/api/games/{game['id']}")
    for status, r in answers.items():
        assert r.status_code == status, (status, r.text)
        assert r.headers["content-type"] == "application/json" and r.json()["reason"], status
        assert r.headers["content-security-policy"] == CONTENT_SECURITY_POLICY, status
        assert re.fullmatch(r"[0-9a-f]{32}", r.headers["x-request-id"]), status


# ----- headers ------------------------------------------------------------------------------------


def test_a_players_answers_are_never_stored_by_a_cache(client: TestClient) -> None:
    game = client.post("/api/games", json={"code": CODE})
    assert game.headers["cache-control"] == "no-store"
    for path in ("/api/player", f"/api/games/{game.json()['id']}", "/api/games/current", "/api/history", "/api/stats"):
        assert client.get(path).headers["cache-control"] == "no-store", path
    for path in ("/api/catalog", "/static/main.js", "/api/health"):
        assert client.get(path).headers.get("cache-control") != "no-store", path


def test_hsts_only_over_https(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "db.sqlite3"), background=False)
    with TestClient(app) as plain, TestClient(app, base_url="https://testserver") as tls:
        for path in ("/", "/api/health", "/api/player", "/api/nothing-here"):
            assert "strict-transport-security" not in plain.get(path).headers
            assert tls.get(path).headers["strict-transport-security"] == "max-age=31536000"
