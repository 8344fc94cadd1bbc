"""The app's routes and what their dependencies say of who the request is (spider.web.identity)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from fastapi import FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from starlette.routing import BaseRoute


def every_route(routes: list[BaseRoute]) -> Iterator[BaseRoute]:
    """The app's route table, through included routers (which FastAPI may keep as routers)."""
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            yield from every_route(inner.routes)
        else:
            yield route


def api_routes(app: FastAPI) -> list[APIRoute]:
    return [r for r in every_route(app.routes) if isinstance(r, APIRoute) and r.path.startswith("/api/")]


def calls(dependant: Dependant) -> Iterator[Callable[..., Any]]:
    """Every callable of a dependant's tree, its own and its dependencies', however deep."""
    if dependant.call is not None:
        yield dependant.call
    for sub in dependant.dependencies:
        yield from calls(sub)


def depends_on(route: APIRoute, *wanted: Callable[..., Any]) -> bool:
    return any(call in wanted for call in calls(route.dependant))
