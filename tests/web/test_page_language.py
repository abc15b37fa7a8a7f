"""Every page in each language: a Chinese page shows no English word (tile notation,
addresses and the player's own text aside) and a 简体 page no Traditional character
of ours; the English page no Chinese sentence left untranslated is not checked here
(Chinese terms are part of the English UI: 暴頭 lone-wild self-draw).

The pages are walked as a player meets them: the calculator empty, with a result, with
an error and with a hand that does not win, in each region; the waits page; practice; the
rules reference; a table's new form, its edit and read-only ledger with a hand recorded;
a page that is not there."""

from __future__ import annotations

import pytest

from rules.regions import REGIONS
from tests.words import TRADITIONAL, english_words, seen

CHINESE = ("zh-hans", "zh-hant")
HANDS = {
    "hangzhou": {"region": "hangzhou", "hand": "123m456m789p345s5z", "win_tile": "9s",
                 "win_type": "self_draw", "winner": "S", "dealer": "E", "dealer_streak": "1"},
    "jinhua": {"region": "jinhua", "hand": "123m456m78p99s6s", "melds": "碰 777s",
               "win_tile": "9p", "win_type": "discard", "winner": "S", "discarder": "W",
               "dealer": "E", "wild": "6s"},
    "honghe": {"region": "honghe", "hand": "123m456m78p9s9s9s", "win_tile": "9p",
               "win_type": "self_draw", "winner": "E", "dealer": "E", "wild": "9s"},
}


def traditional(html: str) -> dict[str, str]:
    found = {}
    for chunk in seen(html):
        for ch in chunk:
            if ch in TRADITIONAL:
                found.setdefault(ch, chunk.strip()[:100])
    return found


def report(leaks: dict[str, dict[str, str]]) -> str:
    return "\n".join(f"{url}: {word!r} in {text!r}" for url, words in leaks.items()
                     for word, text in words.items())


def page_urls(client) -> list[str]:
    urls = ["/", "/waits/", "/practice/", "/rules/", "/t/new/", "/no-such-page/"]
    for key, hand in HANDS.items():
        urls.append("/?" + "&".join(f"{k}={v}" for k, v in hand.items()))
        urls.append(f"/?region={key}&hand=123m456m789p34s&win_tile=1z&winner=E&dealer=E")
        urls.append(f"/?region={key}&hand=123m456m789p345s1z&win_tile=2z&winner=E&dealer=E"
                    "&win_type=self_draw")
        urls.append(f"/waits/?region={key}&hand=123m456m789p345s")
        urls.append(f"/practice/?region={key}&seed=7")
        urls.append(f"/rules/{key}/")
    return urls


@pytest.fixture
def table_urls(client, db) -> list[str]:
    """A Hangzhou table with a win and two adjustment lines recorded: its edit page,
    read-only page, forms."""
    response = client.post("/t/new/", {"region": "hangzhou", "base": "1",
                                       "first_dealer": "E", "name": "周五"})
    edit = response["Location"]
    recorded = [
        client.post(edit + "hand/1/win", {**HANDS["hangzhou"], "dealer_streak": "0",
                                          "winner": "E", "version": "0", "intent": "new"}),
        client.post(edit + "hand/2/adjust", {"version": "1", "intent": "new",
                                             "reason": "other", "amount_E": "5",
                                             "amount_S": "-5", "note": "打赌"}),
        client.post(edit + "hand/3/adjust", {"version": "2", "intent": "new",
                                             "reason": "false_win", "offender": "W",
                                             "each": "2"})]
    assert [r.status_code for r in recorded] == [302, 302, 302]
    view = edit.split("e/")[0]
    return [edit, view, edit + "hand/4/win", edit + "hand/4/draw", edit + "hand/2/adjust",
            edit + "hand/4/adjust", edit + "people"]


@pytest.mark.parametrize("language", CHINESE)
def test_no_english_word_on_a_chinese_page(client, table_urls, language):
    client.cookies["django_language"] = language
    leaks = {}
    for url in page_urls(client) + table_urls:
        response = client.get(url, follow=True)
        assert response.status_code in (200, 404), url
        words = english_words(response.content.decode())
        if words:
            leaks[url] = words
    assert not leaks, report(leaks)


def test_no_traditional_character_on_a_simplified_page(client, table_urls):
    client.cookies["django_language"] = "zh-hans"
    leaks = {}
    for url in page_urls(client) + table_urls:
        found = traditional(client.get(url, follow=True).content.decode())
        if found:
            leaks[url] = found
    assert not leaks, report(leaks)


def test_the_region_facts_are_one_text_each():
    """The zh-hans name the API gives (name_zh_hans) is the converter's, not a twin."""
    from calculator.regions import to_simplified

    for region in REGIONS.values():
        assert region.name_zh_hans == to_simplified(region.name)


def test_the_checks_can_fail():
    assert english_words("<p>暴头 lone-wild self-draw 123m</p>") == {
        "lone": "暴头 lone-wild self-draw 123m", "wild": "暴头 lone-wild self-draw 123m",
        "self": "暴头 lone-wild self-draw 123m", "draw": "暴头 lone-wild self-draw 123m"}
    assert english_words('<img alt="五万 5m"><a href="/x">东 E</a>') == {}
    assert traditional("<p>暴頭</p>") == {"頭": "暴頭"}
