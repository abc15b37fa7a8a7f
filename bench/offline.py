"""The offline engine's numbers, beside CPython's, in one run (``make bench`` runs it last).

Run from the repository root::

    .venv/bin/python bench/offline.py [--rounds N]

The app as deployed (gunicorn, the production settings, static files collected and
compressed; tests/servers.py) on loopback, and headless Chromium (/usr/bin/chromium, or
$CHROMIUM) at a phone's size:

- the bytes until offline-ready: the runtime, the engine and the worker (the offline
  pack's files, calculator.offline.pack) as the server sends them (Brotli where it has
  it) and as they are unpacked, beside the goal (issue 27: under 4 MB);
- cold start: a browser that has never seen the site creates the worker, which fetches
  the runtime from the server, compiles it and imports the rules package;
- warm start: the same, from the service worker's cache, with the network cut: without
  the engine's memory snapshot (forgotten first), then restored from it
  (static/js/engine-worker.js);
- offline first score: with the network cut, a page opened from the cache scores a
  Hangzhou 暴頭 with the form: from the tap to the answer drawn, the engine's start
  included (from the snapshot, as on a phone after its first start), beside the goal
  (under 1.5 s);
- rules.advise (issue 29) in the worker and on CPython: 13-tile hands (median) and
  14-tile hands with two wilds (99th percentile), bench/advise.py's requests, fewer;
- the median score: each score request of the offline corpus (tests/offline_corpus.py)
  answered by the worker (the page's round trip) and by CPython (rules.answer.answer_json,
  in this process), and the ratio. Rounds are interleaved per request.

Loopback has no latency or bandwidth limit: on a phone's network the cold start adds the
download's time.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from tests import servers  # noqa: E402
from tests.offline_corpus import corpus  # noqa: E402

HANGZHOU = {"hand": "123m456m789p345s5z", "win_tile": "5z"}

START = """async () => {
  const holder = document.querySelector("[data-offline-engine]");
  const absolute = (url) => new URL(url, location.href).href;
  const t0 = performance.now();
  const worker = new Worker(holder.dataset.worker, { type: "module" });
  const reply = await new Promise((resolve) => {
    worker.addEventListener("message", (e) => resolve(e.data), { once: true });
    worker.addEventListener("error", (e) => resolve({ failure: e.message || "no worker" }));
    worker.postMessage({ start: { runtime: absolute(holder.dataset.runtime),
                                  engine: absolute(holder.dataset.engine) } });
  });
  const ms = performance.now() - t0;
  window.benchWorker = worker;
  return reply.started ? [ms, reply.restored] : "failed: " + reply.failure;
}"""

# The engine's memory snapshot (static/js/engine-worker.js): forgotten, for a start
# without it; or waited for, once a start without it has made it.
FORGET_SNAPSHOT = "caches.delete('mahjong-engine-snapshot')"
SNAPSHOT_KEPT = """async () => {
  const kept = async () => (await caches.open("mahjong-engine-snapshot")).keys();
  while ((await kept()).length === 0) {
    await new Promise((resolve) => { setTimeout(resolve, 250); });
  }
  return true;
}"""

TIME_EACH = """async (bodies) => {
  const worker = window.benchWorker, times = [];
  for (const [kind, body] of bodies) {
    const t0 = performance.now();
    await new Promise((resolve) => {
      worker.addEventListener("message", resolve, { once: true });
      worker.postMessage({ id: 1, kind, body });
    });
    times.push(performance.now() - t0);
  }
  return times;
}"""

# The offline pack's engine files (calculator.offline.pack), as the page hands them to the
# service worker: [url, size] each.
FILES = """() => JSON.parse(document.querySelector("[data-offline-status]").dataset.offlinePack)
  .files.map(([url]) => url)"""

KEPT = """async (files) => {
  const kept = await Promise.all(files.map((u) => caches.match(u, { ignoreVary: true })));
  return kept.every(Boolean);
}"""

# rules.advise's goals on CPython (issue 29), printed beside the browser's figures.
ADVISE_GOALS = {"13": ("median", 5), "14": ("p99", 50)}

# The goals (issue 27, "Measured").
GOAL_DOWNLOAD_MB = 4.0
GOAL_FIRST_SCORE_MS = 1500


def download(url: str, files: list[str]) -> tuple[int, int]:
    sent = unpacked = 0
    for path in files:
        status, headers, body = servers.get(url + path, headers={"Accept-Encoding": "br"})
        assert status == 200, (path, status)
        sent += len(body)
        plain = servers.get(url + path)[2]
        unpacked += len(plain)
    return sent, unpacked


def started(reply: list | str, restored: bool) -> float:
    """START's time, or its failure raised; restored from a snapshot or not, as expected."""
    assert not isinstance(reply, str), reply
    ms, from_snapshot = reply
    assert from_snapshot == restored, f"restored from a snapshot: {from_snapshot}"
    return ms


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    built = REPO_ROOT / "build" / "offline"
    if not (built / "pyodide" / "pyodide.asm.wasm").is_file():
        print("offline engine: not built (make offline): nothing to time")
        return 0
    from playwright.sync_api import sync_playwright

    from rules.answer import answer_json

    requests = [(kind, text) for kind, text, _answer in corpus() if kind == "score"]
    with servers.deployed() as url, sync_playwright() as playwright:
        browser = servers.chromium(playwright)
        context = browser.new_context(viewport={"width": 360, "height": 740},
                                      locale="zh-CN",
                                      extra_http_headers=servers.HTTPS)
        page = context.new_page()
        page.goto(url + "/")
        files = page.evaluate(FILES)
        sent, unpacked = download(url, files)
        cold = started(page.evaluate(START), restored=False)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.goto(url + "/")
        page.wait_for_function(KEPT, arg=files, polling=250, timeout=120_000)
        page.evaluate(START)  # this page's own worker

        thirteen, fourteen = advise_requests()
        advice_browser = page.evaluate(TIME_EACH, thirteen + fourteen)
        advice_cpython = []
        for kind, text in thirteen + fourteen:
            t0 = time.perf_counter()
            answer_json(kind, text)
            advice_cpython.append((time.perf_counter() - t0) * 1000)

        browser_times: list[list[float]] = []
        cpython_times: list[list[float]] = []
        for _round in range(args.rounds):
            browser_times.append(page.evaluate(TIME_EACH, requests))
            cpython: list[float] = []
            for kind, text in requests:
                t0 = time.perf_counter()
                answer_json(kind, text)
                cpython.append((time.perf_counter() - t0) * 1000)
            cpython_times.append(cpython)

        context.set_offline(True)
        warm, restored, first = [], [], []
        for _round in range(args.rounds):
            offline_page = context.new_page()
            offline_page.goto(url + "/")
            offline_page.evaluate(FORGET_SNAPSHOT)
            warm.append(started(offline_page.evaluate(START), restored=False))
            offline_page.evaluate(SNAPSHOT_KEPT)
            offline_page.close()
            offline_page = context.new_page()
            offline_page.goto(url + "/")
            restored.append(started(offline_page.evaluate(START), restored=True))
            offline_page.close()
            offline_page = context.new_page()
            offline_page.goto(url + "/")
            offline_page.evaluate("document.querySelector('[data-tile-text]').open = true")
            for name, value in HANGZHOU.items():
                offline_page.fill(f"#id_{name}", value)
            t0 = time.perf_counter()
            offline_page.locator("#score-form button[type=submit]").click()
            offline_page.locator("#result [data-offline-answer]").wait_for(
                timeout=120_000)
            first.append((time.perf_counter() - t0) * 1000)
            offline_page.close()
        browser.close()

    def median(rows: list[list[float]]) -> float:
        return statistics.median(t for row in rows for t in row)

    in_browser, in_cpython = median(browser_times), median(cpython_times)
    print(f"\noffline engine (Pyodide, {len(requests)} score requests × {args.rounds} rounds)")
    print(f"  bytes until offline-ready: {sent / 1e6:.2f} MB sent (Brotli; goal under "
          f"{GOAL_DOWNLOAD_MB:.0f} MB: {'met' if sent / 1e6 < GOAL_DOWNLOAD_MB else 'missed'}),"
          f" {unpacked / 1e6:.1f} MB unpacked")
    print(f"  cold start (from the server, loopback): {cold:,.0f} ms")
    print(f"  warm start (from the cache, offline): median {statistics.median(warm):,.0f} ms"
          f" ({', '.join(f'{t:,.0f}' for t in warm)})")
    print(f"  warm start from the memory snapshot: median {statistics.median(restored):,.0f} ms"
          f" ({', '.join(f'{t:,.0f}' for t in restored)})")
    first_ms = statistics.median(first)
    print(f"  offline first score (tap to answer, start included): median {first_ms:,.0f} ms"
          f" ({', '.join(f'{t:,.0f}' for t in first)}; goal under {GOAL_FIRST_SCORE_MS:,} ms:"
          f" {'met' if first_ms < GOAL_FIRST_SCORE_MS else 'missed'})")
    print(f"  score, median: browser {in_browser:.2f} ms, CPython {in_cpython:.2f} ms "
          f"(×{in_browser / in_cpython:.1f})")
    cut = len(thirteen)
    for label, browser_ms, cpython_ms, (stat, goal) in (
            ("13 tiles", advice_browser[:cut], advice_cpython[:cut], ADVISE_GOALS["13"]),
            ("14 tiles, 2 wilds", advice_browser[cut:], advice_cpython[cut:], ADVISE_GOALS["14"])):
        pick = statistics.median if stat == "median" else (lambda values: percentile(values, 0.99))
        print(f"  advise {label} ({len(browser_ms)} hands): {stat} browser "
              f"{pick(browser_ms):.1f} ms, CPython {pick(cpython_ms):.1f} ms (goal on CPython: "
              f"{stat} under {goal} ms)")
    return 0


def advise_requests() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The advise bench's requests (bench/advise.py), fewer: 13-tile hands and 14-tile
    hands with two wilds, as (kind, JSON text)."""
    from advise import thirteen_tile, which_tile

    from bench import DEFAULT_SEED, build_corpus

    corpus = build_corpus(DEFAULT_SEED, 20)
    rng = random.Random(DEFAULT_SEED)
    thirteen = [("advise", json.dumps(thirteen_tile(case.request))) for case in corpus[:60]]
    fourteen = [("advise", json.dumps(which_tile(rng, case.request))) for case in corpus
                if case.category == "2-wilds"]
    return thirteen, fourteen


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


if __name__ == "__main__":
    sys.exit(main())
