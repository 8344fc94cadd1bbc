"""A finished game's review: where it was lost and a line that would have won it, worked out once by
a solver job and kept with the game (docs/API.md, Game review), said in the player's language, and
its winning line stepped through from where the player's own line leaves it."""

from __future__ import annotations

from typing import Any

from anyio.to_thread import run_sync

from .. import clock
from ..engine import N_, Game, Translations
from ..jobs.players import PlayerJobs
from ..solver.review import player_line, position
from ..solver.review_text import move_words, review_sentences
from ..store import Store
from .answers import ReviewAnswer, ReviewStep
from .errors import Missing, NotFound
from .finished import Finished
from .games import Games
from .limits import SOLVE, Limits
from .line_steps import line_step

NO_SUCH_REVIEW = N_("There is no such review")
NOT_OVER = N_("A game is reviewed once it is over")


class Reviews:
    def __init__(self, store: Store, games: Games, finished: Finished, jobs: PlayerJobs, limits: Limits) -> None:
        self.store = store
        self.games = games
        self.finished = finished
        self.jobs = jobs
        self.limits = limits

    def _over(self, player: str, game_id: str, tr: Translations) -> Game:
        """The finished game (refused with its view while in play, or a daily deal's day lasts: a
        review shows face-down cards)."""
        row, game = self.games.get(player, game_id)
        self.finished.over(row, tr, NOT_OVER)
        return game

    async def start(self, player: str, game_id: str, client: str | None, tr: Translations) -> ReviewAnswer:
        """The stored review, else a job that works it out (a solver job like a solve: the same
        allowance, the same one job per player and address)."""
        game = await run_sync(self._over, player, game_id, tr)
        stored = await run_sync(self.store.get_review, player, game_id)
        if stored is not None:
            return ReviewAnswer.model_validate({"state": "done"} | await run_sync(_worded, game_id, game, stored, tr))
        with self.limits.spending(SOLVE, client):
            job = await self.jobs.start_review(game_id, game.record(), player, client)
        waiting = {"state": "waiting", "job": job, "game": game_id, "elapsed": 0.0, "done": 0, "expected": None}
        return ReviewAnswer.model_validate(waiting)

    async def state(self, player: str, job_id: str, tr: Translations) -> ReviewAnswer:
        """A review's progress, what it has found so far, and once done the review (kept with the game)."""
        state = await self.jobs.review_state(job_id, player)
        if state is None:
            raise Missing("not_found", NO_SUCH_REVIEW)
        progress = {"job": job_id, "elapsed": state["elapsed"], "done": state["done"], "expected": state["expected"]}
        if state["state"] in ("waiting", "running"):
            going = progress | {"state": state["state"]}
            if state.get("partial"):  # the review so far: the page shows it while the search goes on
                going |= await run_sync(self._partial, player, state["partial"], tr)
            return ReviewAnswer.model_validate(going)
        if state["state"] == "cancelled":
            return ReviewAnswer.model_validate(
                progress | {"state": "cancelled", "message": tr.gettext("The question was cancelled.")}
            )
        answer = state.get("answer")
        if state["state"] != "done" or not answer:  # the worker died, or the record did not replay
            failed = tr.gettext("The solver stopped before it could answer. Please ask again.")
            return ReviewAnswer.model_validate(progress | {"state": "failed", "message": failed})
        game_id, review = answer["game"], answer["review"]
        _row, game = await run_sync(self.games.get, player, game_id)
        review = await run_sync(self._keep, player, game_id, review)
        worded = await run_sync(_worded, game_id, game, review, tr)
        return ReviewAnswer.model_validate(progress | {"state": "done"} | worded)

    def _partial(self, player: str, found: dict[str, Any], tr: Translations) -> dict[str, Any]:
        """What a running review has found so far, in words."""
        _row, game = self.games.get(player, found["game"])
        return _worded(found["game"], game, found["review"], tr, so_far=True)

    def _keep(self, player: str, game_id: str, review: dict[str, Any]) -> dict[str, Any]:
        """Keep ``review`` for the game unless one is kept already (the first stays); the one kept."""
        self.store.save_review(player, game_id, review, clock.now())
        return self.store.get_review(player, game_id) or review

    async def cancel(self, player: str, job_id: str) -> None:
        if not await self.jobs.cancel_review(job_id, player):
            raise Missing("not_found", NO_SUCH_REVIEW)

    def line_step(self, player: str, game_id: str, step: int, tr: Translations) -> ReviewStep:
        """The reviewed game's winning line after ``step`` of its actions, every card face up."""
        game = self._over(player, game_id, tr)
        review = self.store.get_review(player, game_id)
        if review is None:
            raise NotFound()
        if review["line_from"] is None:
            raise Missing("not_found", N_("The review found no winning line"))
        board, before = line_start(game, review)
        table = line_step(board, before, review["line"], step, tr)
        return ReviewStep.model_validate(table | {"id": game_id, "line_from": review["line_from"]})


def _worded(game_id: str, game: Game, review: dict[str, Any], tr: Translations, so_far: bool = False) -> dict[str, Any]:
    """The review (final, or ``so_far`` as it has got) of the game, its sentences, and the player's own
    move where the winning line starts, unless the turning point's sentence names it already."""
    start, line = player_line(game.record())
    k = review["line_from"]
    turning = review["turning_point"]
    named = turning is not None and turning["index"] == k
    chosen = move_words(position(start, line, k), line[k], k + 1, tr) if k is not None and k < len(line) else None
    # the winning line's notation is left out of the words: the page steps through it instead
    sentences = review_sentences(review | {"line": []}, start, line, tr, so_far)
    return {"game": game_id, "review": review, "sentences": sentences, "chosen": None if named else chosen}


def line_start(game: Game, review: dict[str, Any]) -> tuple[Game, list[str]]:
    """The deal and the player's actions (after undos) up to where the review's winning line starts."""
    board, line = player_line(game.record())
    return board, line[: review["line_from"]]
