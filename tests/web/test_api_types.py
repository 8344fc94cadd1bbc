"""The front end's API types (spider/web/static/api.d.ts) are the ones the server's models make now:
a model changed without the file made again fails here, not in a player's browser."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from spider.web.app import create_app

pytestmark = pytest.mark.process

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node (./scripts/test installs it)")
def test_api_types_are_made_from_the_current_models(tmp_path: Path) -> None:
    schema = json.dumps(create_app(":memory:").openapi())
    made = tmp_path / "api.d.ts"
    subprocess.run(["node", str(ROOT / "frontend" / "api-types.mjs"), str(made)], input=schema, text=True, check=True)
    kept = (ROOT / "spider" / "web" / "static" / "api.d.ts").read_text(encoding="utf-8")
    assert made.read_text(encoding="utf-8") == kept, (
        "spider/web/static/api.d.ts is out of date: make it again as docs/DEVELOPING.md (Types) says"
    )
