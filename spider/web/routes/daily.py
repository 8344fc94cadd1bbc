"""Daily deals: the day's deals and the player's results, a month's calendar, playing a deal, and
its leaderboard (docs/API.md, Daily deals)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.routing import APIRoute
from starlette.concurrency import run_in_threadpool
from starlette.routing import Match
from starlette.types import Scope

from ...daily import LEVELS, PROFILE, days, is_level
from ...daily import calendar as daily_calendar
from ...daily.board import leaderboard
from ...daily.making import NOT_READY_RETRY_SECONDS
from ...daily.summary import FIRST_DAY, day_deals, over
from ...engine import N_, Game, variant_of_level
from ...i18n import translations
from ...play import clubs
from ...play.line_steps import line_step
from ..club_models import ClubLeaderboard
from ..context import Ctx, view
from ..daily_models import DailyCalendar, DailyDay, DailyLineStep, DailyToday
from ..http.errors import BODY_LIMITS, BUSY, ApiError, error_responses
from ..identity import PlayerId
from ..language import request_language
from ..models import MAX_INT, GameView
from ..players import name_of
from ..texts import CLUB_ID, DAY, MONTH
from . import clubs as club_routes


def _stepping_aside(param: str, elsewhere: Callable[[str], bool]) -> type[APIRoute]:
    """``GET /api/daily/{date}`` and ``POST /api/daily/{level}`` share a template: each route leaves
    the paths whose ``param`` is of the other's kind to it (so a GET of a level's path is a 405 that
    allows POST, as its OPTIONS says), and takes every other path (a malformed day: 400 bad_date)."""

    class SteppingAside(APIRoute):
        def matches(self, scope: Scope) -> tuple[Match, Scope]:
            match, child = super().matches(scope)
            if match is not Match.NONE and elsewhere(child["path_params"][param]):
                return Match.NONE, {}
            return match, child

    return SteppingAside


router = APIRouter()
days_router = APIRouter(route_class=_stepping_aside("date", is_level))
levels_router = APIRouter(route_class=_stepping_aside("level", DAY.holds))

NOT_READY = N_("Today's deal is still being prepared: try again in a minute")


class NotReady(ApiError):
    """503 daily_not_ready: the deal was not made ahead and could not be made within the player's wait."""

    def __init__(self) -> None:
        super().__init__(503, "daily_not_ready", NOT_READY)
        self.headers = {"Retry-After": str(NOT_READY_RETRY_SECONDS)}


# A day (a malformed one is a 400 bad_date: texts.DAY), a month, and a level of the daily deals (another
# is a 404: there is no such deal)
Day = Annotated[str, Path(description="A day, YYYY-MM-DD (UTC)", examples=["2026-12-05"]), DAY]
Month = Annotated[str, Path(description="A month, YYYY-MM", examples=["2026-12"]), MONTH]
DailyLevel = Annotated[
    str, Path(description="A level of the daily deals", json_schema_extra={"enum": list(LEVELS)}, examples=[LEVELS[0]])
]


def _day(text: str) -> str:
    """A day asked for: 400 bad_date when malformed (as the path is read, and here again: the one
    rule, texts.DAY), 404 not_yet when it has not come yet."""
    if not DAY.holds(text):
        raise DAY.refusal(text)
    if text > days.today():
        raise ApiError(404, "not_yet", N_("The daily deals of {date} are not out yet"), date=text)
    return text


def _level(level: str) -> str:
    if not is_level(level):
        raise ApiError(404, "not_found", N_("There is no daily deal of level {level}"), level=level)
    return level


def _streak(ctx: Ctx, player: str, today: str) -> dict[str, int]:
    return daily_calendar.streaks(ctx.store.daily_results(player, FIRST_DAY, today), today)


@router.get(
    "/api/daily",
    summary="Today's daily deals, the player's results and streak",
    response_model=DailyToday,
    response_model_exclude_unset=True,
    responses=error_responses(BUSY),
)
def today(request: Request, ctx: Ctx, player: PlayerId) -> dict[str, Any]:
    moment = days.now()
    day = days.day_of(moment)
    return {
        "date": day,
        "next_in": days.seconds_to_next_day(moment),
        "deals": day_deals(ctx.store, player, day, day),
        "streak": _streak(ctx, player, day),
        "name": name_of(ctx.store, player, translations(request_language(request))),
    }


@router.get(
    "/api/daily/calendar/{month}",
    summary="A month of the player's daily deals: won, played, missed",
    response_model=DailyCalendar,
    responses=error_responses(400, BUSY),
)
def month_calendar(month: Month, ctx: Ctx, player: PlayerId) -> dict[str, Any]:
    first = days.parse_month(month)
    if first is None:  # texts.MONTH refused it as the path was read
        raise MONTH.refusal(month)
    today = days.today()
    month_days = days.month_days(first)
    results = ctx.store.daily_results(player, month_days[0], month_days[-1])
    created = ctx.store.player_created(player)
    joined = today if created is None else days.day_of(created)  # never seen: new today
    calendar = daily_calendar.month(first, today, results, joined)
    return {"month": month, "days": calendar, "streak": _streak(ctx, player, today)}


@days_router.get(
    "/api/daily/{date}",
    summary="A day's daily deals and the player's results; once the day is over, each deal and a winning line",
    response_model=DailyDay,
    response_model_exclude_unset=True,
    responses=error_responses(400, 404, BUSY),
)
def one_day(date: Day, ctx: Ctx, player: PlayerId) -> dict[str, Any]:
    day, today = _day(date), days.today()
    if day < today and not ctx.store.daily_deals(day):
        raise ApiError(404, "not_found", N_("There were no daily deals on {date}"), date=day)
    return {"date": day, "deals": day_deals(ctx.store, player, day, today)}


@router.get(
    "/api/daily/{date}/{level}/leaderboard",
    summary="A daily deal's leaderboard: the top 50, the assisted results apart, and the player's place;"
    " with ?club=, among that club's members (the player's club only)",
    response_model=ClubLeaderboard,
    response_model_exclude_unset=True,
    responses=error_responses(400, 404, BUSY),
)
def board(
    request: Request,
    date: Day,
    level: DailyLevel,
    ctx: Ctx,
    player: PlayerId,
    club: Annotated[str | None, Query(description="A club's id: the board among its members"), CLUB_ID] = None,
) -> dict[str, Any]:
    day, level = _day(date), _level(level)
    tr = translations(request_language(request))
    if club is not None:
        return club_routes.answer(clubs.club_board, ctx.store, club, day, level, player, tr)
    return leaderboard(ctx.store, day, level, player, tr)


@router.get(
    "/api/daily/{date}/{level}/line/{step}",
    summary="A past day's deal after `step` actions of its winning line, every card face up (the day is over)",
    response_model=DailyLineStep,
    responses=error_responses(400, 404, BUSY),
)
def line(
    request: Request,
    date: Day,
    level: DailyLevel,
    step: Annotated[int, Path(ge=0, le=MAX_INT, description="Actions of the winning line played so far")],
    ctx: Ctx,
) -> dict[str, Any]:
    day, level = _day(date), _level(level)
    if not over(day, days.today()):
        raise ApiError(404, "not_yet", N_("The winning line of a daily deal is shown when its day is over"))
    deal = ctx.store.daily_deal(day, level)
    if deal is None:
        raise ApiError(404, "not_found", N_("There were no daily deals on {date}"), date=day)
    board = Game.from_deck(variant_of_level(level), deal.deck, profile=PROFILE)
    table = line_step(board, [], deal.line, step, translations(request_language(request)))
    return table | {"date": day, "level": level}


@levels_router.post(
    "/api/daily/{level}",
    status_code=201,
    summary="Play today's deal of a level: the counted attempt (started or resumed), else a practice attempt",
    response_model=GameView,
    response_model_exclude_unset=True,
    responses=error_responses(404, BUSY, *BODY_LIMITS),
)
async def play(request: Request, level: DailyLevel, ctx: Ctx, player: PlayerId) -> dict[str, Any]:
    level, day = _level(level), days.today()
    deal = await ctx.player_jobs.daily_deal(day, level)  # within the player's bounded wait
    if deal is None:
        raise NotReady()
    row, game = await run_in_threadpool(ctx.games.daily_attempt, player, deal)
    return view(request, row, game)


router.include_router(days_router)
router.include_router(levels_router)
