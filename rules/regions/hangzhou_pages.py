"""Hangzhou as the pages show it: payment sentences and example hands (presentation
only; hangzhou.py holds the rules)."""

from typing import Any

from ..region import Wording
from ._pages import example


def _hand(hand: str, win_tile: str, **fields: Any) -> dict[str, Any]:
    return example("hangzhou", hand, win_tile, **fields)


BAO_TOU = "123m456m789p345s5z"  # four sets + a lone 白 財神
MODERN = ("hangzhou_scoring", "modern")

PAYMENT_RULES = (
    Wording(zh="手分 = 底分 × 各番型倍數相乘；沒有番型的和牌為 ×1。",
            en="Hand value = base × the patterns' multipliers multiplied together; a plain "
               "hand is ×1.", source="hangzhou.txt:182"),
    Wording(zh="莊家倍數：平莊 ×2，二連莊 ×4，三連莊及以上 ×8。",
            en="Dealer factor: ×2 平莊, ×4 二連莊, ×8 三連莊 and more.",
            source="hangzhou.txt:190-194"),
    Wording(zh="莊家自摸：另外三家各付手分 × 莊家倍數。",
            en="The dealer self-draws: each of the other three pays the hand value × the "
               "dealer factor.", source="hangzhou.txt:184"),
    Wording(zh="閒家自摸：莊家付手分 × 莊家倍數，另兩家各付一份手分。",
            en="A non-dealer self-draws: the dealer pays the hand value × the dealer factor, "
               "the other two the hand value each.", source="hangzhou.txt:184"),
    Wording(zh="點炮：三連莊起才可以，且只在莊家與閒家之間；放炮者獨付手分 × 莊家倍數。"
               "能暴頭的牌不能點炮和。",
            en="Discard: only from 三連莊 on, between the dealer and a non-dealer; the "
               "discarder alone pays the hand value × the dealer factor. A hand ready for "
               "暴頭 never wins on a discard.", source="hangzhou.txt:60,170"),
    Wording(zh="搶槓：照點炮的條件（三連莊起，莊家與閒家之間）；被搶者照放炮者付，"
               "獨付手分 × 莊家倍數。",
            en="Robbing a kong: on a discard win's terms (from 三連莊 on, between the "
               "dealer and a non-dealer); the robbed player pays as the discarder would, "
               "alone, the hand value × the dealer factor.",
            source="hangzhou.txt:16; RULEBOOK §3"),
    Wording(zh="承包：和牌者吃碰同一家滿 3 次，由那一家獨付和牌者的全部所得；某家吃碰和牌者"
               "滿 3 次，由該家獨付全部所得的兩倍。",
            en="承包: after 3 claims by the winner from one player, that player alone pays "
               "the winner's whole take; after 3 claims by a player from the winner, that "
               "player alone pays twice the whole take.", source="hangzhou.txt:168,198"),
    Wording(zh="最多只算一個承包：吃碰次數最多的那個；次數一樣時，從和牌者的下家起按座位順序"
               "取先到的一家（同一家兩個承包次數一樣時，取付兩倍的那個）。",
            en="At most one contract counts: the one with the most claims; on a tie, the "
               "first in seat order from the winner's next player (two contracts with the "
               "same player and as many claims: the one paying twice).",
            source="RULEBOOK §3"),
    Wording(zh="房規「計分方式」為「現行」時：只能自摸，沒有莊家倍數，也不包牌；莊家自摸"
               "另外三家各付一份手分，閒家自摸莊家付一份、另兩家各付八分之一。",
            en="Under the house rule “Scoring: as played now”: self-draws only, no dealer "
               "factor and no contract; the dealer self-draws, each of the other three pays "
               "the hand value; a non-dealer self-draws, the dealer pays it and the other "
               "two an eighth of it each.", source="hangzhou.txt:176"),
)

PAYMENT_SENTENCES = (
    Wording(zh="莊家自摸（現行計分）：另外三家各付一份手分。",
            en="The dealer self-drew (scoring as played now): each of the other three pays "
               "the hand value.", source="hangzhou.txt:176",
            win_type="self_draw", winner_is_dealer=True, house_rule=MODERN),
    Wording(zh="閒家自摸（現行計分）：莊家付一份手分，另兩家各付八分之一。",
            en="A non-dealer self-drew (scoring as played now): the dealer pays the hand "
               "value, the other two an eighth of it each.", source="hangzhou.txt:176",
            win_type="self_draw", winner_is_dealer=False, house_rule=MODERN),
    Wording(zh="莊家自摸：另外三家各付手分 ×{factor}。",
            en="The dealer self-drew: each of the other three pays the hand value × "
               "{factor}.", source="hangzhou.txt:184",
            win_type="self_draw", winner_is_dealer=True),
    Wording(zh="莊家付手分 ×{factor}，另兩家各付一份手分。",
            en="The dealer pays the hand value × {factor}, the other two the hand value.",
            source="hangzhou.txt:184", win_type="self_draw", winner_is_dealer=False),
    Wording(zh="點炮：放炮者獨付手分 ×{factor}。",
            en="Discard: the discarder alone pays the hand value × {factor}.",
            source="hangzhou.txt:60,170", win_type="discard"),
    Wording(zh="搶槓（照點炮）：被搶者獨付手分 ×{factor}。",
            en="Robbing a kong, as a discard: the robbed player alone pays the hand value × "
               "{factor}.", source="hangzhou.txt:16", win_type="rob_kong"),
)

EXAMPLES = {
    "qi_dui": (_hand("11m33m55p77p99s22z4z", "4z"),),
    "hao_hua_qi_dui": (_hand("1111m33p55s77s99s2z", "2z"),),
    "shuang_hao_hua_qi_dui": (_hand("1111m3333p55s77s9s", "9s"),),
    "san_hao_hua_qi_dui": (_hand("1111m3333p5555s7s", "7s"),),
    "bao_tou": (
        # RULEBOOK §5 example 3: the dealer self-draws, 二連莊.
        _hand(BAO_TOU, "9s", winner="E", dealer_streak=1),
        # RULEBOOK §5 example 7: the same as played now, no dealer factor.
        _hand(BAO_TOU, "9s", winner="E", dealer_streak=3, house_rules=dict([MODERN])),
        # Six pairs and a lone 財神, self-drawn, under hangzhou_seven_pairs_bao_tou = yes.
        _hand("11m33m55p77p99s22z5z", "4z",
              house_rules={"hangzhou_seven_pairs_bao_tou": "yes"}),
    ),
    "cai_piao": (_hand(BAO_TOU, "9s", context={"cai_piao": 1}),),
    # 槓開 alone; 槓暴 (hangzhou.txt:154): 槓開 × 暴頭; 槓飄 (hangzhou.txt:158, and the
    # text's 飄槓, :162): 槓開 × 暴頭 × 財飄.
    "gang_kai": (_hand("123m456m789p2p", "2p", melds=["kong 1111z"],
                       context={"after_kong": True}),
                 _hand("123m456m789s5z", "7z", melds=["ankong 2222p"],
                       context={"after_kong": True}),
                 _hand("123m456m789s5z", "7z", melds=["ankong 2222p"],
                       context={"after_kong": True, "cai_piao": 1})),
}
