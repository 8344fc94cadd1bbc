"""The request bodies the API accepts; unknown fields are refused."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from .models import CardBackId, GameId, LanguageCode, ProfileId, RulesId, SuitCount, TableId


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewGame(_Body):
    game: GameId = "spider"
    suits: SuitCount = 1
    rules: RulesId = "classic"
    profile: ProfileId = "standard"
    code: str | None = Field(None, max_length=40)
    deck: list[str] | None = Field(None, max_length=104)
    actions: list[str] = Field(default_factory=list, max_length=5000)
    winnable: bool = False


class Best(_Body):
    column: int = Field(ge=1, le=10)
    count: int = Field(ge=1, le=13)


class ActionBody(_Body):
    version: int = Field(ge=0)
    action: str | None = Field(None, max_length=20)
    best: Best | None = None
    elapsed: float | None = Field(None, ge=0, le=10_000_000)


class SolveBody(_Body):
    time_limit: float = Field(10.0, gt=0, le=60)


class ClockBody(_Body):
    elapsed: float = Field(ge=0, le=10_000_000)


class SettingsBody(_Body):
    lang: LanguageCode | None = None
    double_click: bool | None = None
    single_tap: bool | None = None
    auto_place: bool | None = None
    placement_help: bool | None = None
    sound: bool | None = None
    profile: ProfileId | None = None
    card_back: CardBackId | None = None
    table: TableId | None = None
