"""The engine in the browser is the engine: every request of a fixed corpus (over 500:
every region, 0 to 4 wilds, winning and not, waits, invalid requests) answered by the
rules package on Pyodide in the page's Web Worker (static/js/engine-worker.js) equals
CPython's answer (rules.answer.answer_json) byte for byte."""

import json

import pytest
from playwright.sync_api import Page

from tests.browser.pages import needs_engine
from tests.offline_corpus import corpus

pytestmark = [pytest.mark.browser, needs_engine]

# Starts the page's worker and posts it every request, one after the other.
ANSWER_ALL = """async (requests) => {
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
  for (const [kind, body] of requests) {
    worker.postMessage({ id: answers.length + 1, kind, body });
    const reply = await next();
    answers.push(reply.answer === undefined ? "failure: " + reply.failure : reply.answer);
  }
  worker.terminate();
  return { answers };
}"""


def test_the_browser_engine_answers_the_corpus_as_cpython_does(page: Page):
    requests = corpus()
    assert len(requests) >= 500
    assert {json.loads(text).get("region") for kind, text, _a in requests
            if text.startswith("{")} >= {"hangzhou", "jinhua", "honghe"}
    assert {kind for kind, _t, _a in requests} == {"score", "waits"}
    assert {json.loads(a)["status"] for _k, _t, a in requests} == {200, 400}

    page.goto("/")
    result = page.evaluate(ANSWER_ALL, [[kind, text] for kind, text, _a in requests])

    assert "failure" not in result, result.get("failure")
    differ = [(kind, text, expected, got) for (kind, text, expected), got
              in zip(requests, result["answers"], strict=True) if got != expected]
    assert not differ, differ[:3]
