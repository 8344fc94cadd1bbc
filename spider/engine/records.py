"""Game records (docs/FORMATS.md, Game records): the game is its record, a code or deck plus the
actions played.

    {"game": "spider", "suits": 2, "rules": "classic", "code": "SP1-S2C-AAAAAAD",
     "actions": ["3>7", "deal", "undo"], "profile": "standard"}

An optional ``"times"`` list gives the elapsed seconds of play at each action (timed profile).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from math import isfinite
from typing import Any

from .actions import Action, Move, Outcome
from .cards import card_text
from .codes import format_code, parse_code, shuffled_deck
from .deck import parse_deck
from .errors import N_, IllegalAction, SpiderError
from .game import Game
from .notation import format_action, format_move, parse_action, parse_text
from .scoring import profile
from .variants import Variant, variant


@dataclass
class Session:
    """A game together with the text of every action applied to it, in order."""

    game: Game
    actions: list[str] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    @property
    def code(self) -> str | None:
        g = self.game
        return None if g.deal_number is None else format_code(g.variant, g.deal_number)

    def play(self, text: str | Action, elapsed: float | None = None) -> str:
        """Apply one action (notation, or an action already parsed); return its canonical text.
        Raise SpiderError (bad notation) or IllegalAction (refused by the rules); either way
        nothing changes."""
        return self.step(text, elapsed)[0]

    def step(self, text: str | Action, elapsed: float | None = None) -> tuple[str, Outcome]:
        """Like ``play``, and also say what the action did."""
        if isinstance(text, str):  # DEAL and UNDO are text too
            parsed = parse_text(text)
        elif isinstance(text, Move):
            parsed = text
        else:
            parsed = parse_action(text)  # refuses anything else with a clear message
        g = self.game
        action = g.check(parsed)
        if isinstance(parsed, Move) and parsed.size is None:
            canonical = format_move(parsed.src, parsed.dst)  # the implied form stays implied
        else:
            canonical = format_action(action)
        if elapsed is not None:
            g.advance_clock(elapsed)
        outcome = g.perform(action)
        self.actions.append(canonical)
        if elapsed is not None or self.times:
            # A record's times are one per action, so that ``record()`` always loads again: actions
            # played before the first time was given count as played at 0 s, an action without a
            # time at the clock as it stands. The game's clock, not the raw argument, is kept: it
            # never goes back and is never negative, and replaying it has the same effect.
            self.times.extend([0.0] * (len(self.actions) - 1 - len(self.times)))
            self.times.append(g.elapsed)
        return canonical, outcome

    def record(self) -> dict[str, Any]:
        g = self.game
        out: dict[str, Any] = {"game": g.variant.game, "suits": g.variant.suits, "rules": g.variant.rules}
        if g.deal_number is not None:
            out["code"] = self.code
        else:
            out["deck"] = [card_text(c) for c in g.deck]
        out["actions"] = list(self.actions)
        out["profile"] = g.profile.name
        if self.times:
            out["times"] = list(self.times)
        return out


def new_session(
    code: str | None = None, *, deck: list[Any] | None = None, v: Variant | None = None, profile_name: str = "standard"
) -> Session:
    """Start a game from a code, or from a variant and an explicit deck."""
    scoring = profile(profile_name)
    if code is not None:
        parsed = parse_code(code)
        if v is not None and v != parsed.variant:
            raise SpiderError(
                "bad_record",
                N_("The code {code} is for {code_level}, not {level}"),
                code=code,
                code_level=parsed.variant.key,
                level=v.key,
            )
        return Session(Game(parsed.variant, shuffled_deck(parsed.variant, parsed.deal), scoring, parsed.deal))
    if v is None or deck is None:
        raise SpiderError("bad_record", N_("A game needs a code, or a variant and a deck"))
    return Session(Game(v, parse_deck(v, deck), scoring))


class ReplayError(SpiderError):
    """An action of a record that the rules refuse."""

    def __init__(self, index: int, action: object, cause: SpiderError) -> None:
        super().__init__(
            cause.reason, N_("action {index} ({action!r}): {error}"), index=index, action=action, error=cause.message
        )
        self.index = index
        self.action = action
        self.cause = cause


def load_record(data: object, *, replay: bool = True) -> Session:
    """Build a session from a record (dict or JSON text) and replay its actions."""
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
    session = new_session(code, deck=deck, v=v, profile_name=data.get("profile", "standard"))
    actions = data.get("actions", [])
    times = data.get("times")
    if not isinstance(actions, list):
        raise SpiderError("bad_record", N_("'actions' must be a list"))
    if times is not None and (
        not isinstance(times, list) or len(times) != len(actions) or not all(_is_seconds(t) for t in times)
    ):
        raise SpiderError("bad_record", N_("'times' must be a list of seconds, one per action"))
    if replay:
        for index, action in enumerate(actions):
            try:
                session.step(action, times[index] if times else None)
            except SpiderError as e:
                raise ReplayError(index, action, e) from None
    return session


def _is_seconds(t: object) -> bool:
    """A time in a record: a finite, non-negative number of seconds (not a boolean)."""
    return isinstance(t, (int, float)) and not isinstance(t, bool) and isfinite(t) and t >= 0


def legal_action_texts(game: Game) -> list[str]:
    """The legal actions of a position in explicit notation (``F>T:N`` and ``deal``)."""
    return [format_action(a) for a in game.legal_moves()]


__all__ = ["Session", "new_session", "load_record", "ReplayError", "IllegalAction", "legal_action_texts"]
