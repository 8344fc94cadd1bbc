"""What the play layer answers, as models: the web app serialises them as they are, and FastAPI
documents them in the OpenAPI schema. The base of every answer and the choices several answers
share live here, below the web app, so that a use case returns its typed result itself."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

GameId = Literal["spider", "spiderette"]
SuitCount = Literal[1, 2, 4]
RulesId = Literal["classic", "relaxed"]
Grade = Literal["easy", "medium", "hard", "expert"]  # a winnable deal's (docs/RULES.md, Grades), easiest first
Card = Annotated[str, Field(pattern=r"^(A|[2-9]|10|J|Q|K)[SHDC]$", examples=["10S", "QH"])]
Action = Annotated[
    str,
    Field(examples=["3>7", "3>7:2", "deal", "undo", "redo"], description="Action notation (docs/FORMATS.md, Actions)"),
]


class Answer(BaseModel):
    """An answer's fields are all documented: one the route sends but the model lacks is an
    error (in the tests), never silently dropped."""

    model_config = ConfigDict(extra="forbid")


# ----- names and transfer codes --------------------------------------------------------------


class DisplayName(Answer):
    display: str = Field(description='The chosen name, else the anonymous one ("Player 4821")', examples=["Ada"])
    chosen: bool = Field(description="The player chose the name (false: the anonymous one)")


class TransferCode(Answer):
    code: str = Field(
        pattern=r"^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$",
        description="Links another browser to this player, once (POST /api/player/link)",
        examples=["7KQ2-MX9D"],
    )
    expires_in: int = Field(gt=0, description="Seconds the code stays valid")
