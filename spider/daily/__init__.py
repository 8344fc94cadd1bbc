"""Daily deals (docs/RULES.md, Daily deals): a deal a day per level, the same for everyone, proved
winnable before it is offered and secret until its day is over.

* ``days``: the UTC day of a moment and ``days.now()``, the app's one clock (``spider.clock``) as
  every daily module reads it.
* ``LEVELS``: the six levels; ``daily_secret``: the site's secret, which keys each day's key of
  its shuffles; ``daily_deck``: a try's shuffle; ``make_deal``: the day's deal of a level, proved,
  rated (``difficulty``) and sealed; ``fairness``: its fingerprint and the check of a past deal.
* ``names``: how a player who chose no name appears on a leaderboard (``anonymous_name``), their
  public id, and the rule a chosen name passes; ``transfers``: the codes that link a browser.
* ``summary``: when a day's deals may be shown whole, and a deal's fingerprint.

A player's calendar, streaks and leaderboards are the play layer's (``spider.play.daily``).
"""

from . import days
from .deck import daily_deck
from .levels import LEVELS, PROFILE, is_level
from .making import make_deal
from .names import anonymous_name, public_id
from .secret import daily_secret

__all__ = [
    "LEVELS",
    "PROFILE",
    "anonymous_name",
    "daily_deck",
    "daily_secret",
    "days",
    "is_level",
    "make_deal",
    "public_id",
]
