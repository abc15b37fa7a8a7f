// The offline engine: the project's own rules and presentation packages on Pyodide
// (CPython compiled to WebAssembly), in a Web Worker so that the page never freezes while
// it starts. Served at /engine-worker.js by calculator.views.engine_worker, whose
// Content-Security-Policy adds 'wasm-unsafe-eval' for this worker alone.
//
// The page (static/js/offline.js) posts {start: {runtime, engine}} (the URLs of
// pyodide.mjs and of rules.zip, which scripts/build_offline.py builds), answered
// {started: true, restored: whether from a snapshot (below)}, then either
// - {id, kind, fields, language, links}: a form's fields (JSON text of name -> value),
//   the page's language and the panel's links (JSON text), answered as the server
//   answers that form: {id, answer: "<presentation.offline.answer's JSON>"};
// - or {id, kind, body: "<an API request as JSON>"}: {id, answer: "<rules.answer.answer_json's
//   text>"}, the API's answer, by which the tests and bench/offline.py hold this engine to
//   CPython's;
// or, when something fails, {id, failure: "<why>"}.
//
// A second start is quicker: after a first start, once the worker is idle, Python's
// memory (the runtime started, the engine imported) is kept in the Cache Storage as a
// Pyodide memory snapshot, and the next start restores it instead of starting Python
// again. The snapshot is kept under the engine zip's digest, so a new engine never
// restores an old one, in a cache named "mahjong-…", which the service worker deletes
// with the rest at a new release (static/js/sw.js). Any failure to make, keep or restore
// it, or a restored engine that answers PROBE otherwise than when it was made, and the
// worker starts as before.
let engine = null;

const SNAPSHOTS = "mahjong-engine-snapshot";
const PROBE = ["score", JSON.stringify({ region: "hangzhou", hand: "123m456m789p345s5z",
                                         win_tile: "5z", win_type: "self_draw",
                                         winner: "E", dealer: "E" })];
const SNAPSHOT_DELAY_MS = 2000; // after the start's first answers, when the page is quiet

async function start(urls) {
  const { loadPyodide } = await import(urls.runtime);
  const indexURL = new URL(".", new URL(urls.runtime, self.location.href)).href;
  const response = await fetch(urls.engine);
  if (!response.ok) throw new Error("engine " + response.status);
  const archive = new Uint8Array(await response.arrayBuffer());
  const key = await snapshotKey(archive, indexURL);
  const restored = await restore(loadPyodide, indexURL, archive, key).catch(() => null);
  if (restored) return { ...restored, restored: true };
  const python = await loadPyodide({ indexURL, packages: [], _makeSnapshot: true });
  const answers = withEngine(python, archive);
  setTimeout(() => keepSnapshot(python, answers, key).catch(() => {}), SNAPSHOT_DELAY_MS);
  return { ...answers, restored: false };
}

function withEngine(python, archive) {
  python.unpackArchive(archive, "zip", { extractDir: "/engine" });
  python.runPython("import sys; '/engine' in sys.path or sys.path.insert(0, '/engine')");
  return { form: python.pyimport("presentation.offline").answer,
           api: python.pyimport("rules.answer").answer_json };
}

// The snapshot's address in its cache: the engine zip's digest, and the runtime's place;
// none where the browser keeps nothing (no Cache Storage or digest: not a secure context).
async function snapshotKey(archive, indexURL) {
  if (!self.caches || !self.crypto || !crypto.subtle) return null;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", archive));
  const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
  return new URL(`engine-snapshot/${hex}`, indexURL).href;
}

// The kept snapshot restored, its engine's files unpacked again (Python's memory holds
// what it imported, not the files it reads later), and checked against PROBE.
async function restore(loadPyodide, indexURL, archive, key) {
  if (!key) return null;
  const kept = await (await caches.open(SNAPSHOTS)).match(key);
  if (!kept) return null;
  const probe = kept.headers.get("X-Probe-Answer");
  const snapshot = new Uint8Array(await kept.arrayBuffer());
  try {
    const python = await loadPyodide({ indexURL, packages: [], _loadSnapshot: snapshot });
    const answers = withEngine(python, archive);
    if (encodeURIComponent(answers.api(...PROBE)) === probe) return answers;
  } catch {
    // below: forgotten, and a normal start
  }
  await caches.delete(SNAPSHOTS);
  return null;
}

async function keepSnapshot(python, answers, key) {
  if (!key) return;
  const probe = encodeURIComponent(answers.api(...PROBE));
  const snapshot = python.makeMemorySnapshot();
  await caches.delete(SNAPSHOTS); // one engine's snapshot at a time
  await (await caches.open(SNAPSHOTS)).put(key, new Response(snapshot, {
    headers: { "Content-Type": "application/octet-stream", "X-Probe-Answer": probe } }));
}

self.addEventListener("message", async (event) => {
  const message = event.data;
  if (message.start) {
    engine = engine || start(message.start);
    engine.then((answers) => self.postMessage({ started: true, restored: answers.restored }),
                (error) => self.postMessage({ failure: String(error) }));
    return;
  }
  try {
    const answers = await engine;
    const answer = message.fields === undefined ? answers.api(message.kind, message.body)
      : answers.form(message.kind, message.fields, message.language, message.links);
    self.postMessage({ id: message.id, answer });
  } catch (error) {
    self.postMessage({ id: message.id, failure: String(error) });
  }
});
