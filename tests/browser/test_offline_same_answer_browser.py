"""With the network cut, the calculator answers word for word as the server does (issue
26): the browser's worker runs the same presentation (presentation.offline on Pyodide)
over the same engine, with the same catalogues. For each region's worked example (the
example links of the calculator's empty page), in 简体, 繁體 and English, the same form
is sent online (htmx, the server's answer) and then with the network cut (offline.js, the
worker's), and the whole result's text must be the same, the offline notice aside; a
request the engine refuses on a field shows the same messages on the same fields."""

from urllib.parse import parse_qsl, urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import keep_the_engine, needs_engine, result_text
from tests.offline_corpus import REFUSED_FORMS as REFUSED

pytestmark = needs_engine

LANGUAGES = ["zh-hans", "zh-hant", "en"]
ENGINE_START_MS = 60_000  # the first offline answer starts the engine in the worker

# Each message beside a field, in the page's order: the id of the message's box (crispy
# names it after its field) or, for the calculator's own boxes, the field just before it;
# and the fields marked invalid.
FIELD_ERRORS = """() => {
  const form = document.querySelector("#score-form");
  const fieldBefore = (node) => {
    const fields = [...form.querySelectorAll("[name]")]
      .filter((f) => f.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING);
    return fields.length ? fields[fields.length - 1].name : "";
  };
  return {
    messages: [...form.querySelectorAll(".invalid-feedback, .alert-danger")].map((node) =>
      [node.id || fieldBefore(node), node.className, node.innerText]),
    invalid: [...form.querySelectorAll("[aria-invalid=true]")].map((node) =>
      [node.name, node.className, node.getAttribute("aria-describedby")]),
  };
}"""


def in_language(page: Page, language: str, live_server) -> None:
    """The site's pages in ``language``, as its language menu sets it (a cookie)."""
    page.context.add_cookies([{"name": "django_language", "value": language,
                               "url": live_server.url}])


def worked_examples(page: Page, language: str) -> list[str]:
    """The example links of the calculator's empty page."""
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    links = page.locator("#result a[href*='region=']")
    expect(links).to_have_count(3)
    return [link.get_attribute("href") for link in links.all()]


def send(page: Page) -> None:
    page.locator("#score-form button[type=submit]").click()


def online_then_offline(page: Page, address: str, refused: bool) -> tuple[object, object]:
    """The page at ``address`` (its form filled in by the server), its form sent online
    and then, the same form, with the network cut: what each answer shows, the result
    (result_text) or, for a request ``refused``, the fields' messages (FIELD_ERRORS)."""
    page.goto(address)
    expect(page.locator("[data-tile-entry]")).to_be_visible()
    def read():
        return page.evaluate(FIELD_ERRORS) if refused else result_text(page)

    # online: the server's answer, through htmx
    with page.expect_response(lambda r: r.request.headers.get("hx-trigger") == "score-form"):
        send(page)
    # the answer swapped in and settled (the page's own form, from its first load, looks
    # the same for a refused request: read after htmx is done with it)
    page.wait_for_function("""() => !document.querySelector(
      ".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added")""")
    if refused:
        expect(page.locator("#score-form [aria-invalid=true]").first).to_be_visible()
        expect(page.locator("#result")).to_be_empty()
    else:
        expect(page.locator("#result .result")).to_be_visible()
        expect(page.locator("#result [data-offline-answer]")).to_have_count(0)
    online = read()

    page.context.set_offline(True)
    try:
        if refused:
            page.evaluate("""() => document.querySelectorAll("#score-form .invalid-feedback")
              .forEach((node) => node.setAttribute("data-online-message", ""))""")
            send(page)
            # the server's messages are taken away, then the worker's put in their place
            expect(page.locator("#score-form .invalid-feedback:not([data-online-message])")
                   .first).to_be_attached(timeout=ENGINE_START_MS)
            expect(page.locator("[data-online-message]")).to_have_count(0)
            expect(page.locator("#result")).to_be_empty()
        else:
            send(page)
            answer = page.locator("#result [data-offline-answer]")
            expect(answer).to_be_visible(timeout=ENGINE_START_MS)
            expect(answer.locator(".offline-badge")).to_be_visible()
        offline = read()
    finally:
        page.context.set_offline(False)
    return online, offline


@pytest.mark.parametrize("language", LANGUAGES)
def test_offline_each_worked_example_reads_word_for_word_as_online(page: Page, language,
                                                                   live_server):
    in_language(page, language, live_server)
    keep_the_engine(page)
    examples = worked_examples(page, language)
    assert {dict(parse_qsl(urlsplit(href).query))["region"] for href in examples} == {
        "hangzhou", "honghe", "jinhua"}
    for href in examples:
        online, offline = online_then_offline(page, href, refused=False)
        assert online.strip(), href
        assert offline == online, href




@pytest.mark.parametrize("language", LANGUAGES)
def test_offline_a_refused_field_says_the_same_as_online(page: Page, language, live_server):
    in_language(page, language, live_server)
    keep_the_engine(page)
    for address in REFUSED:
        online, offline = online_then_offline(page, address, refused=True)
        assert online["messages"], address
        assert offline == online, address
