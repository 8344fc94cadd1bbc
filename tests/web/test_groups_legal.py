"""The groups and targets the browser is sent are exactly the engine's legal moves, on random
positions reached through the API (the same legality the solver searches)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spider.engine import DEAL, Game
from spider.web.app import create_app


@pytest.mark.parametrize("code", ["SD1-S4-AAAAABD", "SP1-S2C-AAAAAQZ", "SP1-S4R-AAAABCD", "SP1-S1C-AAAAAAC"])
def test_groups_and_targets_are_the_legal_moves(tmp_path: Path, code: str) -> None:
    client = TestClient(create_app(str(tmp_path / "db.sqlite3")))
    rng = random.Random(code)
    view = client.post("/api/games", json={"code": code, "profile": "moves"}).json()
    mirror = Game.from_code(code, profile="moves")  # the same actions, played beside the server
    for _ in range(60):
        legal = {(s + 1, d + 1, k) for s, d, k in (a for a in mirror.legal_actions() if a is not DEAL)}
        offered = {(g["column"], t, g["count"]) for g in view["groups"] for t in g["targets"]}
        assert offered == legal
        for group in view["groups"]:
            assert group["best"] is None or group["best"] in group["targets"]
        body: dict = {"version": view["version"]}
        if view["groups"] and rng.random() < 0.5:
            group = rng.choice(view["groups"])
            if group["best"] and rng.random() < 0.5:  # a tap: the server picks the best column
                body["best"] = {"column": group["column"], "count": group["count"]}
            else:
                body["action"] = f"{group['column']}>{rng.choice(group['targets'])}:{group['count']}"
        elif view["can_deal"]:
            body["action"] = "deal"
        elif view["can_undo"]:
            body["action"] = "undo"
        else:
            break
        r = client.post(f"/api/games/{view['id']}/actions", json=body)
        assert r.status_code == 200, r.text
        view = r.json()
        mirror.apply(view["events"]["action"])
        if view["won"]:
            break
