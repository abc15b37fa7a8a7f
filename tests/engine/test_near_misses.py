# ruff: noqa: E501  (one hand per line: the tables read better unwrapped)
"""Near misses: the patterns one step away from counting, and why (rules/near_misses.py).

Each row scores a hand with ``rules.score``, takes the engine's best reading and asks
``near_misses`` about it. Unless a row says otherwise: S wins by self-draw, E deals.
"""


import pytest

from rules import score
from rules.near_misses import RELEVANCE, _facts, _may_answer, near_misses
from rules.problems import NEAR_MISS_CODES
from rules.readings import count_tiles, readings, sets_with_one_wild_left
from rules.regions import REGIONS
from rules.request import parse_request
from rules.scoring import _best_first, _match, _one_per_signature
from tests import reference
from tests.helpers import by_id, keys, req
from tests.strategies import on_generated_hands, on_the_corpus

QQR_MELDS = ["chi 123m", "pung 555p", "chi 789s", "pung 111z"]
DISCARD_W = {"discarder": "W"}


def best_near_misses(request):
    """The near misses of the best reading, as ``score`` would pick it."""
    deal = parse_request(request, REGIONS)
    region = REGIONS[deal.region]
    found = readings(deal, region.shapes)
    per_hand = [p for p in region.hand_patterns if p.check(found[0], deal)]
    best = _best_first([_match(r, deal, region, per_hand)
                        for r in _one_per_signature(found, deal)])[0]
    counted = {p.key for p, _ in best.patterns}
    assert counted == keys(score(request))  # the same best reading as the engine's
    return counted, near_misses(best.reading, deal, region, counted)


# (id, region, wild, hand without win tile, win tile, extra fields, near-miss key → words in reason_en, or None for "nothing near")
CASES = [
    # Honghe 清一色 broken by one 東 (the drawn 百搭 pairs it): 混一色 instead; 清一色 names the 東.
    ("honghe_qing_yi_se_one_east", "honghe", "9p", "123456789m234m1z", "9p", {}, {"qing_yi_se": ["清一色: 1 tile outside 萬 (東)"]}),
    # … a pair of 東: two tiles outside 萬.
    ("honghe_qing_yi_se_two_east", "honghe", "9p", "123456789m234m1z", "1z", {}, {"qing_yi_se": ["2 tiles outside 萬 (東, 東)"]}),
    # Honghe 混一色 broken by a pair of 5p.
    ("honghe_hun_yi_se_one_dot", "honghe", "9p", "123456789m55p11z", "1z", {}, {"hun_yi_se": ["neither 萬 nor honours", "5p"]}),
    # Honghe: 任意胡-ready with two 百搭, won on a discard: 任意胡 needs a self-draw; 三百搭 needs a third.
    ("honghe_ren_yi_hu_discard", "honghe", "9p", "123m456m789s55z99p", "5z", DISCARD_W, {"ren_yi_hu": ["won on a discard", "任意胡 needs a self-draw"], "san_bai_da": ["only 2 百搭"]}),
    # Honghe 四老頭: three honour pungs, the fourth set a chow.
    ("honghe_si_lao_tou", "honghe", "9p", "111z222z333z123m4z", "4z", {}, {"si_lao_tou": ["three honour pungs", "123m"]}),
    # Jinhua 爆頭-ready hand won on a discard: 爆頭 needs a self-draw.
    ("jinhua_bao_tou_discard", "jinhua", "6s", "123m456m789p234p6s", "1z", DISCARD_W, {"bao_tou": ["won on a discard", "爆頭 needs a self-draw"]}),
    # … and robbing a kong.
    ("jinhua_bao_tou_rob_kong", "jinhua", "6s", "123m456m789p234p6s", "1z", {"win_type": "rob_kong", "discarder": "W"}, {"bao_tou": ["robbing a kong"]}),
    # Jinhua 七對子爆頭-ready hand won on a discard.
    ("jinhua_qi_dui_bao_tou_discard", "jinhua", "6s", "11m33m55p77p699s22z", "4z", DISCARD_W, {"qi_dui_bao_tou": ["won on a discard"], "qing_qi_dui": ["財神"], "hao_hua_qi_dui": ["no four"]}),
    # Jinhua 全求人 self-drawn: only 平胡.
    ("jinhua_quan_qiu_ren_self_draw", "jinhua", "6s", "2z", "2z", {"melds": QQR_MELDS}, {"quan_qiu_ren": ["self-drawn: only 平胡"]}),
    # Jinhua 全求人 whose lone tile is the 財神 itself — which also stood 爆頭-ready, won on a discard.
    ("jinhua_quan_qiu_ren_lone_wild", "jinhua", "6s", "6s", "2z", {"melds": QQR_MELDS, **DISCARD_W}, {"quan_qiu_ren": ["lone tile in hand is a 財神"], "bao_tou": ["won on a discard"]}),
    # Jinhua 清一色 broken by a pair of 東: 混一色 counts instead.
    ("jinhua_qing_yi_se_two_east", "jinhua", "6s", "123s234s789s789s1z", "1z", {}, {"qing_yi_se": ["2 tiles outside 條 (東, 東)"]}),
    # Jinhua 全求人 with a concealed kong among the melds.
    ("jinhua_quan_qiu_ren_ankong", "jinhua", "6s", "2z", "2z", {"melds": ["chi 123m", "pung 555p", "chi 789s", "ankong 1111z"], **DISCARD_W}, {"quan_qiu_ren": ["concealed kong (1111z)"]}),
    # Jinhua 碰碰胡 one chow away.
    ("jinhua_peng_peng_hu_one_chow", "jinhua", "6s", "789s2z", "2z", {"melds": ["pung 111m", "pung 333p", "pung 555s"]}, {"peng_peng_hu": ["one chow away (789s)"]}),
    # … but with two claimed pungs a pung for the chow would still not do (jinhua.txt:27).
    ("jinhua_peng_peng_hu_chow_and_two_claimed", "jinhua", "6s", "789s22z44z", "4z", {"melds": ["pung 111m", "pung 333p"]}, None),
    # Jinhua 碰碰胡: all pungs, but only one claimed (jinhua.txt:27, RULEBOOK §4 revised).
    ("jinhua_peng_peng_hu_too_few_claimed", "jinhua", "6s", "333p777s22z44z", "4z", {"melds": ["pung 111m"]}, {"peng_peng_hu": ["only 1 claimed"]}),
    # Jinhua seven pairs holding a 財神: 七對子, not 清七對; and no four of a kind for 豪華.
    ("jinhua_qing_qi_dui_has_wild", "jinhua", "6s", "11m33m55p77p699s24z", "2z", {}, {"qing_qi_dui": ["holds 1 財神 (6s), so only 七對子"], "hao_hua_qi_dui": ["no four identical tiles"]}),
    # Jinhua 豪華七對 counted: the next step is 兩豪華七對; 清七對 is replaced, not near.
    ("jinhua_hao_hua_counted", "jinhua", "6s", "1111m33p55s77s6s24z", "2z", {}, {"shuang_hao_hua_qi_dui": ["only 1 set of four"]}),
    # Hangzhou seven pairs: no four identical tiles.
    ("hangzhou_hao_hua", "hangzhou", None, "11m33m55p77p99s22z4z", "4z", {}, {"hao_hua_qi_dui": ["no four identical tiles"]}),
    # Jinhua kong without after_kong: 槓上開花 names the flag.
    ("jinhua_kong_not_after_kong", "jinhua", "6s", "123m456m789p2p", "2p", {"melds": ["kong 1111z"]}, {"gang_shang_kai_hua": ["set after_kong", "1111z"]}),
    # Hangzhou: 槓開.
    ("hangzhou_kong_not_after_kong", "hangzhou", None, "123m456m789p2p", "2p", {"melds": ["ankong 1111z"]}, {"gang_kai": ["set after_kong"]}),
    # A plain hand with nothing near.
    ("jinhua_plain", "jinhua", "6s", "123m456m789p234p1z", "1z", {}, None),
    ("honghe_plain", "honghe", "9p", "123m456m789p234s1z", "1z", {}, None),
]


@pytest.mark.parametrize(("region", "wild", "hand", "win", "extra", "expected"),
                         by_id(CASES))
def test_near_misses(region, wild, hand, win, extra, expected):
    counted, found = best_near_misses(req(region, hand, win, wild=wild, **extra))
    got = {n["key"]: n for n in found}
    assert set(got) == set(expected or {})
    for key, words in (expected or {}).items():
        assert got[key]["name"] == REGIONS[region].pattern(key).name
        for word in words:
            assert word in got[key]["reason_en"]
        assert got[key]["reason_zh"]
    assert not counted & set(got)


# Hands where the pattern counted: it is never listed as a near miss.
COUNTED = [
    ("jinhua_bao_tou", "jinhua", "6s", "123m456m789p234p6s", "1z", {}, "bao_tou"),
    ("jinhua_quan_qiu_ren", "jinhua", "6s", "2z", "2z", {"melds": QQR_MELDS, **DISCARD_W}, "quan_qiu_ren"),
    ("jinhua_peng_peng_hu", "jinhua", "6s", "22z44z", "4z", {"melds": ["pung 111m", "pung 333p", "pung 777s"]}, "peng_peng_hu"),
    ("jinhua_qing_yi_se", "jinhua", "6s", "1232347897895s", "5s", {}, "qing_yi_se"),
    ("honghe_hun_yi_se", "honghe", "9p", "123456789m234m1z", "1z", {}, "hun_yi_se"),
    ("jinhua_gang_kai", "jinhua", "6s", "123m456m789p2p", "2p", {"melds": ["kong 1111z"], "context": {"after_kong": True}}, "gang_shang_kai_hua"),
]


@pytest.mark.parametrize(("region", "wild", "hand", "win", "extra", "key"),
                         by_id(COUNTED))
def test_counted_pattern_is_not_listed(region, wild, hand, win, extra, key):
    counted, found = best_near_misses(req(region, hand, win, wild=wild, **extra))
    assert key in counted
    assert key not in {n["key"] for n in found}


def test_every_shared_near_check_serves_a_pattern():
    """Every shared near check is named by a pattern of at least one region (Pattern.near
    alone enables a near miss)."""
    named = {p.near for r in REGIONS.values() for p in r.patterns if p.near is not None}
    assert set(RELEVANCE) <= named


def test_entry_shape_and_limit():
    counted, found = best_near_misses(req("honghe", "123m456m789s55z99p", "5z", wild="9p", **DISCARD_W))
    assert 1 <= len(found) <= 5
    for entry in found:
        assert set(entry) == {"key", "name", "reason_zh", "reason_en", "code", "params"}
        assert entry["code"] in NEAR_MISS_CODES and isinstance(entry["params"], dict)
        assert "{" not in entry["reason_zh"] + entry["reason_en"]


def test_most_relevant_first():
    """How the hand was won comes before what its tiles are."""
    _, found = best_near_misses(req("jinhua", "11m33m55p77p699s22z", "4z", wild="6s", **DISCARD_W))
    assert [n["key"] for n in found] == ["qi_dui_bao_tou", "qing_qi_dui", "hao_hua_qi_dui"]


def check_near_limits(request):
    """A near check whose ``NEAR_LIMITS`` rule a reading out says nothing about it."""
    deal = parse_request(request, REGIONS)
    region = REGIONS[deal.region]
    for reading in readings(deal, region.shapes):
        facts = _facts(region, reading, deal)
        for pattern in region.patterns:
            key, near = pattern.key, pattern.near
            if near is not None and near(reading, deal) is not None:
                assert _may_answer(near, facts), (
                    f"{key} answered for a reading whose facts {facts} its NEAR_LIMITS "
                    f"rule out: {request}")


test_near_limits_hold_on_the_bench_corpus = on_the_corpus(check_near_limits)


def test_near_limits_hold_on_the_rows_above():
    for _, region, wild, hand, win, extra, _ in CASES:
        check_near_limits(req(region, hand, win, wild=wild, **extra))


test_near_limits_hold_on_generated_hands = on_generated_hands(check_near_limits, 100)


def check_lone_wild(request):
    """The quick test of "sets and a lone wild" agrees with a brute-force search."""
    deal = parse_request(request, REGIONS)
    naturals, jokers = count_tiles(deal, deal.hand)
    assert sets_with_one_wild_left(deal, deal.hand) == reference.sets_and_a_lone_wild(
        list(naturals), jokers), \
        request


test_lone_wild_test_agrees_on_the_bench_corpus = on_the_corpus(check_lone_wild)
test_lone_wild_test_agrees_on_generated_hands = on_generated_hands(check_lone_wild, 100)
