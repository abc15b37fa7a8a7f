"""The calculator page in a phone-sized headless Chromium: tap-to-enter tiles, htmx
partials, errors in place, the permalink, the layout at 360 px, accessibility (axe-core)
and the language switcher."""

import re
from urllib.parse import urlencode

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from rules import score
from tests.browser import pages

EXAMPLE_3_QUERY = "?" + urlencode(pages.EXAMPLE_3)
# The goal: a Hangzhou 暴頭 hand in under 30 taps on a phone.
TAP_BUDGET = 30


def mark_document(page: Page) -> None:
    """Tag the live document: the tag survives htmx swaps but not a page load."""
    page.evaluate("window.__samePage = true")


def still_same_document(page: Page) -> bool:
    return page.evaluate("window.__samePage === true")


def test_rulebook_example_3_by_tapping_tiles(page: Page):
    pages.open_calculator(page)
    mark_document(page)
    taps = pages.Taps(page)

    # The page starts on Hangzhou, a self-draw, E winning, E dealing: nothing to change.
    taps.choose("#id_region", "hangzhou")
    taps.choose("#id_win_type", "self_draw")
    taps.seat("winner", "E")
    taps.choose("#id_dealer", "E")
    # 13 tiles fill the hand; the widget then sends taps to the winning tile by itself.
    # The palette stays where it is under the finger while the hand grows.
    palette = page.locator(".tile-palette")
    where = "node => node.getBoundingClientRect().top + window.scrollY"  # in the page
    top = palette.evaluate(where)
    taps.tiles("123m456m789p345s5z")
    assert palette.evaluate(where) == top
    for button in page.locator(".tile-palette .tile-btn, .tile-target").all():
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, button.get_attribute("data-tile")
    expect(page.locator('.tile-target[data-target="win"]')).to_have_attribute(
        "aria-pressed", "true")
    taps.tiles("9s")
    taps.choose("#id_dealer_streak", "1")  # 二連莊 ×4: picked, not typed
    taps.tap(page.locator("#score-form button[type=submit]"))

    # The widget writes the hand in short notation, one suit letter per run.
    expect(page.locator("#id_hand")).to_have_value("123456m789p345s5z")
    expect(page.locator("#id_win_tile")).to_have_value("9s")
    expect(page.locator("#id_dealer_streak")).to_have_value("1")
    expect(page.locator("#result .patterns")).to_contain_text("暴头")
    assert "暴头" in pages.pattern_names(page)
    assert pages.payments(page) == pages.EXAMPLE_3_PAYMENTS
    assert still_same_document(page), "htmx should fetch the result in place"
    # htmx pushed the result's permalink into the address bar.
    expect(page).to_have_url(re.compile(r"[?&]hand=123456m789p345s5z(&|$)"))
    print(f"RULEBOOK example 3 entered in {taps.count} taps")
    assert taps.count < TAP_BUDGET, f"{taps.count} taps"


def test_the_widget_refuses_a_fifth_copy(page: Page):
    pages.open_calculator(page)
    taps = pages.Taps(page)
    taps.tiles("1111m")
    one_man = page.locator('.tile-palette button.tile-btn[data-tile="1m"]')
    expect(one_man).to_have_attribute("aria-disabled", "true")

    one_man.tap(force=True)  # aria-disabled, yet a finger can still land on it

    expect(page.locator("#id_hand")).to_have_value("1111m")
    expect(page.locator("[data-tile-entry] [data-status]")).to_contain_text("1m")


def test_switching_region_swaps_its_fields_in_place(page: Page):
    pages.open_calculator(page)
    pages.typed(page, "hand").fill("123m456m789p345s5z")
    mark_document(page)
    fields = page.locator("#region-fields")
    expect(fields).to_have_attribute("data-region", "hangzhou")
    expect(fields.locator(".more-fields__set")).to_have_text("默认")  # folded: as they come
    pages.unfold(page)
    expect(page.locator("#id_cai_piao")).to_be_visible()  # 財飄
    expect(page.locator("#id_claim1_by")).to_be_visible()  # 承包 claims
    expect(page.locator("#id_dice_0")).to_have_count(0)

    with page.expect_response(lambda r: "region=honghe" in r.url) as answer:
        page.locator("#id_region").select_option("honghe")
    assert answer.value.request.headers.get("hx-request") == "true"

    expect(fields).to_have_attribute("data-region", "honghe")
    pages.unfold(page)
    for honghe_only in ("#id_dice_0", "#id_dice_1", "#id_previous_draws", "#id_previous_wild",
                        "#id_honghe_rob_kong"):
        expect(page.locator(honghe_only)).to_be_visible()
    for hidden in ("#id_cai_piao", "#id_claim1_by", "#id_hangzhou_discard"):
        expect(page.locator(hidden)).to_have_count(0)

    page.locator("#id_region").select_option("hangzhou")

    expect(fields).to_have_attribute("data-region", "hangzhou")
    pages.unfold(page)
    expect(page.locator("#id_cai_piao")).to_be_visible()
    expect(page.locator("#id_claim1_by")).to_be_visible()
    expect(page.locator("#id_hangzhou_discard")).to_be_visible()
    expect(page.locator("#id_dice_0")).to_have_count(0)
    expect(page.locator("#id_hand")).to_have_value("123m456m789p345s5z")  # untouched
    assert still_same_document(page)


@pytest.mark.parametrize("hand, message", [
    pytest.param("11111m456m789p34s", "一万有 5 张", id="five-copies-of-1m"),
    pytest.param("123m456m789p34s", "13", id="twelve-tiles"),
])
def test_an_invalid_hand_shows_its_error_next_to_the_hand(page: Page, hand, message):
    pages.open_calculator(page)
    mark_document(page)
    pages.typed(page, "hand").fill(hand)
    pages.typed(page, "win_tile").fill("9s")

    with page.expect_response(lambda r: "hand=" in r.url) as answer:
        page.locator("#score-form button[type=submit]").tap()

    assert answer.value.status == 200
    hand_input = page.locator("#id_hand")
    expect(hand_input).to_have_attribute("aria-invalid", "true")
    error = page.locator("#id_hand_error")
    expect(error).to_be_visible()
    expect(error).to_contain_text(message)
    # Next to the field: the input's own feedback, right under it.
    expect(page.locator("#id_hand ~ #id_hand_error")).to_have_count(1)
    field_box, error_box = hand_input.bounding_box(), error.bounding_box()
    assert 0 <= error_box["y"] - (field_box["y"] + field_box["height"]) < 40
    expect(hand_input).to_have_value(hand)
    expect(page.locator("#result table.payments")).to_have_count(0)
    assert still_same_document(page), "the error should come in place, by htmx"


def test_the_permalink_reproduces_the_result(page: Page):
    pages.open_calculator(page)
    for name in ("hand", "win_tile"):
        pages.typed(page, name).fill(pages.EXAMPLE_3[name])
    page.locator("#id_dealer_streak").select_option(pages.EXAMPLE_3["dealer_streak"])
    page.locator("#score-form button[type=submit]").tap()
    first = pages.payments(page)
    first_patterns = pages.pattern_names(page)
    link = page.locator("#permalink-text")
    href = link.get_attribute("href")
    shown = link.inner_text()
    assert shown.endswith(href)  # the absolute link that is shown is the same link

    other = page.context.new_page()
    other.goto(shown)

    assert pages.payments(other) == first == pages.EXAMPLE_3_PAYMENTS
    assert pages.pattern_names(other) == first_patterns
    for name, value in pages.EXAMPLE_3.items():
        if name == "winner":  # one tap a seat: its radio is checked
            expect(other.locator(f'input[name="winner"][value="{value}"]')).to_be_checked()
        else:
            expect(other.locator(f"#id_{name}")).to_have_value(value)
    other.close()


LANGUAGES = {"zh-CN": "zh-hans", "zh-TW": "zh-hant", "en-US": "en"}


@pytest.mark.parametrize("locale", LANGUAGES)
def test_the_result_fits_a_360_px_phone(browser, browser_context_args, artifacts, locale):
    context = browser.new_context(**{**browser_context_args, "locale": locale})
    page = context.new_page()
    pages.open_calculator(page, EXAMPLE_3_QUERY)
    expect(page.locator("html")).to_have_attribute("lang", LANGUAGES[locale])
    assert pages.payments(page) == pages.EXAMPLE_3_PAYMENTS

    # Every Net amount is inside the screen, and nothing scrolls sideways.
    for net in page.locator("#result td.net").all():
        box = net.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= pages.WIDTH
    assert pages.page_width(page) <= pages.WIDTH

    if locale == "zh-CN":
        # The result at the top of the screen ("instant": Bootstrap scrolls smoothly).
        page.evaluate("document.querySelector('#result').scrollIntoView({behavior: 'instant'})")
        path = artifacts / f"calculator-{pages.WIDTH}x{pages.HEIGHT}.png"
        page.screenshot(path=path)
        page.screenshot(path=artifacts / f"calculator-{pages.WIDTH}-full-page.png", full_page=True)
        assert path.stat().st_size > 0
    context.close()


def test_huge_amounts_do_not_widen_the_page(page: Page):
    query = {"region": "honghe", "hand": "1234567892345m", "win_tile": "5m", "wild": "9p",
             "win_type": "discard", "winner": "S", "dealer": "E", "discarder": "W",
             "base": "999999.99", "dealer_streak": "5"}
    pages.open_calculator(page, "?" + urlencode(query))
    expect(page.locator("#result table.payments")).to_be_visible()

    assert pages.page_width(page) <= pages.WIDTH
    # The table scrolls inside the card instead, and that scroller takes keyboard focus.
    expect(page.locator("#result .payments-wrap")).to_have_attribute("tabindex", "0")


def test_the_result_page_passes_axe(page: Page):
    pages.open_calculator(page, EXAMPLE_3_QUERY)
    expect(page.locator("#result table.payments")).to_be_visible()

    results = Axe().run(page)

    assert not pages.serious(results.response["violations"])
    passed = {rule["id"] for rule in results.response["passes"]}
    assert {"image-alt", "button-name", "label", "color-contrast"} <= passed
    # Tiles have text alternatives: each face of the reading its name and code, each
    # palette button its name (the picture inside it is decorative).
    faces = page.locator("#result img.tile-face__img")
    assert faces.count() == 14
    for alt in faces.evaluate_all("imgs => imgs.map(img => img.alt)"):
        assert alt.strip()
    assert any("白板 5z" in alt and "→" in alt
               for alt in faces.evaluate_all("imgs => imgs.map(img => img.alt)"))
    palette = page.locator(".tile-palette button.tile-btn")
    assert palette.count() == 34
    for label in palette.evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))"):
        assert label and label.strip()
    expect(page.locator('.tile-palette button[data-tile="5z"]')).to_have_attribute(
        "aria-label", re.compile("白板 5z"))


def test_the_form_with_errors_and_the_english_page_pass_axe(page: Page):
    pages.open_calculator(page)
    pages.typed(page, "hand").fill("11111m456m789p34s")
    pages.typed(page, "win_tile").fill("9s")
    page.locator("#score-form button[type=submit]").tap()
    expect(page.locator("#id_hand_error")).to_be_visible()
    assert not pages.serious(Axe().run(page).response["violations"])

    page.context.add_cookies([{"name": "django_language", "value": "en",
                               "url": page.url}])
    pages.open_calculator(page, EXAMPLE_3_QUERY)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert not pages.serious(Axe().run(page).response["violations"])


def test_the_language_switcher_changes_the_ui_text(page: Page):
    pages.open_calculator(page, EXAMPLE_3_QUERY)
    expect(page.locator("html")).to_have_attribute("lang", "zh-hans")
    expect(page.locator("h1")).to_have_text("给和了的牌算分")
    expect(page.locator("#score-form button[type=submit]")).to_contain_text("计算")

    page.locator("#language").select_option("en")
    with page.expect_navigation():
        page.locator("[data-language-form] button[type=submit]").tap()

    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("h1")).to_have_text("Score a finished hand")
    expect(page.locator("#score-form button[type=submit]")).to_contain_text("Score")
    expect(page.locator("label[for=id_region]")).to_contain_text("Region")
    # The switch came back to the same result, now in English.
    expect(page.locator("#result h2")).to_contain_text("Winning hand")
    assert pages.payments(page) == pages.EXAMPLE_3_PAYMENTS

    page.locator("#language").select_option("zh-hant")
    with page.expect_navigation():
        page.locator("[data-language-form] button[type=submit]").tap()
    expect(page.locator("html")).to_have_attribute("lang", "zh-hant")
    expect(page.locator("h1")).to_have_text("給和了的牌算分")


def test_an_answer_is_never_left_looking_current(page: Page, artifacts):
    """Change an input: the answer is dimmed and says so. Cut the network and score: the
    page says the answer was not updated and offers a retry; with the network back, the
    retry brings the new answer (base 3: three times the payments)."""
    pages.open_calculator(page, EXAMPLE_3_QUERY)
    result = page.locator("#result")
    assert pages.payments(page) == pages.EXAMPLE_3_PAYMENTS
    notice = page.locator(".answer-notice")

    page.locator("#id_base").fill("3")
    expect(result).to_have_class(re.compile(r"\banswer-stale\b"))
    expect(notice).to_contain_text("已修改，请重新计算")

    page.context.set_offline(True)
    page.locator("#score-form button[type=submit]").tap()
    expect(notice).to_contain_text(re.compile("连不上服务器|本机也算不了"))
    expect(notice).to_have_attribute("role", "alert")
    expect(result).to_have_class(re.compile(r"\banswer-stale\b"))
    assert pages.payments(page) == pages.EXAMPLE_3_PAYMENTS  # the old answer, shown as out of date
    assert not pages.serious(Axe().run(page).response["violations"])
    page.screenshot(path=str(artifacts / "calculator-offline-360.png"), full_page=True)

    page.context.set_offline(False)
    notice.get_by_role("button").tap()
    expect(notice).to_have_count(0)
    expect(result).not_to_have_class(re.compile(r"\banswer-stale\b"))
    assert pages.payments(page) == {seat: 3 * net for seat, net in pages.EXAMPLE_3_PAYMENTS.items()}


def test_a_jinhua_discard_win_with_a_pung_and_wild_6s_by_tapping_only(page: Page, artifacts):
    """The wild is set in the palette (its target, then the tile): no typed field. W wins
    on N's discard of 1z with a pung of 5p laid out; the wild 6s stands in a chow."""
    pages.open_calculator(page)
    taps = pages.Taps(page)
    taps.choose("#id_region", "jinhua")
    expect(page.locator("#id_region")).to_have_value("jinhua")
    taps.tap(page.locator('.tile-target[data-target="wild"]'))
    taps.tiles("6s")
    expect(page.locator("#id_wild")).to_have_value("6s")
    expect(page.locator('.tile-target[data-target="hand"]')).to_have_attribute(
        "aria-pressed", "true")
    expect(page.locator('[data-tiles="wild"] .tile-face--wild')).to_have_count(1)
    taps.tap(page.locator('.tile-target[data-target="pung"]'))
    taps.tiles("5p")  # one tap makes the pung 555p; taps go back to the hand
    expect(page.locator('.tile-target[data-target="hand"]')).to_have_attribute(
        "aria-pressed", "true")
    taps.tiles("123m789m45s6s1z")
    taps.tiles("1z")  # the hand is full: the win target takes it
    taps.choose("#id_win_type", "discard")
    taps.seat("winner", "W")
    taps.choose("#id_discarder", "N")
    taps.tap(page.locator("#score-form button[type=submit]"))

    expect(page.locator("#id_melds")).to_have_value("碰 555p")  # the page's word
    expect(page.locator("#id_hand")).to_have_value("123789m456s1z")
    expect(page.locator("#result .result")).to_be_visible()
    result = score({"region": "jinhua", "hand": page.locator("#id_hand").input_value(),
                    "melds": ["pung 555p"], "win_tile": "1z", "win_type": "discard",
                    "winner": "W", "dealer": "E", "discarder": "N", "wild": "6s"})
    assert pages.payments(page) == result["payments"]
    page.screenshot(path=str(artifacts / "jinhua-tapped-360.png"), full_page=True)


def test_the_dealer_streak_is_picked_with_its_factor(page: Page):
    """Hangzhou: 平庄 ×2, 二连庄 ×4, 三连庄及以上 ×8; a region without a dealer factor lists
    the plain streaks; a permalink's streak beyond the list is kept."""
    pages.open_calculator(page)
    streak = page.locator("#id_dealer_streak")
    options = streak.locator("option")
    expect(options).to_have_text(["平庄 ×2", "二连庄 ×4", "三连庄及以上 ×8"])
    page.locator("#id_region").select_option("honghe")
    expect(options).to_have_count(10)
    expect(options.first).to_have_text("平庄")
    page.locator("#id_region").select_option("hangzhou")
    expect(options).to_have_count(3)
    pages.open_calculator(page, "?region=hangzhou&dealer_streak=5")
    expect(streak).to_have_value("5")
    expect(streak.locator("option:checked")).to_have_text("六连庄 ×8")


def test_a_honghe_hand_with_three_wilds_by_tapping_only(page: Page, artifacts):
    """Honghe, wild 9s: three 9s stand in the hand (one in each of three sets) and E
    self-draws; a chow and a concealed kong laid out by their one-tap builders."""
    pages.open_calculator(page)
    taps = pages.Taps(page)
    taps.choose("#id_region", "honghe")
    expect(page.locator("#region-fields")).to_have_attribute("data-region", "honghe")
    taps.tap(page.locator('.tile-target[data-target="wild"]'))
    taps.tiles("9s")
    taps.tap(page.locator('.tile-target[data-target="chi"]'))
    taps.tiles("3m")  # 345m
    taps.tap(page.locator('.tile-target[data-target="ankong"]'))
    taps.tiles("7z")  # 7777z
    expect(page.locator("#id_melds")).to_have_value("吃 345m\n暗杠 7777z")
    taps.tiles("11p2p9s9s9s5z")  # 1p1p2p + 9s, 9s 9s … the hand is 7 tiles
    taps.tiles("5z")  # full: the winning tile
    taps.tap(page.locator("#score-form button[type=submit]"))

    expect(page.locator("#result .result")).to_be_visible()
    assert page.locator("#result .tile-face--wild").count() >= 3  # each wild marked
    result = score({"region": "honghe", "hand": page.locator("#id_hand").input_value(),
                    "melds": ["chi 345m", "ankong 7777z"], "win_tile": "5z",
                    "win_type": "self_draw", "winner": "E", "dealer": "E", "wild": "9s"})
    assert result["winning"]
    assert pages.payments(page) == result["payments"]
    page.screenshot(path=str(artifacts / "honghe-tapped-360.png"), full_page=True)


def test_a_chinese_result_page_shows_no_english_word(page: Page):
    """What the phone shows (text drawn, after the scripts ran), less tile notation and
    addresses: no ASCII word of two letters or more. Seat letters (東 E) are one."""
    pages.open_calculator(page, EXAMPLE_3_QUERY)
    expect(page.locator("#result table.payments")).to_be_visible()
    shown = page.evaluate("document.body.innerText")
    shown = re.sub(r"https?://\S+|\d+[mpsz]", " ", shown)
    # the language menu names each language in itself: English is "English" everywhere
    assert [word for word in re.findall(r"[A-Za-z]{2,}", shown) if word != "English"] == []
    assert "暴头" in shown and "暴頭" not in shown
