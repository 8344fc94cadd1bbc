"""Game records (docs/FORMATS.md, Game records): the game is its record, a code or deck plus the
actions played.

    {"game": "spider", "suits": 2, "rules": "classic", "code": "SP1-S2C-AAAAAAD",
     "actions": ["3>7", "deal", "undo"], "profile": "standard"}

An optional ``"times"`` list gives the elapsed seconds of play at each action (timed profile).
This module reads and checks a record's fields; ``Game.from_record`` replays it and
``Game.record`` writes one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from math import isfinite
from typing import Any

from .codes import parse_code
from .errors import N_, SpiderError
from .variants import Variant, variant


@dataclass(frozen=True)
class RecordStart:
    """A record's fields as far as ``read_record`` checks them. ``variant`` is None for a code
    whose record names no level (the code's own); ``Game.from_record`` checks the rest in order:
    the profile, the code or deck (and that the level agrees with a code's), then ``played``."""

    code: Any
    deck: Any
    variant: Variant | None
    profile: Any
    actions: Any
    times: Any

    def played(self) -> tuple[list[Any], list[float] | None]:
        """The actions and their times (None when the record has none), checked as lists."""
        actions, times = self.actions, self.times
        if not isinstance(actions, list):
            raise SpiderError("bad_record", N_("'actions' must be a list"))
        if times is not None and (
            not isinstance(times, list) or len(times) != len(actions) or not all(_is_seconds(t) for t in times)
        ):
            raise SpiderError("bad_record", N_("'times' must be a list of seconds, one per action"))
        return actions, times


class ReplayError(SpiderError):
    """An action of a record that the rules refuse."""

    def __init__(self, index: int, action: object, cause: SpiderError) -> None:
        super().__init__(
            cause.reason, N_("action {index} ({action!r}): {error}"), index=index, action=action, error=cause.message
        )
        self.index = index
        self.action = action
        self.cause = cause


def read_record(data: object) -> RecordStart:
    """Read a record (dict or JSON text) and check its shape and level; SpiderError ("bad_record"
    or the reason of the part that is wrong) names what is wrong."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except (ValueError, UnicodeDecodeError) as e:
            raise SpiderError("bad_record", N_("The record is not valid JSON: {error}"), error=str(e)) from None
        except RecursionError:
            raise SpiderError(
                "bad_record", N_("The record is not valid JSON: {error}"), error="nested too deeply"
            ) from None
    if not isinstance(data, dict):
        raise SpiderError("bad_record", N_("A record must be a JSON object"))
    known = {"game", "suits", "rules", "code", "deck", "actions", "profile", "times"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise SpiderError(
            "bad_record", N_("Unknown field(s) in the record: {fields}"), fields=", ".join(map(repr, unknown))
        )
    code, deck = data.get("code"), data.get("deck")
    if (code is None) == (deck is None):
        raise SpiderError("bad_record", N_("A record needs exactly one of 'code' and 'deck'"))
    v = None
    if deck is not None:
        v = variant(data.get("game", "spider"), data.get("suits", 1), data.get("rules", "classic"))
    elif any(key in data for key in ("game", "suits", "rules")):
        # a code names its variant; fields that are given must agree with it, missing ones follow it
        named = parse_code(code).variant
        v = variant(data.get("game", named.game), data.get("suits", named.suits), data.get("rules", named.rules))
    return RecordStart(code, deck, v, data.get("profile", "standard"), data.get("actions", []), data.get("times"))


def _is_seconds(t: object) -> bool:
    """A time in a record: a finite, non-negative number of seconds (not a boolean)."""
    return isinstance(t, (int, float)) and not isinstance(t, bool) and isfinite(t) and t >= 0
