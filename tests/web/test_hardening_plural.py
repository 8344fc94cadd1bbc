"""The front end's plural forms under the page's Content-Security-Policy (no eval): in Chromium, the
page's own i18n.js picks the same form as the server's gettext catalogs for ru, sk and fi."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from spider.i18n import browser_catalog, translations
from tests.web.test_hardening_server import Server

playwright_sync = pytest.importorskip("playwright.sync_api")
CHROMIUM = "/usr/bin/chromium"
NUMBERS = list(range(0, 130)) + [1001, 1011, 1021, 1022, 1025]


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's Chromium is not installed")
    database = str(tmp_path_factory.mktemp("db") / "db.sqlite3")
    with Server(database) as server, playwright_sync.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        page.violations = []  # type: ignore[attr-defined]
        page.on("console", lambda m: "Content Security Policy" in m.text and page.violations.append(m.text))
        page.goto(f"http://127.0.0.1:{server.port}/")
        page.wait_for_load_state("networkidle")
        yield page
        browser.close()


def _filled(text: str, n: int) -> str:
    return re.sub(r"\{\w+\}", str(n), text)


@pytest.mark.parametrize("lang", ["ru", "sk", "fi"])
def test_the_page_picks_the_catalogs_plural_form(page, lang: str) -> None:  # type: ignore[no-untyped-def]
    singular = next(k for k, v in browser_catalog(lang)["messages"].items() if isinstance(v, list) and "\x04" not in k)
    names = re.findall(r"\{(\w+)\}", singular)
    shown = page.evaluate(
        """async ([lang, singular, names, numbers]) => {
            const i18n = await import("/static/i18n.js");
            await i18n.loadLanguage(lang);
            return numbers.map((n) => i18n.tn(singular, singular, n, Object.fromEntries(names.map((k) => [k, n]))));
        }""",
        [lang, singular, names, NUMBERS],
    )
    gettext = translations(lang)
    assert shown == [_filled(gettext.ngettext(singular, singular, n), n) for n in NUMBERS]
    assert len(set(shown)) >= len(NUMBERS) // 2  # (the forms themselves differ: not one fallback)


def test_the_page_loads_without_a_csp_violation(page) -> None:  # type: ignore[no-untyped-def]
    assert page.violations == []
    assert page.evaluate("document.querySelectorAll('button').length") > 0
