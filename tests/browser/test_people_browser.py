"""People, not seats, on a phone (issue 30, item 3): a Hangzhou evening where 乙 is
renamed 小乙 after two hands and 戊 takes 丁's seat from hand 3 on; the sheet, the
totals, the settle-up and the stats then speak of the five people, on the edit and the
read-only page, at 360×740 in 简体."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.browser import pages

pytestmark = pytest.mark.ledger

NAMES = ["甲", "乙", "丙", "丁"]


def cells(page: Page, stat: str) -> dict[str, str]:
    """The stats card's cells of ``stat``, by person."""
    found = page.locator(f"[data-stats] [data-stat={stat}]")
    return {cell.get_attribute("data-person"): cell.inner_text().strip()
            for cell in found.all()}


def check_the_evening(page: Page) -> None:
    """What the edit and the read-only page both show after the three hands."""
    # the cards: the four seated now, each with their own net
    expect(page.locator("[data-total=N]")).to_have_text("+6")  # 戊's, not the seat's
    expect(page.locator("[data-total=S]")).to_have_text("+6")
    expect(page.locator(".totals")).to_contain_text("小乙")
    # the sheet: headed by who sat at the newest hand; hand 3 says 戊 sat down
    assert [name.strip() for name in page.locator("table.ledger:not(.stats) thead th")
            .all_inner_texts()[1:]] == ["甲", "小乙", "丙", "戊"]
    expect(page.locator("#hand-3 [data-seat-change]")).to_contain_text("戊")
    expect(page.locator("#hand-2 [data-seat-change]")).to_have_count(0)
    expect(page.locator("#hand-1")).to_contain_text("小乙")  # renamed on every hand
    # everyone's own total, 丁 who left included
    totals = {item.get_attribute("data-person"):
              item.locator("[data-person-total]").inner_text().replace(pages.MINUS, "-")
              for item in page.locator("[data-by-person] [data-person]").all()}
    assert totals == {"甲": "-5", "小乙": "+6", "丙": "-4", "戊": "+6", "丁": "-3"}
    # the settle-up, per person, largest debtor to largest creditor (ties: 南 before 北)
    lines = page.locator("[data-transfer]").all_inner_texts()
    assert [(line.split("→")[0].split()[-1], line.split("→")[1].split()[-3],
             pages.numbers(line.split("→")[1])[-1]) for line in lines] == [
        ("甲", "小乙", "5"), ("丙", "戊", "4"), ("丁", "戊", "2"), ("丁", "小乙", "1")], lines
    # the stats, a column per person
    assert cells(page, "wins") == {"甲": "0", "小乙": "2", "丙": "0", "戊": "1", "丁": "0"}
    assert cells(page, "dealt_in") == {p: "0" for p in ("甲", "小乙", "丙", "戊", "丁")}
    expect(page.locator('[data-stats] [data-stat=wins][data-person="丁"]')).to_have_attribute(
        "data-seat", "")


def test_rename_and_seat_a_new_player_mid_evening(page: Page, artifacts):
    pages.a_named_table(page, NAMES)
    pages.record_win(page, "S")  # 乙 self-draws: 甲 (the dealer) pays 2, 丙 and 丁 1
    pages.record_win(page, "S")  # 乙, the dealer now, self-draws: 2 from each

    page.locator("[data-people-link]").tap()
    page.wait_for_url(re.compile(r"/people$"))
    page.select_option("[data-rename-form] select[name=person]", "乙")
    page.fill("#id_new_name", "小乙")
    page.locator("[data-rename-form] button[type=submit]").tap()
    expect(page.locator(".alert-success")).to_contain_text("小乙")

    # 戊 takes 北 from hand 3 (the next: the form's default); first a clash, refused
    expect(page.locator("#id_first")).to_have_value("3")
    page.fill("#id_name_N", "甲")
    page.locator("[data-seats-form] button[type=submit]").tap()
    expect(page.locator("#id_name_N_error")).to_be_visible()
    page.fill("#id_name_N", "戊")
    page.locator("[data-seats-form] button[type=submit]").tap()
    expect(page.locator('[data-change="3-N"]')).to_be_visible()
    expect(page.locator("[data-seat-now=N]")).to_contain_text("戊")
    assert pages.page_width(page) <= pages.WIDTH, "the people page scrolls sideways"
    assert not pages.serious(Axe().run(page).response["violations"])
    page.screenshot(path=str(artifacts / "people-360.png"), full_page=True)

    page.locator("main a").first.tap()  # ← back to the table
    expect(page.locator("[data-next]")).to_be_visible()
    pages.record_win(page, "N")  # 戊 self-draws: 小乙 (the dealer, 二连庄) pays 4, 甲 and 丙 1
    expect(page.locator("tbody[data-hand]")).to_have_count(3)
    check_the_evening(page)
    assert pages.page_width(page) <= pages.WIDTH, "the ledger scrolls sideways"
    assert not pages.serious(Axe().run(page).response["violations"])
    page.locator("#hand-3").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "people-sheet-360.png"))
    page.locator("#settle").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "people-settle-360.png"))
    page.locator("#stats").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "people-stats-360.png"))

    page.goto(page.locator("[data-view-link]").get_attribute("href"))
    expect(page.locator("[data-read-only]")).to_be_visible()
    check_the_evening(page)
    expect(page.locator("[data-people-link]")).to_have_count(0)


def test_a_seats_form_open_on_a_second_phone_is_not_written_over_the_first(
        page: Page, artifacts):
    """Both phones open 谁坐哪里 for hand 2; the first seats 戊 at 北; the second, its page
    drawn before, seats 己 at 西: it is told the seating changed and shown it, and 戊
    stays."""
    pages.a_named_table(page, NAMES)
    pages.record_win(page, "S")
    page.locator("[data-people-link]").tap()
    page.wait_for_url(re.compile(r"/people$"))
    second = pages.other_phone(page)
    second.goto(page.url)
    page.fill("#id_name_N", "戊")
    page.locator("[data-seats-form] button[type=submit]").tap()
    expect(page.locator('[data-change="2-N"]')).to_be_visible()

    second.fill("#id_name_W", "己")
    second.locator("[data-seats-form] button[type=submit]").tap()
    expect(second.locator(".alert-danger")).to_contain_text("刚才有人改了座位")
    expect(second.locator("#id_name_N")).to_have_value("戊")  # the seating now
    expect(second.locator("#id_name_W")).to_have_value("丙")
    expect(second.locator('[data-change="2-N"]')).to_be_visible()
    expect(second.locator('[data-change="2-W"]')).to_have_count(0)
    assert pages.page_width(second) <= pages.WIDTH
    second.screenshot(path=str(artifacts / "people-changed-meanwhile-360.png"),
                      full_page=True)
    second.context.close()
