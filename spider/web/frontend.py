"""Which front end the page loads: the production bundle (``frontend/build.mjs`` made
``static/dist/``) or the modules themselves (development mode), and the bundle's files as they are
served: by their hashed names, immutable, precompressed."""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass, field
from functools import cached_property
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


def changed_sources(sources: dict[str, str], static: Path = STATIC) -> list[str]:
    """Which of the files the bundle was built from (their SHA-256, as build.mjs recorded them) are
    no longer as they were: edited or gone. A file added since is none of the bundle's."""
    changed = []
    for name, digest in sorted(sources.items()):
        try:
            now = hashlib.sha256((static / name).read_bytes()).hexdigest()
        except OSError:
            now = None
        if now != digest:
            changed.append(name)
    return changed


@dataclass(frozen=True)
class Frontend:
    """The page's template and, when bundled, the build's manifest (its hashed files)."""

    bundled: bool
    page: str
    manifest: dict[str, Any] = field(default_factory=dict)
    dist: Path = DIST

    @cached_property  # asked on every request for a file: worked out once
    def files(self) -> frozenset[str]:
        return frozenset(self.manifest.get("files", ()))

    @cached_property
    def precached(self) -> frozenset[str]:
        """What the service worker keeps from the first visit on: the code and styles (the court
        art, a tenth of a megabyte, is kept as it is first shown)."""
        return frozenset(name for name in self.files if not name.endswith(".svg"))


def load_frontend(mode: FrontendMode = "auto") -> Frontend:
    """``auto``: the bundle when every source it was built from is still as it was (a bundle older
    than an edited module is never served: development mode then, with a log line naming the
    module; a file added since, a leftover of an older install, is none of the bundle's); ``development``: the
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
    changed = changed_sources(manifest.get("sources") or {"": ""}, STATIC)
    if changed:
        if mode == "bundled":
            raise ValueError(f"the front-end bundle is older than its sources ({changed[0]}): run frontend/build.mjs")
        log.warning("the front-end bundle is older than %s: serving the modules (development mode)", changed[0])
        return development
    return Frontend(bundled=True, page=page, manifest=manifest, dist=DIST)


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
