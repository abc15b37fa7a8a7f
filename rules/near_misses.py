"""Near misses: the patterns that nearly applied to a hand and why they did not.

Each rule family has a small table next to it: pattern key → a "near" function
``(reading, deal) -> (reason_zh, reason_en, code, params) | None`` that reads the
reading's facts and says, in the product's own words, what one step kept the pattern
out, and the same as data (a code of ``problems.NEAR_MISS_CODES`` and its params: tile
codes, counts), for a page to say in its own language. Reasons may name ``{name}``
(the pattern's name as the region says it: 暴頭, 爆頭, 任意胡 …) and ``{wild}`` (百搭 in
Honghe, 財神 elsewhere); ``near_misses`` fills them in.
Nothing here is written per hand. Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, TypedDict

from .deal import Deal
from .problems import NearReason
from .readings import SEVEN_PAIRS, STANDARD, Reading, sets_with_one_wild_left
from .region import Region
from .tiles import CODES, HONOUR_NAMES, SUIT_NAMES, Tile, is_honour, tile_chinese

Reason = NearReason
Near = Callable[[Reading, Deal], Reason | None]

MAX_NEAR_MISSES = 5


# --- helpers: tiles as players name them ---

def _natural_faces(r: Reading) -> list[Tile]:
    """The faces of the tiles that are not wilds (a wild could be anything)."""
    return [f for g in r.groups for f, w in zip(g.faces, g.wilds, strict=True) if not w]


# each face's name
_ENGLISH = tuple(HONOUR_NAMES[t - 27] if is_honour(t) else CODES[t] for t in range(34))
_CHINESE = tuple(tile_chinese(t) for t in range(34))


def _name_en(tile: Tile, d: Deal) -> str:
    if d.substitutes and tile == d.wild:
        return f"白 (as {CODES[tile]})"
    return _ENGLISH[tile]


def _name_zh(tile: Tile, d: Deal) -> str:
    if d.substitutes and tile == d.wild:
        return f"白（當{_CHINESE[tile]}）"
    return _CHINESE[tile]


def _names(tiles: list[Tile], d: Deal) -> tuple[str, str]:
    return ("、".join(_name_zh(t, d) for t in tiles), ", ".join(_name_en(t, d) for t in tiles))


def _off_params(off: list[Tile], main: int, d: Deal) -> dict[str, Any]:
    """The params of a one-suit near miss: the tiles off the suit, and the face a 白
    among them stands for (``white_as``, else None)."""
    return {"count": len(off), "suit": _SUIT_LETTERS[main], "tiles": [CODES[t] for t in off],
            "white_as": CODES[d.wild] if d.substitutes and d.wild in off else None}


def _count_en(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _group_code(faces: Sequence[Tile]) -> str:
    """A set as players write it: 789s, 555p, 1111z (its faces' digits, then the suit)."""
    return "".join(CODES[f][0] for f in faces) + CODES[faces[0]][1]


# --- one suit: 清一色 / 混一色 (Honghe, Jinhua) ---

_SUIT_LETTERS = "mps"


def _main_suit(tally: tuple[int, int, int, int]) -> int | None:
    """The suit (0-2) holding the most natural tiles, the later one on a tie; None if the
    hand holds no suited tile."""
    m, p, s = tally[0], tally[1], tally[2]
    if s and s >= m and s >= p:
        return 2
    if p and p >= m:
        return 1
    return 0 if m else None


def _near_one_suit(r: Reading, d: Deal) -> Reason | None:
    tally = d.suit_counts
    main = _main_suit(tally)
    if main is None or not 1 <= sum(tally) - tally[main] <= 2:
        return None
    off, zh, en, word = _outside(r, d, main, honours_fit=False)
    return (f"{{name}}：有{len(off)}張不是{word}子（{zh}）",
            f"{{name}}: {_count_en(len(off), 'tile')} outside {word} ({en})",
            "near_one_suit", _off_params(off, main, d))


def _near_one_suit_and_honours(r: Reading, d: Deal) -> Reason | None:
    tally = d.suit_counts
    main = _main_suit(tally)
    if main is None or not tally[3] or not 1 <= sum(tally) - tally[3] - tally[main] <= 2:
        return None
    off, zh, en, word = _outside(r, d, main, honours_fit=True)
    return (f"{{name}}：有{len(off)}張既不是{word}子也不是字牌（{zh}）",
            f"{{name}}: {_count_en(len(off), 'tile')} neither {word} nor honours ({en})",
            "near_one_suit_and_honours", _off_params(off, main, d))


def _outside(r: Reading, d: Deal, main: int, *,
             honours_fit: bool) -> tuple[list[Tile], str, str, str]:
    """The reading's natural tiles outside the main suit (honours fitting or not), their
    names in Chinese and English, and the main suit's word."""
    off = sorted(f for f in _natural_faces(r)
                 if f // 9 != main and not (honours_fit and f >= 27))  # honours: 27 // 9 == 3
    zh, en = _names(off, d)
    return off, zh, en, SUIT_NAMES[_SUIT_LETTERS[main]]




# --- a lone wild: 暴頭 / 爆頭 / 任意胡 / 七對子爆頭 ---

def _not_self_drawn(d: Deal) -> Reason:
    if d.win_type == "rob_kong":
        return ("搶槓和牌；{name}須自摸", "won by robbing a kong; {name} needs a self-draw",
                "near_needs_self_draw", {"win_type": "rob_kong"})
    return ("點炮和牌；{name}須自摸", "won on a discard; {name} needs a self-draw",
            "near_needs_self_draw", {"win_type": "discard"})


def _near_lone_wild(r: Reading, d: Deal) -> Reason | None:
    """The 13 tiles stood as four sets and a lone wild (standard shape)."""
    if d.wild not in d.hand or not sets_with_one_wild_left(d, d.hand):
        return None
    if d.win_type != "self_draw":
        return _not_self_drawn(d)
    return ("此讀法的將不是單獨的{wild}加摸到的牌；{name}須以它們成將",
            "this reading's pair is not the lone {wild} and the drawn tile; {name} needs "
            "that pair", "near_lone_wild_pair", {})


def _near_seven_pairs_lone_wild(r: Reading, d: Deal) -> Reason | None:
    """The 13 tiles stood as six pairs and a lone wild."""
    if d.melds:
        return None
    # the hand's counts are the deal's 14 concealed tiles less the winning tile
    jokers = d.wild_count
    naturals = d.naturals  # no face more than four times: the deal is valid
    odd = naturals.count(1) + naturals.count(3)
    if d.win_tile == d.wild:
        jokers -= 1
    else:
        odd += -1 if naturals[d.face(d.win_tile)] % 2 else 1
    if not jokers:
        return None
    spare = jokers - 1 - odd
    if spare < 0 or spare % 2:
        return None
    if d.win_type != "self_draw":
        return _not_self_drawn(d)
    return None




# --- four claimed melds: 全求人 (Jinhua) ---

def _near_all_claimed(r: Reading, d: Deal) -> Reason | None:
    if r.shape != STANDARD or len(d.melds) != 4:
        return None
    concealed = [m for m in d.melds if not m.exposed]
    if concealed:
        code = _group_code([d.face(t) for t in concealed[0].tiles])
        return (f"有暗槓（{code}）；{{name}}要四組全部亮出",
                f"a concealed kong ({code}) among the melds; {{name}} needs all four exposed",
                "near_all_claimed_concealed_kong", {"kong": code})
    if d.hand[0] == d.wild:
        return ("手裡剩的一張是{wild}；{name}要它不是{wild}",
                "the lone tile in hand is a {wild}; {name} needs it not to be",
                "near_all_claimed_lone_wild", {})
    if d.win_type == "self_draw":
        return ("自摸只算平胡；{name}須和別人打出的牌",
                "self-drawn: only 平胡; {name} needs a win on another player's tile",
                "near_all_claimed_self_drawn", {})
    return None




# --- triplets: 碰碰胡 (Jinhua) / 四老頭 (Honghe) ---

def one_chow_away(r: Reading, d: Deal) -> Reason | None:
    """All sets pungs but one chow (a region may add its own terms: ``Pattern.near``)."""
    if r.shape != STANDARD:
        return None
    chows = [g for g in r.sets if g.kind == "chow"]
    if len(chows) != 1:
        return None
    code = _group_code(chows[0].faces)
    return (f"{{name}}：差一組，{code}是順子", f"{{name}}: one chow away ({code})",
            "near_one_chow_away", {"chow": code})


def _near_honour_triplets(r: Reading, d: Deal) -> Reason | None:
    if r.shape != STANDARD or r.honour_triplets != 3:
        return None
    other = next(g for g in r.sets if g.kind == "chow" or not is_honour(g.face))
    code = _group_code(other.faces)
    return (f"{{name}}：只有三組字牌刻子，另一組是{code}",
            f"{{name}}: three honour pungs, the fourth set is {code}",
            "near_honour_triplets", {"set": code})




# --- seven pairs: 清七對, 豪華七對 and up ---

def _near_pairs_without_wild(r: Reading, d: Deal) -> Reason | None:
    if r.shape != SEVEN_PAIRS or not d.wild_count:
        return None
    return (f"{{name}}：手裡有{d.wild_count}張{{wild}}（{tile_chinese(d.wild)}），只算七對子",
            f"{{name}}: the hand holds {d.wild_count} {{wild}} ({CODES[d.wild]}), so only 七對子",
            "near_pairs_with_wild", {"count": d.wild_count, "wild": CODES[d.wild]})


def _near_quads(quads: int) -> Near:
    def near(r: Reading, d: Deal) -> Reason | None:
        if r.shape != SEVEN_PAIRS or r.quads != quads - 1:
            return None
        if quads == 1:
            return ("{name}：對子裡沒有四張一樣的牌",
                    "{name}: no four identical tiles among the pairs", "near_no_quads", {})
        return (f"{{name}}：只有{quads - 1}組四張一樣的牌",
                f"{{name}}: only {_count_en(quads - 1, 'set')} of four identical tiles",
                "near_fewer_quads", {"quads": quads - 1})
    return near




# --- wilds and kongs ---

def _near_three_wilds(r: Reading, d: Deal) -> Reason | None:
    if d.wild_count != 2:
        return None
    return ("{name}：只有兩張{wild}，要三張", "{name}: only 2 {wild}, 3 needed",
            "near_two_wilds", {"count": 2, "needed": 3})


def _near_after_kong(r: Reading, d: Deal) -> Reason | None:
    if not d.melds or d.context.after_kong or d.win_type != "self_draw":
        return None
    for meld in reversed(d.melds):  # the last kong
        if meld.is_kong:
            break
    else:
        return None
    code = _group_code((d.face(meld.tiles[0]),) * 4)  # a kong: four tiles of one face
    return (f"手上有槓（{code}）；和的牌若是槓後補進的，請勾選 after_kong",
            f"the hand has a kong ({code}); set after_kong if the winning tile was the "
            "kong's replacement", "near_after_kong", {"kong": code})



# The shared near checks, each named by the patterns it serves (``Pattern.near``).
lone_wild = _near_lone_wild  # 暴頭 / 爆頭 / 任意胡
seven_pairs_lone_wild = _near_seven_pairs_lone_wild  # 七對子爆頭
all_claimed = _near_all_claimed  # 全求人
one_suit = _near_one_suit  # 清一色
one_suit_and_honours = _near_one_suit_and_honours  # 混一色
honour_triplets = _near_honour_triplets  # 四老頭
pairs_without_wild = _near_pairs_without_wild  # 清七對
quads = {n: _near_quads(n) for n in (1, 2, 3)}  # 豪華七對, 兩豪華, 三豪華
three_wilds = _near_three_wilds  # 三百搭
after_kong = _near_after_kong  # 槓上開花 / 槓開

# Most relevant first: what the player did (the win) before what the tiles are. A
# region's own near check comes after these, in the order of its patterns.
RELEVANCE: tuple[Near, ...] = (
    lone_wild, seven_pairs_lone_wild, all_claimed, one_suit, one_suit_and_honours,
    honour_triplets, pairs_without_wild, *quads.values(), three_wilds,
    after_kong)


class Limits(NamedTuple):
    """When a near check can say anything at all, in facts read once per hand (``_facts``).
    Outside them the check returns None whatever the hand, so a hand is put only to the
    checks that may answer (as with the pattern tables); tests/engine/test_near_misses.py holds
    every check to its limits."""

    shapes: frozenset[str] | None = None  # the reading shapes it answers for; None: any
    wilds: range | None = None  # wild tiles the hand may hold; None: any number
    melds: range | None = None  # melds the hand may have; None: any number
    few_off_suit: bool = False  # at most two suited tiles outside the main suit
    many_honours: bool = False  # nine honour tiles or more, wilds counted as honours


_ANY_WILD = _ANY_MELD = range(1, 5)  # one to four

NEAR_LIMITS: dict[Near, Limits] = {
    _near_lone_wild: Limits(wilds=_ANY_WILD),  # the wild must be in the hand
    _near_seven_pairs_lone_wild: Limits(wilds=_ANY_WILD, melds=range(1)),
    _near_one_suit: Limits(few_off_suit=True),
    _near_one_suit_and_honours: Limits(few_off_suit=True),
    _near_all_claimed: Limits(shapes=frozenset({STANDARD}), melds=range(4, 5)),
    one_chow_away: Limits(shapes=frozenset({STANDARD})),
    _near_honour_triplets: Limits(shapes=frozenset({STANDARD}), many_honours=True),
    _near_pairs_without_wild: Limits(shapes=frozenset({SEVEN_PAIRS}), wilds=_ANY_WILD),
    _near_three_wilds: Limits(wilds=range(2, 3)),
    _near_after_kong: Limits(melds=_ANY_MELD),
    **{near: Limits(shapes=frozenset({SEVEN_PAIRS})) for near in quads.values()},
}

Facts = tuple[str, str, int, int, bool, bool]


def _facts(region: Region, r: Reading, d: Deal) -> Facts:
    """What ``Limits`` read, after the region's key (together they key ``_CHECKS``): the
    reading's shape, the wilds held, the melds, whether at most two suited tiles lie
    outside the main suit, and whether nine tiles or more are honours or wilds (three
    honour pungs need that many). A few reads and sums: most hands then meet no check."""
    m, p, s, honours = d.suit_counts
    most = max(m, p, s)
    wilds = d.wild_count
    return (region.key, r.shape, wilds, len(d.melds), m + p + s - most <= 2,
            honours + wilds >= 9)


# A region's near check (``_region_checks``): key, pattern name, near check, the keys that
# rule it out, the words its reasons name.
_Check = tuple[str, str, Near, frozenset[str], dict[str, str]]


class NearMissEntry(TypedDict):
    """A near miss as a response lists it (``near_misses``)."""

    key: str
    name: str
    reason_zh: str
    reason_en: str
    code: str
    params: dict[str, Any]


def _may_answer(near: Near, facts: Facts) -> bool:
    shapes, wilds, melds, few_off_suit, many_honours = NEAR_LIMITS.get(near, Limits())
    _, shape, wild_count, meld_count, off_suit_fact, honours_fact = facts
    return ((shapes is None or shape in shapes)
            and (wilds is None or wild_count in wilds)
            and (melds is None or meld_count in melds)
            and (off_suit_fact or not few_off_suit)
            and (honours_fact or not many_honours))


def _region_checks(region: Region) -> list[_Check]:
    """The region's near checks, one for each pattern that names one (``Pattern.near``),
    most relevant first (``RELEVANCE``): (key, pattern name, near check, the keys whose
    counting rules the pattern out: itself and the patterns that replace it, the words
    its reasons name)."""
    named = [(p, p.near) for p in region.patterns if p.near is not None]
    named.sort(key=lambda pair: _relevance(pair[1]))
    wild = region.wild_name
    return [(p.key, p.name, near,
             frozenset({p.key}) | {q.key for q in region.patterns if p.key in q.excludes},
             {"name": p.name, "wild": wild})
            for p, near in named]


def _relevance(near: Near) -> int:
    return RELEVANCE.index(near) if near in RELEVANCE else len(RELEVANCE)


# The region's checks that may answer, by the facts (``_facts``, the region's key among
# them), worked out on first use: worked out for every hand, they made bench/bench.py's
# hands without wilds take 1.6 times as long. There are a few hundred facts at most.
_CHECKS: dict[Facts, tuple[_Check, ...]] = {}


def near_misses(reading: Reading, deal: Deal, region: Region,
                counted_keys: set[str] | frozenset[str]) -> list[NearMissEntry]:
    """The region's patterns that did not count for ``reading`` but were one step away,
    most relevant first: ``{"key", "name", "reason_zh", "reason_en", "code", "params"}``
    each. A pattern
    that counted, or that a counted one replaces, is never listed."""
    facts = _facts(region, reading, deal)
    checks = _CHECKS.get(facts)
    if checks is None:
        checks = tuple(c for c in _region_checks(region) if _may_answer(c[2], facts))
        _CHECKS[facts] = checks
    found: list[NearMissEntry] = []
    for key, name, near, ruled_out_by, words in checks:
        if not ruled_out_by.isdisjoint(counted_keys):
            continue
        reason = near(reading, deal)
        if reason is None:
            continue
        zh, en, code, params = reason
        found.append({"key": key, "name": name, "reason_zh": zh.format_map(words),
                      "reason_en": en.format_map(words), "code": code, "params": params})
        if len(found) == MAX_NEAR_MISSES:
            break
    return found


__all__ = ["RELEVANCE", "near_misses"]
