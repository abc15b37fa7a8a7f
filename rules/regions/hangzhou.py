"""Hangzhou 杭州麻將 (hangzhou.txt): × values multiply; dealer factor ×2/×4/×8 (RULEBOOK §3)."""


from .. import checks as c
from ..readings import SEVEN_PAIRS, STANDARD
from ..region import Amount, Pattern, Payments, Region, each_pays, one_pays
from ..request import Deal

_SEVEN_PAIRS = frozenset({"qi_dui"})

PATTERNS = (
    Pattern(key="qi_dui", name="七對", english="seven pairs", value=2,
            source="hangzhou.txt:120", check=c.seven_pairs,
            shapes=c.SEVEN_PAIRS_ONLY,
            rule_zh="七個對子和牌，字牌數牌都可以。",
            rule_en="Seven pairs, honours or suited."),
    Pattern(key="hao_hua_qi_dui", name="豪華七對", english="seven pairs with four of a kind",
            value=4, source="hangzhou.txt:124", check=c.quads(1), excludes=_SEVEN_PAIRS,
            shapes=c.SEVEN_PAIRS_ONLY,
            rule_zh="七對裡有四張一樣的牌當兩對用；七對類只算最高的一個。",
            rule_en="Seven pairs in which four identical tiles serve as two pairs; only "
                    "the highest seven-pairs pattern counts."),
    Pattern(key="shuang_hao_hua_qi_dui", name="兩豪華七對",
            english="seven pairs with two fours of a kind", value=8,
            source="hangzhou.txt:128", check=c.quads(2), excludes=_SEVEN_PAIRS,
            shapes=c.SEVEN_PAIRS_ONLY,
            rule_zh="七對裡有兩組四張一樣的牌。",
            rule_en="Seven pairs with two sets of four identical tiles."),
    Pattern(key="san_hao_hua_qi_dui", name="三豪華七對",
            english="seven pairs with three fours of a kind", value=16,
            source="hangzhou.txt:132", check=c.quads(3), excludes=_SEVEN_PAIRS,
            shapes=c.SEVEN_PAIRS_ONLY,
            rule_zh="七對裡有三組四張一樣的牌。",
            rule_en="Seven pairs with three sets of four identical tiles."),
    Pattern(key="bao_tou", name="暴頭", english="lone-wild self-draw", value=2,
            source="hangzhou.txt:136", check=c.lone_wild_self_draw,
            shapes=c.STANDARD_ONLY, needs_wild=True,
            rule_zh="和牌前手上是四組加一張單獨的財神，隨後自摸和牌；將是財神加摸到的牌。",
            rule_en="Before the win the hand was four sets plus a lone 財神, and the next "
                    "draw won: the pair is the 財神 and the drawn tile."),
    Pattern(key="cai_piao", name="財飄", english="wild thrown away, then 暴頭",
            value=c.cai_piao_value, source="hangzhou.txt:140", check=c.cai_piao,
            shapes=c.STANDARD_ONLY, needs_wild=True, needs_context=True,
            rule_zh="能暴頭時不和，打出一張財神，之後仍以暴頭自摸；每飄一次再乘二"
                    "（hangzhou.txt:146）。",
            rule_en="Ready to win by 暴頭, the player threw a 財神 instead and later won by "
                    "暴頭 all the same; ×2 for each such throw in a row."),
    Pattern(key="gang_kai", per_hand=True,
            name="槓開", english="win on a kong replacement", value=2,
            source="hangzhou.txt:148", check=c.after_kong,
            needs_context=True,
            rule_zh="自己開槓後補進的牌和牌（即槓上開花）。",
            rule_en="Won with the replacement tile drawn after one's own kong."),
)

# How players name the combinations (hangzhou.txt:154-164); each is the product of its parts.
COMBINATIONS = (
    (frozenset({"gang_kai", "bao_tou", "cai_piao"}), "槓飄"),
    (frozenset({"gang_kai", "bao_tou"}), "槓暴"),
)


def dealer_factor(deal: Deal) -> int:
    """平莊 ×2, 二連莊 ×4, 三連莊 and more ×8 (hangzhou.txt:184,190-194)."""
    streak = deal.dealer_streak
    return 2 if streak == 0 else 4 if streak == 1 else 8


def pay(deal: Deal, value: Amount) -> Payments:
    """hangzhou.txt:184: the dealer's share is multiplied by the dealer factor. A discard
    win (only dealer against non-dealer from 三連莊) is paid by the discarder alone,
    at the dealer factor (ruling, RULEBOOK §3)."""
    factor = dealer_factor(deal)
    if deal.win_type == "discard":
        return one_pays(deal, deal.discarder, value * factor)
    if deal.winner == deal.dealer:
        return each_pays(deal, value * factor)
    return each_pays(deal, value, deal.dealer, value * factor)


REGION = Region(
    key="hangzhou", name="杭州麻將", english="Hangzhou",
    shapes=(STANDARD, SEVEN_PAIRS), patterns=PATTERNS, adds_fan=False, pay=pay,
    contracts=True,
)
