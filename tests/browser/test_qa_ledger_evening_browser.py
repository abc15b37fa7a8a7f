"""An evening at the ledger on two phones (QA): a form reloaded half-typed is filled in
again, and only while the ledger has not moved; a setting saved with no network says
nothing was saved instead of the browser's own error page; an adjustment kept offline
that meets another phone's hand is offered as a line, not a hand; a recorded hand's
kept form is dropped, so that no phone adds it again with no network; long names wrap."""

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.browser import pages

pytestmark = pytest.mark.ledger


def open_adjustment(page: Page, edit: str) -> None:
    page.goto(edit)
    page.locator("[data-record-adjust]").click()
    page.wait_for_url(re.compile(r"/hand/\d+/adjust$"))


def test_a_form_reloaded_half_typed_is_filled_in_again_until_the_ledger_moves(page: Page):
    edit = pages.new_table(page)
    open_adjustment(page, edit)
    page.locator("label[for=id_reason_1]").click()  # other: an amount per seat
    page.fill("#id_amount_E", "5")
    page.fill("#id_amount_S", "-5")
    page.fill("#id_note", "打赌")
    page.reload()
    expect(page.locator("#id_amount_E")).to_have_value("5")
    expect(page.locator("#id_amount_S")).to_have_value("-5")
    expect(page.locator("#id_note")).to_have_value("打赌")
    expect(page.locator("#id_reason_1")).to_be_checked()
    expect(page.locator("[data-draft-notice]")).to_be_visible()

    # left by a link and opened again by one: a new start, the draft not brought back
    open_adjustment(page, edit)
    expect(page.locator("#id_note")).to_have_value("")
    expect(page.locator("[data-draft-notice]")).to_be_hidden()
    page.locator("label[for=id_reason_1]").click()
    page.fill("#id_amount_E", "5")
    page.fill("#id_amount_S", "-5")
    page.fill("#id_note", "打赌")
    page.go_back()  # the ledger
    page.go_forward()  # the form again, as it was typed
    expect(page.locator("#id_note")).to_have_value("打赌")
    page.locator("main form[data-adjust-form] button[type=submit]").click()
    expect(page.locator("[data-total=E]")).to_have_text("+5")
    open_adjustment(page, edit)  # line 2: a fresh form, nothing carried over
    expect(page.locator("#id_note")).to_have_value("")
    expect(page.locator("[data-draft-notice]")).to_be_hidden()

    # typed, then another phone records a hand: the reloaded form is the ledger's now
    page.fill("#id_note", "别的")
    other = pages.other_phone(page)
    other.goto(edit)
    pages.record_a_draw(other)
    expect(other.locator("tbody[data-hand]")).to_have_count(2)
    page.reload()
    expect(page.locator("#id_note")).to_have_value("")
    expect(page.locator("[data-draft-notice]")).to_be_hidden()


def test_a_setting_saved_with_no_network_says_nothing_was_saved(page: Page):
    edit = pages.a_table_kept_for_offline(page)
    page.context.set_offline(True)
    page.goto(edit)
    page.fill("#id_money_per_point", "2")
    page.locator("[data-money-form] button[type=submit]").click()
    notice = page.locator("[data-money-form] [data-no-network]")
    expect(notice).to_be_visible()
    words = page.locator("[data-pending]").get_attribute("data-msg-needs-network")
    expect(notice).to_have_text(words)
    assert page.url == edit  # still the ledger, not the browser's error page
    page.context.set_offline(False)


def test_an_adjustment_kept_offline_meets_another_phones_hand_as_a_line(page: Page):
    edit = pages.a_table_kept_for_offline(page)
    page.context.set_offline(True)
    open_adjustment(page, edit)
    page.fill("#id_each", "10")
    page.locator("main form[data-adjust-form] button[type=submit]").click()
    expect(page.locator("[data-pending-entry=waiting]")).to_have_count(1)

    other = pages.other_phone(page)
    other.goto(edit)
    pages.record_a_draw(other)
    expect(other.locator("tbody[data-hand]")).to_have_count(1)

    page.context.set_offline(False)
    conflict = page.locator("[data-pending-entry=conflict]")
    expect(conflict).to_be_visible(timeout=40_000)
    words = page.locator("[data-pending]")
    reapply = words.get_attribute("data-msg-reapply-line").replace("{number}", "2")
    conflict_words = words.get_attribute("data-msg-conflict-line").split("{changed}")[1]
    expect(conflict).to_contain_text(conflict_words)
    conflict.get_by_role("button", name=reapply).click()
    expect(page.locator("tbody[data-hand]")).to_have_count(2)
    expect(page.locator("tbody[data-hand='2']")).to_have_attribute("data-kind", "adj")
    expect(page.locator("[data-total=E]")).to_have_text("−30")


def test_long_latin_names_keep_the_sheet_within_a_phone(page: Page):
    """Thirty letters with no space (the longest a name may be) in the chart's legend: it
    wraps, and the sheet stays 360 px wide."""
    pages.a_named_table(page, ["W" * 30, "M" * 30, "字" * 30, "老王"])
    page.locator("[data-record-draw]").click()
    page.locator("main form button[type=submit]").click()
    expect(page.locator(".chart-legend")).to_be_visible()
    assert pages.page_width(page) <= pages.WIDTH
    page.goto(page.locator("[data-view-link]").get_attribute("href"))
    expect(page.locator(".chart-legend")).to_be_visible()
    assert pages.page_width(page) <= pages.WIDTH


def test_a_recorded_hands_change_link_with_no_network_never_adds_it_again(page: Page):
    """Hand 1's draw form was kept while hand 1 was the next hand. Once hand 1 is recorded,
    that kept form is dropped: with no network, hand 1's "change" link says the page
    needs the connection, rather than a form that would add hand 1 again (a new hand from
    an old version, which the reconnecting phone would offer to record as hand 2)."""
    edit = pages.a_table_kept_for_offline(page)
    page.locator("[data-record-draw]").click()
    page.wait_for_url(re.compile(r"/hand/1/draw$"))
    page.locator("main form button[type=submit]").click()
    expect(page.locator("tbody[data-hand]")).to_have_count(1)
    page.wait_for_function(
        """async (path) => {
          for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            const paths = (await cache.keys()).map((r) => new URL(r.url).pathname);
            if (paths.includes(path)) return false;
          }
          return true;
        }""", arg=urlsplit(edit).path + "hand/1/draw", polling=250, timeout=10_000)
    page.context.set_offline(True)
    page.goto(edit)
    page.locator("[data-edit]").click()
    expect(page.locator("main form [name=intent]")).to_have_count(0)
    page.context.set_offline(False)
