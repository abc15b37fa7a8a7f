"""若按另一种读法 on a result (issue 28): each other value of a house rule that changes the
hand, in the player's words, with its source, its payments and their change against the
shown answer, and a link that applies it; nothing where no house rule changes the hand."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.utils import translation

from calculator.regions import page_language
from presentation.page import panel
from rules import score
from rules.house_readings import house_rule_outcomes

ROB_KONG = {"region": "honghe", "hand": "234m456p789s11s45s", "win_tile": "3s",
            "win_type": "rob_kong", "winner": "S", "dealer": "E", "discarder": "W",
            "wild": "9p", "base": 1}
PERMALINK = ("/?region=honghe&hand=234m456p789s11s45s&win_tile=3s&win_type=rob_kong"
             "&winner=S&dealer=E&discarder=W&wild=9p")


def result_html(request: dict, language: str = "zh-hans", permalink: str = PERMALINK) -> str:
    response = score(request)
    response["house_rule_alternatives"] = house_rule_outcomes(request, score)
    with translation.override(language):
        shown = panel("score", request, 200, response, page_language(),
                      {"tiles": {}, "permalink": permalink})
    return shown.html


def readings(html: str) -> list[str]:
    items = re.findall(r'<li class="mb-2 house-rule-reading"(.*?)</li>', html, re.S)
    return [" ".join(unescape(re.sub(r"<[^>]+>", " ", item.split(">", 1)[1])).split())
            for item in items]


def test_a_robbed_kong_shows_its_three_other_readings_with_payments_and_changes():
    html = result_html(ROB_KONG)

    assert "若按另一种读法" in html
    assert "本答案按：抢杠胡谁付：被抢的人独付三倍" in unescape(re.sub(r"<[^>]+>", "", html))
    lines = readings(html)
    assert len(lines) == 3
    # robbed_pays_double: E −1, S +4 (+1 against the shown +3), W −2, N −1
    double = next(line for line in lines if "+4" in line)
    assert "(+1)" in double and "−2" in double
    assert "按这个读法算" in double
    links = re.findall(r'href="([^"]*honghe_rob_kong=[^"]*)"', html)
    assert sorted(re.search(r"honghe_rob_kong=(\w+)", unescape(link))[1] for link in links) == [
        "as_discard", "robbed_pays_double", "robbed_pays_two_alone"]
    assert all(unescape(link).startswith("/?region=honghe&hand=") for link in links)


@pytest.mark.parametrize(("language", "heading", "apply"), [
    ("zh-hant", "若按另一種讀法", "按這個讀法算"),
    ("en", "Under another reading of the rules", "Score it this way"),
])
def test_the_readings_speak_the_pages_language(language, heading, apply):
    html = result_html(ROB_KONG, language)

    assert heading in html and apply in html


def test_a_hand_no_house_rule_changes_lists_nothing():
    discard = {**ROB_KONG, "win_type": "discard"}
    html = result_html(discard)

    assert "house-rule-readings" not in html


def test_without_a_permalink_a_reading_has_no_link():
    html = result_html(ROB_KONG, permalink="")

    assert len(readings(html)) == 3
    assert "data-apply-house-rule" not in html


@pytest.mark.django_db
def test_the_calculator_page_shows_them_and_so_does_its_htmx_answer(client):
    html = client.get(PERMALINK).content.decode()
    partial = client.get(PERMALINK, HTTP_HX_REQUEST="true",
                         HTTP_HX_TRIGGER="score-form").content.decode()

    for page in (html, partial):
        assert "若按另一种读法" in page
        assert len(readings(page)) == 3
