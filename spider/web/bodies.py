"""The request bodies the API accepts: unknown fields are refused, and every field takes only its own
JSON type (strict: ``0`` is not ``false``, ``"2"`` or ``2.0`` not ``2``), every number within bounds,
every text of a kind the API reads by its rule (``texts``)."""

from __future__ import annotations

from typing import Annotated, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..engine import N_, SpiderError
from ..play.syncing import MAX_ACTIONS as MAX_BATCH
from .http.errors import Refused
from .models import MAX_INT, CardBackId, GameId, Grade, LanguageCode, ProfileId, RulesId, SuitCount, TableId
from .texts import ACTION, CARD, GAME_CODE, INVITE, NAME, TRANSFER_CODE


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class NewGame(_Body):
    game: GameId = "spider"
    # A Literal of integers takes JSON's true for 1 and 2.0 for 2, even in strict mode: the count is a
    # strict integer, and the engine refuses one outside its choices in its own words (bad_suits).
    suits: int = Field(1, json_schema_extra={"enum": list(get_args(SuitCount))})
    rules: RulesId = "classic"
    profile: ProfileId = "standard"
    code: Annotated[str, GAME_CODE] | None = Field(None, description="A game code, in either case")
    deck: list[Annotated[str, CARD]] | None = Field(None, max_length=104, description="Every card, in deal order")
    actions: list[Annotated[str, ACTION]] = Field(default_factory=list, max_length=5000)
    winnable: bool = False
    grade: Grade | None = Field(None, description="A winnable deal of this grade (docs/RULES.md, Grades)")


class Best(_Body):
    column: int = Field(ge=1, le=10)
    count: int = Field(ge=1, le=13)


class ActionBody(_Body):
    # an action or a best move to play (the best wins when both are sent): the schema says so too
    model_config = ConfigDict(
        json_schema_extra={
            "anyOf": [
                {"required": ["action"], "properties": {"action": {"not": {"type": "null"}}}},
                {"required": ["best"], "properties": {"best": {"not": {"type": "null"}}}},
            ]
        }
    )

    version: int = Field(ge=0, le=MAX_INT)
    action: Annotated[str, ACTION] | None = Field(None, description="Action notation (docs/FORMATS.md, Actions)")
    best: Best | None = None
    elapsed: float | None = Field(None, ge=0, le=10_000_000)

    @model_validator(mode="after")
    def _something_to_play(self) -> ActionBody:
        if self.action is None and self.best is None:
            raise Refused(SpiderError("bad_request", N_("An action needs 'action' or 'best'")))
        return self


class WinnableBody(_Body):
    game: GameId = "spider"
    suits: int = Field(1, json_schema_extra={"enum": list(get_args(SuitCount))})  # strict: as NewGame's
    rules: RulesId = "classic"
    grade: Grade | None = Field(None, description="Of this grade when one is ready, else of the nearest")


class SyncStart(_Body):
    code: Annotated[str, GAME_CODE] = Field(description="The game code of the deal the page started")
    profile: ProfileId = "standard"
    proof: str | None = Field(
        None,
        pattern=r"^[A-Za-z0-9_-]{1,128}$",
        description="From POST /api/deals/winnable: the deal is created graded and proven winnable",
    )


class SyncBody(_Body):
    version: int = Field(ge=0, le=MAX_INT, description="The actions the server had acknowledged before these")
    actions: list[Annotated[str, ACTION]] = Field(
        max_length=MAX_BATCH,
        description="Actions as the record keeps them (docs/FORMATS.md, Actions): a redo as the action it played;"
        " none only with a game's start (the game is created, not yet played)",
    )
    times: list[Annotated[float, Field(ge=0, le=10_000_000, allow_inf_nan=False)]] = Field(
        max_length=MAX_BATCH, description="The game's clock at each action, seconds, never going back"
    )
    start: SyncStart | None = Field(
        None, description="The deal, for a game the page started (created at its first sync)"
    )


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
    left_handed: bool | None = None


# ----- names and transfer codes --------------------------------------------------------------


class NameBody(_Body):
    name: Annotated[str, NAME] | None = Field(
        description="The display name to choose (3 to 20 letters, digits, spaces and - _ . once in NFKC form and"
        " trimmed: docs/API.md, Display names); null: back to the anonymous one"
    )


class LinkBody(_Body):
    code: Annotated[str, TRANSFER_CODE] = Field(
        description="A transfer code from another browser, e.g. 7KQ2-MX9D (either case, with or without the dash)"
    )


class ClubBody(_Body):
    name: Annotated[str, NAME] = Field(
        description="The club's name: the display names' rule (docs/API.md, Display names)", examples=["Tuesday cards"]
    )


class InviteBody(_Body):
    invite: Annotated[str, INVITE] = Field(
        description="The token of a club's invite link (what follows #join= in it)",
        examples=["dG9rZW4tb2YtYW4taW52aXRl"],
    )
