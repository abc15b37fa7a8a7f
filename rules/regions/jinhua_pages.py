"""Jinhua as the pages show it: payment sentences and example hands (presentation only;
jinhua.py holds the rules)."""

from typing import Any

from ..region import Wording
from ._pages import example


def _hand(hand: str, win_tile: str, **fields: Any) -> dict[str, Any]:
    return example("jinhua", hand, win_tile, **{"wild": "6s", **fields})


PLAIN = "123m456m789p234p1z"  # RULEBOOK §5 example 4
BAO_TOU = "123m456m789p234p6s"  # four sets + a lone 財神 6s
ALL_CLAIMED = ["chi 123m", "pung 555p", "chi 789s", "pung 111z"]

SELF_DRAW = Wording(zh="自摸：另外三家各付兩份手分。",
                    en="Self-draw: each of the other three pays 2 × the hand value.",
                    source="jinhua.txt:9", win_type="self_draw")
DISCARD = Wording(zh="點炮：放炮者付兩份手分，另兩家各付一份。",
                  en="Discard: the discarder pays 2 × the hand value, the other two 1 × each.",
                  source="jinhua.txt:9,25", win_type="discard")
# The text allows 搶槓胡 (jinhua.txt:5) but never says who pays: our ruling (RULEBOOK §4).
ROB_KONG = Wording(zh="搶槓算點炮：被搶者照放炮者付兩份手分，另兩家各付一份。",
                   en="Robbing a kong counts as a discard by the robbed player: the robbed "
                      "player pays 2 × the hand value, the other two 1 × each.",
                   source="RULEBOOK §4", win_type="rob_kong")

PAYMENT_RULES = (
    Wording(zh="手分 = 底分 × 各番型倍數相乘。",
            en="Hand value = base × the patterns' multipliers multiplied together.",
            source="jinhua.txt:11"),
    SELF_DRAW, DISCARD, ROB_KONG,
    Wording(zh="沒有莊家倍數。", en="No dealer factor.", source="RULEBOOK §4"),
    Wording(zh="承包：和牌者吃碰同一家滿 3 次，由那一家付和牌者的全部所得；某家吃碰和牌者"
               "滿 3 次，由該家付全部所得的兩倍。每個承包都算，而且相加：各承包者付自己"
               "那一份，其他人不付。",
            en="承包: after 3 claims by the winner from one player, that player pays the "
               "winner's whole take; after 3 claims by a player from the winner, that player "
               "pays twice the whole take. Every contract counts and they add: each payer "
               "pays its own, nobody else pays.", source="jinhua.txt:71"),
)

PAYMENT_SENTENCES = (SELF_DRAW, DISCARD, ROB_KONG)

EXAMPLES = {
    # RULEBOOK §5 example 4: W wins on N's discard.
    "ping_hu": (_hand(PLAIN, "1z", winner="W", discarder="N"),),
    # Three claimed pungs; RULEBOOK §5 example 9 with one pung concealed, under the house
    # rule jinhua_peng_peng_hu = any_pungs.
    "peng_peng_hu": (_hand("22z44z", "4z", melds=["pung 111m", "pung 333p", "pung 777s"]),
                     _hand("222s3337z", "7z", winner="W", melds=["pung 111m", "pung 999p"],
                           house_rules={"jinhua_peng_peng_hu": "any_pungs"})),
    "quan_qiu_ren": (_hand("2z", "2z", melds=ALL_CLAIMED, discarder="W"),),
    "qi_dui": (_hand("11m33m55p77p699s24z", "2z"),),
    "qing_qi_dui": (_hand("11m33m55p77p99s22z4z", "4z"),),
    "hao_hua_qi_dui": (_hand("1111m33p55s77s6s24z", "2z"),),
    "qi_dui_bao_tou": (_hand("11m33m55p77p699s22z", "4z"),),
    "shuang_hao_hua_qi_dui": (_hand("1111m3333p55s77s9s", "9s"),),
    "san_hao_hua_qi_dui": (_hand("1111m3333p5555s7s", "7s"),),
    "shi_san_bu_kao": (_hand("147m258p369s1234z", "7z", wild="9p"),),
    "qi_feng": (_hand("147m258p3s123467z", "9p", wild="9p"),),
    "gang_shang_kai_hua": (_hand("123m456m789p2p", "2p", melds=["kong 1111z"],
                                 context={"after_kong": True}),),
    # RULEBOOK §5 example 5 (no 財神 ×4), and with a 財神 at its own face (×2).
    "qing_yi_se": (_hand("1232347897895s", "5s"),
                   _hand("123s234s789s78s55s", "6s")),
    "hun_yi_se": (_hand("123s234s789s789s1z", "1z"),),
    "luan_feng": (_hand("1122234466677z", "7z"),),
    "qing_feng": (_hand("111z222z333z444z7z", "7z"),),
    "cai_shen_tou": (_hand("123m456m789p22p66s", "2p"),),
    "san_cai_yi_ke": (_hand("123m456m789p666s2z", "2z"),),
    "bao_tou": (_hand(BAO_TOU, "1z"),),
    "cai_piao": (_hand(BAO_TOU, "1z", context={"cai_piao": 1}),),
    "tian_hu": (_hand(PLAIN, "1z", winner="E", context={"first_turn": True}),),
    "di_hu": (_hand(PLAIN, "1z", discarder="E", context={"first_turn": True}),),
    "ren_hu": (_hand(PLAIN, "1z", context={"first_turn": True}),),
    "hai_di_lao_yue": (_hand(PLAIN, "1z", context={"last_tile": True}),),
}
