"""The texts the API reads by a rule of their own: game codes, actions, cards, days, months, transfer
codes and display names.

Each rule is one object that both the OpenAPI schema and the validation read: written
``Annotated[str, RULE]`` on a path parameter or a body field, it puts its ``pattern`` (and lengths)
in the schema and checks the same, so a text the schema allows is never refused for its form. A
text that breaks it is refused in the words of the code that reads such texts (``bad_code``,
``bad_action``, ``bad_date``…; ``http/errors.py`` turns the rule's error into that answer).
Patterns use ASCII classes only, so that Python, the schema's ECMA-262 readers and pydantic read
them alike; where the engine reads a text, the pattern is made from the engine's own tables."""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from pydantic import AfterValidator, GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue

from ..daily import days
from ..daily.names import LONGEST_NAME, SHORTEST_NAME, check_name
from ..daily.transfers import LENGTH, normalized
from ..engine import (
    DEAL,
    N_,
    RANKS,
    REDO,
    SUITS,
    UNDO,
    SpiderError,
    all_variants,
    format_code,
    parse_action,
    parse_card,
    parse_code,
)
from ..play import players
from ..play.clubs import BadInvite, NoClub
from .http.errors import ApiError, Refused

BAD_TRANSFER = players.BAD_TRANSFER


@dataclass(frozen=True, eq=False)
class TextRule:
    """``name``: what the rule reads; ``refusal``: the answer to a text that breaks it; ``pattern``:
    the whole text's form; ``accepts``: a check the pattern cannot say, which ``schema`` must (a day
    on the calendar: ``"format": "date"``)."""

    name: str
    refusal: Callable[[str], SpiderError]
    pattern: str | None = None
    min_length: int | None = None
    max_length: int | None = None
    accepts: Callable[[str], bool] | None = None
    schema: dict[str, Any] = field(default_factory=dict)

    @cached_property
    def regex(self) -> re.Pattern[str] | None:
        return re.compile(self.pattern) if self.pattern else None

    def holds(self, text: str) -> bool:
        return (
            (self.min_length is None or len(text) >= self.min_length)
            and (self.max_length is None or len(text) <= self.max_length)
            and (self.regex is None or self.regex.fullmatch(text) is not None)
            and (self.accepts is None or self.accepts(text))
        )

    def check(self, text: str) -> str:
        if not self.holds(text):
            raise Refused(self.refusal(text))
        return text

    # pydantic's hooks for an Annotated rule: check it after the text is read, and show it in the schema
    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> Any:
        return AfterValidator(self.check).__get_pydantic_core_schema__(source, handler)

    def __get_pydantic_json_schema__(self, schema: Any, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        shown = handler(schema)
        if self.pattern is not None:
            shown["pattern"] = f"^{self.pattern}$"
        if self.min_length is not None:
            shown["minLength"] = self.min_length
        if self.max_length is not None:
            shown["maxLength"] = self.max_length
        return shown | self.schema


def _either_case(text: str) -> str:
    """``text`` (letters, digits and ``-``) as a pattern that takes its letters in either case
    (ECMA-262 has no ``(?i)``; nor does it read an escaped ``-`` outside brackets)."""
    assert all(c.isascii() and (c.isalnum() or c == "-") for c in text), text
    return "".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else c for c in text)


def _refused_by(read: Callable[[str], object], otherwise: Callable[[str], SpiderError]) -> Callable[[str], SpiderError]:
    """The refusal of the code that reads such texts (naming what is wrong), else ``otherwise``'s (a
    text that code would have taken, such as one with spaces around it, that the API does not)."""

    def refusal(text: str) -> SpiderError:
        try:
            read(text)
        except SpiderError as err:
            return err
        return otherwise(text)

    return refusal


def _game_code_pattern() -> str:
    """Every level's code as the engine writes it (``SP1-S2C-``, ``SD1-S4-``…), then its deal letters."""
    written = [format_code(v, 0).rsplit("-", 1) for v in all_variants()]
    heads = "|".join(_either_case(head) for head, _ in written)
    return f"(?:{heads})-[A-Za-z]{{{len(written[0][1])}}}"


GAME_CODE = TextRule(
    "game_code",
    _refused_by(
        parse_code,
        lambda text: SpiderError(
            "bad_code",
            N_("Malformed game code {code!r}: expected SP1-S<suits><C|R>-<7 letters> or SD1-S<suits>-<7 letters>"),
            code=text,
            part=text,
        ),
    ),
    _game_code_pattern(),
)

# F>T or F>T:N (1 to 3 digits each, N not 0: the rules refuse a column that is not there, 422), or a word
_COUNT = "(?:[0-9]{0,2}[1-9]|[0-9]?[1-9][0-9]|[1-9][0-9]{2})"
_WORDS = "|".join(_either_case(word.value) for word in (DEAL, UNDO, REDO))  # the words, as parse_action reads them
ACTION = TextRule(
    "action",
    _refused_by(
        parse_action,
        lambda text: SpiderError(
            "bad_action", N_("Unknown action {action!r}: expected F>T, F>T:N, deal, undo or redo"), action=text
        ),
    ),
    f"(?:{_WORDS}|[0-9]{{1,3}}>[0-9]{{1,3}}(?::{_COUNT})?)",
)


def _reads(read: Callable[[str], object], text: str) -> bool:
    try:
        read(text)
    except SpiderError:
        return False
    return True


# the ranks' texts and any other the engine reads (T for 10), then the suit, in either case
_RANKS = [*RANKS, *(c for c in string.ascii_uppercase if c not in RANKS and _reads(parse_card, c + SUITS[0]))]
CARD = TextRule(
    "card",
    _refused_by(
        parse_card,
        lambda text: SpiderError(
            "bad_card", N_("Unknown card {card!r}: expected a rank A 2-10 J Q K (or T) and a suit S H D C"), card=text
        ),
    ),
    f"(?:{'|'.join(_either_case(rank) for rank in _RANKS)})[{SUITS}{SUITS.lower()}]",
)

DAY = TextRule(
    "day",
    lambda text: SpiderError("bad_date", N_("Not a date: {date} (write it as YYYY-MM-DD)"), date=text),
    days.DAY_PATTERN,
    accepts=lambda text: days.parse_day(text) is not None,
    schema={"format": "date"},
)
MONTH = TextRule(
    "month",
    lambda text: SpiderError("bad_date", N_("Not a month: {month} (write it as YYYY-MM)"), month=text),
    days.MONTH_PATTERN,
    accepts=lambda text: days.parse_month(text) is not None,
)

# what transfers.normalized reads: its characters in either case (look-alikes too) between separators
_CODE_CHARS = "".join(c for c in string.ascii_letters + string.digits if normalized(c * LENGTH))
_SEPARATORS = sorted((c for c in string.punctuation + " " if normalized("0" * LENGTH + c)), key=lambda c: c != "-")
_BETWEEN = f"[{''.join(_SEPARATORS)}]*"  # a dash first: a dash, not a range
TRANSFER_CODE = TextRule(
    "transfer_code",
    lambda _text: SpiderError("bad_transfer", BAD_TRANSFER),
    f"{_BETWEEN}(?:[{_CODE_CHARS}]{_BETWEEN}){{{LENGTH}}}",
    max_length=40,
)

# A name is judged in its NFKC form with spaces trimmed (daily.names); as sent it may be longer (a
# letter and its accent apart, spaces around), within this bound.
NAME = TextRule(
    "name",
    _refused_by(
        check_name,
        lambda _text: SpiderError(
            "bad_name",
            N_("A name has {shortest} to {longest} characters"),
            shortest=SHORTEST_NAME,
            longest=LONGEST_NAME,
        ),
    ),
    min_length=1,
    max_length=4 * LONGEST_NAME,
)

# A club's invite token and id (spider/play/clubs.py makes both with secrets.token_urlsafe): another
# text is an invite no club has (400 bad_invite), a club nobody is in (404 no_club).
INVITE = TextRule("invite", lambda _text: BadInvite(), "[A-Za-z0-9_-]{8,64}")
CLUB_ID = TextRule("club", lambda _text: ApiError(404, "no_club", NoClub().template), "[A-Za-z0-9_-]{1,32}")

RULES = {rule.name: rule for rule in (GAME_CODE, ACTION, CARD, DAY, MONTH, TRANSFER_CODE, NAME, INVITE, CLUB_ID)}
