"""``spider players hide-name`` as an operator runs it: a real process on the database the app uses."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spider.store import token_hash
from spider.web.app import create_app
from tests.postgres import Schemas
from tests.test_cli_process import assert_one_line_error, spider


@pytest.fixture(params=[pytest.param("sqlite", marks=pytest.mark.sqlite_only), "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "db.sqlite3")
        return
    schemas = Schemas()
    yield schemas.new()
    schemas.drop()


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with TestClient(create_app(database, background=False)) as client:
        yield client


def named_player(client: TestClient, name: str) -> str:
    """A new player (its own browser) who chose ``name``; their public id."""
    browser = TestClient(client.app)
    assert browser.put("/api/player/name", json={"name": name}).status_code == 200
    return hashlib.sha256(browser.cookies["spider_player"].encode()).hexdigest()[:12]


def test_an_operator_hides_a_name_by_public_id_and_the_player_shows_anonymous(
    client: TestClient, database: str
) -> None:
    browser = TestClient(client.app)
    assert browser.put("/api/player/name", json={"name": "Rude Name"}).status_code == 200
    public = hashlib.sha256(browser.cookies["spider_player"].encode()).hexdigest()[:12]
    kept = named_player(client, "Nice Name")
    run = spider("players", "hide-name", public.upper(), "--database", database)  # copied in capitals
    assert run.returncode == 0 and run.stderr == "", run
    assert run.stdout == f"hid the chosen name of player {public}: they show as their anonymous name now\n"
    name = browser.get("/api/player").json()["name"]
    assert name["chosen"] is False and name["display"].startswith("Player ")
    assert kept != public
    run = spider("players", "hide-name", public, "--database", database)  # nothing left to hide
    assert_one_line_error(run)
    assert f"no player {public} with a chosen name" in run.stderr


def test_the_token_names_a_player_too(client: TestClient, database: str) -> None:
    browser = TestClient(client.app)
    assert browser.put("/api/player/name", json={"name": "Someone"}).status_code == 200
    # a token may begin with "-": "--" ends the options before it, as for any command
    run = spider("players", "hide-name", "--database", database, "--", browser.cookies["spider_player"])
    assert run.returncode == 0, run
    assert browser.get("/api/player").json()["name"]["chosen"] is False


def test_an_unknown_player_is_one_line_and_a_non_zero_exit(client: TestClient, database: str) -> None:
    named_player(client, "Someone")
    run = spider("players", "hide-name", "000000000000", "--database", database)
    assert_one_line_error(run)
    assert run.returncode == 2 and "no player 000000000000 with a chosen name" in run.stderr


def test_a_missing_database_file_is_not_made(tmp_path: Path) -> None:
    missing = tmp_path / "typo.sqlite3"
    run = spider("players", "hide-name", "000000000000", "--database", str(missing))
    assert_one_line_error(run)
    assert f"no database at {missing}" in run.stderr and not missing.exists()


def test_without_an_action_it_says_so() -> None:
    run = spider("players")
    assert_one_line_error(run)


def test_an_operator_lists_the_flagged_names_and_accepts_one(database: str) -> None:
    from spider.store import open_store

    store = open_store(database)
    for token in ("A" * 32, "B" * 32):  # kept before look-alikes were refused: no keys, no flag
        store.set_player_name(token_hash(token), "Ada Lovelace", token_hash(token)[:12], 0.0)
    store.set_player_name(token_hash("C" * 32), "\u3164\u3164\u3164", token_hash("C" * 32)[:12], 0.0)
    store.close()
    with TestClient(create_app(database, background=False)) as client:  # the app checks them as it starts
        fine = named_player(client, "Grace Hopper")
    publics = [hashlib.sha256(t.encode()).hexdigest()[:12] for t in ("A" * 32, "B" * 32, "C" * 32)]
    run = spider("players", "names", "--flagged", "--database", database)
    assert run.returncode == 0 and run.stderr == "", run
    lines = sorted(run.stdout.splitlines())
    assert [line.split("\t")[0] for line in lines] == sorted(publics), lines
    assert f"looks like, the name of {publics[1]}" in run.stdout and "invisible or blank" in run.stdout
    run = spider("players", "names", "--database", database)  # every name, the fine one unflagged
    assert f"{fine}\tGrace Hopper\n" in run.stdout and len(run.stdout.splitlines()) == 4
    run = spider("players", "accept-name", publics[0].upper(), "--database", database)
    assert run.returncode == 0 and "accepted the name of player" in run.stdout, run
    run = spider("players", "names", "--flagged", "--database", database)
    assert sorted(line.split("\t")[0] for line in run.stdout.splitlines()) == sorted(publics[1:])
    run = spider("players", "accept-name", publics[0], "--database", database)  # no flag left
    assert_one_line_error(run)
    assert run.returncode == 2 and f"no player {publics[0]} with a flagged name" in run.stderr


def test_no_flagged_names_is_said_so(client: TestClient, database: str) -> None:
    named_player(client, "Someone")
    run = spider("players", "names", "--flagged", "--database", database)
    assert run.returncode == 0 and run.stdout.startswith("no flagged names in "), run
