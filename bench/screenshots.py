"""Pictures of the table for a person to look at: at each window size and in each language, a
Spider game whose column 1 holds 17 cards (5 face-down, K…2 face-up), and the same table with a
hint's message showing and the menu open; with --win also a won game's celebration and result
(full motion, and the still one). Prints the files it writes; asserts nothing.

    python bench/screenshots.py [FOLDER] [--sizes 360x640,1920x1080] [--languages en,ru] [--win]

FOLDER defaults to screenshots/ at the project's root (ignored by git).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT))  # its conftest imports tests.conftest

from browserkit import TALL_DECK, TALL_LINE, WIN_DECK, WIN_LINE, play_through_api  # noqa: E402
from chromium import app_in_chromium  # noqa: E402
from playwright.sync_api import Browser, Page  # noqa: E402

SIZES = ["360x640", "640x360", "390x844", "768x1024", "1280x800", "1920x1080"]
LOCALES = {"en": "en-US", "ru": "ru-RU", "sk": "sk-SK", "fi": "fi-FI"}


def continue_game(page: Page) -> None:
    """Load the page and CONTINUE the game the player has (when the game is not simply there)."""
    page.reload()
    page.locator("body.ready").wait_for()
    continue_button = page.locator("dialog[open] .primary[aria-describedby]")
    if continue_button.count():
        continue_button.click()
    page.locator("dialog[open]").wait_for(state="detached")
    page.wait_for_timeout(250)


def shoot_win(browser: Browser, url: str, size: str, lang: str, out: Path) -> list[Path]:
    """A Spiderette win, its last move played on the page: the bouncing cards, then the result
    over them; and the still picture that reduced motion gets."""
    width, height = (int(x) for x in size.split("x"))
    saved = []
    for motion in ("no-preference", "reduce"):
        context = browser.new_context(
            base_url=url, viewport={"width": width, "height": height}, locale=LOCALES[lang], reduced_motion=motion
        )
        try:
            page = context.new_page()
            page.goto("/")
            page.locator("body.ready").wait_for()
            play_through_api(page, WIN_DECK, WIN_LINE[:-1])
            continue_game(page)
            page.locator('#tableau .column[data-col="6"] .card.up').last.dblclick()
            page.locator("dialog[open]").wait_for(timeout=15000)
            page.wait_for_timeout(1200)
            path = out / f"win-{'still-' if motion == 'reduce' else ''}{size}-{lang}.png"
            page.screenshot(path=str(path))
            saved.append(path)
        finally:
            context.close()
    return saved


def shoot(browser: Browser, url: str, size: str, lang: str, out: Path) -> list[Path]:
    width, height = (int(x) for x in size.split("x"))
    context = browser.new_context(
        base_url=url, viewport={"width": width, "height": height}, locale=LOCALES[lang], reduced_motion="reduce"
    )
    try:
        page = context.new_page()
        page.goto("/")
        page.locator("body.ready").wait_for()
        play_through_api(page, TALL_DECK, TALL_LINE, game="spider")
        continue_game(page)
        table = out / f"table-{size}-{lang}.png"
        page.screenshot(path=str(table))
        page.locator("#btn-hint").click()
        page.locator("#reminder").wait_for()
        page.locator("#btn-menu").click()
        page.wait_for_timeout(250)
        menu = out / f"menu-{size}-{lang}.png"
        page.screenshot(path=str(menu))
        return [table, menu]
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=ROOT / "screenshots")
    parser.add_argument("--sizes", default=",".join(SIZES), help="comma-separated WIDTHxHEIGHT")
    parser.add_argument("--languages", default=",".join(LOCALES), help="comma-separated: en, ru, sk, fi")
    parser.add_argument("--win", action="store_true", help="also a won game's celebration and result")
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    with app_in_chromium() as (browser, url):
        for size in args.sizes.split(","):
            for lang in args.languages.split(","):
                paths = shoot(browser, url, size.strip(), lang.strip(), args.folder)
                if args.win:
                    paths += shoot_win(browser, url, size.strip(), lang.strip(), args.folder)
                for path in paths:
                    print(f"saved {path}")


if __name__ == "__main__":
    main()
