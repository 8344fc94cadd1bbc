"""The solver jobs themselves, as a worker process runs them. Kept apart from the web app so that a
worker imports the engine and the solver only (not FastAPI), and starts that much sooner."""

from __future__ import annotations

import secrets
import time
from typing import Any

from .. import clock
from ..daily import LEVELS, daily_secret, make_deal
from ..engine import DEAL_LIMIT, Game, Variant, format_code, variant_of_level
from ..solver import deep_hint, grading, solve
from ..solver.review import Budget, review
from ..store import open_store
from .progress import report

MIN_TRY_SECONDS = 1.0  # a try with less time than this left is not worth starting


def solve_record(record: dict[str, Any], time_limit: float, with_line: bool = True) -> dict[str, Any]:
    """Replay a record and solve its position; without the winning line when ``with_line`` is
    False (a daily deal's while its day lasts: a line could be passed on to other players)."""
    answer = solve(Game.from_record(record), time_limit=time_limit).as_dict()
    if not with_line:
        answer["actions"] = []
    return answer


def review_record(
    game_id: str, record: dict[str, Any], time_limit: float, node_limit: int | None = None
) -> dict[str, Any]:
    """``{"game": game_id, "review": …}``: the review of a finished game's record within
    ``time_limit`` seconds at most, reporting each probe with the review as far as it has got
    (docs/FORMATS.md, Game review). The answer, and each report, names its game, so whoever reads
    it by the job's id alone knows where it belongs."""
    budget = Budget(time_limit=time_limit, node_limit=node_limit)

    def progress(done: int, expected: int, partial: dict[str, Any]) -> None:
        report(done, expected, {"game": game_id, "review": partial})

    return {"game": game_id, "review": review(record, budget=budget, progress=progress)}


def deep_hint_record(record: dict[str, Any]) -> str | None:
    """Replay a record and give the strong player's action (blind: it reads what the player sees)."""
    return deep_hint(Game.from_record(record))


def finish_record(record: dict[str, Any], time_limit: float) -> dict[str, Any]:
    """Finish's line (docs/RULES.md, Finish): replay a record whose position hides nothing any more
    and solve it; ``{"result", "actions"}``. A position that still hides a card is refused here too
    (the web layer checked it first), as the solver would look at it."""
    game = Game.from_record(record)
    if game.face_down or game.stock_count:
        raise ValueError("Finish needs a position with nothing hidden")
    answer = solve(game, time_limit=time_limit)
    return {"result": answer.result, "actions": answer.actions if answer.result == "won" else []}


def find_winnable(v: Variant, time_limit: float, attempts: int = 5) -> tuple[str, list[str]] | None:
    """Try random deals of a variant until the solver wins one."""
    for _ in range(attempts):
        code = format_code(v, secrets.randbelow(DEAL_LIMIT))
        result = solve(Game.from_code(code, profile="moves"), time_limit=time_limit)
        if result.result == "won":
            return code, result.actions
    return None


def top_up(database: str, level: str, grade: str, keep: int, seconds: float) -> str | None:
    """Look for a winnable deal of ``level`` and ``grade`` for up to ``seconds`` of this thread's CPU
    time (its work, not its wait for a busy machine's CPU), grading each deal the solver wins and
    adding it to the store's pool while its grade holds fewer than ``keep`` (so a deal of another
    grade found on the way is kept too); the code of the deal of ``grade`` added, or None. The worker
    writes the deals itself, so they are kept whatever happens meanwhile to the process that
    scheduled the job."""
    store = open_store(database)
    try:
        deadline = time.thread_time() + seconds
        while store.count_winnable(level, grade) < keep and (left := deadline - time.thread_time()) >= MIN_TRY_SECONDS:
            found = find_winnable(variant_of_level(level), left, attempts=1)
            if found is None:
                continue
            rating = min(grading.RATING_SECONDS, deadline - time.thread_time())
            rated = grading.grade(level, Game.from_code(found[0]), rating)
            if rated is not None and store.count_winnable(level, rated) < keep:
                store.add_winnable(level, *found, rated)
                if rated == grade:
                    return found[0]
        return None
    finally:
        store.close()


def make_daily(
    database: str,
    day: str,
    levels: list[str] | None,
    seconds: float,
    try_seconds: float,
    seeds: int,
    on_cpu: bool = False,
) -> list[str]:
    """Make the daily deals of ``day`` that the store lacks (of ``levels``, default every daily
    level), each searched for within ``seconds`` (of the wall clock, or of this thread's CPU time
    ``on_cpu``) and graded by the measuring player's first ``seeds`` games (docs/RULES.md, Grades),
    and write them to the store; the levels it has a deal for now.
    The worker writes them itself, so nothing is lost if the scheduler dies."""
    store = open_store(database)
    try:
        secret = daily_secret(store)
        ready = []
        for level in levels or LEVELS:
            deal = store.daily_deal(day, level)
            if deal is None:
                timer = time.thread_time if on_cpu else time.monotonic
                made = make_deal(secret, day, level, seconds, try_seconds, seeds, timer)
                deal = store.add_daily_deal(made, clock.now()) if made is not None else None
            if deal is not None:
                ready.append(level)
        return ready
    finally:
        store.close()
