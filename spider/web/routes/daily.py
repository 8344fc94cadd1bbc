"""Daily deals: the day's deals and the player's results, a month's calendar, playing a deal, and
its leaderboard (docs/API.md, Daily deals)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from starlette.concurrency import run_in_threadpool

from ...daily import PROFILE, days, is_level
from ...daily import calendar as daily_calendar
from ...daily.board import leaderboard
from ...daily.summary import FIRST_DAY, day_deals, over
from ...engine import N_, Game, variant_of_level
from ...i18n import translations
from ...store import DailyDeal, GameRow
from ..context import Ctx, view
from ..daily_models import DailyCalendar, DailyDay, DailyLineStep, DailyToday, Leaderboard
from ..http.errors import BODY_LIMITS, ApiError, error_responses
from ..language import request_language
from ..line_steps import line_step
from ..models import MAX_INT, GameView
from ..players import name_of

router = APIRouter()

NOT_READY = N_("Today's deal is still being prepared: try again in a minute")


def _day(text: str) -> str:
    """A day asked for: 400 bad_date when malformed, 404 not_yet when it has not come yet."""
    if days.parse_day(text) is None:
        raise ApiError(400, "bad_date", N_("Not a date: {date} (write it as YYYY-MM-DD)"), date=text)
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
)
def today(request: Request, ctx: Ctx) -> dict[str, Any]:
    player, moment = request.state.player, days.now()
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
    responses=error_responses(400),
)
def month_calendar(request: Request, month: str, ctx: Ctx) -> dict[str, Any]:
    first = days.parse_month(month)
    if first is None:
        raise ApiError(400, "bad_date", N_("Not a month: {month} (write it as YYYY-MM)"), month=month)
    player, today = request.state.player, days.today()
    month_days = days.month_days(first)
    results = ctx.store.daily_results(player, month_days[0], month_days[-1])
    calendar = daily_calendar.month(first, today, results)
    return {"month": month, "days": calendar, "streak": _streak(ctx, player, today)}


@router.get(
    "/api/daily/{date}",
    summary="A day's daily deals and the player's results; once the day is over, each deal and a winning line",
    response_model=DailyDay,
    response_model_exclude_unset=True,
    responses=error_responses(400, 404),
)
def one_day(request: Request, date: str, ctx: Ctx) -> dict[str, Any]:
    day, today = _day(date), days.today()
    if day < today and not ctx.store.daily_deals(day):
        raise ApiError(404, "not_found", N_("There were no daily deals on {date}"), date=day)
    return {"date": day, "deals": day_deals(ctx.store, request.state.player, day, today)}


@router.get(
    "/api/daily/{date}/{level}/leaderboard",
    summary="A daily deal's leaderboard: the top 50, the assisted results apart, and the player's place",
    response_model=Leaderboard,
    responses=error_responses(400, 404),
)
def board(request: Request, date: str, level: str, ctx: Ctx) -> dict[str, Any]:
    day, level = _day(date), _level(level)
    return leaderboard(ctx.store, day, level, request.state.player, translations(request_language(request)))


@router.get(
    "/api/daily/{date}/{level}/line/{step}",
    summary="A past day's deal after `step` actions of its winning line, every card face up (the day is over)",
    response_model=DailyLineStep,
    responses=error_responses(400, 404),
)
def line(
    request: Request,
    date: str,
    level: str,
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


@router.post(
    "/api/daily/{level}",
    status_code=201,
    summary="Play today's deal of a level: the counted attempt (started or resumed), else a practice attempt",
    response_model=GameView,
    response_model_exclude_unset=True,
    responses=error_responses(404, 503, *BODY_LIMITS),
)
async def play(request: Request, level: str, ctx: Ctx) -> dict[str, Any]:
    level, day = _level(level), days.today()
    deal = await ctx.solving.daily_deal(day, level)
    if deal is None:
        raise ApiError(503, "daily_not_ready", NOT_READY)
    row, game = await run_in_threadpool(_attempt, ctx, request.state.player, deal)
    return view(request, row, game)


def _attempt(ctx: Ctx, player: str, deal: DailyDeal) -> tuple[GameRow, Game]:
    """The player's game of the deal: their unfinished one, else a new one (the store makes the
    first one their counted attempt, and any later one practice)."""
    current = ctx.games.current(player)
    if current is not None and current[0].daily == deal.day and current[0].level == deal.level:
        return current
    v = variant_of_level(deal.level)
    spec = {"game": v.game, "suits": v.suits, "rules": v.rules, "deck": deal.deck, "profile": PROFILE}
    return ctx.games.create(player, spec | {"daily": deal.day})
