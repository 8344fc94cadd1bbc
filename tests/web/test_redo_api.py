"""Redo through the API: "redo" plays the undone action again (recorded as that action), the view
says when it can, a different action ends it, and a reloaded game can still redo."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spider.web.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(str(tmp_path / "db.sqlite3")))


def act(client: TestClient, view: dict, action: str) -> tuple[int, dict]:
    r = client.post(f"/api/games/{view['id']}/actions", json={"action": action, "version": view["version"]})
    return r.status_code, r.json()


def test_redo_plays_the_undone_move_again_and_records_it(client: TestClient) -> None:
    view = client.post("/api/games", json={"code": "SD1-S4-AAAAABD"}).json()
    assert view["can_redo"] is False
    group = view["groups"][0]
    _, moved = act(client, view, f"{group['column']}>{group['targets'][0]}")
    status, undone = act(client, moved, "undo")
    assert status == 200 and undone["can_redo"] is True and undone["can_undo"] is False
    status, redone = act(client, undone, "redo")
    assert status == 200, redone
    assert redone["columns"] == moved["columns"] and redone["score"] == moved["score"] == 499
    assert redone["moves"] == 1 and redone["can_redo"] is False
    events = redone["events"]
    assert events["kind"] == "move" and events["redone"] is True and events["from"] == group["column"]
    record = client.get(f"/api/games/{view['id']}/record").json()
    assert record["actions"][-1] == events["action"] != "redo"
    assert record["actions"][-1].startswith(f"{group['column']}>{group['targets'][0]}:")


def test_a_new_action_ends_redo_and_a_refused_redo_changes_nothing(client: TestClient) -> None:
    view = client.post("/api/games", json={"code": "SD1-S4-AAAAABD"}).json()
    status, refused = act(client, view, "redo")
    assert (status, refused["reason"]) == (422, "nothing_to_redo") and refused["message"] == "There is nothing to redo"
    _, dealt = act(client, view, "deal")
    _, undone = act(client, dealt, "undo")
    group = undone["groups"][0]
    _, moved = act(client, undone, f"{group['column']}>{group['targets'][0]}")
    assert moved["can_redo"] is False and moved["events"]["redone"] is False
    status, refused = act(client, moved, "redo")
    assert (status, refused["reason"]) == (422, "nothing_to_redo")
    stored = client.get(f"/api/games/{view['id']}").json()
    keys = ("version", "columns", "moves")
    assert [stored[key] for key in keys] == [moved[key] for key in keys]


def test_redo_after_the_game_is_loaded_again(client: TestClient, tmp_path: Path) -> None:
    view = client.post("/api/games", json={"code": "SD1-S4-AAAAABD"}).json()
    _, dealt = act(client, view, "deal")
    _, undone = act(client, dealt, "undo")
    # a new app over the same database replays the record: the redo is still there
    again = TestClient(create_app(str(tmp_path / "db.sqlite3")), cookies=dict(client.cookies))
    current = again.get("/api/games/current").json()
    assert current["can_redo"] is True
    status, redone = act(again, current, "redo")
    assert status == 200 and redone["events"]["kind"] == "deal" and redone["columns"] == dealt["columns"]
