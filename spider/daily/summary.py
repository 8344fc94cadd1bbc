"""What the daily screen shows of a day: each level's deal, the player's counted result and
practice, the deal's fingerprint, and once the day is over the deck, a winning line and the seal
(docs/API.md, Daily deals)."""

from __future__ import annotations

from typing import Any

from ..engine import variant_of_level
from ..store import DailyDeal, DailyResult, GameRow, Store
from .fairness import fingerprint
from .levels import LEVELS

FIRST_DAY = "0001-01-01"  # before any daily deal: a streak is counted over every result


def over(day: str, today: str) -> bool:
    """Whether ``day`` is over: its deck and line may be shown, its games reviewed."""
    return day < today


def result_of(store: Store, result: DailyResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "state": result.state,
        "moves": result.moves,
        "seconds": result.seconds,
        "assisted": result.assisted,
        "rank": store.daily_rank(result),
        "game": result.game,
    }


def deal_fingerprint(deal: DailyDeal) -> str | None:
    """The deal's fingerprint, shown from the start of its day; None for a deal made before seals."""
    return None if deal.seal is None else fingerprint(deal.seal.salt, deal.day, deal.level, deal.deck)


def revealed(deal: DailyDeal) -> dict[str, Any]:
    """The deal as a record's start (``game``, ``suits``, ``rules``, ``deck``), its winning line,
    and its seal (``salt``, ``day_key``, ``attempt``; null when it cannot be verified)."""
    v = variant_of_level(deal.level)
    seal = None if deal.seal is None else vars(deal.seal).copy()
    return {
        "deck": {"game": v.game, "suits": v.suits, "rules": v.rules, "deck": deal.deck},
        "line": deal.line,
        "seal": seal,
    }


def practice(games: list[GameRow], counted: DailyResult | None) -> dict[str, int]:
    """The player's other games of the deal: started and won."""
    others = [g for g in games if counted is None or g.id != counted.game]
    return {"played": len(others), "won": sum(g.status == "won" for g in others)}


def day_deals(store: Store, player: str, day: str, today: str) -> list[dict[str, Any]]:
    """Each level's entry of ``day`` (``difficulty`` null while its deal is not made)."""
    deals = {deal.level: deal for deal in store.daily_deals(day)}
    games = store.daily_games(player, day)
    results = {result.level: result for result in store.daily_results(player, day, day)}
    out = []
    for level in LEVELS:
        deal = deals.get(level)
        counted = results.get(level)
        entry: dict[str, Any] = {
            "level": level,
            "difficulty": deal.difficulty if deal else None,
            "fingerprint": deal_fingerprint(deal) if deal else None,
            "result": result_of(store, counted),
            "practice": practice([g for g in games if g.level == level], counted),
        }
        if over(day, today) and deal is not None:
            entry |= revealed(deal)
        out.append(entry)
    return out
