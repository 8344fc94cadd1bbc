"""Front-end figures in a real headless Chromium: the first page load's weight and the time from
a click until the page shows the action's result. Prints figures; asserts nothing.

    python bench/browser.py [--rounds 30] [--screenshots]

--screenshots also saves table pictures at 360×740 and 1280×800 under screenshots/.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT))  # its conftest imports tests.conftest

from browserkit import WIN_DECK, WIN_LINE  # noqa: E402
from chromium import app_in_chromium  # noqa: E402
from playwright.sync_api import Page  # noqa: E402

# Time from a click to the DOM showing the new move count (the status bar re-renders last-but-one,
# with the table, in the same task; a MutationObserver fires right after it).
LATENCY_JS = """async (selector) => {
  const status = document.getElementById('status');
  const before = status.querySelector('.moves b').textContent;
  const target = document.querySelector(selector);
  const t0 = performance.now();
  const done = new Promise((resolve) => {
    const mo = new MutationObserver(() => {
      const b = status.querySelector('.moves b');
      if (b && b.textContent !== before) { mo.disconnect(); resolve(performance.now()); }
    });
    mo.observe(status, { subtree: true, childList: true, characterData: true });
  });
  target.click();
  return (await done) - t0;
}"""


def page_weight(page: Page) -> tuple[int, int, list[tuple[str, int]]]:
    entries = page.evaluate("""() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const out = [[nav.name, nav.transferSize, nav.encodedBodySize]];
      for (const r of performance.getEntriesByType('resource')) out.push([r.name, r.transferSize, r.encodedBodySize]);
      return out;
    }""")
    total = sum(e[1] for e in entries)
    static = sum(e[1] for e in entries if "/api/" not in e[0])
    return total, static, [(e[0].split("/", 3)[-1] or "/", e[1]) for e in entries]


def shoot(browser, url: str, out: Path) -> list[Path]:  # type: ignore[no-untyped-def]
    saved = []
    for width, height in ((360, 740), (1280, 800)):
        context = browser.new_context(base_url=url, viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto("/")
        page.get_by_role("dialog", name="New game").wait_for()
        path = out / f"new-game-{width}.png"
        page.screenshot(path=str(path))
        saved.append(path)
        # a 4-suit Spider after three deals
        page.get_by_role("radio", name="4 suits").check()
        page.get_by_role("button", name="Play").click()
        page.get_by_role("dialog").wait_for(state="hidden")
        for _ in range(3):
            page.locator("#stock").click()
            page.wait_for_timeout(700)
        path = out / f"table-spider4-{width}.png"
        page.screenshot(path=str(path))
        saved.append(path)
        # a long column and completed sets: the hand-built Spiderette, most of the way through
        page.request.post(
            "/api/games", data={"game": "spiderette", "suits": 1, "deck": WIN_DECK, "actions": WIN_LINE[:13]}
        )
        page.reload()
        page.get_by_role("button", name="Continue").click()
        page.get_by_role("dialog").wait_for(state="hidden")
        page.wait_for_timeout(300)
        column = page.get_by_role("list", name="Column 7", exact=True)
        column.get_by_role("button").last.click()
        path = out / f"table-long-{width}.png"
        page.screenshot(path=str(path))
        saved.append(path)
        page.get_by_role("button", name="Help").click()
        page.get_by_role("dialog").get_by_role("heading", level=3).first.wait_for()
        path = out / f"help-{width}.png"
        page.screenshot(path=str(path))
        saved.append(path)
        context.close()
    return saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30, help="deal/undo pairs to time")
    parser.add_argument("--screenshots", action="store_true", help="save table pictures under screenshots/")
    args = parser.parse_args()
    with app_in_chromium() as (browser, url):
        context = browser.new_context(base_url=url, viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.goto("/")
        page.locator("#new-stats dl").wait_for()
        total, static, entries = page_weight(page)
        print(
            f"first page load: {total} bytes transferred in {len(entries)} requests "
            f"({static} bytes of HTML/CSS/JS, the rest API JSON)"
        )
        for name, size in entries:
            print(f"    {size:>7}  {name}")
        page.get_by_role("button", name="Play").click()
        page.get_by_role("dialog").wait_for(state="hidden")
        page.wait_for_timeout(300)
        deal, undo = [], []
        for _ in range(args.rounds):
            deal.append(page.evaluate(LATENCY_JS, "#stock"))
            undo.append(page.evaluate(LATENCY_JS, "#btn-undo"))
        for name, times in (("deal (click stock)", deal), ("undo (click Undo)", undo)):
            times.sort()
            p95 = times[max(0, int(len(times) * 0.95) - 1)]
            print(
                f"click → page updated, {name}: median {statistics.median(times):.1f} ms, "
                f"p95 {p95:.1f} ms, max {times[-1]:.1f} ms over {len(times)}"
            )
        context.close()
        if args.screenshots:
            out = ROOT / "screenshots"
            out.mkdir(exist_ok=True)
            for path in shoot(browser, url, out):
                print(f"saved {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
