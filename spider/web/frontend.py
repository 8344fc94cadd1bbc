"""Which front end the page loads: the production bundle (``frontend/build.mjs`` made
``static/dist/``) or the modules themselves (development mode), and the bundle's files as they are
served: by their hashed names, immutable, precompressed."""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.types import Receive, Scope, Send

STATIC = Path(__file__).parent / "static"
DIST = STATIC / "dist"
IMMUTABLE = "public, max-age=31536000, immutable"
# the precompressed files build.mjs writes beside each one, best first
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
MEDIA_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml"}

FrontendMode = Literal["auto", "bundled", "development"]
log = logging.getLogger("spider.app")


def sources_fingerprint(static: Path = STATIC) -> str:
    """The hash build.mjs records of the sources it bundled (the same walk: every file under
    ``static`` but ``dist``, by its posix path, sorted)."""
    digest = hashlib.sha256()
    files = sorted(p.relative_to(static).as_posix() for p in static.rglob("*") if p.is_file())
    for name in files:
        if name.startswith("dist/"):
            continue
        digest.update(name.encode() + b"\0")
        digest.update((static / name).read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


@dataclass(frozen=True)
class Frontend:
    """The page's template and, when bundled, the build's manifest (its hashed files)."""

    bundled: bool
    page: str
    manifest: dict[str, Any] = field(default_factory=dict)
    dist: Path = DIST

    @property
    def files(self) -> frozenset[str]:
        return frozenset(self.manifest.get("files", ()))

    @property
    def precached(self) -> frozenset[str]:
        """What the service worker keeps from the first visit on: the code and styles (the court
        art, a tenth of a megabyte, is kept as it is first shown)."""
        return frozenset(name for name in self.files if not name.endswith(".svg"))


def load_frontend(mode: FrontendMode = "auto") -> Frontend:
    """``auto``: the bundle when one was built from exactly these sources (a bundle older than an
    edited module is never served: development mode then, with a log line); ``development``: the
    modules, whatever was built; ``bundled``: the bundle, refused (ValueError) when missing or stale."""
    development = Frontend(bundled=False, page=(STATIC / "index.html").read_text(encoding="utf-8"))
    if mode == "development":
        return development
    try:
        manifest = json.loads((DIST / "manifest.json").read_text(encoding="utf-8"))
        page = (DIST / "index.html").read_text(encoding="utf-8")
    except (OSError, ValueError):
        if mode == "bundled":
            raise ValueError("no front-end bundle: run node frontend/build.mjs (scripts/start does)") from None
        return development
    if manifest.get("sources") != sources_fingerprint():
        if mode == "bundled":
            raise ValueError("the front-end bundle is older than its sources: run node frontend/build.mjs")
        log.warning("the front-end bundle is older than its sources: serving the modules (development mode)")
        return development
    return Frontend(bundled=True, page=page, manifest=manifest)


def _accepted(scope: Scope) -> set[str]:
    for name, value in scope.get("headers", ()):
        if name == b"accept-encoding":
            return {part.split(";")[0].strip() for part in value.decode("latin-1").lower().split(",")}
    return set()


class HashedFiles:
    """The bundle's files (``/static/dist/<name>-<hash>.<ext>``) of the app's front end, each cached
    for a year by anyone (its name changes with its content), in Brotli or gzip as the browser
    accepts. Anything else there (the page, the manifest) is not served."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        frontend: Frontend = scope["app"].state.frontend
        name = scope["path"].rpartition("/")[2]
        if scope.get("method") not in ("GET", "HEAD") or name not in frontend.files:
            await PlainTextResponse("Not Found", status_code=404)(scope, receive, send)
            return
        path = frontend.dist / name
        headers = {"Cache-Control": IMMUTABLE, "Vary": "Accept-Encoding"}
        accepted = _accepted(scope)
        for encoding, suffix in ENCODINGS:
            if encoding in accepted and path.with_name(name + suffix).is_file():
                path = path.with_name(name + suffix)
                headers["Content-Encoding"] = encoding
                break
        media_type = MEDIA_TYPES.get(Path(name).suffix, "application/octet-stream")
        response: Response = FileResponse(path, media_type=media_type, headers=headers)
        await response(scope, receive, send)
