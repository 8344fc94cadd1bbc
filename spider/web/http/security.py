"""Security headers on every response (HSTS too when the request came over https), and HEAD answered
like GET without its body."""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

# Everything the front end loads is its own (no inline script or style, no eval); the favicon is "data:,".
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self';"
    " object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
# Swagger UI at /docs (only when the app is made with docs=True): FastAPI's page loads its script and
# style from a CDN and starts them with an inline script.
DOCS_POLICY = (
    "default-src 'self'; script-src https://cdn.jsdelivr.net 'unsafe-inline'; style-src https://cdn.jsdelivr.net;"
    " img-src https://fastapi.tiangolo.com data:; connect-src 'self'; object-src 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
    "Referrer-Policy": "no-referrer",
}

# Over https only (the scheme is https when the server has TLS, or when a proxy uvicorn trusts, by
# FORWARDED_ALLOW_IPS, says X-Forwarded-Proto: https): browsers then refuse plain http for a year.
STRICT_TRANSPORT_SECURITY = "max-age=31536000"


class SecurityHeadersMiddleware:
    def __init__(self, app: ASGIApp, docs_path: str | None = None) -> None:
        self.app = app
        self.docs_path = docs_path

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        wanted = SECURITY_HEADERS
        if scope["path"] == self.docs_path:
            wanted = wanted | {"Content-Security-Policy": DOCS_POLICY}
        if scope.get("scheme") == "https":
            wanted = wanted | {"Strict-Transport-Security": STRICT_TRANSPORT_SECURITY}

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                headers = MutableHeaders(scope=message)
                for name, value in wanted.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, send_with_headers)


class HeadAsGetMiddleware:
    """Every GET route also answers HEAD: the same status and headers, no body."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def send_without_body(message: Message) -> None:
            if message["type"] != "http.response.body":
                await send(message)
            elif not message.get("more_body", False):
                await send({"type": "http.response.body", "body": b"", "more_body": False})

        await self.app({**scope, "method": "GET"}, receive, send_without_body)
