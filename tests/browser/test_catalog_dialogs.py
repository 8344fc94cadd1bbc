"""The dialogs are built from GET /api/catalog: what it lists is what a player can choose, in
the player's language, and which rules a game offers is read from its levels."""

from __future__ import annotations

from typing import Any

import pytest
from browserkit import WIN_DECK, open_new_game, start_deck
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser


def _labels(group: Locator) -> list[str]:
    return group.locator("label.choice").evaluate_all("ls => ls.map(l => l.textContent)")


def _options(select: Locator) -> list[list[str]]:
    return select.locator("option").evaluate_all("os => os.map(o => [o.value, o.textContent, o.lang])")


def _check_new_game_dialog(page: Page, catalog: dict[str, Any]) -> None:
    dialog = page.locator("#dlg-new")
    expect(dialog).to_be_visible()
    groups = dialog.locator("fieldset")
    assert _labels(groups.nth(0)) == [g["name"] for g in catalog["games"]]
    assert _labels(groups.nth(1)) == [s["name"] for s in catalog["suits"]]
    assert _labels(groups.nth(2)) == [r["name"] for r in catalog["rules"]]
    profiles = [[p["id"], p["name"], ""] for p in catalog["profiles"]]
    assert _options(dialog.locator("#new-profile")) == profiles
    rules = groups.nth(2)
    for game in catalog["games"]:
        for suits in catalog["suits"]:
            dialog.locator(f"input[name=game][value={game['id']}]").check()
            dialog.locator(f"input[name=suits][value='{suits['count']}']").check()
            levels = [lv for lv in catalog["levels"] if lv["game"] == game["id"] and lv["suits"] == suits["count"]]
            if len(levels) > 1:
                expect(rules).to_be_visible()
            else:
                expect(rules).to_be_hidden()
            heading = dialog.locator("#new-stats h3")
            expect(heading).to_contain_text(levels[0]["name"])


def test_the_new_game_dialog_offers_what_the_catalog_lists(page: Page) -> None:
    page.goto("/")
    catalog = page.request.get("/api/catalog").json()
    open_new_game(page)
    _check_new_game_dialog(page, catalog)
    # the relaxed rules are played where the catalog offers them, and named so
    dialog = page.locator("#dlg-new")
    dialog.locator("input[name=game][value=spider]").check()
    dialog.locator("input[name=suits][value='2']").check()
    dialog.locator("input[name=rules][value=relaxed]").check()
    relaxed = next(lv for lv in catalog["levels"] if lv["key"] == "spider-2-relaxed")
    expect(dialog.locator("#new-stats h3")).to_contain_text(relaxed["name"])
    dialog.get_by_role("button", name="Play").click()
    expect(dialog).to_be_hidden()
    current = page.request.get("/api/games/current").json()
    assert (current["game"], current["suits"], current["rules"]) == ("spider", 2, "relaxed")


def test_the_settings_offer_the_catalogs_profiles_and_languages(page: Page) -> None:
    start_deck(page, WIN_DECK)
    catalog = page.request.get("/api/catalog").json()
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Settings").click()
    settings = page.get_by_role("dialog", name="Settings")
    assert _options(settings.locator("#set-profile")) == [[p["id"], p["name"], ""] for p in catalog["profiles"]]
    languages = [[lang["code"], lang["name"], lang["code"]] for lang in catalog["languages"]]
    assert _options(settings.locator("#set-lang")) == languages


def test_after_switching_language_the_dialogs_use_the_catalog_in_that_language(page: Page) -> None:
    start_deck(page, WIN_DECK)
    english = page.request.get("/api/catalog").json()
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("dialog", name="Settings").get_by_label("Language").select_option("fi")
    expect(page.locator("html")).to_have_attribute("lang", "fi")
    finnish = page.request.get("/api/catalog").json()  # the player's saved language now
    assert finnish["levels"][0]["name"] != english["levels"][0]["name"]
    settings = page.locator("#dlg-settings")
    # the dialog is built again once the catalog in the new language has arrived
    expect(settings.locator("#set-profile option").first).to_have_text(finnish["profiles"][0]["name"])
    assert _options(settings.locator("#set-profile")) == [[p["id"], p["name"], ""] for p in finnish["profiles"]]
    settings.locator("button.primary").click()
    page.locator("#btn-new").click()
    _check_new_game_dialog(page, finnish)
