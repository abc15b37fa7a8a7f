"""The evening at a glance on a phone (issue 30, item 4): a Hangzhou table with a win, a
draw and a win on a discard (scored on paper: 三連莊 allows it), the card read at
360×740 on the edit and the read-only page."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.browser import pages

pytestmark = pytest.mark.ledger

NAMES = ["阿安", "Bo", "Cy", "Di"]


def record_paper_discard_win(page: Page, winner: str, discarder: str) -> None:
    """A hand scored on paper: ``winner`` on ``discarder``'s discard, ×1."""
    page.locator("[data-record-result]").tap()
    pages.pick_seat(page, "winner", winner)
    page.select_option("#id_win_type", "discard")
    page.select_option("#id_discarder", discarder)
    page.fill("#id_multiplier", "1")
    page.locator("[data-preview]").tap()
    record = page.locator("#preview [data-record]")
    expect(record).to_be_visible()
    record.tap()
    expect(page.locator("[data-next]")).to_be_visible()


def row(page: Page, stat: str) -> list[str]:
    """The card's cells of ``stat``, in seat order E S W N."""
    return [cell.strip() for cell in page.locator(f"[data-stats] [data-stat={stat}]")
            .all_inner_texts()]


def test_the_evening_at_a_glance(page: Page, artifacts):
    pages.a_named_table(page, NAMES)
    expect(page.locator("[data-stats]")).to_have_count(0)  # no hands yet

    pages.record_win(page, "E")  # the dealer self-draws at 平莊
    pages.record_a_draw(page)  # E keeps the seat: 三連莊 next
    record_paper_discard_win(page, "E", "S")
    expect(page.locator("tbody[data-hand]")).to_have_count(3)

    expected = {"wins": ["2", "0", "0", "0"], "self_draws": ["1", "0", "0", "0"],
                "discard_wins": ["1", "0", "0", "0"], "dealt_in": ["0", "1", "0", "0"],
                "streak": ["三连庄", "—", "—", "—"],
                "per_hour": ["—"] * 4}  # the hands were recorded seconds apart
    for stat, cells in expected.items():
        assert row(page, stat) == cells, stat
    biggest = page.locator("[data-stats] [data-biggest]")
    expect(biggest).to_have_count(1)  # E's: the others won nothing
    assert row(page, "biggest")[1:] == ["—"] * 3
    expect(page.locator("[data-stats] thead th").first).to_have_text(NAMES[0])
    assert pages.page_width(page) <= pages.WIDTH, "the card scrolls sideways"
    assert page.locator("#stats .ledger-wrap").evaluate(
        "node => node.scrollWidth <= node.clientWidth"), "the card's table scrolls sideways"
    assert not pages.serious(Axe().run(page).response["violations"])
    page.locator("#stats").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "stats-360.png"))

    # the biggest hand's link opens its result: the working, or the paper result's row
    link = biggest.get_attribute("href")
    page.goto(page.locator("[data-view-link]").get_attribute("href"))
    expect(page.locator("[data-read-only]")).to_be_visible()
    for stat, cells in expected.items():
        assert row(page, stat) == cells, stat
    assert page.locator("[data-stats] [data-biggest]").get_attribute("href") == link
    page.locator("[data-stats] [data-biggest]").tap()
    if link.startswith("?"):
        expect(page.locator(f"#hand-{link.rsplit('-', 1)[1]}")).to_be_in_viewport()
    else:
        expect(page.locator("#result")).to_be_visible()
