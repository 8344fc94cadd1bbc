"""The front end's plural forms under the page's Content-Security-Policy (no eval): in Chromium, the
page's own i18n.js picks the same form as the server's gettext catalogs for ru, sk and fi."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from spider.i18n import browser_catalog, translations
from tests.web.test_hardening_server import Server

pytestmark = pytest.mark.browser

playwright_sync = pytest.importorskip("playwright.sync_api")
CHROMIUM = "/usr/bin/chromium"
LANGUAGES = ["ru", "sk", "fi"]
NUMBERS = list(range(0, 130)) + [1001, 1011, 1021, 1022, 1025]
SHOW = """async ([lang, singular, names, numbers]) => {
    const i18n = await import("/static/core/i18n.js");
    await i18n.loadLanguage(lang);
    return numbers.map((n) => i18n.tn(singular, singular, n, Object.fromEntries(names.map((k) => [k, n]))));
}"""


def plural_message(lang: str) -> tuple[str, list[str]]:
    """A message with plural forms in the catalog, and the names of its placeholders."""
    singular = next(k for k, v in browser_catalog(lang)["messages"].items() if isinstance(v, list) and "\x04" not in k)
    return singular, re.findall(r"\{(\w+)\}", singular)


def in_chromium(database: str) -> dict[str, Any]:
    """The page's CSP violations and, per language, what tn() shows for NUMBERS."""
    with Server(database) as server, playwright_sync.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        violations: list[str] = []
        page.on("console", lambda m: "Content Security Policy" in m.text and violations.append(m.text))
        page.goto(f"http://127.0.0.1:{server.port}/")
        page.wait_for_load_state("networkidle")
        buttons = page.evaluate("document.querySelectorAll('button').length")
        shown = {lang: page.evaluate(SHOW, [lang, *plural_message(lang), NUMBERS]) for lang in LANGUAGES}
        browser.close()
    return {"violations": violations, "buttons": buttons, "shown": shown}


@pytest.fixture(scope="module")
def seen(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's Chromium is not installed")
    database = str(tmp_path_factory.mktemp("db") / "db.sqlite3")
    # a thread of its own: Playwright's sync API refuses to start beside another test's running one
    with ThreadPoolExecutor(1) as worker:
        return worker.submit(in_chromium, database).result()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_picks_the_catalogs_plural_form(seen: dict[str, Any], lang: str) -> None:
    singular, _names = plural_message(lang)
    gettext = translations(lang)
    expected = [re.sub(r"\{\w+\}", str(n), gettext.ngettext(singular, singular, n)) for n in NUMBERS]
    assert seen["shown"][lang] == expected
    forms = browser_catalog(lang)["messages"][singular]
    assert {gettext.ngettext(singular, singular, n) for n in NUMBERS} == set(forms)  # every form was tried


def test_the_page_loads_without_a_csp_violation(seen: dict[str, Any]) -> None:
    assert seen["violations"] == [] and seen["buttons"] > 0
