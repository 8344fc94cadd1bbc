"""The request bodies the API accepts: unknown fields are refused, and every field takes only its own
JSON type (strict: ``0`` is not ``false``, ``"2"`` or ``2.0`` not ``2``), every number within bounds."""

from __future__ import annotations

from typing import get_args

from pydantic import BaseModel, ConfigDict, Field

from .models import MAX_INT, CardBackId, GameId, LanguageCode, ProfileId, RulesId, SuitCount, TableId


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class NewGame(_Body):
    game: GameId = "spider"
    # A Literal of integers takes JSON's true for 1 and 2.0 for 2, even in strict mode: the count is a
    # strict integer, and the engine refuses one outside its choices in its own words (bad_suits).
    suits: int = Field(1, json_schema_extra={"enum": list(get_args(SuitCount))})
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
    version: int = Field(ge=0, le=MAX_INT)
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


# ----- names and transfer codes --------------------------------------------------------------


class NameBody(_Body):
    # generous: the name rule (bad_name) says what is too long, in the player's words
    name: str | None = Field(max_length=1000, description="The display name to choose; null: back to the anonymous one")


class LinkBody(_Body):
    code: str = Field(max_length=40, description="A transfer code from another browser, e.g. 7KQ2-MX9D")
