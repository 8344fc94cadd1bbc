"""Each request's id and access line (the JSON log format itself is :mod:`spider.logs`).

Every request gets an id (the proxy's ``X-Request-ID`` when it sent a sane one, else a new one), sent
back in ``X-Request-ID`` and carried by a context variable into every log line written while the
request runs, threads of the pool included (they copy the context). One ``spider.access`` line per
request says what was asked, the answer's status and how long it took: never cookies or bodies."""

from __future__ import annotations

import logging
import re
import time
import uuid

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ...logs import request_id

REQUEST_ID_HEADER = "X-Request-ID"
_SANE_ID = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")
access_log = logging.getLogger("spider.access")


class RequestLogMiddleware:
    """The outermost middleware: gives the request its id and writes its access line."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = dict(scope["headers"]).get(REQUEST_ID_HEADER.lower().encode(), b"").decode("latin-1")
        rid = given if _SANE_ID.match(given) else uuid.uuid4().hex
        token = request_id.set(rid)
        start = time.perf_counter()
        status = 500  # unless an answer starts

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                MutableHeaders(scope=message)[REQUEST_ID_HEADER] = rid
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            access_log.info(
                "request",
                extra={
                    "method": scope["method"],
                    "path": scope["path"],
                    "status": status,
                    "ms": round((time.perf_counter() - start) * 1000, 2),
                },
            )
            request_id.reset(token)
