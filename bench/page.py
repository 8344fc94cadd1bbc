"""The first table's time in a real headless Chromium, the production bundle against the modules
(development mode): from navigation to the first card on screen, first visit (cold: a new browser
profile, no cookie, no cache) and return visit (warm: the same profile again, its service worker and
cache in place), on slow 4G (150 ms round trip, 1.6 Mbps down, 750 kbps up) with the CPU slowed 4×
and unthrottled. Prints the medians with the bytes and requests of the page; asserts nothing.

    python bench/page.py [--runs 5] [--modes development,bundled] [--networks slow,fast]
    python bench/page.py --against /other/checkout [--runs 15] [--modes bundled] [--networks slow]

``--against`` measures another checkout (its bundle built) beside this one, run for run in turn, so
that both see the same minutes of a shared machine: on two cores the figures of one version swing
by ±150 ms from one minute to the next, more than most changes gain.

Times are ``performance.now()`` at the first animation frame after a card is on the page (the
frame that paints it). Bytes are what the network carried for the page's own requests (headers
included) until then, requests those that reached the server (none served by the service worker or
the browser's cache).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT))  # its conftest imports tests.conftest

from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
CPU_SLOWDOWN = 4

# Said on the console by FIRST_CARD: waiting for it leaves the page alone while it loads, where a
# wait_for_function would inject Playwright's own script into it (some 50 ms of the 4× slowed CPU).
FIRST_CARD_SAID = "bench: first card"

# Set before the page's own scripts run: the time of the frame that first paints a card.
FIRST_CARD = """(() => {
  const seen = () => document.querySelector('#tableau .card');
  const mo = new MutationObserver(() => {
    if (!seen()) return;
    mo.disconnect();
    requestAnimationFrame(() => {
      window.__firstCard = performance.now();
      console.debug(SAID);
    });
  });
  mo.observe(document, { subtree: true, childList: true });
})()""".replace("SAID", json.dumps(FIRST_CARD_SAID))


@dataclass
class Visit:
    first_card: float  # ms from navigation
    first_paint: float
    bytes: int
    requests: int


class Wire:
    """The page's network as CDP sees it: bytes carried and requests answered by the server."""

    def __init__(self, page: Page, slow: bool) -> None:
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Network.enable")
        self.cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
        if slow:
            self.cdp.send("Network.emulateNetworkConditions", SLOW_4G)
            self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        self.bytes = 0
        self.served: set[str] = set()
        self.cdp.on("Network.responseReceived", self._response)
        self.cdp.on("Network.loadingFinished", self._finished)

    def _response(self, event: dict[str, Any]) -> None:
        response = event["response"]
        kept = ("fromServiceWorker", "fromDiskCache", "fromPrefetchCache")
        if not any(response.get(name) for name in kept):
            self.served.add(event["requestId"])

    def _finished(self, event: dict[str, Any]) -> None:
        self.bytes += int(event.get("encodedDataLength", 0))


def visit(page: Page, url: str, slow: bool) -> Visit:
    wire = Wire(page, slow)
    with page.expect_console_message(lambda message: message.text == FIRST_CARD_SAID):
        page.goto(url, wait_until="commit")
    found_bytes, found_requests = wire.bytes, len(wire.served)
    page.wait_for_function("() => performance.getEntriesByName('first-contentful-paint').length > 0", polling=50)
    first_card, first_paint = page.evaluate(
        "() => [window.__firstCard, performance.getEntriesByName('first-contentful-paint')[0].startTime]"
    )
    found = Visit(first_card, first_paint, found_bytes, found_requests)
    wire.cdp.detach()
    return found


def one_run(browser: Browser, url: str, slow: bool, bundled: bool) -> tuple[Visit, Visit]:
    """A first visit, then a return visit in the same profile."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    context.add_init_script(FIRST_CARD)
    try:
        page = context.new_page()
        cold = visit(page, url, slow)
        page.wait_for_load_state("load")
        if bundled:  # the service worker has kept the files before the player comes back
            page.evaluate("async () => { await navigator.serviceWorker.ready; return true; }")
        page.close()
        warm = visit(context.new_page(), url, slow)
        return cold, warm
    finally:
        context.close()


# A server of the checkout at argv[1] in mode argv[2]; prints its address, stops when stdin closes.
SERVE = """
import sys, tempfile
from pathlib import Path
root = Path(sys.argv[1])
sys.path[:0] = [str(root / "tests" / "browser"), str(root)]
from conftest import _Server
server = _Server(str(Path(tempfile.mkdtemp()) / "bench.sqlite3"), background=False, frontend=sys.argv[2])
print(server.start(), flush=True)
sys.stdin.read()
server.stop()
"""


@contextmanager
def served(root: Path, mode: str) -> Iterator[str]:
    """The page's address on a server of the checkout at ``root``, in its own process."""
    process = subprocess.Popen(
        [sys.executable, "-c", SERVE, str(root), mode], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        yield process.stdout.readline().strip() + "/"
    finally:
        process.stdin.close()
        process.wait(timeout=30)


def measure_in_turn(
    browser: Browser, urls: list[str], count: int, slow: bool, bundled: bool
) -> list[list[tuple[Visit, Visit]]]:
    """``count`` runs of each page, one of each in turn (neither always first)."""
    runs: list[list[tuple[Visit, Visit]]] = [[] for _ in urls]
    for n in range(count):
        order = list(range(len(urls)))
        for k in order if n % 2 == 0 else order[::-1]:
            runs[k].append(one_run(browser, urls[k], slow, bundled))
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--modes", default="development,bundled")
    parser.add_argument("--networks", default="slow,fast")
    parser.add_argument("--against", type=Path, help="another checkout, measured in turn with this one")
    args = parser.parse_args()
    checkouts = [ROOT] + ([args.against.resolve()] if args.against else [])
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for mode in args.modes.split(","):
            with ExitStack() as servers:
                urls = [servers.enter_context(served(root, mode)) for root in checkouts]
                for network in args.networks.split(","):
                    runs = measure_in_turn(browser, urls, args.runs, network == "slow", mode == "bundled")
                    for root, found in zip(checkouts, runs, strict=True):
                        name = root.name
                        rows.append((name, mode, network, "first visit", [cold for cold, _ in found]))
                        rows.append((name, mode, network, "return visit", [warm for _, warm in found]))
        browser.close()
    label = {"slow": "slow 4G + 4× CPU", "fast": "unthrottled"}
    print(f"median of {args.runs} runs (each run's figures: first card in ms)")
    print("| checkout | mode | network | visit | first card | first paint | bytes | requests | runs |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, mode, network, kind, visits in rows:
        cards = sorted(v.first_card for v in visits)
        print(
            f"| {name} | {mode} | {label[network]} | {kind} | {statistics.median(cards) / 1000:.2f} s"
            f" | {statistics.median(v.first_paint for v in visits) / 1000:.2f} s"
            f" | {statistics.median(v.bytes for v in visits) / 1000:.1f} KB"
            f" | {statistics.median(v.requests for v in visits):.0f}"
            f" | {' / '.join(f'{c:.0f}' for c in cards)} |"
        )


if __name__ == "__main__":
    main()
