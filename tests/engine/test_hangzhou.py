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
from tests.checks import check_not_winning, check_pattern, check_payments, check_refused
from tests.helpers import CLAIMED, CLAIMED_MELDS, HZ, PLAIN, C, P, by_id, ctx, req

BAO_TOU_HAND = "123m456m789p345s5z"  # four sets + a lone 白 財神: 暴頭-ready
PLAIN_HAND = "123m456p789s234s7z"  # RULEBOOK §5 example 2



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


@pytest.mark.parametrize(("hand", "win", "extra", "expected", "multiplier"), by_id(CASES))
def test_pattern(hand, win, extra, expected, multiplier):
    check_pattern(req("hangzhou", hand, win, **extra), expected, multiplier)


# Payments (hangzhou.txt:180-194, RULEBOOK §3): H = base × multiplier, dealer factor D =
# 2 / 4 / 8 for dealer_streak 0 / 1 / ≥2. Contracts (hangzhou.txt:168,198).
PAYMENTS = [
    # Non-dealer self-draw, 二連莊 (D=4): dealer pays H×D, the other non-dealers H.
    P("non_dealer_streak_1", HZ, (PLAIN_HAND, "7z"), "-4 +6 -1 -1", "self", s=1),
    # Dealer self-draw 七對 ×2 at streak 5 (三連莊 and more: D=8): each non-dealer pays 2×8.
    P("dealer_qi_dui_streak_5", HZ, ("11m33m55p77p99s22z4z", "4z"), "+48 -16 -16 -16", "self", w="E", s=5),
    # 暴頭 ×2 by a non-dealer at base 3: H = 6; dealer pays 12, the others 6.
    P("bao_tou_base_3", HZ, (BAO_TOU_HAND, "9s"), "-12 +24 -6 -6", "self", b=3),
    # Discard win allowed: streak ≥2 and the dealer discards to a non-dealer; the discarder
    # alone pays H×D (hangzhou.txt:60,170; RULEBOOK Ruling).
    P("discard_dealer_to_non_dealer", HZ, (PLAIN_HAND, "7z"), "-8 +8 0 0", "discard E", s=2),
    P("discard_non_dealer_to_dealer", HZ, (PLAIN_HAND, "7z"), "+8 0 -8 0", "discard W", w="E", s=3),
    # Contract: the winner made 3 claims from W, so W alone pays what S collects (2+1+1).
    P("contract_winner_claimed_from_w", HZ, ("456p7z", "7z"), "0 +4 -4 0", "self", melds=["pung 111m", "pung 777p", "pung 333s"], claims=[("S", "W", 3)]),
    # Contract: W made 3 claims from the winner, so W alone pays twice the total.
    P("contract_w_claimed_from_winner", HZ, (PLAIN_HAND, "7z"), "0 +8 -8 0", "self", claims=[("W", "S", 3)]),
    # Two claims make no contract.
    P("two_claims_no_contract", HZ, ("456p7z", "7z"), "-2 +4 -1 -1", "self", melds=["pung 111m", "pung 777p", "pung 333s"], claims=[("S", "W", 2)]),
    # At most one contract: the one with the most claims (W's 4 over S's 3 from N).
    P("most_claims_contract_applies", HZ, ("7z", "7z"), "0 +8 -8 0", "self", melds=["pung 111m", "pung 777p", "pung 333s", "chi 456p"], claims=[("S", "N", 3), ("W", "S", 4)]),
    # RULING?: equal claims (3 and 3): "ties broken by seat order from the winner's next
    # player", read as the seat of the other party: W (S's next) comes before N.
    P("tied_contracts_next_player_first", HZ, ("456p7z", "7z"), "0 +8 -8 0", "self", melds=["pung 111m", "pung 777p", "pung 333s"], claims=[("S", "N", 3), ("W", "S", 3)]),
    # The dealer wins with a contract on N (3 claims from N): N pays the dealer's 3 × H×D.
    P("contract_dealer_wins", HZ, ("456p7z", "7z"), "+6 0 0 -6", "self", w="E", melds=["pung 111m", "pung 777p", "pung 333s"], claims=[("E", "N", 3)]),
]



NOT_WINNING = [
    ("no_pair", "123m456m789p345s1z", "2z", {}),
    # Classic mode (wild 6s): the 白 is a plain 6s, not a 財神, so this is no 暴頭 wait.
    ("classic_bai_is_not_wild", BAO_TOU_HAND, "9p", {"wild": "6s"}),
]


@pytest.mark.parametrize(("hand", "win", "extra"), by_id(NOT_WINNING))
def test_not_winning(hand, win, extra):
    check_not_winning(req("hangzhou", hand, win, **extra))


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


@pytest.mark.parametrize(("request_fields", "fields"), by_id(ERRORS))
def test_invalid(request_fields, fields):
    check_refused(request_fields, fields)


# === Payments: one line per hand, the net of E S W N (RULEBOOK §2-§5) ===

# --- Hangzhou (RULEBOOK §3, hangzhou.txt:180-194): H = base × multiplier, -----------
# D = 2 (streak 0), 4 (streak 1), 8 (streak ≥ 2; 三連莊以上 counts as 三連莊,
# hangzhou.txt:194). Dealer self-draw: each non-dealer H×D; non-dealer self-draw:
# dealer H×D, other non-dealers H; discard (streak ≥ 2, dealer involved): the
# discarder alone H×D (ruling, hangzhou.txt:60,170).
HANGZHOU = [
    P("hz-self-dealer-s0", HZ, PLAIN, "+6 -2 -2 -2", "self", w="E"),
    P("hz-self-dealer-s1", HZ, PLAIN, "+12 -4 -4 -4", "self", w="E", s=1),
    P("hz-self-dealer-s2", HZ, PLAIN, "+24 -8 -8 -8", "self", w="E", s=2),
    P("hz-self-dealer-s3-still-x8", HZ, PLAIN, "+24 -8 -8 -8", "self", w="E", s=3),
    P("hz-self-dealer-s7-still-x8", HZ, PLAIN, "+24 -8 -8 -8", "self", w="E", s=7),
    P("hz-self-nondealer-s0", HZ, PLAIN, "-2 +4 -1 -1", "self"),
    P("hz-self-nondealer-s1", HZ, PLAIN, "-4 +6 -1 -1", "self", s=1),
    P("hz-self-nondealer-s2", HZ, PLAIN, "-8 +10 -1 -1", "self", s=2),
    P("hz-self-nondealer-s3-still-x8", HZ, PLAIN, "-8 +10 -1 -1", "self", s=3),
    P("hz-self-nondealer-dealerW-s1", HZ, PLAIN, "-1 -1 -4 +6", "self", w="N", d="W", s=1),
    P("hz-self-dealerN-s2", HZ, PLAIN, "-8 -8 -8 +24", "self", w="N", d="N", s=2),
    P("hz-self-base2-nondealer-s0", HZ, PLAIN, "-4 +8 -2 -2", "self", b=2),
    # 七對 ×2 (hangzhou.txt:120-122), base 2 → H = 4.
    P("hz-self-qidui-base2", HZ, ("1122m3344p5566s7z", "7z"), "-8 +16 -4 -4", "self", b=2),
    # RULEBOOK §5 examples 2 and 3.
    P("hz-example2", HZ, ("123m456p789s234s7z", "7z"), "-2 +4 -1 -1", "self"),
    P("hz-example3-baotou-s1", HZ, ("123m456m789p345s5z", "9s"), "+24 -8 -8 -8", "self", w="E",
      s=1),
    # 財飄 doubles 暴頭 once per 飄 (hangzhou.txt:140-146): ×4 and ×8, H = 4 and 8, D = 4.
    P("hz-example3-caipiao1-s1", HZ, ("123m456m789p345s5z", "9s"), "+48 -16 -16 -16", "self",
      w="E", s=1, context={"cai_piao": 1}),
    P("hz-example3-caipiao2-s1", HZ, ("123m456m789p345s5z", "9s"), "+96 -32 -32 -32", "self",
      w="E", s=1, context={"cai_piao": 2}),
    # Discard wins: only from streak 2 and only between dealer and a non-dealer.
    P("hz-discard-dealer-wins-s2", HZ, PLAIN, "+8 -8 0 0", "discard S", w="E", s=2),
    P("hz-discard-dealer-wins-s3", HZ, PLAIN, "+8 0 -8 0", "discard W", w="E", s=3),
    P("hz-discard-nondealer-wins-s2", HZ, PLAIN, "-8 +8 0 0", "discard E", s=2),
    P("hz-discard-nondealer-wins-s4", HZ, PLAIN, "-8 0 0 +8", "discard E", w="N", s=4),
    P("hz-discard-dealerW-wins-s2", HZ, PLAIN, "0 0 +8 -8", "discard N", w="W", d="W", s=2),
    P("hz-discard-dealerW-discards-s2", HZ, PLAIN, "+8 0 -8 0", "discard W", w="E", d="W", s=2),
    P("hz-discard-explicit-house-default", HZ, PLAIN, "-8 +8 0 0", "discard E", s=2,
      h={"hangzhou_discard": "dealer_streak3"}),
    P("hz-discard-base2", HZ, PLAIN, "+16 -16 0 0", "discard S", b=2, w="E", s=2),
    P("hz-discard-qidui-s2", HZ, ("1122m3344p5566s7z", "7z"), "+16 -16 0 0", "discard S", w="E",
      s=2),
    # One 財神 in a hand that was NOT 暴頭-ready (the 財神 completes 23s): a discard win
    # stays allowed (hangzhou.txt:170 forbids it only for a 暴頭-ready hand).
    P("hz-discard-wild-not-baotou-ready", HZ, ("123m456p789s23s5z7z", "7z"), "+8 -8 0 0",
      "discard S", w="E", s=2),
    # Classic mode (wild 3m): 白 is a plain 3m, not a 財神, so a lone 白 is no 暴頭-ready
    # hand (hangzhou.txt:166) and the discard win stands.
    P("hz-classic-lone-bai-is-plain-discard", HZ, ("123p456p789s234s5z", "5z"), "+8 -8 0 0",
      "discard S", w="E", s=2, wild="3m"),
    # 搶槓胡 on a discard win's terms (hangzhou.txt:16 "三牢起可以點炮胡和拉槓"; RULEBOOK
    # §3, revised): from 三連莊, dealer against non-dealer, the robbed player pays H×D.
    P("hz-rob-kong-dealer-wins-s2", HZ, PLAIN, "+8 -8 0 0", "rob S", w="E", s=2),
    P("hz-rob-kong-nondealer-robs-dealer-s3", HZ, PLAIN, "-8 0 +8 0", "rob E", w="W", s=3),
    # A lone 財神 whose partner face is held elsewhere: 1m 財神 3m read as 123m, the
    # drawn 2m pairs with the other 財神 — 暴頭 ×2 (hangzhou.txt:136).
    P("hz-baotou-partner-face-held", HZ, ("13m456m789p123s5z5z", "2m"), "-4 +8 -2 -2", "self"),
    # Six pairs and a lone 財神 self-drawn: 七對 ×2 only; under
    # hangzhou_seven_pairs_bao_tou = yes also 暴頭 ×2 (RULEBOOK §3, house rule).
    P("hz-six-pairs-lone-wild-no", HZ, ("1133m5577p22s44z5z", "6z"), "-4 +8 -2 -2", "self"),
    P("hz-six-pairs-lone-wild-yes", HZ, ("1133m5577p22s44z5z", "6z"), "-8 +16 -4 -4", "self",
      h={"hangzhou_seven_pairs_bao_tou": "yes"}),
    P("hz-six-pairs-lone-wild-yes-caipiao", HZ, ("1133m5577p22s44z5z", "6z"), "-16 +32 -8 -8",
      "self", h={"hangzhou_seven_pairs_bao_tou": "yes"}, context={"cai_piao": 1}),
    # Modern scoring (hangzhou.txt:176; RULEBOOK §3, examples 6 and 7): no dealer factor;
    # a non-dealer's self-draw: the dealer H, the other two H/8 each.
    P("hz-example6-modern", HZ, ("123m456p789s234s7z", "7z"), "-1 +1.25 -0.125 -0.125", "self",
      h={"hangzhou_scoring": "modern"}),
    P("hz-example7-modern-dealer-baotou", HZ, ("123m456m789p345s5z", "9s"), "+6 -2 -2 -2", "self",
      w="E", s=3, h={"hangzhou_scoring": "modern"}),
    P("hz-modern-base3-eighths", HZ, PLAIN, "-3 +3.75 -0.375 -0.375", "self", b=3, s=2,
      h={"hangzhou_scoring": "modern"}),
    P("hz-modern-wild-named-flipped", HZ, ("123p456p789s234s3m", "7z"), "-2 +2.5 -0.25 -0.25",
      "self", w="S", wild="3m", h={"hangzhou_scoring": "modern"}),
    # Modern: claims are accepted and change nothing (no contract).
    P("hz-modern-claims-no-contract", HZ, CLAIMED, "-1 +1.25 -0.125 -0.125", "self",
      melds=CLAIMED_MELDS, claims=[("S", "W", 3)], h={"hangzhou_scoring": "modern"}),
]


# --- Fractions: exact, never rounded (RULEBOOK §1 "Amounts", API.md "0.5") ---------
FRACTIONS = [
    P("frac-hangzhou-base0.5-nondealer-self", HZ, PLAIN, "-1 +2 -0.5 -0.5", "self", b=0.5),
]


# --- Contracts 承包 (RULEBOOK §3, hangzhou.txt:168,198) -------------------------------
# claims (by, from, n). Winner claimed ≥3 from A → A alone pays the total the winner
# collects; B claimed ≥3 from the winner → B alone pays twice that total. Exactly 2
# claims → nothing. At most one contract: most claims, ties by seat order from the
# winner's next player (ruling). hangzhou.txt:198 covers two non-dealers too.
CONTRACTS = [
    # Hangzhou, dealer E streak 0, S self-draws ×1: normal "-2 +4 -1 -1", total 4.
    C("hz-contract-none", HZ, "-2 +4 -1 -1", ""),
    C("hz-contract-winner-claimed-3-from-W", HZ, "0 +4 -4 0", "S<W3"),
    C("hz-contract-winner-claimed-3-from-dealer", HZ, "-4 +4 0 0", "S<E3"),
    C("hz-contract-winner-claimed-2-no-contract", HZ, "-2 +4 -1 -1", "S<W2"),
    C("hz-contract-N-claimed-3-from-winner", HZ, "0 +8 0 -8", "N<S3"),
    C("hz-contract-dealer-claimed-3-from-winner", HZ, "-8 +8 0 0", "E<S3"),
    C("hz-contract-N-claimed-2-no-contract", HZ, "-2 +4 -1 -1", "N<S2"),
    C("hz-contract-between-others-ignored", HZ, "-2 +4 -1 -1", "W<E3"),
    C("hz-contract-most-claims-wins", HZ, "0 +8 0 -8", "S<W3 N<S4"),
    C("hz-contract-most-claims-winner-side", HZ, "0 +4 -4 0", "S<W4 N<S3", four_melds=True),
    # Ties: seat order from S's next player is W, N, E.
    C("hz-contract-tie-W-before-N", HZ, "0 +8 -8 0", "S<N3 W<S3"),
    C("hz-contract-tie-W-first-winner-side", HZ, "0 +4 -4 0", "N<S3 S<W3"),
    C("hz-contract-tie-W-before-E", HZ, "0 +8 -8 0", "E<S3 W<S3"),
    C("hz-contract-tie-N-before-E", HZ, "0 +8 0 -8", "S<E3 N<S3"),
    # N wins (N's next players: E, S, W): the order wraps around.
    C("hz-contract-tie-wraps-E-first", HZ, "-8 0 0 +8", "N<W3 E<N3", w="N"),
    C("hz-contract-tie-wraps-S-before-W", HZ, "0 -4 0 +4", "W<N3 N<S3", w="N"),
    # The total includes the dealer factor: streak 1 (D=4) → total 4 + 1 + 1 = 6.
    C("hz-contract-s1-winner-claimed", HZ, "0 +6 -6 0", "S<W3", s=1),
    C("hz-contract-s1-dealer-claimed-from-winner", HZ, "-12 +12 0 0", "E<S3", s=1),
    # Dealer E self-draws, streak 0: normal 2 each, total 6.
    C("hz-contract-dealer-wins-claimed-from-N", HZ, "+6 0 0 -6", "E<N3", w="E"),
    C("hz-contract-dealer-wins-S-claimed-from-him", HZ, "+12 -12 0 0", "S<E3", w="E"),
    # Discard win (streak 2): normal S pays 8 alone; the contract moves the total.
    C("hz-contract-discard-winner-from-W", HZ, "+8 0 -8 0", "E<W3", "discard S", w="E", s=2),
    C("hz-contract-discard-N-from-winner", HZ, "+16 0 0 -16", "N<E3", "discard S", w="E", s=2),
]


@pytest.mark.parametrize(("request_", "expected"), HANGZHOU + PAYMENTS + FRACTIONS + CONTRACTS)
def test_payments_table(request_, expected):
    check_payments(request_, expected)


# --- Refusals (RULEBOOK §3): Hangzhou discard rules and 搶槓 ----------------------
NEVER = {"hangzhou_discard": "never"}
BAO_TOU_READY = ("123m456p789s234s5z", "7z")  # four sets + a lone 財神 (白)

DEALER_WORDS = ("dealer", "莊", "庄")
STREAK_WORDS = ("streak", "連莊", "连庄", "三連", "self")
NEVER_WORDS = ("never", "house", "self", "自摸")
BAO_TOU_WORDS = ("暴頭", "爆頭", "暴头", "爆头", "bao", "財神", "wild")
ROB_WORDS = ("rob", "搶", "抢", "kong")
DISCARD_FIELDS = {"win_type", "discarder"}
STREAK_FIELDS = {"win_type", "dealer_streak"}
NEVER_FIELDS = {"win_type", "house_rules", "house_rules.hangzhou_discard"}


def R(case_id, hand_win, win, fields, words, **kw):
    """A Hangzhou request that must be refused; ``fields`` may carry the error."""
    request = P(case_id, HZ, hand_win, "0 0 0 0", win, **kw).values[0]
    return pytest.param(request, fields, words, id=case_id)


REFUSED = [
    R("hz-nondealer-to-nondealer-s2", PLAIN, "discard W", DISCARD_FIELDS, DEALER_WORDS, s=2),
    R("hz-nondealer-to-nondealer-s5", PLAIN, "discard S", DISCARD_FIELDS, DEALER_WORDS, w="N", s=5),
    R("hz-dealer-wins-streak1", PLAIN, "discard S", STREAK_FIELDS, STREAK_WORDS, w="E", s=1),
    R("hz-dealer-discards-streak0", PLAIN, "discard E", STREAK_FIELDS, STREAK_WORDS),
    R("hz-never-dealer-wins-s2", PLAIN, "discard S", NEVER_FIELDS, NEVER_WORDS,
      w="E", s=2, h=NEVER),
    R("hz-never-nondealer-wins-s3", PLAIN, "discard E", NEVER_FIELDS, NEVER_WORDS, s=3, h=NEVER),
    R("hz-baotou-ready-cannot-win-on-discard", BAO_TOU_READY, "discard S",
      {"win_type", "hand", "discarder"}, BAO_TOU_WORDS, w="E", s=2),
    R("hz-baotou-ready-two-wilds", ("123m456p789s23s5z5z", "7z"), "discard E",
      {"win_type", "hand", "discarder"}, BAO_TOU_WORDS, s=2),
    R("hz-classic-baotou-ready-lone-3m", ("123p456p789s234s3m", "7z"), "discard S",
      {"win_type", "hand", "discarder"}, BAO_TOU_WORDS, w="E", s=2, wild="3m"),
    R("hz-no-rob-kong", PLAIN, "rob E", {"win_type"}, ROB_WORDS),
    R("hz-no-rob-kong-between-non-dealers", PLAIN, "rob W", DISCARD_FIELDS, DEALER_WORDS, s=2),
    R("hz-never-no-rob-kong", PLAIN, "rob S", NEVER_FIELDS, NEVER_WORDS, w="E", s=2, h=NEVER),
    R("hz-baotou-ready-cannot-rob-kong", BAO_TOU_READY, "rob S", {"win_type"}, BAO_TOU_WORDS,
      w="E", s=2),
    R("hz-modern-no-discard", PLAIN, "discard S", {"win_type"}, ("modern", "self"), w="E", s=2,
      h={"hangzhou_scoring": "modern"}),
    R("hz-modern-no-rob-kong", PLAIN, "rob S", {"win_type"}, ("modern", "self"), w="E", s=2,
      h={"hangzhou_scoring": "modern"}),
    # Under hangzhou_seven_pairs_bao_tou = yes, six pairs and a lone 財神 are 暴頭-ready too.
    R("hz-six-pairs-ready-yes-no-discard", ("1133m5577p22s44z5z", "6z"), "discard S",
      {"win_type"}, BAO_TOU_WORDS, w="E", s=2, h={"hangzhou_seven_pairs_bao_tou": "yes"}),
]


@pytest.mark.parametrize(("request_", "fields", "words"), REFUSED)
def test_hangzhou_refusals(request_, fields, words):
    with pytest.raises(InvalidRequest) as caught:
        score(request_)
    errors = caught.value.errors
    assert errors, "InvalidRequest must list its problems"
    matching = [e for e in errors if e["field"] in fields]
    assert matching, f"no error on {sorted(fields)}: {errors}"
    message = " ".join(e["message"] for e in matching)
    assert any(w.lower() in message.lower() for w in words), f"unhelpful message: {errors}"
