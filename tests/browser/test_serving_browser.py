"""The pages as served in production: under the Content-Security-Policy, in the dark
colour scheme, and the weight of the calculator's first load."""

import gzip
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from playwright.sync_api import Page, expect

from tests.browser import pages
from tests.servers import HTTPS

PAGE_WEIGHT_LIMIT = 200 * 1024  # bytes on the wire, compressed


def watch_csp(page: Page) -> list[str]:
    """Every Content-Security-Policy violation the page reports: the DOM event (added
    before any of the page's scripts run) and Chromium's console message."""
    violations = []
    page.add_init_script("""document.addEventListener("securitypolicyviolation", e =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));""")
    page.on("console", lambda message: (
        "Content Security Policy" in message.text or "CSP violation" in message.text)
        and violations.append(message.text))
    return violations


def test_htmx_pages_work_under_the_csp(page: Page):
    violations = watch_csp(page)
    with page.expect_response(lambda r: r.url.endswith("/")) as first:
        pages.open_calculator(page)
    policy = first.value.headers["content-security-policy"]
    for directive, sources in settings.CONTENT_SECURITY_POLICY["DIRECTIVES"].items():
        assert f"{directive} {' '.join(sources)}" in policy
    page.evaluate("window.__samePage = true")

    # htmx swaps the region's fields, then the result, in place.
    page.locator("#id_region").select_option("honghe")
    expect(page.locator("#region-fields")).to_have_attribute("data-region", "honghe")
    page.locator("#id_region").select_option("hangzhou")
    expect(page.locator("#region-fields")).to_have_attribute("data-region", "hangzhou")
    pages.typed(page, "hand").fill(pages.EXAMPLE_3["hand"])
    pages.typed(page, "win_tile").fill(pages.EXAMPLE_3["win_tile"])
    page.locator("#id_dealer_streak").select_option(pages.EXAMPLE_3["dealer_streak"])
    page.locator("#score-form button[type=submit]").tap()

    assert pages.payments(page) == pages.EXAMPLE_3_PAYMENTS
    assert page.evaluate("window.__samePage === true"), "htmx should swap the result in"
    # The waits page's htmx too.
    page.goto("/waits/?region=honghe&hand=123m456p789s11z45s&wild=9p&winner=S&dealer=E")
    expect(page.locator("#result")).to_contain_text("3s")
    assert violations == []


@pytest.mark.parametrize("path", ["/?" + "&".join(f"{k}={v}" for k, v in pages.EXAMPLE_3.items()),
                                  "/rules/", "/practice/?region=honghe&seed=5&total=0"])
def test_dark_mode_follows_the_system_and_stays_legible(page: Page, artifacts, path):
    page.emulate_media(color_scheme="dark")
    page.goto(path)
    expect(page.locator("html")).to_have_attribute("data-bs-theme", "dark")

    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert luminance(background) < 0.1, background
    # Text and controls meet WCAG AA contrast on the dark page (axe-core's rule).
    result = Axe().run(page, options={"runOnly": ["color-contrast"]})
    assert result.violations_count == 0, result.generate_report()
    name = re.sub(r"\W+", "-", path.split("?")[0]).strip("-") or "calculator"
    page.screenshot(path=artifacts / f"dark-{name}.png", full_page=True)

    page.emulate_media(color_scheme="light")  # the system switches back: so does the page
    expect(page.locator("html")).to_have_attribute("data-bs-theme", "light")


def luminance(css_colour: str) -> float:
    """Relative luminance (WCAG) of ``rgb(r, g, b)``."""
    channels = [int(c) / 255 for c in re.findall(r"\d+", css_colour)[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_the_calculator_loads_in_under_200_kb_compressed(browser, production_server, artifacts):
    """The first load from the production stack (gunicorn, whitenoise's precompressed
    files): the page and everything it loads, as sent compressed. The HTML, which Django
    sends plain, counts as gzip would make it (a proxy in front compresses it)."""
    context = browser.new_context(extra_http_headers=HTTPS)
    page = context.new_page()
    violations = watch_csp(page)
    responses = []
    page.on("response", lambda response: responses.append(response))
    page.goto(production_server + "/", wait_until="networkidle")
    expect(page.locator("[data-tile-entry]")).to_be_visible()

    sizes = {}
    for response in responses:
        assert response.status == 200, response.url
        if response.headers.get("content-encoding"):
            sizes[response.url] = response.request.sizes()["responseBodySize"]
        else:
            sizes[response.url] = len(gzip.compress(response.body(), 9))
    context.close()

    total = sum(sizes.values())
    kinds = {kind: sum(size for url, size in sizes.items() if url.endswith(kind))
             for kind in (".css", ".js", ".svg")}
    report = (f"first load: {total / 1024:.1f} KB compressed in {len(sizes)} files; "
              + ", ".join(f"{kind} {size / 1024:.1f} KB" for kind, size in kinds.items()))
    (artifacts / "page-weight.txt").write_text(report + "\n" + "\n".join(
        f"{size:8d} {url}" for url, size in sorted(sizes.items(), key=lambda i: -i[1])) + "\n")
    print(report)
    assert any(url.endswith(".css") for url in sizes) and any(".svg" in url for url in sizes)
    assert total < PAGE_WEIGHT_LIMIT, report
    assert violations == []
