// The offline engine: the project's own rules and presentation packages on Pyodide
// (CPython compiled to WebAssembly), in a Web Worker so that the page never freezes while
// it starts. Served at /engine-worker.js by calculator.views.engine_worker, whose
// Content-Security-Policy adds 'wasm-unsafe-eval' for this worker alone.
//
// The page (static/js/offline.js) posts {start: {runtime, engine}} (the URLs of
// pyodide.mjs and of rules.zip, which scripts/build_offline.py builds), then either
// - {id, kind: "score" | "waits", fields, language, links}: a form's fields (JSON text of
//   name -> value), the page's language and the panel's links (JSON text), answered as
//   the server answers that form: {id, answer: "<presentation.offline.answer's JSON>"};
// - or {id, kind, body: "<an API request as JSON>"}: {id, answer: "<rules.answer.answer_json's
//   text>"}, the API's answer, by which the tests and bench/offline.py hold this engine to
//   CPython's;
// or, when something fails, {id, failure: "<why>"}.
let engine = null;

async function start(urls) {
  const { loadPyodide } = await import(urls.runtime);
  const indexURL = new URL(".", new URL(urls.runtime, self.location.href)).href;
  const python = await loadPyodide({ indexURL, packages: [] });
  const archive = await fetch(urls.engine);
  if (!archive.ok) throw new Error("engine " + archive.status);
  python.unpackArchive(await archive.arrayBuffer(), "zip", { extractDir: "/engine" });
  python.runPython("import sys; sys.path.insert(0, '/engine')");
  return { form: python.pyimport("presentation.offline").answer,
           api: python.pyimport("rules.answer").answer_json };
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
    const answers = await engine;
    const answer = message.fields === undefined ? answers.api(message.kind, message.body)
      : answers.form(message.kind, message.fields, message.language, message.links);
    self.postMessage({ id: message.id, answer });
  } catch (error) {
    self.postMessage({ id: message.id, failure: String(error) });
  }
});
