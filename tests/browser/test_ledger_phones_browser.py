"""One table, many phones (issue 24), in Chromium: a stale page on each write never
replaces another phone's hand; hands recorded offline in a row are synced in order with
no conflict; two tabs sync one offline hand once; a wifi login page during a replay
leaves the hand waiting, and it is recorded once when the server answers; a watching
phone sees a new hand without a reload."""

import re

import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser import pages

pytestmark = pytest.mark.ledger

def hands(page: Page) -> list[tuple[str, str]]:
    rows = page.locator("tbody[data-hand]")
    return sorted((row.get_attribute("data-hand"), row.get_attribute("data-kind"))
                  for row in rows.all())


def test_a_stale_page_on_each_write_never_replaces_another_phones_hand(page: Page):
    edit = pages.new_table(page)
    b = pages.other_phone(page)

    # 记流局 opened on A for hand 1; B records hand 1 as a win; A's draw goes to hand 2.
    page.goto(edit)
    page.locator("[data-record-draw]").click()
    b.goto(edit)
    pages.record_win(b, "S")
    page.locator("main form button[type=submit]").click()
    expect(page.locator("div[role=alert][data-stale]")).to_be_visible()
    button = page.locator("main form button[type=submit]")
    expect(button).to_have_text("把第 2 局记为流局")
    button.click()
    expect(page.locator("tbody[data-hand]")).to_have_count(2)
    assert hands(page) == [("1", "win"), ("2", "draw")]

    # A paper result opened for hand 3; B records hand 3; A's result goes to hand 4.
    page.goto(edit)
    page.locator("[data-record-result]").click()
    pages.pick_seat(page, "winner", "W")
    page.locator("[data-preview]").click()
    b.goto(edit)
    pages.record_win(b, "N")
    page.locator("#preview [data-record]").click()
    expect(page.locator("div[role=alert][data-stale]")).to_be_visible()
    page.locator("[data-preview]").click()  # the payments again, now as hand 4
    expect(page.locator("#preview [data-record]")).to_have_text("记录第 4 局")
    page.locator("#preview [data-record]").click()
    expect(page.locator("tbody[data-hand]")).to_have_count(4)

    # A win previewed for hand 5; B records hand 5 as a draw; A's win goes to hand 6.
    page.goto(edit)
    page.locator("[data-record-win]").click()
    expect(page.locator("[data-tile-entry]")).to_be_visible()  # tiles.js has run
    pages.typed(page, "hand").fill(pages.PLAIN)
    pages.typed(page, "win_tile").fill("7z")
    page.locator("#score-form button[type=submit]").click()
    b.goto(edit)
    pages.record_a_draw(b)
    page.locator("#preview [data-record]").click()
    expect(page.locator("div[role=alert][data-stale]")).to_be_visible()
    expect(page.locator("#preview [data-record]")).to_have_text("记录第 6 局")
    page.locator("#preview [data-record]").click()
    expect(page.locator("tbody[data-hand]")).to_have_count(6)

    # Undo opened on A for hand 6; B records hand 7: A's undo is refused, hand 7 stays.
    page.goto(edit)
    page.locator("[data-undo]").click()
    b.goto(edit)
    pages.record_a_draw(b)
    page.locator("[data-confirm-undo]").click()
    expect(page.locator(".alert-danger")).to_contain_text("没有撤销")
    expect(page.locator("tbody[data-hand]")).to_have_count(7)

    # A undoes hand 7 and B records hand 7 again: A's restore no longer puts the old back.
    page.locator("[data-undo]").click()
    page.locator("[data-confirm-undo]").click()
    expect(page.locator("[data-restore]")).to_be_visible()
    b.goto(edit)
    pages.record_win(b, "E")
    page.locator("[data-restore] button").click()
    expect(page.locator("tbody[data-hand]")).to_have_count(7)
    assert hands(page)[-1] == ("7", "win")  # B's win, not the undone draw
    b.context.close()


def test_three_hands_recorded_offline_are_synced_in_order_without_a_conflict(page: Page,
                                                                            artifacts):
    edit = pages.a_table_kept_for_offline(page)

    page.context.set_offline(True)
    waiting = page.locator("[data-pending-entry=waiting]")
    for kept in range(1, 4):
        page.goto(edit)
        pages.record_a_draw(page)
        # the draw kept before the next is started (a new address would cancel its POST)
        expect(waiting).to_have_count(kept)
    expect(waiting.nth(2)).to_contain_text("第 3 局")
    expect(page.locator("#next-title")).to_have_text("下一局：第 4 局")  # the header moved on
    page.screenshot(path=str(artifacts / "ledger-offline-chain-360.png"))

    page.context.set_offline(False)
    expect(page.locator("tbody[data-hand]")).to_have_count(3, timeout=40_000)
    expect(page.locator("#pending")).to_be_hidden()
    assert hands(page) == [("1", "draw"), ("2", "draw"), ("3", "draw")]


def test_two_tabs_sync_one_offline_hand_once(page: Page):
    edit = pages.a_draw_recorded_offline(page)
    second = page.context.new_page()
    second.goto(edit)
    expect(second.locator("[data-pending-entry=waiting]")).to_have_count(1)

    page.context.set_offline(False)  # both tabs see the connection come back
    expect(page.locator("tbody[data-hand]")).to_have_count(1, timeout=40_000)
    second.reload()
    expect(second.locator("tbody[data-hand]")).to_have_count(1)
    expect(second.locator("#pending")).to_be_hidden()
    second.close()


def test_a_wifi_login_page_during_a_replay_leaves_the_hand_waiting(page: Page):
    pages.a_draw_recorded_offline(page)

    portal = {"on": True, "hits": 0}

    def captive(route: Route) -> None:
        if portal["on"] and route.request.method == "POST":
            portal["hits"] += 1
            route.fulfill(status=302, headers={"Location": "http://login.wifi.invalid/"})
        else:
            route.continue_()

    page.context.route(re.compile(r".*/hand/\d+/draw$"), captive)
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("[data-pending-entry=waiting]")).to_contain_text("无线网",
                                                                         timeout=40_000)
    assert portal["hits"] >= 1
    page.reload()
    expect(page.locator("tbody[data-hand]")).to_have_count(0)  # the server never had it
    expect(page.locator("[data-pending-entry=waiting]")).to_have_count(1)

    portal["on"] = False  # logged in to the wifi: the next try reaches the server
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("tbody[data-hand]")).to_have_count(1, timeout=40_000)
    expect(page.locator("#pending")).to_be_hidden()


def test_a_watching_phone_sees_a_new_hand_without_a_reload(page: Page):
    edit = pages.new_table(page)
    view = page.locator("[data-view-link]").get_attribute("href")
    page.goto(view)
    page.evaluate("window.stillThisPage = true")
    b = pages.other_phone(page)
    b.goto(edit)
    pages.record_a_draw(b)
    expect(page.locator("tbody[data-hand]")).to_have_count(1, timeout=15_000)
    assert page.evaluate("window.stillThisPage") is True  # swapped in, not reloaded

    # A form open while another phone writes says so before it is sent.
    page.goto(edit)
    page.locator("[data-record-draw]").click()
    notice = page.locator("[data-live-notice]")
    expect(notice).to_be_hidden()
    pages.record_a_draw(b)
    expect(notice).to_be_visible(timeout=15_000)
    expect(notice).to_contain_text("另一部手机刚改了记分表")
    b.context.close()


def test_a_hand_kept_after_a_conflict_waits_for_it_and_both_go_in_order(page: Page):
    edit = pages.a_table_kept_for_offline(page)
    page.context.set_offline(True)
    for _ in range(2):  # X, then A, kept with no network
        page.goto(edit)
        pages.record_a_draw(page)
    expect(page.locator("[data-pending-entry=waiting]")).to_have_count(2)
    b = pages.other_phone(page)
    b.goto(edit)
    pages.record_win(b, "S")  # hand 1 on another phone meanwhile

    page.context.set_offline(False)
    conflict = page.locator("[data-pending-entry=conflict]")
    expect(conflict).to_be_visible(timeout=40_000)
    page.wait_for_timeout(16_000)  # a further round of sending: A must not jump ahead of X
    page.reload()
    expect(page.locator("tbody[data-hand]")).to_have_count(1)
    expect(page.locator("[data-pending-entry=waiting]")).to_have_count(1)

    conflict.get_by_role("button", name="记为第 2 局").tap()
    expect(page.locator("tbody[data-hand]")).to_have_count(3, timeout=20_000)
    assert hands(page) == [("1", "win"), ("2", "draw"), ("3", "draw")]
    expect(page.locator("#pending")).to_be_hidden()
    b.context.close()
