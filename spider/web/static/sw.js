// The service worker of the production bundle, served as sw.js beside the page, after a line the
// server writes: const BUILD = {version, files}, the build's hashed files (spider/web/routes/pages.py).
// It keeps the app's shell, so the installed app opens with no network:
// - the build's hashed files (each name is its content's hash, so a kept file is never stale);
// - the page's shell: the page as any visitor gets it, without the boot block of one player's data
//   (spider/web/boot.py), served at once for every visit and refreshed behind it
//   (stale-while-revalidate); the page then draws the table from what it keeps on the device;
// - the front end's texts (GET api/i18n/{lang}) and the catalog (GET api/catalog): from the network
//   while it answers, the last answer when it does not. Nothing else of the API is ever kept (a daily
//   deal's cards never reach a cache).
// A build's worker waits (no skipWaiting) until no page of the one before is open, then drops the
// older builds' files: an open page's screens still load theirs. Each build's cache keeps that
// build's page, put there after every file of it (a cache holding a page holds its files), and a
// visit gets the newest build's page kept: a new build's page arrives on the visit after the
// browser installed its worker, whichever worker still answers.
/* global BUILD */
/** This worker's global scope (TypeScript's worker lib types `self` as any worker's). */
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const PREFIX = "spider-";
const CACHE = `${PREFIX}${BUILD.version}`;
// the texts and the catalog, whichever build asked for them
const DATA = `${PREFIX}data`;
const SCOPE = worker.registration.scope;
const DIST = new URL("static/dist/", SCOPE).href;
// the page's shell is kept under the page's own address (the scope)
const PAGE_PATH = new URL(SCOPE).pathname;
const TEXTS = new URL("api/i18n/", SCOPE).href;
const CATALOG = new URL("api/catalog", SCOPE).href;
// the block of one player's data the server puts in the page it answers a browser (spider/web/boot.py)
const BOOT_BLOCK = /<script type="application\/json" id="spider-boot">[\s\S]*?<\/script>\n?/g;

/** A navigation to the page itself (any query: a deal link, a language link). */
const isPage = (/** @type {Request} */ request) => request.mode === "navigate" && new URL(request.url).pathname === PAGE_PATH;
/** The texts of a language or the catalog: kept for a visit with no network. */
const isData = (/** @type {string} */ url) => url.startsWith(TEXTS) || url.split("?")[0] === CATALOG;

// Where the browser can route requests without starting this worker (the static routing API), it
// does: the hashed files from the cache (the network where missing), the page, the texts and the
// catalog through the fetch handler below, everything else the network. Starting a worker costs a
// slow phone a good part of the first card's time; the fetch handler does the same elsewhere.
/** @param {InstallEvent} event */
function addRoutes(event) {
  if (!event.addRoutes || typeof URLPattern === "undefined") return;
  const handled = [
    new URLPattern({ pathname: `${new URL(TEXTS).pathname}*` }),
    new URLPattern({ pathname: new URL(CATALOG).pathname }),
  ];
  event.addRoutes([
    { condition: { urlPattern: new URLPattern({ pathname: `${new URL(DIST).pathname}*` }) }, source: "cache" },
    { condition: { urlPattern: new URLPattern({ pathname: PAGE_PATH }), requestMode: "navigate" }, source: "fetch-event" },
    ...handled.map((urlPattern) => ({ condition: { urlPattern, requestMethod: "GET" }, source: /** @type {const} */ ("fetch-event") })),
    { condition: { urlPattern: new URLPattern({}) }, source: "network" },
  ]).catch(() => {
    // a rule this browser does not know: none is added, and the fetch handler routes everything
  });
}

/** The page as the network has it now, made a shell: never a player's data (asked with no cookie, and
 * any boot block taken out). Kept in this build's cache when it is this build's page (the server
 * names it: Spider-Build); another build's page is its own worker's to keep, with its files. */
async function refreshShell() {
  const response = await fetch(SCOPE, { credentials: "omit", cache: "no-store" });
  if (!response.ok || response.headers.get("Spider-Build") !== BUILD.version) return;
  const headers = new Headers(response.headers);
  headers.delete("Content-Encoding"); // the body below is the decoded text
  headers.delete("Content-Length");
  const text = (await response.text()).replace(BOOT_BLOCK, "");
  const cache = await caches.open(CACHE);
  await cache.put(SCOPE, new Response(text, { status: 200, headers }));
}

/** The page's shell of the newest build kept (caches.keys() lists the caches as they were made). */
async function keptShell() {
  const builds = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== DATA);
  for (const name of builds.reverse()) {
    const found = await (await caches.open(name)).match(SCOPE);
    if (found) return found;
  }
  return undefined;
}

/** The page: its kept shell at once, refreshed behind it (the next visit gets the fresh one); the
 * network's page (with its boot block) while none is kept.
 * @param {FetchEvent} event */
async function page(event) {
  const refreshed = refreshShell().catch(() => {
    // no network, or no answer: the shell kept stays
  });
  event.waitUntil(refreshed);
  return (await keptShell()) || fetch(event.request);
}

/** A hashed file from the cache (this build's or, while an older page is open, its own), else the
 * network, kept for next time.
 * @param {FetchEvent} event */
async function hashedFile(event) {
  const kept = await caches.match(event.request);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok) {
    const copy = response.clone();
    event.waitUntil(caches.open(CACHE).then((cache) => cache.put(event.request, copy)));
  }
  return response;
}

/** The texts or the catalog from the network, kept; the last kept when the network fails.
 * @param {FetchEvent} event */
async function keptData(event) {
  try {
    const response = await fetch(event.request);
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(DATA).then((cache) => cache.put(event.request, copy)));
    }
    return response;
  } catch (error) {
    const kept = await caches.match(event.request, { cacheName: DATA });
    if (kept) return kept;
    throw error;
  }
}

worker.addEventListener("install", (event) => {
  addRoutes(event);
  // the files first, then the page that names them; the page's failure leaves it to a later visit
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll(BUILD.files.map((name) => DIST + name)))
    .then(() => refreshShell().catch(() => undefined)));
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys
    .filter((key) => key.startsWith(PREFIX) && key !== CACHE && key !== DATA)
    .map((key) => caches.delete(key)))));
});

// The same routes as addRoutes(), for a browser without the static routing API; anything else (the
// API, other pages) is not answered here: straight to the network.
worker.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (isPage(request)) event.respondWith(page(event));
  else if (request.url.startsWith(DIST)) event.respondWith(hashedFile(event));
  else if (isData(request.url)) event.respondWith(keptData(event));
});
