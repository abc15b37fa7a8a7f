# ruff: noqa: E501  (one hand per line: the tables read better unwrapped)
"""Jinhua 金华麻将: every × pattern, near misses, exclusions, shapes, wilds, payments.

Spec: RULEBOOK.md §1 and §4; seed jinhua.txt (cited as file:line). Multipliers
multiply ("2*2*2", jinhua.txt:11). `wild` is the flipped 財神 type (3 copies in
play) and every 白 is a plain copy of it (jinhua.txt:5) — so with a suited wild
白 is a suited tile, not an honour. Unless a row says otherwise: S wins by
self-draw, E deals, base 1; most rows use wild 6s and hold no 6s or 白.
"""

import pytest

from tests.checks import check_not_winning, check_pattern, check_payments, check_refused
from tests.helpers import JH, PLAIN, C, P, by_id, ctx, req

PLAIN_HAND = "123m456m789p234p1z"  # RULEBOOK §5 example 4
BAO_TOU_HAND = "123m456m789p234p6s"  # four sets + lone 財神 6s: 爆頭-ready
QQR_MELDS = ["chi 123m", "pung 555p", "chi 789s", "pung 111z"]  # for 全求人
DISCARD_W = {"discarder": "W"}



# (id, wild, hand without win tile, win tile, extra request fields, pattern keys, multiplier)
CASES = [
    # 平胡: a standard hand with nothing else (jinhua.txt:25).
    ("ping_hu", "6s", PLAIN_HAND, "1z", {}, {"ping_hu"}, 1),
    # 碰碰胡 ×2 (jinhua.txt:27 "必须已经碰过三次"; RULEBOOK §4, revised): all pungs, at
    # least three of them claimed; concealed pungs alone are 平胡 …
    ("peng_peng_hu_concealed_is_ping_hu", "6s", "111m333p777s22z44z", "4z", {}, {"ping_hu"}, 1),
    ("peng_peng_hu_three_exposed", "6s", "22z44z", "4z", {"melds": ["pung 111m", "pung 333p", "pung 777s"], **DISCARD_W}, {"peng_peng_hu"}, 2),
    ("peng_peng_hu_exposed_kong_counts", "6s", "22z44z", "4z", {"melds": ["pung 111m", "kong 3333p", "pung 777s"], **DISCARD_W}, {"peng_peng_hu"}, 2),
    ("peng_peng_hu_ankong_is_not_claimed", "6s", "22z44z", "4z", {"melds": ["pung 111m", "ankong 3333p", "pung 777s"], **DISCARD_W}, {"ping_hu"}, 1),
    ("peng_peng_hu_two_exposed_is_ping_hu", "6s", "777s22z44z", "4z", {"melds": ["pung 111m", "pung 333p"]}, {"ping_hu"}, 1),
    # RULEBOOK §5 example 9: three claimed pungs self-drawn.
    ("example9_peng_peng_hu", "6s", "3337z", "7z", {"melds": ["pung 111m", "pung 999p", "pung 222s"]}, {"peng_peng_hu"}, 2),
    ("example9_two_claimed_is_ping_hu", "6s", "2223337z", "7z", {"melds": ["pung 111m", "pung 999p"]}, {"ping_hu"}, 1),
    # … and under the house rule jinhua_peng_peng_hu = any_pungs concealed pungs count.
    ("peng_peng_hu_any_pungs", "6s", "111m333p777s22z44z", "4z", {"house_rules": {"jinhua_peng_peng_hu": "any_pungs"}}, {"peng_peng_hu"}, 2),
    ("peng_peng_hu_any_pungs_explicit_default", "6s", "111m333p777s22z44z", "4z", {"house_rules": {"jinhua_peng_peng_hu": "three_exposed"}}, {"ping_hu"}, 1),
    ("one_chow_is_ping_hu", "6s", "111m333p789s22z44z", "4z", {}, {"ping_hu"}, 1),
    # 碰碰胡 × 混一色 (jinhua.txt:69).
    ("peng_peng_hu_hun_yi_se", "6s", "22z44z", "4z", {"melds": ["pung 111m", "pung 333m", "pung 777m"], **DISCARD_W}, {"peng_peng_hu", "hun_yi_se"}, 4),
    # 全求人 ×2: four exposed melds, a non-財神 lone tile, won on a discard (jinhua.txt:29).
    ("quan_qiu_ren", "6s", "2z", "2z", {"melds": QQR_MELDS, **DISCARD_W}, {"quan_qiu_ren"}, 2),
    # "自摸只算平胡" (jinhua.txt:29).
    ("quan_qiu_ren_self_draw_is_ping_hu", "6s", "2z", "2z", {"melds": QQR_MELDS}, {"ping_hu"}, 1),
    # A concealed kong is not exposed: no 全求人.
    ("quan_qiu_ren_not_with_ankong", "6s", "2z", "2z", {"melds": ["chi 123m", "pung 555p", "chi 789s", "ankong 1111z"], **DISCARD_W}, {"ping_hu"}, 1),
    # An exposed kong is still exposed: 全求人 holds.
    ("quan_qiu_ren_with_exposed_kong", "6s", "2z", "2z", {"melds": ["chi 123m", "pung 555p", "chi 789s", "kong 1111z"], **DISCARD_W}, {"quan_qiu_ren"}, 2),
    # The lone tile is a 白 = plain 6s, not a 財神 (RULEBOOK §1): 全求人 holds.
    ("quan_qiu_ren_lone_bai_is_not_wild", "6s", "5z", "5z", {"melds": QQR_MELDS, **DISCARD_W}, {"quan_qiu_ren"}, 2),
    # RULING?: the lone tile is the 財神 itself ("必须不是财神", jinhua.txt:29): no 全求人. The
    # RULEBOOK does not forbid a 爆頭-ready hand from winning on a discard in Jinhua, so 平胡.
    ("quan_qiu_ren_lone_wild", "6s", "6s", "2z", {"melds": QQR_MELDS, **DISCARD_W}, {"ping_hu"}, 1),
    # 清七對 ×4: seven pairs, no 財神 in the hand (jinhua.txt:33).
    ("qing_qi_dui", "6s", "11m33m55p77p99s22z4z", "4z", {}, {"qing_qi_dui"}, 4),
    # 七對子 ×2: the 財神 pairs the single 4z (jinhua.txt:35); not six pairs + lone 財神 before the win.
    ("qi_dui", "6s", "11m33m55p77p699s24z", "2z", {}, {"qi_dui"}, 2),
    # "Contains 財神" means physically (RULEBOOK §1): the drawn 6s pairs a 白 (a plain 6s) at its own
    # face, yet the hand holds a 財神: 七對子 ×2, not 清七對.
    ("qi_dui_wild_at_own_face_is_not_qing", "6s", "11m33m55p77p99s22z5z", "6s", {}, {"qi_dui"}, 2),
    # 七對子爆頭 ×8: six pairs + lone 財神, self-draw (jinhua.txt:37).
    ("qi_dui_bao_tou", "6s", "11m33m55p77p699s22z", "4z", {}, {"qi_dui_bao_tou"}, 8),
    # RULING?: the same hand won on a discard: 七對子 only (爆頭 needs a self-draw; the RULEBOOK does
    # not forbid the discard in Jinhua).
    ("qi_dui_bao_tou_on_discard_is_qi_dui", "6s", "11m33m55p77p699s22z", "4z", DISCARD_W, {"qi_dui"}, 2),
    # Six pairs + lone 財神 drawing the second 財神: 七對子爆頭 only — 財神頭 belongs to standard
    # readings (RULEBOOK §4), and no standard reading exists here.
    ("qi_dui_bao_tou_draws_second_wild", "6s", "11m33m55p77p699s22z", "6s", {}, {"qi_dui_bao_tou"}, 8),
    # 七對子爆頭 ×8 and 清一色 with 財神 ×2 multiply.
    ("qi_dui_bao_tou_qing_yi_se", "6s", "11s22s33s44s55s77s6s", "9s", {}, {"qi_dui_bao_tou", "qing_yi_se"}, 16),
    # Only the highest of the family: 七對子爆頭 ×8 over 豪華七對 ×4.
    ("qi_dui_bao_tou_over_hao_hua", "6s", "1111m33p55s77s699s", "2z", {}, {"qi_dui_bao_tou"}, 8),
    # 豪華七對 ×4 with a 財神 in the hand (it pairs the single 4z), over 七對子 ×2.
    ("hao_hua_qi_dui", "6s", "1111m33p55s77s6s24z", "2z", {}, {"hao_hua_qi_dui"}, 4),
    # RULING?: no 財神 and one set of four: 豪華七對 ×4 and 清七對 ×4 tie; only one counts and the
    # hand is named by its defining feature, 豪華七對.
    ("hao_hua_qi_dui_without_wild", "6s", "1111m33p55s77s99s2z", "2z", {}, {"hao_hua_qi_dui"}, 4),
    ("shuang_hao_hua_qi_dui", "6s", "1111m3333p55s77s9s", "9s", {}, {"shuang_hao_hua_qi_dui"}, 8),
    ("san_hao_hua_qi_dui", "6s", "1111m3333p5555s7s", "7s", {}, {"san_hao_hua_qi_dui"}, 16),
    # 清一色 and 清七對 multiply: ×4 × ×4.
    ("qing_qi_dui_qing_yi_se", "6s", "11s22s33s44s55s77s9s", "9s", {}, {"qing_qi_dui", "qing_yi_se"}, 16),
    # 十三不靠 ×1: 14 distinct tiles, 5 honours, same-suit tiles ≥3 apart (jinhua.txt:41).
    ("shi_san_bu_kao", "9p", "147m258p369s1234z", "7z", {}, {"shi_san_bu_kao"}, 1),
    # Six honours but no 白 face (白 is a plain 9p here): still only 十三不靠.
    ("six_honours_is_shi_san_bu_kao", "9p", "147m258p36s12346z", "7z", {}, {"shi_san_bu_kao"}, 1),
    # A 財神 fills a gap (9s or 發) in 十三不靠.
    ("shi_san_bu_kao_wild_fills_gap", "9p", "147m258p36s1234z9p", "7z", {}, {"shi_san_bu_kao"}, 1),
    # The 白 is a plain 9p (wild 9p) and fits 1p-4p-9p: 十三不靠.
    ("shi_san_bu_kao_with_bai_as_9p", "9p", "147m14p258s12347z", "5z", {}, {"shi_san_bu_kao"}, 1),
    # 七風 ×2, all seven honours; the drawn 財神 stands for the 白 face. 七風 replaces 十三不靠.
    ("qi_feng_wild_as_bai", "9p", "147m258p3s123467z", "9p", {}, {"qi_feng"}, 2),
    # Two 財神 fill 發 and 白.
    ("qi_feng_two_wilds", "9p", "147m258p99p12347z", "3s", {}, {"qi_feng"}, 2),
    # 東 is the 財神, the 白 is a plain 東 and the drawn 財神 takes the 白 face.
    ("qi_feng_wind_wild_one_bai", "1z", "147m258p3s234567z", "1z", {}, {"qi_feng"}, 2),
    # The two-白 clause (jinhua.txt:43 "当风作为财神时，手上必须有两个白板"; RULEBOOK §4,
    # revised): with 東 the 財神, of two 白 one counts as 白 itself and one as 東, so
    # 東南西北白發中 are all there without a 財神.
    ("qi_feng_two_bai_wind_wild", "1z", "147m258p5z5z23467z", "3s", {}, {"qi_feng"}, 2),
    ("shi_san_bu_kao_two_bai_wind_wild", "1z", "147m258p36s5z5z246z", "7z", {}, {"shi_san_bu_kao"}, 1),
    # A 財神 wild of 白 itself: no substitution, the 白 are the 財神 (RULEBOOK §1); one at its own face
    # gives the 白 honour of 七風.
    ("qi_feng_bai_is_the_wild", "5z", "147m258p3s123467z", "5z", {}, {"qi_feng"}, 2),
    # 槓上開花 ×2 (jinhua.txt:45); 杠爆 = 槓上開花 × 爆頭 = ×4 (jinhua.txt:59).
    ("gang_shang_kai_hua", "6s", "123m456m789p2p", "2p", {"melds": ["kong 1111z"], **ctx(after_kong=True)}, {"gang_shang_kai_hua"}, 2),
    ("kong_but_not_after_kong", "6s", "123m456m789p2p", "2p", {"melds": ["kong 1111z"]}, {"ping_hu"}, 1),
    ("gang_bao", "6s", "123m456m789p6s", "2p", {"melds": ["ankong 1111z"], **ctx(after_kong=True)}, {"gang_shang_kai_hua", "bao_tou"}, 4),
    # 清一色 without 財神 ×4 (RULEBOOK §5 example 5) …
    ("qing_yi_se_no_wild", "6s", "1232347897895s", "5s", {}, {"qing_yi_se"}, 4),
    # … with a 財神 in the hand ×2 (jinhua.txt:47), here the drawn 6s at its own face …
    ("qing_yi_se_with_wild", "6s", "123s234s789s78s55s", "6s", {}, {"qing_yi_se"}, 2),
    # … but a 白 is a plain 6s, not a 財神: ×4.
    ("qing_yi_se_with_bai_is_no_wild", "6s", "123s234s789s78s55s", "5z", {}, {"qing_yi_se"}, 4),
    # An exposed pung of 白 is a plain 6s pung (白 substitutes may stand in melds): 清一色 without 財神.
    ("qing_yi_se_with_exposed_bai_pung", "6s", "123s234s789s7s", "7s", {"melds": ["pung 555z"]}, {"qing_yi_se"}, 4),
    # An exposed chow 7s8s+白 is 678s (RULEBOOK §1: 白 substitutes may stand in melds).
    ("bai_in_exposed_chow", "6s", "123s234s789s7s", "7s", {"melds": ["chi 78s5z"]}, {"qing_yi_se"}, 4),
    # One 東 turns 清一色 into 混一色 ×2 (jinhua.txt:69).
    ("hun_yi_se", "6s", "123s234s789s789s1z", "1z", {}, {"hun_yi_se"}, 2),
    ("qing_yi_se_peng_peng_hu", "6s", "999s2s", "2s", {"melds": ["pung 111s", "pung 333s", "pung 777s"]}, {"qing_yi_se", "peng_peng_hu"}, 8),
    # 清風 ×16: all honours in a standard shape (jinhua.txt:51); replaces 亂風, 碰碰胡, 混一色.
    ("qing_feng", "6s", "111z222z333z444z7z", "7z", {}, {"qing_feng"}, 16),
    # 清風 × 爆頭: the lone 財神 pairs the drawn 中 in an all-honour standard hand: ×16 × ×2.
    ("qing_feng_bao_tou", "6s", "111z222z333z444z6s", "7z", {}, {"qing_feng", "bao_tou"}, 32),
    # 亂風 ×8: 14 honours in no shape (jinhua.txt:49).
    ("luan_feng", "6s", "1122234466677z", "7z", {}, {"luan_feng"}, 8),
    # A 財神 may fill 亂風.
    ("luan_feng_with_wild", "6s", "112223446667z6s", "7z", {}, {"luan_feng"}, 8),
    # Seven honour pairs: 亂風 ×8 beats 豪華七對 ×4 (the two readings do not combine).
    ("luan_feng_beats_hao_hua", "6s", "1111223344667z", "7z", {}, {"luan_feng"}, 8),
    # … and 三豪華七對 ×16 beats 亂風 ×8.
    ("san_hao_hua_beats_luan_feng", "6s", "111122223333z7z", "7z", {}, {"san_hao_hua_qi_dui"}, 16),
    # 爆頭 ×2 (jinhua.txt:57).
    ("bao_tou", "6s", BAO_TOU_HAND, "1z", {}, {"bao_tou"}, 2),
    # RULING?: the RULEBOOK forbids discard wins of 爆頭-ready hands only in Hangzhou; in Jinhua
    # the 財神 just stands for 1z and the hand is 平胡.
    ("bao_tou_ready_on_discard_is_ping_hu", "6s", BAO_TOU_HAND, "1z", DISCARD_W, {"ping_hu"}, 1),
    # A 爆頭-ready hand drawing a second 財神: 爆頭 + 財神頭 ×8 (RULEBOOK §4 Ruling).
    ("bao_tou_draws_second_wild", "6s", BAO_TOU_HAND, "6s", {}, {"bao_tou", "cai_shen_tou"}, 8),
    # 財飄 ×2 per 飄 on 爆頭 (jinhua.txt:97 names it; the value is hangzhou.txt:142-146, RULEBOOK §7).
    ("cai_piao", "6s", BAO_TOU_HAND, "1z", ctx(cai_piao=1), {"bao_tou", "cai_piao"}, 4),
    # 財神頭 ×4: the pair is two 財神 at their own face (jinhua.txt:53). The 爆頭 reading
    # (財神 as 2p in the pung, pair 財神+2p) is only ×2.
    ("cai_shen_tou", "6s", "123m456m789p22p66s", "2p", {}, {"cai_shen_tou"}, 4),
    # Two 白 are plain 6s: no 財神頭.
    ("bai_pair_is_not_cai_shen_tou", "6s", "123m456m789p234p5z", "5z", {}, {"ping_hu"}, 1),
    # 白 + 財神 pair: only one 財神, no 財神頭.
    ("bai_and_wild_pair_is_not_cai_shen_tou", "6s", "123m456m789p234p5z", "6s", {}, {"ping_hu"}, 1),
    # 三財一刻 ×8: all three 財神 as a pung of their own face (jinhua.txt:55), beats the 爆頭 reading.
    ("san_cai_yi_ke", "6s", "123m456m789p666s2z", "2z", {}, {"san_cai_yi_ke"}, 8),
    # Three 白 are a plain 6s pung: no 三財一刻.
    ("three_bai_is_not_san_cai_yi_ke", "6s", "123m456m789p555z2z", "2z", {}, {"ping_hu"}, 1),
    # 天胡, 地胡, 人胡 ×2 each (jinhua.txt:61-65).
    ("tian_hu", "6s", PLAIN_HAND, "1z", {"winner": "E", **ctx(first_turn=True)}, {"tian_hu"}, 2),
    ("di_hu", "6s", PLAIN_HAND, "1z", {"discarder": "E", **ctx(first_turn=True)}, {"di_hu"}, 2),
    # RULING?: S has not discarded yet (W punged E's first discard) and wins on W's discard:
    # 地胡 needs the dealer's discard, so 平胡.
    ("first_turn_on_non_dealer_discard_no_di_hu", "6s", PLAIN_HAND, "1z", {"discarder": "W", **ctx(first_turn=True)}, {"ping_hu"}, 1),
    ("ren_hu", "6s", PLAIN_HAND, "1z", ctx(first_turn=True), {"ren_hu"}, 2),
    # 海底撈月 ×2 and it multiplies: "海捞7对 … 四倍, 清7对 … 八倍" (jinhua.txt:67).
    ("hai_di_lao_yue", "6s", PLAIN_HAND, "1z", ctx(last_tile=True), {"hai_di_lao_yue"}, 2),
    ("hai_di_lao_yue_qi_dui", "6s", "11m33m55p77p699s24z", "2z", ctx(last_tile=True), {"qi_dui", "hai_di_lao_yue"}, 4),
    ("hai_di_lao_yue_qing_qi_dui", "6s", "11m33m55p77p99s22z4z", "4z", ctx(last_tile=True), {"qing_qi_dui", "hai_di_lao_yue"}, 8),
    # RULING?: jinhua.txt:67 says "爆头的海捞是八倍", but RULEBOOK multiplies 爆頭 ×2 by 海底撈月 ×2.
    ("hai_di_lao_yue_bao_tou", "6s", BAO_TOU_HAND, "1z", ctx(last_tile=True), {"bao_tou", "hai_di_lao_yue"}, 4),
]


@pytest.mark.parametrize(("wild", "hand", "win", "extra", "expected", "multiplier"), by_id(CASES))
def test_pattern(wild, hand, win, extra, expected, multiplier):
    check_pattern(req("jinhua", hand, win, wild=wild, **extra), expected, multiplier)


# Payments (jinhua.txt:9,25, RULEBOOK §4): H = base × multiplier; self-draw: each pays 2H;
# discard: discarder 2H, the other two H. Contracts (jinhua.txt:71).
PAYMENTS = [
    P("self_draw_bao_tou", JH, (BAO_TOU_HAND, "1z"), "-4 +12 -4 -4", "self"),
    P("discard_quan_qiu_ren", JH, ("2z", "2z"), "-2 +8 -4 -2", "discard W", melds=QQR_MELDS),
    # 地胡 on the dealer's discard: the dealer pays 2H, no dealer multiplier.
    P("di_hu_dealer_discards", JH, (PLAIN_HAND, "1z"), "-4 +8 -2 -2", "discard E", context={"first_turn": True}),
    # 天胡 by the dealer: each pays 2H = 4.
    P("tian_hu_dealer", JH, (PLAIN_HAND, "1z"), "+12 -4 -4 -4", "self", w="E", context={"first_turn": True}),
    # 搶槓胡 pays as a discard by the robbed player (RULEBOOK §4 Ruling).
    P("rob_kong", JH, ("123m456m789p24p11z", "3p"), "-1 +4 -2 -1", "rob W"),
    # Fractional base stays exact.
    P("half_base", JH, (PLAIN_HAND, "1z"), "-0.5 +2 -1 -0.5", "discard W", b=0.5),
    # Contract: S made 3 claims from W and wins: W alone pays the total (2+2+2).
    P("contract_winner_claimed_from_w", JH, ("456p7z", "7z"), "0 +6 -6 0", "self", melds=["pung 111m", "pung 777p", "pung 333s"], claims=[("S", "W", 3)]),
    # Contract: W made 3 claims from S and S wins: W pays twice the total.
    P("contract_w_claimed_from_winner", JH, (PLAIN_HAND, "1z"), "0 +12 -12 0", "self", claims=[("W", "S", 3)]),
]



NOT_WINNING = [
    # 亂風 needs all 14 tiles honours.
    ("luan_feng_broken_by_a_suited_tile", "6s", "1122234466677z", "1m", {}),
    # 6 and 8 of 索 are only 2 apart: no 十三不靠.
    ("shi_san_bu_kao_tiles_too_close", "9p", "147m258p368s1234z", "7z", {}),
    # With wild 9p the 白 is a plain 9p, next to 8p: no 十三不靠 and no 七風 (RULEBOOK §1, jinhua.txt:5).
    ("bai_is_not_an_honour", "9p", "147m258p3s123456z", "7z", {}),
]


@pytest.mark.parametrize(("wild", "hand", "win", "extra"), by_id(NOT_WINNING))
def test_not_winning(wild, hand, win, extra):
    check_not_winning(req("jinhua", hand, win, wild=wild, **extra))


# (id, request, acceptable error fields)
ERRORS = [
    ("wild_missing", {"region": "jinhua", "hand": PLAIN_HAND, "win_tile": "1z", "win_type": "self_draw", "winner": "S", "dealer": "E"}, {"wild"}),
    # The flipped indicator leaves 3 copies of the 財神 type in play (RULEBOOK §1).
    ("four_wild_copies", req("jinhua", "123m456m789p6666s", "1z", wild="6s"), {"hand"}),
    ("wild_in_meld", req("jinhua", "123m456m789p1z", "1z", wild="6s", melds=["pung 666s"]), {"melds"}),
    # Nobody wins on a discarded 財神 (jinhua.txt:73, RULEBOOK §1).
    ("win_on_discarded_wild", req("jinhua", PLAIN_HAND, "6s", wild="6s", discarder="W"), {"win_tile", "win_type"}),
    ("cai_piao_without_bao_tou", req("jinhua", PLAIN_HAND, "1z", wild="6s", context={"cai_piao": 2}), {"context.cai_piao"}),
    # Robbing a kong of 3p while holding a 3p (RULEBOOK §1).
    ("rob_kong_of_held_tile", req("jinhua", "123m456m789p23p11z", "3p", wild="6s", win_type="rob_kong", discarder="W"), {"win_tile", "hand", "win_type"}),
    # With 白 as the 財神 type only three 白 are in play.
    ("four_bai_when_bai_is_wild", req("jinhua", "123m456m789p5555z", "1z", wild="5z"), {"hand"}),
    ("first_turn_with_meld", req("jinhua", "2z", "2z", wild="6s", melds=QQR_MELDS, discarder="E", context={"first_turn": True}), {"context.first_turn"}),
]


@pytest.mark.parametrize(("request_fields", "fields"), by_id(ERRORS))
def test_invalid(request_fields, fields):
    check_refused(request_fields, fields)


# === Payments: one line per hand, the net of E S W N (RULEBOOK §2-§5) ===

# --- Jinhua (RULEBOOK §4, jinhua.txt:9,25): H = base × multiplier ------------------
# self-draw: each of the three pays 2H; discard: discarder 2H, the two others H;
# 搶槓胡 pays as a discard by the robbed player (ruling). No dealer multiplier.
JINHUA = [
    P("jh-self-dealer-s0", JH, PLAIN, "+6 -2 -2 -2", "self", w="E"),
    P("jh-self-dealer-s1", JH, PLAIN, "+6 -2 -2 -2", "self", w="E", s=1),
    P("jh-self-dealer-s2", JH, PLAIN, "+6 -2 -2 -2", "self", w="E", s=2),
    P("jh-self-nondealer-s0", JH, PLAIN, "-2 +6 -2 -2", "self"),
    P("jh-self-nondealer-s1", JH, PLAIN, "-2 +6 -2 -2", "self", s=1),
    P("jh-self-nondealer-s2", JH, PLAIN, "-2 -2 -2 +6", "self", w="N", s=2),
    P("jh-discard-dealer-s0", JH, PLAIN, "+4 -2 -1 -1", "discard S", w="E"),
    P("jh-discard-dealer-s1", JH, PLAIN, "+4 -1 -1 -2", "discard N", w="E", s=1),
    P("jh-discard-nondealer-s0", JH, PLAIN, "-1 -1 +4 -2", "discard N", w="W"),
    P("jh-discard-dealer-s2", JH, PLAIN, "+4 -1 -2 -1", "discard W", w="E", s=2),
    P("jh-discard-nondealer-s1", JH, PLAIN, "-1 +4 -1 -2", "discard N", s=1),
    P("jh-discard-nondealer-s2", JH, PLAIN, "-2 +4 -1 -1", "discard E", s=2),
    P("jh-robkong-dealer-s0", JH, PLAIN, "+4 -2 -1 -1", "rob S", w="E"),
    P("jh-robkong-dealer-s1", JH, PLAIN, "+4 -1 -2 -1", "rob W", w="E", s=1),
    P("jh-robkong-dealer-s2", JH, PLAIN, "+4 -1 -1 -2", "rob N", w="E", s=2),
    P("jh-robkong-nondealer-s0", JH, PLAIN, "-1 -2 -1 +4", "rob S", w="N"),
    P("jh-robkong-nondealer-s1", JH, PLAIN, "-1 -1 +4 -2", "rob N", w="W", s=1),
    P("jh-robkong-nondealer-s2", JH, PLAIN, "-2 +4 -1 -1", "rob E", s=2),
    P("jh-discard-base2", JH, PLAIN, "-2 +8 -4 -2", "discard W", b=2),
    # RULEBOOK §5 examples 4 and 5.
    P("jh-example4", JH, ("123m456m789p234p1z", "1z"), "-1 -1 +4 -2", "discard N", w="W"),
    P("jh-example5-qingyise", JH, ("1232347897895s", "5s"), "-8 +24 -8 -8", "self"),
]


# --- Fractions: exact, never rounded (RULEBOOK §1 "Amounts", API.md "0.5") ---------
FRACTIONS = [
    P("frac-jinhua-base0.5-discard", JH, PLAIN, "-1 +2 -0.5 -0.5", "discard E", b=0.5),
    P("frac-jinhua-base1.5-self", JH, PLAIN, "-3 +9 -3 -3", "self", b=1.5),
]


# --- Contracts 承包 (RULEBOOK §4, jinhua.txt:71) --------------------------------------
# claims (by, from, n). Winner claimed ≥3 from A → A alone pays the total the winner
# collects; B claimed ≥3 from the winner → B alone pays twice that total. Exactly 2
# claims → nothing. Every contract counts, and they add (revised 2026-12-01).
CONTRACTS = [
    # Jinhua, S self-draws 平胡 ×1: normal 2 each, total 6.
    C("jh-contract-none", JH, "-2 +6 -2 -2", ""),
    C("jh-contract-winner-claimed-3-from-W", JH, "0 +6 -6 0", "S<W3"),
    C("jh-contract-N-claimed-3-from-winner", JH, "0 +12 0 -12", "N<S3"),
    C("jh-contract-winner-claimed-2-no-contract", JH, "-2 +6 -2 -2", "S<W2"),
    C("jh-contract-E-claimed-2-no-contract", JH, "-2 +6 -2 -2", "E<S2"),
    # Every contract counts and they add (jinhua.txt:71 "都要算"; RULEBOOK §4, revised):
    # E pays the total 6 for S's three claims, W twice it for claiming from S.
    C("jh-contracts-add-E-and-W", JH, "-6 +18 -12 0", "S<E3 W<S3"),
    C("jh-contracts-add-W-and-E", JH, "-12 +18 -6 0", "S<W3 E<S4"),
    C("jh-contracts-add-same-player-both-ways", JH, "-18 +18 0 0", "S<E3 E<S3"),
    # W wins on N's discard: normal "-1 -1 +4 -2", total 4.
    C("jh-contract-discard-winner-from-E", JH, "-4 0 +4 0", "W<E3", "discard N", w="W"),
    C("jh-contract-discard-N-from-winner", JH, "0 0 +8 -8", "N<W3", "discard N", w="W"),
]


@pytest.mark.parametrize(("request_", "expected"), JINHUA + PAYMENTS + FRACTIONS + CONTRACTS)
def test_payments_table(request_, expected):
    check_payments(request_, expected)
