"""Tap to cards moving, in a real headless Chromium on a slow phone network: prints figures,
asserts nothing.

    python bench/moves.py [--moves 40] [--network slow4g|none] [--cpu 4] [--phone]

A move is two taps, as a player makes it: one picks up a group, the second taps the column it goes
to (pressed for 60 ms, as a finger is). The time runs from the second tap's ``pointerup`` (the
event's own ``timeStamp``, when the browser took the lift) until the
cards are moving: the first card of the group is an element of the target column's list, at the
place the move puts it (seen by a MutationObserver on the table, which fires once the page's
handler of the tap has returned, before the frame is drawn); "drawn" is when the frame that draws
it is done (a message posted from its animation-frame callback, which arrives after its style,
layout and paint). Each move is of a group the server's view says can go there, chosen in turn
among those the position offers, and is undone (waiting for the server both times) before the
next, in a "timed" game (no undo limit), so every move starts from a settled table.

The network is Chromium's emulation through the DevTools protocol (``slow4g``: Lighthouse's
150 ms round trip, 1.6 Mbps down, 750 kbps up), the CPU slowed ``--cpu`` times; both are turned on
after the page has loaded. The page is the production bundle (built first if a source changed,
as for the browser tests) of the ``spider`` package that Python imports: run it with
``PYTHONPATH=/path/to/other/checkout`` to measure another version of the front end.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from chromium import app_in_chromium  # noqa: E402
from playwright.sync_api import CDPSession, Locator, Page, ViewportSize  # noqa: E402

import spider  # noqa: E402

PRESS_MS = 60

NETWORKS = {
    "slow4g": {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8},
    "none": None,
}

# Arms the measure of one move: resolves {dom, frame} in ms after the next pointerup.
ARM_JS = """([to, index, card]) => {
  window.__moveTiming = new Promise((resolve) => {
    let tapped = null;
    let handled = null;
    document.addEventListener('pointerup', (event) => {
      tapped = event.timeStamp;
      handled = performance.now();
    }, { capture: true, once: true });
    const selector = `#tableau .column[data-col="${to}"] button[data-idx="${index}"][data-card="${card}"]`;
    const observer = new MutationObserver(() => {
      if (tapped === null || !document.querySelector(selector)) return;
      observer.disconnect();
      const dom = performance.now() - tapped;
      // the frame that draws it: its animation callbacks run first, then style, layout and paint;
      // a message posted from them arrives once that frame is done
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve({ dom, frame: performance.now() - tapped, queued: handled - tapped });
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document.getElementById('tableau'), { subtree: true, childList: true, attributes: true });
  });
}"""


def current(page: Page) -> dict[str, Any]:
    return page.request.get("/api/games/current").json()  # type: ignore[no-any-return]


def moves_counted(page: Page, before: str) -> str:
    """Wait for the server's answer to be on the table: the move counter, which only the server
    moves, shows another number than ``before``; returns it."""
    page.wait_for_function(
        "(n) => { const b = document.querySelector('#status .moves b'); return b && b.textContent !== n; }",
        arg=before,
        timeout=60_000,
    )
    return page.locator("#status .moves b").inner_text()


def candidates(view: dict[str, Any]) -> list[tuple[int, int, int]]:
    return [(g["column"], g["count"], t) for g in view["groups"] for t in g["targets"]]


def one_move(page: Page, view: dict[str, Any], move: tuple[int, int, int]) -> dict[str, float]:
    col, count, to = move
    source = view["columns"][col - 1]
    index = source["down"] + len(source["up"]) - count
    first = source["up"][len(source["up"]) - count]
    target = view["columns"][to - 1]
    landing = target["down"] + len(target["up"])
    counted = page.locator("#status .moves b").inner_text()
    page.locator(f'#tableau button[data-col="{col}"][data-idx="{index}"]').click(position={"x": 12, "y": 6})
    page.evaluate(ARM_JS, [to, landing, first])  # after the first tap, which picks the group up
    tap(page, page.locator(f'#tableau button[data-col="{to}"]').last)
    timing: dict[str, float] = page.evaluate("() => window.__moveTiming")
    counted = moves_counted(page, counted)
    page.locator("#btn-undo").click()
    moves_counted(page, counted)
    return timing


def tap(page: Page, target: Locator) -> None:
    """A finger's tap: pressed for PRESS_MS, as a person's is, then lifted (the lift plays it)."""
    box = target.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 12))
    page.mouse.down()
    page.wait_for_timeout(PRESS_MS)
    page.mouse.up()


def throttle(cdp: CDPSession, network: str, cpu: float) -> None:
    conditions = NETWORKS[network]
    if conditions:
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", conditions)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})


def summary(name: str, times: list[float]) -> str:
    times = sorted(times)
    p90 = times[max(0, int(len(times) * 0.9) - 1)]
    median = statistics.median(times)
    return f"{name}: median {median:.0f} ms, p90 {p90:.0f} ms, min {times[0]:.0f}, max {times[-1]:.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40, help="moves to time (each undone after)")
    parser.add_argument("--network", choices=sorted(NETWORKS), default="slow4g")
    parser.add_argument("--cpu", type=float, default=4, help="CPU slowdown (1: none)")
    parser.add_argument("--phone", action="store_true", help="390×844 instead of 1280×800")
    args = parser.parse_args()
    print(f"front end: {Path(spider.__file__).parent / 'web' / 'static'} (the production bundle)")
    print(f"network {args.network}, CPU slowed {args.cpu:g}×, {args.moves} moves")
    viewport: ViewportSize = {"width": 390, "height": 844} if args.phone else {"width": 1280, "height": 800}
    with app_in_chromium(background=False) as (browser, url):
        context = browser.new_context(base_url=url, viewport=viewport, locale="en-US")
        page = context.new_page()
        page.goto("/")
        page.locator("body.ready").wait_for()
        made = page.request.post("/api/games", data={"game": "spider", "suits": 1, "profile": "timed"})
        assert made.status == 201, made.text()
        page.reload()
        page.locator("body.ready").wait_for()
        page.get_by_role("dialog").wait_for(state="hidden")
        throttle(context.new_cdp_session(page), args.network, args.cpu)
        dom, frame, queued = [], [], []
        for n in range(args.moves):
            view = current(page)
            options = candidates(view)
            if not options:
                sys.exit("the deal has no move to time: run again")
            timing = one_move(page, view, options[n % len(options)])
            dom.append(timing["dom"])
            frame.append(timing["frame"])
            queued.append(timing["queued"])
        context.close()
    print(summary("tap → cards moving (DOM)", dom))
    print(summary("tap → frame drawn       ", frame))
    print(summary("of which the tap waited for the page to take it", queued))


if __name__ == "__main__":
    main()
