"""The site's daily secret: what makes a day's decks unforeseeable to anyone but the site."""

from __future__ import annotations

import secrets

from ..config import Settings
from ..store import Store

SITE_KEY = "daily_secret"


def daily_secret(store: Store, settings: Settings | None = None) -> str:
    """``SPIDER_DAILY_SECRET`` when set; else the one kept in the store, made the first time it is
    asked for (every process of the site gets the one stored first)."""
    configured = (settings or Settings()).daily_secret
    if configured:
        return configured
    return store.site_value(SITE_KEY, secrets.token_hex(32))
