"""Example hands for the rules pages: at least one per pattern of every region.

Data only, in the request format of docs/API.md (tile notation). The rules pages score
each example with the engine when they render, and link it to the calculator;
tests/test_rules_pages.py checks that every example really scores its pattern.
Unless an example says otherwise: S wins by self-draw, E deals, base 1.
"""

from __future__ import annotations


def _hand(region: str, hand: str, win_tile: str, *, melds=(), context=None,
          house_rules=None, **fields) -> dict:
    """A score request; giving ``discarder`` without ``win_type`` makes it a discard win."""
    request = {"region": region, "hand": hand, "win_tile": win_tile,
               "win_type": "discard" if fields.get("discarder") else "self_draw",
               "winner": "S", "dealer": "E", "base": 1}
    if melds:
        request["melds"] = list(melds)
    if context:
        request["context"] = dict(context)
    if house_rules:
        request["house_rules"] = dict(house_rules)
    request.update(fields)
    return request


def _honghe(hand, win_tile, **fields):
    return _hand("honghe", hand, win_tile, **{"wild": "9p", **fields})


def _hangzhou(hand, win_tile, **fields):
    return _hand("hangzhou", hand, win_tile, **fields)


def _jinhua(hand, win_tile, **fields):
    return _hand("jinhua", hand, win_tile, **{"wild": "6s", **fields})


HONGHE_PLAIN = "123m456m678p234s5z"
HONGHE_MELDS = ["chi 123m", "pung 555p", "pung 777s", "chi 234s"]
HANGZHOU_BAO_TOU = "123m456m789p345s5z"  # four sets + a lone 白 財神
JINHUA_PLAIN = "123m456m789p234p1z"  # RULEBOOK §5 example 4
JINHUA_BAO_TOU = "123m456m789p234p6s"  # four sets + a lone 財神 6s
JINHUA_ALL_CLAIMED = ["chi 123m", "pung 555p", "chi 789s", "pung 111z"]

# region → pattern key → example requests
EXAMPLES: dict[str, dict[str, list[dict]]] = {
    "honghe": {
        "san_bai_da": [_honghe("123m456m789s5z999p", "5z", discarder="W")],
        "gang_shang_kai_hua": [_honghe("123m456m789m5p", "5p", melds=["kong 1111z"],
                                       context={"after_kong": True})],
        "dan_diao": [_honghe("1z", "1z", melds=HONGHE_MELDS, discarder="W")],
        "huang_fan": [_honghe(HONGHE_PLAIN, "5z", context={"previous_draws": 1})],
        "lao_tou_huang": [_honghe(HONGHE_PLAIN, "5z", wild="7z")],
        "hai_di_lao_yue": [_honghe(HONGHE_PLAIN, "5z", context={"last_tile": True})],
        "tian_he": [_honghe(HONGHE_PLAIN, "5z", winner="E", context={"first_turn": True})],
        "di_he": [_honghe(HONGHE_PLAIN, "5z", discarder="E", context={"first_turn": True})],
        "bao_zi": [_honghe(HONGHE_PLAIN, "5z", context={"dice": [3, 3]})],
        "bai_da_lian_zhuang": [_honghe(HONGHE_PLAIN, "5z", context={"previous_wild": "9p"})],
        "hun_yi_se": [_honghe("123m456m789m234m1z", "1z")],
        # RULEBOOK §5 example 1, self-drawn and on W's discard (honghe.txt:56).
        "qing_yi_se": [_honghe("1234567892345m", "5m", base=2),
                       _honghe("1234567892345m", "5m", base=2, discarder="W")],
        "dui_dui_he": [_honghe("11m33m55p77p99s22z4z", "4z")],
        "si_lao_tou": [_honghe("111z222z333z666z5m", "5m")],
        "quan_lao_tou": [_honghe("111z222z333z666z7z", "7z")],
        "ren_yi_hu": [_honghe("123m456m789s555z9p", "3p")],
    },
    "hangzhou": {
        "qi_dui": [_hangzhou("11m33m55p77p99s22z4z", "4z")],
        "hao_hua_qi_dui": [_hangzhou("1111m33p55s77s99s2z", "2z")],
        "shuang_hao_hua_qi_dui": [_hangzhou("1111m3333p55s77s9s", "9s")],
        "san_hao_hua_qi_dui": [_hangzhou("1111m3333p5555s7s", "7s")],
        # RULEBOOK §5 example 3: the dealer self-draws, 二連莊.
        "bao_tou": [_hangzhou(HANGZHOU_BAO_TOU, "9s", winner="E", dealer_streak=1)],
        "cai_piao": [_hangzhou(HANGZHOU_BAO_TOU, "9s", context={"cai_piao": 1})],
        # 槓暴 (hangzhou.txt:154): 槓開 × 暴頭.
        "gang_kai": [_hangzhou("123m456m789p2p", "2p", melds=["kong 1111z"],
                               context={"after_kong": True}),
                     _hangzhou("123m456m789s5z", "7z", melds=["ankong 2222p"],
                               context={"after_kong": True})],
    },
    "jinhua": {
        # RULEBOOK §5 example 4: W wins on N's discard.
        "ping_hu": [_jinhua(JINHUA_PLAIN, "1z", winner="W", discarder="N")],
        "peng_peng_hu": [_jinhua("22z44z", "4z", melds=["pung 111m", "pung 333p", "pung 777s"])],
        "quan_qiu_ren": [_jinhua("2z", "2z", melds=JINHUA_ALL_CLAIMED, discarder="W")],
        "qi_dui": [_jinhua("11m33m55p77p699s24z", "2z")],
        "qing_qi_dui": [_jinhua("11m33m55p77p99s22z4z", "4z")],
        "hao_hua_qi_dui": [_jinhua("1111m33p55s77s6s24z", "2z")],
        "qi_dui_bao_tou": [_jinhua("11m33m55p77p699s22z", "4z")],
        "shuang_hao_hua_qi_dui": [_jinhua("1111m3333p55s77s9s", "9s")],
        "san_hao_hua_qi_dui": [_jinhua("1111m3333p5555s7s", "7s")],
        "shi_san_bu_kao": [_jinhua("147m258p369s1234z", "7z", wild="9p")],
        "qi_feng": [_jinhua("147m258p3s123467z", "9p", wild="9p")],
        "gang_shang_kai_hua": [_jinhua("123m456m789p2p", "2p", melds=["kong 1111z"],
                                       context={"after_kong": True})],
        # RULEBOOK §5 example 5 (no 財神 ×4), and with a 財神 at its own face (×2).
        "qing_yi_se": [_jinhua("1232347897895s", "5s"),
                       _jinhua("123s234s789s78s55s", "6s")],
        "hun_yi_se": [_jinhua("123s234s789s789s1z", "1z")],
        "luan_feng": [_jinhua("1122234466677z", "7z")],
        "qing_feng": [_jinhua("111z222z333z444z7z", "7z")],
        "cai_shen_tou": [_jinhua("123m456m789p22p66s", "2p")],
        "san_cai_yi_ke": [_jinhua("123m456m789p666s2z", "2z")],
        "bao_tou": [_jinhua(JINHUA_BAO_TOU, "1z")],
        "cai_piao": [_jinhua(JINHUA_BAO_TOU, "1z", context={"cai_piao": 1})],
        "tian_hu": [_jinhua(JINHUA_PLAIN, "1z", winner="E", context={"first_turn": True})],
        "di_hu": [_jinhua(JINHUA_PLAIN, "1z", discarder="E", context={"first_turn": True})],
        "ren_hu": [_jinhua(JINHUA_PLAIN, "1z", context={"first_turn": True})],
        "hai_di_lao_yue": [_jinhua(JINHUA_PLAIN, "1z", context={"last_tile": True})],
    },
}
