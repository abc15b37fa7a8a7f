"""Two phones at one table, in 简体: phone A has hand 2's win form open; meanwhile phone
B seats 戊 at 北 from hand 2. That writes no hand, yet A's write would be turned away
(ledger.store Write.seated): A's form says the seating changed before A sends it
(static/js/ledger-live.js asks the version URL for hand 2's seated stamp)."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import a_named_table, other_phone, record_win

pytestmark = pytest.mark.ledger


def test_an_open_form_says_so_when_another_phone_seats_someone_at_its_hand(page: Page):
    a_named_table(page, ["甲", "乙", "丙", "丁"])
    edit = page.url
    record_win(page, "S")
    page.locator("[data-record-win]").tap()
    notice = page.locator("[data-live-notice]")
    expect(notice).to_have_attribute("data-live-hand", "2")
    expect(notice).to_be_hidden()

    b = other_phone(page)
    b.goto(edit + "people")
    b.fill("#id_name_N", "戊")
    b.locator("[data-seats-form] button[type=submit]").tap()
    expect(b.locator('[data-change="2-N"]')).to_be_visible()

    expect(notice).to_be_visible(timeout=15_000)
    expect(notice).to_contain_text("另一部手机刚改了这一局的座位或名字")
    b.context.close()
