"""若按另一种读法 in the browser (issue 28): a Honghe robbed kong, whose payer the text
reads four ways, shows the answer under the table's reading and the three others with
their payments; a tap on one makes it the shown answer, in the link too."""

import re
from urllib.parse import urlencode

from playwright.sync_api import Page, expect

from tests.browser.pages import payments

ROB_KONG = {"region": "honghe", "hand": "234m456p789s11s45s", "win_tile": "3s",
            "win_type": "rob_kong", "winner": "S", "dealer": "E", "discarder": "W",
            "wild": "9p"}


def test_a_robbed_kong_shows_all_four_readings_and_a_tap_applies_one(page: Page, artifacts):
    page.goto("/?" + urlencode(ROB_KONG))
    others = page.locator("#result .house-rule-reading")
    in_force = page.locator("#result .house-rule-in-force")

    expect(in_force).to_contain_text("被抢的人独付三倍")
    assert payments(page) == {"E": 0, "S": 3, "W": -3, "N": 0}
    expect(others).to_have_count(3)
    for value, label, paid in (
            ("robbed_pays_double", "被抢的人付两倍，另外两家各付一倍", "−2"),
            ("as_discard", "照点炮付", "−0.5"),
            ("robbed_pays_two_alone", "被抢的人独付两倍", "−2")):
        reading = others.and_(page.locator(f"[data-value={value}]"))
        expect(reading).to_contain_text(label)
        expect(reading).to_contain_text(paid)
    page.locator("#result .house-rule-readings").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "house-rule-readings-360.png"), full_page=True)

    others.and_(page.locator("[data-value=robbed_pays_double]")).locator("a").click()

    expect(in_force).to_contain_text("被抢的人付两倍")
    expect(page).to_have_url(re.compile(r"honghe_rob_kong=robbed_pays_double"))
    expect(page.locator("#permalink-text")).to_contain_text(
        "honghe_rob_kong=robbed_pays_double")
    assert payments(page) == {"E": -1, "S": 4, "W": -2, "N": -1}
    expect(others).to_have_count(3)
    expect(others.and_(page.locator("[data-value=robbed_pays_all]"))).to_contain_text(
        "被抢的人独付三倍")
