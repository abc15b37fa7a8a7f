"""Table-first (issue 25), on a 360×740 phone in 简体: a shared result link of each
region opens with who pays on the first screen, no scrolling; a plain self-draw is
entered by taps with 计算 on screen after the last tap, in at most 16 taps; the form is
one tap from the result."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import HEIGHT, Taps, open_calculator

# A result link of each region, as the result's copy button gives it (RULEBOOK §5).
SHARED = {
    "hangzhou": "/?region=hangzhou&hand=123m456m789p345s5z&win_tile=9s&win_type=self_draw"
                "&winner=E&dealer=E&dealer_streak=1&base=1",
    "honghe": "/?region=honghe&hand=1234567892345m&win_tile=5m&wild=9p&win_type=discard"
              "&winner=S&dealer=E&discarder=W&base=2",
    "jinhua": "/?region=jinhua&hand=123m456m789p234p1z&win_tile=1z&wild=6s&win_type=discard"
              "&winner=W&dealer=E&discarder=N&base=1",
}


@pytest.mark.parametrize("region", list(SHARED))
def test_a_shared_result_link_shows_who_pays_on_the_first_screen(page: Page, region,
                                                                 artifacts):
    page.goto(SHARED[region])
    payments = page.locator("#result table.payments").first
    expect(payments).to_be_visible()
    assert page.evaluate("window.scrollY") == 0
    box = payments.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT, box
    # the form that made it: one tap away
    page.locator("#result .change-hand").tap()
    expect(page.locator("#score-form")).to_be_in_viewport()
    if region == "hangzhou":
        page.goto(SHARED[region])
        page.screenshot(path=str(artifacts / "shared-link-landing-360.png"))


def test_a_plain_self_draw_by_taps_keeps_the_score_button_in_reach(page: Page, artifacts):
    open_calculator(page)
    taps = Taps(page)
    taps.seat("winner", "S")  # a non-dealer's self-draw: one tap
    score = page.locator("#score-form button[type=submit]")
    for number, code in enumerate(["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s",
                                   "2s", "3s", "4s", "7z", "7z"], start=1):
        taps.tiles(code)
        expect(score).to_be_in_viewport()  # at every moment of entry
        if number == 14:
            page.screenshot(path=str(artifacts / "entry-14th-tile-360.png"))
    box = score.bounding_box()
    assert box["y"] + box["height"] <= HEIGHT
    taps.tap(score)
    assert taps.count <= 16, f"{taps.count} taps"
    expect(page.locator("#result table.payments")).to_be_visible()
    assert page.locator("#result td.net").first.inner_text()  # who pays is there
