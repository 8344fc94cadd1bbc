"""Help from the solver: a hint from what the player sees (or the strong player's, deeper), the line
that finishes a game once nothing is hidden, and "can this game still be won?" asked as a job.
Each use decides what it costs the player: a hinted win is not perfect, a deeper hint in a daily
game and a solve count the game apart, and each spends from the client's allowance (``Limits``)."""

from __future__ import annotations

from typing import Any, cast

from anyio.to_thread import run_sync

from ..engine import N_, Game, Translations, parse_action
from ..jobs.players import PlayerJobs
from ..store import GameRow
from .answers import Finish, Hint, SolveJob
from .errors import Declined, Missing
from .games import Games, finishable
from .limits import DEEP_HINT, SOLVE, Limits
from .playing import Playing

NO_SUCH_SOLVE = N_("There is no such question to the solver")


class Assistance:
    def __init__(self, games: Games, playing: Playing, jobs: PlayerJobs, limits: Limits) -> None:
        self.games = games
        self.playing = playing
        self.jobs = jobs
        self.limits = limits

    async def hint(self, player: str, game_id: str, deep: bool, client: str | None, tr: Translations) -> Hint:
        """A good next action (``deep``: the strong player's, worked out in a solver worker; a worker
        lost before it answered raises ``WorkerLost``)."""
        with self.limits.spending(DEEP_HINT if deep else None, client):
            row, game = await run_sync(self.games.get, player, game_id)
            action = await self._deep_action(row, game, client) if deep else await self.jobs.hint(game)
        await run_sync(self.games.helped, row)  # a hinted win is not a perfect one
        return _hint(action, game, tr)

    async def _deep_action(self, row: GameRow, game: Game, client: str | None) -> str | None:
        """The strong player's action; the game is counted apart once it is given."""
        action = await self.jobs.deep_hint(game.record(), row.player, client)
        await run_sync(self.games.deep_hint_given, row)
        return action

    async def finish(self, player: str, game_id: str, client: str | None, tr: Translations) -> Finish:
        """Nothing is face down and the stock is empty, so the solver uses only what the player sees:
        the game stays unassisted (docs/RULES.md, Finish). The browser plays the line's actions one
        by one, so the record holds every move as it was played. Declined (with the view, which shows
        why) for a game that is over or still hides cards."""
        row, game = await run_sync(self.games.get, player, game_id)
        if not finishable(row, game):
            over = row.status != "active" or game.won
            view = await run_sync(self.playing.view, row, game, tr)
            if over:
                raise Declined(view, "finished", N_("This game is over"))
            hidden = N_("Finish plays on once no card is face down and the stock is empty")
            raise Declined(view, "cards_hidden", hidden)
        with self.limits.spending(SOLVE, client):
            answer = await self.jobs.finish(game.record(), player, client)
        n = len(answer["actions"])
        message = {
            "won": tr.ngettext("Finishing in {n} move", "Finishing in {n} moves", n),
            "lost": tr.gettext("No win is possible from here: undo or start again"),
            "unknown": tr.gettext("The solver found no win from here in the time allowed"),
        }[answer["result"]].format(n=n)
        return Finish(result=answer["result"], actions=answer["actions"], message=message)

    async def solve(self, player: str, game_id: str, time_limit: float, client: str | None) -> SolveJob:
        """Start a solve of the game (the solver sees face-down cards): the game is counted apart from
        then on; a daily deal's winning line stays out of the answer while its day lasts (it would
        rank another player)."""
        with self.limits.spending(SOLVE, client):
            row, game = await run_sync(self.games.get, player, game_id)
            with_line = not self.playing.dailies.still_secret(row)
            job = await self.jobs.start_solve(game.record(), time_limit, player, client, with_line)
        await run_sync(self.games.solver_asked, player, game_id)
        return SolveJob.model_validate({"id": job, "state": "waiting", "elapsed": 0.0})

    async def solve_state(self, player: str, job_id: str, tr: Translations) -> SolveJob:
        state = await self.jobs.solve_state(job_id, player)
        if state is None:
            raise Missing("not_found", NO_SUCH_SOLVE)
        if "answer" in state:
            state["answer"] = _worded(state["answer"], tr)
        return SolveJob.model_validate({"id": job_id} | state)

    async def cancel_solve(self, player: str, job_id: str) -> None:
        if not await self.jobs.cancel_solve(job_id, player):
            raise Missing("not_found", NO_SUCH_SOLVE)


def _hint(action: str | None, game: Game, tr: Translations) -> Hint:
    if action is None:
        if game.deals_left:
            return Hint.model_validate(
                {"action": None, "message": tr.gettext("No useful move: deal, undo or start again")}
            )
        return Hint.model_validate({"action": None, "message": tr.gettext("No useful move: undo or start again")})
    if action == "deal":
        return Hint.model_validate({"action": action, "message": tr.gettext("Deal a new row from the stock")})
    src, dst, count = cast(tuple[int, int, int], parse_action(action))  # a hint names its count: F>T:N
    message = tr.ngettext(
        "Move {count} card from column {column} to column {to}",
        "Move {count} cards from column {column} to column {to}",
        count,
    ).format(count=count, column=src + 1, to=dst + 1)
    return Hint(action=action, column=src + 1, count=count, to=dst + 1, message=message)


def _worded(answer: dict[str, Any], tr: Translations) -> dict[str, Any]:
    """The solver's answer with its message and note in the player's language."""
    message = {
        "won": tr.gettext("Yes: this game can still be won."),
        "lost": tr.gettext("No: this game can no longer be won, whatever you do."),
        "unknown": tr.gettext("The solver could not decide in the time allowed."),
    }[answer["result"]]
    if answer.get("reason") == "worker_lost":
        message = tr.gettext("The solver stopped before it could answer. Please ask again.")
    elif answer.get("reason") == "cancelled":
        message = tr.gettext("The question was cancelled.")
    note = tr.gettext("The solver looked at the face-down cards to answer.")
    return answer | {"message": message, "note": note}
