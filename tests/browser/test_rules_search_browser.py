"""The rules pages' search in a phone-sized headless Chromium (360 × 740, 简体): "bt" typed
lands on 暴头's row at once, marked and focused, with no reload; several matches make a
list of links; static/js/rules-search.js answers every query as the server does
(calculator.rules_pages.find); without JavaScript the form's GET lands on the row too."""

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from calculator import rules_pages
from tests.browser.pages import HEIGHT, WIDTH, page_width

QUERIES = ("bt", "暴头", "暴頭", "BT", "baotou", "one suit", "qys", "ssbk", "qf", "qd", "七对",
           "th", "lone-wild", "q", "麻婆豆腐", "xyz")


def search(page: Page, query: str) -> None:
    field = page.locator("#rules-q")
    field.tap()
    field.fill("")
    page.keyboard.type(query)
    page.keyboard.press("Enter")


def listed(page: Page) -> list[str]:
    links = page.locator("[data-rules-search-results]:not([hidden]) li:not([hidden]) a")
    return links.evaluate_all("links => links.map(a => a.getAttribute('href'))")


def marked(page: Page) -> list[str]:
    return page.locator(".rules-found").evaluate_all("nodes => nodes.map(n => n.id)")


def message(name: str) -> str:
    """What the search says, in 简体 (rules_pages.SEARCH_MESSAGES)."""
    with translation.override("zh-hans"):
        return str(rules_pages.SEARCH_MESSAGES[name])


def expect_landed_on(target, found_class: str = "rules-found") -> None:
    """The search landed on ``target``: marked found (its class), in view, focused."""
    expect(target).to_have_class(found_class)
    expect(target).to_be_in_viewport()
    expect(target).to_be_focused()


def assert_tap_size(locator) -> None:
    box = locator.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box


def test_bt_lands_on_bao_tou_at_once(page: Page, artifacts):
    page.goto("/rules/")
    expect(page.locator("#rules-q")).to_be_visible()
    assert_tap_size(page.locator("#rules-q"))
    assert_tap_size(page.locator("[data-rules-search] button[type=submit]"))
    page.evaluate("window.notReloaded = true")

    search(page, "bt")

    row = page.locator("#row-bao_tou")
    expect_landed_on(row)
    expect(row.locator("th")).to_have_text("暴头")
    expect(row).to_contain_text("爆头")
    assert marked(page) == ["row-bao_tou"]
    assert page.evaluate("window.notReloaded") is True
    assert page.url.endswith("/rules/#row-bao_tou")
    expect(page.locator("[data-rules-search-results]")).to_be_hidden()  # one match: no list
    # near the top, a few rows below it (scroll-margin-top): a jump, not a smooth
    # scroll on its way
    top = row.evaluate("node => node.getBoundingClientRect().top")
    assert 0 <= top < HEIGHT / 3
    assert page_width(page) <= WIDTH

    path = artifacts / f"rules-search-{WIDTH}.png"
    page.screenshot(path=path)
    assert path.stat().st_size > 0


def test_several_matches_are_listed_as_links(page: Page):
    page.goto("/rules/")
    search(page, "qf")  # 清风 and 七风: both qf

    expect(page.locator("[data-rules-search] [role=status]")).to_have_text(message("found"))
    assert listed(page) == ["#row-qing_feng", "#row-qi_feng"]
    assert marked(page) == []
    links = page.locator("[data-rules-search-results] li:not([hidden]) a")
    expect(links.first).to_have_text("清风")
    assert_tap_size(links.first)

    links.nth(1).tap()

    row = page.locator("#row-qi_feng")
    expect_landed_on(row)


def test_no_match_says_so(page: Page):
    page.goto("/rules/")
    search(page, "麻婆豆腐")

    expect(page.locator("[data-rules-search] [role=status]")).to_have_text(message("none"))
    assert listed(page) == []
    assert marked(page) == []


def test_a_region_page_lands_on_its_entry_and_links_the_others(page: Page):
    page.goto("/rules/hangzhou/")
    search(page, "bt")

    entry = page.locator("article#bao_tou")
    expect_landed_on(entry, "card mb-3 rules-pattern rules-found")
    assert listed(page) == ["#bao_tou", "/rules/jinhua/#bao_tou"]

    search(page, "ssbk")  # Jinhua's alone

    assert listed(page) == ["/rules/jinhua/#shi_san_bu_kao"]
    with page.expect_navigation():
        page.locator("[data-rules-search-results] li:not([hidden]) a").tap()
    expect(page.locator("article#shi_san_bu_kao")).to_have_class(
        "card mb-3 rules-pattern rules-found")
    expect(page.locator("article#shi_san_bu_kao")).to_be_in_viewport()


@pytest.mark.parametrize("path", ["/rules/", "/rules/hangzhou/", "/rules/honghe/"])
def test_the_page_answers_as_the_server_does(page: Page, path):
    page.goto(path)
    targets = (rules_pages.overview_targets(rules_pages.comparison()) if path == "/rules/"
               else rules_pages.region_targets(path.split("/")[2]))
    for query in QUERIES:
        with translation.override("zh-hans"):
            found = rules_pages.find(query, targets)
        jump = rules_pages.jump(found)
        search(page, query)

        hrefs = [t.href for _tier, t in found]
        assert listed(page) == (hrefs if len(hrefs) > 1 or (hrefs and not jump) else []), query
        if jump:
            assert marked(page) == [jump.anchor], query
            expect(page.locator(f"[id='{jump.anchor}']")).to_be_in_viewport()


def test_without_javascript_the_form_lands_on_the_row(browser, live_server):
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False,
                                  viewport={"width": WIDTH, "height": HEIGHT},
                                  locale="zh-CN", has_touch=True)
    page = context.new_page()
    try:
        page.goto("/rules/")
        page.locator("#rules-q").fill("bt")
        with page.expect_navigation():
            page.locator("#rules-q").press("Enter")

        assert page.url.endswith("/rules/?q=bt&found=row-bao_tou#row-bao_tou")
        row = page.locator("#row-bao_tou")
        expect(row).to_have_class("rules-found")
        expect(row).to_be_in_viewport()
        expect(page.locator("#rules-q")).to_have_value("bt")
    finally:
        context.close()
