"""The first table's time in a real headless Chromium, the production bundle against the modules
(development mode): from navigation to the first card on screen, first visit (cold: a new browser
profile, no cookie, no cache), return visit (warm: the same profile again, its service worker and
cache in place: the page's shell from the worker, the game from the device) and an offline return
visit (the same with the network cut; "failed" where the page does not open), on slow 4G (150 ms
round trip, 1.6 Mbps down, 750 kbps up) with the CPU slowed 4× and unthrottled. Then, with the
bundle, tap to cards moving: the median time from a practice action's input (the pointer's release,
or the key) to the first frame that shows its cards moved, per kind (move, deal, undo, redo), under
the same slow network and CPU. Prints the medians with the bytes and requests of the page; asserts
nothing.

    python bench/page.py [--runs 5] [--modes development,bundled] [--networks slow,fast] [--taps 3]
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

from browserkit import SPIDERETTE1, WIN_DECK, WIN_LINE  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from playwright.sync_api import Browser, Error, Page, sync_playwright  # noqa: E402

from spider.engine import Game  # noqa: E402

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


# Set before the page's own scripts run: for each input (a pointer's release, a key), the time to the
# first frame after the tableau's cards changed (the cards of each column, face up and in all), as
# {kind, ms}, `kind` the bench's name of what it did (window.__kind).
TAPS = """(() => {
  window.__taps = [];
  let pending = null;
  const shape = () => [...document.querySelectorAll('#tableau .column')]
    .map((c) => `${c.querySelectorAll('.card').length}/${c.querySelectorAll('.card.up').length}`).join(' ');
  const input = (event) => {
    if (event.type === 'keydown' && !['z', 'y'].includes(event.key.toLowerCase())) return;
    pending = { kind: window.__kind, start: event.timeStamp, shape: shape() };
  };
  addEventListener('pointerup', input, true);
  addEventListener('keydown', input, true);
  new MutationObserver(() => {
    if (!pending || shape() === pending.shape) return;
    const done = pending;
    pending = null;
    requestAnimationFrame(() => window.__taps.push({ kind: done.kind, ms: performance.now() - done.start }));
  }).observe(document, { subtree: true, childList: true, attributes: true });
})()"""


@dataclass
class Visit:
    first_card: float  # ms from navigation
    first_paint: float
    bytes: int
    requests: int


class Wire:
    """The page's network as CDP sees it: bytes carried and requests answered by the server."""

    def __init__(self, page: Page, slow: bool, offline: bool = False) -> None:
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Network.enable")
        self.cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
        if slow:
            self.cdp.send("Network.emulateNetworkConditions", SLOW_4G | {"offline": offline})
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


def visit(page: Page, url: str, slow: bool, offline: bool = False) -> Visit | None:
    """The page's first card, or None where it did not open (offline, with nothing kept)."""
    wire = Wire(page, slow, offline)
    try:
        with page.expect_console_message(lambda message: message.text == FIRST_CARD_SAID, timeout=30_000):
            page.goto(url, wait_until="commit")
    except Error:
        wire.cdp.detach()
        return None
    found_bytes, found_requests = wire.bytes, len(wire.served)
    page.wait_for_function("() => performance.getEntriesByName('first-contentful-paint').length > 0", polling=50)
    first_card, first_paint = page.evaluate(
        "() => [window.__firstCard, performance.getEntriesByName('first-contentful-paint')[0].startTime]"
    )
    found = Visit(first_card, first_paint, found_bytes, found_requests)
    wire.cdp.detach()
    return found


# the worker has kept the page's shell (a checkout whose worker keeps none: its files, once ready)
SHELL_KEPT = """async () => {
  const registration = await navigator.serviceWorker.ready;
  for (let i = 0; i < 100 && !(await caches.match(registration.scope)); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}"""


def one_run(browser: Browser, url: str, slow: bool, bundled: bool) -> tuple[Visit, Visit, Visit | None]:
    """A first visit, then a return visit in the same profile, then one with the network cut."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    context.add_init_script(FIRST_CARD)
    try:
        page = context.new_page()
        cold = visit(page, url, slow)
        page.wait_for_load_state("load")
        if bundled:  # the service worker has kept the files before the player comes back
            page.evaluate(SHELL_KEPT)
        page.close()
        page = context.new_page()
        warm = visit(page, url, slow)
        page.wait_for_load_state("load")
        page.close()
        context.set_offline(True)  # the worker's own requests too
        offline = visit(context.new_page(), url, slow, offline=True)
        context.set_offline(False)
        assert cold and warm, "the page did not open"
        return cold, warm, offline
    finally:
        context.close()


def taps_line() -> list[tuple[str, str, int]]:
    """The practice actions the tap bench plays on WIN_DECK, as (kind, action, cards moved): its
    winning line, each of its first moves undone and redone."""
    game = Game.from_deck(SPIDERETTE1, WIN_DECK)
    line: list[tuple[str, str, int]] = []
    for n, action in enumerate(WIN_LINE):
        if action == "deal":
            line.append(("deal", action, 0))
            game.apply(action)
            continue
        source = int(action.split(">")[0]) - 1
        before = game.view()["columns"][source]
        game.apply(action)
        after = game.view()["columns"][source]
        line.append(("move", action, before["down"] + len(before["up"]) - after["down"] - len(after["up"])))
        if n < 12:
            line += [("undo", "undo", 0), ("redo", "redo", 0)]
    return line


def play(page: Page, kind: str, action: str, count: int) -> None:
    """One action through the page as a player takes it: the stock, two taps (the group's first card,
    then the column it goes to), Ctrl+Z, Ctrl+Y."""
    page.evaluate("(kind) => { window.__kind = kind; }", "select" if kind == "move" else kind)
    if kind == "deal":
        page.locator("#stock").click()
    elif kind == "undo":
        page.keyboard.press("Control+z")
    elif kind == "redo":
        page.keyboard.press("Control+y")
    else:
        source, target = (int(n) for n in action.split(">"))
        cards = page.locator(f'#tableau .column[data-col="{source}"] .card.up')
        cards.nth(cards.count() - count).click(position={"x": 12, "y": 6})  # its strip the next card leaves
        page.evaluate("() => { window.__kind = 'move'; }")
        column = page.locator(f'#tableau .column[data-col="{target}"]')
        tops = column.locator(".card")
        (tops.last if tops.count() else column).click()


def tap_run(browser: Browser, url: str) -> dict[str, list[float]]:
    """Each practice action's tap to cards moving (ms), by kind, in a new profile on the return visit
    (the service worker and the device in place), under slow 4G and the CPU slowed 4×."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    context.add_init_script(TAPS)
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("body.ready")
        page.evaluate(SHELL_KEPT)
        answer = page.request.post(
            url + "api/games", data={"game": "spiderette", "suits": 1, "rules": "classic", "deck": WIN_DECK}
        )
        assert answer.ok, answer.text()
        page.reload()
        page.wait_for_selector("body.ready")
        page.wait_for_selector("#tableau .card")
        wire = Wire(page, slow=True)
        found: dict[str, list[float]] = {}
        for n, (kind, action, count) in enumerate(taps_line()):
            taps = page.evaluate("() => window.__taps.length")
            try:
                play(page, kind, action, count)
                page.wait_for_function(f"() => window.__taps.some((t, i) => i >= {taps} && t.kind === '{kind}')")
            except Error as error:  # the table went otherwise than the line (a refusal): this run ends here
                print(f"tap run stopped at action {n} ({kind} {action}): {str(error).splitlines()[0]}", file=sys.stderr)
                found.setdefault("stopped", []).append(n)
                break
            done = page.evaluate(f"() => window.__taps.slice({taps}).filter((t) => t.kind === '{kind}')[0].ms")
            found.setdefault(kind, []).append(done)
            if n % 8 == 7:
                page.wait_for_load_state("networkidle")  # a round trip's answers settle between bursts
        wire.cdp.detach()
        return found
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
) -> list[list[tuple[Visit, Visit, Visit | None]]]:
    """``count`` runs of each page, one of each in turn (neither always first)."""
    runs: list[list[tuple[Visit, Visit, Visit | None]]] = [[] for _ in urls]
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
    parser.add_argument("--taps", type=int, default=3, help="runs of the tap bench (bundled mode; 0: none)")
    args = parser.parse_args()
    checkouts = [ROOT] + ([args.against.resolve()] if args.against else [])
    rows: list[tuple[str, str, str, str, list[Visit | None]]] = []
    taps: list[dict[str, list[float]]] = [{} for _ in checkouts]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for mode in args.modes.split(","):
            with ExitStack() as servers:
                urls = [servers.enter_context(served(root, mode)) for root in checkouts]
                for network in args.networks.split(","):
                    runs = measure_in_turn(browser, urls, args.runs, network == "slow", mode == "bundled")
                    for root, found in zip(checkouts, runs, strict=True):
                        name = root.name
                        rows.append((name, mode, network, "first visit", [cold for cold, _, _ in found]))
                        rows.append((name, mode, network, "return visit", [warm for _, warm, _ in found]))
                        rows.append((name, mode, network, "offline visit", [off for _, _, off in found]))
                if mode == "bundled":
                    for n in range(args.taps):
                        order = list(range(len(urls)))
                        for k in order if n % 2 == 0 else order[::-1]:
                            for kind, times in tap_run(browser, urls[k]).items():
                                taps[k].setdefault(kind, []).extend(times)
        browser.close()
    label = {"slow": "slow 4G + 4× CPU", "fast": "unthrottled"}
    print(f"median of {args.runs} runs (each run's figures: first card in ms)")
    print("| checkout | mode | network | visit | first card | first paint | bytes | requests | runs |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, mode, network, kind, found in rows:
        visits = [v for v in found if v is not None]
        if len(visits) < len(found):
            print(f"| {name} | {mode} | {label[network]} | {kind} | failed ({len(found) - len(visits)} runs) | | | | |")
            continue
        cards = sorted(v.first_card for v in visits)
        print(
            f"| {name} | {mode} | {label[network]} | {kind} | {statistics.median(cards) / 1000:.2f} s"
            f" | {statistics.median(v.first_paint for v in visits) / 1000:.2f} s"
            f" | {statistics.median(v.bytes for v in visits) / 1000:.1f} KB"
            f" | {statistics.median(v.requests for v in visits):.0f}"
            f" | {' / '.join(f'{c:.0f}' for c in cards)} |"
        )
    if any(taps):
        print(f"\ntap to cards moving, {label['slow']}, bundled: median (and 90th percentile) of {args.taps} runs")
        print("| checkout | action | median | 90th percentile | actions |")
        print("|---|---|---|---|---|")
        for root, found in zip(checkouts, taps, strict=True):
            if found.get("stopped"):
                print(f"| {root.name} | (runs stopped early) | | | {len(found['stopped'])} |")
            for kind in ("move", "deal", "undo", "redo"):
                times = sorted(found.get(kind, []))
                if times:
                    p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
                    print(f"| {root.name} | {kind} | {statistics.median(times):.0f} ms | {p90:.0f} ms | {len(times)} |")


if __name__ == "__main__":
    main()
