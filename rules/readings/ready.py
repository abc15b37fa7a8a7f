"""Whether the 13 tiles before the win stood ready on a lone wild: four sets and a lone
wild (暴頭-ready, hangzhou.txt:136), or six pairs and a lone wild (七對子爆頭). Only
whether such a split exists matters, not its readings."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..deal import Deal
from ..tiles import Tile
from .groups import BLOCKS, lowest, number_suit_or_honours, take
from .openings import NOT_HERE, groups_opened_by
from .reading import count_tiles


def sets_with_one_wild_left(deal: Deal, tiles: Sequence[Tile]) -> bool:
    """Whether 13 tiles are complete sets plus one lone wild.

    Each suit's cuts take its tiles and the wilds they use into sets; the tiles and the
    wilds but one number 3k, so whatever the suits leave of the wilds is 3k too and
    makes sets on its own. So a split exists when the fewest wilds each suit needs leave
    a wild or more to spare."""
    naturals, jokers = count_tiles(deal, tiles)
    if not jokers or len(tiles) % 3 != 1:
        return False
    needed = sum(fewest_wilds(naturals[first:first + size], number_suit_or_honours(first))
                 for first, size in BLOCKS if any(naturals[first:first + size]))
    return needed <= jokers - 1


@lru_cache(maxsize=1 << 13)
def fewest_wilds(block: bytes, first: int) -> int:
    """The fewest wilds that make every tile of one suit block into sets, no pair (two
    wilds make a pung of any tile, so there is always a number). ``first`` is 0 for every
    number suit, HONOURS for the honours. The memo of the search: each remainder of a
    block is searched once."""
    low = lowest(block)
    if low is None:
        return 0
    return min(opened.wilds + fewest_wilds(take(block, opened.taken), first)
               for opened in groups_opened_by(block, low, first, 2, 0, NOT_HERE))


def six_pairs_and_a_lone_wild(deal: Deal) -> bool:
    """Whether the 13 tiles before the win are six pairs and a lone wild: no melds, and
    the faces held an odd number of times (each wants a wild) leave a wild over."""
    if deal.melds:
        return False
    naturals, jokers = count_tiles(deal, deal.hand)
    if max(naturals) > 4:
        return False
    odd = sum(n % 2 for n in naturals)
    return jokers >= 1 and odd <= jokers - 1
