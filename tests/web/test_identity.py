"""Who a request is comes from the routes' dependencies (spider.web.identity), never from a path table:
every API route either asks for the player (and its answer is private) or is one of the public ones
named here; no route reads the player, or the cookie, any other way. Then through HTTP, per kind of
route: the answers' Cache-Control, the cookie of a new player set only once something was stored,
its flags, and the new-player rate limit."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import APIRouter, FastAPI, Request
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from spider.store import token_hash
from spider.web.app import create_app
from spider.web.http.rates import NEW_PLAYER, RateLimits
from spider.web.identity import COOKIE, IDENTITY_DEPENDENCIES, current_player, known_player, private
from tests.web.identity_routes import api_routes, calls, depends_on
from tests.web.test_hardening_answers import concrete, stored_players

# The API's routes about no player: the same answer for everyone (a cache may keep it). A new route
# is either here or asks for the player through a dependency.
PUBLIC = {
    ("GET", "/api/health"),
    ("GET", "/api/ready"),
    ("GET", "/api/catalog"),
    ("GET", "/api/codes/{code}"),
    ("GET", "/api/i18n/{lang}"),
    ("GET", "/api/help"),
    ("GET", "/api/daily/{date}/{level}/line/{step}"),  # a past day's line: the same for every player
}
# Source text by which a route would find the player without the dependencies
READS_THE_PLAYER = ("state.player", ".cookies", COOKIE)


def misread_player(route: APIRoute) -> list[str]:
    """How ``route`` reads the player other than through the identity dependencies: source text of
    its endpoint or of a dependency of its own, a cookie parameter, a client-named ``player``."""
    found = []
    for call in calls(route.dependant):
        if call in IDENTITY_DEPENDENCIES or not (inspect.isfunction(call) or inspect.ismethod(call)):
            continue
        source = inspect.getsource(call)
        found += [f"{call.__name__} reads {text!r}" for text in READS_THE_PLAYER if text in source]
    stack = [route.dependant]
    while stack:
        dependant = stack.pop()
        stack += dependant.dependencies
        if dependant.call in IDENTITY_DEPENDENCIES:
            continue
        found += [f"cookie parameter {p.name}" for p in dependant.cookie_params]
        named = dependant.path_params + dependant.query_params + dependant.header_params + dependant.body_params
        found += [f"client-named {p.name}" for p in named if p.name == "player"]
    return found


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "db.sqlite3"), background=False)) as c:
        yield c


def test_every_api_route_reads_the_player_only_through_the_dependencies(client: TestClient) -> None:
    routes = api_routes(client.app)  # type: ignore[arg-type]
    assert len(routes) >= 35
    misread = {r.path: misread_player(r) for r in routes if misread_player(r)}
    assert misread == {}
    unsaid = [
        (method, r.path)
        for r in routes
        for method in r.methods
        if not depends_on(r, *IDENTITY_DEPENDENCIES) and (method, r.path) not in PUBLIC
    ]
    assert unsaid == [], "a route about a player asks for them with PlayerId, KnownPlayerId or Private"
    # the jobs' routes are the player's too, without making a new player
    jobs = [r for r in routes if r.path.startswith(("/api/solves", "/api/reviews"))]
    assert len(jobs) == 4 and all(depends_on(r, known_player) and not depends_on(r, current_player) for r in jobs)


def test_the_check_catches_a_route_that_reads_the_player_itself() -> None:
    router = APIRouter()

    @router.get("/api/mine")
    def mine(request: Request) -> Any:
        return request.state.player

    @router.get("/api/theirs")
    def theirs(player: str) -> Any:
        return player

    app = FastAPI()
    app.include_router(router)
    found = {r.path: misread_player(r) for r in api_routes(app)}
    assert found == {"/api/mine": ["mine reads 'state.player'"], "/api/theirs": ["client-named player"]}


def requests_of(client: TestClient, identity: Any) -> Iterator[tuple[str, str, APIRoute]]:
    for route in api_routes(client.app):  # type: ignore[arg-type]
        if depends_on(route, identity):
            for method in sorted(route.methods):
                yield method, concrete(route.path), route


def cookie_tokens(r: Any) -> list[str]:
    return [v.split(";")[0].split("=", 1)[1] for k, v in r.headers.multi_items() if k == "set-cookie"]


def test_a_player_route_answers_privately_and_sets_a_cookie_only_for_a_stored_player(client: TestClient) -> None:
    store = client.app.state.context.store  # type: ignore[attr-defined]
    seen = 0
    for method, path, _route in requests_of(client, current_player):
        client.cookies.clear()
        before = stored_players(client)
        r = client.request(method, path, json={} if method in ("POST", "PUT") else None)
        assert r.status_code < 500 and r.headers["cache-control"] == "no-store", (method, path, r.status_code)
        tokens = cookie_tokens(r)
        if tokens:  # a new player the request stored something for, and nobody else
            stored = store.player_settings(token_hash(tokens[0]))  # the store keeps the cookie's token hashed
            assert method not in ("GET", "HEAD") and stored is not None, (method, path)
        else:
            assert stored_players(client) == before, (method, path)
        seen += 1
    assert seen >= 25


def test_the_store_keeps_the_cookies_token_only_as_its_hash(client: TestClient) -> None:
    r = client.put("/api/player/settings", json={"lang": "fi", "sound": False})
    (token,) = cookie_tokens(r)
    store = client.app.state.context.store  # type: ignore[attr-defined]
    assert store.player_settings(token) is None and store.player_settings(token_hash(token))["lang"] == "fi"
    assert client.get("/api/player").json()["lang"] == "fi"  # the cookie's token names the player
    # the id the store keeps, presented as a cookie, is nobody (nor is it a token's form)
    stolen = TestClient(client.app, cookies={COOKIE: token_hash(token)}).get("/api/player").json()
    assert stolen["lang"] == "en" and stolen["settings"]["sound"] is True


def test_a_player_routes_refusal_before_its_dependencies_ran_is_private_too(client: TestClient) -> None:
    """A malformed body is refused before any dependency runs: the route still says it is private."""
    writes = [(m, p) for m, p, route in requests_of(client, current_player) if route.body_field is not None]
    assert len(writes) >= 6
    for method, path in writes:
        r = client.request(method, path, content=b"{bad", headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.headers["cache-control"] == "no-store", (method, path, r.status_code)
        assert "set-cookie" not in r.headers
    assert stored_players(client) == 0


def test_the_jobs_routes_answer_privately_and_make_no_player(client: TestClient) -> None:
    for identity in (known_player, private):
        for method, path, _route in requests_of(client, identity):
            if depends_on(_route, current_player):
                continue
            client.cookies.clear()
            r = client.request(method, path, json={"code": "AAAA-BBBB"} if method == "POST" else None)
            assert r.status_code in (400, 404), (method, path, r.text)
            assert r.headers["cache-control"] == "no-store" and "set-cookie" not in r.headers, (method, path)
    assert stored_players(client) == 0


def test_a_public_route_may_be_kept_by_a_cache(client: TestClient) -> None:
    client.post("/api/games", json={"code": "SD1-S4-AAAAABD"})  # a known player: still public answers
    for method, path in PUBLIC:
        r = client.request(method, concrete(path).replace("no-such-thing", "en", 1))
        assert "no-store" not in r.headers.get("cache-control", ""), path
        assert "set-cookie" not in r.headers, path


def test_a_new_players_cookie_over_https_is_secure_and_the_known_player_keeps_theirs(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "db.sqlite3"), background=False)
    with TestClient(app, base_url="https://testserver") as tls:
        r = tls.put("/api/player/settings", json={"sound": False})
        cookie = r.headers["set-cookie"]
        assert cookie.startswith(f"{COOKIE}=") and "; Secure" in cookie and "HttpOnly" in cookie
        assert "samesite=lax" in cookie.lower() and r.headers["strict-transport-security"]
        again = tls.put("/api/player/settings", json={"sound": True})
        assert "set-cookie" not in again.headers and again.headers["cache-control"] == "no-store"
        assert tls.get("/api/player").json()["settings"]["sound"] is True


def test_new_players_are_rate_limited_per_address_reads_are_not(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "db.sqlite3"), background=False, rate_limits=RateLimits({NEW_PLAYER: 1}))
    with TestClient(app) as first, TestClient(app) as second:
        assert first.post("/api/games", json={"code": "SD1-S4-AAAAABD"}).status_code == 201
        refused = second.post("/api/games", json={"code": "SD1-S4-AAAAABD"})
        assert refused.status_code == 429 and refused.json()["reason"] == "rate_limited"
        assert refused.headers["cache-control"] == "no-store" and "set-cookie" not in refused.headers
        assert second.get("/api/player").status_code == 200  # a read makes nobody
        assert first.get("/api/games/current").status_code == 200  # a known player is not new
        assert stored_players(first) == 1
