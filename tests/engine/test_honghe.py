# ruff: noqa: E501  (one hand per line: the tables read better unwrapped)
"""Honghe 洪合麻將: every 番 pattern, its near misses, exclusions, wilds, payments.

Spec: RULEBOOK.md §1-2; seed honghe.txt (cited as file:line). 番 add up and the
score is base × 2^番 (honghe.txt:56). The wild (百搭) is an input and all four
copies are wild (honghe.txt:21). Unless a row says otherwise: S wins by
self-draw, E deals, base 1, and the wild is 9p, which none of those hands hold.
"""

import pytest

from rules import score
from tests.checks import check_not_winning, check_pattern, check_payments, check_refused
from tests.helpers import CLAIMED, CLAIMED_MELDS, HH, PLAIN, P, by_id, ctx, req

FOUR_MELDS = ["chi 123m", "pung 555p", "pung 777s", "chi 234s"]
DISCARD_W = {"discarder": "W"}
# the two payments a robbed kong can have (house rule honghe_rob_kong, RULEBOOK §2)
DOUBLE = {"honghe_rob_kong": "robbed_pays_double"}
ALL = {"honghe_rob_kong": "robbed_pays_all"}



# (id, wild, hand without win tile, win tile, extra request fields, pattern keys, 番)
CASES = [
    # A plain hand scores 0 番 (no 平胡 pattern in Honghe): V = base.
    ("plain", "9p", "123m456m678p234s5z", "5z", {}, set(), 0),
    # 三百搭: three wilds among the 14 tiles, winning tile included (honghe.txt:35).
    ("san_bai_da", "9p", "123m456m789s5z999p", "5z", DISCARD_W, {"san_bai_da"}, 1),
    # Only two wilds: no 三百搭. (Also 任意胡-ready, but won on a discard: nothing.)
    ("two_wilds_no_san_bai_da", "9p", "123m456m789s55z99p", "5z", DISCARD_W, set(), 0),
    # Four 百搭 are still one 三百搭 ("≥3"); won on a discard, so no 任意胡.
    ("san_bai_da_four_wilds", "9p", "123m456m789s9999p", "5z", DISCARD_W, {"san_bai_da"}, 1),
    # 任意胡: four sets + a lone wild, then a self-drawn tile pairs with it (honghe.txt:50).
    ("ren_yi_hu", "9p", "123m456m789s555z9p", "3p", {}, {"ren_yi_hu"}, 1),
    # The same hand won on a discard is no 任意胡 (RULEBOOK: "the win is a self-draw").
    ("ren_yi_hu_not_on_discard", "9p", "123m456m789s555z9p", "3p", DISCARD_W, set(), 0),
    # 任意胡-ready (55z+百搭 pung, lone 百搭) drawing a third wild: 任意胡 + 三百搭.
    ("ren_yi_hu_draws_third_wild", "9p", "123m456m789s55z99p", "9p", {}, {"ren_yi_hu", "san_bai_da"}, 2),
    # 槓上開花: win on the replacement tile of one's own kong (honghe.txt:36).
    ("gang_shang_kai_hua", "9p", "123m456m789m5p", "5p", {"melds": ["kong 1111z"], **ctx(after_kong=True)}, {"gang_shang_kai_hua"}, 1),
    ("kong_but_not_after_kong", "9p", "123m456m789m5p", "5p", {"melds": ["kong 1111z"]}, set(), 0),
    # 單吊: four declared melds, one concealed tile, the win pairs it (honghe.txt:37).
    ("dan_diao", "9p", "1z", "1z", {"melds": FOUR_MELDS, **DISCARD_W}, {"dan_diao"}, 1),
    # A concealed kong counts as a declared meld for 單吊 (RULEBOOK §2 table).
    ("dan_diao_with_ankong", "9p", "1z", "1z", {"melds": ["ankong 5555p", "chi 123m", "pung 777s", "chi 234s"]}, {"dan_diao"}, 1),
    # Three melds and four concealed tiles: the win makes the pair but it is no 單吊.
    ("not_dan_diao_three_melds", "9p", "234s1z", "1z", {"melds": ["chi 123m", "pung 555p", "pung 777s"]}, set(), 0),
    # RULING?: a lone 百搭 behind four melds, self-drawn partner: both 單吊 (one tile left, the
    # win makes the pair) and 任意胡 (lone wild + drawn tile) read as defined; they add.
    ("dan_diao_on_lone_wild_is_ren_yi_hu_too", "9p", "9p", "3z", {"melds": FOUR_MELDS}, {"dan_diao", "ren_yi_hu"}, 2),
    # 黃番: earlier hands were drawn (honghe.txt:38); Ruling: 1 番 however many.
    ("huang_fan", "9p", "123m456m678p234s5z", "5z", ctx(previous_draws=1), {"huang_fan"}, 1),
    ("huang_fan_three_draws_still_one", "9p", "123m456m678p234s5z", "5z", ctx(previous_draws=3), {"huang_fan"}, 1),
    # 老頭黃: the wild is an honour (honghe.txt:39); a suited wild is not.
    ("lao_tou_huang", "1z", "123m456m678p234s5z", "5z", {}, {"lao_tou_huang"}, 1),
    ("lao_tou_huang_dragon", "7z", "123m456m678p234s5z", "5z", {}, {"lao_tou_huang"}, 1),
    # 海底撈月: self-draw of the last tile (honghe.txt:40).
    ("hai_di_lao_yue", "9p", "123m456m678p234s5z", "5z", ctx(last_tile=True), {"hai_di_lao_yue"}, 1),
    # 天和: the dealer wins on the deal (honghe.txt:41); 地和: a non-dealer before discarding (honghe.txt:42).
    ("tian_he", "9p", "123m456m678p234s5z", "5z", {"winner": "E", **ctx(first_turn=True)}, {"tian_he"}, 2),
    ("di_he_self_draw", "9p", "123m456m678p234s5z", "5z", ctx(first_turn=True), {"di_he"}, 2),
    ("di_he_on_discard", "9p", "123m456m678p234s5z", "5z", {"discarder": "E", **ctx(first_turn=True)}, {"di_he"}, 2),
    # 包子: the two opening dice are equal (honghe.txt:43).
    ("bao_zi", "9p", "123m456m678p234s5z", "5z", ctx(dice=[3, 3]), {"bao_zi"}, 1),
    ("dice_differ_no_bao_zi", "9p", "123m456m678p234s5z", "5z", ctx(dice=[3, 5]), set(), 0),
    # 百搭連莊: same wild as the previous hand (honghe.txt:44).
    ("bai_da_lian_zhuang", "9p", "123m456m678p234s5z", "5z", ctx(previous_wild="9p"), {"bai_da_lian_zhuang"}, 1),
    ("previous_wild_differs", "9p", "123m456m678p234s5z", "5z", ctx(previous_wild="8p"), set(), 0),
    # 混一色: one suit plus honours (honghe.txt:45); one 筒 chow breaks it.
    ("hun_yi_se", "9p", "123m456m789m234m1z", "1z", {}, {"hun_yi_se"}, 1),
    ("hun_yi_se_broken_by_a_pin_chow", "9p", "123m456m678p234m1z", "1z", {}, set(), 0),
    # 清一色: one suit, no honours (honghe.txt:46); never together with 混一色.
    ("qing_yi_se", "9p", "1234567892345m", "5m", {}, {"qing_yi_se"}, 2),
    # The drawn 百搭 stands for its own face (9p) to finish 789p: still 清一色.
    ("qing_yi_se_wild_at_own_face", "9p", "123p456p78p111p55p", "9p", {}, {"qing_yi_se"}, 2),
    # RULING?: an honour-faced wild (1z) standing for 1m/4m in an all-萬 hand. Read as the tile
    # it stands for ("胡的牌型中", honghe.txt:46), the hand is 清一色; plus 老頭黃.
    ("qing_yi_se_honour_wild_as_man", "1z", "123m456m789m23m5m1z", "5m", {}, {"qing_yi_se", "lao_tou_huang"}, 3),
    # 對對和 = seven pairs (honghe.txt:30,47).
    ("dui_dui_he", "9p", "11m33m55p77p99s22z4z", "4z", {}, {"dui_dui_he"}, 2),
    # Four identical tiles serve as two of the seven pairs (RULEBOOK §1).
    ("dui_dui_he_four_of_a_kind", "9p", "1111m33p55s77s99s4z", "4z", {}, {"dui_dui_he"}, 2),
    # Reads as 123m 123m 55m 789m 789m (清一色 2) or seven pairs (清一色 + 對對和 4): best wins.
    ("seven_pairs_beats_standard", "9p", "1122335577889m", "9m", {}, {"qing_yi_se", "dui_dui_he"}, 4),
    # 四老頭: four honour pungs (honghe.txt:48); it adds to 混一色 (only 全老頭 replaces it).
    ("si_lao_tou", "9p", "111z222z333z666z5m", "5m", {}, {"si_lao_tou", "hun_yi_se"}, 3),
    ("three_honour_pungs_only", "9p", "111z222z333z123m5m", "5m", {}, {"hun_yi_se"}, 1),
    # 全老頭: all honours (honghe.txt:49) replaces 四老頭 and 混一色 (RULEBOOK exclusion).
    ("quan_lao_tou", "9p", "111z222z333z666z7z", "7z", {}, {"quan_lao_tou"}, 10),
    # "any legal shape": seven honour pairs (白 is a plain tile in Honghe) add 對對和.
    ("quan_lao_tou_seven_pairs", "9p", "1122334455667z", "7z", {}, {"dui_dui_he", "quan_lao_tou"}, 12),
    # RULING?: a drawn 百搭 (a 筒 tile) standing for 中 completes an all-honour hand; read by the
    # faces in the winning shape it is 全老頭.
    ("quan_lao_tou_wild_as_honour", "9p", "111z222z333z666z7z", "9p", {}, {"quan_lao_tou"}, 10),
    # RULEBOOK §1: a wild may stand for a tile whose four copies are all in the hand (here 1m).
    ("wild_as_fifth_copy", "9p", "1111m234p567s88s9p", "8s", {}, set(), 0),
    # Several patterns add: 四老頭 + 混一色 + 老頭黃 + 包子 + 黃番 = 6 番.
    ("patterns_add_up", "7z", "111z222z333z444z5m", "5m", ctx(dice=[2, 2], previous_draws=2), {"si_lao_tou", "hun_yi_se", "lao_tou_huang", "bao_zi", "huang_fan"}, 6),
]


@pytest.mark.parametrize(("wild", "hand", "win", "extra", "expected", "fan"), by_id(CASES))
def test_pattern(wild, hand, win, extra, expected, fan):
    check_pattern(req("honghe", hand, win, wild=wild, **extra), expected, 2**fan, fan)


def test_alternatives_list_the_other_reading_best_first():
    """The standard reading of the seven-pairs hand (清一色 2 番) is shown as an alternative."""
    result = score(req("honghe", "1122335577889m", "9m", wild="9p"))
    assert result["shape"] == "seven_pairs"
    alternatives = result["alternatives"]
    assert any(a["shape"] == "standard" and a["multiplier"] == 4 for a in alternatives)
    multipliers = [a["multiplier"] for a in alternatives]
    assert multipliers == sorted(multipliers, reverse=True)
    assert all(a["multiplier"] <= result["multiplier"] for a in alternatives)


# Payments (honghe.txt:56, RULEBOOK §2): V = base × 2^番.
PAYMENTS = [
    # self-draw: each of the three others pays V.
    P("self_draw", HH, ("123m456m678p234s5z", "5z"), "-3 +9 -3 -3", "self", b=3, wild="9p"),
    # discard: the discarder pays V, the other two V/2 — exact halves, never rounded.
    P("discard_halves", HH, ("123m456m789s555z9p", "3p"), "-0.5 +2 -1 -0.5", "discard W", wild="9p"),
    # 天和 2 番 won by the dealer: V = 4 from each.
    P("tian_he_dealer", HH, ("123m456m678p234s5z", "5z"), "+12 -4 -4 -4", "self", w="E", wild="9p", context={"first_turn": True}),
    # 全老頭 10 番 at base 2: V = 2048.
    P("quan_lao_tou_base_2", HH, ("111z222z333z666z7z", "7z"), "-2048 +6144 -2048 -2048", "self", b=2, wild="9p"),
    # 搶槓胡 Ruling (honghe.txt:52 over :32): the robbed player alone pays 3V.
    P("rob_kong_robbed_pays_all", HH, ("123m456m789s55z24p", "3p"), "0 +3 -3 0", "rob W", wild="9p"),
    # House rule honghe_rob_kong = robbed_pays_double (honghe.txt:32): robbed 2V, others V.
    P("rob_kong_robbed_pays_double", HH, ("123m456m789s55z24p", "3p"), "-1 +4 -2 -1", "rob W", h=DOUBLE, wild="9p"),
]


# Well-formed hands that do not win: 200, winning false, a reason, no payments (API.md).
NOT_WINNING = [
    ("13p_and_5p", "9p", "123m456m789s55z13p", "5p", {}),
    ("six_pairs_and_two_singles", "9p", "11m33m55p77p99s22z4z", "6z", {}),
]


@pytest.mark.parametrize(("wild", "hand", "win", "extra"), by_id(NOT_WINNING))
def test_not_winning(wild, hand, win, extra):
    check_not_winning(req("honghe", hand, win, wild=wild, **extra))


# Invalid input: InvalidRequest naming the field, "melds[0]" counting as "melds" (API.md "Errors — 400").
# (id, request fields, acceptable error fields)
ERRORS = [
    # Honghe needs the wild named (API.md).
    ("wild_missing", {"region": "honghe", "hand": "123m456m678p234s5z", "win_tile": "5z", "win_type": "self_draw", "winner": "S", "dealer": "E"}, {"wild"}),
    # 百搭 cannot be punged (honghe.txt:21).
    ("wild_in_meld", req("honghe", "123m456m678p5z", "5z", wild="9p", melds=["pung 999p"]), {"melds"}),
    # 百搭 cannot be won on from a discard (honghe.txt:21 "不能點炮").
    ("win_on_discarded_wild", req("honghe", "123m456m678p555z1p", "9p", wild="9p", discarder="W"), {"win_tile", "win_type"}),
    ("fifth_copy", req("honghe", "11111m456m678p234s", "5z", wild="9p"), {"hand"}),
    ("twelve_concealed_tiles", req("honghe", "123m456m678p234s", "5z", wild="9p"), {"hand"}),
    # Robbing a kong of 3p while holding a 3p: impossible (RULEBOOK §1).
    ("rob_kong_of_held_tile", req("honghe", "123m456m789s555z3p", "3p", wild="9p", win_type="rob_kong", discarder="W"), {"win_tile", "hand", "win_type"}),
    # after_kong needs a self-draw and a kong in the hand (RULEBOOK §1).
    ("after_kong_without_kong", req("honghe", "123m456m678p234s5z", "5z", wild="9p", context={"after_kong": True}), {"context.after_kong"}),
    ("after_kong_on_discard", req("honghe", "123m456m789m5p", "5p", wild="9p", melds=["kong 1111z"], discarder="W", context={"after_kong": True}), {"context.after_kong"}),
    ("last_tile_on_discard", req("honghe", "123m456m678p234s5z", "5z", wild="9p", discarder="W", context={"last_tile": True}), {"context.last_tile"}),
    # first_turn: no exposed meld yet (RULEBOOK §1).
    ("first_turn_with_meld", req("honghe", "1z", "1z", wild="9p", melds=FOUR_MELDS, context={"first_turn": True}), {"context.first_turn"}),
    # RULING?: the dealer discards first, so a first-turn dealer win can only be a self-draw (天和).
    ("first_turn_dealer_on_discard", req("honghe", "123m456m678p234s5z", "5z", wild="9p", winner="E", discarder="S", context={"first_turn": True}), {"context.first_turn"}),
    ("discard_without_discarder", req("honghe", "123m456m678p234s5z", "5z", wild="9p", win_type="discard"), {"discarder"}),
]


@pytest.mark.parametrize(("request_fields", "fields"), by_id(ERRORS))
def test_invalid(request_fields, fields):
    check_refused(request_fields, fields)


# === Payments: one line per hand, the net of E S W N (RULEBOOK §2-§5) ===

# --- Honghe (RULEBOOK §2, honghe.txt:56): V = base × 2^番 --------------------------
# self-draw: each other pays V; discard: discarder V, the two others V/2;
# rob kong (honghe.txt:52 ruling): robbed pays 3V | house rule robbed_pays_double:
# robbed 2V, others V (honghe.txt:32). No dealer multiplier (rotation only,
# honghe.txt:19), so dealer / streak never change the amounts.
HONGHE = [
    # id                   region hand   E  S  W  N    win (+ thrower)  seats, streak, base
    P("hh-self-dealer-s0", HH, PLAIN, "+6 -2 -2 -2", "self", b=2, w="E"),
    P("hh-self-dealer-s1", HH, PLAIN, "+6 -2 -2 -2", "self", b=2, w="E", s=1),
    P("hh-self-dealer-s2", HH, PLAIN, "+6 -2 -2 -2", "self", b=2, w="E", s=2),
    P("hh-self-nondealer-s0", HH, PLAIN, "-2 +6 -2 -2", "self", b=2, w="S"),
    P("hh-self-nondealer-s1", HH, PLAIN, "-2 +6 -2 -2", "self", b=2, w="S", s=1),
    P("hh-self-nondealer-s2", HH, PLAIN, "-2 +6 -2 -2", "self", b=2, w="S", s=2),
    P("hh-self-dealerN-s3", HH, PLAIN, "-2 -2 -2 +6", "self", b=2, w="N", d="N", s=3),
    P("hh-discard-dealer-s0", HH, PLAIN, "+4 -1 -1 -2", "discard N", b=2, w="E"),
    P("hh-discard-dealer-s1", HH, PLAIN, "+4 -2 -1 -1", "discard S", b=2, w="E", s=1),
    P("hh-discard-dealer-s2", HH, PLAIN, "+4 -1 -2 -1", "discard W", b=2, w="E", s=2),
    P("hh-discard-nondealer-from-dealer-s0", HH, PLAIN, "-2 +4 -1 -1", "discard E", b=2),
    P("hh-discard-nondealer-s1", HH, PLAIN, "-1 +4 -2 -1", "discard W", b=2, s=1),
    P("hh-discard-nondealer-s2", HH, PLAIN, "-1 +4 -1 -2", "discard N", b=2, s=2),
    P("hh-robkong-default-dealer-s0", HH, PLAIN, "+6 -6 0 0", "rob S", b=2, w="E"),
    P("hh-robkong-default-dealer-s1", HH, PLAIN, "+6 0 -6 0", "rob W", b=2, w="E", s=1),
    P("hh-robkong-default-dealer-s2", HH, PLAIN, "+6 0 0 -6", "rob N", b=2, w="E", s=2),
    P("hh-robkong-default-nondealer-s0", HH, PLAIN, "-6 +6 0 0", "rob E", b=2),
    P("hh-robkong-default-nondealer-s1", HH, PLAIN, "0 +6 0 -6", "rob N", b=2, s=1),
    P("hh-robkong-default-nondealer-s2", HH, PLAIN, "-6 0 +6 0", "rob E", b=2, w="W", s=2),
    P("hh-robkong-all-explicit", HH, PLAIN, "0 +6 -6 0", "rob W", b=2, h=ALL),
    P("hh-robkong-double-dealer-s0", HH, PLAIN, "+8 -4 -2 -2", "rob S", b=2, w="E", h=DOUBLE),
    P("hh-robkong-double-dealer-s1", HH, PLAIN, "+8 -2 -4 -2", "rob W", b=2, w="E", s=1, h=DOUBLE),
    P("hh-robkong-double-dealer-s2", HH, PLAIN, "+8 -2 -2 -4", "rob N", b=2, w="E", s=2, h=DOUBLE),
    P("hh-robkong-double-nondealer-s0", HH, PLAIN, "-2 +8 -4 -2", "rob W", b=2, h=DOUBLE),
    P("hh-robkong-double-nondealer-s1", HH, PLAIN, "-2 +8 -2 -4", "rob N", b=2, s=1, h=DOUBLE),
    P("hh-robkong-double-nondealer-s2", HH, PLAIN, "-4 -2 +8 -2", "rob E", b=2, w="W", s=2,
      h=DOUBLE),
    # The text's own example (honghe.txt:56): base 2, 2 番 (清一色) → self-draw 8
    # each; discard: discarder 8, the others 4. Also RULEBOOK §5 example 1.
    P("hh-text-example-self", HH, ("1234567892345m", "5m"), "-8 +24 -8 -8", "self", b=2, wild="9p"),
    P("hh-text-example-discard", HH, ("1234567892345m", "5m"), "-4 +16 -8 -4", "discard W", b=2,
      wild="9p"),
    P("hh-text-example-self-dealer-s2", HH, ("1234567892345m", "5m"), "+24 -8 -8 -8", "self", b=2,
      wild="9p", w="E", s=2),
    # The other two readings of the text (RULEBOOK §2, revised): as a discard
    # (honghe.txt:32 against :56) and the robbed player alone 2V (honghe.txt:2); and
    # RULEBOOK §5 example 10 (0 番, V = 1) under every value.
    P("hh-robkong-as-discard", HH, PLAIN, "-1 +4 -2 -1", "rob W", b=2,
      h={"honghe_rob_kong": "as_discard"}),
    P("hh-robkong-two-alone", HH, PLAIN, "0 +4 -4 0", "rob W", b=2,
      h={"honghe_rob_kong": "robbed_pays_two_alone"}),
    P("hh-example10-as-discard", HH, ("123m456p789s11z45s", "6s"), "-0.5 +2 -1 -0.5", "rob W",
      wild="9p", h={"honghe_rob_kong": "as_discard"}),
    P("hh-example10-two-alone", HH, ("123m456p789s11z45s", "6s"), "0 +2 -2 0", "rob W",
      wild="9p", h={"honghe_rob_kong": "robbed_pays_two_alone"}),
    P("hh-example10-default", HH, ("123m456p789s11z45s", "6s"), "0 +3 -3 0", "rob W",
      wild="9p"),
    P("hh-example10-double", HH, ("123m456p789s11z45s", "6s"), "-1 +4 -2 -1", "rob W",
      wild="9p", h=DOUBLE),
    # RULEBOOK §5 example 8: six pairs and a lone wild, self-drawn: 對對和 2 + 任意胡 1.
    P("hh-example8-six-pairs-lone-wild", HH, ("1133m5577p22s44z9p", "6z"), "-8 +24 -8 -8",
      "self", wild="9p"),
    # 任意胡 when the lone wild's partner face is held elsewhere (13s + a wild as 2s):
    # 任意胡 1 + 三百搭 1 = 2番.
    P("hh-ren-yi-hu-partner-held", HH, ("234m567p13s88s999p", "2s"), "-4 +12 -4 -4", "self",
      wild="9p"),
    # Honghe has no 承包 (RULEBOOK §2 "No contract rule"): claims change nothing.
    P("hh-claims-no-contract-winner", HH, CLAIMED, "-1 +3 -1 -1", "self", melds=CLAIMED_MELDS,
      claims=[("S", "W", 3)]),
    P("hh-claims-no-contract-other", HH, CLAIMED, "-1 +3 -1 -1", "self", melds=CLAIMED_MELDS,
      claims=[("N", "S", 3)]),
]


# --- Fractions: exact, never rounded (RULEBOOK §1 "Amounts", API.md "0.5") ---------
FRACTIONS = [
    P("frac-honghe-base1-discard", HH, PLAIN, "-0.5 +2 -1 -0.5", "discard W"),
    P("frac-honghe-base3-discard", HH, PLAIN, "-1.5 +6 -3 -1.5", "discard W", b=3),
    P("frac-honghe-base0.5-discard", HH, PLAIN, "-0.25 +1 -0.5 -0.25", "discard W", b=0.5),
    P("frac-honghe-base0.25-self", HH, PLAIN, "-0.25 +0.75 -0.25 -0.25", "self", b=0.25),
]


@pytest.mark.parametrize(("request_", "expected"), HONGHE + PAYMENTS + FRACTIONS)
def test_payments_table(request_, expected):
    check_payments(request_, expected)


def test_honghe_text_example_values():
    """honghe.txt:56 — base 2, 2 番: fan 2, multiplier 4 = 2^2, V = 8."""
    result = score(req("honghe", "1234567892345m", "5m", base=2, wild="9p"))
    assert result["fan"] == 2
    assert result["multiplier"] == 4
    assert [p["key"] for p in result["patterns"]] == ["qing_yi_se"]
