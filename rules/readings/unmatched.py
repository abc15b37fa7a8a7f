"""Not a win: the fewest concealed tiles that fit no set or pair, for the answer to a
hand that does not win."""

from __future__ import annotations

from functools import lru_cache

from ..deal import Deal
from ..tiles import ALL_TILES, Tile
from .groups import BLOCKS, lowest, number_suit_or_honours, take
from .openings import NOT_HERE, groups_opened_by

# For each (wilds used, pairs made): the fewest tiles left out, as faces or places.
_Left = dict[tuple[int, int], tuple[int, ...]]


def closest_unmatched(deal: Deal) -> list[Tile]:
    """The fewest concealed tiles that fit no set or pair, over the standard and the
    seven-pairs shapes; wilds fill gaps within the hand's budget of wilds."""
    naturals, jokers = deal.naturals, deal.wild_count
    states: _Left = {(0, 0): ()}
    for first, size in BLOCKS:
        block = naturals[first:first + size]
        if any(block):
            states = _joined(states, first, unmatched_in_block(block, number_suit_or_honours(first),
                                                       jokers, 1), jokers)
    fewest = min(states.values(), key=len)
    best = list(fewest)
    if not deal.melds:
        lonely = [t for t in ALL_TILES if naturals[t] % 2][jokers:]  # seven pairs
        if len(lonely) < len(best):
            best = lonely
    return best


def _joined(states: _Left, first: int, block_states: _Left, jokers: int) -> _Left:
    """The suits so far (``states``, faces) and the next block's (places from face
    ``first``), within ``jokers`` wilds and one pair."""
    merged: _Left = {}
    for (used, pairs), left in states.items():
        for (wilds, pair), more in block_states.items():
            key = (used + wilds, pairs + pair)
            if key[0] <= jokers and key[1] <= 1:
                _keep(merged, key, left + tuple(first + place for place in more))
    return merged


def _keep(found: _Left, key: tuple[int, int], left: tuple[int, ...]) -> None:
    if key not in found or len(left) < len(found[key]):
        found[key] = left


@lru_cache(maxsize=1 << 14)
def unmatched_in_block(block: bytes, first: int, jokers: int, pair: int) -> _Left:
    """For each (wilds used, pairs made): the fewest tiles of one suit block left out of
    sets and a pair, as places in the block. ``first`` is 0 for every number suit (the
    answer is in places), HONOURS for the honours. The memo of the search: each
    remainder of a block is searched once (its answer is shared, never changed)."""
    low = lowest(block)
    if low is None:
        return {(0, 0): ()}
    found: _Left = {}
    # the lowest tile left out, or in a group that opens with it
    for key, left in unmatched_in_block(take(block, (low,)), first, jokers, pair).items():
        _keep(found, key, (low, *left))
    for opened in groups_opened_by(block, low, first, min(jokers, 2), pair, NOT_HERE):
        for (wilds, pairs), left in unmatched_in_block(take(block, opened.taken), first,
                                               jokers - opened.wilds,
                                               pair - opened.made_pair).items():
            _keep(found, (wilds + opened.wilds, pairs + opened.made_pair), left)
    return found
