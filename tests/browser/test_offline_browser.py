"""The installable app with no network: after one online visit, the pages a player has
opened (the rules, the calculator) open again with the network cut, styled; a page that
needs the server says so in the player's language instead of failing."""

import re
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Page, expect

from tests.browser import pages


def test_opened_pages_open_offline_and_others_say_why(page: Page, artifacts):
    pages.visit_with_the_service_worker(page, "/rules/")
    page.goto("/")
    expect(page.locator("[data-tile-entry]")).to_be_visible()

    page.context.set_offline(True)

    page.goto("/rules/")
    expect(page.locator("h1")).to_have_text("三地规则")
    assert page.evaluate("getComputedStyle(document.body).fontFamily")  # styled
    assert page.evaluate("document.styleSheets.length") >= 2  # Bootstrap and ours, kept
    page.goto("/")
    expect(page.locator("[data-tile-entry]")).to_be_visible()  # tiles.js ran, offline
    page.goto("/?region=hangzhou&hand=123m456m789p345s5z&win_tile=9s")  # needs the engine
    expect(page.locator("h1")).to_have_text("没有网络")
    page.screenshot(path=str(artifacts / "offline-360.png"))
    page.goto("/t/no-such-table/")  # a ledger: never kept
    expect(page.locator("h1")).to_have_text("没有网络")

    page.context.set_offline(False)
    page.goto("/?region=hangzhou&hand=123m456m789p345s5z&win_tile=9s&winner=E&dealer=E"
              "&win_type=self_draw")
    expect(page.locator("#result .result")).to_be_visible()  # online again: the server's


@pages.needs_engine
def test_one_visit_is_enough_reload_with_the_network_cut_and_score(page: Page, artifacts):
    """A player's first visit ever: the footer says when the app is ready for use with no
    network; then, offline, the page reloads and scores, and the other pages open too
    (never visited: kept by the first visit)."""
    page.goto("/")
    status = page.locator("[data-offline-status]")
    expect(status).to_have_attribute("data-state", "ready", timeout=120_000)
    expect(status).to_have_text("离线可用：没有网络也能算分")

    page.context.set_offline(True)
    page.reload()
    enter(page, HANDS["honghe"])
    answer = page.locator("#result [data-offline-answer=honghe]")
    expect(answer).to_be_visible(timeout=60_000)
    expect(answer.locator(".offline-badge")).to_have_text("离线计算")
    page.screenshot(path=str(artifacts / "offline-one-visit-360.png"), full_page=True)
    for path, heading in (("/waits/", "听牌：和哪些牌"), ("/rules/", "三地规则")):
        page.goto(path)
        expect(page.locator("h1")).to_have_text(heading)


def test_an_address_that_is_not_https_says_the_app_cannot_work_offline(
        browser_type, browser_type_launch_args, live_server):
    """A phone on the table's wifi opens http://<the computer>:8000/: no service worker
    there, and the footer says so (not a silent failure when the network goes)."""
    port = urlparse(live_server.url).port
    args = [*browser_type_launch_args["args"], "--host-resolver-rules=MAP table.lan 127.0.0.1"]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    try:
        page = browser.new_page(locale="zh-CN", viewport={"width": 360, "height": 740})
        page.goto(f"http://table.lan:{port}/")
        assert page.evaluate("window.isSecureContext") is False
        notice = page.locator("[data-not-offline]")
        expect(notice).to_be_visible()
        expect(notice).to_contain_text("这个地址不能离线使用")
        expect(page.locator("[data-offline-status]")).to_be_hidden()
    finally:
        browser.close()


@pytest.mark.ledger
def test_a_read_only_ledger_shows_the_last_ledger_it_saw_with_its_time(page: Page, artifacts):
    page.goto("/t/new/")
    page.fill("#id_name", "周五")
    page.locator("main form button[type=submit]").tap()
    page.locator("[data-record-draw]").tap()
    page.wait_for_url(re.compile(r"/hand/1/draw$"))
    page.locator("main form button[type=submit]").tap()
    view = page.locator("[data-view-link]").get_attribute("href")
    edit = page.url
    pages.visit_with_the_service_worker(page, view)
    expect(page.locator("[data-seen-offline]")).to_be_hidden()  # online: nothing to say

    page.context.set_offline(True)
    page.goto(view)

    expect(page.locator("tbody[data-hand]")).to_have_count(1)
    note = page.locator("[data-seen-offline]")
    expect(note).to_be_visible()
    expect(note).to_contain_text("没有网络：这是")
    page.screenshot(path=str(artifacts / "ledger-offline-360.png"))
    page.goto(edit)  # this browser opened the edit page too: kept, to record offline
    expect(page.locator("h1")).to_have_text("周五")
    expect(page.locator("[data-seen-offline]")).to_be_visible()


# --- the engine in the browser (static/js/offline.js, static/js/engine-worker.js) ---

HANDS = {
    "hangzhou 暴頭": {"region": "hangzhou", "hand": "123m456m789p345s5z", "win_tile": "5z",
                     "win_type": "self_draw", "winner": "E", "dealer": "E",
                     "dealer_streak": "1"},
    "jinhua": {"region": "jinhua", "hand": "123m456m789p234p1z", "win_tile": "1z",
               "wild": "6s", "win_type": "discard", "winner": "W", "dealer": "E",
               "discarder": "N", "base": "1"},
    "honghe": {"region": "honghe", "hand": "1234567892345m", "win_tile": "5m", "wild": "9p",
               "win_type": "discard", "winner": "S", "dealer": "E", "discarder": "W",
               "base": "2"},
}


def enter(page: Page, hand: dict) -> None:
    page.select_option("#id_region", hand["region"])
    expect(page.locator("#region-fields")).to_have_attribute("data-region", hand["region"])
    page.evaluate("document.querySelector('[data-tile-text]').open = true")
    for name in ("hand", "win_tile", "wild", "base"):
        page.fill(f"#id_{name}", hand.get(name, ""))
    for name, default in (("win_type", ""), ("dealer", ""), ("discarder", ""),
                          ("dealer_streak", "0")):
        page.select_option(f"#id_{name}", hand.get(name, default))
    page.locator(f'input[name="winner"][value="{hand["winner"]}"] + label').click()
    page.locator("#score-form button[type=submit]").click()


@pages.needs_engine
def test_with_the_network_cut_the_calculator_scores_with_the_same_engine(page: Page,
                                                                          artifacts):
    """The same hands entered in the same page, regions picked one after the other, with a
    connection and without: word for word the same answers (a region picked offline comes
    with its fields as the server's would)."""
    pages.keep_the_engine(page)
    online = {}
    page.goto("/")
    for name, hand in HANDS.items():
        with page.expect_response(lambda r: r.request.headers.get("hx-trigger") == "score-form"):
            enter(page, hand)
        expect(page.locator("#result .result")).to_be_visible()
        online[name] = pages.result_text(page)

    page.context.set_offline(True)
    page.goto("/")
    for name, hand in HANDS.items():
        enter(page, hand)
        answer = page.locator(f"#result [data-offline-answer={hand['region']}]")
        expect(answer).to_be_visible(timeout=60_000)
        expect(answer.locator(".offline-badge")).to_have_text("离线计算")
        if name.startswith("hangzhou"):
            expect(answer.locator(".patterns strong")).to_have_text(["暴头"])
            page.screenshot(path=str(artifacts / "offline-score-360.png"), full_page=True)
        assert pages.result_text(page) == online[name], name

    # A hand the engine refuses: the field it names says why, as online
    # (test_offline_same_answer_browser.py compares every word).
    page.fill("#id_hand", "123m")
    page.locator("#score-form button[type=submit]").click()
    expect(page.locator("#id_hand.is-invalid")).to_be_visible()
    expect(page.locator("#id_hand_error")).to_contain_text("手牌少了 10 张")
    expect(page.locator("#result")).to_be_empty()


# --- the ledger with no network (static/js/pending.js, static/js/ledger-offline.js) ---

@pytest.mark.ledger
def test_a_hand_recorded_offline_is_sent_when_the_network_returns_and_a_conflict_is_kept(
        page: Page, artifacts):
    edit = pages.a_table_kept_for_offline(page)
    hands = page.locator("tbody[data-hand]")

    # With no network: the hand is kept in the browser and listed as 待同步.
    page.context.set_offline(True)
    page.goto(edit)
    pages.record_a_draw(page)
    waiting = page.locator("[data-pending-entry=waiting]")
    expect(waiting).to_have_count(1)
    expect(waiting).to_contain_text("待同步")
    expect(waiting).to_contain_text("第 1 局")
    page.screenshot(path=str(artifacts / "ledger-pending-360.png"))

    # The network returns: it is sent, and the ledger has it.
    page.context.set_offline(False)
    expect(hands).to_have_count(1, timeout=40_000)
    expect(page.locator("#pending")).to_be_hidden()
    pages.forms_kept(page)

    # Offline again, while another player records a hand online: this one conflicts.
    page.context.set_offline(True)
    page.goto(edit)
    pages.record_a_draw(page)
    expect(page.locator("[data-pending-entry=waiting]")).to_have_count(1)
    other = page.context.browser.new_context(base_url=page.url.split("/t/")[0], locale="zh-CN")
    other_page = other.new_page()
    other_page.goto(edit)
    pages.record_a_draw(other_page)
    expect(other_page.locator("tbody[data-hand]")).to_have_count(2)
    other.close()

    page.context.set_offline(False)
    conflict = page.locator("[data-pending-entry=conflict]")
    expect(conflict).to_be_visible(timeout=40_000)
    expect(conflict).to_contain_text("另一部手机期间记了 #2")
    page.reload()  # the ledger as the server has it, the hand still kept
    expect(hands).to_have_count(2)
    expect(conflict).to_be_visible()
    page.screenshot(path=str(artifacts / "ledger-conflict-360.png"))

    conflict.get_by_role("button", name="记为第 3 局").tap()
    expect(hands).to_have_count(3)
    expect(page.locator("#pending")).to_be_hidden()


@pytest.mark.ledger
def test_a_win_typed_offline_is_kept_unscored_and_the_server_scores_it_when_sent(page: Page):
    edit = pages.a_table_kept_for_offline(page)

    page.context.set_offline(True)
    page.goto(edit)
    page.locator("[data-record-win]").click()
    page.locator("[data-tile-text]").wait_for(state="attached")
    page.evaluate("document.querySelector('[data-tile-text]').open = true")
    page.fill("#id_hand", "123m456m789p345s5z")
    page.fill("#id_win_tile", "9s")
    page.locator("#score-form button[type=submit]").click()
    page.locator("[data-record-offline]").click()
    waiting = page.locator("[data-pending-entry=waiting]")
    expect(waiting).to_contain_text("第 1 局：和牌")

    page.context.set_offline(False)
    hand = page.locator("tbody[data-hand]")
    expect(hand).to_have_count(1, timeout=40_000)
    expect(hand).to_have_attribute("data-kind", "win")
    # scored by the server when it came: the winner is up, each other seat down
    expect(page.locator("[data-total=E]")).to_have_text(re.compile(r"^\+\d+$"))
    expect(page.locator("[data-total=S]")).to_have_text(re.compile(r"^−\d+$"))


@pages.needs_engine
def test_with_the_network_cut_the_waits_page_lists_the_waits_with_the_same_engine(page: Page):
    pages.keep_the_engine(page)
    pages.visit_with_the_service_worker(page, "/waits/")
    hand = "123m456m789p345s9s"
    page.goto("/waits/")
    pages.typed(page, "hand").fill(hand)
    with page.expect_response(lambda r: r.request.headers.get("hx-trigger") == "waits-form"):
        page.locator("#waits-form button[type=submit]").click()
    expect(page.locator("#result .result")).to_be_visible()
    online = pages.result_text(page)

    page.context.set_offline(True)
    page.goto("/waits/")
    pages.typed(page, "hand").fill(hand)
    page.locator("#waits-form button[type=submit]").click()
    answer = page.locator("#result [data-offline-answer=hangzhou]")
    expect(answer).to_be_visible(timeout=60_000)
    expect(answer.locator(".offline-badge")).to_have_text("离线计算")
    assert pages.result_text(page) == online


def test_where_the_browser_offers_to_install_the_app_a_button_asks(page: Page):
    page.goto("/rules/")
    button = page.locator("[data-install]")
    expect(button).to_be_hidden()  # no offer, no button
    page.evaluate("""() => {
      const offer = new Event("beforeinstallprompt", { cancelable: true });
      offer.prompt = () => { window.prompted = true; };
      offer.userChoice = Promise.resolve({ outcome: "accepted" });
      window.dispatchEvent(offer);
    }""")
    expect(button).to_have_text("安装到手机")
    button.click()
    assert page.evaluate("window.prompted") is True
    expect(button).to_be_hidden()
