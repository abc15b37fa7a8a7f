# ruff: noqa: E501  (one hand per line: the tables read better unwrapped)
"""Hangzhou 杭州麻將: every × pattern, near misses, wild modes, discard rule, payments.

Spec: RULEBOOK.md §1 and §3; seed hangzhou.txt (cited as file:line). Multipliers
multiply; a plain hand is ×1. Unless a row says otherwise: S wins by self-draw,
E deals with dealer_streak 0, base 1, and `wild` is absent, so the four 白 (5z)
are the 財神 (hangzhou.txt:16,176). With `wild` naming a tile (classic mode) that
type is the 財神 (3 copies) and every 白 is a plain copy of it (hangzhou.txt:80,166).
"""

import pytest

from rules import InvalidRequest, score
from tests.helpers import keys, req

BAO_TOU_HAND = "123m456m789p345s5z"  # four sets + a lone 白 財神: 暴頭-ready
PLAIN_HAND = "123m456p789s234s7z"  # RULEBOOK §5 example 2


def ctx(**context):
    return {"context": context}


# (id, hand without win tile, win tile, extra request fields, pattern keys, multiplier)
CASES = [
    ("plain", PLAIN_HAND, "7z", {}, set(), 1),
    # 七對 ×2 (hangzhou.txt:120-122).
    ("qi_dui", "11m33m55p77p99s22z4z", "4z", {}, {"qi_dui"}, 2),
    # Six pairs + a lone 財神, self-drawn partner: still only 七對. Hangzhou's 暴頭 needs four
    # sets ("四比牌", hangzhou.txt:136) and Hangzhou has no 七對爆頭.
    ("qi_dui_six_pairs_and_lone_wild", "11m33m55p77p99s22z5z", "4z", {}, {"qi_dui"}, 2),
    # 豪華七對 family: one/two/three sets of four as two pairs each (hangzhou.txt:124-134);
    # only the highest counts.
    ("hao_hua_qi_dui", "1111m33p55s77s99s2z", "2z", {}, {"hao_hua_qi_dui"}, 4),
    ("shuang_hao_hua_qi_dui", "1111m3333p55s77s9s", "9s", {}, {"shuang_hao_hua_qi_dui"}, 8),
    ("san_hao_hua_qi_dui", "1111m3333p5555s7s", "7s", {}, {"san_hao_hua_qi_dui"}, 16),
    # RULING?: 111m + 財神: the only seven-pairs reading makes the 財神 the fourth 1m. Wilds "stand
    # for any tile" (RULEBOOK §1), so the reading holds four 1m: 豪華七對.
    ("hao_hua_fourth_tile_is_wild", "111m33p55s77s99s2z5z", "2z", {}, {"hao_hua_qi_dui"}, 4),
    # Best wild assignment in seven pairs: the two 白 pair as 3p (not as a third 1m pair, nor as
    # their own face), giving two sets of four: 兩豪華七對 (same RULING? as the row above).
    ("shuang_hao_hua_wilds_as_3p", "1111m33p55s77s99s5z", "5z", {}, {"shuang_hao_hua_qi_dui"}, 8),
    # Four 白: 3p and 5s each completed to four: 三豪華七對 ×16 beats every other reading.
    ("san_hao_hua_four_wilds", "1111m33p55s7s5555z", "7s", {}, {"san_hao_hua_qi_dui"}, 16),
    # 暴頭 ×2: four sets + lone 財神, self-draw, the pair is 財神 + drawn tile (hangzhou.txt:136-138).
    ("bao_tou", BAO_TOU_HAND, "9s", {}, {"bao_tou"}, 2),
    # Best reading: 555z as its own pung + 1z pair is ×1, but 1z+白+白 pung with the lone 白
    # pairing the drawn 1z is 暴頭 ×2.
    ("bao_tou_hidden_in_wild_pung", "123m456m789p555z1z", "1z", {}, {"bao_tou"}, 2),
    # Drawing a second 財神 is still 暴頭 (Hangzhou has no 財神頭).
    ("bao_tou_draws_second_wild", BAO_TOU_HAND, "5z", {}, {"bao_tou"}, 2),
    # A lone 財神 but no four sets before the win (34s needs it): a plain win.
    ("wild_not_lone_no_bao_tou", "123m456m789p34s9s5z", "9s", {}, set(), 1),
    # 財飄: ×2 per 飄 on top of 暴頭 (hangzhou.txt:140-146).
    ("cai_piao_one", BAO_TOU_HAND, "9s", ctx(cai_piao=1), {"bao_tou", "cai_piao"}, 4),
    ("cai_piao_two", BAO_TOU_HAND, "9s", ctx(cai_piao=2), {"bao_tou", "cai_piao"}, 8),
    # 槓開 ×2 (hangzhou.txt:148-152).
    ("gang_kai", "123m456m789p2p", "2p", {"melds": ["kong 1111z"], **ctx(after_kong=True)}, {"gang_kai"}, 2),
    ("kong_but_not_after_kong", "123m456m789p2p", "2p", {"melds": ["kong 1111z"]}, set(), 1),
    # 槓暴 ×4 = 槓開 × 暴頭 (hangzhou.txt:154-156); the concealed kong is one of the four sets.
    ("gang_bao", "123m456m789s5z", "7z", {"melds": ["ankong 2222p"], **ctx(after_kong=True)}, {"gang_kai", "bao_tou"}, 4),
    # 槓飄 ×8 (hangzhou.txt:158-160).
    ("gang_piao", "123m456m789s5z", "7z", {"melds": ["ankong 2222p"], **ctx(after_kong=True, cai_piao=1)}, {"gang_kai", "bao_tou", "cai_piao"}, 8),
    # Classic mode, wild 6s: a lone 6s makes 暴頭.
    ("classic_bao_tou", "123m456m789p345s6s", "9p", {"wild": "6s"}, {"bao_tou"}, 2),
    # Classic mode: 白 is a plain 6s, 45s+白 is a chow; no 財神 in the hand (hangzhou.txt:166).
    ("classic_bai_completes_chow", "123m456m789p45s5z1z", "1z", {"wild": "6s"}, set(), 1),
    # Classic mode: 白 substitutes may stand in an exposed meld (RULEBOOK §1).
    ("classic_bai_in_exposed_chow", "123m456m789p1z", "1z", {"wild": "6s", "melds": ["chi 45s5z"]}, set(), 1),
    # Classic mode: the drawn 財神 stands for its own face, 45s+6s.
    ("classic_wild_at_own_face", "123m456m789p45s11z", "6s", {"wild": "6s"}, set(), 1),
]


@pytest.mark.parametrize(("hand", "win", "extra", "expected", "multiplier"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_pattern(hand, win, extra, expected, multiplier):
    result = score(req("hangzhou", hand, win, **extra))
    assert result["winning"] is True, result.get("reason")
    assert keys(result) == expected
    assert result["multiplier"] == multiplier
    assert result["fan"] is None
    assert sum(result["payments"].values()) == 0


# Payments (hangzhou.txt:180-194, RULEBOOK §3): H = base × multiplier, dealer factor D =
# 2 / 4 / 8 for dealer_streak 0 / 1 / ≥2. Contracts (hangzhou.txt:168,198).
# (id, hand, win, extra, payments)
PAYMENTS = [
    # Non-dealer self-draw, 二連莊 (D=4): dealer pays H×D, the other non-dealers H.
    ("non_dealer_streak_1", PLAIN_HAND, "7z", {"dealer_streak": 1}, {"E": -4, "S": 6, "W": -1, "N": -1}),
    # Dealer self-draw 七對 ×2 at streak 5 (三連莊 and more: D=8): each non-dealer pays 2×8.
    ("dealer_qi_dui_streak_5", "11m33m55p77p99s22z4z", "4z", {"winner": "E", "dealer_streak": 5}, {"E": 48, "S": -16, "W": -16, "N": -16}),
    # 暴頭 ×2 by a non-dealer at base 3: H = 6; dealer pays 12, the others 6.
    ("bao_tou_base_3", BAO_TOU_HAND, "9s", {"base": 3}, {"E": -12, "S": 24, "W": -6, "N": -6}),
    # Discard win allowed: streak ≥2 and the dealer discards to a non-dealer; the discarder
    # alone pays H×D (hangzhou.txt:60,170; RULEBOOK Ruling).
    ("discard_dealer_to_non_dealer", PLAIN_HAND, "7z", {"dealer_streak": 2, "discarder": "E"}, {"E": -8, "S": 8, "W": 0, "N": 0}),
    ("discard_non_dealer_to_dealer", PLAIN_HAND, "7z", {"winner": "E", "dealer_streak": 3, "discarder": "W"}, {"E": 8, "S": 0, "W": -8, "N": 0}),
    # Contract: the winner made 3 claims from W, so W alone pays what S collects (2+1+1).
    ("contract_winner_claimed_from_w", "456p7z", "7z", {"melds": ["pung 111m", "pung 777p", "pung 333s"], **ctx(claims=[{"by": "S", "from": "W", "count": 3}])}, {"E": 0, "S": 4, "W": -4, "N": 0}),
    # Contract: W made 3 claims from the winner, so W alone pays twice the total.
    ("contract_w_claimed_from_winner", PLAIN_HAND, "7z", ctx(claims=[{"by": "W", "from": "S", "count": 3}]), {"E": 0, "S": 8, "W": -8, "N": 0}),
    # Two claims make no contract.
    ("two_claims_no_contract", "456p7z", "7z", {"melds": ["pung 111m", "pung 777p", "pung 333s"], **ctx(claims=[{"by": "S", "from": "W", "count": 2}])}, {"E": -2, "S": 4, "W": -1, "N": -1}),
    # At most one contract: the one with the most claims (W's 4 over S's 3 from N).
    ("most_claims_contract_applies", "7z", "7z", {"melds": ["pung 111m", "pung 777p", "pung 333s", "chi 456p"], **ctx(claims=[{"by": "S", "from": "N", "count": 3}, {"by": "W", "from": "S", "count": 4}])}, {"E": 0, "S": 8, "W": -8, "N": 0}),
    # RULING?: equal claims (3 and 3): "ties broken by seat order from the winner's next
    # player", read as the seat of the other party: W (S's next) comes before N.
    ("tied_contracts_next_player_first", "456p7z", "7z", {"melds": ["pung 111m", "pung 777p", "pung 333s"], **ctx(claims=[{"by": "S", "from": "N", "count": 3}, {"by": "W", "from": "S", "count": 3}])}, {"E": 0, "S": 8, "W": -8, "N": 0}),
    # The dealer wins with a contract on N (3 claims from N): N pays the dealer's 3 × H×D.
    ("contract_dealer_wins", "456p7z", "7z", {"winner": "E", "melds": ["pung 111m", "pung 777p", "pung 333s"], **ctx(claims=[{"by": "E", "from": "N", "count": 3}])}, {"E": 6, "S": 0, "W": 0, "N": -6}),
]


@pytest.mark.parametrize(("hand", "win", "extra", "payments"), [c[1:] for c in PAYMENTS], ids=[c[0] for c in PAYMENTS])
def test_payments(hand, win, extra, payments):
    result = score(req("hangzhou", hand, win, **extra))
    assert result["winning"] is True, result.get("reason")
    assert result["payments"] == payments


NOT_WINNING = [
    ("no_pair", "123m456m789p345s1z", "2z", {}),
    # Classic mode (wild 6s): the 白 is a plain 6s, not a 財神, so this is no 暴頭 wait.
    ("classic_bai_is_not_wild", BAO_TOU_HAND, "9p", {"wild": "6s"}),
]


@pytest.mark.parametrize(("hand", "win", "extra"), [c[1:] for c in NOT_WINNING], ids=[c[0] for c in NOT_WINNING])
def test_not_winning(hand, win, extra):
    result = score(req("hangzhou", hand, win, **extra))
    assert result["winning"] is False
    assert result.get("reason")
    assert not result.get("payments")


# (id, request, acceptable error fields)
ERRORS = [
    # 平莊: no discard wins (hangzhou.txt:60,170).
    ("discard_at_streak_0", req("hangzhou", PLAIN_HAND, "7z", discarder="E"), {"win_type", "discarder", "dealer_streak"}),
    ("discard_at_streak_1", req("hangzhou", PLAIN_HAND, "7z", discarder="E", dealer_streak=1), {"win_type", "discarder", "dealer_streak"}),
    # Between two non-dealers never, even at 三連莊 (hangzhou.txt:60).
    ("discard_between_non_dealers", req("hangzhou", PLAIN_HAND, "7z", discarder="W", dealer_streak=2), {"win_type", "discarder"}),
    # House rule hangzhou_discard = never.
    ("discard_house_rule_never", req("hangzhou", PLAIN_HAND, "7z", discarder="E", dealer_streak=2, house_rules={"hangzhou_discard": "never"}), {"win_type", "discarder"}),
    # A 暴頭-ready hand cannot win on a discard (hangzhou.txt:170 "已經爆頭時也不能放沖").
    ("bao_tou_ready_on_discard", req("hangzhou", BAO_TOU_HAND, "9s", discarder="E", dealer_streak=2), {"win_type", "discarder", "hand"}),
    # No 搶槓胡 in Hangzhou (RULEBOOK §3).
    ("rob_kong", req("hangzhou", PLAIN_HAND, "7z", win_type="rob_kong", discarder="W"), {"win_type"}),
    # 財飄 needs a 暴頭 win (RULEBOOK §3 table).
    ("cai_piao_without_bao_tou", req("hangzhou", PLAIN_HAND, "7z", context={"cai_piao": 1}), {"context.cai_piao"}),
    # The 財神 (白) cannot stand in an exposed meld (RULEBOOK §1).
    ("bai_wild_in_meld", req("hangzhou", "123m456m789p1z", "1z", melds=["pung 555z"]), {"melds"}),
    # Classic mode: the flipped 6s leaves only 3 copies in play.
    ("classic_four_wild_copies", req("hangzhou", "123m456m789p6666s", "1z", wild="6s"), {"hand"}),
]


@pytest.mark.parametrize(("request_fields", "fields"), [c[1:] for c in ERRORS], ids=[c[0] for c in ERRORS])
def test_invalid(request_fields, fields):
    with pytest.raises(InvalidRequest) as caught:
        score(request_fields)
    assert {e["field"].split("[")[0] for e in caught.value.errors} & fields, caught.value.errors
