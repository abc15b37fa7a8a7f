"""Readings: every way the 14 tiles make a winning shape, each wild given a face.

``readings(deal, shapes, pair_wilds=...)`` lists the readings of a hand in its region's
shapes (RULEBOOK §1, §4), each a ``Reading`` (``reading``) whose ``facts`` are all a
pattern check may read of it. The shapes, a module each: the standard shape, four sets
and a pair, read from the table of runs without wilds (``plain``) and searched with
them (``standard``); seven pairs (``seven_pairs``); Jinhua's 十三不靠/七風 and 亂風
(``lonely``). The questions about a hand that need no readings: whether it stood ready
on a lone wild (``ready``), and what is left over when it does not win
(``unmatched``).

Tiles are counted one way throughout: bytes, one count per face (``Deal.naturals``), a
suit's block a slice of them. tests/engine/test_reference.py compares every score with
an exhaustive reference; tests/engine/test_pattern_tables.py runs every check on every
reading.
"""

from __future__ import annotations

from ..deal import Deal
from ..tiles import WHITE
from .groups import meld_group
from .lonely import all_honours, thirteen_lonely
from .openings import opening_groups
from .plain import standard_without_wilds
from .reading import (
    ALL_HONOURS,
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_LONELY,
    Group,
    Reading,
    count_tiles,
    facts,
    wild_pair_with_win,
)
from .ready import fewest_wilds, sets_with_one_wild_left, six_pairs_and_a_lone_wild
from .seven_pairs import may_be_seven_pairs, seven_pairs_readings
from .standard import cut_block, keyed_cuts, standard_with_wilds
from .unmatched import closest_unmatched, unmatched_in_block

__all__ = [
    "ALL_HONOURS", "SEVEN_PAIRS", "STANDARD", "THIRTEEN_LONELY", "Group", "Reading",
    "clear_reading_caches", "closest_unmatched", "count_tiles", "facts", "readings",
    "sets_with_one_wild_left", "six_pairs_and_a_lone_wild", "wild_pair_with_win",
]


def readings(deal: Deal, shapes: tuple[str, ...], *, pair_wilds: bool = True) -> list[Reading]:
    """Every reading of the deal's tiles in the region's ``shapes``. ``pair_wilds``: a
    pattern that may hold reads which of the pair's tiles are wilds, so the pair takes
    every mix of naturals and wilds the tiles allow; without it each reading keeps the
    pair the search cut."""
    naturals, jokers = deal.naturals, deal.wild_count
    melds: tuple[Group, ...] = ()
    if deal.melds:
        as_white = deal.wild if deal.substitutes else WHITE
        melds = tuple(meld_group(m.kind, m.tiles, as_white) for m in deal.melds)
    found: list[Reading] = []
    if STANDARD in shapes and jokers:
        found += standard_with_wilds(deal, naturals, jokers, melds, pair_wilds)
    elif STANDARD in shapes:
        found += standard_without_wilds(naturals, melds)
    if SEVEN_PAIRS in shapes and not melds and may_be_seven_pairs(naturals, jokers):
        found += seven_pairs_readings(deal, naturals, jokers)
    if THIRTEEN_LONELY in shapes and not melds:
        found += thirteen_lonely(deal, naturals, jokers)
    if ALL_HONOURS in shapes:
        found += all_honours(deal, naturals, jokers, melds)
    return found


def clear_reading_caches() -> None:
    """Forget every cached cut of a hand's tiles (for honest cold-cache benchmarks); the
    table of runs stays, with the cuts read from it (``plain.run_cuts_at``), as a part
    of the engine rather than of the hands it has seen."""
    for cached in (cut_block, keyed_cuts, opening_groups,
                   fewest_wilds, unmatched_in_block):
        cached.cache_clear()
