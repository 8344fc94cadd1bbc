"""The first visit's weight and a return visit's update, on the production bundle as players get it:
a first visit's table takes at most 70 KB in at most 6 requests (the court pictures come after it),
and a build deployed meanwhile reaches a returning player whole, on the visit after the one that
found it (the page comes from the service worker's cache, refreshed behind it)."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from browserkit import column, wait_until
from conftest import _Server
from playwright.sync_api import Browser, Page, expect

from spider.web.frontend import Frontend

pytestmark = pytest.mark.browser

BUDGET_BYTES = 70_000
BUDGET_REQUESTS = 6
# set before the page's scripts run: when the first card was put on the page
FIRST_CARD = """new MutationObserver((_, observer) => {
  if (!document.querySelector('#tableau .card')) return;
  observer.disconnect();
  window.__firstCard = performance.now();
}).observe(document, { subtree: true, childList: true });"""


def first_card(page: Page) -> None:
    expect(column(page, 1).get_by_role("button").first).to_be_visible()


def test_a_first_visit_draws_the_table_in_70_kb_and_6_requests(browser: Browser, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844}, locale="en-US")
    try:
        context.add_init_script(FIRST_CARD)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        sent: dict[str, str] = {}
        done: dict[str, int] = {}
        cdp.on("Network.requestWillBeSent", lambda e: sent.__setitem__(e["requestId"], e["request"]["url"]))
        cdp.on("Network.loadingFinished", lambda e: done.__setitem__(e["requestId"], int(e["encodedDataLength"])))
        page.goto("/")
        first_card(page)
        expect(page.locator("body.ready")).to_be_attached()
        page.wait_for_load_state("networkidle")
        wait_until(page, lambda: set(done) >= set(sent), "every request finished")
        art = {rid for rid, url in sent.items() if "/court-" in url}
        table = {rid: sent[rid] for rid in sent if rid not in art}
        weight = sum(done[rid] for rid in table)
        print(f"first visit: {weight} bytes in {len(table)} requests, {len(art)} court pictures after")
        assert len(table) <= BUDGET_REQUESTS and weight <= BUDGET_BYTES, (weight, sorted(table.values()))
        # the player's table came with the page: no request of the API before its first card
        asked = page.evaluate(
            """() => performance.getEntriesByType('resource')
              .filter((e) => e.name.includes('/api/') && e.startTime < window.__firstCard).map((e) => e.name)"""
        )
        assert asked == [], asked
        # the court pictures are asked for only once the table is on the page: no part of it
        starts = page.evaluate(
            """() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/court-'))
              .map((e) => e.startTime - window.__firstCard)"""
        )
        assert len(starts) == len(art) and all(after > 0 for after in starts), starts
        assert page.locator("use[data-art]").count() == 0  # and then drawn
    finally:
        context.close()


def updated_build(old: Frontend, folder: Path) -> Frontend:
    """A new build of the front end: the table's code changed (it marks the page), so its name did."""
    shutil.copytree(old.dist, folder)
    entry = old.manifest["entry"]
    new_entry = "main-UpdateB000.js"
    code = (old.dist / entry).read_text(encoding="utf-8") + '\ndocument.documentElement.dataset.build = "B";\n'
    (folder / new_entry).write_text(code, encoding="utf-8")
    files = [new_entry if name == entry else name for name in old.manifest["files"]]
    manifest: dict[str, Any] = old.manifest | {"entry": new_entry, "files": files, "version": "UpdateB"}
    return replace(old, page=old.page.replace(entry, new_entry), manifest=manifest, dist=folder)


def scripts_of(page: Page) -> list[str]:
    names: list[str] = page.evaluate(
        "() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.js'))"
    )
    return [name.rpartition("/")[2] for name in names]


# the registration's newest worker once it is installed (or active): the deployed build's
INSTALLED_JS = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  await registration.update();
  const worker = registration.installing || registration.waiting;
  if (worker && worker.state !== 'installed') {
    await new Promise((resolve) => worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' || worker.state === 'activated') resolve();
    }));
  }
}"""
KEPT_SHELL_JS = """async (name) => {
  const scope = (await navigator.serviceWorker.ready).scope;
  return Boolean(await caches.match(scope, { cacheName: name }));
}"""


def builds_kept(page: Page) -> list[str]:
    """The worker's caches of builds (beside them, spider-data keeps the texts and the catalog)."""
    names: list[str] = json.loads(page.evaluate("async () => JSON.stringify(await caches.keys())"))
    return [name for name in names if name != "spider-data"]


def test_a_deployed_update_reaches_a_returning_player(browser: Browser, tmp_path: Path) -> None:
    server = _Server(str(tmp_path / "db.sqlite3"), background=False)
    url = server.start()
    context = browser.new_context(base_url=url, viewport={"width": 1280, "height": 800}, locale="en-US")
    try:
        page = context.new_page()
        page.goto("/")
        first_card(page)
        worker = page.evaluate("async () => (await navigator.serviceWorker.ready).active.state")
        assert worker in ("activating", "activated")
        old = server.app.state.frontend
        cache = f"spider-{old.manifest['version']}"
        wait_until(page, lambda: page.evaluate(KEPT_SHELL_JS, cache), "the build's page kept with its files")
        assert builds_kept(page) == [cache]
        # the return visit: the page and its code from what the worker kept
        response = page.reload()
        assert response is not None and response.from_service_worker
        first_card(page)
        assert page.evaluate("() => navigator.serviceWorker.controller !== null")
        assert old.manifest["entry"] in scripts_of(page)

        server.app.state.frontend = updated_build(old, tmp_path / "dist-b")
        # the visit right after the deploy: the page kept, whole, of the build it was kept with
        page.reload()
        first_card(page)
        assert page.locator("html").get_attribute("data-build") is None
        assert old.manifest["entry"] in scripts_of(page)
        # meanwhile the new build's worker keeps the new build's files and page; the next visit has
        # them, though the old build's worker still answers (it is the open page's)
        page.evaluate(INSTALLED_JS)
        assert page.evaluate(KEPT_SHELL_JS, "spider-UpdateB")
        page.reload()
        first_card(page)
        expect(page.locator("html")).to_have_attribute("data-build", "B")
        assert old.manifest["entry"] not in scripts_of(page)  # no file of the old build's table
        # the player closes the old worker's last page, and comes back once the browser has let the new
        # worker take over (a page opened before that would still be the old worker's, and keep it)
        watcher = context.new_page()  # about:blank: no page of the site
        versions: dict[str, str] = {}
        cdp = context.new_cdp_session(watcher)
        cdp.on(
            "ServiceWorker.workerVersionUpdated",
            lambda event: versions.update({v["versionId"]: v["status"] for v in event["versions"]}),
        )
        cdp.send("ServiceWorker.enable")
        page.close()
        wait_until(
            watcher,
            lambda: "redundant" in versions.values() and list(versions.values()).count("activated") == 1,
            "the new build's worker took over once the old build's last page closed",
        )
        page = watcher
        page.goto("/")
        first_card(page)
        expect(page.locator("html")).to_have_attribute("data-build", "B")
        wait_until(
            page,
            lambda: builds_kept(page) == ["spider-UpdateB"],
            "the old build's files dropped once its last page closed",
        )
    finally:
        context.close()
        server.stop()
