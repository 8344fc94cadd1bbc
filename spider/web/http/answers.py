"""An answer sent as its model serialises it: straight to JSON, with the fields the use case set
(the route's ``response_model`` documents it; FastAPI neither checks nor copies it again)."""

from __future__ import annotations

from collections.abc import Mapping

from fastapi import Response
from pydantic import BaseModel


def sent(answer: BaseModel, status_code: int = 200, headers: Mapping[str, str] | None = None) -> Response:
    body = answer.__pydantic_serializer__.to_json(answer, by_alias=True, exclude_unset=True)
    return Response(body, status_code=status_code, headers=headers, media_type="application/json")
