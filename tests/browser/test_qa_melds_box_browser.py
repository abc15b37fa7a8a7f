"""The melds box shows every line typed in it on a phone. Found by QA: with three or four
melds typed (or refused, "第 3 副：…"), the two-row box hid the lines the messages were
about behind a scroll inside it."""

from urllib.parse import urlencode

from playwright.sync_api import Page, expect

from tests.browser.pages import open_calculator, typed

FOUR_MELDS = {
    "region": "hangzhou", "hand": "5z", "win_tile": "5z", "win_type": "self_draw",
    "winner": "E", "dealer": "E",
    "melds": "碰 111m\n碰 222p\n吃 345s\n碰 124s",  # the last one is no pung
}


def test_every_typed_meld_line_is_in_sight(page: Page):
    open_calculator(page, "?" + urlencode(FOUR_MELDS))
    box = typed(page, "melds")
    expect(box).to_be_visible()
    expect(box).to_have_value(FOUR_MELDS["melds"])
    expect(page.locator("#score-form .invalid-feedback", has_text="第 4 副").first).to_be_visible()
    hidden = box.evaluate("node => node.scrollHeight - node.clientHeight")
    assert hidden <= 1, f"{hidden}px of the melds box scroll out of sight"


def test_an_empty_melds_box_keeps_room_for_two_lines(page: Page):
    open_calculator(page)
    box = typed(page, "melds")
    line = box.evaluate("node => parseFloat(getComputedStyle(node).lineHeight)")
    assert box.bounding_box()["height"] >= 2 * line
