"""The API's answers to one fixed script of 105 requests, compared between two checkouts: every route
family (games, actions and their refusals, records, replays, history, stats, settings, names, a
transfer and link, the daily deals, clubs), as three players, in two languages. The app's clock is
frozen and its random ids seeded, so that the same requests get the same answers; ids are then
written as <id> in both. Prints how many answers differ and the first differences; asserts nothing.

    python bench/api_answers.py --against /other/checkout [--show 5]

Each checkout's app runs in a process of its own (its tree first on the path); the script is this
file's in both, so it is the same requests that are asked."""

from __future__ import annotations

import argparse
import base64
import json
import os
import random
import re
import secrets
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MOMENT = 1796644800.0  # 2026-12-07 12:00 UTC: the app's frozen clock
DAY = "2026-12-07"
# a random id: 8 to 48 url-safe characters mixing at least two of upper case, lower case and digits
ID = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{8,48}(?![A-Za-z0-9_-])")
NOT_AN_ID = re.compile(r"^((SP|SD)\d-|(spider|spiderette)-\d-(classic|relaxed)$)")


def normalised(value: Any) -> Any:
    """``value`` with every random id written as <id>."""
    if isinstance(value, dict):
        return {k: normalised(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normalised(v) for v in value]
    if isinstance(value, str):
        return ID.sub(_id_or_text, value)
    return value


def _id_or_text(found: re.Match[str]) -> str:
    text = found.group(0)
    kinds = sum(bool(re.search(k, text)) for k in ("[A-Z]", "[a-z]", "[0-9]"))
    return text if NOT_AN_ID.match(text) or kinds < 2 else "<id>"


def _seed_the_app() -> None:
    """The app's clock frozen and its randomness seeded (tokens, ids, invites, transfer codes)."""
    from spider import clock

    draw = random.Random(7)
    clock.now = lambda: MOMENT  # type: ignore[assignment]
    secrets.token_bytes = lambda n=32: bytes(draw.randrange(256) for _ in range(n))  # type: ignore[assignment]
    secrets.token_urlsafe = lambda n=32: base64.urlsafe_b64encode(secrets.token_bytes(n)).rstrip(b"=").decode()  # type: ignore[assignment]
    secrets.token_hex = lambda n=32: secrets.token_bytes(n).hex()  # type: ignore[assignment]
    secrets.choice = draw.choice  # type: ignore[assignment]
    secrets.randbelow = draw.randrange  # type: ignore[assignment]


def capture(out: Path) -> None:
    """Ask the script's requests of this process's app (the tree first on sys.path) and write its
    answers to ``out``."""
    _seed_the_app()
    from fastapi.testclient import TestClient

    from spider.daily import LEVELS
    from spider.web.app import create_app
    from tests.web.daily_deals import store_deals

    app = create_app(str(Path(tempfile.mkdtemp()) / "db.sqlite3"), background=False)
    store_deals(app.state.context.store, DAY)
    log: list[dict[str, Any]] = []

    def call(client: TestClient, method: str, path: str, body: Any = None) -> Any:
        answer = client.request(method, path, json=body)
        try:
            content = answer.json()
        except ValueError:
            content = answer.text[:200]
        headers = {
            k: answer.headers[k] for k in ("cache-control", "content-type", "retry-after") if k in answer.headers
        }
        headers["set-cookie"] = answer.headers.get("set-cookie", "")
        log.append({"request": [method, path, body], "status": answer.status_code, "headers": headers, "body": content})
        return content

    def play(client: TestClient, view: dict[str, Any], turns: int) -> dict[str, Any]:
        """``turns`` actions: the first group's first target, else a deal."""
        for _ in range(turns):
            groups = [g for g in view.get("groups", []) if g["targets"]]
            action = f"{groups[0]['column']}>{groups[0]['targets'][0]}" if groups else "deal"
            view = call(
                client, "POST", f"/api/games/{view['id']}/actions", {"version": view["version"], "action": action}
            )
            if view.get("status") != "active":
                break
        return view

    a, b = TestClient(app), TestClient(app)
    call(a, "GET", "/api/player")
    call(a, "GET", "/api/catalog")
    call(a, "GET", "/api/codes/SP1-S2C-AAAAAAD")
    call(a, "GET", "/api/codes/nonsense")
    call(a, "GET", "/api/games/current")
    game = call(a, "POST", "/api/games", {"code": "SP1-S1C-AAAAAAD"})
    call(a, "POST", "/api/games", {"code": "bad"})
    call(a, "POST", "/api/games", {"game": "spider", "suits": 7})
    view = play(a, call(a, "GET", "/api/games/current"), 30)
    actions = f"/api/games/{game['id']}/actions"
    view = call(a, "POST", actions, {"version": view["version"], "action": "undo"})
    view = call(a, "POST", actions, {"version": view["version"], "action": "redo"})
    version = view["version"]
    call(a, "POST", actions, {"version": version - 1, "action": "deal"})
    call(a, "POST", actions, {"version": version, "action": "1>1"})
    call(a, "POST", actions, {"version": version, "action": "zzz"})
    call(b, "POST", actions, {"version": version, "action": "deal"})
    call(b, "GET", f"/api/games/{game['id']}")
    call(a, "POST", f"/api/games/{game['id']}/clock", {"elapsed": 12.5})
    call(a, "GET", f"/api/games/{game['id']}")
    call(a, "GET", f"/api/games/{game['id']}/record")
    call(a, "GET", f"/api/games/{game['id']}/replay/3")
    call(a, "GET", f"/api/games/{game['id']}/review")
    call(a, "POST", f"/api/games/{game['id']}/finish")
    again = call(a, "POST", f"/api/games/{game['id']}/restart")
    call(a, "POST", "/api/games", {"deck": ["AS"] * 104, "game": "spider", "suits": 1})
    call(a, "GET", "/api/history")
    call(a, "GET", f"/api/games/{game['id']}")
    call(a, "GET", f"/api/games/{game['id']}/replay/2")
    call(a, "GET", "/api/stats")
    call(a, "GET", "/api/stats/spider-1-classic")
    call(a, "GET", "/api/stats/nope")
    call(a, "PUT", "/api/player/settings", {"sound": False, "lang": "ru"})
    call(a, "PUT", "/api/player/settings", {"sound": "loud"})
    call(a, "GET", "/api/player")
    call(a, "GET", "/api/i18n/ru")
    call(a, "GET", "/api/help")
    call(a, "PUT", "/api/player/name", {"name": "Ada Lovelace"})
    call(b, "PUT", "/api/player/name", {"name": "Ada Lovelace"})
    call(b, "PUT", "/api/player/name", {"name": "x" * 200})
    transfer = call(a, "POST", "/api/player/transfer")
    call(b, "POST", "/api/player/link", {"code": "WRONG-CODE"})
    c = TestClient(app)
    call(c, "POST", "/api/player/link", {"code": transfer.get("code", "")})
    call(c, "GET", "/api/player")
    call(a, "GET", "/api/daily")
    call(a, "GET", "/api/daily/calendar/2026-12")
    call(a, "GET", "/api/daily/calendar/2026-13")
    for day in (DAY, "2026-12-01", "2027-01-01", "bad"):
        call(a, "GET", f"/api/daily/{day}")
    level = LEVELS[0]
    daily = call(a, "POST", f"/api/daily/{level}")
    call(a, "POST", "/api/daily/nolevel")
    if "id" in daily:
        call(a, "GET", f"/api/games/{daily['id']}/record")
        call(a, "GET", f"/api/games/{daily['id']}/review")
        play(a, daily, 5)
    call(a, "GET", f"/api/daily/{DAY}/{level}/leaderboard")
    call(a, "GET", f"/api/daily/{DAY}/{level}/line/3")
    call(a, "GET", f"/api/daily/2026-12-06/{level}/line/3")
    club = call(a, "POST", "/api/clubs", {"name": "Friends"})
    call(a, "GET", "/api/clubs")
    if "id" in club:
        call(a, "GET", f"/api/clubs/{club['id']}")
        call(a, "GET", f"/api/daily/{DAY}/{level}/leaderboard?club={club['id']}")
        invite = call(a, "POST", f"/api/clubs/{club['id']}/invite")
        call(b, "POST", "/api/invites/accept", {"invite": invite.get("invite") or club.get("invite")})
        call(b, "GET", "/api/clubs")
        call(b, "DELETE", f"/api/clubs/{club['id']}/membership")
        call(b, "GET", f"/api/clubs/{club['id']}")
    call(a, "DELETE", "/api/history")
    call(a, "GET", "/api/history")
    call(a, "GET", "/api/games/nope")
    call(a, "GET", "/api/health")
    call(a, "POST", f"/api/games/{again['id']}/hint")
    out.write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")


def answers_of(tree: Path, folder: Path) -> list[dict[str, Any]]:
    """The script's answers from ``tree``'s app, in a process of its own."""
    out = folder / f"answers-{abs(hash(str(tree)))}.json"
    env = os.environ | {"PYTHONPATH": str(tree)}
    subprocess.run([sys.executable, __file__, "--capture", str(out), "--tree", str(tree)], env=env, check=True)
    answers: list[dict[str, Any]] = normalised(json.loads(out.read_text(encoding="utf-8")))
    return answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", type=Path, help="another checkout, asked the same requests")
    parser.add_argument("--show", type=int, default=5, help="differences to print at the most")
    parser.add_argument("--capture", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.capture:
        sys.path.insert(0, str(args.tree))
        capture(args.capture)
        return
    if args.against is None:
        parser.error("--against names the checkout to compare with")
    with tempfile.TemporaryDirectory() as folder:
        here, there = answers_of(ROOT, Path(folder)), answers_of(args.against.resolve(), Path(folder))
    differing = [(mine, theirs) for mine, theirs in zip(here, there, strict=False) if mine != theirs]
    print(f"{len(here)} answers here, {len(there)} in {args.against}: {len(differing)} differ")
    for mine, theirs in differing[: args.show]:
        print(f"\n{' '.join(map(str, mine['request'][:2]))}")
        for key in ("status", "headers", "body"):
            if mine[key] != theirs[key]:
                print(f"  {key} here:  {json.dumps(mine[key], ensure_ascii=False)[:300]}")
                print(f"  {key} there: {json.dumps(theirs[key], ensure_ascii=False)[:300]}")


if __name__ == "__main__":
    main()
