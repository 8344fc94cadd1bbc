"""The clubs' answers (docs/API.md, Clubs): what the clubs service returns, as the API sends it."""

from __future__ import annotations

from pydantic import Field

from .answers import Answer
from .daily_answers import Day, Leaderboard, ResultState, Streak


class ClubSummary(Answer):
    id: str = Field(description="The club's id, for /api/clubs/{club} and a leaderboard's ?club=")
    name: str
    members: int = Field(ge=1, description="How many players are in it")
    owner: bool = Field(description="You own it: you may replace its invite link")
    invite: str | None = Field(description="Its invite's token (the link is /#join=TOKEN); null unless you own it")


class ClubList(Answer):
    clubs: list[ClubSummary] = Field(description="Your clubs, in the order you joined them")
    most: int = Field(description="How many clubs a player may be in")


class MemberResult(Answer):
    level: str
    state: ResultState
    moves: int = Field(ge=0)
    seconds: float = Field(ge=0)
    assisted: bool


class ClubMemberView(Answer):
    name: str = Field(description="The chosen display name, else Player NNNN")
    player: str = Field(description="The player's public id (12 hex digits)")
    you: bool
    owner: bool = Field(description="The club's owner")
    streak: Streak
    today: list[MemberResult] = Field(description="Their counted attempts at today's deals, by level")


class ClubPage(ClubSummary):
    date: Day = Field(description="Today (UTC)")
    levels: list[str] = Field(description="The levels of the daily deals, for their boards among the members")
    roster: list[ClubMemberView] = Field(description="The members, in the order they joined")


class ClubLeaderboard(Leaderboard):
    club: str | None = Field(default=None, description="The club whose members the board ranks (asked with ?club=)")
