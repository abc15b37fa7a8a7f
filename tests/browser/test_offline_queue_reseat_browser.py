"""Two wins kept on phone A with no network, both of 丁 (北); meanwhile phone B seats 戊
at 北 from hand 1 on. Back online, the first meets its conflict card (who sits there
now); recorded from there as hand 1, it is 戊's win: the player saw 戊 on its card. The
second was typed against 丁 too, and nobody saw it under 戊's name: it meets its own
card and is not recorded (static/js/ledger-offline.js reapply: the server's new seated
stamp goes to the chosen entry only)."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser import pages

pytestmark = pytest.mark.ledger


def keep_a_win_offline(page: Page, edit: str, winner: str) -> None:
    """From the edit page with no network: a win of ``winner`` typed, kept to send later
    (unscored: the offline engine is not kept on this phone)."""
    page.goto(edit)
    page.locator("[data-record-win]").click()
    pages.type_plain_win(page, winner)
    page.locator("#score-form button[type=submit]").click()
    page.locator("[data-record-offline]").click()
    page.wait_for_url(re.compile(r"/e/[^/]+/(#[\w-]+)?$"))


def test_a_second_kept_hand_is_not_recorded_for_the_person_seated_meanwhile(
        page: Page, artifacts):
    pages.a_named_table(page, ["甲", "乙", "丙", "丁"])
    edit = page.url
    pages.visit_with_the_service_worker(page, edit)
    pages.forms_kept(page)

    page.context.set_offline(True)
    waiting = page.locator("[data-pending-entry=waiting]")
    for kept in range(1, 3):
        keep_a_win_offline(page, edit, "N")
        expect(waiting).to_have_count(kept)
    expect(waiting.nth(1)).to_contain_text("第 2 局")

    b = pages.other_phone(page)
    b.goto(edit + "people")
    b.fill("#id_name_N", "戊")
    b.locator("[data-seats-form] button[type=submit]").tap()
    expect(b.locator('[data-seat-now="N"]')).to_contain_text("戊")

    page.context.set_offline(False)
    conflict = page.locator("[data-pending-entry=conflict]")
    expect(conflict).to_have_count(1, timeout=40_000)
    expect(conflict).to_contain_text("戊")
    expect(waiting).to_have_count(1)  # the second waits for the player's choice
    expect(page.locator("tbody[data-hand]")).to_have_count(0)

    conflict.get_by_role("button", name="记为第 1 局").tap()
    # the first recorded as 戊's, as its card showed; the second meets its own card
    row = page.locator("tbody[data-hand]")
    expect(row).to_have_count(1, timeout=20_000)
    expect(row).to_contain_text("戊")
    expect(conflict).to_have_count(1, timeout=20_000)
    expect(conflict).to_contain_text("第 2 局")
    expect(conflict).to_contain_text("戊")
    expect(waiting).to_have_count(0)
    page.screenshot(path=str(artifacts / "offline-queue-reseat-360.png"), full_page=True)

    # held, not sent on its own: a round of sending later, the sheet has one hand still
    page.wait_for_timeout(16_000)
    page.reload()
    expect(page.locator("tbody[data-hand]")).to_have_count(1)
    expect(conflict).to_have_count(1)

    # and recorded from its own card, as the player now chooses, it is 戊's hand 2
    conflict.get_by_role("button", name="记为第 2 局").tap()
    expect(row).to_have_count(2, timeout=20_000)
    expect(page.locator("#hand-2")).to_contain_text("戊")
    expect(page.locator("#pending")).to_be_hidden()
    b.context.close()
