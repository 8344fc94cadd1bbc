"""The production bundle as the server serves it (spider/web/frontend.py): the page names the built
files, each under its content's hash, kept a year, in Brotli or gzip as asked; the service worker
lists them; a bundle older than its sources is never served; development mode serves the modules."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spider.web import frontend
from spider.web.app import create_app
from tests.frontend_build import bundle_built

pytestmark = pytest.mark.process


@pytest.fixture(scope="module", autouse=True)
def built() -> None:
    bundle_built()


def client_in(tmp_path: Path, mode: frontend.FrontendMode) -> TestClient:
    return TestClient(create_app(str(tmp_path / "db.sqlite3"), background=False, frontend=mode))


def test_the_page_loads_the_bundle_whose_files_are_kept_a_year(tmp_path: Path) -> None:
    client = client_in(tmp_path, "bundled")
    page = client.get("/").text
    manifest = client.app.state.frontend.manifest  # type: ignore[attr-defined]
    assert f'<script type="module" src="static/dist/{manifest["entry"]}">' in page
    assert "static/main.js" not in page and "modulepreload" not in page  # the table's code is one file
    named = re.findall(r'(?:src|href)="static/dist/([^"]+)"', page)
    assert named and set(named) <= set(manifest["files"])
    for name in named:
        raw = (frontend.DIST / name).read_bytes()
        # the hash in the name is the content's: a changed file is a new name
        assert re.search(r"-[A-Za-z0-9_-]{8,}\.\w+$", name), name
        plain = client.get(f"/static/dist/{name}", headers={"Accept-Encoding": "identity"})
        assert plain.content == raw and "content-encoding" not in plain.headers
        assert plain.headers["cache-control"] == "public, max-age=31536000, immutable"
        zipped = client.get(f"/static/dist/{name}", headers={"Accept-Encoding": "gzip"})
        assert zipped.headers["content-encoding"] == "gzip" and zipped.headers["vary"] == "Accept-Encoding"
        assert zipped.content == raw  # httpx unzips: the precompressed file is the same file
        assert int(zipped.headers["content-length"]) == (frontend.DIST / f"{name}.gz").stat().st_size < len(raw)
        brotli = client.get(f"/static/dist/{name}", headers={"Accept-Encoding": "gzip, br"})
        assert brotli.headers["content-encoding"] == "br"
        assert int(brotli.headers["content-length"]) == (frontend.DIST / f"{name}.br").stat().st_size < len(raw)


def test_only_the_builds_files_are_served_from_its_folder(tmp_path: Path) -> None:
    client = client_in(tmp_path, "bundled")
    for name in ("manifest.json", "index.html", "missing-AAAAAAAAAA.js"):
        assert client.get(f"/static/dist/{name}").status_code == 404, name


def test_the_service_worker_keeps_the_builds_code_and_styles(tmp_path: Path) -> None:
    client = client_in(tmp_path, "bundled")
    r = client.get("/sw.js")
    assert r.status_code == 200 and r.headers["cache-control"] == "no-cache"
    manifest = client.app.state.frontend.manifest  # type: ignore[attr-defined]
    listed = re.search(r'"files": \[(.*?)\]', r.text)
    assert listed and manifest["entry"] in listed.group(1) and manifest["version"] in r.text
    assert ".svg" not in listed.group(1)  # the court art is kept as it is shown
    assert client_in(tmp_path, "development").get("/sw.js").status_code == 404


def test_the_page_names_its_build_for_the_service_worker(tmp_path: Path) -> None:
    """The worker keeps a page only with the files of the build it names (static/sw.js)."""
    client = client_in(tmp_path, "bundled")
    version = client.app.state.frontend.manifest["version"]  # type: ignore[attr-defined]
    assert client.get("/").headers["spider-build"] == version
    assert f'"version": "{version}"' in client.get("/sw.js").text
    assert "spider-build" not in client_in(tmp_path, "development").get("/").headers


def test_development_mode_serves_the_modules(tmp_path: Path) -> None:
    page = client_in(tmp_path, "development").get("/").text
    assert '<script type="module" src="static/main.js">' in page and "static/dist/" not in page


def test_a_bundle_older_than_its_sources_is_not_served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    static = tmp_path / "static"
    shutil.copytree(frontend.STATIC, static)
    monkeypatch.setattr(frontend, "STATIC", static)
    monkeypatch.setattr(frontend, "DIST", static / "dist")
    assert frontend.load_frontend("auto").bundled
    (static / "stray.js").write_text("// a file the bundle never had: no part of it\n")
    assert frontend.load_frontend("auto").bundled
    with (static / "table" / "render.js").open("a") as module:
        module.write("// edited since\n")
    assert not frontend.load_frontend("auto").bundled
    with pytest.raises(ValueError, match=r"older than its sources \(table/render\.js\)"):
        frontend.load_frontend("bundled")
