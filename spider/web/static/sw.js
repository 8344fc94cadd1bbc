// The service worker of the production bundle, served as sw.js beside the page, after a line the
// server writes: const BUILD = {version, files}, the build's hashed files (spider/web/routes/pages.py).
// It keeps them, so a return visit asks the server for the page alone. Each file's name is its
// content's hash, so a kept file is never stale; the page (never kept here) names the files of the
// build it belongs to, and a new build's page finds its files on the network until this worker's
// successor has kept them. A build's worker waits (no skipWaiting) until no page of the one
// before is open, then drops the older builds' files: an open page's screens still load theirs.
/* global BUILD */
/** This worker's global scope (TypeScript's worker lib types `self` as any worker's). */
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const PREFIX = "spider-";
const CACHE = `${PREFIX}${BUILD.version}`;
const DIST = new URL("static/dist/", worker.registration.scope).href;

// Where the browser can route requests without starting this worker (the static routing API), it
// does: the hashed files from the cache (the network where missing), everything else the network.
// Starting a worker costs a slow phone a good part of the first card's time; the fetch handler
// below does the same elsewhere.
/** @param {InstallEvent} event */
function addRoutes(event) {
  if (!event.addRoutes || typeof URLPattern === "undefined") return;
  const dist = new URLPattern({ pathname: `${new URL(DIST).pathname}*` });
  event.addRoutes([
    { condition: { urlPattern: dist }, source: "cache" },
    { condition: { urlPattern: new URLPattern({}) }, source: "network" },
  ]);
}

worker.addEventListener("install", (event) => {
  addRoutes(event);
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(BUILD.files.map((name) => DIST + name))));
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) =>
    Promise.all(keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE).map((key) => caches.delete(key)))));
});

// A hashed file from the cache (this build's or, while an older page is open, its own), else the
// network, kept for next time; everything else (the page, the API) straight to the network.
worker.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(DIST)) return;
  event.respondWith(caches.match(request).then((kept) => kept || fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  })));
});
