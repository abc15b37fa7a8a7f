"""Practice with no network: the next hand is dealt and the answers graded on this phone by
the offline engine (presentation.practice, the server's own round): the same seed deals
the same hand, and the grades and the result panel read word for word as online."""

from urllib.parse import parse_qs, urlparse

from playwright.sync_api import Page, expect

from presentation.practice import deal_for
from rules import score
from tests.browser.pages import keep_the_engine, needs_engine

pytestmark = needs_engine


def round_of(page: Page) -> tuple[str, int]:
    query = parse_qs(urlparse(page.url).query)
    return query["region"][0], int(query["seed"][0])


def answer(page: Page, wrong_seat: str) -> None:
    """The right total and nets, but one seat's net off by one."""
    region, seed = round_of(page)
    response = score(deal_for(region, seed))
    page.fill("#id_total", str(response["fan" if region == "honghe" else "multiplier"]))
    for seat, net in response["payments"].items():
        page.fill(f"#id_pay_{seat}", str(net + (1 if seat == wrong_seat else 0)))
    page.locator("#practice-form button[type=submit]").click()


def shown(page: Page) -> dict[str, str]:
    """What the round shows as the player reads it: the hand, the total's name, the grades
    and the result panel (the offline notice taken out)."""
    return page.evaluate("""() => {
      document.querySelectorAll("[data-offline-notice]").forEach((node) => node.remove());
      const text = (selector) => {
        const node = document.querySelector(selector);
        return node ? node.innerText : "";
      };
      return { hand: text(".practice-hand"), label: text('label[for="id_total"]'),
               tiles: [...document.querySelectorAll(".practice-hand img")]
                 .map((img) => img.getAttribute("src") + " " + img.alt).join("|"),
               grades: text("#grades"), result: text("#result"),
               calculator: document.querySelector("[data-practice-calculator]").href };
    }""")


def test_with_no_network_practice_deals_and_grades_as_online(page: Page, artifacts):
    keep_the_engine(page)
    page.goto("/practice/?region=jinhua&seed=42")
    expect(page.locator("#practice-form")).to_be_visible()

    page.context.set_offline(True)
    offline = {}
    # the next hand, then another region's: dealt here, their seeds in the address bar
    for link in ("[data-practice-next]", "[data-practice-regions] a[href*='region=honghe']"):
        before = page.url
        page.locator(link).click()
        page.wait_for_url(lambda url, before=before: url != before, timeout=60_000)
        region, seed = round_of(page)
        assert (region == "honghe") == ("honghe" in link)
        answer(page, wrong_seat="S")
        expect(page.locator("#grades li.grade")).to_have_count(5, timeout=60_000)
        expect(page.locator("#result [data-offline-answer] .offline-badge")).to_have_text(
            "离线计算")
        correct = page.locator("#grades li.grade").evaluate_all(
            "items => items.map((item) => item.dataset.correct)")
        assert correct == ["true", "true", "false", "true", "true"]
        offline[page.url] = shown(page)
    page.screenshot(path=str(artifacts / "practice-offline-360.png"), full_page=True)

    page.context.set_offline(False)
    for url, words in offline.items():
        page.goto(url)  # the same round and answers, graded by the server
        expect(page.locator("#grades li.grade")).to_have_count(5)
        assert shown(page) == words, url
    assert "番" in words["label"]  # Honghe's total is its 番


def test_with_no_network_an_answer_that_is_no_number_is_marked_as_online(page: Page):
    keep_the_engine(page)
    url = "/practice/?region=hangzhou&seed=7"
    page.goto(url)
    page.context.set_offline(True)
    page.fill("#id_total", "")
    page.locator("#practice-form button[type=submit]").click()
    error = page.locator("#id_total_error")
    expect(error).to_be_visible(timeout=60_000)
    offline = error.inner_text()

    page.context.set_offline(False)
    page.goto(url + "&total=&pay_E=&pay_S=&pay_W=&pay_N=")
    assert page.locator("#id_total_error").inner_text() == offline
