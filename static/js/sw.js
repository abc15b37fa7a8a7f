// The service worker (served at /sw.js by calculator.views.service_worker, which puts
// the static files' version first: `const VERSION = "…";`). It keeps the pages a player
// has opened, so that they open with no network:
// - /static/ files: from the cache once fetched (their names change with their content);
// - a page without a query string (the calculator, waits, practice, the rules): from the
//   network, kept for next time, and from the cache when the network fails;
// - anything else offline (a result, a ledger): the offline page, which says why.
// Of the ledger, only a read-only page (/t/<table>/) is kept, for the table to look at
// with no network (the page then says when it was seen); edit pages never are.
// - the offline engine (static/js/offline.js): a page that loaded with a connection asks
//   for its files to be kept ({keep: [urls]}), the browser Python runtime and the rules
//   package among them; the worker script (/engine-worker.js) is then served from the
//   cache like a static file, the renderer's words (/offline/words/…) network-first.
/* global VERSION */
const CACHE = "mahjong-" + VERSION;
const OFFLINE = "/offline/";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add(OFFLINE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith("mahjong-") && n !== CACHE)
      .map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

// A page asks for the offline engine's files: fetch those not kept yet, once.
self.addEventListener("message", (event) => {
  const urls = event.data && event.data.keep;
  if (!Array.isArray(urls)) return;
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(urls.map((url) =>
    cache.match(url).then((kept) => kept || cache.add(url)).catch(() => null)))));
});

function keep(request, response) {
  if (response.ok && response.type === "basic") {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

// What a file is does not vary with the request's languages or cookies (/engine-worker.js
// is a view, whose answers say Vary: Accept-Language).
async function cacheFirst(request) {
  const kept = await caches.match(request, { ignoreVary: true });
  return kept || keep(request, await fetch(request));
}

async function networkFirst(request, keepIt, options) {
  try {
    const response = await fetch(request);
    return keepIt ? keep(request, response) : response;
  } catch (error) {
    return (keepIt && await caches.match(request, options)) || (await caches.match(OFFLINE)) ||
      Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/") || url.pathname === "/engine-worker.js") {
    event.respondWith(cacheFirst(request));
  } else if (url.pathname.startsWith("/offline/words/")) {
    // The same words whatever the request's cookies or languages: its URL names its own.
    event.respondWith(networkFirst(request, true, { ignoreVary: true }));
  } else if (request.mode === "navigate" && !url.pathname.startsWith("/api/")) {
    const readOnlyLedger = /^\/t\/[^/]+\/$/.test(url.pathname) && url.pathname !== "/t/new/";
    const kept = url.search === "" && (!url.pathname.startsWith("/t/") || readOnlyLedger);
    event.respondWith(networkFirst(request, kept));
  }
});
