"""Two phones at one table, at 360×740 in 简体: phone A has hand 2 typed and scored, 丁
(北) the winner; meanwhile phone B seats 戊 at 北 from hand 2. A's 记下 records nothing
for 戊: the page says who sits where now, its hand still typed in, the winner's button
named 戊; recorded from there, the sheet has 戊's win (ledger.store Write.seated)."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser import pages

pytestmark = pytest.mark.ledger


def test_a_hand_typed_before_another_phone_seated_someone_is_shown_again_with_the_names_now(
        page: Page, artifacts):
    pages.a_named_table(page, ["甲", "乙", "丙", "丁"])
    edit = page.url
    pages.record_win(page, "S")
    page.locator("[data-record-win]").tap()
    expect(page.locator("[data-tile-entry]")).to_be_visible()
    pages.typed(page, "hand").fill(pages.PLAIN)
    pages.typed(page, "win_tile").fill("7z")
    pages.pick_seat(page, "winner", "N")
    page.locator("#score-form button[type=submit]").tap()
    expect(page.locator("#preview [data-record]")).to_be_visible()

    b = pages.other_phone(page)
    b.goto(edit + "people")
    b.fill("#id_name_N", "戊")
    b.locator("[data-seats-form] button[type=submit]").tap()
    expect(b.locator('[data-change="2-N"]')).to_be_visible()

    page.locator("#preview [data-record]").tap()
    stale = page.locator("div.alert[data-stale]")
    expect(stale).to_contain_text("刚才有人改了座位")
    expect(page.locator("[data-reseated]")).to_contain_text("第 2 局现在是")
    expect(page.locator("[data-reseated]")).to_contain_text("北 N 戊")
    winner = page.locator('#score-form input[name="winner"][value="N"]')
    expect(winner).to_be_checked()
    expect(page.locator('#score-form input[name="winner"][value="N"] + label')).to_contain_text(
        "戊")
    expect(pages.typed(page, "hand")).to_have_value(pages.PLAIN)
    assert pages.page_width(page) <= pages.WIDTH
    page.screenshot(path=str(artifacts / "seated-meanwhile-360.png"), full_page=True)

    record = page.locator("#preview [data-record]")
    expect(record).to_be_visible()
    record.tap()
    page.wait_for_url(re.compile(r"/e/[^/]+/(#[\w-]+)?$"))
    row = page.locator("#hand-2")
    expect(row).to_contain_text("戊")
    expect(row).not_to_contain_text("丁")
