// The offline engine: the project's own rules package on Pyodide (CPython compiled to
// WebAssembly), in a Web Worker so that the page never freezes while it starts. Served at
// /engine-worker.js by calculator.views.engine_worker, whose Content-Security-Policy adds
// 'wasm-unsafe-eval' for this worker alone.
//
// The page (static/js/offline.js) posts {start: {runtime, engine}} (the URLs of
// pyodide.mjs and of rules.zip, built from rules/ by the Makefile), then
// {id, kind: "score" | "waits", body: "<the API request as JSON>"}; the worker answers
// {id, answer: "<rules.answer.answer_json's text>"} or {id, failure: "<why>"}.
let engine = null;

async function start(urls) {
  const { loadPyodide } = await import(urls.runtime);
  const indexURL = new URL(".", new URL(urls.runtime, self.location.href)).href;
  const python = await loadPyodide({ indexURL, packages: [] });
  const archive = await fetch(urls.engine);
  if (!archive.ok) throw new Error("engine " + archive.status);
  python.unpackArchive(await archive.arrayBuffer(), "zip", { extractDir: "/engine" });
  python.runPython("import sys; sys.path.insert(0, '/engine')");
  return python.pyimport("rules.answer").answer_json;
}

self.addEventListener("message", async (event) => {
  const message = event.data;
  if (message.start) {
    engine = engine || start(message.start);
    engine.then(() => self.postMessage({ started: true }),
                (error) => self.postMessage({ failure: String(error) }));
    return;
  }
  try {
    const answerJson = await engine;
    self.postMessage({ id: message.id, answer: answerJson(message.kind, message.body) });
  } catch (error) {
    self.postMessage({ id: message.id, failure: String(error) });
  }
});
