"""Daily deals' games in the web app: the play layer's rules (spider/play/dailies.py) and the
answer a secret daily game's review or replay gets."""

from __future__ import annotations

from ..play.dailies import DailySecret, daily_tag, still_secret
from ..store import GameRow
from .http.errors import ApiError

__all__ = ["daily_tag", "secret_error", "still_secret"]  # daily_tag, still_secret: import them from play


def secret_error(row: GameRow) -> ApiError | None:
    """The review and the replay of a daily game wait for the end of its day: 409 daily_secret."""
    if not still_secret(row):
        return None
    secret = DailySecret()
    return ApiError(409, secret.reason, secret.template)
