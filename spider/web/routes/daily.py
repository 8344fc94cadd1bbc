"""Daily deals: the day's deals and the player's results, a month's calendar, playing a deal, and
its leaderboard (docs/API.md, Daily deals)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Path, Query, Response
from fastapi.routing import APIRoute
from starlette.routing import Match
from starlette.types import Scope

from ...play.club_answers import ClubLeaderboard
from ...play.daily import LEVELS, is_level
from ...play.daily_answers import DailyCalendar, DailyDay, DailyLineStep, DailyToday
from ..context import Ctx, Tr
from ..http.answers import sent
from ..http.errors import BODY_LIMITS, BUSY, error_responses
from ..identity import PlayerId
from ..models import MAX_INT, GameView
from ..texts import CLUB_ID, DAY, MONTH


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

# A day (a malformed one is a 400 bad_date: texts.DAY), a month, and a level of the daily deals (another
# is a 404: there is no such deal)
Day = Annotated[str, Path(description="A day, YYYY-MM-DD (UTC)", examples=["2026-12-05"]), DAY]
Month = Annotated[str, Path(description="A month, YYYY-MM", examples=["2026-12"]), MONTH]
DailyLevel = Annotated[
    str, Path(description="A level of the daily deals", json_schema_extra={"enum": list(LEVELS)}, examples=[LEVELS[0]])
]


def _day(text: str) -> str:
    """A day asked for: 400 bad_date when malformed (as the path is read, and here again: the one
    rule, texts.DAY)."""
    if not DAY.holds(text):
        raise DAY.refusal(text)
    return text


@router.get(
    "/api/daily",
    summary="Today's daily deals, the player's results and streak",
    response_model=DailyToday,
    response_model_exclude_unset=True,
    responses=error_responses(BUSY),
)
def today(ctx: Ctx, player: PlayerId, tr: Tr) -> Response:
    return sent(ctx.daily.today(player, tr))


@router.get(
    "/api/daily/calendar/{month}",
    summary="A month of the player's daily deals: won, played, missed",
    response_model=DailyCalendar,
    responses=error_responses(400, BUSY),
)
def month_calendar(month: Month, ctx: Ctx, player: PlayerId) -> Response:
    if not MONTH.holds(month):  # texts.MONTH refused it as the path was read
        raise MONTH.refusal(month)
    return sent(ctx.daily.calendar(player, month))


@days_router.get(
    "/api/daily/{date}",
    summary="A day's daily deals and the player's results; once the day is over, each deal and a winning line",
    response_model=DailyDay,
    response_model_exclude_unset=True,
    responses=error_responses(400, 404, BUSY),
)
def one_day(date: Day, ctx: Ctx, player: PlayerId) -> Response:
    return sent(ctx.daily.day(player, _day(date)))


@router.get(
    "/api/daily/{date}/{level}/leaderboard",
    summary="A daily deal's leaderboard: the top 50, the assisted results apart, and the player's place;"
    " with ?club=, among that club's members (the player's club only)",
    response_model=ClubLeaderboard,
    response_model_exclude_unset=True,
    responses=error_responses(400, 404, BUSY),
)
def board(
    date: Day,
    level: DailyLevel,
    ctx: Ctx,
    player: PlayerId,
    tr: Tr,
    club: Annotated[str | None, Query(description="A club's id: the board among its members"), CLUB_ID] = None,
) -> Response:
    return sent(ctx.daily.leaderboard(player, _day(date), level, club, tr))


@router.get(
    "/api/daily/{date}/{level}/line/{step}",
    summary="A past day's deal after `step` actions of its winning line, every card face up (the day is over)",
    response_model=DailyLineStep,
    responses=error_responses(400, 404, BUSY),
)
def line(
    date: Day,
    level: DailyLevel,
    step: Annotated[int, Path(ge=0, le=MAX_INT, description="Actions of the winning line played so far")],
    ctx: Ctx,
    tr: Tr,
) -> Response:
    return sent(ctx.daily.winning_line(_day(date), level, step, tr))


@levels_router.post(
    "/api/daily/{level}",
    status_code=201,
    summary="Play today's deal of a level: the counted attempt (started or resumed), else a practice attempt",
    response_model=GameView,
    response_model_exclude_unset=True,
    responses=error_responses(404, BUSY, *BODY_LIMITS),
)
async def play(level: DailyLevel, ctx: Ctx, player: PlayerId, tr: Tr) -> Response:
    return sent(await ctx.daily.play(player, level, tr), status_code=201)


router.include_router(days_router)
router.include_router(levels_router)
