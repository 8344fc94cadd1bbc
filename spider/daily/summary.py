"""When a day's deals may be shown whole, and a deal's fingerprint (docs/API.md, Daily deals)."""

from __future__ import annotations

from ..store import DailyDeal
from .fairness import fingerprint

FIRST_DAY = "0001-01-01"  # before any daily deal: a streak is counted over every result


def over(day: str, today: str) -> bool:
    """Whether ``day`` is over: its deck and line may be shown, its games reviewed."""
    return day < today


def deal_fingerprint(deal: DailyDeal) -> str | None:
    """The deal's fingerprint, shown from the start of its day; None for a deal made before seals."""
    return None if deal.seal is None else fingerprint(deal.seal.salt, deal.day, deal.level, deal.deck)
