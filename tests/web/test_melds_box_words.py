"""The melds box speaks the page's language: a link (a permalink, a rules page's example,
a practice deal) that writes its melds "chi 123m", "pung 555p" fills the box with 吃 and
碰 on a 简体 page, 槓 and 暗槓 on a 繁體 one, and the English words on an English one,
whatever words the link itself used; the link still reads on every page, and the hand
scores the same (``presentation.form.melds_in_words``, ``calculator.forms.MeldsBox``)."""

from __future__ import annotations

import html
import re
from urllib.parse import urlencode

import pytest
from django.utils import translation

from presentation.form import MELD_WORDS, melds_in_words
from rules.table import MELD_KINDS

FOUR_MELDS = {"region": "honghe", "hand": "5z", "win_tile": "5z", "wild": "9p",
              "win_type": "self_draw", "winner": "E", "dealer": "E"}
# The same melds as each language writes them, and as players write them otherwise.
WRITTEN = {
    "en": "chi 123m\npung 555p\nkong 7777s\nankong 1111z",
    "zh-hans": "吃 123m\n碰 555p\n杠 7777s\n暗杠 1111z",
    "zh-hant": "吃 123m\n碰 555p\n槓 7777s\n暗槓 1111z",
}
OTHER_SPELLINGS = ("CHI 123m\nPung 555p\n明槓 7777s\n暗槓1111z",
                   "吃123m\n碰555p\n补杠 7777s\n暗杠 1111z")
PAGES = ("/", "/waits/", "/advise/")


def box(page: str) -> str:
    """The melds box's text as the page draws it."""
    found = re.search(r'<textarea name="melds"[^>]*>\n?(.*?)</textarea>', page, re.S)
    assert found, "no melds box"
    return html.unescape(found[1])


def nets(page: str) -> list[str]:
    """The result's net payments, seat by seat."""
    return re.findall(r'<td class="text-end fw-bold net[^"]*">([^<]*)</td>', page)


def test_every_kind_has_its_words():
    assert set(MELD_WORDS) == set(MELD_KINDS)


@pytest.mark.parametrize(("text", "language", "shown"), [
    ("chi 123m\npung 555p", "zh-hans", "吃 123m\n碰 555p"),
    ("kong 7777s\nankong 1111z", "zh-hant", "槓 7777s\n暗槓 1111z"),
    ("補槓 7777s\n暗杠1111z", "en", "kong 7777s\nankong 1111z"),
    ("555p\n123m", "zh-hans", "555p\n123m"),  # no kind word: as written
    ("pong 555p", "zh-hans", "pong 555p"),  # a word the engine refuses: as its message quotes it
    ("  pung   555p  ", "zh-hans", "碰 555p"),
])
def test_a_melds_text_in_the_pages_words(text, language, shown):
    with translation.override(language):
        assert melds_in_words(text) == shown


@pytest.mark.parametrize("language", WRITTEN)
@pytest.mark.parametrize("page", PAGES)
def test_a_link_fills_the_box_in_the_pages_words(client, language, page):
    client.cookies["django_language"] = language
    for written in (*WRITTEN.values(), *OTHER_SPELLINGS):
        query = {**FOUR_MELDS, "melds": written}
        if page != "/":
            query.pop("win_tile")
            query.pop("win_type")
        answer = client.get(page + "?" + urlencode(query)).content.decode()
        assert box(answer) == WRITTEN[language], (page, written)


@pytest.mark.parametrize("language", WRITTEN)
def test_the_hand_scores_the_same_whatever_words_the_link_used(client, language):
    client.cookies["django_language"] = language
    scored = set()
    for written in (*WRITTEN.values(), *OTHER_SPELLINGS):
        answer = client.get("/?" + urlencode({**FOUR_MELDS, "melds": written})).content.decode()
        found = tuple(nets(answer))
        assert len(found) == 4, written
        scored.add(found)
        # the result's own link carries the melds as the link wrote them
        assert urlencode({"melds": written}) in html.unescape(answer)
    assert len(scored) == 1, scored


def test_the_rules_pages_examples_fill_the_box_in_chinese(client):
    client.cookies["django_language"] = "zh-hans"
    page = client.get("/rules/honghe/").content.decode()
    links = [html.unescape(link) for link in re.findall(r'href="(/\?[^"]*melds=[^"]*)"', page)]
    assert any("chi+" in link or "pung+" in link for link in links), "no example with melds"
    for link in links:
        shown = box(client.get(link).content.decode())
        assert not re.search(r"\b(chi|pung|kong|ankong)\b", shown), (link, shown)
