"""Browser tests: the calculator page in Debian's headless Chromium, driven by Playwright
(pytest-playwright, sync API) against pytest-django's ``live_server``.

No ``playwright install`` and no browser download: ``make test`` installs Debian's
``chromium`` when it is missing. Without it these tests skip with a message, except
under CI, where a missing browser is an error.
"""

import os
import threading
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import ARTIFACTS, HEIGHT, TIMEOUT_MS, WIDTH

# Playwright's sync API runs an event loop in this thread for the whole session, and
# Django refuses database work in a thread with a running loop unless told otherwise.
# The live server answers from its own thread; this lets the test database fixtures
# (which live_server pulls in) and the rest of the suite run after the browser starts.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
# Generous for a loaded CI machine; a passing step takes well under a second.
expect.set_options(timeout=TIMEOUT_MS)

HERE = Path(__file__).parent
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",  # CI runs as root in a container
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # A container's /dev/shm is often 64 MB, too small for Chromium's shared memory.
    "--disable-dev-shm-usage",
]


def pytest_collection_modifyitems(items):
    """Every test in this folder drives Chromium: marked ``browser`` here, once, so that
    ``-m 'not browser'`` leaves out each of them, a new module's included."""
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.browser)


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not CHROMIUM.exists():
        message = (f"{CHROMIUM} is missing: `make test` installs it as root "
                   "(apt-get install -y chromium); or set CHROMIUM=/path/to/chromium")
        if in_ci():
            pytest.fail(f"CI must run the browser tests: {message}", pytrace=False)
        pytest.skip(message)
    return {"headless": True, **browser_type_launch_args,
            "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args, live_server):
    # A phone: 360 × 740 CSS pixels, touch. zh-CN asks for the default language, 简体中文.
    # Reduced motion: Bootstrap then skips its colour transitions, so a check of contrast
    # right after the colour scheme changes reads the final colours, not a mid-fade.
    yield {**browser_context_args, "base_url": live_server.url,
           "viewport": {"width": WIDTH, "height": HEIGHT},
           "device_scale_factor": 1, "has_touch": True, "is_mobile": False,
           "locale": "zh-CN", "reduced_motion": "reduce"}
    # Torn down before the live server (which this fixture needs), after every page
    # closed: the server stops taking connections (a socket Chromium opened ahead and
    # closed would otherwise be answered while pytest-django stops the server), then
    # answers what it took. Stopping it again, pytest-django finds it stopped.
    live_server.thread.httpd.shutdown()
    requests_answered()


# Django's live server answers each connection in a thread of its own
# (socketserver.ThreadingMixIn: daemonic, so that nothing waits for it when the server
# stops), named after its target (threading.Thread, Python 3.10+). With SQLite in memory
# the thread shares the tests' database connection, and closes it once the connection
# ends: after pytest-django stopped the server (and took the sharing back), that raises
# in the thread, and pytest warns (PytestUnhandledThreadExceptionWarning); between two
# tests, a request still answered would read the database while it is emptied.
REQUEST_THREAD = "(process_request_thread)"
ANSWERED_WITHIN_S = 30


def requests_answered() -> None:
    """Wait until the live server has answered every connection it took."""
    for thread in threading.enumerate():
        if thread.name.endswith(REQUEST_THREAD):
            thread.join(ANSWERED_WITHIN_S)
    left = [t.name for t in threading.enumerate() if t.name.endswith(REQUEST_THREAD)]
    assert not left, f"the live server still answers after {ANSWERED_WITHIN_S} s: {left}"


@pytest.fixture(autouse=True)
def every_page_closed(request):
    """After each test, every page of the session's browser is closed — a second phone's
    context too (``pages.other_phone``), which a test may leave open, or open when it
    fails — and the live server has answered every request: a page left open would go
    on asking (the ledger's version every 4 s, its queue every 15 s, the service worker's
    offline pack) through the next tests and while the server stops. Set up before the
    page (an autouse fixture), so torn down after pytest-playwright closed its context."""
    browser = request.getfixturevalue("browser") if "browser" in request.fixturenames else None
    yield
    if browser is not None:
        for context in browser.contexts:
            context.close()
    if "live_server" in request.fixturenames:
        requests_answered()


@pytest.fixture
def page(page: Page, live_server):
    """A page on the live server that fails the test on a server error (5xx) or a
    JavaScript error."""
    problems = []
    page.on("response", lambda r: r.status >= 500 and problems.append(f"{r.status} {r.url}"))
    page.on("pageerror", lambda error: problems.append(f"JavaScript error: {error}"))
    page.set_default_timeout(TIMEOUT_MS)
    yield page
    assert not problems, problems


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
