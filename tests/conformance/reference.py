"""The Python engine's answers as the conformance corpus and the differential test keep them: each
action's events or refusal, and the view the browser engine (spider/web/static/engine) must give.

``engine_view`` is the engine's part of the web API's GameView, built as spider/play/views.py
builds it, plus the table's English description. ``canonical`` and ``digest`` are written so that
node recomputes them byte for byte (tests/js/conformance-lib.mjs)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from spider.engine import Game, Move, SpiderError, describe, variant
from spider.play.views import movable_groups


def engine_view(game: Game, described: bool = True) -> dict[str, Any]:
    """The view of spider/play/views.py's ``game_view`` as far as the engine makes it (with its
    ``description`` when ``described``)."""
    view = game.view()
    view |= {
        "code": game.code,
        "undo_limit": game.profile.undo_limit,
        "can_redo": game.can_redo,
        "groups": movable_groups(game),
    }
    if described:
        view["description"] = describe(view)
    return view


def refusal(error: SpiderError) -> dict[str, Any]:
    return {"reason": error.reason, "params": dict(error.params), "message": error.message}


def start_game(start: dict[str, Any]) -> Game:
    """A game as a start of the corpus says: ``code``, ``deck`` (with ``level``) or ``record``."""
    if "record" in start:
        return Game.from_record(start["record"])
    profile = start.get("profile", "standard")
    if "deck" in start:
        game, suits, rules = start["level"]
        return Game.from_deck(variant(game, suits, rules), start["deck"], profile)
    return Game.from_code(start["code"], profile)


def apply(game: Game, action: Any, elapsed: float | None) -> dict[str, Any] | None:
    """Play an action as the browser engine takes it: notation, ``{"best": {column, count}}`` (as
    the web API's best column) or ``{"clock": seconds}`` (advance the clock; no events)."""
    if isinstance(action, dict) and "clock" in action:
        game.advance_clock(action["clock"])
        return None
    if isinstance(action, dict) and "best" in action:
        column, count = action["best"]["column"], action["best"]["count"]
        action = Move(column - 1, game.best_column(column - 1, count), count)
    return game.apply(action, elapsed).events()


def canonical(value: Any) -> str:
    """JSON with sorted keys and no spaces, as node's ``canonical`` writes it."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(value: Any) -> str:
    return hashlib.sha256(canonical(value).encode()).hexdigest()[:16]
