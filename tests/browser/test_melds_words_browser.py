"""A link that fills the calculator (a practice deal, a rules page's example) writes its
melds "chi 678p", "pung 555p"; on a 简体 page the melds box says 吃 and 碰, and the hand
scored again from the box's own words pays the same (presentation.form.melds_in_words)."""

import re

from playwright.sync_api import Page, expect

from tests.browser.pages import payments, typed


def scored_again_the_same(page: Page) -> None:
    shown = payments(page)
    page.locator("#result .result").evaluate("node => { node.dataset.before = ''; }")
    page.locator("#score-form button[type=submit]").tap()
    expect(page.locator("#result .result:not([data-before])")).to_be_visible()
    assert payments(page) == shown


def test_a_practice_deal_opens_with_its_melds_in_chinese(page: Page):
    page.goto("/practice/?region=jinhua&seed=6")  # two claimed chows
    link = page.locator("[data-practice-calculator]")
    assert "melds=chi+" in link.get_attribute("href")
    link.click()
    page.wait_for_url(re.compile(r"^[^?]*/\?"))
    expect(typed(page, "melds")).to_have_value(re.compile(r"^吃 \d{3}[mps]\n吃 \d{3}[mps]$"))
    expect(page.locator('[data-tiles="meld"] .tile-meld')).to_have_count(2)
    scored_again_the_same(page)


def test_a_rules_example_opens_with_its_melds_in_chinese(page: Page):
    page.goto("/rules/honghe/")
    page.locator('a[href*="melds=chi+123m"]').first.click()
    page.wait_for_url(re.compile(r"^[^?]*/\?"))
    expect(typed(page, "melds")).to_have_value("吃 123m\n碰 555p\n碰 777s\n吃 234s")
    scored_again_the_same(page)
