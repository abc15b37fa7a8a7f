"""Jinhua 金华麻将 (jinhua.txt): × values multiply, "2*2*2" (jinhua.txt:11; RULEBOOK §4)."""

from dataclasses import replace

from .. import checks as c
from .. import near_misses as nm
from ..near_misses import Reason, one_chow_away
from ..readings import ALL_HONOURS, SEVEN_PAIRS, STANDARD, THIRTEEN_LONELY, Reading
from ..region import Amount, Choice, HouseRule, Pattern, Payments, Region, each_pays, every_contract
from ..request import Deal
from . import jinhua_pages as pages
from .shared import circumstance, kong_replacement_win, on_lone_wild, seven_pairs_with_fours

HOUSE_RULES = (
    HouseRule(key="jinhua_peng_peng_hu", label_zh="碰碰胡", label_en="碰碰胡 (all pungs)",
              choices=(
        Choice(value="three_exposed", label_zh="四組都是刻子，至少三組是碰出來的（明刻或明槓）",
               label_en="All four sets pungs or kongs, at least three of them claimed "
                        "(exposed)",
               source="jinhua.txt:27"),
        Choice(value="any_pungs", label_zh="四組都是刻子就算，暗刻也算",
               label_en="All four sets pungs or kongs, concealed ones count",
               source="jinhua.txt:27"),
    )),
    HouseRule(key="jinhua_dealer", label_zh="莊家輪換", label_en="Who deals next",
              rotation_only=True, choices=(
        Choice(value="rotate", label_zh="輪莊：每局之後莊家都輪到下家，和牌、流局都一樣",
               label_en="Rotate: the deal passes to the next seat after every hand, won or "
                        "drawn",
               source="jinhua.txt:5"),
        Choice(value="keep_on_win_or_draw",
               label_zh="莊家和牌或流局時連莊，閒家和牌時輪到下家",
               label_en="The dealer keeps the deal after a dealer win or a draw; after "
                        "another's win the next seat deals",
               source="RULEBOOK §7"),
    )),
)


def _claims_short(d: Deal) -> int:
    """How many more claimed pungs 碰碰胡 needs (jinhua.txt:27 "必须已经碰过三次"); none
    under the house rule any_pungs, where concealed pungs count."""
    if d.house_rule("jinhua_peng_peng_hu") == "any_pungs":
        return 0
    return max(0, 3 - sum(m.exposed and m.kind != "chi" for m in d.melds))


def _all_pungs(r: Reading, d: Deal) -> bool:
    """碰碰胡: all four sets pungs or kongs, at least three of them claimed."""
    return r.all_triplets and not _claims_short(d)


def _near_all_pungs(r: Reading, d: Deal) -> Reason | None:
    """碰碰胡 nearly: all pungs with too few of them claimed, or one chow away when the
    claims are there."""
    if r.shape != STANDARD:
        return None
    short = _claims_short(d)
    if r.all_triplets and short:
        claimed = 3 - short
        return (f"{{name}}：四組都是刻子，但只碰出{claimed}組，要碰出三組（jinhua.txt:27）",
                f"{{name}}: all pungs, but only {claimed} claimed; it needs three claimed "
                "(jinhua.txt:27)", "near_too_few_claimed", {"claimed": claimed, "needed": 3})
    return None if short else one_chow_away(r, d)


def _all_claimed(r: Reading, d: Deal) -> bool:
    return (len(d.melds) == 4 and r.shape == STANDARD and all(m.exposed for m in d.melds)
            and d.hand[0] != d.wild and d.win_type != "self_draw")


def _seven_pairs_with_wild(r: Reading, d: Deal) -> bool:
    return r.shape == SEVEN_PAIRS and c.has_wild(r, d)


def _seven_pairs_without_wild(r: Reading, d: Deal) -> bool:
    return r.shape == SEVEN_PAIRS and not c.has_wild(r, d)


def _seven_winds(r: Reading, d: Deal) -> bool:
    return r.shape == THIRTEEN_LONELY and sum(g.faces[0] >= 27 for g in r.groups) == 7


def _one_suit_value(r: Reading, d: Deal) -> int:
    return 2 if c.has_wild(r, d) else 4


def _standard_honours(r: Reading, d: Deal) -> bool:
    return r.shape == STANDARD and c.every_tile_honour(r, d)


def _wild_pair_at_own_face(r: Reading, d: Deal) -> bool:
    return (r.shape == STANDARD
            and c.wilds_at_own_face(r.pair, d))  # type: ignore[arg-type]  # standard: a pair


def _wild_pung_at_own_face(r: Reading, d: Deal) -> bool:
    return r.shape == STANDARD and any(
        g.kind == "pung" and c.wilds_at_own_face(g, d) for g in r.sets)


def _dealer_claimed_from(d: Deal) -> list[str]:
    """The seats that claimed a tile from the dealer: each took one of the dealer's
    discards, so the dealer's first discard is gone once anyone has (jinhua.txt:63)."""
    return [claim.by for claim in d.context.claims if claim.from_ == d.dealer]


def _on_dealer_discard(d: Deal) -> bool:
    return (d.context.first_turn and not d.winner_is_dealer and d.win_type == "discard"
            and d.discarder == d.dealer)


def _earthly(r: Reading, d: Deal) -> bool:
    """地胡: a non-dealer wins on the dealer's *first* discard (jinhua.txt:63): not when
    anyone had claimed from the dealer (RULEBOOK §7)."""
    return _on_dealer_discard(d) and not _dealer_claimed_from(d)


def _near_earthly(r: Reading, d: Deal) -> Reason | None:
    """地胡 nearly: won on the dealer's discard on the first turn, but someone had
    claimed from the dealer, so it was not the dealer's first discard."""
    by = _dealer_claimed_from(d)
    if not _on_dealer_discard(d) or not by:
        return None
    return ("{name}：已經有人吃碰過莊家的牌，這張不是莊家打出的第一張牌（jinhua.txt:63）",
            "{name}: someone had claimed from the dealer, so this was not the dealer's "
            "first discard (jinhua.txt:63)",
            "near_dealer_discard_claimed", {"dealer": d.dealer, "claimers": by})


def _human(r: Reading, d: Deal) -> bool:
    return c.non_dealer_first_turn(r, d) and d.win_type == "self_draw"


def _dealer_heavenly(r: Reading, d: Deal) -> bool:
    return c.dealer_first_turn(r, d) and d.win_type == "self_draw"


# Only the highest seven-pairs pattern counts (RULEBOOK §4), lowest first here.
_FAMILY = ("qi_dui", "qing_qi_dui", "hao_hua_qi_dui", "qi_dui_bao_tou",
           "shuang_hao_hua_qi_dui", "san_hao_hua_qi_dui")


def _below(key: str) -> frozenset[str]:
    return frozenset(_FAMILY[:_FAMILY.index(key)])


_PATTERNS = (
    Pattern(key="ping_hu", name="平胡", english="plain hand", value=1,
            source="jinhua.txt:25", check=c.standard,
            shapes=c.STANDARD_ONLY,
            rule_zh="將加四組順子、刻子或槓子，沒有別的番型。",
            rule_en="A pair and four sets with nothing else that scores."),
    Pattern(key="peng_peng_hu", name="碰碰胡", english="all pungs", value=2,
            source="jinhua.txt:27", check=_all_pungs, near=_near_all_pungs,
            shapes=c.STANDARD_ONLY,
            rule_zh="四組都是刻子或槓子，其中至少三組是碰出來的（明刻、明槓）；房規可改為暗刻也算。",
            rule_en="All four sets are pungs or kongs, at least three of them claimed "
                    "(exposed pungs or kongs); a house rule lets concealed ones count."),
    Pattern(key="quan_qiu_ren", near=nm.all_claimed,
            name="全求人", english="all melds claimed", value=2,
            source="jinhua.txt:29", check=_all_claimed,
            shapes=c.STANDARD_ONLY,
            rule_zh="四組全部亮出（暗槓不算），手裡剩的一張不是財神，靠別人打出的牌和牌；"
                    "自摸只算平胡。",
            rule_en="Four exposed melds (no concealed kong), the last tile in hand is not a "
                    "財神, and the win is on another player's tile; self-drawn it is only 平胡."),
    Pattern(key="qi_dui", name="七對子", english="seven pairs with 財神", value=2,
            source="jinhua.txt:35", check=_seven_pairs_with_wild, excludes=_below("qi_dui"),
            shapes=c.SEVEN_PAIRS_ONLY, needs_wild=True,
            rule_zh="七個對子，手裡有財神。",
            rule_en="Seven pairs with a 財神 among the tiles."),
    Pattern(key="qing_qi_dui", near=nm.pairs_without_wild,
            name="清七對", english="seven pairs without 財神", value=4,
            source="jinhua.txt:33", check=_seven_pairs_without_wild,
            shapes=c.SEVEN_PAIRS_ONLY,
            excludes=_below("qing_qi_dui"),
            rule_zh="七個對子，手裡沒有財神。",
            rule_en="Seven pairs with no 財神 among the tiles."),
    seven_pairs_with_fours(1, value=4, source="jinhua.txt:81", excludes=_below("hao_hua_qi_dui")),
    on_lone_wild(key="qi_dui_bao_tou", near=nm.seven_pairs_lone_wild,
                 name="七對子爆頭", english="seven pairs on a lone 財神",
                 value=8, source="jinhua.txt:37", check=c.seven_pairs_lone_wild_self_draw,
                 shapes=c.SEVEN_PAIRS_ONLY, excludes=_below("qi_dui_bao_tou"),
                 rule_zh="和牌前已有六對加一張單獨的財神，自摸的牌與財神成對；已含爆頭。",
                 rule_en="Six pairs and a lone 財神 before the win; the drawn tile pairs with "
                         "the 財神. It already includes 爆頭."),
    seven_pairs_with_fours(2, value=8, source="jinhua.txt:85",
                           excludes=_below("shuang_hao_hua_qi_dui")),
    seven_pairs_with_fours(3, value=16, source="jinhua.txt:89",
                           excludes=_below("san_hao_hua_qi_dui")),
    Pattern(key="shi_san_bu_kao", name="十三不靠", english="thirteen unrelated", value=1,
            source="jinhua.txt:41", check=c.thirteen_lonely,
            shapes=c.THIRTEEN_LONELY_ONLY,
            rule_zh="十四張各不相同、沒有吃碰：至少五種風字牌，同門數牌兩兩至少相隔兩張"
                    "（如一四七）；財神可補任何空缺。",
            rule_en="Fourteen different tiles, no melds: at least five different honours, and "
                    "suited tiles of one suit at least three apart (1-4-7 …); a 財神 fills any "
                    "gap."),
    Pattern(key="qi_feng", name="七風", english="seven honours unrelated", value=2,
            source="jinhua.txt:43", check=_seven_winds, excludes=frozenset({"shi_san_bu_kao"}),
            shapes=c.THIRTEEN_LONELY_ONLY,
            rule_zh="十三不靠而七種風字牌齊全；取代十三不靠。",
            rule_en="十三不靠 holding all seven honours; replaces 十三不靠."),
    kong_replacement_win(value=2, source="jinhua.txt:45"),
    Pattern(key="qing_yi_se", near=nm.one_suit,
            name="清一色", english="one suit", value=_one_suit_value,
            source="jinhua.txt:47", check=c.one_suit,
            max_suits=1,
            rule_zh="全部是萬、筒、條中的一門；手裡沒有財神乘四，有財神乘二。",
            rule_en="Every tile of one suit: ×4 without a 財神 among the tiles, ×2 with one."),
    Pattern(key="hun_yi_se", near=nm.one_suit_and_honours,
            name="混一色", english="one suit and honours", value=2,
            source="jinhua.txt:69", check=c.one_suit_and_honours,
            max_suits=2,
            rule_zh="一門數牌加上風字牌。",
            rule_en="One suit plus honours."),
    Pattern(key="luan_feng", name="亂風", english="all honours, any shape", value=8,
            source="jinhua.txt:49", check=c.all_honours_shape,
            shapes=c.ALL_HONOURS_ONLY,
            excludes=frozenset({"hun_yi_se"}),
            max_suits=1,
            rule_zh="十四張全是風字牌，不必成和牌牌型；財神可當任何風字牌；取代混一色。",
            rule_en="All fourteen tiles are honours, in any arrangement; a 財神 may be any "
                    "honour. Replaces 混一色."),
    Pattern(key="qing_feng", name="清風", english="all honours, proper shape", value=16,
            source="jinhua.txt:51", check=_standard_honours,
            shapes=c.STANDARD_ONLY,
            excludes=frozenset({"luan_feng", "peng_peng_hu", "hun_yi_se"}),
            max_suits=1,
            rule_zh="全是風字牌，而且成將加四組的和牌牌型；取代亂風、碰碰胡和混一色。",
            rule_en="All honours in a proper pair-and-four-sets shape; replaces 亂風, 碰碰胡 "
                    "and 混一色."),
    Pattern(key="cai_shen_tou", name="財神頭", english="pair of 財神 as themselves", value=4,
            source="jinhua.txt:53", check=_wild_pair_at_own_face,
            shapes=c.STANDARD_ONLY, needs_wild=True,
            reads_pair_wilds=True,
            rule_zh="將是兩張財神，而且它們不替代別的牌，就當本身那張牌。",
            rule_en="The pair is two 財神 standing for their own face, not for other tiles."),
    Pattern(key="san_cai_yi_ke", name="三財一刻", english="pung of 財神 as themselves",
            value=8, source="jinhua.txt:55", check=_wild_pung_at_own_face,
            shapes=c.STANDARD_ONLY, needs_wild=True,
            rule_zh="三張財神不替代別的牌，當本身的刻子用。",
            rule_en="Three 財神 form a pung of their own face, not standing for other tiles."),
    on_lone_wild(key="bao_tou", near=nm.lone_wild, name="爆頭", english="lone-財神 self-draw",
                 value=2, source="jinhua.txt:57", check=c.lone_wild_self_draw,
                 shapes=c.STANDARD_ONLY,
                 rule_zh="和牌前已有四組加一張單獨的財神，自摸任何一張成將（敲響）。",
                 rule_en="Four sets and a lone 財神 before the win; any drawn tile pairs with "
                         "it."),
    on_lone_wild(key="cai_piao", name="財飄", english="財神 thrown away, then 爆頭",
                 value=c.cai_piao_value,
                 source="jinhua.txt:97; hangzhou.txt:142-146; RULEBOOK §7", check=c.cai_piao,
                 shapes=c.STANDARD_ONLY, needs_context=True,
                 rule_zh="能爆頭時不和，打出一張財神，之後仍以爆頭自摸；每飄一次再乘二。"
                         "金華原文的番型表列到財飄就斷了，沒寫倍數；這裡照杭州麻將的倍數，"
                         "用在金華是本站裁定。",
                 rule_en="Ready to win by 爆頭, the player threw a 財神 instead and later won "
                         "by 爆頭 all the same; ×2 for each such throw in a row. The Jinhua "
                         "text's list breaks off at 財飄 without a value: the value is "
                         "Hangzhou's, applied to Jinhua by our ruling."),
    circumstance(key="tian_hu", name="天胡", english="heavenly hand", value=2,
                 source="jinhua.txt:61", check=_dealer_heavenly,
                 rule_zh="莊家起手摸好牌就和。",
                 rule_en="The dealer wins on the dealt tiles."),
    circumstance(key="di_hu", name="地胡", english="earthly hand", value=2,
                 source="jinhua.txt:63", check=_earthly, near=_near_earthly,
                 rule_zh="閒家和莊家打出的第一張牌；有人吃碰過莊家的牌，第一張就已經過去，"
                         "不算地胡。",
                 rule_en="A non-dealer wins on the dealer's first discard; once anyone has "
                         "claimed from the dealer, that first discard is gone and it does not "
                         "count."),
    circumstance(key="ren_hu", name="人胡", english="human hand", value=2,
                 source="jinhua.txt:65", check=_human,
                 rule_zh="閒家在第一圈內自摸和牌。",
                 rule_en="A non-dealer self-draws a win in the first go-around."),
    circumstance(key="hai_di_lao_yue", name="海底撈月", english="win on the last tile", value=2,
                 source="jinhua.txt:67", check=c.last_tile,
                 rule_zh="摸牌牆最後一張自摸和牌。",
                 rule_en="Self-drawn win on the last tile of the wall."),
)

# 平胡 is "nothing else": every other pattern replaces it.
PATTERNS = tuple(
    p if p.key == "ping_hu" else replace(p, excludes=p.excludes | {"ping_hu"})
    for p in _PATTERNS
)


def pay(deal: Deal, value: Amount) -> Payments:
    """jinhua.txt:9,25: self-draw, each of the three pays 2H; discard, the discarder 2H and
    the other two H. Robbing a kong pays as a discard by the robbed player: our ruling
    (RULEBOOK §4), not in jinhua.txt."""
    if deal.win_type == "self_draw":
        return each_pays(deal, 2 * value)
    return each_pays(deal, value, deal.discarder, 2 * value)


REGION = Region(
    key="jinhua", name="金華麻將", name_zh_hans="金华麻将", english="Jinhua",
    wild_name="財神", default_wild=None, white_substitutes=True,
    shapes=(STANDARD, SEVEN_PAIRS, THIRTEEN_LONELY, ALL_HONOURS), patterns=PATTERNS,
    adds_fan=False, pay=pay, contract=every_contract, house_rules=HOUSE_RULES,
    rotation="rotate", rotation_rule="jinhua_dealer",
    context_keys=("after_kong", "last_tile", "first_turn", "cai_piao", "claims"),
    # ×4 without 財神, ×2 with (jinhua.txt:47); ×2 per 飄: jinhua.txt:97 names 財飄 but stops
    # before its value, which is Hangzhou's (hangzhou.txt:142-146), applied by our ruling
    # (RULEBOOK §4, §7)
    listed=1, wild_badge="財", value_labels={"qing_yi_se": "×4 / ×2", "cai_piao": "×2ⁿ"},
    payment_rules=pages.PAYMENT_RULES, payment_sentences=pages.PAYMENT_SENTENCES,
    examples=pages.EXAMPLES,
)
