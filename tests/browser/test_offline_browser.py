"""The installable app with no network: after one online visit, the pages a player has
opened (the rules, the calculator) open again with the network cut, styled; a page that
needs the server says so in the player's language instead of failing."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def visit_with_the_service_worker(page: Page, path: str) -> None:
    page.goto(path)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.goto(path)  # now through the service worker, which keeps it


def test_opened_pages_open_offline_and_others_say_why(page: Page, artifacts):
    visit_with_the_service_worker(page, "/rules/")
    page.goto("/")
    expect(page.locator("[data-tile-entry]")).to_be_visible()

    page.context.set_offline(True)

    page.goto("/rules/")
    expect(page.locator("h1")).to_have_text("三地规则")
    assert page.evaluate("getComputedStyle(document.body).fontFamily")  # styled
    assert page.evaluate("document.styleSheets.length") >= 2  # Bootstrap and ours, kept
    page.goto("/")
    expect(page.locator("[data-tile-entry]")).to_be_visible()  # tiles.js ran, offline
    page.goto("/?region=hangzhou&hand=123m456m789p345s5z&win_tile=9s")  # needs the engine
    expect(page.locator("h1")).to_have_text("没有网络")
    page.screenshot(path=str(artifacts / "offline-360.png"))
    page.goto("/t/no-such-table/")  # a ledger: never kept
    expect(page.locator("h1")).to_have_text("没有网络")

    page.context.set_offline(False)
    page.goto("/?region=hangzhou&hand=123m456m789p345s5z&win_tile=9s&winner=E&dealer=E"
              "&win_type=self_draw")
    expect(page.locator("#result .result")).to_be_visible()  # online again: the server's


@pytest.mark.ledger
def test_a_read_only_ledger_shows_the_last_ledger_it_saw_with_its_time(page: Page, artifacts):
    page.goto("/t/new/")
    page.fill("#id_name", "周五")
    page.locator("main form button[type=submit]").tap()
    page.locator("[data-record-draw]").tap()
    page.locator("main form button[type=submit]").tap()
    view = page.locator("[data-view-link]").get_attribute("href")
    edit = page.url
    visit_with_the_service_worker(page, view)
    expect(page.locator("[data-seen-offline]")).to_be_hidden()  # online: nothing to say

    page.context.set_offline(True)
    page.goto(view)

    expect(page.locator("tbody[data-hand]")).to_have_count(1)
    note = page.locator("[data-seen-offline]")
    expect(note).to_be_visible()
    expect(note).to_contain_text("没有网络：这是")
    page.screenshot(path=str(artifacts / "ledger-offline-360.png"))
    page.goto(edit)  # an edit page is never kept
    expect(page.locator("h1")).to_have_text("没有网络")
