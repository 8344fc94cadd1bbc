"""The API's routes, one router per concern; ``create_app`` includes them all."""

from __future__ import annotations

from . import assist, catalog, games, health, history, pages, player, stats

ROUTERS = [
    pages.router,
    health.router,
    catalog.router,
    player.router,
    games.router,
    assist.router,
    stats.router,
    history.router,
]
