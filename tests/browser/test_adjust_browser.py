"""Adjustment lines on a phone (issue 30, item 2): a 诈胡 penalty recorded from the edit
page, shown in the sheet and the totals without moving the dealer, undone and put back;
and one recorded with the network cut, kept, then sent when it is back."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser import pages

pytestmark = pytest.mark.ledger

NAMES = ["阿安", "阿博", "阿西", "阿迪"]


def record_false_win(page: Page, seat_label: str, each: str) -> None:
    """From a ledger's edit page: its adjustment form opened (loaded: its scripts give
    the form a fresh key), a 诈胡 of the seat ``seat_label`` names, ``each`` to the others."""
    page.locator("[data-record-adjust]").click()
    page.wait_for_url(re.compile(r"/hand/\d+/adjust$"))
    page.locator("input[name=reason][value=false_win]").check()
    page.locator("#id_offender").select_option(label=seat_label)
    page.fill("#id_each", each)
    page.locator("[data-adjust-form] button[type=submit]").click()


def totals(page: Page) -> list[str]:
    return [page.locator(f"[data-total={seat}]").inner_text() for seat in "ESWN"]


def test_a_false_win_recorded_undone_and_put_back(page: Page, artifacts):
    pages.a_named_table(page, NAMES)
    pages.record_win(page, "E")  # the dealer wins at 平莊: 2 from each
    dealer = page.locator("[data-next] [data-dealer]").inner_text()

    page.locator("[data-record-adjust]").click()
    page.wait_for_url(re.compile(r"/hand/2/adjust$"))
    # only the chosen reason's fields show: 诈胡 first, the four amounts for 其他
    expect(page.locator("#id_each")).to_be_visible()
    expect(page.locator("#id_amount_E")).to_be_hidden()
    page.locator("input[name=reason][value=other]").check()
    expect(page.locator("#id_amount_E")).to_be_visible()
    page.fill("#id_amount_E", "5")
    page.locator("[data-adjust-form] button[type=submit]").click()
    # refused in place: they do not add up to 0, and there is no note
    expect(page.locator(".alert-danger")).to_contain_text("合计必须为 0")
    assert pages.page_width(page) <= pages.WIDTH
    page.screenshot(path=artifacts / "adjust-form-refused.png", full_page=True)
    page.goto(page.url.split("hand/")[0])

    record_false_win(page, "西 W 阿西", "10")
    line = page.locator("tbody[data-kind=adj]")
    expect(line).to_have_count(1)
    expect(line.locator("[data-adjustment]")).to_have_text("诈胡：西 W 阿西 赔每家 10")
    assert totals(page) == ["+16", "+8", "−32", "+8"]
    # not a hand: the same dealer deals next, at the same streak
    assert page.locator("[data-next] [data-dealer]").inner_text() == dealer
    expect(page.locator("#next-title")).to_contain_text("3")
    page.locator("#hand-2").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "adjust-in-the-sheet.png", full_page=True)

    page.locator("[data-undo]").click()
    page.locator("main form button[type=submit]").click()
    expect(page.locator("tbody[data-kind=adj]")).to_have_count(0)
    assert totals(page) == ["+6", "−2", "−2", "−2"]
    page.locator("[data-restore] button[type=submit]").click()
    expect(page.locator("tbody[data-kind=adj]")).to_have_count(1)
    assert totals(page) == ["+16", "+8", "−32", "+8"]


def test_a_false_win_recorded_with_no_network_is_sent_when_it_is_back(page: Page):
    edit = pages.a_table_kept_for_offline(page)
    page.context.set_offline(True)
    page.goto(edit)
    record_false_win(page, "北 N 北家", "3")
    waiting = page.locator("[data-pending-entry=waiting]")
    expect(waiting).to_have_count(1)
    expect(waiting).to_contain_text("第 1 行：调整")
    page.context.set_offline(False)
    expect(page.locator("tbody[data-kind=adj]")).to_have_count(1, timeout=40_000)
    assert totals(page) == ["+3", "+3", "+3", "−9"]
