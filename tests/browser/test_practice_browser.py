"""Practice mode in a phone-sized headless Chromium: a round is answered with the
engine's own numbers, graded correct, fits 360 px and passes axe."""

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from calculator.practice import deal_for
from rules import score
from tests.browser.pages import WIDTH, page_width, serious

REGION, SEED = "jinhua", 42


def test_a_practice_round_answered_right_on_a_phone(page: Page, artifacts):
    response = score(deal_for(REGION, SEED))
    page.goto(f"/practice/?region={REGION}&seed={SEED}")
    expect(page.locator("#practice-form")).to_be_visible()
    assert page_width(page) <= WIDTH, "the round scrolls sideways"

    page.locator("#id_total").fill(str(response["multiplier"]))
    for seat, net in response["payments"].items():
        page.locator(f"#id_pay_{seat}").fill(str(net))
    page.locator("#practice-form button[type=submit]").tap()

    grades = page.locator("#grades li.grade")
    expect(grades).to_have_count(5)
    for grade in grades.all():
        expect(grade).to_have_attribute("data-correct", "true")
        expect(grade).to_contain_text("正确")
    expect(page.locator("#result table.payments").first).to_be_visible()
    assert f"seed={SEED}" in page.url and "total=" in page.url  # the graded round is a link

    assert page_width(page) <= WIDTH, "the graded round scrolls sideways"
    results = Axe().run(page)
    assert not serious(results.response["violations"])
    page.screenshot(path=str(artifacts / "practice-360.png"), full_page=True)
