"""A win half typed on phone A is kept as a draft through a reload (static/js/site.js,
drafts) only while the form was drawn from the same ledger: the same version and the same
four people seated at its hand ([name=seated], versionOf). Phone B seating 戊 at 北 from
that hand on moves no version; the draft typed for 丁 must not come back as 戊's win."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser import pages

pytestmark = pytest.mark.ledger


def winner(page: Page, seat: str):
    return page.locator(f'#score-form input[name="winner"][value="{seat}"]')


def winner_name(page: Page, seat: str):
    return page.locator(f'#score-form input[name="winner"][value="{seat}"] + label')


def test_a_draft_typed_before_another_phone_seated_someone_is_not_filled_in_again(
        page: Page, artifacts):
    pages.a_named_table(page, ["甲", "乙", "丙", "丁"])
    edit = page.url
    page.locator("[data-record-win]").tap()
    expect(page.locator("[data-tile-entry]")).to_be_visible()
    pages.typed(page, "hand").fill(pages.PLAIN)
    pages.typed(page, "win_tile").fill("7z")
    pages.pick_seat(page, "winner", "N")
    expect(winner_name(page, "N")).to_contain_text("丁")

    # the control: nothing changed meanwhile, so a reload fills the draft in
    page.reload()
    expect(page.locator("[data-tile-entry]")).to_be_visible()
    expect(winner(page, "N")).to_be_checked()
    expect(pages.typed(page, "hand")).to_have_value(pages.PLAIN)
    expect(page.locator("[data-draft-notice]")).to_be_visible()

    b = pages.other_phone(page)
    b.goto(edit + "people")
    b.fill("#id_name_N", "戊")
    b.locator("[data-seats-form] button[type=submit]").tap()
    expect(b.locator('[data-seat-now="N"]')).to_contain_text("戊")

    # the same ledger version, other people at the hand: the draft is dropped
    page.reload()
    expect(page.locator("[data-tile-entry]")).to_be_visible()
    expect(winner_name(page, "N")).to_contain_text("戊")
    expect(winner_name(page, "N")).not_to_contain_text("丁")
    expect(winner(page, "N")).not_to_be_checked()
    expect(pages.typed(page, "hand")).to_have_value("")
    expect(page.locator("[data-draft-notice]")).to_be_hidden()
    page.screenshot(path=str(artifacts / "draft-after-reseat-360.png"), full_page=True)

    # and it stays dropped: a further reload finds no draft to fill in
    page.reload()
    expect(winner_name(page, "N")).to_contain_text("戊")
    expect(winner(page, "N")).not_to_be_checked()
    expect(page.locator("[data-draft-notice]")).to_be_hidden()
