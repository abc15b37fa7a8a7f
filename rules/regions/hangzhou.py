"""Hangzhou 杭州麻將 (hangzhou.txt): × values multiply; dealer factor ×2/×4/×8 (RULEBOOK §3)."""


from typing import cast

from .. import checks as c
from .. import near_misses as nm
from ..problems import problem
from ..readings import SEVEN_PAIRS, STANDARD, Reading
from ..region import (
    Amount,
    Choice,
    Contract,
    HouseRule,
    Pattern,
    Payments,
    Problem,
    Region,
    each_pays,
    one_contract,
    one_pays,
    share,
)
from ..request import Deal
from ..tiles import WHITE
from . import hangzhou_pages as pages
from .shared import circumstance, on_lone_wild, seven_pairs_with_fours

HOUSE_RULES = (
    HouseRule(key="hangzhou_scoring", label_zh="計分方式", label_en="Scoring", choices=(
        Choice(value="classic", label_zh="傳統：莊家倍數、可包牌、三連莊起可點炮",
               label_en="Classic: dealer factor, contracts, discard wins from 三連莊",
               source="hangzhou.txt:180-194"),
        Choice(value="modern", label_zh="現行：只能自摸、不包牌、沒有莊家倍數；閒家自摸莊家付全數、"
                                        "其他閒家各付八分之一",
               label_en="As played now: self-draw only, no contract, no dealer factor; on a "
                        "non-dealer's self-draw the dealer pays the hand value and the other "
                        "two an eighth each",
               source="hangzhou.txt:176"),
    )),
    HouseRule(key="hangzhou_discard", label_zh="點炮胡", label_en="Winning on a discard",
              choices=(
        Choice(value="dealer_streak3", label_zh="三連莊起，莊家與閒家之間可點炮胡、搶槓胡",
               label_en="From 三連莊, between the dealer and a non-dealer (also robbing a "
                        "kong)",
               source="hangzhou.txt:16,60,170"),
        Choice(value="never", label_zh="不能點炮胡，也不能搶槓胡",
               label_en="Never: no discard win and no robbing a kong",
               source="hangzhou.txt:60"),
    )),
    HouseRule(key="hangzhou_seven_pairs_bao_tou", label_zh="六對加單財神自摸",
              label_en="Six pairs and a lone 財神, self-drawn", choices=(
        Choice(value="no", label_zh="只算七對；暴頭要四組加單財神",
               label_en="Seven pairs only: 暴頭 needs four sets and a lone 財神",
               source="hangzhou.txt:136"),
        Choice(value="yes", label_zh="也算暴頭（七對再乘二，可再財飄），網上杭州麻將的算法",
               label_en="Also 暴頭 (×2 on top of seven pairs, 財飄 may follow), as online "
                        "Hangzhou play scores it",
               source="RULEBOOK §3"),
    )),
)


def _modern(d: Deal) -> bool:
    return d.house_rule("hangzhou_scoring") == "modern"


def _seven_pairs_bao_tou(d: Deal) -> bool:
    return d.house_rule("hangzhou_seven_pairs_bao_tou") == "yes"


def _bao_tou(r: Reading, d: Deal) -> bool:
    """暴頭: four sets and a lone 財神 before a self-drawn win (hangzhou.txt:136); under
    hangzhou_seven_pairs_bao_tou = yes six pairs and a lone 財神 too."""
    return (r.shape == STANDARD or _seven_pairs_bao_tou(d)) and c.lone_wild_win(r, d)


def _cai_piao(r: Reading, d: Deal) -> bool:
    return d.context.cai_piao > 0 and _bao_tou(r, d)

_SEVEN_PAIRS = frozenset({"qi_dui"})

PATTERNS = (
    Pattern(key="qi_dui", name="七對", english="seven pairs", value=2,
            source="hangzhou.txt:120", check=c.seven_pairs,
            shapes=c.SEVEN_PAIRS_ONLY,
            rule_zh="七個對子和牌，字牌數牌都可以。",
            rule_en="Seven pairs, honours or suited."),
    seven_pairs_with_fours(1, value=4, source="hangzhou.txt:124", excludes=_SEVEN_PAIRS),
    seven_pairs_with_fours(2, value=8, source="hangzhou.txt:128", excludes=_SEVEN_PAIRS),
    seven_pairs_with_fours(3, value=16, source="hangzhou.txt:132", excludes=_SEVEN_PAIRS),
    on_lone_wild(key="bao_tou", near=nm.lone_wild, name="暴頭", english="lone-wild self-draw",
                 value=2, source="hangzhou.txt:136", check=_bao_tou,
                 rule_zh="和牌前手上是四組加一張單獨的財神，隨後自摸和牌；將是財神加摸到的牌。"
                         "房規「六對加單財神自摸」為「也算」時，六對加單財神自摸也算暴頭。",
                 rule_en="Before the win the hand was four sets plus a lone 財神, and the next "
                         "draw won: the pair is the 財神 and the drawn tile. Under the house "
                         "rule for six pairs and a lone 財神, that hand self-drawn is 暴頭 too."),
    on_lone_wild(key="cai_piao", name="財飄", english="wild thrown away, then 暴頭",
                 value=c.cai_piao_value, source="hangzhou.txt:140", check=_cai_piao,
                 needs_context=True,
                 rule_zh="能暴頭時不和，打出一張財神，之後仍以暴頭自摸；每飄一次再乘二"
                         "（hangzhou.txt:146）。",
                 rule_en="Ready to win by 暴頭, the player threw a 財神 instead and later won "
                         "by 暴頭 all the same; ×2 for each such throw in a row."),
    circumstance(key="gang_kai", near=nm.after_kong, name="槓開",
                 english="win on a kong replacement", value=2,
                 source="hangzhou.txt:148,154-164", check=c.after_kong,
                 rule_zh="自己開槓後補進的牌和牌（即槓上開花）。槓開又暴頭叫槓暴（×4）；槓開、"
                         "暴頭再加財飄叫槓飄（一飄 ×8）；原文的飄槓（先財飄，再槓開自摸）也就是"
                         "這三樣，同樣 ×8。各番型照常相乘，名字只是叫法。",
                 rule_en="Won with the replacement tile drawn after one's own kong. With 暴頭 "
                         "players call it 槓暴 (×4); with 暴頭 and 財飄, 槓飄 (×8 for one 飄); "
                         "the text's 飄槓 (財飄 first, then the win on a kong's replacement "
                         "tile) is the same three patterns, ×8 too. The patterns multiply as "
                         "usual: the names are only what players call them."),
)

# How players name the combinations (hangzhou.txt:154-164); each is the product of its parts.
# 槓飄 (hangzhou.txt:158) and the text's 飄槓 (hangzhou.txt:162) are the same product, ×8
# (RULEBOOK §3): the result names it 槓飄.
COMBINATIONS = (
    (frozenset({"gang_kai", "bao_tou", "cai_piao"}), "槓飄"),
    (frozenset({"gang_kai", "bao_tou"}), "槓暴"),
)


def dealer_factor(deal: Deal) -> int:
    """平莊 ×2, 二連莊 ×4, 三連莊 and more ×8 (hangzhou.txt:184,190-194); none in the
    modern scoring (hangzhou.txt:176)."""
    if _modern(deal):
        return 1
    streak = deal.dealer_streak
    return 2 if streak == 0 else 4 if streak == 1 else 8


def pay(deal: Deal, value: Amount) -> Payments:
    """hangzhou.txt:184: the dealer's share is multiplied by the dealer factor. A discard
    win or a robbed kong (only dealer against non-dealer from 三連莊) is paid by the
    discarder or the robbed player alone, at the dealer factor (ruling, RULEBOOK §3).
    Modern scoring (hangzhou.txt:176): self-draws only; the dealer's win, each pays the
    hand value; a non-dealer's, the dealer pays it and the other two an eighth each."""
    if _modern(deal):
        if deal.winner == deal.dealer:
            return each_pays(deal, value)
        return each_pays(deal, share(value, 8), deal.dealer, value)
    factor = dealer_factor(deal)
    if deal.win_type != "self_draw":
        return one_pays(deal, cast(str, deal.discarder), value * factor)
    if deal.winner == deal.dealer:
        return each_pays(deal, value * factor)
    return each_pays(deal, value, deal.dealer, value * factor)


def contract(deal: Deal, payments: Payments) -> tuple[Payments, Contract | None]:
    """承包 in the classic scoring (hangzhou.txt:168,198); the modern scoring has none
    (hangzhou.txt:176): the claims are accepted and change nothing, and the response
    says why."""
    if not _modern(deal):
        return one_contract(deal, payments)
    settled, would = one_contract(deal, payments)
    if would is None:
        return payments, None
    return payments, {**would, "applied": False,
                      "reason_zh": "現行杭州麻將不包牌（hangzhou.txt:176），照常付。",
                      "reason_en": "Hangzhou as played now has no contract "
                                   "(hangzhou.txt:176): everyone pays as usual."}


# The dealer streak from which a win on another's tile is allowed: 三連莊 (hangzhou.txt:16)
DISCARD_FROM_STREAK = 2


def win_problems(deal: Deal) -> list[Problem]:
    """A win on another's tile (a discard, or robbing a kong on the same terms,
    hangzhou.txt:16 "三牢起可以點炮胡和拉槓"): only in the classic scoring, from 三連莊,
    between the dealer and a non-dealer (hangzhou.txt:60,170)."""
    if deal.win_type == "self_draw" or deal.win_type is None:
        return []
    how = "discard win" if deal.win_type == "discard" else "win by robbing a kong"
    terms = {"win_type": deal.win_type, "region": "hangzhou"}
    if _modern(deal):
        return [problem("win_type", "win_type_not_in_scoring", f"Hangzhou as played now "
                        f"(house rule hangzhou_scoring = modern) has only self-drawn wins "
                        f"(hangzhou.txt:176): no {how}; use self_draw", **terms,
                        house_rule="hangzhou_scoring", choice="modern")]
    if deal.house_rule("hangzhou_discard") == "never":
        return [problem("win_type", "win_type_house_rule_never", f"this table plays "
                        f"Hangzhou without discard wins (house rule hangzhou_discard = never): "
                        f"no {how}; only self_draw", **terms, house_rule="hangzhou_discard",
                        choice="never")]
    if deal.dealer_streak is not None and deal.dealer_streak < DISCARD_FROM_STREAK:
        return [problem("win_type", "win_type_needs_dealer_streak", f"in Hangzhou a {how} "
                        "is allowed only from 三連莊 (dealer_streak 2 or more), between dealer "
                        "and a non-dealer (hangzhou.txt:16,60,170); otherwise the hand must be "
                        "self-drawn", **terms, dealer_streak=deal.dealer_streak,
                        min_streak=DISCARD_FROM_STREAK)]
    if (deal.discarder is not None and deal.dealer is not None
            and deal.dealer not in (deal.winner, deal.discarder)):
        return [problem("discarder", "win_between_non_dealers", f"in Hangzhou two "
                        f"non-dealers cannot win on each other's tiles (hangzhou.txt:60): a "
                        f"{how} is only between the dealer and a non-dealer", **terms,
                        winner=deal.winner, discarder=deal.discarder, dealer=deal.dealer)]
    return []


REGION = Region(
    key="hangzhou", name="杭州麻將", name_zh_hans="杭州麻将", english="Hangzhou",
    wild_name="財神", default_wild=WHITE, white_substitutes=True,
    shapes=(STANDARD, SEVEN_PAIRS), patterns=PATTERNS, adds_fan=False, pay=pay,
    contract=contract, house_rules=HOUSE_RULES,
    context_keys=("after_kong", "cai_piao", "claims"),
    win_problems=win_problems,
    ready_hand_self_draw_only=True,
    ready_with_six_pairs=_seven_pairs_bao_tou,
    dealer_factor=dealer_factor, combinations=COMBINATIONS,
    rotation="winner_deals",
    listed=0, wild_badge="財", value_labels={"cai_piao": "×2ⁿ"},  # ×2 per 飄 (hangzhou.txt:146)
    payment_rules=pages.PAYMENT_RULES, payment_sentences=pages.PAYMENT_SENTENCES,
    examples=pages.EXAMPLES, compares_as={"gang_kai": "gang_shang_kai_hua"},
)
