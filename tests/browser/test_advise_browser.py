"""The 牌理 page (向听 and 何切) and the practice 何切 drill in Chromium at phone size: a
14-tile Jinhua hand with a 財神 tapped in, its best discard and improving tiles read
online and then with the network cut (the offline engine, the same markup); a drill's
pick ranked online and offline alike. Screenshots in 简体 into test-artifacts/."""

from urllib.parse import parse_qs, urlparse

from playwright.sync_api import Page, expect

from rules import advise
from tests.browser.pages import Taps, keep_the_engine, needs_engine, result_text

pytestmark = needs_engine

OFFLINE_MS = 120_000  # the first offline answer starts the engine on this phone
# Jinhua, 財神 5s (one held): throwing 9p leaves it ready on 1s 2s 3s 4s 5s 7z.
HAND = "123m456p789s2s5s77z9p"
WILD = "5s"


def best_discard(page: Page) -> tuple[str, str]:
    """The first (best) discard of the answer and its improving tiles."""
    first = page.locator("#result li.discard").first
    expect(first).to_be_visible(timeout=OFFLINE_MS)
    return (first.get_attribute("data-discard"),
            first.locator(".improving").get_attribute("data-improving"))


def tap_the_hand(page: Page) -> None:
    page.goto("/advise/")
    expect(page.locator("[data-tile-entry]")).to_be_visible()
    taps = Taps(page)
    taps.choose("#id_region", "jinhua")
    expect(page.locator("#id_region")).to_have_value("jinhua")
    taps.tap(page.locator('.tile-target[data-target="wild"]'))
    taps.tiles(WILD)
    expect(page.locator("#id_wild")).to_have_value(WILD)
    taps.tiles(HAND)
    expect(page.locator('[data-count="hand"]')).to_have_text("14 / 14")
    taps.seat("winner", "S")


def test_a_tapped_jinhua_hand_with_a_wild_is_advised_online_and_offline(page: Page, artifacts):
    expected = advise({"region": "jinhua", "hand": HAND, "wild": WILD, "winner": "S",
                       "dealer": "E"})["discards"][0]
    keep_the_engine(page)
    tap_the_hand(page)
    page.locator("#advise-form button[type=submit]").tap()

    online = best_discard(page)
    assert online == (expected["discard"], " ".join(i["tile"] for i in expected["improving"]))
    assert online == ("9p", "1s 2s 3s 4s 5s 7z")
    expect(page.locator("#result .advice-heading")).to_contain_text("听牌")
    online_text = result_text(page)
    page.locator("#result").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "advise-360.png"))

    page.context.set_offline(True)
    page.evaluate("document.querySelector('#result').innerHTML = ''")
    page.locator("#advise-form button[type=submit]").tap()
    expect(page.locator("#result .offline-badge")).to_be_visible(timeout=OFFLINE_MS)
    assert best_discard(page) == online
    assert result_text(page) == online_text


def drill_text(page: Page) -> str:
    return page.evaluate("""() => {
      const drill = document.querySelector("[data-drill]").cloneNode(true);
      drill.querySelectorAll("[data-offline-notice]").forEach((node) => node.remove());
      document.body.append(drill);
      const text = drill.innerText;
      drill.remove();
      return text;
    }""")


def test_the_drill_ranks_a_pick_online_and_offline(page: Page, artifacts):
    keep_the_engine(page)
    page.goto("/practice/discard/?region=jinhua&seed=7")
    tiles = page.locator("[data-drill-discard]")
    expect(tiles.first).to_be_visible()
    first = tiles.first.get_attribute("data-drill-discard")
    tiles.first.tap()
    result = page.locator("#drill-result")
    expect(result).to_contain_text(f"{first}")
    rank = int(result.get_attribute("data-rank"))
    assert rank >= 1
    page.evaluate("document.querySelector('.drill-hand').scrollIntoView()")
    page.screenshot(path=str(artifacts / "advise-drill-360.png"))

    page.context.set_offline(True)
    picked = {}
    last = tiles.last.get_attribute("data-drill-discard")
    tiles.last.tap()  # answered on this phone
    expect(page.locator("#drill-result .offline-badge")).to_be_visible(timeout=OFFLINE_MS)
    expect(page.locator("#drill-result")).to_have_attribute("data-discard", last)
    picked[page.url] = drill_text(page)
    page.locator("[data-practice-next]").tap()  # a new hand, dealt here
    page.wait_for_url(lambda url: parse_qs(urlparse(url).query)["seed"] != ["7"],
                      timeout=OFFLINE_MS)
    page.locator("[data-drill-discard]").first.tap()
    expect(page.locator("#drill-result .offline-badge")).to_be_visible(timeout=OFFLINE_MS)
    picked[page.url] = drill_text(page)

    page.context.set_offline(False)
    for url, text in picked.items():
        page.goto(url)  # the same round and pick, ranked by the server
        expect(page.locator("#drill-result")).to_be_visible()
        assert drill_text(page) == text, url
