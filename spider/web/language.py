"""The player's language: their saved choice, else the browser's Accept-Language."""

from __future__ import annotations

from fastapi import Request

from ..i18n import LANGUAGES, negotiate


def request_language(request: Request) -> str:
    chosen = getattr(request.state, "lang", None)
    if isinstance(chosen, str) and chosen in LANGUAGES:
        return chosen
    return negotiate(request.headers.get("accept-language"))
