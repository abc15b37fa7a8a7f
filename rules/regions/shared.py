"""What several regions' patterns have alike, written once: the kinds of pattern whose
check decides what it needs (``circumstance``, ``on_lone_wild``), and the patterns the
regions word alike (a region's module lists them among its own with its own value,
source line and what they replace there; a region that words a pattern its own way
writes the whole Pattern itself)."""

from functools import partial
from typing import TypedDict

from .. import checks as c
from .. import near_misses as nm
from ..region import Pattern

# A pattern of how or when the hand was won (the request's context: the form's
# circumstances), never of its tiles: checked once a hand, and only with a context.
circumstance = partial(Pattern, per_hand=True, needs_context=True)

# A win on a lone wild (爆頭, 暴頭, 任意胡 and what builds on them): the drawn tile pairs a
# wild that stood alone, so it needs a wild, is self-drawn, and its check reads which of
# the pair's tiles are wilds.
on_lone_wild = partial(Pattern, needs_wild=True, self_draw_only=True, reads_pair_wilds=True)


class _Words(TypedDict):
    key: str
    name: str
    english: str
    rule_zh: str
    rule_en: str


# By how many fours of a kind serve as two pairs each (the same words in Hangzhou and Jinhua).
_FOURS: dict[int, _Words] = {
    1: {"key": "hao_hua_qi_dui", "name": "豪華七對", "english": "seven pairs with four of a kind",
        "rule_zh": "七對裡有四張一樣的牌當兩對用；七對類只算最高的一個。",
        "rule_en": "Seven pairs in which four identical tiles serve as two pairs; only the "
                   "highest seven-pairs pattern counts."},
    2: {"key": "shuang_hao_hua_qi_dui", "name": "兩豪華七對",
        "english": "seven pairs with two fours of a kind",
        "rule_zh": "七對裡有兩組四張一樣的牌。",
        "rule_en": "Seven pairs with two sets of four identical tiles."},
    3: {"key": "san_hao_hua_qi_dui", "name": "三豪華七對",
        "english": "seven pairs with three fours of a kind",
        "rule_zh": "七對裡有三組四張一樣的牌。",
        "rule_en": "Seven pairs with three sets of four identical tiles."},
}


def seven_pairs_with_fours(fours: int, *, value: int, source: str,
                           excludes: frozenset[str]) -> Pattern:
    """豪華七對 (``fours`` 1), 兩豪華七對 (2), 三豪華七對 (3): seven pairs in which
    ``fours`` sets of four identical tiles serve as two pairs each."""
    return Pattern(**_FOURS[fours], value=value, source=source, check=c.quads(fours),
                   near=nm.quads[fours], shapes=c.SEVEN_PAIRS_ONLY, excludes=excludes)


def kong_replacement_win(*, value: int, source: str) -> Pattern:
    """槓上開花 as Honghe and Jinhua word it (Hangzhou's 槓開 has words of its own)."""
    return circumstance(key="gang_shang_kai_hua", near=nm.after_kong,
                        name="槓上開花", english="win on a kong replacement",
                        value=value, source=source, check=c.after_kong,
                        rule_zh="開槓後補進的那張牌正好和牌。",
                        rule_en="Won with the replacement tile drawn after one's own kong.")
