// The service worker (served at /sw.js by calculator.views.service_worker, which puts
// the static files' version first: `const VERSION = "…";`). It keeps the pages a player
// has opened, so that they open with no network:
// - /static/ files: from the cache once fetched (their names change with their content);
// - a page without a query string (the calculator, waits, practice, the rules): from the
//   network, kept for next time, and from the cache when the network fails;
// - anything else offline (a result, a ledger): the offline page, which says why.
// Of the ledger, a read-only page (/t/<table>/) is kept, for the table to look at with no
// network (the page then says when it was seen), and so are the edit pages this browser
// opened (its player holds their link already: 我的牌桌 lists it).
// - the offline engine (static/js/offline.js): a page that loaded with a connection asks
//   for its files to be kept ({keep: [urls]}), the browser Python runtime and the engine's
//   zip among them; the worker script (/engine-worker.js) is then served from the cache
//   like a static file.
// - a ledger hand's form (a win, a draw or a paper result) that cannot be sent: kept in the browser
//   (Pending, static/js/pending.js, which the served script includes), and the ledger's
//   edit page shown, which lists it as 待同步 and sends it when the connection is back.
//   The edit page and its next hand's forms are kept for that (the page asks for them
//   fresh: {refresh: [urls]}); a read-only link never sees them.
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

// A page asks for the offline engine's files (keep: those not kept yet, once) or for the
// ledger's next forms (refresh: fetched again, they carry the ledger's version).
self.addEventListener("message", (event) => {
  const data = event.data || {};
  const urls = data.keep || data.refresh;
  if (!Array.isArray(urls)) return;
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(urls.map((url) =>
    cache.match(url, { ignoreVary: true })
      .then((kept) => (kept && data.keep) || cache.add(url)).catch(() => null)))));
});

const LEDGER_EDIT = /^\/t\/[^/]+\/e\/[^/]+\/$/;
const LEDGER_HAND = /^(\/t\/[^/]+\/e\/[^/]+\/)hand\/(\d+)\/(win|draw|result)$/;

// A hand's form posted with no connection: kept, and the edit page shown, which says so.
async function sendOrKeep(request, hand) {
  const copy = request.clone();
  try {
    return await fetch(request);
  } catch {
    const fields = [...(await copy.formData()).entries()].filter(([, v]) => typeof v === "string");
    await Pending.keep({ table: hand[1], action: new URL(request.url).pathname,
                         number: Number(hand[2]), kind: hand[3] === "draw" ? "draw" : "win",
                         fields });
    return Response.redirect(hand[1] + "#pending", 303);
  }
}

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
  } catch {
    return (keepIt && await caches.match(request, options)) || (await caches.match(OFFLINE)) ||
      Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const hand = LEDGER_HAND.exec(url.pathname);
  if (request.method === "POST" && request.mode === "navigate" && hand) {
    event.respondWith(sendOrKeep(request, hand));
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith("/static/") || url.pathname === "/engine-worker.js") {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === "navigate" && !url.pathname.startsWith("/api/")) {
    const readOnlyLedger = /^\/t\/[^/]+\/$/.test(url.pathname) && url.pathname !== "/t/new/";
    const ledger = readOnlyLedger || LEDGER_EDIT.test(url.pathname) || hand;
    const kept = url.search === "" && (!url.pathname.startsWith("/t/") || ledger);
    event.respondWith(networkFirst(request, kept, { ignoreVary: true }));
  }
});
