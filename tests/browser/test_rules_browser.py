"""The rules reference pages in a phone-sized headless Chromium: /rules/ and each region's
page at 360 px (the wide table scrolls inside its own box, never the page), axe-core,
text alternatives of the example tiles, an example opened in the calculator, and the
language switcher."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.browser import pages

REGIONS = ("hangzhou", "jinhua", "honghe")


def open_rules(page: Page, path: str = "/rules/") -> Page:
    page.goto(path)
    expect(page.locator("h1")).to_be_visible()
    return page


def test_the_rules_overview_fits_a_360_px_phone(page: Page, artifacts):
    open_rules(page)
    expect(page.locator("h1")).to_have_text("三地规则")
    table = page.locator("table.rules-table")
    expect(table).to_be_visible()
    expect(table.locator("thead th[scope=col]")).to_have_count(1 + len(REGIONS))
    assert table.locator("tbody tr").count() > 20

    assert pages.page_width(page) <= pages.WIDTH
    expect(page.locator("main")).not_to_contain_text("{#")  # no template source leaks
    # Wider than the phone, the table scrolls inside its own box, which then takes
    # keyboard focus; where it fits (the Chinese row names are short), it does not.
    scroller = page.locator(".rules-table-wrap")
    if scroller.evaluate("box => box.scrollWidth > box.clientWidth"):
        expect(scroller).to_have_attribute("tabindex", "0")
    else:
        expect(scroller).not_to_have_attribute("tabindex", "0")
    expect(scroller).to_have_attribute("role", "region")
    expect(scroller).to_have_accessible_name("番型对照")

    path = artifacts / f"rules-{pages.WIDTH}x{pages.HEIGHT}.png"
    page.screenshot(path=path)
    assert path.stat().st_size > 0


def test_the_rules_overview_passes_axe(page: Page):
    open_rules(page)
    results = Axe().run(page)
    assert not pages.serious(results.response["violations"])


@pytest.mark.parametrize("region", REGIONS)
def test_a_region_page_fits_a_phone_and_passes_axe(page: Page, region):
    open_rules(page, f"/rules/{region}/")
    expect(page.locator("article.rules-pattern").first).to_be_visible()
    assert pages.page_width(page) <= pages.WIDTH

    # Every example tile has a text alternative: its name and code.
    faces = page.locator(".rules-example img.tile-face__img")
    assert faces.count() > 0
    for alt in faces.evaluate_all("imgs => imgs.map(img => img.alt)"):
        assert alt.strip()
    results = Axe().run(page)
    assert not pages.serious(results.response["violations"])
    assert "image-alt" in {rule["id"] for rule in results.response["passes"]}


def test_an_example_opens_in_the_calculator_with_its_pattern(page: Page):
    open_rules(page, "/rules/hangzhou/")
    bao_tou = page.locator("article#bao_tou")
    expect(bao_tou.locator("h3")).to_have_text("暴头")
    example = bao_tou.locator("figure.rules-example").first
    expect(example).to_contain_text("暴头")

    with page.expect_navigation():
        example.locator("a", has_text="在计算器中打开").tap()

    expect(page.locator("[data-tile-entry]")).to_be_visible()
    expect(page.locator("#result .patterns")).to_contain_text("暴头")
    assert "暴头" in pages.pattern_names(page)
    expect(page.locator("#id_region")).to_have_value("hangzhou")


def test_the_language_switcher_on_the_rules_page(page: Page):
    open_rules(page)
    expect(page.locator("html")).to_have_attribute("lang", "zh-hans")

    page.locator("#language").select_option("en")
    with page.expect_navigation():
        page.locator("[data-language-form] button[type=submit]").tap()

    expect(page).to_have_url(re.compile(r"/rules/$"))  # back on the same page
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("h1")).to_have_text("Rules of the three regions")
    expect(page.locator("#patterns")).to_have_text("Patterns side by side")
    expect(page.locator("table.rules-table thead th").first).to_have_text("Pattern")
