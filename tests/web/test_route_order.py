"""The action route is the first the app tries: every request walks the routes in order until one
matches, and a player's actions are most of what a busy server answers. The order changes nothing
else: every route still answers its own paths."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from spider.web.app import create_app


def api_routes(routes: list[Any]) -> list[APIRoute]:
    """The app's API routes in the order they are tried (through included routers, where FastAPI
    keeps them as routers of their own)."""
    found: list[APIRoute] = []
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            found += api_routes(inner.routes)
        elif isinstance(route, APIRoute):
            found.append(route)
    return found


def test_the_action_route_is_tried_first_then_the_health_probe(tmp_path: Path) -> None:
    routes = api_routes(create_app(str(tmp_path / "db.sqlite3"), background=False).routes)
    assert (routes[0].path, routes[0].methods) == ("/api/games/{game_id}/actions", {"POST"})
    assert "/api/health" in [r.path for r in routes[:12]]


def test_the_games_routes_still_answer_their_own_paths(tmp_path: Path) -> None:
    with TestClient(create_app(str(tmp_path / "db.sqlite3"), background=False)) as client:
        view = client.post("/api/games", json={"code": "SD1-S4-AAAAABD"}).json()
        assert client.get("/api/games/current").json()["id"] == view["id"]  # not a game called "current"
        played = client.post(f"/api/games/{view['id']}/actions", json={"version": 0, "action": "deal"})
        assert played.status_code == 200 and played.json()["version"] == 1
        assert client.get(f"/api/games/{view['id']}/actions").status_code == 405
        assert client.get("/api/health").json() == {"ok": True}
        assert client.get("/").status_code == 200
