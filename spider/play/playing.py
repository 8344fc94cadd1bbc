"""Playing games: start one (a winnable deal from the pool when asked), read it, act in it, restart
it, save its timer and hand out its record, each answered as the player's view of the game."""

from __future__ import annotations

from typing import Any

from anyio.to_thread import run_sync

from ..engine import N_, Game, Translations, variant
from ..jobs.players import PlayerJobs
from ..store import GameRow
from .answers import GameRecord, GameView
from .deals import DealProofs
from .errors import Declined, Missing, Stale, Unplayable
from .games import Games
from .syncing import Batch, BatchRefused, Retried, Start
from .views import DailyTags, game_view


class Playing:
    def __init__(self, games: Games, jobs: PlayerJobs, dailies: DailyTags) -> None:
        self.games = games
        self.jobs = jobs
        self.dailies = dailies
        self.proofs = DealProofs(games.store)  # of the winnable deals handed out for the page to keep (deals.py)

    def view(self, row: GameRow, game: Game, tr: Translations, events: dict[str, Any] | None = None) -> GameView:
        """The game view in ``tr``'s language (with its daily deal, for a daily game's)."""
        return game_view(row, game, tr, events, self.dailies.tag(row))

    def view_of(self, row: GameRow, tr: Translations) -> GameView:
        """The view of a saved game, replayed (or from the cache) at its version."""
        return self.view(row, self.games.game(row), tr)

    def refused(self, row: GameRow, tr: Translations, reason: str, template: str) -> Declined:
        """A refusal about the game as it is now, with its view."""
        return Declined(self.view_of(row, tr), reason, template)

    async def start(self, player: str, spec: dict[str, Any], tr: Translations) -> GameView:
        """A new game from ``spec`` (a new game's body: ``winnable`` or a ``grade`` asks for a deal
        the solver proved winnable, from the pool, where no code or deck is given)."""
        spec = dict(spec)
        grade = spec.pop("grade", None)
        winnable = spec.pop("winnable", False)
        wants_winnable = (winnable or grade is not None) and spec.get("code") is None and spec.get("deck") is None
        if wants_winnable:
            level = variant(spec.get("game", "spider"), spec.get("suits", 1), spec.get("rules", "classic")).key
            spec["code"], spec["grade"] = await self.jobs.winnable_deal(level, grade) or (None, None)
        row, game = await run_sync(self.games.create, player, spec)
        answer = await run_sync(self.view, row, game, tr)
        if wants_winnable:
            answer.proven_winnable = spec["code"] is not None
        return answer

    def act(
        self,
        player: str,
        game_id: str,
        version: int,
        action: str | None,
        best: tuple[int, int] | None,
        elapsed: float | None,
        tr: Translations,
    ) -> GameView:
        """Play ``action`` (or the ``best`` move of a group) on the game at ``version``; a game changed
        since, or over, is refused with its view as it is now."""
        try:
            row, game, events = self.games.act(player, game_id, version, action, best, elapsed)
        except Stale as stale:
            raise self._outdated(stale, tr) from None
        return self.view(row, game, tr, events)

    def _outdated(self, stale: Stale, tr: Translations) -> Declined:
        """An action or batch aimed at a game that has changed since, or is over: its view now."""
        now = self.view(stale.row, stale.game, tr)
        if stale.row.status == "active":
            return Declined(
                now, "stale", N_("The game has changed since (another tab or device?): here is the current table")
            )
        return Declined(now, "finished", N_("This game is over"))

    def sync(
        self,
        player: str,
        game_id: str,
        version: int,
        actions: list[str],
        times: list[float],
        start: dict[str, Any] | None,
        tr: Translations,
    ) -> GameView:
        """Play a batch of a practice game's actions played on the page (creating the game from
        ``batch.start`` when the player has none of that id), all or none; the view after it. A batch
        stored already (its answer was lost) is answered again; a game with other actions since, or
        over, or a daily deal's, is refused with its view (409), as is an action the rules refuse (422,
        its ``index`` among the params), nothing stored. ``start``: code, profile and proof."""
        deal = None
        if start is not None:
            code = Game.from_code(start["code"]).code or start["code"]  # canonical, as the proof was made
            proven, grade = self.proofs.proven(player, code, start.get("proof"))
            deal = Start(code, start.get("profile") or "standard", grade, proven)
        batch = Batch.of(version, actions, times, deal)
        try:
            row, game = self.games.sync(player, game_id, batch)
        except Retried as again:
            return self._proven(self.view(again.row, again.game, tr), deal)
        except Stale as stale:
            raise self._outdated(stale, tr) from None
        except BatchRefused as refused:
            now = self.view(refused.row, refused.game, tr)
            if refused.error is None:
                raise Declined(now, "daily", N_("A daily deal's actions are played one at a time")) from None
            err = refused.error
            raise Unplayable(now, err.reason, err.template, **err.params, index=refused.index) from None
        return self._proven(self.view(row, game, tr), deal)

    @staticmethod
    def _proven(answer: GameView, deal: Start | None) -> GameView:
        """A start with the server's proof of a winnable deal says so, as a new game's answer does."""
        if deal is not None and deal.proven:
            answer.proven_winnable = True
        return answer

    def current(self, player: str, tr: Translations) -> GameView:
        current = self.games.current(player)
        if current is None:
            raise Missing("not_found", N_("There is no game in progress"))
        return self.view(*current, tr)

    def current_or_none(self, player: str, tr: Translations) -> GameView | None:
        current = self.games.current(player)
        return None if current is None else self.view(*current, tr)

    def get(self, player: str, game_id: str, tr: Translations) -> GameView:
        return self.view(*self.games.get(player, game_id), tr)

    def restart(self, player: str, game_id: str, tr: Translations) -> GameView:
        return self.view(*self.games.restart(player, game_id), tr)

    def clock(self, player: str, game_id: str, elapsed: float) -> None:
        self.games.clock(player, game_id, elapsed)

    def record(self, player: str, game_id: str) -> GameRecord:
        """The game record; a daily deal's has no deck while its day lasts (it stays secret)."""
        row, game = self.games.get(player, game_id)
        record = game.record()
        if self.dailies.still_secret(row):
            del record["deck"]
        return GameRecord.model_validate(record)
