"""The first visit on a phone's network, in one run (``make bench`` runs it): the app as
deployed (gunicorn, the production settings; tests/servers.py) behind a throttling proxy
on loopback, and headless Chromium at 360×740, once per link:

- a slow link, 400 kbit/s each way with 600 ms round trips, and a fair one, 1.6 Mbit/s
  with 150 ms (the proxy, ``Link``, shares each direction's bandwidth among all the
  browser's connections and delays every chunk by half the round trip each way);
- the first page (``/``, a browser that has never seen the site): the bytes the proxy
  carried and the requests the page made until the form is usable (the tile palette
  drawn: static/js/tiles.js has run), and the time to it, beside the goal (issue 27:
  under 3 s on the slow link); and when the form was first drawn (typing works then:
  the form needs no JavaScript);
- offline-ready: the bytes and the time until the footer says the app works with no
  network (static/js/site.js, from the service worker's progress), beside the goal for
  the bytes (under 4 MB);
- a second page (``/waits/``) opened while the offline pack downloads, against the same
  page opened with service workers blocked (no download): the ratio, beside the goal
  (within 1.2×).

Over plain http:// Chromium asks for gzip, not Brotli (it sends Brotli only over
HTTPS), so the bytes here are the gzip copies'; bench/offline.py gives the Brotli sizes a
phone on HTTPS gets. The start-up times of the offline engine are bench/offline.py's.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from tests import servers  # noqa: E402

USABLE = "[data-tile-entry]:not([hidden])"
READY = "[data-offline-status][data-state=ready]"
GETTING = "[data-offline-status][data-state=getting]"
GOALS = {"usable_s": 3.0, "offline_mb": 4.0, "second_ratio": 1.2}
# When the form was first drawn (usable by typing: it works without JavaScript), in ms
# from the navigation's start.
FIRST_PAINT = """() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime
                     ?? NaN"""


@dataclass(frozen=True)
class Profile:
    name: str
    kbit_s: int
    round_trip_ms: int


PROFILES = (Profile("slow", 400, 600), Profile("fair", 1600, 150))


class Link:
    """One direction of a phone's link: its bandwidth shared by every connection (a chunk
    waits for the chunks before it), each chunk delivered half a round trip after it was
    sent; and the bytes it carried."""

    def __init__(self, profile: Profile):
        self.seconds_per_byte = 8 / (profile.kbit_s * 1000)
        self.one_way = profile.round_trip_ms / 2000
        self.free_at = 0.0
        self.carried = 0

    async def carry(self, data: bytes, writer: asyncio.StreamWriter) -> None:
        loop = asyncio.get_running_loop()
        sent = max(loop.time(), self.free_at) + len(data) * self.seconds_per_byte
        self.free_at = sent
        self.carried += len(data)
        await asyncio.sleep(sent + self.one_way - loop.time())
        writer.write(data)
        await writer.drain()


class Proxy:
    """A TCP proxy on a free loopback port in front of ``upstream`` (host, port), in a
    thread of its own: ``url`` is what the browser opens."""

    def __init__(self, upstream: tuple[str, int], profile: Profile):
        self.upstream = upstream
        self.down, self.up = Link(profile), Link(profile)
        self.port = servers.free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.started = threading.Event()

    def __enter__(self) -> Proxy:
        self.thread.start()
        self.started.wait(10)
        return self

    def __exit__(self, *exc: object) -> None:
        asyncio.run_coroutine_threadsafe(self._close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)

    async def _close(self) -> None:
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(
            asyncio.start_server(self._connection, "127.0.0.1", self.port))
        self.started.set()
        self.loop.run_forever()

    async def _connection(self, reader: asyncio.StreamReader,
                          writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.upstream)
            await asyncio.gather(self._pump(reader, up_writer, self.up),
                                 self._pump(up_reader, writer, self.down),
                                 return_exceptions=True)
        except (OSError, asyncio.CancelledError):
            writer.close()

    @staticmethod
    async def _pump(source: asyncio.StreamReader, target: asyncio.StreamWriter,
                    link: Link) -> None:
        # each chunk in order, as a link delivers them
        try:
            while data := await source.read(16384):
                await link.carry(data, target)
        finally:
            target.close()

    @property
    def carried(self) -> int:
        return self.down.carried + self.up.carried


def first_visit(browser, proxy: Proxy) -> dict[str, float]:
    """A browser that has never seen the site opens the calculator: the form usable, then
    offline-ready."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="zh-CN",
                                  extra_http_headers=servers.HTTPS)
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    before = proxy.carried
    t0 = time.perf_counter()
    page.goto(proxy.url + "/", wait_until="commit", timeout=120_000)
    page.wait_for_selector(USABLE, timeout=120_000)
    usable = time.perf_counter() - t0
    painted = page.evaluate(FIRST_PAINT) / 1000
    figures = {"usable_s": usable, "painted_s": painted,
               "page_kb": (proxy.carried - before) / 1000, "page_requests": len(requests)}
    page.wait_for_selector(READY, state="attached", timeout=900_000)
    figures["offline_s"] = time.perf_counter() - t0
    figures["offline_mb"] = (proxy.carried - before) / 1e6
    context.close()
    return figures


def second_page(browser, proxy: Proxy, *, download: bool) -> float:
    """The waits page opened right after a first page, while the offline pack downloads
    (``download``), or with service workers blocked: seconds to its usable form."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="zh-CN",
                                  extra_http_headers=servers.HTTPS,
                                  service_workers="allow" if download else "block")
    page = context.new_page()
    page.goto(proxy.url + "/", wait_until="commit", timeout=120_000)
    page.wait_for_selector(USABLE, timeout=120_000)
    if download:
        page.wait_for_selector(GETTING, state="attached", timeout=120_000)
    t0 = time.perf_counter()
    page.goto(proxy.url + "/waits/", wait_until="commit", timeout=120_000)
    page.wait_for_selector(USABLE, timeout=120_000)
    seconds = time.perf_counter() - t0
    context.close()
    return seconds


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--links", nargs="*", default=[p.name for p in PROFILES],
                        help="which links: slow, fair")
    args = parser.parse_args(argv)
    if not (REPO_ROOT / "build" / "offline" / "pyodide" / "pyodide.asm.wasm").is_file():
        print("offline engine: not built (make offline): nothing to time")
        return 0
    from playwright.sync_api import sync_playwright

    with servers.deployed() as url, sync_playwright() as playwright:
        browser = servers.chromium(playwright)
        upstream = ("127.0.0.1", int(url.rsplit(":", 1)[1]))
        print("a phone's first visit (gunicorn, production settings, behind a throttling "
              "proxy; Chromium 360×740):")
        for profile in PROFILES:
            if profile.name not in args.links:
                continue
            with Proxy(upstream, profile) as proxy:
                first = first_visit(browser, proxy)
                alone = second_page(browser, proxy, download=False)
                during = second_page(browser, proxy, download=True)
            link = f"{profile.kbit_s} kbit/s, {profile.round_trip_ms} ms"
            slow = profile is PROFILES[0]
            print(f"  {link}:")
            print(f"    first page: {first['page_kb']:.0f} KB in {first['page_requests']} "
                  f"requests, form drawn at {first['painted_s']:.1f} s, tile palette "
                  f"ready at {first['usable_s']:.1f} s"
                  + (f" (goal < {GOALS['usable_s']:.0f} s) "
                     f"{verdict(first['usable_s'] < GOALS['usable_s'])}" if slow else ""))
            print(f"    offline-ready: {first['offline_mb']:.2f} MB at "
                  f"{first['offline_s']:.0f} s (goal < {GOALS['offline_mb']:.0f} MB) "
                  f"{verdict(first['offline_mb'] < GOALS['offline_mb'])}")
            ratio = during / alone
            print(f"    second page during the download: {during:.1f} s against "
                  f"{alone:.1f} s without it = {ratio:.2f}× (goal ≤ "
                  f"{GOALS['second_ratio']}×) {verdict(ratio <= GOALS['second_ratio'])}")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
