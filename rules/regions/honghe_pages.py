"""Honghe as the pages show it: payment sentences and example hands (presentation only;
honghe.py holds the rules)."""

from typing import Any

from ..region import Wording
from ._pages import example


def _hand(hand: str, win_tile: str, **fields: Any) -> dict[str, Any]:
    return example("honghe", hand, win_tile, **{"wild": "9p", **fields})


PLAIN = "123m456m678p234s5z"
MELDS = ["chi 123m", "pung 555p", "pung 777s", "chi 234s"]

SELF_DRAW = Wording(zh="自摸：另外三家各付一份手分。",
                    en="Self-draw: each of the other three pays the hand value.",
                    source="honghe.txt:56", win_type="self_draw")
DISCARD = Wording(zh="點炮：放炮者付一份手分，另兩家各付半份。",
                  en="Discard: the discarder pays the hand value, the other two half of it "
                     "each.", source="honghe.txt:56", win_type="discard")
ROBBED_PAYS_ALL = Wording(zh="搶槓：被搶者獨付三份手分。",
                          en="Robbing a kong: the robbed player alone pays 3 × the hand value.",
                          source="honghe.txt:52", win_type="rob_kong")


def _rob_kong(value: str, zh: str, en: str, source: str) -> Wording:
    return Wording(zh=zh, en=en, source=source, win_type="rob_kong",
                   house_rule=("honghe_rob_kong", value))


PAYMENT_RULES = (
    Wording(zh="手分 = 底分 × 2^番，各番型的番數相加。",
            en="Hand value = base × 2^番, the 番 of all patterns added together.",
            source="honghe.txt:56"),
    SELF_DRAW, DISCARD, ROBBED_PAYS_ALL,
    Wording(zh="沒有莊家倍數，也沒有承包：莊家只是輪流坐。",
            en="No dealer factor and no 承包 contract: the dealer seat only rotates.",
            source="RULEBOOK §2"),
)

PAYMENT_SENTENCES = (
    SELF_DRAW, DISCARD,
    _rob_kong("robbed_pays_double", "搶槓：被搶者付兩份手分，另兩家各付一份。",
              "Robbing a kong: the robbed player pays 2 × the hand value, the other two 1 × "
              "each.", "honghe.txt:32"),
    _rob_kong("as_discard", "搶槓（照點炮）：被搶者付一份手分，另兩家各付半份。",
              "Robbing a kong, paid as a discard: the robbed player pays the hand value, the "
              "other two half of it each.", "honghe.txt:32,56"),
    _rob_kong("robbed_pays_two_alone", "搶槓：被搶者獨付兩份手分。",
              "Robbing a kong: the robbed player alone pays 2 × the hand value.",
              "honghe.txt:2"),
    ROBBED_PAYS_ALL,
)

EXAMPLES = {
    "san_bai_da": (_hand("123m456m789s5z999p", "5z", discarder="W"),),
    "gang_shang_kai_hua": (_hand("123m456m789m5p", "5p", melds=["kong 1111z"],
                                 context={"after_kong": True}),),
    "dan_diao": (_hand("1z", "1z", melds=MELDS, discarder="W"),),
    "huang_fan": (_hand(PLAIN, "5z", context={"previous_draws": 1}),),
    "lao_tou_huang": (_hand(PLAIN, "5z", wild="7z"),),
    "hai_di_lao_yue": (_hand(PLAIN, "5z", context={"last_tile": True}),),
    "tian_he": (_hand(PLAIN, "5z", winner="E", context={"first_turn": True}),),
    "di_he": (_hand(PLAIN, "5z", discarder="E", context={"first_turn": True}),),
    "bao_zi": (_hand(PLAIN, "5z", context={"dice": [3, 3]}),),
    "bai_da_lian_zhuang": (_hand(PLAIN, "5z", context={"previous_wild": "9p"}),),
    "hun_yi_se": (_hand("123m456m789m234m1z", "1z"),),
    # RULEBOOK §5 example 1, self-drawn and on W's discard (honghe.txt:56).
    "qing_yi_se": (_hand("1234567892345m", "5m", base=2),
                   _hand("1234567892345m", "5m", base=2, discarder="W")),
    "dui_dui_he": (_hand("11m33m55p77p99s22z4z", "4z"),),
    "si_lao_tou": (_hand("111z222z333z666z5m", "5m"),),
    "quan_lao_tou": (_hand("111z222z333z666z7z", "7z"),),
    # Four sets and a lone wild; RULEBOOK §5 example 8, six pairs and a lone wild.
    "ren_yi_hu": (_hand("123m456m789s555z9p", "3p"),
                  _hand("1133m5577p22s44z9p", "6z")),
}
