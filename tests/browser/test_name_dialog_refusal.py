"""A look-alike of another player's display name, refused in the settings dialog with the reason, as
a player (and a screen reader) finds it: by roles and labels."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from test_names_transfer import open_settings

pytestmark = pytest.mark.browser


def test_a_look_alike_of_another_players_name_is_refused_with_the_reason(
    page: Page, browser: Browser, base_url: str
) -> None:
    other = browser.new_context(base_url=base_url)
    try:  # another player, in a browser of their own (the server is the session's: a name of this test's)
        assert other.request.put("/api/player/name", data={"name": "Hedy Lamarr"}).ok
    finally:
        other.close()
    page.goto("/")
    settings = open_settings(page)
    field = settings.get_by_role("textbox", name="Display name")
    field.fill("\u041dedy Lamarr")  # a Cyrillic Н
    settings.get_by_role("button", name="Save name").click()
    expect(
        settings.get_by_role("alert").filter(has_text="Another player's name is the same or looks the same")
    ).to_be_visible()
    expect(field).to_have_attribute("aria-invalid", "true")
    assert page.request.get("/api/player").json()["name"]["chosen"] is False  # nothing kept
    field.fill("Hedy Lamarr II")
    settings.get_by_role("button", name="Save name").click()
    expect(settings.get_by_role("status").filter(has_text="Your display name is now Hedy Lamarr II.")).to_be_visible()
