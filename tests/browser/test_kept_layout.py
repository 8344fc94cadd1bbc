"""A return visit draws its first table with the layout this browser measured last (the toolbar's
fit, the cards' sizes: table/kept-layout.js), and measures once the table is on screen: a kept
layout that no longer holds is replaced by the measured one, and the table drawn again."""

from __future__ import annotations

import json

import pytest
from browserkit import column, sized_page
from playwright.sync_api import Browser, Page, expect

from tests.patience import GENEROUS_MS

pytestmark = pytest.mark.browser

STORE = "spider.layout"

# Set before the page's scripts run: the card width and the toolbar's classes the first table
# was drawn with, read as its first card joins the page.
FIRST_TABLE = """(() => {
  const mo = new MutationObserver(() => {
    if (!document.querySelector('#tableau .card')) return;
    mo.disconnect();
    window.__firstTable = {
      cw: CARD_WIDTH,
      toolbar: document.getElementById('toolbar').className,
    };
  });
  mo.observe(document, { subtree: true, childList: true });
})()""".replace("CARD_WIDTH", "getComputedStyle(document.documentElement).getPropertyValue('--cw').trim()")


def kept(page: Page) -> dict[str, list[list[object]]]:
    return json.loads(page.evaluate(f"() => localStorage.getItem({json.dumps(STORE)})") or "{}")


CARD_WIDTH_JS = "getComputedStyle(document.documentElement).getPropertyValue('--cw').trim()"


def card_width(page: Page) -> str:
    return page.evaluate(f"() => {CARD_WIDTH_JS}")


def ready(page: Page) -> None:
    expect(page.locator("body.ready")).to_have_count(1)
    expect(column(page, 1).get_by_role("button").first).to_be_visible()


def test_a_return_visit_draws_with_the_kept_layout_and_corrects_a_wrong_one(browser: Browser, base_url: str) -> None:
    with sized_page(browser, base_url, (390, 844), "en-US") as page:
        page.add_init_script(FIRST_TABLE)
        page.goto("/")
        ready(page)
        measured_cw = card_width(page)
        measured_fit = page.locator("#toolbar").get_attribute("class")
        store = kept(page)
        assert store["metrics"][0][1]["m"]["cw"] == int(measured_cw.removesuffix("px"))
        assert store["toolbar"], "the toolbar's fit is kept"

        # the same window again: the first table is drawn as measured, and stays so
        page.reload()
        ready(page)
        assert page.evaluate("() => window.__firstTable.cw") == measured_cw
        assert card_width(page) == measured_cw

        # kept sizes that no longer hold (a new release's styles, say): the first table takes
        # them, then the measure after its first frame puts the right ones back, and keeps them
        plant(
            page,
            {**store, "metrics": [[key, {**value, "m": {**value["m"], "cw": 20}}] for key, value in store["metrics"]]},
        )
        page.reload()
        ready(page)
        assert page.evaluate("() => window.__firstTable.cw") == "20px"
        page.wait_for_function(f"() => {CARD_WIDTH_JS} === {json.dumps(measured_cw)}", timeout=GENEROUS_MS)
        assert kept(page)["metrics"][0][1]["m"]["cw"] == int(measured_cw.removesuffix("px"))

        # a kept fit of the toolbar that no longer holds: the same, the fit measured again
        wrong_fit = "stacked" if "stacked" not in (measured_fit or "") else ""
        plant(page, {**kept(page), "toolbar": [[key, wrong_fit] for key, _ in store["toolbar"]]})
        page.reload()
        ready(page)
        assert page.evaluate("() => window.__firstTable.toolbar") == f"toolbar {wrong_fit}".strip()
        expect(page.locator("#toolbar")).to_have_attribute("class", measured_fit or "")
        page.wait_for_function(f"() => {CARD_WIDTH_JS} === {json.dumps(measured_cw)}", timeout=GENEROUS_MS)


def plant(page: Page, store: object) -> None:
    """Put ``store`` in this browser as what the last visit kept."""
    page.evaluate(f"() => localStorage.setItem({json.dumps(STORE)}, {json.dumps(json.dumps(store))})")


def test_a_damaged_or_blocked_store_only_costs_a_measure(browser: Browser, base_url: str) -> None:
    with sized_page(browser, base_url, (1280, 800), "en-US") as page:
        page.goto("/")
        ready(page)
        measured_cw = card_width(page)
        page.evaluate(f"() => localStorage.setItem({json.dumps(STORE)}, '{{not json')")
        page.reload()
        ready(page)
        assert card_width(page) == measured_cw
        assert kept(page)["metrics"], "the damaged entry is replaced by what was measured"
