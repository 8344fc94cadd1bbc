"""The typed contract with the browser: every route answers exactly what it builds (a response
model never drops a field), every answer and error body fits its documented model, and the OpenAPI
schema types every route's success and error answers."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, get_args

import fastapi.routing
import pytest
from fastapi import Response
from fastapi.encoders import jsonable_encoder
from fastapi.testclient import TestClient
from pydantic import BaseModel

from spider.daily import days
from spider.engine import GAMES, PROFILES, RULES, SUIT_COUNTS, Game, card_text
from spider.jobs.top_up import SEED_FILE
from spider.play import DEFAULT_SETTINGS
from spider.play.answers import Answer
from spider.web import models, routes
from spider.web.app import create_app
from spider.web.bodies import SettingsBody
from spider.web.http.answers import sent
from spider.web.http.errors import ERROR_STATUSES, ErrorBody, StaleBody
from tests.web.daily_deals import store_deals

# A proved-winnable Spiderette deal and its winning line, as the app ships them.
SEED = json.loads(SEED_FILE.read_text(encoding="utf-8"))["spiderette-1-classic"][0]
CODE, LINE = SEED["code"], SEED["line"]


class ContractClient:
    """Calls routes by their path template, and checks each answer: a JSON success is exactly what
    the route built (recorded before the response model serialised it), an error body fits its
    model. Remembers which (method, template, status) it saw."""

    def __init__(self, client: TestClient, built: list[Any]) -> None:
        self.client = client
        self.built = built
        self.seen: set[tuple[str, str, int]] = set()

    def __call__(self, method: str, template: str, body: Any = None, **kwargs: Any) -> tuple[int, Any]:
        self.built.clear()
        path = template.format(**kwargs.pop("path", {}))
        if body is not None:
            kwargs["json"] = body
        r = self.client.request(method, path, **kwargs)
        self.seen.add((method.lower(), template, r.status_code))
        if r.status_code == 204:
            assert not r.content and not self.built
            return 204, None
        answer = r.json()
        if r.status_code < 400:
            assert len(self.built) == 1, f"{method} {path}: no response model between the route and the browser"
            assert answer == self.built[0], f"{method} {path}: the response model changed the answer"
        else:
            viewed = r.status_code == 409 or (r.status_code == 422 and template.endswith("/sync"))
            (StaleBody if viewed else ErrorBody).model_validate(answer)
        return r.status_code, answer

    def act(self, view: dict[str, Any], expect: int = 200, **body: Any) -> dict[str, Any]:
        body.setdefault("version", view["version"])
        status, answer = self("POST", "/api/games/{game_id}/actions", body, path={"game_id": view["id"]})
        assert status == expect, answer
        return answer


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """What each route returned, as JSON, before FastAPI validated and serialised it; or the answer a
    route sent as its model (http/answers.py), as the model holds it."""
    seen: list[Any] = []
    serialize = fastapi.routing.serialize_response

    async def recording(**kwargs: Any) -> Any:
        seen.append(json.loads(json.dumps(jsonable_encoder(kwargs["response_content"]))))
        return await serialize(**kwargs)

    def recording_sent(answer: BaseModel, *args: Any, **kwargs: Any) -> Response:
        assert isinstance(answer, Answer), f"{type(answer).__name__} is no documented answer"
        seen.append(answer.model_dump(mode="json", by_alias=True, exclude_unset=True))
        return sent(answer, *args, **kwargs)

    monkeypatch.setattr(fastapi.routing, "serialize_response", recording)
    for module in vars(routes).values():
        if isinstance(module, ModuleType) and getattr(module, "sent", None) is sent:
            monkeypatch.setattr(module, "sent", recording_sent)
    yield seen


@pytest.fixture
def app(tmp_path: Path):
    return create_app(str(tmp_path / "db.sqlite3"), background=False, review_nodes=5_000)


@pytest.fixture
def api(app, built: list[Any]) -> Iterator[ContractClient]:
    with TestClient(app) as client:  # one event loop for every request: a solve job outlives its request
        yield ContractClient(client, built)


def test_a_whole_game_through_the_api_sends_every_field_the_routes_build(api: ContractClient, app) -> None:
    for template in ("/api/health", "/api/ready", "/api/help", "/api/catalog", "/api/stats", "/api/player"):
        assert api("GET", template)[0] == 200
    assert api("GET", "/api/i18n/{lang}", path={"lang": "ru"})[0] == 200
    assert api("GET", "/api/i18n/{lang}", path={"lang": "de"})[0] == 404
    assert api("GET", "/api/codes/{code}", path={"code": "SP1-S2C-AAAAAAD"})[1]["level"] == "spider-2-classic"
    assert api("GET", "/api/codes/{code}", path={"code": "SP1-S2C-BAD"})[0] == 400
    assert api("GET", "/api/games/current")[0] == 404
    assert api("PUT", "/api/player/settings", {"sound": False, "placement_help": False})[0] == 200
    assert api("PUT", "/api/player/settings", {"volume": 3})[0] == 400

    # a game lost: it had a move and was abandoned (a random deal; now and then one has no move)
    for _ in range(20):
        status, view = api("POST", "/api/games", {"game": "spider", "suits": 4, "rules": "relaxed", "profile": "timed"})
        assert status == 201 and "events" not in view and "proven_winnable" not in view
        if view["groups"]:
            break
    group = view["groups"][0]
    view = api.act(view, best={"column": group["column"], "count": group["count"]}, elapsed=1.5)
    assert view["events"]["kind"] == "move"

    # a game won, through every kind of action and event
    status, view = api("POST", "/api/games", {"code": CODE, "profile": "standard"})
    assert status == 201
    game = {"game_id": view["id"]}
    assert api("POST", "/api/games/{game_id}/hint", path=game)[0] == 200
    status, job = api("POST", "/api/games/{game_id}/solve", {"time_limit": 5}, path=game)
    assert status == 202 and job["state"] == "waiting"
    solve = {"job_id": job["id"]}
    while (solved := api("GET", "/api/solves/{job_id}", path=solve)[1])["state"] != "done":
        time.sleep(0.1)
    assert solved["answer"]["result"] in ("won", "unknown")
    assert api("DELETE", "/api/solves/{job_id}", path=solve)[0] == 204  # answered: nothing to stop
    assert api("POST", "/api/games/{game_id}/clock", {"elapsed": 2}, path=game)[0] == 204
    assert api("GET", "/api/games/{game_id}", path=game)[0] == 200
    assert api("GET", "/api/games/current")[0] == 200
    assert api("GET", "/api/player")[1]["current"]["id"] == view["id"]
    api.act(view, expect=409, action=LINE[0], version=view["version"] + 1)
    api.act(view, expect=422, action="1>1")
    api.act(view, expect=400, action="sideways")
    assert api("POST", "/api/games/{game_id}/finish", path=game)[0] == 409  # cards are still hidden
    kinds, completed, revealed = set(), 0, 0
    for number, action in enumerate(LINE):
        view = api.act(view, action=action)
        if (
            not view["stock"]
            and not any(c["down"] for c in view["columns"])
            and not view["won"]
            and "finish" not in kinds
        ):
            status, finish = api("POST", "/api/games/{game_id}/finish", path=game)
            assert status == 200 and finish["result"] == "won" and finish["actions"]
            kinds.add("finish")
        kinds.add(view["events"]["kind"])
        completed += len(view["events"]["completed"])
        revealed += len(view["events"]["revealed"])
        if number in (0, LINE.index("deal")):  # undo a move and a deal, then play them again
            undone = api.act(view, action="undo")
            assert undone["events"]["undone"] == ("move" if number == 0 else "deal")
            view = api.act(undone, action=action)
    assert view["won"] and view["status"] == "won" and kinds == {"move", "deal", "finish"}
    assert completed == 4 and revealed > 0
    status, finished = api(
        "POST", "/api/games/{game_id}/actions", {"action": "undo", "version": view["version"]}, path=game
    )
    assert status == 409 and finished["reason"] == "finished" and finished["view"]["won"]
    assert api("POST", "/api/games/{game_id}/finish", path=game)[0] == 409  # the game is over
    assert api("GET", "/api/games/{game_id}/record", path=game)[1]["code"] == CODE
    assert api("POST", "/api/games/{game_id}/restart", path=game)[0] == 201

    # one win the solver was asked about (assisted: counted apart) and one loss: the win rate is a percentage
    status, stats = api("GET", "/api/stats/{level}", path={"level": "spiderette-1-classic"})
    assert (status, stats["wins"], stats["assisted_wins"], stats["win_rate"]) == (200, 0, 1, None)
    status, stats = api("GET", "/api/stats/{level}", path={"level": "spider-4-relaxed"})
    assert (status, stats["losses"], stats["win_rate"]) == (200, 1, 0.0)
    status, stats = api("GET", "/api/stats/{level}", path={"level": "spider-3-relaxed"})
    assert status == 404
    assert set(api("GET", "/api/stats")[1]["levels"]) == {"spiderette-1-classic", "spider-4-relaxed"}

    # a deal dealt from a deck, its record, and a deal proved winnable
    deck = [card_text(c) for c in Game.from_code("SD1-S1-AAAAABD").deck]
    status, from_deck = api("POST", "/api/games", {"game": "spiderette", "suits": 1, "deck": deck})
    assert status == 201 and from_deck["code"] is None
    assert api("GET", "/api/games/{game_id}/record", path={"game_id": from_deck["id"]})[1]["deck"] == deck
    status, winnable = api("POST", "/api/games", {"game": "spider", "suits": 2, "winnable": True})
    assert status == 201 and winnable["proven_winnable"] is True
    for template in ("/api/games/{game_id}", "/api/games/{game_id}/record"):
        assert api("GET", template, path={"game_id": "nothing-here"})[0] == 404
    for template in ("/api/games/{game_id}/hint", "/api/games/{game_id}/solve", "/api/games/{game_id}/restart"):
        assert (
            api("POST", template, {} if template.endswith("solve") else None, path={"game_id": "nothing-here"})[0]
            == 404
        )
    assert api("POST", "/api/games/{game_id}/clock", {"elapsed": 1}, path={"game_id": "nothing-here"})[0] == 404
    for method in ("GET", "DELETE"):
        assert api(method, "/api/solves/{job_id}", path={"job_id": "nothing-here"})[0] == 404
    assert api("POST", "/api/games", {"suits": 3})[0] == 400
    assert api("POST", "/api/games", content=b"x" * 70_000, headers={"content-type": "application/json"})[0] == 413

    # the history of finished games, a replay of the won one, and forgetting them
    status, past = api("GET", "/api/history")
    assert status == 200 and [g["result"] for g in past["games"]] == ["won", "lost"]
    assert api("GET", "/api/history", params={"level": "spider-3-relaxed"})[0] == 404
    assert api("GET", "/api/history", params={"limit": 0})[0] == 400
    replay = "/api/games/{game_id}/replay/{step}"
    assert api("GET", replay, path=game | {"step": 1})[1]["events"]["action"] == LINE[0]
    assert api("GET", replay, path={"game_id": "nothing-here", "step": 0})[0] == 404
    assert api("GET", replay, path={"game_id": winnable["id"], "step": 0})[0] == 409  # still being played

    # the review of the won game: a job, then the stored review and its shortest line face up
    status, review = api("POST", "/api/games/{game_id}/review", path=game)
    assert status == 200 and review["state"] == "waiting"
    job = {"job_id": review["job"]}
    while (review := api("GET", "/api/reviews/{job_id}", path=job)[1])["state"] in ("waiting", "running"):
        time.sleep(0.1)
    assert review["state"] == "done" and review["review"]["won"] and review["sentences"]
    assert api("DELETE", "/api/reviews/{job_id}", path=job)[0] == 204  # answered: nothing to stop
    status, stored = api("POST", "/api/games/{game_id}/review", path=game)
    assert status == 200 and stored["review"] == review["review"]
    line = "/api/games/{game_id}/review/line/{step}"
    assert api("GET", line, path=game | {"step": 0})[1]["steps"] == len(review["review"]["line"])
    assert api("GET", line, path={"game_id": winnable["id"], "step": 0})[0] == 409
    assert api("POST", "/api/games/{game_id}/review", path={"game_id": winnable["id"]})[0] == 409
    for method in ("GET", "DELETE"):
        assert api(method, "/api/reviews/{job_id}", path={"job_id": "nothing-here"})[0] == 404
    assert api("DELETE", "/api/history")[1]["deleted"] >= 2

    # a display name, and a transfer code that links another browser (this one, here) to the player
    assert api("PUT", "/api/player/name", {"name": "Ada"})[1] == {"display": "Ada", "chosen": True}
    assert api("PUT", "/api/player/name", {"name": "!"})[0] == 400
    status, transfer = api("POST", "/api/player/transfer")
    assert status == 201 and transfer["expires_in"] == 600
    assert api("POST", "/api/player/link", {"code": transfer["code"]})[1]["name"]["display"] == "Ada"
    assert api("POST", "/api/player/link", {"code": transfer["code"]})[0] == 400

    # daily deals: today's, a day's, a month's, playing one (its secrets wait) and its leaderboard
    today, level = days.today(), "spiderette-1-classic"
    store_deals(app.state.context.store, today)
    assert api("GET", "/api/daily")[0] == 200
    assert api("GET", "/api/daily/{date}", path={"date": today})[0] == 200
    assert api("GET", "/api/daily/{date}", path={"date": "2026-02-30"})[0] == 400
    assert api("GET", "/api/daily/calendar/{month}", path={"month": today[:7]})[0] == 200
    assert api("GET", "/api/daily/calendar/{month}", path={"month": "2026"})[0] == 400
    status, daily = api("POST", "/api/daily/{level}", path={"level": level})
    assert status == 201 and daily["daily"]["counted"] and daily["code"] is None
    assert api("POST", "/api/daily/{level}", path={"level": "spider-3-classic"})[0] == 404
    assert api("GET", replay, path={"game_id": daily["id"], "step": 0})[1]["reason"] == "daily_secret"
    board = "/api/daily/{date}/{level}/leaderboard"
    assert api("GET", board, path={"date": today, "level": level})[1]["you"]["result"] == "playing"
    assert api("GET", board, path={"date": "9999-01-01", "level": level})[0] == 404
    yesterday, line = days.shift(today, -1), "/api/daily/{date}/{level}/line/{step}"
    store_deals(app.state.context.store, yesterday)
    assert api("GET", line, path={"date": yesterday, "level": level, "step": 1})[1]["events"]
    assert api("GET", line, path={"date": today, "level": level, "step": 0})[1]["reason"] == "not_yet"
    assert api("GET", line, path={"date": "2026-02-30", "level": level, "step": 0})[0] == 400

    # a club: made, its page, its board, a new invite, joined by it (a member already), left
    status, club = api("POST", "/api/clubs", {"name": "Tuesday cards"})
    assert status == 201 and club["owner"] and club["invite"]
    assert api("POST", "/api/clubs", {"name": "!"})[0] == 400
    assert api("GET", "/api/clubs")[1]["clubs"] == [club]
    assert api("GET", "/api/clubs/{club}", path={"club": club["id"]})[1]["roster"][0]["you"]
    assert api("GET", "/api/clubs/{club}", path={"club": "nosuchclub"})[0] == 404
    at = {"date": today, "level": level}
    assert api("GET", board, path=at, params={"club": club["id"]})[1]["club"] == club["id"]
    status, renewed = api("POST", "/api/clubs/{club}/invite", path={"club": club["id"]})
    assert status == 200 and renewed["invite"] != club["invite"]
    assert api("POST", "/api/clubs/{club}/invite", path={"club": "nosuchclub"})[0] == 404
    assert api("POST", "/api/invites/accept", {"invite": renewed["invite"]})[1]["id"] == club["id"]
    assert api("POST", "/api/invites/accept", {"invite": club["invite"]})[1]["reason"] == "bad_invite"
    assert api("DELETE", "/api/clubs/{club}/membership", path={"club": club["id"]})[0] == 204
    assert api("DELETE", "/api/clubs/{club}/membership", path={"club": club["id"]})[0] == 404

    # a practice game played on the page, synced in batches
    sync, page = "/api/games/{game_id}/sync", {"game_id": "PageMadeGameId_1"}
    first = {"version": 0, "actions": LINE[:3], "times": [1, 2, 3], "start": {"code": CODE}}
    status, synced = api("POST", sync, first, path=page)
    assert status == 200 and synced["version"] == 3 and "events" not in synced
    assert api("POST", sync, first, path=page)[1] == synced  # a retry
    assert api("POST", sync, {"version": 3, "actions": ["1>1"], "times": [4]}, path=page)[0] == 422
    assert api("POST", sync, {"version": 1, "actions": ["deal"], "times": [4]}, path=page)[0] == 409
    assert api("POST", sync, {"version": 3, "actions": [], "times": []}, path=page)[0] == 400
    assert api("POST", sync, {"version": 0, "actions": ["deal"], "times": [1]}, path={"game_id": "nothing"})[0] == 404
    status, deal = api("POST", "/api/deals/winnable", {"game": "spiderette", "suits": 1, "grade": "easy"})
    assert status == 200 and deal["grade"] == "easy" and deal["proof"]
    assert api("POST", "/api/deals/winnable", {"suits": 3})[0] == 400

    # every status seen is documented on its route, and every route was answered
    schema = app.openapi()
    for method, template, status in api.seen:
        assert str(status) in schema["paths"][template][method]["responses"], (method, template, status)
    operations = {(m, p) for p, ops in schema["paths"].items() for m in ops if p.startswith("/api")}
    assert {(m, p) for m, p, s in api.seen if s < 300} == operations


def _schemas(schema: dict[str, Any]) -> dict[str, Any]:
    components: dict[str, Any] = schema["components"]["schemas"]
    return components


def _ref(node: dict[str, Any]) -> str:
    return str(node["$ref"]).rsplit("/", 1)[-1]


def _untyped(node: Any, where: str) -> list[str]:
    """Places in a schema that accept anything (an ``object`` or ``Any`` without a shape)."""
    if not isinstance(node, dict):
        return []
    found = []
    if (
        not node
        or node == {"type": "object"}
        or (node.get("type") == "object" and node.get("additionalProperties") is True)
    ):
        found.append(where)
    for key, value in node.items():
        if key in ("properties", "$defs"):
            for name, sub in value.items():
                found += _untyped(sub, f"{where}.{name}")
        elif key in ("items", "additionalProperties") and isinstance(value, dict):
            found += _untyped(value, f"{where}[{key}]")
        elif key in ("anyOf", "oneOf", "allOf"):
            for i, sub in enumerate(value):
                found += _untyped(sub, f"{where}|{i}")
    return found


def test_openapi_types_every_api_route_and_its_errors(app) -> None:
    schema = app.openapi()
    components = _schemas(schema)
    for path, operations in schema["paths"].items():
        if not path.startswith("/api"):
            continue
        for method, operation in operations.items():
            where = f"{method.upper()} {path}"
            responses = operation["responses"]
            success = [s for s in responses if s.startswith("2")]
            assert len(success) == 1, where
            if success[0] == "204":
                assert "content" not in responses["204"], where
            else:
                content = responses[success[0]]["content"]["application/json"]["schema"]
                assert "$ref" in content, f"{where}: untyped success"
                assert _ref(content) in components
            errors = {int(s) for s in responses if s[0] == "4"}
            assert errors <= set(ERROR_STATUSES), where
            for status in errors:
                body = responses[str(status)]["content"]["application/json"]["schema"]
                viewed = status == 409 or (status == 422 and path.endswith("/sync"))  # a refused batch's view
                assert _ref(body) == ("StaleBody" if viewed else "ErrorBody"), (where, status)
            if "{game_id}" in path or path in ("/api/games/current", "/api/stats/{level}", "/api/i18n/{lang}"):
                assert 404 in errors, where
            if method in ("post", "put"):
                assert {411, 413} <= errors, where
            if "requestBody" in operation:
                assert 400 in errors, where
    assert "HTTPValidationError" not in components
    for name, component in components.items():
        if name in ("ErrorBody", "StaleBody", "BrowserCatalog"):
            continue
        assert not _untyped(component, name), _untyped(component, name)
    assert components["StaleBody"]["properties"]["view"] == {
        "$ref": "#/components/schemas/GameView",
        "description": "The game as it is now",
    }


def test_the_view_has_no_field_for_a_face_down_card(app) -> None:
    components = _schemas(app.openapi())
    column = components["Column"]["properties"]
    assert set(column) == {"down", "up"} and column["down"]["type"] == "integer"
    assert components["GameView"]["properties"]["stock"]["type"] == "integer"
    undo = components["UndoEvents"]["properties"]
    assert undo["hidden"]["type"] == "integer" and "cards" not in undo


def test_win_rate_is_documented_as_a_percentage(app) -> None:
    win_rate = _schemas(app.openapi())["Stats"]["properties"]["win_rate"]
    assert "PERCENTAGE, 0 to 100" in win_rate["description"]
    number = next(s for s in win_rate["anyOf"] if s.get("type") == "number")
    assert (number["minimum"], number["maximum"]) == (0, 100)


def test_bodies_offer_the_engines_choices(app) -> None:
    new_game = _schemas(app.openapi())["NewGame"]["properties"]
    assert tuple(new_game["game"]["enum"]) == GAMES
    assert tuple(new_game["suits"]["enum"]) == SUIT_COUNTS
    assert tuple(new_game["rules"]["enum"]) == RULES
    assert tuple(new_game["profile"]["enum"]) == PROFILES
    assert get_args(models.SuitLetter) == tuple("SHDC")


@pytest.mark.parametrize(
    ("body", "reason"),
    [({"game": "golf"}, "bad_game"), ({"suits": 3}, "bad_suits"), ({"suits": "two"}, "bad_request")],
)
def test_a_choice_outside_the_engines_is_refused_in_its_words(api: ContractClient, body: dict, reason: str) -> None:
    status, english = api("POST", "/api/games", body)
    assert status == 400 and english["reason"] == reason
    status, finnish = api("POST", "/api/games", body, headers={"accept-language": "fi"})
    assert status == 400 and finnish["reason"] == reason and finnish["message"] != english["message"]
    assert api("GET", "/api/games/current")[0] == 404


def test_a_settings_change_names_the_same_settings_the_answer_has() -> None:
    """PUT /api/player/settings takes any of the settings and nothing else."""
    assert list(SettingsBody.model_fields) == list(models.PlayerSettings.model_fields) == list(DEFAULT_SETTINGS)
    for name, field in models.PlayerSettings.model_fields.items():
        assert SettingsBody.model_fields[name].annotation == field.annotation | None, name
