"""The table ledger on a phone: create a table, record a win, a draw and a win, watch the
deal move and the totals add up, then open the read-only link and find nothing to edit."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.browser import pages

pytestmark = pytest.mark.ledger

def next_hand(page: Page) -> tuple[str, str]:
    position = page.locator("[data-next]")
    return (position.locator("[data-dealer]").get_attribute("data-dealer"),
            position.locator("[data-streak]").get_attribute("data-streak"))


def totals(page: Page) -> dict[str, str]:
    return {seat: page.locator(f'[data-total="{seat}"]').inner_text() for seat in "ESWN"}


def test_a_session_at_the_table(page: Page, artifacts):
    page.goto("/t/new/")
    page.select_option("#id_region", "hangzhou")
    for seat, name in zip("eswn", ["阿安", "Bo", "Cy", "Di"], strict=True):
        page.fill(f"#id_player_{seat}", name)
    page.select_option("#id_first_dealer", "E")
    page.locator("main form button[type=submit]").tap()
    expect(page.locator("[data-edit-link]")).to_be_visible()
    assert next_hand(page) == ("E", "0")

    pages.record_win(page, "E")  # the dealer wins at 平莊: ×2 from each
    assert next_hand(page) == ("E", "1")
    assert totals(page) == {"E": "+6", "S": f"{pages.MINUS}2",
                            "W": f"{pages.MINUS}2", "N": f"{pages.MINUS}2"}

    page.locator("[data-record-draw]").tap()
    expect(page.locator("[data-after] [data-streak]")).to_have_attribute("data-streak", "2")
    page.locator("main form button[type=submit]").tap()
    assert next_hand(page) == ("E", "2")  # a draw: the dealer keeps the seat

    pages.record_win(page, "S")  # 三連莊: the dealer pays ×8, the others ×1; S takes the deal
    assert next_hand(page) == ("S", "0")
    assert totals(page) == {"E": f"{pages.MINUS}2", "S": "+8",
                            "W": f"{pages.MINUS}3", "N": f"{pages.MINUS}3"}
    expect(page.locator("tbody[data-hand]")).to_have_count(3)
    expect(page.locator(".ledger-chart polyline")).to_have_count(4)
    assert pages.page_width(page) <= pages.WIDTH, "the ledger scrolls sideways"
    assert not pages.serious(Axe().run(page).response["violations"])
    page.screenshot(path=str(artifacts / "ledger-360.png"), full_page=True)

    edit_url = page.url
    edit_token = edit_url.rstrip("/").split("/")[-1]
    page.goto(page.locator("[data-view-link]").get_attribute("href"))
    expect(page.locator("[data-read-only]")).to_be_visible()
    assert totals(page)["S"] == "+8"
    expect(page.locator("tbody[data-hand]")).to_have_count(3)
    for control in ["[data-record-win]", "[data-record-draw]", "[data-undo]", "[data-edit]",
                    "[data-edit-link]", "main form[method=post]"]:
        expect(page.locator(control)).to_have_count(0)
    assert edit_token not in page.content()

    # The ledger in the dark colour scheme: its seat colours and tinted rows stay legible.
    page.emulate_media(color_scheme="dark")
    expect(page.locator("html")).to_have_attribute("data-bs-theme", "dark")
    result = Axe().run(page, options={"runOnly": ["color-contrast"]})
    assert result.violations_count == 0, result.generate_report()
    page.screenshot(path=str(artifacts / "ledger-dark-360.png"), full_page=True)


def record_result(page: Page, winner: str, how: str = "self_draw", discarder: str = "",
                  total: str = "1"):
    """A hand scored on paper: winner, how, from whom, the total; preview, then record."""
    page.locator("[data-record-result]").tap()
    fill_result(page, winner, how, discarder, total)
    record = page.locator("#preview [data-record]")
    expect(record).to_be_visible()
    record.tap()
    expect(page.locator("[data-next]")).to_be_visible()


def fill_result(page: Page, winner: str, how: str, discarder: str, total: str):
    pages.pick_seat(page, "winner", winner)
    page.select_option("#id_win_type", how)
    page.select_option("#id_discarder", discarder)
    page.fill("#id_multiplier", total)
    page.locator("[data-preview]").tap()


def test_undo_confirm_restore_paper_results_and_a_prechecked_change(page: Page, artifacts):
    """Hangzhou scored on paper: E wins twice (三連莊 from hand 3), then wins on S's
    discard. Undo asks first and can be put back; changing hand 1's winner to S would
    pass the seat and hand 3 could no longer be a discard win: the page says so and
    offers no save. The table is then in 我的牌桌."""
    page.goto("/t/new/")
    page.fill("#id_name", "周五晚上")
    page.select_option("#id_region", "hangzhou")
    page.locator("main form button[type=submit]").tap()
    expect(page.locator("[data-edit-link]")).to_be_visible()

    record_result(page, "E", total="2")  # 平莊 ×2, the hand ×2: 4 from each
    assert totals(page) == {"E": "+12", "S": f"{pages.MINUS}4",
                            "W": f"{pages.MINUS}4", "N": f"{pages.MINUS}4"}
    record_result(page, "E")  # 二連莊 ×4: 4 from each
    record_result(page, "E", "discard", "S")  # 三連莊 ×8: S alone pays 8
    assert next_hand(page) == ("E", "3")
    assert totals(page)["S"] == f"{pages.MINUS}16"
    expect(page.locator("tbody[data-hand]")).to_have_count(3)

    # Undo: a page that shows the hand and asks; then a way back.
    page.locator("[data-undo]").tap()
    expect(page.locator("[data-undo-hand]")).to_contain_text("#3")
    expect(page.locator("tbody[data-hand]")).to_have_count(0)  # nothing undone yet
    page.locator("[data-confirm-undo]").tap()
    expect(page.locator("tbody[data-hand]")).to_have_count(2)
    assert totals(page)["S"] == f"{pages.MINUS}8"
    page.screenshot(path=str(artifacts / "ledger-undone-360.png"), full_page=True)
    page.locator("[data-restore] button").tap()
    expect(page.locator("tbody[data-hand]")).to_have_count(3)
    assert totals(page)["S"] == f"{pages.MINUS}16"
    expect(page.locator("[data-restore]")).to_have_count(0)

    # A change to hand 1 that hand 3 cannot survive is refused before any save.
    page.locator('tbody[data-hand="1"] [data-edit]').tap()
    fill_result(page, "S", "self_draw", "", "1")
    expect(page.locator("#result-form .alert-danger")).to_contain_text("第 3 局")
    expect(page.locator("#preview [data-record]")).to_have_count(0)
    page.screenshot(path=str(artifacts / "ledger-refused-change-360.png"), full_page=True)
    # A change it can survive is previewed and saved.
    fill_result(page, "E", "self_draw", "", "4")
    page.locator("#preview [data-record]").tap()
    assert totals(page)["S"] == f"{pages.MINUS}20"  # hand 1 now ×4 at 平莊: 8 from each

    assert pages.page_width(page) <= pages.WIDTH
    assert not pages.serious(Axe().run(page).response["violations"])
    page.goto("/t/new/")
    mine = page.locator("[data-my-tables]")
    expect(mine).to_be_visible()
    expect(mine.get_by_role("link", name="周五晚上")).to_have_count(1)
    mine.get_by_role("link", name="周五晚上").tap()
    expect(page.locator("[data-edit-link]")).to_be_visible()  # back with its edit link
