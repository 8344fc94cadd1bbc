"""The daily deals' use cases (docs/API.md, Daily deals): today's deals with the player's results
and streak, a month's calendar, a day's deals, a deal's leaderboard (the site's or a club's), a past
deal's winning line and playing today's deal. Each owns its rules and its reads of the store and
the jobs, and returns the answer typed; the web app parses HTTP, calls one and sends what it gives."""

from __future__ import annotations

from anyio.to_thread import run_sync

from ..daily import LEVELS, PROFILE, days, is_level
from ..daily.making import NOT_READY_RETRY_SECONDS
from ..daily.summary import FIRST_DAY, deal_fingerprint, over
from ..engine import N_, Game, SpiderError, Translations, variant_of_level
from ..jobs.players import PlayerJobs
from ..store import DailyDeal, DailyResult, Store
from ..store.ranking import shown_standing
from . import calendar
from .answers import GameView
from .boards import AROUND, TOP, leaderboard
from .club_answers import ClubLeaderboard
from .clubs import Clubs
from .daily_answers import (
    DailyCalendar,
    DailyDay,
    DailyDealView,
    DailyLineStep,
    DailyName,
    DailyResultView,
    DailyToday,
    DealSealView,
    DealStart,
    Leaderboard,
    Practice,
    Streak,
)
from .line_steps import line_step
from .players import Players
from .playing import Playing

# LEVELS and is_level: the daily levels, which the web app's paths tell apart from days
__all__ = ["LEVELS", "Daily", "DailyRefusal", "NoDeal", "NotReady", "NotYet", "is_level", "revealed"]


class DailyRefusal(SpiderError):
    """Something about the daily deals the rules refuse; the web layer gives each its status."""


class NotYet(DailyRefusal):
    """A day that has not come yet, or whose winning line waits for its end."""


class NoDeal(DailyRefusal):
    """No such deal: a level that is none, or a past day without deals."""


class NotReady(DailyRefusal):
    """Today's deal was not made ahead and could not be made within the player's wait."""

    retry_after = NOT_READY_RETRY_SECONDS

    def __init__(self) -> None:
        super().__init__("daily_not_ready", N_("Today's deal is still being prepared: try again in a minute"))


class Daily:
    """The daily deals' use cases over the store, the games and the jobs players wait for."""

    def __init__(self, store: Store, playing: Playing, jobs: PlayerJobs, players: Players, clubs: Clubs) -> None:
        self.store, self.playing, self.jobs, self.players, self.clubs = store, playing, jobs, players, clubs

    def today(self, player: str, tr: Translations) -> DailyToday:
        moment = days.now()
        day = days.day_of(moment)
        name = self.players.name(player, tr)
        return DailyToday(
            date=day,
            next_in=days.seconds_to_next_day(moment),
            deals=self._deals(player, day, day),
            streak=self._streak(player, day),
            name=DailyName(display=name.display, chosen=name.chosen),
        )

    def calendar(self, player: str, month: str) -> DailyCalendar:
        """``month``: YYYY-MM, as the web app checked it."""
        first = days.parse_month(month)
        assert first is not None
        today = days.today()
        month_days = days.month_days(first)
        results = self.store.daily_results(player, month_days[0], month_days[-1])
        created = self.store.player_created(player)
        joined = today if created is None else days.day_of(created)  # never seen: new today
        return DailyCalendar(
            month=month,
            days=calendar.month(first, today, results, joined),
            streak=self._streak(player, today),
        )

    def day(self, player: str, day: str) -> DailyDay:
        """A day's deals, and once it is over each deal whole (``day``: YYYY-MM-DD, as checked)."""
        today = _come(day)
        if day < today and not self.store.daily_deals(day):
            raise _no_deals(day)
        return DailyDay(date=day, deals=self._deals(player, day, today))

    def leaderboard(self, player: str, day: str, level: str, club: str | None, tr: Translations) -> Leaderboard:
        """The deal's board, the site's; with ``club``, among that club's members (a member's only)."""
        _come(day)
        _level(level)
        if club is not None:
            self.clubs.member_club(player, club)
            board = self.store.club_board(club, day, level, player, TOP, AROUND)
            return leaderboard(board, day, level, player, tr, ClubLeaderboard, club=club)
        return leaderboard(self.store.daily_board(day, level, player, TOP, AROUND), day, level, player, tr)

    def winning_line(self, day: str, level: str, step: int, tr: Translations) -> DailyLineStep:
        """A past day's deal after ``step`` actions of its winning line, every card face up (while the
        day lasts: NotYet; a step past the line's end: Missing)."""
        _come(day)
        _level(level)
        if not over(day, days.today()):
            raise NotYet("not_yet", N_("The winning line of a daily deal is shown when its day is over"))
        deal = self.store.daily_deal(day, level)
        if deal is None:
            raise _no_deals(day)
        board = Game.from_deck(variant_of_level(level), deal.deck, profile=PROFILE)
        return DailyLineStep.model_validate(line_step(board, [], deal.line, step, tr) | {"date": day, "level": level})

    async def play(self, player: str, level: str, tr: Translations) -> GameView:
        """Today's deal of ``level``: the counted attempt (started or resumed), else a practice one."""
        _level(level)
        deal = await self.jobs.daily_deal(days.today(), level)  # within the player's bounded wait
        if deal is None:
            raise NotReady()
        row, game = await run_sync(self.playing.games.daily_attempt, player, deal)
        return await run_sync(self.playing.view, row, game, tr)

    def _streak(self, player: str, today: str) -> Streak:
        return calendar.streaks(self.store.daily_results(player, FIRST_DAY, today), today)

    def _deals(self, player: str, day: str, today: str) -> list[DailyDealView]:
        """Each level's entry of ``day`` (``difficulty`` null while its deal is not made)."""
        deals = {deal.level: deal for deal in self.store.daily_deals(day)}
        games = self.store.daily_games(player, day)
        results = {result.level: result for result in self.store.daily_results(player, day, day)}
        out = []
        for level in LEVELS:
            deal, counted = deals.get(level), results.get(level)
            others = [g for g in games if g.level == level and (counted is None or g.id != counted.game)]
            entry = DailyDealView(
                level=level,
                difficulty=deal.difficulty if deal else None,  # type: ignore[arg-type]  # a grade
                fingerprint=deal_fingerprint(deal) if deal else None,
                result=None if counted is None else self._result(counted),
                practice=Practice(played=len(others), won=sum(g.status == "won" for g in others)),
            )
            if over(day, today) and deal is not None:
                entry = revealed(deal, entry)
            out.append(entry)
        return out

    def _result(self, result: DailyResult) -> DailyResultView:
        return DailyResultView(
            state=result.state,  # type: ignore[arg-type]  # playing, won or lost
            moves=result.moves,
            seconds=result.seconds,
            assisted=result.assisted,
            standing=shown_standing(result.assisted, result.standing),  # type: ignore[arg-type]
            rank=self.store.daily_rank(result),
            game=result.game,
        )


def revealed(deal: DailyDeal, entry: DailyDealView | None = None) -> DailyDealView:
    """A past day's deal as published: its start as a record has it, its winning line and its seal
    (null when it cannot be verified), on ``entry`` (else on a bare one of the deal)."""
    v = variant_of_level(deal.level)
    if entry is None:
        entry = DailyDealView(
            level=deal.level,
            difficulty=deal.difficulty,  # type: ignore[arg-type]  # a grade
            fingerprint=deal_fingerprint(deal),
            result=None,
            practice=Practice(played=0, won=0),
        )
    seal = deal.seal
    return entry.model_copy(
        update={
            "deck": DealStart(game=v.game, suits=v.suits, rules=v.rules, deck=deal.deck),  # type: ignore[arg-type]
            "line": deal.line,
            "seal": None if seal is None else DealSealView(salt=seal.salt, day_key=seal.day_key, attempt=seal.attempt),
        }
    )


def _come(day: str) -> str:
    """Today, when ``day`` has come (else NotYet: its deals are not out)."""
    today = days.today()
    if day > today:
        raise NotYet("not_yet", N_("The daily deals of {date} are not out yet"), date=day)
    return today


def _level(level: str) -> None:
    if not is_level(level):
        raise NoDeal("not_found", N_("There is no daily deal of level {level}"), level=level)


def _no_deals(day: str) -> NoDeal:
    return NoDeal("not_found", N_("There were no daily deals on {date}"), date=day)
