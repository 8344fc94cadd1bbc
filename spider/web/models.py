"""The answers the API sends, as models: FastAPI documents them in the OpenAPI schema (``/docs``)
and checks every answer against them. The choices (games, suit counts, rules, profiles,
languages) are ``Literal`` types that a test holds equal to the engine's tables."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

GameId = Literal["spider", "spiderette"]
SuitCount = Literal[1, 2, 4]
RulesId = Literal["classic", "relaxed"]
ProfileId = Literal["standard", "timed", "moves"]
LanguageCode = Literal["en", "ru", "sk", "fi"]


class Answer(BaseModel):
    """An answer's fields are all documented: one the route sends but the model lacks is an
    error (in the tests), never silently dropped."""

    model_config = ConfigDict(extra="forbid")


# ----- settings ------------------------------------------------------------------------------


class Settings(Answer):
    lang: LanguageCode | None = Field(description="The player's explicit language, or null: the browser's")
    double_click: bool = Field(description="A double click or tap sends cards to the best column")
    single_tap: bool = Field(description="A single tap sends cards to the best column")
    auto_place: bool = Field(description="Cards go to the best column as soon as they are picked up")
    placement_help: bool = Field(description="Highlight the columns that accept the picked-up cards")
    sound: bool
    profile: ProfileId = Field(description="The scoring profile of new games")


# ----- the catalog ---------------------------------------------------------------------------


class Level(Answer):
    key: str = Field(description="The level's key, as in /api/stats/{level}", examples=["spider-2-relaxed"])
    game: GameId
    suits: SuitCount
    rules: RulesId
    name: str = Field(examples=["Spider, 2 suits (Medium), relaxed rules"])


class GameChoice(Answer):
    id: GameId
    name: str


class SuitsChoice(Answer):
    count: SuitCount
    name: str = Field(examples=["2 suits (Medium)"])


class RulesChoice(Answer):
    id: RulesId
    name: str
    description: str = Field(description='What the option changes; "" for classic rules')


class ProfileChoice(Answer):
    id: ProfileId
    name: str = Field(examples=["Standard"])
    label: str = Field(examples=["Standard: 500 points, 100 undos"])


class LanguageChoice(Answer):
    code: LanguageCode
    name: str = Field(description="The language's own name (never translated)", examples=["Suomi"])


class Catalog(Answer):
    """Everything the dialogs offer, in the request's language. The rules a game and suit count
    offer are the ``levels`` that have them."""

    levels: list[Level] = Field(description="Every level that exists, in the engine's order")
    games: list[GameChoice]
    suits: list[SuitsChoice]
    rules: list[RulesChoice]
    profiles: list[ProfileChoice]
    languages: list[LanguageChoice]
    default_settings: Settings = Field(description="A new player's settings")
