// The service worker (served at /sw.js by calculator.views.service_worker, which puts
// the static files' version first: `const VERSION = "…";`). It keeps what a player needs
// with no network, from their first visit on:
// - the offline pack (static/js/site.js asks for it once a page has loaded and gone
//   quiet, {prepare: {pages, files}}): the pages that open offline (the calculator, the
//   waits page, practice, the rules, the offline page) in the player's language with the
//   /static/ files each one names, then the offline engine's files (the browser Python
//   runtime and the engine's zip), one at a time, each waiting while a page's own
//   requests are under way; its progress is posted to the pages ({offline: {done, total,
//   ready}}), which show it in their footer;
// - /static/ files: from the cache once fetched (their names change with their content);
//   /engine-worker.js likewise;
// - a page without a query string (the calculator, waits, practice, the rules): from the
//   network, kept for next time, and from the cache when the network fails;
// - anything else offline (a result, a ledger never opened here): the offline page, which
//   says what works with no network.
// Of the ledger, a read-only page (/t/<table>/) is kept, for the table to look at with no
// network (the page then says when it was seen), and so are the edit pages this browser
// opened (its player holds their link already: 我的牌桌 lists it); the page asking for
// the pack is kept with it, so one visit to a ledger is enough too.
// - a ledger hand's form (a win, a draw, a paper result or an adjustment) that cannot be sent: kept in the browser
//   (Pending, static/js/pending.js, which the served script includes), and the ledger's
//   edit page shown, which lists it as 待同步 and sends it when the connection is back.
//   The edit page and its next hand's forms are kept for that (the page asks for them
//   fresh: {refresh: [urls]}, and for their files: {keep: [urls]}); a read-only link
//   never sees them.
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

// A page asks for the offline pack (prepare), for its progress (status), for files to
// keep (keep: those not kept yet) or for the ledger's next forms (refresh: fetched again,
// they carry the ledger's version).
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.prepare) {
    const asking = event.source && new URL(event.source.url);
    const here = asking && keepable(asking) ? [asking.pathname] : [];
    event.waitUntil(prepare({ ...data.prepare, pages: [...new Set([...data.prepare.pages, ...here])] }));
  } else if (data.status) {
    if (event.source) event.source.postMessage({ offline: progress });
  } else if (Array.isArray(data.keep)) {
    event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(data.keep.map((url) =>
      keepOnce(cache, url).catch(() => null)))));
  } else if (Array.isArray(data.refresh)) {
    event.waitUntil(refreshForms(data.refresh));
  }
});

// A table's next hand's forms (paths), fetched again: they carry the ledger's version.
// Every other hand form of that table kept before is dropped: one kept when its hand was
// the next would, opened with no network from a recorded hand's "修改", add that hand
// again (a new hand, from an old version) rather than change it; with no network, a
// recorded hand's page is the offline page instead.
async function refreshForms(paths) {
  const cache = await caches.open(CACHE);
  const tables = new Set(paths.map((path) => (LEDGER_HAND.exec(path) || [])[1]));
  for (const request of await cache.keys()) {
    const hand = LEDGER_HAND.exec(new URL(request.url).pathname);
    if (hand && tables.has(hand[1]) && !paths.includes(hand[0])) await cache.delete(request);
  }
  await Promise.all(paths.map((path) => cache.add(path).catch(() => null)));
}

async function keepOnce(cache, url) {
  const kept = await cache.match(url, { ignoreVary: true });
  if (!kept) await cache.add(new Request(url, { priority: "low" }));
}

// --- the offline pack: fetched once, one file at a time, after the player's requests ---

// The page requests under way (the fetch handler counts those it answers).
let playerRequests = 0;
const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

async function whenQuiet() {
  while (playerRequests > 0) await sleep(250);
}

let progress = { done: 0, total: 0, ready: false };
let preparing = null;

async function broadcast() {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) {
    client.postMessage({ offline: progress });
  }
}

// The /static/ files a kept page names (its styles, scripts and tile pictures).
const STATIC_REF = /(?:src|href)="(\/static\/[^"?#]+)"/g;

// A page and the /static/ files it names, kept. The page is fetched again when it is not
// kept, or kept in another language than `language`. A page that redirects (/practice/
// to a round) is kept as the page it leads to.
async function keepPage(cache, url, language) {
  const kept = await cache.match(url, { ignoreVary: true });
  if (kept && kept.headers.get("Content-Language") === language) return;
  const response = await fetch(new Request(url, { priority: "low", credentials: "same-origin" }));
  if (!response.ok || response.type !== "basic") return;
  const html = await response.clone().text();
  await cache.put(url, response.redirected
    ? new Response(html, { headers: response.headers }) : response);
  for (const [, file] of html.matchAll(STATIC_REF)) {
    await whenQuiet();
    await keepOnce(cache, file).catch(() => null);
  }
}

function prepare(pack) {
  // one pack at a time: a second page's request joins the one under way
  if (!preparing) {
    preparing = fill(pack).finally(() => { preparing = null; });
  }
  return preparing;
}

async function fill({ pages, files, language }) {
  const cache = await caches.open(CACHE);
  progress = { done: 0, total: files.reduce((sum, [, size]) => sum + size, 0), ready: false };
  const missing = [];
  for (const [url, size] of files) {
    if (await cache.match(url, { ignoreVary: true })) progress.done += size;
    else missing.push([url, size]);
  }
  await broadcast();
  for (const url of pages) {
    await whenQuiet();
    await keepPage(cache, url, language).catch(() => null);
  }
  let complete = true;
  for (const [url, size] of missing) {
    await whenQuiet();
    try {
      await cache.add(new Request(url, { priority: "low" }));
      progress.done += size;
    } catch {
      complete = false;
    }
    await broadcast();
  }
  progress.ready = complete;
  await broadcast();
}

const LEDGER_EDIT = /^\/t\/[^/]+\/e\/[^/]+\/$/;
const LEDGER_HAND = /^(\/t\/[^/]+\/e\/[^/]+\/)hand\/(\d+)\/(win|draw|result|adjust)$/;
// The ledger line's kind (ledger.rotation) each of those forms writes.
const LINE_KIND = { win: "win", result: "win", draw: "draw", adjust: "adj" };

// A hand's form posted with no connection: kept, and the edit page shown, which says so.
async function sendOrKeep(request, hand) {
  const copy = request.clone();
  try {
    return await fetch(request);
  } catch {
    const fields = [...(await copy.formData()).entries()].filter(([, v]) => typeof v === "string");
    await Pending.keep({ table: hand[1], action: new URL(request.url).pathname,
                         number: Number(hand[2]), kind: LINE_KIND[hand[3]],
                         fields });
    return Response.redirect(hand[1] + "#pending", 303);
  }
}

// Any other form posted with no connection (a ledger's settings, putting a hand back, the
// people page …): only the server can carry it out. The browser's own error page would
// say so in its own words; the offline page says that nothing was saved.
async function sendOrSayNotSent(request) {
  try {
    return await fetch(request);
  } catch {
    return Response.redirect(OFFLINE + "#not-sent", 303);
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

// Counts a page's request while it is under way (whenQuiet waits for none).
function answering(event, answer) {
  playerRequests += 1;
  const done = () => { playerRequests -= 1; };
  answer.then(done, done);
  event.respondWith(answer);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const hand = LEDGER_HAND.exec(url.pathname);
  if (request.method === "POST" && request.mode === "navigate" && hand) {
    answering(event, sendOrKeep(request, hand));
    return;
  }
  if (request.method === "POST" && request.mode === "navigate") {
    answering(event, sendOrSayNotSent(request));
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith("/static/") || url.pathname === "/engine-worker.js") {
    answering(event, cacheFirst(request));
  } else if (request.mode === "navigate" && !url.pathname.startsWith("/api/")) {
    answering(event, networkFirst(request, keepable(url), { ignoreVary: true }));
  } else if (url.pathname.startsWith("/fields/")) {
    answering(event, networkFirst(request, true, { ignoreVary: true })); // offline.js
  } else if (!url.pathname.startsWith("/api/")) {
    answering(event, fetch(request)); // a page's own request (htmx): the pack waits for it
  }
});

// Which pages are kept for offline use: those without a query string, of the ledger only
// a read-only page, an edit page and its hands' forms.
function keepable(url) {
  if (url.search !== "" || url.pathname.startsWith("/api/")) return false;
  if (!url.pathname.startsWith("/t/")) return true;
  const readOnlyLedger = /^\/t\/[^/]+\/$/.test(url.pathname) && url.pathname !== "/t/new/";
  return readOnlyLedger || LEDGER_EDIT.test(url.pathname) || LEDGER_HAND.test(url.pathname);
}
