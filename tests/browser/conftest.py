"""Browser tests: the calculator page in Debian's headless Chromium, driven by Playwright
(pytest-playwright, sync API) against pytest-django's ``live_server``.

No ``playwright install`` and no browser download: ``make test`` installs Debian's
``chromium`` when it is missing. Without it these tests skip with a message, except
under CI, where a missing browser is an error.
"""

import os
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
    return {**browser_context_args, "base_url": live_server.url,
            "viewport": {"width": WIDTH, "height": HEIGHT},
            "device_scale_factor": 1, "has_touch": True, "is_mobile": False,
            "locale": "zh-CN", "reduced_motion": "reduce"}


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
