"""The engine's problems as players read them (presentation/messages.py): every code the
engine can give has a sentence translated into 简体 and 繁體, each case of
tests/problem_cases.py renders without falling back to the engine's English, in words
players use (no API key, rule file or JSON), and the pages show it: the calculator's
fields, the not-a-win reason, the near misses, the waits page and the ledger."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from django.utils import translation
from django.utils.translation import gettext

from presentation.messages import MESSAGES, msgids, render, render_near_miss, render_reason
from rules import InvalidRequest, score, waits
from rules.problems import ALL_CODES
from rules.settle import settle
from tests.problem_cases import ERRORS, NEAR_MISSES, REASONS
from tests.words import ECHO, TRADITIONAL, ascii_words

CHINESE = ("zh-hans", "zh-hant")
# Words a message to players must not contain: request keys, rule files, JSON.
DEVELOPER_WORDS = re.compile(r"\w+\.txt|_|JSON|json|\bnull\b|\btrue\b|'[a-z_]+'")
def first_error(case) -> dict:
    with pytest.raises(InvalidRequest) as caught:
        {"score": score, "waits": waits, "settle": settle}[case.api](case.request)
    return next(e for e in caught.value.errors if e["code"] == case.code)


def region_of(case) -> str | None:
    request = case.request
    return request.get("region") if isinstance(request, dict) else None


# --- the registry and the catalogues ---

def test_every_engine_code_has_a_sentence():
    assert set(MESSAGES) == set(ALL_CODES)


@pytest.mark.parametrize("language", CHINESE)
@pytest.mark.parametrize("code", sorted(ALL_CODES))
def test_every_sentence_is_translated(code, language):
    with translation.override(language):
        for msgid in msgids(code):
            translated = gettext(msgid)
            assert translated != msgid, f"{code}: no {language} translation of {msgid!r}"
            assert re.search(r"[\u4e00-\u9fff]", translated)


# --- each code said in each language ---

ALL_CASES = [pytest.param(c, id=c.code) for c in ERRORS + REASONS + NEAR_MISSES]


def rendered(case) -> tuple[str, str]:
    """The case's problem in the active language, and the engine's English for it."""
    if case in ERRORS:
        error = first_error(case)
        return render(error, region_of(case)), error["message"]
    response = score(case.request)
    if case in REASONS:
        return render_reason(response), response["reason"]
    entry = next(n for n in response["near_misses"] if n["code"] == case.code)
    return render_near_miss(entry, response["region"]), entry["reason_en"]


@pytest.mark.parametrize("language", CHINESE)
@pytest.mark.parametrize("case", ALL_CASES)
def test_each_problem_reads_in_chinese(case, language):
    with translation.override(language):
        text, english = rendered(case)
    assert text != english
    assert "%(" not in text and "{" not in text
    assert re.search(r"[\u4e00-\u9fff]", text)
    assert not ascii_words(text), text
    assert not DEVELOPER_WORDS.search(ECHO.sub(" ", text)), text
    if language == "zh-hans" and case not in NEAR_MISSES:  # (pattern names stay 繁體)
        assert not TRADITIONAL & set(ECHO.sub(" ", text)), text


@pytest.mark.parametrize("case", ALL_CASES)
def test_each_problem_reads_in_english(case):
    with translation.override("en"):
        text, _english = rendered(case)
    assert "%(" not in text and "{" not in text
    assert re.search(r"[A-Za-z]{3}", text)
    assert not DEVELOPER_WORDS.search(ECHO.sub(" ", text)), text


@pytest.mark.parametrize(("language", "expected"), [
    ("zh-hans", "一万有 5 张"), ("zh-hant", "一萬有 5 張"), ("en", "5 × 1m")])
def test_tiles_are_named_in_the_pages_language(language, expected):
    case = next(c for c in ERRORS if c.code == "too_many_copies")
    with translation.override(language):
        assert expected in render(first_error(case), "hangzhou")


@pytest.mark.parametrize(("language", "expected"), [
    ("zh-hans", "东不能吃碰自己的牌"), ("zh-hant", "東不能吃碰自己的牌"),
    ("en", "East cannot claim from themself")])
def test_seats_are_named_in_the_pages_language(language, expected):
    error = {"field": "context.claims[0]", "message": "S cannot claim from themself",
             "code": "claim_from_self", "params": {"index": 0, "by": "E"}}
    with translation.override(language):
        assert render(error).startswith(expected)


@pytest.mark.parametrize(("region", "word"), [("honghe", "百搭"), ("jinhua", "财神"),
                                             ("hangzhou", "财神")])
def test_the_wild_is_called_as_the_region_calls_it(region, word):
    error = {"field": "wild", "message": "…", "code": "win_on_discarded_wild",
             "params": {"tile": "5s", "win_type": "discard"}}
    with translation.override("zh-hans"):
        assert f"五条是这局的{word}" in render(error, region)


def test_a_code_without_a_sentence_falls_back_to_the_english_message():
    error = {"field": "hand", "message": "something new", "code": "no_such_code", "params": {}}
    assert render(error) == "something new"
    assert render({"field": "hand", "message": "no code at all"}) == "no code at all"
    broken = {"field": "hand", "message": "params missing", "code": "too_many_copies",
              "params": {}}
    assert render(broken) == "params missing"


# --- the pages ---

EXAMPLE = {"region": "hangzhou", "hand": "123m456m789p345s5z", "win_tile": "9s",
           "win_type": "self_draw", "winner": "E", "dealer": "E", "dealer_streak": "0"}
BAD_HANDS = [
    pytest.param({"hand": "11111m456m789p34s"}, "hand", "一万有 5 张", "5 × 1m",
                 id="five-1m"),
    pytest.param({"hand": "123m456m789p345s"}, "hand", "手牌少了 1 张", "1 tile short",
                 id="twelve-tiles"),
    pytest.param({"hand": "123m456m789p345s1z", "win_tile": "1z", "win_type": "discard",
                  "discarder": "S"}, "win_type", "要到三连庄", "only from 三連莊",
                 id="hangzhou-discard-at-streak-0"),
    pytest.param({"region": "jinhua"}, "wild", "金华麻将要知道财神", "Jinhua needs the 財神",
                 id="jinhua-without-wild"),
    pytest.param({"hand": "123m456m789p345s1z", "win_tile": "1z", "win_type": "rob_kong",
                  "discarder": "S"}, "win_type", "要到三连庄及以后才能抢杠",
                 "a win by robbing a kong is allowed only from 三連莊 on",
                 id="hangzhou-rob-kong-at-streak-0"),
    pytest.param({"hand": "123m456m789p345s1z", "win_tile": "1z", "win_type": "discard",
                  "discarder": "S", "dealer_streak": "2", "hangzhou_discard": "never"},
                 "win_type", "请改为自摸，或在房规里换个选项", "choose self-draw, or another "
                 "choice for that house rule", id="hangzhou-discard-never"),
]


def field_errors(html: str, field: str) -> str:
    found = re.search(rf'<div id="id_{field}_error" class="invalid-feedback">(.*?)</div>',
                      html, re.S)
    assert found, f"no error under {field}"
    return re.sub(r"<[^>]+>", " ", found.group(1)).strip()


@pytest.mark.parametrize(("params", "field", "chinese", "english"), BAD_HANDS)
def test_a_bad_hand_is_explained_in_chinese_on_the_chinese_page(client, params, field,
                                                                chinese, english):
    html = client.get("/?" + urlencode({**EXAMPLE, **params})).content.decode()
    text = field_errors(html, field)
    assert chinese in text
    assert not ascii_words(text), text
    assert not TRADITIONAL & set(text), text


@pytest.mark.parametrize(("params", "field", "chinese", "english"), BAD_HANDS)
def test_the_english_page_says_it_in_english(client, params, field, chinese, english):
    html = client.get("/?" + urlencode({**EXAMPLE, **params}),
                      HTTP_ACCEPT_LANGUAGE="en").content.decode()
    text = field_errors(html, field)
    assert english in text
    assert not re.search(r"[\u4e00-\u9fff]{3}", text.replace("三連莊", "")
                         .replace("財神", "")), text


def test_the_traditional_page_says_it_in_traditional(client):
    client.cookies["django_language"] = "zh-hant"
    html = client.get("/?" + urlencode({**EXAMPLE, "hand": "11111m456m789p34s"})).content.decode()
    assert "一萬有 5 張" in field_errors(html, "hand")


def test_the_not_a_win_reason_and_the_near_misses_are_in_the_pages_language(client):
    html = client.get("/?" + urlencode({**EXAMPLE, "hand": "123m456m789p345s1z"})).content
    assert "这手牌还不能和：要四组加一对将或七对" in html.decode()
    near = {"region": "jinhua", "hand": "1z", "melds": "chi 123m\nchi 456m\npung 777p\npung 999s",
            "win_tile": "1z", "win_type": "self_draw", "winner": "S", "dealer": "E",
            "wild": "6s"}
    assert "自摸只算平胡；全求人要和别人打出的牌" in client.get("/", near).content.decode()


def test_the_waits_page_explains_a_bad_hand_in_chinese(client):
    query = {"region": "hangzhou", "hand": "123m456p789s11z4s", "winner": "S", "dealer": "E"}
    html = client.get("/waits/?" + urlencode(query)).content.decode()
    text = field_errors(html, "hand")
    assert "手牌少了 1 张" in text and "听牌要 13 张" in text
    assert not ascii_words(text)


def test_chinese_meld_words_score_on_the_page(client):
    query = {**EXAMPLE, "hand": "123m456m789p5z", "melds": "碰 777s", "win_tile": "9s"}
    html = client.get("/?" + urlencode(query)).content.decode()
    assert 'id="id_melds_error"' not in html and "暴头" in html
