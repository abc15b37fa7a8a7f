"""Reference scorer: exhaustive, slow and short, to be checked line by line against
RULEBOOK.md. Kept with the tests, as the product never runs it:
``tests/engine/test_reference.py`` holds ``rules.score`` and ``rules.waits`` to it, and
``make bench`` times it beside them.

Pipeline, written once (``reference_score``):
validate → every multiset of faces for the wild tiles → every cut of the tiles into
each shape of the region → every way of seating each face's wild copies among the
groups holding that face → every pattern of the region on every reading → exclusions →
total → payments (dealer factor, contracts) → the best outcomes: most paid to the
winner, then fewest wild substitutions (RULEBOOK §1 "Wild tiles").

It shares nothing with the engine's search: it reads the request through
``rules.request`` and tile numbers through ``rules.tiles`` (0-8 m, 9-17 p, 18-26 s,
27-33 東南西北白發中), nothing else.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from itertools import chain, combinations, combinations_with_replacement, pairwise, product
from math import prod

from rules.regions import REGIONS
from rules.request import SEATS, Claim, Deal, InvalidRequest, parse_request
from rules.tiles import CODES, WHITE, parse_tile, parse_tiles

STANDARD, SEVEN_PAIRS, THIRTEEN_LONELY, ALL_HONOURS = (
    "standard", "seven_pairs", "thirteen_lonely", "all_honours")
SHAPES = {  # RULEBOOK §1 "Winning shapes", §4 "Shapes"
    "honghe": (STANDARD, SEVEN_PAIRS),
    "hangzhou": (STANDARD, SEVEN_PAIRS),
    "jinhua": (STANDARD, SEVEN_PAIRS, THIRTEEN_LONELY, ALL_HONOURS),
}
FACES = range(34)
HOUSE_RULES = {  # RULEBOOK §2-§4: every house rule, its default first
    "honghe_rob_kong": ("robbed_pays_all", "robbed_pays_double", "as_discard",
                        "robbed_pays_two_alone"),
    "hangzhou_discard": ("dealer_streak3", "never"),
    "hangzhou_scoring": ("classic", "modern"),
    "hangzhou_seven_pairs_bao_tou": ("no", "yes"),
    "jinhua_peng_peng_hu": ("three_exposed", "any_pungs"),
    "jinhua_dealer": ("rotate", "keep_on_win_or_draw"),  # who deals next: no score changes
}


# --- the deal's facts -------------------------------------------------------------------

def house(d: Deal, key: str) -> str:
    return d.house_rules.get(key, HOUSE_RULES[key][0])


def substitutes(d: Deal) -> bool:
    """白 is a plain copy of the wild's face (jinhua.txt:5, hangzhou.txt:166): Jinhua, and
    Hangzhou with a named wild; never Honghe, never when 白 is the wild (RULEBOOK §1)."""
    return d.region != "honghe" and d.wild != WHITE


def wild_copies(region: str, wild: int) -> int:
    """A flipped indicator (Jinhua; Hangzhou with a named wild) is out of play (RULEBOOK §1)."""
    return 3 if region == "jinhua" or (region == "hangzhou" and wild != WHITE) else 4


def face(d: Deal, tile: int) -> int:
    """What a natural tile is: 白 stands as the wild's face where it substitutes."""
    return d.wild if substitutes(d) and tile == WHITE else tile


def concealed(d: Deal) -> tuple[int, ...]:
    return (*d.hand, d.win_tile)


def wild_tiles(d: Deal) -> int:
    """Wild tiles among the 14 ("contains wilds", RULEBOOK §1); melds never hold one."""
    return concealed(d).count(d.wild)


def suit(f: int) -> str:
    return "mpsz"[f // 9]


# --- readings ---------------------------------------------------------------------------

@dataclass(frozen=True, order=True)
class Group:
    """A set, pair or single as read: ``faces`` what each tile stands for, ``wilds``
    which of them are wild tiles."""

    kind: str  # chow, pung, kong, pair, single
    faces: tuple[int, ...]
    wilds: tuple[bool, ...]
    exposed: bool = False


@dataclass(frozen=True)
class Reading:
    """One way the hand's tiles (melds included) make a shape, wilds given faces."""

    shape: str
    groups: tuple[Group, ...]
    substitutions: int  # wilds standing for a face other than the wild's own

    @property
    def faces(self) -> list[int]:
        return [f for g in self.groups for f in g.faces]

    @property
    def suits(self) -> set[str]:
        return {suit(f) for f in self.faces}

    @property
    def pair(self) -> Group:
        return next(g for g in self.groups if g.kind == "pair")

    @property
    def sets(self) -> list[Group]:
        return [g for g in self.groups if g.kind in ("chow", "pung", "kong")]


MELD_KINDS = {"chi": "chow", "pung": "pung", "kong": "kong", "ankong": "kong"}


def meld_groups(d: Deal) -> tuple[Group, ...]:
    """Declared melds as groups: no wild in them (honghe.txt:21), 白 as its face."""
    return tuple(Group(MELD_KINDS[m.kind], tuple(sorted(face(d, t) for t in m.tiles)),
                       (False,) * len(m.tiles), m.kind != "ankong") for m in d.melds)


def natural_counts(d: Deal, shape: str) -> list[list[int]]:
    """The concealed natural tiles counted by face. In Jinhua 十三不靠/七風 with an honour
    財神, one 白 may also count as 白 itself (jinhua.txt:43, revised 2026-12-01)."""
    counts = [0] * 34
    for tile in concealed(d):
        if tile != d.wild:
            counts[face(d, tile)] += 1
    variants = [counts]
    if (shape == THIRTEEN_LONELY and substitutes(d) and d.wild >= 27
            and WHITE in concealed(d)):
        as_white = counts.copy()
        as_white[d.wild] -= 1
        as_white[WHITE] += 1
        variants.append(as_white)
    return variants


SUITS = ((0, 9), (9, 18), (18, 27), (27, 34))  # m, p, s, honours: the faces of each


@lru_cache(maxsize=1 << 16)
def suit_cuts(counts: tuple[int, ...], first: int, pair: bool) -> frozenset:
    """Every cut of one suit's tiles (``counts`` of the faces from ``first`` on) into chows
    and pungs, and one pair if ``pair``; each cut once, as a sorted tuple of (kind,
    faces). The lowest tile left opens a group: a pair, a pung, or a chow starting at it
    (honours make no chows)."""
    low = next((i for i, n in enumerate(counts) if n), None)
    if low is None:
        return frozenset() if pair else frozenset({()})
    f = first + low
    openings = []
    if pair and counts[low] >= 2:
        openings.append(("pair", (f, f)))
    if counts[low] >= 3:
        openings.append(("pung", (f, f, f)))
    if first < 27 and low <= 6 and counts[low + 1] and counts[low + 2]:
        openings.append(("chow", (f, f + 1, f + 2)))
    cuts = set()
    for kind, faces in openings:
        rest = list(counts)
        for member in faces:
            rest[member - first] -= 1
        for tail in suit_cuts(tuple(rest), first, pair and kind != "pair"):
            cuts.add(tuple(sorted(((kind, faces), *tail))))
    return frozenset(cuts)


def sets_and_pair(counts: list[int], pair: bool) -> list[tuple]:
    """Every cut of the tiles into chows and pungs, and one pair if ``pair``: a set never
    spans two suits, so each suit is cut on its own, the pair in one of them."""
    blocks = [(tuple(counts[a:b]), a) for a, b in SUITS]
    plain = [suit_cuts(block, a, False) for block, a in blocks]
    if not pair:
        return [tuple(sorted(chain.from_iterable(parts))) for parts in product(*plain)]
    cuts = []
    for i, (block, a) in enumerate(blocks):
        per_suit = [*plain[:i], suit_cuts(block, a, True), *plain[i + 1:]]
        cuts += [tuple(sorted(chain.from_iterable(parts))) for parts in product(*per_suit)]
    return cuts


def cut_standard(counts: list[int], d: Deal) -> list[tuple]:
    """Four sets (the melds among them) and a pair (RULEBOOK §1)."""
    return sets_and_pair(counts, True)


def cut_seven_pairs(counts: list[int], d: Deal) -> list:
    """Seven pairs, no melds; four of a face make two pairs, never more (RULEBOOK §1)."""
    if d.melds or any(n % 2 or n > 4 for n in counts):
        return []
    return [tuple(("pair", (f, f)) for f in FACES for _ in range(counts[f] // 2))]


def cut_thirteen_lonely(counts: list[int], d: Deal) -> list:
    """十三不靠: 14 different tiles, no melds, at least five honours, suited tiles of one
    suit at least three apart (jinhua.txt:41; RULEBOOK §4)."""
    if d.melds or max(counts) > 1:
        return []
    held = [f for f in FACES if counts[f]]
    suited = [f for f in held if f < 27]
    if len(held) - len(suited) < 5:
        return []
    if any(a // 9 == b // 9 and b - a < 3 for a, b in pairwise(suited)):
        return []
    return [tuple(("single", (f,)) for f in held)]


def cut_all_honours(counts: list[int], d: Deal) -> list:
    """亂風: every tile an honour, any arrangement, melds included (jinhua.txt:49)."""
    if any(counts[:27]) or any(f < 27 for g in meld_groups(d) for f in g.faces):
        return []
    return [tuple(("single", (f,)) for f in FACES for _ in range(counts[f]))]


CUTS = {STANDARD: cut_standard, SEVEN_PAIRS: cut_seven_pairs,
        THIRTEEN_LONELY: cut_thirteen_lonely, ALL_HONOURS: cut_all_honours}


def seat_wilds(cut: tuple, wild_faces: tuple[int, ...]) -> set[tuple[Group, ...]]:
    """Every way to seat the wilds (standing for ``wild_faces``) among the tiles of
    ``cut`` that hold their faces. A group of one face lists its wilds first, so the
    same group is made once whichever of its copies is the wild."""
    slots = [(g, i) for g, (_, faces) in enumerate(cut) for i in range(len(faces))]
    choices = [combinations([(g, i) for g, i in slots if cut[g][1][i] == f], n)
               for f, n in Counter(wild_faces).items()]
    seatings = set()
    for choice in product(*choices):
        wild = set(chain.from_iterable(choice))
        groups = []
        for g, (kind, faces) in enumerate(cut):
            flags = tuple((g, i) in wild for i in range(len(faces)))
            if kind != "chow":
                flags = tuple(sorted(flags, reverse=True))
            groups.append(Group(kind, faces, flags))
        seatings.add(tuple(sorted(groups)))
    return seatings


def readings(d: Deal) -> set[Reading]:
    """Every reading: each multiset of faces for the wild tiles (wilds are alike), each
    cut of the tiles into each shape of the region, each seating of the wilds."""
    melds = meld_groups(d)
    found = set()
    for shape in SHAPES[d.region]:
        for naturals in natural_counts(d, shape):
            for wild_faces in combinations_with_replacement(FACES, wild_tiles(d)):
                counts = naturals.copy()
                for f in wild_faces:
                    counts[f] += 1
                substitutions = len(wild_faces) - wild_faces.count(d.wild)
                for cut in CUTS[shape](counts, d):
                    for groups in seat_wilds(cut, wild_faces):
                        found.add(Reading(shape, melds + groups, substitutions))
    return found


# --- whether concealed tiles win at all, for the checks that need only that -----------

def wild_faces_worth_trying(counts: list[int]) -> list[int]:
    """Faces worth trying for a wild, a sound shortcut of trying all 34: a wild beside
    natural tiles stands for one of their faces or, in a chow, a face at most two steps
    away in the same suit; a group of wilds only can stand for any face nobody holds (no
    copy limit applies to wilds, and four wilds never make a pung and a pair of one face),
    so one such face is enough."""
    held = {f for f in FACES if counts[f]}
    near = {g for f in held if f < 27 for g in range(f - 2, f + 3)
            if 0 <= g < 27 and g // 9 == f // 9}
    free = next(f for f in FACES if not counts[f])
    return sorted(held | near | {free})


def _with_wilds(counts: list[int], wilds: int):
    """``counts`` with the wilds given faces, every way worth trying."""
    for faces in combinations_with_replacement(wild_faces_worth_trying(counts), wilds):
        trial = counts.copy()
        for f in faces:
            trial[f] += 1
        yield trial


def wins(counts: list[int], wilds: int) -> bool:
    """Whether 14 concealed tiles (natural ``counts`` by face, and ``wilds``) make four
    sets and a pair or seven pairs, for some faces of the wilds."""
    return any(sets_and_pair(trial, True)
               or (max(trial) <= 4 and all(n % 2 == 0 for n in trial))
               for trial in _with_wilds(counts, wilds))


def sets_and_a_lone_wild(counts: list[int], wilds: int) -> bool:
    """Whether 13 tiles are sets and one wild left over (暴頭-ready, hangzhou.txt:136):
    one wild set aside, the rest make sets only, for some faces of the other wilds."""
    return wilds > 0 and any(sets_and_pair(trial, False)
                             for trial in _with_wilds(counts, wilds - 1))


# --- patterns: each a predicate over a reading and the deal -----------------------------

def lone_wild_pair(g: Group, d: Deal) -> bool:
    """A lone wild paired with the drawn tile: one wild and the drawn face, or two wilds
    when the drawn tile is itself a wild (hangzhou.txt:136; RULEBOOK §3)."""
    if g.kind != "pair":
        return False
    if d.win_tile == d.wild:
        return g.wilds == (True, True)
    return g.wilds.count(True) == 1 and g.faces[0] == face(d, d.win_tile)


def lone_wild_win(r: Reading, d: Deal) -> bool:
    # 暴頭/爆頭: four sets + a lone wild before the win, self-drawn, the pair the wild and
    # the draw (hangzhou.txt:136, jinhua.txt:57)
    return (d.win_type == "self_draw" and r.shape == STANDARD
            and lone_wild_pair(r.pair, d))


def six_pairs_lone_wild_win(r: Reading, d: Deal) -> bool:
    # six pairs + a lone wild before the win, self-drawn, one pair the wild and the draw
    # (jinhua.txt:37; honghe.txt:50 and hangzhou_seven_pairs_bao_tou, revised 2026-12-01)
    return (d.win_type == "self_draw" and r.shape == SEVEN_PAIRS
            and any(lone_wild_pair(g, d) for g in r.groups))


def seven_pairs(r: Reading, d: Deal) -> bool:  # 七對 / 對對和 (hangzhou.txt:120, honghe.txt:47)
    return r.shape == SEVEN_PAIRS


def quads(n: int) -> Callable[[Reading, Deal], bool]:
    """豪華七對 family: seven pairs with ``n`` faces held four times, four alike making two
    pairs (hangzhou.txt:124-132, jinhua.txt:81-89)."""
    def check(r: Reading, d: Deal) -> bool:
        fours = sum(copies == 4 for copies in Counter(r.faces).values())
        return r.shape == SEVEN_PAIRS and fours == n
    return check


def one_suit(r: Reading, d: Deal) -> bool:  # 清一色: one suit, no honours (honghe.txt:46)
    return len(r.suits) == 1 and "z" not in r.suits


def one_suit_and_honours(r: Reading, d: Deal) -> bool:  # 混一色: both present (honghe.txt:45)
    return len(r.suits) == 2 and "z" in r.suits


def all_honour_tiles(r: Reading, d: Deal) -> bool:  # 全老頭: every tile an honour (honghe.txt:49)
    return r.suits == {"z"}


def after_kong(r: Reading, d: Deal) -> bool:  # 槓上開花 / 槓開 (hangzhou.txt:148)
    return d.context.after_kong


def last_tile(r: Reading, d: Deal) -> bool:  # 海底撈月, self-drawn (honghe.txt:40)
    return d.context.last_tile


def dealer_first_turn_self_draw(r: Reading, d: Deal) -> bool:  # 天和 (honghe.txt:41)
    return d.context.first_turn and d.winner == d.dealer and d.win_type == "self_draw"


# Honghe (honghe.txt:35-50, RULEBOOK §2)

def three_wilds(r, d):  # ≥3 wild tiles among the 14, the winning tile included (:35)
    return wild_tiles(d) >= 3


def single_wait(r, d):  # four declared melds (ankong too), the win pairs the last tile (:37)
    return r.shape == STANDARD and len(d.melds) == 4


def after_draws(r, d):  # previous_draws ≥ 1, 1 番 however many (:38)
    return d.context.previous_draws >= 1


def honour_wild(r, d):  # the wild type is an honour (:39)
    return d.wild >= 27


def non_dealer_first_turn(r, d):  # a non-dealer wins with first_turn, any win type (:42)
    return d.context.first_turn and d.winner != d.dealer


def doubles_on_dice(r, d):  # the two opening dice are equal (:43)
    return d.context.dice is not None and d.context.dice[0] == d.context.dice[1]


def same_wild_again(r, d):  # wild equals previous_wild (:44)
    return d.context.previous_wild == d.wild


def four_honour_sets(r, d):  # the four sets are honour pungs/kongs, the pair aside (:48)
    return r.shape == STANDARD and sum(
        g.kind in ("pung", "kong") and g.faces[0] >= 27 for g in r.sets) == 4


def any_tile_wins(r, d):  # lone wild + four sets or six pairs, self-drawn (:50, revised)
    return lone_wild_win(r, d) or six_pairs_lone_wild_win(r, d)


# Hangzhou (hangzhou.txt:116-166, RULEBOOK §3)

def hangzhou_bao_tou(r, d):  # 暴頭 (:136); six pairs too under hangzhou_seven_pairs_bao_tou
    return lone_wild_win(r, d) or (house(d, "hangzhou_seven_pairs_bao_tou") == "yes"
                                   and six_pairs_lone_wild_win(r, d))


def hangzhou_cai_piao(r, d):  # 財飄: cai_piao ≥ 1 on a 暴頭 win (:140-146)
    return d.context.cai_piao >= 1 and hangzhou_bao_tou(r, d)


# Jinhua (jinhua.txt:25-97, RULEBOOK §4)

def standard(r, d):  # 平胡: a standard hand; shown only when nothing else counts (:25)
    return r.shape == STANDARD


def claimed_pungs(r, d):  # four pungs/kongs, three of them claimed (:27, revised)
    claimed = sum(m.kind in ("pung", "kong") for m in d.melds)
    return (r.shape == STANDARD and all(g.kind != "chow" for g in r.sets)
            and (claimed >= 3 or house(d, "jinhua_peng_peng_hu") == "any_pungs"))


def all_claimed(r, d):  # four exposed melds, the lone tile no 財神, won on another's tile (:29)
    return (r.shape == STANDARD and len(d.melds) == 4
            and all(m.kind != "ankong" for m in d.melds)
            and d.hand[0] != d.wild and d.win_type != "self_draw")


def seven_pairs_with_wild(r, d):  # 七對子: seven pairs, a 財神 among the tiles (:35)
    return r.shape == SEVEN_PAIRS and wild_tiles(d) > 0


def seven_pairs_without_wild(r, d):  # 清七對: seven pairs, no 財神 among the tiles (:33)
    return r.shape == SEVEN_PAIRS and wild_tiles(d) == 0


def thirteen_lonely(r, d):  # 十三不靠 (:41)
    return r.shape == THIRTEEN_LONELY


def seven_honours_lonely(r, d):  # 七風: 十三不靠 with all seven honours (:43)
    return r.shape == THIRTEEN_LONELY and sum(f >= 27 for f in r.faces) == 7


def jinhua_one_suit_value(r, d):  # 清一色 ×4 without 財神 among the tiles, ×2 with (:47)
    return 2 if wild_tiles(d) else 4


def all_honours_any_shape(r, d):  # 亂風 (:49)
    return r.shape == ALL_HONOURS


def all_honours_standard(r, d):  # 清風: all honours in a standard shape (:51)
    return r.shape == STANDARD and r.suits == {"z"}


def wild_pair_own_face(r, d):  # 財神頭: the pair is two 財神 at their own face (:53)
    return r.shape == STANDARD and r.pair.wilds == (True, True) and r.pair.faces[0] == d.wild


def wild_pung_own_face(r, d):  # 三財一刻: a pung of three 財神 at their own face (:55)
    return r.shape == STANDARD and any(
        g.kind == "pung" and all(g.wilds) and g.faces[0] == d.wild for g in r.sets)


def jinhua_cai_piao(r, d):  # 財飄 on a 爆頭 win (:97, value hangzhou.txt:142-146)
    return d.context.cai_piao >= 1 and lone_wild_win(r, d)


def earthly(r, d):  # 地胡: a non-dealer wins on the dealer's *first* discard (:63)
    return (d.context.first_turn and d.winner != d.dealer and d.win_type == "discard"
            and d.discarder == d.dealer  # and nobody claimed from the dealer (RULEBOOK §7)
            and not any(c.from_ == d.dealer for c in d.context.claims))


def human(r, d):  # 人胡: a non-dealer self-draws with first_turn (:65)
    return d.context.first_turn and d.winner != d.dealer and d.win_type == "self_draw"


def cai_piao_value(r, d):  # ×2 per 飄 (hangzhou.txt:142,146)
    return 2 ** d.context.cai_piao


@dataclass(frozen=True)
class Rule:
    """A pattern: its key (RULEBOOK tables), its worth and when it holds."""

    key: str
    value: int | Callable[[Reading, Deal], int]
    holds: Callable[[Reading, Deal], bool]

    def worth(self, r: Reading, d: Deal) -> int:
        return self.value if isinstance(self.value, int) else self.value(r, d)


PATTERNS = {
    "honghe": (  # 番, added (honghe.txt:35-50)
        Rule("san_bai_da", 1, three_wilds),
        Rule("gang_shang_kai_hua", 1, after_kong),  # :36
        Rule("dan_diao", 1, single_wait),
        Rule("huang_fan", 1, after_draws),
        Rule("lao_tou_huang", 1, honour_wild),
        Rule("hai_di_lao_yue", 1, last_tile),  # :40
        Rule("tian_he", 2, dealer_first_turn_self_draw),  # :41
        Rule("di_he", 2, non_dealer_first_turn),
        Rule("bao_zi", 1, doubles_on_dice),
        Rule("bai_da_lian_zhuang", 1, same_wild_again),
        Rule("hun_yi_se", 1, one_suit_and_honours),  # :45
        Rule("qing_yi_se", 2, one_suit),  # :46
        Rule("dui_dui_he", 2, seven_pairs),  # :47
        Rule("si_lao_tou", 2, four_honour_sets),
        Rule("quan_lao_tou", 10, all_honour_tiles),  # :49, any legal shape
        Rule("ren_yi_hu", 1, any_tile_wins),
    ),
    "hangzhou": (  # ×, multiplied (hangzhou.txt:116-166)
        Rule("qi_dui", 2, seven_pairs),  # :120
        Rule("hao_hua_qi_dui", 4, quads(1)),  # :124
        Rule("shuang_hao_hua_qi_dui", 8, quads(2)),  # :128
        Rule("san_hao_hua_qi_dui", 16, quads(3)),  # :132
        Rule("bao_tou", 2, hangzhou_bao_tou),
        Rule("cai_piao", cai_piao_value, hangzhou_cai_piao),
        Rule("gang_kai", 2, after_kong),  # :148
    ),
    "jinhua": (  # ×, multiplied "2*2*2" (jinhua.txt:11)
        Rule("ping_hu", 1, standard),
        Rule("peng_peng_hu", 2, claimed_pungs),
        Rule("quan_qiu_ren", 2, all_claimed),
        Rule("qi_dui", 2, seven_pairs_with_wild),
        Rule("qing_qi_dui", 4, seven_pairs_without_wild),
        Rule("hao_hua_qi_dui", 4, quads(1)),  # :81
        Rule("shuang_hao_hua_qi_dui", 8, quads(2)),  # :85
        Rule("san_hao_hua_qi_dui", 16, quads(3)),  # :89
        Rule("qi_dui_bao_tou", 8, six_pairs_lone_wild_win),  # :37
        Rule("shi_san_bu_kao", 1, thirteen_lonely),
        Rule("qi_feng", 2, seven_honours_lonely),
        Rule("gang_shang_kai_hua", 2, after_kong),  # :45
        Rule("qing_yi_se", jinhua_one_suit_value, one_suit),
        Rule("hun_yi_se", 2, one_suit_and_honours),  # :69
        Rule("luan_feng", 8, all_honours_any_shape),
        Rule("qing_feng", 16, all_honours_standard),
        Rule("cai_shen_tou", 4, wild_pair_own_face),
        Rule("san_cai_yi_ke", 8, wild_pung_own_face),
        Rule("bao_tou", 2, lone_wild_win),  # :57
        Rule("cai_piao", cai_piao_value, jinhua_cai_piao),
        Rule("tian_hu", 2, dealer_first_turn_self_draw),  # :61
        Rule("di_hu", 2, earthly),
        Rule("ren_hu", 2, human),
        Rule("hai_di_lao_yue", 2, last_tile),  # :67, multiplies like the rest (RULEBOOK §4)
    ),
}


def family(*keys: str) -> dict[str, set[str]]:
    """Only the highest of the seven-pairs family counts: each replaces those before it
    (RULEBOOK §3, §4; equal values in the order of docs/RULES.md)."""
    return {key: set(keys[:i]) for i, key in enumerate(keys)}


JINHUA_REPLACES = family("qi_dui", "qing_qi_dui", "hao_hua_qi_dui", "qi_dui_bao_tou",
                         "shuang_hao_hua_qi_dui", "san_hao_hua_qi_dui") | {
    "qing_feng": {"luan_feng", "peng_peng_hu", "hun_yi_se"},  # RULEBOOK §4 rulings
    "luan_feng": {"hun_yi_se"},
    "qi_feng": {"shi_san_bu_kao"},
}
REPLACES = {
    "honghe": {"quan_lao_tou": {"si_lao_tou", "hun_yi_se"}},  # RULEBOOK §2 exclusions
    "hangzhou": family("qi_dui", "hao_hua_qi_dui", "shuang_hao_hua_qi_dui",
                       "san_hao_hua_qi_dui"),
    # 平胡 is "nothing else": every other pattern replaces it (RULEBOOK §4)
    "jinhua": {rule.key: JINHUA_REPLACES.get(rule.key, set()) | {"ping_hu"}
               for rule in PATTERNS["jinhua"] if rule.key != "ping_hu"},
}


def patterns(r: Reading, d: Deal) -> dict[str, int]:
    """The patterns that hold for the reading, less those another one replaces."""
    held = {rule.key: rule.worth(r, d) for rule in PATTERNS[d.region] if rule.holds(r, d)}
    replaced = set().union(*(REPLACES[d.region].get(key, set()) for key in held))
    return {key: value for key, value in held.items() if key not in replaced}


def bao_tou_win(r: Reading, d: Deal) -> bool:
    """A 暴頭 win, which 財飄 needs (hangzhou.txt:140; RULEBOOK §3, §4)."""
    return hangzhou_bao_tou(r, d) if d.region == "hangzhou" else lone_wild_win(r, d)


# --- payments: who owes the winner what -------------------------------------------------

def others(d: Deal) -> list[str]:
    return [seat for seat in SEATS if seat != d.winner]


ROB_KONG_SHARES = {  # Honghe 搶槓胡 (robbed player, each other player) × V, RULEBOOK §2
    "robbed_pays_all": (3, 0),  # honghe.txt:52
    "robbed_pays_double": (2, 1),  # honghe.txt:32 read literally
    "as_discard": (1, Fraction(1, 2)),  # honghe.txt:32 read against :56
    "robbed_pays_two_alone": (2, 0),  # honghe.txt:2
}


def honghe_debts(d: Deal, v: Fraction) -> dict[str, Fraction]:
    """honghe.txt:56: self-draw, each of the three pays V; discard, the discarder V and
    the other two V/2; 搶槓胡 by house rule honghe_rob_kong."""
    if d.win_type == "self_draw":
        return {seat: v for seat in others(d)}
    if d.win_type == "discard":
        own, other = 1, Fraction(1, 2)
    else:
        own, other = ROB_KONG_SHARES[house(d, "honghe_rob_kong")]
    return {seat: v * (own if seat == d.discarder else other) for seat in others(d)}


def dealer_factor(d: Deal) -> int:
    """平莊 ×2, 二連莊 ×4, 三連莊 and more ×8 (hangzhou.txt:184,190-194)."""
    return 2 if d.dealer_streak == 0 else 4 if d.dealer_streak == 1 else 8


def hangzhou_debts(d: Deal, h: Fraction) -> dict[str, Fraction]:
    """Classic (hangzhou.txt:184): the dealer's share ×D; a discard or 搶槓胡 win, the
    discarder alone H×D (RULEBOOK §3). Modern (hangzhou.txt:176): no dealer factor; a
    dealer self-draw, each pays H; a non-dealer self-draw, the dealer H, the others H/8."""
    if house(d, "hangzhou_scoring") == "modern":
        if d.winner == d.dealer:
            return {seat: h for seat in others(d)}
        return {seat: h if seat == d.dealer else h / 8 for seat in others(d)}
    if d.win_type != "self_draw":
        return {d.discarder: h * dealer_factor(d)}
    if d.winner == d.dealer:
        return {seat: h * dealer_factor(d) for seat in others(d)}
    return {seat: h * dealer_factor(d) if seat == d.dealer else h for seat in others(d)}


def jinhua_debts(d: Deal, h: Fraction) -> dict[str, Fraction]:
    """jinhua.txt:9,25: self-draw, each of the three pays 2H; discard, the discarder 2H
    and the other two H; 搶槓胡 as a discard by the robbed player (RULEBOOK §4)."""
    if d.win_type == "self_draw":
        return {seat: 2 * h for seat in others(d)}
    return {seat: 2 * h if seat == d.discarder else h for seat in others(d)}


DEBTS = {"honghe": honghe_debts, "hangzhou": hangzhou_debts, "jinhua": jinhua_debts}


def contracts(d: Deal) -> list[tuple[int, str, int]]:
    """承包 (hangzhou.txt:168,198; jinhua.txt:71): three or more claims between the
    winner and one player, as (claims, payer, factor): the claimed-from player pays the
    winner's total, a player who claimed from the winner pays it twice."""
    found = []
    for claim in d.context.claims:
        if claim.count >= 3 and claim.by == d.winner:
            found.append((claim.count, claim.from_, 1))
        elif claim.count >= 3 and claim.from_ == d.winner:
            found.append((claim.count, claim.by, 2))
    return found


def with_contracts(d: Deal, debts: dict[str, Fraction]) -> dict[str, Fraction]:
    """The contract payers pay instead of everyone. Hangzhou classic: one contract, the
    most claims, ties by seat order from the winner's next player (RULEBOOK §3); Jinhua:
    every contract, each payer its own amount (RULEBOOK §4, revised 2026-12-01). None in
    Honghe (§2) or Hangzhou modern (§3)."""
    found = contracts(d)
    if (not found or d.region == "honghe"
            or (d.region == "hangzhou" and house(d, "hangzhou_scoring") == "modern")):
        return debts
    total = sum(debts.values())
    if d.region == "hangzhou":
        order = [SEATS[(SEATS.index(d.winner) + k) % 4] for k in (1, 2, 3)]
        _, payer, factor = min(found, key=lambda c: (-c[0], order.index(c[1]), -c[2]))
        return {payer: factor * total}
    owed: dict[str, Fraction] = {}
    for _, payer, factor in found:
        owed[payer] = owed.get(payer, 0) + factor * total
    return owed


def payments(d: Deal, multiplier: int) -> dict[str, Fraction]:
    """Each seat's net amount: the hand value base × multiplier, split by the region's
    rule, contracts applied; they sum to zero (RULEBOOK §1 "Amounts")."""
    debts = with_contracts(d, DEBTS[d.region](d, Fraction(d.base) * multiplier))
    net = {seat: -debts.get(seat, Fraction(0)) for seat in SEATS}
    net[d.winner] = sum(debts.values(), Fraction(0))
    return net


# --- outcomes ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Outcome:
    shape: str
    patterns: tuple[tuple[str, int], ...]
    fan: int | None
    multiplier: int
    payments: tuple[tuple[str, Fraction], ...]
    substitutions: int

    def as_dict(self) -> dict:
        return {"shape": self.shape, "patterns": dict(self.patterns), "fan": self.fan,
                "multiplier": self.multiplier, "payments": dict(self.payments),
                "substitutions": self.substitutions}


def outcome(r: Reading, d: Deal) -> Outcome:
    """A reading scored: Honghe adds 番 (×2^番), the others multiply (RULEBOOK §2-§4)."""
    held = patterns(r, d)
    fan = sum(held.values()) if d.region == "honghe" else None
    multiplier = 2 ** fan if fan is not None else prod(held.values())
    return Outcome(r.shape, tuple(sorted(held.items())), fan, multiplier,
                   tuple(payments(d, multiplier).items()), r.substitutions)


def best(outcomes: list[Outcome], winner: str) -> list[Outcome]:
    """All outcomes tied for best: most paid to the winner, then fewest substitutions."""
    def rank(o: Outcome) -> tuple:
        return dict(o.payments)[winner], -o.substitutions
    top = max(map(rank, outcomes))
    return sorted({o for o in outcomes if rank(o) == top}, key=repr)


# --- validation -------------------------------------------------------------------------

def deal_of(request) -> tuple[Deal | None, str | None]:
    """The request as ``parse_request`` reads and checks it, or the field of its first
    problem. House rules and Hangzhou's 搶槓胡 are checked here instead (RULEBOOK §2-§4,
    revised 2026-12-01), so that the reference does not lean on the parser for them:
    a Hangzhou 搶槓胡 is parsed as the discard win whose terms it has (hangzhou.txt:16)."""
    rules = request.get("house_rules") if isinstance(request, dict) else None
    if rules is not None:
        if not isinstance(rules, dict):
            return None, "house_rules"
        for key, value in rules.items():
            if key not in HOUSE_RULES or value not in HOUSE_RULES[key]:
                return None, f"house_rules.{key}"
        request = {key: value for key, value in request.items() if key != "house_rules"}
    probe = request
    if (isinstance(request, dict) and request.get("region") == "hangzhou"
            and request.get("win_type") == "rob_kong"):
        probe = {**request, "win_type": "discard"}
    # The first turn and the claims are checked here too (``history_error``): the parser
    # reads the rest of the context without them.
    context = probe.get("context") if isinstance(probe, dict) else None
    first_turn, claims = False, ()
    if isinstance(context, dict) and context.get("first_turn", False) in (True, False):
        first_turn = context.get("first_turn", False)
        claims = claims_of(context.get("claims"))
        if claims is None:
            return None, "context.claims"
        probe = {**probe, "context": {key: value for key, value in context.items()
                                      if key not in ("first_turn", "claims")}}
    try:
        d = parse_request(probe, REGIONS)
    except InvalidRequest as exc:
        return None, exc.errors[0]["field"]
    d = d._replace(win_type=request["win_type"], house_rules=dict(rules or {}),
                   context=replace(d.context, first_turn=first_turn, claims=claims))
    return d, history_error(d)


def claims_of(value) -> tuple[Claim, ...] | None:
    """The claims as a request may list them (API.md): at most 12 entries of exactly
    by, from (two different seats) and count (1-4), each pair of seats once; None for
    any other list."""
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > 12:
        return None
    found: dict[tuple[str, str], Claim] = {}
    for item in value:
        if not isinstance(item, dict) or set(item) != {"by", "from", "count"}:
            return None
        by, frm, count = item["by"], item["from"], item["count"]
        if (by not in SEATS or frm not in SEATS or by == frm or type(count) is not int
                or not 1 <= count <= 4 or (by, frm) in found):
            return None
        found[by, frm] = Claim(by=by, from_=frm, count=count)
    return tuple(found.values())


def history_error(d: Deal) -> str | None:
    """The field at fault when the claims or the first turn tell a history no hand can
    have (RULEBOOK §1 "Contracts", §6, §7): each claim lays a meld, so the winner claimed
    at most their exposed melds and nobody more than four times; on a first turn nobody
    shows a claimed meld, the dealer wins by self-draw before anyone could claim at all,
    a non-dealer has neither claimed nor been claimed from, and no 財飄 was thrown."""
    claimed = Counter()
    for claim in d.context.claims:
        claimed[claim.by] += claim.count
    if claimed[d.winner] > sum(m.exposed for m in d.melds) or max(claimed.values(),
                                                                    default=0) > 4:
        return "context.claims"
    if not d.context.first_turn:
        return None
    dealer = d.winner == d.dealer
    if (any(m.exposed for m in d.melds) or d.context.last_tile
            or (dealer and (d.win_type != "self_draw" or d.context.claims))
            or any(d.winner in (c.by, c.from_) for c in d.context.claims)
            or (d.context.cai_piao and d.region != "honghe")):
        return "context.first_turn"
    return None


def stands_on_lone_wild(d: Deal, six_pairs: bool) -> bool:
    """The 13 tiles before the win are four complete sets (melds included) and one lone
    wild — or, with ``six_pairs``, six pairs and a lone wild (暴頭-ready,
    hangzhou.txt:136,170)."""
    k = d.hand.count(d.wild)
    if not k:
        return False
    naturals = [0] * 34
    for tile in d.hand:
        if tile != d.wild:
            naturals[face(d, tile)] += 1
    for wild_faces in combinations_with_replacement(FACES, k - 1):
        counts = naturals.copy()
        for f in wild_faces:
            counts[f] += 1
        if sets_and_pair(counts, False):
            return True
        if six_pairs and not d.melds and all(n % 2 == 0 and n <= 4 for n in counts):
            return True
    return False


def win_type_error(d: Deal) -> str | None:
    """The field at fault when the win type is not allowed. 搶槓胡: the winner holds no
    copy of the robbed tile (RULEBOOK §1). Hangzhou discard or 搶槓胡 (hangzhou.txt:16,
    60,170,176; RULEBOOK §3): classic scoring, hangzhou_discard = dealer_streak3, 三連莊
    or more, dealer against non-dealer, and never from a 暴頭-ready hand."""
    if d.win_type == "rob_kong" and (d.win_tile in d.hand
                                     or any(d.win_tile in m.tiles for m in d.melds)):
        return "win_tile"
    if d.region != "hangzhou" or d.win_type == "self_draw":
        return None
    if (house(d, "hangzhou_scoring") == "modern" or house(d, "hangzhou_discard") == "never"
            or d.dealer_streak < 2):
        return "win_type"
    if d.dealer not in (d.winner, d.discarder):
        return "discarder"
    if stands_on_lone_wild(d, house(d, "hangzhou_seven_pairs_bao_tou") == "yes"):
        return "win_type"
    return None


# --- the two entry points ---------------------------------------------------------------

def reference_score(request) -> dict:
    """``{"winning", "error", "best"}``: ``error`` the field of the first problem (then
    nothing is scored), ``best`` every outcome tied for best (``Outcome.as_dict``)."""
    d, error = deal_of(request)
    if d is not None and error is None:
        error = win_type_error(d)
    if error is not None:
        return {"winning": False, "error": error, "best": []}
    found = readings(d)
    if d.context.cai_piao and not any(bao_tou_win(r, d) for r in found):
        return {"winning": False, "error": "context.cai_piao", "best": []}
    if not found:
        return {"winning": False, "error": None, "best": []}
    return {"winning": True, "error": None,
            "best": [o.as_dict() for o in best([outcome(r, d) for r in found], d.winner)]}


def available_faces(request13: dict) -> list[int]:
    """Tiles still in play for a 13-tile hand: fewer than 4 copies held (hand and
    melds), fewer than the copies of the wild type in play (API.md "Waits")."""
    held = Counter(parse_tiles(request13["hand"]))
    for meld in request13.get("melds") or ():
        held.update(parse_tiles(meld.split(None, 1)[1]))
    wild = parse_tile(request13.get("wild") or "5z")  # Hangzhou's default 財神 is 白
    limit = {f: wild_copies(request13["region"], wild) if f == wild else 4 for f in FACES}
    return [f for f in FACES if held[f] < limit[f]]


def waiting_request(request13: dict, tile: int) -> dict:
    return {**request13, "win_tile": CODES[tile], "win_type": "self_draw"}


def reference_waits(request13: dict) -> dict[str, dict]:
    """For every tile still available, ``reference_score`` of the 13-tile hand
    self-drawing it; a tile wins where its result is winning without error."""
    return {CODES[f]: reference_score(waiting_request(request13, f))
            for f in available_faces(request13)}


def lone_wild_ready(request13: dict) -> bool:
    """Whether a 13-tile hand stands as four sets and a lone wild, so that any tile
    completes it (API.md "Waits", ``any_tile``)."""
    for f in available_faces(request13):
        d, error = deal_of(waiting_request(request13, f))
        if d is not None:
            return stands_on_lone_wild(d, False)
    return False
