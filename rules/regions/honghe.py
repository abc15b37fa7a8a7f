"""Honghe 洪合麻將 (honghe.txt): 番 add up, a hand is worth base × 2^番 (RULEBOOK §2)."""


from typing import cast

from .. import checks as c
from .. import near_misses as nm
from ..readings import SEVEN_PAIRS, STANDARD, Reading
from ..region import Amount, Choice, HouseRule, Pattern, Payments, Region, each_pays, half, one_pays
from ..request import Deal
from ..tiles import is_honour
from . import honghe_pages as pages
from .shared import circumstance, kong_replacement_win, on_lone_wild

HOUSE_RULES = (
    HouseRule(key="honghe_rob_kong", label_zh="搶槓胡誰付", label_en="Robbing a kong: who pays",
              choices=(
        Choice(value="robbed_pays_all", label_zh="被搶的人獨付三倍",
               label_en="The robbed player alone pays 3 × the hand value",
               source="honghe.txt:52"),
        Choice(value="robbed_pays_double", label_zh="被搶的人付兩倍，另外兩家各付一倍",
               label_en="The robbed player pays 2 ×, the other two 1 × each",
               source="honghe.txt:32"),
        Choice(value="as_discard", label_zh="照點炮付：被搶的人付一倍，另外兩家各付一半",
               label_en="As a discard: the robbed player pays 1 ×, the other two half each",
               source="honghe.txt:32,56"),
        Choice(value="robbed_pays_two_alone", label_zh="被搶的人獨付兩倍",
               label_en="The robbed player alone pays 2 × the hand value",
               source="honghe.txt:2"),
    )),
)


def _three_wilds(r: Reading, d: Deal) -> bool:
    return d.wild_count >= 3


def _single_wait(r: Reading, d: Deal) -> bool:
    return len(d.melds) == 4 and r.shape == STANDARD


def _after_draws(r: Reading, d: Deal) -> bool:
    return d.context.previous_draws >= 1


def _honour_wild(r: Reading, d: Deal) -> bool:
    return is_honour(d.wild)


def _pair_dice(r: Reading, d: Deal) -> bool:
    return d.context.dice is not None and d.context.dice[0] == d.context.dice[1]


def _same_wild(r: Reading, d: Deal) -> bool:
    return d.context.previous_wild == d.wild


def _any_tile_wins(r: Reading, d: Deal) -> bool:
    """任意胡: before the win the only single tile was a wild — four sets and a lone
    wild, or six pairs and a lone wild (RULEBOOK §2, revised) — and the drawn tile pairs
    with it."""
    return c.lone_wild_win(r, d)


def _four_honour_triplets(r: Reading, d: Deal) -> bool:
    return r.honour_triplets == 4 and r.shape == STANDARD


PATTERNS = (
    Pattern(key="san_bai_da", near=nm.three_wilds, per_hand=True,
            name="三百搭", english="three wilds", value=1,
            source="honghe.txt:35", check=_three_wilds,
            needs_wild=True,
            rule_zh="和牌的十四張裡有三張或以上百搭（和牌那張也算）。",
            rule_en="Three or more wild tiles among the 14, the winning tile included."),
    kong_replacement_win(value=1, source="honghe.txt:36"),
    Pattern(key="dan_diao", name="單吊", english="single wait after four melds", value=1,
            source="honghe.txt:37", check=_single_wait,
            shapes=c.STANDARD_ONLY,
            rule_zh="已亮出四組（暗槓也算），手裡只剩一張，和的牌與它成將。",
            rule_en="Four declared melds (concealed kongs count), one tile left in hand, "
                    "and the winning tile pairs with it."),
    circumstance(key="huang_fan", name="黃番", english="after drawn hands", value=1,
                 source="honghe.txt:38", check=_after_draws,
                 rule_zh="前面有流局（黃莊）；不論幾局，只加一番（裁定）。",
                 rule_en="One or more drawn hands came before this one; 1 番 however many "
                         "(ruling)."),
    Pattern(key="lao_tou_huang", per_hand=True,
            name="老頭黃", english="honour wild", value=1,
            source="honghe.txt:39", check=_honour_wild,
            rule_zh="本局的百搭是風牌或字牌。",
            rule_en="This hand's wild is a wind or dragon tile."),
    circumstance(key="hai_di_lao_yue", name="海底撈月", english="win on the last tile", value=1,
                 source="honghe.txt:40", check=c.last_tile,
                 rule_zh="自摸牌牆最後一張可摸的牌和牌。",
                 rule_en="Self-drawn win on the last tile of the wall."),
    circumstance(key="tian_he", name="天和", english="heavenly hand", value=2,
                 source="honghe.txt:41", check=c.dealer_first_turn,
                 rule_zh="莊家一張牌都還沒打就自摸和牌。",
                 rule_en="The dealer wins before making a single discard."),
    circumstance(key="di_he", name="地和", english="earthly hand", value=2,
                 source="honghe.txt:42", check=c.non_dealer_first_turn,
                 rule_zh="閒家還沒打出第一張牌就和牌（自摸或點炮皆可）。",
                 rule_en="A non-dealer wins before their first discard, by self-draw or "
                         "discard."),
    circumstance(key="bao_zi", name="包子", english="doubles on the dice", value=1,
                 source="honghe.txt:43", check=_pair_dice,
                 rule_zh="開局擲出的兩顆骰子點數相同。",
                 rule_en="The two opening dice showed the same number."),
    circumstance(key="bai_da_lian_zhuang", name="百搭連莊", english="same wild again",
                 value=1, source="honghe.txt:44", check=_same_wild,
                 rule_zh="本局的百搭和上一局相同。",
                 rule_en="The wild is the same tile type as in the previous hand."),
    Pattern(key="hun_yi_se", near=nm.one_suit_and_honours,
            name="混一色", english="one suit and honours", value=1,
            source="honghe.txt:45", check=c.one_suit_and_honours,
            max_suits=2,
            rule_zh="只有萬、筒、條中的一門，加上風牌或字牌（兩者都要有）。",
            rule_en="One suit of characters, dots or bamboo plus honours, both present."),
    Pattern(key="qing_yi_se", near=nm.one_suit, name="清一色", english="one suit", value=2,
            source="honghe.txt:46", check=c.one_suit,
            max_suits=1,
            rule_zh="全部是萬、筒、條中的同一門，沒有風字牌。",
            rule_en="Every tile of one suit, no honours."),
    Pattern(key="dui_dui_he", name="對對和", english="seven pairs", value=2,
            source="honghe.txt:47", check=c.seven_pairs,
            shapes=c.SEVEN_PAIRS_ONLY,
            rule_zh="七個對子和牌（本地叫對對和，即七小對）。",
            rule_en="Seven pairs (the local name for 七小對)."),
    Pattern(key="si_lao_tou", near=nm.honour_triplets,
            name="四老頭", english="four honour sets", value=2,
            source="honghe.txt:48", check=_four_honour_triplets,
            shapes=c.STANDARD_ONLY,
            max_suits=2,
            rule_zh="四組面子都是風牌或字牌的刻子／槓子。",
            rule_en="All four sets are pungs or kongs of honours."),
    Pattern(key="quan_lao_tou", name="全老頭", english="all honours", value=10,
            source="honghe.txt:49", check=c.every_tile_honour,
            excludes=frozenset({"si_lao_tou", "hun_yi_se"}),
            max_suits=1,
            rule_zh="每張牌都是風牌或字牌（任何合法牌型）；算了它就不再算四老頭、混一色（裁定）。",
            rule_en="Every tile is an honour, in any legal shape; replaces 四老頭 and 混一色 "
                    "(ruling)."),
    on_lone_wild(key="ren_yi_hu", near=nm.lone_wild, name="任意胡", english="any tile wins",
                 value=1, source="honghe.txt:50", check=_any_tile_wins,
                 rule_zh="和牌前手上只剩一張單獨的百搭（四組加單百搭，或六對加單百搭），摸到任何"
                         "一張都能和；須自摸（裁定），摸到的牌與百搭成對。",
                 rule_en="Before the win the only single tile was a wild (four sets and a lone "
                         "wild, or six pairs and a lone wild), so any tile wins; it must be "
                         "self-drawn (ruling), the drawn tile pairing with the wild."),
)


def pay(deal: Deal, value: Amount) -> Payments:
    """honghe.txt:56: self-draw, each pays V; discard, the discarder V and the other
    two V/2. Robbing a kong: the house rule honghe_rob_kong, one choice per reading of
    the text (default honghe.txt:52, the robbed player alone 3V)."""
    win_type = deal.win_type
    if win_type == "self_draw":
        return each_pays(deal, value)
    if win_type == "discard":
        return each_pays(deal, half(value), deal.discarder, value)
    rule = deal.house_rule("honghe_rob_kong")
    if rule == "robbed_pays_all":
        return one_pays(deal, cast(str, deal.discarder), 3 * value)
    if rule == "robbed_pays_double":
        return each_pays(deal, value, deal.discarder, 2 * value)
    if rule == "as_discard":
        return each_pays(deal, half(value), deal.discarder, value)
    return one_pays(deal, cast(str, deal.discarder), 2 * value)


REGION = Region(
    key="honghe", name="洪合麻將", name_zh_hans="洪合麻将", english="Honghe (Jiaxing)",
    wild_name="百搭", default_wild=None, white_substitutes=False,
    shapes=(STANDARD, SEVEN_PAIRS), patterns=PATTERNS, adds_fan=True, pay=pay,
    house_rules=HOUSE_RULES,
    context_keys=("after_kong", "last_tile", "first_turn", "dice", "previous_draws",
                  "previous_wild"),
    reads_history=True,
    listed=2, wild_badge="搭",
    payment_rules=pages.PAYMENT_RULES, payment_sentences=pages.PAYMENT_SENTENCES,
    examples=pages.EXAMPLES,
    compares_as={"dui_dui_he": "qi_dui", "ren_yi_hu": "bao_tou", "tian_he": "tian_hu",
                 "di_he": "di_hu"},
)
