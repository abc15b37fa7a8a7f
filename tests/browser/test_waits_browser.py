"""The waits (聽牌) page in a phone-sized headless Chromium: a permalink shows its waits,
fits 360 px, passes axe, and the tile widget works without a winning tile."""

from urllib.parse import urlencode

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.browser.pages import WIDTH, page_width, serious

HONGHE = {"region": "honghe", "hand": "123m456p789s11z45s", "wild": "9p",
          "winner": "S", "dealer": "E"}


def test_a_waits_permalink_on_a_phone(page: Page, artifacts):
    page.goto("/waits/?" + urlencode(HONGHE))
    widget = page.locator("[data-tile-entry]")
    expect(widget).to_be_visible()  # tiles.js runs without a winning-tile field
    expect(widget.locator('[data-count="hand"]')).to_have_text("13 / 13")
    expect(widget.locator('[data-tiles="hand"] .tile-btn')).to_have_count(13)

    waits = page.locator("#result li.wait")
    expect(waits).to_have_count(3)
    assert [w.get_attribute("data-wait") for w in waits.all()] == ["9p", "3s", "6s"]
    expect(page.locator('#result li[data-wait="3s"] table.payments')).to_be_visible()

    assert page_width(page) <= WIDTH, "the page scrolls sideways"
    results = Axe().run(page)
    assert not serious(results.response["violations"])
    page.screenshot(path=str(artifacts / "waits-360.png"), full_page=True)


def test_the_widget_fills_a_waiting_hand_and_htmx_finds_the_waits(page: Page):
    page.goto("/waits/?region=honghe&wild=9p&winner=S&dealer=E")
    expect(page.locator("[data-tile-entry]")).to_be_visible()
    page.evaluate("window.__samePage = true")
    for code in ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "4s", "5s"]:
        page.locator(f'.tile-palette button.tile-btn[data-tile="{code}"]').tap()
    expect(page.locator("#id_hand")).to_have_value("123m456p45789s11z")
    # The hand is full: a 14th tile is refused, and the taps stay on the hand.
    expect(page.locator('.tile-palette button.tile-btn[data-tile="2p"]')).to_have_attribute(
        "aria-disabled", "true")
    expect(page.locator('.tile-target[data-target="hand"]')).to_have_attribute(
        "aria-pressed", "true")

    page.locator("#waits-form button[type=submit]").tap()
    expect(page.locator("#result li.wait")).to_have_count(3)
    assert page.evaluate("window.__samePage === true"), "htmx should fetch the result in place"
