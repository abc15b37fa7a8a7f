"""A hand half entered survives a language switch and a reload (static/js/site.js, drafts):
a player at the table who switches to 繁體 after tapping in half the tiles keeps them, with
the seats and the melds (in the new page's words). A draft never makes a page show a
stale answer: a link that carries a hand shows that hand, and a draft typed over a
scored hand is marked as changed since its answer. The ledger's forms use the same
drafts."""

import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from tests.browser import pages

EXAMPLE_3_QUERY = "?" + urlencode(pages.EXAMPLE_3)


def switch_language(page: Page, code: str) -> None:
    """The header's language menu, as a player uses it."""
    page.locator("#language").select_option(code)
    with page.expect_navigation():
        page.locator("[data-language-form] button[type=submit]").tap()
    expect(page.locator("html")).to_have_attribute("lang", code)


def tap(page: Page, *codes: str) -> None:
    for code in codes:
        page.locator(f'.tile-palette button.tile-btn[data-tile="{code}"]').tap()


def target(page: Page, name: str) -> None:
    page.locator(f'.tile-target[data-target="{name}"]').tap()


def no_answer(page: Page) -> None:
    expect(page.locator("#result .result")).to_have_count(0)


def test_tiles_tapped_in_survive_a_language_switch_and_a_reload(page: Page, artifacts):
    pages.open_calculator(page)
    tap(page, "1m", "2m", "3m", "4p", "5p", "6p")
    target(page, "pung")
    tap(page, "5s")
    target(page, "kong")
    tap(page, "7z")
    pages.pick_seat(page, "winner", "S")
    expect(page.locator('[data-tiles="hand"] .tile-btn')).to_have_count(6)

    switch_language(page, "zh-hant")
    expect(page.locator('[data-tiles="hand"] .tile-btn')).to_have_count(6)
    expect(page.locator('[data-tiles="meld"] .tile-meld')).to_have_count(2)
    expect(page.locator('input[name="winner"][value="S"]')).to_be_checked()
    notice = page.locator("[data-draft-notice]")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("填")
    no_answer(page)
    page.screenshot(path=str(artifacts / "draft-after-language-switch-360.png"))
    expect(pages.typed(page, "hand")).to_have_value("123m456p")
    # the melds in the page's words: 杠 tapped on a 简体 page is 槓 on a 繁體 one
    expect(pages.typed(page, "melds")).to_have_value("碰 555s\n槓 7777z")

    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "zh-hant")
    expect(pages.typed(page, "hand")).to_have_value("123m456p")
    expect(page.locator('input[name="winner"][value="S"]')).to_be_checked()
    no_answer(page)

    switch_language(page, "en")
    expect(pages.typed(page, "melds")).to_have_value("pung 555s\nkong 7777z")
    expect(page.locator('[data-tiles="hand"] .tile-btn')).to_have_count(6)


@pytest.mark.parametrize("path", ["/waits/", "/advise/"])
def test_the_waits_and_advice_pages_keep_their_tiles_too(page: Page, path):
    page.goto(path)
    expect(page.locator("[data-tile-entry]")).to_be_visible()
    tap(page, "1m", "9m", "1p", "9p")
    switch_language(page, "zh-hant")
    expect(page.locator('[data-tiles="hand"] .tile-btn')).to_have_count(4)
    expect(page.locator("[data-draft-notice]")).to_be_visible()


def test_a_link_that_carries_a_hand_wins_over_a_draft(page: Page):
    pages.open_calculator(page)
    tap(page, "1m", "9m", "1p", "9p")  # a draft for the empty calculator

    page.goto("/" + EXAMPLE_3_QUERY)  # a permalink, a shared link
    expect(pages.typed(page, "hand")).to_have_value(pages.EXAMPLE_3["hand"])
    assert pages.payments(page) == pages.EXAMPLE_3_PAYMENTS
    expect(page.locator("[data-draft-notice]")).to_be_hidden()
    page.go_back()  # a step back to the empty calculator: the draft typed there
    expect(page.locator('[data-tiles="hand"] .tile-btn')).to_have_count(4)
    page.go_forward()
    expect(pages.typed(page, "hand")).to_have_value(pages.EXAMPLE_3["hand"])

    switch_language(page, "zh-hant")  # its own page again: still the link's hand
    expect(pages.typed(page, "hand")).to_have_value(pages.EXAMPLE_3["hand"])
    assert pages.payments(page) == pages.EXAMPLE_3_PAYMENTS
    expect(page.locator("#result")).not_to_have_class(re.compile(r"\banswer-stale\b"))
    expect(page.locator("[data-draft-notice]")).to_be_hidden()
    page.reload()
    expect(pages.typed(page, "hand")).to_have_value(pages.EXAMPLE_3["hand"])

    # the calculator opened afresh by a link starts empty, and stays so after a reload
    page.goto("/")
    expect(pages.typed(page, "hand")).to_have_value("")
    page.reload()
    expect(pages.typed(page, "hand")).to_have_value("")
    expect(page.locator("[data-draft-notice]")).to_be_hidden()


def test_a_draft_over_a_scored_hand_is_marked_as_changed_since_its_answer(page: Page):
    pages.open_calculator(page, EXAMPLE_3_QUERY)
    assert pages.payments(page) == pages.EXAMPLE_3_PAYMENTS
    page.locator("#id_base").fill("3")
    switch_language(page, "en")
    expect(page.locator("#id_base")).to_have_value("3")
    # the answer shown is the link's (base 1), dimmed and said to be out of date
    expect(page.locator("#result")).to_have_class(re.compile(r"\banswer-stale\b"))
    expect(page.locator(".answer-notice")).to_be_visible()
    page.locator("#score-form button[type=submit]").tap()
    expect(page.locator("#result")).not_to_have_class(re.compile(r"\banswer-stale\b"))
    assert pages.payments(page) == {seat: 3 * net for seat, net in pages.EXAMPLE_3_PAYMENTS.items()}


def test_a_ledger_form_half_typed_survives_a_language_switch(page: Page):
    edit = pages.new_table(page)
    page.goto(edit)
    page.locator("[data-record-adjust]").click()
    page.wait_for_url(re.compile(r"/hand/\d+/adjust$"))
    page.locator("label[for=id_reason_1]").click()  # other: an amount per seat
    page.fill("#id_amount_E", "5")
    page.fill("#id_note", "打赌")
    switch_language(page, "zh-hant")
    expect(page.locator("#id_amount_E")).to_have_value("5")
    expect(page.locator("#id_note")).to_have_value("打赌")
    expect(page.locator("#id_reason_1")).to_be_checked()
    expect(page.locator("[data-draft-notice]")).to_be_visible()
