"""The API's routes, one router per concern; ``create_app`` includes them all."""

from __future__ import annotations

from . import assist, catalog, clubs, daily, deals, games, health, history, names, pages, player, review, stats

# Tried in this order for every request: the games' first, which begin with the action route (a
# player's most frequent request), then the probes, which a load balancer asks often.
ROUTERS = [
    games.router,
    health.router,
    pages.router,
    catalog.router,
    player.router,
    names.router,
    assist.router,
    review.router,
    stats.router,
    history.router,
    daily.router,
    clubs.router,
    deals.router,
]
