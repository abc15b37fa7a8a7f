"""The engine in the browser is the engine: every request of a fixed corpus (over 500:
every region, 0 to 4 wilds, winning and not, waits, invalid requests) answered by the
rules package on Pyodide in the page's Web Worker (static/js/engine-worker.js) equals
CPython's answer (rules.answer.answer_json) byte for byte; and the same requests sent as
a form's fields, in the three page languages, get from the worker's presentation
(presentation.offline.answer: the result panel's HTML, or the fields' messages) the
answer the built engine gives under CPython, byte for byte."""

import json

from playwright.sync_api import Page

from tests.browser.pages import needs_engine
from tests.offline_corpus import built_engine_answers, corpus, form_corpus

pytestmark = needs_engine

# Starts the page's worker and posts it every message, one after the other.
ANSWER_ALL = """async (messages) => {
  const holder = document.querySelector("[data-offline-engine]");
  const worker = new Worker(holder.dataset.worker, { type: "module" });
  const next = () => new Promise((resolve) =>
    worker.addEventListener("message", (event) => resolve(event.data), { once: true }));
  const absolute = (url) => new URL(url, location.href).href;
  worker.postMessage({ start: { runtime: absolute(holder.dataset.runtime),
                                engine: absolute(holder.dataset.engine) } });
  const started = await next();
  if (!started.started) return { failure: started.failure };
  const answers = [];
  for (const message of messages) {
    worker.postMessage({ id: answers.length + 1, ...message });
    const reply = await next();
    answers.push(reply.answer === undefined ? "failure: " + reply.failure : reply.answer);
  }
  worker.terminate();
  return { answers };
}"""

# The page's links as offline.js sends them: the server's, and the page's origin.
PAGE_LINKS = """() => JSON.stringify({
  ...JSON.parse(document.querySelector("[data-offline-engine]").dataset.links),
  origin: location.origin })"""


def test_the_browser_engine_answers_the_corpus_as_cpython_does(page: Page):
    requests = corpus()
    assert len(requests) >= 500
    assert {json.loads(text).get("region") for kind, text, answer in requests
            if json.loads(answer)["status"] == 200} >= {"hangzhou", "jinhua", "honghe"}
    assert {kind for kind, _t, _a in requests} == {"score", "waits"}
    assert {json.loads(a)["status"] for _k, _t, a in requests} == {200, 400}

    page.goto("/")
    result = page.evaluate(ANSWER_ALL, [{"kind": kind, "body": text}
                                        for kind, text, _a in requests])

    assert "failure" not in result, result.get("failure")
    differ = [(kind, text, expected, got) for (kind, text, expected), got
              in zip(requests, result["answers"], strict=True) if got != expected]
    assert not differ, differ[:3]


def test_the_browser_engine_answers_the_corpus_forms_as_cpython_does(page: Page):
    forms = form_corpus()
    assert len(forms) >= 500

    page.goto("/")
    links = page.evaluate(PAGE_LINKS)
    result = page.evaluate(ANSWER_ALL, [
        {"kind": kind, "fields": fields, "language": language, "links": links}
        for kind, fields, language in forms])
    expected = built_engine_answers([["form", kind, fields, language, links]
                                     for kind, fields, language in forms])

    assert "failure" not in result, result.get("failure")
    assert {json.loads(answer)["status"] for answer in expected} == {200, 400}
    differ = [(form, want, got) for form, want, got
              in zip(forms, expected, result["answers"], strict=True) if got != want]
    assert not differ, differ[:2]
