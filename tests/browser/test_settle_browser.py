"""结账 on a phone (issue 30, item 1): a table with two hands, its money per point set
from the edit page, the settle-up read on the edit and read-only pages and copied as it
would be sent in a chat."""


import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.browser import pages

pytestmark = pytest.mark.ledger

NAMES = ["阿安", "Bo", "Cy", "Di"]


def test_settle_up_read_and_copied(page: Page, artifacts):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    pages.a_named_table(page, NAMES)

    pages.record_win(page, "E")  # the dealer wins at 平莊: 2 from each
    pages.record_a_draw(page)
    expect(page.locator("tbody[data-hand]")).to_have_count(2)
    # no money per point yet: in points
    expect(page.locator("[data-transfer]")).to_have_count(3)
    assert pages.numbers(page.locator("[data-transfer]").first.inner_text()) == ["2"]

    page.fill("#id_money_per_point", "0.5")
    page.locator("[data-money-form] button[type=submit]").tap()
    expect(page.locator("[data-transfer]")).to_have_count(3)
    lines = page.locator("[data-transfer]").all_inner_texts()
    for line, payer in zip(lines, NAMES[1:], strict=True):
        assert payer in line and "阿安" in line, line
        assert pages.numbers(line) == ["1", "2"], line  # 1 元 for 2 分
    expect(page.locator("[data-rounding]")).to_contain_text("3")  # 共 3 元
    assert pages.page_width(page) <= pages.WIDTH, "the settle-up scrolls sideways"
    assert not pages.serious(Axe().run(page).response["violations"])
    page.locator("#settle").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "settle-360.png"))

    page.locator("[data-copy-text]").tap()
    expect(page.locator("[data-copy-text]")).to_have_text(
        page.locator("[data-copy-text]").get_attribute("data-copied"))
    copied = page.evaluate("navigator.clipboard.readText()").splitlines()
    header, *sent = copied
    assert "周五" in header and pages.numbers(header) == ["2", "0.5"], header  # 2 hands, 0.5 元
    assert sent == lines

    page.goto(page.locator("[data-view-link]").get_attribute("href"))
    expect(page.locator("[data-read-only]")).to_be_visible()
    assert page.locator("[data-transfer]").all_inner_texts() == lines
    expect(page.locator("[data-money-form]")).to_have_count(0)


def test_a_second_phones_open_sheet_shows_the_money_per_point_set_on_the_first(page: Page):
    """The money per point moves no version, and still another phone's open sheet (the
    read-only one here) settles up in the new money without a reload."""
    pages.a_named_table(page, NAMES)
    pages.record_win(page, "E")  # the dealer wins at 平莊: 2 from each
    second = pages.other_phone(page)
    second.goto(page.locator("[data-view-link]").get_attribute("href"))
    assert pages.numbers(second.locator("[data-transfer]").first.inner_text()) == ["2"]

    page.fill("#id_money_per_point", "0.5")
    page.locator("[data-money-form] button[type=submit]").tap()
    expect(page.locator("[data-transfer]").first).to_contain_text("1")
    expect(second.locator("[data-rounding]")).to_contain_text("3", timeout=15_000)
    assert pages.numbers(second.locator("[data-transfer]").first.inner_text()) == ["1", "2"]
    second.context.close()
