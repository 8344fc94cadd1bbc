"""A solver job's id through the other kind's route: a review's at /api/solves/{id}, a solve's at
/api/reviews/{id}. Each is 404, as an unknown id is, whatever state the job is in, and a DELETE
there leaves the job running."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.web.test_review_api import lost_game, make_app

KINDS = {"solves": "reviews", "reviews": "solves"}  # each job route, and the other kind's


def refused_elsewhere(client: TestClient, route: str, job: str) -> None:
    """The job's id through the other kind's route: GET and DELETE both 404 not_found."""
    for method in ("GET", "DELETE"):
        r = client.request(method, f"/api/{KINDS[route]}/{job}")
        assert r.status_code == 404 and r.json()["reason"] == "not_found", (method, route, r.text)


def finished(client: TestClient, route: str, job: str) -> dict[str, Any]:
    """Poll the job through its own route until it has answered, checking the other route at each look."""
    deadline = time.monotonic() + 120
    while True:
        refused_elsewhere(client, route, job)  # waiting, running or done alike
        r = client.get(f"/api/{route}/{job}")
        assert r.status_code == 200, r.text
        if r.json()["state"] not in ("waiting", "running"):
            return dict(r.json())
        assert time.monotonic() < deadline, "the job never answered"
        time.sleep(0.1)


def each_kind_through_the_other_route(client: TestClient) -> None:
    game = lost_game(client)
    started = client.post(f"/api/games/{game}/review")
    assert started.status_code == 200 and started.json()["state"] == "waiting", started.text
    review = started.json()["job"]
    refused_elsewhere(client, "reviews", review)  # a DELETE there cancels nothing:
    assert finished(client, "reviews", review)["state"] == "done"
    refused_elsewhere(client, "reviews", review)  # answered: its answer is no solve's either

    playing = client.post("/api/games", json={"code": "SD1-S1-AAAAAAD"}).json()["id"]
    asked = client.post(f"/api/games/{playing}/solve", json={"time_limit": 5})
    assert asked.status_code == 202, asked.text
    solve = asked.json()["id"]
    refused_elsewhere(client, "solves", solve)
    answered = finished(client, "solves", solve)
    assert answered["state"] == "done" and answered["answer"]["result"], answered
    refused_elsewhere(client, "solves", solve)


def test_a_review_id_is_no_solve_and_a_solve_id_no_review(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        each_kind_through_the_other_route(client)
